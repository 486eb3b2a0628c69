"""`source.context`: bounded lexical context over the git objects of a pinned commit.

Public API: `load_profile` reads the operator's profile, `run_query` answers one
request (storing a capture when given a context directory), `verify_context`
checks a context moved from elsewhere. The CLI glue is in `command`.

Names are loaded on first use (PEP 562), so that `bcode --help` and the other
commands do not pay for pygit2.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "DEFAULT_EXTENSIONS": "config",
    "KIND": "config",
    "Profile": "config",
    "ProjectLimits": "config",
    "SourceAnalysisSettings": "config",
    "load_profile": "config",
    "parse_profile": "config",
    "CONTRACT": "context",
    "Context": "context",
    "verify_context": "context",
    "ContextError": "errors",
    "QueryLimitError": "errors",
    "QueryTimeout": "errors",
    "RequestError": "errors",
    "ResultTooLarge": "errors",
    "STATUS_COMPLETE": "query",
    "STATUS_PARTIAL": "query",
    "run_query": "query",
}

__all__ = sorted(_EXPORTS)


def __getattr__(name: str) -> Any:
    if name not in _EXPORTS:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(f".{_EXPORTS[name]}", __name__), name)
