"""The text of one commit's files, as the harness needs it: BM25 tokens and defined names.

Files are taken as the engine's read policy allows (`checkout.policy.refusal`),
text only (`checkout.is_binary`), at most the engine's one-file budget, through
the engine's one confined read (`checkout.confined`). Per-file analysis is cached
by blob id for the repository, so the next commit of the same repository only
reads the files that changed.
"""

from __future__ import annotations

import posixpath
import re
from array import array
from dataclasses import dataclass

from ..checkout.budgets import DEFAULT_BUDGETS
from ..checkout.confined import is_binary, read_under
from ..checkout.policy import refusal
from ..lang.definitions import definitions
from ..lang.languages import is_prose_path, is_test_path, language_of
from ..lazyre import compile_static
from .checkouts import GitFile

__all__ = [
    "tokenize",
    "CommitCorpus",
    "RepoCorpus",
    "FunctionDocs",
    "function_documents",
    "message_kind",
    "NAMES_CODE",
    "DESCRIBES",
]

NAMES_CODE = "names code"
DESCRIBES = "describes"

MIN_TOKEN_CHARS = 2
IDENTIFIER = compile_static(r"[A-Za-z_][A-Za-z0-9_]*")
#: Case parts: "getHTTPResponse2" -> get, HTTP, Response, 2.
CASE_PART = compile_static(r"[A-Z]+(?=[A-Z][a-z])|[A-Z]?[a-z]+|[A-Z]+|[0-9]+")
#: A definition, approximately, in most languages: def/class/func/fn/function/... NAME
#: (a Go method's receiver `func (r *T) NAME` included).
DEFINITION = compile_static(
    r"\b(?:def|class|func|fn|function|struct|enum|trait|interface|module)\s+(?:\([^)\n]*\)\s*)?"
    r"([A-Za-z_][A-Za-z0-9_]*)"
)
#: What the message-kind rule looks at (see message_kind).
MESSAGE_PATH = compile_static(r"(?<![\w./-])[\w.-]*(?:/[\w.-]+)*\.[A-Za-z][A-Za-z0-9]{0,7}(?![\w/])")
QUALIFIED = compile_static(r"[A-Za-z_]\w*(?:(?:\.|::|\\|/)[A-Za-z_]\w*)+")
QUALIFIER_SEP = compile_static(r"\.|::|\\|/")
CALL_OR_BACKTICK = compile_static(r"`([A-Za-z_]\w*)`|\b([A-Za-z_]\w*)\(")
MIN_NAME_CHARS = 3


def _identifier_tokens(identifier: str) -> tuple[str, ...]:
    parts = [p.lower() for p in CASE_PART.findall(identifier)]
    tokens = [p for p in parts if len(p) >= MIN_TOKEN_CHARS]
    whole = identifier.lower()
    if len(parts) > 1 and len(whole) >= MIN_TOKEN_CHARS:
        tokens.append(whole)  # the whole identifier too: an exact name match says more than its parts
    return tuple(tokens)


def tokenize(text: str) -> list[str]:
    """BM25 tokens: each identifier's parts split on case and underscores, lower-cased, plus the whole."""
    out: list[str] = []
    for identifier in IDENTIFIER.findall(text):
        out.extend(_identifier_tokens(identifier))
    return out


#: Definitions whose span is one function-level document; a class's own lines outside its
#: methods go to the file's remainder document with the module-level code.
FUNCTION_KINDS = frozenset({"function", "method", "macro"})


def function_documents(path: str, data: bytes) -> list[tuple[int, int]]:
    """The 1-based line spans of one file's function documents.

    Each function or method with a known span is a document (a nested function belongs to
    its outer one). Where the definitions have no spans (line patterns, no grammar), a
    document runs from one definition line to the next. The lines no span covers (imports,
    module code, class bodies outside their methods) make one more document, the file's
    remainder, which the caller adds.
    """
    language = language_of(path)
    found = definitions(language, data) if language else []
    spans = sorted(
        (d.line, d.end_line)
        for d in found
        if d.kind in FUNCTION_KINDS and d.end_line and d.end_line >= d.line
    )
    if spans:
        out: list[tuple[int, int]] = []
        for start, end in spans:
            if not out or start > out[-1][1]:
                out.append((start, end))
        return out
    starts = sorted({d.line for d in found})
    bounds = starts + [data.count(b"\n") + 2]
    return [(a, b - 1) for a, b in zip(bounds, bounds[1:]) if b > a]


@dataclass
class FunctionDocs:
    """One commit's function-level documents of non-test files, in path then line order."""

    paths: list[str]  # the file of each document
    token_ids: list[array]  # per document, ids in the repository's vocabulary (path tokens included)
    vocabulary: dict[str, int]


@dataclass
class CommitCorpus:
    """One commit's indexed text files, in path order."""

    paths: list[str]  # text files indexed (BM25 documents)
    token_ids: list[array]  # per document, ids in the repository's vocabulary
    vocabulary: dict[str, int]
    all_paths: frozenset[str]  # every file the read policy allows
    components: frozenset[str]  # file stems and directory names of all_paths
    defined: frozenset[str]  # names defined somewhere (DEFINITION)


class RepoCorpus:
    """Per-blob analysis for one repository, kept while the run stays in that repository."""

    def __init__(self) -> None:
        self.vocabulary: dict[str, int] = {}
        self._identifiers: dict[str, tuple[int, ...]] = {}
        self._blobs: dict[str, tuple[array, frozenset[str]] | None] = {}
        self._function_blobs: dict[str, list[array]] = {}

    def _ids(self, identifier: str) -> tuple[int, ...]:
        ids = self._identifiers.get(identifier)
        if ids is None:
            vocab = self.vocabulary
            ids = tuple(vocab.setdefault(t, len(vocab)) for t in _identifier_tokens(identifier))
            self._identifiers[identifier] = ids
        return ids

    def _analyse(self, path: str, data: bytes) -> tuple[array, frozenset[str]] | None:
        if is_binary(data):
            return None
        text = data.decode("utf-8", errors="replace")
        ids = array("I")
        for identifier in IDENTIFIER.findall(path):
            ids.extend(self._ids(identifier))  # the path is part of the document, as in SWE-bench's BM25
        for identifier in IDENTIFIER.findall(text):
            ids.extend(self._ids(identifier))
        return ids, frozenset(DEFINITION.findall(text))

    def _tokens(self, text: str) -> array:
        ids = array("I")
        for identifier in IDENTIFIER.findall(text):
            ids.extend(self._ids(identifier))
        return ids

    def _function_analysis(self, path: str, data: bytes) -> list[array]:
        path_ids = self._tokens(path)
        lines = data.decode("utf-8", errors="replace").split("\n")
        covered = [False] * len(lines)
        docs: list[array] = []
        for start, end in function_documents(path, data):
            for i in range(start - 1, min(end, len(lines))):
                covered[i] = True
            docs.append(path_ids + self._tokens("\n".join(lines[start - 1 : end])))
        remainder = "\n".join(t for t, c in zip(lines, covered) if not c)
        if remainder.strip() or not docs:
            docs.append(path_ids + self._tokens(remainder))
        return docs

    def functions(self, checkout: str, corpus: CommitCorpus, blobs: dict[str, str]) -> FunctionDocs:
        """The function-level documents of `corpus`'s source files (`blobs`: path → blob id):
        files in a known language, neither tests nor prose."""
        paths: list[str] = []
        token_ids: list[array] = []
        for path in corpus.paths:
            if is_test_path(path) or is_prose_path(path) or language_of(path) is None:
                continue
            blob = f"{blobs[path]}:{path}"  # path tokens are part of each document
            docs = self._function_blobs.get(blob)
            if docs is None:
                data = read_under(checkout, path, DEFAULT_BUDGETS.file_bytes).data
                docs = self._function_analysis(path, data) if data is not None else []
                self._function_blobs[blob] = docs
            paths.extend([path] * len(docs))
            token_ids.extend(docs)
        return FunctionDocs(paths, token_ids, self.vocabulary)

    def commit(self, checkout: str, files: list[GitFile]) -> CommitCorpus:
        paths: list[str] = []
        token_ids: list[array] = []
        allowed: list[str] = []
        defined: set[str] = set()
        for f in files:
            if refusal(f.path) is not None:
                continue
            allowed.append(f.path)
            if f.size > DEFAULT_BUDGETS.file_bytes:
                continue
            if f.blob not in self._blobs:
                data = read_under(checkout, f.path, DEFAULT_BUDGETS.file_bytes).data
                self._blobs[f.blob] = self._analyse(f.path, data) if data is not None else None
            entry = self._blobs[f.blob]
            if entry is None:
                continue
            paths.append(f.path)
            token_ids.append(entry[0])
            defined.update(entry[1])
        components: set[str] = set()
        for p in allowed:
            parts = p.split("/")
            components.update(parts[:-1])
            components.add(posixpath.splitext(parts[-1])[0])
        return CommitCorpus(
            paths, token_ids, self.vocabulary, frozenset(allowed), frozenset(components), frozenset(defined)
        )


def _code_like(name: str) -> bool:
    return len(name) >= MIN_NAME_CHARS and (
        "_" in name.strip("_") or re.search(r"[a-z][A-Z]", name) is not None
    )


def _trailing(paths: set[str] | frozenset[str]) -> set[str]:
    """Every run of trailing components of every path: a/b/c -> a/b/c, b/c, c."""
    out: set[str] = set()
    for p in paths:
        parts = p.split("/")
        out.update("/".join(parts[i:]) for i in range(len(parts)) if parts[i])
    return out


def message_kind(message: str, corpus: CommitCorpus) -> str:
    """NAMES_CODE when the message names a path, module or definition present at the commit.

    Gold-independent and cheap: (1) a file name or path written in the message
    ends a file path of the commit; (2) a qualified name (a.b, a::b, a\\b, a/b)
    whose segments end a file path (extension dropped) or a directory, or whose
    last segment is defined; (3) a code-like name (snake_case, camelCase, a call
    `name(` or `backticked`, 3+ characters) that is a file stem, a directory name
    or a defined name (DEFINITION). Otherwise DESCRIBES.
    """
    files = _trailing(corpus.all_paths)
    stems_and_dirs = _trailing(
        {posixpath.splitext(p)[0] for p in corpus.all_paths}
        | {posixpath.dirname(p) for p in corpus.all_paths}
    )
    for match in MESSAGE_PATH.finditer(message):
        if match.group().lstrip("./") in files:
            return NAMES_CODE
    for match in QUALIFIED.finditer(message):
        segments = QUALIFIER_SEP.split(match.group())
        if "/".join(segments) in stems_and_dirs:
            return NAMES_CODE
        if len(segments[-1]) >= MIN_NAME_CHARS and segments[-1] in corpus.defined:
            return NAMES_CODE
    names = set(IDENTIFIER.findall(message))
    marked = {a or b for a, b in CALL_OR_BACKTICK.findall(message)}
    for name in sorted(names):
        if (_code_like(name) or (name in marked and len(name) >= MIN_NAME_CHARS)) and (
            name in corpus.components or name in corpus.defined
        ):
            return NAMES_CODE
    return DESCRIBES
