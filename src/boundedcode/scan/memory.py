"""The in-process back end: for trees that are not on disk (git objects, memory).

It reads each walked file through the tree (confined like every read), skips
binary and over-size files, and only splits into lines the files that hold a
needle's bytes at all. Term needles are matched as ripgrep matches them: a line
holding a word or literal needle counts whole, any other line by the term
matcher's matches.
"""

from __future__ import annotations

import re
import time
from typing import Sequence

from ..checkout.budgets import Budgets, reach
from ..checkout.confined import is_binary, too_large
from ..checkout.tree import Tree
from .base import MAX_LINE_CHARS, Needle, ScanResult, TermMatcher, classifier, record, term_line_cap

__all__ = ["MemoryScanner"]


class MemoryScanner:
    """An in-process scan for trees that are not on disk (git objects, memory)."""

    def scan(
        self, tree: Tree, paths: Sequence[str], needles: Sequence[Needle], budgets: Budgets, deadline: float
    ) -> ScanResult:
        result = ScanResult(files_scanned=0)
        if not needles:
            return result
        classify = classifier(needles)
        terms = TermMatcher(needles)
        term_rx = re.compile(terms.source()) if terms else None
        result.term_matcher = terms if terms else None
        line_cap = term_line_cap(budgets) if terms else None
        probes = [n.text.encode() for n in needles if not n.fold and not n.term]
        folded = [n.text.encode() for n in needles if n.fold] + [w.encode() for w in terms.words]
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
            if is_binary(data):
                continue
            if not any(p in data for p in probes):
                lowered = data.lower() if folded else b""  # once per file, not per word
                if not any(p in lowered for p in folded):
                    continue
            term_lines: dict[str, list[int]] = {}
            matching = 0  # lines with any match: ripgrep's --max-count counts these
            for no, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
                found = classify(line)
                if found:
                    record(result, found, path, no, line[:MAX_LINE_CHARS], budgets)
                if term_rx is None:
                    continue
                # A line with a word or literal needle counts whole, as ripgrep prints it.
                tokens = (
                    terms.count(line[:MAX_LINE_CHARS])
                    if found
                    else [t for m in term_rx.finditer(line) for t in terms.count(m.group())]
                )
                if found or tokens or term_rx.search(line):
                    matching += 1
                for token in tokens:
                    term_lines.setdefault(token, []).append(no)
                if line_cap is not None and matching > line_cap:
                    break
            for token, lines in term_lines.items():
                result.terms.setdefault(token, {})[path] = len(lines)
            if term_lines:
                result.term_sources[path] = term_lines
        return result
