"""Goldens for every renderer: the block, the JSON document, the explain text, the retry pack.

Per scenario on examples/shop: `<name>.txt` (the block), `<name>.json` (the
document with --explain, its timings zeroed) and
`<name>.explain.txt` (what `--explain` prints). Per captured failure output in
`retry_pack/`: `<name>.txt`, the RELEVANT CODE section. Regenerate with
`scripts/update-goldens` (BCODE_UPDATE_GOLDENS=1); never by hand.
"""

import os
import subprocess
import sys
from pathlib import Path

import pytest
import yaml

from boundedcode import retrieve, retry_pack
from boundedcode.render import dumps, explain_text

from .conftest import EXAMPLE

HERE = Path(__file__).parent / "golden"
SCENARIOS = yaml.safe_load((HERE / "scenarios.yaml").read_text())
PACKS = sorted(p.stem for p in (HERE / "retry_pack").glob("*.log"))
UPDATE = os.environ.get("BCODE_UPDATE_GOLDENS") == "1"


def render(name: str) -> str:
    result = retrieve(SCENARIOS[name]["message"], str(EXAMPLE))
    return result.block


def check(golden: Path, text: str) -> None:
    if UPDATE:
        golden.write_text(text)
    assert text == golden.read_text(), f"{golden.name} changed; run scripts/update-goldens if intended"


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_block_matches_golden(name):
    check(HERE / f"{name}.txt", render(name))


@pytest.mark.parametrize("name", sorted(SCENARIOS))
def test_json_and_explain_match_golden(name):
    result = retrieve(SCENARIOS[name]["message"], str(EXAMPLE), explain=True)
    # Timings are the clock's, not the renderer's: zeroed, so the document is byte-stable.
    result.timings_ms = dict.fromkeys(result.timings_ms, 0.0)
    check(HERE / f"{name}.json", dumps(result.to_json()) + "\n")
    check(HERE / f"{name}.explain.txt", result.block + explain_text(result))


@pytest.mark.parametrize("name", PACKS)
def test_retry_pack_matches_golden(name):
    output = (HERE / "retry_pack" / f"{name}.log").read_text()
    check(HERE / "retry_pack" / f"{name}.txt", retry_pack(output, [str(EXAMPLE)]).text)


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
