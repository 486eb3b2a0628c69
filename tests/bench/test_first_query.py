"""`benchmarks/first_query.py`: a prepared engine's first query, two source trees, A B B A."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import boundedcode

from ..conftest import write_tree

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "first_query.py"
SRC = str(Path(boundedcode.__file__).resolve().parents[1])


def _run(tmp_path: Path, *args: str) -> subprocess.CompletedProcess[str]:
    repo = write_tree(tmp_path / "repo", {"shop/ledger.py": "def post_entry(amount):\n    return amount\n"})
    tasks = tmp_path / "tasks.jsonl"
    task = {"instance_id": "t-1", "base_commit": "a" * 40, "problem_statement": "post_entry loses the amount"}
    tasks.write_text(json.dumps(task) + "\n")
    command = [sys.executable, str(SCRIPT), "--repo", str(repo), "--tasks", str(tasks)]
    return subprocess.run(
        [*command, "--src", f"a={SRC}", "--src", f"b={SRC}", *args], capture_output=True, text=True
    )


def test_each_message_is_asked_of_a_fresh_prepared_engine_a_b_b_a(tmp_path):
    done = _run(tmp_path, "--ids", "t-1")
    assert done.returncode == 0, done.stderr
    lines = done.stdout.splitlines()
    assert [line.split(":")[0] for line in lines[:4]] == ["t-1 a", "t-1 b", "t-1 b", "t-1 a"]
    assert all("total" in line and "strategies" in line for line in lines[:4])
    assert lines[4] == "1 messages, A B B A each, a fresh prepared engine a run"
    assert lines[-1].startswith("b / a per message: p50 ")


def test_an_id_the_task_file_lacks_is_named_and_nothing_runs(tmp_path):
    done = _run(tmp_path, "--ids", "t-1,t-9")
    assert done.returncode == 1
    assert done.stdout == ""
    assert done.stderr.strip().endswith("tasks.jsonl: t-9")
