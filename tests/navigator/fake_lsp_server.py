"""A tiny language server for protocol tests: real Content-Length framing on stdio, scripted misbehaviour.

Behaviour comes from the command line, one flag per edge case:

  --split           write every frame in small pieces, header split from body
  --chatty          before each answer: a log notification, diagnostics and a
                    workspace/configuration request (whose answer it reports back)
  --crash-on M      exit at once, without answering, when request M arrives
  --slow M=SECONDS  answer request M only after SECONDS
  --garbage-on M    answer request M with a frame that breaks the framing
  --reverse         hold definition answers until two are pending, then answer the later first

Answers: workspace/symbol returns one class `Ledger` in pkg/ledger.py line 1;
textDocument/definition and references echo their position back as a Location.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time

out = sys.stdout.buffer
inp = sys.stdin.buffer
ARGS: argparse.Namespace
ROOT = ""
CONFIG_ANSWERS: list[object] = []
HELD: list[dict] = []


def write(message: dict) -> None:
    body = json.dumps(message).encode()
    data = b"Content-Length: %d\r\n\r\n" % len(body) + body
    if ARGS.split:
        for i in range(0, len(data), 7):
            out.write(data[i : i + 7])
            out.flush()
            time.sleep(0.001)
    else:
        out.write(data)
        out.flush()


def read() -> dict | None:
    length = None
    while True:
        line = inp.readline()
        if not line:
            return None
        line = line.strip()
        if not line:
            break
        key, _, value = line.partition(b":")
        if key.lower() == b"content-length":
            length = int(value)
    return json.loads(inp.read(length))


def result_for(message: dict) -> object:
    method, params = message["method"], message.get("params") or {}
    if method == "initialize":
        global ROOT
        ROOT = params["rootUri"]
        return {
            "capabilities": {
                "workspaceSymbolProvider": True,
                "definitionProvider": True,
                "referencesProvider": True,
            }
        }
    if method == "workspace/symbol":
        return [
            {
                "name": "Ledger",
                "kind": 5,
                "location": {
                    "uri": ROOT + "/pkg/ledger.py",
                    "range": {"start": {"line": 0, "character": 6}, "end": {"line": 0, "character": 12}},
                },
            },
            {
                "name": "Ledgers",
                "kind": 5,
                "location": {
                    "uri": ROOT + "/pkg/other.py",
                    "range": {"start": {"line": 0, "character": 6}, "end": {"line": 0, "character": 13}},
                },
            },
        ]
    if method in ("textDocument/definition", "textDocument/references"):
        position = params["position"]
        return [{"uri": params["textDocument"]["uri"], "range": {"start": position, "end": position}}]
    if method == "test/config":
        return CONFIG_ANSWERS
    if method == "shutdown":
        return None
    raise KeyError(method)


def answer(message: dict) -> None:
    method = message["method"]
    if ARGS.chatty:
        write({"jsonrpc": "2.0", "method": "window/logMessage", "params": {"type": 3, "message": "hi"}})
        write(
            {
                "jsonrpc": "2.0",
                "method": "textDocument/publishDiagnostics",
                "params": {"uri": ROOT + "/x.py", "diagnostics": []},
            }
        )
        write(
            {
                "jsonrpc": "2.0",
                "id": "cfg-%s" % message["id"],
                "method": "workspace/configuration",
                "params": {"items": [{"section": "python"}]},
            }
        )
    if method == ARGS.garbage_on:
        out.write(b"Content-Length: nonsense\r\n\r\n{}")
        out.flush()
        return
    try:
        reply = {"jsonrpc": "2.0", "id": message["id"], "result": result_for(message)}
    except KeyError:
        reply = {"jsonrpc": "2.0", "id": message["id"], "error": {"code": -32601, "message": "no " + method}}
    if ARGS.reverse and method == "textDocument/definition":
        HELD.append(reply)
        if len(HELD) == 2:
            write(HELD.pop())
            write(HELD.pop())
        return
    write(reply)


def main() -> None:
    global ARGS
    parser = argparse.ArgumentParser()
    parser.add_argument("--split", action="store_true")
    parser.add_argument("--chatty", action="store_true")
    parser.add_argument("--crash-on")
    parser.add_argument("--slow", action="append", default=[])
    parser.add_argument("--garbage-on")
    parser.add_argument("--reverse", action="store_true")
    ARGS = parser.parse_args()
    slow = {k: float(v) for k, v in (s.split("=") for s in ARGS.slow)}
    while True:
        message = read()
        if message is None:
            return
        method = message.get("method")
        if method is None:  # the client's answer to our configuration request
            CONFIG_ANSWERS.append(message.get("result"))
            continue
        if method == "exit":
            return
        if "id" not in message:
            continue
        if method == ARGS.crash_on:
            os._exit(3)
        time.sleep(slow.get(method, 0))
        answer(message)


if __name__ == "__main__":
    main()
