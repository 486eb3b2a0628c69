"""lexical: a quoted error message or a configuration key, searched literally.

The place that raises the message comes with its enclosing definition. A
message is produced by a string literal: in source code (a language with
definition patterns) and in prose documents only a line holding the run
inside quotes counts, so a comment or a page of documentation that repeats
the message neither points at itself nor makes the message look common.
Other files (message catalogues, templates, YAML) hold messages bare.
"""

from __future__ import annotations

from typing import Sequence

from ..lang.definitions import enclosing_definition
from ..lang.definitions.patterns import LINE_TABLES
from ..lang.languages import is_prose_path, language_of
from ..lazyre import LazyPattern
from ..model import Anchor, AnchorKind, Finding
from ..scan import Hit, Needle
from ..weights import R, specificity
from .base import Evidence, Plan

__all__ = ["LexicalStrategy"]

#: A line that raises, throws, panics or reports: the message is produced here.
_RAISES = LazyPattern(
    r"\b(raise|throw|panic|Err|Error|Exception|error|errorf|fatal|die|abort|"
    r"warn|warning|fail|bail|ensure|assert|reject|log|logger|gettext|_)\b\s*[(!:]?"
)
#: Files per anchor whose enclosing definition is looked up (each costs one read and parse).
MAX_ENCLOSING_LOOKUPS = 4
#: A message found in more files than this is too common to point anywhere.
MAX_FILES = 20
#: Reliability of a literal that matches outside a raise site (e.g. a template, a docstring).
LITERAL_ONLY = 0.6


def _producing(path: str, hits: Sequence[Hit], run: str) -> Sequence[Hit]:
    """The hits of `path` that can produce the message `run` is part of (see the module doc)."""
    if language_of(path) not in LINE_TABLES and not is_prose_path(path):
        return hits
    return [h for h in hits if _inside_quotes(h.text, run)]


def _inside_quotes(line: str, run: str) -> bool:
    """Whether `run` starts inside a quoted string of `line`: an odd number of one quote
    character before it (`"'%s' refers to the nonexistent field, "` continues a literal).
    A line that does not show the run (cut for its length) cannot say, and counts."""
    at = line.find(run)
    return at < 0 or any(line[:at].count(q) % 2 for q in "\"'`")


def _needle(a: Anchor) -> Needle:
    """A quote is a literal; a key a whole word, a dotted one a literal. A hyphenated key is
    looked for in any case: a header's name (`content-length`) is written `Content-Length`."""
    if a.kind == AnchorKind.QUOTE:
        return Needle(a.text, word=False)
    return Needle(a.text, word="." not in a.text, fold="-" in a.text and a.text.islower())


class LexicalStrategy:
    id = "lexical"

    def wants(self, plan: Plan) -> str | None:
        found = plan.of_kind(AnchorKind.QUOTE, AnchorKind.CONFIG_KEY)
        return f"{len(found)} quoted message(s) or key(s)" if found else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return [(a, _needle(a)) for a in plan.of_kind(AnchorKind.QUOTE, AnchorKind.CONFIG_KEY)]

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        for a, needle in self.needles(ev.plan):
            files = ev.scan.files_with(needle)
            if a.kind == AnchorKind.QUOTE:
                files = {p: shown for p, hits in files.items() if (shown := _producing(p, hits, a.text))}
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
