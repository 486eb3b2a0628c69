"""`bcode`: glue only. Exit status 0 = places found, 1 = none, 2 = an error (errors.py).

User mistakes print one line on stderr. Every command is listed in `--help`
even when its module cannot be imported (it then says why when run), and a
command imports what it needs only when it runs, so `bcode --help` stays fast.
"""

from __future__ import annotations

import argparse
import atexit
import gc
import importlib
import io
import os
import sys
from typing import Any, Callable, NoReturn, Sequence

from . import __version__
from .checkout.budgets import BOUNDS, DEFAULT_BUDGETS
from .errors import EXIT_ERROR, EXIT_FOUND, EXIT_INTERRUPTED, EXIT_NONE, BoundedCodeError, UsageError

__all__ = [
    "main",
    "build_parser",
    "positive_int",
    "positive_float",
    "budget_setting",
    "add_budget_settings",
    "MAX_INPUT_BYTES",
    "FORMATS",
]

#: Largest message or evidence file read (a message is prose, not a data set).
MAX_INPUT_BYTES = 4 * 1024 * 1024
FORMATS = ("text", "json", "jsonl")
NO_WINDOWS = "No location in the failure output lies in these checkouts.\n"

RETRIEVE_HELP = f"""\
Print the places in the repository that MESSAGE points at, ranked: at most {DEFAULT_BUDGETS.block_items}
items, `path:line (symbol): reason`, within a {DEFAULT_BUDGETS.block_tokens:,}-token block. The message
is a bug report, a feature request, a stack trace or a failing test's output.
It may also come from --message-file or standard input (MESSAGE omitted or -).

Without --repo, the repository is the one holding the current directory (the
nearest directory upward with a .git, as git finds it), and its bcode.yaml is
read. Exit status: 0 places found, 1 none, 2 an error.
"""
EPILOG = """\
exit status: 0 places found, 1 none found, 2 an error (one line on stderr).
shell completion: eval "$(bcode completion bash)" (or zsh, tcsh).
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


def positive_int(text: str) -> int:
    """argparse's type for a count: a whole number of at least 1, else one clear error."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a whole number: {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1: {text}")
    return value


def positive_float(text: str) -> float:
    """argparse's type for a size or a time: a number above 0, else one clear error."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"not a number: {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be more than 0: {text}")
    return value


def add_budget_settings(parser: argparse.ArgumentParser, does: str) -> None:
    """`--set-budget NAME=VALUE …` (`budget_setting`), into `args.set_budget`; `does` says what a
    command does with them."""
    parser.add_argument(
        "--set-budget",
        type=budget_setting,
        nargs="+",
        action="extend",
        default=[],
        metavar="NAME=VALUE",
        help=f"{does} (a field of Budgets: scan_terms=32 time_s=2.5)",
    )


def budget_setting(text: str) -> tuple[str, int | float]:
    """argparse's type for `NAME=VALUE`: a field of `Budgets` and a value of its type, above 0."""
    name, equals, value = text.partition("=")
    if not equals:
        raise argparse.ArgumentTypeError(f"not NAME=VALUE: {text!r}")
    if name not in BOUNDS:
        raise argparse.ArgumentTypeError(f"no budget named {name!r} (known: {', '.join(sorted(BOUNDS))})")
    default = getattr(DEFAULT_BUDGETS, name)
    return name, positive_int(value) if isinstance(default, int) else positive_float(value)


def _message(args: argparse.Namespace) -> str:
    from .api import check_message

    if args.message_file:
        if args.message is not None:
            raise UsageError("give MESSAGE or --message-file, not both")
        message = _read_input(args.message_file)
    elif args.message is None or args.message == "-":
        if sys.stdin.isatty():
            raise UsageError("no message: give MESSAGE, --message-file FILE, or pipe it on standard input")
        message = _read_input("-")
    else:
        message = args.message
    check_message(message)
    return message


def _cmd_retrieve(args: argparse.Namespace) -> int:
    from ._record import replace

    from .api import retrieve
    from .config import load_settings
    from .render import NO_PLACES, dumps, explain_text, jsonl

    message = _message(args)
    evidence = [_read_input(p) for p in args.evidence]
    settings = load_settings(args.repo, args.config)
    if not settings.seed_pack and not args.retrieval:
        if not args.quiet:
            print("(direct.seed_pack is false: no retrieval block)", file=sys.stderr)
        return EXIT_NONE
    budgets = DEFAULT_BUDGETS
    if args.max_items is not None:
        budgets = replace(budgets, block_items=args.max_items)
    if args.budget is not None:
        budgets = replace(budgets, block_tokens=args.budget)
    fmt = "json" if args.json else args.format
    result = retrieve(
        message,
        args.repo,
        evidence=evidence,
        retrieval=args.retrieval or settings.retrieval,
        commit=args.commit,
        budgets=budgets,
        without=set(args.without),
        explain=args.explain,
        servers=args.server,
    )
    status = EXIT_FOUND if result.items else EXIT_NONE
    if args.quiet:
        return status
    if fmt == "json":
        sys.stdout.write(dumps(result.to_json()) + "\n")
    elif fmt == "jsonl":
        sys.stdout.write(jsonl(result))
    else:
        sys.stdout.write(result.block or NO_PLACES)
        if args.explain:
            sys.stdout.write(explain_text(result))
    return status


def _cmd_retry_pack(args: argparse.Namespace) -> int:
    from .api import repository_root, retry_pack

    if not args.evidence:
        raise UsageError("no failure output: give --evidence FILE (or - for standard input)")
    output = "\n".join(_read_input(p) for p in args.evidence)
    pack = retry_pack(output, args.repo or [repository_root()])
    if not args.quiet:
        sys.stdout.write(pack.text or NO_WINDOWS)
    return EXIT_FOUND if pack.windows else EXIT_NONE


def _cmd_completion(args: argparse.Namespace) -> int:
    import shtab

    sys.stdout.write(shtab.complete(build_parser(), shell=args.shell))
    return EXIT_FOUND


def _add_retrieve(sub: Any) -> None:
    r = sub.add_parser(
        "retrieve",
        help="rank the places a message points at",
        description=RETRIEVE_HELP,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    r.add_argument("message", nargs="?", help="the message text (- or omitted: standard input)")
    r.add_argument("--message-file", metavar="FILE", help="read the message from FILE (not with MESSAGE)")
    r.add_argument(
        "--repo", metavar="DIR", help="the checkout (default: the one holding the current directory)"
    )
    r.add_argument(
        "--commit",
        metavar="REV",
        help="read this commit's git objects instead of the working tree: an id, HEAD, a "
        "branch, a tag or HEAD~3 (the JSON records the id it resolved to)",
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
    r.add_argument(
        "--config", metavar="FILE", help="configuration file (default: bcode.yaml in the checkout)"
    )
    r.add_argument(
        "--max-items",
        type=positive_int,
        metavar="N",
        help=f"at most N places (default {DEFAULT_BUDGETS.block_items})",
    )
    r.add_argument(
        "--budget",
        type=positive_int,
        metavar="TOKENS",
        help=f"the block's size in tokens (default {DEFAULT_BUDGETS.block_tokens})",
    )
    r.add_argument(
        "--format",
        choices=FORMATS,
        default="text",
        help="text: the block; json: the whole result (schema: boundedcode/render/result.schema.json); "
        "jsonl: one place a line",
    )
    r.add_argument("--json", action="store_true", help="the same as --format json")
    r.add_argument("--explain", action="store_true", help="show how each score was made")
    r.add_argument("-q", "--quiet", action="store_true", help="print nothing; the exit status says")
    r.set_defaults(func=_cmd_retrieve)


def _add_retry_pack(sub: Any) -> None:
    rp = sub.add_parser(
        "retry-pack",
        help="the RELEVANT CODE section for failure output (bounded mode)",
        description="Print the lines around each location a failure output points at (stack "
        "frames, compiler and test-runner locations, the code failing tests "
        "exercise), per repository, confined to each checkout, within the block "
        "budget. Exit status: 0 windows shown, 1 none, 2 an error.",
    )
    rp.add_argument(
        "--repo",
        action="append",
        metavar="DIR",
        help="a checkout to look in; repeatable (default: the one holding the current directory)",
    )
    rp.add_argument(
        "--evidence",
        action="append",
        default=[],
        metavar="FILE",
        help="failure output (a test run, a build log; - for standard input); repeatable",
    )
    rp.add_argument("-q", "--quiet", action="store_true", help="print nothing; the exit status says")
    rp.set_defaults(func=_cmd_retry_pack)


#: Commands whose modules plug in with a function that adds their arguments, and `run(args)`.
PLUGGED = (
    (
        "query",
        "boundedcode.source_context.command",
        "add_arguments",
        "run a project.query (source.context) over git objects at the pinned commit",
    ),
    (
        "find",
        "boundedcode.navigator.command",
        "add_arguments",
        "where a name is defined or used, or what implements it (language servers where enabled, "
        "patterns elsewhere)",
    ),
    (
        "mcp",
        "boundedcode.mcp.command",
        "add_arguments",
        "serve retrieval, stamped reads and recall to an agent over MCP (stdio)",
    ),
    ("bench", "boundedcode.bench.command", "add_command", "run the retrieval benchmark on real issues"),
)


def _unavailable(name: str, exc: ImportError) -> Callable[[argparse.Namespace], int]:
    def run(args: argparse.Namespace) -> int:
        raise BoundedCodeError(f"the {name} command is not available: {exc}")

    return run


def _add_plugged(sub: Any, name: str, module: str, adder: str, help_text: str) -> None:
    try:
        mod = importlib.import_module(module)
    except ImportError as exc:  # listed all the same; running it says why it cannot run
        p = sub.add_parser(name, help=f"{help_text} [unavailable: {exc}]", description=help_text)
        p.set_defaults(func=_unavailable(name, exc), takes_any=True)
        return
    p = sub.add_parser(name, help=help_text, description=help_text)
    getattr(mod, adder)(p)
    p.set_defaults(func=mod.run)


def build_parser(command: str | None = None) -> argparse.ArgumentParser:
    """The whole parser; with `command`, the other plugged commands are listed by name and help
    alone, their modules not imported (a plain `bcode retrieve` never loads the MCP server's
    or the benchmark's)."""
    parser = argparse.ArgumentParser(
        prog="bcode",
        description="Tell a coding agent where in a repository a message points: ranked files "
        "and lines, deterministic, within fixed budgets, no index, no LLM.",
        epilog=EPILOG,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument("--version", action="version", version=f"bcode {__version__}")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    _add_retrieve(sub)
    _add_retry_pack(sub)
    for name, module, adder, help_text in PLUGGED:
        if command is None or command == name:
            _add_plugged(sub, name, module, adder, help_text)
        else:
            sub.add_parser(name, help=help_text, description=help_text)
    comp = sub.add_parser(
        "completion",
        help="print a shell completion script",
        description='Print a completion script for bcode: eval "$(bcode completion bash)"',
    )
    comp.add_argument("shell", choices=("bash", "zsh", "tcsh"))
    comp.set_defaults(func=_cmd_completion)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    # Renderers escape what UTF-8 cannot hold; a terminal in another encoding gets escapes too.
    if isinstance(sys.stdout, io.TextIOWrapper):
        sys.stdout.reconfigure(errors="backslashreplace")
    words = sys.argv[1:] if argv is None else list(argv)
    # The first word not an option names the command (bcode's own options take no value);
    # `--version` alone needs no command's module ("" lists every command by name only).
    command = _command(words)
    parser = build_parser("" if words == ["--version"] else command)
    args, extra = parser.parse_known_args(words)
    if extra and not getattr(args, "takes_any", False):
        parser.error(f"unrecognized arguments: {' '.join(extra)}")
    if not getattr(args, "func", None):
        parser.print_help(sys.stderr)
        return EXIT_ERROR
    try:
        if getattr(args, "repo", "") is None and args.func is not _cmd_retry_pack:
            from .api import repository_root

            args.repo = repository_root()
        return args.func(args)
    except UsageError as exc:
        print(f"bcode: error: {exc}", file=sys.stderr)
        return exc.exit_status
    except BoundedCodeError as exc:
        print(f"bcode: {exc}", file=sys.stderr)
        return exc.exit_status
    except KeyboardInterrupt:
        return EXIT_INTERRUPTED
    except BrokenPipeError:
        # The reader went away (`| head`): not an error; keep Python from complaining at exit.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return EXIT_FOUND
    except Exception:  # a bug: its traceback, and the error status rather than Python's 1 ("none")
        import traceback

        traceback.print_exc()
        return EXIT_ERROR


#: Commands that keep their process (a server, a benchmark's hours): the cyclic garbage
#: collector stays on for them.
LONG_LIVED = frozenset({"mcp", "bench"})


def _command(words: Sequence[str]) -> str | None:
    """The command a command line names: its first word that is not an option (bcode's own
    options take no value)."""
    return next((w for w in words if not w.startswith("-")), None)


def run() -> NoReturn:
    """The `bcode` command: `main`, its output flushed and its exit handlers run (language
    servers stopped), then the process ends without tearing the interpreter down: freeing a
    one-shot call's modules and caches object by object took ~150 ms of a Django call.

    A one-shot call runs without the cyclic garbage collector: its passes over the imports'
    and the retrieval's objects find next to nothing, and the process ends at once after (a
    Django call's collections took some 6 ms)."""
    if _command(sys.argv[1:]) not in LONG_LIVED:
        gc.disable()
    status = main()
    try:
        sys.stdout.flush()
        sys.stderr.flush()
    except BrokenPipeError:
        pass  # the reader went away: nothing left to say
    atexit._run_exitfuncs()
    os._exit(status)


if __name__ == "__main__":
    run()
