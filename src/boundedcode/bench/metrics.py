"""Per-task scores of one ranked file list against the gold files, and their aggregates.

Definitions (docs/benchmark.md): the block's files are the distinct paths of the
ranked items, in rank order. recall = gold files in the block / gold files;
all-found = every gold file in the block; Acc@k = every gold file within the
first k files; precision = gold files in the block / files in the block (tasks
with an empty block are left out of the mean and counted as `empty`);
reciprocal rank = 1 / rank of the first gold file, 0 when none; fix line = the found gold
files (pooled over tasks) whose shown line is in the fix (`lines.fix_lines`). Latency
percentiles use the nearest-rank method.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Iterable, Mapping, Sequence

__all__ = ["ACC_KS", "TaskScore", "distinct", "score", "percentile", "aggregate", "METRICS"]

ACC_KS = (1, 3, 5, 10)
LATENCY_PERCENTILES = (50, 95)
#: The aggregate figures, in report order.
METRICS = (
    "recall",
    "all_found",
    *(f"acc@{k}" for k in ACC_KS),
    "precision",
    "fix_line",
    "mrr",
    "tokens",
    *(f"p{q}_ms" for q in LATENCY_PERCENTILES),
    "max_ms",
)


@dataclass(frozen=True)
class TaskScore:
    recall: float
    all_found: bool
    acc: dict[int, bool]
    precision: float | None  # None for an empty block
    reciprocal_rank: float
    hits: tuple[str, ...]  # gold files found, in rank order

    def to_json(self) -> dict[str, object]:
        return {
            "recall": round(self.recall, 6),
            "all_found": self.all_found,
            **{f"acc@{k}": v for k, v in self.acc.items()},
            "precision": None if self.precision is None else round(self.precision, 6),
            "rr": round(self.reciprocal_rank, 6),
        }


def distinct(paths: Iterable[str]) -> list[str]:
    """Paths in first-seen order without repeats: several places can share one file."""
    return list(dict.fromkeys(paths))


def score(ranked: Sequence[str], gold: Iterable[str]) -> TaskScore:
    files = distinct(ranked)
    wanted = set(gold)
    if not wanted:
        raise ValueError("a task needs at least one gold file")
    hits = tuple(p for p in files if p in wanted)
    rank_of = {p: i + 1 for i, p in enumerate(files)}
    last_needed = max(rank_of.get(g, math.inf) for g in wanted)
    first_hit = min((rank_of[h] for h in hits), default=None)
    return TaskScore(
        recall=len(hits) / len(wanted),
        all_found=len(hits) == len(wanted),
        acc={k: last_needed <= k for k in ACC_KS},
        precision=len(hits) / len(files) if files else None,
        reciprocal_rank=1 / first_hit if first_hit else 0.0,
        hits=hits,
    )


def percentile(values: Sequence[float], q: float) -> float | None:
    """Nearest-rank percentile: the smallest value with at least q% of the values at or below it."""
    if not values:
        return None
    ordered = sorted(values)
    return ordered[max(0, math.ceil(q / 100 * len(ordered)) - 1)]


def _mean(values: Sequence[float]) -> float | None:
    return sum(values) / len(values) if values else None


def _pooled(counts: Sequence[Mapping[str, int]]) -> float | None:
    found = sum(c["found"] for c in counts)
    return sum(c["in_fix"] for c in counts) / found if found else None


def aggregate(records: Sequence[Mapping]) -> dict[str, float | int | None]:
    """The figures of one method on a set of task records (`scores`, `tokens`, `latency_ms`)."""
    scores = [r["scores"] for r in records]
    latencies = [r["latency_ms"] for r in records if r.get("latency_ms") is not None]
    precisions = [s["precision"] for s in scores if s["precision"] is not None]
    out: dict[str, float | int | None] = {
        "tasks": len(records),
        "recall": _mean([s["recall"] for s in scores]),
        "all_found": _mean([float(s["all_found"]) for s in scores]),
        **{f"acc@{k}": _mean([float(s[f"acc@{k}"]) for s in scores]) for k in ACC_KS},
        "precision": _mean(precisions),
        "fix_line": _pooled([r["fix_lines"] for r in records if r.get("fix_lines")]),
        "empty": len(scores) - len(precisions),
        "mrr": _mean([s["rr"] for s in scores]),
        "tokens": _mean([float(r["tokens"]) for r in records]),
        **{f"p{q}_ms": percentile(latencies, q) for q in LATENCY_PERCENTILES},
        "max_ms": max(latencies) if latencies else None,
        "errors": sum(1 for r in records if r.get("error")),
    }
    return {k: (round(v, 6) if isinstance(v, float) else v) for k, v in out.items()}
