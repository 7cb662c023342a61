"""The two-player options, and where the multiplayer book is silent or reads two ways (docs/rulings-decisions.md)."""
from judge_app.engine.kaiun.options import RULE_OPTIONS as KAIUN_OPTIONS
from judge_app.engine.ruleset import RuleOption

RULE_OPTIONS = KAIUN_OPTIONS + (
    RuleOption("kaiun_timing", "親の【開運時】効果", "once_per_turn",
               (("once_per_turn", "1ターンに1度だけ（10-1-1-2）、最初のバトルで発動する"),
                ("every_battle", "子とのバトルごとに発動する（7-3-1 を 7-2 で繰り返す）")),
               ("kaiun-multi:7-3-1", "kaiun-multi:7-2", "kaiun:10-1-1-2")),
    RuleOption("battle_keyword_timing", "【バトル勝利時】【バトル敗北時】の効果", "once_per_turn",
               (("once_per_turn", "それぞれ1ターンに1度だけ（10-1-2-2、10-1-3-2）、最初に勝利・敗北したバトルで発動する"),
                ("every_battle", "勝利・敗北したバトルごとに発動する（7-3-4、7-3-5 を 7-2 で繰り返す）")),
               ("kaiun-multi:7-2", "kaiun-multi:7-3-4", "kaiun-multi:7-3-5", "kaiun:10-1-2-2", "kaiun:10-1-3-2")),
    RuleOption("concede", "3人以上での投了", "leave",
               (("leave", "投了したプレイヤーだけが敗北して離脱し、ゲームは続く（1-2-1）"),
                ("end_game", "ゲーム全体が終了する（1-2-4 の文言どおり、勝者なし）")),
               ("kaiun-multi:1-2-4", "kaiun-multi:1-2-1")),
    RuleOption("next_parent", "親の左隣が離脱している、または親が離脱した時の次の親", "clockwise",
               (("clockwise", "時計回りで次にゲームに残っているプレイヤー"),
                ("janken", "残っているプレイヤーのジャンケンで決める（5-2-1-4 と同じ方法）")),
               ("kaiun-multi:6-6-7", "kaiun-multi:5-2-1-4", "kaiun-multi:7-3-6-2-1")),
)
