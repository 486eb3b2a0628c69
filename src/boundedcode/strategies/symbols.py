"""symbols: a code-like name or a member written in the prose, at its definitions.

Definitions come from the navigator: its definition patterns in every
language, and a language server where one serves the file's language (the
server's line replaces the patterns' and weighs more). A member's definition
in the file named after its qualifier, or in the file that defines the
qualifier, comes first. Uses weigh little and count only for names used in at
most USES_MAX_FILES files, and not in a file that names it only where it imports it (it hands the
name on, or leaves it unused); names only in a code sample count for less, and
so do the body's names when the title spells one of the message's names
(BODY_NAME: the title says what the report is about).
"""

from __future__ import annotations

import math
from itertools import islice
from typing import Callable

from ..lang.import_lines import imported_only
from ..lang.languages import is_test_path
from ..model import Anchor, AnchorKind, Finding
from ..navigator.base import PATTERNS, Location
from ..scan import Needle
from ..weights import MEMBER_BESIDE_QUALIFIER, R, USES_MAX_EXPONENT, USES_MAX_FILES, specificity
from .base import Evidence, Plan, definition_factor, is_identifier

__all__ = ["SymbolsStrategy"]

#: A member defined in many files is narrowed by its qualifier; elsewhere it weighs this much less.
OFF_QUALIFIER = 0.5
#: A member whose qualifier the repository neither defines nor names a file after
#: (`qs.filter`, `f.is_valid`: a local variable) says less about where the member is.
UNKNOWN_QUALIFIER = 0.6
#: Definition kinds that make a qualifier a container (a field or variable is not one).
TYPE_KINDS = frozenset(
    {
        "class",
        "struct",
        "interface",
        "annotation",
        "enum",
        "trait",
        "type",
        "module",
        "namespace",
        "object",
        "record",
        "protocol",
        "union",
        "impl",
    }
)
#: Definition kinds of data, not code: in a file that also defines the name as code (a function,
#: a type), the code's line is the one shown.
DATA_KINDS = frozenset({"field", "variable", "constant", "property"})
#: A name that is also the qualifier of a member the message names (Ledger in Ledger.Post)
#: points at the container; the member is the point, so the container weighs a little less.
QUALIFIER_NAME = 0.9


#: Files whose uses of a name become findings, at most. Not the spec's uses budget (60, which
#: graph keeps to): 60 cut the uses off by path order, not by relevance, and measured worse here.
#: use_rarity already drops names used in many files; this only caps a very large repository.
USES_KEPT = 1000


def use_rarity(files_using: int, files_listed: int) -> float:
    """How much a use says: an idf in [0, 1], zero for names used in too many files to say anything."""
    if files_using > USES_MAX_FILES and files_using > files_listed**USES_MAX_EXPONENT:
        return 0.0
    # Smoothed, so a name in every file of a tiny repository still says something.
    return max(0.0, math.log((files_listed + 1) / files_using) / math.log(files_listed + 1))


def _norm(name: str) -> str:
    return name.replace("_", "").replace("-", "").lower()


class SymbolsStrategy:
    id = "symbols"

    def wants(self, plan: Plan) -> str | None:
        names = plan.of_kind(AnchorKind.NAME, AnchorKind.MEMBER)
        return f"{len(names)} name(s)" if names else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        out = []
        for a in plan.of_kind(AnchorKind.NAME, AnchorKind.MEMBER):
            if is_identifier(a.text):
                out.append((a, Needle(a.text, word=True)))
                # Only a type-like qualifier is looked up (Ledger.post); `qs.filter`'s `qs` is a
                # local variable, and a module qualifier (`ledger.Post`) is matched by file name.
                if a.qualifier and is_identifier(a.qualifier) and a.qualifier[:1].isupper():
                    out.append((a, Needle(a.qualifier, word=True)))
        return out

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        qualifiers = {a.qualifier for a in ev.of_kind(AnchorKind.MEMBER)}
        definitions = ev.navigator.fallback.definitions  # each name read once a retrieval
        for a in ev.of_kind(AnchorKind.NAME, AnchorKind.MEMBER):
            if not is_identifier(a.text):
                continue
            files = ev.scan.files_with(Needle(a.text, word=True))
            if not files:
                continue
            origin = ev.origin_weight(a) * ev.title_weight(a)
            if a.kind == AnchorKind.NAME and a.text in qualifiers:
                origin *= QUALIFIER_NAME
            defs: dict[str, tuple[int, str]] = {}  # each file's first definition line, code first
            for loc in definitions(a.text):
                kept = defs.get(loc.path)
                # Code before data: a file's function or type of the name is its definition, not an
                # earlier line a data pattern read (a docstring's `solveset_real: solver for ...`).
                if kept is None or (kept[1] in DATA_KINDS and loc.kind not in DATA_KINDS):
                    defs[loc.path] = (loc.line, loc.kind)
            served = self._server_definitions(ev, a, defs)
            near, beside = (
                _beside_qualifier(definitions, a, defs)
                if a.kind == AnchorKind.MEMBER and a.qualifier
                else (set(), set())
            )
            qualified = _qualifier_files(near) if len(defs) > 1 else set()
            if defs:
                spec = specificity(len(qualified) if qualified else len(defs)) * origin
                unresolved = (
                    a.kind == AnchorKind.MEMBER
                    and not qualified
                    and not self._qualifier_known(ev, definitions, a)
                )
                as_qualified = _qualified_by(a.qualifier, near)
                for path, (line, kind) in defs.items():
                    rel = R.DEFINITION_LSP if path in served else R.DEFINITION
                    if unresolved:
                        factor = UNKNOWN_QUALIFIER
                    else:
                        factor = 1.0 if (not qualified or path in qualified) else OFF_QUALIFIER
                    factor *= definition_factor(kind, a.text)
                    if path in beside:
                        factor *= MEMBER_BESIDE_QUALIFIER
                    label = f"{a.qualifier}.{a.text}" if as_qualified(path) else a.text
                    out.append(
                        Finding(
                            path,
                            line,
                            self.id,
                            a,
                            rel,
                            f"defines {kind} {label}",
                            symbol=a.text,
                            specificity=min(1.0, spec * factor),
                        )
                    )
            rarity = use_rarity(len(files), len(ev.paths))
            # Users looked for only where a use says something: a common name is in thousands of files.
            users = list(islice((p for p in files if p not in defs), USES_KEPT)) if rarity > 0 else []
            if users:
                spec = rarity * origin
                for path in users:
                    hits = files[path]
                    if imported_only(path, hits, ev.read):  # it hands the name on, or leaves it unused
                        continue
                    out.append(
                        Finding(path, hits[0].line, self.id, a, R.USE, f"uses {a.text}", specificity=spec)
                    )
        return out

    @staticmethod
    def _server_definitions(ev: Evidence, a: Anchor, defs: dict[str, tuple[int, str]]) -> set[str]:
        """Files where a language server confirms the definition; its lines replace the patterns'.

        Only with servers enabled; the Composite keeps to its lookup budget and answers with
        the patterns (whose answer `defs` already holds) for everything else.
        """
        if not ev.navigator.servers:
            return set()
        served: set[str] = set()
        for loc in ev.navigator.definitions(a.text):
            if loc.source != PATTERNS and loc.path in ev.index.set:
                kind = defs.get(loc.path, (loc.line, loc.kind or "definition"))[1]
                defs[loc.path] = (loc.line, kind)
                served.add(loc.path)
        return served

    @staticmethod
    def _qualifier_known(ev: Evidence, definitions: Callable[[str], list[Location]], a: Anchor) -> bool:
        """Whether the qualifier is a type, module or file of this repository (not a local variable)."""
        q = a.qualifier or ""
        if ev.index.by_stem(q):
            return True
        return is_identifier(q) and any(loc.kind in TYPE_KINDS for loc in definitions(q))


def _qualified_by(qualifier: str | None, near: set[str]) -> Callable[[str], bool]:
    """Whether a file defines the member as the message qualifies it: the file is the qualifier's
    (`near`: named after it or defining it) or lies in a directory it names (a package's,
    `orders.OrderService`). Elsewhere the file defines a namesake (an `Engine.retrieve` is no
    `Session.retrieve`), and its reason names it alone. The qualifier is normalized once: a
    common member has hundreds of definitions."""
    if not qualifier:
        return lambda path: False
    package = _norm(qualifier.rsplit(".", 1)[-1])

    def qualified(path: str) -> bool:
        if path in near:
            return True
        # A directory named so is in the normalized directory's text: only such paths are split
        # (a common member's definitions are in hundreds of directories that do not name it).
        return package in _norm(path.rpartition("/")[0]) and any(
            _norm(part) == package for part in path.split("/")[:-1]
        )

    return qualified


def _qualifier_files(near: set[str]) -> set[str]:
    """Definition files that the qualifier narrows to (`near`: named after it, or defining it);
    tests rarely hold the member a message means, so they are kept out when others remain."""
    return {p for p in near if not is_test_path(p)} or near


def _beside_qualifier(
    definitions: Callable[[str], list[Location]], a: Anchor, defs: dict[str, tuple[int, str]]
) -> tuple[set[str], set[str]]:
    """The files of `defs` (a member's definitions) named after its qualifier or defining it, and
    of those the ones named after it or defining it as a type."""
    q = _norm(a.qualifier or "")
    named = {p for p in defs if _norm(p.rsplit("/", 1)[-1].split(".", 1)[0]) == q}
    defining = [loc for loc in definitions(a.qualifier or "") if loc.path in defs]
    return named | {loc.path for loc in defining}, named | {
        loc.path for loc in defining if loc.kind in TYPE_KINDS
    }
