"""The errors of `source.context`, inside the package's one exception tree."""

from __future__ import annotations

from ..errors import EXIT_NONE, BoundedCodeError, UsageError

__all__ = ["RequestError", "ContextError", "QueryLimitError", "QueryTimeout", "ResultTooLarge"]


class RequestError(UsageError):
    """A malformed `source.context` request: unknown keys, a bad term or path_prefix."""


class ContextError(UsageError):
    """A context directory that cannot be resumed: other settings or commit, or tampered files."""


class QueryLimitError(BoundedCodeError):
    """A query stopped by a hard limit; nothing was returned and no capture was stored."""

    exit_status = EXIT_NONE


class QueryTimeout(QueryLimitError):
    """The shared time frame of `ProjectLimits` ran out."""


class ResultTooLarge(QueryLimitError):
    """The result would exceed the result-bytes limit of `ProjectLimits`."""
