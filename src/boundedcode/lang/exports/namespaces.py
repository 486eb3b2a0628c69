"""Which namespace or package a place is in: C++ namespaces, Go, Java and Kotlin packages.

C++ is parsed with tree-sitter-cpp: `namespace a { namespace b {`, `namespace
a::b {` (nested), inline namespaces (part of the chain as written, skipped when
matching a name that omits them) and anonymous ones (no name); `using
namespace a::b;` at a file's top level opens a::b for the definitions after it
(a source file that defines `Type::method` under it defines a::b::Type's
members). A package clause is the first `package` line of a Go, Java or
Kotlin file: what the code is imported as, whatever its directory is called.
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Iterable, NamedTuple

from ...lazyre import compile_static
from ._trees import parse, text

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["CppScopes", "cpp_scopes", "package_clause", "PACKAGE_LANGUAGES", "qualified_names"]


class CppScopes(NamedTuple):
    """The namespace blocks of one C/C++ file and its top-level `using namespace` directives."""

    blocks: tuple[tuple[int, int, tuple[str, ...], tuple[str, ...]], ...]  # (first, last line, chain, inline)
    using: tuple[tuple[int, tuple[str, ...]], ...]  # (line, namespace)

    def at(self, line: int) -> tuple[str, ...]:
        """The namespace chain around `line` (innermost block), as written."""
        inside = [b for b in self.blocks if b[0] <= line <= b[1]]
        return max(inside, key=lambda b: (b[0], -b[1]))[2] if inside else ()

    def inline_at(self, line: int) -> frozenset[str]:
        return frozenset(n for b in self.blocks if b[0] <= line <= b[1] for n in b[3])

    def opened(self, line: int) -> list[tuple[str, ...]]:
        """Namespaces a `using namespace` before `line` opens."""
        return [ns for at, ns in self.using if at < line]


# Kept for the same contents, as `py_module` is (a warm host asks for the same headers again).
@functools.lru_cache(maxsize=256)
def cpp_scopes(language: str, source: bytes) -> CppScopes:
    root = parse("cpp" if language == "cpp" else "c", source)
    blocks: list[tuple[int, int, tuple[str, ...], tuple[str, ...]]] = []
    using: list[tuple[int, tuple[str, ...]]] = []
    if root is not None:
        _blocks(root, (), (), blocks, using, 0)
    return CppScopes(tuple(blocks), tuple(using))


def _qualified(node: Node | None) -> tuple[str, ...]:
    return tuple(p for p in re.split(r"\s*::\s*", text(node)) if p) if node is not None else ()


#: Blocks that hold declarations without opening a namespace: `extern "C" {…}`, `#ifdef` branches.
_TRANSPARENT = frozenset(
    {
        "linkage_specification",
        "declaration_list",
        "preproc_ifdef",
        "preproc_if",
        "preproc_else",
        "preproc_elif",
    }
)


def _blocks(node: Node, chain, inline, blocks, using, depth: int) -> None:
    for child in node.named_children:
        if child.type == "namespace_definition":
            name = _qualified(child.child_by_field_name("name"))
            is_inline = any(c.type == "inline" for c in child.children)
            inner, inner_inline = chain + name, inline + (name if is_inline else ())
            blocks.append((child.start_point[0] + 1, child.end_point[0] + 1, inner, inner_inline))
            body = child.child_by_field_name("body")
            if body is not None and depth < 16:
                _blocks(body, inner, inner_inline, blocks, using, depth + 1)
        elif child.type == "using_declaration" and any(c.type == "namespace" for c in child.children):
            target = child.named_children[-1] if child.named_children else None
            using.append((child.start_point[0] + 1, chain + _qualified(target)))
        elif child.type in _TRANSPARENT and depth < 16:
            _blocks(child, chain, inline, blocks, using, depth + 1)


def qualified_names(
    chain: tuple[str, ...],
    inline: frozenset[str],
    spelled: tuple[str, ...] = (),
    opened: Iterable[tuple[str, ...]] = (),
    out_of_line: bool = False,
) -> list[tuple[tuple[str, ...], tuple[str, ...]]]:
    """The qualifiers a name defined at a place may have, each with the namespace it is taken
    from: `spelled` is what the line writes before the name (`Type` of `void Type::run()`).

    A declaration is in its namespace chain exactly; an out-of-line definition looks its
    qualifier up from the innermost namespace outwards, or in a `using namespace`. Inline
    namespaces (`inline namespace v1`) may be left out of what a message writes.
    """
    variants = list(dict.fromkeys((chain, tuple(n for n in chain if n not in inline))))
    if not (spelled or out_of_line):
        return [(v, chain) for v in variants]
    scopes = [v[:i] for v in variants for i in range(len(v), -1, -1)] + list(opened)
    return [(scope + spelled, scope) for scope in dict.fromkeys(scopes)]


#: Languages whose files open with a package clause, and its pattern.
PACKAGE_LANGUAGES = {
    "go": compile_static(r"^\s*package\s+([A-Za-z_]\w*)", re.M),
    "java": compile_static(r"^\s*package\s+([\w.]+)\s*;", re.M),
    "kotlin": compile_static(r"^\s*package\s+([\w.`]+)", re.M),
    "scala": compile_static(r"^\s*package\s+([\w.]+)", re.M),
    "groovy": compile_static(r"^\s*package\s+([\w.]+)", re.M),
}
#: Bytes of a file's head searched for its package clause (licence headers come first).
PACKAGE_HEAD = 8192


def package_clause(language: str, source: bytes) -> str | None:
    """The package a Go, Java or Kotlin file declares (`package com.acme.orders`)."""
    pattern = PACKAGE_LANGUAGES.get(language)
    if pattern is None:
        return None
    head = source[:PACKAGE_HEAD].decode("utf-8", "replace")
    head = re.sub(r"/\*.*?\*/", " ", head, flags=re.S)  # a licence block may mention `package`
    head = re.sub(r"//[^\n]*", " ", head)
    m = pattern.search(head)
    return m.group(1).replace("`", "") if m else None
