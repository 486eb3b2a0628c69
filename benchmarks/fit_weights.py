"""Fit the ranking's reliabilities on the development split: dump every scored file, then search.

    fit_weights.py dump --tasks FILE --mirrors DIR [--cache DIR] [--limit N] --out FEATURES.jsonl
    fit_weights.py fit FEATURES.jsonl [--rounds N]
    fit_weights.py cv FEATURES.jsonl [--rounds N] [--seeds N]

`dump` runs the engine on each task's issue text alone (the direct track) with no
relative cut and a large item budget, and writes, per task, every scored file with
its findings' contributions (strategy, reliability, specificity, repeat) and its demotion.
`fit` recomputes the ranking from those contributions with one multiplier per
strategy's reliability, and searches the multipliers (coordinate ascent over a
small grid) for the best mean of Acc@1, Acc@5 and recall within 12 files, every
repository counting as much as its tasks; it prints the objective before and after,
per language, and the multipliers. Nothing is loaded at run time: the chosen values
go into weights.py as named constants, with this command and its figures.
`cv` says whether a fit would carry to repositories it never saw: the repositories are
split in two at random (per seed), each half is fitted and scored on the other, and the
held-out half's Acc@1 / Acc@5 / recall are printed as shipped and as fitted there.
"""

from __future__ import annotations

import argparse
import json
import math
import random
import sys
import time
from collections import Counter, defaultdict

from boundedcode.bench.checkouts import CheckoutCache, CheckoutError, Mirrors
from boundedcode.bench.tasks import load_tasks
from boundedcode.checkout import DEFAULT_BUDGETS, WorkTree
from boundedcode.retrieve import run_retrieval

ITEMS = 60
DUMP_TIME_S = 120.0
GRID = (0.0, 0.5, 0.7, 0.85, 1.0, 1.2, 1.5)
#: Kinds of finding with fewer findings in the dump are left at their shipped reliability.
MIN_KIND_FINDINGS = 50


def dump(args: argparse.Namespace) -> None:
    mirrors = Mirrors([args.mirrors])
    cache = CheckoutCache(args.cache, int(args.cache_max_gb * 1024**3))
    # No time bound: the fit is of the ranking, not of how loaded the machine was.
    budgets = DEFAULT_BUDGETS.__class__(block_items=ITEMS, block_tokens=10**9, time_s=DUMP_TIME_S)
    tasks = [t for t in load_tasks(args.tasks) if t.usable and t.fetch_repo]
    if args.language:
        tasks = [t for t in tasks if t.language in args.language]
    tasks = tasks[: args.limit] if args.limit else tasks
    with open(args.out, "w", encoding="utf-8") as out:
        for n, task in enumerate(sorted(tasks, key=lambda t: (t.fetch_repo or "", t.instance_id)), 1):
            git_dir = mirrors.git_dir(task.fetch_repo or "")
            if git_dir is None:
                continue
            try:
                checkout = cache.path(git_dir, task.base_commit)
            except CheckoutError:
                continue
            started = time.monotonic()
            result = run_retrieval(
                task.problem_statement, WorkTree(checkout), budgets=budgets, explain=True, relative_cut=0.0
            )
            files = []
            for it in result.items:
                assert it.explain is not None
                files.append(
                    {
                        "path": it.path,
                        "demotion": it.explain.demotion,
                        "contributions": [
                            [c.strategy, c.reliability, c.specificity, c.repeat]
                            for c in it.explain.contributions
                        ],
                    }
                )
            out.write(
                json.dumps(
                    {
                        "id": task.instance_id,
                        "repo": task.repo,
                        "language": task.language,
                        "gold": sorted(task.gold_files),
                        "files": files,
                    }
                )
                + "\n"
            )
            out.flush()
            print(f"{n}/{len(tasks)} {task.instance_id} {time.monotonic() - started:.1f}s", file=sys.stderr)


def _kind(strategy: str, reliability: float) -> str:
    """A kind of finding: its strategy and its reliability (a definition and a use differ)."""
    return f"{strategy}@{reliability:g}"


def _scored(task: dict, scale: dict[str, float]) -> list[tuple[float, str]]:
    scored = []
    for f in task["files"]:
        rest = 1.0
        for strategy, reliability, specificity, *repeat in f["contributions"]:
            k = _kind(strategy, reliability)
            w = min(1.0, reliability * scale.get(k, 1.0)) * specificity
            rest *= 1.0 - w * (repeat[0] if repeat else 1.0)
        scored.append((-(1.0 - rest) * f["demotion"], f["path"]))
    scored.sort()
    return [(-s, p) for s, p in scored]


def _ranked(task: dict, scale: dict[str, float]) -> list[str]:
    return [p for _, p in _scored(task, scale)]


def cuts(tasks: list[dict], scale: dict[str, float]) -> None:
    """Recall, precision and files per block for each relative cut and score floor."""
    print("cut (relative, floor): recall / precision / files per block, over all tasks")
    for relative in (0.2, 0.3, 0.4, 0.5):
        for floor in (0.0, 0.2, 0.3, 0.4):
            recall = precision = files = 0.0
            for t in tasks:
                scored = _scored(t, scale)
                best = scored[0][0] if scored else 0.0
                kept = [p for s, p in scored if s >= relative * best and s >= floor][:12] or [
                    p for _, p in scored[:1]
                ]
                hits = len(set(kept) & set(t["gold"]))
                recall += hits / len(t["gold"])
                precision += hits / len(kept) if kept else 0.0
                files += len(kept)
            n = len(tasks)
            print(
                f"  {relative:.1f}, {floor:.1f}: {recall / n * 100:5.1f} / {precision / n * 100:5.1f} / {files / n:4.1f}"
            )


def _measures(task: dict, ranked: list[str]) -> tuple[float, float, float]:
    rank_of = {p: i for i, p in enumerate(ranked)}
    last = max(rank_of.get(g, math.inf) for g in task["gold"])
    recall = sum(1 for g in task["gold"] if rank_of.get(g, math.inf) < 12) / len(task["gold"])
    return float(last < 1), float(last < 5), recall


def objective(tasks: list[dict], scale: dict[str, float]) -> float:
    per_repo: dict[str, list[float]] = defaultdict(list)
    for t in tasks:
        per_repo[t["repo"]].append(sum(_measures(t, _ranked(t, scale))) / 3)
    # Each task counts once; the mean over tasks (a repository with many tasks weighs more).
    return sum(sum(v) for v in per_repo.values()) / len(tasks)


def report(tasks: list[dict], scale: dict[str, float], label: str) -> None:
    groups: dict[str, list[tuple[float, float, float]]] = defaultdict(list)
    for t in tasks:
        m = _measures(t, _ranked(t, scale))
        groups["overall"].append(m)
        groups[t["language"]].append(m)
    print(f"{label}:")
    for g, ms in sorted(groups.items(), key=lambda kv: (kv[0] != "overall", kv[0])):
        a1, a5, r = (sum(x[i] for x in ms) / len(ms) * 100 for i in range(3))
        print(f"  {g:12s} n={len(ms):4d}  Acc@1 {a1:5.1f}  Acc@5 {a5:5.1f}  recall@12 {r:5.1f}")


def _fitted(tasks: list[dict], rounds: int) -> dict[str, float]:
    """The multipliers coordinate ascent over GRID finds for `tasks`."""
    kinds = Counter(_kind(c[0], c[1]) for t in tasks for f in t["files"] for c in f["contributions"])
    strategies = sorted(k for k, n in kinds.items() if n >= MIN_KIND_FINDINGS)
    scale = {s: 1.0 for s in strategies}
    best = objective(tasks, scale)
    for _ in range(rounds):
        changed = False
        for s in strategies:
            for v in GRID:
                trial = {**scale, s: v}
                value = objective(tasks, trial)
                if value > best + 1e-9:
                    best, scale, changed = value, trial, True
        if not changed:
            break
    return scale


def fit(args: argparse.Namespace) -> None:
    tasks = [json.loads(line) for line in open(args.features, encoding="utf-8")]
    report(tasks, {}, "as shipped")
    scale = _fitted(tasks, args.rounds)
    report(tasks, scale, "fitted")
    cuts(tasks, scale)
    print("multipliers:", json.dumps({s: v for s, v in scale.items() if v != 1.0}, sort_keys=True))


def _overall(tasks: list[dict], scale: dict[str, float]) -> str:
    ms = [_measures(t, _ranked(t, scale)) for t in tasks]
    a1, a5, r = (sum(m[i] for m in ms) / len(ms) * 100 for i in range(3))
    return f"Acc@1 {a1:5.1f}  Acc@5 {a5:5.1f}  recall@12 {r:5.1f}"


def cv(args: argparse.Namespace) -> None:
    tasks = [json.loads(line) for line in open(args.features, encoding="utf-8")]
    repos = sorted({t["repo"] for t in tasks})
    for seed in range(args.seeds):
        half = set(random.Random(seed).sample(repos, len(repos) // 2))
        for held_out in (half, set(repos) - half):
            train = [t for t in tasks if t["repo"] not in held_out]
            test = [t for t in tasks if t["repo"] in held_out]
            scale = _fitted(train, args.rounds)
            print(f"seed {seed}, {len(test)} held-out tasks in {len(held_out)} repositories:")
            print(f"  as shipped  {_overall(test, {})}")
            print(f"  fitted      {_overall(test, scale)}")
            print("  multipliers:", json.dumps({s: v for s, v in scale.items() if v != 1.0}, sort_keys=True))


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    sub = parser.add_subparsers(dest="command", required=True)
    d = sub.add_parser("dump")
    d.add_argument("--tasks", required=True)
    d.add_argument("--mirrors", required=True)
    d.add_argument("--cache", default=".cache/checkouts")
    d.add_argument("--cache-max-gb", type=float, default=45.0)
    d.add_argument("--limit", type=int)
    d.add_argument("--language", nargs="*")
    d.add_argument("--out", required=True)
    f = sub.add_parser("fit")
    f.add_argument("features")
    f.add_argument("--rounds", type=int, default=3)
    c = sub.add_parser("cv")
    c.add_argument("features")
    c.add_argument("--rounds", type=int, default=3)
    c.add_argument("--seeds", type=int, default=2)
    args = parser.parse_args()
    {"dump": dump, "fit": fit, "cv": cv}[args.command](args)


if __name__ == "__main__":
    main()
