"""Judge adjustments: card text the engine does not read, applied in the rules' vocabulary, one trace entry each
(one per player for `both`). Removal that an adjustment causes through damage or 耐久力 (決死, 9.2.2) is resolved
right after it, as its own entries (9.1.3; EffectRulesMixin.after_adjustment). The zone moves are in moves.py."""
from __future__ import annotations

from judge_app.engine import effect_parts, lasting
from judge_app.engine.hidden import BY_CARD
from judge_app.engine.ruleset import Adjustment, concede_adjustment
from judge_app.engine.trace import AdjustmentError, Refused
from judge_app.engine.thv.phases import PHASE_LABELS
from judge_app.engine.thv.cards import (PLAYERS, ZONE_JA, add_card_mod, attack_of, bare, characters, get_card, label, locate,
                                        on_field_character, opponent, put, send_off, toughness_of, update_card)
from judge_app.engine.thv.damage import life_cites
from judge_app.engine.thv.moves import each_player

_target = {"type": "string", "maxLength": 40}
_value = {"type": "integer", "minimum": -999, "maximum": 999}
_duration = {"enum": ["battle", "turn", "next_turn_end", "while_on_field", "permanent"],
             "description": "battle=戦闘終了時まで (6.2.4.i), turn=ターン終了時まで (4.9.1.b), next_turn_end=次の相手の"
                            "ターン終了時まで (効果の持ち主の相手の次のターンの 4.9.1.b), while_on_field=このカードが場に"
                            "ある間 (source が場を離れるまで, 7.6.1), permanent=永続"}
UNTIL_JA = {"battle": "戦闘終了時まで", "turn": "ターン終了時まで", "next_turn_end": "次の相手のターン終了時まで",
            "while_on_field": "このカードが場にある間", "permanent": "永続"}
_count = {"type": "integer", "minimum": 1, "maximum": 60}
# a player, or `both` (お互いのプレイヤー / 各プレイヤー): the effect is on each at once (7.1.13), turn player first
_players = {"enum": [*PLAYERS, "both"]}
PHASE = {"enum": ["active", "maintenance", "draw", "main", "discard"],   # 4.1.1's five phases
         "description": "active=アクティブフェイズ, maintenance=メンテナンスフェイズ, draw=ドローフェイズ, "
                        "main=メインフェイズ, discard=ディスカードフェイズ"}
_possible = {"type": "boolean", "description": "「可能な限り」と書かれている（12.6.1: できる枚数だけ行う）"}
_cards = {"type": "array", "items": {"type": "string", "maxLength": 40}, "maxItems": 60,
          "description": "選んだカード（ID）。省略時は領域の上から"}

ADJUSTMENTS = (
    Adjustment("power", "戦闘力の修正（6.1.10 の層: 変更/入れ替え/戦闘修正/常に）", "thv:6.1.10",
               {"target": _target, "attack": {"type": ["integer", "null"]}, "toughness": {"type": ["integer", "null"]},
                "layer": {"enum": ["set", "swap", "modify", "always"]}, "duration": _duration,
                "owner": {"enum": list(PLAYERS), "description": "効果の持ち主（既定: 効果のプレイヤー、ターンプレイヤー）"},
                "source": {**_target, "description": "効果を持つカード（ID。「場にある間」に必要）"}}, ("target",)),
    Adjustment("damage", "ダメージを与える（効果ダメージ/戦闘ダメージ。target: キャラクター、プレイヤー、opponent（効果のプレイヤーの"
               "相手）、both、all_characters）",
               "thv:1.10.12.c",
               {"target": _target, "value": {"type": "integer", "minimum": 1, "maximum": 999},
                "kind": {"enum": ["effect", "battle"]}}, ("target", "value"), handles_both=True),
    Adjustment("destroy", "破棄する", "thv:9.3.3", {"target": _target}, ("target",)),
    Adjustment("kill", "決死状態にする", "thv:9.2.2.c", {"target": _target}, ("target",)),
    Adjustment("exile", "ゲームから除外する", "thv:9.4.3", {"target": _target}, ("target",)),
    Adjustment("draw", "ドローする", "thv:1.11.2", {"target": _players, "value": _count}, ("target", "value"),
               handles_both=True),
    Adjustment("add_node", "ノードに加える（デッキの上から）", "thv:1.8.4.a",
               {"target": _players, "value": _count, "state": {"enum": ["active", "sleep"]}, "as_possible": _possible},
               ("target", "value"), handles_both=True),
    Adjustment("life", "ライフポイントを得る/失う", "thv:1.9.5", {"target": _players, "value": _value},
               ("target", "value"), handles_both=True),
    Adjustment("pay_cost", "ノードからコストを支払う（sleep: アクティブのノードをスリープにする枚数）", "thv:1.8.7",
               {"target": {"enum": list(PLAYERS)}, "value": {"type": "integer", "minimum": 0, "maximum": 60},
                "sleep": {"type": "integer", "minimum": 0, "maximum": 60}}, ("target", "value")),
    Adjustment("add_to_hand", "手札に加える（from の領域から。デッキは上から）", "thv:1.11.1",
               {"target": _players, "value": _count, "from": {"enum": ["deck", "graveyard", "removed", "nodes", "sideboard"]},
                "cards": _cards, "as_possible": _possible}, ("target", "value", "from"), handles_both=True),
    Adjustment("destroy_top", "デッキの上からX枚を破棄する", "thv:9.3.3",
               {"target": _players, "value": _count, "as_possible": _possible}, ("target", "value"), handles_both=True),
    Adjustment("discard", "手札をX枚破棄する（cards: 選んだカード）", "thv:9.3.3",
               {"target": _players, "value": _count, "cards": _cards, "as_possible": _possible}, ("target", "value"),
               handles_both=True),
    Adjustment("move", "移す/戻す（to の領域へ。デッキは position: top/bottom）", "thv:11.3.1",
               {"target": _target, "to": {"enum": ["deck", "hand", "nodes", "graveyard", "removed", "sideboard"]},
                "position": {"enum": ["top", "bottom"]}, "state": {"enum": ["active", "sleep"]}, "by_card": BY_CARD},
               ("target", "to")),
    Adjustment("put_onto_field", "場に出す（手札・デッキ・冥界・除外エリア・サイドボードから）", "thv:11.3.8",
               {"target": _target, "state": {"enum": ["active", "sleep"]}, "player": {"enum": list(PLAYERS)},
                "face_down": {"type": "boolean", "description": "裏向きで場に出す（カードの指示がある場合 5.7.1）"}},
               ("target",)),
    Adjustment("turn_over", "表向きにする／裏向きにする（場のカード）", "thv:5.7.2",
               {"target": _target, "face": {"enum": ["up", "down"], "description": "up=表向きにする、down=裏向きにする"},
                "before": {"enum": ["up", "down"], "description": "「表向きのカードを裏向きにする」のように変更前の状態の指定がある場合"}},
               ("target", "face")),
    Adjustment("set_on", "キャラクターにセットする", "thv:11.3.10", {"target": _target, "host": _target}, ("target", "host")),
    Adjustment("set_from_deck", "デッキの上のカードX枚をキャラクターにセットする", "thv:11.3.10",
               {"target": _target, "value": _count, "as_possible": _possible}, ("target", "value")),
    Adjustment("negate", "プレイされているカードの効果を無効とし、破棄する", "thv:12.2.3", {"target": _target}, ("target",)),
    Adjustment("set_state", "アクティブ状態にする/スリープ状態にする", "thv:11.5.1",
               {"target": _target, "value": {"enum": ["active", "sleep"]}}, ("target", "value")),
    Adjustment("attack", "攻撃を行う（効果による攻撃）", "thv:6.3.5", {"target": _target}, ("target",)),
    Adjustment("cancel_attack", "攻撃を取り消す", "thv:6.3.6.a", {}, ()),
    Adjustment("end_turn", "ターンを終了する", "thv:4.10.1", {}, ()),
    Adjustment("end_phase", "フェイズを終了する", "thv:4.10.2", {}, ()),
    Adjustment("skip_phase", "フェイズをスキップする", "thv:4.10.5", {"target": PHASE}, ("target",)),
    Adjustment("extra_phase", "追加のフェイズを得る", "thv:4.10.3", {"target": PHASE}, ("target",)),
    Adjustment("win", "ゲームに勝利する、という効果", "thv:1.5.2.a", {"target": {"enum": list(PLAYERS)}}, ("target",)),
    Adjustment("lose", "ゲームに敗北する、という効果", "thv:1.5.3.c", {"target": {"enum": list(PLAYERS)}}, ("target",)),
    Adjustment("infinite_loop", "回避できない無限ループ（全て1人のカードなら target にそのプレイヤー）", "thv:1.5.4.b",
               {"target": {"enum": [*PLAYERS, "none"]}}, ()),
    # 1.9.4: pay life — what a use's cost (7.3.4.e) may ask; 1.9.4.a: a value set by the text is paid even past the life
    Adjustment("pay_life", "ライフポイントを支払う（コスト。現在のライフを上回っていても支払える）", "thv:1.9.4",
               {"target": {"enum": list(PLAYERS)}, "value": {"type": "integer", "minimum": 0, "maximum": 999}},
               ("target", "value")),
    concede_adjustment("thv:1.5.3.d"),
)


def _card_or_error(g, target):
    card = get_card(g, target) if isinstance(target, str) else None
    if card is None:
        raise AdjustmentError(f"target: カード「{target}」は盤面にありません", "target")
    return card


def _character_or_error(g, target):
    _card_or_error(g, target)
    if not on_field_character(g, target):
        raise AdjustmentError(f"target: 「{target}」は場のキャラクターではありません", "target")
    return get_card(g, target)


def mod_ending(g, duration, owner, source) -> dict:
    """What a modification keeps so that it ends where the book says: 「次の相手のターン終了時まで」 the turn at whose
    4.9.1.b it ends — the next turn of its owner's opponent; 「このカードが場にある間」 the card whose effect it is,
    on the field now (the effect applies during its period only, 7.6.1: it ends when the card leaves)."""
    if duration == "next_turn_end":
        return {"until_turn": lasting.opponents_turn_end(g, owner or g.acting)}
    if duration != "while_on_field":
        return {}
    if not source:
        raise AdjustmentError("source: 「このカードが場にある間」の効果には、効果を持つカード(source)が必要です", "source")
    where = locate(g, source)
    if not where or where[1] != "field":
        raise AdjustmentError(f"source: 効果を持つカード「{source}」は場にありません（「場にある間」の効果は適用されません）",
                              "source")
    g.set("field_bound", True)
    return {"source": source}


def _bump(g):
    g.set("adjust_seq", g.data["adjust_seq"] + 1)


class AdjustMixin:
    def adjust_power(self, g, spec, target, attack=None, toughness=None, layer="modify", duration="turn", owner=None,
                     source=None):
        card = _character_or_error(g, target)
        if layer != "swap" and attack is None and toughness is None:
            raise AdjustmentError("attack: 攻撃力か耐久力のどちらかを指定してください", "attack")
        if duration == "battle" and g.data.get("battle") is None:
            raise AdjustmentError("duration: 戦闘中ではないため「戦闘終了時まで」は指定できません", "duration")
        ending = mod_ending(g, duration, owner, source)
        if layer == "modify":
            attack, toughness = attack or 0, toughness or 0
        mod = {"layer": layer, "attack": attack, "toughness": toughness, "until": duration, **ending}
        add_card_mod(g, target, mod)
        _bump(g)
        new = get_card(g, target)
        rule = {"set": "thv:6.1.10.a", "swap": "thv:6.1.10.b", "modify": "thv:6.1.10.c", "always": "thv:6.1.10.d"}[layer]
        return g.log(rule, "adjust", f"判定員の調整: {label(new)} の戦闘力を修正（{UNTIL_JA[duration]}）→ "
                     f"{attack_of(new)}/{toughness_of(new)}（下限0、6.1.12）", None,
                     cites=("thv:6.1.12", *(("thv:7.6.1",) if duration == "while_on_field" else ())))

    def adjust_damage(self, g, spec, target, value, kind="effect"):
        """1.10.11: to a player, life goes down (a); to a character, it is accumulated (b). `both` / `all_characters`:
        one effect on several at once (7.1.13)."""
        what = "戦闘" if kind == "battle" else "効果"
        if target == "opponent":   # the effect's player's opponent
            target = effect_parts.opponent_of(self, g, g.acting or g.data.get("turn_player"), "target")
        if target in (*PLAYERS, "both"):
            ps = each_player(self, g, target)
            for p in ps:
                g.add(f"players.{p}.life", -value)
            _bump(g)
            lives = {p: g.get(f"players.{p}.life") for p in ps}
            return g.log("thv:1.10.11.a", "adjust", f"判定員の調整: {'、'.join(ps)} に{what}ダメージ{value} → " +
                         "、".join(f"{p} のライフ {v}" for p, v in lives.items()), target if target in PLAYERS else None,
                         cites=(("thv:7.1.13",) if target == "both" else ()) + life_cites(g, min(lives.values()))
                         + (("thv:1.9.6",) if min(lives.values()) < 0 else ()))
        if kind == "battle" and g.data.get("battle") is None:
            raise AdjustmentError("kind: 戦闘中ではないため戦闘ダメージは指定できません", "kind")
        cards = characters(g) if target == "all_characters" else [_character_or_error(g, target)]
        field = "battle_damage" if kind == "battle" else "damage"
        for card in cards:
            update_card(g, card["id"], **{field: (card.get(field) or 0) + value})
        _bump(g)
        who = "全てのキャラクター" if target == "all_characters" else label(cards[0])
        return g.log("thv:1.10.11.b", "adjust", f"判定員の調整: {who} に{what}ダメージ{value}が蓄積された", None,
                     cites=("thv:7.1.13", "thv:7.1.12.e") if target == "all_characters" else ())

    def adjust_destroy(self, g, spec, target):
        card = _card_or_error(g, target)
        loc = locate(g, target)
        if loc[1] in ("graveyard", "removed"):
            raise Refused(f"target: {ZONE(loc[1])}のカードは破棄状態になりません",
                          "thv:9.3.8.a" if loc[1] == "graveyard" else "thv:9.3.8.b", "target")
        left = self._leaving(g, [target])
        send_off(g, target, "graveyard")
        self._after_adjust_leave(g, left)
        _bump(g)
        return g.log("thv:9.3.4.g", "adjust", f"判定員の調整: {label(card)} を破棄した（冥界へ）" + _left_note(left), None,
                     cites=("thv:9.3.3", *(("thv:9.3.4.e",) if card.get("sets") else ()), *_left_cites(left)))

    def adjust_kill(self, g, spec, target):
        card = _character_or_error(g, target)
        update_card(g, target, deathblow=True)
        _bump(g)
        return g.log("thv:9.2.2.c", "adjust", f"判定員の調整: {label(card)} を決死状態にする（次のルール処理で破棄される）", None)

    def adjust_exile(self, g, spec, target):
        card = _card_or_error(g, target)
        if locate(g, target)[1] == "removed":
            raise Refused("target: 除外エリアのカードは除外状態になりません", "thv:9.4.6.a", "target")
        left = self._leaving(g, [target])
        send_off(g, target, "removed")
        self._after_adjust_leave(g, left)
        _bump(g)
        return g.log("thv:9.4.4.l", "adjust", f"判定員の調整: {label(card)} をゲームから除外した" +
                     ("（セットカードは冥界へ）" if card.get("sets") else "") + _left_note(left), None,
                     cites=("thv:9.4.3", *(("thv:9.4.4.e",) if card.get("sets") else ()), *_left_cites(left)))

    def _after_adjust_leave(self, g, roles):
        battle = g.data.get("battle")
        if battle and "attacker" in roles:
            g.set("battle", None)  # 6.3.6.b
        elif battle and "defender" in roles:
            g.set("battle", {**battle, "defender_left": battle["defender"], "defender": None})

    def adjust_draw(self, g, spec, target, value):
        """1.11.2; both players: turn player first (1.11.5). A deck short of the number loses at once (1.11.7); two
        players drawing at once and both short lose together whatever the order (1.11.7), a draw (1.5.4.a)."""
        ps = each_player(self, g, target)
        short = [p for p in ps if len(g.data["players"][p]["deck"]) < value]
        if short and g.resolving == "cost":
            self.as_far_as_possible(g, value, len(g.data["players"][short[0]]["deck"]), "デッキのカード")
        first = None
        for p in ps:
            if p in short:
                continue
            deck = g.data["players"][p]["deck"]
            g.set(f"players.{p}.deck", deck[value:])
            g.set(f"players.{p}.hand", g.data["players"][p]["hand"] + deck[:value])
            _bump(g)
            entry = g.log("thv:1.11.2", "adjust", f"判定員の調整: {p} が{value}枚ドローした", p,
                          cites=("thv:1.11.5", "thv:1.11.4") if target == "both" else ())
            first = first or entry
        if not short:
            return first
        decks = "、".join(f"{p} のデッキ{len(g.data['players'][p]['deck'])}枚" for p in short)
        if len(short) == len(PLAYERS):
            g.end_game("draw")
            return g.log("thv:1.11.7", "lose", f"{value}枚ドローすべきところ {decks} のため、両者が同時に敗北し引き分け", None,
                         cites=("thv:1.5.3.b", "thv:1.5.4.a"))
        g.end_game(opponent(short[0]))
        return g.log("thv:1.11.7", "lose", f"{short[0]} は{value}枚ドローすべきところ {decks} のため敗北した", short[0],
                     cites=("thv:1.5.3.b", "thv:1.5.2.b"))

    def adjust_life(self, g, spec, target, value):
        """1.9.5 得る / 1.9.4 支払う・失う (1.9.4.a: more than the life is allowed); no upper or lower limit (1.9.6)."""
        ps = each_player(self, g, target)
        for p in ps:
            g.add(f"players.{p}.life", value)
        _bump(g)
        lives = {p: g.get(f"players.{p}.life") for p in ps}
        return g.log("thv:1.9.5" if value >= 0 else "thv:1.9.4", "adjust",
                     f"判定員の調整: {'、'.join(ps)} のライフ {value:+d} → " + "、".join(str(v) for v in lives.values())
                     + "（上限・下限なし、1.9.6）", target if target in PLAYERS else None,
                     cites=("thv:1.9.6", *(("thv:7.1.13",) if target == "both" else ()), *life_cites(g, min(lives.values()))))

    def adjust_pay_life(self, g, spec, target, value):
        """1.9.4: the life goes down by the value; 1.9.4.a: a value the text sets is paid even past the life. 1.5.3.a
        waits for a player to get priority: as a use's cost (7.3.4.e), after the use (7.3.4 「この手順を処理している間は
        いかなる効果、処理も適用されない」, 7.3.4.f)."""
        before = g.get(f"players.{target}.life")
        g.add(f"players.{target}.life", -value)
        _bump(g)
        after = before - value
        cites = (*(("thv:1.9.4.a",) if value > before else ()), *(("thv:7.3.4.e",) if g.resolving == "cost" else ()),
                 *life_cites(g, after), *(("thv:7.3.4",) if after <= 0 and g.resolving == "cost" else ()))
        return g.log(spec.rule, "adjust", f"{target} がライフポイントを {value} 支払った（{before} → {after}）"
                     + ("。敗北の判定（1.5.3.a）は使用の手順を終え、優先権が移るときに行う" if after <= 0 else ""), target,
                     cites=cites)

    def adjust_pay_cost(self, g, spec, target, value, sleep=None):
        """1.8.7: pay X at once from the nodes, each node one cost (d): sleep an active one (a) or discard a sleeping
        one (b), in any mix (c); `sleep` says how many are slept (default: as many as there are active ones).
        As a cost it is paid in full or the effect is not used (1.8.9.e/f); asked by an effect's resolution and
        impossible, the text for that case applies (1.8.9.b) and the effect stops (7.1.12)."""
        ns = g.data["players"][target]["nodes"]
        active = [c for c in ns if c["state"] == "active"]
        asleep = [c for c in ns if c["state"] == "sleep"]
        if self.how_many(g, value, len(ns), "ノード") < value:
            _bump(g)
            return g.log("thv:1.8.9.b", "cost", f"{target} はノード{len(ns)}枚でコスト{value}を支払えない", target,
                         cites=("thv:1.8.7.d", *self.part_failed(g)))
        k = min(value, len(active)) if sleep is None else sleep
        if not (max(0, value - len(asleep)) <= k <= min(value, len(active))):
            raise AdjustmentError(f"sleep: スリープにできるのは{max(0, value - len(asleep))}〜{min(value, len(active))}枚です"
                                  f"（アクティブ{len(active)}枚・スリープ{len(asleep)}枚、1.8.7.c）", "sleep")
        burn = {c["id"] for c in asleep[: value - k]}
        tap = {c["id"] for c in active[:k]}
        g.set(f"players.{target}.nodes", [dict(c, state="sleep") if c["id"] in tap else c for c in ns if c["id"] not in burn])
        for c in asleep[: value - k]:
            put(g, bare(c), c["owner"], "graveyard")
        _bump(g)
        rule = "thv:1.8.7.a" if k == value else "thv:1.8.7.b" if k == 0 else "thv:1.8.7.c"
        return g.log(rule, "cost", f"{target} がコスト{value}を支払った（スリープ{k}枚・破棄{value - k}枚）", target,
                     cites=("thv:1.8.7.f", *(("thv:1.8.9.d",) if g.resolving == "cost" else ("thv:1.8.9.g",) if g.resolving else ())))

    def adjust_negate(self, g, spec, target):
        """12.2.3 「効果を無効とし、破棄する」 on a card being played: it goes to the 冥界 and is not resolved."""
        loc = locate(g, target) if isinstance(target, str) else None
        if loc is None or loc[1] != "play_area" or g.data.get("interference") is None:
            raise AdjustmentError(f"target: 「{target}」はプレイされているカード（プレイエリア）ではありません", "target")
        _bump(g)
        return list(self.negate(g, target, "thv:12.2.3"))[-1]

    def adjust_set_state(self, g, spec, target, value):
        card = _card_or_error(g, target)
        loc = locate(g, target)
        if loc[1] not in ("field", "nodes"):
            raise AdjustmentError("target: 縦横の状態を持つのは場とノードエリアのカードです", "target")
        if card.get("state") == value:
            if g.resolving == "cost":  # a スリープアイコン cost on a card already sleeping cannot be paid (1.8.8.a)
                self.as_far_as_possible(g, 1, 0, f"アクティブ状態の {label(card)}", "value")
            raise Refused(f"value: 既に{'アクティブ' if value == 'active' else 'スリープ'}状態のカードをその状態にすることはできません",
                          "thv:11.5.3", "value")
        if loc[1] == "field" and loc[3] is None:
            update_card(g, target, state=value, sets=[dict(s, state=value) for s in card.get("sets") or ()])
        elif loc[1] == "field":
            host = g.data["players"][loc[0]]["field"][loc[2]]["id"]
            hc = get_card(g, host)
            update_card(g, host, state=value, sets=[dict(s, state=value) for s in hc.get("sets") or ()])  # 11.3.11.c
        else:
            update_card(g, target, state=value)
        _bump(g)
        return g.log("thv:11.5.1" if value == "active" else "thv:11.5.2", "adjust",
                     f"判定員の調整: {label(card)} を{'アクティブ' if value == 'active' else 'スリープ'}状態にした", None,
                     cites=("thv:1.8.8.a",) if g.resolving == "cost" else ())

    def adjust_attack(self, g, spec, target):
        card = _character_or_error(g, target)
        if g.data.get("battle") is not None or g.data["flags"].get("forced_attack"):
            _bump(g)
            return g.log("thv:6.2.5.a", "adjust", f"既に攻撃を行うキャラクターが存在するため、{label(card)} に攻撃を行う効果は適用されない", None)
        if self.keyword_works(g, card, "人形"):   # an invalidated 人形 (2.1.1.a) does not stop it
            _bump(g)
            return g.log("thv:1.3.2", "adjust", f"{label(card)} は人形（10.9.2.a: 攻撃を行うことが出来ない）を持つ。"
                         "「する」と「出来ない」が同時に適用される場合は出来ないが優先され、攻撃は行われない", None,
                         cites=("thv:10.9.2.a",))
        if g.data.get("interference") is not None:
            raise AdjustmentError("target: 干渉の途中に発生する攻撃（6.3.5.a の新たな干渉）はこのエンジンでは扱えません。"
                                  "干渉の解決後に適用してください", "target")
        g.set("flags", {**g.data["flags"], "forced_attack": target})
        _bump(g)
        return g.log("thv:6.3.5", "adjust", f"判定員の調整: {label(card)} に「攻撃を行う」という効果が適用された"
                     "（スリープ状態にはしない。次に優先権が発生する前に 6.3.5 の手順を行う）", None)

    def adjust_cancel_attack(self, g, spec):
        if g.data.get("battle") is None:
            raise AdjustmentError("op: 取り消す攻撃がありません", "op")
        g.set("battle", None)
        _bump(g)
        return g.log("thv:6.3.6.a", "adjust", "判定員の調整: 攻撃を取り消した（干渉は続行するが戦闘の解決は行わない）", None)

    def adjust_end_turn(self, g, spec):
        g.set("flags", {**g.data["flags"], "end_turn": True})
        _bump(g)
        return g.log("thv:4.10.1.a", "adjust", "判定員の調整: ターンを終了する（干渉中なら最後まで解決してから）", None)

    def adjust_end_phase(self, g, spec):
        g.set("flags", {**g.data["flags"], "end_phase": True})
        _bump(g)
        return g.log("thv:4.10.2.a", "adjust", "判定員の調整: フェイズを終了する（干渉中なら最後まで解決してから）", None)

    def adjust_skip_phase(self, g, spec, target):
        flags = g.data["flags"]
        if target in flags["skip"]:
            raise AdjustmentError("target: 既にスキップが確定しています（4.10.5.a）", "target")
        g.set("flags", {**flags, "skip": flags["skip"] + [target]})
        _bump(g)
        return g.log("thv:4.10.5", "adjust", f"判定員の調整: 次の{PHASE_LABELS[target]}をスキップする", None)

    def adjust_extra_phase(self, g, spec, target):
        flags = g.data["flags"]
        if flags["extra"]:
            return g.log("thv:4.10.4", "adjust", "判定員の調整: 追加されるフェイズは1度だけ（既に追加されている）", None)
        g.set("flags", {**flags, "extra": target})
        _bump(g)
        return g.log("thv:4.10.3.a", "adjust", f"判定員の調整: 現在のフェイズの後に追加の{PHASE_LABELS[target]}を得る", None)

    def adjust_win(self, g, spec, target):
        g.end_game(target)
        return g.log("thv:1.5.2.a", "adjust", f"「ゲームに勝利する」効果により {target} の勝利（全ての相手プレイヤーは敗北、1.5.2）", target,
                     cites=("thv:1.5.2",))

    def adjust_lose(self, g, spec, target):
        g.end_game(opponent(target))
        return g.log("thv:1.5.3.c", "adjust", f"「ゲームに敗北する」効果により {target} の敗北", target, cites=("thv:1.5.2.b",))

    def adjust_infinite_loop(self, g, spec, target="none"):
        if target in PLAYERS:
            g.end_game(opponent(target))
            return g.log("thv:1.5.3.e", "adjust", f"回避できない無限ループを構成する要素が全て {target} のカードのため、{target} の敗北", target,
                         cites=("thv:12.10.1", "thv:1.5.2.b"))
        g.end_game("draw")
        return g.log("thv:1.5.4.b", "adjust", "プレイヤーの選択で回避できない無限ループが発生したため引き分け", None,
                     cites=("thv:12.10.1",))

    def adjust_concede(self, g, spec, target):
        if target not in PLAYERS:
            raise AdjustmentError(f"target: プレイヤー「{target}」はいません（p1, p2）", "target")
        g.end_game(opponent(target))
        return g.log("thv:1.5.3.d", "concede", f"{target} が投了を宣言し、敗北した（12.7.3: 必ず認められる）", target,
                     cites=("thv:12.7.3",))


def ZONE(z):
    return ZONE_JA[z]


def _left_note(roles):
    if "attacker" in roles:
        return "。攻撃キャラクターが場を離れたため攻撃は取り消された（6.3.6.b）"
    if "defender" in roles:
        return "。防御キャラクターが場を離れた（6.4.7）"
    return ""


def _left_cites(roles):
    """The clauses `_left_note` names: 6.3.6.b cancels the attack whose attacker left; 6.4.7 lets the battle go on."""
    if "attacker" in roles:
        return ("thv:6.3.6.b",)
    if "defender" in roles:
        return ("thv:6.4.7",)
    return ()
