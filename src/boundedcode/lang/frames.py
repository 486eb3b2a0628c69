"""Stack frames in command output: panics, exceptions, debugger and sanitizer backtraces.

`parse_frames` reads untrusted text line by line against one table entry per format (a compiled
regex plus a small builder). Consecutive frames of one format family form a trace; a header line
(`Traceback …`, `Caused by:`, `goroutine 7 [running]:`), another family, a restarted frame
numbering (`#0` again) or more unrelated lines than the family allows between two frames start a
new one. Depth counts the frames reported for a trace, 0 being the innermost, whatever order the
tool printed them in. Every regex is anchored or literal-led and uses bounded quantifiers only,
so a hostile line costs linear time.
"""

from __future__ import annotations

import re
from itertools import islice
from collections.abc import Callable, Iterator
from typing import NamedTuple

from .._record import Record, field
from ..lazyre import LazyPattern
from ._frame_objects import object_traces
from ._text import clean_path, evidence_lines, native_language, strip_params, symbol
from .languages import language_of

__all__ = ["Frame", "parse_frames", "is_frame_line", "exception_lines"]


class Frame(NamedTuple):
    path: str  # as printed, cleaned (see _text.clean_path)
    line: int | None
    column: int | None
    function: str | None
    package: str | None  # the JVM package of the frame's class, when printed
    language: str
    depth: int  # 0 = innermost frame of its trace
    # Someone or something stopped the program there (Ctrl-C, a timer's or a signal's dump): its
    # innermost frames say where the time went (a wait, a loop), not which frame is at fault.
    interrupted: bool = False


class _Hit(NamedTuple):
    """One recognised frame line. A hit without a path keeps its trace going but is not reported."""

    path: str | None
    line: int | None
    column: int | None
    function: str | None
    language: str
    package: str | None = None
    number: int | None = None  # the printed frame index ('#3', '3:'): a lower one restarts
    starts: bool = False  # a one-line location (a panic, a PHP error): a trace of its own
    outermost_first: bool = False  # the tool prints this trace outermost call first
    callee: str | None = None  # PHP: the function called at this line (see _php_functions)
    ends: bool = False  # the last frame of its trace (pdb's current frame): what follows is another


class _Context(Record):
    prev: str = ""  # the line before: Go and Rust print the function there
    last_def: str | None = None  # pytest's long format prints the function's `def` above
    ipython_file: tuple[str, str] | None = None  # IPython 7's file and function, its line below
    django_file: tuple[str, str] | None = None  # Django's (before 3.0) file and function, its line below


class _Format(NamedTuple):
    family: str  # frames of one family form one trace
    hints: tuple[str, ...]  # one of these substrings is in every matching line
    pattern: LazyPattern
    build: Callable[[re.Match[str], _Context], _Hit | None]  # None: not this format after all
    max_gap: int = 0  # other lines allowed between two frames of one trace
    after: str = ""  # match only the text after the last occurrence of this


def _int(text: str | None) -> int | None:
    return int(text) if text else None


def _location(m: re.Match[str], language: str, function: str | None = None, **extra) -> _Hit:
    return _Hit(
        clean_path(m["path"]),
        _int(m["line"]),
        _int(m.groupdict().get("col")),
        symbol(function),
        language,
        **extra,
    )


def _placeholder(language: str, number: int | None = None, callee: str | None = None) -> _Hit:
    return _Hit(None, None, None, None, language, number=number, callee=callee)


# A line holding a whole trace (PHP's, Erlang's) is cut into its first rows only, the innermost
# frames, the rest one more row: a hostile line costs a few rows (OTP keeps 8 frames of a stack
# unless told otherwise; a framework's PHP trace has a few dozen).
_MAX_ROWS = 32


# --- Python -------------------------------------------------------------------------------

# CPython tracebacks '  File "/srv/app/cart.py", line 12, in total' (and '|'-prefixed groups; Sentry
# writes every platform's frames so, a column after the line: 'File "/app/server.cjs", line 2, col
# 769108, in handler'; pystack's dump of a process marks each '(Python) File …'); not pytype's error
# of the same shape ('File "cart.py", line 9, in total: … [unsupported-operands]').
_PY_FILE = LazyPattern(
    r'^(?:E {1,8})?[ \t|+]{0,40}(?:\(Python\) )?File "(?P<path>[^"]{1,1000})", line (?P<line>\d{1,9})'
    r"(?:, col (?P<col>\d{1,9}))?(?:, in (?P<func>(?!\S{1,300}: .{1,4000} \[[a-z][a-z-]{1,80}\]$)\S.{0,300}))?$"
)


# The exception's line an error tracker writes above its rows, its class any language's
# ('NoMethodError: …', 'ActionView::Template::Error: …', 'Elixir.FunctionClauseError: …').
_TRACKED_EXCEPTION = LazyPattern(r"^[A-Za-z_][\w.:\\]{0,300}: \S")


def _python(m: re.Match[str], ctx: _Context) -> _Hit:
    if m["path"].startswith("<"):  # <frozen runpy>, <string>, <stdin>
        return _Hit(None, None, None, None, "python", outermost_first=True)
    language = language_of(m["path"])
    if language != "python" and (language is not None or _TRACKED_EXCEPTION.match(ctx.prev)):
        # Error trackers (Sentry, Rollbar) write any language's frames in these rows, under the
        # exception's line, innermost first but for Python's (Python's traceback names it last)
        return _location(m, language or "python", m["func"])
    # a function's name has no space: what follows one is the source line, where the line's
    # break was lost ('…, line 6, in checkout return total(items)')
    return _location(m, "python", (m["func"] or "").partition(" ")[0], outermost_first=True)


# pytest: '--tb=short' entries 'tests/test_cart.py:12: in test_total', and the long format's
# closing 'shop/cart.py:9: LookupError' (its function is the `def` printed above it); Cython
# modules print '.pyx' and '.pxi' files.
_PYTEST = LazyPattern(
    r"^(?P<path>(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1000}?\.(?:py|pyx|pxi)):(?P<line>\d{1,9}):(?: in (?P<func>\S{1,300})| [A-Z][\w.]{0,200})?$"
)
_DEF = LazyPattern(r"^\s{0,16}(?:async\s{1,4})?def (\w{1,300})\(")


def _pytest(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "python", m["func"] or ctx.last_def, outermost_first=True)


# pytest-check's failed check, under 'FAILURE: check 2 == 3': the calls down to it, outermost first,
# 'tests/test_cart.py:9 in test_totals() -> with check:' ('in test_totals -> …' at the last one).
_PYTEST_CHECK = LazyPattern(
    r"^(?P<path>(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1000}?\.py):(?P<line>\d{1,9}) in (?P<func>[\w.<>]{1,300})(?:\(\))? -> "
)


def _pytest_check(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "python", m["func"], outermost_first=True)


# pdb's and ipdb's frames ('  /srv/shop/cart.py(6)total()'), outermost first as `where` lists them;
# the current one marked ('> /srv/shop/cart.py(6)<genexpr>()', its mark read as a quote's and taken
# off), the last of a listing, and alone where a step stops or a post mortem starts. A prompt may
# stand before one when the command typed was not echoed ('(Pdb)   /srv/…', 'ipdb>   /srv/…').
_PDB = LazyPattern(
    r"^(?:\((?:Pdb|Pdb\+\+)\) |ipdb> )?(?P<mark>  |> )?(?P<path>(?:[A-Za-z]:[\\/])?[^\s()<>\"'][^()\"]{0,1000}?\.pyx?)"
    r"\((?P<line>\d{1,9})\)(?P<func>[\w<>.]{1,300})\(\)$"
)


def _pdb(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "python", m["func"], outermost_first=True, ends=m["mark"] != "  ")


# faulthandler (a crash, a hang's dump): '  File "/srv/shop/native.py", line 5 in crash' under
# 'Current thread 0x… (most recent call first):', innermost first, no comma before 'in'.
_FAULTHANDLER = LazyPattern(
    r'^\s{0,8}File "(?P<path>[^"]{1,1000})", line (?P<line>\d{1,9}) in (?P<func>\S.{0,300})$'
)


def _faulthandler(m: re.Match[str], ctx: _Context) -> _Hit:
    if m["path"].startswith("<"):  # <frozen runpy>
        return _placeholder("python")
    return _location(m, "python", m["func"])


# py-spy's dump of a running process, each thread's stack innermost first under its header
# ('Thread 7827 (idle): "MainThread"'): '    wait_for_stock (shop/stock.py:5)', the function first.
# (`--locals` lists each frame's arguments and locals below it, further in: no frames.)
_PY_SPY = LazyPattern(
    r"^\s{2,8}(?P<func>[^\s():][^():]{0,300}?) \((?P<path>[^()\s]{1,1000}\.pyx?):(?P<line>\d{1,9})\)$"
)


def _py_spy(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "python", m["func"])


# traceback.extract_tb()'s and extract_stack()'s list as printed, outermost first, all on one line:
# '[<FrameSummary file /srv/shop/app.py, line 21 in run>, <FrameSummary file …, line 2 in <genexpr>>]'
# (cut into its rows before each '<FrameSummary ').
_FRAME_SUMMARY = LazyPattern(
    r"^\[?<FrameSummary file (?P<path>[^,]{1,1000}), line (?P<line>\d{1,9}) in (?P<func>.{1,300}?)>[,\]\s]{0,3}$"
)
_FRAME_SUMMARY_CUT = LazyPattern(r"<FrameSummary file ")


# IPython, a notebook's or a console's traceback: 8 prints 'File ~/…/cart.py:2, in total(items)'
# ('File /…/report.py:3' at a script's top level); 7 prints '~/…/cart.py in total(items)', then
# the source around the line with an arrow at it, '----> 2     return …'. A cell ('Cell In[1],
# line 2', 'Input In [3], in <cell line: 1>()', '<ipython-input-1-77a5de58e948> in <module>') is
# no file. Both print the outermost call first.
_IPY_FILE = LazyPattern(
    r"^File (?P<path>\S.{0,1000}?\.(?:py|pyx|pxi)):(?P<line>\d{1,9})(?:, in (?P<func>\S.{0,300}))?$"
)
_IPY_CELL = LazyPattern(
    r"^(?:Cell In ?\[\d{1,9}\], line \d{1,9}|Input In ?\[\d{1,9}\](?:, in .{1,300})?|<ipython-input-[\w-]{1,80}> in .{1,300})$"
)
# (7's path has no space: a sentence that names a file and a function is not its row; a notebook a
# notebook importer loaded is one too)
_IPY7_FILE = LazyPattern(r"^(?P<path>[^\s<]\S{0,1000}?\.(?:py|pyx|pxi|ipynb)) in (?P<func>\S.{0,300})$")
_IPY7_ARROW = LazyPattern(r"^-{1,12}> {0,2}(?P<line>\d{1,9})(?:\s|$)")


def _ipython(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "python", strip_params(m["func"]) if m["func"] else None, outermost_first=True)


# rich's traceback (Typer's, uvicorn's, `rich.traceback.install()`), its panel's sides off
# (_text.evidence_lines): '/srv/app/shop/cart.py:2 in total', outermost first, each frame's code
# and locals below it. A path longer than the panel is wrapped, its head on the line above:
# '/srv/venv/lib/python3.11/site-packages/acme/cart_calculati' then 'ons/pricing.py:6 in checkout';
# where the place fills the panel's width, the function is wrapped to the line below instead.
_RICH = LazyPattern(r"^(?P<path>[^\s:]\S{0,1000}?):(?P<line>\d{1,9}) in(?: (?P<func>[\w<>.]{1,300}))?$")
_WRAPPED_HEAD = LazyPattern(r"^(?:/|~|[A-Za-z]:\\)\S{0,1000}$")
_PYTHON_FILE = (".py", ".pyx", ".pxi")


def _rich(m: re.Match[str], ctx: _Context) -> _Hit | None:
    path = m["path"]
    if not path.startswith(("/", "~")) and _WRAPPED_HEAD.match(ctx.prev):
        path = ctx.prev + path
    if not path.endswith(_PYTHON_FILE):
        return None
    return _location(m, "python", m["func"], outermost_first=True)._replace(path=clean_path(path))


# A row of an IPython trace with no file of its own: the trace goes on through it.
_IPY_NO_FILE = _Hit(None, None, None, None, "python", outermost_first=True)


def _ipython_cell(m: re.Match[str], ctx: _Context) -> _Hit:
    ctx.ipython_file = None
    return _IPY_NO_FILE


def _ipython7(m: re.Match[str], ctx: _Context) -> _Hit:
    """The file and function, kept for the arrow below."""
    ctx.ipython_file = (m["path"], m["func"])
    return _IPY_NO_FILE


def _ipython7_arrow(m: re.Match[str], ctx: _Context) -> _Hit | None:
    if ctx.ipython_file is None:  # IPython 8's arrow, or a cell's: its line is known
        return None
    (path, function), ctx.ipython_file = ctx.ipython_file, None
    return _Hit(
        clean_path(path), int(m["line"]), None, symbol(strip_params(function)), "python", outermost_first=True
    )


# Django's debug page as text before 3.0 (its copy-and-paste view, an AJAX request's error, a
# mailed report), outermost first: 'File "/srv/shop/views.py" in pay', then the line's number
# before its code, '  18.         return checkout(items)'. The numbered line has no word to hint
# at it: it is tried only right after a file's row (_match).
_DJANGO_FILE = LazyPattern(r'^File "(?P<path>[^"]{1,1000})" in (?P<func>\S{1,300})$')
_DJANGO_LINE = LazyPattern(r"^ {1,8}(?P<line>\d{1,9})\. ")


def _django_file(m: re.Match[str], ctx: _Context) -> _Hit:
    """The file and function, kept for the numbered line below."""
    ctx.django_file = (m["path"], m["func"])
    return _Hit(None, None, None, None, "python", outermost_first=True)


# The same page as a browser shows it, each frame's place above its code and locals, outermost first
# (and the exception's own location above them all): '/srv/shop/views.py, line 6, in total_view'.
_DJANGO_PAGE = LazyPattern(
    r"^\s{0,8}(?P<path>(?:/|[A-Za-z]:\\)[^\s,][^,]{0,1000}?\.py), line (?P<line>\d{1,9}), in (?P<func>\S{1,300})$"
)


def _django_page(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "python", m["func"], outermost_first=True)


# --- Go -----------------------------------------------------------------------------------

# Go panics and goroutine dumps: a function line, then '\t/src/shop/cart/cart.go:8 +0x1d', with
# 'fp=0x… sp=0x… pc=0x…' under GOTRACEBACK=system and assembly files (runtime/asm_amd64.s);
# testify's '\tError Trace:\t/src/shop/cart/cart_test.go:12' lists its callers on the rows below.
# A report that quotes a dump behind a bar or a quote mark ('  | /src/…/lexer.go:295 +0x55f'); a
# log's record before each row, blanks after it ('15:08:10 364.66 T:15872  NOTICE: [plugin]     /src/…'),
# as a path never has two blanks in a row. A method the compiler made ('<autogenerated>:1 +0x77') names
# no file.
_GO_LOGGED = r"\s{0,40}\S[^\t]{0,300}? {2,40}"
_GO_PATH = r"(?P<path>\S(?:[^\t ]| (?! )){0,1000}?\.(?:go|s)|<autogenerated>)"
_GO_FILE = LazyPattern(
    r"^(?:\s{1,40}|"
    + _GO_LOGGED
    + r")(?:[|>]\s{1,8})?(?:Error Trace:\s{1,16})?"
    + _GO_PATH
    + r":(?P<line>\d{1,9})(?: \+0x[0-9a-f]{1,16})?(?: (?:fp|sp|pc|lr)=0x[0-9a-f]{1,16}){0,4}$"
)
# The same row where its tab was lost (a dump pasted as prose, or cut to its rows): its program
# counter's offset ('/src/shop/cart/cart.go:8 +0x1d') tells it from a place in a sentence.
_GO_FILE_UNINDENTED = LazyPattern(
    r"^(?:"
    + _GO_LOGGED
    + r")?"
    + _GO_PATH
    + r":(?P<line>\d{1,9}) \+0x[0-9a-f]{1,16}(?: (?:fp|sp|pc|lr)=0x[0-9a-f]{1,16}){0,4}$"
)
# The one-line 'main.reorder (/src/shop/cmd/shop/main.go:11)' some tools and agents print.
_GO_CALL = LazyPattern(
    r"^\s{0,16}(?P<func>[\w.\-/~%*()\[\]{}$]{1,500}) \((?P<path>[^()\s][^()]{0,1000}?\.go):(?P<line>\d{1,9})\)$"
)
_GO_FUNC = LazyPattern(r"[\w.\-/~%*()\[\]{}$]{1,500}")
_GO_CREATED = LazyPattern(r" in goroutine \d{1,12}$")


def _go(m: re.Match[str], ctx: _Context) -> _Hit:
    if m["path"] == "<autogenerated>":
        return _placeholder("go")
    prev = ctx.prev.strip().removeprefix("created by ")
    function = strip_params(_GO_CREATED.sub("", prev))
    return _location(m, "go", function if _GO_FUNC.fullmatch(function) else None)


def _go_call(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "go", strip_params(m["func"]))


# --- JavaScript / TypeScript ----------------------------------------------------------------

# V8 (node, Chrome, Deno, Bun): '    at Cart.total (/app/src/cart.ts:5:23)' or '    at /app/x.js:3:64',
# also without a column or a space before '(' as older engines and loggers print them;
# '(<anonymous>)', '(native)' and '(index 0)' mark frames without a file ('()' where a page took
# '<anonymous>' for a tag: a trace copied from a rendered issue; Bun's builtins' '(:61:76)'); Hermes writes
# '(address at /app/index.bundle:1:9876)'. An `eval at` chain names the eval site inside:
# 'at eval (eval at applyRule (/app/lib/pricing.js:2:10), <anonymous>:1:30)'. The last frame of an
# error that carries properties of its own ends in ' {' (node prints them below it). A directory's name
# may be in parentheses: webpack's layer ('webpack-internal:///(rsc)/./app/page.tsx:12:11', Next.js's)
# and Next.js's route groups ('app/(shop)/cart/page.tsx'). zone.js's long stack traces end each frame
# with its zone ('… (http://…/main.js:12:5) [angular]'). Vite counts a repeated frame ('… (x2)'); a frame
# in an inspected array ends with a comma.
_V8_PATH_REST = r"[^()]{0,2000}?(?:\([\w-]{1,40}\)/[^()]{1,2000}?){0,4}"  # after the path's first character
_ZONE = r"(?: \[[^\[\]\s]{1,100}\])?"
_V8_CALL = LazyPattern(
    r"^\s{0,40}at (?:async )?(?P<func>[^()]{1,500}?) ?\((?:address at )?(?:(?P<path>[^():]"
    + _V8_PATH_REST
    + r"):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?|<anonymous>|native|index \d{1,6}|:\d{1,9}:\d{1,9}|)\)"
    + _ZONE
    + r"(?: \{| \(x\d{1,6}\)|,)?$"
)
_V8_BARE = LazyPattern(
    r"^\s{0,40}at (?:async )?(?P<path>[^()\s]"
    + _V8_PATH_REST
    + r"):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?"
    + _ZONE
    + r"(?: \{)?$"
)
_V8_EVAL = LazyPattern(
    r"^\s{0,40}at (?:async )?(?P<outer>[^()]{1,500}) \(eval at (?P<func>[^()]{1,500}) \((?P<path>[^()]{1,2000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9})\)"
)
_V8_DECORATION = LazyPattern(r"^(?:async |new )|\s\[as [^\]]{1,200}\]$")
# node --test (TAP): the test's "location: '/app/test/cart.test.js:5:1'" and its stack rows printed
# without 'at': '    TestContext.<anonymous> (/app/test/cart.test.js:6:10)'; node-tap's relative
# to the project, '    discount (src/price.js:6:11)' (a relative path only with a script's extension).
_TAP_LOCATION = LazyPattern(
    r"^\s{1,16}location: '(?P<path>[^']{1,2000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9})'$"
)
# The innermost frame Vitest's and AVA's TAP reporters write in a failure's YAML: '  at:
# "/app/test/cart.test.ts:7:54"', "  at: 'total (/app/src/cart.ts:7:13)'".
_TAP_AT = LazyPattern(
    r"^\s{1,40}at: (?P<q>['\"])(?:(?P<func>[^()'\"\s][^()'\"]{0,300}) \()?(?P<path>[^()'\"\s][^()'\"]{0,2000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9})\)?(?P=q)$"
)
_TAP_STACK = LazyPattern(
    r"^\s{2,40}(?P<func>[^()\s][^()]{0,500}?) \((?P<path>(?:/|[A-Za-z]:[\\/]|file:|node:)[^()]{0,2000}?|[\w.@-][^()\s:]{0,1000}?\.[cm]?[jt]sx?):(?P<line>\d{1,9}):(?P<col>\d{1,9})\)$"
)
# node --abort-on-uncaught-exception, before it aborts: 'Uncaught Error: …', 'FROM', then the stack
# without 'at' or indent, 'price (/app/lib/price.js:2:19)' (an absolute path only: prose has
# parentheses too).
_V8_FROM = LazyPattern(
    r"^(?P<func>[A-Za-z_$<][^()]{0,500}?) \((?P<path>(?:/|[A-Za-z]:[\\/]|file:)[^()]{0,2000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9})\)$"
)
#: Substrings of every line _TAP_STACK reads.
_TAP_HINTS = (" (/", " (file:", " (node:", ":\\", "js:", "ts:", "sx:")


def _tap_location(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "javascript", starts=True)


def _tap_at(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "javascript", m["func"], starts=True)


# Vitest: ' ❯ src/cart.ts:3:39' (under the error, then the source around it), ' ❯ total
# src/cart.ts:2:16', innermost first.
_VITEST = LazyPattern(
    r"^\s{0,8}❯ (?:(?P<func>[^\s:]{1,300}) )?(?P<path>[^\s:][^\s]{0,1000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9})$"
)


# Chrome DevTools' stack of an error as its console expands it, copied: 'total @ cart.js:2', '(anonymous)
# @ index.html:22', an async hop's row between frames ('Promise.then (async)'), a WebAssembly frame's
# offset instead of a line ('$main @ 0598f57e:0x70ee0e'). A file's, with its extension (not a REPL's
# 'top-level scope @ REPL[1]:1').
_DEVTOOLS = LazyPattern(
    r"^\s{0,16}(?P<func>[^\s@][^@]{0,500}?) @ (?P<path>[^\s@]{1,1000}?\.[A-Za-z]\w{0,9}(?:\?[^\s@]{0,500})?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?$"
)


def _devtools(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "javascript", m["func"])


# Next.js 13 and 14 (its dev server's console, the overlay's 'Source'): the source's place of the
# error above its trace, whose frames give the compiled module's lines, ' ⨯ lib/cart.js (2:55) @
# amount' (the name is the source map's at that column, not always a function: not kept).
_NEXT_SOURCE = LazyPattern(
    r"^\s{0,8}(?:⨯ )?(?P<path>[^\s()][^()]{0,1000}?\.[cm]?[jt]sx?) \((?P<line>\d{1,9}):(?P<col>\d{1,9})\) @ \S{1,300}$"
)


def _next_source(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "javascript", starts=True)


# React Native's component stack under a red box: '    in CartRow (at Cart.js:12)'.
_RN_COMPONENT = LazyPattern(
    r"^\s{0,40}in (?P<func>[\w.$]{1,300}) \(at (?P<path>[^()\s]{1,1000}):(?P<line>\d{1,9})\)$"
)


# Karma maps a bundle's frame back through its source map, the source's place first:
# '(webpack:///./src/cart.spec.ts:12:5 <- src/test.ts:1234:56)'.
_MAPPED_BACK = LazyPattern(r"^(?P<path>\S.{0,2000}?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))? <- ")


def _v8(m: re.Match[str], ctx: _Context) -> _Hit | None:
    if not m["path"]:
        return _placeholder("javascript")
    if m["path"].startswith("eval at "):  # a nested eval chain _V8_EVAL did not read: no file
        return _placeholder("javascript")
    if m["path"].isdigit():  # Bun's frame in its own module code, 'at loadAndEvaluateModule (2:1)'
        return _placeholder("javascript")
    function = _V8_DECORATION.sub("", m.groupdict().get("func") or "")
    if " <- " in m["path"] and (source := _MAPPED_BACK.match(m["path"])):
        return _location(source, "javascript", function)
    return _location(m, "javascript", function)


# Firefox (SpiderMonkey) and Safari (JavaScriptCore): 'total@http://host/app.js:1:25', '@x.js:3:14',
# and without a column 'total@http://host/app.js:12', Safari's 'dispatchEvent@[native code]' (no file);
# a URL has no blank (Julia's macro in '@test: Test Failed at /src/runtests.jl:807' is none). A
# console's copy may indent each frame ('    \tfn@…').
_AT_SIGN = LazyPattern(
    r"^\s{0,16}(?P<func>[^@\s][^@]{0,500})?@(?:(?P<path>[^@\s]{1,2000}?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?|\[native code\])$"
)


_LABELLED_PATH = LazyPattern(r": \S{0,1000}/")


def _at_sign(m: re.Match[str], ctx: _Context) -> _Hit | None:
    if m["path"] is None:  # Safari's '[native code]': a frame with no file, in the trace
        return _placeholder("javascript")
    if "/" not in m["path"] and "." not in m["path"]:
        return None
    # Not a function's name: gdb's argument list ('post (scale=scale@entry=2) at ledger.cpp:6'),
    # a versioned URL ('► https://deno.land/std@0.50.0/http/_io.ts:10:5'), a labelled path with a
    # package's version in it (Vite's 'file: /srv/shop/node_modules/.pnpm/vitepress@1.0.0/…/A.vue:1:8').
    if m["func"] and ("=" in m["func"] or "://" in m["func"] or _LABELLED_PATH.search(m["func"])):
        return None
    # nor a path with a package's version in it, alone (Node's header above an uncaught error's source
    # line: '/srv/shop/node_modules/.pnpm/svelte@3.37.0/node_modules/svelte/compiler.js:16752')
    if m["func"] and m["func"].startswith(("/", "./", "../")) and "/" in m["path"] and not m["col"]:
        return None
    return _location(m, "javascript", m["func"])


# Opera (Presto) 'Line 12 of linked script http://host/js/cart.js', '… of inline#1 script in URL'.
_OPERA = LazyPattern(
    r"^\s{0,16}Line (?P<line>\d{1,9}) of (?:linked|inline#\d{1,6}|eval) script (?:in )?(?P<path>\S{1,2000}?)(?:: In function (?P<func>[\w$.]{1,300}))?$"
)


def _opera(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "javascript", m["func"])


# --- JVM ----------------------------------------------------------------------------------

# Java, Kotlin, Scala, Groovy: '\tat com.acme.Orders.place(Orders.java:42)', after an optional
# module or class loader ('java.base/', 'app//'); logback appends '~[app.jar:1.0]', Guice the
# modules that installed a binding's source ('… (via modules: com.acme.AppModule -> …)'). A logger's or
# logcat's prefix may stand before the 'at' ('E AndroidRuntime: \tat …'), and so may the quote
# marks of a build's test listener ('   > \tat …', a Gradle listener's prefix), of a quoting
# reply ('> \tat …') or of a comment the trace was pasted into ('//   at …', ' *   at …'). Frames
# printed without 'at' (a StackTraceElement printed as is, JRuby's Java frames, coroutine dumps)
# need a qualified name and a JVM source file. A randomized test runner
# puts its seed where the file goes ('at __randomizedtesting.SeedInfo.seed([3A2F…:91C0…]:0)'):
# a frame with no file (V8's pattern read the seed as one). R8 names every file 'SourceFile' (an
# Android release build's '(SourceFile:18)'): no file either. A Groovy script's frame names its path
# ('at build_5f2$_run_closure1.doCall(/srv/shop/build.gradle:164)', Gradle's). A writer marks where they
# cut a trace after its last frame ('… invoke(cljx.clj:33) ...').
_JVM = LazyPattern(
    r"^(?:[^\t]{1,200}?: )?[\s>/*]{0,200}at (?:[\w.$@-]{0,200}/{1,2})?(?P<qual>[\w$.<>-]{1,1000})\((?:[\w.$-]{1,200}@[\w.+-]{0,100}/)?(?P<file>/?(?:[\w$.-]{1,300}/){1,60}[\w$.-]{1,300}\.(?:gradle|groovy|kts)|[\w$.-]{1,300}\.\w{1,20}|Native Method|Unknown Source|SourceFile|(?P<seed>\[[0-9A-Fa-f:]{1,300}\]))(?::(?P<line>\d{1,9}))?\)(?: ~?\[[^\]]{0,300}\]| \(via modules: [^()]{1,2000}\))?(?: \.\.\.| …)?$"
)
# A thread dump (jstack, jcmd Thread.print, SIGQUIT) puts a frame's module and version in its
# parentheses ('at java.lang.Thread.run(java.base@17.0.15/Thread.java:833)'), and a monitor's
# state between frames ('\t- locked <0x000000069ec02f40> (a java.lang.Object)'), which keeps the
# stack going.
_JVM_MONITOR = LazyPattern(
    r"^\s{0,8}- (?:locked|waiting to lock|waiting on|waiting to re-lock|parking to wait for|eliminated) <"
)
# Google Play Console, Firebase Crashlytics and some loggers put a space before the parenthesis:
# '  at com.acme.shop.Cart.total (Cart.java:42)', '… (Unknown Source:12)'; a JVM source file or a
# frame without one only, as V8's 'at total (cart.js:12)' reads the same.
_JVM_SPACED = LazyPattern(
    r"^\s{0,40}at (?P<qual>[\w$<>-]{1,200}(?:\.[\w$<>-]{1,200}){1,40}) \((?P<file>[\w$-]{1,300}\.(?:java|kt|kts|scala|groovy|clj|cljc)|Native Method|Unknown Source)(?::(?P<line>\d{1,9}))?\)$"
)
# Clojure's own renderings, a row a frame without 'at': clojure.repl/pst's namespaced function
# ('\tshop.cart/unit-price (cart.clj:4)') and clojure.stacktrace/print-cause-trace's class and method
# ('    shop.cart$unit_price.invokeStatic (cart.clj:4)'), Java's frames among them.
_CLOJURE_ROW = LazyPattern(
    r"^\s{1,40}(?P<qual>[\w$.-]{1,200}[./][\w$.<>*+!?=/-]{1,300}) \((?P<file>[\w$-]{1,300}\.(?:clj|cljc|cljs|java|kt|scala|groovy)):(?P<line>\d{1,9})\)$"
)
_JVM_BARE = LazyPattern(
    r"^\s{0,40}(?:[\w.$@-]{0,200}/{1,2})?(?P<qual>[\w$<>-]{1,200}(?:\.[\w$<>-]{1,200}){1,40})\((?P<file>[\w$-]{1,300}\.(?:java|kt|kts|scala|groovy|clj|cljc))(?::(?P<line>\d{1,9}))?\)(?: ~?\[[^\]]{0,300}\])?$"
)

# Clojure's data of a throwable (Throwable->map, the REPL's '*e', clojure.main's report file
# '/tmp/clojure-….edn'): its ':trace' a vector of '[class method "File" line]', innermost first, a
# row a line ('  [[clojure.lang.Numbers divide "Numbers.java" 190]', '   [shop.cart$unit_price invokeStatic
# "cart.clj" 4]'); a native method's line is negative, the REPL's code in "NO_SOURCE_FILE".
_JVM_DATA_FILES = (".clj", ".java", ".kt", ".scala", ".groovy", '"NO_SOURCE_FILE" ')
_JVM_DATA = LazyPattern(
    r'^\s{0,40}(?::trace\s{1,8})?\[{1,2}(?P<qual>[\w$.<>-]{1,1000} [\w$<>-]{1,300}) "(?P<file>[^"\s]{1,300})"'
    r" (?P<line>-?\d{1,9})\]{1,2}\}{0,2},?$"
)


def _jvm_monitor(m: re.Match[str], ctx: _Context) -> _Hit:
    return _placeholder("jvm")


def _jvm(m: re.Match[str], ctx: _Context) -> _Hit:
    # R8 and ProGuard keep a line without the file: '(Unknown Source:12)', '(SourceFile:12)' name none
    if not m["line"] or m.groupdict().get("seed") or m["file"] in ("Unknown Source", "SourceFile"):
        return _placeholder("jvm")
    # Clojure's pst names a namespace ('shop.cart/unit-price'), whose package is the file's directory
    namespace, slash, _ = m["qual"].partition("/")
    cls = namespace if slash else m["qual"].rpartition(".")[0]
    return _Hit(m["file"], int(m["line"]), None, m["qual"], "jvm", package=cls.rpartition(".")[0] or None)


def _jvm_data(m: re.Match[str], ctx: _Context) -> _Hit:
    cls, _, method = m["qual"].partition(" ")
    if m["line"].startswith("-") or m["file"] == "NO_SOURCE_FILE":
        return _placeholder("jvm")
    return _Hit(
        m["file"], int(m["line"]), None, f"{cls}.{method}", "jvm", package=cls.rpartition(".")[0] or None
    )


# Gradle's test report in its default (short) exception format: a failed test's exception and the
# test class's place it passed through, under 'com.acme.shop.CartTest > addsPrices FAILED':
# '    java.lang.AssertionError at CartTest.java:11'. Each row a trace of its own.
_GRADLE_SHORT = LazyPattern(
    r"^\s{2,12}[a-z][\w$]{0,100}(?:\.[\w$]{1,100}){1,40} at (?P<path>[\w$-]{1,300}\.(?:java|kt|kts|groovy|scala)):(?P<line>\d{1,9})$"
)


def _gradle_short(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "jvm", starts=True)


# Maven's summary of the tests surefire ran, each failed test at its class's line: '[ERROR]
# CartTest.testTotal:8 expected:<3> but was:<4>', '[ERROR]   CartTest.testCount:13 » ArrayIndexOutOfBounds
# …' ('  Run 1: CartTest.…' when reruns); the class's file is its name's. Each row a trace of its own.
_SUREFIRE_SUMMARY = LazyPattern(
    r"^\[ERROR\] {1,4}(?:  Run \d{1,3}: )?(?P<qual>(?:[a-z_][\w$]{0,200}\.){0,40}(?P<cls>[A-Z][\w]{0,200})(?:\$[\w$]{1,200})?\.[\w$]{1,300}):(?P<line>\d{1,9})(?: |$)"
)


def _surefire_summary(m: re.Match[str], ctx: _Context) -> _Hit:
    return _Hit(f"{m['cls']}.java", int(m["line"]), None, m["qual"], "jvm", starts=True)


# JRuby's own backtrace rows, the method right-aligned before ' at ': '        total at
# /home/dev/shop/lib/cart.rb:7', '         each at org/jruby/RubyArray.java:1987',
# '       <main> at uri:classloader:/bin/run.rb:4'.
_JRUBY = LazyPattern(
    r"^\s{0,40}(?P<func>[^\s:]{1,300}) at (?P<path>[^\s]{1,1000}?\.(?:rb|java)):(?P<line>\d{1,9})$"
)


def _jruby(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "ruby", m["func"])


# --- C# -----------------------------------------------------------------------------------

# .NET 'at Shop.Cart.Total(Int32 index) in C:\src\Shop\Cart.cs:line 12' (Microsoft.Testing.Platform's
# `dotnet test` prints the place without the word: 'in /src/Shop/Cart.cs:12').
_DOTNET = LazyPattern(
    r"^\s{0,40}at (?P<func>[^()\s][^()]{0,1000})\([^()]{0,1000}\)(?: in (?P<path>.{1,1000}?):(?:line )?(?P<line>\d{1,9}))?$"
)
# The same frame from a runtime of another language, its three words translated ('bei … in
# C:\src\Cart.cs:Zeile 12', 'en … en …:línea 12', '場所 … 場所 …:行 12'): a source file's place.
_DOTNET_TRANSLATED = LazyPattern(
    r"^\s{0,40}\S{1,12}:? (?P<func>[^()\s][^()]{0,1000})\([^()]{0,1000}\) \S{1,12}:? "
    r"(?P<path>.{1,1000}?\.(?:cs|vb|fs|cshtml|razor)):[^\W\d_]{1,12} ?(?P<line>\d{1,9})$"
)
# Mono 'at Shop.Cart.Total (System.Int32 index) [0x00008] in /src/Shop/Cart.cs:12'.
_MONO = LazyPattern(
    r"^\s{0,40}at (?P<func>[^()\s][^()]{0,1000}?) \([^()]{0,1000}\)(?: \[0x[0-9a-f]{1,16}\])? in (?P<path>.{1,1000}?):(?P<line>\d{1,9})$"
)
_DOTNET_SOURCES = (".cs:", ".vb:", ".fs:", ".cshtml:", ".razor:")


# Unity 'Shop.Cart.Total () (at Assets/Scripts/Cart.cs:12)' and 'Cart:Total() (at Assets/Cart.cs:12)'.
_UNITY = LazyPattern(
    r"^\s{0,40}(?P<func>[^()\s][^()]{0,1000}?) ?\([^()]{0,1000}\) \(at (?P<path>[^()]{1,1000}?):(?P<line>\d{1,9})\)$"
)


def _csharp(m: re.Match[str], ctx: _Context) -> _Hit:
    if not m["path"] or m["path"].startswith("<"):  # '<filename unknown>', '<9c2a…>' (no symbols)
        return _placeholder("csharp")
    return _location(m, "csharp", m["func"])


# --- Rust ---------------------------------------------------------------------------------

# rustc panics "thread 'main' panicked at src/main.rs:5:13:" (1.73+), and before that
# "panicked at 'msg', src/main.rs:5:13" whose message may span lines up to "', src/x.rs:L:C"
# (matched against the text after the last "panicked at " or "', ").
_RUST_PANIC = LazyPattern(r"(?P<path>[^\s'][^\s']{0,1000}?\.rs):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?:?$")
# RUST_BACKTRACE frames: '   3: shop::cart::total' then '             at ./src/cart.rs:2:17';
# RUST_BACKTRACE=full prints each frame's address, '  17:     0x55b32975b861 - shop::cart::total::h561c…'.
_RUST_AT = LazyPattern(
    r"^\s{0,40}at (?P<path>[^()\s][^()]{0,1000}?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?$"
)
_RUST_FUNC = LazyPattern(r"^\s{0,12}(?P<n>\d{1,5}):\s{1,8}(?:0x[0-9a-f]{1,16} - )?(?P<func>\S.{0,1000})$")
_RUST_HASH = LazyPattern(r"::h[0-9a-f]{16}$")
# The standard library's source as rustc remaps it, '/rustc/59807616…/library/core/src/panicking.rs':
# the toolchain's, no checkout's file (a project's 'src/panicking.rs' would be found by its tail).
_RUSTC_SOURCE = LazyPattern(r"/rustc/[0-9a-f]{40}/")


def _rust_panic(m: re.Match[str], ctx: _Context) -> _Hit:
    if _RUSTC_SOURCE.match(m["path"]):
        return _Hit(None, None, None, None, "rust", starts=True)
    return _location(m, "rust", starts=True)


def _rust_at(m: re.Match[str], ctx: _Context) -> _Hit | None:
    func = _RUST_FUNC.match(ctx.prev)
    number = int(func["n"]) if func else None
    if _RUSTC_SOURCE.match(m["path"]):  # below its function or not, never V8's 'at /file:1:2'
        return _placeholder("rust", number)
    if func is None:
        return None
    return _native_location(m, _RUST_HASH.sub("", func["func"]), number)  # C's too ('libc-start.c')


# --- C, C++ and other native code ---------------------------------------------------------

# gdb 'bt': '#3  0x000055555555519b in Cart::total (this=0x7ffe…, scale=2) at crash.cpp:5'. Not a
# sanitizer's frame whose function has parameters and whose module ends it ('#9 void std::thread::
# _Invoker<…>::_M_invoke<0ul>(std::_Index_tuple<0ul>) /usr/include/c++/9/thread:244:13 (shop+0x4db425)',
# pasted without the report's indentation).
_GDB = LazyPattern(
    r"^#(?P<n>\d{1,5})\s{1,4}(?!.{0,3000}\+0x[0-9a-f]{1,16}\)$)(?:0x[0-9a-f]{1,16} in )?(?P<func>[^\s(][^(]{0,1000}?) \(.{0,2000}\)(?: at (?P<path>\S{1,1000}):(?P<line>\d{1,9})| from \S{1,1000})?$"
)
# AddressSanitizer, UBSan, MSan '#0 0x4011d6 in total /src/cart.c:7:5', ThreadSanitizer
# '#0 bump /src/race.c:6 (tsan+0x11d0)'; frames only in a binary print '(module+0x10c0)'.
_SANITIZER = LazyPattern(
    r"^\s{0,16}#(?P<n>\d{1,5}) (?:0x[0-9a-f]{1,16} in )?(?P<func>\S.{0,1000}?) (?P<path>[^\s()]{1,1000}?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?(?: \([^()]{0,500}\))?$"
)
_SANITIZER_MODULE = LazyPattern(
    r"^\s{0,16}#(?P<n>\d{1,5}) 0x[0-9a-f]{1,16} .{0,2000}\(\S{1,1000}\+0x[0-9a-f]{1,16}\)"
)
# UBSan 'src/overflow.c:4:18: runtime error: signed integer overflow: …'.
_UBSAN = LazyPattern(
    r"^(?P<path>(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9}): runtime error: "
)


def _native_location(m: re.Match[str], function: str, number: int | None) -> _Hit:
    """A native debugger's or tool's frame, its language told by its file; none without a file."""
    if not m["path"]:
        return _placeholder("c", number)
    return _location(m, native_language(clean_path(m["path"])), function, number=number)


def _native(m: re.Match[str], ctx: _Context) -> _Hit:
    number = _int(m.groupdict().get("n"))
    if not m.groupdict().get("path"):
        return _placeholder("c", number)
    return _native_location(m, strip_params(m.groupdict().get("func") or ""), number)


def _ubsan(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, native_language(m["path"]), starts=True)


# LLDB 'bt' (and the frame it stops at): '  * frame #0: 0x0000555555555158 cart`total(items=0x0, n=2)
# at cart.c:7:48', the module before the backtick, the file by its base name, the location last
# (an argument can print another: 'main=(cart`main at cart.c:11:16)'); '[inlined]' names the
# function inlined there; a frame without debug information ends 'cart`_start + 33'; an optimized
# or a compiler-made function's is marked after its place ('at cart.c:12:12 [opt]', '[artificial]').
_LLDB = LazyPattern(
    r"^\s{0,8}(?:\* )?frame #(?P<n>\d{1,5}): 0x[0-9a-f]{1,16} (?:(?P<module>[^`\s]{1,500})`)?(?P<func>.{1,4000}?)"
    r"(?: at (?P<path>[^\s:()]{1,1000}):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?(?: \[(?:opt|artificial)\]){0,2})?$"
)
# A shared library's frames (the C runtime, the system's) and the standard libraries' own, whose
# base names ('panicking.rs', 'stl_vector.h') would find a project's file of the same name.
_LLDB_SHARED = LazyPattern(
    r"^(?:lib[\w+.-]{0,200}\.(?:so(?:\.[\d.]{1,20})?|dylib)|dyld|ld-linux[\w.-]{0,40})$"
)
_LLDB_LIBRARY = ("std::", "core::", "alloc::", "__rustc::", "__gnu_cxx::", "__cxxabiv1::")
# Rust's trait impls on a primitive type ('<u32 as core::iter::traits::accum::Sum>::sum') are core's.
_RUST_PRIMITIVE_IMPL = LazyPattern(r"^<(?:[ui](?:8|16|32|64|128|size)|f32|f64|bool|char|str) as ")
# Rust's legacy symbol mangling, as LLDB prints it: '_$LT$core..slice..Iter$LT$T$GT$$u20$as$u20$…'.
_RUST_LEGACY = (
    ("$LT$", "<"),
    ("$GT$", ">"),
    ("$u7b$", "{"),
    ("$u7d$", "}"),
    ("$u20$", " "),
    ("$C$", ","),
    ("$RF$", "&"),
    ("$BP$", "*"),
    ("$LP$", "("),
    ("$RP$", ")"),
    ("..", "::"),
)

_RUST_LEGACY_LEAD = LazyPattern(r"(^|::)_(?=[<{])")


def _rust_demangled(name: str) -> str:
    if "$" not in name:
        return name
    for escape, text in _RUST_LEGACY:
        name = name.replace(escape, text)
    return _RUST_LEGACY_LEAD.sub(r"\1", name)  # a segment starting with an escape got a '_' before it


def _library_function(func: str) -> bool:
    """Whether a function is the standard library's: its qualified name (after a template's
    return type, '<' or '&dyn ' of a Rust impl) starts in one of its namespaces."""
    if _RUST_PRIMITIVE_IMPL.match(func):
        return True
    owner = func.lstrip("<&").removeprefix("mut ").removeprefix("dyn ")
    name = owner.split("<", 1)[0].split("(", 1)[0].rpartition(" ")[2]
    return name.startswith(_LLDB_LIBRARY)


def _lldb(m: re.Match[str], ctx: _Context) -> _Hit:
    number = int(m["n"])
    func = _rust_demangled(m["func"].rpartition(" [inlined] ")[2])
    if _library_function(func) or _LLDB_SHARED.match(m["module"] or "") or (m["path"] or "").startswith("<"):
        return _placeholder("c", number)  # '<compiler-generated>': Swift's thunks, no file
    return _native_location(m, _RUST_HASH.sub("", strip_params(func)), number)


# Valgrind: '==8912==    at 0x1091CE: total (cart.c:6)', then '   by 0x…: main (main.c:6)' rows;
# code without debug information '(in /usr/libexec/valgrind/vgpreload_memcheck-amd64-linux.so)'.
# Each 'at' opens a stack (the error's, the allocation's).
_VALGRIND = LazyPattern(
    r"^==\d{1,10}==\s{1,16}(?P<kind>at|by) 0x[0-9A-Fa-f]{1,16}: (?P<func>.{1,1000}?) \((?:(?P<path>[^()\s][^()]{0,1000}?):(?P<line>\d{1,9})|in [^()]{1,1000})\)$"
)


def _valgrind(m: re.Match[str], ctx: _Context) -> _Hit:
    number = 0 if m["kind"] == "at" else None  # a lower number restarts: a new stack
    return _native_location(m, strip_params(m["func"]), number)


# CMake: 'CMake Error at cmake/targets.cmake:2 (add_library):' (or a warning), then its callers
# under 'Call Stack (most recent call first):', '  CMakeLists.txt:4 (shop_library)'.
_CMAKE_AT = LazyPattern(
    r"^CMake (?:Error|Warning|Deprecation Warning|Deprecation Error)(?: \(dev\))? at (?P<path>[^\s()][^()]{0,1000}?):(?P<line>\d{1,9}) \((?P<func>[\w-]{1,200})\):$"
)
_CMAKE_CALLER = LazyPattern(
    r"^\s{2,8}(?P<path>(?:[^\s()][^()]{0,1000}?/)?CMakeLists\.txt|[^\s()][^()]{0,1000}?\.cmake):(?P<line>\d{1,9}) \((?P<func>[\w-]{1,200})\)$"
)


def _cmake_at(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "cmake", m["func"], starts=True)


def _cmake_caller(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "cmake", m["func"])


# --- PHP ----------------------------------------------------------------------------------

# PHP traces '#0 /srv/app/src/Cart.php(17): Shop\Cart->total()', '#2 {main}', and PHPUnit's bare
# '/srv/app/tests/CartTest.php:18' lines (a blank only in an absolute path: 'X in /srv/…' is a sentence).
_PHP_FRAME = LazyPattern(
    r"^\s{0,8}#(?P<n>\d{1,5}) (?:(?P<path>[^\s(#][^(]{0,1000}?)\((?P<line>\d{1,9})\)(?: : eval\(\)'d code\(\d{1,9}\))?: (?P<callee>.{1,1000})|\{main\}|\[internal function\]: (?P<internal>.{1,1000}))$"
)
_PHP_BARE = LazyPattern(
    r"^(?P<path>(?:[A-Za-z]:[\\/]|/)[^:]{0,1000}?\.php|[^\s:]{1,1000}?\.php):(?P<line>\d{1,9})$"
)
# Code a file evaluated (Twig's compiled templates, eval()) is that file's line that evaluated it:
# '#0 /srv/app/vendor/twig/twig/src/Environment.php(361) : eval()'d code(47): twig_get_attribute()'
# and '… in /srv/…/Environment.php(361) : eval()'d code on line 47'.
_EVALUATED = LazyPattern(r"^(?P<path>.{1,1000})\((?P<line>\d{1,9})\) : eval\(\)'d code$")
# PHP errors '… in /srv/app/src/Cart.php on line 9' (a sentence's full stop or a quote's mark after
# it; Whoops' plain text '… in file /srv/app/src/Cart.php on line 9'), 'Uncaught X: msg in
# /srv/app/src/Cart.php:9' and a chained exception's 'Next X: msg in /srv/app/src/Cart.php:16':
# the location is after the last ' in ', so the regexes see only that tail (no scan per ' in '). A
# path's first word has a separator or an extension: Julia's 'while loading /srv/shop/cart.jl, in
# expression starting on line 102' names no file 'expression starting'.
_PHP_ON_LINE = LazyPattern(
    r"(?:file )?(?P<path>(?=\S{0,1000}[./\\])\S.{0,1000}) on line (?P<line>\d{1,9})[.\"',]{0,3}$"
)
_PHP_UNCAUGHT = LazyPattern(r"(?P<path>\S{1,1000}\.\w{1,10}):(?P<line>\d{1,9})$")
# A throwable as PHP writes it ('echo $e', Laravel 5's log): 'ErrorException: Undefined array key 2 in
# /srv/app/src/Cart.php:9', its trace below; alone, a PHP file's place.
_PHP_THROWN = LazyPattern(r"(?P<path>\S{1,1000}\.(?:php|phtml|inc)):(?P<line>\d{1,9})$")
# Monolog's line of a logged exception (Laravel's log), its trace on the lines below '[stacktrace]':
# '… {"exception":"[object] (RuntimeException(code: 0): empty cart at /srv/app/src/Cart.php:9)'.
_MONOLOG = LazyPattern(r"(?P<path>\S{1,1000}\.\w{1,10}):(?P<line>\d{1,9})\)$")


# Symfony Console's error (Composer's, PHP-CS-Fixer's, PHPStan's): 'In Cart.php line 10:' above each
# exception's box, the last thrown first, each a trace of its own (ShellCheck's 'In deploy.sh line
# 2:' names no PHP file); with -v, below each box under 'Exception trace:', innermost first, the
# throw's place '  at /srv/app/src/Cart.php:10' then each call's ' Shop\Cart::total() at
# /srv/app/console.php:18', naming the function called there (as PHP's own trace does);
# ' Closure() at n/a:n/a' where PHP knows no file.
_SYMFONY_IN = LazyPattern(r"^In (?P<path>\S{1,1000}\.php) line (?P<line>\d{1,9}):$")
_SYMFONY_ROW = LazyPattern(
    r"^ {1,2}(?:(?P<callee>\S.{0,1000}?)\(\) )?at (?:(?P<path>\S{1,1000}?\.php):(?P<line>\d{1,9})|n/a:n/a)$"
)


# Symfony's debug page, its traces as text (ErrorHandler's 'Stack Traces' tab, a log's copy): the
# throw's place as above ('  at /srv/app/src/Cart.php:10'), then each call as a row naming the
# function called, '  at Shop\Cart::total(array())', and the place of the call below it in
# parentheses, '     (/srv/app/src/Checkout.php:11)' (a page's copy loses its indent). A PHP name
# has no dot (.NET's and the JVM's 'at Shop.Cart.Total()' have).
_SYMFONY_CALL = LazyPattern(r"^ {2}at (?P<callee>[\w\\{}]{1,1000}(?:(?:->|::)[\w{}]{1,300})?)\(.{0,5000}\)$")
_SYMFONY_CALL_PLACE = LazyPattern(r"^ {0,8}\((?P<path>[^\s()][^()]{0,1000}?\.php):(?P<line>\d{1,9})\)$")


def _symfony_call(m: re.Match[str], ctx: _Context) -> _Hit:
    return _placeholder("php", callee=m["callee"])


def _symfony_call_place(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "php")


def _symfony_in(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "php", starts=True)


def _symfony_row(m: re.Match[str], ctx: _Context) -> _Hit:
    if not m["path"]:
        return _placeholder("php", callee=m["callee"])
    return _location(m, "php", callee=m["callee"])


# Collision's report (Laravel's artisan, Pest): the throw's place as Symfony prints it ('  at
# app/Services/Cart.php:10', the source around it below), then the calls innermost first, each
# a numbered place and, on the row below when a class owns it, the function called there: '  1
# app/Console/Commands/Checkout.php:18' then '      App\Services\Cart::total([])'; vendor frames
# folded into '      +13 vendor frames ' (the numbers skip them). A place is read from the row
# above its function's: alone, it holds no word to hint at it. Documented, not captured: no
# Collision here (Packagist is out of reach).
_COLLISION_PLACE = LazyPattern(
    r"^ {2}(?P<n>\d{1,4}) {1,3}(?P<path>(?:[A-Za-z]:)?[^\s:]\S{0,1000}?):(?P<line>\d{1,9})$"
)
_COLLISION_CALLEE = LazyPattern(r"^ {6}(?P<callee>[\w\\{}]{1,1000}::[\w{}]{1,300})\(.{0,5000}\)$")


def _collision(m: re.Match[str], ctx: _Context) -> _Hit | None:
    place = _COLLISION_PLACE.match(ctx.prev)
    if place is None:
        return None
    return _location(place, "php", number=int(place["n"]), callee=m["callee"])


# PHP 7's debug_print_backtrace '#0  total() called at [/srv/app/src/Cart.php:17]' (the function
# is the one the line is in) and the 'fn() called at /srv/app/src/Cart.php (17)' form.
_PHP_CALLED_AT = LazyPattern(
    r"^\s{0,8}(?:#(?P<n>\d{1,5})\s{1,4})?(?P<func>[^\s#][^()]{0,1000}?)\(.{0,2000}?\) called at (?:\[(?P<path>[^\[\]]{1,1000}?):(?P<line>\d{1,9})\]|(?P<path2>\S.{0,1000}?) \((?P<line2>\d{1,9})\))$"
)


# PHP's uncaught exception on one line, as php-fpm hands it to nginx's error log ('FastCGI sent in
# stderr: "PHP message: PHP Fatal error:  Uncaught Exception: boom in /srv/shop/cart.php:3' then its
# trace) and a log keeps it, its newlines made spaces ('…:3 Stack trace: #0 /srv/shop/index.php(5):
# total() #1 {main}   thrown in …'): _rows cuts it where its lines were. So is Monolog's record of one
# (Laravel's log) where a collector made its lines one ('… at /srv/shop/Cart.php:9) [stacktrace] #0 …').
# rsyslog's '#012' and a JSON string's '\n' are line breaks already (evidence_lines).
_PHP_LINE_BREAK = LazyPattern(r" {1,8}(?=Stack trace:|\[stacktrace\]|#\d{1,5} |thrown in )")
_PHP_TRACE_HEADS = ("Stack trace: #", "[stacktrace] #")


def _php_rows(line: str) -> list[str]:
    if any(head in line for head in _PHP_TRACE_HEADS):
        return _PHP_LINE_BREAK.split(line, _MAX_ROWS)
    return [line]


def _php_called_at(m: re.Match[str], ctx: _Context) -> _Hit:
    path, line = clean_path(m["path"] or m["path2"]), int(m["line"] or m["line2"])
    return _Hit(path, line, None, None, "php", number=_int(m["n"]), callee=strip_params(m["func"]))


def _php_frame(m: re.Match[str], ctx: _Context) -> _Hit:
    callee = strip_params(m["callee"] or m["internal"] or "")
    if not m["path"]:
        return _placeholder("php", int(m["n"]), callee)
    return _location(m, "php", number=int(m["n"]), callee=callee)


# Xdebug's stack (develop mode): the table under 'Call Stack:' a page or the console shows, and the
# rows under 'PHP Stack trace:' a log holds, outermost first, each the function called at the place:
# '    0.0002     393424   2. App\Cart->wrap($id = 'A7') /srv/app/index.php:5', 'PHP   2. main()
# /srv/app/index.php:7'; '{main}() /srv/app/index.php:0' is the script's start, no place.
_XDEBUG = LazyPattern(
    r"^(?:PHP {1,4})?\s{0,8}(?:\d{1,6}\.\d{4,6}\s{1,12}\d{1,12}\s{1,8})?(?P<n>\d{1,5})\. (?P<callee>[^\s(]{1,1000})\(.{0,8000}?\) "
    r"(?P<path>(?:/|[A-Za-z]:\\)\S{0,1000}?):(?P<line>\d{1,9})$"
)


def _xdebug(m: re.Match[str], ctx: _Context) -> _Hit:
    callee = m["callee"]
    if m["line"] == "0":
        return _placeholder("php", int(m["n"]), callee)._replace(outermost_first=True)
    return _location(m, "php", number=int(m["n"]), callee=callee, outermost_first=True)


# Whoops' plain text handler (a Laravel or Slim console, a log), innermost first under 'Stack trace:':
# '  1. Shop\\Cart->total() /srv/app/src/Cart.php:9', a function's without its class ('  2. main()
# /srv/app/index.php:4'), its arguments when asked for on the lines below.
_WHOOPS = LazyPattern(
    r"^\s{0,4}(?P<n>\d{1,5})\. (?P<func>[^\s()]{1,1000}?)\(\) (?P<path>\S.{0,1000}?\.\w{1,10}):(?P<line>\d{1,9})$"
)

# Its page's stack copied as text (Whoops' 'Copy' and Ignition's, Laravel's debug pages): numbered down
# to 1, the innermost first, a method's class and name joined by one colon ('#64 App\Http\Controllers\
# UserController:edit in /srv/app/vendor/laravel/framework/src/Illuminate/Routing/Controller.php:54').
_WHOOPS_COPIED = LazyPattern(
    r"^\s{0,8}#(?P<n>\d{1,5}) (?P<func>[^\s()]{1,1000}) in (?P<path>\S.{0,1000}?\.php):(?P<line>\d{1,9})$"
)


def _whoops(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "php", m["func"], number=int(m["n"]))


def _whoops_copied(m: re.Match[str], ctx: _Context) -> _Hit:
    method = m["func"].replace(":", "::") if "::" not in m["func"] else m["func"]
    return _location(m, "php", method, number=-int(m["n"]))  # numbered down: the next frame's is lower


def _php_error(m: re.Match[str], ctx: _Context) -> _Hit:
    evaluated = _EVALUATED.match(m["path"])
    return _location(evaluated or m, "php", starts=True)


def _php_bare(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "php")


# --- Perl ---------------------------------------------------------------------------------

# die, warn, croak and compile errors 'no rate at lib/Shop/Cart.pm line 8.' (matched on the text
# after the last ' at '), then Carp's rows '\tShop::Cart::rate(ARRAY(0x…)) called at
# lib/Shop/Cart.pm line 14', each naming the function it calls (as PHP's do).
_PERL_AT = LazyPattern(
    r"^(?P<path>[^\s]{1,1000}?) line (?P<line>\d{1,9})(?:, <[^<>]{1,200}> (?:line|chunk) \d{1,9}|, near .{0,500})?\.?$"
)
_PERL_CALLED = LazyPattern(
    r"^\s{1,16}(?P<func>[\w:]{1,500}(?:->\w{1,300})?)(?:\(.{0,2000}\))? called at (?P<path>\S.{0,1000}?) line (?P<line>\d{1,9})$"
)


def _perl_at(m: re.Match[str], ctx: _Context) -> _Hit | None:
    if m["path"] in ("-e", "-"):
        return None
    return _location(m, "perl", starts=True)


def _perl_called(m: re.Match[str], ctx: _Context) -> _Hit:
    return _Hit(clean_path(m["path"]), int(m["line"]), None, None, "perl", callee=m["func"])


# --- Lua ----------------------------------------------------------------------------------

# 'lua5.4: cart.lua:4: attempt to index a nil value', then under 'stack traceback:' the rows
# '\tcart.lua:4: in function 'Cart.total'', '… in local 'reorder'', '… in main chunk', a C
# function's without a file ('\t[C]: in function 'table.sort'', LuaJIT's '\t[C]: at 0x5605391892c0')
# and '\t(...tail calls...)' between them. LÖVE's error screen, copied, has the rows without their
# tab ('main.lua:10: in function 'load'' under 'Traceback').
_LUA_ERROR = LazyPattern(
    r"^(?:lua(?:\d(?:\.\d)?|jit)?: )(?P<path>[^\s:][^:]{0,1000}?\.lua):(?P<line>\d{1,9}): "
)
_LUA_ROW = LazyPattern(
    r"^\s{0,16}(?:(?P<path>[^\s:\[][^:]{0,1000}?\.lua):(?P<line>\d{1,9}): in (?:(?:function|local|method|field|upvalue|global) [<'](?P<func>[^'>]{1,300})[>']|main chunk|\?)"
    r"|\[C\]: (?:in |at 0x)|\(\.\.\.tail calls\.\.\.\)$)"
)
# OpenResty's (lua-nginx-module's) error log: '… [error] 7#7: *1 lua entry thread aborted: runtime
# error: /srv/app/lua/cart.lua:5: no price', its rows under 'stack traceback:' and 'coroutine 0:'
# (matched against the text after 'runtime error: ').
_LUA_RUNTIME = LazyPattern(r"^(?P<path>[^\s:][^:]{0,1000}?\.lua):(?P<line>\d{1,9}): ")


def _lua(m: re.Match[str], ctx: _Context) -> _Hit:
    if not m["path"]:
        return _placeholder("lua")
    function = m.groupdict().get("func")
    if function and ":" in function:  # 'function <cart.lua:3>': a place, not a name
        function = None
    return _location(m, "lua", function, starts=m.re is not _LUA_ROW.compiled)


# --- Erlang -------------------------------------------------------------------------------

# escript and the shell: '  in function  cart:total/1 (cart.erl, line 4)', '  in call from …'.
_ERLANG = LazyPattern(
    r"^\s{0,8}in (?:function|call from)\s{1,4}(?P<func>[\w:'/@.$-]{1,500}) \((?P<path>[^,()]{1,1000}), line (?P<line>\d{1,9})\)$"
)


def _erlang(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "erlang", _ARITY.sub("", m["func"]))


# Erlang/OTP's stack as a term, innermost first, in a crash report, a gen_server's termination
# report and a failed boot: '[{cart,total,1,[{file,"src/cart.erl"},{line,5}]},{init,start_em,1,[]}]'
# (the arguments for the arity under function_clause: '{orders,place,[nothing],[{file,…'). A
# single-line logger puts a whole stack on a line, or two ('… Client <0.9.0> stacktrace:
# [{gen,do_call,4,…'): _rows cuts such a line before each frame, a '[' before one opening a
# stack. The pretty printer breaks a long frame after its arity, its place alone below it
# ('                 [{file,"src/cart_server.erl"},{line,12}]},').
_ERLANG_ATOM = r"(?:[a-z][\w@]{0,255}|'[^'{}\[\],]{1,255}')"
_ERLANG_CUT = LazyPattern(rf"\[?\{{(?={_ERLANG_ATOM},{_ERLANG_ATOM},[\d\[])")
_ERLANG_TERM = LazyPattern(
    rf"^\s{{0,80}}(?P<first>\[)?\{{(?P<module>{_ERLANG_ATOM}),(?P<func>{_ERLANG_ATOM}),[\d\[]"
)
_ERLANG_LOCATION = r'\[\{file,"(?P<path>[^"]{1,1000})"\},\{line,(?P<line>\d{1,9})\}'
_ERLANG_PLACE = LazyPattern(_ERLANG_LOCATION)
_ERLANG_PLACE_ALONE = LazyPattern(r"^\s{0,80}" + _ERLANG_LOCATION)
_ERLANG_BROKEN = LazyPattern(rf"\{{(?P<module>{_ERLANG_ATOM}),(?P<func>{_ERLANG_ATOM}),\d{{1,3}},$")


def _erlang_function(m: re.Match[str]) -> str:
    module, function = m["module"].strip("'"), m["func"].strip("'")
    if module.startswith("Elixir."):  # an Elixir module's: 'Shop.Cart.total', as Elixir prints it
        return f"{module[len('Elixir.') :]}.{function}"
    return f"{module}:{function}"


def _erlang_term(m: re.Match[str], ctx: _Context) -> _Hit:
    place = _ERLANG_PLACE.search(m.string, m.end())
    if place is None:  # '{init,start_em,1,[]}', a built-in function's
        return _Hit(None, None, None, None, "erlang", starts=bool(m["first"]))
    path = clean_path(place["path"])
    return _Hit(
        path,
        int(place["line"]),
        None,
        _erlang_function(m),
        language_of(path) or "erlang",
        starts=bool(m["first"]),
    )


def _erlang_place(m: re.Match[str], ctx: _Context) -> _Hit:
    call = _ERLANG_BROKEN.search(ctx.prev)
    path = clean_path(m["path"])
    return _Hit(
        path, int(m["line"]), None, _erlang_function(call) if call else None, language_of(path) or "erlang"
    )


def _cut(line: str, frame: LazyPattern) -> list[str]:
    """`line` cut before each stack frame `frame` finds in it (Erlang's, Elixir's); itself if none."""
    cuts = [m.start() for m in islice(frame.finditer(line), _MAX_ROWS)]
    if not cuts:
        return [line]
    head = [line[: cuts[0]]] if line[: cuts[0]].strip() else []
    return head + [line[start:end] for start, end in zip(cuts, [*cuts[1:], len(line)])]


# The same stack as Elixir inspects it (IO.inspect(__STACKTRACE__), an exit's reason in a log):
# '{Shop.Cart, :total, 1, [file: 'lib/cart.ex', line: 2]}' (1.15 on: 'file: ~c"lib/cart.ex"'), an
# Erlang module by its atom ('{:gen_server, :try_handle_call, 4, …}'); inspect/2 puts it on one
# line, IO.inspect breaks a long frame after its arity.
_ELIXIR_MODULE = r'(?:[A-Z][\w.]{0,255}|:[a-z][\w@]{0,255}|:"[^"{}\[\],]{1,255}")'
_ELIXIR_FUNCTION = r':(?:[a-z_][\w@]{0,255}[?!]?|"[^"{}\[\],]{1,255}")'
_ELIXIR_CUT = LazyPattern(rf"\[?\{{(?={_ELIXIR_MODULE}, {_ELIXIR_FUNCTION}, [\d\[])")
_ELIXIR_TERM = LazyPattern(
    rf"^\s{{0,80}}(?P<first>\[)?\{{(?P<module>{_ELIXIR_MODULE}), (?P<func>{_ELIXIR_FUNCTION}), [\d\[]"
)
_ELIXIR_LOCATION = (
    r"""\[file: (?:'(?P<path>[^']{1,1000})'|~c"(?P<cpath>[^"]{1,1000})"), line: (?P<line>\d{1,9})"""
)
_ELIXIR_PLACE = LazyPattern(_ELIXIR_LOCATION)
_ELIXIR_PLACE_ALONE = LazyPattern(r"^\s{0,80}" + _ELIXIR_LOCATION)
_ELIXIR_BROKEN = LazyPattern(rf"\{{(?P<module>{_ELIXIR_MODULE}), (?P<func>{_ELIXIR_FUNCTION}), \d{{1,3}},$")


def _elixir_frame(place: re.Match[str], call: re.Match[str] | None, first: bool = False) -> _Hit:
    path = clean_path(place["path"] or place["cpath"])
    function = call["module"] + "." + call["func"][1:].strip('"') if call else None  # ':"total!"'
    return _Hit(path, int(place["line"]), None, function, "elixir", starts=first)


def _elixir_term(m: re.Match[str], ctx: _Context) -> _Hit:
    place = _ELIXIR_PLACE.search(m.string, m.end())
    if place is None:  # '{:erlang, :apply, 2, []}', a built-in function's
        return _Hit(None, None, None, None, "elixir", starts=bool(m["first"]))
    return _elixir_frame(place, m, bool(m["first"]))


def _elixir_place(m: re.Match[str], ctx: _Context) -> _Hit:
    return _elixir_frame(m, _ELIXIR_BROKEN.search(ctx.prev))


# --- Ruby ---------------------------------------------------------------------------------

# Ruby "lib/cart.rb:11:in `tax'" (3.3 and before) or "lib/cart.rb:11:in 'Cart#tax'" (3.4), after
# 'from ', RSpec's '# ' ('#   ' under its '--- Caused by: ---', the cause's rows indented), or
# Ruby 2.5-2.7's numbered '2: from ' (then printed outermost first); Rails' backtrace cleaner writes
# a gem's file as the gem, its version and the file in it ('actionpack (7.1.3) lib/action_controller/…'; in
# Sinatra's page a list's item: '- sinatra (1.4.6) lib/sinatra/base.rb:1027:in …'); Rails 4.2's
# release candidates wrote no blank before the backtick (':in`call'').
_RUBY = LazyPattern(
    r"^\s{0,40}(?:#\s{1,8}|from |(?P<n>\d{1,5}): from |- )?(?:[^\s/()]{1,100} \([\w.]{1,64}\) )?(?P<path>(?:[A-Za-z]:[\\/])?[^\s:][^:]{0,1000}?):(?P<line>\d{1,9}):in ?[`'](?P<func>[^`']{1,500})'"
)


# An error tracker's backtrace: errbit's (Airbrake's) '[PROJECT_ROOT]/app/models/cart.rb:18→ total'
# and Honeybadger's 'line 18 of [PROJECT_ROOT]/app/models/cart.rb: total' for a Rails app, innermost
# first (a gem's rows as '[GEM_ROOT]/gems/actionview-7.1.2/lib/…', outside the project); the same
# arrow rows for other languages' code, as their own traces run, outermost first
# ('/usr/lib/python3.7/site-packages/django/core/cache/backends/db.py:277→ _cull'); Bugsnag's, any
# language's innermost first: '    app/models/cart.rb:18 - total'. Godot's debugger writes its stack
# rows so ('res://ui/hud.gd:50 - at function _process'), and its output panel an error's place
# ('res://ui/hud.gd:46 - Invalid set index …', a diagnostic's).
_GODOT_FUNCTION = "at function "
_TRACKER = LazyPattern(
    r"^\s{0,8}(?:(?P<path>\S{1,1000}?\.[a-z]{1,10}):(?P<line>\d{1,9})(?: ?→ |(?P<dash> - ))|line (?P<line2>\d{1,9}) of (?P<path2>\S{1,1000}?\.[a-z]{1,10}): )(?P<func>\S.{0,300})$"
)


def _tracker(m: re.Match[str], ctx: _Context) -> _Hit | None:
    function, godot = m["func"], (m["path"] or "").startswith("res://")
    if godot:  # its debugger's stack row, or an error's place
        if not function.startswith(_GODOT_FUNCTION):
            return None
        function = function[len(_GODOT_FUNCTION) :]
    path = clean_path(m["path"] or m["path2"])
    language = "gdscript" if godot else language_of(path) or "ruby"
    return _Hit(
        path,
        int(m["line"] or m["line2"]),
        None,
        symbol(function),
        language,
        outermost_first=language != "ruby" and not m["dash"],
    )


# byebug's and pry-byebug's 'where' (backtrace), innermost first, the current frame marked: '--> #0
# Object.inner(x#Integer) at /srv/shop/lib/cart.rb:4', '    #1  Object.outer at /srv/shop/lib/cart.rb:6'.
_BYEBUG = LazyPattern(
    r"^(?:--> |\s{0,8})#(?P<n>\d{1,5})\s{1,4}(?P<func>\S.{0,1000}?) at (?P<path>\S{1,1000}?\.rb):(?P<line>\d{1,9})$"
)


def _byebug(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "ruby", strip_params(m["func"]), number=int(m["n"]))


# minitest's failed assertion, under '  1) Failure:': 'TestCart#test_total [/srv/shop/test/test_cart.rb:7]:';
# a spec's test names its words after its number ('Cart#test_0001_totals its prices [test/cart_test.rb:9]:'),
# its class the describe's words ('cart-totals#test_0001_…', 'Array::when empty#test_0001_…').
_MINITEST = LazyPattern(
    r"^(?P<func>[^\s#\[\]][^#\[\]]{0,300}?#\w{1,300})(?: [^\[\]]{1,1000})? \[(?P<path>[^\[\]\s]{1,1000}\.rb):(?P<line>\d{1,9})\]:$"
)


def _minitest(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "ruby", m["func"], starts=True)


def _ruby(m: re.Match[str], ctx: _Context) -> _Hit:
    # An unprefixed 'lib/cart.rb:9:in …: message (Error)' line opens a trace (a cause's, after the
    # exception's own); 'from' and RSpec's '# ' rows continue it, and so do the bare rows a Rails
    # log lists under the exception's line.
    opens = (
        not m.string[:1].isspace()
        and not m.string.startswith(("from ", "# "))
        and m.string.startswith(": ", m.end())
    )
    return _location(m, "ruby", m["func"], outermost_first=m["n"] is not None, starts=opens)


# A template's row in a Rails backtrace has no method ('app/views/layouts/application.html.erb:17'
# between ActionView's rows): a frame below a Ruby frame, a place elsewhere.
_RUBY_TEMPLATE = LazyPattern(
    r"^\s{0,40}(?:#\s{1,8}|from )?(?P<path>[^\s:][^:]{0,1000}?\.(?:erb|haml|slim|builder|jbuilder)):(?P<line>\d{1,9})$"
)


def _ruby_template(m: re.Match[str], ctx: _Context) -> _Hit | None:
    return _location(m, "ruby") if _RUBY.match(ctx.prev) else None


# --- Swift --------------------------------------------------------------------------------

# Swift 5.9+ backtracer '1 [ra] 0x000055d5a2dc9c99 Cart.total() + 121 in shop at /src/Cart.swift:12:18'.
_SWIFT = LazyPattern(
    r"^(?P<n>\d{1,5})\s{1,8}(?:\[[a-z]{1,10}\] {1,4}){0,4}0x[0-9a-f]{1,16} (?P<func>.{1,1000}?)(?: \+ \d{1,9})? in \S{1,300}(?: at (?P<path>\S.{0,1000}?)(?::(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?)?)?$"
)
# macOS crash reports '1   Shop   0x104f2b3a0 Cart.total() + 192 (Cart.swift:12)' (a tab before the
# address where the image's name is padded to its column).
_CRASH_REPORT = LazyPattern(
    r"^(?P<n>\d{1,5})\s{1,8}\S{1,300}\s{1,60}0x[0-9a-f]{1,16} (?P<func>.{1,1000}?) \+ \d{1,9}(?: \((?P<path>[^()]{1,1000}):(?P<line>\d{1,9})\))?$"
)
# fatalError/precondition: 'Shop/Cart.swift:21: Fatal error: …' and the older
# 'Fatal error: …: file Shop/Orders.swift, line 9'.
_SWIFT_FATAL = LazyPattern(
    r"^(?P<path>\S{1,1000}?\.swift):(?P<line>\d{1,9}): (?:Fatal error|Precondition failed|Assertion failed)"
)
_SWIFT_FATAL_OLD = LazyPattern(r"(?P<path>\S.{0,1000}), line (?P<line>\d{1,9})$")  # the tail after ': file '
_SWIFT_FATALS = ("Fatal error", "Precondition failed", "Assertion failed")


def _swift_frame(m: re.Match[str], ctx: _Context) -> _Hit:
    if not m["line"]:
        return _placeholder("swift", int(m["n"]))
    path = clean_path(m["path"])
    return _location(m, native_language(path), strip_params(m["func"]), number=int(m["n"]))


def _swift_fatal(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "swift", starts=True)


# --- Dart ---------------------------------------------------------------------------------

# Dart VM '#1      Cart.total (package:shop/src/cart.dart:12:18)' and package:test's terse
# 'test/cart_test.dart 7:5   main.<fn>.<fn>'.
_DART = LazyPattern(
    r"^#(?P<n>\d{1,5})\s{1,12}(?P<func>[^\s(][^()]{0,500}?) \((?P<path>[^()\s]{1,1000}?):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?\)$"
)
_DART_TERSE = LazyPattern(
    r"^\s{0,8}(?P<path>[^\s]{1,1000}?\.dart) (?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?\s{1,80}(?P<func>\S.{0,500})$"
)

# Dart-Code's debug console (VS Code) writes each frame on two lines, the location a link below the
# function, its middle folders elided: '#0      CartState.build ' then
# 'package:shop/…/cart/cart_view.dart:191' (documented, not captured: no such editor here).
_DART_LINK = LazyPattern(
    r"^\s{0,8}(?P<path>(?:package:[\w.]{1,200}/|lib/|test/)\S{0,1000}?\.dart):(?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?$"
)
_DART_LINKED = LazyPattern(r"^#(?P<n>\d{1,5})\s{1,12}(?P<func>[^\s(][^()]{0,500}?)\s{0,8}$")


def _dart_link(m: re.Match[str], ctx: _Context) -> _Hit:
    above = _DART_LINKED.match(ctx.prev)
    return _location(m, "dart", above["func"] if above else None, number=_int(above["n"]) if above else None)


def _dart(m: re.Match[str], ctx: _Context) -> _Hit | None:
    if m["func"].startswith("0x"):  # a gdb frame, not Dart
        return None
    return _location(m, "dart", m["func"], number=_int(m.groupdict().get("n")))


# Dart Sass, written in Dart, prints a style sheet's stack as package:stack_trace's terse frames,
# innermost first: '  _buttons.scss 3:12  button()', '  cart.scss 5:3  root stylesheet'.
_SASS = LazyPattern(
    r"^\s{0,8}(?P<path>[^\s]{1,1000}?\.(?:scss|sass|css)) (?P<line>\d{1,9}):(?P<col>\d{1,9})\s{2,80}(?P<func>\S.{0,500})$"
)


def _sass(m: re.Match[str], ctx: _Context) -> _Hit:
    function = None if m["func"] == "root stylesheet" else strip_params(m["func"])
    return _location(m, "css", function)


# --- Elixir -------------------------------------------------------------------------------

# Elixir '(shop 0.1.0) lib/cart.ex:2: Shop.Cart.total/1' (before 1.10 without the version: '(elixir)
# lib/file.ex:1067: File.cd!/2'), ExUnit's 'test/cart_test.exs:5: (test)', a module no application
# holds without one ('lib/consumer.ex:306: GenRMQ.Consumer.terminate/2'); the call's arguments in
# place of its arity where the entry has them ('…terminate({:noproc, …}, %{config: …})', a crash's).
# Not a compiler's error ('** (CompileError) lib/cart.ex:3: …') nor its warning ('lib/cart.ex:9: warning:
# …', before 1.10).
_ELIXIR = LazyPattern(
    r"^\s{0,16}(?:\([\w.-]{1,100}(?: [\w.+-]{1,50})?\) (?P<path>[^\s:][^:]{0,1000}?)|(?P<exs>[^\s:(*][^:()]{0,1000}?\.exs?)):(?P<line>\d{1,9}): (?P<func>(?!warning: )\S[^(]{0,500}?)(?:\(.{0,8000})?$"
)
_ARITY = LazyPattern(r"/\d{1,3}$")


def _elixir(m: re.Match[str], ctx: _Context) -> _Hit:
    path = clean_path(m["path"] or m["exs"])
    return _Hit(path, int(m["line"]), None, symbol(_ARITY.sub("", m["func"])), "elixir")


# --- Julia --------------------------------------------------------------------------------

# Julia's stack trace, innermost first: since 1.6 the call, then its place below it (' [2]
# total(items::Vector{Int64})' / '   @ Shop ~/shop/src/cart.jl:12', '@ ./essentials.jl:13
# [inlined]'); before, on one line (' [2] total(::Array{Int64,1}) at /home/dev/shop/src/cart.jl:12').
# Documented, not captured: no Julia here.
_JULIA_AT = LazyPattern(
    r"^\s{0,12}@ (?:[\w.]{1,200} )?(?P<path>\S{1,1000}?\.jl):(?P<line>\d{1,9})(?: \[inlined\])?$"
)
_JULIA_CALL = LazyPattern(r"^\s{0,8}\[(?P<n>\d{1,6})\] (?P<func>[^\s(][^(]{0,300})")
_JULIA_OLD = LazyPattern(
    r"^\s{0,8}\[(?P<n>\d{1,6})\] (?P<func>[^\s(][^(]{0,300}).{0,2000}? at (?P<path>\S{1,1000}?\.jl):(?P<line>\d{1,9})(?: \[inlined\])?$"
)


def _julia_function(name: str) -> str | None:
    """The function of a frame; none for Julia's 'top-level scope' and 'macro expansion'."""
    name = name.strip()
    return None if " " in name else name


def _julia_at(m: re.Match[str], ctx: _Context) -> _Hit:
    call = _JULIA_CALL.match(ctx.prev)
    if call is None:
        return _location(m, "julia")
    return _location(m, "julia", _julia_function(call["func"]), number=int(call["n"]))


def _julia_old(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "julia", _julia_function(m["func"]), number=int(m["n"]))


# --- PowerShell ---------------------------------------------------------------------------

# A script's stack ($_.ScriptStackTrace), innermost first: 'at Get-Total, C:\scripts\cart.ps1: line 12',
# 'at <ScriptBlock>, C:\scripts\run.ps1: line 3'. Documented, not captured: no PowerShell here.
_POWERSHELL = LazyPattern(
    r"^\s{0,8}at (?P<func>[^,]{1,300}), (?P<path>\S.{0,1000}?\.ps[dm]?1): line (?P<line>\d{1,9})$"
)


def _powershell(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "powershell", None if m["func"].startswith("<") else m["func"])


# --- Nix ----------------------------------------------------------------------------------

# Nix's evaluation error, innermost first (with --show-trace, one position a step, the source
# around it between them): '       at /srv/shop/lib/prices.nix:2:40:'; before Nix 2.4 on one line,
# "error: undefined variable 'missing' at /srv/shop/lib/prices.nix:2:50" and "while evaluating
# 'sum' at /srv/shop/lib/prices.nix:2:9, called from /srv/shop/default.nix:5:11:".
_NIX = LazyPattern(
    r"^(?:\s{0,16}|.{0,2000}? )at (?P<path>\S{1,1000}?\.nix):(?P<line>\d{1,9}):(?P<col>\d{1,9})(?::|, called from .{1,1000})?$"
)


def _nix(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "nix")


# --- Haskell ------------------------------------------------------------------------------

# GHC's call stack of an `error` (HasCallStack), innermost first: '  error, called at
# app/Main.hs:7:26 in main:Main', '  priceOf, called at app/Main.hs:11:35 in main:Main'.
_HASKELL_CALLED = LazyPattern(
    r"^\s{0,8}(?P<func>[^\s,]{1,300}), called at (?P<path>\S{1,1000}?):(?P<line>\d{1,9}):(?P<col>\d{1,9}) in \S{1,300}$"
)


def _haskell_called(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "haskell", callee=m["func"])  # the function called there, as PHP's rows


# --- Zig ----------------------------------------------------------------------------------

# Zig's panic and failed test trace, innermost first, each frame's source line and a caret below
# it: '/srv/shop/src/cart.zig:5:26: 0x11e50c1 in total (main.zig)'.
_ZIG = LazyPattern(
    r"^(?P<path>\S.{0,1000}?\.zig):(?P<line>\d{1,9}):(?P<col>\d{1,9}): 0x[0-9a-f]{1,16} in (?P<func>.{1,300}?) \([^()]{1,300}\)$"
)


def _zig(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "zig", m["func"])


# A compile error's reference trace below it (0.11 and later), the functions whose code leads to the
# error, innermost first: 'referenced by:', then '    checkout: src/main.zig:10:17'.
_ZIG_REFERENCE = LazyPattern(
    r"^\s{2,8}(?P<func>[\w.@\"-]{1,300}): (?P<path>\S.{0,1000}?\.zig):(?P<line>\d{1,9}):(?P<col>\d{1,9})$"
)


def _zig_reference(m: re.Match[str], ctx: _Context) -> _Hit | None:
    if ctx.prev.strip() != "referenced by:" and not _ZIG_REFERENCE.match(ctx.prev):
        return None
    return _location(m, "zig", m["func"])


# --- OCaml --------------------------------------------------------------------------------

# An uncaught exception's backtrace (OCAMLRUNPARAM=b, Printexc), innermost first: 'Raised at
# Stdlib__List.assoc in file "list.ml", line 191, characters 10-25', then 'Called from Cart.total.(fun)
# in file "cart.ml", line 1, characters 61-89'; before 4.11 without the function ('Raised at file
# "list.ml", …'); an inlined call's file marked '(inlined)'; a tool that prints it under its own
# heading indents it ('Backtrace:', then '  Raised at …').
_OCAML = LazyPattern(
    r"^\s{0,16}(?:Raised at|Re-raised at|Raised by primitive operation at|Called from) (?:(?P<func>\S{1,300}) in )?"
    r'file "(?P<path>[^"]{1,1000})"(?: \(inlined\))?, line (?P<line>\d{1,9}), characters \d{1,9}-\d{1,9}$'
)
_OCAML_ANONYMOUS = LazyPattern(r"\.\(fun\)")


def _ocaml(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "ocaml", _OCAML_ANONYMOUS.sub("", m["func"] or ""))


# --- Nim ----------------------------------------------------------------------------------

# An unhandled exception's traceback, outermost first: '/srv/shop/src/cart.nim(2) total', then
# 'Error: unhandled exception: … [IndexDefect]' (a compile error's '(2, 17)' is no frame). Before 1.0
# the procedures stood in a column, the places padded to the widest ('re.nim(75)               re').
_NIM = LazyPattern(r"^(?P<path>[^\s(][^()]{0,1000}?\.nim)\((?P<line>\d{1,9})\) {1,80}(?P<func>\S{1,300})$")


def _nim(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "nim", m["func"], outermost_first=True)


# --- D ------------------------------------------------------------------------------------

# druntime's uncaught exception (gdc, ldc, dmd): 'core.exception.AssertError@source/cart.d(5): empty
# cart', then innermost first below a rule 'source/cart.d:5 int cart.total(int[]) [0x556891e53429]'
# and '??:? onAssertErrorMsg [0x7fa1eb341314]' where no file is known.
_D_THROWN = LazyPattern(r"^[A-Za-z_][\w.]{0,300}@(?P<path>\S.{0,1000}?\.d)\((?P<line>\d{1,9})\): ")
_D_FRAME = LazyPattern(
    r"^(?:\?\?:\?|(?P<path>[^\s:][^:]{0,1000}?\.d):(?P<line>\d{1,9})) (?P<func>.{1,1000}?) \[0x[0-9a-f]{1,16}\]$"
)


def _d_thrown(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "d", starts=True)


def _d_frame(m: re.Match[str], ctx: _Context) -> _Hit:
    if not m["path"]:
        return _placeholder("d")
    return _location(m, "d", strip_params(m["func"]).rpartition(" ")[2])


# --- Tcl ----------------------------------------------------------------------------------

# Tcl's errorInfo, innermost first: each script's place below the command it ran, the command quoted
# over as many lines as it has ('    (file "plugins/disk.tcl" line 25)'); a procedure's own rows
# ('    (procedure "check" line 3)') name no file.
_TCL = LazyPattern(r'^\s{0,16}\(file "(?P<path>[^"]{1,1000})" line (?P<line>\d{1,9})\)$')


def _tcl(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "tcl")


# --- Ada ----------------------------------------------------------------------------------

# GNAT's unhandled exception, where it was raised: 'raised CONSTRAINT_ERROR : cart.adb:11 index check
# failed' (a runtime's check), 'raised SYSTEM.ASSERTIONS.ASSERT_FAILURE : vhdl-nodes.adb:2819'.
_ADA_RAISED = LazyPattern(
    r"^raised [A-Z][\w.]{0,300} : (?P<path>[^\s:]{1,1000}\.ad[bs]):(?P<line>\d{1,9})(?: .{0,2000})?$"
)


def _ada_raised(m: re.Match[str], ctx: _Context) -> _Hit:
    return _location(m, "ada", starts=True)


# The table: order matters where two formats could read one line (gdb before the sanitizers,
# Dart before gdb, V8 before Mono, Rust's 'at' before V8's).
_FORMATS: tuple[_Format, ...] = (
    _Format("python", ('File "',), _PY_FILE, _python, max_gap=12),
    _Format("pytest", (".py:",), _PYTEST, _pytest, max_gap=400),
    _Format("pytest-check", (".py:",), _PYTEST_CHECK, _pytest_check, max_gap=1),
    _Format("faulthandler", ('File "',), _FAULTHANDLER, _faulthandler),
    _Format("py-spy", (".py:", ".pyx:"), _PY_SPY, _py_spy, max_gap=80),
    _Format("frame-summary", ("<FrameSummary file ",), _FRAME_SUMMARY, _python),
    _Format("pdb", (".py(", ".pyx("), _PDB, _pdb, max_gap=8),  # ipdb's source lines between
    _Format("ipython", ("File ",), _IPY_FILE, _ipython, max_gap=20),
    _Format("ipython", ("Cell In", "Input In", "<ipython-input-"), _IPY_CELL, _ipython_cell, max_gap=20),
    _Format("ipython", (".py in ", ".pyx in ", ".pxi in ", ".ipynb in "), _IPY7_FILE, _ipython7, max_gap=20),
    _Format("ipython", ("-> ",), _IPY7_ARROW, _ipython7_arrow, max_gap=20),
    _Format("django", ('File "',), _DJANGO_FILE, _django_file, max_gap=2),
    _Format("django-page", (".py, line ",), _DJANGO_PAGE, _django_page, max_gap=60),
    _Format("rich", (" in",), _RICH, _rich, max_gap=120),
    _Format("go", (".go:", ".s:", "<autogenerated>:"), _GO_FILE, _go, max_gap=2),
    _Format("go", (".go:",), _GO_CALL, _go_call, max_gap=2),
    _Format("go", (" +0x",), _GO_FILE_UNINDENTED, _go, max_gap=2),
    _Format("symfony", (".php:", "n/a:n/a"), _SYMFONY_ROW, _symfony_row),  # before V8's 'at /…'
    _Format("symfony", (" line ",), _SYMFONY_IN, _symfony_in),
    _Format("symfony", ("at ",), _SYMFONY_CALL, _symfony_call),
    _Format("symfony", (".php:",), _SYMFONY_CALL_PLACE, _symfony_call_place),
    _Format("collision", ("::",), _COLLISION_CALLEE, _collision, max_gap=4),
    _Format("jvm", ("at ",), _JVM, _jvm),
    _Format("jvm", ("- ",), _JVM_MONITOR, _jvm_monitor),
    _Format("jvm", ("at ",), _JVM_SPACED, _jvm),
    _Format(
        "jvm",
        (".clj:", ".cljc:", ".cljs:", ".java:", ".kt:", ".scala:", ".groovy:"),
        _CLOJURE_ROW,
        _jvm,
    ),
    _Format("jvm", (".java", ".kt", ".scala", ".groovy", ".clj"), _JVM_BARE, _jvm),
    _Format("jvm", _JVM_DATA_FILES, _JVM_DATA, _jvm_data),
    _Format("nix", (".nix:",), _NIX, _nix, max_gap=8),
    _Format("rust", ("at ",), _RUST_AT, _rust_at, max_gap=2),
    _Format("rust-panic", ("panicked at ",), _RUST_PANIC, _rust_panic, after="panicked at "),
    _Format("rust-panic", ("', ",), _RUST_PANIC, _rust_panic, after="', "),
    _Format("rust-panic", ("’, ",), _RUST_PANIC, _rust_panic, after="’, "),  # quotes a forum curled
    _Format("javascript", ("eval at ",), _V8_EVAL, _v8),
    _Format("javascript", ("at ",), _V8_CALL, _v8),
    _Format("javascript", ("at ",), _V8_BARE, _v8),
    _Format("javascript", ("(at ",), _RN_COMPONENT, _v8),
    _Format("vitest", ("❯ ",), _VITEST, _v8, max_gap=8),
    _Format("javascript", (") @ ",), _NEXT_SOURCE, _next_source),
    _Format("devtools", ("@ ",), _DEVTOOLS, _devtools, max_gap=2),
    _Format("tap", ("location: '",), _TAP_LOCATION, _tap_location),
    _Format("tap", ("at: ",), _TAP_AT, _tap_at),
    _Format("node-test", _TAP_HINTS, _TAP_STACK, _v8),
    _Format("javascript", (" (/", " (file:", ":\\"), _V8_FROM, _v8, max_gap=1),
    _Format("firefox", ("@",), _AT_SIGN, _at_sign),
    _Format("opera", (" script ",), _OPERA, _opera, max_gap=2),
    _Format("csharp", ("at ",), _DOTNET, _csharp, max_gap=1),
    _Format("csharp", _DOTNET_SOURCES, _DOTNET_TRANSLATED, _csharp, max_gap=1),
    _Format("csharp", (" in ",), _MONO, _csharp, max_gap=1),
    _Format("csharp", (") (at ",), _UNITY, _csharp, max_gap=1),
    _Format("php-called", (" called at ",), _PHP_CALLED_AT, _php_called_at, max_gap=1),
    _Format("php", ("#",), _PHP_FRAME, _php_frame, max_gap=1),
    _Format("whoops", ("() ",), _WHOOPS, _whoops, max_gap=2),
    _Format("whoops", (".php:",), _WHOOPS_COPIED, _whoops_copied, max_gap=2),
    _Format("xdebug", (") /", ":\\"), _XDEBUG, _xdebug, max_gap=1),
    _Format("php", (".php:",), _PHP_BARE, _php_bare),
    _Format("php", (" on line ",), _PHP_ON_LINE, _php_error, max_gap=1, after=" in "),
    _Format("php", ("Uncaught ", "Next "), _PHP_UNCAUGHT, _php_error, max_gap=1, after=" in "),
    _Format("php", ("Exception: ", "Error: "), _PHP_THROWN, _php_error, max_gap=1, after=" in "),
    _Format("php", ("[object] (",), _MONOLOG, _php_error, max_gap=1, after=" at "),
    _Format("dart", ("#",), _DART, _dart, max_gap=1),
    _Format("dart", (".dart ",), _DART_TERSE, _dart, max_gap=1),
    _Format("dart", (".dart:",), _DART_LINK, _dart_link, max_gap=1),
    _Format("sass", (".scss ", ".sass ", ".css "), _SASS, _sass),
    _Format("native", ("#",), _GDB, _native, max_gap=1),
    _Format("native", ("#",), _SANITIZER, _native, max_gap=1),
    _Format("native", ("#",), _SANITIZER_MODULE, _native, max_gap=1),
    _Format("native", ("runtime error: ",), _UBSAN, _ubsan),
    _Format("valgrind", (" at 0x", " by 0x"), _VALGRIND, _valgrind),
    _Format("lldb", ("frame #",), _LLDB, _lldb, max_gap=1),
    _Format("cmake", ("CMake ",), _CMAKE_AT, _cmake_at, max_gap=8),
    _Format("cmake", ("CMakeLists.txt:", ".cmake:"), _CMAKE_CALLER, _cmake_caller, max_gap=8),
    _Format("ruby", (":in ", ":in`"), _RUBY, _ruby),
    _Format("ruby", (".erb:", ".haml:", ".slim:", "builder:"), _RUBY_TEMPLATE, _ruby_template),
    _Format("byebug", (".rb:",), _BYEBUG, _byebug),
    _Format("minitest", (".rb:",), _MINITEST, _minitest),
    _Format("tracker", ("→ ", "line ", " - "), _TRACKER, _tracker),
    _Format("erlang", (", line ",), _ERLANG, _erlang, max_gap=1),
    _Format("erlang-term", (",[",), _ERLANG_TERM, _erlang_term, max_gap=2),
    _Format("erlang-term", ('[{file,"',), _ERLANG_PLACE_ALONE, _erlang_place, max_gap=2),
    _Format("elixir-term", (", [",), _ELIXIR_TERM, _elixir_term, max_gap=2),
    _Format("elixir-term", ("[file: ",), _ELIXIR_PLACE_ALONE, _elixir_place, max_gap=2),
    _Format("gradle", (" at ",), _GRADLE_SHORT, _gradle_short),
    _Format("surefire", ("[ERROR] ",), _SUREFIRE_SUMMARY, _surefire_summary),
    _Format("jruby", (" at ",), _JRUBY, _jruby),
    _Format("perl", (" called at ",), _PERL_CALLED, _perl_called, max_gap=1),
    _Format("perl", (" line ",), _PERL_AT, _perl_at, max_gap=1, after=" at "),
    _Format("lua", (".lua:",), _LUA_ERROR, _lua, max_gap=2),
    _Format("lua", (".lua:", "[C]: ", "(...tail calls...)"), _LUA_ROW, _lua, max_gap=2),
    _Format("lua", ("runtime error: ",), _LUA_RUNTIME, _lua, after="runtime error: "),
    _Format("swift", (" 0x", "\t0x"), _SWIFT, _swift_frame, max_gap=10),
    _Format("crash-report", (" 0x", "\t0x"), _CRASH_REPORT, _swift_frame),  # a report's tab
    _Format("swift", _SWIFT_FATALS, _SWIFT_FATAL, _swift_fatal),
    _Format("swift", _SWIFT_FATALS, _SWIFT_FATAL_OLD, _swift_fatal, after=": file "),
    _Format("elixir", (".ex", ") "), _ELIXIR, _elixir),
    _Format("haskell", (", called at ",), _HASKELL_CALLED, _haskell_called),
    _Format("julia", ("@ ",), _JULIA_AT, _julia_at, max_gap=1),
    _Format("julia", (".jl:",), _JULIA_OLD, _julia_old),
    _Format("zig", (".zig:",), _ZIG, _zig, max_gap=2),
    _Format("zig-reference", (".zig:",), _ZIG_REFERENCE, _zig_reference),
    _Format("powershell", (": line ",), _POWERSHELL, _powershell),
    _Format("ocaml", ('file "',), _OCAML, _ocaml, max_gap=1),
    _Format("nim", (".nim(",), _NIM, _nim),
    _Format("d", (".d(",), _D_THROWN, _d_thrown, max_gap=1),
    _Format("d", (" [0x",), _D_FRAME, _d_frame),
    _Format("tcl", ('file "',), _TCL, _tcl, max_gap=16),
    _Format("ada", ("raised ",), _ADA_RAISED, _ada_raised),
)

_DJANGO = next(f for f in _FORMATS if f.family == "django")

# The formats a line could be, by the hints it holds: a line is tried against each format one of
# whose hints it holds, in the table's order (a hint's test is one substring search; a format's
# own test of its hints cost more than the patterns on a message's lines).
_HINTS = tuple(sorted({h for f in _FORMATS for h in f.hints}))
_FORMATS_BY_HINT = {h: frozenset(i for i, f in enumerate(_FORMATS) if h in f.hints) for h in _HINTS}

# One C-level search that every frame line passes: most lines of a log are skipped here.
_CANDIDATE = LazyPattern("|".join(sorted({re.escape(h) for f in _FORMATS for h in f.hints})))
_MAX_GAP = {
    family: max(f.max_gap for f in _FORMATS if f.family == family) for family in {f.family for f in _FORMATS}
}

# Lines that open a new trace whatever follows (after white space, exception groups' bars, quote marks).
_TRACE_START = LazyPattern(
    r"^[\s|+>]{0,40}(?:Traceback \(most recent call (?:last|first)\)|Traceback for thread \d{1,12} |Exception Group Traceback|[+-]{1,3}-{4,200} \d{1,6} -{4,200}$"
    r"|The above exception was the direct cause|During handling of the above exception"
    r"|Caused by:|Suppressed:|goroutine \d{1,12} \[|stack backtrace:|stack traceback:|--- End of inner exception"
    r"|(?:Current thread|Thread) 0x[0-9a-f]{1,16} \(most recent call first\):|Stack \(most recent call first\):"
    r"|(?:Previous )?(?:[Ww]rite|[Rr]ead) (?:of size \d{1,6} )?at 0x|Goroutine \d{1,12} \([\w ]{1,40}\) created at:"
    r"|_{3,200} .{1,400} _{3,200}$|={3,200} .{1,400} ={3,200}$"
    r"|\(node:\d{1,10}\) |\[cause\]:? |Thrown at:$"  # Node's warnings, an error's cause, --trace-uncaught
    r"|Emitted '[\w:-]{1,100}' event (?:on .{1,300} )?at:$"  # Node: where the unhandled 'error' was emitted
    r"|[A-Z][\w.$]{0,200}(?:Error|Exception): )"  # an error's own line (two failures a report lists)
)


def _match(line: str, ctx: _Context) -> tuple[_Format, _Hit] | None:
    if ctx.django_file is not None:
        (path, function), ctx.django_file = ctx.django_file, None
        m = _DJANGO_LINE.match(line)
        if m:
            return _DJANGO, _Hit(
                clean_path(path), int(m["line"]), None, symbol(function), "python", outermost_first=True
            )
    if not _CANDIDATE.search(line):
        return None
    tried: set[int] = set()
    for hint in _HINTS:
        if hint in line:
            tried |= _FORMATS_BY_HINT[hint]
    for index in sorted(tried):  # in the table's order
        fmt = _FORMATS[index]
        if fmt.after and fmt.after not in line:
            continue
        text = line.rpartition(fmt.after)[2] if fmt.after else line
        m = fmt.pattern.match(text)
        if m:
            hit = fmt.build(m, ctx)
            if hit is not None:
                return fmt, hit
    return None


def is_frame_line(line: str) -> bool:
    """Whether `line` alone reads as a stack frame (diagnostics skip such lines)."""
    return _match(line, _Context()) is not None


class _Trace(Record):
    family: str
    hits: list[_Hit] = field(default_factory=list)
    gap: int = 0
    last_number: int | None = None
    interrupted: bool = False
    recent_first: bool = False  # under a header saying so, whatever its rows' format prints


# A header over rows in a format printed outermost first that are innermost first here: gdb's
# `py-bt` ('Traceback (most recent call first):' over CPython's 'File "…", line N, in f' rows).
_RECENT_FIRST = LazyPattern(r"^\s{0,40}Traceback \(most recent call first\):")

# The line a Python traceback of an interrupted program ends with: `KeyboardInterrupt` alone
# (CPython), `KeyboardInterrupt: ` (IPython), `E   KeyboardInterrupt` (pytest's long report), and
# pytest-timeout's failure (its default, signal method) of a test that ran too long.
_INTERRUPTED = LazyPattern(
    r"^(?:E {1,40}|[ |+]{0,40})KeyboardInterrupt(?::.{0,2000})?$"
    r"|^E {1,40}Failed: Timeout \(>[\d.]{1,20}s\) from pytest-timeout\.$"
)
# The line above the stacks a program dumps when a timer or a signal stopped it: faulthandler's
# `dump_traceback_later` (`Timeout (0:00:05)!`), pytest-timeout's thread method (a banner above
# and below, the first after the test's progress), `go test -timeout`'s panic, Go's SIGQUIT
# (Ctrl-backslash), the JVM's thread dump (jstack, or SIGQUIT) and py-spy's dump of a running
# process (a header a thread). The traces that follow are interrupted ones until a trace of another
# kind starts.
_TIMED_OUT = LazyPattern(
    r"^Timeout \(\d{1,9}:\d\d:\d\d(?:\.\d{1,9})?\)!$|(?:^|\s)\+{3,200} Timeout \+{3,200}$"
    r"|^panic: test timed out after \S{1,40}$|^SIGQUIT: quit$|^Full thread dump "
    r'|^Thread (?:0x[0-9A-Fa-f]{1,16}|\d{1,12}) \((?:idle|active|gil)[^)]{0,40}\): "'  # py-spy dump's
)
_STOPPED_HINT = LazyPattern(r"Timeout|SIGQUIT|timed out|Full thread dump|Thread (?:0x|\d)")  # what each holds
# The headers of such dumps' stacks (faulthandler's threads, Go's goroutines): they go on with it.
_DUMP_STACK = LazyPattern(
    r"^\s{0,40}(?:(?:Current thread|Thread) 0x[0-9a-f]{1,16} \(most recent call first\):"
    r"|Stack \(most recent call first\):|goroutine \d{1,12} \[)"
)
# A program's own failure, whose stacks follow (a Go panic's goroutines): no dump goes on past it.
_FAILURE = LazyPattern(r"^(?:panic|fatal error|Fatal Python error): ")
# Ruby's first row of a program stopped by Ctrl-C: the exception `Interrupt` after its place.
_INTERRUPTED_ROW = LazyPattern(r"[`'][^`']{0,300}': (?:Interrupt|.{0,2000} \(Interrupt\))$")


# Families whose rows name the function called at the line, not the one the line is in.
_CALLEE_FAMILIES = frozenset({"php", "php-called", "symfony", "collision", "xdebug", "perl", "haskell"})


def _php_functions(hits: list[_Hit]) -> list[_Hit]:
    """PHP (Perl, GHC) prints at each line the function it *calls*; the function a line is in is
    the next one's, unless the frames between them were left out (their numbers skip)."""
    callers = [
        None if h.number is not None and n.number is not None and abs(n.number - h.number) != 1 else n.callee
        for h, n in zip(hits, hits[1:])
    ] + [None]
    return [
        _Hit(h.path, h.line, h.column, symbol(c), h.language, h.package, h.number)
        for h, c in zip(hits, callers, strict=True)
    ]


def _frames(trace: _Trace) -> list[Frame]:
    hits = trace.hits
    if hits and hits[0].outermost_first and not trace.recent_first:
        hits = hits[::-1]
    if trace.family in _CALLEE_FAMILIES:
        hits = _php_functions(hits)
    located = [h for h in hits if h.path]
    return [
        Frame(h.path or "", h.line, h.column, h.function, h.package, h.language, depth, trace.interrupted)
        for depth, h in enumerate(located)
    ]


def _deduplicated(frames: list[Frame]) -> list[Frame]:
    """Drops repeats: the same frame again, or a bare location already seen at that depth."""
    seen: set[Frame] = set()
    places: set[tuple[str, int | None, int | None, int]] = set()
    kept = []
    for frame in frames:
        place = (frame.path, frame.line, frame.column, frame.depth)
        if frame in seen or (frame.function is None and place in places):
            continue
        seen.add(frame)
        places.add(place)
        kept.append(frame)
    return kept


# A trace whose line breaks were lost (a log aggregator's one-line view, a text box that collapsed
# them): each frame's opening words start a row of their own, the JVM's, .NET's and V8's 'at …'
# ('at com.acme.shop.Cart.total(', 'at total (/srv/…', 'at /srv/…'), CPython's 'File "…", line'
# and Ruby's '[from ]…:3:in `' (V8's 'eval at' and Hermes' 'address at' are inside one), and so do
# the lines that start a trace or end one ('Caused by: ', '... 3 more', 'Traceback (most recent
# call last):', 'The above exception …'). Only a line holding two or more is cut (one is a frame's
# own line), or Ruby's one after its first frame.
_FLAT_ROW = LazyPattern(
    r"(?<=\s)(?<!eval )(?<!address )(?:at (?=(?:async )?[\w$./<>`'-]{1,300} ?\(|/|file:|[A-Za-z]:\\)"
    r'|File "(?=[^"]{1,1000}", line \d)'
    r"|from (?=\S{1,1000}:\d{1,9}:in )|(?<!from )(?=[^\s:]{1,1000}:\d{1,9}:in [`'])"
    r"|(?:Caused by|Suppressed): |\.\.\. \d{1,9} more"
    r"|Traceback \(most recent call last\):|The above exception |During handling of )"
)
_BLANKS = LazyPattern(r"\s{2,}")
_FLAT_HINTS = (" at ", "\tat ", 'File "', " from ", ":in ")


def _flattened_rows(line: str) -> list[str]:
    cuts = [m.start() for m in islice(_FLAT_ROW.finditer(line), _MAX_ROWS)]
    head = line[: cuts[0]].rstrip() if cuts else ""
    if len(cuts) < 2 and not (cuts and _RUBY.match(head)):
        return [line]
    # a logger's separator between the lines ('%throwable{separator( | )}') ends no row, nor does
    # a JSON list's between its strings (AWS Lambda's Node.js error, its stack split into lines:
    # '"trace":["TypeError: …","    at total (file:///var/task/cart.mjs:2:45)", …]'); a run of
    # blanks is where a line ended and the next one's indentation began (a frame's source line
    # after it, the runtime's banner after the last)
    rows = [
        row
        for start, end in zip(cuts, [*cuts[1:], len(line)])
        for piece in _BLANKS.split(line[start:end], _MAX_ROWS)
        if (row := piece.rstrip(' \t|",]}'))
    ]
    # the record ends with the line: the next one's trace is another (a blank row, as a log's)
    return [head, *rows, ""] if head.strip() else [*rows, ""]


def _rows(lines: list[str]) -> Iterator[str]:
    """`lines`, a line holding several rows of a trace cut into them (PHP's, Erlang's, Elixir's,
    a trace's whose line breaks were lost)."""
    for line in lines:
        if '{file,"' in line:
            yield from _cut(line, _ERLANG_CUT)
        elif "[file: " in line:
            yield from _cut(line, _ELIXIR_CUT)
        elif "<FrameSummary file " in line:
            yield from _cut(line, _FRAME_SUMMARY_CUT)
        elif "Stack trace:" in line or "[stacktrace]" in line:
            yield from _php_rows(line)
        elif sum(map(line.count, _FLAT_HINTS)) >= 2:
            yield from _flattened_rows(line)
        else:
            yield line


def parse_frames(text: str) -> list[Frame]:
    """Every stack frame in `text`: traces in input order, innermost frame first within each."""
    frames: list[Frame] = []
    ctx = _Context()
    trace: _Trace | None = None
    lines = evidence_lines(text)
    timed_out = False  # below the banner of a timer's or a signal's dump (`_TIMED_OUT`)
    recent_first = False  # below a header saying its rows are innermost first (`_RECENT_FIRST`)
    for line in _rows(lines):
        if _TRACE_START.match(line):
            if trace:
                frames += _frames(trace)
            trace, ctx.last_def, ctx.ipython_file, ctx.django_file = None, None, None, None
            timed_out = timed_out and bool(_DUMP_STACK.match(line))
            recent_first = bool(_RECENT_FIRST.match(line))
        elif _STOPPED_HINT.search(line) and _TIMED_OUT.search(line.strip()):
            if trace:
                frames += _frames(trace)
            trace, timed_out = None, True
        elif timed_out and _FAILURE.match(line):
            timed_out = False
        found = _match(line, ctx)
        if found is None:
            if trace:
                trace.gap += 1
                if ("KeyboardInterrupt" in line or "Timeout" in line) and _INTERRUPTED.match(line.rstrip()):
                    trace.interrupted = True
            if "def " in line:
                m = _DEF.match(line)
                ctx.last_def = m[1] if m else ctx.last_def
            ctx.prev = line
            continue
        fmt, hit = found
        if trace and (
            trace.family != fmt.family
            or trace.gap > _MAX_GAP[trace.family]
            or (hit.starts and not trace.hits[-1].outermost_first)  # one printed outermost first ends so
            or trace.hits[-1].ends
            or (hit.number is not None and trace.last_number is not None and hit.number <= trace.last_number)
        ):
            frames += _frames(trace)
            trace = None
        if trace is None:
            trace = _Trace(fmt.family, interrupted=timed_out, recent_first=recent_first)
        if "Interrupt" in line and _INTERRUPTED_ROW.search(line):
            trace.interrupted = True
        trace.hits.append(hit)
        trace.gap = 0
        trace.last_number = hit.number if hit.number is not None else trace.last_number
        ctx.prev, ctx.last_def = line, None
    if trace:
        frames += _frames(trace)
    for objects in object_traces("\n".join(lines)):
        frames += [Frame(*frame, depth) for depth, frame in enumerate(objects)]
    return _deduplicated(frames)


# The line that ends a Python traceback names the exception, whatever its class is called
# ('ImproperlyConfigured: …', 'django.core.exceptions.FieldError: …'), inside a group's '| '.
_PY_EXCEPTION = LazyPattern(
    r"^[ |+]{0,40}(?P<cls>[A-Za-z_]\w{0,200}(?:\.[A-Za-z_]\w{0,200}){0,20}): (?P<msg>\S.{0,2000})$"
)
_PY_BODY = LazyPattern(r"^[|+]?\s{1,40}\S|^\s{0,40}\| {1,40}")


def _is_ipython_row(line: str) -> bool:
    """An IPython traceback's file or cell row (its source lines and arrows follow)."""
    return bool(_IPY_FILE.match(line) or _IPY_CELL.match(line) or (" in " in line and _IPY7_FILE.match(line)))


def exception_lines(text: str) -> list[str]:
    """The `Name: message` line that ends each Python traceback in `text`, in input order."""
    found: list[str] = []
    in_traceback = False
    for line in evidence_lines(text):
        if not line:
            continue
        if ('File "' in line and _PY_FILE.match(line)) or _is_ipython_row(line):
            in_traceback = True
            continue
        if not in_traceback:
            continue
        m = _PY_EXCEPTION.match(line)
        if m:
            found.append(line.strip(" |+"))
            in_traceback = False
        elif not _PY_BODY.match(line) and not _IPY7_ARROW.match(line):
            in_traceback = False  # an unindented line that names no exception: not ours
    return list(dict.fromkeys(found))
