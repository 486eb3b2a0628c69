"""Regular expressions compiled on first use instead of at import.

The language tables (stack-frame formats, diagnostics, test ids, frameworks, routes) hold a few
hundred expressions, and compiling them all at import cost every `bcode` process about 80 ms
of its start; a retrieval uses about a third of them (a frame format is tried only on lines
holding its hint). A `LazyPattern` compiles when it is first matched, then binds the compiled
pattern's methods on itself, so every later call costs what a compiled pattern's does.
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable, Iterator
from typing import Any

__all__ = ["LazyPattern"]

_BOUND = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer")


class LazyPattern:
    """`re.compile(pattern, flags)`, deferred: the same methods, the same results."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (what a match's `.re` is)."""
        if self._compiled is None:
            compiled = re.compile(self.pattern, self._flags)
            # Instance attributes shadow the methods below: later calls go straight to `re`.
            self.__dict__.update({name: getattr(compiled, name) for name in _BOUND})
            self._compiled = compiled
        return self._compiled

    @property
    def flags(self) -> int:
        return self.compiled.flags

    @property
    def groupindex(self) -> Any:
        return self.compiled.groupindex

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.compiled.subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled.findall(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, pos, endpos)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r})"
