"""Where the two-player book is silent or reads two ways (defaults and reasons: docs/rulings-decisions.md)."""
from judge_app.engine.ruleset import RuleOption

RULE_OPTIONS = (
    RuleOption("empty_trash_refresh", "デッキが0枚になった時トラッシュも0枚の場合", "refresh",
               (("refresh", "リフレッシュを行う（戻るカードなし・9-3-3/9-3-4 も適用）"),
                ("skip", "リフレッシュは行われない（1-3-2）。カードが要る時にトラッシュがあれば行う")),
               ("kaiun:9-3-1", "kaiun:9-3-2", "kaiun:9-3-3", "kaiun:9-3-4", "kaiun:1-3-2")),
    RuleOption("empty_hand_set", "セットフェイズで置けるカードが無いプレイヤー", "no_battle",
               (("no_battle", "置かれない。バトルは行われない（1-3-2）"),
                ("lose_battle", "置かれない。そのプレイヤーはバトルに敗北する")),
               ("kaiun:6-3-1", "kaiun:1-3-2", "kaiun:7-1-1")),
    RuleOption("defeat_timing", "バトル敗北による敗北条件の判定時点", "immediate",
               (("immediate", "7-1-5-2 の時点で即座に（9-1-2）"),
                ("after_result", "勝敗結果の処理（7-1-5）を終えた後（1-2-2-1）")),
               ("kaiun:1-2-2", "kaiun:1-2-2-1", "kaiun:9-1-2", "kaiun:7-1-5-2")),
)
