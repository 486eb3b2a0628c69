"""type_around: the type a line is the header of, or lies in the body of outside its methods."""

import pytest

from boundedcode.lang.definitions.members import (
    MAX_TOP_LEVEL_LINES,
    Member,
    TypeMembers,
    functions_in,
    type_around,
)

PYTHON = '''\
import os


class Ledger(Base):
    """Entries posted to accounts."""

    currency = "EUR"

    def __init__(self, owner):
        self.owner = owner

    def post(
        self,
        entry,
    ) -> None:
        self.entries.append(entry)

    @property
    def balance(self):
        return sum(self.entries)


def standalone():
    return Ledger("x")
'''


def lines(text):
    return text.split("\n")


def test_a_python_class_header_gives_its_methods_each_to_the_next():
    found = type_around("python", lines(PYTHON), 4)
    assert found == TypeMembers(
        "Ledger",
        4,
        (Member("__init__", 9, 11), Member("post", 12, 18), Member("balance", 19, 20)),
    )


@pytest.mark.parametrize("line", [5, 7])  # the docstring, a class attribute's use
def test_a_line_in_the_body_outside_the_methods_gives_the_type(line):
    assert type_around("python", lines(PYTHON), line).header == 4


@pytest.mark.parametrize(
    "line",
    [
        9,  # a method's own header
        16,  # a method's body below a signature over several lines
        20,  # the last method's body
        23,  # a top-level function's header
        24,  # and body
        0,  # out of the file
        99,
    ],
)
def test_a_line_in_a_method_or_outside_any_type_is_none(line):
    assert type_around("python", lines(PYTHON), line) is None


def test_a_line_at_the_module_s_top_level_gives_every_function_of_the_file():
    found = type_around("python", lines(PYTHON), 1)  # an import
    assert (found.name, found.header) == ("", 0)
    assert [(m.name, m.first, m.last) for m in found.members] == [
        ("__init__", 9, 10),
        ("post", 12, 18),
        ("balance", 19, 20),
        ("standalone", 23, 24),
    ]


def test_a_top_level_block_is_the_top_level_and_a_signature_over_lines_still_a_function():
    text = (
        "if TYPE_CHECKING:\n"  # 1
        "    from .cart import Cart\n"  # 2
        "\n"
        "\n"
        "def total(\n"  # 5
        "    cart,\n"
        ") -> int:\n"
        "    return cart.total\n"  # 8
    )
    assert [m.name for m in type_around("python", lines(text), 2).members] == ["total"]
    assert type_around("python", lines(text), 8) is None


JAVA = """\
package lombok.bytecode;

@Provides
public class SneakyThrowsRemover implements PostCompilerTransformation {
\tprivate static final String NAME = "sneakyThrow";

\t@Override public byte[] applyTransformations(byte[] original, String fileName) {
\t\tClassWriter writer = new ClassWriter(reader, 0);
\t\tclass Visitor extends MethodVisitor {
\t\t\t@Override public void visitMethodInsn(int opcode, String owner) {
\t\t\t\tsuper.visitMethodInsn(opcode, owner);
\t\t\t}
\t\t}
\t\treturn writer.toByteArray();
\t}

\tprivate static byte[] fixJSRInlining(byte[] byteCode) {
\t\treturn byteCode;
\t}
}
"""


def test_a_java_class_gives_its_own_methods_not_those_of_a_local_class_inside_one():
    found = type_around("java", lines(JAVA), 4)
    assert found is not None and found.name == "SneakyThrowsRemover"
    assert [(m.name, m.first, m.last) for m in found.members] == [
        ("applyTransformations", 7, 16),
        ("fixJSRInlining", 17, 20),
    ]
    assert type_around("java", lines(JAVA), 11) is None  # inside the local class's method


PHP = """\
<?php

namespace PhpOffice\\PhpSpreadsheet\\Calculation\\LookupRef;

class VLookup extends LookupBase
{
    use ArrayEnabled;

    /**
     * VLOOKUP
     * The VLOOKUP function searches for value in the left-most column.
     */
    public static function lookup($lookupValue, $lookupArray, $indexNumber)
    {
        return self::vLookupSearch($lookupValue, $lookupArray);
    }

    private static function vLookupSearch($lookupValue, array $lookupArray): int
    {
        return 0;
    }
}
"""


def test_a_doc_block_in_a_php_class_with_its_brace_below_the_header_gives_the_class():
    found = type_around("php", lines(PHP), 10)
    assert found is not None and (found.name, found.header) == ("VLookup", 5)
    assert [m.name for m in found.members] == ["lookup", "vLookupSearch"]
    assert type_around("php", lines(PHP), 15) is None  # a method's body, its brace below its header


RUBY = """\
module Shop
  class Cart
    attr_reader :items

    def total
      items.sum(&:price)
    end

    def empty?
      items.empty?
    end
  end
end
"""


def test_a_ruby_class_ends_at_its_end_and_a_definition_in_its_body_keeps_its_place():
    found = type_around("ruby", lines(RUBY), 2)
    assert found is not None and found.name == "Cart"
    assert [(m.name, m.first, m.last) for m in found.members] == [("total", 5, 8), ("empty?", 9, 12)]
    assert type_around("ruby", lines(RUBY), 3) is None  # attr_reader defines `items`


def test_a_type_with_no_methods_inside_gives_none():
    go = "package cart\n\ntype Cart struct {\n\tItems []Item\n}\n\nfunc (c *Cart) Total() int {\n\treturn 0\n}\n"
    assert type_around("go", lines(go), 3) is None


def test_broken_or_unread_text_gives_none_never_an_error():
    assert type_around("python", ["class"], 1) is None
    assert type_around("python", ["    }", "", "{"], 3) is None
    assert type_around("nosuchlanguage", lines(PYTHON), 4) is None


def test_a_top_level_line_of_a_file_too_long_to_read_through_keeps_its_place():
    functions = "".join(f"def f{i}():\n    return {i}\n\n" for i in range(1, 2000))
    text = "import os\n\n" + functions
    assert type_around("python", lines(text), 1) is None
    assert type_around("python", lines("import os\n\n" + functions[:3000]), 1) is not None


def test_a_file_s_contents_are_read_once_for_the_same_place():
    from boundedcode.lang.definitions.members import type_around_in

    data = PYTHON.encode()
    found = type_around_in("python", data, 4)
    assert found == type_around("python", lines(PYTHON), 4)
    assert type_around_in("python", bytes(bytearray(data)), 4) is found


def test_a_file_s_functions_are_read_up_to_the_top_level_cap():
    body = "def first():\n    return 1\n"
    at_cap = (body + "\n" * (MAX_TOP_LEVEL_LINES - 3)).encode()
    assert at_cap.count(b"\n") + 1 == MAX_TOP_LEVEL_LINES
    assert functions_in("python", at_cap) == TypeMembers("", 0, (Member("first", 1, 2),))
    assert functions_in("python", at_cap + b"\n") is None
