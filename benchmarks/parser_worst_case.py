"""The parsers' worst lines, timed: what the tests check for answers, measured for time.

    .venv/bin/python benchmarks/parser_worst_case.py [--runs 3]

Three cases, each the slowest input of its kind (the median of --runs runs):
`definition_kind` on 100 KB lines built to make backtracking patterns blow up,
per language; the evidence parsers on the longest line they scan, built from the
fragments their formats key on; and on a 1 MB line (skipped, so its cost is the
split). A pattern that backtracks shows as a case far above the others. Nothing is
asserted: timings are read on a quiet machine, never checked in a test.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "lang"))

from test_definitions import PATTERN_LANGUAGES, TREE_SITTER_LANGUAGES, adversarial_lines  # noqa: E402
from test_parsers_fuzz import (  # noqa: E402
    HOSTILE_FRAGMENTS,
    LINE_PREFIXES,
    ONE_MEGABYTE_FRAGMENTS,
    PARSERS,
    hostile_line,
)

from boundedcode.lang.definitions import definition_kind  # noqa: E402


def _median_ms(fn, runs: int) -> float:
    times = []
    for _ in range(runs):
        start = time.perf_counter()
        fn()
        times.append((time.perf_counter() - start) * 1000)
    return statistics.median(times)


def _parse_all(text: str) -> None:
    for parse, _ in PARSERS:
        parse(text)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--runs", type=int, default=3)
    args = ap.parse_args()
    long_lines = adversarial_lines(100_000)
    per_language = {
        language: _median_ms(lambda: [definition_kind(language, line, "a") for line in long_lines], args.runs)
        for language in sorted({*TREE_SITTER_LANGUAGES, *PATTERN_LANGUAGES, "objc"})
    }
    worst = max(per_language, key=per_language.__getitem__)
    print(f"definition_kind, {len(long_lines)} lines of 100 KB per language:")
    print(f"  median over languages {statistics.median(per_language.values()):8.1f} ms")
    print(f"  slowest ({worst})      {per_language[worst]:8.1f} ms")
    scanned = {
        (prefix, fragment): _median_ms(lambda: _parse_all(hostile_line(prefix, fragment)), args.runs)
        for fragment in HOSTILE_FRAGMENTS
        for prefix in LINE_PREFIXES
    }
    slow = max(scanned, key=scanned.__getitem__)
    print(f"evidence parsers, the longest scanned line ({len(scanned)} lines):")
    print(f"  slowest line {scanned[slow]:8.1f} ms  ({slow[0]!r} + {slow[1]!r} repeated)")
    megabyte = {
        f: _median_ms(lambda: _parse_all(f * (1_000_000 // len(f))), args.runs)
        for f in ONE_MEGABYTE_FRAGMENTS
    }
    slow_f = max(megabyte, key=megabyte.__getitem__)
    print(f"evidence parsers, a 1 MB line: slowest {megabyte[slow_f]:8.1f} ms  ({slow_f!r} repeated)")


if __name__ == "__main__":
    main()
