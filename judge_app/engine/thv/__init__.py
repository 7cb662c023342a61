"""東方VISION (Phantom Magic Vision) 総合ルール, as the ruleset `thv`.

Skeleton modules: ruleset (ThvRuleset mixes the others together), phases, options, board (the board schema, random
set-ups), invariants. The others follow the rulebook: turn.py (1.2.7, 4), priority.py (1.12), costs.py (1.8),
play.py (5, 7.3), effects.py (the judge-written card effects), battle.py (6), damage.py (1.9-1.11, 1.5),
removal.py (9), keywords.py (10), adjust.py (judge adjustments)."""
from judge_app.engine.thv.ruleset import ThvRuleset

RULESET = ThvRuleset()
