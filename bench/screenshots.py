"""Screenshots of the three pages a judge lives in, at 360×740 and 1280×900, into docs/screenshots/ (PNG).

    .venv/bin/python bench/screenshots.py                 # all of them
    .venv/bin/python bench/screenshots.py --only session  # one page kind (session, builder, ruling)
    .venv/bin/python bench/screenshots.py --games --out DIR # every game: session (sheet open, folded), a dialog

Headless Debian Chromium (/usr/bin/chromium; Japanese drawn with fonts-noto-cjk) against the app started as
bench/a11y.py starts it, holding what tests/browser/axe_pages.prepare stores (a session of every game ending on an
open decision, a ruling under opcg ver.1.1.6 with the fixture edition ver.1.1.7 imported after it, so its page
shows the review banner). Each shot is the screen as the judge sees it (the viewport, not the whole page: the
session page's bottom sheet is fixed to the screen, which a whole-page shot misplaces):

- session-<w>.png: the los session page (33_display_change_limits) on its open decision with its withheld actions
  listed (できない行動, opened): on a phone the judge's hand is the bottom sheet.
- builder-<w>.png: the opcg builder (mid-game board) with the edit dialog of p1's leader open.
- ruling-<w>.png: the saved ruling's page: its verdict first, the review banner, then the trace.
- search-<w>.png, search_thv-<w>.png: search results for a question (opcg, thv): sub-clauses of one clause on one
  card under their parent's line, and each result's answering sentence (issue 42).
"""
from __future__ import annotations

import argparse
import sys
from pathlib import Path
from urllib.parse import quote

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))

OUT = ROOT / "docs" / "screenshots"
SIZES = {360: 740, 1280: 900}
SESSION_GAME = "los"


def _session(page, base, stored):
    page.goto(f"{base}/sessions/{stored['sessions'][SESSION_GAME]}")
    page.wait_for_selector("#decision.open")
    page.evaluate("() => document.querySelectorAll('#decision details.withheld').forEach((d) => { d.open = true; })")


def _builder(page, base, stored):
    page.goto(f"{base}/board/opcg")
    page.wait_for_selector("#board-drawing .player")
    page.click("#board-drawing button.card-edit[data-path='players.p1.leader']")
    page.wait_for_selector("#edit-dialog[open]")


def _ruling(page, base, stored):
    page.goto(f"{base}/r/{stored['ruling']}")
    page.wait_for_selector("#verdict")


def _search(page, base, stored):
    # issue 42: a card of siblings (the parent's line, then its children) and each result's answering sentence
    page.goto(f"{base}/search?q=" + quote("レストしたキャラでブロックできる？") + "&doc=opcg")
    page.wait_for_selector("ol.results .siblings")
    # the first card of siblings at the top of the screen
    page.evaluate("() => document.querySelector('ol.results .siblings').closest('li.result').scrollIntoView()")


def _search_thv(page, base, stored):
    page.goto(f"{base}/search?q=" + quote("スリープ状態のキャラは攻撃できる？") + "&doc=thv")
    page.wait_for_selector("ol.results")


PAGES = {"session": _session, "builder": _builder, "ruling": _ruling, "search": _search, "search_thv": _search_thv}

# --games (issue 40): every game's session page with its decision sheet open and folded, and a dialog of its
# builder, the one each game's judges open most (opcg a card added to the hand, the kaiun games a player, los and thv a card)
DIALOGS = {"opcg": "#board-drawing button[data-act=add][data-path='players.p1.hand']",
           "kaiun": "#board-drawing .player-edit", "kaiun-multi": "#board-drawing .player-edit",
           "los": "#board-drawing button.card-edit", "thv": "#board-drawing button.card-edit"}


def game_shots(page, base, stored, game):
    """(name, what to do) for one game: the shots are taken after each."""
    def session():
        page.goto(f"{base}/sessions/{stored['sessions'][game]}")
        page.wait_for_selector("#decision.open")

    def folded():
        page.click("#hand-fold")

    def dialog():
        page.goto(f"{base}/board/{game}")
        page.wait_for_selector("#board-drawing .player")
        page.locator(DIALOGS[game]).first.click()
        page.wait_for_selector("#edit-dialog[open]")

    yield f"session-{game}", session
    if page.viewport_size["width"] < 1000:
        yield f"session-{game}-folded", folded
    yield f"dialog-{game}", dialog


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--only", choices=list(PAGES))
    ap.add_argument("--games", action="store_true", help="every game's session page (sheet open and folded) and a "
                                                         "builder dialog, instead of the three pages")
    ap.add_argument("--out", default=str(OUT))
    args = ap.parse_args(argv)
    from a11y import ARGS, CHROMIUM, serve
    from playwright.sync_api import sync_playwright

    from tests.browser.axe_pages import prepare

    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    with serve() as (base, corpus):
        stored = prepare(base, corpus)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            if args.games:
                from tests.browser.axe_pages import GAMES
                for width, height in SIZES.items():
                    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="ja-JP")
                    page = ctx.new_page()
                    for game in GAMES:
                        for name, go in game_shots(page, base, stored, game):
                            go()
                            page.wait_for_timeout(300)
                            path = out / f"{name}-{width}.png"
                            page.screenshot(path=str(path))
                            print(path)
                    ctx.close()
                browser.close()
                return 0
            for name, go in PAGES.items():
                if args.only and name != args.only:
                    continue
                for width, height in SIZES.items():
                    ctx = browser.new_context(viewport={"width": width, "height": height}, locale="ja-JP")
                    page = ctx.new_page()
                    go(page, base, stored)
                    page.wait_for_timeout(300)   # the bottom sheet's height settles (ResizeObserver)
                    path = out / f"{name}-{width}.png"
                    page.screenshot(path=str(path))
                    print(f"{path}  {path.stat().st_size // 1024} KB")
                    ctx.close()
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
