"""BoundedCode: where in a repository a message points.

>>> from boundedcode import retrieve
>>> result = retrieve("KeyError in Ledger.post", repo=".")
>>> print(result.block)

The names below are loaded on first use (PEP 562), so that `bcode --version` and a command
that needs only part of the package do not import the whole retrieval engine.
"""

from __future__ import annotations

import sys
import types
from typing import TYPE_CHECKING, Any

from ._lazy import lazy_names

if TYPE_CHECKING:
    from .api import find_implementations, find_references, find_symbol, retrieve, retry_pack
    from .checkout import Budgets, GitTree, MemoryTree, Tree, WorkTree
    from .errors import BoundedCodeError, ConfigError, RepositoryError, UsageError
    from .model import Anchor, Finding, Item, RetrievalResult, StrategyRun

__all__ = [
    "retrieve",
    "retry_pack",
    "find_symbol",
    "find_references",
    "find_implementations",
    "Budgets",
    "Tree",
    "WorkTree",
    "GitTree",
    "MemoryTree",
    "Anchor",
    "Finding",
    "Item",
    "RetrievalResult",
    "StrategyRun",
    "BoundedCodeError",
    "UsageError",
    "ConfigError",
    "RepositoryError",
]
__version__ = "0.1.0"

#: The module each public name is defined in.
_HOMES = {
    **dict.fromkeys(
        ("retrieve", "retry_pack", "find_symbol", "find_references", "find_implementations"), ".api"
    ),
    **dict.fromkeys(("Budgets", "Tree", "WorkTree", "GitTree", "MemoryTree"), ".checkout"),
    **dict.fromkeys(("BoundedCodeError", "UsageError", "ConfigError", "RepositoryError"), ".errors"),
    **dict.fromkeys(("Anchor", "Finding", "Item", "RetrievalResult", "StrategyRun"), ".model"),
}


__getattr__, __dir__ = lazy_names(__name__, _HOMES)


class _Package(types.ModuleType):
    def __setattr__(self, name: str, value: Any) -> None:
        # Importing a submodule records it on its package: `retrieve` and `retry_pack` name both
        # a submodule and a public function, and the package's name stays the function.
        if name in _HOMES and isinstance(value, types.ModuleType):
            return
        super().__setattr__(name, value)


sys.modules[__name__].__class__ = _Package
