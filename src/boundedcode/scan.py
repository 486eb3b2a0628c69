"""The one shared content scan: every strategy's needles answered in one pass.

Strategies declare needles (whole-word identifiers or literal strings) before
any content is read; one pass over the walked files finds every occurrence.
On a working tree the pass is ripgrep over exactly the walked files (no walk of
its own, so the read policy is the walk's); over git objects or memory it is
an in-process search. Output: for each needle, per file, the matching lines.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Callable, Iterable, Protocol, Sequence

from .checkout.budgets import Budgets
from .checkout.confined import is_binary
from .checkout.policy import ripgrep_excludes, ripgrep_may_skip
from .checkout.tree import Tree
from .errors import BoundedCodeError

__all__ = [
    "ScanError",
    "PendingScan",
    "begin_scan",
    "Needle",
    "Hit",
    "ScanResult",
    "scan",
    "Scanner",
    "RipgrepScanner",
    "MemoryScanner",
]

#: Longest line kept from a match; longer lines are cut (minified code, data).
MAX_LINE_CHARS = 400
#: Longest wait for ripgrep whatever the deadline (an unbounded one overflows the poll timeout).
MAX_WAIT_S = 3600.0
#: Bytes of paths on one ripgrep command line (well under the kernel's ARG_MAX).
MAX_ARG_BYTES = 96 * 1024


class ScanError(BoundedCodeError):
    """The scanner could not run the search (a bug, not a user mistake)."""


@dataclass(frozen=True)
class Needle:
    text: str
    word: bool  # True: a whole-word identifier; False: a literal, case-sensitive string
    fold: bool = False  # a whole word in any case (a prose word, lower-case text)


@dataclass(frozen=True)
class Hit:
    line: int
    text: str


@dataclass
class ScanResult:
    # needle -> path -> hits (in line order, at most the per-string-and-file budget)
    hits: dict[Needle, dict[str, list[Hit]]] = field(default_factory=dict)
    bounds_reached: list[str] = field(default_factory=list)
    files_scanned: int = 0
    bytes_scanned: int = 0

    def files_with(self, needle: Needle) -> dict[str, list[Hit]]:
        return self.hits.get(needle, {})


class Scanner(Protocol):
    def scan(
        self, tree: Tree, paths: Sequence[str], needles: Sequence[Needle], budgets: Budgets, deadline: float
    ) -> ScanResult: ...


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


def _pattern(needles: Sequence[Needle]) -> str:
    # ASCII word boundaries: Unicode-aware \b is several times slower in ripgrep and in re.
    parts = []
    for n in needles:
        esc = _rg_escape(n.text)
        if n.fold:
            parts.append(f"(?i:(?-u:\\b){esc}(?-u:\\b))")
        else:
            parts.append(f"(?-u:\\b){esc}(?-u:\\b)" if n.word else esc)
    return "|".join(parts)


def _classifier(needles: Sequence[Needle]):
    """Which needles occur in one line: one alternation for the words, a test per literal.

    Words are found by one compiled alternation and a dict lookup of what matched,
    not by a regex per needle: a scan can return tens of thousands of lines.
    """
    words = {n.text: n for n in needles if n.word and not n.fold}
    folded = {n.text: n for n in needles if n.fold}
    literals = [n for n in needles if not n.word and not n.fold]

    def alternation(texts, flags=0):
        # Longest first, so a word never loses to a shorter word it starts with.
        body = "|".join(re.escape(w) for w in sorted(texts, key=lambda w: (-len(w), w)))
        return re.compile(rf"(?<![\w$])(?:{body})(?![\w$])", flags) if texts else None

    word_rx, fold_rx = alternation(words), alternation(folded, re.I)

    def classify(line: str) -> list[Needle]:
        found = [words[m] for m in dict.fromkeys(word_rx.findall(line))] if word_rx else []
        if fold_rx:
            found += [folded[m] for m in dict.fromkeys(m.lower() for m in fold_rx.findall(line))]
        found += [n for n in literals if n.text in line]
        return found

    return classify


def _rg_binary() -> str | None:
    local = os.path.join(os.path.dirname(sys.executable), "rg")
    return local if os.access(local, os.X_OK) else shutil.which("rg")


def _record(
    result: ScanResult,
    needles_in_line: Iterable[Needle],
    path: str,
    line_no: int,
    text: str,
    budgets: Budgets,
) -> None:
    hit = None
    for n in needles_in_line:
        files = result.hits.get(n)
        if files is None:
            files = result.hits[n] = {}
        per_file = files.get(path)
        if per_file is None:
            per_file = files[path] = []
        if len(per_file) < budgets.occurrences_per_string_file:
            hit = hit or Hit(line_no, text)
            per_file.append(hit)
        elif "occurrences_per_string_file" not in result.bounds_reached:
            result.bounds_reached.append("occurrences_per_string_file")


def _parse_ripgrep(out: bytes, classify, result: ScanResult, budgets: Budgets) -> None:
    """ripgrep's `path\\0line:text` records into per-needle hits."""
    paths: dict[bytes, str] = {}
    for raw in out.split(b"\n"):
        path_b, sep, rest = raw.partition(b"\0")
        if not sep:
            continue
        num, _, text_b = rest.partition(b":")
        if not num.isdigit():
            continue
        path = paths.get(path_b)
        if path is None:
            path = paths[path_b] = path_b.decode("utf-8", "surrogateescape")
        text = text_b.decode("utf-8", "replace").rstrip("\r")
        _record(result, classify(text), path, int(num), text, budgets)


class RipgrepScanner:
    """ripgrep over the walked files of a tree on disk."""

    def __init__(self, binary: str | None = None):
        self.binary = binary or _rg_binary()

    def available(self) -> bool:
        return self.binary is not None

    def _command(self, needles: Sequence[Needle], budgets: Budgets) -> list[str]:
        return [
            self.binary,
            "--no-config",
            "--no-heading",
            "--with-filename",
            "--line-number",
            "--null",
            "--no-messages",
            "--no-follow",
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
            _pattern(needles),
        ]

    def scan(
        self, tree: Tree, paths: Sequence[str], needles: Sequence[Needle], budgets: Budgets, deadline: float
    ) -> ScanResult:
        result = ScanResult(files_scanned=len(paths))
        if not needles or not paths:
            return result
        # Exactly the walked files, so the read policy is the walk's: no walk, no ignore rules.
        base = self._command(needles, budgets) + ["--no-ignore", "--hidden", "--"]
        # Paths go after `--`, relative to the tree's root: never read as options.
        chunks: list[list[str]] = [[]]
        size = 0
        for p in paths:
            if size > MAX_ARG_BYTES:
                chunks.append([])
                size = 0
            chunks[-1].append(p)
            size += len(p) + 1
        procs = [self._spawn(base + chunk, tree) for chunk in chunks]
        self._collect(procs, needles, result, budgets, deadline)
        return result

    def start_walking(
        self, tree: Tree, needles: Sequence[Needle], budgets: Budgets, deadline: float
    ) -> "PendingScan":
        """Start ripgrep walking the tree itself, under the read policy's globs, before our walk ends.

        The two walks run at once; `PendingScan.finish` keeps only hits in files our walk
        listed, so the result is the same as `scan` over the walked files.
        """
        command = self._command(needles, budgets) + ["--no-ignore-dot", *ripgrep_excludes()]
        return PendingScan(
            self, tree, needles, budgets, deadline, [self._spawn(command, tree)] if needles else []
        )

    @staticmethod
    def _spawn(command: list[str], tree: Tree) -> subprocess.Popen:
        return subprocess.Popen(
            command,
            cwd=tree.fs_root,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
        )

    def _collect(
        self, procs, needles: Sequence[Needle], result: ScanResult, budgets: Budgets, deadline: float
    ) -> None:
        classify = _classifier(needles)
        for proc in procs:
            try:
                left = min(MAX_WAIT_S, max(0.05, deadline - time.monotonic()))
                out, err = proc.communicate(timeout=left)
            except subprocess.TimeoutExpired:
                proc.kill()
                out, err = proc.communicate()
                if "time_s" not in result.bounds_reached:
                    result.bounds_reached.append("time_s")
            if proc.returncode == 2 and not out:
                # ripgrep refused the search itself (not a missing file): say so, never hide it.
                raise ScanError(err.decode("utf-8", "replace").strip()[:300])
            _parse_ripgrep(out, classify, result, budgets)


class PendingScan:
    """A ripgrep scan started before the walk finished; `finish` fits it to the walked files."""

    def __init__(
        self,
        scanner: RipgrepScanner,
        tree: Tree,
        needles: Sequence[Needle],
        budgets: Budgets,
        deadline: float,
        procs: list[subprocess.Popen],
    ):
        self.scanner, self.tree, self.needles = scanner, tree, needles
        self.budgets, self.deadline, self.procs = budgets, deadline, procs

    def finish(self, paths: Sequence[str]) -> ScanResult:
        result = ScanResult(files_scanned=len(paths))
        if not self.needles:
            return result
        self.scanner._collect(self.procs, self.needles, result, self.budgets, self.deadline)
        walked = set(paths)
        # The walk is the authority on what may be listed: drop anything else ripgrep saw.
        result.hits = {n: {p: h for p, h in files.items() if p in walked} for n, files in result.hits.items()}
        skipped = [p for p in paths if ripgrep_may_skip(p)]
        if skipped:
            extra = self.scanner.scan(self.tree, skipped, self.needles, self.budgets, self.deadline)
            for n, files in extra.hits.items():
                result.hits.setdefault(n, {}).update(files)
        return result


class MemoryScanner:
    """An in-process scan for trees that are not on disk (git objects, memory)."""

    def scan(
        self, tree: Tree, paths: Sequence[str], needles: Sequence[Needle], budgets: Budgets, deadline: float
    ) -> ScanResult:
        result = ScanResult(files_scanned=0)
        if not needles:
            return result
        classify = _classifier(needles)
        probes = [n.text.encode() for n in needles if not n.fold]
        folded = [n.text.encode() for n in needles if n.fold]
        for path in paths:
            if time.monotonic() > deadline:
                result.bounds_reached.append("time_s")
                break
            data = tree.read(path, budgets.file_bytes)
            if data is None:
                continue
            result.files_scanned += 1
            result.bytes_scanned += len(data)
            if result.bytes_scanned > budgets.bytes_read:
                result.bounds_reached.append("bytes_read")
                break
            if is_binary(data):
                continue
            if not any(p in data for p in probes):
                lowered = data.lower() if folded else b""  # once per file, not per word
                if not any(p in lowered for p in folded):
                    continue
            for no, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
                found = classify(line)
                if found:
                    _record(result, found, path, no, line[:MAX_LINE_CHARS], budgets)
        return result


def _searchable(needles: Sequence[Needle]) -> list[Needle]:
    # A needle spanning a line break can never match one line: searching it would only fail.
    return [n for n in needles if n.text and "\n" not in n.text and "\r" not in n.text]


def _finish(result: ScanResult) -> ScanResult:
    # Deterministic order: files by path, hits by line.
    result.hits = {n: dict(sorted(files.items())) for n, files in result.hits.items()}
    return result


def _in_process(
    tree: Tree,
    paths: Sequence[str],
    needles: Sequence[Needle],
    budgets: Budgets,
    deadline: float,
    exc: ScanError,
) -> ScanResult:
    """ripgrep refused the search: answer it in process and say so, never hide it."""
    result = MemoryScanner().scan(tree, paths, needles, budgets, deadline)
    result.bounds_reached.append(f"scanner fell back to in-process search: {exc}")
    return result


def scan(
    tree: Tree,
    paths: Sequence[str],
    needles: Sequence[Needle],
    budgets: Budgets,
    deadline: float,
    scanner: Scanner | None = None,
) -> ScanResult:
    """Answer every needle in one pass over `paths`, choosing ripgrep for trees on disk."""
    if scanner is None:
        rg = RipgrepScanner()
        scanner = rg if (tree.fs_root and rg.available()) else MemoryScanner()
    needles = _searchable(needles)
    try:
        result = scanner.scan(tree, paths, needles, budgets, deadline)
    except ScanError as exc:
        result = _in_process(tree, paths, needles, budgets, deadline, exc)
    return _finish(result)


def begin_scan(
    tree: Tree, needles: Sequence[Needle], budgets: Budgets, deadline: float, scanner: Scanner | None = None
) -> Callable[[Sequence[str]], ScanResult]:
    """Start the scan before the walk ends; the returned call takes the walked paths.

    On a tree on disk with the default scanner, ripgrep walks and searches while the
    walk runs (the two take about as long); otherwise the scan runs when called.
    """
    rg = RipgrepScanner() if scanner is None and tree.fs_root else None
    if rg is None or not rg.available():
        return lambda paths: scan(tree, paths, needles, budgets, deadline, scanner)
    needles = _searchable(needles)
    pending = rg.start_walking(tree, needles, budgets, deadline)

    def finish(paths: Sequence[str]) -> ScanResult:
        try:
            return _finish(pending.finish(paths))
        except ScanError as exc:
            return _finish(_in_process(tree, paths, needles, budgets, deadline, exc))

    return finish
