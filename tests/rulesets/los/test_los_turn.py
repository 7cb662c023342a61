"""The turn (5.2–5.4, 5.6), win and loss (4), judge adjustments (8.x, 9.x) and the board's errors."""
import random

import pytest

from judge_app.engine import AdjustmentError, BoardError, Game
from judge_app.engine.fuzz import fuzz

from tests.rulesets.los.boards import RULESET, board, char, play, rules


def test_los_5_2_first_players_first_turn_draws_nothing_and_energy_regains():
    """5.2「全てのエネルギーカードやサポートカードを…リゲイン表示にします」「先攻プレイヤーの最初のターンはデッキからカードを引くことはできません」"""
    b = board(phase="setup", turn=1, p1_energy=[{"id": "e", "name": "E", "gained": True}])
    b["first_player"] = "p1"
    g = play(b, [])
    assert g.state.get("players.p1.hand") == [] and g.state.get("players.p1.energy.0.gained") is False
    b["turn"] = 3
    g = play(b, [])
    assert len(g.state.get("players.p1.hand")) == 1


def test_los_4_deck_out_loses():
    """4「自分のデッキが0枚になり、カードを引くことができなかった場合、自分は敗北します」"""
    b = board(phase="setup", turn=4, turn_player="p2", p2_deck_count=0)
    g = play(b, [])
    assert g.state.winner == "p1" and rules(g)[-1] == "los:4"


def test_los_5_3_characters_enter_the_back_row_only_in_any_display():
    """5.3「キャラクターゾーンの後衛に出します。前衛に出すことはできません」「好きな表示で出すことができます」"""
    b = board(phase="main", p1_hand=[char("c", cost=1)], p1_energy=[{"id": "e", "name": "E"}],
              p1_back=[char("x"), None, char("y"), None])
    g = play(b, ["character:c"])
    assert [o.value for o in g.pending.options] == [2, 4]
    g.answer(None, 4)
    g.step("decision")
    assert len(g.pending.options) == 6
    g.answer(None, "down:defense_left")
    g.step("decision")
    placed = g.state.get("players.p1.back.3")
    assert placed["face_down"] is True and placed["display"] == "defense_left" and placed["entered_turn"] == 5
    assert g.state.get("players.p1.energy.0.gained") is True


def test_los_2_4_one_energy_per_turn():
    """2.4「エネルギーは1ターンに1枚だけ置くことができます」"""
    b = board(phase="main", p1_hand=[{"id": "h1", "name": "A"}, {"id": "h2", "name": "B"}])
    g = play(b, ["energy:h1"])
    assert not [o for o in g.pending.options if o.value.startswith("energy:")]


def test_los_5_3_display_change_once_and_not_the_turn_it_entered():
    """5.3「各キャラクター1回まで表示を変更」「このターンに自分の場に出したキャラクターは表示を変更することはできません」"""
    b = board(phase="main", p1_back=[char("old", entered_turn=2), char("new", entered_turn=5), None, None])
    g = play(b, [])
    values = [o.value for o in g.pending.options]
    assert "display:old" in values and "display:new" not in values
    g = play(b, ["display:old", "up:defense_left"])
    assert "display:old" not in [o.value for o in g.pending.options]


def test_los_5_3_face_up_never_turned_face_down_by_the_player():
    b = board(phase="main", p1_back=[char("c", entered_turn=1), None, None, None])
    g = play(b, ["display:c"])
    assert all(not o.value.startswith("down:") for o in g.pending.options)


def test_los_5_4_moves_one_square_not_into_an_occupied_square():
    """5.4「すでにキャラクターがいるキャラクターゾーンに、別のキャラクターを移動することはできません」"""
    b = board(phase="lead", p1_front=[char("f", lead=[]), None, None, None],
              p1_back=[char("c", lead=["up", "left", "right"]), None, None, None])
    g = play(b, [])
    assert [o.value for o in g.pending.options] == ["move:c:right", "end"]


def test_los_5_6_s3_turn_player_discards_to_seven():
    """5.6 3.「手札が8枚以上ある場合、7枚になるように手札のカードをトラッシュに置きます」"""
    hand = [{"id": f"h{i}", "name": f"札{i}"} for i in range(8)]
    g = play(board(phase="end", p1_hand=hand), ["h0"])
    assert len(g.state.get("players.p1.hand")) == 7 and g.state.get("players.p1.trash.0.id") == "h0"
    assert "los:5.6.s3" in rules(g) and "los:5.6.s4" in rules(g)


def test_los_5_6_s2_turn_long_effects_end_at_end_phase():
    """5.6 2.「ターン終了時に終了する効果」"""
    b = board(phase="main", p1_front=[char("a"), None, None, None])
    g = play(b, [{"adjust": {"op": "atk", "target": "a", "value": 200, "duration": "turn"}},
                 {"adjust": {"op": "def", "target": "a", "value": 200, "duration": "permanent"}}])
    for value in ("end", "end", "pass", "pass"):   # main, attack, and the 5.5.3 exchange
        g.answer(None, value)
        g.step("decision")
    assert "los:5.6.s2" in rules(g)
    mods = g.state.get("players.p1.front.0.mods")
    assert mods == [{"stat": "DEF", "op": "add", "value": 200, "until": "permanent"}]


def test_los_4_both_zero_together_is_a_draw():
    """4「同時にお互いのライフがゼロになった場合、引き分けとなります」"""
    g = Game(RULESET, board(phase="main", p1_life=100, p2_life=100), 0)
    g.adjust({"op": "damage", "target": "both", "value": 300})
    assert g.state.winner == "draw" and g.state.get("players.p1.life") == 0
    b = board(phase="main", p1_life=100, p2_life=100, options={"life_below_zero": "negative"})
    g = Game(RULESET, b, 0)
    g.adjust({"op": "damage", "target": "p2", "value": 300})
    assert g.state.winner == "p1" and g.state.get("players.p2.life") == -200


def test_los_8_10_destroy_is_not_down():
    """8.10「キャラクターが破壊された場合はトラッシュに移りますが、ダウン状態にはなりません」"""
    g = Game(RULESET, board(phase="main", p2_front=[char("t", down=900), None, None, None]), 0)
    g.adjust({"op": "destroy", "target": "t"})
    assert g.state.get("players.p2.life") == 3000 and g.state.get("players.p2.trash.0.id") == "t"


def test_los_9_6_targeted_face_down_turned_up_then_resistance_applies():
    """9.6.2: 2. 表側表示にする 3. 場にあることで発動する効果を適用（スピード耐性…） 4. 条件に該当しない場合は効果の解決に失敗"""
    t = char("t", face_down=True, keywords=["エネルギー耐性:2"])
    g = Game(RULESET, board(phase="main", p2_front=[t, None, None, None]), 0)
    entry = g.adjust({"op": "atk", "target": "t", "value": -300, "duration": "turn", "targeted": True,
                      "source": {"player": "p1", "cost": 2}})
    assert entry.rule == "los:8.13.3"
    assert g.state.get("players.p2.front.0.face_down") is False
    assert "mods" not in g.state.get("players.p2.front.0")


def test_los_adjustment_refusals_name_the_field_and_change_nothing():
    b = board(phase="main", p1_front=[char("a"), char("b"), None, None])
    g = Game(RULESET, b, 0)
    before = g.state.snapshot()
    with pytest.raises(AdjustmentError) as e:
        g.adjust({"op": "move", "target": "a", "row": "front", "lane": 2})
    assert e.value.field == "lane"
    with pytest.raises(AdjustmentError) as e:
        g.adjust({"op": "atk", "target": "a", "value": 100, "duration": "battle"})
    assert e.value.field == "duration"
    with pytest.raises(AdjustmentError) as e:
        g.adjust({"op": "destroy", "target": "nobody"})
    assert e.value.field == "target"
    with pytest.raises(AdjustmentError):
        g.adjust({"op": "move", "target": "a", "row": "middle", "lane": 2})
    assert g.state.snapshot() == before and g.trace == []


def test_los_concede_loses_at_once():
    g = Game(RULESET, board(phase="main"), 0)
    entry = g.adjust({"op": "concede", "target": "p1"})
    assert g.state.winner == "p2" and entry.rule == "los:4"


@pytest.mark.parametrize("mutate, field", [
    (lambda b: b["players"]["p1"]["front"].__setitem__(0, char("x")) or b["players"]["p2"]["back"].__setitem__(1, char("x")),
     "board.players.p2.back[1].id"),
    (lambda b: b["players"]["p1"].__setitem__("front", [None] * 5), "board.players.p1.front"),
    (lambda b: b["players"]["p1"].__setitem__("front", [char("x", keywords=["飛行"]), None, None, None]),
     "board.players.p1.front[0]"),
    (lambda b: b["players"]["p1"].__setitem__("back", [{"id": "s", "name": "S", "type": "support"}, None, None, None]),
     "board.players.p1.back[0].type"),
    (lambda b: b.pop("turn_player"), "board.turn_player"),
    (lambda b: b.__setitem__("options", {"nope": 1}), "board.options.nope"),
])
def test_los_board_errors_name_the_field(mutate, field):
    b = board(phase="main", p1_front=[None] * 4, p2_back=[None] * 4)
    mutate(b)
    with pytest.raises(BoardError) as e:
        Game(RULESET, b, 0)
    assert e.value.field.startswith(field), e.value.message


def test_los_3_1_fresh_game_needs_fifty_cards_and_three_of_a_name():
    """3.1「50枚以上」「同じ名称のカードは3枚までデッキに使用することができます」"""
    with pytest.raises(BoardError) as e:
        Game(RULESET, {"players": {"p1": {"life": 3000, "deck_count": 49}, "p2": {"life": 3000, "deck_count": 50}}}, 0)
    assert e.value.field == "board.players.p1.deck"
    four = [{"id": f"c{i}", "name": "同名"} for i in range(4)]
    with pytest.raises(BoardError):
        Game(RULESET, {"players": {"p1": {"life": 3000, "deck": four, "deck_count": 46},
                                   "p2": {"life": 3000, "deck_count": 50}}}, 0)


def test_los_invariants_catch_a_card_in_two_zones():
    g = Game(RULESET, board(phase="main", p1_front=[char("a"), None, None, None]), 0)
    g.state.data["players"]["p1"]["trash"] = [char("a")]
    assert any("two zones" in m and "a" in m for m in RULESET.invariants(g.state))


def test_los_state_reenters_as_a_board_and_replays_byte_for_byte():
    b = RULESET.new_game_board(random.Random(3))
    g = Game(RULESET, b, 9)
    from judge_app.engine.policies import SeededRandom
    policy = SeededRandom(4)
    for _ in range(200):   # as a judge would: each step and each answer recorded
        if g.pending:
            g.answer(g.pending.id, policy(g.pending))
        else:
            g.step("step")
    again = Game(RULESET, g.state.snapshot(), 1)
    assert again.state.data["players"] == g.state.data["players"]
    twin = Game.replay(RULESET, b, 9, g.answers)
    assert [e.to_json() for e in twin.trace] == [e.to_json() for e in g.trace]


def test_los_fuzz_share_ends_every_game():
    result = fuzz(RULESET, games=20, seed=5)
    assert (result["finished"], result["crashes"], result["violations"]) == (20, 0, 0), result["examples"]


def test_los_judge_adjustments_at_any_moment_keep_the_invariants():
    """Adjustments between steps and while a decision waits (a judge applying card text mid-procedure): every card
    stays in exactly one zone and one character per square, and the game still ends."""
    from tests.rulesets.los.chaos import chaos_game

    for seed in (111, 115, 136, 7):
        assert chaos_game(seed, rate=0.25).finished


def test_los_2_1_3_def_zero_is_neither_down_nor_destroyed():
    """2.1.3「0になってもダウン状態や破壊になることはありません」"""
    g = Game(RULESET, board(phase="main", p2_front=[char("t", def_=300), None, None, None]), 0)
    g.adjust({"op": "def", "target": "t", "value": -500, "duration": "turn"})
    assert g.state.get("players.p2.front.0.id") == "t" and g.state.get("players.p2.trash") == []
    assert "現在 DEF 0" in g.trace[-1].message


def test_los_9_5_the_later_becomes_effect_wins():
    """9.5「似た効果が複数場にある時、後から場に出たカードの効果を優先して適用します」"""
    g = Game(RULESET, board(phase="main", p1_front=[char("a", atk=100), None, None, None]), 0)
    g.adjust({"op": "stat_set", "target": "a", "stat": "ATK", "value": 300, "duration": "permanent"})
    entry = g.adjust({"op": "stat_set", "target": "a", "stat": "ATK", "value": 500, "duration": "turn"})
    assert entry.rule == "los:9.5" and "現在 ATK 500" in entry.message


def test_los_9_2_cannot_wins_over_can():
    """9.2「「できる」「できない」と相反する効果が同時に適用されている場合、「できない」を優先」"""
    b = board(p1_front=[char("a"), char("b"), None, None])
    g = Game(RULESET, b, 0)
    g.adjust({"op": "forbid", "target": "a", "action": "attack", "duration": "turn"})
    g.step("decision")
    assert [o.value for o in g.pending.options] == ["attack:b", "end"]


def test_los_9_1_an_effect_may_turn_a_character_face_down():
    """5.3 forbids the player 表側表示のカードを裏側表示にすること; 9.1「ルールと矛盾する効果が記載されている場合、効果を優先」"""
    g = Game(RULESET, board(phase="main", p1_front=[char("a"), None, None, None]), 0)
    entry = g.adjust({"op": "display", "target": "a", "display": "attack", "face_down": True})
    assert entry.rule == "los:9.1" and g.state.get("players.p1.front.0.face_down") is True
