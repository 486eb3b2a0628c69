"""`bcode mcp`: serve BoundedCode's tools to an agent over MCP (stdio).

    bcode mcp [--repo DIR] [--session FILE] [--profile FILE [--context DIR]]

Standard output carries the protocol only; errors go to standard error.
"""

from __future__ import annotations

import argparse
import os

from ..errors import EXIT_FOUND, RepositoryError, UsageError
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
    parser.add_argument(
        "--repo", metavar="DIR", help="the checkout (default: the one holding the current directory)"
    )
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


def _check_session_path(path: str) -> None:
    """A session file must be a file in an existing directory: say so before the server starts."""
    if os.path.isdir(path):
        raise UsageError(
            f"--session {path}: a directory; give a file in it, e.g. {os.path.join(path, 'session.jsonl')}"
        )
    folder = os.path.dirname(os.path.abspath(path))
    if not os.path.isdir(folder):
        raise UsageError(f"--session {path}: the directory {folder} does not exist")


def run(args: argparse.Namespace) -> int:
    if args.repo is None:
        from ..api import repository_root

        args.repo = repository_root()
    if not os.path.isdir(args.repo):
        raise RepositoryError(f"{args.repo}: not a directory")
    if args.context and not args.profile:
        raise UsageError("--context goes with --profile")
    if args.session is not None:
        _check_session_path(args.session)
    profile = None
    if args.profile:
        from ..source_context import load_profile

        profile = load_profile(args.profile)
    # Imported here: the SDK takes half a second to import, which `bcode --help` need not pay.
    import anyio

    from ..session import Session
    from .server import BcodeServer, serve_stdio

    try:
        session = Session(args.session, args.repo)
    except OSError as exc:  # unreadable, not writable: the session file cannot be kept
        raise UsageError(f"--session {args.session}: cannot open: {exc.strerror or exc}") from None
    with session:
        # The checkout read into memory while the client starts (calls are answered meanwhile);
        # this process is the server's alone, so the kept facts leave the collector's sight.
        session.warm(freeze=True)
        anyio.run(serve_stdio, BcodeServer(session, profile=profile, context_dir=args.context))
    return EXIT_FOUND
