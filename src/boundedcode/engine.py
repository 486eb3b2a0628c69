"""The warm engine: retrievals for a long-lived host (the MCP server, a `Session`, an editor).

An `Engine` keeps, per checkout, a `CachedWorkTree` (listings, contents, the
git index; on every query what the kernel told changed, or what `lstat` finds
changed, is dropped first) and a `WarmScanner` over it (the token index of the
kept files, and each needle's lines while no file changes). A retrieval through
it answers exactly what `retrieve` answers cold, from memory where nothing
changed. Nothing is written to disk. At most MAX_CHECKOUTS checkouts are kept
(the least recently used goes), each within `max_bytes` of contents.

A checkout is read and indexed by `prepare` (now, with no deadline) or `warm`
(a background thread, WARM_BATCH files at a time, a query taking its turn
between two batches). A query finding more files to read than one query
reads (a checkout not yet read, a branch switch) is answered cold from the
tree on disk, and with `background` the engine starts warming it. One query
or one batch runs at a time: an engine may be shared by threads.
"""

from __future__ import annotations

import gc
import os
import threading
import time
from collections import OrderedDict
from contextlib import contextmanager
from typing import Any, Iterator, Sequence

from .api import retrieve
from .checkout.budgets import DEFAULT_BUDGETS, Budgets
from .checkout.cached import DEFAULT_MAX_BYTES, CachedWorkTree
from .checkout.walk import walk
from .errors import BoundedCodeError, RepositoryError
from .model import RetrievalResult
from .rank import prepare_paths
from .scan.base import ScanResult
from .scan.warm import WarmScanner
from .strategies import prepare_listing

__all__ = ["Engine", "MAX_CHECKOUTS", "WARM_BATCH"]

#: Checkouts one engine keeps warm at once.
MAX_CHECKOUTS = 4
#: Files a background warmer reads and indexes between two turns of the queries (Django: some
#: 0.15 s a batch).
WARM_BATCH = 64


class Engine:
    """Warm retrievals: `Engine().retrieve(message, repo)` as `boundedcode.retrieve`, kept in memory."""

    def __init__(self, max_bytes: int = DEFAULT_MAX_BYTES, *, watch: bool = True, background: bool = True):
        """`watch=False`: changes are found by `lstat` on every query, never told by the kernel
        (checkout.watch: for a host that writes files through shared memory maps).
        `background=False`: a checkout behind its files is never warmed unasked (`warm`)."""
        self.max_bytes, self.watch, self.background = max_bytes, watch, background
        self._kept: OrderedDict[str, tuple[CachedWorkTree, WarmScanner]] = OrderedDict()
        self._lock = threading.RLock()  # one query or one warming batch at a time
        self._waiting = 0  # queries waiting for the lock: a warmer lets them go first
        self._state = threading.Lock()  # over `_waiting` and `_warmers`: never held for long
        self._warmers: dict[str, threading.Thread] = {}
        self._warmed: dict[str, int] = {}  # root -> the tree's version when its last warmer ended
        self._freezing = False  # the host asked for `gc.freeze` (prepare, warm): after every query too

    def checkout(self, repo: str) -> tuple[CachedWorkTree, WarmScanner]:
        """The kept tree and scanner of `repo` (opened on first use)."""
        if not os.path.isdir(repo):
            raise RepositoryError(f"{repo}: not a directory")
        root = os.path.realpath(repo)
        with self.turn():
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
        with self.turn():
            tree, scanner = self.checkout(repo)
            scanner.was_behind = False
            result = retrieve(message, repo, tree=tree, scanner=scanner, **options)
            behind = scanner.was_behind and self._warmed.get(tree.fs_root) != tree.version
        if self._freezing:
            _freeze_what_the_query_kept()
        if behind and self.background:
            self._start_warming(tree, scanner, options.get("budgets") or DEFAULT_BUDGETS)
        return result

    @contextmanager
    def turn(self) -> Iterator[None]:
        """This engine to the caller alone (a query; a host working on its trees between
        queries), ahead of any warmer: a warmer waits while someone is waiting."""
        with self._state:
            self._waiting += 1
        try:
            self._lock.acquire()
        finally:
            with self._state:
                self._waiting -= 1
        try:
            yield
        finally:
            self._lock.release()

    def warm(
        self, repo: str = ".", budgets: Budgets = DEFAULT_BUDGETS, *, freeze: bool = False
    ) -> threading.Thread:
        """Read and index the checkout's walked files in a background thread, WARM_BATCH at a time,
        queries answered between batches (cold while more than a query reads are left); the
        thread already warming it, if one is. `freeze`: as `prepare`'s, once it is read."""
        with self.turn():
            tree, scanner = self.checkout(repo)
        self._freezing = self._freezing or freeze
        return self._start_warming(tree, scanner, budgets, freeze)

    def _start_warming(
        self, tree: CachedWorkTree, scanner: WarmScanner, budgets: Budgets, freeze: bool = False
    ) -> threading.Thread:
        root = tree.fs_root
        with self._state:
            running = self._warmers.get(root)
            if running is not None and running.is_alive():
                return running
            thread = threading.Thread(
                target=self._warm,
                args=(tree, scanner, budgets, freeze),
                name=f"bcode-warm {root}",
                daemon=True,
            )
            self._warmers[root] = thread
        thread.start()
        return thread

    def _warm(self, tree: CachedWorkTree, scanner: WarmScanner, budgets: Budgets, freeze: bool) -> None:
        try:
            with self._lock:
                paths = walk(tree, budgets).paths
            for start in range(0, len(paths), WARM_BATCH):
                while self._waiting:  # a query first (it takes the lock this thread lets go)
                    time.sleep(0.001)
                with self._lock:
                    if self._kept.get(tree.fs_root) != (tree, scanner):
                        return  # the checkout was let go
                    scanner.hold(paths[start : start + WARM_BATCH], budgets, float("inf"), ScanResult())
            with self._lock:
                # Once, as `prepare`'s one hold does (batches leave many out of order).
                scanner.index.seal(in_order=True)
                _listing_prepared(tree, paths)
                self._warmed[tree.fs_root] = tree.version
            if freeze:
                gc.freeze()
        except (OSError, BoundedCodeError):
            return  # the checkout went away: the next query says so

    def prepare(self, repo: str = ".", budgets: Budgets = DEFAULT_BUDGETS, *, freeze: bool = False) -> int:
        """Read and index the checkout's walked files now, with no deadline (a host's start, a
        benchmark: until then a query finding the files unread is answered cold); the files kept.

        `freeze`, for a host that keeps this engine for its life: then every object the process
        holds is moved out of the cyclic garbage collector's sight (`gc.freeze`): a full
        collection walks all the kept facts (Django: 100–400 ms, several times in 20 queries)
        and finds nothing to free in them. Process-wide, so never by default: a frozen cycle is
        not freed until `gc.unfreeze` (a host making engine after engine would keep them all).
        From then on every query's leftovers are collected and what it kept frozen as well
        (`_freeze_what_the_query_kept`)."""
        self._freezing = self._freezing or freeze
        with self.turn():
            tree, scanner = self.checkout(repo)
            paths = walk(tree, budgets).paths
            scanner.hold(paths, budgets, float("inf"), ScanResult())
            _listing_prepared(tree, paths)
        if freeze:
            gc.freeze()
        return len(scanner.index.indexed)

    def bytes_held(self) -> int:
        return sum(tree.bytes_held for tree, _ in self._kept.values())


def _listing_prepared(tree: CachedWorkTree, paths: Sequence[str]) -> None:
    """What a host's queries would otherwise each build, or finish, first: the listing's facts
    and manifests (`prepare_listing`), the paths' demotion rules (`rank.prepare_paths`) and the
    git objects opened (pygit2's import alone: 60 ms)."""
    prepare_listing(paths, lambda path: tree.read_file(path, DEFAULT_BUDGETS.file_bytes).data)
    prepare_paths(paths)
    tree.repository()


def _freeze_what_the_query_kept() -> None:
    """After a query of a host that froze its kept facts: the query's garbage collected (its
    cycles: the young generation's pass, which the query's end would start anyway), then what it
    kept (a needle's lines, a token's counts, the answer the host holds) frozen with the rest.
    Left in the collector's sight, the queries' kept facts were walked again by an older
    generation's pass every tenth query or so (28.9k-file tree: 112–133 ms, on top of the query)."""
    gc.collect(0)
    gc.freeze()
