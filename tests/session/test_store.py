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


def test_a_line_nested_past_the_decoders_stack_is_a_bad_line_too(session_path):
    two_records(session_path)
    with open(session_path) as f:
        lines = f.read().splitlines(keepends=True)
    deep = '{"v":1,"x":' + "[" * 100_000 + "]" * 100_000 + "}\n"
    with open(session_path, "w") as f:
        f.write(lines[0] + deep + lines[1])
    with pytest.raises(SessionError, match=r"session.jsonl:2: not a session record \(invalid JSON\)"):
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


FULL_DISK_CHILD = """
import json, os, resource, signal, sys
from boundedcode.checkout import MemoryTree
from boundedcode.session import Session, SessionError

path = sys.argv[1]
signal.signal(signal.SIGXFSZ, signal.SIG_IGN)  # EFBIG instead of a signal past the size limit
soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
out = {}
with Session(path, tree_factory=lambda: MemoryTree({"a.py": "x = 1\\n"})) as s:
    s.record_tool_result("call_1", "command", output="first\\n")
    size = os.path.getsize(path)
    # Room for part of the next record only: a short write, then EFBIG, as on a full disk.
    resource.setrlimit(resource.RLIMIT_FSIZE, (size + 40, hard))
    try:
        s.record_tool_result("call_2", "command", output="x" * 500)
    except SessionError as exc:
        out["error"] = str(exc)
    out["size_after_failure"] = os.path.getsize(path)
    out["size_before"] = size
    resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))
    s.record_tool_result("call_3", "command", output="third\\n")
with Session(path, tree_factory=lambda: MemoryTree({})) as s:
    out["reloaded"] = [r.call_id for r in s.records]
    out["notes"] = list(s.load_notes)
print(json.dumps(out))
"""


def test_a_write_cut_short_by_a_full_disk_changes_nothing_and_the_next_append_survives(session_path):
    import subprocess
    import sys

    proc = subprocess.run(
        [sys.executable, "-c", FULL_DISK_CHILD, session_path], capture_output=True, text=True, timeout=120
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    out = json.loads(proc.stdout)
    assert "the record was not written" in out["error"] and "the file is unchanged" in out["error"]
    assert out["size_after_failure"] == out["size_before"]
    assert out["reloaded"] == ["call_1", "call_3"] and out["notes"] == []


def _rewrite(path: str, index: int, change) -> None:
    with open(path) as f:
        lines = [json.loads(line) for line in f]
    change(lines[index])
    with open(path, "w") as f:
        f.writelines(json.dumps(line) + "\n" for line in lines)


@pytest.mark.parametrize(
    "change,message",
    [
        (
            lambda r: r.update(content=["a", "list"]),
            r"session.jsonl:1: malformed tool record \('content' must be str",
        ),
        (lambda r: r.update(files="a.py"), r"malformed tool record \('files' must be list"),
        (lambda r: r.update(files=[["a.py"]]), r"malformed tool record \('files' must be a list of objects"),
        (lambda r: r.update(seq="0"), r"malformed tool record \('seq' must be int"),
        (lambda r: r.pop("call_id"), r"malformed tool record \(no 'call_id'\)"),
    ],
)
def test_a_valid_json_record_of_the_wrong_shape_is_one_clear_error(session_path, change, message):
    two_records(session_path)
    _rewrite(session_path, 0, change)
    with pytest.raises(SessionError, match=message):
        memory_session(session_path)


def test_a_compaction_naming_an_unknown_record_is_one_clear_error(session_path):
    with memory_session(session_path) as s:
        s.user_message("first")
        s.compact("summary", keep_last=0)
    _rewrite(session_path, 1, lambda r: r.update(replaced=[0, 99]))
    with pytest.raises(SessionError, match="compaction c1 replaces record 99, which is not before it"):
        memory_session(session_path)
