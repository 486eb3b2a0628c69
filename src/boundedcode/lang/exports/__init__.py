"""Names across re-exports, namespaces and import paths, per language, without a language server.

Each module reads one language's files with tree-sitter (what a file declares,
imports and re-exports, or which namespace a line is in) and resolves a name
through them; reads go through a bounded `Files`, so a resolution reads only
the few files its chain names.

    model.py        Resolved, Hop and the bounded reader every resolver shares
    rust.py         `mod`, `#[path]`, `pub use` (globs, groups, `as`), crate paths
    ecmascript.py   `export … from`, barrels, specifiers: relative, tsconfig aliases, packages
    python.py       `from .x import Y` and `__all__` in packages
    namespaces.py   C++ namespace blocks and `using namespace`; Go, Java and Kotlin package clauses

A language's module is loaded when its names are first used (PEP 562): a Python checkout's
retrieval never imports the Rust or ECMAScript resolvers.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..._lazy import lazy_names

if TYPE_CHECKING:
    from .ecmascript import EsResolver
    from .model import Files, Hop, Resolved
    from .namespaces import cpp_scopes, package_clause, qualified_names
    from .python import PyResolver
    from .rust import RustResolver

__all__ = [
    "Files",
    "Hop",
    "Resolved",
    "RustResolver",
    "EsResolver",
    "PyResolver",
    "cpp_scopes",
    "qualified_names",
    "package_clause",
]

#: The module each public name is defined in.
_HOMES = {
    "EsResolver": ".ecmascript",
    "Files": ".model",
    "Hop": ".model",
    "Resolved": ".model",
    "cpp_scopes": ".namespaces",
    "package_clause": ".namespaces",
    "qualified_names": ".namespaces",
    "PyResolver": ".python",
    "RustResolver": ".rust",
}


__getattr__, __dir__ = lazy_names(__name__, _HOMES)
