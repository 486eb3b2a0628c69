"""The warm engine answers what a cold retrieval answers, however the checkout changed between two
queries: edits (also two in one clock tick), additions, deletions, a branch switch, a file replaced
by a symlink. Each step compares the warm answer with a cold one, byte for byte."""

from __future__ import annotations

import json
import os

from boundedcode import retrieve
from boundedcode.engine import Engine

from .conftest import git, write_tree

MESSAGE = "reconcile_ledger raises OverdraftError when the ledger balance is negative"
FILES = {
    "app/ledger.py": "class OverdraftError(Exception):\n    pass\n\n\ndef reconcile_ledger(entries):\n"
    "    balance = sum(entries)\n    if balance < 0:\n        raise OverdraftError(balance)\n",
    "app/report.py": "from .ledger import reconcile_ledger\n\n\ndef report(entries):\n"
    "    return reconcile_ledger(entries)\n",
    "app/util.py": "def helper():\n    return 1\n",
}


def answer(result) -> str:
    doc = {
        "block": result.block,
        "items": [[i.path, i.line, i.symbol, i.blob_id, round(i.score, 9)] for i in result.items],
        "commit": result.commit,
        "branch": result.branch,
        "strategies": [[s.strategy, s.ran, s.findings] for s in result.strategies],
        "use": result.budget_use,
    }
    return json.dumps(doc, sort_keys=True)


def same(engine: Engine, root, message: str = MESSAGE) -> str:
    warm = answer(engine.retrieve(message, str(root)))
    cold = answer(retrieve(message, str(root)))
    assert warm == cold
    return warm


def test_warm_answers_match_cold_across_edits_additions_and_deletions(tmp_path):
    root = write_tree(tmp_path / "r", FILES)
    engine = Engine()
    first = same(engine, root)
    assert "app/ledger.py" in first
    # An edit of the same size in the same tick: only the racy check sees it.
    ledger = root / "app/ledger.py"
    ledger.write_text(FILES["app/ledger.py"].replace("balance < 0", "balance > 0"))
    same(engine, root)
    (root / "app/util.py").write_text("def helper():\n    return reconcile_ledger([])\n")
    same(engine, root)
    write_tree(root, {"app/new_module.py": "def reconcile_ledger_twice():\n    raise OverdraftError\n"})
    assert "app/new_module.py" in same(engine, root)
    os.remove(root / "app/report.py")
    assert "app/report.py" not in same(engine, root)
    ledger.write_text("def unrelated():\n    pass\n")
    same(engine, root)


def test_a_file_replaced_by_a_symlink_is_no_longer_read(tmp_path):
    root = write_tree(tmp_path / "r", FILES)
    outside = write_tree(tmp_path / "outside", {"secret.py": "def reconcile_ledger(): pass  # outside\n"})
    engine = Engine()
    assert "app/ledger.py" in same(engine, root)
    os.remove(root / "app/ledger.py")
    os.symlink(outside / "secret.py", root / "app/ledger.py")
    after = same(engine, root)
    assert "outside" not in after and "app/ledger.py" not in after


def test_a_branch_switch_is_seen(tmp_path):
    root = write_tree(tmp_path / "r", FILES)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "one")
    git(root, "checkout", "-q", "-b", "other")
    (root / "app/ledger.py").write_text("def reconcile_ledger(entries):\n    return entries\n")
    write_tree(root, {"app/audit.py": "class OverdraftError(Exception):\n    pass\n"})
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "two")
    engine = Engine()
    on_other = same(engine, root)
    assert '"branch": "other"' in on_other and "app/audit.py" in on_other
    git(root, "checkout", "-q", "main")
    on_main = same(engine, root)
    assert '"branch": "main"' in on_main and "app/audit.py" not in on_main


def test_the_cache_keeps_to_its_memory_cap_and_answers_alike(tmp_path):
    root = write_tree(tmp_path / "r", {**FILES, **{f"pkg/m{i}.py": f"X{i} = {i}\n" * 50 for i in range(20)}})
    engine = Engine(max_bytes=600)
    same(engine, root)
    assert engine.bytes_held() <= 600
