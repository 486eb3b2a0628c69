"""Shared fixtures: small repositories the tests build on disk."""

from __future__ import annotations

import atexit
import os
import shutil
import subprocess
import tempfile
from pathlib import Path

import pytest

# The programs of the expressions the tests compile are kept apart from the user's
# (`lazyre.compile_static`), in a folder of this run's own.
_PROGRAMS = tempfile.mkdtemp(prefix="bcode-test-programs-")
os.environ.setdefault("BCODE_CACHE_DIR", _PROGRAMS)
atexit.register(shutil.rmtree, _PROGRAMS, ignore_errors=True)

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "examples" / "shop"


def write_tree(root: Path, files: dict[str, str | bytes]) -> Path:
    for rel, content in files.items():
        path = root / rel
        path.parent.mkdir(parents=True, exist_ok=True)
        if isinstance(content, str):
            path.write_text(content)
        else:
            path.write_bytes(content)
    return root


def under_hash_seeds(code: str, seeds: int) -> set[str]:
    """What `python -c code` prints in a fresh process under each of `seeds` string hash seeds."""
    import sys

    return {
        subprocess.run(
            [sys.executable, "-c", code],
            env={**os.environ, "PYTHONHASHSEED": str(seed)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
        for seed in range(seeds)
    }


#: Fixed identity and dates, and no user or system git configuration: same commits on every machine.
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


def git(root: Path, *args: str) -> str:
    out = subprocess.run(
        ["git", "-C", str(root), *args], check=True, capture_output=True, env={**os.environ, **GIT_ENV}
    )
    return out.stdout.decode().strip()


def make_git_repo(root: Path, files: dict[str, str | bytes]) -> Path:
    write_tree(root, files)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "initial")
    return root


@pytest.fixture
def example_repo() -> Path:
    return EXAMPLE
