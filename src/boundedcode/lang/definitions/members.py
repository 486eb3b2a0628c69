"""The type around one line and its member functions, read from the text's indentation.

A place shown at a class's header, or at a field or doc block in its body, names the class; a
report is most often about one of its methods. `type_around` tells, for one line, whether it is
such a place, and gives the type's member functions at the body's outer level with the lines
each spans, so that a caller can point at the member the message's words are in.

It reads indentation and the line patterns (`lines.py`), never a parse: a file of a block is
read this way in well under a millisecond, where tree-sitter's definitions of a block's files
cost tens of milliseconds a query. So it knows conventionally laid out code: a body indented
deeper than its header, a closing brace or `end` back at the header's level, a brace alone on
the line after a header. Anything else gives None, and the place stays where it was.
"""

from __future__ import annotations

import functools
from typing import NamedTuple, Sequence

from .kinds import TYPE_KINDS, indentation
from .lines import definitions_on_lines

__all__ = ["Member", "TypeMembers", "type_around", "type_around_in", "functions_in"]

#: Lines looked through upward for the header of the type around a line: past it, the place stays.
MAX_HEADER_LINES = 3000
#: A top-level line's file longer than this keeps the place: the line patterns over every line
#: are the cost (C's 10,653-line module.c: 31 ms; a 5,000-line file: some 15 ms in C, 2 ms in Python).
MAX_TOP_LEVEL_LINES = 5000
#: Kinds of definition a member can be: what a report's fix is most often in.
MEMBER_KINDS = frozenset({"function", "method"})


class Member(NamedTuple):
    name: str
    first: int  # its definition's line (1-based)
    last: int  # the line before the next member at its level, or the type's last


class TypeMembers(NamedTuple):
    name: str
    header: int  # the type's definition line (1-based)
    members: tuple[Member, ...]  # at the body's outer level, in line order


def _defines(language: str, line: str) -> tuple[str, str] | None:
    """(kind, name) of the first definition on one line, by the line patterns; None for none."""
    found = definitions_on_lines(language, (line,))
    return (found[0].kind, found[0].name) if found else None


#: What `_header` answers for a line at a module's top level: no type or function encloses it.
_TOP = (0, "")


def _header(language: str, lines: Sequence[str], line: int) -> tuple[int, str] | None:
    """The line and name of the type whose header or body holds `line`, or `_TOP` for a line at
    the module's top level: each line above at a lesser indentation than the last is the header
    of a block around it, and the first of them that defines something decides (a brace alone
    stands for the line before it); a line that reaches the left margin so is at the top level.
    None where a function's header is the first found, or the line defines anything but a type."""
    own = _defines(language, lines[line - 1])
    if own is not None:
        return (line, own[1]) if own[0] in TYPE_KINDS else None
    level = indentation(lines[line - 1]) if lines[line - 1].strip() else 1 << 30
    if level == 0:
        return _TOP
    for at in range(line - 1, max(0, line - 1 - MAX_HEADER_LINES), -1):
        text = lines[at - 1]
        if not text.strip() or indentation(text) >= level:
            continue
        level = indentation(text)
        header = at
        if text.strip() == "{":  # the brace of the header above (C#, PHP, Allman style)
            header = next((i for i in range(at - 1, 0, -1) if lines[i - 1].strip()), 0)
            if not header:
                return None
        found = _defines(language, lines[header - 1])
        if found is not None:
            return (header, found[1]) if found[0] in TYPE_KINDS else None
        if level == 0:
            return _TOP
    return None


def _last_line(lines: Sequence[str], header: int) -> int:
    """The type's last line that is not blank: before the first line back at its header's level
    (that line itself when it closes the body: `}`, `end`), a brace alone on the next line aside."""
    level, last = indentation(lines[header - 1]), len(lines)
    for at in range(header + 1, len(lines) + 1):
        text = lines[at - 1].strip()
        if text and indentation(lines[at - 1]) <= level and text != "{":
            last = at if text[0] in "})]" or text == "end" or text.startswith("end ") else at - 1
            break
    while last > header and not lines[last - 1].strip():  # the blank lines before what follows
        last -= 1
    return last


def _in_body(language: str, lines: Sequence[str], header: int, last: int) -> tuple[Member, ...]:
    """The functions at the outer level of the body of the type at `header`, each to the next."""
    body = definitions_on_lines(language, lines[header:last])
    starts = [(header + d.line, d.name) for d in body if d.kind in MEMBER_KINDS]
    if not starts:
        return ()
    level = min(indentation(lines[first - 1]) for first, _ in starts)
    outer = [(first, n) for first, n in starts if indentation(lines[first - 1]) == level]
    return tuple(
        Member(n, first, outer[i + 1][0] - 1 if i + 1 < len(outer) else last)
        for i, (first, n) in enumerate(outer)
    )


def _top_level(language: str, lines: Sequence[str]) -> tuple[Member, ...]:
    """Every function and method of the file, each to the line before the next definition at its
    indentation or less (a function holds the ones nested in it), blank lines after it aside."""
    out: list[Member] = []
    open_: list[tuple[str, int, int]] = []  # functions not yet ended: name, first line, indentation

    def end(before: int) -> None:
        name, first, _ = open_.pop()
        last = before - 1
        while last > first and not lines[last - 1].strip():
            last -= 1
        out.append(Member(name, first, last))

    for d in definitions_on_lines(language, lines):
        level = indentation(lines[d.line - 1])
        while open_ and open_[-1][2] >= level and open_[-1][1] < d.line:
            end(d.line)
        if d.kind in MEMBER_KINDS:
            open_.append((d.name, d.line, level))
    while open_:
        end(len(lines) + 1)
    return tuple(sorted(out, key=lambda m: m.first))


def _functions(language: str, lines: Sequence[str]) -> tuple[Member, ...]:
    """`_top_level`'s functions, none for a file over MAX_TOP_LEVEL_LINES."""
    return _top_level(language, lines) if len(lines) <= MAX_TOP_LEVEL_LINES else ()


def type_around(language: str, lines: Sequence[str], line: int) -> TypeMembers | None:
    """The type `line` (1-based) is the header of, or lies in the body of outside its member
    functions, with those members; for a line at the module's top level that defines nothing (an
    import, a statement), every function of the file, under the name "" and header 0. None
    otherwise: inside a function, a definition other than a type's, no function to point at, or
    text the patterns do not read."""
    if not 1 <= line <= len(lines):
        return None
    found = _header(language, lines, line)
    if found is None:
        return None
    header, name = found
    if found == _TOP:
        members = _functions(language, lines)
    else:
        last = _last_line(lines, header)
        if not header <= line <= last:
            return None
        members = _in_body(language, lines, header, last)
    if not members or any(m.first <= line <= m.last for m in members):
        return None
    return TypeMembers(name, header, members)


# A warm host shows the same files' places on many queries; bytes cache their hash, so a repeated
# lookup costs neither the decoding nor the reading again. As many files as the definitions keep.
@functools.lru_cache(maxsize=256)
def type_around_in(language: str, data: bytes, line: int) -> TypeMembers | None:
    """`type_around` of a file's contents (UTF-8, undecodable bytes replaced)."""
    return type_around(language, data.decode("utf-8", "replace").split("\n"), line)


@functools.lru_cache(maxsize=256)
def functions_in(language: str, data: bytes) -> TypeMembers | None:
    """Every function and method of a file's contents (as for a line at its top level), under the
    name "" and header 0; None for none, or a file over MAX_TOP_LEVEL_LINES."""
    if data.count(b"\n") >= MAX_TOP_LEVEL_LINES:  # over the cap: not decoded and split for nothing
        return None
    members = _functions(language, data.decode("utf-8", "replace").split("\n"))
    return TypeMembers("", 0, members) if members else None
