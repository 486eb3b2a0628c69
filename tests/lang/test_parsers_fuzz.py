"""The three evidence parsers on arbitrary and hostile text: never raise, same answer twice.

How long the worst lines take is measured in benchmarks/parser_worst_case.py, not here."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boundedcode.lang._text import (
    HEAD_LINES,
    MAX_ESCAPED_LINE_CHARS,
    MAX_LINE_CHARS,
    MAX_LINES,
    MAX_STRING_LINES,
    evidence_cut,
    evidence_lines,
)
from boundedcode.lang.diagnostics import Diagnostic, parse_diagnostics
from boundedcode.lang.frames import Frame, parse_frames
from boundedcode.lang.testids import TestId, parse_test_ids
from evidence_files import EVIDENCE

PARSERS = ((parse_frames, Frame), (parse_diagnostics, Diagnostic), (parse_test_ids, TestId))
FIXTURES = sorted(EVIDENCE.glob("*/*.txt"))
FIXTURE_LINES = sorted({line for f in FIXTURES for line in f.read_bytes().decode("utf-8").splitlines()})
# Fragments the formats' regexes key on: repeated, they probe for catastrophic backtracking.
HOSTILE_FRAGMENTS = [
    "at ",
    " (",
    "):",
    "#0 ",
    "0x1 in ",
    ":1",
    'File "',
    "', ",
    "a.py:",
    " in ",
    "@",
    "::",
    "FAILED ",
    "--> ",
    "(1,",
    "[ERROR] a.",
    " > ",
    "› ",
    "a:1:",
    ":in `",
    ") at ",
    "1 0x1 ",
    " + 1 in m at ",
    "Uncaught ",
    " on line ",
    "e: ",
    "--- FAIL: ",
    " ... ",
    "\t",
    "_ ",
    "= ",
    "m`f(a=(m`g at a.c:1)) at ",
    " a.c:1: error: ",
    "a.py:docstring of ",
    ", called at a.hs:1:1 in ",
    " @ ./a.js 1:1-",
    "In file included from a.h:1",
    "'a.dart': Failed assertion: line 1 pos ",
    "> ",
    "`",
    "1>",
    "##[error]",
    "T#t [a.rb:1]",
    "a.php:1  R  ",
    "E1203 00:00:00.1 1 a.cc:1] ",
    "01-01 00:00:00.000 1-1/a A/b: ",
    '[1:0101/000000.1:INFO:CONSOLE:1] "',
    '", source: ',
    "a.py:1 in f() -> ",
    "JavaScript error: ",
    ", line 1: ",
    "f (/a.js:1:1)",
    "a.js:1 ",
    "  a.js:1:1",
    "<b>",
    "&gt;",
    ' on line 1"',
    "package:a/…/b.dart:1",
    "Error   1   ",
    "  C:\\a.cpp  1",
    "The error appears to be in '",
    '  in "a.yml", line 1, column ',
    " on line 1, column 1:",
    "a.js (1:1)",
    "  a.scss 1:1  ",
    "   @ a.jl:1",
    " <- ",
    "At a.ps1:1 char:",
    "at f, a.ps1: line 1",
    "In template a.html, error at line ",
    "template: a.tmpl:1:1: ",
    '"/a.html:1:1": ',
    "Liquid Exception: ",
    " (line 1) in a.html",
    "Showing a.erb where line #",
    "       at /a.nix:1:1:",
    ", called from ",
    "---- a.rs - f (line 1) stdout ----",
    " › ",
    "  error - a.dart:1:1 - ",
    " • a.dart:1:1 • ",
    "❌  ",
    "Execution error (E) at a/f (a.clj:1).",
    "    /a.js: x (1:1):",
    "make: *** [a.mk:1: ",
    "[ERROR] a b.kt: (1, 1) ",
    "  1. a() b.php:",
    "{a,'b',1,[{file,\"a.erl\"},{line,1}]},",
    "[{a,b,[",
    "{'",
    "Stack trace: #1 ",
    "\\nStack trace:\\n#0 a.php(1): f()",
    "runtime error: a.lua:1: ",
    "\t[C]: in ",
    "{A, :b, 1, [file: 'a.ex', line: 1]}, ",
    "[{A, :b, [",
    '"\\n',
    "'\\n",
    '\\"\\n',
    '"a\\n\\n  File \\"',
    "\\u00",
    '{"filename": "',
    '"lineno": 1',
    "'lineno': 1, ",
    "[{",
    '"\\',
    "<FrameSummary file a.py, line 1 in ",
    "  ╭─[a.js:1:1]",
    "  ┌─ a.toml:1:1",
    "  × ",
    " level=error caller=",
    '"caller":"a.go:1',
    "\tERROR\ta.go:1\t",
    "a.yml:1 ",
    "H001 1:1 ",
    "    a.B at A.java:1",
    "    ❯❱ a",
    "  1┆ ",
]
LINE_PREFIXES = [
    "",
    "#1 ",
    "    at ",
    "e: ",
    "1) ",
    "[ERROR] ",
    "FAIL ",
    "thread 'x' panicked at ",
    "0 ",
    '  File "',
    "  * frame #0: 0x1 m`",
    "/a b/",
]


def check(text: str) -> None:
    for parse, kind in PARSERS:
        first = parse(text)
        assert all(isinstance(item, kind) for item in first)
        assert parse(text) == first


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=3000))
def test_arbitrary_text(text):
    check(text)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(FIXTURE_LINES), max_size=80),
    st.sampled_from(["\n", "\r\n", "\r"]),
    st.integers(min_value=0, max_value=20_000),
)
def test_mixed_fixture_lines_cut_anywhere(lines, newline, cut):
    check(newline.join(lines)[:cut])


@settings(max_examples=200, deadline=None)
@given(st.lists(st.sampled_from(HOSTILE_FRAGMENTS), min_size=1, max_size=12), st.sampled_from(LINE_PREFIXES))
def test_hostile_lines(fragments, prefix):
    check(prefix + "".join(fragments))


@pytest.mark.parametrize("fragment", HOSTILE_FRAGMENTS)
@pytest.mark.parametrize("prefix", LINE_PREFIXES)
def test_longest_scanned_line_answers(fragment, prefix):
    """The longest line the parsers scan, built from the fragments their formats key on: the
    same typed answer twice (benchmarks/parser_worst_case.py times it; a test never does)."""
    check(hostile_line(prefix, fragment))


def hostile_line(prefix: str, fragment: str) -> str:
    """A line a prefix then a fragment over and over, as long as the parsers scan such a line
    (longer where it holds escaped line breaks: its strings' lines are read)."""
    most = MAX_ESCAPED_LINE_CHARS if "\\n" in prefix + fragment else MAX_LINE_CHARS
    return (prefix + fragment * most)[:most]


ONE_MEGABYTE_FRAGMENTS = ["x", "a.py:1: ", "    at f (", "#0 0x1 in f ", "FAILED a::", "--> a:"]


@pytest.mark.parametrize("fragment", ONE_MEGABYTE_FRAGMENTS)
def test_one_megabyte_line_is_skipped(fragment):
    """A line past MAX_LINE_CHARS is never scanned (so its cost is its split, linear): a 1 MB line
    of a format's own fragments, alone or between two real frames, adds nothing."""
    text = fragment * (1_000_000 // len(fragment))
    for parse, _ in PARSERS:
        assert parse(text) == []
    frame = '  File "/srv/app/a.py", line 3, in f'
    around = f"Traceback (most recent call last):\n{frame}\n{text}\n{frame}\nValueError: x\n"
    alone = f"Traceback (most recent call last):\n{frame}\n\n{frame}\nValueError: x\n"
    assert parse_frames(around) == parse_frames(alone) != []


def test_long_input_is_read_as_its_head_and_its_tail():
    frames = "".join(f'  File "/a.py", line {n}, in f\n' for n in range(1, MAX_LINES + 5_000))
    text = "Traceback (most recent call last):\n" + frames
    lines = {f.line for f in parse_frames(text)}
    assert len(lines) == MAX_LINES - 3  # less the header, the blank line at the cut, the last empty line
    assert {1, HEAD_LINES - 1, MAX_LINES + 4_999} <= lines and HEAD_LINES + 1 not in lines
    assert evidence_cut(text) and not evidence_cut(frames[:10_000])
    log = "--- FAIL: TestEarly (0.00s)\n" + "x\n" * 30_000 + "--- FAIL: TestMiddle (0.00s)\n" + "x\n" * 30_000
    late = parse_test_ids(log + "--- FAIL: TestLate (0.00s)\n")
    assert [t.name for t in late] == ["TestEarly", "TestLate"]


@pytest.mark.parametrize("fixture", FIXTURES, ids=lambda p: p.relative_to(EVIDENCE).as_posix())
def test_every_fixture_feeds_some_parser(fixture):
    text = fixture.read_bytes().decode("utf-8")
    assert any(parse(text) for parse, _ in PARSERS)


def test_strings_read_as_lines_stay_within_the_bounds():
    """A record of thousands of short strings with escaped line breaks (each read as three lines)
    makes at most MAX_STRING_LINES lines a line (and the text after its last string), and the
    strings make at most MAX_LINES more lines than the text has."""
    line = ('"a\\nb\\nc" ' * 8_000)[:MAX_ESCAPED_LINE_CHARS]
    assert len(evidence_lines(line)) == MAX_STRING_LINES + 1
    lines = 200
    assert len(evidence_lines("\n".join([line] * lines))) <= MAX_LINES + MAX_STRING_LINES + lines


def test_a_record_at_the_end_of_a_long_log_is_read():
    record = '{"exc_info": "Traceback (most recent call last):\\n  File \\"/srv/shop/cart.py\\", line 2, in total\\nKeyError: 1"}'
    log = "\n".join(["INFO ok"] * (MAX_LINES - 10) + [record])
    assert [(f.path, f.line) for f in parse_frames(log)] == [("/srv/shop/cart.py", 2)]
