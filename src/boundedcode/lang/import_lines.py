"""Whether a name's lines in a file are all import statements.

A file that names an identifier only where it imports it hands the name on (a package's
`__init__.py`, an `index.ts`, a `pub use`) or imports it and leaves it unused: it does not use
it, and where the re-export matters it is the re-exports strategy's finding, for the file that
defines the name. A statement's first line says so by itself; a line of a multi-line group
(`    Resolver404, get_callable,`, or `'Resolver404',` in an `__all__` list) is one when the group
lines above it lead to an import or an export list that opens it.

Only languages whose modules hand names on have an entry. A Java, Kotlin, Scala or PHP file that
imports a name and never uses it is rare (an unused import), and asking takes a second hit of
nearly every file, whose first is the import (a Lucene message on the 34.7k-file tree: 19 ms more).
C's `#include`, Go's import paths and Ruby's `require` name files or packages, not identifiers.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..lazyre import LazyPattern
from .languages import language_of

__all__ = ["group_line", "imported_only", "in_import_group", "names_alone"]

_ES = r"^\s*(?:import\b|export\s*(?:type\s*)?[{*]|module\.exports\s*=)"
#: The first line of an import statement, per language whose modules hand names on; an export
#: list (`__all__`, `module.exports`) does as well.
IMPORT_STATEMENT = {
    "python": LazyPattern(r"^\s*(?:(?:from\s+\S+\s+)?import\b|__all__\s*\+?=)"),
    "javascript": LazyPattern(_ES),
    "typescript": LazyPattern(_ES),
    "tsx": LazyPattern(_ES),
    "rust": LazyPattern(r"^\s*(?:pub(?:\([^)]*\))?\s+)?use\b"),
}


def names_alone(name: str, closers: str) -> str:
    """The expression of a line that holds names alone (each `name`, comma-separated, a closing
    bracket of `closers` and a `;` at most), as the lines of a multi-line group do: no call, no
    operator. Possessive throughout (each part's characters are not the next one's), so that an
    ordinary line of code fails at once, not after trying every split of its words (2 µs → 0.3 µs
    a line)."""
    return rf"^\s*+{name}(?:\s*+,\s*+{name})*+\s*+,?+\s*+[{closers}]?+\s*+;?+\s*+$"


# A name, an aliased one, or a quoted one (`__all__`'s entries).
_NAME = r"(?:[\w$:.\\]++(?:\s++as\s++[\w$]++)?+|'\w++'|\"\w++\")"
_GROUP_LINE = LazyPattern(names_alone(_NAME, "})\\]"))
#: Lines looked at above a group line for the import that opens its group.
GROUP_LINES_UP = 200


def _opens_group(statement: LazyPattern, lines: Sequence[bytes], at: int) -> bool:
    """Whether the group line `at` (0-based) belongs to an import: the lines above it are group
    lines up to one that starts an import and leaves the group's bracket open."""
    for i in range(at - 1, max(-1, at - 1 - GROUP_LINES_UP), -1):
        text = lines[i].decode("utf-8", "replace").rstrip()
        if statement.match(text):  # it opens the group when it leaves a bracket open
            return sum(map(text.count, "([{")) > sum(map(text.count, ")]}"))
        if not _GROUP_LINE.match(text):
            return False
    return False


def imported_only(path: str, hits: Sequence[tuple[int, str]], read: Callable[[str], bytes | None]) -> bool:
    """Whether every one of a name's `hits` in `path` (line number, text) is on an import
    statement. The file is read (`read`) only when a hit is on a line of a multi-line group.
    The hits are taken one at a time up to the first that is not: a warm scan makes a hit when
    it is asked for (`scan.warm.PlainLines`), and a file that imports a name mostly uses it at
    its next hit."""
    statement = IMPORT_STATEMENT.get(language_of(path) or "")
    if statement is None or not hits:
        return False
    grouped = []
    for at in range(len(hits)):
        line, text = hits[at]
        if statement.match(text):
            continue
        if not _GROUP_LINE.match(text):
            return False
        grouped.append(line)
    if not grouped:
        return True
    data = read(path)
    if data is None:
        return False
    lines = data.split(b"\n")
    return all(0 < n <= len(lines) and _opens_group(statement, lines, n - 1) for n in grouped)


def group_line(path: str, text: str) -> bool:
    """Whether `text`, a line of `path`, may be a name of a multi-line import or export group: a
    line of names alone in a language whose modules hand names on (`in_import_group` tells)."""
    return language_of(path) in IMPORT_STATEMENT and _GROUP_LINE.match(text) is not None


def in_import_group(
    path: str, line: int, text: str, lines_of: Callable[[str], Sequence[bytes] | None]
) -> bool:
    """Whether line `line` (1-based, `text`) of `path` is a name of a multi-line import or export
    group (`  ComponentOptionsMixin,` under `import {`, `    Entry,` under `use crate::{`): a line of
    names alone whose group opens on an import statement above. Such a line can look like an
    enum's member to the definition patterns. The file's lines are asked for (`lines_of`) only
    for such a line."""
    statement = IMPORT_STATEMENT.get(language_of(path) or "")
    if statement is None or not _GROUP_LINE.match(text):
        return False
    lines = lines_of(path)
    return lines is not None and 0 < line <= len(lines) and _opens_group(statement, lines, line - 1)
