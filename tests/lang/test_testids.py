"""parse_test_ids on real captured output (tests/fixtures/evidence, see capture.sh) and edge cases."""

import pytest

from boundedcode.lang.testids import TestId, parse_test_ids
from evidence_files import evidence


# Every fixture that names failing tests, with every id parse_test_ids must find in it.
EXPECTED = {
    "go/test_fail.txt": [
        TestId("TestTotal", None, "example.com/shop/cart", "TestTotal", "go"),
        TestId("TestTotal/empty", None, "example.com/shop/cart", "TestTotal", "go"),
    ],
    "go/test_fail_plain.txt": [
        TestId("TestBalance", None, "example.com/shop/ledger", "TestBalance", "go"),
        TestId("TestBalance/negative", None, "example.com/shop/ledger", "TestBalance", "go"),
        TestId("TestPost", None, "example.com/shop/ledger", "TestPost", "go"),
        TestId("TestTotal", None, "example.com/shop/cart", "TestTotal", "go"),
        TestId("TestTotal/empty", None, "example.com/shop/cart", "TestTotal", "go"),
    ],
    "go/test_fail_verbose.txt": [
        TestId("TestTotal", None, "example.com/shop/cart", "TestTotal", "go"),
        TestId("TestTotal/empty", None, "example.com/shop/cart", "TestTotal", "go"),
    ],
    "javascript/jest.txt": [
        TestId("src/cart.test.js", "src/cart.test.js", None, None, "jest"),
        TestId("Cart › totals are summed", "src/cart.test.js", "Cart", "totals are summed", "jest"),
        TestId("Cart › count › counts items", "src/cart.test.js", "Cart › count", "counts items", "jest"),
        TestId("src/price.test.js", "src/price.test.js", None, None, "jest"),
        TestId("price is positive", "src/price.test.js", None, "price is positive", "jest"),
    ],
    "javascript/jest_color.txt": [
        TestId("src/price.test.js", "src/price.test.js", None, None, "jest"),
        TestId("price is positive", "src/price.test.js", None, "price is positive", "jest"),
    ],
    "jvm/surefire3_junit5.txt": [
        TestId("com.acme.CartTest", None, "com.acme.CartTest", None, "surefire"),
        TestId("com.acme.CartTest.testTotal", None, "com.acme.CartTest", "testTotal", "surefire"),
        TestId("testCount()", None, "com.acme.CartTest", "testCount", "surefire"),
        TestId("CartTest.testTotal", None, "CartTest", "testTotal", "surefire"),
    ],
    "jvm/surefire_junit4.txt": [
        TestId("com.acme.CartTest", None, "com.acme.CartTest", None, "surefire"),
        TestId("testCount(com.acme.CartTest)", None, "com.acme.CartTest", "testCount", "surefire"),
        TestId("testTotal(com.acme.CartTest)", None, "com.acme.CartTest", "testTotal", "surefire"),
        TestId("CartTest.testTotal", None, "CartTest", "testTotal", "surefire"),
        TestId("CartTest.testCount", None, "CartTest", "testCount", "surefire"),
    ],
    "jvm/surefire_junit5.txt": [
        TestId("com.acme.CartTest", None, "com.acme.CartTest", None, "surefire"),
        TestId("testCount", None, "com.acme.CartTest", "testCount", "surefire"),
        TestId("testTotal", None, "com.acme.CartTest", "testTotal", "surefire"),
        TestId("CartTest.testTotal", None, "CartTest", "testTotal", "surefire"),
        TestId("CartTest.testCount", None, "CartTest", "testCount", "surefire"),
    ],
    "mixed/generic_failed.txt": [
        TestId("shop.cart_spec.total_is_summed", None, "shop.cart_spec", "total_is_summed", "generic"),
        TestId("spec/cart_spec.lua", "spec/cart_spec.lua", None, None, "generic"),
    ],
    "mixed/interleaved_go_jest.txt": [
        TestId("TestBalance", None, "example.com/shop/ledger", "TestBalance", "go"),
        TestId("src/cart.test.js", "src/cart.test.js", None, None, "jest"),
        TestId("TestBalance/negative", None, "example.com/shop/ledger", "TestBalance", "go"),
        TestId("Cart › totals are summed", "src/cart.test.js", "Cart", "totals are summed", "jest"),
        TestId("TestPost", None, "example.com/shop/ledger", "TestPost", "go"),
        TestId("TestTotal", None, "example.com/shop/cart", "TestTotal", "go"),
        TestId("TestTotal/empty", None, "example.com/shop/cart", "TestTotal", "go"),
        TestId("Cart › count › counts items", "src/cart.test.js", "Cart › count", "counts items", "jest"),
        TestId("src/price.test.js", "src/price.test.js", None, None, "jest"),
        TestId("price is positive", "src/price.test.js", None, "price is positive", "jest"),
    ],
    "php/phpunit.txt": [
        TestId("Tests\\Unit\\CartTest::testEmpty", None, "Tests\\Unit\\CartTest", "testEmpty", "phpunit"),
        TestId("Tests\\Unit\\CartTest::testTotal", None, "Tests\\Unit\\CartTest", "testTotal", "phpunit"),
        TestId(
            'Tests\\Unit\\CartTest::testPrices with data set "one" (1)',
            None,
            "Tests\\Unit\\CartTest",
            "testPrices",
            "phpunit",
        ),
    ],
    "php/phpunit_color.txt": [
        TestId("Tests\\Unit\\CartTest::testEmpty", None, "Tests\\Unit\\CartTest", "testEmpty", "phpunit"),
        TestId("Tests\\Unit\\CartTest::testTotal", None, "Tests\\Unit\\CartTest", "testTotal", "phpunit"),
        TestId(
            'Tests\\Unit\\CartTest::testPrices with data set "one" (1)',
            None,
            "Tests\\Unit\\CartTest",
            "testPrices",
            "phpunit",
        ),
    ],
    "python/pytest_color.txt": [
        TestId("tests/test_cart.py::test_reorder", "tests/test_cart.py", None, "test_reorder", "pytest"),
    ],
    "python/pytest_long.txt": [
        TestId(
            "tests/test_cart.py::TestCart::test_total",
            "tests/test_cart.py",
            "TestCart",
            "test_total",
            "pytest",
        ),
        TestId(
            "tests/test_cart.py::TestCart::test_empty",
            "tests/test_cart.py",
            "TestCart",
            "test_empty",
            "pytest",
        ),
        TestId("tests/test_cart.py::test_pair[1-2]", "tests/test_cart.py", None, "test_pair", "pytest"),
        TestId("tests/test_cart.py::test_reorder", "tests/test_cart.py", None, "test_reorder", "pytest"),
    ],
    "python/pytest_short.txt": [
        TestId(
            "tests/test_cart.py::TestCart::test_total",
            "tests/test_cart.py",
            "TestCart",
            "test_total",
            "pytest",
        ),
        TestId(
            "tests/test_cart.py::TestCart::test_empty",
            "tests/test_cart.py",
            "TestCart",
            "test_empty",
            "pytest",
        ),
        TestId("tests/test_cart.py::test_pair[1-2]", "tests/test_cart.py", None, "test_pair", "pytest"),
        TestId("tests/test_cart.py::test_reorder", "tests/test_cart.py", None, "test_reorder", "pytest"),
    ],
    "python/unittest.txt": [
        TestId(
            "tests.test_unit.CartTest.test_rate", None, "tests.test_unit.CartTest", "test_rate", "unittest"
        ),
        TestId(
            "tests.test_unit.CartTest.test_total", None, "tests.test_unit.CartTest", "test_total", "unittest"
        ),
    ],
    "python/unittest_py310.txt": [
        TestId(
            "shop.tests.test_cart.CartTest.test_total",
            None,
            "shop.tests.test_cart.CartTest",
            "test_total",
            "unittest",
        ),
        TestId(
            "shop.tests.test_cart.CartTest.test_rate",
            None,
            "shop.tests.test_cart.CartTest",
            "test_rate",
            "unittest",
        ),
    ],
    "rust/cargo_doctest.txt": [
        TestId("src/lib.rs - documented (line 3)", "src/lib.rs", None, "documented", "cargo"),
    ],
    "rust/cargo_test.txt": [
        TestId("cart::tests::sums_prices", None, "cart::tests", "sums_prices", "cargo"),
        TestId("cart::tests::empty", None, "cart::tests", "empty", "cargo"),
    ],
    "rust/cargo_test_crlf.txt": [
        TestId("cart::tests::sums_prices", None, "cart::tests", "sums_prices", "cargo"),
        TestId("cart::tests::empty", None, "cart::tests", "empty", "cargo"),
    ],
    "rust/cargo_test_quiet.txt": [
        TestId("cart::tests::empty", None, "cart::tests", "empty", "cargo"),
        TestId("cart::tests::sums_prices", None, "cart::tests", "sums_prices", "cargo"),
    ],
    "ruby/rspec.txt": [
        TestId("Cart sums prices", None, None, "Cart sums prices", "rspec"),
        TestId("Cart raises on empty carts", None, None, "Cart raises on empty carts", "rspec"),
        TestId("Cart sums prices", "spec/cart_spec.rb", None, "Cart sums prices", "rspec"),
        TestId(
            "Cart raises on empty carts", "spec/cart_spec.rb", None, "Cart raises on empty carts", "rspec"
        ),
    ],
    # node's spec reporter: each failed test in the tree, then in the summary under its file
    "javascript/node_test_spec.txt": [
        TestId("sums prices", None, None, "sums prices", "node"),
        TestId("cart totals", None, None, "cart totals", "node"),
        TestId("rejects bad items", None, None, "rejects bad items", "node"),
        TestId("sums prices", "test/cart.test.js", None, "sums prices", "node"),
        TestId("rejects bad items", "test/cart.test.js", None, "rejects bad items", "node"),
    ],
    # TAP: node --test's, node-tap's (an assertion's 'not ok' too), Vitest's (a file's own, then its tests)
    "javascript/node_test_tap.txt": [TestId("total sums prices", None, None, "total sums prices", "tap")],
    "javascript/tap.txt": [
        TestId("should be equal", None, None, "should be equal", "tap"),
        TestId("sums prices", None, None, "sums prices", "tap"),
        TestId("price must be positive", None, None, "price must be positive", "tap"),
        TestId("discounts", None, None, "discounts", "tap"),
        TestId("price.test.js", "price.test.js", None, None, "tap"),
    ],
    "javascript/vitest_tap.txt": [
        TestId("test/cart.test.ts", "test/cart.test.ts", None, None, "tap"),
        TestId("cart", None, None, "cart", "tap"),
        TestId("sums items", None, None, "sums items", "tap"),
        TestId("checkout rejects negative", None, None, "checkout rejects negative", "tap"),
    ],
    "ruby/minitest.txt": [
        TestId("TestCart#test_empty", None, "TestCart", "test_empty", "minitest"),
        TestId("TestCart#test_total", "test/test_cart.rb", "TestCart", "test_total", "minitest"),
    ],
    # capture.sh bats, exunit, prove, ctestprogress: each failure's file where the runner names it below
    "shell/bats_tap.txt": [
        TestId("total adds two prices", "test/cart.bats", None, "total adds two prices", "tap")
    ],
    "elixir/exunit_failure.txt": [
        TestId(
            "ShopTest test total adds the prices",
            "test/shop_test.exs",
            "ShopTest",
            "test total adds the prices",
            "exunit",
        )
    ],
    "perl/prove_failure.txt": [
        TestId("total adds the prices", "t/cart.t", None, "total adds the prices", "perl"),
        TestId("t/cart.t", "t/cart.t", None, None, "perl"),
    ],
    "c/ctest_progress.txt": [TestId("cart_total", None, None, "cart_total", "ctest")],
    "dart/dart_test.txt": [TestId("Cart totals are summed", None, None, "Cart totals are summed", "dart")],
    "csharp/dotnet_test.txt": [
        TestId("Shop.Tests.CartTests.TotalIsSummed", None, "Shop.Tests.CartTests", "TotalIsSummed", "vstest")
    ],
    "elixir/exunit.txt": [
        TestId(
            "Shop.CartTest test total of two",
            "test/cart_test.exs",
            "Shop.CartTest",
            "test total of two",
            "exunit",
        ),
        TestId(
            "Shop.CartTest test reorder of nothing",
            "test/cart_test.exs",
            "Shop.CartTest",
            "test reorder of nothing",
            "exunit",
        ),
    ],
    "javascript/bun_test_annotations.txt": [
        TestId("cart > sums items", None, "cart", "sums items", "generic"),
        TestId("cart > checkout rejects negative", None, "cart", "checkout rejects negative", "generic"),
    ],
    # capture.sh testthat: a failed expectation and an error, each reporter's heading
    **dict.fromkeys(
        ("r/testthat_progress.txt", "r/testthat_check.txt"),
        [
            TestId("total adds the tax", "test-cart.R", None, "total adds the tax", "testthat"),
            TestId(
                "an empty cart fails loudly", "test-cart.R", None, "an empty cart fails loudly", "testthat"
            ),
        ],
    ),
}


@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_fixture_test_ids(name):
    assert parse_test_ids(evidence(name)) == EXPECTED[name]


def test_go_package_without_failing_tests_is_reported():
    assert parse_test_ids("FAIL\texample.com/shop/cart [build failed]\n") == [
        TestId("example.com/shop/cart", None, "example.com/shop/cart", None, "go")
    ]


def test_pytest_xdist_prefix_and_error_lines():
    text = (
        "[gw1] [ 50%] FAILED tests/test_a.py::test_b[x - y]\nERROR tests/test_c.py::TestD::test_e - fixture\n"
    )
    assert parse_test_ids(text) == [
        TestId("tests/test_a.py::test_b[x - y]", "tests/test_a.py", None, "test_b", "pytest"),
        TestId("tests/test_c.py::TestD::test_e", "tests/test_c.py", "TestD", "test_e", "pytest"),
    ]


def test_vitest_file_and_title_on_one_line():
    assert parse_test_ids(" FAIL  src/cart.test.ts > Cart > totals are summed") == [
        TestId("Cart > totals are summed", "src/cart.test.ts", "Cart", "totals are summed", "jest")
    ]


def test_jest_suite_that_failed_to_run_is_not_a_test():
    assert parse_test_ids("FAIL src/a.test.ts\n  ● Test suite failed to run\n") == [
        TestId("src/a.test.ts", "src/a.test.ts", None, None, "jest")
    ]


@pytest.mark.parametrize(
    "line",
    [
        "FAILED (failures=1, errors=1)",
        "test result: FAILED. 0 passed; 2 failed",
        "FAILED: build/cart.o",
        "[ERROR] Failed to execute goal org.apache.maven.plugins:maven-surefire-plugin:2.22.3:test",
        "[ERROR] Tests run: 3, Failures: 1, Errors: 1, Skipped: 0",
        "FAIL",
    ],
)
def test_summaries_are_not_test_ids(line):
    assert parse_test_ids(line) == []


def test_a_tap_directive_todo_or_skip_is_no_failure():
    text = "not ok 1 - refunds # TODO not built\nnot ok 2 - ships # SKIP no network\nnot ok 3 - totals # time=2ms\n"
    assert [t.name for t in parse_test_ids(text)] == ["totals"]
    # a row of node's spec reporter without its duration is no test's
    assert parse_test_ids("✖ 4 problems (3 errors, 1 warning)\n") == []


def test_surefire_summary_with_one_space():
    assert parse_test_ids("[ERROR] CartTest.testTotal:12 expected:<3> but was:<4>") == [
        TestId("CartTest.testTotal", None, "CartTest", "testTotal", "surefire")
    ]


def test_a_minitest_spec_s_describe_words_name_its_class():
    ids = parse_test_ids(evidence("ruby/minitest_describe.txt"))
    assert [(t.suite, t.name, t.file) for t in ids] == [
        ("Array::when empty", "test_0001_totals nothing", "test/cart_spec.rb"),
        ("cart-totals", "test_0001_adds two prices", "test/cart_spec.rb"),
    ]
    # without the place in brackets such words are a sentence's
    assert parse_test_ids("  1) Error:\nPlease see the suite named foo#test_bar:\n") == []


def test_mocha_s_failure_list_its_titles_a_part_a_line():
    ids = parse_test_ids(evidence("javascript/mocha_failing.txt"))
    assert [(t.suite, t.name, t.framework) for t in ids] == [
        ("cart", "totals nothing when empty", "mocha"),
        ("cart with two items", "sums their prices", "mocha"),
    ]
    # before mocha's 'failing' header, a numbered line is no title
    assert parse_test_ids("  1) cart\n       sums items:\n") == []


@pytest.mark.parametrize(
    "line, test, file",
    [
        (
            "── 1. Failure: total adds the tax (@test-cart.R#4)  ──────────",
            "total adds the tax",
            "test-cart.R",
        ),
        (" 1. Error: etl nyctaxi (@test-nyctaxi.R#9)", "etl nyctaxi", "test-nyctaxi.R"),
        (
            "  7. Failure (at test-iso8601.r#144): Pelago non-matching",
            "Pelago non-matching",
            "test-iso8601.r",
        ),
        (
            "Failure ('test-expect-header.R:120:5'): expect_header works",
            "expect_header works",
            "test-expect-header.R",
        ),
        ("ERROR (test-that.R:111:5): failure", "failure", "test-that.R"),
    ],
)
def test_testthat_s_headings_of_every_release(line, test, file):
    assert parse_test_ids(line + "\n") == [TestId(test, file, None, test, "testthat")]
    # a warning is no failed test
    assert parse_test_ids("── Warning ('test-api.R:12:3'): old api ──\n") == []


def test_forge_s_failed_tests_under_their_contract():
    text = (
        "Ran 2 tests for test/Counter.t.sol:CounterTest\n"
        "[FAIL. Reason: Invalid data Counterexample: calldata=0x5c7f, args=[0]] testFuzz_SetNumber(uint256)"
        " (runs: 0, μ: 0, ~: 0)\n"
        "[PASS] testIncrement() (gas: 31303)\n"
        "Encountered 1 failing test in test/Vault.t.sol:VaultTest\n"
        "[FAIL: assertion failed: 1 != 2] testWithdraw() (gas: 3070)\n"
    )
    assert parse_test_ids(text) == [
        TestId("testFuzz_SetNumber", "test/Counter.t.sol", "CounterTest", "testFuzz_SetNumber", "forge"),
        TestId("testWithdraw", "test/Vault.t.sol", "VaultTest", "testWithdraw", "forge"),
    ]


# Failed tests a survey of test runners' output pasted into public issues found unread (runners or
# releases that do not run here).
@pytest.mark.parametrize(
    "text, expected",
    [
        # Surefire before 3.0: the test's line without '[ERROR] ', and the summary's list
        (
            "total(com.acme.CartTest)  Time elapsed: 0.023 sec  <<< FAILURE!\n",
            [("com.acme.CartTest", "total", None)],
        ),
        (
            "Results :\n\nFailed tests:   total(com.acme.CartTest): expected:<3> but was:<4>\n"
            "  count(com.acme.OrdersTest): expected:<1> but was:<2>\n\nTests run: 9, Failures: 2\n",
            [("com.acme.CartTest", "total", None), ("com.acme.OrdersTest", "count", None)],
        ),
        # TestNG through Gradle, the JUnit Platform's console launcher
        (
            "Gradle suite > Gradle test > com.acme.LatticeTest.testCompare FAILED\n",
            [("com.acme.LatticeTest", "testCompare", None)],
        ),
        ("Failures (1):\n  JUnit Jupiter:CartTest:testTotal()\n", [("CartTest", "testTotal", None)]),
        # cargo-nextest
        (
            "        FAIL [  19.954s] server::organization test_authorization\n",
            [("server::organization", "test_authorization", None)],
        ),
        # bats' pretty formatter, bun test's
        (
            " ✗ verify bad yaml\n   (in test file test/lint.bats, line 27)\n",
            [(None, "verify bad yaml", "test/lint.bats")],
        ),
        ("✗ run() [7.16ms]\n", [(None, "run()", None)]),
        # Test::More on one line (its '#' off), Pester
        (
            "Failed test 'hbeat count' at t/07-client.t line 187. got: '4' expected: '3'\n",
            [(None, "hbeat count", "t/07-client.t")],
        ),
        (
            "      [-] Should return the verbose message 122ms\n",
            [(None, "Should return the verbose message", None)],
        ),
        # dart test's compact reporter
        (
            "00:02 +3 -1: test/cart_test.dart: total adds the tax [E]\n",
            [(None, "total adds the tax", "test/cart_test.dart")],
        ),
        # go test's timeout: the tests still running
        (
            "panic: test timed out after 10m0s\n\trunning tests:\n\t\tTestSync (10m0s)\n\t\tTestFetch/retry (9m59s)\n",
            [(None, "TestSync", None), (None, "TestFetch", None)],
        ),
        # vstest before .NET Core 3, xUnit's runner
        ("Failed   Sample.Tests.UnitTest1.FailingTest\n", [("Sample.Tests.UnitTest1", "FailingTest", None)]),
        (
            "[xUnit.net 00:00:00.52]     Shop.Tests.CartTests.Sum [FAIL]\n",
            [("Shop.Tests.CartTests", "Sum", None)],
        ),
        # unittest's rule made a heading by a forge
        (
            "## FAIL: test_total (shop.tests.CartTest)\n",
            [("shop.tests.CartTest", "test_total", None)],
        ),
    ],
)
def test_failed_tests_a_survey_of_runners_found_unread(text, expected):
    assert [(t.suite, t.name, t.file) for t in parse_test_ids(text)] == expected


@pytest.mark.parametrize(
    "line",
    [
        "ok 2 total of one price",
        "✗ Build failed in 27ms",  # Vite's
        "  count(com.acme.OrdersTest): expected:<1> but was:<2>",  # outside a summary's list
        "        PASS [   0.004s] server::organization test_listing",
        "      [+] Should return False 8ms",
        "2/2 Test #2: cart_empty .......................   Passed    0.00 sec",
        "\t\tTestSync (10m0s)",  # no timeout above it
        "Failed to restore packages.",
        "Passed   Sample.Tests.UnitTest1.PassingTest",
    ],
)
def test_passed_tests_and_lookalikes_are_no_failures(line):
    assert parse_test_ids(line + "\n") == []
