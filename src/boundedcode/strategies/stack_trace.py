"""stack_trace: frames of a panic, an exception or a failed test's trace.

Frames are mapped onto the checkout by the longest matching path suffix, since
traces print absolute paths from another machine (`/srv/app/x.py` →
`app/x.py`); a JVM frame's package narrows a bare file name. Frames that map
nowhere (the standard library, site-packages of other projects, node_modules)
are dropped. Among the frames that map, the innermost weighs most.
"""

from __future__ import annotations

from ..model import Anchor, AnchorKind, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, Plan, resolve_located

__all__ = ["StackTraceStrategy", "depth_weight"]

#: Weight of the k-th mapped frame counted from the innermost: DECAY**k, never below FLOOR.
FRAME_DECAY = 0.85
FRAME_FLOOR = 0.4


def depth_weight(k: int) -> float:
    return max(FRAME_FLOOR, FRAME_DECAY**k)


def _symbol(a: Anchor) -> str | None:
    """The frame's function without its package (com.acme.Order.close → Order.close)."""
    fn = a.detail
    if fn and a.qualifier and fn.startswith(a.qualifier + "."):
        return fn[len(a.qualifier) + 1 :]
    return fn


class StackTraceStrategy:
    id = "stack_trace"

    def wants(self, plan: Plan) -> str | None:
        frames = plan.of_kind(AnchorKind.FRAME)
        return f"{len(frames)} stack frame(s)" if frames else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return []

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        mapped = []
        # Innermost first: by depth within its trace, then by order of appearance.
        frames = sorted(enumerate(ev.of_kind(AnchorKind.FRAME)), key=lambda t: (t[1].weight, t[0]))
        for _, a in frames:
            files = resolve_located(ev.index, a.text, a.qualifier)
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
