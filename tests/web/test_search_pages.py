"""The search pages (issue 25): more results on request with their count, each hit's game as a badge, and the
rulebook filter remembered per browser. HTML and its JSON twin say the same."""
from __future__ import annotations

import re
from urllib.parse import parse_qs, quote, urlsplit

import pytest

from judge_app.search import MAX_LIMIT

BLOCKER = quote("ブロッカー")
GAME_NAMES = {"kaiun": "開運コロシアム", "kaiun-multi": "開運コロシウム 多人数制", "los": "Legend of Stars",
              "thv": "東方VISION", "opcg": "ONE PIECE CARD GAME"}
RESULT = re.compile(r'<li class="result" id="r(\d+)">\s*<div class="rhead"><span class="doc-badge doc-([a-z-]+)">'
                    r'([^<]+)</span>\s*<a class="rlink" href="([^"]+)"><span class="num">([^<]+)</span>')


def _results(html: str) -> list[tuple[int, str, str, str, str]]:
    return [(int(n), doc, name, url, cid) for n, doc, name, url, cid in RESULT.findall(html)]


def _cookie(resp) -> str | None:
    """The judge_doc cookie this answer sets ('' when it deletes it), None when it leaves it alone."""
    for header in resp.headers.getlist("Set-Cookie"):
        if header.startswith("judge_doc="):
            value = header.split(";", 1)[0].split("=", 1)[1]
            return "" if "Max-Age=0" in header or "expires=Thu, 01 Jan 1970" in header else value
    return None


def _selected(html: str) -> str:
    m = re.search(r'<option value="([^"]*)"[^>]*\sselected', html)
    return m.group(1) if m else ""


# ---- more results, and how many -----------------------------------------------------------------------------------
def test_results_page_says_how_many_and_links_to_ten_more(client):
    page = client.get(f"/search?q={BLOCKER}")
    html = page.get_data(as_text=True)
    shown = _results(html)
    assert [n for n, *_ in shown] == list(range(1, 11))
    assert "50 件以上見つかりました" in html and "上位 10 件を表示しています" in html
    more = re.search(r'<a class="button-link" id="more" href="([^"]+)">さらに表示（11〜20 件目）</a>', html)
    assert more, html[-2000:]
    url = more.group(1).replace("&amp;", "&")
    parts = urlsplit(url)
    assert parts.path == "/search" and parts.fragment == "r11"
    assert parse_qs(parts.query, keep_blank_values=True) == {"q": ["ブロッカー"], "doc": [""], "limit": ["20"]}

    twenty = _results(client.get(url).get_data(as_text=True))
    assert [n for n, *_ in twenty] == list(range(1, 21))
    assert twenty[:10] == shown                  # the first ten stay where they were


def test_the_last_page_shows_fifty_and_says_there_may_be_more(client):
    html = client.get(f"/search?q={BLOCKER}&limit={MAX_LIMIT}").get_data(as_text=True)
    assert len(_results(html)) == MAX_LIMIT
    assert 'id="more"' not in html
    assert "上位 50 件まで表示しています" in html


def test_a_search_with_few_results_gives_the_exact_count_and_no_more_link(client):
    query = f"q={quote('永久循環')}&doc=opcg"            # opcg 11-1-1 and its neighbours: fewer than ten
    data = client.get(f"/search?{query}&format=json").get_json()
    html = client.get(f"/search?{query}").get_data(as_text=True)
    assert 0 < data["total"] <= 10, data["total"]
    assert not data["total_capped"] and data["more_url"] is None
    assert f"{data['total']} 件見つかりました" in html and "以上" not in html.split('id="count"')[1][:60]
    assert 'id="more"' not in html and len(_results(html)) == data["total"]


def test_between_ten_and_fifty_the_last_more_link_counts_to_the_total(client):
    query = f"q={quote('無限ループ')}&doc=opcg"
    total = client.get(f"/search?{query}&format=json").get_json()["total"]
    assert 10 < total < MAX_LIMIT, total
    html = client.get(f"/search?{query}").get_data(as_text=True)
    assert f"{total} 件見つかりました（ONE PIECE CARD GAME）。上位 10 件を表示しています。" in html
    assert f"さらに表示（11〜{min(20, total)} 件目）" in html
    last = client.get(f"/search?{query}&limit={(total // 10) * 10}").get_data(as_text=True)
    if total % 10:
        assert f"さらに表示（{(total // 10) * 10 + 1}〜{total} 件目）" in last
    full = client.get(f"/search?{query}&limit={total}").get_data(as_text=True)
    assert len(_results(full)) == total and 'id="more"' not in full and "以上" not in full.split('id="count"')[1][:60]


def test_the_json_twins_more_link_is_json(client):
    data = client.get(f"/search?q={BLOCKER}&format=json").get_json()
    parts = urlsplit(data["more_url"])
    assert parts.fragment == "" and parse_qs(parts.query) == {"q": ["ブロッカー"], "limit": ["20"], "format": ["json"]}
    more = client.get(data["more_url"]).get_json()
    assert len(more["results"]) == 20 and more["results"][:10] == data["results"]


def test_json_twin_says_what_the_page_shows(client):
    for query in (f"q={BLOCKER}", f"q={BLOCKER}&limit=20", f"q={BLOCKER}&doc=opcg", "q=7-1-4", "q=9-3&doc=kaiun-multi"):
        html = client.get(f"/search?{query}").get_data(as_text=True)
        data = client.get(f"/search?{query}&format=json").get_json()
        assert [(cid, url, doc, name) for _, doc, name, url, cid in _results(html)] == \
            [(r["id"], r["url"], r["doc"], r["doc_name"]) for r in data["results"]], query
        assert data["limit"] == int(parse_qs(query).get("limit", ["10"])[0])
        assert data["total"] >= len(data["results"]) and data["total"] <= MAX_LIMIT
        assert ('id="more"' in html) == (data["more_url"] is not None), query


def test_results_page_and_suggestions_agree(client):
    """What the box suggests (the API, limit 8) is what the results page lists first."""
    for q, doc in (("ブロッカー", ""), ("手札は何枚まで持てる？", ""), ("アタック", "opcg"), ("9-3", "kaiun-multi"),
                   ("殴っていい？", "")):
        api = client.get("/api/search", query_string={"q": q, "doc": doc, "limit": 8}).get_json()
        page = client.get("/search", query_string={"q": q, "doc": doc, "format": "json"}).get_json()
        assert [r["id"] for r in api["results"]] == [r["id"] for r in page["results"]][:8], q
        assert "total" not in api            # the suggestions' API is not asked to count


@pytest.mark.parametrize("limit", ["0", "51", "x", "-1"])
def test_bad_limit_is_a_400_naming_limit(client, limit):
    resp = client.get(f"/search?q={BLOCKER}&limit={limit}&format=json")
    assert resp.status_code == 400 and resp.get_json()["field"] == "limit"


# ---- each hit's game ----------------------------------------------------------------------------------------------
def test_each_hit_wears_its_games_name(client):
    html = client.get(f"/search?q={BLOCKER}&limit=50").get_data(as_text=True)
    shown = _results(html)
    assert {doc for _, doc, *_ in shown} >= {"opcg", "thv"}
    for _, doc, name, _url, cid in shown:
        assert cid.startswith(doc + ":") and name == GAME_NAMES[doc]
    api = client.get(f"/api/search?q={BLOCKER}&limit=50").get_json()
    assert all(r["doc_name"] == GAME_NAMES[r["doc"]] for r in api["results"])


def test_an_inherited_kaiun_clause_in_kaiun_multi_results_says_both(client):
    html = client.get("/search?q=9-3&doc=kaiun-multi").get_data(as_text=True)
    first = _results(html)[0]
    assert first[1] == "kaiun" and first[2] == "開運コロシアム"
    assert "継承（kaiun-multi:" in html


def test_the_filter_names_its_game(client):
    html = client.get(f"/search?q={BLOCKER}&doc=kaiun-multi").get_data(as_text=True)
    assert "見つかりました（開運コロシウム 多人数制）" in html
    chip = re.search(r'<p class="docfilter" id="docfilter">(.*?)</p>', html, re.S).group(1)
    assert "開運コロシウム 多人数制" in chip and "のみを検索中" in chip
    assert f'href="/search?q={BLOCKER}&amp;doc="' in chip


# ---- the filter, remembered ---------------------------------------------------------------------------------------
def test_a_search_with_a_rulebook_remembers_it_for_the_home_box(client):
    assert _selected(client.get("/").get_data(as_text=True)) == ""
    resp = client.get(f"/search?q={BLOCKER}&doc=kaiun")
    assert _cookie(resp) == "kaiun"
    home = client.get("/")
    html = home.get_data(as_text=True)
    assert _selected(html) == "kaiun"
    assert re.search(r'<p class="docfilter" id="docfilter">', html)          # shown, not hidden
    assert 'select id="doc" name="doc" class="filtered"' in html
    assert "cookie" in home.headers["Vary"].lower()
    assert re.search(r'<a id="docfilter-clear" href="/\?doc=" data-here="1">すべての文書に戻す</a>', html)


def test_choosing_every_rulebook_forgets_it(client):
    client.get(f"/search?q={BLOCKER}&doc=kaiun")
    resp = client.get(f"/search?q={BLOCKER}&doc=")
    assert _cookie(resp) == ""
    html = client.get("/").get_data(as_text=True)
    assert _selected(html) == "" and '<p class="docfilter" id="docfilter" hidden>' in html


def test_home_link_back_to_every_rulebook_and_choosing_there(client):
    assert _cookie(client.get("/?doc=los")) == "los"
    assert _selected(client.get("/").get_data(as_text=True)) == "los"
    back = client.get("/?doc=")
    assert _cookie(back) == "" and _selected(back.get_data(as_text=True)) == ""
    assert _selected(client.get("/").get_data(as_text=True)) == ""


def test_a_url_without_doc_searches_everything_whatever_the_cookie(client):
    client.get("/?doc=kaiun")
    resp = client.get(f"/search?q={BLOCKER}&format=json")
    assert resp.get_json()["doc"] is None and _cookie(resp) is None
    page = client.get(f"/search?q={BLOCKER}")
    assert _cookie(page) is None and _selected(page.get_data(as_text=True)) == ""
    assert _selected(client.get("/").get_data(as_text=True)) == "kaiun"      # still remembered


def test_json_answers_and_errors_leave_the_memory_alone(client):
    assert _cookie(client.get(f"/search?q={BLOCKER}&doc=opcg&format=json")) is None
    assert _cookie(client.get(f"/api/search?q={BLOCKER}&doc=opcg")) is None
    assert _cookie(client.get(f"/search?q={BLOCKER}&doc=nope")) is None
    assert _cookie(client.get("/?doc=nope")) is None


def test_a_forged_or_stale_cookie_reads_as_every_rulebook(client):
    client.set_cookie("judge_doc", "<script>")
    html = client.get("/").get_data(as_text=True)
    assert _selected(html) == "" and "<script>" not in html.split("<main")[1].split("</main>")[0]
    client.set_cookie("judge_doc", "mtg")
    assert _selected(client.get("/").get_data(as_text=True)) == ""


def test_the_cookie_is_lax_and_long_lived_and_secure_over_https(app):
    client = app.test_client()
    header = client.get("/?doc=thv").headers["Set-Cookie"]
    assert "SameSite=Lax" in header and "Max-Age=31536000" in header and "Path=/" in header
    assert "Secure" not in header and "HttpOnly" not in header     # search.js writes it too
    app.config["SESSION_COOKIE_SECURE"] = True
    assert "Secure" in app.test_client().get("/?doc=thv").headers["Set-Cookie"]


# ---- the encoded answer, kept per search service (issue 39) -------------------------------------------------------
def test_a_repeated_search_is_sent_as_encoded_until_the_search_service_changes(app, client, monkeypatch):
    from judge_app.corpus import get_corpus
    from judge_app.web.shared.services import SEARCH_EXTENSION, search_service

    url = f"/api/search?q={BLOCKER}&limit=3"
    first = client.get(url)
    asked = []
    service_class = type(search_service(app))
    real = service_class.search
    monkeypatch.setattr(service_class, "search", lambda self, *a, **k: asked.append(a) or real(self, *a, **k))
    again = client.get(url)
    assert again.get_data() == first.get_data() and again.mimetype == "application/json" and asked == []
    assert [r["url"] for r in again.get_json()["results"]] == [f"/rules/{r['doc']}/{r['id'].split(':', 1)[1]}"
                                                             for r in first.get_json()["results"]]
    # another limit, doc or query is its own answer
    assert len(client.get(f"/api/search?q={BLOCKER}&limit=4").get_json()["results"]) == 4 and len(asked) == 1
    assert {r["doc"] for r in client.get(f"/api/search?q={BLOCKER}&limit=3&doc=thv").get_json()["results"]} == {"thv"}
    # errors are never kept: a bad limit or doc stays an error, and does not shadow the good answer
    assert client.get(f"/api/search?q={BLOCKER}&limit=0").status_code == 400
    assert client.get(f"/api/search?q={BLOCKER}&limit=3&doc=mtg").status_code == 400

    class NewService:   # what a changed corpus brings (search_service makes a new one): its own answers
        corpus = get_corpus()

        def search(self, query, doc=None, limit=10):
            return {"query": query, "doc": doc, "results": []}

    app.extensions[SEARCH_EXTENSION] = NewService()
    assert client.get(url).get_json() == {"query": "ブロッカー", "doc": None, "results": []}


def test_clause_urls_follow_the_script_root_the_app_is_mounted_under(client):
    url = f"/api/search?q={BLOCKER}&limit=3"
    for _ in range(2):   # the second time from what is kept: the encoded answer and the clause URLs
        plain = [r["url"] for r in client.get(url).get_json()["results"]]
        mounted = [r["url"] for r in client.get(url, base_url="http://localhost/judge/").get_json()["results"]]
        assert plain and all(u.startswith("/rules/") for u in plain)
        assert mounted == ["/judge" + u for u in plain]
        page = client.get(f"/search?q={BLOCKER}", base_url="http://localhost/judge/").get_data(as_text=True)
        assert f'href="/judge{plain[0]}"' in page
