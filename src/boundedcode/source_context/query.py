"""The `source.context` query: one bounded lexical chain over the pinned commit's git objects.

1. Search the request's term: a whole word when it is a valid identifier, else a
   fixed, case-sensitive string.
2. Follow candidates, bounded by `max_searches` and the internal share of the
   search bytes: identifiers on the left of a simple assignment of the term
   (aliases), then functions with a configured registration prefix called or
   declared in the files the term and alias searches found.
3. Read context windows around every hit and registration candidate, merge
   overlapping or adjacent windows per file, and return them within the file,
   block and line limits.

Every omission is reported by the name of its limit in `limits_reached`; a
result with any is `partial_configured_source_context`. A timeout or an
oversized result raises instead of returning: no unmarked partial result exists.
"""

from __future__ import annotations

import hashlib
import time
from bisect import bisect_right
from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from ..checkout.confined import is_binary
from ..checkout.windows import merge_windows
from .config import KIND, Profile, canonical_json
from .context import open_context, store_capture
from .errors import QueryTimeout, RequestError, ResultTooLarge
from .gitobjects import BlobEntry, PinnedCommit, Scope, normalize_prefix
from .lexical import alias_name, hit_lines, mode, registration_sites, split_lines, term_needle

__all__ = [
    "KIND",
    "STATUS_COMPLETE",
    "STATUS_PARTIAL",
    "STATUS_MEANING",
    "CENTRAL_LOADER_MIN_NAMES",
    "MAX_LINE_CHARS",
    "run_query",
]

STATUS_COMPLETE = "complete_configured_source_context"
STATUS_PARTIAL = "partial_configured_source_context"
STATUS_MEANING = {
    STATUS_COMPLETE: "The chosen bounded lexical search chain and its context windows were "
    "processed without reported omissions. This is not a complete analysis of "
    "the implementation.",
    STATUS_PARTIAL: "Some content was left out; limits_reached names every limit that cut it.",
}
RESULT_NOTE = (
    "Context on possible definitions, references and registrations, found lexically. "
    "It claims no verified call graph, no actual execution and no cause of a fault; "
    "identical numbers can denote unrelated entities. A registration function is a "
    "candidate whose role must be judged from the code."
)
NOT_FOUND_NOTE = (
    "The term was not found. That rules out neither symbolic constants spelled "
    "another way, database-driven behaviour, generated code, other file types nor "
    "a dynamic path."
)
PREFIX_MISSING_NOTE = "path_prefix names nothing at the pinned commit."

MAX_TERM_CHARS = 200
#: Longer code lines are cut to this many characters and listed in `cut_lines`.
MAX_LINE_CHARS = 300
#: A "central loader file" calls or declares at least this many distinct
#: registration-prefixed functions (e.g. Vcore's ScriptLoader.cpp with hundreds of
#: AddSC_ calls). Its registrations are never followed and get no windows of their
#: own: only its hits do. An ordinary script file names one or two.
CENTRAL_LOADER_MIN_NAMES = 4
#: Paths of oversized files listed by name; the count is always complete.
OVERSIZE_PATHS_SHOWN = 20

ORIGIN_REQUEST, ORIGIN_ALIAS, ORIGIN_REGISTRATION = "request", "alias", "registration"

# Limit names as `limits_reached` reports them.
LIMIT_MATCHES, LIMIT_SEARCHES = "max_matches", "max_searches"
LIMIT_FILES, LIMIT_BLOCKS, LIMIT_LINES = "max_files", "max_blocks", "max_total_lines"
LIMIT_LINE_CHARS, LIMIT_FILE_BYTES = "max_line_chars", "file_bytes"
LIMIT_SEARCH_BYTES, LIMIT_INTERNAL_BYTES = "search_bytes", "internal_search_bytes"

_REQUEST_KEYS = frozenset({"kind", "text", "path_prefix"})
_PINNED_BY_PROFILE = frozenset({"commit", "revision", "rev", "ref", "branch", "remote", "repository"})


@dataclass(frozen=True)
class _Request:
    text: str
    path_prefix: str
    original: dict[str, Any]


def _parse_request(request: Mapping[str, Any]) -> _Request:
    if not isinstance(request, Mapping):
        raise RequestError("a request must be a JSON object")
    pinned = sorted(_PINNED_BY_PROFILE & set(request))
    if pinned:
        raise RequestError(
            f"a request cannot choose {', '.join(pinned)}: "
            "the operator's profile pins the repository and commit"
        )
    unknown = sorted(map(str, set(request) - _REQUEST_KEYS))
    if unknown:
        raise RequestError(
            f"unknown request key(s): {', '.join(unknown)} (allowed: {', '.join(sorted(_REQUEST_KEYS))})"
        )
    if request.get("kind") != KIND:
        raise RequestError(f"request kind must be {KIND!r}, got {request.get('kind')!r}")
    text = request.get("text")
    if not isinstance(text, str) or not text.strip():
        raise RequestError("request text must be a non-empty string")
    if len(text) > MAX_TERM_CHARS:
        raise RequestError(f"request text is longer than {MAX_TERM_CHARS} characters")
    if any(ord(c) < 0x20 or ord(c) == 0x7F for c in text) or not _encodable(text):
        raise RequestError("request text must be one line of text without control characters")
    prefix = normalize_prefix(request.get("path_prefix", ""))
    return _Request(text, prefix, {k: request[k] for k in sorted(request)})


def _encodable(text: str) -> bool:
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:  # lone surrogates, e.g. from undecodable command-line bytes
        return False
    return True


@dataclass
class _Search:
    id: int
    term: str
    mode: str
    origin: str
    files_in_scope: int
    hits: list[tuple[str, int]] = field(default_factory=list)
    files_searched: int = 0
    bytes_searched: int = 0
    binary_files: int = 0
    files_not_searched: int = 0
    more_matches: bool = False
    stopped_by: str | None = None
    central_loaders: list[str] = field(default_factory=list)

    def record(self, path_prefix: str) -> dict[str, Any]:
        return {
            "search": self.id,
            "term": self.term,
            "mode": self.mode,
            "origin": self.origin,
            "scope": {"path_prefix": path_prefix, "files": self.files_in_scope},
            "complete": self.stopped_by is None,
            "matches": len(self.hits),
            "files_searched": self.files_searched,
            "bytes_searched": self.bytes_searched,
            "skipped": {
                "reason": self.stopped_by,
                "files_not_searched": self.files_not_searched,
                "more_matches": self.more_matches,
                "binary_files": self.binary_files,
            },
            "central_loaders": self.central_loaders,
        }


@dataclass
class _Candidate:
    kind: str  # ORIGIN_ALIAS or ORIGIN_REGISTRATION
    name: str
    path: str
    line: int
    found_by: int
    followed_by: int | None = None
    not_followed: str | None = None


class _Run:
    def __init__(
        self, request: _Request, profile: Profile, pinned: PinnedCommit, check_time: Callable[[str], None]
    ):
        self.request = request
        self.settings = profile.settings
        self.limits = profile.limits
        self.pinned = pinned
        self.check_time = check_time
        self.scope: Scope = pinned.scope(
            request.path_prefix, self.settings.extensions, self.limits.file_bytes
        )
        self.entries = {e.path: e for e in self.scope.files}
        self.searches: list[_Search] = []
        self.by_term: dict[str, _Search] = {}
        self.candidates: list[_Candidate] = []
        self.reached: set[str] = set()
        self.request_bytes = 0
        self.internal_bytes = 0
        self.internal_exhausted = False
        self._data: dict[str, bytes] = {}
        self._lines: dict[str, list[str]] = {}
        self._sites: dict[str, list[tuple[str, int]]] = {}  # registration sites per path

    # -- reading ------------------------------------------------------------------
    def data(self, entry: BlobEntry) -> bytes:
        if entry.path not in self._data:
            # Every scope entry is within the one-file limit; its size was read from the header.
            self._data[entry.path] = self.pinned.read(entry.oid, self.limits.file_bytes) or b""
        return self._data[entry.path]

    def lines(self, path: str) -> list[str]:
        if path not in self._lines:
            self._lines[path] = split_lines(self.data(self.entries[path]))
        return self._lines[path]

    # -- the chain ----------------------------------------------------------------
    def search(self, term: str, origin: str) -> _Search:
        needle = term_needle(term)
        s = _Search(len(self.searches), term, mode(needle), origin, len(self.scope.files))
        self.searches.append(s)
        self.by_term[term] = s
        if origin == ORIGIN_REQUEST:
            budget, used, limit = self.limits.search_bytes, 0, LIMIT_SEARCH_BYTES
        else:
            # Follow-ups share a bounded part of what the request search left over.
            budget = min(self.limits.internal_search_bytes, self.limits.search_bytes - self.request_bytes)
            used, limit = self.internal_bytes, LIMIT_INTERNAL_BYTES
        files = self.scope.files
        for index, entry in enumerate(files):
            self.check_time(f"search {s.id}")
            if used + entry.size > budget:
                s.stopped_by, s.files_not_searched = limit, len(files) - index
                break
            data = self.data(entry)
            used += entry.size
            s.files_searched += 1
            s.bytes_searched += entry.size
            if is_binary(data):
                s.binary_files += 1
                continue
            for line in hit_lines(data, needle):
                if len(s.hits) == self.settings.max_matches:
                    s.more_matches = True
                    s.stopped_by, s.files_not_searched = LIMIT_MATCHES, len(files) - index - 1
                    break
                s.hits.append((entry.path, line))
            if s.stopped_by:
                break
        if origin == ORIGIN_REQUEST:
            self.request_bytes = used
        else:
            self.internal_bytes = used
            self.internal_exhausted = s.stopped_by == LIMIT_INTERNAL_BYTES
        if s.stopped_by:
            self.reached.add(s.stopped_by)
        return s

    def inspect_registrations(self, s: _Search, collect: bool) -> list[_Candidate]:
        """Registration candidates in the files `s` found; central loaders yield none."""
        found: list[_Candidate] = []
        if not self.settings.registration_prefixes:
            return found
        for path in dict.fromkeys(p for p, _ in s.hits):
            first_look = path not in self._sites
            if first_look:
                self._sites[path] = registration_sites(
                    self.data(self.entries[path]), self.settings.registration_prefixes
                )
            sites = self._sites[path]
            if len({name for name, _ in sites}) >= CENTRAL_LOADER_MIN_NAMES:
                s.central_loaders.append(path)
            elif collect and first_look:
                found += [_Candidate(ORIGIN_REGISTRATION, name, path, line, s.id) for name, line in sites]
        self.candidates += found
        return found

    def follow(self, candidates: list[_Candidate]) -> list[_Search]:
        started: list[_Search] = []
        for c in candidates:
            if c.name in self.by_term:
                c.followed_by = self.by_term[c.name].id
            elif len(self.searches) >= self.settings.max_searches:
                c.not_followed = LIMIT_SEARCHES
                self.reached.add(LIMIT_SEARCHES)
            elif self.internal_exhausted:
                c.not_followed = LIMIT_INTERNAL_BYTES
            else:
                s = self.search(c.name, c.kind)
                c.followed_by = s.id
                started.append(s)
        return started

    def chain(self) -> None:
        term = self.request.text
        first = self.search(term, ORIGIN_REQUEST)
        aliases = []
        for path, line in first.hits:
            name = alias_name(self.lines(path)[line - 1], term)
            if name is not None:
                aliases.append(_Candidate(ORIGIN_ALIAS, name, path, line, first.id))
        self.candidates += aliases
        registrations = self.inspect_registrations(first, collect=True)
        for s in self.follow(aliases):
            registrations += self.inspect_registrations(s, collect=True)
        for s in self.follow(registrations):
            # The chain ends here: names beside a found registration are not followed.
            self.inspect_registrations(s, collect=False)

    # -- windows and the result ---------------------------------------------------
    def anchors(self) -> list[tuple[str, int]]:
        """Hit and registration lines in priority order: search by search, hits first."""
        out: list[tuple[str, int]] = []
        for s in self.searches:
            out += s.hits
            out += [
                (c.path, c.line)
                for c in self.candidates
                if c.kind == ORIGIN_REGISTRATION and c.found_by == s.id
            ]
        return out

    def blocks(self) -> dict[str, list[tuple[int, int]]]:
        anchors = self.anchors()
        paths = list(dict.fromkeys(p for p, _ in anchors))
        if len(paths) > self.settings.max_files:
            self.reached.add(LIMIT_FILES)
        # (priority, path, start, end, line of the window's first anchor in priority order)
        windows: list[tuple[int, str, int, int, int]] = []
        for path in paths[: self.settings.max_files]:
            self.check_time("windows")
            merged = merge_windows(
                [line for p, line in anchors if p == path], self.settings.context_lines, len(self.lines(path))
            )
            starts = [start for start, _ in merged]
            first: dict[int, tuple[int, int]] = {}
            for priority, (p, line) in enumerate(anchors):
                if p == path:
                    first.setdefault(bisect_right(starts, line) - 1, (priority, line))
            windows += [(first[i][0], path, start, end, first[i][1]) for i, (start, end) in enumerate(merged)]
        windows.sort()
        returned: dict[str, list[tuple[int, int]]] = {}
        remaining, count = self.settings.max_total_lines, 0
        for _, path, start, end, anchor in windows:
            if count == self.settings.max_blocks:
                self.reached.add(LIMIT_BLOCKS)
                break
            if remaining == 0:
                self.reached.add(LIMIT_LINES)
                break
            if end - start + 1 > remaining:
                # Keep what is left of the line budget centred on the window's first anchor.
                start = min(max(start, anchor - (remaining - 1) // 2), end - remaining + 1)
                end = start + remaining - 1
                self.reached.add(LIMIT_LINES)
            returned.setdefault(path, []).append((start, end))
            remaining -= end - start + 1
            count += 1
        return {path: sorted(spans) for path, spans in returned.items()}

    def file_record(self, path: str, spans: list[tuple[int, int]]) -> dict[str, Any]:
        data = self.data(self.entries[path])
        lines = self.lines(path)
        blocks = []
        for start, end in spans:
            text, cut = [], []
            for number in range(start, end + 1):
                line = lines[number - 1]
                if len(line) > MAX_LINE_CHARS:
                    cut.append({"line": number, "chars": len(line)})
                    line = line[:MAX_LINE_CHARS]
                    self.reached.add(LIMIT_LINE_CHARS)
                text.append(line)
            blocks.append({"start_line": start, "lines": text, "cut_lines": cut})
        return {
            "path": path,
            "blob": self.entries[path].oid,
            "sha256": hashlib.sha256(data).hexdigest(),
            "size": len(data),
            "blocks": blocks,
        }

    def execute(self) -> dict[str, Any]:
        if self.scope.over_file_bytes:
            self.reached.add(LIMIT_FILE_BYTES)
        self.chain()
        returned = self.blocks()
        files = [self.file_record(path, spans) for path, spans in returned.items()]

        def shown(path: str, line: int) -> bool:
            return any(start <= line <= end for start, end in returned.get(path, ()))

        notes = [RESULT_NOTE]
        if not self.scope.prefix_found:
            notes.append(PREFIX_MISSING_NOTE)
        if not self.searches[0].hits:
            notes.append(NOT_FOUND_NOTE)
        status = STATUS_PARTIAL if self.reached else STATUS_COMPLETE
        s = self.settings
        return {
            "kind": KIND,
            "status": status,
            "status_meaning": STATUS_MEANING[status],
            "limits_reached": sorted(self.reached),
            "request": {"text": self.request.text, "path_prefix": self.request.path_prefix},
            "commit": self.pinned.commit_id,
            "scope": self.scope_record(),
            "searches": [x.record(self.request.path_prefix) for x in self.searches],
            "hits": [
                {"search": x.id, "path": p, "line": n, "context_returned": shown(p, n)}
                for x in self.searches
                for p, n in x.hits
            ],
            "candidates": [
                {
                    "kind": c.kind,
                    "name": c.name,
                    "path": c.path,
                    "line": c.line,
                    "found_by": c.found_by,
                    "followed_by": c.followed_by,
                    "not_followed": c.not_followed,
                    "context_returned": shown(c.path, c.line),
                }
                for c in self.candidates
            ],
            "files": files,
            "budget": {
                "searches": {"used": len(self.searches), "limit": s.max_searches},
                "files": {"used": len(files), "limit": s.max_files},
                "blocks": {"used": sum(len(f["blocks"]) for f in files), "limit": s.max_blocks},
                "lines": {
                    "used": sum(len(b["lines"]) for f in files for b in f["blocks"]),
                    "limit": s.max_total_lines,
                },
                "search_bytes": {
                    "used": self.request_bytes + self.internal_bytes,
                    "limit": self.limits.search_bytes,
                },
                "internal_search_bytes": {
                    "used": self.internal_bytes,
                    "limit": self.limits.internal_search_bytes,
                },
            },
            "notes": notes,
        }

    def scope_record(self) -> dict[str, Any]:
        sc = self.scope
        return {
            "path_prefix": sc.path_prefix,
            "found": sc.prefix_found,
            "extensions": list(self.settings.extensions),
            "files": len(sc.files),
            "skipped": {
                "read_policy": dict(sorted(sc.refused.items())),
                "other_extension": sc.other_extension,
                "not_regular_file": sc.not_regular_file,
                "over_file_bytes": {
                    "count": len(sc.over_file_bytes),
                    "paths": sc.over_file_bytes[:OVERSIZE_PATHS_SHOWN],
                },
            },
        }


def run_query(
    request: Mapping[str, Any],
    profile: Profile,
    context_dir: str | None = None,
    *,
    clock: Callable[[], float] = time.monotonic,
) -> dict[str, Any]:
    """Answer one `source.context` request at the profile's pinned commit.

    With `context_dir`, the context there is verified (or begun) first and the
    result is stored as its next capture; the returned result then carries a
    `capture` reference. Raises `UsageError` subclasses for bad requests,
    profiles and contexts, `QueryTimeout` or `ResultTooLarge` when a hard limit
    stops the query (then nothing is stored).
    """
    frame = profile.limits.time_frame_s
    deadline = clock() + frame

    def check_time(stage: str) -> None:
        if clock() > deadline:
            raise QueryTimeout(
                f"source.context ran out of its {frame:g} s time frame ({stage}); "
                "nothing was returned or stored; a narrower path_prefix helps"
            )

    parsed = _parse_request(request)
    pinned = PinnedCommit(profile.repository, profile.commit)
    context = open_context(context_dir, profile, pinned, check_time) if context_dir else None
    result = _Run(parsed, profile, pinned, check_time).execute()
    check_time("result")
    size = len(canonical_json(result))
    if size > profile.limits.result_bytes:
        raise ResultTooLarge(
            f"the source.context result has {size} bytes, over the "
            f"result_bytes limit of {profile.limits.result_bytes}; nothing was "
            "returned or stored; a narrower path_prefix or term helps"
        )
    if context is not None:
        result["capture"] = store_capture(context, parsed.original, result)
    return result
