"""What `read` and `read_many` show: numbered lines under a header, within a size cap.

    ==> ledger/post.py (lines 1-3 of 3) <==
         1	class Ledger:
         2	    def post(self, entry):
         3	        return self.accounts[entry.account]

Lines are numbered as `cat -n` numbers them. One call shows at most
READ_MAX_BYTES; a line longer than READ_MAX_LINE_CHARS is cut, and whatever a
cap left out is said at the end with the start_line that reads on.
"""

from __future__ import annotations

from dataclasses import dataclass

from .text import printable

__all__ = ["Shown", "render_file", "render_refusal", "READ_MAX_BYTES", "READ_MAX_LINE_CHARS"]

#: The most one read call shows (about 11,000 tokens); the rest is named with how to read it.
READ_MAX_BYTES = 32 * 1024
#: A longer line (minified code, data) is cut here and marked.
READ_MAX_LINE_CHARS = 2000
#: Room kept for the line saying what a cap left out.
CUT_NOTE_BYTES = 160


@dataclass(frozen=True)
class Shown:
    text: str
    #: The lines shown, first and last (None: none); `whole` when that is the entire file.
    lines: tuple[int, int] | None
    whole: bool
    size: int  # bytes of `text`


def _size(text: str) -> int:
    return len(text.encode("utf-8", "surrogatepass"))


def render_file(
    path: str,
    data: bytes,
    start: int | None,
    end: int | None,
    budget: int = READ_MAX_BYTES,
    cap: int = READ_MAX_BYTES,
) -> Shown:
    """Lines `start`..`end` (1-based, inclusive; None: the first, the last) of `data` in `budget`
    bytes, what is left of the call's `cap`."""
    lines = data.decode("utf-8", "replace").splitlines()
    total = len(lines)
    name = printable(path)
    if total == 0:
        text = f"==> {name} (empty file) <==\n"
        return Shown(text, None, True, _size(text))
    first, last = start or 1, min(end or total, total)
    if first > total:
        text = f"==> {name} <==\nstart_line {first} is past the end: the file has {total:,} lines\n"
        return Shown(text, None, False, _size(text))
    rows: list[str] = []
    # The header and the note on what was cut count against the budget too.
    used = _size(f"==> {name} (lines {first}-{last} of {total:,}) <==\n") + CUT_NOTE_BYTES
    stop = None
    for n in range(first, last + 1):
        line = lines[n - 1]
        if len(line) > READ_MAX_LINE_CHARS:
            line = line[:READ_MAX_LINE_CHARS] + f" …[line cut at {READ_MAX_LINE_CHARS:,} characters]"
        row = f"{n:>6}\t{printable(line)}\n"
        if used + _size(row) > budget:
            stop = n
            break
        rows.append(row)
        used += _size(row)
    if not rows:
        text = (
            f"==> {name} ({total:,} lines) <==\nnot shown: this call's {cap:,}-byte cap is "
            "used up; read this file on its own\n"
        )
        return Shown(text, None, False, _size(text))
    shown_last = stop - 1 if stop else last
    text = f"==> {name} (lines {first}-{shown_last} of {total:,}) <==\n" + "".join(rows)
    if stop:
        text += (
            f"… lines {stop}-{last} not shown: one call shows at most {cap:,} bytes; "
            f"read on with start_line={stop}\n"
        )
    return Shown(text, (first, shown_last), first == 1 and shown_last == total, _size(text))


def render_refusal(path: str, why: str) -> str:
    return f"==> {printable(path)} <==\nrefused: {why}\n"
