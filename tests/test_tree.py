import os

from boundedcode import retrieve
from boundedcode.checkout import GitTree, MemoryTree, WorkTree, blob_id

from .conftest import git, make_git_repo


def test_blob_id_matches_git(tmp_path):
    repo = make_git_repo(tmp_path / "r", {"a.txt": "hello\n"})
    assert blob_id(b"hello\n") == git(repo, "rev-parse", "HEAD:a.txt")


def test_git_tree_reads_the_pinned_commit_not_the_working_copy(tmp_path):
    repo = make_git_repo(tmp_path / "r", {"src/a.py": "old = 1\n", "b.txt": "b\n"})
    first = git(repo, "rev-parse", "HEAD")
    (repo / "src" / "a.py").write_text("new = 2\n")
    git(repo, "commit", "-qam", "second")
    tree = GitTree(str(repo), first)
    assert tree.commit() == first
    assert [f.path for f in tree.files()] == ["b.txt", "src/a.py"]
    assert tree.read("src/a.py") == b"old = 1\n"
    assert tree.read("../r/src/a.py") is None


def test_git_tree_refuses_revision_syntax(tmp_path):
    repo = make_git_repo(tmp_path / "r", {"a": "1"})
    for rev in ("HEAD~1", "--output=x", "main", "-c core.pager=x"):
        try:
            GitTree(str(repo), rev)
        except ValueError:
            continue
        raise AssertionError(f"{rev!r} was accepted")


def test_work_tree_lists_tracked_and_untracked_in_path_order(tmp_path):
    repo = make_git_repo(tmp_path / "r", {"b.py": "", "a/c.py": "", ".gitignore": "ignored.py\n"})
    (repo / "new.py").write_text("")
    (repo / "ignored.py").write_text("")
    os.symlink("b.py", repo / "alias.py")
    tree = WorkTree(str(repo))
    assert [f.path for f in tree.files()] == [".gitignore", "a/c.py", "b.py", "new.py"]
    assert tree.commit() == git(repo, "rev-parse", "HEAD") and tree.branch() == "main"


def test_a_tree_nested_deeper_than_the_recursion_limit_is_walked(tmp_path):
    """1,200 nested directories (Python's recursion limit is 1,000): the working tree, untracked
    and then committed, and the commit's tree list the file at the bottom, and a retrieval
    finds its definition there."""
    deep = "/".join(["d"] * 1200) + "/deep.py"
    repo = make_git_repo(tmp_path / "r", {"top.py": "x = 1\n"})
    for depth in range(1, 1201):  # one by one: pathlib's and os's makedirs recurse, as rmtree does
        os.mkdir(repo / "/".join(["d"] * depth))
    (repo / deep).write_text("def reconcile_ledger():\n    pass\n")
    try:
        _walk_deep_tree(repo, deep)
    finally:  # bottom up, or pytest's clean-up of its temporary folders fails on the depth
        (repo / deep).unlink()
        for depth in range(1200, 0, -1):
            os.rmdir(repo / "/".join(["d"] * depth))


def _walk_deep_tree(repo, deep):
    assert [f.path for f in WorkTree(str(repo)).files()] == [deep, "top.py"]
    git(repo, "add", "-A")
    git(repo, "commit", "-qm", "deep")
    head = git(repo, "rev-parse", "HEAD")
    assert [f.path for f in GitTree(str(repo), head).files()] == [deep, "top.py"]
    assert [f.path for f in GitTree(str(repo), head).scope("d").files] == [deep]  # source.context's
    assert [f.path for f in WorkTree(str(repo)).files()] == [deep, "top.py"]
    assert retrieve("reconcile_ledger fails", str(repo)).paths[:1] == [deep]
    assert retrieve("reconcile_ledger fails", str(repo), commit=head).paths[:1] == [deep]


def test_memory_tree():
    tree = MemoryTree({"b.go": "package b", "a.go": b"package a"}, commit="c" * 40)
    assert [f.path for f in tree.files()] == ["a.go", "b.go"]
    assert tree.read("./a.go") == b"package a" and tree.read("../a.go") is None
