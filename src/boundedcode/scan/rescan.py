"""Follow-up scans within one retrieval, and what every scan of it has found so far.

A strategy that needs names the plan could not know (the names a test's body
calls) asks `Rescan` for them: the injected scanner, over the walked files,
within the retrieval's deadline and string budget; every bound it reaches is
reported with the retrieval's. Needles an earlier scan searched are answered
from it, and the navigator's definition patterns read the same answers
(`occurrences`), so no name is scanned twice.
"""

from __future__ import annotations

from typing import Sequence

from ..checkout.budgets import Budgets, reach
from ..checkout.tree import Tree
from .base import Hit, Needle, Scanner, ScanResult
from .shared import scan

__all__ = ["Rescan"]


class Rescan:
    """The scans of one retrieval: the shared one first, then bounded follow-ups."""

    def __init__(
        self,
        tree: Tree,
        paths: Sequence[str],
        budgets: Budgets,
        deadline: float,
        scanner: Scanner | None,
        first: ScanResult,
        searched: Sequence[Needle],
        *,
        bounds_reached: list[str],
        notes: list[str],
    ):
        self._tree, self._paths, self._budgets = tree, paths, budgets
        self._deadline, self._scanner = deadline, scanner
        self._hits: dict[Needle, dict[str, list[Hit]]] = {n: first.files_with(n) for n in searched}
        # The retrieval's: what the follow-up scans reach is reported with everything else.
        self._bounds, self._notes = bounds_reached, notes

    def __call__(self, needles: Sequence[Needle]) -> ScanResult:
        """Every needle's hits; those no scan has searched yet are searched now, in one pass."""
        new = list(dict.fromkeys(n for n in needles if n not in self._hits))
        if len(new) > self._budgets.scan_strings:
            reach(self._bounds, "scan_strings")
            new = new[: self._budgets.scan_strings]
        if new:
            found = scan(self._tree, self._paths, new, self._budgets, self._deadline, self._scanner)
            for bound in found.bounds_reached:
                reach(self._bounds, bound)
            self._notes.extend(n for n in found.notes if n not in self._notes)
            self._hits.update((n, found.files_with(n)) for n in new)
        return ScanResult(hits={n: self._hits[n] for n in needles if n in self._hits})

    def occurrences(self, name: str) -> dict[str, list[Hit]]:
        """The lines using `name` as a whole word, per file, as far as the scans searched it."""
        return self._hits.get(Needle(name, word=True), {})
