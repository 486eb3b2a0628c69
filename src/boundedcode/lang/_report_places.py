"""Places a machine-readable report holds: a linter's, a test runner's or a bundler's findings
written as JSON or as XML instead of lines of text.

JSON (eslint's and stylelint's `-f json`, ruff's `json`, pylint's `json2`, bandit's, pyright's
`--outputjson`, webpack's `--json` stats, SARIF from any of them): each object with a line, in
the file it or its nearest enclosing object names (eslint's `filePath` above its `messages`), the
line itself or in a location it holds (ruff's `"location": {"row": 1}`, SARIF's `"region":
{"startLine": 3}`, webpack's `"loc": "2:7"`, GitLab's Code Quality `"positions"`, gcc's `"caret"`,
the first of a finding's `"locations"`, SARIF's and gcc's); the Language Server Protocol's `range`
counts lines from 0 (pyright's), reviewdog's (rdjson) from 1; a finding's proposed edits are no
places. XML (JUnit reports, a linter's as ruff's `junit`, checkstyle's format as phpcs and eslint
write it, cppcheck's `--xml`, GoogleTest's, Catch2's and Boost.Test's): each element with a `line`
attribute, in the file it or an enclosing element names (`<file name="…"><error line="3" …/>`, a
test suite named after a file), or at the place a failure's message starts with (GoogleTest's
`<failure message="cart_test.cpp:6&#x0A;Expected …">`).

A document is read where a line starts one, each line's envelope off (a quote's markers, a CI
log's timestamps): JSON through the standard decoder from a `{` or `[` at a line's start, XML
element by element; at most MAX_DOCUMENTS documents and MAX_PLACES places. An object a frame reader
takes (a file, a numeric line and nothing of a finding's) is left to it.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any, NamedTuple

from ..lazyre import LazyPattern
from ._frame_objects import _LINE_KEYS as FRAME_LINE_KEYS
from ._frame_objects import _PATH_KEYS as FRAME_PATH_KEYS
from ._text import clean_path, unenveloped
from .languages import language_of

__all__ = ["ReportPlace", "report_places"]


class ReportPlace(NamedTuple):
    path: str
    line: int
    column: int | None
    message: str
    severity: str | None


# An entry's keys, each list in order of preference.
# (golangci-lint's --out-format json capitalizes its own: {"Text": …, "Pos": {"Filename": …, "Line": 14}}.)
_PATH_KEYS = ("filePath", "filename", "file", "path", "source", "uri", "moduleName", "sourcepath", "Filename")
_LINE_KEYS = ("line", "lineNumber", "line_number", "row", "startLine", "Line")
_COLUMN_KEYS = ("column", "col", "startColumn", "col_offset", "Column")
_MESSAGE_KEYS = ("message", "msg", "text", "issue_text", "description", "Text")
_SEVERITY_KEYS = ("severity", "level", "issue_severity", "type", "Severity")
# Objects a place is written in, inside the finding that has it, in order of preference (SARIF nests
# the file too, GitLab's Code Quality report its line: {"path": …, "positions": {"begin": {"line": 2,
# "column": 8}}}; gcc's JSON its caret before its span's start).
_LOCATION_KEYS = (
    "location",
    "region",
    "physicalLocation",
    "artifactLocation",
    "position",
    "caret",
    "start",
    "positions",
    "begin",
    "Pos",
)
# A finding's places listed, the first its own (SARIF's and gcc's JSON "locations").
_LOCATIONS = "locations"
# The Language Server Protocol's range counts from 0 ({"start": {"line": 14, "character": 4}});
# reviewdog's (rdjson) from 1, its columns named so ({"start": {"line": 2, "column": 1}}).
_RANGE = "range"
# A finding's proposed edits: text to write, at no place the finding is about.
_EDIT_KEYS = frozenset({"suggestions", "fix", "fixes", "edits"})
# Entries read as a finding's own place (or its edits), not as findings of their own.
_PLACES = frozenset(_LOCATION_KEYS) | {_RANGE, _LOCATIONS} | _EDIT_KEYS
_FINDING_KEYS = frozenset(
    _MESSAGE_KEYS + _SEVERITY_KEYS + ("code", "ruleId", "rule", "symbol", "test_id", "FromLinter")
)
# A JSON report names a place by one of these keys (a word of prose is no key).
_QUOTED_PLACE_KEYS = tuple(f'"{key}"' for key in (*_LINE_KEYS, _RANGE, "loc"))
_LOC = LazyPattern(r"^(?P<line>\d{1,9}):(?P<col>\d{1,9})")  # webpack's "loc": "2:7", "1:0-26"

#: Documents read of one text, and places taken from them.
MAX_DOCUMENTS = 64
MAX_PLACES = 2_000
#: Objects and lists nest no deeper than this (a hostile document's brackets).
MAX_DEPTH = 64

# A line a JSON document starts: an object's first key, or a list's first object, list or string.
# (svelte-check's machine-verbose rows put their time before the object: '1796559296744 {"type":…').
_JSON_START = LazyPattern(r"^(?:\d{10,16} )?[ \t]{0,40}(?=\{\s{0,80}\"|\[\s{0,80}[\[{\"])", re.M)
_XML_TAG = LazyPattern(
    r"<(/?)([\w:.-]{1,100})((?:\s{1,40}[\w:.-]{1,100}=\"[^\"<>]{0,4000}\"){0,60})\s{0,40}(/?)>"
)
_XML_ATTRIBUTE = LazyPattern(r"([\w:.-]{1,100})=\"([^\"<>]{0,4000})\"")
# A failure's message that starts with its place, on a line of its own ('cart_test.cpp:6&#x0A;Expected …').
_MESSAGE_PLACE = LazyPattern(r"^(?P<path>[^\s:<>\"]{1,1000}\.\w{1,10}):(?P<line>\d{1,9})(?:\n|$)")
_XML_ENTITY = LazyPattern(r"&(?:#x([0-9a-fA-F]{1,6})|#(\d{1,7})|(amp|lt|gt|quot|apos));")
_XML_NAMED = {"amp": "&", "lt": "<", "gt": ">", "quot": '"', "apos": "'"}
# A tab or a line break a paste turned raw inside a string still decodes (a vale rule's quoted '\tI ').
_DECODER = json.JSONDecoder(strict=False)


def report_places(text: str) -> list[ReportPlace]:
    """Every place the JSON and XML reports in `text` hold, in document order."""
    places: list[ReportPlace] = []
    json_report = any(key in text for key in _QUOTED_PLACE_KEYS)
    xml_report = "<" in text and 'line="' in text
    if json_report or xml_report:
        text = unenveloped(text)  # a report quoted, or in a CI log's timestamped lines
    if json_report:
        for document in _json_documents(text):
            places += _json_places(document, None, 0)
            if len(places) >= MAX_PLACES:
                return places[:MAX_PLACES]
    if xml_report:
        places += _xml_places(text)
    return places[:MAX_PLACES]


def _json_documents(text: str) -> Iterator[Any]:
    position, found = 0, 0
    while found < MAX_DOCUMENTS:
        m = _JSON_START.search(text, position)
        if m is None:
            return
        try:
            document, end = _DECODER.raw_decode(text, m.end())  # the bracket after the indentation
        except (ValueError, RecursionError):
            position = m.end() + 1
            continue
        if isinstance(document, (dict, list)) and document:
            found += 1
            yield document
        position = end


def _json_places(value: Any, path: str | None, depth: int) -> list[ReportPlace]:
    if depth > MAX_DEPTH:
        return []
    if isinstance(value, list):
        return [place for item in value[:MAX_PLACES] for place in _json_places(item, path, depth + 1)]
    if not isinstance(value, dict):
        return []
    entries = _flattened(value)
    own = next((v for k in _PATH_KEYS if isinstance(v := entries.get(k), str) and _file_like(v)), None)
    path = own or path
    places: list[ReportPlace] = []
    finding = any(key in entries for key in _FINDING_KEYS)
    # a place in no file of its own is a finding's (eslint's message under its file), not an end
    # of a span or a fix's edit; a frame object is the frame reader's
    if (own or finding) and not _frame_object(value, finding):
        found = _json_place(entries, path)
        if found is not None:
            places.append(found)
    for key, item in value.items():
        if key not in _PLACES and isinstance(item, (dict, list)):
            # phpcs's report keys each file's findings by its path
            places += _json_places(item, key if _file_like(key) else path, depth + 1)
    return places


# Documents a prose linter reports on (vale's, through reviewdog), whose names no language's extension ends.
_DOCUMENT_EXTENSIONS = (".tex", ".txt", ".adoc")


def _file_like(value: str) -> bool:
    """Whether a string names a file: a path, or a name a language's or a document's extension ends
    (a rule's dotted name, 'Squiz.Classes.ValidClassName.NotCamelCaps', is none)."""
    return bool(value) and (
        "/" in value
        or "\\" in value
        or language_of(value) is not None
        or value.endswith(_DOCUMENT_EXTENSIONS)
    )


def _flattened(entries: dict[str, Any]) -> dict[str, Any]:
    """An object's entries with those of the locations it holds (theirs second)."""
    merged = dict(entries)
    listed = entries.get(_LOCATIONS)
    first = listed[0] if isinstance(listed, list) and listed else None
    for key in (*_LOCATION_KEYS, _LOCATIONS):
        inner = first if key == _LOCATIONS else entries.get(key)
        if isinstance(inner, dict):
            place = _flattened(inner)
            line, character = place.get("line"), place.get("character")
            if isinstance(line, int) and isinstance(character, int):  # an LSP position, from 0
                place = {**place, "line": line + 1, "column": character + 1}
            for name, value in place.items():
                merged.setdefault(name, value)
    span = entries.get(_RANGE)
    if isinstance(span, dict) and isinstance(start := span.get("start"), dict):
        line, character, column = start.get("line"), start.get("character"), start.get("column")
        if isinstance(line, int) and "line" not in merged:
            if isinstance(column, int):
                merged["line"] = line
                merged.setdefault("column", column)
            else:
                merged["line"] = line + 1
                if isinstance(character, int):
                    merged.setdefault("column", character + 1)
    loc = entries.get("loc")
    if isinstance(loc, str) and (m := _LOC.match(loc)) and "line" not in merged:
        merged["line"], merged["column"] = int(m["line"]), int(m["col"]) + 1
    return merged


def _json_place(entries: dict[str, Any], path: str | None) -> ReportPlace | None:
    line = next(
        (v for k in _LINE_KEYS if isinstance(v := entries.get(k), int) and not isinstance(v, bool)), None
    )
    if path is None or line is None or line < 1:
        return None
    column = next(
        (v for k in _COLUMN_KEYS if isinstance(v := entries.get(k), int) and not isinstance(v, bool)), None
    )
    message = next((v for k in _MESSAGE_KEYS if isinstance(v := entries.get(k), str)), "")
    if not message and isinstance(text := entries.get("message"), dict):  # SARIF's {"text": …}
        message = text.get("text", "") if isinstance(text.get("text"), str) else ""
    return ReportPlace(clean_path(path), line, column, message.split("\n", 1)[0], _severity(entries))


def _severity(entries: dict[str, Any]) -> str | None:
    value = next((v for k in _SEVERITY_KEYS if (v := entries.get(k)) is not None), None)
    if isinstance(value, int) and not isinstance(value, bool):  # eslint's 2 and 1
        return {2: "error", 1: "warning"}.get(value)
    return value.lower() if isinstance(value, str) and len(value) <= 20 else None


def _frame_object(entries: dict[str, Any], finding: bool) -> bool:
    """An object the frame reader takes: its file and line under a frame's keys, and no finding's
    entry beside them."""
    return (
        not finding
        and any(key in entries for key in FRAME_PATH_KEYS)
        and any(isinstance(entries.get(key), int) for key in FRAME_LINE_KEYS)
    )


def _xml_places(text: str) -> list[ReportPlace]:
    places: list[ReportPlace] = []
    files: list[tuple[str, str | None]] = []  # each open element and the file it names
    for m in _XML_TAG.finditer(text):
        closing, tag, attributes, self_closing = m.groups()
        if closing:
            while files and files.pop()[0] != tag:
                pass
            continue
        values = {
            k: _XML_ENTITY.sub(_character, v) if "&" in v else v
            for k, v in _XML_ATTRIBUTE.findall(attributes)
        }
        own = next((v for k in ("file", "filename", "path") if (v := values.get(k))), None)
        if own is None and tag == "file":  # checkstyle's <file name="…">
            own = values.get("name")
        elif own is None and tag == "testsuite" and _file_like(name := values.get("name", "")):
            own = name  # a linter's JUnit report, a suite a file's findings (ruff's)
        path = own or next((p for _, p in reversed(files) if p), None)
        line = values.get("line", "")
        message = values.get("message", values.get("msg", ""))
        if not line and (failed := _MESSAGE_PLACE.match(message)):  # GoogleTest's <failure message=…>
            path, line, message = failed["path"], failed["line"], message.partition("\n")[2]
        if path and line.isdigit() and int(line) > 0:
            column = values.get("column", "")
            places.append(
                ReportPlace(
                    clean_path(path),
                    int(line),
                    int(column) if column.isdigit() else None,
                    message.split("\n", 1)[0],
                    values.get("severity", "").lower() or None,
                )
            )
            if len(places) >= MAX_PLACES:
                break
        if not self_closing and len(files) < MAX_DEPTH:
            files.append((tag, own))
    return places


def _character(m: re.Match[str]) -> str:
    """An XML entity's or character reference's character (one past Unicode's range: nothing)."""
    if m[3]:
        return _XML_NAMED[m[3]]
    code = int(m[1], 16) if m[1] else int(m[2])
    return chr(code) if code <= 0x10FFFF else ""
