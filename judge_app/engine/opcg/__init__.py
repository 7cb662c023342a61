"""The ONE PIECE CARD GAME ruleset (doc key `opcg`): see docs/architecture.md, section opcg."""
from judge_app.engine.opcg.ruleset import RULESET, OpcgRuleset

__all__ = ["RULESET", "OpcgRuleset"]
