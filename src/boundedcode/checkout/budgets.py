"""The spec's budgets ("Budgets and determinism"), one table of defaults.

Every bound a retrieval reaches is reported by the name of its field here
(`reach`), and every field is a bound something keeps to. The spec's "uses kept:
3 per file" has no field: a strategy makes one finding per file and anchor, and
that is all ranking counts.
"""

from __future__ import annotations

from .._record import Frozen, fields


__all__ = ["Budgets", "DEFAULT_BUDGETS", "BOUNDS", "reach"]


class Budgets(Frozen):
    """The bounds of one retrieval; `Budgets(time_s=1.0)` changes one and keeps the rest."""

    time_s: float = 3.0  # one retrieval; results so far are kept and `truncated` says so
    files_listed: int = 50_000
    bytes_read: int = 192 * 1024 * 1024  # per retrieval, by the scan and by strategies' reads
    file_bytes: int = 1024 * 1024  # one file: a larger one is neither scanned nor read
    #: Needles per scan (the spec's): 48 changes 15 of the 23 development messages that plan more,
    #: and Python's direct Acc@1 57.5 → 57.2 % (docs/benchmark.md, "… a forty-third session").
    scan_strings: int = 32
    #: Full-text terms per scan (seeds.terms), besides the needles: a message's words, each
    #: found as identifier parts; a message with more keeps its most repeated. On the development
    #: split's direct track (`bcode bench direct --set-budget scan_terms=N`; docs/benchmark.md,
    #: "Quality and speed, a forty-third session"), 32 loses recall 84.3 → 83.4 % and Python Acc@5
    #: 82.3 → 81.8 %; 96 gains nothing.
    scan_terms: int = 64
    #: Hits kept per needle and file (ripgrep's `--max-count` over all of a file's needles). The
    #: spec's; measured in the same runs as `scan_terms`: 100 loses Python Acc@5 82.3 → 81.6 %,
    #: 1000 changes 15 of 627 direct blocks and no figure.
    occurrences_per_string_file: int = 400
    uses_per_string: int = 60  # files listed as uses of one symbol (graph)
    lsp_lookups: int = 4  # language-server lookups per retrieval
    lsp_timeout_s: float = 1.5  # per lookup
    block_tokens: int = 1200  # the rendered block
    block_items: int = 12  # places in the block
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

#: The name of every bound: one per field of Budgets.
BOUNDS = frozenset(fields(Budgets))


def reach(reached: list[str], bound: str) -> None:
    """Report `bound`, the name of a Budgets field, as reached: each once, in the order reached."""
    if bound not in BOUNDS:
        raise ValueError(f"{bound!r} names no budget (known: {', '.join(sorted(BOUNDS))})")
    if bound not in reached:
        reached.append(bound)
