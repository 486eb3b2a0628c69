"""Time one `source.context` query at a pinned commit (median of --runs).

    .venv/bin/python benchmarks/source_context_bench.py --repo GIT_DIR --commit SHA \
        --text TERM [--path-prefix DIR] [--prefix AddSC_] [--runs 15] [--context]

Each run is what `bcode query` does after loading its profile: open the
repository, list the scope under the prefix, run the bounded chain and build the
result; with --context it also verifies a fresh context and stores a capture.
One warm-up run precedes the timed ones (warm page cache). Nothing is asserted.
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time

from boundedcode.source_context import parse_profile, run_query

DEFAULT_RUNS = 15


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--repo", required=True, help="a git repository (bare or with a working copy)")
    ap.add_argument("--commit", required=True, help="the pinned commit, 40 hex digits")
    ap.add_argument("--text", required=True)
    ap.add_argument("--path-prefix", default="")
    ap.add_argument("--prefix", action="append", default=[], help="a registration prefix (repeatable)")
    ap.add_argument("--runs", type=int, default=DEFAULT_RUNS)
    ap.add_argument("--context", action="store_true", help="store a capture per run in a fresh context")
    args = ap.parse_args()
    profile = parse_profile(
        {
            "project": {"repository": os.path.abspath(args.repo), "commit": args.commit},
            "source_analysis": {"enabled": True, "registration_prefixes": args.prefix},
        },
        base_dir=os.getcwd(),
        source="benchmark",
    )
    request = {"kind": "source.context", "text": args.text, "path_prefix": args.path_prefix}
    with tempfile.TemporaryDirectory() as scratch:

        def once(run: int) -> tuple[float, dict]:
            context = os.path.join(scratch, f"ctx{run}") if args.context else None
            start = time.perf_counter()
            result = run_query(request, profile, context)
            return (time.perf_counter() - start) * 1000, result

        once(-1)
        timings = [once(run) for run in range(args.runs)]
    ms = [t for t, _ in timings]
    result = timings[-1][1]
    budget = result["budget"]
    print(
        f"source.context {args.text!r} prefix={args.path_prefix!r} at {profile.commit[:12]}: "
        f"median {statistics.median(ms):.1f} ms "
        f"(min {min(ms):.1f}, max {max(ms):.1f}, runs {args.runs})"
    )
    print(
        f"  scope {result['scope']['files']} files; searches {budget['searches']['used']}; "
        f"bytes searched {budget['search_bytes']['used']}; hits {len(result['hits'])}; "
        f"files returned {len(result['files'])}; {result['status']} {result['limits_reached']}"
    )


if __name__ == "__main__":
    main()
