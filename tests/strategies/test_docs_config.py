"""docs_config: an environment variable where it is read, set and documented."""

import pytest

from boundedcode import MemoryTree, retrieve
from boundedcode.render import explain_lines

MESSAGE = "Requests are never throttled although SHOP_RATE_LIMIT is set"


def run(files, message=MESSAGE, **kw):
    return retrieve(message, tree=MemoryTree(files), **kw)


def places(result):
    return [(it.path, it.line, it.reason) for it in result.items]


READERS = [
    (
        "app/limits.py",
        'import os\n\n\ndef limit():\n    return int(os.environ.get("SHOP_RATE_LIMIT", "10"))\n',
        5,
    ),
    ("app/settings.py", "import os\nRATE = os.getenv('SHOP_RATE_LIMIT')\n", 2),
    (
        "go/limits/limits.go",
        'package limits\n\nimport "os"\n\nfunc Limit() string {\n'
        '\tv, _ := os.LookupEnv("SHOP_RATE_LIMIT")\n\treturn v\n}\n',
        6,
    ),
    (
        "web/src/limits.ts",
        "// SHOP_RATE_LIMIT caps requests per second.\n"
        "export const limit = Number(process.env.SHOP_RATE_LIMIT ?? 10);\n",
        2,
    ),
    ("web/src/config.js", "module.exports = { limit: process.env['SHOP_RATE_LIMIT'] };\n", 1),
    (
        "java/src/main/java/com/acme/Limits.java",
        "package com.acme;\n\nclass Limits {\n    static String limit() {\n"
        '        return System.getenv("SHOP_RATE_LIMIT");\n    }\n}\n',
        5,
    ),
    (
        "lib/limits.rb",
        'module Limits\n  def self.limit\n    ENV.fetch("SHOP_RATE_LIMIT", "10").to_i\n  end\nend\n',
        3,
    ),
    ("config/app.php", "<?php\nreturn [\n    'limit' => env('SHOP_RATE_LIMIT', 10),\n];\n", 3),
    ("src/limits.php", "<?php\n$limit = getenv('SHOP_RATE_LIMIT');\n", 2),
    (
        "src/limits.rs",
        'pub fn limit() -> u32 {\n    std::env::var("SHOP_RATE_LIMIT").ok()'
        ".and_then(|v| v.parse().ok()).unwrap_or(10)\n}\n",
        2,
    ),
    (
        "Limits.cs",
        'class Limits {\n  static string L() => Environment.GetEnvironmentVariable("SHOP_RATE_LIMIT");\n}\n',
        2,
    ),
    ("scripts/start.sh", '#!/bin/sh\nexec server --rate "${SHOP_RATE_LIMIT:-10}"\n', 2),
]


@pytest.mark.parametrize("path, source, line", READERS, ids=[r[0] for r in READERS])
def test_readers_in_each_language(path, source, line):
    result = run({path: source})
    assert places(result)[0] == (path, line, "reads SHOP_RATE_LIMIT")


SETTERS = [
    (
        "docker-compose.yml",
        "services:\n  api:\n    image: shop\n    environment:\n      - SHOP_RATE_LIMIT=50\n",
        5,
    ),
    ("deploy/compose.yaml", 'services:\n  api:\n    environment:\n      SHOP_RATE_LIMIT: "50"\n', 4),
    ("Dockerfile", "FROM python:3.11\nARG SHOP_RATE_LIMIT\nENV SHOP_RATE_LIMIT=50 SHOP_MODE=prod\n", 2),
    (
        "k8s/deployment.yaml",
        "spec:\n  containers:\n    - name: api\n      env:\n"
        '        - name: SHOP_RATE_LIMIT\n          value: "50"\n',
        5,
    ),
    ("env.example", "# copy to .env\nSHOP_RATE_LIMIT=10\n", 2),
    ("Makefile", "SHOP_RATE_LIMIT ?= 10\nrun:\n\t./server\n", 1),
    ("scripts/dev.sh", "#!/bin/sh\nexport SHOP_RATE_LIMIT=1000\n./server\n", 2),
]


@pytest.mark.parametrize("path, source, line", SETTERS, ids=[s[0] for s in SETTERS])
def test_setters_in_deployment_files(path, source, line):
    result = run({path: source}, explain=True)
    item = result.items[0]
    assert (item.path, item.line) == (path, line)
    # A shell assignment also defines the name, which the symbols strategy reports first.
    assert any(
        e.startswith("docs_config config_key:SHOP_RATE_LIMIT") and e.endswith("(sets SHOP_RATE_LIMIT)")
        for e in explain_lines(item.explain)
    ), item.explain


def test_readers_come_before_setters_and_docs():
    files = {
        "README.md": "# shop\n\nSet `SHOP_RATE_LIMIT` to cap requests per second.\n",
        "docker-compose.yml": "services:\n  api:\n    environment:\n      - SHOP_RATE_LIMIT=50\n",
        "app/limits.py": 'import os\n\nLIMIT = int(os.environ["SHOP_RATE_LIMIT"])\n',
    }
    result = run(files)
    assert places(result) == [
        ("app/limits.py", 3, "reads SHOP_RATE_LIMIT"),
        ("README.md", 3, "documents SHOP_RATE_LIMIT"),
        ("docker-compose.yml", 4, "sets SHOP_RATE_LIMIT"),
    ]
    assert result.items[0].score > result.items[1].score


def test_a_file_found_by_lexical_too_counts_once_with_the_richer_reason():
    files = {
        "app/limits.py": "import os\n# SHOP_RATE_LIMIT: requests per second\n"
        'LIMIT = os.getenv("SHOP_RATE_LIMIT")\n'
    }
    result = run(files, explain=True)
    item = result.items[0]
    assert (item.line, item.reason) == (3, "reads SHOP_RATE_LIMIT")
    assert set(item.strategies) >= {"docs_config", "lexical"}
    assert len([c for c in item.explain.contributions if c.anchor == "config_key:SHOP_RATE_LIMIT"]) == 1


def test_a_mention_that_neither_reads_sets_nor_documents_is_left_to_lexical():
    files = {"app/limits.py": "# SHOP_RATE_LIMIT is read elsewhere\nLIMIT = 10\n"}
    result = run(files)
    assert places(result) == [("app/limits.py", 1, 'key "SHOP_RATE_LIMIT"')]
    run_ = next(s for s in result.strategies if s.strategy == "docs_config")
    assert run_.ran and run_.findings == 0


def test_documentation_of_a_name_in_many_files_says_nothing_but_its_readers_count():
    files = {f"docs/page{i:02}.md": "Mentions SHOP_RATE_LIMIT in passing.\n" for i in range(25)}
    files["app/limits.py"] = "import os\nLIMIT = os.getenv('SHOP_RATE_LIMIT')\n"
    result = run(files)
    assert places(result)[0] == ("app/limits.py", 2, "reads SHOP_RATE_LIMIT")
    assert not any(it.reason.startswith("documents") for it in result.items)


def test_secret_and_hidden_env_files_stay_unread():
    files = {
        ".env": "SHOP_RATE_LIMIT=5\n",
        ".env.example": "SHOP_RATE_LIMIT=\n",
        "prod.env": "SHOP_RATE_LIMIT=5\n",
        "app/limits.py": "import os\nos.getenv('SHOP_RATE_LIMIT')\n",
    }
    result = run(files)
    assert result.paths == ["app/limits.py"]


def test_lower_case_configuration_keys_are_not_environment_variables():
    files = {"config/app.yaml": "server:\n  rate.limit: 10\n"}
    result = run(files, 'The "server.rate-limit" option is ignored')
    assert not next(s for s in result.strategies if s.strategy == "docs_config").ran
