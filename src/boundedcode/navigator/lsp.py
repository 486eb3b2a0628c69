"""A small Language Server Protocol client: JSON-RPC 2.0 over a server's stdin/stdout.

One reader thread parses `Content-Length` frames and hands each response to
the request waiting for it; one writer thread owns the server's stdin, so a
server that stops reading cannot block a caller beyond its timeout. Requests
the server sends us (configuration, capability registration, progress) get
a neutral answer. End of stream, a write to a closed pipe or a frame that
breaks the framing marks the server down: every pending and later request
fails at once with `ServerDown` instead of waiting for its timeout.
"""

from __future__ import annotations

import itertools
import json
import os
import queue
import subprocess
import threading
from pathlib import Path
from typing import IO, Any, Sequence
from urllib.parse import quote, unquote, urlparse

from .base import LookupTimeout, ProtocolError, ServerDown, ServerFailed

__all__ = ["LspClient", "path_to_uri", "uri_to_path", "frame", "MAX_FRAME_BYTES"]

#: Largest frame accepted; a bigger Content-Length is a broken or hostile server.
MAX_FRAME_BYTES = 64 * 1024 * 1024
#: Largest header block (a few short lines in practice).
MAX_HEADER_BYTES = 8 * 1024
#: Waiting for `shutdown` and for the process to exit before it is killed.
SHUTDOWN_TIMEOUT_S = 1.0
#: JSON-RPC: the method is unknown (answer to server requests we do not handle).
METHOD_NOT_FOUND = -32601


def frame(message: dict[str, Any]) -> bytes:
    """One message as it goes on the wire."""
    body = json.dumps(message, separators=(",", ":"), ensure_ascii=False).encode("utf-8")
    return b"Content-Length: %d\r\n\r\n%s" % (len(body), body)


def path_to_uri(path: str) -> str:
    return "file://" + quote(os.path.abspath(path).replace(os.sep, "/"))


def uri_to_path(uri: str) -> str | None:
    """The local path of a `file:` URI, else None (servers may answer with other schemes)."""
    parsed = urlparse(uri)
    if parsed.scheme != "file":
        return None
    return unquote(parsed.path)


class _Pending:
    __slots__ = ("done", "result", "error")

    def __init__(self) -> None:
        self.done = threading.Event()
        self.result: Any = None
        self.error: Exception | None = None


#: Requests a server may send us that need no more than an empty answer.
_ACKNOWLEDGED = frozenset(
    {
        "client/registerCapability",
        "client/unregisterCapability",
        "window/workDoneProgress/create",
        "window/showMessageRequest",
        "workspace/semanticTokens/refresh",
        "workspace/inlayHint/refresh",
        "workspace/codeLens/refresh",
        "workspace/diagnostic/refresh",
    }
)


class LspClient:
    """One server process speaking LSP on stdio. Thread-safe; every wait has a timeout."""

    def __init__(self, argv: Sequence[str], cwd: str, *, env: dict[str, str] | None = None):
        self.argv = list(argv)
        # stderr is discarded: servers log freely there and a full pipe would stall them.
        self._proc = subprocess.Popen(
            self.argv,
            cwd=cwd,
            env=env,
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.DEVNULL,
        )
        self._ids = itertools.count(1)
        self._pending: dict[int, _Pending] = {}
        self._lock = threading.Lock()
        self._outbox: queue.Queue[bytes | None] = queue.Queue()  # None: end of input
        self._down: str | None = None
        self._folders: list[dict[str, str]] = []
        self.capabilities: dict[str, Any] = {}
        assert self._proc.stdout is not None and self._proc.stdin is not None
        self._reader = threading.Thread(
            target=self._read_loop, args=(self._proc.stdout,), name=f"lsp-reader {self.argv[0]}", daemon=True
        )
        self._writer = threading.Thread(
            target=self._write_loop, args=(self._proc.stdin,), name=f"lsp-writer {self.argv[0]}", daemon=True
        )
        self._reader.start()
        self._writer.start()

    @property
    def pid(self) -> int:
        return self._proc.pid

    def down(self) -> str | None:
        """None while the server runs; else why it is considered gone."""
        if self._down is None and self._proc.poll() is not None:
            self._mark_down(f"exited with status {self._proc.returncode}")
        return self._down

    # -- requests -------------------------------------------------------

    def initialize(self, root: str, timeout: float, *, initialization_options: Any = None) -> dict[str, Any]:
        """The `initialize` handshake; returns the server's capabilities."""
        uri = path_to_uri(root)
        self._folders = [{"uri": uri, "name": Path(root).name or root}]
        params = {
            # Servers watch this process and exit when it dies: no orphans.
            "processId": os.getpid(),
            "rootUri": uri,
            "rootPath": root,
            "workspaceFolders": self._folders,
            "clientInfo": {"name": "boundedcode"},
            "capabilities": {
                "general": {"positionEncodings": ["utf-16"]},
                "workspace": {
                    "symbol": {"dynamicRegistration": False},
                    "workspaceFolders": True,
                    "configuration": True,
                },
                "textDocument": {
                    "synchronization": {"dynamicRegistration": False},
                    "definition": {"linkSupport": True},
                    "references": {},
                    "implementation": {"linkSupport": True},
                    "documentSymbol": {"hierarchicalDocumentSymbolSupport": True},
                },
                "window": {"workDoneProgress": False},
            },
            "initializationOptions": initialization_options,
        }
        result = self.request("initialize", params, timeout)
        self.capabilities = (result or {}).get("capabilities", {}) if isinstance(result, dict) else {}
        self.notify("initialized", {})
        return self.capabilities

    def request(self, method: str, params: Any, timeout: float) -> Any:
        """Send one request and wait for its answer at most `timeout` seconds."""
        pending = _Pending()
        with self._lock:
            if self._down is not None:
                raise ServerDown(f"{self.argv[0]}: {self._down}")
            request_id = next(self._ids)
            self._pending[request_id] = pending
        self._send({"jsonrpc": "2.0", "id": request_id, "method": method, "params": params})
        if not pending.done.wait(timeout):
            with self._lock:
                self._pending.pop(request_id, None)
            if self._down is None:
                self._send({"jsonrpc": "2.0", "method": "$/cancelRequest", "params": {"id": request_id}})
            raise LookupTimeout(f"{self.argv[0]}: no answer to {method} within {timeout:g} s")
        if pending.error is not None:
            raise pending.error
        return pending.result

    def notify(self, method: str, params: Any) -> None:
        if self._down is None:
            self._send({"jsonrpc": "2.0", "method": method, "params": params})

    def close(self) -> None:
        """`shutdown` and `exit`, then make sure the process is gone."""
        if self.down() is None:
            try:
                self.request("shutdown", None, SHUTDOWN_TIMEOUT_S)
                self.notify("exit", None)
            except (ServerDown, LookupTimeout, ServerFailed):
                pass
        self._outbox.put(None)
        try:
            self._proc.wait(SHUTDOWN_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            self._proc.kill()
            self._proc.wait()
        self._mark_down("closed")
        self._writer.join(SHUTDOWN_TIMEOUT_S)
        # Both pipes closed here too: a writer that stopped on a broken pipe left stdin open,
        # and an unclosed pipe is a ResourceWarning whenever the collector finds it.
        for pipe in (self._proc.stdin, self._proc.stdout):
            try:
                pipe.close()  # type: ignore[union-attr]
            except (OSError, ValueError):
                pass

    # -- threads --------------------------------------------------------

    def _send(self, message: dict[str, Any]) -> None:
        self._outbox.put(frame(message))

    def _write_loop(self, stdin: IO[bytes]) -> None:
        while True:
            data = self._outbox.get()
            if data is None:
                # End of input: some servers exit only then, whatever `exit` said.
                try:
                    stdin.close()
                except OSError:
                    pass
                return
            try:
                stdin.write(data)
                stdin.flush()
            except (OSError, ValueError):
                self._mark_down("closed its input")
                try:
                    stdin.close()
                except (OSError, ValueError):
                    pass  # the buffered bytes are lost with the server; the pipe is closed all the same
                return

    def _read_loop(self, stdout: IO[bytes]) -> None:
        try:
            while True:
                message = self._read_frame(stdout)
                if message is None:
                    self._mark_down("closed its output")
                    return
                self._dispatch(message)
        except ProtocolError as exc:
            self._mark_down(str(exc))
            self._proc.kill()
        except (OSError, ValueError):
            self._mark_down("closed its output")

    @staticmethod
    def _read_frame(stdout: IO[bytes]) -> dict[str, Any] | None:
        length = None
        header_bytes = 0
        while True:
            line = stdout.readline(MAX_HEADER_BYTES)
            if not line:
                return None
            header_bytes += len(line)
            if header_bytes > MAX_HEADER_BYTES or not line.endswith(b"\n"):
                raise ProtocolError("header too long or cut")
            line = line.rstrip(b"\r\n")
            if not line:
                if length is None:
                    continue  # stray blank line between frames: tolerated
                break
            key, sep, value = line.partition(b":")
            if not sep:
                raise ProtocolError(f"malformed header {line[:80]!r}")
            if key.strip().lower() == b"content-length":
                try:
                    length = int(value.strip())
                except ValueError:
                    raise ProtocolError(f"bad Content-Length {value[:40]!r}") from None
                if not 0 <= length <= MAX_FRAME_BYTES:
                    raise ProtocolError(f"Content-Length {length} out of range")
        body = stdout.read(length)
        if len(body) < length:
            return None
        try:
            message = json.loads(body)
        except (UnicodeDecodeError, json.JSONDecodeError) as exc:
            raise ProtocolError(f"body is not JSON: {exc}") from None
        if not isinstance(message, dict):
            raise ProtocolError("body is not a JSON object")
        return message

    def _dispatch(self, message: dict[str, Any]) -> None:
        method = message.get("method")
        if isinstance(method, str):
            if "id" in message:  # a request from the server: it waits for an answer
                self._send(self._reply(message["id"], method, message.get("params")))
            return  # notifications (diagnostics, logs, progress) carry nothing we use
        request_id = message.get("id")
        with self._lock:
            pending = self._pending.pop(request_id, None) if isinstance(request_id, int) else None
        if pending is None:
            return  # the answer to a request that already timed out
        error = message.get("error")
        if error is not None:
            detail = error.get("message", error) if isinstance(error, dict) else error
            pending.error = ServerFailed(f"{self.argv[0]}: {detail}")
        else:
            pending.result = message.get("result")
        pending.done.set()

    def _reply(self, request_id: Any, method: str, params: Any) -> dict[str, Any]:
        """A neutral answer: no settings, acknowledged registrations, our one folder."""
        reply: dict[str, Any] = {"jsonrpc": "2.0", "id": request_id}
        if method == "workspace/configuration":
            items = params.get("items", []) if isinstance(params, dict) else []
            reply["result"] = [None] * len(items)
        elif method == "workspace/workspaceFolders":
            reply["result"] = self._folders
        elif method in _ACKNOWLEDGED:
            reply["result"] = None
        else:
            reply["error"] = {"code": METHOD_NOT_FOUND, "message": f"unsupported: {method}"}
        return reply

    def _mark_down(self, why: str) -> None:
        with self._lock:
            if self._down is None:
                self._down = why
            pending, self._pending = list(self._pending.values()), {}
        for p in pending:
            p.error = ServerDown(f"{self.argv[0]}: {why}")
            p.done.set()
