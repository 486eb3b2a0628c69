"""find_symbol, find_references and find_implementations: one routed question about a name.

The same routing as retrieval's (a `Composite` over the enabled servers and
the definition patterns). Unlike a retrieval, an operation was asked for
explicitly, so it first lets the servers start and load what the question
needs (up to STARTUP_TIMEOUT_S); each lookup then has the usual 1.5 s.
"""

from __future__ import annotations

import os
import re
import threading
from typing import Callable, Iterable, Sequence

from ..checkout.budgets import DEFAULT_BUDGETS, Budgets
from ..checkout.policy import confine
from ..checkout.tree import Tree, open_tree
from ..checkout.walk import walk
from ..errors import RepositoryError, UsageError
from ..lang.languages import language_of
from ..scan import Hit, Scanner
from .composite import Answer, Composite
from .lsp_navigator import LspNavigator
from .patterns import PatternNavigator
from .servers import ENV_VAR, enabled_servers
from .session import POOL, STARTUP_TIMEOUT_S, SessionPool

__all__ = ["build_navigator", "navigate", "ENABLE_HINT"]

ENABLE_HINT = f"enable a language server with --server NAME or {ENV_VAR} (see docs/language-servers.md)"
_NAME = re.compile(r"[A-Za-z_$][\w$]*\Z")


def build_navigator(
    tree: Tree,
    paths: Sequence[str],
    *,
    servers: Iterable[str] | None = None,
    budgets: Budgets = DEFAULT_BUDGETS,
    scanner: Scanner | None = None,
    pool: SessionPool = POOL,
    occurrences: Callable[[str], dict[str, list[Hit]]] | None = None,
) -> Composite:
    """A Composite over the enabled servers (`servers` None: the environment variable) and patterns.

    One per retrieval or operation: its lookup budget is spent as it answers. `occurrences`
    is what a retrieval's scans found (see `PatternNavigator`); without it names are scanned
    as they are asked for.
    """
    patterns = PatternNavigator(tree, paths, budgets=budgets, scanner=scanner, occurrences=occurrences)
    navigators = [
        LspNavigator(spec, binary, tree, patterns, pool=pool, timeout=budgets.lsp_timeout_s)
        for spec, binary in enabled_servers(servers)
    ]
    return Composite(navigators, patterns, budgets=budgets)


def _warm(composite: Composite, name: str, path: str | None, timeout: float) -> None:
    """Start, in parallel, the servers of the languages this question touches."""
    languages = {lang for p in composite.fallback.occurrences(name) if (lang := language_of(p))}
    if path is not None and (lang := language_of(path)) is not None:
        languages.add(lang)
    threads = [
        threading.Thread(target=server.warm, args=(name, timeout), daemon=True)
        for server in composite.servers
        if isinstance(server, LspNavigator) and server.languages() & languages
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout)


def navigate(
    operation: str,
    name: str,
    repo: str = ".",
    *,
    path: str | None = None,
    line: int | None = None,
    servers: Iterable[str] | None = None,
    budgets: Budgets | None = None,
    tree: Tree | None = None,
    scanner: Scanner | None = None,
    startup_timeout: float = STARTUP_TIMEOUT_S,
    pool: SessionPool = POOL,
) -> Answer:
    """Answer one question about `name` in `repo`; bad arguments raise UsageError."""
    if not _NAME.match(name):
        raise UsageError(f"{name!r} is not a name: give one identifier, such as post or Ledger")
    if line is not None and (path is None or line < 1):
        raise UsageError("a line needs a path, and counts from 1")
    if tree is None:
        if not os.path.isdir(repo):
            raise RepositoryError(f"{repo}: not a directory")
        tree = open_tree(repo)
    budgets = budgets or DEFAULT_BUDGETS
    listing = walk(tree, budgets)
    if path is not None:
        rel = confine(path)
        if rel is None or rel not in set(listing.paths):
            raise UsageError(f"{path}: not a file retrieval may read in {repo}")
        path = rel
    composite = build_navigator(
        tree, listing.paths, servers=servers, budgets=budgets, scanner=scanner, pool=pool
    )
    _warm(composite, name, path, startup_timeout)
    answer = composite.answer(operation, name, path=path, line=line)
    if operation == "implementations" and not composite.servers:
        answer.notes.append(ENABLE_HINT)
    return answer
