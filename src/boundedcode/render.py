"""The block: a stable function of the ranked items (same input, same bytes).

It sits in the prompt cache's stable prefix. It fits the token budget by
trying shorter renderings (reasons cut, then no reasons, then fewer items) and
says what it left out. Tokens are counted as UTF-8 bytes / 3 (measured: under-
counts 1% of code snippets against a real BPE, where chars/4 under-counts 30%).
"""

from __future__ import annotations

from typing import Sequence

from .model import Item
from .weights import BLOCK_LINES

__all__ = ["render_block", "count_tokens", "HEADER"]

HEADER = "Likely relevant places, ranked (found by {found}; verify before relying on them):"
#: Reason length in the first shortening step.
SHORT_REASON = 48


def count_tokens(text: str) -> int:
    return -(-len(text.encode("utf-8")) // 3)


def _strategy_names(items: Sequence[Item]) -> str:
    # The strategies whose findings the lines show (each item's first), in order of appearance.
    seen: list[str] = []
    for it in items:
        name = it.strategies[0].replace("_", " ") if it.strategies else ""
        if name and name not in seen:
            seen.append(name)
    return ", ".join(seen)


def _line(it: Item, reason_chars: int | None) -> str:
    lines = it.lines[:BLOCK_LINES] or ((it.line,) if it.line else ())
    where = f"{it.path}:{', '.join(map(str, lines))}" if lines else it.path
    if it.symbol:
        where += f" ({it.symbol})"
    if reason_chars == 0:
        return f"- {where}"
    reason = " ".join(it.reason.split())
    if reason_chars is not None and len(reason) > reason_chars:
        reason = reason[: reason_chars - 1] + "…"
    return f"- {where}: {reason}"


def render_block(
    items: Sequence[Item], budget_tokens: int, already_read: Sequence[str] = ()
) -> tuple[str, int, bool]:
    """The block text, its tokens, and whether anything was left out to fit the budget."""
    if not items and not already_read:
        return "", 0, False
    tail = (
        [f"- already read in this conversation, unchanged: {', '.join(already_read)}"] if already_read else []
    )
    for reason_chars in (None, SHORT_REASON, 0):
        for n in range(len(items), -1, -1):
            shown = items[:n]
            lines = [HEADER.format(found=_strategy_names(shown) or "earlier reads")]
            lines += [_line(it, reason_chars) for it in shown]
            if n < len(items):
                lines.append(f"- ({len(items) - n} more left out to fit the block budget)")
            lines += tail
            text = "\n".join(lines) + "\n"
            tokens = count_tokens(text)
            if tokens <= budget_tokens and (n == len(items) or reason_chars == 0):
                return text, tokens, n < len(items) or reason_chars is not None
    return text, tokens, True
