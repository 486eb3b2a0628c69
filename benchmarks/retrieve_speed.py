"""Time one retrieval on a real checkout, against ripgrep alone for the same needles.

    .venv/bin/python benchmarks/retrieve_speed.py --repo CHECKOUT --tasks TASKS.jsonl [--runs 5]

For each task whose repository matches the checkout (or the first N messages),
reports the median retrieval time over --runs runs and, in the same run, the
time ripgrep alone needs to search the same needles over the same files: the
floor for any scan. Medians and the ratio are printed; nothing is asserted.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import time

from boundedcode import retrieve
from boundedcode.checkout import DEFAULT_BUDGETS, WorkTree, walk
from boundedcode.scan import RipgrepScanner, _pattern


def rg_alone(repo: str, needles) -> float:
    paths = walk(WorkTree(repo), DEFAULT_BUDGETS).paths
    t = time.perf_counter()
    subprocess.run([RipgrepScanner().binary, "-n", "-e", _pattern(needles), "--", *paths],
                   cwd=repo, capture_output=True)
    return (time.perf_counter() - t) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True)
    ap.add_argument("--tasks", required=True)
    ap.add_argument("--match", default="", help="only tasks whose instance_id contains this")
    ap.add_argument("--limit", type=int, default=20)
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    tasks = [json.loads(line) for line in open(args.tasks)]
    tasks = [t for t in tasks if args.match in t["instance_id"]][: args.limit]
    ours, floor = [], []
    for t in tasks:
        times = []
        for _ in range(args.runs):
            start = time.perf_counter()
            result = retrieve(t["problem_statement"], args.repo)
            times.append((time.perf_counter() - start) * 1000)
        ours.append(statistics.median(times))
        from boundedcode.seeds import message_anchors
        from boundedcode.strategies import REGISTRY
        from boundedcode.scan import Needle
        needles = [Needle(a.text, a.kind in ("name", "member")) for a in message_anchors(t["problem_statement"])
                   if a.kind in ("name", "member", "quote")][:32]
        floor.append(statistics.median(rg_alone(args.repo, needles) for _ in range(args.runs)) if needles else 0.0)
    print(f"tasks {len(tasks)}, runs {args.runs} each")
    print(f"retrieval  median {statistics.median(ours):7.1f} ms  max {max(ours):7.1f} ms")
    print(f"rg alone   median {statistics.median(floor):7.1f} ms  max {max(floor):7.1f} ms")
    print(f"ratio of medians {statistics.median(ours) / max(0.001, statistics.median(floor)):.2f}")


if __name__ == "__main__":
    main()
