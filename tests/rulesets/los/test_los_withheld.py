"""Issue 26 for los: each decision lists what the rules withhold now, with the clause and a reason, in the same form
as its options; answering one is refused by that clause and changes nothing; the options stay as they were."""
import json

import pytest

from judge_app.engine import Game, Refused

from tests.rulesets.los.boards import board, char, play


def held(g) -> dict:
    return {w.value: w.rule for w in g.pending.withheld}


def values(g) -> list:
    return [o.value for o in g.pending.options]


def dump(g) -> str:
    return json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers], sort_keys=True)


ENERGY = [{"id": "e1", "name": "E1"}]


def test_los_5_3_a_second_energy_this_turn_is_withheld_for_every_hand_card():
    """5.3「ただし、エネルギーゾーンにカードを出すことは1ターンに1回だけとなります」(2.4「1ターンに1枚だけ」)"""
    b = board(phase="main", p1_hand=[{"id": "h1", "name": "A"}, {"id": "h2", "name": "B"}])
    g = play(b, ["energy:h1"])
    assert held(g)["energy:h2"] == "los:5.3"
    w = g.pending.withheld_of("energy:h2")
    assert w.label == "「B」をエネルギーゾーンに置く" and "1ターンに1回" in w.reason


def test_los_2_5_1_a_cost_the_regained_energies_cannot_pay_is_withheld():
    """2.5.1「その数字と同じ数のエネルギーを、エネルギーゾーンにあるエネルギーをゲイン表示（横向きに）にして払う」:
    a card already in ゲイン表示 pays nothing."""
    hand = [char("big", cost=2, type="character"), {"id": "sup", "name": "S", "type": "support", "cost": 2},
            {"id": "eff", "name": "F", "type": "effect", "cost": 3}, char("small", cost=1)]
    b = board(phase="main", p1_hand=hand, p1_energy=[{"id": "e1", "name": "E"}, {"id": "e2", "name": "E", "gained": True}],
              p1_energy_placed_turn=5)
    g = play(b, [])
    assert held(g) == {"character:big": "los:2.5.1", "support:sup": "los:2.5.1", "effect:eff": "los:2.5.1",
                       "energy:big": "los:5.3", "energy:sup": "los:5.3", "energy:eff": "los:5.3",
                       "energy:small": "los:5.3"}
    assert values(g) == ["character:small", "end"]
    assert "リゲイン表示のエネルギーが1枚" in g.pending.withheld_of("character:big").reason


def test_los_5_3_characters_enter_the_back_row_so_a_full_back_row_withholds_them():
    """5.3「手札からキャラクターを出す場合、キャラクターゾーンの後衛に出します。前衛に出すことはできません」"""
    b = board(phase="main", p1_hand=[char("c", cost=0)], p1_back=[char(f"b{i}") for i in range(4)],
              p1_energy_placed_turn=5)
    g = play(b, [])
    assert held(g)["character:c"] == "los:5.3" and "character:c" not in values(g)


def test_los_3_3_1_a_taken_back_square_is_withheld_as_a_lane():
    """3.3.1 マス: キャラクターを置くことのできる場所 — one character a square."""
    b = board(phase="main", p1_hand=[char("c", cost=0)], p1_back=[char("x"), None, char("y"), None])
    g = play(b, ["character:c"])
    assert values(g) == [2, 4] and held(g) == {1: "los:3.3.1", 3: "los:3.3.1"}


def test_los_5_3_display_change_withheld_the_turn_it_entered_after_one_change_and_when_forbidden():
    """5.3「各キャラクター1回まで表示を変更することができます」「このターンに自分の場に出したキャラクターは表示を変更する
    ことはできません」; 9.2「できない」を優先."""
    b = board(phase="main", p1_back=[char("new", entered_turn=5), char("old", entered_turn=2),
                                     char("no", entered_turn=2, cannot=[{"action": "display", "until": "turn"}]), None])
    g = play(b, [])
    assert held(g) == {"display:new": "los:5.3", "display:no": "los:9.2"} and "display:old" in values(g)
    g = play(b, ["display:old", "up:defense_left"])
    assert held(g)["display:old"] == "los:5.3" and "1回まで" in g.pending.withheld_of("display:old").reason


def test_los_5_3_right_to_left_and_face_up_to_face_down_are_withheld_displays():
    """5.3「ディフェンス表示（右向き）からディフェンス表示（左向き）に変更はできません。逆も同様です」「表側表示のカードを
    裏側表示にすることはできません」"""
    b = board(phase="main", p1_back=[char("c", entered_turn=1, display="defense_right"), None, None, None])
    g = play(b, ["display:c"])
    assert values(g) == ["up:attack"]
    assert held(g) == {"up:defense_left": "los:5.3", "down:attack": "los:5.3", "down:defense_right": "los:5.3",
                       "down:defense_left": "los:5.3"}


@pytest.mark.parametrize("card, why", [
    (char("c", face_down=True), "裏側表示"),
    (char("c", entered_turn=5), "出た"),
    (char("c", flipped_turn=5), "表側表示になった"),
    (char("c", moved_turn=5), "1回まで"),
])
def test_los_5_4_moves_the_icons_point_to_are_withheld_with_the_reason(card, why):
    """5.4「各キャラクター1回まで」「裏側表示のキャラクターは移動することができません」「このターンキャラクターゾーンに
    出たキャラクターや裏側表示から表側表示になったキャラクターも移動することができません」"""
    g = play(board(phase="lead", p1_back=[card, None, None, None], p1_front=[None, char("f", lead=["down"]), None, None]), [])
    assert held(g) == {"move:c:forward": "los:5.4"} and why in g.pending.withheld_of("move:c:forward").reason


def test_los_5_4_a_taken_square_and_9_2_cannot_move_are_withheld():
    """5.4「すでにキャラクターがいるキャラクターゾーンに、別のキャラクターを移動することはできません」; 9.2."""
    b = board(phase="lead", p1_back=[char("c", lead=["up", "right"]), char("d", lead=["up"]), None, char("e")],
              p1_front=[char("f", lead=[]), None, None, None])
    b["players"]["p1"]["back"][1]["cannot"] = [{"action": "move", "until": "turn"}]
    g = play(b, [])
    assert values(g) == ["move:e:forward", "end"]
    assert held(g) == {"move:c:forward": "los:5.4", "move:c:right": "los:5.4", "move:d:forward": "los:9.2"}


def test_los_5_4_no_move_left_ends_the_phase_citing_why():
    """With every move withheld no decision is asked: the entry that ends the phase names the clauses."""
    g = play(board(phase="lead", p1_back=[char("c", entered_turn=5), None, None, None]), [])
    end = next(e for e in g.trace if e.kind == "end-lead")
    assert end.rule == "los:5.4" and "los:5.4" in end.clauses


def test_los_5_5_1_one_attack_each_and_8_13_4_two_for_double_attack():
    """5.5.1「アタックは…表側アタック表示のキャラクターが、それぞれ1回行うことができます」; 8.13.4「戦闘を2回まで」"""
    b = board(p1_front=[char("a", attack_turn=5, attacks=1), char("d", keywords=["2回攻撃"], attack_turn=5, attacks=2),
                        char("e", keywords=["2回攻撃"], attack_turn=5, attacks=1), None])
    g = play(b, [])
    assert held(g) == {"attack:a": "los:5.5.1", "attack:d": "los:8.13.4"} and values(g) == ["attack:e", "end"]


def test_los_3_3_2_3_3_3_5_5_1_i_9_2_who_may_not_attack():
    """3.3.2「この場所にあってアタック表示の場合、攻撃を行うことが可能」; 3.3.3「後衛のキャラクターカードは攻撃することが
    できません」; 5.5.1 I「自分の表側アタック表示のキャラクターを1枚選び」; 9.2."""
    b = board(p1_front=[char("def", display="defense_left"), char("fd", face_down=True),
                        char("no", cannot=[{"action": "attack", "until": "turn"}]), char("ok")],
              p1_back=[char("bk"), None, None, None])
    g = play(b, [])
    assert values(g) == ["attack:ok", "end"]
    assert held(g) == {"attack:def": "los:3.3.2", "attack:fd": "los:5.5.1.I", "attack:no": "los:9.2",
                       "attack:bk": "los:3.3.3"}


def test_los_8_1_1_a_waiting_forced_trigger_withholds_pass_flash_and_9_3_1_optional_triggers():
    """8.1.1「優先権を必ず使用して解決する必要があります」「エフェクト（フラッシュ）や誘発任意効果のプレイよりも優先して
    解決する必要があります」; 9.3.1「誘発強制効果」から解決する."""
    b = board(p1_front=[char("a"), None, None, None], p1_energy=ENERGY,
              p1_hand=[{"id": "f", "name": "F", "type": "effect", "flash": True, "cost": 1}])
    g = play(b, ["attack:a", "pass", {"adjust": {"op": "trigger", "target": "p1", "label": "A", "forced": True}},
                 {"adjust": {"op": "trigger", "target": "p1", "label": "B", "forced": False}}])
    assert values(g) == ["trigger-1"]
    assert held(g) == {"pass": "los:8.1.1", "f": "los:8.1.1", "trigger-2": "los:9.3.1", "other": "los:8.1.1"}


def test_los_7_1_the_non_turn_player_flashes_only_in_the_opponents_attack_phase():
    """7.1「自分のターンでも相手のアタックフェイズでも発動できるカードです」 (2.2.1「お互いのアタックフェイズでも」):
    in a 9.3 exchange of the opponent's main phase, the non-turn player's flash is withheld."""
    flash = {"id": "f", "name": "F", "type": "effect", "flash": True, "cost": 0}
    g = play(board(phase="main", p2_hand=[flash]), [{"adjust": {"op": "trigger", "target": "p2", "label": "X", "forced": False}}])
    assert g.pending.player == "p2" and held(g) == {"f": "los:7.1"} and "f" not in values(g)


def test_los_2_2_1_an_effect_that_is_not_a_flash_is_withheld_in_a_priority_exchange():
    """2.2.1「フラッシュと書かれたカードは、お互いのアタックフェイズでも使うことができます」: other effects only in one's
    main phase (2.2, 5.3)."""
    b = board(p1_front=[char("a"), None, None, None], p2_hand=[{"id": "x", "name": "X", "type": "effect", "cost": 0}])
    g = play(b, ["attack:a"])
    assert g.pending.player == "p2" and held(g) == {"x": "los:2.2.1"}


def test_los_2_5_1_a_flash_the_energies_cannot_pay_is_withheld():
    b = board(p1_front=[char("a"), None, None, None],
              p2_hand=[{"id": "f", "name": "F", "type": "effect", "flash": True, "cost": 2}], p2_energy=ENERGY)
    g = play(b, ["attack:a"])
    assert held(g) == {"f": "los:2.5.1"}


def test_los_a_withheld_answer_is_refused_by_its_clause_and_changes_nothing():
    b = board(p1_front=[char("a", attack_turn=5, attacks=1), char("b"), None, None])
    g = play(b, [])
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.answer(None, "attack:a")
    assert e.value.rule == "los:5.5.1" and e.value.field == "value"
    assert dump(g) == before


def test_los_withheld_lists_leave_the_options_as_they_were():
    """The options of a whole random game are those the engine offered before withheld lists existed: every option
    is allowed, and nothing withheld is also offered."""
    import random
    from judge_app.engine.policies import SeededRandom
    from tests.rulesets.los.boards import RULESET
    g = Game(RULESET, RULESET.new_game_board(random.Random(2)), 2)
    policy = SeededRandom(3)
    seen = 0
    while not g.finished:
        if g.pending:
            offered = {o.value for o in g.pending.options}
            assert not offered & {w.value for w in g.pending.withheld}
            seen += bool(g.pending.withheld)
            g.answer(g.pending.id, policy(g.pending))
        else:
            g.step("step")
    assert seen


def test_los_2_5_1_a_waiting_decision_withholds_what_an_adjustment_made_unpayable():
    """Decision.remake: the main phase asked again after the judge's adjustment — the energy is spent, so the card
    whose COST it paid is withheld by 2.5.1 and answering it is refused."""
    b = board(phase="main", p1_hand=[char("c", cost=1)], p1_energy=ENERGY, p1_energy_placed_turn=5)
    g = play(b, [])
    assert "character:c" in values(g)
    g.adjust({"op": "pay_energy", "target": "p1", "value": 1})
    assert held(g)["character:c"] == "los:2.5.1" and "character:c" not in values(g)
    with pytest.raises(Refused) as e:
        g.answer(None, "character:c")
    assert e.value.rule == "los:2.5.1"


def test_los_8_1_1_a_forced_trigger_of_the_waiting_player_withholds_pass_at_once():
    """8.1.1「優先権を必ず使用して解決する必要があります」: the trigger the judge records for the player whose priority
    waits makes pass withheld in that same decision."""
    g = play(board(p1_front=[char("a"), None, None, None]), ["attack:a"])
    assert g.pending.player == "p2" and "pass" in values(g)
    g.adjust({"op": "trigger", "target": "p2", "label": "T", "forced": True})
    assert values(g) == ["trigger-1"] and held(g)["pass"] == "los:8.1.1"
