"""Session records: what the session file holds, one JSON object a line.

Every record carries the format version `v` it was written in, its `kind` and
its `seq` (its position in the file, so a compaction can name what it
replaced). Loading runs each record through the named, ordered `MIGRATIONS`
up to `FORMAT_VERSION`; the file itself is never rewritten (append-only).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Sequence

from ..errors import UsageError

__all__ = [
    "FORMAT_VERSION",
    "Migration",
    "MIGRATIONS",
    "migrate",
    "SessionError",
    "SHOW_KINDS",
    "CHANGE_KINDS",
    "COMMAND_KIND",
    "FileStamp",
    "RetrievedItem",
    "Retrieval",
    "Message",
    "ToolResult",
    "Compaction",
    "Capture",
    "Record",
    "to_json",
    "from_json",
]

FORMAT_VERSION = 1

#: Tool results that show a file's content (spec, "Provenance and staleness").
SHOW_KINDS = frozenset({"read", "read_many", "notebook_read"})
#: Tool results that change a file.
CHANGE_KINDS = frozenset({"edit", "multi_edit", "write", "notebook_edit"})
#: A command run by the agent; its output is retrieval evidence for the next message.
COMMAND_KIND = "command"

KIND_MESSAGE, KIND_TOOL, KIND_COMPACTION, KIND_CAPTURE = ("message", "tool", "compaction", "source.context")


class SessionError(UsageError):
    """A session file that cannot be used: corrupt, written by a newer version, or in use."""


@dataclass(frozen=True)
class Migration:
    """One step of the file format: turns a record of version `version - 1` into `version`."""

    name: str
    version: int
    apply: Callable[[dict[str, Any]], dict[str, Any]]


#: Applied in this order on load. Format 1 is the first, so none exists yet; a
#: change of format appends a step here and never edits an earlier one.
MIGRATIONS: tuple[Migration, ...] = ()


def migrate(
    record: dict[str, Any], migrations: Sequence[Migration] = MIGRATIONS, where: str = "record"
) -> tuple[dict[str, Any], list[str]]:
    """`record` brought to `FORMAT_VERSION`, and the names of the steps applied."""
    version = record.get("v")
    if not isinstance(version, int) or isinstance(version, bool):
        raise SessionError(f"{where}: no format version")
    if version > FORMAT_VERSION:
        raise SessionError(
            f"{where}: format version {version} is newer than this "
            f"bcode's ({FORMAT_VERSION}); upgrade bcode to load it"
        )
    applied: list[str] = []
    for step in migrations:
        if version < step.version:
            if step.version != version + 1:
                raise SessionError(f"{where}: no migration from format version {version}")
            record = {**step.apply(record), "v": step.version}
            version = step.version
            applied.append(step.name)
    if version != FORMAT_VERSION:
        raise SessionError(f"{where}: no migration from format version {version}")
    return record, applied


@dataclass(frozen=True)
class FileStamp:
    """A file as a tool result or a note saw it: its blob id then (None: missing or unreadable).

    `lines` is the range a read showed when it showed only part of the file (None: all of it);
    written only when set, so older session files load unchanged."""

    path: str
    blob_id: str | None
    lines: tuple[int, int] | None = None


@dataclass(frozen=True)
class RetrievedItem:
    path: str
    line: int | None
    blob_id: str | None
    strategies: tuple[str, ...]


@dataclass(frozen=True)
class Retrieval:
    """Provenance of one message's block: the commit, every item's blob as read, when."""

    commit: str | None
    time: str
    items: tuple[RetrievedItem, ...]
    already_read: tuple[str, ...] = ()


@dataclass(frozen=True)
class Message:
    seq: int
    time: str
    id: str
    text: str
    branch: str | None
    commit: str | None
    retrieval: Retrieval | None = None
    #: Files whose change the notes before this message reported (each change once).
    reported: tuple[FileStamp, ...] = ()
    notes: tuple[str, ...] = ()


@dataclass(frozen=True)
class ToolResult:
    seq: int
    time: str
    call_id: str
    kind: str
    files: tuple[FileStamp, ...] = ()
    content: str = ""
    output: str = ""
    command: str | None = None

    @property
    def size(self) -> int:
        """Bytes the result put into the conversation."""
        return len(self.content.encode("utf-8")) + len(self.output.encode("utf-8"))

    @property
    def paths(self) -> tuple[str, ...]:
        return tuple(f.path for f in self.files)


@dataclass(frozen=True)
class Compaction:
    seq: int
    time: str
    id: str
    summary: str
    replaced: tuple[int, ...]  # seq of every record the summary replaced


@dataclass(frozen=True)
class Capture:
    """A `source.context` result, kept as the query returned it."""

    seq: int
    time: str
    payload: dict[str, Any] = field(default_factory=dict)


Record = Message | ToolResult | Compaction | Capture


def _stamps(items: Sequence[FileStamp]) -> list[dict[str, Any]]:
    return [
        {"path": f.path, "blob_id": f.blob_id, **({"lines": list(f.lines)} if f.lines else {})} for f in items
    ]


def to_json(record: Record) -> dict[str, Any]:
    head = {"v": FORMAT_VERSION, "seq": record.seq, "time": record.time}
    if isinstance(record, Message):
        r = record.retrieval
        return {
            **head,
            "kind": KIND_MESSAGE,
            "id": record.id,
            "text": record.text,
            "branch": record.branch,
            "commit": record.commit,
            "retrieval": None
            if r is None
            else {
                "commit": r.commit,
                "time": r.time,
                "already_read": list(r.already_read),
                "items": [
                    {"path": i.path, "line": i.line, "blob_id": i.blob_id, "strategies": list(i.strategies)}
                    for i in r.items
                ],
            },
            "reported": _stamps(record.reported),
            "notes": list(record.notes),
        }
    if isinstance(record, ToolResult):
        return {
            **head,
            "kind": KIND_TOOL,
            "call_id": record.call_id,
            "tool": record.kind,
            "files": _stamps(record.files),
            "content": record.content,
            "output": record.output,
            "command": record.command,
        }
    if isinstance(record, Compaction):
        return {
            **head,
            "kind": KIND_COMPACTION,
            "id": record.id,
            "summary": record.summary,
            "replaced": list(record.replaced),
        }
    return {**head, "kind": KIND_CAPTURE, "payload": record.payload}


class _Shape(Exception):
    """A field of the wrong type or missing: turned into one SessionError by `from_json`."""


def _get(d: dict[str, Any], key: str, kind: type | tuple[type, ...], optional: bool = False) -> Any:
    if key not in d:
        raise _Shape(f"no {key!r}")
    value = d[key]
    if value is None and optional:
        return None
    if not isinstance(value, kind) or (isinstance(value, bool) and kind is int):
        raise _Shape(f"{key!r} must be {getattr(kind, '__name__', kind)}, got {type(value).__name__}")
    return value


def _strings(d: dict[str, Any], key: str, default: Sequence[str] | None = None) -> tuple[str, ...]:
    if key not in d and default is not None:
        return tuple(default)
    values = _get(d, key, list)
    if not all(isinstance(v, str) for v in values):
        raise _Shape(f"{key!r} must be a list of strings")
    return tuple(values)


def _file_stamps(d: dict[str, Any], key: str) -> tuple[FileStamp, ...]:
    stamps = []
    for f in _get(d, key, list):
        if not isinstance(f, dict):
            raise _Shape(f"{key!r} must be a list of objects")
        lines = f.get("lines")
        if lines is not None and not (
            isinstance(lines, list) and len(lines) == 2 and all(type(n) is int for n in lines)
        ):
            raise _Shape(f"{key!r}: 'lines' must be two line numbers")
        span = (lines[0], lines[1]) if lines else None
        stamps.append(FileStamp(_get(f, "path", str), _get(f, "blob_id", str, optional=True), span))
    return tuple(stamps)


def _retrieval(r: Any) -> Retrieval | None:
    if r is None:
        return None
    if not isinstance(r, dict):
        raise _Shape("'retrieval' must be an object")
    items = []
    for i in _get(r, "items", list):
        if not isinstance(i, dict):
            raise _Shape("'items' must be a list of objects")
        items.append(
            RetrievedItem(
                _get(i, "path", str),
                _get(i, "line", int, optional=True),
                _get(i, "blob_id", str, optional=True),
                _strings(i, "strategies"),
            )
        )
    return Retrieval(
        commit=_get(r, "commit", str, optional=True),
        time=_get(r, "time", str),
        already_read=_strings(r, "already_read", default=()),
        items=tuple(items),
    )


def from_json(d: dict[str, Any], where: str = "record") -> Record:
    """The record a (migrated) JSON object holds; SessionError when it is not one.

    Every field is checked for its type here, so a valid-JSON record of the wrong
    shape fails on load with one clear error instead of a TypeError later."""
    kind = d.get("kind")
    try:
        seq, time = _get(d, "seq", int), _get(d, "time", str)
        if kind == KIND_MESSAGE:
            return Message(
                seq,
                time,
                _get(d, "id", str),
                _get(d, "text", str),
                _get(d, "branch", str, optional=True),
                _get(d, "commit", str, optional=True),
                _retrieval(d.get("retrieval")),
                _file_stamps(d, "reported"),
                _strings(d, "notes"),
            )
        if kind == KIND_TOOL:
            return ToolResult(
                seq,
                time,
                _get(d, "call_id", str),
                _get(d, "tool", str),
                _file_stamps(d, "files"),
                _get(d, "content", str),
                _get(d, "output", str),
                _get(d, "command", str, optional=True),
            )
        if kind == KIND_COMPACTION:
            replaced = _get(d, "replaced", list)
            if not all(isinstance(s, int) and not isinstance(s, bool) for s in replaced):
                raise _Shape("'replaced' must be a list of record numbers")
            return Compaction(seq, time, _get(d, "id", str), _get(d, "summary", str), tuple(replaced))
        if kind == KIND_CAPTURE:
            return Capture(seq, time, dict(_get(d, "payload", dict)))
    except _Shape as exc:
        raise SessionError(
            f"{where}: malformed {kind if isinstance(kind, str) else 'record'} record ({exc})"
        ) from None
    raise SessionError(f"{where}: unknown record kind {kind!r}")
