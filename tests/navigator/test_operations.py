"""The operations through the API and the `find` command, the server table and its configuration."""

from __future__ import annotations

import argparse
import json
import stat

import pytest

from boundedcode import MemoryTree, UsageError
from boundedcode.api import find_implementations, find_references, find_symbol
from boundedcode.navigator import ENV_VAR, PATTERNS, SERVERS, build_navigator
from boundedcode.navigator import command
from boundedcode.navigator.servers import enabled_servers, parse_server_names
from tests.conftest import write_tree

FILES = {
    "go/ledger.go": "package ledger\n\ntype Ledger struct{}\n\nfunc (l *Ledger) Post() {}\n",
    "web/client.ts": "import { Ledger } from './ledger';\nconst l: Ledger = load();\n",
}


def run_find(*argv: str) -> int:
    parser = argparse.ArgumentParser()
    command.add_arguments(parser)
    return command.run(parser.parse_args(list(argv)))


def test_api_operations_with_patterns_only(tmp_path):
    write_tree(tmp_path, FILES)
    symbol = find_symbol("Ledger", str(tmp_path), servers=())
    assert [(loc.path, loc.line, loc.kind) for loc in symbol.locations] == [("go/ledger.go", 3, "struct")]
    refs = find_references("Ledger", str(tmp_path), servers=())
    assert [(loc.path, loc.line) for loc in refs.locations] == [
        ("go/ledger.go", 5),
        ("web/client.ts", 1),
        ("web/client.ts", 2),
    ]
    impl = find_implementations("Ledger", str(tmp_path), servers=())
    assert impl.locations == []
    assert impl.notes[0] == "implementations need a language server; none answered for go, typescript"
    assert "--server" in impl.notes[1]


def test_api_reads_a_tree_in_memory():
    answer = find_symbol("Post", tree=MemoryTree(FILES), servers=())
    assert [(loc.path, loc.line, loc.kind) for loc in answer.locations] == [("go/ledger.go", 5, "method")]


@pytest.mark.parametrize(
    "kwargs, message",
    [
        ({"name": "Ledger post"}, "not a name"),
        ({"name": "Ledger", "line": 3}, "a line needs a path"),
        ({"name": "Ledger", "path": "../etc/passwd", "line": 1}, "not a file"),
        ({"name": "Ledger", "path": "go/missing.go", "line": 1}, "not a file"),
    ],
)
def test_bad_arguments_are_usage_errors(kwargs, message):
    with pytest.raises(UsageError, match=message):
        find_references(tree=MemoryTree(FILES), servers=(), **kwargs)


def test_command_prints_locations_and_notes(tmp_path, capsys):
    write_tree(tmp_path, FILES)
    assert run_find("symbol", "Ledger", "--repo", str(tmp_path), "--no-servers") == 0
    assert capsys.readouterr().out == "go/ledger.go:3  struct  [patterns]\n"
    # Nothing found: exit status 1, as ripgrep and git grep say it.
    assert run_find("implementations", "Ledger", "--repo", str(tmp_path), "--no-servers") == 1
    out = capsys.readouterr().out
    assert out.startswith("no implementations of Ledger found\nnote: implementations need a language server")
    assert run_find("references", "Ledger", "--repo", str(tmp_path), "--no-servers", "--json") == 0
    data = json.loads(capsys.readouterr().out)
    assert data["sources"] == {"go": PATTERNS, "typescript": PATTERNS} and len(data["locations"]) == 3


def test_a_missing_server_is_noted_with_its_install_command(tmp_path, monkeypatch, capsys):
    write_tree(tmp_path, FILES)
    monkeypatch.setenv("PATH", str(tmp_path / "empty"))
    monkeypatch.setattr("boundedcode.navigator.servers.sys.executable", str(tmp_path / "python"))
    assert run_find("symbol", "Ledger", "--repo", str(tmp_path), "--server", "gopls") == 0
    out = capsys.readouterr().out
    assert "go/ledger.go:3  struct  [patterns]" in out
    assert "note: lsp:gopls skipped for go: missing (not installed; apt-get install gopls" in out


def fake_binary(bin_dir, name: str, script: str = "#!/bin/sh\nexit 1\n"):
    bin_dir.mkdir(exist_ok=True)
    path = bin_dir / name
    path.write_text(script)
    path.chmod(path.stat().st_mode | stat.S_IXUSR)


def test_a_server_that_exits_at_once_is_down_and_patterns_answer(tmp_path, monkeypatch):
    # A present but broken binary, like a rustup proxy without its component.
    fake_binary(tmp_path / "bin", "gopls")
    repo = write_tree(tmp_path / "repo", FILES)
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr("boundedcode.navigator.servers.sys.executable", str(tmp_path / "python"))
    answer = find_symbol("Ledger", str(repo), servers=["gopls"])
    assert answer.sources["go"] == PATTERNS
    assert answer.skipped[0].reason == "down" and "did not start" in answer.skipped[0].detail


def test_server_names_and_auto(monkeypatch, tmp_path):
    assert parse_server_names(["gopls", "clangd", "gopls"]) == ("gopls", "clangd")
    assert parse_server_names(["auto"]) == tuple(SERVERS)
    with pytest.raises(UsageError, match="unknown language server 'pyright'"):
        parse_server_names(["pyright"])
    monkeypatch.setenv("PATH", str(tmp_path))
    monkeypatch.setattr("boundedcode.navigator.servers.sys.executable", str(tmp_path / "python"))
    assert enabled_servers(["auto"]) == []  # nothing installed, nothing to report
    assert [(s.name, b) for s, b in enabled_servers(["auto", "gopls"])] == [("gopls", None)]
    monkeypatch.setenv(ENV_VAR, "clangd, gopls")
    assert [s.name for s, _ in enabled_servers(None)] == ["clangd", "gopls"]
    assert [s.name for s, _ in enabled_servers("gopls")] == ["gopls"]
    monkeypatch.delenv(ENV_VAR)
    assert enabled_servers(None) == []


def test_servers_never_read_a_tree_that_is_not_on_disk(monkeypatch, tmp_path):
    fake_binary(tmp_path / "bin", "gopls")
    monkeypatch.setenv("PATH", str(tmp_path / "bin"))
    monkeypatch.setattr("boundedcode.navigator.servers.sys.executable", str(tmp_path / "python"))
    nav = build_navigator(MemoryTree(FILES), sorted(FILES), servers=["gopls"])
    answer = nav.answer("definitions", "Ledger")
    assert answer.sources["go"] == PATTERNS
    assert answer.skipped[0].reason == "unsupported" and "not on disk" in answer.skipped[0].detail


QUALIFIED = {
    "shop/app.py": "class Flask:\n    def url_for(self, endpoint):\n        return endpoint\n\n\n"
    "def url_for(endpoint):\n    return Flask().url_for(endpoint)\n",
    "other/blueprints.py": "class Blueprint:\n    def url_for(self, endpoint):\n        return endpoint\n",
    "go/ledger.go": "package ledger\n\ntype Ledger struct{}\n\nfunc (l *Ledger) Post() {}\n\n"
    "type Journal struct{}\n\nfunc (j *Journal) Post() {}\n",
}


@pytest.mark.parametrize(
    "name, expected",
    [
        ("Flask.url_for", [("shop/app.py", 2)]),
        ("Flask::url_for", [("shop/app.py", 2)]),
        ("shop.Flask.url_for", [("shop/app.py", 2)]),
        ("Blueprint.url_for", [("other/blueprints.py", 2)]),
        ("Ledger.Post", [("go/ledger.go", 5)]),
        ("Journal::Post", [("go/ledger.go", 9)]),
    ],
)
def test_a_qualified_name_finds_the_members_definition_inside_its_qualifier(name, expected):
    answer = find_symbol(name, tree=MemoryTree(QUALIFIED), servers=())
    assert [(loc.path, loc.line) for loc in answer.locations] == expected
    assert answer.name == name
    assert answer.notes[0].startswith("kept 1 of ")


def test_a_qualifier_nothing_matches_keeps_every_definition_and_says_so():
    answer = find_symbol("Nope.url_for", tree=MemoryTree(QUALIFIED), servers=())
    assert len(answer.locations) == 3
    assert answer.notes == ["no definition of Nope.url_for is inside Nope; all are listed"]
    refs = find_references("Flask.url_for", tree=MemoryTree(QUALIFIED), servers=())
    assert ("shop/app.py", 7) in [(loc.path, loc.line) for loc in refs.locations]
    with pytest.raises(UsageError, match="qualified name"):
        find_symbol("Flask..url_for", tree=MemoryTree(QUALIFIED), servers=())
