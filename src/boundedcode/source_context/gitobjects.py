"""The pinned commit for `source.context`: the same `GitTree` retrieval reads, plus a binding.

Nothing here runs git, parses revision syntax, reads the repository's
configuration or touches the working copy: the commit is looked up by its full
id in the object database (`checkout.GitTree`), paths are looked up in its tree,
and blobs are read from the object database after their size is checked in the
object header. Listing starts at the prefix's subtree (`GitTree.scope`), so a
narrow `path_prefix` costs only what lies beneath it.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from ..checkout.policy import refused_directory
from ..checkout.tree import BlobEntry, GitTree
from ..errors import RepositoryError
from ..lazyre import compile_static
from .errors import RequestError

__all__ = ["BlobEntry", "Scope", "PinnedCommit", "normalize_prefix"]

_DRIVE = compile_static(r"^[A-Za-z]:")
_CONTROL = compile_static(r"[\x00-\x1f\x7f]")
_FULL_ID = compile_static(r"[0-9a-f]{40}")


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
        reason = refused_directory(prefix)
        if reason is not None:
            raise RequestError(f"path_prefix {raw!r} is refused by the read policy ({reason})")
    return prefix


class PinnedCommit:
    """One commit of one repository, addressed by its full id."""

    def __init__(self, repository: str, commit: str):
        tree: GitTree | None
        try:
            tree = GitTree(repository, commit)
        except ValueError as exc:
            if str(exc).startswith("not a git repository"):
                raise RepositoryError(f"not a git repository: {repository}") from None
            tree = None
        # A full id of the commit itself: an abbreviation or a tag's id is not a pin.
        if tree is None or not _FULL_ID.fullmatch(commit.lower()) or tree.commit() != commit.lower():
            raise RepositoryError(f"commit {commit} is not in the repository {repository}")
        self.tree = tree
        self.commit_id = tree.commit() or commit

    def binding(self) -> dict[str, str]:
        """What a capture is bound to: the commit and its tree, never a path on this machine."""
        return {"commit": self.commit_id, "tree": self.tree.tree_id}

    def read(self, oid: str, limit: int) -> bytes | None:
        """The blob `oid`, or None when it is over `limit` bytes (checked before reading)."""
        return self.tree.read_blob(oid, limit).data

    def blob_at(self, path: str) -> BlobEntry | None:
        return self.tree.blob_at(path)

    def scope(self, prefix: str, extensions: tuple[str, ...], file_bytes: int) -> Scope:
        """The readable text files at or below `prefix` (already normalized)."""
        listed = self.tree.scope(prefix)
        scope = Scope(prefix, listed.prefix_found, refused=Counter(listed.refused))
        scope.not_regular_file = listed.not_regular_file
        for entry in listed.files:
            if not entry.path.lower().endswith(extensions):
                scope.other_extension += 1
            elif entry.size > file_bytes:
                scope.over_file_bytes.append(entry.path)
            else:
                scope.files.append(entry)
        return scope
