"""Bounded mode's retry pack (spec, "Where it runs"): the code that failures point at.

After a failed verification, the pack gets a "RELEVANT CODE" section: the lines
around each location the failure output points at (stack frames, compiler and
test-runner locations, the code failing tests exercise), per repository,
confined to each checkout, within the block budget. The output is untrusted:
it only supplies places to look up, and every line shown is read through the
checkout's `Tree` (no path outside it, no symlink, nothing the policy refuses).
"""

from __future__ import annotations

from typing import Sequence

from ._record import Frozen, Record
from .model import AnchorKind
from .checkout.budgets import DEFAULT_BUDGETS, Budgets
from .checkout.confined import read_confined
from .checkout.tree import Tree
from .checkout.windows import merge_windows
from .render import PACK_HEADER, render_retry_pack
from .checkout.walk import walk
from .retrieve import run_retrieval
from .seeds.evidence import evidence_anchors
from .strategies.base import PathIndex
from .strategies.base import resolve_located

__all__ = ["RetryPack", "build_retry_pack", "HEADER"]

HEADER = PACK_HEADER
#: Lines shown on each side of a location.
CONTEXT_LINES = 4
#: Longest source line shown; longer ones are cut and marked.
MAX_LINE_CHARS = 160


class Window(Frozen):
    repo: str
    path: str
    start: int
    lines: tuple[str, ...]
    why: str


class RetryPack(Record):
    text: str
    tokens: int
    windows: list[Window]
    left_out: int  # windows that did not fit the budget


def _locations(tree: Tree, output: str, budgets: Budgets) -> dict[str, list[tuple[int, str]]]:
    """(line, why) per checkout file: every frame and diagnostic that maps into it, then the
    code the failing tests exercise, in the order the output and the ranking give them."""
    anchors = evidence_anchors(output)
    index = PathIndex(walk(tree, budgets).paths)
    found: dict[str, list[tuple[int, str]]] = {}
    for a in anchors:
        if a.kind in (AnchorKind.FRAME, AnchorKind.DIAGNOSTIC) and a.line:
            for path in resolve_located(index, a.text, a.qualifier):
                if a.kind == AnchorKind.FRAME:
                    what = f"stack frame in {a.detail}" if a.detail else "stack frame"
                else:
                    what = f"diagnostic: {a.detail}" if a.detail else "diagnostic"
                found.setdefault(path, []).append((a.line, what))
    if any(a.kind == AnchorKind.TEST for a in anchors):
        result = run_retrieval("", tree, evidence_anchors=anchors, budgets=budgets)
        for item in result.items:
            if item.line is not None and "test_to_impl" in item.strategies:
                for line in item.lines or (item.line,):
                    found.setdefault(item.path, []).append((line, item.reason))
    return found


def _windows(name: str, tree: Tree, output: str, budgets: Budgets) -> list[Window]:
    out: list[Window] = []
    for path, places in _locations(tree, output, budgets).items():  # the best-ranked file first
        # The one confined read: policy, size before the read, no symlink, text only.
        data = read_confined(tree, path, budgets.file_bytes).data
        if data is None:
            continue
        text = data.decode("utf-8", "replace").splitlines()
        # Each merged window says why by its first place (line order, then reason).
        spans = sorted((max(1, line - CONTEXT_LINES), line + CONTEXT_LINES, why) for line, why in places)
        for start, end in merge_windows([line for line, _ in places], CONTEXT_LINES, max(len(text), 1)):
            why = next(w for s, _, w in spans if start <= s <= max(start, end))
            lines = tuple(
                ln if len(ln) <= MAX_LINE_CHARS else ln[:MAX_LINE_CHARS] + " …[cut]"
                for ln in text[start - 1 : min(end, len(text))]
            )
            if lines:
                out.append(Window(name, path, start, lines, why))
    return out


def build_retry_pack(
    output: str, trees: Sequence[tuple[str, Tree]], budgets: Budgets = DEFAULT_BUDGETS
) -> RetryPack:
    """The RELEVANT CODE section for `output`, over each (name, tree) in order."""
    windows = [w for name, tree in trees for w in _windows(name, tree, output, budgets)]
    text, tokens, shown = render_retry_pack(windows, budgets.block_tokens)
    return RetryPack(text, tokens, shown, len(windows) - len(shown))
