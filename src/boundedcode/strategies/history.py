"""history: a commit id the message names gives the files that commit changed.

It needs a git checkout: a working tree with a `.git` at its root, or the git
objects of a pinned commit. Elsewhere, or when the id names no commit, the
run's reason says why nothing was found. Git is read through pygit2: the id is
checked to be 7–40 hex digits and looked up as an object id prefix, never
parsed as a revision or passed to a command line, so no text from the message
can act as an option or a revision expression (`--output=x`, `HEAD~1`).
Only files that still exist in the walked list are findings.
"""

from __future__ import annotations

from typing import Final

from ..lazyre import compile_static
from ..model import Anchor, AnchorKind, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import ListingEvidence, Plan

__all__ = ["HistoryStrategy", "changed_files", "resolve", "COMMIT_ID"]

#: Files of one commit listed at most (path order); a sweeping commit says little per file.
MAX_CHANGED_FILES = 30
#: What a commit id looks like: abbreviated (git's default 7) up to the full 40 hex digits.
COMMIT_ID = compile_static(r"[0-9a-f]{7,40}")


def resolve(repo, commit_id: str):
    """The commit `commit_id` names, looked up as an object id prefix (never as a revision).

    Raises ValueError when it is not 7–40 lower-case hex digits, is ambiguous, or names no commit.
    """
    import pygit2

    if not COMMIT_ID.fullmatch(commit_id):
        raise ValueError(f"not a commit id: {commit_id!r}")
    try:
        obj = repo.git_object_lookup_prefix(commit_id)
    except (ValueError, KeyError, pygit2.GitError) as exc:  # an ambiguous prefix
        raise ValueError(f"commit {commit_id}: {exc}") from None
    if obj is None:
        raise ValueError(f"commit {commit_id} not found")
    try:
        return obj.peel(pygit2.Commit)
    except (ValueError, pygit2.GitError, pygit2.InvalidSpecError):
        raise ValueError(f"{commit_id} is not a commit") from None


def changed_files(repo, commit_id: str) -> list[str]:
    """Paths the commit changed against its first parent (all its files for a root commit);
    a rename shows as its old and its new path. Raises ValueError as `resolve` does."""
    commit = resolve(repo, commit_id)
    if commit.parents:
        diff = repo.diff(commit.parents[0], commit)
    else:
        diff = commit.tree.diff_to_tree(swap=True)
    return sorted({d.new_file.path for d in diff.deltas} | {d.old_file.path for d in diff.deltas})


class HistoryStrategy:
    id = "history"
    needs_scan: Final = False  # FromListing: it runs while the scan searches

    def wants(self, plan: Plan) -> str | None:
        commits = plan.of_kind(AnchorKind.COMMIT)
        if not commits:
            return None
        named = ", ".join(a.text for a in commits)
        repo = plan.repository
        if repo is None:
            return f"commit {named} named, but not a git checkout: nothing to look up"
        unknown = []
        for a in commits:
            try:
                resolve(repo, a.text)
            except ValueError as exc:
                unknown.append(str(exc))
        return f"commit {named} named" + (f" ({'; '.join(unknown)})" if unknown else "")

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return []

    def find(self, ev: ListingEvidence) -> list[Finding]:
        repo = ev.plan.repository
        if repo is None:
            return []
        walked = ev.index.set
        out: list[Finding] = []
        for a in ev.of_kind(AnchorKind.COMMIT):
            out += self._commit(repo, a, walked)
        return out

    def _commit(self, repo, a: Anchor, walked: frozenset[str]) -> list[Finding]:
        try:
            paths = [p for p in changed_files(repo, a.text) if p in walked]
        except ValueError:
            return []
        spec = specificity(len(paths))
        return [
            Finding(p, None, self.id, a, R.HISTORY, f"changed in commit {a.text}", specificity=spec)
            for p in paths[:MAX_CHANGED_FILES]
        ]
