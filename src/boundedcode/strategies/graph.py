"""graph: a refactor or rename of a named symbol lists the symbol's uses.

The intent comes from the prose's verbs (REFACTOR_INTENT): rename, refactor,
extract, move, inline, deprecate, replace all uses of. The main symbol is the
first name the prose writes after the verb that the repository uses ("rename
`Ledger.Post` to `Record`": Ledger.Post; the new name is not used yet), else
the nearest before it ("`formatBalance` should be renamed"). Its
uses come from the navigator's references where one is given and answers (a
language server, routed by file language); a navigator that is absent,
raises, or finds nothing leaves the textual uses: the files that hold the
name as a whole word, from the shared scan, up to the uses budget. A member's
textual uses are its accesses and calls (`.Post`, `::Post`, `Post(`).
"""

from __future__ import annotations

import re
from typing import Sequence

from ..lazyre import compile_static
from ..model import Anchor, AnchorKind, AnchorOrigin, Finding
from ..navigator.base import PATTERNS, Location
from ..scan import Hit, Needle
from ..seeds import words
from ..weights import R, specificity
from .base import Evidence, Plan, is_identifier

__all__ = ["GraphStrategy", "REFACTOR_INTENT"]

#: Verbs of a refactoring request, as the prose writes them.
REFACTOR_INTENT = compile_static(
    r"\b(?:renam(?:e|es|ed|ing)|refactor(?:s|ed|ing)?|extract(?:s|ed|ing)?|mov(?:e|es|ing)|"
    r"inlin(?:e|es|ing)|deprecat(?:e|es|ed|ing)|"
    r"replace (?:all|every|each) (?:uses?|usages?|calls?|occurrences?|references?) (?:of|to))\b",
    re.I,
)
#: Names tried as the main symbol, in that order (the first one the repository uses wins).
MAX_CANDIDATES = 3
_SEPARATORS = r"(?:\.|::|->|#|\\)"


def _places(prose: list[str], where: dict[str, list[int]], seq: list[str]) -> list[int]:
    """Where in `prose` the words `seq` are written in a row, in order (`where`: each word's
    places). They are compared only where the rarest of them is: a pasted log of 70k characters
    has some 10,000 words and a thousand names (1.1 s of a 1.6 s retrieval when every name was
    compared at every word), and a list of dotted names begins each with the project's."""
    if not seq:  # no words (`_`): an empty run is at every place
        return list(range(len(prose) + 1))
    k = min(range(len(seq)), key=lambda k: len(where.get(seq[k], ())))
    return [i - k for i in where.get(seq[k], ()) if i >= k and prose[i - k : i - k + len(seq)] == seq]


class GraphStrategy:
    id = "graph"

    def wants(self, plan: Plan) -> str | None:
        cands = self._candidates(plan)
        if not cands:
            return None
        return f"refactoring of {', '.join(_label(a) for a in cands)}"

    @staticmethod
    def _candidates(plan: Plan) -> list[Anchor]:
        """Names around the first refactoring verb: those written after it in prose order
        ("rename X to Y"), then those before it, nearest first ("X should be renamed")."""
        prose = list(plan.facts.words)
        text = " ".join(prose)
        verb = REFACTOR_INTENT.search(text)
        if not verb:
            return []
        at = text[: verb.end()].count(" ") + 1  # the word index just after the verb
        where: dict[str, list[int]] = {}
        for i, word in enumerate(prose):
            where.setdefault(word, []).append(i)
        after: list[tuple[int, bool, Anchor]] = []
        before: list[tuple[int, bool, Anchor]] = []
        for a in plan.of_kind(AnchorKind.MEMBER, AnchorKind.NAME):
            if a.origin != AnchorOrigin.PROSE or not is_identifier(a.text):
                continue
            starts = _places(prose, where, words(f"{a.qualifier} {a.text}" if a.qualifier else a.text))
            later = [i for i in starts if i >= at]
            if later:
                after.append((later[0], a.kind != AnchorKind.MEMBER, a))
            elif starts:
                before.append((-starts[-1], a.kind != AnchorKind.MEMBER, a))
        # A member's qualifier, written as part of it (Ledger in Ledger.Post), is not the symbol.
        members = {(abs(i), a.qualifier) for i, _, a in after + before if a.kind == AnchorKind.MEMBER}
        ordered = [
            a
            for i, _, a in sorted(after, key=lambda t: t[:2]) + sorted(before, key=lambda t: t[:2])
            if a.kind == AnchorKind.MEMBER or (abs(i), a.text) not in members
        ]
        return ordered[:MAX_CANDIDATES]

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return [(a, Needle(a.text, word=True)) for a in self._candidates(plan)]

    def find(self, ev: Evidence) -> list[Finding]:
        for a in self._candidates(ev.plan):
            files = ev.scan.files_with(Needle(a.text, word=True))
            if not files:
                continue
            definitions = ev.navigator.definitions(a.text)
            found = self._references(ev, a, files, definitions)
            return found if found else self._textual(ev, a, files, definitions)
        return []

    def _references(
        self, ev: Evidence, a: Anchor, files: dict[str, Sequence[Hit]], definitions: list[Location]
    ) -> list[Finding]:
        """Uses a language server answered; [] when none is enabled, none answered or it found nothing."""
        if not ev.navigator.servers:
            return []
        path, line = _definition(a, files, definitions)
        answer = ev.navigator.answer("references", a.text, path=path, line=line)
        if all(source == PATTERNS for source in answer.sources.values()):
            return []  # every server was skipped (missing, down, failing): textual uses answer
        first: dict[str, int] = {}
        for loc in answer.locations:
            # Only places inside the walked checkout: a server may answer with library files.
            if loc.path in ev.index.set and (loc.path not in first or loc.line < first[loc.path]):
                first[loc.path] = loc.line
        if len(first) > ev.budgets.uses_per_string:
            ev.reach("uses_per_string")
        chosen = sorted(first.items())[: ev.budgets.uses_per_string]
        spec = specificity(len(first))
        return [
            Finding(p, ln, self.id, a, R.REFERENCES, f"references {_label(a)}", specificity=spec)
            for p, ln in chosen
        ]

    def _textual(
        self, ev: Evidence, a: Anchor, files: dict[str, Sequence[Hit]], definitions: list[Location]
    ) -> list[Finding]:
        access = (
            re.compile(rf"{_SEPARATORS}\s*{re.escape(a.text)}\b|\b{re.escape(a.text)}\s*\(")
            if a.kind == AnchorKind.MEMBER
            else None
        )
        defining = {(loc.path, loc.line) for loc in definitions}
        places: list[tuple[str, int]] = []
        for path, hits in files.items():
            uses = [h for h in hits if (path, h.line) not in defining]
            if access is not None:
                uses = [h for h in uses if access.search(h.text)]
            if uses:
                places.append((path, uses[0].line))
        spec = specificity(len(places))
        if len(places) > ev.budgets.uses_per_string:
            ev.reach("uses_per_string")
        return [
            Finding(p, line, self.id, a, R.REFERENCES, f"uses {_label(a)}", specificity=spec)
            for p, line in places[: ev.budgets.uses_per_string]
        ]


def _label(a: Anchor) -> str:
    return f"{a.qualifier}.{a.text}" if a.qualifier else a.text


def _definition(
    a: Anchor, files: dict[str, Sequence[Hit]], definitions: list[Location]
) -> tuple[str | None, int | None]:
    """The definition the references are asked about, the pick among homonyms: the first in each
    file, and for a member one that names its qualifier (a Go receiver) or sits in the file named
    after it."""
    found: list[tuple[bool, str, int]] = []
    qualifier = (a.qualifier or "").lower()
    for loc in definitions:
        if found and found[-1][1] == loc.path:
            continue  # definitions come in (path, line) order: the file's first is taken
        text = next((h.text for h in files.get(loc.path, ()) if h.line == loc.line), "")
        stem = loc.path.rsplit("/", 1)[-1].split(".", 1)[0].lower()
        near = bool(qualifier) and (qualifier in text.lower() or stem == qualifier)
        found.append((not near, loc.path, loc.line))
    if not found:
        return None, None
    _, path, line = min(found)
    return path, line
