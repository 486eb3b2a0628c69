"""One file's definitions, whichever engine serves its language, and the one enclosing a line."""

from __future__ import annotations

import functools

from .kinds import Definition, indentation
from .lines import line_definitions
from .patterns import LINE_TABLES
from .trees import tree_definitions

__all__ = ["definitions", "enclosing_definition"]


def _sorted(found: list[Definition]) -> list[Definition]:
    unique = {(d.line, d.name, d.kind, d.container or ""): d for d in found}
    return [unique[k] for k in sorted(unique)]


# Callers ask for several places in the same file (one per hit), and a warm host for the same
# files on every query; bytes cache their hash, so a repeated lookup costs no second parse.
@functools.lru_cache(maxsize=256)
def _file_definitions(language: str, source: bytes) -> tuple[Definition, ...]:
    if language not in LINE_TABLES:  # every language with a grammar has line patterns too
        return ()
    found = tree_definitions(language, source)
    if found is None:
        found = line_definitions(language, source.decode("utf-8", "replace"))
    return tuple(_sorted(found))


def definitions(language: str, source: bytes) -> list[Definition]:
    """All definitions in one file, sorted by line: tree-sitter where a grammar is installed,
    line patterns otherwise. Never raises: broken source gives partial results."""
    return list(_file_definitions(language, source))


_SCOPE_KINDS = frozenset(
    {"function", "method", "class", "struct", "interface", "annotation", "enum", "trait", "module", "macro"}
)


def enclosing_definition(language: str, source: bytes, line: int) -> Definition | None:
    """The innermost function/method/class whose span contains `line` (1-based), for naming the symbol at a place.

    With tree-sitter any definition with a span counts (a multi-line constant or
    computed property names its lines too); with line patterns, which know no
    ends, it is the nearest function/class/module above that is less indented."""
    found = _file_definitions(language, source)
    spans = [d for d in found if d.end_line is not None and d.line <= line <= d.end_line]
    if spans:
        return max(spans, key=lambda d: (d.line, -(d.end_line or 0)))
    if any(d.end_line is not None for d in found):
        return None
    lines = source.decode("utf-8", "replace").split("\n")
    if not 1 <= line <= len(lines):
        return None
    target = indentation(lines[line - 1])
    for d in reversed(found):
        if d.line == line and d.kind in _SCOPE_KINDS:
            return d
        if d.line < line and d.kind in _SCOPE_KINDS and indentation(lines[d.line - 1]) < target:
            return d
    return None
