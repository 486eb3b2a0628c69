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
