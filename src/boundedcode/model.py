"""The data that flows through one retrieval: anchors in, findings between, items out."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

__all__ = ["Anchor", "Finding", "Contribution", "Explanation", "Item", "StrategyRun", "RetrievalResult"]


@dataclass(frozen=True)
class Anchor:
    """Something the message or evidence names that retrieval can look up.

    `kind` is one of: frame, diagnostic, test, path, module, quote, config_key,
    name, member, route, env, commit, word. `origin` is prose, code (a code
    sample only) or evidence. `rank` is the seed rank: lower is looked up first.
    """

    kind: str
    text: str
    origin: str = "prose"
    rank: int = 0
    qualifier: str | None = None  # Ledger in Ledger.Balance
    line: int | None = None  # frames and diagnostics
    weight: float = 1.0  # the innermost frame weighs most
    detail: str | None = None  # the raw text it came from (a frame line, a test id)

    @property
    def key(self) -> str:
        """Identity for "each anchor counted once" in ranking."""
        return f"{self.kind}:{self.qualifier + '.' if self.qualifier else ''}{self.text}"


@dataclass(frozen=True)
class Finding:
    """One strategy's claim that a place matters, before any ranking."""

    path: str
    line: int | None
    strategy: str
    anchor: Anchor
    reliability: float
    reason: str
    symbol: str | None = None
    specificity: float = 1.0

    @property
    def weight(self) -> float:
        return self.reliability * self.specificity


@dataclass(frozen=True)
class Contribution:
    """One anchor's best finding in a file's score, with the factors of its weight."""

    strategy: str
    anchor: str  # Anchor.key
    reliability: float
    specificity: float
    reason: str

    @property
    def weight(self) -> float:
        return self.reliability * self.specificity


@dataclass(frozen=True)
class Explanation:
    """How an item's score was made (spec, "Ranking"): every factor by name."""

    contributions: tuple[Contribution, ...]  # strongest first
    combined: float  # 1 − Π(1 − weight) over the contributions
    demotion: float  # 1.0 when the file is not demoted
    demoted_as: str | None  # test, example, generated or prose
    score: float  # combined × demotion


@dataclass(frozen=True)
class Item:
    """One ranked place in the block."""

    path: str
    line: int | None
    symbol: str | None
    score: float
    reason: str
    strategies: tuple[str, ...]
    anchors: tuple[str, ...]
    blob_id: str | None = None
    explain: Explanation | None = None  # with explain=True
    #: Every located line the item's findings give, in order of weight (`line` first), capped.
    lines: tuple[int, ...] = ()


@dataclass(frozen=True)
class StrategyRun:
    strategy: str
    ran: bool
    why: str  # why it ran (its anchors) or why not
    findings: int = 0


@dataclass
class RetrievalResult:
    items: list[Item]
    block: str
    tokens: int
    truncated: bool
    commit: str | None
    branch: str | None
    strategies: list[StrategyRun]
    anchors: list[Anchor]
    bounds_reached: list[str]
    timings_ms: dict[str, float]
    budget_use: dict[str, Any]
    retrieval: str = "adaptive"
    notes: list[str] = field(default_factory=list)

    @property
    def paths(self) -> list[str]:
        return [i.path for i in self.items]

    def to_json(self) -> dict[str, Any]:
        """The result as `bcode retrieve --format json` prints it (render.document, versioned)."""
        from .render.document import result_json

        return result_json(self)
