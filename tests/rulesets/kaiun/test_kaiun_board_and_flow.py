"""5 ゲームの準備, 6 ゲームの進行, 9 ルール処理 and the board's errors (rules_corpus/kaiun.txt)."""
import copy
import json
import random

import pytest

from judge_app.engine import AdjustmentError, BoardError, Game, get_ruleset
from judge_app.engine.policies import SeededRandom
from tests.rulesets.kaiun.boards import card, game, messages, player, rules, run_to_decision

KAIUN = get_ruleset("kaiun")


def fresh_board(seed=0):
    return KAIUN.new_game_board(random.Random(seed))


def test_kaiun_5_1_2_deck_must_be_exactly_30_cards():
    """5-1-2: デッキは、30 枚ちょうどで構成された束を指します。"""
    board = fresh_board()
    board["players"]["p2"]["deck"].pop()
    with pytest.raises(BoardError) as e:
        Game(KAIUN, board, 0)
    assert e.value.field == "board.players.p2.deck"


def test_kaiun_5_1_2_1_at_most_three_cards_of_one_number():
    """5-1-2-1: 同一のカードナンバーのカードは、デッキ内にそれぞれ3枚以下である必要があります。"""
    board = fresh_board()
    deck = board["players"]["p1"]["deck"]
    deck[3]["number"] = deck[0]["number"]
    with pytest.raises(BoardError) as e:
        Game(KAIUN, board, 0)
    assert e.value.field == "board.players.p1.deck[3].number"


def test_kaiun_5_2_1_3_deck_top_becomes_the_barrier_bottom():
    """5-2-1-3 ※: デッキの一番上にあったカードがバリアの一番下(左)になる順番で1枚ずつ横並びに置きます。"""
    g = Game(KAIUN, fresh_board(), 5)
    g.step("step"), g.step("step"), g.step("step"), g.step("step")  # 5-2-1-1 ×2, 5-2-1-2 ×2
    top_five = [c["id"] for c in g.state.data["players"]["p1"]["deck"][:5]]
    g.step("step")
    assert g.trace[-1].rule == "kaiun:5-2-1-3"
    assert [c["id"] for c in g.state.data["players"]["p1"]["barrier"]] == top_five


def test_board_errors_name_the_field():
    with pytest.raises(BoardError) as e:
        game({"p1": player(card("x")), "p2": player(card("x"))})
    assert e.value.field == "board.players.p2.battle_area[0].id"
    with pytest.raises(BoardError) as e:
        game({"p1": player(card("a"), hand=[card("h1"), card("h2")], hand_count=1), "p2": player(card("b"))})
    assert e.value.field == "board.players.p1.hand_count"
    with pytest.raises(BoardError) as e:
        game({"p1": player(card("a", janken="石")), "p2": player(card("b"))})
    assert e.value.field == "board.players.p1.battle_area[0].janken"
    with pytest.raises(BoardError) as e:
        game({"p1": player(card("a")), "p3": player(card("b"))})
    assert e.value.field.startswith("board.players")
    with pytest.raises(BoardError) as e:
        game({"p1": player(card("a")), "p2": player(card("b"))}, options={"empty_hand_set": "maybe"})
    assert e.value.field == "board.options.empty_hand_set"


def test_kaiun_6_3_1_both_choose_then_place_at_once():
    """6-3-1 ※: お互いのバトルエリアに表向きのカードが無い場合、お互いのプレイヤーが同時に置きます。"""
    g = game({"p1": player(hand=[card("h1")]), "p2": player(hand=[card("h2")])}, phase="set")
    run_to_decision(g)
    assert g.pending.player == "p1" and g.pending.rule == "kaiun:6-3-1"
    g.answer(None, "h1")
    run_to_decision(g)
    assert g.pending.player == "p2" and not any(e.kind == "set" for e in g.trace)  # nothing placed before both chose
    g.answer(None, "h2")
    g.step("step")
    g.step("step")
    assert [e.rule for e in g.trace if e.kind == "set"] == ["kaiun:6-3-1", "kaiun:6-3-1"]


def test_kaiun_6_3_2_face_up_card_offers_keep_or_replace():
    """6-3-2: 何もしないか、表向きのカードをトラッシュに置き手札からカード1枚をバトルエリアに裏向きで置くかを選択し、実行します。"""
    g = run_to_decision(game({"p1": player(card("a"), hand=[card("h1")]), "p2": player(hand=[card("h2")])}, phase="set"))
    assert g.pending.rule == "kaiun:6-3-2"
    assert [o.value for o in g.pending.options] == ["keep", "h1"]


def test_kaiun_6_6_1_1_refresh_in_the_middle_of_paying_then_pay_the_rest():
    """6-6-1-1: コストを支払っている途中にデッキが 0 枚になり、リフレッシュを挟んだ場合、リフレッシュ後に残りの枚数分のコストを支払います。"""
    g = run_to_decision(game({"p1": player(card("a", cost=3), deck=1, trash_count=4, battle_result="win"),
                              "p2": player(card("b"), battle_result="lose")}, phase="cost"))
    order = [e.rule for e in g.trace if e.player == "p1"][:4]
    assert order == ["kaiun:6-6-1", "kaiun:9-3-2", "kaiun:9-3-4", "kaiun:6-6-1-1"]
    assert "リフレッシュ後に残りのコスト2枚" in messages(g)


def test_kaiun_9_3_3_refresh_at_zero_barrier_loses():
    """9-3-3: 自分のバリアが 0 枚の状況でリフレッシュを行った場合、このゲームに敗北します。"""
    g = run_to_decision(game({"p1": player(card("a", cost=1), deck=1, trash_count=2, barrier=0, battle_result="win"),
                              "p2": player(card("b"), battle_result="lose")}, phase="cost"))
    assert g.state.winner == "p2"
    assert any("kaiun:9-3-3" in e.clauses for e in g.trace) and rules(g)[-2:] == ["kaiun:9-2-1-2", "kaiun:1-2-1"]


def test_kaiun_6_6_1_1_1_both_refreshing_at_zero_barrier_meet_defeat_together():
    """6-6-1-1-1: お互いのプレイヤーが、バリアが0枚の状況でコストフェイズ中にリフレッシュを挟んだ場合、同時に敗北条件を満たします。
    1-2-3: すべてのプレイヤーが同時に敗北条件を満たしている場合、ジャンケンを行い、ジャンケンに勝利したプレイヤーがゲームに勝利します。"""
    g = run_to_decision(game({"p1": player(card("a", cost=1), deck=1, trash_count=2, barrier=0, battle_result="draw"),
                              "p2": player(card("b", cost=2), deck=1, trash_count=2, barrier=0, battle_result="draw")},
                             phase="cost"))
    assert g.pending.rule == "kaiun:1-2-3" and {o.value for o in g.pending.options} == {"p1", "p2"}
    assert "kaiun:6-6-1-1-1" in rules(g)
    g.answer(None, "p1")
    g.step("end")
    assert g.state.winner == "p1"


def test_kaiun_1_2_4_concede_at_any_decision():
    """1-2-4: すべてのプレイヤーは、ゲーム中の任意の時点で投了を宣言することができます。"""
    g = run_to_decision(game({"p1": player(hand=[card("h1")]), "p2": player(hand=[card("h2")])}, phase="set"))
    entry = g.adjust({"op": "concede", "target": "p2"})
    assert entry.rule == "kaiun:1-2-4" and g.state.winner == "p1" and g.finished


def test_kaiun_4_4_2_discard_and_7_1_5_4_1_barrier_to_hand_stops_at_zero():
    """4-4-2: 「1 枚を捨てる」…自身の手札1枚を選び、トラッシュに移動します。
    7-1-5-4-1: 「バリア N 枚を手札に加える」効果は、手札に加えるバリアが 0 枚になった時点でその処理を終了します。"""
    g = game({"p1": player(card("a"), hand=[card("h1")], barrier=2), "p2": player(card("b"))})
    g.adjust({"op": "discard", "target": "p1", "value": "h1"})
    assert g.state.data["players"]["p1"]["trash"][-1]["id"] == "h1"
    entry = g.adjust({"op": "barrier_to_hand", "target": "p1", "value": 5})
    assert entry.rule == "kaiun:7-1-5-4-1" and "バリア2枚" in entry.message
    assert g.state.data["players"]["p1"]["barrier"] == []


@pytest.mark.parametrize("body,field", [
    ({"op": "discard", "target": "p1", "value": "nope"}, "value"),
    ({"op": "draw", "target": "p9"}, "target"),
    ({"op": "unchi", "target": "p1", "value": 1, "duration": "forever"}, "duration"),
    ({"op": "unchi", "target": "p1"}, "value"),
])
def test_adjustment_errors_name_the_field_and_change_nothing(body, field):
    g = game({"p1": player(card("a"), hand=[card("h1")]), "p2": player(card("b"))})
    before = copy.deepcopy(g.state.data)
    with pytest.raises(AdjustmentError) as e:
        g.adjust(body)
    assert e.value.field == field
    assert g.state.data == before and g.trace == [] and g.answers == []


def test_replay_gives_the_same_trace_byte_for_byte():
    g = Game(KAIUN, fresh_board(3), 3)
    g.run("end", SeededRandom(9))
    again = Game(KAIUN, fresh_board(3), 3)
    again.run("end", SeededRandom(9))
    assert json.dumps([e.to_json() for e in g.trace], ensure_ascii=False) == \
        json.dumps([e.to_json() for e in again.trace], ensure_ascii=False)
    assert g.state.winner in ("p1", "p2")


def test_a_state_can_be_entered_again_as_a_board():
    g = Game(KAIUN, fresh_board(4), 4)
    policy = SeededRandom(4)
    for _ in range(3):
        run_to_decision(g)
        g.answer(None, policy(g.pending))
    run_to_decision(g)
    board = copy.deepcopy(g.state.data)
    again = Game(KAIUN, board, 4)  # validates against the published schema
    assert again.state.data["players"] == g.state.data["players"]
