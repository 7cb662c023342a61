"""The fitted ranking (judge_app/search/rank.py, weights.json, bench/rank_fit.py)."""
import importlib.util
import json
import math
from pathlib import Path

import pytest

from judge_app.search import rank, rerank
from judge_app.search.query import Query, last_sentence
from tests.search.conftest import ids

ROOT = Path(__file__).resolve().parents[2]


def _bench_module(name: str):
    spec = importlib.util.spec_from_file_location(name, ROOT / "bench" / f"{name}.py")
    mod = importlib.util.module_from_spec(spec)
    import sys

    sys.path.insert(0, str(ROOT / "bench"))
    try:
        spec.loader.exec_module(mod)
    finally:
        sys.path.remove(str(ROOT / "bench"))
    return mod


def test_weights_file_names_every_group_and_feature_and_what_it_was_fitted_on():
    data = json.loads(rank.WEIGHTS_FILE.read_text(encoding="utf-8"))
    assert set(data["groups"]) == set(rank.GROUPS) and set(data["features"]) == set(rank.FEATURES)
    assert all(isinstance(x, (int, float)) and math.isfinite(x) for x in [*data["groups"].values(), *data["features"].values()])
    assert data["groups"]["bi"] == 1.0                       # the scale-free anchor
    training = json.dumps(data["fitted"].get("training", {}), ensure_ascii=False)
    for never in ("describe", "search_qa", "argue", "untouched", "held-out"):   # the held-out sets and parts
        assert never not in training


def test_missing_weights_file_means_the_reference_weights(tmp_path):
    w = rank.Weights.load(tmp_path / "none.json")
    assert w == rank.Weights.reference()
    assert w.features["heading_q"] == pytest.approx(math.log(0.6))
    assert w.features["quantity"] == pytest.approx(math.log(1 + rerank.QUANTITY_BONUS))


def _facts(children=(), parent=-1, **kw):
    base = dict(parent=parent, children=tuple(children), heading=False, depth=0.4, leaf=not children, length=0.5,
                glossary_sec=False, defines=frozenset(), form=rerank.ClauseForm(""))
    base.update(kw)
    return rank.ClauseFacts(**base)


def _query(text="何が起きる？", named=()):
    return rank.QueryFacts(True, rerank.QueryForm(text), tuple(named))


def test_children_and_parent_scores_are_features_relative_to_the_best():
    scores = {1: 8.0, 2: 5.0, 3: 1.0, 9: 4.0}
    f = dict(zip(rank.FEATURES, rank.features(_facts(children=(1, 2, 3), parent=9), scores.get, 10.0, _query(), 0.5, 0.25)))
    assert f["child_max"] == pytest.approx(0.8)
    assert f["child_hits"] == pytest.approx(math.log1p(2))       # 8 and 5 reach CHILD_HIT × 10; 1 does not
    assert f["parent"] == pytest.approx(0.4)
    assert (f["coverage"], f["qcoverage"], f["leaf"]) == (0.5, 0.25, 0.0)
    # a clause with nothing under it and no parent
    g = dict(zip(rank.FEATURES, rank.features(_facts(), scores.get, 10.0, _query(), 0.0, 0.0)))
    assert g["child_max"] == g["child_hits"] == g["parent"] == 0.0 and g["leaf"] == 1.0


def test_a_definition_of_a_term_the_question_names_is_marked():
    facts = _facts(defines=frozenset({"こまんど"}))
    f = dict(zip(rank.FEATURES, rank.features(facts, {}.get, 1.0, _query(named={"こまんど"}), 0, 0)))
    assert f["defines_named"] == 1.0
    f = dict(zip(rank.FEATURES, rank.features(facts, {}.get, 1.0, _query(named={"ばとる"}), 0, 0)))
    assert f["defines_named"] == 0.0


def test_the_score_is_stage_one_scaled_by_the_features():
    v = tuple(0.0 for _ in rank.FEATURES)
    final = rank.combine(6.0, 10.0, [1.0] * len(rank.FEATURES), v)
    assert rank.shown_score(final, 10.0) == pytest.approx(6.0 + rank.DELTA * 10.0)
    v = tuple(0.5 if f == "leaf" else 0.0 for f in rank.FEATURES)
    f = [1.0 if n == "leaf" else 0.0 for n in rank.FEATURES]
    assert rank.shown_score(rank.combine(6.0, 10.0, f, v), 10.0) == pytest.approx((6.0 + rank.DELTA * 10.0) * math.exp(0.5))


def test_stage_two_orders_only_the_stage_one_candidates_and_their_parents(svc):
    for q, doc in [("デッキに同じカードは何枚までいれてもいい？", "opcg"), ("相手の手札を見てもいい？", "kaiun"),
                   ("ライフがない時にダメージを受けたら負け？", None)]:
        query = Query.read(q, svc.kana)
        from judge_app.search import synonyms

        plan = svc._plan(query, doc, synonyms.matches(query.folded, doc))
        w = svc.weights
        from judge_app.search.postings import best_of, sums

        accs = [sums(svc._postings[scope], s, [(f, t, b * w.groups[g]) for f, t, b, g in terms]) for scope, s, terms in plan]
        k = max(30, w.candidates)
        first = {(scope, d) for (scope, _s, _t), acc in zip(plan, accs) for _x, d in best_of(acc, k)}
        allowed = set(first)
        for scope, d in first:
            p = svc._shape(scope).facts(d).parent
            if p >= 0:
                allowed.add((scope, p))
        ranked = svc._rank(query, doc, 10, plan, [a.get for a in accs], accs, w.vector())
        assert ranked and {(scope, d) for _f, _b, scope, d in ranked} <= allowed


def test_without_features_stage_two_keeps_stage_one_order(svc):
    query = Query.read("相手の手札を見てもいい？", svc.kana)
    from judge_app.search import synonyms
    from judge_app.search.postings import sums

    plan = svc._plan(query, "kaiun", synonyms.matches(query.folded, "kaiun"))
    accs = [sums(svc._postings[scope], s, [(f, t, b) for f, t, b, _g in terms]) for scope, s, terms in plan]
    ranked = svc._rank(query, "kaiun", 10, plan, [a.get for a in accs], accs, tuple(0.0 for _ in rank.FEATURES))
    got = [accs[0].get(d, 0.0) for _f, _b, _scope, d in ranked]
    assert got == sorted(got, reverse=True)


def test_results_carry_their_parent_and_a_sub_clause_that_answers_is_shown_inside(svc):
    ans = svc.search("パワーが同じときはアタックした側が勝つ？", doc="opcg", limit=10)
    first = ans["results"][0]
    assert first["parent"] == {"id": "opcg:7-1-4", "number": "7-1-4", "title": "ダメージ・ステップ"}
    top = svc.search("7", doc="opcg", limit=1)["results"][0]
    assert top["id"] == "opcg:7" and top["parent"] is None
    for r in ans["results"]:
        inside = r.get("answer")
        if inside:
            assert inside["id"].startswith(r["id"] + "-")          # a sub-clause of that result
            assert set(inside) == {"id", "number", "title", "snippet", "marks"}
            assert inside["id"] not in ids(ans)[: ans["results"].index(r)]   # never one already above it


def test_last_sentence_is_what_is_asked():
    assert last_sentence("相手のキャラをKOした。このときトリガーは発動する？") == "このときトリガーは発動する"
    assert last_sentence("ブロッカー") == ""
    assert last_sentence("ライフが0枚のときにダメージを受けたら負け？") == ""
    assert last_sentence("バトル中に相手のキャラが場を離れていなくなった場合、ダメージはどこに行くの") == "ダメージはどこに行くの"
    q = Query.read("相手のキャラをKOした。このときトリガーは発動する？")
    assert "発動" in q.tail_words and "とり" in q.tail_bigrams
    assert Query.read("ブロッカー").tail_words == ()


def test_the_fit_scores_exactly_the_served_ranking(svc, corpus):
    """bench/rank_fit.py evaluates the weights on the service's own stage 2: its ranking of a query under the
    served weights is the service's answer."""
    fit = _bench_module("rank_fit")
    cases = [{"q": "パワーが同じときはアタックした側が勝つ？", "doc": "opcg", "ids": ["opcg:7-1-4-1"]},
             {"q": "リフレッシュとは", "doc": "kaiun", "ids": ["kaiun:9-3-1"]},
             {"q": "墓地", "doc": "opcg", "ids": ["opcg:3-5-1"]},
             {"q": "7-1-4 のパワー", "doc": "opcg", "ids": ["opcg:7-1-4"]},
             {"q": "親がバトルに負けたら？", "doc": None, "ids": ["kaiun-multi:6-6-4"]}]
    groups, v = fit.unpack(fit.params_of(svc.weights))
    for c in cases:
        p = fit.Prepared(svc, c, corpus)
        assert p.ranked(groups, v) == ids(svc.search(c["q"], doc=c["doc"], limit=10, group=False)), c["q"]


def test_the_quality_bench_never_shows_the_held_out_sets_misses():
    sq = _bench_module("search_quality")
    for name in sq.NEVER_FITTED:
        with pytest.raises(SystemExit):
            sq.main(["--set", name, "--show-misses"])
