"""Where names are defined: tree-sitter tag queries, with line patterns as the fallback.

Two tools with one vocabulary of kinds:

* `definition_kind` looks at one line with precompiled regular expressions. It
  is what the content scan calls on thousands of candidate lines, so it never
  parses (`could_define` rejects most lines first, one regular expression per
  language); every pattern is anchored at the line start and stays linear on a
  100 KB line (no catastrophic backtracking).
* `definitions` parses a whole file with tree-sitter where a grammar wheel is
  installed and runs a tags-like query per language; for the other languages
  it applies the line patterns to every line. The last few files are cached,
  since callers name several places in one file.

Both are approximate (spec, "Limits"): macros, generated code and unusual
formatting can be missed or misread. Grammars load lazily, so importing this
package does not import tree-sitter.

    kinds.py        Definition, its kinds, and how names nest (both engines)
    patterns.py     the line patterns, one table per language (data)
    lines.py        the line engine: definition_kind, could_define, has_line_rules
    trees.py        the tree-sitter engine and its grammar table
    queries/*.scm   the tree-sitter queries, one file per grammar (package data)
    files.py        one file's definitions, whichever engine serves it
"""

from .files import definitions, enclosing_definition
from .kinds import KINDS, Definition
from .lines import compile_rules, could_define, could_define_lines, definition_kind, has_line_rules

__all__ = [
    "KINDS",
    "Definition",
    "compile_rules",
    "could_define",
    "could_define_lines",
    "definition_kind",
    "definitions",
    "enclosing_definition",
    "has_line_rules",
]
