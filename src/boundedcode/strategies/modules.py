"""modules: a qualified name (tokio::sync::broadcast, django.db.models, com.acme.Orders).

Found at the longest run of its segments that ends a file's module path. Layout
directories (src/, lib/, src/main/java/) and module files (mod.rs, __init__.py,
index.ts) are skipped. Tests are not candidates.
"""

from __future__ import annotations

import re
from typing import Any, Final, Iterable, Iterator, Sequence

from ..lang.languages import MODULE_FILES, is_test_path
from ..model import Anchor, AnchorKind, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import ListingEvidence, Plan, module_path

__all__ = ["ModulesStrategy"]

#: Weight of a package's module file against a module of its own.
PACKAGE_FILE = 0.7
#: A single segment names a module only when it ends the module path of this few files.
MAX_SINGLE_SEGMENT_FILES = 1

#: A node of `_Suffixes`: the segment before each child's, and its files (under None).
_Node = dict[Any, Any]


class _Suffixes:
    """Files by their module paths read from the end (a trie): the files a run of segments ends
    are the ones under its node, found in one walk down the run, not by comparing the run with
    every file whose path ends in its last segment (a message of 3,000 dotted names of Django
    compared 9 million: the 2,234 translation catalogs `django.po` end in `django`)."""

    def __init__(self, paths: Iterable[tuple[tuple[str, ...], str]]):
        self.root: _Node = {}
        for mp, path in paths:
            node = self.root
            for seg in reversed(mp):
                node = node.setdefault(seg, {})
            node.setdefault(None, []).append(path)

    def longest(self, segs: Sequence[str]) -> tuple[int, _Node]:
        """How many of `segs`' last segments end some module path, and the node they lead to."""
        node, length = self.root, 0
        for seg in reversed(segs):
            child = node.get(seg)
            if child is None:
                break
            node, length = child, length + 1
        return length, node

    def longest_run(self, segs: Sequence[str]) -> tuple[int, list[_Node]]:
        """The length of the longest run of segments s[i..j] that ends some file's module path,
        and the nodes of every such run (their files: `files`)."""
        best, ends = 0, []
        for j in range(len(segs) - 1, -1, -1):
            length, node = self.longest(segs[: j + 1])
            if length > best:
                best, ends = length, [node]
            elif length and length == best:
                ends.append(node)
        return best, ends

    @staticmethod
    def files(node: _Node) -> Iterator[str]:
        """The files under `node`: their module paths end in the run that leads to it."""
        stack = [node]
        while stack:
            at = stack.pop()
            for seg, below in at.items():
                if seg is None:
                    yield from below
                else:
                    stack.append(below)


class ModulesStrategy:
    id = "modules"
    needs_scan: Final = False  # FromListing: it runs while the scan searches

    def wants(self, plan: Plan) -> str | None:
        mods = plan.of_kind(AnchorKind.MODULE)
        return f"{len(mods)} qualified name(s)" if mods else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return []

    def find(self, ev: ListingEvidence) -> list[Finding]:
        out: list[Finding] = []
        mods = ev.of_kind(AnchorKind.MODULE)
        if not mods:
            return out
        # Only files whose module path can end in one of the names' segments: a file named after
        # the segment, or a package's module file (__init__.py, mod.rs) in a directory so named.
        wanted = {seg.lower() for a in mods for seg in re.split(r"\.|::|\\", a.text) if seg}
        candidates = {p for seg in wanted for p in ev.index.by_stem(seg)}
        candidates |= {
            p
            for stem in MODULE_FILES
            for p in ev.index.by_stem(stem)
            if p.rsplit("/", 2)[-2:-1] and p.rsplit("/", 2)[-2].lower() in wanted
        }
        suffixes = _Suffixes((mp, p) for p in candidates if not is_test_path(p) and (mp := module_path(p)))
        for a in mods:
            segs = tuple(s.lower() for s in re.split(r"\.|::|\\", a.text) if s)
            best_len, ends = suffixes.longest_run(segs)
            # One segment of a longer name (`array` of numpy.array) is a word, not a module.
            if not best_len or (best_len == 1 and len(segs) > 1):
                continue
            best = {p for node in ends for p in _Suffixes.files(node)}
            if best_len == 1 and len(best) > MAX_SINGLE_SEGMENT_FILES:
                continue
            rel = R.MODULE_FULL if best_len == len(segs) else R.MODULE_PARTIAL
            spec = specificity(len(best)) * ev.origin_weight(a)
            for p in sorted(best):
                # A package's module file (__init__.py, mod.rs, index.ts) re-exports more than it holds.
                package = p.rsplit("/", 1)[-1].split(".", 1)[0] in MODULE_FILES
                out.append(
                    Finding(
                        p,
                        None,
                        self.id,
                        a,
                        rel,
                        f"module {a.text}",
                        specificity=spec * (PACKAGE_FILE if package else 1.0),
                    )
                )
        return out
