"""The bounded track's evidence, on fail_to_pass ids as the development split spells them."""

from __future__ import annotations

import pytest

from boundedcode.bench.evidence import failure_output
from boundedcode.lang.testids import parse_test_ids

CASES = [
    (
        "python",
        ["astropy/table/tests/test_mixin.py::test_ndarray_mixin[False]"],
        "FAILED astropy/table/tests/test_mixin.py::test_ndarray_mixin[False]",
    ),
    (
        "python",
        ["test_ascii_validator (auth_tests.test_validators.UsernameValidatorsTests)"],
        "=" * 70
        + "\nFAIL: test_ascii_validator (auth_tests.test_validators.UsernameValidatorsTests)\n"
        + "-" * 70,
    ),
    ("python", ["test_issue_11617"], "FAILED test_issue_11617"),
    (
        "go",
        ["TestEvaluations", "TestEvaluations/testdata/functions.test"],
        "--- FAIL: TestEvaluations (0.00s)\n--- FAIL: TestEvaluations/testdata/functions.test (0.00s)",
    ),
    (
        "rust",
        ["routing::tests::fallback::doesnt_panic_if_used_with_nested_router"],
        "test routing::tests::fallback::doesnt_panic_if_used_with_nested_router ... FAILED",
    ),
    ("rust", ["resubscribe_to_closed_channel"], "test resubscribe_to_closed_channel ... FAILED"),
    (
        "java",
        ["org.apache.druid.query.aggregation.post.ArithmeticPostAggregatorTest#testPow"],
        "[ERROR] testPow(org.apache.druid.query.aggregation.post.ArithmeticPostAggregatorTest)  "
        "Time elapsed: 0.01 s  <<< FAILURE!",
    ),
    (
        "java",
        ["org.apache.lucene.queries.intervals.TestIntervalBuilder > testEmptyIntervals"],
        "org.apache.lucene.queries.intervals.TestIntervalBuilder > testEmptyIntervals FAILED",
    ),
    (
        "java",
        ["javac-ValInLambda.java(lombok.transform.TestWithDelombok)"],
        "[ERROR] javac-ValInLambda.java(lombok.transform.TestWithDelombok)  Time elapsed: 0.01 s  <<< FAILURE!",
    ),
    ("cpp", ["ServerTest.GetMethodEmbeddedNUL"], "[  FAILED  ] ServerTest.GetMethodEmbeddedNUL (0 ms)"),
    ("cpp", ["approvaltests", "runtests"], "  1 - approvaltests (Failed)\n  2 - runtests (Failed)"),
    (
        "c",
        ["XTRIM with MINID option, big delta from master record"],
        "[err]: XTRIM with MINID option, big delta from master record",
    ),
    (
        "typescript",
        ["packages/runtime-core/__tests__/apiWatch.spec.ts > api: watch > should be executed correctly"],
        " FAIL  packages/runtime-core/__tests__/apiWatch.spec.ts > api: watch > should be executed correctly",
    ),
    (
        "javascript",
        ["render() > should set progress value to 0"],
        "  \u25cf render() \u203a should set progress value to 0",
    ),
    (
        "typescript",
        ["accepts valid non-strict link with anchor"],
        "  \u25cf accepts valid non-strict link with anchor",
    ),
    (
        "php",
        ["Routing Url Generator > When previous is equal to current"],
        "1) RoutingUrlGeneratorTest::testWhenPreviousIsEqualToCurrent",
    ),
    (
        "php",
        ['Binary Operator Spaces Fixer > Fix defaults with data set "reference in functions declarations"'],
        '1) BinaryOperatorSpacesFixerTest::testFixDefaults with data set "reference in functions declarations"',
    ),
    (
        "ruby",
        ["archives a directory with shell escaped path - ./fastlane/spec/actions_specs/zip_spec.rb[1:1:1:8]"],
        "rspec ./fastlane/spec/actions_specs/zip_spec.rb[1:1:1:8] # archives a directory with shell escaped path",
    ),
    (
        "ruby",
        ["TestFilters#test_: filters where_exp filter should filter objects across multiple conditions"],
        "  1) Failure:\nTestFilters#test_: filters where_exp filter should filter objects across multiple conditions:",
    ),
    (
        "ruby",
        ["features/post_data.feature:30  Scenario: Use page.name variable"],
        "cucumber features/post_data.feature:30 # Scenario: Use page.name variable",
    ),
    (
        "ruby",
        ["returns 0 if there are no offenses shown"],
        "Failures:\n\n  1) returns 0 if there are no offenses shown",
    ),
    ("kotlin", ["com.acme.OrdersTest > total"], "FAILED com.acme.OrdersTest > total"),
]


@pytest.mark.parametrize("language,ids,expected", CASES)
def test_runner_spelling(language, ids, expected):
    assert failure_output(language, ids) == expected


def test_no_ids_no_evidence():
    assert failure_output("cpp", []) == ""
    assert failure_output("python", ["  "]) == ""


# What the test-id parser reads back from each spelling above: (suite, name, file) per id.
READ_BACK = [
    [(None, "test_ndarray_mixin", "astropy/table/tests/test_mixin.py")],
    [("auth_tests.test_validators.UsernameValidatorsTests", "test_ascii_validator", None)],
    [(None, "test_issue_11617", None)],
    [(None, "TestEvaluations", None), (None, "TestEvaluations", None)],
    [("routing::tests::fallback", "doesnt_panic_if_used_with_nested_router", None)],
    [(None, "resubscribe_to_closed_channel", None)],
    [("org.apache.druid.query.aggregation.post.ArithmeticPostAggregatorTest", "testPow", None)],
    [("org.apache.lucene.queries.intervals.TestIntervalBuilder", "testEmptyIntervals", None)],
    [("lombok.transform.TestWithDelombok", "javac-ValInLambda.java", None)],
    [("ServerTest", "GetMethodEmbeddedNUL", None)],
    [(None, "approvaltests", None), (None, "runtests", None)],
    [(None, "XTRIM with MINID option, big delta from master record", None)],
    [("api: watch", "should be executed correctly", "packages/runtime-core/__tests__/apiWatch.spec.ts")],
    [("render()", "should set progress value to 0", None)],
    [(None, "accepts valid non-strict link with anchor", None)],
    [("RoutingUrlGeneratorTest", "testWhenPreviousIsEqualToCurrent", None)],
    [("BinaryOperatorSpacesFixerTest", "testFixDefaults", None)],
    [(None, "archives a directory with shell escaped path", "fastlane/spec/actions_specs/zip_spec.rb")],
    [
        (
            "TestFilters",
            "test_: filters where_exp filter should filter objects across multiple conditions",
            None,
        )
    ],
    [(None, "Scenario: Use page.name variable", "features/post_data.feature")],
    [(None, "returns 0 if there are no offenses shown", None)],
    [("com.acme.OrdersTest", "total", None)],
]


@pytest.mark.parametrize(
    "case,read_back", list(zip(CASES, READ_BACK, strict=True)), ids=lambda c: str(c)[:40]
)
def test_every_spelling_parses_back_to_its_test_id(case, read_back):
    language, ids, _ = case
    parsed = parse_test_ids(failure_output(language, ids))
    assert [(t.suite, t.name, t.file) for t in parsed] == read_back
    # each id's raw spelling survives where the runner prints it whole
    assert all(t.raw for t in parsed)
