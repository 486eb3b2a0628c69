"""End to end: the SDK's own client drives `bcode mcp` over stdio in a child process."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import anyio
import jsonschema
from mcp import Client
from mcp.client.stdio import StdioServerParameters

from boundedcode.mcp.tools import ANSWER_SCHEMA
from boundedcode.session import Session, ToolResult
from boundedcode.source_context import load_profile, run_query

from ..conftest import make_git_repo
from ..source_context.conftest import commit, profile_text

POST = """\
class Ledger:
    def post(self, entry):
        return self.accounts[entry.account]
"""
BIG = "".join(f"def helper_{i}(x):\n    return x + {i}  # {'padding ' * 8}\n" for i in range(800))
TRACE = (
    "Traceback (most recent call last):\n"
    '  File "/srv/app/ledger/post.py", line 3, in post\n'
    "    return self.accounts[entry.account]\n"
    "KeyError: 'cash'\n"
)
#: Starting Python, importing the SDK and the first retrieval take a few seconds on a busy machine.
CALL_TIMEOUT_S = 60.0


def server_params(repo: Path, *extra: str) -> StdioServerParameters:
    return StdioServerParameters(
        command=sys.executable,
        args=["-m", "boundedcode.cli", "mcp", "--repo", str(repo), *extra],
        # The server runs the same boundedcode as this test, wherever that is imported from, and
        # keeps its compiled expressions where the tests' are (conftest).
        env={"PYTHONPATH": os.pathsep.join(sys.path), "BCODE_CACHE_DIR": os.environ["BCODE_CACHE_DIR"]},
    )


class Conversation:
    def __init__(self, client: Client):
        self.client = client

    async def __call__(self, tool: str, **arguments: object) -> tuple[str, bool]:
        result = await self.client.call_tool(tool, arguments)
        return result.content[0].text, bool(result.is_error)

    async def structured(self, tool: str, **arguments: object) -> Any:
        return (await self.client.call_tool(tool, arguments)).structured_content


async def _conversation(repo: Path, session_file: Path, outside: Path) -> dict[str, object]:
    seen: dict[str, object] = {}
    async with Client(
        server_params(repo, "--session", str(session_file)), read_timeout_seconds=CALL_TIMEOUT_S
    ) as c:
        call = Conversation(c)
        seen["tools"] = (await c.list_tools()).tools
        seen["first"] = await call("retrieve", message="KeyError in Ledger.post")
        seen["part"] = await call("read", path="ledger/post.py", start_line=2, end_line=3)
        seen["after_part"] = await call("retrieve", message="KeyError in Ledger.post, part read")
        seen["item"] = await call("read", item=1)
        seen["read"] = await call("read", path="ledger/post.py")
        seen["again"] = await call("retrieve", message="KeyError in Ledger.post, still")
        (repo / "ledger/post.py").write_text(POST + "# edited outside the conversation\n")
        seen["edited"] = await call("retrieve", message="KeyError in Ledger.post, after the edit")
        (repo / "ledger/post.py").write_text(POST)
        seen["reverted"] = await call("retrieve", message="KeyError in Ledger.post, after the revert")
        seen["big"] = await call("read", path="ledger/big.py")
        seen["secret"] = await call("read", path=".env")
        seen["outside"] = await call("read", path=str(outside))
        seen["escape"] = await call("read_many", paths=["../outside.txt", "ledger/post.py"])
        seen["recall"] = await call("recall", query="call_5")
        seen["bad"] = await call("read", paths=["x"])
        seen["empty"] = await call("retrieve", message="  ")
        seen["symbol"] = await call.structured("find_symbol", name="Ledger.post")
        seen["symbol_text"] = await call("find_symbol", name="Ledger::post")
        seen["pack"] = await call("retry_pack", output=TRACE)
        seen["coffee"] = await call("retrieve", message="`brew_coffee` pours too much")
        seen["coffee_read"] = await call("read", path="caf\\xe9.py")
    return seen


def test_an_mcp_client_session_over_stdio(tmp_path):
    repo = make_git_repo(
        tmp_path / "repo", {"ledger/post.py": POST, "ledger/big.py": BIG, ".env": "TOKEN=secret\n"}
    )
    with open(os.path.join(os.fsencode(repo), b"caf\xe9.py"), "w") as f:
        f.write("def brew_coffee(cups):\n    return cups * 2\n")
    outside = tmp_path / "outside.txt"
    outside.write_text("not in the checkout\n")
    session_file = tmp_path / "session.jsonl"

    seen = anyio.run(_conversation, repo, session_file, outside)

    tools = {t.name: t for t in seen["tools"]}
    assert list(tools) == [
        "retrieve",
        "read",
        "read_many",
        "recall",
        "find_symbol",
        "find_references",
        "find_implementations",
        "retry_pack",
    ]
    for tool in tools.values():
        assert tool.annotations.read_only_hint is True and tool.annotations.open_world_hint is False
    assert {n for n, t in tools.items() if t.output_schema} == {
        "find_symbol",
        "find_references",
        "find_implementations",
    }

    first, is_error = seen["first"]
    assert not is_error and "- ledger/post.py:2 (post)" in first and first.endswith("\n[call_1]\n")
    assert seen["part"] == (
        "==> ledger/post.py (lines 2-3 of 3) <==\n"
        "     2\t    def post(self, entry):\n"
        "     3\t        return self.accounts[entry.account]\n[call_2]\n",
        False,
    )
    after_part, _ = seen["after_part"]
    assert "already read" not in after_part  # a part shown is not the file read
    item, _ = seen["item"]
    assert item.startswith("==> ledger/post.py (lines 1-3 of 3) <==\n     1\tclass Ledger:\n")
    numbered = "".join(f"{n:>6}\t{line}\n" for n, line in enumerate(POST.splitlines(), 1))
    assert seen["read"] == (f"==> ledger/post.py (lines 1-3 of 3) <==\n{numbered}[call_5]\n", False)
    again, _ = seen["again"]
    assert "- already read in this conversation, unchanged: ledger/post.py" in again
    edited, _ = seen["edited"]
    assert edited.startswith("Note: Changed since this conversation last read or wrote it: ledger/post.py.\n")
    assert "- ledger/post.py:2 (post)" in edited
    # Edited, then reverted: the note says it changed, and the block never also calls it unchanged.
    reverted, _ = seen["reverted"]
    assert reverted.startswith("Note: Changed since this conversation last read or wrote it: ledger/post.py.")
    assert "unchanged: ledger/post.py" not in reverted and "- ledger/post.py:2 (post)" in reverted
    big, is_error = seen["big"]
    assert not is_error and len(big.encode()) < 33 * 1024
    assert "not shown: one call shows at most 32,768 bytes; read on with start_line=" in big
    assert seen["secret"] == ("==> .env <==\nrefused: secret path\n[call_10]\n", True)
    assert seen["outside"] == (f"==> {outside} <==\nrefused: outside the checkout\n[call_11]\n", True)
    escape, is_error = seen["escape"]
    assert not is_error and escape.startswith("==> ../outside.txt <==\nrefused: outside the checkout\n")
    recall, _ = seen["recall"]
    assert recall.startswith("call_5: read ledger/post.py") and recall.endswith("\n[call_13]\n")
    assert seen["bad"] == ("read: unknown argument(s) paths", True)
    empty, is_error = seen["empty"]
    assert is_error and empty.startswith("the message is empty")
    symbol = seen["symbol"]
    jsonschema.validate(symbol, ANSWER_SCHEMA)
    assert [(loc["path"], loc["line"]) for loc in symbol["locations"]] == [("ledger/post.py", 2)]
    assert symbol["call_id"] == "call_14" and symbol["name"] == "Ledger.post"
    text, is_error = seen["symbol_text"]
    assert not is_error and '"call_id":"call_15"' in text and '"path":"ledger/post.py","line":2' in text
    pack, _ = seen["pack"]
    assert pack.startswith("RELEVANT CODE (from the failure output") and "--- ledger/post.py:1-3: " in pack
    coffee, is_error = seen["coffee"]
    assert not is_error and "- caf\\xe9.py:1 (brew_coffee)" in coffee
    assert seen["coffee_read"][0].startswith("==> caf\\xe9.py (lines 1-2 of 2) <==\n     1\tdef brew_coffee")

    with Session(str(session_file), str(repo)) as s:  # the server closed it: it reloads cleanly
        assert s.load_notes == ()
        reads = [r for r in s.records if isinstance(r, ToolResult) and r.kind.startswith("read")]
        assert [(r.paths, r.files[0].lines if r.files else None) for r in reads[:3]] == [
            (("ledger/post.py",), (2, 3)),
            (("ledger/post.py",), None),
            (("ledger/post.py",), None),
        ]


async def _through_a_link(link: Path) -> tuple[str, bool]:
    async with Client(server_params(link), read_timeout_seconds=CALL_TIMEOUT_S) as c:
        result = await c.call_tool("read", {"path": str(link / "ledger" / "post.py")})
        return result.content[0].text, bool(result.is_error)


def test_a_checkout_given_through_a_symlink_takes_absolute_paths_spelled_through_it(tmp_path):
    repo = make_git_repo(tmp_path / "repo", {"ledger/post.py": POST})
    link = tmp_path / "link"
    link.symlink_to(repo)
    text, is_error = anyio.run(_through_a_link, link)
    assert not is_error and text.startswith("==> ledger/post.py (lines 1-3 of 3) <==\n")


def test_a_session_file_that_cannot_be_kept_is_one_line_and_status_2(tmp_path):
    repo = make_git_repo(tmp_path / "repo", {"ledger/post.py": POST})
    for session, message in [
        (tmp_path / "missing" / "s.jsonl", "does not exist"),
        (tmp_path, "a directory"),
    ]:
        proc = subprocess.run(
            [sys.executable, "-m", "boundedcode", "mcp", "--repo", str(repo), "--session", str(session)],
            capture_output=True,
            text=True,
            stdin=subprocess.DEVNULL,
            env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
        )
        assert proc.returncode == 2, proc.stderr
        assert message in proc.stderr and len(proc.stderr.strip().splitlines()) == 1


URL_FOR = {
    "web/app.py": "class Flask:\n    def url_for(self, endpoint):\n        return endpoint\n",
    "web/helpers.py": "from web.app import Flask\n\n\ndef url_for(endpoint):\n    return Flask().url_for(endpoint)\n",
    "web/blueprints.py": "class Blueprint:\n    def url_for(self, endpoint):\n        return endpoint\n",
}


async def _find_url_for(repo: Path, servers: str) -> Any:
    params = server_params(repo)
    params.env = {**(params.env or {}), "BCODE_LANGUAGE_SERVERS": servers, "PATH": os.environ.get("PATH", "")}
    async with Client(params, read_timeout_seconds=CALL_TIMEOUT_S) as c:
        return (await c.call_tool("find_symbol", {"name": "url_for"})).structured_content


def test_with_a_language_server_find_symbol_keeps_every_pattern_definition(tmp_path):
    from boundedcode.navigator.servers import find_binary

    if find_binary("jedi-language-server") is None:
        import pytest

        pytest.skip("jedi-language-server is not installed (pip install -e '.[dev]' installs it)")
    repo = make_git_repo(tmp_path / "repo", URL_FOR)
    alone = anyio.run(_find_url_for, repo, "")
    served = anyio.run(_find_url_for, repo, "jedi-language-server")
    places = {(loc["path"], loc["line"]) for loc in alone["locations"]}
    assert places == {("web/app.py", 2), ("web/helpers.py", 4), ("web/blueprints.py", 2)}
    assert places <= {(loc["path"], loc["line"]) for loc in served["locations"]}, served


async def _query_and_recall(repo: Path, profile: Path) -> tuple[Any, Any]:
    async with Client(
        server_params(repo, "--profile", str(profile)), read_timeout_seconds=CALL_TIMEOUT_S
    ) as c:
        await c.call_tool("retrieve", {"message": "NPC_CANNON is wrong"})  # call_1
        result = await c.call_tool("project_query", {"text": "23487"})
        recalled = await c.call_tool("recall", {"query": result.content[-1].text.strip("[]\n")})
        return result, recalled


def test_a_project_query_result_names_its_call_id_beside_its_document(tmp_path):
    repo = tmp_path / "proj"
    sha = commit(repo, {"src/npc.cpp": "int NPC_CANNON = 23487;\n"})
    profile = tmp_path / "profile.toml"
    profile.write_text(profile_text(repo, sha, {"extensions": [".cpp"]}))
    result, recalled = anyio.run(_query_and_recall, repo, profile)
    assert not result.is_error and [part.type for part in result.content] == ["text", "text"]
    # The document is the one the query gives, nothing added; the call id is the second part.
    document = json.loads(result.content[0].text)
    assert document == run_query({"kind": "source.context", "text": "23487"}, load_profile(profile))
    assert result.content[1].text == "[call_2]\n"
    text = recalled.content[0].text
    assert (
        text.startswith("call_2: project_query") and '"status": "complete_configured_source_context"' in text
    )
