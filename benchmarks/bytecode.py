"""What a `bcode` process pays when the package's bytecode was never written, interleaved.

    .venv/bin/python benchmarks/bytecode.py --tasks TASKS.jsonl --checkouts DIR [--limit 10] \
        [--rounds 3] [--src src]

An editable install (the README's set-up) compiles nothing of `src/`; where
PYTHONDONTWRITEBYTECODE is set, no import writes the bytecode either, and every process compiles
every module it imports. This copies `--src` twice into a temporary directory, compiles one copy
(`compileall`) and leaves the other without bytecode, then runs `python -m boundedcode retrieve
--json` with each copy on PYTHONPATH and PYTHONDONTWRITEBYTECODE=1, for `--limit` tasks taken
evenly over the task file (DIR holds one checkout per commit, `bcode bench direct`'s cache) and
for examples/shop, `--rounds` times each, which copy goes first alternating round by round.
Printed: each task's median per copy, the p50 of both over the tasks and the median of
compiled ÷ none a task. Nothing is asserted: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import compileall
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

from boundedcode.bench.speed import percentile

#: The message examples/shop is asked about (the README's).
SHOP_MESSAGE = "Ledger.Post lets Balance drop below the credit limit"
COPIES = ("none", "compiled")


def _wall_ms(src: str, repo: str, message: str) -> float:
    env = {**os.environ, "PYTHONPATH": src, "PYTHONDONTWRITEBYTECODE": "1"}
    argv = [sys.executable, "-m", "boundedcode", "retrieve", "--json", "--repo", repo, "-"]
    start = time.perf_counter()
    subprocess.run(argv, input=message.encode(), env=env, capture_output=True)
    return (time.perf_counter() - start) * 1000


def _medians(srcs: dict[str, str], repo: str, message: str, rounds: int) -> dict[str, float]:
    walls: dict[str, list[float]] = {name: [] for name in COPIES}
    for r in range(rounds):
        for name in COPIES if r % 2 == 0 else COPIES[::-1]:
            walls[name].append(_wall_ms(srcs[name], repo, message))
    return {name: statistics.median(w) for name, w in walls.items()}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", required=True)
    ap.add_argument("--checkouts", required=True)
    ap.add_argument("--limit", type=int, default=10)
    ap.add_argument("--rounds", type=int, default=3)
    ap.add_argument("--src", default="src", help="the package's source tree (holding boundedcode/)")
    args = ap.parse_args()
    with open(args.tasks, encoding="utf-8") as f:
        tasks = [json.loads(line) for line in f if line.strip()]
    tasks = tasks[:: max(1, len(tasks) // args.limit)][: args.limit]
    with tempfile.TemporaryDirectory() as tmp:
        srcs = {}
        for name in COPIES:
            srcs[name] = os.path.join(tmp, name)
            shutil.copytree(args.src, srcs[name], ignore=shutil.ignore_patterns("__pycache__"))
        compileall.compile_dir(srcs["compiled"], quiet=1)
        rows = []
        for t in tasks:
            repo = os.path.join(args.checkouts, t["base_commit"])
            row = _medians(srcs, repo, t["problem_statement"], args.rounds)
            rows.append(row)
            print(t["instance_id"], {k: round(v) for k, v in row.items()}, flush=True)
        shop = _medians(srcs, "examples/shop", SHOP_MESSAGE, 10)
    print()
    print("| | no bytecode | compiled | compiled ÷ none, a task at the median |")
    print("| --- | --- | --- | --- |")
    none, done = ([r[name] for r in rows] for name in COPIES)
    ratio = statistics.median(r["compiled"] / r["none"] for r in rows)
    print(
        f"| `bcode retrieve --json`, {len(rows)} tasks, p50 | {percentile(none, 0.5):.0f} ms "
        f"| {percentile(done, 0.5):.0f} ms | ×{ratio:.3f} |"
    )
    print(
        f"| `bcode retrieve --json`, examples/shop, median of 10 | {shop['none']:.0f} ms "
        f"| {shop['compiled']:.0f} ms | ×{shop['compiled'] / shop['none']:.3f} |"
    )


if __name__ == "__main__":
    main()
