"""One retrieval, glue only: anchors → plan → walk → scan → findings → ranking → places → block."""

from __future__ import annotations

import functools
import gc
import time
from typing import Callable, Collection, ParamSpec, Sequence, TypeVar

from ._record import replace
from .checkout.budgets import DEFAULT_BUDGETS, Budgets, reach
from .checkout.tree import Tree, blob_id
from .checkout.walk import walk
from .model import Anchor, AnchorOrigin, Finding, Item, RetrievalResult, StrategyRun
from .navigator.operations import build_navigator
from .plan import Planned, plan_strategies, rank_facts
from .rank import rank
from .weights import ITEM_LINES, RELATIVE_CUT, TAIL_CUT
from .render import render_block
from .scan import Scanner, begin_scan
from .scan.rescan import Rescan
from .seeds import message_anchors, message_facts
from .lang._text import without_runtime_hints
from .seeds.evidence import trace_anchors
from .seeds.markup import readable
from .seeds.message import cap_message
from .strategies import REGISTRY, Evidence, FromListing, ListingEvidence, PathIndex, Placing, Plan, Reader
from .strategies.fulltext import MEMBER_PLACED, listed_documents, member_places
from .strategies.parallels import ID as PARALLELS
from .strategies.parallels import parallel_findings

__all__ = ["run_retrieval", "message_seeds"]

#: A language server skipped for these reasons kept to these budgets (Composite.Skip.reason).
_SERVER_BOUNDS = {"budget": "lsp_lookups", "timeout": "lsp_timeout_s"}
#: The walk's reason for a file over the one-file budget (Listing.refused).
_OVER_SIZE = "file over size limit"
#: The strategies that need the walk alone, told once: a protocol's `isinstance` asks each of its
#: members (some 190 µs for the registry, on every warm query).
_FROM_LISTING = {s.id: s for s in REGISTRY if isinstance(s, FromListing)}


def message_seeds(message: str) -> tuple[str, list[Anchor]]:
    """The text the seeds read of `message` (markup and version reports name nothing: it gives the
    plan's facts) and its anchors: the traces in it, then what its prose and samples name."""
    shown = readable(message)
    return shown, trace_anchors(message, AnchorOrigin.PROSE) + message_anchors(without_runtime_hints(shown))


def _by_words(items: Sequence[Item], ev: Evidence, words: Placing) -> list[Item]:
    """`items` placed by the message's words: one whose findings gave no line (a file found by
    its words alone, a file named, a module, a path word) at its densest line (`words.place`:
    fulltext's, a second look at a file's text that only the block's files need), then at the
    file's function the words are in; and a place at a type's header or in its body outside its
    methods, or at a module's top level, at the method or function the words are in
    (`member_places`), the place it had kept as its next line."""
    unplaced = [it.path for it in items if it.line is None]
    densest = words.place(ev, unplaced) if unplaced else {}
    items = [replace(it, line=n, lines=(n,)) if (n := densest.get(it.path)) else it for it in items]
    moved = member_places(
        ev,
        {
            it.path: it.line
            for it in items
            if it.line is not None and (it.strategies[0] in MEMBER_PLACED or it.path in densest)
        },
        whole=densest.keys(),
    )
    return [
        replace(it, line=m[0], symbol=m[1], lines=tuple(dict.fromkeys((m[0], *it.lines)))[:ITEM_LINES])
        if (m := moved.get(it.path))
        else it
        for it in items
    ]


_P = ParamSpec("_P")
_R = TypeVar("_R")


def _between_collections(fn: Callable[_P, _R]) -> Callable[_P, _R]:
    """`fn` with the cyclic garbage collector paused while it runs. A retrieval makes some
    hundred thousand objects (a scan's hits, the walk's entries), nearly all freed by their
    reference counts alone, yet each counted toward the collector's next pass over the heap:
    17–138 ms of 0.3–1.2 s retrievals (Django, sympy, xarray), and a warm engine's first query
    on Django two full passes (514 ms). A cycle left over is collected after the query."""

    @functools.wraps(fn)
    def paused(*args: _P.args, **kwargs: _P.kwargs) -> _R:
        if not gc.isenabled():  # paused already (another query, or the host's choice)
            return fn(*args, **kwargs)
        gc.disable()
        try:
            return fn(*args, **kwargs)
        finally:
            gc.enable()

    return paused


def _find(
    planned: Planned,
    ev: Evidence,
    early: dict[str, list[Finding]],
    clock: Callable[[], float],
    deadline: float,
    bounds: list[str],
) -> tuple[list[Finding], list[StrategyRun]]:
    """Every planned strategy's findings, in registry order, and how each run went (`early`: the
    findings of those that ran while ripgrep searched)."""
    findings: list[Finding] = []
    runs = list(planned.not_run)
    for s, why in planned.runs:
        # The time budget covers every stage: strategies planned after it say so. But a scan
        # that ended past it still has results so far, and they count only as findings: the
        # strategies run (on the scan's results alone, their own searches already cut) until
        # one finds something. Before, a slow tree's answer was empty (5 of 627 development
        # tasks under load, each with a gold file first when given the time). One that ran while
        # the scan searched has its findings already.
        if s.id not in early and clock() > deadline and findings:
            runs.append(StrategyRun(s.id, False, "time budget spent before it ran"))
            reach(bounds, "time_s")
            continue
        if s.id in planned.counting:
            ev.scan.settle()
        found = early[s.id] if s.id in early else s.find(ev)
        findings += found
        runs.append(StrategyRun(s.id, True, why, len(found)))
    return findings, runs


@_between_collections
def run_retrieval(
    message: str,
    tree: Tree,
    *,
    evidence_anchors: Sequence[Anchor] = (),
    evidence_bounds: Sequence[str] = (),
    budgets: Budgets = DEFAULT_BUDGETS,
    without: Collection[str] = (),
    explain: bool = False,
    scanner: Scanner | None = None,
    servers: Sequence[str] = (),
    clock: Callable[[], float] = time.monotonic,
    started: float | None = None,
    relative_cut: float = RELATIVE_CUT,
) -> RetrievalResult:
    """One retrieval of `message` over `tree`: the ranked places, the block, and how they came about.

    `evidence_anchors` are anchors already parsed from command output (`started`, by `clock`,
    when that began, so that the time budget covers it too); `without` names strategies to
    switch off; `scanner`, `servers` and `clock` are the seams (the content scan's back end,
    the language servers to ask, the time source of the budget); `relative_cut` is for the
    weight fitter (benchmarks/fit_weights.py: 0 keeps every scored file, past the tail too). Never
    raises for bad input:
    what it could not do is in `bounds_reached` and `notes`.
    """
    t0 = clock() if started is None else started
    timings: dict[str, float] = {}
    bounds: list[str] = []  # names of Budgets fields, each once: every stage reports into it
    for bound in evidence_bounds:  # evidence read only as its head and tail
        reach(bounds, bound)
    notes: list[str] = []

    def lap(stage: str, since: float) -> float:
        now = clock()
        timings[stage] = (now - since) * 1000.0
        return now

    message = message.replace("\r\n", "\n").replace("\r", "\n")
    # Capped before any stage whose cost grows faster than the text: the bound is named.
    message, cut = cap_message(message, budgets.message_chars)
    if cut:
        reach(bounds, "message_chars")
    shown, seeded = message_seeds(message)
    anchors = list(evidence_anchors) + seeded
    if len(anchors) > budgets.anchors:
        anchors = anchors[: budgets.anchors]  # evidence first, then the message in seed order
        reach(bounds, "anchors")
    plan = Plan(tuple(anchors), message_facts(shown, anchors), tree.repository)
    t = lap("anchors", t0)

    # Plan from the anchors alone, so the scan can start before the walk: they run at once.
    deadline = t0 + budgets.time_s
    planned = plan_strategies(plan, REGISTRY, without, budgets)
    for bound in planned.over_budget:
        reach(bounds, bound)
    if planned.too_long:
        reach(bounds, "needle_chars")
    finish_scan = begin_scan(tree, planned.needles, budgets, deadline, scanner)
    t = lap("plan", t)

    listing = walk(tree, budgets)
    for bound in listing.bounds_reached:
        reach(bounds, bound)
    if listing.refused.get(_OVER_SIZE):
        reach(bounds, "file_bytes")
    paths = listing.paths
    t = lap("walk", t)

    # Terms are counted only where fulltext scores them: the rest of the tree is not asked (a
    # fact of the listing: a warm host asks it again on every query).
    index = PathIndex.of(paths)
    about_tests = plan.facts.about_tests
    documents = listed_documents(index, about_tests) if planned.counts_terms else []
    # The strategies that need the walk alone find their places while ripgrep searches: the
    # scan's processes leave part of a core free, and the time after the scan has none to spare.
    listed = ListingEvidence(plan, paths, index)
    early: dict[str, list[Finding]] = {}

    def while_scanning() -> None:
        for s, _ in planned.runs:
            if (listing_only := _FROM_LISTING.get(s.id)) is not None:
                early[s.id] = listing_only.find(listed)

    shared = finish_scan(paths, documents, while_scanning)
    # ripgrep may count the terms still: the strategies that need the words' hits alone run
    # meanwhile, and the counts are read before the first that asked for terms, or after the last.
    try:
        for bound in shared.bounds_reached:
            reach(bounds, bound)
        noted = len(shared.notes)
        notes += shared.notes
        rescan = Rescan(
            tree,
            paths,
            budgets,
            deadline,
            scanner,
            shared,
            planned.needles,
            bounds_reached=bounds,
            notes=notes,
        )
        # Language servers answer where they serve; the patterns answer from the scans everywhere else.
        navigator = build_navigator(
            tree,
            paths,
            servers=tuple(servers),
            budgets=budgets,
            scanner=scanner,
            occurrences=rescan.occurrences,
        )
        reader = Reader(tree, budgets, bounds)
        ev = Evidence(plan, paths, index, shared, reader, navigator, rescan, budgets, bounds, tree.size)
        t = lap("scan", t)
        findings, runs = _find(planned, ev, early, clock, deadline, bounds)
    finally:
        shared.settle()
    for bound in shared.bounds_reached:  # the terms' search too: cut at the deadline, or refused
        reach(bounds, bound)
    notes += shared.notes[noted:]
    for skip in navigator.skipped:
        if skip.reason in _SERVER_BOUNDS:
            reach(bounds, _SERVER_BOUNDS[skip.reason])
    t = lap("strategies", t)

    tail_cut = TAIL_CUT if relative_cut > 0 else 0.0
    facts = rank_facts(plan)
    ranking = rank(findings, facts, budgets.block_items, explain, relative_cut, tail_cut)
    parallel = parallel_findings(ranking.items, index) if PARALLELS not in without else []
    if parallel:  # they follow the best files: ranked again with them
        findings = findings + parallel
        runs.append(StrategyRun(PARALLELS, True, "the best files' parallel implementations", len(parallel)))
        ranking = rank(findings, facts, budgets.block_items, explain, relative_cut, tail_cut)
    t = lap("rank", t)

    if ranking.over_items:
        reach(bounds, "block_items")
    # No score depends on a line: the places are found for the block's files alone, after ranking.
    items = ranking.items
    words = next((s for s, _ in planned.runs if isinstance(s, Placing)), None)
    if plan.facts.terms and words is not None:
        items = _by_words(items, ev, words)
    items = [replace(it, blob_id=blob_id(d)) if (d := reader(it.path)) is not None else it for it in items]
    t = lap("place", t)

    block, tokens, cut = render_block(items, budgets.block_tokens, bounds_reached=bounds)
    if cut:
        reach(bounds, "block_tokens")
    lap("render", t)
    total = clock() - t0
    timings["total"] = total * 1000.0
    if total > budgets.time_s:
        reach(bounds, "time_s")
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
        notes=notes,
    )
