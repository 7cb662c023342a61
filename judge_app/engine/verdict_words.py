"""A game's words for its rulings' verdicts (engine/verdict.py): each ruleset sets `verdict_words` to one."""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Words:
    """A game's words for the verdict. `zones`: a player's card zones (path key → name); `counted`: the zones
    whose size is itself news (ライフ); `fields`: a player's scalar fields; `card_fields`: the card fields worth
    saying (key → name), `values`: how a value reads (("rested", True) → "レスト"); `shared`: top-level fields;
    `slots`: the zones whose places are numbered (a card moving within one: レーン1 → レーン2)."""
    zones: dict = field(default_factory=dict)
    counted: tuple = ()
    fields: dict = field(default_factory=dict)
    card_fields: dict = field(default_factory=dict)
    values: dict = field(default_factory=dict)
    shared: dict = field(default_factory=dict)
    slots: dict = field(default_factory=dict)   # zones whose list places are numbered: zone key -> "レーン"

    def value(self, key: str, v: Any) -> str:
        if not isinstance(v, (list, dict)) and (key, v) in self.values:
            return self.values[(key, v)]
        if v is None:
            return "なし"
        if isinstance(v, bool):
            return "はい" if v else "いいえ"
        if isinstance(v, dict):
            return "、".join(f"{k} {self.value(k, x)}" for k, x in v.items()) or "なし"
        if isinstance(v, list) and any(isinstance(x, dict) for x in v):
            return f"{len(v)} 件"   # lasting effects, modifiers: how many
        if isinstance(v, list):
            return "、".join(str(x) for x in v) or "なし"
        return str(v)
