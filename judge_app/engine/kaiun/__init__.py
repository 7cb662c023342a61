"""開運コロシアム 総合ルール (two players, rules_corpus/kaiun.txt): the ruleset `kaiun`."""
from judge_app.engine.kaiun.ruleset import KaiunRuleset

RULESET = KaiunRuleset()
