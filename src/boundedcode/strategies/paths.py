"""paths: a file or directory the message names, resolved by path suffix (a test file: the code
it tests too); a file a title word or a name of several words spells.

A bare name shared by several files (Cargo.toml in a workspace) counts for
less, and so does a file a code sample includes or imports.
"""

from __future__ import annotations

from typing import Final

from ..checkout.policy import BUILD_DIRS
from ..lang.languages import is_test_path
from ..model import Anchor, AnchorKind, AnchorOrigin, Finding
from ..scan import Needle
from ..seeds.terms import bases, identifier_tokens, spellings, stem
from ..weights import R, SHARED_PATH, specificity
from .base import ListingEvidence, Plan, implementations

__all__ = ["PathsStrategy"]

#: A directory named in the message stands for its files only when it holds this few.
MAX_DIRECTORY_FILES = 5
#: A title word naming more files than this (index, utils) names none of them.
MAX_STEM_FILES = 4
#: A file name written without its folders that more files than this have (`__init__.py`,
#: `models.py`, `Cargo.toml` in a workspace) names none of them. Both tracks of the development
#: split: no cap → 8 moved two gold files up (django-11740 11th → 9th, pytest-6197 none → 9th)
#: and none down; 4 gives the same 1,254 blocks as 8 (`/work/runs/s67b`, `s67h`).
MAX_BARE_NAME_FILES = 8


def _file_stems(word: str) -> tuple[str, ...]:
    """The file names a title word may name, in order: itself, its bases, and, for a word
    in its singular, its plurals (`patch`: patches.py; not `requests`: request.py)."""
    lower = word.lower()
    plurals = tuple(w for w in spellings(lower) if w != lower) if stem(lower) == lower else ()
    return (word, *bases(word), *plurals)


class PathsStrategy:
    id = "paths"
    needs_scan: Final = False  # FromListing: it runs while the scan searches

    def wants(self, plan: Plan) -> str | None:
        named = plan.of_kind(AnchorKind.PATH)
        if named:
            return f"{len(named)} path(s) named"
        if plan.of_kind(AnchorKind.WORD) or plan.of_kind(AnchorKind.NAME):
            return "title words, names"
        return None

    def _named(self, anchor: Anchor, paths: list[str], reliability: float, reason: str) -> list[Finding]:
        """The files of `paths` an anchor names, unless tests or more than MAX_STEM_FILES."""
        files = [p for p in paths if not is_test_path(p)]
        if not 0 < len(files) <= MAX_STEM_FILES:
            return []
        spec = specificity(len(files))
        return [Finding(p, None, self.id, anchor, reliability, reason, specificity=spec) for p in files]

    def _title_stems(self, ev: ListingEvidence) -> list[Finding]:
        """A title word that is a file's name without extension names that file (`stackplot …`),
        as does its base (`autoreloading …`: `autoreload.py`) where no file is named as it is;
        so does a name the title writes as code (`zip() fails …`: `actions/zip.rb`)."""
        out: list[Finding] = []
        words = {a.text.lower() for a in ev.of_kind(AnchorKind.WORD)}
        titled = [
            a
            for a in ev.of_kind(AnchorKind.NAME, AnchorKind.MEMBER)
            if a.text in ev.facts.title_names and a.text.lower() not in words
        ]
        for a in ev.of_kind(AnchorKind.WORD) + titled:
            for name in _file_stems(a.text) if a.kind == AnchorKind.WORD else (a.text,):
                paths = ev.index.by_stem(name) + ev.index.by_stem("_" + name)
                if paths:
                    out += self._named(a, paths, R.PATH_WORD, f"file named {name}")
                    break
        return out

    def _named_after(self, ev: ListingEvidence) -> list[Finding]:
        """A snake- or kebab-case name of three words or more that a file's name spells names that
        file: a rule, a check or a command kept one per file, whose users write its name in the
        other convention (`blank_line_after_opening_tag` → BlankLineAfterOpeningTagFixer.php). A
        CamelCase name is left to symbols, which finds where it is defined."""
        names = {
            a.text: a
            for a in ev.of_kind(AnchorKind.NAME)
            if ("_" in a.text.strip("_") or "-" in a.text) and len(identifier_tokens(a.text)) > 3
        }
        out: list[Finding] = []
        for name, paths in ev.index.named_after(sorted(names)).items():
            out += self._named(names[name], paths, R.IMPL_BY_NAMING, f"file named after {name}")
        return out

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return []

    def find(self, ev: ListingEvidence) -> list[Finding]:
        out = self._title_stems(ev) + self._named_after(ev)
        for a in ev.of_kind(AnchorKind.PATH):
            origin = SHARED_PATH if a.origin == AnchorOrigin.CODE else 1.0
            if a.text.endswith("/"):
                inside = ev.index.inside(a.text, MAX_DIRECTORY_FILES + 1)
                if 0 < len(inside) <= MAX_DIRECTORY_FILES:
                    for p in inside:
                        out.append(
                            Finding(
                                p,
                                None,
                                self.id,
                                a,
                                R.NAMED_PATH,
                                f"in directory {a.text}",
                                specificity=specificity(len(inside)) * origin,
                            )
                        )
                continue
            if "/" not in a.text and a.text.split(".", 1)[0] in ev.facts.sample_definitions:
                continue  # `Child.java` beside the sample's `class Child`: the reporter's file
            cands, matched = ev.index.resolve(a.text)
            parts = [p for p in a.text.split("/") if p]
            # A multi-component path must match on more than its file name to count as named; a
            # file a build wrote (`_build/html/index.html`) always: its name alone is no source's.
            generated = any(p in BUILD_DIRS for p in parts[:-1])
            if not cands or (len(parts) > 1 and matched < 2 and (len(cands) > 1 or generated)):
                continue
            if len(parts) == 1 and len(cands) > MAX_BARE_NAME_FILES:
                continue
            spec = specificity(len(cands)) * origin
            reliability = R.NAMED_LINE if a.line is not None else R.NAMED_PATH
            for p in cands:
                out.append(Finding(p, a.line, self.id, a, reliability, f"path {a.text}", specificity=spec))
                if is_test_path(p):  # a test named: the code it tests too
                    name = p.rsplit("/", 1)[-1]
                    for impl in implementations(ev.index, p):
                        reason = f"implementation of {name}"
                        out.append(
                            Finding(impl, None, self.id, a, R.IMPL_BY_NAMING, reason, specificity=spec)
                        )
        return out
