"""The MCP tools, defined once: the server's tool schemas and `bcode mcp --help` both come from here.

Every tool only reads (annotations: readOnlyHint true, openWorldHint false: the
checkout is its whole world). The find_* tools also declare an outputSchema and
answer structured content. Every result names its own call id, which `recall`
takes.
"""

from __future__ import annotations

import textwrap
from dataclasses import dataclass
from typing import Any, Mapping, Sequence

from ..checkout.budgets import DEFAULT_BUDGETS
from ..errors import UsageError
from ..render.read import READ_MAX_BYTES

__all__ = ["Param", "ToolSpec", "TOOLS", "ToolInputError", "input_schema", "check_arguments", "help_epilog"]

#: Parameter types: the JSON Schema each stands for.
_SCHEMAS: dict[str, dict[str, Any]] = {
    "string": {"type": "string"},
    "strings": {"type": "array", "items": {"type": "string"}},
    "integer": {"type": "integer", "minimum": 1},
}
#: What a value of each type must be, for the error message.
_EXPECTED = {"string": "a string", "strings": "a list of strings", "integer": "a positive integer"}
_HELP_WIDTH = 78


class ToolInputError(UsageError):
    """Arguments that do not fit a tool's schema: told to the agent as a tool error."""


@dataclass(frozen=True)
class Param:
    name: str
    type: str  # a key of _SCHEMAS
    description: str
    required: bool = True


@dataclass(frozen=True)
class ToolSpec:
    name: str
    description: str
    params: tuple[Param, ...]
    #: When the server offers the tool, for the help text; None: always.
    when: str | None = None
    #: The JSON Schema of the tool's structured content; None: text only.
    output_schema: dict[str, Any] | None = None


_CAP = f"{READ_MAX_BYTES // 1024} KiB"
#: The block's default bounds as the descriptions state them (Budgets is the one source).
_ITEMS, _TOKENS = DEFAULT_BUDGETS.block_items, f"{DEFAULT_BUDGETS.block_tokens:,}"
#: The annotations of every tool: it reads the checkout and nothing else.
ANNOTATIONS = {"readOnlyHint": True, "destructiveHint": False, "openWorldHint": False}
#: A `read` of an item of the last block shows this many lines before its line and after it.
ITEM_LINES_BEFORE, ITEM_LINES_AFTER = 10, 40

_NAME = Param(
    "name", "string", "a name (post, Ledger) or a qualified one (Ledger.post, Ledger::post, shop.Ledger.post)"
)
_START = Param("start_line", "integer", "the first line to show (1-based)", required=False)
_END = Param("end_line", "integer", "the last line to show (inclusive)", required=False)
_LOCATION = {
    "type": "object",
    "required": ["path", "line", "symbol", "kind", "source"],
    "properties": {
        "path": {"type": "string"},
        "line": {"type": "integer", "minimum": 1},
        "symbol": {"type": "string"},
        "kind": {"type": "string"},
        "source": {"type": "string", "description": "patterns, or lsp:<server>"},
    },
}
#: The structured content of find_symbol, find_references and find_implementations.
ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "required": ["call_id", "operation", "name", "locations", "sources", "skipped", "notes"],
    "properties": {
        "call_id": {"type": "string", "description": "this result's id, for recall"},
        "operation": {"enum": ["definitions", "references", "implementations"]},
        "name": {"type": "string"},
        "locations": {"type": "array", "items": _LOCATION},
        "sources": {"type": "object", "additionalProperties": {"type": "string"}},
        "skipped": {"type": "array", "items": {"type": "object"}},
        "notes": {"type": "array", "items": {"type": "string"}},
    },
}

TOOLS: tuple[ToolSpec, ...] = (
    ToolSpec(
        "retrieve",
        "Rank the places in the repository that a message points at (a bug report, a "
        f"request, a stack trace, a failing test's output): at most {_ITEMS} `path:line (symbol): "
        f"reason` items within {_TOKENS} tokens, deterministic, no index. First it notes what "
        "changed since the previous call (a branch switch or pull, files edited by anyone "
        "since this conversation read them, each change once); files read in this "
        "conversation and unchanged are named on one line instead of being listed.",
        (
            Param("message", "string", "the user's message, as written"),
            Param(
                "evidence",
                "strings",
                "command output to locate as well (a test run, a "
                "build log): its frames and failing tests count like the message's own",
                required=False,
            ),
        ),
    ),
    ToolSpec(
        "read",
        "Read a file of the checkout under the read policy (no secrets such as .env or "
        "keys, no symlinks, nothing outside the checkout, no hidden, dependency or build "
        "directories), its lines numbered under a `==> path (lines a-b of n) <==` line. "
        "start_line/end_line pick a range; `item` reads the lines around the n-th place of "
        f"the last retrieve block instead of a path. One call shows at most {_CAP} and says "
        "what it left out. The read is stamped with the file's git blob id, so later calls "
        "say when the file changed since.",
        (
            Param(
                "path", "string", "the file, relative to the checkout (or absolute inside it)", required=False
            ),
            _START,
            _END,
            Param(
                "item",
                "integer",
                f"instead of path: the n-th place listed by the last retrieve (1 = the first); "
                f"shows {ITEM_LINES_BEFORE} lines before its line and {ITEM_LINES_AFTER} after",
                required=False,
            ),
        ),
    ),
    ToolSpec(
        "read_many",
        "Read several files at once, each under the same policy and format as `read`; "
        f"start_line/end_line apply to each; the {_CAP} cap is for the whole call.",
        (Param("paths", "strings", "the files, relative to the checkout"), _START, _END),
    ),
    ToolSpec(
        "recall",
        "Bring back an earlier tool result of this session (also one a summary set aside) "
        "by its call id (every result ends with its own, such as [call_12]), a path it read, "
        "or text it contained. Says first when the file changed since.",
        (Param("query", "string", "a call id, a path, or text to search for"),),
    ),
    ToolSpec(
        "find_symbol",
        "Where a name is defined: a language server where one serves the file's language "
        "(enabled by BCODE_LANGUAGE_SERVERS), definition patterns everywhere else. A "
        "qualified name keeps the member's definitions inside its qualifier. Answers "
        "structured content: locations (path, line, kind, source) and notes.",
        (
            _NAME,
            Param(
                "path_hint",
                "string",
                "a file using the name: lets a language server follow its imports",
                required=False,
            ),
        ),
        output_schema=ANSWER_SCHEMA,
    ),
    ToolSpec(
        "find_references",
        "Where a name is used, routed like find_symbol; without a server for a language its "
        "references are textual (every use of the word).",
        (
            _NAME,
            Param("path", "string", "with line: the file where the symbol meant is", required=False),
            Param("line", "integer", "the line of path where the name is", required=False),
        ),
        output_schema=ANSWER_SCHEMA,
    ),
    ToolSpec(
        "find_implementations",
        "What implements an interface or abstract member. Only a language server can tell; "
        "without one the answer has no locations and a note saying so.",
        (_NAME,),
        output_schema=ANSWER_SCHEMA,
    ),
    ToolSpec(
        "retry_pack",
        "After a failed check: the RELEVANT CODE around every location the failure output "
        "points at (stack frames, compiler and test-runner locations, the code failing "
        f"tests exercise), numbered lines, confined to the checkout, within {_TOKENS} tokens.",
        (Param("output", "string", "the failure output: a test run, a build log, a stack trace"),),
    ),
    ToolSpec(
        "project_query",
        "A source.context query: bounded lexical context (definitions, references, "
        "registrations) for a term at the profile's pinned commit, every omission named. The "
        "answer is the query's JSON document, then its call id ([call_12]) as a second text part.",
        (
            Param("text", "string", "the term: an identifier as a whole word, else a fixed string"),
            Param("path_prefix", "string", "search only under this directory", required=False),
        ),
        when="with --profile",
    ),
)


def input_schema(spec: ToolSpec) -> dict[str, Any]:
    return {
        "type": "object",
        "properties": {p.name: {**_SCHEMAS[p.type], "description": p.description} for p in spec.params},
        "required": [p.name for p in spec.params if p.required],
        "additionalProperties": False,
    }


def check_arguments(spec: ToolSpec, arguments: Mapping[str, Any] | None) -> dict[str, Any]:
    """The arguments, checked against the spec (the SDK's low-level server does not check)."""
    args = dict(arguments or {})
    known = {p.name for p in spec.params}
    unknown = sorted(set(args) - known)
    if unknown:
        raise ToolInputError(f"{spec.name}: unknown argument(s) {', '.join(unknown)}")
    for p in spec.params:
        if p.name not in args:
            if p.required:
                raise ToolInputError(f"{spec.name}: missing argument {p.name!r}")
            continue
        if not _fits(p.type, args[p.name]):
            raise ToolInputError(f"{spec.name}: {p.name!r} must be {_EXPECTED[p.type]}")
    return args


def _fits(type_: str, value: Any) -> bool:
    if type_ == "string":
        return isinstance(value, str)
    if type_ == "integer":  # JSON has no bool/int confusion, Python does
        return isinstance(value, int) and not isinstance(value, bool) and value >= 1
    return isinstance(value, list) and all(isinstance(v, str) for v in value)


def help_epilog(tools: Sequence[ToolSpec] = TOOLS) -> str:
    """The tools as `bcode mcp --help` lists them."""
    lines = ["tools:"]
    for spec in tools:
        params = ", ".join(p.name if p.required else f"[{p.name}]" for p in spec.params)
        lines.append(f"  {spec.name}({params})" + (f"  ({spec.when})" if spec.when else ""))
        lines += textwrap.wrap(
            spec.description, _HELP_WIDTH, initial_indent="      ", subsequent_indent="      "
        )
    return "\n".join(lines) + "\n"
