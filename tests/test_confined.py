"""Confined reads: the check and the read are one act, and the size is known before the read."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest

from boundedcode.checkout import GitTree, MemoryTree, WorkTree, read_confined
from boundedcode.checkout.confined import (
    BINARY,
    BINARY_PROBE_BYTES,
    NOT_READABLE,
    OUTSIDE,
    is_binary,
    read_under,
)
from boundedcode.session import Session

from .conftest import git, make_git_repo, write_tree

CANARY = "CANARY_OUTSIDE_THE_CHECKOUT"
RACE_ROUNDS = 10_000
SESSION_EVERY = 10


SWAPPER = textwrap.dedent(
    """
    import os, sys
    root = sys.argv[1]
    while True:
        os.rename(root + "/d", root + "/dreal")
        os.rename(root + "/dlink", root + "/d")
        os.rename(root + "/d", root + "/dlink")
        os.rename(root + "/dreal", root + "/d")
    """
)


def test_a_directory_swapped_for_a_symlink_mid_read_never_leads_outside(tmp_path):
    outside = write_tree(tmp_path / "outside", {"inner.py": f"{CANARY}\n"})
    root = write_tree(tmp_path / "repo", {"d/inner.py": "inside = 1\n"})
    os.symlink(outside, root / "dlink")
    # `d` is a real directory, then a symlink to `outside`, then a directory again, as fast as
    # rename allows, in another process: the policy's look and the open fall on either side.
    swapper = subprocess.Popen([sys.executable, "-c", SWAPPER, str(root)], stderr=subprocess.DEVNULL)
    tree = WorkTree(str(root))
    seen: set[bytes | None] = set()
    try:
        with Session(None, str(root), tree_factory=lambda: tree) as session:
            for n in range(RACE_ROUNDS):
                seen.add(tree.read("d/inner.py"))
                if n % SESSION_EVERY == 0:  # the MCP `read` path, less often: it records each read
                    seen.add(session.read(["d/inner.py"]).content.encode())
    finally:
        swapper.kill()
        swapper.wait()
    assert not any(CANARY.encode() in s for s in seen if s), "read through the swapped-in symlink"
    assert b"inside = 1\n" in seen  # the race was run: the real file was read too


def test_fifos_devices_and_symlinked_files_are_refused_without_blocking(tmp_path):
    root = write_tree(tmp_path / "repo", {"a.py": "a = 1\n", "bin.dat": b"x\0y"})
    os.mkfifo(root / "pipe.py")  # an open without O_NONBLOCK would wait for a writer forever
    os.symlink("a.py", root / "link.py")
    tree = WorkTree(str(root))
    assert tree.read_file("pipe.py", 1024).refused == NOT_READABLE
    assert tree.read_file("link.py", 1024).refused == NOT_READABLE
    assert read_confined(tree, "bin.dat", 1024).refused == BINARY
    assert read_confined(tree, "../repo/a.py", 1024).refused == OUTSIDE
    assert read_confined(tree, "a.py", 3).refused == "larger than 3 bytes"
    assert read_confined(tree, "a.py", 1024).data == b"a = 1\n"
    assert read_under("/dev", "zero", 1024).refused == NOT_READABLE


def test_the_limit_binds_in_every_tree(tmp_path):
    repo = make_git_repo(tmp_path / "r", {"big.py": "x" * 100, "small.py": "y"})
    head = git(repo, "rev-parse", "HEAD")
    for tree in (WorkTree(str(repo)), GitTree(str(repo), head), MemoryTree({"big.py": "x" * 100})):
        assert tree.read("big.py", 99) is None
        assert tree.read_file("big.py", 99).refused == "larger than 99 bytes"
        assert tree.read("big.py", 100) == b"x" * 100


SPARSE_BYTES = 2 * 1024**3
#: Address space the child may add after its imports: far less than the sparse file.
HEADROOM_BYTES = 400 * 1024**2

SPARSE_CHILD = textwrap.dedent(
    """
    import json, resource, sys
    from boundedcode import retrieve, retry_pack
    from boundedcode.checkout import WorkTree
    from boundedcode.session import Session

    repo, out, headroom = sys.argv[1], sys.argv[2], int(sys.argv[3])
    with open("/proc/self/statm") as f:
        used = int(f.read().split()[0]) * resource.getpagesize()
    resource.setrlimit(resource.RLIMIT_AS, (used + headroom, used + headroom))
    facts = {"tree": WorkTree(repo).read("huge/data.py")}
    with Session(None, repo) as s:
        facts["session"] = s.read(["huge/data.py"]).content
    result = retrieve("crash in huge/data.py:3 and `load_all`", repo)
    facts["retrieve"] = result.paths
    trace = 'Traceback (most recent call last):\\n  File "huge/data.py", line 3, in load_all\\n'
    facts["retry_pack"] = retry_pack(trace, [repo]).text
    with open(out, "w") as f:
        json.dump(facts, f)
    """
)


def test_a_sparse_file_of_gigabytes_is_never_read_under_an_address_space_limit(tmp_path):
    repo = write_tree(tmp_path / "repo", {"app/load.py": "def load_all():\n    return 1\n"})
    (repo / "huge").mkdir()
    with open(repo / "huge" / "data.py", "wb") as f:
        f.truncate(SPARSE_BYTES)  # sparse: no disk used, 2 GiB when read
    out = tmp_path / "facts.json"
    proc = subprocess.run(
        [sys.executable, "-c", SPARSE_CHILD, str(repo), str(out), str(HEADROOM_BYTES)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
    facts = json.loads(Path(out).read_text())
    assert facts["tree"] is None
    assert facts["session"].endswith("refused: larger than 1,048,576 bytes\n")
    assert "app/load.py" in facts["retrieve"]  # named, it may be listed; it is never read
    assert facts["retry_pack"] == ""


@pytest.mark.parametrize(
    ("data", "binary"),
    [
        (b"", False),
        (b"plain text\n", False),
        (b"\0", True),
        (b"a" * (BINARY_PROBE_BYTES - 1) + b"\0", True),  # the last byte probed
        (b"a" * BINARY_PROBE_BYTES + b"\0", False),  # past the probe: git reads it as text too
    ],
)
def test_a_nul_within_the_probed_span_marks_a_binary_file(data, binary):
    assert is_binary(data) is binary
