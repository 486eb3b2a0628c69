"""Places in machine-readable reports (lang/_report_places.py): captured JSON and XML reports
(tests/fixtures/evidence, capture.sh structured) and the shapes other tools write."""

import json

import pytest

from boundedcode.lang._report_places import MAX_DEPTH, MAX_PLACES, ReportPlace, report_places
from boundedcode.lang.diagnostics import parse_diagnostics
from evidence_files import T, evidence

S = T + "/structured"


@pytest.mark.parametrize(
    ("name", "places"),
    [
        ("python/ruff_json", {(S + "/py/shop/cart.py", 1, 8), (S + "/py/shop/cart.py", 5, 5)}),
        ("python/ruff_sarif", {(S + "/py/shop/cart.py", 1, 8), (S + "/py/shop/cart.py", 5, 5)}),
        ("javascript/eslint_json", {(S + "/js/src/cart.js", 2, 9), (S + "/js/src/cart.js", 3, 24)}),
        (
            "c/gtest_xml",
            {("cart_test.cpp", 5, None), ("cart_test.cpp", 6, None)},
        ),  # the test's, its failure's
        ("c/catch2_xml", {("cart_catch.cpp", 6, None), ("cart_catch.cpp", 7, None)}),
    ],
)
def test_a_report_s_places(name, places):
    assert {(p.path, p.line, p.column) for p in report_places(evidence(f"{name}.txt"))} == places


@pytest.mark.parametrize("name", ["php/phpcs_checkstyle", "php/phpcs_json"])
def test_phpcs_reports_give_its_rows_places(name):
    """checkstyle's rows under their <file name=…>, the JSON report's keyed by the file's path."""
    rows = {(d.line, d.column) for d in parse_diagnostics(evidence("php/phpcs_emacs.txt"))}  # the same sniffs
    found = report_places(evidence(f"{name}.txt"))
    assert {p.path for p in found} == {S + "/php/src/cart.php"}
    assert {(p.line, p.column) for p in found} == rows


def test_xml_attributes_read_as_their_text():
    messages = {p.message for p in report_places(evidence("php/phpcs_checkstyle.txt"))}
    assert 'Class name "cart_total" is not in PascalCase format' in messages  # '&quot;' in the file
    cut = '<file name="a&amp;b.php"><error line="3" message="x &lt; y&#x0A;second line &#99999999;"/></file>'
    assert report_places(cut) == [ReportPlace("a&b.php", 3, None, "x < y", None)]


def test_cppcheck_xml_places_are_its_locations():
    assert {(p.path, p.line) for p in report_places(evidence("c/cppcheck_xml.txt"))} == {
        ("src/cart.c", 5),
        ("src/cart.c", 2),
        ("src/cart.c", 1),
    }


def test_a_finding_s_place_not_an_end_or_an_edit_nor_a_frame_object():
    ruff = [
        {
            "code": "F401",
            "message": "`os` imported but unused",
            "filename": "/srv/shop/cart.py",
            "location": {"row": 1, "column": 8},
            "end_location": {"row": 1, "column": 10},
            "fix": {
                "edits": [{"location": {"row": 1, "column": 1}, "end_location": {"row": 2, "column": 1}}]
            },
        }
    ]
    assert report_places(json.dumps(ruff, indent=2)) == [
        ReportPlace("/srv/shop/cart.py", 1, 8, "`os` imported but unused", None)
    ]
    sentry_frame = {"frames": [{"filename": "shop/cart.py", "lineno": 2, "function": "total"}]}
    assert report_places(json.dumps(sentry_frame)) == []


def test_zero_based_ranges_and_webpack_locs_count_from_one():
    pyright = {
        "generalDiagnostics": [
            {
                "file": "/srv/shop/cart.py",
                "severity": "error",
                "message": 'Type "str" is not assignable',
                "range": {"start": {"line": 14, "character": 4}, "end": {"line": 14, "character": 9}},
            }
        ]
    }
    assert report_places(json.dumps(pyright)) == [
        ReportPlace("/srv/shop/cart.py", 15, 5, 'Type "str" is not assignable', "error")
    ]
    webpack = {"errors": [{"moduleName": "./src/cart.js", "loc": "2:7", "message": "Module parse failed"}]}
    assert report_places(json.dumps(webpack)) == [
        ReportPlace("src/cart.js", 2, 8, "Module parse failed", None)
    ]


def test_a_rule_s_dotted_name_is_no_file():
    finding = {
        "message": "Class name is not in PascalCase",
        "source": "Squiz.Classes.ValidClassName",
        "line": 2,
    }
    assert report_places(json.dumps([finding])) == []


def test_hostile_reports_are_bounded():
    deep = "[" * 5000 + "]" * 5000
    assert report_places(deep) == []
    nested = {"file": "a.py", "x": {}}
    cursor = nested["x"]
    for _ in range(MAX_DEPTH * 2):
        cursor["x"] = {}
        cursor = cursor["x"]
    cursor.update({"line": 3, "message": "deep"})
    assert report_places(json.dumps(nested)) == []  # past the depth read
    many = "\n".join(
        json.dumps([{"file": f"f{i}.py", "line": 1, "message": "m"}]) for i in range(3 * MAX_PLACES)
    )
    assert len(report_places(many)) <= MAX_PLACES
    xml = (
        "<checkstyle>"
        + '<file name="a.php"><error line="1" message="m"/></file>' * (3 * MAX_PLACES)
        + "</checkstyle>"
    )
    assert len(report_places(xml)) == MAX_PLACES


@pytest.mark.parametrize(
    ("name", "path"),
    [
        ("python/ruff_rdjson", T + "/toolsurvey/py/shop/cart.py"),  # reviewdog's ranges count from 1
        ("python/ruff_gitlab", "shop/cart.py"),  # GitLab's Code Quality "positions"
        ("python/ruff_junit", T + "/toolsurvey/py/shop/cart.py"),  # a JUnit suite named after its file
    ],
)
def test_more_reports_of_the_same_findings(name, path):
    places = {(p.path, p.line, p.column) for p in report_places(evidence(f"{name}.txt"))}
    assert places == {(path, 2, 8), (path, 2, 12), (path, 15, 5)}  # rdjson's suggested edits are none


def test_a_range_with_columns_counts_from_one_and_one_with_characters_from_zero():
    lsp = '[{"file": "a.py", "message": "m", "range": {"start": {"line": 4, "character": 2}}}]'
    rdjson = '[{"message": "m", "location": {"path": "a.py", "range": {"start": {"line": 4, "column": 2}}}}]'
    assert [(p.line, p.column) for p in report_places(lsp)] == [(5, 3)]
    assert [(p.line, p.column) for p in report_places(rdjson)] == [(4, 2)]


def test_svelte_check_s_machine_verbose_rows_count_from_zero():
    row = (
        '1796559296744 {"type":"ERROR","filename":"src/Cart.svelte","start":{"line":4,"character":8},'
        '"end":{"line":4,"character":11},"message":"Type \'number\' is not assignable to type \'string\'.",'
        '"code":2322,"source":"ts"}'
    )
    assert [(p.path, p.line, p.column, p.severity) for p in report_places(row)] == [
        ("src/Cart.svelte", 5, 9, "error")
    ]


def test_a_finding_s_first_listed_location_is_its_own():
    sarif = {
        (p.path, p.line, p.message, p.severity) for p in report_places(evidence("python/ruff_sarif.txt"))
    }
    assert (S + "/py/shop/cart.py", 1, "`os` imported but unused", "error") in sarif
    gcc = (
        '[{"kind": "warning", "message": "pointer \\u2018p\\u2019 used after \\u2018free\\u2019",'
        ' "locations": [{"caret": {"file": "src/bad.c", "line": 23, "column": 13},'
        ' "start": {"file": "src/bad.c", "line": 23, "column": 12}}]}]'
    )
    assert [(p.path, p.line, p.column, p.message) for p in report_places(gcc)] == [
        ("src/bad.c", 23, 13, "pointer \u2018p\u2019 used after \u2018free\u2019")
    ]


def test_golangci_lint_s_json_and_reviewdog_s_lines_from_a_prose_linter():
    golangci = (
        '{"Issues": [{"FromLinter": "forbidigo", "Text": "use of `fmt.Println` forbidden", "Severity": "error",'
        ' "Pos": {"Filename": "cmd/shop/main.go", "Offset": 140, "Line": 14, "Column": 2}}]}\n'
    )
    assert report_places(golangci) == [
        ReportPlace("cmd/shop/main.go", 14, 2, "use of `fmt.Println` forbidden", "error")
    ]
    # vale through reviewdog (rdjsonl): a LaTeX document, a tab the paste left raw in a string
    vale = (
        '{"message": "[Google.FirstPerson] Avoid first-person pronouns such as \'\tI \'.", "location":'
        ' {"path": "paper.tex", "range": {"start": {"line": 180, "column": 1}}}, "severity": "ERROR"}\n'
    )
    assert [(p.path, p.line, p.column, p.severity) for p in report_places(vale)] == [
        ("paper.tex", 180, 1, "error")
    ]
