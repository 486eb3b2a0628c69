"""The one walk of a retrieval: a tree's files, in path order, under the read policy and budgets."""

from __future__ import annotations

from collections import Counter, OrderedDict

from .._record import Record, field
from .budgets import Budgets
from .policy import refusal
from .tree import FileEntry, Tree

__all__ = ["Listing", "walk"]


class Listing(Record):
    files: list[FileEntry]
    refused: Counter = field(default_factory=Counter)  # reason -> count, never the paths
    bounds_reached: list[str] = field(default_factory=list)
    _paths: list[str] | None = None  # `paths`, once made

    @property
    def paths(self) -> list[str]:
        """The files' paths, made once per listing and shared by the copies of a kept walk: a warm
        host's query is handed the very list it was last time (never change it), and what it
        built of that list can be known by identity, not by a pass over every path."""
        if self._paths is None:
            self._paths = [f.path for f in self.files]
        return self._paths


#: Walks remembered: a host keeping one checkout warm while it answers another (a second
#: checkout, a cold retrieval) judges neither listing again on every query.
WALKS_KEPT = 2
# The last walks, by the identity of the tree's listing each judged (the very list: a kept tree,
# `CachedWorkTree`, gives the same one while nothing changed; the list is held, so its id is not
# reused): the listing, the budgets it kept to, and its answer.
_last: OrderedDict[int, tuple[list[FileEntry], int, int, Listing]] = OrderedDict()


def walk(tree: Tree, budgets: Budgets) -> Listing:
    entries = tree.files()
    last = _last.get(id(entries))
    if last is not None and last[0] is entries and last[1:3] == (budgets.file_bytes, budgets.files_listed):
        _last.move_to_end(id(entries))
        kept = last[3]  # the policy is a function of the paths alone: the same entries, the same answer
        return Listing(list(kept.files), Counter(kept.refused), list(kept.bounds_reached), kept.paths)
    listing = Listing(files=[])
    _last.pop(id(entries), None)
    for entry in entries:
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
    kept = Listing(list(listing.files), Counter(listing.refused), list(listing.bounds_reached))
    _last[id(entries)] = (entries, budgets.file_bytes, budgets.files_listed, kept)
    while len(_last) > WALKS_KEPT:
        _last.popitem(last=False)
    return listing
