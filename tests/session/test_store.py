"""The session file: torn tails set aside, formats migrated, one writer at a time."""

from __future__ import annotations

import json
import os

import pytest

from boundedcode.checkout import MemoryTree
from boundedcode.session import TORN_SUFFIX, Migration, Session, SessionError, ToolResult
from boundedcode.session import records

from .conftest import Clock


def memory_session(path: str, **kw) -> Session:
    return Session(path, tree_factory=lambda: MemoryTree({"a.py": "x = 1\n"}), clock=Clock(), **kw)


def two_records(path: str) -> int:
    with memory_session(path) as s:
        s.record_tool_result("call_1", "read", "a.py", content="x = 1\n")
        s.record_tool_result("call_2", "command", output="ok\n")
    return os.path.getsize(path)


def test_a_torn_tail_is_set_aside_reported_once_and_appends_continue_cleanly(session_path):
    clean = two_records(session_path)
    torn = '{"v":1,"seq":2,"time":"2024-01-01T00:00:00.000+00:00","kind":"tool","call_id":"ca'
    with open(session_path, "a") as f:
        f.write(torn)
    with memory_session(session_path) as s:
        assert [r.call_id for r in s.records if isinstance(r, ToolResult)] == ["call_1", "call_2"]
        note = (
            f"session file: the last record was cut off mid-write ({len(torn)} bytes at offset "
            f"{clean:,}); it was set aside in {session_path}{TORN_SUFFIX}"
        )
        assert s.load_notes == (note,)
        assert os.path.getsize(session_path) == clean
        turn = s.user_message("x")
        assert turn.notes == (note,)
        assert s.user_message("y").notes == ()
    with open(session_path + TORN_SUFFIX) as f:
        entries = [json.loads(line) for line in f]
    assert entries == [{"offset": clean, "length": len(torn), "text": torn}]
    with memory_session(session_path) as s:
        assert s.load_notes == () and len(s.records) == 4


def test_a_last_line_that_is_not_json_is_torn_too(session_path):
    clean = two_records(session_path)
    with open(session_path, "ab") as f:
        f.write(b"\x00\x00\x00\n")  # what a crash can leave where a filesystem extended the file
    with memory_session(session_path) as s:
        assert len(s.records) == 2 and "set aside" in s.load_notes[0]
    assert os.path.getsize(session_path) == clean


def test_a_bad_line_before_the_end_is_an_error_not_a_silent_drop(session_path):
    two_records(session_path)
    with open(session_path) as f:
        lines = f.read().splitlines(keepends=True)
    with open(session_path, "w") as f:
        f.write(lines[0] + "garbage\n" + lines[1])
    with pytest.raises(SessionError, match=r"session.jsonl:2: not a session record"):
        memory_session(session_path)


def test_a_newer_format_is_refused(session_path):
    with open(session_path, "w") as f:
        f.write(json.dumps({"v": records.FORMAT_VERSION + 1, "kind": "tool"}) + "\n")
    with pytest.raises(SessionError, match="newer than this bcode's"):
        memory_session(session_path)


def test_migrations_run_in_order_on_load(session_path, monkeypatch):
    two_records(session_path)
    monkeypatch.setattr(records, "FORMAT_VERSION", 3)
    steps = (
        Migration("tool-to-kind", 2, lambda r: {**r, "tool": r["tool"].upper()}),
        Migration("command-default", 3, lambda r: {**r, "command": r["command"] or "?"}),
    )
    with memory_session(session_path, migrations=steps) as s:
        assert s.migrations_applied == ("tool-to-kind", "command-default")
        assert [(r.kind, r.command) for r in s.records] == [("READ", "?"), ("COMMAND", "?")]
    with open(session_path) as f:  # append-only: loading never rewrites what is there
        assert [json.loads(line)["v"] for line in f] == [1, 1]
    with pytest.raises(SessionError, match="no migration from format version 1"):
        memory_session(session_path, migrations=steps[1:])


def test_one_writer_at_a_time(session_path):
    with memory_session(session_path):
        with pytest.raises(SessionError, match="in use by another process"):
            memory_session(session_path)
    memory_session(session_path).close()
