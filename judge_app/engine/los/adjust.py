"""Judge adjustments: card text the engine does not read, applied in the rulebook's vocabulary (8.x, 9.x).

Each adjustment logs exactly one entry. A card-targeting adjustment may name its `source` (the player, SPEED
and COST of the card whose effect it is) so that スピード耐性 / エネルギー耐性 (8.13.2, 8.13.3) can refuse it,
and `targeted: true` when the effect chooses its target, which turns a face-down character face up first (9.6).
"""
from __future__ import annotations

from judge_app.engine.los.board_terms import DISPLAY_JA, LANES, other, parse_keywords, square_name
from judge_app.engine.los.cards import locate, set_square, stat, take, to_trash, update_card, where
from judge_app.engine.los.common import draw, life_result, lose_life, player, result_message
from judge_app.engine.ruleset import Adjustment, concede_adjustment
from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError

TARGET = {"type": "string", "minLength": 1, "maxLength": 40}
DURATION = {"enum": ["battle", "turn", "permanent"],
            "description": "battle: このバトル中 (5.5.1 VI で終了) / turn: ターン終了時まで (5.6 2.) / permanent"}
SOURCE = {"type": "object", "additionalProperties": False,
          "properties": {"player": {"enum": ["p1", "p2"]}, "speed": {"type": "integer", "minimum": 0},
                         "cost": {"type": "integer", "minimum": 0}}}
TARGETED = {"type": "boolean", "description": "対象をとる効果なら true（裏側表示は表にしてから解決, 9.6）"}
CARD_OPTS = {"source": SOURCE, "targeted": TARGETED}
DURATION_JA = {"battle": "このバトル中", "turn": "ターン終了時まで", "permanent": "場を離れるまで"}


def _stat_adjustment(op: str, name: str) -> Adjustment:
    return Adjustment(op, f"{name} ±N", "los:8.9",
                      {"target": TARGET, "value": {"type": "integer", "minimum": -100000, "maximum": 100000},
                       "duration": DURATION, **CARD_OPTS}, ("target", "value", "duration"))


ADJUSTMENTS = (
    _stat_adjustment("atk", "ATK"), _stat_adjustment("def", "DEF"), _stat_adjustment("down", "DOWN"),
    Adjustment("stat_set", "ATK/DEF/DOWN を N にする", "los:9.5",
               {"target": TARGET, "stat": {"enum": ["ATK", "DEF", "DOWN"]},
                "value": {"type": "integer", "minimum": 0, "maximum": 100000}, "duration": DURATION, **CARD_OPTS},
               ("target", "stat", "value", "duration")),
    Adjustment("damage", "ダメージを与える（プレイヤー: p1/p2/both、またはキャラクターのID）", "los:8.11",
               {"target": TARGET, "value": {"type": "integer", "minimum": 0, "maximum": 100000}, "source": SOURCE},
               ("target", "value"), handles_both=True),
    Adjustment("destroy", "破壊（ダウン状態にならず、ダウンダメージなし）", "los:8.10",
               {"target": TARGET, **CARD_OPTS}, ("target",)),
    Adjustment("move", "移動（別のレーンや前衛・後衛へ）", "los:8.2",
               {"target": TARGET, "row": {"enum": ["front", "back"]},
                "lane": {"type": "integer", "minimum": 1, "maximum": LANES}, **CARD_OPTS}, ("target", "row", "lane")),
    Adjustment("display", "表示を変更する", "los:6",
               {"target": TARGET, "display": {"enum": list(DISPLAY_JA)}, "face_down": {"type": "boolean"},
                **CARD_OPTS}, ("target", "display")),
    Adjustment("draw", "カードを引く", "los:8.5",
               {"target": {"enum": ["p1", "p2"]}, "value": {"type": "integer", "minimum": 1, "maximum": 60}},
               ("target", "value")),
    Adjustment("recover", "ライフを回復する", "los:8.6",
               {"target": {"enum": ["p1", "p2"]}, "value": {"type": "integer", "minimum": 0, "maximum": 100000}},
               ("target", "value")),
    Adjustment("forbid", "「〜できない」を与える（アタック・移動・表示変更）", "los:9.2",
               {"target": TARGET, "action": {"enum": ["attack", "move", "display"]}, "duration": DURATION},
               ("target", "action", "duration")),
    Adjustment("trigger", "誘発効果が発動条件を満たした（強制／任意）", "los:8.1.1",
               {"target": {"enum": ["p1", "p2"]}, "label": {"type": "string", "minLength": 1, "maxLength": 80},
                "forced": {"type": "boolean"}}, ("target", "label", "forced")),
    concede_adjustment("los:4"),
)

ACTION_JA = {"attack": "アタック", "move": "移動", "display": "表示変更"}


def character(g: GameState, target: str) -> tuple[str, str, int, dict]:
    loc = locate(g, target)
    if loc is None or loc[1] not in ("front", "back"):
        raise AdjustmentError(f"target: 「{target}」はキャラクターゾーンのキャラクターではありません", "target")
    pid, row, lane = loc
    return pid, row, lane, g.data["players"][pid][row][lane]


def check_duration(g: GameState, duration: str | None) -> None:
    if duration == "battle" and not g.data.get("battle"):
        raise AdjustmentError("duration: いまは戦闘中ではないため「このバトル中」は指定できません", "duration")


def prepare(g: GameState, target: str, source: dict | None, targeted: bool | None) -> str | None:
    """9.6 / 9.6.2: a targeted face-down character is turned face up first, then its abilities apply; returns the
    clause that makes the effect fail (8.13.2 / 8.13.3), or None. The flip stays either way (9.6.2 2.)."""
    pid, row, lane, card = character(g, target)
    if targeted and card.get("face_down"):
        update_card(g, target, face_down=False)
        card = g.data["players"][pid][row][lane]
    if not source or card.get("face_down") or source.get("player", other(pid)) == pid:
        return None
    kw = parse_keywords(card)
    if "スピード耐性" in kw and "speed" in source and source["speed"] <= kw["スピード耐性"]:
        return "los:8.13.2"
    if "エネルギー耐性" in kw and "cost" in source and source["cost"] <= kw["エネルギー耐性"]:
        return "los:8.13.3"
    return None


def refused(g: GameState, rule: str, target: str):
    card = character(g, target)[3]
    what = "スピード耐性" if rule.endswith("13.2") else "エネルギー耐性"
    return g.log(rule, "adjust", f"「{card['name']}」は{what}を持つため、この効果を受けません", None)


def flipped_note(was_face_down: bool, targeted: bool | None) -> str:
    return "（対象に選ばれたため表側表示にしてから解決しました）" if targeted and was_face_down else ""


class LosAdjustments:
    """Mixed into the ruleset: one method per adjustment op."""

    def _modify(self, g, spec, target, name, op, value, duration, source=None, targeted=None):
        check_duration(g, duration)
        was_down = bool(character(g, target)[3].get("face_down"))
        blocked = prepare(g, target, source, targeted)
        if blocked:
            return refused(g, blocked, target)
        note = flipped_note(was_down, targeted)
        card = character(g, target)[3]
        mods = list(card.get("mods") or []) + [{"stat": name, "op": op, "value": value, "until": duration}]
        update_card(g, target, mods=mods)
        card = character(g, target)[3]
        change = f"{value:+d}" if op == "add" else f"を{value}に"
        rule = "los:9.5" if op == "set" else "los:8.9"
        return g.log(rule, "adjust", f"{note}「{card['name']}」（{where(g, target)}）の{name}{change}"
                     f"（{DURATION_JA[duration]}）: 現在 {name} {stat(card, name)}", None)

    def adjust_atk(self, g, spec, target, value, duration, source=None, targeted=None):
        return self._modify(g, spec, target, "ATK", "add", value, duration, source, targeted)

    def adjust_def(self, g, spec, target, value, duration, source=None, targeted=None):
        return self._modify(g, spec, target, "DEF", "add", value, duration, source, targeted)

    def adjust_down(self, g, spec, target, value, duration, source=None, targeted=None):
        return self._modify(g, spec, target, "DOWN", "add", value, duration, source, targeted)

    def adjust_stat_set(self, g, spec, target, stat, value, duration, source=None, targeted=None):
        return self._modify(g, spec, target, stat, "set", value, duration, source, targeted)

    def adjust_damage(self, g, spec, target, value, source=None):
        if target in ("p1", "p2", "both"):
            hit = ["p1", "p2"] if target == "both" else [target]
            for pid in hit:
                lose_life(g, pid, value)
            lives = "、".join(f"{pid} ライフ {player(g, pid)['life']}" for pid in hit)
            result = life_result(g)
            if result:
                g.end_game(result)
                return g.log("los:4", "adjust", f"{'お互い' if target == 'both' else target}に{value}ダメージ"
                             f"（{lives}）。{result_message(result)}", None)
            return g.log(spec.rule, "adjust", f"{'お互いのプレイヤー' if target == 'both' else target}に"
                         f"{value}ダメージを与えました（{lives}）", None)
        blocked = prepare(g, target, source, None)
        if blocked:
            return refused(g, blocked, target)
        card = character(g, target)[3]
        update_card(g, target, damage=card.get("damage", 0) + value)
        return g.log(spec.rule, "adjust", f"「{card['name']}」（{where(g, target)}）に{value}ダメージを与えました"
                     "（その結果はカードの効果に従い、破壊なら「破壊」で適用します）", None)

    def adjust_destroy(self, g, spec, target, source=None, targeted=None):
        loc = locate(g, target)
        if loc is None or loc[1] not in ("front", "back", "support", "energy"):
            raise AdjustmentError(f"target: 「{target}」は場のカードではありません", "target")
        if loc[1] in ("front", "back"):
            blocked = prepare(g, target, source, targeted)
            if blocked:
                return refused(g, blocked, target)
        at = where(g, target)
        card = to_trash(g, target)
        b = g.data.get("battle")
        if b and target in b.get("downed", []):
            g.set("battle", dict(b, downed=[x for x in b["downed"] if x != target]))
        return g.log(spec.rule, "adjust", f"「{card['name']}」（{at}）を破壊し、トラッシュに置きました"
                     "（ダウン状態にはならず、ダウンダメージはありません）", None)

    def adjust_move(self, g, spec, target, row, lane, source=None, targeted=None):
        pid, r0, l0, card = character(g, target)
        if g.data["players"][pid][row][lane - 1] is not None:
            raise AdjustmentError(f"lane: {square_name(pid, row, lane - 1)} にはすでにキャラクターがいます"
                                  "（1マスに置けるキャラクターは1体, 3.3.1）", "lane")
        blocked = prepare(g, target, source, targeted)
        if blocked:
            return refused(g, blocked, target)
        note = flipped_note(bool(card.get("face_down")), targeted)
        _, card = take(g, target)
        set_square(g, pid, row, lane - 1, card)
        return g.log(spec.rule, "adjust", f"{note}「{card['name']}」を{square_name(pid, r0, l0)}から"
                     f"{square_name(pid, row, lane - 1)}へ移動しました", None)

    def adjust_display(self, g, spec, target, display, face_down=None, source=None, targeted=None):
        pid, row, lane, card = character(g, target)
        blocked = prepare(g, target, source, targeted)
        if blocked:
            return refused(g, blocked, target)
        fields = {"display": display}
        if face_down is not None:
            fields["face_down"] = face_down
        # 5.3 forbids the player to turn a face-up character face down; an effect may (9.1: 効果を優先)
        rule = "los:9.1" if face_down and not card.get("face_down") else spec.rule
        update_card(g, target, **fields)
        card = character(g, target)[3]
        face = "裏側" if card.get("face_down") else "表側"
        return g.log(rule, "adjust", f"「{card['name']}」（{square_name(pid, row, lane)}）を{face}"
                     f"{DISPLAY_JA[display]}にしました", None)

    def adjust_draw(self, g, spec, target, value):
        if not draw(g, target, value):
            g.end_game(other(target))
            return g.log("los:4", "lose", f"{target} はデッキが0枚でカードを引けないため敗北しました。"
                         f"{other(target)} の勝利", target)
        return g.log(spec.rule, "adjust", f"{target} がデッキの上からカードを{value}枚引きました", None)

    def adjust_recover(self, g, spec, target, value):
        g.set(f"players.{target}.life", player(g, target)["life"] + value)
        return g.log(spec.rule, "adjust", f"{target} のライフを{value}回復しました（ライフ {player(g, target)['life']}）", None)

    def adjust_trigger(self, g, spec, target, label, forced):
        """8.1.1 / 8.1.2: the effect waits for its player's priority; forced ones must be used first (9.3.1)."""
        seq = g.data.get("trigger_seq", 0) + 1
        g.set("trigger_seq", seq)
        g.set("triggers", list(g.data.get("triggers") or []) + [
            {"id": f"trigger-{seq}", "player": target, "label": label, "forced": forced}])
        kind = "誘発強制効果" if forced else "誘発任意効果"
        return g.log("los:8.1.1" if forced else "los:8.1.2", "adjust",
                     f"{target} の{kind}「{label}」が発動条件を満たしました（{target} の優先権で発動します）", None)

    def adjust_forbid(self, g, spec, target, action, duration):
        check_duration(g, duration)
        pid, row, lane, card = character(g, target)
        update_card(g, target, cannot=list(card.get("cannot") or []) + [{"action": action, "until": duration}])
        return g.log(spec.rule, "adjust", f"「{card['name']}」（{square_name(pid, row, lane)}）は"
                     f"{ACTION_JA[action]}できない（{DURATION_JA[duration]}）: 「できる」より「できない」を優先します", None)
