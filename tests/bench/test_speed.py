"""`bcode bench speed`'s rows: a cold retrieval as a one-shot call makes it."""

from __future__ import annotations

import os

import pytest

from boundedcode.bench import speed
from boundedcode.engine import Engine
from boundedcode.scan import RipgrepScanner
from boundedcode.strategies.base import PathIndex

from ..conftest import write_tree


@pytest.mark.skipif(not RipgrepScanner().available(), reason="ripgrep is not installed")
def test_the_cold_row_never_finds_the_listing_facts_of_the_task_s_warm_engine(tmp_path, monkeypatch):
    commit = "a" * 40
    write_tree(tmp_path / commit, {"shop/ledger.py": "def post_entry(amount):\n    return amount\n"})
    task = {"instance_id": "t-1", "language": "python", "base_commit": commit}
    task["problem_statement"] = "post_entry loses the amount"
    engine, indexes = [], []  # whether the engine is at work; (not that, a kept index reused)
    built = PathIndex.of.__func__

    def of(cls, paths):
        kept = cls._last
        index = built(cls, paths)
        indexes.append((not engine, index is kept))
        return index

    def at_work(method):
        def run(*args, **kwargs):
            engine.append(True)
            try:
                return method(*args, **kwargs)
            finally:
                engine.pop()

        return run

    monkeypatch.setattr(PathIndex, "of", classmethod(of))
    monkeypatch.setattr(Engine, "prepare", at_work(Engine.prepare))
    monkeypatch.setattr(Engine, "retrieve", at_work(Engine.retrieve))
    (row,) = speed.measure([task], str(tmp_path), process=False)
    assert set(row.ms) == {"alone", "bare", "bare_cpu", "cold", "cold_cpu", "cold_rg_cpu", "warm"}
    assert all(ms >= 0 for ms in row.ms.values())
    assert all(row.ms[k] > 0 for k in ("alone", "bare", "cold", "cold_cpu", "warm"))
    assert (True, False) in indexes and (True, True) not in indexes


def test_the_cpu_floor_is_one_thread_s_cpu_or_all_of_it_over_the_cores():
    def row(n, cold, cold_cpu, cold_rg_cpu, bare):
        return speed.SpeedRow(
            f"t-{n}",
            "python",
            dict(cold=cold, cold_cpu=cold_cpu, cold_rg_cpu=cold_rg_cpu, bare=bare, warm=20),
        )

    rows = [row(1, 150, 120, 120, 90), row(2, 160, 100, 140, 100), row(3, 140, 110, 130, 80)]
    # Medians: this process 110, ripgrep 130, bare 90, cold 150.
    two = speed.cpu_floor(rows, 2)
    assert two is not None and ": 120 ms, 1.33× bare (measured 1.67×)" in two  # (110 + 130) / 2
    eight = speed.cpu_floor(rows, 8)
    assert eight is not None and ": 110 ms, 1.22× bare" in eight  # one thread's 110 ms
    assert speed.cpu_floor([speed.SpeedRow("t", "go", {"cold": 1.0, "bare": 1.0})], 2) is None
    assert speed.cpu_floor(rows, os.cpu_count() or 1) in speed.table(rows)  # under the tables
