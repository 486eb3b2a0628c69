"""Import anchors: the module a message's code imports from, and each name imported."""

from __future__ import annotations

from boundedcode.model import AnchorKind, AnchorOrigin
from boundedcode.seeds import message_anchors
from boundedcode.seeds.imports import import_anchors, python_bindings


def imports(message: str) -> list[tuple[str, str | None, str]]:
    return [
        (a.text, a.qualifier, a.origin.value) for a in message_anchors(message) if a.kind == AnchorKind.IMPORT
    ]


def test_typescript_named_default_namespace_and_type_imports():
    code = (
        "```ts\nimport App, { createApp, type Plugin as P } from '@acme/runtime-core'\n"
        'import * as util from "./util"\nexport { watch } from "@acme/reactivity"\n'
        "const fs = require('node:fs')\nawait import('lazy-chunk')\n```\n"
    )
    assert imports("the app breaks\n" + code) == [
        ("@acme/runtime-core", None, "code"),
        ("createApp", "@acme/runtime-core", "code"),
        ("Plugin", "@acme/runtime-core", "code"),
        ("./util", None, "code"),
        ("@acme/reactivity", None, "code"),
        ("watch", "@acme/reactivity", "code"),
        ("node:fs", None, "code"),
        ("lazy-chunk", None, "code"),
    ]


def test_go_import_blocks_and_import_paths_in_prose_but_not_urls():
    message = (
        "Since github.com/acme/shop/internal/ledger changed, see https://github.com/acme/shop/issues/12.\n\n"
        '```go\nimport (\n\t"fmt"\n\tyaml "gopkg.in/yaml.v3"\n\t"github.com/acme/shop/pkg/cart"\n)\n```\n'
    )
    found = imports(message)
    assert ("github.com/acme/shop/internal/ledger", None, "prose") in found
    assert ("gopkg.in/yaml.v3", None, "code") in found
    assert ("github.com/acme/shop/pkg/cart", None, "code") in found
    assert not any("issues" in text for text, _, _ in found)


def test_python_from_imports_with_parentheses():
    found = import_anchors(
        "from shop.models import (\n    Order,\n    Cart as Basket,\n)\n", AnchorOrigin.CODE, 6
    )
    assert [(a.text, a.qualifier) for a in found] == [
        ("shop.models", None),
        ("Order", "shop.models"),
        ("Cart", "shop.models"),
    ]


def test_broken_imports_give_what_they_can():
    assert import_anchors("import { from '", AnchorOrigin.CODE, 6) == []
    assert [a.text for a in import_anchors("import {A,, B from 'x'", AnchorOrigin.CODE, 6)] == ["x"]
    assert [a.text for a in import_anchors("from . import x", AnchorOrigin.CODE, 6)] == []


def test_python_bindings_of_a_samples_imports():
    sample = (
        ">>> import xarray as xr\nimport numpy as np, matplotlib.pyplot as plt\n"
        "In [1]: from django.db import models\nfrom shop.core import Cart as C, Order\n"
        "from sympy import *\nfrom . import local\nimport os\nimport os as os\n"
    )
    assert python_bindings(sample) == {
        "xr": "xarray",
        "np": "numpy",
        "plt": "matplotlib.pyplot",
        "C": "shop.core.Cart",
    }


def test_a_dotted_name_is_read_through_the_import_binding_its_head():
    message = (
        "`xr.where` loses attrs\n\n```python\nimport xarray as xr\nxr.where(c, x, y)\nds.air.attrs\n```\n"
    )
    modules = [a.text for a in message_anchors(message) if a.kind == AnchorKind.MODULE]
    assert "xarray.where" in modules and "xr.where" not in modules
    assert "ds.air.attrs" in modules  # `ds` is bound by no import
