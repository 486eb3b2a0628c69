"""A working tree kept in memory by a long-lived process, validated on every query.

`CachedWorkTree` is a `WorkTree` whose directory listings, git index, file
contents and per-file facts stay in memory between retrievals. Nothing is
written to disk. Each `files()` call (once per retrieval: the walk) makes sure
that nothing kept is used after the file system changed it, in one of two ways:

- **Told** (`checkout.watch`, Linux): every directory the walk entered is
  watched; the queued changes are applied first (a changed file's contents
  are dropped, a directory whose entries changed is listed again, the last
  walk's listing is walked again when an entry or a `.gitignore` changed), so
  a query where nothing changed costs no `stat` at all. What the kernel
  cannot tell (the git index and info/exclude, which lie outside the walk; a
  directory on another device; a file whose inode watch was refused) is checked by
  `lstat` as below, on every query. A file with several hard links is watched by
  its inode as well.
- **Checked** (no watcher, or after it gave up): a directory's entries are
  reused while its `lstat` (inode, mtime, ctime) is unchanged: adding,
  removing, renaming or replacing an entry (a file by a symlink) changes
  them; when every directory the last walk entered, the git index and every
  ignore file it read are unchanged, the last walk's listing is the answer
  (the walk is a function of exactly those); every kept file is `lstat`ed
  and its contents dropped unless inode, size, mtime and ctime are what they
  were when it was read.

A timestamp is only as fine as the file system's clock tick, so a checked file
or directory whose mtime is within RACY_NS of the moment it was read (two edits
in one tick look alike) is read again on the next query until it is older, as
git treats "racily clean" index entries. The cache keeps at most `max_bytes` of
contents; past it files are read from disk on every use, so answers never
depend on what fits.
"""

from __future__ import annotations

import os
import stat
import time
import weakref
from dataclasses import dataclass
from typing import Callable

from . import gitmeta
from . import watch as _watch
from .confined import FileRead, NOT_READABLE, read_under, too_large
from .policy import confine
from .tree import FileEntry, WorkTree
from .watch import Watcher

__all__ = ["CachedWorkTree", "RACY_NS", "DEFAULT_MAX_BYTES"]

#: A timestamp this close to the moment of the read may hide a second change in the same tick.
RACY_NS = 2_000_000_000
#: Contents kept per checkout (the facts derived from them take about as much again).
DEFAULT_MAX_BYTES = 512 * 1024 * 1024

_Key = tuple[int, int, int, int]
#: The key of a dependency that is not there (a new repository's index, a missing info/exclude):
#: the listing stands while it stays away. Once, such a tree was walked again on every query
#: (a 41,000-file tree freshly `git init`ed: 800 ms a query).
_ABSENT: _Key = (-1, -1, -1, -1)


def _key(st: os.stat_result) -> _Key:
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


@dataclass
class _Held:
    key: _Key
    data: bytes
    racy: bool  # checked: read again on the next query
    checked: int  # the walk that last found it unchanged
    told: bool  # a change to it would be told (its directory watched, one link)


class CachedWorkTree(WorkTree):
    """A working tree whose listing and contents a long-lived process keeps, validated per query."""

    def __init__(
        self,
        root: str,
        *,
        max_bytes: int = DEFAULT_MAX_BYTES,
        clock_ns: Callable[[], int] = time.time_ns,
        on_drop: Callable[[str, _Held], None] | None = None,
        watch: bool = True,
    ):
        super().__init__(root)
        self.max_bytes, self._clock_ns = max_bytes, clock_ns
        self._dirs: dict[str, tuple[_Key, bool, list[os.DirEntry[str]]]] = {}
        self._index: tuple[_Key, bool, list[str] | None] | None = None
        self.held: dict[str, _Held] = {}
        self.bytes_held = 0
        #: Bumped whenever a file's kept contents come or go: a kept fact of the files is current
        #: while it is unchanged.
        self.version = 0
        self._walks = 0  # files() calls: a file checked in the current one is not checked again
        # The last walk's listing, and what it depended on that is checked rather than told: path
        # -> lstat key (every directory it entered, every .gitignore in them, the index and
        # info/exclude; with a watcher, only those no watch covers).
        self._listing: list[FileEntry] | None = None
        self._listing_from: dict[str, _Key | None] = {}
        self._entered: list[str] = []  # the directories the current walk entered
        self._untold: set[str] = set()  # kept files a watcher would not tell of: checked each walk
        self._check_all = False  # the watcher lost changes (a queue overflow): check once
        self._watcher = Watcher.open(self.fs_root) if watch else None
        # The watcher's descriptor goes with the tree, however it goes (an engine evicting it).
        self._close = weakref.finalize(self, self._watcher.close) if self._watcher else None
        #: Told of every file whose contents are dropped (changed, gone), before they go.
        self.on_drop = on_drop

    @property
    def watched(self) -> bool:
        """Whether changes are told by the kernel (else every query checks by `lstat`)."""
        return self._watcher is not None

    def _stop_watching(self) -> None:
        # Everything kept carries its lstat key: from here on it is checked instead.
        if self._close is not None:
            self._close()
        self._watcher = None
        self._listing = None

    # -- the watcher's changes -----------------------------------------------------------------

    def _apply_changes(self) -> None:
        watcher = self._watcher
        if watcher is None:
            return
        try:
            changes = list(watcher.changes())
        except OSError:
            self._stop_watching()
            return
        for directory, name, mask in changes:
            if (directory, name, mask) == _watch.OVERFLOW:
                self._dirs.clear()  # every directory listed again, every kept file checked
                self._listing, self._check_all = None, True
            elif not name:
                if mask & _watch.SELF_CHANGED:
                    self._forget_below(directory)
            else:
                path = os.path.join(directory, name)
                rel = os.path.relpath(path, self.fs_root)
                self._drop(rel)
                if mask & _watch.ENTRIES_CHANGED or name == ".gitignore":
                    self._dirs.pop(directory, None)
                    self._listing = None
                if mask & _watch.IS_DIR:
                    self._forget_below(path)

    def _forget_below(self, directory: str) -> None:
        """A directory went, moved or came: nothing kept at or below it is used again."""
        below = directory + os.sep
        for d in [d for d in self._dirs if d == directory or d.startswith(below)]:
            del self._dirs[d]
        if self._watcher is not None:
            self._watcher.forget_below(directory)
        prefix = "" if directory == self.fs_root else os.path.relpath(directory, self.fs_root) + "/"
        for rel in [p for p in self.held if p.startswith(prefix)]:
            self._drop(rel)
        self._listing = None

    # -- the walk's seams ----------------------------------------------------------------------

    def _racy(self, st: os.stat_result, since_ns: int) -> bool:
        return st.st_mtime_ns >= since_ns - RACY_NS or st.st_ctime_ns >= since_ns - RACY_NS

    def _entries(self, dir_abs: str) -> list[os.DirEntry[str]]:
        try:
            st = None
            watcher = self._watcher
            if watcher is not None and watcher.watching(dir_abs) and dir_abs in self._dirs:
                self._entered.append(dir_abs)
                return self._dirs[dir_abs][2]  # told: unchanged since it was listed
            st = os.lstat(dir_abs)
            if watcher is not None and st.st_dev == watcher.device and not watcher.add(dir_abs):
                self._stop_watching()  # the kernel refuses more watches: checked from here on
        except OSError:
            self._dirs.pop(dir_abs, None)
            raise
        self._entered.append(dir_abs)
        kept = self._dirs.get(dir_abs)
        if kept is not None and kept[0] == _key(st) and not kept[1]:
            return kept[2]
        now = self._clock_ns()
        entries = list(os.scandir(dir_abs))
        self._dirs[dir_abs] = (_key(st), self._racy(st, now), entries)
        return entries

    def _depends(self) -> dict[str, _Key | None]:
        """What the walk just done read and no watch covers: every directory entered, each
        `.gitignore` in them, the index and info/exclude, by lstat key (_ABSENT: not there; None:
        too recent to trust)."""
        now = self._clock_ns()
        watcher = self._watcher
        entered = [d for d in self._entered if watcher is None or not watcher.watching(d)]
        paths = entered + [e.path for d in entered for e in self._dirs[d][2] if e.name == ".gitignore"]
        if self._git_dir:
            paths += [
                os.path.join(self._git_dir, "index"),
                os.path.join(gitmeta.common_dir(self._git_dir), "info", "exclude"),
            ]
        out: dict[str, _Key | None] = {}
        for path in paths:
            try:
                st = os.lstat(path)
            except OSError:
                out[path] = _ABSENT
                continue
            out[path] = None if self._racy(st, now) else _key(st)
        return out

    def _unchanged_listing(self) -> bool:
        if self._listing is None or any(key is None for key in self._listing_from.values()):
            return False  # a racy dependency: walk again
        for path, key in self._listing_from.items():
            try:
                now = _key(os.lstat(path))
            except OSError:
                now = _ABSENT
            if now != key:
                return False
        return True

    def _tracked(self) -> list[str] | None:
        if not self._git_dir:
            return None
        try:
            st = os.lstat(os.path.join(self._git_dir, "index"))
        except OSError:
            self._index = None
            return gitmeta.read_index(self._git_dir)
        if self._index is not None and self._index[0] == _key(st) and not self._index[1]:
            return self._index[2]
        now = self._clock_ns()
        names = gitmeta.read_index(self._git_dir)
        self._index = (_key(st), self._racy(st, now), names)
        return names

    def files(self) -> list[FileEntry]:
        """The walk, from kept listings the changes told or the checks found current; then the
        kept files no watcher covers are checked against their `lstat`."""
        self._walks += 1
        self._apply_changes()
        if self._unchanged_listing():
            assert self._listing is not None
            listed = self._listing
        else:
            self._entered = []
            listed = super().files()
            self._listing, self._listing_from = listed, self._depends()
            seen = {f.path for f in listed}
            for path in [p for p in self.held if p not in seen]:
                self._drop(path)
        if self._watcher is None or self._check_all:
            suspects: list[str] = list(self.held)
        else:
            suspects = sorted(self._untold)
        self._check_all = False
        # One tight loop (every kept file, on every query, when nothing is told).
        root, lstat, walks, held_files = self.fs_root + os.sep, os.lstat, self._walks, self.held
        for path in suspects:
            held = held_files.get(path)
            if held is None:
                continue
            try:
                st = lstat(root + path)
            except OSError:
                self._drop(path)
                continue
            if held.racy or (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns) != held.key:
                self._drop(path)
            elif not stat.S_ISREG(st.st_mode):
                self._drop(path)
            else:
                held.checked = walks
        return listed

    def _head_info(self) -> tuple[str | None, str | None]:
        # HEAD moves under a long-lived process (a branch switch): read it every time (two small files).
        return gitmeta.head(self._git_dir) if self._git_dir else (None, None)

    # -- reads ---------------------------------------------------------------------------------

    def _drop(self, path: str) -> None:
        held = self.held.pop(path, None)
        if held is None:
            return
        self.bytes_held -= len(held.data)
        self.version += 1
        self._untold.discard(path)
        if self._watcher is not None and held.told:
            self._watcher.forget_file(os.path.join(self.fs_root, path))
        if self.on_drop is not None:
            self.on_drop(path, held)

    def _current(self, rel: str, held: _Held) -> bool:
        """Checks a kept file against its lstat; drops it (False) when it changed or went."""
        try:
            st = os.lstat(os.path.join(self.fs_root, rel))
        except OSError:
            st = None
        if st is None or held.racy or _key(st) != held.key or not stat.S_ISREG(st.st_mode):
            self._drop(rel)
            return False
        return True

    def _trusted(self, rel: str, held: _Held, walked: bool) -> bool:
        """Whether a kept file may be used now: told of (no change since, the queue just read),
        checked in this walk (`walked`: the caller reads right after it), or checked now."""
        if held.told and not walked:
            self._apply_changes()  # a read outside a walk: what changed since it
            if rel not in self.held:
                return False
        if held.told and self._watcher is not None and not self._check_all:
            return True
        if walked and held.checked == self._walks:
            return True
        if self._current(rel, held):
            held.checked = self._walks
            return True
        return False

    def held_file(self, path: str, limit: int, *, walked: bool = False) -> tuple[FileRead, _Held | None]:
        """A file's contents, from memory when kept and unchanged, else read and kept.

        A kept file is used when no change to it was told, or when its `lstat` is unchanged
        (with `walked`, the caller, the scan right after the walk, knows the walk just checked
        it)."""
        rel = confine(path)
        if rel is None:
            return FileRead(None, NOT_READABLE), None
        held = self.held.get(rel)
        if held is not None and not self._trusted(rel, held, walked):
            held = None
        if held is not None:
            if len(held.data) > limit:
                return FileRead(None, too_large(limit)), None
            return FileRead(held.data), held
        full = os.path.join(self.fs_root, rel)
        try:
            before = os.lstat(full)
        except OSError:
            return FileRead(None, NOT_READABLE), None
        now = self._clock_ns()
        read = read_under(self.fs_root, rel, limit)
        if read.data is None or self.bytes_held + len(read.data) > self.max_bytes:
            return read, None
        try:
            after = os.lstat(full)
        except OSError:
            return read, None
        if _key(after) != _key(before):  # changed while it was read: serve it, keep nothing
            return read, None
        watcher = self._watcher
        told = watcher is not None and watcher.watching(os.path.dirname(full))
        if told and after.st_nlink > 1:
            assert watcher is not None
            told = watcher.add_file(full)
        held = self.held[rel] = _Held(_key(after), read.data, self._racy(after, now), self._walks, told)
        self.bytes_held += len(read.data)
        self.version += 1
        if not told:
            self._untold.add(rel)
        return read, held

    def read_file(self, path: str, limit: int) -> FileRead:
        return self.held_file(path, limit)[0]

    def size(self, path: str) -> int | None:
        """A kept file's size as it was read, when this walk found it unchanged (checked, or read,
        in this walk; or a change to it would have been told), else `lstat`'s: full text asks some
        230 sizes a query, 1-1.5 ms of `lstat`s on a large tree. Never a drop: a query's sizes
        leave what it reads alone (a racy file checked again here was dropped mid-query)."""
        rel = confine(path)
        held = self.held.get(rel) if rel is not None else None
        if held is not None and (
            held.checked == self._walks or (held.told and self._watcher is not None and not self._check_all)
        ):
            return held.key[1]
        return super().size(path)
