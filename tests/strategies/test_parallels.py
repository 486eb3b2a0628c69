"""parallels: a found file's parallel implementation follows it, on repositories the tests build."""

from boundedcode import MemoryTree, retrieve
from boundedcode.strategies.base import PathIndex
from boundedcode.strategies.parallels import parallels

BACKENDS = {
    "src/store/mysql/dialects/MysqlQuoting.java": "class MysqlQuoting {\n  String quoteName(String n) { return n; }\n}\n",
    "src/store/postgres/dialects/PostgresQuoting.java": "class PostgresQuoting {\n  String quote(String n) { return n; }\n}\n",
    "src/store/sqlite/dialects/SqliteQuoting.java": "class SqliteQuoting {\n  String quote(String n) { return n; }\n}\n",
    "src/store/postgres/dialects/PostgresQuotingTest.java": "class PostgresQuotingTest {}\n",
    "src/store/Store.java": "class Store {}\n",
}


def test_a_backend_s_file_has_its_siblings_spelled_alike_and_no_test():
    index = PathIndex.of(sorted(BACKENDS))
    assert parallels("src/store/mysql/dialects/MysqlQuoting.java", index) == [
        "src/store/postgres/dialects/PostgresQuoting.java",
        "src/store/sqlite/dialects/SqliteQuoting.java",
    ]


def test_a_file_named_as_its_directory_has_no_parallel():
    index = PathIndex.of(["pkg/solvers/solvers.py", "pkg/sets/sets.py", "pkg/sets/__init__.py"])
    assert parallels("pkg/solvers/solvers.py", index) == []


def test_the_parallels_follow_the_found_file_in_the_block():
    result = retrieve("`quoteName` drops the schema", tree=MemoryTree(BACKENDS), explain=True)
    paths = [it.path for it in result.items]
    assert paths[0] == "src/store/mysql/dialects/MysqlQuoting.java"
    assert set(paths[1:3]) == {
        "src/store/postgres/dialects/PostgresQuoting.java",
        "src/store/sqlite/dialects/SqliteQuoting.java",
    }
    twin = result.items[1]
    assert twin.reason == "parallel to src/store/mysql/dialects/MysqlQuoting.java"
    assert twin.score < result.items[0].score
    assert "parallels" in {run.strategy for run in result.strategies if run.ran}


def test_parallels_can_be_switched_off():
    result = retrieve("`quoteName` drops the schema", tree=MemoryTree(BACKENDS), without=["parallels"])
    assert [it.path for it in result.items] == ["src/store/mysql/dialects/MysqlQuoting.java"]
