"""Sessions: provenance, staleness, evidence already collected, compaction and recall.

`Session` is the Python API; the session file's records and format are in
`records`, its crash-safe storage in `store`, the staleness check in `staleness`.
"""

from .records import (
    CHANGE_KINDS,
    COMMAND_KIND,
    FORMAT_VERSION,
    MIGRATIONS,
    SHOW_KINDS,
    Capture,
    Compaction,
    FileStamp,
    Message,
    Migration,
    Record,
    Retrieval,
    RetrievedItem,
    SessionError,
    ToolResult,
)
from .session import INDEX_MIN_BYTES, Recall, Session, Staleness, Turn
from .store import TORN_SUFFIX

__all__ = [
    "Session",
    "Turn",
    "Recall",
    "Staleness",
    "SessionError",
    "Record",
    "Message",
    "ToolResult",
    "Compaction",
    "Capture",
    "FileStamp",
    "Retrieval",
    "RetrievedItem",
    "Migration",
    "MIGRATIONS",
    "FORMAT_VERSION",
    "SHOW_KINDS",
    "CHANGE_KINDS",
    "COMMAND_KIND",
    "INDEX_MIN_BYTES",
    "TORN_SUFFIX",
]
