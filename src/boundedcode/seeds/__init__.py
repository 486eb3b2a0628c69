"""Seeds: a message and its evidence, parsed into typed anchors, and what the message asks for."""

from .facts import MessageFacts, message_facts
from .message import message_anchors, split_segments, words

__all__ = ["MessageFacts", "message_anchors", "message_facts", "split_segments", "words"]
