"""lexical: a quoted error message or a configuration key, searched literally.

The place that raises the message comes with its enclosing definition.
"""

from __future__ import annotations

import re

from ..lang.definitions import enclosing_definition
from ..lang.languages import language_of
from ..model import Anchor, AnchorKind, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, Plan

__all__ = ["LexicalStrategy"]

#: A line that raises, throws, panics or reports: the message is produced here.
_RAISES = re.compile(
    r"\b(raise|throw|panic|Err|Error|Exception|error|errorf|fatal|die|abort|"
    r"warn|warning|fail|bail|ensure|assert|reject|log|logger|gettext|_)\b\s*[(!:]?"
)
#: Files per anchor whose enclosing definition is looked up (each costs one read and parse).
MAX_ENCLOSING_LOOKUPS = 4
#: A message found in more files than this is too common to point anywhere.
MAX_FILES = 20
#: Reliability of a literal that matches outside a raise site (e.g. a template, a docstring).
LITERAL_ONLY = 0.6


class LexicalStrategy:
    id = "lexical"

    def wants(self, plan: Plan) -> str | None:
        found = plan.of_kind(AnchorKind.QUOTE, AnchorKind.CONFIG_KEY)
        return f"{len(found)} quoted message(s) or key(s)" if found else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return [
            (a, Needle(a.text, word=a.kind == AnchorKind.CONFIG_KEY and "." not in a.text))
            for a in plan.of_kind(AnchorKind.QUOTE, AnchorKind.CONFIG_KEY)
        ]

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        for a, needle in self.needles(ev.plan):
            files = ev.scan.files_with(needle)
            if not files or len(files) > MAX_FILES:
                continue
            spec = specificity(len(files))
            for i, (path, hits) in enumerate(files.items()):
                hit = next((h for h in hits if _RAISES.search(h.text)), None)
                if a.kind == AnchorKind.QUOTE:
                    rel = R.RAISED_MESSAGE if hit else LITERAL_ONLY
                    what = "raises" if hit else "message"
                else:
                    rel, what = R.CONFIG_KEY, "key"
                hit = hit or hits[0]
                symbol = None
                if i < MAX_ENCLOSING_LOOKUPS:
                    lang = language_of(path)
                    data = ev.read(path) if lang else None
                    if lang is not None and data is not None:
                        d = enclosing_definition(
                            lang, data, hit.line
                        )  # its owner: tree-sitter's class or impl
                        symbol = (f"{d.container}.{d.name}" if d.container else d.name) if d else None
                text = a.text if len(a.text) <= 60 else a.text[:57] + "..."
                out.append(
                    Finding(
                        path, hit.line, self.id, a, rel, f'{what} "{text}"', symbol=symbol, specificity=spec
                    )
                )
        return out
