"""Fixtures for the benchmark harness: a git mirror built on disk, a task file, a fake engine."""

from __future__ import annotations

import json
import os
import re
import subprocess
from pathlib import Path
from typing import Collection, Sequence

import pytest

from boundedcode.checkout import Budgets
from boundedcode.model import Item, RetrievalResult, StrategyRun
from boundedcode.render import count_tokens

GIT_ENV = {
    "GIT_AUTHOR_NAME": "t",
    "GIT_AUTHOR_EMAIL": "t@example.com",
    "GIT_COMMITTER_NAME": "t",
    "GIT_COMMITTER_EMAIL": "t@example.com",
    "GIT_AUTHOR_DATE": "2024-01-01T00:00:00Z",
    "GIT_COMMITTER_DATE": "2024-01-01T00:00:00Z",
    "GIT_CONFIG_GLOBAL": os.devnull,
    "GIT_CONFIG_NOSYSTEM": "1",
}

FIRST_FILES = {
    "src/cart.py": "class Cart:\n    def add_item(self, item):\n        return item\n",
    "src/ledger.py": "def post_entry(amount):\n    return amount\n",
    "tests/test_cart.py": "from src.cart import Cart\n\ndef test_add_item():\n    Cart().add_item(1)\n",
    "README.md": "Shop example.\n",
    ".gitattributes": "tests export-ignore\n",  # git archive would drop tests/; checkouts must not
    "link.py": None,  # a symlink, made below
}
SECOND_FILES = {
    "src/ledger.py": "def post_entry(amount, currency):\n    return amount\n",
    "src/refund.py": "def refund_order(order):\n    return order\n",
}


def git(cwd: Path, *args: str) -> str:
    out = subprocess.run(
        ["git", *args], cwd=cwd, check=True, capture_output=True, env={**os.environ, **GIT_ENV}
    )
    return out.stdout.decode().strip()


def _write(root: Path, files: dict[str, str | None]) -> None:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if content is None:
            path.symlink_to("src/cart.py")
        else:
            path.write_text(content)


@pytest.fixture
def mirror(tmp_path: Path) -> dict:
    """A bare mirror at mirrors/acme+shop/repo with two commits, as fetch lays mirrors out."""
    work = tmp_path / "work"
    work.mkdir()
    git(work, "init", "-q", "-b", "main")
    _write(work, FIRST_FILES)
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "first")
    first = git(work, "rev-parse", "HEAD")
    _write(work, SECOND_FILES)
    git(work, "add", "-A")
    git(work, "commit", "-q", "-m", "second")
    second = git(work, "rev-parse", "HEAD")
    folder = tmp_path / "mirrors"
    git(tmp_path, "clone", "-q", "--bare", str(work), str(folder / "acme+shop" / "repo"))
    return {"folder": folder, "git_dir": folder / "acme+shop" / "repo", "commits": (first, second)}


def snapshot(root: Path) -> dict[str, tuple[int, float, bytes]]:
    """Every file under `root` with its size, mtime and content: to prove nothing was written."""
    out = {}
    for dirpath, _, names in os.walk(root):
        for name in names:
            p = Path(dirpath) / name
            st = p.lstat()
            out[str(p.relative_to(root))] = (st.st_size, st.st_mtime, p.read_bytes())
    return out


def task(instance_id: str, commit: str, **extra) -> dict:
    return {
        "instance_id": instance_id,
        "dataset": "unit",
        "repo": "acme/shop",
        "fetch_repo": "acme/shop",
        "language": "python",
        "base_commit": commit,
        "problem_statement": "Cart add_item fails",
        "gold_files": ["src/cart.py"],
        "fail_to_pass": ["tests/test_cart.py::test_add_item"],
        "usable": True,
        **extra,
    }


@pytest.fixture
def task_file(tmp_path: Path, mirror: dict) -> Path:
    first, second = mirror["commits"]
    rows = [
        task("shop-1", first),
        task(
            "shop-2",
            second,
            problem_statement="refund_order posts twice to the ledger",
            gold_files=["src/refund.py", "src/ledger.py"],
            fail_to_pass=[],
        ),
        task("shop-3", second, problem_statement="It is slow.", gold_files=["README.md"]),
        task("other-1", first, repo="acme/other", fetch_repo="acme/other"),
        task("gone-1", first, fetch_repo=None),
        task("bad-1", first, usable=False),
    ]
    path = tmp_path / "tasks.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows))
    return path


class FakeEngine:
    """Ranks the checkout's files whose stem the message mentions; counts its calls."""

    def __init__(self, fail_after: int | None = None):
        self.calls: list[tuple[str, str, tuple[str, ...]]] = []
        self.budgets: list[Budgets | None] = []  # each call's, None where the default was meant
        self.fail_after = fail_after

    def __call__(
        self,
        message: str,
        repo: str,
        *,
        evidence: Sequence[str] = (),
        retrieval: str = "adaptive",
        without: Collection[str] = (),
        budgets: Budgets | None = None,
    ) -> RetrievalResult:
        if self.fail_after is not None and len(self.calls) >= self.fail_after:
            raise KeyboardInterrupt
        self.calls.append((message, retrieval, tuple(without)))
        self.budgets.append(budgets)
        words = set(re.findall(r"[a-z0-9]+", "\n".join([message, *evidence]).lower()))
        items = []
        if "paths" not in without:
            for dirpath, _, names in sorted(os.walk(repo)):
                for name in sorted(names):
                    rel = os.path.relpath(os.path.join(dirpath, name), repo).replace(os.sep, "/")
                    if name.rsplit(".", 1)[0] in words:
                        items.append(Item(rel, 1, None, 0.9, "named", ("paths",), ("path:" + rel,)))
        block = "\n".join(f"- {i.path}:{i.line}" for i in items)
        return RetrievalResult(
            items=items,
            block=block,
            tokens=count_tokens(block),
            truncated=False,
            commit=None,
            branch=None,
            strategies=[StrategyRun("paths", "paths" not in without, "names", len(items))],
            anchors=[],
            bounds_reached=[],
            timings_ms={"total": 5.0 + len(items)},
            budget_use={},
            retrieval=retrieval,
        )
