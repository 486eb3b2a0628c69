"""build_error: a located diagnostic of a compiler, linter or test runner.

`file:line[:col]`, `file(line,col)` and each tool's own format (lang.diagnostics)
are mapped onto the checkout like stack frames, by the longest path suffix.
"""

from __future__ import annotations

from ..model import Finding
from ..weights import R, specificity
from .base import Context
from .stack_trace import SymbolAt, resolve_located

__all__ = ["BuildErrorStrategy"]

#: Reason text keeps this much of the diagnostic's message.
MESSAGE_CHARS = 60


class BuildErrorStrategy:
    id = "build_error"

    def wants(self, ctx: Context) -> str | None:
        found = ctx.of_kind("diagnostic")
        return f"{len(found)} diagnostic(s)" if found else None

    def needles(self, ctx: Context):
        return []

    def find(self, ctx: Context) -> list[Finding]:
        out: list[Finding] = []
        symbol_at = SymbolAt(ctx)
        for a in ctx.of_kind("diagnostic"):
            files = resolve_located(ctx.index, a.text)
            message = (a.detail or "").strip()
            if len(message) > MESSAGE_CHARS:
                message = message[: MESSAGE_CHARS - 1] + "…"
            for path in files:
                out.append(
                    Finding(
                        path,
                        a.line,
                        self.id,
                        a,
                        R.COMPILER_LOCATION,
                        f"diagnostic: {message}" if message else "diagnostic",
                        symbol=symbol_at(path, a.line),
                        specificity=specificity(len(files)),
                    )
                )
        return out
