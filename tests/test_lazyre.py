"""LazyPattern: compiled on first use, then the same answers as the compiled pattern."""

from __future__ import annotations

import re
import subprocess
import sys

import pytest

from boundedcode.lazyre import LazyPattern

SOURCE = r"(?P<path>[\w/]+\.py):(?P<line>\d+)"
TEXT = "at shop/cart.py:12 and jobs/stock.py:7"


def test_nothing_is_compiled_before_the_first_match() -> None:
    lazy = LazyPattern(SOURCE)
    assert lazy._compiled is None
    assert lazy.search(TEXT) is not None
    assert lazy._compiled is re.compile(SOURCE)  # re's own cache: the one compiled pattern


@pytest.mark.parametrize("calls", [0, 1])  # first call through the class, later ones bound
def test_every_method_answers_as_the_compiled_pattern(calls: int) -> None:
    lazy, compiled = LazyPattern(SOURCE, re.I), re.compile(SOURCE, re.I)
    for _ in range(calls):
        lazy.compiled
    assert lazy.match(TEXT) == compiled.match(TEXT) is None
    assert lazy.match(TEXT, 3).group() == compiled.match(TEXT, 3).group() == "shop/cart.py:12"
    assert lazy.fullmatch("a/b.py:1")["path"] == compiled.fullmatch("a/b.py:1")["path"] == "a/b.py"
    assert lazy.fullmatch(TEXT) is compiled.fullmatch(TEXT) is None
    assert lazy.search(TEXT, 20).span() == compiled.search(TEXT, 20).span()
    assert lazy.sub(r"\g<line>", TEXT) == compiled.sub(r"\g<line>", TEXT) == "at 12 and 7"
    assert lazy.subn(lambda m: m["path"], TEXT, 1) == compiled.subn(lambda m: m["path"], TEXT, 1)
    assert lazy.split(TEXT) == compiled.split(TEXT)
    assert lazy.findall(TEXT) == compiled.findall(TEXT) == [("shop/cart.py", "12"), ("jobs/stock.py", "7")]
    assert [m.span() for m in lazy.finditer(TEXT)] == [m.span() for m in compiled.finditer(TEXT)]
    assert (lazy.pattern, lazy.flags, dict(lazy.groupindex)) == (
        compiled.pattern,
        compiled.flags,
        dict(compiled.groupindex),
    )
    assert lazy.search(TEXT).re is lazy.compiled


def test_importing_the_language_tables_compiles_none_of_their_expressions() -> None:
    code = (
        "import boundedcode.lang.frames as f, boundedcode.lang.diagnostics as d, "
        "boundedcode.lang.testids as t, boundedcode.lang.frameworks as w, boundedcode.lang.routes as r\n"
        "from boundedcode.lazyre import LazyPattern\n"
        "lazy = [v for m in (f, d, t, w, r) for v in vars(m).values() if isinstance(v, LazyPattern)]\n"
        "assert len(lazy) > 100, len(lazy)\n"
        "assert all(p._compiled is None for p in lazy)\n"
        "f.parse_frames('Traceback (most recent call last):\\n  File \"/srv/cart.py\", line 3, in total\\n')\n"
        "used = [p for p in lazy if p._compiled is not None]\n"
        "assert f._PY_FILE in used and f._DART not in used, [p.pattern for p in used]\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)
