"""Failing test ids in test-runner output: Go, pytest, unittest, cargo, PHPUnit, Surefire, Gradle,
Jest, googletest, CTest, RSpec, minitest, Cucumber, mocha, TAP, node --test, testthat, forge, ExUnit,
bats, bun, cargo-nextest, TestNG, the JUnit Platform, Test::More, Pester, dart test, dotnet test, xUnit, the
Redis test suite.

`parse_test_ids` reads untrusted text line by line against one table entry per format (a compiled
regex plus a small builder). Some runners print context on another line and the builders read it
from a small state: Go names the package after its tests (`FAIL\texample.com/shop/cart\t0.01s`),
Jest and Surefire name the file or class before them, mocha writes a title's parts a line each.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from .._record import Frozen, Record, field, replace
from ..lazyre import LazyPattern
from ._text import clean_path, evidence_lines

__all__ = ["TestId", "parse_test_ids"]


class TestId(Frozen):
    __test__ = False  # pytest: not a test class, despite its name

    raw: str
    file: str | None
    suite: str | None
    name: str | None
    framework: str


class _State(Record):
    ids: list[TestId] = field(default_factory=list)
    go_pending: list[int] = field(default_factory=list)  # Go ids still waiting for their package
    jest_file: str | None = None
    surefire_class: str | None = None
    rspec_failures: bool = False  # after RSpec's 'Failures:' header, '  1) …' rows name examples
    mocha_failing: bool = False  # after mocha's '  2 failing', '  1) …' rows start titles
    mocha_title: list[str] | None = None  # the title path of a failure so far
    node_test_file: str | None = None  # the file node --test's summary names above a failed test
    forge_suite: tuple[str, str] | None = None  # the file and contract forge names above its tests
    surefire_list: bool = False  # under Surefire 2's 'Failed tests:' or 'Tests in error:'
    go_running: bool = False  # under go test's timeout's 'running tests:'
    file_below: int | None = None  # the id whose file the next line names (ExUnit's, bats')


# go test: '--- FAIL: TestTotal/empty (0.00s)', then the package 'FAIL\texample.com/shop/cart\t0.005s'.
_GO_TEST = LazyPattern(r"^\s{0,40}--- FAIL: (?P<id>\S{1,1000}) \([\d.]{1,20}s\)$")
_GO_PACKAGE = LazyPattern(r"^FAIL\s(?P<pkg>\S{1,1000})\s(?:[\d.]{1,20}s|\[[\w ]{1,40}\])$")


def _go_test(m: re.Match[str], state: _State) -> None:
    state.go_pending.append(len(state.ids))
    state.ids.append(TestId(m["id"], None, None, m["id"].partition("/")[0], "go"))


def _go_package(m: re.Match[str], state: _State) -> None:
    package = m["pkg"]
    if not state.go_pending:  # a package that failed without a failing test (a build failure)
        state.ids.append(TestId(package, None, package, None, "go"))
    for index in state.go_pending:
        state.ids[index] = replace(state.ids[index], suite=package)
    state.go_pending.clear()


# pytest: 'FAILED tests/test_cart.py::TestCart::test_total - AssertionError…' (summary, also after
# xdist's '[gw0] [ 50%] '), and 'tests/test_cart.py::test_pair[1-2] FAILED   [ 60%]' (-v); ERROR alike.
_PYTEST_ID = r"(?P<id>[^\s\[]{1,1000}?::[^\s\[]{1,1000}(?:\[.{0,500}?\])?)"
_PYTEST_SUMMARY = LazyPattern(
    r"^(?:\[gw\d{1,4}\] \[\s{0,3}\d{1,3}%\] )?(?:FAILED|ERROR) " + _PYTEST_ID + r"(?: - .{0,4000})?$"
)
_PYTEST_VERBOSE = LazyPattern(r"^" + _PYTEST_ID + r" (?:FAILED|ERROR)(?:\s{1,80}\[\s{0,3}\d{1,3}%\])?$")


def _pytest(m: re.Match[str], state: _State) -> None:
    raw = m["id"]
    head = raw.partition("[")[0]
    parts = head.split("::")
    state.ids.append(TestId(raw, clean_path(parts[0]), "::".join(parts[1:-1]) or None, parts[-1], "pytest"))


# unittest: 'FAIL: test_total (shop.tests.test_cart.CartTest.test_total)' (3.11+), and before 3.11
# 'ERROR: test_total (shop.tests.test_cart.CartTest)'; a forge's rendering made its rule a heading
# ('## FAIL: …').
_UNITTEST = LazyPattern(
    r"^(?:#{1,6} )?(?:FAIL|ERROR|UNEXPECTED SUCCESS): (?P<name>\w{1,300}) \((?P<qual>[\w.]{1,1000})\)"
)


def _unittest(m: re.Match[str], state: _State) -> None:
    name, qual = m["name"], m["qual"]
    suite = qual.removesuffix("." + name)
    state.ids.append(TestId(f"{suite}.{name}", None, suite, name, "unittest"))


# cargo test: 'test cart::tests::total ... FAILED', '---- cart::tests::total stdout ----', quiet
# mode's 'cart::tests::total --- FAILED', and doc tests 'src/lib.rs - Cart::total (line 12)'.
_CARGO = LazyPattern(
    r"^(?:test (?P<a>\S.{0,1000}?) \.\.\. FAILED|---- (?P<b>\S.{0,1000}?) stdout ----|(?P<c>[\w:]{1,1000}) --- FAILED)$"
)
_DOCTEST = LazyPattern(r"^(?P<file>\S{1,1000}\.rs) - (?P<item>.{1,1000}?)(?: \(line \d{1,9}\))?$")


def _cargo(m: re.Match[str], state: _State) -> None:
    raw = m["a"] or m["b"] or m["c"]
    doc = _DOCTEST.match(raw)
    path, item = (clean_path(doc["file"]), doc["item"]) if doc else (None, raw)
    suite, _, name = item.rpartition("::")
    state.ids.append(TestId(raw, path, suite or None, name, "cargo"))


# PHPUnit: '1) Tests\Unit\CartTest::testTotal', maybe followed by ' with data set "one" (1)'.
_PHPUNIT = LazyPattern(
    r"^\d{1,6}\) (?P<suite>[\w\\]{1,500})::(?P<name>\w{1,300})(?: with data set .{1,500})?$"
)


def _phpunit(m: re.Match[str], state: _State) -> None:
    state.ids.append(TestId(m[0].partition(") ")[2], None, m["suite"], m["name"], "phpunit"))


# Surefire: the class line 'Tests run: 3, Failures: 1, … <<< FAILURE! - in com.acme.CartTest'
# ('-- in' since 3.0), the per-test lines '[ERROR] testTotal(com.acme.CartTest)  Time elapsed: …
# <<< FAILURE!' (JUnit 4), '[ERROR] testTotal  Time…' or 'testTotal()' (JUnit 5, class from the line
# before), '[ERROR] com.acme.CartTest.testTotal -- Time…' (3.x), and the summary
# '[ERROR]   CartTest.testTotal:8 expected:<3> but was:<4>'; before 3.0 without '[ERROR] ', the summary
# a list under 'Failed tests:' or 'Tests in error:' ('Failed tests:   total(com.acme.CartTest): …').
_SUREFIRE_CLASS = LazyPattern(
    r"Tests run: \d{1,9}, .{0,300}<<< (?:FAILURE|ERROR)! --? in (?P<cls>[\w$.]{1,1000})$"
)
_SUREFIRE_TEST = LazyPattern(
    r"^(?:\[ERROR\] )?(?P<id>\S.{0,1000}?)(?: --|\s{1,4}) ?Time elapsed: .{0,200}<<< (?:FAILURE|ERROR)!$"
)
_SUREFIRE_SUMMARY = LazyPattern(
    r"^\[ERROR\]\s{1,8}(?P<suite>(?:[\w$]{1,200}\.){0,30}[A-Z][\w$]{0,200})\.(?P<name>[\w$]{1,300})(?:\([^()]{0,200}\))?(?:\[\d{1,6}\])?(?::\d{1,9}|(?= |$))"
)
_JUNIT4_ID = LazyPattern(r"^(?P<name>[^()\s]{1,300})\((?P<cls>[\w$.]{1,1000})\)$")


def _surefire_class(m: re.Match[str], state: _State) -> None:
    state.surefire_class = m["cls"]
    state.ids.append(TestId(m["cls"], None, m["cls"], None, "surefire"))


def _surefire_test(m: re.Match[str], state: _State) -> None:
    raw = m["id"]
    junit4 = _JUNIT4_ID.match(raw)
    if junit4:
        suite, name = junit4["cls"], junit4["name"]
    elif "." in raw and " " not in raw:
        suite, _, name = raw.rpartition(".")
    else:
        suite, name = state.surefire_class, raw.removesuffix("()")
    state.ids.append(TestId(raw, None, suite, name, "surefire"))


_SUREFIRE_LISTED = LazyPattern(
    r"^(?:Failed tests:|Tests in error:)?\s{1,8}(?P<name>[\w$]{1,300})\((?P<cls>[\w$.]{1,1000})\)(?::.{0,4000})?$"
)
_SUREFIRE_LISTS = ("Failed tests:", "Tests in error:")


def _surefire_listed(m: re.Match[str], state: _State) -> None:
    if state.surefire_list:
        state.ids.append(TestId(f"{m['cls']}.{m['name']}", None, m["cls"], m["name"], "surefire"))


def _surefire_summary(m: re.Match[str], state: _State) -> None:
    state.ids.append(TestId(f"{m['suite']}.{m['name']}", None, m["suite"], m["name"], "surefire"))


# Jest: 'FAIL src/cart.test.ts (5 ms)' names the file, '● Cart › totals are summed' a test in it;
# Vitest prints ' FAIL  src/cart.test.ts > Cart > totals are summed'.
_JEST_FILE = LazyPattern(
    r"^\s{0,8}FAIL\s{1,4}(?P<file>[^\s(>][^\s]{0,1000}?\.\w{1,10})(?: > (?P<title>.{1,2000}?))?(?:\s{1,4}\([\d.]{1,12} ?m?s\))?$"
)
_JEST_TEST = LazyPattern(r"^\s{0,8}● (?P<title>\S.{0,2000})$")
_JEST_NOT_A_TEST = "Test suite failed to run"


def _jest_title(title: str, separator: str, state: _State) -> None:
    *suite, name = title.split(separator)
    state.ids.append(TestId(title, state.jest_file, separator.join(suite) or None, name, "jest"))


def _jest_file(m: re.Match[str], state: _State) -> None:
    state.jest_file = clean_path(m["file"])
    if m["title"]:
        _jest_title(m["title"], " > ", state)
    else:
        state.ids.append(TestId(m["file"], state.jest_file, None, None, "jest"))


def _jest_test(m: re.Match[str], state: _State) -> None:
    if m["title"] != _JEST_NOT_A_TEST:
        _jest_title(m["title"], " › ", state)


# Gradle: 'com.acme.OrdersTest > total FAILED' (also for a nested class or a display name).
# TestNG's run by Gradle names its suite and test, then the method ('Gradle suite > Gradle test >
# com.acme.OrdersTest.total FAILED').
_GRADLE = LazyPattern(
    r"^\s{0,8}(?:Gradle suite > Gradle test > (?P<qual>[\w$.]{1,1000})|(?P<suite>[\w$.]{1,1000}) > (?P<name>\S.{0,1000}?)) FAILED$"
)


def _gradle(m: re.Match[str], state: _State) -> None:
    if m["qual"]:
        suite, _, name = m["qual"].rpartition(".")
        state.ids.append(TestId(m["qual"], None, suite or None, name, "testng"))
    else:
        state.ids.append(TestId(f"{m['suite']} > {m['name']}", None, m["suite"], m["name"], "gradle"))


# The JUnit Platform's console launcher, under 'Failures (1):': '  JUnit Jupiter:CartTest:total()'.
_JUNIT_PLATFORM = LazyPattern(
    r"^\s{2,8}JUnit (?:Jupiter|Vintage):(?P<cls>[\w$.]{1,1000}):(?P<name>[\w$]{1,300})\([^()]{0,500}\)$"
)


def _junit_platform(m: re.Match[str], state: _State) -> None:
    state.ids.append(TestId(f"{m['cls']}.{m['name']}", None, m["cls"], m["name"], "junit"))


# cargo-nextest: '        FAIL [  19.954s] server::organization test_authorization' (the test binary,
# then the test), a crash's signal or a timeout in FAIL's place.
_NEXTEST = LazyPattern(
    r"^\s{0,16}(?:FAIL|SIGSEGV|SIGABRT|SIGKILL|ABORT|TIMEOUT|LEAK-FAIL)\s{1,4}\[\s{0,8}[\d.]{1,12}s\] (?P<binary>\S{1,500}) (?P<test>\S{1,1000})$"
)


def _nextest(m: re.Match[str], state: _State) -> None:
    suite, _, name = m["test"].rpartition("::")
    state.ids.append(TestId(m["test"], None, suite or m["binary"], name, "nextest"))


# ExUnit: '  1) test apply (AsserttestTest)', its file and line on the line below
# ('     test/asserttest_test.exs:4').
_EXUNIT = LazyPattern(r"^\s{2,8}\d{1,6}\) test (?P<name>\S.{0,1000}?) \((?P<module>[\w.]{1,500})\)$")
_EXUNIT_FILE = LazyPattern(r"^\s{3,16}(?P<file>\S{1,1000}\.exs?):\d{1,9}$")


def _exunit(m: re.Match[str], state: _State) -> None:
    state.file_below = len(state.ids)
    state.ids.append(
        TestId(f"{m['module']} test {m['name']}", None, m["module"], f"test {m['name']}", "exunit")
    )


# A failed test marked with a cross: bats' ' ✗ verify bad yaml' (its file on the line below,
# `BATS_PLACE`), bun test's '✗ run() [7.16ms]' ('(fail) run() [7.16ms]' without a
# terminal); not Vite's '✗ Build failed in 27ms'.
_CROSSED = LazyPattern(
    r"^\s{0,8}(?:✗|\(fail\)) (?P<name>(?!Build failed )\S.{0,1000}?)(?: \[[\d.]{1,12}m?s\])?$"
)
# bats' place of a failed test, on the line below it ('   (in test file test/cart.bats, line 27)', a
# setup's '(from function `setup' in test file …, line 4)'; '# ' before it in TAP): the test's file here,
# a place to the diagnostics.
BATS_PLACE = LazyPattern(
    r"^(?:#\s{0,4}|\s{0,16})\((?:from function `[^']{1,300}' )?in (?:test )?file (?P<file>\S{1,1000}), line (?P<line>\d{1,9})\)$"
)


def _crossed(m: re.Match[str], state: _State) -> None:
    state.file_below = len(state.ids)
    *suite, name = m["name"].split(" > ")  # bun's describe blocks
    state.ids.append(TestId(m["name"], None, " > ".join(suite) or None, name, "generic"))


# Perl's Test::More and prove: a failed test and its file's line ('#   Failed test 'total'' then '#   at
# t/cart.t line 7.'; on one line 'Failed test 'hbeat count' at t/07-client.t line 187.'), prove's
# summary of a failed file ('t/cart.t (Wstat: 256 (exited 1) Tests: 2 Failed: 1)').
_PERL_FAILED = LazyPattern(
    r"^#?\s{0,4}Failed test (?:'(?P<name>.{0,1000}?)'\s{0,4})?(?:(?:at|in) (?P<file>\S{1,1000}) (?:at )?line \d{1,9}\.|$)"
    r"|^(?P<summary>\S{1,1000}\.t)\s{1,40}\(Wstat: \d{1,6}(?: \([^()]{0,40}\))? Tests: \d{1,9} Failed: [1-9]\d{0,8}\)$"
)
_PERL_AT = LazyPattern(r"^#?\s{0,4}at (?P<file>\S{1,1000}) line \d{1,9}\.$")


def _perl_failed(m: re.Match[str], state: _State) -> None:
    path = m["file"] or m["summary"]
    file = clean_path(path) if path else None
    if file is None and not m["name"]:
        return
    if file is None:  # '#   Failed test 'name'', its place on the line below ('#   at t/cart.t line 7.')
        state.file_below = len(state.ids)
    state.ids.append(TestId(m["name"] or file or "", file, None, m["name"], "perl"))


# Pester: '      [-] Should return the message 122ms' (Pester 5: '[-] … 122ms (99ms|23ms)').
_PESTER = LazyPattern(r"^\s{0,40}\[-\] (?P<name>\S.{0,1000}?) \d{1,7}(?:ms|s)(?: \(\S{1,60}\))?$")


def _pester(m: re.Match[str], state: _State) -> None:
    state.ids.append(TestId(m["name"], None, None, m["name"], "pester"))


# CTest's progress: '  1/1129 Test   #1: QuicTransportTest.WriteData ......***Failed    0.03 sec'.
_CTEST_PROGRESS = LazyPattern(
    r"^\s{0,8}\d{1,6}/\d{1,6} Test\s{1,6}#\d{1,6}: (?P<name>\S{1,1000}) \.{0,400}\s{0,4}"
    r"(?:\*{3}(?:Failed|Exception|Timeout)|Subprocess aborted|Child aborted|\*{3}Not Run)"
)


def _ctest_progress(m: re.Match[str], state: _State) -> None:
    state.ids.append(TestId(m["name"], None, None, m["name"], "ctest"))


# dart test's compact reporter: '00:02 +3 -1: test/cart_test.dart: total adds the tax [E]'.
_DART_TEST = LazyPattern(
    r"^\d{1,3}:\d\d \+\d{1,7}(?: ~\d{1,7})?(?: -\d{1,7})?: (?:(?P<file>\S{1,1000}\.dart): )?(?P<name>\S.{0,2000}?) \[E\]$"
)


def _dart_test(m: re.Match[str], state: _State) -> None:
    file = clean_path(m["file"]) if m["file"] else None
    state.ids.append(TestId(m["name"], file, None, m["name"], "dart"))


# dotnet test (vstest): '  Failed Shop.Tests.CartTests.Total [12 ms]', before .NET Core 3 'Failed
# Shop.Tests.CartTests.Total' (a qualified name: a sentence's 'Failed to …' is none); xUnit's own runner's
# '[xUnit.net 00:00:00.52]     Shop.Tests.CartTests.Total [FAIL]'.
_VSTEST = LazyPattern(
    r"^\s{0,4}(?:Failed {1,3}|\[xUnit\.net [\d:.]{1,20}\]\s{1,12})(?P<qual>[A-Za-z_][\w`<>,+-]{0,300}(?:\.[\w`<>,+-]{1,300}){1,30}(?:\([^()]{0,500}\))?)"
    r"(?: \[(?:\d{1,7} ?m?s|< 1 ms|FAIL)\])?$"
)


def _vstest(m: re.Match[str], state: _State) -> None:
    qual = m["qual"]
    suite, _, name = qual.partition("(")[0].rpartition(".")
    state.ids.append(TestId(qual, None, suite, name, "vstest"))


# go test's timeout panic lists the tests still running below 'running tests:' ('\t\tTestSync (10m0s)').
_GO_RUNNING = LazyPattern(r"^\s{1,16}(?P<name>Test\w{0,300}(?:/\S{1,300})?) \([\dhms.]{1,20}\)$")


# googletest: '[  FAILED  ] ServerTest.GetMethodEmbeddedNUL (0 ms)', parameterized 'Suite/P.Name/0'.
_GTEST = LazyPattern(
    r"^\[  FAILED  \] (?P<suite>[\w/]{1,500})\.(?P<name>[\w/]{1,500})(?:, where .{0,1000}| \(\d{1,9} ms\))?$"
)


def _gtest(m: re.Match[str], state: _State) -> None:
    state.ids.append(TestId(f"{m['suite']}.{m['name']}", None, m["suite"], m["name"], "googletest"))


# CTest's summary: '  1 - approvaltests (Failed)', '  3 - cli_smoke (Timeout)'.
_CTEST = LazyPattern(
    r"^\s{0,12}\d{1,6} - (?P<name>\S{1,1000}) \((?:Failed|Timeout|SEGFAULT|Not Run|Subprocess aborted|Exception|OTHER_FAULT|Child aborted)\)$"
)


def _ctest(m: re.Match[str], state: _State) -> None:
    state.ids.append(TestId(m["name"], None, None, m["name"], "ctest"))


# The Redis (Tcl) test suite: '[err]: XTRIM with MINID option in tests/unit/type/stream.tcl'.
_REDIS = LazyPattern(r"^\[err\]: (?P<name>\S.{0,2000}?)(?: in (?P<file>\S{1,1000}\.tcl))?$")


def _redis(m: re.Match[str], state: _State) -> None:
    file = clean_path(m["file"]) if m["file"] else None
    state.ids.append(TestId(m["name"], file, None, m["name"], "tcl"))


# RSpec's rerun list 'rspec ./spec/cart_spec.rb:4 # Cart sums prices' (or '…_spec.rb[1:1:2] # …'),
# its failure list '  1) Cart sums prices' (under 'Failures:'), and Cucumber's 'cucumber features/x.feature:30 # Scenario: …'.
_RSPEC_RERUN = LazyPattern(
    r"^(?P<tool>rspec|cucumber) (?P<file>\S{1,1000}?\.(?:rb|feature))(?::\d{1,9}|\[[\d:]{1,100}\]) # (?P<name>\S.{0,2000})$"
)
_RSPEC_LIST = LazyPattern(r"^\s{2,8}\d{1,6}\) (?P<name>(?!Failure:$|Error:$)\S.{0,2000})$")


def _rspec_rerun(m: re.Match[str], state: _State) -> None:
    state.ids.append(TestId(m["name"], clean_path(m["file"]), None, m["name"], m["tool"]))


def _rspec_list(m: re.Match[str], state: _State) -> None:
    if state.rspec_failures and "::" not in m["name"]:  # PHPUnit's '1) A\\BTest::testC' is read above
        state.ids.append(TestId(m["name"], None, None, m["name"], "rspec"))


# minitest: 'TestCart#test_total [test/test_cart.rb:6]:' under '  1) Failure:' ('  2) Error:'); a spec's
# class is its describe's words ('cart-totals#test_0001_adds two prices [test/cart_spec.rb:9]:').
_MINITEST = LazyPattern(
    r"^(?P<suite>[^\s#\[\]][^#\[\]]{0,500}?)#(?P<name>test[^\s\[]{0,300}(?: (?!\[).{0,1000}?)?)(?: \[(?P<file>[^\[\]\s]{1,1000}?):\d{1,9}\])?:$"
)


_MINITEST_CLASS = LazyPattern(r"[A-Z][\w:]{0,500}")


def _minitest(m: re.Match[str], state: _State) -> None:
    if not m["file"] and not _MINITEST_CLASS.fullmatch(m["suite"]):
        return  # a describe's words, without the place that marks the line a test's
    file = clean_path(m["file"]) if m["file"] else None
    state.ids.append(TestId(f"{m['suite']}#{m['name']}", file, m["suite"], m["name"], "minitest"))


# Any other runner's 'FAILED <id>' line (pytest's hold '::' and are read above).
_GENERIC = LazyPattern(
    r"^\s{0,8}FAILED\s{1,4}(?P<id>[^\s(:\-][^\s]{0,1000}(?: > [^>]{1,1000}?)*)(?:\s.{0,2000})?$"
)
_GENERIC_SEPARATOR = LazyPattern(r"[.#]|::")
_FILE_ID = LazyPattern(
    r"[/\\]|\.(?:py|js|jsx|mjs|cjs|ts|tsx|go|rb|lua|php|java|kt|scala|rs|c|cc|cpp|cs|swift|dart|exs?|sh|t)$"
)


def _generic(m: re.Match[str], state: _State) -> None:
    raw = m["id"]
    if " > " in raw:  # a Gradle-style 'Class > test' id
        suite, _, name = raw.rpartition(" > ")
        state.ids.append(TestId(raw, None, suite, name, "generic"))
        return
    if _FILE_ID.search(raw):
        state.ids.append(TestId(raw, clean_path(raw), None, None, "generic"))
        return
    name = _GENERIC_SEPARATOR.split(raw)[-1]
    suite = raw[: len(raw) - len(name)].rstrip(".#:") or None
    state.ids.append(TestId(raw, None, suite, name or None, "generic"))


# TAP (node --test, node-tap, Vitest's and AVA's TAP reporters): 'not ok 1 - sums prices # time=24.331ms',
# a subtest indented under its parent, a file's own 'not ok 1 - test/cart.test.ts # time=10.12ms {'. A
# TODO or SKIP directive marks no failure.
_TAP = LazyPattern(
    r"^\s{0,80}not ok \d{1,9}(?: -)? (?P<name>[^#\s].{0,1000}?)(?: # (?P<directive>\S.{0,200}?))?(?: \{)?$"
)
_TAP_NO_FAILURE = ("TODO", "SKIP")


def _tap(m: re.Match[str], state: _State) -> None:
    if m["directive"] and m["directive"].split(None, 1)[0].upper() in _TAP_NO_FAILURE:
        return
    name = m["name"]
    if _FILE_ID.search(name):
        state.ids.append(TestId(name, clean_path(name), None, None, "tap"))
    else:
        state.file_below = len(state.ids)  # bats names the file below: '# (in test file x.bats, line 7)'
        state.ids.append(TestId(name, None, None, name, "tap"))


# node --test's spec reporter: each failed test '✖ sums prices (2.744791ms)', in the tree and again in
# the summary under 'test at test/cart.test.js:6:11', which names its file.
_NODE_TEST = LazyPattern(r"^\s{0,80}✖ (?P<name>\S.{0,1000}?) \([\d.]{1,20}ms\)$")
_NODE_TEST_AT = LazyPattern(r"^test at (?P<file>\S.{0,1000}?):\d{1,9}:\d{1,9}$")


def _node_test(m: re.Match[str], state: _State) -> None:
    file, state.node_test_file = state.node_test_file, None
    state.ids.append(TestId(m["name"], file, None, m["name"], "node"))


# testthat's failed expectation (its test, file and line) in the heading above the message: 3.x's
# 'Failure ('test-cart.R:4'): total adds the tax' (with a column since 3.1.7, 'Error ('test-cart.R:8:3'):
# …', R CMD check's between rules '── Failure ('…'): … ──', the summary reporter's numbered '── 1. Failure
# (…'), 3.0's development releases' 'ERROR (test-that.R:111:5): failure'; 2.x's '── 1. Failure: total
# adds the tax (@test-cart.R#4)  ──', 1.0's '1. Error: etl nyctaxi (@test-nyctaxi.R#9)', 0.11's 'Failure
# (at test-iso8601.r#144): …', 0.8's 'Failure(@test-play.R#30): …'. A warning is no failure.
_TESTTHAT_FILE = r"[^\s'():#]{1,1000}\.[rR]"
TESTTHAT_HEADING = LazyPattern(
    r"^\s{0,8}(?:── )?(?:\d{1,6}\. )?(?P<sev>Failure|Error|Warning|FAILURE|ERROR|WARNING)"
    r"(?: ?\((?:'|@|at )?(?P<path>"
    + _TESTTHAT_FILE
    + r")[:#](?P<line>\d{1,9})(?::(?P<col>\d{1,9}))?'?\):? (?P<name>\S.{0,2000}?)"
    r"|: (?P<name2>\S.{0,2000}?) \(@(?P<path2>" + _TESTTHAT_FILE + r")#(?P<line2>\d{1,9})\))"
    r"(?: {0,4}─{1,400})? {0,4}$"
)


def _testthat(m: re.Match[str], state: _State) -> None:
    if m["sev"].lower() != "warning":
        name, path = m["name"] or m["name2"], m["path"] or m["path2"]
        state.ids.append(TestId(name, clean_path(path), None, name, "testthat"))


# Foundry's forge test: each test's result under its file and contract ('Ran 2 tests for
# test/Counter.t.sol:CounterTest', before 0.2 'Running 2 tests for …', the summary's 'Encountered 1
# failing test in test/Counter.t.sol:CounterTest'), a failure's reason in brackets: '[FAIL: assertion
# failed: 1 != 2] testFun() (gas: 3070)', before 2024 '[FAIL. Reason: …] testFuzz_SetNumber(uint256)
# (runs: 0, μ: 0, ~: 0)'.
_FORGE_SUITE = LazyPattern(
    r"^(?:Ran|Running|Encountered) \d{1,6} (?:failing )?tests? (?:for|in) (?P<file>\S{1,1000}?\.sol):(?P<contract>\w{1,300})$"
)
_FORGE_FAIL = LazyPattern(
    r"^\[FAIL.{0,4000}\] (?P<name>[A-Za-z_]\w{0,300})\([^()]{0,1000}\)(?: \([^()]{0,300}\))?$"
)


def _forge(m: re.Match[str], state: _State) -> None:
    file, contract = state.forge_suite or (None, None)
    state.ids.append(TestId(m["name"], file, contract, m["name"], "forge"))


# mocha: under '  2 failing', each failure's title path, its parts on lines of their own, the test's
# ending in a colon ('  1) cart', '       empty cart', '         sums nothing:').
_MOCHA_FAILING = LazyPattern(r"^\s{2}\d{1,6} failing$")
_MOCHA_TITLE = LazyPattern(r"^\s{2}\d{1,6}\) (?P<part>\S.{0,1000})$")
_MOCHA_PART = LazyPattern(r"^\s{5,80}(?P<part>\S.{0,1000})$")
_MOCHA_DEPTH = 32  # title parts at most (describes nest no deeper in any suite)


def _mocha(line: str, state: _State) -> bool:
    """Reads a line of mocha's failure list into the title it is part of; whether it is one."""
    title = _MOCHA_TITLE.match(line)
    if title is not None:
        parts = [title["part"]]
    elif state.mocha_title and (part := _MOCHA_PART.match(line)) and len(state.mocha_title) < _MOCHA_DEPTH:
        parts = [*state.mocha_title, part["part"]]
    else:
        state.mocha_title = None
        return False
    if parts[-1].endswith(":"):
        name = parts[-1][:-1]
        state.ids.append(
            TestId(" ".join([*parts[:-1], name]), None, " ".join(parts[:-1]) or None, name, "mocha")
        )
        state.mocha_title = None
    else:
        state.mocha_title = parts
    return True


_Builder = Callable[[re.Match[str], _State], None]
_FORMATS: tuple[tuple[str, LazyPattern, _Builder], ...] = (
    ("--- FAIL", _GO_TEST, _go_test),  # go test
    ("FAIL", _GO_PACKAGE, _go_package),  # go test
    ("::", _PYTEST_SUMMARY, _pytest),  # pytest
    ("::", _PYTEST_VERBOSE, _pytest),  # pytest -v
    (": ", _UNITTEST, _unittest),  # unittest
    ("FAILED", _CARGO, _cargo),  # cargo test
    ("stdout", _CARGO, _cargo),  # cargo test
    (") ", _PHPUNIT, _phpunit),  # PHPUnit
    ("Tests run:", _SUREFIRE_CLASS, _surefire_class),  # Maven Surefire
    ("Time elapsed", _SUREFIRE_TEST, _surefire_test),  # Maven Surefire
    ("[ERROR]", _SUREFIRE_SUMMARY, _surefire_summary),  # Maven Surefire
    ("FAILED", _GRADLE, _gradle),  # Gradle
    ("[  FAILED  ]", _GTEST, _gtest),  # googletest
    (" - ", _CTEST, _ctest),  # CTest
    ("[err]: ", _REDIS, _redis),  # Redis test suite
    (" # ", _RSPEC_RERUN, _rspec_rerun),  # RSpec, Cucumber
    ("#test", _MINITEST, _minitest),  # minitest
    (") ", _EXUNIT, _exunit),  # ExUnit
    (") ", _RSPEC_LIST, _rspec_list),  # RSpec
    ("FAIL", _JEST_FILE, _jest_file),  # Jest, Vitest
    ("●", _JEST_TEST, _jest_test),  # Jest
    ("FAILED", _GENERIC, _generic),  # any runner
    ("not ok", _TAP, _tap),  # TAP
    ("✖", _NODE_TEST, _node_test),  # node --test
    ("Time elapsed", _SUREFIRE_TEST, _surefire_test),  # Surefire before 3.0
    ("(", _SUREFIRE_LISTED, _surefire_listed),  # Surefire before 3.0
    ("JUnit ", _JUNIT_PLATFORM, _junit_platform),  # JUnit Platform
    ("] ", _NEXTEST, _nextest),  # cargo-nextest
    ("✗", _CROSSED, _crossed),  # bats, bun test
    ("(fail) ", _CROSSED, _crossed),  # bun test
    ("Failed test", _PERL_FAILED, _perl_failed),  # Test::More
    ("Wstat: ", _PERL_FAILED, _perl_failed),  # prove
    ("[-] ", _PESTER, _pester),  # Pester
    ("Test ", _CTEST_PROGRESS, _ctest_progress),  # CTest
    ("[E]", _DART_TEST, _dart_test),  # dart test
    ("Failed ", _VSTEST, _vstest),  # dotnet test
    ("[xUnit.net ", _VSTEST, _vstest),  # xUnit
    ("Failure", TESTTHAT_HEADING, _testthat),  # testthat
    ("Error", TESTTHAT_HEADING, _testthat),  # testthat
    ("FAILURE", TESTTHAT_HEADING, _testthat),  # testthat
    ("ERROR", TESTTHAT_HEADING, _testthat),  # testthat
    ("[FAIL", _FORGE_FAIL, _forge),  # forge
)
_CANDIDATE = LazyPattern(
    r"FAIL|ERROR|stdout|●|\) |Tests run:|\(Failed\)|\(Timeout\)|\[err\]|^rspec |^cucumber |#test| - |not ok|✖|Failure|Error|\[FAIL|Time elapsed|\) test |"
    r"^(?:Failed tests:|Tests in error:)?\s{1,8}[\w$]{1,300}\(|JUnit |✗|\(fail\) |Failed test|Wstat: |\[-\] "
    r"|Test +#|\[E\]$|^\s{0,4}Failed |\[xUnit\.net "
)


def _file_below(line: str, state: _State) -> None:
    """The file the line below an ExUnit, bats or Test::More failure names, given to its id."""
    index, state.file_below = state.file_below, None
    m = _EXUNIT_FILE.match(line) or BATS_PLACE.match(line) or _PERL_AT.match(line)
    if m is not None and index is not None:
        state.ids[index] = replace(state.ids[index], file=clean_path(m["file"]))


def parse_test_ids(text: str) -> list[TestId]:
    """Every failing test id in `text`, in input order, without repeats."""
    state = _State()
    for line in evidence_lines(text):
        if line == "Failures:":
            state.rspec_failures = True
        if state.mocha_failing and _mocha(line, state):
            continue
        if " failing" in line and _MOCHA_FAILING.match(line):
            state.mocha_failing = True
        if line.startswith("test at ") and (at := _NODE_TEST_AT.match(line)):
            state.node_test_file = clean_path(at["file"])
            continue
        if line.startswith(("Ran ", "Running ", "Encountered ")) and (suite := _FORGE_SUITE.match(line)):
            state.forge_suite = (clean_path(suite["file"]), suite["contract"])
            continue
        if state.file_below is not None:
            _file_below(line, state)
        if line.startswith(_SUREFIRE_LISTS):
            state.surefire_list = True
        elif state.surefire_list and (not line.strip() or line.startswith("Tests run:")):
            state.surefire_list = False
        if line.endswith("running tests:") and line.strip() == "running tests:":
            state.go_running = True
            continue
        if state.go_running:
            running = _GO_RUNNING.match(line)
            if running:
                state.ids.append(TestId(running["name"], None, None, running["name"].partition("/")[0], "go"))
                continue
            state.go_running = False
        if not _CANDIDATE.search(line):
            continue
        for hint, pattern, build in _FORMATS:
            if hint in line:
                m = pattern.search(line)
                if m:
                    build(m, state)
                    break
    return list(dict.fromkeys(state.ids))
