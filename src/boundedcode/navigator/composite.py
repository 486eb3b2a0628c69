"""Route each symbol question by file language (spec, "Language servers and other providers").

Definition patterns answer for every language first (one scan, cheap). Then
each server covering a language the name occurs in is asked once, and its
answer replaces the patterns' for the languages it covers; for definitions,
only in the files the server named (a definition line in a file the server did
not look at stays). A server that is
missing, down, slow or failing is skipped and the patterns' answer stands;
the answer records, per language, who answered and why a server did not.

Lookups are bounded by the budget (4 per Composite, which lives for one
retrieval or one operation, 1.5 s each). A server that timed out or went down
is not asked again by the same Composite, so one slow server costs one
timeout, not four.
"""

from __future__ import annotations

import threading
from typing import Any, Callable, Sequence

from .._record import Frozen, Record, field
from ..checkout.budgets import DEFAULT_BUDGETS, Budgets
from ..lang.languages import language_of
from .base import PATTERNS, Location, LookupTimeout, Navigator, NavigatorError, Probed, sorted_locations
from .patterns import PatternNavigator

__all__ = ["Composite", "Answer", "Skip", "OPERATIONS"]

OPERATIONS = ("definitions", "references", "implementations")
#: Reasons after which a server is not asked again within one Composite.
_STICKY = frozenset({"missing", "down", "timeout"})


class Skip(Frozen):
    """A server that did not answer for some languages, and why."""

    source: str  # "lsp:jedi-language-server"
    languages: tuple[str, ...]  # the languages it would have answered for
    reason: str  # missing | down | timeout | budget | failed | unsupported | empty
    detail: str = ""

    def note(self, fallback: str) -> str:
        detail = f" ({self.detail})" if self.detail else ""
        return f"{self.source} skipped for {', '.join(self.languages)}: {self.reason}{detail}; {fallback}"

    def to_json(self) -> dict[str, Any]:
        return {
            "source": self.source,
            "languages": list(self.languages),
            "reason": self.reason,
            "detail": self.detail,
        }


class Answer(Record):
    operation: str  # one of OPERATIONS
    name: str
    locations: list[Location]  # in (path, line) order
    sources: dict[str, str]  # language → who answered for it
    skipped: list[Skip] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        return {
            "operation": self.operation,
            "name": self.name,
            "locations": [loc.to_json() for loc in self.locations],
            "sources": dict(sorted(self.sources.items())),
            "skipped": [s.to_json() for s in self.skipped],
            "notes": list(self.notes),
        }


class Composite:
    """Servers where they cover the file's language, patterns everywhere else and instead of a failing server."""

    def __init__(
        self, servers: Sequence[Navigator], fallback: PatternNavigator, *, budgets: Budgets = DEFAULT_BUDGETS
    ):
        self.servers = list(servers)
        self.fallback = fallback
        self.budgets = budgets
        self.lookups = 0  # lookups spent so far
        self.skipped: list[Skip] = []  # every skip of this Composite's life, in order
        self._benched: dict[int, Skip] = {}  # id(server) → why it is not asked again

    def languages(self) -> frozenset[str]:
        return self.fallback.languages().union(*(s.languages() for s in self.servers))

    def definitions(self, name: str, *, path_hint: str | None = None) -> list[Location]:
        return self.answer("definitions", name, path=path_hint).locations

    def references(self, name: str, *, path: str | None = None, line: int | None = None) -> list[Location]:
        return self.answer("references", name, path=path, line=line).locations

    def implementations(self, name: str) -> list[Location]:
        return self.answer("implementations", name).locations

    def answer(
        self, operation: str, name: str, *, path: str | None = None, line: int | None = None
    ) -> Answer:
        """One question, routed by language, with who answered and why a server was skipped."""
        if operation not in OPERATIONS:
            raise ValueError(f"unknown operation {operation!r}")
        present = {lang for p in self.fallback.occurrences(name) if (lang := language_of(p)) is not None}
        if path is not None and (lang := language_of(path)) is not None:
            present.add(lang)
        patterns = [] if operation == "implementations" else self._ask_patterns(operation, name, path, line)
        answer = Answer(operation, name, [], {})
        kept: list[Location] = []
        answered: set[str] = set()
        for server in self.servers:
            covered = (server.languages() & present) - answered
            if not covered:
                continue
            langs = tuple(sorted(covered))
            hint = path if path is not None and language_of(path) in covered else None
            result = self._ask_server(server, operation, name, hint, line if hint else None, langs)
            if isinstance(result, Skip):
                answer.skipped.append(result)
                continue
            mine = server.languages() - answered
            result = [loc for loc in result if language_of(loc.path) in mine]
            if (
                operation == "definitions"
                and not result
                and any(language_of(loc.path) in covered for loc in patterns)
            ):
                # A server that knows no definition where a definition line exists is more
                # likely not ready, or blind to that file, than right.
                answer.skipped.append(self._skip(server, langs, "empty", "no definition found"))
                continue
            kept.extend(result)
            answered |= covered
            answer.sources.update((lang, server.source) for lang in covered)
        for lang in sorted(present - answered):
            answer.sources[lang] = PATTERNS if operation != "implementations" else "none"
        # A server's definitions replace the patterns' in the files it answered for; a
        # definition line in a file it did not name (it looks at what it has indexed or what
        # the hint imports) still stands, so a server never yields fewer places than patterns.
        served = {loc.path for loc in kept} if operation == "definitions" else set()
        kept.extend(
            loc
            for loc in patterns
            if language_of(loc.path) not in answered or (served and loc.path not in served)
        )
        answer.locations = sorted_locations(kept)
        answer.notes = self._notes(answer, operation, name, present - answered)
        return answer

    # -- helpers --------------------------------------------------------

    def _ask_patterns(self, operation: str, name: str, path: str | None, line: int | None) -> list[Location]:
        if operation == "definitions":
            return self.fallback.definitions(name, path_hint=path)
        return self.fallback.references(name, path=path, line=line)

    def _skip(self, server: Navigator, langs: tuple[str, ...], reason: str, detail: str) -> Skip:
        skip = Skip(server.source, langs, reason, detail)
        self.skipped.append(skip)
        if reason in _STICKY:
            self._benched[id(server)] = skip
        return skip

    def _ask_server(
        self,
        server: Navigator,
        operation: str,
        name: str,
        path: str | None,
        line: int | None,
        langs: tuple[str, ...],
    ) -> list[Location] | Skip:
        benched = self._benched.get(id(server))
        if benched is not None:
            return self._skip(server, langs, benched.reason, "earlier in this retrieval")
        if isinstance(server, Probed):
            error = server.unavailable()
            if error is not None:
                return self._skip(server, langs, error.reason, str(error))
        if self.lookups >= self.budgets.lsp_lookups:
            return self._skip(server, langs, "budget", f"{self.budgets.lsp_lookups} lookups used")
        self.lookups += 1
        call: Callable[[], list[Location]]
        if operation == "definitions":
            call = lambda: server.definitions(name, path_hint=path)  # noqa: E731
        elif operation == "references":
            call = lambda: server.references(name, path=path, line=line)  # noqa: E731
        else:
            call = lambda: server.implementations(name)  # noqa: E731
        try:
            return list(_within(call, self.budgets.lsp_timeout_s))
        except NavigatorError as exc:
            return self._skip(server, langs, exc.reason, str(exc))
        except Exception as exc:  # a server's bug must not end the retrieval: patterns answer instead
            return self._skip(server, langs, "failed", f"{type(exc).__name__}: {exc}")

    @staticmethod
    def _notes(answer: Answer, operation: str, name: str, unserved: set[str]) -> list[str]:
        fallback = {
            "definitions": "definition patterns answered",
            "references": "textual uses answered",
            "implementations": "no answer for these languages",
        }[operation]
        notes = [skip.note(fallback) for skip in answer.skipped]
        if operation == "implementations" and unserved:
            notes.append(
                f"implementations need a language server; none answered for {', '.join(sorted(unserved))}"
            )
        if not answer.sources:
            notes.append(f"no file uses the name {name}")
        return notes


def _within(call: Callable[[], list[Location]], timeout: float) -> list[Location]:
    """Run `call` in a daemon thread and give up after `timeout` seconds.

    A daemon thread, not an executor: a stuck server call must neither block
    the caller nor hold up the interpreter's exit.
    """
    box: dict[str, Any] = {}

    def run() -> None:
        try:
            box["result"] = call()
        except BaseException as exc:  # handed to the caller's thread as it is
            box["error"] = exc

    worker = threading.Thread(target=run, name="navigator lookup", daemon=True)
    worker.start()
    worker.join(timeout)
    if worker.is_alive():
        raise LookupTimeout(f"no answer within {timeout:g} s")
    if "error" in box:
        raise box["error"]
    return box["result"]
