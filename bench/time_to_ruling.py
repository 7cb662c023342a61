"""Time to a ruling (issue 25): taps, seconds and scrolling for a judge on a phone, from a described board to a
saved ruling, and from a typed question to its clause.

    .venv/bin/python bench/time_to_ruling.py                       # driver `before`, 360x740, 3 runs
    .venv/bin/python bench/time_to_ruling.py --widths 360,1280 --runs 5 --shots
    .venv/bin/python bench/time_to_ruling.py --driver after --out bench/results/time-to-ruling-after.json
    .venv/bin/python bench/time_to_ruling.py --check                # the descriptions only, no browser

A benchmark, not a test: it prints a table and writes JSON (default
`bench/results/time-to-ruling-<driver>.json`); it exits non-zero only when a walk could not be done (a board
fact not held, an option missing, an expected clause not shown), since then its figures would mean nothing.

What it does. It starts the app itself (`judge_app.create_app` with a temporary instance folder, on a free
loopback port, in a thread: as tests/browser/conftest.py does) and drives Debian's Chromium (/usr/bin/chromium,
never downloaded) with Playwright at each width. For every case of bench/time_to_ruling.yaml it opens the home
page and lets the driver (bench/ttr_drivers/<driver>.py) walk: open the game's builder, enter the described
board, start the session, answer and step as the case says, bring the ruling into view, save it with a title.
The bench then checks, through the stable JSON API and not through the driver, that the session started from
a board holding every described fact, and that the saved ruling's trace has every expected clause and message
and the expected winner, and that its page shows them. For every question it types the question into the home
search box and lets the driver tap towards the clause until the clause's text is on screen.

What it counts (class Walk; every driver action goes through it):
  taps     a click, an Enter, or one typed field (however many characters). A choice in a <select> is
           2 taps (open the picker, pick), as on a phone. Typing is one tap per field, its characters are
           counted apart. For a keyboard driver (`--driver keyboard`) a tap is one key press: every Tab,
           Enter or shortcut key, and one typed field.
  tabs     of those, the Tab presses (a keyboard driver's way from one control to the next)
  chars    characters typed (a Japanese word counts its characters; the IME's conversion taps are not counted)
  scroll   px scrolled to bring the next control (or the thing to read) into view: the control's distance
           from the viewport when it is off-screen, scrolled with scrollIntoView({block: "nearest"}), the
           least a person scrolls; scrolling inside a dialog counts the same way
  seconds  wall time of the robot from the first tap to the saved ruling's page (waiting for the server and
           the page's own scripts included, screenshots excluded): a floor, not what a person takes
  person   a person estimate = taps x 2.5 s + typed characters x 0.3 s (reading and thinking not included)
Each figure is the median over --runs runs. The builder of today opens with a random fresh game, and a fact
already right on it is not entered (its leader may already have the described power): run i seeds that board
with --fresh-seed + i, so the runs see different boards, as judges do, and the same runs of two drivers see the
same ones. The load average before and after is recorded:
the machine is shared, seconds are noisy.

Questions: `taps_to_listed` is the taps after typing until one of the answering clause ids is on screen (in a
suggestion or a result), `taps_to_clause` until the clause's own text is on screen (its first words, in the
viewport). Both exclude the typed field itself; `taps` includes it.
"""
from __future__ import annotations

import argparse
import datetime
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.parse
import urllib.request
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

BENCH = Path(__file__).resolve().parent
ROOT = BENCH.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(BENCH))

CHROMIUM = "/usr/bin/chromium"
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
        "--disable-sync", "--no-first-run"]
HEIGHTS = {360: 740, 1280: 900}
TAP_S, CHAR_S = 2.5, 0.3
SHOTS = ROOT / "screenshots"


# ---- the descriptions ------------------------------------------------------------------------------------
from ttr_facts import Facts, get_path, matches  # noqa: E402


@dataclass
class Case:
    game: str
    title: str
    situation: str
    facts: Facts
    notation: str
    steps: list[dict]
    expect: dict
    ruling_title: str


def load_cases(path: Path) -> tuple[list[Case], list[dict]]:
    data = yaml.safe_load(path.read_text(encoding="utf-8"))
    cases = [Case(c["game"], c["title"], c["situation"], Facts(c["game"], c["board"]), c.get("notation", ""),
                  c["steps"], c.get("expect") or {}, c["ruling_title"]) for c in data["cases"]]
    return cases, data.get("questions") or []


def check_descriptions(cases: list[Case]) -> list[str]:
    """Each notation line loads and holds every fact of its case."""
    from judge_app.engine.registry import get_ruleset

    problems = []
    for c in cases:
        if not c.notation:
            continue
        try:
            board = get_ruleset(c.game).load_notation(c.notation)
        except Exception as e:   # noqa: BLE001
            problems.append(f"{c.game}: notation does not load: {e}")
            continue
        for path, want in c.facts.unmet(board):
            problems.append(f"{c.game}: notation does not hold {path} = {want!r}")
    return problems


# ---- counting ----------------------------------------------------------------------------------------
_REACH = """(el) => {
  const r0 = el.getBoundingClientRect();
  el.scrollIntoView({block: "nearest", inline: "nearest", behavior: "instant"});
  const r1 = el.getBoundingClientRect();
  return Math.round(Math.abs(r1.top - r0.top) + Math.abs(r1.left - r0.left));
}"""


@dataclass
class Action:
    kind: str
    what: str
    taps: int
    chars: int
    scroll: int
    t: float


@dataclass
class Walk:
    """Every tap of a driver goes through here: it counts taps, typed characters and the scrolling needed to
    reach the control, and keeps the log."""
    page: Any
    actions: list[Action] = field(default_factory=list)
    paused: float = 0.0
    t0: float = field(default_factory=time.perf_counter)
    marks: dict = field(default_factory=dict)

    # totals
    @property
    def taps(self) -> int:
        return sum(a.taps for a in self.actions)

    @property
    def chars(self) -> int:
        return sum(a.chars for a in self.actions)

    @property
    def scroll(self) -> int:
        return sum(a.scroll for a in self.actions)

    def elapsed(self) -> float:
        return time.perf_counter() - self.t0 - self.paused

    def mark(self, name: str) -> None:
        """A point in the walk: the totals so far are kept under `name` (build, steps, typed …)."""
        self.marks[name] = {"taps": self.taps, "tabs": self.tabs, "chars": self.chars, "scroll": self.scroll,
                            "seconds": round(self.elapsed(), 3)}

    @contextmanager
    def pause(self):
        """Time the bench spends on itself (screenshots, checks) is not the judge's."""
        t = time.perf_counter()
        try:
            yield
        finally:
            self.paused += time.perf_counter() - t

    def _loc(self, target):
        loc = self.page.locator(target) if isinstance(target, str) else target
        return loc.first if hasattr(loc, "first") else loc

    def _reach(self, loc) -> int:
        loc.wait_for(state="attached")
        try:
            return int(loc.evaluate(_REACH))
        except Exception:   # noqa: BLE001 - detached between the two calls: Playwright scrolls for itself
            return 0

    def _log(self, kind, what, taps, chars, scroll):
        self.actions.append(Action(kind, what, taps, chars, scroll, round(self.elapsed(), 3)))

    def click(self, target, what: str = "") -> None:
        loc = self._loc(target)
        px = self._reach(loc)
        loc.click()
        self._log("click", what, 1, 0, px)

    def fill(self, target, text: str, what: str = "") -> None:
        loc = self._loc(target)
        px = self._reach(loc)
        loc.fill(text)
        self._log("fill", what, 1, len(text), px)

    def press(self, target, key: str, what: str = "") -> None:
        loc = self._loc(target)
        px = self._reach(loc)
        loc.press(key)
        self._log("press", what or key, 1, 0, px)

    def select(self, target, value: str, what: str = "") -> None:
        loc = self._loc(target)
        px = self._reach(loc)
        loc.select_option(value)
        self._log("select", what, 2, 0, px)

    def check(self, target, on: bool, what: str = "") -> None:
        loc = self._loc(target)
        px = self._reach(loc)
        loc.set_checked(on)
        self._log("check", what, 1, 0, px)

    def key(self, key: str, what: str = "") -> None:
        """One key pressed where the focus is (a keyboard driver: Tab, Enter, a shortcut). Nothing is focused for
        it: the page's own focus order decides where the key lands."""
        self.page.keyboard.press(key)
        self._log("key", what or key, 1, 0, 0)

    def type_here(self, text: str, what: str = "") -> None:
        """Text typed into the focused field: one typed field (its characters counted apart), as `fill`."""
        self.page.keyboard.insert_text(text)
        self._log("type", what, 1, len(text), 0)

    @property
    def tabs(self) -> int:
        return sum(1 for a in self.actions if a.kind == "key" and a.what.split(" ")[0] in ("Tab", "Shift+Tab"))

    def look(self, target, what: str = "") -> None:
        loc = self._loc(target)
        px = self._reach(loc)
        self._log("look", what, 0, 0, px)

    def summary(self) -> dict:
        secs = round(self.elapsed(), 2)
        return {"taps": self.taps, "tabs": self.tabs, "chars": self.chars, "scroll_px": self.scroll, "seconds": secs,
                "person_s": round(self.taps * TAP_S + self.chars * CHAR_S, 1)}


# ---- the server ----------------------------------------------------------------------------------------
@contextmanager
def serve(fresh_seed: int | None, index_dir: str | None):
    """The app on a free loopback port in a thread, with a temporary instance folder."""
    from werkzeug.serving import make_server

    with tempfile.TemporaryDirectory(prefix="ttr-") as tmp:
        os.environ["JUDGE_APP_INSTANCE"] = tmp
        from judge_app import create_app

        # RATE_LIMIT_WRITES off: one judge does not write 120 times a minute, but the bench walks 15 boards a
        # minute from one address (issue 27's limit answered 429 in the middle of a walk)
        app = create_app({"DATABASE": str(Path(tmp) / "db.sqlite3"),
                          "INDEX_DIR": index_dir or str(Path(tmp) / "index"), "SECRET_KEY": "time-to-ruling",
                          "RATE_LIMIT_WRITES": ""})
        seeded = _seed_fresh_boards(fresh_seed)
        import logging

        logging.getLogger("werkzeug").setLevel(logging.ERROR)   # no request log on the table's output
        srv = make_server("127.0.0.1", 0, app, threaded=True)
        thread = threading.Thread(target=srv.serve_forever, daemon=True)
        thread.start()
        try:
            yield f"http://127.0.0.1:{srv.server_port}", seeded
        finally:
            srv.shutdown()


_ORIGINAL_SEED = None


def _seed_fresh_boards(seed: int | None) -> bool:
    """The builder opens with a random fresh game; so that every run sees a known board (and two drivers the
    same ones), the seeds the app draws come from random.Random(seed) here. The app's `random_seed` function is
    found wherever it lives (it moves with refactors) and replaced in every judge_app module that imported it.
    Returns whether it was found."""
    global _ORIGINAL_SEED
    if seed is None:
        return False
    import importlib
    import pkgutil
    import random

    import judge_app

    if _ORIGINAL_SEED is None:
        for mod in pkgutil.walk_packages(judge_app.__path__, "judge_app."):
            if mod.name.startswith(("judge_app.web", "judge_app.application")):
                try:
                    importlib.import_module(mod.name)
                except Exception:   # noqa: BLE001 - a module that needs what the bench lacks: not the seed's
                    pass
        for name, module in list(sys.modules.items()):
            fn = getattr(module, "random_seed", None) if name.startswith("judge_app") else None
            if callable(fn) and getattr(fn, "__module__", "") == name:
                _ORIGINAL_SEED = fn
                break
    if _ORIGINAL_SEED is None:
        return False
    rng = random.Random(seed)

    def seeded() -> int:
        return rng.randrange(2 ** 31)

    seeded.bench_hook = True
    found = False
    for name, module in list(sys.modules.items()):
        fn = getattr(module, "random_seed", None) if name.startswith("judge_app") else None
        if fn is not None and (fn is _ORIGINAL_SEED or getattr(fn, "bench_hook", False)):
            module.random_seed = seeded
            found = True
    return found


def reseed(seed: int | None) -> None:
    _seed_fresh_boards(seed)


def api(base: str, path: str) -> Any:
    with urllib.request.urlopen(base + path, timeout=60) as r:
        return json.load(r)


def warm(base: str, cases: list[Case], questions: list[dict]) -> None:
    """What a running server already has: the search index, the analysers, the scenario lists."""
    for q in questions[:1] + [{"q": "ブロッカー"}]:
        api(base, "/api/search?limit=8&q=" + urllib.parse.quote(q["q"]))
    for game in sorted({c.game for c in cases}):
        urllib.request.urlopen(base + f"/board/{game}", timeout=60).read()


# ---- one walk ----------------------------------------------------------------------------------------
def shot(w: Walk, name: str, enabled: bool) -> None:
    if not enabled:
        return
    with w.pause():
        SHOTS.mkdir(exist_ok=True)
        width = w.page.viewport_size["width"]
        w.page.screenshot(path=str(SHOTS / f"{name}-{width}.png"), full_page=True)


def on_screen(page, needle: str) -> bool:
    """Whether `needle` is in the text of an element that is at least partly in the viewport."""
    return bool(page.evaluate("""(needle) => {
      const norm = (s) => (s || "").replace(/\\s+/g, "");
      const want = norm(needle);
      const vh = window.innerHeight, vw = window.innerWidth;
      const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
      for (let el = walker.currentNode; el; el = walker.nextNode()) {
        if (!el.childElementCount || el.tagName === "P" || el.tagName === "LI") {
          const r = el.getBoundingClientRect();
          if (r.bottom <= 0 || r.top >= vh || r.right <= 0 || r.left >= vw || !r.width || !r.height) continue;
          const st = getComputedStyle(el);
          if (st.visibility === "hidden" || st.display === "none") continue;
          if (norm(el.innerText).includes(want)) return true;
        }
      }
      return false;
    }""", needle))


def run_case(driver, page, base: str, case: Case, shots: bool, label: str) -> dict:
    page.goto(base + "/")
    page.wait_for_load_state()
    w = Walk(page)
    driver.open_builder(w, case.game)
    w.mark("builder_open")
    driver.enter_board(w, case)
    w.mark("board_entered")
    shot(w, f"ttr-{label}-{case.game}-builder", shots)
    sid = driver.start_session(w)
    w.mark("build")
    for s in case.steps:
        if "answer" in s:
            driver.answer(w, s["answer"])
        else:
            driver.step(w, s["until"])
    driver.show_result(w, case)
    w.mark("steps")
    shot(w, f"ttr-{label}-{case.game}-session", shots)
    slug = driver.save(w, case.ruling_title)
    w.mark("save")
    total = w.summary()
    shot(w, f"ttr-{label}-{case.game}-ruling", shots)
    problems = verify_case(page, base, case, sid, slug)
    return {**total, "phases": phases(w), "session": sid, "ruling": slug, "problems": problems,
            "actions": [a.__dict__ for a in w.actions]}


def phases(w: Walk) -> dict:
    out, prev = {}, {"taps": 0, "tabs": 0, "chars": 0, "scroll": 0, "seconds": 0.0}
    for name in ("build", "steps", "save"):
        m = w.marks.get(name)
        if m is None:
            continue
        out[name] = {k: round(m[k] - prev[k], 2) if k == "seconds" else m[k] - prev[k] for k in m}
        prev = m
    return out


def verify_case(page, base: str, case: Case, sid: str, slug: str) -> list[str]:
    """Through the stable JSON API, not the driver: the board held the facts; the ruling shows the result."""
    problems = []
    sess = api(base, f"/api/sessions/{sid}")
    for path, want in case.facts.unmet(sess["board"], sess.get("seed") or 0):
        problems.append(f"board: {path} is not {want!r}")
    ruling = api(base, f"/api/rulings/{slug}")
    rules = []
    for e in ruling.get("trace") or []:
        rules += [e.get("rule")] + list(e.get("cites") or [])
    messages = "\n".join(e.get("message", "") for e in ruling.get("trace") or [])
    exp = case.expect
    if "winner" in exp and ruling.get("winner") != exp["winner"]:
        problems.append(f"winner: {ruling.get('winner')!r}, expected {exp['winner']!r}")
    for r in exp.get("rules") or []:
        if r not in rules:
            problems.append(f"trace lacks {r}")
    for m in exp.get("messages") or []:
        if m not in messages:
            problems.append(f"trace lacks the message {m!r}")
    # the saved ruling's page (where the walk ends) shows the title and every expected clause
    text = page.inner_text("body")
    if case.ruling_title not in text:
        problems.append("the ruling page does not show its title")
    for r in exp.get("rules") or []:
        if r not in text:
            problems.append(f"the ruling page does not show {r}")
    return problems


_CLAUSE_ON_SCREEN = """([cid, number, needle, onItsPage]) => {
  const norm = (s) => (s || "").replace(/\\s+/g, "");
  const want = norm(needle);
  const vh = window.innerHeight, vw = window.innerWidth;
  const inView = (el) => {
    const r = el.getBoundingClientRect();
    if (r.bottom <= 0 || r.top >= vh || r.right <= 0 || r.left >= vw || !r.width || !r.height) return false;
    const st = getComputedStyle(el);
    return st.visibility !== "hidden" && st.display !== "none";
  };
  // the smallest elements in view whose text holds the clause's words …
  const hits = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_ELEMENT);
  for (let el = walker.currentNode; el; el = walker.nextNode()) {
    if (!inView(el) || !norm(el.innerText).includes(want)) continue;
    if ([...el.children].some((c) => norm(c.innerText).includes(want))) continue;
    hits.push(el);
  }
  // … labelled with the clause's id nearby (a result, a suggestion), or anywhere on the clause's own page
  for (const el of hits) {
    if (onItsPage) return true;
    // the nearest ancestor that names a clause must name this one, and only this one
    let a = el;
    for (let k = 0; a && k < 6; k++, a = a.parentElement) {
      const named = new Set((a.innerText || "").match(/\\b(?:kaiun-multi|kaiun|opcg|los|thv):[0-9A-Za-z][0-9A-Za-z.\\-]*/g) || []);
      a.querySelectorAll && a.querySelectorAll('a[href^="/rules/"]').forEach((l) => {
        const m = l.getAttribute("href").split(/[?#]/)[0].match(/^\\/rules\\/([^/]+)\\/(.+)$/);
        if (m) named.add(m[1] + ":" + decodeURIComponent(m[2]));
      });
      if (named.size) {
        if (named.size === 1 && named.has(cid)) return true;
        break;
      }
    }
  }
  return false;
}"""


def clause_on_screen(page, cid: str, needle: str) -> bool:
    doc, number = cid.split(":", 1)
    path = urllib.parse.urlparse(page.url).path
    on_its_page = urllib.parse.unquote(path) == f"/rules/{doc}/{number}"
    return bool(page.evaluate(_CLAUSE_ON_SCREEN, [cid, number, needle, on_its_page]))


def run_question(driver, page, base: str, q: dict, max_taps: int = 4) -> dict:
    """Taps after typing until an answering clause is listed (its id on screen), and until its text is (the
    first 40 characters of it, beside its id, or on its own page)."""
    ids = q["ids"]
    needles = {}
    for cid in ids:
        doc, number = cid.split(":", 1)
        try:
            text = api(base, f"/api/clauses/{doc}/{urllib.parse.quote(number)}").get("text") or ""
        except Exception:   # noqa: BLE001
            text = ""
        if text:
            needles[cid] = "".join(text.split())[:40]
    page.goto(base + "/")
    page.wait_for_load_state()
    w = Walk(page)
    driver.type_question(w, q["q"])
    w.mark("typed")
    typed = w.taps
    listed = clause = reached = t_clause = n_clause = None
    taps_log = []

    def look() -> bool:
        nonlocal listed, clause, reached, t_clause, n_clause
        t, n = w.elapsed(), len(w.actions)
        with w.pause():
            if listed is None and any(on_screen(page, cid) for cid in ids):
                listed = w.taps - typed
            for cid, needle in needles.items():
                if clause is None and clause_on_screen(page, cid, needle):
                    clause, reached, t_clause, n_clause = w.taps - typed, cid, t, n
                    if listed is None:
                        listed = clause
        return clause is not None

    def wait_and_look() -> None:
        """Poll while the page answers (suggestions are debounced and fetched), then once more when idle."""
        page.wait_for_load_state()
        end = time.perf_counter() + 1.5
        while time.perf_counter() < end:
            if look():
                return
            page.wait_for_timeout(100)
        try:
            page.wait_for_load_state("networkidle", timeout=3000)
        except Exception:   # noqa: BLE001
            pass
        look()

    pages = {f"/rules/{cid.split(':', 1)[0]}/{cid.split(':', 1)[1]}" for cid in ids}
    on_page = t_page = None

    def at_page() -> bool:
        nonlocal on_page, t_page
        if on_page is None and urllib.parse.unquote(urllib.parse.urlparse(page.url).path) in pages:
            on_page, t_page = w.taps - typed, w.elapsed()
        return on_page is not None

    wait_and_look()
    at_page()
    while on_page is None and w.taps - typed < max_taps:
        what = driver.next_tap_to_clause(w, ids)
        if what is None:
            break
        taps_log.append(what)
        wait_and_look()
        at_page()
    s = w.summary()
    # the figures up to the clause's text on screen (the walk then went on to its page: taps_to_page)
    upto = w.actions[:n_clause] if clause is not None else w.actions
    taps = sum(a.taps for a in upto)
    chars = sum(a.chars for a in upto)
    return {"q": q["q"], "ids": ids, "taps": taps, "chars": chars, "taps_to_listed": listed,
            "taps_to_clause": clause, "taps_to_page": on_page, "found": clause is not None, "reached": reached,
            "scroll_px": sum(a.scroll for a in upto),
            "seconds": round(t_clause, 2) if t_clause is not None else s["seconds"],
            "seconds_to_page": round(t_page, 2) if t_page is not None else None,
            "person_s": round(taps * TAP_S + chars * CHAR_S, 1), "path": taps_log, "url": page.url,
            "actions": [a.__dict__ for a in w.actions]}


# ---- report ------------------------------------------------------------------------------------------
KEYS = ("taps", "tabs", "chars", "scroll_px", "seconds", "person_s")


def median_of(runs: list[dict], keys=KEYS) -> dict:
    out = {}
    for k in keys:
        vals = [r[k] for r in runs if isinstance(r.get(k), (int, float))]
        out[k] = round(statistics.median(vals), 2) if vals else None
    return out


def _pad(text: str, width: int) -> str:
    """Left-aligned to `width` terminal columns (a Japanese character takes two)."""
    import unicodedata

    out, cols = "", 0
    for ch in text:
        w = 2 if unicodedata.east_asian_width(ch) in "WF" else 1
        if cols + w > width:
            break
        out, cols = out + ch, cols + w
    return out + " " * (width - cols)


def median_phases(runs: list[dict]) -> dict:
    out = {}
    for name in ("build", "steps", "save"):
        got = [r["phases"][name] for r in runs if r.get("phases") and name in r["phases"]]
        if got:
            out[name] = {k: round(statistics.median(g[k] for g in got), 2) for k in got[0]}
    return out


def table(results: dict) -> str:
    lines = []
    for width, block in results["widths"].items():
        lines.append(f"\n{results['driver']} at {width}px — median of {results['runs']} runs "
                     f"(load average {results['loadavg_before'][0]:.1f} before, {results['loadavg_after'][0]:.1f} after)")
        lines.append(f"{'game':<12} {'taps':>5} {'(build/steps/save)':>19} {'tabs':>5} {'(build/steps/save)':>19} "
                     f"{'chars':>6} {'scroll px':>10} {'(build/steps/save)':>22} {'robot s':>8} {'person s':>9}  ok")
        for c in block["cases"]:
            m, ph = c["median"], c.get("phases") or {}
            split = "/".join(str(ph.get(k, {}).get("taps", "-")) for k in ("build", "steps", "save"))
            split_px = "/".join(str(ph.get(k, {}).get("scroll", "-")) for k in ("build", "steps", "save"))
            split_tabs = "/".join(str(ph.get(k, {}).get("tabs", "-")) for k in ("build", "steps", "save"))
            ok = "yes" if not any(r["problems"] for r in c["runs"]) else "NO"
            lines.append(f"{c['game']:<12} {m['taps']:>5} {split:>19} {m['tabs']!s:>5} {split_tabs:>19} "
                         f"{m['chars']:>6} {m['scroll_px']:>10} "
                         f"{split_px:>22} {m['seconds']:>8} {m['person_s']:>9}  {ok}")
        lines.append(f"\n{'question':<40} {'taps':>5}  after typing: {'listed':>6} {'text':>5} {'page':>5} "
                     f"{'scroll px':>10} {'robot s':>8} {'person s':>9}")
        for q in block["questions"]:
            m = q["median"]
            r0 = q["runs"][0]
            lines.append(f"{_pad(q['q'], 40)} {m['taps']:>5}  {'':>13} {str(r0['taps_to_listed']):>6} "
                         f"{str(r0['taps_to_clause']) if r0['found'] else '-':>5} {str(r0['taps_to_page']):>5} "
                         f"{m['scroll_px']:>10} {m['seconds']:>8} {m['person_s']:>9}")
    return "\n".join(lines)


def git_commit() -> str:
    try:
        return subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                              text=True, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return ""


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--driver", default="before", help="bench/ttr_drivers/<NAME>.py (default: before)")
    ap.add_argument("--cases", default=str(BENCH / "time_to_ruling.yaml"))
    ap.add_argument("--widths", default="360", help="comma-separated viewport widths (360, 1280)")
    ap.add_argument("--runs", type=int, default=3)
    ap.add_argument("--games", default="", help="only these games (comma-separated)")
    ap.add_argument("--no-questions", action="store_true")
    ap.add_argument("--shots", action="store_true", help="screenshots of builder, session and ruling (first run) "
                                                         "into screenshots/")
    ap.add_argument("--fresh-seed", type=int, default=1,
                    help="seed of the fresh boards the builder opens with (-1: random, as in production)")
    ap.add_argument("--index-dir", default=None, help="a search index cache to reuse (default: built in the "
                                                      "temporary instance folder before measuring)")
    ap.add_argument("--out", default=None)
    ap.add_argument("--check", action="store_true", help="check the descriptions (notation lines) and stop")
    args = ap.parse_args(argv)

    cases, questions = load_cases(Path(args.cases))
    problems = check_descriptions(cases)
    if args.check:
        print("\n".join(problems) or f"{len(cases)} cases, {len(questions)} questions: the descriptions hold")
        return 1 if problems else 0
    if problems:
        print("warning: " + "\n".join(problems), file=sys.stderr)
    if args.games:
        keep = set(args.games.split(","))
        cases = [c for c in cases if c.game in keep]
    if args.no_questions:
        questions = []
    if not os.access(CHROMIUM, os.X_OK):
        print(f"{CHROMIUM} がありません: apt-get install chromium fonts-noto-cjk（ブラウザはダウンロードしません）",
              file=sys.stderr)
        return 2
    from ttr_drivers import load as load_driver
    from playwright.sync_api import sync_playwright

    Driver = load_driver(args.driver)
    widths = [int(x) for x in args.widths.split(",") if x]
    fresh_seed = None if args.fresh_seed < 0 else args.fresh_seed
    results: dict = {"driver": args.driver, "path": Driver.path, "date": datetime.datetime.now().isoformat(timespec="seconds"),
                     "commit": git_commit(), "runs": args.runs, "cpus": os.cpu_count(),
                     "loadavg_before": os.getloadavg(), "tap_seconds": TAP_S, "char_seconds": CHAR_S,
                     "fresh_seed": fresh_seed, "widths": {}}
    failed = False
    with serve(fresh_seed, args.index_dir) as (base, seeded):
        results["fresh_seed_applied"] = seeded
        warm(base, cases, questions)
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            for width in widths:
                block = {"cases": [], "questions": []}
                for case in cases:
                    runs = []
                    for i in range(args.runs):
                        reseed(None if fresh_seed is None else fresh_seed + i)   # run i: the same board in every driver
                        ctx = browser.new_context(viewport={"width": width, "height": HEIGHTS.get(width, 900)},
                                                  locale="ja-JP")
                        page = ctx.new_page()
                        page.set_default_timeout(20000)
                        errors: list[str] = []
                        page.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                        driver = Driver(base)
                        try:
                            r = run_case(driver, page, base, case, args.shots and i == 0, args.driver)
                        except Exception as e:   # noqa: BLE001 - report the walk that could not be done
                            with_shot = SHOTS / f"ttr-{args.driver}-{case.game}-FAILED-{width}.png"
                            SHOTS.mkdir(exist_ok=True)
                            page.screenshot(path=str(with_shot), full_page=True)
                            r = {k: None for k in KEYS} | {"phases": {}, "problems": [f"walk failed: {e}"],
                                                          "actions": []}
                        r["page_errors"] = errors
                        if r["problems"] or errors:
                            failed = True
                        runs.append(r)
                        ctx.close()
                        print(f"  {width}px {case.game} run {i + 1}: taps {r['taps']} seconds {r['seconds']}"
                              f"{' PROBLEMS ' + '; '.join(r['problems']) if r['problems'] else ''}", file=sys.stderr)
                    block["cases"].append({"game": case.game, "title": case.title, "situation": case.situation,
                                           "facts": len(case.facts), "median": median_of(runs),
                                           "phases": median_phases(runs), "runs": runs})
                for q in questions:
                    runs = []
                    for i in range(args.runs):
                        ctx = browser.new_context(viewport={"width": width, "height": HEIGHTS.get(width, 900)},
                                                  locale="ja-JP")
                        page = ctx.new_page()
                        page.set_default_timeout(20000)
                        runs.append(run_question(Driver(base), page, base, q))
                        ctx.close()
                    block["questions"].append({"q": q["q"], "ids": q["ids"],
                                               "median": median_of(runs, KEYS), "runs": runs})
                    print(f"  {width}px question {q['q'][:20]}: {runs[0]['path']} found={runs[0]['found']}",
                          file=sys.stderr)
                results["widths"][str(width)] = block
            browser.close()
    results["loadavg_after"] = os.getloadavg()
    out = Path(args.out) if args.out else BENCH / "results" / f"time-to-ruling-{args.driver}.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    out.write_text(json.dumps(results, ensure_ascii=False, indent=1) + "\n", encoding="utf-8")
    print(table(results))
    print(f"\nwritten {out.relative_to(ROOT) if out.is_relative_to(ROOT) else out}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
