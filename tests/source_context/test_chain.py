"""The search chain end to end on small git repositories: terms, aliases, registrations, windows."""

from __future__ import annotations

import json
from pathlib import Path

from boundedcode.source_context import STATUS_COMPLETE, run_query
from boundedcode.source_context.query import CENTRAL_LOADER_MIN_NAMES, NOT_FOUND_NOTE, PREFIX_MISSING_NOTE

from .conftest import commit

WG = "src/server/scripts/Northrend/Wintergrasp/wintergrasp.cpp"
LOADER = "src/server/scripts/Northrend/northrend_script_loader.cpp"
VCORE = {"registration_prefixes": ["AddSC_"]}


def query(profile, text, prefix=None, context=None):
    request = {"kind": "source.context", "text": text}
    if prefix is not None:
        request["path_prefix"] = prefix
    return run_query(request, profile, context)


def spans(result, path):
    """Returned line ranges of `path` as (first, last)."""
    for f in result["files"]:
        if f["path"] == path:
            return [(b["start_line"], b["start_line"] + len(b["lines"]) - 1) for b in f["blocks"]]
    return []


def test_alias_and_registration_chain(vcore, make_profile):
    repo, head = vcore
    result = query(make_profile(repo, head, VCORE), "23487", "src/server/")
    searches = [(s["term"], s["mode"], s["origin"]) for s in result["searches"]]
    assert searches == [
        ("23487", "fixed", "request"),
        ("NPC_WG_TOWER_CANNON", "word", "alias"),
        ("AddSC_wintergrasp", "word", "registration"),
    ]
    alias, registration = result["candidates"]
    assert (alias["kind"], alias["name"], alias["path"], alias["line"]) == (
        "alias",
        "NPC_WG_TOWER_CANNON",
        WG,
        5,
    )
    assert (alias["found_by"], alias["followed_by"]) == (0, 1)
    assert (registration["name"], registration["line"], registration["followed_by"]) == (
        "AddSC_wintergrasp",
        28,
        2,
    )
    # The alias search finds the use of the constant; the registration search finds the loader call.
    assert {(h["search"], h["path"], h["line"]) for h in result["hits"]} >= {
        (1, WG, 16),
        (2, WG, 28),
        (2, LOADER, 6),
        (2, LOADER, 14),
    }
    # A fixed string: 123487 contains the digits and is reported, not interpreted.
    assert any(h["path"] == "src/server/game/Spells/spell_data.h" for h in result["hits"])
    assert all(h["context_returned"] for h in result["hits"])
    assert result["status"] == STATUS_COMPLETE and result["limits_reached"] == []


def test_central_loader_names_are_not_followed(vcore, make_profile):
    repo, head = vcore
    result = query(make_profile(repo, head, {**VCORE, "context_lines": 1}), "23487", "src/server")
    registration = result["searches"][2]
    assert registration["central_loaders"] == [LOADER]
    names = {c["name"] for c in result["candidates"]}
    assert names == {"NPC_WG_TOWER_CANNON", "AddSC_wintergrasp"}  # no AddSC_dalaran & co.
    # Only the lines of the searched registration get windows in the loader.
    assert spans(result, LOADER) == [(5, 7), (13, 15)]


def test_term_found_in_a_loader_does_not_harvest_its_names(vcore, make_profile):
    repo, head = vcore
    result = query(make_profile(repo, head, {**VCORE, "context_lines": 0}), "AddSC_wintergrasp")
    first = result["searches"][0]
    assert first["central_loaders"] == [LOADER]
    assert len(result["searches"]) == 1  # the only registration in wintergrasp.cpp is the term itself
    assert [(c["name"], c["path"], c["followed_by"]) for c in result["candidates"]] == [
        ("AddSC_wintergrasp", WG, 0)
    ]
    assert spans(result, LOADER) == [(6, 6), (14, 14)]


def test_loader_threshold_is_exact(tmp_path, make_profile):
    below = "".join(f"void AddSC_n{i}();\n" for i in range(CENTRAL_LOADER_MIN_NAMES - 1))
    at = "".join(f"void AddSC_m{i}();\n" for i in range(CENTRAL_LOADER_MIN_NAMES))
    repo = tmp_path / "r"
    head = commit(repo, {"a/below.cpp": "int K = 777;\n" + below, "b/at.cpp": "int K2 = 777;\n" + at})
    result = query(make_profile(repo, head, {**VCORE, "max_searches": 12}), "777")
    assert result["searches"][0]["central_loaders"] == ["b/at.cpp"]
    followed = {c["name"] for c in result["candidates"] if c["kind"] == "registration"}
    assert followed == {f"AddSC_n{i}" for i in range(CENTRAL_LOADER_MIN_NAMES - 1)}


def test_without_prefixes_the_alias_search_still_works(vcore, make_profile):
    repo, head = vcore
    result = query(make_profile(repo, head), "23487", "src/server")
    assert [s["origin"] for s in result["searches"]] == ["request", "alias"]
    assert [c["kind"] for c in result["candidates"]] == ["alias"]


def test_overlapping_and_adjacent_windows_merge(tmp_path, make_profile):
    lines = [f"line {n}" for n in range(1, 61)]
    for n in (10, 14, 21, 40):  # 10 & 14 overlap, 14 & 21 touch (17 and 18), 40 stands alone
        lines[n - 1] = f"x = call(MARKER)  # {n}"
    repo = tmp_path / "r"
    head = commit(repo, {"m.py": "\n".join(lines) + "\n"})
    result = query(make_profile(repo, head, {"context_lines": 3}), "MARKER")
    assert spans(result, "m.py") == [(7, 24), (37, 43)]
    block = result["files"][0]["blocks"][0]
    assert block["lines"] == lines[6:24]  # plain lines, exactly as in the blob


def test_python_search_is_whole_word_and_follows_aliases(tmp_path, make_profile):
    repo = tmp_path / "py"
    head = commit(
        repo,
        {
            "app/settings.py": "RETRY_LIMIT = 23487  # retries\nRETRY_LIMIT_MAX = 5\n",
            "app/client.py": "from .settings import RETRY_LIMIT\n\n\ndef run(n):\n    return n < RETRY_LIMIT\n",
            "app/other.py": "MY_RETRY_LIMIT = 1\nprint('RETRY_LIMIT_X')\n",
            "app/notes.txt": "RETRY_LIMIT\n",
        },
    )
    result = query(make_profile(repo, head, {"context_lines": 1}), "23487", "app")
    assert [(s["term"], s["mode"]) for s in result["searches"]] == [
        ("23487", "fixed"),
        ("RETRY_LIMIT", "word"),
    ]
    alias_hits = sorted((h["path"], h["line"]) for h in result["hits"] if h["search"] == 1)
    assert alias_hits == [("app/client.py", 1), ("app/client.py", 5), ("app/settings.py", 1)]
    assert result["scope"]["skipped"]["other_extension"] == 1


def test_empty_result_is_complete_and_says_what_it_does_not_rule_out(vcore, make_profile):
    repo, head = vcore
    result = query(make_profile(repo, head, VCORE), "99999999")
    assert result["status"] == STATUS_COMPLETE
    assert result["hits"] == [] and result["files"] == [] and result["candidates"] == []
    assert result["searches"][0]["files_searched"] == result["scope"]["files"] == 4
    assert NOT_FOUND_NOTE in result["notes"]


def test_prefix_naming_nothing_is_an_empty_result(vcore, make_profile):
    repo, head = vcore
    result = query(make_profile(repo, head), "23487", "src/client")
    assert result["scope"]["found"] is False and result["hits"] == []
    assert PREFIX_MISSING_NOTE in result["notes"]


def test_prefix_may_name_a_single_file(vcore, make_profile):
    repo, head = vcore
    result = query(make_profile(repo, head), "23487", WG)
    assert result["scope"]["files"] == 1
    assert {h["path"] for h in result["hits"]} == {WG}


def test_file_identity_is_given_once_per_file(vcore, make_profile):
    repo, head = vcore
    result = query(make_profile(repo, head, VCORE), "23487")
    paths = [f["path"] for f in result["files"]]
    assert len(paths) == len(set(paths))
    for f in result["files"]:
        assert set(f) == {"path", "blob", "sha256", "size", "blocks"}


def test_output_is_deterministic(vcore, make_profile):
    repo, head = vcore
    profile = make_profile(repo, head, VCORE)
    first = json.dumps(query(profile, "23487"), sort_keys=False)
    assert all(json.dumps(query(profile, "23487"), sort_keys=False) == first for _ in range(3))


def test_binary_files_are_skipped_and_counted(tmp_path, make_profile):
    repo = tmp_path / "bin"
    head = commit(repo, {"a.c": b"\x00\x01 TOKEN \x02", "b.c": "int TOKEN = 1;\n"})
    result = query(make_profile(repo, head), "TOKEN")
    assert result["searches"][0]["skipped"]["binary_files"] == 1
    assert [h["path"] for h in result["hits"]] == ["b.c"]


def test_windows_are_read_from_crlf_files_as_plain_lines(tmp_path: Path, make_profile):
    repo = tmp_path / "crlf"
    head = commit(repo, {"w.cs": "class A {\r\n  const int X = 42;\r\n}\r\n"})
    result = query(make_profile(repo, head), "42")
    assert result["files"][0]["blocks"][0]["lines"] == ["class A {", "  const int X = 42;", "}"]


def test_registrations_in_files_found_through_an_alias_are_followed(tmp_path, make_profile):
    repo = tmp_path / "r"
    head = commit(
        repo,
        {
            "src/shared/creatures.h": "#define NPC_WOLPERTINGER 23487\n",
            "src/scripts/wolpertinger.cpp": "struct npc_wolpertinger { int entry = NPC_WOLPERTINGER; };\n\n"
            "void AddSC_wolpertinger()\n{\n    new npc_wolpertinger();\n}\n",
            "src/scripts/loader.cpp": "void AddSC_wolpertinger();\nvoid AddScripts() { AddSC_wolpertinger(); }\n",
        },
    )
    result = query(make_profile(repo, head, VCORE), "23487")
    assert [(s["term"], s["origin"]) for s in result["searches"]] == [
        ("23487", "request"),
        ("NPC_WOLPERTINGER", "alias"),
        ("AddSC_wolpertinger", "registration"),
    ]
    registration = result["candidates"][1]
    assert (registration["name"], registration["found_by"], registration["followed_by"]) == (
        "AddSC_wolpertinger",
        1,
        2,
    )
    assert {h["path"] for h in result["hits"] if h["search"] == 2} == {
        "src/scripts/loader.cpp",
        "src/scripts/wolpertinger.cpp",
    }
