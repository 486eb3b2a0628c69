"""One parse of one file with its language's tree-sitter grammar (the definitions' grammar table)."""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING

from ..definitions.trees import GRAMMARS, language_pointer

if TYPE_CHECKING:
    from tree_sitter import Language, Node

__all__ = ["parse", "text"]


@functools.cache
def _language(language: str) -> Language | None:
    spec = GRAMMARS.get(language)
    if spec is None:
        return None
    try:
        import tree_sitter

        return tree_sitter.Language(language_pointer(spec))
    except (ImportError, AttributeError, ValueError, TypeError):
        return None  # a missing wheel or an ABI the runtime does not read


def parse(language: str, source: bytes) -> Node | None:
    """The root node of `source` parsed as `language`; None without a usable grammar."""
    lang = _language(language)
    if lang is None:
        return None
    from tree_sitter import Parser

    return Parser(lang).parse(source).root_node


def text(node: Node | None) -> str:
    return node.text.decode("utf-8", "replace") if node is not None and node.text is not None else ""
