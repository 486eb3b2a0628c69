"""The tree-sitter engine: a tags-like query per language over one parsed file.

The queries are package data, one file per grammar under `queries/`; a grammar
may read several (TypeScript reads the ECMAScript patterns and its own), in the
order GRAMMARS lists them. Captures: @name (the defined name), @def.<kind> (the
node spanning the definition), @scope (a block that contains members without
defining a name: Rust `impl`, Swift `extension`), @receiver (an explicit
container: Go receivers, Kotlin extension receivers), @declarator (a C/C++
declarator, resolved here since pointers and qualifiers nest arbitrarily deep).
Constructor-promoted properties (PHP, TypeScript) name their class as
@receiver because their node lies inside the constructor. When several
patterns capture the same name the earliest pattern wins, so specific
patterns come before general ones. Captures starting with `_` only feed
predicates. Grammars load lazily: importing this module imports no tree-sitter.
"""

from __future__ import annotations

import functools
import importlib.machinery
import importlib.util
import os
import sys
from typing import TYPE_CHECKING, NamedTuple

from .kinds import CONTAINER_KINDS, QUALIFIER, TYPE_KINDS, Definition, refine, split_qualified, type_name
from .lines import constant_kinds

if TYPE_CHECKING:
    from tree_sitter import Language, Node, Query

__all__ = ["GRAMMARS", "Grammar", "query_text", "language_pointer", "tree_definitions"]


class Grammar(NamedTuple):
    module: str  # the grammar wheel's module, imported on first use
    factory: str  # its function returning the language pointer
    queries: tuple[str, ...]  # query files under queries/, without `.scm`, in pattern order


GRAMMARS: dict[str, Grammar] = {
    "python": Grammar("tree_sitter_python", "language", ("python",)),
    "go": Grammar("tree_sitter_go", "language", ("go",)),
    "rust": Grammar("tree_sitter_rust", "language", ("rust",)),
    "java": Grammar("tree_sitter_java", "language", ("java",)),
    "kotlin": Grammar("tree_sitter_kotlin", "language", ("kotlin",)),
    "scala": Grammar("tree_sitter_scala", "language", ("scala",)),
    "csharp": Grammar("tree_sitter_c_sharp", "language", ("csharp",)),
    "javascript": Grammar("tree_sitter_javascript", "language", ("ecmascript", "javascript")),
    "typescript": Grammar("tree_sitter_typescript", "language_typescript", ("ecmascript", "typescript")),
    "tsx": Grammar("tree_sitter_typescript", "language_tsx", ("ecmascript", "typescript")),
    "c": Grammar("tree_sitter_c", "language", ("c",)),
    # The C++ patterns first: they recover what tree-sitter-cpp misreads, before C's general ones.
    "cpp": Grammar("tree_sitter_cpp", "language", ("cpp", "c")),
    "php": Grammar("tree_sitter_php", "language_php", ("php",)),
    "ruby": Grammar("tree_sitter_ruby", "language", ("ruby",)),
    "swift": Grammar("tree_sitter_swift", "language", ("swift",)),
}


#: The queries' folder: package data beside this module.
_QUERIES = os.path.join(os.path.dirname(__file__), "queries")


def query_text(language: str) -> str:
    """The whole query of `language`'s grammar: its query files, in order."""
    out = []
    for name in GRAMMARS[language].queries:
        with open(os.path.join(_QUERIES, f"{name}.scm"), encoding="utf-8") as f:
            out.append(f.read())
    return "".join(out)


def language_pointer(spec: Grammar) -> object:
    """The language pointer of `spec`'s grammar wheel, from its compiled binding alone.

    Every wheel's package is a wrapper that imports `importlib.resources` for query files
    this project does not read (pathlib, urllib, zipfile: 7 ms of a one-shot retrieval);
    its binding is loaded by name from the package's folder instead, the package itself
    when the folder holds no binding."""
    binding = f"{spec.module}._binding"
    module = sys.modules.get(binding)
    if module is None:
        found = importlib.util.find_spec(spec.module)
        folders = found.submodule_search_locations if found is not None else None
        path = next(
            (
                os.path.join(folder, f"_binding{suffix}")
                for folder in folders or ()
                for suffix in importlib.machinery.EXTENSION_SUFFIXES
                if os.path.isfile(os.path.join(folder, f"_binding{suffix}"))
            ),
            None,
        )
        if path is None:
            module = importlib.import_module(spec.module)
        else:
            loader = importlib.machinery.ExtensionFileLoader(binding, path)
            module_spec = importlib.util.spec_from_file_location(binding, path, loader=loader)
            assert module_spec is not None
            module = importlib.util.module_from_spec(module_spec)
            loader.exec_module(module)
            sys.modules[binding] = module
    return getattr(module, spec.factory)()


@functools.cache
def _grammar(language: str) -> tuple[Language, Query] | None:
    """The grammar and query for `language`, built on first use; None without a usable grammar."""
    spec = GRAMMARS.get(language)
    if spec is None:
        return None
    try:
        import tree_sitter

        lang = tree_sitter.Language(language_pointer(spec))
        return lang, tree_sitter.Query(lang, query_text(language))
    except (ImportError, AttributeError, ValueError, TypeError):
        # A missing wheel or an ABI the runtime does not read: the line patterns still work.
        return None


class _Item(NamedTuple):
    name: str
    line: int
    kind: str | None  # None for a @scope
    start: int
    end: int
    end_line: int
    receiver: str | None
    pattern: int


_NAME_NODES = frozenset(
    {"identifier", "field_identifier", "type_identifier", "destructor_name", "operator_name"}
)


def _resolve_declarator(node: Node | None) -> tuple[Node, str | None, bool] | None:
    """A C/C++ declarator's name node, its `Class::` qualifier and whether it declares a function."""
    receiver = None
    is_function = False
    while node is not None:
        kind = node.type
        if kind in _NAME_NODES:
            return node, receiver, is_function
        if kind == "qualified_identifier":
            scope = node.child_by_field_name("scope")
            receiver = type_name(_text(scope)) if scope is not None else receiver
            node = node.child_by_field_name("name")
            continue
        if kind == "function_declarator":
            inner = node.child_by_field_name("declarator")
            # `(*callback)(int)` declares a pointer, not a function.
            is_function = inner is not None and inner.type != "parenthesized_declarator"
            node = inner
            continue
        child = node.child_by_field_name("declarator")
        node = child if child is not None else (node.named_children[-1] if node.named_children else None)
    return None


def _last_line(node: Node) -> int:
    """1-based last line of `node`; a node ending with its newline (`#define`) ends on the line before."""
    row, column = node.end_point
    return row if column == 0 and row > node.start_point[0] else row + 1


def _text(node: Node) -> str:
    return node.text.decode("utf-8", "replace") if node.text is not None else ""


def _declarator_kind(kind: str, is_function: bool) -> str | None:
    """The kind a C/C++ declarator defines under a definition of `kind`, or None for none."""
    if kind == "function":
        return kind if is_function else None  # other shapes are handled by earlier patterns
    if kind == "variable":
        return None if is_function else kind  # a prototype declares, it does not define
    if kind == "field":
        return "function" if is_function else kind  # a member function declared in a class body
    return kind


def _match_items(pattern: int, captures: dict[str, list[Node]]) -> list[_Item]:
    kind: str | None = None
    span = None
    for capture, nodes in captures.items():
        if capture.startswith("def."):
            kind, span = capture[4:], nodes[0]
        elif capture == "scope":
            span = nodes[0]
    if span is None:
        return []
    receiver = type_name(_text(captures["receiver"][0])) if "receiver" in captures else None
    named: list[tuple[Node, str | None, str | None]] = [
        (node, receiver, kind) for node in captures.get("name", ())
    ]
    for node in captures.get("declarator", ()):
        resolved = _resolve_declarator(node)
        if resolved is not None and kind is not None:  # declarators come with a @def.<kind>
            name_node, qualifier, is_function = resolved
            declared = _declarator_kind(kind, is_function)
            if declared is not None:
                named.append((name_node, qualifier or receiver, declared))
    items = []
    for name_node, container, name_kind in named:
        text = _text(name_node).strip().lstrip(":")
        if name_kind is None:
            text = type_name(text) or text  # impl Display for Ledger<T> → Ledger
        name, qualifier = split_qualified(text) if QUALIFIER.search(text) else (text, None)
        if name:
            items.append(
                _Item(
                    name,
                    name_node.start_point[0] + 1,
                    name_kind,
                    span.start_byte,
                    span.end_byte,
                    _last_line(span),
                    container or qualifier,
                    pattern,
                )
            )
    return items


def tree_definitions(language: str, source: bytes) -> list[Definition] | None:
    compiled = _grammar(language)
    if compiled is None:
        return None
    lang, query = compiled
    from tree_sitter import Parser, QueryCursor

    # A parser costs well under a microsecond; one per call keeps concurrent callers safe.
    tree = Parser(lang).parse(source)
    best: dict[tuple[int, int, str], _Item] = {}
    for pattern, captures in QueryCursor(query).matches(tree.root_node):
        for item in _match_items(pattern, captures):
            key = (item.start, item.line, item.name)
            if key not in best or item.pattern < best[key].pattern:
                best[key] = item
    constants = constant_kinds(language)
    found = []
    stack: list[_Item] = []
    for item in sorted(best.values(), key=lambda i: (i.start, -i.end, i.pattern, i.line)):
        # Pop what ended before this item, and siblings sharing its node (`A, B int`).
        while stack and (
            stack[-1].end <= item.start or (stack[-1].start, stack[-1].end) == (item.start, item.end)
        ):
            stack.pop()
        parent = stack[-1] if stack else None
        stack.append(item)
        if item.kind is None:
            continue
        container, container_kind = item.receiver, ("class" if item.receiver else None)
        if container is None and parent is not None:
            parent_kind = parent.kind or "class"  # a scope (impl, extension) holds members like a class
            # `typedef struct ledger {…} ledger_t;` names the struct; it does not contain it.
            if parent_kind in CONTAINER_KINDS and not (parent_kind == "type" and item.kind in TYPE_KINDS):
                container, container_kind = parent.name, parent_kind
        kind = refine(item.kind, item.name, container_kind, constants)
        found.append(Definition(item.name, item.line, kind, container, item.end_line))
    return found
