"""Path tables: language by extension or file name, and test, prose and example paths."""

from __future__ import annotations

import pytest

from boundedcode.lang.languages import (
    documents_among,
    is_document,
    is_example_path,
    is_declaration_path,
    is_generated_path,
    is_prose_path,
    is_test_path,
    is_vendored_path,
    language_of,
)


@pytest.mark.parametrize(
    ("path", "language"),
    [
        ("src/ledger.py", "python"),
        ("stubs/ledger.pyi", "python"),
        ("internal/ledger/ledger.go", "go"),
        ("src/lib.rs", "rust"),
        ("src/main/java/com/x/Ledger.java", "java"),
        ("app/Ledger.kt", "kotlin"),
        ("build.gradle.kts", "kotlin"),
        ("src/Ledger.scala", "scala"),
        ("web/app.js", "javascript"),
        ("web/app.mjs", "javascript"),
        ("web/View.jsx", "javascript"),
        ("web/app.ts", "typescript"),
        ("types/index.d.ts", "typescript"),
        ("web/View.tsx", "tsx"),
        ("src/ledger.c", "c"),
        ("include/ledger.h", "c"),
        ("include/ledger.hpp", "cpp"),
        ("include/ledger.hh", "cpp"),
        ("include/ledger.hxx", "cpp"),
        ("src/ledger.cc", "cpp"),
        ("src/ledger.cpp", "cpp"),
        ("src/Ledger.C", "cpp"),
        ("Sources/Ledger.m", "objc"),
        ("src/Ledger.cs", "csharp"),
        ("src/Ledger.php", "php"),
        ("lib/ledger.rb", "ruby"),
        ("ledger.gemspec", "ruby"),
        ("Gemfile", "ruby"),
        ("Rakefile", "ruby"),
        ("Sources/Ledger.swift", "swift"),
        ("lib/ledger.dart", "dart"),
        ("lib/ledger.ex", "elixir"),
        ("test/ledger_test.exs", "elixir"),
        ("src/ledger.lua", "lua"),
        ("scripts/run.sh", "shell"),
        ("scripts/run.bash", "shell"),
        ("db/schema.sql", "sql"),
        ("Makefile", "make"),
        ("Dockerfile", "dockerfile"),
        ("CMakeLists.txt", "cmake"),
        ("README.md", "markdown"),
        ("docs/index.rst", "rst"),
        ("config.yaml", "yaml"),
        ("api.proto", "protobuf"),
    ],
)
def test_language_of(path: str, language: str) -> None:
    assert language_of(path) == language


@pytest.mark.parametrize(
    "path", ["LICENSE", "bin/ledger", ".gitignore", "data.unknownext", "Makefile.bak.zzz"]
)
def test_language_of_unknown(path: str) -> None:
    assert language_of(path) is None


@pytest.mark.parametrize(
    "path",
    [
        "tests/test_ledger.py",
        "pkg/test_ledger.py",
        "pkg/ledger_test.py",
        "pkg/conftest.py",
        "internal/ledger/ledger_test.go",
        "internal/ledger/testdata/golden.json",
        "src/ledger.test.ts",
        "src/ledger.spec.js",
        "src/View.test.tsx",
        "src/__tests__/view.js",
        "src/test/java/com/x/LedgerTest.java",
        "app/LedgerTests.kt",
        "src/LedgerSpec.scala",
        "Ledger.Tests/LedgerTests.cs",
        "spec/ledger_spec.rb",
        "test/ledger_test.rb",
        "tests/Unit/LedgerTest.php",
        "Tests/LedgerTests/LedgerTests.swift",
        "test/ledger_test.exs",
        "test/ledger_test.dart",
        "src/ledger_unittest.cc",
        "tests/integration.rs",
        "fixtures/orders.json",
        "src/__fixtures__/a.json",
        "e2e/checkout.cy.js",
        "testing/python/collect.py",  # a test tree's level at the top is the test tree
        "Integration/checkout_flow.go",
        "caddytest/integration/caddyfile_adapt/heredoc.caddyfiletest",  # a case named by its extension
        "promql/promqltest/at_modifier.test",
    ],
)
def test_is_test_path(path: str) -> None:
    assert is_test_path(path)


@pytest.mark.parametrize(
    "path",
    [
        "src/ledger.py",
        "internal/ledger/ledger.go",
        "src/contest.py",
        "src/testing_utils_api.go",
        "src/attest.ts",
        "src/main/java/com/x/Ledger.java",
        "lib/latest.rb",
        "src/protest/mod.rs",
        "lib/testing/runtests.py",  # a package named so below the top is the code's
        "testing.py",
        "src/_pytest/python.py",
        "lib/contest.rb",
    ],
)
def test_is_not_test_path(path: str) -> None:
    assert not is_test_path(path)


@pytest.mark.parametrize(
    ("path", "prose"),
    [
        ("README.md", True),
        ("docs/guide.rst", True),
        ("CHANGELOG", True),
        ("notes.txt", True),
        ("manual.adoc", True),
        ("docs/conf.py", True),
        ("doc/api/ledger.html", True),
        ("src/ledger.py", False),
        ("requirements.txt", False),
        ("requirements-dev.txt", False),
        ("CMakeLists.txt", False),
        ("src/docstring.py", False),
    ],
)
def test_is_prose_path(path: str, prose: bool) -> None:
    assert is_prose_path(path) is prose


@pytest.mark.parametrize(
    ("path", "generated"),
    [
        ("single_include/nlohmann/json.hpp", True),
        ("singleheader/simdjson.h", True),
        ("extras/catch_amalgamated.hpp", True),  # a single-header build named as one
        ("extras/catch_amalgamated.cpp", True),
        ("api/orders.pb.go", True),
        ("shop/migrations/0002_cart_total.py", True),
        ("amalgamation.sh", False),  # the script that builds it is written by hand
        ("tests/X91-AmalgamatedCatch.cpp", False),
        ("src/catch2/internal/catch_textflow.cpp", False),
    ],
)
def test_is_generated_path(path: str, generated: bool) -> None:
    assert is_generated_path(path) is generated


@pytest.mark.parametrize(
    ("path", "vendored"),
    [
        ("sphinx/themes/basic/static/jquery-3.5.1.js", True),
        ("static/d3.v7.2.1.min.js", True),
        ("vendor/underscore-1.13.1.js", True),
        ("lib/bootstrap-4.0.0-beta2.css", True),
        ("static/app-v2.js", False),
        ("migrations/0002_auto_20200101_1200.py", False),
        ("src/py3_compat.py", False),
        ("src/http2.rs", False),
        ("jquery.js", False),
    ],
)
def test_is_vendored_path(path: str, vendored: bool) -> None:
    assert is_vendored_path(path) is vendored


@pytest.mark.parametrize(
    ("path", "declaration"),
    [
        ("src/index.d.ts", True),
        ("hooks/src/internal.d.mts", True),
        ("lib/matplotlib/contour.pyi", True),
        ("src/index.ts", False),
        ("src/d.ts.js", False),
        ("lib/matplotlib/contour.py", False),
    ],
)
def test_is_declaration_path(path: str, declaration: bool) -> None:
    assert is_declaration_path(path) is declaration


@pytest.mark.parametrize(
    ("path", "example"),
    [
        ("examples/basic/main.go", True),
        ("example/app.py", True),
        ("samples/Ledger.cs", True),
        ("benchmarks/bench_ledger.py", True),
        ("benches/ledger.rs", True),
        ("bench/run.js", True),
        ("demo/index.html", True),
        ("tutorials/text/usetex.py", True),  # sphinx-gallery's tutorials and galleries
        ("galleries/examples/plot.py", True),
        ("src/examples.py", False),
        ("src/tutorial.py", False),
        ("src/ledger.py", False),
    ],
)
def test_is_example_path(path: str, example: bool) -> None:
    assert is_example_path(path) is example


@pytest.mark.parametrize(
    "test_file, implementation",
    [
        ("cart_test.go", "cart.go"),
        ("test_cart.py", "cart.py"),
        ("cart.test.tsx", "cart.tsx"),
        ("CartTest.java", "Cart.java"),
        ("CartTests.cs", "Cart.cs"),
        ("CartSpec.scala", "Cart.scala"),
        ("cart_spec.rb", "cart.rb"),
        ("cart_test.exs", "cart.ex"),
        ("cart_unittest.cc", "cart.cc"),
        ("cart_test.rs", "cart.rs"),
        ("cart_spec.lua", "cart.lua"),
    ],
)
def test_one_table_names_tests_and_the_code_they_test(test_file: str, implementation: str) -> None:
    from boundedcode.lang.languages import impl_names

    assert is_test_path(f"src/{test_file}") and impl_names(f"src/{test_file}") == [implementation]
    assert not is_test_path(f"src/{implementation}")


def test_a_test_file_without_code_of_its_own_names_no_implementation() -> None:
    from boundedcode.lang.languages import impl_names

    for path in ("tests/conftest.py", "test/cli.bats"):
        assert is_test_path(path) and impl_names(path) == []


# The same file names in every kind of directory: a name is judged once, then each directory.
_DOCUMENT_NAMES = (
    "models.py",
    "test_models.py",
    "README.md",
    "index.ts",
    "Makefile",
    "util_test.go",
    "notes.txt",
    "package.json",
    "Cargo.toml",
    "pom.xml",
    "config.yml",
)
_DOCUMENT_DIRS = ("", "src/shop", "tests/unit", "docs/api", "src/test/java", "examples")


@pytest.mark.parametrize("about_tests", [False, True])
def test_a_document_is_a_known_language_neither_data_prose_nor_a_test_unless_asked(about_tests: bool) -> None:
    judged = {}
    for directory in _DOCUMENT_DIRS:
        for name in _DOCUMENT_NAMES:
            path = f"{directory}/{name}".lstrip("/")
            expected = (
                language_of(path) not in (None, "json", "toml", "xml")
                and not is_prose_path(path)
                and (about_tests or not is_test_path(path))
            )
            judged[path] = is_document(path, about_tests)
            assert judged[path] == expected, path
    assert judged["src/shop/models.py"] and not judged["docs/api/models.py"]
    assert judged["tests/unit/models.py"] == about_tests == judged["src/shop/test_models.py"]
    assert not judged["src/shop/README.md"] and not judged["notes.txt"]
    # Data is no document, but a YAML file is (a linter's defaults are where its rules change).
    assert not judged["package.json"] and not judged["src/shop/Cargo.toml"] and not judged["pom.xml"]
    assert judged["config.yml"] and judged["src/shop/config.yml"]
    # A listing's documents at once (a directory judged once per run of its files): the same ones.
    added = {
        "docs/api/v2/models.py": False,
        "src/shop/tests/models.py": about_tests,
        "src/shopping/models.py": True,
    }
    listing = sorted({**judged, **added})
    expected = [p for p in listing if {**judged, **added}[p]]
    assert (
        documents_among(listing, about_tests)
        == expected
        == [p for p in listing if is_document(p, about_tests)]
    )
