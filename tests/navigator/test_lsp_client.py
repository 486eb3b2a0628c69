"""The LSP client against a fake server speaking the real framing: the protocol's edge cases."""

from __future__ import annotations

import io
import sys
import threading
import time
from pathlib import Path

import pytest

from boundedcode.navigator import LookupTimeout, ServerDown, ServerFailed
from boundedcode.navigator.base import ProtocolError
from boundedcode.navigator.lsp import LspClient, frame, path_to_uri, uri_to_path

FAKE = str(Path(__file__).with_name("fake_lsp_server.py"))
#: Generous for a request that must succeed on a loaded CI machine.
OK_TIMEOUT = 10.0


def start(tmp_path, *flags: str) -> LspClient:
    client = LspClient([sys.executable, FAKE, *flags], str(tmp_path))
    client.initialize(str(tmp_path), OK_TIMEOUT)
    return client


def test_handshake_and_answers(tmp_path):
    client = start(tmp_path)
    try:
        assert client.capabilities["workspaceSymbolProvider"] is True
        symbols = client.request("workspace/symbol", {"query": "Ledger"}, OK_TIMEOUT)
        assert symbols[0]["name"] == "Ledger"
        assert uri_to_path(symbols[0]["location"]["uri"]) == f"{tmp_path}/pkg/ledger.py"
    finally:
        client.close()
    assert client.down() is not None


def test_split_frames_interleaved_notifications_and_server_requests(tmp_path):
    client = start(tmp_path, "--split", "--chatty")
    try:
        position = {
            "textDocument": {"uri": path_to_uri(f"{tmp_path}/a.py")},
            "position": {"line": 3, "character": 4},
        }
        assert (
            client.request("textDocument/definition", position, OK_TIMEOUT)[0]["range"]["start"]
            == position["position"]
        )
        # The server asked for its configuration before each answer (initialize, definition);
        # the client answered each, in order, before its next request.
        assert client.request("test/config", {}, OK_TIMEOUT) == [[None], [None]]
    finally:
        client.close()


def test_answers_out_of_order_reach_their_requests(tmp_path):
    client = start(tmp_path, "--reverse")
    results: dict[str, object] = {}

    def ask(label: str, line: int) -> None:
        params = {"textDocument": {"uri": "file:///x.py"}, "position": {"line": line, "character": 0}}
        results[label] = client.request("textDocument/definition", params, OK_TIMEOUT)[0]["range"]["start"][
            "line"
        ]

    try:
        first = threading.Thread(target=ask, args=("first", 1))
        first.start()
        time.sleep(0.2)
        ask("second", 2)
        first.join(OK_TIMEOUT)
        assert results == {"first": 1, "second": 2}
    finally:
        client.close()


def test_a_crash_fails_the_pending_request_at_once(tmp_path):
    client = start(tmp_path, "--crash-on", "workspace/symbol")
    began = time.monotonic()
    with pytest.raises(ServerDown):
        client.request("workspace/symbol", {"query": "x"}, OK_TIMEOUT)
    assert time.monotonic() - began < OK_TIMEOUT / 2  # detected, not timed out
    assert client.down() is not None
    with pytest.raises(ServerDown):
        client.request("workspace/symbol", {"query": "x"}, OK_TIMEOUT)
    client.close()


def test_a_server_that_stops_reading_leaves_no_pipe_open(tmp_path):
    deaf = "import os, time; os.close(0); time.sleep(30)"
    client = LspClient([sys.executable, "-c", deaf], str(tmp_path))
    while client.down() is None:  # each write goes to a pipe no one reads: the writer stops on it
        client.notify("workspace/didChangeConfiguration", {"settings": "x" * 65536})
        time.sleep(0.01)
    assert client.down() == "closed its input"
    client.close()
    # An open pipe left for the collector fails a later, unrelated test with a ResourceWarning.
    assert client._proc.stdin.closed and client._proc.stdout.closed


def test_a_slow_answer_times_out_and_the_late_answer_is_dropped(tmp_path):
    client = start(tmp_path, "--slow", "workspace/symbol=0.6")
    try:
        with pytest.raises(LookupTimeout):
            client.request("workspace/symbol", {"query": "x"}, 0.1)
        time.sleep(0.7)  # the late answer arrives now and must not be taken for the next one
        position = {"textDocument": {"uri": "file:///x.py"}, "position": {"line": 7, "character": 0}}
        assert (
            client.request("textDocument/definition", position, OK_TIMEOUT)[0]["range"]["start"]["line"] == 7
        )
        assert client.down() is None
    finally:
        client.close()


def test_broken_framing_marks_the_server_down(tmp_path):
    client = start(tmp_path, "--garbage-on", "workspace/symbol")
    with pytest.raises(ServerDown):
        client.request("workspace/symbol", {"query": "x"}, OK_TIMEOUT)
    assert "Content-Length" in (client.down() or "")
    client.close()


def test_an_error_answer_is_a_failure_not_a_dead_server(tmp_path):
    client = start(tmp_path)
    try:
        with pytest.raises(ServerFailed):
            client.request("textDocument/implementation", {}, OK_TIMEOUT)
        assert client.down() is None
    finally:
        client.close()


def test_a_missing_program_cannot_start(tmp_path):
    with pytest.raises(OSError):
        LspClient([str(tmp_path / "no-such-server")], str(tmp_path))


@pytest.mark.parametrize(
    "raw, error",
    [
        (b"Content-Length: 5\r\n\r\n[1,2]", "not a JSON object"),
        (b"Content-Length: 4\r\n\r\n{x}]", "not JSON"),
        (b"Content-Length: 999999999999\r\n\r\n", "out of range"),
        (b"no colon here\r\n\r\n", "malformed header"),
    ],
)
def test_frame_reader_rejects_broken_frames(raw, error):
    with pytest.raises(ProtocolError, match=error):
        LspClient._read_frame(io.BytesIO(raw))


def test_frame_reader_reads_what_frame_writes():
    message = {"jsonrpc": "2.0", "id": 1, "result": {"text": "naïve ✓"}}
    stream = io.BytesIO(b"\r\n" + frame(message) + frame(message))
    assert LspClient._read_frame(stream) == message
    assert LspClient._read_frame(stream) == message
    assert LspClient._read_frame(stream) is None  # end of stream
    assert LspClient._read_frame(io.BytesIO(b"Content-Length: 10\r\n\r\n{}")) is None  # cut short
