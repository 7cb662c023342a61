"""The saved ruling's verdict on a 360 px phone (issue 36): the headline, what changed and the deciding clauses are
on the first screen of /r/<slug>; a 「いいえ」 made with one tap on 「試す」 in the session page opens with its
clause. Screenshots to /work/notes/verdict36-shots/ when that folder can be made (else screenshots/)."""
import json
import re
from pathlib import Path

import pytest
import yaml

from judge_app import PROJECT_ROOT
from judge_app.scenarios import load_scenario
from tests.browser.conftest import SHOTS

pytestmark = pytest.mark.browser
NOTES_SHOTS = Path("/work/notes/verdict36-shots")
SCENARIOS = PROJECT_ROOT / "scenarios"


def _shot(page, name: str) -> None:
    try:
        NOTES_SHOTS.mkdir(parents=True, exist_ok=True)
        where = NOTES_SHOTS
    except OSError:
        SHOTS.mkdir(exist_ok=True)
        where = SHOTS
    page.screenshot(path=str(where / f"{name}-360.png"))


def _on_first_screen(page, selector: str) -> bool:
    """Every element the selector matches lies inside the first screen (not scrolled)."""
    return page.evaluate("""sel => { const els = [...document.querySelectorAll(sel)];
        return els.length > 0 && els.every(e => { const r = e.getBoundingClientRect();
            return r.height > 0 && r.top >= 0 && r.bottom <= window.innerHeight + 1; }); }""", selector)


def _post(page, url, body):
    r = page.request.post(url, data=json.dumps(body), headers={"Content-Type": "application/json"})
    assert r.ok, r.text()
    return r.json()


def test_the_ruling_page_shows_headline_changes_and_clauses_on_the_first_screen_at_360(phone, server):
    text = (SCENARIOS / "opcg" / "04_blocker_is_ko.yaml").read_text(encoding="utf-8")
    slug = _post(phone, f"{server}/api/rulings", {"scenario": text})["slug"]
    phone.goto(f"{server}/r/{slug}")
    assert phone.evaluate("() => window.scrollY") == 0
    head = phone.inner_text("#verdict h2").removeprefix("裁定").strip()   # the label, then the headline
    assert head.startswith("はい") and "トラッシュ" in head
    assert _on_first_screen(phone, "#verdict h2")
    assert _on_first_screen(phone, "#verdict .verdict-changes li")
    assert _on_first_screen(phone, "#verdict .verdict-changes a.clause")
    assert _on_first_screen(phone, "#verdict .deciding")
    changes = phone.inner_text("#verdict .verdict-changes")
    assert "「ウソップ」 キャラクターエリア → トラッシュ" in changes and "opcg:7-1-4-1-2" in changes
    twin = json.loads(phone.request.get(f"{server}/r/{slug}?format=json").text())["verdict"]
    assert [c["text"] for c in twin["changes"]] == [li.split(" opcg:")[0].strip() for li in
                                                    phone.locator("#verdict .verdict-changes li").all_inner_texts()]
    assert head == twin["headline"]   # the same headline as the JSON twin
    _shot(phone, "ruling-opcg-blocker-ko")
    assert phone.errors == []


def test_a_no_made_with_one_tap_on_try_opens_with_its_clause_at_360(phone, server):
    board = load_scenario(SCENARIOS / "opcg" / "50_first_turn_attack_withheld.yaml")["board"]
    sid = _post(phone, f"{server}/api/sessions", {"game": "opcg", "board": board, "seed": 0})["id"]
    _post(phone, f"{server}/api/sessions/{sid}/step", {"until": "decision"})
    phone.goto(f"{server}/sessions/{sid}")
    held = phone.locator("#decision details.withheld")
    if held.get_attribute("open") is None:
        phone.click("#decision details.withheld summary")
    phone.click("#decision .withheld li:has-text('アタック') button.try")   # one tap
    phone.wait_for_selector("#refusal .refusal.recorded")
    phone.wait_for_selector("#trace-list .entry.kind-refused")
    phone.fill("#save input[name=title]", "後攻1ターン目のアタック")
    phone.fill("#save textarea[name=question]", "後攻の最初のターンです。リーダーでアタックできますか？")
    phone.click("#save button[type=submit]")
    phone.wait_for_url(re.compile(r"/r/[a-z0-9]+$"))
    head = phone.inner_text("#verdict h2").removeprefix("裁定").strip()
    assert head.startswith("いいえ") and "opcg:6-5-6-1" in head
    assert _on_first_screen(phone, "#verdict h2")
    assert _on_first_screen(phone, "#verdict .verdict-refused li")
    assert _on_first_screen(phone, "#verdict .deciding")
    assert "リーダーでアタックできますか" in phone.inner_text("#verdict .question")
    slug = phone.url.rsplit("/", 1)[-1]
    exported = yaml.safe_load(phone.request.get(f"{server}/r/{slug}/scenario.yaml").text())
    assert exported["expect"]["verdict"]["answer"] == "いいえ"
    _shot(phone, "ruling-opcg-refused-attack")
    assert phone.errors == []
