"""Each strategy on small in-memory repositories: the exact places it finds."""

from collections import Counter

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boundedcode import MemoryTree, retrieve
from boundedcode.weights import BODY_NAME

from ..conftest import under_hash_seeds


def run(files, message, **kw):
    return retrieve(message, tree=MemoryTree(files), **kw)


def places(result):
    return [(it.path, it.line, it.symbol) for it in result.items]


def contributions(result):
    """(path, contribution) of every item's explained score (`explain=True`)."""
    return [(it.path, c) for it in result.items for c in it.explain.contributions]


def test_paths_resolve_by_suffix_and_shared_names_count_less():
    files = {
        "svc/a/Cargo.toml": "[package]\n",
        "svc/b/Cargo.toml": "[package]\n",
        "svc/a/src/main.rs": "fn main() {}\n",
    }
    result = run(files, "the build of svc/a/src/main.rs:1 breaks; also Cargo.toml")
    by_path = {it.path: it.score for it in result.items}
    assert places(result)[0] == ("svc/a/src/main.rs", 1, None)
    assert by_path["svc/a/Cargo.toml"] < by_path["svc/a/src/main.rs"]


def test_a_path_named_with_its_line_outweighs_one_named_alone():
    files = {
        "core/handlers/base.py": "def load():\n    pass\n",
        "core/exceptions.py": "class Bad(Exception):\n    pass\n",
    }
    message = (
        "Loading fails: see https://github.com/o/r/blob/3.1/core/handlers/base.py#L2 and core/exceptions.py"
    )
    result = run(files, message, explain=True)
    named = {
        it.path: (it.line, c.reliability)
        for it in result.items
        for c in it.explain.contributions
        if c.anchor.startswith("path:")
    }
    # The file named alone is shown where the message's words are (`Exception` on its first line).
    assert named == {"core/handlers/base.py": (2, 0.95), "core/exceptions.py": (1, 0.9)}


def test_a_file_a_build_wrote_names_no_source_by_its_name_alone():
    files = {
        "doc/_templates/index.html": "<html>{{ body }}</html>\n",
        "docs/builder/html.py": "def write_page(name):\n    return name\n",
        "src/pkg/module.py": "def run():\n    pass\n",
    }
    message = "Open _build/html/index.html: the page is empty.\nThe copy in build/lib/pkg/module.py is stale."
    named = {
        path for path, c in contributions(run(files, message, explain=True)) if c.anchor.startswith("path:")
    }
    # The generated page's name alone matches a template; the built copy's last two parts, the source.
    assert named == {"src/pkg/module.py"}


def test_a_file_name_many_folders_share_names_none_of_them():
    files = {f"pkg/part{i}/__init__.py": "" for i in range(9)}
    files |= {"pkg/app/settings.py": "DEBUG = False\n", "pkg/conf/settings.py": "DEBUG = True\n"}
    message = "Importing fails: `__init__.py` runs twice and `settings.py` is read too late"
    named = {
        path for path, c in contributions(run(files, message, explain=True)) if c.anchor.startswith("path:")
    }
    assert named == {"pkg/app/settings.py", "pkg/conf/settings.py"}


def test_a_file_named_after_a_type_the_message_s_sample_defines_is_the_reporter_s():
    files = {
        "support/model/Child.java": "package model;\n\npublic class Child {}\n",
        "src/shop/Ledger.java": "package shop;\n\npublic class Ledger {\n    void post() {}\n}\n",
    }
    message = (
        "Posting from a subclass fails.\n\n```java\npublic class Child extends Ledger {\n}\n```\n\n"
        "Compiling `Child.java` against `Ledger.java` reports an error."
    )
    named = {
        path for path, c in contributions(run(files, message, explain=True)) if c.anchor.startswith("path:")
    }
    assert named == {"src/shop/Ledger.java"}


def test_modules_take_the_longest_run_ending_a_module_path():
    files = {
        "django/db/models/__init__.py": "from .query import QuerySet\n",
        "django/db/models/query.py": "class QuerySet:\n    pass\n",
        "tokio/src/sync/broadcast.rs": "pub struct Sender;\n",
        "tokio/src/sync/mod.rs": "pub mod broadcast;\n",
        "src/main/java/com/acme/Orders.java": "package com.acme;\nclass Orders {}\n",
        "tests/django/db/models/query.py": "",
    }
    for message, expected in [
        ("django.db.models.query is slow", "django/db/models/query.py"),
        ("tokio::sync::broadcast drops messages", "tokio/src/sync/broadcast.rs"),
        ("com.acme.Orders loses items", "src/main/java/com/acme/Orders.java"),
    ]:
        result = run(files, message)
        assert result.paths[0] == expected, (message, result.paths)
        assert "tests/django/db/models/query.py" not in result.paths


def test_lexical_finds_the_raise_site_with_its_enclosing_definition():
    files = {
        "app/stock.py": "def reorder(batch):\n    if batch <= 0:\n"
        "        raise ValueError('reorder batch size must be positive')\n",
        "docs/errors.md": "reorder batch size must be positive: check the batch\n",
    }
    result = run(files, "ValueError: reorder batch size must be positive")
    assert places(result)[0] == ("app/stock.py", 3, "reorder")
    assert result.items[0].reason.startswith('raises "reorder batch size must be positive"')


def test_a_hyphenated_key_is_found_in_any_case():
    files = {
        "client/send.py": "def send(req):\n    req.headers['X-Request-Id'] = new_id()\n",
        "client/other.py": "def other():\n    return 'request id'\n",
    }
    result = run(files, "Every call adds the 'x-request-id' header twice")
    assert places(result)[0] == ("client/send.py", 2, "send")
    assert result.items[0].reason.startswith('key "x-request-id"')


def test_a_rendered_message_finds_its_format_string_not_a_comment_or_page_repeating_it():
    files = {
        "shop/rules.py": "def check_discount(cart, name):\n    return [Warning(\n"
        '            "%r names the unknown coupon kind, "\n'
        '            "summer sale, or voucher %r." % (cart, name))]\n',
        "shop/notes.py": "# says: names the unknown coupon kind, summer sale, or voucher\ndef unrelated():\n    pass\n",
        "docs/rules.txt": "W042: 'discount' names the unknown coupon kind, summer sale, or voucher <name>.\n",
    }
    message = (
        "A discount rule is reported as a warning\n"
        "shop.Cart: (rules.W042) 'discount' names the unknown coupon kind, summer sale, "
        "or voucher 'summer__vip'.\n"
    )
    result = run(files, message, explain=True)
    lexical = [
        (it.path, it.line, c.specificity)
        for it in result.items
        for c in it.explain.contributions
        if c.strategy == "lexical"
    ]
    # Found in one file, so as specific as a literal can be.
    assert lexical == [("shop/rules.py", 3, 1.0)]
    assert result.items[0].path == "shop/rules.py"


def test_symbols_prefer_the_member_in_the_file_named_after_its_qualifier():
    files = {
        "ledger/ledger.go": "package ledger\n\ntype Ledger struct{}\n\nfunc (l *Ledger) Post() error { return nil }\n",
        "queue/queue.go": "package queue\n\ntype Queue struct{}\n\nfunc (q *Queue) Post() error { return nil }\n",
    }
    result = run(files, "`Ledger.Post` returns nil even on overdraft")
    assert places(result)[0] == ("ledger/ledger.go", 5, "Post")
    assert result.items[0].score > result.items[1].score


def test_a_member_defined_beside_its_qualifier_counts_more_than_one_defined_apart():
    from boundedcode.weights import MEMBER_BESIDE_QUALIFIER

    message = "It crashes:\n\n```python\nExpression.compile('False')\n```\n"
    method = "    def compile(self, text):\n        return text\n"
    beside = {"mark/expression.py": "class Expression:\n" + method}
    apart = {"mark/types.py": "class Expression:\n    pass\n", "mark/helpers.py": "class Helper:\n" + method}

    def defines(files, reason):
        result = run(files, message, explain=True)
        (found,) = [c.specificity for _, c in contributions(result) if c.reason == reason]
        return found

    # Apart, the method is Helper.compile: its reason names it as the file defines it.
    assert defines(beside, "defines method Expression.compile") == pytest.approx(
        MEMBER_BESIDE_QUALIFIER * defines(apart, "defines method compile")
    )


def test_a_member_s_namesake_away_from_its_qualifier_is_not_called_by_the_qualified_name():
    files = {
        "ledger/ledger.go": "package ledger\n\ntype Ledger struct{}\n",
        "queue/queue.go": "package queue\n\ntype Queue struct{}\n\nfunc (q *Queue) Post() error { return nil }\n",
    }
    result = run(files, "`Ledger.Post` returns nil even on overdraft", explain=True)
    reasons = {(path, c.reason) for path, c in contributions(result) if c.strategy == "symbols"}
    assert ("queue/queue.go", "defines method Post") in reasons
    assert not any("Ledger.Post" in reason for _, reason in reasons)


def test_a_name_s_function_is_its_definition_before_a_docstring_line_read_as_a_field():
    source = (
        '"""Solvers.\n\nSee also\n========\n\n    solve_real: solver for real domain\n"""\n\n\n'
        "def solve_real(f):\n    return f\n"
    )
    result = run({"solvers/solveset.py": source}, "`solve_real` drops a root", explain=True)
    reasons = [(path, c.reason) for path, c in contributions(result) if c.strategy == "symbols"]
    assert reasons == [("solvers/solveset.py", "defines function solve_real")]
    assert places(result)[0][:2] == ("solvers/solveset.py", 10)


def test_a_member_in_the_package_its_qualifier_names_keeps_the_qualified_name():
    files = {"src/shop/orders/Checkout.java": "package shop.orders;\n\npublic class Checkout {}\n"}
    result = run(files, "`orders.Checkout` fails on an empty cart", explain=True)
    reasons = {c.reason for _, c in contributions(result) if c.strategy == "symbols"}
    assert "defines class orders.Checkout" in reasons


@pytest.mark.parametrize(
    "files, message",
    [
        # An annotation type declares what users write; a fix goes in the processor handling it.
        (
            {
                "src/shop/Audited.java": "package shop;\n\npublic @interface Audited {\n    String value();\n}\n",
                "src/shop/Ledger.java": "package shop;\n\npublic class Ledger {\n    void post() {}\n}\n",
            },
            "`@Audited` on a `Ledger` field is ignored",
        ),
        # A report names the error it saw raised; the class is seldom what a fix changes.
        (
            {
                "shop/errors.py": "class CouponError(Exception):\n    pass\n",
                "shop/coupons.py": "from shop.errors import CouponError\n\n\nclass Coupon:\n    pass\n",
            },
            "`CouponError` on a valid `Coupon`",
        ),
    ],
)
def test_an_annotation_s_or_an_exception_s_definition_counts_half_of_another_type_s(files, message):
    result = run(files, message, explain=True)
    defines = {
        path: c.weight
        for path, c in contributions(result)
        if c.strategy == "symbols" and c.reason.startswith("defines")
    }
    weaker, other = files  # the annotation or exception first
    assert defines[weaker] == pytest.approx(0.5 * defines[other])


def test_the_name_in_the_title_outweighs_the_body_s_other_names_but_not_a_frame_s():
    files = {
        "core/management/__init__.py": "def call_command(name, **options):\n    return name\n",
        "core/management/base.py": "class CommandParser(object):\n    pass\n",
    }
    message = (
        "call_command fails when an option is passed in kwargs\n"
        "It goes through `CommandParser` although the option is given."
    )
    result = run(files, message, explain=True)
    assert places(result)[0] == ("core/management/__init__.py", 1, "call_command")
    weight = {it.path: it.explain.contributions[0].weight for it in result.items}
    assert weight["core/management/base.py"] < weight["core/management/__init__.py"]
    # Without a name in the title both definitions weigh the same.
    untitled = run(
        files,
        "An option passed in kwargs fails\nIt goes through `CommandParser` in `call_command`.",
        explain=True,
    )
    assert len({it.explain.contributions[0].weight for it in untitled.items}) == 1
    # A stack frame's function is not a body name: its definition keeps its weight.
    traced = message + (
        "\nTraceback (most recent call last):\n"
        '  File "/venv/lib/core/management/base.py", line 2, in CommandParser\n'
        "    pass\n"
        "CommandError: no option\n"
    )
    framed = run(files, traced, explain=True)
    defined = {
        it.path: c.specificity
        for it in framed.items
        for c in it.explain.contributions
        if c.strategy == "symbols" and c.reason.startswith("defines")
    }
    assert defined["core/management/base.py"] == defined["core/management/__init__.py"]


def test_a_title_that_spells_a_name_in_words_names_it():
    files = {
        "db/fields.py": "class UUIDField(Field):\n    pass\n",
        "db/related.py": "class ForeignKey(Field):\n    pass\n",
    }
    body = "\nclass Foo(Model):\n    id = UUIDField(primary_key=True)\n    bar = ForeignKey(Bar)\n"

    def defines(title: str) -> dict[str, float]:
        result = run(files, title + body, explain=True)
        return {path: c.weight for path, c in contributions(result) if c.reason.startswith("defines")}

    titled = defines("Prefetching fails for a model with a UUID field")
    assert titled["db/related.py"] == pytest.approx(BODY_NAME * titled["db/fields.py"])
    # Words of the title that run together into no name leave every name the body's.
    untitled = defines("Prefetching fails for a model with an id")
    assert untitled["db/related.py"] == pytest.approx(untitled["db/fields.py"])


def test_uses_count_only_for_names_used_in_few_files():
    files = {"a/x.py": "import lib\nlib.rare_helper()\n", "b/y.py": "\nrare_helper()\n"}
    result = run(files, "`rare_helper` misbehaves")
    assert places(result) == [("a/x.py", 2, None), ("b/y.py", 2, None)]
    assert result.items[0].reason == "uses rare_helper"
    many = {f"u/f{i:02}.py": "rare_helper()\n" for i in range(45)}
    assert "u/f00.py" not in run(many, "`rare_helper` misbehaves").paths


def test_a_file_that_names_a_name_only_where_it_imports_it_does_not_use_it():
    files = {
        "shop/__init__.py": "from vendor.ledger import (\n    open_ledger,\n    rebalance_ledger,\n)\n",
        "shop/views.py": "from vendor.ledger import rebalance_ledger\n\nrebalance_ledger(book)\n",
    }
    result = run(files, "`rebalance_ledger` drops a row")
    assert places(result) == [("shop/views.py", 1, None)]
    assert result.items[0].reason == "uses rebalance_ledger"


def _definers(files, message):
    """(path, reason) of each file the symbols strategy says defines a name of `message`."""
    result = run(files, message, explain=True)
    return {
        (p, c.reason) for p, c in contributions(result) if c.strategy == "symbols" and "defines" in c.reason
    }


def test_a_name_of_a_multi_line_import_is_no_definition_of_it():
    # Prettier breaks a long import one name a line; such a line reads as an enum's member.
    importer = "import {\n  ComponentOptionsMixin,\n  applyMixin,\n} from './mixins'\n\nuse(applyMixin)\n"
    files = {
        "src/mixins.ts": "export interface ComponentOptionsMixin {\n  name?: string\n}\n",
        **{f"src/use{i}.ts": importer for i in range(3)},
        "src/kinds.ts": "export enum Kind {\n  ComponentOptionsMixin,\n}\n",  # a member: a definition
    }
    assert _definers(files, "ComponentOptionsMixin loses its name") == {
        ("src/mixins.ts", "defines interface ComponentOptionsMixin"),
        ("src/kinds.ts", "defines constant ComponentOptionsMixin"),
    }


def test_a_parameter_or_an_argument_alone_on_its_line_is_no_definition():
    files = {
        "src/ledger.rs": "pub struct Ledger {\n    pub notifier: Notifier,\n}\n",
        "src/post.rs": "pub fn post(\n    ledger: &Ledger,\n    notifier: Notifier,\n) -> bool {\n    true\n}\n",
        "web/kinds.ts": "export enum Kind {\n  AuditTrail,\n}\n",
        "web/audit.ts": "record(\n  AuditTrail,\n  entry,\n)\n",
    }
    assert _definers(files, "`notifier` is dropped, and so is `AuditTrail`") == {
        ("src/ledger.rs", "defines field notifier"),
        ("web/kinds.ts", "defines constant AuditTrail"),
    }


def test_a_class_named_like_a_hook_is_found_by_its_definition():
    files = {
        "utils/functional.py": "def lazy(func):\n    class __proxy__:\n        pass\n    return __proxy__\n",
        "template/filters.py": "def add(value, arg):\n    try:\n        return value + arg\n    except TypeError:\n        return ''\n",
        "views/debug.py": "def render(value):\n    raise TypeError('cannot concatenate a lazy string')\n",
    }
    message = (
        "add filter is unable to concatenate strings with lazy string\n"
        "The add filter gets a __proxy__ object, raises TypeError and returns an empty string."
    )
    assert places(run(files, message))[0] == ("utils/functional.py", 2, "__proxy__")


@pytest.mark.parametrize(
    "files, message, place",
    [
        (  # a type CPython's error quotes
            {
                "http/cookies.py": "class Morsel(dict):\n    def value(self):\n        return self['value']\n",
                "http/client.py": "def read(response):\n    return response.cookies['session']\n",
            },
            "Reading a cookie fails: TypeError: 'Morsel' object is not subscriptable",
            ("http/cookies.py", 1, "Morsel"),
        ),
        (  # a name CPython's error quotes
            {
                "shop/compat.py": "def reraise(exc, tb):\n    raise exc.with_traceback(tb)\n",
                "shop/orders.py": "def settle(order):\n    return order.total\n",
            },
            "Retrying an order fails with NameError: name 'reraise' is not defined",
            ("shop/compat.py", 1, "reraise"),
        ),
    ],
)
def test_a_type_or_a_name_a_runtime_s_error_quotes_is_found_by_its_definition(files, message, place):
    assert places(run(files, message))[0] == place


def test_discovery_matches_the_message_words_against_paths():
    files = {"pricing/discount.py": "x = 1\n", "pricing/tax.py": "y = 2\n", "web/index.ts": "z\n"}
    result = run(files, "Prices are wrong at checkout\nDiscounts are applied twice")
    assert result.paths[0] == "pricing/discount.py"
    assert result.items[0].reason == "path words discount"
    assert next(s for s in result.strategies if s.strategy == "discovery").ran is True


def test_a_word_meets_its_irregular_plural_in_paths_and_text():
    files = {
        "src/diff/children.js": "export function diffChildren(children) { return children.length }\n",
        "src/diff/props.js": "export function diffProps(dom, props) { return dom }\n",
        "src/render.js": "export function render(vnode) { return vnode }\n",
    }
    result = run(files, "Child order is lost between renders\nEach child moves when the list updates")
    assert result.paths[0] == "src/diff/children.js"
    assert {"discovery", "fulltext"} <= set(result.items[0].strategies)


@pytest.mark.parametrize("word", ["autoreloading", "autoreloader", "autoreloaded"])
def test_discovery_matches_a_word_s_base_against_paths(word):
    files = {"utils/autoreload.py": "x = 1\n", "utils/tax.py": "y = 2\n", "cache/store.py": "z = 3\n"}
    result = run(files, f"Restarts are missed\nThe {word} misses a module")
    assert places(result) == [("utils/autoreload.py", None, None)]
    assert result.items[0].reason == f"path words {word}"
    # A base shorter than four letters is no path's word: `boxed` does not name `box/`.
    assert run({"box/a.py": "x = 1\n", "src/b.py": "y = 2\n"}, "Items are boxed twice").paths == []


def _held_paths(held, weights=None):
    """path -> the bits of the words it holds, every path `held` has (each word weighing 1)."""
    from collections import defaultdict

    return {p: bits for _, p, bits in held.best(weights or defaultdict(lambda: 1.0))}


def test_discovery_finds_a_word_in_any_directory_above_a_file_or_in_its_name():
    from boundedcode.strategies.discovery import _PathWords, _tokens

    paths = [
        "Forms/widgets/select.py",
        "forms/formsets.py",
        "contrib/admin/forms/helpers/base.py",
        "contrib/admin/views.py",
        "docs/ref/forms.txt",
        "FormsAPI/x.py",
        "formsx/y.py",
        "z.py",
    ]
    words = _PathWords(paths)
    for word in ("forms", "admin", "api", "x", "helpers", "py", "select"):
        expected = {p for p in paths if any(word in _tokens(part) for part in p.split("/"))}
        assert set(_held_paths(words.held([(1, {word})]))) == expected, word
    assert set(_held_paths(words.held([(1, {"forms"})]))) == {
        "Forms/widgets/select.py",
        "forms/formsets.py",
        "contrib/admin/forms/helpers/base.py",
        "docs/ref/forms.txt",
        "FormsAPI/x.py",
    }


_PART = st.text(alphabet="aAbBzZ09_-.İıßΣσ\n", min_size=1, max_size=8).filter(lambda t: t not in (".", ".."))


@settings(max_examples=300, deadline=None)
@given(st.lists(st.lists(_PART, min_size=1, max_size=4).map("/".join), max_size=30, unique=True), st.data())
def test_a_word_s_paths_are_those_that_hold_one_of_its_spellings_in_some_name(paths, data):
    """A listing's first query splits only the names the part a word's spellings begin with is
    in (lower-cased), its second splits every name: both the same paths as splitting every name
    (camel case, digits, names that lower-case to another length; spellings with a part in
    common and with none), counted per set of words they hold, and by weight then path as
    sorting every path gives them (weights tied across sets of words, and weighing nothing)."""
    from boundedcode.strategies.discovery import _PathWords, _tokens

    spelled = sorted({t for p in paths for part in p.split("/") for t in _tokens(part)})
    extra = ["a", "ab", "abz", "zz", "0", "i", "b9"]
    words = _PathWords(paths)
    for _query in range(3):
        draws = st.lists(st.sampled_from(spelled + extra), min_size=1, max_size=3).map(set)
        asked = data.draw(st.lists(draws, min_size=1, max_size=3))
        expected: dict[str, int] = {}
        for at, spellings in enumerate(asked):
            for p in paths:
                if any(set(_tokens(part)) & spellings for part in p.split("/")):
                    expected[p] = expected.get(p, 0) | 1 << at
        held = words.held([(1 << at, spellings) for at, spellings in enumerate(asked)])
        assert _held_paths(held) == expected
        assert held.per_mask == Counter(expected.values())
        weight = {bits: data.draw(st.sampled_from([0.0, 0.5, 1.0, 2.5])) for bits in held.per_mask}
        ordered = sorted((-weight[bits], p) for p, bits in expected.items() if weight[bits] > 0)
        assert [(-w, p) for w, p, _ in held.best(weight)] == ordered


def test_a_directory_the_message_names_stands_for_its_files_only_when_it_holds_few():
    files = {f"app/jobs/sync/{n}.py": "" for n in ("pull", "push")}
    files |= {f"lib/app/jobs/sync/{n}.py": "" for n in ("fetch",)}
    files |= {f"app/models/{n}.py": "" for n in ("a", "b", "c", "d", "e", "f")}
    result = run(files, "Everything under app/jobs/sync/ hangs; app/models/ looks fine", explain=True)
    named = {path: c.anchor for path, c in contributions(result) if c.anchor.startswith("path:")}
    assert named == {
        "app/jobs/sync/pull.py": "path:app/jobs/sync/",
        "app/jobs/sync/push.py": "path:app/jobs/sync/",
        "lib/app/jobs/sync/fetch.py": "path:app/jobs/sync/",
    }


@settings(max_examples=500, deadline=None)
@given(
    st.lists(
        st.lists(st.sampled_from(["a", "b", "ab", "a\nb", "b.py"]), min_size=1, max_size=4), max_size=14
    ),
    st.sampled_from(["a/", "b/", "ab/", "a/b/", "b/a/", "/", "/a/", "\na/", "a\nb/", "b.py/"]),
    st.integers(min_value=1, max_value=6),
)
def test_the_paths_inside_a_directory_are_those_below_it_anywhere(parts, directory, most):
    """One search of the joined listing finds what testing every path finds: a directory at the
    top or below another, never across two paths, never after a line break inside a path."""
    from boundedcode.strategies import PathIndex

    paths = sorted({"/".join(p) for p in parts})
    expected = [p for p in paths if p.startswith(directory) or "/" + directory in p][:most]
    assert PathIndex(paths).inside(directory, most) == expected


def test_a_title_word_that_is_a_file_stem_names_the_file():
    files = {"lib/stackplot.py": "def stackplot(): pass\n", "lib/axes.py": "", "lib/other.py": ""}
    result = run(files, "stackplot should not change the colour cycle")
    assert result.items[0].path == "lib/stackplot.py"
    assert result.items[0].reason == "file named stackplot"


def test_a_name_the_title_writes_as_code_names_the_file_of_its_stem():
    """However short: a title's word names a file from four letters on, its code from one."""
    files = {
        "lib/actions/tar.rb": "module Actions\n  class TarAction\n    def self.run(params)\n    end\n  end\nend\n",
        "lib/actions/untar.rb": "module Actions\n  class UntarAction\n  end\nend\n",
        "lib/archive.rb": "def pack(dir)\n  dir\nend\n",
    }
    message = "tar() fails when the path holds spaces\n\nThe archive is not written; untar works."
    named = {
        path: c.reason
        for path, c in contributions(run(files, message, explain=True))
        if c.strategy == "paths"
    }
    assert named == {"lib/actions/tar.rb": "file named tar"}


def test_a_title_word_s_base_names_the_file_when_none_is_named_as_the_word():
    files = {"utils/autoreload.py": "", "utils/autoreloading.py": "", "core/main.py": "", "core/other.py": ""}
    named = {it.path: it.reason for it in run(files, "Allow autoreloading of custom modules").items}
    assert named["utils/autoreloading.py"] == "file named autoreloading"
    assert "utils/autoreload.py" not in named  # a file named as the word itself comes first
    del files["utils/autoreloading.py"]
    named = {it.path: it.reason for it in run(files, "Allow autoreloading of custom modules").items}
    assert named["utils/autoreload.py"] == "file named autoreload"


def test_a_singular_title_word_names_the_file_of_its_plural_and_a_plural_word_not_its_singular():
    files = {"lib/patches.py": "", "lib/lines.py": "", "core/request.py": "", "core/other.py": ""}
    named = {it.path: it.reason for it in run(files, "Patch edge colour is lost").items}
    assert named["lib/patches.py"] == "file named patches"
    files["lib/patch.py"] = ""  # a file named as the word itself comes first
    named = {it.path: it.reason for it in run(files, "Patch edge colour is lost").items}
    assert named["lib/patch.py"] == "file named patch" and "lib/patches.py" not in named
    # `requests` (often a project's own name) does not name request.py as a title word.
    result = run(files, "requests drops the edge colour", explain=True)
    assert not [path for path, c in contributions(result) if c.strategy == "paths"]


def test_switched_off_strategies_say_so():
    files = {"a.py": "def rare_helper():\n    pass\n"}
    result = run(files, "`rare_helper` fails", without={"symbols"})
    run_info = {s.strategy: s for s in result.strategies}
    assert run_info["symbols"].ran is False and run_info["symbols"].why == "switched off"


def test_basic_retrieval_is_the_grep_of_names():
    files = {"a.py": "def rare_helper():\n    other_name()\n", "b.py": "rare_helper()\n"}
    result = run(files, "`rare_helper` calls `other_name` wrongly", retrieval="basic")
    assert result.paths == ["a.py", "b.py"]
    assert result.retrieval == "basic" and result.items[0].strategies == ("basic",)


def test_a_language_server_definition_outweighs_the_patterns_and_fixes_the_line():
    from boundedcode.checkout import DEFAULT_BUDGETS
    from boundedcode.model import Anchor
    from boundedcode.navigator import Composite, Location, PatternNavigator
    from boundedcode.scan import Needle, scan
    from boundedcode.scan.rescan import Rescan
    from boundedcode.seeds import MessageFacts
    from boundedcode.strategies import Evidence, PathIndex, Plan
    from boundedcode.strategies.symbols import SymbolsStrategy

    files = {"a/ledger.py": "x = 1\ndef post():\n    pass\n", "b/queue.py": "def post():\n    pass\n"}

    class FakeServer:
        source = "lsp:fake"

        def languages(self):
            return frozenset({"python"})

        def definitions(self, name, *, path_hint=None):
            return [Location("a/ledger.py", 2, name, "function", "lsp:fake")]

    tree = MemoryTree(files)
    paths = sorted(files)
    needles = [Needle("post", True)]
    shared = scan(tree, paths, needles, DEFAULT_BUDGETS, 1e9)
    rescan = Rescan(tree, paths, DEFAULT_BUDGETS, 1e9, None, shared, needles, bounds_reached=[], notes=[])
    navigator = Composite([FakeServer()], PatternNavigator(tree, paths, occurrences=rescan.occurrences))
    plan = Plan((Anchor("name", "post"),), MessageFacts(False, False, False, ()))
    ev = Evidence(
        plan, paths, PathIndex(paths), shared, tree.read, navigator, rescan, DEFAULT_BUDGETS, [], tree.size
    )
    found = {f.path: f for f in SymbolsStrategy().find(ev)}
    assert found["a/ledger.py"].reliability == 0.85 and found["a/ledger.py"].line == 2
    assert found["b/queue.py"].reliability == 0.8


def test_a_message_that_only_describes_is_matched_against_file_text_too():
    files = {
        "src/engine.py": "def apply(total):\n    # Rounds the percentage twice: keep in sync\n",
        "src/other.py": "def other():\n    return 1\n",
        "src/third.py": "x = 2\n",
    }
    result = run(files, "Totals are off\nThe percentage gets rounded twice at checkout")
    assert (result.paths[0], result.items[0].line) == ("src/engine.py", 2)
    assert result.items[0].reason.startswith("words ")
    named = run(files, "`apply` in src/engine.py rounds the percentage twice")
    # What the message names is the place shown, not where its words are densest.
    assert named.items[0].reason != result.items[0].reason and named.items[0].strategies[0] != "fulltext"


def test_a_rule_s_snake_case_name_finds_the_file_spelled_in_camel_case():
    files = {
        "src/Fixer/PhpTag/BlankLineAfterOpeningTagFixer.php": "<?php\nfinal class BlankLineAfterOpeningTagFixer {}\n",
        "src/Fixer/PhpTag/BlankLineAfterOpeningTagger.php": "<?php\nfinal class BlankLineAfterOpeningTagger {}\n",
        "src/RuleSet/Sets/PSR12Set.php": "<?php\nreturn ['blank_line_after_opening_tag' => true];\n",
        "tests/Fixer/PhpTag/BlankLineAfterOpeningTagFixerTest.php": "<?php\nclass T {}\n",
        **{f"src/Fixer/F{i}.php": f"<?php\nclass F{i} {{}}\n" for i in range(8)},
    }
    result = run(files, "`blank_line_after_opening_tag` does nothing since 3.64", explain=True)
    top = result.items[0]
    assert top.path == "src/Fixer/PhpTag/BlankLineAfterOpeningTagFixer.php"
    assert top.reason == "file named after blank_line_after_opening_tag"
    # One word more is a suffix only at a word's start (Tag|ger is no word), and tests are not it.
    named = [it.path for it in result.items if "paths" in it.strategies]
    assert named == ["src/Fixer/PhpTag/BlankLineAfterOpeningTagFixer.php"]


_DISCOVERY_IN_A_FRESH_PROCESS = """
from boundedcode import MemoryTree, retrieve
words = ("access billing cache client invoice ledger order refund tax audit batch coupon "
         "credit debit export import journal payment report stock").split()
files = {"/".join(words[i::3]) + f"/m{i}.py": "x = 1\\n" for i in range(len(words))}
files.update({f"other/{w}/{v}.py": "y = 2\\n" for w in words for v in words[:3]})
message = "Totals are wrong\\n" + " ".join(w for i, w in enumerate(words) for _ in range(1 + i % 4))
result = retrieve(message, tree=MemoryTree(files), without=["fulltext"], explain=True)
print([(it.path, [c.specificity.hex() for c in it.explain.contributions]) for it in result.items])
"""


def test_discovery_s_path_scores_are_the_same_bits_whatever_the_hash_seed():
    """A path's words are summed in a fixed order (a sum over a set followed the seed's order)."""
    answers = under_hash_seeds(_DISCOVERY_IN_A_FRESH_PROCESS, 6)
    assert len(answers) == 1


@pytest.mark.parametrize(
    "kind, name, factor",
    [
        ("class", "FieldError", "exception"),
        ("class", "IllegalStateException", "exception"),
        ("struct", "ParseError", "exception"),
        ("var", "ErrClosed", None),  # Go's error values are not classes named so
        ("enum", "Error", None),  # the one word names the crate's or package's every error
        ("function", "errorHandler", None),
        ("annotation", "Audited", "annotation"),
        ("class", "Ledger", None),
    ],
)
def test_a_definition_s_factor_follows_what_it_defines(kind, name, factor):
    from boundedcode.strategies.base import definition_factor
    from boundedcode.weights import ANNOTATION_DEFINITION, EXCEPTION_DEFINITION

    expected = {"exception": EXCEPTION_DEFINITION, "annotation": ANNOTATION_DEFINITION, None: 1.0}[factor]
    assert definition_factor(kind, name) == expected


def test_discovery_s_best_path_counts_in_full_only_when_its_words_are_rare():
    """A path's words' weight over the best path's, and over no less than PATH_WORDS_FLOOR: in a
    listing of ten paths `cart` is held by one (idf ln 10, the title's word counted twice)."""
    import math

    from boundedcode.weights import PATH_WORDS_FLOOR

    files = {f"shop/item{i}.py": "x = 1\n" for i in range(9)} | {"shop/cart.py": "y = 2\n"}
    result = run(files, "cart breaks", explain=True)
    [found] = [c.specificity for path, c in contributions(result) if c.strategy == "discovery"]
    assert found == pytest.approx(math.log(10) * (1 + math.log(2)) / PATH_WORDS_FLOOR)
    assert found < 1.0


@settings(max_examples=200, deadline=None)
@given(st.lists(st.text("abcdefgh", min_size=1, max_size=3), max_size=70, unique=True).map(sorted), st.data())
def test_discovery_reads_a_set_of_words_back_from_its_bits_in_their_order(stems, data):
    from boundedcode.strategies.discovery import _stems_of

    bit = {w: 1 << i for i, w in enumerate(stems)}
    held = data.draw(st.sets(st.sampled_from(stems))) if stems else set()
    mask = sum(bit[w] for w in held)
    assert _stems_of(mask, stems) == tuple(w for w in stems if mask & bit[w])


_SEGMENTS = ["app", "db", "models", "core", "django", "__init__"]


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.lists(st.sampled_from(_SEGMENTS), min_size=1, max_size=4).map(tuple), max_size=25),
    st.lists(st.sampled_from(_SEGMENTS[:-1]), min_size=1, max_size=5),
)
def test_modules_finds_the_longest_run_a_file_by_file_comparison_finds(module_paths, segs):
    """The trie of module paths gives the run and the files that comparing the run with every
    file whose module path ends in its last segment gives (the strategy as first written)."""
    from boundedcode.strategies.modules import _Suffixes

    entries = [(mp, f"f{i}") for i, mp in enumerate(module_paths)]
    by_last: dict[str, list] = {}
    for mp, path in entries:
        by_last.setdefault(mp[-1], []).append((mp, path))
    best: list[str] = []
    best_len = 0
    for j in range(len(segs) - 1, -1, -1):
        for mp, path in by_last.get(segs[j], ()):
            n = 0
            while n <= j and n < len(mp) and mp[-1 - n] == segs[j - n]:
                n += 1
            if n > best_len:
                best, best_len = [path], n
            elif n == best_len and path not in best:
                best.append(path)
    length, ends = _Suffixes(entries).longest_run(segs)
    assert length == best_len
    assert {path for node in ends for path in _Suffixes.files(node)} == set(best)


def test_the_strategies_that_read_the_walk_alone_find_from_the_listing_what_they_find_from_everything():
    from boundedcode.checkout import DEFAULT_BUDGETS
    from boundedcode.navigator import Composite, PatternNavigator
    from boundedcode.plan import plan_strategies
    from boundedcode.retrieve import message_seeds
    from boundedcode.scan import scan
    from boundedcode.scan.rescan import Rescan
    from boundedcode.seeds import message_facts
    from boundedcode.strategies import REGISTRY, Evidence, FromListing, ListingEvidence, PathIndex, Plan

    files = {
        "shop/billing/invoice.py": "def total(lines):\n    return sum(lines)\n",
        "shop/billing/tax.py": "RATE = 0.2\n",
        "shop/orders/refund.py": "from shop.billing.invoice import total\n",
        "tests/test_invoice.py": "def test_total():\n    pass\n",
    }
    message = "Billing invoice total is wrong\nshop.billing.invoice rounds twice, see shop/billing/tax.py"
    shown, anchors = message_seeds(message)
    plan = Plan(tuple(anchors), message_facts(shown, anchors))
    planned = plan_strategies(plan, REGISTRY, (), DEFAULT_BUDGETS)
    tree, paths = MemoryTree(files), sorted(files)
    shared = scan(tree, paths, planned.needles, DEFAULT_BUDGETS, 1e18)
    rescan = Rescan(
        tree, paths, DEFAULT_BUDGETS, 1e18, None, shared, planned.needles, bounds_reached=[], notes=[]
    )
    navigator = Composite([], PatternNavigator(tree, paths, occurrences=rescan.occurrences))
    index = PathIndex(paths)
    ev = Evidence(plan, paths, index, shared, tree.read, navigator, rescan, DEFAULT_BUDGETS, [], tree.size)
    listed = [s for s, _ in planned.runs if isinstance(s, FromListing)]
    assert {s.id for s in listed} == {"paths", "modules", "discovery"}  # history: no commit named
    for s in listed:
        found = s.find(ListingEvidence(plan, paths, index))  # no scan to read: it would raise
        assert found and found == s.find(ev), s.id
    # The kind is the strategy's own word: those that read the scan are not of it.
    assert {s.id for s in REGISTRY if isinstance(s, FromListing)} == {
        "paths",
        "modules",
        "discovery",
        "history",
    }
