"""One retrieval, glue only: anchors → plan → walk → scan → findings → ranking → block."""

from __future__ import annotations

import time
from dataclasses import replace
from typing import Callable, Collection, Sequence

from .checkout.budgets import DEFAULT_BUDGETS, Budgets
from .checkout.tree import Tree, blob_id
from .checkout.walk import walk
from .model import Anchor, Finding, RetrievalResult, StrategyRun
from .navigator.operations import build_navigator
from .plan import plan_strategies, rank_facts
from .rank import rank
from .render import render_block
from .scan import Scanner, begin_scan
from .scan.rescan import Rescan
from .seeds import message_anchors, message_facts
from .seeds.evidence import trace_anchors
from .strategies import REGISTRY, Evidence, PathIndex, Plan, Reader

__all__ = ["run_retrieval"]


def run_retrieval(
    message: str,
    tree: Tree,
    *,
    evidence_anchors: Sequence[Anchor] = (),
    budgets: Budgets = DEFAULT_BUDGETS,
    without: Collection[str] = (),
    explain: bool = False,
    scanner: Scanner | None = None,
    servers: Sequence[str] = (),
    clock: Callable[[], float] = time.monotonic,
) -> RetrievalResult:
    t0 = clock()
    timings: dict[str, float] = {}
    bounds: list[str] = []

    def lap(stage: str, since: float) -> float:
        now = clock()
        timings[stage] = (now - since) * 1000.0
        return now

    def reached(names: Sequence[str]) -> None:
        bounds.extend(b for b in dict.fromkeys(names) if b not in bounds)

    message = message.replace("\r\n", "\n").replace("\r", "\n")
    anchors = list(evidence_anchors) + trace_anchors(message, "prose") + message_anchors(message)
    plan = Plan(tuple(anchors), message_facts(message, anchors), tree.git_dir())
    t = lap("anchors", t0)

    # Plan from the anchors alone, so the scan can start before the walk: they run at once.
    deadline = t0 + budgets.time_s
    planned = plan_strategies(plan, REGISTRY, without, budgets)
    if planned.over_budget:
        reached(["scan_strings"])
    finish_scan = begin_scan(tree, planned.needles, budgets, deadline, scanner)
    t = lap("plan", t)

    listing = walk(tree, budgets)
    reached(listing.bounds_reached)
    paths = listing.paths
    t = lap("walk", t)

    shared = finish_scan(paths)
    reached(shared.bounds_reached)
    rescan = Rescan(tree, paths, budgets, deadline, scanner, shared, planned.needles)
    # Language servers answer where they serve; the patterns answer from the scans everywhere else.
    navigator = build_navigator(
        tree, paths, servers=tuple(servers), budgets=budgets, scanner=scanner, occurrences=rescan.occurrences
    )
    reader = Reader(tree, budgets)
    ev = Evidence(plan, paths, PathIndex(paths), shared, reader, navigator, rescan, budgets)
    t = lap("scan", t)

    findings: list[Finding] = []
    runs = list(planned.not_run)
    for s, why in planned.runs:
        found = s.find(ev)
        findings += found
        runs.append(StrategyRun(s.id, True, why, len(found)))
    reached(rescan.bounds_reached)
    t = lap("strategies", t)

    items = rank(findings, rank_facts(plan), budgets.block_items, explain)
    items = [replace(it, blob_id=blob_id(d)) if (d := reader(it.path)) is not None else it for it in items]
    if reader.exceeded:
        reached(["bytes_read"])
    t = lap("rank", t)

    block, tokens, cut = render_block(items, budgets.block_tokens)
    if cut:
        reached(["block_tokens"])
    lap("render", t)
    total = clock() - t0
    timings["total"] = total * 1000.0
    if total > budgets.time_s:
        reached(["time_s"])
    runs.sort(key=lambda r: r.strategy)
    return RetrievalResult(
        items=items,
        block=block,
        tokens=tokens,
        truncated="time_s" in bounds or cut,
        commit=tree.commit(),
        branch=tree.branch(),
        strategies=runs,
        anchors=anchors,
        bounds_reached=bounds,
        timings_ms=timings,
        budget_use={
            "files_listed": len(paths),
            "files_refused": dict(sorted(listing.refused.items())),
            "scan_strings": len(planned.needles),
            "files_scanned": shared.files_scanned,
            "bytes_read_by_strategies": reader.bytes,
            "block_tokens": tokens,
        },
    )
