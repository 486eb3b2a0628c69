"""Messages built to be slow, timed: long pastes, thousands of names, whitespace runs.

    .venv/bin/python benchmarks/hostile_messages.py --repo DIR [--fuzz 400] [--seed 1]

Two parts. Whole retrievals over the checkout DIR of messages an agent may be handed (a pasted
log of thousands of dotted names, of routes, of `path:line` places, a traceback of 3,000
frames, a pytest run's 3,000 failures as evidence), each built from the checkout's own file
paths so that its names are found; then the seeds alone (anchors, facts, the evidence parsers)
on --fuzz messages of up to 20,000 repeats of one to four fragments (newlines, spaces,
`.py`, `/{`, quotes), the slowest printed. A search that is quadratic in the message shows as
seconds where the others take milliseconds (before this script: 3,000 dotted names 15.9 s,
3,000 routes 29.6 s, 20,000 CRLFs 20.6 s). Nothing is asserted: the machines are shared and
noisy.
"""

from __future__ import annotations

import argparse
import random
import time

from boundedcode.api import retrieve
from boundedcode.checkout import WorkTree, walk
from boundedcode.checkout.budgets import DEFAULT_BUDGETS, Budgets
from boundedcode.retrieve import message_seeds
from boundedcode.seeds import message_facts
from boundedcode.seeds.evidence import evidence_anchors

FRAGMENTS = [
    " ",
    "\n",
    "\r\n",
    "\t",
    ".",
    "/",
    ":",
    "'",
    '"',
    "`",
    "(",
    "{",
    "a",
    "_",
    "1",
    "-",
    "\\",
    ".py",
    "0x",
    "::",
    "line ",
    'File "',
    "    at ",
    "Error",
    "in ",
    "http://",
    "test_",
    "\\n",
    "[0m",
    "\xa0",
    ".py(1)f()",
    '{"lineno": 1, "filename": "',
    "[{",
    "<FrameSummary file ",
    "╭─[",
    'File "a.py" in f\n  1. ',
    "  1   a.php:1\n      A::f()",
    "PHP   1. f() /a.php:1",
    "ERROR a.py:1 ",
    "web:build: ",
    "1: Test command: ",
    "x" * 80,
    '{"file": "a.py", "line": 1, "message": "m"}',
    '<error line="1" file="a.c"',
    "[cause]: ",
    "--> #0  f at a.rb:1",
    "> ",
    "2024-05-01T12:34:56.1234567Z ",
    "::error file=a.ts,line=1::a%0A",
    "`a.py:1` ",
    "**",
    "[0] ",
    "0|api | ",
    " ⨯ a.js:1:1",
    "a.css:1:1 lint ━━━",
    ">>> referenced by ",
    "  at: 'f (a.js:1:1)'",
    "a.ts:1:1 - ",
    "  error - a - a.dart:1:1 - ",
    "\u2190[0m",
    "ninja: Entering directory `",
]


def _messages(paths: list[str], rnd: random.Random) -> dict[str, tuple[str, str]]:
    """Name → (message, evidence) of each whole-retrieval case, from the checkout's paths."""
    code = [p for p in paths if p.endswith((".py", ".go", ".rs", ".java", ".js", ".ts", ".rb", ".php", ".c"))]
    code = code or paths
    dotted = " ".join(
        f"{p.rsplit('.', 1)[0].replace('/', '.')}.Thing{i}" for i, p in enumerate(rnd.choices(code, k=3000))
    )
    frames = "".join(
        f'  File "/srv/app/{p}", line {rnd.randint(1, 400)}, in f{i}\n    x = call_{i}(y)\n'
        for i, p in enumerate(rnd.choices(code, k=3000))
    )
    failures = "".join(
        f"FAILED {p}::Test{i}::test_{i} - AssertionError\n" for i, p in enumerate(rnd.choices(code, k=3000))
    )
    return {
        "3,000 dotted names": ("Error in " + dotted, ""),
        "3,000 routes": (
            "Broken routes: " + " ".join(f"GET /api/v1/items/{i}/detail" for i in range(3000)),
            "",
        ),
        "3,000 path:line places": (
            "See " + " and ".join(f"{p}:{rnd.randint(1, 300)}" for p in rnd.choices(code, k=3000)),
            "",
        ),
        "traceback of 3,000 frames": (
            "Traceback (most recent call last):\n" + frames + "ValueError: boom\n",
            "",
        ),
        "3,000 failures as evidence": ("Tests fail", failures),
        "40,000 blank lines": ("It fails\n" + "\r\n" * 40000 + "after the blank lines", ""),
    }


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--repo", required=True, help="a checkout to retrieve in")
    ap.add_argument("--fuzz", type=int, default=400, help="seeds-only messages of repeated fragments")
    ap.add_argument("--seed", type=int, default=1)
    args = ap.parse_args()
    rnd = random.Random(args.seed)
    paths = walk(WorkTree(args.repo), DEFAULT_BUDGETS).paths
    budgets = Budgets(time_s=120.0)  # the work itself, not where the budget stops it
    retrieve("warm up the imports", args.repo)
    print("whole retrievals (ms; the stages over 20 ms):")
    for name, (message, evidence) in _messages(paths, rnd).items():
        start = time.perf_counter()
        result = retrieve(message, args.repo, evidence=(evidence,) if evidence else (), budgets=budgets)
        ms = (time.perf_counter() - start) * 1000
        stages = {k: round(v) for k, v in result.timings_ms.items() if v > 20 and k != "total"}
        print(f"  {name:28s} {len(message) + len(evidence):7,d} chars {ms:7.0f} ms  {stages}")
    slowest = []
    for _ in range(args.fuzz):
        fragments = rnd.sample(FRAGMENTS, rnd.randint(1, 4))
        text = "".join(rnd.choice(fragments) for _ in range(rnd.choice([2000, 8000, 20000])))
        start = time.perf_counter()
        shown, anchors = message_seeds(text)
        message_facts(shown, anchors)
        evidence_anchors(text)
        slowest.append(((time.perf_counter() - start) * 1000, fragments, len(text)))
    slowest.sort(key=lambda s: -s[0])
    print(f"seeds of {args.fuzz} messages of repeated fragments, the five slowest:")
    for ms, fragments, size in slowest[:5]:
        print(f"  {ms:7.0f} ms  {size:6,d} chars of {fragments!r}")


if __name__ == "__main__":
    main()
