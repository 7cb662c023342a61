"""Issue 13 audit for los: `rule` is the clause that decided the step, `cites` the clauses it relied on."""
from pathlib import Path

from judge_app.scenarios import run_scenario

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "los"


def last_win(name):
    r = run_scenario(ROOT / name)
    return r, next(e for e in reversed(r["trace"]) if e["kind"] == "win")


def test_los_5_5_2_opponent_life_zero_first_wins_citing_4():
    """5.5.2 「相手のライフが0になった場合、自分はゲームに勝利します（自分のキャラクターのダウンダメージを受ける前に勝利判定）」"""
    r, e = last_win("04_equal_values_opponent_down_damage_first_wins.yaml")
    assert r["winner"] == "p1" and e["rule"] == "los:5.5.2" and e["cites"] == ["los:4"]


def test_los_4_own_down_damage_to_zero_loses_citing_5_5_2():
    """4 「相手のライフをゼロにした場合、自分は勝利します」: 5.5.2 only ordered the damage (相手が先), so 4 decides."""
    r, e = last_win("39_both_down_own_life_zero_loses.yaml")
    assert r["winner"] == "p2" and e["rule"] == "los:4" and e["cites"] == ["los:5.5.2"]
    downs = [x for x in r["trace"] if x["kind"] == "down-damage"]
    assert [x["player"] for x in downs] == ["p2", "p1"]
    assert all(x["rule"] == "los:5.5.2" and x["cites"] == ["los:5.5.1.VI", "los:8.12", "los:2.1.4"] for x in downs)


def test_los_4_single_down_damage_win_does_not_cite_5_5_2():
    """Only the opponent's character downed: no ordering, 5.5.2 plays no part; VI deals the damage, 4 decides."""
    r, e = last_win("40_single_down_damage_wins_by_4.yaml")
    assert r["winner"] == "p1" and e["rule"] == "los:4" and e["cites"] == []
    assert all("los:5.5.2" not in [x["rule"], *x["cites"]] for x in r["trace"])


def test_los_4_direct_damage_win_cites_5_5_1_v():
    """5.5.1 V: 相手のレーンにキャラクターがない → ATK 分を直接; life 0 is a win under 4."""
    r, e = last_win("41_direct_attack_to_zero_life.yaml")
    assert r["winner"] == "p1" and e["rule"] == "los:4" and e["cites"] == ["los:5.5.1.V"]
