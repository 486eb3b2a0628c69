"""build_error: a located diagnostic of a compiler, linter or test runner.

`file:line[:col]`, `file(line,col)` and each tool's own format (lang.diagnostics)
are mapped onto the checkout like stack frames, by the longest path suffix. A logger's
record (an error logged at its call site) is weaker: where the program noticed, not failed.
"""

from __future__ import annotations

from ..lang.diagnostics import LOGGER
from ..model import Anchor, AnchorKind, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, Plan, SymbolAt, resolve_located

__all__ = ["BuildErrorStrategy"]

#: Reason text keeps this much of the diagnostic's message.
MESSAGE_CHARS = 60


class BuildErrorStrategy:
    id = "build_error"

    def wants(self, plan: Plan) -> str | None:
        found = plan.of_kind(AnchorKind.DIAGNOSTIC)
        return f"{len(found)} diagnostic(s)" if found else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return []

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        symbol_at = SymbolAt(ev.read)
        for a in ev.of_kind(AnchorKind.DIAGNOSTIC):
            files = resolve_located(ev.index, a.text)
            message = (a.detail or "").strip()
            if len(message) > MESSAGE_CHARS:
                message = message[: MESSAGE_CHARS - 1] + "…"
            logged = a.qualifier == LOGGER
            kind = "logged" if logged else "diagnostic"
            for path in files:
                out.append(
                    Finding(
                        path,
                        a.line,
                        self.id,
                        a,
                        R.LOGGED_CALL if logged else R.COMPILER_LOCATION,
                        f"{kind}: {message}" if message else kind,
                        symbol=symbol_at(path, a.line),
                        specificity=specificity(len(files)),
                    )
                )
        return out
