"""Change notification for a kept working tree: the kernel says what changed (Linux inotify).

A `Watcher` holds one inotify watch per directory the walk entered. The kernel
queues an event inside the very system call that creates, deletes, renames,
writes or changes the attributes of an entry of a watched directory, so after
that call returns the event is in the queue: draining it at the start of a
query tells every change made before the query, without a `stat` per file.
A watch is added before the directory is listed (a change after it is an
event, one before it is in the listing). A file with several hard links is
watched by its inode too (a write through a link outside the tree is told to
that link's directory, and to the inode). Where the kernel cannot say, the
tree checks by `lstat` instead (checkout.cached): no inotify (not Linux, no
library, the per-user instance limit), a watch refused (the per-user watch
limit), a file system whose changes may come from elsewhere (network and FUSE
mounts: only LOCAL_FILE_SYSTEMS are watched), a directory on another device
than the root. A queue overflow makes the tree check everything once. Writes
through a shared memory map raise no event: a host that edits files that way
opens its engine with `watch=False`.
"""

from __future__ import annotations

import errno
import os
from typing import Any, Iterator

__all__ = ["Watcher", "Change", "OVERFLOW", "LOCAL_FILE_SYSTEMS"]

#: File systems whose every change goes through this kernel (a network or FUSE mount's may not).
LOCAL_FILE_SYSTEMS = frozenset(
    {"ext2", "ext3", "ext4", "xfs", "btrfs", "tmpfs", "overlay", "zfs", "f2fs", "bcachefs", "jfs", "reiserfs"}
)

# inotify(7) event bits.
_MODIFY, _ATTRIB, _CLOSE_WRITE = 0x2, 0x4, 0x8
_MOVED_FROM, _MOVED_TO, _CREATE, _DELETE = 0x40, 0x80, 0x100, 0x200
_DELETE_SELF, _MOVE_SELF = 0x400, 0x800
_Q_OVERFLOW, _IGNORED, _ISDIR = 0x4000, 0x8000, 0x40000000
_ONLYDIR, _DONT_FOLLOW, _EXCL_UNLINK = 0x1000000, 0x2000000, 0x4000000
_MASK = (
    _MODIFY | _ATTRIB | _CLOSE_WRITE | _MOVED_FROM | _MOVED_TO | _CREATE | _DELETE | _DELETE_SELF | _MOVE_SELF
)
#: An entry came or went: the directory's listing is stale.
ENTRIES_CHANGED = _MOVED_FROM | _MOVED_TO | _CREATE | _DELETE
#: The watched directory itself went, moved or changed its attributes (it may no longer be
#: readable): everything kept below it is stale.
SELF_CHANGED = _DELETE_SELF | _MOVE_SELF | _IGNORED | _ATTRIB
IS_DIR = _ISDIR

#: The Change a queue overflow gives: anything may have changed.
OVERFLOW = ("", "", _Q_OVERFLOW)

Change = tuple[str, str, int]  # (watched directory, entry name or "", inotify mask)


def _file_system(path: str) -> str | None:
    """The type of the file system `path` lies on (/proc/self/mountinfo's longest mount point)."""
    best, kind = -1, None
    try:
        with open("/proc/self/mountinfo", encoding="utf-8", errors="replace") as f:
            for line in f:
                left, _, right = line.partition(" - ")
                fields = left.split()
                if len(fields) < 5 or not right:
                    continue
                mount = fields[4].replace("\\040", " ")
                inside = path == mount or path.startswith(mount.rstrip("/") + "/")
                if inside and len(mount) > best:
                    best, kind = len(mount), right.split()[0]
    except OSError:
        return None
    return kind


class Watcher:
    """One inotify instance over the directories of one tree; `open` gives None where it cannot serve."""

    def __init__(self, inotify: Any, device: int):
        self._inotify = inotify
        self.device = device  # the root's st_dev: a directory elsewhere is not watched
        self._dirs: dict[int, str] = {}  # wd -> directory
        self._wds: dict[str, int] = {}
        self._files: dict[int, str] = {}  # wd -> file (watched by inode: several hard links)
        self._file_wds: dict[str, int] = {}

    @classmethod
    def open(cls, root: str) -> Watcher | None:
        if _file_system(root) not in LOCAL_FILE_SYSTEMS:
            return None
        try:
            from inotify_simple import INotify  # type: ignore[import-untyped]  # ships no type information

            return cls(INotify(nonblocking=True), os.lstat(root).st_dev)
        except (ImportError, OSError):
            return None

    def watching(self, directory: str) -> bool:
        return directory in self._wds

    def add(self, directory: str) -> bool:
        """Watch `directory` (before it is listed); False when the kernel refuses more watches
        (the caller stops watching). A directory that cannot be read raises OSError, as listing it would."""
        try:
            wd = self._inotify.add_watch(directory, _MASK | _ONLYDIR | _DONT_FOLLOW | _EXCL_UNLINK)
        except OSError as exc:
            if exc.errno in (errno.ENOSPC, errno.ENOMEM):
                return False
            raise
        old = self._dirs.get(wd)
        if old is not None and old != directory:  # the same directory, moved: one name only
            self._wds.pop(old, None)
        self._dirs[wd], self._wds[directory] = directory, wd
        return True

    def add_file(self, path: str) -> bool:
        """Watch one file's inode as well (it has other hard links: a write through one outside
        the tree is told to that link's directory, not to this one's); False when refused (the
        caller checks it by `lstat` instead)."""
        try:
            wd = self._inotify.add_watch(path, _MASK | _DONT_FOLLOW)
        except OSError:
            return False
        self._files[wd], self._file_wds[path] = path, wd
        return True

    def forget_file(self, path: str) -> None:
        wd = self._file_wds.pop(path, None)
        if wd is not None:
            self._files.pop(wd, None)
            self._remove(wd)

    def _remove(self, wd: int) -> None:
        try:
            self._inotify.rm_watch(wd)
        except OSError:
            pass  # the kernel already removed it (the file or directory is gone)

    def forget_below(self, directory: str) -> None:
        """Stop watching `directory` and every watched directory below it (they went or moved:
        the caller drops what it kept of them, and a walk that enters them watches them again)."""
        below = directory + os.sep
        for d in [d for d in self._wds if d == directory or d.startswith(below)]:
            wd = self._wds.pop(d)
            self._dirs.pop(wd, None)
            self._remove(wd)

    def changes(self) -> Iterator[Change]:
        """Every change queued since the last call, without waiting."""
        for event in self._inotify.read(timeout=0):
            if event.mask & _Q_OVERFLOW:
                yield OVERFLOW
                continue
            directory = self._dirs.get(event.wd)
            if directory is not None:
                yield directory, event.name, event.mask
            elif (path := self._files.get(event.wd)) is not None:
                # As its directory would tell it: this entry changed (never "entries changed").
                yield os.path.dirname(path), os.path.basename(path), _ATTRIB

    def close(self) -> None:
        self._inotify.close()
        for table in (self._dirs, self._wds, self._files, self._file_wds):
            table.clear()
