"""The bounded track's evidence: a task's fail_to_pass ids as its test runner prints failures.

The datasets spell test ids the way each ecosystem's runner names them; each
entry of `FORMATS` recognises one spelling (by language and shape) and writes
the line(s) that runner prints for a failure. Ids no entry recognises get the
generic `FAILED <id>`. Only the ids are used: nothing from the fix or its test
files leaks in.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Callable, Sequence

from ..lazyre import compile_static

__all__ = ["failure_output", "FORMATS"]

UNITTEST_RULE = "=" * 70
UNITTEST_SUB_RULE = "-" * 70
JS_LANGUAGES = frozenset({"javascript", "typescript"})
JEST_BULLET = "  \u25cf "  # "  ● describe › test"
JEST_SEPARATOR = " \u203a "
ANY: frozenset[str] = frozenset()  # an entry for every language


def _words_to_camel(words: str, lower_first: bool) -> str:
    parts = re.findall(r"[A-Za-z0-9]+", words)
    camel = "".join(p[:1].upper() + p[1:] for p in parts)
    return camel[:1].lower() + camel[1:] if lower_first else camel


def _phpunit(m: re.Match, n: int) -> list[str]:
    # The datasets give PHPUnit's testdox ("Cache Array Store > Cache ttl"); PHPUnit's
    # failure list names Class::method, which testdox was derived from (case is lossy).
    test, _, data_set = m.group(2).partition(" with data set ")
    method = "test" + _words_to_camel(test, lower_first=False)
    suffix = f" with data set {data_set}" if data_set else ""
    return [f"{n}) {_words_to_camel(m.group(1), lower_first=False)}Test::{method}{suffix}"]


@dataclass(frozen=True)
class Format:
    runner: str
    languages: frozenset[str]
    pattern: re.Pattern[str]
    render: Callable[[re.Match, int], list[str]]  # (the id's match, its 1-based number) -> lines


FORMATS: tuple[Format, ...] = (
    Format(
        "pytest",
        frozenset({"python"}),
        compile_static(r"^\S+\.py::.+$"),
        lambda m, n: [f"FAILED {m.group()}"],
    ),
    Format(
        "unittest",
        frozenset({"python"}),
        compile_static(r"^(\w+) \(([\w.]+)\)$"),
        lambda m, n: [UNITTEST_RULE, f"FAIL: {m.group()}", UNITTEST_SUB_RULE],
    ),
    Format(
        "go test",
        frozenset({"go"}),
        compile_static(r"^(?:Test|Example|Benchmark|Fuzz)\w*(?:/\S*)?$"),
        lambda m, n: [f"--- FAIL: {m.group()} (0.00s)"],
    ),
    Format(
        "cargo test",
        frozenset({"rust"}),
        compile_static(r"^[A-Za-z_]\w*(?:::\w+)*$"),
        lambda m, n: [f"test {m.group()} ... FAILED"],
    ),
    Format(
        "googletest",
        frozenset({"c", "cpp"}),
        compile_static(r"^[A-Za-z_]\w*(?:/\w+)?\.[A-Za-z_]\w*(?:/\d+)?$"),
        lambda m, n: [f"[  FAILED  ] {m.group()} (0 ms)"],
    ),
    Format(
        "ctest",
        frozenset({"cpp"}),
        compile_static(r"^[\w.-]+$"),
        lambda m, n: [f"{n:>3} - {m.group()} (Failed)"],
    ),
    Format(
        "redis test suite", frozenset({"c"}), compile_static(r"^.+$"), lambda m, n: [f"[err]: {m.group()}"]
    ),
    Format(
        "gradle",
        frozenset({"java"}),
        compile_static(r"^([\w.$]+) > (.+)$"),
        lambda m, n: [f"{m.group(1)} > {m.group(2)} FAILED"],
    ),
    Format(
        "surefire",
        frozenset({"java"}),
        compile_static(r"^([\w.$]+)#(.+)$"),
        lambda m, n: [f"[ERROR] {m.group(2)}({m.group(1)})  Time elapsed: 0.01 s  <<< FAILURE!"],
    ),
    Format(
        "junit",
        frozenset({"java"}),
        compile_static(r"^(.+)\(([\w.$]+)\)$"),
        lambda m, n: [f"[ERROR] {m.group()}  Time elapsed: 0.01 s  <<< FAILURE!"],
    ),
    Format(
        "vitest",
        JS_LANGUAGES,
        compile_static(r"^(\S+\.[cm]?[jt]sx?) > (.+)$"),
        lambda m, n: [f" FAIL  {m.group()}"],
    ),
    Format(
        "jest",
        JS_LANGUAGES,
        compile_static(r"^.+$"),
        lambda m, n: [JEST_BULLET + m.group().replace(" > ", JEST_SEPARATOR)],
    ),
    Format("phpunit", frozenset({"php"}), compile_static(r"^(.+?) > (.+)$"), _phpunit),
    Format(
        "rspec",
        frozenset({"ruby"}),
        compile_static(r"^(.*) - (\./\S+\.rb(?:\[[\d:]+\]|:\d+))$"),
        lambda m, n: [f"rspec {m.group(2)} # {m.group(1)}"],
    ),
    Format(
        "minitest",
        frozenset({"ruby"}),
        compile_static(r"^(\w+(?:::\w+)*)#(test_.*)$"),
        lambda m, n: [f"  {n}) Failure:", f"{m.group()}:"],
    ),
    Format(
        "cucumber",
        frozenset({"ruby"}),
        compile_static(r"^(\S+\.feature:\d+)\s+(.*)$"),
        lambda m, n: [f"cucumber {m.group(1)} # {m.group(2)}"],
    ),
    Format(
        "rspec",
        frozenset({"ruby"}),
        compile_static(r"^.+$"),
        lambda m, n: (["Failures:", ""] if n == 1 else []) + [f"  {n}) {m.group()}"],
    ),
    Format("generic", ANY, compile_static(r"^.+$"), lambda m, n: [f"FAILED {m.group()}"]),
)


def failure_output(language: str, test_ids: Sequence[str]) -> str:
    """What the task's runner prints for `test_ids` failing; '' when there are none."""
    lines: list[str] = []
    for number, test_id in enumerate((t.strip() for t in test_ids if t.strip()), 1):
        for fmt in FORMATS:
            if fmt.languages and language not in fmt.languages:
                continue
            match = fmt.pattern.match(test_id)
            if match:
                lines.extend(fmt.render(match, number))
                break
    return "\n".join(lines)
