"""Two code trees' one-shot retrievals, the same messages to each, in A B B A order per message.

    .venv/bin/python benchmarks/cold_pair.py --tasks TASKS.jsonl --src A=SRC_A --src B=SRC_B \
        (--checkouts DIR | --repo DIR) [--limit 40] [--rounds 1]

Each retrieval is a process of its own, `bcode retrieve --json` with the source tree (a
checkout's `src/`) as `PYTHONPATH`: what a one-shot call pays, its first-call costs included.
With `--checkouts` (one checkout per commit, named by the commit id: `bcode bench direct`'s
cache) each task's message goes to its own checkout; with `--repo` every message goes to DIR (a
large tree). Per message, A once to read the checkout's pages, then A, B, B, A: the order
cancels a drift of the load. Printed: the medians of each source's own `timings_ms.total` and of
its process's wall time, and the median and mean over messages of B's total over A's. Run A
against A to see what the order alone gives on the machine (on a busy 2-core host: 0.988 and
1.016 at the median). Nothing is asserted: read medians and ratios on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from pairs import read_tasks, source_pair


def _one(src: str, repo: str, message: str) -> tuple[float, float]:
    """The engine's own total and the process's wall time, in ms, of one one-shot retrieval."""
    env = dict(os.environ, PYTHONPATH=src)
    start = time.perf_counter()
    out = subprocess.run(
        [sys.executable, "-m", "boundedcode", "retrieve", "--json", "--repo", repo, "-"],
        input=message.encode(),
        capture_output=True,
        env=env,
        check=True,
    ).stdout
    return json.loads(out)["timings_ms"]["total"], (time.perf_counter() - start) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", required=True, help="a task file (shared/bench/tasks-dev.jsonl)")
    ap.add_argument("--src", action="append", required=True, help="NAME=SRC, twice: A then B")
    where = ap.add_mutually_exclusive_group(required=True)
    where.add_argument("--checkouts", help="a folder of checkouts named by commit")
    where.add_argument("--repo", help="one checkout every message goes to")
    ap.add_argument("--limit", type=int, default=40, help="tasks taken evenly over the file")
    ap.add_argument("--rounds", type=int, default=1, help="passes over the tasks")
    args = ap.parse_args()
    (name_a, src_a), (name_b, src_b) = source_pair(ap, args.src)
    tasks = read_tasks(args.tasks)
    if args.checkouts:
        tasks = [t for t in tasks if os.path.isdir(os.path.join(args.checkouts, t["base_commit"]))]
    if not tasks:
        raise SystemExit(f"{args.checkouts}: no checkout of the task file's commits")
    chosen = tasks[:: max(1, len(tasks) // args.limit)][: args.limit]
    totals: dict[str, list[float]] = {name_a: [], name_b: []}
    walls: dict[str, list[float]] = {name_a: [], name_b: []}
    ratios: list[float] = []
    for _ in range(args.rounds):
        for task in chosen:
            repo = args.repo or os.path.join(args.checkouts, task["base_commit"])
            message = task["problem_statement"]
            _one(src_a, repo, message)  # the checkout's pages read once, for both
            a1, b1, b2, a2 = (_one(src, repo, message) for src in (src_a, src_b, src_b, src_a))
            a, b = (a1[0] + a2[0]) / 2, (b1[0] + b2[0]) / 2
            totals[name_a].append(a)
            totals[name_b].append(b)
            walls[name_a].append((a1[1] + a2[1]) / 2)
            walls[name_b].append((b1[1] + b2[1]) / 2)
            ratios.append(b / a)
    median = statistics.median
    print(f"{len(ratios)} messages, A B B A each")
    for name in (name_a, name_b):
        print(
            f"{name}: engine total p50 {median(totals[name]):.1f} ms, process p50 {median(walls[name]):.1f} ms"
        )
    print(f"{name_b} / {name_a} per message: p50 {median(ratios):.3f}, mean {statistics.mean(ratios):.3f}")


if __name__ == "__main__":
    main()
