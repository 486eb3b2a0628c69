"""`bcode mcp`: BoundedCode's tools for any MCP client, over stdio, with the official SDK.

The SDK's low-level `Server` is used rather than `MCPServer` because the tool
schemas come from one table (`tools.TOOLS`) that also writes the CLI help;
`MCPServer` derives schemas from Python signatures instead. Every call goes
through one `Session`, so reads are stamped, staleness is reported and recall
works across the whole conversation. (Absolute imports: `mcp` here is the SDK.)
"""

from __future__ import annotations

import json
import threading
from typing import Any, Callable

import anyio
import mcp.types as types
from mcp.server.lowlevel import Server
from mcp.server.stdio import stdio_server

from boundedcode import __version__, api
from boundedcode.errors import BoundedCodeError
from boundedcode.mcp.tools import TOOLS, ToolInputError, ToolSpec, check_arguments, input_schema
from boundedcode.navigator import Answer
from boundedcode.session import Session
from boundedcode.source_context import KIND, Profile, run_query

__all__ = ["BcodeServer", "INSTRUCTIONS", "serve_stdio"]

INSTRUCTIONS = (
    "BoundedCode points at the places in this repository that a message is about. Call "
    "`retrieve` with the user's message (and any failing command output as evidence) before "
    "searching; its notes say what changed in the checkout since the previous call. Read files "
    "with `read`/`read_many` so later calls know what this conversation has seen, and use "
    "`recall` to bring back an earlier result instead of reading it again."
)

#: A tool's text and whether it is an error the agent should read and correct.
Reply = tuple[str, bool]
Handler = Callable[[dict[str, Any]], Reply]


def _answer(answer: Answer) -> Reply:
    return json.dumps(answer.to_json(), indent=1, ensure_ascii=False), False


class BcodeServer:
    """The tools bound to one session; `call` is the synchronous core the MCP handlers run."""

    def __init__(self, session: Session, *, profile: Profile | None = None, context_dir: str | None = None):
        self.session = session
        handlers: dict[str, Handler] = {
            "retrieve": lambda a: (
                session.user_message(a["message"], evidence=a.get("evidence", ())).text,
                False,
            ),
            "read": lambda a: self._read([a["path"]]),
            "read_many": lambda a: self._read(a["paths"]),
            "recall": lambda a: (session.recall(a["query"]).text, False),
            # Language servers: those BCODE_LANGUAGE_SERVERS enables in the server's environment.
            "find_symbol": lambda a: _answer(
                api.find_symbol(a["name"], session.repo, path_hint=a.get("path_hint"))
            ),
            "find_references": lambda a: _answer(
                api.find_references(a["name"], session.repo, path=a.get("path"), line=a.get("line"))
            ),
            "find_implementations": lambda a: _answer(api.find_implementations(a["name"], session.repo)),
        }
        if profile is not None:
            handlers["project_query"] = self._project_query(profile, context_dir)
        self._handlers = handlers
        self.tools: tuple[ToolSpec, ...] = tuple(t for t in TOOLS if t.name in handlers)
        self._specs = {t.name: t for t in self.tools}
        self._lock = threading.Lock()  # one session, one call at a time

    def _read(self, paths: list[str]) -> Reply:
        record = self.session.read(paths)
        return record.content, not record.files  # every file refused: an error to correct

    def _project_query(self, profile: Profile, context_dir: str | None) -> Handler:
        def handle(a: dict[str, Any]) -> Reply:
            request = {
                "kind": KIND,
                "text": a["text"],
                **({"path_prefix": a["path_prefix"]} if "path_prefix" in a else {}),
            }
            result = run_query(request, profile, context_dir)
            self.session.record_capture(result)
            return json.dumps(result, indent=2, ensure_ascii=False), False

        return handle

    def call(self, name: str, arguments: dict[str, Any] | None) -> Reply:
        """Run one tool call to the end (the MCP handler runs this in a worker thread)."""
        spec = self._specs.get(name)
        if spec is None:
            return f"unknown tool {name!r}", True
        try:
            args = check_arguments(spec, arguments)
            with self._lock:
                return self._handlers[name](args)
        except (ToolInputError, BoundedCodeError) as exc:
            return str(exc), True

    def lowlevel(self) -> Server[Any]:
        listing = [
            types.Tool(name=t.name, description=t.description, input_schema=input_schema(t))
            for t in self.tools
        ]

        async def list_tools(ctx: Any, params: Any) -> types.ListToolsResult:
            return types.ListToolsResult(tools=listing)

        async def call_tool(ctx: Any, params: types.CallToolRequestParams) -> types.CallToolResult:
            # Retrieval and reads block for up to seconds: off the event loop, so pings still answer.
            text, is_error = await anyio.to_thread.run_sync(self.call, params.name, params.arguments)
            return types.CallToolResult(
                content=[types.TextContent(type="text", text=text)], is_error=is_error
            )

        return Server(
            "bcode",
            version=__version__,
            instructions=INSTRUCTIONS,
            on_list_tools=list_tools,
            on_call_tool=call_tool,
        )


async def serve_stdio(server: BcodeServer) -> None:
    low = server.lowlevel()
    async with stdio_server() as (read_stream, write_stream):
        await low.run(read_stream, write_stream, low.create_initialization_options())
