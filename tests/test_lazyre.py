"""LazyPattern: compiled on first use, then the same answers as the compiled pattern; and the
programs of fixed expressions kept between processes (`compile_static`)."""

from __future__ import annotations

import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from boundedcode.lazyre import LazyPattern

SOURCE = r"(?P<path>[\w/]+\.py):(?P<line>\d+)"
TEXT = "at shop/cart.py:12 and jobs/stock.py:7"


def test_nothing_is_compiled_before_the_first_match() -> None:
    lazy = LazyPattern(SOURCE)
    assert lazy._compiled is None
    assert lazy.search(TEXT) is not None
    assert lazy._compiled == re.compile(SOURCE)  # the same program, flags and pattern


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


# A fresh process compiles these through `compile_static` and prints what it kept before and what it
# added; its patterns must equal `re.compile`'s and answer the same.
_COMPILING = """
import re, sys
from boundedcode.lazyre import _PROGRAMS, compile_static
sources = [(r"(?P<path>[\\w/]+\\.py):(?P<line>\\d+)", re.I), (r"^\\s*def\\s+(\\w+)", re.M), (rb"[A-Za-z_]\\w*", 0)]
made = [compile_static(p, f) for p, f in sources]
assert made == [re.compile(p, f) for p, f in sources], made
assert made[0].search("at Shop/Cart.PY:12")["line"] == "12" and made[1].findall("x\\n  def post(") == ["post"]
assert made[2].findall(b"a1 2b") == [b"a1", b"b"] and made[0].groupindex == {"path": 1, "line": 2}
print(len([k for k in _PROGRAMS.kept if k not in _PROGRAMS.added]), len(_PROGRAMS.added))
"""


def _compile_in_a_process(env: dict[str, str], cwd: Path | None = None) -> list[str]:
    inherited = {k: v for k, v in os.environ.items() if k not in ("BCODE_CACHE_DIR", "XDG_CACHE_HOME")}
    done = subprocess.run(
        [sys.executable, "-c", _COMPILING], env={**inherited, **env}, cwd=cwd, capture_output=True, text=True
    )
    assert done.returncode == 0 and done.stderr == "", done.stderr
    return done.stdout.split()


def test_the_programs_one_process_compiled_are_the_next_ones(tmp_path: Path) -> None:
    env = {"BCODE_CACHE_DIR": str(tmp_path / "cache")}
    assert _compile_in_a_process(env) == ["0", "3"]
    (kept,) = (tmp_path / "cache").glob("regex-*.marshal")
    assert _compile_in_a_process(env) == ["3", "0"]  # all three from the file, equal to re.compile's
    assert list((tmp_path / "cache").iterdir()) == [kept]  # nothing added: not written again


def test_a_file_that_does_not_load_or_a_program_refused_is_compiled_past(tmp_path: Path) -> None:
    import marshal

    env = {"BCODE_CACHE_DIR": str(tmp_path)}
    _compile_in_a_process(env)
    (kept,) = tmp_path.glob("regex-*.marshal")
    programs = marshal.loads(kept.read_bytes())
    key = next(k for k in programs if k[0] == rb"[A-Za-z_]\w*")
    flags, _, *rest = programs[key]
    kept.write_bytes(marshal.dumps({**programs, key: (flags, b"\x07\x00\x00\x00", *rest)}))
    assert _compile_in_a_process(env) == ["2", "1"]  # refused by `_sre`: compiled, and kept anew
    assert _compile_in_a_process(env) == ["3", "0"]
    kept.write_bytes(b"\x00not a marshal file")
    assert _compile_in_a_process(env) == ["0", "3"]
    assert _compile_in_a_process(env) == ["3", "0"]


def test_nothing_is_kept_when_turned_off_or_where_nothing_can_be_written(tmp_path: Path) -> None:
    assert _compile_in_a_process({"BCODE_CACHE_DIR": str(tmp_path), "BCODE_NO_CACHE": "1"}) == ["0", "0"]
    assert list(tmp_path.iterdir()) == []
    blocked = tmp_path / "a file"
    blocked.write_text("")
    assert _compile_in_a_process({"BCODE_CACHE_DIR": str(blocked / "cache")}) == ["0", "3"]
    assert list(tmp_path.iterdir()) == [blocked]


def test_the_file_is_in_the_users_cache_directory_never_a_relative_one(tmp_path: Path) -> None:
    home, work = tmp_path / "home", tmp_path / "work"
    work.mkdir()
    _compile_in_a_process({"XDG_CACHE_HOME": str(tmp_path / "xdg"), "HOME": str(home)}, cwd=work)
    assert [p.parent for p in tmp_path.glob("xdg/boundedcode/regex-*.marshal")] == [
        tmp_path / "xdg" / "boundedcode"
    ]
    _compile_in_a_process({"XDG_CACHE_HOME": "xdg", "HOME": str(home)}, cwd=work)  # relative: ignored
    assert len(list(home.glob(".cache/boundedcode/regex-*.marshal"))) == 1
    assert list(work.iterdir()) == []


def test_no_expression_made_from_a_message_is_kept(tmp_path: Path) -> None:
    import marshal

    from .conftest import EXAMPLE

    # The environment variable's accessors are expressions made for it (strategies.docs_config).
    message = "`Ledger.Post` raises KeyError when SHOP_ZORBLAX is unset"
    code = f"import boundedcode\nboundedcode.retrieve({message!r}, {str(EXAMPLE)!r})\n"
    env = {**os.environ, "BCODE_CACHE_DIR": str(tmp_path)}
    subprocess.run([sys.executable, "-c", code], env=env, check=True, capture_output=True)
    (kept,) = tmp_path.glob("regex-*.marshal")
    patterns = [
        k[0] if isinstance(k[0], str) else k[0].decode("latin-1") for k in marshal.loads(kept.read_bytes())
    ]
    assert len(patterns) > 100  # the tables' expressions a retrieval uses
    assert not [p for p in patterns if "ZORBLAX" in p]
