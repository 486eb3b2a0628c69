"""The per-language readers of what a file declares and re-exports, and their resolvers."""

from __future__ import annotations

from boundedcode.lang.exports import EsResolver, Files, PyResolver, RustResolver, cpp_scopes, package_clause
from boundedcode.lang.exports.ecmascript import es_module
from boundedcode.lang.exports.model import MAX_HOPS
from boundedcode.lang.exports.namespaces import qualified_names
from boundedcode.lang.exports.python import py_module
from boundedcode.lang.exports.rust import Use, rust_module


def files(tree: dict[str, str], limit: int = 64) -> Files:
    data = {p: t.encode() for p, t in tree.items()}
    return Files(data.get, data.__contains__, limit)


def test_rust_reader_use_trees_macros_and_path_attributes():
    module = rust_module(
        b'#[cfg(unix)]\n#[path = "sys/unix.rs"]\nmod sys;\n'
        b"pub use self::a::{b::{C, D as E}, f::*, self};\nuse private::Hidden;\n"
        b"pub(in crate::x) use ::ext::Thing;\n"
        b"cfg_net! {\n    pub mod net;\n    pub struct Gated;\n}\nmod inline { pub fn f() {} }\n"
        b"macro_rules! make { () => {} }\npub use unused as _;\n"
    )
    assert module.mods["sys"].path == "sys/unix.rs" and module.mods["sys"].line == 3
    assert module.mods["net"].line == 8 and module.mods["net"].path is None
    assert module.mods["inline"].body is not None and "f" in module.mods["inline"].body.items
    assert module.items["Gated"] == (9, "struct") and module.items["make"][1] == "macro"
    assert module.uses == (
        Use(("self", "a", "b", "C"), "C", 4),
        Use(("self", "a", "b", "D"), "E", 4),
        Use(("self", "a", "f"), "*", 4),
        Use(("self", "a"), "a", 4),
        Use(("", "ext", "Thing"), "Thing", 6),
    )
    assert rust_module(b"pub use {{{ broken") is not None  # partial, never an exception


def test_rust_resolver_stops_on_cycles_and_unknown_crates():
    tree = {
        "src/lib.rs": "pub mod a;\npub mod b;\npub use a::*;\n",
        "src/a.rs": "pub use crate::b::*;\n",
        "src/b.rs": "pub use crate::a::*;\npub use crate::a::Loop;\n",
    }
    resolver = RustResolver({"app": "src/lib.rs"}, files(tree))
    assert resolver.resolve(["app", "Loop"]) is None
    assert resolver.resolve(["other", "Loop"]) is None
    assert resolver.resolve(["app", "a"]).path == "src/a.rs"


def test_a_rust_file_without_a_pub_use_is_not_walked_to():
    tree = {
        "src/lib.rs": "pub mod shop;\npub(crate) use shop::Cart;\n",
        "src/shop/mod.rs": "mod cart;\npub(in crate) use self::cart::Cart;\n",
        "src/shop/cart.rs": "use std::fmt;\n\npub struct Cart {\n    items: Vec<u32>,\n}\n",
    }
    reader = files(tree)
    resolver = RustResolver({"app": "src/lib.rs"}, reader)
    assert resolver.reexported("src/shop/cart.rs", "Cart") is None
    assert list(reader.read) == ["src/shop/cart.rs"]  # the crate root and `shop` never read
    assert resolver.reexported("src/shop/mod.rs", "Cart").path == "src/shop/cart.rs"
    assert resolver.reexported("src/lib.rs", "Cart").path == "src/shop/cart.rs"


def test_rust_resolver_keeps_to_its_file_budget():
    chain = {"src/lib.rs": "pub mod m0;\npub use m0::Deep;\n"}
    for i in range(6):
        folder = "src/" + "/".join(f"m{j}" for j in range(i + 1))
        chain[f"{folder}/mod.rs"] = f"pub mod m{i + 1};\npub use self::m{i + 1}::Deep;\n"
    chain["src/m0/m1/m2/m3/m4/m5/m6.rs"] = "pub struct Deep;\n"
    resolved = RustResolver({"app": "src/lib.rs"}, files(chain)).resolve(["app", "Deep"])
    assert resolved is not None and len(resolved.via) == 7 <= MAX_HOPS
    bounded = files(chain, limit=3)
    assert RustResolver({"app": "src/lib.rs"}, bounded).resolve(["app", "Deep"]) is None
    assert len(bounded.read) == 3
    # A byte budget stops the chain too, and a file over the per-file bound is never parsed.
    data = {p: t.encode() for p, t in chain.items()}
    few = Files(data.get, data.__contains__, 64, max_bytes=sum(len(v) for v in data.values()) // 2)
    assert RustResolver({"app": "src/lib.rs"}, few).resolve(["app", "Deep"]) is None
    assert few.total <= few.max_bytes and not all(few.read.values())
    small = Files(data.get, data.__contains__, 64, max_file_bytes=len(data["src/lib.rs"]) - 1)
    assert small("src/lib.rs") is None and small.total == 0


def test_es_reader_every_export_form():
    module = es_module(
        "src/index.ts",
        b"import D, { E as F } from './e'\nimport * as NS from 'pkg'\n"
        b"export { A, B as C } from './a'\nexport * from './b'\nexport * as ns from '../c'\n"
        b"export { default as G } from './g.js'\nexport { F, NS }\nexport type { T } from './t'\n"
        b"export const H = 1, I = 2\nexport default class J {}\nexport declare function k(): void\n"
        b"interface Local {}\n",
    )
    assert module.exported["C"] == ("B", "./a", 3)
    assert module.exported["ns"] == ("*", "../c", 5)
    assert module.exported["G"] == ("default", "./g.js", 6)
    assert module.exported["F"] == ("F", None, 7) and module.imports["F"] == ("E", "./e", 1)
    assert module.exported["T"] == ("T", "./t", 8)
    assert module.exported["default"][0] == "J" and module.declared["J"] == (10, "class")
    assert module.declared["H"] == (9, "variable") and module.declared["I"] == (9, "variable")
    assert module.declared["k"][1] == "function" and "Local" in module.declared
    assert module.stars == (("./b", 4),)
    assert module.imports["D"] == ("default", "./e", 1) and module.imports["NS"] == ("*", "pkg", 2)


def test_es_resolver_finds_sources_behind_written_extensions():
    tree = {
        "src/index.ts": "export { run } from './run.js'\nexport * from './dir'\n",
        "src/run.ts": "export function run() {}\n",
        "src/dir/index.tsx": "export const View = () => null\n",
    }
    resolver = EsResolver(files(tree))
    assert resolver.definition("src/index.ts", "run").path == "src/run.ts"
    view = resolver.definition("src/index.ts", "View")
    assert (view.path, view.line, [h.line for h in view.via]) == ("src/dir/index.tsx", 1, [2])
    assert resolver.definition("src/index.ts", "missing") is None
    assert resolver.specifier("../../etc/passwd", "src/index.ts") is None


def test_python_reader_conditional_imports_and_all():
    module = py_module(
        b"try:\n    from ._speedups import fast\nexcept ImportError:\n    from .slow import fast\n"
        b"from .models import (\n    Order,\n    Cart as Basket,\n)\nfrom .utils import *\n"
        b"__all__ = ['Order', 'Basket']\n\n@decorator\nclass Thing:\n    pass\n"
    )
    assert module.imports["fast"] == ("._speedups", "fast", 2)
    assert module.imports["Basket"] == (".models", "Cart", 5)
    assert module.stars == ((".utils", 9),)
    assert module.all == ("Order", "Basket")
    assert module.declared["Thing"][1] == "class"


def test_python_resolver_relative_levels():
    tree = {
        "pkg/__init__.py": "",
        "pkg/sub/__init__.py": "from ..core import Engine\nfrom . import helpers\n",
        "pkg/core.py": "class Engine:\n    pass\n",
        "pkg/sub/helpers.py": "",
    }
    resolver = PyResolver(files(tree), lambda rel: [rel] if rel in tree else [])
    assert resolver.resolve(["pkg", "sub", "Engine"]).path == "pkg/core.py"
    helpers = resolver.resolve(["pkg", "sub", "helpers"])
    assert (helpers.path, helpers.kind) == ("pkg/sub/helpers.py", "module")


def test_cpp_scopes_and_the_names_a_place_may_give():
    scopes = cpp_scopes(
        "cpp",
        b"namespace a {\nnamespace b::c {\ninline namespace v1 {\nclass T;\n}\n}\n}\nnamespace {\nint x;\n}\n"
        b'extern "C" {\nusing namespace a::b;\n}\nusing namespace std;\nvoid T::f() {}\n',
    )
    assert scopes.at(4) == ("a", "b", "c", "v1") and scopes.inline_at(4) == frozenset({"v1"})
    assert scopes.at(9) == () and scopes.at(15) == ()
    assert scopes.opened(15) == [("a", "b"), ("std",)]
    declared = qualified_names(scopes.at(4), scopes.inline_at(4))
    assert [q for q, _ in declared] == [("a", "b", "c", "v1"), ("a", "b", "c")]
    out_of_line = qualified_names(("a", "b"), frozenset(), ("T",))
    assert [q for q, _ in out_of_line] == [("a", "b", "T"), ("a", "T"), ("T",)]


def test_package_clauses_skip_licence_comments():
    go = b"/*\n Copyright: this package is free software.\npackage nope\n*/\n// package nope\npackage yaml\n"
    assert package_clause("go", go) == "yaml"
    assert package_clause("java", b"// header\npackage com.acme.orders;\n\nclass A {}\n") == "com.acme.orders"
    assert package_clause("kotlin", b'@file:JvmName("X")\npackage com.acme.`in`.x\n') == "com.acme.in.x"
    assert package_clause("python", b"package = 1\n") is None
    assert package_clause("go", b"func main() {}\n") is None


def test_each_module_reader_parses_the_same_contents_once():
    # A warm host resolves through the same files on every query: equal bytes, one parse.
    rust = b"pub mod cart;\npub use cart::Cart;\n"
    ts = b"export { Cart } from './cart';\n"
    cpp = b"namespace shop {\nint total();\n}\n"
    python = b"from .cart import Cart\n"
    assert rust_module(rust) is rust_module(bytes(bytearray(rust)))
    assert es_module("src/index.ts", ts) is es_module("lib/other.ts", bytes(bytearray(ts)))
    assert cpp_scopes("cpp", cpp) is cpp_scopes("cpp", bytes(bytearray(cpp)))
    assert py_module(python) is py_module(bytes(bytearray(python)))
    assert es_module("src/index.ts", ts).exported and rust_module(rust).uses
