"""Stack frames written as data: the frame objects a structured log or an error tracker's event
holds, in JSON or as a Python literal, a list of one object per frame.

Sentry's events, from every SDK (`{"filename": "app:///src/cart.js", "lineno": 2, "colno": 45,
"function": "total"}`), structlog's `dict_tracebacks` (`{"filename": …, "lineno": 6, "name":
"checkout"}`), log4j2's JsonLayout (`{"class": "com.acme.shop.Cart", "method": "total", "file":
"Cart.java", "line": 8}`) and Jackson's `StackTraceElement` (`{"methodName": …, "fileName": …,
"lineNumber": …, "className": …}`). A format that names the line `lineno` lists the outermost
call first, as Python prints it (Sentry, structlog); one that names it `line` or `lineNumber`
the innermost first, as the JVM does. Monolog writes each place as one string (`"file":
"/srv/app/src/Cart.php:9", "trace": ["/srv/app/run.php:18", …]`): a list of places is a trace,
innermost first, under the place of the object that holds it (the exception's). A finding's place in
a linter's or a compiler's JSON (an object with a severity, or one under a finding's location) is
no frame.

The text is read as tokens (brackets, strings, numbers), so a brace inside a string (a frame's
source line, a local's repr) opens nothing, and a string left open runs to the end of its line
(a backslash there too): every character is read once, and at most MAX_TOKENS tokens.
"""

from __future__ import annotations

import json
import re
from itertools import islice
from typing import NamedTuple

from ..lazyre import LazyPattern
from ._text import clean_path, symbol
from .languages import language_of

__all__ = ["ObjectFrame", "object_traces"]


class ObjectFrame(NamedTuple):
    path: str
    line: int
    column: int | None
    function: str | None
    package: str | None  # the JVM package of the frame's class
    language: str


# A frame object's keys, each list in order of preference: Sentry's `filename` is the path from the
# import root (`shop/cart.py`), its `abs_path` the machine's.
_PATH_KEYS = ("filename", "file", "fileName", "abs_path")
_LINE_KEYS = ("lineno", "line", "lineNumber")
_COLUMN_KEYS = ("colno", "columnNumber")
_FUNCTION_KEYS = ("function", "name", "method", "methodName")
_CLASS_KEYS = ("class", "className")
_OUTERMOST_FIRST_LINE_KEY = "lineno"
_KEYS = frozenset(_PATH_KEYS + _LINE_KEYS + _COLUMN_KEYS + _FUNCTION_KEYS + _CLASS_KEYS)
# A finding's place in a linter's or a compiler's JSON is no frame: an object with a severity (mypy's
# `-O json`), or one a finding holds under one of these keys (staticcheck's "location", gcc's
# "caret" and "finish", an LSP range's "start" and "end").
_SEVERITY = "severity"
_PLACE_KEYS = frozenset(
    {"location", "position", "region", "range", "start", "end", "begin", "caret", "finish"}
)
_NOT_A_FRAME = "\0"  # an entry that marks an object as a finding's
# Objects nest no deeper than this; an opening past it is not read (a hostile text's brackets).
MAX_DEPTH = 64
# Tokens read of a text: a Sentry event of 40 frames with their locals has a few thousand; a
# hostile text of frame objects costs at most this many steps of the loop (60 ms).
MAX_TOKENS = 20_000

# Some object gives a frame's line as a number, or some string is a place: otherwise no text is
# tokenized.
_LINE_ENTRY = LazyPattern(r"""["'](?:lineno|line|lineNumber)["'] {0,8}: {0,8}\d|\.\w{1,10}:\d{1,9}["']""")
# A place written as one string, Monolog's ('/srv/app/src/Cart.php:9').
_PLACE = LazyPattern(r"^(?P<path>(?:[A-Za-z]:[\\/])?[^\s:]{1,1000}\.\w{1,10}):(?P<line>\d{1,9})$")
_JVM_EXTENSIONS = frozenset({"java", "kt", "kts", "scala", "groovy", "clj"})
_TOKEN = LazyPattern(
    r"""[{}\[\]]"""
    r"""|(?P<string>"[^"\\\n]*+(?:\\.[^"\\\n]*+)*+(?:"|\\?$)|'[^'\\\n]*+(?:\\.[^'\\\n]*+)*+(?:'|\\?$))"""
    r"""(?P<colon>\s{0,8}:)?"""
    r"""|(?P<number>(?<![\w.])\d{1,9}(?![\w.]))""",
    re.M,
)


def object_traces(text: str) -> list[list[ObjectFrame]]:
    """Each list of frame objects in `text` as a trace, innermost frame first, in input order; a
    frame object outside any list a trace of its own."""
    if not _LINE_ENTRY.search(text):
        return []
    traces: list[list[ObjectFrame]] = []
    # Each open bracket: an object's entries so far, or a list's frames so far; and how many traces
    # there were when it opened.
    stack: list[dict[str, str | int] | list[tuple[ObjectFrame, bool]]] = []
    opened: list[int] = []
    key: str | None = None  # the entry of a frame's a value would be
    named = ""  # the key the next value is the value of
    for m in islice(_TOKEN.finditer(text), MAX_TOKENS):
        kind = m.lastgroup
        if kind == "colon":  # a key (never escaped, so its quotes are its only difference)
            named = m["string"][1:-1]
            key = named if named in _KEYS else None
            if named == _SEVERITY and stack and isinstance(entries := stack[-1], dict):
                entries[_NOT_A_FRAME] = 1
            continue
        opens_place, named = named in _PLACE_KEYS, ""
        if kind is not None:  # a string or a number
            if key is not None and stack and isinstance(entries := stack[-1], dict):
                entries.setdefault(key, _unquoted(m[0]) if kind == "string" else int(m[0]))
            elif kind == "string" and stack and isinstance(listed := stack[-1], list):
                place = _PLACE.match(_unquoted(m[0]))
                if place:  # a list of places, innermost first (Monolog's trace)
                    listed.append((_located(place["path"], int(place["line"]), None, {}), False))
            key = None
            continue
        key = None
        token = m[0]
        if token in "{[":
            if len(stack) < MAX_DEPTH:
                stack.append(({_NOT_A_FRAME: 1} if opens_place else {}) if token == "{" else [])
                opened.append(len(traces))
        elif token == "}" and stack and isinstance(entries := stack[-1], dict):
            stack.pop()
            first = opened.pop()
            found = _frame(entries)
            if found is None:
                continue
            if stack and isinstance(listed := stack[-1], list):
                listed.append(found)
            elif len(traces) > first and not found[1]:
                traces[first].insert(0, found[0])  # an exception's place, over its trace's list
            else:
                traces.append([found[0]])
        elif token == "]" and stack and isinstance(frames := stack[-1], list):
            stack.pop()
            opened.pop()
            if frames:
                outermost_first = frames[0][1]
                ordered = [frame for frame, _ in frames]
                traces.append(ordered[::-1] if outermost_first else ordered)
    return traces


def _frame(entries: dict[str, str | int]) -> tuple[ObjectFrame, bool] | None:
    """The frame an object describes, and whether its format lists the outermost call first."""
    if _NOT_A_FRAME in entries:
        return None
    path = next((v for k in _PATH_KEYS if isinstance(v := entries.get(k), str) and v), None)
    if path is None:
        return None
    line_key = next((k for k in _LINE_KEYS if isinstance(entries.get(k), int)), None)
    if line_key is None:  # the place one string (Monolog's exception: "file": "…/Cart.php:9")
        place = _PLACE.match(path)
        if place is None:
            return None
        return _located(place["path"], int(place["line"]), None, entries), False
    line = entries[line_key]
    assert isinstance(line, int)
    column = next((v for k in _COLUMN_KEYS if isinstance(v := entries.get(k), int)), None)
    return _located(path, line, column, entries), line_key == _OUTERMOST_FIRST_LINE_KEY


def _located(path: str, line: int, column: int | None, entries: dict[str, str | int]) -> ObjectFrame:
    function = next((v for k in _FUNCTION_KEYS if isinstance(v := entries.get(k), str)), None)
    cls = next((v for k in _CLASS_KEYS if isinstance(v := entries.get(k), str)), None)
    path = clean_path(path)
    if cls and path.rpartition(".")[2] in _JVM_EXTENSIONS:
        # a JVM frame: named as its printed trace names it ('com.acme.shop.Cart.total')
        qualified = f"{cls}.{function}" if function else cls
        return ObjectFrame(path, line, column, qualified, cls.rpartition(".")[0] or None, "jvm")
    # Sentry names an anonymous function '?' ('Object.?' in an object's context)
    named = symbol(function) if function and not function.endswith("?") else None
    return ObjectFrame(path, line, column, named, None, language_of(path) or "unknown")


def _unquoted(string: str) -> str:
    """A string token's text: JSON's escapes undone, a Python literal's backslashes halved."""
    if len(string) < 2 or string[-1] != string[0]:
        return string[1:]  # left open at the end of its line
    if string[0] == '"':
        try:
            return str(json.loads(string))
        except ValueError:
            pass
    return string[1:-1].replace("\\\\", "\\")
