"""A `bcode` process's fixed cost: imports and whole-process wall time, code trees interleaved.

    .venv/bin/python benchmarks/startup.py --bin before=/work/main/.venv/bin --bin after=.venv/bin \
        [--repo examples/shop] [--task-repo CHECKOUT=MESSAGE_FILE ...] [--runs 10]

For each round, and for each `--bin` in turn, the first one alternating (so that the load and
the page cache favour neither), it runs:
`python -X importtime -c "import boundedcode.cli"` and the same for `boundedcode.api` (what a
retrieval imports; the cumulative figure of that module), `bcode --version`, and
`bcode retrieve --json` on each repository (the message on standard input), timing each
process's wall clock. It prints the median of each over the rounds (with two trees, also the
median of the second's time over the first's, round by round). Every process gets its
own bytecode cache (PYTHONPYCACHEPREFIX per bin, warmed by a first untimed round), so neither
tree pays for compiling its sources. Nothing is asserted: the machines are shared and noisy.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import tempfile
import time
from pathlib import Path

#: The message `--repo` checkouts are asked about.
SHOP_MESSAGE = "Ledger.Post lets Balance drop below the credit limit"


def _env(label: str, cache: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
    env["PYTHONPYCACHEPREFIX"] = os.path.join(cache, label)
    return env


def _imported_ms(python: str, module: str, env: dict[str, str]) -> float:
    err = subprocess.run(
        [python, "-X", "importtime", "-c", f"import {module}"], env=env, capture_output=True, text=True
    ).stderr
    for line in err.splitlines():
        fields = line.split("|")
        if len(fields) == 3 and fields[2].strip() == module:
            return int(fields[1]) / 1000
    raise SystemExit(f"{python}: no import time for {module}:\n{err}")


def _wall_ms(argv: list[str], env: dict[str, str], stdin: bytes = b"") -> float:
    start = time.perf_counter()
    subprocess.run(argv, env=env, input=stdin, capture_output=True)
    return (time.perf_counter() - start) * 1000


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bin", action="append", required=True, metavar="LABEL=DIR", help="a venv's bin/")
    ap.add_argument("--repo", action="append", default=[], help="a checkout, asked SHOP_MESSAGE")
    ap.add_argument(
        "--task-repo", action="append", default=[], metavar="CHECKOUT=FILE", help="a checkout and its message"
    )
    ap.add_argument("--runs", type=int, default=10)
    args = ap.parse_args()
    bins = [tuple(b.split("=", 1)) for b in args.bin]
    asks = [(r, SHOP_MESSAGE.encode()) for r in args.repo]
    asks += [(r, Path(f).read_bytes()) for r, f in (t.split("=", 1) for t in args.task_repo)]
    rows: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as cache:
        for round_ in range(args.runs + 1):
            for label, bindir in bins if round_ % 2 else bins[::-1]:  # who goes first alternates
                env, python, bcode = _env(label, cache), f"{bindir}/python", f"{bindir}/bcode"
                figures = {
                    "import boundedcode.cli": _imported_ms(python, "boundedcode.cli", env),
                    "import boundedcode.api": _imported_ms(python, "boundedcode.api", env),
                    "bcode --version": _wall_ms([bcode, "--version"], env),
                }
                for repo, message in asks:
                    argv = [bcode, "retrieve", "--json", "--repo", repo, "-"]
                    figures[f"retrieve {os.path.basename(repo)[:12]}"] = _wall_ms(argv, env, message)
                if round_:  # the first round fills the bytecode caches
                    for what, ms in figures.items():
                        rows.setdefault((what, label), []).append(ms)
    labels = [label for label, _ in bins]
    # With two trees, the median of each round's ratio too: the pair ran under the same load.
    paired = len(labels) == 2
    print(f"| median of {args.runs} | " + " | ".join(labels) + (" | ratio, per round |" if paired else " |"))
    print("| --- |" + " --- |" * (len(labels) + paired))
    for what in dict.fromkeys(w for w, _ in rows):
        cells = [f"{statistics.median(rows[(what, label)]):.0f} ms" for label in labels]
        if paired:
            first, second = (rows[(what, label)] for label in labels)
            cells.append(f"{statistics.median(b / a for a, b in zip(first, second)):.2f}")
        print(f"| {what} | " + " | ".join(cells) + " |")


if __name__ == "__main__":
    main()
