"""contracts: an HTTP route in the prose, where it is defined and where it is registered.

Definitions come first: path keys under `paths:` (OpenAPI, Swagger) and
`channels:` (AsyncAPI), protobuf rpcs with their `google.api.http` annotation
(and gRPC paths `/pkg.Service/Method`), and the fields of a GraphQL schema's
Query, Mutation and Subscription types when the message names an operation.
Then the handlers that register the route in each language's common
frameworks: router calls (net/http, chi, gin, echo, gorilla, Express, Koa,
Fastify, Laravel, axum, ASP.NET minimal APIs), decorators, annotations and
attributes (Flask, FastAPI, NestJS, Spring, JAX-RS, Symfony, ASP.NET, actix),
route files (Django urls.py, Rails routes.rb, YAML route files). Clients that
call the route weigh as uses.

Specs and routers write paths relative to a base (servers, basePath, router
prefixes), so routes are compared segment by segment from the end: the longest
trailing run of literal segments decides, and a parameter in any spelling
(`{id}`, `:id`, `<int:id>`, `<id>`, `*`, `${id}`, `%d`) matches any segment.
A router prefix (a controller's base path, a mounted group) that matches the
middle of the route leads to the handler below it in the same file.

The shared scan looks for the route's last literal segment as a word (every
registration of the route holds it, with or without a leading slash); only
those lines, and the few spec and controller files they point into, are read.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..lang.definitions import definitions
from ..lang.languages import language_of
from ..model import Anchor, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, Plan, is_identifier

__all__ = ["ContractsStrategy", "Route", "parse_route", "route_match"]

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
#: Lines at the top of a YAML or JSON file searched for `openapi:`, `swagger:`, `asyncapi:`.
SPEC_HEAD_LINES = 40

HTTP_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
# Segments every API shares: never the needle when a more telling one exists.
_GENERIC_SEGMENT = re.compile(r"v\d+|api|rest|public|internal|private|beta|alpha", re.I)
# Sentinels for a parameter segment and a trailing wildcard (no path segment holds a NUL).
PARAM = "\0param"
REST = "\0rest"
_REST_SEGMENT = re.compile(
    r"\*\*?\w*|\{\*\w*\}|\{\w+\.\.\.\}|<path:\w+>|\(\.\*\)|\.\*|:\w+\*|"
    r"\{\+\w+\}|\{\w+=\*\*\}|\*\{\w+\}"
)
_PARAM_CHARS = re.compile(r"[{}<>:*$()\[\]%+\\|]")
_METHOD_PREFIX = re.compile(r"^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+", re.I)
_SCHEME_HOST = re.compile(r"^[a-z][\w+.-]*://[^/]*", re.I)
_QUERY = re.compile(r"\?[\w.\[\]-]+=.*$")
_GRPC = re.compile(r"^/(?:[A-Za-z_][\w]*\.)*([A-Z]\w*)/([A-Z]\w*)$")
_GRAPHQL_PROSE = re.compile(r"\b(graphql|gql|mutation|mutations|subscription|resolver|query|queries)\b", re.I)
_GRAPHQL_EXTENSIONS = ("graphql", "gql", "graphqls")
_GRAPHQL_TYPE = re.compile(r"^\s*(?:extend\s+)?type\s+(\w+)")
_GRAPHQL_ROOTS = ("Query", "Mutation", "Subscription")
# Files whose string literals are data, not code that registers or calls a route.
_NOT_CODE = frozenset(
    {
        "yaml",
        "json",
        "toml",
        "xml",
        "markdown",
        "rst",
        "css",
        "scss",
        "less",
        "html",
        "protobuf",
        "graphql",
        "sql",
        "make",
        "dockerfile",
        "cmake",
    }
)

# --- definitions ---------------------------------------------------------------

# A key of a YAML or JSON mapping that is a path: `/orders/{id}:`, `"/orders/{id}": {`.
_SPEC_KEY = re.compile(r"""^(\s*)(["']?)([^\s"'#]*/[^\s"'#]*|[^\s"'#:/]+)\2\s*:\s*(?:\{|\#|$)""")
_SPEC_KIND = re.compile(r"""^\s*["']?(openapi|swagger|asyncapi)["']?\s*:""")
_SPEC_PARENT = re.compile(r"""^\s*["']?([\w$-]+)["']?\s*:""")
_SPEC_OPERATION = re.compile(
    r"""^\s*["']?(get|put|post|delete|options|head|patch|trace|publish|subscribe)["']?\s*:"""
)
_OPERATION_ID = re.compile(r"""^\s*["']?operationId["']?\s*:\s*["']?([\w.-]+)""")
_ASYNC_ADDRESS = re.compile(r"""^\s*address\s*:\s*["']?([^\s"'#]+)""")
_SPEC_KINDS = {"openapi": "OpenAPI", "swagger": "Swagger", "asyncapi": "AsyncAPI"}
# google.api.http: `get: "/v1/orders/{id}"` or `option (google.api.http).get = "..."`.
_PROTO_HTTP = re.compile(r"""\b(get|put|post|delete|patch)\s*[:=]\s*"([^"]+)\"""")
_PROTO_RPC = re.compile(r"^\s*rpc\s+(\w+)\s*\(")
_PROTO_SERVICE = re.compile(r"^\s*service\s+(\w+)")

# --- registrations -------------------------------------------------------------

_STRING = re.compile(r"""(["'`])((?:\\.|(?!\1).){0,300}?)\1""")
# What precedes a route string in a call, decorator, annotation or attribute:
# `r.Get(`, `@app.get(`, `#[get(`, `[HttpGet(`, `@GetMapping(value = {`, `Route::get(`.
_CALL_HEAD = re.compile(
    r"(?P<mark>@|\#\[|\[)?\s*(?:(?P<recv>[\w$]+)(?:\(\))?\s*(?:\.|::|->)\s*)?(?P<verb>[A-Za-z_]\w*)!?"
    r"\s*\(\s*(?:\{\s*)?(?:(?:value|path|url|uri|rule|template)\s*[=:]\s*)?(?:\{\s*)?[rRbBuU]?$"
)
# Ruby and Sinatra route files: `get "orders/:id", to: ...`, `scope "/api" do`.
_BARE_HEAD = re.compile(
    r"^\s*(?P<verb>get|post|put|patch|delete|match|root|scope|namespace|mount)"
    r"\s*\(?\s*$"
)
# Keyword arguments that set a router's prefix: Flask's Blueprint, FastAPI's APIRouter.
_PREFIX_KEYWORD = re.compile(r"\b(?:url_prefix|prefix)\s*=\s*[rRbBuU]?$")
_RAILS_RESOURCES = re.compile(r"^\s*resources?\s+:(\w+)")
# YAML route files: Symfony `path: /orders/{id}`, serverless `- http: GET orders/{id}`.
_YAML_ROUTE = re.compile(r"""^\s*(?:-\s+)?(?:path|Path|route|uri)\s*:\s*["']?([^\s"'#]+)""")
_YAML_HTTP = re.compile(
    r"""^\s*(?:-\s+)?http\s*:\s*["']?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ANY)\s+([^\s"'#]+)""", re.I
)
# Method-less decorators of a handler under a controller prefix: `@Get()`, `@GetMapping`, `[HttpGet]`.
_BARE_DECORATOR = re.compile(
    r"^\s*(?:@|\[)(?:Http)?(Get|Post|Put|Patch|Delete|Head|Options)(?:Mapping)?"
    r"(?:\(\s*\))?\s*\]?\s*$"
)

_HTTP_VERB = re.compile(r"^(?:http|map|do)?(get|post|put|patch|delete|head|options)(?:mapping)?$", re.I)
# Calls that register a route for any method, or a handler whose methods come as arguments.
_ANY_VERBS = frozenset(
    {
        "all",
        "any",
        "handle",
        "handlefunc",
        "route",
        "path",
        "re_path",
        "url",
        "requestmapping",
        "methodfunc",
        "method",
        "resource",
        "maproute",
        "mapmethods",
    }
)
# Calls that mount a group of routes under a prefix.
_GROUP_VERBS = frozenset(
    {
        "use",
        "group",
        "mount",
        "nest",
        "scope",
        "namespace",
        "prefix",
        "pathprefix",
        "mapgroup",
        "controller",
        "subrouter",
        "apirouter",
        "blueprint",
        "router",
    }
)
# Resources expand to the collection and its members: `Route::resource('orders', ...)`.
_RESOURCE_VERBS = frozenset({"resources", "apiresource", "apiresources"})
# Receivers that are HTTP clients: their `.get("/x")` calls a route rather than registering it.
_CLIENTS = frozenset(
    {
        "axios",
        "requests",
        "httpx",
        "http",
        "https",
        "fetch",
        "client",
        "session",
        "request",
        "superagent",
        "got",
        "ky",
        "$http",
        "httpclient",
        "resttemplate",
        "webclient",
        "resty",
        "urllib",
        "aiohttp",
        "faraday",
        "httparty",
        "guzzle",
    }
)
# After the route string, a handler follows: another argument that is not options, or a block.
_HANDLER_AFTER = re.compile(r"""^\s*(?:,\s*(?!\{|[\w$]+\s*=(?![=>]))|\)\s*(?:\{|do\b|->|=>)|=>|do\b)""")
_INLINE_HANDLER = re.compile(r"\bfunc\s*\(|=>|\bfunction\b|\blambda\b|\|\s*\w*\s*\||\bdo\b")
_HANDLER_ARG = re.compile(r"[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*")
_RAILS_TO = re.compile(r"""(?:\bto:\s*|=>\s*)["']([\w/]+#\w+)["']""")
_LARAVEL_ACTION = re.compile(r"""\[\s*\\?([\w\\]+)::class\s*,\s*["'](\w+)["']\s*\]""")
# axum `get(get_order)`, actix `web::get().to(get_order)`: the handler of one method.
_METHOD_HANDLER = re.compile(
    r"\b(get|post|put|patch|delete|head|options)\s*\(\s*(?:\)\s*\.to\s*\(\s*)?"
    r"([A-Za-z_][\w:.]*)\s*\)"
)
_NOT_HANDLER = frozenset(
    {
        "true",
        "false",
        "null",
        "nil",
        "None",
        "True",
        "False",
        "req",
        "res",
        "request",
        "response",
        "ctx",
        "next",
        "w",
        "r",
        "c",
        "e",
    }
)
_METHOD_LIST = re.compile(r"""\bmethods?\s*[=:]\s*[\[{(]?\s*((?:["']?[A-Za-z]+["']?\s*,?\s*)+)""")
_METHOD_ARGS = re.compile(
    r"RequestMethod\.([A-Z]+)|\.Methods\(([^)]*)\)|\bvia:\s*\[?:?([\w:, ]+)|"
    r"(?<!\w)(?:web::)?(get|post|put|patch|delete|head|options)\s*\("
)


@dataclass(frozen=True)
class Route:
    """A route as segments: literals in lower case, PARAM for parameters, REST for a tail wildcard."""

    method: str | None
    segments: tuple[str, ...]
    text: str


def parse_route(text: str, method: str | None = None) -> Route:
    """Segments of a route in any framework's spelling (`GET /orders/{id}`, `^orders/(?P<pk>\\d+)/$`)."""
    raw = text.strip()
    m = _METHOD_PREFIX.match(raw)
    if m:
        method, raw = m.group(1).upper(), raw[m.end() :]
    path = _QUERY.sub("", _SCHEME_HOST.sub("", raw)).lstrip("^").rstrip("$")
    segments: list[str] = []
    for part in path.split("/"):
        part = re.sub(r"\(\.:format\)$", "", part)  # Rails' optional format suffix
        if part in ("", "."):
            continue
        if _REST_SEGMENT.fullmatch(part):
            segments.append(REST)
        elif _PARAM_CHARS.search(part):
            segments.append(PARAM)
        else:
            segments.append(part.lower())
    return Route(method, tuple(segments), text.strip())


def _align(c: tuple[str, ...], m: tuple[str, ...]) -> tuple[int, int] | None:
    """(literal matches, loose matches) when c and m agree from their ends until one runs out.

    A parameter of c matches any segment of m (loosely, unless it stands before c's first
    literal: a base such as `${BASE_URL}`); a parameter of m matches only a parameter of c.
    """
    first_literal = next((i for i, s in enumerate(c) if s not in (PARAM, REST)), len(c))
    exact = loose = 0
    for i in range(1, min(len(c), len(m)) + 1):
        cs, ms = c[-i], m[-i]
        if ms in (PARAM, REST):
            if cs not in (PARAM, REST):
                return None
        elif cs in (PARAM, REST):
            loose += len(c) - i >= first_literal
        elif cs == ms:
            exact += 1
        else:
            return None
    return (exact, loose) if exact else None


def _inside(c: tuple[str, ...], m: tuple[str, ...]) -> tuple[int, int, tuple[str, ...]] | None:
    """c matches a run of m that stops before m's end: (exact, loose, the rest of m)."""
    best = None
    for end in range(len(c), len(m)):
        found = _align(c, m[:end])
        if found and (best is None or found[0] > best[0]):
            best = (found[0], found[1], m[end:])
    return best


def _same(p: tuple[str, ...], m: tuple[str, ...]) -> bool:
    """p spells exactly the segments m holds (a handler below a prefix)."""
    return len(p) == len(m) and all(
        ps in (PARAM, REST) or (ms not in (PARAM, REST) and ps == ms) for ps, ms in zip(p, m)
    )


def route_match(candidate: Route, message: Route) -> tuple[str, int, int, tuple[str, ...]] | None:
    """How a route found in a file matches the message's: ("full" | "prefix", exact, loose, rest).

    "full": one route ends the other (a base or router prefix may stand before either);
    "prefix": the candidate is a prefix (or ends in a wildcard) inside the message's route,
    which continues with `rest`.
    """
    if candidate.method and message.method and candidate.method != message.method:
        return None
    c = candidate.segments
    if c and c[-1] == REST:
        head = c[:-1]
        found = _align(head, message.segments) if head else None
        if found:
            return ("full", found[0], found[1], ())
        inner = _inside(head, message.segments) if head else None
        return ("prefix", *inner) if inner else None
    found = _align(c, message.segments)
    if found:
        return ("full", found[0], found[1], ())
    inner = _inside(c, message.segments)
    return ("prefix", *inner) if inner else None


@dataclass(frozen=True)
class _Registration:
    route: Route
    group: bool  # only a prefix for the routes below it (a mounted router, a controller)
    prefix: bool  # may be a prefix too (a method-less `@RequestMapping`, `#[Route]`)
    decorated: bool  # a decorator or annotation: the handler is the next definition
    call: bool  # a client calling the route, not registering it
    handler: str | None  # the handler named in the registration (call-style frameworks)


def _methods_in(rest: str) -> set[str]:
    found: set[str] = set()
    for m in _METHOD_LIST.finditer(rest):
        found.update(w.upper() for w in re.findall(r"[A-Za-z]+", m.group(1)))
    for m in _METHOD_ARGS.finditer(rest):
        for g in m.groups():
            if g:
                found.update(w.upper() for w in re.findall(r"[A-Za-z]+", g))
    return found & set(HTTP_METHODS)


def _handler_name(rest: str, method: str | None = None) -> str | None:
    """The handler a call-style registration names: `getOrder`, `views.detail`, `orders#show`."""
    for pattern in (_RAILS_TO, _LARAVEL_ACTION):
        m = pattern.search(rest)
        if m:
            return "@".join(g for g in m.groups() if g)
    if method:
        for m in _METHOD_HANDLER.finditer(rest):
            if m.group(1).upper() == method:
                return m.group(2)
    if _INLINE_HANDLER.search(rest):
        return None
    names = [m.group(0) for arg in _call_args(rest) if (m := _HANDLER_ARG.match(arg))]
    names = [n[:-7] if n.endswith("::class") else n for n in names]
    names = [n for n in names if n not in _NOT_HANDLER]
    return names[-1] if names else None


def _call_args(rest: str) -> list[str]:
    """The arguments after the route string, up to the registration call's closing bracket."""
    args, depth, current = [], 0, ""
    for ch in rest:
        if ch in "([{":
            depth += 1
        elif ch in ")]}":
            depth -= 1
            if depth < 0:
                break
        if ch == "," and depth == 0:
            args.append(current.strip())
            current = ""
        else:
            current += ch
    args.append(current.strip())
    # The first piece is what stood between the string and the first comma: not an argument.
    return [a for a in args[1:] if a and not re.match(r"[\w$]+\s*=(?![=>])", a)]


def _registered(
    path: str,
    methods: set[str],
    rest: str,
    *,
    group: bool = False,
    prefix: bool = False,
    decorated: bool = False,
) -> list[_Registration]:
    routes = [parse_route(path, m) for m in sorted(methods)] if methods else [parse_route(path)]
    return [
        _Registration(
            r,
            group,
            prefix or group,
            decorated,
            False,
            None if decorated or group else _handler_name(rest, r.method),
        )
        for r in routes
    ]


def _looks_like_path(text: str) -> bool:
    return "/" in text and (text.startswith(("/", "${", "%s/", "{")) or bool(_SCHEME_HOST.match(text)))


def registrations(line: str, language: str | None) -> list[_Registration]:
    """The routes one line registers, mounts or calls (most frameworks write one per line)."""
    if language == "yaml":
        m = _YAML_HTTP.match(line)
        if m:
            method = m.group(1).upper()
            return _registered(m.group(2), set() if method == "ANY" else {method}, "")
        m = _YAML_ROUTE.match(line)
        return _registered(m.group(1), set(), "") if m else []
    if language in _NOT_CODE:
        return []
    m = _RAILS_RESOURCES.match(line)
    if m:
        return _registered(m.group(1), set(), "") + _registered(f"{m.group(1)}/:id", set(), "")
    out: list[_Registration] = []
    for s in _STRING.finditer(line):
        text = s.group(2)
        if not text or (any(ch.isspace() for ch in text.strip()) and not _METHOD_PREFIX.match(text)):
            continue
        head, rest = line[: s.start()], line[s.end() :]
        bare = _BARE_HEAD.match(head)
        call = _CALL_HEAD.search(head)
        found: list[_Registration] = []
        if bare:
            verb = bare.group("verb").upper()
            found = _registered(
                text,
                {verb} if verb in HTTP_METHODS else _methods_in(rest),
                rest,
                group=verb in ("SCOPE", "NAMESPACE", "MOUNT"),
            )
        elif _PREFIX_KEYWORD.search(head):
            found = _registered(text, set(), rest, group=True)
        elif call:
            found = _call_registrations(call, text, rest)
        if not found and _looks_like_path(text):
            found = [_Registration(parse_route(text), False, False, False, True, None)]
        out += found
    return out


def _call_registrations(call: re.Match, text: str, rest: str) -> list[_Registration]:
    verb = call.group("verb")
    lower = verb.lower()
    decorated = bool(call.group("mark"))
    http = _HTTP_VERB.match(lower)
    if http:
        recv = (call.group("recv") or "").lower()
        if decorated or (recv not in _CLIENTS and _HANDLER_AFTER.match(rest)):
            return _registered(text, {http.group(1).upper()}, rest, decorated=decorated)
        return []  # a client's call: the caller records it as one when the string is a path
    if lower in _RESOURCE_VERBS or (lower == "resource" and "/" not in text):
        return _registered(text, set(), rest) + _registered(f"{text}/:id", set(), rest)
    if lower in _ANY_VERBS or verb in ("Route", "Path"):
        methods = _methods_in(rest)
        # Django's include() and a method-less annotation (a class's @RequestMapping) are prefixes.
        return _registered(
            text,
            methods,
            rest,
            group="include(" in rest,
            prefix=decorated and not methods,
            decorated=decorated,
        )
    if lower in _GROUP_VERBS:
        return _registered(text, set(), rest, group=True, decorated=decorated)
    return []


@dataclass(frozen=True)
class _Place:
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


class ContractsStrategy:
    id = "contracts"

    def wants(self, plan: Plan) -> str | None:
        routes = plan.of_kind("route")
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
        return [a for a in plan.of_kind("name") if a.origin == "prose" and is_identifier(a.text)]

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        out: list[tuple[Anchor, Needle]] = []
        for a in plan.of_kind("route"):
            for text in _needle_texts(a):
                out.append((a, Needle(text, word=True)))
        out += [(a, Needle(a.text, word=True)) for a in self._operations(plan)]
        return out

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        for a in ev.of_kind("route"):
            out += self._route(ev, a)
        for a in self._operations(ev.plan):
            out += self._graphql(ev, a)
        return out

    # -- routes ---------------------------------------------------------------

    def _route(self, ev: Evidence, a: Anchor) -> list[Finding]:
        route = parse_route(a.text.rstrip(".:,;"))
        route = Route(route.method, tuple(PARAM if s == REST else s for s in route.segments), route.text)
        best: dict[str, _Place] = {}
        files = _Files(ev)

        def offer(place: _Place | None) -> None:
            if place and (place.path not in best or place.key < best[place.path].key):
                best[place.path] = place

        grpc = _GRPC.match(route.text.split()[-1]) if route.text.split() else None
        if grpc:
            for path, hits in ev.scan.files_with(Needle(grpc.group(2), word=True)).items():
                if path.endswith(".proto"):
                    offer(self._grpc(files, path, hits, grpc.group(1), grpc.group(2)))
        seen: set[tuple[str, int]] = set()
        for text in _needle_texts(a):
            for path, hits in ev.scan.files_with(Needle(text, word=True)).items():
                lang = language_of(path)
                for h in hits:
                    if (path, h.line) in seen:
                        continue
                    seen.add((path, h.line))
                    if lang == "protobuf":
                        offer(self._proto(files, path, h.line, h.text, route))
                    elif lang in ("yaml", "json"):
                        offer(self._spec(files, path, h.line, h.text, route))
                    if lang != "protobuf":
                        offer(self._handler(files, path, h.line, h.text, lang, route))
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

    def _spec(self, files: _Files, path: str, line: int, text: str, route: Route) -> _Place | None:
        key = _SPEC_KEY.match(text)
        address = _ASYNC_ADDRESS.match(text)
        if not key and not address:
            return None
        lines = files.lines(path)
        kind = files.spec_kind(path)
        if kind is None:
            return None
        if key and _parent_key(lines, line) in ("paths", "channels"):
            written = key.group(3)
        elif address and kind == "AsyncAPI":  # AsyncAPI 3 names a channel's path in `address:`
            written = address.group(1)
        else:
            return None
        match = route_match(parse_route(written), route)
        if not match or match[0] != "full":
            return None
        at, method, symbol = line, None, None
        for op_line, op in _operations_below(lines, line) if key else ():
            if route.method and op.upper() == route.method:
                at, method = op_line, op.upper()
                symbol = _operation_id(lines, op_line)
                break
        label = f"{method} {written}" if method else written
        return _Place(
            path, at, R.ROUTE_DEFINITION, _quality(match), match[1], f"defines {label} ({kind})", symbol
        )

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
        self, files: _Files, path: str, line: int, text: str, lang: str | None, route: Route
    ) -> _Place | None:
        best: _Place | None = None
        for reg in registrations(text, lang):
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
                    if not method or _METHOD_PREFIX.match(reg.route.text)
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
        self, files: _Files, path: str, line: int, lang: str | None, reg: _Registration, match, route: Route
    ) -> _Place:
        """The handler under a matching prefix in the same file (a controller), else the prefix."""
        rest = match[3]
        lines = files.lines(path)
        target = route.text.split()[-1]
        for no in range(line + 1, min(len(lines), line + BELOW_REACH) + 1):
            text = lines[no - 1]
            bare = _BARE_DECORATOR.match(text)
            subs = (
                [
                    _Registration(
                        Route(bare.group(1).upper(), (), text.strip()), False, False, True, False, None
                    )
                ]
                if bare
                else registrations(text, lang)
            )
            for sub in subs:
                if sub.call or sub.group or not _same(sub.route.segments, rest):
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
        self._definitions: dict[str, list] = {}

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            data = self.read(path)
            self._lines[path] = data.decode("utf-8", "replace").splitlines() if data is not None else []
        return self._lines[path]

    def spec_kind(self, path: str) -> str | None:
        """OpenAPI, Swagger or AsyncAPI, from the document's top-level version key."""
        return next(
            (
                _SPEC_KINDS[m.group(1)]
                for ln in self.lines(path)[:SPEC_HEAD_LINES]
                if (m := _SPEC_KIND.match(ln))
            ),
            None,
        )

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
    grpc = _GRPC.match(text)
    if grpc:
        return [grpc.group(2)]
    raw = [p for p in _QUERY.sub("", _SCHEME_HOST.sub("", text)).split("/") if p]
    literals = [
        p
        for p in raw
        if not _PARAM_CHARS.search(p)
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


def _indent(text: str) -> int:
    return len(text) - len(text.lstrip(" \t"))


def _parent_key(lines: list[str], line: int) -> str | None:
    """The key of the mapping that holds the key on `line` (the nearest less indented key above)."""
    own = _indent(lines[line - 1]) if 0 < line <= len(lines) else 0
    for i in range(line - 1, 0, -1):
        text = lines[i - 1]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        if _indent(text) < own:
            m = _SPEC_PARENT.match(text)
            return m.group(1) if m else None
    return None


def _operations_below(lines: list[str], line: int) -> list[tuple[int, str]]:
    """The operation keys (get, post, publish, …) directly under the path key on `line`."""
    own = _indent(lines[line - 1])
    child: int | None = None
    out = []
    for i in range(line + 1, len(lines) + 1):
        text = lines[i - 1]
        if not text.strip() or text.lstrip().startswith("#"):
            continue
        ind = _indent(text)
        if ind <= own:
            break
        child = ind if child is None else child
        if ind == child and (m := _SPEC_OPERATION.match(text)):
            out.append((i, m.group(1)))
    return out


def _operation_id(lines: list[str], line: int) -> str | None:
    own = _indent(lines[line - 1])
    for i in range(line + 1, len(lines) + 1):
        text = lines[i - 1]
        if text.strip() and _indent(text) <= own:
            return None
        m = _OPERATION_ID.match(text)
        if m:
            return m.group(1)
    return None
