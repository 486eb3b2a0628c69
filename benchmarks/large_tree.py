"""Build a large tree for the warm engine's benchmarks out of cached checkouts.

    .venv/bin/python benchmarks/large_tree.py --tasks TASKS.jsonl --checkouts DIR \
        --out /work/tree35 [--files 34000]

Issue 11 states the long-lived host's targets on a tree of some 34,000 files; no checkout of the
development split is that large. This puts the largest cached checkout of each repository side
by side, the largest repositories first, until the files reach --files, each under a folder
named after its repository, and commits them in one `git init` (a user's checkout has an
index: the walk lists what git tracks). Files are hard links where the file system allows,
copies otherwise. Deterministic: the same cache gives the same tree. It prints the
repositories taken and the files.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys


def _count(root: str) -> int:
    return sum(len(files) for _, _, files in os.walk(root))


def _largest_checkouts(tasks_file: str, checkouts: str) -> list[tuple[int, str, str]]:
    """(files, repository, checkout) for each repository's largest cached checkout, largest first."""
    best: dict[str, tuple[int, str]] = {}
    seen: set[str] = set()
    with open(tasks_file, encoding="utf-8") as f:
        for line in f:
            if not line.strip():
                continue
            task = json.loads(line)
            path = os.path.join(checkouts, task["base_commit"])
            if path in seen or not os.path.isdir(path):
                continue
            seen.add(path)
            files = _count(path)
            repo = task["repo"]
            if repo not in best or (files, path) > best[repo]:
                best[repo] = (files, path)
    return sorted(((n, repo, path) for repo, (n, path) in best.items()), key=lambda r: (-r[0], r[1]))


def _link_tree(source: str, target: str) -> None:
    def link(src: str, dst: str) -> None:
        try:
            os.link(src, dst)
        except OSError:
            shutil.copy2(src, dst)

    shutil.copytree(source, target, symlinks=True, copy_function=link)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--tasks", required=True)
    ap.add_argument("--checkouts", required=True, help="the benchmark's checkout cache")
    ap.add_argument("--out", required=True, help="a folder that does not exist yet")
    ap.add_argument("--files", type=int, default=34000, help="stop once the tree holds this many")
    args = ap.parse_args()
    if os.path.exists(args.out):
        print(f"large_tree.py: {args.out} exists; give a new folder", file=sys.stderr)
        return 2
    taken, total = [], 0
    for files, repo, path in _largest_checkouts(args.tasks, args.checkouts):
        if total >= args.files:
            break
        taken.append((repo, path))
        total += files
    if total < args.files:
        print(f"large_tree.py: the cache holds {total} files, fewer than {args.files}", file=sys.stderr)
        return 1
    os.makedirs(args.out)
    for repo, path in taken:
        _link_tree(path, os.path.join(args.out, repo.replace("/", "__")))
        print(f"{repo}: {os.path.basename(path)}", flush=True)
    # (a checkout's own .gitattributes may ask for CRLF: its warnings are no news here)
    git = [
        "git",
        "-C",
        args.out,
        "-c",
        "user.name=bench",
        "-c",
        "user.email=bench@localhost",
        "-c",
        "core.safecrlf=false",
    ]
    subprocess.run([*git, "init", "-q"], check=True)
    subprocess.run([*git, "add", "-A", "--", "."], check=True)
    subprocess.run([*git, "commit", "-q", "--no-verify", "-m", "large tree"], check=True)
    print(f"{args.out}: {total} files from {len(taken)} repositories")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
