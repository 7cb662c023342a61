"""Battle (7-1) and the keywords that act in it, held against the rulebook's words."""
from judge_app.engine.opcg import RULESET
from tests.rulesets.opcg.helpers import board, char, event, leader, options, play, rules


def test_opcg_7_1_4_1_equal_power_attacker_wins():
    """7-1-4-1 「アタックしているカードのパワーが、アタックされているカードのパワー以上の場合、バトルに勝ち」"""
    g = play(board(), "attack:p1-L", "p2-L")
    assert "opcg:7-1-4-1" in rules(g) and "opcg:7-1-4-1-1-2" in rules(g)
    assert len(g.state.get("players.p2.life")) == 2 and len(g.state.get("players.p2.hand")) == 1


def test_opcg_7_1_4_2_lower_power_nothing_happens():
    """7-1-4-2 「パワー未満の場合、アタックしているカードはバトルに負け、そのバトルでは何も起きません」"""
    g = play(board(p2={"leader": leader("p2", power=6000)}), "attack:p1-L", "p2-L")
    assert "opcg:7-1-4-2" in rules(g)
    assert len(g.state.get("players.p2.life")) == 3


def test_opcg_6_5_5_2_attached_don_counts_only_on_the_owners_turn():
    """6-5-5-2 「自分のターン中、付与されているドン!!カード1枚につき、パワーが1000上昇します」"""
    b = board(p1={"characters": [char("a", 5000)]}, p2={"characters": [char("d", 4000, rested=True, don=2)],
                                                        "cost_area": {"active": 3, "rested": 0}})
    g = play(b, "attack:a", "d")
    assert "opcg:7-1-4-1-2" in rules(g)  # 5000 >= 4000: the defender's DON!! do not count on p1's turn
    assert g.state.get("players.p2.cost_area") == {"active": 3, "rested": 2}  # 6-5-5-4


def test_opcg_10_1_4_1_blocker_changes_the_attacked_card():
    """10-1-4-1 「アクティブのこのカードをレストにすることで発動…アタックされたカードを…このカードに変更する」"""
    b = board(p2={"characters": [char("b", 6000, keywords=["ブロッカー"])]})
    g = play(b, "attack:p1-L", "p2-L")
    assert g.pending.rule == "opcg:7-1-2-1" and options(g) == ["none", "b"]
    g = play(b, "attack:p1-L", "p2-L", "b")
    assert g.state.get("players.p2.characters")[0]["rested"] is True
    assert "opcg:7-1-4-2" in rules(g) and len(g.state.get("players.p2.life")) == 3


def test_opcg_10_1_4_1_blocker_cannot_block_an_attack_on_itself():
    """10-1-4-1 「このカード以外の自分のカードがアタックされたときに発動タイミングを満たし」"""
    b = board(p2={"characters": [char("b", 2000, keywords=["ブロッカー"], rested=True)]})
    g = play(b, "attack:p1-L", "b")
    assert "opcg:10-1-4-1" not in rules(g) and "opcg:7-1-4-1-2" in rules(g)


def test_opcg_7_1_3_2_1_counters_tip_the_battle_and_end_with_it():
    """7-1-3-2-1 「そのバトル中、「(アイコン)カウンター」の数値分パワーを上昇させる」; 7-1-5-4 expiry."""
    b = board(p2={"hand": [char("h1", 1000, counter=1000)]})
    g = play(b, "attack:p1-L", "p2-L")
    assert g.pending.rule == "opcg:7-1-3-2" and "counter:h1@p2-L" in options(g)
    g = play(b, "attack:p1-L", "p2-L", "counter:h1@p2-L")
    assert "opcg:7-1-4-2" in rules(g) and "opcg:7-1-5-4" in rules(g)
    assert g.state.get("effects") == [] and g.state.get("players.p2.trash")[0]["id"] == "h1"


def test_opcg_7_1_3_2_2_counter_event_pays_its_cost():
    """7-1-3-2-2 「手札の【カウンター】を持つイベントカードのコストを支払い、トラッシュに置き」"""
    b = board(p2={"hand": [event("e", 2, ["カウンター"])], "cost_area": {"active": 1, "rested": 0}})
    g = play(b, "attack:p1-L", "p2-L")
    assert "event:e" not in (options(g) if g.pending and g.pending.rule == "opcg:7-1-3-2" else [])
    b["players"]["p2"]["cost_area"] = {"active": 2, "rested": 0}
    g = play(b, "attack:p1-L", "p2-L", "event:e")
    assert g.state.get("players.p2.cost_area") == {"active": 0, "rested": 2}


def test_opcg_10_2_4_1_main_event_is_not_a_counter():
    """10-2-4-1 【カウンター】 only in the counter step; a 【メイン】 event is not offered there."""
    b = board(p2={"hand": [event("e", 0, ["メイン"])]})
    g = play(b, "attack:p1-L", "p2-L")
    assert "opcg:7-1-3-2" in rules(g) and g.pending.rule == "opcg:6-5-2"


def test_opcg_7_1_3_2_3_attacker_ko_before_damage_step_ends_the_battle():
    """7-1-3-2-3 「アタックしているカード…が領域を移動している場合、ダメージ・ステップ…には移行せずにバトルの終了」"""
    b = board(p1={"characters": [char("a", 9000)]}, p2={"hand": [event("e", 1, ["カウンター"])]})
    g = play(b, "attack:a", "p2-L", "event:e", {"step": "step"}, {"adjust": {"op": "ko", "target": "a"}})
    assert "opcg:7-1-3-2-3" in rules(g)
    assert "opcg:7-1-4-1" not in rules(g) and len(g.state.get("players.p2.life")) == 3


def test_opcg_7_1_1_4_target_leaves_in_attack_step():
    """7-1-1-4 「アタック・ステップの終了時に…領域を移動している場合、ブロック・ステップには移行せず」"""
    b = board(p2={"characters": [char("t", 6000, rested=True)]})
    g = play(b, "attack:p1-L", "t", {"step": "step"}, {"step": "step"}, {"adjust": {"op": "trash", "target": "t"}})
    assert "opcg:7-1-1-4" in rules(g) and "opcg:7-1-2-1" not in rules(g)


def test_opcg_7_1_1_2_only_leader_or_rested_characters_are_targets():
    """7-1-1-2 「対象にできるのは、相手のリーダーカードか、キャラクターエリアにあるレストの相手のキャラクターカード」"""
    b = board(p2={"characters": [char("x", 1000), char("y", 1000, rested=True)]})
    g = play(b, "attack:p1-L")
    assert g.pending.rule == "opcg:7-1-1-2" and options(g) == ["p2-L", "y"]


def test_opcg_7_1_4_1_1_1_damage_at_zero_life_wins():
    """7-1-4-1-1-1 「相手のライフが0枚の場合、アタックしているプレイヤーがゲームに勝利します」"""
    g = play(board(p2={"life_count": 0}), "attack:p1-L", "p2-L")
    assert g.state.winner == "p1" and g.trace[-1].rule == "opcg:7-1-4-1-1-1"


def test_opcg_7_1_4_1_1_3_double_attack_one_life_default_no_loss():
    """7-1-4-1-1-3 repeats only 7-1-4-1-1-2 (「相手のライフが1枚以上ある場合」): the second point at 0 life does nothing."""
    b = board(p1={"characters": [char("a", 6000, keywords=["ダブルアタック"])]}, p2={"life_count": 1})
    g = play(b, "attack:a", "p2-L")
    assert not g.state.finished and "opcg:7-1-4-1-1-3" in rules(g)
    assert g.state.get("players.p2.life") == []


def test_opcg_4_6_2_2_double_attack_one_life_option_lose():
    """Rule option: 4-6-2-2 repeats 4-6-2-1 N times; at 0 life that is 1-2-2-1, a loss at 9-2-1-1."""
    b = board(p1={"characters": [char("a", 6000, keywords=["ダブルアタック"])]}, p2={"life_count": 1},
              options={"double_attack_at_zero_life": "lose"})
    g = play(b, "attack:a", "p2-L")
    assert g.state.winner == "p1" and g.trace[-1].rule == "opcg:9-2-1-1"


def test_opcg_10_1_3_1_banish_trashes_life_and_no_trigger():
    """10-1-3-1 「相手のライフが手札に加わる代わりにトラッシュに置かれる…このとき、【トリガー】は発動しません」"""
    b = board(p1={"characters": [char("a", 6000, keywords=["バニッシュ"])]},
              p2={"life": [event("t", 1, ["トリガー"])], "life_count": 1})
    g = play(b, "attack:a", "p2-L")
    assert g.pending.rule == "opcg:6-5-2"  # no trigger decision was asked
    assert g.state.get("players.p2.trash")[0]["id"] == "t" and "opcg:10-1-3-1" in rules(g)


def test_opcg_10_1_5_1_trigger_instead_of_hand_and_8_6_2_1_pause():
    """10-1-5-1 「手札に加える代わりに、そのカードの【トリガー】を発動できる」; 8-6-2-1 damage processing pauses."""
    b = board(p1={"characters": [char("a", 6000, keywords=["ダブルアタック"])]},
              p2={"life": [event("t", 1, ["トリガー"])], "life_count": 1})
    g = play(b, "attack:a", "p2-L")
    assert g.pending.rule == "opcg:10-1-5-1"
    g = play(b, "attack:a", "p2-L", "activate")
    seq = rules(g)
    assert seq.index("opcg:8-6-2-1") < seq.index("opcg:7-1-4-1-1-2")  # the second point after the trigger
    assert g.state.get("players.p2.trash")[0]["id"] == "t" and g.state.get("players.p2.life") == []


def test_opcg_10_1_5_2_trigger_declined_goes_to_hand():
    """10-1-5-2 「その場合、そのカードは公開せずに、手札に加えます」"""
    b = board(p2={"life": [event("t", 1, ["トリガー"])]})
    g = play(b, "attack:p1-L", "p2-L", "hand")
    assert g.state.get("players.p2.hand")[0]["id"] == "t" and "opcg:10-1-5-2" in rules(g)


def test_trigger_destination_option_ask_offers_the_hand():
    b = board(p2={"life": [event("t", 1, ["トリガー"])]}, options={"trigger_card_destination": "ask"})
    g = play(b, "attack:p1-L", "p2-L", "activate")
    assert g.pending.rule == "opcg:10-1-5-1" and options(g) == ["trash", "hand"]


def test_opcg_6_5_6_1_no_battle_on_either_first_turn():
    """6-5-6-1 「お互いの1ターン目はバトルを行うことができません」"""
    for turn, tp in ((1, "p1"), (2, "p2")):
        g = play(board(turn=turn, tp=tp))
        assert not any(v.startswith("attack:") for v in options(g))
    g = play(board(turn=3, tp="p1"))
    assert "attack:p1-L" in options(g)


def test_opcg_3_7_4_new_character_cannot_attack_but_10_1_1_1_rush_can():
    """3-7-4 「その登場したターン中、アタックすることができません」; 10-1-1-1 【速攻】"""
    b = board(p1={"hand": [char("n", 5000, cost=2), char("r", 5000, cost=2, keywords=["速攻"])]})
    g = play(b, "play:n", "play:r")
    assert "attack:r" in options(g) and "attack:n" not in options(g)
    assert RULESET.invariants(g.state) == []


def test_opcg_8_6_2_effects_met_during_damage_wait_for_its_end():
    """8-6-2 「ダメージ処理中に、効果の発動タイミングが満たされた場合、その効果はすべてのダメージ処理が解決された後」"""
    b = board(p1={"characters": [char("a", 6000, keywords=["ダブルアタック"])]})
    g = play(b, "attack:a", "p2-L")
    seq = rules(g)
    last_damage = max(i for i, r in enumerate(seq) if r == "opcg:7-1-4-1-1-2")
    assert seq.count("opcg:7-1-4-1-1-2") == 2 and seq.index("opcg:8-6-2") == last_damage + 1


def test_trigger_character_default_offers_trash_or_play_and_respects_3_7_6_1():
    """Rule option default: a character's 【トリガー】 may put it onto the field; with five characters 3-7-6-1 applies."""
    five = [char(f"d{i}", 1000) for i in range(5)]
    b = board(p2={"characters": five, "life": [char("t", 4000, keywords=["トリガー"])]})
    g = play(b, "attack:p1-L", "p2-L", "activate")
    assert g.pending.rule == "opcg:10-1-5-1" and options(g) == ["trash", "play"]
    g = play(b, "attack:p1-L", "p2-L", "activate", "play")
    assert g.pending.rule == "opcg:3-7-6-1" and g.pending.player == "p2"
    g = play(b, "attack:p1-L", "p2-L", "activate", "play", "d0")
    assert [c["id"] for c in g.state.get("players.p2.characters")] == ["d1", "d2", "d3", "d4", "t"]
    assert RULESET.invariants(g.state) == []
