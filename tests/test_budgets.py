"""Every bound a retrieval reaches is reported by the name of a Budgets field, and only those."""

import pytest

from boundedcode import Budgets, MemoryTree, retrieve
from boundedcode.checkout.budgets import BOUNDS, reach
from boundedcode.scan import ScanError


def test_a_bound_is_a_budget_field_reported_once():
    reached: list[str] = []
    reach(reached, "block_items")
    reach(reached, "block_items")
    assert reached == ["block_items"]
    with pytest.raises(ValueError):
        reach(reached, "scanner fell back to in-process search")
    assert "uses_per_file" not in BOUNDS  # one finding per file and anchor: nothing to bound


def test_the_block_items_file_bytes_and_string_budgets_bind_and_say_so():
    files = {f"pkg/mod{i:02}.py": f"def handler_{i}():\n    pass\n" for i in range(6)}
    files["pkg/huge.py"] = "def handler_0():\n" + "    x = 1\n" * 200
    message = " ".join(f"`handler_{i}`" for i in range(6)) + " fail"
    budgets = Budgets(block_items=3, file_bytes=1000, scan_strings=4)
    result = retrieve(message, tree=MemoryTree(files), budgets=budgets)
    assert len(result.items) == 3
    assert {"block_items", "file_bytes", "scan_strings"} <= set(result.bounds_reached) <= BOUNDS
    assert "pkg/huge.py" not in result.paths  # over the one-file budget: neither scanned nor read


def test_a_scanner_that_falls_back_says_so_in_a_note_not_as_a_bound():
    class RefusingScanner:
        """ripgrep as it refuses a search it cannot run."""

        def scan(self, tree, paths, needles, budgets, deadline):
            raise ScanError("regex size limit exceeded")

    tree = MemoryTree({"app.py": "def reconcile_ledger():\n    pass\n"})
    result = retrieve("`reconcile_ledger` fails", tree=tree, scanner=RefusingScanner())
    assert result.paths == ["app.py"]  # answered in process
    assert result.bounds_reached == []
    assert result.notes == ["scanner fell back to in-process search: regex size limit exceeded"]


def test_files_placed_by_their_words_still_say_the_block_was_full():
    # Found by their words alone, the block's files are placed (their densest line) and ranked
    # again: the files past the block's items count toward the bound all the same.
    files = {
        f"ledger/book{i}.py": "import os\n\n" + "x = 1\n" * i + "reconcile ledger balance\n" for i in range(6)
    }
    files.update({f"other/mod{i}.py": "import sys\n\nprint(sys.argv)\n" for i in range(10)})
    result = retrieve("reconcile the ledger balance", tree=MemoryTree(files), budgets=Budgets(block_items=3))
    assert len(result.items) == 3
    assert all(it.line is not None for it in result.items)
    assert "block_items" in result.bounds_reached
