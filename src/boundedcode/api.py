"""The public entry points; `boundedcode` re-exports them."""

from __future__ import annotations

import os
import time
from typing import TYPE_CHECKING, Callable, Collection, Sequence

from .basic import run_basic
from .checkout.budgets import DEFAULT_BUDGETS, Budgets
from .checkout.tree import Tree, WorkTree, open_tree
from .config import RETRIEVAL_MODES
from .errors import RepositoryError, UsageError
from .model import RetrievalResult
from .navigator import Answer, navigate
from .render import smallest_block_tokens
from .retrieve import run_retrieval
from .scan import Scanner
from .seeds.evidence import evidence_anchors, evidence_bounds
from .strategies import by_id
from .strategies.parallels import ID as PARALLELS

if TYPE_CHECKING:
    from .retry_pack import RetryPack

#: Every strategy id, for validating `without` (parallels runs after the ranking, on its best files).
STRATEGY_IDS = tuple(sorted([*by_id(), PARALLELS]))

__all__ = [
    "retrieve",
    "retry_pack",
    "find_symbol",
    "find_references",
    "find_implementations",
    "check_message",
    "check_budgets",
    "repository_root",
    "resolve_commit",
    "EMPTY_MESSAGE",
]

#: The one rule for an empty message, for the CLI, MCP and this API alike.
EMPTY_MESSAGE = "the message is empty: give the text of a bug report, request, stack trace or test failure"


def check_message(message: str) -> None:
    """Refuse a message with no text in it (whitespace only): there is nothing to point at."""
    if not isinstance(message, str):
        raise UsageError(f"the message must be text, not {type(message).__name__}")
    if not message.strip():
        raise UsageError(EMPTY_MESSAGE)


def check_budgets(budgets: Budgets) -> None:
    """Refuse a block budget no block can keep: below its header and the lines saying what it
    left out and that the search was cut short (`render.smallest_block_tokens`)."""
    floor = smallest_block_tokens(budgets.block_items)
    if budgets.block_tokens < floor:
        raise UsageError(
            f"a block budget of {budgets.block_tokens} tokens is below the smallest block of "
            f"{budgets.block_items} places ({floor} tokens: its header and the lines saying what "
            "was left out)"
        )


def repository_root(start: str = ".") -> str:
    """The checkout holding `start`, found as git finds it: the nearest directory upward that has
    a `.git` (a directory, or the file of a worktree or submodule); `start` itself when none has."""
    here = os.path.abspath(start)
    folder = here
    while not os.path.exists(os.path.join(folder, ".git")):
        parent = os.path.dirname(folder)
        if parent == folder:
            return start
        folder = parent
    return start if folder == here else folder


def resolve_commit(repo: str, rev: str) -> str:
    """The commit id `rev` names in `repo`: an id (full or abbreviated), HEAD, a branch, a tag,
    HEAD~3. Read from the refs files and the object database alone (`checkout.gitmeta`): no
    text reaches a git command line, and the checkout's git configuration is never opened."""
    if not rev.strip():
        raise UsageError("the commit is empty: give an id, HEAD, a branch, a tag or HEAD~N")
    if rev.startswith("-"):
        raise UsageError(f"{rev!r} is not a revision")
    from .checkout import gitmeta

    if gitmeta.open_objects(repo) is None:
        raise RepositoryError(f"{repo}: not a git repository, so --commit cannot be read")
    commit = gitmeta.resolve_revision(repo, rev)
    if commit is None:
        raise RepositoryError(f"{repo}: no commit {rev!r}")
    return commit


def retrieve(
    message: str,
    repo: str = ".",
    *,
    evidence: Sequence[str] = (),
    retrieval: str = "adaptive",
    commit: str | None = None,
    budgets: Budgets | None = None,
    without: Collection[str] = (),
    explain: bool = False,
    tree: Tree | None = None,
    scanner: Scanner | None = None,
    servers: Sequence[str] = (),
    clock: Callable[[], float] = time.monotonic,
) -> RetrievalResult:
    """The places in `repo` that `message` (and any command output in `evidence`) points at.

    `commit` reads that commit's git objects instead of the working tree (any revision
    `resolve_commit` takes; the result records the id it resolved to). `servers`
    names language servers to ask for definitions where they serve a file's language
    (docs/language-servers.md); patterns answer everywhere else. `tree`, `scanner`
    and `clock` are the seams tests inject. An empty message is refused (`check_message`), and
    so is a block budget no block can keep (`check_budgets`).
    """
    check_message(message)
    budgets = budgets or DEFAULT_BUDGETS
    check_budgets(budgets)
    if retrieval not in RETRIEVAL_MODES:
        raise UsageError(f"unknown retrieval mode {retrieval!r} (choose {', '.join(RETRIEVAL_MODES)})")
    if tree is None:
        if not os.path.isdir(repo):
            raise RepositoryError(f"{repo}: not a directory")
        if commit is not None:
            commit = resolve_commit(repo, commit)
        try:
            tree = open_tree(repo, commit)
        except RepositoryError:
            raise
        except (ValueError, OSError) as exc:
            raise RepositoryError(f"{repo}: {exc}") from None
        except Exception as exc:  # pygit2 raises its own errors for a non-repository
            raise RepositoryError(f"{repo}: cannot open the commit: {exc}") from None
    unknown = set(without) - set(STRATEGY_IDS)
    if unknown:
        raise UsageError(f"unknown strategy {', '.join(sorted(unknown))} (known: {', '.join(STRATEGY_IDS)})")
    if retrieval == "basic":
        return run_basic("\n".join([message, *evidence]), tree, budgets=budgets, scanner=scanner, clock=clock)
    started = clock()  # the time budget covers parsing the evidence too
    anchors = [a for text in evidence for a in evidence_anchors(text)]
    return run_retrieval(
        message,
        tree,
        evidence_anchors=anchors,
        evidence_bounds=evidence_bounds(tuple(evidence)),
        budgets=budgets,
        without=without,
        explain=explain,
        scanner=scanner,
        servers=tuple(servers),
        clock=clock,
        started=started,
    )


def retry_pack(output: str, repos: Sequence[str], *, budgets: Budgets | None = None) -> RetryPack:
    """Bounded mode's "RELEVANT CODE" section for failure `output`, over each checkout in `repos`.

    The lines around every location the output points at (frames, compiler and test-runner
    locations, the code failing tests exercise), per repository, within the block budget.
    """
    from .retry_pack import build_retry_pack  # bounded mode's own modules, not a retrieval's

    trees = []
    for repo in repos:
        if not os.path.isdir(repo):
            raise RepositoryError(f"{repo}: not a directory")
        trees.append((os.path.basename(os.path.abspath(repo)) or repo, WorkTree(repo)))
    return build_retry_pack(output, trees, budgets or DEFAULT_BUDGETS)


def find_symbol(
    name: str,
    repo: str = ".",
    *,
    path_hint: str | None = None,
    servers: Collection[str] | None = None,
    budgets: Budgets | None = None,
    tree: Tree | None = None,
    scanner: Scanner | None = None,
) -> Answer:
    """Where `name` is defined: a language server where one serves the file's language, definition
    patterns elsewhere. `path_hint`, a file using the name, lets a server follow its imports.

    `servers` names the language servers to use (`auto`: every installed one); None reads
    BCODE_LANGUAGE_SERVERS, empty uses patterns only.
    """
    return navigate(
        "definitions",
        name,
        repo,
        path=path_hint,
        servers=servers,
        budgets=budgets,
        tree=tree,
        scanner=scanner,
    )


def find_references(
    name: str,
    repo: str = ".",
    *,
    path: str | None = None,
    line: int | None = None,
    servers: Collection[str] | None = None,
    budgets: Budgets | None = None,
    tree: Tree | None = None,
    scanner: Scanner | None = None,
) -> Answer:
    """Where `name` is used; `path` and `line` pick one symbol of that name. Without a server for a
    language, its references are textual (every use of the word)."""
    return navigate(
        "references",
        name,
        repo,
        path=path,
        line=line,
        servers=servers,
        budgets=budgets,
        tree=tree,
        scanner=scanner,
    )


def find_implementations(
    name: str,
    repo: str = ".",
    *,
    servers: Collection[str] | None = None,
    budgets: Budgets | None = None,
    tree: Tree | None = None,
    scanner: Scanner | None = None,
) -> Answer:
    """What implements the interface or abstract member `name`. Only a language server can tell;
    without one the answer has no locations and a note saying so."""
    return navigate(
        "implementations", name, repo, servers=servers, budgets=budgets, tree=tree, scanner=scanner
    )
