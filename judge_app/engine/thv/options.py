"""Where the rulebook is silent or could be read two ways: visible session options (docs/rulings-decisions.md ## thv)."""
from judge_app.engine.ruleset import RuleOption

RULE_OPTIONS = (
    RuleOption("nodes_untap", "ノードはアクティブフェイズにアクティブ状態に戻るか", "letter",
               (("letter", "戻らない（4.4.1.a は「場のカード」のみ。ノードエリアは場ではない）"),
                ("active_phase", "戻る（ターンプレイヤーのノードもアクティブ状態にする）")),
               ("thv:4.4.1.a", "thv:3.1.1", "thv:3.5.1", "thv:1.8.7.a", "thv:1.8.7.b")),
    RuleOption("defender_deals_damage", "防御キャラクターも攻撃キャラクターに戦闘ダメージ（攻撃力）を与えるか", True,
               ((True, "与える（6.2.1・6.2.4.d/e・即死10.8.2.a は攻撃側に限らない）"),
                (False, "与えない（攻撃キャラクターのみが戦闘ダメージを与える）")),
               ("thv:6.2.1", "thv:6.2.4.d", "thv:6.2.4.e", "thv:10.5.2.a", "thv:10.8.2.a", "thv:2.10.1")),
    RuleOption("pierce_damage", "貫通の「既に受けているダメージ」に今回の戦闘ダメージを含めるか", "before",
               (("before", "含めない（この戦闘ダメージを受ける前の蓄積ダメージ）"),
                ("after", "含める（1.10.12.c で蓄積された後の蓄積ダメージ全体）")),
               ("thv:10.5.2.a", "thv:1.10.12.c", "thv:1.10.12.d")),
    RuleOption("graze_short_deck", "グレイズでデッキがX枚未満のとき", "partial",
               (("partial", "デッキにある枚数だけノードに加える"),
                ("none", "グレイズを行えない（1.11.6 に準じる）")),
               ("thv:6.5.3.b", "thv:1.11.6", "thv:7.1.12")),
    RuleOption("defender_gone", "戦闘前に防御キャラクターが場を離れたとき、戦闘ダメージは", "player",
               (("player", "攻撃されたプレイヤーに与えられる（6.2.6.a: 防御キャラクターが存在しない）"),
                ("no_damage", "与えられない（防御された攻撃のまま）")),
               ("thv:6.2.4.c", "thv:6.2.6.a", "thv:6.2.6.b", "thv:6.4.7")),
)
