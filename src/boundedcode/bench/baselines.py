"""The lexical baselines: BM25 with bm25s over whole files and over functions, and a fusion.

`bm25`: documents are a commit's files as `corpus.CommitCorpus` holds them (read
policy, text, under the one-file budget; path plus content). `bm25-functions`:
documents are the function-level documents of the non-test files
(`corpus.function_documents`: each function or method, plus each file's
remainder), each with its file's path; a file ranks by its best document. Tokens
are identifiers split on case and underscores plus the whole identifier; the message's
English stopwords are not asked (bm25s's own list, what `bm25s.tokenize` leaves out by
default: the strongest plain BM25, `docs/benchmark.md`).
`fusion`: the reciprocal-rank fusion of the engine's files and `bm25-functions`'
files, nothing else. Each "block" is the top `BLOCK_ITEMS` paths, one per line,
under the engine block's heading, so that its tokens compare with the engine's.
"""

from __future__ import annotations

import time
from array import array
from typing import Sequence

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


class _Index:
    """A bm25s index over documents (each belonging to a path), built once, queried per message."""

    def __init__(self, paths: list[str], vocabulary: dict[str, int], token_ids: Sequence[array]):
        import bm25s

        started = time.monotonic()
        self._paths = paths
        self._vocabulary = vocabulary
        self._index = bm25s.BM25() if paths else None
        if self._index is not None:
            # The repository-wide vocabulary is shared across commits; bm25s only needs a copy
            # (it adds its empty token to the dict it is given).
            self._index.index((list(token_ids), dict(vocabulary)), show_progress=False)
        self.build_ms = (time.monotonic() - started) * 1000

    def _best(self, message: str, k: int) -> list[int]:
        """The `k` best documents with a positive score, best first; ties by document order."""
        if self._index is None:
            return []
        from bm25s.stopwords import STOPWORDS_EN

        # "is", "the", "to" hold idf where documents are functions: docstrings and comments alone
        # hold them. Left out, Python Acc@5 57.2 → 59.5 % on the development split.
        ids = sorted(
            {
                self._vocabulary[t]
                for t in tokenize(message)
                if t in self._vocabulary and t not in STOPWORDS_EN
            }
        )
        if not ids:
            return []
        scores = self._index.get_scores(ids)
        import numpy as np  # with bm25s: only the benchmark's BM25 runs pay for the import

        return [int(i) for i in np.argsort(-scores, kind="stable")[:k] if scores[i] > 0]


class BM25Ranker(_Index):
    """BM25 over one commit's files, a document each."""

    def __init__(self, corpus: CommitCorpus):
        super().__init__(corpus.paths, corpus.vocabulary, corpus.token_ids)

    def rank(self, message: str, k: int = BLOCK_ITEMS) -> list[str]:
        """The top `k` paths with a positive score; ties broken by path (documents are in path order)."""
        return [self._paths[i] for i in self._best(message, k)]


class FunctionBM25Ranker(_Index):
    """BM25 over one commit's function-level documents; a file ranks by its best one."""

    def __init__(self, docs: FunctionDocs):
        super().__init__(docs.paths, docs.vocabulary, docs.token_ids)

    def rank(self, message: str, k: int = BLOCK_ITEMS) -> list[str]:
        """The files of the best-scoring documents, each once, at most `k`; ties by document order."""
        return list(dict.fromkeys(self._paths[i] for i in self._best(message, FUNCTION_DOCS_EXAMINED)))[:k]


def fuse(rankings: list[list[str]], k: int = BLOCK_ITEMS) -> list[str]:
    """Reciprocal-rank fusion: Σ 1 / (RRF_K + rank) per path over the lists; ties by path."""
    scores: dict[str, float] = {}
    for ranking in rankings:
        for rank, path in enumerate(ranking, 1):
            scores[path] = scores.get(path, 0.0) + 1.0 / (RRF_K + rank)
    return sorted(scores, key=lambda p: (-scores[p], p))[:k]
