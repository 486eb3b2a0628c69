import json
import subprocess
import sys

from boundedcode.cli import main

from .conftest import EXAMPLE


def run(*args, stdin=None):
    return subprocess.run(
        [sys.executable, "-m", "boundedcode.cli", *args], capture_output=True, text=True, input=stdin
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
    assert data["items"][0]["path"] == "crates/pricing/src/lib.rs"
    assert len(data["items"][0]["blob_id"]) == 40
    assert {"anchors", "walk", "scan", "total"} <= set(data["timings_ms"])
    assert any(s["strategy"] == "symbols" and s["ran"] for s in data["strategies"])
    assert any(s["strategy"] == "history" or s["ran"] is False for s in data["strategies"])


def test_user_mistakes_are_one_line_and_exit_2(tmp_path):
    for args, message in [
        (["retrieve", "--repo", str(tmp_path / "missing"), "x"], "not a directory"),
        (["retrieve", "--repo", str(EXAMPLE), "   "], "the message is empty"),
        (["retrieve", "--repo", str(EXAMPLE), "--evidence", str(tmp_path / "no.log"), "x"], "cannot read"),
        (
            ["retrieve", "--repo", str(EXAMPLE), "--config", str(tmp_path / "c.yaml"), "x"],
            "no such configuration file",
        ),
    ]:
        proc = run(*args)
        assert proc.returncode == 2, (args, proc.stderr)
        assert message in proc.stderr and "Traceback" not in proc.stderr
        assert len(proc.stderr.strip().splitlines()) == 1


def test_help_explains_the_command():
    proc = run("retrieve", "--help")
    assert proc.returncode == 0
    assert "--evidence FILE" in proc.stdout and "standard input" in proc.stdout


def test_explain_shows_the_factors(capsys):
    assert main(["retrieve", "--repo", str(EXAMPLE), "--explain", "`reorder` is wrong"]) == 0
    out = capsys.readouterr().out
    assert "reliability 0.80 × specificity" in out and "symbols (1 name(s))" in out
