"""The phases of 開運コロシアム: 5-2 ゲームの準備, then each turn 6-2 to 6-6 (6-1-1)."""
PHASES = ("setup", "draw", "set", "open", "battle", "cost")
PHASE_LABELS = {"setup": "ゲームの準備", "draw": "ドローフェイズ", "set": "セットフェイズ", "open": "オープンフェイズ",
                "battle": "バトルフェイズ", "cost": "コストフェイズ"}
