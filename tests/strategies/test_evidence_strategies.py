"""stack_trace, build_error and test_to_impl on small repositories: the exact places found."""

from pathlib import Path

from boundedcode import MemoryTree, retrieve

from ..conftest import EXAMPLE

PY_TRACE = """Traceback (most recent call last):
  File "/srv/app/jobs/inventory/cli.py", line 9, in main
    print(reorder(StockItem(sku, on_hand), batch))
  File "/srv/app/jobs/inventory/stock.py", line 22, in reorder
    raise ValueError("reorder batch size must be positive")
ValueError: reorder batch size must be positive
"""


def places(result):
    return [(it.path, it.line, it.symbol) for it in result.items]


def test_python_traceback_maps_by_path_suffix_innermost_first():
    result = retrieve(PY_TRACE, str(EXAMPLE))
    assert places(result)[:2] == [
        ("jobs/inventory/stock.py", 22, "reorder"),
        ("jobs/inventory/cli.py", 9, "main"),
    ]
    assert result.items[0].reason == "stack frame /srv/app/jobs/inventory/stock.py:22"


def test_frames_outside_the_checkout_are_dropped():
    trace = (
        "Traceback (most recent call last):\n"
        '  File "/home/me/repro.py", line 3, in <module>\n'
        '  File "/usr/lib/python3.11/json/decoder.py", line 337, in decode\n'
        "json.decoder.JSONDecodeError: Expecting value\n"
    )
    result = retrieve(trace, str(EXAMPLE))
    assert not any(it.strategies == ("stack_trace",) for it in result.items)


def test_jvm_package_narrows_a_bare_file_name():
    files = {
        "src/main/java/com/acme/orders/Order.java": "package com.acme.orders;\nclass Order {}\n",
        "src/main/java/com/acme/billing/Order.java": "package com.acme.billing;\nclass Order {}\n",
    }
    trace = (
        'Exception in thread "main" java.lang.IllegalStateException: closed\n'
        "\tat com.acme.billing.Order.close(Order.java:2)\n"
    )
    result = retrieve(trace, tree=MemoryTree(files))
    assert places(result)[0] == ("src/main/java/com/acme/billing/Order.java", 2, "Order.close")
    other = [it for it in result.items if it.path == "src/main/java/com/acme/orders/Order.java"]
    assert all("stack_trace" not in it.strategies for it in other)


def test_compiler_location_from_evidence():
    build = "error[E0308]: mismatched types\n --> crates/pricing/src/lib.rs:12:5\n"
    result = retrieve("the build broke", str(EXAMPLE), evidence=[build])
    assert places(result)[0] == ("crates/pricing/src/lib.rs", 12, "apply_discount")
    assert result.items[0].reason == "diagnostic: mismatched types"


def test_failing_pytest_id_gives_the_test_and_its_implementation():
    result = retrieve(
        "reorder rounds wrong",
        str(EXAMPLE),
        evidence=["FAILED jobs/inventory/test_stock.py::test_reorder_rounds_up_to_batch"],
    )
    assert result.paths[0] == "jobs/inventory/stock.py"
    test = next(it for it in result.items if it.path == "jobs/inventory/test_stock.py")
    assert (test.line, test.reason) == (4, "test test_reorder_rounds_up_to_batch")


def test_a_test_file_named_after_a_module_path_gives_that_module():
    files = {
        "tests/test_parser_lexer.py": "def test_unparse():\n    assert True\n",
        "tests/test_ext_docs.py": "def test_sections():\n    assert True\n",
        "tool/parser/lexer.py": "def unparse(node):\n    return ''\n",
        "tool/parser/grammar.py": "def parse(code):\n    return None\n",
        "tool/ext/docs/__init__.py": "def setup(app):\n    return {}\n",
        "tool/ext/docs/sections.py": "class Docstring:\n    pass\n",
        "tool/lexer.py": "",
        "tests/test_ext_docs_mock.py": "def test_mock():\n    assert True\n",
        "tool/ext/docs/mock.py": "",
        "tool/ext_docs/mock.py": "",
    }
    failing = [
        "FAILED tests/test_parser_lexer.py::test_unparse",
        "FAILED tests/test_ext_docs.py::test_sections",
        "FAILED tests/test_ext_docs_mock.py::test_mock",
    ]
    result = retrieve("two tests fail", tree=MemoryTree(files), evidence=["\n".join(failing)])
    implemented = {it.path: it.reason for it in result.items if it.reason.startswith("implementation of")}
    # The module path the words spell (tool/lexer.py only ends in one of them), the one of most
    # parts where two do (ext/docs/mock, not ext_docs/mock); a package's __init__.
    assert implemented == {
        "tool/parser/lexer.py": "implementation of test_parser_lexer.py",
        "tool/ext/docs/__init__.py": "implementation of test_ext_docs.py",
        "tool/ext/docs/mock.py": "implementation of test_ext_docs_mock.py",
    }


def test_a_test_file_the_message_names_gives_the_code_it_tests():
    files = {
        "tests/test_parser_lexer.py": "def test_unparse():\n    assert True\n",
        "tool/parser/lexer.py": "def unparse(node):\n    return ''\n",
        "tool/writers/text.py": "def visit_tuple(node):\n    return 'tuple rendered'\n",
    }
    message = "A 1-element tuple is rendered wrong: add a case at tests/test_parser_lexer.py#L57"
    result = retrieve(message, tree=MemoryTree(files))
    reasons = {it.path: it.reason for it in result.items}
    assert reasons["tool/parser/lexer.py"] == "implementation of test_parser_lexer.py"
    assert result.paths.index("tool/parser/lexer.py") < result.paths.index("tests/test_parser_lexer.py")


def test_go_test_name_is_found_among_test_files():
    result = retrieve(
        "balance wrong", str(EXAMPLE), evidence=["--- FAIL: TestPostRefusesOverdraft (0.00s)\nFAIL\n"]
    )
    assert "go/ledger/ledger.go" in result.paths
    test_item = next(it for it in result.items if it.path == "go/ledger/ledger_test.go")
    assert test_item.line == 15


def test_java_test_mirrors_the_source_tree():
    result = retrieve(
        "orders vanish",
        str(EXAMPLE),
        evidence=[
            "[ERROR] Failures: \n[ERROR]   OrderServiceTest.placeAddsOrder:13 expected: <1> but was: <0>\n"
        ],
    )
    assert result.paths[0] == "java/src/main/java/com/acme/orders/OrderService.java"


def test_names_the_test_body_calls_are_found_outside_tests():
    files = {
        "tests/test_totals.py": "from shop.money import sum_cents\n\n"
        "def test_totals():\n    assert sum_cents([1, 2]) == 3  # 'format_cents(x)'\n",
        "shop/money.py": "def sum_cents(values):\n    return sum(values)\n\n"
        "def format_cents(v):\n    return str(v)\n",
    }
    result = retrieve(
        "totals are wrong", tree=MemoryTree(files), evidence=["FAILED tests/test_totals.py::test_totals"]
    )
    money = next(it for it in result.items if it.path == "shop/money.py")
    assert (money.line, money.symbol) == (1, "sum_cents")
    assert "called by test test_totals" in money.reason


def test_the_follow_up_scan_of_called_names_reports_its_bounds():
    from boundedcode import Budgets

    files = {
        "tests/test_totals.py": "def test_totals():\n    assert sum_cents([1, 2]) == 3\n",
        "shop/money.py": "def sum_cents(values):\n    return sum(values)\n" + "sum_cents([0])\n" * 5,
    }
    result = retrieve(
        "totals are wrong",
        tree=MemoryTree(files),
        evidence=["FAILED tests/test_totals.py::test_totals"],
        budgets=Budgets(occurrences_per_string_file=3),
    )
    assert next(it for it in result.items if it.path == "shop/money.py").symbol == "sum_cents"
    # Only the follow-up scan searched sum_cents: the message does not name it.
    assert "sum_cents" not in {a.text for a in result.anchors}
    assert "occurrences_per_string_file" in result.bounds_reached


def test_broken_evidence_gives_partial_results_never_an_exception():
    garbage = '\x1b[31mFAILED\x1b[0m \n  File "x", line \n--> :\n' + PY_TRACE[:120]
    result = retrieve("crash", str(EXAMPLE), evidence=[garbage, "", "\0\0\0"])
    assert result.block == "" or result.block.startswith("Likely relevant places")


def test_an_exact_path_beats_a_suffix_match_in_another_folder():
    files = {"broken.c": "int x;\n" * 9, "vendor2/broken.c": "int x;\n" * 9}
    result = retrieve(
        "the build broke", tree=MemoryTree(files), evidence=["broken.c:6:13: error: too few arguments\n"]
    )
    assert [it.path for it in result.items if "build_error" in it.strategies] == ["broken.c"]


def test_an_absolute_path_maps_onto_a_file_at_the_root():
    files = {"setup.py": "x = 1\n" * 9, "pkg/setup.py": "x = 1\n" * 9}
    trace = 'Traceback (most recent call last):\n  File "/home/ci/work/setup.py", line 4, in <module>\nKeyError: 1\n'
    assert places(retrieve(trace, tree=MemoryTree(files)))[0] == ("setup.py", 4, None)


def test_a_frame_in_a_dependency_copy_counts_after_the_projects_own():
    files = {"src/lib.rs": "x\n" * 9, "src/main.rs": "x\n" * 9}
    trace = (
        "thread 'main' panicked at /home/dev/.cargo/registry/src/index.crates.io-6f17d22bba15001f/pricing-0.3.1/src/lib.rs:2:5:\n"
        "stack backtrace:\n"
        "   3: pricing::unit_price\n"
        "             at /home/dev/.cargo/registry/src/index.crates.io-6f17d22bba15001f/pricing-0.3.1/src/lib.rs:2:5\n"
        "   4: shop::total\n"
        "             at ./src/main.rs:2:5\n"
    )
    result = retrieve(trace, tree=MemoryTree(files), explain=True)
    assert [it.path for it in result.items][:2] == ["src/main.rs", "src/lib.rs"]
    # The project's frame, printed under the copy's, is the innermost of the trace's own.
    from boundedcode.strategies.stack_trace import depth_weight

    specificity = {
        it.path: c.specificity
        for it in result.items
        for c in it.explain.contributions
        if c.strategy == "stack_trace"
    }
    assert specificity["src/main.rs"] == depth_weight(0) > specificity["src/lib.rs"]


def test_a_trace_repeating_another_s_innermost_frame_keeps_its_depth():
    from boundedcode.strategies.stack_trace import depth_weight

    files = {"shop/rules.py": "x\n" * 9, "tests/test_a.py": "x\n" * 9, "tests/test_b.py": "x\n" * 9}
    trace = "".join(
        "Traceback (most recent call last):\n"
        f'  File "/srv/shop/tests/{test}.py", line {line}, in {test}\n'
        '  File "/srv/shop/shop/rules.py", line 3, in apply\n'
        "ValueError: no rule\n"
        for test, line in (("test_a", 5), ("test_b", 7))
    )
    result = retrieve(trace, tree=MemoryTree(files), explain=True)
    specificity = {
        it.path: c.specificity
        for it in result.items
        for c in it.explain.contributions
        if c.strategy == "stack_trace"
    }
    # test_b's trace printed the shared frame first too: its own frame is one down, as test_a's.
    assert specificity["tests/test_b.py"] == specificity["tests/test_a.py"] == depth_weight(1)
    assert result.items[0].path == "shop/rules.py"


def test_the_exception_line_is_quoted_whatever_the_class_is_called():
    files = {
        "conf/loader.py": 'def load():\n    raise ImproperlyConfigured("settings.DATABASES is improperly configured")\n'
    }
    trace = (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/manage.py", line 11, in <module>\n'
        "ImproperlyConfigured: settings.DATABASES is improperly configured\n"
    )
    result = retrieve("the app does not start", tree=MemoryTree(files), evidence=[trace])
    # The dotted name at the run's start is a value the raise site may format: left out.
    assert ("quote", "is improperly configured") in [(a.kind, a.text) for a in result.anchors]
    assert places(result)[0][:2] == ("conf/loader.py", 2)


def test_runtime_hints_are_never_anchors():
    panic = (
        "thread 'main' panicked at src/main.rs:2:5:\n"
        "note: run with `RUST_BACKTRACE=1` environment variable to display a backtrace\n"
    )
    result = retrieve(
        panic, tree=MemoryTree({"src/main.rs": "fn main() {}\n" * 3, "docs/env.md": "RUST_BACKTRACE=1\n"})
    )
    assert not [a for a in result.anchors if "RUST_BACKTRACE" in a.text]
    assert result.paths == ["src/main.rs"]


def test_a_long_log_is_read_to_its_end_and_the_bound_is_named():
    log = (
        "compiling…\n" * 30_000
        + 'Traceback (most recent call last):\n  File "/ci/app/shop/cart.py", line 3, in total\nKeyError: 1\n'
    )
    result = retrieve("CI failed", tree=MemoryTree({"shop/cart.py": "x = 1\n" * 5}), evidence=[log])
    assert places(result)[0][:2] == ("shop/cart.py", 3)
    assert "evidence_lines" in result.bounds_reached


CART_PY = (
    "class Cart:\n"
    "    def total(self):\n"
    "        return self.rate() * 2\n"
    "\n"
    "    def rate(self):\n"
    "        raise LookupError('no rate')\n"
)


def test_a_frame_is_named_by_the_definition_enclosing_its_line_with_its_owner():
    # pytest's long format: the closing 'file:line: Error' takes the last `def` printed above it,
    # which here is the caller's; the checkout's own definition around line 6 is Cart.rate.
    failure = (
        "    def total(self):\n"
        ">       return self.rate() * 2\n"
        "\n"
        "shop/cart.py:3: \n"
        "_ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _ _\n"
        "    def total(self):\n"
        "E       LookupError: no rate\n"
        "\n"
        "shop/cart.py:6: LookupError\n"
    )
    result = retrieve("the tests fail", tree=MemoryTree({"shop/cart.py": CART_PY}), evidence=[failure])
    assert places(result)[0] == ("shop/cart.py", 6, "Cart.rate")
    assert result.items[0].lines == (6, 3)


def test_a_diagnostic_is_named_by_its_enclosing_method():
    result = retrieve(
        "lint", tree=MemoryTree({"shop/cart.py": CART_PY}), evidence=["shop/cart.py:3:16: E1101 no member\n"]
    )
    assert places(result)[0] == ("shop/cart.py", 3, "Cart.total")


def test_a_go_method_is_owned_by_its_receiver_type():
    go = "package cart\n\ntype Cart struct{ Items []int }\n\nfunc (c *Cart) Total() int {\n\treturn c.Items[3]\n}\n"
    trace = (
        "goroutine 1 [running]:\nexample.com/shop/cart.(*Cart).Total(...)\n\t/src/shop/cart/cart.go:6 +0x1d\n"
    )
    assert places(retrieve(trace, tree=MemoryTree({"cart/cart.go": go})))[0] == (
        "cart/cart.go",
        6,
        "Cart.Total",
    )


def test_the_place_raising_a_quoted_message_is_named_with_its_owner():
    files = {"shop/cart.py": CART_PY.replace("'no rate'", "'no rate configured for this cart'")}
    result = retrieve('It fails with "no rate configured for this cart"', tree=MemoryTree(files))
    assert places(result)[0] == ("shop/cart.py", 6, "Cart.rate")


def test_each_traces_innermost_frame_leads_when_an_outer_frame_repeats():
    files = {"lib/a.py": "x = 1\n" * 9, "lib/b.py": "x = 1\n" * 9, "app/main.py": "x = 1\n" * 9}
    traces = "".join(
        f'Traceback (most recent call last):\n  File "/srv/app/main.py", line {n}, in <module>\n'
        f'  File "/srv/{inner}", line 3, in f\nKeyError: 1\n\n'
        for n, inner in ((9, "lib/a.py"), (9, "lib/b.py"), (9, "lib/a.py"))
    )
    assert [it.path for it in retrieve("fix", tree=MemoryTree(files), evidence=[traces]).items] == [
        "lib/a.py",
        "lib/b.py",
        "app/main.py",
    ]


LLDB_PANIC = (Path(__file__).parents[1] / "fixtures/evidence/rust/lldb_panic.txt").read_text()


def test_a_base_name_means_the_file_the_same_evidence_names_in_full_or_one_beside_it():
    # LLDB prints 'pricing.rs' and 'main.rs'; the panic line above names 'src/pricing.rs'.
    files = {
        "src/pricing.rs": "pub fn unit_price(price: u32, qty: u32) -> u32 {\n    price / (qty - 1)\n}\n"
        + "\n" * 2
        + "pub fn total(items: &[(u32, u32)]) -> u32 { 0 }\n",
        "src/main.rs": "mod pricing;\n\nfn main() {\n    let items = vec![];\n    pricing::total(&items);\n}\n",
        "examples/old/pricing.rs": "pub fn unit_price() {}\n" * 8,
        "examples/old/main.rs": "fn main() {}\n" * 8,
        # the standard library's files by the same base names: never a frame's
        "src/panicking.rs": "pub fn rust_panic() {}\n" * 900,
        "src/accum.rs": "pub fn sum() {}\n" * 60,
    }
    result = retrieve("the total panics", tree=MemoryTree(files), evidence=[LLDB_PANIC])
    located = [(it.path, it.lines) for it in result.items if "stack_trace" in it.strategies]
    assert located == [("src/pricing.rs", (2, 6)), ("src/main.rs", (5,))]


def test_a_diagnostic_about_the_whole_file_names_no_line():
    cpplint = (Path(__file__).parents[1] / "fixtures/evidence/c/cpplint.txt").read_text()
    files = {
        "src/ledger.cpp": "#include <vector>\nint total(std::vector<int> v){return 0;}\n",
        "src/main.cpp": "int main() {}\n",
    }
    result = retrieve("lint fails", tree=MemoryTree(files), evidence=[cpplint])
    assert [(it.path, it.lines) for it in result.items if "build_error" in it.strategies] == [
        ("src/ledger.cpp", (2,))
    ]


def test_an_installed_package_s_subfolder_is_no_root_file():
    # AVA's own frames (…/node_modules/ava/lib/test.js:525) end in the name of the project's root
    # test.js: only the project's frames and AVA's header are places.
    fixture = Path(__file__).parents[1] / "fixtures" / "evidence" / "javascript" / "ava.txt"
    files = {"test.js": "t\n" * 12, "price.js": "p\n" * 12}
    result = retrieve("the tests fail", tree=MemoryTree(files), evidence=[fixture.read_text()])
    located = {(it.path, line) for it in result.items for line in it.lines}
    assert ("price.js", 6) in located and ("test.js", 9) in located
    assert not {line for path, line in located if path == "test.js"} & {525, 534}


def test_a_logged_error_is_a_weaker_place_than_the_trace_it_logged():
    # loguru 0.7.3's records and traceback (capture.sh loguru): the handler logged an error, then
    # the exception; the raising frame comes first, the handler's record a place of its file
    fixture = Path(__file__).parents[1] / "fixtures" / "evidence" / "python" / "loguru.txt"
    files = {
        "shop/__init__.py": "",
        "shop/cart.py": "def total(items):\n    return 1\n\n\ndef checkout(items):\n    return 2\n",
        "shop/orders.py": "def place(items):\n" + "    pass\n" * 12,
        "shop/app.py": "x = 1\n" * 12,
    }
    result = retrieve("an order fails", tree=MemoryTree(files), evidence=[fixture.read_text()])
    assert [(it.path, it.lines) for it in result.items][:2] == [
        ("shop/cart.py", (2, 6)),
        ("shop/orders.py", (8, 10)),
    ]
    assert "build_error" in result.items[1].strategies


def test_the_frames_of_a_trace_someone_interrupted_weigh_alike():
    """A program stopped by Ctrl-C (a real capture): where it waited says where its time went, not
    which of its frames is at fault; an exception's trace still weighs its innermost frame most."""
    from boundedcode.strategies.stack_trace import depth_weight

    fixture = Path(__file__).parents[1] / "fixtures" / "evidence" / "python" / "keyboard_interrupt.txt"
    files = {"shop/__init__.py": "", "shop/stock.py": "x\n" * 12, "interrupt_run.py": "x\n" * 4}

    def frame_weights(message: str) -> dict[str, float]:
        result = retrieve(message, tree=MemoryTree(files), explain=True)
        return {
            c.reason.rpartition("interrupted/")[2]: c.specificity
            for it in result.items
            for c in it.explain.contributions
            if c.strategy == "stack_trace"
        }

    interrupted = fixture.read_text()
    weights = frame_weights(interrupted)
    assert set(weights) == {"shop/stock.py:5", "interrupt_run.py:3"}  # a file's best frame each
    assert set(weights.values()) == {depth_weight(0)}
    raised = frame_weights(interrupted.replace("\nKeyboardInterrupt\n", "\nValueError: no stock\n"))
    assert raised["shop/stock.py:5"] == depth_weight(0) > raised["interrupt_run.py:3"]


def test_a_frame_another_version_printed_is_placed_at_its_function_here():
    """An installed copy's trace: where its line 6 is in the frame's `rate` here too, it stays; where
    another version has `total` there, the frame is placed where that version defines `rate`.
    Printed relative to the checkout the trace is this version's, and its line stays."""
    shifted = (  # another version: `total` at lines 4-6, `rate` at 8
        "class Cart:\n"
        "    TAX = 2\n"
        "\n"
        "    def total(self):\n"
        "        tax = self.TAX\n"
        "        return self.rate() * tax\n"
        "\n"
        "    def rate(self):\n"
        "        raise LookupError('no rate')\n"
    )
    installed = (
        "Traceback (most recent call last):\n"
        '  File "/usr/lib/python3/site-packages/shop/cart.py", line 3, in total\n'
        '  File "/usr/lib/python3/site-packages/shop/cart.py", line 6, in rate\n'
        "LookupError: no rate\n"
    )
    result = retrieve(installed, tree=MemoryTree({"shop/cart.py": CART_PY}))
    assert places(result)[0] == ("shop/cart.py", 6, "Cart.rate")  # line 6 is in `rate` here: kept
    result = retrieve(installed, tree=MemoryTree({"shop/cart.py": shifted}))
    assert places(result)[0] == ("shop/cart.py", 8, "Cart.rate")  # line 6 is in `total` here
    relative = installed.replace("/usr/lib/python3/site-packages/", "")
    result = retrieve(relative, tree=MemoryTree({"shop/cart.py": shifted}))
    assert places(result)[0][:2] == ("shop/cart.py", 6)
