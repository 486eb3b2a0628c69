"""End to end: the SDK's own client drives `bcode mcp` over stdio in a child process."""

from __future__ import annotations

import os
import sys
from pathlib import Path

import anyio
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from boundedcode.session import Session, ToolResult

from ..conftest import make_git_repo

POST = """\
class Ledger:
    def post(self, entry):
        return self.accounts[entry.account]
"""
#: Starting Python, importing the SDK and the first retrieval take a few seconds on a busy machine.
CALL_TIMEOUT_S = 60.0


async def _conversation(repo: Path, session_file: Path, outside: Path) -> dict[str, object]:
    params = StdioServerParameters(
        command=sys.executable,
        args=["-m", "boundedcode.cli", "mcp", "--repo", str(repo), "--session", str(session_file)],
        # The server runs the same boundedcode as this test, wherever that is imported from.
        env={"PYTHONPATH": os.environ.get("PYTHONPATH", "")},
    )
    seen: dict[str, object] = {}
    async with Client(params, read_timeout_seconds=CALL_TIMEOUT_S) as client:
        seen["tools"] = [t.name for t in (await client.list_tools()).tools]

        async def call(tool: str, **arguments: object) -> tuple[str, bool]:
            result = await client.call_tool(tool, arguments)
            return result.content[0].text, bool(result.is_error)

        seen["first"] = await call("retrieve", message="KeyError in Ledger.post")
        seen["read"] = await call("read", path="ledger/post.py")
        seen["again"] = await call("retrieve", message="KeyError in Ledger.post, still")
        (repo / "ledger/post.py").write_text(POST + "# edited outside the conversation\n")
        seen["edited"] = await call("retrieve", message="KeyError in Ledger.post, after the edit")
        seen["secret"] = await call("read", path=".env")
        seen["outside"] = await call("read", path=str(outside))
        seen["escape"] = await call("read_many", paths=["../outside.txt", "ledger/post.py"])
        seen["recall"] = await call("recall", query="call_1")
        seen["bad"] = await call("read", paths=["x"])
        seen["symbol"] = await call("find_symbol", name="Ledger")
    return seen


def test_an_mcp_client_session_over_stdio(tmp_path):
    repo = make_git_repo(tmp_path / "repo", {"ledger/post.py": POST, ".env": "TOKEN=secret\n"})
    outside = tmp_path / "outside.txt"
    outside.write_text("not in the checkout\n")
    session_file = tmp_path / "session.jsonl"

    seen = anyio.run(_conversation, repo, session_file, outside)

    assert seen["tools"] == [
        "retrieve",
        "read",
        "read_many",
        "recall",
        "find_symbol",
        "find_references",
        "find_implementations",
    ]
    first, is_error = seen["first"]
    assert not is_error and "- ledger/post.py:2 (post)" in first
    assert seen["read"] == (POST, False)
    again, _ = seen["again"]
    assert "- already read in this conversation, unchanged: ledger/post.py" in again
    edited, _ = seen["edited"]
    assert edited.startswith("Note: Changed since this conversation last read or wrote it: ledger/post.py.\n")
    assert "- ledger/post.py:2 (post)" in edited
    assert seen["secret"] == ("refused: secret path\n", True)
    assert seen["outside"] == ("refused: outside the checkout\n", True)
    escape, is_error = seen["escape"]
    assert not is_error and escape.startswith("==> ../outside.txt <==\nrefused: outside the checkout\n")
    recall, _ = seen["recall"]
    assert recall.startswith("Note: ledger/post.py changed since call_1; ")
    assert recall.endswith(POST)
    assert seen["bad"] == ("read: unknown argument(s) paths", True)
    symbol, is_error = seen["symbol"]
    assert not is_error and '"path": "ledger/post.py"' in symbol

    with Session(str(session_file), str(repo)) as s:  # the server closed it: it reloads cleanly
        assert s.load_notes == ()
        reads = [r for r in s.records if isinstance(r, ToolResult)]
        assert [r.paths for r in reads] == [("ledger/post.py",), (), (), ("ledger/post.py",)]
