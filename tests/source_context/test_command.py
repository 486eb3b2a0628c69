"""`bcode query`: the CLI glue, its JSON output and its exit statuses."""

from __future__ import annotations

import argparse
import json

import pytest

from boundedcode.source_context import command

from .conftest import profile_text


def run(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="bcode query")
    command.add_arguments(parser)
    return command.run(parser.parse_args(argv))


@pytest.fixture
def profile_file(vcore, tmp_path):
    repo, head = vcore
    path = tmp_path / "profile.toml"
    path.write_text(profile_text(repo, head, {"registration_prefixes": ["AddSC_"]}))
    return str(path)


def test_text_and_json_requests_print_the_same_result(profile_file, capsys):
    assert run(["--profile", profile_file, "--text", "23487", "--path-prefix", "src/server/"]) == 0
    by_text = json.loads(capsys.readouterr().out)
    request = '{"kind":"source.context","text":"23487","path_prefix":"src/server/"}'
    assert run(["--profile", profile_file, request]) == 0
    assert json.loads(capsys.readouterr().out) == by_text
    assert by_text["status"] == "complete_configured_source_context"


def test_context_option_stores_a_capture(profile_file, tmp_path, capsys):
    assert run(["--profile", profile_file, "--context", str(tmp_path / "ctx"), "--text", "23487"]) == 0
    assert json.loads(capsys.readouterr().out)["capture"]["file"] == "captures/000001.json"
    assert (tmp_path / "ctx" / "captures" / "000001.json").exists()


@pytest.mark.parametrize(
    "argv, message",
    [
        (["--text", "x", '{"kind":"source.context","text":"x"}'], "not both or neither"),
        ([], "not both or neither"),
        (["{not json"], "not valid JSON"),
        (["[1]"], "must be a JSON object"),
        (["[" * 100_000], "not valid JSON: nested too deeply"),
        (['{"kind":"source.context","text":"x"}', "--path-prefix", "src"], "goes with --text"),
        (["--text", "x", "--path-prefix", "../etc"], "must not contain '..'"),
        (['{"kind":"source.context","text":"x","commit":"HEAD~1"}'], "cannot choose commit"),
        (["--text=--output=x", "--path-prefix", "/etc"], "relative to the repository"),
    ],
)
def test_user_errors_are_one_line_and_status_2(profile_file, capsys, argv, message):
    assert run(["--profile", profile_file, *argv]) == command.EXIT_USAGE
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err.count("\n") == 1 and message in captured.err
    assert captured.err.startswith("bcode query: error: ") and "Traceback" not in captured.err


def test_profile_errors_are_user_errors(tmp_path, capsys):
    bad = tmp_path / "bad.toml"
    bad.write_text('[project]\nrepository = "r"\ncommit = "HEAD"\n')
    assert run(["--profile", str(bad), "--text", "x"]) == command.EXIT_USAGE
    assert "full commit id" in capsys.readouterr().err


def test_a_hard_limit_exits_with_status_1(vcore, tmp_path, capsys):
    repo, head = vcore
    path = tmp_path / "small.toml"
    path.write_text(profile_text(repo, head, {}, {"result_bytes": 100}))
    assert run(["--profile", str(path), "--text", "23487"]) == command.EXIT_LIMIT
    captured = capsys.readouterr()
    assert captured.out == "" and "result_bytes" in captured.err and captured.err.count("\n") == 1
