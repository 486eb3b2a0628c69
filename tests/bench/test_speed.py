"""`bcode bench speed`'s rows: a cold retrieval as a one-shot call makes it."""

from __future__ import annotations

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
    assert set(row.ms) == {"alone", "bare", "cold", "warm"}
    assert all(ms > 0 for ms in row.ms.values())
    assert (True, False) in indexes and (True, True) not in indexes
