"""The warm engine on one large tree: latency per query and resident memory, cold alongside.

    .venv/bin/python benchmarks/warm_engine.py --repo DIR --tasks TASKS.jsonl \
        [--limit 40] [--max-mb 512] [--no-cold] [--no-watch] [--no-freeze] [--time-s 3] [--edit FILE]

One `Engine` prepares DIR (every walked file read and indexed, timed), then answers
--limit messages taken evenly over the task file (any task's message: the tree need
not be its checkout; the point is the cost of a query). Each message is answered
warm and, right after, cold (`retrieve`), so the load touches both alike; the
answers are compared byte for byte (items, block): with a time budget no query reaches
(--time-s 60) a difference is a bug, not a budget cut short at a different point. Printed: the preparation's time,
resident memory after it and at the end (VmRSS, and the peak VmHWM), the bytes of
contents held against the cap (--max-mb), the validation alone (the kept tree's walk,
`files()`, when nothing changed: told by the kernel, or by lstat with --no-watch), and
p50, p95 and max of warm and cold `timings_ms.total`, and of the warm call as its caller
waits for it (the collector's passes a query sets off, outside its total, included).
With --edit FILE (a path in DIR), a comment line is appended to FILE before each query, as
an agent edits a file between two of its questions (FILE is put back as it was at the end).
Nothing is asserted: read medians on a shared machine.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

from boundedcode import retrieve
from boundedcode.bench.speed import percentile
from boundedcode.checkout import DEFAULT_BUDGETS, Budgets, WorkTree, walk
from boundedcode.checkout.cached import DEFAULT_MAX_BYTES
from boundedcode.engine import Engine


def _status(field: str) -> float:
    with open("/proc/self/status", encoding="ascii") as f:
        for line in f:
            if line.startswith(field + ":"):
                return int(line.split()[1]) / 1024
    return float("nan")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True)
    ap.add_argument("--tasks", required=True)
    ap.add_argument("--limit", type=int, default=40)
    ap.add_argument("--max-mb", type=int, default=None, help="the engine's cap on contents held")
    ap.add_argument("--no-cold", action="store_true")
    ap.add_argument("--no-watch", action="store_true", help="check changes by lstat, never told")
    ap.add_argument("--no-freeze", action="store_true", help="prepare without gc.freeze (a host's choice)")
    ap.add_argument("--time-s", type=float, default=None, help="the time budget of every retrieval")
    ap.add_argument("--edit", metavar="FILE", help="a file of DIR changed before each query")
    args = ap.parse_args()
    edited = os.path.join(args.repo, args.edit) if args.edit else None
    original = open(edited, "rb").read() if edited else b""
    try:
        _run(args, edited)
    finally:
        if edited:
            with open(edited, "wb") as f:
                f.write(original)


def _run(args: argparse.Namespace, edited: str | None) -> None:
    with open(args.tasks, encoding="utf-8") as f:
        tasks = [json.loads(line) for line in f if line.strip()]
    tasks = tasks[:: max(1, len(tasks) // args.limit)][: args.limit]
    files = len(walk(WorkTree(args.repo), DEFAULT_BUDGETS).paths)
    print(f"{args.repo}: {files} walked files; RSS before: {_status('VmRSS'):.0f} MB")
    max_bytes = DEFAULT_MAX_BYTES if args.max_mb is None else args.max_mb * 1024 * 1024
    # (watch= only when asked: the script also measures engines from before it existed)
    engine = Engine(max_bytes, watch=False) if args.no_watch else Engine(max_bytes)
    budgets = DEFAULT_BUDGETS if args.time_s is None else Budgets(time_s=args.time_s)
    start = time.perf_counter()
    # (freeze= only when asked for, as watch=: the script also measures engines from before it)
    held = engine.prepare(args.repo) if args.no_freeze else engine.prepare(args.repo, freeze=True)
    print(
        f"prepare: {time.perf_counter() - start:.1f} s, {held} files held, "
        f"{engine.bytes_held() / 2**20:.0f} MB of contents (cap {engine.max_bytes / 2**20:.0f} MB); "
        f"RSS {_status('VmRSS'):.0f} MB"
    )
    tree = engine.checkout(args.repo)[0]
    checks = []
    for _ in range(20):
        begin = time.perf_counter()
        tree.files()
        checks.append((time.perf_counter() - begin) * 1000)
    print(
        f"validation alone (files(), nothing changed, {'told' if getattr(tree, 'watched', False) else 'lstat'}): "
        f"p50 {percentile(checks, 0.5):.2f} ms, max {max(checks):.2f} ms"
    )
    warm, wall, cold, differ = [], [], [], 0
    for n, t in enumerate(tasks):
        message = t["problem_statement"]
        if edited:
            with open(edited, "a", encoding="utf-8") as f:
                f.write(f"\n# edited before query {n}\n")
        begin = time.perf_counter()
        w = engine.retrieve(message, args.repo, budgets=budgets)
        warm.append(w.timings_ms["total"])
        answer = (w.block, [(i.path, i.line) for i in w.items])
        del w  # its release, and any collection the query's objects set off, are the host's wait too
        wall.append((time.perf_counter() - begin) * 1000)
        if not args.no_cold:
            c = retrieve(message, args.repo, budgets=budgets)
            cold.append(c.timings_ms["total"])
            differ += answer != (c.block, [(i.path, i.line) for i in c.items])
        print(t["instance_id"], round(warm[-1]), round(cold[-1]) if cold else "", file=sys.stderr)
    print(f"RSS after {len(tasks)} queries: {_status('VmRSS'):.0f} MB (peak {_status('VmHWM'):.0f} MB)")
    print(f"contents held: {engine.bytes_held() / 2**20:.0f} MB (cap {engine.max_bytes / 2**20:.0f} MB)")
    print("\n| | p50 | p95 | max |\n| --- | --- | --- | --- |")
    for label, values in (("warm", warm), ("warm, as the caller waits", wall), ("cold", cold)):
        if values:
            print(
                f"| {label} | {percentile(values, 0.5):.0f} ms | {percentile(values, 0.95):.0f} ms "
                f"| {max(values):.0f} ms |"
            )
    if cold:
        budget = f"time budget {budgets.time_s:g} s"
        print(f"\nanswers differing warm/cold: {differ} of {len(tasks)} ({budget}; one reached differs)")


if __name__ == "__main__":
    main()
