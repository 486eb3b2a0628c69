"""fulltext: every informative word of the message against the source files' text, as BM25.

The message's terms (seeds.terms: identifier parts, light stems, whole names,
stopwords out, each weighted 1 + ln(repeats)) are term needles of the one shared
scan, which counts their occurrences per file in the documents alone: source
files (a known language, neither data nor prose nor tests, unless the message
is about tests), the only files this strategy scores; an example, a demo or a
benchmark among them is counted, never proposed. A term's idf comes from the
documents holding it; a term in more than MAX_DF_SHARE of them (the project's
own name) says nothing and is left out. Documents score Σ weight · idf · saturated tf, length-normalized by their size against the
sizes of a fixed sample of the listing. Nothing is kept between retrievals: the
counts are this scan's, so they are never stale.

A report's title says in a few words what is wrong and where; the file that holds
all of its words is likelier the one to change than one that holds the body's
words many times. So the specificity is the file's BM25 over the best file's,
mixed with the share of the title's idf weight the file holds (TITLE_SHARE of
it): one finding, the words counted once.

Measured on the development split before it was built (the engine's ranked
files fused with this signal offline, docs/benchmark.md): Python Acc@1 43.5 →
50.9, Acc@5 72.0 → 77.4, file recall in the block 84.3 → 89.7; other languages
recall 62.2 → 70.1. A file's finding points at its densest line (the most term
weight on one line), found after ranking and only for the files the block shows by
it (`place`): a proposed file another strategy found shows that strategy's line. And a
place at a type's header, in its body outside its methods, or at a module's top level moves to the
method or function the same words are in (`member_places`); so does the densest line of a file
shown by its words or without a line, when another of the file's functions holds more of them: the
gold files' lines in the fix 39.4 → 48.6 → 49.7 % on the development split (docs/benchmark.md,
"Twentieth pass", "Twenty-first pass").
"""

from __future__ import annotations

import heapq
import math
from collections import defaultdict
from typing import AbstractSet, Iterable, Sequence

from ..lang.definitions.members import functions_in, type_around_in
from ..lang.languages import documents_among, is_document, is_example_path, language_of
from ..model import Anchor, AnchorKind, AnchorOrigin, Finding
from ..scan import Needle
from ..scan.base import TermMatcher
from ..weights import BM25_B, BM25_K1, TITLE_SHARE, R
from .base import Evidence, PathIndex, Plan

__all__ = [
    "FulltextStrategy",
    "bm25_scores",
    "document_scores",
    "listed_documents",
    "document_set",
    "prepare_listing",
    "idf_weights",
    "densest_line",
    "member_places",
    "MEMBER_PLACED",
    "MAX_FILES",
    "MAX_DF_SHARE",
]

#: Strategies whose place is a name's definition or the message's words (not a frame's, a
#: compiler's, a named path's or a quoted text's own line): such a place at a type's header, in its
#: body outside its methods, or at a module's top level (an import) stands for the method or
#: function the message's words are in (`member_places`).
MEMBER_PLACED = frozenset({"symbols", "reexports", "modules", "graph", "fulltext", "discovery"})
#: Files this strategy proposes at most (its weakest count for little next to the best).
MAX_FILES = 20
#: A term held by more than this share of the listed files is left out (its idf is near zero
#: and its occurrences would dominate the scan's output).
MAX_DF_SHARE = 0.5
#: Files scored with their length (a stat each): the best this many by the unnormalized score.
LENGTH_CANDIDATES = 200
#: Listed files whose sizes give the average document length (an even stride over the listing).
LENGTH_SAMPLE = 64
#: Seed rank of the term needles: after every name (they have a budget of their own).
RANK_TERMS = 10

ANCHOR = Anchor(AnchorKind.FULLTEXT, "message words", AnchorOrigin.PROSE, RANK_TERMS)


def bm25_scores(
    counts: dict[str, dict[str, int]],
    weights: dict[str, float],
    files_listed: int,
    documents: AbstractSet[str],
    size: dict[str, int],
    average_size: float,
) -> dict[str, float]:
    """BM25 per document: Σ weight · idf · tf (k1 + 1) / (tf + k1 (1 − b + b · size / average)).

    `counts`: term → file → its occurrences there; df counts every file of the collection
    (`files_listed` of them: the files the terms were searched in) that holds the term. A
    document missing from `size` is scored at the average length. With no sizes at all (the
    rough pass over every document holding a term) a count saturates alike in every document,
    so it is computed once per distinct count (most are 1, 2 or 3), to the same last bit.
    """
    n = max(files_listed, 1)
    scores: dict[str, float] = defaultdict(float)
    for term, files in counts.items():
        df = len(files)
        if not df or df > MAX_DF_SHARE * n or term not in weights:
            continue
        idf = math.log(1.0 + (n - df + 0.5) / (df + 0.5))
        weighted = weights[term] * idf
        # A term held in documents alone (as the scan counts them) is not asked file by file; a
        # few documents (the candidates of the pass with lengths) are looked up among its files.
        if files.keys() <= documents:
            held: Iterable[tuple[str, int]] = files.items()
        elif len(documents) < len(files):
            held = [(p, files[p]) for p in documents if p in files]
        else:
            held = [(p, tf) for p, tf in files.items() if p in documents]
        if size:
            for path, tf in held:
                norm = 1.0 - BM25_B + BM25_B * size.get(path, average_size) / average_size
                scores[path] += weighted * tf * (BM25_K1 + 1.0) / (tf + BM25_K1 * norm)
            continue
        norm = 1.0 - BM25_B + BM25_B * average_size / average_size
        saturated: dict[int, float] = {}
        for path, tf in held:
            add = saturated.get(tf)
            if add is None:
                add = saturated[tf] = weighted * tf * (BM25_K1 + 1.0) / (tf + BM25_K1 * norm)
            scores[path] += add
    return dict(scores)


def listed_documents(index: PathIndex, about_tests: bool) -> list[str]:
    """The listing's documents, in its order: the files this strategy scores and the scan counts
    the terms in (a fact of the listing, `PathIndex.fact`)."""
    return index.fact(f"documents, tests {about_tests}", lambda ps: documents_among(ps, about_tests))


def document_set(index: PathIndex, about_tests: bool) -> frozenset[str]:
    """`listed_documents` as a set (a fact of the listing)."""
    return index.fact(
        f"document set, tests {about_tests}", lambda _: frozenset(listed_documents(index, about_tests))
    )


def prepare_listing(index: PathIndex) -> None:
    """A long-lived host's, before its queries: the documents of a message about tests and of
    one not (the first query about tests made them: on the 35k-file tree some 60 ms of its own)."""
    for about_tests in (False, True):
        document_set(index, about_tests)


def best_of(scores: dict[str, float], n: int) -> list[str]:
    """The `n` best keys of `scores`, by score then key: `sorted(...)[:n]`, with only the keys at or
    above the n-th best score sorted (a large tree's rough pass scores thousands of documents:
    the 28.9k-file tree, 7,400 a query on average, their sort 3.7 ms)."""
    if len(scores) > n:
        floor = heapq.nlargest(n, scores.values())[-1]
        scores = {k: s for k, s in scores.items() if s >= floor}
    return sorted(scores, key=lambda k: (-scores[k], k))[:n]


def document_scores(ev: Evidence, weights: dict[str, float]) -> tuple[dict[str, float], int]:
    """BM25 of the documents holding `weights`' terms in this scan, and the collection's size.

    Lengths are known only for the best LENGTH_CANDIDATES by the score without them (a stat
    each), so only those are scored.
    """
    counts = ev.scan.terms
    documents = document_set(ev.index, ev.facts.about_tests)
    n = ev.scan.term_files or len(ev.paths)
    rough = bm25_scores(counts, weights, n, documents, {}, 1.0)
    if not rough:
        return {}, n
    candidates = best_of(rough, LENGTH_CANDIDATES)
    stride = max(1, len(ev.paths) // LENGTH_SAMPLE)
    sample = [p for p in ev.paths[::stride] if is_document(p, ev.facts.about_tests)]
    sizes = {p: s for p in dict.fromkeys(candidates + sample) if (s := ev.size(p)) is not None and s > 0}
    known = [sizes[p] for p in sample if p in sizes] or list(sizes.values()) or [1]
    average = sum(known) / len(known)
    return bm25_scores(counts, weights, n, set(candidates), sizes, average), n


def idf_weights(
    counts: dict[str, dict[str, int]],
    weights: dict[str, float],
    n: int,
    max_df_share: float = MAX_DF_SHARE,
) -> dict[str, float]:
    """Each held term's weight × idf, terms in more than `max_df_share` of the files left out."""
    return {
        t: weights[t] * math.log(1.0 + (n - len(f) + 0.5) / (len(f) + 0.5))
        for t, f in counts.items()
        if t in weights and f and len(f) <= max_df_share * n
    }


def densest_line(lines: dict[int, tuple[str, ...]] | None, weight: dict[str, float]) -> int | None:
    """The line holding the most term weight (`lines`: each line's terms, each once and sorted:
    summed in that fixed order, the last bit of a sum that ties two lines is the same in every
    process), searched again in this file."""
    if lines is None:
        return None
    per_line = {ln: sum(weight.get(t, 0.0) for t in tokens) for ln, tokens in lines.items()}
    return min(per_line, key=lambda ln: (-per_line[ln], ln)) if per_line else None


class FulltextStrategy:
    id = "fulltext"

    def wants(self, plan: Plan) -> str | None:
        return "the message's words" if plan.facts.terms else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        # The title's terms first: they are kept when the message has more than scan_terms.
        title = set(plan.facts.title_terms)
        ordered = sorted(plan.facts.terms, key=lambda t: t.token not in title)
        return [(ANCHOR, Needle(t.token, word=False, term=True)) for t in ordered]

    def find(self, ev: Evidence) -> list[Finding]:
        counts = ev.scan.terms
        weights = {t.token: t.weight for t in ev.facts.terms}
        scores, n = document_scores(ev, weights)
        # An example's text repeats the API's words to show their use: it counts in the terms'
        # idf, but the files proposed are where the behaviour is (names and paths still find it),
        # unless the examples are all the words are in (a repository of samples).
        scores = {p: s for p, s in scores.items() if not is_example_path(p)} or scores
        ranked = best_of(scores, MAX_FILES)
        if not ranked:
            return []
        best = scores[ranked[0]]
        idf_weight = idf_weights(counts, weights, n)
        # Every title word some file holds counts toward the share, the commonest too (their idf
        # is small): a file holding the one rare word does not hold the whole title.
        title_weight = idf_weights(counts, {t: 1.0 for t in ev.facts.title_terms}, n, max_df_share=1.0)
        title_total = sum(title_weight.values())
        out = []
        for path in ranked:
            top_terms = sorted(
                (t for t in idf_weight if path in counts[t]), key=lambda t: (-idf_weight[t], t)
            )[:3]
            reason = "words " + ", ".join(t.lstrip("=") for t in top_terms) + " in its text"
            specificity = scores[path] / best
            if title_total > 0:
                share = sum(w for t, w in title_weight.items() if path in counts[t]) / title_total
                specificity = (1.0 - TITLE_SHARE) * specificity + TITLE_SHARE * share
            out.append(Finding(path, None, self.id, ANCHOR, R.FULLTEXT, reason, specificity=specificity))
        return out

    def place(self, ev: Evidence, paths: Sequence[str]) -> dict[str, int]:
        """The densest line of each of `paths` (files the block shows by this strategy, or without
        any line): read as before (the reads' budget), split into lines by the scan's back end. A
        file that cannot be read, or holds no term, has none."""
        counts = ev.scan.terms
        n = ev.scan.term_files or len(ev.paths)
        idf_weight = idf_weights(counts, {t.token: t.weight for t in ev.facts.terms}, n)
        readable = [path for path in paths if ev.read(path) is not None]
        held = {path: [t for t, files in counts.items() if path in files] for path in readable}
        lines = ev.rescan.term_lines(readable, counts, ev.read, held)
        placed = {path: densest_line(lines.get(path, {}), idf_weight) for path in readable}
        return {path: line for path, line in placed.items() if line is not None}


def member_places(
    ev: Evidence, places: dict[str, int], whole: AbstractSet[str] = frozenset()
) -> dict[str, tuple[int, str]]:
    """For each path whose place (its line) is a type's header or in the type's body outside its
    methods, or at the module's top level defining nothing (`type_around_in`), and for each of
    `whole` (places the message's words alone gave: any function of the file, `functions_in`):
    the method or function holding the most of the message's term weight (its distinct terms' idf
    weights summed), with its name, qualified by the type's (`Ledger.post`). Where none holds a
    term, or the place is in that function already, the place stays."""
    counts = ev.scan.terms
    weight = idf_weights(
        counts, {t.token: t.weight for t in ev.facts.terms}, ev.scan.term_files or len(ev.paths)
    )
    if not weight:
        return {}
    terms = TermMatcher([Needle(t, word=False, term=True) for t in sorted(weight)])
    out = {}
    for path, line in places.items():
        held = [t for t in weight if path in counts[t]]  # the scan's counts: no term, no member
        language, data = language_of(path), ev.read(path) if held else None
        if language is None or data is None:
            continue
        found = functions_in(language, data) if path in whole else type_around_in(language, data, line)
        if found is None:
            continue
        spans = terms.span_tokens(data, [(m.first, m.last) for m in found.members], held)
        best, most = None, 0.0
        for member, tokens in zip(found.members, spans):
            total = sum(weight[t] for t in sorted(tokens))
            if total > most:
                best, most = member, total
        # (A place the words gave, already in that function, stays: a line more to read.)
        if best is not None and not best.first <= line <= best.last:
            out[path] = (best.first, f"{found.name}.{best.name}" if found.name else best.name)
    return out
