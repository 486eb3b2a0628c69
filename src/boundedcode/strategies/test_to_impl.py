"""test_to_impl: a failing or named test → its definition, then the code it exercises.

First the test's definition (from the file its id names, else by searching its
name among test files). Then two things: the implementation by each
ecosystem's naming convention (lang.languages.TEST_FILES: cart_test.go→cart.go,
test_cart.py→cart.py, cart.test.ts→cart.ts, CartTest.java→Cart.java with the
mirrored source tree first, cart_spec.rb→cart.rb, CartTests.cs→Cart.cs), the
same table that tells test files from code; and the names the test's
body calls, where they are defined outside tests (string literals are skipped:
they are data). Looking those names up is the one bounded follow-up scan.
"""

from __future__ import annotations

import re

from ..lang.definitions import definition_kind, definitions
from ..lang.languages import is_test_path, language_of
from ..lazyre import LazyPattern
from ..model import Anchor, AnchorKind, AnchorOrigin, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, Plan, implementations, is_identifier, module_path, resolve_located

__all__ = ["TestToImplStrategy"]

#: Names from test bodies looked up in the follow-up scan, at most.
MAX_CALLED_NAMES = 8
#: Test files whose bodies are read, at most.
MAX_TEST_FILES = 4
#: A definition that a failing test's body calls: strong, though less than a named definition.
CALLED_DEFINITION = 0.7
#: Definitions of one called name beyond this many files say nothing.
MAX_CALLED_DEFS = 5

_STRING = LazyPattern(r"\"(?:[^\"\\\n]|\\.)*\"|'(?:[^'\\\n]|\\.)*'|`[^`]*`")
_CALL = LazyPattern(r"(?<![\w$.])(?:[A-Za-z_$][\w$]*\.)*([A-Za-z_$][\w$]*)\s*\(")
_NOT_CALLED = frozenset(
    {
        "if",
        "for",
        "while",
        "switch",
        "return",
        "catch",
        "function",
        "assert",
        "assertEqual",
        "assertEquals",
        "assertTrue",
        "assertFalse",
        "assertRaises",
        "assertIn",
        "assertIs",
        "assertIsNone",
        "assertThat",
        "expect",
        "it",
        "test",
        "describe",
        "len",
        "str",
        "int",
        "list",
        "dict",
        "set",
        "tuple",
        "print",
        "range",
        "isinstance",
        "super",
        "self",
        "new",
        "func",
        "Fatal",
        "Fatalf",
        "Errorf",
        "Error",
        "Run",
        "Equal",
        "NoError",
        "True",
        "False",
        "Nil",
        "assert_eq",
        "assert_ne",
        "panic",
        "println",
        "format",
        "vec",
        "Some",
        "Ok",
        "Err",
        "raises",
        "mock",
        "patch",
        "fixture",
        "parametrize",
        "toBe",
        "toEqual",
        "sprintf",
        "printf",
        "fail",
    }
)


class TestToImplStrategy:
    id = "test_to_impl"

    def wants(self, plan: Plan) -> str | None:
        tests = plan.of_kind(AnchorKind.TEST)
        return f"{len(tests)} test id(s)" if tests else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        out = []
        for a in plan.of_kind(AnchorKind.TEST):
            if a.detail:
                continue
            out.append((a, Needle(a.text, word=is_identifier(a.text))))
            suite = (a.qualifier or "").replace("::", ".").rsplit(".", 1)[-1]
            if suite and is_identifier(suite):
                out.append((a, Needle(suite, word=True)))
        return out

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        test_sites: list[tuple[Anchor, str, int | None]] = []
        for a in ev.of_kind(AnchorKind.TEST):
            for path, line in self._locate(ev, a):
                test_sites.append((a, path, line))
        seen_files: set[str] = set()
        called: list[tuple[Anchor, str]] = []
        # Each test file's code looked up once: a run's failures share their files (3,000
        # failures of a pytest run: 0.3 s of looking up the same names again).
        impls: dict[str, list[str]] = {}
        for a, path, line in test_sites:
            out.append(
                Finding(
                    path,
                    line,
                    self.id,
                    a,
                    R.TEST,
                    f"test {a.text}",
                    symbol=a.text if is_identifier(a.text) else None,
                )
            )
            if path not in impls:
                impls[path] = implementations(ev.index, path)
            for impl in impls[path]:
                out.append(
                    Finding(
                        impl,
                        None,
                        self.id,
                        a,
                        R.IMPL_BY_NAMING,
                        f"implementation of {path.rsplit('/', 1)[-1]}",
                    )
                )
            if path not in seen_files and len(seen_files) < MAX_TEST_FILES:
                seen_files.add(path)
                for name in self._called_names(ev, path, a.text):
                    if name not in (n for _, n in called):
                        called.append((a, name))
        out += self._called_definitions(ev, called[:MAX_CALLED_NAMES])
        return out

    def _locate(self, ev: Evidence, a: Anchor) -> list[tuple[str, int | None]]:
        """Test files (and the test's line) for one test id."""
        files: list[str] = []
        if a.detail:
            files = resolve_located(ev.index, a.detail) or [p for p in ev.index.by_name(a.detail)]
        elif a.qualifier and ("." in a.qualifier or "::" in a.qualifier):
            files = self._by_qualified_suite(ev, a.qualifier)
        if not files:
            hits = ev.scan.files_with(Needle(a.text, word=is_identifier(a.text)))
            files = [p for p in hits if is_test_path(p)]
            if a.qualifier and len(files) > 1:
                suite = a.qualifier.replace("::", ".").rsplit(".", 1)[-1]
                narrowed = [p for p in files if p in ev.scan.files_with(Needle(suite, word=True))]
                files = narrowed or files
        found = []
        for path in files[:MAX_TEST_FILES]:
            found.append((path, self._definition_line(ev, path, a.text)))
        return found

    @staticmethod
    def _by_qualified_suite(ev: Evidence, qualified: str) -> list[str]:
        segs = [s for s in re.split(r"\.|::", qualified) if s]
        # Longest prefix of the dotted suite that is a file's module path (a.b.test_x.Case → a/b/test_x.py).
        for k in range(len(segs), 0, -1):
            want = tuple(s.lower() for s in segs[:k])
            hits = [p for p in ev.index.by_stem(segs[k - 1]) if module_path(p)[-k:] == want]
            if hits:
                return hits
        # cargo: cart::tests::total lives in the module file of cart.
        mods = [s for s in segs if s not in ("tests", "test")]
        if mods:
            return [p for p in ev.index.by_stem(mods[-1]) if module_path(p)[-1:] == (mods[-1].lower(),)]
        return []

    @staticmethod
    def _definition_line(ev: Evidence, path: str, name: str) -> int | None:
        data = ev.read(path)
        lang = language_of(path)
        if data is None:
            return None
        identifier = is_identifier(name)
        for no, line in enumerate(data.decode("utf-8", "replace").splitlines(), 1):
            if (lang and identifier and definition_kind(lang, line, name)) or (
                not identifier and name in line
            ):
                return no
        return None

    @staticmethod
    def _called_names(ev: Evidence, path: str, test_name: str) -> list[str]:
        data = ev.read(path)
        lang = language_of(path)
        if data is None or lang is None:
            return []
        defs = definitions(lang, data)
        local = {d.name for d in defs}
        body_def = next((d for d in defs if d.name == test_name), None)
        lines = data.decode("utf-8", "replace").splitlines()
        if body_def is not None:
            lines = lines[body_def.line - 1 : body_def.end_line or body_def.line + 40]
        names: list[str] = []
        for line in lines:
            for m in _CALL.finditer(_STRING.sub('""', line)):
                name = m.group(1)
                if (
                    len(name) >= 3
                    and name not in _NOT_CALLED
                    and name not in local
                    and not name.startswith(("test", "Test", "assert"))
                    and name not in names
                ):
                    names.append(name)
        return names

    def _called_definitions(self, ev: Evidence, called: list[tuple[Anchor, str]]) -> list[Finding]:
        if not called:
            return []
        # The one bounded follow-up scan: the called names, before the navigator is asked.
        ev.rescan([Needle(n, word=True) for _, n in called])
        out: list[Finding] = []
        for a, name in called:
            defs: list[tuple[str, int]] = []
            for loc in ev.navigator.definitions(name):  # in (path, line) order
                if not is_test_path(loc.path) and (not defs or defs[-1][0] != loc.path):
                    defs.append((loc.path, loc.line))
            if not defs or len(defs) > MAX_CALLED_DEFS:
                continue
            for path, line in defs:
                out.append(
                    Finding(
                        path,
                        line,
                        self.id,
                        Anchor(AnchorKind.NAME, name, AnchorOrigin.EVIDENCE, a.rank),
                        CALLED_DEFINITION,
                        f"defines {name}, called by test {a.text}",
                        symbol=name,
                        specificity=specificity(len(defs)),
                    )
                )
        return out
