"""fulltext and its fusion with the anchored strategies, on small repositories the tests build."""

from hypothesis import given
from hypothesis import strategies as st

from boundedcode import MemoryTree, retrieve
from boundedcode.checkout import Budgets
from boundedcode.strategies import fulltext
from boundedcode.strategies.fulltext import best_of, bm25_scores

from ..conftest import under_hash_seeds


def run(files, message, **kw):
    return retrieve(message, tree=MemoryTree(files), **kw)


FILLER = {f"pkg/mod{i}.py": f"def helper_{i}():\n    return {i}\n" for i in range(12)}


def test_a_message_that_names_nothing_finds_the_file_that_holds_its_words():
    files = {
        **FILLER,
        "pkg/rounding.py": "def adjust(amount):\n    return amount\n\n"
        "def apply(total):\n    # the percentage is rounded at checkout\n    return round(total)\n",
        "pkg/checkout.py": "def checkout(cart):\n    return cart\n",
        "docs/rounding.md": "The percentage is rounded at checkout.\n",  # prose is not a document
    }
    result = run(files, "Totals are off: the percentage gets rounded twice when paying")
    top = result.items[0]
    assert (top.path, top.line, top.strategies[0]) == ("pkg/rounding.py", 5, "fulltext")
    assert top.reason.startswith("words ") and "percentage" in top.reason
    assert "docs/rounding.md" not in [it.path for it in result.items if "fulltext" in it.strategies]


def test_a_manifest_holding_the_words_is_no_document_yaml_is():
    rounding = FILLER | {
        "pkg/rounding.py": "def apply(total):\n    # the percentage is rounded at checkout\n    return total\n"
    }
    words = "the percentage is rounded twice at checkout when paying"
    message = "Totals are off: the percentage gets rounded twice when paying"
    for data in ("package.json", "pyproject.toml", "pom.xml"):
        text = {
            "package.json": f'{{"description": "{words}"}}\n',
            "pyproject.toml": f'description = "{words}"\n',
        }
        files = rounding | {data: text.get(data, f"<description>{words}</description>\n")}
        found = [it.path for it in run(files, message).items if "fulltext" in it.strategies]
        assert found[0] == "pkg/rounding.py" and data not in found, data
    files = rounding | {"config/defaults.yml": f"description: {words}\n"}
    assert "config/defaults.yml" in [
        it.path for it in run(files, message).items if "fulltext" in it.strategies
    ]


def test_only_the_files_the_block_shows_by_their_words_are_read_for_their_densest_line(monkeypatch):
    files = {
        **FILLER,
        "pkg/rounding.py": "def adjust(amount):\n    return amount\n\n"
        "def apply(total):\n    # the percentage is rounded at checkout\n    return round(total)\n",
        "pkg/percent.py": "X = 1\n# the percentage is rounded for totals\n",
        "pkg/paying.py": "def settle_payment(total):\n    return total  # rounded\n",
    }
    asked = []
    place = fulltext.FulltextStrategy.place

    def spy(self, ev, paths):
        asked.append(list(paths))
        return place(self, ev, paths)

    monkeypatch.setattr(fulltext.FulltextStrategy, "place", spy)
    message = "Totals are off: the percentage gets rounded twice in settle_payment"
    result = run(files, message)
    by_path = {it.path: it for it in result.items}
    # The name's file shows its definition; the words' files, their densest lines, asked once.
    assert (by_path["pkg/paying.py"].line, by_path["pkg/paying.py"].strategies[0]) == (1, "symbols")
    assert by_path["pkg/rounding.py"].line == 5 and by_path["pkg/percent.py"].line == 2
    assert len(asked) == 1 and "pkg/paying.py" not in asked[0]
    assert set(asked[0]) == {it.path for it in result.items if it.strategies[0] == "fulltext"}
    # A file beyond the block is never read for it.
    asked.clear()
    assert run(files, message, budgets=Budgets(block_items=2)).paths == result.paths[:2]
    assert asked == [[result.paths[1]]] and result.items[1].strategies[0] == "fulltext"


def test_the_project_s_own_name_and_stopwords_say_nothing():
    files = {f"shop/m{i}.py": f"import shop\nx{i} = shop.value\n" for i in range(8)}
    files["shop/ledger.py"] = "import shop\ndef overdraft():\n    pass\n"
    result = run(files, "shop: the overdraft is wrong in shop")
    assert result.paths == ["shop/ledger.py"]


def test_a_name_a_frame_and_a_word_agreeing_outrank_each_alone():
    files = {
        **FILLER,
        "app/ledger.py": "def post_entry(entry):\n    # overdraft check for the ledger\n"
        "    raise ValueError('balance')\n",
        "app/audit.py": "def post_entry(entry):\n    return entry\n",  # the name only
        "app/notes.py": "# overdraft overdraft ledger\nX = 1\n",  # the words only
    }
    message = (
        "post_entry() fails on an overdraft in the ledger\n"
        "Traceback (most recent call last):\n"
        '  File "/srv/app/ledger.py", line 3, in post_entry\n'
        "ValueError: balance\n"
    )
    result = run(files, message, explain=True)
    top = result.items[0]
    assert top.path == "app/ledger.py" and top.line == 3  # the frame's line, not the words'
    contributions = {c.strategy for c in top.explain.contributions}
    assert {"stack_trace", "symbols", "fulltext"} <= contributions
    scores = {it.path: it.score for it in result.items}
    assert scores["app/ledger.py"] > max(scores.get("app/audit.py", 0), scores.get("app/notes.py", 0))


def test_bm25_saturates_repetition_and_normalizes_length():
    lines = {
        "overdraft": {"short.py": 1, "long.py": 3, "both.py": 1},
        "ledger": {"both.py": 1},
    }
    weights = {"overdraft": 1.0, "ledger": 1.0}
    docs = {"short.py", "long.py", "both.py"}
    scores = bm25_scores(lines, weights, 40, docs, {"short.py": 100, "long.py": 4000, "both.py": 100}, 300.0)
    assert scores["both.py"] > scores["short.py"]  # two terms beat one
    assert scores["short.py"] > scores["long.py"]  # three mentions in a file 40 times longer count less
    # A term held by more than half the listed files is left out.
    assert bm25_scores(lines, weights, 4, docs, {}, 1.0).keys() == {"both.py"}


_PATHS = st.sampled_from([f"f{i}.py" for i in range(8)])


@given(
    scores=st.dictionaries(_PATHS, st.sampled_from([0.0, 0.5, 1.25, 1.25, 3.0, 7.5])),
    n=st.integers(1, 12),
)
def test_the_best_of_many_scores_are_the_first_of_them_sorted(scores, n):
    # Only the scores at or above the n-th best are sorted: ties at that score by path, as in full.
    assert best_of(scores, n) == sorted(scores, key=lambda p: (-scores[p], p))[:n]


@given(
    counts=st.dictionaries(
        st.sampled_from(["ledger", "overdraft", "audit", "fee"]),
        st.dictionaries(_PATHS, st.integers(1, 60), min_size=1),
    ),
    weights=st.dictionaries(st.sampled_from(["ledger", "overdraft", "fee"]), st.floats(0.5, 3.0)),
    documents=st.frozensets(_PATHS),
    listed=st.integers(1, 20),
    average=st.sampled_from([1.0, 3.0, 300.0, 4097.0]),
)
def test_the_rough_pass_is_bm25_at_the_average_length_to_the_last_bit(
    counts, weights, documents, listed, average
):
    # The rough pass (no lengths) picks the candidates by its scores and their order: the same
    # floats as every document given the average length, whether or not every counted file is
    # a document.
    every_average = {f"f{i}.py": int(average) for i in range(8)}
    assert bm25_scores(counts, weights, listed, documents, {}, average) == bm25_scores(
        counts, weights, listed, set(documents), every_average, average
    )


_DENSEST_IN_A_FRESH_PROCESS = """
import random
from boundedcode.scan.base import Needle, TermMatcher
from boundedcode.strategies.fulltext import densest_line
names = ["access", "acl", "block", "client", "command", "count", "data", "element", "key",
         "order", "time"]
weight = {n: 0.1 * (i + 1) / 3 for i, n in enumerate(names)}
shuffle = random.Random(4).shuffle
rows = []
for _ in range(39):
    tokens = names[:]
    shuffle(tokens)
    rows.append(" ".join(tokens))
terms = TermMatcher([Needle(n, word=False, term=True) for n in names])
print(densest_line(terms.lines("\\n".join(rows).encode()), weight))
"""


def test_lines_holding_the_same_terms_tie_whatever_the_hash_seed():
    """Lines holding the same terms in another order weigh the same: the first wins, in every
    process (a sum over a set followed the string hash seed in its last bit)."""
    answers = under_hash_seeds(_DENSEST_IN_A_FRESH_PROCESS, 4)
    assert answers == {"1"}


def test_the_file_holding_the_whole_title_outranks_one_repeating_the_body_s_words(monkeypatch):
    files = {
        **FILLER,
        # Every word of the title once.
        "pkg/variable.py": "def assign(values):\n    # coercing the assigned values of a table cell\n"
        "    return values\n",
        # The body's words twice, one word of the title.
        "pkg/output.py": "def render(table):\n"
        + "    # render the table row by row, render each cell of the table\n" * 2
        + "    assigned = table\n",
    }
    message = (
        "Assigned values keep coercing\nWhen I print a table, each row and each cell is rendered twice.\n"
    )
    result = run(files, message, explain=True)
    assert [it.path for it in result.items[:2]] == ["pkg/variable.py", "pkg/output.py"]
    # Its specificity: half its BM25 share, half the share of the title's words it holds (all).
    (words,) = [c for c in result.items[0].explain.contributions if c.strategy == "fulltext"]
    assert 0.5 < words.specificity < 1.0
    # The BM25 alone puts the body's words first.
    monkeypatch.setattr(fulltext, "TITLE_SHARE", 0.0)
    assert run(files, message).items[0].path == "pkg/output.py"


LEDGER = (
    "class Ledger:\n"  # 1
    '    """Posted entries."""\n'  # 2
    "\n"
    "    def __init__(self):\n"  # 4
    "        self.entries = []\n"
    "\n"
    "    def post(self, entry):\n"  # 7
    "        # a duplicate entry is posted twice\n"
    "        self.entries.append(entry)\n"
    "\n"
    "    def close(self):\n"  # 11
    "        return sum(self.entries)\n"
)


def test_a_class_s_place_is_the_method_its_words_are_in_the_header_next():
    files = {**FILLER, "pkg/books.py": LEDGER}
    result = run(files, "`Ledger` posts a duplicate entry twice")
    top = result.items[0]
    assert (top.path, top.strategies[0], top.reason) == ("pkg/books.py", "symbols", "defines class Ledger")
    assert (top.line, top.symbol, top.lines[:2]) == (7, "Ledger.post", (7, 1))
    assert "pkg/books.py:7, 1 (Ledger.post)" in result.block


def test_a_class_none_of_whose_methods_holds_the_words_keeps_its_header():
    files = {**FILLER, "pkg/books.py": LEDGER}
    top = run(files, "`Ledger` cannot be pickled").items[0]
    assert (top.path, top.line, top.symbol) == ("pkg/books.py", 1, "Ledger")


def test_a_frame_s_line_in_a_class_body_stays_where_the_trace_puts_it():
    files = {**FILLER, "pkg/books.py": LEDGER.replace('"""Posted entries."""', "entries = load_entries()")}
    message = (
        "Posting a duplicate entry fails at import\n\nTraceback (most recent call last):\n"
        '  File "/srv/app/pkg/books.py", line 2, in Ledger\n    entries = load_entries()\n'
        "NameError: name 'load_entries' is not defined\n"
    )
    top = run(files, message).items[0]
    assert (top.path, top.line, top.strategies[0]) == ("pkg/books.py", 2, "stack_trace")


def test_without_fulltext_no_place_moves():
    files = {**FILLER, "pkg/books.py": LEDGER}
    top = run(files, "`Ledger` posts a duplicate entry twice", without=["fulltext"]).items[0]
    assert (top.path, top.line, top.symbol) == ("pkg/books.py", 1, "Ledger")


#: A module of two functions, the second holding the words of "… posts a duplicate entry twice".
REPORT = (
    "def monthly(ledger):\n    return ledger.close()\n\n\n"  # 4 (after a first line and two blank ones)
    "def duplicates(ledger):\n    # an entry posted twice is a duplicate\n    return ledger.entries\n"  # 8
)


def test_a_place_at_a_module_s_top_level_is_the_function_its_words_are_in():
    # The import is the name's first line; the annotation is a use (an import alone is none).
    report_py = "from pkg.books import Ledger\n\n\n" + REPORT.replace("(ledger)", "(ledger: Ledger)", 1)
    files = {**FILLER, "pkg/books.py": LEDGER, "pkg/report.py": report_py}
    result = run(files, "`Ledger` posts a duplicate entry twice")
    report = next(it for it in result.items if it.path == "pkg/report.py")
    assert (report.strategies[0], report.line, report.symbol, report.lines[:2]) == (
        "symbols",
        8,
        "duplicates",
        (8, 1),
    )


def test_a_file_shown_without_a_line_is_placed_where_the_message_s_words_are():
    files = {**FILLER, "pkg/books.py": LEDGER, "pkg/summary_sheet.py": "import os\n\n\n" + REPORT}
    result = run(files, "summary_sheet.py posts a duplicate entry twice")
    report = next(it for it in result.items if it.path == "pkg/summary_sheet.py")
    assert (report.strategies[0], report.reason) == ("paths", "path summary_sheet.py")
    assert report.line == 9  # the densest line, in `duplicates`
    alone = run(files, "summary_sheet.py").items[0]  # no word of the message in its text
    assert (alone.path, alone.line) == ("pkg/summary_sheet.py", None)


def test_a_file_found_by_its_words_shows_the_function_holding_most_of_them_not_the_densest_line():
    settle = (
        "def convert(amount):\n"  # 1
        "    # currency rounding\n"  # 2: the densest line, two of the words
        "    return amount\n"
        "\n"
        "def refund(entry):\n"  # 5: four of the words, one or two a line
        "    ledger = entry.ledger\n"
        "    # currency\n"
        "    # rounding\n"
        "    return ledger\n"
    )
    result = run(
        {**FILLER, "pkg/settle.py": settle}, "A refund of a ledger entry: the currency rounding is off"
    )
    top = result.items[0]
    assert (top.path, top.strategies[0]) == ("pkg/settle.py", "fulltext")
    assert (top.line, top.symbol, top.lines) == (5, "refund", (5, 2))


def test_an_example_holding_the_words_is_not_proposed_by_them():
    files = FILLER | {
        "pkg/rounding.py": "def apply(total):\n    # the percentage is rounded at checkout\n    return total\n",
        "examples/paying_demo.py": "# the percentage gets rounded twice when paying: totals are off\nprint(1)\n",
    }
    message = "Totals are off: the percentage gets rounded twice when paying"
    found = [it.path for it in run(files, message).items if "fulltext" in it.strategies]
    assert found[0] == "pkg/rounding.py" and "examples/paying_demo.py" not in found
    # A repository of samples: its examples are what holds the words.
    samples = {f"examples/{path}": text for path, text in files.items()}
    found = [it.path for it in run(samples, message).items if "fulltext" in it.strategies]
    assert found[0] == "examples/examples/paying_demo.py"
