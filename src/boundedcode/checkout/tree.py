"""One `Tree` interface over a working tree, a pinned commit's git objects and memory.

A tree lists its regular files (relative, `/`-separated, in path order) and
reads them. It applies no read policy itself: `walk.walk` does, once, so that
retrieval and `source.context` refuse the same paths. Every read is confined
to the tree: a path that would leave it, or that is a symlink, reads as None.
"""

from __future__ import annotations

import hashlib
import os
import stat
import subprocess
from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol, cast

from .policy import confine, refusal

if TYPE_CHECKING:
    import pygit2

__all__ = ["FileEntry", "Tree", "WorkTree", "GitTree", "MemoryTree", "blob_id", "open_tree"]


@dataclass(frozen=True, order=True)
class FileEntry:
    path: str
    size: int  # -1 where the listing does not know it without a stat


def blob_id(data: bytes) -> str:
    """Git's blob id of `data` (what `git hash-object` prints)."""
    return hashlib.sha1(b"blob %d\0" % len(data) + data).hexdigest()


class Tree(Protocol):
    """A checkout's files: listed in path order, read confined, with the commit they come from."""

    @property
    def fs_root(self) -> str | None:
        """The directory on disk holding the files as listed, when there is one (the
        content scan runs ripgrep there); None for git objects and memory."""
        ...

    def files(self) -> list[FileEntry]: ...
    def read(self, path: str) -> bytes | None: ...
    def commit(self) -> str | None: ...
    def branch(self) -> str | None: ...
    def git_dir(self) -> str | None:
        """The git repository holding this tree's history (for pygit2), None without one."""
        ...


def _git(root: str, *args: str) -> bytes | None:
    """Run git with fixed arguments; user text never reaches it as an option."""
    try:
        out = subprocess.run(
            ["git", "-C", root, *args], capture_output=True, timeout=10, stdin=subprocess.DEVNULL
        )
    except (OSError, subprocess.TimeoutExpired):
        return None
    return out.stdout if out.returncode == 0 else None


class WorkTree:
    """A directory on disk; git's file list where there is a `.git` (it applies the ignore rules)."""

    def __init__(self, root: str):
        self.fs_root = os.path.realpath(root)
        self._is_git = os.path.exists(os.path.join(self.fs_root, ".git"))
        self._head: tuple[str | None, str | None] | None = None

    def files(self) -> list[FileEntry]:
        names = self._git_files() if self._is_git else None
        if names is None:
            return self._scandir_files()
        return [FileEntry(n, -1) for n in sorted(names)]

    def _git_files(self) -> list[str] | None:
        tracked = _git(self.fs_root, "ls-files", "-z", "-s", "--cached")
        others = _git(self.fs_root, "ls-files", "-z", "--others", "--exclude-standard")
        if tracked is None or others is None:
            return None
        names: set[str] = set()
        for rec in tracked.split(b"\0"):
            if not rec:
                continue
            meta, _, name = rec.partition(b"\t")
            # 120000 is a symlink, 160000 a submodule: neither is a readable file.
            if meta.startswith((b"100644", b"100755")):
                names.add(os.fsdecode(name))
        for name in others.split(b"\0"):
            if name:
                path = os.fsdecode(name)
                try:
                    if stat.S_ISREG(os.lstat(os.path.join(self.fs_root, path)).st_mode):
                        names.add(path)
                except OSError:
                    pass
        return list(names)

    def _scandir_files(self) -> list[FileEntry]:
        out: list[FileEntry] = []

        def visit(dir_abs: str, rel: str) -> None:
            try:
                entries = list(os.scandir(dir_abs))
            except OSError:
                return
            for e in entries:
                if e.is_symlink():
                    continue
                path = f"{rel}{e.name}"
                if e.is_dir(follow_symlinks=False):
                    # A directory the read policy refuses is not descended into at all.
                    if refusal(path + "/f") is None:
                        visit(e.path, path + "/")
                elif e.is_file(follow_symlinks=False):
                    out.append(FileEntry(path, -1))

        visit(self.fs_root, "")
        return sorted(out)

    def read(self, path: str) -> bytes | None:
        rel = confine(path)
        if rel is None:
            return None
        full = os.path.join(self.fs_root, rel)
        # Every component must be a real directory, the last a regular file: no symlink anywhere.
        try:
            if os.path.realpath(full) != os.path.normpath(full):
                return None
            fd = os.open(full, os.O_RDONLY | getattr(os, "O_NOFOLLOW", 0))
        except OSError:
            return None
        try:
            if not stat.S_ISREG(os.fstat(fd).st_mode):
                return None
            with os.fdopen(fd, "rb", closefd=False) as f:
                return f.read()
        except OSError:
            return None
        finally:
            os.close(fd)

    def _head_info(self) -> tuple[str | None, str | None]:
        if self._head is None:
            commit = branch = None
            if self._is_git:
                out = _git(self.fs_root, "rev-parse", "--verify", "-q", "HEAD")
                commit = out.decode().strip() if out else None
                out = _git(self.fs_root, "symbolic-ref", "-q", "--short", "HEAD")
                branch = out.decode().strip() if out else None
            self._head = (commit, branch)
        return self._head

    def commit(self) -> str | None:
        return self._head_info()[0]

    def branch(self) -> str | None:
        return self._head_info()[1]

    def git_dir(self) -> str | None:
        return self.fs_root if self._is_git else None


class GitTree:
    """The git objects of one commit (pygit2); the working copy is never read."""

    fs_root = None

    def __init__(self, repo_path: str, commit: str):
        import pygit2

        self._repo = pygit2.Repository(repo_path)
        obj = self._repo.get(commit) if len(commit) == 40 else None
        if obj is None:
            # Resolve only full or abbreviated object ids, never revision syntax.
            if not all(c in "0123456789abcdefABCDEF" for c in commit) or len(commit) < 4:
                raise ValueError(f"not a commit id: {commit!r}")
            try:
                obj = self._repo.revparse_single(commit)
            except (KeyError, ValueError) as exc:
                raise ValueError(f"unknown commit: {commit}") from exc
        commit_obj = obj.peel(pygit2.Commit)
        self._commit = str(commit_obj.id)
        self._tree = commit_obj.tree
        self._entries: dict[str, pygit2.Blob] | None = None

    def _index(self) -> dict[str, pygit2.Blob]:
        if self._entries is None:
            import pygit2

            entries: dict[str, pygit2.Blob] = {}

            def visit(tree: pygit2.Tree, prefix: str) -> None:
                for e in tree:
                    path = prefix + cast(str, e.name)  # a tree entry always has a name
                    if e.type_str == "tree":
                        visit(cast(pygit2.Tree, e), path + "/")
                    elif e.type_str == "blob" and e.filemode in (
                        pygit2.GIT_FILEMODE_BLOB,
                        pygit2.GIT_FILEMODE_BLOB_EXECUTABLE,
                    ):
                        entries[path] = cast(pygit2.Blob, e)

            visit(self._tree, "")
            self._entries = entries
        return self._entries

    def files(self) -> list[FileEntry]:
        return [FileEntry(p, e.size) for p, e in sorted(self._index().items())]

    def read(self, path: str) -> bytes | None:
        rel = confine(path)
        entry = self._index().get(rel) if rel else None
        return entry.data if entry is not None else None

    def blob_id(self, path: str) -> str | None:
        entry = self._index().get(confine(path) or "")
        return str(entry.id) if entry is not None else None

    def commit(self) -> str | None:
        return self._commit

    def branch(self) -> str | None:
        return None

    def git_dir(self) -> str | None:
        return str(self._repo.path)


class MemoryTree:
    """Files held in memory: tests, and contents a long-lived process already has."""

    fs_root = None

    def __init__(self, files: dict[str, bytes | str], commit: str | None = None, branch: str | None = None):
        self._files = {p: (c.encode() if isinstance(c, str) else c) for p, c in files.items()}
        self._commit, self._branch = commit, branch

    def files(self) -> list[FileEntry]:
        return [FileEntry(p, len(c)) for p, c in sorted(self._files.items())]

    def read(self, path: str) -> bytes | None:
        rel = confine(path)
        return self._files.get(rel) if rel else None

    def commit(self) -> str | None:
        return self._commit

    def branch(self) -> str | None:
        return self._branch

    def git_dir(self) -> str | None:
        return None


def open_tree(repo: str, commit: str | None = None) -> Tree:
    """A working tree, or the git objects of `commit` in `repo`."""
    return GitTree(repo, commit) if commit else WorkTree(repo)
