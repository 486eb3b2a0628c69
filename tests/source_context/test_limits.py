"""Limits: every omission is named and marks the result partial; hard limits raise and store nothing."""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boundedcode.source_context import (
    STATUS_COMPLETE,
    STATUS_PARTIAL,
    QueryTimeout,
    ResultTooLarge,
    run_query,
)
from boundedcode.source_context.query import MAX_LINE_CHARS

from .conftest import commit

VCORE = {"registration_prefixes": ["AddSC_"]}


def query(profile, text, context=None, clock=None, prefix=""):
    request = {"kind": "source.context", "text": text, "path_prefix": prefix}
    if clock is None:
        return run_query(request, profile, context)
    return run_query(request, profile, context, clock=clock)


@pytest.fixture
def many(tmp_path) -> tuple[Path, str]:
    """Twenty files with two distant hits each, and an alias in the first."""
    files = {
        f"src/f{i:02d}.c": "\n".join(["int a;"] * 5 + ["x(777);"] + ["int b;"] * 30 + ["y(777);"]) + "\n"
        for i in range(20)
    }
    files["src/f00.c"] = "const int SEVENS = 777;\n" + files["src/f00.c"]
    repo = tmp_path / "many"
    return repo, commit(repo, files)


def test_match_limit_is_marked(many, make_profile):
    result = query(make_profile(*many, {"max_matches": 5}), "777")
    first = result["searches"][0]
    assert first["matches"] == 5 and first["complete"] is False
    assert first["skipped"]["reason"] == "max_matches" and first["skipped"]["more_matches"] is True
    assert first["skipped"]["files_not_searched"] == 20 - 3  # stopped inside the third file
    assert "max_matches" in result["limits_reached"] and result["status"] == STATUS_PARTIAL


def test_file_block_and_line_limits_are_marked(many, make_profile):
    result = query(make_profile(*many, {"max_matches": 40, "max_files": 3, "context_lines": 2}), "777")
    assert len(result["files"]) == 3 and "max_files" in result["limits_reached"]
    returned = [h for h in result["hits"] if h["context_returned"]]
    assert {h["path"] for h in returned} == {f["path"] for f in result["files"]}
    assert any(not h["context_returned"] for h in result["hits"])

    result = query(make_profile(*many, {"max_matches": 40, "max_blocks": 4}), "777")
    assert sum(len(f["blocks"]) for f in result["files"]) == 4
    assert "max_blocks" in result["limits_reached"] and result["status"] == STATUS_PARTIAL

    result = query(make_profile(*many, {"max_matches": 40, "max_total_lines": 25, "context_lines": 8}), "777")
    assert sum(len(b["lines"]) for f in result["files"] for b in f["blocks"]) == 25
    assert "max_total_lines" in result["limits_reached"]
    # A cut block stays centred on its hit, which is therefore still returned.
    assert [h["context_returned"] for h in result["hits"]][:2] == [True, True]


def test_follow_up_limit_is_marked(vcore, make_profile):
    result = query(make_profile(*vcore, {**VCORE, "max_searches": 2}), "23487", prefix="src/server")
    registration = [c for c in result["candidates"] if c["kind"] == "registration"][0]
    assert registration["followed_by"] is None and registration["not_followed"] == "max_searches"
    assert len(result["searches"]) == 2
    assert result["limits_reached"] == ["max_searches"] and result["status"] == STATUS_PARTIAL


def test_overlong_lines_are_cut_and_marked_with_their_line_number(tmp_path, make_profile):
    long_line = 'const char* BLOB = "' + "z" * 5000 + '"; // 4242'
    repo = tmp_path / "long"
    head = commit(repo, {"l.cpp": "int a;\nint b;\n" + long_line + "\nint c;\n"})
    result = query(make_profile(repo, head, {"context_lines": 1}), "4242")
    block = result["files"][0]["blocks"][0]
    assert block["start_line"] == 2 and len(block["lines"]) == 3
    assert block["cut_lines"] == [{"line": 3, "chars": len(long_line)}]
    assert block["lines"][1] == long_line[:MAX_LINE_CHARS]
    assert result["limits_reached"] == ["max_line_chars"] and result["status"] == STATUS_PARTIAL


def test_oversized_files_are_skipped_by_name(tmp_path, make_profile):
    repo = tmp_path / "big"
    head = commit(repo, {"big.sql": "-- 4242\n" + "x" * 3000 + "\n", "small.sql": "-- 4242\n"})
    result = query(make_profile(repo, head, limits={"file_bytes": 1000}), "4242")
    assert result["scope"]["skipped"]["over_file_bytes"] == {"count": 1, "paths": ["big.sql"]}
    assert [h["path"] for h in result["hits"]] == ["small.sql"]
    assert result["limits_reached"] == ["file_bytes"] and result["status"] == STATUS_PARTIAL


def test_search_bytes_limit_stops_the_request_search(many, make_profile):
    size = len(b"\n".join([b"int a;"] * 5 + [b"x(777);"] + [b"int b;"] * 30 + [b"y(777);"]) + b"\n")
    # f00.c is one alias line longer than the others: three files fit, the fourth does not.
    result = query(make_profile(*many, {"max_matches": 100}, {"search_bytes": size * 4}), "777")
    first = result["searches"][0]
    assert first["files_searched"] == 3 and first["skipped"]["files_not_searched"] == 17
    assert first["bytes_searched"] <= size * 4
    assert "search_bytes" in result["limits_reached"]


def test_internal_searches_get_only_their_share(many, make_profile):
    # The request search scans all 20 files; the alias search may scan only 5% of the budget.
    profile = make_profile(
        *many, {"max_matches": 100}, {"search_bytes": 100_000, "internal_search_share": 0.05}
    )
    result = query(profile, "777")
    request, alias = result["searches"]
    assert request["complete"] and request["files_searched"] == 20
    assert alias["origin"] == "alias" and alias["complete"] is False
    assert alias["skipped"]["reason"] == "internal_search_bytes"
    budget = result["budget"]
    assert budget["internal_search_bytes"]["used"] <= 5_000 == budget["internal_search_bytes"]["limit"]
    assert budget["search_bytes"]["used"] <= 100_000
    assert "internal_search_bytes" in result["limits_reached"]


def test_no_follow_up_starts_once_the_internal_share_is_spent(tmp_path, make_profile):
    filler = "int filler;\n" * 50
    repo = tmp_path / "r"
    head = commit(repo, {"a.c": f"int K1 = 9;\nint K2 = 9;\n{filler}", "b.c": filler})
    size = len(f"int K1 = 9;\nint K2 = 9;\n{filler}".encode())
    result = query(
        make_profile(repo, head, {}, {"search_bytes": 10 * size, "internal_search_share": 0.1}), "9"
    )
    k1, k2 = result["candidates"]
    assert k1["followed_by"] == 1 and result["searches"][1]["complete"] is False
    assert k2["followed_by"] is None and k2["not_followed"] == "internal_search_bytes"


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(
    matches=st.integers(1, 30),
    files=st.integers(1, 25),
    blocks=st.integers(1, 25),
    lines=st.integers(1, 200),
    context_lines=st.integers(0, 10),
    searches=st.integers(1, 5),
    search_kib=st.integers(1, 20),
    share=st.floats(0.01, 1.0),
)
def test_the_budget_is_never_exceeded(
    many, make_profile, matches, files, blocks, lines, context_lines, searches, search_kib, share
):
    profile = make_profile(
        *many,
        {
            "max_matches": matches,
            "max_files": files,
            "max_blocks": blocks,
            "max_total_lines": lines,
            "context_lines": context_lines,
            "max_searches": searches,
        },
        {"search_bytes": search_kib * 1024, "internal_search_share": share},
    )
    result = query(profile, "777")
    for use in result["budget"].values():
        assert use["used"] <= use["limit"]
    assert all(s["matches"] <= matches for s in result["searches"])
    assert all(
        not h["context_returned"] or any(f["path"] == h["path"] for f in result["files"])
        for h in result["hits"]
    )
    incomplete = any(not s["complete"] for s in result["searches"])
    assert (result["status"] == STATUS_PARTIAL) == bool(result["limits_reached"])
    assert not incomplete or result["status"] == STATUS_PARTIAL


class FakeClock:
    """Advances `step` seconds at every reading."""

    def __init__(self, step: float):
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_timeout_is_a_controlled_error_and_stores_nothing(many, make_profile, tmp_path):
    profile = make_profile(*many, {"max_matches": 100}, {"time_frame_s": 5})
    context = tmp_path / "ctx"
    with pytest.raises(QueryTimeout, match="time frame"):
        query(profile, "777", context=str(context), clock=FakeClock(1.0))
    assert os.listdir(context / "captures") == []
    # The same query with a clock that barely moves completes and is stored.
    result = query(profile, "777", context=str(context), clock=FakeClock(1e-6))
    assert result["capture"]["sequence"] == 1


def test_result_bytes_limit_is_a_controlled_error_and_stores_nothing(many, make_profile, tmp_path):
    profile = make_profile(*many, {}, {"result_bytes": 2000})
    context = tmp_path / "ctx"
    with pytest.raises(ResultTooLarge, match="result_bytes"):
        query(profile, "777", context=str(context))
    assert os.listdir(context / "captures") == []


def test_complete_means_no_reported_omission(vcore, make_profile):
    result = query(make_profile(*vcore, VCORE), "23487", prefix="src/server")
    assert result["status"] == STATUS_COMPLETE and result["limits_reached"] == []
    assert all(s["complete"] for s in result["searches"])
    assert all(h["context_returned"] for h in result["hits"])
