"""What the benchmarks that compare two source trees share (`cold_pair`, `warm_pair`,
`first_query`): their `--src NAME=SRC` pair and their task file."""

from __future__ import annotations

import argparse
import json


def source_pair(parser: argparse.ArgumentParser, specs: list[str]) -> tuple[tuple[str, str], tuple[str, str]]:
    """`--src NAME=SRC` given twice: A's (name, source tree) and B's; the usage and exit otherwise."""
    if len(specs) != 2 or not all("=" in s for s in specs):
        parser.error("give --src NAME=SRC twice: A, then B")
    (name_a, src_a), (name_b, src_b) = (s.split("=", 1) for s in specs)
    return (name_a, src_a), (name_b, src_b)


def read_tasks(path: str) -> list[dict]:
    """A task file's tasks (one JSON object a line), in its order."""
    with open(path, encoding="utf-8") as f:
        return [json.loads(line) for line in f if line.strip()]
