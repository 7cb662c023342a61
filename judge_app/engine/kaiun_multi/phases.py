"""The multiplayer book names the same phases as the two-player one (5 ゲームの準備, 6-1-1 ドロー … コスト)."""
from judge_app.engine.kaiun.phases import PHASE_LABELS, PHASES

__all__ = ["PHASES", "PHASE_LABELS"]
