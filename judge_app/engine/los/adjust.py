"""Judge adjustments: card text the engine does not read, applied in the rulebook's vocabulary (6, 8.x, 9.x).

Each adjustment logs exactly one entry. A card-targeting adjustment may name its `source` (the player, SPEED
and COST of the card whose effect it is) so that スピード耐性 / エネルギー耐性 (8.13.2, 8.13.3) can refuse it,
and `targeted: true` when the effect chooses its target (9.6): a target that is not on the キャラクターゾーン
cannot be resolved (9.6), a face-down one is turned face up first (9.6.2), and a condition that reads the card's
face (`face_condition`: 「ATK●●以上」「スピード」「属性」) cannot choose a face-down one (9.6.1). A card op's
target may also be a group the rules name (9.6.1, 9.5): `all`, `front`, `back`, `attack`, `defense`, each
optionally for one player (`p2:front` = 相手の前衛の全てのキャラクター); a group is not chosen, so face-down
characters are in it and stay face down.

An `effect` (the core's `resolve_effect`) is held to the rules here: within a priority exchange a player's one
effect per turn of priority (5.5.1 II/III, 9.3) is the one they chose, so an effect of another card is refused;
its parts take the source card's SPEED/COST for the resistances unless they name their own.
"""
from __future__ import annotations

from judge_app.engine.los.board_terms import DISPLAY_JA, LANES, other, parse_keywords, square_name
from judge_app.engine.los.cards import (add_card_mod, characters, entered, locate, on_field, printed, put, set_square,
                                        stat, stat_cites, take, to_trash, update_card, where)
from judge_app.engine.los.common import draw, life_result, lose_life, pay, player, regained, result_message
from judge_app.engine import effect_parts, lasting
from judge_app.engine.ruleset import Adjustment, concede_adjustment
from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError, Refused

TARGET = {"type": "string", "minLength": 1, "maxLength": 40,
          "description": "カードのID、または全体: all / front / back / attack / defense（p1:front のようにプレイヤーを付けられる）"}
CARD = {"type": "string", "minLength": 1, "maxLength": 40, "description": "カードのID"}
PLAYER = {"enum": ["p1", "p2"]}
PLAYERS = {"enum": ["p1", "p2", "both"], "description": "p1 / p2 / both（お互いのプレイヤー: 同時に）"}
COUNT = {"type": "integer", "minimum": 1, "maximum": 60}
TURNED = {"type": "string", "minLength": 1, "maxLength": 40,
          "description": "エネルギー・サポートのカードのID、または p1 / p2（そのプレイヤーのエネルギーを value 枚）"}
DURATION = {"enum": ["battle", "turn", "next_turn_end", "while_on_field", "permanent"],
            "description": "battle: このバトル中 (5.5.1 VI で終了) / turn: ターン終了時まで (5.6 2.) / "
                           "next_turn_end: 次の相手のターン終了時まで (効果の持ち主の相手の次のターンの 5.6 2.) / "
                           "while_on_field: このカードが場にある間 (source.card が場を離れたとき, 9.4) / permanent"}
OWNER = {"enum": ["p1", "p2"], "description": "効果の持ち主（既定: source の player、効果のプレイヤー、ターンプレイヤー）"}
SOURCE = {"type": "object", "additionalProperties": False,
          "properties": {"player": PLAYER, "card": {**CARD, "description": "効果を持つカードのID（「場にある間」に必要）"},
                         "speed": {"type": "integer", "minimum": 0},
                         "cost": {"type": "integer", "minimum": 0},
                         "entered": {"type": "integer", "minimum": 0,
                                     "description": "効果のカードが場に出た順（9.5: 後から出たカードの「になる」が優先）"}}}
TARGETED = {"type": "boolean", "description": "対象をとる効果なら true（裏側表示は表にしてから解決, 9.6）"}
FACE_CONDITION = {"type": "boolean",
                  "description": "対象の条件がカードの表側の情報（ATK●●以上、スピード、属性…）を参照するなら true（9.6.1）"}
CARD_OPTS = {"source": SOURCE, "targeted": TARGETED, "face_condition": FACE_CONDITION}
DURATION_JA = {"battle": "このバトル中", "turn": "ターン終了時まで", "next_turn_end": "次の相手のターン終了時まで",
               "while_on_field": "このカードが場にある間", "permanent": "場を離れるまで"}
GROUPS = {"all": "全てのキャラクター", "front": "前衛の全てのキャラクター", "back": "後衛の全てのキャラクター",
          "attack": "アタック表示の全てのキャラクター", "defense": "ディフェンス表示の全てのキャラクター"}
# 8.13: the keywords the rulebook defines, and their clauses (none of them carries a use limit)
KEYWORD_RULES = {"上空": "los:8.13.1", "スピード耐性": "los:8.13.2", "エネルギー耐性": "los:8.13.3",
                 "2回攻撃": "los:8.13.4", "毒呪": "los:8.13.5"}


# The character ops below take a group target (9.5 「全てのキャラクター」): `handles_both` keeps the core from reading
# `all` as every player and running the op once per player; the handler reads it as every character.
def _stat_adjustment(op: str, name: str) -> Adjustment:
    return Adjustment(op, f"{name} ±N", "los:8.9",
                      {"target": TARGET, "value": {"type": "integer", "minimum": -100000, "maximum": 100000},
                       "duration": DURATION, "owner": OWNER, **CARD_OPTS}, ("target", "value", "duration"),
                      handles_both=True)


ADJUSTMENTS = (
    _stat_adjustment("atk", "ATK"), _stat_adjustment("def", "DEF"), _stat_adjustment("down", "DOWN"),
    Adjustment("stat_set", "ATK/DEF/DOWN を N にする", "los:9.5",
               {"target": TARGET, "stat": {"enum": ["ATK", "DEF", "DOWN"]},
                "value": {"type": "integer", "minimum": 0, "maximum": 100000}, "duration": DURATION, "owner": OWNER,
                **CARD_OPTS}, ("target", "stat", "value", "duration"), handles_both=True),
    Adjustment("damage", "ダメージを与える（プレイヤー: p1/p2/both/opponent、またはキャラクターのID）", "los:8.11",
               {"target": TARGET, "value": {"type": "integer", "minimum": 0, "maximum": 100000}, "source": SOURCE},
               ("target", "value"), handles_both=True),
    Adjustment("destroy", "破壊（トラッシュへ。ダウン状態にならず、ダウンダメージなし）", "los:8.10",
               {"target": TARGET, **CARD_OPTS}, ("target",), handles_both=True),
    Adjustment("move", "移動（別のレーンや前衛・後衛へ）", "los:8.2",
               {"target": CARD, "row": {"enum": ["front", "back"]},
                "lane": {"type": "integer", "minimum": 1, "maximum": LANES}, **CARD_OPTS}, ("target", "row", "lane")),
    Adjustment("display", "表示を変更する", "los:6",
               {"target": CARD, "display": {"enum": list(DISPLAY_JA)}, "face_down": {"type": "boolean"},
                **CARD_OPTS}, ("target", "display")),
    Adjustment("draw", "カードを引く（デッキ → 手札）", "los:8.5",
               {"target": PLAYERS, "value": COUNT}, ("target", "value"), handles_both=True),
    Adjustment("recover", "ライフを回復する", "los:8.6",
               {"target": PLAYERS, "value": {"type": "integer", "minimum": 0, "maximum": 100000}},
               ("target", "value"), handles_both=True),
    Adjustment("pay_energy", "エネルギーを払う（リゲイン表示のエネルギーN枚をゲイン表示に）", "los:2.5.1",
               {"target": PLAYER, "value": COUNT}, ("target", "value")),
    Adjustment("gain", "ゲインする（エネルギー・サポートを横向きに。プレイヤーならエネルギーN枚）", "los:6.6",
               {"target": TURNED, "value": COUNT}, ("target",)),
    Adjustment("regain", "リゲインする（エネルギー・サポートを縦向きに。プレイヤーならエネルギーN枚）", "los:6.5",
               {"target": TURNED, "value": COUNT}, ("target",)),
    Adjustment("discard", "手札のカードをトラッシュに置く（効果によってトラッシュに移る＝破壊。p1/p2 と枚数なら手札の持ち主が選ぶ）",
               "los:8.10", {"target": {"type": "string", "minLength": 1, "maxLength": 40,
                                      "description": "手札のカードのID、または p1 / p2（value 枚。どれを置くかは手札の持ち主が選ぶ）"},
                           "value": COUNT}, ("target",)),
    Adjustment("to_deck", "手札のカードをデッキに戻す（下に / 戻してシャッフル）", "los:5.1",
               {"target": CARD, "position": {"enum": ["bottom", "shuffle"]}}, ("target", "position")),
    Adjustment("enter", "手札のキャラクターをキャラクターゾーンに出す（コストは別に払う）", "los:5.3",
               {"target": CARD, "lane": {"type": "integer", "minimum": 1, "maximum": LANES},
                "row": {"enum": ["back", "front"], "description": "front は効果がそう書く場合だけ（9.1）"},
                "display": {"enum": list(DISPLAY_JA)}, "face_down": {"type": "boolean"}},
               ("target", "lane", "display")),
    Adjustment("put_support", "手札のサポートをサポートゾーンに出す（コストは別に払う）", "los:2.3",
               {"target": CARD}, ("target",)),
    Adjustment("put_energy", "手札のカードをエネルギーゾーンにリゲイン表示で置く", "los:3.4",
               {"target": CARD}, ("target",)),
    Adjustment("forbid", "「〜できない」を与える（アタック・移動・表示変更）", "los:9.2",
               {"target": TARGET, "action": {"enum": ["attack", "move", "display"]}, "duration": DURATION,
                "owner": OWNER, "source": SOURCE},
               ("target", "action", "duration"), handles_both=True),
    Adjustment("trigger", "誘発効果が発動条件を満たした（強制／任意）", "los:8.1.1",
               {"target": PLAYER, "label": {"type": "string", "minLength": 1, "maxLength": 80},
                "forced": {"type": "boolean"}}, ("target", "label", "forced")),
    concede_adjustment("los:4"),
)

ACTION_JA = {"attack": "アタック", "move": "移動", "display": "表示変更"}
# a triggered effect whose exchange of priority has ended (priority.spend_triggers): why its content is refused now
SPENT = {
    "closed": lambda label: (f"label: 誘発効果「{label}」を発動した優先権のやり取りは終わっています（お互いに優先権を放棄し、"
                             "次の行動に移りました）。発動した優先権のうちに適用します", "los:9.3"),
    "applied": lambda label: (f"label: 誘発効果「{label}」は既に適用しました。発動した効果は1度だけ解決します", "los:9.3"),
    "dropped": lambda label: (f"label: 誘発任意効果「{label}」は発動されないまま優先権のやり取りが終わったため、"
                              "適用しません", "los:8.1.2"),
}


def character(g: GameState, target: str) -> tuple[str, str, int, dict]:
    loc = locate(g, target)
    if loc is None or loc[1] not in ("front", "back"):
        raise AdjustmentError(f"target: 「{target}」はキャラクターゾーンのキャラクターではありません", "target")
    pid, row, lane = loc
    return pid, row, lane, g.data["players"][pid][row][lane]


def card_in(g: GameState, target: str, zones: tuple[str, ...], what: str) -> tuple[str, str, dict]:
    loc = locate(g, target)
    if loc is None or loc[1] not in zones:
        raise AdjustmentError(f"target: 「{target}」は{what}のカードではありません", "target")
    pid, zone, i = loc
    return pid, zone, g.data["players"][pid][zone][i]


def group(g: GameState, target: str) -> tuple[str, list[str]] | None:
    """A group target the rules name (9.6.1, 9.5): (its Japanese name, the ids in it), or None for a card id."""
    if locate(g, target) is not None:
        return None
    who, _, name = target.rpartition(":")
    if name not in GROUPS or who not in ("", "p1", "p2"):
        return None
    ids = [c["id"] for pid in ((who,) if who else ("p1", "p2")) for row, _, c in characters(g, pid)
           if in_group(name, row, c)]
    return (f"{who} の" if who else "") + GROUPS[name], ids


def in_group(name: str, row: str, card: dict) -> bool:
    if name in ("front", "back"):
        return row == name
    if name in ("attack", "defense"):
        return (card.get("display", "attack") == "attack") == (name == "attack")
    return True


def check_duration(g: GameState, duration: str | None) -> None:
    if duration == "battle" and not g.data.get("battle"):
        raise AdjustmentError("duration: いまは戦闘中ではないため「このバトル中」は指定できません", "duration")


def lasting_fields(g: GameState, duration: str, source: dict | None, owner: str | None) -> dict:
    """What a modification keeps so that it ends where the book says: 「次の相手のターン終了時まで」 the turn at whose
    end (5.6 2.) it ends — the next turn of its owner's opponent; 「このカードが場にある間」 the card whose effect it
    is, which must be on the field (it ends when the card leaves, 9.4)."""
    if duration == "next_turn_end":
        return {"until_turn": lasting.opponents_turn_end(g, owner or (source or {}).get("player") or g.acting)}
    if duration != "while_on_field":
        return {}
    card = (source or {}).get("card")
    if not card:
        raise AdjustmentError("source: 「このカードが場にある間」の効果には、効果を持つカード(source.card)が必要です",
                              "source")
    if not on_field(g, card):
        raise AdjustmentError(f"source: 効果を持つカード「{card}」は場にありません（「場にある間」の効果は適用されません）",
                              "source")
    g.set("field_bound", True)
    return {"source": card}


def prepare(g: GameState, target: str, source: dict | None, targeted: bool | None,
            face_condition: bool | None = None) -> tuple[str | None, list[str]]:
    """9.6 / 9.6.2 for one character: returns (the clause that makes the effect fail on it — 8.13.2 / 8.13.3 — or
    None, the clauses the step relied on). A targeted face-down character is turned face up first and stays so
    (9.6.2 2.); a target gone from the キャラクターゾーン cannot be resolved (9.6); a condition reading the face cannot
    choose a face-down character (9.6.1)."""
    loc = locate(g, target)
    if targeted and loc is not None and loc[1] not in ("front", "back"):
        raise Refused(f"target: 対象に選ばれた「{target}」はキャラクターゾーンにいないため、この効果は解決できません",
                      "los:9.6", "target")
    pid, row, lane, card = character(g, target)
    cites: list[str] = []
    if targeted and card.get("face_down"):
        if face_condition:
            raise Refused("target: 裏側表示のキャラクターは、表側の情報を参照する条件（ATK・スピード・属性…）の対象にとれません",
                          "los:9.6.1", "target")
        update_card(g, target, face_down=False, flipped_turn=g.turn)
        card = g.data["players"][pid][row][lane]
        cites += ["los:9.6", "los:9.6.2", "los:9.6.2.s1", "los:9.6.2.s2"]
    blocked = resisted_by(card, pid, source)
    if cites:
        cites += ["los:9.6.2.s3", "los:9.6.2.s4"] + ([] if blocked else ["los:9.6.2.s5"])
    return blocked, cites


def resisted_by(card: dict, owner: str, source: dict | None) -> str | None:
    """8.13.2 / 8.13.3: 記載された数字以下のスピード / エネルギーコストを持つ相手のカードの効果を受けない."""
    if not source or card.get("face_down") or source.get("player", other(owner)) == owner:
        return None
    kw = parse_keywords(card)
    if "スピード耐性" in kw and "speed" in source and source["speed"] <= kw["スピード耐性"]:
        return "los:8.13.2"
    if "エネルギー耐性" in kw and "cost" in source and source["cost"] <= kw["エネルギー耐性"]:
        return "los:8.13.3"
    return None


def refused(g: GameState, rule: str, target: str, cites: list[str]):
    card = character(g, target)[3]
    what = "スピード耐性" if rule.endswith("13.2") else "エネルギー耐性"
    flipped = "（対象に選ばれたため表側表示にしてから解決しました）" if cites else ""
    return g.log(rule, "adjust", f"{flipped}「{card['name']}」は{what}を持つため、この効果を受けません"
                 + ("（効果の解決に失敗）" if cites else ""), None, cites=cites)


def flipped_note(cites: list[str]) -> str:
    return ("（対象に選ばれたため表側表示にしてから解決しました。表になったキャラクターの効果があれば、この後に解決します）"
            if cites else "")


def one_card_or_group(g: GameState, target: str, source, targeted, face_condition):
    """(group name or None, [(id, cites)] to act on, [(id, clause)] that resisted); a card target is prepared
    (9.6), a group is not chosen (9.6.1) and keeps face-down characters face down."""
    grp = group(g, target)
    if grp is None:
        blocked, cites = prepare(g, target, source, targeted, face_condition)
        return None, ([] if blocked else [(target, cites)]), ([(target, blocked, cites)] if blocked else [])
    if targeted:
        raise AdjustmentError("target: 全体（全てのキャラクター…）は対象をとる効果の対象にできません（9.6.1）", "target")
    name, ids = grp
    acted, resisted = [], []
    for cid in ids:
        pid, _, _, card = character(g, cid)
        blocked = resisted_by(card, pid, source)
        (resisted.append((cid, blocked, [])) if blocked else acted.append((cid, [])))
    return name, acted, resisted


def names(g: GameState, ids) -> str:
    return "・".join(f"「{character(g, cid)[3]['name']}」" for cid in ids) or "（該当なし）"


class LosAdjustments:
    """Mixed into the ruleset: one method per adjustment op, and the effect's los checks."""

    def adjust(self, g, body):
        """Before the first turn (5, 5.1: life, deciding first and second, the opening hands, the mulligan) no card is
        used and no effect happens: only 投了 is taken."""
        op = body.get("op") if isinstance(body, dict) else None
        if g.data.get("phase") in (None, "preparation") and op != "concede" \
                and op in {a.op for a in self.offered_adjustments()}:
            raise Refused("op: ゲームの準備中です。先攻プレイヤーのターンが始まるまでカードの効果はありません", "los:5.1", "op")
        return super().adjust(g, body)

    # ---- the effect as a unit (core: Ruleset.resolve_effect) -------------------------------------------
    def resolve_effect(self, g, parts, cost=(), source=None, player=None, label=None, keyword=None, **more):
        player = player or self.effect_player(g, source)
        self.check_trigger(g, player, label)
        self.check_one_effect(g, player, source)
        with_source = self.source_of(g, source, player)
        return super().resolve_effect(g, [self._sourced(p, with_source) for p in parts],
                                      [self._sourced(p, with_source) for p in cost], source, player, label, keyword,
                                      **more)

    def check_one_effect(self, g: GameState, player: str | None, source: str | None) -> None:
        """5.5.1 II/III 「この時発動できる効果は1つまでです」, 9.3 「相手は一つ効果を選択し発動します」: in a priority
        exchange, the effect a player applies belongs to the one they chose at their last turn of priority."""
        used = (g.data.get("priority_used") or {}).get(player)
        if not used or not source:
            return
        if used["source"] is None:   # 「その他の効果」 or a trigger: the first effect applied is the one chosen
            g.set("priority_used", {**g.data["priority_used"], player: {**used, "source": source}})
            return
        if used["source"] != source:
            raise Refused(f"source: {player} はこの優先権で「{self.card_label(g, used['source'])}」を使いました。"
                          f"この時発動できる効果は1つまでです（「{self.card_label(g, source)}」の効果は次の優先権で）",
                          used["rule"], "source")

    def check_trigger(self, g: GameState, player: str | None, label: str | None) -> None:
        """9.3 「相手は一つ効果を選択し発動します。その後、自分は一つ効果を選択し発動します」 (8.1.1 / 8.1.2): a triggered
        effect (the `trigger` op) is applied by its own player, at the turn of priority where they chose it, and once.
        The judge's effect is that trigger's when it has the trigger's label."""
        if not label or player is None:
            return
        waiting = [t for t in g.data.get("triggers") or () if t["label"] == label]
        mine = ((g.data.get("priority_used") or {}).get(player) or {}).get("trigger")
        if mine and mine["label"] == label:
            if mine.get("closed") and not mine["applied"]:
                raise Refused(f"label: 誘発効果「{label}」を発動した {player} の優先権は終わっています。発動した優先権のうちに"
                              "適用します", "los:9.3", "label")
            if mine["applied"]:
                raise Refused(f"label: 誘発効果「{label}」はこの優先権で既に適用しました。発動した効果は1度だけ解決します",
                              "los:9.3", "label")
            used = g.data["priority_used"][player]
            g.set("priority_used", {**g.data["priority_used"], player: {**used, "trigger": {**mine, "applied": True}}})
            g.cite_next("los:9.3")
            return
        if any(t["player"] == player for t in waiting):
            raise Refused(f"label: {player} の誘発効果「{label}」はまだ発動していません。{player} の優先権で発動を選んでから"
                          "適用します（同じタイミングの効果は相手プレイヤーから1つずつ）", "los:9.3", "label")
        if any(t["player"] != player for t in waiting):
            owner = next(t["player"] for t in waiting)
            raise Refused(f"label: 誘発効果「{label}」は {owner} の効果です。{player} の効果としては適用できません", "los:9.3",
                          "label")
        spent = next((t for t in reversed(g.data.get("spent_triggers") or ()) if t["label"] == label
                      and t["player"] == player), None) if not waiting else None
        if spent is not None:
            raise Refused(*SPENT[spent["how"]](label), "label")

    def source_of(self, g: GameState, source: str | None, player: str | None) -> dict | None:
        """The resistances' view of the source card (8.13.2 SPEED, 8.13.3 COST), for parts that name none."""
        loc = locate(g, source) if source else None
        if loc is None:
            return None
        pid, zone, i = loc
        card = g.data["players"][pid][zone][i]
        return {"player": player or pid, "card": source,
                **{k: card[k] for k in ("speed", "cost", "entered") if k in card}}

    def _sourced(self, part, source: dict | None):
        if source is None or not isinstance(part, dict) or "source" in part:
            return part
        spec = next((a for a in self.adjustments if a.op == part.get("op")), None)
        return {**part, "source": source} if spec is not None and "source" in spec.params else part

    def effect_player(self, g, source):
        loc = locate(g, source) if source else None
        return loc[0] if loc else g.data.get("turn_player")

    def card_label(self, g, card_id):
        loc = locate(g, card_id) if card_id else None
        return g.data["players"][loc[0]][loc[1]][loc[2]]["name"] if loc else str(card_id)

    def use_keyword(self, g, keyword, source, player):
        """8.13's keywords carry no use limit (the rulebook has no 「1ターンに1度」); the effect cites the keyword's
        clause. The limit the book does set on effects is one per turn of priority (check_one_effect)."""
        name = keyword.replace("：", ":").partition(":")[0].strip()
        return [KEYWORD_RULES[name]] if name in KEYWORD_RULES else []

    # ---- ATK / DEF / DOWN ---------------------------------------------------------------------------------
    def _modify(self, g, spec, target, name, op, value, duration, source=None, targeted=None, face_condition=None,
                owner=None):
        check_duration(g, duration)
        ending = lasting_fields(g, duration, source, owner)
        grp, acted, resisted = one_card_or_group(g, target, source, targeted, face_condition)
        rule = "los:9.5" if op == "set" else "los:8.9"
        if grp is None and resisted:
            return refused(g, resisted[0][1], target, resisted[0][2])
        cites: list[str] = [c for _, cs in acted for c in cs]
        for cid, _ in acted:
            rank = (source or {}).get("entered") if op == "set" and isinstance(source, dict) else None
            add_card_mod(g, cid, {"stat": name, "op": op, "value": value, "until": duration,
                                  **({"rank": rank} if rank else {}), **ending})
            cites += stat_cites(character(g, cid)[3], name)   # the floor at 0 (2.1.2–2.1.4) where it bites
        change = f"{value:+d}" if op == "add" else f"を{value}に"
        now = "、".join(f"「{character(g, cid)[3]['name']}」{name} {stat(character(g, cid)[3], name)}" for cid, _ in acted)
        if grp is None:
            cid = acted[0][0]
            return g.log(rule, "adjust", f"{flipped_note(acted[0][1])}「{character(g, cid)[3]['name']}」（{where(g, cid)}）の"
                         f"{name}{change}（{DURATION_JA[duration]}）: 現在 {name} {stat(character(g, cid)[3], name)}"
                         + ("（マイナスにはならず0）" if any(c.startswith("los:2.1.") for c in cites) else ""), None,
                         cites=cites)
        cites = ["los:9.6.1", *cites, *dict.fromkeys(r for _, r, _ in resisted)]
        return g.log(rule, "adjust", f"{grp}の{name}{change}（{DURATION_JA[duration]}）: {now or '該当なし'}"
                     + (f"。{names(g, [c for c, _, _ in resisted])}は耐性により受けません" if resisted else ""), None,
                     cites=cites)

    def adjust_atk(self, g, spec, target, value, duration, source=None, targeted=None, face_condition=None,
                   owner=None):
        return self._modify(g, spec, target, "ATK", "add", value, duration, source, targeted, face_condition, owner)

    def adjust_def(self, g, spec, target, value, duration, source=None, targeted=None, face_condition=None,
                   owner=None):
        return self._modify(g, spec, target, "DEF", "add", value, duration, source, targeted, face_condition, owner)

    def adjust_down(self, g, spec, target, value, duration, source=None, targeted=None, face_condition=None,
                   owner=None):
        return self._modify(g, spec, target, "DOWN", "add", value, duration, source, targeted, face_condition, owner)

    def adjust_stat_set(self, g, spec, target, stat, value, duration, source=None, targeted=None, face_condition=None,
                        owner=None):
        return self._modify(g, spec, target, stat, "set", value, duration, source, targeted, face_condition, owner)

    # ---- life (3.7, 4) ------------------------------------------------------------------------------------
    def adjust_damage(self, g, spec, target, value, source=None):
        if target == "opponent":   # the effect's player's opponent
            target = effect_parts.opponent_of(self, g, g.acting or g.data.get("turn_player"), "target")
        if target in ("p1", "p2", "both"):
            hit = ["p1", "p2"] if target == "both" else [target]
            for pid in hit:   # お互いのプレイヤー: at once (the book gives no order; 4 「同時に」)
                lose_life(g, pid, value)
            lives = "、".join(f"{pid} ライフ {player(g, pid)['life']}" for pid in hit)
            result = life_result(g)
            if result:
                g.end_game(result)
                return g.log("los:4", "adjust", f"{'お互いのプレイヤー' if target == 'both' else target}に{value}ダメージ"
                             f"（{lives}）。{result_message(result)}", None, cites=("los:8.11", "los:3.7"))
            return g.log(spec.rule, "adjust", f"{'お互いのプレイヤー' if target == 'both' else target}に"
                         f"{value}ダメージを与えました（{lives}）", None, cites=("los:3.7",))
        blocked, cites = prepare(g, target, source, None)
        if blocked:
            return refused(g, blocked, target, cites)
        card = character(g, target)[3]
        update_card(g, target, damage=card.get("damage", 0) + value)
        return g.log(spec.rule, "adjust", f"「{card['name']}」（{where(g, target)}）に{value}ダメージを与えました"
                     "（その結果はカードの効果に従い、破壊なら「破壊」で適用します）", None)

    def adjust_recover(self, g, spec, target, value):
        hit = ["p1", "p2"] if target == "both" else [target]
        for pid in hit:
            g.set(f"players.{pid}.life", player(g, pid)["life"] + value)
        lives = "、".join(f"{pid} ライフ {player(g, pid)['life']}" for pid in hit)
        return g.log(spec.rule, "adjust", f"{'お互いのプレイヤー' if target == 'both' else target} のライフを"
                     f"{value}回復しました（{lives}）", None, cites=("los:3.7",))

    # ---- zones --------------------------------------------------------------------------------------------
    def adjust_draw(self, g, spec, target, value):
        """8.5 デッキの上から指定された枚数を引く; 4 デッキが0枚でカードを引くことができなかった場合、敗北. A cost that
        draws more than the deck holds cannot be paid. お互いのプレイヤー draw at once; both unable is a draw game."""
        hit = ["p1", "p2"] if target == "both" else [target]
        if g.resolving == "cost":
            for pid in hit:
                self.as_far_as_possible(g, value, len(player(g, pid)["deck"]), f"{pid} のデッキのカード")
        failed = [pid for pid in hit if not draw(g, pid, value)]
        who = "お互いのプレイヤー" if target == "both" else target
        if failed:
            winner = "draw" if len(failed) == 2 else other(failed[0])
            g.end_game(winner)
            why = "・".join(failed) + " はデッキが0枚になり、カードを引けなかったため敗北しました"
            return g.log("los:4", "lose", f"{who}がカードを{value}枚引こうとしましたが、{why}。"
                         + ("引き分けです" if winner == "draw" else f"{winner} の勝利"), failed[0] if len(failed) == 1 else None,
                         cites=("los:8.5",))
        return g.log(spec.rule, "adjust", f"{who}がデッキの上からカードを{value}枚引きました", None)

    def adjust_pay_energy(self, g, spec, target, value):
        """2.5.1 その数字と同じ数のエネルギーを、エネルギーゾーンにあるエネルギーをゲイン表示にして払う: a payment is
        made in full or not at all (a cost, and a plain adjustment, which is a payment); only as a part of an
        effect's text is it done as far as the regained energies go (as_much_as_possible_rule)."""
        have = len(regained(g, target))
        if g.resolving != "effect" and have < value:
            raise Refused(f"value: エネルギー{value}を払えません（リゲイン表示のエネルギーは{have}枚）", self.cost_rule, "value")
        n = self.as_far_as_possible(g, value, have, "リゲイン表示のエネルギー")
        pay(g, target, n)
        return g.log(spec.rule, "adjust", f"{target} がエネルギー{n}をゲイン表示にして払いました"
                     + (f"（{value}のうち、リゲイン表示の{n}枚だけ）" if n < value else ""), None, cites=("los:6.6",))

    def _turn(self, g, spec, target, gained: bool, value=None):
        """6.5 / 6.6: one energy or support card (its id), or N of a player's energies (target p1/p2, value N) —
        those not yet in that display; fewer than N are turned as far as they go."""
        state = "ゲイン表示（横向き）" if gained else "リゲイン表示（縦向き）"
        if target in ("p1", "p2"):
            pool = [c for c in player(g, target)["energy"] if bool(c.get("gained")) != gained]
            n = self.as_far_as_possible(g, value or 1, len(pool), "リゲイン表示のエネルギー" if gained else "ゲイン表示のエネルギー")
            for c in pool[:n]:
                update_card(g, c["id"], gained=gained)
            return g.log(spec.rule, "adjust", f"{target} のエネルギー{n}枚を{state}にしました"
                         + (f"（{value or 1}枚のうち、できる{n}枚だけ）" if n < (value or 1) else ""), None)
        if value is not None:
            raise AdjustmentError("value: 枚数はプレイヤーを指定したときだけ使えます（カードを指定したときは1枚）", "value")
        pid, zone, card = card_in(g, target, ("energy", "support"), "エネルギーゾーン・サポートゾーン")
        if bool(card.get("gained")) == gained:
            return g.log(spec.rule, "adjust", f"「{card['name']}」はすでに{state}です（変化なし）", None)
        update_card(g, target, gained=gained)
        return g.log(spec.rule, "adjust", f"{pid} の「{card['name']}」を{state}にしました", None)

    def adjust_gain(self, g, spec, target, value=None):
        return self._turn(g, spec, target, True, value)

    def adjust_regain(self, g, spec, target, value=None):
        return self._turn(g, spec, target, False, value)

    def adjust_discard(self, g, spec, target, value=None):
        if target in ("p1", "p2"):   # 「手札をN枚トラッシュに置く」: the hand's player chooses which
            hand = player(g, target)["hand"]
            n = self.as_far_as_possible(g, value or 1, len(hand), f"{target} の手札", "value")
            ids = [c["id"] for c in hand] if n >= len(hand) else effect_parts.pick_cards(
                g, target, [(c["id"], c["name"]) for c in hand], n, spec.rule, f"{target} がトラッシュに置く手札")
            gone = [to_trash(g, cid)["name"] for cid in ids]
            return g.log(spec.rule, "adjust", f"{target} が手札{len(gone)}枚（{'・'.join(gone) or 'なし'}）を効果によって"
                         "トラッシュに置きました", target, cites=("los:3.2",))
        if value is not None:
            raise AdjustmentError("value: 枚数はプレイヤー（p1 / p2）を指定したときだけ使えます", "value")
        pid, _, card = card_in(g, target, ("hand",), "手札")
        to_trash(g, target)
        return g.log(spec.rule, "adjust", f"{pid} の手札の「{card['name']}」を効果によってトラッシュに置きました", None,
                     cites=("los:3.2",))

    def adjust_to_deck(self, g, spec, target, position):
        pid, _, card = card_in(g, target, ("hand",), "手札")
        _, card = take(g, target)
        put(g, pid, "deck", printed(card))
        if position == "shuffle":
            g.shuffle(f"players.{pid}.deck")
            return g.log("los:5.1.1.III", "adjust", f"{pid} の手札の「{card['name']}」をデッキに戻し、シャッフルしました", None)
        return g.log(spec.rule, "adjust", f"{pid} の手札の「{card['name']}」をデッキの下に戻しました", None)

    def adjust_enter(self, g, spec, target, lane, display, row="back", face_down=None):
        pid, _, card = card_in(g, target, ("hand",), "手札")
        if card.get("type", "character") != "character":
            raise AdjustmentError(f"target: 「{card['name']}」はキャラクターカードではありません（3.3）", "target")
        if g.data["players"][pid][row][lane - 1] is not None:
            raise AdjustmentError(f"lane: {square_name(pid, row, lane - 1)} にはすでにキャラクターがいます"
                                  "（1マスに置けるキャラクターは1体, 3.3.1）", "lane")
        _, card = take(g, target)
        set_square(g, pid, row, lane - 1, entered(g, dict(printed(card), display=display, face_down=bool(face_down),
                                                          entered_turn=g.turn)))
        # 5.3: 後衛に出します。前衛に出すことはできません — an effect that says otherwise wins (9.1)
        rule, cites = ("los:9.1", ("los:5.3", "los:3.3.3")) if row == "front" else (spec.rule, ("los:3.3.3",))
        face = "裏側" if face_down else "表側"
        return g.log(rule, "adjust", f"{pid} が効果で「{card['name'] if not face_down else 'キャラクター'}」を"
                     f"{square_name(pid, row, lane - 1)}に{face}{DISPLAY_JA[display]}で出しました", None, cites=cites)

    def adjust_put_support(self, g, spec, target):
        pid, _, card = card_in(g, target, ("hand",), "手札")
        if card.get("type") != "support":
            raise AdjustmentError(f"target: 「{card['name']}」はサポートカードではありません（2.3）", "target")
        _, card = take(g, target)
        put(g, pid, "support", entered(g, dict(printed(card), gained=False)))
        older = [c for c in player(g, pid)["support"] if card.get("field") and c.get("field") and c["id"] != target]
        for c in older:
            to_trash(g, c["id"])
        return g.log("los:2.3.1" if older else spec.rule, "adjust",
                     f"{pid} が効果で「{card['name']}」をサポートゾーンに出しました"
                     + (f"（「フィールド」は1枚まで: それまでの「{older[0]['name']}」をトラッシュに置きました）" if older else ""),
                     None, cites=("los:2.3", "los:3.5") if older else ("los:3.5",))

    def adjust_put_energy(self, g, spec, target):
        pid, _, card = card_in(g, target, ("hand",), "手札")
        _, card = take(g, target)
        put(g, pid, "energy", dict(printed(card), gained=False))
        # 2.4 limits the player's own placing to once a turn (5.3); an effect that places one is not that action
        again = player(g, pid).get("energy_placed_turn") == g.turn
        return g.log("los:9.1" if again else spec.rule, "adjust",
                     f"{pid} が効果で「{card['name']}」をエネルギーゾーンにリゲイン表示で置きました"
                     + ("（このターンすでに置いていますが、効果による配置です）" if again else ""), None,
                     cites=("los:2.4", "los:3.4") if again else ("los:6.5",))

    # ---- the table ----------------------------------------------------------------------------------------
    def adjust_destroy(self, g, spec, target, source=None, targeted=None, face_condition=None):
        loc = locate(g, target)
        grp = group(g, target) if loc is None else None
        if loc is None and grp is None:
            raise AdjustmentError(f"target: 「{target}」は場のカードではありません", "target")
        if loc is not None and loc[1] not in ("front", "back", "support", "energy"):
            if targeted:
                raise Refused(f"target: 対象に選ばれた「{target}」は場にいないため、この効果は解決できません", "los:9.6", "target")
            raise AdjustmentError(f"target: 「{target}」は場のカードではありません", "target")
        if loc is not None and loc[1] in ("support", "energy"):
            acted, resisted, name = [(target, [])], [], None
        else:
            name, acted, resisted = one_card_or_group(g, target, source, targeted, face_condition)
            if name is None and resisted:
                return refused(g, resisted[0][1], target, resisted[0][2])
        gone = []
        for cid, _ in acted:
            at = where(g, cid)
            gone.append(f"「{to_trash(g, cid)['name']}」（{at}）")
        b = g.data.get("battle")
        if b and set(b.get("downed", [])) & {cid for cid, _ in acted}:
            g.set("battle", dict(b, downed=[x for x in b["downed"] if x not in {cid for cid, _ in acted}]))
        cites = [c for _, cs in acted for c in cs] + ["los:3.2", "los:8.12"]   # 8.12: down is by battle, not by this
        if name is not None:
            cites = ["los:9.6.1", *cites, *dict.fromkeys(r for _, r, _ in resisted)]
        return g.log(spec.rule, "adjust", (f"{name}: " if name else f"{flipped_note(acted[0][1])}")
                     + ("・".join(gone) or "該当なし") + "を破壊し、トラッシュに置きました（ダウン状態にはならず、ダウンダメージはありません）"
                     + (f"。{names(g, [c for c, _, _ in resisted])}は耐性により受けません" if resisted else ""), None,
                     cites=cites)

    def adjust_move(self, g, spec, target, row, lane, source=None, targeted=None, face_condition=None):
        pid, r0, l0, card = character(g, target)
        if g.data["players"][pid][row][lane - 1] is not None:
            raise AdjustmentError(f"lane: {square_name(pid, row, lane - 1)} にはすでにキャラクターがいます"
                                  "（1マスに置けるキャラクターは1体, 3.3.1）", "lane")
        blocked, cites = prepare(g, target, source, targeted, face_condition)
        if blocked:
            return refused(g, blocked, target, cites)
        _, card = take(g, target)
        set_square(g, pid, row, lane - 1, card)
        return g.log(spec.rule, "adjust", f"{flipped_note(cites)}「{card['name']}」を{square_name(pid, r0, l0)}から"
                     f"{square_name(pid, row, lane - 1)}へ移動しました", None, cites=cites)

    def adjust_display(self, g, spec, target, display, face_down=None, source=None, targeted=None, face_condition=None):
        pid, row, lane, card = character(g, target)
        blocked, cites = prepare(g, target, source, targeted, face_condition)
        if blocked:
            return refused(g, blocked, target, cites)
        card = character(g, target)[3]
        fields = {"display": display}
        if face_down is not None:
            fields["face_down"] = face_down
        # 5.3 forbids the player to turn a face-up character face down; an effect may (9.1: 効果を優先)
        rule = "los:9.1" if face_down and not card.get("face_down") else spec.rule
        if rule == "los:9.1":
            cites = [*cites, "los:5.3"]
        update_card(g, target, **fields)
        card = character(g, target)[3]
        face = "裏側" if card.get("face_down") else "表側"
        return g.log(rule, "adjust", f"{flipped_note(cites)}「{card['name']}」（{square_name(pid, row, lane)}）を{face}"
                     f"{DISPLAY_JA[display]}にしました", None, cites=cites)

    def adjust_trigger(self, g, spec, target, label, forced):
        """8.1.1 / 8.1.2: the effect waits for its player's priority; forced ones must be used first (9.3.1)."""
        seq = g.data.get("trigger_seq", 0) + 1
        g.set("trigger_seq", seq)
        g.set("triggers", list(g.data.get("triggers") or []) + [
            {"id": f"trigger-{seq}", "player": target, "label": label, "forced": forced}])
        kind = "誘発強制効果" if forced else "誘発任意効果"
        return g.log("los:8.1.1" if forced else "los:8.1.2", "adjust",
                     f"{target} の{kind}「{label}」が発動条件を満たしました（{target} の優先権で発動します）", None)

    def adjust_forbid(self, g, spec, target, action, duration, owner=None, source=None):
        check_duration(g, duration)
        ending = lasting_fields(g, duration, source, owner)
        grp = group(g, target)
        if grp is None:
            character(g, target)   # a card on the キャラクターゾーン, or an error naming the target
        ids = grp[1] if grp else [target]
        for cid in ids:
            card = character(g, cid)[3]
            update_card(g, cid, cannot=list(card.get("cannot") or []) + [{"action": action, "until": duration, **ending}])
        what = grp[0] if grp else f"「{character(g, target)[3]['name']}」（{where(g, target)}）"
        return g.log(spec.rule, "adjust", f"{what}{'（' + names(g, ids) + '）' if grp else ''}は"
                     f"{ACTION_JA[action]}できない（{DURATION_JA[duration]}）: 「できる」より「できない」を優先します", None,
                     cites=("los:9.6.1",) if grp else ())
