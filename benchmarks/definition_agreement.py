"""Where the line patterns and the tree-sitter queries disagree on what a file defines.

    .venv/bin/python benchmarks/definition_agreement.py --tasks /work/shared/bench/tasks-dev.jsonl \
        --checkouts /work/cache/checkouts [--per-repo 400] [--language typescript] [--samples FILE]

The scan tells a definition from a use with the line patterns (`definition_kind` on each line a
needle matched: the symbols strategy's "defines"); a whole file is read with tree-sitter where a
grammar is installed. For each repository of the tasks (its first task's checkout), up to
`--per-repo` source files (no tests, none with a line over MAX_LINE_CHARS: minified) are read by
both, and per language:

- definitions: tree-sitter's functions, methods and types that the patterns find on the same line
  under the same name;
- variables: the same for its variables, fields, properties and constants;
- agreement: the patterns' definitions that tree-sitter has too (the rest are either its misses, an
  assignment of a function it does not report, or the patterns' mistakes: `--samples` lists them).

With `--in-file` the patterns' definitions are those a retrieval keeps: a doubtful line (a name of a
multi-line import, a parameter alone on its line: `navigator.patterns.doubtful_definition`) is
looked at in its file, as the navigator does while a name has few of them.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import sys
from collections import Counter, defaultdict
from pathlib import Path

from boundedcode.lang.definitions.kinds import Definition, split_qualified
from boundedcode.lang.definitions.lines import line_definitions
from boundedcode.lang.definitions.trees import tree_definitions
from boundedcode.lang.languages import is_test_path, language_of
from boundedcode.navigator.patterns import defines_nothing_there, doubtful_definition

#: A file with a longer line is minified or generated: many definitions a line, none of them the
#: patterns' business.
MAX_LINE_CHARS = 400
#: Files over this size are left out (a generated table, an amalgamation).
MAX_FILE_BYTES = 300_000
#: Kinds that name a value, not a function or a type.
VALUE_KINDS = frozenset({"variable", "field", "property", "constant"})
#: Disagreements written per language and kind with --samples.
SAMPLES = 400


def repositories(tasks: Path, checkouts: Path) -> dict[str, Path]:
    """Repository → the checkout of its first task that has one."""
    out: dict[str, Path] = {}
    for line in tasks.read_text().splitlines():
        if line.strip():
            task = json.loads(line)
            root = checkouts / task["base_commit"]
            if root.is_dir():
                out.setdefault(task["instance_id"].rsplit("-", 1)[0], root)
    return out


def source_files(root: Path, only: str | None) -> list[tuple[str, str]]:
    """(path, language) of the checkout's source files outside tests and vendored folders, in path order."""
    found = []
    for folder, dirs, files in os.walk(root):
        dirs[:] = sorted(d for d in dirs if not d.startswith(".") and d not in ("node_modules", "vendor"))
        for name in sorted(files):
            path = os.path.relpath(os.path.join(folder, name), root)
            language = language_of(path)
            if language and not is_test_path(path) and (only is None or language == only):
                found.append((path, language))
    return found


def kept_in_file(
    path: str, language: str, data: bytes, found: list[Definition], lines: list[str]
) -> list[Definition]:
    """`found` without the doubtful lines their file says define nothing (`--in-file`)."""
    split = data.split(b"\n")
    return [
        d
        for d in found
        if not doubtful_definition(path, language, lines[d.line - 1], split_qualified(d.name)[0], d.kind)
        or not defines_nothing_there(path, d.line, lines[d.line - 1], lambda _: split)
    ]


def compare(
    language: str,
    data: bytes,
    where: str,
    counts: Counter[str],
    missed: list[str],
    extra: list[str],
    in_file: bool = False,
) -> bool:
    """One file read by both engines; False where tree-sitter cannot read its language."""
    tree = tree_definitions(language, data)
    if tree is None:
        return False
    text = data.decode("utf-8", "replace")
    lines = text.split("\n")
    found = line_definitions(language, text)
    if in_file:
        found = kept_in_file(where.split(":", 1)[1], language, data, found, lines)
    by_lines = {(d.line, split_qualified(d.name)[0]) for d in found}
    by_tree = {(d.line, split_qualified(d.name)[0]): d.kind for d in tree}
    for (line, name), kind in sorted(by_tree.items()):
        key = "variables" if kind in VALUE_KINDS else "definitions"
        counts[key] += 1
        if (line, name) in by_lines:
            counts[key + " found"] += 1
        else:
            missed.append(f"{where}:{line} [{key} {kind} {name}] {lines[line - 1].strip()[:120]}")
    for line, name in sorted(by_lines):
        counts["patterns"] += 1
        if (line, name) in by_tree:
            counts["patterns agreed"] += 1
        else:
            extra.append(f"{where}:{line} [{name}] {lines[line - 1].strip()[:120]}")
    return True


def _share(counts: Counter[str], part: str, whole: str) -> str:
    return f"{counts[part] / max(counts[whole], 1):.3f}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--tasks", type=Path, required=True, help="tasks JSONL (instance_id, base_commit)")
    parser.add_argument("--checkouts", type=Path, required=True, help="folder of checkouts named by commit")
    parser.add_argument("--per-repo", type=int, default=400, help="files read per repository")
    parser.add_argument("--language", help="only this language")
    parser.add_argument("--samples", type=Path, help="write the disagreements here")
    parser.add_argument("--in-file", action="store_true", help="doubtful lines looked at in their files")
    args = parser.parse_args(argv)
    counts: dict[str, Counter[str]] = defaultdict(Counter)
    missed: dict[str, list[str]] = defaultdict(list)
    extra: dict[str, list[str]] = defaultdict(list)
    for repo, root in sorted(repositories(args.tasks, args.checkouts).items()):
        files = source_files(root, args.language)
        random.Random(repo).shuffle(files)  # a sample across the tree, the same in every run
        read = 0
        for path, language in files:
            if read >= args.per_repo:
                break
            try:
                data = (root / path).read_bytes()
            except OSError:
                continue
            if len(data) > MAX_FILE_BYTES or max(map(len, data.split(b"\n"))) > MAX_LINE_CHARS:
                continue
            found = Counter[str]()
            if compare(
                language, data, f"{repo}:{path}", found, missed[language], extra[language], args.in_file
            ):
                counts[language].update(found)
                read += 1
    print(
        "| language | tree-sitter definitions | found by the patterns | variables | found | pattern definitions | agreed |"
    )
    print("| --- | --- | --- | --- | --- | --- | --- |")
    for language, c in sorted(counts.items()):
        print(
            f"| {language} | {c['definitions']} | {_share(c, 'definitions found', 'definitions')} "
            f"| {c['variables']} | {_share(c, 'variables found', 'variables')} "
            f"| {c['patterns']} | {_share(c, 'patterns agreed', 'patterns')} |"
        )
    if args.samples is not None:
        with args.samples.open("w") as out:
            for language in sorted(counts):
                for title, rows in (("missed", missed[language]), ("patterns alone", extra[language])):
                    print(f"## {language}, {title}: {len(rows)}", file=out)
                    for row in random.Random(language).sample(rows, min(SAMPLES, len(rows))):
                        print("  " + row, file=out)
    return 0


if __name__ == "__main__":
    sys.exit(main())
