"""The board schema and check_board name the wrong field; adjustments refuse bad input and change nothing."""
import copy

import pytest

from judge_app.engine import AdjustmentError, BoardError, Game, Refused
from judge_app.engine.opcg import RULESET
from tests.rulesets.opcg.helpers import board, char, leader, play


def fresh_board():
    return {"players": {p: {"leader": leader(p), "deck_count": 50} for p in ("p1", "p2")}}


def refused(b):
    with pytest.raises(BoardError) as e:
        Game(RULESET, b, 0)
    return e.value.field, e.value.message


def test_schema_error_names_the_field():
    b = board(p1={"characters": [char("c", "強い")]})
    field, _ = refused(b)
    assert field == "board.players.p1.characters[0].power"


def test_opcg_3_7_6_six_characters_refused():
    """3-7-6 「キャラクターエリアにはキャラクターカードを5枚まで置けます」"""
    field, _ = refused(board(p1={"characters": [char(f"c{i}", 1000) for i in range(6)]}))
    assert field == "board.players.p1.characters"


def test_duplicate_card_id_refused():
    field, msg = refused(board(p1={"characters": [char("x", 1000)], "hand": [char("x", 1000)]}))
    assert field == "board.players.p1.hand[0].id" and "重複" in msg


def test_opcg_5_1_2_ten_don_per_player():
    """5-1-2 「ドン!!デッキは10枚ちょうど」"""
    field, _ = refused(board(p2={"cost_area": {"active": 6, "rested": 0}, "don_deck": 6}))
    assert field == "board.players.p2.don_deck"


def test_opcg_5_1_2_fresh_game_needs_fifty_cards():
    """5-1-2 「デッキは 50 枚ちょうど」"""
    b = fresh_board()
    b["players"]["p1"]["deck_count"] = 49
    assert refused(b)[0] == "board.players.p1.deck"


def test_opcg_5_1_2_3_at_most_four_of_a_card_number():
    """5-1-2-3 「同一のカードナンバーのカードは、デッキ内にそれぞれ4枚以下」"""
    b = fresh_board()
    b["players"]["p2"]["deck"] = [char(f"k{i}", 1000, number="OP01-001") for i in range(5)]
    b["players"]["p2"]["deck_count"] = 45
    field, msg = refused(b)
    assert field == "board.players.p2.deck[0].number" and "4枚以下" in msg


def test_opcg_5_1_2_2_only_the_leaders_colours():
    """5-1-2-2 「リーダーの色を含まない色のカードはデッキに入れる事ができません」"""
    b = fresh_board()
    b["players"]["p1"]["deck"] = [dict(char("k", 1000), colors=["青"])]
    b["players"]["p1"]["deck_count"] = 49
    assert refused(b)[0] == "board.players.p1.deck[0].colors"


def test_leader_must_be_a_leader_card():
    b = board(p1={"leader": dict(leader("p1"), category="キャラ")})
    assert refused(b)[0] == "board.players.p1.leader.category"


def test_mid_game_board_needs_a_turn_player():
    b = board()
    del b["turn_player"]
    assert refused(b)[0] == "board.turn_player"


def test_unknown_rule_option_refused():
    b = board(options={"no_such": 1})
    assert refused(b)[0] == "board.options.no_such"


def test_a_state_can_be_entered_again_as_a_board():
    g = play(board(p1={"characters": [char("c", 3000, don=1)], "cost_area": {"active": 4, "rested": 0}}), "attack:c", "p2-L")
    again = Game(RULESET, copy.deepcopy(g.state.data | {"options": {}}), 0)
    assert again.state.get("players.p2.life") == g.state.get("players.p2.life")


def adjust_refused(g, body):
    before = copy.deepcopy(g.state.data), len(g.trace)
    with pytest.raises(AdjustmentError) as e:
        g.adjust(body)
    assert (g.state.data, len(g.trace)) == before  # nothing half-changed
    return e.value.field


def test_adjustments_refuse_bad_input_and_change_nothing():
    g = play(board(p1={"characters": [char("c", 3000)]}))
    assert adjust_refused(g, {"op": "ko", "target": "nobody"}) == "target"
    assert adjust_refused(g, {"op": "ko", "target": "p1-L"}) == "target"        # 3-6-3: a leader is not KO'd
    assert adjust_refused(g, {"op": "trash", "target": "p2-L"}) == "target"     # 3-6-3
    assert adjust_refused(g, {"op": "power", "target": "c", "value": 1000, "duration": "battle"}) == "duration"
    assert adjust_refused(g, {"op": "power", "target": "c", "value": 1000}) == "duration"
    assert adjust_refused(g, {"op": "power", "target": "c", "value": 1000, "duration": "forever"}) == "duration"
    assert adjust_refused(g, {"op": "fly", "target": "c"}) == "op"


def test_opcg_1_3_2_1_resting_a_rested_card_does_nothing():
    """1-3-2-1 「すでにある状態にあるものを改めてその状態にするよう求められた場合…その行為自体が行われません」"""
    g = play(board(p1={"characters": [char("c", 3000, rested=True)]}))
    entry = g.adjust({"op": "rest", "target": "c"})
    assert entry.rule == "opcg:1-3-2-1" and entry.changes == ()


def test_each_adjustment_logs_exactly_one_entry():
    g = play(board(p1={"characters": [char("c", 3000, don=1)], "cost_area": {"active": 4, "rested": 0},
                       "hand": [char("h", 1000)]}))
    bodies = [
        {"op": "power", "target": "c", "value": -2000, "duration": "turn"},
        {"op": "keyword_add", "target": "c", "keyword": "速攻", "duration": "turn"},
        {"op": "keyword_remove", "target": "c", "keyword": "速攻", "duration": "turn"},
        {"op": "rest", "target": "c"}, {"op": "active", "target": "c"},
        {"op": "draw", "target": "p1", "value": 2},
        {"op": "add_life", "target": "p1"}, {"op": "add_life", "target": "p1", "card": "h"},
        {"op": "don_minus", "target": "p1", "value": 1, "source": "c"},
        {"op": "don_minus", "target": "p1", "value": 2},
        {"op": "don_add", "target": "p1", "value": 2},
        {"op": "don_add", "target": "p1", "value": 1, "rested": True},
        {"op": "power", "target": "c", "value": 1000, "duration": "permanent"},
        {"op": "ko", "target": "c"},
    ]
    for body in bodies:
        n = len(g.trace)
        g.adjust(body)
        assert len(g.trace) == n + 1, body
        assert RULESET.invariants(g.state) == [], body
    assert g.state.get("players.p1.life")[0]["id"] == "h" and len(g.state.get("players.p1.life")) == 5
    assert g.state.get("players.p1.cost_area") == {"active": 4, "rested": 1}
    assert g.state.get("effects") == [e for e in g.state.get("effects") if e["target"] != "c"]  # 3-1-6


def test_opcg_10_2_10_1_don_minus_needs_the_don():
    """10-2-10-1 ドン!!-○: 自分のリーダーエリア、キャラクターエリア、コストエリアにあるドン!!カードを…ドン!!デッキに戻す
    「ことが条件」; a 発動コスト (8-3-1-6) that cannot be paid in full is not paid at all (8-3-1-3)."""
    g = play(board(p1={"cost_area": {"active": 1, "rested": 0}}))
    before = copy.deepcopy(g.state.data), len(g.trace)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "don_minus", "target": "p1", "value": 2})
    assert e.value.rule == "opcg:8-3-1-3" and (g.state.data, len(g.trace)) == before
    assert adjust_refused(g, {"op": "don_minus", "target": "p1", "value": 1, "source": "p2-L"}) == "source"


def _offered(schema: dict) -> list[str]:
    return [c["value"] for c in schema["properties"]["keywords"]["x-choices"]]


def test_opcg_10_2_4_1_and_10_2_3_1_only_events_are_offered_counter_and_main():
    """10-2-4-1 「【カウンター】とは、イベントカードのみが持ち」, 10-2-3-1 「【メイン】とは、イベントカードのみが持ち」:
    the builder's keyword picker does not offer them on a leader or a character; a hand card (any kind) has all."""
    players = RULESET.board_schema["properties"]["players"]["properties"]["p1"]["properties"]
    leader_kw, char_kw = _offered(players["leader"]), _offered(players["characters"]["items"])
    hand_kw = _offered(players["hand"]["items"])
    for picker in (leader_kw, char_kw):
        assert "カウンター" not in picker and "メイン" not in picker
    assert {"カウンター", "メイン", "トリガー", "速攻"} <= set(hand_kw)
    # 10-1-5-1: 【トリガー】 acts from the life, where a character card may be and a leader never is;
    # 10-1-1-1: 【速攻】 is about a character card played this turn
    assert "トリガー" in char_kw and "速攻" in char_kw
    assert "トリガー" not in leader_kw and "速攻" not in leader_kw
    assert {"ダブルアタック", "バニッシュ"} <= set(leader_kw)


def test_a_leader_already_carrying_an_event_keyword_is_still_accepted():
    """The pickers narrow what is offered, not what a board may carry: nothing a judge saved stops loading."""
    b = fresh_board()
    b["players"]["p1"]["leader"]["keywords"] = ["カウンター"]
    Game(RULESET, b, 0)
