"""What a scan answers: needles in, per-needle hits out, whichever back end ran it.

A needle is a whole-word identifier, a whole word in any case, or a literal
string; a hit is one matching line. Both back ends classify a matching line
with the same `classifier` and record it with the same `record`, so they give
the same answer for the same files.

A term needle (`term=True`) asks for something else: every occurrence of a
full-text term (seeds.terms) as an identifier part, in any case, counted per
line. Both back ends find them with the same regular expression (`TermMatcher`:
the term's spellings with one character of context each side) and turn each
match into tokens with the same `fragment_tokens`, so a cold scan and a warm one
count the same occurrences.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Callable, Iterable, Protocol, Sequence

from ..seeds.terms import fragment_tokens, spellings
from ..checkout.budgets import Budgets, reach
from ..checkout.tree import Tree
from ..errors import BoundedCodeError

__all__ = [
    "ScanError",
    "Needle",
    "Hit",
    "ScanResult",
    "Scanner",
    "MAX_LINE_CHARS",
    "TermMatcher",
    "classifier",
    "record",
    "term_line_cap",
    "TERM_LINES_FACTOR",
]

#: Longest line kept from a match; longer lines are cut (minified code, data).
MAX_LINE_CHARS = 400


class ScanError(BoundedCodeError):
    """The scanner could not run the search (a bug, not a user mistake)."""


@dataclass(frozen=True)
class Needle:
    """What a strategy asks the scan for: a whole word, a whole word in any case, or a literal."""

    text: str
    word: bool  # True: a whole-word identifier; False: a literal, case-sensitive string
    fold: bool = False  # a whole word in any case (a prose word, lower-case text)
    term: bool = False  # a full-text term (seeds.terms token): its occurrences as identifier parts


@dataclass(frozen=True)
class Hit:
    """One matching line: its 1-based number and its text (cut at MAX_LINE_CHARS)."""

    line: int
    text: str


@dataclass
class ScanResult:
    """Every needle's hits per file, in path and line order, and the bounds the scan kept to."""

    # needle -> path -> hits (in line order, at most the per-string-and-file budget)
    hits: dict[Needle, dict[str, list[Hit]]] = field(default_factory=dict)
    # term token -> path -> its occurrences there (ripgrep's per-file line cap applies)
    terms: dict[str, dict[str, int]] = field(default_factory=dict)
    #: Per file, the raw matches a back end kept for `term_lines` (ripgrep's output block, or
    #: the lines already counted in process): read only for the few files a strategy asks about.
    term_sources: dict[str, bytes | dict[str, list[int]]] = field(default_factory=dict)
    term_matcher: TermMatcher | None = None
    bounds_reached: list[str] = field(default_factory=list)  # names of Budgets fields
    notes: list[str] = field(default_factory=list)  # what else the caller should know (a fallback)
    files_scanned: int = 0
    bytes_scanned: int = 0

    def files_with(self, needle: Needle) -> dict[str, list[Hit]]:
        return self.hits.get(needle, {})

    def term_lines(self, path: str) -> dict[str, list[int]]:
        """The line of each term occurrence in one file (a line twice when it holds a term twice)."""
        source = self.term_sources.get(path)
        if source is None or self.term_matcher is None:
            return {}
        if isinstance(source, dict):
            return source
        lines: dict[str, list[int]] = {}
        for num, fragment in _RECORD.findall(source):
            for token in self.term_matcher.count(fragment.decode("utf-8", "replace").rstrip("\r")):
                lines.setdefault(token, []).append(int(num))
        self.term_sources[path] = lines
        return lines


#: One record of ripgrep's `-o --heading` output within a file's block: `line:match`.
_RECORD = re.compile(rb"^(\d+):(.*)$", re.M)


class Scanner(Protocol):
    """A back end of the scan (ripgrep, in process, or a test's): the seam `scanner=` injects."""

    def scan(
        self, tree: Tree, paths: Sequence[str], needles: Sequence[Needle], budgets: Budgets, deadline: float
    ) -> ScanResult: ...


def classifier(needles: Sequence[Needle]) -> Callable[[str], list[Needle]]:
    """Which needles occur in one line: one alternation for the words, a test per literal.

    Words are found by one compiled alternation and a dict lookup of what matched,
    not by a regex per needle: a scan can return tens of thousands of lines.
    """
    words = {n.text: n for n in needles if n.word and not n.fold and not n.term}
    folded = {n.text: n for n in needles if n.fold and not n.term}
    literals = [n for n in needles if not n.word and not n.fold and not n.term]

    def alternation(texts, flags=0):
        # Longest first, so a word never loses to a shorter word it starts with.
        body = "|".join(re.escape(w) for w in sorted(texts, key=lambda w: (-len(w), w)))
        return re.compile(rf"(?<![\w$])(?:{body})(?![\w$])", flags) if texts else None

    word_rx, fold_rx = alternation(words), alternation(folded, re.I)

    def classify(line: str) -> list[Needle]:
        found = [words[m] for m in dict.fromkeys(word_rx.findall(line))] if word_rx else []
        if fold_rx:
            found += [folded[m] for m in dict.fromkeys(m.lower() for m in fold_rx.findall(line))]
        found += [n for n in literals if n.text in line]
        return found

    return classify


def record(
    result: ScanResult,
    needles_in_line: Iterable[Needle],
    path: str,
    line_no: int,
    text: str,
    budgets: Budgets,
) -> None:
    """One matching line into the result, within the occurrences budget per string and file."""
    hit = None
    for n in needles_in_line:
        files = result.hits.get(n)
        if files is None:
            files = result.hits[n] = {}
        per_file = files.get(path)
        if per_file is None:
            per_file = files[path] = []
        if len(per_file) < budgets.occurrences_per_string_file:
            hit = hit or Hit(line_no, text)
            per_file.append(hit)
        else:
            reach(result.bounds_reached, "occurrences_per_string_file")


class TermMatcher:
    """The term needles of one scan: one regular expression, and what each match counts as.

    A match is a spelling of a term (durations, duration) in any case, with the
    identifier character before it and a lower-case letter, digit or underscore
    after it when there are: that context decides whether the spelling is a part
    of the identifier (`parse_duration`, `parseDuration`) or inside another word
    (`information` holds no `form`). An upper-case letter after it is never
    taken, so the next part (`ParseDuration`) starts a match of its own.
    """

    def __init__(self, needles: Sequence[Needle]):
        self.tokens = frozenset(n.text for n in needles if n.term)
        words = sorted({w for t in self.tokens for w in spellings(t)}, key=lambda w: (-len(w), w))
        self.words = words
        self._cache: dict[str, tuple[str, ...]] = {}

    def __bool__(self) -> bool:
        return bool(self.tokens)

    def source(self) -> str:
        """The expression, in the syntax ripgrep and Python's `re` share."""
        body = "|".join(re.escape(w) for w in self.words)
        return f"(?-i:[A-Za-z0-9_])?(?i:{body})(?-i:[a-z0-9_])?"

    def count(self, fragment: str) -> tuple[str, ...]:
        """The query's tokens a matched fragment (or a whole matching line) holds, once per occurrence."""
        found = self._cache.get(fragment)
        if found is None:
            found = tuple(t for t in fragment_tokens(fragment) if t in self.tokens)
            if len(fragment) <= MAX_TERM_FRAGMENT:
                self._cache[fragment] = found
        return found


#: Fragments up to this long are remembered (a term with its context); whole lines are not.
MAX_TERM_FRAGMENT = 80


#: With term needles a file has many more matching lines: the per-file cap on matching lines
#: (over all needles at once, as ripgrep's --max-count counts) is this many times the
#: per-string budget, so that terms do not crowd out names.
TERM_LINES_FACTOR = 8


def term_line_cap(budgets: Budgets) -> int:
    """Matching lines examined per file when the scan has term needles."""
    return budgets.occurrences_per_string_file * TERM_LINES_FACTOR
