"""The operator's project profile for `source.context`: pinned commit, settings, limits.

A profile is a TOML file; the operator writes it, the LLM never sees or changes it:

    [project]
    repository = "../vcore"        # relative to the profile file
    commit = "<40 hex digits>"     # the pinned commit; no branch or revision syntax

    [source_analysis]
    enabled = true
    context_lines = 8
    registration_prefixes = ["AddSC_"]

    [limits]                       # ProjectLimits
    time_frame_s = 10.0

Every number has a default (the spec's safety defaults, kept in the dataclasses
below); unknown keys, wrong types, non-positive numbers and a disabled tool are
rejected with a `ConfigError` naming the file, table and key.
"""

from __future__ import annotations

import hashlib
import json
import os
import tomllib
from dataclasses import asdict, dataclass, fields
from typing import Any, Mapping

from ..errors import ConfigError
from ..lang.identifiers import is_identifier
from ..lazyre import compile_static

__all__ = [
    "KIND",
    "DEFAULT_EXTENSIONS",
    "SourceAnalysisSettings",
    "ProjectLimits",
    "Profile",
    "load_profile",
    "parse_profile",
    "canonical_json",
]

#: The `project.query` kind this package answers.
KIND = "source.context"

KIB = 1024
MIB = 1024 * KIB

#: Text file endings searched unless the profile says otherwise: C/C++, SQL, Python,
#: JavaScript/TypeScript, C#, Java, Go, Rust and Lua (spec, "Konfiguration").
DEFAULT_EXTENSIONS: tuple[str, ...] = tuple(
    sorted(
        (
            ".c",
            ".h",
            ".cc",
            ".cpp",
            ".cxx",
            ".hh",
            ".hpp",
            ".hxx",
            ".inl",
            ".ipp",
            ".sql",
            ".py",
            ".pyi",
            ".js",
            ".jsx",
            ".mjs",
            ".cjs",
            ".ts",
            ".tsx",
            ".mts",
            ".cts",
            ".cs",
            ".java",
            ".go",
            ".rs",
            ".lua",
        )
    )
)

#: Largest profile read; a real one is a few lines.
MAX_PROFILE_BYTES = 64 * 1024
_EXTENSION = compile_static(r"\.?[A-Za-z0-9_+-]+(\.[A-Za-z0-9_+-]+)*\Z")
_COMMIT_ID = compile_static(r"[0-9a-fA-F]{40}\Z")


@dataclass(frozen=True)
class SourceAnalysisSettings:
    """The `[source_analysis]` table: the spec's safety defaults, not format limits."""

    context_lines: int = 8
    max_searches: int = 4
    max_matches: int = 12
    max_files: int = 8
    max_blocks: int = 12
    max_total_lines: int = 160
    # Adapter configuration (e.g. Vcore's "AddSC_"), never built-in domain knowledge.
    registration_prefixes: tuple[str, ...] = ()
    extensions: tuple[str, ...] = DEFAULT_EXTENSIONS


@dataclass(frozen=True)
class ProjectLimits:
    """The `[limits]` table: hard limits shared by every query of the project."""

    time_frame_s: float = 10.0
    file_bytes: int = 1 * MIB
    search_bytes: int = 64 * MIB
    result_bytes: int = 256 * KIB
    # Follow-up searches together may scan at most this share of `search_bytes`.
    internal_search_share: float = 0.5

    @property
    def internal_search_bytes(self) -> int:
        return int(self.search_bytes * self.internal_search_share)


@dataclass(frozen=True)
class Profile:
    repository: str  # absolute path of the repository (bare or with a working copy)
    commit: str  # 40 lowercase hex digits
    settings: SourceAnalysisSettings
    limits: ProjectLimits

    def settings_document(self) -> dict[str, Any]:
        """Everything that shapes a result besides the commit; a context is bound to it."""
        settings = asdict(self.settings)
        settings["registration_prefixes"] = list(self.settings.registration_prefixes)
        settings["extensions"] = list(self.settings.extensions)
        return {"source_analysis": settings, "limits": asdict(self.limits)}

    @property
    def settings_sha256(self) -> str:
        return hashlib.sha256(canonical_json(self.settings_document())).hexdigest()


def canonical_json(value: Any) -> bytes:
    """The one byte form that hashes and size limits are computed on."""
    return json.dumps(value, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def load_profile(path: str | os.PathLike[str]) -> Profile:
    path = os.fspath(path)
    try:
        with open(path, "rb") as f:
            raw = f.read(MAX_PROFILE_BYTES + 1)
    except OSError as exc:
        raise ConfigError(f"{path}: cannot read profile: {exc.strerror or exc}") from None
    if len(raw) > MAX_PROFILE_BYTES:
        raise ConfigError(f"{path}: larger than {MAX_PROFILE_BYTES:,} bytes")
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise ConfigError(f"{path}: not UTF-8 text") from None
    except tomllib.TOMLDecodeError as exc:
        raise ConfigError(f"{path}: not valid TOML: {exc}") from None
    except RecursionError:
        # tomllib parses arrays and inline tables recursively, with no depth option.
        raise ConfigError(f"{path}: not valid TOML: nested too deeply") from None
    return parse_profile(data, base_dir=os.path.dirname(os.path.abspath(path)), source=path)


def parse_profile(data: Mapping[str, Any], base_dir: str, source: str = "profile") -> Profile:
    """Validate a parsed profile; relative repository paths resolve against `base_dir`."""
    _check_keys(data, {"project", "source_analysis", "limits"}, source, "top level")
    project = _table(data, "project", source, required=True)
    _check_keys(project, {"repository", "commit"}, source, "[project]")
    for key in ("repository", "commit"):
        if key not in project:
            raise ConfigError(f"{source}: [project] {key} is missing")
        if not isinstance(project[key], str) or not project[key]:
            raise ConfigError(f"{source}: [project] {key} must be a non-empty string")
    if not _COMMIT_ID.match(project["commit"]):
        raise ConfigError(
            f"{source}: [project] commit must be a full commit id (40 hex digits), not {project['commit']!r}"
        )

    analysis = _table(data, "source_analysis", source, required=False)
    if analysis.get("enabled") is not True:
        if "enabled" in analysis and not isinstance(analysis["enabled"], bool):
            raise ConfigError(f"{source}: [source_analysis] enabled must be true or false")
        raise ConfigError(
            f"{source}: source.context is disabled; set enabled = true in [source_analysis] to use it"
        )
    settings = _build(SourceAnalysisSettings, analysis, source, "[source_analysis]", {"enabled"})
    limits = _build(ProjectLimits, _table(data, "limits", source, required=False), source, "[limits]", set())
    return Profile(
        repository=os.path.normpath(os.path.join(base_dir, project["repository"])),
        commit=project["commit"].lower(),
        settings=settings,
        limits=limits,
    )


def _table(data: Mapping[str, Any], name: str, source: str, required: bool) -> Mapping[str, Any]:
    if name not in data:
        if required:
            raise ConfigError(f"{source}: the [{name}] table is missing")
        return {}
    if not isinstance(data[name], dict):
        raise ConfigError(f"{source}: {name} must be a table ([{name}])")
    return data[name]


def _check_keys(table: Mapping[str, Any], allowed: set[str], source: str, where: str) -> None:
    unknown = sorted(set(table) - allowed)
    if unknown:
        raise ConfigError(
            f"{source}: unknown key{'s' if len(unknown) > 1 else ''} in {where}: "
            f"{', '.join(unknown)} (allowed: {', '.join(sorted(allowed))})"
        )


def _build(cls: type, table: Mapping[str, Any], source: str, where: str, extra: set[str]) -> Any:
    names = {f.name for f in fields(cls)}
    _check_keys(table, names | extra, source, where)
    values = {k: _value(k, table[k], f"{source}: {where} {k}") for k in sorted(names & set(table))}
    return cls(**values)


def _value(key: str, value: Any, label: str) -> Any:
    if key == "registration_prefixes":
        items = _strings(value, label)
        for item in items:
            if not is_identifier(item, strict=True):
                raise ConfigError(f"{label}: {item!r} is not the start of an identifier")
        return tuple(dict.fromkeys(items))
    if key == "extensions":
        items = _strings(value, label)
        if not items:
            raise ConfigError(f"{label} must name at least one file extension")
        for item in items:
            if not _EXTENSION.match(item):
                raise ConfigError(f'{label}: {item!r} is not a file extension such as ".cpp"')
        return tuple(sorted({"." + item.lstrip(".").lower() for item in items}))
    if key == "internal_search_share":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not 0 < value <= 1:
            raise ConfigError(f"{label} must be a number above 0 and at most 1, got {value!r}")
        return float(value)
    if key == "time_frame_s":
        if isinstance(value, bool) or not isinstance(value, (int, float)) or not value > 0:
            raise ConfigError(f"{label} must be a positive number of seconds, got {value!r}")
        return float(value)
    # Every other key is a count; only context_lines may be 0 (the hit line alone).
    if isinstance(value, bool) or not isinstance(value, int):
        raise ConfigError(f"{label} must be an integer, got {value!r}")
    minimum = 0 if key == "context_lines" else 1
    if value < minimum:
        raise ConfigError(f"{label} must be {'at least 0' if minimum == 0 else 'positive'}, got {value}")
    return value


def _strings(value: Any, label: str) -> list[str]:
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise ConfigError(f"{label} must be a list of strings")
    return value
