"""Contract documents: where an OpenAPI, Swagger or AsyncAPI document defines its paths.

The document is read with PyYAML's safe parser (libyaml's where the wheel has
it; JSON is read as YAML) as a stream of events: every key keeps its line,
nothing is constructed (no tag runs, an alias is never expanded), and nothing
recurses, so a document nested deeper than MAX_NESTING is given up as soon as
the parser reaches that depth (libyaml's composer crashes on deep nesting, and
its scanner slows quadratically with it). Documents larger than MAX_SPEC_BYTES,
documents that are not YAML, and files without an `openapi`, `swagger` or
`asyncapi` key at the top are no contract documents: they give None.
"""

from __future__ import annotations

from typing import Iterable

import yaml

from .._record import Frozen

__all__ = [
    "MAX_SPEC_BYTES",
    "MAX_NESTING",
    "SPEC_KINDS",
    "SpecOperation",
    "SpecPath",
    "SpecDocument",
    "read_spec",
]

#: Larger documents are not parsed (a generated spec of every endpoint says little per path).
MAX_SPEC_BYTES = 4 * 1024 * 1024
#: The top-level key that makes a document a contract, and the name the reasons give it.
SPEC_KINDS = {"openapi": "OpenAPI", "swagger": "Swagger", "asyncapi": "AsyncAPI"}
#: The mappings of paths (OpenAPI, Swagger) and channels (AsyncAPI).
_PATH_MAPPINGS = ("paths", "channels")
#: Operation keys of a path item (HTTP methods) and of an AsyncAPI 2 channel.
OPERATIONS = frozenset(
    {"get", "put", "post", "delete", "options", "head", "patch", "trace", "publish", "subscribe"}
)

#: Mappings and sequences nested deeper than this are no contract (OpenAPI's nest a dozen deep).
MAX_NESTING = 64

_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class SpecOperation(Frozen):
    method: str  # the key as written: get, post, publish, …
    line: int  # 1-based line of the key
    operation_id: str | None


class SpecPath(Frozen):
    text: str  # the path or channel as written: /orders/{id}
    line: int  # 1-based line of its key (of `address:` for an AsyncAPI 3 channel)
    operations: tuple[SpecOperation, ...]


class SpecDocument(Frozen):
    kind: str  # OpenAPI, Swagger or AsyncAPI
    paths: tuple[SpecPath, ...]

    def at(self, line: int) -> list[SpecPath]:
        """The paths whose key (or address) is on `line`."""
        return [p for p in self.paths if p.line == line]


class _Frame:
    """One open mapping or sequence: where it sits, and (a mapping) the key its next value has."""

    __slots__ = ("path", "mapping", "key")

    def __init__(self, path: tuple[str, ...] | None, mapping: bool):
        self.path = path  # keys from the top; None below a non-scalar key or a sequence
        self.mapping = mapping
        self.key: tuple[str, int] | None = None  # the pending key and its line, in a mapping


class _Index:
    """What the events say about the paths, in document order."""

    def __init__(self) -> None:
        self.kind: str | None = None
        self.paths: dict[tuple[str, str], tuple[str, int]] = {}  # (mapping, key) → (text, line)
        self.addresses: dict[tuple[str, str], tuple[str, int]] = {}
        self.operations: dict[tuple[str, str], list[list]] = {}  # → [[method, line, operationId]]

    def value(self, path: tuple[str, ...], line: int, scalar: str | None) -> None:
        """A value at `path` (its key on `line`); `scalar` its text when it is a scalar."""
        if len(path) == 1 and path[0] in SPEC_KINDS and self.kind is None:
            self.kind = SPEC_KINDS[path[0]]
        if len(path) < 2 or path[0] not in _PATH_MAPPINGS:
            return
        item = (path[0], path[1])
        if len(path) == 2:
            self.paths.setdefault(item, (path[1], line))
        elif len(path) == 3 and path[2] in OPERATIONS:
            self.operations.setdefault(item, []).append([path[2], line, None])
        elif len(path) == 3 and path[2] == "address" and path[0] == "channels" and scalar:
            self.addresses[item] = (scalar, line)
        elif len(path) == 4 and path[2] in OPERATIONS and path[3] == "operationId" and scalar:
            ops = self.operations.get(item)
            if ops and ops[-1][0] == path[2] and ops[-1][2] is None:
                ops[-1][2] = scalar

    def document(self) -> SpecDocument | None:
        if self.kind is None:
            return None
        out = []
        for item, (text, line) in self.paths.items():
            ops = tuple(SpecOperation(m, n, op_id) for m, n, op_id in self.operations.get(item, ()))
            out.append(SpecPath(text, line, ops))
            if self.kind == "AsyncAPI" and item in self.addresses:  # AsyncAPI 3 names a channel's path here
                out.append(SpecPath(*self.addresses[item], ()))
        return SpecDocument(self.kind, tuple(out))


def _line(event: yaml.Event) -> int:
    """The 1-based line an event starts on (-1 where the parser gave no mark)."""
    return event.start_mark.line + 1 if event.start_mark is not None else -1


def _read(events: Iterable[yaml.Event]) -> SpecDocument | None:
    index = _Index()
    stack: list[_Frame] = []
    for event in events:
        if isinstance(event, (yaml.MappingEndEvent, yaml.SequenceEndEvent)):
            stack.pop()
            if not stack:
                break  # the first document's top node is complete
            continue
        if not isinstance(event, yaml.NodeEvent):
            continue
        parent = stack[-1] if stack else None
        path: tuple[str, ...] | None = ()
        if parent is not None:
            if parent.mapping and parent.key is None:  # this node is a key
                text = event.value if isinstance(event, yaml.ScalarEvent) else None
                parent.key = (text, _line(event)) if text is not None else ("", -1)
                if isinstance(event, yaml.CollectionStartEvent):
                    stack.append(_Frame(None, isinstance(event, yaml.MappingStartEvent)))
                    if len(stack) > MAX_NESTING:
                        return None
                continue
            key, line = parent.key if parent.mapping and parent.key else ("", -1)
            if parent.mapping:
                parent.key = None
            path = parent.path + (key,) if parent.path is not None and line > 0 else None
            if path is not None:
                index.value(path, line, event.value if isinstance(event, yaml.ScalarEvent) else None)
        if isinstance(event, yaml.CollectionStartEvent):
            mapping = isinstance(event, yaml.MappingStartEvent)
            stack.append(_Frame(path if mapping else None, mapping))
            if len(stack) > MAX_NESTING:
                return None
        elif parent is None:
            break  # a document that is one scalar
    return index.document()


def read_spec(data: bytes) -> SpecDocument | None:
    """The contract document in `data`, or None when it is none (or too large, or not YAML)."""
    # A substring test first: most YAML and JSON files (CI, manifests, fixtures) are no contract.
    if len(data) > MAX_SPEC_BYTES or not any(k.encode() in data for k in SPEC_KINDS):
        return None
    try:
        return _read(yaml.parse(data, Loader=_LOADER))
    except (yaml.YAMLError, ValueError, UnicodeDecodeError):
        return None
