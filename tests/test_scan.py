import time

from boundedcode.checkout import DEFAULT_BUDGETS, MemoryTree, WorkTree
from boundedcode.scan import MemoryScanner, Needle, RipgrepScanner, scan

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


def test_terms_count_identifier_parts_alike_in_both_back_ends(tmp_path):
    root = write_tree(tmp_path, TERM_FILES)
    paths = sorted(TERM_FILES)
    needles = [Needle("parse_duration", True), *TERMS]
    rg = scan(WorkTree(str(root)), paths, needles, DEFAULT_BUDGETS, FAR, RipgrepScanner())
    mem = scan(MemoryTree(TERM_FILES), paths, needles, DEFAULT_BUDGETS, FAR, MemoryScanner())
    lines = {
        # parse_duration, Durations, duration, parseDuration, DURATION_MAX: one each, by line.
        "dates.py": {"duration": [1, 2, 2, 3, 3], "parse": [1, 3], "=parse_duration": [1]},
        # InForm and inForm_x and forms, never inside information or format.
        "forms.py": {"form": [1, 3, 3]},
    }
    counts = {"duration": {"dates.py": 5}, "parse": {"dates.py": 2}, "=parse_duration": {"dates.py": 1}}
    counts["form"] = {"forms.py": 3}
    for result in (rg, mem):
        assert result.terms == counts
        assert {p: {t: sorted(ls) for t, ls in result.term_lines(p).items()} for p in lines} == lines
        assert result.term_lines("notes.txt") == {}
    # The word needle still gets its whole line, as without terms.
    assert [h.text for h in rg.files_with(needles[0])["dates.py"]] == ["def parse_duration(value):"]
    assert summary(mem) == summary(rg)


def test_term_occurrences_stop_at_the_same_line_cap_in_both_back_ends(tmp_path):
    files = {"many.py": "duration\n" * 200}
    root = write_tree(tmp_path, files)
    budgets = DEFAULT_BUDGETS.__class__(occurrences_per_string_file=10)  # a cap of 8 x 10 lines
    for tree, scanner in ((WorkTree(str(root)), RipgrepScanner()), (MemoryTree(files), MemoryScanner())):
        result = scan(tree, ["many.py"], TERMS[:1], budgets, FAR, scanner)
        assert result.terms == {"duration": {"many.py": 81}}
