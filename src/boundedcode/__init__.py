"""BoundedCode: where in a repository a message points.

>>> from boundedcode import retrieve
>>> result = retrieve("KeyError in Ledger.post", repo=".")
>>> print(result.block)
"""

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
