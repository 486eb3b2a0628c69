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


@pytest.mark.skipif(not RipgrepScanner().available(), reason="ripgrep is not installed")
def test_other_budgets_reach_the_retrievals_and_ripgrep_s_needles_and_leave_out_the_process(
    tmp_path, monkeypatch, capsys
):
    import json

    import boundedcode.api
    import boundedcode.engine
    from boundedcode.seeds.terms import stem

    commit = "b" * 40
    write_tree(tmp_path / commit, {"shop/ledger.py": "def post_entry(amount):\n    return amount\n"})
    message = "post_entry loses the amount when the ledger rounds refunds twice"
    tasks = tmp_path / "tasks.jsonl"
    tasks.write_text(
        json.dumps(
            {"instance_id": "t-1", "language": "python", "base_commit": commit, "problem_statement": message}
        )
        + "\n"
    )
    budgets, terms = [], []
    for module in (boundedcode.api, boundedcode.engine):  # the cold call's and the warm engine's
        monkeypatch.setattr(module, "retrieve", _spy(module.retrieve, budgets))
    searched = speed._Ripgrep._rg

    def rg(self, repo, flags, texts, paths):
        if flags == ["-n", "-F", "-i"]:  # the terms' spellings over the documents
            terms.append(texts)
        return searched(self, repo, flags, texts, paths)

    monkeypatch.setattr(speed._Ripgrep, "_rg", rg)
    argv = ["--tasks", str(tasks), "--checkouts", str(tmp_path), "--set-budget", "scan_terms=1"]
    assert speed.main(argv) == 0
    out = capsys.readouterr().out
    assert "the engine, cold" in out and "`bcode retrieve --json` as a process" not in out
    asked = [b for b in budgets if b is not None]
    assert len(asked) >= 2 and all(b.scan_terms == 1 for b in asked)  # cold and warm, the message's
    (spelled,) = terms
    assert spelled and len({stem(word.lower()) for word in spelled}) == 1  # one term's spellings


def _spy(retrieve, budgets: list):
    def spied(message, repo=".", **options):
        budgets.append(options.get("budgets"))
        return retrieve(message, repo, **options)

    return spied
