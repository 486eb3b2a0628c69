"""The retry pack's text: bounded mode's "RELEVANT CODE" section (spec, "Where it runs").

Windows come from `retry_pack` in the order it ranks them; they are shown per
repository, each under a `--- path:start-end: why` line with numbered source
lines, while the block budget lasts. A window that does not fit is left out
(a later, smaller one may still fit) and the count of those is said last.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Sequence

from .text import count_tokens, printable

if TYPE_CHECKING:
    from ..retry_pack import Window

__all__ = ["render_retry_pack", "window_text", "PACK_HEADER"]

PACK_HEADER = "RELEVANT CODE (from the failure output; verify before relying on it):"


def window_text(w: Window) -> str:
    body = "\n".join(f"{w.start + i:>5}  {printable(ln)}" for i, ln in enumerate(w.lines))
    return f"--- {printable(w.path)}:{w.start}-{w.start + len(w.lines) - 1}: {printable(w.why)}\n{body}"


def render_retry_pack(windows: Sequence[Window], budget_tokens: int) -> tuple[str, int, list[Window]]:
    """The section's text, its tokens and the windows it shows; ("", 0, []) without windows."""
    if not windows:
        return "", 0, []
    parts = [PACK_HEADER]
    shown: list[Window] = []
    repo = None
    for w in windows:
        piece = ([f"== {printable(w.repo)} =="] if w.repo != repo else []) + [window_text(w)]
        if count_tokens("\n".join(parts + piece)) > budget_tokens:
            continue  # a later, smaller window may still fit
        parts += piece
        shown.append(w)
        repo = w.repo
    if len(windows) > len(shown):
        parts.append(f"({len(windows) - len(shown)} more location(s) left out to fit the block budget)")
    text = "\n".join(parts) + "\n"
    return text, count_tokens(text), shown
