"""Checkouts: the `Tree` interface, the read policy, confined reads, the budgets and the one walk."""

from .budgets import DEFAULT_BUDGETS, Budgets
from .confined import FileRead, is_binary, read_confined
from .policy import confine, is_readable, refusal, refused_directory
from .tree import BlobEntry, FileEntry, GitTree, MemoryTree, Scope, Tree, WorkTree, blob_id, open_tree
from .walk import Listing, walk

__all__ = [
    "BlobEntry",
    "Budgets",
    "DEFAULT_BUDGETS",
    "FileEntry",
    "FileRead",
    "GitTree",
    "Listing",
    "MemoryTree",
    "Scope",
    "Tree",
    "WorkTree",
    "blob_id",
    "confine",
    "is_binary",
    "is_readable",
    "open_tree",
    "read_confined",
    "refusal",
    "refused_directory",
    "walk",
]
