"""Issue 18: a clause id is written out in full where the engine applies it, so one grep of the id finds its code.
Every id a ruleset cites — in a fuzz share's traces, in every scenario's trace, in its options and adjustments —
must occur as a quoted literal in judge_app/engine (kaiun-multi's restated procedures: in its Clauses table)."""
from pathlib import Path

import pytest

from judge_app import PROJECT_ROOT
from judge_app.engine import rulesets
from judge_app.engine.fuzz import fuzz
from judge_app.scenarios import run_scenario, scenario_files

ENGINE = Path(__file__).resolve().parents[2] / "judge_app" / "engine"
SOURCE = "\n".join(p.read_text(encoding="utf-8") for p in sorted(ENGINE.rglob("*.py")))


def _written_out(clause_id: str) -> bool:
    return f'"{clause_id}"' in SOURCE or f"'{clause_id}'" in SOURCE


@pytest.mark.parametrize("game", list(rulesets()))
def test_every_cited_clause_id_is_written_out_in_the_engine(game):
    ruleset = rulesets()[game]
    cited = set(fuzz(ruleset, games=15, seed=18)["cited"])
    for path in scenario_files(PROJECT_ROOT / "scenarios" / game):
        cited.update(c for e in run_scenario(path)["trace"] for c in (e["rule"], *e["cites"]))
    cited.update(c for o in ruleset.rule_options for c in o.clauses)
    cited.update(a.rule for a in ruleset.adjustments)
    assert len(cited) > 20, "too few citations to prove anything"
    assert sorted(c for c in cited if not _written_out(c)) == []


def test_an_id_built_at_run_time_is_caught():
    assert not _written_out("los:5.5.1.V.Z")
    assert _written_out("los:5.5.1.V.C")
