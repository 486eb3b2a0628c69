"""A real child process appending records, killed with SIGKILL: nothing lost but the torn record."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time

from boundedcode.checkout import MemoryTree
from boundedcode.session import TORN_SUFFIX, Session, ToolResult

CHILD = """
import sys
from boundedcode.checkout import MemoryTree
from boundedcode.session import Session

session = Session(sys.argv[1], tree_factory=lambda: MemoryTree({}))
output = "x" * int(sys.argv[2])
n = 0
while True:
    session.record_tool_result(f"call_{n}", "command", output=output)
    n += 1
"""
#: Records this large take milliseconds to write, so a kill lands inside write() often.
RECORD_BYTES = 8 * 1024 * 1024
#: Complete records the child must have written before it is killed.
MIN_RECORDS = 2
ATTEMPTS = 8
DEADLINE_S = 60.0


def _kill_mid_write(path: str) -> None:
    """Start the child and SIGKILL it the moment the file ends inside a record."""
    child = subprocess.Popen([sys.executable, "-c", CHILD, path, str(RECORD_BYTES)])
    try:
        deadline = time.monotonic() + DEADLINE_S
        while time.monotonic() < deadline and child.poll() is None:
            try:
                with open(path, "rb") as f:
                    data_end = f.seek(0, os.SEEK_END)
                    f.seek(max(0, data_end - 1))
                    last = f.read(1)
            except FileNotFoundError:
                continue
            if data_end > MIN_RECORDS * RECORD_BYTES and last != b"\n":
                break
    finally:
        child.send_signal(signal.SIGKILL)
        child.wait()
    assert child.returncode == -signal.SIGKILL


def test_a_process_killed_mid_append_loses_only_the_torn_record(tmp_path):
    torn_seen = 0
    for attempt in range(ATTEMPTS):
        path = str(tmp_path / f"session-{attempt}.jsonl")
        _kill_mid_write(path)
        with open(path, "rb") as f:
            written = f.read()
        complete = written.count(b"\n")
        with Session(path, tree_factory=lambda: MemoryTree({})) as s:
            calls = [r.call_id for r in s.records if isinstance(r, ToolResult)]
            assert calls == [f"call_{n}" for n in range(complete)]  # nothing lost before the tear
            assert all(len(r.output) == RECORD_BYTES for r in s.records)
            if written.endswith(b"\n"):
                assert s.load_notes == ()  # the kill came between two records
                continue
            torn_seen += 1
            offset = written.rindex(b"\n") + 1
            assert s.load_notes == (
                f"session file: the last record was cut off mid-write "
                f"({len(written) - offset:,} bytes at offset {offset:,}); "
                f"it was set aside in {path}{TORN_SUFFIX}",
            )
            with open(path + TORN_SUFFIX) as f:
                entry = json.loads(f.read())
            assert entry["offset"] == offset and entry["length"] == len(written) - offset
            assert entry["text"].encode("utf-8", "surrogateescape") == written[offset:]
            assert entry["text"].startswith(f'{{"v":1,"seq":{complete},')
            s.record_tool_result("after", "command", output="appended after the repair\n")
        with Session(path, tree_factory=lambda: MemoryTree({})) as s:
            assert s.load_notes == () and s.records[-1].call_id == "after"
        if torn_seen:
            break
    assert torn_seen, f"no kill landed inside a write in {ATTEMPTS} attempts"
