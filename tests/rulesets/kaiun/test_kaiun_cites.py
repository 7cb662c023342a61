"""Issue 13 items 1–9: each trace entry's `rule` is the clause that decided it, `cites` the clauses it relied on
(rules_corpus/kaiun.txt, rules_corpus/kaiun-multi.txt)."""
from judge_app.engine.citations import prose_only
from tests.rulesets.kaiun.boards import card, game, player, run_to_decision


def entries(g, rule):
    return [e for e in g.trace if e.rule == rule]


def multi(players, **top):
    return game(players, game_key="kaiun-multi", parent="p1", **top)


# 1 ----------------------------------------------------------------------------------------------------
def test_kaiun_2_2_3_decides_who_wins_the_janken_and_cites_7_1_1():
    """2-2-3: ジャンケンは下記の順で勝敗があります。《グー》>《チョキ》>《パー》>《グー》"""
    g = run_to_decision(game({"p1": player(card("a", "パー", kachi=5)), "p2": player(card("b", "グー"))}))
    (e,) = entries(g, "kaiun:2-2-3")
    assert e.kind == "janken" and e.cites == ("kaiun:7-1-1", "kaiun:7-1")
    assert "p1 がジャンケンに勝利します" in e.message and not prose_only(e)
    assert not entries(g, "kaiun:7-1-1")


def test_kaiun_2_2_4_same_janken_is_aiko():
    """2-2-4: お互いが同じジャンケンの場合、そのジャンケンはあいこになります。"""
    g = run_to_decision(game({"p1": player(card("a", "チョキ")), "p2": player(card("b", "チョキ"))}))
    (e,) = entries(g, "kaiun:2-2-4")
    assert "あいこ" in e.message and e.cites == ("kaiun:7-1-1", "kaiun:7-1")


def test_kaiun_multi_2_2_3_is_the_inherited_clause_beside_7_3_2():
    """kaiun-multi 7-3-2: ジャンケンを比べます。(ジャンケンの勝敗は 2-2-3 参照) — section 2 is kaiun's."""
    g = run_to_decision(multi({"p1": player(card("a", "グー")), "p2": player(card("b", "チョキ")),
                               "p3": player(card("c", "グー"))}))
    assert [e.cites for e in entries(g, "kaiun:2-2-3")] == [("kaiun-multi:7-3-2", "kaiun-multi:7-3")]
    assert [e.cites for e in entries(g, "kaiun:2-2-4")] == [("kaiun-multi:7-3-2", "kaiun-multi:7-3")]


# 2 ----------------------------------------------------------------------------------------------------
def test_kaiun_1_2_1_declares_the_winner_when_the_opponent_loses_at_zero_barrier():
    """1-2-1: 対戦相手が敗北し、自身が敗北していないプレイヤーがそのゲームに勝利します。
    The loss cites what it turned on: 9-1-2 (ルール処理は…即座に), 9-2-1, 1-2-2 and the exact defeat condition
    1-2-1-1-1 「自分のバリアが 0 枚の状況でバトルに敗北する」 as 1-2-2-1 restates it."""
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=5)), "p2": player(card("b", "チョキ"), barrier=0)}))
    lose, win = g.trace[-2], g.trace[-1]
    assert (lose.rule, lose.kind, lose.player) == ("kaiun:9-2-1-1", "lose", "p2")
    assert lose.cites == ("kaiun:9-1-2", "kaiun:9-2-1", "kaiun:1-2-2", "kaiun:1-2-1-1-1", "kaiun:1-2-2-1")
    assert (win.rule, win.kind, win.player) == ("kaiun:1-2-1", "win", "p1")
    assert g.state.winner == "p1"


# 3 ----------------------------------------------------------------------------------------------------
def test_kaiun_9_3_1_refresh_returns_the_trash_and_shuffles():
    """9-3-1: 「リフレッシュ」とは、自分のトラッシュにあるカードすべてをデッキに戻し、シャッフルを行う行為です。
    9-3-2: 自分のデッキのカードが 0 枚になった場合、…即座にリフレッシュを行います。"""
    g = run_to_decision(game({"p1": player(card("a", cost=2), deck=2, trash_count=4, battle_result="win"),
                              "p2": player(card("b"), battle_result="lose")}, phase="cost"))
    (e,) = entries(g, "kaiun:9-3-2")
    assert e.cites == ("kaiun:9-3-1", "kaiun:10-2-1-1") and e.kind == "refresh"
    after = g.trace[g.trace.index(e) + 1]
    assert after.rule == "kaiun:9-3-4"
    p1 = g.state.data["players"]["p1"]
    assert len(p1["trash"]) >= 1 and len(p1["barrier"]) == 2


# 4 ----------------------------------------------------------------------------------------------------
def test_kaiun_multi_7_1_parent_battles_each_child_clockwise_from_its_left():
    """7-1: 親は、親の左隣から時計回りにすべての子とバトルを行います。7-2: 7-3 をすべての子と1回ずつ…繰り返します。"""
    g = run_to_decision(game({"p1": player(card("a")), "p2": player(card("b")), "p3": player(card("c")),
                              "p4": player(card("d"))}, game_key="kaiun-multi", parent="p3"))
    (e,) = entries(g, "kaiun-multi:7-1")
    assert e.cites == ("kaiun-multi:7-2", "kaiun-multi:7-3") and "子 p4、p1、p2 の順" in e.message
    timings = [x for x in g.trace if x.kind == "timing" and x.rule in ("kaiun-multi:7-3-1", "kaiun:10-1-1-2")]
    fought = [x.message.split("のバトル")[0].strip() for x in timings]
    assert fought == ["親 p3 と子 p4", "親 p3 と子 p1", "親 p3 と子 p2"]


# 5 ----------------------------------------------------------------------------------------------------
def test_kaiun_multi_6_3_1_parent_sets_first_then_children():
    """6-3-1: セットフェイズは親から行い、親の行動が終了した後に子が行います。"""
    g = game({"p1": player(hand=[card("a1")], barrier=3), "p2": player(hand=[card("b1")]),
              "p3": player(hand=[card("c1")])}, phase="set", game_key="kaiun-multi", parent="p2")
    for _ in range(6):
        if g.finished or g.state.phase != "set":
            break
        g.step("decision")
        if g.pending:
            g.answer(g.pending.id, g.pending.options[0].value)
    sets = [e for e in g.trace if e.kind == "set" and e.turn == 3]
    assert [e.player for e in sets][:1] == ["p2"]
    assert all("kaiun-multi:6-3-1" in e.cites for e in sets)
    assert sets[0].rule == "kaiun-multi:6-3-1-1" and {e.rule for e in sets[1:]} == {"kaiun-multi:6-3-1-3"}


# 6 ----------------------------------------------------------------------------------------------------
def test_kaiun_multi_1_2_1_game_goes_on_while_two_remain():
    """1-2-1: 1 人以外のすべてのプレイヤーが敗北した場合、ゲームが終了します。— not before."""
    g = run_to_decision(multi({"p1": player(card("a", "グー", kachi=9)), "p2": player(card("b", "チョキ"), barrier=0),
                               "p3": player(card("c", "チョキ"), barrier=2)}))
    (e,) = [x for x in g.trace if x.kind == "lose"]
    assert e.rule == "kaiun:9-2-1-1" and "kaiun-multi:1-2-1" in e.cites and "ゲームは続きます" in e.message
    assert not g.finished and g.state.data["players"]["p2"]["left"]


def test_kaiun_multi_1_2_1_concede_cites_that_the_game_goes_on():
    g = multi({"p1": player(card("a")), "p2": player(card("b")), "p3": player(card("c"))})
    e = g.adjust({"op": "concede", "target": "p3"})
    assert e.rule == "kaiun-multi:1-2-4" and e.cites == ("kaiun-multi:1-2-1", "kaiun-multi:1-2-5") and not prose_only(e)


# 7 ----------------------------------------------------------------------------------------------------
def test_kaiun_multi_1_2_2_2_refresh_at_zero_barrier_is_the_multiplayer_clause():
    """kaiun-multi 1-2-2-2: バリアが 0 枚の状況でリフレッシュを行った場合、そのプレイヤーは敗北条件を満たしています。"""
    g = run_to_decision(multi({"p1": player(card("a", cost=1), deck=1, trash_count=2, barrier=0, battle_result="win"),
                               "p2": player(card("b"), battle_result="lose"), "p3": player(card("c"), battle_result="lose")},
                              phase="cost"))
    (e,) = entries(g, "kaiun-multi:1-2-2-2")
    assert e.kind == "defeat" and e.cites == ("kaiun:9-3-3",)
    assert not entries(g, "kaiun:9-3-3") and not entries(g, "kaiun:1-2-2-2")


def test_kaiun_1_2_2_2_two_player_refresh_at_zero_barrier():
    g = run_to_decision(game({"p1": player(card("a", cost=1), deck=1, trash_count=2, barrier=0, battle_result="win"),
                              "p2": player(card("b"), battle_result="lose")}, phase="cost"))
    (e,) = entries(g, "kaiun:1-2-2-2")
    assert e.cites == ("kaiun:9-3-3",)


# 8 ----------------------------------------------------------------------------------------------------
def three_battles(**options):
    """親 p1 (グー 9) beats three 子 with チョキ: three 【バトル勝利時】 timings, three 【バトル敗北時】."""
    return run_to_decision(multi({"p1": player(card("a", "グー", kachi=9)), "p2": player(card("b", "チョキ")),
                                  "p3": player(card("c", "チョキ")), "p4": player(card("d", "チョキ"))},
                                 options=options))


def test_kaiun_multi_7_3_4_battle_win_keyword_in_every_battle_option():
    """7-3-4: バトルに勝利したカードの【バトル勝利時】で表記されている効果を発動します (7-2: each 子), read per battle
    under the option battle_keyword_timing=every_battle."""
    g = three_battles(battle_keyword_timing="every_battle")
    wins = entries(g, "kaiun-multi:7-3-4")
    assert [e.player for e in wins] == ["p1", "p1", "p1"]
    assert all("battle_keyword_timing=every_battle" in e.message for e in wins)
    assert [e.player for e in entries(g, "kaiun-multi:7-3-5")] == ["p2", "p3", "p4"]
    assert not entries(g, "kaiun:10-1-2-2")


def test_kaiun_multi_10_1_2_2_battle_win_once_per_turn_by_default():
    """10-1-2-2 (inherited by 「10. キーワード効果とキーワード 開運コロシウム 総合ルールを参照」): 【バトル勝利時】効果は
    1ターンに1度のみ効果を発動します — the default, and the option once_per_turn. What counts is the judge's application
    (issue 38): a timing step with nothing applied marks nothing used."""
    assert [e.player for e in entries(three_battles(), "kaiun-multi:7-3-4")] == ["p1", "p1", "p1"]
    g = multi({"p1": player(card("a", "グー", kachi=9)), "p2": player(card("b", "チョキ")),
               "p3": player(card("c", "チョキ")), "p4": player(card("d", "チョキ"))},
              options={"battle_keyword_timing": "once_per_turn"})
    while not g.trace or g.trace[-1].rule != "kaiun-multi:7-3-4":
        g.step("step")
    g.adjust({"op": "effect", "source": "a", "keyword": "バトル勝利時", "parts": [{"op": "draw", "target": "p1"}]})
    run_to_decision(g)
    assert [e.player for e in entries(g, "kaiun-multi:7-3-4")] == ["p1"]
    skipped = entries(g, "kaiun:10-1-2-2")
    assert [e.player for e in skipped] == ["p1", "p1"] and all(e.cites == ("kaiun-multi:7-3-4",) for e in skipped)
    later = [e for e in entries(g, "kaiun-multi:7-3-6-3")][1:]
    assert all("発動していないため" in e.message for e in later)
    # each 子 loses only once, so its 【バトル敗北時】 activates in its battle
    assert [e.player for e in entries(g, "kaiun-multi:7-3-5")] == ["p2", "p3", "p4"]


def test_kaiun_multi_10_1_3_2_battle_lose_once_per_turn_option():
    """10-1-3-2: 【バトル敗北時】効果は1ターンに1度のみ効果を発動します (option once_per_turn): a 親 losing twice."""
    g = multi({"p1": player(card("a", "チョキ", aiko_make=0)), "p2": player(card("b", "グー")),
               "p3": player(card("c", "グー"))}, options={"battle_keyword_timing": "once_per_turn"})
    while not g.trace or g.trace[-1].rule != "kaiun-multi:7-3-5":
        g.step("step")
    g.adjust({"op": "effect", "source": "a", "keyword": "バトル敗北時", "parts": [{"op": "draw", "target": "p1"}]})
    run_to_decision(g)
    assert [e.player for e in entries(g, "kaiun-multi:7-3-5")] == ["p1"]
    assert [e.player for e in entries(g, "kaiun:10-1-3-2")] == ["p1"]


# 9 ----------------------------------------------------------------------------------------------------
def test_kaiun_7_1_3_timing_steps_say_if_any():
    """7-1-3 / 7-1-4 / 6-4-2 / 7-1-5-1 / 7-1-5-3: the engine does not know card text; a timing step is 「…があれば」."""
    g = run_to_decision(game({"p1": player(card("a", "グー", kachi=5)), "p2": player(card("b", "チョキ"))}, phase="open"))
    for rule in ("kaiun:6-4-2", "kaiun:7-1-3", "kaiun:7-1-4", "kaiun:7-1-5-1", "kaiun:7-1-5-3"):
        (e,) = entries(g, rule)
        assert "があれば" in e.message, rule


def test_all_kaiun_entries_cite_every_number_they_name():
    for g in (three_battles(), three_battles(battle_keyword_timing="every_battle")):
        assert [e for e in g.trace if prose_only(e)] == []
