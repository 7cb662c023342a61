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


# ---- issue 26: every entry cites every clause its step turned on ------------------------------------------------
from judge_app.engine import Game  # noqa: E402

from tests.rulesets.los.boards import RULESET, board, char, play  # noqa: E402


def entry(g, kind):
    return next(e for e in g.trace if e.kind == kind)


def test_los_8_13_1_a_lane_sky_in_the_back_row_is_cited_when_it_stops_the_direct_attack():
    """8.13.1「相手のレーンに[上空]を持つキャラクターがない場合、相手に直接アタックすることができる」; 3.3.4 レーン =
    前衛・後衛を含めた縦一列: a 上空 in the back row stops it, and the declaration says so."""
    b = board(p1_front=[char("a", keywords=["上空"]), None, None, None],
              p2_front=[None, None, None, char("x")], p2_back=[None, None, None, char("s", keywords=["上空"])])
    g = play(b, ["attack:a"])
    d = entry(g, "declare")
    assert d.rule == "los:5.5.1.I" and {"los:8.13.1", "los:3.3.4"} <= set(d.cites)


def test_los_8_13_1_a_sky_direct_attack_cites_the_battle_it_replaces():
    """8.13.1 replaces 5.5's battle with the lane's character by a direct attack: the declaration cites 5.5."""
    b = board(p1_front=[char("a", keywords=["上空"]), None, None, None], p2_front=[None, None, None, char("x")])
    g = play(b, ["attack:a", "direct", "pass", "pass"])
    assert entry(g, "declare").rule == "los:8.13.1" and "los:5.5" in entry(g, "declare").cites
    assert entry(g, "direct").cites[0] == "los:8.13.1"


def test_los_8_13_4_the_second_attack_cites_double_attack():
    """8.13.4「このキャラクターは戦闘を2回まで行うことができる」"""
    b = board(p1_front=[char("a", keywords=["2回攻撃"], attack_turn=5, attacks=1), None, None, None])
    g = play(b, ["attack:a"])
    assert "los:8.13.4" in entry(g, "declare").cites


def test_los_5_5_1_v_the_compared_numbers_say_where_they_come_from():
    """5.5.1 V「アタック表示ならATK値、ディフェンス表示ならDEF値を参照します」; 2.1.3 DEF「ディフェンス表示でアタックされた
    ときに参照する数値」; 8.9 ±; 2.1.2「ATKの数値は0になることはありますが、マイナスの値にはなりません」"""
    b = board(p1_front=[char("a", atk=300, mods=[{"stat": "ATK", "op": "add", "value": -500, "until": "turn"}]), None, None, None],
              p2_front=[None, None, None, char("d", def_=0, display="defense_left")])
    g = play(b, ["attack:a", "pass", "pass"])
    c = entry(g, "compare")
    assert c.rule == "los:5.5.1.V.C"
    assert c.cites[:4] == ("los:5.5", "los:5.5.1.V", "los:8.8", "los:2.1.2")
    assert {"los:8.9", "los:2.1.3", "los:6.2"} <= set(c.cites) and c.cites.count("los:2.1.2") == 1


def test_los_2_1_4_down_damage_cites_the_down_value_and_its_floor():
    """2.1.4「DOWNの数値は0になりますが、マイナスの値にはなりません」; 8.12 ダウン状態 → DOWNの数値分のダメージ."""
    b = board(p1_front=[char("a", atk=100, down=300, mods=[{"stat": "DOWN", "op": "add", "value": -500, "until": "turn"}]),
                        None, None, None], p2_front=[None, None, None, char("d", atk=600)])
    g = play(b, ["attack:a", "pass", "pass"])
    d = entry(g, "down-damage")
    assert d.rule == "los:5.5.1.VI" and {"los:8.12", "los:2.1.4", "los:8.9"} <= set(d.cites)
    assert g.state.get("players.p1.life") == 3000


def test_los_4_a_defeat_at_the_setup_draw_cites_the_draw():
    """4「自分のデッキが0枚になり、カードを引くことができなかった場合、自分は敗北します」: the draw of 5.2 (8.5)."""
    g = play(board(phase="setup", turn=4, turn_player="p2", p2_deck_count=0), [])
    assert g.trace[-1].rule == "los:4" and g.trace[-1].cites == ("los:5.2", "los:8.5")


def test_los_5_6_s3_the_discard_cites_the_hand_limit_3_6():
    """3.6「手札の上限は7枚です」 is the number 5.6 3. trims to."""
    hand = [{"id": f"h{i}", "name": f"札{i}"} for i in range(8)]
    g = play(board(phase="end", p1_hand=hand), ["h0"])
    assert "los:3.6" in entry(g, "discard").cites


def test_los_5_1_speed_comparison_cites_2_5_2():
    """2.5.2「ゲームの最初に先攻後攻を決める時…数値を参照することができます」"""
    import random
    g = Game(RULESET, RULESET.new_game_board(random.Random(1)), 1)
    g.run("decision")
    while not any(e.kind == "speed" for e in g.trace):
        g.answer(None, g.pending.options[0].value)
        g.run("decision")
    assert "los:2.5.2" in entry(g, "speed").cites
