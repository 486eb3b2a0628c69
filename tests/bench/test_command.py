"""`bcode bench direct` on bad input: one clear message, exit status 2, no traceback."""

from __future__ import annotations

import argparse
from pathlib import Path

import pytest

from boundedcode.bench import command, runner

from .conftest import FakeEngine


def _run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bcode bench direct")
    command.add_arguments(parser)
    return command.run(parser.parse_args(argv))


def _error(capsys) -> str:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return err


def test_missing_task_file(tmp_path: Path, mirror: dict, capsys):
    assert _run(["--tasks", str(tmp_path / "none.jsonl"), "--mirrors", str(mirror["folder"])]) == 2
    assert "error: task file not found" in _error(capsys)


@pytest.mark.parametrize("spec", ["does/not/exist", "nameonly=/tmp", "acme/shop=/nonexistent/git"])
def test_bad_mirror_spec(task_file: Path, spec: str, capsys):
    assert _run(["--tasks", str(task_file), "--mirrors", spec]) == 2
    assert f"error: bad mirror spec {spec!r}" in _error(capsys)


def test_malformed_task_file(tmp_path: Path, mirror: dict, capsys):
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"instance_id": "x"}\nnot json\n')
    assert _run(["--tasks", str(bad), "--mirrors", str(mirror["folder"])]) == 2
    assert f"{bad}:1: field 'repo' is missing" in _error(capsys)


def test_unknown_language(task_file: Path, mirror: dict, capsys):
    assert _run(["--tasks", str(task_file), "--mirrors", str(mirror["folder"]), "--language", "cobol"]) == 2
    assert "no task has language cobol (the task file has: python)" in _error(capsys)


def test_baseline_none_is_alone(task_file: Path, mirror: dict, capsys):
    assert (
        _run(["--tasks", str(task_file), "--mirrors", str(mirror["folder"]), "--baseline", "none", "bm25"])
        == 2
    )
    assert "--baseline none cannot be combined" in _error(capsys)


@pytest.mark.parametrize(
    "argv,message",
    [
        (["--limit", "0"], "must be at least 1"),
        (["--cache-max-gb", "-1"], "must be more than 0"),
        (["--track", "sideways"], "invalid choice"),
        (["--set-budget", "scan_terms"], "not NAME=VALUE: 'scan_terms'"),
        (["--set-budget", "scan_termz=3"], "no budget named 'scan_termz' (known: anchors, block_items"),
        (["--set-budget", "scan_terms=0"], "must be at least 1"),
        (["--set-budget", "scan_terms=2.5"], "not a whole number"),
        (["--set-budget", "time_s=soon"], "not a number"),
    ],
)
def test_bad_option_values(task_file: Path, mirror: dict, argv: list[str], message: str, capsys):
    with pytest.raises(SystemExit) as exc:
        _run(["--tasks", str(task_file), "--mirrors", str(mirror["folder"]), *argv])
    assert exc.value.code == 2 and message in _error(capsys)


def test_through_the_cli(tmp_path: Path, task_file: Path, mirror: dict, monkeypatch, capsys):
    from boundedcode.cli import main

    monkeypatch.setattr(runner, "_default_retrieve", lambda: FakeEngine())
    rc = main(
        [
            "bench",
            "direct",
            "--tasks",
            str(task_file),
            "--mirrors",
            str(mirror["folder"]),
            "--out",
            str(tmp_path / "out"),
            "--cache",
            str(tmp_path / "cache"),
            "--track",
            "direct",
        ]
    )
    assert rc == 0 and "wrote" in capsys.readouterr().out
    assert (tmp_path / "out" / "summary.md").exists()
    assert main(["bench", "direct", "--tasks", str(tmp_path / "x"), "--mirrors", str(mirror["folder"])]) == 2


def test_the_report_prints_the_command_with_non_default_options(
    tmp_path: Path, task_file: Path, mirror: dict, monkeypatch
):
    monkeypatch.setattr(runner, "_default_retrieve", lambda: FakeEngine())
    out = tmp_path / "out"
    assert (
        _run(
            [
                "--tasks",
                str(task_file),
                "--mirrors",
                str(mirror["folder"]),
                "--out",
                str(out),
                "--cache",
                str(tmp_path / "c"),
                "--baseline",
                "bm25",
                "--limit",
                "2",
                "--cache-max-gb",
                "0.5",
                "--set-budget",
                "scan_terms=32",
                "time_s=2.5",
            ]
        )
        == 0
    )
    assert (
        f"Command: `bcode bench direct --tasks {task_file} --mirrors {mirror['folder']} --baseline bm25 "
        f"--limit 2 --set-budget scan_terms=32 time_s=2.5 --out {out} --cache {tmp_path / 'c'} "
        "--cache-max-gb 0.5`"
    ) in (out / "summary.md").read_text()
