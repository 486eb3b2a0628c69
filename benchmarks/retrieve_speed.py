"""Time one retrieval on a real checkout, against ripgrep alone for the same needles.

    .venv/bin/python benchmarks/retrieve_speed.py --repo CHECKOUT --tasks TASKS.jsonl \
        [--match django__] [--limit 20] [--runs 5]

For each task (the messages only: any checkout of the same repository will do),
reports the median retrieval time over --runs runs and, in the same run, the
time ripgrep alone needs to search the message's names over the same walked
files: the floor for any scan. Medians and their ratio are printed; nothing is
asserted (these machines are shared and noisy).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import time

from boundedcode import retrieve
from boundedcode.checkout import DEFAULT_BUDGETS, WorkTree, walk
from boundedcode.scan import Needle, RipgrepScanner
from boundedcode.scan.ripgrep import pattern
from boundedcode.seeds import message_anchors


def ripgrep_alone(repo: str, paths: list[str], needles: list[Needle]) -> float:
    start = time.perf_counter()
    subprocess.run(
        [RipgrepScanner().binary, "-n", "-e", pattern(needles), "--", *paths], cwd=repo, capture_output=True
    )
    return (time.perf_counter() - start) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True, help="a checkout (several thousand files)")
    ap.add_argument("--tasks", required=True, help="a task file (shared/bench/tasks-dev.jsonl)")
    ap.add_argument("--match", default="", help="only tasks whose instance_id contains this")
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with open(args.tasks, encoding="utf-8") as f:
        tasks = [json.loads(line) for line in f]
    tasks = [t for t in tasks if args.match in t["instance_id"]][: args.limit]
    paths = walk(WorkTree(args.repo), DEFAULT_BUDGETS).paths
    ours, floor = [], []
    for t in tasks:
        message = t["problem_statement"]
        ours.append(
            statistics.median(retrieve(message, args.repo).timings_ms["total"] for _ in range(args.runs))
        )
        needles = list(
            dict.fromkeys(
                Needle(a.text, a.kind in ("name", "member"))
                for a in message_anchors(message)
                if a.kind in ("name", "member", "quote")
            )
        )[: DEFAULT_BUDGETS.scan_strings]
        if needles:
            floor.append(
                statistics.median(ripgrep_alone(args.repo, paths, needles) for _ in range(args.runs))
            )
    print(f"{len(tasks)} messages, {len(paths)} files, {args.runs} runs each")
    print(f"retrieval      median {statistics.median(ours):7.1f} ms   max {max(ours):7.1f} ms")
    print(f"ripgrep alone  median {statistics.median(floor):7.1f} ms   max {max(floor):7.1f} ms")
    print(f"ratio of medians {statistics.median(ours) / statistics.median(floor):.2f}")


if __name__ == "__main__":
    main()
