"""The one tool table: schemas, argument checks, CLI help, and which tools a server offers."""

from __future__ import annotations

import argparse
import json

import pytest

from boundedcode.errors import UsageError
from boundedcode.mcp.command import add_arguments, run
from boundedcode.mcp.server import BcodeServer, Reply, repair_line
from boundedcode.mcp.tools import TOOLS, ToolInputError, check_arguments, input_schema
from boundedcode.session import Capture, Session
from boundedcode.source_context import STATUS_COMPLETE, load_profile

from ..conftest import make_git_repo
from ..source_context.conftest import commit, profile_text

SPECS = {t.name: t for t in TOOLS}


def test_schemas_come_from_the_table():
    assert input_schema(SPECS["retrieve"]) == {
        "type": "object",
        "properties": {
            "message": {"type": "string", "description": "the user's message, as written"},
            "evidence": {
                "type": "array",
                "items": {"type": "string"},
                "description": SPECS["retrieve"].params[1].description,
            },
        },
        "required": ["message"],
        "additionalProperties": False,
    }


@pytest.mark.parametrize(
    "args, error",
    [
        ({}, "missing argument 'message'"),
        ({"message": 3}, "'message' must be a string"),
        ({"message": "x", "evidence": "log"}, "'evidence' must be a list of strings"),
        ({"message": "x", "verbose": True}, "unknown argument(s) verbose"),
    ],
)
def test_arguments_are_checked(args, error):
    with pytest.raises(ToolInputError, match=error.replace("(", r"\(").replace(")", r"\)")):
        check_arguments(SPECS["retrieve"], args)


def test_the_help_lists_every_tool_from_the_same_table():
    parser = argparse.ArgumentParser(prog="bcode mcp")
    add_arguments(parser)
    text = parser.format_help()
    for spec in TOOLS:
        assert f"  {spec.name}(" in text
    assert "  retrieve(message, [evidence])\n" in text
    assert "  project_query(text, [path_prefix])  (with --profile)\n" in text


def test_the_server_offers_what_it_can_answer(tmp_path):
    repo = make_git_repo(
        tmp_path / "r",
        {
            "ledger.py": "class Ledger:\n    def post(self):\n        pass\n",
            "report.py": "from ledger import Ledger\nLedger().post()\n",
        },
    )
    with Session(None, str(repo)) as s:
        server = BcodeServer(s)
        assert [t.name for t in server.tools] == [
            "retrieve",
            "read",
            "read_many",
            "recall",
            "find_symbol",
            "find_references",
            "find_implementations",
            "retry_pack",
        ]  # project_query needs a profile
        reply = server.call("find_symbol", {"name": "Ledger"})
        assert not reply.is_error and json.loads(reply.text) == reply.structured
        locations = reply.structured["locations"]
        assert [(loc["path"], loc["line"]) for loc in locations] == [("ledger.py", 1)]
        refs = server.call("find_references", {"name": "post", "path": "report.py", "line": 2}).structured
        assert ("report.py", 2) in [(loc["path"], loc["line"]) for loc in refs["locations"]]
        assert server.call("find_references", {"name": "post", "line": 0}) == Reply(
            "find_references: 'line' must be a positive integer", True
        )
        assert server.call("find_symbol", {"name": "not a name"}).is_error
        assert server.call("nope", {}) == Reply("unknown tool 'nope'", True)
        assert server.call("read", {"path": "ledger.py", "extra": 1}) == Reply(
            "read: unknown argument(s) extra", True
        )
        assert server.call("read", {"path": "ledger.py", "item": 1}).is_error
        assert server.call("read", ["ledger.py"]) == Reply("read: the arguments must be an object", True)


def test_project_query_is_offered_with_a_profile_and_kept_in_the_session(tmp_path):
    repo = tmp_path / "proj"
    sha = commit(repo, {"src/npc.cpp": "int NPC_CANNON = 23487;\n"})
    profile_path = tmp_path / "profile.toml"
    profile_path.write_text(profile_text(repo, sha, {"extensions": [".cpp"]}))
    with Session(None, str(repo)) as s:
        server = BcodeServer(s, profile=load_profile(profile_path))
        reply = server.call("project_query", {"text": "23487"})
        assert not reply.is_error
        assert json.loads(reply.text)["status"] == STATUS_COMPLETE
        capture, result = s.records[-2:]
        assert isinstance(capture, Capture) and capture.payload == json.loads(reply.text)
        assert reply.more == (f"[{result.call_id}]\n",)
        assert json.loads(result.content) == capture.payload  # what recall brings back by that id


def test_command_mistakes_are_user_errors(tmp_path):
    parser = argparse.ArgumentParser()
    add_arguments(parser)
    for argv, message in [
        (["--repo", str(tmp_path / "missing")], "not a directory"),
        (["--repo", str(tmp_path), "--context", str(tmp_path)], "--context goes with --profile"),
    ]:
        with pytest.raises(UsageError, match=message):
            run(parser.parse_args(argv))


def test_a_line_with_a_lone_surrogate_is_repaired_and_any_other_left_alone():
    good = '{"jsonrpc":"2.0","id":1,"method":"tools/call","params":{"name":"read","arguments":{"path":"\\ud83d\\ude00"}}}\n'
    assert repair_line(good) == good  # a surrogate pair is an emoji, valid as it is
    lone = '{"jsonrpc":"2.0","id":2,"method":"tools/call","params":{"name":"read","arguments":{"path":"a\\ud800"}}}\n'
    assert json.loads(repair_line(lone))["params"]["arguments"]["path"] == "a\\ud800"
    assert repair_line("not json \\ud800\n") == "not json \\ud800\n"
    deep = '{"params":{"path":"a\\ud800","x":' + "[" * 100_000 + "]" * 100_000 + "}}\n"
    assert repair_line(deep) == deep  # too deep to rebuild: left for the SDK to refuse


def test_every_failure_is_an_answer(tmp_path):
    repo = make_git_repo(tmp_path / "r", {"ledger.py": "class Ledger:\n    pass\n"})
    with Session(None, str(repo)) as s:
        server = BcodeServer(s)

        def broken(args):
            raise RuntimeError("a bug \udce9")

        server._handlers["recall"] = broken
        assert server.call("recall", {"query": "x"}) == Reply(
            "recall: internal error: RuntimeError: a bug \\xe9", True
        )
