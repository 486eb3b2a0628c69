"""`bcode query`: one `source.context` request from the command line, its result as JSON.

    bcode query --profile FILE [--context DIR] (REQUEST_JSON | --text T [--path-prefix P])

User errors print one line on stderr and exit with status 2; a query stopped by
a hard limit (time frame, result bytes) exits with status 1. Never a traceback.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from ..errors import EXIT_ERROR, EXIT_FOUND, EXIT_NONE, UsageError
from .config import KIND, load_profile
from .errors import QueryLimitError, RequestError

__all__ = ["add_arguments", "run", "EXIT_OK", "EXIT_LIMIT", "EXIT_USAGE"]

#: The package's exit statuses (errors.py), named for what they mean here.
EXIT_OK, EXIT_LIMIT, EXIT_USAGE = EXIT_FOUND, EXIT_NONE, EXIT_ERROR
PROG = "bcode query"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--profile",
        required=True,
        metavar="FILE",
        help="the operator's project profile (TOML): repository, pinned commit, "
        "[source_analysis] and [limits]",
    )
    parser.add_argument(
        "--context",
        metavar="DIR",
        help="context directory: verified or begun, and the call's capture stored there",
    )
    parser.add_argument(
        "request",
        nargs="?",
        metavar="REQUEST_JSON",
        help=f'a request such as \'{{"kind":"{KIND}","text":"23487","path_prefix":"src/server/"}}\'',
    )
    parser.add_argument(
        "--text",
        metavar="T",
        help="the term to search instead of REQUEST_JSON (a term starting with '-' is written --text=-x)",
    )
    parser.add_argument("--path-prefix", metavar="P", help="limit the search to this directory")


def _request(args: argparse.Namespace) -> dict[str, Any]:
    if (args.request is None) == (args.text is None):
        raise RequestError("give either REQUEST_JSON or --text, not both or neither")
    if args.request is not None:
        if args.path_prefix is not None:
            raise RequestError("--path-prefix goes with --text; put path_prefix into REQUEST_JSON")
        try:
            request = json.loads(args.request)
        except ValueError as exc:
            raise RequestError(f"REQUEST_JSON is not valid JSON: {exc}") from None
        except RecursionError:  # the decoder recurses per array or object
            raise RequestError("REQUEST_JSON is not valid JSON: nested too deeply") from None
        if not isinstance(request, dict):
            raise RequestError("REQUEST_JSON must be a JSON object")
        return request
    request = {"kind": KIND, "text": args.text}
    if args.path_prefix is not None:
        request["path_prefix"] = args.path_prefix
    return request


def run(args: argparse.Namespace) -> int:
    try:
        from .query import run_query

        result = run_query(_request(args), load_profile(args.profile), args.context)
    except UsageError as exc:
        print(f"{PROG}: error: {exc}", file=sys.stderr)
        return EXIT_USAGE
    except QueryLimitError as exc:
        print(f"{PROG}: stopped: {exc}", file=sys.stderr)
        return EXIT_LIMIT
    json.dump(result, sys.stdout, indent=2, ensure_ascii=False)
    sys.stdout.write("\n")
    return EXIT_OK
