"""The staleness check's cost: what every message pays before retrieval.

    .venv/bin/python benchmarks/staleness_bench.py --repo CHECKOUT [--reads 50] [--runs 31]

CHECKOUT must be a git working tree (e.g. a materialized Django checkout:
`git --git-dir=MIRROR archive HEAD | tar -x -C DIR`, then `git init`, `git add
-A` and a commit in DIR). A session in memory reads --reads files spread over
the checkout, as an agent would, then the check runs --runs times: each run
opens the checkout afresh (the head costs two git calls) and hashes every file
the conversation has read. Two cases: nothing changed (the usual message), and
one read file edited (found as the one change every run), then restored.
Medians and maxima are printed; CHECKOUT is as it was once the run is over.
"""

from __future__ import annotations

import argparse
import os
import statistics
import time

from boundedcode.checkout import DEFAULT_BUDGETS, WorkTree, walk
from boundedcode.session import Session

#: Files the check must see as changed in the second case.
EDITED = 1


def _time(fn) -> float:
    start = time.perf_counter()
    fn()
    return (time.perf_counter() - start) * 1000


def _head(repo: str) -> tuple[str | None, str | None]:
    tree = WorkTree(repo)
    return tree.branch(), tree.commit()


def _report(label: str, times: list[float]) -> None:
    print(f"{label:<28} median {statistics.median(times):7.2f} ms   max {max(times):7.2f} ms")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True, help="a git working tree")
    ap.add_argument("--reads", type=int, default=50, help="files the conversation has read")
    ap.add_argument("--runs", type=int, default=31)
    args = ap.parse_args()
    if not os.path.isdir(os.path.join(args.repo, ".git")):
        ap.error(f"{args.repo}: not a git working tree")

    paths = walk(WorkTree(args.repo), DEFAULT_BUDGETS).paths
    step = max(1, len(paths) // args.reads)
    chosen = paths[::step][: args.reads]
    session = Session(None, args.repo)
    for i in range(0, len(chosen), 10):  # read_many calls of ten files, as an agent batches them
        session.read(chosen[i : i + 10])
    read_bytes = sum(len(WorkTree(args.repo).read(p) or b"") for p in chosen)
    print(f"checkout {args.repo}: {len(paths):,} files under the read policy")
    print(f"session: {len(chosen)} files read ({read_bytes:,} bytes), {args.runs} runs per case")

    head = [_time(lambda: _head(args.repo)) for _ in range(args.runs)]
    unchanged = [_time(session.staleness) for _ in range(args.runs)]
    assert not session.staleness().changes

    victim = os.path.join(args.repo, chosen[0])
    with open(victim, "rb") as f:
        original = f.read()
    try:
        with open(victim, "ab") as f:
            f.write(b"\n")
        changed = [_time(session.staleness) for _ in range(args.runs)]
        assert len(session.staleness().changes) == EDITED
    finally:
        with open(victim, "wb") as f:
            f.write(original)

    _report("head only (two git calls)", head)
    _report("check, nothing changed", unchanged)
    _report(f"check, {EDITED} file changed", changed)


if __name__ == "__main__":
    main()
