"""discovery: the message's words against the file paths.

A message's word meets a path's word as written, in the plural, or by its base
(`autoreloading`, `autoreloader`: `autoreload.py`). Each path word weighs by its
rarity among the paths (idf) and by how often the message repeats it (a title
word counts again); a path's specificity is its words' weight over the best
path's, and over no less than a rare word's (weights.PATH_WORDS_FLOOR). The spec
runs discovery only as a fallback (when nothing reliable was found); measured on
the development split, running it on every message raised file recall, so it
runs on every message (docs/benchmark.md). The files' text is the fulltext
strategy's: a word counts once for a path and once for a text, never twice for
the same text.
"""

from __future__ import annotations

import bisect
import functools
import heapq
import itertools
import math
import os
from collections import Counter
from typing import Collection, Final, Generic, Iterator, Sequence, TypeVar

from ..lang.languages import is_prose_path, is_test_path
from ..lazyre import compile_static
from ..model import Anchor, AnchorKind, AnchorOrigin, Finding
from ..scan import Needle
from ..seeds.terms import bases, spellings, stem
from ..weights import PATH_WORDS_FLOOR, R
from .base import ListingEvidence, PathIndex, Plan

__all__ = ["DiscoveryStrategy"]

#: Files discovery proposes at most.
MAX_FILES = 8
#: Words too common in issue prose to say anything about a path.
STOPWORDS = frozenset(
    """
the and for with that this from have has are was were not but can when what which would should
could there their then than into your you our out use used using also just like will does did
been being get set add new all any some one two via per its it's who how why where more most
only other such very may might must need needs each both same make makes made see seems issue
bug error problem expected behavior behaviour actual current case cases work works working
instead following example code file files line lines run running call called return returns
true false none null value values thing things way because while after before about above
below version versions here now still even think know want wanted try tried please thanks
description steps reproduce output input result results support supported default
""".split()
)
# Trailing digits are a version, not part of the word (sqlite3, py3, http2).
_SPLIT = compile_static(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")


@functools.lru_cache(maxsize=1 << 15)
def _tokens(part: str) -> tuple[str, ...]:
    """A directory's or a file name's path words, lower case (no token spans a `/`)."""
    return tuple(map(str.lower, _SPLIT.findall(part)))


_T = TypeVar("_T")


class _Names(Generic[_T]):
    """Lists (of directories, of paths' numbers) by a name each, found by the name's path words.
    At first the names, lower-cased, are one text where a probe is looked for, and only a name
    holding it is split (`_tokens`): a path word is a run of a name's ASCII letters or digits,
    so it is in the name lower-cased, and so is any part of it, such as the part all of a word's
    spellings begin with. Once `split_all`, a word's lists are looked up."""

    def __init__(self, named: dict[str, list[_T]]):
        self.named = named
        self.names = sorted(named)
        lowered = [n.lower() for n in self.names]  # a name's own length: lower() may change it
        self.text = "\n".join(lowered)
        self.starts = list(itertools.accumulate((len(n) + 1 for n in lowered[:-1]), initial=0))
        self._by_word: dict[str, list[list[_T]]] | None = None

    def split_all(self) -> None:
        if self._by_word is not None:
            return
        by_word: dict[str, list[list[_T]]] = {}
        for name in self.names:
            for t in dict.fromkeys(_tokens(name)):
                by_word.setdefault(t, []).append(self.named[name])
        self._by_word = by_word

    def holding(self, words: Collection[str]) -> Iterator[list[_T]]:
        """The lists of the names holding one of `words` (a list may come twice)."""
        if self._by_word is not None:
            for t in sorted(words):
                yield from self._by_word.get(t, ())
            return
        probes = [probe] if (probe := os.path.commonprefix(list(words))) else sorted(words)
        for probe in probes:
            at = self.text.find(probe)
            while at >= 0:
                i = bisect.bisect_right(self.starts, at) - 1
                if any(t in words for t in _tokens(self.names[i])):
                    yield self.named[self.names[i]]
                if i + 1 == len(self.starts):
                    break
                at = self.text.find(probe, self.starts[i + 1])  # on from the next name


class _Held:
    """The paths holding a query's words (`_PathWords.held`), each with the bits of the words it
    holds: runs of the sorted listing below directories named by words, where every path holds
    the same words, and single paths whose own name holds one. A run's paths are counted, not
    visited: a package's name (`django`, `lucene`) names a directory above thousands of paths,
    most never shown (the 32.3k-file tree: some 14,000 paths a query below directories a word
    names, 3,800 named by a word themselves; visiting each, discovery's median was 7.4–8.7 ms
    warm, counting runs 3.8–3.9 ms)."""

    def __init__(self, paths: list[str], runs: list[tuple[int, int, int]], own: dict[int, int]):
        self._paths = paths
        self._own = own  # a path named by a word (its number) -> every bit it holds
        # runs: (first, past the last, bits), disjoint, in order
        self.per_mask: Counter[int] = Counter()  # bits -> the number of paths holding just those
        named = sorted(own)
        for first, last, bits in runs:
            self.per_mask[bits] += last - first
            # The paths in the run a word names themselves: counted with their own bits instead.
            lo = bisect.bisect_left(named, first)
            hi = bisect.bisect_left(named, last, lo)
            if lo < hi:
                self.per_mask[bits] -= hi - lo
                for at in named[lo:hi]:
                    own[at] |= bits
        self.per_mask.update(own.values())  # counted in C (thousands of paths a query)
        for bits in [b for b, n in self.per_mask.items() if not n]:
            del self.per_mask[bits]
        # A run whose every path a word names itself leaves its bits no path.
        self._runs = [run for run in runs if run[2] in self.per_mask]

    def best(self, weight: dict[int, float]) -> Iterator[tuple[float, str, int]]:
        """(weight, path, bits) of every path whose bits weigh more than nothing, by weight (the
        heaviest first) then path: a weight's runs and single paths merged in path order."""
        own = self._own
        groups: dict[float, list[Iterator[tuple[int, int]]]] = {}
        for first, last, bits in self._runs:
            if (w := weight[bits]) > 0:
                groups.setdefault(w, []).append(_run(first, last, bits, own))
        singles: dict[float, list[tuple[int, int]]] = {}
        for at, bits in own.items():
            if (w := weight[bits]) > 0:
                singles.setdefault(w, []).append((at, bits))
        for w in sorted(groups.keys() | singles.keys(), reverse=True):
            for at, bits in heapq.merge(*groups.get(w, ()), sorted(singles.get(w, ()))):
                yield w, self._paths[at], bits


def _run(first: int, last: int, bits: int, own: dict[int, int]) -> Iterator[tuple[int, int]]:
    """A run's paths in order, with its bits, but for those a word names themselves (`own`)."""
    return ((at, bits) for at in range(first, last) if at not in own)


class _PathWords:
    """The listing's paths by the words of their directories' and their files' names (once per
    listing: `PathIndex.fact`). A directory stands for the paths below it, a run of the sorted
    listing. A listing's first query splits only the names a word asked for is in (`_Names`):
    splitting every name took a one-shot retrieval's discovery 4.5 of its 6.6 ms at the median
    of the 40 speed tasks (now 1.3 of 4.5). A second query of the same listing is a long-lived
    host's: it splits every name once, as it would look through them all again on each query
    (the 28.9k-file tree: 20 ms a query, against 50 once)."""

    def __init__(self, paths: Sequence[str]):
        self.paths = sorted(paths)
        self._directories: dict[str, list[str]] = {}  # by their own name
        self._named: dict[str, list[int]] = {}  # the paths' numbers (in `paths`), by their file's name
        seen: set[str] = set()
        for at, p in enumerate(self.paths):
            directory, _, name = p.rpartition("/")
            self._named.setdefault(name, []).append(at)
            while directory and directory not in seen:
                seen.add(directory)
                self._directories.setdefault(directory.rpartition("/")[2], []).append(directory)
                directory = directory.rpartition("/")[0]
        for same_name in self._directories.values():
            same_name.sort()
        self._directory_names = _Names(self._directories)
        self._file_names = _Names(self._named)
        self._queries = 0

    def split_all(self) -> None:
        """Every name split once (a long-lived host's: `prepare_listing`, or a second query)."""
        self._directory_names.split_all()
        self._file_names.split_all()

    def held(self, words: Sequence[tuple[int, Collection[str]]]) -> _Held:
        """One query's words, each a bit and its spellings: the paths holding some of them in a
        directory's name or in their own, each with the bits of the words it holds."""
        self._queries += 1
        if self._queries == 2:
            self.split_all()
        paths = self.paths
        changes: list[tuple[int, int]] = []  # (where, ±bit): a word's runs begin and end
        own: dict[int, int] = {}
        for bit, spelt in words:
            spans = sorted(
                (bisect.bisect_left(paths, d + "/"), bisect.bisect_left(paths, d + "0"))
                for directories in self._directory_names.holding(spelt)
                for d in directories
            )
            merged: list[list[int]] = []  # a directory inside another: one run
            for first, last in spans:
                if merged and first <= merged[-1][1]:
                    merged[-1][1] = max(merged[-1][1], last)
                else:
                    merged.append([first, last])
            for first, last in merged:
                changes += ((first, bit), (last, -bit))
            for numbers in self._file_names.holding(spelt):
                for at in numbers:
                    own[at] = own.get(at, 0) | bit
        runs: list[tuple[int, int, int]] = []
        bits, since = 0, 0
        for where, change in sorted(changes):
            if where > since:
                if bits:
                    runs.append((since, where, bits))
                since = where
            bits += change  # each word's runs are disjoint: its bit is added and taken away in turn
        return _Held(paths, runs, own)


#: The listing's path words: a fact of it (`PathIndex.fact`).
PATH_WORDS = "discovery.path_words"


def prepare_listing(index: PathIndex) -> None:
    """A long-lived host's, before its queries: every name of the listing split once."""
    index.fact(PATH_WORDS, _PathWords).split_all()


#: Seed rank of path words: after every name.
RANK_PATH_WORDS = 9


def _stems_of(mask: int, stems: Sequence[str]) -> tuple[str, ...]:
    """The stems whose bits `mask` holds, in their order: one step a bit set, not one a stem (a
    pasted log's thousands of stems, over thousands of masks, took 70 ms a retrieval)."""
    out = []
    while mask:
        low = mask & -mask
        out.append(stems[low.bit_length() - 1])
        mask ^= low
    return tuple(out)


class DiscoveryStrategy:
    id = "discovery"
    needs_scan: Final = False  # FromListing: it runs while the scan searches

    def wants(self, plan: Plan) -> str | None:
        return "the message's words" if plan.facts.words else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return []  # paths only: the files' text is the fulltext strategy's

    def find(self, ev: ListingEvidence) -> list[Finding]:
        counts = Counter(stem(w) for w in ev.facts.words if len(w) >= 3 and w not in STOPWORDS)
        # A title names the component more often than the body does: its words count again.
        counts.update(stem(a.text) for a in ev.of_kind(AnchorKind.WORD) if stem(a.text) in counts)
        if not counts:
            return []
        # Path tokens are matched against the spellings of each message stem (discount,
        # discounts, discountes…) rather than stemmed one by one: one set lookup per token.
        spelled = {v: w for w in counts for v in spellings(w)}
        for w in counts:  # a word's base names a path too (autoreloading, autoreloader: autoreload)
            for v in bases(w):
                spelled.setdefault(v, w)
        # Each path's stems as a bit mask over the stems in sorted order: a path holding
        # spellings is one `|`, not a set, and its stems read back already sorted.
        stems = sorted(counts)
        bit = {w: 1 << i for i, w in enumerate(stems)}
        path_words = ev.index.fact(PATH_WORDS, _PathWords)
        forms: dict[str, set[str]] = {}
        for t, w in spelled.items():
            forms.setdefault(w, set()).add(t)
        held = path_words.held([(bit[w], forms[w]) for w in stems if w in forms])
        paths_per_mask = held.per_mask
        held_by = {mask: _stems_of(mask, stems) for mask in paths_per_mask}
        df: Counter = Counter()
        for mask, paths in paths_per_mask.items():
            for w in held_by[mask]:
                df[w] += paths
        n = max(1, len(ev.paths))  # idf over every listed path, not only the probed ones
        idf = {w: math.log(n / df[w]) for w in df}
        # Many paths hold the same words (a package's name): each set of words is weighed once,
        # summed in a fixed order (a set's follows the hash seed, a float sum its order).
        weight_of = {
            mask: sum(idf[w] * (1.0 + math.log(counts[w])) for w in ws) for mask, ws in held_by.items()
        }
        # A word in every path has no weight; prose is judged only among the best paths.
        not_prose = (found for found in held.best(weight_of) if not is_prose_path(found[1]))
        best = list(itertools.islice(not_prose, MAX_FILES * 2))
        out: list[Finding] = []
        if not best:
            return out
        top = max(best[0][0], PATH_WORDS_FLOOR)  # common words alone: a fraction of the weight
        for weight, p, mask in best:
            if len(out) >= MAX_FILES:
                break
            if is_test_path(p):
                continue
            words = held_by[mask]
            a = Anchor(AnchorKind.PATH_WORDS, "+".join(words), AnchorOrigin.PROSE, RANK_PATH_WORDS)
            reason = f"path words {', '.join(words[:4])}"
            out.append(Finding(p, None, self.id, a, R.PATH_WORD, reason, specificity=weight / top))
        return out
