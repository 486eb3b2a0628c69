"""graph: a refactor or rename of a named symbol lists the symbol's uses."""

from hypothesis import given, settings
from hypothesis import strategies as st

from boundedcode import MemoryTree, retrieve
from boundedcode.checkout.budgets import DEFAULT_BUDGETS
from boundedcode.checkout.walk import walk
from boundedcode.navigator import Composite, Location, PatternNavigator
from boundedcode.scan import MemoryScanner, scan
from boundedcode.scan.rescan import Rescan
from boundedcode.seeds import message_anchors, message_facts
from boundedcode.strategies import Evidence, PathIndex, Plan
from boundedcode.strategies.graph import GraphStrategy, _places

FILES = {
    "ledger/ledger.go": "package ledger\n\ntype Ledger struct{}\n\nfunc (l *Ledger) Post(a int) error {\n"
    "\treturn nil\n}\n",
    "api/orders.go": "package api\n\nfunc place(l *ledger.Ledger) {\n\t// book it\n\t_ = l.Post(1)\n}\n",
    "jobs/settle.go": "package jobs\n\nfunc settle(l *ledger.Ledger) error {\n\treturn l.Post(2)\n}\n",
    "blog/post.go": "package blog\n\n// Post is a blog entry.\ntype Post struct{}\n",
}
RENAME = "Please rename `Ledger.Post` to `Record` everywhere"


def loc(path, line):
    return Location(path, line, "Post", "reference", "lsp:fake")


class FakeServer:
    """A Go language server that answers references from a table (or raises)."""

    source = "lsp:fake"

    def __init__(self, answer=None, error=None):
        self.answer, self.error, self.calls = answer or [], error, []

    def languages(self):
        return frozenset({"go"})

    def definitions(self, name, *, path_hint=None):
        return []

    def references(self, name, *, path=None, line=None):
        self.calls.append((name, path, line))
        if self.error:
            raise self.error
        return self.answer

    def implementations(self, name):
        return []


def evidence(files, message, server=None):
    tree = MemoryTree(files)
    anchors = message_anchors(message)
    paths = walk(tree, DEFAULT_BUDGETS).paths
    plan = Plan(tuple(anchors), message_facts(message, anchors))
    needles = [n for _, n in GraphStrategy().needles(plan)]
    budgets = DEFAULT_BUDGETS
    shared = scan(tree, paths, needles, budgets, float("inf"), MemoryScanner())
    bounds: list[str] = []
    rescan = Rescan(
        tree, paths, budgets, float("inf"), MemoryScanner(), shared, needles, bounds_reached=bounds, notes=[]
    )
    patterns = PatternNavigator(tree, paths, occurrences=rescan.occurrences)
    navigator = Composite([server] if server else [], patterns)
    return Evidence(
        plan, paths, PathIndex(paths), shared, tree.read, navigator, rescan, budgets, bounds, tree.size
    )


def uses(findings):
    return [(f.path, f.line, f.reason) for f in findings]


def test_a_rename_lists_the_textual_uses_of_the_member():
    result = retrieve(RENAME, tree=MemoryTree(FILES))
    graph = [(it.path, it.line) for it in result.items if "graph" in it.strategies]
    assert graph == [("api/orders.go", 5), ("jobs/settle.go", 4)]
    # `Post` in blog/post.go is another name (the symbols strategy lists its definition), not a use.
    run = next(s for s in result.strategies if s.strategy == "graph")
    assert run.why == "refactoring of Ledger.Post, Record" and run.findings == 2


def test_the_new_name_is_skipped_and_a_name_before_the_verb_counts():
    ev = evidence(FILES, "`Ledger.Post` should be renamed to `Record`")
    assert uses(GraphStrategy().find(ev)) == [
        ("api/orders.go", 5, "uses Ledger.Post"),
        ("jobs/settle.go", 4, "uses Ledger.Post"),
    ]


def test_plain_names_are_used_as_whole_words_up_to_the_budget():
    files = {
        "lib/fmt.ts": "export function formatBalance(b: number) { return `${b}`; }\n",
        **{
            f"web/page{i:02}.ts": f"import {{ formatBalance }} from '../lib/fmt';\nformatBalance({i});\n"
            for i in range(70)
        },
        "web/other.ts": "const formatBalanceOld = 1;\n",
    }
    ev = evidence(files, "Refactor formatBalance into the money module")
    found = GraphStrategy().find(ev)
    assert len(found) == DEFAULT_BUDGETS.uses_per_string and ev.bounds_reached == ["uses_per_string"]
    assert found[0].path == "web/page00.ts" and found[0].line == 1
    assert "web/other.ts" not in {f.path for f in found} and "lib/fmt.ts" not in {f.path for f in found}


def test_a_language_server_answers_when_enabled():
    server = FakeServer(
        [
            loc("jobs/settle.go", 4),
            loc("api/orders.go", 5),
            loc("api/orders.go", 9),
            loc("/usr/lib/go/src/fmt/print.go", 3),
        ]
    )
    found = GraphStrategy().find(evidence(FILES, RENAME, server))
    assert uses(found) == [
        ("api/orders.go", 5, "references Ledger.Post"),
        ("jobs/settle.go", 4, "references Ledger.Post"),
    ]
    # It is asked for the symbol at its definition, so that other `Post`s are not mixed in.
    assert server.calls == [("Post", "ledger/ledger.go", 5)]


def test_a_server_that_raises_or_finds_nothing_leaves_the_textual_uses():
    textual = [("api/orders.go", 5, "uses Ledger.Post"), ("jobs/settle.go", 4, "uses Ledger.Post")]
    for server in (FakeServer(error=RuntimeError("server died")), FakeServer([]), None):
        assert uses(GraphStrategy().find(evidence(FILES, RENAME, server))) == textual


def test_no_refactoring_verb_no_graph():
    result = retrieve("`Ledger.Post` returns nil on overdraft", tree=MemoryTree(FILES))
    assert not next(s for s in result.strategies if s.strategy == "graph").ran


@settings(max_examples=300, deadline=None)
@given(
    st.lists(st.sampled_from(["ledger", "post", "to", "record", "the"]), max_size=40),
    st.lists(st.sampled_from(["ledger", "post", "record", "entry"]), max_size=3),
)
def test_a_name_s_words_are_found_where_a_word_by_word_comparison_finds_them(prose, seq):
    """The places of a name's words in the prose, found from its rarest word, are the places
    comparing the words at every word of the prose finds (as the strategy first did)."""
    where: dict[str, list[int]] = {}
    for i, word in enumerate(prose):
        where.setdefault(word, []).append(i)
    compared = [i for i in range(len(prose) - len(seq) + 1) if prose[i : i + len(seq)] == seq]
    assert _places(prose, where, seq) == compared


def test_a_rename_in_a_long_pasted_log_names_its_symbol():
    # A build log pasted as prose, not fenced: 9,000 words and some 1,600 names.
    log = "\n".join(f"step_{i} finished with code_{i % 97} in worker_{i % 13}." for i in range(1500))
    message = f"Please rename `Ledger.Post` to `Record` everywhere.\n\n{log}\n"
    anchors = message_anchors(message)
    plan = Plan(tuple(anchors), message_facts(message, anchors))
    assert len(plan.facts.words) > 8_000 and len(plan.anchors) > 1_000
    assert [a.text for a in GraphStrategy._candidates(plan)][:1] == ["Post"]
