"""The speed table of issue 11 on any folder of checkouts: the engine against ripgrep, interleaved.

    .venv/bin/python benchmarks/speed_table.py --tasks TASKS.jsonl --checkouts DIR \
        [--limit 60] [--language python ...] [--runs 1] [--no-process] [--no-warm]

DIR holds one checkout per commit, named by the commit id (as `bcode bench`'s
checkout cache does). Tasks are taken evenly over the task file (at most
--limit, the same ones every run). For each task, in this order and one right
after the other, so that the machine's load touches every row alike:

- ripgrep alone: `rg -n -w -F -e NAME…` over the checkout, the message's names
  and members (at most 32): the issue's first row;
- ripgrep bare: the retrieval's own needles over the same files, each kind in
  ripgrep's plainest form (`-n -w -F` the words, `-n -F` the literals, `-n -i -F`
  the terms' spellings over the files the terms are counted in);
- cold: a retrieval in this process, its own `timings_ms.total`;
- warm: the same message to a long-lived `Engine` that has answered one message
  in that checkout before (its contents and facts in memory, validated);
- process: `bcode retrieve --json` as a process, interpreter start included.

Prints p50, p95 and max per row, and the ratios of cold and warm to ripgrep
bare; nothing is asserted (the machine is shared: read medians and ratios).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

from boundedcode import retrieve
from boundedcode.checkout import DEFAULT_BUDGETS, WorkTree, walk
from boundedcode.lang._text import without_runtime_hints
from boundedcode.lang.languages import is_document
from boundedcode.model import AnchorKind, AnchorOrigin
from boundedcode.plan import plan_strategies
from boundedcode.scan import RipgrepScanner
from boundedcode.seeds import message_anchors, message_facts
from boundedcode.seeds.evidence import trace_anchors
from boundedcode.seeds.terms import spellings
from boundedcode.strategies import REGISTRY, Plan

RG = RipgrepScanner().binary or "rg"
BCODE = os.path.join(os.path.dirname(sys.executable), "bcode")


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def _rg(repo: str, flags: list[str], texts: list[str], paths: list[str] | None) -> float:
    if not texts:
        return 0.0
    command = [RG, "--no-config", *flags]
    for text in texts:
        command += ["-e", text]
    if paths is not None:
        command += ["--no-ignore", "--hidden", "--", *paths]
    start = time.perf_counter()
    subprocess.run(command, cwd=repo, capture_output=True)
    return _ms(start)


def ripgrep_alone(repo: str, message: str) -> float:
    """The issue's first row: the message's names, ripgrep's own walk of the checkout."""
    names = list(
        dict.fromkeys(
            a.text for a in message_anchors(message) if a.kind in (AnchorKind.NAME, AnchorKind.MEMBER)
        )
    )[: DEFAULT_BUDGETS.scan_strings]
    return _rg(repo, ["-n", "-w", "-F"], names, None)


def ripgrep_bare(repo: str, message: str) -> float:
    """The retrieval's own needles over the files it searches them in, each kind plainly."""
    anchors = trace_anchors(message, AnchorOrigin.PROSE) + message_anchors(without_runtime_hints(message))
    plan = Plan(tuple(anchors), message_facts(message, anchors), None)
    needles = plan_strategies(plan, REGISTRY, (), DEFAULT_BUDGETS).needles
    paths = walk(WorkTree(repo), DEFAULT_BUDGETS).paths  # not timed: ripgrep is handed the list
    documents = [p for p in paths if is_document(p, plan.facts.about_tests)]
    words = [n.text for n in needles if n.word and not n.term and not n.fold]
    folded = [n.text for n in needles if n.fold and not n.term]
    literals = [n.text for n in needles if not n.word and not n.fold and not n.term]
    terms = sorted({w for n in needles if n.term for w in spellings(n.text)})
    return (
        _rg(repo, ["-n", "-w", "-F"], words, paths)
        + _rg(repo, ["-n", "-w", "-F", "-i"], folded, paths)
        + _rg(repo, ["-n", "-F"], literals, paths)
        + _rg(repo, ["-n", "-F", "-i"], terms, documents)
    )


def process(repo: str, message: str) -> float:
    start = time.perf_counter()
    subprocess.run(
        [BCODE, "retrieve", "--json", "--repo", repo, "-"], input=message.encode(), capture_output=True
    )
    return _ms(start)


def _pct(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", required=True)
    ap.add_argument("--checkouts", required=True, help="a folder of checkouts named by commit id")
    ap.add_argument("--limit", type=int, default=60)
    ap.add_argument("--language", nargs="*", default=[])
    ap.add_argument("--runs", type=int, default=1, help="runs per task and row (the median is kept)")
    ap.add_argument("--no-process", action="store_true", help="skip the `bcode retrieve` process row")
    ap.add_argument("--no-warm", action="store_true", help="skip the warm engine row")
    ap.add_argument("--json", metavar="FILE", help="also write every measurement to FILE")
    args = ap.parse_args()
    with open(args.tasks, encoding="utf-8") as f:
        tasks = [json.loads(line) for line in f]
    tasks = [
        t
        for t in tasks
        if os.path.isdir(os.path.join(args.checkouts, t["base_commit"]))
        and (not args.language or t["language"] in args.language)
    ]
    step = max(1, len(tasks) // args.limit)
    tasks = tasks[::step][: args.limit]
    engine = None
    if not args.no_warm:
        from boundedcode.engine import Engine

        engine = Engine()
    rows: dict[str, list[float]] = {"alone": [], "bare": [], "cold": [], "warm": [], "process": []}
    records = []
    for t in tasks:
        repo = os.path.join(args.checkouts, t["base_commit"])
        message = t["problem_statement"]
        if engine is not None:
            engine.retrieve("warm up the engine for this checkout", repo)
        got = {
            "alone": statistics.median(ripgrep_alone(repo, message) for _ in range(args.runs)),
            "bare": statistics.median(ripgrep_bare(repo, message) for _ in range(args.runs)),
            "cold": statistics.median(retrieve(message, repo).timings_ms["total"] for _ in range(args.runs)),
        }
        if engine is not None:
            got["warm"] = statistics.median(
                engine.retrieve(message, repo).timings_ms["total"] for _ in range(args.runs)
            )
        if not args.no_process:
            got["process"] = statistics.median(process(repo, message) for _ in range(args.runs))
        for k, v in got.items():
            rows[k].append(v)
        records.append({"instance_id": t["instance_id"], "language": t["language"], **got})
        print(t["instance_id"], {k: round(v) for k, v in got.items()}, file=sys.stderr, flush=True)
    labels = {
        "alone": "ripgrep alone, `rg -n -w -F -e NAME…`",
        "bare": "ripgrep bare, the retrieval's needles",
        "cold": "the engine, cold (`timings_ms.total`)",
        "warm": "the engine, warm (`Engine`)",
        "process": "`bcode retrieve --json` as a process",
    }
    print(f"{len(tasks)} tasks, {args.runs} run(s) each\n")
    print("| | p50 | p95 | max |\n| --- | --- | --- | --- |")
    for k, label in labels.items():
        if rows[k]:
            v = rows[k]
            print(f"| {label} | {_pct(v, 0.5):.0f} ms | {_pct(v, 0.95):.0f} ms | {max(v):.0f} ms |")
    for k in ("cold", "warm"):
        if rows[k]:
            ratio50 = _pct(rows[k], 0.5) / _pct(rows["bare"], 0.5)
            ratio95 = _pct(rows[k], 0.95) / _pct(rows["bare"], 0.95)
            print(f"\n{k} / ripgrep bare: p50 {ratio50:.2f}×, p95 {ratio95:.2f}×", end="")
    print()
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump(records, f, indent=1)


if __name__ == "__main__":
    main()
