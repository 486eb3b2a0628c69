"""parallels: a found file's parallel implementation, after the ranking.

A project with one implementation per backend names each file after its
backend's directory (`javac/handlers/JavacHandlerUtil.java` beside
`eclipse/handlers/EclipseHandlerUtil.java`): a fix to one is often needed in
the other. Each of the PARALLEL_OF best files whose name holds the name of a
directory above it, and more than that name, points at the file spelled the same
way under each sibling of that directory, at R.PARALLEL of the found file's
score: alone it follows the found file; with findings of its own it adds to
them. A file named just as its directory (`solvers/solvers.py`) has no
parallel: every package would be one.
"""

from __future__ import annotations

from bisect import bisect_left
from collections.abc import Sequence

from ..lang.languages import is_test_path
from ..model import Anchor, AnchorKind, Finding, Item
from ..weights import R
from .base import PathIndex

__all__ = ["ID", "PARALLEL_OF", "parallel_findings", "parallels", "prepare_listing"]

#: The best files of a ranking whose parallels are looked for.
PARALLEL_OF = 3
#: A directory's name shorter than this is found in too many file names to tell a backend.
MIN_NAME = 3
ID = "parallels"
#: The listing, sorted: a fact of it (`PathIndex.fact`).
SORTED = "parallels.sorted"


def prepare_listing(index: PathIndex) -> None:
    """A long-lived host's, before its queries: the sorted listing (the 34.7k walked files of the
    36k-file tree: 2.6 ms)."""
    index.fact(SORTED, sorted)


def _siblings(index: PathIndex, parent: str, name: str) -> list[str]:
    """The directories beside `parent/name`, from the sorted listing (the run under `parent/`)."""
    listing: list[str] = index.fact(SORTED, sorted)
    prefix = f"{parent}/" if parent else ""
    out: set[str] = set()
    i = bisect_left(listing, prefix)
    while i < len(listing) and listing[i].startswith(prefix):
        rest = listing[i][len(prefix) :]
        cut = rest.find("/")
        if cut < 0:
            i += 1
            continue
        child = rest[:cut]
        if child != name:
            out.add(child)
        i = bisect_left(listing, f"{prefix}{child}/\U0010ffff", i)  # past this child's run
    return sorted(out)


def _spelled_as(sibling: str, written: str) -> str:
    """`sibling` in the case `written` has in the file's name (Javac → Eclipse, javac → eclipse)."""
    if written.isupper():
        return sibling.upper()
    if written[:1].isupper():
        return sibling[:1].upper() + sibling[1:]
    return sibling.lower()


def parallels(path: str, index: PathIndex) -> list[str]:
    """The listed, non-test files parallel to `path`."""
    parts = path.split("/")
    name = parts[-1]
    stem = name.rsplit(".", 1)[0].lower()
    out: list[str] = []
    for i, part in enumerate(parts[:-1]):
        at = stem.find(part.lower())
        if len(part) < MIN_NAME or at < 0 or stem == part.lower() or not part.isalnum():
            continue
        written = name[at : at + len(part)]
        parent, tail = "/".join(parts[:i]), parts[i + 1 : -1]
        for sibling in _siblings(index, parent, part):
            renamed = name[:at] + _spelled_as(sibling, written) + name[at + len(part) :]
            twin = "/".join([*([parent] if parent else []), sibling, *tail, renamed])
            if twin in index.set and not is_test_path(twin):
                out.append(twin)
    return list(dict.fromkeys(out))


def parallel_findings(items: Sequence[Item], index: PathIndex) -> list[Finding]:
    """A finding for each parallel of the best PARALLEL_OF ranked files (one more for a file
    ranked already)."""
    return [
        Finding(
            twin,
            None,
            ID,
            Anchor(AnchorKind.PATH, it.path),
            R.PARALLEL,
            f"parallel to {it.path}",
            specificity=it.score,
        )
        for it in items[:PARALLEL_OF]
        for twin in parallels(it.path, index)
    ]
