"""The lexical pieces of the chain: term modes, hit lines, aliases, registrations.

Pure functions over bytes and strings. This is a lexical heuristic, not type
resolution: an alias is an identifier written to the left of a simple
assignment of the term, a registration is a call or declaration of a function
whose name starts with a configured prefix.

A term is the scan's `Needle`: a whole word when it is a valid identifier by
C's rule (`is_identifier(strict=True)`: ASCII letters, digits and `_`), else a
fixed, case-sensitive string. A whole word here ends where an ASCII letter,
digit or `_` does, so `$X` and `éX` hold the word `X`.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ..lang.identifiers import is_identifier
from ..scan.base import Needle

__all__ = [
    "WORD",
    "FIXED",
    "term_needle",
    "mode",
    "hit_lines",
    "split_lines",
    "alias_name",
    "registration_sites",
]

WORD = "word"  # a valid identifier, matched as a whole word
FIXED = "fixed"  # anything else, matched as a fixed, case-sensitive string

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


def term_needle(term: str) -> Needle:
    """The needle a search term is searched as: a whole word or a fixed string."""
    return Needle(term, word=is_identifier(term, strict=True))


def mode(needle: Needle) -> str:
    """The needle's mode as the result names it."""
    return WORD if needle.word else FIXED


@lru_cache(maxsize=64)
def _compiled(needle: Needle) -> tuple[bytes, re.Pattern[bytes]]:
    raw = needle.text.encode()
    if needle.word:
        return raw, re.compile(rb"(?<![%s])%s(?![%s])" % (_WORD_CHAR, re.escape(raw), _WORD_CHAR))
    return raw, re.compile(re.escape(raw))


def hit_lines(data: bytes, needle: Needle) -> list[int]:
    """The distinct 1-based lines of `data` on which `needle` occurs, in order."""
    raw, pattern = _compiled(needle)
    if raw not in data:  # a C-speed substring test rules out most files
        return []
    lines: list[int] = []
    line, pos = 1, 0
    for match in pattern.finditer(data):
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
