"""A conversation's session: provenance, staleness, evidence already collected, compaction, recall.

    >>> with Session("chat.jsonl", repo=".") as s:
    ...     turn = s.user_message("KeyError in Ledger.post")
    ...     print(turn.text)
    ...     s.record_tool_result("call_1", "read", "ledger/post.py", content="...")

Everything the conversation did is a record in the session file (see
`records` and `store`); the state here is rebuilt from those records on load,
so a reloaded session reports, skips and recalls exactly as the live one did.
"""

from __future__ import annotations

import functools
import os
import threading
import time
from contextlib import AbstractContextManager
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import TYPE_CHECKING, Any, Callable, Sequence, TypeVar, cast

from ..api import retrieve
from ..checkout import DEFAULT_BUDGETS, Budgets, Tree, WorkTree, blob_id, confine, read_confined
from ..checkout.confined import OUTSIDE
from ..errors import UsageError
from ..model import RetrievalResult
from ..render import NO_PLACES, render_block
from ..render.read import READ_MAX_BYTES, render_file, render_refusal
from .records import (
    CHANGE_KINDS,
    COMMAND_KIND,
    MIGRATIONS,
    SHOW_KINDS,
    Capture,
    Compaction,
    FileStamp,
    Message,
    Migration,
    Record,
    Retrieval,
    RetrievedItem,
    SessionError,
    ToolResult,
    from_json,
    to_json,
)
from .staleness import Head, changed_files, checkout_note, file_notes
from .store import SessionFile

if TYPE_CHECKING:
    from ..engine import Engine

__all__ = [
    "Session",
    "Turn",
    "Recall",
    "Staleness",
    "LAST_COMMANDS",
    "EVIDENCE_TAIL_BYTES",
    "INDEX_MIN_BYTES",
    "RECALL_MAX_HITS",
    "RECALL_MAX_BYTES",
]

#: How many of the previous turn's commands become evidence for the next message.
LAST_COMMANDS = 3
#: The tail of each command's output that is kept as evidence: failures and traces come last.
EVIDENCE_TAIL_BYTES = 64 * 1024
#: Tool results at least this large are listed in a compaction summary's index.
INDEX_MIN_BYTES = 1024
#: Recall brings back at most this many results, newest first ...
RECALL_MAX_HITS = 3
#: ... and at most this many bytes of their content (the rest is cut and says so).
RECALL_MAX_BYTES = 64 * 1024
#: Tool results of this kind are recall's own answers: found by call id, not searched again.
RECALL_KIND = "recall"
INDEX_HEADER = "Set aside by this summary (recall brings any of them back by call id, path or text):"


@dataclass(frozen=True)
class Turn:
    """What to put before a user message: notes on what changed, then the block."""

    message_id: str
    notes: tuple[str, ...]
    block: str
    already_read: tuple[str, ...]
    result: RetrievalResult

    @property
    def text(self) -> str:
        notes = "".join(f"Note: {n}\n" for n in self.notes)
        return notes + ("\n" if notes else "") + (self.block or NO_PLACES)


@dataclass(frozen=True)
class Staleness:
    head: Head
    notes: tuple[str, ...]
    #: Files whose blob id differs from the one the conversation last saw (None: gone).
    changes: tuple[FileStamp, ...]


@dataclass(frozen=True)
class Recall:
    hits: tuple[Record, ...]
    text: str


class _Blobs:
    """Blob ids of the checkout's files as they are now, each file read at most once per call."""

    def __init__(self, tree: Tree):
        self.tree = tree
        self._memo: dict[str, str | None] = {}

    def __call__(self, path: str) -> str | None:
        if path not in self._memo:
            data = self.tree.read(path)
            self._memo[path] = blob_id(data) if data is not None else None
        return self._memo[path]


def _relative(tree: Tree, path: str, spelled: str | None = None) -> str | None:
    """`path` relative to the checkout (absolute paths inside it too); None outside it.

    An absolute path may name the checkout as resolved (`fs_root`) or as the operator spelled
    it (`spelled`, e.g. through a symlink): only that given prefix is taken off, nothing the
    caller wrote is resolved, and the rest is confined and read through the tree as usual."""
    if os.path.isabs(path):
        if tree.fs_root is None:
            return None
        path = os.path.normpath(path)
        for root in dict.fromkeys(r for r in (tree.fs_root, spelled) if r):
            if path == root or path.startswith(root.rstrip(os.sep) + os.sep):
                return confine(os.path.relpath(path, root))
        return None
    return confine(path)


def _describe(t: ToolResult) -> str:
    if t.paths:
        return f"{t.kind} {', '.join(t.paths)}"
    if t.command and t.command.strip():
        return f"{t.kind} `{t.command.strip().splitlines()[0]}`"
    return t.kind


_Method = TypeVar("_Method", bound=Callable[..., Any])


def _in_turn(method: _Method) -> _Method:
    """A session method that uses the checkout's tree: within the session's turn (`Session.turn`:
    a warm session's background reading of the same tree waits)."""

    @functools.wraps(method)
    def in_turn(self: Session, *args: Any, **kwargs: Any) -> Any:
        with self.turn():
            return method(self, *args, **kwargs)

    return cast(_Method, in_turn)


class Session:
    """One conversation over one checkout, kept in an append-only session file.

    `path=None` keeps the session in memory only. `tree_factory` gives the
    checkout as it is now (a fresh one per call, as the checkout moves under a
    long conversation); `clock` (seconds since the epoch) and `retriever` are
    the other seams tests inject. Without them (and unless `warm=False`) the
    session keeps the checkout warm in memory (`engine.Engine`): read in a
    background thread (`warm`, or once a message finds it unread), messages
    answered from the files on disk meanwhile.
    """

    def __init__(
        self,
        path: str | None,
        repo: str = ".",
        *,
        tree_factory: Callable[[], Tree] | None = None,
        clock: Callable[[], float] = time.time,
        retriever: Callable[..., RetrievalResult] = retrieve,
        budgets: Budgets = DEFAULT_BUDGETS,
        migrations: Sequence[Migration] = MIGRATIONS,
        warm: bool = True,
    ):
        self.repo = repo
        self._tree_factory = tree_factory or (lambda: WorkTree(repo))
        self._clock, self._retriever, self._budgets = clock, retriever, budgets
        self._engine: Engine | None = None
        self._lock = threading.RLock()  # a session that is not warm: one use at a time
        if warm and tree_factory is None and retriever is retrieve:
            # A conversation is long-lived: the checkout's contents stay in memory, validated
            # on every message (engine.Engine), and answers are the cold ones.
            from ..engine import Engine

            engine = self._engine = Engine()
            self._tree_factory = lambda: engine.checkout(repo)[0]
            # (the engine's own tree: the one `tree_factory` gives)
            self._retriever = lambda text, where, tree=None, **kw: engine.retrieve(text, where, **kw)
        self.records: list[Record] = []
        #: The history as the conversation has it now: a compaction replaces its prefix.
        self.history: list[Record] = []
        #: What compactions replaced, in the order they replaced it.
        self.archive: list[Record] = []
        self._by_seq: dict[int, Record] = {}
        self._known: dict[str, str | None] = {}  # path -> blob the conversation last saw
        self._head: Head | None = None
        self._call_ids: set[str] = set()
        self._file = SessionFile(path)
        try:
            report = self._file.load(migrations)
            for number, data in enumerate(report.records, start=1):
                record = from_json(data, f"{path}:{number}")
                if isinstance(record, Compaction):
                    unknown = [s for s in record.replaced if s not in self._by_seq]
                    if unknown:
                        raise SessionError(
                            f"{path}:{number}: compaction {record.id} replaces record {unknown[0]}, "
                            "which is not before it in the file"
                        )
                self._apply(record)
        except BaseException:
            self._file.close()
            raise
        #: What loading found (a torn tail set aside); told once, with the next message.
        self.load_notes: tuple[str, ...] = tuple(report.notes)
        self.migrations_applied: tuple[str, ...] = tuple(report.migrations)
        self._pending_notes = list(report.notes)
        self._resumed = any(isinstance(r, Message) for r in self.records)

    # -- the file and the state rebuilt from it ---------------------------------------------

    def close(self) -> None:
        self._file.close()

    def turn(self) -> AbstractContextManager[Any]:
        """Held around each use of the session by a host with threads (the MCP server's calls):
        one at a time, and a warm session's background reading waits for them."""
        return self._engine.turn() if self._engine is not None else self._lock

    def warm(self, *, freeze: bool = False) -> None:
        """Read the checkout into memory in the background now (a warm session; else nothing):
        until it is read, messages are answered from the files on disk. `freeze`: for a host
        process that keeps the session for its life (`engine.Engine.prepare`)."""
        if self._engine is not None:
            self._engine.warm(self.repo, self._budgets, freeze=freeze)

    def __enter__(self) -> Session:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _now(self) -> str:
        return datetime.fromtimestamp(self._clock(), timezone.utc).isoformat(timespec="milliseconds")

    def _append(self, record: Record) -> None:
        self._file.append(to_json(record))  # written first: a failed write changes nothing
        self._apply(record)

    def _apply(self, record: Record) -> None:
        self.records.append(record)
        self._by_seq[record.seq] = record
        if isinstance(record, Compaction):
            replaced = set(record.replaced)
            self.archive += [r for r in self.history if r.seq in replaced]
            self.history = [record] + [r for r in self.history if r.seq not in replaced]
            return
        self.history.append(record)
        if isinstance(record, Message):
            self._head = Head(record.branch, record.commit)
            self._known.update((f.path, f.blob_id) for f in record.reported)
        elif isinstance(record, ToolResult):
            self._call_ids.add(record.call_id)
            if record.kind in SHOW_KINDS or record.kind in CHANGE_KINDS:
                self._known.update((f.path, f.blob_id) for f in record.files)

    def _relative(self, tree: Tree, path: str) -> str | None:
        return _relative(tree, path, os.path.abspath(self.repo))

    def _next_call_id(self) -> str:
        n = sum(isinstance(r, ToolResult) for r in self.records) + 1
        while f"call_{n}" in self._call_ids:
            n += 1
        return f"call_{n}"

    # -- messages ---------------------------------------------------------------------------

    @_in_turn
    def user_message(self, text: str, *, evidence: Sequence[str] = ()) -> Turn:
        """Check staleness, retrieve (with the previous turn's command output as evidence),
        and record the message with its retrieval's provenance."""
        tree = self._tree_factory()
        now = _Blobs(tree)
        check = self.staleness(tree, now)
        notes, head, changes = check.notes, check.head, check.changes

        result = self._retriever(
            text,
            self.repo,
            evidence=[*evidence, *self._previous_commands()],
            tree=tree,
            budgets=self._budgets,
        )
        shown = self._shown_in_history()
        # A file the notes just called changed is listed, never "unchanged" in the same answer
        # (edited, then reverted to what was read: both would be true of different moments).
        noted = {c.path for c in changes}
        already = tuple(
            dict.fromkeys(
                it.path
                for it in result.items
                if it.path in shown and it.path not in noted and shown[it.path] == now(it.path)
            )
        )
        block = result.block
        if already:
            listed = [it for it in result.items if it.path not in already]
            block = render_block(
                listed, self._budgets.block_tokens, already_read=already, bounds_reached=result.bounds_reached
            )[0]

        stamp = self._now()
        n = sum(isinstance(r, Message) for r in self.records) + 1
        retrieval = Retrieval(
            result.commit,
            stamp,
            tuple(RetrievedItem(it.path, it.line, it.blob_id, it.strategies) for it in result.items),
            already,
        )
        message = Message(
            len(self.records), stamp, f"m{n}", text, head.branch, head.commit, retrieval, changes, notes
        )
        self._append(message)
        self._pending_notes, self._resumed = [], False  # told now: each note once
        return Turn(message.id, notes, block, already, result)

    @_in_turn
    def staleness(
        self, tree: Tree | None = None, blobs: Callable[[str], str | None] | None = None
    ) -> Staleness:
        """What the next message would be told about the checkout; nothing is recorded."""
        tree = self._tree_factory() if tree is None else tree
        head = Head(tree.branch(), tree.commit())
        moved = checkout_note(self._head, head, self._resumed)
        changes = changed_files(self._known, blobs or _Blobs(tree))
        notes = [*self._pending_notes, *([moved] if moved else []), *file_notes(changes)]
        return Staleness(head, tuple(notes), tuple(changes))

    def _previous_commands(self) -> list[str]:
        """The output of the last commands since the previous message, oldest first."""
        since: list[ToolResult] = []
        for r in reversed(self.records):
            if isinstance(r, Message):
                break
            if isinstance(r, ToolResult) and r.kind == COMMAND_KIND and r.output:
                since.append(r)
        tails = []
        for r in reversed(since[:LAST_COMMANDS]):
            data = r.output.encode("utf-8")[-EVIDENCE_TAIL_BYTES:]
            tails.append(data.decode("utf-8", "ignore"))
        return tails

    def _shown_in_history(self) -> dict[str, str | None]:
        """Files whose content a result still in the history shows, with its blob id then.

        The last result touching a file decides: after an edit the history no
        longer shows the file's whole content, so it is listed again."""
        shown: dict[str, str | None] = {}
        for r in self.history:
            if isinstance(r, ToolResult):
                for f in r.files:
                    if r.kind in SHOW_KINDS and f.lines is None:  # a part shown is not the file
                        shown[f.path] = f.blob_id
                    elif r.kind in CHANGE_KINDS:
                        shown.pop(f.path, None)
        return shown

    # -- tool results -----------------------------------------------------------------------

    @_in_turn
    def record_tool_result(
        self,
        call_id: str | None,
        kind: str,
        path: str | None = None,
        *,
        paths: Sequence[str] = (),
        content: str = "",
        output: str = "",
        command: str | None = None,
    ) -> ToolResult:
        """Record a tool result, stamping each file it names with its blob id at this moment.

        `kind` is read, read_many, notebook_read (show a file), edit, multi_edit,
        write, notebook_edit (change one), command (its `output` becomes evidence
        for the next message), or any other tool's name. `call_id=None` makes one.
        """
        if not kind:
            raise UsageError("a tool result needs a kind")
        if call_id is not None and call_id in self._call_ids:
            raise UsageError(f"tool call id {call_id!r} is already recorded in this session")
        tree = self._tree_factory()
        now = _Blobs(tree)
        rels = [
            rel
            for p in ([path] if path else []) + list(paths)
            if (rel := self._relative(tree, p)) is not None
        ]
        files = tuple(FileStamp(rel, now(rel)) for rel in dict.fromkeys(rels))
        record = ToolResult(
            len(self.records),
            self._now(),
            call_id or self._next_call_id(),
            kind,
            files,
            content,
            output,
            command,
        )
        self._append(record)
        return record

    @_in_turn
    def read(
        self,
        paths: Sequence[str],
        *,
        start_line: int | None = None,
        end_line: int | None = None,
        max_bytes: int = READ_MAX_BYTES,
    ) -> ToolResult:
        """Read files for the agent, confined by the read policy, and record what was shown.

        Each file comes under a `==> path (lines a-b of n) <==` line with its lines
        numbered (render.read); `start_line` and `end_line` (1-based, inclusive) pick
        the same range of every file. One call shows at most `max_bytes` and says
        what it left out. A read that shows part of a file stamps that range: the
        file counts as seen for staleness, not as read whole for the block."""
        if not paths:
            raise UsageError("read needs at least one path")
        if (start_line is not None and start_line < 1) or (end_line is not None and end_line < 1):
            raise UsageError("start_line and end_line count from 1")
        if start_line is not None and end_line is not None and end_line < start_line:
            raise UsageError(f"end_line {end_line} is before start_line {start_line}")
        tree = self._tree_factory()
        parts: list[str] = []
        stamps: list[FileStamp] = []
        left = max_bytes
        for asked in paths:
            rel = self._relative(tree, asked)
            read = read_confined(tree, rel, self._budgets.file_bytes) if rel is not None else None
            if rel is None or read is None or read.data is None:
                why = OUTSIDE if read is None else read.refused
                parts.append(render_refusal(asked, why or "not readable"))
                continue
            data = read.data
            shown = render_file(rel, data, start_line, end_line, left, max_bytes)
            left = max(0, left - shown.size)
            parts.append(shown.text)
            if shown.lines is not None:
                stamps.append(FileStamp(rel, blob_id(data), None if shown.whole else shown.lines))
        record = ToolResult(
            len(self.records),
            self._now(),
            self._next_call_id(),
            "read" if len(paths) == 1 else "read_many",
            tuple(stamps),
            "".join(parts),
        )
        self._append(record)
        return record

    def last_items(self) -> tuple[RetrievedItem, ...]:
        """The places the last retrieval's block listed, in its order (already-read files left out)."""
        for r in reversed(self.records):
            if isinstance(r, Message) and r.retrieval is not None:
                already = set(r.retrieval.already_read)
                return tuple(i for i in r.retrieval.items if i.path not in already)
        return ()

    def record_capture(self, payload: dict[str, Any]) -> Capture:
        """Keep a `source.context` result as the query returned it."""
        record = Capture(len(self.records), self._now(), dict(payload))
        self._append(record)
        return record

    # -- compaction and recall --------------------------------------------------------------

    def compact(self, summary_text: str, keep_last: int = 2) -> str:
        """Replace the history before the last `keep_last` user messages with the summary.

        The replaced records go to the archive (they stay in the session file,
        which is append-only). Returns the summary followed by an index of the
        larger tool results it replaced, which `recall` brings back."""
        if keep_last < 0:
            raise UsageError("keep_last must be 0 or more")
        starts = [i for i, r in enumerate(self.history) if isinstance(r, Message)]
        if keep_last == 0:
            cut = len(self.history)
        else:
            cut = starts[-keep_last] if keep_last <= len(starts) else 0
        replaced = self.history[:cut]
        summary = summary_text.rstrip() + self._index(replaced)
        n = sum(isinstance(r, Compaction) for r in self.records) + 1
        self._append(
            Compaction(len(self.records), self._now(), f"c{n}", summary, tuple(r.seq for r in replaced))
        )
        return summary

    def _index(self, replaced: Sequence[Record]) -> str:
        tools: dict[int, ToolResult] = {}
        pending = list(replaced)
        while pending:  # an earlier summary being replaced hands on what it had replaced
            r = pending.pop()
            if isinstance(r, ToolResult):
                tools[r.seq] = r
            elif isinstance(r, Compaction):
                pending += [self._by_seq[s] for s in r.replaced]
        ordered = [tools[s] for s in sorted(tools)]
        large = [t for t in ordered if t.size >= INDEX_MIN_BYTES]
        if not ordered:
            return ""
        lines = [f"{t.call_id}: {_describe(t)} ({t.size:,} bytes)" for t in large]
        if len(ordered) > len(large):
            lines.append(f"({len(ordered) - len(large)} smaller tool results too)")
        return "\n\n" + INDEX_HEADER + "\n" + "\n".join(lines)

    @_in_turn
    def recall(self, query: str) -> Recall:
        """Bring back tool results (and archived messages) by call id, path or text.

        A call id or path matches exactly, text as a case-insensitive substring;
        newest first. When a result's file changed since, that is said before
        its content."""
        query = query.strip()
        if not query:
            raise UsageError("recall needs a call id, a path or some text")
        tree = self._tree_factory()
        tools = [r for r in reversed(self.records) if isinstance(r, ToolResult)]
        hits: list[Record] = [t for t in tools if t.call_id == query]
        if not hits:
            rel = self._relative(tree, query)
            hits = [t for t in tools if rel is not None and rel in t.paths and t.kind != RECALL_KIND]
        if not hits:
            needle = query.casefold()
            archived = {r.seq for r in self.archive}
            pool = [
                r
                for r in reversed(self.records)
                if (isinstance(r, ToolResult) and r.kind != RECALL_KIND)
                or (isinstance(r, Message) and r.seq in archived)
            ]
            hits = [r for r in pool if needle in _searchable(r).casefold()]
        if not hits:
            return Recall((), f"Nothing in this session matches {query!r}.\n")
        return Recall(tuple(hits[:RECALL_MAX_HITS]), self._recall_text(hits, _Blobs(tree)))

    def _recall_text(self, hits: Sequence[Record], now: _Blobs) -> str:
        chunks: list[str] = []
        budget = RECALL_MAX_BYTES
        for r in hits[:RECALL_MAX_HITS]:
            notes = ""
            if isinstance(r, ToolResult):
                for f in r.files:
                    if (current := now(f.path)) != f.blob_id:
                        state = "changed" if current is not None else "was deleted or became unreadable"
                        notes += (
                            f"Note: {f.path} {state} since {r.call_id}; what follows is the "
                            "result as it was then.\n"
                        )
                head = f"{r.call_id}: {_describe(r)} ({r.size:,} bytes, {r.time})\n"
                body = "".join(x if x.endswith("\n") else x + "\n" for x in (r.content, r.output) if x)
            else:
                head, body = f"{_ref(r)}: user message ({r.time})\n", _searchable(r)
            data = body.encode("utf-8")
            if len(data) > budget:
                body = (
                    data[:budget].decode("utf-8", "ignore") + f"\n… ({len(data) - budget:,} more bytes cut)\n"
                )
            budget = max(0, budget - len(data))
            chunks.append(notes + head + body + ("" if body.endswith("\n") else "\n"))
        if len(hits) > RECALL_MAX_HITS:
            rest = [_ref(r) for r in hits[RECALL_MAX_HITS:]]
            chunks.append(f"({len(rest)} older matches: {', '.join(rest)})\n")
        return "\n".join(chunks)


def _ref(r: Record) -> str:
    """How the session names a record to the agent: a call id, m3, c1, or s7 for a capture."""
    if isinstance(r, ToolResult):
        return r.call_id
    return r.id if isinstance(r, (Message, Compaction)) else f"s{r.seq}"


def _searchable(r: Record) -> str:
    if isinstance(r, ToolResult):
        return "\n".join([r.content, r.output, r.command or ""])
    return r.text if isinstance(r, Message) else ""
