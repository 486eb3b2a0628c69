"""Python: what a module defines and imports, and a dotted name resolved through `__init__.py`.

A package's `__init__.py` re-exports: `from .base import Model`, `from
pkg.query import *` (limited by the source's `__all__`, where it has one).
A dotted name resolves at its longest prefix that is a module of the
repository (`a/b.py`, `a/b/__init__.py`, under any source root), then name by
name through what that module defines or imports.
"""

from __future__ import annotations

import functools

from typing import TYPE_CHECKING, Callable, Mapping, Sequence

from ..._record import Frozen
from ..manifests import join
from ._trees import parse, text
from .model import MAX_HOPS, Files, Hop, Resolved

if TYPE_CHECKING:
    from tree_sitter import Node

__all__ = ["PyModule", "py_module", "PyResolver"]


class PyModule(Frozen):
    declared: Mapping[str, tuple[int, str]]  # name → (line, kind): classes, functions, assignments
    imports: Mapping[str, tuple[str, str, int]]  # bound name → (module as written, imported name, line)
    stars: tuple[tuple[str, int], ...]  # `from x import *`: (module as written, line)
    all: tuple[str, ...] | None  # `__all__`, when it is a literal list or tuple


_EMPTY = PyModule({}, {}, (), None)
_KINDS = {"class_definition": "class", "function_definition": "function"}


# A warm host asks for the same files' modules on every query: contents kept unchanged are the
# same bytes, whose hash is computed once.
@functools.lru_cache(maxsize=256)
def py_module(source: bytes) -> PyModule:
    """What one Python file binds at its top level (conditional imports included)."""
    root = parse("python", source)
    if root is None:
        return _EMPTY
    declared: dict[str, tuple[int, str]] = {}
    imports: dict[str, tuple[str, str, int]] = {}
    stars: list[tuple[str, int]] = []
    names: list[tuple[str, ...]] = []
    _walk(root, declared, imports, stars, names, 0)
    return PyModule(declared, imports, tuple(stars), names[0] if names else None)


#: Blocks whose statements still bind module names (`try: from x import y`, `if TYPE_CHECKING:`).
_BLOCKS = frozenset({"if_statement", "try_statement", "else_clause", "elif_clause", "except_clause", "block"})


def _walk(node: Node, declared, imports, stars, names, depth: int) -> None:
    for child in node.named_children:
        line = child.start_point[0] + 1
        kind = child.type
        if kind == "decorated_definition":
            child = child.child_by_field_name("definition") or child
            kind = child.type
        if kind in _KINDS:
            declared.setdefault(text(child.child_by_field_name("name")), (line, _KINDS[kind]))
        elif kind == "import_from_statement":
            module = text(child.child_by_field_name("module_name")).replace(" ", "")
            if any(c.type == "wildcard_import" for c in child.named_children):
                stars.append((module, line))
            for name in child.children_by_field_name("name"):
                if name.type == "aliased_import":
                    imported, bound = (
                        text(name.child_by_field_name("name")),
                        text(name.child_by_field_name("alias")),
                    )
                else:
                    imported = bound = text(name)
                imports.setdefault(bound, (module, imported, line))
        elif kind == "expression_statement" and child.named_children:
            assign = child.named_children[0]
            if assign.type == "assignment":
                left = assign.child_by_field_name("left")
                if left is not None and left.type == "identifier":
                    assigned = text(left)
                    right = assign.child_by_field_name("right")
                    if assigned == "__all__" and right is not None and right.type in ("list", "tuple"):
                        names.append(tuple(text(s)[1:-1] for s in right.named_children if s.type == "string"))
                    declared.setdefault(assigned, (line, "variable"))
        elif kind in _BLOCKS and depth < 3:
            _walk(child, declared, imports, stars, names, depth + 1)


#: Where the checkout's files for a repository-relative module path are (`a/b.py`), best first.
Locate = Callable[[str], Sequence[str]]


class PyResolver:
    """Dotted names resolved to the files that define them, through packages' re-exports."""

    def __init__(self, files: Files, locate: Locate):
        self._files, self._locate = files, locate
        self._parsed: dict[str, PyModule] = {}
        # Each module's file, by its path (`django/db`): names share their packages (django,
        # django.db), and each look is a pass over the files of that name (every `__init__.py`).
        self._located: dict[str, str | None] = {}

    def module(self, path: str) -> PyModule:
        if path not in self._parsed:
            data = self._files(path)
            self._parsed[path] = py_module(data) if data is not None else _EMPTY
        return self._parsed[path]

    def module_file(self, dotted: str, importer: str | None = None) -> str | None:
        """The file of module `dotted` (`.x` and `..x` relative to `importer`'s package)."""
        level = len(dotted) - len(dotted.lstrip("."))
        rel = dotted[level:].replace(".", "/")
        if level:
            if importer is None:
                return None
            base = join(importer.rpartition("/")[0], "/".join([".."] * (level - 1)) or ".")
            if base is None:
                return None
            stem = f"{base}/{rel}" if base and rel else (base or rel)
            for cand in (f"{stem}.py", f"{stem}/__init__.py") if rel else (f"{stem}/__init__.py",):
                if self._files.exists(cand.lstrip("/")):
                    return cand.lstrip("/")
            return None
        if rel not in self._located:
            self._located[rel] = next(
                (found[0] for cand in (f"{rel}.py", f"{rel}/__init__.py") if (found := self._locate(cand))),
                None,
            )
        return self._located[rel]

    def resolve(self, segments: Sequence[str]) -> Resolved | None:
        """`pkg.models.Model` → where Model is defined: its longest module prefix, then name by name."""
        for k in range(len(segments) - 1, 0, -1):
            path = self.module_file(".".join(segments[:k]))
            if path is None:
                continue
            found = self.definition(path, segments[k])
            if found is None or found.kind == "module":
                return found if k == len(segments) - 1 else None
            return found  # a class; what follows is its member
        return None

    def definition(self, path: str, name: str, via: tuple[Hop, ...] = ()) -> Resolved | None:
        """Where the name module `path` binds as `name` is defined, following its imports."""
        if len(via) > MAX_HOPS:
            return None
        module = self.module(path)
        if name in module.declared:
            line, kind = module.declared[name]
            return Resolved(path, line, kind, via)
        if name in module.imports:
            source, imported, line = module.imports[name]
            hop = via + (Hop(path, line),)
            target = self.module_file(source, path)
            found = self.definition(target, imported, hop) if target is not None else None
            if found is not None:
                return found
            sub = self.module_file(
                f"{source}.{imported}" if not source.endswith(".") else source + imported, path
            )
            return Resolved(sub, None, "module", hop) if sub is not None else None
        for source, line in module.stars:
            target = self.module_file(source, path)
            if target is None or target == path:
                continue
            names = self.module(target).all
            if names is not None and name not in names:
                continue
            found = self.definition(target, name, via + (Hop(path, line),))
            if found is not None:
                return found
        return None
