"""Relevance goldens: the rendered block per scenario, pinned byte for byte.

Regenerate with `scripts/update-goldens` (BCODE_UPDATE_GOLDENS=1); never by hand.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from boundedcode import retrieve

from .conftest import EXAMPLE

HERE = Path(__file__).parent / "golden"
SCENARIOS = yaml.safe_load((HERE / "scenarios.yaml").read_text())
UPDATE = os.environ.get("BCODE_UPDATE_GOLDENS") == "1"


def render(name: str) -> str:
    result = retrieve(SCENARIOS[name]["message"], str(EXAMPLE))
    return result.block


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_block_matches_golden(name):
    golden = HERE / f"{name}.txt"
    text = render(name)
    if UPDATE:
        golden.write_text(text)
    assert text == golden.read_text(), f"{name}: block changed; run scripts/update-goldens if intended"


def test_go_field_and_typescript_function_are_both_in_one_block():
    paths = retrieve(SCENARIOS["go_field_and_ts_function"]["message"], str(EXAMPLE)).paths
    assert "go/ledger/ledger.go" in paths and "web/src/client.ts" in paths


def test_same_message_same_bytes_across_processes():
    message = SCENARIOS["go_field_and_ts_function"]["message"]
    code = (
        "import sys; from boundedcode import retrieve; "
        "sys.stdout.write(retrieve(sys.stdin.read(), sys.argv[1]).block)"
    )
    outs = {
        subprocess.run(
            [sys.executable, "-c", code, str(EXAMPLE)],
            input=message,
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for _ in range(2)
    }
    assert outs == {render("go_field_and_ts_function")}
