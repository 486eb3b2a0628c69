"""The warm engine answers what a cold retrieval answers, however the checkout changed between two
queries: edits (also two in one clock tick), additions, deletions, a branch switch, a file replaced
by a symlink. Each step compares the warm answer with a cold one, byte for byte, with changes told
by the kernel (inotify) and found by lstat alike (`watch`)."""

from __future__ import annotations

import json
import os
import shutil
import sys
import time

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from boundedcode import retrieve
from boundedcode.checkout import WorkTree, gitmeta
from boundedcode.engine import Engine

from .conftest import git, make_git_repo, write_tree

MESSAGE = "reconcile_ledger raises OverdraftError when the ledger balance is negative"
FILES = {
    "app/ledger.py": "class OverdraftError(Exception):\n    pass\n\n\ndef reconcile_ledger(entries):\n"
    "    balance = sum(entries)\n    if balance < 0:\n        raise OverdraftError(balance)\n",
    "app/report.py": "from .ledger import reconcile_ledger\n\n\ndef report(entries):\n"
    "    return reconcile_ledger(entries)\n",
    "app/util.py": "def helper():\n    return 1\n",
}


def answer(result) -> str:
    doc = {
        "block": result.block,
        "items": [[i.path, i.line, i.symbol, i.blob_id, round(i.score, 9)] for i in result.items],
        "commit": result.commit,
        "branch": result.branch,
        "strategies": [[s.strategy, s.ran, s.findings] for s in result.strategies],
        "use": result.budget_use,
    }
    return json.dumps(doc, sort_keys=True)


# Both ways of seeing a change: told by the kernel, and checked by lstat on every query.
both = pytest.mark.parametrize("watch", [True, False], ids=["told", "checked"])


def same(engine: Engine, root, message: str = MESSAGE) -> str:
    warm = answer(engine.retrieve(message, str(root)))
    cold = answer(retrieve(message, str(root)))
    assert warm == cold
    return warm


@both
def test_warm_answers_match_cold_across_edits_additions_and_deletions(tmp_path, watch):
    root = write_tree(tmp_path / "r", FILES)
    engine = Engine(watch=watch)
    first = same(engine, root)
    assert "app/ledger.py" in first
    # An edit of the same size in the same tick: only the racy check sees it.
    ledger = root / "app/ledger.py"
    ledger.write_text(FILES["app/ledger.py"].replace("balance < 0", "balance > 0"))
    same(engine, root)
    (root / "app/util.py").write_text("def helper():\n    return reconcile_ledger([])\n")
    same(engine, root)
    write_tree(root, {"app/new_module.py": "def reconcile_ledger_twice():\n    raise OverdraftError\n"})
    assert "app/new_module.py" in same(engine, root)
    os.remove(root / "app/report.py")
    assert "app/report.py" not in same(engine, root)
    ledger.write_text("def unrelated():\n    pass\n")
    same(engine, root)


@both
def test_a_file_replaced_by_a_symlink_is_no_longer_read(tmp_path, watch):
    root = write_tree(tmp_path / "r", FILES)
    outside = write_tree(tmp_path / "outside", {"secret.py": "def reconcile_ledger(): pass  # outside\n"})
    engine = Engine(watch=watch)
    assert "app/ledger.py" in same(engine, root)
    os.remove(root / "app/ledger.py")
    os.symlink(outside / "secret.py", root / "app/ledger.py")
    after = same(engine, root)
    assert "outside" not in after and "app/ledger.py" not in after


@both
def test_a_branch_switch_is_seen(tmp_path, watch):
    root = write_tree(tmp_path / "r", FILES)
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "one")
    git(root, "checkout", "-q", "-b", "other")
    (root / "app/ledger.py").write_text("def reconcile_ledger(entries):\n    return entries\n")
    write_tree(root, {"app/audit.py": "class OverdraftError(Exception):\n    pass\n"})
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "two")
    engine = Engine(watch=watch)
    on_other = same(engine, root)
    assert '"branch": "other"' in on_other and "app/audit.py" in on_other
    git(root, "checkout", "-q", "main")
    on_main = same(engine, root)
    assert '"branch": "main"' in on_main and "app/audit.py" not in on_main


@pytest.mark.parametrize("rule", ["tracked", "global", "parent", "folder", "unread index"])
def test_ignore_rules_the_walk_does_not_read_leave_nothing_out_of_the_cold_search(
    tmp_path, monkeypatch, rule
):
    """ripgrep's own walk (the cold scan's, started before ours) would apply ignore rules the walk
    does not read: the user's global excludes, in a checkout that is a folder of a larger
    repository that repository's `.gitignore` and the folder's own (the walk reads a checkout's
    rules only where it has a `.git`), and a checkout's own where the walk cannot read its index
    (a split index) and so applies none; and it leaves out a tracked file the checkout's rules
    match, which the walk lists. It keeps to the walk's rules, and the files it leaves out are
    searched by name: the cold answer is the warm one, the definition found."""
    home = tmp_path / "home"
    monkeypatch.setenv("HOME", str(home))
    monkeypatch.setenv("XDG_CONFIG_HOME", str(home / ".config"))
    if rule in ("parent", "folder"):
        outer = make_git_repo(tmp_path / "outer", {"README.md": "", ".gitignore": "ledger.py\n"})
        root = write_tree(outer / "r", FILES)
        if rule == "folder":
            write_tree(outer, {".gitignore": ""})
            write_tree(root, {".gitignore": "ledger.py\n"})
    else:
        root = make_git_repo(tmp_path / "r", FILES)
        if rule == "global":
            write_tree(home, {".config/git/ignore": "ledger.py\n"})
        elif rule == "tracked":
            write_tree(root, {".gitignore": "ledger.py\n"})
        else:
            git(root, "update-index", "--split-index")
            write_tree(root, {".gitignore": "ledger.py\n"})
            assert gitmeta.read_index(str(root / ".git")) is None
    result = retrieve(MESSAGE, str(root))
    assert result.items[0].path == "app/ledger.py" and "symbols" in result.items[0].strategies
    same(Engine(), root)


def test_the_cache_keeps_to_its_memory_cap_and_answers_alike(tmp_path):
    root = write_tree(tmp_path / "r", {**FILES, **{f"pkg/m{i}.py": f"X{i} = {i}\n" * 50 for i in range(20)}})
    engine = Engine(max_bytes=600)
    same(engine, root)
    assert engine.bytes_held() <= 600


def test_a_prepared_engine_holds_every_walked_file_and_answers_as_cold(tmp_path):
    root = write_tree(tmp_path, FILES)
    engine = Engine()
    assert engine.prepare(str(root)) == len(FILES)
    assert engine.bytes_held() == sum(len(c.encode()) for c in FILES.values())
    same(engine, root)
    (root / "app" / "util.py").write_text("def reconcile_ledger_twice():\n    return 2\n")
    same(engine, root)


def _read_by_a_host(root, how: str):
    """An engine that read `root` as a long-lived host does (`prepare`, or the background warm-up),
    the tree it keeps, and the index of that tree's listing."""
    from boundedcode.checkout import DEFAULT_BUDGETS, walk
    from boundedcode.strategies import PathIndex

    engine = Engine(background=False)
    if how == "prepare":
        engine.prepare(str(root))
    else:
        engine.warm(str(root)).join()
    tree, _ = engine.checkout(str(root))
    return engine, tree, PathIndex.of(walk(tree, DEFAULT_BUDGETS).paths)


@pytest.mark.parametrize("how", ["prepare", "warm"])
def test_a_host_s_engine_splits_the_listing_s_path_words_before_its_first_query(tmp_path, how):
    """A one-shot call splits only the names a word asks for; a long-lived host splits them all
    while it reads the checkout, not in its queries, and answers as cold."""
    from boundedcode.strategies.discovery import PATH_WORDS

    root = _many_files(tmp_path)
    engine, _, index = _read_by_a_host(root, how)
    words = index.fact(PATH_WORDS, lambda paths: None)
    assert words is not None and words._file_names._by_word is not None
    assert "reconcile" not in words._file_names._by_word and words._file_names._by_word["part"]
    same(engine, root)


@pytest.mark.parametrize("how", ["prepare", "warm"])
def test_a_host_s_engine_has_its_documents_and_git_objects_before_its_first_query(tmp_path, how):
    """The documents full text scores, for a message about tests and one not, and the checkout's
    git objects are made while the host reads the checkout: the first query about tests, or the
    first to ask the history, built them itself (some 60 ms each on a 35k-file tree)."""
    root = make_git_repo(tmp_path / "r", FILES)
    engine, tree, index = _read_by_a_host(root, how)
    for about_tests in (False, True):
        assert index.fact(f"document set, tests {about_tests}", lambda paths: None)
    assert "_objects" in vars(tree) and tree.repository() is not None
    same(engine, root)


@pytest.mark.parametrize("how", ["prepare", "warm"])
def test_a_host_s_engine_parses_the_manifests_and_sorts_the_listing_before_its_first_query(tmp_path, how):
    """The listing's tsconfig files and sorted paths are found, and its manifests of every kind
    parsed (kept by their contents), while the host reads the checkout: a query that resolves a
    re-export through them parses none again (the 36k-file tree's first query spent tens of ms
    on them)."""
    from boundedcode.strategies.parallels import SORTED
    from boundedcode.strategies.reexports import TSCONFIGS, _manifest

    files = {
        "package.json": '{"name": "ledger", "main": "src/index.ts"}\n',
        "tsconfig.json": '{"compilerOptions": {"baseUrl": ".", "paths": {"@app/*": ["src/*"]}}}\n',
        "Cargo.toml": '[package]\nname = "ledger"\n',
        "go.mod": "module example.com/ledger\n",
        "composer.json": '{"autoload": {"psr-4": {"Ledger\\\\": "php/"}}}\n',
        "src/index.ts": "export { reconcileLedger } from './ledger';\n",
        "src/ledger.ts": "export function reconcileLedger(entries: number[]) {\n  return entries;\n}\n",
    }
    root = write_tree(tmp_path / "r", files)
    _manifest.cache_clear()
    engine, _, index = _read_by_a_host(root, how)
    assert index.fact(TSCONFIGS, lambda paths: None) == ["tsconfig.json"]
    assert index.fact(SORTED, lambda paths: None) == sorted(index.paths)
    parsed = _manifest.cache_info()
    assert parsed.currsize == parsed.misses == 5  # one a kind
    same(engine, root, "reconcileLedger from ledger returns the wrong entries")
    after = _manifest.cache_info()
    assert after.misses == parsed.misses and after.hits > parsed.hits


def test_a_held_file_s_definable_lines_are_the_lines_its_rules_could_match():
    """The warm index's bits a line are `could_define` of each line's text as the hits hold it
    (`line_text`: a cut line, a `\r` gone, other than ASCII decoded); a language without rules
    has none, and its hits are asked one by one."""
    from boundedcode.lang.definitions import could_define
    from boundedcode.scan.base import OMITTED
    from boundedcode.scan.warm import definable_lines, line_texts, texts_are_bytes

    def texts(data: bytes) -> list[str]:
        raw = data.split(b"\n")
        return line_texts(data, raw, texts_are_bytes(data, raw))

    data = b"import os\n\nclass Ledger:\n    def post(self):\n        return post(1)\nx = 1\n"
    lines = data.decode().split("\n")
    held = definable_lines("app/ledger.py", texts(data))
    assert held == [n for n, line in enumerate(lines, 1) if could_define("python")(line)] == [3, 4, 6]
    assert texts(data.replace(b"\n", b"\r\n")) == lines
    assert definable_lines("app/ledger.py", texts(data.replace(b"\n", b"\r\n"))) == [3, 4, 6]
    accents = texts(data + "café = 2\n".encode())
    assert accents[-2] == "café = 2" and definable_lines("app/ledger.py", accents) == [3, 4, 6, 7]
    cut = texts(b"x = '" + b"a" * 600 + b"'\n" + data)
    assert cut[0].endswith(OMITTED) and len(cut[0]) < 600
    assert definable_lines("app/ledger.py", cut) == [1, 4, 5, 7]
    assert texts(b"\xff\nx = 1") == ["\ufffd", "x = 1"]  # the last line has no `\n`
    assert definable_lines("notes.unknown", texts(data)) is None


def test_definitions_from_a_held_file_s_definable_lines_are_cold_s(tmp_path):
    """A name defined and used in ASCII files, in a CRLF file, a file with a long line and one not
    ASCII: the warm engine reads the definitions off each file's bits, as cold does."""
    body = "def reconcile_ledger(entries):\n    return reconcile_ledger(entries[1:])\n"
    files = {
        **FILES,
        "app/plain.py": "import os\n\n" + body,
        "app/crlf.py": ("x = 1\n" + body).replace("\n", "\r\n"),
        "app/long.py": "# " + "reconcile_ledger " * 30 + "\n" + body,
        "app/accents.py": "# café\n" + body,
    }
    root = write_tree(tmp_path / "r", files)
    engine = Engine(background=False)
    engine.prepare(str(root))
    message = "`reconcile_ledger` returns the wrong balance"
    warm = same(engine, root, message)
    for path in ("app/plain.py", "app/crlf.py", "app/long.py", "app/accents.py", "app/ledger.py"):
        assert path in warm
    scanner = engine.checkout(str(root))[1]
    held = {p for p in files if scanner.definable_lines(p) is not None}
    assert held == {p for p in files if p.endswith(".py")}
    defining = scanner.index.files_defining("reconcile_ledger")
    assert defining == {"app/ledger.py", "app/plain.py", "app/crlf.py", "app/long.py", "app/accents.py"}
    assert not scanner.index.undecided


def test_definitions_in_files_the_index_cannot_tell_of_are_cold_s(tmp_path, monkeypatch):
    """Past the line index's cap a file has no bits and is posted under no name: the index
    cannot tell whether it defines one (`TokenIndex.undecided`), and its definitions are read
    line by line, as cold reads them."""
    from boundedcode.scan import warm

    monkeypatch.setattr(warm.TokenIndex.__init__, "__defaults__", (0,))  # no file gets a line index
    root = write_tree(tmp_path / "r", {**FILES, "docs/notes.md": "reconcile_ledger\n"})
    engine = Engine(background=False)
    engine.prepare(str(root))
    index = engine.checkout(str(root))[1].index
    assert not index.lines and index.undecided == set(FILES)  # not the Markdown file: no line rules
    assert "app/ledger.py" in same(engine, root, "`reconcile_ledger` returns the wrong balance")


def test_a_host_compiles_its_listing_s_definition_rules_before_its_first_query(tmp_path):
    from boundedcode.lang.definitions import lines

    root = _many_files(tmp_path)
    (root / "app" / "Ledger.java").write_text("class Ledger {}\n")
    lines._compiled_rules.cache_clear()
    lines._any_rule.cache_clear()
    Engine(background=False).prepare(str(root))
    rules, alternations = lines._compiled_rules.cache_info(), lines._any_rule.cache_info()
    assert lines._compiled_rules("java") and lines._any_rule("java")
    assert lines._compiled_rules.cache_info().misses == rules.misses  # compiled by prepare
    assert lines._any_rule.cache_info().misses == alternations.misses


@both
def test_a_kept_listing_is_walked_again_when_anything_it_depends_on_changed(tmp_path, watch):
    # A clock ahead of the files: nothing is racy, so the last walk's listing is reused until a
    # directory, an ignore file or the index it read changes.
    from boundedcode.checkout.cached import CachedWorkTree
    from boundedcode.scan.warm import WarmScanner

    root = write_tree(tmp_path / "r", {**FILES, ".gitignore": "*.log\n", "app/deep/x.py": "X = 1\n"})
    git(root, "init", "-q", "-b", "main")
    git(root, "add", "-A")
    git(root, "commit", "-q", "-m", "one")
    tree = CachedWorkTree(str(root), clock_ns=lambda: time.time_ns() + 10**12, watch=watch)
    assert tree.watched is watch
    scanner = WarmScanner(tree)

    def check() -> list[str]:
        warm = answer(retrieve(MESSAGE, str(root), tree=tree, scanner=scanner))
        assert warm == answer(retrieve(MESSAGE, str(root)))
        listed = [f.path for f in tree.files()]
        assert listed == [f.path for f in WorkTree(str(root)).files()]
        return listed

    check()
    assert tree.files() is tree.files()  # nothing changed: the same listing
    write_tree(root, {"app/deep/audit.log": "reconcile_ledger OverdraftError\n"})
    assert "app/deep/audit.log" not in check()
    (root / ".gitignore").write_text("*.tmp\n")  # in place: no directory changes
    assert "app/deep/audit.log" in check()
    write_tree(root, {"app/deep/more.py": "def reconcile_ledger_too():\n    raise OverdraftError\n"})
    assert "app/deep/more.py" in check()
    os.remove(root / "app/deep/more.py")
    assert "app/deep/more.py" not in check()
    git(root, "rm", "-q", "--cached", "app/util.py")  # the index changes, and an ignore rule
    (root / ".gitignore").write_text("*.tmp\nutil.py\n")
    assert "app/util.py" not in check()


@both
def test_a_repository_with_no_index_yet_keeps_its_listing_until_one_is_written(tmp_path, watch, monkeypatch):
    # A new repository (`git init`, nothing added): the index is not there. The listing stands
    # while it stays away, and is walked again once `git add` writes it.
    from boundedcode.checkout.cached import CachedWorkTree

    root = write_tree(tmp_path / "r", {**FILES, ".gitignore": "*.log\n"})
    git(root, "init", "-q", "-b", "main")
    tree = CachedWorkTree(str(root), clock_ns=lambda: time.time_ns() + 10**12, watch=watch)
    walks = []
    walked = sys.modules["boundedcode.checkout.tree"].WorkTree.files
    monkeypatch.setattr(
        sys.modules["boundedcode.checkout.tree"].WorkTree,
        "files",
        lambda self: walks.append(1) or walked(self),
    )
    first = tree.files()
    assert tree.files() is first and len(walks) == 1
    git(root, "add", "app/util.py")
    assert tree.files() is not first and len(walks) == 2
    assert [f.path for f in tree.files()] == [f.path for f in WorkTree(str(root)).files()]


def _ahead(engine: Engine, root) -> None:
    """The engine's tree with a clock far ahead of the files: no timestamp is racy, so a change
    is seen only if it is told or its lstat differs (not because a recent file is read again)."""
    from boundedcode.checkout.cached import CachedWorkTree
    from boundedcode.scan.warm import WarmScanner

    key = os.path.realpath(root)
    tree = CachedWorkTree(key, clock_ns=lambda: time.time_ns() + 10**12, watch=engine.watch)
    engine._kept[key] = (tree, WarmScanner(tree))


@both
def test_an_in_place_edit_of_the_same_size_with_the_old_mtime_is_seen(tmp_path, watch):
    # Neither the size, the inode, the file's mtime nor its directory's mtime tells it.
    root = write_tree(tmp_path / "r", FILES)
    engine = Engine(watch=watch)
    _ahead(engine, root)
    ledger = root / "app/ledger.py"
    assert "app/ledger.py" in same(engine, root)
    before, directory = os.stat(ledger), os.stat(root / "app").st_mtime_ns
    with open(ledger, "r+b") as f:  # in place: same inode, same size
        f.write(b"class NothingHere(Exception):\n    pass\n\n\ndef unrelated_ledger(entries):\n")
    os.utime(ledger, ns=(before.st_atime_ns, before.st_mtime_ns))
    after = os.stat(ledger)
    assert (after.st_ino, after.st_size, after.st_mtime_ns) == (
        before.st_ino,
        before.st_size,
        before.st_mtime_ns,
    )
    assert os.stat(root / "app").st_mtime_ns == directory
    same(engine, root)
    assert "reconcile_ledger" not in (engine.checkout(str(root))[0].read("app/ledger.py") or b"").decode()


@both
def test_a_new_file_in_a_new_directory_and_a_renamed_directory_are_seen(tmp_path, watch):
    root = write_tree(tmp_path / "r", FILES)
    engine = Engine(watch=watch)
    _ahead(engine, root)
    same(engine, root)
    write_tree(
        root, {"app/billing/deep/overdraft.py": "def reconcile_ledger_again():\n    raise OverdraftError\n"}
    )
    assert "app/billing/deep/overdraft.py" in same(engine, root)
    os.rename(root / "app/billing", root / "app/payments")
    renamed = same(engine, root)
    assert "app/payments/deep/overdraft.py" in renamed and "app/billing" not in renamed
    (root / "app/payments/deep/overdraft.py").write_text("def reconcile_ledger_moved():\n    pass\n")
    assert (
        "reconcile_ledger_moved"
        in engine.checkout(str(root))[0].read("app/payments/deep/overdraft.py").decode()
    )
    same(engine, root)
    shutil.rmtree(root / "app/payments")
    assert "app/payments" not in same(engine, root)


@both
def test_a_write_through_a_hard_link_outside_the_checkout_is_seen(tmp_path, watch):
    # The kernel tells such a write to the other link's directory only: the inode is watched too.
    root = write_tree(tmp_path / "r", FILES)
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    os.link(root / "app/util.py", elsewhere / "util.py")
    engine = Engine(watch=watch)
    _ahead(engine, root)
    assert "app/util.py" not in same(engine, root)
    with open(elsewhere / "util.py", "w", encoding="utf-8") as f:  # the same inode, rewritten
        f.write("def reconcile_ledger(entries):\n    raise OverdraftError(entries)\n")
    assert os.stat(root / "app/util.py").st_nlink == 2
    assert "app/util.py" in same(engine, root)


def test_a_lost_queue_checks_everything_once(tmp_path):
    # A queue overflow (changes lost): every directory is listed again and every kept file checked.
    from boundedcode.checkout import watch as watching

    root = write_tree(tmp_path / "r", FILES)
    engine = Engine()
    _ahead(engine, root)
    tree = engine.checkout(str(root))[0]
    if not tree.watched:
        pytest.skip("no inotify here")
    same(engine, root)
    with open(root / "app/util.py", "r+b") as f:
        f.write(b"def reconcile_ledger():")  # in place, same size
    tree._watcher.changes = lambda: iter([watching.OVERFLOW])  # what the kernel said is lost
    assert "app/util.py" in same(engine, root)


def _fresh_index(scanner):
    """The index built anew from what the scanner's tree keeps now (what following changes must give)."""
    from boundedcode.scan.warm import TokenIndex

    fresh = TokenIndex()
    for path, data in sorted(scanner.index.indexed.items()):
        fresh.add(path, data)
    return fresh


def _as_sets(index) -> tuple[dict, dict, dict]:
    return (
        {i: sorted(index.files_holding(i)) for i in index.identifiers},
        {t: index.token_counts(t) for t in index.tokens},
        {i: sorted(index.files_defining(i)) for i in index.identifiers},
    )


@both
def test_the_kept_index_follows_a_changed_an_added_and_a_removed_file(tmp_path, watch):
    # Identifier → files and token → file → count: after each change, exactly what indexing the
    # current files anew gives, and a needle's files are the files holding it whole.
    root = write_tree(tmp_path / "r", FILES)
    engine = Engine(watch=watch)
    _ahead(engine, root)
    engine.prepare(str(root))
    same(engine, root)
    scanner = engine.checkout(str(root))[1]
    assert sorted(scanner.index.files_holding("reconcile_ledger")) == ["app/ledger.py", "app/report.py"]
    assert scanner.index.candidates(["reconcile_ledger"]) == scanner.index.files_holding("reconcile_ledger")
    assert "app/util.py" not in scanner.index.files_holding("balance")
    # Where a line defines a name: its `def`, not its uses.
    assert scanner.index.files_defining("reconcile_ledger") == {"app/ledger.py"}
    assert scanner.index.files_defining("helper") == {"app/util.py"}

    (root / "app/util.py").write_text("def helper(balance):\n    return reconcile_ledger(balance)\n")
    same(engine, root)
    assert "app/util.py" in scanner.index.files_holding("balance")
    assert scanner.index.files_defining("helper") == {"app/util.py"}
    assert not scanner.index.files_defining("balance")  # a parameter, on a definition's line
    assert "app/util.py" in scanner.index.files_holding("reconcile_ledger")
    assert _as_sets(scanner.index) == _as_sets(_fresh_index(scanner))

    write_tree(root, {"app/audit.py": "def audit_ledger():\n    raise OverdraftError\n"})
    same(engine, root)
    assert scanner.index.files_holding("audit_ledger") == ["app/audit.py"]
    assert scanner.index.files_defining("audit_ledger") == {"app/audit.py"}
    assert scanner.index.token_counts("audit") == {"app/audit.py": 1}

    # An edit renaming a definition: the file leaves the old name's files and joins the new's.
    (root / "app/util.py").write_text("def assist(balance):\n    return reconcile_ledger(balance)\n")
    same(engine, root)
    assert not scanner.index.files_defining("helper")
    assert scanner.index.files_defining("assist") == {"app/util.py"}
    assert _as_sets(scanner.index) == _as_sets(_fresh_index(scanner))

    os.remove(root / "app/report.py")
    os.remove(root / "app/audit.py")
    same(engine, root)
    assert sorted(scanner.index.files_holding("reconcile_ledger")) == ["app/ledger.py", "app/util.py"]
    assert "audit_ledger" not in scanner.index.identifiers and "audit" not in scanner.index.tokens
    assert not any("app/report.py" in scanner.index.files_holding(i) for i in scanner.index.identifiers)
    assert not any("app/report.py" in scanner.index.token_counts(t) for t in scanner.index.tokens)
    assert not any("app/audit.py" in scanner.index.files_defining(i) for i in scanner.index.identifiers)
    assert _as_sets(scanner.index) == _as_sets(_fresh_index(scanner))


def test_a_needle_is_searched_only_in_the_files_holding_its_whole_identifiers():
    from boundedcode.scan import Needle
    from boundedcode.scan.warm import TokenIndex, _needle_runs

    index = TokenIndex()
    index.add("a.py", b"x = parse_date(s)\nparse(s)\n")
    index.add("b.py", b"date = parse(d)  # parse_dates\n")
    index.add("c.bin", b"\0parse\0")
    # A word's every run is whole; a literal's first and last may continue in the file.
    assert _needle_runs(Needle("parse", word=True)) == (["parse"], [])
    assert _needle_runs(Needle("self.parse(", word=False)) == (["parse"], [(b"self", False)])
    assert _needle_runs(Needle("parse_dat", word=False)) == ([], [])
    assert _needle_runs(Needle("(d)  #", word=False)) == (["d"], [])
    assert _needle_runs(Needle("parse-date", word=True, fold=True)) == (["parse", "date"], [])
    assert _needle_runs(Needle("x-parse-", word=False, fold=True)) == (["parse"], [])  # no edges
    assert index.candidates(["parse"]) == ["a.py", "b.py"]
    assert index.candidates(["parse_date"]) == ["a.py"]
    assert index.candidates(["parse", "date"]) == ["b.py"]
    assert index.candidates(["missing"]) == []
    assert index.candidates([]) is None  # nothing narrows: every file


@pytest.mark.parametrize("ordered", [False, True])
def test_a_folded_needle_is_searched_in_the_files_holding_its_runs_in_any_case(monkeypatch, ordered):
    """`content-length` folded: where `Content` and `LENGTH` are whole identifiers (any case, on
    any lines), not where they are parts of longer ones; while the identifiers are looked
    through one by one and once they are in order."""
    from boundedcode.scan.warm import TokenIndex
    from boundedcode.scan import warm

    monkeypatch.setattr(warm, "UNORDERED_IDENTIFIERS", 0 if ordered else 10**6)
    index = TokenIndex()
    files = {
        "a.py": b"headers['Content-Length'] = n\n",
        "b.py": b"CONTENT = 1\nlength = 2\n",  # both runs, apart: a candidate all the same
        "c.py": b"content_length = 3\n",  # one identifier, holding neither run whole
        "d.py": b"contents-length\n",
        "e.py": b"cOnTeNt-LeNgTh\n",
        "f.py": b"content = 1\n",  # one run only
    }
    for path, data in files.items():
        index.add(path, data)
    index.seal()
    assert (len(index._by_name) == len(index._names)) is ordered
    assert index.candidates(["content", "length"], folded=True) == ["a.py", "b.py", "e.py"]
    assert index.candidates(["content", "length"]) == []  # as spelled: no file has both
    assert index.candidates(["LENGTH"], folded=True) == ["a.py", "b.py", "d.py", "e.py"]
    assert index.candidates(["lengths"], folded=True) == []


@pytest.mark.parametrize("ordered", [False, True])
def test_a_literal_s_edges_narrow_it_to_the_files_whose_identifiers_continue_them(monkeypatch, ordered):
    """`date = p` can only be where an identifier ends with `date` and one begins with `p`, both
    while the identifiers are looked through one by one and once they are in order."""
    from boundedcode.scan import Needle
    from boundedcode.scan import warm
    from boundedcode.scan.warm import TokenIndex, _needle_runs

    monkeypatch.setattr(warm, "UNORDERED_IDENTIFIERS", 0 if ordered else 10**6)
    index = TokenIndex()
    files = {
        "a.py": b"update = parse(d)\n",  # ends with `date`, begins with `p`
        "b.py": b"dates = p\n",  # no identifier ends with `date`
        "c.py": b"date = 1\nx = parse\n",  # both, on other lines: a candidate all the same
        "d.py": b"date = q\n",  # none begins with `p`
    }
    for path, data in files.items():
        index.add(path, data)
    index.seal()
    assert (len(index._by_name) == len(index._names)) is ordered
    runs = _needle_runs(Needle("date = p", word=False))
    assert runs == ([], [(b"date", False), (b"p", True)])
    assert sorted(index.candidates(*runs)) == ["a.py", "c.py"]
    assert index.edge_files(b"dat", True) == index.numbers(["b.py", "c.py", "d.py"])
    index.add("e.py", b"mandate = pi\n")  # numbered after the order: looked through
    assert sorted(index.candidates(*runs)) == ["a.py", "c.py", "e.py"]
    monkeypatch.setattr(warm, "EDGE_IDENTIFIERS", 2)  # `p`, `parse`, `pi`: too many to narrow by
    assert index.edge_files(b"p", True) is None and index.candidates(*runs) is None


@both
def test_a_walk_of_a_kept_listing_answers_as_a_fresh_walk_and_gives_each_caller_a_copy(tmp_path, watch):
    from boundedcode.checkout import DEFAULT_BUDGETS, Budgets, walk
    from boundedcode.checkout.cached import CachedWorkTree

    root = write_tree(tmp_path / "r", {**FILES, ".env": "SECRET=1\n", "big.py": "x = 1\n"})
    tree = CachedWorkTree(str(root), clock_ns=lambda: time.time_ns() + 10**12, watch=watch)
    first = walk(tree, DEFAULT_BUDGETS)
    first.files.clear()  # a caller's copy: the next walk is not changed by it
    first.refused.clear()
    second = walk(tree, DEFAULT_BUDGETS)
    assert second.paths == [f.path for f in walk(WorkTree(str(root)), DEFAULT_BUDGETS).files]
    assert second.refused == {"secret path": 1}
    # Its paths are one list, handed out again while the listing is kept (facts of it by identity).
    assert walk(tree, DEFAULT_BUDGETS).paths is second.paths
    fewer = walk(tree, Budgets(files_listed=2))  # other budgets: judged again
    assert len(fewer.paths) == 2 and fewer.bounds_reached == ["files_listed"]
    assert len(walk(tree, DEFAULT_BUDGETS).paths) == 4
    write_tree(root, {"app/new.py": "Y = 2\n"})
    assert "app/new.py" in walk(tree, DEFAULT_BUDGETS).paths


@both
def test_a_kept_file_s_size_is_answered_from_memory_until_it_changes(tmp_path, watch, monkeypatch):
    from boundedcode.checkout.cached import CachedWorkTree

    root = write_tree(tmp_path / "r", FILES)
    tree = CachedWorkTree(str(root), clock_ns=lambda: time.time_ns() + 10**12, watch=watch)
    tree.files()
    assert tree.read_file("app/util.py", 1 << 20).data is not None  # now kept
    size = len(FILES["app/util.py"])
    assert tree.size("app/util.py") == size == WorkTree(str(root)).size("app/util.py")
    if watch:  # a change would be told: the size is the kept file's, no lstat asked
        asked: list[object] = []
        lstat = os.lstat
        monkeypatch.setattr(os, "lstat", lambda *a, **k: asked.append(a) or lstat(*a, **k))
        assert tree.size("app/util.py") == size and not asked
        monkeypatch.undo()
    write_tree(root, {"app/util.py": "def helper():\n    return 12345\n"})
    tree.files()  # the next query's walk: the kept copy goes
    assert tree.size("app/util.py") == size + 4 == WorkTree(str(root)).size("app/util.py")
    assert tree.read_file("app/util.py", 1 << 20).data is not None  # kept again, as changed
    os.remove(root / "app/util.py")
    os.symlink("ledger.py", root / "app/util.py")
    tree.files()
    assert tree.size("app/util.py") is None and tree.size("app/missing.py") is None


@both
def test_two_kept_listings_walked_in_turn_are_each_judged_once(tmp_path, watch, monkeypatch):
    """A host answering two checkouts (or a warm one between cold retrievals) in turn."""
    from boundedcode.checkout import DEFAULT_BUDGETS, walk
    from boundedcode.checkout.cached import CachedWorkTree

    walk_module = sys.modules["boundedcode.checkout.walk"]
    judged: list[str] = []
    monkeypatch.setattr(
        walk_module, "refusal", lambda p, real=walk_module.refusal: judged.append(p) or real(p)
    )
    trees = [
        CachedWorkTree(
            str(write_tree(tmp_path / name, FILES)), clock_ns=lambda: time.time_ns() + 10**12, watch=watch
        )
        for name in ("a", "b")
    ]
    answers = [[walk(tree, DEFAULT_BUDGETS).paths for tree in trees] for _ in range(3)]
    assert answers[0] == answers[1] == answers[2] and answers[0][0] == answers[0][1]
    assert len(judged) == 2 * len(answers[0][0])


def test_a_listing_fact_is_built_once_per_listing():
    from boundedcode.strategies import PathIndex

    built: list[int] = []

    def count(paths):
        built.append(len(paths))
        return len(paths)

    index = PathIndex.of(["a.py", "b.py"])
    assert index.fact("n", count) == 2 and index.fact("n", count) == 2
    assert PathIndex.of(["a.py", "b.py"]).fact("n", count) == 2
    assert PathIndex.of(["a.py"]).fact("n", count) == 1
    assert built == [2, 1]


def test_a_file_s_line_index_gives_the_lines_its_contents_give_and_keeps_to_its_cap():
    from boundedcode.scan.warm import TokenIndex, _identifier_lines

    data = (
        b"parse(x)\r\n"
        b"  y = parse_date(parse)  # parse\n"
        b"\n"
        b"$parse = \xc3\xa9parse + " + b"z" * 420 + b" parse\n"
        b"unparse(parse2)\n"
        b"last parse"
    )
    index = TokenIndex()
    index.add("a.py", data)
    for word in (b"parse", b"parse_date", b"z" * 420, b"last", b"missing", b"y"):
        for most in (1, 2, 401):
            assert index.identifier_lines("a.py", data, word, most) == _identifier_lines(data, word, most)
    assert [no for no, _ in index.identifier_lines("a.py", data, b"parse", 401)] == [1, 2, 4, 6]
    kept = index.lines["a.py"]  # a `\r`, a `$`, a long line: texts made as ripgrep prints them there
    assert kept.special == {1, 4} and kept.dollar == (b"\nparse", b"")
    held = index.line_bytes
    assert held > 0
    index.add("a.py", data.replace(b"last", b"first"))  # changed: indexed again, the old lines gone
    assert index.line_bytes == held
    assert index.identifier_lines("a.py", data, b"last", 401) == []
    assert not index.undecided  # its line texts tell where definitions can be
    index.remove("a.py")
    assert index.line_bytes == 0 and not index.lines
    small = TokenIndex(line_index_bytes=16)  # past its cap a file is searched in its contents
    small.add("a.py", data)
    small.add("notes.unknown", data)  # no language, or one without line rules: never a definition
    small.add("conf.json", data)
    small.add("b.py", b"\x00binary")
    assert not small.lines and small.undecided == {"a.py", "b.py"}  # any may define any name
    small.remove("a.py")
    assert small.undecided == {"b.py"}
    small.add("b.py", b"\n")  # read again: a line index now, and nothing on it defines
    assert "b.py" in small.lines and not small.undecided
    assert small.identifier_lines("a.py", data, b"parse", 401) == _identifier_lines(data, b"parse", 401)


def test_a_file_s_term_lines_from_its_line_index_are_the_ones_its_contents_give():
    from boundedcode.scan import Needle
    from boundedcode.scan.base import TermMatcher
    from boundedcode.scan.warm import TokenIndex

    data = (
        b"def parse_durations(value):  # parse\r\n"
        b"    return Duration(value)\n"
        b"information = forms  # no term: parts of longer words\n"
        b"PARSE_DURATION = parseDuration(x) + parse_duration(y)\n"
        b"last_duration"
    )
    index = TokenIndex()
    index.add("a.py", data)
    for tokens in (["parse", "duration"], ["form"], ["=parse_duration", "value"], ["missing"]):
        terms = TermMatcher([Needle(t, word=False, term=True) for t in tokens])
        holding = index.with_tokens(terms.tokens)
        assert index.term_lines("a.py", data, terms, holding) == terms.lines(data)
    terms = TermMatcher([Needle("duration", word=False, term=True)])
    assert list(index.term_lines("a.py", data, terms, index.with_tokens(terms.tokens))) == [1, 2, 4, 5]
    # Contents other than those indexed (read again since): not answered from the index.
    assert index.term_lines("a.py", bytes(bytearray(data)), terms, frozenset()) is None
    assert index.term_lines("b.py", data, terms, frozenset()) is None


def test_a_prepared_engine_s_kept_facts_are_out_of_the_collector_s_sight_when_the_host_asks(tmp_path):
    import gc

    root = write_tree(tmp_path / "r", FILES)
    engine = Engine()
    frozen = gc.get_freeze_count()
    engine.prepare(str(root))
    assert gc.get_freeze_count() == frozen  # process-wide: never by default
    try:
        engine.prepare(str(root), freeze=True)
        index = engine.checkout(str(root))[1].index
        tracked = {id(o) for o in gc.get_objects()}  # frozen objects are in no generation
        assert gc.get_freeze_count() > frozen and id(index.lines) not in tracked
        same(engine, root)  # and answers as before
    finally:
        gc.unfreeze()


def test_a_freezing_host_s_query_leaves_its_cycles_collected_and_what_it_kept_frozen(tmp_path):
    import gc
    import weakref

    class Node:
        itself: object = None

    left: list[weakref.ref[Node]] = []

    def clock() -> float:  # each call leaves a cycle behind, as a query's closures may
        node = Node()
        node.itself = node
        left.append(weakref.ref(node))
        return time.monotonic()

    root = write_tree(tmp_path / "r", FILES)
    engine = Engine()
    before = gc.get_freeze_count()
    engine.retrieve(MESSAGE, str(root), clock=clock)
    assert gc.get_freeze_count() == before  # a host that did not ask: nothing frozen
    try:
        engine.prepare(str(root), freeze=True)
        frozen, left[:] = gc.get_freeze_count(), []
        result = engine.retrieve(MESSAGE, str(root), clock=clock)
        assert left and all(ref() is None for ref in left)  # collected, never frozen
        assert gc.get_freeze_count() > frozen  # what the query made and kept: frozen too
        assert id(result) not in {id(o) for o in gc.get_objects()}
        assert answer(result) == answer(retrieve(MESSAGE, str(root)))
    finally:
        gc.unfreeze()


def _many_files(tmp_path, count: int = 24):
    files = dict(FILES)
    files.update(
        {
            f"app/part_{i}.py": f"def part_{i}(entries):\n    return reconcile_ledger(entries)\n"
            for i in range(count)
        }
    )
    return write_tree(tmp_path / "r", files)


def test_an_engine_behind_its_files_answers_cold_and_reads_them_only_when_warmed(tmp_path):
    root = _many_files(tmp_path)
    engine = Engine(background=False)
    tree, scanner = engine.checkout(str(root))
    scanner.read_per_query = 3  # 27 files to read: more than a query reads itself
    same(engine, root)
    assert scanner.was_behind and not scanner.index.indexed  # answered from the files on disk
    same(engine, root)  # asked again, nothing read since: still behind (the answer kept)
    assert scanner.was_behind and not scanner.index.indexed
    engine.warm(str(root)).join()
    assert len(scanner.index.indexed) == len(FILES) + 24
    same(engine, root)
    assert not scanner.was_behind
    # A few files changed since: the query reads them itself.
    (root / "app/part_1.py").write_text("def part_1():\n    raise OverdraftError\n")
    same(engine, root)
    assert not scanner.was_behind


def test_a_background_engine_warms_the_checkout_a_query_found_behind(tmp_path):
    root = _many_files(tmp_path)
    engine = Engine()
    tree, scanner = engine.checkout(str(root))
    scanner.read_per_query = 3
    same(engine, root)
    assert scanner.was_behind
    engine.warm(str(root)).join()  # the warmer the query started (one per checkout)
    assert len(engine._warmers) == 1
    assert len(scanner.index.indexed) == len(FILES) + 24
    same(engine, root)
    assert not scanner.was_behind


def test_queries_while_the_checkout_is_warmed_answer_as_cold(tmp_path, monkeypatch):
    import boundedcode.engine as engine_module

    monkeypatch.setattr(engine_module, "WARM_BATCH", 2)
    root = _many_files(tmp_path)
    engine = Engine(background=False)
    tree, scanner = engine.checkout(str(root))
    scanner.read_per_query = 3
    warming = engine.warm(str(root))
    answers = set()
    while warming.is_alive() or not answers:
        answers.add(same(engine, root))
    warming.join()
    answers.add(same(engine, root))
    assert len(answers) == 1 and len(scanner.index.indexed) == len(FILES) + 24


def test_a_warm_session_warms_its_checkout_and_answers_meanwhile(tmp_path):
    from boundedcode.session import Session

    root = _many_files(tmp_path)
    with Session(None, str(root)) as session:
        session._engine.checkout(str(root))[1].read_per_query = 3
        session.warm()
        turn = session.user_message(MESSAGE)
        assert "app/ledger.py" in turn.block
        session._engine.warm(str(root)).join()
        assert "app/ledger.py" in session.user_message(MESSAGE).block


def test_an_identifier_s_lines_are_made_when_read_where_none_is_special_and_no_dollar_is_next_to_it():
    """A file not plain throughout (a non-ASCII line, a CRLF one, a cut one, a `$`) gives an
    identifier's lines made when read (`PlainLines`) where none of them is such a line and no run
    next to a `$` begins or ends with it; its lines as ripgrep prints them elsewhere."""
    from boundedcode.scan.warm import MAX_SPECIAL_LINES, PlainLines, TokenIndex, _identifier_lines

    data = (
        b"entry = ledger(total)\n"
        b"caf\xc3\xa9 = total\n"  # not ASCII
        b"balance = total\r\n"  # a `\r` ends it
        b"# " + b"z" * 420 + b" balance\n"  # cut
        b"$ledgers = entry + $entry_id\n"  # runs after a `$`: `ledgers`, `entry_id`
        b"account$ = credit$\n"  # runs before one: `account`, `credit`
        b"ledger(entry); credit(account); debit(total)"
    )
    index = TokenIndex()
    index.add("a.php", data)
    kept = index.lines["a.php"]
    assert kept.special == {2, 3, 4} and kept.dollar == (b"\nentry_id\nledgers", b"account\ncredit\n")
    made_when_read = {"debit"}  # on line 7 alone, next to no `$`
    # Next to a `$` (`$ledgers`, `$entry_id`, `account$`, `credit$`), or on one of lines 2-4.
    ripgrep_s = {"ledger", "entry", "account", "credit", "total", "balance"}
    for name in made_when_read | ripgrep_s:
        lines = index.identifier_lines("a.php", data, name.encode(), 401)
        assert lines == _identifier_lines(data, name.encode(), 401)
        assert isinstance(lines, PlainLines) == (name in made_when_read), name
    plain, rest = index.plain_identifier_lines(["a.php"], b"debit", 401)
    assert list(plain) == ["a.php"] and rest == []
    plain, rest = index.plain_identifier_lines(["a.php"], b"entry", 401)
    assert plain == {} and rest == ["a.php"]
    # Past MAX_SPECIAL_LINES such lines none is kept: every identifier's lines as ripgrep prints them.
    many = b"\xc3\xa9\n" * (MAX_SPECIAL_LINES + 1) + b"debit\n"
    index.add("b.txt", many)
    assert index.lines["b.txt"].special is None
    assert not isinstance(index.identifier_lines("b.txt", many, b"debit", 401), PlainLines)


@pytest.mark.parametrize("lines, names", [(40, 12), (140_000, 40_000)])
def test_a_file_s_line_index_gives_the_lines_a_search_finds(lines, names):
    # A small file, and one of 140,000 lines and 80,000 identifiers: each identifier's lines one run.
    from boundedcode.scan.warm import TokenIndex, _identifier_lines

    data = "\n".join(f"ledger_{n % names} = entry_{(n * 7) % names} + ledger_{n % 3}" for n in range(lines))
    data = data.encode()
    index = TokenIndex()
    index.add("app/big.py", data)
    kept = index.lines["app/big.py"]
    assert len(kept.firsts) == len(kept.held) + 1 and kept.firsts[-1] == len(kept.lines)
    assert kept.special == frozenset() and kept.dollar is None  # each line's text its bytes
    for name in (b"ledger_0", b"ledger_2", b"entry_5", f"entry_{names - 1}".encode()):
        assert index.identifier_lines("app/big.py", data, name, 400) == _identifier_lines(data, name, 400)
    assert index.identifier_lines("app/big.py", data, b"absent_name", 400) == []


def test_term_counts_kept_across_queries_stay_within_their_cap_and_answer_as_cold(tmp_path, monkeypatch):
    from boundedcode.scan import warm

    monkeypatch.setattr(warm, "TERM_COUNTS_KEPT", 2)
    root = write_tree(tmp_path / "r", FILES)
    engine = Engine(background=False)
    engine.prepare(str(root))
    _, scanner = engine.checkout(str(root))
    messages = ["the balance of the ledger entries", "report the entries", "the balance helper"] * 2
    answers = [same(engine, root, message) for message in messages]
    assert answers[:3] == answers[3:] and "app/ledger.py" in answers[0]
    assert scanner._terms_kept is not None
    kept = scanner._terms_kept[2]
    # The newest token is kept whatever its size; the others only while the counts fit the cap.
    assert 1 <= len(kept) and scanner._terms_held == sum(len(k.counts) for k in kept.values())
    assert len(kept) == 1 or scanner._terms_held <= 2


def test_a_checkout_warmed_in_batches_ends_with_every_identifier_in_order(tmp_path, monkeypatch):
    """Indexing in batches leaves up to a quarter of the identifiers out of order, each looked
    through one by one for every literal's edge (125,000 of a 28.9k-file tree's 656,000); the
    warmer's end puts them all in order, as `prepare`'s one hold does, and answers stay cold's."""
    import boundedcode.engine as engine_module
    from boundedcode.scan import warm

    monkeypatch.setattr(engine_module, "WARM_BATCH", 2)
    monkeypatch.setattr(warm, "UNORDERED_IDENTIFIERS", 0)
    root = _many_files(tmp_path)
    engine = Engine(background=False)
    _, scanner = engine.checkout(str(root))
    engine.warm(str(root)).join()
    index = scanner.index
    assert len(index._by_name) == len(index._by_reversed_name) == len(index._names) > 0
    same(engine, root)


_WORDS = ["total", "ledger", "post_entry", "Balance", "x", "self", "return", "reconcile_ledger"]
_CONTENTS = st.lists(st.sampled_from([*_WORDS, " ", "\n", "(", ".", "\x00"]), max_size=30).map("".join)


@settings(max_examples=150, deadline=None)
@given(
    st.dictionaries(st.sampled_from(["a.py", "b.py", "c.py"]), _CONTENTS, min_size=1),
    st.lists(
        st.tuples(
            st.sampled_from(["a.py", "b.py", "c.py", "d.py"]), st.one_of(st.none(), _CONTENTS), st.booleans()
        )
    ),
)
def test_an_index_following_changes_holds_what_indexing_the_files_anew_gives(files, changes):
    """Replaced contents change only the postings that differ (`TokenIndex.add` after `remove`);
    after any changes, sealed between or not, every identifier's files and token's counts, and
    each file's line index, are what a fresh index of the same contents gives."""
    from boundedcode.scan.warm import TokenIndex

    index = TokenIndex()
    for path, text in files.items():
        index.add(path, text.encode())
    index.seal()
    for path, text, seal in changes:
        index.remove(path)  # what a dropped file gets (a no-op for one not indexed)
        if seal:
            index.seal()
        if text is not None:
            index.add(path, text.encode())
    fresh = TokenIndex()
    for path, data in sorted(index.indexed.items()):
        fresh.add(path, data)
    assert _as_sets(index) == _as_sets(fresh)
    assert index.lines.keys() == fresh.lines.keys()
    for path in fresh.lines:
        assert _lines_by_identifier(index, path) == _lines_by_identifier(fresh, path)


def _lines_by_identifier(index, path: str) -> dict[bytes, list[int]]:
    kept = index.lines[path]
    out = {}
    for number in kept.held:
        first, last = kept.span(number)
        out[index._names[number]] = list(kept.lines[first:last])
    return out


@both
def test_a_kept_needle_s_lines_follow_edits_that_give_or_take_its_name(tmp_path, watch):
    """After edits that give one file a kept needle's name and take it from another, every
    kept needle's lines are what a search of the files now gives (a changed file goes out of
    each needle's kept lines and comes back as read again)."""
    from boundedcode.scan.warm import _lines_of

    root = write_tree(tmp_path / "r", FILES)
    engine = Engine(watch=watch)
    engine.prepare(str(root))
    same(engine, root)  # the message's needles, kept
    scanner = engine.checkout(str(root))[1]
    (root / "app/util.py").write_text("def helper():\n    return reconcile_ledger([])\n")
    (root / "app/report.py").write_text("def report(entries):\n    return entries\n")
    same(engine, root)
    assert scanner._lines_kept
    for needle, most in list(scanner._lines_kept):
        search = _lines_of(needle, most, scanner.index)
        now = {p: found.lines for p, d in scanner.index.indexed.items() if (found := search(p, d))}
        assert {
            p: found.lines for p, found in scanner._needle_lines(needle, most, float("inf")).items()
        } == now
    named = next(kept.found for (n, _), kept in scanner._lines_kept.items() if n.text == "reconcile_ledger")
    assert "app/util.py" in named and "app/report.py" not in named


@both
def test_kept_lines_behind_the_files_read_catch_up_or_start_afresh(tmp_path, watch, monkeypatch):
    """Needles a query does not ask for fall behind the files read again; asked later, they look
    through those reads (within LINES_UPDATES of them) or start afresh: answers stay cold's."""
    from boundedcode.scan import warm

    monkeypatch.setattr(warm, "LINES_UPDATES", 3)
    other = "`helper` returns `part_3`"
    root = _many_files(tmp_path)
    engine = Engine(watch=watch)
    _ahead(engine, root)  # no file too recent to trust: only the edited ones are read again
    engine.prepare(str(root))
    scanner = engine.checkout(str(root))[1]
    same(engine, root)  # the message's needles, kept
    for i in range(2):  # read again while only the other message is asked: the first falls behind
        (root / f"app/part_{i}.py").write_text(f"def part_{i}(x):\n    return reconcile_ledger(helper(x))\n")
        same(engine, root, other)
    behind = [k for k in scanner._lines_kept.values() if k.upto < scanner._changed]
    assert behind and len(scanner._changes) == 2
    same(engine, root)  # caught up on both reads
    assert all(k.upto == scanner._changed for k in scanner._lines_kept.values() if k in behind)
    for i in range(2, 9):  # more reads than LINES_UPDATES while some needles wait
        (root / f"app/part_{i}.py").write_text(f"def part_{i}(x):\n    return reconcile_ledger(x)\n")
        same(engine, root, other)
    assert len(scanner._changes) <= 3
    same(engine, root)


@both
def test_a_hold_brought_up_to_date_counts_what_a_pass_over_every_file_counts(tmp_path, watch):
    """After edits, a file grown past the one-file budget and shrunk back, the hold that reads
    only the files dropped since (and those it could not read) counts the files and bytes, and
    reaches the bounds, that a pass over every file does."""
    from boundedcode.checkout import Budgets, walk
    from boundedcode.scan.base import ScanResult

    budgets = Budgets(file_bytes=120)
    root = _many_files(tmp_path)
    engine = Engine(watch=watch)
    _ahead(engine, root)
    engine.prepare(str(root), budgets)
    tree, scanner = engine.checkout(str(root))

    def counted(fresh: bool) -> tuple[int, int, list[str]]:
        paths = walk(tree, budgets).paths
        if fresh:
            scanner._last_hold = None
        result = ScanResult()
        scanner.hold(paths, budgets, float("inf"), result)
        return result.files_scanned, result.bytes_scanned, result.bounds_reached

    edits = [
        {"app/part_1.py": "def part_1(entries):\n    return 1\n"},
        {"app/part_2.py": "x = 1\n" * 40},  # past the budget: not read, the bound reached
        {"app/part_3.py": "y = 2\n", "app/part_4.py": "def part_4():\n    return None\n"},
        {"app/part_2.py": "x = 2\n"},  # back within it
    ]
    assert counted(False) == counted(True)
    for edit in edits:
        write_tree(root, edit)
        up_to_date = counted(False)
        assert scanner._dropped_since == {}  # brought up to date, not passed over in full
        assert up_to_date == counted(True), edit
    assert "app/part_2.py" in scanner.index.indexed  # shrunk back: read and indexed again


@both
def test_a_file_over_the_budget_that_shrinks_back_is_searched_again(tmp_path, watch):
    """The tree never keeps a file over the one-file budget, so its shrinking back drops nothing
    and moves no version: the warm scan asks such files again on every query, as cold does."""
    from boundedcode.checkout import Budgets

    budgets = Budgets(file_bytes=120)
    root = _many_files(tmp_path)
    engine = Engine(watch=watch)
    _ahead(engine, root)
    engine.prepare(str(root), budgets)
    message = "`audit_trail` is never written"
    write_tree(root, {"app/part_2.py": "audit_trail = 1\n" * 20})  # past the budget
    assert "app/part_2.py" not in answer(engine.retrieve(message, str(root), budgets=budgets))
    write_tree(root, {"app/part_2.py": "audit_trail = 1\n"})
    warm = engine.retrieve(message, str(root), budgets=budgets)
    assert answer(warm) == answer(retrieve(message, str(root), budgets=budgets))
    assert "app/part_2.py" in answer(warm)


@both
def test_kept_term_counts_follow_the_files_changed_since(tmp_path, watch, monkeypatch):
    """A token's kept counts are counted again in the files changed since, when the token is
    next asked for: a file that gains the token, loses it, or passes the per-file budget; past
    LINES_UPDATES changes not caught up with they start afresh. Answers stay cold's."""
    from boundedcode.checkout import Budgets
    from boundedcode.scan import warm

    monkeypatch.setattr(warm, "LINES_UPDATES", 4)
    budgets = Budgets(occurrences_per_string_file=3)
    message = "the ledger balance drifts"
    root = _many_files(tmp_path)
    engine = Engine(watch=watch)
    _ahead(engine, root)
    engine.prepare(str(root), budgets)
    scanner = engine.checkout(str(root))[1]

    def check() -> None:
        warm_answer = engine.retrieve(message, str(root), budgets=budgets)
        assert answer(warm_answer) == answer(retrieve(message, str(root), budgets=budgets))
        fresh = {t: scanner.index.token_counts(t, scanner._terms_kept[1]) for t in scanner._terms_kept[2]}
        for token, kept in scanner._terms_kept[2].items():
            assert list(kept.counts.items()) == [(p, min(n, 3)) for p, n in sorted(fresh[token].items())]
            assert kept.over == {p for p, n in fresh[token].items() if n > 3}, token

    check()
    assert scanner._terms_kept is not None and "balanc" in "".join(scanner._terms_kept[2])
    write_tree(root, {"app/util.py": "def helper(balance):\n    return balance\n"})  # gains the tokens
    check()
    write_tree(root, {"app/part_1.py": "balance = ledger_balance(balance)\n"})  # and one before it
    check()
    write_tree(root, {"app/ledger.py": "x = 1\n"})  # loses them
    check()
    write_tree(root, {"app/part_2.py": "balance = balance + balance + balance\n"})  # past the budget
    check()
    write_tree(root, {"app/part_2.py": "balance = 1\n"})  # back within it
    check()
    for i in range(3, 12):  # more changes than LINES_UPDATES between two asks
        write_tree(root, {f"app/part_{i}.py": f"ledger_{i} = {i}\n"})
        engine.retrieve("`part_3` only", str(root), budgets=budgets)
    check()


def test_a_class_s_place_moved_to_a_method_is_cold_s_and_follows_an_edit(tmp_path):
    files = {
        "app/books.py": "class Ledger:\n    def post(self, entry):\n        return entry\n\n"
        "    def settle(self, balance):\n        # an overdraft balance is settled here\n        return balance\n",
        "app/util.py": "def helper():\n    return 1\n",
    }
    root = write_tree(tmp_path / "r", files)
    engine = Engine()
    message = "`Ledger` settles an overdraft balance wrongly"
    assert '"app/books.py", 5, "Ledger.settle"' in same(engine, root, message)
    (root / "app/books.py").write_text("class Ledger:\n    def post(self, entry):\n        return entry\n")
    assert '"app/books.py", 1, "Ledger"' in same(engine, root, message)
