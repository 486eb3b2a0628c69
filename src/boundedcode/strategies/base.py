"""What every strategy sees and returns: one uniform shape.

A strategy declares the needles it wants from the shared scan, then turns the
anchors, the walked file list and the scan into findings. Strategies do no
ranking and no printing, and read file contents only for the few files they
already chose (a definition site, a test body), through `Context.read`.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any, Callable, Protocol, Sequence

from ..checkout.budgets import Budgets
from ..checkout.tree import Tree
from ..model import Anchor, Finding
from ..scan import Needle, ScanResult

__all__ = ["Context", "MessageFacts", "Strategy", "PathIndex"]


@dataclass(frozen=True)
class MessageFacts:
    about_tests: bool
    is_question: bool
    about_config: bool
    words: tuple[str, ...]  # lower-case prose words, identifiers split


class PathIndex:
    """Walked paths by file name, for suffix resolution (traces print other machines' paths)."""

    def __init__(self, paths: Sequence[str]):
        self.paths = paths
        self.set = frozenset(paths)
        self._by_name: dict[str, list[str]] = defaultdict(list)
        self._by_stem: dict[str, list[str]] | None = None
        for p in paths:
            self._by_name[p.rsplit("/", 1)[-1]].append(p)

    def by_name(self, name: str) -> list[str]:
        return self._by_name.get(name, [])

    def by_stem(self, stem: str) -> list[str]:
        """Paths whose file name without extensions is `stem` (case-insensitive)."""
        if self._by_stem is None:
            self._by_stem = defaultdict(list)
            for name, paths in self._by_name.items():
                self._by_stem[name.split(".", 1)[0].lower()].extend(paths)
        return sorted(self._by_stem.get(stem.lower(), []))

    def resolve(self, path: str) -> tuple[list[str], int]:
        """Files whose path shares the longest run of trailing components with `path`.

        Returns the candidates and how many components matched; ([], 0) when the file
        name itself is unknown. Absolute and `..` paths only ever match inside the tree.
        """
        parts = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
        if not parts:
            return [], 0
        cands = self.by_name(parts[-1])
        if not cands:
            return [], 0
        best: list[str] = []
        best_len = 0
        for c in cands:
            cparts = c.split("/")
            n = 0
            while n < len(cparts) and n < len(parts) and cparts[-1 - n] == parts[-1 - n]:
                n += 1
            if n > best_len:
                best, best_len = [c], n
            elif n == best_len:
                best.append(c)
        return best, best_len


@dataclass
class Context:
    tree: Tree
    anchors: list[Anchor]
    paths: list[str]
    index: PathIndex
    facts: MessageFacts
    budgets: Budgets
    read: Callable[[str], bytes | None]
    deadline: float = float("inf")  # the clock value at which the time budget runs out
    scan: ScanResult = field(default_factory=ScanResult)
    #: Definitions and references routed by file language (navigator.Composite); None: patterns only.
    navigator: Any = None

    def of_kind(self, *kinds: str) -> list[Anchor]:
        return [a for a in self.anchors if a.kind in kinds]


class Strategy(Protocol):
    id: str

    def wants(self, ctx: Context) -> str | None:
        """Why it runs (its anchors), or None when the message holds nothing for it."""

    def needles(self, ctx: Context) -> list[tuple[Anchor, Needle]]:
        """Needles for the shared scan, each with the anchor it serves (seed order)."""

    def find(self, ctx: Context) -> list[Finding]: ...


_IDENT = re.compile(r"^[A-Za-z_$][\w$]*$")


def is_identifier(text: str) -> bool:
    return bool(_IDENT.match(text))
