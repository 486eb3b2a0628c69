"""One identifier rule with two documented answers: retrieval's wide one and C's (`strict`)."""

from __future__ import annotations

import pytest

from boundedcode.lang.identifiers import identifiers_in, is_identifier


@pytest.mark.parametrize(
    "text, wide, strict",
    [
        ("url_for", True, True),
        ("_private1", True, True),
        ("$el", True, False),
        ("a$b", True, False),
        ("größe", True, False),
        ("1st", False, False),
        ("é", False, False),  # a non-ASCII first letter is no identifier in either rule
        ("Flask.url_for", False, False),
        ("name\n", False, False),
        ("", False, False),
    ],
)
def test_identifier_rules(text, wide, strict):
    assert is_identifier(text) is wide
    assert is_identifier(text, strict=True) is strict


def test_the_identifiers_a_text_spells_are_the_ones_is_identifier_accepts():
    found = identifiers_in("`call_command` fails for $el in größe.py (x2, 2x)")
    assert found == ["call_command", "fails", "for", "$el", "in", "größe", "py", "x2", "x"]
    assert all(is_identifier(name) for name in found)
