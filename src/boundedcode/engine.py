"""The warm engine: retrievals for a long-lived host (the MCP server, a `Session`, an editor).

An `Engine` keeps, per checkout, a `CachedWorkTree` (listings, contents, the
git index, validated against the file system on every query) and a
`WarmScanner` over it (the token index of the kept files). A retrieval through
it answers exactly what `retrieve` answers cold, from memory where nothing
changed. Nothing is written to disk. At most MAX_CHECKOUTS checkouts are kept
(the least recently used goes), each within `max_bytes` of contents.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from typing import Any

from .api import retrieve
from .checkout.cached import DEFAULT_MAX_BYTES, CachedWorkTree
from .errors import RepositoryError
from .model import RetrievalResult
from .scan.warm import WarmScanner

__all__ = ["Engine", "MAX_CHECKOUTS"]

#: Checkouts one engine keeps warm at once.
MAX_CHECKOUTS = 4


class Engine:
    """Warm retrievals: `Engine().retrieve(message, repo)` as `boundedcode.retrieve`, kept in memory."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES):
        self.max_bytes = max_bytes
        self._kept: OrderedDict[str, tuple[CachedWorkTree, WarmScanner]] = OrderedDict()

    def checkout(self, repo: str) -> tuple[CachedWorkTree, WarmScanner]:
        """The kept tree and scanner of `repo` (opened on first use)."""
        if not os.path.isdir(repo):
            raise RepositoryError(f"{repo}: not a directory")
        root = os.path.realpath(repo)
        kept = self._kept.get(root)
        if kept is None:
            tree = CachedWorkTree(root, max_bytes=self.max_bytes)
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

    def bytes_held(self) -> int:
        return sum(tree.bytes_held for tree, _ in self._kept.values())
