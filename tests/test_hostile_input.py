"""Hostile input: every bound binds before the work it guards, and is named; nothing is timed."""

from __future__ import annotations

import json
import os
import subprocess
import sys
import shutil
import tempfile
import textwrap
from dataclasses import replace
from pathlib import Path

import pytest

from boundedcode import retrieve
from boundedcode.checkout import DEFAULT_BUDGETS, MemoryTree
from boundedcode.errors import RepositoryError
from boundedcode.retrieve import run_retrieval
from boundedcode.scan.memory import MemoryScanner
from boundedcode.seeds.message import cap_message

from .conftest import write_tree

TREE = MemoryTree({"ledger/post.py": "def reconcile_ledger():\n    return 1\n", "README.md": "A ledger.\n"})


def test_a_long_message_keeps_its_head_and_tail_and_says_so():
    head, tail = "Title line mentions `head_name`\n", "  tail_name_here() failed\n"
    text, cut = cap_message(head + "filler words here\n" * 10_000 + tail, 4000)
    assert cut and len(text) <= 4000 and text.startswith(head) and text.endswith(tail)
    assert cap_message("short", 4000) == ("short", False)


def test_message_size_and_anchor_count_are_bounds_reached_by_name():
    budgets = replace(DEFAULT_BUDGETS, message_chars=2000, anchors=5)
    names = " ".join(f"`name_{i}_x`" for i in range(2000)) + "\n`reconcile_ledger` fails\n"
    result = run_retrieval(names, TREE, budgets=budgets)
    assert "message_chars" in result.bounds_reached and "anchors" in result.bounds_reached
    assert len(result.anchors) == 5


@pytest.mark.parametrize(
    "text",
    [
        " ".join(f"ident_{i}_tail" for i in range(20_000)),  # 20,000 identifiers
        "a: " * 400_000,  # `a:` pairs
        "ValueError: a a a\n" * 60_000,  # error lines
    ],
)
def test_megabytes_of_hostile_text_are_capped_before_anchor_extraction(text):
    result = run_retrieval(text, TREE)
    assert result.bounds_reached[0] == "message_chars"
    assert len(result.anchors) <= DEFAULT_BUDGETS.anchors


class Ticking:
    """A clock that moves `step` seconds at every call: the budget runs out mid-retrieval."""

    def __init__(self, step: float) -> None:
        self.now, self.step = 0.0, step

    def __call__(self) -> float:
        self.now += self.step
        return self.now


def test_the_time_budget_covers_planning_and_the_strategies():
    result = run_retrieval("`reconcile_ledger` fails in ledger/post.py", TREE, clock=Ticking(1.0))
    assert "time_s" in result.bounds_reached and result.truncated
    skipped = [r for r in result.strategies if r.why == "time budget spent before it ran"]
    assert skipped  # strategies planned after the budget ran out say so instead of running


class ScanPastTheDeadline(MemoryScanner):
    """An in-memory scan that ends after the whole budget: the clock stands past its deadline."""

    def __init__(self, clock: Ticking) -> None:
        self.clock = clock

    def scan(self, tree, paths, needles, budgets, deadline, term_paths=None):
        self.clock.now = deadline + 1.0
        return super().scan(tree, paths, needles, budgets, deadline, term_paths=term_paths)


def test_a_scan_that_ends_past_the_budget_still_gives_its_results_as_places():
    clock = Ticking(0.0)
    result = run_retrieval(
        "`reconcile_ledger` fails in ledger/post.py", TREE, clock=clock, scanner=ScanPastTheDeadline(clock)
    )
    assert "time_s" in result.bounds_reached and result.truncated
    assert result.items and result.items[0].path == "ledger/post.py"
    ran = [r.strategy for r in result.strategies if r.ran]
    skipped = [r.strategy for r in result.strategies if r.why == "time budget spent before it ran"]
    assert ran and skipped  # strategies ran until one found something, the rest were skipped


def test_the_time_budget_covers_parsing_the_evidence():
    calls = iter([0.0])  # the first reading (before the evidence is parsed) is 0, every later one 10

    def clock() -> float:
        return next(calls, 10.0)

    result = retrieve("`reconcile_ledger` fails", tree=TREE, evidence=["E   ValueError: x\n"], clock=clock)
    assert "time_s" in result.bounds_reached


def test_a_140_kb_word_is_dropped_from_the_scan_not_passed_to_ripgrep(tmp_path):
    root = write_tree(tmp_path / "r", {"ledger/post.py": "def reconcile_ledger():\n    return 1\n"})
    word = "_".join(["ab"] * 47_000)  # one snake_case word of 140 kB: a name to both modes
    for mode in ("adaptive", "basic"):
        result = retrieve(f"`{word}` and `reconcile_ledger`", str(root), retrieval=mode)
        assert "needle_chars" in result.bounds_reached
        assert result.paths == ["ledger/post.py"]


UNREADABLE_CHILD = textwrap.dedent(
    """
    import json, os, sys
    from boundedcode import retrieve, retry_pack
    from boundedcode.errors import RepositoryError
    os.setgid(65534); os.setuid(65534)  # nobody: the mode bits apply again
    out = []
    for call in (lambda: retrieve("`x` fails", sys.argv[1]), lambda: retry_pack("x", [sys.argv[1]])):
        try:
            call()
            out.append("no error")
        except RepositoryError as exc:
            out.append(str(exc))
    print(json.dumps(out))
    """
)


@pytest.mark.skipif(os.geteuid() != 0, reason="needs root to drop to another user")
def test_a_checkout_that_cannot_be_read_is_one_clear_error():
    # Under /tmp itself, so that the other user can reach the directory (pytest's is private).
    parent = Path(tempfile.mkdtemp(prefix="bcode-unreadable-"))
    parent.chmod(0o755)
    root = write_tree(parent / "r", {"a.py": "x = 1\n"})
    root.chmod(0o000)
    try:
        proc = subprocess.run(
            [sys.executable, "-c", UNREADABLE_CHILD, str(root)], capture_output=True, text=True, timeout=120
        )
    finally:
        root.chmod(0o755)
        shutil.rmtree(parent)
    assert proc.returncode == 0, proc.stderr[-2000:]
    assert json.loads(proc.stdout) == [f"{root}: cannot read the checkout (Permission denied)"] * 2
    assert RepositoryError.__mro__[1].__name__ == "UsageError"  # printed as one line, status 2


def test_a_search_cut_short_by_the_file_bound_says_so_in_the_block():
    files = {f"pkg/m{i:03d}.py": "x = 1\n" for i in range(20)} | {
        "pkg/z_last.py": "def reconcile_ledger(): pass\n"
    }
    budgets = replace(DEFAULT_BUDGETS, files_listed=10)
    for mode in ("adaptive", "basic"):
        result = retrieve("`reconcile_ledger` fails", tree=MemoryTree(files), budgets=budgets, retrieval=mode)
        assert "files_listed" in result.bounds_reached
        assert result.block == (
            "No places found in the repository for this message.\n"
            "(the search was cut short by the files_listed bound: some files were not searched)\n"
        )
    found = retrieve("`x` in pkg/m001.py", tree=MemoryTree(files), budgets=budgets)
    assert found.block.endswith(
        "- (the search was cut short by the files_listed bound: some files were not searched)\n"
    )
