"""Definitions, references and implementations of a name: language servers where they serve the
file's language, definition patterns everywhere else (spec, "Language servers and other providers")."""

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
