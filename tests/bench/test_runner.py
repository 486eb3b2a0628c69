from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from boundedcode.bench.runner import BenchConfig, Progress, RecordStore, plan_methods, run_bench

from .conftest import FakeEngine, snapshot


def _config(tmp_path: Path, task_file: Path, mirror: dict, **kw) -> BenchConfig:
    return BenchConfig(
        tasks=str(task_file),
        mirrors=[str(mirror["folder"])],
        out=str(tmp_path / "out"),
        cache=str(tmp_path / "cache"),
        command="bcode bench direct (test)",
        date="2024-01-01",
        **kw,
    )


def _records(tmp_path: Path) -> list[dict]:
    return [json.loads(line) for line in (tmp_path / "out" / "records.jsonl").read_text().splitlines()]


def test_plan_methods():
    assert [m.name for m in plan_methods("adaptive", ["basic", "bm25"], ["symbols"])] == [
        "adaptive",
        "adaptive-without-symbols",
        "basic",
        "bm25",
    ]
    assert [m.name for m in plan_methods("basic", ["basic", "bm25"], [])] == ["basic", "bm25"]


def test_full_run_records_and_reports(tmp_path: Path, task_file: Path, mirror: dict):
    before = snapshot(mirror["git_dir"])
    engine = FakeEngine()
    summary = run_bench(
        _config(tmp_path, task_file, mirror, without=["paths"]), retrieve=engine, stream=io.StringIO()
    )
    assert snapshot(mirror["git_dir"]) == before
    assert summary["tasks"]["run"] == 3
    assert summary["tasks"]["skipped"] == {"no fetch_repo": 1, "no mirror": 1, "unusable": 1}
    recs = _records(tmp_path)
    # tasks x tracks x (adaptive, adaptive-without-paths, basic, bm25, bm25-functions, fusion)
    assert len(recs) == 3 * 2 * 6
    by = {(r["instance_id"], r["track"], r["method"]): r for r in recs}
    one = by[("shop-1", "direct", "adaptive")]
    assert (
        one["files"] == ["src/cart.py"] and one["hits"] == ["src/cart.py"] and one["scores"]["recall"] == 1.0
    )
    assert one["kind"] == "names code" and one["latency_ms"] == 6.0
    assert by[("shop-3", "direct", "adaptive")]["kind"] == "describes"
    bounded = by[("shop-1", "bounded", "adaptive")]
    assert bounded["evidence_lines"] == 1
    assert ("Cart add_item fails", "adaptive", ()) in engine.calls
    assert by[("shop-2", "bounded", "adaptive")]["evidence_lines"] == 0
    assert by[("shop-2", "direct", "bm25")]["files"][:2] == ["src/refund.py", "src/ledger.py"]
    assert by[("shop-1", "direct", "adaptive-without-paths")]["files"] == []
    # The function-level index leaves test files out; the fusion holds both lists' files.
    functions = by[("shop-1", "direct", "bm25-functions")]["files"]
    assert functions and not any(f.startswith("tests/") for f in functions)
    fused = by[("shop-1", "direct", "fusion")]["files"]
    assert fused[0] == "src/cart.py" and set(fused) == set(functions) | {"src/cart.py"}
    overall = summary["groups"]["overall"]["overall"]["direct"]
    assert set(overall["methods"]) == {
        "adaptive",
        "adaptive-without-paths",
        "basic",
        "bm25",
        "bm25-functions",
        "fusion",
    }
    assert set(overall["ratios"]) == {"basic", "bm25", "bm25-functions", "fusion"}
    assert summary["strategies"]["direct"]["paths"]["recall_lost"] == pytest.approx(
        overall["methods"]["adaptive"]["recall"] - overall["methods"]["adaptive-without-paths"]["recall"],
        abs=1e-6,
    )
    assert summary["bounded_without_evidence"] == 1
    md = (tmp_path / "out" / "summary.md").read_text()
    assert "| overall | 3* | adaptive |" in md and "adaptive ÷ bm25" in md and "| python |" in md
    html = (tmp_path / "out" / "report.html").read_text()
    assert html.count("<svg") == 2 and "Recall against block tokens" in html


def _without_clock(value):
    """The summary minus what the clock decides (latencies, their ratios, harness timing)."""
    if isinstance(value, dict):
        return {
            k: _without_clock(v)
            for k, v in value.items()
            if not (k.endswith("_ms") or k in ("timing", "latency_cdf_ms"))
        }
    return value


def test_output_is_deterministic(tmp_path: Path, task_file: Path, mirror: dict):
    cfg = _config(tmp_path, task_file, mirror, baselines=["bm25"])
    first = run_bench(cfg, retrieve=FakeEngine(), stream=io.StringIO())
    files = [r["files"] for r in _records(tmp_path)]
    (tmp_path / "out" / "records.jsonl").unlink()
    second = run_bench(cfg, retrieve=FakeEngine(), stream=io.StringIO())
    assert _without_clock(first) == _without_clock(second)
    assert [r["files"] for r in _records(tmp_path)] == files


def test_interrupted_run_resumes_without_recomputing(tmp_path: Path, task_file: Path, mirror: dict):
    cfg = _config(tmp_path, task_file, mirror, baselines=["basic"])
    with pytest.raises(KeyboardInterrupt):
        run_bench(cfg, retrieve=FakeEngine(fail_after=5), stream=io.StringIO())
    done = _records(tmp_path)
    assert len(done) == 5
    with open(tmp_path / "out" / "records.jsonl", "a") as f:
        f.write('{"key": "half a rec')  # killed mid-write
    engine = FakeEngine()
    summary = run_bench(cfg, retrieve=engine, stream=io.StringIO())
    assert len(engine.calls) == 3 * 2 * 2 - 5
    recs = _records(tmp_path)
    assert len(recs) == 12 and len({r["key"] for r in recs}) == 12
    assert summary["groups"]["overall"]["overall"]["direct"]["methods"]["adaptive"]["tasks"] == 3
    # Other options are other records: switching a strategy off computes only the new variant.
    engine = FakeEngine()
    run_bench(
        _config(tmp_path, task_file, mirror, baselines=["basic"], without=["paths"]),
        retrieve=engine,
        stream=io.StringIO(),
    )
    assert {c[2] for c in engine.calls} == {("paths",)} and len(engine.calls) == 3 * 2


def test_engine_failure_is_a_recorded_miss_and_retried(tmp_path: Path, task_file: Path, mirror: dict):
    def broken(*args, **kwargs):
        raise RuntimeError("boom")

    summary = run_bench(
        _config(tmp_path, task_file, mirror, baselines=[], tracks=["direct"]),
        retrieve=broken,
        stream=io.StringIO(),
    )
    assert summary["groups"]["overall"]["overall"]["direct"]["methods"]["adaptive"]["errors"] == 3
    assert all(r["error"] == "RuntimeError: boom" for r in _records(tmp_path))
    engine = FakeEngine()
    run_bench(
        _config(tmp_path, task_file, mirror, baselines=[], tracks=["direct"]),
        retrieve=engine,
        stream=io.StringIO(),
    )
    assert len(engine.calls) == 3


def test_language_and_limit(tmp_path: Path, task_file: Path, mirror: dict):
    summary = run_bench(
        _config(tmp_path, task_file, mirror, limit=1, tracks=["direct"], baselines=[]),
        retrieve=FakeEngine(),
        stream=io.StringIO(),
    )
    assert summary["tasks"]["run"] == 1 and [r["instance_id"] for r in _records(tmp_path)] == ["shop-1"]
    assert summary["tasks"]["skipped"] == {}  # the skipped tasks lie beyond the limit


def test_record_store_cuts_a_partial_line(tmp_path: Path):
    path = tmp_path / "r.jsonl"
    path.write_text('{"key": "a", "v": 1}\n{"key": "b", "v"')
    store = RecordStore(str(path))
    store.append({"key": "c", "v": 3})
    store.close()
    assert path.read_text() == '{"key": "a", "v": 1}\n{"key": "c", "v": 3}\n'


def test_progress_estimates_time_left():
    out = io.StringIO()
    now = [0.0]
    progress = Progress(4, 3, out, clock=lambda: now[0])
    now[0] = 10.0
    progress.advance("repo a", computed=True)
    progress.advance("repo b", computed=False)  # resumed: does not change the rate
    now[0] = 20.0
    progress.advance("repo c", computed=True)
    progress.advance("repo d", computed=True)
    lines = out.getvalue().splitlines()
    assert lines[0].startswith("[#######") and "1/4 tasks" in lines[0] and "~0:00:20 left" in lines[0]
    assert "4/4 tasks" in lines[-1] and "~0:00:00 left" in lines[-1]


def test_a_run_under_other_budgets_hands_them_to_the_engine_and_keeps_its_records_apart(
    tmp_path: Path, task_file: Path, mirror: dict
):
    # The measured method runs with the budgets set (the baselines have none); its records say so
    # and have keys of their own, so a run of the defaults into the same folder computes its own.
    engine = FakeEngine()
    config = _config(tmp_path, task_file, mirror, baselines=["bm25"], budgets={"scan_terms": 7})
    run_bench(config, retrieve=engine, stream=io.StringIO())
    assert engine.calls and all(b is not None and b.scan_terms == 7 for b in engine.budgets)
    assert all(b.time_s == 3.0 for b in engine.budgets)  # every other budget at its default
    by_method = {r["method"]: r["options"] for r in _records(tmp_path)}
    assert by_method == {
        "adaptive": {"engine": "adaptive", "without": [], "budgets": {"scan_terms": 7}},
        "bm25": {"engine": "bm25", "without": []},
    }
    calls = len(engine.calls)
    run_bench(_config(tmp_path, task_file, mirror, baselines=["bm25"]), retrieve=engine, stream=io.StringIO())
    assert len(engine.calls) == 2 * calls and engine.budgets[calls:] == [None] * calls
    defaults = [r for r in _records(tmp_path) if r["method"] == "adaptive" and "budgets" not in r["options"]]
    assert len(defaults) == calls
