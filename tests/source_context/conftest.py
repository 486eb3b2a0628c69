"""Small git repositories and profiles for the `source.context` tests."""

from __future__ import annotations

from pathlib import Path
from typing import Any, Callable

import pytest

from boundedcode.source_context import Profile, load_profile

from ..conftest import git, write_tree as write


def commit(root: Path, files: dict[str, str | bytes], message: str = "change") -> str:
    """Write `files` into the working copy of `root` (a new repository if needed) and commit."""
    if not (root / ".git").exists():
        root.mkdir(parents=True, exist_ok=True)
        git(root, "init", "-q", "-b", "main")
    write(root, files)
    git(root, "add", "-A")
    git(root, "commit", "-q", "--allow-empty", "-m", message)
    return git(root, "rev-parse", "HEAD")


def profile_text(
    repo: Path, commit_id: str, analysis: dict[str, Any] | None = None, limits: dict[str, Any] | None = None
) -> str:
    def toml(value: Any) -> str:
        if isinstance(value, bool):
            return "true" if value else "false"
        if isinstance(value, str):
            return '"' + value.replace("\\", "\\\\").replace('"', '\\"') + '"'
        if isinstance(value, list):
            return "[" + ", ".join(toml(v) for v in value) + "]"
        return repr(value)

    section = {"enabled": True, **(analysis or {})}
    lines = [
        "[project]",
        f"repository = {toml(str(repo))}",
        f"commit = {toml(commit_id)}",
        "",
        "[source_analysis]",
        *(f"{k} = {toml(v)}" for k, v in section.items()),
    ]
    if limits:
        lines += ["", "[limits]", *(f"{k} = {toml(v)}" for k, v in limits.items())]
    return "\n".join(lines) + "\n"


@pytest.fixture
def make_profile(tmp_path: Path) -> Callable[..., Profile]:
    """Write a profile TOML for (repo, commit) with overrides and load it as the CLI would."""
    counter = iter(range(1_000_000))

    def make(
        repo: Path,
        commit_id: str,
        analysis: dict[str, Any] | None = None,
        limits: dict[str, Any] | None = None,
    ) -> Profile:
        path = tmp_path / f"profile-{next(counter)}.toml"
        path.write_text(profile_text(repo, commit_id, analysis, limits))
        return load_profile(path)

    return make


# A Vcore-like tree: a number in an enum, a script registered by AddSC_, a central loader.
WINTERGRASP = """\
#include "ScriptMgr.h"

enum WintergraspCreatures
{
    NPC_WG_TOWER_CANNON         = 23487,
    NPC_WG_SIEGE_ENGINE         = 28312,
};

class npc_wg_tower_cannon : public CreatureScript
{
public:
    npc_wg_tower_cannon() : CreatureScript("npc_wg_tower_cannon") { }

    bool OnGossipHello(Player* player, Creature* creature) override
    {
        if (creature->GetEntry() != NPC_WG_TOWER_CANNON)
            return false;
        return true;
    }
};

class npc_wg_siege_engine : public CreatureScript
{
public:
    npc_wg_siege_engine() : CreatureScript("npc_wg_siege_engine") { }
};

void AddSC_wintergrasp()
{
    new npc_wg_tower_cannon();
    new npc_wg_siege_engine();
}
"""

LOADER = "\n".join(
    ["// Northrend script loader", ""]
    + [f"void AddSC_{n}();" for n in ("borean_tundra", "dalaran", "howling_fjord", "wintergrasp", "zuldrak")]
    + ["", "void AddNorthrendScripts()", "{"]
    + [f"    AddSC_{n}();" for n in ("borean_tundra", "dalaran", "howling_fjord", "wintergrasp", "zuldrak")]
    + ["}", ""]
)

UNRELATED = """\
// A different meaning of the same digits.
static const uint32 SPELL_FROST_NOVA_RANK = 123487;
"""

VCORE_FILES = {
    "src/server/scripts/Northrend/Wintergrasp/wintergrasp.cpp": WINTERGRASP,
    "src/server/scripts/Northrend/northrend_script_loader.cpp": LOADER,
    "src/server/game/Spells/spell_data.h": UNRELATED,
    "sql/updates/world/2024_01_01_00_world.sql": "SET @CGUID := 23487;\nDELETE FROM creature WHERE guid = @CGUID;\n",
    "README.md": "23487 appears in prose too, but .md is not a searched extension.\n",
}


@pytest.fixture
def vcore(tmp_path: Path) -> tuple[Path, str]:
    repo = tmp_path / "vcore"
    return repo, commit(repo, VCORE_FILES, "vcore")
