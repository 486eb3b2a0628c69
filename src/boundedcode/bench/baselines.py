"""The lexical baselines: BM25 with bm25s over whole files and over functions, and a fusion.

`bm25`: documents are a commit's files as `corpus.CommitCorpus` holds them (read
policy, text, under the one-file budget; path plus content). `bm25-functions`:
documents are the function-level documents of the non-test files
(`corpus.function_documents`: each function or method, plus each file's
remainder), each with its file's path; a file ranks by its best document. Tokens
are identifiers split on case and underscores plus the whole identifier.
`fusion`: the reciprocal-rank fusion of the engine's files and `bm25-functions`'
files, nothing else. Each "block" is the top `BLOCK_ITEMS` paths, one per line,
under the engine block's heading, so that its tokens compare with the engine's.
"""

from __future__ import annotations

import time

from ..checkout.budgets import DEFAULT_BUDGETS
from ..render import HEADER
from .corpus import CommitCorpus, FunctionDocs, tokenize

__all__ = ["BM25Ranker", "FunctionBM25Ranker", "fuse", "bm25_block", "BLOCK_ITEMS", "RRF_K"]

BLOCK_ITEMS = DEFAULT_BUDGETS.block_items
#: The reciprocal-rank fusion constant of Cormack et al. (2009), used unchanged.
RRF_K = 60
#: Documents examined for the file ranking of the function-level index: enough to fill a block
#: from many functions of the same files.
FUNCTION_DOCS_EXAMINED = 400


def bm25_block(paths: list[str]) -> str:
    """The baseline's block: the engine's heading, then one path a line."""
    return "\n".join([HEADER.format(found="bm25"), *(f"- {p}" for p in paths)]) if paths else ""


class BM25Ranker:
    """A bm25s index over one commit's documents, built once and queried per message."""

    def __init__(self, corpus: CommitCorpus):
        import bm25s

        started = time.monotonic()
        self._paths = corpus.paths
        self._vocabulary = corpus.vocabulary
        self._index = bm25s.BM25() if corpus.paths else None
        if self._index is not None:
            # The repository-wide vocabulary is shared across commits; bm25s only needs a copy
            # (it adds its empty token to the dict it is given).
            self._index.index((list(corpus.token_ids), dict(corpus.vocabulary)), show_progress=False)
        self.build_ms = (time.monotonic() - started) * 1000

    def rank(self, message: str, k: int = BLOCK_ITEMS) -> list[str]:
        """The top `k` paths with a positive score; ties broken by path (documents are in path order)."""
        if self._index is None:
            return []
        ids = sorted({self._vocabulary[t] for t in tokenize(message) if t in self._vocabulary})
        if not ids:
            return []
        scores = self._index.get_scores(ids)
        import numpy as np  # with bm25s: only the benchmark's BM25 runs pay for the import

        order = np.argsort(-scores, kind="stable")[:k]
        return [self._paths[i] for i in order if scores[i] > 0]


class FunctionBM25Ranker:
    """A bm25s index over one commit's function-level documents; a file ranks by its best one."""

    def __init__(self, docs: FunctionDocs):
        import bm25s

        started = time.monotonic()
        self._paths = docs.paths
        self._vocabulary = docs.vocabulary
        self._index = bm25s.BM25() if docs.paths else None
        if self._index is not None:
            self._index.index((list(docs.token_ids), dict(docs.vocabulary)), show_progress=False)
        self.build_ms = (time.monotonic() - started) * 1000

    def rank(self, message: str, k: int = BLOCK_ITEMS) -> list[str]:
        """The files of the best-scoring documents, each once, at most `k`; ties by document order."""
        if self._index is None:
            return []
        ids = sorted({self._vocabulary[t] for t in tokenize(message) if t in self._vocabulary})
        if not ids:
            return []
        scores = self._index.get_scores(ids)
        import numpy as np

        out: list[str] = []
        for i in np.argsort(-scores, kind="stable")[:FUNCTION_DOCS_EXAMINED]:
            if scores[i] <= 0 or len(out) == k:
                break
            if self._paths[i] not in out:
                out.append(self._paths[i])
        return out


def fuse(rankings: list[list[str]], k: int = BLOCK_ITEMS) -> list[str]:
    """Reciprocal-rank fusion: Σ 1 / (RRF_K + rank) per path over the lists; ties by path."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, path in enumerate(ranking, 1):
            scores[path] = scores.get(path, 0.0) + 1.0 / (RRF_K + rank)
    return sorted(scores, key=lambda p: (-scores[p], p))[:k]
