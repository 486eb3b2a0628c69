from boundedcode.model import AnchorKind, AnchorOrigin
from boundedcode.seeds import message_anchors, message_facts, split_segments
from boundedcode.seeds.evidence import trace_anchors


def kinds(message):
    return [(a.kind, a.text, a.qualifier, a.origin) for a in message_anchors(message)]


def test_backticked_names_calls_and_members():
    found = kinds("Calling `reorder()` after `Ledger.Post` fails; see Order::total too")
    assert ("name", "reorder", None, "prose") in found
    assert ("member", "Post", "Ledger", "prose") in found
    assert ("member", "total", "Order", "prose") in found


def test_qualified_module_names_in_each_spelling():
    found = kinds(
        "Since tokio::sync::broadcast and django.db.models and "
        "PhpOffice\\PhpSpreadsheet\\Calculation and com.acme.Orders changed"
    )
    modules = [t for k, t, _, _ in found if k == "module"]
    assert modules == [
        "tokio::sync::broadcast",
        "django.db.models",
        "PhpOffice\\PhpSpreadsheet\\Calculation",
        "com.acme.Orders",
    ]


def test_prose_abbreviations_are_not_modules():
    found = kinds("It breaks, i.e. the parser fails, e.g. on invoice.totals (a.k.a. the sums)")
    modules = [t for k, t, _, _ in found if k == "module"]
    assert modules == ["invoice.totals"]


def test_host_names_are_neither_modules_nor_members():
    found = kinds(
        "Fetching .example.com and docs.python.org fails (reported on github.com), "
        "while com.acme.Orders and `astropy.io` and django.utils.html stay modules"
    )
    assert sorted(t for k, t, _, _ in found if k == "module") == [
        "astropy.io",
        "com.acme.Orders",
        "django.utils.html",
    ]
    assert not [
        t for k, t, _, _ in found if k in ("member", "name") and t in ("com", "org", "example", "github")
    ]


def test_a_class_literal_names_its_class_and_no_member_called_class():
    found = kinds("`morphTo` with `Comment::class` fails, as `LedgerEntry.class.getName()` does in Java")
    assert ("name", "Comment", None, "prose") in found
    assert not [t for k, t, _, _ in found if k in ("member", "name") and t == "class"]
    assert "Comment::class" not in [t for k, t, _, _ in found if k == "module"]
    # Inside a longer chain `class` is no member either way: the chain stays a module.
    assert ("module", "LedgerEntry.class.getName", None, "prose") in found


def test_a_word_the_prose_calls_a_class_an_instance_or_an_object_of_is_a_name():
    found = kinds(
        "Declare it on the various Choices classes. A Message instance keeps its tags, "
        "subclasses of Field and instances of the Ledger do not. Inherited classes break: "
        "Python objects are fine, but `foo` objects and the Foo class are placeholders."
    )
    names = {t for k, t, _, _ in found if k == "name"}
    assert {"Choices", "Message", "Field", "Ledger"} <= names
    # A sentence's first word is no name for it, nor a placeholder.
    assert not names & {"Inherited", "Python", "Foo", "foo"}


def test_a_code_span_that_reads_as_a_sentence_names_only_what_looks_like_code():
    found = kinds(
        "It fails with `InvalidUrl: URL has an invalid label.` after `parse_url(host)` "
        "and `Ledger.Post` in `make migrate`"
    )
    names = {t for k, t, _, _ in found if k in ("name", "member")}
    # An error message's words are prose; its exception class and the short spans are names.
    assert {"InvalidUrl", "parse_url", "Post", "migrate"} <= names
    assert not names & {"has", "invalid", "label", "URL"}


def test_quoted_error_comes_first_and_keeps_its_literal_run():
    anchors = message_anchors(
        "The job prints\nValueError: reorder batch size must be positive\nwhen `batch_size` is 0"
    )
    assert anchors[0].kind == "quote"
    assert anchors[0].text == "reorder batch size must be positive"


def test_a_quoted_error_s_run_loses_the_names_rendered_at_its_ends():
    anchors = message_anchors(
        "ValueError: StockItem object is invalid - expected 'sku' first but found sku_code"
    )
    quotes = [a.text for a in anchors if a.kind == "quote"]
    # The class's and the field's names are values the raise site formats into its message.
    assert quotes == ["object is invalid", "first but found"]


def test_a_rendered_message_line_gives_its_literal_runs_as_quotes():
    anchors = message_anchors(
        "A discount rule fails the shop's checks\n"
        "shop.Cart: (rules.W042) 'discount' names the unknown coupon kind, summer sale, "
        "or voucher 'summer__vip'.\n"
    )
    quotes = {a.text: a.detail for a in anchors if a.kind == "quote"}
    # A run of two words ("summer sale") is too common a phrase to search for.
    assert list(quotes) == ["names the unknown coupon kind"]
    assert quotes["names the unknown coupon kind"].startswith("shop.Cart: (rules.W042)")


def test_code_and_prose_quoting_a_value_or_two_are_no_rendered_message():
    anchors = message_anchors(
        "qs = Model.objects.values('expr_res', 'column_a').annotate(total=Sum('column_b'))\n"
        "I set 'a' to 'b'.\n"
        "The value of 'coupons[0]' is wrong\n"
        "Given 'utf8' the cart handles any encoding differences in the layers lower than the 'store'\n"
    )
    assert [a for a in anchors if a.kind == "quote"] == []


def test_an_error_line_in_a_code_span_is_a_quote():
    anchors = message_anchors(
        "Right now `Reorder()` with no batch raises `ValueError: The reorder batch must have items.`."
    )
    assert anchors[0].kind == "quote"
    assert anchors[0].text == "The reorder batch must have items"
    # Without the exception's name the span is a sentence of prose, not a quoted error.
    assert [
        a for a in message_anchors("It says `the reorder batch must have items.`") if a.kind == "quote"
    ] == []


def test_an_error_after_prose_on_its_line_is_a_quote():
    def quotes(text: str) -> list[str]:
        return [a.text for a in message_anchors(text) if a.kind == "quote"]

    # A qualified exception's name that says no "Error" (its module path says it is one).
    assert quotes(
        "Saving the order produces shop.core.exceptions.ImproperlyConfigured: "
        "Add ledger_link=True to appname.Order.origin."
    ) == ["Add ledger_link=True to"]
    assert quotes("Both throw ValueError: valid range for batch size is [1, MAX_BATCH]") == [
        "valid range for batch size is"
    ]
    # A CamelCase word before a colon in prose is no exception: nothing is quoted.
    assert quotes("See the Changelog: the batch size changed in the last release") == []


def test_a_builtins_spelling_is_dropped_and_another_spelling_is_the_repositorys():
    found = kinds("`Max()` and `Range` differ from `max()` and `range`; `Object` is as common as `object`")
    names = [t for k, t, _, _ in found if k == "name"]
    assert names == ["Max", "Range"]


def test_a_dunder_no_language_gives_meaning_to_is_the_project_s_name():
    message = "The add filter gets a lazy string, a __proxy__ object, and returns an empty string"
    assert ("name", "__proxy__", None, "prose") in kinds(message)
    # The languages' own hooks and attributes (Python's data model, PHP's and C's predefined
    # names) are in most projects: written in prose, they name no place.
    names = [t for k, t, _, _ in kinds("Its __repr__, __radd__, __get__, __DIR__ and __FILE__ differ")]
    assert [n for n in names if n.startswith("__")] == []


def test_the_types_python_s_errors_quote_are_names_unless_python_s_own():
    message = (
        "TypeError: 'Morsel' object is not subscriptable\n"
        "TypeError: unsupported operand type(s) for +: 'int' and 'Money'\n"
        'TypeError: can only concatenate str (not "Promise") to str\n'
        "AttributeError: type object 'Meta' has no attribute 'ordering'\n"
        "TypeError: Object of type shop.Invoice is not JSON serializable"
    )
    names = [t for k, t, _, _ in kinds(message) if k == "name"]
    assert [n for n in names if not n.endswith("Error")] == ["Morsel", "Money", "Promise", "Meta", "Invoice"]


def test_the_names_a_runtime_s_errors_quote_are_names():
    # Printed by CPython 3.11.7, Ruby 3.1.2 and Node 20.20.2 (V8); Ruby 3.4's format as its NEWS gives it.
    message = (
        "ImportError: cannot import name 'parse_header' from 'json' (/usr/lib/python3.11/json/__init__.py)\n"
        "AttributeError: module 'json' has no attribute 'urlencode'\n"
        "NameError: name 'reraise' is not defined. Did you mean: 'rethrow'?\n"
        "NameError: undefined local variable or method `settled' for main:Object\n"
        "NoMethodError: undefined method `balance' for #<Ledger:0x00007f936df8a248 @e=[]>\n"
        "NoMethodError: undefined method `opened?' for Journal:Class\n"
        "NoMethodError: undefined method 'posted' for an instance of Entry\n"
        "ReferenceError: settle is not defined"
    )
    names = [t for k, t, _, _ in kinds(message) if k == "name"]
    assert [n for n in names if not n.endswith("Error")] == [
        "parse_header",
        "urlencode",
        "reraise",
        "rethrow",
        "settled",
        "Ledger",
        "Journal",
        "Entry",
        "settle",
    ]
    # A placeholder is no name, nor is a value's missing method or attribute (a common word).
    quiet = (
        "NameError: name 'xxx' is not defined\n"
        "NoMethodError: undefined method `each' for nil:NilClass\n"
        "TypeError: Cannot read properties of undefined (reading 'length')"
    )
    assert [t for k, t, _, _ in kinds(quiet) if k == "name" and not t.endswith(("Error", "Class"))] == []


def test_a_contributor_guide_the_template_links_is_no_path():
    message = (
        "Please read CONTRIBUTING.md and https://github.com/o/r/blob/main/CODE_OF_CONDUCT.md first.\n"
        "The page docs/contributing.md renders the table in lib/render.rb wrong."
    )
    assert [t for k, t, _, _ in kinds(message) if k == "path"] == ["docs/contributing.md", "lib/render.rb"]


def test_a_language_s_own_exception_names_no_place_and_a_project_s_does():
    message = (
        "Saving raises ValueError, then a TypeError; in Java a NullPointerException, in Ruby a "
        "NoMethodError, and our LedgerClosedError is never caught"
    )
    assert [t for k, t, _, _ in kinds(message) if k == "name"] == ["LedgerClosedError"]


def test_a_reporter_s_scratch_file_is_no_path():
    message = "Running test.py, repro.rb or test_foo.py fails in shop/ledger.py; cmd/main.go and main.go too"
    assert [t for k, t, _, _ in kinds(message) if k == "path"] == ["shop/ledger.py", "cmd/main.go", "main.go"]


def test_a_platform_is_no_folder():
    message = (
        "Since hugo v0.132.1+extended linux/amd64 (and on linux/arm/v7) the assets/scss/ folder is skipped"
    )
    assert [t for k, t, _, _ in kinds(message) if k == "path"] == ["assets/scss/"]


def test_a_traceback_s_source_lines_name_nothing():
    trace = (
        "Deleting a batch fails in `purge_stock`:\n"
        "Traceback (most recent call last):\n"
        '  File "/srv/app/jobs/purge.py", line 12, in purge_stock\n'
        "    collector.collect(batch.items, source_attr=field.name)\n"
    )
    names = {a.text for a in message_anchors(trace) if a.kind in ("name", "member", "module")}
    # The frame points at that line; its names would be searched everywhere for nothing.
    assert names == {"purge_stock"}


def test_a_sql_statement_s_columns_are_no_members():
    message = (
        "The purge runs\n"
        "SELECT stock_line.id, stock_line.batch_ref, stock_line.reorder_level FROM stock_line WHERE stock_line.id = 3\n"
        "and then `Batch.reorder_level` is stale"
    )
    members = {(a.qualifier, a.text) for a in message_anchors(message) if a.kind == "member"}
    assert members == {("Batch", "reorder_level")}


def test_a_common_member_name_needs_a_type_s_qualifier():
    found = kinds("After `Ledger.get(3)` and `batch.get(3)`, `card1.value` differs from `Card(3)`")
    members = {(q, t) for k, t, q, _ in found if k == "member"}
    # A variable's common member (`batch.get`) names nothing; a type's (`Ledger.get`) names its
    # method, and so does a variable named after a type the message names (`card1` of `Card`).
    assert members == {("Ledger", "get"), ("card1", "value")}


def test_paths_with_lines_and_directories():
    found = kinds("The bug is in jobs/inventory/stock.py:21 and maybe in web/src/")
    assert ("path", "jobs/inventory/stock.py", None, "prose") in found
    assert ("path", "web/src/", None, "prose") in found
    stock = next(a for a in message_anchors("see jobs/inventory/stock.py:21") if a.kind == "path")
    assert stock.line == 21


def test_placeholders_and_common_words_are_dropped():
    found = kinds("Calling `foo()` then `bar` with `self` and `print()`")
    assert [k for k in found if k[0] != "word"] == []


def test_a_keyword_read_as_a_call_in_prose_names_nothing():
    found = kinds("Retry inside the LeaderClient, returned to the caller to deal with(existing behavior).")
    names = [t for k, t, _, _ in found if k == "name"]
    assert names == ["LeaderClient"]


def test_a_boolean_operator_or_a_loop_keyword_quoted_names_nothing():
    """`not`, `and`, `for`, `else` are words of most languages' every file, not names of one."""
    found = kinds(
        'Client_ip not merged in a "not" expression\nMoving it into the `not` block, the `else` of a `for`'
    )
    names = [t for k, t, _, _ in found if k == "name"]
    assert names == ["Client_ip"]


def test_title_words_name_components():
    found = kinds("stackplot should not change Axes cycler\nDetails `foo` follow")
    assert [t for k, t, _, _ in found if k == "word"] == ["stackplot", "change", "axes", "cycler"]


def test_sample_only_names_rank_last():
    message = "The `fetchBalance` call fails.\n\n```ts\nconst x = formatBalance(b);\n```\n"
    anchors = message_anchors(message)
    by_text = {a.text: a for a in anchors}
    assert by_text["fetchBalance"].origin == "prose"
    assert by_text["formatBalance"].origin == "code"
    assert anchors.index(by_text["fetchBalance"]) < anchors.index(by_text["formatBalance"])


def test_environment_variables_are_config_keys_and_routes_are_anchors():
    found = kinds("Setting SHOP_LISTEN_ADDR breaks GET /api/v1/balance")
    assert ("config_key", "SHOP_LISTEN_ADDR", None, "prose") in found
    assert ("route", "GET /api/v1/balance", None, "prose") in found


def test_a_line_of_prose_ending_in_a_route_s_parameter_is_prose():
    # A brace ends a line of code (`if (x) {`, `}`), not a route's parameter at a sentence's end.
    for message in ("It fails: GET /api/v1/orders/{id}", "Broken since 2.1: DELETE /carts/{cart_id}"):
        assert split_segments(message).code == ""
        assert "route" in [a.kind for a in message_anchors(message)], message
    for code in ("if (ready) {", "}", "return total; }", "const limits = {max}"):
        assert split_segments(code).prose == "", code


def test_segments_split_fences_prompts_and_indented_code():
    seg = split_segments("Prose line\n```\ncode()\n```\n>>> repl()\n    indented()\nmore prose")
    assert seg.prose.splitlines() == ["Prose line", "more prose"]
    assert seg.code.splitlines() == ["code()", ">>> repl()", "    indented()"]


def test_apostrophes_do_not_make_quotes():
    assert [a for a in message_anchors("I've seen it, it's the user's fault.") if a.kind == "quote"] == []


def test_a_message_is_about_tests_when_it_asks_for_work_on_them():
    def about(message):
        return message_facts(message, []).about_tests

    assert about("Add a regression test for Ledger.post overdrafts")
    assert about("test_checkout is flaky on CI")
    assert about("Please fix the unit tests under tests/payments")
    # A failing test, the test framework's own name, a file named test.php: the fix is in the code.
    assert not about("URLValidator tests failing on Python 3.9.5: the tests expect a ValidationError")
    assert not about(
        "pytest's caplog fixture doesn't restore the log level after a test; a test run shows it"
    )
    assert not about("`php-cs-fixer fix test.php --rules=@PSR12` breaks the test file's strings")


def test_a_link_to_a_file_on_a_forge_names_the_checkouts_path_and_line():
    found = [
        (a.kind, a.text, a.line)
        for a in message_anchors(
            "The new [run._query_cpu()](https://github.com/acme/lint/blob/main/lint/run.py#L34) returns 0; "
            "see also https://gitlab.example.org/team/app/-/blob/4f2a9c1/src/app/cli.rb, "
            "https://github.com/acme/lint/issues/12 and https://github.com/acme/lint/blob/main/docs/logo.png"
        )
        if a.kind == "path"
    ]
    assert ("path", "lint/run.py", 34) in found
    assert ("path", "src/app/cli.rb", None) in found
    assert [t for _, t, _ in found if "issues" in t or t.endswith(".png")] == []
    bare = [(a.text, a.line) for a in message_anchors("(see compiler.py#L428-L433)") if a.kind == "path"]
    assert bare == [("compiler.py", 428)]


def test_a_php_closure_frame_names_its_class_and_no_member():
    # As PHP prints a closure's frame: the namespace after the arrow is the closure's, not a member.
    found = kinds(
        "#3 Illuminate\\Pipeline\\Pipeline->Illuminate\\Pipeline\\{closure}(Object(Illuminate\\Http\\Request))"
    )
    modules = {t for k, t, _, _ in found if k == "module"}
    members = {(q, t) for k, t, q, _ in found if k == "member"}
    assert "Illuminate\\Pipeline\\Pipeline" in modules
    assert not any(m.endswith("\\Illuminate\\Pipeline") for m in modules)
    assert ("Illuminate", "Pipeline") not in members
    # A namespace's path ends in a type, no member of the namespace.
    assert ("Http", "Request") not in members


def test_a_namespace_escaped_as_json_is_read_as_one_path():
    # A JSON log doubles every backslash; the type's path leaves out the member called on it.
    found = kinds('the log shows "exception":"App\\\\Jobs\\\\SendMail->handle failed"')
    assert ("module", "App\\Jobs\\SendMail", None, "prose") in found
    assert ("member", "handle", "SendMail", "prose") in found
    assert not any(k == "module" and t.endswith("handle") for k, t, _, _ in found)


def test_a_failed_make_recipe_is_a_place_in_evidence_and_none_in_a_report():
    run = "src/cart.c:2:17: error: expected ';'\nmake: *** [Makefile:20: linkcheck] Error 1\n"
    places = {
        origin: [(a.text, a.line) for a in trace_anchors(run, origin) if a.kind == AnchorKind.DIAGNOSTIC]
        for origin in (AnchorOrigin.EVIDENCE, AnchorOrigin.PROSE)
    }
    assert places[AnchorOrigin.EVIDENCE] == [("src/cart.c", 2), ("Makefile", 20)]
    assert places[AnchorOrigin.PROSE] == [("src/cart.c", 2)]


def test_a_failing_test_s_name_gives_the_full_text_its_words_not_its_word_for_a_test():
    failing = trace_anchors(
        "FAILED test_rounding_half_even\n--- FAIL: TestLedgerOverdraft (0.00s)\n"
        "FAIL: test_create_model (migrations.test_autodetector.AutodetectorTests)\n"
        "FAILED testing/test_mark_expression.py::test_latest_idents\n",
        "evidence",
    )
    terms = {t.token for t in message_facts("numbers come out wrong", failing).terms}
    # The test's name, its suite's parts, its file's name: each without its word for a test.
    assert {"rounding", "half", "ledger", "overdraft", "autodetector", "mark", "expression"} <= terms
    assert {"latest", "ident"} <= terms  # `test` ends no word of `latest`
    assert not {"test", "testcase", "ing"} & terms
    # Without the evidence the message alone gives none of them.
    assert "rounding" not in {t.token for t in message_facts("numbers come out wrong", []).terms}
