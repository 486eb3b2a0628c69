"""Only the pinned commit's git objects are read; no request text steers git or leaves the tree."""

from __future__ import annotations

import hashlib
import os
import subprocess

import pytest

from boundedcode.errors import RepositoryError, UsageError
from boundedcode.source_context import RequestError, run_query

from .conftest import commit, git

PINNED = "BALANCE_LIMIT = 100  # pinned\n"


@pytest.fixture
def moved_on(tmp_path):
    """A repository whose pinned commit is no longer what the working copy or HEAD shows."""
    repo = tmp_path / "repo"
    old = commit(repo, {"bank/old.py": "ONLY_IN_THE_PAST = 1  # HEAD~1\n"}, "older")
    pinned = commit(
        repo, {"bank/limits.py": PINNED, "bank/tricky.py": "flags = '--output=x HEAD~1 -c core.pager=less'\n"}
    )
    git(repo, "checkout", "-q", "-b", "other")
    commit(repo, {"bank/limits.py": "BALANCE_LIMIT = 999  # on another branch\n"}, "moved on")
    (repo / "bank" / "limits.py").write_text("BALANCE_LIMIT = 5  # uncommitted\nWORKTREE_ONLY = 1\n")
    (repo / "bank" / "untracked.py").write_text("BALANCE_LIMIT = 7\n")
    return repo, pinned, old


def query(profile, text, prefix=None):
    request = {"kind": "source.context", "text": text}
    if prefix is not None:
        request["path_prefix"] = prefix
    return run_query(request, profile)


def test_commit_binding_despite_a_changed_working_copy(moved_on, make_profile):
    repo, pinned, _ = moved_on
    result = query(make_profile(repo, pinned, {"context_lines": 0}), "BALANCE_LIMIT")
    assert result["commit"] == pinned
    [record] = result["files"]
    assert record["path"] == "bank/limits.py"
    assert record["blocks"][0]["lines"] == ["BALANCE_LIMIT = 100  # pinned"]
    assert record["blob"] == git(repo, "rev-parse", f"{pinned}:bank/limits.py")
    assert record["sha256"] == hashlib.sha256(PINNED.encode()).hexdigest()
    assert record["size"] == len(PINNED)
    assert query(make_profile(repo, pinned), "WORKTREE_ONLY")["hits"] == []


@pytest.mark.parametrize(
    "prefix",
    [
        "../",
        "..",
        "bank/../..",
        "bank/../../etc",
        "/etc",
        "/",
        "C:\\Windows",
        "bank\\..\\..",
        "..\\x",
        "bank/\x00",
        "bank\n",
        ".git",
        ".git/objects",
        "bank/.hidden",
        "node_modules/x",
    ],
)
def test_path_prefix_cannot_leave_the_repository_or_the_read_policy(moved_on, make_profile, prefix):
    repo, pinned, _ = moved_on
    with pytest.raises(RequestError):
        query(make_profile(repo, pinned), "BALANCE_LIMIT", prefix)


def test_symlinks_in_the_commit_are_not_followed(tmp_path, make_profile):
    outside = tmp_path / "secret.py"
    outside.write_text("SECRET_TOKEN = 1\n")
    repo = tmp_path / "repo"
    repo.mkdir()
    os.symlink(outside, repo / "link.py")
    head = commit(repo, {"real.py": "x = 1\n"})
    result = query(make_profile(repo, head), "SECRET_TOKEN")
    assert result["hits"] == [] and result["scope"]["skipped"]["not_regular_file"] == 1


def test_read_policy_applies_inside_the_commit(tmp_path, make_profile):
    repo = tmp_path / "repo"
    head = commit(
        repo,
        {
            "app/main.py": "TOKEN = 1\n",
            ".github/x.py": "TOKEN = 2\n",
            "node_modules/m/index.js": "TOKEN = 3\n",
            "app/.env.py": "TOKEN = 4\n",
        },
    )
    result = query(make_profile(repo, head), "TOKEN")
    assert [h["path"] for h in result["hits"]] == ["app/main.py"]
    assert result["scope"]["skipped"]["read_policy"] == {
        "dependency directory": 1,
        "hidden directory": 1,
        "secret path": 1,
    }


INJECTIONS = [
    "--output=x",
    "-c core.pager=touch PWNED",
    "-c",
    "HEAD~1",
    "HEAD",
    "--all",
    "$(touch PWNED)",
    "main",
    "@{-1}",
    "--no-index",
]


@pytest.fixture
def no_processes(monkeypatch):
    """Fail the test if anything starts a process (git or a shell)."""

    def refuse(*args, **kwargs):
        raise AssertionError(f"a process was started: {args!r}")

    monkeypatch.setattr(subprocess.Popen, "__init__", refuse)
    monkeypatch.setattr(os, "system", refuse)
    monkeypatch.setattr(os, "posix_spawn", refuse)


@pytest.mark.parametrize("text", INJECTIONS)
def test_terms_are_only_ever_searched_text(moved_on, make_profile, monkeypatch, tmp_path, no_processes, text):
    repo, pinned, _ = moved_on
    profile = make_profile(repo, pinned)
    monkeypatch.chdir(tmp_path)
    result = query(profile, text)
    assert result["commit"] == pinned
    assert {h["path"] for h in result["hits"]} <= {"bank/old.py", "bank/tricky.py", "bank/limits.py"}
    assert not (tmp_path / "x").exists() and not (tmp_path / "PWNED").exists()


def test_a_revision_as_term_is_literal_text_at_the_pinned_commit(moved_on, make_profile):
    repo, pinned, _ = moved_on
    result = query(make_profile(repo, pinned), "HEAD~1")
    assert [h["path"] for h in result["hits"]] == ["bank/old.py", "bank/tricky.py"]  # the text, not a commit
    assert result["searches"][0]["mode"] == "fixed"
    # Content of the parent commit exists only where the pinned tree still holds it.
    assert query(make_profile(repo, pinned), "ONLY_IN_THE_PAST")["files"][0]["path"] == "bank/old.py"


@pytest.mark.parametrize("prefix", INJECTIONS)
def test_prefixes_are_only_ever_tree_paths(
    moved_on, make_profile, monkeypatch, tmp_path, no_processes, prefix
):
    repo, pinned, _ = moved_on
    monkeypatch.chdir(tmp_path)
    result = query(make_profile(repo, pinned), "BALANCE_LIMIT", prefix)
    assert result["hits"] == [] and result["scope"]["found"] is False
    assert not (tmp_path / "x").exists() and not (tmp_path / "PWNED").exists()


@pytest.mark.parametrize("key", ["commit", "branch", "revision", "remote", "repository"])
def test_a_request_cannot_choose_the_commit(moved_on, make_profile, key):
    repo, pinned, old = moved_on
    with pytest.raises(RequestError, match="pins the repository and commit"):
        run_query({"kind": "source.context", "text": "BALANCE_LIMIT", key: old}, make_profile(repo, pinned))


@pytest.mark.parametrize(
    "request_, message",
    [
        ({"kind": "source.context"}, "non-empty string"),
        ({"kind": "source.context", "text": "   "}, "non-empty string"),
        ({"kind": "source.context", "text": "a\nb"}, "one line"),
        ({"kind": "source.context", "text": "x" * 201}, "longer than"),
        ({"kind": "source.context", "text": "\udcff"}, "one line of text"),
        ({"kind": "source.context", "text": "x", "path_prefix": "src/\udcff"}, "not valid text"),
        ({"kind": "source.context", "text": 23487}, "non-empty string"),
        ({"kind": "source.search", "text": "x"}, "kind must be"),
        ({"kind": "source.context", "text": "x", "path_prefix": 3}, "must be a string"),
        ({"kind": "source.context", "text": "x", "extra": 1}, "unknown request key"),
        (["source.context"], "JSON object"),
    ],
)
def test_malformed_requests_are_usage_errors(moved_on, make_profile, request_, message):
    repo, pinned, _ = moved_on
    with pytest.raises(UsageError, match=message):
        run_query(request_, make_profile(repo, pinned))


def test_unknown_commit_or_repository_is_a_repository_error(moved_on, make_profile, tmp_path):
    repo, _, _ = moved_on
    with pytest.raises(RepositoryError, match="not in the repository"):
        query(make_profile(repo, "0" * 40), "x")
    tree = git(repo, "rev-parse", "HEAD^{tree}")
    with pytest.raises(RepositoryError, match="not in the repository"):
        query(make_profile(repo, tree), "x")
    with pytest.raises(RepositoryError, match="not a git repository"):
        query(make_profile(tmp_path / "nowhere", "0" * 40), "x")
