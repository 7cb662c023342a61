"""Issue 28 for opcg: card effects the judge enters are held to the rules: rule processing at once between parts
(9-1-2), activation costs in full (8-3-1-3), as much as possible (1-3-2), each player in order (1-3-11), keyword
limits (10-2-13), and every zone move the rules name as an op with its clause."""
import pytest

from judge_app.engine.citations import prose_only
from tests.rulesets.effect_bodies import refused
from tests.rulesets.opcg.helpers import board, char, play


def at_main(**kw):
    return play(board(**kw))


def effect(g, parts, cost=(), **kw):
    return g.adjust({"op": "effect", "parts": list(parts), **({"cost": list(cost)} if cost else {}), **kw})


def test_opcg_1_3_11_and_9_1_2_both_players_draw_turn_player_first_and_the_game_ends_part_way():
    """1-3-11 「ターンプレイヤーからその行動を行い、次に非ターンプレイヤーがその行動を行います」; 9-1-2 「ルール処理は他の
    行動の実行中であっても、それが発生した時点で即座に解決を行います」: p1 draws the last card, loses, p2 never draws."""
    g = at_main(p1={"deck_count": 1}, p2={"deck_count": 1})
    effect(g, [{"op": "draw", "target": "both", "value": 1}])
    assert g.state.winner == "p2" and len(g.state.get("players.p2.deck")) == 1 and g.pending is None
    assert [e.rule for e in g.trace[-3:]] == ["opcg:1-3-8", "opcg:4-5-3", "opcg:9-2-1-2"]  # one defeat entry
    assert "opcg:1-3-11" in g.trace[-2].cites
    assert refused(g, {"op": "draw", "target": "p2", "value": 1}) == "opcg:9-2-1-2"


def test_opcg_8_3_1_3_a_cost_not_payable_in_full_is_not_paid_at_all():
    """8-3-1-3 「発動コストのうち一部または全部を支払うことが不可能である場合、この効果を発動するための発動コストは
    まったく支払うことはできません」: the character is not rested, no DON!! goes back, nothing is drawn."""
    g = at_main(p1={"characters": [char("c", 3000)], "cost_area": {"active": 1, "rested": 0}})
    rule = refused(g, {"op": "effect", "source": "c", "cost": [{"op": "rest", "target": "c"},
                                                                {"op": "don_minus", "target": "p1", "value": 2}],
                       "parts": [{"op": "draw", "target": "p1", "value": 2}]})
    assert rule == "opcg:8-3-1-3"


def test_opcg_8_3_1_3_resting_a_rested_card_as_a_cost_is_refused():
    """8-3-1-3 with 1-3-2-1 「すでにある状態にあるものを改めてその状態にするよう求められた場合…その行為自体が行われません」:
    a cost 「このキャラをレストにする」 on a rested character cannot be paid."""
    g = at_main(p1={"characters": [char("c", 3000, rested=True)]})
    assert refused(g, {"op": "effect", "source": "c", "cost": [{"op": "rest", "target": "c"}],
                       "parts": [{"op": "draw", "target": "p1", "value": 1}]}) == "opcg:8-3-1-3"


def test_opcg_1_3_2_as_much_as_possible_is_done_and_cited_then_the_next_part():
    """1-3-2 「その一部のみ実行不可能な場合、可能な限りその行動を行います」: 1 of 2 DON!! added, then the draw."""
    g = at_main(p1={"don_deck": 1, "cost_area": {"active": 5, "rested": 4}})
    effect(g, [{"op": "don_add", "target": "p1", "value": 2}, {"op": "draw", "target": "p1", "value": 1}])
    add = next(e for e in g.trace if e.rule == "opcg:3-9-3")
    assert add.cites == ("opcg:1-3-2",) and not prose_only(add)
    assert g.state.get("players.p1.cost_area") == {"active": 6, "rested": 4}
    assert g.trace[-1].rule == "opcg:4-5-3" and g.trace[-1].group == g.trace[-3].seq


def test_opcg_10_2_13_3_a_second_use_of_turn_once_is_refused_per_card():
    """10-2-13-3 「【ターン1回】の効果が1度解決された後は…効果を発動することができません。また…発動コストを支払うこと
    もできません」; 10-2-13-2 each card once; 10-2-13-4 a card that left the field is another card."""
    g = at_main(p1={"characters": [char("c1", 3000), char("c2", 3000)], "hand": [char("back", 1000)]})
    use = {"op": "effect", "keyword": "ターン1回", "cost": [{"op": "don_minus", "target": "p1", "value": 1}],
           "parts": [{"op": "power", "target": "c1", "value": 2000, "duration": "turn"}]}
    g.adjust({**use, "source": "c1"})
    assert "opcg:10-2-13-1" in g.trace[-2].cites or "opcg:10-2-13-1" in g.trace[-3].cites
    assert refused(g, {**use, "source": "c1"}) == "opcg:10-2-13-3"
    g.adjust({**use, "source": "c2"})
    assert g.state.get("players.p1.cost_area.active") == 3
    g.adjust({"op": "return_to_hand", "target": "c1"})
    g.adjust({"op": "appear", "target": "c1"})
    g.adjust({**use, "source": "c1"})  # a new card (3-1-6)


@pytest.mark.parametrize("keyword,rule", [("カウンター", "opcg:10-2-4-1"), ("自分のターン終了時", "opcg:10-2-7-1"),
                                          ("ブロック時", "opcg:10-2-15-1"), ("相手のターン中", "opcg:10-2-12-1")])
def test_opcg_8_4_1_1_a_keyword_effect_outside_its_timing_is_refused(keyword, rule):
    """8-4-1-1 「条件を満たしていない限り発動ができません」: e.g. 10-2-4-1 【カウンター】 「相手のカウンター・ステップに
    のみ」, 10-2-7-1 【自分のターン終了時】 「自分のターンのエンドフェイズに」."""
    g = at_main(p1={"characters": [char("c", 3000)]})
    assert refused(g, {"op": "effect", "source": "c", "keyword": keyword,
                       "parts": [{"op": "draw", "target": "p1", "value": 1}]}) == rule


def test_opcg_10_2_9_1_don_condition():
    """10-2-9-1 【ドン!!×○】 「○の数字以上の枚数のドン!!カードがこのカードに付与されることで条件が満たす」"""
    g = at_main(p1={"characters": [char("c", 3000, don=1)]})
    body = {"op": "effect", "source": "c", "keyword": "ドン!!×2", "parts": [{"op": "draw", "target": "p1", "value": 1}]}
    assert refused(g, body) == "opcg:10-2-9-1"
    g.adjust({"op": "don_attach", "target": "c", "value": 1})
    g.adjust(body)
    assert len(g.state.get("players.p1.hand")) == 1


def test_opcg_3_10_2_life_to_trash_takes_the_top_and_is_no_defeat():
    """3-10-2 「ライフのカードが領域を移動する場合、特に指示がない限り、ライフの上のカードを選択します」; a life of 0 is
    no defeat (1-2-1-1-1 needs damage), and 【トリガー】 needs damage (10-1-5-1)."""
    g = at_main(p2={"life_count": 2})
    top = g.state.get("players.p2.life")[0]["id"]
    g.adjust({"op": "life_to_trash", "target": "p2", "value": 3})
    assert g.state.get("players.p2.life") == [] and g.state.get("players.p2.trash")[0]["id"] == top
    assert not g.state.finished and g.trace[-1].cites == ("opcg:10-1-5-1", "opcg:1-2-1-1-1", "opcg:1-3-2")


def test_opcg_3_2_3_deck_to_trash_one_at_a_time_and_the_empty_deck_loses_at_once():
    """3-2-3 「デッキのカードが複数枚同時に移動する場合、1枚ずつ移動を実行します」; 9-2-1-2 at once."""
    g = at_main(p2={"deck_count": 2})
    g.adjust({"op": "deck_to_trash", "target": "p2", "value": 2})
    assert g.state.winner == "p1" and g.trace[-1].rule == "opcg:9-2-1-2"


def test_opcg_6_5_5_4_return_to_hand_puts_attached_don_rested_and_is_no_ko():
    """6-5-5-4 「そのカードに付与されているドン!!カードすべては、コストエリアにレストで置かれます」; 3-1-6 a new card."""
    g = at_main(p2={"characters": [char("x", 3000, don=2)], "cost_area": {"active": 3, "rested": 0}})
    g.adjust({"op": "return_to_hand", "target": "x"})
    assert g.state.get("players.p2.cost_area") == {"active": 3, "rested": 2}
    assert g.state.get("players.p2.hand")[-1] == {k: v for k, v in char("x", 3000).items()}
    assert g.trace[-1].rule == "opcg:3-1-6" and g.trace[-1].cites == ("opcg:6-5-5-4",)


def test_opcg_3_7_3_appear_by_effect_pays_no_cost_and_3_7_6_1_needs_a_character_to_trash():
    """3-7-3 「キャラクターエリアにキャラクターカードを置くことを「登場」と呼びます」; 3-7-6-1 with five characters."""
    five = [char(f"c{i}", 1000) for i in range(5)]
    g = at_main(p1={"characters": five, "trash": [char("t", 4000)]})
    with pytest.raises(Exception) as e:
        g.adjust({"op": "appear", "target": "t"})
    assert getattr(e.value, "field", None) == "replace"
    g.adjust({"op": "appear", "target": "t", "replace": "c0"})
    assert [c["id"] for c in g.state.get("players.p1.characters")][-1] == "t"
    assert g.state.get("players.p1.cost_area.active") == 5 and "opcg:3-7-6-1" in g.trace[-1].cites


def test_opcg_8_3_1_5_don_rest_as_a_cost():
    """8-3-1-5 「①」 「自分のコストエリアのアクティブのドン!!カードを選び、レストにすること」: 3 of 2 cannot be paid."""
    g = at_main(p1={"cost_area": {"active": 2, "rested": 0}})
    assert refused(g, {"op": "effect", "cost": [{"op": "don_rest", "target": "p1", "value": 3}],
                       "parts": [{"op": "draw", "target": "p1", "value": 1}]}) == "opcg:8-3-1-3"
    effect(g, [{"op": "draw", "target": "p1", "value": 1}], cost=[{"op": "don_rest", "target": "p1", "value": 2}])
    assert g.state.get("players.p1.cost_area") == {"active": 0, "rested": 2}
