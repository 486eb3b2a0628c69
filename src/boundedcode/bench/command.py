"""`bcode bench direct`: the retrieval benchmark as one command (docs/benchmark.md); `bcode bench
speed`: its latency against ripgrep (bench/speed.py)."""

from __future__ import annotations

import argparse
import os
import shlex
import sys

from ..cli import add_budget_settings, positive_float, positive_int
from ..errors import EXIT_ERROR, EXIT_FOUND, EXIT_INTERRUPTED, UsageError
from .runner import (
    BASELINES,
    DEFAULT_CACHE,
    DEFAULT_CACHE_MAX_GB,
    DEFAULT_OUT,
    ENGINES,
    GIB,
    TRACKS,
    BenchConfig,
    run_bench,
)

__all__ = ["add_command", "add_arguments", "run"]

NO_BASELINE = "none"


def add_command(parser: argparse.ArgumentParser) -> None:
    """`bcode bench`'s benchmarks, each a subcommand: `direct`, `speed`."""
    parser.description = "Run the retrieval benchmark on real issues."
    bsub = parser.add_subparsers(dest="bench_command", metavar="BENCHMARK", required=True)
    direct = bsub.add_parser(
        "direct",
        help="retrieval on issue → fix tasks, side by side with baselines",
        description="Retrieval on issue → fix tasks, side by side with baselines.",
    )
    add_arguments(direct)
    direct.set_defaults(func=run)
    from . import speed

    timing = bsub.add_parser(
        "speed",
        help="cold and warm latency per language, against ripgrep's bare scan in the same run",
        description=speed.__doc__.splitlines()[0] if speed.__doc__ else None,
    )
    speed.add_arguments(timing)
    timing.set_defaults(func=speed.run)


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `bcode bench direct`."""
    parser.add_argument(
        "--tasks",
        required=True,
        metavar="FILE",
        help="task file, one JSON object a line (as shared/bench/tasks-dev.jsonl)",
    )
    parser.add_argument(
        "--mirrors",
        required=True,
        nargs="+",
        action="extend",
        metavar="DIR_OR_PAIR",
        help="a folder of fetch mirrors (owner+name/repo) or owner/name=GITDIR; repeatable",
    )
    parser.add_argument("--retrieval", choices=ENGINES, default="adaptive", help="the method measured")
    parser.add_argument(
        "--track",
        choices=(*TRACKS, "both"),
        default="both",
        help="direct: the issue text alone; bounded: plus the failing tests as evidence",
    )
    parser.add_argument(
        "--baseline",
        nargs="+",
        choices=(*BASELINES, NO_BASELINE),
        default=list(BASELINES),
        metavar="{" + ",".join((*BASELINES, NO_BASELINE)) + "}",
        help=f"baselines run on the same tasks (default: {' '.join(BASELINES)}); fusion is the "
        "reciprocal-rank fusion of the measured method and bm25-functions",
    )
    parser.add_argument(
        "--language",
        nargs="+",
        action="extend",
        default=[],
        metavar="LANG",
        help="only tasks in these languages",
    )
    parser.add_argument("--limit", type=positive_int, metavar="N", help="only the first N runnable tasks")
    parser.add_argument(
        "--without",
        nargs="+",
        action="extend",
        default=[],
        metavar="STRATEGY",
        help="also run the method with this strategy switched off (recall lost per strategy)",
    )
    add_budget_settings(
        parser,
        "run the measured method with these budgets instead of their defaults; records under "
        "other budgets are kept apart",
    )
    parser.add_argument(
        "--out", default=DEFAULT_OUT, metavar="DIR", help=f"output folder (default {DEFAULT_OUT})"
    )
    parser.add_argument(
        "--cache", default=DEFAULT_CACHE, metavar="DIR", help=f"checkout cache (default {DEFAULT_CACHE})"
    )
    parser.add_argument(
        "--cache-max-gb",
        type=positive_float,
        default=DEFAULT_CACHE_MAX_GB,
        metavar="N",
        help=f"size cap of the checkout cache (default {DEFAULT_CACHE_MAX_GB:g})",
    )


def _command_line(args: argparse.Namespace) -> str:
    """The command as the report prints it: every option that differs from its default."""
    words = ["bcode", "bench", "direct", "--tasks", args.tasks, "--mirrors", *args.mirrors]
    for flag, value, default in (
        ("--retrieval", args.retrieval, "adaptive"),
        ("--track", args.track, "both"),
        ("--baseline", args.baseline, list(BASELINES)),
        ("--language", args.language, []),
        ("--limit", args.limit, None),
        ("--without", args.without, []),
        ("--set-budget", [f"{name}={value}" for name, value in args.set_budget], []),
        ("--out", args.out, DEFAULT_OUT),
        ("--cache", args.cache, DEFAULT_CACHE),
        ("--cache-max-gb", args.cache_max_gb, DEFAULT_CACHE_MAX_GB),
    ):
        if value != default:
            words += [
                flag,
                *(
                    value
                    if isinstance(value, list)
                    else [f"{value:g}" if isinstance(value, float) else str(value)]
                ),
            ]
    return shlex.join(words)


def run(args: argparse.Namespace) -> int:
    baselines = [b for b in args.baseline if b != NO_BASELINE]
    if NO_BASELINE in args.baseline and baselines:
        print(
            f"bcode bench direct: error: --baseline {NO_BASELINE} cannot be combined with others",
            file=sys.stderr,
        )
        return EXIT_ERROR
    config = BenchConfig(
        tasks=args.tasks,
        mirrors=args.mirrors,
        retrieval=args.retrieval,
        tracks=TRACKS if args.track == "both" else (args.track,),
        baselines=baselines,
        languages=args.language,
        limit=args.limit,
        without=args.without,
        budgets=dict(args.set_budget),
        out=args.out,
        cache=args.cache,
        cache_max_bytes=int(args.cache_max_gb * GIB),
        command=_command_line(args),
    )
    try:
        summary = run_bench(config)
    except UsageError as exc:
        print(f"bcode bench direct: error: {exc}", file=sys.stderr)
        return exc.exit_status
    except OSError as exc:  # the disk, not the input: the run can be resumed once it is fixed
        print(f"bcode bench direct: {exc}", file=sys.stderr)
        return EXIT_ERROR
    except KeyboardInterrupt:
        print("\nbcode bench direct: interrupted; the same command resumes where it stopped", file=sys.stderr)
        return EXIT_INTERRUPTED
    print(f"wrote {os.path.join(config.out, 'summary.md')} ({summary['tasks']['run']} tasks)")
    return EXIT_FOUND
