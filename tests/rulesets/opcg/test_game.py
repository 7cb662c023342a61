"""Preparation (5-2), the turn (6), areas (3), rule processing (9), loops (11-1), held against the rulebook."""
import json
import random

import pytest

from judge_app.engine import Game, Refused
from judge_app.engine.fuzz import fuzz
from judge_app.engine.opcg import RULESET
from tests.rulesets.opcg.helpers import board, char, leader, options, play, rules


def fresh_board():
    return {"players": {p: {"leader": leader(p), "deck_count": 50} for p in ("p1", "p2")}}


def test_opcg_5_2_1_7_life_top_of_deck_becomes_bottom_of_life():
    """5-2-1-7 「デッキの一番上にあったカードがライフの一番下になるように裏向きで置きます」"""
    b = fresh_board()
    b["players"]["p1"]["deck"] = [char(f"k{i}", 1000) for i in range(50)]
    b["players"]["p1"].pop("deck_count")
    g = play(b, "first", "keep", "keep")
    first = g.state.get("first_player")
    assert g.state.turn == 1 and g.state.get("turn_player") == first
    deck_after_hand = [c["id"] for c in g.state.get("players.p1.life")]
    # what was the top of the deck after the opening hand is now the bottom of the life
    g2 = Game(RULESET, b, 0)
    g2.run("decision")
    while g2.trace[-1].rule != "opcg:5-2-1-7" or g2.trace[-1].player != "p1":
        if g2.pending:
            g2.answer(None, g2.pending.options[0].value)
        g2.run("step")
    assert len(deck_after_hand) == 5 and deck_after_hand == [c["id"] for c in g2.state.get("players.p1.life")]
    shuffled_top5 = None
    for e in g2.trace:
        if e.rule == "opcg:5-2-1-7" and e.player == "p1":
            deck_change = next(c for c in e.changes if c.path == "players.p1.deck")
            shuffled_top5 = [c["id"] for c in deck_change.before[:5]]
    assert deck_after_hand == list(reversed(shuffled_top5))


def test_opcg_5_2_1_6_one_mulligan_each_in_order_from_the_first_player():
    """5-2-1-6 「先攻プレイヤーから順に各プレイヤーは1度だけ…引き直しを行うことを選べます」"""
    g = Game(RULESET, fresh_board(), 3)
    g.run("decision")
    assert g.pending.rule == "opcg:5-2-1-5"
    g.answer(None, "second")
    g.run("decision")
    first = g.state.get("first_player")
    asked = []
    while g.pending and g.pending.rule == "opcg:5-2-1-6":
        asked.append(g.pending.player)
        g.answer(None, "redraw")
        g.run("decision")
    assert asked == [first, "p1" if first == "p2" else "p2"]
    assert rules(g).count("opcg:5-2-1-6-1") == 2
    for p in ("p1", "p2"):  # now in the first player's first main phase: no one has drawn yet
        assert len(g.state.get(f"players.{p}.hand")) == 5


def test_opcg_6_3_1_and_6_4_1_first_player_first_turn():
    """6-3-1 「先攻の1ターン目の場合、カードは引けません」; 6-4-1 「先攻の1ターン目の場合、ドン!!カード1枚」"""
    g = play(board(turn=1, tp="p1", phase="refresh", p1={"cost_area": {"active": 0, "rested": 0}}))
    assert g.state.get("players.p1.hand") == [] and g.state.get("players.p1.cost_area")["active"] == 1


def test_opcg_6_4_2_and_6_4_3_don_deck_running_low():
    """6-4-2 「ドン!!デッキにカードが1枚のみ場合、ドン!!カード1枚」; 6-4-3 「0枚の場合…置きません」"""
    g = play(board(phase="don", p1={"cost_area": {"active": 9, "rested": 0}}))
    assert "opcg:6-4-2" in rules(g) and g.state.get("players.p1.don_deck") == 0
    g = play(board(phase="don", p1={"cost_area": {"active": 10, "rested": 0}}))
    assert "opcg:6-4-3" in rules(g) and g.state.get("players.p1.cost_area")["active"] == 10


def test_opcg_6_2_3_and_6_2_4_refresh_returns_don_and_untaps():
    """6-2-3 付与されているドン!!すべてをコストエリアに戻します; 6-2-4 レストのカードすべてをアクティブに"""
    b = board(phase="refresh", p1={"leader": leader("p1", rested=True, don=3), "cost_area": {"active": 0, "rested": 5}})
    g = play(b)
    assert g.state.get("players.p1.leader") ["don"] == 0 and g.state.get("players.p1.leader")["rested"] is False
    assert g.state.get("players.p1.cost_area") == {"active": 10, "rested": 0}
    assert rules(g).index("opcg:6-2-3") < rules(g).index("opcg:6-2-4")


def test_opcg_9_2_1_2_deck_at_zero_loses_without_a_failed_draw():
    """1-2-1-1-2 「自分のデッキのカードが0枚になる」; 9-2-1-2: processed at once, no draw from an empty deck needed."""
    g = play(board(phase="refresh", tp="p2", turn=6, p2={"deck_count": 1}))
    assert g.state.winner == "p1" and g.trace[-1].rule == "opcg:9-2-1-2"
    assert g.trace[-2].rule == "opcg:6-3-1"


def test_opcg_9_2_1_both_players_meeting_a_defeat_condition_draw():
    """9-2-1 「敗北条件を満たしているすべてのプレイヤーはゲームに敗北します」"""
    g = play(board(p1={"deck_count": 0}, p2={"deck_count": 0}), {"step": "step"})
    assert g.state.winner == "draw" and g.trace[-1].rule == "opcg:9-2-1"


def test_opcg_9_1_2_rule_processing_runs_at_once_after_each_adjustment():
    """9-1-2 「ルール処理は…他の行動の実行中であっても即座に処理されます」: p1's draw empties p1's deck, so p1
    loses before p2 draws; a draw adjusted after the game ended is refused."""
    g = play(board(p1={"deck_count": 1}, p2={"deck_count": 1}),
             {"step": "decision"}, {"adjust": {"op": "draw", "target": "p1", "value": 1}})
    assert g.state.winner == "p2" and g.trace[-1].rule.startswith("opcg:9-2-1")
    with pytest.raises(Refused):
        g.adjust({"op": "draw", "target": "p2", "value": 1})


def test_opcg_3_7_6_1_sixth_character_trashes_one_by_choice():
    """3-7-6-1 「既に存在しているキャラクターカードの内1枚を、持ち主のトラッシュに置き」"""
    five = [char(f"c{i}", 1000, cost=1) for i in range(5)]
    five[1]["don"] = 2
    b = board(p1={"characters": five, "hand": [char("new", 3000, cost=1)], "cost_area": {"active": 3, "rested": 0}})
    g = play(b, "play:new")
    assert g.pending.rule == "opcg:3-7-6-1" and options(g) == [f"c{i}" for i in range(5)]
    g = play(b, "play:new", "c1")
    assert [c["id"] for c in g.state.get("players.p1.characters")] == ["c0", "c2", "c3", "c4", "new"]
    assert g.state.get("players.p1.cost_area") == {"active": 2, "rested": 3}  # 1 paid + 2 returned (6-5-5-4)
    assert RULESET.invariants(g.state) == []


def test_opcg_3_8_5_1_second_stage_replaces_the_first():
    """3-8-5-1 「既に存在しているステージカード1枚を、持ち主のトラッシュに置き」"""
    stage = {"id": "s1", "name": "メリー号", "category": "ステージ", "cost": 1}
    b = board(p1={"stage": stage, "hand": [dict(stage, id="s2")]})
    g = play(b, "play:s2")
    assert g.state.get("players.p1.stage")["id"] == "s2" and g.state.get("players.p1.trash")[0]["id"] == "s1"


def test_opcg_6_6_1_2_turn_players_effects_expire_before_6_6_1_3():
    """6-6-1-2 ターンプレイヤーの効果が無効; 6-6-1-3 非ターンプレイヤーの効果が無効"""
    g = play(board(), {"step": "decision"},
             {"adjust": {"op": "power", "target": "p2-L", "value": 1000, "duration": "turn", "owner": "p2"}},
             {"adjust": {"op": "power", "target": "p1-L", "value": 1000, "duration": "turn"}}, "end")
    seq = rules(g)
    assert seq.index("opcg:6-6-1-2") < seq.index("opcg:6-6-1-3") and g.state.get("effects") == []


def test_opcg_6_2_1_until_turn_start_and_next_turn_end():
    """6-2-1 「ターン開始時まで」 ends in the refresh phase of its owner's next turn; 次のターン終了時まで lasts
    through the next turn's end phase."""
    g = play(board(), {"step": "decision"},
             {"adjust": {"op": "power", "target": "p2-L", "value": 1000, "duration": "turn_start", "owner": "p2"}},
             {"adjust": {"op": "power", "target": "p1-L", "value": 1000, "duration": "turn_start"}},
             {"adjust": {"op": "keyword_add", "target": "p1-L", "keyword": "ブロッカー", "duration": "next_turn_end"}}, "end")
    assert "opcg:6-2-1" in rules(g)  # p2's own effect ended in p2's refresh phase
    assert sorted(e["kind"] + e["owner"] for e in g.state.get("effects")) == ["keyword_addp1", "powerp1"]
    g.answer(None, "end")
    g.run("decision")  # p2's end phase ends the next-turn effect; p1's refresh ends p1's turn-start effect
    assert g.state.get("effects") == [] and g.state.get("turn_player") == "p1"


def test_opcg_3_1_6_effects_end_when_a_character_leaves():
    """3-1-6 「前の領域で適用されていた効果がそのまま適用されることはありません」"""
    b = board(p1={"characters": [char("c", 1000)]})
    g = play(b, {"step": "decision"}, {"adjust": {"op": "power", "target": "c", "value": 5000, "duration": "permanent"}},
             {"adjust": {"op": "ko", "target": "c"}})
    assert g.state.get("effects") == [] and g.state.get("players.p1.trash")[0] == {k: v for k, v in char("c", 1000).items()}


def test_opcg_11_1_1_2_the_same_loop_cannot_be_chosen_again():
    """11-1-1-2 「この永久循環が開始された状態とまったく同一の状態…この循環行動を再び選択することはできません」"""
    b = board(p2={"leader": leader("p2", power=99000)})
    g = play(b, "attack:p1-L", "p2-L", {"adjust": {"op": "active", "target": "p1-L"}})
    assert g.pending.rule == "opcg:6-5-2" and "attack:p1-L" not in options(g)
    assert "opcg:11-1-1-2" in rules(g)


def test_opcg_1_2_3_concede_at_any_time():
    """1-2-3 「投了を宣言したプレイヤーは即座にゲームに敗北し、ゲームは終了します」"""
    g = play(board(), "attack:p1-L", {"adjust": {"op": "concede", "target": "p1"}})
    assert g.state.winner == "p2" and g.trace[-1].rule == "opcg:1-2-3"


def test_replay_of_the_answers_is_byte_for_byte():
    from judge_app.engine.policies import SeededRandom
    b = RULESET.new_game_board(random.Random(5))
    g = Game(RULESET, b, 9)
    g.run("end", SeededRandom(4))
    h = Game(RULESET, b, 9)
    for a in g.answers:
        h.run("decision")
        h.answer(a["decision"], a["value"])
    h.run("end")
    assert g.state.finished and h.state.winner == g.state.winner
    assert json.dumps([e.to_json() for e in g.trace], ensure_ascii=False) == json.dumps([e.to_json() for e in h.trace], ensure_ascii=False)


def test_fuzz_share_keeps_every_invariant_and_ends():
    """Every card in exactly one zone, 10 DON!! per player, the game ends (a small share; the 10,000 run is in the report)."""
    result = fuzz(RULESET, games=30, seed=77)
    assert (result["crashes"], result["violations"], result["finished"]) == (0, 0, 30), result["examples"]


def test_invariants_catch_a_lost_don_and_a_duplicated_card():
    g = play(board())
    g.state.data["players"]["p1"]["don_deck"] -= 1
    g.state.data["players"]["p2"]["hand"] = [g.state.data["players"]["p2"]["leader"]]
    broken = RULESET.invariants(g.state)
    assert any("DON" in m for m in broken) and any("more than one zone" in m for m in broken)
