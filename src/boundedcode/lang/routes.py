"""The route grammar: a route in any framework's spelling, as segments, and how two routes match.

`GET /orders/{id}`, `/orders/:id`, `^orders/(?P<pk>\\d+)/$`, `orders/<int:pk>` all
read as the segments (orders, PARAM). Specs and routers write paths relative
to a base (servers, basePath, router prefixes), so routes are compared segment
by segment from the end: the longest trailing run of literal segments decides,
and a parameter in any spelling (`{id}`, `:id`, `<int:id>`, `<id>`, `*`,
`${id}`, `%d`) matches any segment.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from ..lazyre import LazyPattern

__all__ = [
    "HTTP_METHODS",
    "PARAM",
    "REST",
    "PARAM_CHARS",
    "METHOD_PREFIX",
    "SCHEME_HOST",
    "QUERY_STRING",
    "GRPC_PATH",
    "Route",
    "parse_route",
    "route_match",
    "same_segments",
]

HTTP_METHODS = ("GET", "POST", "PUT", "PATCH", "DELETE", "HEAD", "OPTIONS")
# Sentinels for a parameter segment and a trailing wildcard (no path segment holds a NUL).
PARAM = "\0param"
REST = "\0rest"
_REST_SEGMENT = LazyPattern(
    r"\*\*?\w*|\{\*\w*\}|\{\w+\.\.\.\}|<path:\w+>|\(\.\*\)|\.\*|:\w+\*|"
    r"\{\+\w+\}|\{\w+=\*\*\}|\*\{\w+\}"
)
PARAM_CHARS = LazyPattern(r"[{}<>:*$()\[\]%+\\|]")
METHOD_PREFIX = LazyPattern(r"^(GET|POST|PUT|PATCH|DELETE|HEAD|OPTIONS)\s+", re.I)
SCHEME_HOST = LazyPattern(r"^[a-z][\w+.-]*://[^/]*", re.I)
QUERY_STRING = LazyPattern(r"\?[\w.\[\]-]+=.*$")
#: A gRPC method as a path: `/pkg.Service/Method`.
GRPC_PATH = LazyPattern(r"^/(?:[A-Za-z_][\w]*\.)*([A-Z]\w*)/([A-Z]\w*)$")


class Route(NamedTuple):
    """A route as segments: literals in lower case, PARAM for parameters, REST for a tail wildcard."""

    method: str | None
    segments: tuple[str, ...]
    text: str


def parse_route(text: str, method: str | None = None) -> Route:
    """Segments of a route in any framework's spelling (`GET /orders/{id}`, `^orders/(?P<pk>\\d+)/$`)."""
    raw = text.strip()
    m = METHOD_PREFIX.match(raw)
    if m:
        method, raw = m.group(1).upper(), raw[m.end() :]
    path = QUERY_STRING.sub("", SCHEME_HOST.sub("", raw)).lstrip("^").rstrip("$")
    segments: list[str] = []
    for part in path.split("/"):
        part = re.sub(r"\(\.:format\)$", "", part)  # Rails' optional format suffix
        if part in ("", "."):
            continue
        if _REST_SEGMENT.fullmatch(part):
            segments.append(REST)
        elif PARAM_CHARS.search(part):
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


def same_segments(p: tuple[str, ...], m: tuple[str, ...]) -> bool:
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
