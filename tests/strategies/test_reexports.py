"""reexports on small repositories: each form of re-export, namespace and import path
resolves to the file that defines the name, and says how."""

from __future__ import annotations

import pytest

from boundedcode import MemoryTree, retrieve
from boundedcode.lang.exports.model import MAX_HOPS
from boundedcode.seeds import message_anchors, message_facts
from boundedcode.strategies import reexports
from boundedcode.strategies.base import Plan


def run(files, message, **kw):
    return retrieve(message, tree=MemoryTree(files), explain=True, **kw)


def found(result, path):
    """The reexports findings' reasons for `path` (from --explain's contributions)."""
    item = next((it for it in result.items if it.path == path), None)
    if item is None or item.explain is None:
        return []
    return [c.reason for c in item.explain.contributions if c.strategy == "reexports"]


def top(result, n=1):
    return result.paths[:n]


# --- Rust --------------------------------------------------------------------------------

RUST = {
    "Cargo.toml": '[workspace]\nmembers = ["weft", "weft-extra"]\n',
    "weft/Cargo.toml": '[package]\nname = "weft"\nversion = "1.0.0"\n',
    "weft/src/lib.rs": (
        '#![doc = "runtime"]\n'
        "cfg_sync! {\n    pub mod sync;\n}\n"
        '#[path = "platform/posix_impl.rs"]\npub mod os;\n'
        "mod util;\npub use crate::util::*;\n"
    ),
    "weft/src/sync/mod.rs": (
        "mod raw_gate;\nmod gate;\n"
        "pub use gate::{\n    OwnedGatePass,\n    Gate,\n};\n"
        "pub mod fanout;\npub mod queue;\n"
    ),
    "weft/src/sync/gate.rs": (
        "use super::raw_gate as ll;\n\n"
        "/// Counting gate.\npub struct Gate {\n    ll: ll::Gate,\n}\n\n"
        "pub struct OwnedGatePass;\n"
    ),
    "weft/src/sync/raw_gate.rs": "pub(crate) struct Gate;\n",
    "weft/src/sync/fanout.rs": "pub struct Sender<T>(T);\npub fn channel() {}\n",
    "weft/src/sync/queue/mod.rs": "mod link;\npub(crate) use self::link::*;\npub use capped::Drain;\nmod capped;\n",
    "weft/src/sync/queue/link.rs": "pub(crate) struct Sink;\n",
    "weft/src/sync/queue/capped.rs": "pub struct Drain;\n",
    "weft/src/platform/posix_impl.rs": "pub fn raw_fd() -> i32 { 0 }\n",
    "weft/src/util/mod.rs": "mod notify;\npub use self::notify::NotifyRef;\n",
    "weft/src/util/notify.rs": "pub struct NotifyRef;\n",
    "weft-extra/Cargo.toml": '[package]\nname = "weft-extra"\n',
    "weft-extra/src/lib.rs": "pub mod time;\n",
    "weft-extra/src/time/mod.rs": "mod backoff_list;\npub use backoff_list::BackoffList;\n",
    "weft-extra/src/time/backoff_list.rs": "pub struct BackoffList<T>(T);\n",
}


@pytest.mark.parametrize(
    "message, defining, via",
    [
        # pub use a::{b, c} in a multi-line group, reached through a module declared in a macro
        ("`weft::sync::Gate` never wakes", "weft/src/sync/gate.rs", "weft/src/sync/mod.rs:5"),
        # a module path: fanout.rs (a file) and queue/mod.rs (a directory)
        ("`weft::sync::fanout::channel` drops values", "weft/src/sync/fanout.rs", None),
        # pub(crate) use self::x::* and pub use of a module declared below it
        (
            "`weft::sync::queue::Sink` is not Send",
            "weft/src/sync/queue/link.rs",
            "weft/src/sync/queue/mod.rs:2",
        ),
        (
            "`weft::sync::queue::Drain` closes early",
            "weft/src/sync/queue/capped.rs",
            "weft/src/sync/queue/mod.rs:3",
        ),
        # mod x; with #[path]
        ("`weft::os::raw_fd` returns -1", "weft/src/platform/posix_impl.rs", None),
        # crate:: and self:: through a glob at the crate root
        ("`weft::NotifyRef` leaks", "weft/src/util/notify.rs", "weft/src/lib.rs:8"),
        # a workspace crate named by its Cargo.toml, `-` as `_`
        (
            "`weft_extra::time::BackoffList` is not woken",
            "weft-extra/src/time/backoff_list.rs",
            "weft-extra/src/time/mod.rs:2",
        ),
    ],
)
def test_rust_paths_resolve_through_mod_and_pub_use(message, defining, via):
    result = run(RUST, message)
    reasons = found(result, defining)
    assert reasons, (message, result.paths)
    if via:
        assert reasons[0].startswith(f"re-exported by {via} as `"), reasons
    assert top(result) == [defining], result.paths
    # Without the strategy the re-exporting module file, not the definition, is what a path gives.
    assert found(run(RUST, message, without=["reexports"]), defining) == []


def test_rust_super_paths_and_a_type_whose_every_mention_is_a_reexport():
    files = {
        "Cargo.toml": '[package]\nname = "shop"\n',
        "src/lib.rs": "pub mod ledger;\npub use ledger::Book;\n",
        "src/ledger/mod.rs": "mod inner;\npub use self::inner::Book;\n",
        "src/ledger/inner/mod.rs": "mod raw;\npub use super::super::store::RawBook as Book;\n",
        "src/store.rs": "pub struct RawBook {\n    pages: u32,\n}\n",
        "src/ledger/inner/raw.rs": "fn unrelated() {}\n",
    }
    files["src/lib.rs"] += "pub mod store;\n"
    result = run(files, "A `Book` loses its pages after a save")
    # Nothing defines `Book`: every line naming it is a re-export, three of them chained.
    assert top(result) == ["src/store.rs"], result.paths
    assert found(result, "src/store.rs")[0].startswith("re-exported by src/")
    qualified = run(files, "`shop::Book` loses its pages")
    assert top(qualified) == ["src/store.rs"]
    reason = found(qualified, "src/store.rs")[0]
    assert reason == "re-exported by src/lib.rs:2 as `shop::Book`"


def test_a_three_hop_chain_resolves_within_the_budgets():
    files = {
        "Cargo.toml": '[package]\nname = "app"\n',
        "src/lib.rs": "pub mod a;\npub use a::Widget;\n",
        "src/a/mod.rs": "pub mod b;\npub use b::Widget;\n",
        "src/a/b/mod.rs": "mod c;\npub use c::Widget;\n",
        "src/a/b/c.rs": "pub struct Widget;\n",
    }
    result = run(files, "`app::Widget` renders twice")
    assert top(result) == ["src/a/b/c.rs"]
    assert result.bounds_reached == []
    assert "reexports" in result.items[0].strategies


def test_a_cycle_of_reexports_and_a_chain_past_the_hop_limit_stop():
    cycle = {
        "Cargo.toml": '[package]\nname = "app"\n',
        "src/lib.rs": "pub mod a;\npub mod b;\npub use a::Widget;\n",
        "src/a.rs": "pub use crate::b::Widget;\n",
        "src/b.rs": "pub use crate::a::Widget;\n",
    }
    result = run(cycle, "`app::Widget` renders twice")
    assert all(found(result, p) == [] for p in cycle)
    # A chain of more hops than the resolver follows is left unresolved; a shorter one is not.
    for hops, resolved in ((MAX_HOPS + 4, False), (MAX_HOPS // 2, True)):
        chain = {"Cargo.toml": '[package]\nname = "app"\n', "src/lib.rs": "pub use m0::Widget;\n"}
        for i in range(hops):
            chain["src/lib.rs"] += f"pub mod m{i};\n"
            chain[f"src/m{i}.rs"] = f"pub use crate::m{i + 1}::Widget;\n"
        chain["src/lib.rs"] += f"pub mod m{hops};\n"
        chain[f"src/m{hops}.rs"] = "pub struct Widget;\n"
        reasons = found(run(chain, "`app::Widget` renders twice"), f"src/m{hops}.rs")
        assert bool(reasons) is resolved, (hops, reasons)


# --- TypeScript and JavaScript -----------------------------------------------------------------

TS = {
    "package.json": '{"name": "monorepo", "private": true, "workspaces": ["packages/*"]}\n',
    "tsconfig.json": (
        '{\n  // shared options\n  "compilerOptions": {\n    "baseUrl": ".",\n'
        '    "paths": {"@app/*": ["apps/web/src/*"],},\n  },\n}\n'
    ),
    "packages/signals/package.json": (
        '{"name": "@acme/signals", "main": "dist/index.js", "types": "dist/index.d.ts",'
        ' "exports": {".": {"types": "./dist/index.d.ts", "import": "./dist/index.mjs"},'
        ' "./observe": "./dist/observe.js"}}\n'
    ),
    "packages/signals/src/index.ts": "export * from './cell'\nexport { observe as watchChanges } from './observe'\n",
    "packages/signals/src/cell.ts": "export class CellImpl {}\nexport function cell() { return new CellImpl() }\n",
    "packages/signals/src/observe.ts": "export function observe(fn: () => void) { fn() }\n",
    "packages/core/package.json": '{"name": "@acme/core", "main": "index.js"}\n',
    "packages/core/index.js": "import { mount } from './lib/mount.js'\nexport { mount }\n",
    "packages/core/lib/mount.js": "export const mount = () => 1\n",
    "packages/schema/package.json": '{"name": "@acme/schema", "types": "./lib/index.d.ts"}\n',
    "packages/schema/src/index.ts": "export { Field } from './field'\n",
    "packages/schema/src/field.ts": "export class Field {}\n",
    "apps/web/src/components/Button/index.tsx": "export { Button } from './Button'\n",
    "apps/web/src/components/Button/Button.tsx": "export function Button() { return null }\n",
    "apps/web/src/util/format.ts": "export const formatDate = (d: Date) => d.toISOString()\n",
}


@pytest.mark.parametrize(
    "message, defining",
    [
        # export * from a barrel index.ts, the package found by its name and `exports`
        (
            "```ts\nimport { CellImpl } from '@acme/signals'\n```\nCellImpl breaks",
            "packages/signals/src/cell.ts",
        ),
        # a subpath export mapped from dist/ back to src/
        (
            "```ts\nimport { observe } from '@acme/signals/observe'\n```\nobserve runs twice",
            "packages/signals/src/observe.ts",
        ),
        # `types` alone, its output directory mapped back to src/
        (
            "```ts\nimport { Field } from '@acme/schema'\n```\nField drops its default",
            "packages/schema/src/field.ts",
        ),
        # `main` and import-then-export in JavaScript, `./x.js` written
        ("```js\nimport { mount } from '@acme/core'\n```\nmount throws", "packages/core/lib/mount.js"),
        # tsconfig `paths` and a barrel index.tsx
        (
            "```tsx\nimport { Button } from '@app/components/Button'\n```\nButton flickers",
            "apps/web/src/components/Button/Button.tsx",
        ),
        # tsconfig `baseUrl`
        (
            "```ts\nimport { formatDate } from 'apps/web/src/util/format'\n```\nformatDate is off by one",
            "apps/web/src/util/format.ts",
        ),
    ],
)
def test_typescript_imports_resolve_through_packages_aliases_and_barrels(message, defining):
    result = run(TS, message)
    reasons = found(result, defining)
    assert reasons, (message, result.paths)
    # The definition first, or second after the barrel it was re-exported through (a short file
    # naming the import's words, which full text and path words may rank first).
    barrels = {r.split("re-exported by ")[1].split(":")[0] for r in reasons if "re-exported by " in r}
    assert result.paths[0] == defining or (result.paths[0] in barrels and result.paths[1] == defining)


def test_an_alias_exported_from_a_barrel_resolves_to_the_aliased_definition():
    result = run(TS, "```ts\nimport { watchChanges } from '@acme/signals'\n```\nwatchChanges runs twice")
    assert found(result, "packages/signals/src/observe.ts") == [
        "imported from `@acme/signals` as `watchChanges`, re-exported by packages/signals/src/index.ts:2"
    ]
    # The barrel holds the alias's only mention (full text ranks it); the definition comes next.
    assert "packages/signals/src/observe.ts" in top(result, 2), result.paths


def test_a_name_in_prose_is_followed_from_its_barrel_to_its_definition():
    result = run(TS, "`watchChanges` runs twice after an update")
    reasons = found(result, "packages/signals/src/observe.ts")
    assert reasons == ["re-exported by packages/signals/src/index.ts:2 as `watchChanges`"]


def test_a_file_that_names_the_name_on_a_group_line_but_exports_nothing_is_not_parsed(monkeypatch):
    from boundedcode.lang.exports.ecmascript import EsResolver
    from boundedcode.lang.exports.python import PyResolver

    files = {
        **TS,
        "packages/signals/src/registry.ts": "const handlers = {\n  watchChanges,\n  other,\n};\n",
        "tools/__init__.py": "HANDLERS = (\n    watchChanges,\n)\n",
    }
    parsed = []
    for resolver in (EsResolver, PyResolver):
        real = resolver.module
        monkeypatch.setattr(
            resolver, "module", lambda self, path, real=real: parsed.append(path) or real(self, path)
        )
    result = run(files, "`watchChanges` runs twice after an update")
    reasons = found(result, "packages/signals/src/observe.ts")
    assert reasons == ["re-exported by packages/signals/src/index.ts:2 as `watchChanges`"]
    assert "packages/signals/src/index.ts" in parsed
    assert "packages/signals/src/registry.ts" not in parsed and "tools/__init__.py" not in parsed


# --- Go ----------------------------------------------------------------------------------------

GO = {
    "go.mod": "module github.com/acme/shop // the service\n\ngo 1.22\n\nreplace (\n"
    "\tgithub.com/acme/yaml v1.2.0 => ./third_party/yaml\n\tgolang.org/x/net => golang.org/x/net v0.1.0\n)\n",
    "internal/ledger/book.go": "package ledger\n\nfunc Post() {}\n",
    "internal/ledger/book_test.go": "package ledger\n",
    "third_party/yaml/decode.go": "package yaml\n\nfunc Unmarshal() {}\n",
    "pkg/go-codec/codec.go": "// Package codec encodes.\npackage codec\n\nfunc Marshal() {}\n",
    "pkg/other/marshal.go": "package other\n\nfunc Marshal() {}\n",
}


@pytest.mark.parametrize(
    "message, defining",
    [
        # the module path of go.mod: github.com/org/repo/internal/x → internal/x/
        (
            '```go\nimport "github.com/acme/shop/internal/ledger"\n```\nposting fails',
            "internal/ledger/book.go",
        ),
        ("posting via github.com/acme/shop/internal/ledger fails", "internal/ledger/book.go"),
        # a replace directive to a local directory
        ('```go\nimport "github.com/acme/yaml"\n```\nunmarshal fails', "third_party/yaml/decode.go"),
        # a package whose name differs from its directory
        ("`codec.Marshal` panics on nil", "pkg/go-codec/codec.go"),
    ],
)
def test_go_import_paths_and_package_names(message, defining):
    result = run(GO, message)
    assert found(result, defining), (message, result.paths)
    assert top(result) == [defining], result.paths
    assert "internal/ledger/book_test.go" not in result.paths


# --- C++ ---------------------------------------------------------------------------------------

CPP = {
    "include/geo/shape.hpp": "#pragma once\nnamespace geo::shapes {\nclass Circle {\n public:\n  double area() const;\n};\n}\n",
    "include/draw/shape.hpp": "namespace draw {\nclass Circle {};\n}\n",
    "src/circle.cpp": '#include "geo/shape.hpp"\nusing namespace geo::shapes;\n\ndouble Circle::area() const { return 0; }\n',
    "src/draw.cpp": "namespace draw {\nnamespace detail {\nvoid Circle::paint() {}\n}\n}\n",
    "src/inline.hpp": "namespace geo {\ninline namespace v2 {\nstruct Point {};\n}\n}\n",
}


def test_cpp_namespaces_give_the_header_that_declares_and_the_source_that_defines():
    result = run(CPP, "`geo::shapes::Circle` reports a negative area")
    assert found(result, "include/geo/shape.hpp") == [
        "declares `geo::shapes::Circle` in namespace geo::shapes"
    ]
    # Under `using namespace geo::shapes;`, `Circle::area` defines the class's member.
    assert found(result, "src/circle.cpp") == [
        "defines members of `geo::shapes::Circle` in namespace geo::shapes"
    ]
    assert found(result, "include/draw/shape.hpp") == []
    assert set(top(result, 2)) == {"include/geo/shape.hpp", "src/circle.cpp"}


def test_cpp_nested_and_inline_namespaces():
    assert found(run(CPP, "`geo::Point` is not copyable"), "src/inline.hpp") == [
        "declares `geo::Point` in namespace geo::v2"
    ]
    member = run(CPP, "`draw::Circle::paint` draws nothing")
    # Inside draw::detail, `Circle` is looked up outwards: draw::Circle.
    assert found(member, "src/draw.cpp") == ["defines `draw::Circle::paint` in namespace draw"]


# --- Python, PHP, Java and Kotlin ------------------------------------------------------------------


def test_python_package_reexports_and_all():
    files = {
        "src/shop/__init__.py": "from .models import *\n",
        "src/shop/models/__init__.py": "from .base import Order as Order\nfrom shop.models.cart import *\n",
        "src/shop/models/base.py": "class Order:\n    pass\n",
        "src/shop/models/cart.py": "__all__ = ['Cart']\n\nclass Cart:\n    pass\n\nclass Hidden:\n    pass\n",
    }
    assert top(run(files, "`shop.Order` totals are wrong")) == ["src/shop/models/base.py"]
    cart = run(files, "Cart loses items\n\nfrom shop.models import Cart\n")
    assert found(cart, "src/shop/models/cart.py")
    assert top(cart) == ["src/shop/models/cart.py"]
    # `__all__` limits what `import *` passes on.
    assert found(run(files, "`shop.models.Hidden` is shown"), "src/shop/models/cart.py") == []


def test_python_name_through_a_samples_import_alias():
    files = {
        "src/shop/__init__.py": "from .core.totals import where\n",
        "src/shop/core/totals.py": "def where(cond, x, y):\n    return x\n",
        "src/shop/core/frame.py": "class Frame:\n    def where(self, cond):\n        return self\n",
    }
    message = (
        "`sh.where(...)` drops the attributes\n\n```python\nimport shop as sh\nsh.where(True, a, b)\n```\n"
    )
    result = run(files, message)
    # `sh` is bound to `shop` by the sample: `shop.where` is resolved through the package.
    assert found(result, "src/shop/core/totals.py")
    assert top(result) == ["src/shop/core/totals.py"]
    # Without the import `sh` binds nothing: the name alone, defined in both files.
    assert found(run(files, "`sh.where(...)` drops the attributes"), "src/shop/core/totals.py") == []


def test_php_psr4_prefixes_from_composer_json():
    files = {
        "composer.json": '{"autoload": {"psr-4": {"Acme\\\\Books\\\\": "src/Books/"}},'
        ' "autoload-dev": {"psr-4": {"Acme\\\\Tests\\\\": "tests/"}}}\n',
        "src/Books/Tax/Engine.php": "<?php\nnamespace Acme\\Books\\Tax;\nclass Engine {}\n",
        "src/Other/Tax/Engine.php": "<?php\nnamespace Other\\Tax;\nclass Engine {}\n",
    }
    result = run(files, "`Acme\\Books\\Tax\\Engine::run` divides by zero")
    assert found(result, "src/Books/Tax/Engine.php") == ["PSR-4 path of `Acme::Books::Tax::Engine::run`"]
    assert top(result) == ["src/Books/Tax/Engine.php"]


def test_jvm_package_declarations_where_the_directory_does_not_mirror_them():
    files = {
        "core/src/main/kotlin/orders/Orders.kt": "package com.acme.shop.orders\n\nclass Orders\n",
        "legacy/src/Orders.java": "package com.acme.legacy;\n\npublic class Orders {}\n",
    }
    result = run(files, "com.acme.shop.orders.Orders loses items")
    assert found(result, "core/src/main/kotlin/orders/Orders.kt") == [
        "defines `Orders` in package com.acme.shop.orders"
    ]
    assert found(result, "legacy/src/Orders.java") == []
    assert top(result) == ["core/src/main/kotlin/orders/Orders.kt"]


def test_manifests_are_parsed_within_their_byte_budget(monkeypatch):
    files = {
        "Cargo.toml": '[workspace]\nmembers = ["deep/inner"]\n',
        "deep/inner/Cargo.toml": '[package]\nname = "inner-kit"\n',
        "deep/inner/src/lib.rs": "mod spool;\npub use spool::Spool;\n",
        "deep/inner/src/spool.rs": "pub struct Spool;\n",
    }
    message = "`inner_kit::Spool` rewinds twice"
    assert found(run(files, message), "deep/inner/src/spool.rs")
    # Shallowest first: with room for the workspace's manifest alone, the member's is not parsed.
    monkeypatch.setattr(reexports, "MAX_MANIFEST_TOTAL", len(files["Cargo.toml"]))
    assert found(run(files, message), "deep/inner/src/spool.rs") == []


def test_a_short_segment_of_a_qualified_name_is_not_searched_for():
    message = "The matcher, i.e. `Matcher::matches`, skips documents"
    anchors = tuple(message_anchors(message))
    plan = Plan(anchors, message_facts(message, anchors))
    texts = {n.text for _, n in reexports.ReexportsStrategy().needles(plan)}
    assert "matches" in texts and "Matcher" in texts
    assert not any(len(t) < reexports.MIN_SEGMENT_CHARS for t in texts), texts


def test_a_value_s_member_the_seeds_set_aside_is_not_searched_as_a_qualified_name():
    message = "`self.rewind()` and `spool.get(key)` fail, while `spool.unwind` and `yaml.Marshal` work"
    anchors = tuple(message_anchors(message))
    plan = Plan(anchors, message_facts(message, anchors))
    assert {"self.rewind", "spool.get"} <= {a.text for a in anchors if a.kind == "module"}
    texts = {n.text for _, n in reexports.ReexportsStrategy().needles(plan)}
    # `get` of a value and a method of `self` name nothing a module path resolves; the members
    # the seeds keep are searched (by this strategy and by symbols).
    assert "get" not in texts and "rewind" not in texts
    assert {"unwind", "Marshal"} <= texts


def test_an_import_is_resolved_without_searching_for_its_name():
    files = {
        "weft/__init__.py": "from .spool import Spool\n",
        "weft/spool.py": "class Spool:\n    def rewind(self):\n        pass\n",
        "weft/loom.py": "from weft import Spool\n",
    }
    message = "Rewinding twice fails:\n\n```python\nfrom weft import Spool\nSpool().rewind()\n```\n"
    anchors = tuple(message_anchors(message))
    plan = Plan(anchors, message_facts(message, anchors))
    assert any(a.kind == "import" and a.text == "weft" for a in anchors)
    # The package's name is in most of its own files: its mentions would resolve nothing.
    texts = {n.text for _, n in reexports.ReexportsStrategy().needles(plan)}
    assert "weft" not in texts and "Spool" in texts
    assert any("imported from `weft`" in r for r in found(run(files, message), "weft/spool.py"))


def test_a_manifest_is_parsed_once_for_the_same_contents_and_again_when_they_change(monkeypatch):
    parsed: list[str] = []

    def counting(path, data, real=reexports.path_aliases):
        parsed.append(path)
        return real(path, data)

    monkeypatch.setattr(reexports, "path_aliases", counting)
    message = "```tsx\nimport { Button } from '@app/components/Button'\n```\nButton flickers"
    button = "apps/web/src/components/Button/Button.tsx"
    assert found(run(TS, message), button) and found(run(TS, message), button)
    assert parsed == ["tsconfig.json"]  # two retrievals, the same bytes: one parse
    moved = {
        **TS,
        "tsconfig.json": TS["tsconfig.json"].replace("apps/web/src/*", "apps/site/src/*"),
        "apps/site/src/components/Button/index.tsx": TS["apps/web/src/components/Button/index.tsx"],
        "apps/site/src/components/Button/Button.tsx": TS[button],
    }
    assert found(run(moved, message), "apps/site/src/components/Button/Button.tsx")
    assert parsed == ["tsconfig.json", "tsconfig.json"]
