"""Shared helpers for the evidence parsers: bounded line splitting, ANSI and log-prefix removal, a
process manager's relayed lines regrouped, a structured log's escaped trace read as lines, path cleanup.

Evidence is untrusted command output. Everything here is linear in the input and capped, so a
parser never spends more than a bounded time on one message.
"""

from __future__ import annotations

import functools
import re
from collections import Counter

from ..checkout.budgets import DEFAULT_BUDGETS
from ..lazyre import LazyPattern, compile_static

__all__ = [
    "MAX_CHARS",
    "MAX_LINES",
    "HEAD_LINES",
    "MAX_LINE_CHARS",
    "MAX_ESCAPED_LINE_CHARS",
    "MAX_STRING_LINES",
    "evidence_lines",
    "evidence_cut",
    "unenveloped",
    "without_runtime_hints",
    "clean_path",
    "strip_params",
    "native_language",
    "symbol",
]

#: Evidence longer than this is read as its head and its tail (half each): a verbose CI log ends
#: with the failure, and the parsers run on every message.
MAX_CHARS = 2_000_000
MAX_LINES = DEFAULT_BUDGETS.evidence_lines  # the first HEAD_LINES, then the last ones
HEAD_LINES = MAX_LINES // 4
MAX_LINE_CHARS = 8_192  # a longer line (minified code, a base64 blob) is skipped, not scanned
#: A longer line that holds escaped line breaks (a structured log's record, its trace one string)
#: is read up to this length, as the lines of its strings.
MAX_ESCAPED_LINE_CHARS = 65_536
#: Lines taken from the strings of one line, at most.
MAX_STRING_LINES = 512

# CSI sequences (colours, cursor moves), control strings (OSC's titles and hyperlinks; APC, DCS,
# PM and SOS, ended as OSC is: Buildkite's time before each line of a log, `ESC_bk;t=1733480402512
# BEL`, tmux's passthrough), two-byte escapes.
_ANSI = compile_static(
    r"\x1b\[[0-9;:?<=>]{0,64}[ -/]{0,4}[@-~]|\x1b[\]_PX^][^\x07\x1b]{0,4096}(?:\x07|\x1b\\)?|\x1b[@-Z\\-_]"
    r"|\x1b[ -/]{1,2}[0-~]"  # a character set chosen, curses' reset's 'ESC(B' (mypy's, tput sgr0's)
)
# The same colours' codes where a text box dropped their ESC bytes (a notebook's or a terminal's
# coloured output pasted into a forge: '[1;31mKeyError[0m   Traceback …', 'File [1;32m/srv/…:5[0m'):
# taken off where one of them resets (`_SGR_RESETS`), as every coloured output does. One behind an
# escaped ESC is a string's (a notebook's JSON, '"\\u001b[31mKeyError\\u001b[39m"'), whole: the
# string's escapes undone (`_string_lines`), it is a code like any other. Windows' console before
# 10 printed ESC as '←' ('←[90m    at total (C:\shop\cart.js:2:9)←[39m'): the arrow goes with its code.
_BARE_SGR = LazyPattern(
    r"\u2190?(?<!\\u001b)(?<!\\u001B)(?<!\\x1b)(?<!\\x1B)(?<!\\033)\[\d{1,3}(?:;\d{1,3}){0,15}m"
)
_SGR_RESETS = ("[0m", "[39m", "[49m", "[22m")
_NEWLINE = compile_static(r"\r\n|\r|\n")
# Double quotes a chat, a word processor or a forum curled ('File “/srv/shop/cart.py”, line 2'); no
# tool prints them around a place.
_CURLED = {0x201C: '"', 0x201D: '"'}
# A block's opening HTML tag before its first line, as a forge's message carries it ('<pre> lib/…'), a
# page's line in a span (Rails' error page: '<span class="l">/app/models/cart.rb:7:in …').
_BLOCK_TAG = compile_static(r"^(\s{0,40})<(?:pre|code|samp|span)(?:\s[^<>]{0,200})?>\s?")
# What CI services and log collectors put before every line they keep: a timestamp (GitHub
# Actions', `2024-03-01T10:22:33.4567890Z `; Jenkins' console as its page shows it, `10:22:33 `; in
# brackets, Jenkins' `[2024-03-01T10:22:33.456Z] `, a build tool's `[10:22:33] ` and fastlane's
# `[10:22:33]: `, a Celery worker's `[2024-03-01
# 10:22:33,456: WARNING/ForkPoolWorker-1] ` before each line a task prints), then, after one, a
# syslog header (`web01 app[1234]: `, Heroku's `app[web.1]: `), GitLab's stream (`01E `) or a
# Sidekiq record's process, thread, context and level (`pid=44 tid=2430k class=ImportJob WARN: `, on
# Heroku without the time); a journal's `Mar 01 10:22:33 web01 gunicorn[1234]: `; `kubectl logs --prefix`'s `[pod/web-7d9c/app] `;
# Rails' tagged log's request id (`[ef579088-55d9-41b1-aee5-0887dd5285ac] `, behind Heroku's header);
# Android's logcat, `adb logcat`'s `12-01 11:40:02.512  4321  4321 E AndroidRuntime: `, Android
# Studio's `12-01 11:40:02.512 4321-4321/com.acme.shop A/art: ` and `adb logcat -v brief`'s
# `E/flutter ( 4415): `; what Flutter relays from a device (`flutter: `) and `flutter run -v`'s clock
# (`[   +1 ms] `, `[        ] `); a build's: sbt's level before a trace's row (`[error] \tat …`, `[error]
# at …`), Open Build Service's seconds (`[   28s] `), Taskcluster's task (`[task
# 2020-03-20T14:13:57.855Z] `), BuildKit's step and seconds (`#12 46.59 `, `#16 506.5 `), TeamCity's time,
# status and step (`[16:03:43] :\t [Step 4/7] `, `[16:03:43]W:\t\t `); Cloud Foundry's `cf logs` (`
# 2021-12-21T16:06:48.53-0500 [APP/PROC/WEB/0] ERR `); stern's pod and container (`shop-57c69655fc-mfdj8
# web `, a Deployment's pod named by Kubernetes' hashes, their alphabet without vowels); WebdriverIO's
# browser and worker (`[chrome 120.0.6099.71 windows #0-0] `); fastlane's level and time (`INFO
# [2020-05-02 13:00:15.21]: `); Ant's task, padded (`    [javac] `, ` [aapt] `); Ruby's Logger (`E,
# [2012-10-04T02:25:52.992255 #9422] ERROR -- : `).
_SIDEKIQ = r"pid=\d{1,10} tid=\w{1,20}(?: [\w.-]{1,64}=\S{1,500}){0,16} [A-Z]{4,7}: "
_LOG_PREFIX = compile_static(
    r"^(?:\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} {1,8}\d{1,10}(?:-| {1,8})\d{1,10}(?:/[\w.:-]{1,200})? {1,8}"
    r"[VDIWEFA](?:/| {1,8})[^\s:][^:]{0,100}?: "
    r"|[VDIWEFA]/[^\s(:][^(:]{0,100}\( {0,8}\d{1,10}\): |flutter: |\[(?: {8}| {0,6}\+\d{1,7} ms)\] "
    r"|\[(?:error|warn|info)\] (?=\s|at )|\[ {0,6}\d{1,7}s\] |#\d{1,4} \d{1,6}\.\d{1,3} "
    r"|\s{0,4}\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?(?:Z|[+-]\d\d:?\d\d) \[[A-Z]{2,12}(?:/[\w.-]{1,64}){0,4}\] (?:OUT|ERR) "
    r"|\[\d\d:\d\d:\d\d\][ \w]:\t{1,16} {0,4}(?:\[Step \d{1,4}/\d{1,4}\] )?"
    r"|\[[\w.-]{1,40}(?: [\w.()-]{1,60}){0,4} #\d{1,4}-\d{1,4}\] "
    r"|\s{1,12}\[(?:javac|aapt|aapt2|exec|java|junit|scalac|kotlinc|cc|apply|dex|dx|aidl|apkbuilder|checkstyle)\] "
    r"|[DIWEFA], \[\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})? #\d{1,10}\] {1,6}[A-Z]{4,7} -- [^:]{0,100}: "
    r"|(?:INFO|WARN|ERROR|DEBUG) \[\d{4}-\d\d-\d\d \d\d:\d\d:\d\d(?:\.\d{1,9})?\]: "
    r"|[a-z0-9](?:[a-z0-9.-]{0,200}[a-z0-9])?-[bcdfghjklmnpqrstvwxz2456789]{6,10}-[bcdfghjklmnpqrstvwxz2456789]{5}"
    r" [a-z0-9](?:[a-z0-9-]{0,62}[a-z0-9])? "
    r"|\[[\w.-]{1,32} \d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(?:\.\d{1,9})?Z\] "
    r"|(?:\d{4}-\d\d-\d\d[T ])?\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)? "
    r"(?:(?:\S{1,64} )?[\w./@-]{1,64}\[[\w.-]{1,32}\]: |[0-9a-f]{2}[OE]\+? |" + _SIDEKIQ + ")?"
    "|"
    + _SIDEKIQ
    + r"|\[(?:\d{4}-\d\d-\d\d[T ])?\d\d:\d\d:\d\d(?:[.,]\d{1,9})?(?:Z|[+-]\d\d:?\d\d)?(?:: [A-Z]{1,10}/[\w.-]{1,64})?\]:? "
    r"|[A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d \S{1,64} [\w./@-]{1,64}(?:\[\d{1,10}\])?: "
    r"|\[pod/[^\]\s]{1,253}\] |\[[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}\] )"
)
_LOG_PREFIX_EACH = LazyPattern(_LOG_PREFIX.pattern, re.M)  # of every line of a text
# Apache's error log before each line a module writes there (mod_wsgi relays a Python traceback so):
# 2.4's '[Tue Feb 19 10:23:02.693604 2019] [wsgi:error] [pid 4147:tid 1401] [client 10.0.0.5:5678] ',
# 2.2's '[Tue Feb 19 10:23:02 2019] [error] [client 10.0.0.5] '.
_APACHE_PREFIX = compile_static(
    r"^\[[A-Z][a-z]{2} [A-Z][a-z]{2} [ \d]\d \d\d:\d\d:\d\d(?:\.\d{1,9})? \d{4}\] \[[\w:]{1,64}\] "
    r"(?:\[pid [\d:tid ]{1,40}\] )?(?:\[(?:client|remote) [^\]]{1,100}\] )?"
)
# A build log formatter's mark of a failed or warned line (xcpretty's and xcbeautify's for xcodebuild:
# '❌  /…/CartView.swift:12:5: cannot find …', '⚠️  …'), after xcpretty's '▸ ' that opens every line
# it formats. The mark stands for the severity the formatter took out of the compiler's row: it is
# put back after the place, so that a path with a space reads as clang's and swiftc's rows do.
_FORMATTED_MARK = compile_static("^\u25b8 {1,4}")
_STATUS_MARK = compile_static("^(?:(?P<error>\u274c)|\u26a0\ufe0f?) {1,4}")
_MARKED_PLACE = compile_static(r"^(.{1,1000}?:\d{1,9}:\d{1,9}: )(?!(?:error|warning|note): )")
# Verilator's severity before the place ('%Error: cart.sv:4:22: Can't find definition of variable: …',
# '%Warning-IMPLICIT: cart.sv:6:10: Signal definition not found, …', before 3.9 no column: '%Error:
# cpu.v:138: syntax error, …'): put after it, as a compiler prints it.
_PERCENT_SEVERITY = compile_static(
    r"^%(?P<sev>Error|Warning)(?:-(?P<code>[A-Z][A-Z0-9_]{0,40}))?: (?P<place>[^\s:][^\s]{0,1000}?:\d{1,9}(?::\d{1,9})?: )"
)
# A CI service's workflow command before a line (GitHub Actions' and Azure Pipelines' '##[error]'),
# and MSBuild's node number in a parallel build ('1>src/Cart.cs(12,5): error CS0246: …', indented under
# its project's heading: '     2>src/Cart.cs(12,5): …').
_CI_MARKER = compile_static(r"^(?:##\[[a-z]{1,20}\]|\s{0,16}\d{1,4}>(?=\S))")
# The task Gradle 4's plain console glues a tool's output to (':compileJava/srv/…/Calc.java:5: …').
_GRADLE_TASK = compile_static(r"^:[A-Za-z][\w:-]{0,200}(?=/|[A-Za-z]:[\\/])")
# Markdown around a pasted line: a quote's markers ('> > '; not a REPL's '>>> '), a code span or
# fence wrapped around the whole line ('`src/a.py:12: error: …`').
_QUOTE_MARKERS = compile_static(r"^(?:>(?:[ \t]|$)){1,8}")
_QUOTE_MARKERS_EACH = LazyPattern(_QUOTE_MARKERS.pattern, re.M)  # of every line of a text
_CODE_SPAN = compile_static(r"^(\s{0,40})`{1,3}(?=[^`\s])(.*?)`{0,3}$")
# A code span inside a sentence that quotes a tool's row ('Fix the error `e2e/cart.ts(86,45): error
# TS2345: …` from CI', 'because `sessions.py:313` is'): read as a line of its own too, below the
# sentence, where it starts as a path does.
_INLINE_SPAN = LazyPattern(r"(?<=\S\s)`([\w./~\\][^`]{4,4000}?(?::|\()\d[^`]{0,4000}?)`")
# A run a writer made bold to point at it, up to the line's end ('    at **shop.Cart.total(Cart.java:9)**').
_BOLD_END = compile_static(r"\*\*(?=[^*\s])([^*]{1,4000}?)(?<=\S)\*\*$")
# The sides of a box a line is drawn in: rich's panels ('│ /srv/app/cart.py:2 in total      │'), Julia's
# logging ('│        @ Base ./task.jl:17', its first and last lines '┌ Error: …', '└ @ Main …'); a
# corner drawn on ('  ┌─ src/Cargo.toml:3:11', codespan's place) is kept for its row.
_BOX_SIDES = LazyPattern(r"^[ \t]{0,40}(?:[│└]|┌(?!─)) ?|[ \t]{0,400}│$")
# The prefix a process manager puts before each line it relays from a process: honcho's and
# foreman's time and process (`12:44:52 web.1    | `, `12:44:52 system   | `), docker compose's
# service (`web-1  | `, `web_1  | ` before version 2), pm2's process (`0|api      | `).
_RELAYED = LazyPattern(
    r"^(?:\d\d:\d\d:\d\d )?([A-Za-z][\w.-]{0,62}?[-_.]\d{1,4}|system|\d{1,4}\|[\w.@-]{1,64}?) {0,32}\| ?"
)
# docker compose's service named by its `container_name` (`celeryworker  | `: the name padded to the
# longest one's width and one blank more, then `| `), where it starts two lines or more.
_NAMED_RELAY = LazyPattern(r"^([A-Za-z][\w.-]{0,62}) {1,64}\| ")
# concurrently's command (`[0] `, or the name it was given, `[api] `) where it starts two lines or
# more; a log's level in brackets is no command's (Maven's `[ERROR] `, sbt's `[error] `).
_CONCURRENT = LazyPattern(
    r"^\[(\d{1,3}|(?!(?:error|warn|warning|info|debug|trace|fatal|notice|success)\])[a-z][\w.:-]{0,63})\] "
)
# A monorepo's task runner relays each package's output behind its task the same way: Turborepo's
# 'web:build: ' ('@acme/web:build: '), pnpm's recursive run's 'packages/web build: ' (its command
# echoed behind 'packages/web build$ '). Such a prefix is one where it starts two lines or more
# ('cart.py:total: …' once is a place).
_WORKSPACE_TASK = LazyPattern(
    r"^((?:@[\w.-]{1,100}/)?[A-Za-z][\w.-]{0,100}:[A-Za-z][\w:.-]{0,100}|[\w.@-]{1,100}(?:/[\w.@-]{1,100}){1,8} [\w:.-]{1,100})[:$] "
)
# A build tool's package before each line of its build's log: Nix's ('nose3> Traceback …'), stack's,
# padded to the longest name ('hspec-core        >   test/ParserSpec.hs:46:42:'), where it starts two
# lines or more (Gradle's 'com.acme.CartTest > total FAILED' is a test's name).
_BUILD_PACKAGE = LazyPattern(r"^([A-Za-z][\w.+-]{0,100})(?: {2,64})?>(?: |$)")
# CTest's verbose run puts the test's number before each line of its output ('7: /srv/shop/tests/
# cart_test.cpp:7: Failure'), once it has named the test's command ('7: Test command: /srv/…').
_CTEST_LINE = LazyPattern(r"^(\d{1,5}): (Test command: )?")
# PHP's errors as a page shows them (html_errors, the default of a web server's PHP): '<b>Warning</b>:
#  Undefined variable $sum in <b>/srv/shop/src/Cart.php</b> on line <b>3</b><br />', the trace's
# text escaped ('#0 /srv/shop/src/Cart.php(17): Shop\Cart-&gt;total()').
_PHP_HTML = compile_static(r"</?b>|<br ?/?>")
_HTML_ENTITY = compile_static(r"&(?:gt|lt|quot|#0?39|amp);")
_ENTITIES = {"&gt;": ">", "&lt;": "<", "&quot;": '"', "&#039;": "'", "&#39;": "'", "&amp;": "&"}
# A string literal, double- or single-quoted, its escapes kept (a JSON log's field, a logfmt value, a
# Python repr), or its start where a log cut the line before its end (possessive: a match never
# backtracks, so the line is read once). One that holds two escaped line breaks or more is text of
# lines: a structured log's trace ('"stack":"TypeError: …\n    at total (/srv/shop/cart.js:2:16)\n…',
# python-json-logger's '"exc_info": "Traceback …\n  File \"/srv/…', log4j2's '\n\tat …') or a task
# result's printed dict ('traceback': 'Traceback …\n  File "/srv/…').
_STRING = LazyPattern(r'"((?:[^"\\]|\\.)*+)(?:"|\\?$)|\'((?:[^\'\\]|\\.)*+)(?:\'|\\?$)')
_ESCAPE = LazyPattern(r"\\(?:u([0-9a-fA-F]{4})|x([0-9a-fA-F]{2})|(.))")
_ESCAPED = {"n": "\n", "t": "\t", "r": ""}
_DRIVE_URL = compile_static(r"/[A-Za-z]:/")
_URL_HOST = compile_static(r"[A-Za-z][A-Za-z0-9+.-]{0,20}://[^/?#]{0,255}")
# An app's own scheme with no host, the app's root, as an error tracker rewrites a frame's file
# ('app:///src/a.js', Sentry's); a browser's internal ones ('resource://nimbus/lib/a.mjs') name no
# file of a project.
_APP_ROOT_URL = compile_static(r"[A-Za-z][A-Za-z0-9+.-]{0,20}:///")
_WEBPACK = ("webpack:///", "webpack-internal:///")
_ELIDED = compile_static(r"(?:…|\.\.\.|\[\.\.\.\])/")
_WEBPACK_LAYER = compile_static(r"^\([\w-]{1,40}\)/")  # Next.js's '(rsc)/', '(ssr)/', '(app-pages-browser)/'
_NATIVE_LANGUAGES = {".rs": "rust", ".swift": "swift", ".go": "go"}
# Names runtimes print for code outside any function: not symbols to look up.
_PSEUDO_NAMES = frozenset({"global code", "eval code", "module code", "anonymous", "main program"})


# Runtimes' and build tools' advice about how to run them ("run with `RUST_BACKTRACE=full`"): it
# names environment variables, options and URLs that are no place in the project.
_RUNTIME_HINT = compile_static(
    r"^[ \t]{0,16}(?:\[ERROR\] {0,4})?(?:note: run with `RUST_BACKTRACE=|note: Some details are omitted, run with"
    r"|\(Use `node --trace-|Node\.js v\d|> Run with --|> Get more help at|\* Try:|To see the full stack trace of"
    r"|Re-run Maven using|For more information about (?:th(?:e|is) error|the errors)|-> \[Help \d|\[Help \d\] "
    r"|To learn more, run the command again|error: test failed, to rerun pass|npm ERR! A complete log"
    r"|E?\s{0,16}Use -v to get (?:more|the full) diff|exit status \d{1,3}$).{0,2000}$",
    re.M,
)


def without_runtime_hints(text: str) -> str:
    """`text` less the lines that only advise how to rerun a tool (never an anchor)."""
    return _RUNTIME_HINT.sub("", text)


def evidence_cut(text: str) -> bool:
    """Whether `evidence_lines` leaves out part of `text` (it is longer than the bounds)."""
    return len(text) > MAX_CHARS or text.count("\n") >= MAX_LINES


#: Texts whose lines are kept: the parsers of frames, diagnostics, test ids and exception lines
#: read one text in turn. One, cut to the bounds first: a long-lived host keeps at most MAX_CHARS
#: of the last text it parsed, however long that text was.
KEPT_TEXTS = 1


def evidence_lines(text: str) -> list[str]:
    """The lines of `text` within the bounds: ANSI-free (codes that lost their ESC bytes too),
    non-breaking spaces plain, curled double quotes straight, a Markdown indented code block
    unindented, a process manager's relayed lines grouped by process, a string that holds escaped
    line breaks (a structured log's trace) and a message rsyslog escaped ('#012') read as their
    lines; each right-stripped, a log's prefix, a CI service's marker or a build's task, a Markdown
    quote's markers or code span and a block's opening HTML tag off.

    Past MAX_CHARS or MAX_LINES only the head and the tail are kept, with one blank line between
    them (no trace runs across the cut); an over-long line is blank.
    """
    if len(text) > MAX_CHARS:
        tail = text[-(MAX_CHARS // 2) :]
        text = text[: MAX_CHARS // 2] + "\n\n" + tail[tail.find("\n") + 1 :]
    return list(_evidence_lines(text))


@functools.lru_cache(maxsize=KEPT_TEXTS)
def _evidence_lines(text: str) -> tuple[str, ...]:
    text = _ANSI.sub("", text)
    if any(reset in text for reset in _SGR_RESETS):
        text = _BARE_SGR.sub("", text)
    if "\xa0" in text:  # copied from a web page (a CI service's log, an error tracker): its blanks
        text = text.replace("\xa0", " ")
    if "\u201c" in text or "\u201d" in text:  # through a chat or a word processor: its quotes curled
        text = text.translate(_CURLED)
    lines = _NEWLINE.split(text)
    if len(lines) > MAX_LINES:
        lines = lines[:HEAD_LINES] + [""] + lines[-(MAX_LINES - HEAD_LINES - 1) :]
    # the quote's markers were put on last (a console's wrap is in what was quoted), a log's
    # prefix before the console wrapped its lines
    lines = _unwrapped([_unquoted(line) for line in lines])
    lines = [_unprefixed(line) for line in lines]
    out: list[str] = []
    added = 0  # lines the strings made beyond the lines they were on
    for line in _demultiplexed(_unindented(lines)):
        # Strings are read as lines until they have made MAX_LINES more: a hostile record of many
        # short strings makes no more lines than the bounds let a text have (a record at the end
        # of a long log is still read).
        bounded = len(line) <= MAX_ESCAPED_LINE_CHARS and added < MAX_LINES
        pieces = _escaped_lines(line) if bounded else None
        if pieces is None and "\\n" in line:
            if (recorded := _recorded_line(line)) is not None:
                out.append(_plain(recorded))
                continue
            if bounded:
                pieces = _string_lines(line)
        if pieces is not None:
            added += len(pieces) - 1
            out += [_plain(piece) if len(piece) <= MAX_LINE_CHARS else "" for piece in pieces]
        elif len(line) > MAX_LINE_CHARS:
            out.append("")
        else:
            out.append(_plain(line))
            if "`" in line:
                out += [_plain(span) for span in _INLINE_SPAN.findall(line)]
    return tuple(out)


# A console's hard wrap: a copy of a terminal's text breaks each long line where the console's width
# ended it (Windows' console, a CI page's fixed width), every piece but the last exactly that wide.
# A width is a wrap's where three lines or more break so and none is longer; a rule, a blank, a
# box's side, a heading's rule drawn to the width ('── Failure ('test-cart.R:4'): … ─────', testthat's)
# or a cut's '...' ends no piece (pytest's rules and cut summaries, rich's panels and a padded table
# are as wide as the terminal), and a log's next record or a report's next row (rows as wide as one
# another) goes on from none.
MIN_WRAP_WIDTH = 60
# (one blank may end a piece, the line's own; a run of them is a padded line's)
_PIECE_END = compile_static(r"(?<!\.\.)[^\s│┃║|╮╯┐┘…─━═]$|\S $")
_RULE = compile_static(r"^\s*([^\w\s]|_)(?:\s?\1)*\s*$|^\s*([^\w\s]|_)\2{2}.*\2{3}$")  # '= FAILURES =' too


# A row's start as its digits' places: a report's next row starts with other numbers in the same
# places (a linter's '45:1' and '45:6', yamllint's '  3:81' and '  4:81'), a wrapped piece's rest seldom.
_DIGITS = str.maketrans("0123456789", "0000000000")


def _next_record(line: str, following: str) -> bool:
    """Whether `following` starts as `line` does: a log's next record (its time or host as this
    one's) or a report's next row."""
    start = line[:4]
    if following.startswith(start):
        return True
    numbered = start.translate(_DIGITS)
    return numbered != start and following[:4].translate(_DIGITS) == numbered


def _breaks(line: str, following: str) -> bool:
    """Whether `line` reads as a hard-wrapped piece that `following` goes on from."""
    return (
        following != ""
        and not _next_record(line, following)
        and _PIECE_END.search(line) is not None
        and _RULE.match(line) is None
    )


def _unwrapped(lines: list[str]) -> list[str]:
    """`lines` with each piece of a hard-wrapped line joined to the rest of it."""
    width = max(map(len, lines))  # the console's, or no console's: no line is longer
    if width < MIN_WRAP_WIDTH or sum(len(line) == width for line in lines) < 3:
        return lines
    pieces = [
        len(line) >= MIN_WRAP_WIDTH and _breaks(line, following) for line, following in zip(lines, lines[1:])
    ]
    breaks = Counter(len(line) for line, piece in zip(lines, pieces) if piece)
    if breaks[width] < 3 or breaks.most_common(1)[0][0] != width:
        return lines
    # A console cuts where its width ends: the rest of a line starts the next one, seldom as an
    # indented line does. Lines as wide only by chance, most with an indented one below (a loader's
    # rows and their messages, a compiler's warnings and their places), are no wrap.
    below = [
        following for line, piece, following in zip(lines, pieces, lines[1:]) if piece and len(line) == width
    ]
    if 2 * sum(following.startswith(("  ", "\t")) for following in below) > len(below):
        return lines
    out = [lines[0]]
    for line, piece, following in zip(lines, pieces, lines[1:]):
        if piece and len(line) == width:
            out[-1] += following
        else:
            out.append(following)
    return out


# TeamCity's service messages (PHPUnit's --teamcity, PhpStorm's and other IDEs' runs, the
# reporters of Jest and Karma for TeamCity): a failure's trace in its details, the line breaks
# escaped ("##teamcity[testFailed name='testError' … details=' /srv/shop/src/Calc.php:3|n
# /srv/shop/tests/CalcTest.php:9|n ' …]"): the message, then its details' lines.
_TEAMCITY_DETAILS = compile_static(r"\bdetails='((?:[^'|]|\|.){0,100000})'")
_TEAMCITY_ESCAPE = compile_static(r"\|(0x[0-9a-fA-F]{4}|.)")
_TEAMCITY = {"n": "\n", "r": "", "'": "'", "|": "|", "[": "[", "]": "]"}


def _teamcity_unescaped(m: re.Match[str]) -> str:
    code = m[1]
    return chr(int(code[2:], 16)) if code.startswith("0x") else _TEAMCITY.get(code, code)


def _teamcity_lines(line: str) -> list[str]:
    """A service message, then the lines its details hold (each piece's blanks off)."""
    details = _TEAMCITY_DETAILS.search(line)
    if details is None:
        return [line]
    text = _TEAMCITY_ESCAPE.sub(_teamcity_unescaped, details[1])
    pieces = [piece.strip() for piece in text.split("\n", MAX_STRING_LINES)[: MAX_STRING_LINES - 1]]
    return [line[: details.start()] + line[details.end() :], *pieces]


# A GitHub Actions workflow command's message escapes its line breaks ('::error file=src/cart.ts,
# line=7::RangeError: negative price%0A    at total (src/cart.ts:7:13)%0A    at …', Jest's, Vitest's,
# Playwright's and Bun's annotations): the command with the message's first line, then its others.
_WORKFLOW_COMMAND = LazyPattern(r"^::[a-z]{1,20}(?: [^\n]{0,2000}?)?::")
_WORKFLOW_ESCAPE = LazyPattern(r"%(?:25|0D|0A)")
_WORKFLOW = {"%25": "%", "%0D": "", "%0A": "\n"}


def _workflow_command_lines(line: str) -> list[str]:
    command = _WORKFLOW_COMMAND.match(line)
    if command is None:
        return [line]
    message = _WORKFLOW_ESCAPE.sub(lambda m: _WORKFLOW[m[0]], line[command.end() :])
    first, *others = message.split("\n", MAX_STRING_LINES)[:MAX_STRING_LINES]
    return [command[0] + first, *others]


def _escaped_lines(line: str) -> list[str] | None:
    """The lines `line` holds with its line breaks escaped, or None: rsyslog's ('failed#012Traceback
    …#012  File "/srv/…', two at least: '#012' once is a colour's or a number's as likely), a TeamCity
    service message's details, a workflow command's message."""
    if "#012" in line and line.count("#012") >= 2:
        return line.replace("#011", "\t").split("#012", MAX_STRING_LINES)[:MAX_STRING_LINES]
    if line.startswith("##teamcity[") and "|n" in line:
        return _teamcity_lines(line)
    if line.startswith("::") and "%0A" in line:
        return _workflow_command_lines(line)
    return None


def _recorded_line(line: str) -> str | None:
    """The line a program printed, where `line` is a JSON record of it: one string of the record
    ends with the one escaped line break it holds (go test -json's '"Output":"    cart_test.go:7:
    …\\n"', docker's json-file '"log":"…\\n"'). The record's other fields are left out, so that
    the lines of a trace stay next to each other."""
    if not (line.startswith("{") and line.endswith("}")) or len(line) > MAX_LINE_CHARS:
        return None
    printed = [
        body
        for m in _STRING.finditer(line)
        if (body := m[1] if m[1] is not None else m[2]).endswith("\\n") and body.count("\\n") == 1
    ]
    if len(printed) != 1:
        return None
    return _ESCAPE.sub(_unescaped, printed[0][:-2])


def _string_lines(line: str) -> list[str]:
    """`line`, each string literal in it that holds escaped line breaks (`_STRING`) cut out as the
    lines it holds, its escapes undone, MAX_STRING_LINES in all; the text before, between and after
    such strings a line of its own."""
    out: list[str] = []
    start = 0
    for m in _STRING.finditer(line):
        body = m[1] if m[1] is not None else m[2]
        if body.count("\\n") < 2:
            continue
        room = MAX_STRING_LINES - len(out) - 1
        if room <= 0:
            break
        out.append(line[start : m.start()])
        text = _ESCAPE.sub(_unescaped, body)
        out += _NEWLINE.split(_ANSI.sub("", text) if "\x1b" in text else text, room)[:room]
        start = m.end()
    return [line] if start == 0 else [*out, line[start:]]


def _unescaped(m: re.Match[str]) -> str:
    """One escape's character; half of a surrogate pair (an emoji's `\\ud83d`) stands for nothing
    the parsers read and could not be printed, so it is U+FFFD."""
    if m[3] is not None:
        return _ESCAPED.get(m[3], m[3])
    code = int(m[1] or m[2], 16)
    return "\ufffd" if 0xD800 <= code <= 0xDFFF else chr(code)


def _unindented(lines: list[str]) -> list[str]:
    """`lines` with each Markdown indented code block less its indentation, as a forge renders it:
    a run of lines after a blank one, each blank or indented by four spaces or a tab (a message
    that indents a pasted log so; no captured tool's output reads otherwise for it)."""
    out: list[str] = []
    in_block, after_blank = False, True
    for line in lines:
        blank = not line.strip()
        if not blank:
            in_block = line.startswith(("    ", "\t")) and (in_block or after_blank)
            if in_block:
                line = line[4:] if line[0] == " " else line[1:]
        after_blank = blank
        out.append(line)
    return out


def _demultiplexed(lines: list[str]) -> list[str]:
    """`lines` with each run of relayed lines (`_RELAYED`, `_WORKSPACE_TASK`, `_CTEST_LINE`,
    `_CONCURRENT`, `_NAMED_RELAY`, `_BUILD_PACKAGE`) regrouped by process, prefix off, a blank line after each
    process's: two processes' traces interleave in a process manager's output, never one process's
    own. The lines around a run keep their places."""
    tasks = Counter(m[1] for line in lines if ": " in line and (m := _WORKSPACE_TASK.match(line)))
    tests = {m[1] for line in lines if "Test command: " in line and (m := _CTEST_LINE.match(line)) and m[2]}
    commands = Counter(m[1] for line in lines if line.startswith("[") and (m := _CONCURRENT.match(line)))
    services = Counter(m[1] for line in lines if " | " in line and (m := _NAMED_RELAY.match(line)))
    packages = Counter(m[1] for line in lines if ">" in line and (m := _BUILD_PACKAGE.match(line)))
    out: list[str] = []
    relayed: dict[str, list[str]] = {}
    for line in lines:
        m = _RELAYED.match(line) if "|" in line else None
        if m is None and tasks and (task := _WORKSPACE_TASK.match(line)) and tasks[task[1]] >= 2:
            m = task
        if m is None and tests and (test := _CTEST_LINE.match(line)) and test[1] in tests:
            m = test
        if m is None and commands and (command := _CONCURRENT.match(line)) and commands[command[1]] >= 2:
            m = command
        if m is None and services and (service := _NAMED_RELAY.match(line)) and services[service[1]] >= 2:
            m = service
        if m is None and packages and (package := _BUILD_PACKAGE.match(line)) and packages[package[1]] >= 2:
            m = package
        if m is not None:
            relayed.setdefault(m[1], []).append(line[m.end() :])
            continue
        if relayed:
            if not line.strip():
                continue  # the manager's own blank line: each process's lines end in one below
            out += [kept for run in relayed.values() for kept in (*run, "")]
            relayed = {}
        out.append(line)
    return out + [kept for run in relayed.values() for kept in (*run, "")]


def unenveloped(text: str) -> str:
    """`text` with each line's envelope off (a Markdown quote's markers, a CI service's or a log
    collector's prefix): a report a message quotes or a CI log's timestamps run through, read as
    the tool wrote it."""
    if ">" in text:
        text = _QUOTE_MARKERS_EACH.sub("", text)
    return _LOG_PREFIX_EACH.sub("", text)


def _unquoted(line: str) -> str:
    return _QUOTE_MARKERS.sub("", line, count=1) if line.startswith(">") else line


def _unprefixed(line: str) -> str:
    prefix = _LOG_PREFIX.match(line)
    return line if prefix is None else line[prefix.end() :]


def _plain(line: str) -> str:
    line = line.rstrip()
    if line.startswith(">"):
        line = _QUOTE_MARKERS.sub("", line, count=1)
    elif line.startswith("| ") and not line.endswith("|"):
        line = line[2:]  # BitBake's log of a failed task (a Markdown table's row ends in '|')
    elif line.lstrip(" \t").startswith(("│", "┌", "└")):
        line = _BOX_SIDES.sub("", line, count=2)
    if "`" in line:
        line = _CODE_SPAN.sub(r"\1\2", line, count=1)
    if line.endswith("**"):
        line = _BOLD_END.sub(r"\1", line, count=1)
    line = _unprefixed(line)
    if line.startswith(("\u274c", "\u26a0", "\u25b8")):  # behind fastlane's time, say
        line = _unmarked(line)
    elif line.startswith("%") and (percent := _PERCENT_SEVERITY.match(line)):
        code = f"[{percent['code']}] " if percent["code"] else ""
        line = f"{percent['place']}{percent['sev'].lower()}: {code}{line[percent.end() :]}"
    if line.startswith("["):
        line = _APACHE_PREFIX.sub("", line, count=1)
    if line[:1] == "#" or line.lstrip(" ")[:1].isdigit():
        line = _CI_MARKER.sub("", line, count=1)
    elif line.startswith(":"):
        line = _GRADLE_TASK.sub("", line, count=1)
    if "&" in line and ";" in line:
        line = _HTML_ENTITY.sub(lambda m: _ENTITIES[m[0]], line)
    if "<" not in line:
        return line
    if "<b>" in line or "<br" in line:
        line = _PHP_HTML.sub("", line)
    return _BLOCK_TAG.sub(r"\1", line, count=1)


def _unmarked(line: str) -> str:
    """`line` less a formatter's marks (`_FORMATTED_MARK`, `_STATUS_MARK`), a status mark's severity
    after the place it names."""
    line = _FORMATTED_MARK.sub("", line, count=1)
    m = _STATUS_MARK.match(line)
    if m is None:
        return line
    severity = "error: " if m["error"] else "warning: "
    return _MARKED_PLACE.sub(lambda place: place[1] + severity, line[m.end() :], count=1)


def clean_path(raw: str) -> str:
    """A printed path as a plain one: URL prefixes off, '/' separators, drive letters kept.

    `file:///C:/x.js` → `C:/x.js`; `webpack:///./src/a.ts?` and a layer's
    `webpack-internal:///(rsc)/./src/a.ts` → `src/a.ts`; `http://host:8080/js/a.js` → `/js/a.js`;
    `app:///src/a.js` → `src/a.js`; Godot's `res://src/a.gd` → `src/a.gd`; Dart's `package:shop/src/a.dart` →
    `shop/lib/src/a.dart` (a package's files live under its lib/); `[PROJECT_ROOT]/app/a.rb` →
    `app/a.rb`; `C:\\src\\A.cs` → `C:/src/A.cs`; a leading `./` is dropped; of a path elided in its
    middle (`lib/…/cart/a.dart`, `.../shop/a.py`, `/home/[...]/shop/a.py`), the part after it.
    """
    path = raw.strip().strip("\"'")
    lowered = path.lower()
    if lowered.startswith("file://"):
        from urllib.parse import unquote  # with ipaddress, 4 ms of every start for a rare prefix

        path = unquote(path[len("file://") :])
        if _DRIVE_URL.match(path):
            path = path[1:]
    elif lowered.startswith(_WEBPACK):
        path = _WEBPACK_LAYER.sub("", path.split(":///", 1)[1].split("?", 1)[0], count=1)
    elif lowered.startswith("webpack://"):  # webpack://<project name>/./src/a.ts
        path = path[len("webpack://") :].partition("/")[2].split("?", 1)[0]
    elif lowered.startswith(("http://", "https://")):
        path = _URL_HOST.sub("", path, count=1).split("?", 1)[0].split("#", 1)[0]
        if "/webpack:/" in path:  # Karma's: '/_karma_webpack_/webpack:/src/app/cart.spec.ts'
            path = path.partition("/webpack:/")[2]
    elif root := _APP_ROOT_URL.match(path):
        path = path[root.end() :].split("?", 1)[0]
    elif lowered.startswith("uri:classloader:"):  # JRuby's files inside its jar
        path = path[len("uri:classloader:") :]
    elif lowered.startswith(("jar:", "file:")) and "!/" in path:  # jar:file:/app/shop.jar!/lib/cart.rb
        path = path.rpartition("!/")[2]
    elif path.startswith("package:"):
        package, _, rest = path[len("package:") :].partition("/")
        path = f"{package}/lib/{rest}" if rest else package
    elif path.startswith("[PROJECT_ROOT]/"):  # an error tracker's (Airbrake, errbit, Honeybadger)
        path = path[len("[PROJECT_ROOT]/") :]
    elif path.startswith("res://"):  # Godot's project root ('res://scenes/cart.gd')
        path = path[len("res://") :]
    path = path.replace("\\", "/")
    if _DRIVE_URL.match(path):  # a file URL's path printed without its scheme ('/D:/app/lib/a.dart', Dart's)
        path = path[1:]
    if path.startswith("///"):  # a URL's scheme lost ('///build/work/test/cart_test.dart', Dart's)
        path = "/" + path.lstrip("/")
    while path.startswith("./"):
        path = path[2:]
    if "…/" in path or ".../" in path or "[...]/" in path:
        # an editor's elided middle ('shop/lib/…/cart/cart_view.dart'), a writer's ('.../site-packages/
        # shop/cart.py', '/home/[...]/shop/cart.py'): the tail is known
        path = _ELIDED.split(path)[-1]
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
