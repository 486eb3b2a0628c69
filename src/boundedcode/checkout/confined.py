"""Confined reads: the one place where a file of a checkout is opened and read.

A path is opened component by component, each relative to the descriptor of the
directory above it and with `O_NOFOLLOW`, so the check and the read are one act:
a directory swapped for a symlink between a policy check and the open makes the
open fail instead of leading outside the checkout. The last component is opened
with `O_NONBLOCK` (a FIFO never blocks the read) and must be a regular file. Its
size comes from `fstat` of that same descriptor before any byte is read, and at
most `limit + 1` bytes are ever read, so a file over the one-file budget costs no
memory, however large it is or grows.

`read_confined` adds what every reader of untrusted paths needs on top of a
tree's own read: confinement of the path, the read policy and the binary probe,
each refusal named, never the file's content.
"""

from __future__ import annotations

import os
import stat
from typing import TYPE_CHECKING, NamedTuple

from .policy import confine, refusal

if TYPE_CHECKING:
    from .tree import Tree

__all__ = [
    "BINARY",
    "BINARY_PROBE_BYTES",
    "FileRead",
    "NOT_READABLE",
    "OUTSIDE",
    "is_binary",
    "open_under",
    "read_confined",
    "read_under",
    "too_large",
]

#: A NUL byte this early marks a binary file (git's own heuristic looks at the same span).
BINARY_PROBE_BYTES = 8000

OUTSIDE = "outside the checkout"
NOT_READABLE = "not a readable file (missing, a directory or a symlink)"
BINARY = "a binary file"

_ROOT_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC
_DIR_FLAGS = os.O_RDONLY | os.O_DIRECTORY | os.O_NOFOLLOW | os.O_CLOEXEC
_FILE_FLAGS = os.O_RDONLY | os.O_NOFOLLOW | os.O_NONBLOCK | os.O_CLOEXEC | getattr(os, "O_NOCTTY", 0)


def too_large(limit: int) -> str:
    return f"larger than {limit:,} bytes"


class FileRead(NamedTuple):
    """What one read gave: the bytes, or why there are none (never the content's words)."""

    data: bytes | None
    refused: str | None = None


def is_binary(data: bytes) -> bool:
    return data.find(b"\0", 0, BINARY_PROBE_BYTES) >= 0  # no copy of the probed span


def open_under(root: str, rel: str, flags: int = _FILE_FLAGS) -> int:
    """A descriptor for `rel` (already confined) under the directory `root`, no symlink anywhere.

    Raises OSError when a component is missing, a symlink, or not a directory.
    """
    parts = rel.split("/")
    fd = os.open(root, _ROOT_FLAGS)  # the root itself is the caller's: it may be reached by a symlink
    try:
        for part in parts[:-1]:
            below = os.open(part, _DIR_FLAGS, dir_fd=fd)
            os.close(fd)
            fd = below
        return os.open(parts[-1], flags, dir_fd=fd)
    finally:
        os.close(fd)


def read_fd(fd: int, limit: int) -> FileRead:
    """At most `limit` bytes of the regular file open on `fd`; the size is checked first."""
    info = os.fstat(fd)
    if not stat.S_ISREG(info.st_mode):
        return FileRead(None, NOT_READABLE)
    if info.st_size > limit:
        return FileRead(None, too_large(limit))
    chunks: list[bytes] = []
    left = limit + 1  # one byte more than allowed shows a file that grew since the fstat
    while left > 0:
        chunk = os.read(fd, min(left, 1 << 20))
        if not chunk:
            break
        chunks.append(chunk)
        left -= len(chunk)
    if left <= 0:
        return FileRead(None, too_large(limit))
    return FileRead(b"".join(chunks))


def read_under(root: str, rel: str, limit: int) -> FileRead:
    """The file `rel` (already confined) under `root`, read as one act with its checks."""
    try:
        fd = open_under(root, rel)
    except (OSError, ValueError):
        return FileRead(None, NOT_READABLE)
    try:
        return read_fd(fd, limit)
    except OSError:
        return FileRead(None, NOT_READABLE)
    finally:
        os.close(fd)


def read_confined(tree: Tree, path: str, limit: int, *, text_only: bool = True) -> FileRead:
    """`path` of `tree` as an untrusted caller may have it: confined, under the read policy,
    within `limit` bytes and (with `text_only`) not binary. Every refusal is named."""
    rel = confine(path)
    if rel is None:
        return FileRead(None, OUTSIDE)
    why = refusal(rel)
    if why is not None:
        return FileRead(None, why)
    read = tree.read_file(rel, limit)
    if read.data is not None and text_only and is_binary(read.data):
        return FileRead(None, BINARY)
    return read
