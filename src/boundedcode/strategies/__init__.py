"""The strategies, one module each, in a registry with stable ids.

Order matters only for determinism: findings are collected in this order.
"""

from __future__ import annotations

from typing import Callable, Sequence

from ..lang.definitions import compile_rules
from ..lang.languages import language_of
from .base import Evidence, FromListing, ListingEvidence, PathIndex, Placing, Plan, Reader, Strategy
from .build_error import BuildErrorStrategy
from .contracts import ContractsStrategy
from .discovery import DiscoveryStrategy
from .discovery import prepare_listing as _discovery_listing
from .docs_config import DocsConfigStrategy
from .fulltext import FulltextStrategy
from .fulltext import prepare_listing as _fulltext_listing
from .graph import GraphStrategy
from .history import HistoryStrategy
from .lexical import LexicalStrategy
from .modules import ModulesStrategy
from .parallels import prepare_listing as _parallels_listing
from .paths import PathsStrategy
from .reexports import ReexportsStrategy
from .reexports import prepare_listing as _reexports_listing
from .stack_trace import StackTraceStrategy
from .symbols import SymbolsStrategy
from .test_to_impl import TestToImplStrategy

__all__ = [
    "Plan",
    "Evidence",
    "ListingEvidence",
    "PathIndex",
    "Reader",
    "Strategy",
    "Placing",
    "FromListing",
    "REGISTRY",
    "by_id",
    "prepare_listing",
]

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


def prepare_listing(paths: Sequence[str], read: Callable[[str], bytes | None]) -> None:
    """The listing's facts a long-lived host builds before its queries, not in the first of
    them (each would otherwise be built, or finished, in a query), its manifests parsed (`read`:
    a file's contents, None when refused), and the definition rules of its languages."""
    index = PathIndex.of(paths)
    index.prepare()
    _discovery_listing(index)
    _fulltext_listing(index)
    _parallels_listing(index)
    _reexports_listing(index, read)
    for language in sorted({language for p in paths if (language := language_of(p)) is not None}):
        compile_rules(language)
