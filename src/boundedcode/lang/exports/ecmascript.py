"""JavaScript and TypeScript: what a module exports, and a name resolved through re-exports.

A file is parsed with the TypeScript, TSX or JavaScript grammar. Its exports
are its exported declarations, `export { a as b }` of local or imported names,
`export { a } from './x'`, `export * as ns from './x'` and `export * from
'./x'` (barrel files). A specifier resolves as the TypeScript compiler would
find the source: a relative path with the source extensions or an `index`
file (`./x.js` written for ESM finds `x.ts`), a tsconfig `paths` alias or
`baseUrl`, or a workspace package by its package.json `name` and entry
points, mapped from the built output (`dist/`, `lib/`) back to `src/`.
CommonJS `module.exports` is not followed.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Mapping, Sequence

from ..._record import Frozen
from ..manifests import Package, PathAliases, join
from ._trees import parse, text
from .model import MAX_HOPS, Files, Hop, Resolved

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["EsModule", "es_module", "EsResolver", "grammar_of", "SOURCE_EXTENSIONS"]

#: Source extensions in the order a specifier without one is tried.
SOURCE_EXTENSIONS = (".ts", ".tsx", ".d.ts", ".mts", ".cts", ".js", ".jsx", ".mjs", ".cjs")
_JS_WRITTEN = {".js": (".ts", ".tsx"), ".jsx": (".tsx",), ".mjs": (".mts",), ".cjs": (".cts",)}
#: Directories built output goes to; a package's entry there has its source under src/.
OUTPUT_DIRS = frozenset({"dist", "lib", "build", "out", "esm", "cjs", "es", "types", "typings"})

_DECLARATIONS = {
    "function_declaration": "function",
    "generator_function_declaration": "function",
    "function_signature": "function",
    "class_declaration": "class",
    "abstract_class_declaration": "class",
    "interface_declaration": "interface",
    "type_alias_declaration": "type",
    "enum_declaration": "enum",
    "internal_module": "namespace",
}


def grammar_of(path: str) -> str | None:
    name = path.rsplit("/", 1)[-1]
    if name.endswith((".ts", ".mts", ".cts")):
        return "typescript"
    if name.endswith(".tsx"):
        return "tsx"
    if name.endswith((".js", ".jsx", ".mjs", ".cjs")):
        return "javascript"
    return None


class EsModule(Frozen):
    declared: Mapping[str, tuple[int, str]]  # top-level declarations: name → (line, kind)
    #: exported name → (the name in this module or in `source`, the source specifier or None, line)
    exported: Mapping[str, tuple[str, str | None, int]]
    stars: tuple[tuple[str, int], ...]  # `export * from 'x'`: (specifier, line)
    imports: Mapping[str, tuple[str, str, int]]  # local name → (imported name, specifier, line)


_EMPTY = EsModule({}, {}, (), {})


def es_module(path: str, source: bytes) -> EsModule:
    """What one JavaScript or TypeScript file declares, imports and exports at its top level."""
    grammar = grammar_of(path)
    return _EMPTY if grammar is None else _es_module(grammar, source)


# Kept for the same contents, as `py_module` is: a warm host resolves through the same index files
# on many queries.
@functools.lru_cache(maxsize=256)
def _es_module(grammar: str, source: bytes) -> EsModule:
    root = parse(grammar, source)
    if root is None:
        return _EMPTY
    declared: dict[str, tuple[int, str]] = {}
    exported: dict[str, tuple[str, str | None, int]] = {}
    stars: list[tuple[str, int]] = []
    imports: dict[str, tuple[str, str, int]] = {}
    for node in root.named_children:
        line = node.start_point[0] + 1
        if node.type == "import_statement":
            _imports(node, imports, line)
        elif node.type == "export_statement":
            spec = _string(node.child_by_field_name("source"))
            declaration = node.child_by_field_name("declaration")
            clause = next((c for c in node.named_children if c.type == "export_clause"), None)
            namespace = next((c for c in node.named_children if c.type == "namespace_export"), None)
            default = any(c.type == "default" for c in node.children)
            if declaration is not None:
                for name, kind in _declared(declaration):
                    declared.setdefault(name, (line, kind))
                    exported.setdefault("default" if default else name, (name, None, line))
            elif clause is not None:
                for spec_node in clause.named_children:
                    name = text(spec_node.child_by_field_name("name"))
                    alias = text(spec_node.child_by_field_name("alias")) or name
                    if name:
                        exported.setdefault(alias, (name, spec, line))
            elif namespace is not None and spec is not None:
                alias = text(namespace.named_children[-1]) if namespace.named_children else ""
                if alias:
                    exported.setdefault(alias, ("*", spec, line))
            elif spec is not None:
                stars.append((spec, line))
            elif default:
                value = node.child_by_field_name("value")
                named = value is not None and value.type == "identifier"
                exported.setdefault("default", (text(value) if named else "default", None, line))
                if not named:
                    declared.setdefault("default", (line, "default"))
        else:
            for name, kind in _declared(node):
                declared.setdefault(name, (line, kind))
    return EsModule(declared, exported, tuple(stars), imports)


def _string(node: Node | None) -> str | None:
    if node is None or node.type != "string":
        return None
    return text(node)[1:-1]


def _imports(node: Node, imports: dict[str, tuple[str, str, int]], line: int) -> None:
    spec = _string(node.child_by_field_name("source"))
    clause = next((c for c in node.named_children if c.type == "import_clause"), None)
    if spec is None or clause is None:
        return
    for part in clause.named_children:
        if part.type == "identifier":
            imports[text(part)] = ("default", spec, line)
        elif part.type == "namespace_import" and part.named_children:
            imports[text(part.named_children[-1])] = ("*", spec, line)
        elif part.type == "named_imports":
            for item in part.named_children:
                name = text(item.child_by_field_name("name"))
                alias = text(item.child_by_field_name("alias")) or name
                if name:
                    imports[alias] = (name, spec, line)


def _declared(node: Node) -> list[tuple[str, str]]:
    """The names a top-level declaration defines, with their kinds."""
    if node.type == "ambient_declaration":  # `declare class X`, `declare function f()`
        return [d for child in node.named_children for d in _declared(child)]
    if node.type in _DECLARATIONS:
        name = text(node.child_by_field_name("name"))
        return [(name, _DECLARATIONS[node.type])] if name else []
    if node.type in ("lexical_declaration", "variable_declaration"):
        out = []
        for decl in node.named_children:
            if decl.type == "variable_declarator":
                ident = decl.child_by_field_name("name")
                if ident is not None and ident.type == "identifier":
                    out.append((text(ident), "variable"))
        return out
    return []


class EsResolver:
    """Module specifiers and exported names resolved to the files that define them."""

    def __init__(self, files: Files, packages: Sequence[Package] = (), aliases: Sequence[PathAliases] = ()):
        self._files = files
        # Longest name first, so `@scope/pkg-extra` is not taken for `@scope/pkg`.
        self.packages = sorted(packages, key=lambda p: (-len(p.name), p.name, p.dir))
        # The deepest tsconfig first: the one nearest an importing file applies to it.
        self.aliases = sorted(aliases, key=lambda a: (-a.dir.count("/") - bool(a.dir), a.dir))
        self._parsed: dict[str, EsModule] = {}

    def module(self, path: str) -> EsModule:
        if path not in self._parsed:
            data = self._files(path)
            self._parsed[path] = es_module(path, data) if data is not None else _EMPTY
        return self._parsed[path]

    def specifier(self, spec: str, importer: str | None = None) -> str | None:
        """The file `spec` names: from `importer` for a relative one, else by alias or package."""
        if spec.startswith(("./", "../")) or spec in (".", ".."):
            if importer is None:
                return None
            base = join(importer.rpartition("/")[0], spec)
            return self._file(base) if base is not None else None
        for alias in self.aliases:
            if importer is not None and alias.dir and not importer.startswith(alias.dir + "/"):
                continue
            for pattern, targets in alias.paths:
                star = _match(pattern, spec)
                if star is not None:
                    for target in targets:
                        found = self._file(target.replace("*", star, 1))
                        if found:
                            return found
        for package in self.packages:
            if spec == package.name or spec.startswith(package.name + "/"):
                found = self._package(package, "." + spec[len(package.name) :])
                if found:
                    return found
        for alias in self.aliases:
            if alias.base_url is not None and (importer is None or importer.startswith(alias.dir)):
                found = self._file(join(alias.base_url, spec))
                if found:
                    return found
        return None

    def _package(self, package: Package, sub: str) -> str | None:
        entries = dict(package.entries)
        for target in entries.get(sub, ()):
            for candidate in _sources(package.dir, target):
                found = self._file(candidate)
                if found:
                    return found
        for pattern, targets in package.entries:  # `"./*": "./dist/*.js"`
            star = _match(pattern, sub) if "*" in pattern else None
            for target in targets if star is not None else ():
                for candidate in _sources(package.dir, target.replace("*", star or "", 1)):
                    found = self._file(candidate)
                    if found:
                        return found
        rest = sub[2:] if sub.startswith("./") else ""
        for root in ("src", "", "lib"):
            base = join(package.dir, "/".join(p for p in (root, rest or "index") if p))
            found = self._file(base) if base is not None else None
            if found:
                return found
        return None

    def _file(self, base: str | None) -> str | None:
        """The source file a path without (or with a written) extension names."""
        if base is None:
            return None
        name = base.rsplit("/", 1)[-1]
        stem, dot, ext = name.rpartition(".")
        candidates = []
        if dot and "." + ext in _JS_WRITTEN:
            head = base[: -len(ext) - 1]
            candidates += [head + e for e in _JS_WRITTEN["." + ext]]
        if grammar_of(base):
            candidates.append(base)
        candidates += [base + e for e in SOURCE_EXTENSIONS]
        candidates += [f"{base}/index{e}" for e in SOURCE_EXTENSIONS]
        return next((c for c in candidates if self._files.exists(c)), None)

    def definition(self, path: str, name: str, via: tuple[Hop, ...] = ()) -> Resolved | None:
        """Where the name `path` exports as `name` is defined, following re-exports."""
        if len(via) > MAX_HOPS:
            return None
        module = self.module(path)
        if name in module.exported:
            local, spec, line = module.exported[name]
            if spec is not None:
                target = self.specifier(spec, path)
                if target is None:
                    return None
                hop = via + (Hop(path, line),)
                return (
                    Resolved(target, None, "module", hop)
                    if local == "*"
                    else self.definition(target, local, hop)
                )
            return self._local(path, module, local, via) or Resolved(path, line, "export", via)
        if name in module.declared:
            line, kind = module.declared[name]
            return Resolved(path, line, kind, via)
        for spec, line in module.stars:
            target = self.specifier(spec, path)
            if target is not None and target != path:
                found = self.definition(target, name, via + (Hop(path, line),))
                if found is not None:
                    return found
        return None

    def _local(self, path: str, module: EsModule, name: str, via: tuple[Hop, ...]) -> Resolved | None:
        """A name of this module: declared here, or imported and passed on (`import {a}; export {a}`)."""
        if name in module.declared:
            line, kind = module.declared[name]
            return Resolved(path, line, kind, via)
        if name in module.imports:
            imported, spec, line = module.imports[name]
            target = self.specifier(spec, path)
            if target is not None:
                hop = via + (Hop(path, line),)
                return (
                    Resolved(target, None, "module", hop)
                    if imported == "*"
                    else self.definition(target, imported, hop)
                )
        return None


def _match(pattern: str, spec: str) -> str | None:
    """What a `*` pattern's star stands for in `spec` ("" for an exact match), else None."""
    if "*" not in pattern:
        return "" if pattern == spec else None
    head, _, tail = pattern.partition("*")
    if spec.startswith(head) and spec.endswith(tail) and len(spec) >= len(head) + len(tail):
        return spec[len(head) : len(spec) - len(tail)]
    return None


def _sources(base: str, target: str) -> list[str]:
    """Where the source behind a package entry may be: the entry itself, then under src/."""
    entry = join(base, target)
    if entry is None:
        return []
    out = [entry]
    rel = entry[len(base) + 1 :] if base else entry
    for suffix in (".d.ts", ".d.mts", ".d.cts", ".js", ".mjs", ".cjs"):
        if rel.endswith(suffix):
            rel = rel[: -len(suffix)]
            break
    head, _, rest = rel.partition("/")
    if head in OUTPUT_DIRS and rest:
        for root in ("src", ""):
            mapped = join(base, f"{root}/{rest}" if root else rest)
            if mapped is not None:
                out.append(mapped)
    return out
