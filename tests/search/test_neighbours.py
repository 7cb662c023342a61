"""The nearest stored question (neighbours.py): each question alone, by voice, written with the index."""
from __future__ import annotations

import math

import pytest

from judge_app.search import neighbours, questions


@pytest.fixture()
def table(tmp_path):
    neighbours.write(tmp_path, {
        "asked": {"opcg:7-1-4-1": ["パワー同じだったら攻撃側の勝ち？", "同じパワーならどっちが勝つ？"],
                  "opcg:6-5-5-2": ["ドンはいつ戻る？"]},
        "card": {"opcg:10-2-9-1": ["「【ドン!!×2】」って2枚付いてないとだめ？"]},
        "argued": {"opcg:7-1-4-1": ["同じパワーなら守ってる側が勝つでしょ？"]},
    })
    return neighbours.NearestQuestions.load(tmp_path)


def test_a_question_asked_as_stored_is_nearest_at_one(table):
    near = table.reader(neighbours.bigram_set("パワー同じだったら攻撃側の勝ち？"))
    asked, card = near("opcg:7-1-4-1")
    assert math.isclose(asked, 1.0, abs_tol=1e-5)
    assert card == 0.0
    assert near("opcg:6-5-5-2") == (0.0, 0.0)     # no bigram in common
    assert near("opcg:1-1-1") == (0.0, 0.0)       # a clause without questions


def test_the_best_question_counts_not_all_of_them(table):
    """A clause's score is its nearest question's, so a second question worded otherwise does not dilute it."""
    q = neighbours.bigram_set("同じパワーならどっちが勝つ？")
    alone = neighbours.NearestQuestions({"vocab": [], "df": [], "n": 0, "voices": {}})
    assert alone.reader(q)("opcg:7-1-4-1") == (0.0, 0.0)
    assert math.isclose(table.reader(q)("opcg:7-1-4-1")[0], 1.0, abs_tol=1e-5)


def test_card_questions_are_read_only_for_a_card_and_claims_only_for_a_claim(table):
    card_q = neighbours.bigram_set("【ドン!!×2】って2枚付いてないとだめ？")
    assert table.reader(card_q, with_card=True)("opcg:10-2-9-1")[1] > 0.8
    assert table.reader(card_q, with_card=False)("opcg:10-2-9-1") == (0.0, 0.0)
    claim = neighbours.bigram_set("同じパワーなら守ってる側が勝つでしょ？")
    plain, argued = (table.reader(claim, claim=c)("opcg:7-1-4-1")[0] for c in (False, True))
    assert math.isclose(argued, 1.0, abs_tol=1e-5) and plain < argued


def test_an_index_without_the_file_reads_every_clause_as_far(tmp_path):
    empty = neighbours.NearestQuestions.load(tmp_path)
    assert empty.reader(neighbours.bigram_set("パワー"))("opcg:7-1-4-1") == (0.0, 0.0)


def test_the_served_index_holds_every_question_file(svc):
    """The index's table is made from the same question files as its fields: a stored question finds its own
    clause at cosine 1."""
    nq = neighbours.NearestQuestions.load(svc.stats["dir"])
    for part, side in (("questions", 0), ("told", 0), ("card", 1)):
        cid, qs = next(iter(questions.load(part).items()))
        got = nq.reader(neighbours.bigram_set(qs[0]))(cid)[side]
        assert math.isclose(got, 1.0, abs_tol=1e-5), (part, cid, qs[0], got)


@pytest.mark.parametrize("q, doc", [("殴っていい？", None), ("「【ブロッカー】」ってレストでも使える？", "opcg"),
                                    ("「〔あなた〕は2ドローする」、デッキ残り1枚だったら？", "thv")])
def test_a_longer_page_lists_first_what_the_suggestions_list(svc, q, doc):
    """The candidates a longer page adds are ranked without `near`: its first 8 are the suggestions' 8."""
    eight = [r["id"] for r in svc.search(q, doc=doc, limit=8)["results"]]
    assert [r["id"] for r in svc.search(q, doc=doc, limit=50)["results"]][:8] == eight
