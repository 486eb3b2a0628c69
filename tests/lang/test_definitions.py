"""Definition tables: tree-sitter queries per language, and the one-line patterns.

Each fixture under tests/fixtures/definitions/<language>/ is a small realistic
file with classes, methods, nested functions, and comments or strings holding
decoy names ("def fake", "function decoy") that must not count.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from boundedcode.lang.definitions.lines import inside_parentheses, names_defined
from boundedcode.lang.definitions.patterns import LINE_TABLES
from boundedcode.lang.definitions import (
    KINDS,
    Definition,
    could_define,
    definition_kind,
    definitions,
    enclosing_definition,
)

FIXTURES = Path(__file__).resolve().parents[1] / "fixtures" / "definitions"
TREE_SITTER_LANGUAGES = (
    "python",
    "go",
    "rust",
    "java",
    "kotlin",
    "scala",
    "csharp",
    "javascript",
    "typescript",
    "tsx",
    "c",
    "cpp",
    "php",
    "ruby",
    "swift",
)
PATTERN_LANGUAGES = ("dart", "elixir", "lua", "shell", "sql")
#: Languages whose line rules never define a name written after `.` (LineTable.dotted is False).
PATTERN_LINE_LANGUAGES = (
    "python",
    "go",
    "rust",
    "java",
    "scala",
    "c",
    "cpp",
    "objc",
    "php",
    "swift",
    "shell",
)
DECOYS = {"fake", "Fake", "decoy", "Decoy", "commented_out", "commentedOut"}

# (name, line, kind, container) for every definition of each fixture.
EXPECTED: dict[str, set[tuple[str, int, str, str | None]]] = {
    "python/ledger.py": {
        ("MAX_ENTRIES", 11, "constant", None),
        ("logger", 12, "variable", None),
        ("Entry", 16, "class", None),
        ("account", 17, "field", "Entry"),
        ("amount", 18, "field", "Entry"),
        ("Ledger", 21, "class", None),
        ("currency", 24, "field", "Ledger"),
        ("__init__", 26, "method", "Ledger"),
        ("post", 30, "method", "Ledger"),
        ("balance", 37, "method", "Ledger"),
        ("amount_of", 38, "function", None),
        ("sync", 43, "method", "Ledger"),
        ("open_ledger", 47, "function", None),
        ("close_all", 53, "function", None),
    },
    "go/ledger.go": {
        ("MaxEntries", 10, "constant", None),
        ("ErrFull", 12, "variable", None),
        ("Kind", 14, "type", None),
        ("Debit", 17, "constant", None),
        ("Credit", 18, "constant", None),
        ("Entry", 22, "struct", None),
        ("Account", 23, "field", "Entry"),
        ("Amount", 24, "field", "Entry"),
        ("Kind", 25, "field", "Entry"),
        ("Store", 28, "interface", None),
        ("Save", 29, "method", "Store"),
        ("Load", 30, "method", "Store"),
        ("Ledger", 33, "struct", None),
        ("name", 34, "field", "Ledger"),
        ("entries", 35, "field", "Ledger"),
        ("store", 36, "field", "Ledger"),
        ("New", 39, "function", None),
        ("Post", 43, "method", "Ledger"),
        ("Balance", 51, "method", "Ledger"),
        ("Map", 62, "function", None),
    },
    "rust/ledger.rs": {
        ("MAX_ENTRIES", 5, "constant", None),
        ("COUNTER", 6, "constant", None),
        ("AccountId", 8, "type", None),
        ("Entry", 11, "struct", None),
        ("account", 12, "field", "Entry"),
        ("amount", 13, "field", "Entry"),
        ("Kind", 16, "enum", None),
        ("Debit", 17, "constant", "Kind"),
        ("Credit", 18, "constant", "Kind"),
        ("Store", 21, "trait", None),
        ("save", 22, "method", "Store"),
        ("load", 23, "method", "Store"),
        ("Ledger", 28, "struct", None),
        ("entries", 29, "field", "Ledger"),
        ("index", 30, "field", "Ledger"),
        ("new", 34, "method", "Ledger"),
        ("post", 38, "method", "Ledger"),
        ("sync", 44, "method", "Ledger"),
        ("fmt", 48, "method", "Ledger"),
        ("ledger_log", 53, "macro", None),
        ("audit", 57, "module", None),
        ("reset", 58, "function", "audit"),
        ("inner", 59, "function", None),
    },
    "java/Ledger.java": {
        ("Ledger", 10, "class", None),
        ("MAX_ENTRIES", 11, "constant", "Ledger"),
        ("name", 13, "field", "Ledger"),
        ("entries", 14, "field", "Ledger"),
        ("Ledger", 16, "method", "Ledger"),
        ("post", 20, "method", "Ledger"),
        ("balance", 28, "method", "Ledger"),
        ("compareTo", 37, "method", "Ledger"),
        ("Entry", 41, "class", "Ledger"),
        ("Kind", 43, "enum", "Ledger"),
        ("DEBIT", 44, "constant", "Kind"),
        ("CREDIT", 45, "constant", "Kind"),
        ("isDebit", 47, "method", "Kind"),
        ("Listener", 52, "interface", "Ledger"),
        ("onPost", 53, "method", "Listener"),
    },
    "kotlin/Ledger.kt": {
        ("MAX_ENTRIES", 6, "constant", None),
        ("AccountId", 8, "type", None),
        ("Entry", 10, "class", None),
        ("account", 10, "property", "Entry"),
        ("amount", 10, "property", "Entry"),
        ("CREDIT", 12, "constant", "Kind"),
        ("DEBIT", 12, "constant", "Kind"),
        ("Kind", 12, "enum", None),
        ("Store", 14, "interface", None),
        ("save", 15, "method", "Store"),
        ("Event", 18, "class", None),
        ("Cleared", 19, "class", "Event"),
        ("Posted", 20, "class", "Event"),
        ("entry", 20, "property", "Posted"),
        ("Ledger", 23, "class", None),
        ("store", 23, "property", "Ledger"),
        ("entries", 24, "property", "Ledger"),
        ("name", 25, "property", "Ledger"),
        ("post", 27, "method", "Ledger"),
        ("balance", 33, "method", "Ledger"),
        ("amountOf", 34, "function", None),
        ("create", 39, "method", "Ledger"),
        ("describe", 43, "method", "Ledger"),
        ("Registry", 45, "class", None),
        ("ledgers", 46, "property", "Registry"),
        ("withLedger", 48, "method", "Registry"),
    },
    "scala/Ledger.scala": {
        ("Entry", 6, "class", None),
        ("Kind", 8, "trait", None),
        ("Debit", 9, "class", None),
        ("Credit", 10, "class", None),
        ("Store", 12, "trait", None),
        ("save", 13, "method", "Store"),
        ("load", 14, "method", "Store"),
        ("Ledger", 17, "class", None),
        ("entries", 18, "field", "Ledger"),
        ("closed", 19, "field", "Ledger"),
        ("post", 21, "method", "Ledger"),
        ("balance", 27, "method", "Ledger"),
        ("amountOf", 28, "function", None),
        ("toString", 32, "method", "Ledger"),
        ("Ledger", 35, "class", None),
        ("MaxEntries", 36, "field", "Ledger"),
        ("apply", 38, "method", "Ledger"),
        ("Balances", 40, "type", "Ledger"),
        ("Color", 43, "enum", None),
        ("Green", 44, "constant", "Color"),
        ("Red", 44, "constant", "Color"),
    },
    "csharp/Ledger.cs": {
        ("Accounting", 4, "module", "Example"),
        ("IStore", 7, "interface", "Accounting"),
        ("Save", 9, "method", "IStore"),
        ("Entry", 12, "class", "Accounting"),
        ("Kind", 14, "enum", "Accounting"),
        ("Debit", 16, "constant", "Kind"),
        ("Credit", 17, "constant", "Kind"),
        ("Totals", 20, "struct", "Accounting"),
        ("Debits", 22, "field", "Totals"),
        ("Credits", 23, "field", "Totals"),
        ("Ledger", 26, "class", "Accounting"),
        ("MaxEntries", 28, "constant", "Ledger"),
        ("_entries", 30, "field", "Ledger"),
        ("_store", 31, "field", "Ledger"),
        ("Ledger", 33, "method", "Ledger"),
        ("Name", 38, "property", "Ledger"),
        ("Post", 40, "method", "Ledger"),
        ("BalanceAsync", 47, "method", "Ledger"),
        ("Sum", 49, "function", None),
        ("Changed", 58, "field", "Ledger"),
    },
    "javascript/ledger.js": {
        ("MAX_ENTRIES", 4, "constant", None),
        ("defaultCurrency", 5, "variable", None),
        ("openLedger", 7, "function", None),
        ("loadAll", 11, "function", None),
        ("formatAmount", 16, "function", None),
        ("parseAmount", 18, "function", None),
        ("Ledger", 22, "class", None),
        ("#entries", 23, "field", "Ledger"),
        ("count", 24, "field", "Ledger"),
        ("constructor", 26, "method", "Ledger"),
        ("post", 31, "method", "Ledger"),
        ("balance", 39, "method", "Ledger"),
        ("amountOf", 40, "function", None),
        ("iterate", 46, "method", "Ledger"),
        ("handlers", 51, "variable", None),
        ("onPost", 52, "method", "handlers"),
        ("onClear", 55, "method", "handlers"),
        ("idGenerator", 58, "function", None),
    },
    "typescript/ledger.ts": {
        ("MAX_ENTRIES", 2, "constant", None),
        ("AccountId", 4, "type", None),
        ("Entry", 6, "interface", None),
        ("account", 7, "property", "Entry"),
        ("amount", 8, "property", "Entry"),
        ("Kind", 11, "enum", None),
        ("Debit", 12, "constant", "Kind"),
        ("Credit", 13, "constant", "Kind"),
        ("Store", 16, "interface", None),
        ("save", 17, "method", "Store"),
        ("BaseLedger", 20, "class", None),
        ("entries", 21, "method", "BaseLedger"),
        ("Ledger", 24, "class", None),
        ("items", 25, "field", "Ledger"),
        ("name", 26, "field", "Ledger"),
        ("constructor", 28, "method", "Ledger"),
        ("store", 28, "field", "Ledger"),
        ("entries", 32, "method", "Ledger"),
        ("post", 36, "method", "Ledger"),
        ("balance", 42, "method", "Ledger"),
        ("amountOf", 43, "function", None),
        ("openLedger", 48, "function", None),
        ("summarize", 52, "function", None),
        ("Audit", 56, "module", None),
        ("check", 57, "function", "Audit"),
        ("register", 63, "function", None),
    },
    "tsx/LedgerView.tsx": {
        ("LedgerViewProps", 4, "interface", None),
        ("title", 5, "property", "LedgerViewProps"),
        ("entries", 6, "property", "LedgerViewProps"),
        ("Sort", 9, "type", None),
        ("LedgerView", 11, "function", None),
        ("toggle", 14, "function", None),
        ("rowKey", 18, "function", None),
        ("EmptyLedger", 36, "function", None),
        ("LedgerPanel", 38, "class", None),
        ("state", 39, "field", "LedgerPanel"),
        ("render", 41, "method", "LedgerPanel"),
    },
    "c/ledger.c": {
        ("MAX_ENTRIES", 7, "macro", None),
        ("LEDGER_OK", 8, "macro", None),
        ("amount_t", 10, "type", None),
        ("entry", 12, "struct", None),
        ("account", 13, "field", "entry"),
        ("amount", 14, "field", "entry"),
        ("ledger", 17, "struct", None),
        ("entries", 18, "field", "ledger"),
        ("count", 19, "field", "ledger"),
        ("ledger_t", 20, "type", None),
        ("KIND_CREDIT", 22, "constant", "kind"),
        ("KIND_DEBIT", 22, "constant", "kind"),
        ("kind", 22, "enum", None),
        ("value", 24, "struct", None),
        ("i", 25, "field", "value"),
        ("d", 26, "field", "value"),
        ("total_ledgers", 29, "variable", None),
        ("ledger_new", 34, "function", None),
        ("ledger_post", 42, "function", None),
        ("ledger_balance", 53, "function", None),
        ("ledger_free", 60, "function", None),
    },
    "cpp/ledger.cpp": {
        ("LEDGER_API", 5, "macro", None),
        ("ledger", 7, "module", None),
        ("kMaxEntries", 9, "variable", "ledger"),
        ("Entry", 11, "struct", "ledger"),
        ("account", 12, "field", "Entry"),
        ("amount", 13, "field", "Entry"),
        ("Credit", 16, "constant", "Kind"),
        ("Debit", 16, "constant", "Kind"),
        ("Kind", 16, "enum", "ledger"),
        ("AccountId", 18, "type", "ledger"),
        ("Store", 20, "class", "ledger"),
        ("~Store", 22, "method", "Store"),
        ("save", 23, "method", "Store"),
        ("Ledger", 26, "class", "ledger"),
        ("Ledger", 28, "method", "Ledger"),
        ("post", 29, "method", "Ledger"),
        ("balance", 30, "method", "Ledger"),
        ("size", 31, "method", "Ledger"),
        ("entries_", 34, "field", "Ledger"),
        ("store_", 35, "field", "Ledger"),
        ("Ledger", 38, "method", "Ledger"),
        ("post", 40, "method", "Ledger"),
        ("balance", 47, "method", "Ledger"),
        ("clamp_amount", 55, "function", "ledger"),
    },
    "php/Ledger.php": {
        ("Ledger", 3, "module", "App"),
        ("MAX_ENTRIES", 7, "constant", None),
        ("Store", 9, "interface", None),
        ("save", 11, "method", "Store"),
        ("Loggable", 14, "trait", None),
        ("log", 16, "method", "Loggable"),
        ("Kind", 22, "enum", None),
        ("Debit", 24, "constant", "Kind"),
        ("Credit", 25, "constant", "Kind"),
        ("Ledger", 28, "class", None),
        ("CURRENCY", 32, "constant", "Ledger"),
        ("entries", 34, "property", "Ledger"),
        ("__construct", 36, "method", "Ledger"),
        ("store", 36, "property", "Ledger"),
        ("post", 40, "method", "Ledger"),
        ("open", 48, "method", "Ledger"),
        ("format_amount", 54, "function", None),
    },
    "ruby/ledger.rb": {
        ("Accounting", 4, "module", None),
        ("MAX_ENTRIES", 5, "constant", "Accounting"),
        ("Entry", 7, "class", "Accounting"),
        ("account", 8, "property", "Entry"),
        ("amount", 8, "property", "Entry"),
        ("initialize", 10, "method", "Entry"),
        ("Ledger", 16, "class", "Accounting"),
        ("name", 17, "property", "Ledger"),
        ("open", 19, "method", "Ledger"),
        ("initialize", 23, "method", "Ledger"),
        ("post", 28, "method", "Ledger"),
        ("balance", 35, "method", "Ledger"),
        ("empty?", 39, "method", "Ledger"),
        ("registry", 44, "method", "Ledger"),
        ("to_json", 51, "method", "Ledger"),
        ("helper_format", 57, "function", None),
    },
    "swift/Ledger.swift": {
        ("maxEntries", 4, "variable", None),
        ("AccountID", 6, "type", None),
        ("Entry", 8, "struct", None),
        ("account", 9, "property", "Entry"),
        ("amount", 10, "property", "Entry"),
        ("Kind", 13, "enum", None),
        ("debit", 14, "constant", "Kind"),
        ("credit", 15, "constant", "Kind"),
        ("Store", 18, "interface", None),
        ("save", 19, "method", "Store"),
        ("Ledger", 22, "class", None),
        ("entries", 23, "property", "Ledger"),
        ("store", 24, "property", "Ledger"),
        ("init", 26, "method", "Ledger"),
        ("post", 30, "method", "Ledger"),
        ("balance", 37, "property", "Ledger"),
        ("amountOf", 38, "function", None),
        ("open", 42, "method", "Ledger"),
        ("description", 48, "property", "Ledger"),
        ("reset", 50, "method", "Ledger"),
        ("Registry", 53, "class", None),
        ("ledgers", 54, "property", "Registry"),
        ("formatAmount", 57, "function", None),
    },
    # Line patterns only: no containers beyond what a line spells (M.new, Ledger.memory).
    "dart/ledger.dart": {
        ("maxEntries", 4, "constant", None),
        ("AccountId", 6, "type", None),
        ("Kind", 8, "enum", None),
        ("Store", 10, "class", None),
        ("save", 11, "method", None),
        ("Entry", 14, "class", None),
        ("account", 15, "field", None),
        ("amount", 16, "field", None),
        ("Entry", 18, "method", None),
        ("Loggable", 21, "class", None),
        ("log", 22, "method", None),
        ("Ledger", 25, "class", None),
        ("store", 26, "field", None),
        ("_entries", 27, "field", None),
        ("Ledger", 29, "method", None),
        ("memory", 31, "method", "Ledger"),
        ("post", 33, "method", None),
        ("balance", 40, "method", None),
        ("open", 42, "method", None),
        ("LedgerFormat", 47, "class", None),
        ("describe", 48, "method", None),
        ("formatAmount", 51, "function", None),
    },
    "elixir/ledger.ex": {
        ("Ledger", 1, "module", "Accounting"),
        ("max_entries", 6, "constant", None),
        ("entry", 8, "type", None),
        ("save", 12, "function", None),
        ("new", 14, "function", None),
        ("post", 18, "function", None),
        ("balance", 26, "function", None),
        ("amount_of", 28, "function", None),
        ("with_ledger", 30, "macro", None),
        ("is_amount", 37, "macro", None),
        ("Describe", 40, "interface", "Accounting"),
        ("describe", 41, "function", None),
    },
    "lua/ledger.lua": {
        ("M", 2, "variable", None),
        ("MAX_ENTRIES", 4, "constant", None),
        ("amount_of", 6, "function", None),
        ("new", 10, "method", "M"),
        ("post", 15, "method", "M"),
        ("balance", 23, "method", "M"),
        ("format", 31, "method", "M"),
        ("global_helper", 35, "function", None),
    },
    "shell/ledger.sh": {
        ("LEDGER_DIR", 5, "variable", None),
        ("LEDGER_CURRENCY", 6, "variable", None),
        ("MAX_ENTRIES", 7, "constant", None),
        ("usage", 9, "function", None),
        ("post_entry", 13, "function", None),
        ("balance", 18, "function", None),
        ("main", 22, "function", None),
    },
    "sql/schema.sql": {
        ("accounts", 2, "type", None),
        ("entries", 7, "type", "ledger"),
        ("account_balances", 15, "type", None),
        ("post_entry", 20, "function", None),
        ("entry_kind", 27, "type", None),
        ("close_books", 29, "function", None),
    },
}


def _fixture(key: str) -> tuple[str, bytes]:
    language = key.split("/")[0]
    return language, (FIXTURES / key).read_bytes()


def test_every_fixture_is_covered() -> None:
    on_disk = {f"{p.parent.name}/{p.name}" for p in FIXTURES.glob("*/*")}
    assert on_disk == set(EXPECTED)
    assert {k.split("/")[0] for k in EXPECTED} == set(TREE_SITTER_LANGUAGES + PATTERN_LANGUAGES)


@pytest.mark.parametrize("key", sorted(EXPECTED))
def test_definitions_match_the_fixture(key: str) -> None:
    language, source = _fixture(key)
    found = definitions(language, source)
    assert {(d.name, d.line, d.kind, d.container) for d in found} == EXPECTED[key]
    assert [d.line for d in found] == sorted(d.line for d in found)
    assert not DECOYS & {d.name for d in found}
    assert all(d.kind in KINDS for d in found)


@pytest.mark.parametrize("language", TREE_SITTER_LANGUAGES)
def test_tree_sitter_definitions_know_their_ends(language: str) -> None:
    key = next(k for k in EXPECTED if k.startswith(language + "/"))
    found = definitions(*_fixture(key))
    assert all(d.end_line is not None and d.end_line >= d.line for d in found)


def test_spans_cover_bodies() -> None:
    found = {(d.name, d.line): d.end_line for d in definitions(*_fixture("python/ledger.py"))}
    assert found[("Ledger", 21)] == 44
    assert found[("balance", 37)] == 41
    c = {(d.name, d.line): d.end_line for d in definitions(*_fixture("c/ledger.c"))}
    assert c[("MAX_ENTRIES", 7)] == 7  # a #define node holds its newline; it still ends on its line


def test_definition_defaults() -> None:
    d = Definition("post", 3, "method", "Ledger")
    assert d.end_line is None
    with pytest.raises(AttributeError):
        d.name = "other"  # type: ignore[misc]


def test_unknown_language_has_no_definitions() -> None:
    assert definitions("cobol", b"IDENTIFICATION DIVISION.") == []
    assert definition_kind("cobol", "PROCEDURE DIVISION.", "DIVISION") is None
    assert enclosing_definition("cobol", b"x", 1) is None


# (language, line, name, kind or None). Calls, uses, comments and strings are not definitions.
KIND_CASES = [
    ("python", "def post(self, entry):", "post", "function"),
    ("python", "    def post(self, entry):", "post", "method"),
    ("python", "async def close_all(ledgers):", "close_all", "function"),
    ("python", "class Ledger(Base):", "Ledger", "class"),
    ("python", "MAX_ENTRIES = 10_000", "MAX_ENTRIES", "constant"),
    ("python", "logger = logging.getLogger(__name__)", "logger", "variable"),
    ("python", "    amount: int = 0", "amount", "field"),
    ("python", "    amount: int  # cents, never negative", "amount", "field"),
    ("python", "    Ledger: post_ledger,", "Ledger", None),  # a dict's entry keyed by a class
    ("python", "    amount: int | None = None", "amount", "field"),
    ("python", "    amount: Mapping[str, int] = {}  # per account", "amount", "field"),
    ("python", "    solve_real: solver for real domain", "solve_real", None),  # a docstring's line
    ("python", "        name: The ledger's name, shown in reports.", "name", None),
    ("python", "    amount: int = 0,  # the parameter's default", "amount", None),
    ("python", "type Vec = list[float]", "Vec", "type"),
    ("python", "    ledger.post(entry)", "post", None),
    ("python", "# def post(self):", "post", None),
    ("python", "    x = post(entry)", "post", None),
    ("python", '    raise OverflowError("def post")', "post", None),
    ("python", "if post == 1:", "post", None),
    ("go", "\tif err = os.RemoveAll(tmp); err != nil {", "if", None),  # a statement, not `name Type = v`
    ("go", "\t\tbreak LOOP", "break", None),
    ("go", "func (l *Ledger) Post(e Entry) error {", "Post", "method"),
    ("go", "func (l *Ledger) Post(e Entry) error {", "Ledger", None),
    ("go", "func New(name string) *Ledger {", "New", "function"),
    ("go", "func Map[T any, U any](xs []T, f func(T) U) []U {", "Map", "function"),
    ("go", "type Ledger struct {", "Ledger", "struct"),
    ("go", "type Store interface {", "Store", "interface"),
    ("go", "type Kind int", "Kind", "type"),
    ("go", '\tAccount string `json:"account"`', "Account", "field"),
    ("go", "\tSave(e Entry) error", "Save", "method"),
    ("go", "const MaxEntries = 10000", "MaxEntries", "constant"),
    ("go", 'var ErrFull = errors.New("full")', "ErrFull", "variable"),
    ("go", "\tDebit Kind = iota", "Debit", "constant"),
    ("go", "\tl.Post(e)", "Post", None),
    ("go", "\tPost(e)", "Post", None),
    ("go", "\treturn New(name, store)", "New", None),
    ("go", "// func Post() {}", "Post", None),
    ("rust", "pub fn new() -> Self {", "new", "function"),
    ("rust", "    pub(crate) fn post(&mut self, e: Entry) {", "post", "method"),
    ("rust", "pub async fn sync(&self) {}", "sync", "function"),
    ("rust", '    pub unsafe extern "C" fn reset() {', "reset", "method"),
    ("rust", "pub struct Ledger {", "Ledger", "struct"),
    ("rust", "pub enum Kind {", "Kind", "enum"),
    ("rust", "pub trait Store {", "Store", "trait"),
    ("rust", "pub type AccountId = u64;", "AccountId", "type"),
    ("rust", "pub const MAX_ENTRIES: usize = 10_000;", "MAX_ENTRIES", "constant"),
    ("rust", "static mut COUNTER: u64 = 0;", "COUNTER", "constant"),
    ("rust", "pub mod audit {", "audit", "module"),
    ("rust", "macro_rules! ledger_log {", "ledger_log", "macro"),
    ("rust", "    pub amount: i64,", "amount", "field"),
    ("rust", "    Credit(u8),", "Credit", "constant"),
    ("rust", "impl fmt::Display for Ledger {", "Ledger", None),
    ("rust", "impl Ledger {", "Ledger", None),
    ("rust", "        Ledger { entries: Vec::new() }", "Ledger", None),
    ("rust", "    entries: Vec::new(),", "entries", None),
    ("rust", "        let l = Ledger::new();", "new", None),
    ("rust", "        Some(x) => x,", "Some", None),
    ("rust", "    Ok(total)", "Ok", None),
    ("rust", "    max_length: usize::MAX,", "max_length", None),
    ("rust", "            parent: None,", "parent", None),
    ("rust", '        Err(io::Error::new(io::ErrorKind::WouldBlock, "")),', "Err", None),
    ("rust", "        Kind::Debit => 1,", "Debit", None),
    ("java", "public class Ledger implements Comparable<Ledger> {", "Ledger", "class"),
    ("java", "    public <T extends Number> long balance(List<T> extra) {", "balance", "method"),
    ("java", "    Map<String, List<Integer>> index(int depth) {", "index", "method"),
    ("java", "    @Override public int compareTo(Ledger other) {", "compareTo", "method"),
    ("java", "    public Ledger(String name) {", "Ledger", "method"),
    ("java", "    Ledger(String name, Store store) throws IOException {", "Ledger", "method"),
    ("java", "    LedgerIndexRunner(", "LedgerIndexRunner", "method"),
    ("java", '    PLUS("+") {', "PLUS", "constant"),
    ("java", "        Objects.requireNonNull(", "requireNonNull", None),
    ("java", "        Ledger(name);", "Ledger", None),
    ("java", "    private final List<Entry> entries = new ArrayList<>();", "entries", "field"),
    ("java", "    public static final int MAX_ENTRIES = 10000;", "MAX_ENTRIES", "constant"),
    ("java", "    public record Entry(String account, long amount) {}", "Entry", "class"),
    ("java", "    enum Kind {", "Kind", "enum"),
    ("java", "public @interface Audited {", "Audited", "annotation"),
    ("java", "        CREDIT;", "CREDIT", "constant"),
    ("java", "        return name.compareTo(other.name);", "compareTo", None),
    ("java", '        throw new IllegalStateException("full");', "IllegalStateException", None),
    ("java", "        Ledger copy = new Ledger(name);", "Ledger", None),
    ("java", "        } else if (post(entry)) {", "post", None),
    ("java", "        entries.add(entry);", "add", None),
    ("kotlin", 'fun Ledger.describe(): String = "ledger"', "describe", "method"),
    ("kotlin", "    fun post(entry: Entry) {", "post", "method"),
    ("kotlin", "fun main() {", "main", "function"),
    ("kotlin", "    suspend fun <T> withLedger(name: String): T? {", "withLedger", "method"),
    ("kotlin", "data class Entry(val account: Long)", "Entry", "class"),
    ("kotlin", "enum class Kind { DEBIT, CREDIT }", "Kind", "enum"),
    ("kotlin", "sealed interface Event", "Event", "interface"),
    ("kotlin", "object Registry {", "Registry", "class"),
    ("kotlin", "    companion object Factory {", "Factory", "class"),
    ("kotlin", "const val MAX_ENTRIES = 10_000", "MAX_ENTRIES", "constant"),
    ("kotlin", "typealias AccountId = Long", "AccountId", "type"),
    ("kotlin", "    private val entries = mutableListOf<Entry>()", "entries", "property"),
    ("kotlin", "        store.save(entry)", "save", None),
    ("kotlin", "        val total = post(entry)", "post", None),
    ("kotlin", "// fun post() = 0", "post", None),
    ("scala", "  def post(entry: Entry): Unit = {", "post", "method"),
    ("scala", "def main(args: Array[String]): Unit =", "main", "function"),
    ("scala", "final case class Entry(account: String, amount: Long)", "Entry", "class"),
    ("scala", "sealed trait Kind", "Kind", "trait"),
    ("scala", "case object Debit extends Kind", "Debit", "class"),
    ("scala", "object Ledger {", "Ledger", "class"),
    ("scala", "  val MaxEntries = 10000", "MaxEntries", "field"),
    ("scala", "  private lazy val cache = mutable.Map.empty", "cache", "field"),
    ("scala", "  type Balances = Map[String, Long]", "Balances", "type"),
    ("scala", "enum Color:", "Color", "enum"),
    ("scala", "  case Red, Green", "Green", "constant"),
    ("scala", "    case Debit => 1", "Debit", None),
    ("scala", "    entries.map(amountOf).sum", "amountOf", None),
    ("csharp", "namespace Example.Accounting", "Accounting", "module"),
    ("csharp", "    public sealed class Ledger", "Ledger", "class"),
    ("csharp", "    public interface IStore", "IStore", "interface"),
    ("csharp", "    public record Entry(string Account, long Amount);", "Entry", "class"),
    ("csharp", "    public readonly record struct Point(int X, int Y);", "Point", "struct"),
    ("csharp", "    public enum Kind", "Kind", "enum"),
    ("csharp", "    public delegate void Handler(object sender);", "Handler", "type"),
    ("csharp", "        public void Post(Entry entry)", "Post", "method"),
    ("csharp", "        public async Task<long> BalanceAsync()", "BalanceAsync", "method"),
    ("csharp", "        [HttpGet] public IActionResult Get(int id) => Ok();", "Get", "method"),
    ("csharp", "        public Ledger(IStore store)", "Ledger", "method"),
    ("csharp", '        public string Name { get; set; } = "main";', "Name", "property"),
    ("csharp", "        private readonly List<Entry> _entries = new();", "_entries", "field"),
    ("csharp", "        public const int MaxEntries = 10000;", "MaxEntries", "constant"),
    ("csharp", "        public event EventHandler? Changed;", "Changed", "field"),
    ("csharp", "        Debit,", "Debit", "constant"),
    ("csharp", "            _store.Save(entry);", "Save", None),
    ("csharp", "            var text = Post(entry);", "Post", None),
    ("csharp", "            return new Ledger(store);", "Ledger", None),
    ("javascript", "export function openLedger(name) {", "openLedger", "function"),
    ("javascript", "export default async function loadAll(store) {", "loadAll", "function"),
    ("javascript", "const formatAmount = (amount) => `${amount}`;", "formatAmount", "function"),
    ("javascript", "const parseAmount = function (text) {", "parseAmount", "function"),
    ("javascript", "export class Ledger extends EventEmitter {", "Ledger", "class"),
    ("javascript", "  post(entry) {", "post", "method"),
    ("javascript", "  constructor(", "constructor", "method"),
    ("javascript", "  async *iterate() {", "iterate", "method"),
    ("javascript", "  static count = 0;", "count", "field"),
    ("javascript", "  #entries = [];", "#entries", "field"),
    ("javascript", "  onClear: () => {},", "onClear", "method"),
    ("javascript", "export const MAX_ENTRIES = 10000;", "MAX_ENTRIES", "constant"),
    ("javascript", 'let defaultCurrency = "EUR";', "defaultCurrency", "variable"),
    ("javascript", "Ledger.prototype.close = function () {", "close", "method"),
    ("javascript", "  sortOrder = function( a, b ) {", "sortOrder", "function"),
    ("javascript", "    , show: function () {", "show", "method"),
    ("javascript", "  const mountChildren = async (", "mountChildren", "function"),
    ("javascript", "module.exports.parse = function (text) {", "parse", "function"),
    ("javascript", "exports.VERSION = '1.0';", "VERSION", "constant"),
    ("javascript", "    this.post(entry);", "post", None),
    ("javascript", "  if (post) {", "post", None),
    ("javascript", "    return formatAmount(total);", "formatAmount", None),
    ("javascript", "    const ledger = openLedger(name);", "openLedger", None),
    ("javascript", 'describe("post", () => {', "describe", None),
    ("javascript", "// function openLedger() {}", "openLedger", None),
    ("typescript", "export interface Entry {", "Entry", "interface"),
    ("typescript", "export type AccountId = string;", "AccountId", "type"),
    ("typescript", "export enum Kind {", "Kind", "enum"),
    ("typescript", "export const enum Flag { A, B }", "Flag", "enum"),
    ("typescript", "export abstract class BaseLedger {", "BaseLedger", "class"),
    ("typescript", "namespace Audit {", "Audit", "module"),
    ("typescript", "  save(entry: Entry): Promise<void>;", "save", "method"),
    ("typescript", "  account: AccountId;", "account", "property"),
    ("typescript", "  private readonly items: Entry[] = [];", "items", "field"),
    (
        "typescript",
        "export const summarize = async (ledger: Ledger): Promise<string> => {",
        "summarize",
        "function",
    ),
    ("typescript", "  balance<T extends Entry>(filter?: (e: T) => boolean): number {", "balance", "method"),
    ("typescript", "  Debit,", "Debit", "constant"),
    ("typescript", "  off<E extends keyof Events>(", "off", "method"),
    # Prettier's long signatures: the parameters one a line below.
    ("typescript", "export const patchElement = (", "patchElement", "function"),
    ("typescript", "  const container = (", "container", None),  # `(root.parentNode) as HTMLElement`
    ("typescript", "  const patchChildren: PatchChildrenFn = (", "patchChildren", "function"),
    ("typescript", "export type OptionTypesType<", "OptionTypesType", "type"),
    ("typescript", "type MergedHook<T = () => void> = T | T[]", "MergedHook", "type"),
    ("typescript", "export interface VNode<", "VNode", "interface"),
    ("typescript", "  static fromExternalConfig(", "fromExternalConfig", "method"),
    ("typescript", "  componentDidUpdate?(", "componentDidUpdate", "method"),
    ("typescript", "  createElement: (tag, namespace): Element => {", "createElement", "method"),
    ("typescript", "    render(", "render", None),
    # Interface members without semicolons (`semi: false`), and an object's entries that are none.
    ("typescript", "  inheritAttrs?: boolean", "inheritAttrs", "property"),
    ("typescript", "  onTrigger?: (event: DebuggerEvent) => void", "onTrigger", "property"),
    ("typescript", "  components: Record<string, Component> | null", "components", "property"),
    ("typescript", "  name: string", "name", "property"),
    ("typescript", "  render: h,", "render", None),
    ("typescript", "  components: { Panel },", "components", None),
    ("typescript", "    const total = compute(", "compute", None),
    ("typescript", "  full(): boolean", "full", "method"),
    ("typescript", "  has (cacheName: string): Promise<boolean>,", "has", "method"),
    ("typescript", "    await this.store.save(entry);", "save", None),
    ("typescript", "  return { account: ledger.account };", "account", None),
    ("tsx", "export const EmptyLedger = () => <p>No entries</p>;", "EmptyLedger", "function"),
    ("tsx", "export default class LedgerPanel extends React.Component<Props> {", "LedgerPanel", "class"),
    ("tsx", "    return <LedgerView {...this.props} />;", "LedgerView", None),
    ("c", "int ledger_post(ledger_t *l, const struct entry *e)", "ledger_post", "function"),
    ("c", "ledger_new(size_t capacity)", "ledger_new", "function"),
    ("c", "amount_t ledger_balance(const ledger_t *l) {", "ledger_balance", "function"),
    ("c", "static const char **split_words(char *s) {", "split_words", "function"),
    ("c", "struct entry {", "entry", "struct"),
    ("c", "typedef struct ledger {", "ledger", "struct"),
    ("c", "} ledger_t;", "ledger_t", "type"),
    ("c", "typedef long amount_t;", "amount_t", "type"),
    ("c", "typedef int (*compare_fn)(const void *, const void *);", "compare_fn", "type"),
    ("c", "enum kind { KIND_DEBIT, KIND_CREDIT };", "kind", "enum"),
    ("c", "union value {", "value", "struct"),
    ("c", "#define MAX_ENTRIES 10000", "MAX_ENTRIES", "macro"),
    ("c", "    amount_t amount;", "amount", "field"),
    ("c", "    char account[32];", "account", "field"),
    ("c", "    struct entry *entries;", "entries", "field"),
    ("c", "int ledger_post(ledger_t *l, const struct entry *e);", "ledger_post", None),
    ("c", "    ledger_post(l, &e);", "ledger_post", None),
    ("c", "    return ledger_balance(l);", "ledger_balance", None),
    ("c", "    if (ledger_post(l, e)) {", "ledger_post", None),
    ("c", " * int fake(void) { return 0; }", "fake", None),
    ("c", "    int i = 0;", "i", None),
    ("c", "struct entry;", "entry", None),
    ("cpp", "void Ledger::post(const Entry& e) {", "post", "method"),
    ("cpp", "Ledger::Ledger(Store* store) : store_(store) {}", "Ledger", "method"),
    ("cpp", "long Ledger::balance() const {", "balance", "method"),
    ("cpp", "std::vector<Entry> Ledger::entries() const {", "entries", "method"),
    ("cpp", "    explicit Ledger(Store* store);", "Ledger", "method"),
    ("cpp", "    virtual void save(const Entry& e) = 0;", "save", "method"),
    ("cpp", "    std::size_t size() const { return entries_.size(); }", "size", "method"),
    ("cpp", "T clamp_amount(T value, T lo, T hi) {", "clamp_amount", "function"),
    ("cpp", "class LEDGER_API Ledger {", "Ledger", "class"),
    ("cpp", "class Ledger final : public Base {", "Ledger", "class"),
    ("cpp", "enum class Kind { Debit, Credit };", "Kind", "enum"),
    ("cpp", "namespace ledger {", "ledger", "module"),
    ("cpp", "using AccountId = std::string;", "AccountId", "type"),
    ("cpp", "    X() : a(4), b(2) {}", "X", "method"),
    ("cpp", "    ~ScopedElement() = default;", "~ScopedElement", "method"),
    ("cpp", "    StringRef::StringRef( char const* raw ) noexcept", "StringRef", "method"),
    ("cpp", "std::string StringMaker<std::string_view>::convert(std::string_view s) {", "convert", "method"),
    ("cpp", "    friend bool operator==(const Entry& a, const Entry& b) {", "operator==", "method"),
    ("cpp", "    Entry(account, amount);", "Entry", None),
    ("cpp", "    store_->save(e);", "save", None),
    ("cpp", "    return Ledger(store);", "Ledger", None),
    ("cpp", "class Ledger;", "Ledger", None),
    ("objc", "@interface Ledger : NSObject", "Ledger", "class"),
    ("objc", "@protocol Store <NSObject>", "Store", "interface"),
    ("objc", "- (void)post:(Entry *)entry;", "post", "method"),
    ("objc", "@property (nonatomic, copy) NSString *name;", "name", "property"),
    ("objc", "    [ledger post:entry];", "post", None),
    ("php", "function format_amount(int $amount): string", "format_amount", "function"),
    ("php", "    public function post(Entry $entry): void", "post", "method"),
    ("php", "    public static function open(Store $store): self", "open", "method"),
    ("php", "final class Ledger", "Ledger", "class"),
    ("php", "interface Store", "Store", "interface"),
    ("php", "trait Loggable", "Loggable", "trait"),
    ("php", "enum Kind: string", "Kind", "enum"),
    ("php", "    public const CURRENCY = 'EUR';", "CURRENCY", "constant"),
    ("php", "define('LEDGER_VERSION', '1.0');", "LEDGER_VERSION", "constant"),
    ("php", "    private array $entries = [];", "entries", "property"),
    ("php", "    case Debit = 'debit';", "Debit", "constant"),
    ("php", "namespace App\\Ledger;", "Ledger", "module"),
    ("php", "        $this->post($entry);", "post", None),
    ("php", "        return new Ledger($store);", "Ledger", None),
    ("ruby", "  def post(entry)", "post", "method"),
    ("ruby", "def helper_format(amount)", "helper_format", "function"),
    ("ruby", "    def self.open(name)", "open", "method"),
    ("ruby", "    def empty?", "empty?", "method"),
    ("ruby", "  class Ledger < Base", "Ledger", "class"),
    ("ruby", "module Accounting", "Accounting", "module"),
    ("ruby", "class Accounting::Ledger", "Ledger", "class"),
    ("ruby", "    attr_accessor :name, :balance", "balance", "property"),
    ("ruby", "  MAX_ENTRIES = 10_000", "MAX_ENTRIES", "constant"),
    ("ruby", "  Point = Struct.new(:x, :y)", "Point", "class"),
    ("ruby", "  define_method(:reset) do", "reset", "method"),
    ("ruby", "  scope :active, -> { where(active: true) }", "active", "method"),
    ("ruby", "    ledger.post(entry)", "post", None),
    ("ruby", "    post(entry)", "post", None),
    ("ruby", "# def post; end", "post", None),
    ("swift", "    func post(_ entry: Entry) throws {", "post", "method"),
    ("swift", "func formatAmount(_ amount: Int64) -> String {", "formatAmount", "function"),
    ("swift", "    static func open(store: Store) -> Ledger {", "open", "method"),
    ("swift", "    @discardableResult public class func make() -> Ledger {", "make", "method"),
    ("swift", "final class Ledger {", "Ledger", "class"),
    ("swift", "struct Entry: Codable {", "Entry", "struct"),
    ("swift", "enum Kind {", "Kind", "enum"),
    ("swift", "protocol Store {", "Store", "interface"),
    ("swift", "actor Registry {", "Registry", "class"),
    ("swift", "typealias AccountID = String", "AccountID", "type"),
    ("swift", "    private(set) var entries: [Entry] = []", "entries", "property"),
    ("swift", "let maxEntries = 10_000", "maxEntries", "variable"),
    ("swift", "    init(store: Store) {", "init", "method"),
    ("swift", "    case debit", "debit", "constant"),
    ("swift", "    case red, green", "green", "constant"),
    ("swift", "extension Ledger: CustomStringConvertible {", "Ledger", None),
    ("swift", "        try store.save(entry)", "save", None),
    ("swift", "    case .debit:", "debit", None),
    ("dart", "class Ledger with Loggable {", "Ledger", "class"),
    ("dart", "mixin Loggable {", "Loggable", "class"),
    ("dart", "enum Kind { debit, credit }", "Kind", "enum"),
    ("dart", "typedef AccountId = String;", "AccountId", "type"),
    ("dart", "extension LedgerFormat on Ledger {", "LedgerFormat", "class"),
    ("dart", "  Future<void> post(Entry entry) async {", "post", "method"),
    ("dart", "String formatAmount(int amount) {", "formatAmount", "function"),
    ("dart", "  int get balance => _entries.length;", "balance", "method"),
    ("dart", "  factory Ledger.memory() => Ledger(MemoryStore());", "memory", "method"),
    ("dart", "  Ledger(this.store);", "Ledger", "method"),
    ("dart", "const int maxEntries = 10000;", "maxEntries", "constant"),
    ("dart", "  final Store store;", "store", "field"),
    ("dart", "    await store.save(entry);", "save", None),
    ("dart", "    return Ledger(store);", "Ledger", None),
    ("dart", "    final note = 'local';", "note", None),
    ("elixir", "  def post(ledger, entry) do", "post", "function"),
    ("elixir", "  defp amount_of(entry), do: entry.amount", "amount_of", "function"),
    ("elixir", "  defmacro with_ledger(name, do: block) do", "with_ledger", "macro"),
    ("elixir", "defmodule Accounting.Ledger do", "Ledger", "module"),
    ("elixir", "defmodule Accounting.Ledger do", "Accounting.Ledger", "module"),
    ("elixir", "defprotocol Describe do", "Describe", "interface"),
    ("elixir", "  @type entry :: map()", "entry", "type"),
    ("elixir", "  @max_entries 10_000", "max_entries", "constant"),
    ("elixir", "    Ledger.post(ledger, entry)", "post", None),
    ("elixir", "  @moduledoc false", "moduledoc", None),
    ("lua", "function M.new(name)", "new", "method"),
    ("lua", "function M:post(entry)", "post", "method"),
    ("lua", "local function amount_of(entry)", "amount_of", "function"),
    ("lua", "M.format = function(amount)", "format", "method"),
    ("lua", "local MAX_ENTRIES = 10000", "MAX_ENTRIES", "constant"),
    ("lua", "  M.post(self, entry)", "post", None),
    ("lua", "  local total = amount_of(entry)", "amount_of", None),
    ("shell", "usage() {", "usage", "function"),
    ("shell", "function post_entry {", "post_entry", "function"),
    ("shell", "LEDGER_DIR=/var/lib/ledger", "LEDGER_DIR", "variable"),
    ("shell", "export LEDGER_CURRENCY=EUR", "LEDGER_CURRENCY", "variable"),
    ("shell", "readonly MAX_ENTRIES=10000", "MAX_ENTRIES", "constant"),
    ("shell", '    post) post_entry "$2" "$3" ;;', "post_entry", None),
    ("shell", 'main "$@"', "main", None),
    ("shell", 'echo "usage() {"', "usage", None),
    ("sql", "CREATE TABLE IF NOT EXISTS accounts (", "accounts", "type"),
    ("sql", "create table ledger.entries (", "entries", "type"),
    ("sql", "CREATE OR REPLACE VIEW account_balances AS", "account_balances", "type"),
    ("sql", "CREATE OR REPLACE FUNCTION post_entry(p_account BIGINT)", "post_entry", "function"),
    ("sql", "CREATE PROCEDURE close_books()", "close_books", "function"),
    ("sql", "CREATE FUNCTION billing.post_entry(p_amount BIGINT)", "post_entry", "function"),
    ("sql", "INSERT INTO accounts (name) VALUES ('main');", "accounts", None),
    ("sql", "-- CREATE TABLE fake (id INT);", "fake", None),
    ("sql", "CREATE INDEX entries_idx ON ledger.entries (account_id);", "entries", None),
]


@pytest.mark.parametrize(("language", "line", "name", "kind"), KIND_CASES)
def test_definition_kind(language: str, line: str, name: str, kind: str | None) -> None:
    assert definition_kind(language, line, name) == kind


@pytest.mark.parametrize("key", [k for k in sorted(EXPECTED) if k.split("/")[0] in PATTERN_LANGUAGES])
def test_line_patterns_agree_with_definitions(key: str) -> None:
    """Where definitions() uses the line patterns, definition_kind says the same thing line by line."""
    language, source = _fixture(key)
    lines = source.decode().split("\n")
    for d in definitions(language, source):
        assert definition_kind(language, lines[d.line - 1], d.name) == d.kind


# (fixture, line, name of the innermost enclosing definition, or None)
ENCLOSING_CASES = [
    ("python/ledger.py", 33, "post"),
    ("python/ledger.py", 39, "amount_of"),
    ("python/ledger.py", 25, "Ledger"),
    ("python/ledger.py", 3, None),
    ("go/ledger.go", 45, "Post"),
    ("go/ledger.go", 55, "Balance"),
    ("go/ledger.go", 1, None),
    ("rust/ledger.rs", 60, "inner"),
    ("rust/ledger.rs", 40, "post"),
    ("rust/ledger.rs", 49, "fmt"),
    ("java/Ledger.java", 48, "isDebit"),
    ("java/Ledger.java", 42, "Ledger"),
    ("kotlin/Ledger.kt", 35, "balance"),
    ("scala/Ledger.scala", 23, "post"),
    ("csharp/Ledger.cs", 52, "Sum"),
    ("javascript/ledger.js", 53, "onPost"),
    ("typescript/ledger.ts", 58, "check"),
    ("tsx/LedgerView.tsx", 25, "LedgerView"),
    ("c/ledger.c", 47, "ledger_post"),
    ("cpp/ledger.cpp", 42, "post"),
    ("php/Ledger.php", 57, "format_amount"),
    ("ruby/ledger.rb", 45, "registry"),
    ("swift/Ledger.swift", 39, "balance"),
    ("dart/ledger.dart", 36, "post"),
    ("elixir/ledger.ex", 20, "post"),
    ("lua/ledger.lua", 19, "post"),
    ("lua/ledger.lua", 39, None),
    ("shell/ledger.sh", 15, "post_entry"),
]


@pytest.mark.parametrize(("key", "line", "name"), ENCLOSING_CASES)
def test_enclosing_definition(key: str, line: int, name: str | None) -> None:
    found = enclosing_definition(*_fixture(key), line)
    assert (found.name if found else None) == name


def test_enclosing_definition_outside_the_file() -> None:
    assert enclosing_definition(*_fixture("python/ledger.py"), 10_000) is None
    assert enclosing_definition(*_fixture("lua/ledger.lua"), 0) is None


@pytest.mark.parametrize("language", TREE_SITTER_LANGUAGES + PATTERN_LANGUAGES)
@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_definitions_never_raise(language: str, data: st.DataObject) -> None:
    key = next(k for k in EXPECTED if k.startswith(language + "/"))
    source = (FIXTURES / key).read_bytes()
    cut = data.draw(st.integers(0, len(source)))
    noise = data.draw(st.binary(max_size=64))
    for broken in (source[:cut], source[:cut] + noise + source[cut:], noise):
        found = definitions(language, broken)
        assert [d.line for d in found] == sorted(d.line for d in found)
        enclosing_definition(language, broken, data.draw(st.integers(-1, 80)))


ADVERSARIAL_UNITS = [
    "a",
    "a ",
    " ",
    "\t ",
    "a(",
    "(a",
    "a<",
    "<a ",
    "a, ",
    "a: ",
    "a::",
    "a.",
    "@a ",
    "public ",
    "static a ",
    "def a",
    "const a, ",
    "a = ",
    "* ",
    "[a]",
    "[a a",
    "A,",
    "'a'",
    "{a ",
]


def adversarial_lines(size: int) -> list[str]:
    """Lines of about `size` characters built to make backtracking patterns blow up.

    benchmarks/parser_worst_case.py times them at 100 KB; the test checks their answers.
    """
    return [
        prefix + unit * (size // len(unit)) + suffix
        for unit in ADVERSARIAL_UNITS
        for prefix in ("", "  ", "def ", "typedef ", "export const a = ")
        for suffix in ("x", ";")
    ]


@pytest.mark.parametrize("language", sorted({*TREE_SITTER_LANGUAGES, *PATTERN_LANGUAGES, "objc"}))
def test_definition_kind_on_long_lines_answers_as_on_short_ones(language: str) -> None:
    """A 10 KB line defines what the same line at 1 KB defines: how often a unit repeats
    changes no answer (the time they take is measured in benchmarks/parser_worst_case.py,
    never asserted in a test)."""
    for short, long in zip(adversarial_lines(1_000), adversarial_lines(10_000)):
        kind = definition_kind(language, long, "a")
        assert kind is None or kind in KINDS
        assert kind == definition_kind(language, short, "a")


def test_import_does_not_load_tree_sitter() -> None:
    code = (
        "import sys; import boundedcode.lang.definitions as d; "
        "assert not any(m.startswith('tree_sitter') for m in sys.modules); "
        "d.definitions('go', b'package p\\nfunc F() {}\\n'); "
        "assert 'tree_sitter_go._binding' in sys.modules; "
        "assert not any(m.startswith('tree_sitter_rust') for m in sys.modules); "
        # The grammar's compiled binding alone: its package's wrapper imports importlib.resources.
        "assert 'importlib.resources' not in sys.modules"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_every_grammar_reads_its_query_files_and_the_wheel_ships_them() -> None:
    """The queries are package data: each grammar's files exist, compile, and match package-data."""
    import fnmatch
    import importlib
    import tomllib

    import tree_sitter

    from boundedcode.lang.definitions.trees import GRAMMARS, query_text

    root = Path(__file__).resolve().parents[2]
    shipped = tomllib.loads((root / "pyproject.toml").read_text())["tool"]["setuptools"]["package-data"]
    queries = root / "src" / "boundedcode" / "lang" / "definitions" / "queries"
    for language, grammar in GRAMMARS.items():
        for name in grammar.queries:
            relative = f"lang/definitions/queries/{name}.scm"
            assert (queries / f"{name}.scm").is_file(), relative
            assert any(fnmatch.fnmatch(relative, glob) for glob in shipped["boundedcode"]), relative
        compiled = tree_sitter.Language(getattr(importlib.import_module(grammar.module), grammar.factory)())
        assert tree_sitter.Query(compiled, query_text(language)).pattern_count > 0, language
    assert sorted(p.stem for p in queries.glob("*.scm")) == sorted(
        {q for g in GRAMMARS.values() for q in g.queries}
    )


_TOKENS = (
    "post",
    "//",
    "/*",
    "--",
    "return",
    ".",
    "->",
    ">",
    "::",
    "(",
    ")",
    "{",
    "}",
    "[",
    "]",
    ";",
    ":",
    "=",
    ",",
    "<",
    "*",
    "&",
    "#",
    "@",
    "$",
    "'",
    '"',
    " ",
    "  ",
    "\t",
    "self",
    "this",
    "Ledger",
    "def",
    "fn",
    "func",
    "function",
    "class",
    "struct",
    "enum",
    "type",
    "var",
    "let",
    "val",
    "const",
    "public",
    "static",
    "int",
    "void",
    "define",
    "typedef",
    "case",
    "pub",
    "impl",
    "trait",
    "interface",
    "record",
    "property",
    "fun",
    "namespace",
)


@settings(max_examples=4000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=14), st.sampled_from(sorted(LINE_TABLES)))
def test_the_shortcut_before_the_rules_never_hides_a_definition(tokens: list[str], language: str) -> None:
    """A comment, a `return`, or (where no rule defines a name after `.`) a line using the name
    only as `x.post` or `x->post` defines nothing: the shortcut gives what the rules alone give."""
    from boundedcode.lang.definitions import lines

    line = "".join(tokens)
    if lines._cannot_define(language, line, "post"):
        hit = lines._match_line(language, line)
        assert hit is None or ("post" not in hit.names and hit.qualified != "post"), (language, line)


@settings(max_examples=4000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=14), st.sampled_from(sorted(LINE_TABLES)))
def test_one_alternation_of_the_rules_matches_where_some_rule_does(tokens: list[str], language: str) -> None:
    """The rules joined into one expression (`_any_rule`, the test before them) reject exactly the
    lines no rule matches."""
    _assert_one_alternation_matches_as_the_rules(language, ["".join(tokens)])


@pytest.mark.parametrize("language", sorted(p.name for p in FIXTURES.iterdir()))
def test_one_alternation_of_the_rules_matches_the_fixtures_lines_as_the_rules_do(language: str) -> None:
    lines = [
        line for path in sorted((FIXTURES / language).iterdir()) for line in path.read_text().split("\n")
    ]
    matched = _assert_one_alternation_matches_as_the_rules(language, lines)
    assert matched > 5  # the fixtures define things: the agreement is on matches too


def _assert_one_alternation_matches_as_the_rules(language: str, texts: list[str]) -> int:
    from boundedcode.lang.definitions import lines

    any_rule = lines._any_rule(language)
    assert any_rule is not None, language  # every table's rules can be joined
    matched = 0
    for line in texts:
        some_rule = any(rule.pattern.match(line) for rule in lines._compiled_rules(language))
        assert (any_rule.match(line) is not None) is some_rule, (language, line)
        matched += some_rule
    return matched


@pytest.mark.parametrize(
    "language, line",
    [
        ("ruby", "  def self.post(entry)"),
        ("javascript", "Ledger.prototype.post = function (entry) {"),
        ("typescript", "exports.post = async (entry) => {"),
        ("lua", "function M.post(entry)"),
        ("kotlin", "fun Ledger.post(entry: Entry) {"),
        ("csharp", "namespace Shop.post"),
        ("dart", "  Ledger.post(this.entry);"),
        ("elixir", "defmodule Shop.post do"),
        ("sql", "CREATE TABLE shop.post ("),
    ],
)
def test_names_defined_after_a_dot_pass_the_shortcut(language: str, line: str) -> None:
    assert definition_kind(language, line, "post") is not None


@pytest.mark.parametrize("language", sorted(p.name for p in FIXTURES.iterdir()))
def test_a_line_could_define_rejects_defines_nothing(language: str) -> None:
    """`could_define`, the test the navigator runs before `definition_kind` on every hit: a line
    it rejects has no definition of any of its words, and it passes the fixtures' definitions."""
    could = could_define(language)
    assert could is not None, language
    passed = 0
    for path in sorted((FIXTURES / language).iterdir()):
        for line in path.read_text().split("\n"):
            words = set(re.findall(r"[A-Za-z_]\w*", line))
            if not could(line):
                assert all(definition_kind(language, line, w) is None for w in words), (language, line)
            elif any(definition_kind(language, line, w) for w in words):
                passed += 1
    assert passed > 5


def _assert_names_defined_hold_every_definition(language: str, line: str) -> bool:
    """Each word `definition_kind` finds a definition of on `line` is among `names_defined`."""
    named = names_defined(language, line)
    defined = {w for w in re.findall(r"[A-Za-z_]\w*", line) if definition_kind(language, line, w) is not None}
    assert defined <= set(named), (language, line, named)
    return bool(defined)


@pytest.mark.parametrize("language", sorted(p.name for p in FIXTURES.iterdir()))
def test_names_defined_are_every_name_a_fixture_line_defines(language: str) -> None:
    """What a warm index posts a file under (the names its lines define): no definition the
    navigator would find on a line is left out."""
    defining = 0
    for path in sorted((FIXTURES / language).iterdir()):
        for line in path.read_text().split("\n"):
            defining += _assert_names_defined_hold_every_definition(language, line)
    assert defining > 5


@settings(max_examples=2000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(st.sampled_from(_TOKENS), min_size=1, max_size=14), st.sampled_from(sorted(LINE_TABLES)))
def test_names_defined_hold_every_definition_on_any_line(tokens: list[str], language: str) -> None:
    _assert_names_defined_hold_every_definition(language, "".join(tokens))


SIGNATURE_AND_BODY = b"""\
pub fn post(
    &mut self,
    entry: &Entry,
) -> Result<(), Error> {
    let total = sum(
        entry,
    );
}
pub struct Ledger {
    by_id: HashMap<(u32, u32), Entry>,
}
const (
\tDebit Kind = iota
)
"""


@pytest.mark.parametrize(
    ("line", "inside"),
    [(3, True), (6, True), (10, False), (13, False), (1, False), (5, False)],
)
def test_a_line_inside_a_parameter_list_or_a_call_is_told_from_a_body_s(line, inside):
    # Line 3 a parameter, 6 a call's argument; 10 a field (its type's parentheses closed on the
    # line), 13 Go's group of constants, 1 the signature's first line, 5 a statement of the body.
    assert inside_parentheses(SIGNATURE_AND_BODY.split(b"\n"), line - 1) is inside
