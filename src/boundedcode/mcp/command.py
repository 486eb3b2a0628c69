"""`bcode mcp`: serve BoundedCode's tools to an agent over MCP (stdio).

    bcode mcp [--repo DIR] [--session FILE] [--profile FILE [--context DIR]]

Standard output carries the protocol only; errors go to standard error.
"""

from __future__ import annotations

import argparse
import os

from ..errors import RepositoryError, UsageError
from .tools import help_epilog

__all__ = ["add_arguments", "run", "DESCRIPTION"]

DESCRIPTION = """\
Serve BoundedCode's tools to an agent over MCP on standard input and output.
Every call goes through one session: reads are stamped with git blob ids, each
retrieve first notes what changed in the checkout since the previous call, and
recall brings back earlier results. Add it to a client, e.g.

  claude mcp add bcode -- /path/to/.venv/bin/bcode mcp --repo .
"""


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.description = DESCRIPTION
    parser.epilog = help_epilog()
    parser.formatter_class = argparse.RawDescriptionHelpFormatter
    parser.add_argument("--repo", default=".", metavar="DIR", help="the checkout (default: .)")
    parser.add_argument(
        "--session",
        metavar="FILE",
        help="keep the session in FILE (JSON Lines, append-only) so staleness "
        "and recall survive a restart; default: in memory only",
    )
    parser.add_argument(
        "--profile", metavar="FILE", help="a source.context profile (TOML); offers the project_query tool"
    )
    parser.add_argument(
        "--context", metavar="DIR", help="with --profile: the context directory that stores each capture"
    )


def run(args: argparse.Namespace) -> int:
    if not os.path.isdir(args.repo):
        raise RepositoryError(f"{args.repo}: not a directory")
    if args.context and not args.profile:
        raise UsageError("--context goes with --profile")
    profile = None
    if args.profile:
        from ..source_context import load_profile

        profile = load_profile(args.profile)
    # Imported here: the SDK takes half a second to import, which `bcode --help` need not pay.
    import anyio

    from ..session import Session
    from .server import BcodeServer, serve_stdio

    with Session(args.session, args.repo) as session:
        anyio.run(serve_stdio, BcodeServer(session, profile=profile, context_dir=args.context))
    return 0
