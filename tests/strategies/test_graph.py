"""graph: a refactor or rename of a named symbol lists the symbol's uses."""

from hypothesis import given, settings
from hypothesis import strategies as st

from boundedcode import MemoryTree, retrieve
from boundedcode.checkout.budgets import DEFAULT_BUDGETS
from boundedcode.checkout.walk import walk
from boundedcode.navigator import Composite, Location, PatternNavigator
from boundedcode.scan import MemoryScanner, scan
from boundedcode.scan.rescan import Rescan
from boundedcode.model import AnchorKind, AnchorOrigin
from boundedcode.seeds import message_anchors, message_facts
from boundedcode.seeds.message import words
from boundedcode.strategies import Evidence, PathIndex, Plan
from boundedcode.strategies.base import is_identifier
from boundedcode.strategies.graph import MAX_CANDIDATES, REFACTOR_INTENT, GraphStrategy

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


def _candidates_word_by_word(plan):
    """The candidates as first written: each name's words compared at every word of the prose."""
    prose = list(plan.facts.words)
    text = " ".join(prose)
    verb = REFACTOR_INTENT.search(text)
    if not verb:
        return []
    at = text[: verb.end()].count(" ") + 1
    after, before = [], []
    for a in plan.of_kind(AnchorKind.MEMBER, AnchorKind.NAME):
        if a.origin != AnchorOrigin.PROSE or not is_identifier(a.text):
            continue
        seq = words(f"{a.qualifier} {a.text}" if a.qualifier else a.text)
        starts = [i for i in range(len(prose) - len(seq) + 1) if prose[i : i + len(seq)] == seq]
        later = [i for i in starts if i >= at]
        if later:
            after.append((later[0], a.kind != AnchorKind.MEMBER, a))
        elif starts:
            before.append((-starts[-1], a.kind != AnchorKind.MEMBER, a))
    members = {(abs(i), a.qualifier) for i, _, a in after + before if a.kind == AnchorKind.MEMBER}
    ordered = [
        a
        for i, _, a in sorted(after, key=lambda t: t[:2]) + sorted(before, key=lambda t: t[:2])
        if a.kind == AnchorKind.MEMBER or (abs(i), a.text) not in members
    ]
    return ordered[:MAX_CANDIDATES]


_PIECES = [
    "rename",
    "refactor",
    "the",
    "to",
    "and",
    "`Ledger.Post`",
    "Ledger",
    "Post",
    "`post_entry`",
    "post",
    "entry",
    "`Record`",
    "record",
    "`l.Post`",
    "`_`",
    "`Ledger`",
    "moves",
    "PostEntry",
    "\n",
]


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(_PIECES), max_size=40))
def test_the_candidates_are_the_names_a_word_by_word_comparison_finds(pieces):
    message = " ".join(pieces)
    anchors = message_anchors(message)
    plan = Plan(tuple(anchors), message_facts(message, anchors))
    assert GraphStrategy._candidates(plan) == _candidates_word_by_word(plan)


def test_a_rename_in_a_long_pasted_log_names_its_symbol():
    # A build log pasted as prose, not fenced: 9,000 words and some 1,600 names.
    log = "\n".join(f"step_{i} finished with code_{i % 97} in worker_{i % 13}." for i in range(1500))
    message = f"Please rename `Ledger.Post` to `Record` everywhere.\n\n{log}\n"
    anchors = message_anchors(message)
    plan = Plan(tuple(anchors), message_facts(message, anchors))
    assert len(plan.facts.words) > 8_000 and len(plan.anchors) > 1_000
    assert [a.text for a in GraphStrategy._candidates(plan)][:1] == ["Post"]
