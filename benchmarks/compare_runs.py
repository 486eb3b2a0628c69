"""Two runs of `bcode bench direct`, side by side: per track and language, and the blocks that changed.

    .venv/bin/python benchmarks/compare_runs.py BEFORE_DIR AFTER_DIR [--method adaptive]

Each directory is a run's `--out` (its records.jsonl). For each track, a table per language:
file recall, Acc@1, Acc@5, Acc@10 (in %) and the median block's tokens, before and after; then
how many blocks list other files, and every task whose gold files moved (the places of those
the block holds, before → after). Only the
tasks both runs hold, each with the method's plain run (no `--without`).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
from collections import defaultdict

#: The scores a row shows, as the records name them, and how the table heads them.
SCORES = (("recall", "recall"), ("acc@1", "Acc@1"), ("acc@5", "Acc@5"), ("acc@10", "Acc@10"))


def load(run: str, method: str) -> dict[tuple[str, str], dict]:
    """(track, instance_id) -> the method's record in a run's records.jsonl."""
    out = {}
    path = os.path.join(run, "records.jsonl")
    if not os.path.isfile(path):
        raise SystemExit(f"{run}: no records.jsonl (a `bcode bench direct --out` directory is wanted)")
    with open(path, encoding="utf-8") as f:
        for line in f:
            record = json.loads(line)
            if record["method"] == method and not record["options"].get("without"):
                out[(record["track"], record["instance_id"])] = record
    return out


def cell(records: list[dict]) -> str:
    scores = " / ".join(
        f"{100 * sum(float(r['scores'][key]) for r in records) / len(records):.1f}" for key, _ in SCORES
    )
    return f"{scores}, {statistics.median(r['tokens'] for r in records):.0f} tok"


def ranks(record: dict) -> str:
    """The places of the gold files the block holds, and of how many."""
    files = [item["path"] for item in record["ranked"]]
    held = sorted(files.index(g) + 1 for g in record["gold"] if g in files)
    return f"{', '.join(map(str, held)) or 'none'} of {len(record['gold'])}"


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("before", help="a run's --out directory")
    ap.add_argument("after", help="another run's --out directory")
    ap.add_argument("--method", default="adaptive", help="the method compared (default: adaptive)")
    args = ap.parse_args()
    before, after = load(args.before, args.method), load(args.after, args.method)
    both = sorted(before.keys() & after.keys())
    if not both:
        raise SystemExit(f"the two runs hold no task of the method {args.method!r} in common")
    heads = " / ".join(head for _, head in SCORES)
    for track in sorted({t for t, _ in both}):
        keys = [k for k in both if k[0] == track]
        groups: dict[str, list[tuple[str, str]]] = defaultdict(list)
        for key in keys:
            groups["all"].append(key)
            groups[before[key]["language"]].append(key)
        print(f"\n{track} track ({heads} in %, median tokens)\n")
        print("| language | tasks | before | after |\n| --- | --- | --- | --- |")
        for language in sorted(groups, key=lambda g: (g != "all", g)):
            members = groups[language]
            print(
                f"| {language} | {len(members)} | {cell([before[k] for k in members])} "
                f"| {cell([after[k] for k in members])} |"
            )
        changed = [k for k in keys if before[k]["files"] != after[k]["files"]]
        print(f"\n{len(changed)} of {len(keys)} blocks list other files")
        for key in changed:
            was, now = ranks(before[key]), ranks(after[key])
            if was != now:
                print(f"  {key[1]}: gold files at {was} -> {now}")


if __name__ == "__main__":
    main()
