"""Judge adjustments: card text the engine does not read, applied in the rules' vocabulary, one trace entry each.
Removal that an adjustment causes through damage or 耐久力 (決死, 9.2.2) is processed by the rules at their next
check, as its own entries."""
from __future__ import annotations

from judge_app.engine.ruleset import Adjustment, concede_adjustment
from judge_app.engine.trace import AdjustmentError
from judge_app.engine.thv.phases import PHASE_LABELS
from judge_app.engine.thv.cards import (PLAYERS, ZONE_JA, attack_of, bare, get_card, has, label, locate, on_field_character, opponent,
                                        send_off, toughness_of, update_card)

_target = {"type": "string", "maxLength": 40}
_value = {"type": "integer", "minimum": -999, "maximum": 999}
_duration = {"enum": ["battle", "turn", "permanent"]}

ADJUSTMENTS = (
    Adjustment("power", "戦闘力の修正（6.1.10 の層: 変更/入れ替え/戦闘修正/常に）", "thv:6.1.10",
               {"target": _target, "attack": {"type": ["integer", "null"]}, "toughness": {"type": ["integer", "null"]},
                "layer": {"enum": ["set", "swap", "modify", "always"]}, "duration": _duration}, ("target",)),
    Adjustment("damage", "ダメージを与える（効果ダメージ/戦闘ダメージ）", "thv:1.10.12.c",
               {"target": _target, "value": {"type": "integer", "minimum": 1, "maximum": 999},
                "kind": {"enum": ["effect", "battle"]}}, ("target", "value")),
    Adjustment("destroy", "破棄する", "thv:9.3.3", {"target": _target}, ("target",)),
    Adjustment("kill", "決死状態にする", "thv:9.2.2.c", {"target": _target}, ("target",)),
    Adjustment("exile", "ゲームから除外する", "thv:9.4.3", {"target": _target}, ("target",)),
    Adjustment("draw", "ドローする", "thv:1.11.2", {"target": {"enum": list(PLAYERS)},
                                                  "value": {"type": "integer", "minimum": 1, "maximum": 60}},
               ("target", "value")),
    Adjustment("add_node", "ノードに加える（デッキの上から）", "thv:1.8.4.a",
               {"target": {"enum": list(PLAYERS)}, "value": {"type": "integer", "minimum": 1, "maximum": 60},
                "state": {"enum": ["active", "sleep"]}}, ("target", "value")),
    Adjustment("life", "ライフポイントを得る/失う", "thv:1.9.5", {"target": {"enum": list(PLAYERS)}, "value": _value},
               ("target", "value")),
    Adjustment("set_state", "アクティブ状態にする/スリープ状態にする", "thv:11.5.1",
               {"target": _target, "value": {"enum": ["active", "sleep"]}}, ("target", "value")),
    Adjustment("attack", "攻撃を行う（効果による攻撃）", "thv:6.3.5", {"target": _target}, ("target",)),
    Adjustment("cancel_attack", "攻撃を取り消す", "thv:6.3.6.a", {}, ()),
    Adjustment("end_turn", "ターンを終了する", "thv:4.10.1", {}, ()),
    Adjustment("end_phase", "フェイズを終了する", "thv:4.10.2", {}, ()),
    Adjustment("skip_phase", "フェイズをスキップする", "thv:4.10.5",
               {"target": {"enum": ["active", "maintenance", "draw", "main", "discard"]}}, ("target",)),
    Adjustment("extra_phase", "追加のフェイズを得る", "thv:4.10.3",
               {"target": {"enum": ["active", "maintenance", "draw", "main", "discard"]}}, ("target",)),
    Adjustment("win", "ゲームに勝利する、という効果", "thv:1.5.2.a", {"target": {"enum": list(PLAYERS)}}, ("target",)),
    Adjustment("lose", "ゲームに敗北する、という効果", "thv:1.5.3.c", {"target": {"enum": list(PLAYERS)}}, ("target",)),
    Adjustment("infinite_loop", "回避できない無限ループ（全て1人のカードなら target にそのプレイヤー）", "thv:1.5.4.b",
               {"target": {"enum": [*PLAYERS, "none"]}}, ()),
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


def _bump(g):
    g.set("adjust_seq", g.data["adjust_seq"] + 1)


class AdjustMixin:
    def adjust_power(self, g, spec, target, attack=None, toughness=None, layer="modify", duration="turn"):
        card = _character_or_error(g, target)
        if layer != "swap" and attack is None and toughness is None:
            raise AdjustmentError("attack: 攻撃力か耐久力のどちらかを指定してください", "attack")
        if duration == "battle" and g.data.get("battle") is None:
            raise AdjustmentError("duration: 戦闘中ではないため「戦闘終了時まで」は指定できません", "duration")
        if layer == "modify":
            attack, toughness = attack or 0, toughness or 0
        mod = {"layer": layer, "attack": attack, "toughness": toughness, "until": duration}
        update_card(g, target, mods=list(card.get("mods") or ()) + [mod])
        _bump(g)
        new = get_card(g, target)
        rule = {"set": "thv:6.1.10.a", "swap": "thv:6.1.10.b", "modify": "thv:6.1.10.c", "always": "thv:6.1.10.d"}[layer]
        until = {"battle": "戦闘終了時まで", "turn": "ターン終了時まで", "permanent": "永続"}[duration]
        return g.log(rule, "adjust", f"判定員の調整: {label(new)} の戦闘力を修正（{until}）→ {attack_of(new)}/{toughness_of(new)}"
                     "（下限0、6.1.12）", None, cites=("thv:6.1.12",))

    def adjust_damage(self, g, spec, target, value, kind="effect"):
        if target in PLAYERS:
            g.add(f"players.{target}.life", -value)
            _bump(g)
            return g.log("thv:1.10.11.a", "adjust", f"判定員の調整: {target} に{'戦闘' if kind == 'battle' else '効果'}ダメージ{value} → ライフ {g.get(f'players.{target}.life')}", target)
        card = _character_or_error(g, target)
        if kind == "battle" and g.data.get("battle") is None:
            raise AdjustmentError("kind: 戦闘中ではないため戦闘ダメージは指定できません", "kind")
        field = "battle_damage" if kind == "battle" else "damage"
        update_card(g, target, **{field: (card.get(field) or 0) + value})
        _bump(g)
        return g.log("thv:1.10.11.b", "adjust", f"判定員の調整: {label(card)} に{'戦闘' if kind == 'battle' else '効果'}ダメージ{value}が蓄積された", None)

    def adjust_destroy(self, g, spec, target):
        card = _card_or_error(g, target)
        loc = locate(g, target)
        if loc[1] in ("graveyard", "removed"):
            raise AdjustmentError(f"target: {ZONE(loc[1])}のカードは破棄状態になりません（9.3.8）", "target")
        left = self._leaving(g, [target])
        send_off(g, target, "graveyard")
        self._after_adjust_leave(g, left)
        _bump(g)
        return g.log("thv:9.3.4.g", "adjust", f"判定員の調整: {label(card)} を破棄した（冥界へ）" + _left_note(left), None,
                     cites=_left_cites(left))

    def adjust_kill(self, g, spec, target):
        card = _character_or_error(g, target)
        update_card(g, target, deathblow=True)
        _bump(g)
        return g.log("thv:9.2.2.c", "adjust", f"判定員の調整: {label(card)} を決死状態にする（次のルール処理で破棄される）", None)

    def adjust_exile(self, g, spec, target):
        card = _card_or_error(g, target)
        if locate(g, target)[1] == "removed":
            raise AdjustmentError("target: 除外エリアのカードは除外状態になりません（9.4.6.a）", "target")
        left = self._leaving(g, [target])
        send_off(g, target, "removed")
        self._after_adjust_leave(g, left)
        _bump(g)
        return g.log("thv:9.4.4.l", "adjust", f"判定員の調整: {label(card)} をゲームから除外した" + _left_note(left), None,
                     cites=_left_cites(left))

    def _after_adjust_leave(self, g, roles):
        battle = g.data.get("battle")
        if battle and "attacker" in roles:
            g.set("battle", None)  # 6.3.6.b
        elif battle and "defender" in roles:
            g.set("battle", {**battle, "defender_left": battle["defender"], "defender": None})

    def adjust_draw(self, g, spec, target, value):
        deck = g.data["players"][target]["deck"]
        if len(deck) < value:
            g.end_game(opponent(target))
            return g.log("thv:1.11.7", "adjust", f"判定員の調整: {target} は{value}枚ドローすべきところデッキが{len(deck)}枚のため敗北した", target,
                         cites=("thv:1.5.3.b",))
        g.set(f"players.{target}.deck", deck[value:])
        g.set(f"players.{target}.hand", g.data["players"][target]["hand"] + deck[:value])
        _bump(g)
        return g.log("thv:1.11.2", "adjust", f"判定員の調整: {target} が{value}枚ドローした", target)

    def adjust_add_node(self, g, spec, target, value, state="sleep"):
        deck = g.data["players"][target]["deck"]
        taken = deck[:value]
        g.set(f"players.{target}.deck", deck[value:])
        g.set(f"players.{target}.nodes", g.data["players"][target]["nodes"] + [{**bare(c), "state": state} for c in taken])
        _bump(g)
        return g.log("thv:1.8.4.a", "adjust", f"判定員の調整: {target} のデッキの上から{len(taken)}枚をノードに加えた", target)

    def adjust_life(self, g, spec, target, value):
        g.add(f"players.{target}.life", value)
        _bump(g)
        return g.log("thv:1.9.5" if value >= 0 else "thv:1.9.4", "adjust",
                     f"判定員の調整: {target} のライフ {value:+d} → {g.get(f'players.{target}.life')}（上限・下限なし、1.9.6）", target,
                     cites=("thv:1.9.6",))

    def adjust_set_state(self, g, spec, target, value):
        card = _card_or_error(g, target)
        loc = locate(g, target)
        if loc[1] not in ("field", "nodes"):
            raise AdjustmentError("target: 縦横の状態を持つのは場とノードエリアのカードです", "target")
        if card.get("state") == value:
            raise AdjustmentError(f"value: 既に{'アクティブ' if value == 'active' else 'スリープ'}状態です（11.5.3）", "value")
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
                     f"判定員の調整: {label(card)} を{'アクティブ' if value == 'active' else 'スリープ'}状態にした", None)

    def adjust_attack(self, g, spec, target):
        card = _character_or_error(g, target)
        if g.data.get("battle") is not None or g.data["flags"].get("forced_attack"):
            _bump(g)
            return g.log("thv:6.2.5.a", "adjust", f"既に攻撃を行うキャラクターが存在するため、{label(card)} に攻撃を行う効果は適用されない", None)
        if has(card, "人形"):
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
        return g.log("thv:1.5.3.c", "adjust", f"「ゲームに敗北する」効果により {target} の敗北", target)

    def adjust_infinite_loop(self, g, spec, target="none"):
        if target in PLAYERS:
            g.end_game(opponent(target))
            return g.log("thv:1.5.3.e", "adjust", f"回避できない無限ループを構成する要素が全て {target} のカードのため、{target} の敗北", target)
        g.end_game("draw")
        return g.log("thv:1.5.4.b", "adjust", "プレイヤーの選択で回避できない無限ループが発生したため引き分け", None)

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
