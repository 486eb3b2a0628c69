"""Every ranking weight, in one table (spec, "Ranking").

Reliability is how often a kind of finding points at a place the task needs;
the figures are the spec's defaults. Change one only with a benchmark figure
that shows the better value (docs/benchmark.md records the run).
"""

from __future__ import annotations

import math

__all__ = [
    "R",
    "specificity",
    "DEMOTE_TEST",
    "DEMOTE_EXAMPLE",
    "DEMOTE_PROSE",
    "DEMOTE_GENERATED",
    "DEMOTE_VENDORED",
    "DEMOTE_DECLARATION",
    "ANNOTATION_DEFINITION",
    "EXCEPTION_DEFINITION",
    "MEMBER_BESIDE_QUALIFIER",
    "RELATIVE_CUT",
    "TAIL_FROM",
    "TAIL_CUT",
    "REPEAT_DECAY",
    "PER_NAME_EXCEPTIONS",
    "SAMPLE_ONLY",
    "BODY_NAME",
    "SHARED_PATH",
    "USES_MAX_FILES",
    "USES_MAX_EXPONENT",
    "SPECIFICITY_SLOPE",
    "TITLE_SHARE",
    "PATH_WORDS_FLOOR",
    "ITEM_LINES",
    "BLOCK_LINES",
    "SCORE_DIGITS",
]


class R:
    """Reliability of each kind of finding."""

    STACK_FRAME = 0.95
    COMPILER_LOCATION = 0.9
    #: A logger's call site in an error's record: where the program noticed a failure, often the
    #: handler that caught it, not where it failed (a trace logged with it names that). Below a
    #: compiler's location and a trace's innermost frame, as a test's or a config key's place.
    LOGGED_CALL = 0.6
    NAMED_PATH = 0.9
    #: A path named with its line (a link to a line of the file, `models.py:421`): the reporter
    #: points at code they read. 68 of the development split's 75 messages linking to a line of
    #: a file (`…/blob/…/x.py#L58`) link to a file the fix changes.
    NAMED_LINE = 0.95
    RAISED_MESSAGE = 0.85
    DEFINITION_LSP = 0.85
    DEFINITION = 0.8
    IMPL_BY_NAMING = 0.75
    MODULE_FULL = 0.85  # every segment of the qualified name ends the file's module path
    MODULE_PARTIAL = 0.7  # a shorter run of its segments does
    # reexports: a qualified name resolved by the language's own module rules (crate roots,
    # `mod` and `pub use`, package `__init__.py`, PSR-4) to the file that defines it.
    MODULE_RESOLVED = 0.85
    REEXPORT = 0.8  # a definition reached through the re-exports that name it
    NAMESPACE = 0.8  # a definition inside the namespace or package a qualified name gives
    IMPORT_MODULE = 0.6  # the module an import's specifier names (a package, a Go package's files)
    ROUTE_DEFINITION = 0.7
    TEST = 0.6
    CONFIG_KEY = 0.6
    HISTORY = 0.6
    REFERENCES = 0.5
    # The spec's 0.35 was for path words alone; with the files' text as well, 0.5 measured
    # Acc@5 0.46 → 0.49 and recall 0.67 → 0.68 for 9 more tokens (0.6: no further gain).
    PATH_WORD = 0.5
    USE = 0.25
    #: A found file's parallel implementation (strategies/parallels.py), of the found file's
    #: score. Chosen offline on the development split's direct-track findings (the best 3
    #: files' parallels added to every task's ranking, benchmarks/fit_weights.py dump): 0.4 and
    #: 0.5 took Java recall within 12 files 68.9 → 70.5 % with every other figure unchanged,
    #: 0.25 and below changed nothing; a dump of the code at 0.4 gave the same.
    PARALLEL = 0.4
    #: The full-text signal's best file (its specificity: its BM25 score over the best one's).
    #: Chosen offline on the development split: 0.7 / 0.8 / 0.9 gave Python Acc@1 50.6 / 50.9 /
    #: 49.9 and recall 89.2 / 89.7 / 90.4 (docs/benchmark.md).
    FULLTEXT = 0.8


#: fulltext's specificity: (1 − TITLE_SHARE) × its BM25 over the best file's + TITLE_SHARE × the
#: share of the title's idf weight the file holds. Chosen offline on the development split,
#: direct track (the findings of every task re-ranked, benchmarks/fit_weights.py dump): 0 (BM25
#: alone) Python Acc@1 / Acc@5 48.9 / 73.7 %, 0.5 49.4 / 75.2 %, 0.7 49.6 / 75.7 %; a separate
#: title finding beside fulltext's (the same words counted twice) 51.1 / 75.4 %. With the other
#: changes of that pass, on the full split: Python 47.9 / 74.7 → 50.1 / 75.9 % (docs/benchmark.md,
#: "Second pass").
TITLE_SHARE = 0.5

#: BM25's term-frequency saturation and length normalization: the usual values, measured best
#: here. On the development split's direct track (docs/benchmark.md, "Twenty-sixth pass"), Python
#: Acc@5 82.1 % with these; b 0.5 → 81.1, b 0.9 → 81.3, k1 0.8 → 81.8 %.
BM25_K1 = 1.2
BM25_B = 0.75

#: Specificity = 1 / (1 + SLOPE · ln n) for an anchor that matches n files: it falls slowly.
SPECIFICITY_SLOPE = 0.3


def specificity(matches: int) -> float:
    return 1.0 / (1.0 + SPECIFICITY_SLOPE * math.log(max(1, matches)))


#: A name that appears only in a code sample counts for less.
SAMPLE_ONLY = 0.6
#: A name of the body when the title names another of the message's names (symbols; a stack
#: frame's function is no body name): a title says what the report is about. On the 352
#: development tasks whose title and body name different names (direct track, 60 s budget),
#: against 1.0: ×0.9 / ×0.8 / ×0.6 gave Acc@1 50.9 → 50.9 / 51.4 / 51.1 %, Acc@5 71.6 → 72.2 /
#: 72.7 / 72.2 %, recall 85.7 → 85.6 / 85.5 / 85.2 % (Python Acc@5 79.9 → 81.1 % at ×0.8).
#: With a frame's function exempt, ×0.7 against ×0.8: Acc@1 51.4 → 51.4, Acc@5 72.7 → 72.4 %.
#: Applied to modules' and re-exports' body anchors too (a module counted as the title's when
#: the title spells one of its parts): Acc@1 51.4 → 51.7, recall 85.6 → 85.9, but Acc@5 72.7 →
#: 71.9 % (Python 81.1 → 79.9 %): not taken.
BODY_NAME = 0.8
#: A path found in a code sample's include or import counts for less than one named in prose.
SHARED_PATH = 0.6
#: discovery's specificity is a path's words' weight (Σ idf × (1 + ln repeats)) over the best
#: path's, and over no less than this: the idf of a word one path in 10,000 holds. So the best
#: path counts in full only when its words are rare; one whose best words a tenth of the
#: listing shares (the project's own name, a language's) counts a quarter. Offline on
#: the development split's findings, the floor as the idf of a word held by one path in 100 /
#: 1,000 / 10,000: overall Acc@1 47.2 → 47.2 / 47.2 / 47.4 %, recall 83.1 → 83.1 / 83.3 / 83.3 %
#: (Go Acc@1 41.4 → 44.8 %, Rust recall 71.4 → 75.0 % at 10,000; Python's Acc@1 and Acc@5 the
#: same throughout), two gold files one place down (2nd → 3rd) at 10,000, none before; at
#: 100,000 Python Acc@1 55.8 → 55.5 % and five gold files down.
PATH_WORDS_FLOOR = math.log(10_000)

DEMOTE_TEST = 0.6  # test files and test data, unless the message is about tests
DEMOTE_EXAMPLE = 0.7  # examples and benchmarks
DEMOTE_PROSE = 0.5  # prose, unless the message is a question or about configuration
#: Generated or amalgamated files (a single-header build of the library): the fix goes in the sources.
DEMOTE_GENERATED = 0.5
#: A release of another project copied in (a file named with its version: `jquery-3.5.1.js`).
#: Offline on the development split's direct-track findings (benchmarks/fit_weights.py dump,
#: 627 tasks): such a file was in 22 blocks' first 12 (first in two), never a gold file; ×0.7
#: / ×0.5 / ×0.3 gave Python Acc@5 76.4 → 76.9 / 77.1 / 77.1 %, Acc@1 and recall unchanged.
DEMOTE_VENDORED = 0.5
#: A declaration file (`index.d.ts`, `core.pyi`): it declares what a source file implements, and
#: a fix goes in the implementation. Offline on the same findings: such a file was in 50 blocks'
#: first 12 (first in 8), gold in 3; ×0.8 / ×0.7 / ×0.5 gave JavaScript Acc@1 11.8 → 17.6 / 17.6
#: / 23.5 %, but Acc@5 52.9 → 52.9 / 47.1 / 47.1 % (and recall 59.8 → 56.9 % at ×0.5).
DEMOTE_DECLARATION = 0.8
#: The definition of an annotation type (Java's `@interface Builder`), of the definition's
#: specificity: it declares what users write, and a fix goes in the processor that handles it.
#: Offline on the development split's direct-track findings (Java's 31 tasks; no other language
#: has such definitions): ×0.5 / ×0.3 took Java Acc@5 35.5 → 38.7 / 41.9 % (a processor's two
#: files, one per compiler, 2nd and 3rd → 1st and 2nd in two tasks), Acc@1 and recall
#: unchanged, no task worse; ×0.5 chosen, an annotation's own fix (a new attribute) being real.
ANNOTATION_DEFINITION = 0.5
#: The definition of an exception class a message names (`FieldError`, `ValidationError`), of
#: the definition's specificity: a report names the error it saw raised, and the fix goes where
#: it is raised or where the state that raised it comes from, seldom in the class. Offline on
#: the development split's direct-track findings: ×0.5 took Python Acc@5 79.4 → 79.9 % (a raise
#: site's file past a module of exception classes: django-13212's two files 2nd and 6th → 1st
#: and 5th, django-15375's 6th → 5th, django-16938's first 5th → 4th), every other figure
#: unchanged, no gold file down; ×0.25 moved no more across the 5th place.
EXCEPTION_DEFINITION = 0.5

#: A member's definition in the file that defines its qualifier as a type, or is named after it
#: (`Expression.compile` where `class Expression` is), counts ×1.3 (capped at 1): the two names
#: agree on one place. Offline on the development split's direct-track findings, ×1.3 / ×1.67 /
#: ×2.5: Python Acc@1 55.8 → 56.0 / 56.0 / 56.0 %, Acc@5 79.9 → 80.1 % at each (pytest-7324's 6th
#: → 2nd, django-13670's 2nd → 1st); gold files down 2 / 7 / 11 (×1.3: hugo-12204's 10th → 11th,
#: one of simdjson-2016's 3rd → 4th as another 4th → 3rd), first places lost 0 / 2 / 3.
MEMBER_BESIDE_QUALIFIER = 1.3

#: Located lines one item carries (JSON, retry pack) and shows in the block: a file with eight
#: diagnostics or four frames is one item with its places, not one place and seven lost.
ITEM_LINES = 12
BLOCK_LINES = 5

#: Scores equal to this many decimals tie, and the findings' own order breaks the tie.
SCORE_DIGITS = 6

#: A strategy's second finding in one file counts this much, its third the square…: a file that
#: uses five of the message's names is likelier than one that uses one, not five times as
#: likely. Chosen on the development split, direct track, offline from the findings of every
#: task (benchmarks/fit_weights.py dump, then each combination re-ranked): without it (1.0)
#: Acc@1 / Acc@5 overall 40.2 / 63.2, Python 47.7 / 73.2; at 0.5 41.5 / 64.0, Python 48.9 /
#: 73.7; 0.35 and 0.7 are no better; only the best finding per strategy (0) 41.1 / 63.3.
REPEAT_DECAY = 0.5

RELATIVE_CUT = 0.30  # items below this fraction of the best are dropped (at most Budgets.block_items kept)
#: Past the first TAIL_FROM items, an item must score at least TAIL_CUT of the best. Chosen
#: offline from the ranked scores of the development split's direct run (/work/runs/final,
#: 627 tasks): recall 81.2 → 80.9 %, 11.8 → 10.8 items a block (about 8 % fewer tokens); 0.6
#: cost 0.9 points of recall (C 82.1 → 75.0), a tail from 10 kept more items for the same recall.
#: Raised to 0.55 from the next run's ranked scores (/work/runs/s20-b, 9dda25a): median block
#: about 304 → 283 tokens (re-rendered on 80 tasks: 305 → 276), recall 79.7 → 79.5 %, Python
#: recall 89.4 → 88.8 % and Acc@10 82.3 → 81.8 %; 0.52 saved about half as much. The run
#: with it (/work/runs/s20-both): median 304 → 288 tokens, docs/benchmark.md "Third pass".
TAIL_FROM = 8
TAIL_CUT = 0.55
PER_NAME_EXCEPTIONS = 3  # best place of each prose name kept despite the cut, up to this many

#: Uses of a name are findings only when the name is used in at most this many files, or in
#: at most files_listed ** USES_MAX_EXPONENT of them in a large repository; their weight falls
#: with the name's idf among the listed files.
USES_MAX_FILES = 40
USES_MAX_EXPONENT = 0.7
