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


def test_strategies_that_read_no_counts_run_before_ripgreps_terms_are_read(tmp_path, monkeypatch):
    """The terms' ripgrep counts on while the strategies needing the words' hits alone run; its
    output is read before the first strategy that asked for terms, and always, even when a
    strategy fails: no ripgrep is left running."""
    import subprocess

    from boundedcode.checkout import WorkTree
    from boundedcode.scan.base import ScanResult
    from boundedcode.scan.ripgrep import RipgrepScanner
    from boundedcode.strategies.fulltext import FulltextStrategy
    from boundedcode.strategies.symbols import SymbolsStrategy

    from .conftest import write_tree

    root = write_tree(tmp_path, FILES)
    events: list[str] = []
    real_settle, real_symbols, real_fulltext = ScanResult.settle, SymbolsStrategy.find, FulltextStrategy.find
    monkeypatch.setattr(
        ScanResult,
        "settle",
        lambda self: events.append("settle" if self.unsettled else "-") or real_settle(self),
    )
    monkeypatch.setattr(
        SymbolsStrategy, "find", lambda self, ev: events.append("symbols") or real_symbols(self, ev)
    )
    monkeypatch.setattr(
        FulltextStrategy, "find", lambda self, ev: events.append("fulltext") or real_fulltext(self, ev)
    )
    result = run_retrieval("`Ledger.post` drops the entry of the ledger", WorkTree(str(root)))
    assert result.items[0].path == "ledger.py"
    assert [e for e in events if e != "-"] == ["symbols", "settle", "fulltext"]

    spawned: list[subprocess.Popen[bytes]] = []
    real_spawn = RipgrepScanner._spawn
    monkeypatch.setattr(
        RipgrepScanner, "_spawn", staticmethod(lambda c, t: spawned.append(p := real_spawn(c, t)) or p)
    )

    def fails(self, ev):
        raise KeyboardInterrupt

    monkeypatch.setattr(SymbolsStrategy, "find", fails)
    with pytest.raises(KeyboardInterrupt):
        run_retrieval("`Ledger.post` drops the entry of the ledger", WorkTree(str(root)))
    assert len(spawned) == 2 and all(p.returncode is not None for p in spawned)
