"""A text's envelope: what was put before each of its lines after its programs wrote them (a Markdown
quote's markers when a reply quotes it, a CI service's timestamps when a log is downloaded). The
parsers read such a text as the bare one, also where they read lines together (a process
manager's relayed lines, a record's string, an indented block, a box's sides, a JSON report)."""

import pytest

from boundedcode.lang._report_places import report_places
from boundedcode.lang._text import evidence_lines, unenveloped
from boundedcode.lang.diagnostics import parse_diagnostics
from boundedcode.lang.frames import parse_frames
from evidence_files import evidence

GITHUB_ACTIONS_TIME = "2026-12-06T11:40:02.5123456Z "


def quoted(text: str) -> str:
    return "".join("> " + line for line in text.splitlines(keepends=True))


def timestamped(text: str) -> str:
    return "".join(GITHUB_ACTIONS_TIME + line for line in text.splitlines(keepends=True))


def places(text: str) -> set[tuple[str, int | None]]:
    return {(f.path, f.line) for f in parse_frames(text)} | {
        (d.path, d.line) for d in parse_diagnostics(text)
    }


@pytest.mark.parametrize("envelope", [quoted, timestamped])
@pytest.mark.parametrize(
    "name",
    [
        "c/ctest_verbose.txt",  # ctest's test numbers
        "c/valgrind_memcheck_indented.txt",  # an indented block
        "go/test_json.txt",  # records of one printed line
        "javascript/eslint_json.txt",  # a JSON report
        "javascript/pnpm_recursive.txt",  # a workspace's task prefixes
        "mixed/compose_relayed.txt",  # relayed processes
        "php/phpunit_teamcity.txt",  # service messages
        "python/rich_traceback.txt",  # a box's sides
        "python/ruff_sarif.txt",
        "python/loguru.txt",  # a record's time, then its level between bars
    ],
)
def test_a_text_in_an_envelope_gives_the_places_of_the_bare_text(name, envelope):
    text = evidence(name)
    assert places(text)  # the bare text's places are the bar
    assert places(envelope(text)) == places(text)


def test_a_console_wraps_a_log_s_lines_after_its_prefix_and_a_reply_quotes_the_wrap():
    frames = [f'  File "/srv/shop/cart.py", line {n}, in total' for n in (2, 4, 6)]
    printed = [GITHUB_ACTIONS_TIME + "Traceback (most recent call last):"] + [
        GITHUB_ACTIONS_TIME + f for f in frames
    ]
    wrapped = [piece for line in printed for piece in (line[:70], line[70:]) if piece]
    assert evidence_lines(quoted("\n".join(wrapped)))[1:] == frames


def test_unenveloped_takes_one_envelope_off_each_line():
    text = '> 2026-12-06T11:40:02Z {\n> >   "line": 3\n2026-12-06T11:40:03Z }'
    assert unenveloped(text) == '{\n  "line": 3\n}'
    assert unenveloped("plain text\n") == "plain text\n"


def test_a_quoted_report_s_findings():
    report = '[{"filePath": "/srv/shop/cart.js", "messages": [{"line": 2, "column": 9, "message": "no"}]}]'
    assert [(p.path, p.line) for p in report_places(quoted(report))] == [("/srv/shop/cart.js", 2)]


def test_a_terminal_s_control_strings_are_no_text():
    # ECMA-48's control strings end as OSC's do (BEL, or ST): Buildkite's time before a log's line
    # is an APC, a hyperlink an OSC
    line = '\x1b_bk;t=1733480402512\x07  File "/srv/shop/cart.py", line 2, in total'
    link = "\x1b]8;;file:///srv/shop/cart.py\x1b\\cart.py:2\x1b]8;;\x1b\\: error: no"
    assert evidence_lines(line + "\n" + link) == [
        '  File "/srv/shop/cart.py", line 2, in total',
        "cart.py:2: error: no",
    ]


def _each(prefix: str, strip: bool = False):
    def put(text: str) -> str:
        return "".join(prefix + (line.lstrip() if strip else line) for line in text.splitlines(keepends=True))

    return put


# Prefixes seen in issues (surveys of public issues' pasted output), put on real output: Jenkins'
# console as a page shows it, BuildKit's step with its seconds to one decimal, sbt's level before
# frames it relays without their tab, MSBuild's node number indented under its project's heading, a
# tool's heading that indents OCaml's backtrace and its compile error.
@pytest.mark.parametrize(
    ("name", "envelope"),
    [
        ("go/test_fail_plain.txt", _each("09:41:52 ")),
        ("python/traceback_cause.txt", _each("10:22:33.456 ")),
        ("python/traceback_cause.txt", _each("#16 506.5 ")),
        ("jvm/scala.txt", _each("[error] ", strip=True)),
        ("csharp/mcs_errors.txt", _each("     2>")),
        ("ocaml/backtrace.txt", _each("  ")),
        ("ocaml/type_error.txt", _each("  ")),
    ],
)
def test_a_line_s_prefix_seen_in_issues_gives_the_places_of_the_bare_text(name, envelope):
    text = evidence(name)
    assert places(text)
    assert places(envelope(text)) == places(text)
