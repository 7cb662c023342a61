"""Issue 28 for los: a card's effect entered by the judge is held to the rulebook — its energy cost paid in full
(2.5.1), one effect per turn of priority (5.5.1 II/III, 9.3), the game decided at once (4), targets (9.6), and every
zone move the rules name as an op with its clause."""
import json

import pytest

from judge_app.engine import AdjustmentError, Game, Refused

from tests.rulesets.los.boards import RULESET, board, char, play


def dump(g) -> str:
    return json.dumps([g.state.data, [e.to_json() for e in g.trace], g.answers], sort_keys=True)


def main(**squares) -> Game:
    g = Game(RULESET, board(phase="main", **squares), 0)
    g.step("decision")
    return g


def test_los_the_effect_clauses_are_the_rulebooks():
    assert (RULESET.effect_rule, RULESET.cost_rule, RULESET.as_much_as_possible_rule, RULESET.each_player_rule,
            RULESET.game_over_rule) == ("los:8.1", "los:2.5.1", "los:8.1", "los:4", "los:4")


def test_los_8_1_an_effect_is_one_group_under_its_source_card():
    """8.1「キャラクター・エフェクト・サポートに記載されているテキストを効果と呼びます」"""
    g = main(p1_support=[{"id": "s", "name": "星の祭壇", "type": "support"}], p1_front=[char("a"), None, None, None])
    n = len(g.trace)
    g.adjust({"op": "effect", "source": "s", "label": "ATK+200", "parts": [{"op": "atk", "target": "a", "value": 200,
                                                                           "duration": "turn"}]})
    new = g.trace[n:]
    assert [e.rule for e in new] == ["los:8.1", "los:8.9"] and {e.group for e in new} == {new[0].seq}
    assert "星の祭壇" in new[0].message and new[0].player == "p1"


def test_los_2_5_1_a_cost_not_paid_in_full_refuses_the_effect_and_changes_nothing():
    """2.5.1「その数字と同じ数のエネルギーを…ゲイン表示にして払うことで…使うことができます」"""
    g = main(p1_energy=[{"id": "e1", "name": "E"}], p1_front=[char("a"), None, None, None])
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "cost": [{"op": "destroy", "target": "a"}, {"op": "pay_energy", "target": "p1", "value": 2}],
                  "parts": [{"op": "draw", "target": "p1", "value": 2}]})
    assert e.value.rule == "los:2.5.1" and e.value.field.endswith("value")
    assert dump(g) == before


def test_los_2_5_1_a_plain_payment_is_in_full_too():
    g = main(p1_energy=[{"id": "e1", "name": "E"}])
    with pytest.raises(Refused) as e:
        g.adjust({"op": "pay_energy", "target": "p1", "value": 2})
    assert e.value.rule == "los:2.5.1"
    g.adjust({"op": "pay_energy", "target": "p1", "value": 1})
    assert g.state.get("players.p1.energy.0.gained") is True


def test_los_8_1_an_effect_part_done_as_far_as_the_table_allows_cites_it():
    """The book has no 「可能な限り」 clause: 「エネルギーを2枚ゲインする」 with one regained energy turns that one and
    cites 8.1 (the effect is its text, done as far as the table allows)."""
    g = main(p2_energy=[{"id": "e1", "name": "E"}, {"id": "e2", "name": "E", "gained": True}])
    g.adjust({"op": "effect", "parts": [{"op": "gain", "target": "p2", "value": 2}]})
    assert g.trace[-1].rule == "los:6.6" and "los:8.1" in g.trace[-1].cites
    assert [c.get("gained") for c in g.state.get("players.p2.energy")] == [True, True]


def test_los_4_damage_to_both_players_at_once_ends_the_game_and_the_rest_is_not_done():
    """4「同時にお互いのライフがゼロになった場合、引き分けとなります」; the effect's next part (8.6) is not done."""
    g = main(p1_life=500, p2_life=500)
    g.adjust({"op": "effect", "parts": [{"op": "damage", "target": "both", "value": 500},
                                        {"op": "recover", "target": "p1", "value": 1000}]})
    assert g.state.winner == "draw" and g.state.get("players.p1.life") == 0
    assert [e.rule for e in g.trace[-2:]] == ["los:4", "los:4"] and "残り" in g.trace[-1].message
    with pytest.raises(Refused) as e:
        g.adjust({"op": "recover", "target": "p2", "value": 1})
    assert e.value.rule == "los:4"


def test_los_4_both_players_draw_at_once_and_both_unable_is_a_draw():
    """8.5 + 4: お互いのプレイヤーが引く — at once (the book gives no order); a player who cannot draw loses, both
    together is 引き分け. Drawing the last card is no defeat (「カードを引くことができなかった場合」)."""
    g = main(p1_deck_count=1, p2_deck_count=1)
    g.adjust({"op": "effect", "parts": [{"op": "draw", "target": "both", "value": 1}]})
    assert not g.finished and g.state.get("players.p1.deck") == [] and len(g.state.get("players.p2.hand")) == 1
    g.adjust({"op": "effect", "parts": [{"op": "draw", "target": "both", "value": 1}]})
    assert g.state.winner == "draw" and g.trace[-1].rule == "los:4" and "los:8.5" in g.trace[-1].cites


def test_los_4_one_player_unable_to_draw_loses_and_the_cards_drawn_stay():
    g = main(p1_deck_count=2, p2_deck_count=5)
    g.adjust({"op": "effect", "parts": [{"op": "draw", "target": "p1", "value": 3}, {"op": "recover", "target": "p1", "value": 5}]})
    assert g.state.winner == "p2" and len(g.state.get("players.p1.hand")) == 2 and g.state.get("players.p1.life") == 3000


def test_los_2_5_1_a_draw_as_cost_beyond_the_deck_cannot_be_paid():
    g = main(p1_deck_count=1)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "cost": [{"op": "draw", "target": "p1", "value": 2}], "parts": [{"op": "recover", "target": "p1", "value": 1}]})
    assert e.value.rule == "los:2.5.1" and not g.finished


def battle_with_priority():
    b = board(p1_front=[None, char("a1", atk=500), None, None],
              p2_front=[None, None, char("b1", atk=200), None],
              p2_support=[{"id": "s1", "name": "守りの陣", "type": "support"}],
              p2_hand=[{"id": "f1", "name": "足払い", "type": "effect", "flash": True, "cost": 0, "speed": 2}])
    return play(b, ["attack:a1"])


def test_los_5_5_1_ii_one_effect_in_a_turn_of_priority():
    """5.5.1 II「この時発動できる効果は1つまでです」: after the flash, the support's effect is refused by II; the flash's
    own effect (same source) goes through; at p2's next turn of priority the support may be used."""
    g = battle_with_priority()
    g.answer(None, "f1")
    g.adjust({"op": "effect", "source": "f1", "parts": [{"op": "atk", "target": "a1", "value": -300, "duration": "battle"}]})
    before = dump(g)
    body = {"op": "effect", "source": "s1", "parts": [{"op": "atk", "target": "b1", "value": 300, "duration": "battle"}]}
    with pytest.raises(Refused) as e:
        g.adjust(body)
    assert e.value.rule == "los:5.5.1.II" and e.value.field == "source" and dump(g) == before
    g.step("decision")
    g.answer(None, "pass")          # p1 (III)
    g.step("decision")
    g.answer(None, "other")         # p2's next turn of priority
    g.adjust(body)
    assert g.trace[-1].rule == "los:8.9"


def test_los_9_3_one_effect_each_in_an_exchange_of_triggers():
    """9.3「相手は一つ効果を選択し発動します。その後、自分は一つ効果を選択し発動します」"""
    b = board(phase="main", p2_support=[{"id": "s1", "name": "S1", "type": "support"}, {"id": "s2", "name": "S2", "type": "support"}],
              p1_front=[char("a"), None, None, None])
    g = play(b, [{"adjust": {"op": "trigger", "target": "p2", "label": "X", "forced": False}}, "trigger-1"])
    g.adjust({"op": "effect", "source": "s1", "parts": [{"op": "atk", "target": "a", "value": -100, "duration": "turn"}]})
    with pytest.raises(Refused) as e:
        g.adjust({"op": "effect", "source": "s2", "parts": [{"op": "atk", "target": "a", "value": -100, "duration": "turn"}]})
    assert e.value.rule == "los:9.3"


def test_los_8_13_an_effect_named_by_its_keyword_cites_the_keyword_and_has_no_use_limit():
    """8.13 defines 上空, スピード耐性, エネルギー耐性, 2回攻撃, 毒呪: none of them carries a use limit."""
    g = main(p1_front=[char("a"), None, None, None])
    body = {"op": "effect", "keyword": "毒呪", "source": "a", "parts": [{"op": "atk", "target": "a", "value": 1, "duration": "turn"}]}
    g.adjust(body)
    g.adjust(body)
    assert "los:8.13.5" in g.trace[-2].cites


def test_los_8_13_2_the_source_cards_speed_reaches_the_parts():
    """8.13.2「記載された数字以下のスピードを持つ相手のカードの効果を受けない」: the part takes the effect's source card."""
    g = main(p1_hand=[{"id": "f", "name": "F", "type": "effect", "speed": 2}],
             p2_front=[char("t", keywords=["スピード耐性:3"]), None, None, None])
    g.adjust({"op": "effect", "source": "f", "parts": [{"op": "atk", "target": "t", "value": -300, "duration": "turn"}]})
    assert g.trace[-1].rule == "los:8.13.2" and "mods" not in g.state.get("players.p2.front.0")


def test_los_9_6_a_chosen_target_gone_from_the_zone_cannot_be_resolved():
    """9.6「対象に選ばれたカードが指定された場所にいない場合、解決することはできません」"""
    g = main(p2_trash=[char("t")])
    with pytest.raises(Refused) as e:
        g.adjust({"op": "destroy", "target": "t", "targeted": True})
    assert e.value.rule == "los:9.6"


def test_los_9_6_1_a_condition_on_the_face_cannot_choose_a_face_down_character():
    """9.6.1「キャラクターの表側の情報を参照する条件がある場合、表側表示のキャラクターを対象にとることができます」"""
    g = main(p2_front=[char("t", face_down=True), None, None, None])
    with pytest.raises(Refused) as e:
        g.adjust({"op": "atk", "target": "t", "value": -100, "duration": "turn", "targeted": True, "face_condition": True})
    assert e.value.rule == "los:9.6.1" and g.state.get("players.p2.front.0.face_down") is True


def test_los_9_6_2_a_chosen_face_down_character_is_turned_up_first_citing_the_steps():
    """9.6「選ばれた裏側表示のキャラクターは表にしてから効果を解決します」; 9.6.2 1.–5.; 5.4 it may not move this turn."""
    g = main(p2_front=[char("t", face_down=True), None, None, None])
    e = g.adjust({"op": "atk", "target": "t", "value": -100, "duration": "turn", "targeted": True})
    assert e.rule == "los:8.9" and e.cites[:4] == ("los:9.6", "los:9.6.2", "los:9.6.2.s1", "los:9.6.2.s2")
    assert "los:9.6.2.s5" in e.cites and g.state.get("players.p2.front.0.flipped_turn") == 5


def test_los_9_6_1_a_group_is_not_chosen_face_down_characters_are_in_it_and_stay_down():
    """9.6.1「前衛の全てのキャラクターは～～」 — a condition that does not read the face: face-down characters too."""
    g = main(p2_front=[char("t", face_down=True), char("u"), None, None], p2_back=[char("v"), None, None, None])
    e = g.adjust({"op": "atk", "target": "p2:front", "value": -100, "duration": "turn"})
    assert e.rule == "los:8.9" and e.cites[0] == "los:9.6.1"
    assert [len(g.state.get(f"players.p2.front.{i}.mods") or []) for i in (0, 1)] == [1, 1]
    assert g.state.get("players.p2.front.0.face_down") is True and "mods" not in g.state.get("players.p2.back.0")
    with pytest.raises(AdjustmentError):
        g.adjust({"op": "atk", "target": "front", "value": -100, "duration": "turn", "targeted": True})


def test_los_8_10_destroy_a_group_sends_each_to_the_trash_without_down_damage():
    """8.10「キャラクターが破壊された場合はトラッシュに移りますが、ダウン状態にはなりません」"""
    g = main(p1_front=[char("a"), None, None, None], p2_front=[char("b", display="defense_left"), None, None, None])
    g.adjust({"op": "destroy", "target": "defense"})
    assert g.state.get("players.p2.trash.0.id") == "b" and g.state.get("players.p1.front.0.id") == "a"
    assert g.state.get("players.p2.life") == 3000


@pytest.mark.parametrize("body, zone, rule", [
    ({"op": "discard", "target": "h"}, "trash", "los:8.10"),
    ({"op": "to_deck", "target": "h", "position": "bottom"}, "deck", "los:5.1"),
    ({"op": "to_deck", "target": "h", "position": "shuffle"}, "deck", "los:5.1.1.III"),
    ({"op": "put_energy", "target": "h"}, "energy", "los:3.4"),
    ({"op": "put_support", "target": "s"}, "support", "los:2.3"),
    ({"op": "enter", "target": "c", "lane": 2, "display": "attack"}, "back", "los:5.3"),
    ({"op": "enter", "target": "c", "lane": 2, "display": "attack", "row": "front"}, "front", "los:9.1"),
])
def test_los_every_zone_move_from_the_hand_is_an_op_with_its_clause(body, zone, rule):
    g = main(p1_hand=[{"id": "h", "name": "H", "type": "effect"}, {"id": "s", "name": "S", "type": "support"}, char("c")])
    e = g.adjust(body)
    assert e.rule == rule
    ids = [c["id"] for c in g.state.get(f"players.p1.{zone}") if c]
    assert body["target"] in ids and body["target"] not in [c["id"] for c in g.state.get("players.p1.hand")]


def test_los_2_3_1_a_second_field_by_effect_sends_the_older_to_the_trash():
    """2.3.1「「フィールド」を持つカードが複数置かれた場合、それまで置かれていたフィールドカードはトラッシュゾーンに置きます」"""
    g = main(p1_support=[{"id": "old", "name": "古", "type": "support", "field": True}],
             p1_hand=[{"id": "new", "name": "新", "type": "support", "field": True}])
    e = g.adjust({"op": "put_support", "target": "new"})
    assert e.rule == "los:2.3.1" and g.state.get("players.p1.trash.0.id") == "old"


def test_los_6_5_6_6_gain_and_regain_one_card():
    """6.5「このカードをリゲインする」 6.6「このカードをゲインする」"""
    g = main(p1_support=[{"id": "s", "name": "S", "type": "support"}])
    assert g.adjust({"op": "gain", "target": "s"}).rule == "los:6.6"
    assert g.state.get("players.p1.support.0.gained") is True
    assert g.adjust({"op": "regain", "target": "s"}).rule == "los:6.5"
    assert g.state.get("players.p1.support.0.gained") is False


def test_los_a_refused_part_in_the_middle_leaves_nothing_behind():
    g = main(p1_deck_count=5, p2_trash=[char("t")])
    before = dump(g)
    with pytest.raises(Refused):
        g.adjust({"op": "effect", "parts": [{"op": "draw", "target": "p1", "value": 2},
                                            {"op": "destroy", "target": "t", "targeted": True}]})
    assert dump(g) == before


def test_los_an_effect_replays_byte_for_byte():
    b = board(phase="main", p1_energy=[{"id": "e", "name": "E"}], p1_deck_count=5, p2_deck_count=5)
    g = Game(RULESET, b, 0)
    g.step("decision")
    g.adjust({"op": "effect", "cost": [{"op": "pay_energy", "target": "p1", "value": 1}],
              "parts": [{"op": "draw", "target": "both", "value": 1}]})
    again = Game.replay(RULESET, b, 0, g.answers)
    assert dump(again) == dump(g)


def test_los_5_1_no_card_effect_before_the_first_turn():
    """5.1「挨拶をして先攻プレイヤーからターンを開始します」: while preparing, no card is used; only 投了 is taken."""
    import random
    g = Game(RULESET, RULESET.new_game_board(random.Random(1)), 1)
    g.step("decision")
    before = dump(g)
    with pytest.raises(Refused) as e:
        g.adjust({"op": "draw", "target": "p1", "value": 1})
    assert e.value.rule == "los:5.1" and dump(g) == before
    with pytest.raises(AdjustmentError):
        g.adjust({"op": "nosuch"})
    g.adjust({"op": "concede", "target": "p1"})
    assert g.state.winner == "p2"


@pytest.mark.parametrize("body", [{"op": "atk", "target": "all", "value": 100, "duration": "turn"},
                                  {"op": "stat_set", "target": "all", "stat": "ATK", "value": 300, "duration": "turn"},
                                  {"op": "forbid", "target": "all", "action": "attack", "duration": "turn"},
                                  {"op": "destroy", "target": "all"}])
def test_los_9_5_all_as_a_group_target_is_every_character_not_every_player(body):
    """9.5「全てのキャラクターのATKは●●●になる」, 9.6.1「前衛の全てのキャラクターは～～」: `all` names every character of
    both players as one group (one entry), not each player in turn."""
    g = main(p1_front=[char("a"), None, None, None], p2_front=[None, char("b"), None, None],
             p2_back=[char("c"), None, None, None])
    n = len(g.trace)
    e = g.adjust(body)
    assert len(g.trace) == n + 1 and "全てのキャラクター" in e.message
    if body["op"] in ("atk", "stat_set"):
        assert all(f"「{cid}」ATK" in e.message for cid in ("a", "b", "c"))
        assert g.state.data["players"]["p2"]["back"][0]["mods"][0]["stat"] == "ATK"
    if body["op"] == "destroy":
        assert {c["id"] for pid in ("p1", "p2") for c in g.state.data["players"][pid]["trash"]} >= {"a", "b", "c"}
    with pytest.raises(AdjustmentError) as err:   # `both` names players; a character op refuses it
        g.adjust({**body, "target": "both"})
    assert err.value.field == "target"
