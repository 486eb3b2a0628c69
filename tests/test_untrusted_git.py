"""A checkout's own git configuration never runs anything and never hangs a read.

Every setting that makes git (or libgit2) run a command or open a file is planted
in a checkout's `.git`, each command writing a marker file; then every entry
point that reads the checkout runs in a child process (a hang fails the test
instead of stalling it), and no marker may exist afterwards.
"""

from __future__ import annotations

import json
import os
import stat
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from boundedcode import retrieve
from boundedcode.checkout import WorkTree
from boundedcode.checkout import gitmeta

from .conftest import git, make_git_repo, write_tree

CHILD_TIMEOUT_S = 120

HOOKS = (
    "fsmonitor-watchman",
    "post-index-change",
    "post-checkout",
    "reference-transaction",
    "pre-commit",
    "post-rewrite",
    "pre-auto-gc",
)


def _plant(repo: Path, markers: Path, outside: Path) -> None:
    """Write a hostile `.git/config` (and hooks, attributes, FIFOs) after every git call is done."""

    def touch(name: str) -> str:
        return f"touch {markers / name}"

    hooks = repo / ".git" / "evil-hooks"
    hooks.mkdir()
    for directory in (hooks, repo / ".git" / "hooks"):
        directory.mkdir(exist_ok=True)
        for name in HOOKS:
            script = directory / name
            script.write_text(f"#!/bin/sh\n{touch('hook-' + name)}\n")
            script.chmod(script.stat().st_mode | stat.S_IXUSR)
    os.mkfifo(repo / ".git" / "include.fifo")
    os.mkfifo(repo / ".git" / "include-if.fifo")
    settings = {
        "core": {
            "fsmonitor": touch("fsmonitor"),
            "hooksPath": str(hooks),
            "pager": touch("core-pager"),
            "sshCommand": touch("ssh"),
            "askPass": touch("askpass"),
            "editor": touch("editor"),
            "alternateRefsCommand": touch("alternate-refs"),
            "worktree": str(outside),
            "untrackedCache": "true",
        },
        'pager "ls-files"': {"": None},
        "pager": {
            "ls-files": touch("pager-ls-files"),
            "log": touch("pager-log"),
            "diff": touch("pager-diff"),
        },
        'diff "evil"': {"textconv": touch("textconv"), "command": touch("diff-command")},
        "diff": {"external": touch("diff-external")},
        'filter "evil"': {
            "clean": touch("filter-clean"),
            "smudge": touch("filter-smudge"),
            "process": touch("filter-process"),
            "required": "true",
        },
        "credential": {"helper": "!" + touch("credential")},
        "sequence": {"editor": touch("sequence-editor")},
        "gpg": {"program": touch("gpg")},
        "uploadpack": {"packObjectsHook": touch("pack-objects-hook")},
        "safe": {"directory": "*"},
        "include": {"path": str(repo / ".git" / "include.fifo")},
        'includeIf "gitdir:/"': {"path": str(repo / ".git" / "include-if.fifo")},
    }
    lines = []
    for section, values in settings.items():
        lines.append(f"[{section}]")
        lines += [f"\t{k} = {v}" for k, v in values.items() if k]
    with open(repo / ".git" / "config", "a") as f:
        f.write("\n".join(lines) + "\n")
    (repo / ".gitattributes").write_text("* diff=evil filter=evil\n")


@pytest.fixture
def hostile(tmp_path: Path) -> dict[str, str]:
    outside = write_tree(tmp_path / "outside", {"canary_outside.py": "def reconcile_ledger(): pass\n"})
    repo = make_git_repo(
        tmp_path / "repo",
        {
            "ledger/post.py": "def reconcile_ledger():\n    return 1\n",
            "ledger/test_post.py": "from ledger.post import reconcile_ledger\n",
            ".gitignore": "build.log\n",
        },
    )
    (repo / "ledger" / "notes.py").write_text("UNTRACKED = 1\n")
    (repo / "build.log").write_text("ignored\n")
    head = git(repo, "rev-parse", "HEAD")
    markers = tmp_path / "markers"
    markers.mkdir()
    _plant(repo, markers, outside)
    return {"repo": str(repo), "head": head, "markers": str(markers)}


CHILD = textwrap.dedent(
    """
    import json, sys
    from boundedcode import retrieve, retry_pack
    from boundedcode.checkout import WorkTree, GitTree
    from boundedcode.session import Session
    from boundedcode.source_context import parse_profile, run_query
    from boundedcode.cli import main

    repo, head, out = sys.argv[1], sys.argv[2], sys.argv[3]
    tree = WorkTree(repo)
    facts = {
        "files": [f.path for f in tree.files()],
        "commit": tree.commit(),
        "branch": tree.branch(),
    }
    message = f"`reconcile_ledger` broke in commit {head[:10]}"
    facts["retrieve"] = retrieve(message, repo).paths
    facts["retrieve_commit"] = retrieve(message, repo, commit=head).paths
    facts["git_tree"] = [f.path for f in GitTree(repo, head).files()]
    facts["retry_pack"] = bool(retry_pack('  File "ledger/post.py", line 2\\n', [repo]).text)
    with Session(None, repo) as s:
        facts["session"] = s.user_message(message).result.paths
    profile = parse_profile({"project": {"repository": repo, "commit": head},
                             "source_analysis": {"enabled": True}}, repo)
    result = run_query({"kind": "source.context", "text": "reconcile_ledger"}, profile)
    facts["source_context"] = sorted({f["path"] for f in result["files"]})
    facts["cli"] = main(["retrieve", "--repo", repo, message])
    with open(out, "w") as f:
        json.dump(facts, f)
    """
)


def test_no_setting_of_a_checkouts_git_configuration_runs_or_hangs_anything(hostile, tmp_path):
    out = tmp_path / "facts.json"
    proc = subprocess.run(
        [sys.executable, "-c", CHILD, hostile["repo"], hostile["head"], str(out)],
        capture_output=True,
        text=True,
        timeout=CHILD_TIMEOUT_S,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert sorted(os.listdir(hostile["markers"])) == []
    facts = json.loads(out.read_text())
    # The index and the ignore rules, not core.worktree's directory elsewhere.
    assert facts["files"] == [
        ".gitattributes",
        ".gitignore",
        "ledger/notes.py",
        "ledger/post.py",
        "ledger/test_post.py",
    ]
    assert facts["commit"] == hostile["head"] and facts["branch"] == "main"
    assert facts["retrieve"][0] == "ledger/post.py"
    assert facts["retrieve_commit"][0] == "ledger/post.py"
    assert "ledger/post.py" in facts["git_tree"]
    assert facts["retry_pack"] and facts["session"][0] == "ledger/post.py"
    assert facts["source_context"] == ["ledger/post.py", "ledger/test_post.py"]
    assert facts["cli"] == 0
    assert "canary_outside" not in json.dumps(facts)


def test_the_index_listing_matches_git_ls_files(tmp_path):
    """The index parser and the ignore rules give what `git ls-files` gives, index v2 and v4."""
    files = {
        "a.py": "",
        "src/b.py": "",
        "src/deep/c.py": "",
        "docs/x.md": "",
        ".gitignore": "*.log\n!keep.log\n/top_only.txt\ngen/\n",
        "src/.gitignore": "local_*.py\n!local_keep.py\n",
        "big name with spaces/é.py": "",
    }
    repo = make_git_repo(tmp_path / "r", files)
    write_tree(
        repo,
        {
            "new.py": "",
            "x.log": "",
            "keep.log": "",
            "top_only.txt": "",
            "sub/top_only.txt": "",
            "gen/out.py": "",
            "src/gen/out.py": "",
            "src/local_a.py": "",
            "src/local_keep.py": "",
            "excluded_by_info.py": "",
            "nested/inner.py": "",
        },
    )
    # A file below an ignored directory, force-added: the directory is entered for it, and an
    # untracked file beside it stays ignored though a later pattern re-includes it.
    write_tree(repo, {"gen/tracked.py": "", "gen/sub/other.py": ""})
    with open(repo / ".gitignore", "a") as f:
        f.write("!gen/sub/other.py\n")
    git(repo, "add", "-f", "gen/tracked.py", ".gitignore")
    git(repo, "commit", "-qm", "force-add")
    (repo / ".git" / "info").mkdir(exist_ok=True)
    (repo / ".git" / "info" / "exclude").write_text("excluded_by_info.py\n")
    make_git_repo(repo / "nested", {"inner2.py": ""})  # another repository inside: not descended
    os.symlink("a.py", repo / "link.py")
    for version in ("2", "4"):
        git(repo, "update-index", "--index-version", version)
        tracked = git(repo, "ls-files", "-z", "-s").split("\0")
        expected = {r.split("\t", 1)[1] for r in tracked if r and r.startswith(("100644", "100755"))}
        others = git(repo, "ls-files", "-z", "--others", "--exclude-standard").split("\0")
        expected |= {p for p in others if p and not p.endswith("/") and not os.path.islink(repo / p)}
        assert [f.path for f in WorkTree(str(repo)).files()] == sorted(expected)
        assert "sub/top_only.txt" in expected and "keep.log" in expected
        assert "gen/tracked.py" in expected and "gen/sub/other.py" not in expected


def test_head_is_read_from_the_refs_files(tmp_path):
    repo = make_git_repo(tmp_path / "r", {"a.py": ""})
    head = git(repo, "rev-parse", "HEAD")
    git(repo, "checkout", "-q", "-b", "feature/x")
    git(repo, "pack-refs", "--all")  # the branch now lives in packed-refs only
    assert gitmeta.head(str(repo / ".git")) == (head, "feature/x")
    git(repo, "checkout", "-q", "--detach")
    assert gitmeta.head(str(repo / ".git")) == (head, None)
    worktree = tmp_path / "wt"
    git(repo, "worktree", "add", "-q", "-b", "side", str(worktree))
    tree = WorkTree(str(worktree))
    assert (tree.commit(), tree.branch()) == (head, "side")
    assert [f.path for f in tree.files()] == ["a.py"]


def test_a_tracked_path_is_listed_only_while_it_is_a_regular_file(tmp_path):
    outside = write_tree(tmp_path / "outside", {"secret.py": "TOKEN = 1\n"})
    repo = make_git_repo(
        tmp_path / "r",
        {"a.py": "", "gone.py": "", "swapped.py": "", ".github/ci.yml": "", ".gitignore": "gen/\n"},
    )
    (repo / "gen").mkdir()
    (repo / "gen" / "kept.py").write_text("")
    git(repo, "add", "-f", "gen/kept.py")
    git(repo, "commit", "-qm", "force-add a file below an ignored directory")
    (repo / "gone.py").unlink()
    (repo / "swapped.py").unlink()
    os.symlink(outside / "secret.py", repo / "swapped.py")  # ripgrep would follow it if named
    (repo / "gen" / "untracked.py").write_text("")
    listed = [f.path for f in WorkTree(str(repo)).files()]
    # Tracked under an ignored directory: kept; in a directory the policy refuses: by name.
    assert listed == [".github/ci.yml", ".gitignore", "a.py", "gen/kept.py"]


def test_a_repository_before_its_first_add_still_applies_its_ignore_rules(tmp_path):
    root = write_tree(tmp_path / "r", {"a.py": "", "out.log": "", ".gitignore": "*.log\n"})
    git(root, "init", "-q", "-b", "main")
    tree = WorkTree(str(root))
    assert [f.path for f in tree.files()] == [".gitignore", "a.py"]
    assert (tree.commit(), tree.branch()) == (None, "main")


def test_every_tracked_file_git_ignores_is_among_those_the_rules_may_ignore(tmp_path):
    """`gitmeta.may_ignore` reads the patterns generously (a superset), never narrowly: every path
    git itself calls ignored (`git check-ignore --no-index`, the top's rules, a subdirectory's and
    `info/exclude`) is among them, and a file no pattern names is not."""
    rules = {
        ".gitignore": "*.py[co]\nbuild/\n/docs/_build/\n**/gen/*.c\nfoo?.txt\n!keep.c\n\\#notes\nlib/*.so\n",
        "pkg/.gitignore": "local_*.py\ncache\n",
    }
    paths = [
        "a.pyc",
        "src/b.pyo",
        "src/b.py",
        "build/out.py",
        "src/build/x.py",
        "docs/_build/i.html",
        "docs/_build.py",
        "x/gen/y.c",
        "gen/z.c",
        "x/gen/keep.c",
        "foo1.txt",
        "foo12.txt",
        "#notes",
        "lib/a.so",
        "lib/sub/a.so",
        "pkg/local_x.py",
        "pkg/sub/local_y.py",
        "local_z.py",
        "pkg/cache/a.py",
        "cache/b.py",
        "excluded.tmp",
        "src/app.py",
    ]
    root = make_git_repo(tmp_path / "r", {**rules, "README.md": ""})
    (root / ".git" / "info").mkdir(exist_ok=True)
    (root / ".git" / "info" / "exclude").write_text("*.tmp\n")
    ignored = subprocess.run(
        ["git", "-C", str(root), "check-ignore", "--no-index", "--stdin"],
        input="\n".join(paths),
        capture_output=True,
        text=True,
    ).stdout.split()
    assert len(ignored) == 14  # all but keep.c (un-ignored), lib/sub/a.so, cache/b.py and the sources
    read = gitmeta.IgnoreRules(str(root), str(root / ".git"))
    for directory in ("", "pkg/"):
        read.load(directory)
    may = gitmeta.may_ignore(sorted(paths), read.loaded)
    assert set(ignored) <= set(may)
    assert "src/app.py" not in may and "src/b.py" not in may and "local_z.py" not in may
    # A glob Python's expressions refuse, or one that would backtrack for long, is passed over.
    assert gitmeta._expression("[z-a]") is None and gitmeta._expression("*a*a*a*a*a*a*a*a*a*a*b") is None
    hostile = gitmeta.IgnoreRules(str(root), None)
    hostile.loaded = [("", gitmeta._Rules(["[z-a]", "*a*a*a*a*a*a*a*a*a*a*b", "*.pyc"]))]
    assert gitmeta.may_ignore(["a.pyc", "a" * 300 + ".py"], hostile.loaded) == ["a.pyc"]


@settings(max_examples=300, deadline=None)
@example(["[a&&b]", "x[--]y", "[~~]", "[||]", "[z-a]", "[", "*[!]"], ["a", "x-y", "&"])
@given(
    st.lists(st.text(st.sampled_from("ab/*?[]!\\#.-_^$()+{}|&~"), max_size=12), max_size=6),
    st.lists(st.text(st.sampled_from("ab/._-[]*"), min_size=1, max_size=10), max_size=8),
)
def test_any_ignore_file_s_lines_give_some_of_the_paths_and_no_error_or_warning(lines, paths):
    """An ignore file is the checkout's: whatever its lines (classes Python reads as set
    operations, unclosed brackets, ranges backwards), `may_ignore` answers with paths it was given,
    raising nothing and warning nothing (a warning fails the tests)."""
    paths = sorted(set(paths))
    assert set(gitmeta.may_ignore(paths, [("", gitmeta._Rules(lines))])) <= set(paths)


def test_an_ignore_file_s_broken_or_backtracking_patterns_are_passed_over_and_the_rest_apply(tmp_path):
    """A checkout's `.gitignore` is its own: a pattern Python's expressions refuse (`[z-a]`: a
    traceback before), one they warn about (`[a&&b]`) and one of many stars (a backtracking loop
    over an untracked file's name) are passed over when an untracked file is judged; the others
    still apply, and the retrieval answers."""
    root = make_git_repo(tmp_path / "r", {"app.py": "def reconcile_ledger():\n    pass\n"})
    long_name = "a" * 30 + ".py"
    ignore = "[z-a]\n[a&&b]\n*a*a*a*a*a*a*a*a*a*b\n*.log\n"
    write_tree(root, {".gitignore": ignore, "out.log": "", "new.py": "", long_name: ""})
    listed = [f.path for f in WorkTree(str(root)).files()]
    assert "out.log" not in listed and {"new.py", long_name} <= set(listed)
    assert retrieve("reconcile_ledger fails", str(root)).paths[:1] == ["app.py"]


def test_revisions_resolve_from_the_refs_and_objects_alone(tmp_path):
    repo = make_git_repo(tmp_path / "r", {"a.py": "1\n"})
    first = git(repo, "rev-parse", "HEAD")
    (repo / "a.py").write_text("2\n")
    git(repo, "commit", "-qam", "second")
    second = git(repo, "rev-parse", "HEAD")
    git(repo, "tag", "-a", "-m", "annotated", "v1", first)
    git(repo, "branch", "old", first)
    git(repo, "pack-refs", "--all")
    for rev, want in [
        ("HEAD", second),
        ("HEAD~1", first),
        ("HEAD^", first),
        ("main~1", first),
        ("v1", first),
        ("refs/heads/old", first),
        (first[:8], first),
        ("HEAD~2", None),
        ("nope", None),
        ("HEAD:a.py", None),
        ("--output=x", None),
    ]:
        assert gitmeta.resolve_revision(str(repo), rev) == want, rev


def test_an_ignore_file_s_patterns_past_the_cap_are_left_out(tmp_path):
    """The first MAX_IGNORE_PATTERNS patterns of a `.gitignore` apply; past them an untracked
    file they would ignore is listed (never a tracked file hidden), and the walk keeps at most
    MAX_IGNORE_PATTERNS_TOTAL over all ignore files."""
    cap = gitmeta.MAX_IGNORE_PATTERNS
    patterns = [f"early_{i}.py" for i in range(cap)] + [f"late_{i}.py" for i in range(cap)]
    repo = make_git_repo(
        tmp_path / "r", {"app.py": "", ".gitignore": "# a comment\n\n" + "\n".join(patterns)}
    )
    write_tree(repo, {"early_5.py": "", f"early_{cap - 1}.py": "", "late_5.py": "", "new.py": ""})
    listed = [f.path for f in WorkTree(str(repo)).files()]
    assert listed == [".gitignore", "app.py", "late_5.py", "new.py"]
    rules = gitmeta.IgnoreRules(str(repo), None)
    for d in range(gitmeta.MAX_IGNORE_PATTERNS_TOTAL // cap + 1):
        write_tree(repo, {f"d{d}/.gitignore": "\n".join(patterns)})
    kept = [rules.load(f"d{d}/") for d in range(gitmeta.MAX_IGNORE_PATTERNS_TOTAL // cap + 1)]
    assert [len(r.lines) if r else 0 for r in kept][-2:] == [cap, 0]


@pytest.mark.parametrize("where", ["", "lib/"])
def test_a_megabyte_of_ignore_patterns_leaves_the_answer_whole(tmp_path, where):
    """A `.gitignore` of 50,000 patterns (at the top, or deeper), one untracked file: the walk
    keeps the first patterns and ripgrep searches the walked files by name (its own walk would
    build a matcher of every pattern first, past the time budget), so the definition is found."""
    ignore = "".join(f"build_{i}/**/*.o\n" for i in range(50_000))
    files = {"app.py": "def reconcile_ledger():\n    pass\n", f"{where}.gitignore": ignore, "lib/x.py": ""}
    repo = make_git_repo(tmp_path / "r", files)
    write_tree(repo, {"untracked.py": "x = 1\n"})
    result = retrieve("reconcile_ledger fails", str(repo))
    assert result.paths[:1] == ["app.py"] and "time_s" not in result.bounds_reached
