"""Where a warm engine's scan spends its time: each needle's lines, the first time it is asked.

    .venv/bin/python benchmarks/warm_needles.py --repo DIR --tasks TASKS.jsonl [--limit 40] [--top 25]

An `Engine` prepares DIR as a long-lived host does (every walked file read and indexed, its
kept facts frozen), then answers the messages of --limit tasks taken evenly over the task file.
Every needle whose lines the warm scan finds for the first time (`WarmScanner._needle_lines`
with nothing kept for it) is timed as it is found; printed: how many there were, their time in
all and per query, the files and lines they found (and in how many files the lines were made
plain, `PlainLines`), and the --top costliest needles, each with its files and lines. A needle
costing much for the files it is in is searched where it cannot be. Nothing is asserted.
"""

from __future__ import annotations

import argparse
import importlib
import json
import time


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--repo", required=True, help="the checkout the engine serves")
    ap.add_argument("--tasks", required=True, help="a task file: its messages are asked")
    ap.add_argument("--limit", type=int, default=40)
    ap.add_argument("--top", type=int, default=25)
    args = ap.parse_args()

    from boundedcode.engine import Engine

    warm = importlib.import_module("boundedcode.scan.warm")
    found_first = warm.WarmScanner._needle_lines
    timed: list[tuple[float, str, bool, int, int, int]] = []

    def needle_lines(self, needle, most, deadline):  # type: ignore[no-untyped-def]
        new = (needle, most) not in self._lines_kept
        start = time.perf_counter()
        kept = found_first(self, needle, most, deadline)
        if new and kept is not None:
            lines = sum(len(f.lines) for f in kept.values())
            plain = sum(isinstance(f.lines, warm.PlainLines) for f in kept.values())
            ms = (time.perf_counter() - start) * 1000
            timed.append((ms, needle.text, needle.word, len(kept), lines, plain))
        return kept

    warm.WarmScanner._needle_lines = needle_lines
    with open(args.tasks, encoding="utf-8") as f:
        tasks = [json.loads(line) for line in f if line.strip()]
    step = len(tasks) / args.limit
    chosen = [tasks[int(i * step)] for i in range(args.limit)]
    engine = Engine()
    engine.prepare(args.repo, freeze=True)
    engine.retrieve("the first call, once the checkout is read", args.repo)
    for t in chosen:
        engine.retrieve(t["problem_statement"], args.repo)

    total = sum(t[0] for t in timed)
    print(
        f"{len(timed)} new needles over {len(chosen)} queries: {total:.0f} ms, {total / len(chosen):.1f} a query"
    )
    print(
        f"files {sum(t[3] for t in timed)}, lines {sum(t[4] for t in timed)}, "
        f"files made plain {sum(t[5] for t in timed)}"
    )
    for ms, text, word, files, lines, plain in sorted(timed, reverse=True)[: args.top]:
        print(
            f"{ms:8.1f} ms  {text[:32]!r:36} word={word!s:5} files {files:6d} lines {lines:7d} plain {plain:6d}"
        )


if __name__ == "__main__":
    main()
