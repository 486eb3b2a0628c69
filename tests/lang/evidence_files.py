"""The captured evidence fixtures (tests/fixtures/evidence, see capture.sh), shared by the parser tests."""

from pathlib import Path

EVIDENCE = Path(__file__).resolve().parents[1] / "fixtures" / "evidence"
T = "/tmp/capture/evidence"  # where capture.sh ran the programs


def evidence(name: str) -> str:
    return (EVIDENCE / name).read_bytes().decode("utf-8")  # bytes: keep CRLF line endings
