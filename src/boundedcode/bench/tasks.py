"""The benchmark's task file: one JSON object a line (see shared/bench/README.md)."""

from __future__ import annotations

import json
from dataclasses import dataclass

from ..errors import UsageError

__all__ = ["Task", "load_tasks"]

#: Fields every task must carry, with the JSON type each must have.
REQUIRED_FIELDS: dict[str, type] = {
    "instance_id": str,
    "repo": str,
    "language": str,
    "base_commit": str,
    "problem_statement": str,
    "gold_files": list,
}


@dataclass(frozen=True)
class Task:
    instance_id: str
    dataset: str
    repo: str
    fetch_repo: str | None  # where the git history comes from; None where no copy could be had
    language: str
    base_commit: str
    problem_statement: str
    gold_files: tuple[str, ...]  # modified or deleted by the fix, named as at base_commit
    fail_to_pass: tuple[str, ...]
    usable: bool
    patch: str = ""  # the fix as a unified diff: where in the gold files it is (bench.lines)


def _task(obj: object, where: str) -> Task:
    if not isinstance(obj, dict):
        raise UsageError(f"{where}: expected a JSON object")
    for name, kind in REQUIRED_FIELDS.items():
        if not isinstance(obj.get(name), kind):
            raise UsageError(f"{where}: field {name!r} is missing or not a {kind.__name__}")
    fetch_repo = obj.get("fetch_repo", obj["repo"])
    if fetch_repo is not None and not isinstance(fetch_repo, str):
        raise UsageError(f"{where}: field 'fetch_repo' must be a string or null")
    tests = obj.get("fail_to_pass") or []
    if not isinstance(tests, list):
        raise UsageError(f"{where}: field 'fail_to_pass' must be a list")
    return Task(
        instance_id=obj["instance_id"],
        dataset=str(obj.get("dataset") or "unknown"),
        repo=obj["repo"],
        fetch_repo=fetch_repo,
        language=obj["language"],
        base_commit=obj["base_commit"],
        problem_statement=obj["problem_statement"],
        gold_files=tuple(str(p) for p in obj["gold_files"]),
        fail_to_pass=tuple(str(t) for t in tests),
        usable=obj.get("usable", True) is not False,
        patch=obj["patch"] if isinstance(obj.get("patch"), str) else "",
    )


def load_tasks(path: str) -> list[Task]:
    """All tasks of `path` in file order; a bad file is one clear `UsageError`."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.readlines()
    except FileNotFoundError:
        raise UsageError(f"task file not found: {path}") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise UsageError(f"cannot read task file {path}: {exc}") from None
    tasks: list[Task] = []
    seen: set[str] = set()
    for number, line in enumerate(lines, 1):
        if not line.strip():
            continue
        where = f"{path}:{number}"
        try:
            obj = json.loads(line)
        except json.JSONDecodeError as exc:
            raise UsageError(f"{where}: not valid JSON ({exc.msg})") from None
        task = _task(obj, where)
        if task.instance_id in seen:
            raise UsageError(f"{where}: duplicate instance_id {task.instance_id!r}")
        seen.add(task.instance_id)
        tasks.append(task)
    if not tasks:
        raise UsageError(f"task file holds no tasks: {path}")
    return tasks
