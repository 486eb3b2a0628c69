"""Seeds: a message and its evidence, parsed into typed anchors."""

from .message import message_anchors, split_segments, words

__all__ = ["message_anchors", "split_segments", "words"]
