"""The read policy: secrets, symlinks, dependency directories and outside paths are never read or listed."""

import json
import os
import subprocess
import sys

import pytest

from boundedcode import retrieve
from boundedcode.checkout import WorkTree, confine, refusal, walk, DEFAULT_BUDGETS
from boundedcode.scan import RipgrepScanner

from .conftest import make_git_repo, write_tree

NEEDLE = "reconcile_ledger"


class SpyTree(WorkTree):
    """A working tree that records every path read through it."""

    def __init__(self, root):
        super().__init__(root)
        self.reads = []

    def read(self, path, limit=None):
        self.reads.append(path)
        return super().read(path, limit)


class SpyScanner(RipgrepScanner):
    def scan(self, tree, paths, needles, budgets, deadline):
        self.paths = list(paths)
        return super().scan(tree, paths, needles, budgets, deadline)


@pytest.fixture(params=["git", "plain"])
def repo(tmp_path, request):
    outside = write_tree(tmp_path / "outside", {"secret.py": f"def {NEEDLE}():\n    pass\n"})
    files = {
        "app/ledger.py": f"def {NEEDLE}():\n    return 1\n",
        ".env": f"{NEEDLE}=hunter2\n",
        "config/server.key": f"{NEEDLE}\n",
        "deploy/id_rsa": f"{NEEDLE}\n",
        "node_modules/lib/index.js": f"function {NEEDLE}() {{}}\n",
        "package-lock.json": f'{{"{NEEDLE}": 1}}\n',
        "static/app.min.js": f"function {NEEDLE}(){{}}\n",
    }
    root = tmp_path / "repo"
    (make_git_repo if request.param == "git" else write_tree)(root, files)
    os.symlink(outside / "secret.py", root / "app" / "link.py")
    os.symlink(outside, root / "linked_dir")
    return root


FORBIDDEN = (
    ".env",
    "server.key",
    "id_rsa",
    "node_modules",
    "package-lock",
    "app.min.js",
    "link.py",
    "linked_dir",
    "outside",
    "secret.py",
)


def test_walk_lists_only_what_the_policy_allows(repo):
    listed = walk(WorkTree(str(repo)), DEFAULT_BUDGETS).paths
    assert listed == ["app/ledger.py"]


def test_retrieval_never_reads_or_lists_forbidden_paths(repo):
    tree, scanner = SpyTree(str(repo)), SpyScanner()
    message = (
        f"`{NEEDLE}` fails; see .env, config/server.key, deploy/id_rsa, "
        "node_modules/lib/index.js, app/link.py, linked_dir/secret.py and ../outside/secret.py"
    )
    result = retrieve(
        message,
        str(repo),
        tree=tree,
        scanner=scanner,
        evidence=['  File "/etc/passwd", line 1\n  File "../outside/secret.py", line 1\n'],
    )
    dumped = json.dumps(result.to_json())
    assert result.paths == ["app/ledger.py"]
    for bad in FORBIDDEN:
        assert bad not in "".join(result.paths)
        assert not any(bad in p for p in tree.reads), tree.reads
        assert not any(bad in p for p in scanner.paths)
    assert "hunter2" not in dumped


def test_reads_are_confined_to_the_tree(repo):
    tree = WorkTree(str(repo))
    assert tree.read("../outside/secret.py") is None
    assert tree.read("/etc/passwd") is None
    assert tree.read("app/link.py") is None  # a symlink, though it points at a file
    assert tree.read("linked_dir/secret.py") is None  # a file under a symlinked directory
    assert tree.read("app/ledger.py").startswith(b"def ")


@pytest.mark.parametrize(
    "path,reason",
    [
        (".env", "secret path"),
        ("config/.env.production", "secret path"),
        ("a/server.pem", "secret path"),
        ("a/id_ed25519", "secret path"),
        ("a/.hidden/x.py", "hidden directory"),
        ("node_modules/x/y.js", "dependency directory"),
        ("vendor/a/b.go", "dependency directory"),
        ("target/debug/x.rs", "build directory"),
        ("Cargo.lock", "lock file"),
        ("go.sum", "lock file"),
        ("web/app.min.js", "minified bundle or source map"),
        ("web/app.js.map", "minified bundle or source map"),
        ("a\nb.py", "control character in name"),
        ("evil\nsrc/real.py", "control character in name"),
        ("dir\twith/tab.py", "control character in name"),
        ("bell\x07.py", "control character in name"),
        ("line\u2028separator.py", "control character in name"),
        ("next\x85line/x.py", "control character in name"),
    ],
)
def test_refusal_reasons(path, reason):
    assert refusal(path) == reason


def test_env_examples_are_readable_documentation():
    assert refusal(".env.example") == "hidden file"  # still hidden: not listed by the walk
    assert refusal("config/env.example") is None


@pytest.mark.parametrize(
    "name", ["env", "env.local", "env.production", "prod.env", "env.sh", "env.php", "env.js"]
)
def test_an_env_file_by_any_spelling_is_a_secret(name):
    assert refusal(f"deploy/{name}") == "secret path"


@pytest.mark.parametrize("name", ["env.rs", "env.go", "env.py", "env.c"])
def test_a_program_s_source_named_env_is_read(name):
    """The `env` command's source, a migration tool's environment module: code, no values."""
    assert refusal(f"src/uu/env/{name}") is None


@pytest.mark.parametrize("bad", ["../x", "a/../../x", "/abs", "C:/x", "", "a/\0b", ".."])
def test_confine_rejects_paths_that_leave(bad):
    assert confine(bad) is None


def _ripgreps_own_walk(root) -> list[str]:
    """The files ripgrep walks to when it scans while our walk runs, under the policy's globs."""
    from boundedcode.scan.ripgrep import ripgrep_excludes

    rg = RipgrepScanner().binary
    return subprocess.run(
        [rg, "--files", "--no-config", "--no-ignore-dot", *ripgrep_excludes()],
        cwd=root,
        capture_output=True,
        text=True,
        stdin=subprocess.DEVNULL,
    ).stdout.split()


def test_ripgreps_own_walk_never_opens_forbidden_files(repo):
    assert _ripgreps_own_walk(repo) == ["app/ledger.py"]


def test_every_exclude_glob_keeps_ripgreps_walk_out_in_any_case(tmp_path):
    """The globs go to ripgrep as one pattern of alternatives: each of them still excludes a
    file and a directory of its name, in lower and upper case, at the top and further down."""
    from boundedcode.scan.ripgrep import _exclude_globs

    files = {"keep/main.py": "x = 1\n"}
    for glob in _exclude_globs():
        assert not set(glob) & set("{},")  # they would break the alternatives apart
        for name in (glob.replace("*", "x"), glob.replace("*", "x").upper()):
            files[name] = "secret\n"
            files[f"deep/er/{name}"] = "secret\n"
            files[f"dirs/{name}/inner.py"] = "secret\n"
    assert _ripgreps_own_walk(write_tree(tmp_path / "r", files)) == ["keep/main.py"]


def test_retrieval_with_the_default_scanner_lists_only_allowed_files(repo):
    message = f"`{NEEDLE}` fails; see .env, config/server.key and node_modules/lib/index.js"
    result = retrieve(message, str(repo))
    assert result.paths == ["app/ledger.py"]
    assert "hunter2" not in json.dumps(result.to_json())


def test_an_env_example_is_scanned_though_ripgreps_globs_skip_it(tmp_path):
    root = write_tree(
        tmp_path / "r", {"deploy/env.example": "SHOP_DB_URL=postgres://\n", "app/main.py": "import os\n"}
    )
    result = retrieve("SHOP_DB_URL is ignored", str(root))
    assert "deploy/env.example" in result.paths


def test_no_walked_file_is_hidden_by_ripgreps_globs(tmp_path):
    """Globs match any component in any case; the policy looks at directories, case-sensitively."""
    from boundedcode.scan import MemoryScanner, Needle, begin_scan, scan

    files = {
        "Build/gen.py": "reconcile_ledger = 1\n",  # `build/` is refused, `Build/` is not
        "tools/build": "reconcile_ledger\n",  # a file named like a build directory
        "cfg.env/x.py": "reconcile_ledger = 2\n",  # a directory named like an env file
        "deploy/env.example": "reconcile_ledger\n",
        "app/main.py": "reconcile_ledger()\n",
    }
    root = write_tree(tmp_path / "r", files)
    tree = WorkTree(str(root))
    paths = walk(tree, DEFAULT_BUDGETS).paths
    assert paths == sorted(files)
    needles = [Needle(NEEDLE, word=True)]
    far = float("inf")
    pending = begin_scan(tree, needles, DEFAULT_BUDGETS, far)(paths)
    in_process = scan(tree, paths, needles, DEFAULT_BUDGETS, far, MemoryScanner())
    assert sorted(pending.files_with(needles[0])) == sorted(files)
    assert pending.hits == in_process.hits


@pytest.mark.skipif(sys.platform == "win32", reason="no newline in a Windows file name")
def test_a_file_whose_name_holds_a_newline_is_never_read_as_another_file(tmp_path):
    """`evil\nsrc/real.py` defines the name; `src/real.py` does not. ripgrep's records split at the
    newline read `src/real.py` as the file: the walk and ripgrep's own walk both leave such
    names out, so no place points at the file that does not hold the name."""
    root = write_tree(tmp_path / "r", {"src/real.py": "x = 1\n", "src/other.py": "y = 2\n"})
    (root / "evil\nsrc").mkdir()
    (root / "evil\nsrc" / "real.py").write_text("def reconcile_ledger():\n    pass\n")
    (root / "a\nb.py").write_text("def reconcile_ledger():\n    return 1\n")
    result = retrieve("reconcile_ledger fails", str(root))
    assert result.items == []
    assert "\n" not in "".join(_ripgreps_own_walk(root))


def test_a_follow_up_scan_finds_what_a_search_of_every_walked_file_finds(tmp_path):
    """`Rescan` (a strategy's follow-up names) has ripgrep walk the tree as the first scan does:
    its hits are the walked files' (the files its globs skip searched by name; a file the walk
    refuses never), as the in-process search of every walked file gives them."""
    from boundedcode.scan import MemoryScanner, Needle, ScanResult, scan
    from boundedcode.scan.rescan import Rescan

    files = {
        "Build/gen.py": "settle_account = 1\n",
        "tools/build": "settle_account\n",
        "deploy/env.example": "settle_account\n",
        "app/main.py": "settle_account()\n",
        "config/.env": "settle_account=1\n",  # refused: never a hit
    }
    root = write_tree(tmp_path / "r", files)
    tree = WorkTree(str(root))
    paths = walk(tree, DEFAULT_BUDGETS).paths
    needle = Needle("settle_account", word=True)
    rescan = Rescan(
        tree, paths, DEFAULT_BUDGETS, float("inf"), None, ScanResult(), [], bounds_reached=[], notes=[]
    )
    found = rescan([needle]).files_with(needle)
    in_process = scan(tree, paths, [needle], DEFAULT_BUDGETS, float("inf"), MemoryScanner())
    assert found == in_process.files_with(needle)
    assert sorted(found) == ["Build/gen.py", "app/main.py", "deploy/env.example", "tools/build"]
