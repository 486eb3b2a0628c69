"""`bcode find symbol|references|implementations NAME`: the navigator operations on the command line.

Locations print as `path:line  kind  [source]`, then the notes (a server
skipped, implementations without a server). A missing answer is a note, not
an error. Exit status: 0 locations found, 1 none, 2 an error (wrong arguments).
"""

from __future__ import annotations

import argparse

from ..errors import EXIT_FOUND, EXIT_NONE
from ..render import dumps, printable

from .composite import Answer
from .operations import navigate
from .servers import AUTO, ENV_VAR, SERVERS

__all__ = ["add_arguments", "run", "OPERATIONS_BY_WORD"]

#: The command's words for the operations.
OPERATIONS_BY_WORD = {
    "symbol": "definitions",
    "references": "references",
    "implementations": "implementations",
}


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "operation",
        choices=tuple(OPERATIONS_BY_WORD),
        help="symbol: where NAME is defined; references: where it is used; "
        "implementations: what implements it (needs a language server)",
    )
    parser.add_argument(
        "name",
        help="a name, such as post or Ledger, or a qualified one: Ledger.post, Ledger::post, pkg.Ledger.post",
    )
    parser.add_argument(
        "--repo", metavar="DIR", help="the checkout (default: the one holding the current directory)"
    )
    parser.add_argument(
        "--path",
        metavar="FILE",
        help="a file using NAME: resolves its imports (symbol) or picks the symbol with --line (references)",
    )
    parser.add_argument("--line", type=int, metavar="N", help="the line of --path where NAME is")
    parser.add_argument(
        "--server",
        action="append",
        metavar="NAME",
        help=f"use this language server ({', '.join(SERVERS)}, or {AUTO} for every "
        f"installed one); repeatable; default: ${ENV_VAR}",
    )
    parser.add_argument("--no-servers", action="store_true", help="definition patterns only")
    parser.add_argument("--json", action="store_true", help="print the answer as JSON")


def _text(answer: Answer) -> str:
    lines = [f"{loc.path}:{loc.line}  {loc.kind}  [{loc.source}]" for loc in answer.locations]
    if not lines:
        lines.append(f"no {answer.operation} of {answer.name} found")
    lines.extend(f"note: {note}" for note in answer.notes)
    return "\n".join(lines) + "\n"


def run(args: argparse.Namespace) -> int:
    answer = navigate(
        OPERATIONS_BY_WORD[args.operation],
        args.name,
        args.repo,
        path=args.path,
        line=args.line,
        servers=() if args.no_servers else args.server,
    )
    if args.json:
        print(dumps(answer.to_json()))
    else:
        print(printable(_text(answer)), end="")
    return EXIT_FOUND if answer.locations else EXIT_NONE
