"""Every renderer in one place: the block, the JSON document, the explain text, the retry pack.

Each is a pure function of its input (same input, same bytes) and has a golden
in tests/golden/ that `scripts/update-goldens` regenerates. `text` holds what
they share: the token count and the escaping of file names that are not UTF-8.
"""

from .block import ALREADY_READ, HEADER, NO_PLACES, location, render_block, smallest_block_tokens
from .document import SCHEMA_VERSION, dumps, jsonl, result_json, schema
from .explain import explain_lines, explain_text
from .retry_pack import PACK_HEADER, render_retry_pack
from .text import count_tokens, printable, unescape_path

__all__ = [
    "render_block",
    "smallest_block_tokens",
    "location",
    "HEADER",
    "ALREADY_READ",
    "NO_PLACES",
    "result_json",
    "dumps",
    "jsonl",
    "schema",
    "SCHEMA_VERSION",
    "explain_lines",
    "explain_text",
    "render_retry_pack",
    "PACK_HEADER",
    "count_tokens",
    "printable",
    "unescape_path",
]
