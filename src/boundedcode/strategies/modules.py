"""modules: a qualified name (tokio::sync::broadcast, django.db.models, com.acme.Orders).

Found at the longest run of its segments that ends a file's module path. Layout
directories (src/, lib/, src/main/java/) and module files (mod.rs, __init__.py,
index.ts) are skipped. Tests are not candidates.
"""

from __future__ import annotations

import re

from ..lang.languages import MODULE_FILES, is_test_path
from ..model import Anchor, AnchorKind, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, Plan, module_path

__all__ = ["ModulesStrategy"]

#: Weight of a package's module file against a module of its own.
PACKAGE_FILE = 0.7
#: A single segment names a module only when it ends the module path of this few files.
MAX_SINGLE_SEGMENT_FILES = 1


class ModulesStrategy:
    id = "modules"

    def wants(self, plan: Plan) -> str | None:
        mods = plan.of_kind(AnchorKind.MODULE)
        return f"{len(mods)} qualified name(s)" if mods else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return []

    def find(self, ev: Evidence) -> list[Finding]:
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
        by_last: dict[str, list[tuple[tuple[str, ...], str]]] = {}
        for p in sorted(candidates):
            if is_test_path(p):
                continue
            mp = module_path(p)
            if mp:
                by_last.setdefault(mp[-1], []).append((mp, p))
        for a in mods:
            segs = tuple(s.lower() for s in re.split(r"\.|::|\\", a.text) if s)
            best: list[str] = []
            best_len = 0
            # Longest run of segments s[i..j] that ends some file's module path.
            for j in range(len(segs) - 1, -1, -1):
                for mp, p in by_last.get(segs[j], ()):
                    n = 0
                    while n <= j and n < len(mp) and mp[-1 - n] == segs[j - n]:
                        n += 1
                    if n > best_len:
                        best, best_len = [p], n
                    elif n == best_len and p not in best:
                        best.append(p)
            # One segment of a longer name (`array` of numpy.array) is a word, not a module.
            if not best or (best_len == 1 and (len(segs) > 1 or len(best) > MAX_SINGLE_SEGMENT_FILES)):
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
