"""Evidence (command output: a test run, a build) → anchors.

Evidence is untrusted: it only supplies places and names to look up inside the
checkout. Located lines (`path:line`) become path anchors with their line.
"""

from __future__ import annotations

from ..model import Anchor
from .message import message_anchors

__all__ = ["evidence_anchors"]


def evidence_anchors(text: str) -> list[Anchor]:
    return [a for a in message_anchors(text, origin_override="evidence")
            if a.kind in ("path", "quote", "name", "member")]
