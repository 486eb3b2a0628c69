"""The read policy: which repository paths retrieval may list and read.

Retrieval reads what `read` and `grep` may read and nothing else (spec,
"Security"): no secret paths, no symlinks, no hidden, dependency or build
directories, no lock files, minified bundles or source maps. Paths here are
always relative, `/`-separated, and already confined to the checkout.
"""

from __future__ import annotations

import functools
import posixpath
import re

from ..lazyre import compile_static

__all__ = ["refusal", "refused_directory", "refused_directory_name", "is_readable", "confine"]

DEPENDENCY_DIRS = frozenset(
    {
        "node_modules",
        "bower_components",
        "jspm_packages",
        "vendor",
        "Pods",
        "Carthage",
        "site-packages",
        "dist-packages",
        "__pycache__",
        "venv",
        "virtualenv",
    }
)
BUILD_DIRS = frozenset({"build", "dist", "target", "_build", "cmake-build-debug", "cmake-build-release"})

SECRET_NAMES = frozenset(
    {
        "id_rsa",
        "id_dsa",
        "id_ecdsa",
        "id_ed25519",
        "credentials",
        "credentials.json",
        "secrets.json",
        "secrets.yaml",
        "secrets.yml",
        "secrets.toml",
        "service-account.json",
        "htpasswd",
        "netrc",
        "pgpass",
        "authorized_keys",
        "known_hosts",
    }
)
SECRET_SUFFIXES = (
    ".pem",
    ".key",
    ".p12",
    ".pfx",
    ".jks",
    ".keystore",
    ".ppk",
    ".der",
    ".crt",
    ".cer",
    ".asc",
    ".gpg",
    ".kdbx",
    ".tfvars",
    ".tfstate",
)
_ENV_FILE = compile_static(r"^\.?env(\.[\w.-]+)?$|^[\w.-]+\.env$")
_ENV_EXAMPLES = frozenset({"example", "sample", "template", "dist", "defaults"})
#: What `env.<ext>` is besides a dotenv file: a program's source in a language whose code holds
#: no values to keep (`env.rs`, `env.go`: the `env` command; `env.py`: a migration tool's). Not a
#: script or a config module that assigns them (`env.sh`, `env.php`, `env.js`, `env.rb`), nor data.
_SOURCE_EXTENSIONS = frozenset(
    {"rs", "go", "c", "h", "cc", "cpp", "cxx", "hpp", "hh", "java", "kt", "scala", "cs", "swift", "zig"}
    | {"nim", "hs", "ml", "ex", "exs", "erl", "py"}
)

LOCK_NAMES = frozenset(
    {
        "package-lock.json",
        "npm-shrinkwrap.json",
        "yarn.lock",
        "pnpm-lock.yaml",
        "bun.lockb",
        "Cargo.lock",
        "poetry.lock",
        "Pipfile.lock",
        "composer.lock",
        "Gemfile.lock",
        "go.sum",
        "mix.lock",
        "pubspec.lock",
        "Podfile.lock",
        "flake.lock",
        "uv.lock",
        "pdm.lock",
        "packages.lock.json",
        "gradle.lockfile",
    }
)
_MINIFIED = compile_static(r"[.-]min\.(js|mjs|cjs|css)$|\.(js|css|mjs)\.map$|\.map$")


def _is_env_file(name: str) -> bool:
    if not _ENV_FILE.match(name):
        return False
    # `.env.example` documents variables and holds no secret; it may be read.
    parts = name.lower().split(".")
    if len(parts) == 2 and parts[0] == "env" and parts[1] in _SOURCE_EXTENSIONS:
        return False  # `env.rs`: a program's source
    return not any(p in _ENV_EXAMPLES for p in parts[1:])


#: A control character (a newline, a tab, an escape, C1's NEL) or a Unicode line or paragraph
#: separator in a file or directory name: such a path printed in a block or parsed from
#: ripgrep's lines would read as more than one line.
_CONTROL = compile_static("[\x00-\x1f\x7f-\x9f\u2028\u2029]")
CONTROL_CHARACTER = "control character in name"


def refused_directory_name(name: str) -> str | None:
    """Why the policy refuses a directory called `name`, whatever lies above it, or None."""
    if _CONTROL.search(name):
        return CONTROL_CHARACTER
    if name.startswith("."):
        return "hidden directory"
    if name in DEPENDENCY_DIRS:
        return "dependency directory"
    if name in BUILD_DIRS:
        return "build directory"
    return None


@functools.lru_cache(maxsize=1 << 15)
def _directory_refusal(directory: str) -> str | None:
    # Asked once per directory, not once per file in it (a walk asks about every file).
    for part in directory.split("/") if directory else ():
        if (reason := refused_directory_name(part)) is not None:
            return reason
    return None


@functools.lru_cache(maxsize=1 << 15)
def _name_refusal(name: str) -> str | None:
    # Asked once per file name: names repeat across a tree (Django: 1,155 `django.mo`).
    if _CONTROL.search(name):
        return CONTROL_CHARACTER
    lower = name.lower()
    if (
        _is_env_file(lower)
        or lower in SECRET_NAMES
        or lower.endswith(SECRET_SUFFIXES)
        or lower.startswith(("id_rsa", "id_dsa", "id_ecdsa", "id_ed25519"))
    ):
        return "secret path"
    if name.startswith("."):
        return "hidden file"
    if name in LOCK_NAMES or lower.endswith(".lock"):
        return "lock file"
    if _MINIFIED.search(lower):
        return "minified bundle or source map"
    return None


@functools.lru_cache(maxsize=1 << 17)  # asked of every walked file on every query (a warm host)
def refusal(path: str) -> str | None:
    """Why the policy refuses `path`, or None when it may be read."""
    directory, _, name = path.rpartition("/")
    return _directory_refusal(directory) or _name_refusal(name)


#: `refusal` judges directories by the components above a file name; a neutral file
#: name below a directory asks it about the directory alone.
_DIRECTORY_PROBE = "probe"


def refused_directory(path: str) -> str | None:
    """Why the policy refuses everything below the directory `path`, or None."""
    return refusal(f"{path}/{_DIRECTORY_PROBE}")


def is_readable(path: str) -> bool:
    return refusal(path) is None


@functools.lru_cache(maxsize=1 << 17)  # every read of every kept file on a warm query
def confine(path: str) -> str | None:
    """Normalise a repository-relative path; None when it would leave the checkout."""
    if not path or "\0" in path:
        return None
    path = path.replace("\\", "/")
    if path.startswith("/") or re.match(r"^[A-Za-z]:", path):
        return None
    norm = posixpath.normpath(path)
    if norm in (".", "") or norm == ".." or norm.startswith("../"):
        return None
    return norm
