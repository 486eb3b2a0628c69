"""Package manifests: which directory a crate, module, package or namespace prefix names.

One reader per ecosystem, each from a manifest's bytes to a small record, each
with a real parser: Cargo.toml with `tomllib`, package.json and composer.json
with `json`, tsconfig.json (JSON with comments and trailing commas) with
`json5`. go.mod has no parser on PyPI; its two directives read here (`module`,
`replace`) follow the go.mod grammar's tokens (quoted or bare strings, `//`
comments, parenthesised blocks). A manifest that does not parse gives None,
never an exception. Every path in a record is repository-relative and
normalised; one that would leave the repository is dropped.
"""

from __future__ import annotations

import json
import posixpath
import re
from typing import Any, Callable, NamedTuple

from ..lazyre import LazyPattern

__all__ = [
    "Crate",
    "GoModule",
    "Package",
    "PathAliases",
    "Psr4",
    "MANIFEST_NAMES",
    "cargo_crate",
    "go_module",
    "npm_package",
    "path_aliases",
    "psr4",
    "join",
    "is_tsconfig",
]

#: The file name of each ecosystem's manifest (tsconfig also as tsconfig.<name>.json).
MANIFEST_NAMES = {
    "cargo": "Cargo.toml",
    "go": "go.mod",
    "npm": "package.json",
    "tsconfig": "tsconfig.json",
    "composer": "composer.json",
}


def join(base: str, relative: str) -> str | None:
    """`relative` from directory `base`, normalised; None when it leaves the repository."""
    if relative.startswith("/") or "\\" in relative or "\0" in relative:
        return None
    joined = posixpath.normpath(posixpath.join(base, relative)) if relative else (base or ".")
    if joined == ".":
        return ""
    if joined == ".." or joined.startswith("../") or joined.startswith("/"):
        return None
    return joined


def _dir(path: str) -> str:
    return path.rsplit("/", 1)[0] if "/" in path else ""


#: Larger manifests are not read: a generated or hostile file, not a project's manifest
#: (json5 is pure Python, and the development split's largest manifest has 9 KB).
MAX_MANIFEST_BYTES = 64 * 1024
#: What the parsers raise for input they refuse (nesting too deep for the recursion limit too).
_REFUSED = (ValueError, RecursionError, TypeError)


def _parsed(data: bytes, loads: Callable[[str], Any]) -> Any:
    """The manifest's document as `loads` parses its UTF-8 text; None when too large or refused."""
    if len(data) > MAX_MANIFEST_BYTES:
        return None
    try:
        return loads(data.decode("utf-8-sig"))
    except UnicodeDecodeError:
        return None
    except _REFUSED:  # TOMLDecodeError and JSONDecodeError are ValueErrors
        return None


class Crate(NamedTuple):
    """A Rust package: the name its code is imported by (`-` as `_`) and its crate roots."""

    name: str
    dir: str
    roots: tuple[str, ...]  # the library's root first ([lib] path or src/lib.rs), then binaries


def cargo_crate(path: str, data: bytes) -> Crate | None:
    """The crate a Cargo.toml declares; None for a workspace-only manifest or a broken one."""
    import tomllib  # its parser only when a Cargo.toml is read (most retrievals read none)

    doc = _parsed(data, tomllib.loads)
    package = doc.get("package") if isinstance(doc, dict) else None
    if not isinstance(package, dict) or not isinstance(package.get("name"), str):
        return None
    base = _dir(path)
    table = doc.get("lib")
    lib: dict[str, Any] = table if isinstance(table, dict) else {}
    lib_name, lib_path = lib.get("name"), lib.get("path")
    name: str = lib_name if isinstance(lib_name, str) else package["name"]
    targets: list[str] = [lib_path if isinstance(lib_path, str) else "src/lib.rs", "src/main.rs"]
    bins = doc.get("bin")
    if isinstance(bins, list):
        targets += [b["path"] for b in bins if isinstance(b, dict) and isinstance(b.get("path"), str)]
    roots = tuple(dict.fromkeys(r for t in targets if (r := join(base, t))))
    return Crate(name.replace("-", "_"), base, roots)


class GoModule(NamedTuple):
    """A Go module: its import path, its directory, and the local directories `replace` names."""

    path: str
    dir: str
    replaces: tuple[tuple[str, str], ...]  # (module path, repository directory), local targets only


_GO_TOKEN = LazyPattern(r'\s*(?:(//.*)|("(?:\\.|[^"\\])*")|(`[^`]*`)|(=>|\(|\)|[^\s()"`]+))')


def _go_tokens(line: str) -> list[str]:
    """One go.mod line's tokens, quotes removed; [] for a line that does not tokenize."""
    out: list[str] = []
    at = 0
    while at < len(line) and line[at:].strip():
        m = _GO_TOKEN.match(line, at)
        if m is None:
            return []  # an unterminated string: the go command refuses the file there too
        comment, interpreted, raw, bare = m.groups()
        if comment is not None:
            break
        if interpreted is not None:
            try:
                out.append(json.loads(interpreted))  # Go's escapes in a module path are JSON's
            except ValueError:
                return []
        else:
            out.append(raw[1:-1] if raw is not None else bare)
        at = m.end()
    return out


def go_module(path: str, data: bytes) -> GoModule | None:
    """The module a go.mod declares, with its `replace` directives that point into the repository."""
    text = _parsed(data, str)  # the text itself: go.mod is read line by line
    if text is None:
        return None
    base = _dir(path)
    module: str | None = None
    replaces: list[tuple[str, str]] = []
    block: str | None = None
    for line in text.splitlines():
        tokens = _go_tokens(line)
        if not tokens:
            continue
        if block is not None:
            if tokens == [")"]:
                block = None
                continue
            verb, args = block, tokens
        else:
            verb, args = tokens[0], tokens[1:]
            if args == ["("]:
                block = verb
                continue
        if verb == "module" and len(args) == 1:
            module = args[0]
        elif verb == "replace" and "=>" in args:
            old, new = args[: args.index("=>")], args[args.index("=>") + 1 :]
            # Only a local directory (./x, ../x) is a place in this repository; a module
            # replacement (another module path and version) is not.
            if old and len(new) == 1 and new[0].startswith(("./", "../")):
                target = join(base, new[0])
                if target is not None:
                    replaces.append((old[0], target))
    if not module:
        return None
    return GoModule(module, base, tuple(replaces))


class Package(NamedTuple):
    """An npm package: its name, directory and entry points per subpath ("." for the package)."""

    name: str
    dir: str
    entries: tuple[tuple[str, tuple[str, ...]], ...]  # (subpath, targets in preference order)


#: Fields naming a package's entry file, in the order a source file is most likely behind them.
ENTRY_FIELDS = ("source", "types", "typings", "module", "main", "browser")


def _leaves(value: Any) -> list[str]:
    """Every target string of an `exports` value: a string, conditions (nested) or a fallback array."""
    if isinstance(value, str):
        return [value]
    if isinstance(value, list):
        return [s for v in value for s in _leaves(v)]
    if isinstance(value, dict):
        return [s for v in value.values() for s in _leaves(v)]
    return []


def npm_package(path: str, data: bytes) -> Package | None:
    """The package a package.json declares; None without a name or for broken JSON."""
    doc = _parsed(data, json.loads)
    if not isinstance(doc, dict) or not isinstance(doc.get("name"), str) or not doc["name"]:
        return None
    entries: dict[str, list[str]] = {}
    exports = doc.get("exports")
    if isinstance(exports, dict) and any(k.startswith(".") for k in exports):
        for sub, value in exports.items():
            if sub.startswith("."):
                entries.setdefault(sub, []).extend(_leaves(value))
    elif exports is not None:
        entries["."] = _leaves(exports)
    for name in ENTRY_FIELDS:
        if isinstance(doc.get(name), str):
            entries.setdefault(".", []).append(doc[name])
    return Package(
        doc["name"],
        _dir(path),
        tuple((sub, tuple(dict.fromkeys(targets))) for sub, targets in entries.items()),
    )


class PathAliases(NamedTuple):
    """A tsconfig's module aliases: `paths` patterns and their targets, and `baseUrl`."""

    dir: str
    base_url: str | None  # repository-relative
    paths: tuple[tuple[str, tuple[str, ...]], ...]  # (pattern, repository-relative targets)


def is_tsconfig(name: str) -> bool:
    """tsconfig.json, or a shared base such as tsconfig.base.json."""
    return name == "tsconfig.json" or (name.startswith("tsconfig.") and name.endswith(".json"))


def path_aliases(path: str, data: bytes) -> PathAliases | None:
    """A tsconfig's `baseUrl` and `paths`; None when it has neither or does not parse."""
    doc = _parsed(data, _json_or_json5)
    options = doc.get("compilerOptions") if isinstance(doc, dict) else None
    if not isinstance(options, dict):
        return None
    base = _dir(path)
    base_url = join(base, options["baseUrl"]) if isinstance(options.get("baseUrl"), str) else None
    # Targets are relative to baseUrl, or to the tsconfig's directory without one (TypeScript 4.1).
    root = base_url if base_url is not None else base
    paths: list[tuple[str, tuple[str, ...]]] = []
    if isinstance(options.get("paths"), dict):
        for pattern, targets in options["paths"].items():
            if isinstance(targets, list):
                joined = tuple(t for s in targets if isinstance(s, str) and (t := join(root, s)) is not None)
                if joined:
                    paths.append((pattern, joined))
    if base_url is None and not paths:
        return None
    return PathAliases(base, base_url, tuple(paths))


# A JSON string, kept as it is, or a comment; then a JSON string, or a comma before a closing bracket.
# A comment never closed runs to the end: each `/*` would otherwise look for its end again (the
# square of a hostile file's length).
_STRING = r'"(?:[^"\\\n]|\\.)*"'
_COMMENT = LazyPattern(rf"({_STRING})|//[^\n]*|/\*(?:.*?\*/|.*)", re.S)
_TRAILING_COMMA = LazyPattern(rf"({_STRING})|,(?=\s*[\]}}])")


def _without_comments(text: str) -> str:
    """JSON with comments and trailing commas (tsconfig's own dialect, JSONC) as plain JSON: each
    comment a space, each trailing comma gone, strings untouched."""
    text = _COMMENT.sub(lambda m: m.group(1) or " ", text)
    return _TRAILING_COMMA.sub(lambda m: m.group(1) or "", text)


def _json_or_json5(text: str) -> Any:
    """A tsconfig as JSON where it is (JSON is JSON5, read the same), then as JSON once its
    comments and trailing commas are gone (what `tsc --init` writes: TypeScript 4's, 10.5 kB of
    commented-out options, took json5 44 ms), else as JSON5: json5 is pure Python, 6 µs a byte
    (vue's root tsconfig: 7.4 ms, 0.1 as JSON); most tsconfigs of the development split are plain
    JSON (57 of 81)."""
    try:
        return json.loads(text)
    except ValueError:
        pass
    try:
        return json.loads(_without_comments(text))
    except ValueError:
        import json5  # only for a tsconfig that is neither (unquoted keys, single quotes)

        return json5.loads(text)


class Psr4(NamedTuple):
    """composer.json's PSR-4 autoload map: namespace prefix → directories."""

    prefixes: tuple[tuple[str, tuple[str, ...]], ...]  # ("App\\", ("src",)), longest prefix first


def psr4(path: str, data: bytes) -> Psr4 | None:
    """The PSR-4 prefixes of composer.json's `autoload` and `autoload-dev`; None without any."""
    doc = _parsed(data, json.loads)
    if not isinstance(doc, dict):
        return None
    base = _dir(path)
    found: dict[str, list[str]] = {}
    for section in ("autoload", "autoload-dev"):
        auto = doc.get(section)
        mapping = auto.get("psr-4") if isinstance(auto, dict) else None
        if not isinstance(mapping, dict):
            continue
        for prefix, dirs in mapping.items():
            for d in [dirs] if isinstance(dirs, str) else dirs if isinstance(dirs, list) else []:
                if isinstance(d, str) and (target := join(base, d)) is not None:
                    found.setdefault(prefix.strip("\\"), []).append(target)
    if not found:
        return None
    ordered = sorted(found.items(), key=lambda kv: (-len(kv[0]), kv[0]))
    return Psr4(tuple((p, tuple(dict.fromkeys(d))) for p, d in ordered))
