"""Git mirrors in, plain directories of a commit's files out, never writing into a mirror.

A base commit is materialized by listing its tree (`git ls-tree`) and writing
each regular file's blob as `git cat-file --batch` streams it into a temporary
directory, then renaming that into the cache (atomic). Blobs are written as
stored (no filters, no end-of-line conversion), as the engine reads a pinned
commit's objects. Symlinks and submodules are left out, as the read policy
refuses them anyway. `git archive` is not used: it honours `export-ignore`,
which drops whole test directories from some repositories; `checkout-index`
is not either: it stops at the first blob a partial mirror lacks (fetch may
leave out a repository's largest files), where this skips it and counts it.
Git runs with fixed arguments only, without user or system configuration.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import tempfile
import threading
from dataclasses import dataclass
from typing import Sequence

from ..checkout.policy import confine
from ..errors import BoundedCodeError, UsageError
from ..lazyre import compile_static

__all__ = ["CheckoutError", "Mirrors", "CheckoutCache", "GitFile", "list_files"]

#: fetch's layout: <owner>+<name>/repo, a bare git directory or a clone holding one in .git.
MIRROR_GIT_DIRS = ("repo/.git", "repo")
OWNER_NAME = compile_static(r"^[A-Za-z0-9][A-Za-z0-9_.-]*/[A-Za-z0-9_.-]+$")
COMMIT_ID = compile_static(r"^(?:[0-9a-f]{40}|[0-9a-f]{64})$")
GIT_TIMEOUT_S = 900
REGULAR_FILE_MODES = (b"100644", b"100755")  # not symlinks (120000) nor submodules (160000)
TEMP_PREFIX = ".tmp-"
META_SUFFIX = ".json"  # <commit>.json marks a complete checkout; its mtime is the last use
GIT_ENV = {
    "GIT_CONFIG_NOSYSTEM": "1",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_TERMINAL_PROMPT": "0",
    "GIT_NO_REPLACE_OBJECTS": "1",
    "LC_ALL": "C",
}


class CheckoutError(BoundedCodeError):
    """A task's commit cannot be materialized (not in the mirror, git failed)."""


def _is_git_dir(path: str) -> bool:
    return os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects"))


class Mirrors:
    """Where each repository's git directory is: folders of fetch mirrors and owner/name=GITDIR pairs."""

    def __init__(self, specs: Sequence[str]):
        self._folders: list[str] = []
        self._pairs: dict[str, str] = {}
        if not specs:
            raise UsageError("no mirrors given (--mirrors DIR or owner/name=GITDIR)")
        for spec in specs:
            name, sep, git_dir = spec.partition("=")
            if sep:
                if not OWNER_NAME.match(name):
                    raise UsageError(f"bad mirror spec {spec!r}: expected owner/name=GITDIR")
                if not _is_git_dir(git_dir):
                    raise UsageError(f"bad mirror spec {spec!r}: {git_dir} is not a git directory")
                self._pairs[name.lower()] = os.path.abspath(git_dir)
            elif os.path.isdir(spec):
                self._folders.append(os.path.abspath(spec))
            else:
                raise UsageError(f"bad mirror spec {spec!r}: not a directory nor owner/name=GITDIR")

    def git_dir(self, repo: str) -> str | None:
        if repo.lower() in self._pairs:
            return self._pairs[repo.lower()]
        if not OWNER_NAME.match(repo):
            return None
        entry = repo.replace("/", "+")
        for folder in self._folders:
            for sub in MIRROR_GIT_DIRS:
                path = os.path.join(folder, entry, sub)
                if _is_git_dir(path):
                    return path
        return None


def _git(git_dir: str, *args: str) -> bytes:
    cmd = ["git", f"--git-dir={git_dir}", *args]
    try:
        out = subprocess.run(
            cmd,
            capture_output=True,
            stdin=subprocess.DEVNULL,
            timeout=GIT_TIMEOUT_S,
            env={**os.environ, **GIT_ENV},
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        raise CheckoutError(f"git {args[0]} failed: {exc}") from None
    if out.returncode != 0:
        message = out.stderr.decode(errors="replace").strip().splitlines()
        raise CheckoutError(f"git {args[0]} failed: {message[-1] if message else out.returncode}")
    return out.stdout


def _check_commit(commit: str) -> None:
    if not COMMIT_ID.match(commit):
        raise CheckoutError(f"not a full commit id: {commit!r}")


@dataclass(frozen=True)
class GitFile:
    path: str
    blob: str
    size: int


def list_files(git_dir: str, commit: str) -> list[GitFile]:
    """The regular files of `commit`, in path order, with their blob ids and sizes."""
    _check_commit(commit)
    out = _git(git_dir, "ls-tree", "-r", "-l", "-z", "--full-tree", commit)
    files = []
    for rec in out.split(b"\0"):
        meta, _, path = rec.partition(b"\t")
        fields = meta.split()
        if len(fields) == 4 and fields[0] in REGULAR_FILE_MODES:
            size = int(fields[3]) if fields[3].isdigit() else -1  # "BAD": a blob the mirror lacks
            files.append(GitFile(os.fsdecode(path), fields[2].decode(), size))
    return sorted(files, key=lambda f: f.path)


def _write_blobs(git_dir: str, files: list[GitFile], root: str) -> tuple[int, int]:
    """Write `files` under `root` from the mirror's objects; (bytes written, files left out)."""
    written = missing = 0
    with tempfile.TemporaryFile() as ids:
        ids.write(b"".join(f.blob.encode() + b"\n" for f in files))
        ids.seek(0)
        cmd = ["git", f"--git-dir={git_dir}", "cat-file", "--batch"]
        try:
            proc = subprocess.Popen(
                cmd,
                stdin=ids,
                stdout=subprocess.PIPE,
                stderr=subprocess.DEVNULL,
                env={**os.environ, **GIT_ENV},
            )
        except OSError as exc:
            raise CheckoutError(f"git cat-file failed: {exc}") from None
        assert proc.stdout is not None
        try:
            made: set[str] = set()
            for f in files:
                header = proc.stdout.readline().split()
                if len(header) != 3 or header[1] != b"blob":
                    missing += 1  # "<oid> missing": a partial mirror
                    continue
                data = proc.stdout.read(int(header[2]))
                proc.stdout.read(1)  # the newline after each object
                if confine(f.path) != f.path:
                    missing += 1  # a crafted tree entry that would leave the checkout
                    continue
                path = os.path.join(root, *f.path.split("/"))
                parent = os.path.dirname(path)
                if parent not in made:
                    os.makedirs(parent, exist_ok=True)
                    made.add(parent)
                with open(path, "wb") as out:
                    out.write(data)
                written += len(data)
        finally:
            proc.stdout.close()
            if proc.wait(timeout=GIT_TIMEOUT_S) != 0:
                raise CheckoutError(f"git cat-file failed with status {proc.returncode}")
    return written, missing


class CheckoutCache:
    """Checkouts by commit under `root`, evicting the least recently used beyond `max_bytes`."""

    def __init__(self, root: str, max_bytes: int):
        self.root = os.path.abspath(root)
        self.max_bytes = max_bytes
        os.makedirs(self.root, exist_ok=True)
        self._pinned: set[str] = set()
        for name in sorted(os.listdir(self.root)):
            path = os.path.join(self.root, name)
            # Leftovers of an interrupted run: temporary trees and checkouts without their marker.
            if name.startswith(TEMP_PREFIX) or (
                os.path.isdir(path) and not os.path.exists(path + META_SUFFIX)
            ):
                shutil.rmtree(path, ignore_errors=True)

    @staticmethod
    def _remove_file(path: str) -> None:
        try:
            os.remove(path)
        except FileNotFoundError:
            pass

    def path(self, git_dir: str, commit: str) -> str:
        """The directory holding `commit`'s files, materialized on first use."""
        _check_commit(commit)
        target = os.path.join(self.root, commit)
        meta = target + META_SUFFIX
        if os.path.isdir(target) and os.path.exists(meta):
            os.utime(meta)
            return target
        files = list_files(git_dir, commit)
        temp = os.path.join(self.root, f"{TEMP_PREFIX}{commit}-{os.getpid()}-{threading.get_ident()}")
        shutil.rmtree(temp, ignore_errors=True)
        os.makedirs(temp)
        try:
            written, missing = _write_blobs(git_dir, files, temp)
            shutil.rmtree(target, ignore_errors=True)
            os.rename(temp, target)
            with open(meta, "w", encoding="utf-8") as f:
                json.dump({"commit": commit, "bytes": written, "missing_blobs": missing}, f)
        finally:
            shutil.rmtree(temp, ignore_errors=True)
        self._evict(keep=target)
        return target

    def pin(self, commit: str) -> None:
        self._pinned.add(commit)

    def unpin(self, commit: str) -> None:
        self._pinned.discard(commit)

    def _evict(self, keep: str) -> None:
        entries = []
        for name in os.listdir(self.root):
            if not name.endswith(META_SUFFIX):
                continue
            meta = os.path.join(self.root, name)
            try:
                with open(meta, encoding="utf-8") as f:
                    size = int(json.load(f)["bytes"])
                entries.append((os.stat(meta).st_mtime, name[: -len(META_SUFFIX)], size))
            except (OSError, ValueError, KeyError, TypeError):
                continue
        total = sum(size for _, _, size in entries)
        for _, commit, size in sorted(entries):
            if total <= self.max_bytes:
                break
            path = os.path.join(self.root, commit)
            if path == keep or commit in self._pinned:
                continue
            # The marker first, then the tree out of its name in one rename: a tree half removed
            # (an interrupted run, a concurrent one) is never found under its commit again.
            self._remove_file(path + META_SUFFIX)
            doomed = os.path.join(self.root, f"{TEMP_PREFIX}evicted-{commit}-{os.getpid()}")
            try:
                os.rename(path, doomed)
            except OSError:
                doomed = path
            shutil.rmtree(doomed, ignore_errors=True)
            total -= size
