"""Checkouts: the `Tree` interface, the read policy, the budgets and the one walk."""

from .budgets import BOUNDS, DEFAULT_BUDGETS, Budgets, reach
from .policy import confine, is_readable, refusal
from .tree import FileEntry, GitTree, MemoryTree, Tree, WorkTree, blob_id, open_tree
from .walk import Listing, walk

__all__ = [
    "BOUNDS",
    "Budgets",
    "DEFAULT_BUDGETS",
    "FileEntry",
    "GitTree",
    "Listing",
    "MemoryTree",
    "Tree",
    "WorkTree",
    "blob_id",
    "confine",
    "is_readable",
    "open_tree",
    "reach",
    "refusal",
    "walk",
]
