"""The strategies, one module each, in a registry with stable ids.

Order matters only for determinism: findings are collected in this order.
"""

from __future__ import annotations

from .base import Context, MessageFacts, PathIndex, Strategy
from .build_error import BuildErrorStrategy
from .discovery import DiscoveryStrategy
from .lexical import LexicalStrategy
from .modules import ModulesStrategy
from .paths import PathsStrategy
from .stack_trace import StackTraceStrategy
from .symbols import SymbolsStrategy
from .test_to_impl import TestToImplStrategy

__all__ = ["Context", "MessageFacts", "PathIndex", "Strategy", "REGISTRY", "FALLBACK", "by_id"]

#: The specific strategies; discovery is the fallback and runs after them when needed.
REGISTRY: tuple[Strategy, ...] = (StackTraceStrategy(), BuildErrorStrategy(), TestToImplStrategy(),
                                  PathsStrategy(), ModulesStrategy(), LexicalStrategy(),
                                  SymbolsStrategy())
FALLBACK: Strategy = DiscoveryStrategy()


def by_id() -> dict[str, Strategy]:
    return {s.id: s for s in (*REGISTRY, FALLBACK)}
