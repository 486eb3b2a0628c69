"""stack_trace: frames of a panic, an exception or a failed test's trace.

Frames are mapped onto the checkout by the longest matching path suffix, since
traces print absolute paths from another machine (`/srv/app/x.py` →
`app/x.py`); a JVM frame's package narrows a bare file name. Frames that map
nowhere (the standard library, site-packages of other projects, node_modules)
are dropped. Among the frames that map, the innermost weighs most.
"""

from __future__ import annotations

from ..lazyre import compile_static
from ..model import Anchor, AnchorKind, Finding
from ..scan import Needle
from ..weights import R, specificity
from .base import Evidence, Plan, SymbolAt, resolve_located

__all__ = ["StackTraceStrategy", "depth_weight", "is_dependency_copy"]

#: Weight of the k-th mapped frame counted from the innermost: DECAY**k, never below FLOOR.
FRAME_DECAY = 0.85
FRAME_FLOOR = 0.4
#: Definitions a frame can run in.
CALLABLE_KINDS = frozenset({"function", "method", "macro", "property"})
#: A path printed from the root of the machine that ran the program (POSIX, home, Windows).
_ABSOLUTE = compile_static(r"[/~\\]|[A-Za-z]:[\\/]")
#: Where package managers unpack other packages' sources, versioned: cargo's registry and git
#: checkouts, the Go module cache. Such a frame maps by suffix onto the project's own files
#: (`pricing-0.3.1/src/lib.rs` → `src/lib.rs`) though it is another package's code.
_DEPENDENCY_COPY = compile_static(r"/\.cargo/(?:registry/src|git/checkouts)/|/pkg/mod/[^/]{1,300}@v")


def is_dependency_copy(path: str) -> bool:
    return bool(_DEPENDENCY_COPY.search(path.replace("\\", "/")))


def depth_weight(k: int) -> float:
    return max(FRAME_FLOOR, FRAME_DECAY**k)


def _symbol(a: Anchor) -> str | None:
    """The frame's function without its package (com.acme.Order.close → Order.close)."""
    fn = a.detail
    if fn and a.qualifier and fn.startswith(a.qualifier + "."):
        return fn[len(a.qualifier) + 1 :]
    return fn


def _narrowed(files: list[str], named: set[str], folders: set[str]) -> list[str]:
    return [f for f in files if f in named] or [f for f in files if f.rpartition("/")[0] in folders] or files


class StackTraceStrategy:
    id = "stack_trace"

    def wants(self, plan: Plan) -> str | None:
        frames = plan.of_kind(AnchorKind.FRAME)
        return f"{len(frames)} stack frame(s)" if frames else None

    def needles(self, plan: Plan) -> list[tuple[Anchor, Needle]]:
        return []

    def find(self, ev: Evidence) -> list[Finding]:
        out: list[Finding] = []
        # Each trace's frames that map, counted from its innermost: the k-th weighs depth_weight(k).
        # A trace starts where the printed depth falls back; a frame in a dependency cache (a copy
        # of another package that happens to share a path suffix) counts after the project's own.
        # A trace that repeats another's innermost frames lost them as repeated anchors: it starts
        # at the printed depth of its first frame left, as if they still stood before it.
        mapped: list[tuple[int, int, Anchor, list[str]]] = []
        trace, last_depth, in_trace = -1, None, 0
        starts: dict[int, int] = {}
        for a in ev.of_kind(AnchorKind.FRAME):
            if last_depth is None or a.weight <= last_depth:
                trace, in_trace = trace + 1, 0
                starts[trace] = int(a.weight)
            last_depth = a.weight
            files = resolve_located(ev.index, a.text, a.qualifier)
            if files:
                mapped.append((trace, in_trace, a, files))
                in_trace += 1
        # A base name that fits several files (LLDB and valgrind print no folder) means the one
        # that another line of the same evidence names in full, or else one beside such a file.
        named = {files[0] for _, _, _, files in mapped if len(files) == 1}
        folders = {f.rpartition("/")[0] for f in named}
        mapped = [
            (t, k, a, _narrowed(files, named, folders)) if len(files) > 1 else (t, k, a, files)
            for t, k, a, files in mapped
        ]
        ranks: dict[int, int] = {}
        symbol_at = SymbolAt(ev.read, CALLABLE_KINDS)
        ordered = sorted(mapped, key=lambda t: (t[0], is_dependency_copy(t[2].text), t[1]))
        for trace, _, a, files in ordered:
            k = ranks.get(trace, starts[trace])
            ranks[trace] = k + 1
            spec = specificity(len(files)) * depth_weight(k)
            for path in files:
                # A frame printed by another copy of the file (an absolute path: an installed
                # package, another checkout) naming a function its line is not in here was printed
                # by another version: the place is that function's definition. A path printed
                # relative to the checkout is this version's (pytest names the last `def` above).
                line, symbol = symbol_at.place(path, a.line, a.detail if _ABSOLUTE.match(a.text) else None)
                out.append(
                    Finding(
                        path,
                        line,
                        self.id,
                        a,
                        R.STACK_FRAME,
                        f"stack frame {a.text}:{a.line}" if a.line else f"stack frame {a.text}",
                        symbol=symbol or _symbol(a),
                        specificity=spec,
                    )
                )
        return out
