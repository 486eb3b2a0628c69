"""The one exception tree. User mistakes derive from `UsageError` and print as one line."""

from __future__ import annotations

__all__ = ["BoundedCodeError", "UsageError", "ConfigError", "RepositoryError"]


class BoundedCodeError(Exception):
    """Base of every error this package raises on purpose."""


class UsageError(BoundedCodeError):
    """Bad input from the user: printed as one clear message, exit status 2."""


class ConfigError(UsageError):
    """An invalid project configuration file."""


class RepositoryError(UsageError):
    """The repository or commit asked for cannot be opened."""
