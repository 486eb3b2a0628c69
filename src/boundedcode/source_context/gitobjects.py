"""The git objects of the pinned commit, listed under a path prefix (pygit2 only).

Nothing here runs git, parses revision syntax or touches the working copy: the
commit is looked up by its full id, paths are looked up in its tree, and blobs
are read from the object database. Listing starts at the prefix's subtree, so a
narrow `path_prefix` costs only what lies beneath it.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field

from typing import cast

import pygit2

from ..checkout.policy import refusal
from ..errors import RepositoryError
from .errors import RequestError

__all__ = ["BlobEntry", "Scope", "PinnedCommit", "normalize_prefix"]

_REGULAR_MODES = (pygit2.GIT_FILEMODE_BLOB, pygit2.GIT_FILEMODE_BLOB_EXECUTABLE)
# `refusal` judges directories by the components above a file name; a neutral
# file name below a directory asks it about the directory alone.
_DIRECTORY_PROBE = "probe"
_DRIVE = re.compile(r"^[A-Za-z]:")
_CONTROL = re.compile(r"[\x00-\x1f\x7f]")


@dataclass(frozen=True)
class BlobEntry:
    path: str
    oid: str
    size: int


@dataclass
class Scope:
    """The files one query may search, and what the listing left out and why."""

    path_prefix: str
    prefix_found: bool
    files: list[BlobEntry] = field(default_factory=list)  # path order
    refused: Counter[str] = field(default_factory=Counter)  # read-policy reason -> paths
    other_extension: int = 0
    not_regular_file: int = 0  # symlinks and submodules
    over_file_bytes: list[str] = field(default_factory=list)  # path order


def normalize_prefix(raw: str) -> str:
    """A request's `path_prefix` as a clean relative path ("" for the whole tree).

    Rejected outright rather than repaired: absolute paths, drive letters,
    backslashes, `..` components, control characters, and directories the read
    policy refuses. The result is only ever looked up in the commit's tree.
    """
    if not isinstance(raw, str):
        raise RequestError("path_prefix must be a string")
    if _CONTROL.search(raw) or "\\" in raw:
        raise RequestError(f"path_prefix {raw!r} contains a backslash or control character")
    try:
        raw.encode("utf-8")
    except UnicodeEncodeError:
        raise RequestError(f"path_prefix {raw!r} is not valid text") from None
    if raw.startswith("/") or _DRIVE.match(raw):
        raise RequestError(f"path_prefix {raw!r} must be relative to the repository")
    parts = [p for p in raw.split("/") if p not in ("", ".")]
    if ".." in parts:
        raise RequestError(f"path_prefix {raw!r} must not contain '..'")
    prefix = "/".join(parts)
    if prefix:
        reason = refusal(f"{prefix}/{_DIRECTORY_PROBE}")
        if reason is not None:
            raise RequestError(f"path_prefix {raw!r} is refused by the read policy ({reason})")
    return prefix


class PinnedCommit:
    """One commit of one repository, addressed by its full id."""

    def __init__(self, repository: str, commit: str):
        try:
            self._repo = pygit2.Repository(repository)
        except (pygit2.GitError, KeyError, OSError, ValueError):
            raise RepositoryError(f"not a git repository: {repository}") from None
        try:
            obj = self._repo.get(commit)
        except ValueError:
            obj = None
        if obj is None or obj.type != pygit2.enums.ObjectType.COMMIT:
            raise RepositoryError(f"commit {commit} is not in the repository {repository}")
        self.commit_id = str(obj.id)
        self._tree = obj.tree

    def binding(self) -> dict[str, str]:
        """What a capture is bound to: the commit and its tree, never a path on this machine."""
        return {"commit": self.commit_id, "tree": str(self._tree.id)}

    def read(self, oid: str) -> bytes:
        return self._repo.odb.read(oid)[1]

    def blob_at(self, path: str) -> BlobEntry | None:
        try:
            entry = self._tree[path]
        except (KeyError, ValueError):
            return None
        if entry.type_str != "blob" or entry.filemode not in _REGULAR_MODES:
            return None
        return BlobEntry(path, str(entry.id), self._size(entry.id))

    def scope(self, prefix: str, extensions: tuple[str, ...], file_bytes: int) -> Scope:
        """The readable text files at or below `prefix` (already normalized)."""
        if not prefix:
            scope = Scope(prefix, prefix_found=True)
            self._visit(self._tree, "", scope, extensions, file_bytes)
        else:
            try:
                entry = self._tree[prefix]
            except KeyError:
                return Scope(prefix, prefix_found=False)
            scope = Scope(prefix, prefix_found=True)
            if entry.type_str == "tree":
                self._visit(cast(pygit2.Tree, entry), prefix + "/", scope, extensions, file_bytes)
            else:
                self._consider(prefix, entry, scope, extensions, file_bytes)
        scope.files.sort(key=lambda e: e.path)
        scope.over_file_bytes.sort()
        return scope

    def _visit(
        self, tree: pygit2.Tree, base: str, scope: Scope, extensions: tuple[str, ...], file_bytes: int
    ) -> None:
        for entry in tree:
            path = base + cast(str, entry.name)  # a tree entry always has a name
            if entry.type_str == "tree":
                reason = refusal(f"{path}/{_DIRECTORY_PROBE}")
                if reason is not None:
                    scope.refused[reason] += 1  # the directory counts once; it is not entered
                else:
                    self._visit(cast(pygit2.Tree, entry), path + "/", scope, extensions, file_bytes)
            else:
                self._consider(path, entry, scope, extensions, file_bytes)

    def _consider(
        self, path: str, entry: pygit2.Object, scope: Scope, extensions: tuple[str, ...], file_bytes: int
    ) -> None:
        if entry.type_str != "blob" or entry.filemode not in _REGULAR_MODES:
            scope.not_regular_file += 1
            return
        reason = refusal(path)
        if reason is not None:
            scope.refused[reason] += 1
        elif not path.lower().endswith(extensions):
            scope.other_extension += 1
        else:
            size = self._size(entry.id)
            if size > file_bytes:
                scope.over_file_bytes.append(path)
            else:
                scope.files.append(BlobEntry(path, str(entry.id), size))

    def _size(self, oid: pygit2.Oid) -> int:
        return self._repo.odb.read_header(oid)[1]
