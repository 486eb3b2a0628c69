"""The spec's budgets ("Budgets and determinism"), one table of defaults.

Every bound a retrieval reaches is reported by the name of its field here.
"""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["Budgets", "DEFAULT_BUDGETS"]


@dataclass(frozen=True)
class Budgets:
    time_s: float = 3.0
    files_listed: int = 50_000
    bytes_read: int = 192 * 1024 * 1024
    file_bytes: int = 1024 * 1024
    scan_strings: int = 32
    occurrences_per_string_file: int = 400
    uses_per_file: int = 3
    uses_per_string: int = 60
    lsp_lookups: int = 4
    lsp_timeout_s: float = 1.5
    block_tokens: int = 1200
    block_items: int = 12
    #: Message text read; past it the head and the tail are kept (the longest development
    #: task's message is 69 kB). Every later stage is linear in what is kept.
    message_chars: int = 256 * 1024
    #: Anchors kept, in seed order: planning and the strategies work per anchor.
    anchors: int = 2000
    #: Longest needle searched: ripgrep gets the needles as one argument, and Linux caps one
    #: argument at 128 KiB; no name or quoted message is this long.
    needle_chars: int = 1024
    evidence_lines: int = 20_000  # per piece of evidence: its head and its tail past this


DEFAULT_BUDGETS = Budgets()
