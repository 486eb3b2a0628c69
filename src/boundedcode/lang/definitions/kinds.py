"""The vocabulary both definition engines share: `Definition`, its kinds, and how names nest.

A definition's kind is one of KINDS. Types, modules and variables holding
object literals lend their name as the container of what they enclose; a
function inside a container other than a module is a method; a variable named
like a constant (MAX_ENTRIES) is one, in the languages whose table says so.
"""

from __future__ import annotations

from typing import NamedTuple

from ...lazyre import compile_static

__all__ = [
    "KINDS",
    "Definition",
    "TYPE_KINDS",
    "CONTAINER_KINDS",
    "QUALIFIER",
    "type_name",
    "split_qualified",
    "refine",
    "indentation",
]

KINDS = frozenset(
    {
        "function",
        "method",
        "class",
        "struct",
        "interface",
        "annotation",
        "enum",
        "trait",
        "type",
        "constant",
        "variable",
        "field",
        "module",
        "macro",
        "property",
    }
)


class Definition(NamedTuple):
    name: str
    line: int  # 1-based line of the definition's name
    kind: str  # one of KINDS
    container: str | None  # enclosing class/struct/impl/module name where known, else None
    end_line: int | None = None  # last line of the definition's body where known


# Definitions that lend their name as the container of what they enclose: types,
# modules, and variables holding object literals (`handlers.onPost`). Functions,
# methods, properties and fields do not: what is defined inside them is local.
# A function with a container other than a module is a method.
TYPE_KINDS = frozenset({"class", "struct", "interface", "annotation", "enum", "trait", "type"})
CONTAINER_KINDS = TYPE_KINDS | {"module", "variable", "constant"}
# A `variable` named like a constant (MAX_ENTRIES) is one by every ecosystem's convention.
_CONSTANT_NAME = compile_static(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)*\Z")
# Separators of qualified names: Ruby/C++ `::`, dotted namespaces, Lua `M:m`, PHP `\`.
QUALIFIER = compile_static(r"::|[.:\\]")
_WORD = compile_static(r"[\w$]+")
_TYPE_ARGUMENTS = compile_static(r"[\[<(]")


def type_name(text: str) -> str | None:
    """The bare type in a receiver or qualifier: `*List[T]` → List, `ns::Ledger` → Ledger."""
    head = _TYPE_ARGUMENTS.split(text, maxsplit=1)[0]
    words = _WORD.findall(head)
    return words[-1] if words else None


def split_qualified(text: str) -> tuple[str, str | None]:
    """`Accounting::Ledger` → ("Ledger", "Accounting"); `self.open` → ("open", None)."""
    parts = [p for p in QUALIFIER.split(text.strip().strip('"`[]')) if p]
    if not parts:
        return text, None
    container = parts[-2].strip('"`[]') if len(parts) > 1 else None
    return parts[-1].strip('"`[]'), (None if container == "self" else container)


def refine(kind: str, name: str, container_kind: str | None, constant_kinds: frozenset[str]) -> str:
    if kind == "function" and container_kind is not None and container_kind != "module":
        return "method"
    if kind in constant_kinds and len(name) > 1 and _CONSTANT_NAME.match(name):
        return "constant"
    return kind


def indentation(line: str) -> int:
    """How deep `line` is indented (spaces and tabs alike): what the line engine, which knows no
    ends, reads nesting by."""
    return len(line) - len(line.lstrip(" \t"))
