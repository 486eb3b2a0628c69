"""The one shared scan of a retrieval: choose the back end, start it early, fall back in process.

On a working tree the pass is ripgrep over exactly the walked files (or ripgrep
walking under the policy's globs while our walk runs); over git objects or
memory it is the in-process search. Words and literals are searched in every
walked file, terms in the files the caller names for them (`term_paths`:
fulltext's documents). The answer is put in a deterministic order: files by
path, hits by line. ripgrep's answer comes back once the words are read, its
terms still counting in their own process (`ScanResult.settle`).
"""

from __future__ import annotations

from typing import Callable, Protocol, Sequence

from ..checkout.budgets import Budgets
from ..checkout.tree import Tree
from .base import Needle, Scanner, ScanError, ScanResult, kept, one_pass
from .memory import MemoryScanner
from .ripgrep import RipgrepScanner

__all__ = ["scan", "begin_scan", "FinishScan"]


class FinishScan(Protocol):
    """The second half of `begin_scan`: the walked paths, those the terms are counted in (by
    default the same), and work of the caller's to do while ripgrep searches (`meanwhile`: run
    once, before the scan's answer is read; first, where no process searches)."""

    def __call__(
        self,
        paths: Sequence[str],
        term_paths: Sequence[str] | None = None,
        meanwhile: Callable[[], None] | None = None,
    ) -> ScanResult: ...


def _searchable(needles: Sequence[Needle]) -> list[Needle]:
    # A needle spanning a line break can never match one line: searching it would only fail.
    return [n for n in needles if n.text and "\n" not in n.text and "\r" not in n.text]


def _finish(result: ScanResult) -> ScanResult:
    # Deterministic order: files by path, hits by line; terms by token, once counted (`begin_scan`).
    if result.in_order:
        return result
    result.hits = {n: dict(sorted(files.items())) for n, files in result.hits.items()}
    if result.unsettled is None:
        _terms_in_order(result)
    return result


def _terms_in_order(result: ScanResult) -> None:
    result.terms = {t: dict(sorted(files.items())) for t, files in sorted(result.terms.items())}


def _split(
    scanner: Scanner,
    tree: Tree,
    paths: Sequence[str],
    term_paths: Sequence[str],
    needles: Sequence[Needle],
    budgets: Budgets,
    deadline: float,
) -> ScanResult:
    """Any back end, the words over `paths` and the terms over `term_paths`, as one result."""
    if (in_process := one_pass(scanner)) is not None:  # one read of each file for both
        return in_process.scan(tree, paths, needles, budgets, deadline, term_paths=term_paths)
    plain = [n for n in needles if not n.term]
    terms = [n for n in needles if n.term]
    result = scanner.scan(tree, paths, plain, budgets, deadline) if plain else ScanResult()
    result.files_scanned = result.files_scanned or len(paths)
    if terms:
        counted = scanner.scan(tree, term_paths, terms, budgets, deadline)
        result.terms, result.term_files = counted.terms, len(term_paths)
        result.bounds_reached += [b for b in counted.bounds_reached if b not in result.bounds_reached]
    return result


def scan(
    tree: Tree,
    paths: Sequence[str],
    needles: Sequence[Needle],
    budgets: Budgets,
    deadline: float,
    scanner: Scanner | None = None,
    term_paths: Sequence[str] | None = None,
) -> ScanResult:
    """Answer every needle in one pass over `paths` (terms over `term_paths`, by default the same),
    choosing ripgrep for trees on disk (and for a warm scanner still behind the files)."""
    if (keeping := kept(scanner)) is not None and tree is keeping.tree and keeping.behind(paths):
        scanner = None
    if scanner is None:
        rg = RipgrepScanner()
        scanner = rg if (tree.fs_root and rg.available()) else MemoryScanner()
    needles = _searchable(needles)
    term_paths = paths if term_paths is None else term_paths
    try:
        if term_paths is paths:
            result = scanner.scan(tree, paths, needles, budgets, deadline)
        else:
            result = _split(scanner, tree, paths, term_paths, needles, budgets, deadline)
    except ScanError as exc:
        result = _in_process(tree, paths, term_paths, needles, budgets, deadline, exc)
    return _finish(result)


def _in_process(
    tree: Tree,
    paths: Sequence[str],
    term_paths: Sequence[str],
    needles: Sequence[Needle],
    budgets: Budgets,
    deadline: float,
    exc: ScanError,
) -> ScanResult:
    """ripgrep refused the search: answer it in process and say so, never hide it."""
    result = _split(MemoryScanner(), tree, paths, term_paths, needles, budgets, deadline)
    result.notes.append(f"scanner fell back to in-process search: {exc}")
    return result


def begin_scan(
    tree: Tree, needles: Sequence[Needle], budgets: Budgets, deadline: float, scanner: Scanner | None = None
) -> FinishScan:
    """Start the scan before the walk ends; the returned call takes the walked paths and the
    paths the terms are counted in.

    On a tree on disk with the default scanner, ripgrep walks and searches while the
    walk runs (the two take about as long); otherwise the scan runs when called.
    """
    rg = RipgrepScanner() if scanner is None and tree.fs_root else None
    if rg is None or not rg.available():

        def later(
            paths: Sequence[str],
            term_paths: Sequence[str] | None = None,
            meanwhile: Callable[[], None] | None = None,
        ) -> ScanResult:
            if meanwhile is not None:
                meanwhile()
            return scan(tree, paths, needles, budgets, deadline, scanner, term_paths)

        return later
    needles = _searchable(needles)
    pending = rg.start_walking(tree, needles, budgets, deadline)

    def finish(
        paths: Sequence[str],
        term_paths: Sequence[str] | None = None,
        meanwhile: Callable[[], None] | None = None,
    ) -> ScanResult:
        term_paths = paths if term_paths is None else term_paths
        try:
            result = pending.finish(paths, term_paths, meanwhile)
        except ScanError as exc:
            return _finish(_in_process(tree, paths, term_paths, needles, budgets, deadline, exc))
        count = result.unsettled
        if count is not None:

            def counted() -> None:
                try:
                    count()
                except ScanError as exc:  # ripgrep refused the terms' search: counted in process
                    terms = [n for n in needles if n.term]
                    found = _in_process(tree, term_paths, term_paths, terms, budgets, deadline, exc)
                    result.terms, result.notes = found.terms, result.notes + found.notes
                    result.bounds_reached += [
                        b for b in found.bounds_reached if b not in result.bounds_reached
                    ]
                _terms_in_order(result)

            result.unsettled = counted
        return _finish(result)

    return finish
