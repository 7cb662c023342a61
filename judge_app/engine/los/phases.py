"""The phases of Legend of Stars: 5.1 先攻・後攻の決め方と準備, then each turn 5.2 to 5.6."""
PHASES = ("preparation", "setup", "main", "lead", "attack", "end")
PHASE_LABELS = {"preparation": "先攻・後攻の決め方と準備", "setup": "セットアップフェイズ", "main": "メインフェイズ",
                "lead": "リードフェイズ", "attack": "アタックフェイズ", "end": "エンドフェイズ"}
TURN_PHASES = PHASES[1:]   # 5.2–5.6: the phases every turn goes through, in order
