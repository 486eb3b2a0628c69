"""A small Python repository under git, and a clock that ticks one second a call."""

from __future__ import annotations

from pathlib import Path

import pytest

from ..conftest import make_git_repo

POST = """\
class Ledger:
    def post(self, entry):
        return self.accounts[entry.account]
"""

REPORT = """\
from ledger.post import Ledger


def report(ledger: Ledger):
    return ledger.post(None)
"""

FILES = {
    "ledger/post.py": POST,
    "ledger/report.py": REPORT,
    "README.md": "A ledger.\n",
    ".env": "TOKEN=secret\n",
}


class Clock:
    def __init__(self) -> None:
        self.t = 1_700_000_000.0

    def __call__(self) -> float:
        self.t += 1.0
        return self.t


@pytest.fixture
def repo(tmp_path: Path) -> Path:
    return make_git_repo(tmp_path / "repo", FILES)


@pytest.fixture
def session_path(tmp_path: Path) -> str:
    return str(tmp_path / "session.jsonl")
