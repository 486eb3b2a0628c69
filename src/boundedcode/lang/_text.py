"""Shared helpers for the evidence parsers: bounded line splitting, ANSI removal, path cleanup.

Evidence is untrusted command output. Everything here is linear in the input and capped, so a
parser never spends more than a bounded time on one message.
"""

from __future__ import annotations

import re
from urllib.parse import unquote

__all__ = [
    "MAX_CHARS",
    "MAX_LINES",
    "MAX_LINE_CHARS",
    "evidence_lines",
    "clean_path",
    "strip_params",
    "native_language",
    "symbol",
]

MAX_CHARS = 2_000_000  # evidence past this is not read: the parsers run on every message
MAX_LINES = 20_000
MAX_LINE_CHARS = 8_192  # a longer line (minified code, a base64 blob) is skipped, not scanned

# CSI sequences (colours, cursor moves), OSC sequences (titles, hyperlinks), two-byte escapes.
_ANSI = re.compile(
    r"\x1b\[[0-9;:?<=>]{0,64}[ -/]{0,4}[@-~]|\x1b\][^\x07\x1b]{0,4096}(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]"
)
_NEWLINE = re.compile(r"\r\n|\r|\n")
_DRIVE_URL = re.compile(r"/[A-Za-z]:/")
_URL_HOST = re.compile(r"[A-Za-z][A-Za-z0-9+.-]{0,20}://[^/?#]{0,255}")
_WEBPACK = ("webpack:///", "webpack-internal:///")
_NATIVE_LANGUAGES = {".rs": "rust", ".swift": "swift", ".go": "go"}
# Names runtimes print for code outside any function: not symbols to look up.
_PSEUDO_NAMES = frozenset({"global code", "eval code", "module code", "anonymous", "main program"})


def evidence_lines(text: str) -> list[str]:
    """The first MAX_LINES lines of `text`, ANSI-free and right-stripped; over-long lines are blank."""
    text = _ANSI.sub("", text[:MAX_CHARS])
    lines = _NEWLINE.split(text, MAX_LINES)[:MAX_LINES]
    return [line.rstrip() if len(line) <= MAX_LINE_CHARS else "" for line in lines]


def clean_path(raw: str) -> str:
    """A printed path as a plain one: URL prefixes off, '/' separators, drive letters kept.

    `file:///C:/x.js` → `C:/x.js`; `webpack:///./src/a.ts?` → `src/a.ts`; `http://host:8080/js/a.js`
    → `/js/a.js`; Dart's `package:shop/src/a.dart` → `shop/lib/src/a.dart` (a package's files live
    under its lib/); `C:\\src\\A.cs` → `C:/src/A.cs`; a leading `./` is dropped.
    """
    path = raw.strip().strip("\"'")
    lowered = path.lower()
    if lowered.startswith("file://"):
        path = unquote(path[len("file://") :])
        if _DRIVE_URL.match(path):
            path = path[1:]
    elif lowered.startswith(_WEBPACK):
        path = path.split(":///", 1)[1].split("?", 1)[0]
    elif lowered.startswith("webpack://"):  # webpack://<project name>/./src/a.ts
        path = path[len("webpack://") :].partition("/")[2].split("?", 1)[0]
    elif lowered.startswith(("http://", "https://")):
        path = _URL_HOST.sub("", path, count=1).split("?", 1)[0].split("#", 1)[0]
    elif path.startswith("package:"):
        package, _, rest = path[len("package:") :].partition("/")
        path = f"{package}/lib/{rest}" if rest else package
    path = path.replace("\\", "/")
    while path.startswith("./"):
        path = path[2:]
    return path


def strip_params(name: str) -> str:
    """`Cart::total(int) const` → `Cart::total`; `main.(*Cart).Total(...)` → `main.(*Cart).Total`."""
    text = name.rstrip()
    for qualifier in (" const", " volatile", " &&", " &", " noexcept"):
        text = text.removesuffix(qualifier)
    if not text.endswith(")"):
        return text
    depth = 0
    for index in range(len(text) - 1, -1, -1):
        if text[index] == ")":
            depth += 1
        elif text[index] == "(":
            depth -= 1
            if depth == 0:
                return text[:index].rstrip() or text
    return text


def native_language(path: str) -> str:
    """The language of a frame printed by a native debugger or sanitizer, from its file."""
    dot = path.rfind(".")
    return _NATIVE_LANGUAGES.get(path[dot:].lower(), "c") if dot >= 0 else "c"


def symbol(name: str | None) -> str | None:
    """`name` unless it is a placeholder such as `<module>`, `{main}`, `(test)` or `global code`."""
    if not name:
        return None
    name = name.strip()
    if not name or name in _PSEUDO_NAMES:
        return None
    if (name[0], name[-1]) in (("<", ">"), ("{", "}"), ("(", ")")):
        return None
    return name
