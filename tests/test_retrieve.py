"""`run_retrieval` as a host runs it: what it does to the process around the query."""

import gc

import pytest

from boundedcode.checkout import MemoryTree
from boundedcode.retrieve import run_retrieval
from boundedcode.scan.memory import MemoryScanner

FILES = {"ledger.py": "class Ledger:\n    def post(self, entry):\n        return entry\n"}
MESSAGE = "`Ledger.post` drops the entry"


class _Observed(MemoryScanner):
    """The in-process scan, noting whether the cyclic collector runs while it scans."""

    collecting: bool | None = None
    fails = False

    def scan(self, *args, **kwargs):
        self.collecting = gc.isenabled()
        if self.fails:
            raise KeyboardInterrupt  # what no stage catches: the query ends here
        return super().scan(*args, **kwargs)


def test_the_cyclic_collector_is_paused_during_a_retrieval_and_resumed_after_it():
    assert gc.isenabled()
    scanner = _Observed()
    result = run_retrieval(MESSAGE, MemoryTree(FILES), scanner=scanner)
    assert result.items[0].path == "ledger.py"
    assert scanner.collecting is False and gc.isenabled()

    failing = _Observed()
    failing.fails = True
    with pytest.raises(KeyboardInterrupt):
        run_retrieval(MESSAGE, MemoryTree(FILES), scanner=failing)
    assert failing.collecting is False and gc.isenabled()  # resumed, the query failed or not


def test_a_host_that_paused_the_collector_finds_it_paused_after_a_retrieval():
    gc.disable()
    try:
        run_retrieval(MESSAGE, MemoryTree(FILES), scanner=_Observed())
        assert not gc.isenabled()
    finally:
        gc.enable()
