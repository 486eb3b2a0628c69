"""stack_trace: frames of a panic, an exception or a failed test's trace.

Frames are mapped onto the checkout by the longest matching path suffix, since
traces print absolute paths from another machine (`/srv/app/x.py` →
`app/x.py`); a JVM frame's package narrows a bare file name. Frames that map
nowhere (the standard library, site-packages of other projects, node_modules)
are dropped. Among the frames that map, the innermost weighs most.
"""

from __future__ import annotations

import re

from ..model import Anchor, Finding
from ..weights import R, specificity
from .base import Context, PathIndex

__all__ = ["StackTraceStrategy", "resolve_located", "depth_weight", "is_dependency_copy"]

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
                        symbol=_symbol(a),
                        specificity=spec,
                    )
                )
        return out
