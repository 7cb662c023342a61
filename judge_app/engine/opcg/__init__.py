"""ONE PIECE CARD GAME 総合ルール (rules_corpus/opcg.txt): the ruleset `opcg`. Skeleton modules: ruleset, phases,
options, board, invariants; the rest follow the rulebook: turn (5-2, 6), battle (7), actions (3-7, 9), cards, adjustments."""
from judge_app.engine.opcg.ruleset import OpcgRuleset

RULESET = OpcgRuleset()
