"""The project configuration (spec, "Configuration"): one loader, two steps.

First parse and validate the file (every error names the file and the key),
then build the settings. The file is `bcode.yaml` (or `.bcode.yaml`) at the
repository root, or the one given with `--config`. The repository's file is as
untrusted as the rest of the checkout: it is read as a confined read (a regular
file inside the checkout, no symlink), and every file is bounded in size and
parsed with YAML aliases refused (a 400-byte alias bomb expands past any memory)
and its nesting bounded (PyYAML composes nodes recursively: 20 kB of `[` would
exhaust the interpreter's stack).
Errors name the file, the line and the problem, never a snippet of its text:



    direct:
      retrieval: adaptive   # adaptive (default) | basic
      seed_pack: true       # false: no retrieval block at all
"""

from __future__ import annotations

import os
from typing import Any, NamedTuple

from .checkout.confined import FileRead, read_fd, read_under
from .errors import ConfigError

__all__ = ["Settings", "load_settings", "parse_settings", "CONFIG_FILES", "RETRIEVAL_MODES"]

CONFIG_FILES = ("bcode.yaml", ".bcode.yaml")
RETRIEVAL_MODES = ("adaptive", "basic")
_SCHEMA = {"direct": {"retrieval": str, "seed_pack": bool}}
#: Largest configuration file read; a real one is a few lines.
MAX_CONFIG_BYTES = 64 * 1024
#: Deepest nesting of mappings and sequences read (the schema has two levels).
MAX_CONFIG_NESTING = 32


class Settings(NamedTuple):
    retrieval: str = "adaptive"
    seed_pack: bool = True
    source: str | None = None  # the file the settings came from


def parse_settings(data: Any, source: str) -> Settings:
    if data is None:
        return Settings(source=source)
    if not isinstance(data, dict):
        raise ConfigError(f"{source}: expected a mapping at the top level, got {type(data).__name__}")
    values: dict[str, Any] = {}
    for section, body in data.items():
        if section not in _SCHEMA:
            raise ConfigError(f"{source}: unknown section {section!r} (known: {', '.join(_SCHEMA)})")
        if body is None:
            continue
        if not isinstance(body, dict):
            raise ConfigError(f"{source}: {section} must be a mapping")
        for key, value in body.items():
            expected = _SCHEMA[section].get(key)
            if expected is None:
                raise ConfigError(
                    f"{source}: unknown key {section}.{key} (known: {', '.join(_SCHEMA[section])})"
                )
            if not isinstance(value, expected):
                raise ConfigError(f"{source}: {section}.{key} must be a {expected.__name__}, got {value!r}")
            values[key] = value
    mode = values.get("retrieval", "adaptive")
    if mode not in RETRIEVAL_MODES:
        raise ConfigError(
            f"{source}: direct.retrieval must be one of {', '.join(RETRIEVAL_MODES)}, got {mode!r}"
        )
    return Settings(retrieval=mode, seed_pack=values.get("seed_pack", True), source=source)


def _read_given(path: str) -> FileRead:
    """The operator's `--config` file: any path they name, but a regular file, bounded."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | os.O_CLOEXEC)
    except OSError:
        return FileRead(None, "no such configuration file")
    try:
        return read_fd(fd, MAX_CONFIG_BYTES)
    except OSError as exc:
        return FileRead(None, f"cannot read: {exc.strerror}")
    finally:
        os.close(fd)


def _parse_yaml(data: bytes, source: str) -> Any:
    import yaml

    class Bounded(yaml.SafeLoader):
        depth = 0

        def compose_node(self, parent: Any, index: Any) -> Any:
            if self.check_event(yaml.AliasEvent):
                raise ConfigError(f"{source}: YAML aliases are not allowed in a configuration file")
            if self.depth == MAX_CONFIG_NESTING:
                line = self.peek_event().start_mark.line + 1
                raise ConfigError(f"{source}: nested deeper than {MAX_CONFIG_NESTING} levels (line {line})")
            self.depth += 1
            try:
                return super().compose_node(parent, index)
            finally:
                self.depth -= 1

    try:
        return yaml.load(data.decode("utf-8"), Loader=Bounded)  # noqa: S506 (a SafeLoader)
    except UnicodeDecodeError:
        raise ConfigError(f"{source}: not UTF-8 text") from None
    except yaml.MarkedYAMLError as exc:
        mark = exc.problem_mark
        where = f" (line {mark.line + 1}, column {mark.column + 1})" if mark else ""
        raise ConfigError(f"{source}: not valid YAML: {exc.problem}{where}") from None
    except yaml.YAMLError:
        raise ConfigError(f"{source}: not valid YAML") from None


def load_settings(repo: str, path: str | None = None) -> Settings:
    """Settings from `path`, else from the repository's config file, else the defaults."""
    if path:
        read = _read_given(path)
        source = path
    else:
        root = os.path.realpath(repo)
        for name in CONFIG_FILES:
            source = os.path.join(repo, name)
            if os.path.lexists(os.path.join(root, name)):
                read = read_under(root, name, MAX_CONFIG_BYTES)
                if read.data is None and read.refused and not read.refused.startswith("larger"):
                    read = FileRead(None, "not a regular file inside the checkout (a symlink?)")
                break
        else:
            return Settings()
    if read.data is None:
        raise ConfigError(f"{source}: {read.refused}")
    return parse_settings(_parse_yaml(read.data, source), source)
