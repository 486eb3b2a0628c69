"""Contract documents read with the YAML library's safe loader: paths, operations, lines, bounds."""

from __future__ import annotations

from boundedcode.lang.specs import MAX_SPEC_BYTES, SpecOperation, SpecPath, read_spec

OPENAPI = b"""openapi: 3.0.3
paths:
  /orders/{id}:
    parameters:
      - name: id
    get:
      operationId: getOrder
      responses:
        '200':
          description: ok
    delete: {operationId: deleteOrder}
components:
  schemas:
    paths:
      /not/a/path: {}
"""


def test_paths_and_operations_keep_their_lines():
    doc = read_spec(OPENAPI)
    assert doc is not None and doc.kind == "OpenAPI"
    assert doc.paths == (
        SpecPath(
            "/orders/{id}",
            3,
            (SpecOperation("get", 6, "getOrder"), SpecOperation("delete", 11, "deleteOrder")),
        ),
    )
    assert doc.at(3) == list(doc.paths) and doc.at(15) == []  # only the top-level `paths`


def test_json_is_read_as_yaml_and_a_one_line_document_holds_every_path_on_line_one():
    doc = read_spec(
        b'{"swagger": "2.0", "paths": {"/a": {"get": {}}, "/b/{x}": {"post": {"operationId": "b"}}}}'
    )
    assert doc is not None and doc.kind == "Swagger"
    assert [(p.text, p.line) for p in doc.at(1)] == [("/a", 1), ("/b/{x}", 1)]
    tabbed = read_spec(b'{\n\t"openapi": "3.1.0",\n\t"paths": {\n\t\t"/c": {}\n\t}\n}\n')
    assert tabbed is not None and [(p.text, p.line) for p in tabbed.paths] == [("/c", 4)]


def test_asyncapi_channels_and_the_address_of_version_3():
    doc = read_spec(
        b"asyncapi: 3.0.0\nchannels:\n  orderEvents:\n    address: /orders/{id}/events\n"
        b"  /legacy/{id}:\n    subscribe:\n      message: {}\n"
    )
    assert doc is not None and doc.kind == "AsyncAPI"
    assert [(p.text, p.line, [o.method for o in p.operations]) for p in doc.paths] == [
        ("orderEvents", 3, []),
        ("/orders/{id}/events", 4, []),
        ("/legacy/{id}", 5, ["subscribe"]),
    ]


def test_what_is_no_contract_gives_none_never_an_exception():
    for data in (
        b"services:\n  web:\n    image: shop\n",  # YAML, but no contract
        b"openapi: 3.0.0\npaths:\n  /a: [unclosed\n",  # broken
        b"openapi: 3.0.0\n\tpaths: {}\n",  # a tab where YAML allows none
        b"\xff\xfe\x00garbage openapi",  # not text
        b"openapi: x\npaths: " + b"[" * 100_000,  # flow nesting: libyaml slows quadratically, then crashes
        b"openapi: x\npaths:\n" + b"- " * 100_000 + b"x\n",  # block nesting: libyaml's composer crashes
        b"openapi: 3.0.0\npaths:\n  /a: {}\n" + b"#" * MAX_SPEC_BYTES,  # too large to parse
    ):
        assert read_spec(data) is None


def test_nothing_is_constructed_tags_and_aliases_stay_nodes():
    bomb = b"openapi: 3.0.0\na: &a [x, x, x, x, x, x, x, x, x]\n" + b"".join(
        b"%c: &%c [*%c, *%c, *%c, *%c, *%c, *%c, *%c, *%c]\n" % ((98 + i, 98 + i) + (97 + i,) * 8)
        for i in range(12)
    )
    tagged = b"openapi: !!python/object/apply:os.system ['echo unsafe']\npaths:\n  /a: {}\n"
    assert read_spec(bomb) is not None and read_spec(bomb).paths == ()
    assert [p.text for p in read_spec(tagged).paths] == ["/a"]
