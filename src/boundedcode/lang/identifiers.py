"""What counts as one identifier: the rule that decides a whole-word needle or a literal.

Retrieval and `source.context` ask the same question with two documented answers.
Retrieval takes the widest spelling the languages share, so `$el` (JavaScript,
PHP) and `größe` (Kotlin, Python, Java) are searched as whole words. The
`source.context` spec searches "valid identifiers" as whole words and everything
else as a fixed string, with C's rule (`strict`): ASCII letters, digits and `_`,
so `$x` and `größe` are fixed strings there.
"""

from __future__ import annotations

from ..lazyre import compile_static

__all__ = ["is_identifier", "identifiers_in"]

_IDENTIFIER = compile_static(r"[A-Za-z_$][\w$]*")
_STRICT_IDENTIFIER = compile_static(r"[A-Za-z_][A-Za-z0-9_]*")


def is_identifier(text: str, *, strict: bool = False) -> bool:
    """Whether `text` is one identifier.

    By default an ASCII letter, `_` or `$` first, then letters (any script), digits,
    `_` or `$`. `strict`: an ASCII letter or `_` first, then ASCII letters, digits or `_`.
    """
    return bool((_STRICT_IDENTIFIER if strict else _IDENTIFIER).fullmatch(text))


def identifiers_in(text: str) -> list[str]:
    """The identifiers `text` spells, in order, by the default rule of `is_identifier`."""
    return _IDENTIFIER.findall(text)
