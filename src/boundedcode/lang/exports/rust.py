"""Rust: what a file declares (`mod`, `pub use`, items), and a path resolved through them.

A file is parsed with tree-sitter-rust. Items inside a macro's braces
(`cfg_net! { pub mod net; }`, a common way to gate modules on features) are
parsed as items too, since the grammar keeps them as tokens. `mod x;` finds
`x.rs` or `x/mod.rs` beside a mod-rs file (a crate root, `mod.rs`) or in the
directory named after any other file, or the file its `#[path = "…"]` names.
`pub use` (any visibility: `pub`, `pub(crate)`, `pub(super)`) binds a name to
a path that starts at `crate`, `self`, `super`, another crate or a module in
scope; `pub use x::*` forwards every name `x` has. A resolution walks the path
from the crate root, one segment at a time, following declarations and
re-exports up to MAX_HOPS.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Mapping, Sequence

from ..._record import Frozen
from ...lazyre import compile_static
from ..manifests import join
from ._trees import parse, text
from .model import MAX_HOPS, Files, Hop, Resolved

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["Use", "Mod", "RustModule", "rust_module", "RustResolver"]

#: Macro bodies parsed as items, nested at most this deep.
MAX_MACRO_DEPTH = 2

ITEM_KINDS = {
    "struct_item": "struct",
    "enum_item": "enum",
    "union_item": "union",
    "trait_item": "trait",
    "type_item": "type",
    "function_item": "function",
    "function_signature_item": "function",
    "const_item": "constant",
    "static_item": "constant",
    "macro_definition": "macro",
}


class Use(Frozen):
    """One name a `pub use` binds: the path it names and the name it binds ("*" for a glob)."""

    path: tuple[str, ...]  # "" first for a leading `::`
    name: str
    line: int


class Mod(Frozen):
    """A module declaration: `mod x;` (with its `#[path]`, if any) or an inline `mod x { … }`."""

    name: str
    line: int
    path: str | None
    body: RustModule | None


class RustModule(Frozen):
    mods: Mapping[str, Mod]
    uses: tuple[Use, ...]  # the public ones, in file order
    items: Mapping[str, tuple[int, str]]  # name → (line, kind)


_EMPTY = RustModule({}, (), {})
#: A public `use` as its text spells it: `pub use`, `pub(crate) use`, `pub(in crate::a) use`.
_PUB_USE = compile_static(rb"\bpub\b(?:\s*\([^()]*\))?\s*use\b")


# Kept for the same contents, as `py_module` is: a warm host resolves through the same crates' roots
# on many queries.
@functools.lru_cache(maxsize=256)
def rust_module(source: bytes) -> RustModule:
    """What one Rust file declares at its top level; empty without the grammar."""
    root = parse("rust", source)
    if root is None:
        return _EMPTY
    return _read(root.children, 0, 0)


def _read(nodes: Sequence[Node], offset: int, depth: int) -> RustModule:
    mods: dict[str, Mod] = {}
    uses: list[Use] = []
    items: dict[str, tuple[int, str]] = {}
    path_attr: str | None = None
    for node in nodes:
        kind = node.type
        line = node.start_point[0] + 1 + offset
        if kind == "attribute_item":
            path_attr = _path_attribute(node) or path_attr
            continue
        if kind in ("line_comment", "block_comment"):
            continue
        if kind == "mod_item":
            name = text(node.child_by_field_name("name"))
            body = node.child_by_field_name("body")
            inline = _read(body.children, offset, depth) if body is not None else None
            mods.setdefault(name, Mod(name, line, path_attr, inline))
        elif kind == "use_declaration" and any(c.type == "visibility_modifier" for c in node.children):
            argument = node.child_by_field_name("argument")
            if argument is not None:
                _use_tree(argument, (), uses, offset)
        elif kind in ITEM_KINDS:
            name = text(node.child_by_field_name("name"))
            if name:
                items.setdefault(name, (line, ITEM_KINDS[kind]))
        elif kind == "macro_invocation" and depth < MAX_MACRO_DEPTH:
            body = next((c for c in node.children if c.type == "token_tree"), None)
            if body is not None and body.text and body.text[:1] == b"{":
                inner = parse("rust", body.text[1:-1])
                if inner is not None:
                    nested = _read(inner.children, offset + body.start_point[0], depth + 1)
                    for k, v in nested.mods.items():
                        mods.setdefault(k, v)
                    uses += nested.uses
                    for k, w in nested.items.items():
                        items.setdefault(k, w)
        path_attr = None
    return RustModule(mods, tuple(uses), items)


def _path_attribute(node: Node) -> str | None:
    """The file `#[path = "…"]` names."""
    for attr in node.named_children:
        if attr.type == "attribute" and attr.named_children and text(attr.named_children[0]) == "path":
            value = attr.child_by_field_name("value")
            if value is not None and value.type == "string_literal":
                return text(value)[1:-1]
    return None


def _segments(node: Node | None) -> tuple[str, ...]:
    if node is None:
        return ()
    if node.type == "scoped_identifier":
        path = node.child_by_field_name("path")
        head = _segments(path) if path is not None else ("",)  # `::a` names an external crate
        return head + (text(node.child_by_field_name("name")),)
    return (text(node),)


def _use_tree(node: Node, prefix: tuple[str, ...], out: list[Use], offset: int) -> None:
    kind = node.type
    line = node.start_point[0] + 1 + offset
    if kind == "use_as_clause":
        alias = text(node.child_by_field_name("alias"))
        path = prefix + _segments(node.child_by_field_name("path"))
        if alias != "_":
            out.append(Use(path, alias, line))
    elif kind == "use_wildcard":
        inner = node.named_children
        out.append(Use(prefix + (_segments(inner[0]) if inner else ()), "*", line))
    elif kind == "scoped_use_list":
        scope = node.child_by_field_name("path")
        lst = node.child_by_field_name("list")
        if lst is not None:
            _use_tree(lst, prefix + (_segments(scope) if scope is not None else ()), out, offset)
    elif kind == "use_list":
        for child in node.named_children:
            _use_tree(child, prefix, out, offset)
    elif kind == "self":
        if prefix:  # `a::{self}` binds `a`
            out.append(Use(prefix, prefix[-1], line))
    elif kind in ("identifier", "scoped_identifier", "crate", "super"):
        path = prefix + _segments(node)
        out.append(Use(path, path[-1], line))


class _Module(Frozen):
    """A module: the file it lives in, the inline modules within that file, its crate and parent."""

    file: str
    inline: tuple[str, ...]
    crate: str  # the crate root's file
    parent: _Module | None


class _Found(Frozen):
    module: _Module | None  # a module was named …
    item: Resolved | None  # … or an item
    via: tuple[Hop, ...]


class RustResolver:
    """Paths of the crates `crates` (name → root file) resolved to the files that define them."""

    def __init__(self, crates: Mapping[str, str], files: Files):
        self.crates = crates
        self._files = files
        self._parsed: dict[str, RustModule] = {}

    def resolve(self, segments: Sequence[str]) -> Resolved | None:
        """`tokio::sync::Semaphore` → the file and line that define it; None when it does not resolve.

        The path must start with a crate's name; a module resolves to its file, and an item
        followed by more segments (a variant, a method) to the item.
        """
        if not segments or segments[0] not in self.crates:
            return None
        root = self.crates[segments[0]]
        found = self._walk(_Module(root, (), root, None), tuple(segments[1:]), ())
        return self._answer(found)

    def reexported(self, path: str, name: str) -> Resolved | None:
        """Where the item a `pub use` in file `path` binds as `name` is defined; None without one.

        The file's module is found from its crate's root (the crate whose directory holds it),
        so that `super::` and `crate::` in the re-export resolve as they do for the compiler.
        """
        if not self._may_reexport(path):
            return None
        module = self._module_of(path)
        if module is None or not any(use.name == name for use in self._module(module).uses):
            return None
        found = self._member(module, name, True, ())
        return self._answer(found) if found is not None and found.item is not None else None

    def _may_reexport(self, path: str) -> bool:
        """Whether `path` lies in a crate and its text holds a `pub use` (of any visibility): a
        file that does not is not parsed, nor the modules above it walked (a name's lines in
        code, `    get,` in a call, made 72 of 80 such files candidates on the 34.7k-file tree)."""
        if not self._roots(path):
            return False  # (not read: `_module_of` finds no module either)
        data = self._files(path)
        return data is not None and _PUB_USE.search(data) is not None

    def _roots(self, path: str) -> list[str]:
        """The roots of the crates whose directory holds `path`."""
        return [r for r in self.crates.values() if path.startswith(r.rpartition("/")[0] + "/")]

    def _module_of(self, path: str) -> _Module | None:
        roots = self._roots(path)
        if not roots:
            return None
        root = max(roots, key=len)
        start = _Module(root, (), root, None)
        if path == root:
            return start
        rel = path[len(root.rpartition("/")[0]) + 1 :].removesuffix(".rs").split("/")
        if rel[-1] == "mod":
            rel = rel[:-1]
        found = self._walk(start, tuple(rel), (), last=False)
        if found is not None and found.module is not None and found.module.file == path:
            return found.module
        return _Module(path, (), root, None)  # declared by a `#[path]`: no parent to resolve `super` in

    def _answer(self, found: _Found | None) -> Resolved | None:
        if found is None:
            return None
        if found.item is not None:
            return Resolved(found.item.path, found.item.line, found.item.kind, found.via)
        m = found.module
        assert m is not None
        line = None
        if m.inline and m.parent is not None:
            decl = self._module(m.parent).mods.get(m.inline[-1])
            line = decl.line if decl else None
        return Resolved(m.file, line, "module", found.via)

    def _module(self, m: _Module) -> RustModule:
        if m.file not in self._parsed:
            data = self._files(m.file)
            self._parsed[m.file] = rust_module(data) if data is not None else _EMPTY
        module = self._parsed[m.file]
        for name in m.inline:
            decl = module.mods.get(name)
            module = decl.body if decl is not None and decl.body is not None else _EMPTY
        return module

    def _dir(self, m: _Module) -> str:
        """The directory the modules `m` declares live in."""
        base, _, name = m.file.rpartition("/")
        stem = name[:-3] if name.endswith(".rs") else name
        if not (stem == "mod" or m.file == m.crate):
            base = f"{base}/{stem}" if base else stem
        for inner in m.inline:
            base = f"{base}/{inner}" if base else inner
        return base

    def _child(self, m: _Module, decl: Mod) -> _Module | None:
        if decl.body is not None:
            return _Module(m.file, m.inline + (decl.name,), m.crate, m)
        if decl.path is not None:
            base = m.file.rpartition("/")[0] if not m.inline else self._dir(m)
            target = join(base, decl.path)
            candidates = [target] if target is not None else []
        else:
            d = self._dir(m)
            prefix = f"{d}/" if d else ""
            candidates = [f"{prefix}{decl.name}.rs", f"{prefix}{decl.name}/mod.rs"]
        for path in candidates:
            if self._files.exists(path):
                return _Module(path, (), m.crate, m)
        return None

    def _member(self, m: _Module, name: str, last: bool, via: tuple[Hop, ...]) -> _Found | None:
        """What `name` is in module `m`: a module it declares, an item it defines or re-exports."""
        if len(via) > MAX_HOPS:  # every re-export followed adds a hop: cycles end here too
            return None
        module = self._module(m)
        decl = module.mods.get(name)
        item = module.items.get(name)
        # A path's inner segments are modules; its last names an item first (types and
        # modules live in different namespaces, and a message names the type).
        if decl is not None and not (last and item is not None):
            child = self._child(m, decl)
            if child is not None:
                return _Found(child, None, via)
        if item is not None:
            return _Found(None, Resolved(m.file, item[0], item[1]), via)
        for use in module.uses:
            if use.name == name:
                found = self._use_path(m, use.path, last, via + (Hop(m.file, use.line),))
                if found is not None:
                    return found
        for use in module.uses:
            if use.name == "*":
                hop = via + (Hop(m.file, use.line),)
                target = self._use_path(m, use.path, False, hop)
                if target is not None and target.module is not None and target.module != m:
                    found = self._member(target.module, name, last, target.via)
                    if found is not None:
                        return found
        return None

    def _use_path(self, m: _Module, path: tuple[str, ...], last: bool, via: tuple[Hop, ...]) -> _Found | None:
        """Where a `use` path written in module `m` leads."""
        if not path:
            return None
        first, rest = path[0], path[1:]
        start: _Module | None
        if first == "crate":
            start = _Module(m.crate, (), m.crate, None)
        elif first == "self":
            start = m
        elif first == "super":
            start = m.parent
            while rest and rest[0] == "super" and start is not None:
                start, rest = start.parent, rest[1:]
        elif first == "" and rest and rest[0] in self.crates:
            root = self.crates[rest[0]]
            start, rest = _Module(root, (), root, None), rest[1:]
        else:
            # A module or name in scope (Rust 2018 paths), else another crate of the workspace.
            local = self._member(m, first, not rest and last, via)
            if local is not None:
                return self._walk_found(local, rest, last)
            if first not in self.crates:
                return None
            root = self.crates[first]
            start = _Module(root, (), root, None)
        if start is None:
            return None
        return self._walk(start, rest, via, last)

    def _walk_found(self, found: _Found, rest: tuple[str, ...], last: bool) -> _Found | None:
        if not rest or found.item is not None:
            return found
        assert found.module is not None
        return self._walk(found.module, rest, found.via, last)

    def _walk(
        self, m: _Module, rest: tuple[str, ...], via: tuple[Hop, ...], last: bool = True
    ) -> _Found | None:
        found = _Found(m, None, via)
        for i, seg in enumerate(rest):
            if found.item is not None:
                return found  # a variant or associated item of the item found
            assert found.module is not None
            step = self._member(found.module, seg, last and i == len(rest) - 1, found.via)
            if step is None:
                return None
            found = step
        return found
