"""The strategies, one module each, in a registry with stable ids.

Order matters only for determinism: findings are collected in this order.
"""

from __future__ import annotations

from .base import Evidence, PathIndex, Placing, Plan, Reader, Strategy
from .build_error import BuildErrorStrategy
from .contracts import ContractsStrategy
from .discovery import DiscoveryStrategy
from .docs_config import DocsConfigStrategy
from .fulltext import FulltextStrategy
from .graph import GraphStrategy
from .history import HistoryStrategy
from .lexical import LexicalStrategy
from .modules import ModulesStrategy
from .paths import PathsStrategy
from .reexports import ReexportsStrategy
from .stack_trace import StackTraceStrategy
from .symbols import SymbolsStrategy
from .test_to_impl import TestToImplStrategy

__all__ = ["Plan", "Evidence", "PathIndex", "Reader", "Strategy", "Placing", "REGISTRY", "by_id"]

#: Every strategy, in the order findings are collected.
REGISTRY: tuple[Strategy, ...] = (
    StackTraceStrategy(),
    BuildErrorStrategy(),
    TestToImplStrategy(),
    PathsStrategy(),
    ModulesStrategy(),
    ReexportsStrategy(),
    LexicalStrategy(),
    SymbolsStrategy(),
    ContractsStrategy(),
    DocsConfigStrategy(),
    HistoryStrategy(),
    GraphStrategy(),
    DiscoveryStrategy(),
    FulltextStrategy(),
)


def by_id() -> dict[str, Strategy]:
    return {s.id: s for s in REGISTRY}
