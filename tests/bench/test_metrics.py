from __future__ import annotations

import pytest

from boundedcode.bench.metrics import aggregate, distinct, percentile, score


def test_distinct_keeps_first_rank_of_each_file():
    assert distinct(["a", "b", "a", "c", "b"]) == ["a", "b", "c"]


def test_score_one_of_two_gold_files_at_rank_three():
    s = score(["a", "b", "a", "c", "d"], ["c", "x"])
    assert s.recall == 0.5
    assert s.all_found is False
    assert s.acc == {1: False, 3: False, 5: False, 10: False}
    assert s.precision == 0.25
    assert s.reciprocal_rank == pytest.approx(1 / 3)
    assert s.hits == ("c",)


def test_score_all_gold_files_within_three():
    s = score(["a", "b", "c", "d", "e", "f"], ["c", "b"])
    assert (s.recall, s.all_found, s.precision, s.reciprocal_rank) == (1.0, True, pytest.approx(2 / 6), 0.5)
    assert s.acc == {1: False, 3: True, 5: True, 10: True}
    assert s.hits == ("b", "c")


def test_score_first_place_and_empty_block():
    first = score(["g"], ["g"])
    assert first.acc == {1: True, 3: True, 5: True, 10: True} and first.reciprocal_rank == 1.0
    empty = score([], ["g"])
    assert (empty.recall, empty.precision, empty.reciprocal_rank, empty.acc[10]) == (0.0, None, 0.0, False)


def test_score_needs_gold():
    with pytest.raises(ValueError):
        score(["a"], [])


def test_percentile_nearest_rank():
    values = [5.0, 1.0, 3.0, 2.0, 4.0, 10.0, 7.0, 6.0, 9.0, 8.0]
    assert percentile(values, 50) == 5.0
    assert percentile(values, 95) == 10.0
    assert percentile(values, 10) == 1.0
    assert percentile([], 50) is None


def _record(ranked, gold, tokens, latency):
    return {"scores": score(ranked, gold).to_json(), "tokens": tokens, "latency_ms": latency, "error": None}


def test_aggregate_exact_figures():
    records = [
        _record(["a", "b"], ["a"], 10, 4.0),  # recall 1, rr 1, precision .5
        _record(["x", "y", "z", "b"], ["b", "c"], 20, 1.0),  # recall .5, rr .25, precision .25
        _record([], ["q"], 0, 2.0),
    ]  # recall 0, empty block
    agg = aggregate(records)
    assert agg["tasks"] == 3
    assert agg["recall"] == pytest.approx(0.5)
    assert agg["all_found"] == pytest.approx(1 / 3, abs=1e-6)
    assert agg["acc@1"] == pytest.approx(1 / 3, abs=1e-6)
    assert agg["acc@5"] == pytest.approx(1 / 3, abs=1e-6)
    assert agg["precision"] == pytest.approx(0.375)
    assert agg["empty"] == 1
    assert agg["mrr"] == pytest.approx(1.25 / 3, abs=1e-6)
    assert agg["tokens"] == pytest.approx(10.0)
    assert (agg["p50_ms"], agg["p95_ms"], agg["max_ms"]) == (2.0, 4.0, 4.0)
    assert agg["errors"] == 0
