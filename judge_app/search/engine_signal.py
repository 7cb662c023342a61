"""What the engines know, as a search signal (issue 42).

The five engines say, as data, which clause lets or forbids each action in each state: a withheld action's
clause and reason (「スリープ状態のキャラクターには攻撃を行わせることができない」 thv:6.3.3.b), the clause a
decision is asked under, and the zone-move tables (docs/zone-moves/) (the scenario library's traces, tried, cite
whole procedures and are left out: bench/engine_table.py). bench/engine_table.py reads them once and writes `engine_table.json` beside this
module: per game, (action, state) → the clauses. Search never imports the engine (docs/architecture.md, layers):
it reads this file.

A query is read for the action it asks about (attack, block, draw, play, look, move to a zone …) and the
states it names (rested, face down, 0 life, first turn …) with the same vocabulary the table was built with.
Stage 2 of the ranking (rank.py) gets one feature, `engine`: 1 for a clause the engine cites for that action in
one of those states, 0 otherwise; those clauses are candidates even when the words ranked them low.
"""
from __future__ import annotations

import functools
import json
import re
from pathlib import Path

from judge_app.search.normalize import nfkc

TABLE_FILE = Path(__file__).with_name("engine_table.json")
ANY_STATE = "*"          # the state key of an entry naming no state

# action → what players and the rulebooks call it (NFKC text, katakana kept: read before folding)
ACTIONS = {
    "attack": r"攻撃|アタック|殴[るれらりっろ]|なぐ|攻め",
    "block": r"ブロック|防御|ガード|守[るれらりっ]",
    "draw": r"ドロー|引[くけかきい]|ひ[くけかきい](?:[てた]|ます|ない)",
    "play": r"プレイ|登場|出[すせしさ]|召喚|唱え|キャスト|使[うえわい]|発動|起動",
    "look": r"見[るれらてたせ]|覗|のぞ|確認|公開|表にする",
    "move": r"手札に[戻加入]|トラッシュ|冥界|墓地|捨て|破棄|除外|デッキ(?:の[上下])?に戻|山札に戻|置[くけかきい]|移[すしるり]|送[るられり]",
    "node": r"ノード|ドン|付与|チャージ|マナ",
    "cost": r"コスト|支払|払[うえわい]",
    "mulligan": r"マリガン|引き直",
    "win": r"勝[つちて利]|負け|敗北|勝敗",
}
# state → how it is said
STATES = {
    "rested": r"レスト|スリープ|寝[てかた]|横向き|タップ",
    "active": r"アクティブ|起き|縦向き|立って",
    "face_down": r"裏向き|裏側|伏せ|裏で",
    "face_up": r"表向き|表側",
    "zero_life": r"ライフ(?:が|は)?\s*(?:0|ゼロ|無|な[いく]|尽き)|ライフ0|0ライフ",
    "first_turn": r"先攻|後攻|1ターン目|最初のターン|一ターン目|初ターン",
    "deck_out": r"デッキ(?:が|は)?\s*(?:0|ゼロ|無|な[いく]|尽き|切れ)|山札(?:が|は)?\s*(?:0|な[いく]|尽き|切れ)|デッキ切れ",
    "in_battle": r"バトル中|戦闘中|攻撃中|アタック中|防御中|バトル|戦闘",
    "main_phase": r"メインフェイズ|メイン・フェイズ",
    "interference": r"干渉|カウンター|割り込",
    "opponent_turn": r"相手の?ターン|相手ターン",
    "own_turn": r"自分の?ターン|自分ターン|ターンプレイヤー",
    "just_played": r"登場したターン|出したターン|出たターン|召喚酔い|速攻|プレイしたターン",
    "already": r"既に|すでに|もう一度|2回|二回|2度|二度|1回目|2回目|このターン",
    "hand_empty": r"手札(?:が|は)?\s*(?:0|な[いく]|無)",
    "defence_pos": r"ディフェンス表示|守備表示",
    "doll": r"人形",
}
_ACTIONS = {k: re.compile(v) for k, v in ACTIONS.items()}
_STATES = {k: re.compile(v) for k, v in STATES.items()}


def read(text: str) -> tuple[frozenset, frozenset]:
    """(actions, states) a text names, in the vocabulary above."""
    t = nfkc(text or "")
    return (frozenset(k for k, rx in _ACTIONS.items() if rx.search(t)),
            frozenset(k for k, rx in _STATES.items() if rx.search(t)))


class EngineTable:
    """Per game, (action, state) → clause ids, as bench/engine_table.py wrote it."""

    def __init__(self, table: dict[str, dict[str, list[str]]]):
        self.table = {game: {tuple(key.split("|")): frozenset(ids) for key, ids in keys.items()}
                      for game, keys in table.items()}

    @classmethod
    def load(cls, path: Path | str = TABLE_FILE) -> "EngineTable":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls({})
        return cls(data.get("table", {}))

    def cited(self, game: str, actions: frozenset, states: frozenset) -> dict[str, float]:
        """{clause id: 1.0}: the clauses the engine of `game` cites for one of the actions in one of the states.
        An action without a state is not enough: tried as a weaker level (0.5 for a clause cited for the action
        in a text naming no state), it did worse on table talk and no better elsewhere (/work/notes, issue 42)."""
        keys = self.table.get(game)
        if not keys or not actions or not states:
            return {}
        return {cid: 1.0 for (action, state), ids in keys.items() if action in actions and state in states
                for cid in ids}


@functools.lru_cache(maxsize=1)
def table() -> EngineTable:
    return EngineTable.load()
