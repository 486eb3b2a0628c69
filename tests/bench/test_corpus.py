from __future__ import annotations

from pathlib import Path

from boundedcode.bench.baselines import BM25Ranker, bm25_block
from boundedcode.bench.checkouts import GitFile
from boundedcode.bench.corpus import DESCRIBES, NAMES_CODE, RepoCorpus, message_kind, tokenize
from boundedcode.render import count_tokens


def test_tokenize_splits_case_and_underscores_and_keeps_the_whole():
    assert tokenize("getHTTPResponse_code(x)") == ["get", "http", "response", "code", "gethttpresponse_code"]
    assert tokenize("parse2json") == ["parse", "json", "parse2json"]
    assert tokenize("Cart cart") == ["cart", "cart"]
    assert tokenize("a = b + 1; é") == []


def _corpus(tmp_path: Path, files: dict[str, str | bytes], repo: RepoCorpus | None = None):
    listed = []
    for i, (rel, content) in enumerate(sorted(files.items())):
        p = tmp_path / rel
        p.parent.mkdir(parents=True, exist_ok=True)
        data = content.encode() if isinstance(content, str) else content
        p.write_bytes(data)
        listed.append(GitFile(rel, f"{i:040x}", len(data)))
    return (repo or RepoCorpus()).commit(str(tmp_path), listed)


FILES = {
    "src/orders/cart.py": "class Cart:\n    def add_item(self, item):\n        pass\n",
    "src/orders/ledger.go": "func (l *Ledger) PostEntry(a int) {}\n",
    "src/util.py": "def helper():\n    return 'cart'\n",
    "docs/guide.md": "How to use the shop.\n",
    "node_modules/lib/cart.js": "function cart() {}\n",  # refused by the read policy
    "logo.png": b"\x89PNG\0\0binary",  # not text
}


def test_corpus_applies_the_read_policy_and_text_filter(tmp_path: Path):
    c = _corpus(tmp_path, FILES)
    assert c.paths == ["docs/guide.md", "src/orders/cart.py", "src/orders/ledger.go", "src/util.py"]
    assert "logo.png" in c.all_paths and "node_modules/lib/cart.js" not in c.all_paths
    assert {"Cart", "add_item", "PostEntry", "helper"} <= c.defined
    assert {"src", "orders", "cart", "ledger", "guide"} <= c.components


def test_bm25_ranks_by_content_and_breaks_ties_by_path(tmp_path: Path):
    c = _corpus(tmp_path, FILES)
    ranker = BM25Ranker(c)
    assert ranker.rank("Cart.add_item raises")[0] == "src/orders/cart.py"
    assert ranker.rank("PostEntry")[:1] == ["src/orders/ledger.go"]
    assert ranker.rank("zzz unknown words") == []
    assert ranker.rank("cart", k=1) == ["src/orders/cart.py"]


def test_bm25_block_counts_tokens_like_the_engine_block():
    block = bm25_block(["a/b.py", "c.go"])
    assert block.splitlines()[1:] == ["- a/b.py", "- c.go"]
    assert count_tokens(block) == -(-len(block.encode()) // 3)
    assert bm25_block([]) == ""


def test_blob_analysis_is_reused_across_commits(tmp_path: Path):
    repo = RepoCorpus()
    _corpus(tmp_path / "one", {"a.py": "def alpha(): pass\n"}, repo)
    size = len(repo.vocabulary)
    again = _corpus(tmp_path / "two", {"a.py": "def alpha(): pass\n"}, repo)
    assert len(repo.vocabulary) == size and again.defined == frozenset({"alpha"})


def test_message_kind(tmp_path: Path):
    c = _corpus(tmp_path, FILES)
    assert message_kind("Crash in src/orders/cart.py when empty", c) == NAMES_CODE  # a path
    assert message_kind("see orders.cart for details", c) == NAMES_CODE  # a module
    assert message_kind("add_item drops the item", c) == NAMES_CODE  # a definition
    assert message_kind("Ledger.PostEntry is wrong", c) == NAMES_CODE  # a member
    assert message_kind("calling `helper` fails", c) == NAMES_CODE  # backticked
    assert message_kind("The page jumps when I scroll the cart", c) == DESCRIBES  # plain words
    assert message_kind("remove_widget fails in other.py", c) == DESCRIBES  # absent names
