"""Every MCP call is answered: arbitrary JSON arguments, over the real stdio transport.

The SDK's client cannot send a lone surrogate (it encodes its messages as
UTF-8), so this test speaks JSON-RPC itself: each request is one line of ASCII
JSON, surrogates spelled as JSON escapes, and the server must send a response
with that id (a result, a tool error or a protocol error) for every one.
"""

from __future__ import annotations

import json
import os
import select
import subprocess
import sys
from itertools import count
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boundedcode.mcp.tools import TOOLS

from ..conftest import make_git_repo

#: Starting the server, or one retrieval of a huge message on a busy machine, takes seconds.
ANSWER_TIMEOUT_S = 60.0
TOOL_NAMES = [t.name for t in TOOLS if t.when is None]
PARAM_NAMES = sorted({p.name for t in TOOLS for p in t.params})

SURROGATES = st.sampled_from(["\ud800", "\udbff", "\udc80", "\udce9", "\udfff"])
TEXT = st.one_of(
    st.text(st.one_of(st.characters(), SURROGATES), max_size=40),
    st.sampled_from(["ledger/post.py", "Ledger.post", "call_1", "../outside", ".env", "/etc/passwd", ""]),
    st.just("x" * 150_000),  # one huge word
    st.just("KeyError in Ledger.post " * 4_000),  # a huge message of a few words
)
JSON = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(-(2**40), 2**40)
    | st.floats(allow_nan=False, allow_infinity=False)
    | TEXT,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(TEXT, inner, max_size=3),
    max_leaves=6,
)
ARGUMENTS = st.one_of(
    st.dictionaries(st.one_of(st.sampled_from(PARAM_NAMES), TEXT), JSON, max_size=4),
    JSON,  # not even an object
)


class RawClient:
    """JSON-RPC over the server's standard input and output, one line a message."""

    def __init__(self, proc: subprocess.Popen):
        self.proc = proc
        self.ids = count(1)
        self.buffer = b""

    def send(self, message: dict[str, Any]) -> None:
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps(message).encode("ascii") + b"\n")  # surrogates as \\udXXX
        self.proc.stdin.flush()

    def _line(self, timeout: float) -> bytes | None:
        assert self.proc.stdout is not None
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.buffer:
            ready, _, _ = select.select([fd], [], [], timeout)
            if not ready:
                return None
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return None
            self.buffer += chunk
        line, _, self.buffer = self.buffer.partition(b"\n")
        return line

    def request(self, method: str, params: Any) -> dict[str, Any] | None:
        ident = next(self.ids)
        self.send({"jsonrpc": "2.0", "id": ident, "method": method, "params": params})
        while (line := self._line(ANSWER_TIMEOUT_S)) is not None:
            message = json.loads(line)
            if message.get("id") == ident:
                return message
        return None


@pytest.fixture(scope="module")
def client(tmp_path_factory):
    repo = make_git_repo(
        tmp_path_factory.mktemp("fuzz") / "repo",
        {
            "ledger/post.py": "class Ledger:\n    def post(self, entry):\n        return entry\n",
            ".env": "K=v\n",
        },
    )
    proc = subprocess.Popen(
        [sys.executable, "-m", "boundedcode", "mcp", "--repo", str(repo)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )
    raw = RawClient(proc)
    init = raw.request(
        "initialize",
        {"protocolVersion": "2025-06-18", "capabilities": {}, "clientInfo": {"name": "fuzz", "version": "1"}},
    )
    assert init is not None and "result" in init
    raw.send({"jsonrpc": "2.0", "method": "notifications/initialized"})
    yield raw
    proc.stdin.close()
    proc.wait(timeout=30)
    proc.stdout.close()  # the reader's pipe too: a leaked handle fails the run (warnings are errors)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(tool=st.sampled_from(TOOL_NAMES), arguments=ARGUMENTS)
def test_every_tool_call_is_answered(client, tool, arguments):
    answer = client.request("tools/call", {"name": tool, "arguments": arguments})
    assert answer is not None, f"no answer to {tool} within {ANSWER_TIMEOUT_S:g} s"
    assert "result" in answer or "error" in answer
    if "result" in answer:
        assert answer["result"]["content"][0]["type"] == "text"
    assert client.proc.poll() is None  # and the server is still there for the next call


def test_a_call_nested_past_the_decoders_stack_leaves_the_server_answering(client):
    # With a lone surrogate the line goes through the server's own repair first.
    deep = "[" * 100_000 + "]" * 100_000
    for query in ("\\ud800", "q"):
        line = (
            '{"jsonrpc":"2.0","id":"deep","method":"tools/call","params":{"name":"recall",'
            f'"arguments":{{"query":"{query}","x":{deep}}}}}}}\n'
        )
        client.proc.stdin.write(line.encode("ascii"))
        client.proc.stdin.flush()
        answer = client.request("tools/call", {"name": "recall", "arguments": {"query": "x"}})
        assert answer is not None and "result" in answer, query
        assert client.proc.poll() is None
