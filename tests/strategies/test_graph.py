"""graph: a refactor or rename of a named symbol lists the symbol's uses."""

from dataclasses import dataclass

from boundedcode import MemoryTree, retrieve
from boundedcode.checkout.budgets import DEFAULT_BUDGETS
from boundedcode.checkout.walk import walk
from boundedcode.retrieve import message_facts
from boundedcode.scan import MemoryScanner, scan
from boundedcode.seeds import message_anchors
from boundedcode.strategies import Context, PathIndex
from boundedcode.strategies.graph import GraphStrategy

FILES = {
    "ledger/ledger.go": "package ledger\n\ntype Ledger struct{}\n\nfunc (l *Ledger) Post(a int) error {\n"
    "\treturn nil\n}\n",
    "api/orders.go": "package api\n\nfunc place(l *ledger.Ledger) {\n\t// book it\n\t_ = l.Post(1)\n}\n",
    "jobs/settle.go": "package jobs\n\nfunc settle(l *ledger.Ledger) error {\n\treturn l.Post(2)\n}\n",
    "blog/post.go": "package blog\n\n// Post is a blog entry.\ntype Post struct{}\n",
}
RENAME = "Please rename `Ledger.Post` to `Record` everywhere"


@dataclass(frozen=True)
class Loc:
    path: str
    line: int


class FakeNavigator:
    def __init__(self, answer=None, error=None):
        self.answer, self.error, self.calls = answer or [], error, []

    def references(self, name, *, path=None, line=None):
        self.calls.append((name, path, line))
        if self.error:
            raise self.error
        return self.answer


def context(files, message, navigator=None):
    tree = MemoryTree(files)
    anchors = message_anchors(message)
    paths = walk(tree, DEFAULT_BUDGETS).paths
    ctx = Context(
        tree=tree,
        anchors=anchors,
        paths=paths,
        index=PathIndex(paths),
        facts=message_facts(message, anchors),
        budgets=DEFAULT_BUDGETS,
        read=tree.read,
        navigator=navigator,
    )
    ctx.scan = scan(
        tree,
        paths,
        [n for _, n in GraphStrategy().needles(ctx)],
        DEFAULT_BUDGETS,
        float("inf"),
        MemoryScanner(),
    )
    return ctx


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
    ctx = context(FILES, "`Ledger.Post` should be renamed to `Record`")
    assert uses(GraphStrategy().find(ctx)) == [
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
    found = GraphStrategy().find(context(files, "Refactor formatBalance into the money module"))
    assert len(found) == DEFAULT_BUDGETS.uses_per_string
    assert found[0].path == "web/page00.ts" and found[0].line == 1
    assert "web/other.ts" not in {f.path for f in found} and "lib/fmt.ts" not in {f.path for f in found}


def test_the_navigator_answers_when_given():
    nav = FakeNavigator(
        [
            Loc("jobs/settle.go", 4),
            Loc("api/orders.go", 5),
            Loc("api/orders.go", 9),
            Loc("/usr/lib/go/src/fmt/print.go", 3),
        ]
    )
    found = GraphStrategy().find(context(FILES, RENAME, nav))
    assert uses(found) == [
        ("api/orders.go", 5, "references Ledger.Post"),
        ("jobs/settle.go", 4, "references Ledger.Post"),
    ]
    # It is asked for the symbol at its definition, so that other `Post`s are not mixed in.
    assert nav.calls == [("Post", "ledger/ledger.go", 5)]


def test_a_navigator_that_raises_or_finds_nothing_leaves_the_textual_uses():
    textual = [("api/orders.go", 5, "uses Ledger.Post"), ("jobs/settle.go", 4, "uses Ledger.Post")]
    for nav in (FakeNavigator(error=RuntimeError("server died")), FakeNavigator([]), object()):
        assert uses(GraphStrategy().find(context(FILES, RENAME, nav))) == textual


def test_no_refactoring_verb_no_graph():
    result = retrieve("`Ledger.Post` returns nil on overdraft", tree=MemoryTree(FILES))
    assert not next(s for s in result.strategies if s.strategy == "graph").ran
