"""The result as JSON (`--format json`, `--format jsonl`, the Python API's `to_json`).

The document is described by `result.schema.json` beside this module (JSON
Schema 2020-12) and carries its `schema_version`: a field removed or changed
in meaning raises the version, a field added does not. Every string passes
through `printable`, so a file name that is not UTF-8 shows as `\\xNN` bytes
rather than breaking the output.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from ..model import Explanation, Item, RetrievalResult
from .text import printable

__all__ = ["SCHEMA_VERSION", "result_json", "item_json", "explanation_json", "dumps", "jsonl", "schema"]

SCHEMA_VERSION = 1
SCHEMA_FILE = "result.schema.json"
#: Scores and factors are rounded so the document is stable across platforms.
DIGITS = 4


def explanation_json(e: Explanation) -> dict[str, Any]:
    return {
        "contributions": [
            {
                "strategy": c.strategy,
                "anchor": c.anchor,
                "reliability": round(c.reliability, DIGITS),
                "specificity": round(c.specificity, DIGITS),
                "repeat": round(c.repeat, DIGITS),
                "weight": round(c.weight, DIGITS),
                "reason": c.reason,
            }
            for c in e.contributions
        ],
        "combined": round(e.combined, DIGITS),
        "demotion": None if e.demoted_as is None else {"factor": e.demotion, "as": e.demoted_as},
        "score": round(e.score, DIGITS),
    }


def item_json(i: Item) -> dict[str, Any]:
    return {
        "path": i.path,
        "line": i.line,
        "lines": list(i.lines),
        "symbol": i.symbol,
        "score": round(i.score, DIGITS),
        "reason": i.reason,
        "strategies": list(i.strategies),
        "anchors": list(i.anchors),
        "blob_id": i.blob_id,
        **({"explain": explanation_json(i.explain)} if i.explain is not None else {}),
    }


def result_json(r: RetrievalResult) -> dict[str, Any]:
    return {
        "schema_version": SCHEMA_VERSION,
        "retrieval": r.retrieval,
        "commit": r.commit,
        "branch": r.branch,
        "items": [item_json(i) for i in r.items],
        "block": r.block,
        "tokens": r.tokens,
        "truncated": r.truncated,
        "strategies": [
            {"strategy": s.strategy, "ran": s.ran, "why": s.why, "findings": s.findings} for s in r.strategies
        ],
        "anchors": [
            {
                "kind": a.kind,
                "text": a.text,
                "origin": a.origin,
                "rank": a.rank,
                **({"qualifier": a.qualifier} if a.qualifier else {}),
                **({"line": a.line} if a.line is not None else {}),
            }
            for a in r.anchors
        ],
        "bounds_reached": list(r.bounds_reached),
        "budget_use": r.budget_use,
        "timings_ms": {k: round(v, 2) for k, v in r.timings_ms.items()},
        "notes": list(r.notes),
    }


def _printable(value: Any) -> Any:
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, dict):
        return {printable(k): _printable(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_printable(v) for v in value]
    return value


def dumps(document: Any, *, indent: int | None = 2) -> str:
    """`document` as JSON text that always encodes as UTF-8."""
    separators = None if indent is not None else (",", ":")
    return json.dumps(_printable(document), indent=indent, ensure_ascii=False, separators=separators)


def jsonl(r: RetrievalResult) -> str:
    """`--format jsonl`: one item a line, as in the document's `items`, in rank order."""
    return "".join(dumps(item_json(i), indent=None) + "\n" for i in r.items)


def schema() -> dict[str, Any]:
    """The JSON Schema of the document."""
    return json.loads(resources.files(__package__).joinpath(SCHEMA_FILE).read_text(encoding="utf-8"))
