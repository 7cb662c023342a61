"""Where the los rulebook is silent or garbled and judges could differ (docs/rulings-decisions.md `## los`)."""
from judge_app.engine.ruleset import RuleOption

RULE_OPTIONS = (
    RuleOption("defense_right_turn", "ディフェンス表示（右向き）の向き", "clockwise",
               (("clockwise", "右向き＝カードの上端（▲）が持ち主の右を指す（時計回りに90度）"),
                ("counterclockwise", "右向き＝カードの上端（▲）が持ち主の左を指す（反時計回りに90度）")),
               ("los:6.2", "los:2.1.1", "los:5.4")),
    RuleOption("battle_target", "レーンを移動したアタックの戦闘相手", "current_lane",
               (("current_lane", "V の時点でアタックしたキャラクターがいるレーンの相手と戦闘する"),
                ("declared", "宣言時の相手が相手のキャラクターゾーンに残っていればその相手と戦闘する")),
               ("los:5.5", "los:5.5.1.IV", "los:5.5.1.V")),
    RuleOption("double_attack", "2回攻撃と直接ダメージ", "any",
               (("any", "2回とも直接ダメージでもよい（5.5 は直接ダメージも戦闘の一種とする）"),
                ("battles_only", "2回目はキャラクターとの戦闘の後、キャラクターとの戦闘としてのみ行える（8.8）")),
               ("los:8.13.4", "los:8.8", "los:5.5")),
    RuleOption("life_below_zero", "0を下回るライフ", "stop_at_zero",
               (("stop_at_zero", "ライフは0で止める（0にした時点で勝敗が決まる）"),
                ("negative", "ライフを負の値のまま記録する（勝敗は同じ）")),
               ("los:4", "los:3.7")),
    RuleOption("hand_limit_both", "エンドフェイズの手札7枚調整", "turn_player",
               (("turn_player", "ターンプレイヤーだけが7枚になるようにトラッシュに置く"),
                ("both", "非ターンプレイヤーも7枚になるようにトラッシュに置く")),
               ("los:5.6.s3", "los:3.6")),
    RuleOption("poison_down", "毒呪によるダウンのダウンダメージ", "down_damage",
               (("down_damage", "ダウン状態になり、5.5.2 の順番と勝利判定でダウンダメージを受ける"),
                ("no_down_damage", "トラッシュに置かれるだけで、ダウンダメージは受けない")),
               ("los:8.13.5", "los:8.12", "los:5.5.2", "los:8.10")),
)
