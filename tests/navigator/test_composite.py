"""The Composite's routing with in-memory navigators: who answers which language, and the fallbacks."""

from __future__ import annotations

import threading
import time

import pytest

from boundedcode import MemoryTree
from boundedcode.checkout.budgets import Budgets
from boundedcode.navigator import (
    IMPLEMENTATION,
    PATTERNS,
    REFERENCE,
    Composite,
    Location,
    NotSupported,
    PatternNavigator,
    ServerDown,
)

# A Go service, a TypeScript client, SQL migrations, and a Python tool, each naming Ledger.
FILES = {
    "service/ledger.go": "package ledger\n\ntype Ledger struct {\n\tBalance int\n}\n\n"
    "func (l *Ledger) Post(n int) { l.Balance += n }\n",
    "service/main.go": "package ledger\n\nfunc run() { l := &Ledger{}; l.Post(1) }\n",
    "client/ledger.ts": "export interface Ledger {\n  post(n: number): void;\n}\n",
    "client/app.ts": "import { Ledger } from './ledger';\nexport function use(l: Ledger) { l.post(1); }\n",
    "db/001_ledger.sql": "CREATE TABLE Ledger (id INTEGER PRIMARY KEY);\n",
    "tools/report.py": "from ledger import Ledger\n\n\nclass Report:\n    def render(self, ledger: Ledger) -> str:\n"
    "        return str(ledger)\n",
}
SERVER = "lsp:fake"


class FakeServer:
    """Answers from a table, optionally slowly or with an error; counts its lookups."""

    def __init__(self, languages, answers=None, *, delay=0.0, error=None, down=None, source=SERVER):
        self._languages = frozenset(languages)
        self.answers = answers or {}
        self.delay, self.error, self.down, self.source = delay, error, down, source
        self.calls: list[tuple] = []

    def languages(self):
        return self._languages

    def unavailable(self):
        return self.down

    def _answer(self, op, name, **kw):
        self.calls.append((op, name, kw))
        time.sleep(self.delay)
        if self.error is not None:
            raise self.error
        return self.answers.get((op, name), [])

    def definitions(self, name, *, path_hint=None):
        return self._answer("definitions", name, path_hint=path_hint)

    def references(self, name, *, path=None, line=None):
        return self._answer("references", name, path=path, line=line)

    def implementations(self, name):
        return self._answer("implementations", name)


def composite(*servers, budgets=Budgets(lsp_timeout_s=0.5)):
    patterns = PatternNavigator(MemoryTree(FILES), sorted(FILES), budgets=budgets)
    return Composite(servers, patterns, budgets=budgets)


def places(locations):
    return [(loc.path, loc.line, loc.source) for loc in locations]


PY_DEF = Location("tools/report.py", 1, "Ledger", "class", SERVER)


def test_patterns_alone_answer_every_language_in_path_order():
    answer = composite().answer("definitions", "Ledger")
    assert places(answer.locations) == [
        ("client/ledger.ts", 1, PATTERNS),
        ("db/001_ledger.sql", 1, PATTERNS),
        ("service/ledger.go", 3, PATTERNS),
    ]
    assert answer.sources == {"go": PATTERNS, "python": PATTERNS, "sql": PATTERNS, "typescript": PATTERNS}
    assert answer.notes == []


def test_a_server_answers_its_language_and_patterns_the_others():
    server = FakeServer({"python"}, {("definitions", "Ledger"): [PY_DEF]})
    answer = composite(server).answer("definitions", "Ledger")
    assert places(answer.locations) == [
        ("client/ledger.ts", 1, PATTERNS),
        ("db/001_ledger.sql", 1, PATTERNS),
        ("service/ledger.go", 3, PATTERNS),
        ("tools/report.py", 1, SERVER),
    ]
    assert answer.sources["python"] == SERVER and answer.sources["go"] == PATTERNS
    assert answer.skipped == [] and len(server.calls) == 1


def test_a_server_answer_outside_its_languages_is_ignored():
    stray = Location("service/ledger.go", 1, "Ledger", "struct", SERVER)
    server = FakeServer({"python"}, {("definitions", "Ledger"): [PY_DEF, stray]})
    answer = composite(server).answer("definitions", "Ledger")
    assert ("service/ledger.go", 3, PATTERNS) in places(answer.locations)
    assert ("service/ledger.go", 1, SERVER) not in places(answer.locations)


def test_a_server_is_not_asked_about_a_name_its_languages_do_not_use():
    server = FakeServer({"rust"})
    answer = composite(server).answer("definitions", "Ledger")
    assert server.calls == [] and "rust" not in answer.sources


def test_a_failing_server_is_replaced_by_patterns_with_a_note():
    server = FakeServer({"go"}, error=RuntimeError("index corrupt"))
    answer = composite(server).answer("definitions", "Ledger")
    assert ("service/ledger.go", 3, PATTERNS) in places(answer.locations)
    assert answer.sources["go"] == PATTERNS
    assert [s.reason for s in answer.skipped] == ["failed"]
    assert answer.notes == [
        "lsp:fake skipped for go: failed (RuntimeError: index corrupt); definition patterns answered"
    ]


def test_a_slow_server_times_out_once_then_is_left_alone():
    server = FakeServer({"go"}, delay=2.0)
    nav = composite(server, budgets=Budgets(lsp_timeout_s=0.1))
    began = time.monotonic()
    first = nav.answer("definitions", "Ledger")
    second = nav.answer("references", "Ledger")
    assert time.monotonic() - began < 1.0
    assert first.skipped[0].reason == "timeout" and first.sources["go"] == PATTERNS
    assert ("service/ledger.go", 3, PATTERNS) in places(first.locations)
    assert second.skipped[0].reason == "timeout" and "earlier" in second.skipped[0].detail
    assert len(server.calls) == 1 and nav.lookups == 1


def test_a_down_server_costs_no_lookup():
    server = FakeServer({"go"}, down=ServerDown("exited with status -9"))
    nav = composite(server)
    answer = nav.answer("definitions", "Ledger")
    assert answer.skipped[0].reason == "down" and "status -9" in answer.notes[0]
    assert server.calls == [] and nav.lookups == 0


def test_the_lookup_budget_is_respected_then_patterns_answer():
    server = FakeServer(
        {"go"}, {("definitions", "Ledger"): [Location("service/ledger.go", 3, "Ledger", "struct", SERVER)]}
    )
    nav = composite(server, budgets=Budgets(lsp_lookups=4))
    answers = [nav.answer("definitions", "Ledger") for _ in range(6)]
    assert len(server.calls) == 4 and nav.lookups == 4
    assert [a.sources["go"] for a in answers] == [SERVER] * 4 + [PATTERNS] * 2
    assert answers[5].skipped[0].reason == "budget"
    assert answers[5].notes == [
        "lsp:fake skipped for go: budget (4 lookups used); definition patterns answered"
    ]


def test_the_budget_is_shared_by_every_server_of_one_composite():
    go, ts = FakeServer({"go"}, source="lsp:go"), FakeServer({"typescript"}, source="lsp:ts")
    nav = composite(go, ts, budgets=Budgets(lsp_lookups=3))
    nav.answer("references", "Ledger")
    nav.answer("references", "Ledger")
    assert (len(go.calls), len(ts.calls)) == (2, 1)


def test_an_empty_definition_answer_yields_to_a_definition_line():
    server = FakeServer({"go"})
    answer = composite(server).answer("definitions", "Ledger")
    assert ("service/ledger.go", 3, PATTERNS) in places(answer.locations)
    assert answer.skipped[0].reason == "empty"


def test_references_route_the_position_to_the_server_of_its_language():
    uses = [Location("service/main.go", 3, "Ledger", REFERENCE, SERVER)]
    server = FakeServer({"go"}, {("references", "Ledger"): uses})
    answer = composite(server).answer("references", "Ledger", path="service/ledger.go", line=3)
    assert server.calls == [("references", "Ledger", {"path": "service/ledger.go", "line": 3})]
    assert ("service/main.go", 3, SERVER) in places(answer.locations)
    assert ("client/app.ts", 1, PATTERNS) in places(answer.locations)  # textual, no server for it
    assert all(loc.source == SERVER for loc in answer.locations if loc.path.endswith(".go"))


def test_a_path_hint_reaches_only_the_server_of_that_language():
    go, py = FakeServer({"go"}, source="lsp:go"), FakeServer({"python"}, source="lsp:py")
    composite(go, py).answer("definitions", "Ledger", path="tools/report.py")
    assert go.calls[0][2] == {"path_hint": None}
    assert py.calls[0][2] == {"path_hint": "tools/report.py"}


def test_implementations_come_from_servers_only_and_say_where_none_serves():
    impl = [Location("client/app.ts", 2, "Ledger", IMPLEMENTATION, SERVER)]
    server = FakeServer({"typescript"}, {("implementations", "Ledger"): impl})
    answer = composite(server).answer("implementations", "Ledger")
    assert places(answer.locations) == [("client/app.ts", 2, SERVER)]
    assert answer.sources == {"typescript": SERVER, "go": "none", "python": "none", "sql": "none"}
    assert answer.notes == ["implementations need a language server; none answered for go, python, sql"]


def test_implementations_without_any_server_is_a_note_not_an_error():
    nav = composite()
    assert nav.implementations("Ledger") == []
    answer = nav.answer("implementations", "Ledger")
    assert answer.locations == [] and "need a language server" in answer.notes[0]
    with pytest.raises(NotSupported):
        nav.fallback.implementations("Ledger")


def test_a_server_that_does_not_do_implementations_is_noted():
    server = FakeServer({"go"}, error=NotSupported("fake does not answer implementations"))
    answer = composite(server).answer("implementations", "Ledger")
    assert answer.skipped[0].reason == "unsupported"
    assert answer.notes[0].startswith("lsp:fake skipped for go: unsupported")


def test_an_unknown_name_says_so():
    answer = composite().answer("definitions", "Nowhere")
    assert answer.locations == [] and answer.notes == ["no file uses the name Nowhere"]


def test_the_navigator_interface_and_json_form():
    server = FakeServer({"python"}, {("definitions", "Ledger"): [PY_DEF]})
    nav = composite(server)
    assert nav.languages() == {"go", "python", "sql", "typescript"}
    assert [loc.path for loc in nav.definitions("Ledger")][-1] == "tools/report.py"
    data = nav.answer("definitions", "Ledger").to_json()
    assert data["sources"] == {"go": PATTERNS, "python": SERVER, "sql": PATTERNS, "typescript": PATTERNS}
    assert data["locations"][-1] == {
        "path": "tools/report.py",
        "line": 1,
        "symbol": "Ledger",
        "kind": "class",
        "source": SERVER,
    }


def test_a_stuck_server_does_not_hold_the_caller():
    release = threading.Event()

    class Stuck(FakeServer):
        def definitions(self, name, *, path_hint=None):
            release.wait(10)
            return []

    nav = composite(Stuck({"go"}), budgets=Budgets(lsp_timeout_s=0.05))
    try:
        assert nav.answer("definitions", "Ledger").skipped[0].reason == "timeout"
    finally:
        release.set()


def test_pattern_references_are_the_uses_that_are_not_definitions():
    refs = composite().fallback.references("Ledger")
    assert ("service/ledger.go", 3) not in [(r.path, r.line) for r in refs]
    assert [(r.path, r.line) for r in refs if r.path.startswith("service")] == [
        ("service/ledger.go", 7),
        ("service/main.go", 3),
    ]
    assert {r.kind for r in refs} == {REFERENCE}


def test_given_occurrences_answer_instead_of_a_scan():
    """A retrieval hands its scans' answers to the patterns: nothing is scanned again."""
    from boundedcode.scan import Hit

    known = {"Ledger": {"service/ledger.go": [Hit(3, "type Ledger struct {")]}}
    patterns = PatternNavigator(MemoryTree(FILES), sorted(FILES), occurrences=lambda n: known.get(n, {}))
    nav = Composite([], patterns)
    assert places(nav.definitions("Ledger")) == [("service/ledger.go", 3, PATTERNS)]  # no rescan
    assert nav.fallback.occurrences("Post") == {}  # in the files, but no scan searched it


def test_a_name_s_definitions_are_read_once_until_a_scan_finds_it_anew(monkeypatch):
    """Strategies ask for the same names: each is read from its occurrences once, and again only
    when a later scan of the retrieval gave it other occurrences."""
    from boundedcode.navigator import patterns as module
    from boundedcode.scan import Hit

    asked = []
    real = module.definition_kind
    monkeypatch.setattr(module, "definition_kind", lambda *a: asked.append(a[2]) or real(*a))
    known = {"Ledger": {"service/ledger.go": [Hit(3, "type Ledger struct {")]}}
    patterns = PatternNavigator(MemoryTree(FILES), sorted(FILES), occurrences=lambda n: known.get(n, {}))
    first = patterns.definitions("Ledger")
    first.clear()  # a caller's list is its own
    assert places(patterns.definitions("Ledger")) == [("service/ledger.go", 3, PATTERNS)]
    assert asked == ["Ledger"]
    known["Ledger"] = {"client/ledger.ts": [Hit(1, "export interface Ledger {")]}  # a later scan
    assert places(patterns.definitions("Ledger")) == [("client/ledger.ts", 1, PATTERNS)]
    assert asked == ["Ledger", "Ledger"]


def test_a_servers_definitions_keep_pattern_definitions_in_files_it_did_not_name():
    # The server knows the definition in one Go file; the pattern's in another Go file stays.
    files = {
        **FILES,
        "service/legacy.go": "package ledger\n\ntype Ledger struct{}\n",
    }
    budgets = Budgets(lsp_timeout_s=0.5)
    server = FakeServer(
        {"go"}, {("definitions", "Ledger"): [Location("service/ledger.go", 3, "Ledger", "struct", SERVER)]}
    )
    patterns = PatternNavigator(MemoryTree(files), sorted(files), budgets=budgets)
    with_server = Composite([server], patterns, budgets=budgets).answer("definitions", "Ledger")
    alone = Composite([], patterns, budgets=budgets).answer("definitions", "Ledger")
    assert ("service/legacy.go", 3, PATTERNS) in places(with_server.locations)
    assert ("service/ledger.go", 3, SERVER) in places(with_server.locations)
    assert ("service/ledger.go", 3, PATTERNS) not in places(with_server.locations)
    assert len(with_server.locations) >= len(alone.locations)
