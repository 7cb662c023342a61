"""Rule options of ONE PIECE CARD GAME: where the rulebook is silent or reads two ways (docs/rulings-decisions.md)."""
from judge_app.engine.ruleset import RuleOption

RULE_OPTIONS = (
    RuleOption(
        "double_attack_at_zero_life",
        "【ダブルアタック】でライフ1枚のリーダーに与える2点目のダメージ",
        "no_loss",
        (("no_loss", "何も起きない（7-1-4-1-1-3 は 7-1-4-1-1-2 だけを繰り返す）"),
         ("lose", "ライフ0枚でダメージを受けたとして敗北する（4-6-2-2, 1-2-2-1, 9-2-1-1）")),
        ("opcg:7-1-4-1-1-1", "opcg:7-1-4-1-1-3", "opcg:4-6-2-2", "opcg:1-2-2-1", "opcg:9-2-1-1"),
    ),
    RuleOption(
        "trigger_card_destination",
        "【トリガー】を発動したライフのカードの置き場所",
        "trash_or_play",
        (("trash_or_play", "トラッシュ（キャラ・ステージは【トリガー】が指示すれば登場）"),
         ("ask", "持ち主が選ぶ（トラッシュ・手札・登場）")),
        ("opcg:10-1-5-1", "opcg:7-1-4-1-1-2", "opcg:2-2-5", "opcg:8-4-2"),
    ),
)
