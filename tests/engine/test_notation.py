"""Issue 25: every game's board in one line (judge_app/engine/<game>/notation.py, docs/notation.md), and the mid-game
board a judge starts from (Ruleset.midgame_board).

Round trips are exact (types too: True is not 1) over every scenario board, random boards from new_game_board and
midgame_board, and Hypothesis-made names, ids and fields; canonical text is a fixed point. The suite plays a share
of the random boards; JUDGE_APP_FUZZ=nightly plays 500 of each kind per game."""
from __future__ import annotations

import json
import os
import random
import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_app import PROJECT_ROOT
from judge_app.engine import BoardError, Game, NotationError, rulesets
from judge_app.engine._notation import same
from judge_app.engine.policies import SeededRandom, first_option
from judge_app.scenarios import load_scenario, scenario_files
from tests.engine.toy import CoinRuleset

NIGHTLY = os.environ.get("JUDGE_APP_FUZZ") == "nightly"
RANDOM_BOARDS = 500 if NIGHTLY else 12
MIDGAME_BOARDS = 500 if NIGHTLY else 100
PROFILE = settings(max_examples=400 if NIGHTLY else 30, deadline=None, derandomize=not NIGHTLY, database=None,
                   suppress_health_check=[HealthCheck.too_slow])
GAMES = list(rulesets())
SCENARIOS = [(game, path) for game in GAMES for path in scenario_files(PROJECT_ROOT / "scenarios" / game)]


def round_trip(game: str, board: dict) -> str:
    ruleset = rulesets()[game]
    text = ruleset.dump_notation(board)
    back = ruleset.notation.load(text)
    assert same(back, board), text
    assert ruleset.dump_notation(back) == text, "canonical text is a fixed point"
    return text


# ---- round trips --------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game,path", SCENARIOS, ids=[f"{g}/{p.name}" for g, p in SCENARIOS])
def test_every_scenario_board_round_trips_and_is_shorter_than_its_json(game, path):
    board = load_scenario(path)["board"]
    text = round_trip(game, board)
    assert same(rulesets()[game].load_notation(text), board)   # validated
    assert len(text) < len(json.dumps(board, ensure_ascii=False, separators=(",", ":")))


def test_every_game_has_scenarios_to_round_trip():
    assert {g for g, _ in SCENARIOS} == set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_random_new_game_boards_round_trip(game):
    ruleset = rulesets()[game]
    for seed in range(RANDOM_BOARDS):
        round_trip(game, ruleset.new_game_board(random.Random(seed)))


@pytest.mark.parametrize("game", GAMES)
def test_midgame_boards_round_trip_and_load_valid(game):
    ruleset = rulesets()[game]
    for seed in range(MIDGAME_BOARDS):
        board = ruleset.midgame_board(random.Random(seed))
        assert same(ruleset.load_notation(round_trip(game, board)), board)


# One card of each game's mid-game board, where Hypothesis puts names, ids and fields no short token says.
CARD_AT = {"kaiun": ("battle_area", 0), "kaiun-multi": ("battle_area", 0), "opcg": ("characters", 0),
           "los": ("energy", 0), "thv": ("field", 0)}
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.from_regex(r"[a-z_]{1,6}", fullmatch=True),
                                                                inner, max_size=3), max_leaves=6)
keys = st.sampled_from(["name", "id", "cost", "power", "janken", "keywords", "lead", "race", "state", "rested",
                        "colors", "atk", "attack", "attack_mod", "counter", "unchi_kachi", "life", "extra"]) \
    | st.from_regex(r"[A-Za-z_][A-Za-z0-9_]{0,8}", fullmatch=True)


@pytest.mark.parametrize("game", GAMES)
@PROFILE
@given(name=st.text(min_size=1, max_size=12), card_id=st.text(min_size=1, max_size=12), key=keys,
       value=json_values, seed=st.integers(0, 2**16))
def test_any_name_id_and_field_round_trips(game, name, card_id, key, value, seed):
    board = rulesets()[game].midgame_board(random.Random(seed))
    zone, i = CARD_AT[game]
    card = board["players"]["p1"][zone][i]
    card.update({"name": name, "id": card_id, key: value})
    board["players"]["p2"][key] = value
    board[key if key != "players" else "x"] = value
    round_trip(game, board)


# ---- the short form: counts, and only the cards that matter ---------------------------------------------------

SHORT = {
    "opcg": ("T3 メイン p1 p1: D40 H5 ライフ4 p2: C2 DON2 D40 H5 ライフ4",
             {"players.p1.deck_count": 40, "players.p1.hand_count": 5, "players.p1.life_count": 4,
              "players.p1.leader": {"id": "p1-L", "name": "リーダーp1"},
              "players.p2.characters": [{"id": "p2-c1", "name": "キャラ1"}, {"id": "p2-c2", "name": "キャラ2"}],
              "players.p2.cost_area": {"active": 2}, "turn": 3, "phase": "main", "turn_player": "p1"}),
    "kaiun": ("T3 バトル p1: D20 B4 BA[(パー 6/2 c2)] H2 p2: D20 B5 BA[(チョキ)] H1",
              {"players.p1.battle_area": [{"id": "p1-a1", "name": "バトルエリア1", "janken": "パー", "unchi_kachi": 6,
                                           "unchi_aiko_make": 2, "cost": 2}],
               "players.p2.battle_area": [{"id": "p2-a1", "name": "バトルエリア1", "janken": "チョキ", "unchi_kachi": 0,
                                           "unchi_aiko_make": 0, "cost": 0}],
               "players.p1.barrier_count": 4, "players.p2.hand_count": 1, "phase": "battle"}),
    "kaiun-multi": ("T2 セット 親p2 p1: D20 B5 H2 p2: D20 B5 H2 p3: D20 B4 H3",
                    {"parent": "p2", "players.p3.barrier_count": 4, "players.p3.hand_count": 3, "phase": "set"}),
    "los": ("T3 メイン p1 p1: F[- 剣士(500/300/200 ↑) - -] D42 H3 p2: D42",
            {"players.p1.life": 3000, "players.p2.life": 3000, "players.p1.deck_count": 42,
             "players.p1.front": [None, {"id": "p1-f2", "name": "剣士", "atk": 500, "def": 300, "down": 200,
                                         "lead": ["up"]}, None, None],
             "players.p1.hand": [{"id": f"p1-h{i}", "name": f"手札{i}"} for i in (1, 2, 3)]}),
    "thv": ("T3 メイン p1 p1: ライフ25 F[霊夢(キャラ c1 3/3 人間 先制)] N2 D40 H2 p2: D40",
            {"players.p1.field": [{"id": "p1-f1", "name": "霊夢", "type": "character", "cost": 1, "attack": 3,
                                   "toughness": 3, "race": ["人間"], "keywords": ["先制"]}],
             "players.p1.nodes": [{"id": "p1-n1", "name": "ノード"}, {"id": "p1-n2", "name": "ノード"}],
             "players.p1.hand": [{"id": "p1-h1", "name": "手札1"}, {"id": "p1-h2", "name": "手札2"}],
             "players.p2.deck_count": 40}),
}


def at(board: dict, path: str):
    for step in path.split("."):
        board = board[step]
    return board


@pytest.mark.parametrize("game", GAMES)
def test_the_short_form_fills_in_ids_names_and_what_the_rules_say(game):
    text, expected = SHORT[game]
    board = rulesets()[game].load_notation(text)   # a legal board
    for path, value in expected.items():
        assert same(at(board, path), value), path


@pytest.mark.parametrize("game", GAMES)
def test_midgame_notation_is_short(game):
    text = rulesets()[game].dump_notation(rulesets()[game].midgame_board(random.Random(0)))
    assert len(text) <= 140 and "@" not in text and "=" not in text, text


# ---- what a Japanese IME types ----------------------------------------------------------------------------------

def full_width(text: str) -> str:
    return "".join("\u3000" if c == " " else chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in text)


@pytest.mark.parametrize("game", GAMES)
def test_full_width_input_reads_as_ascii(game):
    ruleset = rulesets()[game]
    board = ruleset.midgame_board(random.Random(3))
    text = ruleset.dump_notation(board)
    typed = full_width(text)
    assert typed != text
    assert same(ruleset.load_notation(typed), board)
    assert same(ruleset.load_notation(text.replace(" ", "、", 3)), board)   # 、 separates like a space


def test_ime_punctuation_and_japanese_words():
    opcg = rulesets()["opcg"]
    board = opcg.load_notation("ターン３ メインフェイズ ｐ１ ｐ１： Ｌ［（５０００ 赤 ライフ５）］ Ｃ［ゾロ（５０００ ｃ３ レスト ドン１ 【ブロッカー】）］"
                               " ドン３／１ ライフ４ デッキ３９ 手札５ ｐ２： キャラ［「ナミ、ロビン」（２０００）］ デッキ４０")
    p1 = board["players"]["p1"]
    assert p1["characters"] == [{"id": "p1-c1", "name": "ゾロ", "power": 5000, "cost": 3, "rested": True, "don": 1,
                                 "keywords": ["ブロッカー"]}]
    assert p1["cost_area"] == {"active": 3, "rested": 1} and p1["deck_count"] == 39 and p1["hand_count"] == 5
    assert board["players"]["p2"]["characters"][0]["name"] == "ナミ、ロビン"   # quoted text is kept as typed
    los = rulesets()["los"].load_notation("Ｔ３ メイン ｐ１ ｐ１： Ｆ［ー （３００／２００／１００ ↑） ー ー］ Ｄ４０ ｐ２： Ｄ４０")
    assert los["players"]["p1"]["front"][0] is None and los["players"]["p1"]["front"][1]["atk"] == 300


# ---- errors name the token ----------------------------------------------------------------------------------------

ERRORS = [  # (game, text, the token, what the message says)
    ("opcg", "T3 メイン p1 p1: D38 X5 p2: D38", "X5", "p1 の欄では読めません"),
    ("opcg", "p1: C[(3000 z2)] p2: D38", "z2", "カードの（）の中では読めません"),
    ("opcg", "p1: D p2: D38", "D", "D枚数 か D[カード …]"),
    ("opcg", "p1: ライフ1[() ()] p2: D38", "ライフ1[() ()]", "並べたカード（2枚）より少なく"),
    ("opcg", "p1: H5 H6 p2: D38", "H6", "2回指定されています（先に「H5」）"),
    ("opcg", "p1: C[(3000 5000)] p2: D38", "5000", "パワー"),
    ("opcg", "p1: D3 p1: D4", "p1:", "2回あります"),
    ("opcg", "p1: L[() ()] p2: D38", "L[() ()]", "L[カード]"),
    ("opcg", "p1: C[(3000 c2) p2: D38", "[(3000 c2) p2: D38", "閉じ括弧「]」がありません"),
    ("opcg", "p1: D20] p2: D38", "]", "開き括弧がありません"),
    ("opcg", "p1: C[「ゾロ(3000)] p2: D38", "「ゾロ(3000)] p2: D38", "閉じかぎ括弧"),
    ("opcg", 'p1: C["ゾロ\\q"] p2: D38', '"ゾロ\\q"', "\\ の書き方"),
    ("opcg", "p1: 1x=3 p2: D38", "1x=3", "キーの名前になりません"),
    ("opcg", "p1: foo= p2: D38", "foo=", "後に値がありません"),
    ("opcg", "p1: foo=1 2 p2: D38", "2", "p1 の欄では読めません"),
    ("opcg", "T3 メイン", "T3 メイン", "プレイヤーの欄"),
    ("opcg", "C[(ゾロ 3000)] p1: D3", "C[(ゾロ 3000)]", "盤面の先頭"),
    ("los", "p1: F3 p2: D40", "F3", "p1 の欄では読めません"),
    ("kaiun", "T3 バトル p1: BA[(グー 6/x)] p2: D3", "6/x", "カードの（）の中では読めません"),
    # the board checks, said at the token that wrote the field
    ("opcg", "T3 メイン p1 p1: C6 D38 p2: D38", "C6", "キャラクターエリアは 5 枚まで"),
    ("opcg", "T3 メイン p1 p1: C[(@x)] D38 p2: C[(@x)] D38", "@x", "重複"),
    ("opcg", "T3 メイン p1: D38 p2: D38", "T3", "ターンプレイヤーが必要"),
    ("kaiun", "p1: D29 p2: D30", "D29", "30枚ちょうど"),
    ("thv", "T3 メイン p1 p1: F[(キャラ 先制X)] D40 p2: D40", "先制X", "10章の戦術・特殊効果にありません"),
    ("los", "T3 メイン p1 p1: F[(エフェクト) - - -] D40 p2: D40", "エフェクト", "キャラクターカードだけ"),
    ("thv", "", "", "空です"),
]


@pytest.mark.parametrize("game,text,token,says", ERRORS, ids=[f"{g}:{t[:24]}" for g, t, _, _ in ERRORS])
def test_every_error_names_the_token(game, text, token, says):
    with pytest.raises(NotationError) as caught:
        rulesets()[game].load_notation(text)
    e = caught.value
    assert isinstance(e, BoardError)
    assert e.token == token and text[e.position:e.position + len(token)] == token
    assert f"「{token}」" in e.message and says in e.message, e.message
    assert re.search(r"[ぁ-んァ-ヶ一-龯]", e.message)
    assert e.to_json()["token"] == token and e.to_json()["position"] == e.position


TYPED = st.text(alphabet=list("pP12:：DdHhCcLlTtBbAaFfNn[]()（）「」\"=,、 　{}@#0123456789/+-ーrメインライフゾログー赤↑"),
                max_size=40)


@pytest.mark.parametrize("game", GAMES)
@PROFILE
@given(text=TYPED | st.text(max_size=30))
def test_any_text_is_a_board_or_a_notation_error(game, text):
    try:
        board = rulesets()[game].load_notation(text)
    except NotationError as e:
        assert text[e.position:e.position + len(e.token)] == e.token and f"「{e.token}」" in e.message
    else:
        assert isinstance(board, dict) and "players" in board


def test_a_ruleset_without_notation_or_midgame_says_so():
    toy = CoinRuleset()
    with pytest.raises(BoardError, match="記法がありません"):
        toy.dump_notation({"players": {}})
    with pytest.raises(BoardError, match="記法がありません"):
        toy.load_notation("p1: x=1")
    with pytest.raises(NotImplementedError, match="対局途中の既定の盤面がありません"):
        toy.midgame_board(random.Random(0))


# ---- the mid-game board ---------------------------------------------------------------------------------------------

@pytest.mark.parametrize("game", GAMES)
def test_midgame_board_is_legal_turn_3_and_nobody_has_lost(game):
    ruleset = rulesets()[game]
    for seed in range(20):
        board = ruleset.midgame_board(random.Random(seed))
        ruleset.validate_board(board)
        ruleset.check_board(board)
        assert board["turn"] == 3 and board["phase"] == ("battle" if game.startswith("kaiun") else "main")
        g = Game(ruleset, board, seed)
        g.run("step", first_option)
        assert not g.finished and ruleset.invariants(g.state) == []


@pytest.mark.parametrize("game", GAMES)
def test_fifty_random_games_play_on_from_the_midgame_board(game):
    ruleset, master = rulesets()[game], random.Random(25)
    for _ in range(50):
        seed = master.randrange(2**32)
        g = Game(ruleset, ruleset.midgame_board(random.Random(seed)), seed)
        policy = SeededRandom(seed ^ 0x5DEECE66D)
        while not g.finished:
            if not g.run("step", policy) and g.pending is None and not g.finished:
                break
            assert ruleset.invariants(g.state) == [], seed
        assert g.finished, (seed, g.halted)


def test_docs_show_each_games_midgame_notation():
    doc = (PROJECT_ROOT / "docs" / "notation.md").read_text(encoding="utf-8")
    for game, ruleset in rulesets().items():
        assert ruleset.dump_notation(ruleset.midgame_board(random.Random(0))) in doc, game
