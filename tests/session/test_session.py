"""Sessions over a real git checkout: staleness, evidence already collected, compaction, recall."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from boundedcode.api import retrieve
from boundedcode.errors import UsageError
from boundedcode.session import INDEX_MIN_BYTES, Compaction, Message, Session

from ..conftest import git
from .conftest import POST, Clock

ALREADY = "already read in this conversation, unchanged: "


def open_session(path: str, repo: Path, **kw) -> Session:
    return Session(path, str(repo), clock=Clock(), **kw)


def test_a_branch_switch_is_noted_once_with_the_files_it_changed(repo, session_path):
    git(repo, "checkout", "-q", "-b", "feature")
    (repo / "ledger/post.py").write_text(POST.replace("accounts", "books"))
    git(repo, "commit", "-qam", "books")
    feature = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "main")
    main = git(repo, "rev-parse", "HEAD")
    with open_session(session_path, repo) as s:
        assert s.user_message("KeyError in Ledger.post").notes == ()
        s.read(["ledger/post.py", "ledger/report.py"])
        git(repo, "checkout", "-q", "feature")
        turn = s.user_message("does it still fail?")
        assert turn.notes == (
            f"The checkout moved since the previous message: branch main → feature, "
            f"commit {main[:7]} → {feature[:7]}.",
            "Changed since this conversation last read or wrote it: ledger/post.py.",
        )
        assert turn.text.startswith("Note: The checkout moved")
        assert s.user_message("and now?").notes == ()
        message = s.records[-1]
        assert isinstance(message, Message)
        assert (message.branch, message.commit) == ("feature", feature)


def test_an_external_edit_is_reported_once(repo, session_path):
    with open_session(session_path, repo) as s:
        s.record_tool_result("call_1", "read", "ledger/post.py", content=POST)
        s.user_message("KeyError in Ledger.post")
        (repo / "ledger/post.py").write_text(POST + "# touched by the user\n")
        assert s.user_message("I changed something").notes == (
            "Changed since this conversation last read or wrote it: ledger/post.py.",
        )
        assert s.user_message("anything else?").notes == ()
        (repo / "ledger/post.py").unlink()
        assert s.user_message("and now?").notes == (
            "Deleted or unreadable since this conversation last read or wrote it: ledger/post.py.",
        )


def test_the_agents_own_write_is_not_news_but_its_formatter_run_is(repo, session_path):
    evidence_seen: list[list[str]] = []

    def spy(message, repo, **kw):
        evidence_seen.append(list(kw["evidence"]))
        return retrieve(message, repo, **kw)

    path = repo / "ledger/post.py"
    with open_session(session_path, repo, retriever=spy) as s:
        s.user_message("add a total to Ledger")
        written = POST + "    def total(self):  return sum( self.accounts.values() )\n"
        path.write_text(written)  # the agent's write tool, then its record
        s.record_tool_result("call_1", "write", "ledger/post.py", content=written)
        assert s.user_message("looks right?").notes == ()
        formatter = (
            "import sys; p = sys.argv[1]; open(p, 'w').write(open(p).read().replace('  return', ' return'))"
        )
        subprocess.run([sys.executable, "-c", formatter, str(path)], check=True)
        s.record_tool_result(
            "call_2", "command", command="black ledger", output="reformatted ledger/post.py\n"
        )
        assert s.user_message("formatted?").notes == (
            "Changed since this conversation last read or wrote it: ledger/post.py.",
        )
        assert s.user_message("ok").notes == ()
    assert evidence_seen == [[], [], ["reformatted ledger/post.py\n"], []]


def test_the_previous_turns_command_output_locates_a_stack_frame(repo, session_path):
    trace = (
        'Traceback (most recent call last):\n  File "ledger/report.py", line 5, in report\n'
        "    return ledger.post(None)\n"
        "AttributeError: 'NoneType' object has no attribute 'account'\n"
    )
    with open_session(session_path, repo) as s:
        s.user_message("the report crashes")
        s.record_tool_result("call_1", "command", command="pytest", output=trace)
        turn = s.user_message("still failing, see above")
        assert "ledger/report.py:5" in turn.block


def test_files_already_read_unchanged_are_named_on_one_line(repo, session_path):
    with open_session(session_path, repo) as s:
        first = s.user_message("KeyError in Ledger.post")
        assert "- ledger/post.py:2" in first.block
        s.read(["ledger/post.py"])
        again = s.user_message("KeyError in Ledger.post, still")
        assert again.already_read == ("ledger/post.py",)
        assert f"- {ALREADY}ledger/post.py" in again.block
        assert "- ledger/post.py:" not in again.block
        (repo / "ledger/post.py").write_text(POST + "\n")
        changed = s.user_message("KeyError in Ledger.post, after my edit")
        assert changed.already_read == () and "- ledger/post.py:2" in changed.block
        s.read(["ledger/post.py"])
        s.record_tool_result("call_9", "edit", "ledger/post.py")  # an edit shows only a part
        assert s.user_message("KeyError in Ledger.post").already_read == ()


def test_a_resumed_session_notes_what_moved_while_it_was_closed(repo, session_path):
    with open_session(session_path, repo) as s:
        s.user_message("KeyError in Ledger.post")
        s.read(["ledger/post.py", "ledger/report.py"])
    before = git(repo, "rev-parse", "HEAD")
    (repo / "ledger/post.py").write_text(POST.replace("accounts", "books"))
    git(repo, "commit", "-qam", "books")
    after = git(repo, "rev-parse", "HEAD")
    with open_session(session_path, repo) as s:
        assert len(s.records) == 2
        turn = s.user_message("report() calls Ledger.post")
        assert turn.notes == (
            f"The checkout moved since the previous message, before this session was resumed: "
            f"commit {before[:7]} → {after[:7]}.",
            "Changed since this conversation last read or wrote it: ledger/post.py.",
        )
        assert turn.already_read == ("ledger/report.py",)  # post.py changed: listed again
        assert "- ledger/post.py:" in turn.block
        assert s.user_message("again").notes == ()
    with open_session(session_path, repo) as s:
        assert s.user_message("and after one more restart?").notes == ()


def test_compaction_sets_results_aside_and_recall_brings_them_back(repo, session_path):
    big = "".join(f"def helper_{i}(x):\n    return x + {i}\n" for i in range(60))
    (repo / "ledger/big.py").write_text(big)
    assert len(big) >= INDEX_MIN_BYTES
    with open_session(session_path, repo) as s:
        s.user_message("KeyError in Ledger.post")
        s.record_tool_result("call_1", "read", "ledger/big.py", content=big)
        s.record_tool_result(
            "call_2",
            "command",
            command="pytest -x",
            output="FAILED tests/test_post.py::test_zero - KeyError: 'cash'\n",
        )
        s.user_message("what about the helpers?")
        s.read(["ledger/report.py"])
        s.user_message("now the report")

        summary = s.compact("We traced the KeyError to Ledger.post.", keep_last=1)
        assert summary == (
            "We traced the KeyError to Ledger.post.\n\n"
            "Set aside by this summary (recall brings any of them back by call id, path or text):\n"
            f"call_1: read ledger/big.py ({len(big):,} bytes)\n"
            "(2 smaller tool results too)"
        )
        assert [type(r).__name__ for r in s.history] == ["Compaction", "Message"]
        assert len(s.archive) == 5

        for query in ("call_1", "ledger/big.py", "HELPER_59"):
            recalled = s.recall(query)
            assert recalled.text.startswith(f"call_1: read ledger/big.py ({len(big):,} bytes")
            assert big in recalled.text
        assert "KeyError: 'cash'" in s.recall("test_zero").text
        assert s.recall("what about the").text.startswith("m2: user message")
        assert s.recall("no such thing").hits == ()

        (repo / "ledger/big.py").write_text(big + "# changed\n")
        changed = s.recall("call_1").text
        assert changed.startswith(
            "Note: ledger/big.py changed since call_1; what follows is the result as it was then.\n"
        )
        assert changed.index("Note:") < changed.index(big)

    with open_session(session_path, repo) as s:
        assert [type(r).__name__ for r in s.history] == ["Compaction", "Message"]
        assert len(s.archive) == 5
        assert s.recall("ledger/big.py").text == changed
        # A later summary replacing the first still indexes what the first set aside.
        assert "call_1: read ledger/big.py" in s.compact("All of it.", keep_last=0)
        assert isinstance(s.history[0], Compaction) and len(s.history) == 1


def test_reads_are_confined_by_the_read_policy(repo, session_path, tmp_path):
    (tmp_path / "outside.txt").write_text("not yours\n")
    with open_session(session_path, repo) as s:
        assert s.read([".env"]).content == "==> .env <==\nrefused: secret path\n"
        assert s.read(["../outside.txt"]).content == "==> ../outside.txt <==\nrefused: outside the checkout\n"
        outside = str(tmp_path / "outside.txt")
        assert s.read([outside]).content == f"==> {outside} <==\nrefused: outside the checkout\n"
        both = s.read([str(repo / "ledger/post.py"), "missing.py"])
        assert both.kind == "read_many" and both.paths == ("ledger/post.py",)
        numbered = "".join(f"{n:>6}\t{line}\n" for n, line in enumerate(POST.splitlines(), 1))
        total = len(POST.splitlines())
        assert both.content.startswith(
            f"==> ledger/post.py (lines 1-{total} of {total}) <==\n{numbered}==> missing.py <==\nrefused: "
        )
        assert [r.call_id for r in s.records] == ["call_1", "call_2", "call_3", "call_4"]


def test_a_call_id_is_recorded_once(repo, session_path):
    with open_session(session_path, repo) as s:
        s.record_tool_result("call_1", "read", "README.md", content="A ledger.\n")
        with pytest.raises(UsageError, match="already recorded"):
            s.record_tool_result("call_1", "read", "README.md")
        assert s.read(["README.md"]).call_id == "call_2"


def test_a_memory_session_writes_no_file(repo, tmp_path):
    s = Session(None, str(repo), clock=Clock())
    s.user_message("KeyError in Ledger.post")
    s.record_capture({"kind": "source.context", "status": "complete_configured_source_context"})
    assert [type(r).__name__ for r in s.records] == ["Message", "Capture"]
    assert list(tmp_path.glob("*.jsonl")) == []
