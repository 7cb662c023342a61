"""Issue 42: siblings on one card, the sentence that answers, and the engine table as a signal."""
import subprocess
import sys
from pathlib import Path

from judge_app.search import engine_signal
from judge_app.search.grouping import GROUP_SHARE, group_hits
from judge_app.search.normalize import fold
from judge_app.search.rerank import QueryForm
from judge_app.search.service import Hit
from judge_app.search.snippet import answering_snippet

ROOT = Path(__file__).resolve().parents[2]
PARENTS = {"x:1-1": "x:1", "x:1-2": "x:1", "x:1-3": "x:1", "x:2-1": "x:2", "x:1": None, "x:2": None}


def hit(cid, score, kind="text"):
    return Hit(cid, "x", score, kind)


def cards(hits, limit=10):
    return [([k.id for k in kids], parent) for _h, kids, parent in group_hits(hits, PARENTS.get, limit)]


def test_close_siblings_share_one_card_under_their_parent():
    got = cards([hit("x:1-2", 10), hit("x:2-1", 9), hit("x:1-1", 8), hit("x:1", 5)])
    assert got == [(["x:1-2", "x:1-1"], "x:1"), (["x:2-1"], None)]      # the parent's own hit is its line


def test_a_sibling_far_below_stands_alone():
    far = 10 * GROUP_SHARE - 0.5
    assert cards([hit("x:1-2", 10), hit("x:1-1", far)]) == [(["x:1-2"], None), (["x:1-1"], None)]


def test_number_hits_are_never_grouped_and_a_parent_shown_above_is_not_repeated():
    assert cards([hit("x:1-1", 1000, "number"), hit("x:1-2", 900, "number")]) == [
        (["x:1-1"], None), (["x:1-2"], None)]
    assert cards([hit("x:1", 10), hit("x:1-1", 9), hit("x:1-2", 9)]) == [
        (["x:1"], None), (["x:1-1"], None), (["x:1-2"], None)]


def test_the_limit_counts_cards_not_clauses():
    got = cards([hit("x:1-1", 10), hit("x:1-2", 9), hit("x:2-1", 8), hit("x:1-3", 1)], limit=1)
    assert got == [(["x:1-1", "x:1-2"], "x:1")]


def test_the_snippet_is_the_sentence_that_permits_or_forbids():
    text = ("スリープ状態のキャラクターは場に残ります。スリープ状態のキャラクターには攻撃を行わせることができない。"
            "スリープ状態は横向きで示す。")
    q = "スリープ状態のキャラは攻撃できる？"
    snippet, marks = answering_snippet(text, [fold("スリープ"), fold("攻撃")], QueryForm(q))
    assert snippet == "…スリープ状態のキャラクターには攻撃を行わせることができない。…"
    assert marks and all(0 <= a < b <= len(snippet) for a, b in marks)
    # without the question's form the first sentence holding as many words wins
    plain, _ = answering_snippet(text, [fold("スリープ")], None)
    assert plain.startswith("スリープ状態のキャラクターは場に残ります。")


def test_the_snippet_names_the_number_asked_about():
    text = "デッキはカードで構成する。デッキは50枚ちょうどである。"
    snippet, _ = answering_snippet(text, [fold("デッキ")], QueryForm("デッキは何枚？"))
    assert snippet == "…デッキは50枚ちょうどである。"


def test_a_query_is_read_for_its_action_and_state():
    actions, states = engine_signal.read("寝てる自分のキャラでガードってできる？")
    assert "block" in actions and "rested" in states
    actions, states = engine_signal.read("裏側表示のキャラはアタックできる？")
    assert actions == {"attack"} and "face_down" in states


def test_thv_6_3_3_b_the_engine_cites_the_sleeping_attacker_clause():
    # the engine withholds an attack by a sleeping character under thv:6.3.3.b (priority.attack_refusal)
    cited = engine_signal.table().cited("thv", frozenset({"attack"}), frozenset({"rested"}))
    assert "thv:6.3.3.b" in cited
    assert engine_signal.table().cited("thv", frozenset({"attack"}), frozenset()) == {}


def test_the_engine_table_is_current():
    p = subprocess.run([sys.executable, str(ROOT / "bench" / "engine_table.py"), "--check"], cwd=ROOT,
                       capture_output=True, text=True, timeout=300)
    assert p.returncode == 0, p.stdout + p.stderr


def test_thv_6_3_3_b_a_sleeping_character_cannot_attack_comes_first(svc):
    # the example: 11.5.3 (making a sleeping card sleep) used to come first
    got = svc.search("スリープ状態のキャラは攻撃できる？", doc="thv", limit=5)["results"]
    first = [got[0]["id"]] + [k["id"] for k in (got[0].get("group") or {}).get("children", [])]
    assert "thv:6.3.3.b" in first          # 「アクティブ状態である。」: a condition of 6.3.3 for attacking


def test_a_group_is_in_the_json_and_on_the_page(client, svc):
    q = "レストしたキャラでブロックできる？"
    answer = client.get("/api/search", query_string={"q": q, "doc": "opcg"}).get_json()
    groups = [r for r in answer["results"] if r.get("group")]
    assert groups, "no card of siblings for a question matching several sub-clauses of 7-1-2"
    g = groups[0]["group"]
    assert g["children"][0]["id"] == groups[0]["id"] and len(g["children"]) >= 2
    assert all(svc.corpus.clause(k["id"]).parent == g["parent"]["id"] for k in g["children"])
    assert all(k["url"].startswith("/") for k in g["children"]) and g["parent"]["url"]
    flat = svc.search(q, doc="opcg", limit=10, group=False)["results"]
    assert not any(r.get("group") for r in flat)
    html = client.get("/search", query_string={"q": q, "doc": "opcg"}).get_data(as_text=True)
    assert 'class="siblings"' in html and g["children"][1]["id"] in html


def _reads(svc, q, doc):
    return {(w["said"], w["read_as"]) for r in svc.search(q, doc=doc, limit=10)["results"] for w in r["why"]}


def test_opcg_6_5_5_1_a_card_put_under_a_character_is_read_as_attaching(svc):
    # the rulebook's own description: 「キャラの下に見えるように重ねます。これを「付与」と呼びます」
    got = svc.search("キャラの下にカードを重ねたら強くなった？", doc="opcg", limit=3)["results"]
    assert got[0]["id"] == "opcg:6-5-5-1"
    assert ("下に…重ね", "付与") in _reads(svc, "キャラの下にカードを重ねたら強くなった？", "opcg")


def test_thv_5_1_2_a_upright_is_read_as_active(svc):
    # 5.1.2.a 「アクティブ状態とは、カードが縦向きの状態であることを指す」: 縦に戻す is making it active
    assert any(term == "アクティブ状態" for _said, term in _reads(svc, "横のカードを縦に戻していい？", "thv"))
