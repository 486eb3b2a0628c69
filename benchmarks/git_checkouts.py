"""A one-shot `bcode retrieve` in git checkouts, as users run it: code trees alternating.

    .venv/bin/python benchmarks/git_checkouts.py make --tasks TASKS.jsonl --mirrors DIR --out GITDIR
    .venv/bin/python benchmarks/git_checkouts.py time --tasks TASKS.jsonl --checkouts GITDIR \
        --src before=/tmp/before/src --src after=src [--rounds 3]

The benchmark's checkout cache (`bcode bench speed`) holds trees without a `.git`; a user's
checkout has one, and with it an index, ignore files and git objects that a retrieval may read.
`make` clones one task per repository of the speed sample (the same tasks `bench speed` takes,
evenly over the file, its first in each repository) from the mirrors (`git clone --shared`,
nothing fetched) and checks out the task's commit. `time` runs `python -m boundedcode retrieve
--json` on each checkout with the task's message, once per round for each `--src` tree (put on
PYTHONPATH; the first alternates), and prints each tree's p50 and p95 of the per-task medians,
the median per task of the second tree's time over the first's, and how many tasks gave the same
block. Nothing is asserted: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

#: Tasks taken evenly over the task file, as `bcode bench speed --limit 40` takes them.
SAMPLE = 40


def _sample(tasks_file: str) -> list[dict]:
    tasks = [json.loads(line) for line in open(tasks_file, encoding="utf-8") if line.strip()]
    step = max(1, len(tasks) // SAMPLE)
    first: dict[str, dict] = {}
    for t in tasks[::step][:SAMPLE]:
        first.setdefault(t["repo"], t)
    return list(first.values())


def make(args: argparse.Namespace) -> None:
    os.makedirs(args.out, exist_ok=True)
    for t in _sample(args.tasks):
        mirror = os.path.join(args.mirrors, t["fetch_repo"].replace("/", "+"), "repo")
        target = os.path.join(args.out, t["instance_id"])
        if not os.path.isdir(mirror) or os.path.isdir(target):
            continue
        # `--` before every path; the commit id is the task file's, checked out detached.
        subprocess.run(["git", "clone", "-q", "--shared", "--no-checkout", "--", mirror, target], check=True)
        subprocess.run(["git", "-C", target, "checkout", "-q", "--detach", t["base_commit"]], check=False)
        print(target, file=sys.stderr)


def _retrieve(src: str, repo: str, message: bytes) -> tuple[float, object]:
    env = dict(os.environ, PYTHONPATH=src)
    start = time.perf_counter()
    run = subprocess.run(
        [sys.executable, "-m", "boundedcode", "retrieve", "--json", "--repo", repo, "-"],
        input=message,
        capture_output=True,
        env=env,
    )
    ms = (time.perf_counter() - start) * 1000
    out = json.loads(run.stdout) if run.stdout else {}
    return ms, (out.get("block"), [(i["path"], i["line"]) for i in out.get("items", [])])


def time_(args: argparse.Namespace) -> None:
    trees = [tuple(s.split("=", 1)) for s in args.src]
    times: dict[str, dict[str, list[float]]] = {label: {} for label, _ in trees}
    same = 0
    tasks = [t for t in _sample(args.tasks) if os.path.isdir(os.path.join(args.checkouts, t["instance_id"]))]
    for t in tasks:
        repo, message = os.path.join(args.checkouts, t["instance_id"]), t["problem_statement"].encode()
        blocks = {}
        for round_ in range(args.rounds):
            for label, src in trees if round_ % 2 == 0 else trees[::-1]:
                ms, blocks[label] = _retrieve(src, repo, message)
                times[label].setdefault(t["instance_id"], []).append(ms)
        same += len({json.dumps(b) for b in blocks.values()}) == 1
        cells = [f"{statistics.median(times[label][t['instance_id']]):.0f}" for label, _ in trees]
        print(t["instance_id"], *cells, file=sys.stderr, flush=True)
    print(f"{len(tasks)} git checkouts, {args.rounds} rounds, median per task\n")
    print("| tree | p50 | p95 |\n| --- | --- | --- |")
    for label, _ in trees:
        medians = sorted(statistics.median(v) for v in times[label].values())
        p95 = medians[min(len(medians) - 1, round(0.95 * (len(medians) - 1)))]
        print(f"| {label} | {statistics.median(medians):.0f} ms | {p95:.0f} ms |")
    if len(trees) == 2:
        (a, _), (b, _) = trees
        ratio = statistics.median(
            statistics.median(times[b][i]) / statistics.median(times[a][i]) for i in times[a]
        )
        print(f"\n{b} / {a}, median per task: {ratio:.2f}; the same block in {same} of {len(tasks)} tasks")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    sub = ap.add_subparsers(dest="command", required=True)
    m = sub.add_parser("make", help="clone one speed task per repository from the mirrors")
    m.add_argument("--tasks", required=True)
    m.add_argument("--mirrors", required=True, help="the benchmark's mirrors (owner+name/repo)")
    m.add_argument("--out", required=True)
    m.set_defaults(func=make)
    t = sub.add_parser("time", help="time bcode retrieve as a process there, code trees alternating")
    t.add_argument("--tasks", required=True)
    t.add_argument("--checkouts", required=True, help="a folder `make` filled")
    t.add_argument(
        "--src", action="append", required=True, metavar="LABEL=DIR", help="a tree put on PYTHONPATH"
    )
    t.add_argument("--rounds", type=int, default=3)
    t.set_defaults(func=time_)
    args = ap.parse_args()
    args.func(args)


if __name__ == "__main__":
    main()
