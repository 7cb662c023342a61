"""A judge's flow in Chromium, at 360 px and 1280 px: open a clause, build an opcg board in the builder, step a
battle to its end answering the decisions, undo from the keyboard, save the ruling and open its permalink in a
fresh context; and user strings carrying markup run nothing anywhere."""
import json
import re

import pytest

from tests.browser.conftest import settle, shot

pytestmark = pytest.mark.browser

SCENARIO = "01_equal_power_attacker_wins"
XSS = '<script>window.__xss=1</script>"><img src=x onerror="window.__xss=1">'


def answer(page, value):
    """Step to the next decision if none is open, then press the option whose value is `value`."""
    settle(page)
    if page.query_selector("#decision.open") is None:
        page.click("button[value=decision]")
    button = f"#decision button[value='{json.dumps(value)}']"
    page.wait_for_selector(button)
    page.click(button)
    settle(page)


def trace_rules(page):
    return page.eval_on_selector_all("#trace-list .entry a.clause", "els => els.map(e => e.dataset.clause)")


def test_search_and_open_a_clause(page, server):
    page.goto(server + "/")
    shot(page, "home")
    box = page.query_selector("input[name=q]")
    if box is not None:  # the search page (branch `search`) once it is on main
        box.fill("7-1-4")
        box.press("Enter")
        page.wait_for_load_state()
        shot(page, "search")
        page.click("a[href*='/rules/opcg/7-1-4']")
    else:
        page.goto(server + "/rules/opcg")
        page.click("a[href$='/rules/opcg/7-1-4']")
    page.wait_for_url(re.compile(r"/rules/opcg/7-1-4$"))
    assert "7-1-4" in page.inner_text("main")
    shot(page, "clause")
    assert page.errors == []


def test_build_opcg_board_step_battle_answer_undo_save_permalink(page, server, browser, width):
    # one click: the scenario's board into the builder
    page.goto(server + "/board/opcg")
    page.click("details.scenarios > summary")
    page.select_option("#scenario-name", SCENARIO)
    page.click("#scenario-load")
    page.wait_for_url(re.compile("scenario="))
    shot(page, "builder-opcg")

    # add a character to p1's character area with the editor
    page.click("button[data-act=add][data-path='players.p1.characters']")
    dialog = page.locator("#edit-dialog")
    dialog.locator("#edit-more > summary").click()   # the id is generated; a judge may still type one under 詳細
    dialog.locator("input[name=id]").fill("p1-zoro")
    dialog.locator("input[name=name]").fill("ゾロ")
    dialog.locator("input[name=power]").fill("6000")
    dialog.locator("input[name=cost]").fill("3")
    dialog.locator("button[value=save]").click()
    page.wait_for_selector("#board-drawing .card:has-text('ゾロ')")
    board = json.loads(page.input_value("#board-text"))
    assert board["players"]["p1"]["characters"][0]["name"] == "ゾロ"

    # edit the opponent leader's printed power
    page.click("#board-drawing .card[data-path='players.p2.leader']")
    dialog.locator("input[name=power]").fill("4000")
    dialog.locator("button[value=save]").click()
    page.wait_for_function("() => JSON.parse(document.getElementById('board-text').value).players.p2.leader.power === 4000")
    page.wait_for_selector("#board-drawing .card[data-path='players.p2.leader'] :text('4000')")
    shot(page, "builder-opcg-edited")
    page.click("#builder-form button[type=submit].primary")
    page.wait_for_url(re.compile(r"/sessions/"))
    session_url = page.url

    # started on to the main phase decision (開始したら最初の決定まで進める, ticked by default); attack with the
    # leader, target the opponent's leader
    page.wait_for_selector("#decision.open")
    shot(page, "session-decision")
    answer(page, "attack:p1-L")
    answer(page, "p2-L")
    # step on, answering what the rules ask with the first option, until the battle has ended (7-1-5)
    for _ in range(30):
        if any(r.startswith("opcg:7-1-5") for r in trace_rules(page)):
            break
        if page.query_selector("#decision.open"):
            page.click("#decision .options button >> nth=0")
        else:
            page.click("button[value=step]")
        settle(page)
    rules = trace_rules(page)
    assert "opcg:7-1-4-1" in rules and any(r.startswith("opcg:7-1-5") for r in rules), rules
    assert "パワー5000がリーダーp2(p2-L)のパワー4000以上" in page.inner_text("#trace-list")

    # select an entry: its changes light up on the board
    page.click("#trace-list .entry:has(a[data-clause='opcg:7-1-4-1-1-2']) .entry-select")
    assert page.locator("#board .changed").count() >= 1
    # clause text on hover (laptop) or tap (phone) from /api/clauses
    entry = page.locator("#trace-list .entry:has(a[data-clause='opcg:7-1-4-1']) >> nth=0")
    if width == "laptop":
        entry.locator("a.clause").hover()
    else:
        entry.locator("button.clause-info").click()
    page.wait_for_function("() => document.getElementById('clause-pop') && !document.getElementById('clause-pop').hidden"
                           " && !document.getElementById('clause-pop').textContent.includes('読み込み中')")
    assert "opcg:7-1-4-1" in page.inner_text("#clause-pop")
    shot(page, "session-battle")

    # keyboard: u undoes, space steps again
    page.keyboard.press("Escape")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    entries = "() => document.querySelectorAll('#trace-list .entry').length"
    before = page.evaluate(entries)
    page.keyboard.press("u")
    page.wait_for_function(f"() => document.querySelectorAll('#trace-list .entry').length < {before}")
    page.wait_for_function("() => !document.getElementById('live').hasAttribute('aria-busy')")
    page.evaluate("() => document.activeElement && document.activeElement.blur()")
    if page.query_selector("#decision.open") is None:
        n = page.evaluate(entries)
        page.keyboard.press(" ")
        page.wait_for_function(f"() => document.querySelectorAll('#trace-list .entry').length > {n}")
    page.wait_for_function("() => !document.getElementById('live').hasAttribute('aria-busy')")
    final_rules = trace_rules(page)

    # save the ruling and open its permalink in a fresh context (no cookie, no cache)
    page.fill("#save input[name=title]", "同じパワーのアタック")
    page.fill("#save textarea[name=note]", "7-1-4-1 による")
    page.click("#save button[type=submit]")
    page.wait_for_url(re.compile(r"/r/[a-z0-9]+$"))
    permalink = page.url
    shot(page, "ruling")
    other = browser.new_context(viewport=page.viewport_size)
    p2 = other.new_page()
    p2.goto(permalink)
    assert "同じパワーのアタック" in p2.inner_text("h1")
    assert trace_rules(p2) == final_rules
    p2.goto(server + "/rulings")
    assert "同じパワーのアタック" in p2.inner_text("main")
    shot(p2, "rulings")
    other.close()
    page.goto(session_url)
    assert page.errors == []


def test_every_builder_draws_and_starts(page, server):
    games = json.loads(page.request.get(server + "/api/games").text())["games"]
    assert {g["game"] for g in games} >= {"opcg", "los", "kaiun", "kaiun-multi", "thv"}
    for g in games:
        page.goto(server + g["builder_url"])
        assert page.locator("#board-drawing .player").count() >= 2
        shot(page, f"builder-{g['game']}")
        page.click("form[action$='/fresh'] button")
        page.wait_for_url(re.compile(r"/sessions/"))
        page.click("button[value=decision]")
        page.wait_for_function("() => document.querySelectorAll('#trace-list .entry').length > 0")
        shot(page, f"session-{g['game']}")
    assert page.errors == []


def test_markup_in_user_strings_runs_nothing(browser, width, server):
    # CSP off here: this checks the escaping itself, not the policy that would also stop inline script
    from tests.browser.conftest import WIDTHS
    context = browser.new_context(viewport=WIDTHS[width], bypass_csp=True)
    page = context.new_page()
    page.errors = []
    page.on("pageerror", lambda e: page.errors.append(str(e)))
    page.on("dialog", lambda d: (page.errors.append(f"dialog: {d.message}"), d.dismiss()))
    page.set_default_timeout(15000)
    # card names in a board, a session title, a ruling title and note
    fresh = json.loads(page.request.get(server + "/api/games/opcg/new-board?seed=1").text())["board"]
    fresh["players"]["p1"]["leader"]["name"] = XSS
    fresh["players"]["p2"]["deck"][0]["name"] = XSS
    res = page.request.post(server + "/api/sessions", data=json.dumps({"game": "opcg", "board": fresh, "seed": 1,
                                                                       "title": XSS}),
                            headers={"Content-Type": "application/json"})
    assert res.status == 201, res.text()
    sid = res.json()["id"]
    page.request.post(server + f"/api/sessions/{sid}/step", data=json.dumps({"until": "decision"}),
                      headers={"Content-Type": "application/json"})
    page.goto(server + f"/sessions/{sid}")
    page.fill("#save input[name=title]", XSS)
    page.fill("#save textarea[name=note]", XSS)
    page.click("#save button[type=submit]")
    page.wait_for_url(re.compile(r"/r/"))
    assert XSS in page.inner_text("h1")  # shown as text
    urls = [page.url, server + "/rulings", server + f"/sessions/{sid}"]
    for url in urls:
        page.goto(url)
        page.wait_for_load_state()
        page.wait_for_timeout(200)
        assert page.evaluate("() => window.__xss") is None, url
        assert page.locator("img[src=x]").count() == 0, url
    # the builder: a card name typed into the editor, and a board pasted as JSON
    page.goto(server + "/board/opcg")
    page.click("button[data-act=add][data-path='players.p1.hand']")
    page.locator("#edit-dialog #edit-more > summary").click()
    page.locator("#edit-dialog input[name=id]").fill("x1")
    page.locator("#edit-dialog input[name=name]").fill(XSS)
    page.locator("#edit-dialog button[value=save]").click()
    page.wait_for_selector("#board-drawing .card[data-path='players.p1.hand.0']")
    page.click("#board-drawing .card[data-path='players.p1.hand.0']")
    assert page.locator("#edit-dialog input[name=name]").input_value() == XSS
    page.locator("#edit-dialog button[value=cancel]").click()
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.__xss") is None
    assert page.locator("img[src=x]").count() == 0
    assert page.errors == []
    context.close()
