"""Issue 13 audit: each entry's `rule` is the clause that decided the step, its `cites` the clauses it relied on."""
from judge_app.engine.citations import prose_only
from tests.rulesets.opcg.helpers import board, char, leader, play


def entry(g, rule):
    return next(e for e in g.trace if e.rule == rule)


def test_opcg_7_1_4_1_2_battle_ko_of_a_character_cites_10_2_1_2():
    """7-1-4-1-2 「キャラクターカードの場合: そのキャラクターカードをKOします。(10-2-1.参照)」 decides the KO;
    10-2-1-2 says what KO does, 10-2-17-1 when 【KO時】 triggers."""
    b = board(p2={"characters": [char("d", 4000, rested=True, don=1)], "cost_area": {"active": 3, "rested": 0}})
    g = play(b, "attack:p1-L", "d")
    e = entry(g, "opcg:7-1-4-1-2")
    assert e.kind == "ko" and e.cites == ("opcg:10-2-1-2", "opcg:10-2-17-1") and not prose_only(e)
    assert g.state.get("players.p2.characters") == [] and g.state.get("players.p2.trash")[-1]["id"] == "d"
    assert "opcg:10-2-1-2" not in [x.rule for x in g.trace]


def test_opcg_7_1_4_2_lower_power_no_ko_entry():
    """7-1-4-2 「そのバトルでは何も起きません」: no 7-1-4-1-2 entry when the attacker loses."""
    b = board(p2={"characters": [char("d", 9000, rested=True)]})
    g = play(b, "attack:p1-L", "d")
    assert "opcg:7-1-4-1-2" not in [x.rule for x in g.trace]
    assert [c["id"] for c in g.state.get("players.p2.characters")] == ["d"]


def test_opcg_7_1_4_1_1_3_zero_life_second_point_cites_7_1_4_1_1_2():
    """7-1-4-1-1-3 repeats 7-1-4-1-1-2 「相手のライフが1枚以上ある場合」: the entry cites the clause it repeats."""
    b = board(p1={"characters": [char("a", 6000, keywords=["ダブルアタック"])]}, p2={"life_count": 1})
    g = play(b, "attack:a", "p2-L")
    e = entry(g, "opcg:7-1-4-1-1-3")
    assert e.cites == ("opcg:7-1-4-1-1-2",) and not prose_only(e)
    assert entry(g, "opcg:10-1-2-1").cites == ("opcg:7-1-4-1-1-3",)


def test_opcg_7_1_5_2_battle_end_timing_cites_7_1_5_1_and_7_1_5_5_cites_6_5_2():
    """7-1-5-1 「バトルを終了します」 then 7-1-5-2; 7-1-5-5 「バトルが終了し、6-5-2.に戻ります」."""
    g = play(board(), "attack:p1-L", "p2-L")
    assert entry(g, "opcg:7-1-5-2").cites == ("opcg:7-1-5-1",)
    assert entry(g, "opcg:7-1-5-5").cites == ("opcg:6-5-2",)
    assert all(not prose_only(e) for e in g.trace)


def test_opcg_3_7_6_1_trash_to_make_room_cites_3_7_6_10_2_1_3_and_6_5_5_4():
    """3-7-6-1 trashes a character because 3-7-6 「キャラクターカードを5枚まで置けます」 (not a KO: 10-2-1-3); its
    DON!! go to the cost area rested (6-5-5-4)."""
    five = [char(f"c{i}", 1000, cost=1) for i in range(5)]
    five[1]["don"] = 2
    b = board(p1={"characters": five, "hand": [char("new", 3000, cost=1)], "cost_area": {"active": 3, "rested": 0}})
    g = play(b, "play:new", "c1")
    e = entry(g, "opcg:3-7-6-1")
    assert e.cites == ("opcg:3-7-6", "opcg:10-2-1-3", "opcg:6-5-5-4") and not prose_only(e)
    g = play(b, "play:new", "c0")
    assert entry(g, "opcg:3-7-6-1").cites == ("opcg:3-7-6", "opcg:10-2-1-3")


def test_opcg_3_7_3_played_character_cites_3_7_4():
    """3-7-3 places the character; 3-7-4 「登場したターン中、アタックすることができません」 is cited, not only written."""
    b = board(p1={"hand": [char("new", 3000, cost=1)], "cost_area": {"active": 3, "rested": 0}})
    g = play(b, "play:new")
    e = entry(g, "opcg:3-7-3")
    assert e.cites == ("opcg:3-7-4", "opcg:3-7-5") and not prose_only(e)
