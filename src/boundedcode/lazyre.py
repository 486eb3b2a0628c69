"""Regular expressions compiled on first use instead of at import, and once per machine.

The language tables (stack-frame formats, diagnostics, test ids, frameworks, routes) hold a few
hundred expressions, and compiling them all at import cost every `bcode` process about 80 ms
of its start; a retrieval uses about a third of them (a frame format is tried only on lines
holding its hint). A `LazyPattern` compiles when it is first matched, then binds the compiled
pattern's methods on itself, so every later call costs what a compiled pattern's does.

Compiling is `re`'s parser and code generator, pure Python: a one-shot `bcode retrieve` still
compiled some 175 of the package's expressions, 25 ms of a 240 ms process (docs/benchmark.md,
"Speed, a thirty-first session"). What `re` makes of a pattern, the program `_sre` runs, depends
on the pattern, its flags and the interpreter alone. So `compile_static` keeps the programs of
the package's own expressions in one file of the user's cache directory, one file per
interpreter build, and hands a kept program to `_sre.compile` the next time: a pattern equal to
`re.compile`'s (the same program, flags and groups; a program is kept only once checked so) at a
fraction of the cost. Only fixed expressions go in, never one made from a message or a file, so
the file stops growing once the tables have been used. A process that compiled one not kept
writes the file at its exit, merged with what is there, atomically. Anything unexpected (another
interpreter's internals, a file that does not load, a program `_sre` refuses, a directory not
writable) falls back to `re.compile`. `BCODE_CACHE_DIR` moves the file; `BCODE_NO_CACHE=1` keeps
none.
"""

from __future__ import annotations

import atexit
import marshal
import os
import re
import sys
import threading
import zlib
from array import array
from collections.abc import Callable, Iterator
from typing import Any, AnyStr

__all__ = ["LazyPattern", "compile_static"]

_BOUND = ("match", "fullmatch", "search", "sub", "subn", "split", "findall", "finditer")

#: Programs a file holds at most: the package's tables have some 600 expressions, so a file past
#: this holds those of many versions of them, and starts again from this process's.
MAX_PROGRAMS = 4096
#: A larger file is not read (every expression of the tables, in every language: about 450 KB).
MAX_FILE_BYTES = 16 << 20

_Key = tuple[str | bytes, int]
#: (flags, program as array("I") bytes, groups, group index, index group): `_sre.compile`'s arguments.
_Program = tuple[int, bytes, int, dict[str, int], tuple[str | None, ...]]


class _Programs:
    """The kept programs of this interpreter: read on first use, written at exit if any was added."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._loaded = False
        self.path: str | None = None
        self.kept: dict[_Key, _Program] = {}
        self.added: dict[_Key, _Program] = {}

    def load(self) -> bool:
        """Whether programs are kept at all (read from the file on the first call)."""
        if not self._loaded:
            with self._lock:
                if not self._loaded:
                    self.path = _programs_file()
                    self.kept = _read(self.path) if self.path else {}
                    self._loaded = True
        return self.path is not None

    def add(self, key: _Key, program: _Program) -> None:
        with self._lock:
            if not self.added:
                atexit.register(self.write)
            self.kept[key] = self.added[key] = program

    def write(self) -> None:
        """This process's new programs into the file, with those other processes wrote meanwhile."""
        if self.path is None or not self.added:
            return
        folder = os.path.dirname(self.path)
        tmp = None
        try:
            import tempfile  # at exit only, and only when something was added

            os.makedirs(folder, mode=0o700, exist_ok=True)
            there = _read(self.path)
            programs = {**there, **self.added} if len(there) + len(self.added) <= MAX_PROGRAMS else self.added
            fd, tmp = tempfile.mkstemp(dir=folder, prefix=".regex-", suffix=".tmp")
            with os.fdopen(fd, "wb") as out:
                marshal.dump(programs, out)
            os.replace(tmp, self.path)
            tmp = None
        except (OSError, ValueError):
            pass  # not kept: compiled again next time
        finally:
            if tmp is not None:
                try:
                    os.unlink(tmp)
                except OSError:
                    pass


def _programs_file() -> str | None:
    """This interpreter's file of programs; None when none is kept (turned off, or `_sre`'s
    program units are not what `array("I")` holds)."""
    if os.environ.get("BCODE_NO_CACHE") or sys.implementation.name != "cpython":
        return None
    try:
        import _sre  # type: ignore[import-not-found]  # CPython's, without a stub
    except ImportError:
        return None
    if array("I").itemsize != _sre.CODESIZE:
        return None
    folder = os.environ.get("BCODE_CACHE_DIR")
    if not folder:
        # The XDG base directories: a relative one is to be ignored, and so is a home not found
        # (`~` left as it is: a folder of the current directory, perhaps the checkout).
        cache = os.environ.get("XDG_CACHE_HOME", "")
        if not os.path.isabs(cache):
            cache = os.path.join(os.path.expanduser("~"), ".cache")
        if not os.path.isabs(cache):
            return None
        folder = os.path.join(cache, "boundedcode")
    build = repr((sys.version, sys.implementation.cache_tag, _sre.MAGIC, _sre.MAXREPEAT, _sre.MAXGROUPS))
    tag = f"{sys.implementation.cache_tag}-{zlib.crc32(build.encode()):08x}"
    return os.path.join(os.path.abspath(folder), f"regex-{tag}.marshal")


def _read(path: str) -> dict[_Key, _Program]:
    try:
        with open(path, "rb") as f:
            data = f.read(MAX_FILE_BYTES + 1)
        loaded = marshal.loads(data) if len(data) <= MAX_FILE_BYTES else None
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    return loaded if isinstance(loaded, dict) else {}


_PROGRAMS = _Programs()


def compile_static(pattern: AnyStr, flags: int = 0) -> re.Pattern[AnyStr]:
    """`re.compile(pattern, flags)` for one of the package's fixed expressions, its program kept
    between processes (never one made from a message or a file: the file would grow with them)."""
    if not _PROGRAMS.load():
        return re.compile(pattern, flags)
    key = (pattern, int(flags))
    kept = _PROGRAMS.kept.get(key)
    if kept is not None:
        try:
            return _from_program(pattern, kept)
        except (TypeError, ValueError, RuntimeError, OverflowError, IndexError, AttributeError):
            pass  # refused by this `_sre`: compiled, and kept anew
    compiled = re.compile(pattern, flags)
    try:
        program = _program(pattern, flags)
        if _from_program(pattern, program) == compiled:  # the same program, flags and pattern
            _PROGRAMS.add(key, program)
    except (TypeError, ValueError, RuntimeError, OverflowError, IndexError, AttributeError, ImportError):
        pass  # internals not as `_program` reads them: nothing kept
    return compiled


def _program(pattern: str | bytes, flags: int) -> _Program:
    """What `re._compiler.compile` hands `_sre.compile` for `pattern` (its internals, as of 3.11)."""
    from re import _compiler, _parser  # type: ignore[attr-defined]

    parsed = _parser.parse(pattern, flags)
    code = _compiler._code(parsed, flags)
    groupindex = dict(parsed.state.groupdict)
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    return (
        int(flags | parsed.state.flags),
        array("I", code).tobytes(),
        parsed.state.groups - 1,
        groupindex,
        tuple(indexgroup),
    )


def _from_program(pattern: AnyStr, program: _Program) -> re.Pattern[AnyStr]:
    import _sre

    flags, packed, groups, groupindex, indexgroup = program
    code = array("I")
    code.frombytes(packed)
    compiled: re.Pattern[AnyStr] = _sre.compile(pattern, flags, code.tolist(), groups, groupindex, indexgroup)
    return compiled


class LazyPattern:
    """`re.compile(pattern, flags)`, deferred: the same methods, the same results."""

    def __init__(self, pattern: str, flags: int = 0) -> None:
        self.pattern = pattern
        self._flags = flags
        self._compiled: re.Pattern[str] | None = None

    @property
    def compiled(self) -> re.Pattern[str]:
        """The compiled pattern (what a match's `.re` is)."""
        if self._compiled is None:
            compiled = compile_static(self.pattern, self._flags)
            # Instance attributes shadow the methods below: later calls go straight to `re`.
            self.__dict__.update({name: getattr(compiled, name) for name in _BOUND})
            self._compiled = compiled
        return self._compiled

    @property
    def flags(self) -> int:
        return self.compiled.flags

    @property
    def groupindex(self) -> Any:
        return self.compiled.groupindex

    def match(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.match(string, pos, endpos)

    def fullmatch(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.fullmatch(string, pos, endpos)

    def search(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> re.Match[str] | None:
        return self.compiled.search(string, pos, endpos)

    def sub(self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0) -> str:
        return self.compiled.sub(repl, string, count)

    def subn(
        self, repl: str | Callable[[re.Match[str]], str], string: str, count: int = 0
    ) -> tuple[str, int]:
        return self.compiled.subn(repl, string, count)

    def split(self, string: str, maxsplit: int = 0) -> list[str | Any]:
        return self.compiled.split(string, maxsplit)

    def findall(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> list[Any]:
        return self.compiled.findall(string, pos, endpos)

    def finditer(self, string: str, pos: int = 0, endpos: int = sys.maxsize) -> Iterator[re.Match[str]]:
        return self.compiled.finditer(string, pos, endpos)

    def __repr__(self) -> str:
        return f"LazyPattern({self.pattern!r})"
