"""thv trace citations (issue 13 audit): each entry names the clause that decided it in `rule` and every clause
its message relies on in `cites`, checked against the rulebook's words."""
from pathlib import Path

from judge_app.engine.citations import prose_only
from judge_app.scenarios import load_scenario, play_scenario

ROOT = Path(__file__).resolve().parents[3] / "scenarios" / "thv"


def _play(name):
    return play_scenario(load_scenario(ROOT / name))


def _entry(game, rule):
    found = [e for e in game.trace if e.rule == rule]
    assert found, f"no entry decided by {rule}"
    return found[-1]


def test_thv_1_11_7_deck_short_loses_citing_1_5_3_b():
    # 1.11.7: デッキの枚数が指示された枚数未満の場合、その時点でゲームに敗北する。1.5.3.b is that loss condition.
    g = _play("held_deck_out_second_draw_loses.yaml")
    assert g.state.winner == "p1"
    e = _entry(g, "thv:1.11.7")
    assert e.kind == "lose" and e.player == "p2"
    assert e.cites == ("thv:1.5.3.b", "thv:1.5.2.b")  # 1.5.2.b: the other player wins
    assert prose_only(e) == []


def test_thv_1_5_3_d_concede_loses_citing_12_7_3():
    # 1.5.3.d: 投了 is a loss condition; 12.7.3: 投了は宣言した時点で必ず認められる。
    g = _play("held_concede_mid_main.yaml")
    assert g.state.winner == "p2"
    e = _entry(g, "thv:1.5.3.d")
    assert e.kind == "concede" and e.cites == ("thv:12.7.3",)
    assert prose_only(e) == []


def test_thv_4_6_3_first_turn_no_draw_citing_1_2_8_and_setup_1_9_1():
    # 4.6.3 and 1.2.8: 開始プレイヤーの最初のターンに限りドローフェイズの規定の効果は解決されない。
    g = _play("held_first_turn_draw_skipped_cites_setup.yaml")
    assert g.state.data["players"]["p2"]["hand"] and len(g.state.data["players"]["p2"]["deck"]) == len(
        g.state.data["players"]["p1"]["deck"])
    e = _entry(g, "thv:4.6.3")
    assert e.player == "p2" and e.cites == ("thv:1.2.8", "thv:4.5.2.b")  # 4.5.2.b: moved here from maintenance
    setup = _entry(g, "thv:1.2.7.d")
    assert setup.cites == ("thv:1.9.1",) and g.state.data["players"]["p1"]["life"] == 25
    assert not [x for x in g.trace if x.rule == "thv:4.6.1.a"]
    assert all(prose_only(x) == [] for x in g.trace)


def test_thv_1_9_6_life_has_no_floor_citing_1_9_6():
    # 1.9.6: ライフポイントに上限と下限はない。 The judge's -30 takes 25 to -5, decided by 1.9.4 (losing life).
    g = _play("held_life_below_zero_by_judge.yaml")
    assert g.state.data["players"]["p2"]["life"] == -5
    e = _entry(g, "thv:1.9.4")
    assert e.kind == "adjust" and e.cites == ("thv:1.9.6", "thv:1.5.3.a")  # at 0 or less: the defeat condition it meets
    assert prose_only(e) == []


def test_thv_1_12_9_b_phase_ends_when_all_pass_without_interference():
    # 1.12.9.b: 干渉が開始されていない場合、現在のフェイズを終了する。 4.2.3 states the same from the phase side.
    g = _play("held_first_turn_draw_skipped_cites_setup.yaml")
    ends = [e for e in g.trace if e.kind == "phase" and e.rule == "thv:1.12.9.b"]
    assert ends and all(e.cites == ("thv:4.2.3",) for e in ends)
    assert not [e for e in g.trace if e.rule == "thv:4.2.3"]
