"""The ripgrep back end: `rg` over the walked files of a tree on disk.

One process prints the lines that hold a word or literal needle; another,
started once the walk has named the files the terms are counted in, prints
only the identifiers that hold a term (no line numbers, no lines), which are
counted per file. ripgrep never applies a policy of its own: it either searches exactly the paths
the walk listed (after `--`, never read as options), or, to run while the walk
does, walks the tree itself under globs translated from the read policy
(`ripgrep_excludes`); then only hits in walked files are kept, and the few
walked files the globs leave out (`ripgrep_skipped`) are searched by path.
"""

from __future__ import annotations

import functools
import os
import selectors
import shutil
import subprocess
import sys
import time
from collections import Counter
from typing import Callable, Iterator, Sequence

try:
    import fcntl
except ImportError:  # Windows
    fcntl = None  # type: ignore[assignment]

from ..checkout.budgets import Budgets, reach
from ..checkout.policy import BUILD_DIRS, DEPENDENCY_DIRS, LOCK_NAMES, SECRET_NAMES, SECRET_SUFFIXES
from ..checkout.tree import Tree
from .base import (
    MAX_LINE_CHARS,
    FileLines,
    Hit,
    Needle,
    ScanError,
    ScanResult,
    TermMatcher,
    file_classifier,
    record_terms,
)

__all__ = ["RipgrepScanner", "PendingScan", "pattern", "ripgrep_excludes", "ripgrep_skipped"]

#: Longest wait for ripgrep whatever the deadline (an unbounded one overflows the poll timeout).
MAX_WAIT_S = 3600.0
#: Bytes of paths on one ripgrep command line at most. ripgrep searches the files of one
#: command in parallel; several processes only compete for the same cores: druid's 5,317
#: documents in five processes of 96 KiB of paths took 915 ms for the terms, in one 566 ms.
MAX_ARG_BYTES = 1024 * 1024
#: The same where the system does not say its limit (Windows' command line: 32,767 characters).
FALLBACK_ARG_BYTES = 24 * 1024
#: What one path costs of the kernel's ARG_MAX besides its bytes: its NUL and its pointer.
ARG_OVERHEAD = 1 + 8


def arg_bytes() -> int:
    """Bytes of paths one command may carry: half the kernel's ARG_MAX, less the environment
    (which shares it), at most MAX_ARG_BYTES."""
    try:
        arg_max = os.sysconf("SC_ARG_MAX")
    except (AttributeError, ValueError, OSError):
        return FALLBACK_ARG_BYTES
    env = sum(len(k) + len(v) + 2 + ARG_OVERHEAD for k, v in os.environ.items())
    return max(FALLBACK_ARG_BYTES, min(MAX_ARG_BYTES, arg_max // 2 - env))


def _exclude_globs() -> list[str]:
    globs = sorted(DEPENDENCY_DIRS | BUILD_DIRS) + sorted(SECRET_NAMES) + sorted(LOCK_NAMES)
    globs += [f"*{suffix}" for suffix in SECRET_SUFFIXES]
    globs += [
        "id_rsa*",
        "id_dsa*",
        "id_ecdsa*",
        "id_ed25519*",
        "env",
        "env.*",
        "*.env",
        "*.lock",
        "*.min.js",
        "*-min.js",
        "*.min.mjs",
        "*.min.cjs",
        "*.min.css",
        "*-min.css",
        "*.map",
    ]
    return globs


#: ripgrep's own walk keeps to the ignore rules the walk reads (`WorkTree.ignores_apply`): a
#: checkout's `.gitignore` files and `info/exclude`, no `.ignore` file, no global excludes, no
#: parent directory's rules; where it reads none, none.
_WALK_IGNORES = ("--no-ignore-dot", "--no-ignore-global", "--no-ignore-parent")
_NO_IGNORES = (*_WALK_IGNORES, "--no-ignore-vcs")


def ripgrep_excludes() -> list[str]:
    """ripgrep arguments that keep its own walk inside the read policy (it never opens the rest).

    Hidden files and directories and symlinks ripgrep skips by default. Every glob is
    case-insensitive and matches any path component, a file or a directory, so the globs
    exclude a little more than `refusal` does (`env.example`, a `Build/` directory, a
    file named `build`): see `ripgrep_skipped`.

    One glob of alternatives, not one per name: ripgrep matches case-insensitive globs as
    regular expressions, one set of them per path, and 80 of them cost more than the one
    (Django's 6,000 files listed: 44 → 33 ms, ripgrep with no globs 32 ms). No name holds a
    brace or a comma.
    """
    return ["--iglob", "!{" + ",".join([*_exclude_globs(), _CONTROL_GLOB]) + "}"]


#: A name holding a control character: the walk refuses it (`policy.refusal`), and ripgrep's
#: own walk must not print it either, since a newline in a path splits its record (a file
#: `evil\nsrc/real.py` read as a hit in `src/real.py`). No walked file is so named.
_CONTROL_GLOB = "*[\x01-\x1f\x7f]*"


# Every wildcard glob is a prefix (`id_rsa*`) or a suffix (`*.pem`); suffixes are looked up by
# extension, so most file names cost one set and one dict lookup, not a regex.
_EXCLUDED_NAMES = frozenset(g.lower() for g in _exclude_globs() if "*" not in g)
_EXCLUDED_PREFIXES = tuple(g[:-1].lower() for g in _exclude_globs() if g.endswith("*"))
_EXCLUDED_SUFFIXES: dict[str, tuple[str, ...]] = {}
for _glob in _exclude_globs():
    if _glob.startswith("*"):
        _suffix = _glob[1:].lower()
        _ext = _suffix.rsplit(".", 1)[-1]
        _EXCLUDED_SUFFIXES[_ext] = _EXCLUDED_SUFFIXES.get(_ext, ()) + (_suffix,)


@functools.lru_cache(maxsize=1 << 15)  # file names repeat across a tree
def _excluded(component: str) -> bool:
    """Whether one path component (a directory or a file name) matches an exclude glob."""
    lower = component.lower()
    if lower in _EXCLUDED_NAMES:
        return True
    dot = lower.rfind(".")
    suffixes = _EXCLUDED_SUFFIXES.get(lower[dot + 1 :]) if dot >= 0 else None
    return bool(suffixes and lower.endswith(suffixes)) or lower.startswith(_EXCLUDED_PREFIXES)


def ripgrep_skipped(paths: Sequence[str]) -> list[str]:
    """The walked files (the policy allows them) that `ripgrep_excludes` may leave out.

    They are searched by path after ripgrep's walk: the globs must never hide a file
    the walk listed. Each directory is tested once.
    """
    excluded_dirs: dict[str, bool] = {"": False}
    out = []
    for path in paths:
        directory, _, name = path.rpartition("/")
        in_excluded = excluded_dirs.get(directory)
        if in_excluded is None:
            in_excluded = excluded_dirs[directory] = any(map(_excluded, directory.split("/")))
        if in_excluded or _excluded(name):
            out.append(path)
    return out


_RG_META = frozenset("\\.+*?()|[]{}^$#&-~")


def _rg_escape(text: str) -> str:
    """A literal for ripgrep's regex syntax (Python's re.escape is not: it escapes CR as `\\<CR>`)."""
    out = []
    for ch in text:
        if ch in _RG_META:
            out.append("\\" + ch)
        elif ord(ch) < 0x20 or ch == "\x7f":
            out.append(f"\\x{{{ord(ch):02x}}}")
        else:
            out.append(ch)
    return "".join(out)


def pattern(needles: Sequence[Needle]) -> str:
    """One ripgrep regex for every word and literal needle (matching lines are classified
    afterwards); term needles have a search of their own (`TermMatcher.source`)."""
    # ASCII word boundaries: Unicode-aware \b is several times slower in ripgrep and in re.
    parts = []
    for n in needles:
        if n.term:
            continue
        esc = _rg_escape(n.text)
        if n.fold:
            parts.append(f"(?i:(?-u:\\b){esc}(?-u:\\b))")
        else:
            parts.append(f"(?-u:\\b){esc}(?-u:\\b)" if n.word else esc)
    return "|".join(parts)


def _rg_binary() -> str | None:
    local = os.path.join(os.path.dirname(sys.executable), "rg")
    return local if os.access(local, os.X_OK) else shutil.which("rg")


#: Where one file's records end in ripgrep's `--heading` output: a blank line.
_FILE_END = b"\n\n"
#: Files parsed between two looks at the clock (a killed search's output can take seconds).
PARSE_EVERY = 256


def _parse_lines(
    out: bytes,
    classify: Callable[[Sequence[str], str], FileLines],
    result: ScanResult,
    budgets: Budgets,
    deadline: float = float("inf"),
) -> None:
    r"""ripgrep's `--heading` output with a newline between a line's number and its text (`path\0`
    then `number\ntext\n` for each of the file's lines, files apart by a blank line: no text is
    empty, each holds a match) into per-needle hits, as `record` keeps them.

    A file's numbers and texts are every other line of its record, split in C; its texts are
    decoded at once and classified a needle at a time (`file_classifier`), not a line at a time.
    The path printed once a file, not once a line: the 120 captured scans of `/work/runs/s70/
    parsecmp.py` print 84.6 MB, not 148.3, and parse in 1,310 ms, not 1,955. The hits are gathered
    under each needle's identity and merged once at the end: a needle's own hash is computed in
    Python, and a scan can return tens of thousands of lines. Past the deadline the rest is left
    (time_s): the strategies then run on what was parsed, and nothing more.
    """
    keep = budgets.occurrences_per_string_file + 1  # one over the budget, so reaching it shows
    gathered: dict[int, tuple[Needle, dict[str, list[Hit]]]] = {}
    for index, record in enumerate(out.split(_FILE_END)):
        if not index % PARSE_EVERY and time.monotonic() > deadline:
            reach(result.bounds_reached, "time_s")
            break
        path_b, sep, body = record.partition(b"\0")
        if body.endswith(b"\n"):  # the output's last file
            body = body[:-1]
        parts = body.split(b"\n")
        numbers, texts = parts[0::2], parts[1::2]
        if not sep or len(numbers) != len(texts) or not b"".join(numbers).isdigit():
            continue  # not ripgrep's records
        if len(texts) == 1:  # most files of a scan of rare names: nothing to join
            block = texts[0].decode("utf-8", "replace").rstrip("\r")
            lines = [block]
        else:
            # One decoding a file: no invalid sequence spans a newline, so it is each line's.
            block = b"\n".join(texts).decode("utf-8", "replace")
            lines = block.split("\n")
            if "\r" in block:
                lines = [line.rstrip("\r") for line in lines]
        found = classify(lines, block)
        if not found:
            continue
        path = path_b.decode("utf-8", "surrogateescape")
        if len(found) == 1 and len(lines) > 1:
            made = None
        else:  # one Hit a line, whichever needles share it
            made = [Hit(int(num), line) for num, line in zip(numbers, lines)]
        for n, at in found:
            entry = gathered.get(id(n))
            if entry is None:
                entry = gathered[id(n)] = (n, {})
            hits = (
                [made[i] for i in at[:keep]] if made else [Hit(int(numbers[i]), lines[i]) for i in at[:keep]]
            )
            # A file's lines come together; should they not, the later ones follow the earlier.
            entry[1][path] = [*entry[1][path], *hits] if path in entry[1] else hits
    cap = keep - 1
    for n, hits_by_path in gathered.values():
        known = result.hits.setdefault(n, {})
        for path, hits in hits_by_path.items():
            hits = [*known[path], *hits] if path in known else hits
            if len(hits) > cap:
                hits = hits[:cap]
                reach(result.bounds_reached, "occurrences_per_string_file")
            known[path] = hits


def _parse_identifiers(
    out: bytes, terms: TermMatcher, result: ScanResult, budgets: Budgets, deadline: float = float("inf")
) -> None:
    """ripgrep's `-o --heading` output without line numbers (`path\0` then one matched identifier
    a line, files apart by a blank line) into per-term counts: each distinct identifier of a
    file is turned into tokens once, however often it occurs (until the deadline, as above)."""
    for at, block in enumerate(out.split(b"\n\n")):
        if not at % PARSE_EVERY and time.monotonic() > deadline:
            reach(result.bounds_reached, "time_s")
            break
        path_b, sep, body = block.partition(b"\0")
        if not sep:
            continue
        counts: dict[str, int] = {}
        terms.add(counts, Counter(body.split(b"\n")).items())
        if counts:
            record_terms(result, path_b.decode("utf-8", "surrogateescape"), counts, budgets)


class RipgrepScanner:
    """ripgrep over the walked files of a tree on disk: one process for the words and literals,
    one for the terms, run at once."""

    def __init__(self, binary: str | None = None):
        self.binary = binary or _rg_binary()

    def available(self) -> bool:
        return self.binary is not None

    def _base(self) -> list[str]:
        if self.binary is None:
            raise ScanError("ripgrep is not installed")
        return [self.binary, "--no-config", "--with-filename", "--null", "--no-messages", "--no-follow"]

    def _command(self, needles: Sequence[Needle], budgets: Budgets) -> list[str]:
        return [
            *self._base(),
            "--heading",
            "--line-number",
            "--field-match-separator",
            "\\n",
            "--crlf",
            "--max-filesize",
            str(budgets.file_bytes),
            # One more than the budget, so that reaching it shows.
            "--max-count",
            str(budgets.occurrences_per_string_file + 1),
            "--max-columns",
            str(MAX_LINE_CHARS),
            "--max-columns-preview",
            "-e",
            pattern(needles),
        ]

    def _term_command(self, terms: TermMatcher, budgets: Budgets) -> list[str]:
        # Only the identifiers, no line numbers: the counts are all the terms' strategy reads.
        return [
            *self._base(),
            "--only-matching",
            "--heading",
            "--no-line-number",
            "--max-filesize",
            str(budgets.file_bytes),
            "-e",
            terms.source(),
        ]

    def scan(
        self,
        tree: Tree,
        paths: Sequence[str],
        needles: Sequence[Needle],
        budgets: Budgets,
        deadline: float,
    ) -> ScanResult:
        """Every needle over `paths` (terms too: `scan_terms` searches them over other files)."""
        plain = [n for n in needles if not n.term]
        terms = TermMatcher(needles)
        result = ScanResult(files_scanned=len(paths), term_files=len(paths) if terms else 0)
        term_procs = self._spawn_terms(tree, paths, terms, budgets, result)
        if plain and paths:
            procs = self._by_paths(self._command(plain, budgets), tree, paths, budgets, result)
            try:
                self._collect_lines(procs, plain, result, budgets, deadline)
            except BaseException:
                _reap(term_procs)
                raise
        self._collect_terms(term_procs, terms, result, budgets, deadline)
        return result

    def _by_paths(
        self, command: list[str], tree: Tree, paths: Sequence[str], budgets: Budgets, result: ScanResult
    ) -> list[subprocess.Popen[bytes]]:
        # Exactly the walked files, so the read policy is the walk's: no walk, no ignore rules.
        # Paths go after `--`, relative to the tree's root: never read as options.
        base = command + ["--no-ignore", "--hidden", "--"]
        # Each file is measured (`_within_size`) before ripgrep is handed it; a tree with more
        # paths than one command holds is searched by one process per command line.
        procs: list[subprocess.Popen[bytes]] = []
        chunk: list[str] = []
        size, most = 0, arg_bytes()
        try:
            for p in _within_size(tree, paths, budgets, result):
                chunk.append(p)
                size += len(p) + ARG_OVERHEAD
                if size > most:
                    procs.append(self._spawn(base + chunk, tree))
                    chunk, size = [], 0
            if chunk:  # never a command without paths: ripgrep would walk the whole tree itself
                procs.append(self._spawn(base + chunk, tree))
        except BaseException:
            _reap(procs)
            raise
        return procs

    def _spawn_terms(
        self, tree: Tree, paths: Sequence[str], terms: TermMatcher, budgets: Budgets, result: ScanResult
    ) -> list[subprocess.Popen[bytes]]:
        if not terms or not paths:
            return []
        return self._by_paths(self._term_command(terms, budgets), tree, paths, budgets, result)

    def start_walking(
        self, tree: Tree, needles: Sequence[Needle], budgets: Budgets, deadline: float
    ) -> PendingScan:
        """Start ripgrep walking the tree itself, under the read policy's globs, before our walk ends.

        The two walks run at once; `PendingScan.finish` keeps only hits in files our walk
        listed, so the result is the same as `scan` over the walked files. The terms are
        searched when the walk is over, in the files it names for them.
        """
        plain = [n for n in needles if not n.term]
        # Only the ignore files the walk reads apply (`WorkTree.files`), not a user's global
        # excludes nor those of a repository the checkout is a folder of: files the walk lists
        # were left out of this search, and a cold answer missed what a warm one found.
        ignoring = getattr(tree, "ignores_apply", False)
        command = self._command(plain, budgets) + [
            *(_WALK_IGNORES if ignoring else _NO_IGNORES),
            *ripgrep_excludes(),
        ]
        procs = [self._spawn(command, tree)] if plain else []
        return PendingScan(self, tree, needles, budgets, deadline, procs, ignoring)

    @staticmethod
    def _spawn(command: list[str], tree: Tree) -> subprocess.Popen[bytes]:
        proc = subprocess.Popen(
            command,
            cwd=tree.fs_root,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
        )
        assert proc.stdout is not None
        # A pipe of 64 KiB stops ripgrep at its first few hundred lines until they are read.
        set_size = getattr(fcntl, "F_SETPIPE_SZ", None) if fcntl is not None else None
        if set_size is not None:  # Linux
            try:
                fcntl.fcntl(proc.stdout.fileno(), set_size, PIPE_BYTES)
            except OSError:
                pass  # over the system's cap for one user: the default pipe, only slower
        return proc

    @staticmethod
    def _output(
        procs: Sequence[subprocess.Popen[bytes]],
        result: ScanResult,
        deadline: float,
        parse: Callable[[bytes], None],
        end: bytes = b"\n",
    ) -> None:
        """Each process's output handed to `parse` as it arrives, whole records (ending in `end`)
        at a time, while ripgrep goes on searching."""
        try:
            for proc in procs:
                records = _Records(parse, end)
                _, err, killed = _drain(proc, deadline, records)
                records.close()
                if killed:
                    reach(result.bounds_reached, "time_s")
                if proc.returncode == 2 and not records.printed:
                    # ripgrep refused the search itself (not a missing file): say so, never hide it.
                    raise ScanError(err.decode("utf-8", "replace").strip()[:300])
        except BaseException:
            _reap(procs)
            raise

    def _collect_lines(
        self,
        procs: Sequence[subprocess.Popen[bytes]],
        needles: Sequence[Needle],
        result: ScanResult,
        budgets: Budgets,
        deadline: float,
    ) -> None:
        classify = file_classifier(needles)
        # Parsed while ripgrep searches on, not after it is done (six large checkouts, the
        # retrieval summed, 5 runs' median: 5.28 → 4.82 s; with the larger pipe, 4.42 s).
        self._output(
            procs,
            result,
            deadline,
            lambda out: _parse_lines(out, classify, result, budgets, deadline),
            _FILE_END,
        )

    def _collect_terms(
        self,
        procs: Sequence[subprocess.Popen[bytes]],
        terms: TermMatcher,
        result: ScanResult,
        budgets: Budgets,
        deadline: float,
    ) -> None:
        self._output(
            procs,
            result,
            deadline,
            lambda out: _parse_identifiers(out, terms, result, budgets, deadline),
            _FILE_END,
        )


def _within_size(tree: Tree, paths: Sequence[str], budgets: Budgets, result: ScanResult) -> Iterator[str]:
    """The paths within the one-file budget, one by one. ripgrep applies `--max-filesize` only to
    files it walks to, never to files it is handed by name: those are measured here, before it
    reads them."""
    for p in paths:
        size = tree.size(p)
        if size is not None and size <= budgets.file_bytes:
            yield p
        elif size is not None:
            reach(result.bounds_reached, "file_bytes")


class _Records:
    """A stream of ripgrep's records (lines, or one file's identifiers), handed on whole records
    at a time: a read may end inside one."""

    def __init__(self, parse: Callable[[bytes], None], end: bytes):
        self._parse = parse
        self._end = end
        self._rest = b""
        self.printed = False

    def __call__(self, data: bytes) -> None:
        self.printed = True
        data = self._rest + data if self._rest else data
        cut = data.rfind(self._end)
        cut = cut + len(self._end) if cut >= 0 else 0
        self._rest = data[cut:]
        if cut:
            self._parse(data[:cut])

    def close(self) -> None:
        if self._rest:
            self._parse(self._rest)
            self._rest = b""


#: Bytes read from a pipe at once, and the pipe's size where the system lets it be set (Linux):
#: ripgrep writes on while the walk or the parse keeps this process from reading.
PIPE_BYTES = 1 << 20


def _drain(
    proc: subprocess.Popen[bytes], deadline: float, sink: Callable[[bytes], None] | None = None
) -> tuple[bytes, bytes, bool]:
    """Both of `proc`'s pipes read to their end, then its exit; whether `deadline` (monotonic,
    at least 50 ms away) came first, and the process was killed and its output so far kept.
    With `sink`, the output is handed to it as it arrives, and none is returned.

    `communicate(timeout=…)` does the same but then polls for the exit with growing sleeps;
    once its pipes are closed ripgrep is exiting, and a plain `wait` blocks in waitpid for it
    (Django, 490 kB of hits: p50 40.3 → 35.9 ms a process).
    """
    assert proc.stdout is not None and proc.stderr is not None
    now = time.monotonic()
    end = now + min(MAX_WAIT_S, max(0.05, deadline - now))
    stdout = proc.stdout.fileno()
    chunks: dict[int, list[bytes]] = {stdout: [], proc.stderr.fileno(): []}
    killed = False
    with selectors.DefaultSelector() as selector:
        for fd in chunks:
            selector.register(fd, selectors.EVENT_READ)
        while selector.get_map():
            left = end - time.monotonic()
            if left <= 0 and not killed:
                proc.kill()  # its pipes close: what it printed so far is read to their end
                killed = True
            for key, _ in selector.select(None if killed else left):
                data = os.read(key.fd, PIPE_BYTES)
                if not data:
                    selector.unregister(key.fd)
                elif sink is not None and key.fd == stdout:
                    sink(data)
                else:
                    chunks[key.fd].append(data)
    out, err = (b"".join(chunks[pipe.fileno()]) for pipe in (proc.stdout, proc.stderr))
    proc.stdout.close()
    proc.stderr.close()
    proc.wait()
    return out, err, killed


def _reap(procs: Sequence[subprocess.Popen[bytes]]) -> None:
    """Stop and wait for every process of a search that failed, so none is left behind."""
    for proc in procs:
        if proc.poll() is None:
            proc.kill()
        proc.communicate()


class PendingScan:
    """A ripgrep scan started before the walk finished; `finish` fits it to the walked files."""

    def __init__(
        self,
        scanner: RipgrepScanner,
        tree: Tree,
        needles: Sequence[Needle],
        budgets: Budgets,
        deadline: float,
        procs: list[subprocess.Popen[bytes]],
        ignoring: bool = False,
    ):
        self.scanner, self.tree, self.needles = scanner, tree, needles
        self.plain = [n for n in needles if not n.term]
        self.budgets, self.deadline, self.procs = budgets, deadline, procs
        self.ignoring = ignoring  # ripgrep's walk reads the checkout's ignore rules

    def finish(
        self, paths: Sequence[str], term_paths: Sequence[str], meanwhile: Callable[[], None] | None = None
    ) -> ScanResult:
        """The words and literals over the walked `paths`, the terms over `term_paths`; `meanwhile`
        runs once both searches are under way, before their output is read (it waits in the pipe).
        The result comes back once the words are read, the terms still counting (`settle`)."""
        terms = TermMatcher(self.needles)
        result = ScanResult(files_scanned=len(paths), term_files=len(term_paths) if terms else 0)
        # The terms' search starts now and runs while the words' output is read.
        term_procs = self.scanner._spawn_terms(self.tree, term_paths, terms, self.budgets, result)
        try:
            if meanwhile is not None:
                meanwhile()
            self._words(paths, result)
        except BaseException:
            _reap([*self.procs, *term_procs])
            raise
        if term_procs:
            result.unsettled = lambda: self.scanner._collect_terms(
                term_procs, terms, result, self.budgets, self.deadline
            )
        return result

    def _words(self, paths: Sequence[str], result: ScanResult) -> None:
        cut = getattr(self.tree, "ignores_cut", False)
        if self.plain and (cut or (self.ignoring and not getattr(self.tree, "ignores_read", False))):
            # The walk left out patterns of a checkout's ignore file: ripgrep's own walk makes one
            # matcher of every pattern before it reads a file (50,000 took it 6 s, past the time
            # budget, and nothing was found). Or ripgrep read the rules and the walk did not (its
            # index unread): they would leave out files the walk lists. The walked files are
            # searched by name instead.
            _reap(self.procs)
            words = self.scanner.scan(self.tree, paths, self.plain, self.budgets, self.deadline)
            result.hits, result.notes = words.hits, result.notes + words.notes
            result.bounds_reached += [b for b in words.bounds_reached if b not in result.bounds_reached]
        elif self.plain:
            # The tracked files its rules leave out, which the walk lists: told while it searches.
            ignored = getattr(self.tree, "tracked_ignored", ()) if self.ignoring else ()
            self.scanner._collect_lines(self.procs, self.plain, result, self.budgets, self.deadline)
            walked = set(paths)
            # The walk is the authority on what may be listed: drop anything else ripgrep saw.
            result.hits = {
                n: {p: h for p, h in files.items() if p in walked} for n, files in result.hits.items()
            }
            skipped = ripgrep_skipped(paths)
            if ignored:
                skipped = sorted({*skipped, *(p for p in ignored if p in walked)})
            if skipped:
                extra = self.scanner.scan(self.tree, skipped, self.plain, self.budgets, self.deadline)
                for n, files in extra.hits.items():
                    result.hits.setdefault(n, {}).update(files)
