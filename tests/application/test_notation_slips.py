"""Issue 40: what the judge types is never misread. Boards of every game are written as notation, one token is
mistyped the ways a thumb does, and each misreading is refused (the token marked, its position right) or read back
in words differently from what was meant — never silently accepted as something else. A name typed as a number is
always refused; a refusal's one-tap fix is a line the builder reads at least past what the fix changed (a second
slip later in the line is the next tap's)."""
from __future__ import annotations

import os
import random
import re
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from judge_app import PROJECT_ROOT
from judge_app.application import builder
from judge_app.engine import NotationError, registry
from judge_app.engine._notation import same
from judge_app.scenarios import load_scenario, scenario_files

GAMES = ["opcg", "kaiun", "kaiun-multi", "los", "thv"]
NIGHTLY = os.environ.get("JUDGE_APP_FUZZ") == "nightly"
PROFILE = settings(max_examples=1000 if NIGHTLY else 80, deadline=None, derandomize=not NIGHTLY, database=None,
                   suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
SCENARIO_BOARDS = {g: [load_scenario(p)["board"] for p in scenario_files(PROJECT_ROOT / "scenarios" / g)]
                   for g in GAMES}

# ---- the slips -----------------------------------------------------------------------------------------------------
WORD = re.compile(r"[^\s()\[\]{}「」]+")
PREFIXED = re.compile(r"^(\D+?)([+-]?\d.*)$")          # c3, DON3/1, ライフ4, +1000, T3: the keyword dropped
NAME = re.compile(r"(?<=[\[\s])([^\s()\[\]{}「」\-]+)(?=\()")   # a card's bare name, glued to its (…)
HALF = {unicodedata.normalize("NFKC", chr(c)): chr(c) for c in range(0xFF66, 0xFF9E)}
HALF.update({"\u3099": "\uff9e", "\u309a": "\uff9f", "ー": "ｰ"})


def half_width(s: str) -> str:
    """What a phone's half-width kana keyboard types: ｷｬﾗ for キャラ, ﾌﾞﾛｯｶｰ for ブロッカー."""
    return "".join(HALF.get(c, c) for c in unicodedata.normalize("NFD", s))


def full_width(s: str) -> str:
    return "".join(chr(ord(c) + 0xFEE0) if "!" <= c <= "~" else c for c in s)


def _pairs(text: str) -> list[tuple[int, int]]:
    out, stack = [], []
    for i, c in enumerate(text):
        if c == "(":
            stack.append(i)
        elif c == ")" and stack:
            out.append((stack.pop(), i))
    return out


def slips(text: str) -> dict[str, list[str]]:
    """Every one-token slip of each kind."""
    words = [(m.start(), m.end()) for m in WORD.finditer(text)]
    spaces = [i for i, c in enumerate(text) if c == " "]
    out: dict[str, list[str]] = {k: [] for k in ("dropped bracket", "dropped pair", "missing keyword",
                                                  "number for a name", "doubled separator", "missing separator",
                                                  "width")}
    for i, c in enumerate(text):
        if c in "()[]":
            out["dropped bracket"].append(text[:i] + text[i + 1:])
        if c in "/:":
            out["doubled separator"].append(text[:i] + c + text[i:])
    for a, b in _pairs(text):
        out["dropped pair"].append(text[:a] + text[a + 1:b] + text[b + 1:])
    for a, b in words:
        w = text[a:b]
        m = PREFIXED.match(w)
        if m:
            out["missing keyword"].append(text[:a] + m.group(2) + text[b:])
        elif not re.search(r"\d", w) and not w.endswith(":") and text[a - 1:a] in (" ", "(") and a > 0:
            gap = 1 if text[b:b + 1] == " " else 0   # a word of its own dropped: キャラ, ブロッカー, 赤, メイン
            out["missing keyword"].append(text[:a] + text[b + gap:])
        if w != full_width(w):
            out["width"].append(text[:a] + full_width(w) + text[b:])
        if w != half_width(w):
            out["width"].append(text[:a] + half_width(w) + text[b:])
    for m in NAME.finditer(text):
        for number in ("5000", "3"):
            out["number for a name"].append(text[:m.start()] + number + text[m.end():])
    for a, b in _pairs(text):   # a card typed as its number alone: C[(3000 c1)] -> C[3000]
        inner = text[a + 1:b].split(" ")
        if text[a - 1:a] in ("[", " ") and inner and re.fullmatch(r"\d+", inner[0]):
            out["number for a name"].append(text[:a] + inner[0] + text[b + 1:])
    for i in spaces:
        out["doubled separator"].append(text[:i] + " " + text[i:])
        out["missing separator"].append(text[:i] + text[i + 1:])
    return out


# ---- the property ------------------------------------------------------------------------------------------------
def board_of(game: str, data) -> dict:
    ruleset = registry.rulesets()[game]
    if data.draw(st.booleans(), label="from a scenario"):
        return data.draw(st.sampled_from(SCENARIO_BOARDS[game]), label="scenario board")
    seed = data.draw(st.integers(0, 2**16), label="seed")
    players = data.draw(st.sampled_from(ruleset.player_counts), label="players") if ruleset.player_counts else None
    return builder.midgame(ruleset, seed, players)


def outcome(ruleset, text: str):
    try:
        return builder.from_notation(ruleset, text)[0], None
    except NotationError as e:
        return None, e


@pytest.mark.parametrize("game", GAMES)
@PROFILE
@given(data=st.data())
def test_a_slip_is_refused_or_read_back_differently_never_silently_misread(game, data):
    ruleset = registry.rulesets()[game]
    meant, line = builder.from_notation(ruleset, ruleset.dump_notation(board_of(game, data)))
    kinds = {k: v for k, v in slips(line).items() if v}
    kind = data.draw(st.sampled_from(sorted(kinds)), label="kind")
    typed = data.draw(st.sampled_from(kinds[kind]), label="typed")
    board, error = outcome(ruleset, typed)
    if error is not None:
        assert typed[error.position:error.position + len(error.token)] == error.token
        assert f"「{error.token}」" in error.message
        if error.fix:   # the one tap gives a line the builder reads at least past what it changed
            again = outcome(ruleset, error.fix["text"])[1]
            assert again is None or again.position >= error.fix_end, (error.fix, again and again.message)
            assert error.fix["reading"].endswith("？")
        return
    assert kind != "number for a name", f"a number where a name goes was read: {typed}"
    if not same(board, meant):
        assert builder.read_back(ruleset, board) != builder.read_back(ruleset, meant), \
            f"{kind}: {typed!r} was read as another board and read back the same as {line!r}"


@pytest.mark.parametrize("game", GAMES)
def test_every_kind_of_slip_is_made_for_every_game(game):
    ruleset = registry.rulesets()[game]
    kinds = set()
    for board in SCENARIO_BOARDS[game][:10] + [ruleset.midgame_board(random.Random(0))]:
        kinds |= {k for k, v in slips(ruleset.dump_notation(board)).items() if v}
    assert kinds >= {"dropped bracket", "dropped pair", "missing keyword", "doubled separator", "missing separator",
                     "width"}, kinds


# ---- the read-back says every field: two boards that differ never read back the same -----------------------------
CARD_AT = {"kaiun": ("battle_area", 0), "kaiun-multi": ("battle_area", 0), "opcg": ("characters", 0),
           "los": ("front", None), "thv": ("field", 0)}
FIELDS = st.sampled_from(["power", "cost", "counter", "life", "don", "rested", "colors", "keywords", "category",
                          "janken", "unchi_kachi", "unchi_aiko_make", "atk", "def", "down", "lead", "display",
                          "face_down", "attack", "toughness", "graze", "race", "state", "type", "name", "id", "x"])
VALUES = st.one_of(st.integers(-5, 12000), st.booleans(), st.sampled_from(["赤", "グー", "パー", "up", "attack", "人間",
                                                                        "active", "character", "ゾロ"]),
                   st.lists(st.sampled_from(["ブロッカー", "赤", "up", "right", "先制", "人間"]), max_size=2))


@pytest.mark.parametrize("game", GAMES)
@PROFILE
@given(seed=st.integers(0, 2**16), field=FIELDS, value=VALUES)
def test_a_board_with_one_field_changed_reads_back_differently(game, seed, field, value):
    ruleset = registry.rulesets()[game]
    board = ruleset.midgame_board(random.Random(seed))
    changed = ruleset.midgame_board(random.Random(seed))
    zone, i = CARD_AT[game]
    cards = changed["players"]["p1"][zone]
    card = cards[i] if i is not None else next(c for c in cards if c)
    card[field] = value
    if not same(board, changed):
        assert builder.read_back(ruleset, board) != builder.read_back(ruleset, changed), (field, value)
