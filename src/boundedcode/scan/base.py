"""What a scan answers: needles in, per-needle hits out, whichever back end ran it.

A needle is a whole-word identifier, a whole word in any case, or a literal
string; a hit is one matching line. Both back ends classify a matching line
with the same `classifier` and record it with the same `record`, so they give
the same answer for the same files.

A term needle (`term=True`) asks for something else: how often a full-text
term (seeds.terms) occurs as an identifier part, in any case, per file, over
the files the caller names for terms (fulltext's documents). Every back end
finds the identifiers that hold a spelling of a term and counts their tokens
with the same `TermMatcher`, so a cold scan and a warm one count alike. Only
counts come back: the line of an occurrence is read again for the few files
that need it (`TermMatcher.lines`), never printed for every file.
"""

from __future__ import annotations

import re
from collections import Counter
from itertools import accumulate
from typing import Callable, Collection, Iterable, NamedTuple, Protocol, Sequence, cast

from .._record import Record, field
from ..checkout.budgets import Budgets, reach
from ..checkout.tree import Tree
from ..errors import BoundedCodeError
from ..lazyre import compile_static
from ..seeds.terms import MIN_PART_CHARS, WHOLE, identifier_parts, spellings

__all__ = [
    "ScanError",
    "Needle",
    "Hit",
    "ScanResult",
    "Scanner",
    "MAX_LINE_CHARS",
    "line_text",
    "TermMatcher",
    "classifier",
    "file_classifier",
    "record",
    "record_terms",
]

#: Longest line kept from a match, in bytes; longer lines are cut (minified code, data).
MAX_LINE_CHARS = 400
#: What ripgrep (`--max-columns-preview`) puts after a line it cut, and so every back end.
OMITTED = " [... omitted end of long line]"


def line_text(raw: bytes, terminated: bool) -> str:
    """One line's bytes (without its `\n`; `terminated`: it had one) as ripgrep prints it with
    `--crlf` and the column budget, decoded: a line whose bytes, its `\r` and `\n` counted, are
    over MAX_LINE_CHARS (ripgrep counts its terminator) becomes its first MAX_LINE_CHARS
    characters and OMITTED. Every back end classifies and keeps exactly this text."""
    over = len(raw) + terminated > MAX_LINE_CHARS
    if not over and not raw.endswith(b"\r"):
        return raw.decode("utf-8", "replace")  # most lines: nothing to cut or strip
    if raw.endswith(b"\r"):
        raw = raw[:-1]
    text = raw.decode("utf-8", "replace")
    if over:
        text = text[:MAX_LINE_CHARS] + OMITTED
    return text.rstrip("\r")


class ScanError(BoundedCodeError):
    """The scanner could not run the search (a bug, not a user mistake)."""


class Needle(NamedTuple):
    """What a strategy asks the scan for: a whole word, a whole word in any case, or a literal."""

    text: str
    word: bool  # True: a whole-word identifier; False: a literal, case-sensitive string
    fold: bool = False  # a whole word in any case (a prose word, lower-case text)
    term: bool = False  # a full-text term (seeds.terms token): its occurrences as identifier parts


class Hit(NamedTuple):
    """One matching line: its 1-based number and its text (cut at MAX_LINE_CHARS).

    A named tuple: a scan makes one per matching line (tens of thousands for a common name), and
    a tuple is made several times faster than a frozen dataclass. Unlike a plain tuple it stays
    in the cyclic collector's sight: a warm host's kept lines are walked by every full collection
    (docs/benchmark.md, "Speed, a sixth session")."""

    line: int
    text: str


class ScanResult(Record):
    """Every needle's hits per file, in path and line order, and the bounds the scan kept to."""

    # needle -> path -> hits (in line order, at most the per-string-and-file budget)
    hits: dict[Needle, dict[str, Sequence[Hit]]] = field(default_factory=dict)
    # term token -> path -> its occurrences there (at most the per-string-and-file budget)
    terms: dict[str, dict[str, int]] = field(default_factory=dict)
    term_files: int = 0  # the files the terms were searched in (their idf's collection)
    bounds_reached: list[str] = field(default_factory=list)  # names of Budgets fields
    notes: list[str] = field(default_factory=list)  # what else the caller should know (a fallback)
    files_scanned: int = 0
    bytes_scanned: int = 0
    #: Files by path, hits by line, terms by token already (the warm back end composes them so):
    #: `scan.shared` need not sort them again.
    in_order: bool = False
    #: The terms still being counted by a process of their own, its output not yet read: `settle`.
    unsettled: Callable[[], None] | None = None

    def files_with(self, needle: Needle) -> dict[str, Sequence[Hit]]:
        return self.hits.get(needle, {})

    def settle(self) -> ScanResult:
        """This result with its terms counted to the end. ripgrep counts them in a process of its
        own, and the result is handed over before that output is read (`scan.shared.begin_scan`):
        what needs only the words' hits runs while it counts. Whoever reads `terms` settles first."""
        count, self.unsettled = self.unsettled, None
        if count is not None:
            count()
        return self


class Scanner(Protocol):
    """A back end of the scan (ripgrep, in process, or a test's): the seam `scanner=` injects."""

    def scan(
        self, tree: Tree, paths: Sequence[str], needles: Sequence[Needle], budgets: Budgets, deadline: float
    ) -> ScanResult: ...


class OnePassScanner(Protocol):
    """A back end that reads each file once for the words and the terms, whose files it is given
    apart (`term_paths`): the in-process ones (`scan.memory`, `scan.warm`), which say so
    (`reads_each_file_once`)."""

    reads_each_file_once: bool

    def scan(
        self,
        tree: Tree,
        paths: Sequence[str],
        needles: Sequence[Needle],
        budgets: Budgets,
        deadline: float,
        *,
        term_paths: Sequence[str] | None = None,
    ) -> ScanResult: ...


class KeptScanner(Protocol):
    """A back end answering from contents it keeps for one tree (`scan.warm`), which may be behind
    the files on disk: then the scan is ripgrep's."""

    tree: Tree

    def behind(self, paths: Sequence[str]) -> bool: ...


# Told apart by what a back end has, not by its class: a one-shot retrieval never imports the
# warm back end to ask, and an attribute costs nothing on every scan (a runtime-checkable
# protocol's isinstance took 10 us).
def one_pass(scanner: object) -> OnePassScanner | None:
    """`scanner` as a back end reading each file once for the words and the terms, or None."""
    return cast(OnePassScanner, scanner) if getattr(scanner, "reads_each_file_once", False) else None


def kept(scanner: object) -> KeptScanner | None:
    """`scanner` as a back end keeping one tree's contents, or None."""
    return cast(KeptScanner, scanner) if getattr(scanner, "behind", None) is not None else None


def _longest_first(texts: Iterable[str]) -> str:
    """An alternation of `texts` as literals, longest first, so that a text never loses to a
    shorter one it starts with (the order of equal lengths fixed)."""
    return "|".join(re.escape(t) for t in sorted(texts, key=lambda t: (-len(t), t)))


#: Word characters: a whole word made of them alone cannot overlap another such word.
_WORD_CHARS = compile_static(r"[\w$]+")


def whole_at(line: str, word: str) -> int:
    r"""Where `word` first occurs in `line` as a whole word, or -1: no `[\w$]` either side, as `re`
    reads `\w` (str.isalnum() or `_`). C-level substring searches and two characters tested at
    each, never a regex (a boundary regex per word was three times slower on a scan's lines)."""
    size, end = len(word), len(line)
    at = line.find(word)
    while at >= 0:
        after = at + size
        if (at == 0 or not ((c := line[at - 1]).isalnum() or c == "_" or c == "$")) and (
            after == end or not ((c := line[after]).isalnum() or c == "_" or c == "$")
        ):
            return at
        at = line.find(word, at + 1)
    return -1


def classifier(needles: Sequence[Needle]) -> Callable[[str], list[Needle]]:
    """Which needles occur in one line, in the order of their first occurrence there.

    When every word is made of word characters alone (identifiers, the usual case), no two
    whole-word occurrences overlap: each word is looked for as a substring (`whole_at`), and
    its boundaries tested only where it occurs. The 40 tasks of `bcode bench speed`, their
    scans' lines parsed: 1,037 → 797 ms (a line's maximal runs of word characters intersected
    with the words, from 9 words on, cost more at every count up to the scan's 32). Other words
    (`Ledger.Balance`) are found by one compiled alternation and a dict lookup of what matched.
    Never a regex over every line per needle: a scan can return tens of thousands of lines.
    """
    words = {n.text: n for n in needles if n.word and not n.fold and not n.term}
    folded = {n.text: n for n in needles if n.fold and not n.term}
    literals = [n for n in needles if not n.word and not n.fold and not n.term]

    def alternation(texts, flags=0):
        return re.compile(rf"(?<![\w$])(?:{_longest_first(texts)})(?![\w$])", flags) if texts else None

    separate = all(_WORD_CHARS.fullmatch(w) for w in words)
    word_rx, fold_rx = (None if separate else alternation(words)), alternation(folded, re.I)
    each = list(words.items()) if separate else []
    if len(each) == 1 and not fold_rx and not literals:  # one name (django-15161: 15,757 lines)
        only, needle = each[0]
        return lambda line: [needle] if whole_at(line, only) >= 0 else []

    def classify(line: str) -> list[Needle]:
        if word_rx:
            found = [words[m] for m in dict.fromkeys(word_rx.findall(line))]
        else:
            at = [(i, n) for w, n in each if w in line and (i := whole_at(line, w)) >= 0]
            if len(at) > 1:
                at.sort(key=lambda pair: pair[0])
            found = [n for _, n in at]
        if fold_rx:
            found += [folded[m] for m in dict.fromkeys(m.lower() for m in fold_rx.findall(line))]
        if literals:
            found += [n for n in literals if n.text in line]
        return found

    return classify


#: What `file_classifier` answers for one file: each needle found, with the indices of the lines
#: it is found on, in the order a line-by-line classification first meets the needles.
FileLines = list[tuple[Needle, list[int]]]


def file_classifier(needles: Sequence[Needle]) -> Callable[[Sequence[str], str], FileLines]:
    """`classifier` for one file's lines that ripgrep printed for `needles` (each matches its
    expression, `ripgrep.pattern`): `(lines, block)`, the block being the lines joined by
    newlines, gives each needle with the lines it is on.

    A file's lines hold a few of a scan's needles: each needle is first looked for in the block,
    and only one found there in each line, one comprehension a needle, where `classifier` tries
    every needle on every line; when one needle alone is in the block, and ripgrep's boundaries
    are the classifier's there, it is on every line (the 120 captured scans of `/work/runs/s70/
    parsecmp.py`: 1,955 → 1,927 ms parsed, ×0.967 at the median). The same needles on the same
    lines, in the order `classifier` meets them (a line's first, by where in the line). A file of
    one line, folded words, and words holding other characters than word characters and `$` go
    through `classifier`.
    """
    classify = classifier(needles)
    words = {n.text: n for n in needles if n.word and not n.fold and not n.term}
    literals = [n for n in needles if not n.word and not n.fold and not n.term]
    if any(n.fold and not n.term for n in needles) or not all(_WORD_CHARS.fullmatch(w) for w in words):

        def line_by_line(lines: Sequence[str], block: str) -> FileLines:
            found: dict[Needle, list[int]] = {}
            for i, line in enumerate(lines):
                for n in classify(line):
                    found.setdefault(n, []).append(i)
            return list(found.items())

        return line_by_line
    each = list(words.items())

    def by_needle(lines: Sequence[str], block: str) -> FileLines:
        if len(lines) == 1:  # most files of a scan of rare names: nothing to narrow
            return [(n, [0]) for n in classify(lines[0])]
        present = [(w, n) for w, n in each if w in block]
        in_block = [n for n in literals if n.text in block]
        if (
            len(present) == 1
            and not in_block
            and block.isascii()
            and "$" not in block
            and OMITTED not in block
        ):
            # Every line was printed for a needle and only this one is in the text: its ASCII
            # word boundaries are `whole_at`'s (no `$`, no cut line), so it is on every line.
            return [(present[0][1], list(range(len(lines))))]
        found: FileLines = []
        for w, n in present:
            at = [i for i, line in enumerate(lines) if w in line and whole_at(line, w) >= 0]
            if at:
                found.append((n, at))
        for n in in_block:
            at = [i for i, line in enumerate(lines) if n.text in line]
            if at:
                found.append((n, at))
        if len(found) > 1:
            # The order `classify` meets them in: by first line, there the words by their place
            # before the literals in their order (a stable sort: `found` lists them so).
            found.sort(
                key=lambda f: (f[1][0], 0, whole_at(lines[f[1][0]], f[0].text))
                if f[0].word
                else (f[1][0], 1, 0)
            )
        return found

    return by_needle


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
        # A list: a file's hits are `record`'s alone, or made whole by a back end (never both).
        per_file = cast("list[Hit] | None", files.get(path))
        if per_file is None:
            per_file = []
            files[path] = per_file
        if len(per_file) < budgets.occurrences_per_string_file:
            hit = hit or Hit(line_no, text)
            per_file.append(hit)
        else:
            reach(result.bounds_reached, "occurrences_per_string_file")


class TermMatcher:
    """The term needles of one scan: what a back end searches for, and what each match counts as.

    A term occurs in a file as often as its token is among the `identifier_tokens`
    of the file's identifiers (maximal runs of ASCII letters, digits and
    underscores): `parse_duration` and `parseDuration` hold `parse` and
    `duration`, `information` holds no `form`. In-process back ends count the
    identifiers themselves (`in_text`). ripgrep prints less: from one character
    before the first spelling of a term to the end of the identifier, or a whole
    identifier that spells a whole token (`source`), which is cheaper to find than
    every identifier and counts the same: the part of an identifier before that
    character holds no spelling of a term, and a part cut at that character is no
    term's spelling (it would have been found one character earlier).

    A part is lower case, capitalized or upper case (`_PART` in seeds.terms), so
    only those three casings of a part's spelling are searched for: ripgrep finds a
    few hundred literals at once, while one ASCII-case-folded alternation of them
    runs its regex engine over every byte (xarray's 118 documents, 94 spellings:
    258 → 33 ms). Only a whole token folds every letter's case: its identifier may
    be cased any way, and it is matched between word boundaries, so it is one
    identifier or nothing.
    """

    def __init__(self, needles: Sequence[Needle]):
        self.tokens = frozenset(n.text for n in needles if n.term)
        words = sorted({w for t in self.tokens for w in spellings(t)}, key=lambda w: (-len(w), w))
        self.words = words
        # A part shorter than MIN_PART_CHARS is no token, even when it spells a term (`axes`
        # stems to `ax`: the part `ax` of `ax.hist` is not it).
        self._term_of = {
            w: t
            for t in self.tokens
            if not t.startswith(WHOLE)
            for w in spellings(t)
            if len(w) >= MIN_PART_CHARS
        }
        self._cache: dict[bytes, tuple[str, ...]] = {}

    def __bool__(self) -> bool:
        return bool(self.tokens)

    def source(self) -> str:
        """ripgrep's expression (ASCII case folding only: Unicode folding would let `ſ` stand for
        `s` in one back end and not in the other)."""
        parts = [t for t in self.tokens if not t.startswith(WHOLE)]
        wholes = {w for t in self.tokens if t.startswith(WHOLE) for w in spellings(t)}
        cased = {c for t in parts for w in spellings(t) for c in (w, w.capitalize(), w.upper())}
        branches = []
        if cased:
            branches.append(f"[A-Za-z0-9_]?(?:{_longest_first(cased)})[A-Za-z0-9_]*")
        if wholes:
            branches.append(f"(?-u:\\b)(?i-u:{_longest_first(wholes)})(?-u:\\b)")
        return "|".join(branches)

    def count(self, identifier: bytes) -> tuple[str, ...]:
        """The query's tokens one identifier (or ripgrep's match in one) holds, once per occurrence:
        `identifier_tokens` kept to the query's, without stemming every part (a part long enough
        to be a token is a term's when it is one of the term's spellings: `spellings` lists
        every word `stem` maps onto it)."""
        found = self._cache.get(identifier)
        if found is None:
            text = identifier.decode("ascii", "replace")
            parts = identifier_parts(text)
            term_of = self._term_of
            found = tuple(t for p in parts if (t := term_of.get(p)) is not None)
            if len(parts) > 1 and (whole := WHOLE + text.lower()) in self.tokens:
                found += (whole,)
            self._cache[identifier] = found
        return found

    def add(self, counts: dict[str, int], identifiers: Iterable[tuple[bytes, int]]) -> None:
        """Identifiers with how often each occurs, into the query's token counts of one file."""
        known, count = self._cache, self.count  # looked up here: a file has hundreds of them
        for identifier, times in identifiers:
            found = known.get(identifier)
            for token in count(identifier) if found is None else found:
                counts[token] = counts.get(token, 0) + times

    def in_text(self, data: bytes) -> dict[str, int]:
        """The query's token counts of one file's contents (the in-process back ends' pass)."""
        lowered = data.lower()
        if not any(w.encode() in lowered for w in self.words):
            return {}
        counts: dict[str, int] = {}
        self.add(counts, Counter(_IDENTIFIER.findall(data)).items())
        return counts

    def lines(self, data: bytes, held: Collection[str] | None = None) -> dict[int, tuple[str, ...]]:
        """The query's tokens on each line (1-based; each once, sorted) of one file's contents,
        for the few files whose densest line is wanted: the identifiers `in_text` counts. Only the
        lines holding a spelling of a term (in any ASCII case) are split into identifiers: no
        other line can hold a term. `held`: the tokens the scan counted in the file, if known;
        only their spellings are looked for (the others are in none of its lines)."""
        lowered = data.lower()
        starts: set[int] = set()
        words = self.words if held is None else {w for t in held if t in self.tokens for w in spellings(t)}
        for word in words:  # bytes.find per word: far faster than one alternation in `re`
            w = word.encode()
            at = lowered.find(w)
            while at >= 0:
                starts.add(at)
                at = lowered.find(w, at + 1)
        out: dict[int, tuple[str, ...]] = {}
        number, counted_to, line_end = 1, 0, -1
        for start in sorted(starts):
            if start <= line_end:
                continue  # this line is done
            number += data.count(b"\n", counted_to, start)
            line_start = data.rfind(b"\n", 0, start) + 1
            line_end = data.find(b"\n", start)
            if line_end < 0:
                line_end = len(data)
            counted_to = line_end
            line = data[line_start:line_end]
            found = {t for ident in _IDENTIFIER.findall(line) for t in self.count(ident)}
            if found:
                out[number] = tuple(sorted(found))
        return out

    def span_tokens(
        self, data: bytes, spans: Sequence[tuple[int, int]], held: Collection[str] | None = None
    ) -> list[frozenset[str]]:
        """The query's tokens each of `spans` (its first and last line, 1-based) holds, as `lines`
        finds them on its lines: a token is settled in a span by the first of its spellings
        there whose identifier holds it, so no span is split line by line (a method of a long
        class, a function of a long module). `held`: as `lines`'s."""
        # Where each line starts: its length and newline added up, in C.
        starts = list(accumulate(map((1).__add__, map(len, data.split(b"\n"))), initial=0))
        size = len(data)
        bounds = [
            (
                starts[first - 1] if first <= len(starts) else size,
                starts[last] if last < len(starts) else size,
            )
            for first, last in spans
        ]
        allowed = self.tokens if held is None else self.tokens.intersection(held)
        lowered = data.lower()
        found: list[set[str]] = [set() for _ in spans]
        for word in sorted({w for t in allowed for w in spellings(t)}):
            own = {t for t in (self._term_of.get(word), WHOLE + word) if t in allowed}
            if not own:
                continue  # a part too short to be a token: only the identifiers around it are
            w = word.encode()
            for (start, stop), got in zip(bounds, found):
                at = lowered.find(w, start, stop)
                while at >= 0 and not own <= got:
                    got.update(
                        t for t in self.count(_identifier_around(data, at, at + len(w))) if t in allowed
                    )
                    at = lowered.find(w, at + 1, stop)
        return [frozenset(g) for g in found]


_IDENTIFIER = compile_static(rb"[A-Za-z0-9_]+")
_IDENTIFIER_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _identifier_around(data: bytes, start: int, end: int) -> bytes:
    """The identifier (`_IDENTIFIER`'s run) holding `data[start:end]`."""
    while start > 0 and data[start - 1] in _IDENTIFIER_BYTES:
        start -= 1
    while end < len(data) and data[end] in _IDENTIFIER_BYTES:
        end += 1
    return data[start:end]


def record_terms(result: ScanResult, path: str, counts: dict[str, int], budgets: Budgets) -> None:
    """One file's term counts into the result, each within the occurrences budget per term and file."""
    cap = budgets.occurrences_per_string_file
    for token, times in counts.items():
        if times > cap:
            times = cap
            reach(result.bounds_reached, "occurrences_per_string_file")
        files = result.terms.get(token)
        if files is None:
            files = result.terms[token] = {}
        files[path] = times
