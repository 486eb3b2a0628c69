import os
from dataclasses import replace

from boundedcode.model import Item
from boundedcode.render import count_tokens, printable, render_block, smallest_block_tokens, unescape_path
from boundedcode.render.block import CUT_SHORT, WEAK_FIRST_NOTE, WEAK_NOTE
from boundedcode.render.read import READ_MAX_LINE_CHARS, render_file


def item(i, reason="defines function something_rather_long_to_describe " * 2):
    return Item(
        path=f"src/module_{i}/file_{i}.py",
        line=i + 1,
        symbol=f"f{i}",
        score=1 - i / 100,
        reason=reason,
        strategies=("symbols",),
        anchors=(),
    )


def test_block_format_matches_the_spec():
    text, tokens, cut = render_block([item(0, "defines function f0")], 1200)
    assert text == (
        "Likely relevant places, ranked (found by symbols; verify before relying on them):\n"
        "- src/module_0/file_0.py:1 (f0): defines function f0\n"
    )
    assert tokens == count_tokens(text) and not cut


def test_a_block_led_by_words_alone_says_so_and_whether_a_named_place_follows():
    words = replace(item(0, "words ledger, balance in its text"), strategies=("fulltext", "discovery"))
    named = replace(item(1, "defines function f1"), strategies=("symbols", "fulltext"))
    only_words, _, _ = render_block([words, replace(words, path="b.py")], 1200)
    assert only_words.splitlines()[1] == WEAK_NOTE
    named_after, _, _ = render_block([words, named], 1200)
    assert named_after.splitlines()[1] == WEAK_FIRST_NOTE
    named_first, _, _ = render_block([named, words], 1200)
    assert "(weak:" not in named_first


def test_block_shortens_to_fit_its_budget_and_says_so():
    items = [item(i) for i in range(12)]
    full, full_tokens, _ = render_block(items, 10_000)
    text, tokens, cut = render_block(items, full_tokens // 2)
    assert tokens <= full_tokens // 2 and cut
    tiny, tiny_tokens, cut = render_block(items, 120)
    assert tiny_tokens <= 120 and cut
    assert "more left out to fit the block budget" in tiny


def test_the_smallest_block_is_kept_even_cut_short_and_no_smaller_budget_is():
    # Every item too long for the budget: the block is its header and the lines saying why.
    items = [item(i, "x") for i in range(12)]
    items = [replace(it, path="deep/" * 40 + it.path) for it in items]
    floor = smallest_block_tokens(len(items))
    text, tokens, cut = render_block(items, floor, bounds_reached=CUT_SHORT)
    assert tokens == floor and cut
    assert text.splitlines()[1:] == [
        "- (12 more left out to fit the block budget)",
        "- (the search was cut short by the files_listed, time_s bound: some files were not searched)",
    ]
    assert render_block(items, floor - 1, bounds_reached=CUT_SHORT)[1] > floor - 1


def test_tokens_are_utf8_bytes_over_three():
    assert count_tokens("abc") == 1 and count_tokens("abcd") == 2 and count_tokens("é") == 1


def test_a_read_numbers_its_lines_and_says_what_a_cap_cut():
    data = "".join(f"line {n}\n" for n in range(1, 101)).encode()
    shown = render_file("a.py", data, 10, 12)
    assert (
        shown.text == "==> a.py (lines 10-12 of 100) <==\n    10\tline 10\n    11\tline 11\n    12\tline 12\n"
    )
    assert (shown.lines, shown.whole) == ((10, 12), False)
    capped = render_file("a.py", data, None, None, budget=260, cap=260)
    assert capped.size <= 260 and capped.lines == (1, 4)
    assert capped.text.endswith(
        "… lines 5-100 not shown: one call shows at most 260 bytes; read on with start_line=5\n"
    )
    assert render_file("a.py", data, 200, None).text.endswith(
        "start_line 200 is past the end: the file has 100 lines\n"
    )
    assert render_file("e.py", b"", None, None).text == "==> e.py (empty file) <==\n"
    used_up = render_file("a.py", data, None, None, budget=0)
    assert used_up.lines is None and "read this file on its own" in used_up.text
    long = render_file("m.js", b"x" * (READ_MAX_LINE_CHARS + 10), None, None)
    assert long.text.endswith(f" …[line cut at {READ_MAX_LINE_CHARS:,} characters]\n") and long.whole


def test_non_utf8_names_are_escaped_faithfully():
    name = os.fsdecode(b"caf\xe9.py")
    assert printable(name) == "caf\\xe9.py" and unescape_path(printable(name)) == name
    assert printable("a\ud800b") == "a\\ud800b"
    assert printable("plain é") == "plain é"
    text, _, _ = render_block([replace(item(0, "defines function f0"), path=name)], 1200)
    assert "- caf\\xe9.py:1 (f0): defines function f0" in text


def test_an_item_with_several_places_is_one_compact_line():
    it = Item(
        "src/a.py",
        12,
        "parse",
        0.9,
        "diagnostic: bad",
        ("build_error",),
        ("diagnostic:src/a.py",),
        lines=(12, 40, 88),
    )
    block, _, cut = render_block([it], 1200)
    assert block.splitlines()[1] == "- src/a.py:12, 40, 88 (parse): diagnostic: bad"
    assert not cut


def test_places_never_break_the_token_budget():
    items = [
        Item(
            f"src/module_{i}.py",
            10,
            "f",
            0.9,
            "diagnostic: " + "x" * 80,
            ("build_error",),
            (),
            lines=tuple(range(10, 130, 10)),
        )
        for i in range(12)
    ]
    block, tokens, cut = render_block(items, 200)
    assert tokens <= 200 and cut
    assert "src/module_0.py:10, 20, 30, 40, 50 (f)" in block  # BLOCK_LINES of the item's twelve
