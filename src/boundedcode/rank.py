"""Ranking (spec, "Ranking"): pure, no I/O, every score explainable.

Weight = reliability × specificity × repeat. Per file, independent evidence
combines as 1 − Π(1 − w) with each anchor counted once (its best finding), so
agreement between strategies raises a file and repetition of one does not: a
strategy's further findings in the file count less and less (REPEAT_DECAY), and
a word of the file's path counts once, however many strategies saw it. Then the
demotions, the relative cut (and a closer one past the first TAIL_FROM places) with
the per-name exception, at most the block's items (Budgets.block_items), ordered by
score then path.
"""

from __future__ import annotations

import functools
from collections import defaultdict
from typing import Iterable, NamedTuple, Sequence

from .checkout.budgets import DEFAULT_BUDGETS
from .lang.languages import (
    is_declaration_path,
    is_example_path,
    is_generated_path,
    is_prose_path,
    is_test_path,
    is_vendored_path,
)
from .model import Anchor, AnchorKind, Contribution, Explanation, Finding, Item
from .weights import (
    DEMOTE_EXAMPLE,
    DEMOTE_GENERATED,
    DEMOTE_PROSE,
    DEMOTE_TEST,
    DEMOTE_DECLARATION,
    DEMOTE_VENDORED,
    ITEM_LINES,
    PER_NAME_EXCEPTIONS,
    RELATIVE_CUT,
    REPEAT_DECAY,
    SCORE_DIGITS,
    TAIL_CUT,
    TAIL_FROM,
)

__all__ = ["RankFacts", "Ranking", "rank", "demotion", "prepare_paths", "WORD_STRATEGIES"]


class RankFacts(NamedTuple):
    """What ranking needs to know about the message (seeds.MessageFacts, the prose's names)."""

    about_tests: bool = False
    is_question: bool = False
    about_config: bool = False
    prose_names: tuple[str, ...] = ()  # anchor keys of names the prose mentions, seed order
    anchor_order: tuple[str, ...] = ()  # every anchor key in seed order: the tie-breaker


class Ranking(NamedTuple):
    items: list[Item]  # the places kept, best first
    over_items: bool  # more places passed the relative cut than `max_items` allowed


def demotion(path: str, facts: RankFacts) -> tuple[float, str | None]:
    """The factor a file's score is multiplied by, and why (test, example, generated, vendored,
    declaration, prose)."""
    return _demotion(path, facts.about_tests, facts.is_question or facts.about_config)


@functools.lru_cache(maxsize=1 << 17)  # a file is ranked on every query that finds it (a warm host)
def _demotion(path: str, about_tests: bool, prose_asked: bool) -> tuple[float, str | None]:
    test, kind, prose = _path_kinds(path)
    if test and not about_tests:
        return DEMOTE_TEST, "test"
    if kind is not None:
        return kind
    if prose and not prose_asked:
        return DEMOTE_PROSE, "prose"
    return 1.0, None


@functools.lru_cache(maxsize=1 << 17)
def _path_kinds(path: str) -> tuple[bool, tuple[float, str] | None, bool]:
    """Whether `path` is a test, the demotion it has whatever the message (example, generated,
    vendored, declaration; the first that applies), and whether it is prose: the path's part of
    `_demotion`, one set of rules a path, so a message asking otherwise finds them made."""
    if is_example_path(path):
        kind: tuple[float, str] | None = (DEMOTE_EXAMPLE, "example")
    elif is_generated_path(path):
        kind = (DEMOTE_GENERATED, "generated")
    elif is_vendored_path(path):
        kind = (DEMOTE_VENDORED, "vendored")
    elif is_declaration_path(path):
        kind = (DEMOTE_DECLARATION, "declaration")
    else:
        kind = None
    return is_test_path(path), kind, is_prose_path(path)


def prepare_paths(paths: Sequence[str]) -> None:
    """A long-lived host's, before its queries: each listed path's demotion rules applied once
    (a query's ranking met thousands of new paths: on the 35.2k-file tree the rank stage's mean
    over 40 messages 8.2–8.3 → 4.9–5.7 ms, its slowest 33–38 → 22–26 ms)."""
    for path in paths:
        _path_kinds(path)


#: How far apart two scores that round alike may be (`SCORE_DIGITS`): what the bound's cut
#: leaves as slack, so that rounding never decides which files are scored.
ROUNDING = 10.0**-SCORE_DIGITS


#: Strategies that find files by the message's words alone (in their paths, in their text),
#: not by a place it names.
WORD_STRATEGIES = frozenset({"fulltext", "discovery"})


def _order(f: Finding, order: dict[str, int]) -> tuple:
    # Highest weight; ties by seed order of the anchor, then the frame's depth (innermost first),
    # then line (unknown last), then strategy.
    return (
        -f.weight,
        order.get(f.anchor.key, len(order)),
        f.anchor.weight if f.anchor.kind == "frame" else 0.0,
        f.line if f.line is not None else 1 << 30,
        f.strategy,
    )


def _best(findings: Sequence[Finding], order: dict[str, int]) -> Finding:
    if len(findings) == 1:  # most of a file's anchors: one finding each
        return findings[0]
    return min(findings, key=lambda f: _order(f, order))


#: Anchors that are the message's words in a file's path (a title word naming the file,
#: discovery's path words): one fact about the path, counted once per file.
PATH_WORD_KINDS = frozenset({AnchorKind.WORD, AnchorKind.PATH_WORDS})


#: Anchors that name code by its text: two of them spelled alike are one name (a sample's
#: `from a.b import c` seeds the import `a.b` and the module `a.b`).
SPELLED_KINDS = frozenset({AnchorKind.NAME, AnchorKind.MEMBER, AnchorKind.MODULE, AnchorKind.IMPORT})


def _frame_names(frame: Anchor) -> set[str]:
    """The names a frame's function is spelled by in a message: each dotted tail of it
    (`Registry.identify_format`, `identify_format`)."""
    parts = (frame.detail or "").split(".")
    return {".".join(parts[i:]) for i in range(len(parts)) if parts[i]}


def _counted(best_per_anchor: list[Finding], order: dict[str, int]) -> list[tuple[Finding, float]]:
    """Each anchor's best finding with the factor it counts with (its repeat), strongest first.

    One text counts once in a file: `a.get_backend` seeds a module and a member, and the
    definition they both find is one fact, not two strategies agreeing; so is a frame's
    function and the same name seeded from the trace's text.
    """
    out = []
    seen: dict[str, int] = defaultdict(int)  # strategy -> findings already counted
    spelled: set[str] = set()
    path_word = False
    for f in sorted(best_per_anchor, key=lambda f: _order(f, order)):
        if f.anchor.kind in PATH_WORD_KINDS:
            if path_word:
                out.append((f, 0.0))
                continue
            path_word = True
        elif f.anchor.kind in SPELLED_KINDS:
            if f.anchor.spelled in spelled:
                out.append((f, 0.0))
                continue
            spelled.add(f.anchor.spelled)
        elif f.anchor.kind == AnchorKind.FRAME and f.anchor.detail:
            names = _frame_names(f.anchor)
            if names & spelled:
                out.append((f, 0.0))
                continue
            spelled |= names
        out.append((f, REPEAT_DECAY ** seen[f.strategy]))
        seen[f.strategy] += 1
    return out


def _only_finding(per_anchor: dict[str, list[Finding]]) -> Finding | None:
    """A file's one finding, when it has one: its own best, counted once in full (`_counted`)."""
    if len(per_anchor) != 1:
        return None
    (findings,) = per_anchor.values()
    return findings[0] if len(findings) == 1 else None


def _lines(findings: Iterable[Finding], order: dict[str, int]) -> tuple[int, ...]:
    """Every located line of a file's findings, each once, in order of weight, at most ITEM_LINES."""
    ranked = sorted((f for f in findings if f.line is not None), key=lambda f: _order(f, order))
    return tuple(dict.fromkeys(f.line for f in ranked if f.line is not None))[:ITEM_LINES]


def rank(
    findings: Sequence[Finding],
    facts: RankFacts,
    max_items: int = DEFAULT_BUDGETS.block_items,
    explain: bool = False,
    relative_cut: float = RELATIVE_CUT,
    tail_cut: float = TAIL_CUT,
) -> Ranking:
    """The ranked places of `findings`: each file once, its score and the place shown.

    Pure and deterministic: the same findings in any order give the same ranking (ties
    by seed order, then path). With `explain`, each item says how its score came about.
    """
    by_file: dict[str, dict[str, list[Finding]]] = defaultdict(lambda: defaultdict(list))
    # A file's score is at most its bound: every finding counted in full (counting once, and the
    # repeat decay, only take away). Here, 1 − the bound before the demotion.
    unbound: dict[str, float] = {}
    for f in findings:
        by_file[f.path][f.anchor.key].append(f)
        unbound[f.path] = unbound.get(f.path, 1.0) * (1.0 - min(max(f.weight, 0.0), 1.0))

    order = {key: i for i, key in enumerate(facts.anchor_order)}
    ties: dict[str, tuple] = {}
    scores: dict[str, float] = {}
    # What a file's item is made of: made into one only for the files kept (a message naming a
    # common module finds thousands).
    parts: dict[
        str, tuple[list[tuple[Finding, float]], float, float, str | None, Finding, list[Finding]]
    ] = {}

    def score_of(path: str) -> float:
        """The file's score, and what its item and its place among equal scores are made of."""
        per_anchor = by_file[path]
        only = _only_finding(per_anchor)
        if only is not None:  # most files a common name finds: nothing to choose or count twice
            best_per_anchor, counted = [only], [(only, 1.0)]
        else:
            best_per_anchor = [_best(fs, order) for fs in per_anchor.values()]
            counted = _counted(best_per_anchor, order)
        rest = 1.0
        for f, repeat in counted:
            rest *= 1.0 - min(max(f.weight * repeat, 0.0), 1.0)
        combined = 1.0 - rest
        factor, why = demotion(path, facts)
        score = combined * factor
        if only is not None:
            top, every = only, [only]
        else:
            # The place shown is the best located finding: a line helps the reader more than a
            # slightly stronger path-level one (a path word, a module). What the message names (a
            # definition, a raise, a read, the file itself) comes before the line where its
            # words are densest, which is shown only when nothing else found the file.
            named = [f for f in best_per_anchor if f.strategy not in WORD_STRATEGIES]
            located = [f for f in named if f.line is not None]
            top = _best(located or named or best_per_anchor, order)
            every = [
                f for fs in per_anchor.values() for f in fs if f.strategy not in WORD_STRATEGIES or not named
            ]
        parts[path] = (counted, combined, factor, why, top, every)
        scores[path] = score
        # Between scores equal to SCORE_DIGITS (a combined score saturates near 1), the evidence
        # decides: the shallower best frame, then the stronger findings one by one.
        depth = top.anchor.weight if top.anchor.kind == "frame" else 0.0
        ties[path] = (depth, tuple(sorted((-f.weight for f in every))))
        return score

    # Files are scored in the order of their bounds until a bound falls below the relative cut
    # of the best score so far, less what rounding may take from it: no file left can pass the
    # cut. A common name's definitions are thousands of files; the 35.2k-file tree's slowest
    # rankings scored 1,250–3,130 files where 90–330 could pass.
    bounds = sorted(
        (((1.0 - rest) * demotion(path, facts)[0], path) for path, rest in unbound.items()), reverse=True
    )
    floor = -1.0
    for bound, path in bounds:
        if bound < floor:
            break
        floor = max(floor, relative_cut * (score_of(path) - ROUNDING) - ROUNDING)
    scored = [(score, path) for path, score in scores.items()]

    def item(score: float, path: str) -> Item:
        counted, combined, factor, why, top, every = parts[path]
        per_anchor = by_file[path]
        lines = _lines([top, *every], order) if top.line is not None else ()
        # The strategy of the place shown first, then the others that agree.
        strategies = (top.strategy,) + tuple(
            sorted({f.strategy for fs in per_anchor.values() for f in fs} - {top.strategy})
        )
        explanation = None
        if explain:
            explanation = Explanation(
                contributions=tuple(
                    sorted(
                        (
                            Contribution(f.strategy, f.anchor.key, f.reliability, f.specificity, f.reason, r)
                            for f, r in counted
                        ),
                        key=lambda c: (-c.weight, c.anchor),
                    )
                ),
                combined=combined,
                demotion=factor,
                demoted_as=why,
                score=score,
            )
        return Item(
            path=path,
            line=top.line,
            symbol=top.symbol,
            score=score,
            reason=top.reason,
            strategies=strategies,
            anchors=tuple(sorted(per_anchor)),
            explain=explanation,
            lines=lines,
        )

    scored.sort(key=lambda t: (-round(t[0], SCORE_DIGITS), ties[t[1]], t[1]))
    if not scored:
        return Ranking([], False)
    best = scored[0][0]
    above = [(s, path) for s, path in scored if s >= relative_cut * best]
    # Past the first TAIL_FROM places a place must come closer to the best: the tail is where
    # weak places would pad the block.
    above = [(s, path) for i, (s, path) in enumerate(above) if i < TAIL_FROM or s >= tail_cut * best]
    kept = above[:max_items]
    kept_paths = {path for _, path in kept}
    # The best place of each name the prose mentions (up to 3) survives the cut.
    extra: list[tuple[float, str]] = []
    for key in facts.prose_names:
        if len(extra) >= PER_NAME_EXCEPTIONS:
            break
        if any(key in by_file[path] for _, path in kept):
            continue
        # The first of every file holding it, scored or not: one below the cut may be either.
        holding = [
            (scores[path] if path in scores else score_of(path), path)
            for path in by_file
            if key in by_file[path] and path not in kept_paths
        ]
        if holding:
            first = min(holding, key=lambda t: (-round(t[0], SCORE_DIGITS), ties[t[1]], t[1]))
            extra.append(first)
            kept_paths.add(first[1])
    if extra:
        room = max_items - len(extra)
        kept = kept[:room] + extra
        kept.sort(key=lambda t: (-round(t[0], SCORE_DIGITS), ties[t[1]], t[1]))
    items = [item(s, path) for s, path in kept]
    return Ranking(items, len(above) + len(extra) > max_items)
