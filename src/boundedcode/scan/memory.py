"""The in-process back end: for trees that are not on disk (git objects, memory).

It reads each walked file through the tree (confined like every read), skips
binary and over-size files, and only splits into lines the files that hold a
needle's bytes at all. Terms are counted with the same `TermMatcher` as
ripgrep's identifiers, so both back ends give the same counts.
"""

from __future__ import annotations

import time
from typing import Callable, Sequence

from ..checkout.budgets import Budgets, reach
from ..checkout.confined import is_binary, too_large
from ..checkout.tree import Tree
from .base import MAX_LINE_CHARS, Needle, ScanResult, TermMatcher, classifier, record, record_terms

__all__ = ["MemoryScanner", "scan_contents"]


class MemoryScanner:
    """An in-process scan for trees that are not on disk (git objects, memory)."""

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
    word or literal needle, and the terms' counts. For every in-process back end."""
    classify = classifier([n for n in needles if not n.term])
    terms = TermMatcher(needles)
    probes = [n.text.encode() for n in needles if not n.fold and not n.term]
    folded = [n.text.encode().lower() for n in needles if n.fold and not n.term]

    def search(result: ScanResult, path: str, data: bytes, budgets: Budgets) -> None:
        if terms:
            counts = terms.in_text(data)
            if counts:
                record_terms(result, path, counts, budgets)
        if not any(p in data for p in probes):
            if not folded:
                return
            lowered = data.lower()  # once per file, not per word
            if not any(p in lowered for p in folded):
                return
        for no, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            found = classify(line)
            if found:
                record(result, found, path, no, line[:MAX_LINE_CHARS], budgets)

    return search
