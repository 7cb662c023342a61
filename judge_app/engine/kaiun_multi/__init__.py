"""開運コロシウム 多人数制 総合ルール (3–5 players, rules_corpus/kaiun-multi.txt): the ruleset `kaiun-multi`."""
from judge_app.engine.kaiun_multi.ruleset import KaiunMultiRuleset

RULESET = KaiunMultiRuleset()
