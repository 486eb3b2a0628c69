"""A command imports what it uses when it uses it: a fresh `bcode` process pays only for that.

Each check runs in a fresh interpreter (this test process has imported everything already).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys

from boundedcode.navigator.servers import ENV_VAR

from .conftest import git, make_git_repo


def loaded_after(code: str) -> set[str]:
    """The modules a fresh interpreter holds after running `code`."""
    probe = f"{code}\nimport json, sys\nprint(json.dumps(sorted(sys.modules)))"
    env = {k: v for k, v in os.environ.items() if k != ENV_VAR}  # no language server enabled
    run = subprocess.run([sys.executable, "-c", probe], check=True, capture_output=True, text=True, env=env)
    out = run.stdout
    return set(json.loads(out.splitlines()[-1]))


def test_the_cli_alone_does_not_load_the_engine() -> None:
    loaded = loaded_after("import boundedcode.cli")
    assert "boundedcode.api" not in loaded
    assert "boundedcode.retrieve" not in loaded
    assert not any(m.startswith("boundedcode.strategies") for m in loaded)


def test_the_version_alone_loads_no_command() -> None:
    loaded = loaded_after(
        "import contextlib, io\n"
        "from boundedcode.cli import main\n"
        "with contextlib.suppress(SystemExit), contextlib.redirect_stdout(io.StringIO()) as out:\n"
        "    main(['--version'])\n"
        "assert out.getvalue().startswith('bcode '), out.getvalue()"
    )
    for command in ("mcp", "bench", "source_context", "navigator"):
        assert f"boundedcode.{command}.command" not in loaded, command
    assert "boundedcode.api" not in loaded


def test_a_retrieval_does_not_load_what_only_other_commands_or_languages_use() -> None:
    loaded = loaded_after(
        "from boundedcode import MemoryTree, retrieve\n"
        "tree = MemoryTree({'shop/cart.py': b'def total():\\n    raise KeyError\\n'})\n"
        "assert retrieve('KeyError in `total`', '.', tree=tree).items"
    )
    for module in (
        "boundedcode.navigator.lsp",  # no language server is enabled
        "boundedcode.navigator.lsp_navigator",
        "boundedcode.navigator.session",
        "boundedcode.lang.exports.rust",  # no Rust or ECMAScript file is resolved
        "boundedcode.lang.exports.ecmascript",
        "boundedcode.retry_pack",  # bounded mode's
        "boundedcode.engine",  # a long-lived host's warm engine, its kept tree and scanner
        "boundedcode.checkout.cached",
        "boundedcode.scan.warm",
        "boundedcode.mcp.server",
        "boundedcode.source_context",
        "boundedcode.bench",
        "tomllib",  # no manifest is parsed
        "json5",
        "urllib.parse",
        "pathlib",
        "yaml",
        "pygit2",
    ):
        assert module not in loaded, module


def test_the_public_names_are_the_functions_whatever_was_imported_first() -> None:
    """`retrieve` and `retry_pack` also name submodules; loading those must not replace the functions."""
    code = (
        "import boundedcode.cli, boundedcode.api, boundedcode.retrieve, boundedcode.retry_pack\n"
        "import boundedcode, types\n"
        "from boundedcode import retrieve, retry_pack\n"
        "assert retrieve is boundedcode.api.retrieve and retry_pack is boundedcode.api.retry_pack\n"
        "assert not isinstance(boundedcode.retrieve, types.ModuleType)\n"
    )
    subprocess.run([sys.executable, "-c", code], check=True)


def test_a_retrieval_in_a_git_checkout_opens_the_git_objects_only_for_a_named_commit(tmp_path) -> None:
    """pygit2 (some 80 ms of a one-shot call to import and open) serves only the history
    strategy: a message that names no commit never loads it, one that names a commit does."""
    root = make_git_repo(tmp_path / "repo", {"shop/cart.py": "def total():\n    raise KeyError\n"})
    sha = git(root, "rev-parse", "HEAD")
    ask = "from boundedcode import retrieve\nassert retrieve({!r}, {!r}).items"
    assert "pygit2" not in loaded_after(ask.format("KeyError in `total`", str(root)))
    assert "pygit2" in loaded_after(ask.format(f"`total` broke in commit {sha[:9]}", str(root)))


def test_ignore_rules_are_parsed_only_when_an_untracked_path_is_judged(tmp_path) -> None:
    """A clean checkout asks its `.gitignore` about nothing (every file is tracked): pathspec
    (10-16 ms of a one-shot call to import) is loaded only once an untracked path is judged."""
    root = make_git_repo(
        tmp_path / "repo", {"shop/cart.py": "def total():\n    raise KeyError\n", ".gitignore": "*.log\n"}
    )
    listing = (
        "from boundedcode.checkout.tree import WorkTree\nlisted = [f.path for f in WorkTree({!r}).files()]\n"
    )
    clean = listing + "assert listed == ['.gitignore', 'shop/cart.py'], listed"
    assert "pathspec" not in loaded_after(clean.format(str(root)))
    (root / "shop" / "debug.log").write_text("x\n")
    (root / "shop" / "new.py").write_text("x = 1\n")
    judged = listing + "assert listed == ['.gitignore', 'shop/cart.py', 'shop/new.py'], listed"
    assert "pathspec" in loaded_after(judged.format(str(root)))


POLYGLOT = {
    "shop/__init__.py": "from .cart import Cart\n",
    "shop/cart.py": "class Cart:\n    def total(self):\n        raise KeyError('sku')\n",
    "web/package.json": '{"name": "web", "main": "index.js"}\n',
    "web/index.js": "export { Basket } from './basket.js';\n",
    "web/basket.js": "export class Basket {\n  total() { return 0; }\n}\n",
    "Cargo.toml": '[package]\nname = "ledgers"\n',
    "src/lib.rs": "mod ledger;\npub use ledger::Ledger;\n",
    "src/ledger.rs": "pub struct Ledger;\nimpl Ledger {\n    pub fn post(&self) {}\n}\n",
    "api/openapi.yaml": "openapi: 3.0.0\npaths:\n  /orders/{id}:\n    get:\n      operationId: getOrder\n",
}
TRACE = (
    "Traceback (most recent call last):\n"
    '  File "shop/cart.py", line 3, in total\n'
    "    raise KeyError('sku')\n"
    "KeyError: 'sku'\n"
    "FAILED tests/test_cart.py::test_total - KeyError: 'sku'\n"
)


def test_a_retrieval_in_any_language_loads_no_dataclasses() -> None:
    """`dataclasses` (with `inspect`, `ast`, `dis`, `tokenize`) cost a one-shot call some 20 ms
    to import and process: the records a retrieval makes are `_record`'s. The message here
    brings every language's re-export resolver, the trace and test parsers and the spec reader."""
    loaded = loaded_after(
        "from boundedcode import MemoryTree, retrieve\n"
        f"tree = MemoryTree({ {k: v.encode() for k, v in POLYGLOT.items()}!r})\n"
        "message = ('`shop.Cart.total` raises; `ledgers::Ledger::post` panics; '\n"
        "           '`Basket` from \"web\" is wrong; GET /orders/{id} returns 500')\n"
        f"result = retrieve(message, '.', tree=tree, evidence=[{TRACE!r}])\n"
        "assert {'shop/cart.py', 'src/ledger.rs', 'web/basket.js'} <= set(result.paths), result.paths\n"
    )
    for module in ("python", "ecmascript", "rust"):
        assert f"boundedcode.lang.exports.{module}" in loaded, module
    assert {"boundedcode.lang.frames", "boundedcode.lang.testids", "boundedcode.lang.specs"} <= loaded
    assert "dataclasses" not in loaded
    assert "inspect" not in loaded
