"""The run's summary (JSON), its tables (Markdown, pasteable into docs/benchmark.md) and an
HTML report with two inline SVG plots: recall against block tokens per method, and the
latency distribution. Everything here is a pure function of the records and the run's
metadata; output is sorted and rounded so the same records give the same bytes.
"""

from __future__ import annotations

import html
import json
import math
import os
from dataclasses import dataclass
from typing import Any, Callable, Mapping, Sequence

from .metrics import METRICS, aggregate

__all__ = ["build_summary", "write_reports", "markdown", "report_html", "Table"]

OVERALL = "overall"


def _gold_files(record: Mapping) -> str:
    # A task whose fix touches several files can never count for Acc@1 (every gold file within
    # the first one), and SWE-bench Lite keeps only one-file fixes: the two are told apart.
    return "one gold file" if len(record["gold"]) == 1 else "several gold files"


#: The groups of every table: each dimension's value of a record (no function: every record; a
#: value None: the record is in no group of that dimension).
DIMENSIONS: tuple[tuple[str, Callable[[Mapping], str | None] | None], ...] = (
    (OVERALL, None),
    ("language", lambda r: r["language"]),
    ("dataset", lambda r: r["dataset"]),
    ("kind", lambda r: r["kind"]),
    ("gold files", _gold_files),
    # Per language over one-file fixes alone: the figures comparable with SWE-bench Lite's.
    ("language, one gold file", lambda r: r["language"] if len(r["gold"]) == 1 else None),
)
#: The columns of the side-by-side tables (the JSON has every metric).
TABLE_METRICS = (
    ("recall", "recall"),
    ("all_found", "all-found"),
    ("acc@1", "Acc@1"),
    ("acc@5", "Acc@5"),
    ("mrr", "MRR"),
    ("fix_line", "fix line"),
    ("tokens", "tokens"),
    ("p50_ms", "p50 ms"),
    ("p95_ms", "p95 ms"),
)
RATE_METRICS = frozenset(
    {"recall", "all_found", "acc@1", "acc@3", "acc@5", "acc@10", "precision", "fix_line"}
)
#: Which way each figure is better, for the ratio rows: higher for rates and MRR, lower for the rest.
HIGHER_IS_BETTER = RATE_METRICS | {"mrr"}
#: A group with fewer tasks than this is marked: one task moves its rates by 1/n.
SMALL_SAMPLE = 30
#: What each figure means, printed with the report (docs/benchmark.md says the same).
DEFINITIONS = (
    ("block files", "the distinct paths of the ranked items, in rank order"),
    ("recall", "gold files in the block ÷ gold files, averaged over tasks"),
    ("all-found", "share of tasks whose block holds every gold file"),
    (
        "Acc@k",
        "share of tasks with every gold file within the first k block files; a task with two gold "
        "files found at ranks 1 and 4 counts for Acc@5, not Acc@1",
    ),
    (
        "MRR",
        "mean of 1 ÷ rank of the first gold file (0 when none): MRR 1.0 beside Acc@1 0% means the "
        "first file is always right and never the only one needed",
    ),
    ("precision", "gold files in the block ÷ block files, over tasks with a non-empty block"),
    (
        "fix line",
        "found gold files whose first shown line is in the function the fix changes, or within 3 "
        "lines of a changed line, pooled over tasks (the engine alone: a baseline shows no lines)",
    ),
    ("tokens", "mean block size in tokens (UTF-8 bytes ÷ 3)"),
    ("p50 / p95 / max ms", "latency of the retrieval alone, nearest-rank percentiles"),
    (
        "A ÷ B",
        "the measured method's figure divided by the baseline's; each cell says whether that is "
        "better (higher for rates and MRR, lower for tokens and milliseconds)",
    ),
)
#: Per-task table: the first ranked files shown for each task.
TASK_TOP_FILES = 3
PALETTE = ("#1f77b4", "#d62728", "#2ca02c", "#9467bd", "#ff7f0e", "#8c564b", "#e377c2", "#17becf")
TRACK_MARKERS = {"direct": "circle", "bounded": "square"}
TRACKS_SOLID = "direct"  # the latency plot draws this track solid, the others dashed
SUMMARY_JSON, SUMMARY_MD, REPORT_HTML = "summary.json", "summary.md", "report.html"


def _ratios(by_method: Mapping[str, Mapping], main: str, baselines: Sequence[str]) -> dict[str, dict]:
    out: dict[str, dict] = {}
    if main not in by_method:
        return out
    for b in baselines:
        if b not in by_method:
            continue
        out[b] = {}
        for metric in METRICS:
            x, y = by_method[main].get(metric), by_method[b].get(metric)
            out[b][metric] = round(x / y, 4) if x is not None and y else None
    return out


def _strategies(records: Sequence[Mapping], track: str, main: str, without: Mapping[str, str]) -> dict:
    main_recs = [r for r in records if r["track"] == track and r["method"] == main]
    names = sorted({s["strategy"] for r in main_recs for s in r["strategies"]} | set(without.values()))
    recall = {r["instance_id"]: r["scores"]["recall"] for r in main_recs}
    out: dict[str, dict] = {}
    for name in names:
        runs = [s for r in main_recs for s in r["strategies"] if s["strategy"] == name and s["ran"]]
        gold_hits = sum(
            1
            for r in main_recs
            if any(name in i.get("strategies", ()) and i["path"] in r["gold"] for i in r["ranked"])
        )
        entry: dict[str, Any] = {
            "ran": len(runs),
            "ran_rate": round(len(runs) / len(main_recs), 6) if main_recs else None,
            "findings_when_ran": round(sum(s["findings"] for s in runs) / len(runs), 3) if runs else None,
            "gold_hit_rate": round(gold_hits / len(main_recs), 6) if main_recs else None,
        }
        for variant, off in sorted(without.items()):
            if off != name:
                continue
            paired = [
                (recall[r["instance_id"]], r["scores"]["recall"])
                for r in records
                if r["track"] == track and r["method"] == variant and r["instance_id"] in recall
            ]
            entry["recall_lost"] = round(sum(a - b for a, b in paired) / len(paired), 6) if paired else None
            entry["recall_lost_tasks"] = len(paired)
        out[name] = entry
    return out


def _latency_cdf(records: Sequence[Mapping]) -> list[list[float]]:
    """The empirical distribution: each distinct latency with the share of tasks at or below it."""
    values = sorted(r["latency_ms"] for r in records if r.get("latency_ms") is not None)
    steps: dict[float, float] = {}
    for i, v in enumerate(values, start=1):
        steps[round(v, 3)] = round(i / len(values), 6)
    return [[v, share] for v, share in steps.items()]


def _per_task(records: Sequence[Mapping], main: str, tracks: Sequence[str]) -> dict[str, list[dict]]:
    """One row per task of the measured method, per track: what was asked, found and ranked."""
    out: dict[str, list[dict]] = {}
    for track in tracks:
        rows = []
        for r in sorted(
            (r for r in records if r["track"] == track and r["method"] == main),
            key=lambda r: r["instance_id"],
        ):
            files = r.get("files", [])
            first = next((i + 1 for i, f in enumerate(files) if f in set(r["gold"])), None)
            rows.append(
                {
                    "instance_id": r["instance_id"],
                    "language": r["language"],
                    "kind": r["kind"],
                    "gold": len(r["gold"]),
                    "found": len(r.get("hits", [])),
                    "first_gold_rank": first,
                    "recall": r["scores"]["recall"],
                    "tokens": r["tokens"],
                    "latency_ms": r.get("latency_ms"),
                    "top": files[:TASK_TOP_FILES],
                    "missed": sorted(set(r["gold"]) - set(r.get("hits", []))),
                    "error": r.get("error"),
                }
            )
        out[track] = rows
    return out


def build_summary(
    records: Sequence[Mapping],
    *,
    methods: Sequence[str],
    main: str,
    baselines: Sequence[str],
    without: Mapping[str, str],
    tracks: Sequence[str],
    meta: Mapping[str, Any],
) -> dict:
    groups: dict[str, dict] = {}
    for dim, value_of in DIMENSIONS:
        values = sorted({v for r in records if (v := value_of(r)) is not None}) if value_of else [OVERALL]
        groups[dim] = {}
        for value in values:
            chosen = [r for r in records if value_of is None or value_of(r) == value]
            per_track = {}
            for track in tracks:
                by_method = {
                    m: aggregate(rs)
                    for m in methods
                    if (rs := [r for r in chosen if r["track"] == track and r["method"] == m])
                }
                if by_method:
                    per_track[track] = {"methods": by_method, "ratios": _ratios(by_method, main, baselines)}
            groups[dim][value] = per_track
    seen = {s["strategy"] for r in records for s in r["strategies"]}
    warnings = [
        f"--without {s}: no retrieval reported a strategy of that name"
        for s in sorted(set(without.values()))
        if records and s not in seen
    ]
    return {
        **meta,
        "main": main,
        "baselines": list(baselines),
        "methods": list(methods),
        "tracks": list(tracks),
        "bounded_without_evidence": sum(
            1 for r in records if r["track"] == "bounded" and r["method"] == main and not r["evidence_lines"]
        ),
        "groups": groups,
        "strategies": {track: _strategies(records, track, main, without) for track in tracks},
        "latency_cdf_ms": {
            track: {
                m: cdf
                for m in methods
                if (cdf := _latency_cdf([r for r in records if r["track"] == track and r["method"] == m]))
            }
            for track in tracks
        },
        "per_task": _per_task(records, main, tracks),
        "warnings": warnings + _small_sample_warnings(records, tracks, main),
    }


def _small_sample_warnings(records: Sequence[Mapping], tracks: Sequence[str], main: str) -> list[str]:
    counts = {
        track: len([r for r in records if r["track"] == track and r["method"] == main]) for track in tracks
    }
    return [
        f"{track} track: only {n} task(s); a single task moves a rate by {100 / n:.0f} points, "
        f"so differences smaller than that say little (groups under {SMALL_SAMPLE} tasks are marked *)"
        for track, n in counts.items()
        if 0 < n < SMALL_SAMPLE
    ]


@dataclass(frozen=True)
class Table:
    title: str
    header: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]
    css_class: str = ""


def _fmt(metric: str, value: Any) -> str:
    if value is None:
        return "–"
    if metric in RATE_METRICS:
        return f"{100 * value:.1f}%"
    if metric == "mrr":
        return f"{value:.3f}"
    if metric == "tokens":
        return f"{value:.0f}"
    return f"{value:.1f}"


def _side_by_side(summary: Mapping, dims: Sequence[str], track: str, title: str) -> Table:
    main = summary["main"]
    rows = []
    for value, per_track in ((v, p) for dim in dims for v, p in summary["groups"][dim].items()):
        block = per_track.get(track)
        if not block:
            continue
        first = True
        for method in summary["methods"]:
            figures = block["methods"].get(method)
            if figures is None:
                continue
            small = figures["tasks"] < SMALL_SAMPLE
            rows.append(
                (
                    value if first else "",
                    (f"{figures['tasks']}*" if small else str(figures["tasks"])) if first else "",
                    method,
                    *(_fmt(k, figures.get(k)) for k, _ in TABLE_METRICS),
                )
            )
            first = False
        for baseline, ratios in block["ratios"].items():
            rows.append(
                ("", "", f"{main} ÷ {baseline}", *(_ratio(k, ratios.get(k)) for k, _ in TABLE_METRICS))
            )
    return Table(title, ("group", "tasks", "method", *(label for _, label in TABLE_METRICS)), tuple(rows))


def _ratio(metric: str, value: float | None) -> str:
    """`×1.25 better`: the ratio, and whether it favours the measured method for this figure."""
    if value is None:
        return "–"
    if round(value, 2) == 1.0:
        return f"×{value:.2f} same"
    better = value > 1 if metric in HIGHER_IS_BETTER else value < 1
    return f"×{value:.2f} {'better' if better else 'worse'}"


def _task_table(summary: Mapping, track: str) -> Table:
    rows = tuple(
        (
            t["instance_id"],
            t["language"],
            t["kind"],
            f"{t['found']}/{t['gold']}",
            "–" if t["first_gold_rank"] is None else str(t["first_gold_rank"]),
            str(t["tokens"]),
            "–" if t["latency_ms"] is None else f"{t['latency_ms']:.1f}",
            ", ".join(t["top"]) or "(empty block)",
            ", ".join(t["missed"]) or "–",
            t["error"] or "",
        )
        for t in summary.get("per_task", {}).get(track, [])
    )
    return Table(
        f"Per task, {summary['main']}, {track} track",
        (
            "task",
            "language",
            "kind",
            "found",
            "first gold rank",
            "tokens",
            "ms",
            "first ranked files",
            "missed",
            "error",
        ),
        rows,
        "tasks",
    )


def _all_figures(summary: Mapping, track: str) -> Table:
    overall = summary["groups"][OVERALL].get(OVERALL, {}).get(track, {"methods": {}})
    rows = tuple(
        (m, *(_fmt(k, overall["methods"][m].get(k)) for k in METRICS))
        for m in summary["methods"]
        if m in overall["methods"]
    )
    return Table(f"All figures, {track} track (overall)", ("method", *METRICS), rows)


def _strategy_table(summary: Mapping, track: str) -> Table:
    rows = []
    for name, s in summary["strategies"][track].items():
        lost = s.get("recall_lost")
        rows.append(
            (
                name,
                str(s["ran"]),
                _fmt("recall", s["ran_rate"]),
                "–" if s["findings_when_ran"] is None else f"{s['findings_when_ran']:.1f}",
                _fmt("recall", s["gold_hit_rate"]),
                "not measured"
                if "recall_lost" not in s
                else ("–" if lost is None else f"{100 * lost:+.1f} pts"),
            )
        )
    return Table(
        f"Strategies of {summary['main']}, {track} track",
        ("strategy", "ran", "ran %", "findings when ran", "found a gold file", "recall lost without it"),
        tuple(rows),
    )


def tables(summary: Mapping) -> list[Table]:
    out = []
    for track in summary["tracks"]:
        out.append(
            _side_by_side(
                summary, (OVERALL, "language"), track, f"{track.capitalize()} track: overall and per language"
            )
        )
    for track in summary["tracks"]:
        out.append(_side_by_side(summary, ("dataset",), track, f"{track.capitalize()} track: per dataset"))
        out.append(_side_by_side(summary, ("kind",), track, f"{track.capitalize()} track: per message kind"))
        out.append(
            _side_by_side(
                summary, ("gold files",), track, f"{track.capitalize()} track: per number of gold files"
            )
        )
        out.append(
            _side_by_side(
                summary,
                ("language, one gold file",),
                track,
                f"{track.capitalize()} track: per language, tasks whose fix is one file",
            )
        )
        out.append(_all_figures(summary, track))
        out.append(_strategy_table(summary, track))
    return out


def task_tables(summary: Mapping) -> list[Table]:
    return [_task_table(summary, track) for track in summary["tracks"]]


def _md_table(t: Table) -> str:
    esc = [[c.replace("|", "\\|") for c in row] for row in (t.header, *t.rows)]
    lines = ["| " + " | ".join(esc[0]) + " |", "|" + "|".join("---" for _ in t.header) + "|"]
    lines += ["| " + " | ".join(r) + " |" for r in esc[1:]]
    return f"### {t.title}\n\n" + "\n".join(lines) + "\n"


def _preamble(summary: Mapping) -> list[str]:
    tasks = summary.get("tasks", {})
    skipped = ", ".join(f"{k} {v}" for k, v in tasks.get("skipped", {}).items()) or "none"
    timing = summary.get("timing", {})
    per_task = timing.get("wall_s", 0) / tasks["computed"] if tasks.get("computed") else None
    lines = [
        f"Command: `{summary.get('command', '')}`",
        f"Date: {summary.get('date', '')}",
        f"Tasks: {tasks.get('run', 0)} run of {tasks.get('in_file', 0)} in {summary.get('tasks_file', '')} "
        f"(skipped: {skipped}); bounded track without evidence (no fail_to_pass): "
        f"{summary.get('bounded_without_evidence', 0)}",
        "Method: " + summary["main"] + "; baselines: " + (", ".join(summary["baselines"]) or "none"),
    ]
    if per_task is not None:
        lines.append(
            f"Harness time: {timing['wall_s']:.0f} s for {tasks['computed']} tasks computed "
            f"({per_task:.2f} s per task, all tracks and methods)"
        )
    errors = sum(
        f.get("errors", 0)
        for block in summary["groups"][OVERALL].get(OVERALL, {}).values()
        for f in block["methods"].values()
    )
    if errors:
        lines.append(f"Retrievals that raised (counted as empty blocks; see records.jsonl): {errors}")
    lines += [f"Warning: {w}" for w in summary.get("warnings", [])]
    return lines


def _definitions_md() -> str:
    return "### What the figures mean\n\n" + "".join(f"- **{name}**: {text}\n" for name, text in DEFINITIONS)


def markdown(summary: Mapping) -> str:
    """The summary tables for docs/benchmark.md; the per-task tables are in report.html."""
    head = "## Retrieval benchmark\n\n" + "  \n".join(_preamble(summary)) + "\n"
    return "\n".join([head, _definitions_md(), *(_md_table(t) for t in tables(summary))])


# --- SVG -------------------------------------------------------------------------------------

PLOT_W, PLOT_H, MARGIN, LEGEND_W = 780, 380, 56, 200
AXIS_X0, AXIS_X1 = MARGIN, PLOT_W - LEGEND_W - 10
AXIS_Y0, AXIS_Y1 = PLOT_H - MARGIN, MARGIN / 2
TARGET_TICKS = 6


def _sy(share: float) -> float:
    """The y coordinate of a share (0..1) on either plot."""
    return AXIS_Y0 - (AXIS_Y0 - AXIS_Y1) * share


def _color(summary: Mapping, method: str) -> str:
    return PALETTE[summary["methods"].index(method) % len(PALETTE)]


def _marker(track: str, x: float, y: float, r: float, color: str, opacity: float, title: str) -> str:
    t = f"<title>{html.escape(title)}</title>"
    if TRACK_MARKERS.get(track) == "square":
        return (
            f'<rect x="{x - r:.1f}" y="{y - r:.1f}" width="{2 * r:.1f}" height="{2 * r:.1f}" '
            f'fill="{color}" fill-opacity="{opacity}">{t}</rect>'
        )
    return (
        f'<circle cx="{x:.1f}" cy="{y:.1f}" r="{r:.1f}" fill="{color}" fill-opacity="{opacity}">{t}</circle>'
    )


def _axes(title: str, x_label: str, y_label: str, x_ticks: Sequence[tuple[float, str]]) -> list[str]:
    mid_y = (AXIS_Y0 + AXIS_Y1) / 2
    out = [
        f'<text x="{(AXIS_X0 + AXIS_X1) / 2}" y="16" text-anchor="middle" font-weight="bold">'
        f"{html.escape(title)}</text>",
        f'<line x1="{AXIS_X0}" y1="{AXIS_Y0}" x2="{AXIS_X1}" y2="{AXIS_Y0}" stroke="#333"/>',
        f'<line x1="{AXIS_X0}" y1="{AXIS_Y0}" x2="{AXIS_X0}" y2="{AXIS_Y1}" stroke="#333"/>',
        f'<text x="{(AXIS_X0 + AXIS_X1) / 2}" y="{PLOT_H - 12}" text-anchor="middle">{html.escape(x_label)}</text>',
        f'<text x="14" y="{mid_y}" text-anchor="middle" transform="rotate(-90 14 {mid_y})">'
        f"{html.escape(y_label)}</text>",
    ]
    for px, label in x_ticks:
        out.append(
            f'<line x1="{px:.1f}" y1="{AXIS_Y0}" x2="{px:.1f}" y2="{AXIS_Y0 + 4}" stroke="#333"/>'
            f'<text x="{px:.1f}" y="{AXIS_Y0 + 16}" text-anchor="middle" font-size="11">{label}</text>'
        )
    for tenth in range(0, 11, 2):
        py = _sy(tenth / 10)
        out.append(
            f'<line x1="{AXIS_X0 - 4}" y1="{py:.1f}" x2="{AXIS_X1}" y2="{py:.1f}" stroke="#ddd"/>'
            f'<text x="{AXIS_X0 - 6}" y="{py + 4:.1f}" text-anchor="end" font-size="11">{10 * tenth}%</text>'
        )
    return out


def _legend(summary: Mapping, track_key: Mapping[str, str]) -> list[str]:
    """Methods by colour, then what tells the tracks apart on this plot."""
    x, y, out = AXIS_X1 + 20, AXIS_Y1 + 8, []
    for m in summary["methods"]:
        out.append(
            f'<rect x="{x}" y="{y - 9}" width="10" height="10" fill="{_color(summary, m)}"/>'
            f'<text x="{x + 16}" y="{y}" font-size="11">{html.escape(m)}</text>'
        )
        y += 16
    for track in summary["tracks"]:
        y += 4
        out.append(
            f'<text x="{x}" y="{y}" font-size="11">{html.escape(f"{track}: {track_key[track]}")}</text>'
        )
        y += 12
    return out


def _svg(parts: Sequence[str]) -> str:
    return (
        f'<svg xmlns="http://www.w3.org/2000/svg" width="{PLOT_W}" height="{PLOT_H}" '
        f'viewBox="0 0 {PLOT_W} {PLOT_H}" font-family="sans-serif" font-size="12">'
        + "".join(parts)
        + "</svg>"
    )


def _nice_step(top: float) -> float:
    """1, 2 or 5 times a power of ten, giving about TARGET_TICKS ticks up to `top`."""
    raw = top / TARGET_TICKS
    power = 10 ** math.floor(math.log10(raw))
    return next(m * power for m in (1, 2, 5, 10) if m * power >= raw)


def recall_tokens_svg(summary: Mapping) -> str:
    points = []  # (overall?, track, method, group, tokens, recall)
    for dim in (OVERALL, "language"):
        for value, per_track in summary["groups"][dim].items():
            for track, block in per_track.items():
                for m, f in block["methods"].items():
                    if f["tokens"] is not None and f["recall"] is not None:
                        points.append((dim == OVERALL, track, m, value, f["tokens"], f["recall"]))
    top = max([p[4] for p in points] + [1.0]) * 1.1
    step = _nice_step(top)

    def sx(v: float) -> float:
        return AXIS_X0 + (AXIS_X1 - AXIS_X0) * v / top

    ticks = [(sx(i * step), f"{i * step:g}") for i in range(int(top / step) + 1)]
    parts = _axes(
        "Recall against block tokens (large: overall; small: per language)",
        "mean block tokens",
        "file recall",
        ticks,
    )
    for overall, track, m, value, tokens, recall in sorted(points):
        parts.append(
            _marker(
                track,
                sx(tokens),
                _sy(recall),
                6 if overall else 3,
                _color(summary, m),
                1.0 if overall else 0.45,
                f"{m}, {track}, {value}: recall {100 * recall:.1f}%, {tokens:.0f} tokens",
            )
        )
    return _svg(parts + _legend(summary, {t: TRACK_MARKERS.get(t, "circle") for t in summary["tracks"]}))


def latency_svg(summary: Mapping) -> str:
    cdfs = summary["latency_cdf_ms"]
    values = [v for per in cdfs.values() for cdf in per.values() for v, _ in cdf if v > 0]
    lo = 10 ** math.floor(math.log10(min(values))) if values else 1.0
    hi = max(10 ** math.ceil(math.log10(max(values))) if values else 10.0, lo * 10)
    span = math.log10(hi) - math.log10(lo)

    def sx(v: float) -> float:
        return AXIS_X0 + (AXIS_X1 - AXIS_X0) * (math.log10(max(v, lo)) - math.log10(lo)) / span

    ticks = [(sx(10**d), f"{10**d:g}") for d in range(round(math.log10(lo)), round(math.log10(hi)) + 1)]
    parts = _axes(
        "Latency distribution",
        "latency of the retrieval alone (ms, log scale)",
        "share of tasks at or below",
        ticks,
    )
    for track, per in cdfs.items():
        dash = "" if track == TRACKS_SOLID else ' stroke-dasharray="6 3"'
        for m, cdf in per.items():
            # An empirical CDF is a step function: flat until the next latency, then up.
            pts, share = [], 0.0
            for v, at in cdf:
                pts += [f"{sx(v):.1f},{_sy(share):.1f}", f"{sx(v):.1f},{_sy(at):.1f}"]
                share = at
            parts.append(
                f'<polyline points="{" ".join(pts)}" fill="none" stroke="{_color(summary, m)}" '
                f'stroke-width="2"{dash}><title>{html.escape(f"{m} ({track})")}</title></polyline>'
            )
    key = {t: "solid" if t == TRACKS_SOLID else "dashed" for t in summary["tracks"]}
    return _svg(parts + _legend(summary, key))


def _html_table(t: Table) -> str:
    head = "".join(f"<th>{html.escape(c)}</th>" for c in t.header)
    body = "".join("<tr>" + "".join(f"<td>{html.escape(c)}</td>" for c in row) + "</tr>" for row in t.rows)
    css = f' class="{t.css_class}"' if t.css_class else ""
    return (
        f"<h3>{html.escape(t.title)}</h3>\n<table{css}><thead><tr>{head}</tr></thead>"
        f"<tbody>{body}</tbody></table>\n"
    )


def report_html(summary: Mapping) -> str:
    style = (
        "body{font-family:sans-serif;margin:2em;max-width:1100px}table{border-collapse:collapse;"
        "margin-bottom:1.5em}td,th{border:1px solid #ccc;padding:2px 8px;text-align:right}"
        "td:nth-child(-n+3),th:nth-child(-n+3){text-align:left}"
        ".warning{color:#8a4b00;font-weight:bold}dt{font-weight:bold;float:left;clear:left;width:11em}"
        "dd{margin:0 0 .3em 12em}table.tasks td,table.tasks th{text-align:left}"
        "table.tasks td:first-child{white-space:nowrap}"
    )
    pre = "".join(
        f'<p class="warning">{html.escape(line)}</p>'
        if line.startswith("Warning:")
        else f"<p>{html.escape(line)}</p>"
        for line in _preamble(summary)
    )
    definitions = "".join(f"<dt>{html.escape(n)}</dt><dd>{html.escape(t)}</dd>" for n, t in DEFINITIONS)
    return (
        '<!DOCTYPE html>\n<html><head><meta charset="utf-8"><title>BoundedCode retrieval benchmark</title>'
        f"<style>{style}</style></head><body>\n<h1>Retrieval benchmark</h1>\n{pre}\n"
        f'<h2>What the figures mean</h2>\n<dl id="definitions">{definitions}</dl>\n'
        f"<p>{recall_tokens_svg(summary)}</p>\n<p>{latency_svg(summary)}</p>\n"
        + "".join(_html_table(t) for t in tables(summary))
        + '<h2 id="per-task">Per task</h2>\n'
        + "".join(_html_table(t) for t in task_tables(summary))
        + "</body></html>\n"
    )


def write_reports(summary: Mapping, out: str) -> None:
    os.makedirs(out, exist_ok=True)
    files = {
        SUMMARY_JSON: json.dumps(summary, indent=1, sort_keys=True, ensure_ascii=False) + "\n",
        SUMMARY_MD: markdown(summary),
        REPORT_HTML: report_html(summary),
    }
    for name, text in files.items():
        temp = os.path.join(out, f".{name}.tmp")
        with open(temp, "w", encoding="utf-8") as f:
            f.write(text)
        os.replace(temp, os.path.join(out, name))
