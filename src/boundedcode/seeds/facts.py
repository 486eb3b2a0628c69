"""What a message asks for, read from its prose: tests, a question, configuration, and its words.

Ranking and the strategies read these facts. They come from the prose alone: a
code sample or a failing test pasted as evidence says nothing about what the
message is about (the fix of a failing test is in the code, not the test). The
full-text terms are the exception: the whole message's, and the words of the
failing tests' names (a new test is in no file yet, and its name says what fails).
"""

from __future__ import annotations

import re
from typing import NamedTuple, Sequence

from ..lang.identifiers import identifiers_in
from ..lazyre import LazyPattern, compile_static
from ..model import Anchor, AnchorKind, AnchorOrigin
from .message import split_segments, words
from .terms import QueryTerm, query_terms

__all__ = ["MessageFacts", "message_facts"]

#: Prose that asks for work on the tests themselves: adding or fixing one, a flaky one, their
#: coverage. A report that a test fails, or one that names the test framework it is about, is
#: not: its fix is in the code the test runs.
_ABOUT_TESTS = compile_static(
    r"\b(?:(?:add|write|fix|update|rewrite|improve|remove|skip|missing)\s+"
    r"(?:(?:a|an|the|some|these|those|our|unit|regression|integration|more|new)\s+)*"
    r"(?:tests?|test cases?|specs?)\b(?!\.\w)|flaky|tests? coverage)",
    re.I,
)
_QUESTION = compile_static(
    r"^\s*(how|why|what|where|which|is there|are there|can i|can we|"
    r"does|do i|should)\b",
    re.I,
)
_ABOUT_CONFIG = compile_static(
    r"\b(config|configuration|configure|settings?|option|env(ironment)? "
    r"variable)\b",
    re.I,
)


class MessageFacts(NamedTuple):
    """What a message asks for: tests, an answer to a question, configuration; and its words."""

    about_tests: bool
    is_question: bool
    about_config: bool
    words: tuple[str, ...]  # lower-case prose words, identifiers split
    #: The full-text terms of the whole message, code samples included (seeds.terms).
    terms: tuple[QueryTerm, ...] = ()
    #: The terms of its title (the prose's first line), in order: fulltext's title share.
    title_terms: tuple[str, ...] = ()
    #: The identifiers its title spells (`call_command`, `TemplateView`): the names it is about.
    title_names: frozenset[str] = frozenset()
    #: Two or three consecutive words of its title run together in lower case (`UUID field` →
    #: `uuidfield`): a name the title spells in words (`UUIDField`, `prefetch_related`).
    title_spellings: frozenset[str] = frozenset()
    #: The types and functions its code samples define (`class Child extends Parent`): the
    #: reporter's own code, so a file named after one (`Child.java`) is the reporter's file.
    sample_definitions: frozenset[str] = frozenset()


#: A definition in a code sample: a type's or a function's keyword, then its name.
_SAMPLE_DEFINITION = compile_static(
    r"\b(?:class|interface|struct|enum|trait|record|object|def|fn|func|function|module)\s+([A-Za-z_]\w*)"
)


#: A test's name's own word for being a test, where a word begins or ends (`test_total`,
#: `testTotal`, `TotalTest`, `cart_test`, `CartTests`, `CartTestCase`; not `testing`, `latest`).
_TEST_WORD = LazyPattern(r"^[Tt]ests?(?:_|(?=[A-Z])|$)|(?:_[Tt]ests?|Tests?|TestCase)$")
#: What separates the parts of a test's suite (`migrations.test_autodetector.AutodetectorTests`,
#: `routing::tests::fallback`).
_SUITE_PARTS = compile_static(r"::|\.")


def _tested(anchors: Sequence[Anchor]) -> list[str]:
    """The names of the failing tests the evidence names, of their suites and of their files,
    without their word for a test: what a test says is wrong (`test_zero_not_false`), where a new
    test is in no file yet."""
    out = []
    for a in anchors:
        if a.kind == AnchorKind.TEST and a.origin == AnchorOrigin.EVIDENCE:
            file = (a.detail or "").rpartition("/")[2].partition(".")[0]
            for part in (a.text, *_SUITE_PARTS.split(a.qualifier or ""), file):
                if part:
                    out.append(_TEST_WORD.sub("", part))
    return out


#: Words of a title, for its spellings: letters and digits only.
_TITLE_WORD = compile_static(r"[A-Za-z0-9]+")


def _spellings(title: str) -> frozenset[str]:
    """Each run of two or three consecutive words of `title`, lower case and run together."""
    parts = [w.lower() for w in _TITLE_WORD.findall(title)]
    return frozenset("".join(parts[i : i + n]) for n in (2, 3) for i in range(len(parts) - n + 1))


def message_facts(message: str, anchors: Sequence[Anchor]) -> MessageFacts:
    """The facts of `message`; a configuration key among its anchors makes it about configuration."""
    segments = split_segments(message)
    prose = segments.prose
    first = prose.strip().splitlines()[0] if prose.strip() else ""
    return MessageFacts(
        about_tests=bool(_ABOUT_TESTS.search(prose)),
        is_question=first.rstrip().endswith("?") or bool(_QUESTION.match(first)),
        # Environment variables are configuration keys too (seeds give SHOP_RATE_LIMIT as one).
        about_config=bool(_ABOUT_CONFIG.search(prose))
        or any(a.kind == AnchorKind.CONFIG_KEY for a in anchors),
        words=tuple(words(prose)),
        terms=tuple(query_terms("\n".join([message, *_tested(anchors)]))),
        title_terms=tuple(t.token for t in query_terms(first)),
        title_names=frozenset(identifiers_in(first)),
        title_spellings=_spellings(first),
        sample_definitions=frozenset(_SAMPLE_DEFINITION.findall(segments.code)),
    )
