"""A cold retrieval's CPU, this process's and its ripgrep children's, against ripgrep bare's.

    .venv/bin/python benchmarks/cold_cpu.py --tasks TASKS.jsonl --checkouts DIR [--limit 40]

DIR holds one checkout per commit, named by the commit id (`bcode bench direct`'s checkout
cache); tasks are taken evenly over the task file, as `bcode bench speed` takes them. For each
task, one retrieval that is the first for its checkout in this process (as the speed table's
cold row and every one-shot call), then ripgrep bare over the same files and needles (the speed
table's `bare` row). Printed: the medians of the retrieval's wall time, its own CPU and its
ripgrep processes' CPU, and bare's wall time and CPU; and the least wall time the retrieval's
CPU allows on this machine's cores, against bare's. Wall time on a shared machine moves with the
load; CPU time far less. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import time

from boundedcode.api import retrieve
from boundedcode.bench.speed import _Ripgrep


def _cpu_ms(who: int) -> float:
    usage = resource.getrusage(who)
    return (usage.ru_utime + usage.ru_stime) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", required=True, help="a task file (shared/bench/tasks-dev.jsonl)")
    ap.add_argument("--checkouts", required=True, help="a folder of checkouts named by commit")
    ap.add_argument("--limit", type=int, default=40, help="tasks taken evenly over the file")
    args = ap.parse_args()
    with open(args.tasks, encoding="utf-8") as f:
        tasks = [
            t
            for line in f
            if os.path.isdir(os.path.join(args.checkouts, (t := json.loads(line))["base_commit"]))
        ]
    if not tasks:
        raise SystemExit(f"{args.checkouts}: no checkout of the task file's commits")
    chosen = tasks[:: max(1, len(tasks) // args.limit)][: args.limit]
    retrieve("the imports and the expressions, once", os.path.join(args.checkouts, chosen[0]["base_commit"]))
    rows: dict[str, list[float]] = {k: [] for k in ("wall", "python", "ripgrep", "bare wall", "bare cpu")}
    rg = _Ripgrep()
    for task in chosen:
        repo, message = os.path.join(args.checkouts, task["base_commit"]), task["problem_statement"]
        own, children, start = (
            _cpu_ms(resource.RUSAGE_SELF),
            _cpu_ms(resource.RUSAGE_CHILDREN),
            time.perf_counter(),
        )
        retrieve(message, repo)
        rows["wall"].append((time.perf_counter() - start) * 1000)
        rows["python"].append(_cpu_ms(resource.RUSAGE_SELF) - own)
        rows["ripgrep"].append(_cpu_ms(resource.RUSAGE_CHILDREN) - children)
        children = _cpu_ms(resource.RUSAGE_CHILDREN)
        rows["bare wall"].append(rg.bare(repo, message))
        rows["bare cpu"].append(_cpu_ms(resource.RUSAGE_CHILDREN) - children)
    median = {k: statistics.median(v) for k, v in rows.items()}
    cores = os.cpu_count() or 1
    floor = max(median["python"], (median["python"] + median["ripgrep"]) / cores)
    print(f"{len(chosen)} tasks, medians; {cores} cores")
    print(
        f"retrieval: {median['wall']:.1f} ms wall, {median['python']:.1f} ms CPU in this process, "
        f"{median['ripgrep']:.1f} ms in ripgrep"
    )
    print(f"ripgrep bare: {median['bare wall']:.1f} ms wall, {median['bare cpu']:.1f} ms CPU")
    print(
        f"least wall time the retrieval's CPU allows: {floor:.1f} ms, {floor / median['bare wall']:.2f}x bare; "
        f"measured {median['wall'] / median['bare wall']:.2f}x"
    )


if __name__ == "__main__":
    main()
