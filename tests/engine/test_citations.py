"""The trace contract's `cites` field and the prose check (a clause named in a message must be cited)."""
from judge_app.engine.citations import numbers_in, prose_only
from judge_app.engine.state import GameState
from judge_app.engine.trace import TraceEntry


def _entry(rule, message, cites=()):
    return TraceEntry(seq=1, turn=1, phase=None, player=None, rule=rule, kind="k", message=message, cites=cites)


def test_numbers_in_reads_each_numbering_and_not_card_ids():
    assert numbers_in("p1 が勝利します（kaiun:7-1-2-2）") == [("kaiun", "7-1-2-2")]
    assert numbers_in("あいこです（2-2-4）") == [(None, "2-2-4")]
    assert numbers_in("放棄したため終了する（1.12.9.b）、6.1.13 も") == [(None, "1.12.9.b"), (None, "6.1.13")]
    assert numbers_in("キャラOP-p1-006(p1-26)を選びました") == []
    assert numbers_in("離脱します（kaiun-multi:1-2-1）") == [("kaiun-multi", "1-2-1")]
    assert numbers_in("運値 9 対 3 で勝ちます") == []
    assert numbers_in("運値(カチ) 3-5=0 を参照します") == []      # arithmetic, not clause 3-5


def test_prose_only_names_numbers_missing_from_rule_and_cites():
    assert prose_only(_entry("kaiun:7-1-1", "p2 がジャンケンに勝利します（2-2-3）")) == ["2-2-3"]
    assert prose_only(_entry("kaiun:7-1-1", "p2 がジャンケンに勝利します（2-2-3）", ("kaiun:2-2-3",))) == []
    assert prose_only(_entry("kaiun-multi:7-3-2", "（kaiun:2-2-3）", ("kaiun-multi:2-2-3",))) == ["kaiun:2-2-3"]
    assert prose_only({"rule": "thv:4.2.3", "message": "（1.12.9.b）", "cites": ["thv:1.12.9.b"]}) == []


def test_log_keeps_cites_in_order_without_repeating_rule():
    g = GameState({"turn": 1}, seed=0)
    e = g.log("kaiun:9-3-1", "refresh", "リフレッシュ", cites=("kaiun:9-3-2", "kaiun:9-3-1", "kaiun:9-3-2", "kaiun:9-3-3"))
    assert e.rule == "kaiun:9-3-1"
    assert e.cites == ("kaiun:9-3-2", "kaiun:9-3-3")
    assert e.to_json()["cites"] == ["kaiun:9-3-2", "kaiun:9-3-3"]
    assert e.clauses == ("kaiun:9-3-1", "kaiun:9-3-2", "kaiun:9-3-3")
