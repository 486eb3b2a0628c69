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
from typing import Iterable, Protocol, Sequence

from .checkout.budgets import Budgets
from .checkout.tree import Tree
from .errors import BoundedCodeError

__all__ = ["ScanError", "Needle", "Hit", "ScanResult", "scan", "Scanner", "RipgrepScanner", "MemoryScanner"]

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
    def scan(self, tree: Tree, paths: Sequence[str], needles: Sequence[Needle],
             budgets: Budgets, deadline: float) -> ScanResult: ...


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
        parts.append(f"(?-u:\\b){esc}(?-u:\\b)" if n.word else esc)
    return "|".join(parts)


def _classifier(needles: Sequence[Needle]):
    """Which needles occur in one line: one alternation for the words, a test per literal.

    Words are found by one compiled alternation and a dict lookup of what matched,
    not by a regex per needle: a scan can return tens of thousands of lines.
    """
    words = {n.text: n for n in needles if n.word}
    literals = [n for n in needles if not n.word]
    # Longest first, so a word never loses to a shorter word it starts with.
    alternation = "|".join(re.escape(w) for w in sorted(words, key=lambda w: (-len(w), w)))
    word_rx = re.compile(rf"(?<![\w$])(?:{alternation})(?![\w$])") if words else None

    def classify(line: str) -> list[Needle]:
        found = [words[m] for m in dict.fromkeys(word_rx.findall(line))] if word_rx else []
        found += [n for n in literals if n.text in line]
        return found

    return classify


def _rg_binary() -> str | None:
    local = os.path.join(os.path.dirname(sys.executable), "rg")
    return local if os.access(local, os.X_OK) else shutil.which("rg")


def _record(result: ScanResult, needles_in_line: Iterable[Needle], path: str, line_no: int,
            text: str, budgets: Budgets) -> None:
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


class RipgrepScanner:
    """ripgrep over the walked files of a tree on disk."""

    def __init__(self, binary: str | None = None):
        self.binary = binary or _rg_binary()

    def available(self) -> bool:
        return self.binary is not None

    def scan(self, tree: Tree, paths: Sequence[str], needles: Sequence[Needle],
             budgets: Budgets, deadline: float) -> ScanResult:
        result = ScanResult(files_scanned=len(paths))
        if not needles or not paths:
            return result
        classify = _classifier(needles)
        base = [self.binary, "--no-config", "--no-heading", "--with-filename", "--line-number",
                "--null", "--no-messages", "--no-ignore", "--hidden", "--no-follow", "--crlf",
                "--max-filesize", str(budgets.file_bytes), "--max-count",
                str(budgets.occurrences_per_string_file + 1),  # one more: so we see it was reached "--max-columns", str(MAX_LINE_CHARS),
                "--max-columns-preview", "-e", _pattern(needles), "--"]
        # Paths go after `--`, relative to the tree's root: never read as options.
        chunks: list[list[str]] = [[]]
        size = 0
        for p in paths:
            if size > MAX_ARG_BYTES:
                chunks.append([])
                size = 0
            chunks[-1].append(p)
            size += len(p) + 1
        procs = [subprocess.Popen(base + chunk, cwd=tree.fs_root, stdout=subprocess.PIPE,
                                  stderr=subprocess.PIPE, stdin=subprocess.DEVNULL)
                 for chunk in chunks]
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
            self._parse(out, classify, result, budgets)
        return result

    @staticmethod
    def _parse(out: bytes, classify, result: ScanResult, budgets: Budgets) -> None:
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


class MemoryScanner:
    """An in-process scan for trees that are not on disk (git objects, memory)."""

    def scan(self, tree: Tree, paths: Sequence[str], needles: Sequence[Needle],
             budgets: Budgets, deadline: float) -> ScanResult:
        result = ScanResult(files_scanned=0)
        if not needles:
            return result
        classify = _classifier(needles)
        probes = [n.text.encode() for n in needles]
        for path in paths:
            if time.monotonic() > deadline:
                result.bounds_reached.append("time_s")
                break
            data = tree.read(path)
            if data is None or len(data) > budgets.file_bytes:
                continue
            result.files_scanned += 1
            result.bytes_scanned += len(data)
            if result.bytes_scanned > budgets.bytes_read:
                result.bounds_reached.append("bytes_read")
                break
            if b"\0" in data[:8000] or not any(p in data for p in probes):
                continue
            for no, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
                found = classify(line)
                if found:
                    _record(result, found, path, no, line[:MAX_LINE_CHARS], budgets)
        return result


def scan(tree: Tree, paths: Sequence[str], needles: Sequence[Needle], budgets: Budgets,
         deadline: float, scanner: Scanner | None = None) -> ScanResult:
    """Answer every needle in one pass, choosing ripgrep for trees on disk."""
    if scanner is None:
        rg = RipgrepScanner()
        scanner = rg if (tree.fs_root and rg.available()) else MemoryScanner()
    # A needle spanning a line break can never match one line: searching it would only fail.
    needles = [n for n in needles if n.text and "\n" not in n.text and "\r" not in n.text]
    try:
        result = scanner.scan(tree, paths, needles, budgets, deadline)
    except ScanError as exc:
        result = MemoryScanner().scan(tree, paths, needles, budgets, deadline)
        result.bounds_reached.append(f"scanner fell back to in-process search: {exc}")
    # Deterministic order: files by path, hits by line.
    result.hits = {n: dict(sorted(files.items())) for n, files in result.hits.items()}
    return result
