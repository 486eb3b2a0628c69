"""The published JSON Schema (render/result.schema.json) against real output of every kind."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from boundedcode import MemoryTree, retrieve
from boundedcode.render import SCHEMA_VERSION, schema

from .conftest import EXAMPLE

GOLDEN = Path(__file__).parent / "golden"


def validate(document: Any, ref: str | None = None) -> None:
    """Raise unless `document` (or the part of the schema `ref` points at) accepts it."""
    full = schema()
    target = {"$ref": ref, "$defs": full["$defs"]} if ref else full
    jsonschema.Draft202012Validator(target).validate(document)


def test_the_schema_is_valid_json_schema_of_this_version():
    jsonschema.Draft202012Validator.check_schema(schema())
    assert schema()["properties"]["schema_version"] == {"const": SCHEMA_VERSION}


@pytest.mark.parametrize("golden", sorted(GOLDEN.glob("*.json")), ids=lambda p: p.stem)
def test_every_json_golden_fits_the_schema(golden):
    validate(json.loads(golden.read_text()))


def test_basic_mode_a_demoted_test_file_and_a_commit_fit_the_schema():
    validate(retrieve("`reorder` is wrong", str(EXAMPLE), retrieval="basic").to_json())
    tree = MemoryTree(
        {"tests/test_ledger.py": "def test_post():\n    post()\n", "ledger.py": "x = 1\n"},
        commit="a" * 40,
        branch="main",
    )
    doc = retrieve("`test_post` fails", tree=tree, explain=True).to_json()
    validate(doc)
    assert doc["items"][0]["explain"]["demotion"] == {"factor": 0.6, "as": "test"}


def test_the_schema_rejects_what_it_does_not_describe():
    doc = json.loads((GOLDEN / "python_quoted_error.json").read_text())
    for broken in (
        {**doc, "schema_version": 2},
        {**doc, "items": [{**doc["items"][0], "line": 0}]},
        {k: v for k, v in doc.items() if k != "block"},
    ):
        with pytest.raises(jsonschema.ValidationError):
            validate(broken)
