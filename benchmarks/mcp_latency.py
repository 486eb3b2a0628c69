"""`bcode mcp` as an agent uses it: retrieve round trips over stdio, timed by the SDK's client.

    .venv/bin/python benchmarks/mcp_latency.py --repo DIR --tasks TASKS.jsonl \
        [--limit 40] [--settle 20] [--session FILE] [--src DIR] [--edit FILE]

Starts `python -m boundedcode mcp --repo DIR` (with `--src`, that tree on PYTHONPATH), times its
first `retrieve` (answered while the server reads the checkout into memory), waits `--settle`
seconds for that reading to end, then sends the messages of `--limit` tasks taken evenly over
the task file, one after the other, and prints the round trips' p50, p95 and max: the engine,
the session's staleness check and records (`--session`: kept in FILE, each record fsync'ed)
and the protocol together, as the client waits. With --edit FILE (a path in the checkout), a
comment line is appended to FILE before each call, as an agent edits between its questions (FILE
is put back as it was at the end). Each call's round trip goes to stderr as it ends.
`benchmarks/warm_engine.py` times the engine alone. Nothing is asserted: the machines are shared
and noisy.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters


def _messages(tasks_file: str, limit: int) -> list[str]:
    tasks = [json.loads(line) for line in open(tasks_file, encoding="utf-8") if line.strip()]
    step = max(1, len(tasks) // limit)
    return [t["problem_statement"] for t in tasks[::step][:limit]]


async def _run(args: argparse.Namespace) -> None:
    env = dict(os.environ)
    if args.src:
        env["PYTHONPATH"] = args.src
    server = [sys.executable, "-m", "boundedcode", "mcp", "--repo", args.repo]
    if args.session:
        server += ["--session", args.session]
    params = StdioServerParameters(command=server[0], args=server[1:], env=env)
    async with Client(params, read_timeout_seconds=120) as client:
        start = time.perf_counter()
        await client.call_tool("retrieve", {"message": "the first call, while the checkout is read"})
        print(f"first retrieve: {(time.perf_counter() - start) * 1000:.0f} ms")
        await anyio.sleep(args.settle)
        times = []
        for n, message in enumerate(_messages(args.tasks, args.limit)):
            if args.edit:
                with open(os.path.join(args.repo, args.edit), "a", encoding="utf-8") as f:
                    f.write(f"\n# edited before call {n}\n")
            start = time.perf_counter()
            await client.call_tool("retrieve", {"message": message})
            times.append((time.perf_counter() - start) * 1000)
            print(f"call {n}: {times[-1]:.0f} ms", file=sys.stderr)
    times.sort()
    p95 = times[round(0.95 * (len(times) - 1))]
    print(f"\n| {len(times)} retrieve calls | p50 | p95 | max |\n| --- | --- | --- | --- |")
    print(f"| round trip | {statistics.median(times):.0f} ms | {p95:.0f} ms | {times[-1]:.0f} ms |")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True, help="the checkout the server serves")
    ap.add_argument("--tasks", required=True, help="a task file: its messages are sent")
    ap.add_argument("--limit", type=int, default=40)
    ap.add_argument(
        "--settle", type=float, default=20.0, help="seconds left for the server to read the checkout"
    )
    ap.add_argument("--session", help="the server keeps its session in this file")
    ap.add_argument("--src", help="a source tree to put on PYTHONPATH (to compare two)")
    ap.add_argument("--edit", metavar="FILE", help="a file of the checkout changed before each call")
    args = ap.parse_args()
    edited = os.path.join(args.repo, args.edit) if args.edit else None
    original = open(edited, "rb").read() if edited else b""
    try:
        anyio.run(_run, args)
    finally:
        if edited:
            with open(edited, "wb") as f:
                f.write(original)


if __name__ == "__main__":
    main()
