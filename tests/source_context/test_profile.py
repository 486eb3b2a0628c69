"""The operator's profile: the spec's defaults, and clear errors for every invalid profile."""

from __future__ import annotations

import re

import pytest

from boundedcode.errors import ConfigError
from boundedcode.source_context import DEFAULT_EXTENSIONS, ProjectLimits, SourceAnalysisSettings, load_profile

COMMIT = "a" * 40
HEAD = f'[project]\nrepository = "repo"\ncommit = "{COMMIT}"\n'


def load(tmp_path, text):
    path = tmp_path / "profile.toml"
    path.write_text(text)
    return load_profile(path)


def test_the_spec_example_and_defaults(tmp_path):
    profile = load(
        tmp_path,
        HEAD
        + """
[source_analysis]
enabled = true
context_lines = 8
max_searches = 4
max_matches = 12
max_files = 8
max_blocks = 12
max_total_lines = 160
registration_prefixes = ["AddSC_"]
""",
    )
    assert profile.settings == SourceAnalysisSettings(registration_prefixes=("AddSC_",))
    assert profile.limits == ProjectLimits()
    assert profile.repository == str(tmp_path / "repo") and profile.commit == COMMIT
    defaults = SourceAnalysisSettings()
    assert (
        defaults.context_lines,
        defaults.max_searches,
        defaults.max_matches,
        defaults.max_files,
        defaults.max_blocks,
        defaults.max_total_lines,
    ) == (8, 4, 12, 8, 12, 160)
    assert defaults.registration_prefixes == ()  # AddSC_ is adapter configuration, not built in
    assert 0 < ProjectLimits().internal_search_bytes < ProjectLimits().search_bytes


@pytest.mark.parametrize(
    "language, endings",
    [
        ("C/C++", {".c", ".h", ".cpp", ".hpp"}),
        ("SQL", {".sql"}),
        ("Python", {".py"}),
        ("JavaScript/TypeScript", {".js", ".ts", ".tsx"}),
        ("C#", {".cs"}),
        ("Java", {".java"}),
        ("Go", {".go"}),
        ("Rust", {".rs"}),
        ("Lua", {".lua"}),
    ],
)
def test_default_extensions_cover_the_spec_languages(language, endings):
    assert endings <= set(DEFAULT_EXTENSIONS), language


def test_extensions_are_normalised_and_change_the_settings_hash(tmp_path):
    base = load(tmp_path, HEAD + "[source_analysis]\nenabled = true\n")
    custom = load(tmp_path, HEAD + '[source_analysis]\nenabled = true\nextensions = ["CPP", ".h", "h"]\n')
    assert custom.settings.extensions == (".cpp", ".h")
    assert custom.settings_sha256 != base.settings_sha256
    assert (
        load(tmp_path, HEAD + "[source_analysis]\nenabled = true\n").settings_sha256 == base.settings_sha256
    )


@pytest.mark.parametrize(
    "body, message",
    [
        ("[source_analysis]\nenabled = true\nmax_file = 3\n", "unknown key in [source_analysis]: max_file"),
        ("[source_analysis]\nenabled = true\n[limits]\ntimeout = 3\n", "unknown key in [limits]: timeout"),
        ("[source_analysis]\nenabled = true\n[retrieval]\nx = 1\n", "unknown key in top level: retrieval"),
        ('[source_analysis]\nenabled = true\ncontext_lines = "8"\n', "context_lines must be an integer"),
        ("[source_analysis]\nenabled = true\nmax_files = true\n", "max_files must be an integer"),
        ("[source_analysis]\nenabled = true\nmax_matches = 1.5\n", "max_matches must be an integer"),
        ("[source_analysis]\nenabled = true\nmax_files = 0\n", "max_files must be positive"),
        ("[source_analysis]\nenabled = true\nmax_searches = -1\n", "max_searches must be positive"),
        ("[source_analysis]\nenabled = true\ncontext_lines = -1\n", "context_lines must be at least 0"),
        ("[source_analysis]\nenabled = true\n[limits]\nsearch_bytes = 0\n", "search_bytes must be positive"),
        (
            "[source_analysis]\nenabled = true\n[limits]\ntime_frame_s = 0\n",
            "time_frame_s must be a positive",
        ),
        (
            "[source_analysis]\nenabled = true\n[limits]\ninternal_search_share = 1.5\n",
            "internal_search_share",
        ),
        (
            '[source_analysis]\nenabled = true\nregistration_prefixes = "AddSC_"\n',
            "must be a list of strings",
        ),
        (
            '[source_analysis]\nenabled = true\nregistration_prefixes = ["1x"]\n',
            "not the start of an identifier",
        ),
        ("[source_analysis]\nenabled = true\nextensions = []\n", "at least one file extension"),
        ('[source_analysis]\nenabled = true\nextensions = ["../x"]\n', "not a file extension"),
        ("[source_analysis]\nenabled = false\n", "disabled"),
        ('[source_analysis]\nenabled = "yes"\n', "enabled must be true or false"),
        ("", "disabled"),
    ],
)
def test_invalid_profiles_are_rejected_clearly(tmp_path, body, message):
    with pytest.raises(ConfigError, match=re.escape(message)) as info:
        load(tmp_path, HEAD + body)
    assert str(tmp_path / "profile.toml") in str(info.value)


@pytest.mark.parametrize(
    "project, message",
    [
        ('[project]\nrepository = "r"\n', "commit is missing"),
        ('[project]\ncommit = "' + COMMIT + '"\n', "repository is missing"),
        ('[project]\nrepository = "r"\ncommit = "HEAD"\n', "full commit id"),
        ('[project]\nrepository = "r"\ncommit = "' + COMMIT[:12] + '"\n', "full commit id"),
        ('[project]\nrepository = "r"\ncommit = "--output=x' + "a" * 30 + '"\n', "full commit id"),
        ('[project]\nrepository = 3\ncommit = "' + COMMIT + '"\n', "non-empty string"),
        (
            '[project]\nrepository = "r"\ncommit = "' + COMMIT + '"\nbranch = "main"\n',
            "unknown key in \\[project\\]",
        ),
        ("", "the \\[project\\] table is missing"),
    ],
)
def test_the_project_table_pins_a_full_commit(tmp_path, project, message):
    with pytest.raises(ConfigError, match=message):
        load(tmp_path, project + "[source_analysis]\nenabled = true\n")


def test_a_section_must_be_a_table(tmp_path):
    with pytest.raises(ConfigError, match="source_analysis must be a table"):
        load(tmp_path, "source_analysis = 3\n" + HEAD)


def test_unreadable_and_malformed_files(tmp_path):
    with pytest.raises(ConfigError, match="cannot read profile"):
        load_profile(tmp_path / "missing.toml")
    with pytest.raises(ConfigError, match="not valid TOML"):
        load(tmp_path, "[project\n")
    (tmp_path / "latin1.toml").write_bytes(HEAD.encode() + b"# caf\xe9\n")
    with pytest.raises(ConfigError, match="not UTF-8 text"):
        load_profile(tmp_path / "latin1.toml")
    with pytest.raises(ConfigError, match="larger than 65,536 bytes"):
        load(tmp_path, HEAD + "# padding\n" * 10_000)


@pytest.mark.parametrize(
    "value",
    ["[" * 10_000 + "]" * 10_000, "{a = " * 10_000 + "1" + "}" * 10_000],
    ids=["arrays", "inline-tables"],
)
def test_a_10000_deep_profile_is_one_config_error(tmp_path, value):
    with pytest.raises(ConfigError, match="not valid TOML: nested too deeply"):
        load(tmp_path, HEAD + f"deep = {value}\n")
