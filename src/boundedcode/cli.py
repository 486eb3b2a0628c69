"""`bcode`: glue only. User mistakes print one line on stderr and exit 2."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Sequence

from .errors import BoundedCodeError, UsageError

__all__ = ["main", "build_parser"]

EXIT_USAGE = 2
#: Largest message or evidence file read (a message is prose, not a data set).
MAX_INPUT_BYTES = 4 * 1024 * 1024

RETRIEVE_HELP = """\
Print the places in the repository that MESSAGE points at, ranked: at most 12
items, `path:line (symbol): reason`, within a 1,200-token block. The message
is a bug report, a feature request, a stack trace or a failing test's output.
It may also come from --message-file or standard input (MESSAGE omitted or -).
"""


def _read_input(path: str) -> str:
    try:
        if path == "-":
            data = sys.stdin.buffer.read(MAX_INPUT_BYTES + 1)
        else:
            with open(path, "rb") as f:
                data = f.read(MAX_INPUT_BYTES + 1)
    except OSError as exc:
        raise UsageError(f"{path}: cannot read: {exc.strerror or exc}") from None
    if len(data) > MAX_INPUT_BYTES:
        raise UsageError(f"{path}: larger than {MAX_INPUT_BYTES // (1024 * 1024)} MiB")
    return data.decode("utf-8", "replace")


def _cmd_retrieve(args: argparse.Namespace) -> int:
    from .api import retrieve
    from .config import load_settings

    if args.message_file:
        message = _read_input(args.message_file)
    elif args.message is None or args.message == "-":
        if sys.stdin.isatty():
            raise UsageError("no message: give MESSAGE, --message-file FILE, or pipe it on standard input")
        message = _read_input("-")
    else:
        message = args.message
    if not message.strip():
        raise UsageError("the message is empty")
    evidence = [_read_input(p) for p in args.evidence]
    settings = load_settings(args.repo, args.config)
    if not settings.seed_pack and not args.retrieval:
        print("(direct.seed_pack is false: no retrieval block)", file=sys.stderr)
        return 0
    result = retrieve(
        message,
        args.repo,
        evidence=evidence,
        retrieval=args.retrieval or settings.retrieval,
        commit=args.commit,
        without=set(args.without),
        explain=args.explain,
        servers=args.server,
    )
    if args.json:
        print(json.dumps(result.to_json(), indent=2, ensure_ascii=False))
        return 0
    sys.stdout.write(result.block or "No places found in the repository for this message.\n")
    if args.explain:
        for it in result.items:
            print(f"\n{it.path}")
            for line in it.explain:
                print(f"  {line}")
        ran = ", ".join(f"{s.strategy} ({s.why})" for s in result.strategies if s.ran)
        print(f"\nstrategies run: {ran or 'none'}")
        if result.bounds_reached:
            print(f"bounds reached: {', '.join(result.bounds_reached)}")
    return 0


def _cmd_retry_pack(args: argparse.Namespace) -> int:
    from .api import retry_pack

    if not args.evidence:
        raise UsageError("no failure output: give --evidence FILE (or - for standard input)")
    output = "\n".join(_read_input(p) for p in args.evidence)
    pack = retry_pack(output, args.repo or ["."])
    sys.stdout.write(pack.text or "No location in the failure output lies in these checkouts.\n")
    return 0


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="bcode",
        description="Tell a coding agent where in a repository a message points: ranked files "
        "and lines, deterministic, within fixed budgets, no index, no LLM.",
    )
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")

    r = sub.add_parser(
        "retrieve",
        help="rank the places a message points at",
        description=RETRIEVE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    r.add_argument("message", nargs="?", help="the message text (- or omitted: standard input)")
    r.add_argument("--message-file", metavar="FILE", help="read the message from FILE")
    r.add_argument("--repo", default=".", metavar="DIR", help="the checkout (default: .)")
    r.add_argument(
        "--commit", metavar="SHA", help="read this commit's git objects instead of the working tree"
    )
    r.add_argument(
        "--evidence",
        action="append",
        default=[],
        metavar="FILE",
        help="command output (a test run, a build log) to use as evidence; repeatable",
    )
    r.add_argument(
        "--retrieval",
        choices=("adaptive", "basic"),
        help="adaptive (default): all strategies; basic: grep of the message's names",
    )
    r.add_argument(
        "--without",
        action="append",
        default=[],
        metavar="STRATEGY",
        help="switch a strategy off (for measuring what it adds); repeatable",
    )
    r.add_argument(
        "--server",
        action="append",
        default=[],
        metavar="NAME",
        help="ask this language server for definitions where it serves the file's "
        "language (see docs/language-servers.md); repeatable",
    )
    r.add_argument("--config", metavar="FILE", help="configuration file (default: bcode.yaml in DIR)")
    r.add_argument("--json", action="store_true", help="print the full result as JSON")
    r.add_argument("--explain", action="store_true", help="show how each score was made")
    r.set_defaults(func=_cmd_retrieve)

    rp = sub.add_parser(
        "retry-pack",
        help="the RELEVANT CODE section for failure output (bounded mode)",
        description="Print the lines around each location a failure output points at (stack "
        "frames, compiler and test-runner locations, the code failing tests "
        "exercise), per repository, confined to each checkout, within the block "
        "budget.",
    )
    rp.add_argument(
        "--repo", action="append", metavar="DIR", help="a checkout to look in; repeatable (default: .)"
    )
    rp.add_argument(
        "--evidence",
        action="append",
        default=[],
        metavar="FILE",
        help="failure output (a test run, a build log; - for standard input); repeatable",
    )
    rp.set_defaults(func=_cmd_retry_pack)

    _add_optional_commands(sub)
    return parser


def _add_optional_commands(sub) -> None:
    """Commands whose packages plug in with `add_arguments(parser)` and `run(args)`."""
    import importlib

    for name, module, help_text in (
        (
            "query",
            "boundedcode.source_context.command",
            "run a project.query (source.context) over git objects at the pinned commit",
        ),
        (
            "find",
            "boundedcode.navigator.command",
            "where a name is defined or used, or what implements it (language servers where "
            "enabled, patterns elsewhere)",
        ),
        (
            "mcp",
            "boundedcode.mcp.command",
            "serve retrieval, stamped reads and recall to an agent over MCP (stdio)",
        ),
    ):
        try:
            mod = importlib.import_module(module)
        except ImportError:
            continue
        p = sub.add_parser(name, help=help_text, description=help_text)
        mod.add_arguments(p)
        p.set_defaults(func=mod.run)
    try:
        bench = importlib.import_module("boundedcode.bench.command")
    except ImportError:
        return
    b = sub.add_parser(
        "bench", help="run the retrieval benchmark", description="Run the retrieval benchmark on real issues."
    )
    bsub = b.add_subparsers(dest="bench_command", metavar="BENCHMARK", required=True)
    d = bsub.add_parser(
        "direct",
        help="retrieval on issue → fix tasks, side by side with baselines",
        description="Retrieval on issue → fix tasks, side by side with baselines.",
    )
    bench.add_arguments(d)
    d.set_defaults(func=bench.run)


def main(argv: Sequence[str] | None = None) -> int:
    parser = build_parser()
    args = parser.parse_args(argv)
    if not getattr(args, "func", None):
        parser.print_help()
        return EXIT_USAGE
    try:
        return args.func(args)
    except UsageError as exc:
        print(f"bcode: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except BoundedCodeError as exc:
        print(f"bcode: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:
        return 0


if __name__ == "__main__":
    sys.exit(main())
