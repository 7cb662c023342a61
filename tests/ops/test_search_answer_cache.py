"""The per-process answer cache of the search service never hands out a shared, mutable answer."""
from judge_app.corpus import get_corpus
from judge_app.search.service import SearchService
from judge_app import PROJECT_ROOT


def test_a_cached_answer_is_a_fresh_copy_equal_to_the_first():
    svc = SearchService(get_corpus(), PROJECT_ROOT / "instance" / "index")
    first = svc.search("ブロッカー", limit=5)
    first["results"][0]["url"] = "/changed"
    first["results"].clear()
    again = svc.search("ブロッカー", limit=5)
    assert again["results"] and "url" not in again["results"][0]
    assert again == svc._search("ブロッカー", None, 5)


def test_the_cache_is_bounded(monkeypatch):
    import judge_app.search.service as service

    monkeypatch.setattr(service, "ANSWER_CACHE", 3)
    svc = SearchService(get_corpus(), PROJECT_ROOT / "instance" / "index")
    for q in ("ライフ", "デッキ", "手札", "バトル", "勝利"):
        svc.search(q)
    assert len(svc._answers) == 3
