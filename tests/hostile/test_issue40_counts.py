"""Issue 39 #6, fixed for issue 40: a count in the notation (`T999999999`) is checked against its zone's limit
before a single card is made. Every zone a count pads or counts, in every game, answers a 4xx naming the zone and
its limit, at once and without building the cards."""
from __future__ import annotations

import time
import tracemalloc

import pytest

HUGE = 999_999_999
# (game, the line with {n} where the count goes, the zone's name in the error, its limit)
ZONES = [
    ("opcg", "T3 メイン p1 p1: T{n} p2: D40", "トラッシュ", 200),
    ("opcg", "T3 メイン p1 p1: C{n} p2: D40", "キャラクターエリア", 5),
    ("opcg", "T3 メイン p1 p1: H{n} p2: D40", "手札", 100),
    ("opcg", "T3 メイン p1 p1: D{n}[ゾロ] p2: D40", "デッキ", 201),   # N = the listed card + up to 200 under it
    ("kaiun", "T3 バトル p1: BA{n} p2: D20", "バトルエリア", 1),
    ("kaiun", "T3 バトル p1: CA{n} p2: D20", "コストエリア", 200),
    ("kaiun-multi", "T3 バトル p1: B{n} p2: D20 p3: D20", "バリア", 200),
    ("los", "T3 メイン p1 p1: T{n} p2: D40", "トラッシュ", 200),
    ("los", "T3 メイン p1 p1: H{n} p2: D40", "手札", 200),
    ("los", "T3 メイン p1 p1: S{n} p2: D40", "サポートゾーン", 200),
    ("los", "T3 メイン p1 p1: E{n} p2: D40", "エネルギーゾーン", 200),
    ("thv", "T3 メイン p1 p1: H{n} p2: D40", "手札", 200),
    ("thv", "T3 メイン p1 p1: F{n} p2: D40", "場", 200),
    ("thv", "T3 メイン p1 p1: G{n} p2: D40", "冥界", 200),
    ("thv", "T3 メイン p1 p1: D{n} p2: D40", "デッキ", 120),
    ("thv", "T3 メイン p1 p1: F[(キャラ set{n})] p2: D40", "セットされたカード", 20),
]


@pytest.fixture(scope="module")
def client(module_client):
    module_client.post("/board/opcg/notation", json={"text": "T3 メイン p1 p1: D40 p2: D40"})   # warm: the first loads
    return module_client


@pytest.mark.parametrize("game,line,zone,limit", ZONES, ids=[f"{g}:{z}" for g, _, z, _ in ZONES])
def test_a_huge_count_is_refused_naming_the_zone_and_its_limit_before_any_card_is_made(client, game, line, zone,
                                                                                       limit):
    text = line.format(n=HUGE)
    t0 = time.process_time()   # CPU time: a busy machine must not fail it
    r = client.post(f"/board/{game}/notation", json={"text": text})
    took = time.process_time() - t0
    tracemalloc.start()
    client.post(f"/board/{game}/notation", json={"text": text})
    _, peak = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    j = r.get_json()
    assert r.status_code == 400 and j["field"] == "notation", j
    assert f"{zone}は {limit} 枚までです" in j["error"] and str(HUGE) in j["error"], j["error"]
    assert text[j["position"]:].startswith(j["token"]) and str(HUGE) in j["token"]
    assert took < 1.0 and peak < 20 * 2**20, (took, peak)   # no card was made: 10^9 cards would be gigabytes


@pytest.mark.parametrize("game,line,zone,limit", ZONES, ids=[f"{g}:{z}" for g, _, z, _ in ZONES])
def test_the_limit_itself_is_not_refused_by_the_count_check(client, game, line, zone, limit):
    j = client.post(f"/board/{game}/notation", json={"text": line.format(n=limit)}).get_json()
    assert f"{zone}は {limit} 枚まで" not in j.get("error", ""), j
