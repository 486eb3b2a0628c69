"""`bcode retrieve --explain`: how each score was made, then which strategies ran and why.

The factors come from `Item.explain` (rank.py builds it); this module only
words them, in the order the ranking applies them.
"""

from __future__ import annotations

from ..model import Explanation, RetrievalResult
from .text import printable

__all__ = ["explain_lines", "explain_text"]


def _repeat(factor: float, anchor: str) -> str:
    """The repeat factor, when it is not 1: a strategy's later finding, or a path word or a name
    already counted."""
    if factor == 1.0:
        return ""
    if factor == 0.0:
        counted = "a path word" if anchor.startswith(("word:", "path_words:")) else "the same name"
        return f" × 0 ({counted} already counted)"
    return f" × repeat {factor:g}"


def explain_lines(explanation: Explanation) -> list[str]:
    """One line per contribution, then the combination, any demotion and the score."""
    lines = [
        f"{c.strategy} {printable(c.anchor)}: reliability {c.reliability:.2f} × specificity "
        f"{c.specificity:.2f}{_repeat(c.repeat, c.anchor)} = {c.weight:.3f} ({printable(c.reason)})"
        for c in explanation.contributions
    ]
    lines.append(f"combined 1 − Π(1 − w) = {explanation.combined:.3f}")
    if explanation.demoted_as:
        lines.append(f"demoted ×{explanation.demotion} ({explanation.demoted_as})")
    lines.append(f"score {explanation.score:.3f}")
    return lines


def explain_text(result: RetrievalResult) -> str:
    """What --explain prints after the block."""
    parts: list[str] = []
    for it in result.items:
        if it.explain is not None:
            parts.append(
                "\n" + printable(it.path) + "\n" + "".join(f"  {ln}\n" for ln in explain_lines(it.explain))
            )
    ran = ", ".join(f"{s.strategy} ({printable(s.why)})" for s in result.strategies if s.ran)
    parts.append(f"\nstrategies run: {ran or 'none'}\n")
    if result.bounds_reached:
        parts.append(f"bounds reached: {', '.join(result.bounds_reached)}\n")
    return "".join(parts)
