"""What every resolver answers: the file a name resolves to, and the re-exports it went through."""

from __future__ import annotations

from typing import Callable, NamedTuple

from ..._record import Record, field

__all__ = ["Hop", "Resolved", "Files", "MAX_HOPS", "MAX_FILE_BYTES", "MAX_BYTES"]

#: Re-exports, module declarations and glob imports followed for one name, at most: a chain
#: longer than this is a cycle or a generated facade, not a definition anyone would look for.
MAX_HOPS = 8


class Hop(NamedTuple):
    """One step of a resolution: the line of `path` that re-exports or declares the next."""

    path: str
    line: int


class Resolved(NamedTuple):
    """Where a name resolves: the defining file and line (None for a whole module), and how."""

    path: str
    line: int | None
    kind: str  # the definition's kind (struct, function, class…), or "module"
    via: tuple[Hop, ...] = ()  # the re-exports followed, outermost first


#: A resolver's access to the repository: the bytes of a checkout file (None when it is not
#: one, is refused or is over a budget) and whether a path is a walked file.
Source = Callable[[str], bytes | None]
Exists = Callable[[str], bool]


#: A file the resolvers parse is at most this large: a larger one is an amalgamated header or a
#: bundle (tree-sitter parses about 4 MB/s here, so 64 KiB costs some 16 ms).
MAX_FILE_BYTES = 256 * 1024
#: Bytes the resolvers parse per retrieval, at most (some 250 ms of parsing on a loaded machine).
MAX_BYTES = 1024 * 1024


class Files(Record):
    """The few files one retrieval's resolvers read, each once: at most `limit` of them, none over
    `max_file_bytes`, `max_bytes` in all (a file past a bound reads as None)."""

    source: Source
    exists: Exists
    limit: int
    max_file_bytes: int = MAX_FILE_BYTES
    max_bytes: int = MAX_BYTES
    read: dict[str, bool] = field(default_factory=dict)  # path → whether it was within the bounds
    total: int = 0  # bytes read within the bounds

    def __call__(self, path: str) -> bytes | None:
        if not self.exists(path):
            return None
        if path not in self.read:
            if len(self.read) >= self.limit:
                return None
            data = self.source(path)
            size = len(data) if data is not None else 0
            within = size <= self.max_file_bytes and self.total + size <= self.max_bytes
            self.read[path] = within
            self.total += size if within else 0
        return self.source(path) if self.read[path] else None
