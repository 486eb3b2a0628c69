import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boundedcode.checkout.budgets import DEFAULT_BUDGETS
from boundedcode.model import Anchor, Finding
from boundedcode.rank import RankFacts, rank
from boundedcode.render import explain_lines
from boundedcode.weights import PER_NAME_EXCEPTIONS, RELATIVE_CUT, REPEAT_DECAY, TAIL_CUT, TAIL_FROM


def f(path, anchor, strategy="symbols", rel=0.8, spec=1.0, line=1, kind="name"):
    return Finding(path, line, strategy, Anchor(kind, anchor), rel, f"{strategy} {anchor}", specificity=spec)


def test_independent_evidence_combines_and_each_anchor_counts_once():
    items = rank(
        [
            f("a.py", "x", rel=0.8),
            f("a.py", "x", strategy="lexical", rel=0.6),  # same anchor: max
            f("b.py", "x", rel=0.5),
            f("b.py", "y", strategy="lexical", rel=0.5),  # two anchors, two strategies
        ],
        RankFacts(),
    ).items
    scores = {it.path: it.score for it in items}
    assert scores["a.py"] == pytest.approx(0.8)
    assert scores["b.py"] == pytest.approx(1 - 0.5 * 0.5)


def test_a_strategys_further_findings_in_a_file_count_less_and_less():
    items = rank(
        [f("a.py", "x", rel=0.8), f("a.py", "y", rel=0.6), f("a.py", "z", rel=0.4), f("b.py", "x", rel=0.8)],
        RankFacts(),
        explain=True,
    ).items
    a = next(it for it in items if it.path == "a.py")
    assert a.score == pytest.approx(1 - (1 - 0.8) * (1 - 0.6 * REPEAT_DECAY) * (1 - 0.4 * REPEAT_DECAY**2))
    assert [c.repeat for c in a.explain.contributions] == [1.0, REPEAT_DECAY, REPEAT_DECAY**2]
    assert "× repeat 0.5 = 0.300" in "\n".join(explain_lines(a.explain))
    assert a.score < 1 - (1 - 0.8) * (1 - 0.6) * (1 - 0.4)  # what counting each in full gives


def test_a_path_word_counts_once_however_many_strategies_saw_it():
    items = rank(
        [
            f("ledger.go", "ledger", strategy="paths", rel=0.5, kind="word"),
            f("ledger.go", "ledger", strategy="discovery", rel=0.5, kind="path_words"),
            f("ledger.go", "message words", strategy="fulltext", rel=0.8, kind="fulltext"),
        ],
        RankFacts(),
        explain=True,
    ).items
    (it,) = items
    assert it.score == pytest.approx(1 - (1 - 0.8) * (1 - 0.5))  # the path word once, the text once
    dropped = [c for c in it.explain.contributions if c.repeat == 0.0]
    assert [c.strategy for c in dropped] == ["paths"]  # equal weights: the tie goes by strategy name
    assert "× 0 (a path word already counted)" in "\n".join(explain_lines(it.explain))


def test_demotions_for_tests_examples_and_prose():
    items = rank(
        [
            f("src/cart.py", "a"),
            f("tests/test_cart.py", "b"),
            f("examples/demo.py", "c"),
            f("docs/guide.md", "d"),
            f("web/static/jquery-3.5.1.js", "e"),
            f("web/static/app-v2.js", "f"),
            f("src/index.d.ts", "g"),
            f("stubs/cart.pyi", "h"),
        ],
        RankFacts(),
    ).items
    scores = {it.path: it.score for it in items}
    assert scores["src/index.d.ts"] == scores["stubs/cart.pyi"] == pytest.approx(0.8 * 0.8)  # declarations
    explained = rank([f("src/index.d.ts", "g"), f("stubs/cart.pyi", "h")], RankFacts(), explain=True).items
    assert {it.path: it.explain.demoted_as for it in explained} == {
        "src/index.d.ts": "declaration",
        "stubs/cart.pyi": "declaration",
    }
    assert scores["web/static/jquery-3.5.1.js"] == pytest.approx(0.8 * 0.5)  # a vendored release
    assert scores["web/static/app-v2.js"] == pytest.approx(0.8)  # a version of its own, not a release
    assert scores["src/cart.py"] == pytest.approx(0.8)
    assert scores["tests/test_cart.py"] == pytest.approx(0.8 * 0.6)
    assert scores["examples/demo.py"] == pytest.approx(0.8 * 0.7)
    assert scores["docs/guide.md"] == pytest.approx(0.8 * 0.5)
    migrations = rank(
        [f("shop/migrations/0002_cart_total.py", "i"), f("shop/migrations/views.py", "j")], RankFacts()
    )
    scores = {it.path: it.score for it in migrations.items}
    assert scores["shop/migrations/0002_cart_total.py"] == pytest.approx(0.8 * 0.5)  # a schema's past
    assert scores["shop/migrations/views.py"] == pytest.approx(0.8)  # no migration of its own
    about_tests = {
        it.path: it.score for it in rank([f("tests/test_cart.py", "b")], RankFacts(about_tests=True)).items
    }
    assert about_tests["tests/test_cart.py"] == pytest.approx(0.8)


def test_a_path_of_several_kinds_is_demoted_by_the_first_rule_the_message_leaves_applying():
    # A test that is also an example is a test unless the message is about tests; an example's
    # guide is an example even when prose is asked for. The same whether a host prepared the
    # paths' rules before its queries or a query meets them first.
    from boundedcode.rank import _demotion, _path_kinds, demotion, prepare_paths

    expected = {
        ("tests/examples/test_demo.py", False, False): (0.6, "test"),
        ("tests/examples/test_demo.py", True, False): (0.7, "example"),
        ("examples/guide.md", False, False): (0.7, "example"),
        ("examples/guide.md", False, True): (0.7, "example"),
        ("docs/guide.md", False, False): (0.5, "prose"),
        ("docs/guide.md", False, True): (1.0, None),
        ("tests/test_cart.py", True, True): (1.0, None),
    }
    for prepared in (False, True):
        _demotion.cache_clear()
        _path_kinds.cache_clear()
        if prepared:
            prepare_paths([path for path, _, _ in expected])
        for (path, about_tests, prose), want in expected.items():
            assert demotion(path, RankFacts(about_tests=about_tests, is_question=prose)) == want, path


def test_relative_cut_and_the_per_name_exception():
    findings = [
        f("best.go", "Ledger", rel=0.9),
        f("weak.ts", "formatBalance", rel=0.25),
        f("weaker.ts", "other", rel=0.2),
    ]
    plain = rank(findings, RankFacts())
    assert [it.path for it in plain.items] == ["best.go"] and not plain.over_items
    kept = rank(findings, RankFacts(prose_names=("name:formatBalance",)))
    assert [it.path for it in kept.items] == ["best.go", "weak.ts"] and not kept.over_items


def test_past_the_first_places_a_place_must_come_closer_to_the_best():
    # One strong place, then places 0.4 to 0.3 of the best: the relative cut keeps them all, the
    # tail keeps those within TAIL_CUT of the best only.
    scores = [1.0] + [0.4 - 0.01 * i for i in range(11)]
    findings = [f(f"f{i:02}.py", f"n{i}", rel=s) for i, s in enumerate(scores)]
    assert TAIL_CUT > 0.4
    assert [it.path for it in rank(findings, RankFacts()).items] == [f"f{i:02}.py" for i in range(TAIL_FROM)]
    assert len(rank(findings, RankFacts(), tail_cut=0.0).items) == 12  # without it, every one


def test_at_most_twelve_items_ordered_by_score_then_path():
    findings = [f(f"f{i:02}.py", f"n{i}", rel=0.5) for i in range(20)]
    ranking = rank(findings, RankFacts())
    assert len(ranking.items) == 12 and ranking.over_items
    assert [it.path for it in ranking.items] == [f"f{i:02}.py" for i in range(12)]
    assert not rank(findings[:12], RankFacts()).over_items


def test_explain_names_every_factor():
    (item,) = rank([f("tests/test_a.py", "x", rel=0.8, spec=0.5)], RankFacts(), explain=True).items
    (c,) = item.explain.contributions
    assert (c.strategy, c.anchor, c.reliability, c.specificity) == ("symbols", "name:x", 0.8, 0.5)
    assert (item.explain.combined, item.explain.demotion, item.explain.demoted_as) == (0.4, 0.6, "test")
    assert item.explain.score == item.score == 0.4 * 0.6
    lines = explain_lines(item.explain)
    assert lines[0].startswith("symbols name:x: reliability 0.80 × specificity 0.50 = 0.400")
    assert lines[-2:] == ["demoted ×0.6 (test)", "score 0.240"]


def frame(path, line, depth, printed=None):
    anchor = Anchor("frame", printed or f"/srv/app/{path}", "evidence", -1, line=line, weight=float(depth))
    return Finding(
        path, line, "stack_trace", anchor, 0.95, f"stack frame {path}:{line}", specificity=0.85**depth
    )


def test_an_item_carries_every_located_line_in_order_of_weight():
    diagnostics = [
        f("src/a.py", "d", strategy="build_error", rel=0.9, line=n, kind="diagnostic") for n in (88, 12, 40)
    ]
    items = rank([*diagnostics, frame("src/a.py", 7, 0), frame("src/a.py", 3, 1)], RankFacts()).items
    assert items[0].line == 7
    assert items[0].lines == (
        7,
        12,
        40,
        88,
        3,
    )  # the frame, the diagnostics (equal: by line), the outer frame


def test_equal_scores_keep_the_innermost_frame_first():
    # Both files saturate at the same score; the file holding the shallower frame leads, whatever the path.
    findings = [frame("z/inner.py", 9, 0), frame("a/outer.py", 5, 0, printed="/srv/app/a/outer.py")]
    findings[1] = Finding(
        "a/outer.py", 5, "stack_trace", Anchor("frame", "/x/a/outer.py", line=5, weight=2.0), 0.95, "r"
    )
    assert [it.path for it in rank(findings, RankFacts()).items] == ["z/inner.py", "a/outer.py"]


def test_a_frame_and_its_function_s_name_from_the_trace_count_once_in_a_file():
    # The trace names `Registry.identify_format` (an outer frame, whose text also seeds the name)
    # and `is_fits` (the innermost frame, where it raised): the outer file no longer counts the
    # frame and the definition as two facts.
    def frame(path, function, depth, spec):
        a = Anchor("frame", "/site-packages/" + path, line=9, weight=float(depth), detail=function)
        return Finding(path, 9, "stack_trace", a, 0.95, "stack frame", specificity=spec)

    items = rank(
        [
            frame("io/registry.py", "Registry.identify_format", 1, 0.85),
            f("io/registry.py", "identify_format", rel=0.8),
            f("io/registry.py", "Registry.identify_format", rel=0.8, spec=0.6, kind="member"),
            frame("io/connect.py", "is_fits", 0, 1.0),
            f("io/connect.py", "is_fits", rel=0.8, spec=0.6),
        ],
        RankFacts(),
        explain=True,
    ).items
    assert [it.path for it in items] == ["io/connect.py", "io/registry.py"]
    registry = next(it for it in items if it.path == "io/registry.py")
    assert registry.score == pytest.approx(0.95 * 0.85)  # the frame; its function's two names dropped
    assert sorted(c.repeat for c in registry.explain.contributions) == [0.0, 0.0, 1.0]
    connect = next(it for it in items if it.path == "io/connect.py")
    assert connect.score == pytest.approx(0.95)


def test_one_text_seeding_two_anchors_counts_once_in_a_file():
    # `a.get_backend()` seeds a module and a member: two strategies find the one definition.
    items = rank(
        [
            f("a/__init__.py", "a.get_backend", strategy="reexports", rel=0.85, kind="module"),
            Finding(
                "a/__init__.py",
                1,
                "symbols",
                Anchor("member", "get_backend", qualifier="a"),
                0.8,
                "defines",
                specificity=0.8,
            ),
            f("a/axes.py", "hexbin", rel=0.8),
            f("a/axes.py", "message words", strategy="fulltext", rel=0.8, kind="fulltext"),
        ],
        RankFacts(),
        explain=True,
    ).items
    scores = {it.path: it.score for it in items}
    assert scores["a/__init__.py"] == pytest.approx(0.85)  # not 1 − 0.15 × 0.36
    assert [it.path for it in items] == ["a/axes.py", "a/__init__.py"]
    init = next(it for it in items if it.path == "a/__init__.py")
    assert [c.repeat for c in init.explain.contributions] == [1.0, 0.0]
    assert "× 0 (the same name already counted)" in "\n".join(explain_lines(init.explain))


def test_a_samples_import_and_the_module_it_names_are_one_name():
    # `from a.db import models` seeds the import `a.db` and the module `a.db`.
    (it,) = rank(
        [
            f("a/db/__init__.py", "a.db", strategy="reexports", rel=0.6, kind="import"),
            f("a/db/__init__.py", "a.db", strategy="modules", rel=0.85, spec=0.7, kind="module"),
        ],
        RankFacts(),
    ).items
    assert it.score == pytest.approx(0.6)


_PATHS = [f"pkg/m{i}.py" for i in range(8)] + ["tests/test_m.py", "docs/guide.md", "examples/demo.py"]
_FINDING = st.builds(
    f,
    st.sampled_from(_PATHS),
    st.sampled_from(["x", "y", "z", "Ledger", "a.b"]),
    st.sampled_from(["symbols", "lexical", "fulltext", "discovery", "paths"]),
    st.sampled_from([0.0, 0.1, 0.25, 0.5, 0.6, 0.8, 0.9, 1.0]),
    st.sampled_from([0.05, 0.3, 0.5, 1.0]),
    st.sampled_from([None, 1, 7]),
    st.sampled_from(["name", "word", "path_words", "module"]),
)


@settings(max_examples=300, deadline=None)
@given(st.lists(_FINDING, max_size=40), st.lists(st.sampled_from(["name:x", "name:y", "word:z"]), max_size=3))
def test_scoring_files_by_their_bounds_keeps_the_cut_of_scoring_them_all(findings, prose):
    # Only files whose bound can pass the cut are scored; the ranking is the one every file's
    # score gives: the full order (nothing cut) with the relative cut, the tail and the per-name
    # exceptions applied to it.
    facts = RankFacts(prose_names=tuple(prose))
    every = rank(findings, facts, max_items=10**6, relative_cut=0.0, tail_cut=0.0).items
    got = rank(findings, facts)
    if not every:
        assert got.items == []
        return
    best = every[0].score
    above = [it for it in every if it.score >= RELATIVE_CUT * best]
    above = [it for i, it in enumerate(above) if i < TAIL_FROM or it.score >= TAIL_CUT * best]
    items = DEFAULT_BUDGETS.block_items
    kept = above[:items]
    extra = []
    for key in prose:
        if len(extra) >= PER_NAME_EXCEPTIONS:
            break
        if any(key in it.anchors for it in kept):
            continue
        chosen = {it.path for it in kept + extra}
        extra += [it for it in every if key in it.anchors and it.path not in chosen][:1]
    if extra:
        kept = kept[: items - len(extra)] + extra
        order = {it.path: i for i, it in enumerate(every)}
        kept.sort(key=lambda it: order[it.path])
    assert got.items == kept
    assert got.over_items == (len(above) + len(extra) > items)
