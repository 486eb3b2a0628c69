"""A working tree kept in memory by a long-lived process, validated on every query.

`CachedWorkTree` is a `WorkTree` whose directory listings, git index, file
contents and per-file facts stay in memory between retrievals. Nothing is
written to disk. Each `files()` call (once per retrieval: the walk) checks what
it keeps against the file system before anything is used:

- a directory's entries are reused while its `lstat` (inode, mtime, ctime) is
  unchanged: adding, removing, renaming or replacing an entry (a file by a
  symlink) changes them;
- the git index is parsed again when its `lstat` changed;
- every listed file is `lstat`ed; its contents and facts are dropped unless
  inode, size, mtime and ctime are what they were when it was read.

A timestamp is only as fine as the file system's clock tick, so a file or a
directory whose mtime is within RACY_NS of the moment it was read (two edits in
one tick look alike) is read again on the next query until it is older, as git
treats "racily clean" index entries. The cache keeps at most `max_bytes` of
contents; past it files are read from disk on every use, so answers never
depend on what fits.
"""

from __future__ import annotations

import os
import stat
import time
from dataclasses import dataclass
from typing import Callable

from . import gitmeta
from .confined import FileRead, NOT_READABLE, read_under, too_large
from .policy import confine
from .tree import FileEntry, WorkTree

__all__ = ["CachedWorkTree", "RACY_NS", "DEFAULT_MAX_BYTES"]

#: A timestamp this close to the moment of the read may hide a second change in the same tick.
RACY_NS = 2_000_000_000
#: Contents kept per checkout (the facts derived from them take about as much again).
DEFAULT_MAX_BYTES = 512 * 1024 * 1024


def _key(st: os.stat_result) -> tuple[int, int, int, int]:
    return (st.st_ino, st.st_size, st.st_mtime_ns, st.st_ctime_ns)


@dataclass
class _Held:
    key: tuple[int, int, int, int]
    data: bytes
    racy: bool  # read again on the next query
    checked: int  # the walk that last found it unchanged


class CachedWorkTree(WorkTree):
    """A working tree whose listing and contents a long-lived process keeps, validated per query."""

    def __init__(
        self,
        root: str,
        *,
        max_bytes: int = DEFAULT_MAX_BYTES,
        clock_ns: Callable[[], int] = time.time_ns,
        on_drop: Callable[[str, _Held], None] | None = None,
    ):
        super().__init__(root)
        self.max_bytes, self._clock_ns = max_bytes, clock_ns
        self._dirs: dict[str, tuple[tuple[int, int, int, int], bool, list[os.DirEntry[str]]]] = {}
        self._index: tuple[tuple[int, int, int, int], bool, list[str] | None] | None = None
        self.held: dict[str, _Held] = {}
        self.bytes_held = 0
        self._walks = 0  # files() calls: a file checked in the current one is not checked again
        #: Told of every file whose contents are dropped (changed, gone), before they go.
        self.on_drop = on_drop

    # -- the walk's seams ----------------------------------------------------------------------

    def _racy(self, st: os.stat_result, since_ns: int) -> bool:
        return st.st_mtime_ns >= since_ns - RACY_NS or st.st_ctime_ns >= since_ns - RACY_NS

    def _entries(self, dir_abs: str) -> list[os.DirEntry[str]]:
        try:
            st = os.lstat(dir_abs)
        except OSError:
            self._dirs.pop(dir_abs, None)
            raise
        kept = self._dirs.get(dir_abs)
        if kept is not None and kept[0] == _key(st) and not kept[1]:
            return kept[2]
        now = self._clock_ns()
        entries = list(os.scandir(dir_abs))
        self._dirs[dir_abs] = (_key(st), self._racy(st, now), entries)
        return entries

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
        """The walk, from validated listings; then every kept file is checked against its `lstat`."""
        self._walks += 1
        listed = super().files()
        seen = {f.path for f in listed}
        for path in [p for p in self.held if p not in seen]:
            self._drop(path)
        for entry in listed:
            held = self.held.get(entry.path)
            if held is None:
                continue
            try:
                st = os.lstat(os.path.join(self.fs_root, entry.path))
            except OSError:
                self._drop(entry.path)
                continue
            if held.racy or _key(st) != held.key or not stat.S_ISREG(st.st_mode):
                self._drop(entry.path)
            else:
                held.checked = self._walks
        return listed

    def _head_info(self) -> tuple[str | None, str | None]:
        # HEAD moves under a long-lived process (a branch switch): read it every time (two small files).
        return gitmeta.head(self._git_dir) if self._git_dir else (None, None)

    # -- reads ---------------------------------------------------------------------------------

    def _drop(self, path: str) -> None:
        held = self.held.pop(path)
        self.bytes_held -= len(held.data)
        if self.on_drop is not None:
            self.on_drop(path, held)

    def held_file(self, path: str, limit: int, *, walked: bool = False) -> tuple[FileRead, _Held | None]:
        """A file's contents, from memory when kept and unchanged, else read and kept.

        Every read checks the file's `lstat` first, except with `walked`: the caller (the
        scan, right after the walk) knows the walk just checked every listed file."""
        rel = confine(path)
        if rel is None:
            return FileRead(None, NOT_READABLE), None
        held = self.held.get(rel)
        if (
            held is not None
            and not (walked and held.checked == self._walks)
            and not self._unchanged(rel, held)
        ):
            self._drop(rel)
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
        held = self.held[rel] = _Held(_key(after), read.data, self._racy(after, now), self._walks)
        self.bytes_held += len(read.data)
        return read, held

    def _unchanged(self, rel: str, held: _Held) -> bool:
        """A read outside the walk (before it, or of a file it did not list) checks the file itself."""
        try:
            st = os.lstat(os.path.join(self.fs_root, rel))
        except OSError:
            return False
        if held.racy or _key(st) != held.key or not stat.S_ISREG(st.st_mode):
            return False
        held.checked = self._walks
        return True

    def read_file(self, path: str, limit: int) -> FileRead:
        return self.held_file(path, limit)[0]
