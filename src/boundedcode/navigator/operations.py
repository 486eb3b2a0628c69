"""find_symbol, find_references and find_implementations: one routed question about a name.

The same routing as retrieval's (a `Composite` over the enabled servers and
the definition patterns). Unlike a retrieval, an operation was asked for
explicitly, so it first lets the servers start and load what the question
needs (up to STARTUP_TIMEOUT_S); each lookup then has the usual 1.5 s.
"""

from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING, Callable, Iterable, Sequence

from ..checkout.budgets import DEFAULT_BUDGETS, Budgets
from ..checkout.policy import confine
from ..checkout.tree import Tree, open_tree
from ..checkout.walk import walk
from ..errors import RepositoryError, UsageError
from ..lang.definitions import definitions
from ..lang.languages import language_of
from ..lazyre import LazyPattern, compile_static
from ..scan import Hit, Scanner
from .base import Location
from .composite import Answer, Composite
from .patterns import PatternNavigator
from .servers import ENV_VAR, enabled_servers

if TYPE_CHECKING:
    from .base import Navigator
    from .session import SessionPool

__all__ = ["build_navigator", "navigate", "split_name", "ENABLE_HINT"]

ENABLE_HINT = f"enable a language server with --server NAME or {ENV_VAR} (see docs/language-servers.md)"
#: A name, or a qualified one: Ledger.post, Ledger::post, shop.Ledger.post.
_NAME = LazyPattern(r"[A-Za-z_$][\w$]*(?:(?:\.|::)[A-Za-z_$][\w$]*)*\Z")
_SEPARATOR = compile_static(r"\.|::")


def split_name(name: str) -> tuple[tuple[str, ...], str]:
    """`pkg.Class.member` → (("pkg", "Class"), "member"); a plain name has no scope."""
    *scope, member = _SEPARATOR.split(name)
    return tuple(scope), member


def _norm(text: str) -> str:
    return text.replace("_", "").replace("-", "").lower()


def _container_of(tree: Tree, loc: Location) -> str | None:
    """The class (struct, impl, module…) whose body holds the definition at `loc`."""
    language, data = language_of(loc.path), tree.read(loc.path)
    if language is None or data is None:
        return None
    for d in definitions(language, data):
        if d.line == loc.line and d.name == loc.symbol:
            return d.container
    return None


def _narrow(answer: Answer, scope: tuple[str, ...], tree: Tree, composite: Composite) -> None:
    """Keep the definitions of the member that its qualifier names, and say how they were chosen.

    Best: definitions inside the qualifier's body (the class, struct or impl named so);
    else those in files named after it or defining it. Package segments before the
    qualifier then prefer paths that hold them. Nothing matches: every definition stays."""
    qualifier, packages = scope[-1], scope[:-1]
    locations = answer.locations
    inside = [loc for loc in locations if _container_of(tree, loc) == qualifier]
    how = f"defined inside {qualifier}"
    if not inside:
        defining = {loc.path for loc in composite.fallback.definitions(qualifier)}
        inside = [
            loc
            for loc in locations
            if loc.path in defining or _norm(loc.path.rsplit("/", 1)[-1].split(".", 1)[0]) == _norm(qualifier)
        ]
        how = f"in a file that defines {qualifier} or is named after it"
    if packages and inside:
        segments = [_norm(p) for p in packages]
        held = [
            loc
            for loc in inside
            if all(seg in {_norm(part.split(".", 1)[0]) for part in loc.path.split("/")} for seg in segments)
        ]
        inside = held or inside
    if inside:
        if len(inside) < len(locations):
            answer.notes.append(
                f"kept {len(inside)} of {len(locations)} definitions of {locations[0].symbol}: those {how}"
            )
        answer.locations = inside
    elif locations:
        answer.notes.append(f"no definition of {answer.name} is inside {qualifier}; all are listed")


def build_navigator(
    tree: Tree,
    paths: Sequence[str],
    *,
    servers: Iterable[str] | None = None,
    budgets: Budgets = DEFAULT_BUDGETS,
    scanner: Scanner | None = None,
    pool: SessionPool | None = None,
    occurrences: Callable[[str], dict[str, Sequence[Hit]]] | None = None,
) -> Composite:
    """A Composite over the enabled servers (`servers` None: the environment variable) and patterns.

    One per retrieval or operation: its lookup budget is spent as it answers. `occurrences`
    is what a retrieval's scans found (see `PatternNavigator`); without it names are scanned
    as they are asked for. `pool` None: the process's sessions (`session.POOL`).
    """
    patterns = PatternNavigator(tree, paths, budgets=budgets, scanner=scanner, occurrences=occurrences)
    enabled = enabled_servers(servers)
    navigators: list[Navigator] = []
    if enabled:  # the client, its sessions and the protocol are imported only when a server is enabled
        from .lsp_navigator import LspNavigator
        from .session import POOL

        navigators = [
            LspNavigator(
                spec,
                binary,
                tree,
                patterns,
                pool=POOL if pool is None else pool,
                timeout=budgets.lsp_timeout_s,
            )
            for spec, binary in enabled
        ]
    return Composite(navigators, patterns, budgets=budgets)


def _warm(composite: Composite, name: str, path: str | None, timeout: float) -> None:
    """Start, in parallel, the servers of the languages this question touches."""
    from .lsp_navigator import LspNavigator

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
    startup_timeout: float | None = None,
    pool: SessionPool | None = None,
) -> Answer:
    """Answer one question about `name` in `repo`; bad arguments raise UsageError.

    A qualified name (`Ledger.post`, `Ledger::post`, `shop.Ledger.post`) asks about the
    member; its definitions are narrowed to those its qualifier names (`_narrow`).
    `startup_timeout` None: `session.STARTUP_TIMEOUT_S`; `pool` None: `session.POOL`."""
    if not _NAME.match(name):
        raise UsageError(
            f"{name!r} is not a name: give an identifier such as post or Ledger, or a qualified "
            "name such as Ledger.post or Ledger::post"
        )
    scope, member = split_name(name)
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
    if startup_timeout is None:
        from .session import STARTUP_TIMEOUT_S

        startup_timeout = STARTUP_TIMEOUT_S
    _warm(composite, member, path, startup_timeout)
    answer = composite.answer(operation, member, path=path, line=line)
    if scope:
        answer.name = name
        if operation == "definitions":
            _narrow(answer, scope, tree, composite)
        else:
            answer.notes.append(f"{operation} of {member} under any qualifier: only definitions are narrowed")
    if operation == "implementations" and not composite.servers:
        answer.notes.append(ENABLE_HINT)
    return answer
