"""`bcode mcp`: BoundedCode's tools for any MCP client, over stdio, with the official SDK.

The SDK's low-level `Server` is used rather than `MCPServer` because the tool
schemas come from one table (`tools.TOOLS`) that also writes the CLI help;
`MCPServer` derives schemas from Python signatures instead. Every call goes
through one `Session`, so reads are stamped, staleness is reported and recall
works across the whole conversation. (Absolute imports: `mcp` here is the SDK.)

Every call is answered: arguments are made valid Unicode first (a lone
surrogate, which no UTF-8 stream can carry, is escaped as render.text does),
a failure of the tool becomes a tool error, and every text sent is printable.
A call that raised nothing the agent can act on says "internal error" and the
traceback goes to standard error.
"""

from __future__ import annotations

import io
import json
import os
import sys
import traceback
from dataclasses import dataclass
from typing import IO, Any, Callable, TextIO, cast

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from boundedcode import __version__, api
from boundedcode.errors import BoundedCodeError, UsageError
from boundedcode.mcp.tools import (
    ANNOTATIONS,
    ITEM_LINES_AFTER,
    ITEM_LINES_BEFORE,
    TOOLS,
    ToolSpec,
    check_arguments,
    input_schema,
)
from boundedcode.navigator import Answer
from boundedcode.render import dumps, printable, unescape_path
from boundedcode.session import Session
from boundedcode.source_context import KIND, Profile, run_query

from ..lazyre import compile_static

__all__ = ["BcodeServer", "Reply", "INSTRUCTIONS", "serve_stdio", "repair_line"]

INSTRUCTIONS = (
    "BoundedCode points at the places in this repository that a message is about. Call "
    "`retrieve` with the user's message (and any failing command output as evidence) before "
    "searching; its notes say what changed in the checkout since the previous call. Read files "
    "with `read`/`read_many` (a line range, or `item` for the lines around a place of the last "
    "block) so later calls know what this conversation has seen. Every result ends with its "
    "call id, such as [call_3]: `recall` brings an earlier result back by it instead of reading "
    "again. After a failed test or build, `retry_pack` shows the code its output points at."
)


@dataclass(frozen=True)
class Reply:
    """A tool's answer: its text, whether it is an error to correct, any structured content."""

    text: str
    is_error: bool = False
    structured: dict[str, Any] | None = None
    #: Further text content parts after `text`: what must stay out of a document `text` holds whole.
    more: tuple[str, ...] = ()


Handler = Callable[[dict[str, Any]], Reply]


def _clean(value: Any) -> Any:
    """Arguments as valid Unicode: every lone surrogate escaped (render.text.printable)."""
    if isinstance(value, str):
        return printable(value)
    if isinstance(value, list):
        return [_clean(v) for v in value]
    if isinstance(value, dict):
        return {printable(str(k)): _clean(v) for k, v in value.items()}
    return value


class BcodeServer:
    """The tools bound to one session; `call` is the synchronous core the MCP handlers run."""

    def __init__(self, session: Session, *, profile: Profile | None = None, context_dir: str | None = None):
        self.session = session
        handlers: dict[str, Handler] = {
            "retrieve": self._retrieve,
            "read": self._read_one,
            "read_many": lambda a: self._read(a["paths"], a.get("start_line"), a.get("end_line")),
            "recall": self._recall,
            # Language servers: those BCODE_LANGUAGE_SERVERS enables in the server's environment.
            "find_symbol": lambda a: self._answer(
                "find_symbol", api.find_symbol(a["name"], session.repo, path_hint=a.get("path_hint"))
            ),
            "find_references": lambda a: self._answer(
                "find_references",
                api.find_references(a["name"], session.repo, path=a.get("path"), line=a.get("line")),
            ),
            "find_implementations": lambda a: self._answer(
                "find_implementations", api.find_implementations(a["name"], session.repo)
            ),
            "retry_pack": self._retry_pack,
        }
        if profile is not None:
            handlers["project_query"] = self._project_query(profile, context_dir)
        self._handlers = handlers
        self.tools: tuple[ToolSpec, ...] = tuple(t for t in TOOLS if t.name in handlers)
        self._specs = {t.name: t for t in self.tools}

    # -- the tools ------------------------------------------------------------------------

    def _record(self, tool: str, text: str, *, command: str | None = None) -> str:
        """Keep a result in the session (recall brings it back); its call id."""
        return self.session.record_tool_result(None, tool, content=text, command=command).call_id

    @staticmethod
    def _with_id(text: str, call_id: str) -> str:
        return text + ("" if text.endswith("\n") else "\n") + f"[{call_id}]\n"

    def _retrieve(self, a: dict[str, Any]) -> Reply:
        turn = self.session.user_message(a["message"], evidence=a.get("evidence", ()))
        return Reply(self._with_id(turn.text, self._record("retrieve", turn.text, command=a["message"])))

    def _read_one(self, a: dict[str, Any]) -> Reply:
        if ("path" in a) == ("item" in a):
            raise UsageError("read: give path, or item (a place of the last retrieve block), not both")
        if "item" not in a:
            return self._read([a["path"]], a.get("start_line"), a.get("end_line"))
        items = self.session.last_items()
        n = a["item"]
        if n > len(items):
            listed = f"it listed {len(items)}" if items else "no retrieve block lists any place yet"
            raise UsageError(f"read: there is no item {n} in the last retrieve block ({listed})")
        if "start_line" in a or "end_line" in a:
            raise UsageError("read: item picks its own lines; give path with start_line/end_line instead")
        place = items[n - 1]
        line = place.line or 1
        return self._read([place.path], max(1, line - ITEM_LINES_BEFORE), line + ITEM_LINES_AFTER)

    def _read(self, paths: list[str], start: int | None, end: int | None) -> Reply:
        record = self.session.read([self._path(p) for p in paths], start_line=start, end_line=end)
        # Every file refused: an error to correct.
        return Reply(self._with_id(record.content, record.call_id), is_error=not record.files)

    def _path(self, path: str) -> str:
        """`path`, or the file name it spells with \\xNN bytes (as answers show non-UTF-8 names)."""
        real = unescape_path(path)
        if (
            real != path
            and not os.path.isabs(path)
            and not os.path.lexists(os.path.join(self.session.repo, path))
        ):
            return real
        return path

    def _recall(self, a: dict[str, Any]) -> Reply:
        text = self.session.recall(a["query"]).text
        return Reply(self._with_id(text, self._record("recall", "", command=a["query"])))

    def _answer(self, tool: str, answer: Answer) -> Reply:
        document = answer.to_json()
        call_id = self._record(tool, dumps(document, indent=None), command=answer.name)
        structured = {"call_id": call_id, **document}
        return Reply(dumps(structured, indent=None), structured=_clean(structured))

    def _retry_pack(self, a: dict[str, Any]) -> Reply:
        repo = self.session.repo
        pack = api.retry_pack(a["output"], [repo])
        text = pack.text or "No location in the failure output lies in this checkout.\n"
        return Reply(self._with_id(text, self._record("retry_pack", text)))

    def _project_query(self, profile: Profile, context_dir: str | None) -> Handler:
        def handle(a: dict[str, Any]) -> Reply:
            request = {
                "kind": KIND,
                "text": a["text"],
                **({"path_prefix": a["path_prefix"]} if "path_prefix" in a else {}),
            }
            result = run_query(request, profile, context_dir)
            self.session.record_capture(result)
            document = dumps(result)
            # The document stays as the source.context contract gives it; its call id is a part of its own.
            call_id = self._record("project_query", document, command=a["text"])
            return Reply(document, more=(f"[{call_id}]\n",))

        return handle

    # -- the protocol ---------------------------------------------------------------------

    def call(self, name: str, arguments: Any) -> Reply:
        """Run one tool call to the end (the MCP handler runs this in a worker thread).

        Never raises: whatever happens, the agent gets text it can read."""
        try:
            spec = self._specs.get(name)
            if spec is None:
                return Reply(f"unknown tool {printable(str(name))!r}", True)
            if arguments is not None and not isinstance(arguments, dict):
                return Reply(f"{name}: the arguments must be an object", True)
            args = check_arguments(spec, _clean(arguments))
            with self.session.turn():  # one call at a time (and the session's warming waits)
                reply = self._handlers[name](args)
        except BoundedCodeError as exc:
            return Reply(printable(f"{exc}"), True)
        except Exception as exc:  # noqa: BLE001 - a bug must still answer; the trace goes to stderr
            traceback.print_exc(file=sys.stderr)
            return Reply(printable(f"{name}: internal error: {type(exc).__name__}: {exc}"), True)
        return Reply(
            printable(reply.text), reply.is_error, reply.structured, tuple(map(printable, reply.more))
        )

    def lowlevel(self) -> Server[Any]:
        annotations = types.ToolAnnotations(
            read_only_hint=ANNOTATIONS["readOnlyHint"],
            destructive_hint=ANNOTATIONS["destructiveHint"],
            open_world_hint=ANNOTATIONS["openWorldHint"],
        )
        listing = [
            types.Tool(
                name=t.name,
                description=t.description,
                input_schema=input_schema(t),
                output_schema=t.output_schema,
                annotations=annotations,
            )
            for t in self.tools
        ]

        async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
            return types.ListToolsResult(tools=listing)

        async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
            # Retrieval and reads block for up to seconds: off the event loop, so pings still answer.
            reply = await anyio.to_thread.run_sync(self.call, params.name, params.arguments)
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=t) for t in (reply.text, *reply.more)],
                structured_content=reply.structured,
                is_error=reply.is_error,
            )

        return Server(
            "bcode",
            version=__version__,
            instructions=INSTRUCTIONS,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
        )


#: A JSON escape of a UTF-16 surrogate: only a line holding one can hold a lone one.
_SURROGATE_ESCAPE = compile_static(r"\\u[dD][89a-fA-F][0-9a-fA-F]{2}")


def repair_line(line: str) -> str:
    """A JSON-RPC line with every lone surrogate escaped (`_clean`); any other line unchanged.

    JSON may spell a lone surrogate (`"\\ud800"`); the SDK's parser refuses such a line
    and the call would never be answered. Python's parser takes it, so the message is
    rebuilt with the surrogate made printable, and the tool answers it."""
    if not _SURROGATE_ESCAPE.search(line):
        return line
    try:
        message = json.loads(line)
    except (ValueError, RecursionError):  # not JSON, or nested past the decoder's stack
        return line  # the SDK's parser refuses it as it refuses any line that is not JSON
    cleaned = _clean(message)
    return line if cleaned == message else json.dumps(cleaned, ensure_ascii=False) + "\n"


class _RepairedLines:
    """The client's lines as the SDK reads them (readline), each through `repair_line`."""

    def __init__(self, raw: TextIO):
        self._raw = raw

    def readline(self, *args: Any) -> str:
        line = self._raw.readline(*args)
        return repair_line(line) if line else line

    def close(self) -> None:
        self._raw.close()


async def serve_stdio(server: BcodeServer) -> None:
    """Serve on this process's standard input and output until the client closes them.

    Standard input is read through `_RepairedLines`; as the SDK does for its own reader,
    file descriptor 0 is pointed at the null device meanwhile, so no child process (git,
    ripgrep, a language server) can read the client's messages."""
    low = server.lowlevel()
    saved = os.dup(0)
    lines = io.TextIOWrapper(os.fdopen(os.dup(0), "rb"), encoding="utf-8", errors="replace")
    quiet = os.open(os.devnull, os.O_RDONLY)
    os.dup2(quiet, 0)
    os.close(quiet)
    try:
        # anyio only calls readline (and close) on it: the file protocol it needs.
        stdin = anyio.wrap_file(cast(IO[str], _RepairedLines(lines)))
        async with stdio_server(stdin=stdin) as (read_stream, write_stream):
            await low.run(read_stream, write_stream, low.create_initialization_options())
    finally:
        os.dup2(saved, 0)
        os.close(saved)
        lines.close()
