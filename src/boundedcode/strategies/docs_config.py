"""docs_config: an environment variable in the prose, where it is read, set and documented.

Readers are each language's usual accessors (`os.environ`, `os.Getenv`,
`process.env.X`, `System.getenv`, `ENV["X"]`, `getenv()`, `std::env::var`,
`Environment.GetEnvironmentVariable`, viper's `BindEnv`, struct tags and
`${X}` interpolation, …). Setters are compose `environment:` entries,
Dockerfile `ENV`/`ARG`, CI and deployment files (YAML keys, Kubernetes
`- name: X`), shell and Make assignments and example env files. Documentation
is prose that names it. The read policy stands: hidden files and `.env` files
are never listed, so they are never read here either.

The variable is a `config_key` anchor (UPPER_SNAKE), the same one the lexical
strategy searches literally. Both findings in one file count once in ranking
(one anchor per file); this strategy's weigh at least as much and carry the
richer reason, so they are the ones shown.
"""

from __future__ import annotations

import re

from ..lang.definitions import enclosing_definition
from ..lang.languages import is_prose_path, language_of
from ..lazyre import LazyPattern, compile_static
from ..model import Anchor, AnchorKind, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, Plan

__all__ = ["DocsConfigStrategy", "ENV_NAME"]

#: Where the variable is read is where its behaviour is: above the configuration key's base.
READS = R.CONFIG_KEY + 0.1
#: Setting or documenting it says what lexical's literal match says, with a richer reason.
SETS = R.CONFIG_KEY
DOCUMENTS = R.CONFIG_KEY
#: Places listed per variable at most (readers first, then setters, then documentation).
MAX_PLACES = 20
#: A name in more files than this is too common for prose that mentions it to point anywhere
#: (lexical's limit); its readers and setters still count.
MAX_DOCUMENTED_FILES = 20
#: Files whose enclosing definition names the reader (each costs one read and parse).
MAX_ENCLOSING_LOOKUPS = 4

#: An environment variable: UPPER_SNAKE with at least one underscore (seeds give it as config_key).
ENV_NAME = compile_static(r"[A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+")

# `{X}` stands for the escaped name, `{Q}` for an opening quote.
_Q = r"""["'`]"""
_CODE_SETTERS = (
    r"\bSetenv\s*\(\s*{Q}{X}\b",  # Go os.Setenv, t.Setenv
    r"\b(?:setenv|putenv)\s*\(\s*{Q}{X}\b",  # C, PHP, pytest's monkeypatch.setenv
    r"\benviron\s*\[\s*{Q}{X}{Q}\s*\]\s*=(?!=)",  # Python os.environ["X"] = …
    r"\bprocess\.env\.{X}\s*=(?!=)",  # Node
    r"\bENV\s*\[\s*{Q}{X}{Q}\s*\]\s*=(?!=)",  # Ruby
    r"\benv::set_var\s*\(\s*{Q}{X}\b",  # Rust
    r"SetEnvironmentVariable\s*\(\s*{Q}{X}\b",  # C#
)
_READERS = (
    r"\benviron(?:\.get)?\s*[\[(]\s*{Q}{X}{Q}",  # Python os.environ[…], os.environ.get(…)
    r"\bgetenv\s*\(\s*{Q}{X}{Q}",  # Python os.getenv, C/C++ getenv, PHP getenv
    r"\b(?:Getenv|LookupEnv)\s*\(\s*{Q}{X}{Q}",  # Go
    r"\b(?:process|Bun)\.env(?:\.{X}\b|\s*\[\s*{Q}{X}{Q})",  # Node, Bun
    r"\bimport\.meta\.env\.{X}\b",  # Vite
    r"\bDeno\.env\.get\s*\(\s*{Q}{X}{Q}",  # Deno
    r"\bSystem\.(?:getenv|get_env|fetch_env!?)\s*\(\s*{Q}{X}{Q}",  # JVM, Elixir
    r"\bENV\s*(?:\[\s*{Q}{X}{Q}|\.fetch\s*\(\s*{Q}{X}{Q}|\.key\?\s*\(\s*{Q}{X}{Q})",  # Ruby
    r"\$_(?:ENV|SERVER)\s*\[\s*{Q}{X}{Q}",  # PHP
    r"\b(?:env|config)\s*\(\s*{Q}{X}{Q}",  # Laravel env(), django-environ, decouple
    r"\benv::var(?:_os)?\s*\(\s*{Q}{X}{Q}",  # Rust std::env::var
    r"\b(?:option_)?env!\s*\(\s*{Q}{X}{Q}",  # Rust, at compile time
    r"\bGetEnvironmentVariable\s*\(\s*{Q}{X}{Q}",  # C#
    r"\.environment\s*\[\s*{Q}{X}{Q}",  # Swift ProcessInfo, Dart Platform
    r"\bfromEnvironment\s*\(\s*{Q}{X}{Q}",  # Dart
    r"\bBindEnv\s*\([^)]*{Q}{X}{Q}",  # Go viper
    r"""\b(?:env|envconfig)\s*:\s*\\?"{X}\b""",  # Go struct tags env:"X", envconfig:"X"
    r"\benv\s*=\s*{Q}{X}{Q}",  # Rust clap arg(env = "X"), pydantic Field(env=…)
    r"\$\{{X}(?:[:?+=-][^}]*)?\}",  # ${X} interpolation: shell, Spring, compose
)
_SHELL_READ = r"\${X}\b"
_FILE_SETTERS = {
    # YAML: compose `environment:` (map or `- X=…` list), CI `env:` maps, ConfigMap data.
    "yaml": (
        r"""^\s*(?:-\s+)?["']?{X}["']?\s*(?:[:=]|$)""",
        r"""^\s*(?:-\s+)?name\s*:\s*["']?{X}["']?\s*(?:#.*)?$""",
    ),  # Kubernetes env lists
    "dockerfile": (r"^\s*(?:ENV|ARG)\s+(?:.*\s)?{X}(?:[=\s]|$)",),
    "json": (r"""["']{X}["']\s*:""", r"""["']name["']\s*:\s*["']{X}["']"""),
    # Shell, Make, Procfile, systemd, env examples, INI/TOML/properties, Terraform, Jenkinsfile.
    "assign": (
        r"(?:^|[\s;])(?:export\s+|set\s+|setenv\s+|declare\s+-x\s+|Environment=[\"']?)?"
        r"{X}\s*[?:+]?=",
    ),
}
_ASSIGN_LANGUAGES = frozenset({"shell", "make", "toml", "terraform", "groovy", "powershell"})
_ASSIGN_EXTENSIONS = (
    ".ini",
    ".cfg",
    ".conf",
    ".properties",
    ".service",
    ".env.example",
    ".env.sample",
    ".env.template",
    ".envrc.example",
)
_ASSIGN_NAMES = LazyPattern(
    r"^(?:Procfile|Jenkinsfile|env\.(?:example|sample|template|dist)|"
    r"[\w.-]*\.env\.(?:example|sample|template|dist))$",
    re.I,
)


def _setter_kind(path: str) -> str | None:
    name = path.rsplit("/", 1)[-1]
    lang = language_of(path)
    if lang in ("yaml", "dockerfile", "json"):
        return lang
    if name.startswith("Dockerfile") or name.endswith((".Dockerfile", ".dockerfile")):
        return "dockerfile"
    if lang in _ASSIGN_LANGUAGES or name.endswith(_ASSIGN_EXTENSIONS) or _ASSIGN_NAMES.match(name):
        return "assign"
    return None


class _Matcher:
    """The accessor patterns for one variable, compiled once per retrieval."""

    def __init__(self, name: str):
        def compiled(templates) -> list[re.Pattern]:
            x = re.escape(name)
            return [re.compile(t.replace("{X}", x).replace("{Q}", _Q)) for t in templates]

        self.file_setters = {kind: compiled(ts) for kind, ts in _FILE_SETTERS.items()}
        self.shell_read = compiled((_SHELL_READ,))
        self.code_setters = compiled(_CODE_SETTERS)
        self.readers = compiled(_READERS)

    def classify(self, path: str, line: str) -> str | None:
        """ "reads", "sets" or "documents" for one line of `path` that names the variable, else None."""
        lang = language_of(path)
        if is_prose_path(path) and lang in (None, "markdown", "rst"):
            return "documents"
        kind = _setter_kind(path)
        if kind is not None:
            if any(p.search(line) for p in self.file_setters[kind]):
                return "sets"
            if lang == "shell" and any(p.search(line) for p in self.shell_read):
                return "reads"
        if any(p.search(line) for p in self.code_setters):
            return "sets"
        if any(p.search(line) for p in self.readers):
            return "reads"
        return None


_RELIABILITY = {"reads": READS, "sets": SETS, "documents": DOCUMENTS}
_ORDER = {"reads": 0, "sets": 1, "documents": 2}


class DocsConfigStrategy:
    id = "docs_config"

    @staticmethod
    def _variables(plan: Plan) -> list[Anchor]:
        return [a for a in plan.of_kind(AnchorKind.CONFIG_KEY) if ENV_NAME.fullmatch(a.text)]

    def wants(self, plan: Plan) -> str | None:
        found = self._variables(plan)
        return f"{len(found)} environment variable(s)" if found else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        # The lexical strategy's needle for the same key: the scan searches it once.
        return [(a, Needle(a.text, word=True)) for a in self._variables(plan)]

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        for a in self._variables(ev.plan):
            matcher = _Matcher(a.text)
            files = ev.scan.files_with(Needle(a.text, word=True))
            common = len(files) > MAX_DOCUMENTED_FILES
            places: list[tuple[int, str, int, str]] = []
            for path, hits in files.items():
                kinds = [
                    (k, h.line)
                    for h in hits
                    if (k := matcher.classify(path, h.text)) and not (common and k == "documents")
                ]
                if kinds:
                    kind, line = min(kinds, key=lambda t: (_ORDER[t[0]], t[1]))
                    places.append((_ORDER[kind], path, line, kind))
            places.sort()
            places = places[:MAX_PLACES]
            # Specificity over every file naming it, as lexical counts: the two weigh alike.
            spec = specificity(len(files))
            lookups = 0
            for _, path, line, kind in sorted(places, key=lambda p: p[1]):
                symbol = None
                if kind == "reads" and lookups < MAX_ENCLOSING_LOOKUPS:
                    lookups += 1
                    symbol = _enclosing(ev, path, line)
                out.append(
                    Finding(
                        path,
                        line,
                        self.id,
                        a,
                        _RELIABILITY[kind],
                        f"{kind} {a.text}",
                        symbol=symbol,
                        specificity=spec,
                    )
                )
        return out


def _enclosing(ev: Evidence, path: str, line: int) -> str | None:
    lang = language_of(path)
    data = ev.read(path) if lang else None
    if data is None or lang is None:
        return None
    d = enclosing_definition(lang, data, line)
    return d.name if d else None
