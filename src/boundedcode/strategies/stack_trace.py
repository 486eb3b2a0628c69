"""stack_trace: frames of a panic, an exception or a failed test's trace.

Frames are mapped onto the checkout by the longest matching path suffix, since
traces print absolute paths from another machine (`/srv/app/x.py` →
`app/x.py`); a JVM frame's package narrows a bare file name. Frames that map
nowhere (the standard library, site-packages of other projects, node_modules)
are dropped. Among the frames that map, the innermost weighs most.
"""

from __future__ import annotations

import re

from ..lang.definitions import enclosing_definition
from ..lang.languages import language_of
from ..model import Anchor, Finding
from ..weights import R, specificity
from .base import Context, PathIndex

__all__ = ["StackTraceStrategy", "SymbolAt", "resolve_located", "depth_weight", "is_dependency_copy"]

#: Weight of the k-th mapped frame counted from the innermost: DECAY**k, never below FLOOR.
FRAME_DECAY = 0.85
FRAME_FLOOR = 0.4
#: Bare file names that stand for an interactive session or a script outside the project.
NOT_FILES = frozenset({"<stdin>", "<string>", "<module>", "<console>", "<frozen>", "<anonymous>"})


#: Where package managers unpack other packages' sources, versioned: cargo's registry and git
#: checkouts, the Go module cache. Such a frame maps by suffix onto the project's own files
#: (`pricing-0.3.1/src/lib.rs` → `src/lib.rs`) though it is another package's code.
_DEPENDENCY_COPY = re.compile(r"/\.cargo/(?:registry/src|git/checkouts)/|/pkg/mod/[^/]{1,300}@v")


def is_dependency_copy(path: str) -> bool:
    return bool(_DEPENDENCY_COPY.search(path.replace("\\", "/")))


def depth_weight(k: int) -> float:
    return max(FRAME_FLOOR, FRAME_DECAY**k)


def resolve_located(index: PathIndex, path: str, package: str | None = None) -> list[str]:
    """Checkout files a printed path points at; [] when it lies outside the checkout.

    The file at exactly the printed path wins over suffix matches in other folders. A
    path of several components must match at least two of them (a script
    `/home/me/test.py` is not the repository's `pkg/test.py`) unless it ends with a
    whole checkout path (`/srv/app/setup.py` is the root's `setup.py`). A bare name
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
        return [c for c in cands if "/" not in c]
    if package:
        pkg_dir = package.replace(".", "/")
        narrowed = [c for c in cands if c.rsplit("/", 1)[0].endswith(pkg_dir)]
        return narrowed or []
    return cands


#: Checkout files per strategy whose definitions name the symbol at a located line (one read
#: and one parse each): the innermost frames' and the first diagnostics' files.
MAX_SYMBOL_LOOKUPS = 8
#: Definitions a frame can run in.
CALLABLE_KINDS = frozenset({"function", "method", "macro", "property"})


class SymbolAt:
    """The definition enclosing a located line, as `Owner.name` (tree-sitter's class or impl).

    What a trace prints is not always the truth: pytest's long format shows the last `def` above
    the failing line, a frame names the runtime's mangled symbol. The checkout's own definition
    around the line is. Files beyond MAX_SYMBOL_LOOKUPS are not read (None); `kinds` keeps only
    definitions of those kinds (a frame runs in a function, not in the class around it).
    """

    def __init__(self, ctx: Context, kinds: frozenset[str] | None = None):
        self.ctx, self.kinds = ctx, kinds
        self.files: dict[str, bytes | None] = {}

    def __call__(self, path: str, line: int | None) -> str | None:
        if line is None:
            return None
        if path not in self.files:
            if len(self.files) >= MAX_SYMBOL_LOOKUPS:
                return None
            language = language_of(path)
            self.files[path] = self.ctx.read(path) if language else None
        data = self.files[path]
        found = enclosing_definition(language_of(path) or "", data, line) if data is not None else None
        if found is None or (self.kinds is not None and found.kind not in self.kinds):
            return None
        return f"{found.container}.{found.name}" if found.container else found.name


def _symbol(a) -> str | None:
    """The frame's function without its package (com.acme.Order.close → Order.close)."""
    fn = a.detail
    if fn and a.qualifier and fn.startswith(a.qualifier + "."):
        return fn[len(a.qualifier) + 1 :]
    return fn


class StackTraceStrategy:
    id = "stack_trace"

    def wants(self, ctx: Context) -> str | None:
        frames = ctx.of_kind("frame")
        return f"{len(frames)} stack frame(s)" if frames else None

    def needles(self, ctx: Context):
        return []

    def find(self, ctx: Context) -> list[Finding]:
        out: list[Finding] = []
        # Each trace's frames that map, counted from its innermost: the k-th weighs depth_weight(k).
        # A trace starts where the printed depth falls back; a frame in a dependency cache (a copy
        # of another package that happens to share a path suffix) counts after the project's own.
        mapped: list[tuple[int, int, Anchor, list[str]]] = []
        trace, last_depth, in_trace = -1, None, 0
        for a in ctx.of_kind("frame"):
            if last_depth is None or a.weight <= last_depth:
                trace, in_trace = trace + 1, 0
            last_depth = a.weight
            files = resolve_located(ctx.index, a.text, a.qualifier)
            if files:
                mapped.append((trace, in_trace, a, files))
                in_trace += 1
        ranks: dict[int, int] = {}
        symbol_at = SymbolAt(ctx, CALLABLE_KINDS)
        ordered = sorted(mapped, key=lambda t: (t[0], is_dependency_copy(t[2].text), t[1]))
        for trace, _, a, files in ordered:
            k = ranks.get(trace, 0)
            ranks[trace] = k + 1
            spec = specificity(len(files)) * depth_weight(k)
            for path in files:
                out.append(
                    Finding(
                        path,
                        a.line,
                        self.id,
                        a,
                        R.STACK_FRAME,
                        f"stack frame {a.text}:{a.line}" if a.line else f"stack frame {a.text}",
                        symbol=symbol_at(path, a.line) or _symbol(a),
                        specificity=spec,
                    )
                )
        return out
