"""A checkout's git metadata, read without git and without its configuration.

A checkout is untrusted, and so is its `.git`: its configuration can name
commands (`core.fsmonitor`, hooks, pagers, `core.sshCommand`, diff and textconv
drivers) and files (`include.path`, `includeIf`) that git or libgit2 would run or
open (a FIFO there hangs both). So nothing here runs git or opens the
configuration. The file list comes from the index file itself, HEAD from the
refs files, the ignore rules from the `.gitignore` files and `info/exclude`
(parsed by `pathspec`), and objects from the object database alone: a pygit2
repository with no path, no configuration and no refs, given only the `Odb`.

Every metadata file is read as one act with its checks (`confined.read_under`:
no symlink, regular files only, bounded in size). A `.git` file may name a git
directory elsewhere (worktrees, submodules): only names and ids are read there.

Measured on a 6.8k-file checkout (shared, loaded machine): pygit2's `Index`
iterates its entries in 100–155 ms, `git ls-files -s` 22–32 ms; the parser
below reads the same entries in a few milliseconds.
"""

from __future__ import annotations

import bisect
import os
import re
import stat
import struct
import warnings
from typing import Any, Sequence

from ..lazyre import compile_static
from .confined import read_under
from .policy import confine

__all__ = ["find_git_dir", "read_index", "head", "open_objects", "resolve_revision", "IgnoreRules"]

#: Largest index file read (a 50,000-file checkout's index is about 5 MiB).
MAX_INDEX_BYTES = 64 * 1024 * 1024
#: Largest HEAD, ref, `commondir` or `.git` file read.
MAX_REF_BYTES = 64 * 1024
#: Largest `packed-refs`, `.gitignore` or `info/exclude` read.
MAX_LIST_BYTES = 16 * 1024 * 1024
#: Symbolic refs followed at most (git's own limit is 5).
MAX_REF_DEPTH = 5
#: Ignore patterns kept of one ignore file, and of all a walk reads. pathspec compiles each into
#: a regular expression (some 50 µs) and tries them all on every untracked path: a checkout's
#: `.gitignore` of 50,000 patterns took a retrieval past its time budget (3.1 s, nothing found).
#: The patterns past them are left out: an untracked file they would ignore is listed (the read
#: policy still applies to it); no tracked file is ever hidden by them.
MAX_IGNORE_PATTERNS = 2_000
MAX_IGNORE_PATTERNS_TOTAL = 8_000

_REGULAR = (0o100644, 0o100755)
_HEX = compile_static(rb"[0-9a-f]{40}(?:[0-9a-f]{24})?")
_ENTRY = struct.Struct(">10I")  # ctime, mtime (2 each), dev, ino, mode, uid, gid, size
_EXTENDED = 0x4000


def _read(path: str, limit: int) -> bytes | None:
    directory, name = os.path.split(path)
    return read_under(directory or ".", name, limit).data


def find_git_dir(root: str) -> str | None:
    """The git directory of the working tree at `root`: `.git`, or where a `.git` file points."""
    dot_git = os.path.join(root, ".git")
    try:
        st = os.lstat(dot_git)
    except OSError:
        return None
    if stat.S_ISDIR(st.st_mode):
        return dot_git
    if stat.S_ISREG(st.st_mode):
        data = _read(dot_git, MAX_REF_BYTES) or b""
        if data.startswith(b"gitdir: "):
            target = os.fsdecode(data[8:].strip())
            path = os.path.normpath(os.path.join(root, target))
            return path if os.path.isdir(path) else None
    return None


def common_dir(git_dir: str) -> str:
    """Where refs and objects live: a worktree's git directory names it in `commondir`."""
    data = _read(os.path.join(git_dir, "commondir"), MAX_REF_BYTES)
    if data is None:
        return git_dir
    return os.path.normpath(os.path.join(git_dir, os.fsdecode(data.strip())))


def read_index(git_dir: str) -> list[str] | None:
    """Paths of the regular files the index tracks, or None when it cannot be read faithfully
    (missing, too large, a split index, a hash or version this parser does not know)."""
    path = os.path.join(git_dir, "index")
    if not os.path.lexists(path):
        return []  # a repository before its first `git add`: nothing tracked yet
    data = _read(path, MAX_INDEX_BYTES)
    if data is None or len(data) < 12 or data[:4] != b"DIRC":
        return None
    version, count = struct.unpack_from(">II", data, 4)
    if version not in (2, 3, 4):
        return None
    for hash_size in (20, 32):  # SHA-1, then SHA-256 repositories
        names = _entries(data, version, count, hash_size)
        if names is not None:
            return names
    return None


def _entries(data: bytes, version: int, count: int, hash_size: int) -> list[str] | None:
    names: list[str] = []
    pos, previous = 12, b""
    fixed = _ENTRY.size + hash_size + 2
    try:
        for _ in range(count):
            start = pos
            mode = _ENTRY.unpack_from(data, pos)[6]
            (flags,) = struct.unpack_from(">H", data, pos + fixed - 2)
            pos += fixed
            if flags & _EXTENDED:
                if version < 3:
                    return None
                pos += 2
            if version == 4:
                strip, pos = _varint(data, pos)
                end = data.index(b"\0", pos)
                if strip > len(previous):
                    return None
                name = previous[: len(previous) - strip] + data[pos:end]
                pos = end + 1
            else:
                end = data.index(b"\0", pos)
                name = data[pos:end]
                pos = start + ((end - start) // 8 + 1) * 8  # NUL-padded to a multiple of 8
            length = flags & 0xFFF
            if length != 0xFFF and length != len(name):
                return None  # the wrong hash size: the fields do not line up
            previous = name
            if mode in _REGULAR:
                names.append(name.decode("utf-8", "surrogateescape"))
        if data[pos : pos + 4] == b"link":
            return None  # a split index: most entries live in a shared index file
    except (struct.error, ValueError, IndexError):
        return None
    return names


def _varint(data: bytes, pos: int) -> tuple[int, int]:
    """Git's offset varint (index v4's prefix length)."""
    byte = data[pos]
    value = byte & 0x7F
    pos += 1
    while byte & 0x80:
        byte = data[pos]
        value = ((value + 1) << 7) | (byte & 0x7F)
        pos += 1
    return value, pos


def _resolve(common: str, ref: str) -> str | None:
    """The object id `ref` names (loose ref, then packed-refs), following symbolic refs."""
    for _ in range(MAX_REF_DEPTH):
        rel = confine(ref)
        if rel is None or not rel.startswith("refs/"):
            return None
        data = read_under(common, rel, MAX_REF_BYTES).data
        if data is None:
            return _packed(common, ref)
        data = data.strip()
        if data.startswith(b"ref: "):
            ref = os.fsdecode(data[5:].strip())
            continue
        return data.decode() if _HEX.fullmatch(data) else None
    return None


def _packed(common: str, ref: str) -> str | None:
    data = _read(os.path.join(common, "packed-refs"), MAX_LIST_BYTES) or b""
    wanted = os.fsencode(ref)
    for line in data.split(b"\n"):
        oid, _, name = line.partition(b" ")
        if name.strip() == wanted and _HEX.fullmatch(oid):
            return oid.decode()
    return None


def head(git_dir: str) -> tuple[str | None, str | None]:
    """(commit, branch) HEAD names: the branch None when detached, the commit None when unborn."""
    data = (_read(os.path.join(git_dir, "HEAD"), MAX_REF_BYTES) or b"").strip()
    if _HEX.fullmatch(data):
        return data.decode(), None
    if not data.startswith(b"ref: "):
        return None, None
    ref = os.fsdecode(data[5:].strip())
    branch = ref[len("refs/heads/") :] if ref.startswith("refs/heads/") else ref
    commit = _resolve(common_dir(git_dir), ref)
    return commit, branch


def discover_git_dir(path: str) -> str | None:
    """The git directory for `path`: a bare repository there, or the `.git` of the nearest
    working tree at or above it (as git discovers it)."""
    if os.path.isfile(os.path.join(path, "HEAD")) and os.path.isdir(os.path.join(path, "objects")):
        return path
    folder = os.path.abspath(path)
    while True:
        git_dir = find_git_dir(folder)
        if git_dir is not None:
            return git_dir
        parent = os.path.dirname(folder)
        if parent == folder:
            return None
        folder = parent


def object_dir(path: str) -> str | None:
    """The object database of the repository `discover_git_dir` finds for `path`."""
    git_dir = discover_git_dir(path)
    if git_dir is None:
        return None
    objects = os.path.join(common_dir(git_dir), "objects")
    return objects if os.path.isdir(objects) else None


def open_objects(path: str) -> Any | None:
    """A pygit2 repository over the object database alone (no configuration, refs or hooks)."""
    import pygit2

    objects = object_dir(path)
    if objects is None:
        return None
    try:
        repo = pygit2.Repository()
        repo.set_odb(pygit2.Odb(objects))
    except (pygit2.GitError, OSError, ValueError):
        return None
    return repo


_REVISION = compile_static(r"(?P<base>[^~^]+)(?P<steps>(?:[~^]\d*)*)")
_STEP = compile_static(r"([~^])(\d*)")
#: Parent steps (`~N`, `^N`) followed at most: a revision is typed, not generated.
MAX_REVISION_STEPS = 10_000


def resolve_revision(path: str, rev: str) -> str | None:
    """The commit id `rev` names in the repository at `path`, or None.

    Understands what a person types, read from the refs files and the object
    database alone: a full or abbreviated id, `HEAD`, a branch, a tag, a full ref
    name, each optionally followed by `~N` and `^N` steps. Never a path, never an
    option, never git's other revision syntax.
    """
    import pygit2

    match = _REVISION.fullmatch(rev)
    repo = open_objects(path)
    git_dir = discover_git_dir(path)
    if match is None or repo is None or git_dir is None:
        return None
    base = match.group("base")
    if base == "HEAD":
        oid = head(git_dir)[0]
    else:
        common = common_dir(git_dir)
        refs = [base] if base.startswith("refs/") else [f"refs/heads/{base}", f"refs/tags/{base}"]
        oid = next((o for ref in refs if (o := _resolve(common, ref)) is not None), None)
        if oid is None and re.fullmatch(r"[0-9a-fA-F]{4,64}", base):
            try:
                found = repo.git_object_lookup_prefix(base.lower())
            except (KeyError, ValueError, pygit2.GitError):
                found = None
            oid = str(found.id) if found is not None else None
    if oid is None:
        return None
    try:
        commit = repo.get(oid).peel(pygit2.Commit)  # an annotated tag names its commit
        for kind, count in _STEP.findall(match.group("steps")):
            n = int(count) if count else 1
            if n > MAX_REVISION_STEPS:
                return None
            if kind == "~":
                for _ in range(n):
                    commit = commit.parents[0]
            elif n:
                commit = commit.parents[n - 1]
    except (AttributeError, IndexError, KeyError, ValueError, pygit2.GitError, pygit2.InvalidSpecError):
        return None
    return str(commit.id)


class IgnoreRules:
    """Git's ignore rules for untracked files: `.gitignore` per directory, then `info/exclude`.

    The deepest `.gitignore` with a matching pattern decides, as in git; a file below
    an ignored directory is ignored whatever a later pattern says. `specs` is the
    walk's stack of (directory, rules) from the root down to where it stands.
    """

    def __init__(self, root: str, git_dir: str | None):
        self._root = root
        exclude = (
            _read(os.path.join(common_dir(git_dir), "info", "exclude"), MAX_LIST_BYTES) if git_dir else None
        )
        self._left = MAX_IGNORE_PATTERNS_TOTAL  # patterns the walk may still keep
        self.cut = False  # whether an ignore file's patterns were left out (ripgrep reads them all)
        self._exclude = self._kept(exclude)
        self._dirs: dict[str, bool] = {}  # directory -> ignored, for files in unchecked ones
        #: Every ignore file read, with the directory its patterns are relative to ("" for the top).
        self.loaded: list[tuple[str, _Rules]] = [("", self._exclude)] if self._exclude else []

    def load(self, directory: str) -> _Rules | None:
        """The rules of `directory`'s own `.gitignore` ("" for the root, else "a/b/")."""
        rules = self._kept(read_under(self._root, f"{directory}.gitignore", MAX_LIST_BYTES).data)
        if rules is not None:
            self.loaded.append((directory, rules))
        return rules

    def _kept(self, data: bytes | None) -> _Rules | None:
        patterns = _patterns(data)
        most = min(MAX_IGNORE_PATTERNS, self._left)
        if len(patterns) > most:
            self.cut = True
            patterns = patterns[:most]
        self._left -= len(patterns)
        return _Rules(patterns) if patterns else None

    def ignored(self, path: str, is_dir: bool, specs: list[tuple[str, Any]]) -> bool:
        target = path + "/" if is_dir else path
        for base, spec in reversed(specs):
            if path.startswith(base) and len(path) > len(base):
                verdict = spec.check_file(target[len(base) :]).include
                if verdict is not None:
                    return verdict
        return self._exclude is not None and bool(self._exclude.check_file(target).include)

    def ignored_below(self, path: str, is_dir: bool, specs: list[tuple[str, Any]]) -> bool:
        """Whether `path` or a directory above it is ignored (for directories never asked)."""
        parts = path.split("/")
        for depth in range(1, len(parts)):
            directory = "/".join(parts[:depth])
            if directory not in self._dirs:
                self._dirs[directory] = self.ignored(directory, True, specs)
            if self._dirs[directory]:
                return True
        return self.ignored(path, is_dir, specs)


class _Rules:
    """One ignore file's patterns, parsed by `pathspec` when a path is first checked against them:
    a clean checkout asks about no untracked path, and importing pathspec took 10–16 ms of a
    one-shot call."""

    def __init__(self, lines: list[str]):
        self.lines = lines
        self._spec: Any = None

    def check_file(self, path: str) -> Any:
        if self._spec is None:
            self._spec = _spec(self.lines)
        return self._spec.check_file(path)


def _spec(lines: list[str]) -> Any:
    """`pathspec`'s reading of an ignore file's lines, but for those it cannot compile (`[z-a]`, a
    traceback before) and those of more than MAX_GLOB_STARS stars (a backtracking loop each, over
    an untracked file's name): an ignore file is the checkout's, not ours."""
    import pathspec

    def compiled(kept: list[str]) -> Any:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", FutureWarning)  # `[a&&b]`: a set operation to come
            return pathspec.GitIgnoreSpec.from_lines(kept)

    kept = [line for line in lines if not _backtracks(line)]
    try:
        return compiled(kept)
    except (re.error, ValueError):
        pass
    usable = []
    for line in kept:
        try:
            compiled([line])
        except (re.error, ValueError):
            continue
        usable.append(line)
    return compiled(usable)


def may_ignore(paths: Sequence[str], loaded: Sequence[tuple[str, _Rules]]) -> list[str]:
    """The sorted `paths` some pattern of the ignore files `loaded` may ignore, read generously: a
    pattern that un-ignores (`!`) is passed over, a directory's pattern taken for a file's too. A
    pattern without a `/` is a glob over each name of a path below its file's directory, one with
    a `/` a glob over that path from the directory on (itself or a directory above it). Every
    tracked file the rules ignore is among them (the walk lists tracked files whatever the rules
    say; ripgrep's own walk leaves such a file out), and a few more. Names are judged once each, a
    directory once, an anchored glob only over the paths its literal start leads to: the tracked
    paths are not asked one by one of `pathspec` (47 ms for scikit-learn's 1,523 files)."""
    out: set[str] = set()
    for base, rules in loaded:
        names: list[tuple[str, str]] = []  # (glob, its expression)
        anchored: list[tuple[str, str]] = []
        for line in rules.lines:
            pattern = line.rstrip()
            if not pattern or pattern.startswith("!"):
                continue
            if pattern.startswith("\\"):  # `\#`, `\!`: the character itself
                pattern = pattern[1:]
            body = pattern.rstrip("/")
            in_path = "/" in body  # anchored to the ignore file's directory
            body = body.lstrip("/")
            if body and (expression := _expression(body)) is not None:
                (anchored if in_path else names).append((body, expression))
        first = bisect.bisect_left(paths, base) if base else 0
        last = bisect.bisect_left(paths, base[:-1] + "0") if base else len(paths)
        cut = len(base)
        for glob, expression in anchored:
            start = base + _GLOB_SPECIAL.split(glob, 1)[0]
            rx = re.compile(expression + "(?:/|$)")
            lo = bisect.bisect_left(paths, start, first, last)
            hi = bisect.bisect_left(paths, start + "\U0010ffff", lo, last)
            out.update(p for p in paths[lo:hi] if rx.match(p, cut))
        if not names:
            continue
        name_rx = re.compile("|".join(expression for _, expression in names))
        named: dict[str, bool] = {}  # a name -> whether a glob matches it
        dirs: dict[str, bool] = {"": False}  # a directory below base -> whether it or one above does
        last_directory, hit = None, False
        for path in paths[first:last]:
            directory, _, name = path[cut:].rpartition("/")
            if directory != last_directory:
                last_directory = directory
                seen = dirs.get(directory)
                if seen is None:
                    above, seen = "", False
                    for part in directory.split("/"):
                        above = f"{above}/{part}" if above else part
                        known = dirs.get(above)
                        if known is None:
                            known = dirs[above] = seen or name_rx.fullmatch(part) is not None
                        seen = known
                hit = seen
            if hit:
                out.add(path)
                continue
            found = named.get(name)
            if found is None:
                found = named[name] = name_rx.fullmatch(name) is not None
            if found:
                out.add(path)
    return sorted(out)


#: Where a glob's literal start ends: its first wildcard, class or escape.
_GLOB_SPECIAL = re.compile(r"[*?\[\\]")
#: A glob with more single stars is passed over: each is a backtracking loop of the expression
#: (`*a*a*a*a*b` against a long name), and an ignore file is the checkout's, not ours.
MAX_GLOB_STARS = 4


def _backtracks(glob: str) -> bool:
    """Whether `glob` has more single stars than MAX_GLOB_STARS."""
    return glob.count("*") - 2 * glob.count("**") > MAX_GLOB_STARS


def _expression(glob: str) -> str | None:
    """`glob`'s expression (`_glob_expression`), or None for one passed over: too many stars, or
    a class Python's expressions refuse (`[z-a]`)."""
    if _backtracks(glob):
        return None
    expression = _glob_expression(glob)
    try:
        re.compile(expression)
    except re.error:
        return None
    return expression


def _glob_expression(glob: str) -> str:
    """A gitignore glob as a regular expression over a path (`*` and `?` within one name, `**`
    across them, `[…]` a class, `\\` escaping); an unclosed `[` is itself. Not `pathspec`'s
    translation: importing it costs a one-shot call 10–16 ms (`_Rules`), and a clean checkout's
    walk never needs it."""
    out, at = [], 0
    while at < len(glob):
        ch = glob[at]
        if glob.startswith("**/", at):
            out.append("(?:.*/)?")
            at += 3
            continue
        if glob.startswith("**", at):
            out.append(".*")
            at += 2
            continue
        if ch == "*":
            out.append("[^/]*")
        elif ch == "?":
            out.append("[^/]")
        elif ch == "[" and (end := glob.find("]", at + 2)) > 0:
            out.append(_glob_class(glob[at + 1 : end]))
            at = end + 1
            continue
        elif ch == "\\" and at + 1 < len(glob):
            out.append(re.escape(glob[at + 1]))
            at += 2
            continue
        else:
            out.append(re.escape(ch))
        at += 1
    return "".join(out)


def _glob_class(inner: str) -> str:
    """A glob's `[…]` as an expression's class: `!` or `^` first negates, `a-z` is a range; every
    other character stands for itself (Python reads `[`, `&&`, `--`, `||`, `~~` in a class as set
    operations to come, and warns)."""
    negated = inner[:1] in ("!", "^")
    chars, previous = [], ""
    for ch in inner[1:] if negated else inner:
        special = ch in "\\[]&~|^" or (ch == "-" and previous == "-")
        chars.append("\\" + ch if special else ch)
        previous = ch
    return "[" + ("^" if negated else "") + "".join(chars) + "]"


def _patterns(data: bytes | None) -> list[str]:
    """An ignore file's patterns: its lines but comments and blank ones."""
    if not data:
        return []
    # Git: a line starting with `#` is a comment (`\#` escapes it), a blank one separates.
    lines = data.decode("utf-8", "surrogateescape").splitlines()
    return [line for line in lines if line.strip() and not line.startswith("#")]
