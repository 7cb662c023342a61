"""A 【トリガー】 revealed by damage an effect deals (4-6-2, 4-6-3) is activated as one from battle damage
(7-1-4-1-1-2, 8-6-2-1, 10-1-5-1): the damaged player decides, and the card goes where the trigger's effect or the
table's option puts it; declined, the card goes to the hand unrevealed (10-1-5-2)."""
from judge_app.engine.opcg.cards import locate
from tests.rulesets.opcg.helpers import board, char, event, play

TRIGGER_CHAR = char("t", 4000, keywords=["トリガー"])


def damaged(p2, options=None, *answers):
    g = play(board(p2={"life_count": 1, **p2}, **({"options": options} if options else {})))
    g.adjust({"op": "effect", "player": "p1", "label": "効果", "parts": [{"op": "damage", "target": "p2", "value": 1}]})
    for a in answers:
        assert g.pending is not None and g.pending.player == "p2", g.trace[-1].message
        g.answer(g.pending.id, a)
    return g


def test_opcg_10_1_5_1_a_character_trigger_from_effect_damage_is_played_as_from_battle():
    g = damaged({"life": [TRIGGER_CHAR]}, None, "activate", "play")
    assert g.pending is None or g.pending.kind != "effect_choice"
    where = locate(g.state, "t")
    assert where[1] == "characters" and where[2]["played_this_turn"] is True and where[2]["rested"] is False
    entry = next(e for e in reversed(g.trace) if e.kind == "damage")
    assert {"opcg:10-1-5-1", "opcg:8-6-2-1", "opcg:4-6-3"} <= set(entry.cites) and "登場" in entry.message
    assert len(g.state.get("players.p2.life")) == 1   # the filler card under it stays


def test_opcg_3_7_6_1_a_trigger_played_onto_five_characters_asks_which_one_leaves():
    five = [char(f"k{i}", 1000) for i in range(5)]
    g = damaged({"life": [TRIGGER_CHAR], "characters": five}, None, "activate", "play")
    assert g.pending.rule == "opcg:3-7-6-1" and {o.value for o in g.pending.options} == {f"k{i}" for i in range(5)}
    g.answer(g.pending.id, "k2")
    ids = [c["id"] for c in g.state.get("players.p2.characters")]
    assert "t" in ids and "k2" not in ids and locate(g.state, "k2")[1] == "trash"


def test_opcg_10_1_5_2_a_declined_trigger_goes_to_the_hand_unrevealed():
    g = damaged({"life": [TRIGGER_CHAR]}, None, "hand")
    assert locate(g.state, "t")[1] == "hand" and "10-1-5-2" in g.trace[-1].message


def test_opcg_10_1_5_1_an_event_trigger_goes_to_the_trash_with_no_second_question():
    g = damaged({"life": [event("e", 1, ["トリガー"])]}, None, "activate")
    assert locate(g.state, "e")[1] == "trash"


def test_opcg_10_1_5_1_the_tables_option_lets_the_owner_put_it_in_the_hand():
    g = damaged({"life": [event("e", 1, ["トリガー"])]}, {"trigger_card_destination": "ask"}, "activate")
    assert g.pending.rule == "opcg:10-1-5-1" and {o.value for o in g.pending.options} == {"trash", "hand"}
    g.answer(g.pending.id, "hand")
    assert locate(g.state, "e")[1] == "hand"


def test_opcg_3_8_5_1_a_stage_trigger_from_effect_damage_replaces_the_stage():
    new = {"id": "s2", "name": "新しいステージ", "category": "ステージ", "cost": 1, "colors": ["赤"], "keywords": ["トリガー"]}
    old = {"id": "s1", "name": "古いステージ", "category": "ステージ", "cost": 1, "colors": ["赤"], "keywords": []}
    g = damaged({"life": [new], "stage": old}, None, "activate", "play")
    assert g.state.get("players.p2.stage")["id"] == "s2" and locate(g.state, "s1")[1] == "trash"
    entry = next(e for e in reversed(g.trace) if e.kind == "damage")
    assert "古いステージ" in entry.message and "ステージエリアに登場" in entry.message
