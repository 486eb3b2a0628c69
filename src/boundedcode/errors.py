"""The one exception tree, and the exit statuses every command shares.

    BoundedCodeError                 exit 2: an error; one line on stderr, never a traceback
    ├── UsageError                   bad input from the user (arguments, message, paths)
    │   ├── ConfigError              an invalid bcode.yaml
    │   ├── RepositoryError          the repository or commit cannot be opened
    │   ├── SessionError             (session.records) a session file that cannot be used
    │   ├── ToolInputError           (mcp.tools) MCP arguments that do not fit the tool's schema
    │   ├── RequestError, ContextError  (source_context.errors) a bad query or context directory
    ├── NavigatorError               (navigator.base) a language server could not answer
    ├── ScanError                    (scan) the content scan failed
    ├── CheckoutError                (bench.checkouts) a benchmark task's commit cannot be had
    └── QueryLimitError              exit 1: (source_context.errors) stopped by a hard limit,
                                     nothing returned

Exit statuses, as ripgrep and `git grep` use them: 0 = places found, 1 = none
found, 2 = an error. A class says its own status in `exit_status`.
"""

from __future__ import annotations

__all__ = [
    "EXIT_FOUND",
    "EXIT_NONE",
    "EXIT_ERROR",
    "EXIT_INTERRUPTED",
    "BoundedCodeError",
    "UsageError",
    "ConfigError",
    "RepositoryError",
]

#: Places (locations, windows, a result) were found.
EXIT_FOUND = 0
#: The command ran and found nothing.
EXIT_NONE = 1
#: An error: bad input, an unreadable repository, a failure.
EXIT_ERROR = 2
#: Interrupted (Ctrl-C), as shells report SIGINT.
EXIT_INTERRUPTED = 130


class BoundedCodeError(Exception):
    """Base of every error this package raises on purpose."""

    exit_status = EXIT_ERROR


class UsageError(BoundedCodeError):
    """Bad input from the user: printed as one clear message, exit status 2."""


class ConfigError(UsageError):
    """An invalid project configuration file."""


class RepositoryError(UsageError):
    """The repository or commit asked for cannot be opened."""
