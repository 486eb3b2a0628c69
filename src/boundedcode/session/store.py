"""The session file: append-only JSON Lines that survive a process killed mid-write.

Each record is one `write()` of a whole line on a descriptor opened with
O_APPEND, then `fsync`: a crash loses at most the record being written, and
that record can only be the file's last line. On load such a torn tail (no
final newline, or a last line that is not JSON) is moved to the side file
`<path>.torn` with its offset, cut from the session file so later appends
start on a clean line, and reported. Everything before it loads.

One process writes a session at a time (an exclusive `flock`): a second
writer's half-written line would otherwise look torn and be cut.

A write that fails part-way (a full disk: a short write, then `EFBIG` or
`ENOSPC`) changes nothing: the file is cut back to the end of the last good
record before the error is raised, so the next append starts on a clean line.
If even that cut fails, appends are refused until one succeeds.
"""

from __future__ import annotations

import fcntl
import json
import os
from dataclasses import dataclass, field
from typing import Any, Sequence

from .records import MIGRATIONS, Migration, SessionError, migrate

__all__ = ["SessionFile", "LoadReport", "TORN_SUFFIX"]

TORN_SUFFIX = ".torn"


@dataclass
class LoadReport:
    records: list[dict[str, Any]] = field(default_factory=list)
    #: Human-readable notes on what loading found (a torn tail set aside).
    notes: list[str] = field(default_factory=list)
    #: Names of the migrations applied, in order, without repeats.
    migrations: list[str] = field(default_factory=list)


class SessionFile:
    """An open, locked session file. `path=None` keeps the session in memory only."""

    def __init__(self, path: str | None):
        self.path = path
        self._fd: int | None = None
        self._good = 0  # where the last whole record ends: a failed append is cut back to it
        self._torn = False  # a failed append could not be cut back yet
        if path is None:
            return
        fd = os.open(path, os.O_RDWR | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except BlockingIOError:
            os.close(fd)
            raise SessionError(f"{path}: in use by another process") from None
        self._fd = fd
        self._good = os.fstat(fd).st_size  # `load` moves it to the end of the last whole record

    def load(self, migrations: Sequence[Migration] = MIGRATIONS) -> LoadReport:
        report = LoadReport()
        if self._fd is None:
            return report
        data = os.pread(self._fd, os.fstat(self._fd).st_size, 0)
        body, newline, tail = data.rpartition(b"\n")
        lines = body.split(b"\n") if newline else []
        if not tail and lines and _parse(lines[-1]) is None:
            tail = lines.pop() + b"\n"  # a whole last line that is not JSON is torn too
        offset = 0
        for number, line in enumerate(lines, start=1):
            obj = _parse(line)
            where = f"{self.path}:{number}"
            if obj is None:
                raise SessionError(f"{where}: not a session record (invalid JSON)")
            record, applied = migrate(obj, migrations, where)
            report.migrations += [m for m in applied if m not in report.migrations]
            report.records.append(record)
            offset += len(line) + 1
        if tail:
            self._set_aside(offset, tail, report)
        self._good = offset
        return report

    def _set_aside(self, offset: int, torn: bytes, report: LoadReport) -> None:
        assert self._fd is not None and self.path is not None
        side = self.path + TORN_SUFFIX
        entry = {
            "offset": offset,
            "length": len(torn),
            # surrogateescape keeps bytes that are not UTF-8 (a cut character) exactly.
            "text": torn.decode("utf-8", "surrogateescape"),
        }
        _append_line(side, json.dumps(entry) + "\n")
        os.ftruncate(self._fd, offset)
        os.fsync(self._fd)
        report.notes.append(
            f"session file: the last record was cut off mid-write ({len(torn):,} "
            f"bytes at offset {offset:,}); it was set aside in {side}"
        )

    def append(self, record: dict[str, Any]) -> None:
        """Write one record whole, or raise SessionError having changed nothing."""
        if self._fd is None:
            return
        text = json.dumps(record, ensure_ascii=False, separators=(",", ":"))
        try:
            line = (text + "\n").encode("utf-8")
        except UnicodeEncodeError:  # a file name that is not UTF-8: JSON's \udcXX escapes keep it exact
            line = (json.dumps(record, separators=(",", ":")) + "\n").encode("ascii")
        if self._torn and not self._cut_back():
            raise SessionError(
                f"{self.path}: a failed write left a partial record that cannot be removed; "
                "no record is appended until it can"
            )
        try:
            _write_all(self._fd, line)
            os.fsync(self._fd)
        except OSError as exc:
            self._torn = True
            kept = "the file is unchanged" if self._cut_back() else "appends stop until it can be repaired"
            raise SessionError(f"{self.path}: the record was not written ({exc.strerror}); {kept}") from None
        self._good += len(line)

    def _cut_back(self) -> bool:
        assert self._fd is not None
        try:
            os.ftruncate(self._fd, self._good)
            os.fsync(self._fd)
        except OSError:
            return False
        self._torn = False
        return True

    def close(self) -> None:
        if self._fd is not None:
            os.close(self._fd)  # also releases the lock
            self._fd = None


def _parse(line: bytes) -> dict[str, Any] | None:
    try:
        obj = json.loads(line)
    except (ValueError, RecursionError):  # RecursionError: nested past the decoder's stack
        return None
    return obj if isinstance(obj, dict) else None


def _write_all(fd: int, data: bytes) -> None:
    # A regular file takes the whole line in one write(); the loop only guards a short write.
    view = memoryview(data)
    while view:
        view = view[os.write(fd, view) :]


def _append_line(path: str, line: str) -> None:
    fd = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_APPEND | os.O_CLOEXEC, 0o600)
    try:
        _write_all(fd, line.encode("utf-8"))
        os.fsync(fd)
    finally:
        os.close(fd)
