"""A simulated LLM run: a scripted model drives the hybrid loop through the public API.

The model reads the contract from the context, calls the tool, reads each capture
back from the context directory (not from the return value), and decides its next
request from the returned snippets alone. Its final answer cites evidence that
must match the pinned git objects.
"""

from __future__ import annotations

import json
import re
import shutil

from boundedcode.source_context import STATUS_COMPLETE, run_query, verify_context

from .conftest import git

MAX_TURNS = 5


class ScriptedModel:
    """Chooses requests from what it has read; no knowledge of the repository beyond that."""

    def __init__(self, case_number: str):
        self.case_number = case_number
        self.read: list[dict] = []  # capture bodies, in order
        self.asked: list[str] = []
        self.fallback = False

    def next_request(self) -> dict | None:
        if not self.read:
            return {"kind": "source.context", "text": self.case_number, "path_prefix": "src/server/"}
        last = self.read[-1]["result"]
        if not last["hits"]:
            self.fallback = True  # the contract says: the basic tools remain available
            return None
        for line in self.snippet_lines():
            match = re.search(r"class (\w+) : public CreatureScript", line)
            if match and match.group(1) not in self.asked:
                return {"kind": "source.context", "text": match.group(1)}
        if "npc_wg_wolpertinger" not in self.asked:
            return {"kind": "source.context", "text": "npc_wg_wolpertinger"}  # a guess that finds nothing
        return None

    def snippet_lines(self):
        for body in self.read:
            for f in body["result"]["files"]:
                for block in f["blocks"]:
                    yield from block["lines"]

    def cite(self) -> list[tuple[str, str, int, str]]:
        """(path, blob, line, text) of every snippet line naming the case number."""
        out = []
        for body in self.read:
            for f in body["result"]["files"]:
                for block in f["blocks"]:
                    for number, text in enumerate(block["lines"], start=block["start_line"]):
                        if self.case_number in text:
                            out.append((f["path"], f["blob"], number, text))
        return sorted(set(out))


def test_scripted_model_loop(vcore, make_profile, tmp_path):
    repo, head = vcore
    profile = make_profile(repo, head, {"registration_prefixes": ["AddSC_"]})
    context = tmp_path / "case-ctx"
    model = ScriptedModel("23487")
    contract = None
    for _ in range(MAX_TURNS):
        request = model.next_request()
        if request is None:
            break
        model.asked.append(request["text"])
        reply = run_query(request, profile, str(context))
        if contract is None:
            contract = json.loads((context / "context.json").read_text())["body"]["contract"]
            assert "before separate search or read calls" in contract
        stored = json.loads((context / reply["capture"]["file"]).read_text())
        assert stored["sha256"] == reply["capture"]["sha256"]
        assert stored["body"]["request"] == request
        model.read.append(stored["body"])

    assert model.asked == ["23487", "npc_wg_tower_cannon", "npc_wg_siege_engine", "npc_wg_wolpertinger"]
    assert model.fallback
    assert [body["result"]["status"] for body in model.read] == [STATUS_COMPLETE] * 4
    assert verify_context(str(context), profile).captures == 4
    cited = model.cite()
    wintergrasp = "src/server/scripts/Northrend/Wintergrasp/wintergrasp.cpp"
    assert (
        wintergrasp,
        git(repo, "rev-parse", f"{head}:{wintergrasp}"),
        5,
        "    NPC_WG_TOWER_CANNON         = 23487,",
    ) in cited
    for path, blob, number, text in cited:
        assert git(repo, "cat-file", "-p", blob).split("\n")[number - 1] == text
    # The whole run is portable evidence: a copy resumes and verifies elsewhere.
    copy = tmp_path / "moved"
    git(tmp_path, "clone", "-q", "--bare", str(repo), str(tmp_path / "mirror.git"))
    shutil.copytree(context, copy)
    assert (
        verify_context(
            str(copy), make_profile(tmp_path / "mirror.git", head, {"registration_prefixes": ["AddSC_"]})
        ).captures
        == 4
    )
