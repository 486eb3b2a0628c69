"""Language-server processes: one per server and repository root, started in the background, kept.

Starting a server (process, `initialize`, its first index) takes from a
fraction of a second to several seconds, far more than one lookup's 1.5 s,
so a session starts in a background thread and a lookup waits at most its
own timeout for it. A long-lived process (the MCP server, an agent) keeps
its sessions in `POOL` and gets warm answers from the second retrieval on;
a session that died is replaced on the next `get`. Every session is shut
down when the interpreter exits.
"""

from __future__ import annotations

import atexit
import hashlib
import threading
import time
from typing import Any

from .base import LookupTimeout, NavigatorError, ServerDown
from .lsp import LspClient, path_to_uri
from .servers import ServerSpec

__all__ = ["LspSession", "SessionPool", "POOL", "STARTUP_TIMEOUT_S"]

#: Longest wait for `initialize`; a server slower than this is treated as down.
STARTUP_TIMEOUT_S = 30.0


class LspSession:
    """One running server for one repository root."""

    def __init__(self, spec: ServerSpec, binary: str, root: str):
        self.spec = spec
        self.root = root
        self.started = time.monotonic()
        self.ready_after: float | None = None  # seconds from start to a finished `initialize`
        self._client = LspClient([binary, *spec.command[1:]], root)
        self._ready = threading.Event()
        self._failure: NavigatorError | None = None
        self._documents: dict[str, tuple[int, str]] = {}  # path → (version, content digest)
        self._lock = threading.Lock()
        threading.Thread(target=self._initialize, name=f"lsp-start {spec.name}", daemon=True).start()

    @property
    def pid(self) -> int:
        return self._client.pid

    @property
    def capabilities(self) -> dict[str, Any]:
        return self._client.capabilities

    def _initialize(self) -> None:
        try:
            self._client.initialize(
                self.root, STARTUP_TIMEOUT_S, initialization_options=self.spec.initialization_options
            )
            self.ready_after = time.monotonic() - self.started
        except NavigatorError as exc:
            self._failure = exc
            self._client.close()
        self._ready.set()

    def down(self) -> str | None:
        """None while the server can answer; else why not."""
        if self._failure is not None:
            return f"did not start: {self._failure}"
        return self._client.down()

    def wait_ready(self, timeout: float) -> None:
        if not self._ready.wait(max(0.0, timeout)):
            raise LookupTimeout(f"{self.spec.name} is still starting")
        why = self.down()
        if why is not None:
            raise ServerDown(f"{self.spec.name}: {why}")

    def sync(self, path: str, language_id: str, text: str) -> str:
        """Tell the server the file's current content (didOpen, or didChange when it changed); its URI."""
        uri = path_to_uri(f"{self.root}/{path}")
        digest = hashlib.sha1(text.encode("utf-8", "surrogatepass")).hexdigest()
        with self._lock:
            known = self._documents.get(path)
            if known is not None and known[1] == digest:
                return uri
            version = known[0] + 1 if known else 1
            self._documents[path] = (version, digest)
        if known is None:
            self._client.notify(
                "textDocument/didOpen",
                {"textDocument": {"uri": uri, "languageId": language_id, "version": version, "text": text}},
            )
        else:
            self._client.notify(
                "textDocument/didChange",
                {"textDocument": {"uri": uri, "version": version}, "contentChanges": [{"text": text}]},
            )
        return uri

    def request(self, method: str, params: Any, timeout: float) -> Any:
        return self._client.request(method, params, timeout)

    def close(self) -> None:
        self._client.close()


class SessionPool:
    """Sessions by (server, root), reused while they run."""

    def __init__(self) -> None:
        self._sessions: dict[tuple[str, str], LspSession] = {}
        self._lock = threading.Lock()

    def get(self, spec: ServerSpec, binary: str, root: str) -> LspSession:
        key = (spec.name, root)
        with self._lock:
            session = self._sessions.get(key)
            if session is not None and session.down() is None:
                return session
            if session is not None:
                session.close()
            session = self._sessions[key] = LspSession(spec, binary, root)
            return session

    def close_all(self) -> None:
        with self._lock:
            sessions, self._sessions = list(self._sessions.values()), {}
        for session in sessions:
            session.close()


POOL = SessionPool()
atexit.register(POOL.close_all)
