"""The public entry points; `boundedcode` re-exports them."""

from __future__ import annotations

import os
import time
from typing import Callable, Collection, Sequence

from .basic import run_basic
from .checkout.budgets import DEFAULT_BUDGETS, Budgets
from .checkout.tree import Tree, open_tree
from .config import RETRIEVAL_MODES
from .errors import RepositoryError, UsageError
from .model import RetrievalResult
from .retrieve import run_retrieval
from .scan import Scanner
from .seeds.evidence import evidence_anchors

__all__ = ["retrieve"]


def retrieve(message: str, repo: str = ".", *, evidence: Sequence[str] = (),
             retrieval: str = "adaptive", commit: str | None = None,
             budgets: Budgets | None = None, without: Collection[str] = (),
             explain: bool = False, tree: Tree | None = None, scanner: Scanner | None = None,
             clock: Callable[[], float] = time.monotonic) -> RetrievalResult:
    """The places in `repo` that `message` (and any command output in `evidence`) points at.

    `commit` reads that commit's git objects instead of the working tree. `tree`,
    `scanner` and `clock` are the seams tests inject.
    """
    if retrieval not in RETRIEVAL_MODES:
        raise UsageError(f"unknown retrieval mode {retrieval!r} (choose {', '.join(RETRIEVAL_MODES)})")
    if tree is None:
        if not os.path.isdir(repo):
            raise RepositoryError(f"{repo}: not a directory")
        try:
            tree = open_tree(repo, commit)
        except (ValueError, OSError) as exc:
            raise RepositoryError(f"{repo}: {exc}") from None
        except Exception as exc:  # pygit2 raises its own errors for a non-repository
            raise RepositoryError(f"{repo}: cannot open the commit: {exc}") from None
    budgets = budgets or DEFAULT_BUDGETS
    if retrieval == "basic":
        return run_basic("\n".join([message, *evidence]), tree, budgets=budgets, scanner=scanner,
                         clock=clock)
    anchors = [a for text in evidence for a in evidence_anchors(text)]
    return run_retrieval(message, tree, evidence_anchors=anchors, budgets=budgets,
                         without=without, explain=explain, scanner=scanner, clock=clock)
