"""What report.html and summary.md tell a reader: definitions, per-task rows, warnings, directions."""

from __future__ import annotations

import argparse
import io
import re
from pathlib import Path

from boundedcode.bench import command
from boundedcode.bench.report import _ratio, latency_svg
from boundedcode.bench.runner import BenchConfig, run_bench

from .conftest import FakeEngine


def _summary(tmp_path: Path, task_file: Path, mirror: dict) -> dict:
    config = BenchConfig(
        tasks=str(task_file),
        mirrors=[str(mirror["folder"])],
        out=str(tmp_path / "out"),
        cache=str(tmp_path / "cache"),
        command="bcode bench direct (test)",
        date="2024-01-01",
    )
    return run_bench(config, retrieve=FakeEngine(), stream=io.StringIO())


def test_the_report_defines_its_figures_and_lists_every_task(tmp_path, task_file, mirror):
    summary = _summary(tmp_path, task_file, mirror)
    html = (tmp_path / "out" / "report.html").read_text()
    md = (tmp_path / "out" / "summary.md").read_text()
    for text in (html, md):
        assert "What the figures mean" in text and "MRR 1.0 beside Acc@1 0%" in text
    assert '<h2 id="per-task">Per task</h2>' in html
    rows = {t["instance_id"]: t for t in summary["per_task"]["direct"]}
    assert set(rows) == {"shop-1", "shop-2", "shop-3"}
    assert (rows["shop-1"]["found"], rows["shop-1"]["first_gold_rank"]) == (1, 1)
    assert rows["shop-3"]["missed"] == ["README.md"] and rows["shop-3"]["first_gold_rank"] is None
    assert '<table class="tasks">' in html and "<td>shop-3</td><td>python</td>" in html
    assert "README.md" in html
    # Three tasks: the reader is told how little that says.
    assert any("only 3 task(s)" in w for w in summary["warnings"])
    assert 'class="warning">Warning: direct track: only 3 task(s)' in html


def test_ratio_cells_say_which_way_is_better():
    assert _ratio("recall", 1.25) == "×1.25 better"
    assert _ratio("recall", 0.5) == "×0.50 worse"
    assert _ratio("tokens", 1.25) == "×1.25 worse"
    assert _ratio("p95_ms", 0.5) == "×0.50 better"
    assert _ratio("mrr", 1.0) == "×1.00 same" and _ratio("mrr", None) == "–"


def test_the_latency_plot_is_drawn_in_steps():
    summary = {
        "methods": ["adaptive"],
        "tracks": ["direct"],
        "latency_cdf_ms": {"direct": {"adaptive": [[5.0, 0.25], [9.0, 0.5], [40.0, 1.0]]}},
    }
    svg = latency_svg(summary)
    (points,) = re.findall(r'<polyline points="([^"]+)"', svg)
    xy = [tuple(map(float, p.split(","))) for p in points.split()]
    assert len(xy) == 6
    for (x0, y0), (x1, y1) in zip(xy, xy[1:]):
        assert x0 == x1 or y0 == y1  # every segment is flat or upright, never slanted


def test_a_run_where_no_task_can_run_fails_with_a_clear_message(tmp_path, task_file, capsys):
    empty = tmp_path / "no-mirrors"
    empty.mkdir()
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    args = parser.parse_args(
        ["--tasks", str(task_file), "--mirrors", str(empty), "--out", str(tmp_path / "out")]
    )
    assert command.run(args) == 2
    err = capsys.readouterr().err
    assert "error: no task can run of the 6 in" in err and "no mirror: 4" in err and "--mirrors" in err
    assert not (tmp_path / "out" / "report.html").exists()


def test_tasks_are_grouped_by_how_many_files_their_fix_touches(tmp_path, task_file, mirror):
    summary = _summary(tmp_path, task_file, mirror)
    by_count = summary["groups"]["gold files"]
    assert {k: v["direct"]["methods"]["adaptive"]["tasks"] for k, v in by_count.items()} == {
        "one gold file": 2,  # shop-1, shop-3
        "several gold files": 1,  # shop-2
    }
    # The per-language table over one-file fixes leaves shop-2 out.
    assert (
        summary["groups"]["language, one gold file"]["python"]["direct"]["methods"]["adaptive"]["tasks"] == 2
    )
    md = (tmp_path / "out" / "summary.md").read_text()
    assert "Direct track: per language, tasks whose fix is one file" in md
