"""What every resolver answers: the file a name resolves to, and the re-exports it went through."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

__all__ = ["Hop", "Resolved", "Files", "MAX_HOPS"]

#: Re-exports, module declarations and glob imports followed for one name, at most: a chain
#: longer than this is a cycle or a generated facade, not a definition anyone would look for.
MAX_HOPS = 8


@dataclass(frozen=True)
class Hop:
    """One step of a resolution: the line of `path` that re-exports or declares the next."""

    path: str
    line: int


@dataclass(frozen=True)
class Resolved:
    """Where a name resolves: the defining file and line (None for a whole module), and how."""

    path: str
    line: int | None
    kind: str  # the definition's kind (struct, function, class…), or "module"
    via: tuple[Hop, ...] = ()  # the re-exports followed, outermost first


#: A resolver's access to the repository: the bytes of a checkout file (None when it is not
#: one, is refused or is over a budget) and whether a path is a walked file.
Source = Callable[[str], bytes | None]
Exists = Callable[[str], bool]


@dataclass
class Files:
    """The few files one retrieval's resolvers read, each once, at most `limit` of them."""

    source: Source
    exists: Exists
    limit: int
    seen: set[str] = field(default_factory=set)

    def __call__(self, path: str) -> bytes | None:
        if not self.exists(path):
            return None
        if path not in self.seen:
            if len(self.seen) >= self.limit:
                return None
            self.seen.add(path)
        return self.source(path)
