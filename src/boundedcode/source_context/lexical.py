"""The lexical pieces of the chain: term modes, hit lines, aliases, registrations, windows.

Pure functions over bytes and strings. This is a lexical heuristic, not type
resolution: an alias is an identifier written to the left of a simple
assignment of the term, a registration is a call or declaration of a function
whose name starts with a configured prefix.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

__all__ = [
    "WORD",
    "FIXED",
    "Needle",
    "is_identifier",
    "hit_lines",
    "split_lines",
    "alias_name",
    "registration_sites",
    "merge_windows",
]

WORD = "word"  # a valid identifier, matched as a whole word
FIXED = "fixed"  # anything else, matched as a fixed, case-sensitive string

_IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*\Z")
_WORD_CHAR = rb"A-Za-z0-9_"
_ID = r"[A-Za-z_][A-Za-z0-9_]*"
_TYPE = r"[\w:<>\[\]&*.]+"  # one word of a type annotation: `u32`, `std::string`, `int[]`
# After the assigned term: an optional `,` (enum member, object key) or `;`, then
# at most a trailing comment in C-like, Python/shell or SQL/Lua style.
_END = r"\s*[,;]?\s*(?:(?://|/\*|#|--).*)?$"

#: A simple assignment is short; longer lines are not tried (the patterns backtrack).
ALIAS_LINE_CHARS = 300

#: Keywords and built-in type names: in `var X int = 1` or `x: number = 1` they can
#: sit where the lexical patterns expect a name, and are never an alias.
NOT_ALIASES = frozenset(
    {
        "auto",
        "bool",
        "byte",
        "case",
        "char",
        "const",
        "default",
        "double",
        "final",
        "float",
        "int",
        "int8",
        "int16",
        "int32",
        "int64",
        "let",
        "local",
        "long",
        "number",
        "public",
        "private",
        "protected",
        "return",
        "short",
        "signed",
        "static",
        "string",
        "str",
        "u8",
        "u16",
        "u32",
        "u64",
        "i8",
        "i16",
        "i32",
        "i64",
        "uint",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "unsigned",
        "usize",
        "isize",
        "var",
        "void",
    }
)


def is_identifier(term: str) -> bool:
    return bool(_IDENTIFIER.match(term))


@dataclass(frozen=True)
class Needle:
    """One search term compiled for its mode."""

    term: str
    mode: str
    raw: bytes
    pattern: re.Pattern[bytes]

    @classmethod
    def for_term(cls, term: str) -> Needle:
        raw = term.encode()
        if is_identifier(term):
            pattern = re.compile(rb"(?<![%s])%s(?![%s])" % (_WORD_CHAR, re.escape(raw), _WORD_CHAR))
            return cls(term, WORD, raw, pattern)
        return cls(term, FIXED, raw, re.compile(re.escape(raw)))


def hit_lines(data: bytes, needle: Needle) -> list[int]:
    """The distinct 1-based lines of `data` on which `needle` occurs, in order."""
    if needle.raw not in data:  # a C-speed substring test rules out most files
        return []
    lines: list[int] = []
    line, pos = 1, 0
    for match in needle.pattern.finditer(data):
        line += data.count(b"\n", pos, match.start())
        pos = match.start()
        if not lines or lines[-1] != line:
            lines.append(line)
    return lines


def split_lines(data: bytes) -> list[str]:
    """Lines numbered as `hit_lines` counts them: split at `\\n` only, `\\r` dropped."""
    text = data.decode("utf-8", errors="replace")
    lines = text.split("\n")
    if lines and lines[-1] == "":
        lines.pop()
    return [line[:-1] if line.endswith("\r") else line for line in lines]


def _alias_patterns(term: str) -> list[re.Pattern[str]]:
    t = re.escape(term)
    return [
        # #define X 23487   /   #define X (23487)
        re.compile(rf"^\s*#\s*define\s+(?P<name>{_ID})\s+\(?{t}\)?{_END}"),
        # Go: var X int = 23487
        re.compile(rf"^\s*(?:var|const)\s+(?P<name>{_ID})\s+[\w.\[\]*]+\s*=\s*{t}{_END}"),
        # X = 23487, const uint32 X = 23487;, X: 23487, X := 23487, x: number = 23487,
        # SET @X := 23487;  -- declaration words may precede the name; `==` never matches.
        re.compile(
            rf"^\s*(?:[A-Za-z_][\w:<>,*&\[\]\s]*?\s+)??[@$]?(?P<name>{_ID})\s*"
            rf"(?::(?!:)\s*{_TYPE}(?:\s+{_TYPE})*\s*)?(?::=|=|:)(?!=)\s*{t}{_END}"
        ),
    ]


def alias_name(line: str, term: str) -> str | None:
    """The identifier `line` assigns the whole term to, or None."""
    if len(line) > ALIAS_LINE_CHARS:
        return None
    for pattern in _alias_patterns(term):
        match = pattern.match(line)
        if match and match.group("name") != term and match.group("name") not in NOT_ALIASES:
            return match.group("name")
    return None


def registration_sites(data: bytes, prefixes: tuple[str, ...]) -> list[tuple[str, int]]:
    """(name, line) of every call or declaration `PREFIXname(` in `data`, in order."""
    if not prefixes or not any(p.encode() in data for p in prefixes):
        return []
    alternatives = b"|".join(re.escape(p.encode()) for p in prefixes)
    pattern = re.compile(rb"(?<![%s])((?:%s)[%s]+)\s*\(" % (_WORD_CHAR, alternatives, _WORD_CHAR))
    sites: list[tuple[str, int]] = []
    line, pos = 1, 0
    for match in pattern.finditer(data):
        line += data.count(b"\n", pos, match.start())
        pos = match.start()
        sites.append((match.group(1).decode(), line))
    return sites


def merge_windows(anchors: list[int], context: int, last_line: int) -> list[tuple[int, int]]:
    """Inclusive line ranges `context` lines around each anchor; overlapping or adjacent merged."""
    merged: list[tuple[int, int]] = []
    for line in sorted(set(anchors)):
        start, end = max(1, line - context), min(last_line, line + context)
        if merged and start <= merged[-1][1] + 1:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged
