"""The phases of 東方VISION: 1.2.7 ゲームの準備, then each turn (4.2.1): ターン開始時, the five phases, ターン終了時."""
PHASES = ("setup", "turn_start", "active", "maintenance", "draw", "main", "discard", "turn_end")
PHASE_LABELS = {"setup": "準備", "turn_start": "ターン開始時", "active": "アクティブフェイズ",
                "maintenance": "メンテナンスフェイズ", "draw": "ドローフェイズ", "main": "メインフェイズ",
                "discard": "ディスカードフェイズ", "turn_end": "ターン終了時"}
TURN_PHASES = ("active", "maintenance", "draw", "main", "discard")   # 4.2.1: the five phases, in order
TURN_ORDER = ("turn_start",) + TURN_PHASES + ("turn_end",)             # 4.3, the phases, 4.9
