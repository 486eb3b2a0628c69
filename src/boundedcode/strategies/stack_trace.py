"""stack_trace: frames of a panic, an exception or a failed test's trace.

Frames are mapped onto the checkout by the longest matching path suffix, since
traces print absolute paths from another machine (`/srv/app/x.py` →
`app/x.py`); a JVM frame's package narrows a bare file name. Frames that map
nowhere (the standard library, site-packages of other projects, node_modules)
are dropped. Among the frames that map, the innermost weighs most.
"""

from __future__ import annotations

from ..model import Finding
from ..weights import R, specificity
from .base import Context, PathIndex

__all__ = ["StackTraceStrategy", "resolve_located", "depth_weight"]

#: Weight of the k-th mapped frame counted from the innermost: DECAY**k, never below FLOOR.
FRAME_DECAY = 0.85
FRAME_FLOOR = 0.4
#: Bare file names that stand for an interactive session or a script outside the project.
NOT_FILES = frozenset({"<stdin>", "<string>", "<module>", "<console>", "<frozen>", "<anonymous>"})


def depth_weight(k: int) -> float:
    return max(FRAME_FLOOR, FRAME_DECAY**k)


def resolve_located(index: PathIndex, path: str, package: str | None = None) -> list[str]:
    """Checkout files a printed path points at; [] when it lies outside the checkout.

    A path of several components must match at least two of them (a script
    `/home/me/test.py` is not the repository's `pkg/test.py`). A bare name (the
    JVM prints only `Orders.java`) is narrowed by the frame's package.
    """
    if not path or path in NOT_FILES or path.startswith("<"):
        return []
    parts = [p for p in path.replace("\\", "/").split("/") if p not in ("", ".")]
    cands, matched = index.resolve(path)
    if not cands:
        return []
    if len(parts) > 1:
        return cands if matched >= 2 else []
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
        mapped = []
        # Innermost first: by depth within its trace, then by order of appearance.
        frames = sorted(enumerate(ctx.of_kind("frame")), key=lambda t: (t[1].weight, t[0]))
        for _, a in frames:
            files = resolve_located(ctx.index, a.text, a.qualifier)
            if files:
                mapped.append((a, files))
        for k, (a, files) in enumerate(mapped):
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
