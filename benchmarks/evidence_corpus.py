"""Replay the captured evidence corpus through the parsers and `bcode retrieve --evidence`.

    .venv/bin/python benchmarks/evidence_corpus.py [--fixtures tests/fixtures/evidence] [--misses]

The corpus (tests/fixtures/evidence/corpus.toml) names, for every captured fixture, its tool,
its language, the in-repository frames of each trace it holds (innermost first) and the other
places (diagnostics) it must give, as paths of the checkout. For each fixture a checkout is
built holding those files, plus a decoy of each base name in another folder; the fixture's
absolute paths are from the capturing machine, so only their last components can match. The
fixture is then given as --evidence to `bcode retrieve --json`, and the figures are:

- location recall: expected places that an item of the result carries (its `lines`);
- innermost first: traces whose innermost frame is the first of their places in the result
  (items in order, each item's lines in order);
- the same recall on the parsers' own output, resolved onto the checkout, to tell a parser
  miss from a ranking miss.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
import tempfile
import tomllib
from dataclasses import dataclass, field
from pathlib import Path

from boundedcode.cli import main as bcode
from boundedcode.lang.diagnostics import parse_diagnostics
from boundedcode.lang.frames import parse_frames
from boundedcode.strategies.base import PathIndex
from boundedcode.strategies.stack_trace import resolve_located

FIXTURES = Path(__file__).resolve().parents[1] / "tests" / "fixtures" / "evidence"
#: The task the agent was given: neutral, so that only the evidence points anywhere.
MESSAGE = "The run below failed; fix it."
#: Lines written after the last expected line of a checkout file.
PADDING_LINES = 5
#: Where each file's decoy (same base name, another folder) is put.
DECOY_FOLDER = "elsewhere"


@dataclass(frozen=True)
class Case:
    fixture: str
    tool: str
    language: str
    traces: tuple[tuple[tuple[str, int], ...], ...]
    places: tuple[tuple[str, int], ...]
    decoys: tuple[str, ...] = ()  # files the checkout holds that no place may point into

    @property
    def expected(self) -> list[tuple[str, int]]:
        """Every place the fixture must give, in the corpus's order, each once."""
        return list(dict.fromkeys([p for t in self.traces for p in t] + list(self.places)))


@dataclass
class Score:
    cases: int = 0
    expected: int = 0
    found: int = 0
    parsed: int = 0
    traces: int = 0
    innermost_first: int = 0
    crashes: list[str] = field(default_factory=list)
    misses: list[str] = field(default_factory=list)
    decoys_given: int = 0
    tools: set[str] = field(default_factory=set)
    languages: set[str] = field(default_factory=set)

    def figures(self) -> dict[str, float | int]:
        return {
            "fixtures": self.cases,
            "tools": len(self.tools),
            "languages": len(self.languages),
            "traces": self.traces,
            "expected places": self.expected,
            "location recall": round(self.found / self.expected, 4) if self.expected else 0.0,
            "parser recall": round(self.parsed / self.expected, 4) if self.expected else 0.0,
            "innermost frame first": round(self.innermost_first / self.traces, 4) if self.traces else 0.0,
            "decoys given": self.decoys_given,
            "crashes": len(self.crashes),
        }


def _place(text: str) -> tuple[str, int]:
    path, _, line = text.rpartition(":")
    return path, int(line)


def load_corpus(fixtures: Path = FIXTURES) -> list[Case]:
    with open(fixtures / "corpus.toml", "rb") as f:
        data = tomllib.load(f)
    return [
        Case(
            name,
            entry["tool"],
            entry["language"],
            tuple(tuple(_place(p) for p in trace) for trace in entry.get("traces", [])),
            tuple(_place(p) for p in entry.get("places", [])),
            tuple(entry.get("decoys", [])),
        )
        for name, entry in sorted(data.items())
    ]


def checkout_files(case: Case) -> dict[str, str]:
    """The named files, long enough for their lines, and one decoy per base name elsewhere."""
    longest: dict[str, int] = {}
    for path, line in case.expected:
        longest[path] = max(longest.get(path, 0), line)
    files = {
        path: "".join(f"line {n}\n" for n in range(1, last + PADDING_LINES)) for path, last in longest.items()
    }
    for path in list(files):
        decoy = f"{DECOY_FOLDER}/{path.rpartition('/')[2]}"
        files.setdefault(decoy, files[path])
    for decoy in case.decoys:
        files.setdefault(decoy, "".join(f"line {n}\n" for n in range(1, 100)))
    return files


def _write(root: Path, files: dict[str, str]) -> None:
    for rel, text in files.items():
        target = root / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(text)


def retrieved_places(root: Path, evidence: Path) -> list[tuple[str, int]]:
    """The places `bcode retrieve --json --evidence` gives, items in order, lines in order."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        status = bcode(["retrieve", MESSAGE, "--repo", str(root), "--evidence", str(evidence), "--json"])
    if status not in (0, 1):  # 1: no place found, a figure; anything else is an error
        raise RuntimeError(f"bcode exited {status}")
    items = json.loads(out.getvalue())["items"] if out.getvalue().strip() else []
    return [(it["path"], line) for it in items for line in (it.get("lines") or [it["line"]]) if line]


def parsed_places(text: str, paths: list[str]) -> set[tuple[str, int]]:
    """The parsers' frames and diagnostics, resolved onto the checkout as the strategies do."""
    index = PathIndex(sorted(paths))
    found: set[tuple[str, int]] = set()
    for frame in parse_frames(text):
        for path in resolve_located(index, frame.path, frame.package):
            found.add((path, frame.line or 0))
    for diagnostic in parse_diagnostics(text):
        for path in resolve_located(index, diagnostic.path):
            found.add((path, diagnostic.line))
    return found


def score_case(case: Case, fixtures: Path, score: Score) -> None:
    score.cases += 1
    score.tools.add(case.tool)
    score.languages.add(case.language)
    evidence = fixtures / case.fixture
    files = checkout_files(case)
    expected = case.expected
    score.expected += len(expected)
    score.traces += len(case.traces)
    parsed = parsed_places(evidence.read_bytes().decode("utf-8", "replace"), list(files))
    score.parsed += sum(p in parsed for p in expected)
    with tempfile.TemporaryDirectory() as tmp:
        _write(Path(tmp), files)
        try:
            shown = retrieved_places(Path(tmp), evidence)
        except Exception as exc:  # a crash is a figure of its own, not the end of the run
            score.crashes.append(f"{case.fixture}: {exc!r}")
            shown = []
    found = set(shown)
    for path, line in dict.fromkeys(shown):
        if path in case.decoys or path.startswith(DECOY_FOLDER + "/"):
            score.decoys_given += 1
            score.misses.append(f"{case.fixture}: decoy {path}:{line} given")
    for path, line in expected:
        if (path, line) in found:
            score.found += 1
        else:
            score.misses.append(f"{case.fixture}: {path}:{line} not given")
    for trace in case.traces:
        members = set(trace)
        first = next((p for p in shown if p in members), None)
        if first == trace[0]:
            score.innermost_first += 1
        else:
            score.misses.append(f"{case.fixture}: trace {trace[0][0]}:{trace[0][1]} not first (got {first})")


def score_corpus(fixtures: Path = FIXTURES) -> Score:
    score = Score()
    for case in load_corpus(fixtures):
        score_case(case, fixtures, score)
    return score


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--fixtures", type=Path, default=FIXTURES)
    ap.add_argument("--misses", action="store_true", help="list every place not given")
    args = ap.parse_args(argv)
    score = score_corpus(args.fixtures)
    for name, value in score.figures().items():
        print(f"{name:>22}: {value}")
    for crash in score.crashes:
        print(f"crash: {crash}")
    if args.misses:
        for miss in score.misses:
            print(f"miss: {miss}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
