"""The checked vocabularies of an anchor: kinds and origins are enums whose values JSON prints."""

import json

import pytest

from boundedcode import MemoryTree, retrieve
from boundedcode.model import Anchor, AnchorKind, AnchorOrigin


def test_kinds_and_origins_are_checked():
    anchor = Anchor("member", "Post", "code", qualifier="Ledger")
    assert anchor.kind is AnchorKind.MEMBER and anchor.origin is AnchorOrigin.CODE
    assert anchor.key == "member:Ledger.Post"
    with pytest.raises(ValueError):
        Anchor("env", "SHOP_RATE_LIMIT")  # environment variables are config keys
    with pytest.raises(ValueError):
        Anchor(AnchorKind.NAME, "x", "sample")


def test_json_output_holds_the_plain_values():
    result = retrieve("`SHOP_RATE_LIMIT` is ignored", tree=MemoryTree({"app.py": "SHOP_RATE_LIMIT = 1\n"}))
    anchors = json.loads(json.dumps(result.to_json()))["anchors"]
    assert {"kind": "config_key", "text": "SHOP_RATE_LIMIT", "origin": "prose", "rank": 4} in anchors
    assert {a["kind"] for a in anchors} <= {k.value for k in AnchorKind}
