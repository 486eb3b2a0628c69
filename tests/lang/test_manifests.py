"""Manifest readers on manifests the ecosystems' own tools wrote (fixtures/manifests/capture.sh),
and on broken ones: a record, or None, never an exception."""

from __future__ import annotations

from pathlib import Path

import pytest

from boundedcode.lang.manifests import (
    _json_or_json5,
    cargo_crate,
    go_module,
    is_tsconfig,
    join,
    npm_package,
    path_aliases,
    psr4,
)

FIXTURES = Path(__file__).resolve().parent.parent / "fixtures" / "manifests"


def fixture(name: str) -> bytes:
    return (FIXTURES / name).read_bytes()


def test_cargo_new_names_the_crate_with_underscores():
    crate = cargo_crate("tokio-util/Cargo.toml", fixture("cargo_new.Cargo.toml"))
    assert crate is not None
    assert crate.name == "tokio_util_demo"
    assert crate.dir == "tokio-util"
    assert crate.roots == ("tokio-util/src/lib.rs", "tokio-util/src/main.rs")


def test_cargo_lib_section_and_binaries():
    data = b'[package]\nname = "uu_env"\n[lib]\npath = "src/env.rs"\n[[bin]]\nname = "env"\npath = "src/main.rs"\n'
    crate = cargo_crate("src/uu/env/Cargo.toml", data)
    assert crate is not None and crate.name == "uu_env"
    assert crate.roots == ("src/uu/env/src/env.rs", "src/uu/env/src/main.rs")
    renamed = cargo_crate("Cargo.toml", b'[package]\nname = "a-b"\n[lib]\nname = "ab_core"\n')
    assert renamed is not None and renamed.name == "ab_core" and renamed.roots[0] == "src/lib.rs"


@pytest.mark.parametrize(
    "data",
    [b'[workspace]\nmembers = ["a"]\n', b"[package\nname = ", b"\xff\xfe", b"[package]\nname = 3\n"],
)
def test_cargo_without_a_package_or_broken_gives_none(data):
    assert cargo_crate("Cargo.toml", data) is None


def test_go_mod_edit_replaces_only_local_directories_inside_the_repository():
    module = go_module("go.mod", fixture("go_mod_edit.go.mod"))
    assert module is not None
    assert module.path == "github.com/acme/shop" and module.dir == ""
    # golang.org/x/net is replaced by another module version; ../../outside leaves the repository.
    assert module.replaces == (("github.com/acme/yaml", "third_party/yaml"),)


def test_go_mod_blocks_comments_and_quoted_paths():
    data = (
        b'// generated\nmodule "example.com/svc" // the service\n\nrequire (\n\tgolang.org/x/text v0.3.0\n)\n'
        b"replace (\n\texample.com/lib => ./lib // local copy\n\texample.com/other v1 => ../other\n)\n"
    )
    module = go_module("services/svc/go.mod", data)
    assert module is not None and module.path == "example.com/svc"
    assert module.replaces == (
        ("example.com/lib", "services/svc/lib"),
        ("example.com/other", "services/other"),
    )
    assert go_module("go.mod", b"go 1.22\n") is None
    assert go_module("go.mod", b'module "unterminated\n') is None


def test_npm_package_entries_in_preference_order():
    package = npm_package("packages/reactivity/package.json", fixture("npm_pkg_set.package.json"))
    assert package is not None
    assert package.name == "@acme/reactivity" and package.dir == "packages/reactivity"
    entries = dict(package.entries)
    assert entries["."] == ("./dist/index.d.ts", "./dist/index.mjs", "dist/index.d.ts", "dist/index.js")
    assert entries["./effect"] == ("./dist/effect.js",)


@pytest.mark.parametrize("data", [b'{"version": "1.0.0"}', b"{", b"[1, 2]", b'{"name": ""}'])
def test_npm_package_without_a_name_or_broken_gives_none(data):
    assert npm_package("package.json", data) is None


def test_tsc_init_with_comments_gives_base_url():
    aliases = path_aliases("web/tsconfig.json", fixture("tsc_init.tsconfig.json"))
    assert aliases is not None
    assert aliases.base_url == "web/src" and aliases.paths == ()


def test_tsconfig_paths_relative_to_base_url_or_to_the_config():
    data = b'{"compilerOptions": {"baseUrl": "src", "paths": {"@/*": ["./*", "../shared/*"],},},}'
    aliases = path_aliases("app/tsconfig.base.json", data)
    assert aliases is not None and aliases.paths == (("@/*", ("app/src/*", "app/shared/*")),)
    without_base = path_aliases(
        "tsconfig.json", b'{"compilerOptions": {"paths": {"~lib": ["lib/index.ts"]}}}'
    )
    assert without_base is not None and without_base.paths == (("~lib", ("lib/index.ts",)),)
    assert path_aliases("tsconfig.json", b'{"compilerOptions": {"strict": true}}') is None
    assert path_aliases("tsconfig.json", b"{ not json5") is None
    assert is_tsconfig("tsconfig.build.json") and not is_tsconfig("jsconfig.json")


@pytest.mark.parametrize("name", ["tsc_init.tsconfig.json", "tsc4_init.tsconfig.json"])
def test_a_tsconfig_with_comments_and_trailing_commas_is_read_as_json_once_they_are_gone(monkeypatch, name):
    import json5

    data = fixture(name).replace(b'"./src",', b'"./src", // the sources\n    /* a // in a comment */', 1)
    expected = json5.loads(data.decode())
    monkeypatch.setattr(json5, "loads", lambda text: pytest.fail("json5 asked"))
    aliases = path_aliases("web/tsconfig.json", data.replace(b"\n  }\n}", b"\n  },\n}"))  # a trailing comma
    assert aliases is not None and aliases.base_url == "web/src"
    assert _json_or_json5(data.decode()) == expected


def test_a_comment_s_marks_inside_a_string_are_the_string_s():
    text = '{"a": "http://x/*y*/", // c\n "b": [1, 2,], /* z */ "c": "q\\"//",}'
    assert _json_or_json5(text) == {"a": "http://x/*y*/", "b": [1, 2], "c": 'q"//'}


@pytest.mark.parametrize(
    "data", [b"/*" * 30_000, b"*/" * 15_000 + b"/*" * 15_000, b'{"a": 1 /* never closed']
)
def test_a_comment_never_closed_is_read_once_and_gives_none(data):
    assert path_aliases("tsconfig.json", data) is None


def test_a_plain_json_tsconfig_is_read_as_json_and_json5_reads_the_rest(monkeypatch):
    import json5

    asked = []
    real = json5.loads
    monkeypatch.setattr(json5, "loads", lambda text: asked.append(text) or real(text))
    plain = b'{"compilerOptions": {"baseUrl": "src"}}'
    assert path_aliases("tsconfig.json", plain) == path_aliases(
        "tsconfig.json", plain.replace(b"}}", b",},}")
    )
    assert asked == []  # trailing commas alone: JSON once they are gone
    unquoted = b"{compilerOptions: {baseUrl: 'src'}}"
    assert path_aliases("tsconfig.json", unquoted) == path_aliases("tsconfig.json", plain)
    assert asked == ["{compilerOptions: {baseUrl: 'src'}}"]  # JSON5 only where neither reads it


def test_composer_psr4_longest_prefix_first_and_nothing_outside():
    data = (
        b'{"autoload": {"psr-4": {"Acme\\\\": "src/", "Acme\\\\Sheet\\\\": ["lib/Sheet", "../../etc"]}},'
        b' "autoload-dev": {"psr-4": {"Acme\\\\Tests\\\\": "tests/"}}}'
    )
    record = psr4("composer.json", data)
    assert record is not None
    assert record.prefixes == (
        ("Acme\\Sheet", ("lib/Sheet",)),
        ("Acme\\Tests", ("tests",)),
        ("Acme", ("src",)),
    )
    assert psr4("composer.json", b'{"require": {}}') is None
    assert psr4("composer.json", b"[") is None


def test_join_keeps_paths_inside_the_repository():
    assert join("a/b", "../c") == "a/c"
    assert join("a", "./") == "a"
    assert join("", ".") == ""
    assert join("a", "../../x") is None
    assert join("a", "/etc/passwd") is None
    assert join("a", "..\\x") is None
