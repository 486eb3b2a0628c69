"""reexports: names across re-exports, namespaces and import paths, to where they are defined.

The modules strategy maps a qualified name onto file paths; this one follows
the language's own rules where the path and the name part ways:

* a qualified name (`tokio::sync::Semaphore`, `django.db.models.Model`,
  `App\\Http\\Kernel`, `com.acme.orders.Orders`, `yaml.Marshal`,
  `fmt::v1::format_to`) resolved from the crate root its Cargo.toml names
  through `mod`, `#[path]` and `pub use`; through a package's `__init__.py`;
  by composer.json's PSR-4 prefixes; by the package clause of the files
  defining its last name; by the namespace blocks around a C++ definition;
* a name in the prose whose mentions are re-exports (`pub use`, `export { X }
  from`, `from .x import X` in a package) followed to its definition;
* an import (`import { X } from '@scope/pkg'`, `import "github.com/org/repo/x"`)
  resolved through tsconfig aliases, workspace packages and go.mod.

Manifests are read once each (at most MAX_MANIFESTS per kind, shallowest
first, MAX_MANIFEST_TOTAL bytes in all), source files through a bounded reader
(MAX_FILES per retrieval, lang.exports' MAX_FILE_BYTES each, MAX_BYTES in all). Each
resolution is a finding of its own that says how it was made ("re-exported by
src/lib.rs:12 as `tokio::sync::Semaphore`").
"""

from __future__ import annotations

import functools
import re
from typing import TYPE_CHECKING, Callable, Sequence, TypeVar

from .._record import replace
from ..lang.definitions import definition_kind
from ..lang.exports.model import Files, Resolved
from ..lang.exports.namespaces import (
    PACKAGE_LANGUAGES,
    CppScopes,
    cpp_scopes,
    package_clause,
    qualified_names,
)
from ..lang.import_lines import names_alone
from ..lang.languages import is_test_path, language_of
from ..lang.manifests import (
    MANIFEST_NAMES,
    Crate,
    GoModule,
    Package,
    PathAliases,
    Psr4,
    cargo_crate,
    go_module,
    is_tsconfig,
    npm_package,
    path_aliases,
    psr4,
)
from ..lazyre import LazyPattern, compile_static
from ..model import Anchor, AnchorKind, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, PathIndex, Plan, definition_factor, is_identifier

if TYPE_CHECKING:
    from ..lang.exports.ecmascript import EsResolver
    from ..lang.exports.python import PyResolver
    from ..lang.exports.rust import RustResolver

__all__ = ["ReexportsStrategy"]

#: Source files the resolvers read per retrieval, at most (each re-export hop reads one).
MAX_FILES = 64
#: Manifests of one kind read per retrieval, shallowest first (a workspace's members).
MAX_MANIFESTS = 64
#: Manifest bytes parsed per retrieval, all kinds together: tomllib and json5 are pure Python
#: (some 1 MB/s), so this bounds their time to a few hundred milliseconds.
MAX_MANIFEST_TOTAL = 256 * 1024
#: Files whose mentions of a name are looked at as possible re-exports, per name.
MAX_REEXPORTING_FILES = 8
#: Definition sites whose namespace or package is read, per qualified name.
MAX_DEFINITION_SITES = 12
#: A qualified name's segment shorter than this is not searched for (`e` of prose's `i.e`
#: matched every `catch (Exception e)` line of a Java repository and doubled its scan).
MIN_SEGMENT_CHARS = 3
#: Files of a Go package directory an import path stands for, at most.
MAX_PACKAGE_FILES = 8

_SEPARATORS = compile_static(r"::|\\|\.")
_DOTTED = compile_static(r"[A-Za-z_]\w*(?:\.[A-Za-z_]\w*)*")
_JVM = frozenset({"java", "kotlin", "scala", "groovy"})
_CPP = frozenset({"c", "cpp"})
# A line that may re-export a name: Rust `pub use`, JavaScript `export`, Python `import`, or a
# line of a multi-line group (`    Semaphore, TryAcquireError,`); the file's parse decides.
_LIST_LINE = r"(?!(?:use|let|mod|fn|const|return|import|from|export)\b)[\w:$.]++(?:\s++as\s++[\w$]++)?+"
_GROUP_LINE = names_alone(_LIST_LINE, "})")
_MAY_REEXPORT = {
    "rust": LazyPattern(rf"^\s*pub(?:\([^)]*\))?\s+use\b|{_GROUP_LINE}"),
    "javascript": LazyPattern(rf"^\s*export\b|{_GROUP_LINE}"),
    "python": LazyPattern(rf"^\s*from\b.*\bimport\b|{_GROUP_LINE}"),
}

T = TypeVar("T")


#: The listing's tsconfig files: a fact of it (`PathIndex.fact`).
TSCONFIGS = "reexports.tsconfigs"


def _tsconfigs(paths: Sequence[str]) -> list[str]:
    """The listing's tsconfig files (a fact of the listing: a warm host's every query asks it)."""
    return [p for p in paths if is_tsconfig(p.rsplit("/", 1)[-1])]


@functools.lru_cache(maxsize=8 * MAX_MANIFESTS)  # every kind's (five), with room
def _manifest(parse: Callable[[str, bytes], T | None], path: str, data: bytes) -> T | None:
    """`parse(path, data)`, kept for the same contents (a warm host reads the same bytes on every
    query; a tsconfig neither JSON nor JSON with comments is parsed by json5, in pure Python: some
    10 ms one). The records are frozen."""
    return parse(path, data)


class _Manifests:
    """The checkout's manifests of each kind, read on first use, the shallowest first."""

    def __init__(self, index: PathIndex, read: Callable[[str], bytes | None]):
        self._index, self._read_file = index, read
        self._cache: dict[str, list] = {}
        self._parsed = 0  # bytes handed to the parsers, all kinds

    def _read(self, kind: str, parse: Callable[[str, bytes], T | None]) -> list[T]:
        if kind not in self._cache:
            if kind == "tsconfig":  # tsconfig.json and the bases it extends (tsconfig.base.json)
                listed = self._index.fact(TSCONFIGS, _tsconfigs)
            else:
                listed = self._index.by_name(MANIFEST_NAMES[kind])
            paths = sorted((p for p in listed if not is_test_path(p)), key=lambda p: (p.count("/"), p))
            records = []
            for p in paths[:MAX_MANIFESTS]:
                data = self._read_file(p)
                if data is None or self._parsed + len(data) > MAX_MANIFEST_TOTAL:
                    continue
                self._parsed += len(data)
                if (record := _manifest(parse, p, data)) is not None:
                    records.append(record)
            self._cache[kind] = records
        return self._cache[kind]

    def every_kind(self) -> None:
        """Every kind's manifests read and parsed, each kind within the whole parse budget."""
        for read in (self.crates, self.go, self.packages, self.aliases, self.psr4):
            self._parsed = 0
            read()

    def crates(self) -> list[Crate]:
        return self._read("cargo", cargo_crate)

    def go(self) -> list[GoModule]:
        return self._read("go", go_module)

    def packages(self) -> list[Package]:
        return self._read("npm", npm_package)

    def aliases(self) -> list[PathAliases]:
        return self._read("tsconfig", path_aliases)

    def psr4(self) -> list[Psr4]:
        return self._read("composer", psr4)


def prepare_listing(index: PathIndex, read: Callable[[str], bytes | None]) -> None:
    """A long-lived host's, before its queries: the listing's tsconfig files found, and its
    manifests of every kind parsed (kept by their contents, `_manifest`): a query then parses
    none it reads unchanged (the 36k-file tree's first query, under cProfile: 26 ms finding the
    tsconfig files, 33 ms parsing 39 `Cargo.toml`)."""
    _Manifests(index, read).every_kind()


class _Context:
    """One retrieval's resolvers, built on first use, sharing one bounded reader."""

    def __init__(self, ev: Evidence):
        self.ev = ev
        self.files = Files(ev.read, ev.index.set.__contains__, MAX_FILES)
        self.manifests = _Manifests(ev.index, ev.read)
        self._rust: RustResolver | None = None
        self._es: EsResolver | None = None
        self._py: PyResolver | None = None
        self._scopes: dict[str, CppScopes | None] = {}

    @property
    def rust(self) -> RustResolver:
        if self._rust is None:
            from ..lang.exports.rust import RustResolver  # each language's resolver when first asked

            crates: dict[str, str] = {}
            for crate in self.manifests.crates():
                root = next((r for r in crate.roots if r in self.ev.index.set), None)
                if root is not None:
                    crates.setdefault(crate.name, root)
            self._rust = RustResolver(crates, self.files)
        return self._rust

    @property
    def es(self) -> EsResolver:
        if self._es is None:
            from ..lang.exports.ecmascript import EsResolver

            self._es = EsResolver(self.files, self.manifests.packages(), self.manifests.aliases())
        return self._es

    @property
    def py(self) -> PyResolver:
        if self._py is None:
            from ..lang.exports.python import PyResolver

            self._py = PyResolver(self.files, self._locate)
        return self._py

    def scopes(self, path: str) -> CppScopes | None:
        """A C/C++ file's namespace blocks, parsed once per retrieval (several names share headers)."""
        if path not in self._scopes:
            data = self.files(path)
            self._scopes[path] = cpp_scopes(language_of(path) or "cpp", data) if data is not None else None
        return self._scopes[path]

    def _locate(self, rel: str) -> list[str]:
        """Checkout files whose path ends with `rel`, outside tests, the shallowest first."""
        name = rel.rsplit("/", 1)[-1]
        found = [p for p in self.ev.index.by_name(name) if p == rel or p.endswith("/" + rel)]
        return sorted((p for p in found if not is_test_path(p)), key=lambda p: (p.count("/"), p))


def _holds(ctx: _Context, path: str, word: bytes) -> bool:
    """Whether `path`'s text holds `word` (read as its parse would read it: once, in the budget)."""
    data = ctx.files(path)
    return data is not None and word in data


def _reason_via(resolved: Resolved, label: str) -> str:
    if resolved.via:
        hop = resolved.via[0]
        return f"re-exported by {hop.path}:{hop.line} as `{label}`"
    return f"module path of `{label}`" if resolved.kind == "module" else f"defines {resolved.kind} `{label}`"


class ReexportsStrategy:
    id = "reexports"

    def wants(self, plan: Plan) -> str | None:
        qualified = plan.of_kind(AnchorKind.MODULE)
        imports = plan.of_kind(AnchorKind.IMPORT)
        names = [a for a in plan.of_kind(AnchorKind.NAME, AnchorKind.MEMBER) if is_identifier(a.text)]
        parts = [
            f"{n} {what}"
            for n, what in (
                (len(qualified), "qualified name(s)"),
                (len(imports), "import(s)"),
                (len(names), "name(s)"),
            )
            if n
        ]
        return ", ".join(parts) or None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        out = []
        members = {(a.qualifier, a.text) for a in plan.of_kind(AnchorKind.MEMBER)}
        for a in plan.of_kind(AnchorKind.MODULE):
            # The last name, and the one before it (`Type` of `a::Type::run`, `Orders` of `…Orders.place`).
            segs = _segments(a.text)
            if len(segs) == 2 and segs[0][:1].islower() and (segs[0], segs[1]) not in members:
                continue  # a value's member the seeds did not keep (a common one, one of `self`)
            for i, seg in enumerate(reversed(segs[-2:])):
                if len(seg) >= MIN_SEGMENT_CHARS and is_identifier(seg) and (i == 0 or seg[:1].isupper()):
                    out.append((a, Needle(seg, word=True)))
        # An import is resolved through module paths and manifests, never through its mentions:
        # its name (`django`, `sympy` of a sample's imports) would be searched in most files of
        # its own project for nothing (sympy-22914: 26,563 of the scan's 70,475 lines).
        for a in plan.of_kind(AnchorKind.NAME, AnchorKind.MEMBER):
            if is_identifier(a.text):
                out.append((a, Needle(a.text, word=True)))
        return out

    def find(self, ev: Evidence) -> list[Finding]:
        ctx = _Context(ev)
        out: list[Finding] = []
        for a in ev.of_kind(AnchorKind.MODULE):
            out += self._qualified(ctx, a)
        # The names an import brings first: a module that only passes them on from elsewhere
        # (a barrel `index.ts`, a package's `__init__.py`) is not where they are.
        imports = sorted(ev.of_kind(AnchorKind.IMPORT), key=lambda a: a.qualifier is None)
        passed_on: set[str] = set()
        for a in imports:
            if a.qualifier is not None:
                named, via = self._import(ctx, a)
                if via:
                    passed_on.add(a.qualifier)
                out += named
            elif a.text not in passed_on:
                out += self._import(ctx, a)[0]
        # A member's re-export (`Pending` of `Poll::Pending`) says nothing of its qualifier.
        for a in ev.of_kind(AnchorKind.NAME):
            if is_identifier(a.text):
                out += self._reexported(ctx, a)
        return out

    # --- qualified names -------------------------------------------------------------------

    def _qualified(self, ctx: _Context, a: Anchor) -> list[Finding]:
        segs = _segments(a.text)
        if len(segs) < 2:
            return []
        origin = ctx.ev.origin_weight(a)
        resolved: Resolved | None = None
        if ("::" in a.text or "\\" in a.text) and segs[0] in ctx.rust.crates:
            resolved = ctx.rust.resolve(segs)
        elif "\\" in a.text or "::" in a.text:
            found = self._psr4(ctx, segs)
            if found is not None:
                return [self._finding(a, found, R.MODULE_RESOLVED, f"PSR-4 path of `{a.text}`", origin)]
        if resolved is None and "." in a.text and ctx.ev.index.by_name("__init__.py"):
            resolved = ctx.py.resolve(segs)
        if resolved is not None:
            return [self._finding(a, resolved, R.MODULE_RESOLVED, _reason_via(resolved, a.text), origin)]
        if "::" in a.text:
            return self._namespaced(ctx, a, segs, origin)
        return self._packaged(ctx, a, segs, origin)

    def _psr4(self, ctx: _Context, segs: list[str]) -> Resolved | None:
        """`Vendor\\Pkg\\Sub\\Name` → the file its longest PSR-4 prefix maps it to."""
        for k in range(len(segs), 1, -1):  # `Kernel::handle`: the class, then its member
            name = "\\".join(segs[:k])
            for record in ctx.manifests.psr4():
                for prefix, dirs in record.prefixes:
                    if prefix and not name.startswith(prefix + "\\"):
                        continue
                    rest = name[len(prefix) :].strip("\\").replace("\\", "/")
                    for d in dirs:
                        path = f"{d}/{rest}.php" if d else f"{rest}.php"
                        if path in ctx.ev.index.set:
                            return Resolved(path, None, "class")
        return None

    def _definition_sites(self, ctx: _Context, name: str, languages: frozenset[str]) -> list[tuple[str, int]]:
        """Where the definition patterns see `name` defined in files of `languages` (from the scan):
        the navigator's definitions, read once a retrieval (symbols asks for them too)."""
        if not ctx.ev.scan.files_with(Needle(name, word=True)):
            return []  # a name the shared scan did not search (a later scan's is not this one's)
        sites: dict[str, int] = {}
        for loc in ctx.ev.navigator.fallback.definitions(name):  # in (path, line) order
            if language_of(loc.path) in languages and not is_test_path(loc.path):
                sites.setdefault(loc.path, loc.line)
        return list(sites.items())[:MAX_DEFINITION_SITES]

    def _cpp_sites(self, ctx: _Context, name: str) -> list[tuple[str, int, tuple[str, ...], bool]]:
        """C/C++ lines defining `name` (`class Circle {`, `void Circle::area()` for `area`) or a
        member of it outside its class (`double Circle::area()` for `Circle`): (path, line, the
        qualifier written before the name, whether the line defines a member of `name`)."""
        member = re.compile(rf"((?:\w+\s*::\s*)*)\b{re.escape(name)}\s*::\s*~?(\w+)\s*\(")
        qualified = re.compile(rf"((?:\w+\s*::\s*)*)\b{re.escape(name)}\b")
        sites: dict[str, tuple[int, tuple[str, ...], bool]] = {}
        for path, hits in ctx.ev.scan.files_with(Needle(name, word=True)).items():
            language = language_of(path)
            if language not in _CPP or is_test_path(path):
                continue
            # A line no rule matches defines neither the name nor a member: left out.
            for hit in ctx.ev.navigator.fallback.definable(path, language, hits):
                if definition_kind(language, hit.text, name) is not None:
                    m = qualified.search(hit.text)
                    sites[path] = (hit.line, _qualifier(m.group(1) if m else ""), False)
                    break
                m = member.search(hit.text)
                if m and path not in sites and definition_kind(language, hit.text, m.group(2)) is not None:
                    sites[path] = (hit.line, _qualifier(m.group(1)), True)
        return [(p, line, q, is_member) for p, (line, q, is_member) in sorted(sites.items())][
            :MAX_DEFINITION_SITES
        ]

    def _namespaced(self, ctx: _Context, a: Anchor, segs: list[str], origin: float) -> list[Finding]:
        """`a::b::Type` in C/C++: the header declaring Type inside namespace a::b, and the source
        defining its members in it (inside its blocks, under its `using namespace`, or written out)."""
        out: list[Finding] = []
        # `a::b::Type::run`: the member's definitions, else its class's in the namespace before it.
        for k in (len(segs) - 1, len(segs) - 2):
            if k < 1 or not is_identifier(segs[k]):
                continue
            name, target = segs[k], tuple(segs[: k + 1])
            for path, line, spelled, is_member in self._cpp_sites(ctx, name):
                scopes = ctx.scopes(path)
                if scopes is None:
                    continue
                chain = scopes.at(line)
                names = qualified_names(
                    chain, scopes.inline_at(line), spelled, scopes.opened(line), is_member
                )
                match = next((ns for q, ns in names if _ends_with(q + (name,), target)), None)
                if match is None:
                    continue
                where = f"namespace {'::'.join(match)}" if match else "the global namespace"
                what = "defines members of" if is_member else ("defines" if spelled else "declares")
                reason = f"{what} `{'::'.join(target)}` in {where}"
                out.append(
                    Finding(path, line, self.id, a, R.NAMESPACE, reason, symbol=name, specificity=origin)
                )
            if out:
                break
        return out

    def _packaged(self, ctx: _Context, a: Anchor, segs: list[str], origin: float) -> list[Finding]:
        """`yaml.Marshal`, `com.acme.orders.Orders`: definitions whose file declares that package."""
        out = []
        languages = frozenset(PACKAGE_LANGUAGES)
        for k in (len(segs) - 1, len(segs) - 2):  # `pkg.Type.method`: the type, in the package before it
            if k < 1 or not is_identifier(segs[k]):
                continue
            name, package = segs[k], ".".join(segs[:k])
            for path, line in self._definition_sites(ctx, name, languages):
                data = ctx.files(path)
                declared = package_clause(language_of(path) or "", data) if data is not None else None
                if declared is None:
                    continue
                # Go imports a package by its clause's name; the JVM by its whole dotted name.
                if declared == package or (language_of(path) in _JVM and declared.endswith("." + package)):
                    reason = f"defines `{name}` in package {declared}"
                    out.append(
                        Finding(path, line, self.id, a, R.NAMESPACE, reason, symbol=name, specificity=origin)
                    )
            if out:
                break
        if len(out) > 1:
            spec = specificity(len(out))
            out = [replace(f, specificity=f.specificity * spec) for f in out]
        return out

    # --- names the prose mentions ------------------------------------------------------------

    def _reexported(self, ctx: _Context, a: Anchor) -> list[Finding]:
        """The definition behind re-exports of `a` (a re-export names it; a definition need not)."""
        hits = ctx.ev.scan.files_with(Needle(a.text, word=True))
        candidates = []
        for path, lines in hits.items():
            # The cheap tests first: a common name is in thousands of files, few of them packages.
            language = language_of(path)
            if language is None:
                continue
            family = "javascript" if language in ("javascript", "typescript", "tsx") else language
            pattern = _MAY_REEXPORT.get(family)
            if pattern is None or (family == "python" and not path.endswith("__init__.py")):
                continue
            if is_test_path(path):
                continue
            if any(pattern.match(h.text) for h in lines):  # (every alternative is anchored)
                candidates.append((family, path))
        # Package files first (lib.rs, mod.rs, index.ts, __init__.py): where re-exports gather.
        candidates.sort(key=lambda c: (c[1].rsplit("/", 1)[-1].split(".")[0] not in _PACKAGE_FILES, c[1]))
        origin = ctx.ev.origin_weight(a)
        found: dict[str, tuple[Resolved, str]] = {}
        for family, path in candidates[:MAX_REEXPORTING_FILES]:
            resolved = self._through(ctx, family, path, a.text)
            if resolved is not None and resolved.path != path and resolved.kind != "module":
                found.setdefault(resolved.path, (resolved, path))
        if not found:
            return []
        # As specific as the name's definitions are many: those the patterns see and these.
        defined = {loc.path for loc in ctx.ev.navigator.fallback.definitions(a.text)} | set(found)
        spec = specificity(len(defined)) * origin
        out = []
        for target, (resolved, path) in sorted(found.items()):
            line = resolved.via[0].line if resolved.via else hits[path][0].line
            reason = f"re-exported by {path}:{line} as `{a.text}`"
            weight = spec * definition_factor(resolved.kind, a.text)
            out.append(
                Finding(
                    target, resolved.line, self.id, a, R.REEXPORT, reason, symbol=a.text, specificity=weight
                )
            )
        return out

    def _through(self, ctx: _Context, family: str, path: str, name: str) -> Resolved | None:
        if family == "rust":
            return ctx.rust.reexported(path, name)
        # A file whose text has no `export` (no `import`) exports (imports) nothing: not parsed.
        if family == "javascript":
            if not _holds(ctx, path, b"export"):
                return None
            return ctx.es.definition(path, name) if name in ctx.es.module(path).exported else None
        if family == "python":
            if not _holds(ctx, path, b"import"):
                return None
            return ctx.py.definition(path, name) if name in ctx.py.module(path).imports else None
        return None

    # --- imports ------------------------------------------------------------------------------

    def _import(self, ctx: _Context, a: Anchor) -> tuple[list[Finding], bool]:
        """An import: its module (`qualifier` None) or one name it imports (`qualifier` the module);
        and whether the module passes that name on from another file."""
        spec = a.qualifier or a.text
        origin = ctx.ev.origin_weight(a)
        go = self._go_package(ctx, spec)
        if go:
            if a.qualifier is not None:
                return [], False  # a Go import names no member; `pkg.Name` is a qualified name of its own
            spec_factor = specificity(len(go)) * origin
            reason = f"package of import `{spec}`"
            return [
                Finding(p, None, self.id, a, R.IMPORT_MODULE, reason, specificity=spec_factor) for p in go
            ], False
        if spec.startswith((".", "/")):
            return [], False  # relative to a file the message does not name
        es = ctx.manifests.packages() or ctx.manifests.aliases()
        module = ctx.es.specifier(spec) if es else None
        python = module is None and _DOTTED.fullmatch(spec) and ctx.ev.index.by_name("__init__.py")
        if python:
            module = ctx.py.module_file(spec)
        if module is None:
            return [], False
        if a.qualifier is None:
            resolved = Resolved(module, None, "module")
            return [self._finding(a, resolved, R.IMPORT_MODULE, f"module of import `{spec}`", origin)], False
        found = ctx.py.definition(module, a.text) if python else ctx.es.definition(module, a.text)
        if found is None or found.kind == "module":
            return [], False
        reason = f"imported from `{spec}` as `{a.text}`"
        if found.via:
            reason += f", re-exported by {found.via[0].path}:{found.via[0].line}"
        # The imported name is the name itself: one anchor, counted once, where the message has both.
        same = next((n for n in ctx.ev.of_kind(AnchorKind.NAME) if n.text == a.text), a)
        origin = ctx.ev.origin_weight(same)
        return [self._finding(same, found, R.REEXPORT, reason, origin)], bool(found.via)

    def _go_package(self, ctx: _Context, spec: str) -> list[str]:
        """The Go files of the package an import path names, by go.mod's module path or `replace`."""
        if "/" not in spec or not ctx.ev.index.by_name("go.mod"):
            return []
        best: tuple[int, str] | None = None
        for module in ctx.manifests.go():
            for prefix, directory in ((module.path, module.dir), *module.replaces):
                if spec == prefix or spec.startswith(prefix + "/"):
                    rest = spec[len(prefix) :].strip("/")
                    target = "/".join(p for p in (directory, rest) if p)
                    if best is None or len(prefix) > best[0]:
                        best = (len(prefix), target)
        if best is None:
            return []
        directory = best[1]
        prefix = f"{directory}/" if directory else ""
        files = [
            p
            for p in ctx.ev.paths
            if p.startswith(prefix)
            and "/" not in p[len(prefix) :]
            and p.endswith(".go")
            and not is_test_path(p)
        ]
        return files[:MAX_PACKAGE_FILES]

    def _finding(
        self, a: Anchor, resolved: Resolved, reliability: float, reason: str, origin: float
    ) -> Finding:
        symbol = None if resolved.kind == "module" else _segments(a.text)[-1]
        weight = origin if symbol is None else origin * definition_factor(resolved.kind, symbol)
        return Finding(
            resolved.path, resolved.line, self.id, a, reliability, reason, symbol=symbol, specificity=weight
        )


def _qualifier(text: str) -> tuple[str, ...]:
    return tuple(p for p in re.split(r"\s*::\s*", text) if p)


def _ends_with(name: tuple[str, ...], target: tuple[str, ...]) -> bool:
    return len(name) >= len(target) and name[len(name) - len(target) :] == target


_PACKAGE_FILES = frozenset({"lib", "mod", "index", "__init__", "main"})


def _segments(text: str) -> list[str]:
    return [s for s in _SEPARATORS.split(text) if s]
