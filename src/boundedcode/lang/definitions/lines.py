"""The line engine: does one source line define a name, and every definition line of a file.

`definition_kind` is what the content scan's callers run on thousands of
candidate lines, so it never parses: it applies the language's precompiled
patterns (`patterns.py`) to the one line.
"""

from __future__ import annotations

import functools
import re
from itertools import compress, count
from typing import Callable, Iterable, NamedTuple, Sequence

from ...lazyre import compile_static
from .kinds import Definition, refine, split_qualified, type_name
from .patterns import LINE_TABLES

__all__ = [
    "definition_kind",
    "could_define",
    "could_define_lines",
    "compile_rules",
    "line_definitions",
    "definitions_on_lines",
    "names_defined",
    "constant_kinds",
    "inside_parentheses",
]


class _CompiledRule(NamedTuple):
    pattern: re.Pattern[str]
    kind: str
    indented: str | None
    keywords: dict[str, str]


@functools.cache
def _compiled_rules(language: str) -> tuple[_CompiledRule, ...]:
    """Compiled once per language, on first use, so importing the module compiles nothing."""
    table = LINE_TABLES.get(language)
    if table is None:
        return ()
    return tuple(
        _CompiledRule(compile_static(r.pattern, r.flags), r.kind, r.indented, dict(r.keywords))
        for r in table.rules
    )


_GROUP_NAME = compile_static(r"\(\?P<\w+>")


@functools.cache
def _any_rule(language: str) -> re.Pattern[str] | None:
    """The language's rules as one alternation with unnamed groups: it matches a line exactly
    when some rule does, so a line no rule matches (most scan hits) costs one match, not one a
    rule (Python: 5, C++: 12). None where a rule's flags cannot be scoped to it."""
    table = LINE_TABLES.get(language)
    if table is None:
        return None
    parts = []
    for rule in table.rules:
        if rule.flags & ~re.IGNORECASE:
            return None
        body = _GROUP_NAME.sub("(?:", rule.pattern)
        parts.append(f"(?i:{body})" if rule.flags else f"(?:{body})")
    return compile_static("|".join(parts))


def compile_rules(language: str) -> None:
    """`language`'s rules compiled now (a long-lived host, before its queries): the first query
    in a language otherwise compiles them (Java's: 4 ms, C++'s: 7 ms)."""
    _compiled_rules(language)
    _any_rule(language)


_NAME_SEPARATOR = compile_static(r"[^\w$?!]+")  # between the names of a `names` group: `a, b`, `:a, :b`


class _LineHit(NamedTuple):
    names: tuple[str, ...]
    kind: str
    container: str | None
    qualified: str | None  # the whole qualified name, when the line wrote one


def has_line_rules(language: str) -> bool:
    """Whether `language` has line rules: `definition_kind` finds no definition in any other."""
    return language in LINE_TABLES


def could_define(language: str) -> Callable[[str], object] | None:
    """A test to run before `definition_kind` over many lines of one language: a line it gives
    a false value defines nothing there (the rules' one alternation, matched; none of the calls
    `definition_kind` makes per line). None when it cannot tell: every line is to be asked."""
    any_rule = _any_rule(language)
    return None if any_rule is None else any_rule.match


def could_define_lines(language: str, lines: Iterable[str]) -> list[int] | None:
    """The 1-based numbers of the `lines` `could_define(language)` lets through, the rules' one
    alternation matched a line at a time in C (no Python call a line); None when it cannot tell."""
    any_rule = _any_rule(language)
    return None if any_rule is None else list(compress(count(1), map(any_rule.match, lines)))


def _no_rule_matches(language: str, line: str) -> bool:
    """What the rules' one alternation says at once: no rule can match `line` (most scan hits)."""
    any_rule = _any_rule(language)
    return any_rule is not None and any_rule.match(line) is None


def _match_line(language: str, line: str) -> _LineHit | None:
    return None if _no_rule_matches(language, line) else _match_rules(language, line)


def _match_rules(language: str, line: str) -> _LineHit | None:
    for rule in _compiled_rules(language):
        match = rule.pattern.match(line)
        if match is None:
            continue
        groups = match.groupdict()
        keyword = groups.get("kw")
        kind = rule.keywords.get(" ".join(keyword.split()).lower(), rule.kind) if keyword else rule.kind
        if kind == rule.kind and rule.indented is not None and line[:1] in (" ", "\t"):
            kind = rule.indented
        container = type_name(groups["container"]) if groups.get("container") else None
        qualified = None
        if groups.get("names"):
            names = tuple(n for n in _NAME_SEPARATOR.split(groups["names"]) if n)
        elif groups.get("qname"):
            qualified = groups["qname"].strip()
            name, container = split_qualified(qualified)
            names = (name,)
        else:
            names = (groups["name"],)
        if container == "self":
            container = None
        return _LineHit(names, kind, container, qualified)
    return None


def _hit_kind(language: str, hit: _LineHit, name: str) -> str:
    table = LINE_TABLES[language]
    return refine(hit.kind, name, table.qualifier_kind if hit.container else None, table.constant_kinds)


@functools.cache
def _no_definition(language: str) -> re.Pattern[str]:
    return compile_static(LINE_TABLES[language].no_definition)


def _cannot_define(language: str, line: str, name: str) -> bool:
    """A shortcut before the rules, exact (a property test holds it to that): the line is a comment
    or a `return`, or uses `name` only as `x.name` or `x->name` where no rule defines such a name."""
    if _no_definition(language).match(line):
        return True
    return not LINE_TABLES[language].dotted and _only_as_member(line, name)


def _only_as_member(line: str, name: str) -> bool:
    """Whether every occurrence of `name` in `line` follows `.` or `>` (`obj.name`, `obj->name`)."""
    start = line.find(name)
    while start != -1:
        if start == 0 or line[start - 1] not in ".>":
            return False
        start = line.find(name, start + 1)
    return True


def definition_kind(language: str, line_text: str, name: str) -> str | None:
    """FAST, regex-only, one source line: if this line defines `name` in `language`, the kind, else None."""
    if name not in line_text or language not in LINE_TABLES:
        return None
    # The rules' one alternation before the shortcut's Python loop: both only ever say "no
    # definition", so the order is free, and the alternation rejects most lines alone.
    if _no_rule_matches(language, line_text) or _cannot_define(language, line_text, name):
        return None
    hit = _match_rules(language, line_text)
    if hit is None or (name not in hit.names and name != hit.qualified):
        return None
    return _hit_kind(language, hit, hit.names[-1] if name == hit.qualified else name)


def names_defined(language: str, line: str) -> tuple[str, ...]:
    """The names one source line defines as the rules read it (their first match), none where no
    rule matches: `definition_kind(language, line, name)` finds a kind only for one of these, or
    for the line's qualified name (`Ledger.post`, never one identifier)."""
    hit = _match_line(language, line)
    return () if hit is None else hit.names


def line_definitions(language: str, text: str) -> list[Definition]:
    """Every definition the line rules find in `text`, in line order."""
    return definitions_on_lines(language, text.split("\n"))


def definitions_on_lines(language: str, lines: Sequence[str]) -> list[Definition]:
    """`line_definitions` of text already split into `lines` (numbered from 1). The lines no rule
    can match are passed over in C (`could_define_lines`), not asked one Python call a line."""
    candidates = could_define_lines(language, lines)
    found: list[Definition] = []
    for number in range(1, len(lines) + 1) if candidates is None else candidates:
        line = lines[number - 1]
        hit = _match_line(language, line) if candidates is None else _match_rules(language, line)
        if hit is not None:
            found.extend(Definition(n, number, _hit_kind(language, hit, n), hit.container) for n in hit.names)
    return found


def constant_kinds(language: str) -> frozenset[str]:
    """The kinds that become "constant" for UPPER_CASE names in `language` (fields in Java, not in Go)."""
    table = LINE_TABLES.get(language)
    return table.constant_kinds if table is not None else frozenset()


#: Lines looked at above a line for the bracket it lies in (a signature's parameters, a call's
#: arguments: rarely more than a screen).
ENCLOSING_LINES_UP = 100
_BRACKET = compile_static(rb"[()\[\]{}]")
# What opens Go's groups of declarations (`const (`, `var (`): a parenthesis, yet no call.
_GROUP_KEYWORD = compile_static(rb"\b(?:const|var|let|import|type)\s*+$")


def inside_parentheses(lines: Sequence[bytes], at: int) -> bool:
    """Whether line `at` (0-based) of a file's `lines` lies in a parenthesis opened above it and
    still open: a signature's parameters or a call's arguments, one a line (`fn post(` then
    `    entry: &Entry,`), where the patterns, reading the line alone, see a field or an enum's
    member. A type's body (`{`) or a group of declarations (`const (`) is no parenthesis. Brackets
    in strings and comments count as code: a guess, as the patterns are."""
    depth = 0
    for i in range(at - 1, max(-1, at - 1 - ENCLOSING_LINES_UP), -1):
        line = lines[i]
        for mark in reversed(list(_BRACKET.finditer(line))):
            if mark.group() in b")]}":
                depth += 1
            elif depth:
                depth -= 1
            else:  # the bracket the line lies in
                return mark.group() == b"(" and _GROUP_KEYWORD.search(line, 0, mark.start()) is None
    return False
