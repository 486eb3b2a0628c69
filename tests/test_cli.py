"""`bcode` as a user runs it: exit statuses, the repository root, revisions, output controls."""

import importlib
import json
import os
import subprocess
import sys

import pytest

from boundedcode import UsageError, __version__, retrieve
from boundedcode.api import EMPTY_MESSAGE
from boundedcode.cli import build_parser, main

from .conftest import EXAMPLE, git, make_git_repo
from .test_schema import validate

LEDGER = "class Ledger:\n    def post(self, entry):\n        return entry\n"


def run(*args, stdin=None, cwd=None, module="boundedcode"):
    return subprocess.run(
        [sys.executable, "-m", module, *args],
        capture_output=True,
        text=True,
        input=stdin,
        cwd=cwd,
        # The child imports the same boundedcode as this test, from any working directory.
        env={**os.environ, "PYTHONPATH": os.pathsep.join(sys.path)},
    )


def test_retrieve_prints_the_block(capsys):
    assert main(["retrieve", "--repo", str(EXAMPLE), "`reorder` returns too much"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("Likely relevant places, ranked (found by ")
    assert "- jobs/inventory/stock.py:19 (reorder): defines function reorder" in out


def test_message_from_standard_input_and_json():
    proc = run("retrieve", "--repo", str(EXAMPLE), "--json", stdin="`apply_discount` rounds wrong")
    assert proc.returncode == 0, proc.stderr
    data = json.loads(proc.stdout)
    validate(data)
    assert data["schema_version"] == 1
    assert data["items"][0]["path"] == "crates/pricing/src/lib.rs"
    assert len(data["items"][0]["blob_id"]) == 40
    assert {"anchors", "walk", "scan", "total"} <= set(data["timings_ms"])
    assert any(s["strategy"] == "symbols" and s["ran"] for s in data["strategies"])


def test_exit_status_is_0_for_places_1_for_none_2_for_an_error(tmp_path):
    assert run("retrieve", "--repo", str(EXAMPLE), "`reorder` returns too much").returncode == 0
    none = run("retrieve", "--repo", str(EXAMPLE), "zzqxv")
    assert none.returncode == 1 and none.stdout == "No places found in the repository for this message.\n"
    assert run("retrieve", "--repo", str(tmp_path / "missing"), "x").returncode == 2
    assert run("retrieve", "--repo", str(EXAMPLE), "--format", "jsonl", "zzqxv").stdout == ""


def test_user_mistakes_are_one_line_and_exit_2(tmp_path):
    message_file = tmp_path / "m.txt"
    message_file.write_text("KeyError in Ledger.post\n")
    repo = make_git_repo(tmp_path / "repo", {"ledger.py": LEDGER})
    plain = tmp_path / "plain"
    plain.mkdir()
    deep = make_git_repo(tmp_path / "deep", {"ledger.py": LEDGER})
    (deep / "bcode.yaml").write_text("direct: " + "[" * 10_000 + "]" * 10_000 + "\n")
    for args, message in [
        (["retrieve", "--repo", str(tmp_path / "missing"), "x"], "not a directory"),
        (["retrieve", "--repo", str(EXAMPLE), "   "], EMPTY_MESSAGE),
        (["retrieve", "--repo", str(EXAMPLE), "--evidence", str(tmp_path / "no.log"), "x"], "cannot read"),
        (
            ["retrieve", "--repo", str(EXAMPLE), "--config", str(tmp_path / "c.yaml"), "x"],
            "no such configuration file",
        ),
        (
            ["retrieve", "--repo", str(EXAMPLE), "--message-file", str(message_file), "Ledger"],
            "give MESSAGE or --message-file, not both",
        ),
        (["retrieve", "--repo", str(repo), "--commit", "", "post"], "the commit is empty"),
        (
            ["retrieve", "--repo", str(repo), "--commit", "no-such-branch", "post"],
            "no commit 'no-such-branch'",
        ),
        (["retrieve", "--repo", str(repo), "--commit=--all", "post"], "is not a revision"),
        (["retrieve", "--repo", str(plain), "--commit", "HEAD", "post"], "not a git repository"),
        (["retrieve", "--repo", str(deep), "post"], "bcode.yaml: nested deeper than 32 levels"),
        (
            ["retrieve", "--repo", str(EXAMPLE), "--budget", "40", "post"],
            "a block budget of 40 tokens is below the smallest block of 12 places (76 tokens",
        ),
    ]:
        proc = run(*args)
        assert proc.returncode == 2, (args, proc.stderr)
        assert message in proc.stderr and "Traceback" not in proc.stderr, (args, proc.stderr)
        assert len(proc.stderr.strip().splitlines()) == 1, proc.stderr
    for bad in (["--max-items", "0"], ["--budget", "x"], ["--format", "xml"]):
        proc = run("retrieve", "--repo", str(EXAMPLE), *bad, "post")
        assert proc.returncode == 2 and "Traceback" not in proc.stderr


def test_an_empty_message_is_one_rule_for_the_cli_and_the_api():
    with pytest.raises(UsageError, match="the message is empty"):
        retrieve(" \n\t", str(EXAMPLE))
    with pytest.raises(UsageError, match="the message is empty"):
        retrieve("", str(EXAMPLE), evidence=["FAILED tests/test_x.py::test_y"])


def test_version_and_python_dash_m():
    for module in ("boundedcode.cli", "boundedcode"):
        proc = run("--version", module=module)
        assert (proc.returncode, proc.stdout) == (0, f"bcode {__version__}\n")
    proc = run("retrieve", "--repo", str(EXAMPLE), "`reorder` returns too much", module="boundedcode")
    assert proc.returncode == 0 and "jobs/inventory/stock.py:19" in proc.stdout


def test_run_from_a_subdirectory_the_root_is_found_as_git_finds_it(tmp_path):
    repo = make_git_repo(tmp_path / "repo", {"ledger/post.py": LEDGER, "docs/notes/readme.md": "notes\n"})
    sub = repo / "docs" / "notes"
    proc = run("retrieve", "`Ledger.post` drops the entry", cwd=sub)
    assert proc.returncode == 0, proc.stderr
    assert "- ledger/post.py:2, 1 (post)" in proc.stdout  # relative to the root, found outside sub/
    # The root's bcode.yaml is the one read.
    (repo / "bcode.yaml").write_text("direct:\n  seed_pack: false\n")
    proc = run("retrieve", "`Ledger.post` drops the entry", cwd=sub)
    assert proc.returncode == 1 and "direct.seed_pack is false" in proc.stderr


def test_commit_takes_revisions_and_records_the_id_it_resolved_to(tmp_path):
    repo = make_git_repo(tmp_path / "repo", {"ledger.py": LEDGER.replace("post", "reconcile")})
    first = git(repo, "rev-parse", "HEAD")
    git(repo, "tag", "v1")
    (repo / "ledger.py").write_text(LEDGER.replace("post", "reconcile_all"))
    git(repo, "commit", "-qam", "rename")
    second = git(repo, "rev-parse", "HEAD")
    git(repo, "branch", "old", first)
    for rev, sha, symbol in [
        ("HEAD", second, "reconcile_all"),
        ("HEAD~1", first, "reconcile"),
        ("v1", first, "reconcile"),
        ("old", first, "reconcile"),
        (first[:10], first, "reconcile"),
        ("main", second, "reconcile_all"),
    ]:
        proc = run("retrieve", "--repo", str(repo), "--commit", rev, "--json", f"`{symbol}` loses the entry")
        assert proc.returncode == 0, (rev, proc.stderr)
        data = json.loads(proc.stdout)
        assert data["commit"] == sha, rev
        assert data["items"][0]["symbol"] == symbol, rev


def test_output_controls(tmp_path):
    message = "The account page shows the wrong amount: the Go `Ledger.Balance` field is in cents"
    full = json.loads(run("retrieve", "--repo", str(EXAMPLE), "--json", message).stdout)
    assert len(full["items"]) > 1
    one = json.loads(
        run("retrieve", "--repo", str(EXAMPLE), "--format", "json", "--max-items", "1", message).stdout
    )
    assert [i["path"] for i in one["items"]] == [full["items"][0]["path"]]
    small = json.loads(run("retrieve", "--repo", str(EXAMPLE), "--json", "--budget", "80", message).stdout)
    assert small["tokens"] <= 80 and small["truncated"] and "block_tokens" in small["bounds_reached"]
    lines = run("retrieve", "--repo", str(EXAMPLE), "--format", "jsonl", message).stdout.splitlines()
    assert [json.loads(ln)["path"] for ln in lines] == [i["path"] for i in full["items"]]
    for ln in lines:
        validate(json.loads(ln), "#/$defs/item")
    quiet = run("retrieve", "--repo", str(EXAMPLE), "--quiet", message)
    assert (quiet.returncode, quiet.stdout, quiet.stderr) == (0, "", "")
    assert run("retrieve", "--repo", str(EXAMPLE), "-q", "zzqxv").returncode == 1


def test_a_file_name_that_is_not_utf8_is_shown_escaped_not_a_crash(tmp_path):
    root = tmp_path / "repo"
    root.mkdir()
    name = os.fsdecode(b"caf\xe9.py")
    with open(os.path.join(os.fsencode(root), b"caf\xe9.py"), "w") as f:
        f.write("def brew_coffee(cups):\n    return cups\n")
    proc = run("retrieve", "--repo", str(root), "`brew_coffee` returns the wrong cups")
    assert proc.returncode == 0, proc.stderr
    assert "- caf\\xe9.py:1 (brew_coffee): defines function brew_coffee" in proc.stdout
    data = json.loads(run("retrieve", "--repo", str(root), "--json", "`brew_coffee` is off").stdout)
    validate(data)
    assert data["items"][0]["path"] == "caf\\xe9.py"
    # The Python API keeps the real name: open() takes it as it is.
    assert retrieve("`brew_coffee` is off", str(root)).items[0].path == name


def test_explain_shows_the_factors(capsys):
    assert main(["retrieve", "--repo", str(EXAMPLE), "--explain", "`reorder` is wrong"]) == 0
    out = capsys.readouterr().out
    assert "reliability 0.80 × specificity" in out and "symbols (1 name(s))" in out


def test_help_explains_the_command_and_completion_is_generated():
    proc = run("retrieve", "--help")
    assert proc.returncode == 0
    assert (
        "--evidence FILE" in proc.stdout and "standard input" in proc.stdout and "Exit status" in proc.stdout
    )
    bash = run("completion", "bash")
    assert bash.returncode == 0 and "retrieve" in bash.stdout and "--max-items" in bash.stdout
    assert run("completion", "zsh").stdout.startswith("#compdef bcode")


def test_the_help_and_the_tool_descriptions_state_the_budgets_figures():
    # Changed defaults, set before the CLI and the tool table are imported, show in both.
    code = (
        "import boundedcode.checkout.budgets as b\n"
        "b.DEFAULT_BUDGETS = b.Budgets(block_items=7, block_tokens=3456)\n"
        "from boundedcode.cli import build_parser\n"
        "from boundedcode.mcp.tools import TOOLS\n"
        "sub = build_parser()._subparsers._group_actions[0].choices\n"
        "print(sub['retrieve'].format_help())\n"
        "print('\\n'.join(t.description for t in TOOLS))\n"
    )
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(sys.path), "COLUMNS": "200"}
    out = subprocess.run(
        [sys.executable, "-c", code], capture_output=True, text=True, env=env, check=True
    ).stdout
    assert "at most 7\nitems" in out and "within a 3,456-token block" in out
    assert "(default 7)" in out and "(default 3456)" in out
    assert "at most 7 `path:line (symbol): reason` items within 3,456 tokens" in out
    assert "confined to the checkout, within 3,456 tokens" in out
    assert "12" not in out.replace("[call_12]", "") and "1,200" not in out


def test_no_places_reads_the_same_from_the_cli_and_a_session():
    from boundedcode.render import NO_PLACES
    from boundedcode.session import Session

    assert run("retrieve", "--repo", str(EXAMPLE), "zzqxv").stdout == NO_PLACES
    with Session(None, repo=str(EXAMPLE)) as session:
        assert session.user_message("zzqxv").text == NO_PLACES


def test_a_command_whose_module_fails_to_import_stays_in_help_and_says_why(monkeypatch, capsys):
    real = importlib.import_module

    def failing(name, *args):
        if name == "boundedcode.mcp.command":
            raise ImportError("No module named 'mcp'")
        return real(name, *args)

    monkeypatch.setattr(importlib, "import_module", failing)
    assert "mcp" in build_parser().format_help()
    assert main(["mcp", "--repo", "."]) == 2
    assert "the mcp command is not available: No module named 'mcp'" in capsys.readouterr().err


def test_retry_pack_exit_status_says_whether_a_window_was_shown(tmp_path):
    trace = tmp_path / "trace.log"
    trace.write_text(
        'Traceback (most recent call last):\n  File "/x/jobs/inventory/stock.py", line 22, in reorder\n'
    )
    shown = run("retry-pack", "--repo", str(EXAMPLE), "--evidence", str(trace))
    assert shown.returncode == 0 and "--- jobs/inventory/stock.py:18-26: stack frame" in shown.stdout
    (tmp_path / "none.log").write_text("all good\n")
    none = run("retry-pack", "--repo", str(EXAMPLE), "--evidence", str(tmp_path / "none.log"))
    assert none.returncode == 1 and none.stdout.startswith("No location in the failure output")


@pytest.mark.parametrize(
    ("argv", "collecting"), [(["retrieve", "x"], False), (["mcp"], True), (["bench", "speed"], True)]
)
def test_only_a_long_lived_command_runs_with_the_cyclic_collector(monkeypatch, argv, collecting):
    import gc

    from boundedcode import cli

    seen = []

    def exit_now(status):
        raise SystemExit(status)

    monkeypatch.setattr(cli, "main", lambda: seen.append(gc.isenabled()) or 0)
    monkeypatch.setattr(cli.os, "_exit", exit_now)
    monkeypatch.setattr(cli.atexit, "_run_exitfuncs", lambda: None)
    monkeypatch.setattr(sys, "argv", ["bcode", *argv])
    try:
        with pytest.raises(SystemExit):
            cli.run()
    finally:
        gc.enable()
    assert seen == [collecting]
