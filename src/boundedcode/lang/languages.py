"""Which language a path holds, and whether it is a test, prose or an example.

Everything here looks at the path only (never the content), so it is cheap
enough to run on every file of a walk. Paths are repository-relative and
`/`-separated.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from typing import NamedTuple

from ..lazyre import compile_static

__all__ = [
    "language_of",
    "is_test_path",
    "impl_names",
    "code_dirs",
    "is_prose_path",
    "is_document",
    "documents_among",
    "is_example_path",
    "is_generated_path",
    "is_vendored_path",
    "is_declaration_path",
    "TEST_DIRS",
    "TEST_FILES",
    "TEST_MIRRORS",
    "LAYOUT_DIRS",
    "MODULE_FILES",
]

# Extension (without the dot) → language id. Exact case is tried first, so the
# upper-case C++ conventions (`.C`, `.H`) win over the lower-case C ones.
EXTENSIONS: dict[str, str] = {
    "py": "python",
    "pyi": "python",
    "pyw": "python",
    "go": "go",
    "rs": "rust",
    "java": "java",
    "kt": "kotlin",
    "kts": "kotlin",
    "scala": "scala",
    "sc": "scala",
    "js": "javascript",
    "jsx": "javascript",
    "mjs": "javascript",
    "cjs": "javascript",
    "ts": "typescript",
    "mts": "typescript",
    "cts": "typescript",
    "tsx": "tsx",
    # A lone `.h` could be C, C++ or Objective-C; nothing in the path says which,
    # and the C grammar reads the common subset of all three.
    "c": "c",
    "h": "c",
    "cc": "cpp",
    "cpp": "cpp",
    "cxx": "cpp",
    "c++": "cpp",
    "C": "cpp",
    "hh": "cpp",
    "hpp": "cpp",
    "hxx": "cpp",
    "h++": "cpp",
    "H": "cpp",
    "ipp": "cpp",
    "tpp": "cpp",
    "inl": "cpp",
    "cu": "cpp",
    "cuh": "cpp",
    "m": "objc",
    "mm": "objc",
    "cs": "csharp",
    "csx": "csharp",
    "php": "php",
    "phtml": "php",
    "rb": "ruby",
    "rake": "ruby",
    "gemspec": "ruby",
    "ru": "ruby",
    "swift": "swift",
    "dart": "dart",
    "ex": "elixir",
    "exs": "elixir",
    "lua": "lua",
    "sh": "shell",
    "bash": "shell",
    "zsh": "shell",
    "ksh": "shell",
    "sql": "sql",
    "ddl": "sql",
    "pgsql": "sql",
    "psql": "sql",
    "groovy": "groovy",
    "gradle": "groovy",
    "hs": "haskell",
    "ml": "ocaml",
    "mli": "ocaml",
    "fs": "fsharp",
    "fsx": "fsharp",
    "erl": "erlang",
    "hrl": "erlang",
    "clj": "clojure",
    "cljs": "clojure",
    "cljc": "clojure",
    "r": "r",
    "R": "r",
    "jl": "julia",
    "pl": "perl",
    "pm": "perl",
    "zig": "zig",
    "nim": "nim",
    "ps1": "powershell",
    "psm1": "powershell",
    "vue": "vue",
    "svelte": "svelte",
    "html": "html",
    "htm": "html",
    "css": "css",
    "scss": "scss",
    "less": "less",
    "json": "json",
    "yaml": "yaml",
    "yml": "yaml",
    "toml": "toml",
    "xml": "xml",
    "proto": "protobuf",
    "graphql": "graphql",
    "gql": "graphql",
    "tf": "terraform",
    "hcl": "terraform",
    "nix": "nix",
    "cmake": "cmake",
    "md": "markdown",
    "markdown": "markdown",
    "rst": "rst",
}

# Files known by their whole name, which carry no telling extension.
FILENAMES: dict[str, str] = {
    "Makefile": "make",
    "makefile": "make",
    "GNUmakefile": "make",
    "Dockerfile": "dockerfile",
    "Containerfile": "dockerfile",
    "CMakeLists.txt": "cmake",
    "Rakefile": "ruby",
    "Gemfile": "ruby",
    "Guardfile": "ruby",
    "Podfile": "ruby",
    "Vagrantfile": "ruby",
    "Fastfile": "ruby",
    "Brewfile": "ruby",
    "Jenkinsfile": "groovy",
    "BUILD": "starlark",
    "BUILD.bazel": "starlark",
    "WORKSPACE": "starlark",
    ".bashrc": "shell",
    ".bash_profile": "shell",
    ".zshrc": "shell",
    ".profile": "shell",
}

# Tests: one table of directories and one of file names, read by is_test_path (demotion, which
# files are candidates) and by impl_names and test_dirs (test_to_impl's way to the code under test).

#: Directories of tests, per ecosystem (Rust/Python `tests/`, Java `src/test/`, Jest `__tests__/`,
#: RSpec `spec/`, Go `testdata/`, Swift `Tests/`), compared in lower case. True: every file below
#: is a test, a test helper or test data. False: a level a test tree is divided into (tests/unit/,
#: src/testing/), which says nothing alone but is no part of the code's own layout either; at the
#: top of the checkout it is the test tree itself (pytest's `testing/`, a service's `integration/`).
TEST_DIRS: dict[str, bool] = {
    "test": True,
    "tests": True,
    "__tests__": True,
    "spec": True,
    "specs": True,
    "testdata": True,
    "test_data": True,
    "test-data": True,
    "fixtures": True,
    "__fixtures__": True,
    "__mocks__": True,
    "__snapshots__": True,
    "e2e": True,
    "integration_tests": True,
    "integration-tests": True,
    "androidtest": True,
    "unittests": True,
    "testcases": True,
    "testing": False,
    "unit": False,
    "integration": False,
    "functional": False,
}
_TEST_DIR_NAMES = frozenset(d for d, alone in TEST_DIRS.items() if alone)
_TEST_LEVELS = frozenset(d for d, alone in TEST_DIRS.items() if not alone)


class Naming(NamedTuple):
    """One test file naming convention."""

    pattern: str  # the whole file name of a test
    implementation: str | None  # the implementation's name it points at (a regex template), if any


#: Test file names per ecosystem, each with the implementation file its name points at.
TEST_FILES: tuple[Naming, ...] = (
    Naming(r"(.+)_test\.(py|go|rb|rs|dart|c|cc|cpp|cxx)", r"\1.\2"),  # Go, Dart, Ruby, GoogleTest
    Naming(r"test_(.+)\.(py|rb|c|cc|cpp|cxx)", r"\1.\2"),  # pytest, minitest, C and C++
    Naming(r"(.+)_unittest\.(c|cc|cpp|cxx)", r"\1.\2"),  # Chromium-style GoogleTest
    Naming(r"conftest\.py", None),  # pytest fixtures
    Naming(r"(.+)\.(?:test|spec)\.([cm]?[jt]sx?)", r"\1.\2"),  # Jest, Vitest, Mocha
    # JUnit, Kotest, ScalaTest, Spock, xUnit, PHPUnit, XCTest, OCUnit.
    Naming(r"(.+?)(?:Tests?|TestCase|IT|Spec|Suite)\.(java|kt|kts|scala|groovy|cs|php|swift|m|mm)", r"\1.\2"),
    Naming(r"(.+)_spec\.rb", r"\1.rb"),  # RSpec
    Naming(r"(.+)_test\.exs", r"\1.ex"),  # ExUnit: the code is compiled .ex
    Naming(r"(.+)_(?:spec|test)\.lua", r"\1.lua"),  # busted
    Naming(r"(.+)\.bats", None),  # Bats
    # A case in a format of its own, named by its extension (`.test`, caddy's `.caddyfiletest`).
    Naming(r"(.+)\.[a-z]*test", None),
)
_TEST_FILE = compile_static("|".join(f"(?:{t.pattern})" for t in TEST_FILES))
_IMPLEMENTATIONS = tuple(
    (compile_static(t.pattern), t.implementation) for t in TEST_FILES if t.implementation
)
#: Mirrored source trees: a test under the first lives beside its code under the second (JVM, Maven).
TEST_MIRRORS = (("/src/test/", "/src/main/"), ("src/test/", "src/main/"), ("/test/", "/main/"))

PROSE_EXTENSIONS = frozenset(
    {"md", "markdown", "mdx", "rst", "txt", "adoc", "asciidoc", "org", "rdoc", "textile"}
)
PROSE_DIRS = frozenset({"docs", "doc", "documentation"})
# `.txt` files that are build inputs, not prose.
_NOT_PROSE = compile_static(r"^(?:requirements|constraints)[\w.-]*\.txt$|^CMakeLists\.txt$")
# Conventional prose files that often have no extension.
PROSE_NAMES = frozenset(
    {
        "readme",
        "changelog",
        "changes",
        "history",
        "news",
        "license",
        "licence",
        "copying",
        "authors",
        "contributors",
        "contributing",
        "notice",
        "code_of_conduct",
        "security",
    }
)

EXAMPLE_DIRS = frozenset(
    {
        "examples",
        "example",
        "_examples",
        "samples",
        "sample",
        "demo",
        "demos",
        "benchmarks",
        "benchmark",
        "bench",
        "benches",
        # Worked examples rendered into the documentation (sphinx-gallery's layout): 53 files of
        # the development split's direct-track blocks, none a gold file.
        "tutorials",
        "tutorial",
        "galleries",
        "gallery",
    }
)


def _extension(name: str) -> str:
    return name.rpartition(".")[2] if "." in name.lstrip(".") else ""


@functools.lru_cache(maxsize=1 << 17)  # every walked file, on every query (a warm host)
def language_of(path: str) -> str | None:
    """The language id of `path` from its file name or extension, else None."""
    name = path.rpartition("/")[2]
    if name in FILENAMES:
        return FILENAMES[name]
    ext = _extension(name)
    if not ext:
        return None
    return EXTENSIONS.get(ext) or EXTENSIONS.get(ext.lower())


@functools.lru_cache(maxsize=1 << 15)
def _in_dirs(directory: str, names: frozenset[str]) -> bool:
    # Asked once per directory, not once per file in it (every walked file is asked about).
    return any(d.lower() in names for d in directory.split("/")) if directory else False


@functools.lru_cache(maxsize=1 << 15)
def _test_name(name: str) -> bool:
    # Asked once per file name: names repeat across a tree.
    return _TEST_FILE.fullmatch(name) is not None


@functools.lru_cache(maxsize=1 << 17)  # every walked file, on every query (a warm host)
def is_test_path(path: str) -> bool:
    """Whether `path` is a test, a test helper or test data by its ecosystem's convention."""
    directory, _, name = path.rpartition("/")
    top = directory.partition("/")[0].lower()
    return _in_dirs(directory, _TEST_DIR_NAMES) or top in _TEST_LEVELS or _test_name(name)


def impl_names(test_path: str) -> list[str]:
    """The implementation file names a test file's name points at (cart_test.go → cart.go)."""
    name = test_path.rsplit("/", 1)[-1]
    return [m.expand(template) for rx, template in _IMPLEMENTATIONS if (m := rx.fullmatch(name))]


def code_dirs(path: str) -> list[str]:
    """The directories of `path` without the test levels (TEST_DIRS): what a test and its code share."""
    return [d for d in path.split("/")[:-1] if d.lower() not in TEST_DIRS]


@functools.lru_cache(maxsize=1 << 15)
def _prose_name(name: str) -> bool:
    if _NOT_PROSE.match(name):
        return False
    ext = _extension(name).lower()
    stem = name[: -len(ext) - 1] if ext else name
    return ext in PROSE_EXTENSIONS or (ext == "" and stem.lower() in PROSE_NAMES)


@functools.lru_cache(maxsize=1 << 17)  # every walked file, on every query (a warm host)
def is_prose_path(path: str) -> bool:
    """Whether `path` is documentation prose: a text/markup file or anything under docs/."""
    directory, _, name = path.rpartition("/")
    return _in_dirs(directory, PROSE_DIRS) or _prose_name(name)


#: Data formats: a manifest's, a schema's or a fixture's keys repeat the code's names and words, and
#: the code's behaviour is not in them. No full-text document (other strategies still find them by
#: a name or a path). The development split's direct blocks held 59 of them, none a gold file;
#: left out, Java recall 70.5 → 72.2 % and bounded C recall 82.1 → 89.3 % (docs/benchmark.md,
#: "Twenty-sixth pass"). YAML stays: a linter's defaults (`config/default.yml`) are gold where its
#: rules change.
DATA_LANGUAGES = frozenset({"json", "toml", "xml"})


@functools.lru_cache(maxsize=1 << 15)
def _document_name(name: str, about_tests: bool) -> bool:
    language = language_of(name)
    return (
        language is not None
        and language not in DATA_LANGUAGES
        and not _prose_name(name)
        and (about_tests or not _test_name(name))
    )


@functools.lru_cache(maxsize=1 << 17)  # asked of every walked file on every query (a warm host)
def is_document(path: str, about_tests: bool) -> bool:
    """A source file, as full-text search ranks them: a known language, not data (`DATA_LANGUAGES`)
    nor prose; tests only when the message is about them. Its name is judged once (names repeat
    across a tree), its directory once (`_in_dirs`)."""
    directory, _, name = path.rpartition("/")
    return (
        _document_name(name, about_tests)
        and not _in_dirs(directory, PROSE_DIRS)
        and (about_tests or not _in_dirs(directory, _TEST_DIR_NAMES))
    )


def documents_among(paths: Sequence[str], about_tests: bool) -> list[str]:
    """The documents among `paths`, in their order: `is_document` of each, its directory judged
    once for each run of paths in it (a listing is sorted), a name once per name (a one-shot
    Django retrieval: 9-12 -> 6.6 ms; path by path, each was one more entry of `is_document`'s
    cache)."""
    out: list[str] = []
    last, allowed = None, False
    for path in paths:
        directory, _, name = path.rpartition("/")
        if directory != last:
            last = directory
            allowed = not _in_dirs(directory, PROSE_DIRS) and (
                about_tests or not _in_dirs(directory, _TEST_DIR_NAMES)
            )
        if allowed and _document_name(name, about_tests):
            out.append(path)
    return out


def is_example_path(path: str) -> bool:
    """Whether `path` lies in an examples, samples, demo, tutorials or benchmark directory (its
    directory judged once: the full text asks it of every file it scores, on every query)."""
    return _in_dirs(path.rpartition("/")[0], EXAMPLE_DIRS)


#: Directories that hold a language's sources without being part of its module paths
#: (src/, lib/, src/main/java/): `module_path` skips them.
LAYOUT_DIRS = frozenset(
    {
        "src",
        "lib",
        "source",
        "sources",
        "pkg",
        "internal",
        "app",
        "main",
        "java",
        "kotlin",
        "scala",
        "groovy",
        "php",
        "python",
        "include",
    }
)
#: A package's module file, which stands for its directory (mod.rs, __init__.py, index.ts).
MODULE_FILES = frozenset({"mod", "__init__", "index", "lib", "main", "package-info", "init", "__main__"})


#: Generated or amalgamated sources: a single-header distribution (in its own directory, or named
#: as one: `catch_amalgamated.hpp`), protobuf and other generator output; and a numbered database
#: migration (`migrations/0002_auto.py`, `db/migrate/2024…_x.rb`, `database/migrations/2014_…_x.php`),
#: a schema's past change, made once by a command.
_GENERATED = compile_static(
    r"(?:^|/)(?:single_?includes?|single_?headers?|amalgamat\w*|generated|__generated__)/"
    r"|amalgamated\.\w+$"
    r"|\.pb\.(?:go|cc|h)$|_pb2(?:_grpc)?\.py$|\.g\.dart$|(?:^|[._-])generated\.\w+$"
    r"|(?:^|/)(?:migrations|migrate)/\d+_[^/]+$"
)


def is_generated_path(path: str) -> bool:
    """Whether `path` is generated or amalgamated from other sources (edit those instead)."""
    return bool(_GENERATED.search(path))


#: A file named with a release of its own (`jquery-3.5.1.js`, `d3.v7.2.min.js`): another
#: project's release copied in, never written here.
_VENDORED_RELEASE = compile_static(
    r"[-_.@]v?\d+(?:\.\d+)+(?:[-.](?:min|slim|dev|alpha\d*|beta\d*|rc\d*))?\.\w+$"
)


def is_vendored_path(path: str) -> bool:
    """Whether `path`'s file name carries a release version: another project's file, vendored."""
    return bool(_VENDORED_RELEASE.search(path.rsplit("/", 1)[-1]))


def is_declaration_path(path: str) -> bool:
    """Whether `path` only declares types for sources elsewhere: a TypeScript declaration file or
    a Python stub."""
    return path.endswith((".d.ts", ".d.mts", ".d.cts", ".pyi"))
