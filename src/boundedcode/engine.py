"""The warm engine: retrievals for a long-lived host (the MCP server, a `Session`, an editor).

An `Engine` keeps, per checkout, a `CachedWorkTree` (listings, contents, the
git index; on every query what the kernel told changed, or what `lstat` finds
changed, is dropped first) and a `WarmScanner` over it (the token index of the
kept files, and each needle's lines while no file changes). A retrieval through
it answers exactly what `retrieve` answers cold, from memory where nothing
changed. Nothing is written to disk. At most MAX_CHECKOUTS checkouts are kept
(the least recently used goes), each within `max_bytes` of contents.
"""

from __future__ import annotations

import gc
import os
from collections import OrderedDict
from typing import Any

from .api import retrieve
from .checkout.budgets import DEFAULT_BUDGETS, Budgets
from .checkout.cached import DEFAULT_MAX_BYTES, CachedWorkTree
from .checkout.walk import walk
from .errors import RepositoryError
from .model import RetrievalResult
from .scan.base import ScanResult
from .scan.warm import WarmScanner

__all__ = ["Engine", "MAX_CHECKOUTS"]

#: Checkouts one engine keeps warm at once.
MAX_CHECKOUTS = 4


class Engine:
    """Warm retrievals: `Engine().retrieve(message, repo)` as `boundedcode.retrieve`, kept in memory."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES, *, watch: bool = True):
        """`watch=False`: changes are found by `lstat` on every query, never told by the kernel
        (checkout.watch: for a host that writes files through shared memory maps)."""
        self.max_bytes, self.watch = max_bytes, watch
        self._kept: OrderedDict[str, tuple[CachedWorkTree, WarmScanner]] = OrderedDict()

    def checkout(self, repo: str) -> tuple[CachedWorkTree, WarmScanner]:
        """The kept tree and scanner of `repo` (opened on first use)."""
        if not os.path.isdir(repo):
            raise RepositoryError(f"{repo}: not a directory")
        root = os.path.realpath(repo)
        kept = self._kept.get(root)
        if kept is None:
            tree = CachedWorkTree(root, max_bytes=self.max_bytes, watch=self.watch)
            kept = self._kept[root] = (tree, WarmScanner(tree))
            while len(self._kept) > MAX_CHECKOUTS:
                self._kept.popitem(last=False)
        self._kept.move_to_end(root)
        return kept

    def retrieve(self, message: str, repo: str = ".", **options: Any) -> RetrievalResult:
        """`boundedcode.retrieve`'s answer for the working tree of `repo`, from what is kept; a
        `commit`, `tree` or `scanner` option reads elsewhere, cold."""
        if any(options.get(k) is not None for k in ("commit", "tree", "scanner")):
            return retrieve(message, repo, **options)
        tree, scanner = self.checkout(repo)
        return retrieve(message, repo, tree=tree, scanner=scanner, **options)

    def prepare(self, repo: str = ".", budgets: Budgets = DEFAULT_BUDGETS, *, freeze: bool = False) -> int:
        """Read and index the checkout's walked files now, with no deadline (a host's start: the
        first retrieval would otherwise spend its time budget on it); the files kept.

        `freeze`, for a host that keeps this engine for its life: then every object the process
        holds is moved out of the cyclic garbage collector's sight (`gc.freeze`): a full
        collection walks all the kept facts (Django: 100–400 ms, several times in 20 queries)
        and finds nothing to free in them. Process-wide, so never by default: a frozen cycle is
        not freed until `gc.unfreeze` (a host making engine after engine would keep them all)."""
        tree, scanner = self.checkout(repo)
        scanner.hold(walk(tree, budgets).paths, budgets, float("inf"), ScanResult())
        if freeze:
            gc.freeze()
        return len(scanner.index.indexed)

    def bytes_held(self) -> int:
        return sum(tree.bytes_held for tree, _ in self._kept.values())
