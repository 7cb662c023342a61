"""Legend of Stars (los), from its 総合ルールブック Ver.1.0.05: the lane board, lead moves, battles, down damage.

Skeleton modules: ruleset, phases, options, board (the table as entered), invariants. The others follow the
rulebook: preparation (5, 5.1), turn (5.2 setup, 5.3 main, 5.4 lead, 5.6 end), attack (5.5), priority (7.2), adjust
(judge adjustments for card text: 8.x, 9.x).
"""
from judge_app.engine.los.ruleset import LosRuleset

RULESET = LosRuleset()
