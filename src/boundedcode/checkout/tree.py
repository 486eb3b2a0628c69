"""One `Tree` interface over a working tree, a pinned commit's git objects and memory.

A tree lists its regular files (relative, `/`-separated, in path order) and
reads them. It applies no read policy itself: `walk.walk` does, once, so that
retrieval and `source.context` refuse the same paths. Every read is confined
to the tree and bounded before it starts: a path that would leave it, or that
is a symlink, or a file over the limit, reads as None (`read_file` says why).
Nothing here runs git or reads a checkout's git configuration (`gitmeta`).
"""

from __future__ import annotations

import hashlib
import os
import stat
from functools import cached_property
from typing import Any, Callable, Iterator, NamedTuple, Protocol

from .._record import Record, field
from ..errors import RepositoryError
from . import gitmeta
from .budgets import DEFAULT_BUDGETS
from .confined import NOT_READABLE, FileRead, read_under, too_large
from .policy import confine, refused_directory, refused_directory_name

__all__ = [
    "FileEntry",
    "Tree",
    "WorkTree",
    "GitTree",
    "MemoryTree",
    "BlobEntry",
    "Scope",
    "blob_id",
    "open_tree",
]


class FileEntry(NamedTuple):
    path: str
    size: int  # -1 where the listing does not know it without a stat


def blob_id(data: bytes) -> str:
    """Git's blob id of `data` (what `git hash-object` prints)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


class Tree(Protocol):
    @property
    def fs_root(self) -> str | None:
        """The directory on disk holding the files as listed, when there is one (the content
        scan runs ripgrep there); None for git objects and memory."""
        ...

    def files(self) -> list[FileEntry]: ...
    def read(self, path: str, limit: int | None = None) -> bytes | None: ...
    def read_file(self, path: str, limit: int) -> FileRead: ...
    def size(self, path: str) -> int | None:
        """A listed file's size in bytes, without reading it; None when it is not a regular file."""
        ...

    def commit(self) -> str | None: ...
    def branch(self) -> str | None: ...
    def repository(self) -> Any | None: ...


class _Reads:
    """`read` in terms of `read_file`: None when refused, the one-file budget by default."""

    def read_file(self, path: str, limit: int) -> FileRead:
        raise NotImplementedError

    def size(self, path: str) -> int | None:
        return None

    def read(self, path: str, limit: int | None = None) -> bytes | None:
        return self.read_file(path, DEFAULT_BUDGETS.file_bytes if limit is None else limit).data


_OPEN, _UNASKED, _TRACKED = range(3)


class WorkTree(_Reads):
    """A directory on disk; the index's file list and the ignore rules where there is a `.git`."""

    #: Whether the last `files` left out patterns of an ignore file (`gitmeta.MAX_IGNORE_PATTERNS`):
    #: ripgrep's own walk would read them all (`scan.ripgrep.PendingScan` searches by name then).
    ignores_cut = False
    #: Whether the last `files` applied the checkout's ignore rules (it read the index). Where
    #: `ignores_apply` said it would and it did not (a split index, one too large), ripgrep's own
    #: walk applied rules the walk did not: `scan.ripgrep.PendingScan` searches by name then.
    ignores_read = False
    #: What the last `files` listed and read of ignore rules, for `tracked_ignored`.
    _ignored_from: tuple[list[str], frozenset[str], list[tuple[str, Any]]] | None = None
    _ignored: list[str] | None = None

    def __init__(self, root: str):
        self.fs_root = os.path.realpath(root)
        try:  # a checkout that cannot be read at all is one clear error, here, not a traceback later
            os.close(os.open(self.fs_root, os.O_RDONLY | os.O_DIRECTORY | os.O_CLOEXEC))
            os.scandir(self.fs_root).close()
        except OSError as exc:
            raise RepositoryError(f"{root}: cannot read the checkout ({exc.strerror})") from None
        self._git_dir = gitmeta.find_git_dir(self.fs_root)
        self._head: tuple[str | None, str | None] | None = None

    def files(self) -> list[FileEntry]:
        """Regular files as they are on disk now: a tracked path that became a symlink or went
        missing is not listed (ripgrep follows a symlink it is handed by name)."""
        tracked = self._tracked()
        names = frozenset(tracked or ())
        holding: set[str] = set()  # directories with tracked files below them
        for n in names:
            d = n.rpartition("/")[0]
            while d and d not in holding:
                holding.add(d)
                d = d.rpartition("/")[0]
        ignore = gitmeta.IgnoreRules(self.fs_root, self._git_dir) if tracked is not None else None
        out: list[str] = []
        refused_dirs: list[str] = []

        # A directory is OPEN (asked and not ignored: untracked files count), UNASKED (it holds
        # tracked files, so it is entered anyway; an untracked file in it is asked about with
        # every directory above it) or TRACKED (ignored, or another repository: tracked only).
        # Depth first, each directory's subdirectories in their order (the order the ignore files
        # are read in, and so kept within their cap), with a stack of the directories to enter,
        # not by recursion: a checkout may nest directories deeper than Python's recursion limit
        # (1,200 levels: a traceback).
        stack: list[tuple[str, str, int, list[tuple[str, Any]]]] = [(self.fs_root, "", _OPEN, [])]
        read = self._entries
        while stack:
            dir_abs, rel, state, specs = stack.pop()
            try:
                entries = read(dir_abs)
            except OSError:
                continue
            if ignore is not None and state != _TRACKED:
                if rel and any(e.name == ".git" for e in entries):
                    state = _TRACKED  # another repository inside this one
                elif any(e.name == ".gitignore" and e.is_file(follow_symlinks=False) for e in entries):
                    spec = ignore.load(rel)
                    specs = specs + [(rel, spec)] if spec is not None else specs
            below: list[tuple[str, str, int, list[tuple[str, Any]]]] = []
            for e in entries:
                name = e.name
                # A symlink is neither a directory nor a file here (follow_symlinks=False).
                if e.is_dir(follow_symlinks=False):
                    if name == ".git":
                        continue
                    path = rel + name
                    # The directories above were allowed, or it would not be asked about.
                    if refused_directory_name(name) is not None:
                        # Never entered: its tracked files are listed by name, and the walk
                        # refuses them by the same rule.
                        refused_dirs.append(path + "/")
                    elif path in holding:
                        below.append((e.path, path + "/", _TRACKED if state == _TRACKED else _UNASKED, specs))
                    elif ignore is None:
                        below.append((e.path, path + "/", _OPEN, specs))
                    elif state == _OPEN and not ignore.ignored(path, True, specs):
                        below.append((e.path, path + "/", _OPEN, specs))
                    elif state == _UNASKED and not ignore.ignored_below(path, True, specs):
                        below.append((e.path, path + "/", _OPEN, specs))
                elif e.is_file(follow_symlinks=False) and name != ".git":
                    path = rel + name
                    if (
                        ignore is None
                        or path in names
                        or (state == _OPEN and not ignore.ignored(path, False, specs))
                        or (state == _UNASKED and not ignore.ignored_below(path, False, specs))
                    ):
                        out.append(path)
            stack += reversed(below)

        self.ignores_cut = ignore is not None and ignore.cut
        self.ignores_read = ignore is not None
        if refused_dirs:
            prefixes = tuple(refused_dirs)
            out += [n for n in names if n.startswith(prefixes)]
        out.sort()
        self._ignored = None
        self._ignored_from = (out, names, ignore.loaded) if ignore is not None and ignore.loaded else None
        return [FileEntry(path, -1) for path in out]

    @property
    def tracked_ignored(self) -> list[str]:
        """The tracked files of the last `files` its ignore rules may ignore (`gitmeta.may_ignore`):
        listed, as every tracked file is, and left out by ripgrep's own walk, which searches them
        by name then. Worked out when first asked, while ripgrep searches (Django: some 5 ms)."""
        if self._ignored is None:
            found = self._ignored_from
            self._ignored = (
                gitmeta.may_ignore([p for p in found[0] if p in found[1]], found[2]) if found else []
            )
        return self._ignored

    # Seams of the walk: a long-lived cache (checkout.cached) answers them from memory it validated.
    def _tracked(self) -> list[str] | None:
        return gitmeta.read_index(self._git_dir) if self._git_dir else None

    def _entries(self, dir_abs: str) -> list[os.DirEntry[str]]:
        return list(os.scandir(dir_abs))

    def read_file(self, path: str, limit: int) -> FileRead:
        rel = confine(path)
        if rel is None:
            return FileRead(None, NOT_READABLE)
        return read_under(self.fs_root, rel, limit)

    def size(self, path: str) -> int | None:
        rel = confine(path)
        try:
            st = os.lstat(os.path.join(self.fs_root, rel)) if rel else None
        except OSError:
            return None
        return st.st_size if st is not None and stat.S_ISREG(st.st_mode) else None

    @property
    def ignores_apply(self) -> bool:
        """Whether the walk applies git's ignore rules: in a checkout with a `.git` of its own
        (not in a folder of a larger repository, whose rules ripgrep would read)."""
        return self._git_dir is not None

    def _head_info(self) -> tuple[str | None, str | None]:
        if self._head is None:
            self._head = gitmeta.head(self._git_dir) if self._git_dir else (None, None)
        return self._head

    def commit(self) -> str | None:
        return self._head_info()[0]

    def branch(self) -> str | None:
        return self._head_info()[1]

    @cached_property
    def _objects(self) -> Any | None:
        return gitmeta.open_objects(self.fs_root) if self._git_dir else None

    def repository(self) -> Any | None:
        """The git objects behind this working tree (no configuration, no refs), or None."""
        return self._objects


class BlobEntry(NamedTuple):
    path: str
    oid: str
    size: int


class Scope(Record):
    """The readable regular files at or below a prefix, and what the listing left out and why."""

    path_prefix: str
    prefix_found: bool
    files: list[BlobEntry] = field(default_factory=list)  # path order
    refused: dict[str, int] = field(default_factory=dict)  # read-policy reason -> paths
    not_regular_file: int = 0  # symlinks and submodules


def _below(tree: Any, base: str, enter: Callable[[str], bool]) -> Iterator[tuple[str, Any]]:
    """The entries under a commit's `tree` that are not trees, as (path, entry), depth first in
    the order recursion takes, entering a tree when `enter(its path)` says so: with a stack, since
    a commit's trees may nest deeper than Python's recursion limit."""
    stack: list[tuple[Iterator[Any], str]] = [(iter(tree), base)]
    while stack:
        entry = next(stack[-1][0], None)
        if entry is None:
            stack.pop()
            continue
        path = stack[-1][1] + entry.name
        if entry.type_str != "tree":
            yield path, entry
        elif enter(path):
            stack.append((iter(entry), path + "/"))


class GitTree(_Reads):
    """The git objects of one commit (pygit2 over the object database alone); the working copy,
    the configuration and the refs are never read."""

    fs_root = None

    def __init__(self, repo_path: str, commit: str):
        import pygit2

        repo = gitmeta.open_objects(repo_path)
        if repo is None:
            raise ValueError(f"not a git repository: {repo_path}")
        self._repo: Any = repo
        # Resolve only full or abbreviated object ids, never revision syntax.
        if not all(c in "0123456789abcdefABCDEF" for c in commit) or not 4 <= len(commit) <= 40:
            raise ValueError(f"not a commit id: {commit!r}")
        try:
            obj = self._repo.git_object_lookup_prefix(commit.lower())
        except (KeyError, ValueError, pygit2.GitError) as exc:
            raise ValueError(f"unknown commit: {commit}") from exc
        if obj is None:
            raise ValueError(f"unknown commit: {commit}")
        try:
            commit_obj = obj.peel(pygit2.Commit)
        except (ValueError, pygit2.GitError, pygit2.InvalidSpecError):
            raise ValueError(f"not a commit: {commit}") from None
        self._commit = str(commit_obj.id)
        self._tree = commit_obj.tree
        self.tree_id = str(self._tree.id)
        self._entries: dict[str, BlobEntry] | None = None

    def _size(self, oid: Any) -> int:
        # The object's header alone: a blob's size is known before any of it is read.
        return self._repo.odb.read_header(oid)[1]

    def _regular(self, entry: Any) -> bool:
        import pygit2

        return entry.type_str == "blob" and entry.filemode in (
            pygit2.GIT_FILEMODE_BLOB,
            pygit2.GIT_FILEMODE_BLOB_EXECUTABLE,
        )

    def _index(self) -> dict[str, BlobEntry]:
        if self._entries is None:
            entries: dict[str, BlobEntry] = {}
            for path, e in _below(self._tree, "", lambda _: True):
                if self._regular(e):
                    entries[path] = BlobEntry(path, str(e.id), self._size(e.id))
            self._entries = entries
        return self._entries

    def files(self) -> list[FileEntry]:
        return [FileEntry(p, e.size) for p, e in sorted(self._index().items())]

    def blob_at(self, path: str) -> BlobEntry | None:
        """The regular file at `path` in the commit, looked up in its tree alone."""
        try:
            entry = self._tree[path]
        except (KeyError, ValueError, TypeError):
            return None
        if not self._regular(entry):
            return None
        return BlobEntry(path, str(entry.id), self._size(entry.id))

    def read_blob(self, oid: str, limit: int) -> FileRead:
        """The blob `oid`, its size checked in the object header before it is read."""
        try:
            size = self._size(oid)
        except (KeyError, ValueError):
            return FileRead(None, NOT_READABLE)
        if size > limit:
            return FileRead(None, too_large(limit))
        return FileRead(self._repo.odb.read(oid)[1])

    def read_file(self, path: str, limit: int) -> FileRead:
        rel = confine(path)
        entry = self.blob_at(rel) if rel else None
        if entry is None:
            return FileRead(None, NOT_READABLE)
        return self.read_blob(entry.oid, limit)

    def size(self, path: str) -> int | None:
        rel = confine(path)
        entry = self._index().get(rel) if rel else None
        return entry.size if entry is not None else None

    def blob_id(self, path: str) -> str | None:
        entry = self.blob_at(confine(path) or "")
        return entry.oid if entry is not None else None

    def scope(self, prefix: str) -> Scope:
        """The readable files at or below `prefix` (clean, relative; "" for the whole tree).

        Listing starts at the prefix's subtree, so a narrow prefix costs only what
        lies beneath it; a directory the policy refuses counts once and is not entered.
        """
        from .policy import refusal

        scope = Scope(prefix, prefix_found=True)

        def consider(path: str, entry: Any) -> None:
            if not self._regular(entry):
                scope.not_regular_file += 1
            elif (reason := refusal(path)) is not None:
                scope.refused[reason] = scope.refused.get(reason, 0) + 1
            else:
                scope.files.append(BlobEntry(path, str(entry.id), self._size(entry.id)))

        def enter(path: str) -> bool:
            if (reason := refused_directory(path)) is None:
                return True
            scope.refused[reason] = scope.refused.get(reason, 0) + 1
            return False

        def visit(tree: Any, base: str) -> None:
            for path, entry in _below(tree, base, enter):
                consider(path, entry)

        if not prefix:
            visit(self._tree, "")
        else:
            try:
                entry = self._tree[prefix]
            except (KeyError, ValueError, TypeError):
                return Scope(prefix, prefix_found=False)
            if entry.type_str == "tree":
                visit(entry, prefix + "/")
            else:
                consider(prefix, entry)
        scope.files.sort(key=lambda e: e.path)
        return scope

    def commit(self) -> str | None:
        return self._commit

    def branch(self) -> str | None:
        return None

    def repository(self) -> Any | None:
        return self._repo


class MemoryTree(_Reads):
    """Files held in memory: tests, and contents a long-lived process already has."""

    fs_root = None

    def __init__(self, files: dict[str, bytes | str], commit: str | None = None, branch: str | None = None):
        self._files = {p: (c.encode() if isinstance(c, str) else c) for p, c in files.items()}
        self._commit, self._branch = commit, branch

    def files(self) -> list[FileEntry]:
        return [FileEntry(p, len(c)) for p, c in sorted(self._files.items())]

    def read_file(self, path: str, limit: int) -> FileRead:
        rel = confine(path)
        data = self._files.get(rel) if rel else None
        if data is None:
            return FileRead(None, NOT_READABLE)
        return FileRead(None, too_large(limit)) if len(data) > limit else FileRead(data)

    def size(self, path: str) -> int | None:
        rel = confine(path)
        data = self._files.get(rel) if rel else None
        return len(data) if data is not None else None

    def commit(self) -> str | None:
        return self._commit

    def branch(self) -> str | None:
        return self._branch

    def repository(self) -> Any | None:
        return None


def open_tree(repo: str, commit: str | None = None) -> Tree:
    """A working tree, or the git objects of `commit` in `repo`."""
    return GitTree(repo, commit) if commit else WorkTree(repo)
