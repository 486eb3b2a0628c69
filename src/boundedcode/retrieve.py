"""One retrieval, glue only: anchors → plan → walk → scan → findings → ranking → block."""

from __future__ import annotations

import re
import time
from dataclasses import replace
from typing import Callable, Collection, Sequence

from .checkout.budgets import DEFAULT_BUDGETS, Budgets
from .checkout.tree import Tree, blob_id
from .checkout.walk import walk
from .model import Anchor, Finding, RetrievalResult, StrategyRun
from .rank import RankFacts, rank
from .render import render_block
from .scan import Needle, Scanner, begin_scan
from .seeds import message_anchors, split_segments, words
from .lang._text import without_runtime_hints
from .seeds.message import cap_message
from .seeds.evidence import trace_anchors
from .strategies import REGISTRY, Context, MessageFacts, PathIndex

__all__ = ["run_retrieval", "message_facts"]

_ABOUT_TESTS = re.compile(
    r"\b(tests?|testing|test suite|test case|pytest|unittest|jest|junit|"
    r"rspec|phpunit|flaky)\b",
    re.I,
)
#: The prose mentions tests at least this often before test files stop being demoted.
ABOUT_TESTS_MENTIONS = 3
_QUESTION = re.compile(
    r"^\s*(how|why|what|where|which|is there|are there|can i|can we|"
    r"does|do i|should)\b",
    re.I,
)
_ABOUT_CONFIG = re.compile(
    r"\b(config|configuration|configure|settings?|option|env(ironment)? "
    r"variable)\b",
    re.I,
)


def message_facts(message: str, anchors: Sequence[Anchor]) -> MessageFacts:
    prose = split_segments(message).prose
    first = prose.strip().splitlines()[0] if prose.strip() else ""
    return MessageFacts(
        # Failing tests as evidence do not make the message about tests: the fix is in the code.
        about_tests=len(_ABOUT_TESTS.findall(prose)) >= ABOUT_TESTS_MENTIONS,
        is_question=first.rstrip().endswith("?") or bool(_QUESTION.match(first)),
        about_config=bool(_ABOUT_CONFIG.search(prose))
        or any(a.kind in ("config_key", "env") for a in anchors),
        words=tuple(words(prose)),
    )


class _Reader:
    """Reads chosen files once, within the bytes budget."""

    def __init__(self, tree: Tree, budgets: Budgets):
        self.tree, self.budgets = tree, budgets
        self.cache: dict[str, bytes | None] = {}
        self.bytes = 0
        self.exceeded = False

    def __call__(self, path: str) -> bytes | None:
        if path not in self.cache:
            data = self.tree.read(path, self.budgets.file_bytes)
            if data is not None and (
                len(data) > self.budgets.file_bytes or self.bytes + len(data) > self.budgets.bytes_read
            ):
                self.exceeded = self.exceeded or len(data) <= self.budgets.file_bytes
                data = None
            self.bytes += len(data or b"")
            self.cache[path] = data
        return self.cache[path]


def _plan_needles(strategies, ctx: Context, budgets: Budgets) -> tuple[list[Needle], bool]:
    wanted: list[tuple[int, int, Needle]] = []
    for s in strategies:
        for a, n in s.needles(ctx):
            wanted.append((a.rank, len(wanted), n))
    wanted.sort(key=lambda t: (t[0], t[1]))
    out = list(dict.fromkeys(n for _, _, n in wanted))  # first occurrence kept, in linear time
    return out[: budgets.scan_strings], len(out) > budgets.scan_strings


def searchable_needles(needles: list[Needle], budgets: Budgets) -> tuple[list[Needle], bool]:
    """Needles within `needle_chars` (longer text names nothing and breaks ripgrep's arguments)."""
    kept = [n for n in needles if len(n.text) <= budgets.needle_chars]
    return kept, len(kept) < len(needles)


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
) -> RetrievalResult:
    """One retrieval over `tree`; `started` (by `clock`) when the evidence was parsed before it,
    so that the time budget covers that too."""
    t0 = clock() if started is None else started
    timings: dict[str, float] = {}
    bounds: list[str] = list(evidence_bounds)  # evidence read only as its head and tail

    def lap(stage: str, since: float) -> float:
        now = clock()
        timings[stage] = (now - since) * 1000.0
        return now

    message = message.replace("\r\n", "\n").replace("\r", "\n")
    # Capped before any stage whose cost grows faster than the text: the bound is named.
    message, cut = cap_message(message, budgets.message_chars)
    if cut:
        bounds.append("message_chars")
    anchors = (
        list(evidence_anchors)
        + trace_anchors(message, "prose")
        + message_anchors(without_runtime_hints(message))
    )
    if len(anchors) > budgets.anchors:
        anchors = anchors[: budgets.anchors]  # evidence first, then the message in seed order
        bounds.append("anchors")
    facts = message_facts(message, anchors)
    t = lap("anchors", t0)

    # Plan from the anchors alone, so the scan can start before the walk: they run at once.
    reader = _Reader(tree, budgets)
    deadline = t0 + budgets.time_s
    ctx = Context(
        tree=tree,
        anchors=anchors,
        paths=[],
        index=PathIndex([]),
        facts=facts,
        budgets=budgets,
        read=reader,
        deadline=deadline,
    )
    runs: list[StrategyRun] = []
    planned = []
    for s in REGISTRY:
        why = s.wants(ctx)
        if s.id in without:
            runs.append(StrategyRun(s.id, False, "switched off"))
        elif why is None:
            runs.append(StrategyRun(s.id, False, "nothing in the message for it"))
        else:
            planned.append((s, why))
    needles, over = _plan_needles([s for s, _ in planned], ctx, budgets)
    if over:
        bounds.append("scan_strings")
    needles, too_long = searchable_needles(needles, budgets)
    if too_long:
        bounds.append("needle_chars")
    finish_scan = begin_scan(tree, needles, budgets, deadline, scanner)
    t = lap("plan", t)

    listing = walk(tree, budgets)
    bounds += listing.bounds_reached
    paths = listing.paths
    ctx.paths, ctx.index = paths, PathIndex(paths)
    t = lap("walk", t)

    ctx.scan = finish_scan(paths)
    if servers:
        # Language servers answer where they serve; patterns reuse this scan everywhere else.
        from .navigator.operations import build_navigator

        ctx.navigator = build_navigator(tree, paths, servers=servers, budgets=budgets, scanner=scanner)
        ctx.navigator.fallback.prime(ctx.scan, needles)
    bounds += [b for b in ctx.scan.bounds_reached if b not in bounds]
    t = lap("scan", t)

    findings: list[Finding] = []
    for s, why in planned:
        if clock() > deadline:  # the time budget covers every stage: later strategies say so
            runs.append(StrategyRun(s.id, False, "time budget spent before it ran"))
            if "time_s" not in bounds:
                bounds.append("time_s")
            continue
        found = s.find(ctx)
        findings += found
        runs.append(StrategyRun(s.id, True, why, len(found)))
    t = lap("strategies", t)

    prose_names = tuple(a.key for a in anchors if a.kind in ("name", "member") and a.origin == "prose")
    rfacts = RankFacts(
        facts.about_tests, facts.is_question, facts.about_config, prose_names, tuple(a.key for a in anchors)
    )
    items = rank(findings, rfacts, budgets.block_items, explain)
    items = [replace(it, blob_id=blob_id(d)) if (d := reader(it.path)) is not None else it for it in items]
    if reader.exceeded:
        bounds.append("bytes_read")
    t = lap("rank", t)

    block, tokens, cut = render_block(items, budgets.block_tokens, bounds_reached=bounds)
    if cut:
        bounds.append("block_tokens")
    lap("render", t)
    total = clock() - t0
    timings["total"] = total * 1000.0
    if total > budgets.time_s and "time_s" not in bounds:
        bounds.append("time_s")
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
            "scan_strings": len(needles),
            "files_scanned": ctx.scan.files_scanned,
            "bytes_read_by_strategies": reader.bytes,
            "block_tokens": tokens,
        },
    )
