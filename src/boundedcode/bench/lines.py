"""Whether the line a block shows in a gold file is where the fix is.

The fix's lines are the task's patch read as the base commit's lines: each removed (or
replaced) line, and for a pure insertion the lines either side of it. A found gold file's line
(the item's first) is in the fix when the function or method around it (tree-sitter's
definitions, line patterns where no grammar is installed) is one around a changed line, or when
it is within `NEAR_LINES` of a changed line (a fix outside any function: an import, a constant, a
class's field). An agent reading the block starts at that line: the figure says how often it
starts in the right place.
"""

from __future__ import annotations

from typing import Collection, Mapping, Sequence

from ..checkout import WorkTree
from ..checkout.budgets import DEFAULT_BUDGETS
from ..lang.definitions import enclosing_definition
from ..lang.languages import language_of
from ..lazyre import compile_static

__all__ = ["NEAR_LINES", "changed_lines", "fix_lines"]

#: A shown line this close to a changed line is in the fix wherever it is.
NEAR_LINES = 3
#: The kinds whose span is "the function around a line".
_FUNCTION_KINDS = frozenset({"function", "method"})
_HUNK = compile_static(r"@@ -(\d+)(?:,\d+)? \+\d+(?:,\d+)? @@")


def changed_lines(patch: str) -> dict[str, frozenset[int]]:
    """The base commit's lines a unified diff changes, per file as named before the change."""
    out: dict[str, set[int]] = {}
    path: str | None = None
    old, replacing = 0, False  # replacing: the added lines take the place of removed ones
    for line in patch.split("\n"):
        if line.startswith("--- "):
            name = line[4:].split("\t", 1)[0].strip()
            path = name[2:] if name.startswith("a/") else None  # /dev/null: a new file
            continue
        if line.startswith("+++ ") or path is None:
            continue
        hunk = _HUNK.match(line)
        if hunk:
            old, replacing = int(hunk.group(1)), False
        elif line.startswith(" "):
            old, replacing = old + 1, False
        elif line.startswith("-"):
            out.setdefault(path, set()).add(old)
            old, replacing = old + 1, True
        elif line.startswith("+") and not replacing:
            out.setdefault(path, set()).update({max(old - 1, 1), old})
    return {p: frozenset(lines) for p, lines in out.items()}


def _function_at(language: str, data: bytes, line: int) -> tuple[int, str] | None:
    found = enclosing_definition(language, data, line)
    return (found.line, found.name) if found is not None and found.kind in _FUNCTION_KINDS else None


def fix_lines(
    checkout: str, ranked: Sequence[Mapping], gold: Collection[str], changed: Mapping[str, frozenset[int]]
) -> tuple[int, int]:
    """(found gold files whose line is in the fix, found gold files the patch changes): each
    gold file counted once, at its first item; a file shown without a line is not in the fix."""
    tree = WorkTree(checkout)
    in_fix = found = 0
    seen: set[str] = set()
    for item in ranked:
        path = item["path"]
        if path in seen or path not in gold or not changed.get(path):
            continue
        seen.add(path)
        found += 1
        line = item.get("line")
        if line is None:
            continue
        lines = changed[path]
        if min(abs(line - c) for c in lines) <= NEAR_LINES:
            in_fix += 1
            continue
        language, data = language_of(path), tree.read_file(path, DEFAULT_BUDGETS.file_bytes).data
        if language is None or data is None:
            continue
        fixed = {f for c in lines if (f := _function_at(language, data, c)) is not None}
        in_fix += _function_at(language, data, line) in fixed
    return in_fix, found
