"""開運コロシウム 多人数制 (rules_corpus/kaiun-multi.txt): 親 and 子, leaving players, inherited clauses."""
import random

import pytest

from judge_app.engine import BoardError, Game, get_ruleset
from judge_app.engine.fuzz import fuzz
from tests.rulesets.kaiun.boards import card, game, messages, player, rules, run_to_decision

MULTI = get_ruleset("kaiun-multi")


def multi(players, phase="battle", parent="p1", **top):
    return game(players, phase=phase, game_key="kaiun-multi", parent=parent, **top)


def test_kaiun_multi_7_1_parent_battles_every_child_clockwise_from_its_left():
    """7-1: 親は、親の左隣から時計回りにすべての子とバトルを行います。"""
    g = run_to_decision(multi({p: player(card(p + "c")) for p in ("p1", "p2", "p3", "p4")}, parent="p3"))
    order = [e.message.split("子 ")[1].split(" ")[0] for e in g.trace
             if e.kind == "timing" and e.rule in ("kaiun-multi:7-3-1", "kaiun:10-1-1-2")]
    assert order == ["p4", "p1", "p2"]


def test_kaiun_multi_6_3_1_parent_sets_first():
    """6-3-1: セットフェイズは親から行い、親の行動が終了した後に子が行います。"""
    g = run_to_decision(multi({p: player(hand=[card(p + "h")]) for p in ("p1", "p2", "p3")}, phase="set", parent="p2"))
    assert g.pending.player == "p2" and g.pending.rule == "kaiun-multi:6-3-1-1"
    g.answer(None, "p2h")
    g.step("step")
    assert g.trace[-1].rule == "kaiun-multi:6-3-1-1"  # the 親 places before any 子 chooses
    run_to_decision(g)
    assert g.pending.player == "p3" and g.pending.rule == "kaiun-multi:6-3-1-3"


def test_kaiun_multi_7_3_6_2_1_defeated_parent_finishes_its_battles_then_leaves():
    """7-3-6-2-1: 親が敗北した場合、7-4までは行い、すべての子とバトルを終えた後にゲームから離脱します。"""
    g = run_to_decision(multi({"p1": player(card("a", "グー", kachi=5, aiko_make=1), barrier=0),
                               "p2": player(card("b", "パー", kachi=6)),
                               "p3": player(card("c", "チョキ", aiko_make=0))}))
    assert "親 p1 と子 p3 のバトル" in messages(g)
    i_leave = rules(g).index("kaiun-multi:7-3-6-2-1")
    assert rules(g)[i_leave - 1] == "kaiun-multi:7-4"
    assert g.state.data["players"]["p1"]["left"] and g.state.data["parent"] == "p2"


def test_kaiun_multi_6_6_4_parent_stays_and_6_6_3_only_children_cards_are_trashed():
    """6-6-3: 子の、「6-5. バトルフェイズ」でバトルに敗北または引き分けになったカードはトラッシュに移動します。
    6-6-4: 親はバトルの勝敗に関わらず、バトルエリアに表側で残ります。"""
    g = run_to_decision(multi({"p1": player(card("a", "パー", aiko_make=0)),
                               "p2": player(card("b", "チョキ", kachi=5)),
                               "p3": player(card("c", "チョキ", kachi=5))}))
    players = g.state.data["players"]
    assert players["p1"]["battle_area"][0]["id"] == "a"
    assert players["p2"]["battle_area"][0]["id"] == "b"


def test_kaiun_multi_6_6_7_next_parent_is_the_left_neighbour_still_playing():
    """6-6-7: このターンが終了し、親の左隣のプレイヤーが次のターンの親となり…"""
    g = run_to_decision(multi({"p1": player(card("a")), "p2": player(card("b"), lost=True, left=True),
                               "p3": player(card("c")), "p4": player(card("d"))}))
    assert g.state.data["parent"] == "p3"


def test_kaiun_multi_11_4_2_opponent_of_the_parent_is_every_child():
    """11-4-2: 発動したプレイヤーが親ならば「相手」はすべての子を指定し、発動したプレイヤーが子ならば「相手」は親を指定します。"""
    g = multi({p: player(card(p + "c")) for p in ("p1", "p2", "p3")})
    g.adjust({"op": "unchi", "target": "相手:p1", "value": 1})
    g.adjust({"op": "unchi", "target": "相手:p3", "value": 2})
    mods = {p: pl["unchi_mod"]["kachi"] for p, pl in g.state.data["players"].items()}
    assert mods == {"p1": 2, "p2": 1, "p3": 1}


def test_kaiun_multi_1_2_4_concede_leaves_or_ends_per_option():
    """1-2-4: 投了を宣言したプレイヤーは次の処理を待たずゲームから敗北し、ゲームは終了します。
    1-2-1: 1 人以外のすべてのプレイヤーが敗北した場合、ゲームが終了します。"""
    players = {p: player(card(p + "c")) for p in ("p1", "p2", "p3")}
    g = multi(players)
    g.adjust({"op": "concede", "target": "p2"})
    assert not g.finished and g.state.data["players"]["p2"]["left"]
    g.adjust({"op": "concede", "target": "p3"})
    assert g.state.winner == "p1"
    g = multi(players, options={"concede": "end_game"})
    g.adjust({"op": "concede", "target": "p2"})
    assert g.finished and g.state.winner is None


def test_kaiun_multi_board_in_progress_needs_a_parent_still_playing():
    with pytest.raises(BoardError) as e:
        multi({p: player(card(p + "c")) for p in ("p1", "p2", "p3")}, parent=None)
    assert e.value.field == "board.parent"
    with pytest.raises(BoardError) as e:
        multi({"p1": player(card("a")), "p2": player(card("b"))})
    assert e.value.field == "board.players"


INHERITED = ("1-3", "2-", "3-", "4-", "5-1", "8-", "9-", "10-", "11-1", "11-2", "11-3")


def test_kaiun_multi_cites_inherited_sections_by_their_kaiun_ids():
    """Sections the multiplayer book leaves to 「開運コロシウム 総合ルールを参照」 are cited as kaiun:…;
    the ones it prints itself as kaiun-multi:…."""
    result = fuzz(MULTI, games=4, seed=7)
    assert result["finished"] == 4
    for rule in result["cited"]:
        doc, number = rule.split(":")
        inherited = number.startswith(INHERITED)
        assert (doc == "kaiun") == inherited, rule


def test_kaiun_multi_fresh_game_has_three_to_five_players():
    sizes = {len(MULTI.new_game_board(random.Random(s))["players"]) for s in range(40)}
    assert sizes == {3, 4, 5}
    Game(MULTI, MULTI.new_game_board(random.Random(1)), 1)


def test_kaiun_multi_11_4_1_reveal_shows_every_player():
    """11-4-1: 「公開する」処理や効果の場合、すべてのプレイヤーに公開します。"""
    from judge_app.engine.hidden import seen_by
    g = multi({p: player(card(p + "c"), hand=[card(p + "h")]) for p in ("p1", "p2", "p3")}, phase="open")
    g.adjust({"op": "effect", "source": "p1c", "label": "手札を公開する",
              "parts": [{"op": "reveal", "target": "p1", "zone": "hand", "cards": ["p1h"]}]})
    assert g.trace[-2].rule == "kaiun-multi:11-4-1" and "kaiun:11-1-2" in g.trace[-2].cites
    assert g.trace[-1].rule == "kaiun:11-1-2" and "kaiun-multi:11-4-1" in g.trace[-1].cites   # hidden again at the end
    assert seen_by(g.state, "p1h") == ["p1", "p2", "p3"]


def test_kaiun_multi_4_4_3_every_opponent_discards_at_random():
    """「相手全員の手札をランダムに1枚捨てる」: the 親's 相手 is every 子 (11-4-2); the cards come from the seed (4-4-3)."""
    g = multi({p: player(card(p + "c"), hand=[card(p + "h1"), card(p + "h2")]) for p in ("p1", "p2", "p3")},
              phase="open")
    g.adjust({"op": "discard_random", "target": "相手:p1", "value": 1})
    assert g.trace[-1].rule == "kaiun:4-4-3" and "kaiun-multi:11-4-2" in g.trace[-1].cites
    assert [len(g.state.data["players"][p]["hand"]) for p in ("p1", "p2", "p3")] == [2, 1, 1]
    entry = g.attempt({"try": {"adjust": {"op": "discard_random", "target": "相手:p1", "value": "p2h1"}}})
    assert entry.kind == "refused" and entry.rule == "kaiun:4-4-3"
