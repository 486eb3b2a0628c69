"""Two code trees' first query after a long-lived host's prepare, the same messages to each.

    .venv/bin/python benchmarks/first_query.py --repo DIR --tasks TASKS.jsonl --src A=SRC_A \
        --src B=SRC_B --ids ID,ID,…  [--limit 3]

A host (the MCP server, a `Session`) prepares the checkout before its first question: every
walked file read and indexed, the listing's facts built (`Engine.prepare`). What its first query
still builds itself is what this measures. Each source tree (a checkout's `src/`, as `PYTHONPATH`)
runs in a process of its own per message: a fresh `Engine` prepares DIR with its kept facts frozen
as a host's are, then answers the one message, timed. Per message, A B B A (the order cancels a
drift of the load). Printed per run: the engine's `timings_ms` total and its scan and strategies
stages; then each source's median total and the median over messages of B's total over A's. On a
35k-file tree a prepare takes a minute or more: a few messages are the run.
Nothing is asserted: read medians and ratios on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys

from pairs import read_tasks, source_pair

#: What each process runs: a prepared engine, then the message on stdin, its timings on stdout.
_FIRST = r"""
import json, sys
from boundedcode.engine import Engine
engine = Engine()
engine.prepare(sys.argv[1], freeze=True)
timings = engine.retrieve(sys.stdin.read(), sys.argv[1]).timings_ms
print(json.dumps({k: timings.get(k, 0.0) for k in ("total", "scan", "strategies")}))
"""


def _first(src: str, repo: str, message: str) -> dict[str, float]:
    """A prepared engine's first query, from `src`: its total, scan and strategies in ms."""
    out = subprocess.run(
        [sys.executable, "-c", _FIRST, repo],
        input=message.encode(),
        capture_output=True,
        env=dict(os.environ, PYTHONPATH=src),
        check=True,
    ).stdout
    return json.loads(out)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True, help="the checkout every message goes to")
    ap.add_argument("--tasks", required=True, help="a task file (shared/bench/tasks-dev.jsonl)")
    ap.add_argument("--src", action="append", required=True, help="NAME=SRC, twice: A then B")
    ap.add_argument("--ids", help="the tasks' instance ids, comma-separated (default: evenly taken)")
    ap.add_argument("--limit", type=int, default=3, help="tasks taken evenly over the file without --ids")
    args = ap.parse_args()
    (name_a, src_a), (name_b, src_b) = source_pair(ap, args.src)
    tasks = read_tasks(args.tasks)
    if args.ids:
        by_id = {t["instance_id"]: t for t in tasks}
        ids = args.ids.split(",")
        missing = [i for i in ids if i not in by_id]
        if missing:
            raise SystemExit(f"not in {args.tasks}: {', '.join(missing)}")
        chosen = [by_id[i] for i in ids]
    else:
        chosen = tasks[:: max(1, len(tasks) // args.limit)][: args.limit]
    totals: dict[str, list[float]] = {name_a: [], name_b: []}
    ratios: list[float] = []
    for task in chosen:
        runs: dict[str, list[float]] = {name_a: [], name_b: []}
        for name, src in ((name_a, src_a), (name_b, src_b), (name_b, src_b), (name_a, src_a)):
            t = _first(src, args.repo, task["problem_statement"])
            runs[name].append(t["total"])
            print(
                f"{task['instance_id']} {name}: total {t['total']:.0f} ms, scan {t['scan']:.0f}, "
                f"strategies {t['strategies']:.0f}",
                flush=True,
            )
        a, b = statistics.mean(runs[name_a]), statistics.mean(runs[name_b])
        totals[name_a].append(a)
        totals[name_b].append(b)
        ratios.append(b / a)
    median = statistics.median
    print(f"{len(ratios)} messages, A B B A each, a fresh prepared engine a run")
    for name in (name_a, name_b):
        print(f"{name}: first query total p50 {median(totals[name]):.1f} ms")
    print(f"{name_b} / {name_a} per message: p50 {median(ratios):.3f}")


if __name__ == "__main__":
    main()
