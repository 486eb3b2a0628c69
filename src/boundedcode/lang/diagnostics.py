"""Located diagnostics in command output: compiler, linter and type-checker messages.

`parse_diagnostics` reads untrusted text line by line. Most formats are one line each (one table
entry per format: a compiled regex plus a small builder); some are spread over lines and keep a
little state: rustc's (and ruff's, ty's) `-->` location under the message and the corner of
miette's and codespan-reporting's boxes, the file line the grouping linters print above their rows
(eslint, stylelint, PHP_CodeSniffer…), PHPStan's table header, the directory a recursive make
entered (its tools' paths are relative to it) and the package a `go test` output ends with (its
rows name their file alone). A line that reads as a stack frame is never a diagnostic, nor is a
host and port (`example.com:443: …`), nor a logger's record of the exception its next lines trace.
"""

from __future__ import annotations

import posixpath
import re
from collections.abc import Callable, Iterator
from itertools import islice
from typing import NamedTuple

from .._record import Record, field
from ..lazyre import LazyPattern
from ._report_places import report_places
from ._text import clean_path, evidence_lines
from .languages import is_prose_path, language_of
from .frames import is_frame_line
from .testids import BATS_PLACE, TESTTHAT_HEADING

__all__ = ["LOGGER", "Diagnostic", "parse_diagnostics"]

#: The tool of a logger's record (its call site in an error's record): a weaker place than a
#: compiler's, and one the traceback it logged replaces.
LOGGER = "logger"


class Diagnostic(NamedTuple):
    path: str
    line: int
    column: int | None
    message: str
    severity: str | None
    tool: str


class _State(Record):
    header: tuple[str | None, str, str] | None = None  # rustc/ruff: (severity, message, tool)
    eslint_file: str | None = None  # the file header the grouping linters print above their rows
    phpstan_file: str | None = None
    reek_file: str | None = None
    shellcheck_at: tuple[str, int] | None = None
    semgrep_at: tuple[str | None, str] = (None, "")  # semgrep's file header and rule above its rows
    directories: list[str] = field(default_factory=list)  # make's 'Entering directory', innermost last
    cmake: bool = False  # make has run CMake's generated makefiles: its failed recipes are the build's
    tsc_summary: bool = False  # under tsc's 'Errors  Files' table
    pylint_module: str | None = None  # pylint 1.x's '************* Module shop.cart' above its rows
    labelled_file: str | None = None  # brakeman's 'File: app/models/cart.rb', its 'Line: 12' below
    workflow_file: str | None = None  # GitHub's rendered 'Invalid workflow file', its place below
    extra: list[Diagnostic] = field(default_factory=list)  # more places one row gives (reek)


# The compiler that prints `file:line:col: error: …` for files of each kind.
_COMPILER_BY_EXTENSION = {
    **dict.fromkeys(
        ("c", "h", "cc", "cpp", "cxx", "c++", "hh", "hpp", "hxx", "ipp", "inl", "m", "mm", "cu"), "gcc"
    ),
    "swift": "swiftc",
    "java": "javac",
    "kt": "kotlinc",
    "kts": "kotlinc",
    "scala": "scalac",
    "py": "mypy",
    "pyi": "mypy",
    "go": "go",
    "rs": "rustc",
    "ts": "tsc",
    "tsx": "tsc",
    "cs": "csc",
    "hs": "ghc",
}
# Code prefixes of the `file(line,col): error CODE: …` compilers.
_TOOL_BY_CODE = (("TS", "tsc"), ("CS", "csc"), ("LNK", "msvc"), ("C", "msvc"))
_LETTER_SEVERITY = {
    "C": "convention",
    "R": "refactor",
    "W": "warning",
    "E": "error",
    "F": "fatal",
    "I": "info",
}
# Files without an extension that tools do report on.
_BARE_FILE_NAMES = frozenset(
    {
        "Makefile",
        "GNUmakefile",
        "Dockerfile",
        "Containerfile",
        "Jenkinsfile",
        "Rakefile",
        "Gemfile",
        "Vagrantfile",
        "Podfile",
        "Brewfile",
        "Justfile",
    }
)
# `host:port: …` is not `file:line: …`: a dotted name ending like a domain is a host.
_HOST_SUFFIXES = frozenset(
    {
        "com",
        "org",
        "net",
        "edu",
        "gov",
        "io",
        "dev",
        "app",
        "local",
        "internal",
        "localdomain",
        "lan",
        "cloud",
        "svc",
    }
)
_EXTENSION = LazyPattern(r"\.([A-Za-z][\w+-]{0,11})$")
# GHC ends the line after its severity ('src/Cart.hs:12:5: error:'), the message on the lines below.
_SEVERITY = LazyPattern(
    r"^(?P<sev>fatal error|error|warning|note|info|remark|hint|help|ERROR|WARNING)(?:\[[\w-]{1,40}\])?:(?: (?P<msg>.{0,4000}))?$"
)
_PYTHON_WARNING = LazyPattern(r"^[A-Z]\w{0,60}Warning: ")
_PROJECT_SUFFIX = LazyPattern(r" \[[^\[\]]{1,1000}\.(?:vcxproj|csproj|fsproj|vbproj|proj|sln)\]$")

_DIGIT = LazyPattern(r"\d")
# esbuild's namespace before a place ('node-file:/srv/shop/a.js', 'deno:file:///srv/shop/a.tsx').
_NAMESPACE = r"(?:(?:node-file|deno|jsr|npm|http-url|https-url):)?"
_PATH = r"(?P<path>(?:/?[A-Za-z]:[\\/])?[^\s:][^\s:]{0,1000}?)"  # Dart on Windows: '/D:/app/lib/a.dart'


def _extension(path: str) -> str:
    m = _EXTENSION.search(path.rpartition("/")[2])
    return m[1].lower() if m else ""


def _is_file(path: str) -> bool:
    """Whether a printed path can name a file: an extension or a known name, and not a host; a
    backtick is a sentence's code span around it ('Fix the error `e2e/cart.ts'), no path's."""
    if "`" in path:
        return False
    name = path.rpartition("/")[2]
    extension = _extension(path)
    if not extension:
        return name in _BARE_FILE_NAMES or ("/" in path and "." not in name and bool(name))
    return "/" in path or extension not in _HOST_SUFFIXES


#: The numbers a pattern of alternatives gives each alternative's groups (`path`, `path2`, …).
_ALTERNATIVES = ("", "2", "3", "4", "5")


def _first(groups: dict[str, str | None], name: str) -> str:
    """The group `name` of the alternative that matched ("" if it has none); a group with no
    number is shared."""
    return next((v for n in _ALTERNATIVES if (v := groups.get(name + n))), "")


def _place(groups: dict[str, str | None]) -> tuple[str, str, str]:
    """The path, line and column of the alternative that matched."""
    return _first(groups, "path"), _first(groups, "line"), _first(groups, "col")


def _which(groups: dict[str, str | None]) -> int:
    """The alternative that matched, by the number of its `path` group (0 for `path`)."""
    return next(i for i, n in enumerate(_ALTERNATIVES) if groups.get("path" + n))


def _make(
    path: str, line: str, column: str | None, message: str, severity: str | None, tool: str
) -> Diagnostic | None:
    # A bundler's module is its file and a query ('/srv/shop/src/App.vue?vue&type=script&lang.ts',
    # Vite's 'src/cart.worker.ts?worker', a cache's '?v=3f2a1b0c'): the query is no part of the file.
    cleaned = clean_path(path).partition("?")[0]
    if not _is_file(cleaned):
        return None
    return Diagnostic(cleaned, int(line), int(column) if column else None, message.strip(), severity, tool)


def _with_severity(path: str, line: str, col: str | None, rest: str, default_tool: str) -> Diagnostic | None:
    """`rest` is what follows the location: 'error: msg' (a compiler's, named by the file) or a plain message."""
    sev = _SEVERITY.match(rest)
    if sev:  # a compiler's own word, lower case (Sphinx's and esbuild's 'WARNING:', 'ERROR:' are theirs)
        compiler = sev["sev"].islower() and _COMPILER_BY_EXTENSION.get(_extension(clean_path(path)))
        return _make(path, line, col, sev["msg"] or "", sev["sev"].lower(), compiler or default_tool)
    tool = "go" if _extension(path) == "go" else default_tool
    severity = "warning" if _PYTHON_WARNING.match(rest) else None  # 'FutureWarning: …', Python's
    return _make(path, line, col, rest, severity, tool)


#: The places one line can give, at most (a script's errors, a workflow's and those it calls).
_MAX_LINE_PLACES = 32


def _first_of(found: Iterator[Diagnostic | None], state: _State) -> Diagnostic | None:
    """The first of the places a line gives; the others after it (`_State.extra`)."""
    kept = list(islice((d for d in found if d is not None), _MAX_LINE_PLACES))
    state.extra = kept[1:]
    return kept[0] if kept else None


# A compiler handed an absolute path with a space in it (CMake hands every source so): gcc's
# '/home/John Smith/shop/src/cart.c:5:17: error: …'. Only absolute, with an extension and a
# severity after the place: a sentence has colons and spaces too. A drive's path with a line and a
# column is a linter's row whatever follows (ktlint's, flake8's on Windows: 'C:\kotlin projects\src\
# Data.kt:1:1: class … should be declared in a file named …').
_SPACED = LazyPattern(
    r"^(?P<path>(?:[A-Za-z]:[\\/]|/)(?=[^:\t]{0,2000} )[^:\t]{1,2000}?\.[A-Za-z][\w+-]{0,11}):(?P<line>\d{1,9}):(?:(?P<col>\d{1,9}):)? "
    r"(?P<rest>(?:fatal error|error|warning|note): .{0,4000})$"
    r"|^(?P<path2>[A-Za-z]:[\\/](?=[^:\t]{0,2000} )[^:\t]{1,2000}?\.[A-Za-z][\w+-]{0,11}):(?P<line2>\d{1,9}):(?P<col2>\d{1,9}): (?P<rest2>\S.{0,4000})$"
)


def _spaced(m: re.Match[str], state: _State) -> Diagnostic | None:
    path, line, col = _place(m.groupdict())
    return _with_severity(path, line, col, m["rest"] or m["rest2"], "generic")


# tsc --pretty 'src/x.ts:12:5 - error TS2322: …' and pyright '  /src/x.py:12:5 - error: …'; Angular CLI
# puts webpack's 'ERROR in ' before tsc's row ('ERROR in src/app/cart.ts:102:15 - error TS2554: …').
_DASHED = LazyPattern(
    r"^\s{0,8}(?:(?:ERROR|WARNING) in )?(?P<path>(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9}) - (?P<sev>error|warning|information|info|hint)(?: (?P<code>TS\d{1,6}))?: (?P<msg>.{0,4000})$"
)


def _dashed(m: re.Match[str], state: _State) -> Diagnostic | None:
    tool = "tsc" if m["code"] else "pyright" if _extension(m["path"]) in ("py", "pyi") else "generic"
    message = f"{m['code']}: {m['msg']}" if m["code"] else m["msg"]
    return _make(m["path"], m["line"], m["col"], message, m["sev"], tool)


# TypeScript 7's related information under a --pretty error, indented, no severity: '  src/cart.ts:1:39
# - The expected type comes from property 'price' which is declared here on type 'Item''.
_TSC_RELATED = LazyPattern(
    r"^\s{2,8}(?P<path>(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1000}?\.(?:[cm]?[jt]sx?|vue|svelte|astro)):(?P<line>\d{1,9}):(?P<col>\d{1,9}) - (?P<msg>(?!(?:error|warning|information|info|hint)\b).{1,4000})$"
)


def _tsc_related(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], m["msg"], "note", "tsc")


# tsc, MSVC, csc and others 'src/x.ts(12,5): error TS2322: …', 'x.cpp(12): error C2065: …';
# MSBuild appends the project ' [C:\src\shop.vcxproj]'; GitHub Actions' log shows an error's row behind
# its 'Error: ' ('Error: src/cart.vue(5,23): error TS2339: …'); Windows' 'C:\Program Files (x86)\…' is a
# folder's name.
_PAREN = LazyPattern(
    r"^\s{0,8}(?:(?:Error|Warning): )?(?P<path>(?:[A-Za-z]:[\\/])?[^\s(:#](?:[^(:]|\(x86\)){0,1000}?)\((?P<line>\d{1,9})(?:,(?P<col>\d{1,9}))?(?:,\d{1,9},\d{1,9})?\) ?: (?P<rest>\S.{0,4000})$"
)
_PAREN_SEVERITY = LazyPattern(
    r"^(?P<sev>fatal error|error|warning|note|info|message)(?: (?P<code>[A-Z]{1,6}\d{1,6}))?: (?P<msg>.{0,4000})$"
)


def _severity_message(sev: re.Match[str]) -> str:
    """A `_PAREN_SEVERITY` row's message, its code before it ('TS2339: Property …')."""
    return f"{sev['code']}: {sev['msg']}" if sev["code"] else sev["msg"]


def _paren(m: re.Match[str], state: _State) -> Diagnostic | None:
    rest = _PROJECT_SUFFIX.sub("", m["rest"])
    sev = _PAREN_SEVERITY.match(rest)
    if sev is None:
        return _make(m["path"], m["line"], m["col"], rest, None, "generic")
    code = sev["code"] or ""
    tool = next((t for prefix, t in _TOOL_BY_CODE if code.startswith(prefix)), "")
    if not tool:
        tool = "msvc" if _COMPILER_BY_EXTENSION.get(_extension(clean_path(m["path"]))) == "gcc" else "generic"
    return _make(m["path"], m["line"], m["col"], _severity_message(sev), sev["sev"], tool)


# maven-compiler-plugin '[ERROR] /src/main/java/com/acme/Cart.java:[12,5] cannot find symbol', and
# kotlin-maven-plugin's rows above that summary (1.3): '[ERROR] /src/main/kotlin/com/acme/Cart.kt: (7,
# 28) Type mismatch: inferred type is Int but String was expected' (a Windows path may hold spaces).
_MAVEN = LazyPattern(
    r"^\[(?P<sev>ERROR|WARNING)\] (?:" + _PATH + r":\[(?P<line>\d{1,9}),(?P<col>\d{1,9})\]"
    r"|(?P<path2>\S.{0,1000}?\.kts?): \((?P<line2>\d{1,9}), (?P<col2>\d{1,9})\)) (?P<msg>.{0,4000})$"
)


def _maven(m: re.Match[str], state: _State) -> Diagnostic | None:
    path, line, col = _place(m.groupdict())
    tool = _COMPILER_BY_EXTENSION.get(_extension(path), "javac")
    return _make(path, line, col, m["msg"], m["sev"].lower(), tool)


# Kotlin through Gradle: 'e: file:///src/Orders.kt:4:21 msg' (1.8+), 'e: /src/Orders.kt: (5, 12): msg'
# (before 1.8, as kotlinc 1.3's GradleStyle renderer prints it; a CI log's step may indent it).
_KOTLIN_PAREN = r": \((?P<line2>\d{1,9}), (?P<col2>\d{1,9})\):"  # before 1.8: 'Orders.kt: (5, 12):'
_KOTLIN = LazyPattern(
    r"^\s{0,8}(?P<sev>[ew]): (?P<path>\S.{0,1000}?)(?::(?P<line>\d{1,9}):(?P<col>\d{1,9}):?|"
    + _KOTLIN_PAREN
    + r") (?P<msg>.{0,4000})$"
)
# The same rows without their severity, as Android Studio's build window copies them (kotlinc's own
# 'Orders.kt:4:21: error: …' has a colon after the place).
_KOTLIN_COPIED = LazyPattern(
    r"^\s{0,8}(?P<path>\S.{0,1000}?\.kts?)(?::(?P<line>\d{1,9}):(?P<col>\d{1,9})|"
    + _KOTLIN_PAREN
    + r") (?P<msg>.{0,4000})$"
)


def _kotlin(m: re.Match[str], state: _State) -> Diagnostic | None:
    severity = {"e": "error", "w": "warning"}.get(m.groupdict().get("sev") or "")
    return _make(m["path"], m["line"] or m["line2"], m["col"] or m["col2"], m["msg"], severity, "kotlinc")


# The common `file:line[:col]: message` (gcc, clang, javac, go, mypy, swiftc, UBSan-free …), GHC's
# spans 'file:12:5-20: …' and 'file:(12,5)-(14,20): …', the Android Gradle plugin's over lines
# ('styles.xml:1908:5-1912:13: AAPT: error: …'), mypy's '--show-error-end' 'file:5:18:5:22: …',
# g++'s instantiation context 'src/cart.cpp:7:40:   required from here', and
# the linters that put their own codes after it: rubocop 'x.rb:1:5: C: …', pylint 'x.py:1:0: C0114: …',
# ruff and flake8 'x.py:1:8: F401 …', PHPStan's raw format 'x.php:12:Message' (no space), esbuild's
# before 0.14 behind its mark (' > src/app.ts:2:24: error: Could not resolve "./missing"'), esbuild's place
# behind its namespace ('deno:file:///srv/shop/a.tsx:2:40: ERROR: …'), errcheck's code after a tab
# ('internal/cart.go:126:18:\tf.provider.Close()').
_COLON = LazyPattern(
    r"^\s{0,16}(?:[└├│┃┗╰─]{1,4}\s{0,4}|> )?"
    + _NAMESPACE
    + r"(?:file://)?"
    + _PATH
    + r":(?:(?P<line>\d{1,9})(?::(?P<col>\d{1,9})(?:-\d{1,9}(?::\d{1,9})?|:\d{1,9}:\d{1,9})?)?|\((?P<line2>\d{1,9}),(?P<col2>\d{1,9})\)-\(\d{1,9},\d{1,9}\)):[ \t]{1,40}(?P<rest>\S.{0,4000})$"
)
_RUBOCOP = LazyPattern(r"^(?P<letter>[CWEFRI]): (?P<msg>.{1,4000})$")
_PYLINT = LazyPattern(r"^(?P<letter>[CRWEFI])\d{4}: ")
_RUFF = LazyPattern(r"^[A-Z]{1,4}\d{1,5}\b")
_PHPSTAN_RAW = LazyPattern(
    r"^(?P<path>(?:[A-Za-z]:[\\/])?[^\s:]{1,1000}?\.php):(?P<line>\d{1,9}):(?P<msg>(?!\d{1,9}: )\S.{0,4000})$"
)
# PHP_CodeSniffer's emacs report: 'src/Cart.php:3:15: error - Expected 0 spaces …'.
_PHPCS_EMACS = LazyPattern(r"^(?P<sev>error|warning) - (?P<msg>.{1,4000})$")


def _colon(m: re.Match[str], state: _State) -> Diagnostic | None:
    rest, extension = m["rest"], _extension(m["path"])
    if m["line2"]:  # a GHC span over lines
        return _with_severity(m["path"], m["line2"], m["col2"], rest, "ghc")
    if m["col"] and extension == "rb":
        rubocop = _RUBOCOP.match(rest)
        if rubocop:
            return _make(
                m["path"], m["line"], m["col"], rubocop["msg"], _LETTER_SEVERITY[rubocop["letter"]], "rubocop"
            )
    if m["col"] and extension == "php":
        phpcs = _PHPCS_EMACS.match(rest)
        if phpcs:
            return _make(m["path"], m["line"], m["col"], phpcs["msg"], phpcs["sev"], "phpcs")
    if m["col"] and extension in ("py", "pyi"):
        pylint = _PYLINT.match(rest)
        if pylint:
            return _make(m["path"], m["line"], m["col"], rest, _LETTER_SEVERITY[pylint["letter"]], "pylint")
        if _RUFF.match(rest):
            return _make(m["path"], m["line"], m["col"], rest, None, "ruff")
    return _with_severity(m["path"], m["line"], m["col"], rest, "generic")


def _phpstan_raw(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m["msg"], None, "phpstan")


# eslint's stylish rows under their file: '  3:7  error  Missing semicolon  semi'. The grouping linters'
# rows are read without their indentation too (copied from a page that collapses leading blanks): the
# file above them still names them.
_ESLINT_ROW = LazyPattern(
    r"^\s{0,8}(?P<line>\d{1,9}):(?P<col>\d{1,9})\s{1,8}(?P<sev>error|warning)\s{1,8}(?P<msg>\S.{0,4000}?)(?:\s{2,200}(?P<rule>[\w@/-]{1,200}))?$"
)


def _under_header(
    m: re.Match[str], state: _State, message: str, severity: str | None, tool: str
) -> Diagnostic | None:
    """A grouping linter's row: its place in the file the header above it named (none: no row)."""
    if state.eslint_file is None:
        return None
    column = m.groupdict().get("col")
    return Diagnostic(
        state.eslint_file, int(m["line"]), int(column) if column else None, message, severity, tool
    )


def _eslint(m: re.Match[str], state: _State) -> Diagnostic | None:
    message = f"{m['msg']} ({m['rule']})" if m["rule"] else m["msg"]
    return _under_header(m, state, message, m["sev"], "eslint")


# Create React App's eslint formatter (react-dev-utils), rows under their file: '  Line 3:45:  Missing
# semicolon  semi' (before react-scripts 4, '  Line 3:  …', no column).
_CRA_ROW = LazyPattern(
    r"^\s{0,8}Line (?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?: {1,8}(?P<msg>\S.{0,4000}?)(?: {2,200}(?P<rule>[\w@/-]{1,200}))?$"
)


def _cra(m: re.Match[str], state: _State) -> Diagnostic | None:
    message = f"{m['msg']} ({m['rule']})" if m["rule"] else m["msg"]
    return _under_header(m, state, message, None, "eslint")


# eslint's codeframe formatter (built in before eslint 8): 'error: Missing semicolon (semi) at
# src/cart.js:3:45:', the source's lines below.
_ESLINT_CODEFRAME = LazyPattern(
    r"^(?P<sev>error|warning): (?P<msg>.{1,4000}?) at " + _PATH + r":(?P<line>\d{1,9}):(?P<col>\d{1,9}):$"
)


def _eslint_codeframe(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], m["msg"], m["sev"], "eslint")


# ruff's grouped rows under their file ('shop/cart.py:', then '  1:8 F401 [*] `os` imported but
# unused', the places padded to the widest in the file: '   2:1  E401 …') and pydoclint's
# ('shop/cart.py', then '    9: DOC101: Function `describe`: …').
_RUFF_GROUPED_ROW = LazyPattern(
    r"^\s{1,8}(?P<line>\d{1,9}):(?P<col>\d{1,9}) {1,8}(?P<msg>[A-Z]{1,4}\d{1,5} .{1,4000})$"
)
_PYDOCLINT_ROW = LazyPattern(r"^\s{1,8}(?P<line>\d{1,9}): (?P<msg>DOC\d{3}: .{1,4000})$")


def _ruff_grouped(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _under_header(m, state, m["msg"], None, "ruff")


def _pydoclint(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _under_header(m, state, m["msg"], None, "pydoclint")


# Azure Pipelines' logging command, as ruff and other tools print it for a pipeline:
# '##vso[task.logissue type=error;sourcepath=/src/shop/cart.py;linenumber=1;columnnumber=8;code=F401;]…'.
_AZURE = LazyPattern(r"^##vso\[task\.logissue (?P<properties>[^\]]{1,4000})\](?P<msg>.{0,4000})$")
_AZURE_PROPERTY = LazyPattern(r"(\w{1,40})=([^;]{0,2000})")


def _azure(m: re.Match[str], state: _State) -> Diagnostic | None:
    properties = dict(_AZURE_PROPERTY.findall(m["properties"]))
    path, line = properties.get("sourcepath"), properties.get("linenumber", "")
    if not path or not line.isdigit():
        return None
    column = properties.get("columnnumber", "")
    return _make(path, line, column if column.isdigit() else None, m["msg"], properties.get("type"), "azure")


# rubocop's simple and quiet reports, rows under their file's '== app/models/cart.rb ==': 'C:  2: 10:
# [Correctable] Style/StringLiterals: Prefer single-quoted strings …'; staticcheck's stylish rows
# under the file's path: '  (12, 13)  SA5009  Printf format %d has arg #1 of wrong type string'.
_RUBOCOP_ROW = LazyPattern(
    r"^(?P<letter>[CWEFRI]): {1,8}(?P<line>\d{1,9}): {1,8}(?P<col>\d{1,9}): (?P<msg>\S.{0,4000})$"
)
_STATICCHECK_ROW = LazyPattern(
    r"^\s{0,8}\((?P<line>\d{1,9}), (?P<col>\d{1,9})\)\s{1,8}(?P<msg>[A-Z]{1,4}\d{1,5}\s{1,8}\S.{0,4000})$"
)


def _rubocop_row(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _under_header(m, state, m["msg"], _LETTER_SEVERITY[m["letter"]], "rubocop")


def _staticcheck_row(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _under_header(m, state, " ".join(m["msg"].split(None, 1)), None, "staticcheck")


# go vet -json: each finding's place as a JSON entry, its message on the line below:
# '"posn": "/srv/shop/cart/cart.go:10:7",'.
_GO_VET_JSON = LazyPattern(
    r'^\s{0,40}"posn": "(?P<path>[^"]{1,1000}?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?",?$'
)


def _go_vet_json(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], "", None, "go vet")


# djLint's rows under the template's path (and a rule of '─'): 'H013 2:0 Img tag should have an alt
# attribute. <img src="cart.png">', the rule's code first.
_DJLINT_ROW = LazyPattern(r"^(?P<code>[A-Z]\d{3}) (?P<line>\d{1,9}):(?P<col>\d{1,9}) (?P<msg>\S.{0,4000})$")


def _djlint(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _under_header(m, state, f"{m['code']} {m['msg']}", None, "djlint")


# semgrep's matched line under its file and rule ('            5┆ return subprocess.call(cmd, …').
_SEMGREP_ROW = LazyPattern(r"^\s{1,40}(?P<line>\d{1,9})┆")


def _semgrep(m: re.Match[str], state: _State) -> Diagnostic | None:
    path, rule = state.semgrep_at
    if path is None:
        return None
    return Diagnostic(path, int(m["line"]), None, rule, None, "semgrep")


# ansible-lint's place under its rule's line ('name[casing]: All names should start with an
# uppercase letter.'), a task's or its advice after it: 'playbook.yml:5:13 Task/Handler: install'
# (a bare 'playbook.yml:4' is any tool's).
_ANSIBLE_LINT = LazyPattern(
    r"^(?P<path>[^\s:]{1,1000}\.ya?ml):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))? (?P<msg>\S.{0,4000})$"
)


def _ansible_lint(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], m["msg"], None, "ansible-lint")


# PHP_CodeSniffer's full report: rows ' 4 | ERROR | [x] Opening brace of a class must be on …'
# under 'FILE: /srv/shop/src/Cart.php' (a long message goes on in '   |       |     …' rows).
_PHPCS_ROW = LazyPattern(
    r"^\s{0,8}(?P<line>\d{1,9}) \| (?P<sev>ERROR|WARNING)\s{0,4}\| (?:\[[ x]\] )?(?P<msg>\S.{0,4000})$"
)


def _phpcs(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _under_header(m, state, m["msg"], m["sev"].lower(), "phpcs")


# tsc's summary of a run with errors in two files or more, under 'Errors  Files': each file's count of
# errors and its first error's line ('     2  src/cart.ts:1').
_TSC_SUMMARY_HEADER = "Errors  Files"
_TSC_SUMMARY_ROW = LazyPattern(
    r"^\s{0,8}\d{1,6}  (?P<path>\S.{0,1000}?\.(?:[cm]?[jt]sx?|vue|svelte|astro)):(?P<line>\d{1,9})$"
)


def _tsc_summary(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, "", "error", "tsc") if state.tsc_summary else None


# PHPStan's table rows under their 'Line   src/Cart.php' header: '  12     Method … returns string.'.
_PHPSTAN_ROW = LazyPattern(r"^\s{1,4}:?(?P<line>\d{1,9})\s{2,40}(?P<msg>\S.{0,4000})$")


def _phpstan_row(m: re.Match[str], state: _State) -> Diagnostic | None:
    if state.phpstan_file is None:
        return None
    return Diagnostic(state.phpstan_file, int(m["line"]), None, m["msg"], None, "phpstan")


# rustc (and ruff's full format) print the location under the message: ' --> src/main.rs:8:24';
# rustc a span of the same message in another file under '  ::: src/cart.rs:12:9' (a note's place).
_ARROW = LazyPattern(
    r"^\s{0,12}(?P<arrow>-->|:::) (?P<path>\S.{0,1000}?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?$"
)


def _arrow(m: re.Match[str], state: _State) -> Diagnostic | None:
    if m["arrow"] == ":::":
        return _make(m["path"], m["line"], m["col"], "", "note", "rustc")
    severity, message, tool = state.header or (None, "", "rustc")
    state.header = None
    return _make(m["path"], m["line"], m["col"], message, severity, tool)


# The report renderers Rust's tools share print the place in the corner of a box under the
# message: miette (oxlint, swc: '   ╭─[src/lint.js:1:10]', in ASCII '   ,-[src/lint.js:1:10]'; rolldown's,
# Vite 8's, '   ╭─[ src/main.js:4:8 ]') and
# codespan-reporting (taplo, typst, gleam: '  ┌─ src/Cargo.toml:3:11').
_BOXED = LazyPattern(
    r"^\s{0,12}(?:(?:╭─|,-)\[ ?(?P<path>\S.{0,1000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9}) ?\]"
    r"|┌─ (?P<path2>\S.{0,1000}?):(?P<line2>\d{1,9}):(?P<col2>\d{1,9}))$"
)


def _boxed(m: re.Match[str], state: _State) -> Diagnostic | None:
    severity, message, _ = state.header or (None, "", "")
    state.header = None
    path, line, column = _place(m.groupdict())
    return _make(path, line, column, message, severity, "miette" if m["path"] else "codespan")


# An error's class before its place: PostCSS's 'CssSyntaxError: /srv/shop/src/cart.css:1:1: Unclosed
# block' (Tailwind's, a bundler's CSS step's).
_CLASS_FIRST = LazyPattern(
    r"^(?P<cls>[A-Z]\w{0,60}(?:Error|Exception)): "
    + _PATH
    + r":(?P<line>\d{1,9}):(?P<col>\d{1,9}): (?P<msg>\S.{0,4000})$"
)


def _class_first(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], f"{m['cls']}: {m['msg']}", "error", "generic")


# Twig's error, where the template went wrong: 'Unexpected "}" in "cart.html.twig" at line 3.' (and in
# the uncaught exception's line PHP prints); a namespaced template's name ('@Shop/cart.html.twig')
# is its path under the namespace's folder.
_TWIG = LazyPattern(
    r'^.{0,4000}? in "(?:@[\w-]{1,100}/)?(?P<path>[^"\s]{1,1000}\.\w{1,10})" at line (?P<line>\d{1,9})\b'
)


def _twig(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(
        m["path"], m["line"], None, m.string[: m.start("path")].rsplit(" in ", 1)[0], "error", "twig"
    )


# Tools whose place a line holds beside a frame's: PHP's uncaught exception names the template
# in its message, the frame its own file ('Uncaught Twig\Error\RuntimeError: … in "cart.html.twig"
# at line 3. in /srv/…/CoreExtension.php:1513'), and Ruby's error loading a file that file.
_BESIDE_FRAMES = frozenset({"twig", "ruby"})


# Ruby's error raised while loading a file, the frame that loaded it first: "loader.rb:1:in
# `require_relative': /srv/shop/lib/cart.rb:3: syntax error, unexpected integer literal …" (the
# file that failed to load is the error's place).
_RUBY_LOADING = LazyPattern(
    r"^\S{1,1000}?:\d{1,9}:in [`'][^`']{1,300}': (?P<path>[^\s:]{1,1000}?\.(?:rb|erb|rake|ru)):(?P<line>\d{1,9}): (?P<msg>\S.{0,4000})$"
)


def _ruby_loading(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m["msg"], "error", "ruby")


# RSpec's failure in a shared example group names where the group was included: '     Shared Example
# Group: "a priced item" called from ./spec/cart_spec.rb:12' (the backtrace below is the group's).
_RSPEC_SHARED = LazyPattern(
    r'^\s{0,12}Shared Example Group: ".{0,1000}" called from (?P<path>\S{1,1000}\.rb):(?P<line>\d{1,9})$'
)


def _rspec_shared(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m.string.strip(), "error", "rspec")


# Vite's (rolldown's, Rollup's) failed plugin above its error: '[plugin vite:vue] /srv/shop/src/Cart.vue:7:8',
# in Vite 5's overlay and log '[plugin:vite:vue] …'.
_VITE_PLUGIN = LazyPattern(
    r"^\[plugin[: ][\w:@/.-]{1,200}\] " + _PATH + r":(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?$"
)


def _vite_plugin(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], "", "error", "vite")


# Next.js's dev server above a module's compile error: ' ⨯ ./app/layout.js:1:1', the message below
# ('Module not found: Can't resolve …'), then its code frame.
_NEXT_PLACE = LazyPattern(r"^\s{0,8}⨯ " + _PATH + r":(?P<line>\d{1,9}):(?P<col>\d{1,9})$")


def _next_place(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], "", "error", "next")


# LLVM's linker (rust-lld, ld.lld) under an undefined symbol, each place that refers to it: '>>>
# referenced by main.rs:6 (src/main.rs:6)', the source's path in the parentheses.
_LLD_REFERENCED = LazyPattern(
    r"^\s{0,40}>>> referenced by \S{1,300} \((?P<path>[^()\s][^()]{0,1000}?):(?P<line>\d{1,9})\)$"
)


def _lld_referenced(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, "references an undefined symbol", "error", "lld")


# Biome's (Rome's) console reporter, a diagnostic's place and category above its rule, any file it
# checks ('bj/cart.css:3:3 lint/correctness/noUnknownProperty ━━━━', 'biome.json:1:11 deserialize
#  DEPRECATED  ━━━━'), the message on the lines below.
_BIOME = LazyPattern(
    r"^"
    + _PATH
    + r":(?P<line>\d{1,9}):(?P<col>\d{1,9}) (?P<category>[\w/]{1,200})(?: {1,4}[A-Z]{1,20}){0,4} {1,4}━{3,}"
)


def _biome(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], m["category"], None, "biome")


# svelte-check's '--output machine': '1796548964682 ERROR "src/Cart.svelte" 3:9 "Type …"'.
_SVELTE_CHECK = LazyPattern(
    r'^\d{10,16} (?P<sev>ERROR|WARNING) "(?P<path>[^"]{1,1000})" (?P<line>\d{1,9}):(?P<col>\d{1,9}) "(?P<msg>.{0,4000})"$'
)


def _svelte_check(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(
        m["path"], m["line"], m["col"], m["msg"].partition("\\n")[0], m["sev"].lower(), "svelte-check"
    )


# 'file: line N[, col M], message' (jshint), 'file: line N: message' (bash, sh) and Perl-like
# 'message at file line N.' is read by the frames parser.
_FILE_LINE = LazyPattern(
    r"^(?P<path>(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1000}?): line (?P<line>\d{1,9})(?:, col(?:umn)? (?P<col>\d{1,9}))?[,:] (?P<msg>\S.{0,4000})$"
)


def _file_line(m: re.Match[str], state: _State) -> Diagnostic | None:
    tool = "jshint" if m["col"] else "sh" if _extension(m["path"]) in ("sh", "bash", "") else "generic"
    return _make(m["path"], m["line"], m["col"], m["msg"], None, tool)


# puppet-lint --with-filename 'manifests/init.pp - WARNING: double quoted string … on line 3'.
_PUPPET = LazyPattern(
    r"^(?P<path>\S{1,1000}\.pp) - (?P<sev>WARNING|ERROR): (?P<msg>.{1,4000}?) on line (?P<line>\d{1,9})(?: \(check: [\w-]{1,100}\))?$"
)


def _puppet(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m["msg"], m["sev"].lower(), "puppet-lint")


# haml-lint 'app/views/cart.html.haml:12 [W] LineLength: Line is too long. [92/80]'.
_HAML = LazyPattern(r"^(?P<path>\S{1,1000}?):(?P<line>\d{1,9}) \[(?P<sev>[WE])\] (?P<msg>\S.{0,4000})$")


def _haml(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m["msg"], "warning" if m["sev"] == "W" else "error", "haml-lint")


# scalastyle 'error file=/src/main/scala/Cart.scala message=Magic Number line=12 column=5'.
_SCALASTYLE = LazyPattern(
    r"^(?P<sev>error|warning|info) file=(?P<path>\S{1,1000}) message=(?P<msg>.{1,4000}?) line=(?P<line>\d{1,9})(?: column=(?P<col>\d{1,9}))?$"
)


def _scalastyle(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], m["msg"], m["sev"], "scalastyle")


# Rows under a file header (the grouping linters): stylelint's '  3:3  ✖  Unexpected …  rule',
# csslint's '2: warning at line 3, col 3' (its message on the next line), reek's
# '  [7, 12]:DuplicateMethodCall: …' and shellcheck's '  ^-- SC2086 (info): …' under 'In x.sh line 4:'.
_STYLELINT_ROW = LazyPattern(
    r"^\s{0,8}(?P<line>\d{1,9}):(?P<col>\d{1,9})\s{1,8}(?P<sev>[✖⚠×‼])\s{1,8}(?P<msg>\S.{0,4000}?)(?:\s{2,200}(?P<rule>[\w@/-]{1,200}))?$"
)
_CSSLINT_ROW = LazyPattern(
    r"^\d{1,6}: (?P<sev>warning|error) at line (?P<line>\d{1,9}), col (?P<col>\d{1,9})$"
)
_REEK_ROW = LazyPattern(r"^\s{0,8}\[(?P<lines>\d{1,9}(?:, \d{1,9}){0,50})\]:(?P<msg>\S.{0,4000})$")
_SHELLCHECK_ROW = LazyPattern(
    r"^\s{0,400}\^[-^]{0,400} (?P<code>SC\d{4})(?: \((?P<sev>\w{1,20})\))?: (?P<msg>.{1,4000})$"
)


# sqlfluff's rows under '== [models/orders.sql] FAIL': 'L:   2 | P:  12 | LT01 | Expected …'.
_SQLFLUFF_ROW = LazyPattern(
    r"^L:\s{0,8}(?P<line>\d{1,9}) \| P:\s{0,8}(?P<col>\d{1,9}) \| (?P<code>\w{1,20}) \| (?P<msg>.{0,4000})$"
)
_SQLFLUFF_HEADER = LazyPattern(r"^== \[(?P<path>[^\[\]]{1,1000})\] (?:FAIL|PASS)$")


def _sqlfluff(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _under_header(m, state, f"{m['code']}: {m['msg']}", None, "sqlfluff")


def _stylelint(m: re.Match[str], state: _State) -> Diagnostic | None:
    severity = "warning" if m["sev"] == "⚠" else "error"
    message = f"{m['msg']} ({m['rule']})" if m["rule"] else m["msg"]
    return _under_header(m, state, message, severity, "stylelint")


def _csslint(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _under_header(m, state, "", m["sev"], "csslint")


def _reek(m: re.Match[str], state: _State) -> Diagnostic | None:
    if state.reek_file is None:
        return None
    state.extra = [
        Diagnostic(state.reek_file, int(n), None, m["msg"], "warning", "reek") for n in m["lines"].split(", ")
    ]
    return state.extra.pop(0)


def _shellcheck(m: re.Match[str], state: _State) -> Diagnostic | None:
    if state.shellcheck_at is None:
        return None
    path, line = state.shellcheck_at
    return Diagnostic(path, line, None, f"{m['code']}: {m['msg']}", m["sev"], "shellcheck")


# The location alone on its line, the message on the lines below (gfortran 'cart.f90:12:5:',
# go test's '    cart_test.go:15: ' before testify's block, ExUnit's '     test/cart_test.exs:4', hspec's GHC
# span over lines ('  test/ParserSpec.hs:(48,13)-(52,20):'), BuildKit's Dockerfile above the lines it quotes
# ('Dockerfile:168'), Helm 4's template behind 'Error: ' ('Error: shop/templates/rbac.yaml:2:13'),
# esbuild's under its error, behind its namespace ('    node-file:/srv/shop/server.node.js:2:27:'),
# node's failed module above its source line, an ES module's as a URL: 'file:///srv/app/cart.js:1').
_BARE_LOCATION = LazyPattern(
    r"^\s{0,16}(?:Error: )?"
    + _NAMESPACE
    + r"(?:file://(?=/[A-Za-z]:)/|file://)?"
    + _PATH
    + r":(?:(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?|\((?P<line2>\d{1,9}),(?P<col2>\d{1,9})\)-\(\d{1,9},\d{1,9}\)):?$"
)


def _bare_location(m: re.Match[str], state: _State) -> Diagnostic | None:
    path = m["path"].partition("?")[0]
    if not _extension(path) and path.rpartition("/")[2] not in _BARE_FILE_NAMES:  # 'localhost:8080'
        return None
    return _make(m["path"], m["line"] or m["line2"], m["col"] or m["col2"], "", None, "generic")


# A severity before the location: Bazel's 'ERROR: /src/BUILD:12:5: …', Checkstyle's
# '[WARN] /src/Cart.java:12:5: … [Rule]', 'warning: src/a.c:3: …', SwiftPM's swiftbuild backend's
# 'info: /src/Sources/Cart.swift:160:20 protocol requires …'.
_SEVERITY_FIRST = LazyPattern(
    r"^(?:\[(?P<sev1>ERROR|WARN|WARNING|INFO|error|warning)\]|(?P<sev2>ERROR|WARNING|WARN|Error|Warning|error|warning|info|note):)\s{1,8}"
    + _PATH
    + r":(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?:? (?P<msg>\S.{0,4000})$"
)


def _severity_first(m: re.Match[str], state: _State) -> Diagnostic | None:
    severity = (m["sev1"] or m["sev2"]).lower().replace("warn", "warning").replace("warninging", "warning")
    return _make(m["path"], m["line"], m["col"], m["msg"], severity, "generic")


# A rule code right after the location, no colon: markdownlint 'README.md:3:81 MD013/line-length …'
# (0.4x since 0.45 with its severity first: 'README.md:3:10 error MD009/no-trailing-spaces …'),
# hadolint 'Dockerfile:3 DL3008 warning: …', dialyzer 'lib/cart.ex:12:no_return Function …'.
_CODED = LazyPattern(
    r"^"
    + _PATH
    + r":(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?(?: (?:(?P<sev>error|warning) )?(?P<code>[A-Z]{1,8}\d{1,6}(?:/[\w-]{1,100})?)|:(?P<word>[a-z][a-z_]{2,40})) (?P<msg>\S.{0,4000})$"
)


def _coded(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], f"{m['code'] or m['word']}: {m['msg']}", m["sev"], "generic")


# GitHub Actions annotations '::error file=src/a.py,line=12,col=5::message' (any key order; a
# property's colon unescaped, as Bun writes a title: 'title=RangeError: negative price::…').
_ANNOTATION = LazyPattern(r"^::(?P<sev>error|warning|notice)(?P<props> .{1,2000}?)?::(?P<msg>.{0,4000})$")
_ANNOTATION_PROP = LazyPattern(
    r"(?:^ |,)(?P<key>file|line|col|endLine|endColumn|title)=(?P<value>[^,]{0,1000})"
)


def _annotation(m: re.Match[str], state: _State) -> Diagnostic | None:
    props = {p["key"]: p["value"] for p in _ANNOTATION_PROP.finditer(m["props"] or "")}
    if not props.get("file") or not props.get("line", "").isdigit():
        return None
    col = props.get("col") if props.get("col", "").isdigit() else None
    return _make(props["file"], props["line"], col, m["msg"], m["sev"], "github-actions")


# Labelled locations: bandit's '   Location: ./shop/cart.py:12:4', detekt's '… at /src/Cart.kt:12:5',
# Terraform's 'on main.tf line 12, in resource …:', rustfmt's 'Diff in /src/main.rs:12:' (before 1.5:
# 'Diff in /src/main.rs at line 12:'),
# old cppcheck's '[cart.c:12]: (error) …', Nim's 'cart.nim(12, 5) Error: …', OCaml's
# 'File "cart.ml", line 12, characters 5-10:'.
_LABELLED = LazyPattern(
    r"^\s{0,16}(?:Location|location|Source|source|File|file): "
    + _PATH
    + r":(?P<line>\d{1,9})(?::(?P<col>\d{1,9})|-\d{1,9})?$"
)
_AT_END = LazyPattern(
    r"^\s{0,16}(?P<msg>\S.{0,2000}?) at " + _PATH + r":(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?\)?$"
)
_ON_LINE = LazyPattern(
    r"^\s{0,16}(?:on (?P<path>\S{1,1000}) line (?P<line>\d{1,9})(?:, in .{0,1000})?|Diff in (?P<path2>\S{1,1000}?)(?: at line |:)(?P<line2>\d{1,9})):$"
)
_BRACKETED = LazyPattern(r"^\[" + _PATH + r":(?P<line>\d{1,9})\]: \((?P<sev>\w{1,20})\) (?P<msg>.{1,4000})$")
_NIM = LazyPattern(
    r"^(?P<path>[^\s(][^(]{0,1000}?\.nims?)\((?P<line>\d{1,9}), (?P<col>\d{1,9})\) (?P<sev>Error|Warning|Hint): (?P<msg>.{0,4000})$"
)
_OCAML = LazyPattern(
    r'^\s{0,16}File "(?P<path>[^"]{1,1000})", lines? (?P<line>\d{1,9})(?:-\d{1,9})?, characters (?P<col>\d{1,9})-\d{1,9}:$'
)


# A parser's error that names the file first and its position last: Babel's 'SyntaxError:
# /src/cart.js: Unexpected token (4:23)' (before its code frame, a ':' after the position: 'SyntaxError:
# /src/App.test.js: Support for the experimental syntax 'jsx' isn't currently enabled (3:29):'; Jest
# indents it, and before Jest 24 printed Babel 6's without the error's name, an absolute file only:
# '    /src/App.test.js: Unexpected token (3:28)'), Prettier's '[error] src/cart.js: SyntaxError: Unexpected
# token (4:24)'; webpack's 'ERROR in ./src/cart.js 4:23'; Black's 'error: cannot parse:
# shop/cart.py:5:17' (before 24.1 'error: cannot format shop/cart.py: Cannot parse: 5:17: …', then
# '… Cannot parse for target version Python 3.12: 5:17: …').
_SOURCE_FILE = r"(?P<path>(?:[A-Za-z]:[\\/])?[^\s:][^\s:]{0,1000}?\.[A-Za-z][\w+-]{0,11})"
_POSITION_LAST = LazyPattern(
    r"^\s{0,16}(?:\[(?P<sev>error|warn)\] |[A-Z]\w{0,40}Error: |(?=(?:[A-Za-z]:)?[\\/]))"
    + _SOURCE_FILE
    + r": (?P<msg>\S.{0,2000}?) \((?P<line>\d{1,9}):(?P<col>\d{1,9})\):?$"
)
# webpack 5 prints a module's place on its own line below a file's 'ERROR in /srv/shop/src/cart.ts' (a
# loader's error, ts-loader's): './src/cart.ts 12:15-26'; a span over lines ends at its line and column.
_WEBPACK = LazyPattern(
    r"^(?:(?P<sev>ERROR|WARNING) in |(?=\.\.?/))"
    + _SOURCE_FILE
    + r" (?P<line>\d{1,9}):(?P<col>\d{1,9})(?:-\d{1,9}(?::\d{1,9})?)?$"
)
# Below it, the modules that import the failing one, each at its import: ' @ ./src/index.js 3:0-28'
# (several imports of it: ' @ ./src/app.js 4:0-53 53:19-34', the first).
_WEBPACK_IMPORTER = LazyPattern(
    r"^\s{0,4}@ "
    + _SOURCE_FILE
    + r" (?P<line>\d{1,9}):(?P<col>\d{1,9})-\d{1,9}(?: \d{1,9}:\d{1,9}-\d{1,9}){0,200}$"
)
# TypeScript's errors as webpack's plugins print them, the code and message on the line below
# ('      TS2339: Property …'): ts-loader's '[tsl] ERROR in /srv/shop/src/cart.ts(12,16)',
# fork-ts-checker-webpack-plugin's 'ERROR in /srv/shop/src/cart.ts(12,16):' (4.x) and 'ERROR in
# ./src/cart.ts:12:16' (6.x and later); Angular CLI's tsc row after it (documented, not captured:
# 'ERROR in src/app/cart.ts(15,8): error TS2322: Type …').
_WEBPACK_TS = LazyPattern(
    r"^(?:\[tsl\] )?(?P<sev>ERROR|WARNING) in "
    + _SOURCE_FILE
    + r"(?: ?\((?P<line>\d{1,9}),(?P<col>\d{1,9})\)(?::(?: (?P<msg>\S.{0,4000}))?)?|:(?P<line2>\d{1,9}):(?P<col2>\d{1,9}))$"
)
_BLACK = LazyPattern(
    r"^(?P<sev>error): cannot (?:parse: "
    + _SOURCE_FILE
    + r":(?P<line>\d{1,9}):(?P<col>\d{1,9})|format (?P<path2>\S.{0,1000}?): Cannot parse(?: for target version [^:]{1,100})?: (?P<line2>\d{1,9}):(?P<col2>\d{1,9}):.{0,4000})$"
)


def _position_last(m: re.Match[str], state: _State) -> Diagnostic | None:
    # After an exception's name, a dotted word is as likely a name (`ValueError: x.y: bad (1:2)`).
    if "/" not in m["path"] and language_of(m["path"]) is None:
        return None
    return _labelled(m, state)


# gcc's and clang's include chain above an error in a header: 'In file included from src/cart.c:3:',
# then '                 from src/main.c:9:' (gcc adds a column, ends all but the last with ',').
_INCLUDED_FROM = LazyPattern(
    r"^(?:In file included from|\s{1,24}from) (?P<path>[^\s:][^:]{0,1000}?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?[,:]$"
)
# Gradle's '* Where:' of a failed build script: "Build file '/srv/shop/build.gradle' line: 12", also
# as the message of the exception that carries it ('Caused by: org.gradle.internal.exceptions.
# LocationAwareException: Build file '…' line: 12' under --stacktrace).
_GRADLE_WHERE = LazyPattern(
    r"^(?:.{0,300}?LocationAwareException: )?(?:Build file|Script|Settings file) '(?P<path>[^']{1,1000})' line: (?P<line>\d{1,9})$"
)
# Laravel 5's error page 'FatalThrowableError in CartController.php line 33:'.
_PHP_ERROR_IN = LazyPattern(
    r"^(?P<msg>[A-Z]\w{1,200}) in (?P<path>\S{1,1000}\.php) line (?P<line>\d{1,9}):?$"
)
# A failed Dart assertion "'package:shop/src/cart.dart': Failed assertion: line 12 pos 7: 'n > 0': …".
_DART_ASSERTION = LazyPattern(
    r"^'(?P<path>[^']{1,1000}\.dart)': Failed assertion: line (?P<line>\d{1,9}) pos (?P<col>\d{1,9}): ?(?P<msg>.{0,4000})$"
)


# GNU make's failed recipe (4.3 and later): 'make: *** [Makefile:18: start] Error 2', a sub-make's
# 'make[1]: *** [/srv/ndk/build/core/build-binary.mk:424: obj/cart.o] Error 1' (a relative makefile
# is in the directory it entered). Before 4.3 it printed no place ('make: *** [cart] Error 1'); CMake's
# generated makefiles ('CMakeFiles/shop.dir/build.make:90') are a build's, no checkout's, and so is
# the build folder's 'Makefile:91: all' that runs them, printed below them.
_MAKE_RECIPE = LazyPattern(
    r"^[\w.-]{0,40}make(?:\[\d{1,6}\])?: \*\*\* \[(?P<path>(?:[A-Za-z]:[\\/])?[^\s:\[\]][^:\[\]]{0,1000}?):(?P<line>\d{1,9}): "
    r"(?P<target>[^\]]{1,1000})\] (?P<msg>Error \d{1,6}(?: \(ignored\))?|[A-Z][\w ()]{0,100})$"
)


def _make_recipe(m: re.Match[str], state: _State) -> Diagnostic | None:
    state.cmake = state.cmake or "CMakeFiles/" in m["path"]
    if state.cmake:
        return None
    return _make(m["path"], m["line"], None, f"{m['target']}: {m['msg']}", "error", "make")


def _webpack_ts(m: re.Match[str], state: _State) -> Diagnostic | None:
    row = _PAREN_SEVERITY.match(m["msg"] or "")
    return _make(
        *_place(m.groupdict()), _severity_message(row) if row else m["msg"] or "", m["sev"].lower(), "tsc"
    )


def _included_from(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], "includes the file with the error", "note", "gcc")


def _dart_assertion(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], m["msg"], "error", "dart")


# Visual Studio's Error List copied as text: tab-separated columns (four at least), the file's then
# its line's ('Error\tC2065\t…: undeclared identifier\tshop\tC:\\src\\shop\\cart.cpp\t90\t\t').
# Since 2015 a warning IntelliSense still finds is 'Warning (active)' ('Warning (active)\tE0020\t…').
_ERROR_LIST = LazyPattern(r"^\t{0,4}[^\t\\/]{0,11}\w(?: \(active\))?\t(?=[^\t]{0,8192}\t[^\t]{0,8192}\t)")

# …and as an older one (2010) copied it, the tabs turned into spaces: 'Error   1   error C2065: 'is' :
# undeclared identifier   C:\\src\\shop\\cart.cpp  57' (its number, message, file and line).
_ERROR_LIST_SPACED = LazyPattern(
    r"^(?P<sev>Error|Warning|Message)\s{2,12}\d{1,6}\s{2,12}(?P<msg>\S.{0,4000}?)\s{2,40}"
    r"(?P<path>(?:[A-Za-z]:)?[\\/]\S{0,1000}?\.[A-Za-z]\w{0,11})\s{1,40}(?P<line>\d{1,9})(?:\s{1,40}\d{1,9})?(?:\s{2,40}\S{1,300})?$"
)


def _error_list_spaced(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m["msg"], m["sev"].lower(), "msvc")


def _error_list(m: re.Match[str], state: _State) -> Diagnostic | None:
    fields = [f.strip() for f in m.string.lstrip("\t").split("\t")]
    for i in range(1, len(fields) - 1):
        path, number = fields[i], fields[i + 1]
        if number.isdigit() and ("\\" in path or "/" in path) and _extension(path.replace("\\", "/")):
            message = next((f for f in fields[1:i] if " " in f), "")
            severity = fields[0].removesuffix(" (active)").lower() or None
            return _make(path, number, None, message, severity, "msvc")
    return None


# Code::Blocks' build log, the compiler's row in columns: '/home/dev/shop/src/pcg.h|83|error: 'x' was not
# declared in this scope|' (the file's own notes with no line: 'src/pcg.h||In function 'int main()':|').
_CODEBLOCKS = LazyPattern(
    r"^(?P<path>(?:[A-Za-z]:[\\/])?[^\s|:][^|:\t]{0,1000}?\.[A-Za-z][\w+-]{0,11})\|(?P<line>\d{1,9})\|(?P<rest>\S.{0,4000}?)\|?$"
)


def _codeblocks(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _with_severity(m["path"], m["line"], None, m["rest"], "generic")


# PHPMD's text report '/srv/shop/src/Cart.php:4  ShortVariable  Avoid variables with short names like $a.'.
_PHPMD = LazyPattern(
    r"^(?P<path>\S{1,1000}?\.php):(?P<line>\d{1,9})\s{1,12}(?P<rule>[A-Z][A-Za-z]{1,100})\s{1,100}(?P<msg>\S.{0,4000})$"
)


def _phpmd(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, f"{m['rule']}: {m['msg']}", None, "phpmd")


# pydocstyle 'lint/cart.py:12 in public method `total`:' (its code and message on the next line).
_PYDOCSTYLE = LazyPattern(
    r"^(?P<path>\S{1,1000}?\.pyi?):(?P<line>\d{1,9}) (?P<msg>at module level|in [a-z ]{1,60} `[^`]{1,300}`):$"
)
# Sphinx on a docstring '/…/shop/cart.py:docstring of shop.cart.total:5: WARNING: …': the line is
# the docstring's own, so the place is the file as a whole (line 0).
_SPHINX_DOCSTRING = LazyPattern(
    r"^(?P<path>\S.{0,1000}?\.pyi?):docstring of (?P<obj>[\w.]{1,300}):\d{1,9}: (?P<sev>[A-Z]{4,8}): (?P<msg>.{0,4000})$"
)


def _pydocstyle(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m["msg"], None, "pydocstyle")


def _sphinx_docstring(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], "0", None, f"docstring of {m['obj']}: {m['msg']}", m["sev"].lower(), "sphinx")


# glog's and Abseil's log line, C++'s and absl-py's alike: 'F20261203 18:29:44.726811  6076
# table.cc:6] Check failed: …' (glog 0.6; older ones and absl-py print no year, 'E1203 …');
# TensorFlow's '2026-12-03 18:29:44.726811: E tensorflow/core/kernels/x.cc:17] …'; Android's
# runtime relays them under logcat's prefix (evidence_lines takes it off): 'art/runtime/x.cc:289] …'.
_GLOG = LazyPattern(
    r"^(?:(?P<letter>[IWEF])(?:\d{4}){1,2} \d\d:\d\d:\d\d\.\d{1,9}\s{1,12}\d{1,20} "
    r"|\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{1,9}: (?P<letter2>[IWEF]) )?"
    r"(?P<path>[^\s:\[\]]{1,1000}?\.[A-Za-z][\w+-]{0,11}):(?P<line>\d{1,9})\] (?P<msg>.{0,4000})$"
)


def _glog(m: re.Match[str], state: _State) -> Diagnostic | None:
    severity = _LETTER_SEVERITY.get(m["letter"] or m["letter2"] or "")
    return _make(m["path"], m["line"], None, m["msg"], severity, "glog")


# assert(3)'s message when an assertion fails: glibc's 'cart: src/cart.c:4: total: Assertion `n > 0'
# failed.' (the program, then the function as the compiler names it: 'shop::Ledger::~Ledger()'),
# musl's 'Assertion failed: n > 0 (src/cart.c: total: 4)', and the BSDs' and macOS's 'Assertion
# failed: (n > 0), function total, file src/cart.c, line 4.'
_ASSERTION = LazyPattern(
    r"^[^\s:]{1,1000}: " + _PATH + r":(?P<line>\d{1,9}): .{1,4000}?: Assertion (?P<msg>`.{0,4000}' failed)\.$"
    r"|^Assertion failed: (?P<expr>.{1,4000}) \((?P<path2>[^\s:()][^\s:()]{0,1000}): [^:()]{1,4000}: (?P<line2>\d{1,9})\)$"
    r"|^Assertion failed: \((?P<expr3>.{1,4000})\), function [^,]{1,4000}, file (?P<path3>[^,]{1,1000}), line (?P<line3>\d{1,9})\.$"
)


def _assertion(m: re.Match[str], state: _State) -> Diagnostic | None:
    if m["path"]:
        return _make(m["path"], m["line"], None, f"Assertion {m['msg']}", "error", "assert")
    if m["path2"]:
        return _make(m["path2"], m["line2"], None, f"Assertion failed: {m['expr']}", "error", "assert")
    return _make(m["path3"], m["line3"], None, f"Assertion failed: ({m['expr3']})", "error", "assert")


# A logger's call site, as its record names it: go-kit's and slog's logfmt ('level=error
# caller=main.go:21', 'source=/srv/shop/main.go:21'), logrus's ('file="/srv/shop/main.go:33"'), zap's
# and logrus's JSON ('"caller":"shop/main.go:24"', '"file":"/srv/…/main.go:38"'), zap's console
# encoder ('2026-12-06T07:07:26.181Z<TAB>ERROR<TAB>shop/main.go:28<TAB>checkout failed'). Only an
# error's record or a worse one's: below it a record names where the program told what it did (a
# service's startup log names dozens, a shutdown's warning the signal it got), not where it failed.
_LOGGER_CALLER = LazyPattern(
    r"""^.{0,4000}?(?:(?<![\w.-])(?:caller|source|file)="?|"(?:caller|source|file)": ?")"""
    r"""(?P<path>[^\s"':=]{1,1000}\.[A-Za-z]\w{0,11}):(?P<line>\d{1,9})(?=["\s,}]|$)"""
)
_ZAP_CONSOLE = LazyPattern(
    r"^\S{1,40}\t(?P<level>[A-Z]{1,10})\t(?P<path>[^\s:]{1,1000}\.[A-Za-z]\w{0,11}):(?P<line>\d{1,9})\t(?P<msg>[^\t]{0,4000})"
)
# The record's level and message (led by their names' letters, which the search looks for first).
_LOG_LEVEL = LazyPattern(r"""level"?[=:] ?"?(?P<level>[A-Za-z]{1,10})""")
_LOG_MESSAGE = LazyPattern(r"""msg"?[=:] ?(?:"(?P<quoted>(?:[^"\\]|\\.){0,400})"|(?P<bare>[^\s"]{1,400}))""")
_FAILURE_LEVELS = frozenset(
    {"error", "err", "fatal", "crit", "critical", "panic", "dpanic", "alert", "emerg", "emergency", "severe"}
)


def _logged(path: str, line: str, message: str, level: str) -> Diagnostic | None:
    """A logger's record as its call site, if its level is an error's or worse."""
    level = level.lower()
    return _make(path, line, None, message, level, LOGGER) if level in _FAILURE_LEVELS else None


def _logger_caller(m: re.Match[str], state: _State) -> Diagnostic | None:
    level, message = _LOG_LEVEL.search(m.string), _LOG_MESSAGE.search(m.string)
    text = (message["quoted"] or message["bare"] or "") if message else ""
    return _logged(m["path"], m["line"], text, level["level"]) if level else None


def _zap_console(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _logged(m["path"], m["line"], m["msg"], m["level"])


# loguru's default record, its call site a Python module's ('2026-12-06 07:13:51.840 | ERROR    |
# shop.orders:place:10 - order not placed', its time a log prefix evidence_lines takes off): the
# module's file (a script run as __main__ names none).
_LOGURU = LazyPattern(
    r"^(?:\| )?(?P<level>[A-Z]{1,10}) {0,12}\| "
    r"(?P<module>[A-Za-z_]\w{0,200}(?:\.\w{1,200}){0,30}):[\w<>]{1,300}:(?P<line>\d{1,9}) - (?P<msg>.{0,4000})$"
)


def _loguru(m: re.Match[str], state: _State) -> Diagnostic | None:
    if m["module"] == "__main__":
        return None
    return _logged(m["module"].replace(".", "/") + ".py", m["line"], m["msg"], m["level"])


# A record of a logging library's own layout that names its call site: Python's '%(pathname)s:%(lineno)d'
# or '%(filename)s:%(lineno)d' wherever a format puts it (pytest's captured log 'ERROR    shop:cart.py:8
# charging 5', Airflow's '[…] {taskinstance.py:1824} ERROR - Task failed'), logback's '%file:%line':
# a failure's level as a word and a source file's place standing alone, in either order (an
# error's record or a worse one's only, as above).
_LEVEL_WORD = LazyPattern(r"^.{0,400}?(?<![\w.-])(?P<level>ERROR|CRITICAL|FATAL|SEVERE|PANIC)(?![\w.-])")


def _called_at(text: str, start: int) -> bool:
    """Whether the place at `start` is a call's, in parentheses after its name (a JVM frame's
    'total(Cart.java:8)' in a record that holds its trace)."""
    return start >= 2 and text[start - 1] == "(" and (text[start - 2].isalnum() or text[start - 2] in "_$")


_LOG_PLACE = LazyPattern(
    r"(?:^|(?<=[\s\[({:]))(?P<path>(?:[A-Za-z]:[\\/])?[^\s\[\](){}:\"',]{1,1000}\.[A-Za-z]\w{0,11}):(?P<line>\d{1,9})(?=[\s\])}:,]|$)"
)


def _log_record(m: re.Match[str], state: _State) -> Diagnostic | None:
    place = next((p for p in _LOG_PLACE.finditer(m.string) if not _called_at(m.string, p.start())), None)
    if place is None or language_of(place["path"]) is None or is_prose_path(place["path"]):
        return None
    message = m.string[place.end() :].lstrip(" :-]})")
    if message.startswith(m["level"]):  # Airflow's '{payments.py:8} ERROR - payment declined'
        message = message[len(m["level"]) :].lstrip(" :-")
    return _logged(place["path"], place["line"], message, m["level"])


# A sanitizer's summary below its report, at the innermost frame of the program's: 'SUMMARY:
# AddressSanitizer: heap-use-after-free /srv/shop/src/cart.c:12:5 in total', UBSan's (report_error_type=1)
# 'SUMMARY: UndefinedBehaviorSanitizer: signed-integer-overflow cart.c:4:16 in', TSan's 'SUMMARY: ThreadSanitizer:
# data race /srv/shop/src/race.c:6 in bump'; an issue may quote it alone.
_SANITIZER_SUMMARY = LazyPattern(
    r"^SUMMARY: (?P<tool>[A-Za-z]{1,40}Sanitizer): (?P<msg>[\w-]{1,100}(?: [\w-]{1,100}){0,6}) "
    + _PATH
    + r":(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))? in(?: (?P<function>.{1,4000}))?$"
)


def _sanitizer_summary(m: re.Match[str], state: _State) -> Diagnostic | None:
    message = f"{m['msg']} in {m['function']}" if m["function"] else m["msg"]
    return _make(m["path"], m["line"], m["col"], message, "error", m["tool"])


# Chromium's log of a page's console (headless, Electron, CEF, with --enable-logging): '[10704:10704:
# 1203/183254.551612:INFO:CONSOLE:2] "Uncaught TypeError: …", source: file:///srv/web/js/cart.js (2)'
# (before Chromium 1xx 'INFO:CONSOLE(2)]'); the source is the script's URL.
_CHROMIUM_CONSOLE = LazyPattern(
    r"^\[[\d:]{0,40}\d{4}/\d{6}(?:\.\d{1,9})?:[A-Z\d]{1,10}:CONSOLE[:(]\d{1,9}\)?\] "
    r'"(?P<msg>.{0,4000})", source: (?P<path>\S{1,2000}) \((?P<line>\d{1,9})\)$'
)


def _chromium_console(m: re.Match[str], state: _State) -> Diagnostic | None:
    severity = "error" if m["msg"].startswith("Uncaught ") else None
    return _make(m["path"], m["line"], None, m["msg"], severity, "chromium")


# Firefox's (Gecko's) log of a page's uncaught error, with the console sent to stdout (headless, a
# WebDriver session, an extension's web-ext run): 'JavaScript error: file:///srv/web/js/cart.js,
# line 2: TypeError: can't access property "reduce", items is null'.
_GECKO = LazyPattern(
    r"^JavaScript (?P<sev>error|warning|strict warning): (?P<path>\S{1,2000}), line (?P<line>\d{1,9}): (?P<msg>.{0,4000})$"
)


def _gecko(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m["msg"], m["sev"].rpartition(" ")[2], "firefox")


# A console's messages copied out of a browser's developer tools or an IDE's issue list (not a
# tool's output: documented, not captured): Chrome's and Edge's, the source first ('main.js:12
# Uncaught TypeError: …', 'react-dom.development.js:86 Warning: …'); Firefox's and Safari's, the
# source last ('TypeError: f is undefined      app.min.js:1:538'); Xcode's issue navigator,
# 'Shop/Cart.swift:146:13 Cannot find 'x' in scope'. Only a page's or an app's source files.
_WEB_FILE = r"[\w@~.\-/]{0,1000}?[\w-]\.(?:js|mjs|cjs|jsx|ts|tsx|vue|svelte|html?)"
_COPIED = LazyPattern(
    r"^(?P<path>" + _WEB_FILE + r"):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))? (?P<msg>[^\s-].{0,4000})$"
    r"|^(?P<path2>[\w@~.\-/]{1,1000}?\.(?:swift|mm?)):(?P<line2>\d{1,9}):(?P<col2>\d{1,9}) (?P<msg2>\S.{0,4000})$"
    r"|^(?P<msg3>\S.{0,4000}?)\s{2,40}(?P<path3>" + _WEB_FILE + r"):(?P<line3>\d{1,9}):(?P<col3>\d{1,9})$"
)


def _copied(m: re.Match[str], state: _State) -> Diagnostic | None:
    groups = m.groupdict()
    message = _first(groups, "msg")
    severity = (
        "error" if message.startswith(("Uncaught ", "TypeError", "ReferenceError", "SyntaxError")) else None
    )
    return _make(*_place(groups), message, severity, "console")


# Configuration and style sheets' parsers: Ansible's 'The error appears to be in
# '/srv/site/playbook.yml': line 7, column 8, but may' (before 2.8 'to have been in'); PyYAML's and
# ruamel's marks under an error, '  in "config.yml", line 3, column 10' (a string's '"<unicode
# string>"' is no file); lessc's 'ParseError: Unrecognised input in /srv/site/cart.less on line 3,
# column 8:'; Rollup's 'RollupError: src/main.js (2:18): Expression expected' and the location
# again alone, 'src/main.js (2:18)'.
_CONFIG_MARK = LazyPattern(
    r"^(?:- )?The error appears to (?:be|have been) in '(?P<path>[^']{1,1000})': line (?P<line>\d{1,9}), column (?P<col>\d{1,9})"
    r'|^\s{0,8}in "(?P<path2>[^"<>]{1,1000})", line (?P<line2>\d{1,9}), column (?P<col2>\d{1,9})$'
    r"|^(?P<msg3>.{0,2000}?) in (?P<path3>\S{1,1000}) on line (?P<line3>\d{1,9}), column (?P<col3>\d{1,9}):$"
    r"|^(?:\[!\] )?(?:[A-Z]\w{0,40}Error: )?(?P<path4>[^\s:()]{1,1000}\.[A-Za-z]\w{0,11}) \((?P<line4>\d{1,9}):(?P<col4>\d{1,9})\)"
    r"(?:: (?P<msg4>.{1,4000}))?$"
)
_CONFIG_TOOLS = ("ansible", "yaml", "less", "rollup")  # by alternative


def _config_mark(m: re.Match[str], state: _State) -> Diagnostic | None:
    groups = m.groupdict()
    return _make(*_place(groups), _first(groups, "msg"), None, _CONFIG_TOOLS[_which(groups)])


# A template's error, as the template engines print it: Django's debug page ('In template
# /srv/shop/templates/cart.html, error at line 4'), Go's text/template and html/template ('template:
# cart.tmpl:4:19: executing …'; Hugo names the file first, '"/srv/site/layouts/index.html:1:7":
# execute of template failed'), Jekyll's Liquid ('Liquid Exception: Liquid syntax error (line 5): …
# in /srv/site/_layouts/default.html'; without '(line N)', the file as a whole), and Rails' error
# page ('Showing /srv/shop/app/views/carts/show.html.erb where line #12 raised:', documented, not
# captured: no Rails here). The message runs to the line's end whatever its length (MAX_LINE_CHARS):
# a shorter bound made each earlier start try every length again.
_TEMPLATE_ERROR = LazyPattern(
    r"^In template (?P<path>\S.{0,1000}?), error at line (?P<line>\d{1,9})$"
    r'|^.{0,2000}?(?:"(?P<path2>[^"\s]{1,1000}\.[A-Za-z]\w{0,11}):(?P<line2>\d{1,9}):(?P<col2>\d{1,9})": '
    r"|\btemplate: (?P<path3>[^\s:\"]{1,1000}\.[A-Za-z]\w{0,11}):(?P<line3>\d{1,9}):(?P<col3>\d{1,9}): )(?P<msg>.{0,8192})$"
    r"|^\s{0,8}Liquid (?:Exception|Warning): (?P<msg4>.{0,4000}) in (?P<path4>\S{1,1000}\.[A-Za-z]\w{0,11})$"
    r"|^Showing (?P<path5>\S.{0,1000}?) where line #(?P<line5>\d{1,9}) raised:$"
)
_TEMPLATE_TOOLS = ("django", "go-template", "go-template", "liquid", "rails")  # by alternative
_LIQUID_LINE = LazyPattern(r"\(line (?P<line>\d{1,9})\)")


# Helm's error of a template another includes names the included one's place in its message ('…
# error calling include: template: shop/templates/_helpers.tpl:15:14: executing …'): the cause, after it.
_INCLUDED_TEMPLATE = LazyPattern(
    r"\btemplate: (?P<path>[^\s:\"]{1,1000}\.[A-Za-z]\w{0,11}):(?P<line>\d{1,9}):(?P<col>\d{1,9}): "
)


def _template_error(m: re.Match[str], state: _State) -> Diagnostic | None:
    groups = m.groupdict()
    which, message, line = _which(groups), _first(groups, "msg"), _first(groups, "line")
    if groups.get("path3"):
        included = (
            _make(i["path"], i["line"], i["col"], "", "error", "go-template")
            for i in _INCLUDED_TEMPLATE.finditer(message)
        )
        state.extra = list(islice((d for d in included if d is not None), _MAX_LINE_PLACES))
    if not line:  # Liquid names the line in its message, if at all: else the file as a whole
        line_of = _LIQUID_LINE.search(message)
        line = line_of["line"] if line_of else "0"
    return _make(
        _first(groups, "path"), line, _first(groups, "col"), message, "error", _TEMPLATE_TOOLS[which]
    )


# `dart analyze` and `flutter analyze` (documented, not captured: no Dart SDK here): Dart 3's '  error -
# lib/cart.dart:12:5 - Undefined name 'x'. - undefined_identifier', Dart 2's '  error • Undefined name
# 'x' • lib/cart.dart:12:5 • undefined_identifier'.
_DART_ANALYZE = LazyPattern(
    r"^\s{0,8}(?P<sev>error|warning|info|lint) (?:- (?P<path>\S{1,1000}?\.dart):(?P<line>\d{1,9}):(?P<col>\d{1,9}) - "
    r"(?P<msg>.{1,2000}) - [\w.]{1,200}|• (?P<msg2>.{1,2000}?) • (?P<path2>\S{1,1000}?\.dart):(?P<line2>\d{1,9}):"
    r"(?P<col2>\d{1,9}) • [\w.]{1,200})$"
)


# Flutter's own renderings of the same rows: the message first, then the place (' at ' before it in
# Flutter 1, '-' for '•' on a console without Unicode: '  error - Expected an identifier -
# lib\cart.dart:17:32 - missing_identifier'), the columns padded; and a row the console's width broke,
# its place and code on the indented line below ('         lib/main.dart:1:8 • uri_does_not_exist').
_DART_ANALYZE_FLUTTER = LazyPattern(
    r"^\s{0,8}(?P<sev>error|warning|info|lint|hint) [-•] (?P<msg>.{1,2000}?)(?: at| [-•]) "
    r"(?P<path>\S{1,1000}?\.(?:dart|yaml)):(?P<line>\d{1,9}):(?P<col>\d{1,9})\s{0,40}(?:[-•](?: {1,8}\(?[\w.]{1,200}\)?)?)?$"
    r"|^\s{4,40}(?P<path2>\S{1,1000}?\.(?:dart|yaml)):(?P<line2>\d{1,9}):(?P<col2>\d{1,9})\s{0,40}[-•] \(?[\w.]{1,200}\)?$"
)


def _dart_analyze(m: re.Match[str], state: _State) -> Diagnostic | None:
    groups = m.groupdict()
    return _make(*_place(groups), _first(groups, "msg"), groups.get("sev"), "dart analyze")


# Playwright Test's failed test, where it is declared: '  1) [chromium] › cart.spec.ts:5:3 › cart ›
# totals ───…' (the browser's project, then the file from the test folder), its list reporter's
# '  ✘  1 cart.spec.js:5:3 › cart › totals (49ms)' and the summary's '    cart.spec.js:5:3 › …', its line
# reporter's '[1/1] [chromium] › e2e\Fixed Income\yields.spec.ts:84:9 › …' (a Windows folder's blank).
_PLAYWRIGHT = LazyPattern(
    r"^\s{0,12}(?:\d{1,6}\) |[✘×]\s{1,4}\d{1,6} |\[\d{1,6}/\d{1,6}\] )?(?:\[[^\]]{1,100}\] › )?(?P<path>[^\s:][^:›]{0,1000}?\.[cm]?[jt]sx?):"
    r"(?P<line>\d{1,9}):(?P<col>\d{1,9}) › (?P<msg>.{1,2000}?)(?: ─{1,1000}| \(\d[\d.]{0,12}m?s\))?$"
)


def _playwright(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], m["msg"], None, "playwright")


# Clojure's error (1.10 and later), its phase and where: 'Syntax error reading source at
# (shop/broken.clj:5:1).', 'Syntax error compiling fn* at (cart.clj:12:5).', 'Execution error
# (ArithmeticException) at shop.cart/total (cart.clj:4).'; before 1.10 the exception's message ends
# with it: 'CompilerException java.lang.RuntimeException: Unable to resolve symbol: tax in this
# context, compiling:(shop/cart.clj:4:3)'.
_CLOJURE = LazyPattern(
    r"^(?P<msg>(?:Syntax error (?:reading source|compiling|macroexpanding)|Execution error(?: \([\w.$]{1,300}\))?)"
    r"(?: [^\s(]{1,300})? at(?: [^\s(]{1,300})?) \((?P<path>[^()\s:]{1,1000}?\.clj[cs]?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?\)\.$"
    r"|^(?P<msg2>\S.{0,4000}?),? compiling:\((?P<path2>[^()\s:]{1,1000}?\.clj[cs]?):(?P<line2>\d{1,9})(?::(?P<col2>\d{1,9}))?\)$"
)


def _clojure(m: re.Match[str], state: _State) -> Diagnostic | None:
    path, line, col = _place(m.groupdict())
    return _make(path, line, col, m["msg"] or m["msg2"], "error", "clojure")


# A failed documentation test, as rustdoc names it: 'test src/lib.rs - total (line 3) ... FAILED' and
# '---- src/lib.rs - total (line 3) stdout ----' (the example's first line in the file).
_DOCTEST = LazyPattern(
    r"^(?:test |---- )(?P<path>\S{1,1000}?\.rs) - (?P<msg>\S.{0,1000}?) \(line (?P<line>\d{1,9})\)(?: - compile(?: fail)?)?"
    r"(?: \.\.\. FAILED| stdout ----)$"
)


def _doctest(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m["msg"], "error", "rustdoc")


# PowerShell's error record: Windows PowerShell's 'At C:\scripts\deploy.ps1:12 char:5' under the
# message, PowerShell 7's 'Get-Item: C:\scripts\deploy.ps1:12' above the line. Documented, not
# captured: no PowerShell here.
_POWERSHELL = LazyPattern(
    r"^(?:At |[A-Z][\w-]{0,100}: )(?P<path>\S.{0,1000}?\.ps[dm]?1):(?P<line>\d{1,9})(?: char:(?P<col>\d{1,9}))?$"
)


def _powershell(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], "", "error", "powershell")


# A row with no blank after its column: buf's and prototool's 'proto/shop/cart.proto:5:9:Service name
# "Cart" should be suffixed with "Service".', GHDL's before 2.0 'src/cpu.vhdl:264:7:error: no declaration
# for …'. Only a file's row with a line and a column, its message starting with a letter (no clock's
# '10:22:33:', no span's '5:9:12').
_TIGHT = LazyPattern(
    r"^\s{0,16}" + _SOURCE_FILE + r":(?P<line>\d{1,9}):(?P<col>\d{1,9}):(?P<rest>[A-Za-z].{0,4000})$"
)


def _tight(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _with_severity(m["path"], m["line"], m["col"], m["rest"], "generic")


# Crystal's place of an error, above the code it quotes and 'Error: …' (1.x: 'In src/cart.cr:6:16', each
# instantiation on the way to it too); before 0.24 with the message: 'Error in ./src/cli.cr:12:
# undefined method 'caption'', an instantiation's 'in ./src/cart.cr:10: instantiating …'.
_CRYSTAL = LazyPattern(
    r"^(?P<error>Error i|I|i)n "
    + _SOURCE_FILE
    + r":(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?(?:: (?P<msg>\S.{0,4000}))?$"
)


def _crystal(m: re.Match[str], state: _State) -> Diagnostic | None:
    tool = "crystal" if _extension(m["path"]) == "cr" else "generic"
    return _make(m["path"], m["line"], m["col"], m["msg"] or "", "error" if m["error"] != "i" else None, tool)


# Elixir's compiler before 1.15, its error's place after the exception's name: '** (CompileError)
# lib/cart.ex:3: undefined function tax_rate/0 (…)', '** (SyntaxError) lib/cart.ex:12:5: syntax error
# before: ')''.
_ELIXIR_ERROR = LazyPattern(
    r"^\*\* \((?P<cls>[A-Z][\w.]{0,200})\) "
    + _SOURCE_FILE
    + r":(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?: (?P<msg>\S.{0,4000})$"
)


def _elixir_error(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], f"{m['cls']}: {m['msg']}", "error", "elixirc")


# testthat's failed expectation, its test file and line in the heading above the message (the pattern
# is the test ids' too).
def _testthat(m: re.Match[str], state: _State) -> Diagnostic | None:
    path, line, col = _place(m.groupdict())
    severity = "warning" if m["sev"].lower() == "warning" else "error"
    return _make(path, line, col, m["name"] or m["name2"], severity, "testthat")


# Godot's errors: 3.x's place under the error, 'SCRIPT ERROR: total: Invalid get index …' then
# '   At: res://cart.gd:6.' (the engine's own 'ERROR: …' then '   At: core/os/dir_access.cpp:185.');
# 4.x's '   at: total (res://cart.gd:6)'; the editor's 'ERROR: res://addons/api.gd:586 - Parse Error: …'
# and output panel's 'res://cart.gd:46 - Invalid set index …'; the debugger's stack rows '<C Source>
# modules/gdscript/gdscript_editor.cpp:321 @ debug_get_stack_level_instance()', '<GDScript Source>',
# '<Stack Trace>'.
_GODOT = LazyPattern(
    r"^\s{0,16}(?:(?:At|at): (?:(?P<fn>[^\s()][^()]{0,500}) \()?(?P<path>[^\s():][^\s()]{0,1000}?):(?P<line>\d{1,9})\)?\.?"
    r"|(?:(?P<sev>ERROR|WARNING|SCRIPT ERROR): )?(?P<path2>res://[^\s:]{1,1000}|(?<=: )[^\s:]{1,1000}):(?P<line2>\d{1,9}) - (?P<msg>\S.{0,4000})"
    r"|<(?:C\+\+ Source|C Source|C\+\+ Error|GDScript Source|Stack Trace)> {1,40}(?P<path3>[^\s:]{1,1000}):(?P<line3>\d{1,9}) @ (?P<fn3>\S.{0,500}))$"
)


def _godot(m: re.Match[str], state: _State) -> Diagnostic | None:
    groups = m.groupdict()
    path, line, _ = _place(groups)
    if not (
        path.startswith("res://") or groups["path3"] or groups["msg"] or m[0].lstrip().startswith("At: ")
    ):
        return None  # 4.x's 'at: …' of an engine's file alone reads as too many tools' rows
    severity = "warning" if groups["sev"] == "WARNING" else "error"
    return _make(path, line, None, groups["msg"] or groups["fn3"] or groups["fn"] or "", severity, "godot")


# A place in brackets at the row's end or start: Vivado's 'ERROR: [Synth 8-1031] pin_number is not
# declared [/home/dev/fpga/src/top.vhdl:168]', protolint's '[proto/cart.proto:121:13] Field name
# "Disabled" must be LowerSnakeCase'.
_BRACKETED_PLACE = LazyPattern(
    r"^(?P<sev>ERROR|CRITICAL WARNING|WARNING|INFO): \[[^\[\]]{1,200}\] (?P<msg>\S.{0,4000}?) \[(?P<path>[^\[\]\s]{1,1000}):(?P<line>\d{1,9})\]$"
    r"|^\[(?P<path2>[^\[\]\s]{1,1000}\.[A-Za-z]\w{0,9}):(?P<line2>\d{1,9}):(?P<col2>\d{1,9})\] (?P<msg2>\S.{0,4000})$"
)


def _bracketed_place(m: re.Match[str], state: _State) -> Diagnostic | None:
    groups = m.groupdict()
    path, line, col = _place(groups)
    severity = (groups["sev"] or "").lower().removeprefix("critical ") or None
    return _make(path, line, col, groups["msg"] or groups["msg2"], severity, "generic")


# GNU ld's place in an object built with debug information, behind the object's name: '/usr/bin/ld:
# b.o:/srv/shop/b.c:1: multiple definition of `total'; a.o:/srv/shop/a.c:1: first defined here' (the
# first definition a place too).
_LD_OBJECT = LazyPattern(
    r"^(?:\S{0,1000}?\bld(?:\.\w{1,10})?: )?[^\s:]{1,1000}\.o(?:bj)?:(?P<path>[^\s:]{1,1000}):(?P<line>\d{1,9}): (?P<msg>\S.{0,4000}?)"
    r"(?:; [^\s:]{1,1000}\.o(?:bj)?:(?P<first>[^\s:]{1,1000}):(?P<first_line>\d{1,9}): first defined here)?$"
)


def _ld_object(m: re.Match[str], state: _State) -> Diagnostic | None:
    first = (
        _make(m["first"], m["first_line"], None, "first defined here", "note", "ld") if m["first"] else None
    )
    return _first_of(iter((_make(m["path"], m["line"], None, m["msg"], "error", "ld"), first)), state)


# Gradle's exception for a Kotlin build script that does not compile, its errors in one line:
# 'ScriptCompilationException(errors=[ScriptCompilationError(message=Unresolved reference: grgit,
# location=/home/dev/.gradle/.tmp/gradle-kotlin-dsl-1674.tmp/build.gradle.kts (52:41)), …])'.
_KTS_ERRORS_AT = LazyPattern(r"^.{0,2000}?ScriptCompilationError\(message=")
_KTS_ERROR = LazyPattern(
    r"ScriptCompilationError\(message=(?P<msg>.{0,2000}?), location=(?P<path>\S.{0,1000}?\.kts) \((?P<line>\d{1,9}):(?P<col>\d{1,9})\)\)"
)


def _kts_errors(m: re.Match[str], state: _State) -> Diagnostic | None:
    errors = _KTS_ERROR.finditer(m.string, m.start())
    return _first_of(
        (_make(e["path"], e["line"], e["col"], e["msg"], "error", "kotlinc") for e in errors), state
    )


# Places older releases wrote their own way: the Dart analysis server's in IntelliJ ('error: Undefined
# name 'JSON'. (undefined_identifier at [shop] lib/cart.dart:34)'), meson before 0.47 ('Meson
# encountered an error in file meson.build, line 12, column 0:'), gfortran before 5 ('src/cart.f90:44.4:'
# above its code and 'Error: …').
_OLDER_PLACE = LazyPattern(
    r"^(?P<sev>error|warning|info|hint): (?P<msg>\S.{0,4000}?) \([a-z_]{1,100} at \[[^\]]{1,200}\] (?P<path>\S{1,1000}?\.dart):(?P<line>\d{1,9})\)$"
    r"|^Meson encountered an error in file (?P<path2>\S{1,1000}), line (?P<line2>\d{1,9}), column (?P<col2>\d{1,9}):$"
    r"|^(?P<path3>\S{1,1000}?\.(?:f|for|f77|f90|f95|f03|f08|F|F90)):(?P<line3>\d{1,9})\.(?P<col3>\d{1,9}):$"
)


def _older_place(m: re.Match[str], state: _State) -> Diagnostic | None:
    groups = m.groupdict()
    path, line, col = _place(groups)
    severity = groups["sev"] or ("error" if groups["path2"] else None)
    return _make(path, line, col, groups["msg"] or "", severity, "generic")


# A linter's row with no colon after the column: golangci-lint's tab format, the linter padded to a
# column ('internal/http.go:135:6      revive  exported: exported type … should have comment'), pyre's
# ('main/main.py:24:15 Unsupported operand [58]: `+` is not supported …'), cspell's ('docs/logs.md:17:1
# - Unknown word (autoinstrumentation)').
_UNCOLONED = LazyPattern(
    r"^\s{0,8}"
    + _SOURCE_FILE
    + r":(?P<line>\d{1,9}):(?P<col>\d{1,9})(?:[ \t]{2,200}(?P<linter>[\w-]{1,60})[ \t]{1,40}(?P<msg>\S.{0,4000})"
    r"| (?P<pyre>[A-Z][\w ]{0,100} \[\d{1,4}\]: .{0,4000})| - (?P<word>\S.{0,4000}))$"
)


def _uncoloned(m: re.Match[str], state: _State) -> Diagnostic | None:
    if m["linter"]:
        return _make(m["path"], m["line"], m["col"], f"{m['linter']}: {m['msg']}", None, "golangci-lint")
    if m["pyre"]:
        return _make(m["path"], m["line"], m["col"], m["pyre"], "error", "pyre")
    return _make(m["path"], m["line"], m["col"], m["word"], None, "generic")


# pylint before 2.0, its rows without a path under the module's header ('************* Module
# shop.cart', then 'C:  9, 0: Invalid argument name "x" (invalid-name)'): the module's file.
_PYLINT_MODULE = "************* Module "
_PYLINT_OLD_ROW = LazyPattern(
    r"^(?P<letter>[CRWEF]):\s{0,4}(?P<line>\d{1,9}),\s{0,4}-?\d{1,9}: (?P<msg>\S.{0,4000})$"
)


def _pylint_old_row(m: re.Match[str], state: _State) -> Diagnostic | None:
    if state.pylint_module is None:
        return None
    path = state.pylint_module.replace(".", "/") + ".py"
    return Diagnostic(path, int(m["line"]), None, m["msg"], _LETTER_SEVERITY[m["letter"]], "pylint")


# stylelint 2 and 3's string formatter, a row a line under the file ('15:1\tExpected indentation of 2
# spaces (indentation)').
_STYLELINT_OLD_ROW = LazyPattern(r"^(?P<line>\d{1,9}):(?P<col>\d{1,9})\t(?P<msg>\S.{0,4000})$")


def _stylelint_old(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _under_header(m, state, m["msg"], None, "stylelint")


# SpotBugs' place of a bug, a class's file and its line ('[ERROR] Medium: … may expose internal
# representation … [com.acme.Cart] At Cart.java:[line 125] EI_EXPOSE_REP', a report's 'At
# Cart.java:[lines 40-52]').
_SPOTBUGS = LazyPattern(
    r"^.{0,4000}?\bAt (?P<path>[\w$.-]{1,300}\.(?:java|kt|groovy|scala)):\[lines? (?P<line>\d{1,9})(?:-\d{1,9})?\]"
)


def _spotbugs(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m.string[: m.start("path") - 3].strip(), None, "spotbugs")


# pytype's error, shaped as a traceback's row ('File "shop/cart.py", line 116, in read: unsupported
# operand type(s) for +: 'bytearray' and 'bytes' [unsupported-operands]').
_PYTYPE = LazyPattern(
    r'^File "(?P<path>[^"]{1,1000})", line (?P<line>\d{1,9}), in \S{1,300}: (?P<msg>.{1,4000} \[[a-z][a-z-]{1,80}\])$'
)


def _pytype(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m["msg"], "error", "pytype")


# Psalm's text output: 'ERROR: UndefinedMethod - src/Post/PostController.php:58:44 - Method … does
# not exist (see https://psalm.dev/022)'.
_PSALM = LazyPattern(
    r"^(?P<sev>ERROR|INFO|WARNING): (?P<code>[A-Z]\w{1,100}) - (?P<path>\S{1,1000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9}) - (?P<msg>\S.{0,4000})$"
)


def _psalm(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], m["col"], f"{m['code']}: {m['msg']}", m["sev"].lower(), "psalm")


# A failed test's place some runners print on a line of its own: bats' (`BATS_PLACE`, the test ids'
# too), Test::More's one-line form ('Failed test 'hbeat count' at t/07-client.t line 187.', its '#   '
# off), Pester's 'at line: 81 in C:\projects\shop\Tests\Cart.tests.ps1'.
_TEST_PLACE = LazyPattern(
    r"^#?\s{0,4}Failed test (?:'(?P<msg>.{0,1000}?)'\s{0,4})?(?:at|in) (?P<path>\S{1,1000}) (?:at )?line (?P<line>\d{1,9})\."
    r"|^\s{0,16}at line: (?P<line2>\d{1,9}) in (?P<path2>\S.{0,1000}?\.ps[dm]?1)$"
)


def _bats_place(m: re.Match[str], state: _State) -> Diagnostic | None:
    return Diagnostic(clean_path(m["file"]), int(m["line"]), None, "", "error", "bats")


def _test_place(m: re.Match[str], state: _State) -> Diagnostic | None:
    path, line, _ = _place(m.groupdict())
    tool = ("test-more", "pester")[_which(m.groupdict())]
    return Diagnostic(clean_path(path), int(line), None, m["msg"] or "", "error", tool)


# GitHub Actions' check of a workflow file, its places in parentheses ('The workflow is not valid.
# .github/workflows/ci.yml (Line: 29, Col: 9): Unexpected value 'with'', a called workflow's after the
# caller's on one line; 'Invalid workflow file: .github/workflows/ci.yml#L1(Line: 24, Col: 13): …').
_WORKFLOW_PLACES_AT = LazyPattern(r"^.{0,2000}?\.ya?ml(?:@[\w.-]{1,100})?(?:#L\d{1,9})? ?\(Line: \d")
_WORKFLOW_PLACE = LazyPattern(
    r"(?P<path>[^\s:'\"()]{1,1000}\.ya?ml)(?:@[\w.-]{1,100})?(?:#L\d{1,9})? ?\(Line: (?P<line>\d{1,9}), Col: (?P<col>\d{1,9})\): ?"
)


# The same check as GitHub's page renders it, the file a link's text and its place on the line below
# ('[Invalid workflow file: .github/workflows/ci.yml#L1](https://…)', then '(Line: 10, Col: 3): …').
_WORKFLOW_FILE = LazyPattern(r"Invalid workflow file:? (?P<path>[^\s#\[\]()]{1,1000}\.ya?ml)")
_WORKFLOW_NEXT = LazyPattern(r"^\(Line: (?P<line>\d{1,9}), Col: (?P<col>\d{1,9})\): ?(?P<msg>.{0,4000})$")


def _workflow_next(m: re.Match[str], state: _State) -> Diagnostic | None:
    path, state.workflow_file = state.workflow_file, None
    if path is None:
        return None
    return Diagnostic(path, int(m["line"]), int(m["col"]), m["msg"], "error", "github-actions")


def _workflow_places(m: re.Match[str], state: _State) -> Diagnostic | None:
    places = list(islice(_WORKFLOW_PLACE.finditer(m.string), _MAX_LINE_PLACES))
    ends = [w.start() for w in places[1:]] + [len(m.string)]  # a message runs up to the next place
    found = (
        _make(w["path"], w["line"], w["col"], m.string[w.end() : end], "error", "github-actions")
        for w, end in zip(places, ends)
    )
    return _first_of(found, state)


# The Android Gradle plugin's manifest merger: the app's manifest in its suggestion ('… to <application>
# element at AndroidManifest.xml:26:5-412:19 to override.'), a library's where an attribute is declared
# ('from [com.android.support:support-compat:28.0.0] AndroidManifest.xml:22:18-91').
_MANIFEST_PLACES_AT = LazyPattern(r"^.{0,4000}?(?:\] |element at )[\w./-]{0,200}AndroidManifest\.xml:\d")
_MANIFEST_PLACE = LazyPattern(
    r"(?:\] |element at )(?P<path>[\w./-]{0,200}AndroidManifest\.xml):(?P<line>\d{1,9}):(?P<col>\d{1,9})"
)


def _manifest_places(m: re.Match[str], state: _State) -> Diagnostic | None:
    places = _MANIFEST_PLACE.finditer(m.string)
    return _first_of(
        (_make(p["path"], p["line"], p["col"], "", "error", "manifest-merger") for p in places), state
    )


# Database clients' errors in a script they ran: psql's ('psql:db/echo_data.sql:46: ERROR:  syntax error
# …', a localized client's 'error:'), mysql's ('ERROR 1064 (42000) at line 3 in file:
# './procedures/ratio.sql': You have an error …'); CocoaPods' place of a Podfile's error (' #  from
# /Users/dev/shop/Podfile:28').
_SCRIPT_PLACE = LazyPattern(
    r"^psql:(?P<path>(?:[A-Za-z]:[\\/])?[^:\s]{1,1000}):(?P<line>\d{1,9}): (?P<sev>ERROR|error|WARNING|warning|FATAL|fatal):\s{1,4}(?P<msg>.{0,4000})$"
    r"|^ERROR \d{1,6}(?: \(\w{1,10}\))? at line (?P<line2>\d{1,9}) in file: '(?P<path2>[^']{1,1000})': (?P<msg2>.{0,4000})$"
    r"|^\s{0,8}#\s{1,4}from (?P<path3>\S{1,1000}?Podfile):(?P<line3>\d{1,9})$"
)


def _script_place(m: re.Match[str], state: _State) -> Diagnostic | None:
    groups = m.groupdict()
    path, line, _ = _place(groups)
    tool = ("psql", "mysql", "cocoapods")[_which(groups)]
    return Diagnostic(clean_path(path), int(line), None, _first(groups, "msg"), "error", tool)


# Drupal's log of an exception, its place in parentheses at the end: '… in Drupal\shop\Plugin\Cart->total()
# (line 219 of /var/www/modules/shop/src/Plugin/Cart.php).'
_DRUPAL = LazyPattern(
    r"^.{0,4000}?\(line (?P<line>\d{1,9}) of (?P<path>[^()\s]{1,1000}\.(?:php|inc|module|install|theme))\)\.?$"
)


def _drupal(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, m.string[: m.start("line") - 7].strip(), "error", "drupal")


# brakeman's text report: a warning's file and line on lines of their own ('File:
# app/views/posts/show.html.erb', then 'Line: 51'; a warning about a file as a whole has no line).
_LABELLED_FILE = LazyPattern(r"^\s{0,16}File: (?P<path>[^\s:]{1,1000}\.[A-Za-z]\w{0,11})$")
_LABELLED_LINE = LazyPattern(r"^\s{0,16}Line: (?P<line>\d{1,9})$")


def _labelled_line(m: re.Match[str], state: _State) -> Diagnostic | None:
    path, state.labelled_file = state.labelled_file, None
    return Diagnostic(path, int(m["line"]), None, "", None, "brakeman") if path else None


# Julia before 0.7, the file an error stopped loading ('while loading /srv/shop/calsim.jl, in
# expression starting on line 102'; since 0.7 'in expression starting at /srv/shop/calsim.jl:102').
_JULIA_LOADING = LazyPattern(
    r"^while loading (?P<path>\S.{0,1000}?), in expression starting on line (?P<line>\d{1,9})$"
)


def _julia_loading(m: re.Match[str], state: _State) -> Diagnostic | None:
    return _make(m["path"], m["line"], None, "", "error", "julia")


def _labelled(m: re.Match[str], state: _State) -> Diagnostic | None:
    groups = m.groupdict()
    path, line = _first(groups, "path"), _first(groups, "line")
    if not path or not line:
        return None
    severity = (groups.get("sev") or "").lower() or None
    return _make(path, line, _first(groups, "col"), _first(groups, "msg"), severity, "generic")


class _Row(NamedTuple):
    """A one-line format: its pattern, the builder of its diagnostic, and the substrings one of
    which is in every line the pattern matches (none: tried on every line). A line holding no
    hint is not matched: the pattern is compiled only when some line could be one of its rows
    (a message with digits but no tool's output compiles few of the 57: 7 ms a process)."""

    pattern: LazyPattern
    build: Callable[[re.Match[str], _State], Diagnostic | None]
    hints: tuple[str, ...]


_ONE_LINE: tuple[_Row, ...] = (
    _Row(_ARROW, _arrow, ("--> ", "::: ")),  # rustc, ruff --output-format=full
    _Row(_BOXED, _boxed, ("╭─[", ",-[", "┌─ ")),  # miette (oxlint, swc), codespan-reporting (taplo)
    _Row(_ESLINT_ROW, _eslint, ("error", "warning")),  # eslint (stylish)
    _Row(_CRA_ROW, _cra, ("Line ",)),  # Create React App's eslint formatter
    _Row(_TSC_SUMMARY_ROW, _tsc_summary, ("ts:", "js:", "sx:", "vue:", "svelte:", "astro:")),  # tsc's summary
    _Row(_ESLINT_CODEFRAME, _eslint_codeframe, (" at ",)),  # eslint -f codeframe
    _Row(_DJLINT_ROW, _djlint, (":",)),  # djLint
    _Row(_RUFF_GROUPED_ROW, _ruff_grouped, (":",)),  # ruff --output-format grouped
    _Row(_PYDOCLINT_ROW, _pydoclint, (": DOC",)),  # pydoclint
    _Row(_RUBOCOP_ROW, _rubocop_row, (": ",)),  # rubocop --format simple / quiet
    _Row(_STATICCHECK_ROW, _staticcheck_row, ("(",)),  # staticcheck -f stylish
    _Row(_GO_VET_JSON, _go_vet_json, ('"posn": ',)),  # go vet -json
    _Row(_ANSIBLE_LINT, _ansible_lint, (".yml:", ".yaml:")),  # ansible-lint
    _Row(_SEMGREP_ROW, _semgrep, ("┆",)),  # semgrep
    _Row(_PHPCS_ROW, _phpcs, ("| ERROR", "| WARNING")),  # PHP_CodeSniffer (full)
    _Row(_STYLELINT_ROW, _stylelint, ("✖", "⚠", "×", "‼")),  # stylelint (string)
    _Row(_CSSLINT_ROW, _csslint, (" at line ",)),  # csslint
    _Row(_SQLFLUFF_ROW, _sqlfluff, ("| P:",)),  # sqlfluff
    _Row(_REEK_ROW, _reek, ("]:",)),  # reek
    _Row(_SHELLCHECK_ROW, _shellcheck, (" SC",)),  # shellcheck (tty)
    _Row(_CONFIG_MARK, _config_mark, (", column ", " (")),  # Ansible, PyYAML, lessc, Rollup
    _Row(_POWERSHELL, _powershell, (".ps1:", ".psd1:", ".psm1:")),  # PowerShell
    _Row(_DOCTEST, _doctest, (".rs - ",)),  # rustdoc
    _Row(_CLOJURE, _clojure, (" error", "compiling:(")),  # Clojure
    _Row(_PLAYWRIGHT, _playwright, (" › ",)),  # Playwright Test
    _Row(_DART_ANALYZE, _dart_analyze, (".dart:",)),  # dart analyze, flutter analyze
    _Row(_DART_ANALYZE_FLUTTER, _dart_analyze, (".dart:", ".yaml:")),  # flutter analyze's own
    # Django, Go templates, Hugo, Jekyll (Liquid), Rails
    _Row(_TEMPLATE_ERROR, _template_error, ("In template ", '": ', "template: ", "Liquid ", "Showing ")),
    _Row(_FILE_LINE, _file_line, (": line ",)),  # jshint, bash
    _Row(_PUPPET, _puppet, (".pp - ",)),  # puppet-lint
    _Row(_HAML, _haml, (" [W] ", " [E] ")),  # haml-lint
    _Row(_SCALASTYLE, _scalastyle, (" file=",)),  # scalastyle
    _Row(_PHPSTAN_ROW, _phpstan_row, ()),  # phpstan (table)
    _Row(_DASHED, _dashed, (" - ",)),  # tsc --pretty, pyright
    _Row(_TSC_RELATED, _tsc_related, (" - ",)),  # TypeScript 7's related information
    # maven-compiler-plugin (javac, kotlinc), kotlin-maven-plugin
    _Row(_MAVEN, _maven, ("[ERROR] ", "[WARNING] ")),
    _Row(_KOTLIN, _kotlin, ("e: ", "w: ")),  # kotlinc through Gradle
    _Row(_KOTLIN_COPIED, _kotlin, (".kt:", ".kts:")),  # Android Studio's build window
    # ts-loader, fork-ts-checker-webpack-plugin, Angular CLI
    _Row(_WEBPACK_TS, _webpack_ts, ("ERROR in ", "WARNING in ")),
    _Row(_PAREN, _paren, ("):", ") :")),  # tsc, MSVC, csc, generic file(line,col)
    _Row(_PHPSTAN_RAW, _phpstan_raw, (".php:",)),  # phpstan --error-format=raw
    _Row(_COLON, _colon, (":",)),  # gcc, clang, javac, go, mypy, swiftc, rubocop, pylint, ruff, generic
    _Row(_SPACED, _spaced, ("error: ", "warning: ", "note: ", ":\\", ":/")),  # a path with a space
    # Bazel, Checkstyle, SwiftPM
    _Row(
        _SEVERITY_FIRST,
        _severity_first,
        ("ERROR", "WARN", "INFO", "Error", "Warning", "error", "warning", "info: ", "note: "),
    ),
    _Row(_CODED, _coded, (":",)),  # markdownlint, hadolint, dialyzer
    _Row(_ANNOTATION, _annotation, ("::",)),  # GitHub Actions
    _Row(_AZURE, _azure, ("##vso[task.logissue ",)),  # Azure Pipelines
    _Row(_CLASS_FIRST, _class_first, ("Error: ", "Exception: ")),  # PostCSS
    _Row(_VITE_PLUGIN, _vite_plugin, ("[plugin",)),  # Vite
    _Row(_NEXT_PLACE, _next_place, ("⨯ ",)),  # Next.js
    _Row(_BIOME, _biome, ("━━━",)),  # Biome
    _Row(_LLD_REFERENCED, _lld_referenced, (">>> referenced by ",)),  # rust-lld, ld.lld
    _Row(_TWIG, _twig, ('" at line ',)),  # Twig
    _Row(_RSPEC_SHARED, _rspec_shared, (" called from ",)),  # RSpec
    _Row(_RUBY_LOADING, _ruby_loading, (":in ",)),  # ruby
    _Row(_SVELTE_CHECK, _svelte_check, (' "',)),  # svelte-check --output machine
    _Row(_LABELLED, _labelled, ("ocation: ", "ource: ", "ile: ")),  # bandit
    _Row(_AT_END, _labelled, (" at ",)),  # detekt
    _Row(_ON_LINE, _labelled, (" line ", "Diff in ")),  # Terraform, rustfmt
    _Row(_BRACKETED, _labelled, ("]: (",)),  # cppcheck (before 1.x)
    _Row(_NIM, _labelled, (".nim(", ".nims(")),  # nim
    _Row(_OCAML, _labelled, (", characters ",)),  # ocaml
    _Row(_POSITION_LAST, _position_last, (" (",)),  # babel, prettier
    _Row(_WEBPACK, _labelled, ("ERROR in ", "WARNING in ", "./")),  # webpack
    _Row(_WEBPACK_IMPORTER, _labelled, ("@ ",)),  # webpack
    _Row(_BLACK, _labelled, ("error: cannot ",)),  # black
    _Row(_MAKE_RECIPE, _make_recipe, (": *** [",)),  # GNU make
    _Row(_INCLUDED_FROM, _included_from, ("from ",)),  # gcc, clang
    _Row(_GRADLE_WHERE, _labelled, ("' line: ",)),  # Gradle
    _Row(_PHP_ERROR_IN, _labelled, (".php line ",)),  # Laravel 5
    _Row(_DART_ASSERTION, _dart_assertion, ("': Failed assertion: line ",)),  # Dart
    _Row(_PHPMD, _phpmd, (".php:",)),  # PHPMD
    _Row(_PYDOCSTYLE, _pydocstyle, (".py:", ".pyi:")),  # pydocstyle
    _Row(_SPHINX_DOCSTRING, _sphinx_docstring, (":docstring of ",)),  # Sphinx (autodoc)
    _Row(_GLOG, _glog, ("] ",)),  # glog, Abseil, absl-py, TensorFlow
    _Row(_SANITIZER_SUMMARY, _sanitizer_summary, ("SUMMARY: ",)),  # AddressSanitizer, UBSan, ThreadSanitizer
    _Row(_ASSERTION, _assertion, ("Assertion ",)),  # assert(3): glibc, musl, the BSDs and macOS
    # go-kit, slog, logrus, zap
    _Row(_LOGGER_CALLER, _logger_caller, ("caller", "source", "file=", '"file"')),
    _Row(_ZAP_CONSOLE, _zap_console, ("\t",)),  # zap's console encoder
    _Row(_LOGURU, _loguru, (" | ",)),  # loguru
    _Row(_PSALM, _psalm, ("ERROR", "INFO", "WARN")),  # Psalm (before Python's logging)
    _Row(_SCRIPT_PLACE, _script_place, ("psql:", "ERROR", "from ")),  # psql, mysql, CocoaPods
    # testthat (before Python's logging: '── ERROR (test-that.R:111:5): …')
    _Row(TESTTHAT_HEADING, _testthat, ("(",)),
    _Row(_LEVEL_WORD, _log_record, ("ERROR", "CRITICAL", "FATAL", "SEVERE", "PANIC")),  # Python's logging
    _Row(_CHROMIUM_CONSOLE, _chromium_console, ("CONSOLE",)),  # Chromium, Electron
    _Row(_GECKO, _gecko, ("JavaScript ",)),  # Firefox
    _Row(_BARE_LOCATION, _bare_location, (":",)),  # gfortran, go test, ExUnit
    _Row(_TIGHT, _tight, (":",)),  # buf, prototool, GHDL before 2.0
    _Row(_CRYSTAL, _crystal, (":",)),  # Crystal
    _Row(_ELIXIR_ERROR, _elixir_error, (" (",)),  # Elixir's compiler
    _Row(_GODOT, _godot, (": ", " - ", "@ ")),  # Godot
    _Row(_JULIA_LOADING, _julia_loading, (" line ",)),  # Julia before 0.7
    _Row(_BRACKETED_PLACE, _bracketed_place, ("] ",)),  # Vivado, protolint
    _Row(_LD_OBJECT, _ld_object, (": ",)),  # GNU ld
    _Row(_KTS_ERRORS_AT, _kts_errors, ("(",)),  # Gradle's Kotlin DSL
    _Row(_OLDER_PLACE, _older_place, (":",)),  # the Dart analysis server, meson, gfortran
    _Row(_DRUPAL, _drupal, ("(line ",)),  # Drupal
    _Row(_LABELLED_LINE, _labelled_line, ("Line: ",)),  # brakeman
    _Row(_UNCOLONED, _uncoloned, (":",)),  # golangci-lint (tab), pyre, cspell
    _Row(_PYLINT_OLD_ROW, _pylint_old_row, (": ",)),  # pylint before 2.0
    _Row(_STYLELINT_OLD_ROW, _stylelint_old, ("\t",)),  # stylelint 2 and 3
    _Row(_SPOTBUGS, _spotbugs, (":[line",)),  # SpotBugs
    _Row(_PYTYPE, _pytype, ('File "',)),  # pytype
    _Row(BATS_PLACE, _bats_place, (" line",)),  # bats
    _Row(_TEST_PLACE, _test_place, (" line",)),  # Test::More, Pester
    _Row(_WORKFLOW_PLACES_AT, _workflow_places, ("(Line: ",)),  # GitHub Actions' workflow check
    _Row(_WORKFLOW_NEXT, _workflow_next, ("(Line: ",)),  # GitHub's page of the same
    _Row(_MANIFEST_PLACES_AT, _manifest_places, ("AndroidManifest.xml:",)),  # the manifest merger
    _Row(_CODEBLOCKS, _codeblocks, ("|",)),  # Code::Blocks
    _Row(_ERROR_LIST, _error_list, ("\t",)),  # Visual Studio's Error List
    # Visual Studio 2010's Error List
    _Row(_ERROR_LIST_SPACED, _error_list_spaced, ("Error", "Warning", "Message")),
    _Row(_COPIED, _copied, (":",)),  # Chrome, Firefox, Safari consoles, Xcode's issue navigator, copied
)

# Lines that set the state the multi-line formats read.
# rustc's and the renderers' like it ('error[E0308]: …', ty's 'error[invalid-explicit-return]: …',
# 'info: Function defined here'); miette's mark: '  × …' an error, '  ⚠ …' a warning, '  ☞ …' advice
# (in ASCII 'x', '!', '>'; the last is no mark: a quoted line is one too).
_RUST_HEADER = LazyPattern(r"^(?P<sev>error|warning|note|help|info)(?:\[[\w-]{1,60}\])?: (?P<msg>.{1,4000})$")
_MIETTE_HEADER = LazyPattern(r"^  (?P<mark>[×⚠☞x!]) (?P<msg>\S.{0,4000})$")
_MIETTE_SEVERITY = {"×": "error", "x": "error", "⚠": "warning", "!": "warning", "☞": "advice"}
_RUFF_HEADER = LazyPattern(r"^(?P<msg>[A-Z]{1,4}\d{1,5} .{1,4000})$")
_BARE_PATH = LazyPattern(r"^(?P<path>(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1000}\.[A-Za-z][\w+-]{0,11}):?$")
_PHPSTAN_HEADER = LazyPattern(r"^\s{1,4}Line\s{2,40}(?P<path>\S.{0,1000})$")
_REEK_HEADER = LazyPattern(r"^(?P<path>\S{1,1000}) -- \d{1,9} warnings?(?: \([^()]{0,200}\))?:$")
_SHELLCHECK_HEADER = LazyPattern(r"^In (?P<path>\S.{0,1000}?) line (?P<line>\d{1,9}):$")
_PHPCS_HEADER = LazyPattern(r"^FILE: (?P<path>\S.{0,1000})$")
_RUBOCOP_HEADER = LazyPattern(r"^== (?P<path>\S.{0,1000}?) ==$")
# semgrep's text report: a file's path alone (indented, unless a Markdown block's unindenting took
# it off), each finding's rule under it ('    ❯❱ shell-true', '   ❯❯❱ no-eval': the marks its
# severity's), its matched lines below ('   5┆ …').
_SEMGREP_HEADER = LazyPattern(
    r"^ {0,12}(?:(?P<path>[^\s:❯]{1,1000}\.[A-Za-z][\w+-]{0,11})|❯{1,3}❱ (?P<rule>\S{1,300}))$"
)
_DRIVE = LazyPattern(r"^[A-Za-z]:[\\/]")
# make names the directory a recursive build runs in ('make[1]: Entering directory '/srv/shop/src''),
# and so does ninja the build directory it runs in (meson's: "ninja: Entering directory `build'"):
# its tools' paths are relative to it ('../src/cart.c').
_DIRECTORY = LazyPattern(
    r"^(?:[\w.-]{0,40}make(?:\[\d{1,6}\])?|ninja): (?P<verb>Entering|Leaving) directory [`'‘](?P<dir>[^'’]{1,1000})['’]$"
)


def _update_state(line: str, state: _State) -> None:
    if not line:
        state.eslint_file = state.phpstan_file = state.reek_file = state.labelled_file = None
        state.tsc_summary = False
        return
    if line == _TSC_SUMMARY_HEADER:
        state.tsc_summary = True
        return
    header = _RUST_HEADER.match(line)
    if header:
        state.header = (header["sev"], header["msg"], "rustc")
        return
    miette = _MIETTE_HEADER.match(line) if line[2:3] in _MIETTE_SEVERITY else None
    if miette:
        state.header = (_MIETTE_SEVERITY[miette["mark"]], miette["msg"], "miette")
        return
    ruff = _RUFF_HEADER.match(line)
    if ruff:
        state.header = (None, ruff["msg"], "ruff")
        return
    workflow = _WORKFLOW_FILE.search(line) if "workflow file" in line and "(Line: " not in line else None
    if workflow:
        state.workflow_file = clean_path(workflow["path"])
        return
    labelled = _LABELLED_FILE.match(line) if "File: " in line else None
    if labelled:
        state.labelled_file = clean_path(labelled["path"])
        return
    if line.startswith(_PYLINT_MODULE):
        state.pylint_module = line[len(_PYLINT_MODULE) :].strip() or None
        return
    bare = _BARE_PATH.match(line)
    if bare:
        state.eslint_file = clean_path(bare["path"])
        state.semgrep_at = (state.eslint_file, "")
        return
    directory = _DIRECTORY.match(line)
    if directory:
        if directory["verb"] == "Entering":
            state.directories.append(directory["dir"])
        elif directory["dir"] in state.directories:
            del state.directories[state.directories.index(directory["dir"]) :]
        return
    phpcs = _PHPCS_HEADER.match(line)
    if phpcs:
        state.eslint_file = clean_path(phpcs["path"])
        return
    rubocop = _RUBOCOP_HEADER.match(line) if line.startswith("== ") else None
    if rubocop:
        state.eslint_file = clean_path(rubocop["path"])
        return
    phpstan = _PHPSTAN_HEADER.match(line)
    if phpstan:
        state.phpstan_file = clean_path(phpstan["path"])
        return
    sqlfluff = _SQLFLUFF_HEADER.match(line)
    if sqlfluff:
        state.eslint_file = clean_path(sqlfluff["path"])
        return
    reek = _REEK_HEADER.match(line)
    if reek:
        state.reek_file = clean_path(reek["path"])
        return
    shellcheck = _SHELLCHECK_HEADER.match(line)
    if shellcheck:
        state.shellcheck_at = (clean_path(shellcheck["path"]), int(shellcheck["line"]))
        return
    semgrep = _SEMGREP_HEADER.match(line) if line.startswith(" ") or "❯" in line else None
    if semgrep and semgrep["path"]:
        state.semgrep_at = (clean_path(semgrep["path"]), "")
    elif semgrep:
        state.semgrep_at = (state.semgrep_at[0], semgrep["rule"])


# The rows a line could be, by the hints it holds (a row without hints is tried on every line), in
# the table's order: one substring search a hint, not one a row's hint.
_ROW_HINTS = tuple(sorted({h for row in _ONE_LINE for h in row.hints}))
_ROWS_BY_HINT = {h: frozenset(i for i, row in enumerate(_ONE_LINE) if h in row.hints) for h in _ROW_HINTS}
_HINTLESS_ROWS = frozenset(i for i, row in enumerate(_ONE_LINE) if not row.hints)


def _diagnostic(line: str, state: _State) -> Diagnostic | None:
    tried = set(_HINTLESS_ROWS)
    for hint in _ROW_HINTS:
        if hint in line:
            tried |= _ROWS_BY_HINT[hint]
    for index in sorted(tried):
        pattern, build, _ = _ONE_LINE[index]
        m = pattern.match(line)
        if m:
            found = build(m, state)
            if found is not None:
                return found
    return None


# `go test` ends a package's output with its import path ('FAIL\texample.com/shop/ledger\t0.003s');
# the test rows above it name their file alone ('    ledger_test.go:16: post failed').
_GO_PACKAGE = LazyPattern(
    r"^(?:FAIL|ok)\s{1,8}(?P<pkg>[\w.~-]{1,200}(?:/[\w.~-]{1,200}){0,40})\s{1,8}(?:\d|\(cached\)|\[)"
)


# The traceback Python's logging (and loguru) prints under the record of a logged exception.
_LOGGED_TRACEBACK = "Traceback (most recent call last):"


def parse_diagnostics(text: str) -> list[Diagnostic]:
    """Every located diagnostic in `text`, in input order, without repeats."""
    found: dict[Diagnostic, None] = {}
    state = _State()
    in_package: dict[Diagnostic, str] = {}  # a go test row's file, in its package's folder
    package_rows: list[Diagnostic] = []
    logged: Diagnostic | None = None  # the line before's logger record, new in `found`
    for line in evidence_lines(text):
        if logged is not None and line.startswith(_LOGGED_TRACEBACK):
            # the record logged an exception: its trace names the failure, the record the handler
            del found[logged]
        logged = None
        _update_state(line, state)
        package = _GO_PACKAGE.match(line) if line.startswith(("FAIL", "ok")) else None
        if package:
            in_package.update((d, f"{package['pkg']}/{d.path}") for d in package_rows)
            package_rows = []
            continue
        if not _DIGIT.search(line):  # every diagnostic row carries a line number
            continue
        diagnostic = _diagnostic(line, state)
        if diagnostic is not None and (diagnostic.tool in _BESIDE_FRAMES or not is_frame_line(line)):
            for d in (diagnostic, *state.extra):
                d = _in_directory(d, state.directories)
                if d.tool == LOGGER and d not in found:
                    logged = d
                found.setdefault(d)
                if d.path.endswith(".go") and "/" not in d.path:
                    package_rows.append(d)
        state.extra = []
    for place in report_places(text):
        reported = _make(place.path, str(place.line), None, place.message, place.severity, "report")
        if reported is not None:
            found.setdefault(reported._replace(column=place.column))
    rebased = (d._replace(path=in_package[d]) if d in in_package else d for d in found)
    return list(dict.fromkeys(rebased))


def _in_directory(d: Diagnostic, directories: list[str]) -> Diagnostic:
    """A relative path as the directory make or ninja entered makes it, its '..' resolved (the
    absolute one resolves onto the checkout like any printed path)."""
    if not directories or d.path.startswith(("/", "~")) or _DRIVE.match(d.path):
        return d
    return d._replace(path=posixpath.normpath(f"{directories[-1].rstrip('/')}/{d.path}"))
