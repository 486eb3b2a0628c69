"""The project configuration (spec, "Configuration"): one loader, two steps.

First parse and validate the file (every error names the file and the key),
then build the settings. The file is `bcode.yaml` (or `.bcode.yaml`) at the
repository root, or the one given with `--config`:

    direct:
      retrieval: adaptive   # adaptive (default) | basic
      seed_pack: true       # false: no retrieval block at all
"""

from __future__ import annotations

import os
from dataclasses import dataclass
from typing import Any

from .errors import ConfigError

__all__ = ["Settings", "load_settings", "parse_settings", "CONFIG_FILES", "RETRIEVAL_MODES"]

CONFIG_FILES = ("bcode.yaml", ".bcode.yaml")
RETRIEVAL_MODES = ("adaptive", "basic")
_SCHEMA = {"direct": {"retrieval": str, "seed_pack": bool}}


@dataclass(frozen=True)
class Settings:
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


def load_settings(repo: str, path: str | None = None) -> Settings:
    """Settings from `path`, else from the repository's config file, else the defaults."""
    import yaml

    candidates = [path] if path else [os.path.join(repo, n) for n in CONFIG_FILES]
    for candidate in candidates:
        if candidate and os.path.isfile(candidate):
            try:
                with open(candidate, encoding="utf-8") as f:
                    data = yaml.safe_load(f)
            except (OSError, UnicodeDecodeError) as exc:
                raise ConfigError(f"{candidate}: cannot read: {exc}") from None
            except yaml.YAMLError as exc:
                raise ConfigError(f"{candidate}: not valid YAML: {exc}") from None
            return parse_settings(data, candidate)
        if path:
            raise ConfigError(f"{path}: no such configuration file")
    return Settings()
