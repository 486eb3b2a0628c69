"""The data that flows through one retrieval: anchors in, findings between, items out."""

from __future__ import annotations

import functools
from enum import StrEnum
from typing import Any, NamedTuple

from ._record import Frozen, Record, field

__all__ = [
    "Anchor",
    "AnchorKind",
    "AnchorOrigin",
    "Finding",
    "Contribution",
    "Explanation",
    "Item",
    "StrategyRun",
    "RetrievalResult",
]


class AnchorKind(StrEnum):
    """What an anchor is; the value is what JSON output, keys and explanations print."""

    FRAME = "frame"  # a stack frame: path, line, function
    DIAGNOSTIC = "diagnostic"  # a compiler's, linter's or test runner's located message
    TEST = "test"  # a failing or named test
    PATH = "path"  # a file or directory named
    MODULE = "module"  # a qualified name: tokio::sync::broadcast, django.db.models
    #: an import a code sample makes: the module ('@scope/pkg', 'github.com/org/repo/x'), or with
    #: `qualifier` the module, one name it imports from there (`X` of `import { X } from 'm'`)
    IMPORT = "import"
    QUOTE = "quote"  # a quoted error message
    CONFIG_KEY = "config_key"  # a configuration key or an environment variable (SHOP_RATE_LIMIT)
    NAME = "name"  # a code-like name
    MEMBER = "member"  # a name with its qualifier: Ledger.Post
    ROUTE = "route"  # an HTTP route: GET /api/v1/orders/{id}
    COMMIT = "commit"  # a commit id
    WORD = "word"  # a distinctive word of the title
    PATH_WORDS = "path_words"  # the message words a path holds (discovery)
    FULLTEXT = "fulltext"  # the message's words in the files' text, as BM25 (fulltext)


class AnchorOrigin(StrEnum):
    """Where an anchor came from: the prose, a code sample only, or evidence (command output)."""

    PROSE = "prose"
    CODE = "code"
    EVIDENCE = "evidence"


class Anchor(Frozen):
    """Something the message or evidence names that retrieval can look up.

    `kind` and `origin` are checked vocabularies (a plain string is converted, and
    an unknown one raises ValueError). `rank` is the seed rank: lower is looked up
    first.
    """

    kind: AnchorKind
    text: str
    origin: AnchorOrigin = AnchorOrigin.PROSE
    rank: int = 0
    qualifier: str | None = None  # Ledger in Ledger.Balance
    line: int | None = None  # frames and diagnostics
    weight: float = 1.0  # the innermost frame weighs most
    detail: str | None = None  # the raw text it came from (a frame line, a test id)

    def __post_init__(self) -> None:
        if type(self.kind) is not AnchorKind:
            object.__setattr__(self, "kind", AnchorKind(self.kind))
        if type(self.origin) is not AnchorOrigin:
            object.__setattr__(self, "origin", AnchorOrigin(self.origin))

    # Cached on the instance (its fields never change): ranking asks for them once per finding
    # and per comparison, thousands of times when a common name is used in every file.
    @functools.cached_property
    def key(self) -> str:
        """Identity for "each anchor counted once" in ranking."""
        return f"{self.kind.value}:{self.spelled}"

    @functools.cached_property
    def spelled(self) -> str:
        """The text it stands for, whatever its kind: `a.b` seeds a module and a member alike."""
        return f"{self.qualifier + '.' if self.qualifier else ''}{self.text}"


class Finding(Frozen):
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


class Contribution(NamedTuple):
    """One anchor's best finding in a file's score, with the factors of its weight."""

    strategy: str
    anchor: str  # Anchor.key
    reliability: float
    specificity: float
    reason: str
    # 1 for its strategy's strongest finding in the file, then REPEAT_DECAY, its square…;
    # 0 for a path word another strategy already counted for this file, or a text another
    # anchor of it spelled (a module and a member both `a.b`).
    repeat: float = 1.0

    @property
    def weight(self) -> float:
        return self.reliability * self.specificity * self.repeat


class Explanation(NamedTuple):
    """How an item's score was made (spec, "Ranking"): every factor by name."""

    contributions: tuple[Contribution, ...]  # strongest first
    combined: float  # 1 − Π(1 − weight) over the contributions (each with its repeat factor)
    demotion: float  # 1.0 when the file is not demoted
    demoted_as: str | None  # test, example, generated, vendored, declaration or prose
    score: float  # combined × demotion


class Item(Frozen):
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


class StrategyRun(Frozen):
    """Whether one strategy ran, why (its anchors) or why not, and how many findings it made."""

    strategy: str
    ran: bool
    why: str  # why it ran (its anchors) or why not
    findings: int = 0


class RetrievalResult(Record):
    """What one retrieval found, and everything needed to judge and reproduce it.

    `items` are the ranked places and `block` their rendering (`tokens` long,
    `truncated` when the time or block budget cut it short); `commit` and `branch`
    say what was read; `strategies` say which ran and why; `bounds_reached` names
    the Budgets fields a bound was reached for; `notes` say what else happened (a
    scanner's fallback); `timings_ms` and `budget_use` say what it cost.
    """

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
