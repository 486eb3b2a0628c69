"""The navigator interface: definitions, references and implementations of a name.

Every provider (definition patterns, a language server, the Composite routing
between them) answers the same three questions with `Location`s, and says
which languages it serves. Errors a provider raises on purpose derive from
`NavigatorError`; the Composite turns each into a note and a fallback.
"""

from __future__ import annotations

import functools
from typing import Iterable, Protocol, runtime_checkable

from .._record import Frozen
from ..errors import BoundedCodeError

__all__ = [
    "Location",
    "Navigator",
    "Probed",
    "NavigatorError",
    "NotSupported",
    "ServerMissing",
    "ServerDown",
    "LookupTimeout",
    "ProtocolError",
    "ServerFailed",
    "sorted_locations",
    "PATTERNS",
    "REFERENCE",
    "IMPLEMENTATION",
]

#: `Location.source` of answers from the definition patterns; servers are `lsp:<name>`.
PATTERNS = "patterns"
#: `Location.kind` of a use, and of a place that implements an interface or abstract member.
REFERENCE = "reference"
IMPLEMENTATION = "implementation"


@functools.total_ordering
class Location(Frozen):
    path: str  # repository-relative, `/`-separated
    line: int  # 1-based
    symbol: str
    kind: str  # a definition kind (lang.definitions.KINDS), "definition", REFERENCE or IMPLEMENTATION
    source: str  # who answered: PATTERNS, "lsp:pylsp", …

    def __lt__(self, other: object) -> bool:
        """Ordered by their fields in turn, path first (`sorted` of locations)."""
        if not isinstance(other, Location):
            return NotImplemented
        return self._values(self) < other._values(other)

    def to_json(self) -> dict[str, object]:
        return {
            "path": self.path,
            "line": self.line,
            "symbol": self.symbol,
            "kind": self.kind,
            "source": self.source,
        }


def sorted_locations(locations: Iterable[Location]) -> list[Location]:
    """Unique locations in (path, line) order; one per place, the first source's kept."""
    unique: dict[tuple[str, int, str], Location] = {}
    for loc in locations:
        unique.setdefault((loc.path, loc.line, loc.symbol), loc)
    return [unique[k] for k in sorted(unique)]


class Navigator(Protocol):
    #: Who answers, as `Location.source` and the notes name it: PATTERNS, "lsp:<server>".
    source: str

    def languages(self) -> frozenset[str]:
        """The language ids (lang.languages) this navigator answers for."""

    def definitions(self, name: str, *, path_hint: str | None = None) -> list[Location]:
        """Where `name` is defined; `path_hint` is a file that uses it (resolves imports)."""

    def references(self, name: str, *, path: str | None = None, line: int | None = None) -> list[Location]:
        """Where `name` is used; `path` and `line` pick one symbol of that name."""

    def implementations(self, name: str) -> list[Location]:
        """What implements the interface or abstract member `name`."""


@runtime_checkable
class Probed(Protocol):
    """A navigator that can tell, without spending a lookup, that it cannot answer now."""

    def unavailable(self) -> NavigatorError | None:
        """None when it can answer; else the error saying why not (ServerMissing, ServerDown, …)."""


class NavigatorError(BoundedCodeError):
    """A navigator could not answer; the Composite falls back and says why."""

    reason = "failed"


class NotSupported(NavigatorError):
    """This navigator does not answer this kind of question (patterns know no implementations)."""

    reason = "unsupported"


class ServerMissing(NavigatorError):
    """The language server is enabled but not installed."""

    reason = "missing"


class ServerDown(NavigatorError):
    """The language server's process exited or closed its pipes."""

    reason = "down"


class LookupTimeout(NavigatorError):
    """No answer within the lookup's time budget."""

    reason = "timeout"


class ProtocolError(NavigatorError):
    """The server broke the protocol (bad framing, bad JSON); it cannot be trusted further."""

    reason = "down"


class ServerFailed(NavigatorError):
    """The server answered a request with an error."""

    reason = "failed"
