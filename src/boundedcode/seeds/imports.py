"""Imports a message's code makes: the module a specifier names, and each name imported from it.

JavaScript and TypeScript (`import { A, B as C } from '@scope/pkg'`, `export *
from './x'`, `require('pkg')`, `import('pkg')`), Go (`import "github.com/org/
repo/x"`, the lines of an `import ( … )` block, and an import path named in the
prose) and Python (`from pkg.sub import A, B`). Each becomes an IMPORT anchor
for the module (its specifier as `text`) and one per imported name (the name
as `text`, the specifier as `qualifier`); the reexports strategy resolves them.
"""

from __future__ import annotations

import re

from ..model import Anchor, AnchorKind, AnchorOrigin

__all__ = ["import_anchors"]

_SPEC = r"""(?P<q>['"])(?P<spec>[^'"\s]{1,200})(?P=q)"""
_ES_FROM = re.compile(
    r"\b(?:import|export)\s+(?:type\s+)?(?P<what>[\w$*{}\s,]*?)\s*\bfrom\s*" + _SPEC,
)
_ES_BARE = re.compile(r"(?:\bimport\s*\(?|\brequire\s*\()\s*" + _SPEC)
_GO_IMPORT = re.compile(
    r'^\s*(?:import\s+)?(?:[\w.]+\s+)?"(?P<spec>[\w.-]+\.[a-z]{2,}(?:/[\w.~-]+)+)"\s*$', re.M
)
_GO_PATH = re.compile(
    r"(?<![\w/.:@-])(?P<spec>[a-z0-9-]+(?:\.[a-z0-9-]+)*\.[a-z]{2,}(?:/[\w.~-]+){2,})(?![\w/])"
)
_PY_FROM = re.compile(r"^\s*from\s+(?P<spec>\.*[A-Za-z_][\w.]*)\s+import\s+(?P<what>\(?[\w\s,]+\)?)", re.M)
_NAME = re.compile(r"[A-Za-z_$][\w$]*")


def _names(clause: str) -> list[str]:
    """The imported (not the local) names of `{ A, B as C }` or `A, B as C`."""
    out = []
    for part in clause.strip("(){} \n").split(","):
        words = part.split()
        if words and words[0] not in ("type", "*") and _NAME.fullmatch(words[0]):
            out.append(words[0])
        elif len(words) >= 2 and words[0] == "type" and _NAME.fullmatch(words[1]):
            out.append(words[1])
    return out


def import_anchors(text: str, origin: AnchorOrigin, rank: int) -> list[Anchor]:
    """The IMPORT anchors of one part of a message (its prose or its code), in order of appearance."""
    found: list[tuple[int, Anchor]] = []

    def add(at: int, spec: str, names: list[str]) -> None:
        found.append((at, Anchor(AnchorKind.IMPORT, spec, origin, rank)))
        for name in names:
            found.append((at, Anchor(AnchorKind.IMPORT, name, origin, rank, qualifier=spec)))

    for m in _ES_FROM.finditer(text):
        what = m.group("what")
        braces = re.search(r"\{([^}]*)\}", what)
        add(m.start(), m.group("spec"), _names(braces.group(1)) if braces else [])
    for m in _ES_BARE.finditer(text):
        add(m.start(), m.group("spec"), [])
    for m in _GO_IMPORT.finditer(text):
        add(m.start(), m.group("spec"), [])
    for m in _GO_PATH.finditer(text):  # a URL's host follows `//`, which the pattern refuses
        add(m.start(), m.group("spec").rstrip("."), [])
    for m in _PY_FROM.finditer(text):
        add(m.start(), m.group("spec"), _names(m.group("what")))
    found.sort(key=lambda t: t[0])
    return [a for _, a in found]
