"""The builder does the bookkeeping (issue 25), in Chromium at 360 and 1280 px: it opens mid-game; ids and names are
generated; a problem shows in the dialog beside its field, in words; attaching DON!! takes it from the DON!! deck;
focus returns to the edited card; the notation line round-trips with the drawing and an error marks its token;
読み込んで開始 starts the line's board on to its first decision.
Screenshots of each game's builder and card dialog go to screenshots/ (git-ignored)."""
import json
import re

import pytest

from tests.browser.conftest import shot

pytestmark = pytest.mark.browser

GAMES = ["opcg", "kaiun", "kaiun-multi", "los", "thv"]
CARD = {"opcg": "players.p2.characters.0", "kaiun": "players.p1.battle_area.0",
        "kaiun-multi": "players.p2.battle_area.0", "thv": "players.p1.field.0"}


def board(page):
    return json.loads(page.input_value("#board-text"))


def save(page):
    with page.expect_response(lambda r: r.url.endswith("/render")):
        page.click("#edit-dialog button[value=save]")
    page.wait_for_timeout(50)


def is_open(page):
    return page.evaluate("document.getElementById('edit-dialog').open")


def active_path(page):
    return page.evaluate("document.activeElement && document.activeElement.dataset.path")


def test_every_builder_opens_mid_game_and_its_card_dialog_keeps_save_in_view(page, server, width):
    for game in GAMES:
        page.goto(server + f"/board/{game}?seed=3")
        turn = page.inner_text("#board-drawing .turn-edit")
        assert re.search(r"ターン\s*3", turn), turn
        assert page.input_value("#notation").startswith("T3 ")
        assert page.locator("#load-fresh").is_visible() and page.locator("details.scenarios").count() == 1
        shot(page, f"builder-midgame-{game}")
        path = CARD.get(game) or page.eval_on_selector("#board-drawing .player-2 .zone-front li.card:not(.empty)",
                                                       "e => e.dataset.path")
        page.click(f"#board-drawing button.card-edit[data-path='{path}']")
        page.wait_for_selector("#edit-dialog[open]")
        save_button = page.locator("#edit-dialog button[value=save]")
        box = save_button.bounding_box()
        assert box and box["y"] + box["height"] <= page.viewport_size["height"], box   # 保存 on the first screen
        assert page.locator("#edit-more").count() == 1                                # the rest under 詳細
        labels = page.locator("#edit-dialog").inner_text()
        assert "lose_used" not in labels and "win_used" not in labels and "カード総数" not in labels
        shot(page, f"builder-dialog-{game}")
        page.click("#edit-dialog button[value=cancel]")
    assert page.errors == []


def test_ids_generated_names_defaulted_and_focus_back_on_the_card(page, server):
    page.goto(server + "/board/opcg?seed=3")
    page.click("#board-drawing button[data-act=add][data-path='players.p2.characters']")
    page.wait_for_selector("#edit-dialog[open]")
    assert page.input_value("#edit-dialog input[name=name]") == "キャラ2"     # the name the place gives
    page.fill("#edit-dialog input[name=power]", "5000")
    page.check("#edit-dialog .field[data-key=keywords] .choice[data-value='\"ブロッカー\"'] input")
    save(page)
    card = board(page)["players"]["p2"]["characters"][1]
    assert card["id"] == "p2-c2" and card["name"] == "キャラ2" and card["keywords"] == ["ブロッカー"]
    assert active_path(page) == "players.p2.characters.1"                     # focus back on the new card
    # a name left empty is filled in too; focus returns to the card that was edited
    page.click("#board-drawing button.card-edit[data-path='players.p2.characters.1']")
    page.fill("#edit-dialog input[name=name]", "")
    page.fill("#edit-dialog input[name=power]", "6000")
    save(page)
    card = board(page)["players"]["p2"]["characters"][1]
    assert card["name"] == "キャラ2" and card["power"] == 6000
    assert active_path(page) == "players.p2.characters.1"
    assert "6000" in page.inner_text("#board-drawing [data-path='players.p2.characters.1']")
    assert page.errors == []


def test_a_problem_is_shown_in_the_dialog_beside_its_field_in_words(page, server):
    page.goto(server + "/board/opcg?seed=3")
    page.click("#board-drawing button.card-edit[data-path='players.p1.characters.0']")
    page.click("#edit-more > summary")
    page.check("#edit-dialog .field[data-key=category] .choice[data-value='\"イベント\"'] input")
    save(page)
    assert is_open(page)                                                       # nothing kept yet
    # the check's answer is drawn after /render answers: wait for it (a loaded machine draws later than 50 ms)
    page.wait_for_function("() => (document.querySelector('#edit-dialog .field[data-key=category] .field-error')"
                           " || {}).textContent", timeout=10_000)
    beside = page.inner_text("#edit-dialog .field[data-key=category] .field-error")
    assert "キャラクターエリアにはキャラクターカードのみ置けます" in beside and "board." not in beside
    assert page.get_attribute("#edit-dialog .field[data-key=category] fieldset", "aria-describedby")
    assert board(page)["players"]["p1"]["characters"][0].get("category") is None
    page.click("#edit-dialog button[value=cancel]")
    assert active_path(page) == "players.p1.characters.0"
    assert page.errors == []


def test_attaching_don_takes_it_from_the_don_deck(page, server):
    page.goto(server + "/board/opcg?seed=3")
    deck = page.locator("#board-drawing .player[data-path='players.p1'] .zone-don-deck .value")
    assert deck.inner_text().strip() == "7"
    page.click("#board-drawing button.card-edit[data-path='players.p1.characters.0']")
    page.fill("#edit-dialog input[name=don]", "2")
    save(page)
    assert not is_open(page)
    assert deck.inner_text().strip() == "5"
    assert "don_deck" not in board(page)["players"]["p1"] and page.inner_text("#board-problem") == ""
    assert "d2" in page.input_value("#notation")
    # more than the ten DON!! is what the judge really got wrong: said beside the field they changed
    page.click("#board-drawing button.card-edit[data-path='players.p1.characters.0']")
    page.fill("#edit-dialog input[name=don]", "9")
    save(page)
    assert is_open(page)
    assert "ドン!!は全部で10枚です" in page.inner_text("#edit-dialog .field[data-key=don] .field-error")
    shot(page, "builder-don-error")
    assert page.errors == []


def test_opcg_2_7_5_and_2_10_2_the_leader_dialog_has_no_cost_or_counter(page, server):
    """2-7-5 コストはキャラクターカードとイベントカードとステージカードのみが持ちます; 2-10-2 カウンターはキャラクター
    カードのみが持ちます: the leader's dialog asks for what a leader has (パワー, ライフ) and not for those; a
    character's still asks for both."""
    page.goto(server + "/board/opcg?seed=3")
    page.click("#board-drawing button.card-edit[data-path='players.p1.leader']")
    page.wait_for_selector("#edit-dialog[open]")
    keys = page.eval_on_selector_all("#edit-dialog .field[data-key]", "fs => fs.map(f => f.dataset.key)")
    assert "power" in keys and "life" in keys, keys
    assert not {"cost", "counter", "category"} & set(keys), keys
    shot(page, "builder-leader-dialog")
    page.click("#edit-dialog button[value=cancel]")
    page.click("#board-drawing button.card-edit[data-path='players.p1.characters.0']")
    page.wait_for_selector("#edit-dialog[open]")
    keys = page.eval_on_selector_all("#edit-dialog .field[data-key]", "fs => fs.map(f => f.dataset.key)")
    assert {"cost", "counter", "power"} <= set(keys), keys
    page.click("#edit-dialog button[value=cancel]")
    assert page.errors == []


def test_the_notation_line_round_trips_and_an_error_names_its_token(page, server):
    page.goto(server + "/board/opcg?seed=3")
    line = "T3 メイン p1 p1: C[ゾロ(5000 c3)] DON3 ライフ4 D39 H5 p2: L[(5000)] ライフ2 D39 H5"
    page.fill("#notation", line)
    page.click("#notation-load")
    page.wait_for_selector("#board-drawing .card:has-text('ゾロ')")
    assert page.input_value("#notation") == line                               # canonical text reads back as is
    assert board(page)["players"]["p1"]["characters"][0]["id"] == "p1-c1"
    # an edit in the drawing refills the line
    page.click("#board-drawing button.card-edit[data-path='players.p1.characters.0']")
    page.fill("#edit-dialog input[name=power]", "7000")
    save(page)
    assert "ゾロ(7000 c3)" in page.input_value("#notation")
    # an error names the token and marks it
    bad = "T3 メイン p1 p1: C[ゾロ(5000)] Q7 p2:"
    page.fill("#notation", bad)
    page.click("#notation-load")
    page.wait_for_selector("#notation-error mark")
    assert page.inner_text("#notation-error mark") == "Q7" and "「Q7」" in page.inner_text("#notation-error")
    assert page.get_attribute("#notation", "aria-invalid") == "true"
    assert page.evaluate("[document.activeElement.selectionStart, document.activeElement.selectionEnd]") == \
        [bad.index("Q7"), bad.index("Q7") + 2]
    assert "ゾロ(7000 c3)" in json.dumps(board(page), ensure_ascii=False) or \
        board(page)["players"]["p1"]["characters"][0]["power"] == 7000         # the board is left as it was
    shot(page, "builder-notation-error")
    assert page.errors == []


def test_a_slip_is_refused_with_its_reading_as_one_tap_and_the_line_is_read_back(page, server, width):
    """Issue 40: L[5000] is not a leader named 「5000」: the line is refused at 5000, the likely reading is one tap,
    and the line read back in words beside it."""
    page.goto(server + "/board/opcg")
    assert "リーダー パワー5000" in page.inner_text("#notation-reading")              # the opening board, in words
    page.fill("#notation", "T3 メイン p1 p1: L[5000] C[3000 ブロッカー] D40 H5 p2: D40 H5")
    page.click("#notation-load")
    page.wait_for_selector("#notation-fix-apply")
    assert page.inner_text("#notation-error mark") == "5000"
    assert "パワー5000 のリーダー？" in page.inner_text("#notation-fix-apply")
    assert page.is_hidden("#notation-reading")
    shot(page, f"builder-notation-fix-{width}")
    page.click("#notation-fix-apply")                                          # one tap: the next slip is marked
    page.wait_for_selector("#notation-fix-apply:has-text('パワー3000【ブロッカー】 のキャラ1？')")
    assert page.inner_text("#notation-error mark") == "3000"
    page.click("#notation-fix-apply")
    page.wait_for_selector("#notation-reading:not([hidden])")
    said = page.inner_text("#notation-reading")
    assert "リーダー パワー5000" in said and "キャラ1 パワー3000【ブロッカー】" in said, said
    assert page.input_value("#notation").startswith("T3 メイン p1 p1: L[(5000)] C[(3000 ブロッカー)]")
    box = page.eval_on_selector("#notation-reading", "e => e.getBoundingClientRect().right")
    assert box <= page.viewport_size["width"] + 1                              # nothing runs off a 360 px phone
    shot(page, f"builder-notation-reading-{width}")
    assert page.errors == []


def test_load_and_start_opens_the_session_on_its_first_decision_in_one_tap(page, server):
    page.goto(server + "/")
    page.click("main .game-links a[href='/board/opcg']")                        # one tap from the home page
    page.wait_for_selector("#board-drawing .player")
    bad = "T3 メイン p1 p1: Q7 p2:"
    page.fill("#notation", bad)
    page.click("#notation-start")
    page.wait_for_selector("#notation-error mark")
    assert "/board/opcg" in page.url                                            # a wrong token starts nothing
    page.fill("#notation", "T3 メイン p1 p1: L[(6000)] p2: L[(5000)] C[ジンベエ(c3 5000 ブロッカー)]")
    page.click("#notation-start")
    page.wait_for_url(re.compile(r"/sessions/[^/]+$"))
    page.wait_for_selector("#decision.open .options button")                    # on to the first decision
    sid = page.url.rsplit("/", 1)[1]
    s = page.request.get(f"{server}/api/sessions/{sid}").json()
    assert s["board"]["players"]["p2"]["characters"][0]["name"] == "ジンベエ" and s["pending"] is not None
    assert page.errors == []


def test_turn_player_and_phase_in_any_order(page, server):
    page.goto(server + "/board/opcg?seed=3&fresh=1")
    page.click("#board-drawing .turn-edit")
    page.select_option("#edit-dialog .field[data-key=phase] select", json.dumps("main"))
    save(page)
    assert not is_open(page)
    b = board(page)
    assert b["phase"] == "main" and b["turn_player"] == "p1" and b["turn"] >= 1
    assert active_path(page) == ""                                             # back on the turn control
    assert page.errors == []


def test_the_builder_and_its_dialog_have_no_axe_violations(browser, server, width):
    from tests.browser.axe import audit, audit_context, format_violations
    from tests.browser.conftest import WIDTHS

    ctx = audit_context(browser, viewport=WIDTHS[width])
    page = ctx.new_page()
    try:
        for game in GAMES:
            page.goto(server + f"/board/{game}?seed=3")
            found = audit(page)
            assert found == [], format_violations(found)
            page.click("#board-drawing button.card-edit >> nth=0")
            page.wait_for_selector("#edit-dialog[open]")
            page.click("#edit-more > summary")
            found = audit(page)
            assert found == [], format_violations(found)
    finally:
        ctx.close()
