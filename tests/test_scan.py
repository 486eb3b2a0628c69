import re
import select
import subprocess
import sys
import time

import pytest

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from boundedcode.checkout import DEFAULT_BUDGETS, MemoryTree, WorkTree
from boundedcode.scan import MemoryScanner, Needle, RipgrepScanner, scan
from boundedcode.scan.base import (
    MAX_LINE_CHARS,
    OMITTED,
    ScanResult,
    TermMatcher,
    classifier,
    file_classifier,
    line_text,
)
from boundedcode.scan import ripgrep
from boundedcode.scan.ripgrep import _drain, _parse_identifiers, _parse_lines
from boundedcode.scan.warm import LITERAL_LINE_BYTES

from .conftest import write_tree

FILES = {
    "a.py": "def post(entry):\n    return posting(entry)\n# post-office\n",
    "b.go": "func (l *Ledger) Post(e Entry) error {\n\treturn ErrOverdraft\n}\n",
    "c.txt": "posting exceeds the credit limit\n",
}
FAR = time.monotonic() + 600
NEEDLES = [Needle("post", True), Needle("Post", True), Needle("exceeds the credit", False)]


def summary(result):
    return {
        n.text: {p: [h.line for h in hits] for p, hits in files.items()} for n, files in result.hits.items()
    }


def test_whole_words_and_literals_in_one_pass(tmp_path):
    root = write_tree(tmp_path, FILES)
    paths = sorted(FILES)
    rg = scan(WorkTree(str(root)), paths, NEEDLES, DEFAULT_BUDGETS, FAR, RipgrepScanner())
    mem = scan(MemoryTree(FILES), paths, NEEDLES, DEFAULT_BUDGETS, FAR, MemoryScanner())
    expected = {"post": {"a.py": [1, 3]}, "Post": {"b.go": [1]}, "exceeds the credit": {"c.txt": [1]}}
    assert summary(rg) == expected
    assert summary(mem) == expected


def test_only_the_given_paths_are_scanned(tmp_path):
    root = write_tree(tmp_path, FILES)
    result = scan(WorkTree(str(root)), ["a.py"], NEEDLES, DEFAULT_BUDGETS, FAR, RipgrepScanner())
    assert set(summary(result)) == {"post"}


def test_occurrence_budget_per_string_and_file(tmp_path):
    budgets = DEFAULT_BUDGETS.__class__(occurrences_per_string_file=2)
    files = {"x.py": "hit\n" * 10}
    root = write_tree(tmp_path, files)
    for tree, scanner in ((WorkTree(str(root)), RipgrepScanner()), (MemoryTree(files), MemoryScanner())):
        result = scan(tree, ["x.py"], [Needle("hit", True)], budgets, FAR, scanner)
        assert summary(result) == {"hit": {"x.py": [1, 2]}}
        assert "occurrences_per_string_file" in result.bounds_reached


def test_paths_that_look_like_options_are_data(tmp_path):
    root = write_tree(tmp_path, {"-e": "needle\n", "--files": "needle\n"})
    result = scan(
        WorkTree(str(root)),
        ["--files", "-e"],
        [Needle("needle", True)],
        DEFAULT_BUDGETS,
        FAR,
        RipgrepScanner(),
    )
    assert summary(result) == {"needle": {"--files": [1], "-e": [1]}}


def test_needles_with_control_and_regex_characters(tmp_path):
    files = {"a.py": "raise ValueError('a.b-c #x & ~y (z) [w] {v} ^$|*+?')\n"}
    root = write_tree(tmp_path, files)
    needle = Needle("a.b-c #x & ~y (z) [w] {v} ^$|*+?", False)
    crlf = Needle("line one\r", False)
    result = scan(WorkTree(str(root)), ["a.py"], [needle, crlf], DEFAULT_BUDGETS, FAR, RipgrepScanner())
    assert summary(result) == {needle.text: {"a.py": [1]}}
    assert result.bounds_reached == []


TERM_FILES = {
    "dates.py": "def parse_duration(value):\n    # Durations: information about a duration\n"
    "    return parseDuration(value)  # DURATION_MAX\n",
    "forms.py": "class InForm:\n    format = 'information'\n    forms = [inForm_x]\n",
    "notes.txt": "nothing here\n",
}
TERMS = [Needle(t, word=False, term=True) for t in ("duration", "parse", "=parse_duration", "form")]


def test_paths_past_one_command_line_are_searched_by_more_processes_alike(tmp_path, monkeypatch):
    files = {f"pkg{i:02d}/m.py": f"def post(entry):\n    return posting_{i}(entry)\n" for i in range(30)}
    root = write_tree(tmp_path, files)
    paths = sorted(files)
    needles = [Needle("post", True), Needle("entry", word=False, term=True)]
    one = scan(WorkTree(str(root)), paths, needles, DEFAULT_BUDGETS, FAR, RipgrepScanner())
    spawned = []
    real = RipgrepScanner._spawn
    monkeypatch.setattr(ripgrep, "arg_bytes", lambda: 40)  # three paths a command
    monkeypatch.setattr(RipgrepScanner, "_spawn", staticmethod(lambda c, t: spawned.append(c) or real(c, t)))
    many = scan(WorkTree(str(root)), paths, needles, DEFAULT_BUDGETS, FAR, RipgrepScanner())
    assert len(spawned) >= 15
    assert summary(many) == summary(one) and set(summary(one)["post"]) == set(paths)
    assert many.terms == one.terms and len(one.terms["entry"]) == 30


def test_a_command_line_carries_what_the_system_allows_within_the_cap(monkeypatch):
    assert ripgrep.FALLBACK_ARG_BYTES <= ripgrep.arg_bytes() <= ripgrep.MAX_ARG_BYTES
    monkeypatch.setattr(ripgrep.os, "sysconf", lambda name: 64 * 1024)  # an old system's ARG_MAX
    assert ripgrep.arg_bytes() <= 32 * 1024

    def unknown(name):
        raise ValueError(name)

    monkeypatch.setattr(ripgrep.os, "sysconf", unknown)
    assert ripgrep.arg_bytes() == ripgrep.FALLBACK_ARG_BYTES


def test_terms_count_identifier_parts_alike_in_both_back_ends(tmp_path):
    root = write_tree(tmp_path, TERM_FILES)
    paths = sorted(TERM_FILES)
    needles = [Needle("parse_duration", True), *TERMS]
    rg = scan(WorkTree(str(root)), paths, needles, DEFAULT_BUDGETS, FAR, RipgrepScanner())
    mem = scan(MemoryTree(TERM_FILES), paths, needles, DEFAULT_BUDGETS, FAR, MemoryScanner())
    expected = {
        # parse_duration, Durations, duration, parseDuration, DURATION_MAX.
        "duration": {"dates.py": 5},
        "parse": {"dates.py": 2},
        "=parse_duration": {"dates.py": 1},
        # InForm and inForm_x and forms, never inside information or format.
        "form": {"forms.py": 3},
    }
    assert rg.terms == expected
    assert mem.terms == expected
    assert rg.term_files == mem.term_files == 3
    # The word needle still gets its whole line, as without terms.
    assert [h.text for h in rg.files_with(needles[0])["dates.py"]] == ["def parse_duration(value):"]
    assert summary(mem) == summary(rg)


def test_the_lines_of_a_file_s_terms_are_where_the_counted_occurrences_are():
    matcher = TermMatcher(TERMS)
    lines = matcher.lines(TERM_FILES["dates.py"].encode())
    # Each line's terms once, sorted (a line with `duration` twice says it once).
    assert lines == {
        1: ("=parse_duration", "duration", "parse"),
        2: ("duration",),
        3: ("duration", "parse"),
    }
    counted = matcher.in_text(TERM_FILES["dates.py"].encode())
    assert set(counted) == {t for ts in lines.values() for t in ts}
    assert counted == {"parse": 2, "duration": 5, "=parse_duration": 1}


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            [
                "parse",
                "Parse_it",
                "PARSE",
                "durations",
                "inForm",
                "information",
                "x",
                " ",
                "\n",
                "\r\n",
                "parse_duration",
                "é",
            ]
        ),
        max_size=40,
    ).map("".join)
)
def test_a_file_s_term_lines_looked_for_by_the_tokens_it_holds_alone_are_the_same(text):
    """The densest line's pass looks only for the spellings of the tokens the scan counted in a
    file: no line holds another token, so the lines are those of looking for every token."""
    matcher = TermMatcher(TERMS)
    data = text.encode()
    assert matcher.lines(data, held=list(matcher.in_text(data))) == matcher.lines(data)


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["parse", "Parse_it", "PARSE", "durations", "inForm", "information", "x", " ", "\n", "\r\n"]
            + ["parse_duration", "é", "form_"]
        ),
        max_size=40,
    ).map("".join),
    st.lists(st.tuples(st.integers(1, 12), st.integers(0, 6)), max_size=5),
)
def test_a_span_s_tokens_are_those_of_its_lines(text, spans):
    """`span_tokens` settles a token in a span at its first spelling whose identifier holds it:
    the same tokens as `lines` finds on the span's lines (spans may overlap, or pass the end)."""
    matcher = TermMatcher(TERMS)
    data = text.encode()
    ranges = [(first, first + extra) for first, extra in spans]
    by_line = matcher.lines(data)
    expected = [frozenset(t for n, ts in by_line.items() if a <= n <= b for t in ts) for a, b in ranges]
    assert matcher.span_tokens(data, ranges) == expected
    assert matcher.span_tokens(data, ranges, held=list(matcher.in_text(data))) == expected


def test_a_term_s_lines_are_numbered_over_every_line_of_the_file():
    # Lines without a term, CRLF endings, a term in upper case, no newline at the end.
    data = b"x = 1\r\n\nPARSE_IT = 2\r\nnothing\ninformation\n\n\nforms\tduration"
    assert TermMatcher(TERMS).lines(data) == {3: ("parse",), 8: ("duration", "form")}


def test_terms_are_counted_only_in_the_files_named_for_them(tmp_path):
    files = {"lib/dates.py": "def parse_duration(): pass\n", "tests/test_dates.py": "parse_duration()\n"}
    root = write_tree(tmp_path, files)
    paths = sorted(files)
    needles = [Needle("parse_duration", True), *TERMS]
    for tree, scanner in ((WorkTree(str(root)), None), (MemoryTree(files), MemoryScanner())):
        result = scan(tree, paths, needles, DEFAULT_BUDGETS, FAR, scanner, term_paths=["lib/dates.py"])
        assert set(result.files_with(needles[0])) == set(paths)  # words: every walked file
        assert result.terms["duration"] == {"lib/dates.py": 1}  # terms: the named files alone
        assert result.term_files == 1


def test_a_term_folds_ascii_case_only():
    """Unicode case folding would let `ſ` (long s) spell `s`, and `K` (Kelvin) spell `k`."""
    matcher = TermMatcher([Needle("sky", word=False, term=True)])
    assert matcher.in_text("SKY sky \u017fky \u212aelvin".encode()) == {"sky": 2}


def test_term_occurrences_keep_to_the_budget_per_term_and_file(tmp_path):
    files = {"many.py": "duration\n" * 30}
    root = write_tree(tmp_path, files)
    budgets = DEFAULT_BUDGETS.__class__(occurrences_per_string_file=10)
    for tree, scanner in ((WorkTree(str(root)), RipgrepScanner()), (MemoryTree(files), MemoryScanner())):
        result = scan(tree, ["many.py"], TERMS[:1], budgets, FAR, scanner)
        assert result.terms == {"duration": {"many.py": 10}}
        assert "occurrences_per_string_file" in result.bounds_reached


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.text(alphabet="aArRsSeEfFoOmMx_1 .\n", max_size=120))
# A whole token in any casing, parts in mixed case (no part's casing: `fORm` is `f`, `ORm`).
@example(text="Form_A FORM_a fORm_A xform_a reFORMS REForms fORm ReFoRm\n")
def test_ripgrep_s_partial_identifiers_count_as_whole_ones(tmp_path, text):
    """ripgrep prints from one character before a part's first spelling (in one of a part's three
    casings) or a whole identifier spelling a whole token (in any case); the counts are those of
    the whole identifiers, whatever the text (the argument in `TermMatcher`'s doc, checked)."""
    needles = [Needle(t, word=False, term=True) for t in ("form", "reform", "arm", "=form_a", "=reforms")]
    root = write_tree(tmp_path / "t", {"x.py": text})
    rg = scan(WorkTree(str(root)), ["x.py"], needles, DEFAULT_BUDGETS, FAR, RipgrepScanner())
    expected = TermMatcher(needles).in_text(text.encode())
    assert {t: files["x.py"] for t, files in rg.terms.items()} == expected


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.sampled_from(
            ["post", "Post", " ", "\n", "\r\n", "\r", "$", "é", "\x0c", "_", "x" * 97, "a.b c", "\t"]
        ),
        max_size=160,
    )
)
def test_the_in_process_scan_answers_as_ripgrep_does(tmp_path, parts):
    """Long lines (cut at MAX_LINE_CHARS bytes), CRLF, form feeds, `$` and non-ASCII next to a
    word: the in-process scan keeps the same lines, texts and needles as ripgrep."""
    text = "".join(parts)
    needles = [Needle("post", True), Needle("Post", True), Needle("a.b c", False), Needle("x$", False)]
    budgets = DEFAULT_BUDGETS.__class__(occurrences_per_string_file=3)
    root = write_tree(tmp_path / "t", {"x.py": text})
    rg = scan(WorkTree(str(root)), ["x.py"], needles, budgets, FAR, RipgrepScanner())
    mem = scan(MemoryTree({"x.py": text}), ["x.py"], needles, budgets, FAR, MemoryScanner())
    assert {n: dict(f) for n, f in mem.hits.items()} == {n: dict(f) for n, f in rg.hits.items()}


@pytest.mark.parametrize("ending", ["\n", "\r\n", "", "\r"])
def test_a_line_is_cut_where_ripgrep_cuts_it_its_terminator_counted(tmp_path, ending):
    """ripgrep's column budget counts a line's `\r` and `\n`: 399 characters and `\r\n` are
    cut, 400 with no terminator are not."""
    needles = [Needle("post", True)]
    for n in range(MAX_LINE_CHARS - 2, MAX_LINE_CHARS + 2):
        text = "post " + "x" * (n - 5) + ending
        root = write_tree(tmp_path / f"t{n}", {"x.py": text})
        rg = scan(WorkTree(str(root)), ["x.py"], needles, DEFAULT_BUDGETS, FAR, RipgrepScanner())
        mem = scan(MemoryTree({"x.py": text}), ["x.py"], needles, DEFAULT_BUDGETS, FAR, MemoryScanner())
        assert mem.hits == rg.hits, (n, ending)
        cut = n + len(ending) > MAX_LINE_CHARS
        assert rg.hits[needles[0]]["x.py"][0].text.endswith(OMITTED) == cut, (n, ending)


def test_the_lines_of_a_few_files_terms_are_the_same_on_disk_and_in_memory(tmp_path):
    from boundedcode.scan.rescan import Rescan
    from boundedcode.scan.base import ScanResult

    files = {
        **TERM_FILES,
        "big.py": "x = 1\r\n" * 50 + "FORMS = parse_duration(information)\n" + "y = 2\n" * 50 + "form",
    }
    root = write_tree(tmp_path, files)
    paths = sorted(files)
    tokens = [n.text for n in TERMS]
    answers = []
    for tree, scanner in ((WorkTree(str(root)), None), (MemoryTree(files), MemoryScanner())):
        rescan = Rescan(
            tree, paths, DEFAULT_BUDGETS, FAR, scanner, ScanResult(), [], bounds_reached=[], notes=[]
        )
        answers.append(rescan.term_lines(paths, tokens, tree.read))
    on_disk, in_memory = answers
    assert on_disk == in_memory
    assert on_disk["big.py"] == {51: ("=parse_duration", "duration", "form", "parse"), 102: ("form",)}
    assert "notes.txt" not in on_disk
    assert on_disk["dates.py"] == TermMatcher(TERMS).lines(TERM_FILES["dates.py"].encode())


def test_a_search_whose_every_file_is_over_the_size_budget_reads_nothing_else(tmp_path):
    from dataclasses import replace

    # Every named file is over the budget: ripgrep must not be left without paths (it would
    # search the whole tree, the refused files with it).
    root = write_tree(tmp_path, {"big.py": "post = 1\n" * 50, ".env": "post = 'secret'\n"})
    budgets = replace(DEFAULT_BUDGETS, file_bytes=100)
    needles = [Needle("post", True), Needle("post", word=False, term=True)]
    result = scan(WorkTree(str(root)), ["big.py"], needles, budgets, FAR, RipgrepScanner())
    assert result.hits == {} and result.terms == {}
    assert "file_bytes" in result.bounds_reached


@settings(max_examples=400, deadline=None)
@given(
    st.lists(
        st.sampled_from(
            ["get", "get_x", "Get", "x$", "é", "getter", "_get", "1get", "r", "t", "xe", "ge", "et", "$"]
        ),
        min_size=1,
        max_size=DEFAULT_BUDGETS.scan_strings,
    ),
    st.text(alphabet="getrxGé$_1 .(", max_size=40),
)
def test_a_line_s_words_are_its_whole_word_occurrences_in_order(words, line):
    """Each identifier needle the line holds as a whole word (no word character or `$` either side),
    once, in the order of its first such occurrence: what one regex per needle finds."""
    import re

    needles = [Needle(w, True) for w in dict.fromkeys(words)]
    first = {}
    for n in needles:
        m = re.search(rf"(?<![\w$]){re.escape(n.text)}(?![\w$])", line)
        if m:
            first[n] = m.start()
    assert classifier(needles)(line) == sorted(first, key=first.get)


_SAMPLED_NEEDLES = [
    Needle("get", True),
    Needle("Get", True),
    Needle("get_x", True),
    Needle("x$", True),
    Needle("é", True),
    Needle("r", True),
    Needle("get", True, fold=True),
    Needle("t g", False),
    Needle("(get", False),
    Needle("$", False),
]


def _printed_by_ripgrep(needles: list[Needle], line: str) -> bool:
    """Whether ripgrep's expression for `needles` (`ripgrep.pattern`: ASCII word boundaries)
    matches `line`, or may have matched it past its cut."""
    if line.endswith(OMITTED):
        return True
    for n in needles:
        expression = rf"\b{re.escape(n.text)}\b" if n.word else re.escape(n.text)
        if re.search(expression, line, re.ASCII | (re.IGNORECASE if n.fold else 0)):
            return True
    return False


@settings(max_examples=400, deadline=None)
@given(
    st.lists(st.sampled_from(_SAMPLED_NEEDLES), min_size=1, max_size=6),
    st.lists(
        st.lists(
            st.sampled_from(["get", "Get", "GET", "get_x", "x$", "é", "r", "t", " ", ".", "(", "$", "\r"])
        ).map("".join),
        min_size=1,
        max_size=6,
    ),
)
@example([Needle("get", True), Needle("r", True)], ["r", "get"])
# ripgrep's ASCII boundaries print a line the classifier finds no needle on, beside lines of it.
@example([Needle("get", True)], ["get", "$get", "get"])
@example([Needle("get", True)], ["get", "éget"])
@example([Needle("get", True), Needle("(get", False)], ["get", "(get"])
# A line cut at MAX_LINE_CHARS: its match was past the cut.
@example([Needle("get", True)], ["get", "x" * MAX_LINE_CHARS + OMITTED])
def test_a_file_s_lines_classified_at_once_are_classified_as_line_by_line(needles, lines):
    """Each needle with the lines it is on, in the order the line-by-line classifier first meets
    them, whichever needles (words, folded, literals, words holding a `$`) share the lines: the
    lines ripgrep prints for them."""
    needles = list(dict.fromkeys(needles))
    lines = [line for line in lines if _printed_by_ripgrep(needles, line)]
    if not lines:
        return
    classify = classifier(needles)
    expected: dict[Needle, list[int]] = {}
    for i, line in enumerate(lines):
        for n in classify(line):
            expected.setdefault(n, []).append(i)
    assert file_classifier(needles)(lines, "\n".join(lines)) == list(expected.items())


def test_a_part_too_short_to_be_a_token_is_no_term_even_when_it_spells_one():
    """`axes` stems to `ax`: `ax.hist` holds no such token (parts under three letters are none),
    `axes` and `Axes` do."""
    from boundedcode.seeds.terms import query_terms

    tokens = [t.token for t in query_terms("the axes of ax.hist")]
    matcher = TermMatcher([Needle(t, word=False, term=True) for t in tokens])
    assert "ax" in matcher.tokens
    assert matcher.in_text(b"ax.hist(x)\naxes = Axes()\n")["ax"] == 2


_WARM_NEEDLES = [
    # Words and literals alone: a file only one of them matches is composed from its own lines.
    [Needle("post", True), Needle("Post", True), Needle("a.b c", False), Needle("x$", False)],
    # A folded word and a word ending in `$`: every line is classified with all of them.
    [Needle("post", True), Needle("post", True, fold=True), Needle("x$", True), Needle("b c", False)],
    # A word that is not one identifier: the classifier's alternation takes `a.b` and not its `b`.
    [Needle("a.b", True), Needle("b", True), Needle("post", True)],
    # Identifiers alone, sharing lines (`x` of `x$` matched by ripgrep, not by the classifier).
    [Needle("post", True), Needle("Post", True), Needle("x", True), Needle("c", True)],
    # Literals whose runs are at their ends, parts of longer identifiers in the files (`st Po` in
    # `post Post`, `os` and `OS` inside `post` and `POST`).
    [Needle("st Po", False), Needle("os", False), Needle("OS", False), Needle("b c", False)],
    # Folded words of several runs (kebab-case keys): found in the files holding each run whole,
    # in any case (`Post-X`, `POST-x`), not in those holding `postx` or `post_x`.
    [Needle("post-x", True, fold=True), Needle("x-post", True, fold=True), Needle("post", True)],
    # Literals holding a run whole inside them: looked for only on the lines of that run (the
    # rarest one's), with a `$`, a CRLF, a cut line or a non-ASCII letter beside it as anywhere.
    [Needle("x post x", False), Needle("$post ", False), Needle("é post ", False), Needle("a.b c", False)],
]


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    st.lists(
        st.lists(
            st.sampled_from(
                [
                    "post",
                    "Post",
                    "POST",
                    " ",
                    "\n",
                    "\r\n",
                    "$",
                    "é",
                    "_",
                    "-",
                    "X",
                    "x" * 97,
                    "a.b c",
                    "x$",
                    "\x00",
                ]
            ),
            max_size=120,
        ),
        min_size=1,
        max_size=3,
    ),
    st.sampled_from(range(len(_WARM_NEEDLES))),
    st.sampled_from([2, 400]),
    # A literal looked for on its inner run's lines in every file (0), or as the engine chooses.
    st.sampled_from([0, LITERAL_LINE_BYTES]),
)
# `x$` found by the classifier where ripgrep's expression for it matches nothing in the file.
@example(texts=[["Post x$ \n"]], which=1, per_file=400, line_bytes=LITERAL_LINE_BYTES)
# A `$` next to the word (ripgrep matches it, the classifier does not) and one elsewhere on a line.
@example(texts=[["$post = 1\npost$ = 2\npost = $x\n"]], which=0, per_file=400, line_bytes=LITERAL_LINE_BYTES)
# A run after a `$` beginning with the word and one before a `$` ending with it (`$post` and
# `post$` are on those lines), a non-ASCII line and a CRLF one apart from the word's lines.
@example(
    texts=[["$postal = 1\nxpost$ = 2\npost = x\n"]], which=0, per_file=400, line_bytes=LITERAL_LINE_BYTES
)
@example(texts=[["é\npost\n", "post\r\npost\n"]], which=0, per_file=400, line_bytes=LITERAL_LINE_BYTES)
# A line cut at MAX_LINE_CHARS whose cut ends in `post` (of `postal`): a needle made by the cut.
@example(texts=[["Post " + "a" * 390 + " postal\n"]], which=0, per_file=400, line_bytes=LITERAL_LINE_BYTES)
@example(texts=[["a.b\n"]], which=2, per_file=400, line_bytes=LITERAL_LINE_BYTES)
# A binary file (a NUL byte) holding the needles: no lines, in the first scan or once changed.
@example(texts=[["post Post\n\x00"], ["post\n"]], which=3, per_file=400, line_bytes=LITERAL_LINE_BYTES)
# Occurrences inside longer identifiers are no lines: they must not use up the lines per file.
@example(texts=[["postx\n" * 3 + "post\n"]], which=0, per_file=2, line_bytes=LITERAL_LINE_BYTES)
# An identifier on more lines of a plain file than the budget keeps: its first, and the bound
# (`c`: no term counted in the file reaches it too).
@example(texts=[["c\n" * 3]], which=3, per_file=2, line_bytes=LITERAL_LINE_BYTES)
# Folded words in other cases than the needles', beside identifiers holding their runs in part.
@example(
    texts=[["POST-x post_x\n", "X-Post\n"], ["postx-post\n"]],
    which=5,
    per_file=400,
    line_bytes=LITERAL_LINE_BYTES,
)
# A phrase on some of its inner run's lines, a line too long cut before it, its run's lines past
# the budget on others: the first lines holding the phrase, as ripgrep keeps them.
@example(
    texts=[["post\n" * 3 + "x post x\r\n$post = x post x\n" + "a" * 400 + " x post x\n"]],
    which=6,
    per_file=2,
    line_bytes=0,
)
def test_the_warm_scan_answers_as_ripgrep_does_query_after_query(
    tmp_path_factory, monkeypatch, texts, which, per_file, line_bytes
):
    """The warm back end composes each file's lines from each needle's own (kept across queries):
    the same lines, texts, needles, term counts and bounds as ripgrep, on the first query, the
    next, and after a file changed."""
    from boundedcode.checkout.budgets import Budgets
    from boundedcode.checkout.cached import CachedWorkTree
    from boundedcode.scan.warm import WarmScanner

    monkeypatch.setattr("boundedcode.scan.warm.LITERAL_LINE_BYTES", line_bytes)
    files = {f"f{i}.py": "".join(parts) for i, parts in enumerate(texts)}
    root = write_tree(tmp_path_factory.mktemp("w"), files)
    needles = _WARM_NEEDLES[which] + [Needle("post", False, term=True), Needle("x", False, term=True)]
    budgets = Budgets(occurrences_per_string_file=per_file)
    paths = sorted(files)
    rg = scan(WorkTree(str(root)), paths, needles, budgets, FAR, RipgrepScanner())
    tree = CachedWorkTree(str(root))
    warm = WarmScanner(tree)
    for step in range(3):
        if step == 2:  # a file changes: the needles' kept lines follow it
            write_tree(root, {"f0.py": "".join(reversed(texts[0])) + "\npost Post x$ a.b c\n"})
            rg = scan(WorkTree(str(root)), paths, needles, budgets, FAR, RipgrepScanner())
        tree.files()
        found = scan(tree, paths, needles, budgets, FAR, warm)
        assert {n: dict(f) for n, f in found.hits.items()} == {n: dict(f) for n, f in rg.hits.items()}
        assert found.terms == rg.terms and found.bounds_reached == rg.bounds_reached
        # Each needle's files and hits in the order the in-process scan records them.
        memory = scan(tree, paths, needles, budgets, FAR, MemoryScanner())
        assert {n: list(f.items()) for n, f in found.hits.items()} == {
            n: list(f.items()) for n, f in memory.hits.items()
        }
        # And its terms by token and files by path, as sorted (composed so, not sorted again).
        assert [(t, list(f.items())) for t, f in found.terms.items()] == [
            (t, list(f.items())) for t, f in memory.terms.items()
        ]


def _child(code):
    return subprocess.Popen(
        [sys.executable, "-c", code], stdout=subprocess.PIPE, stderr=subprocess.PIPE, stdin=subprocess.DEVNULL
    )


def test_a_search_process_is_read_to_its_end_or_killed_at_the_deadline_with_its_output_kept():
    done = _child("import sys; sys.stdout.write('a' * 200_000); sys.stderr.write('warned')")
    out, err, killed = _drain(done, time.monotonic() + 30)
    assert (len(out), err, killed, done.returncode) == (200_000, b"warned", False, 0)
    assert done.stdout.closed and done.stderr.closed

    stuck = _child("import sys, time; sys.stdout.write('partial'); sys.stdout.flush(); time.sleep(60)")
    select.select([stuck.stdout], [], [], 60)  # it has printed (nothing read yet)
    out, err, killed = _drain(stuck, time.monotonic() + 0.2)
    assert (out, killed) == (b"partial", True)
    assert stuck.returncode is not None and stuck.returncode < 0  # killed, and waited for


def test_ripgrep_s_output_is_parsed_only_until_the_deadline():
    # A search killed at the deadline leaves output that took seconds to parse (a 29k-file tree:
    # 141,000 lines), for strategies that no longer run: past the deadline it is left.
    needle = Needle("balance", word=True)
    lines = b"".join(b"a/f%d.py\x00%d\nbalance = 1\n\n" % (i % 7, i) for i in range(5000))
    ids = b"".join(b"a/f%d.py\x00balance\nbalance_due\n\n" % i for i in range(5000))
    terms = TermMatcher([Needle("balance", word=False, term=True)])
    for deadline, found in ((float("inf"), True), (time.monotonic() - 1, False)):
        hits, counts = ScanResult(), ScanResult()
        _parse_lines(lines, file_classifier([needle]), hits, DEFAULT_BUDGETS, deadline)
        _parse_identifiers(ids, terms, counts, DEFAULT_BUDGETS, deadline)
        assert bool(hits.files_with(needle)) is found and bool(counts.terms) is found
        assert ("time_s" in hits.bounds_reached) is not found and (
            "time_s" in counts.bounds_reached
        ) is not found


@settings(max_examples=300, deadline=None)
@given(
    st.lists(
        st.lists(
            st.sampled_from(
                [b"\xe2\x82", b"\xf0\x9f\x98", b"\xc3", b"\x80", b"\xff", b"\xc3\xa9", b"x", b"\r"]
            )
        ).map(b"".join),
        min_size=1,
        max_size=5,
    )
)
def test_a_file_s_lines_decoded_at_once_read_as_each_line_decoded_alone(tails):
    """Invalid UTF-8 at a line's end never takes the next line's bytes with it: a file's lines
    decoded together give each line's own text, `\r` at its end stripped."""
    post = Needle("post", True)
    lines = [b"post " + tail for tail in tails]
    out = b"a.py\x00" + b"".join(b"%d\n%s\n" % (i, line) for i, line in enumerate(lines, 1))
    result = ScanResult()
    _parse_lines(out, file_classifier([post]), result, DEFAULT_BUDGETS)
    expected = [(i, line.decode("utf-8", "replace").rstrip("\r")) for i, line in enumerate(lines, 1)]
    assert result.hits[post]["a.py"] == expected


def test_records_that_are_not_ripgrep_s_are_skipped_and_the_rest_parsed():
    """A file's record whose numbers are not numbers, or whose last line has no text, is not
    ripgrep's: it is left out, never half read, and the other files' records are parsed."""
    post = Needle("post", True)
    out = b"a.py\x00x\npost\n\nb.py\x001\npost\n2\n\nno path here\n\nc.py\x007\npost it\n"
    result = ScanResult()
    _parse_lines(out, file_classifier([post]), result, DEFAULT_BUDGETS)
    assert result.hits == {post: {"c.py": [(7, "post it")]}}


def test_a_file_s_lines_printed_apart_are_kept_in_the_order_printed():
    """ripgrep prints a file's lines together; were another file's to come between, the first
    file's later lines would follow its earlier ones, none lost."""
    post, due = Needle("post", True), Needle("due", True)
    out = b"a.py\x001\npost\n\nb.py\x004\npost due\n\na.py\x009\npost due\n"
    result = ScanResult()
    _parse_lines(out, file_classifier([post, due]), result, DEFAULT_BUDGETS)
    assert result.hits[post] == {"a.py": [(1, "post"), (9, "post due")], "b.py": [(4, "post due")]}
    assert result.hits[due] == {"b.py": [(4, "post due")], "a.py": [(9, "post due")]}


@pytest.fixture(scope="module")
def ripgrep_output(tmp_path_factory):
    """ripgrep's real output, lines and identifiers, over a small tree with a budget reached."""
    files = {
        "a.py": "balance = 1\nx = balance_due(balance)\n" * 3 + "Balance\n",
        "b/c.py": "def balance():\n    return BalanceDue\n",
        "d.py": "balance\n" * 12,
    }
    tree = WorkTree(str(write_tree(tmp_path_factory.mktemp("rg"), files)))
    needles = [Needle("balance", True), Needle("Balance", True), Needle("due", False)]
    terms = TermMatcher([Needle("balance", word=False, term=True), Needle("due", word=False, term=True)])
    rg, budgets, paths = (
        RipgrepScanner(),
        DEFAULT_BUDGETS.__class__(occurrences_per_string_file=10),
        sorted(files),
    )
    outputs = []
    for command in (rg._command(needles, budgets), rg._term_command(terms, budgets)):
        out, _, _ = _drain(rg._spawn(command + ["--", *paths], tree), FAR)
        outputs.append(out)
    return needles, terms, budgets, outputs


@settings(max_examples=60, deadline=None)
@given(st.lists(st.floats(min_value=0, max_value=1), max_size=10))
def test_output_read_in_pieces_is_parsed_as_if_read_whole(ripgrep_output, cuts):
    """ripgrep's output is parsed as it arrives (`_Records`): wherever the reads end, inside a
    line or a file's identifiers, the hits, counts and bounds are those of the whole output."""
    needles, terms, budgets, (lines, identifiers) = ripgrep_output
    classify = file_classifier(needles)
    whole, pieces = ScanResult(), ScanResult()
    _parse_lines(lines, classify, whole, budgets)
    _parse_identifiers(identifiers, terms, whole, budgets)
    for out, end, parse in (
        (lines, ripgrep._FILE_END, lambda data: _parse_lines(data, classify, pieces, budgets)),
        (identifiers, ripgrep._FILE_END, lambda data: _parse_identifiers(data, terms, pieces, budgets)),
    ):
        records = ripgrep._Records(parse, end)
        at = sorted({0, len(out), *(int(c * len(out)) for c in cuts)})
        for start, stop in zip(at, at[1:]):
            records(out[start:stop])
        records.close()
        assert records.printed
    assert whole.hits and whole.terms and whole.bounds_reached == ["occurrences_per_string_file"]
    assert (pieces.hits, pieces.terms, pieces.bounds_reached) == (
        whole.hits,
        whole.terms,
        whole.bounds_reached,
    )


@pytest.mark.parametrize(
    ("raw", "terminated", "text"),
    [
        (b"x = 1", True, "x = 1"),
        (b"x = 1\r", True, "x = 1"),  # a CRLF line, as ripgrep --crlf prints it
        (b"x\r\r", False, "x"),
        (b"caf\xc3\xa9 \xff", True, "café \ufffd"),
        (b"a" * MAX_LINE_CHARS, False, "a" * MAX_LINE_CHARS),
        (b"a" * MAX_LINE_CHARS, True, "a" * MAX_LINE_CHARS + OMITTED),  # its newline counts
        (b"a" * (MAX_LINE_CHARS - 2) + b"\r", True, "a" * (MAX_LINE_CHARS - 2)),
        (b"a" * (MAX_LINE_CHARS - 1) + b"\r", True, "a" * (MAX_LINE_CHARS - 1) + OMITTED),  # CR LF count
    ],
)
def test_a_line_s_text_is_what_ripgrep_prints(raw, terminated, text):
    assert line_text(raw, terminated) == text


def test_a_plain_file_s_lines_of_a_name_are_made_when_read_and_only_definitions_are_made(tmp_path):
    """In a plain file (ASCII, no `$`) the warm scan hands a name's lines as `PlainLines`: their
    numbers from the line index, each `Hit` made when read. They read as the in-process scan's
    list (index, slice, iteration, equality), and the definition patterns, given the file's
    definable lines, make only the hits on them: a name in thousands of files is not made line by
    line to find where it is defined."""
    from boundedcode.checkout.cached import CachedWorkTree
    from boundedcode.navigator.patterns import PatternNavigator
    from boundedcode.scan.warm import PlainLines, WarmScanner

    body = "".join(f"    total = copy(total, {i})\n" for i in range(30))
    files = {"ledger.py": f"def copy(a, b):\n    return a\n\n\ndef post(total):\n{body}    return total\n"}
    root = write_tree(tmp_path / "r", files)
    needle = Needle("copy", True)
    tree = CachedWorkTree(str(root))
    paths = [e.path for e in tree.files()]
    warm = WarmScanner(tree)
    lines = scan(tree, paths, [needle], DEFAULT_BUDGETS, FAR, warm).files_with(needle)["ledger.py"]
    navigator = PatternNavigator(tree, paths, scanner=warm, occurrences=lambda name: {"ledger.py": lines})
    assert [(d.path, d.line, d.kind) for d in navigator.definitions("copy")] == [("ledger.py", 1, "function")]
    assert isinstance(lines, PlainLines) and lines._made is None  # the 30 calls' hits never made

    expected = scan(tree, paths, [needle], DEFAULT_BUDGETS, FAR, MemoryScanner()).files_with(needle)[
        "ledger.py"
    ]
    assert len(lines) == len(expected) == 31 and list(lines.numbers) == [h.line for h in expected]
    assert lines[0] == expected[0] and lines[-1] == expected[-1] and lines[3:6] == expected[3:6]
    assert list(lines) == expected and lines == expected and expected == lines
    # Kept for the next query as it is: the same lines, made once.
    assert scan(tree, paths, [needle], DEFAULT_BUDGETS, FAR, warm).files_with(needle)["ledger.py"] is lines


def test_back_ends_are_told_apart_by_what_they_have(tmp_path) -> None:
    """`scan.shared` asks the in-process back ends for words and terms in one read, and a kept
    one whether it is behind, without importing the warm back end to ask (`tests/test_imports`)."""
    from boundedcode.checkout.cached import CachedWorkTree
    from boundedcode.scan.base import kept, one_pass
    from boundedcode.scan.warm import WarmScanner

    warm = WarmScanner(CachedWorkTree(str(write_tree(tmp_path, {"a.py": "x = 1\n"}))))
    assert one_pass(MemoryScanner()) is not None and one_pass(warm) is warm
    assert one_pass(RipgrepScanner()) is None
    assert kept(warm) is warm
    assert kept(MemoryScanner()) is None and kept(RipgrepScanner()) is None


def test_work_done_while_ripgrep_searches_comes_once_both_searches_started_and_before_a_line_is_read(
    tmp_path, monkeypatch
):
    from boundedcode.scan import begin_scan

    root = write_tree(tmp_path, FILES)
    tree, paths = WorkTree(str(root)), sorted(FILES)
    needles = [*NEEDLES, Needle("credit", False, term=True)]
    events: list[str] = []
    for name in ("_spawn_terms", "_collect_lines", "_collect_terms"):
        real = getattr(RipgrepScanner, name)
        monkeypatch.setattr(
            RipgrepScanner,
            name,
            lambda self, *a, _real=real, _name=name: events.append(_name) or _real(self, *a),
        )
    result = begin_scan(tree, needles, DEFAULT_BUDGETS, FAR)(paths, None, lambda: events.append("meanwhile"))
    # The words are read when the result comes back; the terms, still counting, when it is settled.
    assert events == ["_spawn_terms", "meanwhile", "_collect_lines"] and not result.terms
    assert result.settle() is result and events[-1] == "_collect_terms" and result.terms
    result.settle()
    assert events.count("_collect_terms") == 1
    # The answer is the scan's, as without the work.
    alone = begin_scan(tree, needles, DEFAULT_BUDGETS, FAR)(paths).settle()
    assert summary(result) == summary(alone) and result.terms == alone.terms
    assert result.terms == scan(MemoryTree(FILES), paths, needles, DEFAULT_BUDGETS, FAR).terms
    # In process, the work comes first and once.
    memory: list[str] = []
    scanned = begin_scan(MemoryTree(FILES), needles, DEFAULT_BUDGETS, FAR)(
        paths, None, lambda: memory.append("w")
    )
    assert memory == ["w"] and summary(scanned) == summary(alone)


def test_terms_ripgrep_refuses_are_counted_in_process_when_settled_and_said(tmp_path, monkeypatch):
    from boundedcode.scan import begin_scan
    from boundedcode.scan.base import TermMatcher

    root = write_tree(tmp_path, FILES)
    paths = sorted(FILES)
    needles = [*NEEDLES, Needle("credit", False, term=True), Needle("post", False, term=True)]
    # An expression ripgrep cannot compile: it exits 2, printing nothing.
    monkeypatch.setattr(TermMatcher, "source", lambda self: "(")
    result = begin_scan(WorkTree(str(root)), needles, DEFAULT_BUDGETS, FAR)(paths)
    assert not result.notes  # the words were searched by ripgrep
    result.settle()
    in_process = scan(MemoryTree(FILES), paths, needles, DEFAULT_BUDGETS, FAR)
    assert result.terms == in_process.terms and result.terms["credit"] == {"c.txt": 1}
    assert summary(result) == summary(in_process)
    assert len(result.notes) == 1 and "fell back to in-process search" in result.notes[0]


def test_a_failure_of_the_work_done_while_ripgrep_searches_leaves_no_ripgrep_running(tmp_path, monkeypatch):
    from boundedcode.scan import begin_scan

    root = write_tree(tmp_path, FILES)
    spawned: list[subprocess.Popen[bytes]] = []
    real = RipgrepScanner._spawn
    monkeypatch.setattr(
        RipgrepScanner, "_spawn", staticmethod(lambda c, t: spawned.append(p := real(c, t)) or p)
    )
    finish = begin_scan(
        WorkTree(str(root)), [*NEEDLES, Needle("credit", False, term=True)], DEFAULT_BUDGETS, FAR
    )

    def fails() -> None:
        raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        finish(sorted(FILES), None, fails)
    assert len(spawned) == 2 and all(p.returncode is not None for p in spawned)
