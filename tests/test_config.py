import pytest

from boundedcode.config import Settings, load_settings
from boundedcode.errors import ConfigError


def test_defaults_without_a_file(tmp_path):
    assert load_settings(str(tmp_path)) == Settings()


def test_project_file_is_read(tmp_path):
    (tmp_path / "bcode.yaml").write_text("direct:\n  retrieval: basic\n  seed_pack: false\n")
    s = load_settings(str(tmp_path))
    assert (s.retrieval, s.seed_pack) == ("basic", False)


@pytest.mark.parametrize(
    "text,message",
    [
        ("direct:\n  retrieval: fast\n", "direct.retrieval must be one of adaptive, basic"),
        ("direct:\n  seed_pack: maybe\n", "direct.seed_pack must be a bool"),
        ("direct:\n  retreival: basic\n", "unknown key direct.retreival"),
        ("indirect: {}\n", "unknown section 'indirect'"),
        ("direct: [1, 2]\n", "direct must be a mapping"),
        ("direct: {retrieval: [\n", "not valid YAML"),
        ("- a\n", "expected a mapping at the top level"),
    ],
)
def test_invalid_files_name_the_problem(tmp_path, text, message):
    (tmp_path / "bcode.yaml").write_text(text)
    with pytest.raises(ConfigError, match=message.replace("(", r"\(").replace("[", r"\[")):
        load_settings(str(tmp_path))


def test_missing_explicit_file(tmp_path):
    with pytest.raises(ConfigError, match="no such configuration file"):
        load_settings(str(tmp_path), str(tmp_path / "nope.yaml"))


CANARY = "canary-outside-the-checkout"


def test_a_repository_config_symlinked_outside_is_refused_without_echoing_it(tmp_path):
    outside = tmp_path / "outside.yaml"
    outside.write_text(f"direct:\n  retrieval: {CANARY}\n")
    repo = tmp_path / "repo"
    repo.mkdir()
    (repo / "bcode.yaml").symlink_to(outside)
    with pytest.raises(ConfigError, match="not a regular file inside the checkout") as err:
        load_settings(str(repo))
    assert CANARY not in str(err.value)


def test_a_yaml_alias_bomb_is_refused_before_it_expands(tmp_path):
    # Nine levels of nine aliases: 9**9 strings if expanded (the 400-byte bomb of the report).
    lines = ['a0: &a0 ["x"]']
    lines += [f"a{i}: &a{i} [{', '.join([f'*a{i - 1}'] * 9)}]" for i in range(1, 10)]
    (tmp_path / "bcode.yaml").write_text("\n".join(lines) + "\n")
    with pytest.raises(ConfigError, match="YAML aliases are not allowed"):
        load_settings(str(tmp_path))


def test_config_files_are_bounded_in_size_and_never_block(tmp_path):
    import os

    (tmp_path / "bcode.yaml").write_text("# padding\n" * 10_000)
    with pytest.raises(ConfigError, match="larger than 65,536 bytes"):
        load_settings(str(tmp_path))
    fifo = tmp_path / "given.yaml"
    os.mkfifo(fifo)
    with pytest.raises(ConfigError, match="not a readable file"):
        load_settings(str(tmp_path), str(fifo))


def test_yaml_errors_name_the_line_but_show_no_text(tmp_path):
    (tmp_path / "bcode.yaml").write_text(f"direct:\n  retrieval: [{CANARY}\n")
    with pytest.raises(ConfigError, match=r"not valid YAML: .*\(line \d+, column \d+\)") as err:
        load_settings(str(tmp_path))
    assert CANARY not in str(err.value)


@pytest.mark.parametrize(
    "document",
    [
        "direct: " + "[" * 10_000 + "]" * 10_000 + "\n",
        "direct: " + "{a: " * 10_000 + "x" + "}" * 10_000 + "\n",
        "- " * 10_000 + "x\n",  # on one line
    ],
    ids=["flow-sequences", "flow-mappings", "block-sequences"],
)
def test_a_10000_deep_document_is_refused_with_one_config_error(tmp_path, document):
    (tmp_path / "bcode.yaml").write_text(document)
    with pytest.raises(ConfigError, match=r"bcode.yaml: nested deeper than 32 levels \(line 1\)$"):
        load_settings(str(tmp_path))
    given = tmp_path / "given.yaml"  # the operator's --config is parsed the same way
    given.write_text(document)
    with pytest.raises(ConfigError, match="nested deeper than 32 levels"):
        load_settings(str(tmp_path / "elsewhere"), str(given))


def test_nesting_up_to_the_bound_is_parsed(tmp_path):
    from boundedcode.config import MAX_CONFIG_NESTING

    depth = MAX_CONFIG_NESTING - 1  # the top mapping is the first level
    (tmp_path / "bcode.yaml").write_text("direct: " + "[" * depth + "]" * depth + "\n")
    with pytest.raises(ConfigError, match="direct must be a mapping"):  # parsed, then validated
        load_settings(str(tmp_path))
    (tmp_path / "bcode.yaml").write_text("direct: " + "[" * (depth + 1) + "]" * (depth + 1) + "\n")
    with pytest.raises(ConfigError, match="nested deeper"):
        load_settings(str(tmp_path))
