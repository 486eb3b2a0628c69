"""Context directories: the tool's contract, its settings, and every capture as evidence.

Layout (portable: no absolute path, no host name, nothing tied to this machine):

    context.json          {"body": {contract, settings, settings_sha256, commit_binding}, "sha256"}
    captures/000001.json  {"body": {sequence, previous_sha256, request, commit_binding,
                                    settings, settings_sha256, result}, "sha256"}

Each `sha256` is over the canonical JSON of its body; each capture names the hash
of the document before it, so a changed, removed or reordered capture breaks the
chain (only removing the newest captures cannot be seen from inside the
directory: a caller that must detect it keeps the returned capture hash). Files
are written once, atomically (a temporary file hard-linked into
place, which fails rather than overwrite) and made read-only.

Resuming verifies all of it, and compares every stored snippet with the git
objects of the pinned commit: path, blob id, SHA-256, size and each line. A
context begun with other settings or another commit is rejected, and a context
keeps the contract it began with.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from dataclasses import dataclass
from typing import Any, Callable

from ..lazyre import compile_static
from .config import Profile, canonical_json
from .errors import ContextError
from .gitobjects import PinnedCommit
from .lexical import split_lines

__all__ = [
    "CONTRACT",
    "CONTEXT_FILE",
    "CAPTURE_DIR",
    "Context",
    "open_context",
    "store_capture",
    "verify_context",
]

FORMAT = 1
TOOL = "source.context"
CONTEXT_FILE = "context.json"
CAPTURE_DIR = "captures"
_CAPTURE_NAME = compile_static(r"(\d{6})\.json\Z")
_READ_ONLY = 0o444

#: What a new context tells the model about the tool. Stored in the context, so
#: a context keeps the contract it began with when this text changes.
CONTRACT = (
    'source.context v1. Request: {"kind": "source.context", "text": TERM, '
    '"path_prefix": DIR (optional)}. Use it before separate search or read calls: one '
    "budgeted call searches TERM (a whole word when it is an identifier, else a fixed, "
    "case-sensitive string) in the git objects of the commit the operator pinned, follows a "
    "bounded number of aliases (identifiers assigned the term) and configured registration "
    "functions, and returns merged context windows with path, git blob id, SHA-256 and size per "
    "file. The result is context on possible definitions, references and registrations: no "
    "verified call graph, no actual execution, no cause of a fault; identical numbers can mean "
    "unrelated things, and a registration function is a candidate to judge from the code. "
    "complete_configured_source_context means only that the bounded chain ran without reported "
    "omissions; partial_configured_source_context names the limits that cut it. A term not found "
    "rules out neither differently spelled constants, database-driven behaviour, generated code, "
    "other file types nor dynamic paths. The separate search and read tools stay available when "
    "the snippets do not suffice."
)


@dataclass(frozen=True)
class Context:
    directory: str
    contract: str
    settings: dict[str, Any]
    settings_sha256: str
    commit_binding: dict[str, str]
    captures: int
    head_sha256: str  # hash of the last document; the next capture chains to it


def _document(body: dict[str, Any]) -> dict[str, Any]:
    return {"body": body, "sha256": hashlib.sha256(canonical_json(body)).hexdigest()}


def _load(path: str) -> dict[str, Any]:
    """A stored document's body, after checking its hash."""
    name = os.path.basename(path)
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as exc:
        raise ContextError(f"{path}: unreadable context file ({exc})") from None
    except RecursionError:
        raise ContextError(f"{path}: unreadable context file (nested too deeply)") from None
    if not isinstance(doc, dict) or set(doc) != {"body", "sha256"} or not isinstance(doc["body"], dict):
        raise ContextError(f"{path}: not a source.context document")
    if hashlib.sha256(canonical_json(doc["body"])).hexdigest() != doc["sha256"]:
        raise ContextError(
            f"{name} was changed after it was stored (hash mismatch); the context cannot be resumed"
        )
    return doc["body"]


def _write_once(path: str, document: dict[str, Any]) -> None:
    data = (json.dumps(document, indent=2, sort_keys=True, ensure_ascii=False) + "\n").encode()
    directory = os.path.dirname(path)
    fd, tmp = tempfile.mkstemp(prefix=".tmp-", dir=directory)
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _READ_ONLY)
        os.link(tmp, path)  # atomic, and unlike a rename it never replaces an existing file
    except FileExistsError:
        raise ContextError(
            f"{path} already exists: another call wrote to this context "
            "at the same time; evidence is never overwritten"
        ) from None
    except OSError as exc:
        raise ContextError(f"cannot write {path}: {exc.strerror or exc}") from None
    finally:
        try:
            os.unlink(tmp)
        except OSError:
            pass


def _capture_files(directory: str) -> list[str]:
    folder = os.path.join(directory, CAPTURE_DIR)
    try:
        names = sorted(os.listdir(folder))
    except OSError as exc:
        raise ContextError(f"{folder}: cannot list captures ({exc.strerror or exc})") from None
    files: list[str] = []
    for name in names:
        if name.startswith("."):  # an interrupted write's temporary file, never evidence
            continue
        match = _CAPTURE_NAME.match(name)
        if not match or int(match.group(1)) != len(files) + 1:
            raise ContextError(f"{folder}: unexpected or missing capture at {name}")
        files.append(os.path.join(folder, name))
    return files


def _check_snippets(
    result: dict[str, Any], pinned: PinnedCommit, name: str, blobs: dict[tuple[str, str], list[str]]
) -> None:
    """Each stored file and line must be exactly what the pinned commit's git objects hold."""
    for record in result["files"]:
        path, blob = record["path"], record["blob"]
        lines = blobs.get((path, blob))
        if lines is None:
            entry = pinned.blob_at(path)
            if entry is None or entry.oid != blob:
                raise ContextError(f"{name}: {path} is not blob {blob} at the pinned commit")
            # Read no more than the stored size: a larger blob cannot match it.
            data = pinned.read(entry.oid, int(record["size"]))
            if data is None or hashlib.sha256(data).hexdigest() != record["sha256"]:
                raise ContextError(f"{name}: SHA-256 or size of {path} does not match its git blob")
            lines = blobs[(path, blob)] = split_lines(data)
        for block in record["blocks"]:
            cut = {c["line"] for c in block["cut_lines"]}
            for number, text in enumerate(block["lines"], start=block["start_line"]):
                actual = lines[number - 1] if 0 < number <= len(lines) else None
                same = actual is not None and (actual.startswith(text) if number in cut else actual == text)
                if not same:
                    raise ContextError(f"{name}: line {number} of {path} differs from the git blob")


def _verify(
    directory: str, profile: Profile, pinned: PinnedCommit, check_time: Callable[[str], None]
) -> Context:
    try:
        return _verify_documents(directory, profile, pinned, check_time)
    except (KeyError, TypeError, AttributeError, ValueError, IndexError):
        # Hashes match but the content has the wrong shape: written by something else.
        raise ContextError(f"{directory}: malformed context or capture") from None


def _verify_documents(
    directory: str, profile: Profile, pinned: PinnedCommit, check_time: Callable[[str], None]
) -> Context:
    head = _load(os.path.join(directory, CONTEXT_FILE))
    if head.get("format") != FORMAT or head.get("tool") != TOOL:
        raise ContextError(f"{directory}: not a {TOOL} context of format {FORMAT}")
    settings_sha = head.get("settings_sha256")
    if hashlib.sha256(canonical_json(head.get("settings"))).hexdigest() != settings_sha:
        raise ContextError(f"{directory}: the stored settings do not match their hash")
    if settings_sha != profile.settings_sha256:
        raise ContextError(
            f"{directory} was begun with other settings "
            f"(sha256 {settings_sha[:12]}…) than the profile gives "
            f"({profile.settings_sha256[:12]}…); "
            "start a new context for the new settings"
        )
    if head.get("commit_binding") != pinned.binding():
        raise ContextError(
            f"{directory} is bound to commit "
            f"{(head.get('commit_binding') or {}).get('commit')}, "
            f"the profile pins {pinned.commit_id}"
        )
    previous = hashlib.sha256(canonical_json(head)).hexdigest()
    blobs: dict[tuple[str, str], list[str]] = {}
    files = _capture_files(directory)
    for number, path in enumerate(files, start=1):
        check_time("context verification")
        name = os.path.relpath(path, directory)
        body = _load(path)
        if body.get("sequence") != number or body.get("previous_sha256") != previous:
            raise ContextError(
                f"{name} does not follow the capture before it; a capture was changed, removed or reordered"
            )
        if (
            body.get("settings") != head["settings"]
            or body.get("settings_sha256") != settings_sha
            or body.get("commit_binding") != head["commit_binding"]
        ):
            raise ContextError(f"{name} is bound to other settings or another commit than its context")
        _check_snippets(body["result"], pinned, name, blobs)
        previous = hashlib.sha256(canonical_json(body)).hexdigest()
    return Context(
        directory,
        head["contract"],
        head["settings"],
        settings_sha,
        head["commit_binding"],
        len(files),
        previous,
    )


def open_context(
    directory: str, profile: Profile, pinned: PinnedCommit, check_time: Callable[[str], None]
) -> Context:
    """Resume the context in `directory` after verifying it, or begin one there."""
    directory = os.path.abspath(directory)
    if os.path.exists(os.path.join(directory, CONTEXT_FILE)):
        return _verify(directory, profile, pinned, check_time)
    if os.path.isdir(directory) and any(not n.startswith(".") for n in os.listdir(directory)):
        raise ContextError(f"{directory} is neither empty nor a {TOOL} context")
    try:
        os.makedirs(os.path.join(directory, CAPTURE_DIR), exist_ok=True)
    except OSError as exc:
        raise ContextError(f"cannot create context {directory}: {exc.strerror or exc}") from None
    body: dict[str, Any] = {
        "format": FORMAT,
        "tool": TOOL,
        "contract": CONTRACT,
        "settings": profile.settings_document(),
        "settings_sha256": profile.settings_sha256,
        "commit_binding": pinned.binding(),
    }
    _write_once(os.path.join(directory, CONTEXT_FILE), _document(body))
    return Context(
        directory,
        CONTRACT,
        body["settings"],
        profile.settings_sha256,
        pinned.binding(),
        0,
        hashlib.sha256(canonical_json(body)).hexdigest(),
    )


def store_capture(context: Context, request: dict[str, Any], result: dict[str, Any]) -> dict[str, Any]:
    """Store `result` as the context's next capture; returns its reference."""
    sequence = context.captures + 1
    body = {
        "format": FORMAT,
        "sequence": sequence,
        "previous_sha256": context.head_sha256,
        "request": request,
        "commit_binding": context.commit_binding,
        "settings": context.settings,
        "settings_sha256": context.settings_sha256,
        "result": result,
    }
    relative = f"{CAPTURE_DIR}/{sequence:06d}.json"
    document = _document(body)
    _write_once(os.path.join(context.directory, relative), document)
    return {"sequence": sequence, "file": relative, "sha256": document["sha256"]}


def verify_context(directory: str, profile: Profile) -> Context:
    """Check a context (e.g. one moved from another machine) against the profile's commit."""
    if not os.path.exists(os.path.join(directory, CONTEXT_FILE)):
        raise ContextError(f"{directory} holds no {TOOL} context")
    pinned = PinnedCommit(profile.repository, profile.commit)
    return _verify(os.path.abspath(directory), profile, pinned, lambda stage: None)
