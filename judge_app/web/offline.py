"""The offline copy (issue 41): the service worker at the site's root, the two pages it answers with when the network
is gone, a session's board as its notation line, and `python -m judge_app.web.offline` (the build of the offline
data, the step `make` runs before tools/workbox/build-sw.mjs).

What is kept, and when:
- at the first visit the service worker (static/sw.js, Workbox) precaches the static assets, the offline search
  data (static/offline/search.json) and the pages /offline and /offline/search;
- on the 「オフラインで使う」 tap static/offline.js stores the pack listed in static/offline/pages.json: every clause
  page of the current editions, the tables of contents, the glossaries and the home page, each with a revision
  that is a hash of the rendered page, so a new edition or release fetches again exactly the pages that changed;
- a ruling or session page the judge opens is kept as last seen (the service worker's runtime caches).
"""
from __future__ import annotations

import hashlib
import json
import tempfile
import time
from pathlib import Path

from flask import Blueprint, Flask, Response, current_app, jsonify, url_for

from judge_app.application import builder as bookkeeping, sessions
from judge_app.corpus import get_corpus
from judge_app.web.shared.failures import answer_errors_as_json
from judge_app.web.shared.negotiation import error, render
from judge_app.web.shared.services import get_store, search_service

bp = Blueprint("offline", __name__)
api = answer_errors_as_json(Blueprint("offline_api", __name__, url_prefix="/api"))

SHELL = ("/offline", "/offline/search")      # precached by the service worker: what it answers with offline


@bp.get("/sw.js")
def service_worker():
    """The worker from the site's root, so its scope is the whole site; never cached by the browser itself (a new
    build must be seen at the next visit)."""
    folder = Path(current_app.static_folder)
    if not (folder / "sw.js").is_file():
        return error(404, "sw.js がありません: make serve（または make offline）でオフライン用のファイルを作ってください")
    return Response((folder / "sw.js").read_bytes(), mimetype="text/javascript", headers={"Cache-Control": "no-cache"})


@bp.get("/offline")
def fallback():
    """What the service worker shows for a page it has not kept, when the network is gone."""
    return render({"offline": True}, "offline/fallback.html", docs=list(get_corpus().docs.values()))


@bp.get("/offline/search")
def search_page():
    """The search answered in the browser from the offline search data (static/offline-search.js)."""
    return render({"offline": True}, "offline/search.html", docs=list(get_corpus().docs.values()))


@api.get("/sessions/<sid>/notation")
def session_notation(sid: str):
    """The session's board in its game's one-line notation: kept by the page, to be opened when the network returns."""
    g = sessions.load(get_store(), sid).game
    return jsonify({"session": sid, "game": g.ruleset.game, "notation": bookkeeping.notation_of(g.ruleset, g.state.data),
                    "board_url": url_for("board.builder", game=g.ruleset.game)})


# ---- the build (make) ----------------------------------------------------------------------------------------------
def pack_urls(app: Flask) -> list[str]:
    """The pages of the offline pack: the home page, the rulebooks' list, each table of contents and glossary, and
    every clause page of the current editions."""
    from judge_app.web.shared.clause_links import clause_url

    with app.test_request_context():
        corpus = get_corpus()
        urls = ["/", url_for("rules.index")]
        for d in corpus.docs.values():
            urls += [url_for("rules.toc", doc=d.key), url_for("search.glossary_page", doc=d.key)]
            urls += [clause_url(cid) for cid in d.clauses]
    return urls


def render_pages(app: Flask, urls) -> list[dict]:
    """Each page's entry in pages.json: its URL, its revision (a hash of its rendering) and its size."""
    client = app.test_client()
    out = []
    for url in urls:
        resp = client.get(url)
        if resp.status_code != 200:
            raise RuntimeError(f"{url}: {resp.status_code} while building the offline pack")
        out.append({"url": url, "rev": hashlib.sha256(resp.data).hexdigest()[:16], "bytes": len(resp.data)})
    return out


def build_search_data(app: Flask, out_dir: Path) -> tuple[int, str]:
    """static/offline/search.json: the offline search data from the app's search service; (bytes, version)."""
    from judge_app.search import offline_index

    out_dir.mkdir(parents=True, exist_ok=True)
    with app.app_context():
        data = offline_index.build(search_service())
    body = json.dumps(data, ensure_ascii=False, separators=(",", ":")).encode()
    (out_dir / "search.json").write_bytes(body)
    return len(body), data["version"]


def build_pack(app: Flask, out_dir: Path, search: tuple[int, str]) -> dict:
    """static/offline/pages.json: the pack and the shell, each page with the hash of its rendering and its size, and
    the pack's `build` (a hash of them all). `app` must have started after search.json was written: the pages link
    the static files by their content-hashed names."""
    pages = render_pages(app, pack_urls(app))
    shell = render_pages(app, SHELL)
    build = hashlib.sha256("".join(p["rev"] for p in pages + shell).encode() + search[1].encode()).hexdigest()[:16]
    with app.app_context():
        editions = {d.key: d.edition for d in get_corpus().docs.values()}
    pack = {"build": build, "editions": editions, "search": {"url": "/static/offline/search.json", "bytes": search[0],
            "version": search[1]}, "bytes": sum(p["bytes"] for p in pages), "pages": pages, "shell": shell}
    (out_dir / "pages.json").write_text(json.dumps(pack, ensure_ascii=False, separators=(",", ":")), encoding="utf-8")
    return {"pages": len(pages), "bytes": pack["bytes"], "search_bytes": search[0], "build": build}


def main(argv: list[str] | None = None) -> int:
    """python -m judge_app.web.offline [--out DIR]: the offline search data and the pack's list (default static/offline)."""
    import argparse

    from judge_app import create_app

    ap = argparse.ArgumentParser(prog="python -m judge_app.web.offline", description="オフライン用のデータを作る")
    ap.add_argument("--out", type=Path, help="既定: static/offline")
    args = ap.parse_args(argv)
    t0 = time.perf_counter()
    with tempfile.TemporaryDirectory() as tmp:
        # a throwaway store: the build reads the rulebooks only, never the judge's saved sessions
        config = {"DATABASE": str(Path(tmp) / "build.sqlite3"), "TESTING": True, "SECRET_KEY": "offline-build",
                  "STATIC_BUILD_DIR": str(Path(tmp) / "static-build")}
        app = create_app(config)
        out = args.out or Path(app.static_folder) / "offline"
        search = build_search_data(app, out)
        stats = build_pack(create_app(config), out, search)   # started again: it links the new search.json
    print(f"offline: {stats['pages']} pages ({stats['bytes'] / 1e6:.1f} MB), search data "
          f"{stats['search_bytes'] / 1e6:.1f} MB, build {stats['build']}, {time.perf_counter() - t0:.0f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
