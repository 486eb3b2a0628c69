"""Real language servers over their real protocol.

jedi-language-server comes with `pip install -e '.[dev]'`; typescript-language-server
with `npm install -g typescript-language-server@5.3.0 typescript@5.9.3`. Each test is
skipped only when its server is not installed.
"""

from __future__ import annotations

import os
import signal

import pytest

from boundedcode.checkout import DEFAULT_BUDGETS, WorkTree, walk
from boundedcode.navigator import PATTERNS, SessionPool, build_navigator, navigate
from boundedcode.navigator.servers import find_binary
from tests.conftest import write_tree

SERVER = "jedi-language-server"
SOURCE = f"lsp:{SERVER}"
#: Start-up on a loaded CI machine: generous, it is waited for once per test.
STARTUP_S = 60.0

TS_SERVER = "typescript-language-server"
TS_SOURCE = f"lsp:{TS_SERVER}"

pytestmark = pytest.mark.skipif(
    find_binary(SERVER) is None, reason=f"{SERVER} is not installed (pip install -e '.[dev]' installs it)"
)
needs_typescript = pytest.mark.skipif(
    find_binary(TS_SERVER) is None,
    reason=f"{TS_SERVER} is not installed (npm install -g typescript-language-server@5.3.0 typescript@5.9.3)",
)

FILES = {
    "shop/__init__.py": "",
    "shop/ledger.py": "class Ledger:\n    def post(self, amount: int) -> None:\n        self.balance = amount\n\n\n"
    "def open_ledger() -> Ledger:\n    return Ledger()\n",
    "shop/app.py": "from shop.ledger import Ledger, open_ledger\n\n\ndef main() -> None:\n"
    "    ledger = open_ledger()\n    ledger.post(3)\n    other = Ledger()\n    other.post(4)\n",
    # Another class of the same name: patterns cannot tell them apart, the server can.
    "legacy/ledger.py": "class Ledger:\n    pass\n",
    "service/ledger.go": "package service\n\ntype Ledger struct{}\n",
    "web/store.ts": "export interface Store {\n  save(key: string): void;\n}\n\n"
    "export class MemoryStore implements Store {\n  save(key: string): void {\n"
    "    console.log(key);\n  }\n}\n",
    "web/app.ts": "import { Store, MemoryStore } from './store';\n\nexport function run(store: Store): void {\n"
    "  store.save('a');\n}\nrun(new MemoryStore());\n",
}


@pytest.fixture
def pool():
    pool = SessionPool()
    yield pool
    pool.close_all()


@pytest.fixture
def repo(tmp_path):
    return write_tree(tmp_path, FILES)


def places(answer):
    return [(loc.path, loc.line, loc.source) for loc in answer.locations]


def test_python_from_the_server_go_from_patterns_in_one_answer(repo, pool):
    answer = navigate(
        "definitions", "Ledger", str(repo), servers=[SERVER], pool=pool, startup_timeout=STARTUP_S
    )
    assert places(answer) == [
        ("legacy/ledger.py", 1, SOURCE),
        ("service/ledger.go", 3, PATTERNS),
        ("shop/ledger.py", 1, SOURCE),
    ]
    assert answer.sources == {"go": PATTERNS, "python": SOURCE}
    assert answer.notes == []


def test_the_server_follows_imports_from_a_path_hint(repo, pool):
    answer = navigate(
        "definitions",
        "Ledger",
        str(repo),
        path="shop/app.py",
        servers=[SERVER],
        pool=pool,
        startup_timeout=STARTUP_S,
    )
    assert [p for p in places(answer) if p[2] == SOURCE] == [("shop/ledger.py", 1, SOURCE)]


def test_references_of_a_method_resolved_by_type(repo, pool):
    answer = navigate("references", "post", str(repo), servers=[SERVER], pool=pool, startup_timeout=STARTUP_S)
    assert places(answer) == [("shop/app.py", 6, SOURCE), ("shop/app.py", 8, SOURCE)]


def test_implementations_are_not_offered_and_the_answer_says_so(repo, pool):
    answer = navigate(
        "implementations", "Ledger", str(repo), servers=[SERVER], pool=pool, startup_timeout=STARTUP_S
    )
    assert answer.locations == []
    assert answer.skipped[0].reason == "unsupported"
    assert any("need a language server" in note for note in answer.notes)


def test_a_server_killed_mid_session_is_replaced_by_patterns(repo, pool):
    tree = WorkTree(str(repo))
    nav = build_navigator(tree, walk(tree, DEFAULT_BUDGETS).paths, servers=[SERVER], pool=pool)
    server = nav.servers[0]
    server.warm("Ledger", STARTUP_S)
    first = nav.answer("definitions", "Ledger")
    assert first.sources["python"] == SOURCE

    os.kill(server.session().pid, signal.SIGKILL)
    second = nav.answer("definitions", "Ledger")
    assert second.sources["python"] == PATTERNS
    assert ("shop/ledger.py", 1, PATTERNS) in places(second)
    assert second.skipped[0].reason == "down"
    assert second.notes[0].startswith(f"{SOURCE} skipped for python: down")
    # The pool replaces the dead process for the next retrieval.
    assert pool.get(server.spec, find_binary(SERVER), tree.fs_root).pid != server.session().pid


@needs_typescript
def test_typescript_server_answers_implementations_and_python_stays_with_jedi(repo, pool):
    servers = [SERVER, TS_SERVER]
    impl = navigate(
        "implementations", "save", str(repo), servers=servers, pool=pool, startup_timeout=STARTUP_S
    )
    assert places(impl) == [("web/store.ts", 6, TS_SOURCE)]
    refs = navigate("references", "Store", str(repo), servers=servers, pool=pool, startup_timeout=STARTUP_S)
    assert places(refs) == [
        ("web/app.ts", 1, TS_SOURCE),
        ("web/app.ts", 3, TS_SOURCE),
        ("web/store.ts", 5, TS_SOURCE),
    ]
    defs = navigate("definitions", "Ledger", str(repo), servers=servers, pool=pool, startup_timeout=STARTUP_S)
    assert defs.sources == {"go": PATTERNS, "python": SOURCE}
