"""The warm back end: the scan over contents a long-lived process keeps (`checkout.cached`).

Each kept file's facts are its identifiers and the count of every
`identifier_tokens` token they hold, gathered into one index (identifier →
files holding it, token → file → count) that changes with the files: a file
the cached tree drops leaves it, a file read again enters it. A term's counts
are then a lookup, and so are the files whose lines define a name (as the
definition rules read them: the patterns' definitions read only those). A word or literal needle's lines are found once, in the
files that hold every one of its whole identifiers (for a literal, the ones
inside it; for a folded needle, in any case) and identifiers its edges
continue into (a literal's first run ends one, its last begins one: ranges of
the identifiers in order of their names, forwards and backwards); a needle
with none: every file. They are
kept across queries: a file read again is searched for every kept needle, a
dropped one leaves them. A query composes each file's hits from its needles'
lines as ripgrep's `--max-count` would (the first lines any needle matches),
classifying them exactly as the in-process back end does, so the answer is the
cold scan's. Files the cache could not keep (over its memory cap) are searched
from disk, as by `MemoryScanner`. Nothing is a function of the whole tree on a
query where nothing changed: the hold loop is skipped, the walk told nothing.
"""

from __future__ import annotations

import time
from array import array
from bisect import bisect_left
from collections import Counter, OrderedDict
from itertools import accumulate, chain
from typing import Callable, Collection, Generic, Iterable, Iterator, NamedTuple, Sequence, TypeVar, overload

from ..checkout.budgets import Budgets, reach
from ..checkout.cached import CachedWorkTree
from ..checkout.confined import is_binary, too_large
from ..checkout.tree import Tree
from ..lang.definitions import could_define_lines, has_line_rules
from ..lang.definitions.lines import names_defined
from ..lang.languages import language_of
from ..lazyre import compile_static
from ..seeds.terms import identifier_tokens
from .base import MAX_LINE_CHARS, OMITTED, Hit, Needle, ScanResult, TermMatcher, classifier, line_text, record
from .memory import MemoryScanner, matching_lines, python_pattern, scan_contents, scan_lines

__all__ = ["WarmScanner", "TokenIndex", "PlainLines"]

_IDENTIFIER = compile_static(rb"[A-Za-z0-9_]+")
#: A literal is looked for on the lines of its rarest inner run while they are fewer than one
#: for each this many bytes of the file; past that, in the whole file at once (a line looked at
#: costs what a search of some 600 bytes does: `/work/runs/s57/litprof.py`).
LITERAL_LINE_BYTES = 512
#: Matching lines kept across queries (each needle's, per file; about 200 bytes each, so
#: some 50 MB at most): the least recently asked needle goes first.
LINES_KEPT = 250_000
#: Term counts (a file and its count, some 40 bytes) kept across queries, over every token: the
#: least recently asked token goes first.
TERM_COUNTS_KEPT = 500_000
#: Files changed that a kept needle's lines or a kept token's counts may not have caught up with
#: yet (each does when a query next asks for it); past it (a branch switch) they start afresh.
LINES_UPDATES = 64
#: Files one query reads and indexes itself (an edit, a few new files). A query finding more
#: still to read (a checkout not yet prepared, a branch switch) is answered by the cold scan of
#: the tree on disk instead (`behind`): indexing runs at some 400 files a second, and a query
#: doing it would spend its time budget there and answer nothing (Django, not prepared: three
#: queries in a row came back empty after 3 s each).
READ_PER_QUERY = 64
#: Files searched for one needle between two looks at the clock.
DEADLINE_EVERY = 256
#: Memory for the files' line indexes (2 bytes a line an identifier is on and 6 an identifier, 4
#: and 8 in a file of more than 65,535 lines or entries; 4 a line; Django's 6,592 files take
#: about 17 MB); a file past it is searched in its contents.
LINE_INDEX_BYTES = 256 * 1024 * 1024
#: Lines of a file kept as not plain (`_FileLines.special`), at most: past it (a file of
#: translations, every line non-ASCII) the file's lines are all made as ripgrep prints them.
MAX_SPECIAL_LINES = 64
#: What one such line costs of the line index's memory (a set's slot and an int).
SPECIAL_LINE_BYTES = 40
#: Numbers staged in lists before they are packed (some 40 bytes each while staged, 4 after).
STAGED_NUMBERS = 500_000
#: Identifiers numbered since the identifiers were last put in order (each literal's edge looks
#: through them one by one until then: 36,000 in some 8 ms), past which, and past a quarter of
#: those in order, `seal` orders them all again (36,000 in some 40 ms, a million in some 1.5 s:
#: a tree indexed in batches pays some four times that in all, a prepared one once). At 50,000
#: a prepared tree of fewer identifiers (most checkouts) was never ordered.
UNORDERED_IDENTIFIERS = 2_000
#: Identifiers a literal's edge may continue into, past which the edge narrows nothing (their
#: files are gathered one identifier at a time).
EDGE_IDENTIFIERS = 2_000
_RUN = compile_static(r"[A-Za-z0-9_]+")


def _token_counts(identifiers: Counter[bytes]) -> Counter[str]:
    """How often the identifiers (with their counts) hold each token."""
    counts: Counter[str] = Counter()
    for identifier, times in identifiers.items():
        for token in identifier_tokens(identifier.decode("ascii")):
            counts[token] += times
    return counts


_K = TypeVar("_K", str, int)


def _pair_at(pairs: array[int], number: int) -> int | None:
    """Where `number`'s (number, count) pair starts among `pairs`, or None."""
    try:
        return 2 * pairs[::2].index(number)
    except ValueError:
        return None


class _Postings(Generic[_K]):
    """key → numbers, each key's as one `bytes` (nothing for the garbage collector to walk: a
    full collection over lists of the kept numbers took some 300 ms on Django, during queries);
    what came since the last `seal` is staged in lists, so a file's numbers are not appended
    one copy at a time."""

    def __init__(self) -> None:
        self._sealed: dict[_K, bytes] = {}
        self._staged: dict[_K, list[int]] = {}
        self._waiting = 0  # numbers staged

    def add_to_each(self, keys: Iterable[_K], number: int) -> None:
        """`number` appended to each of `keys`' numbers (one call a file or identifier, not one a
        key: preparing a tree adds a million)."""
        staged_of, added = self._staged, 0
        for key in keys:
            staged = staged_of.get(key)
            if staged is None:
                staged_of[key] = [number]
            else:
                staged.append(number)
            added += 1
        self._waiting += added
        if self._waiting > STAGED_NUMBERS:
            self.seal()

    def add_counts(self, counts: Iterable[tuple[_K, int]], number: int) -> None:
        """`number` and its count appended to each key's numbers, as a pair (one call a file)."""
        staged_of, added = self._staged, 0
        for key, times in counts:
            staged = staged_of.get(key)
            if staged is None:
                staged_of[key] = [number, times]
            else:
                staged += (number, times)
            added += 2
        self._waiting += added
        if self._waiting > STAGED_NUMBERS:
            self.seal()

    def seal(self) -> None:
        sealed = self._sealed
        for key, numbers in self._staged.items():
            sealed[key] = sealed.get(key, b"") + array("I", numbers).tobytes()
        self._staged.clear()
        self._waiting = 0

    def get(self, key: _K) -> array[int]:
        """The numbers of `key`, in the order they came (an empty array for none)."""
        if self._staged:
            self.seal()
        return array("I", self._sealed.get(key, b""))

    def remove(self, key: _K, number: int) -> None:
        numbers = self.get(key)
        if number in numbers:
            numbers.remove(number)
            if numbers:
                self._sealed[key] = numbers.tobytes()
            else:
                del self._sealed[key]

    def keys(self) -> Iterable[_K]:
        if self._staged:
            self.seal()
        return self._sealed.keys()

    def pair_count(self, key: _K, number: int) -> int:
        """The count `add_counts` gave `number` under `key` (0: none)."""
        pairs = self.get(key)
        at = _pair_at(pairs, number)
        return 0 if at is None else pairs[at + 1]

    def remove_pair(self, key: _K, number: int) -> None:
        """The pair `add_counts` appended for `number` out of `key`'s numbers."""
        pairs = self.get(key)
        at = _pair_at(pairs, number)
        if at is None:
            return
        del pairs[at : at + 2]
        if pairs:
            self._sealed[key] = pairs.tobytes()
        else:
            del self._sealed[key]


class PlainLines(Sequence[Hit]):
    """An identifier's lines in one file where each is plain (`_FileLines.plain_span`: its text
    its bytes), as `Hit`s made when they are read: their numbers are known from the line index
    without them. A name in thousands of files is asked for its definitions (`numbers` and the
    file's definable lines) and counted, and seldom read line by line (a query of the 35k-file
    tree: `copy` in 16,193 files). Never changed once made, so a query's answer may hold it as
    it is kept."""

    __slots__ = ("numbers", "_data", "_starts", "_made")
    # What a needle's lines in one file give every query (`_Found`'s fields), as they are here:
    # none cut, and the classifier finds the identifier on every one (no second object a file).
    cut = False

    def __init__(self, numbers: Sequence[int], data: bytes, starts: Sequence[int]):
        self.numbers = numbers  # the lines' numbers, 1-based, in order
        self._data, self._starts = data, starts
        self._made: list[Hit] | None = None

    @property
    def lines(self) -> PlainLines:
        return self

    @property
    def hits(self) -> PlainLines:
        return self

    def _hit(self, no: int) -> Hit:
        starts = self._starts
        end = starts[no] - 1 if no < len(starts) else len(self._data)  # the last line: to the end
        return Hit(no, self._data[starts[no - 1] : end].decode("ascii"))

    def _every(self) -> list[Hit]:
        if self._made is None:
            self._made = [self._hit(no) for no in self.numbers]
        return self._made

    def __len__(self) -> int:
        return len(self.numbers)

    def __iter__(self) -> Iterator[Hit]:
        return iter(self._every())

    @overload
    def __getitem__(self, at: int) -> Hit: ...
    @overload
    def __getitem__(self, at: slice) -> list[Hit]: ...
    def __getitem__(self, at: int | slice) -> Hit | list[Hit]:
        if isinstance(at, slice):
            return self._every()[at]
        return self._made[at] if self._made is not None else self._hit(self.numbers[at])

    def __eq__(self, other: object) -> bool:
        if isinstance(other, (list, PlainLines)):
            return self._every() == list(other)
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to a list, so unhashable as one

    def __repr__(self) -> str:
        return repr(self._every())


class _FileLines:
    """One file's line index: the lines each of its identifiers is on, in compact arrays (no
    object per line). `lines` holds each identifier's lines in turn, the identifiers in the order
    of their numbers (`held`); `firsts[k]` is where the k-th one's begin: an identifier's lines are
    one search of `held` away (three searches, two of them over every entry, took 2.6 µs a file:
    42 ms for a name in 16,000 files)."""

    __slots__ = ("lines", "firsts", "starts", "held", "definable", "special", "dollar")

    def __init__(
        self,
        lines: array[int],
        firsts: array[int],
        starts: array[int],
        held: array[int],
        definable: bytes | None,
        special: frozenset[int] | None,
        dollar: tuple[bytes, bytes] | None,
    ):
        self.lines, self.firsts, self.held = lines, firsts, held
        self.starts = starts  # each line's first byte
        self.definable = definable  # `definable_lines`: a bit a line
        # The lines whose text is not their bytes (`special_lines`; None: too many to keep) and
        # the identifiers next to a `$` (`dollar_runs`; None: no `$`): an identifier's lines are
        # plain where none is such a line and it is next to no `$` in the file (`plain_span`).
        self.special, self.dollar = special, dollar

    @classmethod
    def of(
        cls,
        raw: list[bytes],
        found: list[list[bytes]],
        identifiers: Iterable[bytes],
        numbers: dict[bytes, int],
        definable: bytes | None = None,
        special: frozenset[int] | None = None,
        dollar: tuple[bytes, bytes] | None = None,
    ) -> _FileLines:
        ordered = sorted(identifiers, key=numbers.__getitem__)
        on: dict[bytes, list[int]] = {identifier: [] for identifier in ordered}
        for no, on_line in enumerate(found, 1):
            for identifier in on_line:
                its = on[identifier]
                if not its or its[-1] != no:  # an identifier twice on a line: the line once
                    its.append(no)
        # Two bytes a number where they fit (a line of nearly every file, an entry of most).
        lines = array("H" if len(raw) <= 0xFFFF else "I", chain.from_iterable(on.values()))
        firsts = array("H" if len(lines) <= 0xFFFF else "I", accumulate(map(len, on.values()), initial=0))
        starts = array("I", accumulate((len(line) + 1 for line in raw[:-1]), initial=0))
        held = array("I", (numbers[i] for i in ordered))
        return cls(lines, firsts, starts, held, definable, special, dollar)

    @property
    def size(self) -> int:
        arrays = sum(a.itemsize * len(a) for a in (self.lines, self.firsts, self.starts, self.held))
        special = SPECIAL_LINE_BYTES * len(self.special or ())
        return arrays + len(self.definable or b"") + special + sum(map(len, self.dollar or ()))

    def span(self, number: int) -> tuple[int, int]:
        """Where the lines of the identifier numbered `number` are in `lines` (first, past the
        last; empty if none)."""
        held = self.held
        k = bisect_left(held, number)
        if k == len(held) or held[k] != number:
            return 0, 0
        return self.firsts[k], self.firsts[k + 1]

    def plain_span(self, number: int, beside: tuple[bytes, bytes], most: int) -> Sequence[int] | None:
        """The first `most` lines of the identifier numbered `number` when each one's text is its
        bytes and no `$` is next to it in the file (the classifier then finds it on every line it
        is on whole); None otherwise, or where it is on no line. `beside`: `dollar_probes` of it."""
        special, dollar = self.special, self.dollar
        if special is None:
            return None
        if dollar is not None and (beside[0] in dollar[0] or beside[1] in dollar[1]):
            return None
        held = self.held  # `span`, inlined: a name in thousands of files asks every one
        k = bisect_left(held, number)
        if k == len(held) or held[k] != number:
            return None
        first = self.firsts[k]
        on = self.lines[first : min(self.firsts[k + 1], first + most)]
        return on if not special or special.isdisjoint(on) else None


def texts_are_bytes(data: bytes, raw: list[bytes]) -> bool:
    """Whether each of the lines of `data` (split at `\n`: `raw`) is, as `line_text` gives it, its
    bytes decoded: ASCII, no `\r`, none long enough to be cut."""
    return data.isascii() and b"\r" not in data and max(map(len, raw)) < MAX_LINE_CHARS


def special_lines(raw: list[bytes], as_bytes: bool) -> frozenset[int] | None:
    """The lines (1-based) of a file (`raw`: split at `\n`; `as_bytes`: `texts_are_bytes`) whose
    text as `line_text` gives it is not their bytes decoded as ASCII: non-ASCII, ending in `\r`,
    or cut. None past MAX_SPECIAL_LINES such lines."""
    if as_bytes:
        return frozenset()
    last = len(raw) - 1
    special = [
        at + 1
        for at, line in enumerate(raw)
        if not line.isascii() or line.endswith(b"\r") or len(line) + (at < last) > MAX_LINE_CHARS
    ]
    return frozenset(special) if len(special) <= MAX_SPECIAL_LINES else None


_AFTER_DOLLAR = compile_static(rb"\$([A-Za-z0-9_]+)")
_BEFORE_DOLLAR = compile_static(rb"([A-Za-z0-9_]+)\$")


def dollar_probes(identifier: bytes) -> tuple[bytes, bytes]:
    """What `dollar_runs` holds where `identifier` is next to a `$`: `$new` is on a line where a
    run after a `$` begins with `new`, `new$` where one before a `$` ends with it."""
    return b"\n" + identifier, identifier + b"\n"


def dollar_runs(data: bytes) -> tuple[bytes, bytes] | None:
    """The runs of word bytes right after a `$` in `data`, each after a `\n`, and those right
    before one, each before a `\n` (a needle is next to a `$` where one begins or ends with
    it: the classifier's boundaries, `[\\w$]`, are not ripgrep's there); None without a `$`."""
    if b"$" not in data:
        return None
    after = b"".join(b"\n" + run for run in sorted(set(_AFTER_DOLLAR.findall(data))))
    before = b"".join(run + b"\n" for run in sorted(set(_BEFORE_DOLLAR.findall(data))))
    return after, before


def line_texts(data: bytes, raw: list[bytes], as_bytes: bool) -> list[str]:
    """Each line's text as every back end keeps it (`line_text`; `raw`: `data` split at `\n`;
    `as_bytes`: `texts_are_bytes` of them, which the caller has asked)."""
    if as_bytes:
        return data.decode("ascii").split("\n")
    last = len(raw) - 1
    return [line_text(line, at < last) for at, line in enumerate(raw)]


def definable_lines(path: str, texts: list[str]) -> list[int] | None:
    """The lines (1-based) of `path`'s line texts (`line_texts`) a definition can be on, as
    `could_define` tells of each: the patterns then read only those of a name's lines (a name
    used in thousands of files is on some 90,000 of the 28.9k-file tree's lines), in only the
    files where one defines it (`TokenIndex.files_defining`). None for a language without rules."""
    language = language_of(path)
    return None if language is None else could_define_lines(language, texts)


def _may_define_any(path: str) -> bool:
    """Whether a line of `path` may define a name: its language has line rules."""
    language = language_of(path)
    return language is not None and has_line_rules(language)


def _bits(numbers: Iterable[int], count: int) -> bytes:
    """A bit for each of `numbers` among `count` (1-based, as lines are)."""
    bits = bytearray(count // 8 + 1)
    for number in numbers:
        bits[number >> 3] |= 1 << (number & 7)
    return bytes(bits)


class _NumberedPostings(_Postings[int]):
    """The same for keys that are dense numbers themselves (an identifier's): the sealed numbers
    in a list by key, not a dict (Django's 128,000 identifiers as str keys of a dict took 11 of
    its index's MB)."""

    def __init__(self) -> None:
        super().__init__()
        self._by_number: list[bytes] = []

    def seal(self) -> None:
        sealed = self._by_number
        for key, numbers in self._staged.items():
            if key >= len(sealed):
                sealed.extend([b""] * (key + 1 - len(sealed)))
            sealed[key] += array("I", numbers).tobytes()
        self._staged.clear()
        self._waiting = 0

    def get(self, key: int) -> array[int]:
        if self._staged:
            self.seal()
        return array("I", self._by_number[key] if 0 <= key < len(self._by_number) else b"")

    def remove(self, key: int, number: int) -> None:
        numbers = self.get(key)
        if number in numbers:
            numbers.remove(number)
            self._by_number[key] = numbers.tobytes()

    def keys(self) -> Iterable[int]:
        if self._staged:
            self.seal()
        return [key for key, numbers in enumerate(self._by_number) if numbers]


class TokenIndex:
    """Over the files a tree keeps: token → file → how often the file's identifiers hold it
    (the terms' counts), identifier → the files holding it whole (where a needle can be), and
    per file the lines each identifier is on (what a needle's lines are, found without a search)."""

    def __init__(self, line_index_bytes: int = LINE_INDEX_BYTES) -> None:
        # token -> (file number, count) pairs: as dicts of path -> count, 37 of Django's 195 MB
        # of index and contents; packed, 8 bytes a pair.
        self._counts: _Postings[str] = _Postings()
        # Numbers in arrays, not lists of objects: 4 bytes a file (Django: 822,000 pairs over
        # 113,000 identifiers), and nothing the garbage collector walks (a full collection over
        # lists of the kept objects took some 300 ms, during queries).
        # an identifier's number -> the numbers of the files holding it
        self._holding = _NumberedPostings()
        # an identifier's number -> the files where a line defines it as the rules read it (of
        # the files with a line index and its bits), and the numbers of the files posted there
        self._defining = _NumberedPostings()
        self._defines: set[int] = set()
        # The files of a language with line rules the index cannot tell of (binary, no line
        # index, or no bits: rules with no one alternation): any of them may define any name.
        self.undecided: set[str] = set()
        self._path_numbers: dict[str, int] = {}
        self._paths: list[str] = []  # a file's number -> its path (a number is kept for the path)
        self.indexed: dict[str, bytes] = {}  # path -> the contents indexed (to take them out)
        self._leaving: dict[str, bytes] = {}  # path -> contents removed, postings not yet out
        self.lines: dict[str, _FileLines] = {}
        self.line_index_bytes, self.line_bytes = line_index_bytes, 0
        self._numbers: dict[bytes, int] = {}  # identifier -> its number (kept: numbers are never reused)
        self._names: list[bytes] = []  # an identifier's number -> the identifier
        self._with_token: _Postings[str] = _Postings()  # token -> the numbers of the identifiers holding it
        # The identifiers' numbers in the order of their names, and of their names read backwards
        # (those numbered later are not in them yet): the identifiers beginning or ending with a
        # literal's edge are a range of one of them.
        self._by_name: array[int] = array("I")
        self._by_reversed_name: array[int] = array("I")

    def add(self, path: str, data: bytes) -> None:
        """`data` indexed as `path`'s contents. Contents that replace others (the file changed:
        `remove`, then `add`, as a query reads it again) change only the postings of the
        identifiers and tokens that differ: an edit changes few of a file's hundreds, and taking
        each out of its list and putting it back cost some 8 ms a file on Django."""
        if path in self.indexed:
            self.remove(path)
        old = self._leaving.pop(path, None)
        self.indexed[path] = data
        if is_binary(data):
            if old is not None:
                self._unpost(path, old)
            if _may_define_any(path):
                self.undecided.add(path)
            return
        raw = data.split(b"\n")
        found = [_IDENTIFIER.findall(line) for line in raw]
        identifiers = Counter(chain.from_iterable(found))  # no identifier spans a line
        numbers = self._numbers
        for identifier in identifiers:
            if identifier not in numbers:
                number = numbers[identifier] = len(numbers)
                self._names.append(identifier)
                self._with_token.add_to_each(
                    dict.fromkeys(identifier_tokens(identifier.decode("ascii"))), number
                )
        counts = _token_counts(identifiers)
        at = self._path_number(path)
        if old is None:
            self._holding.add_to_each([numbers[i] for i in identifiers], at)
            self._counts.add_counts(counts.items(), at)
        else:
            before = Counter(_IDENTIFIER.findall(old))
            for identifier in before.keys() - identifiers.keys():
                self._holding.remove(numbers[identifier], at)
            self._holding.add_to_each([numbers[i] for i in identifiers.keys() - before.keys()], at)
            counted = _token_counts(before)
            for token, times in counted.items():
                if counts.get(token) != times:
                    self._counts.remove_pair(token, at)
            self._counts.add_counts([(t, n) for t, n in counts.items() if counted.get(t) != n], at)
        defined: frozenset[int] = frozenset()
        size = 8 * sum(map(len, found)) + 4 * len(raw)  # at most: each identifier once a line
        if self.line_bytes + size <= self.line_index_bytes:
            as_bytes = texts_are_bytes(data, raw)
            texts = line_texts(data, raw, as_bytes)
            definable = definable_lines(path, texts)
            kept = self.lines[path] = _FileLines.of(
                raw,
                found,
                identifiers,
                numbers,
                None if definable is None else _bits(definable, len(raw)),
                special_lines(raw, as_bytes),
                dollar_runs(data),
            )
            self.line_bytes += kept.size
            defined = self._defined(path, texts, definable or ())
        if _may_define_any(path) and (path not in self.lines or self.lines[path].definable is None):
            self.undecided.add(path)
        self._define(at, self._posted(at, path, old) if old is not None else frozenset(), defined)

    def _defined(self, path: str, texts: list[str], definable: Iterable[int]) -> frozenset[int]:
        """The numbers of the identifiers the `definable` lines of `texts` (`path`'s line texts)
        define, as the rules read each (`names_defined`; a name no file holds whole has no number)."""
        language, numbers = language_of(path), self._numbers
        if language is None:  # no rules, no definable lines
            return frozenset()
        names = {n for no in definable for n in names_defined(language, texts[no - 1])}
        return frozenset(number for n in names if (number := numbers.get(n.encode())) is not None)

    def _posted(self, at: int, path: str, data: bytes) -> frozenset[int]:
        """The identifiers the file numbered `at` (`path`, indexed as `data`) is posted under in
        `_defining`: `_defined` of its definable lines, read again only if it is posted at all."""
        if at not in self._defines:
            return frozenset()
        raw = data.split(b"\n")
        texts = line_texts(data, raw, texts_are_bytes(data, raw))
        return self._defined(path, texts, definable_lines(path, texts) or ())

    def _define(self, at: int, before: frozenset[int], defined: frozenset[int]) -> None:
        """The file numbered `at` posted under the identifiers its lines define, `defined` (none
        without a line index and its bits), where it was under `before` (`_posted`): only the
        pairs that differ change (an edit changes few of a file's definitions)."""
        for number in before - defined:
            self._defining.remove(number, at)
        self._defining.add_to_each(sorted(defined - before), at)
        if defined:
            self._defines.add(at)
        else:
            self._defines.discard(at)

    def remove(self, path: str) -> None:
        """`path`'s contents out of the index. Its postings go at the next `seal` (or read of
        them), unless contents for it come first (`add`: then only what differs changes)."""
        data = self.indexed.pop(path, None)
        self.undecided.discard(path)
        if data is None or is_binary(data):
            return
        kept = self.lines.pop(path, None)
        if kept is not None:
            self.line_bytes -= kept.size
        self._leaving[path] = data

    def _settle(self) -> None:
        """The postings of every file removed and not indexed again taken out."""
        while self._leaving:
            self._unpost(*self._leaving.popitem())

    def _unpost(self, path: str, data: bytes) -> None:
        at = self._path_numbers[path]
        identifiers = Counter(_IDENTIFIER.findall(data))
        for identifier in identifiers:
            self._holding.remove(self._numbers[identifier], at)
        self._define(at, self._posted(at, path, data), frozenset())
        for token in _token_counts(identifiers):
            self._counts.remove_pair(token, at)

    def identifier_lines(self, path: str, data: bytes, identifier: bytes, most: int) -> Sequence[Hit]:
        """The first `most` lines of `data` (the file's indexed contents) holding `identifier` whole,
        as `_identifier_lines` finds them, from the file's line index when it has one (a text's:
        not probed for a binary file's bytes again; none in a binary file). Where each of them is
        plain (`_FileLines.plain_span`), `PlainLines`: made when read."""
        kept = self.lines.get(path)
        if kept is None:
            return [] if is_binary(data) else _identifier_lines(data, identifier, most)
        number = self._numbers.get(identifier)
        if number is None:
            return []
        plain = kept.plain_span(number, dollar_probes(identifier), most)
        if plain is not None:  # each of its lines' text is its bytes
            return PlainLines(plain, data, kept.starts)
        first, last = kept.span(number)
        on, starts = kept.lines, kept.starts
        line_count = len(starts)
        out = []
        for no in on[first : min(last, first + most)]:
            if no < line_count:
                out.append(Hit(no, line_text(data[starts[no - 1] : starts[no] - 1], True)))
            else:
                out.append(Hit(no, line_text(data[starts[no - 1] :], False)))
        return out

    def holding_count(self, identifier: bytes) -> int:
        """How many indexed files hold `identifier` whole."""
        number = self._numbers.get(identifier)
        return 0 if number is None else len(self._holding.get(number))

    def literal_lines(
        self, path: str, data: bytes, run: bytes, literal: bytes, most: int
    ) -> list[Hit] | None:
        """The first `most` lines of `data` (the file's indexed contents) holding `literal` (no
        newline or `\\r` in it), as `matching_lines` finds them, looked for only on the lines
        where `run`, a run of word bytes `literal` holds whole, is; None when the file has no
        line index, or where its lines of `run` are too many to be quicker than a search of the
        whole (`LITERAL_LINE_BYTES`)."""
        kept = self.lines.get(path)
        if kept is None or self.indexed.get(path) is not data:
            return None
        number = self._numbers.get(run)
        if number is None:
            return []
        first, last = kept.span(number)
        if (last - first) * LITERAL_LINE_BYTES > len(data):
            return None  # the run on so many lines that one search of the whole is quicker
        starts = kept.starts
        line_count = len(starts)
        out: list[Hit] = []
        for no in kept.lines[first:last]:
            ended = no < line_count  # by a newline: not the file's last line
            raw = data[starts[no - 1] : starts[no] - 1] if ended else data[starts[no - 1] :]
            if literal in raw:
                out.append(Hit(no, line_text(raw, ended)))
                if len(out) >= most:
                    break
        return out

    def plain_identifier_lines(
        self, paths: Iterable[str], identifier: bytes, most: int
    ) -> tuple[dict[str, PlainLines], list[str]]:
        """`identifier_lines` of each of `paths` where they are plain (`PlainLines`; none where a
        file's line index has no such lines), in one pass (three calls a file before: a name in
        17,000 files 100 → 94 ms), and the paths it does not hold plain."""
        number = self._numbers.get(identifier)
        if number is None:  # in no file whole
            return {}, list(paths)
        plain: dict[str, PlainLines] = {}
        rest: list[str] = []
        lines, indexed = self.lines, self.indexed
        beside = dollar_probes(identifier)
        for path in paths:
            kept = lines.get(path)
            on = None if kept is None else kept.plain_span(number, beside, most)
            if kept is None or on is None:
                rest.append(path)
            else:
                plain[path] = PlainLines(on, indexed[path], kept.starts)
        return plain, rest

    def with_tokens(self, tokens: Iterable[str]) -> frozenset[int]:
        """The numbers of the identifiers whose `identifier_tokens` hold one of `tokens` (every
        identifier `TermMatcher.count` finds a term in: its spellings all stem to the term)."""
        return frozenset(chain.from_iterable(map(self._with_token.get, tokens)))  # in C: ×0.7

    def term_lines(
        self, path: str, data: bytes, terms: TermMatcher, holding: frozenset[int]
    ) -> dict[int, tuple[str, ...]] | None:
        """`terms.lines(data)` from the file's line index (`holding`: `with_tokens` of the terms):
        each identifier holding a term puts its terms on the lines it is on, no line is split;
        None when `data` is not what the index holds for `path` (the caller splits it)."""
        kept = self.lines.get(path)
        if kept is None or self.indexed.get(path) is not data:
            return None
        on = kept.lines
        per_line: dict[int, set[str]] = {}
        count, names = terms.count, self._names
        for number in holding.intersection(kept.held):
            found = count(names[number])
            if not found:
                continue
            first, last = kept.span(number)
            for no in on[first:last]:
                on_line = per_line.get(no)
                if on_line is None:
                    per_line[no] = set(found)
                else:
                    on_line.update(found)
        return {no: tuple(sorted(per_line[no])) for no in sorted(per_line)}

    def seal(self, *, in_order: bool = False) -> None:
        """The numbers staged since the last call packed (a hold's end: prepare, a query's reads);
        `in_order`: every identifier put in order too, however few are out of it (a tree's
        indexing in batches ended: up to a quarter of its identifiers were left for each edge
        to look through, 125,000 of the 28.9k-file tree's 656,000)."""
        self._settle()
        self._holding.seal()
        self._defining.seal()
        self._with_token.seal()
        self._counts.seal()
        ordered = len(self._by_name)
        unordered = len(self._names) - ordered
        if unordered > max(UNORDERED_IDENTIFIERS, ordered // 4) or (in_order and unordered):
            names, every = self._names, range(len(self._names))
            self._by_name = array("I", sorted(every, key=names.__getitem__))
            self._by_reversed_name = array("I", sorted(every, key=lambda n: names[n][::-1]))

    def edge_files(self, edge: bytes, at_start: bool) -> frozenset[int] | None:
        """The numbers of the files holding an identifier that begins with `edge` (`at_start`) or
        ends with it: where a literal whose last (first) run is `edge` can be. None when more
        than EDGE_IDENTIFIERS identifiers do (the edge then narrows nothing worth its cost)."""
        self._settle()
        names = self._names

        def key(number: int) -> bytes:
            return names[number] if at_start else names[number][::-1]

        order, probe = (self._by_name, edge) if at_start else (self._by_reversed_name, edge[::-1])
        # An identifier is ASCII letters, digits and `_`, all below 0x7f: the range of those
        # beginning with `probe` ends before `probe` + 0x7f.
        first = bisect_left(order, probe, key=key)
        last = bisect_left(order, probe + b"\x7f", first, key=key)
        later = range(len(order), len(names))
        held = [n for n in later if (names[n].startswith(edge) if at_start else names[n].endswith(edge))]
        if last - first + len(held) > EDGE_IDENTIFIERS:
            return None
        files: set[int] = set()
        for number in chain(order[first:last], held):
            files.update(self._holding.get(number))
        return frozenset(files)

    def _holding_any_case(self, lowered: bytes) -> list[int]:
        """The numbers of the files holding an identifier that is `lowered` in some ASCII case
        (`Content`, `CONTENT` for `content`). Its spellings are found letter by letter in the
        identifiers' order, each letter's two cases a range within the last's (a folded
        needle's file was otherwise every file, lowered and searched: 35k files, 260 ms); those
        numbered since they were put in order are looked through one by one."""
        names, order = self._names, self._by_name

        def key(number: int) -> bytes:
            return names[number]

        spellings = [(0, len(order), b"")]  # (first, last, prefix): the ordered names with it
        for byte in lowered:
            cases = {bytes([byte]), bytes([byte]).upper()}
            longer = []
            for first, last, prefix in spellings:
                for case in cases:
                    probe = prefix + case
                    start = bisect_left(order, probe, first, last, key=key)
                    end = bisect_left(order, probe + b"\x7f", start, last, key=key)
                    if start < end:
                        longer.append((start, end, probe))
            spellings = longer
        # A range's first name is its prefix itself, if any name is (it sorts before the longer).
        numbers = [order[first] for first, _, prefix in spellings if names[order[first]] == prefix]
        numbers += [n for n in range(len(order), len(names)) if names[n].lower() == lowered]
        files: set[int] = set()
        for number in numbers:
            files.update(self._holding.get(number))
        return sorted(files)

    def _path_number(self, path: str) -> int:
        number = self._path_numbers.get(path)
        if number is None:
            number = self._path_numbers[path] = len(self._paths)
            self._paths.append(path)
        return number

    @property
    def identifiers(self) -> Iterable[str]:
        self._settle()
        names = self._names
        return [names[n].decode("ascii") for n in self._holding.keys()]

    def _number(self, identifier: str) -> int:
        """`identifier`'s number; -1 for one no file held (its files: none)."""
        return self._numbers.get(identifier.encode("ascii", "replace"), -1)

    @property
    def tokens(self) -> Iterable[str]:
        self._settle()
        return self._counts.keys()

    def token_counts(self, token: str, among: frozenset[int] | None = None) -> dict[str, int]:
        """path → how often the file's identifiers hold `token`, in the order the files came to
        hold it (only the files numbered `among`, when given: `numbers`)."""
        self._settle()
        pairs, paths = self._counts.get(token), self._paths
        numbered = zip(pairs[::2], pairs[1::2])
        if among is None:
            return {paths[n]: times for n, times in numbered}
        return {paths[n]: times for n, times in numbered if n in among}

    def token_count(self, token: str, path: str) -> int:
        """How often `path`'s identifiers hold `token` (0: not at all, or not indexed)."""
        self._settle()
        number = self._path_numbers.get(path)
        return 0 if number is None else self._counts.pair_count(token, number)

    def numbers(self, paths: Iterable[str]) -> frozenset[int]:
        """The numbers of those of `paths` the index has seen."""
        known = self._path_numbers
        return frozenset(known[p] for p in paths if p in known)

    def files_holding(self, identifier: str) -> list[str]:
        """The indexed files holding `identifier` whole, in the order they came to hold it."""
        self._settle()
        return [self._paths[at] for at in self._holding.get(self._number(identifier))]

    def files_defining(self, identifier: str) -> frozenset[str]:
        """The files with a line index and its bits (`_FileLines.definable`) where a line defines
        `identifier` as the rules read it (`names_defined`)."""
        self._settle()
        return frozenset(self._paths[at] for at in self._defining.get(self._number(identifier)))

    def candidates(
        self, identifiers: Sequence[str], edges: Sequence[tuple[bytes, bool]] = (), *, folded: bool = False
    ) -> list[str] | None:
        """The indexed files holding every one of `identifiers` whole (`folded`: in any ASCII
        case, as a folded needle's expression matches) and, for each of `edges` (`edge_files`'
        arguments), an identifier beginning or ending with it; None when neither narrows (every
        file may hold the needle)."""
        self._settle()
        holding: list[Sequence[int]]
        if folded:
            holding = [
                self._holding_any_case(i.encode()) for i in dict.fromkeys(i.lower() for i in identifiers)
            ]
        else:
            holding = [self._holding.get(self._number(i)) for i in dict.fromkeys(identifiers)]
        narrowing = [f for edge, at_start in edges if (f := self.edge_files(edge, at_start)) is not None]
        every: list[Sequence[int] | frozenset[int]] = [*holding, *narrowing]
        if not every:
            return None
        # The fewest files in order, kept where every other list has them too (an edge's files
        # may be fewer than a common run's: `location of error`, 329 of 20,000 holding `of`).
        smallest = min(every, key=len)
        ordered = sorted(smallest) if isinstance(smallest, frozenset) else smallest
        others = [h for h in every if h is not smallest]
        if others:
            common = frozenset(smallest).intersection(*others)
            ordered = [at for at in ordered if at in common]
        return [self._paths[at] for at in ordered]


_WORD_CHARS = frozenset("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _alone(needles: Sequence[Needle]) -> bool:
    """Whether, in a file where one needle's expression alone matches, the classifier can find
    no other needle on an uncut line: true unless a needle is folded (Unicode case folding finds
    what ASCII does not), a word begins or ends with a non-word character (the classifier's
    boundaries differ from ripgrep's there) or a literal holds the replacement character."""
    for n in needles:
        if n.fold or (n.word and not (n.text[:1] in _WORD_CHARS and n.text[-1:] in _WORD_CHARS)):
            return False
        if not n.word and "\ufffd" in n.text:
            return False
    return True


_WHOLE_IDENTIFIER = compile_static(r"[A-Za-z0-9_]+")


def _exact(needles: Sequence[Needle]) -> bool:
    """`_alone`, and every word one identifier: then whatever the other needles, a line holds
    exactly the needles whose own expressions match it and whose classification finds them
    there (the classifier's alternation can match a word only as a whole run of word
    characters, which no other word can share)."""
    return _alone(needles) and all(_WHOLE_IDENTIFIER.fullmatch(n.text) for n in needles if n.word)


_WORD_BYTES = frozenset(b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_")


def _identifier_lines(data: bytes, word: bytes, most: int) -> list[Hit]:
    """`matching_lines` for one identifier (letters, digits, underscores): ripgrep's `\\bword\\b`
    holds at an occurrence exactly when the bytes on either side are not word bytes, so the
    occurrences are taken in order and checked there, and the search stops at the `most`-th line."""
    out: list[Hit] = []
    size, width = len(data), len(word)
    line, counted = 1, 0
    at = data.find(word)
    while at >= 0:
        after = at + width
        if (at == 0 or data[at - 1] not in _WORD_BYTES) and (after >= size or data[after] not in _WORD_BYTES):
            start = data.rfind(b"\n", 0, at) + 1
            end = data.find(b"\n", after)
            terminated = end >= 0
            if not terminated:
                end = size
            line += data.count(b"\n", counted, start)
            counted = start
            out.append(Hit(line, line_text(data[start:end], terminated)))
            if len(out) >= most or end >= size:
                break
            at = data.find(word, end + 1)
        else:
            at = data.find(word, at + 1)
    return out


class _Found:
    """One needle's first lines in one kept file, and what every query composes from them (made
    once when the lines are found, not on every query). Lines made when read (`PlainLines`) are
    their own."""

    __slots__ = ("lines", "hits", "cut")
    lines: Sequence[Hit]
    hits: Sequence[Hit]
    cut: bool

    def __init__(
        self,
        lines: Sequence[Hit],
        holds: Callable[[str], bool],
        all_hold: Callable[[str], bool],
    ):
        self.lines = lines  # every line the needle's expression matches (never changed)
        # Every line's text at once: a common name has thousands of lines, most of them asked
        # nothing one by one.
        joined = "\n".join([line.text for line in lines])
        self.cut = joined.endswith(OMITTED) or OMITTED + "\n" in joined  # cut at MAX_LINE_CHARS
        # The lines where the classifier finds the needle: on most files every one, and then the
        # same list (no second list, no tuple per line).
        if not self.cut and all_hold(joined):
            self.hits = lines
        else:
            hits = [line for line in lines if holds(line.text)]
            self.hits = lines if len(hits) == len(lines) else hits


_Kept = _Found | PlainLines  # a needle's lines in one file


def _within_budget(hits: Sequence[Hit], budget: int, result: ScanResult) -> Sequence[Hit]:
    """A needle's kept hits in one file as the answer holds them: the first `budget` (reaching it
    said), a copy of a kept list; lines made when read (`PlainLines`) as they are, never changed."""
    if len(hits) > budget:
        reach(result.bounds_reached, "occurrences_per_string_file")
        return hits[:budget]
    return hits if isinstance(hits, PlainLines) else list(hits)


_LinesOf = Callable[[str, bytes], "_Kept | None"]


def _is_identifier(needle: Needle) -> bool:
    """A word needle that is one identifier as written: its lines are the line index's."""
    return needle.word and not needle.fold and _IDENTIFIER.fullmatch(needle.text.encode()) is not None


def _lines_of(needle: Needle, most: int, index: TokenIndex) -> _LinesOf:
    """The first `most` lines of one indexed file's contents `needle` matches (as ripgrep's
    expression for it alone), each with whether the classifier finds it there; None for none."""
    probe = needle.text.encode()
    probes, folded = ([], [probe.lower()]) if needle.fold else ([probe], [])
    rx, classify = python_pattern([needle]), classifier([needle])
    identifier = _is_identifier(needle)
    after_dollar, before_dollar = "$" + needle.text, needle.text + "$"
    # A literal's inner runs are whole identifiers wherever it occurs, so its lines are among
    # those of the run the fewest files hold, which a file's line index lists: the rest of the
    # file is not searched (a quoted phrase's words are in thousands of files).
    by_runs = not (needle.word or needle.fold or "\r" in needle.text or "\n" in needle.text)
    inner = [run.encode() for run in _needle_runs(needle)[0]] if by_runs else []
    rarest = min(inner, key=index.holding_count) if inner else None

    def all_hold(text: str) -> bool:
        # An identifier on ASCII lines, none cut, with no `$` next to it: the classifier's
        # boundaries (`[\w$]`) are ripgrep's there, so it finds the needle wherever ripgrep
        # matched it (a `$` elsewhere on a line, as in most PHP lines, changes nothing). `text`:
        # one line, or lines joined by `\n` (which no `$`-spelling spans).
        return identifier and text.isascii() and after_dollar not in text and before_dollar not in text

    def holds(text: str) -> bool:
        return (not text.endswith(OMITTED) and all_hold(text)) or bool(classify(text))

    def lines_of(path: str, data: bytes) -> _Kept | None:
        if identifier:
            # No search of the whole contents first: the line index (or the search for the
            # word) finds nothing in a file without it.
            lines = index.identifier_lines(path, data, probe, most)
            if isinstance(lines, PlainLines):
                return lines
            return _Found(lines, holds, all_hold) if lines else None
        if rarest is not None and (found := index.literal_lines(path, data, rarest, probe, most)) is not None:
            return _Found(found, holds, all_hold) if found else None
        if is_binary(data):
            return None
        if (probe.lower() in data.lower()) if needle.fold else (probe in data):
            lines = [Hit(no, text) for no, text in matching_lines(data, probes, folded, rx, most)]
        else:
            return None
        return _Found(lines, holds, all_hold) if lines else None

    return lines_of


def _needle_runs(needle: Needle) -> tuple[list[str], list[tuple[bytes, bool]]]:
    """What every file holding `needle` holds, as `TokenIndex.candidates` takes it: identifiers
    whole (as maximal runs of word bytes), and edges (an identifier beginning or ending with
    the run). A word's runs are all whole: `\\b` at its ends stops a run there, and inside it
    the needle's own other bytes do. A literal's first run may be the end of a longer identifier
    in the file and its last run the beginning of one; a run that is the whole literal may be
    any part of one. A folded needle's runs are whole in any case (`candidates(folded=True)`);
    its edges are not looked up."""
    text = needle.text
    whole, edges = [], []
    for m in _RUN.finditer(text):
        first, last = m.start() == 0, m.end() == len(text)
        if needle.word or not (first or last):
            whole.append(m.group())
        elif not (first and last or needle.fold):
            edges.append((m.group().encode(), last))
    return whole, edges


class _Hold(NamedTuple):
    """A hold's answer: for the one-file budget, over these paths, the files and bytes it
    counted (every path a file, as the cold scan counts the paths it hands ripgrep; the bytes
    of those read), whether one was over the budget, and the paths it could not read."""

    limit: int
    paths: list[str]
    files: int
    size: int
    over: bool
    unread: list[str]


class _KeptCounts:
    """One token's counts over the files named for terms (within the budget, in path order), the
    files whose count the budget cut, and the number of the last file change they hold."""

    __slots__ = ("counts", "over", "upto")

    def __init__(self, counts: dict[str, int], over: set[str], upto: int):
        self.counts, self.over, self.upto = counts, over, upto


class _KeptLines:
    """One needle's kept lines per file, how to find them in a file read again, and the number
    of the last file change they hold (`WarmScanner._changes`)."""

    __slots__ = ("lines_of", "found", "upto")

    def __init__(self, lines_of: _LinesOf, found: dict[str, _Kept], upto: int):
        self.lines_of, self.found, self.upto = lines_of, found, upto


class WarmScanner:
    """The scan over a `CachedWorkTree`'s kept contents and token index."""

    reads_each_file_once = True  # `OnePassScanner`: the words and the terms in one read

    def __init__(self, tree: CachedWorkTree, read_per_query: int = READ_PER_QUERY):
        self.tree, self.read_per_query = tree, read_per_query
        self.index = TokenIndex()
        #: Whether the last `behind` found the walked files not yet read (a host may read them now).
        self.was_behind = False
        # The paths and the tree's version `behind` was last asked with, and its answer.
        self._last_behind: tuple[Sequence[str], int, bool] | None = None
        # The last hold's answer, and the files the tree dropped since (path -> the bytes it
        # counted of them; None: not counted), while that answer can be brought up to date.
        self._last_hold: _Hold | None = None
        self._dropped_since: dict[str, int | None] | None = None
        # Each needle's lines per file, kept across queries: they follow every file that comes,
        # changes or goes.
        self._lines_kept: OrderedDict[tuple[Needle, int], _KeptLines] = OrderedDict()
        self._lines_held = 0
        # The files named for terms and the budget the kept counts are for; those files' numbers;
        # each token's counts over them.
        self._terms_kept: (
            tuple[tuple[Sequence[str], int], frozenset[int], OrderedDict[str, _KeptCounts]] | None
        ) = None
        self._terms_held = 0  # counts kept, over every token
        # The files changed since some kept lines or counts were made: path -> the number of its
        # last change and its contents (None: dropped, not read again). A kept needle's lines and
        # a kept token's counts catch up when a query next asks for them (an agent edits a file
        # between questions, and hundreds are kept).
        self._changes: dict[str, tuple[int, bytes | None]] = {}
        self._changed = 0
        self._wanted: tuple[Sequence[str], frozenset[str]] | None = None  # the paths last scanned, as a set
        tree.on_drop = lambda path, held: self._dropped(path)

    def behind(self, paths: Sequence[str]) -> bool:
        """Whether more than `read_per_query` of `paths` are still to be read and indexed while
        the cache has room for them (then the cold scan answers: `scan.shared`). The same list
        of paths asked again while the tree held and dropped nothing has the same answer."""
        last = self._last_behind
        if last is None or last[0] is not paths or last[1] != self.tree.version:
            indexed, missing = self.index.indexed, 0
            for path in paths:
                if path not in indexed:
                    missing += 1
                    if missing > self.read_per_query:
                        break
            behind = missing > self.read_per_query and self.tree.bytes_held < self.tree.max_bytes
            last = self._last_behind = (paths, self.tree.version, behind)
        self.was_behind = last[2]
        return self.was_behind

    def scan(
        self,
        tree: Tree,
        paths: Sequence[str],
        needles: Sequence[Needle],
        budgets: Budgets,
        deadline: float,
        *,
        term_paths: Sequence[str] | None = None,
    ) -> ScanResult:
        if tree is not self.tree:  # another tree (a rescan over git objects): the plain pass
            return MemoryScanner().scan(tree, paths, needles, budgets, deadline, term_paths=term_paths)
        terms = TermMatcher(needles)
        counted = paths if term_paths is None else term_paths
        result = ScanResult(files_scanned=0, term_files=len(counted) if terms else 0)
        if not needles:
            return result
        cold = self.hold(paths, budgets, deadline, result)
        if "time_s" in result.bounds_reached:
            return result
        plain = [n for n in needles if not n.term]
        if plain:
            self._lines(result, paths, plain, budgets, deadline)
        if terms:
            self._terms(result, counted, terms, budgets)
        if cold:
            wanted = set(counted)
            search, lines = scan_contents(needles), scan_lines(plain)
            for path, data in cold.items():
                if not is_binary(data):
                    (search if path in wanted else lines)(result, path, data, budgets)
        # Composed file by file in path order, terms token by token: unless files searched as
        # read came after them.
        result.in_order = not cold
        return result

    def hold(
        self, paths: Sequence[str], budgets: Budgets, deadline: float, result: ScanResult
    ) -> dict[str, bytes]:
        """Validate, read where changed and index every one of `paths` the cache keeps; the
        contents of those it cannot keep (over its cap) are returned, to be searched as read.

        Incremental: a file still indexed is current (the walk just validated it, and a file the
        tree drops leaves the index), so only files that came or changed are read. When the same
        paths are asked again, the last answer's counts are the answer, changed by the files
        dropped since (read again) and those it could not read (asked again): an agent edits a
        file between two questions, and a pass over every path took some 12 ms of 28,900. Every
        path handed counts as a file scanned, read or not, as the cold scan counts them."""
        limit = budgets.file_bytes
        last, since = self._last_hold, self._dropped_since
        files = size = 0
        over = False  # a file over the one-file budget
        todo: Iterable[str] = paths
        same_paths = last is not None and last.paths == paths
        if last is not None and since is not None and last.limit == limit and same_paths:
            # Unread files are asked again whatever changed: one over the budget may have shrunk
            # (a file the tree never kept leaves it no trace to drop).
            wanted = self._wanted_set(paths)
            dropped = {p: n for p, n in since.items() if p in wanted}
            todo = sorted(set(dropped).union(last.unread))
            files = last.files - len(todo)  # each counted once, and once again below
            size = last.size - sum(n for n in dropped.values() if n is not None)
        cold: dict[str, bytes] = {}
        unread: list[str] = []
        indexed = self.index.indexed
        for path in todo:
            data = indexed.get(path)
            if data is None or len(data) > limit:
                if time.monotonic() > deadline:
                    reach(result.bounds_reached, "time_s")
                    self._last_hold = self._dropped_since = None
                    return cold
                read, held = self.tree.held_file(path, limit, walked=True)
                data = read.data
                if data is None:
                    if read.refused == too_large(limit):
                        reach(result.bounds_reached, "file_bytes")
                        over = True
                    unread.append(path)
                    files += 1  # handed to the scan, as ripgrep is handed it and skips it
                    continue
                if held is None:
                    cold[path] = data
                elif path not in indexed:
                    self._indexed(path, data)
            files += 1
            size += len(data)
        result.files_scanned += files
        result.bytes_scanned += size
        if over:
            reach(result.bounds_reached, "file_bytes")
        self.index.seal()
        if cold:  # files over the cap are read again on every query: no shortcut while there are any
            self._last_hold = self._dropped_since = None
        else:
            kept = last.paths if last is not None and same_paths else list(paths)
            self._last_hold = _Hold(limit, kept, files, size, over, unread)
            self._dropped_since = {}
        return cold

    def _wanted_set(self, paths: Sequence[str]) -> frozenset[str]:
        """`paths` as a set, made once per kept listing (one list: `walk`)."""
        if self._wanted is None or self._wanted[0] is not paths:
            self._wanted = (paths, frozenset(paths))
        return self._wanted[1]

    def _lines(
        self, result: ScanResult, paths: Sequence[str], plain: list[Needle], budgets: Budgets, deadline: float
    ) -> None:
        """The lines of every word and literal, composed per file from each needle's own lines:
        the lines any of them matches are the union of each one's, so the first `most` of the
        union (ripgrep's `--max-count` over every needle) are among each one's first `most`."""
        most = budgets.occurrences_per_string_file + 1
        wanted = self._wanted_set(paths)
        asked: list[tuple[Needle, dict[str, _Kept]]] = []
        for needle in plain:
            kept = self._needle_lines(needle, most, deadline)
            if kept is None:  # the time budget: the lines found so far are the answer
                reach(result.bounds_reached, "time_s")
                break
            asked.append((needle, kept))
        classify = classifier(plain)
        alone, exact = _alone(plain), _exact(plain)
        budget = budgets.occurrences_per_string_file
        number = {n: at for at, n in enumerate(plain)}
        distinct = len(number) == len(plain)  # (a needle asked twice is recorded twice, below)
        per_file: dict[str, list[tuple[Needle, _Kept]]] = {}
        own: dict[Needle, list[tuple[str, Sequence[Hit]]]] = {}
        if distinct and (exact or alone):
            # A file one needle alone is in (most files a common name is in), its lines not cut,
            # or one several are in, all of them words whole and their lines together within
            # `most`, none cut: each needle's hits there are its own lines the classification
            # found it on (what `record` would add one line at a time, as below). Such files are
            # taken needle by needle, most of the choosing done by set operations.
            seen: set[str] = set()
            shared: set[str] = set()
            for _, kept in asked:
                shared |= seen.intersection(kept)
                seen.update(kept)
            shared &= wanted
            easy: set[str] = set()
            if exact and shared:
                lines_in = dict.fromkeys(shared, 0)
                cut: set[str] = set()
                for _, kept in asked:
                    for path in shared.intersection(kept):
                        f = kept[path]
                        lines_in[path] += len(f.lines)
                        if f.cut:
                            cut.add(path)
                easy = {path for path, count in lines_in.items() if count <= most} - cut
            hard = shared - easy
            for needle, kept in asked:
                its = own[needle] = []
                for path in ((kept.keys() - shared) & wanted) | easy.intersection(kept):
                    f = kept[path]
                    if type(f) is PlainLines:  # most files of a common name: no call a file
                        count = len(f.numbers)
                        if count > budget:
                            its.append((path, _within_budget(f, budget, result)))
                        elif count:
                            its.append((path, f))
                    elif f.cut:  # (a file this needle alone is in)
                        per_file[path] = [(needle, f)]
                    elif f.hits:
                        its.append((path, _within_budget(f.hits, budget, result)))
                for path in hard.intersection(kept):
                    per_file.setdefault(path, []).append((needle, kept[path]))
        else:
            for needle, kept in asked:
                for path, needle_found in kept.items():
                    if path in wanted:
                        per_file.setdefault(path, []).append((needle, needle_found))
        for path in sorted(per_file):
            found = per_file[path]
            if exact or (alone and len(found) == 1):
                # A line holds the needles whose own lines it is in and whose classification
                # found them there: no other needle can be found on it (`_alone`, `_exact`).
                # Needles by their place in `plain` here (hashing a Needle is a Python call).
                merged: dict[int, tuple[str, list[int]]] = {}
                for needle, f in found:
                    at = number[needle]
                    every = f.hits is f.lines
                    held = set() if every else {hit.line for hit in f.hits}
                    for no, text in f.lines:
                        entry = merged.get(no)
                        if entry is None:
                            entry = merged[no] = (text, [])
                        if every or no in held:
                            entry[1].append(at)
                per_needle: dict[int, list[Hit]] = {}  # in the order `record` would add them
                for no in sorted(merged)[:most]:
                    text, ats = merged[no]
                    if text.endswith(OMITTED):  # a cut line: the cut may make another needle
                        ats = [number[n] for n in classify(text)]
                    if ats:
                        hit = Hit(no, text)
                        for at in ats:
                            needle_hits = per_needle.get(at)
                            if needle_hits is None:
                                needle_hits = per_needle[at] = []
                            if len(needle_hits) < budget:
                                needle_hits.append(hit)
                            else:
                                reach(result.bounds_reached, "occurrences_per_string_file")
                for at, hits in per_needle.items():
                    result.hits.setdefault(plain[at], {})[path] = hits
                continue
            plain_lines = sorted({no: text for _, f in found for no, text in f.lines}.items())
            for no, text in plain_lines[:most]:
                needles = classify(text)
                if needles:
                    record(result, needles, path, no, text, budgets)
        for needle, its in own.items():  # each needle's files in path order, both kinds together
            if its:
                rest = result.hits.get(needle)
                result.hits[needle] = dict(sorted([*its, *rest.items()] if rest else its))

    def _needle_lines(self, needle: Needle, most: int, deadline: float) -> dict[str, _Kept] | None:
        """path -> the first `most` lines `needle` matches there (as ripgrep's expression for it
        alone), each with whether the classifier finds it there, over the indexed files that
        hold its tokens; kept across queries (a file that comes, changes or goes updates it).
        None when the deadline passed first."""
        kept_lines = self._lines_kept.get((needle, most))
        if kept_lines is not None:
            self._lines_kept.move_to_end((needle, most))
            self._catch_up(kept_lines)
            return kept_lines.found
        candidates: Iterable[str] | None = self.index.candidates(*_needle_runs(needle), folded=needle.fold)
        if candidates is None:
            candidates = self.index.indexed
        lines_of = _lines_of(needle, most, self.index)
        kept: dict[str, _Kept] = {}
        if _is_identifier(needle):
            plain, candidates = self.index.plain_identifier_lines(candidates, needle.text.encode(), most)
            kept.update(plain)
            self._lines_held += sum(len(lines.numbers) for lines in plain.values())
        for i, path in enumerate(candidates):
            if not i % DEADLINE_EVERY and time.monotonic() > deadline:
                return None  # nothing kept: a later query searches the needle whole
            found = lines_of(path, self.index.indexed[path])
            if found:
                kept[path] = found
                self._lines_held += len(found.lines)
        self._lines_kept[(needle, most)] = _KeptLines(lines_of, kept, self._changed)
        while self._lines_held > LINES_KEPT and len(self._lines_kept) > 1:
            _, gone = self._lines_kept.popitem(last=False)
            self._lines_held -= sum(len(found.lines) for found in gone.found.values())
        return kept

    def _catch_up(self, kept: _KeptLines) -> None:
        """The files read since `kept` was last brought up to date, looked through for its needle."""
        if kept.upto == self._changed:
            return
        for path, (change, data) in self._changes.items():
            if change > kept.upto and data is not None and (found := kept.lines_of(path, data)):
                kept.found[path] = found
                self._lines_held += len(found.lines)
        kept.upto = self._changed

    def _indexed(self, path: str, data: bytes) -> None:
        """A file read (new, or changed): into the index, and to be looked through for each kept
        needle when it is next asked for (`_catch_up`)."""
        self.index.add(path, data)
        self._change(path, data)

    def _dropped(self, path: str) -> None:
        """A file the tree dropped (changed, gone): out of the index and every needle's lines."""
        if self._dropped_since is not None:
            data = self.index.indexed.get(path)
            self._dropped_since.setdefault(path, None if data is None else len(data))
        self.index.remove(path)
        self._change(path, None)
        for kept in self._lines_kept.values():
            found = kept.found.pop(path, None)
            if found:
                self._lines_held -= len(found.lines)

    def may_define(self, name: str) -> Callable[[Collection[str]], list[str]] | None:
        """Those of a name's files (`among`: the files this query's scan found it in) that may hold
        a definition of `name`: the files whose definable lines define it (a name in thousands of
        files is defined in a few), and those the index cannot tell of (`TokenIndex.undecided`);
        never a file of a language without rules. Looked up in the index, not asked file by file.
        None when the index cannot tell (the scan was not its own, or `name` is not one
        identifier)."""
        if self.was_behind or _IDENTIFIER.fullmatch(name.encode("ascii", "replace")) is None:
            return None
        defining, undecided = self.index.files_defining(name), self.index.undecided

        def among(paths: Collection[str]) -> list[str]:
            small, large = (paths, undecided) if len(paths) < len(undecided) else (undecided, paths)
            return [p for p in defining if p in paths] + [p for p in small if p in large]

        return among

    def definable_lines(self, path: str) -> bytes | None:
        """The lines of `path` a definition can be on (`definable_lines`, a bit a line), for the
        contents this query's scan read its lines from: None when the scan was not the index's
        (`behind`: the cold scan answered) or the index has no such bits for the file."""
        kept = None if self.was_behind else self.index.lines.get(path)
        return kept.definable if kept is not None else None

    def term_lines(self, terms: TermMatcher) -> Callable[[str, bytes], dict[int, tuple[str, ...]] | None]:
        """`terms.lines` of a file's contents from the index (`TokenIndex.term_lines`); None
        for contents it does not hold (the caller splits them)."""
        holding = self.index.with_tokens(terms.tokens)
        return lambda path, data: self.index.term_lines(path, data, terms, holding)

    def _terms(
        self, result: ScanResult, counted: Sequence[str], terms: TermMatcher, budgets: Budgets
    ) -> None:
        """Each term's counts over the files named for terms, a token at a time (what
        `record_terms` would give file by file: each count within the per-term-and-file budget).

        A token's counts are kept for the next queries while the same files are named for terms:
        a report's common words (error, value, field) come back query after query, and theirs
        are the longest lists. A file changed since is counted again for the token alone (an
        agent edits between its questions: recounting every token took some 8 ms of 14 on the
        28.9k-file tree)."""
        cap = budgets.occurrences_per_string_file
        kept = self._terms_kept
        if kept is None or kept[0][0] is not counted or kept[0][1] != cap:
            kept = self._terms_kept = ((counted, cap), self.index.numbers(counted), OrderedDict())
            self._terms_held = 0
        _, wanted, by_token = kept
        for token in sorted(terms.tokens):
            found = by_token.get(token)
            if found is None:
                every = self.index.token_counts(token, wanted)
                # In path order (the index holds a token's files in the order their counts came),
                # made in C; the few counts over the cap are cut after.
                counts = dict(sorted(every.items()))
                over = {p for p, times in every.items() if times > cap}
                counts.update(dict.fromkeys(over, cap))
                found = by_token[token] = _KeptCounts(counts, over, self._changed)
                self._terms_held += len(counts)
                while self._terms_held > TERM_COUNTS_KEPT and len(by_token) > 1:
                    _, gone = by_token.popitem(last=False)
                    self._terms_held -= len(gone.counts)
            else:
                by_token.move_to_end(token)
                if found.upto < self._changed:
                    self._recount(token, found, cap)
            if not found.counts:
                continue
            if found.over:
                reach(result.bounds_reached, "occurrences_per_string_file")
            result.terms.setdefault(token, {}).update(found.counts)

    def _recount(self, token: str, kept: _KeptCounts, cap: int) -> None:
        """`kept`'s counts of `token` in the files changed since they were made, counted again."""
        assert self._terms_kept is not None
        wanted, numbers = self._terms_kept[1], self.index.numbers
        counts, before = kept.counts, len(kept.counts)
        for path, (change, _) in self._changes.items():
            if change <= kept.upto or not numbers([path]) <= wanted:
                continue
            times = self.index.token_count(token, path)
            if times > cap:
                kept.over.add(path)
            else:
                kept.over.discard(path)
            if not times:
                counts.pop(path, None)
                continue
            new = path not in counts
            counts[path] = min(times, cap)
            if new:  # a file that now holds the token: in its place in path order
                counts = kept.counts = dict(sorted(counts.items()))
        self._terms_held += len(counts) - before
        kept.upto = self._changed

    def _change(self, path: str, data: bytes | None) -> None:
        """`path` read again (`data`) or dropped (None): for the kept lines and counts to catch up
        with. The changes every kept one has caught up with are let go; past LINES_UPDATES left
        (a branch switch), what is kept starts afresh."""
        counts = self._terms_kept[2].values() if self._terms_kept is not None else ()
        if not self._lines_kept and not counts:
            return
        if len(self._changes) >= LINES_UPDATES and path not in self._changes:
            upto = min(chain((k.upto for k in self._lines_kept.values()), (k.upto for k in counts)))
            self._changes = {p: c for p, c in self._changes.items() if c[0] > upto}
            if len(self._changes) >= LINES_UPDATES:
                self._lines_kept.clear()
                self._lines_held = 0
                self._terms_kept = None
                self._changes.clear()
                return
        self._changed += 1
        self._changes[path] = (self._changed, data)
