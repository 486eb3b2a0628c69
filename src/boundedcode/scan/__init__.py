"""The one shared content scan: every strategy's needles answered in one pass.

Strategies declare needles (whole-word identifiers or literal strings) before
any content is read; one pass over the walked files finds every occurrence.
Output: for each needle, per file, the matching lines.

    base.py     needles, hits, the result, the Scanner interface, line classification
    ripgrep.py  the ripgrep back end (trees on disk) and the policy's globs for its walk
    memory.py   the in-process back end (git objects, memory)
    shared.py   the entry points: choose a back end, start before the walk ends, fall back
"""

from .base import Hit, Needle, Scanner, ScanError, ScanResult
from .memory import MemoryScanner
from .ripgrep import PendingScan, RipgrepScanner
from .shared import begin_scan, scan

__all__ = [
    "ScanError",
    "PendingScan",
    "begin_scan",
    "Needle",
    "Hit",
    "ScanResult",
    "scan",
    "Scanner",
    "RipgrepScanner",
    "MemoryScanner",
]
