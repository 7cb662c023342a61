"""The attack procedure 5.5 / 5.5.1 / 5.5.2 and the battle keywords of 8.13, held against the rulebook's words."""
from judge_app.engine.los.board_terms import facing_lane, icon_directions, square_name

from tests.rulesets.los.boards import board, char, play, rules

PASS2 = ["pass", "pass"]


def test_los_3_3_4_lane_one_faces_the_opponents_lane_four():
    """5.5「戦闘は同じレーンにいる相手のキャラクターと行います」: players sit across, each counts lanes from the left."""
    assert [facing_lane(i) for i in range(4)] == [3, 2, 1, 0]
    assert square_name("p2", "back", 0) == "p2 レーン1 後衛"


def test_los_5_5_direct_damage_when_the_opposing_lane_is_empty():
    """5.5「相手のレーンに前衛・後衛のどちらにもキャラクターがない：ATK分、相手のライフに直接ダメージを与える」"""
    b = board(p1_front=[char("a", atk=700), None, None, None],
              p2_front=[char("x", atk=100), None, None, None])  # p2 lane 1 faces p1 lane 4: not a's lane
    g = play(b, ["attack:a", *PASS2])
    assert g.state.get("players.p2.life") == 2300
    assert "los:5.5.1.V" in rules(g)


def test_los_5_5_back_row_fights_only_when_front_is_empty():
    """5.5「相手のレーンの後衛のみ：後衛のキャラクターと戦闘」; with a front character, the front fights."""
    b = board(p1_front=[char("a", atk=700), None, None, None],
              p2_front=[None, None, None, char("f", atk=100, down=100)],
              p2_back=[None, None, None, char("k", atk=100, down=400)])
    g = play(b, ["attack:a", *PASS2])
    assert g.state.get("players.p2.front.3") is None and g.state.get("players.p2.back.3.id") == "k"
    assert g.state.get("players.p2.life") == 2900


def test_los_5_5_1_V_A_B_C_compare_attack_value_with_atk_or_def():
    """V: アタック表示ならATK値、ディフェンス表示ならDEF値. A larger downs the target, B smaller downs the attacker,
    C equal downs both."""
    cases = [(600, "attack", 500, 300, "los:5.5.1.V.A"), (400, "attack", 500, 300, "los:5.5.1.V.B"),
             (500, "attack", 500, 300, "los:5.5.1.V.C"), (400, "defense_left", 900, 300, "los:5.5.1.V.A"),
             (200, "defense_right", 100, 300, "los:5.5.1.V.B")]
    for atk, display, t_atk, t_def, step in cases:
        b = board(p1_front=[None, char("a", atk=atk), None, None],
                  p2_front=[None, None, char("t", atk=t_atk, def_=t_def, display=display), None])
        g = play(b, ["attack:a", *PASS2])
        assert step in rules(g), (atk, display)


def test_los_5_5_2_opponents_down_damage_first_and_win_checked_before_own():
    """5.5.2「相手のライフが0になった場合、自分はゲームに勝利します（自分のキャラクターのダウンダメージを受ける前に勝利判定）」"""
    b = board(p1_life=100, p2_life=200, p1_front=[char("a", atk=500, down=900), None, None, None],
              p2_front=[None, None, None, char("t", atk=500, down=200)])
    g = play(b, ["attack:a", *PASS2])
    assert g.state.winner == "p1"
    assert g.state.get("players.p1.life") == 100


def test_los_5_5_2_own_down_damage_after_the_opponents_can_lose_the_game():
    b = board(p1_life=100, p2_life=3000, p1_front=[char("a", atk=500, down=900), None, None, None],
              p2_front=[None, None, None, char("t", atk=500, down=200)])
    g = play(b, ["attack:a", *PASS2])
    assert g.state.winner == "p2"
    assert g.state.get("players.p2.life") == 2800


def test_los_5_5_1_I_face_down_target_turned_face_up_display_kept():
    """I「そのキャラクターを表側表示にします（アタック/ディフェンスの表示は変わりません）」"""
    b = board(p1_front=[char("a", atk=900), None, None, None],
              p2_front=[None, None, None, char("t", display="defense_right", face_down=True)])
    g = play(b, ["attack:a"])
    assert g.state.get("players.p2.front.3.face_down") is False
    assert g.state.get("players.p2.front.3.display") == "defense_right"
    assert g.pending.rule == "los:5.5.1.II" and g.pending.player == "p2"


def test_los_5_5_1_II_III_priority_alternates_until_both_pass():
    """II、IIIは交互に処理を繰り返し、お互いが優先権を放棄するまで行います: opponent first, then the turn player."""
    flash = {"id": "f", "name": "閃光", "type": "effect", "flash": True, "cost": 0}
    b = board(p1_front=[char("a"), None, None, None], p2_hand=[flash])
    g = play(b, ["attack:a", "f", "pass"])
    assert g.pending.rule == "los:5.5.1.II"  # p2 used an effect, p1 passed: p2 may use another
    g.answer(None, "pass")
    g.step("decision")
    assert [e.rule for e in g.trace].count("los:7.2") == 1


def test_los_5_5_1_IV_attack_continues_from_another_lane():
    """IV ※「レーンが元々アタック宣言をしたレーンから変更していたとしても、前衛にいることかつ、アタック表示の場合、アタックを継続できます」"""
    b = board(p1_front=[char("a", atk=500), None, None, None],
              p2_front=[None, None, None, char("t", atk=900)])
    g = play(b, ["attack:a", {"step": "decision"}, {"adjust": {"op": "move", "target": "a", "row": "front", "lane": 3}},
                 *PASS2])
    assert g.state.get("players.p2.life") == 2500       # p1 lane 3 faces p2 lane 2: empty
    assert g.state.get("players.p2.front.3.id") == "t"


def test_los_5_5_1_IV_attack_stops_when_no_longer_attack_display():
    b = board(p1_front=[char("a", atk=500), None, None, None])
    g = play(b, ["attack:a", {"step": "decision"},
                 {"adjust": {"op": "display", "target": "a", "display": "defense_left"}}, *PASS2])
    assert g.state.get("players.p2.life") == 3000
    assert "los:5.5.1.V" not in rules(g)


def test_los_5_5_1_each_front_attack_display_character_attacks_once():
    """5.5.1（アタックは…表側アタック表示のキャラクターが、それぞれ1回行うことができます）; 後衛 cannot attack (3.3.3)."""
    b = board(p1_front=[char("a"), None, None, None], p1_back=[None, char("k"), None, None])
    g = play(b, [])
    assert [o.value for o in g.pending.options] == ["attack:a", "end"]
    g = play(b, ["attack:a", *PASS2])
    assert g.pending.rule == "los:5.5.3"   # no second attack: straight to the end-of-phase priority


def test_los_8_13_1_sky_may_attack_directly_past_a_character():
    """8.13.1「相手のレーンに[上空]を持つキャラクターがない場合、相手に直接アタックすることができる」"""
    b = board(p1_front=[char("a", atk=300, keywords=["上空"]), None, None, None],
              p2_front=[None, None, None, char("t", atk=900)])
    g = play(b, ["attack:a", "direct", *PASS2])
    assert g.state.get("players.p2.life") == 2700
    b["players"]["p2"]["front"][3]["keywords"] = ["上空"]
    g = play(b, ["attack:a"])
    assert g.pending.rule == "los:5.5.1.II"   # no choice offered


def test_los_8_13_4_double_attack_twice_and_option_battles_only():
    """8.13.4「このキャラクターは戦闘を2回まで行うことができる」"""
    b = board(p1_front=[char("a", atk=400, keywords=["2回攻撃"]), None, None, None])
    g = play(b, ["attack:a", *PASS2, "attack:a", *PASS2])
    assert g.state.get("players.p2.life") == 2200
    b["options"] = {"double_attack": "battles_only"}
    g = play(b, ["attack:a", *PASS2])
    assert g.pending.rule == "los:5.5.3"


def test_los_8_13_5_poison_downs_the_other_side_at_battle_end():
    """8.13.5「このキャラクターと戦闘を行ったキャラクターは、戦闘終了時にダウンする」"""
    b = board(p1_front=[char("a", atk=900, down=300), None, None, None],
              p2_front=[None, None, None, char("t", atk=100, down=100, keywords=["毒呪"])])
    g = play(b, ["attack:a", *PASS2])
    assert g.state.get("players.p1.front.0") is None
    assert g.state.get("players.p1.life") == 2700 and g.state.get("players.p2.life") == 2900
    b["options"] = {"poison_down": "no_down_damage"}
    g = play(b, ["attack:a", *PASS2])
    assert g.state.get("players.p1.front.0") is None and g.state.get("players.p1.life") == 3000


def test_los_2_1_2_atk_never_below_zero():
    """2.1.2「ATKの数値は0になることはありますが、マイナスの値にはなりません」"""
    b = board(p1_front=[char("a", atk=300), None, None, None])
    g = play(b, [{"adjust": {"op": "atk", "target": "a", "value": -1000, "duration": "turn"}}, "attack:a", *PASS2])
    assert g.state.get("players.p2.life") == 3000
    assert any("ATK 0 のダメージ" in e.message for e in g.trace)


def test_los_2_1_1_lead_icons_turn_with_the_display():
    """2.1.1「キャラクターの表示によって進む方位を変えることができます」"""
    assert icon_directions(["up"], "attack") == {"forward": "up"}
    assert icon_directions(["up"], "defense_right") == {"right": "up"}
    assert icon_directions(["up"], "defense_left") == {"left": "up"}
    assert icon_directions(["up"], "defense_right", "counterclockwise") == {"left": "up"}
    assert icon_directions(["left", "down"], "defense_right") == {"forward": "left", "left": "down"}


def test_los_8_1_1_forced_trigger_before_anything_else_and_no_pass():
    """8.1.1「必ず発動する必要があります」「エフェクト（フラッシュ）や誘発任意効果のプレイよりも優先して解決する必要があります」"""
    flash = {"id": "f", "name": "閃光", "type": "effect", "flash": True, "cost": 0}
    b = board(p1_front=[char("a"), None, None, None], p1_hand=[flash])
    g = play(b, ["attack:a", {"step": "decision"},
                 {"adjust": {"op": "trigger", "target": "p1", "label": "強制", "forced": True}},
                 {"adjust": {"op": "trigger", "target": "p1", "label": "任意", "forced": False}}, "pass"])
    assert g.pending.rule == "los:5.5.1.III"
    assert [o.value for o in g.pending.options] == ["trigger-1"]
    g.answer(None, "trigger-1")
    g.step("decision")
    g.answer(None, "pass")
    g.step("decision")
    assert [o.value for o in g.pending.options][:3] == ["pass", "trigger-2", "f"]


def test_los_9_3_simultaneous_triggers_start_with_the_opponent():
    """9.3「相手プレイヤーが効果を解決する優先権があります」"""
    b = board(phase="main")
    g = play(b, [{"adjust": {"op": "trigger", "target": "p1", "label": "自分の", "forced": True}},
                 {"adjust": {"op": "trigger", "target": "p2", "label": "相手の", "forced": True}}])
    assert g.pending.player == "p2" and g.pending.rule == "los:9.3"
    assert [o.value for o in g.pending.options] == ["trigger-2"]


def test_los_seat_view_puts_facing_lanes_in_one_column():
    from judge_app.engine.los.view import seat_view

    b = board(p1_front=[char("a"), None, None, None], p2_front=[None, None, None, char("t")])
    rows = seat_view(b, "p1")
    assert [c["name"] for c in rows[1]] == ["p2 レーン4 前衛", "p2 レーン3 前衛", "p2 レーン2 前衛", "p2 レーン1 前衛"]
    assert rows[1][0]["card"]["id"] == "t" and rows[2][0]["card"]["id"] == "a"
    assert rows[3][2]["path"] == "players.p1.back.2"
