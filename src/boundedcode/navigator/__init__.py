"""Definitions, references and implementations of a name: language servers where they serve the
file's language, definition patterns everywhere else (spec, "Language servers and other providers").

The names are loaded on first use (PEP 562): a retrieval needs the Composite and the
patterns, not the language servers' client, sessions and protocol.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .._lazy import lazy_names

if TYPE_CHECKING:
    from .base import (
        IMPLEMENTATION,
        PATTERNS,
        REFERENCE,
        Location,
        LookupTimeout,
        Navigator,
        NavigatorError,
        NotSupported,
        Probed,
        ProtocolError,
        ServerDown,
        ServerFailed,
        ServerMissing,
    )
    from .composite import OPERATIONS, Answer, Composite, Skip
    from .lsp import LspClient
    from .lsp_navigator import LspNavigator
    from .operations import build_navigator, navigate
    from .patterns import PatternNavigator
    from .servers import AUTO, ENV_VAR, SERVERS, ServerSpec
    from .session import POOL, LspSession, SessionPool

__all__ = [
    "Location",
    "Navigator",
    "Probed",
    "NavigatorError",
    "NotSupported",
    "ServerMissing",
    "ServerDown",
    "LookupTimeout",
    "ProtocolError",
    "ServerFailed",
    "PATTERNS",
    "REFERENCE",
    "IMPLEMENTATION",
    "PatternNavigator",
    "Composite",
    "Answer",
    "Skip",
    "OPERATIONS",
    "LspClient",
    "LspNavigator",
    "LspSession",
    "SessionPool",
    "POOL",
    "SERVERS",
    "ServerSpec",
    "AUTO",
    "ENV_VAR",
    "build_navigator",
    "navigate",
]

#: The module each public name is defined in.
_HOMES = {
    **dict.fromkeys(
        (
            "IMPLEMENTATION",
            "PATTERNS",
            "REFERENCE",
            "Location",
            "LookupTimeout",
            "Navigator",
            "NavigatorError",
            "NotSupported",
            "Probed",
            "ProtocolError",
            "ServerDown",
            "ServerFailed",
            "ServerMissing",
        ),
        ".base",
    ),
    **dict.fromkeys(("OPERATIONS", "Answer", "Composite", "Skip"), ".composite"),
    **dict.fromkeys(("LspClient",), ".lsp"),
    **dict.fromkeys(("LspNavigator",), ".lsp_navigator"),
    **dict.fromkeys(("build_navigator", "navigate"), ".operations"),
    **dict.fromkeys(("PatternNavigator",), ".patterns"),
    **dict.fromkeys(("AUTO", "ENV_VAR", "SERVERS", "ServerSpec"), ".servers"),
    **dict.fromkeys(("POOL", "LspSession", "SessionPool"), ".session"),
}


__getattr__, __dir__ = lazy_names(__name__, _HOMES)
