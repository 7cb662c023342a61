"""Draws the app's icons (static/icons/icon-<size>.png) from static/icons/icon.svg with Debian's Chromium: no
downloaded art and no image library. The square icon has its drawing inside the middle 80 %, so the same file
serves as the `maskable` icon. Run once after changing the SVG and commit the PNGs:

    python tools/make_icons.py
"""
from pathlib import Path

from playwright.sync_api import sync_playwright

ICONS = Path(__file__).resolve().parent.parent / "static" / "icons"
SIZES = (192, 512)


def main() -> None:
    svg = (ICONS / "icon.svg").read_text(encoding="utf-8")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path="/usr/bin/chromium", args=["--no-sandbox"])
        for size in SIZES:
            page = browser.new_page(viewport={"width": size, "height": size})
            page.set_content(f"<style>html,body{{margin:0}}svg{{display:block;width:{size}px;height:{size}px}}"
                             f"</style>{svg}")
            page.screenshot(path=str(ICONS / f"icon-{size}.png"))
            page.close()
        browser.close()


if __name__ == "__main__":
    main()
