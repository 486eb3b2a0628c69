"""bench.lines: the fix's lines from a patch git writes, and whether a shown line is in the fix."""

from __future__ import annotations

from boundedcode.bench.lines import changed_lines, fix_lines
from boundedcode.bench.metrics import aggregate

from ..conftest import git, make_git_repo

CART = (
    "class Cart:\n"  # 1
    "    def __init__(self):\n"  # 2
    "        self.items = []\n"
    "\n"
    "    def add(self, item):\n"  # 5
    "        self.items.append(item)\n"
    "\n"
    "    def total(self):\n"  # 8
    "        subtotal = sum(i.price for i in self.items)\n"
    "        tax = subtotal * 0.2\n"
    "        return subtotal + tax\n"  # 11
    "\n"
    "\n"
    "RATE = 0.2\n"  # 14
)


def fixed(tmp_path):
    """A repository, the fix git diffs, and the base commit's checkout."""
    root = make_git_repo(tmp_path / "r", {"shop/cart.py": CART, "shop/new_only.py": "x = 1\n"})
    base = root / "shop/cart.py"
    base.write_text(
        CART.replace("        return subtotal + tax\n", "        return round(subtotal + tax, 2)\n")
    )
    (root / "shop/added.py").write_text("y = 2\n")
    git(root, "add", "-A")
    patch = git(root, "diff", "--cached") + "\n"
    git(root, "stash", "-q")  # the checkout is the base commit again
    return root, patch


def test_changed_lines_are_the_base_commit_s_and_a_new_file_has_none(tmp_path):
    _, patch = fixed(tmp_path)
    assert changed_lines(patch) == {"shop/cart.py": frozenset({11})}
    insertion = "--- a/x.py\n+++ b/x.py\n@@ -3,2 +3,3 @@\n a\n+b\n c\n"
    assert changed_lines(insertion) == {"x.py": frozenset({3, 4})}  # either side of the new line


def test_a_line_in_the_fixed_function_or_near_the_change_is_in_the_fix(tmp_path):
    root, patch = fixed(tmp_path)
    changed = changed_lines(patch)
    gold = ["shop/cart.py"]

    def shown(line):
        return fix_lines(str(root), [{"path": "shop/cart.py", "line": line}], gold, changed)

    assert shown(8) == (1, 1)  # the fixed method's header
    assert shown(9) == (1, 1)  # its body
    assert shown(14) == (1, 1)  # outside it, but 3 lines from the change
    assert shown(5) == (0, 1)  # another method
    assert shown(1) == (0, 1)  # the class's header
    assert shown(None) == (0, 1)  # the file without a line


def test_each_gold_file_counts_once_at_its_first_item_and_others_not_at_all(tmp_path):
    root, patch = fixed(tmp_path)
    ranked = [
        {"path": "shop/other.py", "line": 11},
        {"path": "shop/cart.py", "line": 5},
        {"path": "shop/cart.py", "line": 9},
    ]
    assert fix_lines(str(root), ranked, ["shop/cart.py", "shop/new_only.py"], changed_lines(patch)) == (0, 1)


def test_the_figure_pools_the_found_files_and_is_none_for_a_baseline():
    scores = {"recall": 1.0, "all_found": True, "precision": 1.0, "rr": 1.0}
    scores.update({f"acc@{k}": True for k in (1, 3, 5, 10)})
    base = {"scores": scores, "tokens": 10, "latency_ms": 1.0}
    records = [
        {**base, "fix_lines": {"in_fix": 1, "found": 1}},
        {**base, "fix_lines": {"in_fix": 0, "found": 3}},
    ]
    assert aggregate(records)["fix_line"] == 0.25
    assert aggregate([{**r, "fix_lines": None} for r in records])["fix_line"] is None
