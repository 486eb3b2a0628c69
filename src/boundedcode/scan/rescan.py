"""Follow-up scans within one retrieval, and what every scan of it has found so far.

A strategy that needs names the plan could not know (the names a test's body
calls) asks `Rescan` for them: the injected scanner, over the walked files,
within the retrieval's deadline and string budget; every bound it reaches is
reported with the retrieval's. Needles an earlier scan searched are answered
from it, and the navigator's definition patterns read the same answers
(`occurrences`), so no name is scanned twice. The lines of a few files' terms
(`term_lines`) are found in the contents the retrieval read (a warm scanner's line
index gives them without splitting a line).
"""

from __future__ import annotations

from typing import Callable, Collection, Iterable, Mapping, Sequence

from ..checkout.budgets import Budgets, reach
from ..checkout.tree import Tree
from .base import Hit, Needle, Scanner, ScanResult, TermMatcher
from .shared import begin_scan

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
        self._hits: dict[Needle, dict[str, Sequence[Hit]]] = {n: first.files_with(n) for n in searched}
        # The retrieval's: what the follow-up scans reach is reported with everything else.
        self._bounds, self._notes = bounds_reached, notes

    def __call__(self, needles: Sequence[Needle]) -> ScanResult:
        """Every needle's hits; those no scan has searched yet are searched now, in one pass."""
        new = list(dict.fromkeys(n for n in needles if n not in self._hits))
        if len(new) > self._budgets.scan_strings:
            reach(self._bounds, "scan_strings")
            new = new[: self._budgets.scan_strings]
        if new:
            # As the first scan: ripgrep walks the tree itself, its hits kept in the walked files
            # (the paths of the whole listing: handed by name, each was measured first, some 15,000
            # `lstat`s and three processes on a 17k-file checkout).
            found = begin_scan(self._tree, new, self._budgets, self._deadline, self._scanner)(
                self._paths
            ).settle()
            for bound in found.bounds_reached:
                reach(self._bounds, bound)
            self._notes.extend(n for n in found.notes if n not in self._notes)
            self._hits.update((n, found.files_with(n)) for n in new)
        return ScanResult(hits={n: self._hits[n] for n in needles if n in self._hits})

    def occurrences(self, name: str) -> dict[str, Sequence[Hit]]:
        """The lines using `name` as a whole word, per file, as far as the scans searched it."""
        return self._hits.get(Needle(name, word=True), {})

    def term_lines(
        self,
        paths: Sequence[str],
        tokens: Iterable[str],
        read: Callable[[str], bytes | None],
        held: Mapping[str, Collection[str]] | None = None,
    ) -> dict[str, dict[int, tuple[str, ...]]]:
        """The query's `tokens` per line (1-based) of each of a few `paths`, as `TermMatcher.lines`
        finds them in the contents `read` gives (a file holding none is left out); `held`: the
        tokens the scan counted in a file, the only ones looked for in it. Never a
        ripgrep process: the files are read already, and starting one cost more than splitting
        them (the 17 of `bcode bench speed`'s 40 tasks that started one, best of four: 9 ms
        less at the median, from 0.8 ms more to 15 ms less)."""
        terms = TermMatcher([Needle(t, word=False, term=True) for t in tokens])
        if not terms or not paths:
            return {}
        # A warm scanner splits only the lines its index puts a term on.
        indexed = getattr(self._scanner, "term_lines", None)
        from_index = indexed(terms) if indexed is not None else None
        out = {}
        for path in paths:
            data = read(path)
            found = None if data is None or from_index is None else from_index(path, data)
            if found is None and data is not None:
                found = terms.lines(data, held.get(path) if held is not None else None)
            if found:
                out[path] = found
        return out
