"""The one walk of a retrieval: a tree's files, in path order, under the read policy and budgets."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field

from .budgets import Budgets
from .policy import refusal
from .tree import FileEntry, Tree

__all__ = ["Listing", "walk"]


@dataclass
class Listing:
    files: list[FileEntry]
    refused: Counter = field(default_factory=Counter)  # reason -> count, never the paths
    bounds_reached: list[str] = field(default_factory=list)

    @property
    def paths(self) -> list[str]:
        return [f.path for f in self.files]


def walk(tree: Tree, budgets: Budgets) -> Listing:
    listing = Listing(files=[])
    for entry in tree.files():
        reason = refusal(entry.path)
        if reason is not None:
            listing.refused[reason] += 1
            continue
        if entry.size > budgets.file_bytes:
            listing.refused["file over size limit"] += 1
            continue
        if len(listing.files) >= budgets.files_listed:
            listing.bounds_reached.append("files_listed")
            break
        listing.files.append(entry)
    return listing
