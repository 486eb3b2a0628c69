"""history: a commit id the message names gives the files that commit changed."""

import pytest

from boundedcode import retrieve
from boundedcode.checkout.tree import WorkTree
from boundedcode.model import Anchor
from boundedcode.retrieve import run_retrieval
from boundedcode.strategies.history import changed_files

from ..conftest import git, make_git_repo, write_tree


@pytest.fixture
def repo(tmp_path):
    root = make_git_repo(
        tmp_path / "repo",
        {
            "app/cart.py": "def total(items):\n    return sum(items)\n",
            "app/tax.py": "RATE = 0.2\n",
            "app/legacy.py": "OLD = True\n",
            "README.md": "# shop\n",
        },
    )
    write_tree(
        root,
        {
            "app/cart.py": "def total(items):\n    return round(sum(items), 2)\n",
            "app/discount.py": "def apply(total):\n    return total\n",
        },
    )
    git(root, "rm", "-q", "app/legacy.py")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "round totals")
    return root


def history_run(result):
    return next(s for s in result.strategies if s.strategy == "history")


def test_the_named_commit_gives_the_files_it_changed_that_still_exist(repo):
    second = git(repo, "rev-parse", "HEAD")
    result = retrieve(f"Totals are off by a cent since commit {second[:9]}", str(repo))
    found = sorted((it.path, it.reason) for it in result.items if "history" in it.strategies)
    assert found == [
        ("app/cart.py", f"changed in commit {second[:9]}"),
        ("app/discount.py", f"changed in commit {second[:9]}"),
    ]
    assert history_run(result).ran and history_run(result).findings == 2


def test_a_root_commit_gives_all_its_files_and_a_pinned_commit_is_read_from_git(repo):
    first = git(repo, "rev-list", "--max-parents=0", "HEAD")
    assert changed_files(WorkTree(str(repo)).repository(), first[:7]) == [
        "README.md",
        "app/cart.py",
        "app/legacy.py",
        "app/tax.py",
    ]
    # At the pinned first commit the deleted file still exists, so it is a finding there.
    result = retrieve(f"regression since commit {first[:8]}", str(repo), commit=first)
    assert "app/legacy.py" in [it.path for it in result.items if "history" in it.strategies]


def test_outside_a_git_checkout_the_run_says_why(tmp_path):
    root = write_tree(tmp_path / "plain", {"app/cart.py": "x = 1\n"})
    result = retrieve("broken since commit 3f2a9bc1", str(root))
    run = history_run(result)
    assert run.findings == 0 and "not a git checkout" in run.why


def test_an_unknown_commit_says_so(repo):
    result = retrieve("broken since commit 3f2a9bc1", str(repo))
    run = history_run(result)
    assert run.findings == 0 and "commit 3f2a9bc1 not found" in run.why


@pytest.mark.parametrize(
    "text", ["--output=x", "HEAD~1", "HEAD", "3f2a9bc1..HEAD", "-p", "3F2A9BC1", "abc12"]
)
def test_anything_but_a_hex_commit_id_is_refused(repo, text):
    with pytest.raises(ValueError):
        changed_files(WorkTree(str(repo)).repository(), text)
    # Even as an anchor from elsewhere it reaches git only as data, and finds nothing.
    result = run_retrieval("why", WorkTree(str(repo)), evidence_anchors=[Anchor("commit", text)])
    assert history_run(result).findings == 0 and "not a commit id" in history_run(result).why
    assert not (repo / "x").exists()
