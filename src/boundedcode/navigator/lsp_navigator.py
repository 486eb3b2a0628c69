"""A language server behind the navigator interface.

Questions come as names; a server answers about positions. The pattern
navigator's scan gives the files that use the name, which are opened (the
TypeScript server builds its project from open files) and give positions:
`workspace/symbol` finds definitions, and references and implementations are
asked at each definition (or at the place the caller names). Answers outside
the walked files (the standard library, dependencies, refused paths) are
dropped, so a server sees no more than retrieval may read.
"""

from __future__ import annotations

import os
import re
import time
from typing import Any, Iterable

from ..checkout.budgets import DEFAULT_BUDGETS
from ..checkout.tree import Tree
from ..lang.definitions import definition_kind
from ..lang.languages import language_of
from .base import (
    IMPLEMENTATION,
    REFERENCE,
    Location,
    NavigatorError,
    NotSupported,
    ServerDown,
    ServerMissing,
    sorted_locations,
)
from .lsp import uri_to_path
from .patterns import PatternNavigator
from .servers import ServerSpec
from .session import POOL, LspSession, SessionPool

__all__ = ["LspNavigator", "SYMBOL_KINDS"]

#: Files opened per question: enough for the files that define a name, bounded for common names.
OPEN_FILES_MAX = 8
#: Definitions at which references or implementations are asked, per question.
POSITIONS_MAX = 4
#: Lines below a symbol's range start searched for its name (decorators, doc comments above it).
NAME_SEARCH_LINES = 20

#: LSP SymbolKind → the definition kinds of lang.definitions.
SYMBOL_KINDS = {
    1: "module",
    2: "module",
    3: "module",
    4: "module",
    5: "class",
    6: "method",
    7: "property",
    8: "field",
    9: "method",
    10: "enum",
    11: "interface",
    12: "function",
    13: "variable",
    14: "constant",
    22: "constant",
    23: "struct",
    24: "field",
    25: "function",
    26: "type",
}
#: Symbol kinds that are values, not definitions worth a place (strings, numbers, keys…).
_VALUE_KINDS = frozenset({15, 16, 17, 18, 19, 20, 21})


def _utf16_column(text: str, index: int) -> int:
    """LSP columns count UTF-16 code units."""
    return len(text[:index].encode("utf-16-le", "surrogatepass")) // 2


class LspNavigator:
    """One server's answers, for one tree, within one lookup's time each."""

    def __init__(
        self,
        spec: ServerSpec,
        binary: str | None,
        tree: Tree,
        patterns: PatternNavigator,
        *,
        pool: SessionPool = POOL,
        timeout: float = DEFAULT_BUDGETS.lsp_timeout_s,
    ):
        self.spec = spec
        self.source = spec.source
        self.timeout = timeout
        self._binary = binary
        self._tree = tree
        self._patterns = patterns
        self._pool = pool
        self._walked = set(patterns.paths)
        self._session: LspSession | None = None
        self._lines: dict[str, list[str]] = {}

    def languages(self) -> frozenset[str]:
        return self.spec.languages

    def unavailable(self) -> NavigatorError | None:
        if self._binary is None:
            return ServerMissing(f"not installed; {self.spec.install}")
        if self._tree.fs_root is None:
            return NotSupported("a language server reads the working tree; this tree is not on disk")
        if self._session is not None and (why := self._session.down()) is not None:
            return ServerDown(why)
        return None

    def session(self) -> LspSession:
        """The running session, started on first use."""
        if self._session is None:
            assert self._binary is not None and self._tree.fs_root is not None
            try:
                self._session = self._pool.get(self.spec, self._binary, self._tree.fs_root)
            except OSError as exc:
                raise ServerMissing(f"cannot run {self._binary}: {exc.strerror or exc}") from None
        return self._session

    def warm(self, name: str, timeout: float) -> None:
        """Start the server and let it load what `name`'s questions need; errors surface on the lookup."""
        if self.unavailable() is not None:
            return
        deadline = time.monotonic() + timeout
        try:
            session = self.session()
            session.wait_ready(timeout)
            candidates = self._candidates(name)
            self._open(candidates)
            if session.capabilities.get("workspaceSymbolProvider"):
                session.request("workspace/symbol", {"query": name}, self._left(deadline))
            elif candidates:
                uri = self._sync(candidates[0])
                session.request(
                    "textDocument/documentSymbol", {"textDocument": {"uri": uri}}, self._left(deadline)
                )
        except NavigatorError:
            pass

    # -- the navigator interface ----------------------------------------

    def definitions(self, name: str, *, path_hint: str | None = None) -> list[Location]:
        return self._definitions(name, path_hint, self._start())

    def references(self, name: str, *, path: str | None = None, line: int | None = None) -> list[Location]:
        return self._at_definitions(
            "textDocument/references",
            name,
            path,
            line,
            REFERENCE,
            {"context": {"includeDeclaration": False}},
            self._start(),
        )

    def implementations(self, name: str) -> list[Location]:
        deadline = self._start()
        if not self.session().capabilities.get("implementationProvider"):
            raise NotSupported(f"{self.spec.name} does not answer implementations")
        return self._at_definitions(
            "textDocument/implementation", name, None, None, IMPLEMENTATION, {}, deadline
        )

    # -- helpers --------------------------------------------------------

    def _definitions(self, name: str, path_hint: str | None, deadline: float) -> list[Location]:
        candidates = self._candidates(name)
        if path_hint in candidates and (position := self._position(path_hint, name)) is not None:
            return self._definition_at(position, name, deadline)
        if not candidates:
            return []
        self._open(candidates)
        found: list[Location] = []
        if self.session().capabilities.get("workspaceSymbolProvider"):
            found = self._workspace_symbols(name, deadline)
        if not found:
            # Some servers index only top-level names (jedi): ask from a use, which they resolve by type.
            use = self._first_use(name, candidates)
            if use is not None:
                found = self._definition_at(use, name, deadline)
        return found

    def _workspace_symbols(self, name: str, deadline: float) -> list[Location]:
        result = self.session().request("workspace/symbol", {"query": name}, self._left(deadline))
        found = []
        for symbol in result or ():
            if not isinstance(symbol, dict) or symbol.get("kind") in _VALUE_KINDS:
                continue
            # gopls and others qualify names (`Ledger.Post`); jedi's are plain.
            if re.split(r"[.:]+", str(symbol.get("name", "")))[-1] != name:
                continue
            kind = symbol.get("kind")
            found.extend(
                self._locations(
                    [symbol.get("location")],
                    name,
                    SYMBOL_KINDS.get(kind, "definition") if isinstance(kind, int) else "definition",
                )
            )
        return sorted_locations(found)

    def _first_use(self, name: str, candidates: list[str]) -> dict[str, Any] | None:
        """The position of the first use of `name` that is not a definition line."""
        occurrences = self._patterns.occurrences(name)
        for path in candidates:
            language = language_of(path)
            for hit in occurrences.get(path, ()):
                if language and definition_kind(language, hit.text, name) is None:
                    return self._position(path, name, hit.line)
        return None

    def _start(self) -> float:
        """The lookup's deadline, once the server is ready within it."""
        deadline = time.monotonic() + self.timeout
        error = self.unavailable()
        if error is not None:
            raise error
        self.session().wait_ready(self.timeout)
        return deadline

    @staticmethod
    def _left(deadline: float) -> float:
        return max(0.01, deadline - time.monotonic())

    def _candidates(self, name: str) -> list[str]:
        """Files in this server's languages that use `name`: definition files first, then path order."""
        defining = {loc.path for loc in self._patterns.definitions(name)}
        mine = [p for p in self._patterns.occurrences(name) if language_of(p) in self.spec.languages]
        return sorted(mine, key=lambda p: (p not in defining, p))

    def _read_lines(self, path: str) -> list[str]:
        if path not in self._lines:
            data = self._tree.read(path)
            self._lines[path] = data.decode("utf-8", "replace").split("\n") if data is not None else []
        return self._lines[path]

    def _sync(self, path: str) -> str:
        text = "\n".join(self._read_lines(path))
        return self.session().sync(path, self.spec.language_ids[language_of(path) or ""], text)

    def _open(self, paths: Iterable[str]) -> None:
        for path in list(paths)[:OPEN_FILES_MAX]:
            self._sync(path)

    def _position(self, path: str, name: str, line: int | None = None) -> dict[str, Any] | None:
        """The LSP position of `name` on `line` (1-based), else at its first use in `path`."""
        word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
        lines = self._read_lines(path)
        numbers = [line - 1] if line is not None else range(len(lines))
        for number in numbers:
            if 0 <= number < len(lines) and (match := word.search(lines[number])):
                uri = self._sync(path)
                return {
                    "textDocument": {"uri": uri},
                    "position": {"line": number, "character": _utf16_column(lines[number], match.start())},
                }
        return None

    def _definition_at(self, position: dict[str, Any], name: str, deadline: float) -> list[Location]:
        result = self.session().request("textDocument/definition", position, self._left(deadline))
        return sorted_locations(self._locations(self._as_list(result), name, None))

    def _at_definitions(
        self,
        method: str,
        name: str,
        path: str | None,
        line: int | None,
        kind: str,
        extra: dict[str, Any],
        deadline: float,
    ) -> list[Location]:
        asked: list[tuple[str, int]] = []
        if path is not None and line is not None and language_of(path) in self.spec.languages:
            asked.append((path, line))
        else:
            defined = self._definitions(name, None, deadline) or [
                loc
                for loc in self._patterns.definitions(name)
                if language_of(loc.path) in self.spec.languages
            ]
            asked.extend((loc.path, loc.line) for loc in defined[:POSITIONS_MAX])
        found: list[Location] = []
        for file, number in asked:
            position = self._position(file, name, number)
            if position is None:
                continue
            result = self.session().request(method, {**position, **extra}, self._left(deadline))
            for loc in self._locations(self._as_list(result), name, kind):
                # Some servers include the declaration whatever the request says: a use is not a
                # definition, and an implementation is not the member asked about.
                if kind == REFERENCE and not self._defines(loc.path, loc.line, name):
                    found.append(loc)
                elif kind != REFERENCE and (loc.path, loc.line) != (file, number):
                    found.append(loc)
        return sorted_locations(found)

    def _defines(self, path: str, line: int, name: str) -> bool:
        language = language_of(path)
        lines = self._read_lines(path)
        return bool(language and 0 < line <= len(lines) and definition_kind(language, lines[line - 1], name))

    @staticmethod
    def _as_list(result: Any) -> list[Any]:
        if result is None:
            return []
        return result if isinstance(result, list) else [result]

    def _locations(self, items: Iterable[Any], name: str, kind: str | None) -> list[Location]:
        """Location or LocationLink items as walked repository paths; `kind` None reads it from the line."""
        root = self._tree.fs_root or ""
        out = []
        for item in items:
            if not isinstance(item, dict):
                continue
            uri = item.get("targetUri") or item.get("uri")
            span = item.get("targetSelectionRange") or item.get("targetRange") or item.get("range")
            local = uri_to_path(uri) if isinstance(uri, str) else None
            if local is None or not isinstance(span, dict):
                continue
            path = os.path.relpath(os.path.realpath(local), root).replace(os.sep, "/")
            language = language_of(path)
            if language is None or language not in self.spec.languages or path not in self._walked:
                continue
            start = span.get("start")
            start_line = start.get("line") if isinstance(start, dict) else None
            if not isinstance(start_line, int):
                continue
            # An implementation has a name of its own; anything else is found by `name`.
            number = start_line + 1 if kind == IMPLEMENTATION else self._name_line(path, name, start_line)
            line_kind = kind
            if line_kind is None:
                lines = self._read_lines(path)
                text = lines[number - 1] if 0 < number <= len(lines) else ""
                line_kind = definition_kind(language, text, name) or "definition"
            out.append(Location(path, number, name, line_kind, self.source))
        return out

    def _name_line(self, path: str, name: str, start: int) -> int:
        """1-based line holding `name` at or below `start` (0-based): some servers give a whole declaration's range."""
        lines = self._read_lines(path)
        word = re.compile(rf"(?<![\w$]){re.escape(name)}(?![\w$])")
        for number in range(start, min(len(lines), start + NAME_SEARCH_LINES)):
            if word.search(lines[number]):
                return number + 1
        return start + 1
