"""Definitions and references without a language server: the shared scan plus definition patterns.

A name is searched as a whole word with the one content scan (ripgrep on a
working tree, in process elsewhere); a line that `lang.definitions`' patterns
read as defining it is a definition, every other line a textual reference.
This answers for every language, approximately (spec, "Limits"): overloads,
macros and generated code can be missed or misread, and a reference is any
use of the word, whichever symbol it names.
"""

from __future__ import annotations

import functools
import time
from typing import Callable, Collection, Iterable, Sequence

from ..checkout.budgets import DEFAULT_BUDGETS, Budgets
from ..checkout.tree import Tree
from ..lang.definitions import could_define, definition_kind
from ..lang.definitions.lines import inside_parentheses
from ..lang.import_lines import group_line, in_import_group
from ..lang.languages import language_of
from ..scan import Hit, Needle, Scanner, scan
from .base import PATTERNS, REFERENCE, Location, NotSupported, sorted_locations

__all__ = ["PatternNavigator", "defines_nothing_there", "doubtful_definition"]

#: Kinds a parameter or an argument alone on its line reads as to the patterns (`    entry:
#: &Entry,` a field, `  Debit,` an enum's member), in the languages whose formatters write them so
#: and whose patterns read them so (Python's and Go's parameters end in a comma no field has):
#: such a line is looked at in its file.
_VALUE_KINDS = frozenset({"field", "property", "constant", "variable"})
_PARAMETERS_AS_VALUES = frozenset({"rust", "typescript", "tsx", "javascript"})
#: Doubtful definition lines of one name whose files are read to tell (some 60 µs each cold).
DOUBTFUL_LINES_READ = 32


def defines_nothing_there(
    path: str, line: int, text: str, lines_of: Callable[[str], Sequence[bytes] | None]
) -> bool:
    """Whether a doubtful definition line (`doubtful_definition`; 1-based `line`, `text`) defines
    nothing where it stands in its file (its lines: `lines_of`)."""
    if in_import_group(path, line, text, lines_of):
        return True
    lines = lines_of(path)
    return lines is not None and inside_parentheses(lines, line - 1)


def doubtful_definition(path: str, language: str, text: str, name: str, kind: str) -> bool:
    """Whether a line the patterns, reading it alone, take for a definition of `name` may be none
    where it stands: a name of a multi-line import (`  Mixin,` under `import {`), or a parameter or
    an argument written one a line (`    entry: &Entry,` under `fn post(`, `  Debit,` under
    `apply(`). Its file tells (`defines_nothing_there`)."""
    return group_line(path, text) or (
        kind in _VALUE_KINDS
        and language in _PARAMETERS_AS_VALUES
        and text[:1] in " \t"
        and text.lstrip().startswith(name)
    )


class PatternNavigator:
    """Answers from the text of `paths` (the walked files of `tree`); one scan per name, kept.

    `occurrences`, when given, answers instead of scanning: a retrieval passes what its
    scans found (`scan.Rescan.occurrences`), so no name is scanned twice and a name no
    scan of it searched has no occurrences (the string budget binds).
    """

    source = PATTERNS

    def __init__(
        self,
        tree: Tree,
        paths: Sequence[str],
        *,
        budgets: Budgets = DEFAULT_BUDGETS,
        scanner: Scanner | None = None,
        clock: Callable[[], float] = time.monotonic,
        occurrences: Callable[[str], dict[str, Sequence[Hit]]] | None = None,
    ):
        self.tree = tree
        self.paths = list(paths)
        self.budgets = budgets
        self._scanner = scanner
        # A warm scanner's definable lines of a file it holds (asked once per file a name is in).
        self._definable_lines: Callable[[str], bytes | None] | None = getattr(
            scanner, "definable_lines", None
        )
        # And which of a name's files may define it at all (a warm scanner's: those whose lines
        # define it).
        self._may_define: Callable[[str], Callable[[Collection[str]], list[str]] | None] | None = getattr(
            scanner, "may_define", None
        )
        self._clock = clock
        self._given = occurrences
        self._occurrences: dict[str, dict[str, Sequence[Hit]]] = {}
        # Each name's definitions, with the occurrences they were read from: strategies ask for
        # the same names (a name's definitions, then its qualifier's, in several strategies), and
        # a name a later scan searched has new occurrences, so its answer is read again.
        self._definitions: dict[str, tuple[dict[str, Sequence[Hit]], list[Location]]] = {}
        self._split: dict[str, list[bytes] | None] = {}  # `_lines`

    def _lines(self, path: str) -> list[bytes] | None:
        """`path`'s lines, split once a retrieval (a struct's file holds fields of several names)."""
        if path not in self._split:
            data = self.tree.read(path, self.budgets.file_bytes)
            self._split[path] = None if data is None else data.split(b"\n")
        return self._split[path]

    @functools.cached_property
    def _languages(self) -> frozenset[str]:
        # Only a composite with language servers asks; a retrieval's navigator never does.
        return frozenset(lang for p in self.paths if (lang := language_of(p)) is not None)

    def languages(self) -> frozenset[str]:
        return self._languages

    def occurrences(self, name: str) -> dict[str, Sequence[Hit]]:
        """The lines using `name` as a whole word, per file in path order (what every answer starts from)."""
        if self._given is not None:
            return self._given(name)
        if name not in self._occurrences:
            deadline = self._clock() + self.budgets.time_s
            result = scan(
                self.tree, self.paths, [Needle(name, word=True)], self.budgets, deadline, self._scanner
            )
            self._occurrences[name] = result.files_with(Needle(name, word=True))
        return self._occurrences[name]

    def definitions(self, name: str, *, path_hint: str | None = None) -> list[Location]:
        # Patterns cannot follow imports, so `path_hint` adds nothing here.
        occurrences = self.occurrences(name)
        kept = self._definitions.get(name)
        if kept is not None and kept[0] is occurrences:
            return list(kept[1])
        found = []
        doubtful: list[tuple[Location, Hit]] = []  # `doubtful_definition`
        may_define = self._may_define(name) if self._may_define is not None else None
        # (The locations are sorted below: the order the files are read in does not matter.)
        for path in occurrences if may_define is None else may_define(occurrences):
            language = language_of(path)
            if language is None:
                continue
            for hit in self.definable(path, language, occurrences[path]):
                kind = definition_kind(language, hit.text, name)
                if kind is not None:
                    location = Location(path, hit.line, name, kind, PATTERNS)
                    if doubtful_definition(path, language, hit.text, name, kind):
                        doubtful.append((location, hit))
                    else:
                        found.append(location)
        # Each doubtful line's file is read while they are few: past that, a name so common counts
        # little in each file, with or without them.
        if len(doubtful) <= DOUBTFUL_LINES_READ:
            doubtful = [
                (loc, h)
                for loc, h in doubtful
                if not defines_nothing_there(loc.path, h.line, h.text, self._lines)
            ]
        found = sorted_locations(found + [loc for loc, _ in doubtful])
        self._definitions[name] = (occurrences, found)
        return list(found)

    def definable(self, path: str, language: str, hits: Sequence[Hit]) -> Iterable[Hit]:
        """Those of `path`'s `hits` whose lines could define anything, to be asked of the rules one
        by one: most lines are left out (a name used in most files: tens of thousands). A warm
        scanner knows the lines of a file it holds that could (`definable_lines`), and the lines of
        hits it makes when they are read (`PlainLines`): only the few kept are made. Elsewhere the
        rules' one alternation reads each hit's text (`could_define`). Given as they are asked for:
        a caller may stop at the first definition."""
        bits = self._definable_lines(path) if self._definable_lines is not None else None
        if bits is None:
            could = could_define(language)
            return hits if could is None else (hit for hit in hits if could(hit.text))
        numbers = getattr(hits, "numbers", None)
        if numbers is not None:
            return (hits[at] for at, no in enumerate(numbers) if bits[no >> 3] >> (no & 7) & 1)
        return (hit for hit in hits if bits[hit.line >> 3] >> (hit.line & 7) & 1)

    def references(self, name: str, *, path: str | None = None, line: int | None = None) -> list[Location]:
        # Textual: every use of the word that is not a definition line, whichever symbol it names.
        found = []
        for file, hits in self.occurrences(name).items():
            language = language_of(file)
            for hit in hits:
                if language is None or definition_kind(language, hit.text, name) is None:
                    found.append(Location(file, hit.line, name, REFERENCE, PATTERNS))
        return sorted_locations(found)

    def implementations(self, name: str) -> list[Location]:
        raise NotSupported(
            "definition patterns cannot tell what implements an interface; a language server can"
        )
