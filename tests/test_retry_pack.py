"""Bounded mode's retry pack: the lines around each location, per repository, confined, in budget."""

import os
import subprocess
import sys

from boundedcode import retry_pack
from boundedcode.checkout import Budgets
from boundedcode.retry_pack import HEADER

from .conftest import write_tree

SERVICE = {
    "svc/orders.py": "".join(f"line_{i} = {i}\n" for i in range(1, 41)),
    "svc/api.py": "def handler():\n    return place()\n",
}
CLIENT = {"web/client.ts": "export function load() {\n  return fetch('/x');\n}\n"}


def test_locations_in_two_repositories_give_windows_per_repository(tmp_path):
    svc = write_tree(tmp_path / "service", SERVICE)
    web = write_tree(tmp_path / "client", CLIENT)
    output = (
        "Traceback (most recent call last):\n"
        '  File "/srv/app/svc/api.py", line 2, in handler\n'
        '  File "/srv/app/svc/orders.py", line 20, in place\n'
        "KeyError: 1\n"
        "web/client.ts(2,10): error TS2304: Cannot find name 'fetch'.\n"
    )
    pack = retry_pack(output, [str(svc), str(web)])
    lines = pack.text.splitlines()
    assert lines[0] == HEADER
    assert "== service ==" in lines and "== client ==" in lines
    assert lines.index("== service ==") < lines.index("== client ==")
    assert "--- svc/orders.py:16-24: stack frame in place" in lines
    assert "   20  line_20 = 20" in lines
    assert any(ln.startswith("--- web/client.ts:1-3: diagnostic: ") for ln in lines)


def test_nearby_locations_merge_into_one_window(tmp_path):
    svc = write_tree(tmp_path / "service", SERVICE)
    output = (
        "Traceback (most recent call last):\n"
        '  File "/x/svc/orders.py", line 10, in a\n'
        '  File "/x/svc/orders.py", line 15, in b\n'
    )
    pack = retry_pack(output, [str(svc)])
    assert [(w.path, w.start, len(w.lines)) for w in pack.windows] == [("svc/orders.py", 6, 14)]


def test_paths_outside_the_checkout_and_symlinks_are_never_shown(tmp_path):
    secret = write_tree(tmp_path / "outside", {"secret.py": "TOKEN = 'hunter2'\n"})
    svc = write_tree(tmp_path / "service", {**SERVICE, ".env": "TOKEN=hunter2\n"})
    os.symlink(secret / "secret.py", svc / "svc" / "link.py")
    output = (
        '  File "../outside/secret.py", line 1, in x\n'
        '  File "/etc/passwd", line 1, in x\n'
        '  File "/srv/svc/link.py", line 1, in x\n'
        '  File "/srv/.env", line 1, in x\n'
    )
    pack = retry_pack(output, [str(svc)])
    assert pack.text == "" and pack.windows == []


def test_the_budget_is_kept_and_what_was_left_out_is_said(tmp_path):
    svc = write_tree(tmp_path / "service", SERVICE)
    frames = "".join(f'  File "/x/svc/orders.py", line {n}, in f{n}\n' for n in range(2, 40, 9))
    pack = retry_pack(
        "Traceback (most recent call last):\n" + frames, [str(svc)], budgets=Budgets(block_tokens=120)
    )
    assert pack.tokens <= 120 and pack.left_out > 0
    assert "more location(s) left out to fit the block budget" in pack.text


def test_the_command_reads_failure_output_from_standard_input(tmp_path):
    svc = write_tree(tmp_path / "service", SERVICE)
    proc = subprocess.run(
        [sys.executable, "-m", "boundedcode.cli", "retry-pack", "--repo", str(svc), "--evidence", "-"],
        input='  File "/a/svc/api.py", line 2, in handler\n',
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    assert "--- svc/api.py:1-2: stack frame in handler" in proc.stdout
    missing = subprocess.run(
        [sys.executable, "-m", "boundedcode.cli", "retry-pack"], capture_output=True, text=True
    )
    assert missing.returncode == 2 and "no failure output" in missing.stderr


def test_every_place_in_one_file_gets_its_window(tmp_path):
    svc = write_tree(tmp_path / "service", SERVICE)
    output = "".join(f"svc/orders.py:{n}:1: error: bad {n}\n" for n in (3, 20, 37))
    pack = retry_pack(output, [str(svc)])
    assert [(w.path, w.start) for w in pack.windows] == [
        ("svc/orders.py", 1),
        ("svc/orders.py", 16),
        ("svc/orders.py", 33),
    ]
