"""The BM25 baseline: the repository's text files ranked against the message with bm25s.

Documents are a commit's files as `corpus.CommitCorpus` holds them (read policy,
text, under the one-file budget; path plus content); tokens are identifiers split
on case and underscores plus the whole identifier. Its "block" is the top
`BLOCK_ITEMS` paths, one per line, under the engine block's heading, so that its
tokens compare with the engine's.
"""

from __future__ import annotations

import time

from ..checkout.budgets import DEFAULT_BUDGETS
from ..render import HEADER
from .corpus import CommitCorpus, tokenize

__all__ = ["BM25Ranker", "bm25_block", "BLOCK_ITEMS"]

BLOCK_ITEMS = DEFAULT_BUDGETS.block_items


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
