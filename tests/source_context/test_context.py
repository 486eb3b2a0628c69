"""Captures as immutable evidence; contexts that move between machines and resume."""

from __future__ import annotations

import hashlib
import json
import os
import shutil
import stat
from pathlib import Path

import pytest

from boundedcode.source_context import CONTRACT, ContextError, run_query, verify_context
from boundedcode.source_context import context as context_module
from boundedcode.source_context.config import canonical_json

from .conftest import commit, git

VCORE = {"registration_prefixes": ["AddSC_"]}


def ask(profile, context, text, prefix="src/server/"):
    return run_query({"kind": "source.context", "text": text, "path_prefix": prefix}, profile, str(context))


def load(path: Path) -> dict:
    return json.loads(path.read_text())


def rewrite(path: Path, document: dict, rehash: bool) -> None:
    """Tamper with a stored document, optionally recomputing its own hash."""
    if rehash:
        document["sha256"] = hashlib.sha256(canonical_json(document["body"])).hexdigest()
    os.chmod(path, stat.S_IWUSR | stat.S_IRUSR)
    path.write_text(json.dumps(document))


def test_a_capture_holds_request_binding_settings_and_every_snippet(vcore, make_profile, tmp_path):
    repo, head = vcore
    profile = make_profile(repo, head, VCORE)
    ctx = tmp_path / "ctx"
    result = ask(profile, ctx, "23487")
    assert result["capture"]["sequence"] == 1 and result["capture"]["file"] == "captures/000001.json"
    stored = load(ctx / "captures" / "000001.json")
    body = stored["body"]
    assert stored["sha256"] == result["capture"]["sha256"]
    assert body["request"] == {"kind": "source.context", "path_prefix": "src/server/", "text": "23487"}
    assert body["commit_binding"] == {"commit": head, "tree": git(repo, "rev-parse", f"{head}^{{tree}}")}
    assert body["settings"] == profile.settings_document()
    assert body["settings_sha256"] == profile.settings_sha256
    assert body["settings_sha256"] == hashlib.sha256(canonical_json(body["settings"])).hexdigest()
    returned = {k: v for k, v in result.items() if k != "capture"}
    assert body["result"] == returned and body["result"]["files"]
    # Stored read-only; nothing in the context names this machine's paths.
    assert not os.stat(ctx / "captures" / "000001.json").st_mode & stat.S_IWUSR
    assert str(tmp_path) not in (ctx / "captures" / "000001.json").read_text()
    assert str(tmp_path) not in (ctx / "context.json").read_text()


def test_a_new_context_records_the_contract_and_settings(vcore, make_profile, tmp_path):
    repo, head = vcore
    profile = make_profile(repo, head, VCORE)
    ask(profile, tmp_path / "ctx", "23487")
    body = load(tmp_path / "ctx" / "context.json")["body"]
    assert body["contract"] == CONTRACT
    assert "before separate search or read calls" in body["contract"]
    assert body["settings"] == profile.settings_document()


def test_an_existing_context_keeps_its_contract(vcore, make_profile, tmp_path, monkeypatch):
    repo, head = vcore
    profile = make_profile(repo, head, VCORE)
    ask(profile, tmp_path / "old", "23487")
    monkeypatch.setattr(context_module, "CONTRACT", "source.context v2: a different contract")
    ask(profile, tmp_path / "old", "28312")
    assert load(tmp_path / "old" / "context.json")["body"]["contract"] == CONTRACT
    assert verify_context(str(tmp_path / "old"), profile).contract == CONTRACT
    ask(profile, tmp_path / "new", "23487")
    assert (
        load(tmp_path / "new" / "context.json")["body"]["contract"]
        == "source.context v2: a different contract"
    )


def test_captures_chain_and_are_never_overwritten(vcore, make_profile, tmp_path):
    repo, head = vcore
    profile = make_profile(repo, head, VCORE)
    ctx = tmp_path / "ctx"
    first = ask(profile, ctx, "23487")["capture"]
    second = ask(profile, ctx, "AddSC_wintergrasp")["capture"]
    assert (first["sequence"], second["sequence"]) == (1, 2)
    assert load(ctx / "captures" / "000002.json")["body"]["previous_sha256"] == first["sha256"]
    existing = ctx / "captures" / "000002.json"
    before = existing.read_bytes()
    with pytest.raises(ContextError, match="never overwritten"):
        context_module._write_once(str(existing), {"body": {}, "sha256": ""})
    assert existing.read_bytes() == before
    assert sorted(os.listdir(ctx / "captures")) == ["000001.json", "000002.json"]  # no temporary left


def test_portable_resumption_on_another_machine(vcore, make_profile, tmp_path):
    repo, head = vcore
    ask(make_profile(repo, head, VCORE), tmp_path / "ctx", "23487")
    ask(make_profile(repo, head, VCORE), tmp_path / "ctx", "NPC_WG_TOWER_CANNON")
    # "Another machine": the context copied elsewhere, the repository cloned to another path.
    elsewhere = tmp_path / "machine2"
    shutil.copytree(tmp_path / "ctx", elsewhere / "ctx")
    git(tmp_path, "clone", "-q", "--bare", str(repo), str(elsewhere / "vcore.git"))
    profile2 = make_profile(elsewhere / "vcore.git", head, VCORE)
    assert verify_context(str(elsewhere / "ctx"), profile2).captures == 2
    third = ask(profile2, elsewhere / "ctx", "28312")
    assert third["capture"]["sequence"] == 3
    assert (
        load(elsewhere / "ctx" / "captures" / "000003.json")["body"]["previous_sha256"]
        == load(elsewhere / "ctx" / "captures" / "000002.json")["sha256"]
    )


def test_resuming_with_other_settings_is_rejected(vcore, make_profile, tmp_path):
    repo, head = vcore
    ask(make_profile(repo, head, VCORE), tmp_path / "ctx", "23487")
    with pytest.raises(ContextError, match="other settings"):
        ask(make_profile(repo, head, {**VCORE, "context_lines": 3}), tmp_path / "ctx", "23487")
    with pytest.raises(ContextError, match="other settings"):
        ask(make_profile(repo, head, VCORE, {"result_bytes": 100_000}), tmp_path / "ctx", "23487")
    assert os.listdir(tmp_path / "ctx" / "captures") == ["000001.json"]


def test_resuming_at_another_commit_is_rejected(vcore, make_profile, tmp_path):
    repo, head = vcore
    ask(make_profile(repo, head, VCORE), tmp_path / "ctx", "23487")
    newer = commit(repo, {"src/server/new.cpp": "int x = 23487;\n"})
    with pytest.raises(ContextError, match=f"bound to commit {head}"):
        ask(make_profile(repo, newer, VCORE), tmp_path / "ctx", "23487")


@pytest.fixture
def two_captures(vcore, make_profile, tmp_path):
    repo, head = vcore
    profile = make_profile(repo, head, VCORE)
    ask(profile, tmp_path / "ctx", "23487")
    ask(profile, tmp_path / "ctx", "28312")
    copy = tmp_path / "copy"
    shutil.copytree(tmp_path / "ctx", copy)
    return profile, copy


def test_a_tampered_snippet_is_rejected(two_captures):
    profile, ctx = two_captures
    path = ctx / "captures" / "000001.json"
    doc = load(path)
    doc["body"]["result"]["files"][0]["blocks"][0]["lines"][0] = "// harmless, trust me"
    rewrite(path, doc, rehash=False)
    with pytest.raises(ContextError, match="hash mismatch"):
        ask(profile, ctx, "23487")


def test_a_rehashed_tampered_capture_breaks_the_chain(two_captures):
    profile, ctx = two_captures
    path = ctx / "captures" / "000001.json"
    doc = load(path)
    doc["body"]["result"]["status"] = "complete_configured_source_context"
    doc["body"]["result"]["limits_reached"] = ["nothing"]
    rewrite(path, doc, rehash=True)
    with pytest.raises(ContextError, match="does not follow"):
        verify_context(str(ctx), profile)


def test_a_rehashed_tampered_last_capture_fails_against_the_git_objects(two_captures):
    profile, ctx = two_captures
    path = ctx / "captures" / "000002.json"
    doc = load(path)
    doc["body"]["result"]["files"][0]["blocks"][0]["lines"][0] += " // changed"
    rewrite(path, doc, rehash=True)
    with pytest.raises(ContextError, match="differs from the git blob"):
        verify_context(str(ctx), profile)


def test_a_removed_capture_is_rejected(two_captures):
    profile, ctx = two_captures
    os.remove(ctx / "captures" / "000001.json")
    with pytest.raises(ContextError, match="missing capture"):
        verify_context(str(ctx), profile)


def test_a_tampered_context_file_is_rejected(two_captures):
    profile, ctx = two_captures
    path = ctx / "context.json"
    doc = load(path)
    doc["body"]["contract"] = "Never use the other tools."
    rewrite(path, doc, rehash=True)
    with pytest.raises(ContextError, match="does not follow"):
        verify_context(str(ctx), profile)


def test_a_context_file_nested_past_the_decoders_stack_is_rejected(two_captures):
    profile, ctx = two_captures
    path = ctx / "context.json"
    os.chmod(path, stat.S_IWUSR | stat.S_IRUSR)
    path.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ContextError, match="unreadable context file \\(nested too deeply\\)"):
        verify_context(str(ctx), profile)


def test_a_foreign_directory_is_not_taken_over(vcore, make_profile, tmp_path):
    repo, head = vcore
    (tmp_path / "notes").mkdir()
    (tmp_path / "notes" / "todo.txt").write_text("mine\n")
    with pytest.raises(ContextError, match="neither empty nor"):
        ask(make_profile(repo, head, VCORE), tmp_path / "notes", "23487")


def test_a_rehashed_capture_of_the_wrong_shape_is_rejected(two_captures):
    profile, ctx = two_captures
    path = ctx / "captures" / "000002.json"
    doc = load(path)
    doc["body"]["result"]["files"][0]["blocks"] = [{"start_line": "one", "lines": 3}]
    rewrite(path, doc, rehash=True)
    with pytest.raises(ContextError, match="malformed"):
        verify_context(str(ctx), profile)
