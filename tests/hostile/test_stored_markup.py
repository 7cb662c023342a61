"""Markup that is valid input (a title, a note, a card's name) is stored as text and shown escaped."""
from __future__ import annotations

import copy
import random

import pytest

from judge_app.engine import rulesets
from tests.hostile.cases import MARKUP

RAW = ("<script>alert(1)</script>", "<img src=x onerror=alert(2)>")


def _with_markup_names(board: dict) -> dict:
    board = copy.deepcopy(board)
    for player in board["players"].values():
        for i, card in enumerate(player.get("deck", [])[:5]):
            card["name"] = f"{MARKUP}{i}"   # distinct names: the rules limit copies of one name
    return board


@pytest.mark.parametrize("game", list(rulesets()))
def test_markup_in_titles_notes_and_card_names_is_escaped_on_every_page(client, game):
    ruleset = rulesets()[game]
    board = _with_markup_names(ruleset.new_game_board(random.Random(5)))
    resp = client.post("/api/sessions", json={"game": game, "board": board, "seed": 5, "title": MARKUP})
    assert resp.status_code == 201, resp.get_data(as_text=True)[:300]
    sid = resp.get_json()["id"]
    client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
    resp = client.post("/api/rulings", json={"session": sid, "title": MARKUP, "note": MARKUP})
    assert resp.status_code == 201
    slug = resp.get_json()["slug"]
    assert client.get(f"/api/rulings/{slug}").get_json()["title"] == MARKUP   # stored as given
    for url in (f"/sessions/{sid}", f"/r/{slug}", "/rulings", f"/search?q={MARKUP}"):
        page = client.get(url)
        assert page.status_code == 200, url
        text = page.get_data(as_text=True)
        assert not any(raw in text for raw in RAW), f"{url} shows markup unescaped"
    assert "&lt;script&gt;" in client.get(f"/r/{slug}").get_data(as_text=True)
