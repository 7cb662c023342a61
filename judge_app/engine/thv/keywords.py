"""戦術と特殊効果 (thv 10): the words printed at the head of a card's text, parsed into (name, X)."""
from __future__ import annotations

import re
from functools import lru_cache

# Every word of chapter 10. Those marked in INTERPRETED carry rules the engine applies; the others are
# accepted on a board (so a typo is refused) but their text is left to the judge's adjustments.
KEYWORDS = {
    "速攻": "10.2", "奇襲": "10.3", "先制": "10.4", "貫通": "10.5", "隠密": "10.6", "警戒": "10.7",
    "即死": "10.8", "人形": "10.9", "伝説": "10.10", "耐性": "10.11", "マナチャージ": "10.12", "装備": "10.13",
    "呪符": "10.14", "装備/場": "10.15", "幻想生物": "10.16", "世界呪符": "10.17", "壱符": "10.18",
    "弐符": "10.19", "連結": "10.20", "ターン1枚制限": "10.21", "自分ターン1枚制限": "10.21",
    "相手ターン1枚制限": "10.21", "自分ターン制限": "10.22", "相手ターン制限": "10.23",
    "デッキ1枚制限": "10.24", "神器": "10.25", "抵抗": "10.26", "維持コスト": "10.27", "変身": "10.28",
    "加護": "10.29", "ラストスペル": "10.30", "封術": "10.31", "ラストワード": "10.32",
    "オーバードライブ": "10.33", "リーダー": "10.34",
}
WITH_X = {"耐性", "マナチャージ", "抵抗", "維持コスト", "加護", "連結"}
INTERPRETED = {"速攻", "奇襲", "先制", "貫通", "隠密", "警戒", "即死", "人形", "伝説", "耐性", "マナチャージ",
               "装備", "呪符", "装備/場", "幻想生物", "世界呪符", "弐符", "ターン1枚制限", "自分ターン1枚制限",
               "相手ターン1枚制限", "自分ターン制限", "相手ターン制限", "デッキ1枚制限", "神器", "抵抗",
               "維持コスト", "加護", "ラストスペル", "ラストワード"}
# Words kept by a set card that its character does not gain (6.1.13, 10.13.6).
NOT_GAINED = {"装備", "呪符", "神器"}

_FORM = re.compile(r"^(?P<name>[^(（]+?)\s*(?:[(（](?P<x>[^)）]*)[)）])?$")


@lru_cache(maxsize=4096)
def parse(word: str) -> tuple[str, str | None]:
    """'抵抗(2)' -> ('抵抗', '2'); '先制' -> ('先制', None); full-width brackets allowed."""
    m = _FORM.match(word.strip())
    if not m:
        return word, None
    return m.group("name"), m.group("x")


def check(word: str) -> str | None:
    """None when the word is a keyword of chapter 10 written correctly, else what is wrong (Japanese)."""
    name, x = parse(word)
    if name not in KEYWORDS:
        return f"「{word}」は10章の戦術・特殊効果にありません"
    if name in WITH_X and not x:
        return f"「{name}」には値が必要です（例: {name}(1)）"
    if name in WITH_X and name not in ("耐性", "連結") and not x.isdigit():
        return f"「{word}」の値は0以上の整数です"
    if name not in WITH_X and x is not None:
        return f"「{name}」に値は付きません"
    return None


def has(words, name: str) -> bool:
    for w in words:
        if parse(w)[0] == name:
            return True
    return False


def values(words, name: str) -> list[str]:
    return [x for w in words for n, x in [parse(w)] if n == name and x is not None]


def number(words, name: str) -> int | None:
    vals = values(words, name)
    return int(vals[0]) if vals else None


def once_per_turn(words) -> bool:
    """ターン1枚制限 and its 自分/相手ターン1枚制限 forms (10.21.3)."""
    return any(parse(w)[0] in ("ターン1枚制限", "自分ターン1枚制限", "相手ターン1枚制限") for w in words)


def own_turn_only(words) -> bool:
    return any(parse(w)[0] in ("自分ターン制限", "自分ターン1枚制限") for w in words)  # 10.22.3


def opponent_turn_only(words) -> bool:
    return any(parse(w)[0] in ("相手ターン制限", "相手ターン1枚制限") for w in words)  # 10.23.3
