from __future__ import annotations

from pathlib import Path

from boundedcode.bench.baselines import BM25Ranker, FunctionBM25Ranker, bm25_block, fuse
from boundedcode.bench.checkouts import GitFile
from boundedcode.bench.corpus import (
    DESCRIBES,
    NAMES_CODE,
    RepoCorpus,
    function_documents,
    message_kind,
    tokenize,
)
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


SPREAD = {
    # One long module whose words are spread thin, and one function that holds them together.
    "pkg/big.py": "".join(f"def filler_{i}(x):\n    return x + {i}\n\n" for i in range(60))
    + "def render_invoice_total(invoice):\n    total = invoice.total\n    return total\n",
    "pkg/other.py": "def invoice_header():\n    pass\n\n" + "# render\n" * 3 + "TOTAL = 1\n",
    "tests/test_big.py": "def test_render_invoice_total():\n    render_invoice_total(invoice)\n",
}


def test_function_documents_are_function_spans_and_a_remainder():
    source = b"import os\n\nclass A:\n    x = 1\n\n    def m(self):\n        return 1\n\ndef f():\n    def g():\n        pass\n"
    assert function_documents("a.py", source) == [(6, 7), (9, 11)]  # g belongs to f
    # No grammar for the language: one document from each definition line to the next.
    assert function_documents("a.lua", b"function a()\nend\nfunction b()\nend\n") == [(1, 2), (3, 5)]
    assert function_documents("notes.txt", b"plain\ntext\n") == []


def test_function_bm25_ranks_a_file_by_its_best_function_and_leaves_tests_out(tmp_path: Path):
    repo = RepoCorpus()
    c = _corpus(tmp_path, SPREAD, repo)
    blobs = {p: f"{i:040x}" for i, p in enumerate(sorted(SPREAD))}
    docs = repo.functions(str(tmp_path), c, blobs)
    assert "tests/test_big.py" not in docs.paths
    assert docs.paths.count("pkg/big.py") == 61  # 61 functions; no remainder (nothing outside them)
    ranked = FunctionBM25Ranker(docs).rank("render invoice total is wrong")
    assert ranked == ["pkg/big.py", "pkg/other.py"]


def test_bm25_asks_no_english_stopword(tmp_path: Path):
    # Only a docstring holds "the" and "is": asked, they would rank its function first.
    files = {
        "pkg/notes.py": 'def helper():\n    """The value is the one the caller gave, as it is."""\n',
        "pkg/totals.py": "def invoice_total(invoice):\n    return invoice\n",
    }
    repo = RepoCorpus()
    c = _corpus(tmp_path, files, repo)
    docs = repo.functions(str(tmp_path), c, {p: f"{i:040x}" for i, p in enumerate(sorted(files))})
    assert FunctionBM25Ranker(docs).rank("the invoice is wrong") == ["pkg/totals.py"]
    assert BM25Ranker(c).rank("the invoice is wrong") == ["pkg/totals.py"]


def test_fuse_is_reciprocal_rank_fusion_with_ties_by_path():
    assert fuse([["a", "b"], ["b", "c"]]) == ["b", "a", "c"]
    assert fuse([["x"], ["y"]]) == ["x", "y"]  # equal scores: path order
    assert fuse([["a"] * 1, []], k=1) == ["a"]
