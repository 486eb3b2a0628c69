"""Staleness: what changed in the checkout since the conversation last looked.

Before each message the session compares its records with the checkout (spec,
"Provenance and staleness"): a checkout that moved since the previous message,
and files whose blob id differs from what the conversation last read or wrote,
whoever changed them. The session remembers what it reported, so each change
is reported once.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Callable, Mapping, Sequence

from .records import FileStamp

__all__ = ["Head", "checkout_note", "changed_files", "file_notes", "SHORT_COMMIT", "FILES_NAMED"]

#: Commit ids in notes are cut to this many characters, as git abbreviates them.
SHORT_COMMIT = 7
#: At most this many paths are named in one note; the rest are counted.
FILES_NAMED = 20


@dataclass(frozen=True)
class Head:
    """What was checked out: the branch (None when detached) and the commit (None without git)."""

    branch: str | None
    commit: str | None


def _short(commit: str | None) -> str:
    return commit[:SHORT_COMMIT] if commit else "(none)"


def checkout_note(previous: Head | None, current: Head, resumed: bool) -> str | None:
    """A note when the checkout moved since the previous message: a branch switch, a pull, a reset."""
    if previous is None or previous == current:
        return None
    moves = []
    if previous.branch != current.branch:
        moves.append(f"branch {previous.branch or '(detached)'} → {current.branch or '(detached)'}")
    if previous.commit != current.commit:
        moves.append(f"commit {_short(previous.commit)} → {_short(current.commit)}")
    when = (
        "since the previous message, before this session was resumed"
        if resumed
        else "since the previous message"
    )
    return f"The checkout moved {when}: {', '.join(moves)}."


def changed_files(known: Mapping[str, str | None], current: Callable[[str], str | None]) -> list[FileStamp]:
    """Files whose blob id now differs from the one the conversation last saw, in path order."""
    return [FileStamp(path, now) for path in sorted(known) if (now := current(path)) != known[path]]


def _names(paths: Sequence[str]) -> str:
    shown = ", ".join(paths[:FILES_NAMED])
    return shown + (f" and {len(paths) - FILES_NAMED} more" if len(paths) > FILES_NAMED else "")


def file_notes(changes: Sequence[FileStamp]) -> list[str]:
    changed = [c.path for c in changes if c.blob_id is not None]
    gone = [c.path for c in changes if c.blob_id is None]
    notes = []
    if changed:
        notes.append(
            "Changed since this conversation last read or wrote "
            f"{'it' if len(changed) == 1 else 'them'}: {_names(changed)}."
        )
    if gone:
        notes.append(
            "Deleted or unreadable since this conversation last read or wrote "
            f"{'it' if len(gone) == 1 else 'them'}: {_names(gone)}."
        )
    return notes
