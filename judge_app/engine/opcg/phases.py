"""The phases of ONE PIECE CARD GAME: 5-2 ゲームの準備, then each turn 6-2 to 6-6 (6-1-1)."""
PHASES = ("setup", "refresh", "draw", "don", "main", "end")
PHASE_LABELS = {"setup": "ゲームの準備", "refresh": "リフレッシュフェイズ", "draw": "ドローフェイズ",
                "don": "ドン!!フェイズ", "main": "メインフェイズ", "end": "エンドフェイズ"}
TURN_PHASES = PHASES[1:]   # 6-1-1: the phases every turn goes through, in order
