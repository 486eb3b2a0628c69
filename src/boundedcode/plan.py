"""The plan stage (spec, "Strategies"): which strategies run, and the one scan's needles.

A strategy runs when the message or the evidence holds what it needs and the
environment can serve it (its `wants`, given only the `Plan`: nothing is listed
or read yet); the result records why every other strategy did not run. The
needles of the strategies that run are taken in seed order (quoted errors
first, sample-only names last), each once, up to the string budget.
"""

from __future__ import annotations

from typing import Collection, NamedTuple, Sequence

from .checkout.budgets import Budgets
from .model import AnchorKind, AnchorOrigin, StrategyRun
from .rank import RankFacts
from .scan import Needle
from .strategies.base import Plan, Strategy

__all__ = ["Planned", "plan_strategies", "searchable_needles", "rank_facts"]


class Planned(NamedTuple):
    """The plan's outcome: what runs and why, what does not and why not, and the scan's needles."""

    runs: tuple[tuple[Strategy, str], ...]  # the strategies that run, each with why, in registry order
    not_run: tuple[StrategyRun, ...]  # the others, each with why not
    needles: tuple[Needle, ...]  # for the shared scan, within the string and needle budgets
    over_budget: tuple[str, ...]  # the budgets more needles were wanted than (scan_strings, scan_terms)
    too_long: bool  # a needle longer than `needle_chars` was left out
    counting: frozenset[str]  # the strategies that asked for terms: they read the scan's counts

    @property
    def counts_terms(self) -> bool:
        """Whether the scan counts full-text terms (then over the documents alone)."""
        return any(n.term for n in self.needles)


def plan_strategies(
    plan: Plan, strategies: Sequence[Strategy], without: Collection[str], budgets: Budgets
) -> Planned:
    """Ask each strategy whether it runs (`without` switches some off), then gather the needles."""
    runs: list[tuple[Strategy, str]] = []
    not_run: list[StrategyRun] = []
    for s in strategies:
        why = s.wants(plan)
        if s.id in without:
            not_run.append(StrategyRun(s.id, False, "switched off"))
        elif why is None:
            not_run.append(StrategyRun(s.id, False, "nothing in the message for it"))
        else:
            runs.append((s, why))
    asked = [(s, s.needles(plan)) for s, _ in runs]
    wanted = [(a.rank, i, n) for i, (a, n) in enumerate(x for _, xs in asked for x in xs)]
    wanted.sort(key=lambda t: (t[0], t[1]))
    needles = list(dict.fromkeys(n for _, _, n in wanted if not n.term))
    terms = list(dict.fromkeys(n for _, _, n in wanted if n.term))
    kept, too_long = searchable_needles(needles[: budgets.scan_strings], budgets)
    kept_terms, terms_too_long = searchable_needles(terms[: budgets.scan_terms], budgets)
    kept += kept_terms
    too_long = too_long or terms_too_long
    over = [
        bound
        for bound, wanted_n, allowed in (
            ("scan_strings", len(needles), budgets.scan_strings),
            ("scan_terms", len(terms), budgets.scan_terms),
        )
        if wanted_n > allowed
    ]
    counting = frozenset(s.id for s, xs in asked if any(n.term for _, n in xs))
    return Planned(tuple(runs), tuple(not_run), tuple(kept), tuple(over), too_long, counting)


def searchable_needles(needles: list[Needle], budgets: Budgets) -> tuple[list[Needle], bool]:
    """Needles within `needle_chars` (longer text names nothing and breaks ripgrep's arguments)."""
    kept = [n for n in needles if len(n.text) <= budgets.needle_chars]
    return kept, len(kept) < len(needles)


def rank_facts(plan: Plan) -> RankFacts:
    """What ranking needs to know about the message: its kind, the names its prose mentions."""
    facts = plan.facts
    prose_names = tuple(
        a.key
        for a in plan.anchors
        if a.kind in (AnchorKind.NAME, AnchorKind.MEMBER) and a.origin == AnchorOrigin.PROSE
    )
    return RankFacts(
        facts.about_tests,
        facts.is_question,
        facts.about_config,
        prose_names,
        tuple(a.key for a in plan.anchors),
    )
