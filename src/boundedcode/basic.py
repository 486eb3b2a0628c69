"""`basic` retrieval: the earlier grep of the message's names, kept as the baseline.

Every code-like name of the message is searched as a whole word in one scan;
files rank by how many distinct names they hold, then by occurrences, then by
path. No definitions, no strategies, no demotions.
"""

from __future__ import annotations

import time
from typing import Callable

from .checkout.budgets import DEFAULT_BUDGETS, Budgets
from .checkout.tree import Tree, blob_id
from .checkout.walk import walk
from .model import Item, RetrievalResult, StrategyRun
from .render import render_block
from .scan import Needle, Scanner, scan
from .seeds import message_anchors
from .seeds.message import cap_message
from .strategies.base import is_identifier

__all__ = ["run_basic"]


def run_basic(
    message: str,
    tree: Tree,
    *,
    budgets: Budgets = DEFAULT_BUDGETS,
    scanner: Scanner | None = None,
    clock: Callable[[], float] = time.monotonic,
) -> RetrievalResult:
    t0 = clock()
    message = message.replace("\r\n", "\n").replace("\r", "\n")
    message, cut_message = cap_message(message, budgets.message_chars)
    anchors = [a for a in message_anchors(message) if a.kind in ("name", "member")]
    named = [a.text for a in anchors if is_identifier(a.text)]
    needles = list(dict.fromkeys(Needle(t, word=True) for t in named if len(t) <= budgets.needle_chars))
    too_long = any(len(t) > budgets.needle_chars for t in named)
    over = len(needles) > budgets.scan_strings
    needles = needles[: budgets.scan_strings]
    listing = walk(tree, budgets)
    result = scan(tree, listing.paths, needles, budgets, t0 + budgets.time_s, scanner)
    per_file: dict[str, list] = {}
    for n, files in result.hits.items():
        for path, hits in files.items():
            per_file.setdefault(path, []).append((n.text, hits))
    ranked = sorted(per_file.items(), key=lambda kv: (-len(kv[1]), -sum(len(h) for _, h in kv[1]), kv[0]))
    items = []
    for path, found in ranked[: budgets.block_items]:
        first = min((h[0].line, name) for name, h in found)
        data = tree.read(path, budgets.file_bytes)
        names = sorted(name for name, _ in found)
        items.append(
            Item(
                path=path,
                line=first[0],
                symbol=None,
                score=float(len(found)),
                reason="mentions " + ", ".join(names[:4]),
                strategies=("basic",),
                anchors=tuple(f"name:{n}" for n in names),
                blob_id=blob_id(data) if data is not None else None,
            )
        )
    block, tokens, cut = render_block(
        items, budgets.block_tokens, bounds_reached=listing.bounds_reached + result.bounds_reached
    )
    bounds = (["message_chars"] if cut_message else []) + (["needle_chars"] if too_long else [])
    bounds += listing.bounds_reached + result.bounds_reached + (["scan_strings"] if over else [])
    total = (clock() - t0) * 1000.0
    return RetrievalResult(
        items=items,
        block=block,
        tokens=tokens,
        truncated=cut or "time_s" in bounds,
        commit=tree.commit(),
        branch=tree.branch(),
        strategies=[
            StrategyRun(
                "basic",
                bool(needles),
                f"{len(needles)} name(s)" if needles else "no names in the message",
                len(items),
            )
        ],
        anchors=anchors,
        bounds_reached=bounds,
        timings_ms={"total": total},
        budget_use={"files_listed": len(listing.paths), "scan_strings": len(needles), "block_tokens": tokens},
        retrieval="basic",
    )
