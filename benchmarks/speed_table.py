"""Issue 11's speed table on any folder of checkouts: the engine against ripgrep, interleaved.

    .venv/bin/python benchmarks/speed_table.py --tasks TASKS.jsonl --checkouts DIR \
        [--limit 60] [--language python ...] [--no-process] [--json FILE]

The same measurement as `bcode bench speed` (boundedcode/bench/speed.py, where the
rows are described): ripgrep alone (`rg -n -w -F -e NAME…`), ripgrep bare with the
retrieval's own needles, the engine cold (`timings_ms.total`, and its CPU and its ripgrep's) and
warm, and `bcode retrieve --json` as a process; p50, p95 and max, per language, the ratios to
ripgrep bare, resident memory, and the least wall time the cold CPU allows on this machine's
cores. Nothing is asserted: read medians and ratios.
"""

from __future__ import annotations

import sys

from boundedcode.bench.speed import main

if __name__ == "__main__":
    sys.exit(main())
