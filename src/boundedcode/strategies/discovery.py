"""discovery: the message's words against the file paths and the files' text.

Each path word weighs by its rarity among the paths (idf) and by how often the
message repeats it; the message's longest repeated words (title words first)
are also searched in the files' text in the one shared scan and scored like
BM25. The spec runs discovery only as a fallback (when nothing reliable was
found). Measured on the development split, running it on every message with
the content words raised file recall from 0.56 to 0.67 and Acc@5 from 0.39 to
0.46 for 18 more tokens a block (docs/benchmark.md): it runs on every message.
"""

from __future__ import annotations

import math
import re
from collections import Counter

from ..lang.languages import is_prose_path, is_test_path
from ..model import Anchor, AnchorKind, AnchorOrigin, Finding
from ..scan import Needle
from ..weights import R
from .base import Evidence, Plan

__all__ = ["DiscoveryStrategy"]

#: Files discovery proposes at most.
MAX_FILES = 8
#: Words too common in issue prose to say anything about a path.
STOPWORDS = frozenset(
    """
the and for with that this from have has are was were not but can when what which would should
could there their then than into your you our out use used using also just like will does did
been being get set add new all any some one two via per its it's who how why where more most
only other such very may might must need needs each both same make makes made see seems issue
bug error problem expected behavior behaviour actual current case cases work works working
instead following example code file files line lines run running call called return returns
true false none null value values thing things way because while after before about above
below version versions here now still even think know want wanted try tried please thanks
description steps reproduce output input result results support supported default
""".split()
)
# Trailing digits are a version, not part of the word (sqlite3, py3, http2).
_SPLIT = re.compile(r"[A-Z]?[a-z]+|[A-Z]+(?![a-z])|[0-9]+")


def _stem(word: str) -> str:
    """A light plural stem, so `discounts` meets `discount` and `rules` meets `rule`."""
    if word.endswith("ies") and len(word) > 5:
        return word[:-3] + "y"
    if word.endswith(("ches", "shes", "sses", "xes", "zes")):
        return word[:-2]
    if word.endswith("s") and not word.endswith(("ss", "us", "is")) and len(word) > 3:
        return word[:-1]
    return word


def _spellings(stem: str) -> tuple[str, ...]:
    """The words `_stem` maps onto `stem`, for matching path tokens without stemming them."""
    out = {stem, stem + "s", stem + "es"}
    if stem.endswith("y"):
        out.add(stem[:-1] + "ies")
    return tuple(sorted(w for w in out if _stem(w) == stem))


#: Content words searched in the files' text, at most (after every name in the needle budget).
MAX_CONTENT_WORDS = 6
MIN_CONTENT_WORD = 5
#: A content word found in more than files_listed ** this says nothing.
CONTENT_MAX_EXPONENT = 0.6
#: BM25's term-frequency saturation.
BM25_K1 = 1.2
#: Seed rank of content words: after every name.
RANK_CONTENT = 9
#: Words common in issue prose whatever the code (beyond STOPWORDS).
GENERIC = frozenset(
    """
should would could there their these those which while where about after again against
because before being below between during further other since still through under until
whether actually already another anything currently different everything following
happens however instead likely looks maybe really something someone somehow things
without wrong correct correctly expect expected unexpected works worked working problem
example examples result results output input value values return returns returned
called calling function method class object error errors issue issues version versions
reproduce description behavior behaviour possible simple simply using used usage please
thanks option options change changes changed update updated default defaults number
""".split()
)


def content_words(plan: Plan) -> list[str]:
    """The message's most repeated long words (title words first), not generic prose."""
    counts = Counter(
        w
        for w in plan.facts.words
        if len(w) >= MIN_CONTENT_WORD and w.isalpha() and w not in STOPWORDS and w not in GENERIC
    )
    title = [a.text for a in plan.of_kind(AnchorKind.WORD) if a.text in counts]
    rest = sorted(counts, key=lambda w: (-counts[w], plan.facts.words.index(w)))
    return list(dict.fromkeys(title + rest))[:MAX_CONTENT_WORDS]


class DiscoveryStrategy:
    id = "discovery"

    def wants(self, plan: Plan) -> str | None:
        return "the message's words" if plan.facts.words else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return [
            (
                Anchor(AnchorKind.CONTENT_WORD, w, AnchorOrigin.PROSE, RANK_CONTENT),
                Needle(w, word=True, fold=True),
            )
            for w in content_words(plan)
        ]

    def _content_scores(self, ev: Evidence) -> dict[str, float]:
        """BM25-like: Σ idf(word) · saturated count of its lines, per file mentioning a content word."""
        scores: dict[str, float] = {}
        n = max(1, len(ev.paths))
        for _, needle in self.needles(ev.plan):
            files = ev.scan.files_with(needle)
            if not files or len(files) > n**CONTENT_MAX_EXPONENT:
                continue
            idf = math.log((n + 1) / len(files))
            for path, hits in files.items():
                tf = len(hits)
                scores[path] = scores.get(path, 0.0) + idf * tf * (BM25_K1 + 1) / (tf + BM25_K1)
        return scores

    def find(self, ev: Evidence) -> list[Finding]:
        counts = Counter(_stem(w) for w in ev.facts.words if len(w) >= 3 and w not in STOPWORDS)
        # A title names the component more often than the body does: its words count again.
        counts.update(_stem(a.text) for a in ev.of_kind(AnchorKind.WORD) if _stem(a.text) in counts)
        if not counts:
            return []
        # Path tokens are matched against the spellings of each message stem (discount,
        # discounts, discountes…) rather than stemmed one by one: one set lookup per token.
        spellings = {v: w for w in counts for v in _spellings(w)}
        per_path = {}
        for p in ev.paths:
            found = {spellings[t] for t in map(str.lower, _SPLIT.findall(p)) if t in spellings}
            if found:
                per_path[p] = found
        df: Counter = Counter()
        for ws in per_path.values():
            df.update(ws & counts.keys())
        n = max(1, len(ev.paths))  # idf over every listed path, not only the probed ones
        idf = {w: math.log(n / df[w]) for w in df}
        content = self._content_scores(ev)
        scored = []
        for p in sorted(per_path.keys() | content.keys()):
            common = per_path.get(p, set()) & idf.keys()
            if is_prose_path(p) or not (common or content.get(p)):
                continue
            s = sum(idf[w] * (1.0 + math.log(counts[w])) for w in common) + content.get(p, 0.0)
            if s > 0:  # a word in every path has no weight
                scored.append((-s, p, sorted(common)))
        scored.sort()
        out: list[Finding] = []
        if not scored:
            return out
        top = -scored[0][0]
        for neg, p, words in scored[: MAX_FILES * 2]:
            if len(out) >= MAX_FILES:
                break
            if is_test_path(p):
                continue
            a = Anchor(AnchorKind.PATH_WORDS, "+".join(words) or "content", AnchorOrigin.PROSE, RANK_CONTENT)
            reason = f"path words {', '.join(words[:4])}" if words else "message words in its text"
            out.append(Finding(p, None, self.id, a, R.PATH_WORD, reason, specificity=-neg / top))
        return out
