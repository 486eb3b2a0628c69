"""The in-process back end: for trees that are not on disk (git objects, memory).

It reads each walked file through the tree (confined like every read), skips
binary and over-size files, and only splits into lines the files that hold a
needle's bytes at all. Terms are counted with the same `TermMatcher` as
ripgrep's identifiers, so both back ends give the same counts.
"""

from __future__ import annotations

import re
import time
from typing import Callable, Sequence

from ..checkout.budgets import Budgets, reach
from ..checkout.confined import is_binary, too_large
from ..checkout.tree import Tree
from .base import Needle, ScanResult, TermMatcher, classifier, line_text, record, record_terms

__all__ = ["MemoryScanner", "scan_contents", "scan_lines", "matching_lines", "python_pattern"]


class MemoryScanner:
    """An in-process scan for trees that are not on disk (git objects, memory)."""

    reads_each_file_once = True  # `OnePassScanner`: the words and the terms in one read

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
        """Every needle over `paths`, the terms only over `term_paths` (a subset) when given."""
        terms = TermMatcher(needles)
        counted = frozenset(paths if term_paths is None else term_paths)
        result = ScanResult(files_scanned=0, term_files=len(counted) if terms else 0)
        if not needles:
            return result
        search = scan_contents(needles)
        plain = scan_contents([n for n in needles if not n.term])
        for path in paths:
            if time.monotonic() > deadline:
                reach(result.bounds_reached, "time_s")
                break
            read = tree.read_file(path, budgets.file_bytes)
            data = read.data
            if data is None:
                if read.refused == too_large(budgets.file_bytes):
                    reach(result.bounds_reached, "file_bytes")
                continue
            result.files_scanned += 1
            result.bytes_scanned += len(data)
            if result.bytes_scanned > budgets.bytes_read:
                reach(result.bounds_reached, "bytes_read")
                break
            if not is_binary(data):
                (search if path in counted else plain)(result, path, data, budgets)
        return result


def scan_contents(needles: Sequence[Needle]) -> Callable[[ScanResult, str, bytes, Budgets], None]:
    """One file's contents into a result, as ripgrep would answer for them: the lines holding a
    word or literal needle (split at `\n`, cut as ripgrep cuts them), and the terms' counts.
    For every in-process back end."""
    terms = TermMatcher(needles)
    lines = scan_lines(needles)

    def search(result: ScanResult, path: str, data: bytes, budgets: Budgets) -> None:
        if terms:
            counts = terms.in_text(data)
            if counts:
                record_terms(result, path, counts, budgets)
        lines(result, path, data, budgets)

    return search


def scan_lines(needles: Sequence[Needle]) -> Callable[[ScanResult, str, bytes, Budgets], None]:
    """`scan_contents` for the words and literals alone."""
    classify = classifier([n for n in needles if not n.term])
    probes = [n.text.encode() for n in needles if not n.fold and not n.term]
    folded = [n.text.encode().lower() for n in needles if n.fold and not n.term]
    rx = python_pattern(needles)

    def search(result: ScanResult, path: str, data: bytes, budgets: Budgets) -> None:
        if not any(p in data for p in probes):
            if not folded:
                return
            lowered = data.lower()  # once per file, not per word
            if not any(p in lowered for p in folded):
                return
        # ripgrep's `--max-count`: one line more than the budget per file, over every needle.
        for no, text in matching_lines(data, probes, folded, rx, budgets.occurrences_per_string_file + 1):
            found = classify(text)
            if found:
                record(result, found, path, no, text, budgets)

    return search


def matching_lines(
    data: bytes, probes: Sequence[bytes], folded: Sequence[bytes], rx: re.Pattern[bytes], most: int
) -> list[tuple[int, str]]:
    """The first `most` lines (1-based, as `line_text`) that ripgrep's expression `rx` matches,
    as ripgrep's `--max-count` keeps them: the lines holding one of `probes` (or, in any case,
    one of `folded`) are found by byte search, so a large file costs its matches, not its lines."""
    starts: set[int] = set()
    for haystack, needles in ((data, probes), (data.lower() if folded else b"", folded)):
        for needle in needles:
            at = haystack.find(needle)
            while at >= 0:
                starts.add(haystack.rfind(b"\n", 0, at) + 1)
                end = haystack.find(b"\n", at)
                at = -1 if end < 0 else haystack.find(needle, end + 1)
    out: list[tuple[int, str]] = []
    line, counted = 1, 0
    for start in sorted(starts):
        line += data.count(b"\n", counted, start)
        counted = start
        end = data.find(b"\n", start)
        raw = data[start : end if end >= 0 else len(data)]
        if rx.search(raw.removesuffix(b"\r")):
            out.append((line, line_text(raw, end >= 0)))
            if len(out) >= most:
                break
    return out


def python_pattern(needles: Sequence[Needle]) -> re.Pattern[bytes]:
    """ripgrep's expression for the words and literals (`ripgrep.pattern`), in Python's syntax
    over bytes, where `\\b` is ASCII as ripgrep's `(?-u:\\b)` is."""
    parts = []
    for n in needles:
        if n.term:
            continue
        esc = re.escape(n.text.encode())
        parts.append(rb"(?i:\b" + esc + rb"\b)" if n.fold else (rb"\b" + esc + rb"\b" if n.word else esc))
    return re.compile(b"|".join(parts) or rb"(?!)")
