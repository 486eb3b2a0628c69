"""Windows of a file's lines around places in it: the one merger every reader of windows uses.

The retry pack shows the lines around each location a failure points at, and
`source.context` returns the lines around each hit; both merge the windows of one
file that overlap or touch, so a line is shown once.
"""

from __future__ import annotations

__all__ = ["merge_windows"]


def merge_windows(anchors: list[int], context: int, last_line: int) -> list[tuple[int, int]]:
    """Inclusive line ranges `context` lines around each anchor; overlapping or adjacent merged."""
    merged: list[tuple[int, int]] = []
    for line in sorted(set(anchors)):
        start, end = max(1, line - context), min(last_line, line + context)
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
