"""What the web tests of the pages' forms share: the CSRF token a page carries, one form cut out of a page, and an
opcg session at its main phase decision (for the session page's effect forms)."""
import re

from tests.rulesets.opcg.helpers import board


def token(client, url: str) -> str:
    """The CSRF token in the form of the page at `url` (the session cookie it goes with stays in `client`)."""
    return re.search(r'name="csrf" value="([^"]+)"', client.get(url).get_data(as_text=True)).group(1)


def form_of(html: str, form_id: str) -> str:
    """The markup of the form whose id is `form_id`, up to its end."""
    form = html[html.index(f'id="{form_id}"'):]
    return form[:form.index("</form>")]


def opcg_at_main(client) -> str:
    """A new opcg session (p2 with an empty hand) stepped to its first decision; its id."""
    r = client.post("/api/sessions", json={"game": "opcg", "board": board(p2={"hand": []}), "seed": 1})
    assert r.status_code == 201, r.get_json()
    sid = r.get_json()["id"]
    client.post(f"/api/sessions/{sid}/step", json={"until": "decision"})
    return sid
