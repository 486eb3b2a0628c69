from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from boundedcode.bench.checkouts import CheckoutCache, CheckoutError, Mirrors, list_files
from boundedcode.errors import UsageError

from .conftest import snapshot


def test_materializes_each_commit_without_touching_the_mirror(tmp_path: Path, mirror: dict):
    before = snapshot(mirror["git_dir"])
    cache = CheckoutCache(str(tmp_path / "cache"), max_bytes=10**9)
    first, second = mirror["commits"]
    one = Path(cache.path(str(mirror["git_dir"]), first))
    two = Path(cache.path(str(mirror["git_dir"]), second))
    assert (one / "src/cart.py").read_text().startswith("class Cart")
    assert (one / "tests/test_cart.py").exists()  # export-ignore does not apply
    assert not (one / "src/refund.py").exists()
    assert "currency" in (two / "src/ledger.py").read_text()
    assert (two / "src/refund.py").exists()
    assert not (one / ".git").exists()
    assert snapshot(mirror["git_dir"]) == before
    # A second request is a cache hit: the same directory, nothing rewritten.
    mtime = (one / "src/cart.py").stat().st_mtime_ns
    assert cache.path(str(mirror["git_dir"]), first) == str(one)
    assert (one / "src/cart.py").stat().st_mtime_ns == mtime


def test_list_files_regular_files_with_blob_ids(mirror: dict):
    files = list_files(str(mirror["git_dir"]), mirror["commits"][0])
    assert [f.path for f in files] == [
        ".gitattributes",
        "README.md",
        "src/cart.py",
        "src/ledger.py",
        "tests/test_cart.py",
    ]  # the symlink is left out
    assert all(len(f.blob) == 40 and f.size > 0 for f in files)


def test_evicts_least_recently_used_beyond_the_cap(tmp_path: Path, mirror: dict):
    root = tmp_path / "cache"
    first, second = mirror["commits"]
    cache = CheckoutCache(str(root), max_bytes=1)  # any two checkouts exceed it
    cache.path(str(mirror["git_dir"]), first)
    cache.path(str(mirror["git_dir"]), second)
    assert not (root / first).exists() and not (root / f"{first}.json").exists()
    assert sorted(p.name for p in root.iterdir()) == [second, f"{second}.json"]  # nothing half removed
    assert json.loads((root / f"{second}.json").read_text())["bytes"] > 0


def test_pinned_checkout_survives_eviction(tmp_path: Path, mirror: dict):
    first, second = mirror["commits"]
    cache = CheckoutCache(str(tmp_path / "cache"), max_bytes=1)
    cache.path(str(mirror["git_dir"]), first)
    cache.pin(first)
    cache.path(str(mirror["git_dir"]), second)
    assert (tmp_path / "cache" / first).exists()


def test_leftovers_of_an_interrupted_run_are_cleared(tmp_path: Path, mirror: dict):
    root = tmp_path / "cache"
    (root / ".tmp-abc-1" / "x").mkdir(parents=True)
    (root / ("f" * 40) / "half").mkdir(parents=True)  # a checkout without its marker
    CheckoutCache(str(root), max_bytes=10**9)
    assert sorted(os.listdir(root)) == []


def test_unknown_commit_and_bad_ids(tmp_path: Path, mirror: dict):
    cache = CheckoutCache(str(tmp_path / "cache"), max_bytes=10**9)
    with pytest.raises(CheckoutError):
        cache.path(str(mirror["git_dir"]), "0" * 40)
    with pytest.raises(CheckoutError, match="not a full commit id"):
        cache.path(str(mirror["git_dir"]), "--upload-pack=evil")
    assert [n for n in os.listdir(tmp_path / "cache")] == []


def test_mirror_specs(tmp_path: Path, mirror: dict):
    folder = Mirrors([str(mirror["folder"])])
    assert folder.git_dir("acme/shop") == str(mirror["git_dir"])
    assert folder.git_dir("acme/other") is None
    pair = Mirrors([f"Acme/Shop={mirror['git_dir']}"])
    assert pair.git_dir("acme/shop") == str(mirror["git_dir"])


@pytest.mark.parametrize(
    "spec,message",
    [
        ("no/such/dir", "not a directory nor owner/name=GITDIR"),
        ("acme=somewhere", "expected owner/name=GITDIR"),
        ("acme/shop={missing}", "is not a git directory"),
    ],
)
def test_bad_mirror_specs(tmp_path: Path, spec: str, message: str):
    with pytest.raises(UsageError, match=message):
        Mirrors([spec.format(missing=tmp_path / "missing")])


def test_a_blob_missing_from_a_partial_mirror_is_skipped_and_counted(tmp_path: Path, mirror: dict):
    first = mirror["commits"][0]
    readme = next(f for f in list_files(str(mirror["git_dir"]), first) if f.path == "README.md")
    loose = mirror["git_dir"] / "objects" / readme.blob[:2] / readme.blob[2:]
    assert loose.exists()
    loose.unlink()
    root = tmp_path / "cache"
    out = Path(CheckoutCache(str(root), max_bytes=10**9).path(str(mirror["git_dir"]), first))
    assert (out / "src/cart.py").exists() and not (out / "README.md").exists()
    assert json.loads((root / f"{first}.json").read_text())["missing_blobs"] == 1
