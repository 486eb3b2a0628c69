"""The lexical pieces: term modes, hit lines, alias patterns, registration sites, window merging."""

from __future__ import annotations

import pytest

from boundedcode.checkout.windows import merge_windows
from boundedcode.lang.identifiers import is_identifier
from boundedcode.scan.base import Needle
from boundedcode.source_context.lexical import (
    FIXED,
    WORD,
    alias_name,
    hit_lines,
    mode,
    registration_sites,
    split_lines,
    term_needle,
)


@pytest.mark.parametrize(
    "term, expected",
    [
        ("NPC_X", WORD),
        ("_x1", WORD),
        ("23487", FIXED),
        ("foo.bar", FIXED),
        ("--output=x", FIXED),
        ("HEAD~1", FIXED),
        ("größe", FIXED),
        ("$x", FIXED),
        ("a$b", FIXED),
        ("x\n", FIXED),
    ],
)
def test_identifiers_are_words_and_everything_else_fixed(term, expected):
    assert mode(term_needle(term)) == expected


def test_terms_are_the_scans_needles_with_the_c_identifier_rule():
    # The one Needle type; source.context's word mode is C's rule, retrieval's is wider.
    assert term_needle("NPC_X") == Needle("NPC_X", word=True)
    assert term_needle("$x") == Needle("$x", word=False)
    assert is_identifier("$x") and is_identifier("größe")
    assert not is_identifier("$x", strict=True) and not is_identifier("größe", strict=True)


def test_a_whole_word_ends_at_ascii_word_characters_only():
    data = b"$NPC_X = 1\n\xc3\xa9NPC_X\nNPC_X$\nNPC_Xa\n"
    assert hit_lines(data, term_needle("NPC_X")) == [1, 2, 3]
    assert hit_lines(b"a $x b\n$xy\n", term_needle("$x")) == [1, 2]  # a fixed string


def test_word_mode_matches_whole_words_only():
    data = b"NPC_X = 1\nMY_NPC_X = 2\nNPC_X2 = 3\ncall(NPC_X)\nnpc_x\n"
    assert hit_lines(data, term_needle("NPC_X")) == [1, 4]


def test_fixed_mode_is_case_sensitive_and_literal():
    data = b"a = 23487\nb = 123487\nc = 2348\nx.*y\nX.*Y\n"
    assert hit_lines(data, term_needle("23487")) == [1, 2]
    assert hit_lines(data, term_needle("x.*y")) == [4]


def test_several_hits_on_one_line_count_once():
    assert hit_lines(b"K K K\n\nK\n", term_needle("K")) == [1, 3]


def test_lines_split_at_newlines_only():
    assert split_lines(b"a\r\nb\x0cc\n\nd") == ["a", "b\x0cc", "", "d"]
    assert split_lines(b"\xffbad\n") == ["\ufffdbad"]


@pytest.mark.parametrize(
    "line, name",
    [
        ("#define NPC_WOLPERTINGER 23487", "NPC_WOLPERTINGER"),
        ("#  define NPC_W (23487) // comment", "NPC_W"),
        ("    NPC_W                 = 23487,", "NPC_W"),
        ("const uint32 NPC_W = 23487;", "NPC_W"),
        ("static constexpr uint32 NPC_W = 23487; // wolpertinger", "NPC_W"),
        ("std::uint32_t const NPC_W = 23487;", "NPC_W"),
        ("public const int NpcW = 23487;", "NpcW"),
        ("NPC_W: 23487,", "NPC_W"),
        ("NPC_W = 23487  # python", "NPC_W"),
        ("NPC_W: int = 23487", "NPC_W"),
        ("export const NPC_W: number = 23487;", "NPC_W"),
        ("pub const NPC_W: u32 = 23487;", "NPC_W"),
        ("var NPC_W int = 23487", "NPC_W"),
        ("NPC_W := 23487", "NPC_W"),
        ("local NPC_W = 23487", "NPC_W"),
        ("SET @NPC_W := 23487;", "NPC_W"),
        ("x = 23487 -- sql", "x"),
        ("if (entry == 23487)", None),
        ("entry == 23487;", None),
        ("entry != 23487", None),
        ("entry += 23487", None),
        ("case 23487:", None),
        ("return 23487;", None),
        ("foo(x, 23487);", None),
        ("x = 234870;", None),
        ("x = 23487 + 1;", None),
        ("a = b = 23487", None),
        ("call(x=23487, y=1)", None),
        ("x = " + " " * 400 + "23487", None),  # too long to be a simple assignment
    ],
)
def test_alias_is_the_name_left_of_a_simple_assignment(line, name):
    assert alias_name(line, "23487") == name


def test_alias_of_an_identifier_term_is_not_the_term_itself():
    assert alias_name("NPC_ALIAS = NPC_W;", "NPC_W") == "NPC_ALIAS"
    assert alias_name("NPC_W = 5;", "5") == "NPC_W"
    assert alias_name("int = 5", "5") is None


def test_registration_sites_are_prefixed_calls_and_declarations():
    data = b"void AddSC_a();\nint AddSC_b = 1;\n  AddSC_c ();\nMyAddSC_d();\nAddSC_();\nRegX(1); RegY();\n"
    assert registration_sites(data, ("AddSC_",)) == [("AddSC_a", 1), ("AddSC_c", 3)]
    assert registration_sites(data, ("AddSC_", "Reg")) == [
        ("AddSC_a", 1),
        ("AddSC_c", 3),
        ("RegX", 6),
        ("RegY", 6),
    ]
    assert registration_sites(data, ()) == []


@pytest.mark.parametrize(
    "anchors, context, last, windows",
    [
        ([10], 3, 100, [(7, 13)]),
        ([10, 14], 3, 100, [(7, 17)]),  # overlapping
        ([10, 17], 3, 100, [(7, 20)]),  # adjacent: 13 and 14 touch
        ([10, 18], 3, 100, [(7, 13), (15, 21)]),
        ([1, 99], 5, 100, [(1, 6), (94, 100)]),  # clamped to the file
        ([5, 5, 3], 0, 10, [(3, 3), (5, 5)]),
        ([], 3, 10, []),
    ],
)
def test_windows_merge_when_they_overlap_or_touch(anchors, context, last, windows):
    assert merge_windows(anchors, context, last) == windows
