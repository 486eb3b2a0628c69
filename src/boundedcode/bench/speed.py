"""`bcode bench speed`: the retrieval's latency against ripgrep's, per language, in one run.

    bcode bench speed --tasks TASKS.jsonl --checkouts DIR [--limit 60] [--language L ...]
        [--no-process] [--set-budget NAME=VALUE ...] [--json FILE]

DIR holds one checkout per commit, named by the commit id (`bcode bench direct`'s
checkout cache). Tasks are taken evenly over the task file (at most --limit, the same
ones every run). For each task, one right after the other, so that the machine's
load touches every row alike:

- ripgrep alone: `rg -n -w -F -e NAME…` over the checkout, the message's names and
  members (at most the scan's string budget): issue 11's first row;
- ripgrep bare: the retrieval's own needles over the files it searches them in, each
  kind in ripgrep's plainest form (`-n -w -F` the words, `-n -w -F -i` the words in
  any case, `-n -F` the literals, `-n -F -i` the terms' spellings over the documents);
- cold: a retrieval in this process, its own `timings_ms.total`, and the CPU time it took:
  this process's and its ripgrep processes' (and bare's ripgrep's, beside it);
- warm: the same message to an `Engine` that has prepared the checkout (its files
  read and indexed) and answered one message there;
- process: `bcode retrieve --json` as a process, interpreter start included (left out under
  `--set-budget`: the command runs the defaults).

The retrievals and ripgrep's needles (the string budget, the terms' budget) keep to the budgets
`--set-budget` gives, the defaults otherwise.

Printed: p50, p95 and max per row, overall and per language, the ratios of cold and
warm to ripgrep bare, the resident memory of the warm engine holding that one
checkout (this process's, after the previous checkout's engine was freed), the
peak resident memory of this process, and the least wall time the cold rows' CPU
allows on this machine's cores (this process's part is one thread). Nothing is
asserted: on a shared machine, read the medians and the ratios.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import resource
import subprocess
import sys
import time
from dataclasses import dataclass, field
from typing import Sequence

from .._record import replace
from ..checkout.budgets import DEFAULT_BUDGETS, Budgets
from ..cli import add_budget_settings

__all__ = ["add_arguments", "run", "main", "percentile", "cpu_floor", "SpeedRow"]

ROWS = {
    "alone": "ripgrep alone, `rg -n -w -F -e NAME…`",
    "bare": "ripgrep bare, the retrieval's needles",
    "bare_cpu": "ripgrep bare: its CPU",
    "cold": "the engine, cold (`timings_ms.total`)",
    "cold_cpu": "the engine, cold: this process's CPU",
    "cold_rg_cpu": "the engine, cold: its ripgrep processes' CPU",
    "warm": "the engine, warm (`Engine`, prepared)",
    "process": "`bcode retrieve --json` as a process",
}


def percentile(values: Sequence[float], q: float) -> float:
    """The nearest-rank percentile `q` (0..1) of `values` (not empty)."""
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(round(q * (len(ordered) - 1))))]


@dataclass
class SpeedRow:
    """One task's measurements, in milliseconds, and the warm engine's resident memory."""

    instance_id: str
    language: str
    ms: dict[str, float] = field(default_factory=dict)
    warm_rss_mb: float | None = None


def _ms(start: float) -> float:
    return (time.perf_counter() - start) * 1000


def _rss_mb() -> float:
    """This process's resident memory now (Linux: /proc; elsewhere the peak so far)."""
    try:
        with open("/proc/self/status", encoding="ascii") as f:
            for line in f:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
    except OSError:
        pass
    return _peak_mb(resource.RUSAGE_SELF)


def _cpu_ms(who: int) -> float:
    """CPU time so far, user and system, of this process (RUSAGE_SELF) or of its waited-for
    children (RUSAGE_CHILDREN), in milliseconds."""
    usage = resource.getrusage(who)
    return (usage.ru_utime + usage.ru_stime) * 1000


def _peak_mb(who: int) -> float:
    peak = resource.getrusage(who).ru_maxrss
    return peak / (1024 * 1024) if sys.platform == "darwin" else peak / 1024


class _Ripgrep:
    """The two ripgrep rows: the same binary the retrieval runs."""

    def __init__(self) -> None:
        from ..scan import RipgrepScanner

        self.binary = RipgrepScanner().binary or "rg"

    def _rg(self, repo: str, flags: list[str], texts: list[str], paths: list[str] | None) -> float:
        if not texts:
            return 0.0
        command = [self.binary, "--no-config", *flags]
        for text in texts:
            command += ["-e", text]
        if paths is not None:
            command += ["--no-ignore", "--hidden", "--", *paths]
        start = time.perf_counter()
        subprocess.run(command, cwd=repo, capture_output=True)
        return _ms(start)

    def alone(self, repo: str, message: str, budgets: Budgets) -> float:
        from ..model import AnchorKind
        from ..seeds import message_anchors

        kinds = (AnchorKind.NAME, AnchorKind.MEMBER)
        names = list(dict.fromkeys(a.text for a in message_anchors(message) if a.kind in kinds))
        return self._rg(repo, ["-n", "-w", "-F"], names[: budgets.scan_strings], None)

    def bare(self, repo: str, message: str, budgets: Budgets) -> float:
        from ..checkout import WorkTree, walk
        from ..lang.languages import is_document
        from ..plan import plan_strategies
        from ..retrieve import message_seeds
        from ..seeds import message_facts
        from ..seeds.terms import spellings
        from ..strategies import REGISTRY, Plan

        shown, anchors = message_seeds(message)  # as run_retrieval seeds it
        plan = Plan(tuple(anchors), message_facts(shown, anchors), None)
        needles = plan_strategies(plan, REGISTRY, (), budgets).needles
        paths = walk(WorkTree(repo), budgets).paths  # not timed: ripgrep is handed the list
        documents = [p for p in paths if is_document(p, plan.facts.about_tests)]
        words = [n.text for n in needles if n.word and not n.term and not n.fold]
        folded = [n.text for n in needles if n.fold and not n.term]
        literals = [n.text for n in needles if not n.word and not n.fold and not n.term]
        terms = sorted({w for n in needles if n.term for w in spellings(n.text)})
        return (
            self._rg(repo, ["-n", "-w", "-F"], words, paths)
            + self._rg(repo, ["-n", "-w", "-F", "-i"], folded, paths)
            + self._rg(repo, ["-n", "-F"], literals, paths)
            + self._rg(repo, ["-n", "-F", "-i"], terms, documents)
        )


def _process(repo: str, message: str) -> float:
    bcode = os.path.join(os.path.dirname(sys.executable), "bcode")
    start = time.perf_counter()
    subprocess.run(
        [bcode, "retrieve", "--json", "--repo", repo, "-"], input=message.encode(), capture_output=True
    )
    return _ms(start)


def measure(
    tasks: list[dict], checkouts: str, process: bool = True, budgets: Budgets = DEFAULT_BUDGETS
) -> list[SpeedRow]:
    """Every row of every task, interleaved per task (progress on stderr); the retrievals and
    ripgrep's needles under `budgets` (the process row, `bcode retrieve`, under the defaults:
    leave it out with other budgets)."""
    from ..api import retrieve
    from ..engine import Engine

    rg = _Ripgrep()
    out = []
    for t in tasks:
        repo = os.path.join(checkouts, t["base_commit"])
        message = t["problem_statement"]
        gc.collect()  # the previous checkout's engine is gone: the memory figure is this one's
        alone = rg.alone(repo, message, budgets)
        children = _cpu_ms(resource.RUSAGE_CHILDREN)
        bare = rg.bare(repo, message, budgets)
        bare_cpu = _cpu_ms(resource.RUSAGE_CHILDREN) - children
        # Before this checkout's engine: a cold retrieval after it found the listing's facts the
        # engine's queries had built (`PathIndex.of` keeps the last), as no one-shot call does.
        own, children = _cpu_ms(resource.RUSAGE_SELF), _cpu_ms(resource.RUSAGE_CHILDREN)
        cold = retrieve(message, repo, budgets=budgets).timings_ms["total"]
        cold_cpu = _cpu_ms(resource.RUSAGE_SELF) - own
        cold_rg_cpu = _cpu_ms(resource.RUSAGE_CHILDREN) - children
        engine = Engine()
        engine.prepare(repo)
        engine.retrieve("prepare the engine for this checkout", repo)
        row = SpeedRow(t["instance_id"], t["language"], warm_rss_mb=_rss_mb())
        row.ms.update(
            alone=alone, bare=bare, cold=cold, cold_cpu=cold_cpu, cold_rg_cpu=cold_rg_cpu, bare_cpu=bare_cpu
        )
        row.ms["warm"] = engine.retrieve(message, repo, budgets=budgets).timings_ms["total"]
        del engine
        if process:
            row.ms["process"] = _process(repo, message)
        out.append(row)
        print(t["instance_id"], {k: round(v) for k, v in row.ms.items()}, file=sys.stderr, flush=True)
    return out


def table(rows: list[SpeedRow]) -> str:
    """The markdown report: overall, then per language."""
    lines = [f"{len(rows)} tasks, one run each, interleaved per task", ""]
    lines += ["| | p50 | p95 | max |", "| --- | --- | --- | --- |"]
    for key, label in ROWS.items():
        values = [r.ms[key] for r in rows if key in r.ms]
        if values:
            lines.append(
                f"| {label} | {percentile(values, 0.5):.0f} ms | {percentile(values, 0.95):.0f} ms "
                f"| {max(values):.0f} ms |"
            )
    lines += [
        "",
        "| language | tasks | bare p50 | cold p50 | warm p50 | cold/bare p50 | cold/bare p95 "
        "| warm/bare p50 | warm RSS max |",
        "| --- | --- | --- | --- | --- | --- | --- | --- | --- |",
    ]
    by_language: dict[str, list[SpeedRow]] = {}
    for r in rows:
        by_language.setdefault(r.language, []).append(r)
    for language, group in [*sorted(by_language.items()), ("all", rows)]:
        bare = [r.ms["bare"] for r in group]
        cold = [r.ms["cold"] for r in group]
        warm = [r.ms["warm"] for r in group]
        b50, b95 = percentile(bare, 0.5), percentile(bare, 0.95)
        rss = max((r.warm_rss_mb or 0.0) for r in group)
        lines.append(
            f"| {language} | {len(group)} | {b50:.0f} ms | {percentile(cold, 0.5):.0f} ms "
            f"| {percentile(warm, 0.5):.0f} ms | {percentile(cold, 0.5) / b50:.2f}× "
            f"| {percentile(cold, 0.95) / b95:.2f}× | {percentile(warm, 0.5) / b50:.2f}× | {rss:.0f} MB |"
        )
    lines += [
        "",
        f"peak resident memory of this process (every cold retrieval and warm engine of the run): "
        f"{_peak_mb(resource.RUSAGE_SELF):.0f} MB",
    ]
    floor = cpu_floor(rows, os.cpu_count() or 1)
    if floor is not None:
        lines.append(floor)
    return "\n".join(lines) + "\n"


def cpu_floor(rows: list[SpeedRow], cores: int) -> str | None:
    """The least wall time the cold rows' CPU allows on `cores` cores, at the medians: this
    process's CPU (one thread does it) or all of it spread over the cores, whichever is more;
    against ripgrep bare's median. None without CPU rows."""
    own = [r.ms["cold_cpu"] for r in rows if "cold_cpu" in r.ms]
    if not own:
        return None
    ripgrep = percentile([r.ms["cold_rg_cpu"] for r in rows], 0.5)
    python, bare = percentile(own, 0.5), percentile([r.ms["bare"] for r in rows], 0.5)
    cold = percentile([r.ms["cold"] for r in rows], 0.5)
    floor = max(python, (python + ripgrep) / cores)
    return (
        f"least wall time the cold rows' CPU allows on {cores} cores (medians: this process "
        f"{python:.0f} ms, its ripgrep {ripgrep:.0f} ms): {floor:.0f} ms, {floor / bare:.2f}× bare "
        f"(measured {cold / bare:.2f}×)"
    )


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `bcode bench speed`."""
    parser.add_argument("--tasks", required=True, metavar="FILE", help="task file, one JSON object a line")
    parser.add_argument(
        "--checkouts", required=True, metavar="DIR", help="a folder of checkouts named by commit id"
    )
    parser.add_argument("--limit", type=int, default=60, metavar="N", help="tasks, evenly over the file")
    parser.add_argument("--language", nargs="+", action="extend", default=[], metavar="LANG")
    parser.add_argument("--no-process", action="store_true", help="skip the `bcode retrieve` process row")
    add_budget_settings(
        parser, "time the retrievals and ripgrep's needles with these budgets; implies --no-process"
    )
    parser.add_argument("--json", metavar="FILE", help="also write every measurement to FILE")


def run(args: argparse.Namespace) -> int:
    with open(args.tasks, encoding="utf-8") as f:
        tasks = [json.loads(line) for line in f if line.strip()]
    tasks = [
        t
        for t in tasks
        if os.path.isdir(os.path.join(args.checkouts, t["base_commit"]))
        and (not args.language or t["language"] in args.language)
    ]
    step = max(1, len(tasks) // max(1, args.limit))
    budgets = replace(DEFAULT_BUDGETS, **dict(args.set_budget))
    process = not args.no_process and not args.set_budget  # `bcode retrieve` runs the defaults
    rows = measure(tasks[::step][: args.limit], args.checkouts, process=process, budgets=budgets)
    if not rows:
        print("bcode bench speed: no task has a checkout in --checkouts", file=sys.stderr)
        return 1
    sys.stdout.write(table(rows))
    if args.json:
        with open(args.json, "w", encoding="utf-8") as f:
            json.dump([r.__dict__ for r in rows], f, indent=1)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="bcode bench speed", description=__doc__.splitlines()[0])
    add_arguments(parser)
    return run(parser.parse_args(argv))
