"""The block: a stable function of the ranked items (same input, same bytes).

It sits in the prompt cache's stable prefix. It fits the token budget by
trying shorter renderings (reasons cut, then no reasons, then fewer items) and
says what it left out.
"""

from __future__ import annotations

from typing import Sequence

from ..model import Item
from ..rank import WORD_STRATEGIES
from ..weights import BLOCK_LINES
from .text import count_tokens, printable

__all__ = [
    "render_block",
    "smallest_block_tokens",
    "location",
    "is_weak",
    "HEADER",
    "ALREADY_READ",
    "LEFT_OUT",
    "CUT_SHORT",
    "NO_PLACES",
    "WEAK_NOTE",
    "WEAK_FIRST_NOTE",
]

HEADER = "Likely relevant places, ranked (found by {found}; verify before relying on them):"
#: The header's `found` when no place is shown.
FOUND_BY_NONE = "earlier reads"
ALREADY_READ = "- already read in this conversation, unchanged: {paths}"
LEFT_OUT = "- ({n} more left out to fit the block budget)"
#: Reason length in the first shortening step.
SHORT_REASON = 48
NO_PLACES = "No places found in the repository for this message.\n"
#: Bounds after which files went unsearched: the block says so, found places or not.
CUT_SHORT = ("files_listed", "time_s")
_CUT_NOTE = "- (the search was cut short by the {bounds} bound: some files were not searched)"
#: Said when nothing the message names was found, only files that share its words.
WEAK_NOTE = "- (weak: nothing the message names was found; these files only share its words)"
#: Said when the best place only shares the message's words and a place it names ranks lower.
WEAK_FIRST_NOTE = "- (weak: the first places only share the message's words; what it names ranks lower)"


def _strategy_names(items: Sequence[Item]) -> str:
    # The strategies whose findings the lines show (each item's first), in order of appearance.
    seen: list[str] = []
    for it in items:
        name = it.strategies[0].replace("_", " ") if it.strategies else ""
        if name and name not in seen:
            seen.append(name)
    return ", ".join(seen)


def location(it: Item) -> str:
    """`path:line, line… (symbol)`, as the block and the explain text name a place: the item's
    first BLOCK_LINES lines (the JSON document has all of them)."""
    lines = it.lines[:BLOCK_LINES] or ((it.line,) if it.line else ())
    where = f"{printable(it.path)}:{', '.join(map(str, lines))}" if lines else printable(it.path)
    return where + (f" ({printable(it.symbol)})" if it.symbol else "")


def _line(it: Item, reason_chars: int | None) -> str:
    where = location(it)
    if reason_chars == 0:
        return f"- {where}"
    reason = " ".join(printable(it.reason).split())
    if reason_chars is not None and len(reason) > reason_chars:
        reason = reason[: reason_chars - 1] + "…"
    return f"- {where}: {reason}"


def is_weak(items: Sequence[Item]) -> bool:
    """Whether the best place was found by the message's words alone (nothing it names)."""
    return bool(items) and bool(items[0].strategies) and set(items[0].strategies) <= WORD_STRATEGIES


def weak_note(items: Sequence[Item]) -> list[str]:
    """The block's line saying its best place is weak, and whether anything named was found."""
    if not is_weak(items):
        return []
    named = any(set(it.strategies) - WORD_STRATEGIES for it in items)
    return [WEAK_FIRST_NOTE if named else WEAK_NOTE]


def render_block(
    items: Sequence[Item],
    budget_tokens: int,
    already_read: Sequence[str] = (),
    bounds_reached: Sequence[str] = (),
) -> tuple[str, int, bool]:
    """The block text, its tokens, and whether anything was left out to fit the budget.

    A bound of `CUT_SHORT` among `bounds_reached` is said in the block, even when it is empty."""
    cut_by = [b for b in CUT_SHORT if b in bounds_reached]
    note = [_CUT_NOTE.format(bounds=", ".join(cut_by))] if cut_by else []
    if not items and not already_read:
        if not note:
            return "", 0, False
        text = NO_PLACES + note[0][2:] + "\n"
        return text, count_tokens(text), False
    tail = [ALREADY_READ.format(paths=", ".join(map(printable, already_read)))] if already_read else []
    tail += note
    for reason_chars in (None, SHORT_REASON, 0):
        for n in range(len(items), -1, -1):
            shown = items[:n]
            lines = [HEADER.format(found=_strategy_names(shown) or FOUND_BY_NONE)]
            lines += weak_note(shown)
            lines += [_line(it, reason_chars) for it in shown]
            if n < len(items):
                lines.append(LEFT_OUT.format(n=len(items) - n))
            lines += tail
            text = "\n".join(lines) + "\n"
            tokens = count_tokens(text)
            if tokens <= budget_tokens and (n == len(items) or reason_chars == 0):
                return text, tokens, n < len(items) or reason_chars is not None
    return text, tokens, True


def smallest_block_tokens(items: int) -> int:
    """The tokens of the shortest block `render_block` makes of up to `items` places: its header,
    the line saying they were all left out and the cut-short note. A smaller budget cannot be kept."""
    lines = [
        HEADER.format(found=FOUND_BY_NONE),
        LEFT_OUT.format(n=items),
        _CUT_NOTE.format(bounds=", ".join(CUT_SHORT)),
    ]
    return count_tokens("\n".join(lines) + "\n")
