"""The ripgrep back end: one `rg` process over the walked files of a tree on disk.

ripgrep never applies a policy of its own: it either searches exactly the paths
the walk listed (after `--`, never read as options), or, to run while the walk
does, walks the tree itself under globs translated from the read policy
(`ripgrep_excludes`); then only hits in walked files are kept, and the few
walked files the globs leave out (`ripgrep_skipped`) are searched by path.
"""

from __future__ import annotations

import os
import re
from collections import Counter
import shutil
import subprocess
import sys
import time
from typing import Callable, Sequence

from ..checkout.budgets import Budgets, reach
from ..checkout.policy import BUILD_DIRS, DEPENDENCY_DIRS, LOCK_NAMES, SECRET_NAMES, SECRET_SUFFIXES
from ..checkout.tree import Tree
from .base import (
    MAX_LINE_CHARS,
    MAX_TERM_FRAGMENT,
    Needle,
    ScanError,
    ScanResult,
    TermMatcher,
    classifier,
    record,
    term_line_cap,
)

__all__ = ["RipgrepScanner", "PendingScan", "pattern", "ripgrep_excludes", "ripgrep_skipped"]

#: Longest wait for ripgrep whatever the deadline (an unbounded one overflows the poll timeout).
MAX_WAIT_S = 3600.0
#: Bytes of paths on one ripgrep command line (well under the kernel's ARG_MAX).
MAX_ARG_BYTES = 96 * 1024


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


def ripgrep_excludes() -> list[str]:
    """ripgrep arguments that keep its own walk inside the read policy (it never opens the rest).

    Hidden files and directories and symlinks ripgrep skips by default. Every glob is
    case-insensitive and matches any path component, a file or a directory, so the globs
    exclude a little more than `refusal` does (`env.example`, a `Build/` directory, a
    file named `build`): see `ripgrep_skipped`.
    """
    out: list[str] = []
    for glob in _exclude_globs():
        out += ["--iglob", f"!{glob}"]
    return out


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
    """One ripgrep regex for every needle (the lines it matches are classified afterwards).

    With term needles ripgrep prints only what matched (`-o`): a line holding a
    word or literal needle whole (the pattern spans the line), and each term
    occurrence with its context.
    """
    terms = TermMatcher(needles)
    plain = _plain_pattern([n for n in needles if not n.term])
    if not terms:
        return plain
    return (f"[^\n]*(?:{plain})[^\n]*|" if plain else "") + terms.source()


def _plain_pattern(needles: Sequence[Needle]) -> str:
    # ASCII word boundaries: Unicode-aware \b is several times slower in ripgrep and in re.
    parts = []
    for n in needles:
        esc = _rg_escape(n.text)
        if n.fold:
            parts.append(f"(?i:(?-u:\\b){esc}(?-u:\\b))")
        else:
            parts.append(f"(?-u:\\b){esc}(?-u:\\b)" if n.word else esc)
    return "|".join(parts)


def _rg_binary() -> str | None:
    local = os.path.join(os.path.dirname(sys.executable), "rg")
    return local if os.access(local, os.X_OK) else shutil.which("rg")


def _parse_ripgrep(
    out: bytes, classify: Callable[[str], list[Needle]], result: ScanResult, budgets: Budgets
) -> None:
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
        record(result, classify(text), path, int(num), text, budgets)


_FRAGMENT = re.compile(rb"^\d+:(.*)$", re.M)
_RECORD = re.compile(rb"^(\d+):(.*)$", re.M)


def _parse_matches(
    out: bytes,
    classify: Callable[[str], list[Needle]],
    terms: TermMatcher,
    result: ScanResult,
    budgets: Budgets,
) -> None:
    """ripgrep's `-o --heading` output (`path\0line:match`, then `line:match`, files apart by a
    blank line) into per-needle hits and per-term counts.

    Term matches are many (a common word in every file), so each file's are counted by
    fragment without a Python step per match; their lines are read back only for the files
    a strategy asks about (`ScanResult.term_lines`). Word and literal needles come as whole
    lines, few, and are recorded with their lines as without terms.
    """
    seen: dict[bytes, tuple[list[Needle], tuple[str, ...]]] = {}
    result.term_matcher = terms
    for block in out.split(b"\n\n"):
        path_b, sep, body = block.partition(b"\0")
        if not sep:
            continue
        path = path_b.decode("utf-8", "surrogateescape")
        named: set[bytes] = set()
        for fragment, n in Counter(_FRAGMENT.findall(body)).items():
            known = seen.get(fragment)
            if known is None:
                text = fragment.decode("utf-8", "replace").rstrip("\r")
                known = (classify(text), terms.count(text))
                if len(fragment) <= MAX_TERM_FRAGMENT:
                    seen[fragment] = known
            needles, tokens = known
            if needles:
                named.add(fragment)
            for token in tokens:
                files = result.terms.setdefault(token, {})
                files[path] = files.get(path, 0) + n
        if named:
            for num, fragment in _RECORD.findall(body):
                if fragment in named:
                    text = fragment.decode("utf-8", "replace").rstrip("\r")
                    record(result, classify(text), path, int(num), text, budgets)
        result.term_sources[path] = body


class RipgrepScanner:
    """ripgrep over the walked files of a tree on disk."""

    def __init__(self, binary: str | None = None):
        self.binary = binary or _rg_binary()

    def available(self) -> bool:
        return self.binary is not None

    def _command(self, needles: Sequence[Needle], budgets: Budgets) -> list[str]:
        if self.binary is None:
            raise ScanError("ripgrep is not installed")
        with_terms = any(n.term for n in needles)
        per_file = term_line_cap(budgets) if with_terms else budgets.occurrences_per_string_file
        return [
            self.binary,
            "--no-config",
            *(("--only-matching", "--heading") if with_terms else ("--no-heading",)),
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
            str(per_file + 1),
            "--max-columns",
            str(MAX_LINE_CHARS),
            "--max-columns-preview",
            "-e",
            pattern(needles),
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
    ) -> PendingScan:
        """Start ripgrep walking the tree itself, under the read policy's globs, before our walk ends.

        The two walks run at once; `PendingScan.finish` keeps only hits in files our walk
        listed, so the result is the same as `scan` over the walked files.
        """
        command = self._command(needles, budgets) + ["--no-ignore-dot", *ripgrep_excludes()]
        return PendingScan(
            self, tree, needles, budgets, deadline, [self._spawn(command, tree)] if needles else []
        )

    @staticmethod
    def _spawn(command: list[str], tree: Tree) -> subprocess.Popen[bytes]:
        return subprocess.Popen(
            command,
            cwd=tree.fs_root,
            stdout=subprocess.PIPE,
            stderr=subprocess.PIPE,
            stdin=subprocess.DEVNULL,
        )

    def _collect(
        self,
        procs: Sequence[subprocess.Popen[bytes]],
        needles: Sequence[Needle],
        result: ScanResult,
        budgets: Budgets,
        deadline: float,
    ) -> None:
        classify = classifier(needles)
        terms = TermMatcher(needles)
        for proc in procs:
            try:
                left = min(MAX_WAIT_S, max(0.05, deadline - time.monotonic()))
                out, err = proc.communicate(timeout=left)
            except subprocess.TimeoutExpired:
                proc.kill()
                out, err = proc.communicate()
                reach(result.bounds_reached, "time_s")
            if proc.returncode == 2 and not out:
                # ripgrep refused the search itself (not a missing file): say so, never hide it.
                raise ScanError(err.decode("utf-8", "replace").strip()[:300])
            if terms:
                _parse_matches(out, classify, terms, result, budgets)
            else:
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
        procs: list[subprocess.Popen[bytes]],
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
        result.terms = {
            t: {p: n for p, n in files.items() if p in walked} for t, files in result.terms.items()
        }
        result.term_sources = {p: src for p, src in result.term_sources.items() if p in walked}
        skipped = ripgrep_skipped(paths)
        if skipped:
            extra = self.scanner.scan(self.tree, skipped, self.needles, self.budgets, self.deadline)
            for n, files in extra.hits.items():
                result.hits.setdefault(n, {}).update(files)
            for t, term_files in extra.terms.items():
                result.terms.setdefault(t, {}).update(term_files)
            result.term_sources.update(extra.term_sources)
            result.term_matcher = result.term_matcher or extra.term_matcher
        return result
