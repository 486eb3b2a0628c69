"""Full-text terms: the words of a message and of code, compared as BM25 compares them.

A code identifier is split into its parts on case, digits and underscores
(`parseHTTPDuration2` → parse, http, duration), each part lower-cased and given
a light plural stem (durations → duration), parts shorter than MIN_PART_CHARS
dropped; an identifier of several parts also counts whole (`=parse_duration`),
since an exact name says more than its parts. A message's terms are the same
tokens of every word it holds, stopwords out, each weighted by how often the
message repeats it. Every scan back end (ripgrep's output, contents in memory)
turns what it matched into tokens with `fragment_tokens`, so a cold scan and a
warm one count the same occurrences.
"""

from __future__ import annotations

import functools
import math
from collections import Counter
from typing import NamedTuple

from ..lazyre import compile_static
from .markup import without_links

__all__ = [
    "QueryTerm",
    "query_terms",
    "identifier_tokens",
    "identifier_parts",
    "fragment_tokens",
    "stem",
    "spellings",
    "bases",
    "WHOLE",
    "MIN_PART_CHARS",
]

#: Parts shorter than this are not terms (`x`, `id`: they match everything).
MIN_PART_CHARS = 3
#: The prefix that marks a whole multi-part identifier among the tokens.
WHOLE = "="

_IDENTIFIER = compile_static(r"[A-Za-z0-9_]+")
# Case parts: an upper-case run before a capitalized word (HTTP in HTTPServer), a capitalized
# or lower-case word, an upper-case run. Digits and underscores separate parts.
_PART = compile_static(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+")

#: Words that say nothing about where code is: English function words, the vocabulary of
#: issue reports, and the keywords and builtins most languages share.
STOPWORDS = frozenset(
    """
    the and for with that this from have has are was were not but can when what which would should
    could there their then than into your you our out use used using also just like will does did
    been being get got set add all any some one two via per its who how why where more most only other
    such very may might must need each both same make made see seem issue bug error problem expect
    behavior behaviour actual current case work instead follow example code file line run call return
    true false none null nil value thing way because while after before about above below version here
    now still even think know want try please thank description step reproduce output input result
    support default these those them they his her him she yes let well much many able since
    again once really actually already currently something anything everything nothing someone
    however within without under over between through during against among around across along
    upon onto toward towards whether either neither though although unless until whereas whose whom
    certain another every few several less least own other others same such too quite rather
    almost always never often sometimes usually also else ever yet soon later last first next
    new old good bad best better big small large long short high low right left wrong correct
    correctly incorrectly simply easily properly exactly probably possibly maybe perhaps likely
    seems seemed looks look looked find found give given gave take taken took come came go goes
    going gone put say said says tell told show shown showed ask asked keep kept leave left
    change changed changes happen happens happened cause caused causes mean means meant
    note notes noted fine fix fixed fixes fixing call called calls help helps helped start started
    stop stopped end ended open opened close closed able unable allow allowed allows
    instead rather also just only even still yet already again any anyone anybody everyone
    thanks thank hello hi regards cheers sure okay ok yes no not
    doesn didn isn wasn aren won wouldn shouldn couldn haven hasn hadn weren
    thus hence therefore etc describe described expected screenshot
    self def import class var const function public private protected static void int string print
    new elif else end begin type object list dict str bool float char long byte auto
    http https www com org github html
    """.split()
)


#: Plurals no ending rule gives, of nouns code names things by (a tree's `children`, an array's
#: `indices`, a graph's `vertices`): each meets its singular as `durations` meets `duration`.
IRREGULAR_PLURALS = {
    "children": "child",
    "criteria": "criterion",
    "indices": "index",
    "matrices": "matrix",
    "vertices": "vertex",
}
_PLURALS_OF = {singular: plural for plural, singular in IRREGULAR_PLURALS.items()}


def stem(word: str) -> str:
    """A light plural stem, so `durations` meets `duration`, `queries` `query`, `indices` `index`."""
    if word in IRREGULAR_PLURALS:
        return IRREGULAR_PLURALS[word]
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def spellings(term: str) -> tuple[str, ...]:
    """The lower-case words `stem` maps onto `term` (duration → duration, durations), longest first."""
    if term.startswith(WHOLE):
        return (term[len(WHOLE) :],)
    out = {term, term + "s", term + "es"}
    if term.endswith("y"):
        out.add(term[:-1] + "ies")
    if term in _PLURALS_OF:
        out.add(_PLURALS_OF[term])
    return tuple(sorted((w for w in out if stem(w) == term), key=lambda w: (-len(w), w)))


#: Endings a word may add to the word a name spells (caching, cached, cacher: cache).
_ENDINGS = ("ing", "ed", "er")
#: A base shorter than this names nothing (used → us, boxed → box): too many words share it.
MIN_BASE_CHARS = 4


def bases(word: str) -> tuple[str, ...]:
    """The words `word` ends on by one of _ENDINGS, with and without a final `e` (autoreloading:
    autoreload, autoreloade); none for another word."""
    for ending in _ENDINGS:
        if word.endswith(ending) and len(base := word[: -len(ending)]) >= MIN_BASE_CHARS:
            return (base, base + "e")
    return ()


def identifier_parts(identifier: str) -> list[str]:
    """One identifier's parts, lower-cased, before any stem or length rule (`identifier_tokens`)."""
    return [p.lower() for p in _PART.findall(identifier)]


@functools.lru_cache(maxsize=1 << 16)
def identifier_tokens(identifier: str) -> tuple[str, ...]:
    """The tokens of one identifier: its stemmed parts, then the whole when it has several parts."""
    parts = identifier_parts(identifier)
    tokens = [stem(p) for p in parts if len(p) >= MIN_PART_CHARS]
    if len(parts) > 1:
        tokens.append(WHOLE + identifier.lower())
    return tuple(tokens)


def fragment_tokens(fragment: str) -> tuple[str, ...]:
    """The tokens of the identifiers in a matched fragment (a match with one character of context
    on each side): context characters that continue an identifier make its first or last part a
    different word, exactly as they would in the whole line."""
    out: list[str] = []
    for identifier in _IDENTIFIER.findall(fragment):
        out.extend(identifier_tokens(identifier))
    return tuple(out)


class QueryTerm(NamedTuple):
    """One term of the message: the token, and its weight 1 + ln(times the message holds it)."""

    token: str
    weight: float

    @property
    def whole(self) -> bool:
        return self.token.startswith(WHOLE)


def query_terms(text: str) -> list[QueryTerm]:
    """The message's terms (links left out), most repeated first, then in order of first appearance."""
    counts: Counter[str] = Counter()
    first: dict[str, int] = {}
    for identifier in _IDENTIFIER.findall(without_links(text)):
        for token in identifier_tokens(identifier):
            if token.lstrip(WHOLE) in STOPWORDS:
                continue
            counts[token] += 1
            first.setdefault(token, len(first))
    ordered = sorted(counts, key=lambda t: (-counts[t], first[t]))
    return [QueryTerm(t, 1.0 + math.log(counts[t])) for t in ordered]
