"""Evidence (command output: a test run, a build) and traces in the message → anchors.

Evidence is untrusted: it only supplies places and names to look up inside the
checkout. Frames, compiler locations and failing test ids become anchors of
their own kinds; a frame's depth becomes its weight (the innermost weighs most), but every frame
of a trace someone interrupted weighs as an innermost one: where a program waited or looped when
it was stopped is where its time went, and the frame at fault is as often one of its callers.
"""

from __future__ import annotations

from ..lang._text import evidence_cut, without_runtime_hints
from ..lang.diagnostics import LOGGER, parse_diagnostics
from ..lang.frames import exception_lines, parse_frames
from ..lang.testids import parse_test_ids
from ..model import Anchor, AnchorKind, AnchorOrigin
from .message import RANK_QUOTE, _quote_fragments, message_anchors

__all__ = ["evidence_anchors", "trace_anchors", "evidence_bounds"]

#: Seed rank of located evidence: before everything the prose names.
RANK_LOCATED = -1


def trace_anchors(text: str, origin: AnchorOrigin) -> list[Anchor]:
    """Frames, diagnostics and test ids in `text`, in the order printed."""
    out: list[Anchor] = []
    seen: set[tuple[object, ...]] = set()
    for f in parse_frames(text):
        key: tuple[object, ...] = ("frame", f.path, f.line)
        if key not in seen:
            seen.add(key)
            out.append(
                Anchor(
                    AnchorKind.FRAME,
                    f.path,
                    origin,
                    RANK_LOCATED,
                    qualifier=f.package,
                    line=f.line,
                    weight=0.0 if f.interrupted else float(f.depth),
                    detail=f.function,
                )
            )
    for d in parse_diagnostics(text):
        key = ("diagnostic", d.path, d.line)
        # A failed recipe an issue quotes is the reporter's own build's ('make linkcheck' in the
        # project they document) more often than the checkout's; the agent's own run is the checkout's.
        if d.tool == "make" and origin == AnchorOrigin.PROSE:
            continue
        if key not in seen:
            seen.add(key)
            # Line 0 is the file as a whole (cpplint's missing copyright): no line of it. A
            # logger's record is qualified so: its place is where the program noticed a failure.
            out.append(
                Anchor(
                    AnchorKind.DIAGNOSTIC,
                    d.path,
                    origin,
                    RANK_LOCATED,
                    qualifier=LOGGER if d.tool == LOGGER else None,
                    line=d.line or None,
                    detail=d.message[:200],
                )
            )
    for t in parse_test_ids(text):
        key = ("test", t.file, t.suite, t.name)
        if key not in seen and (t.name or t.file or t.suite):
            seen.add(key)
            out.append(
                Anchor(
                    AnchorKind.TEST,
                    t.name or t.suite or t.file or t.raw,
                    origin,
                    RANK_LOCATED,
                    qualifier=t.suite,
                    detail=t.file,
                )
            )
    for line in exception_lines(text):
        message = line.partition(": ")[2]
        for fragment in _quote_fragments(message):
            key = ("quote", fragment)
            if key not in seen:
                seen.add(key)
                out.append(Anchor(AnchorKind.QUOTE, fragment, origin, RANK_QUOTE, detail=line[:200]))
    return out


def evidence_bounds(texts: list[str] | tuple[str, ...]) -> list[str]:
    """The bound reached when a piece of evidence is longer than the parsers read (its head and tail)."""
    return ["evidence_lines"] if any(evidence_cut(t) for t in texts) else []


def evidence_anchors(text: str) -> list[Anchor]:
    """Anchors of one piece of evidence: its located places, then the messages it quotes.

    Names in command output are mostly the tools' own (AssertionError, the runner's
    frames): only located places and quoted error messages are looked up.
    """
    located = trace_anchors(text, AnchorOrigin.EVIDENCE)
    known = {(a.kind, a.text) for a in located}
    quotes = [
        a
        for a in message_anchors(without_runtime_hints(text), origin_override=AnchorOrigin.EVIDENCE)
        if a.kind == AnchorKind.QUOTE and (a.kind, a.text) not in known
    ]
    return located + quotes
