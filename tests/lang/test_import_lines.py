"""`imported_only`: a name's lines in a file that are all import statements or export lists."""

import pytest

from boundedcode.lang.import_lines import imported_only, in_import_group

# A package's `__init__.py` as Django's `urls` package writes it: a parenthesized group and `__all__`.
PACKAGE_INIT = """\
from .base import (
    clear_script_prefix, clear_url_caches, get_script_prefix,
    set_urlconf, translate_url,
)
from .exceptions import NoReverseMatch, Resolver404

__all__ = ['NoReverseMatch', 'Resolver404',
           'translate_url',
]
"""

# The name passed as an argument on a line of its own: a use, though the line holds a name alone.
CALL_ARGUMENT = """\
from .base import translate_url

def localized(path):
    return apply(
        translate_url,
        path,
    )
"""

ES_INDEX = """\
export { default as Button } from './button';
export {
  Dialog,
  DialogTitle,
} from './dialog';
"""


def _hits(text, name):
    return [(n, line) for n, line in enumerate(text.split("\n"), 1) if name in line]


def _reader(files, reads):
    def read(path):
        reads.append(path)
        return files[path].encode()

    return read


def _lines_reader(files, reads):
    read = _reader(files, reads)
    return lambda path: read(path).split(b"\n")


@pytest.mark.parametrize(
    ("path", "text", "name", "reads_file"),
    [
        ("pkg/__init__.py", PACKAGE_INIT, "translate_url", True),
        ("pkg/__init__.py", PACKAGE_INIT, "Resolver404", False),  # a one-line import, `__all__`'s first line
        ("web/index.ts", ES_INDEX, "Button", False),
        ("web/index.ts", ES_INDEX, "DialogTitle", True),
        ("src/lib.rs", "pub use crate::pool::Semaphore;\n", "Semaphore", False),
    ],
)
def test_a_name_named_only_where_it_is_imported_or_exported_is_imported_only(path, text, name, reads_file):
    reads = []
    assert imported_only(path, _hits(text, name), _reader({path: text}, reads))
    assert bool(reads) == reads_file  # the file is read only for a line of a multi-line group


@pytest.mark.parametrize(
    ("path", "text", "name"),
    [
        ("pkg/views.py", CALL_ARGUMENT, "translate_url"),  # a group line that opens no import
        ("pkg/views.py", "from .base import translate_url\n\nurl = translate_url(path)\n", "translate_url"),
        ("src/main.c", '#include "pool.h"\nSemaphore s;\n', "pool"),  # C includes files, not names
        ("Main.java", "import java.util.List;\n", "List"),  # no re-export: an unused import, rare
        ("pkg/empty.py", "", "translate_url"),  # no hits at all
    ],
)
def test_a_name_used_anywhere_else_is_not_imported_only(path, text, name):
    assert not imported_only(path, _hits(text, name), _reader({path: text}, []))


def test_a_group_line_whose_file_cannot_be_read_is_not_taken_for_an_import():
    assert not imported_only("pkg/__init__.py", _hits(PACKAGE_INIT, "get_script_prefix"), lambda path: None)


# Prettier's imports, and an enum whose members are lines of names alone too.
TS_MODULE = """\
import {
  ComponentOptionsMixin,
  applyMixin,
} from './mixins'

export enum Kind {
  Debit,
  Credit,
}
"""

RUST_MODULE = """\
use crate::{
    Entry,
    Ledger,
};

pub enum Kind {
    Debit,
}
"""


@pytest.mark.parametrize(
    ("path", "text", "line", "expected"),
    [
        ("src/one.ts", TS_MODULE, 2, True),  # `  ComponentOptionsMixin,` under `import {`
        ("src/one.ts", TS_MODULE, 8, False),  # `  Debit,`: an enum's member
        ("src/one.ts", TS_MODULE, 6, False),  # `export enum Kind {`: no line of names alone
        ("src/lib.rs", RUST_MODULE, 3, True),
        ("src/lib.rs", RUST_MODULE, 7, False),
        ("pkg/__init__.py", PACKAGE_INIT, 2, True),
        ("Kinds.java", "import java.util.List;\nenum Kind {\n  DEBIT,\n}\n", 3, False),  # no import groups
    ],
)
def test_a_line_of_a_multi_line_import_is_told_from_an_enums_member(path, text, line, expected):
    reads = []
    row = text.split("\n")[line - 1]
    assert in_import_group(path, line, row, _lines_reader({path: text}, reads)) is expected


def test_an_ordinary_line_is_not_read_for_its_group():
    reads = []
    assert not in_import_group(
        "src/one.ts", 1, "const total = sum(entries)", _lines_reader({"src/one.ts": ""}, reads)
    )
    assert reads == []  # not a line of names alone: the file is never read
