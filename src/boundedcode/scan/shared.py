"""The one shared scan of a retrieval: choose the back end, start it early, fall back in process.

On a working tree the pass is ripgrep over exactly the walked files (or ripgrep
walking under the policy's globs while our walk runs); over git objects or
memory it is the in-process search. The answer is put in a deterministic order:
files by path, hits by line.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..checkout.budgets import Budgets
from ..checkout.tree import Tree
from .base import Needle, Scanner, ScanError, ScanResult
from .memory import MemoryScanner
from .ripgrep import RipgrepScanner

__all__ = ["scan", "begin_scan"]


def _searchable(needles: Sequence[Needle]) -> list[Needle]:
    # A needle spanning a line break can never match one line: searching it would only fail.
    return [n for n in needles if n.text and "\n" not in n.text and "\r" not in n.text]


def _finish(result: ScanResult) -> ScanResult:
    # Deterministic order: files by path, hits by line.
    result.hits = {n: dict(sorted(files.items())) for n, files in result.hits.items()}
    result.terms = {t: dict(sorted(files.items())) for t, files in sorted(result.terms.items())}
    return result


def _in_process(
    tree: Tree,
    paths: Sequence[str],
    needles: Sequence[Needle],
    budgets: Budgets,
    deadline: float,
    exc: ScanError,
) -> ScanResult:
    """ripgrep refused the search: answer it in process and say so, never hide it."""
    result = MemoryScanner().scan(tree, paths, needles, budgets, deadline)
    result.notes.append(f"scanner fell back to in-process search: {exc}")
    return result


def scan(
    tree: Tree,
    paths: Sequence[str],
    needles: Sequence[Needle],
    budgets: Budgets,
    deadline: float,
    scanner: Scanner | None = None,
) -> ScanResult:
    """Answer every needle in one pass over `paths`, choosing ripgrep for trees on disk."""
    if scanner is None:
        rg = RipgrepScanner()
        scanner = rg if (tree.fs_root and rg.available()) else MemoryScanner()
    needles = _searchable(needles)
    try:
        result = scanner.scan(tree, paths, needles, budgets, deadline)
    except ScanError as exc:
        result = _in_process(tree, paths, needles, budgets, deadline, exc)
    return _finish(result)


def begin_scan(
    tree: Tree, needles: Sequence[Needle], budgets: Budgets, deadline: float, scanner: Scanner | None = None
) -> Callable[[Sequence[str]], ScanResult]:
    """Start the scan before the walk ends; the returned call takes the walked paths.

    On a tree on disk with the default scanner, ripgrep walks and searches while the
    walk runs (the two take about as long); otherwise the scan runs when called.
    """
    rg = RipgrepScanner() if scanner is None and tree.fs_root else None
    if rg is None or not rg.available():
        return lambda paths: scan(tree, paths, needles, budgets, deadline, scanner)
    needles = _searchable(needles)
    pending = rg.start_walking(tree, needles, budgets, deadline)

    def finish(paths: Sequence[str]) -> ScanResult:
        try:
            return _finish(pending.finish(paths))
        except ScanError as exc:
            return _finish(_in_process(tree, paths, needles, budgets, deadline, exc))

    return finish
