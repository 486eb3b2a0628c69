"""The captured evidence corpus (tests/fixtures/evidence/corpus.toml): every fixture's exact places,
through the parsers and through `bcode retrieve --evidence` (benchmarks/evidence_corpus.py)."""

import importlib.util
import re
import sys
from pathlib import Path

import pytest

from evidence_files import EVIDENCE

_SCORER = Path(__file__).resolve().parents[2] / "benchmarks" / "evidence_corpus.py"
_spec = importlib.util.spec_from_file_location("evidence_corpus", _SCORER)
corpus = importlib.util.module_from_spec(_spec)
sys.modules[_spec.name] = corpus  # its dataclasses look their module up
_spec.loader.exec_module(corpus)

CASES = corpus.load_corpus(EVIDENCE)
#: Fixtures that name failing tests only, with no located place (tests/lang/test_testids.py).
NO_PLACES = {"mixed/generic_failed.txt", "c/ctest_progress.txt"}


def test_every_fixture_is_in_the_corpus():
    fixtures = {p.relative_to(EVIDENCE).as_posix() for p in EVIDENCE.glob("*/*.txt")}
    assert fixtures - {c.fixture for c in CASES} == NO_PLACES
    assert all((EVIDENCE / c.fixture).is_file() for c in CASES)


def test_each_capture_function_has_a_name_of_its_own():
    """bash keeps a function's last definition: a second one of a name drops the first's capture."""
    names = re.findall(r"^([a-z_0-9]+)\(\) \{", (EVIDENCE / "capture.sh").read_text(), re.M)
    assert len(names) > 60
    assert sorted(n for n in set(names) if names.count(n) > 1) == []


@pytest.mark.parametrize("case", CASES, ids=lambda c: c.fixture)
def test_the_parsers_give_every_place_of_the_fixture(case):
    text = (EVIDENCE / case.fixture).read_bytes().decode("utf-8")
    parsed = corpus.parsed_places(text, list(corpus.checkout_files(case)))
    assert [p for p in case.expected if p not in parsed] == []


def test_the_corpus_through_bcode_retrieve_meets_the_bar():
    figures = corpus.score_corpus(EVIDENCE).figures()
    assert figures["tools"] >= 40 and figures["traces"] >= 150 and figures["languages"] >= 12
    assert figures["crashes"] == 0
    assert figures["location recall"] >= 0.95
    assert figures["innermost frame first"] >= 0.95
