"""Each web framework's way of registering a route, as tables, and the reader of one line.

Router calls (net/http, chi, gin, echo, gorilla, Express, Koa, Fastify,
Laravel, axum, ASP.NET minimal APIs), decorators, annotations and attributes
(Flask, FastAPI, NestJS, Spring, JAX-RS, Symfony, ASP.NET, actix), route files
(Django urls.py, Rails routes.rb, YAML route files), router prefixes and
mounts, and the HTTP clients whose calls use a route rather than register it.
`registrations` reads one line (most frameworks write one registration per
line) into the routes it registers, mounts or calls.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..lazyre import LazyPattern
from .routes import HTTP_METHODS, METHOD_PREFIX, SCHEME_HOST, Route, parse_route

__all__ = ["Registration", "registrations", "BARE_DECORATOR", "DATA_LANGUAGES"]

# Files whose string literals are data, not code that registers or calls a route.
DATA_LANGUAGES = frozenset(
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

_STRING = LazyPattern(r"""(["'`])((?:\\.|(?!\1).){0,300}?)\1""")
# What precedes a route string in a call, decorator, annotation or attribute:
# `r.Get(`, `@app.get(`, `#[get(`, `[HttpGet(`, `@GetMapping(value = {`, `Route::get(`.
_CALL_HEAD = LazyPattern(
    r"(?P<mark>@|\#\[|\[)?\s*(?:(?P<recv>[\w$]+)(?:\(\))?\s*(?:\.|::|->)\s*)?(?P<verb>[A-Za-z_]\w*)!?"
    r"\s*\(\s*(?:\{\s*)?(?:(?:value|path|url|uri|rule|template)\s*[=:]\s*)?(?:\{\s*)?[rRbBuU]?$"
)
# Ruby and Sinatra route files: `get "orders/:id", to: ...`, `scope "/api" do`.
_BARE_HEAD = LazyPattern(
    r"^\s*(?P<verb>get|post|put|patch|delete|match|root|scope|namespace|mount)"
    r"\s*\(?\s*$"
)
# Keyword arguments that set a router's prefix: Flask's Blueprint, FastAPI's APIRouter.
_PREFIX_KEYWORD = LazyPattern(r"\b(?:url_prefix|prefix)\s*=\s*[rRbBuU]?$")
_RAILS_RESOURCES = LazyPattern(r"^\s*resources?\s+:(\w+)")
# YAML route files: Symfony `path: /orders/{id}`, serverless `- http: GET orders/{id}`.
_YAML_ROUTE = LazyPattern(r"""^\s*(?:-\s+)?(?:path|Path|route|uri)\s*:\s*["']?([^\s"'#]+)""")
_YAML_HTTP = LazyPattern(
    r"""^\s*(?:-\s+)?http\s*:\s*["']?(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS|ANY)\s+([^\s"'#]+)""", re.I
)
# Method-less decorators of a handler under a controller prefix: `@Get()`, `@GetMapping`, `[HttpGet]`.
BARE_DECORATOR = LazyPattern(
    r"^\s*(?:@|\[)(?:Http)?(Get|Post|Put|Patch|Delete|Head|Options)(?:Mapping)?"
    r"(?:\(\s*\))?\s*\]?\s*$"
)

_HTTP_VERB = LazyPattern(r"^(?:http|map|do)?(get|post|put|patch|delete|head|options)(?:mapping)?$", re.I)
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
_HANDLER_AFTER = LazyPattern(r"""^\s*(?:,\s*(?!\{|[\w$]+\s*=(?![=>]))|\)\s*(?:\{|do\b|->|=>)|=>|do\b)""")
_INLINE_HANDLER = LazyPattern(r"\bfunc\s*\(|=>|\bfunction\b|\blambda\b|\|\s*\w*\s*\||\bdo\b")
_HANDLER_ARG = LazyPattern(r"[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*")
_RAILS_TO = LazyPattern(r"""(?:\bto:\s*|=>\s*)["']([\w/]+#\w+)["']""")
_LARAVEL_ACTION = LazyPattern(r"""\[\s*\\?([\w\\]+)::class\s*,\s*["'](\w+)["']\s*\]""")
# axum `get(get_order)`, actix `web::get().to(get_order)`: the handler of one method.
_METHOD_HANDLER = LazyPattern(
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
_METHOD_LIST = LazyPattern(r"""\bmethods?\s*[=:]\s*[\[{(]?\s*((?:["']?[A-Za-z]+["']?\s*,?\s*)+)""")
_METHOD_ARGS = LazyPattern(
    r"RequestMethod\.([A-Z]+)|\.Methods\(([^)]*)\)|\bvia:\s*\[?:?([\w:, ]+)|"
    r"(?<!\w)(?:web::)?(get|post|put|patch|delete|head|options)\s*\("
)


class Registration(NamedTuple):
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
) -> list[Registration]:
    routes = [parse_route(path, m) for m in sorted(methods)] if methods else [parse_route(path)]
    return [
        Registration(
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
    return "/" in text and (text.startswith(("/", "${", "%s/", "{")) or bool(SCHEME_HOST.match(text)))


def registrations(line: str, language: str | None) -> list[Registration]:
    """The routes one line registers, mounts or calls (most frameworks write one per line)."""
    if language == "yaml":
        m = _YAML_HTTP.match(line)
        if m:
            method = m.group(1).upper()
            return _registered(m.group(2), set() if method == "ANY" else {method}, "")
        m = _YAML_ROUTE.match(line)
        return _registered(m.group(1), set(), "") if m else []
    if language in DATA_LANGUAGES:
        return []
    m = _RAILS_RESOURCES.match(line)
    if m:
        return _registered(m.group(1), set(), "") + _registered(f"{m.group(1)}/:id", set(), "")
    out: list[Registration] = []
    for s in _STRING.finditer(line):
        text = s.group(2)
        if not text or (any(ch.isspace() for ch in text.strip()) and not METHOD_PREFIX.match(text)):
            continue
        head, rest = line[: s.start()], line[s.end() :]
        bare = _BARE_HEAD.match(head)
        call = _CALL_HEAD.search(head)
        found: list[Registration] = []
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
            found = [Registration(parse_route(text), False, False, False, True, None)]
        out += found
    return out


def _call_registrations(call: re.Match, text: str, rest: str) -> list[Registration]:
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
