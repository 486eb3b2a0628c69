"""contracts: an HTTP route in the prose, where it is defined and where it is registered.

Definitions come first: path keys under `paths:` (OpenAPI, Swagger) and
`channels:` (AsyncAPI), read by lang.specs; protobuf rpcs with their
`google.api.http` annotation (and gRPC paths `/pkg.Service/Method`); and the
fields of a GraphQL schema's Query, Mutation and Subscription types when the
message names an operation. Then the handlers that register the route in each
language's common frameworks (lang.frameworks: router calls, decorators,
annotations and attributes, route files); clients that call the route weigh as
uses. Routes are compared with lang.routes' grammar, segment by segment from
the end. A router prefix (a controller's base path, a mounted group) that
matches the middle of the route leads to the handler below it in the same file.

The shared scan looks for the route's last literal segment as a word (every
registration of the route holds it, with or without a leading slash); only
those lines, and the few spec and controller files they point into, are read.
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, NamedTuple

from ..lang.definitions import Definition, definitions
from ..lang.frameworks import BARE_DECORATOR, Registration, registrations
from ..lang.languages import language_of
from ..lang.routes import (
    GRPC_PATH,
    METHOD_PREFIX,
    PARAM,
    PARAM_CHARS,
    QUERY_STRING,
    REST,
    SCHEME_HOST,
    Route,
    parse_route,
    route_match,
    same_segments,
)
from ..lazyre import LazyPattern, compile_static
from ..model import Anchor, AnchorKind, AnchorOrigin, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, Plan, is_identifier

if TYPE_CHECKING:
    from ..lang.specs import SpecDocument

__all__ = ["ContractsStrategy"]

#: A framework's handler registration: a bit less than the contract that defines the route.
ROUTE_HANDLER = 0.65
#: A router prefix or mount that matches part of the route, with no handler found below it.
ROUTE_PREFIX = R.REFERENCES
#: A client that calls the route: a use.
ROUTE_CALL = R.USE
#: A match where a parameter of the file's route stands for a literal segment of the message's.
LOOSE_MATCH = 0.8
#: Files whose handler name is looked up in their definitions (each costs one read and parse).
MAX_SYMBOL_LOOKUPS = 8
#: A decorator or annotation is at most this many lines above the handler it registers.
DECORATOR_REACH = 6
#: Lines below a matching prefix searched for the handler it leads to (a controller's body).
BELOW_REACH = 1500

# Segments every API shares: never the needle when a more telling one exists.
_GENERIC_SEGMENT = LazyPattern(r"v\d+|api|rest|public|internal|private|beta|alpha", re.I)
_GRAPHQL_PROSE = compile_static(
    r"\b(graphql|gql|mutation|mutations|subscription|resolver|query|queries)\b", re.I
)
_GRAPHQL_EXTENSIONS = ("graphql", "gql", "graphqls")
_GRAPHQL_TYPE = compile_static(r"^\s*(?:extend\s+)?type\s+(\w+)")
_GRAPHQL_ROOTS = ("Query", "Mutation", "Subscription")
# google.api.http: `get: "/v1/orders/{id}"` or `option (google.api.http).get = "..."`.
_PROTO_HTTP = LazyPattern(r"""\b(get|put|post|delete|patch)\s*[:=]\s*"([^"]+)\"""")
_PROTO_RPC = compile_static(r"^\s*rpc\s+(\w+)\s*\(")
_PROTO_SERVICE = compile_static(r"^\s*service\s+(\w+)")


class _Place(NamedTuple):
    path: str
    line: int
    tier: float  # reliability
    quality: float  # LOOSE_MATCH or 1
    exact: int
    reason: str
    symbol: str | None = None

    @property
    def key(self) -> tuple:
        return (-self.tier * self.quality, -self.exact, self.line)


class _Line(NamedTuple):
    """A line of the scan that can place a route, with what it registers (`registrations`)."""

    path: str
    line: int
    text: str
    language: str | None
    registrations: list[Registration]


class ContractsStrategy:
    id = "contracts"

    def wants(self, plan: Plan) -> str | None:
        routes = plan.of_kind(AnchorKind.ROUTE)
        ops = self._operations(plan)
        parts = ([f"{len(routes)} route(s)"] if routes else []) + (
            [f"{len(ops)} GraphQL operation name(s)"] if ops else []
        )
        return ", ".join(parts) if parts else None

    @staticmethod
    def _operations(plan: Plan) -> list[Anchor]:
        prose = " ".join(plan.facts.words)
        if not _GRAPHQL_PROSE.search(prose):
            return []
        return [
            a
            for a in plan.of_kind(AnchorKind.NAME)
            if a.origin == AnchorOrigin.PROSE and is_identifier(a.text)
        ]

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        out: list[tuple[Anchor, Needle]] = []
        for a in plan.of_kind(AnchorKind.ROUTE):
            for text in _needle_texts(a):
                out.append((a, Needle(text, word=True)))
        out += [(a, Needle(a.text, word=True)) for a in self._operations(plan)]
        return out

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        # Each needle's lines that can place a route, read once for every route: routes share
        # their words (`api`, `items`), and a message listing 3,000 routes read the same lines'
        # registrations again for each (29.6 s on a Django checkout).
        placing: dict[str, list[_Line]] = {}
        for a in ev.of_kind(AnchorKind.ROUTE):
            out += self._route(ev, a, placing)
        for a in self._operations(ev.plan):
            out += self._graphql(ev, a)
        return out

    # -- routes ---------------------------------------------------------------

    @staticmethod
    def _placing(ev: Evidence, text: str) -> list[_Line]:
        """The lines holding the needle `text` that can place a route: a contract document's
        (protobuf, YAML, JSON), and every other line that registers, mounts or calls one."""
        out = []
        for path, hits in ev.scan.files_with(Needle(text, word=True)).items():
            lang = language_of(path)
            for h in hits:
                regs = [] if lang == "protobuf" else registrations(h.text, lang)
                if regs or lang in ("protobuf", "yaml", "json"):
                    out.append(_Line(path, h.line, h.text, lang, regs))
        return out

    def _route(self, ev: Evidence, a: Anchor, placing: dict[str, list[_Line]]) -> list[Finding]:
        route = parse_route(a.text.rstrip(".:,;"))
        route = Route(route.method, tuple(PARAM if s == REST else s for s in route.segments), route.text)
        best: dict[str, _Place] = {}
        files = _Files(ev)

        def offer(place: _Place | None) -> None:
            if place and (place.path not in best or place.key < best[place.path].key):
                best[place.path] = place

        grpc = GRPC_PATH.match(route.text.split()[-1]) if route.text.split() else None
        if grpc:
            for path, hits in ev.scan.files_with(Needle(grpc.group(2), word=True)).items():
                if path.endswith(".proto"):
                    offer(self._grpc(files, path, hits, grpc.group(1), grpc.group(2)))
        seen: set[tuple[str, int]] = set()
        for text in _needle_texts(a):
            if text not in placing:
                placing[text] = self._placing(ev, text)
            for path, line, line_text, lang, regs in placing[text]:
                if (path, line) in seen:
                    continue
                seen.add((path, line))
                if lang == "protobuf":
                    offer(self._proto(files, path, line, line_text, route))
                elif lang in ("yaml", "json"):
                    offer(self._spec(files, path, line, route))
                if lang != "protobuf":
                    offer(self._handler(files, path, line, regs, lang, route))
        contract = [p for p in best.values() if p.tier > ROUTE_CALL]
        calls = [p for p in best.values() if p.tier <= ROUTE_CALL]
        out: list[Finding] = []
        for group in (contract, calls):
            spec = specificity(len(group))
            for p in sorted(group, key=lambda p: p.path):
                out.append(
                    Finding(
                        p.path,
                        p.line,
                        self.id,
                        a,
                        p.tier,
                        p.reason,
                        symbol=p.symbol,
                        specificity=spec * p.quality,
                    )
                )
        return out

    def _spec(self, files: _Files, path: str, line: int, route: Route) -> _Place | None:
        document = files.spec(path)
        if document is None:
            return None
        best: _Place | None = None
        for written in document.at(line):
            match = route_match(parse_route(written.text), route)
            if not match or match[0] != "full":
                continue
            at, method, symbol = line, None, None
            for op in written.operations:
                if route.method and op.method.upper() == route.method:
                    at, method, symbol = op.line, op.method.upper(), op.operation_id
                    break
            label = f"{method} {written.text}" if method else written.text
            place = _Place(
                path,
                at,
                R.ROUTE_DEFINITION,
                _quality(match),
                match[1],
                f"defines {label} ({document.kind})",
                symbol,
            )
            if best is None or place.key < best.key:
                best = place
        return best

    def _proto(self, files: _Files, path: str, line: int, text: str, route: Route) -> _Place | None:
        m = _PROTO_HTTP.search(text)
        if not m:
            return None
        match = route_match(parse_route(m.group(2), m.group(1).upper()), route)
        if not match or match[0] != "full":
            return None
        lines = files.lines(path)
        rpc_line, rpc = next(
            (
                (i, r.group(1))
                for i in range(min(line, len(lines)), 0, -1)
                if (r := _PROTO_RPC.match(lines[i - 1]))
            ),
            (line, None),
        )
        what = f"rpc {rpc} " if rpc else ""
        return _Place(
            path,
            rpc_line,
            R.ROUTE_DEFINITION,
            _quality(match),
            match[1],
            f"defines {what}{m.group(1).upper()} {m.group(2)} (protobuf)",
            rpc,
        )

    def _grpc(self, files: _Files, path: str, hits, service: str, rpc: str) -> _Place | None:
        lines = files.lines(path)
        for h in hits:
            m = _PROTO_RPC.match(h.text)
            if not m or m.group(1) != rpc:
                continue
            owner = next(
                (
                    s.group(1)
                    for i in range(h.line, 0, -1)
                    if i <= len(lines) and (s := _PROTO_SERVICE.match(lines[i - 1]))
                ),
                None,
            )
            if owner == service:
                return _Place(
                    path, h.line, R.ROUTE_DEFINITION, 1.0, 2, f"defines rpc {service}.{rpc} (protobuf)", rpc
                )
        return None

    def _handler(
        self, files: _Files, path: str, line: int, regs: list[Registration], lang: str | None, route: Route
    ) -> _Place | None:
        """The best place of the registrations `regs` (what `line` registers, mounts or calls)."""
        best: _Place | None = None
        for reg in regs:
            match = route_match(reg.route, route)
            if not match:
                continue
            kind, exact = match[0], match[1]
            place: _Place | None = None
            if reg.call:
                if kind == "full":
                    place = _Place(path, line, ROUTE_CALL, _quality(match), exact, f"calls {reg.route.text}")
            elif reg.group or (kind == "prefix" and (reg.prefix or reg.route.segments[-1:] == (REST,))):
                place = self._below(files, path, line, lang, reg, match, route)
            elif kind == "full":
                method = reg.route.method
                label = (
                    reg.route.text
                    if not method or METHOD_PREFIX.match(reg.route.text)
                    else f"{method} {reg.route.text}"
                )
                symbol = files.handler_below(path, lang, line) if reg.decorated else reg.handler
                place = _Place(
                    path, line, ROUTE_HANDLER, _quality(match), exact, f"registers {label}", symbol
                )
            if place and (best is None or place.key < best.key):
                best = place
        return best

    def _below(
        self, files: _Files, path: str, line: int, lang: str | None, reg: Registration, match, route: Route
    ) -> _Place:
        """The handler under a matching prefix in the same file (a controller), else the prefix."""
        rest = match[3]
        lines = files.lines(path)
        target = route.text.split()[-1]
        for no in range(line + 1, min(len(lines), line + BELOW_REACH) + 1):
            text = lines[no - 1]
            bare = BARE_DECORATOR.match(text)
            subs = (
                [
                    Registration(
                        Route(bare.group(1).upper(), (), text.strip()), False, False, True, False, None
                    )
                ]
                if bare
                else registrations(text, lang)
            )
            for sub in subs:
                if sub.call or sub.group or not same_segments(sub.route.segments, rest):
                    continue
                if route.method and sub.route.method and sub.route.method != route.method:
                    continue
                symbol = files.handler_below(path, lang, no) if sub.decorated else sub.handler
                method = sub.route.method or route.method
                return _Place(
                    path,
                    no,
                    ROUTE_HANDLER,
                    _quality(match),
                    match[1],
                    f"registers {method + ' ' if method else ''}{target} (under {reg.route.text})",
                    symbol,
                )
        return _Place(
            path,
            line,
            ROUTE_PREFIX,
            _quality(match),
            match[1],
            f"mounts {reg.route.text} (prefix of {target})",
        )

    # -- GraphQL --------------------------------------------------------------

    def _graphql(self, ev: Evidence, a: Anchor) -> list[Finding]:
        field = re.compile(rf"^\s*{re.escape(a.text)}\s*[(:]")
        files = _Files(ev)
        places: list[tuple[str, int, str]] = []
        for path, hits in ev.scan.files_with(Needle(a.text, word=True)).items():
            if not path.endswith(_GRAPHQL_EXTENSIONS):
                continue
            for h in hits:
                if not field.match(h.text):
                    continue
                lines = files.lines(path)
                owner = next(
                    (
                        t.group(1)
                        for i in range(h.line - 1, 0, -1)
                        if i <= len(lines) and (t := _GRAPHQL_TYPE.match(lines[i - 1]))
                    ),
                    None,
                )
                if owner in _GRAPHQL_ROOTS:
                    places.append((path, h.line, owner))
                    break
        spec = specificity(len(places))
        return [
            Finding(
                p,
                line,
                self.id,
                a,
                R.ROUTE_DEFINITION,
                f"defines {owner}.{a.text} (GraphQL)",
                symbol=a.text,
                specificity=spec,
            )
            for p, line, owner in places
        ]


class _Files:
    """The few files one route's matches point into, each read, split and parsed once."""

    def __init__(self, ev: Evidence):
        self.read = ev.read
        self._lines: dict[str, list[str]] = {}
        self._definitions: dict[str, list[Definition]] = {}
        self._specs: dict[str, SpecDocument | None] = {}

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            data = self.read(path)
            self._lines[path] = data.decode("utf-8", "replace").splitlines() if data is not None else []
        return self._lines[path]

    def spec(self, path: str) -> SpecDocument | None:
        """The contract document `path` holds (OpenAPI, Swagger, AsyncAPI), parsed once."""
        if path not in self._specs:
            from ..lang.specs import read_spec  # PyYAML only when a contract document is read

            data = self.read(path)
            self._specs[path] = read_spec(data) if data is not None else None
        return self._specs[path]

    def handler_below(self, path: str, lang: str | None, line: int) -> str | None:
        """The function or class a decorator on `line` registers: the next definition below it."""
        if lang is None:
            return None
        if path not in self._definitions:
            if len(self._definitions) >= MAX_SYMBOL_LOOKUPS:
                return None
            data = self.read(path)
            self._definitions[path] = definitions(lang, data) if data is not None else []
        return next(
            (
                d.name
                for d in self._definitions[path]
                if line < d.line <= line + DECORATOR_REACH and d.kind in ("function", "method", "class")
            ),
            None,
        )


def _needle_texts(a: Anchor) -> list[str]:
    """The route's last literal segment (every registration holds it), and its most telling other
    segment (a controller or group prefix may hold only that one)."""
    text = a.text.rstrip(".:,;").split()[-1] if a.text.split() else ""
    grpc = GRPC_PATH.match(text)
    if grpc:
        return [grpc.group(2)]
    raw = [p for p in QUERY_STRING.sub("", SCHEME_HOST.sub("", text)).split("/") if p]
    literals = [
        p
        for p in raw
        if not PARAM_CHARS.search(p)
        and re.fullmatch(r"[\w.~-]+", p)
        and re.match(r"\w", p)
        and re.search(r"\w$", p)
    ]
    if not literals:
        return []
    out = [literals[-1]]
    others = [p for p in literals[:-1] if not _GENERIC_SEGMENT.fullmatch(p)]
    if others:
        telling = max(others, key=len)
        if telling != out[0]:
            out.append(telling)
    return out


def _quality(match) -> float:
    return LOOSE_MATCH if match[2] else 1.0
