"""What every strategy sees and returns: one uniform shape, typed by phase.

A strategy is asked twice. Before any file is listed it gets the `Plan` (the
anchors, what the message asks for, the checkout's git facts) and says whether
it runs (`wants`) and which needles it needs from the one shared scan
(`needles`). After the walk and the scan it gets the `Evidence` (the walked
paths, the scan, bounded reads, the navigator and follow-up scans) and turns
them into findings (`find`); one that needs the walk alone (`FromListing`) gets
its `ListingEvidence` while the scan still searches. Strategies do no ranking
and no printing, and read file contents only for the few files they already
chose (a definition site, a test body), through `Evidence.read`.

The helpers here (path resolution, module paths, identifiers) are shared, so
that no strategy imports another.
"""

from __future__ import annotations

import re
from bisect import bisect_right
from collections import defaultdict
from functools import cached_property, lru_cache
from itertools import accumulate
from typing import Any, Callable, Literal, Protocol, Sequence, runtime_checkable

from .._record import Frozen
from ..checkout.budgets import Budgets, reach
from ..checkout.confined import too_large
from ..checkout.tree import Tree
from ..lang.definitions import Definition, definitions, enclosing_definition
from ..lang.identifiers import is_identifier
from ..lang.languages import (
    LAYOUT_DIRS,
    MODULE_FILES,
    TEST_MIRRORS,
    code_dirs,
    impl_names,
    is_test_path,
    language_of,
)
from ..lazyre import compile_static
from ..model import Anchor, AnchorKind, AnchorOrigin, Finding
from ..navigator.composite import Composite
from ..scan import Needle, ScanResult
from ..scan.rescan import Rescan
from ..seeds.facts import MessageFacts
from ..weights import ANNOTATION_DEFINITION, BODY_NAME, EXCEPTION_DEFINITION, SAMPLE_ONLY

__all__ = [
    "Plan",
    "Evidence",
    "ListingEvidence",
    "Strategy",
    "Placing",
    "FromListing",
    "PathIndex",
    "Reader",
    "is_identifier",
    "definition_factor",
    "resolve_located",
    "module_path",
    "implementations",
    "NOT_FILES",
    "SymbolAt",
    "MAX_SYMBOL_LOOKUPS",
]


class Plan(Frozen):
    """What a strategy may look at before any file is listed."""

    anchors: tuple[Anchor, ...]
    facts: MessageFacts
    #: Opens the git objects behind the checkout (`Tree.repository`); None: no git.
    open_repository: Callable[[], Any | None] | None = None

    @cached_property
    def repository(self) -> Any | None:
        """The git objects behind the checkout (pygit2), None without git: opened on first use,
        by the one strategy that reads them (history, for a commit the message names). Importing
        pygit2 and opening the objects took some 80 ms of a one-shot call in a git checkout."""
        return self.open_repository() if self.open_repository is not None else None

    def of_kind(self, *kinds: AnchorKind) -> list[Anchor]:
        return [a for a in self.anchors if a.kind in kinds]

    @cached_property
    def titled(self) -> frozenset[str]:
        """The message's names its title spells, as written or in words (`UUID field` spells
        `UUIDField`), with every stack frame's function when there is one (a trace says where,
        as a title does); empty when the title names none of them."""
        named = {a.text for a in self.of_kind(AnchorKind.NAME, AnchorKind.MEMBER)}
        titled = self.facts.title_names & named
        titled |= {n for n in named if _squash(n) in self.facts.title_spellings}
        if not titled:
            return frozenset()
        return frozenset(titled | {a.detail for a in self.of_kind(AnchorKind.FRAME) if a.detail})

    def origin_weight(self, a: Anchor) -> float:
        """How much `a`'s findings count for where the message has it: ×SAMPLE_ONLY for one only
        in a code sample."""
        return SAMPLE_ONLY if a.origin == AnchorOrigin.CODE else 1.0

    def title_weight(self, a: Anchor) -> float:
        """×BODY_NAME for a name of the body when the title names another of the message's names
        (symbols only: for modules and imports it measured worse, weights.BODY_NAME)."""
        if self.titled and a.origin != AnchorOrigin.EVIDENCE and a.text not in self.titled:
            return BODY_NAME
        return 1.0


#: A name shorter than this, squashed, names no file by its spelling (`get`, `run`).
MIN_NAMED_AFTER_CHARS = 8
#: The one word a file's name may add after the name it spells (Fixer, Handler, Test).
MAX_NAMED_AFTER_SUFFIX = 12


_SEPARATORS = str.maketrans("", "", "_-. $@+~")


def _squash(name: str) -> str:
    """Lower case without separators; anything else but letters and digits stays, so never matches."""
    return name.lower().translate(_SEPARATORS)


def _at_word(stem: str, letters: int) -> bool:
    """Whether `stem`'s `letters`-th letter or digit starts a new word (a capital or a separator
    before it): BlankLineAfterOpeningTag|Fixer, not OpeningTag|ger."""
    seen = 0
    for i, ch in enumerate(stem):
        if ch.isalnum():
            if seen == letters:
                return ch.isupper() or (i > 0 and not stem[i - 1].isalnum())
            seen += 1
    return False


class PathIndex:
    """Walked paths by file name, for suffix resolution (traces print other machines' paths)."""

    def __init__(self, paths: Sequence[str]):
        self.paths = paths
        self.set = frozenset(paths)
        self._by_name: dict[str, list[str]] = defaultdict(list)
        for p in paths:
            self._by_name[p.rsplit("/", 1)[-1]].append(p)
        self._facts: dict[str, Any] = {}

    _last: PathIndex | None = None

    def fact(self, key: str, build: Callable[[Sequence[str]], Any]) -> Any:
        """A fact of the listing (`build` of the paths), built once for it: a warm host asks again
        on every query while the listing is unchanged (`of`). `key` names it, one per caller."""
        found = self._facts.get(key)
        if found is None:
            found = self._facts[key] = build(self.paths)
        return found

    @classmethod
    def of(cls, paths: Sequence[str]) -> PathIndex:
        """The index of `paths`, the last one built again when the paths are the same (a warm
        host's listing, unchanged between queries: building it is a pass over every path)."""
        last = cls._last
        if last is None or (last.paths is not paths and last.paths != paths):
            last = cls._last = cls(paths)
        return last

    def by_name(self, name: str) -> list[str]:
        return self._by_name.get(name, [])

    def named_after(self, names: Sequence[str]) -> dict[str, list[str]]:
        """The files whose name, without extension, spells each of `names` case and separators
        aside, alone or followed by one more word (`blank_line_after_opening_tag` names
        BlankLineAfterOpeningTagFixer.php and blank-line-after-opening-tag.js)."""
        squashed = {k: n for n in names if len(k := _squash(n)) >= MIN_NAMED_AFTER_CHARS}
        if not squashed:
            return {}
        by_squashed, text = self._squashed
        alternatives = "|".join(sorted(map(re.escape, squashed), key=lambda k: (-len(k), k)))
        pattern = re.compile(rf"^({alternatives})([a-z]{{0,{MAX_NAMED_AFTER_SUFFIX}}})$", re.M)
        out: dict[str, list[str]] = defaultdict(list)
        for m in pattern.finditer(text):
            for file_name in by_squashed[m.group()]:
                if m.group(2) and not _at_word(file_name.split(".", 1)[0], m.end(1) - m.start()):
                    continue
                out[squashed[m.group(1)]].extend(self._by_name[file_name])
        return {n: sorted(ps) for n, ps in out.items()}

    @cached_property
    def _joined(self) -> tuple[str, list[int]]:
        # The paths one a line, each after a line break, and where each begins.
        return "\n" + "\n".join(self.paths), list(accumulate((len(p) + 1 for p in self.paths), initial=1))

    def inside(self, directory: str, most: int) -> list[str]:
        """The first `most` paths, in listing order, inside `directory` (ending in `/`) at the
        top or below any directory (`a/b/` holds a/b/c.py and x/a/b/c.py). Found by searching
        the joined listing, so a directory above thousands of paths costs what one above a few
        does (testing every path took some 4 ms a name on a 32,000-file tree)."""
        text, starts = self._joined
        found: set[int] = set()
        for probe in ("\n" + directory, "/" + directory):  # at a path's start, below a directory
            taken, at = 0, text.find(probe)
            while at >= 0 and taken < most:
                k = bisect_right(starts, at + 1) - 1
                past = starts[k + 1] - 1  # the end of path k
                # Within one path, at its start if after a line break (a path may hold one).
                if at + len(probe) <= past and (text[at] == "/" or at + 1 == starts[k]):
                    found.add(k)
                    taken += 1
                    at = text.find(probe, past)
                else:
                    at = text.find(probe, at + 1)
        return [self.paths[k] for k in sorted(found)[:most]]

    def by_stem(self, stem: str) -> list[str]:
        """Paths whose file name without extensions is `stem` (case-insensitive)."""
        return sorted(self._stems.get(stem.lower(), []))

    @cached_property
    def _stems(self) -> dict[str, list[str]]:
        stems: dict[str, list[str]] = defaultdict(list)
        for name, paths in self._by_name.items():
            stems[name.split(".", 1)[0].lower()].extend(paths)
        return stems

    @cached_property
    def _squashed(self) -> tuple[dict[str, list[str]], str]:
        # Every file name's stem squashed (-> the names), one a line: one regular expression
        # scans them all.
        by_squashed: dict[str, list[str]] = defaultdict(list)
        for file_name in self._by_name:
            if "\n" not in file_name:
                by_squashed[_squash(file_name.split(".", 1)[0])].append(file_name)
        return by_squashed, "\n".join(by_squashed)

    def prepare(self) -> None:
        """Every table a query builds on first use built now (a long-lived host, before its
        queries: on the 32.3k-file tree its first query spent tens of ms building them)."""
        _ = self._stems, self._squashed, self._joined

    def resolve(self, path: str) -> tuple[list[str], int]:
        """Files whose path shares the longest run of trailing components with `path`.

        Returns the candidates and how many components matched; ([], 0) when the file
        name itself is unknown. Absolute and `..` paths only ever match inside the tree.
        """
        parts = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
        if not parts:
            return [], 0
        cands = self.by_name(parts[-1])
        if not cands:
            return [], 0
        best: list[str] = []
        best_len = 0
        for c in cands:
            cparts = c.split("/")
            n = 0
            while n < len(cparts) and n < len(parts) and cparts[-1 - n] == parts[-1 - n]:
                n += 1
            if n > best_len:
                best, best_len = [c], n
            elif n == best_len:
                best.append(c)
        return best, best_len


class Reader:
    """Reads chosen files once each, within the file and bytes budgets (reported when reached)."""

    def __init__(self, tree: Tree, budgets: Budgets, bounds_reached: list[str]):
        self.tree, self.budgets, self._bounds = tree, budgets, bounds_reached
        self.cache: dict[str, bytes | None] = {}
        self.bytes = 0

    def __call__(self, path: str) -> bytes | None:
        if path not in self.cache:
            read = self.tree.read_file(path, self.budgets.file_bytes)
            data = read.data
            if data is None and read.refused == too_large(self.budgets.file_bytes):
                reach(self._bounds, "file_bytes")
            elif data is not None and self.bytes + len(data) > self.budgets.bytes_read:
                reach(self._bounds, "bytes_read")
                data = None
            self.bytes += len(data or b"")
            self.cache[path] = data
        return self.cache[path]


class ListingEvidence(Frozen):
    """What a strategy that reads no file's text finds places in: the plan and the walk."""

    plan: Plan
    paths: Sequence[str]  # the walked files, in path order
    index: PathIndex

    @property
    def facts(self) -> MessageFacts:
        return self.plan.facts

    def of_kind(self, *kinds: AnchorKind) -> list[Anchor]:
        return self.plan.of_kind(*kinds)

    def origin_weight(self, a: Anchor) -> float:
        return self.plan.origin_weight(a)

    def title_weight(self, a: Anchor) -> float:
        return self.plan.title_weight(a)


class Evidence(ListingEvidence):
    """What a strategy finds places in: the plan, the walk, the scan and the services around them."""

    scan: ScanResult  # the one shared scan: every planned strategy's needles
    read: Callable[[str], bytes | None]  # bounded reads of the few files a strategy chose
    #: Definitions and references, routed by file language: language servers where enabled
    #: and serving, the definition patterns over the scans' answers everywhere else.
    navigator: Composite
    rescan: Rescan  # a bounded follow-up scan, for names the plan could not know
    budgets: Budgets
    bounds_reached: list[str]  # the retrieval's, shared with the scans and the reads
    size: Callable[[str], int | None]  # a listed file's size in bytes, without reading it (Tree.size)

    def reach(self, bound: str) -> None:
        """Report that a strategy kept to `bound` (a Budgets field) and left something out."""
        reach(self.bounds_reached, bound)


class Strategy(Protocol):
    """One way of finding places; `id` is stable (the CLI's --without, the JSON, the benchmark)."""

    id: str

    def wants(self, plan: Plan) -> str | None:
        """Why it runs (its anchors), or None when the message holds nothing for it."""

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        """Needles for the shared scan, each with the anchor it serves (seed order)."""

    def find(self, ev: Evidence) -> list[Finding]:
        """Its findings: places with the anchor they serve, a reliability and a short reason.

        No ranking, no printing; every read goes through `ev.read`, every further scan
        through `ev.rescan`, every definition or reference through `ev.navigator`.
        """


@runtime_checkable
class Placing(Strategy, Protocol):
    """A strategy whose findings' lines cost a second look at each file (fulltext's densest
    line): its findings come without lines, and it places them after ranking, only in the
    block's files that have no line (no score depends on a line)."""

    def place(self, ev: Evidence, paths: Sequence[str]) -> dict[str, int]:
        """The line of its finding in each of `paths` that has one."""


@runtime_checkable
class FromListing(Strategy, Protocol):
    """A strategy whose findings come from the plan and the walk alone (paths, module paths,
    path words, a commit's files): no scan, no read, no navigator. It runs while ripgrep
    searches, on the core the scan leaves free, not after it (`run_retrieval`)."""

    @property
    def needs_scan(self) -> Literal[False]:
        """Marks the kind (every other strategy reads the scan)."""

    def find(self, ev: ListingEvidence) -> list[Finding]:
        """Its findings, as `Strategy.find`'s, from the plan and the walk."""


#: A class named as an error by the convention most languages share (`FieldError`,
#: `IllegalStateException`; not Go's `ErrClosed` values).
_EXCEPTION_NAME = compile_static(r"[A-Z]\w*(?:Error|Exception)")


def definition_factor(kind: str | None, name: str) -> float:
    """What a definition's specificity is multiplied by for what it defines: an annotation type
    (ANNOTATION_DEFINITION), an exception class (EXCEPTION_DEFINITION), anything else 1."""
    if kind == "annotation":
        return ANNOTATION_DEFINITION
    if _EXCEPTION_NAME.fullmatch(name):
        return EXCEPTION_DEFINITION
    return 1.0


#: Bare file names that stand for an interactive session or a script outside the project.
NOT_FILES = frozenset({"<stdin>", "<string>", "<module>", "<console>", "<frozen>", "<anonymous>"})


#: Folders of installed packages, each with the folders that name one package in it (node's
#: `node_modules/ava/`, `node_modules/@babel/core/`; Python's modules are the checkout's own paths).
_PACKAGE_FOLDERS = {"node_modules": 1, "site-packages": 0, "dist-packages": 0}


def _in_package_subfolder(parts: list[str]) -> bool:
    """Whether a printed path lies in a subfolder of an installed package (`node_modules/ava/lib/
    test.js`, `site-packages/requests/models.py`): it is no root file of any checkout."""
    for i in range(len(parts) - 2, -1, -1):  # the innermost such folder
        names = _PACKAGE_FOLDERS.get(parts[i])
        if names is not None:
            if names and parts[i + 1].startswith("@"):  # a scoped package
                names += 1
            return len(parts) - (i + 1 + names) > 1
    return False


def resolve_located(index: PathIndex, path: str, package: str | None = None) -> list[str]:
    """Checkout files a printed path points at; [] when it lies outside the checkout.

    The file at exactly the printed path wins over suffix matches in other folders. A
    path of several components must match at least two of them (a script
    `/home/me/test.py` is not the repository's `pkg/test.py`) unless it ends with a
    whole checkout path (`/srv/app/setup.py` is the root's `setup.py`; not from a subfolder of
    an installed package: `node_modules/ava/lib/test.js` is no root `test.js`). A bare name
    (the JVM prints only `Orders.java`) is narrowed by the frame's package.
    """
    if not path or path in NOT_FILES or path.startswith("<"):
        return []
    parts = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
    exact = "/".join(parts)
    if exact in index.set and not path.startswith("/"):
        return [exact]
    cands, matched = index.resolve(path)
    if not cands:
        return []
    if len(parts) > 1:
        if matched >= 2:
            return cands
        return [] if _in_package_subfolder(parts) else [c for c in cands if "/" not in c]
    if package:
        pkg_dir = package.replace(".", "/")
        narrowed = [c for c in cands if c.rsplit("/", 1)[0].endswith(pkg_dir)]
        return narrowed or []
    return cands


#: Checkout files per strategy whose definitions name the symbol at a located line (one read
#: and one parse each): the innermost frames' and the first diagnostics' files.
MAX_SYMBOL_LOOKUPS = 8


class SymbolAt:
    """The definition enclosing a located line, as `Owner.name` (tree-sitter's class or impl).

    What a trace prints is not always the truth: pytest's long format shows the last `def` above
    the failing line, a frame names the runtime's mangled symbol. The checkout's own definition
    around the line is; and where another version printed the frame, the one it names
    (`place`). Files beyond MAX_SYMBOL_LOOKUPS are not read (None); `kinds` keeps only
    definitions of those kinds (a frame runs in a function, not in the class around it).
    """

    def __init__(self, read: Callable[[str], bytes | None], kinds: frozenset[str] | None = None):
        self.read, self.kinds = read, kinds
        self.files: dict[str, bytes | None] = {}

    def _data(self, path: str) -> bytes | None:
        if path not in self.files:
            if len(self.files) >= MAX_SYMBOL_LOOKUPS:
                return None
            self.files[path] = self.read(path) if language_of(path) else None
        return self.files[path]

    def __call__(self, path: str, line: int | None) -> str | None:
        return self.place(path, line)[1]

    def place(
        self, path: str, line: int | None, function: str | None = None
    ) -> tuple[int | None, str | None]:
        """`line` and the name of the definition around it. With a frame's `function`, printed by
        another version of the file (an installed package, an older checkout), whose lines are not
        these: where the line lies in another definition here, the line and name of the one this
        checkout defines `function` as, when it defines it once (of `kinds`; a member printed with
        its type, that type's) and not inside the function around the line (pytest's long format
        names the last `def` above a line, a nested one)."""
        data = self._data(path) if line is not None else None
        if data is None or not line:
            return line, None
        language = language_of(path) or ""
        around = enclosing_definition(language, data, line)
        moved = self._defined(language, data, around, function) if function else None
        if moved is not None:
            return moved.line, _qualified(moved)
        if around is None or (self.kinds is not None and around.kind not in self.kinds):
            return line, None
        return line, _qualified(around)

    def _defined(
        self, language: str, data: bytes, around: Definition | None, function: str
    ) -> Definition | None:
        name = _FUNCTION_NAME.search(function)
        if name is None or (around is not None and around.name == name[1]):
            return None
        named = [
            d
            for d in definitions(language, data)
            if d.name == name[1] and (self.kinds is None or d.kind in self.kinds)
        ]
        owner = _FUNCTION_OWNER.search(function)
        if len(named) > 1 and owner:  # `LazilyIndexedArray.__array__`: the one its class defines
            named = [d for d in named if d.container == owner[1]]
        if len(named) != 1:
            return None
        inside = (
            around is not None
            and (self.kinds is None or around.kind in self.kinds)
            and around.end_line is not None
            and around.line <= named[0].line <= around.end_line
        )
        return None if inside else named[0]


#: A frame's function's own name: the identifier it ends with (`Cart.total`, `pkg.(*Cart).Total`,
#: `App\Cart->total()`), none for an anonymous one (`<module>`, `<listcomp>`, `{{closure}}`).
_FUNCTION_NAME = compile_static(r"(?<![<\w$])([A-Za-z_$][\w$]*)(?:\(\))?$")
#: The type a frame's function is a member of, where it is printed: `Cart` of `shop.Cart.total`.
_FUNCTION_OWNER = compile_static(r"(?<![<\w$])([A-Za-z_$][\w$]*)\)?(?:\.|->|::)[A-Za-z_$][\w$]*(?:\(\))?$")


def _qualified(found: Definition) -> str:
    return f"{found.container}.{found.name}" if found.container else found.name


@lru_cache(maxsize=1 << 17)  # the modules strategy's candidates, on every query (a warm host)
def module_path(path: str) -> tuple[str, ...]:
    """`django/db/models/__init__.py` → (django, db, models); lower-cased for matching."""
    parts = path.split("/")
    stem = parts[-1].split(".", 1)[0]
    dirs = [d for d in parts[:-1] if d not in LAYOUT_DIRS]
    segs = dirs + ([] if stem in MODULE_FILES else [stem])
    return tuple(s.lower().replace("-", "_") for s in segs)


#: Words of a test file's name read as a module path at most (`test_ext_docs_mock.py`: 3): its
#: splits into parts number 2^(words − 1).
MAX_MODULE_WORDS = 6


def implementations(index: PathIndex, test_path: str) -> list[str]:
    """The code a test file tests, by its ecosystem's naming (`lang.languages.TEST_FILES`):
    the file so named, the mirrored source tree's first, then the longest shared directory
    suffix; where no file is so named, the name's words read as a module path
    (`tests/test_parser_lexer.py` → `pkg/parser/lexer.py`, `test_ext_docs.py` →
    `pkg/ext/docs/__init__.py`), the longest such path that names files."""
    out: list[str] = []
    for name in impl_names(test_path):
        cands = [c for c in index.by_name(name) if not is_test_path(c) and c != test_path]
        if not cands:
            cands = _spelled_as_module(index, name)
        if not cands:
            continue
        ranked = sorted(cands, key=lambda c: (tuple(-x for x in _mirror_rank(test_path, c)), c))
        best = _mirror_rank(test_path, ranked[0])
        out += [c for c in ranked if _mirror_rank(test_path, c) == best]
    return out


def _mirror_rank(test_path: str, cand: str) -> tuple[int, int]:
    """Higher is closer: the mirrored source tree first, then the longest shared directory suffix."""
    mirrored = any(
        test_path.replace(a, b, 1).rsplit("/", 1)[0] == cand.rsplit("/", 1)[0]
        for a, b in TEST_MIRRORS
        if a in test_path
    )
    td, cd = code_dirs(test_path), code_dirs(cand)
    n = 0
    while n < len(td) and n < len(cd) and td[-1 - n] == cd[-1 - n]:
        n += 1
    return (1 if mirrored else 0, n)


def _spelled_as_module(index: PathIndex, name: str) -> list[str]:
    """The files, not tests, whose module path ends with `name`'s words split into two or more
    parts at some of its underscores (`parser_lexer.py`: parser/lexer), the most parts first."""
    stem, dot, extension = name.rpartition(".")
    words = stem.lower().split("_")
    if not dot or not 1 < len(words) <= MAX_MODULE_WORDS or not all(words):
        return []
    # A package's module file (`docs/__init__.py`) ends the module path of any split: each one's
    # module path made once, not once a split (up to 2^5 of them).
    packages = [
        (p, module_path(p))
        for m in sorted(MODULE_FILES)
        for p in index.by_name(f"{m}.{extension}")
        if not is_test_path(p)
    ]
    found: dict[int, list[str]] = {}
    for cuts in range(1, 1 << (len(words) - 1)):  # each bit: a cut after that word
        parts: list[str] = []
        run = [words[0]]
        for at, word in enumerate(words[1:]):
            if cuts >> at & 1:
                parts.append("_".join(run))
                run = []
            run.append(word)
        parts.append("_".join(run))
        segments = tuple(parts)
        named = [
            (p, module_path(p))
            for p in index.by_stem(parts[-1])
            if p.endswith("." + extension) and not is_test_path(p)
        ]
        cands = [p for p, mp in named + packages if mp[-len(segments) :] == segments]
        if cands:
            found.setdefault(len(segments), []).extend(cands)
    return sorted(set(found[max(found)])) if found else []
