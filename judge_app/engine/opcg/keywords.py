"""10 キーワード効果とキーワード, as limits on the card effects a judge applies: an effect that names its keyword
(`keyword: ターン1回`, `keyword: 起動メイン ターン1回`, `【自分のターン終了時】`…) is held to the keyword's timing,
condition and use limit, and refused with the clause when it may not be used now (8-4-1-1: an effect whose
condition is not met cannot be activated)."""
from __future__ import annotations

import re

from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError, Refused
from judge_app.engine.opcg.cards import label, locate

ONCE_PER_TURN = ("ターン1回", "自分のターン終了時", "相手のターン終了時", "ターン終了時")
KNOWN = ("ターン1回", "起動メイン", "メイン", "カウンター", "自分のターン終了時", "相手のターン終了時", "ターン終了時",
         "アタック時", "相手のアタック時", "ブロック時", "登場時", "KO時", "トリガー", "自分のターン中", "相手のターン中",
         "ドン!!×N")
# keywords with no timing of their own to check here: the step that triggers them is where the judge applies them
CITED_ONLY = {"登場時": "opcg:10-2-6-1", "KO時": "opcg:10-2-17-1", "トリガー": "opcg:10-1-5-1"}


def split(keyword: str) -> list[str]:
    """「【起動メイン】【ターン1回】」, 「起動メイン ターン1回」, 「起動メイン、ターン1回」 → each keyword."""
    words = [w for w in re.split(r"[【】\s、,/・]+", keyword.replace("KO 時", "KO時")) if w]
    if not words:
        raise AdjustmentError("keyword: キーワードが空です", "keyword")
    return words


def use(g: GameState, keyword: str, source: str | None, player: str | None) -> list[str]:
    """Check each keyword the effect names; record a use that is limited. Returns the clauses relied on."""
    cites: list[str] = []
    for word in split(keyword):
        cites += _check(g, word, source, player)
    for word in split(keyword):
        if word in ONCE_PER_TURN:
            uses = [u for u in g.data.get("keyword_uses") or [] if u[2] == g.turn]
            g.set("keyword_uses", [*uses, [word, source, g.turn]])
    return cites


def _refuse(word: str, why: str, rule: str):
    raise Refused(f"keyword: 【{word}】の効果は今は発動できません。{why}", rule, "keyword")


def _check(g: GameState, word: str, source: str | None, player: str | None) -> list[str]:
    tp, phase, battle = g.data.get("turn_player"), g.phase, g.data.get("battle")
    if word in CITED_ONLY:
        return [CITED_ONLY[word]]
    if word in ONCE_PER_TURN:
        if not source:
            raise AdjustmentError(f"source: 【{word}】の効果は、その効果を持つカード(source)を指定してください", "source")
        used = any(u[0] == word and u[1] == source and u[2] == g.turn for u in g.data.get("keyword_uses") or [])
    if word == "ターン1回":
        if used:
            where = locate(g, source)
            _refuse(word, f"{label(where[2]) if where else source}の【ターン1回】の効果はこのターン既に解決されています。"
                          "再び発動できず、発動コストも支払えません", "opcg:10-2-13-3")
        return ["opcg:10-2-13-1", "opcg:10-2-13-2"]
    if word in ("起動メイン", "メイン"):
        rule = "opcg:10-2-2-1" if word == "起動メイン" else "opcg:10-2-3-1"
        if phase != "main" or battle:
            _refuse(word, "バトル以外のメインフェイズにのみ発動できます", rule)
        if player != tp:
            _refuse(word, "ターンプレイヤーのメインフェイズに発動する効果です", "opcg:8-1-3-3")
        return [rule, "opcg:6-5-4-1"]
    if word == "カウンター":
        if not battle or battle.get("step") != "counter" or player != battle.get("target_player"):
            _refuse(word, "相手のカウンター・ステップにのみプレイできます", "opcg:10-2-4-1")
        return ["opcg:10-2-4-1"]
    if word in ("自分のターン終了時", "相手のターン終了時", "ターン終了時"):
        rule = {"自分のターン終了時": "opcg:10-2-7-1", "相手のターン終了時": "opcg:10-2-8-1"}.get(word, "opcg:6-6-1-1")
        mine = word == "自分のターン終了時"
        if phase != "end" or (word != "ターン終了時" and (player == tp) != mine):
            _refuse(word, ("自分" if mine else "相手") + "のターンのエンドフェイズに発動する効果です" if word != "ターン終了時"
                    else "エンドフェイズに発動する効果です", rule)
        if used:
            _refuse(word, "「ターン終了時」の効果は1度だけ発動と解決が行えます", "opcg:6-6-1-1-1")
        return [rule, "opcg:6-6-1-1-1"]
    if word in ("アタック時", "相手のアタック時"):
        rule = "opcg:10-2-5-1" if word == "アタック時" else "opcg:10-2-16-1"
        if not battle or battle.get("step") != "attack" or (player == tp) != (word == "アタック時"):
            _refuse(word, ("自分" if word == "アタック時" else "相手") + "のアタック・ステップのアタックの宣言の後に発動する効果です", rule)
        if battle.get("target") is None:   # 7-1-1-3 (【アタック時】, then 【相手のアタック時】) follows the target (7-1-1-2)
            _refuse(word, "アタックの対象を選んだ後の【アタック時】のタイミング（7-1-1-3）"
                    + ("" if word == "アタック時" else "で、相手の【アタック時】の効果の発動後") + "に発動する効果です", rule)
        return [rule, "opcg:7-1-1-3"]
    if word == "ブロック時":
        if not battle or battle.get("step") != "block" or not battle.get("blocker") or player == tp:
            _refuse(word, "自分の【ブロッカー】を発動したブロック・ステップ中に発動する効果です", "opcg:10-2-15-1")
        return ["opcg:10-2-15-1", "opcg:7-1-2-2"]
    if word in ("自分のターン中", "相手のターン中"):
        rule = "opcg:10-2-11-1" if word == "自分のターン中" else "opcg:10-2-12-1"
        if (player == tp) != (word == "自分のターン中"):
            _refuse(word, "条件を満たしていません（" + ("自分" if word == "自分のターン中" else "相手") + "のターン中のみ）", rule)
        return [rule, "opcg:8-4-1-1"]
    m = re.fullmatch(r"ドン!![×xX](\d+)", word.replace("！", "!"))
    if m:
        need = int(m.group(1))
        where = locate(g, source) if source else None
        if where is None or where[1] not in ("leader", "characters"):
            raise AdjustmentError(f"source: 【{word}】の効果は、場のリーダーかキャラ(source)を指定してください", "source")
        if (where[2].get("don") or 0) < need:
            _refuse(word, f"{label(where[2])}に付与されているドン!!は{where[2].get('don') or 0}枚です（{need}枚以上で条件を満たします）",
                    "opcg:10-2-9-1")
        return ["opcg:10-2-9-1", "opcg:8-3-2-3"]
    raise AdjustmentError(f"keyword: 「{word}」は扱えるキーワードではありません（{', '.join(KNOWN)}）", "keyword")
