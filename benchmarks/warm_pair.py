"""Two code trees' warm engines on one checkout, the same first-time messages to each in turn.

    .venv/bin/python benchmarks/warm_pair.py --repo DIR --tasks TASKS.jsonl --src A=SRC_A --src B=SRC_B \
        [--limit 40]

Each source tree (a checkout's `src/`, as `PYTHONPATH`) runs in a process of its own: an `Engine`
prepares DIR (every walked file read and indexed, its kept facts frozen as a host's are), answers
one message, then the messages of `--limit` tasks taken evenly over the task file, each message
sent to both engines, which goes first alternating message by message (so that the load touches
both alike). Printed per message: each engine's wall time for `Engine.retrieve` and its scan and
strategies stages; then each engine's p50, p95 and max, the median over messages of B's time
over A's, and how many answers (block and places) differ: with the same answers, a difference is
the code's speed. Both engines are in memory at once (on a 35k-file tree some 1 GB each).
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

from boundedcode.bench.speed import percentile

#: What each engine's process runs: it prepares the checkout, then answers one JSON message a line.
_ENGINE = r"""
import json, sys, time
from boundedcode.engine import Engine

repo = sys.argv[1]
engine = Engine()
engine.prepare(repo, freeze=True)
engine.retrieve("the first call, once the checkout is read", repo)
print("ready", flush=True)
for line in sys.stdin:
    start = time.perf_counter()
    result = engine.retrieve(json.loads(line), repo)
    wall = (time.perf_counter() - start) * 1000
    answer = [result.block, [[item.path, item.line] for item in result.items]]
    print(json.dumps({"wall": wall, "timings": result.timings_ms, "answer": answer}), flush=True)
"""


def _start(src: str, repo: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": src}
    proc = subprocess.Popen(
        [sys.executable, "-c", _ENGINE, repo],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        env=env,
        text=True,
    )
    assert proc.stdout is not None
    if proc.stdout.readline().strip() != "ready":
        raise SystemExit(f"the engine of {src} did not start")
    return proc


def _ask(proc: subprocess.Popen[str], message: str) -> dict:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(json.dumps(message) + "\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True, help="the checkout both engines serve")
    ap.add_argument("--tasks", required=True, help="a task file: its messages are sent")
    ap.add_argument("--src", action="append", required=True, metavar="NAME=DIR", help="twice: A, then B")
    ap.add_argument("--limit", type=int, default=40)
    args = ap.parse_args()
    names, srcs = zip(*source_pair(ap, args.src))
    tasks = read_tasks(args.tasks)
    tasks = tasks[:: max(1, len(tasks) // args.limit)][: args.limit]
    engines = [_start(src, args.repo) for src in srcs]
    walls: tuple[list[float], list[float]] = ([], [])
    ratios, differ = [], 0
    try:
        for n, task in enumerate(tasks):
            order = (0, 1) if n % 2 == 0 else (1, 0)
            got = {k: _ask(engines[k], task["problem_statement"]) for k in order}
            for k in (0, 1):
                walls[k].append(got[k]["wall"])
            ratios.append(got[1]["wall"] / got[0]["wall"])
            differ += got[0]["answer"] != got[1]["answer"]
            stages = "  ".join(
                f"{stage} {got[0]['timings'].get(stage, 0):.0f} / {got[1]['timings'].get(stage, 0):.0f}"
                for stage in ("scan", "strategies")
            )
            print(
                f"{task['instance_id']}: {got[0]['wall']:.0f} / {got[1]['wall']:.0f} ms  {stages}",
                file=sys.stderr,
            )
    finally:
        for proc in engines:
            proc.kill()
            proc.wait()
    print("\n| engine | p50 | p95 | max |\n| --- | --- | --- | --- |")
    for name, values in zip(names, walls):
        print(
            f"| {name} | {percentile(values, 0.5):.1f} ms | {percentile(values, 0.95):.0f} ms | {max(values):.0f} ms |"
        )
    print(f"\n{names[1]} ÷ {names[0]} a message, median: ×{statistics.median(ratios):.3f}")
    print(f"answers differing: {differ} of {len(tasks)}")


if __name__ == "__main__":
    main()
