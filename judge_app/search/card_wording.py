"""Card wording a question quotes, and the rulebook's clauses on that wording (issue 42, the card-text style).

A judge who pastes a card's text and asks how it works (「「手札1枚を捨てたなら、運値+2」、手札が無いときは？」)
asks about the wording's construction (「たなら、」: a cost that may be left unpaid, kaiun 8-3-2), not about the
card's own words (捨てる, 手札), which pull toward the clauses defining those verbs. The rulebooks say, in their
own words, which wording each clause explains: 「「たなら、」と表記される場合があります」, 「「N 枚までを」と
指示がある場合…」, 「効果には、「:」以前に行動が指示されることがあります」. This module reads those quoted
wordings from the clauses (every clause, once, at start-up) as patterns — the rulebook's number marks N, X, ○, ●
and its 「~」 standing for anything — and finds them in the card text a query quotes (inside 「」 or 『』, or a
pasted ability from its 【timing】 to the sentence's end). A clause whose wording the card text holds gets the
stage-2 feature `card_wording` (rank.py) and is a candidate even when the words ranked it low.

Nothing here is learnt from questions: the patterns are the rulebooks' text. A wording that is one bare term
(「キャラ」, 「自分」, 「リフレッシュ」) is a definition the defined-term features already read, and an action
(「カードを引く」, 「ダメージを与える」) one the query's own words find: neither is a construction, both are left out
(they were what pulled the card-text questions away from their answers).
"""
from __future__ import annotations

import re

from judge_app.search import analysis
from judge_app.search.normalize import fold, nfkc

FLOOR = 0.6      # an explaining clause's stage-1 score is at least this share of the query's best (0.4, 0.8 worse)

# 「X」と表記 / と指示 / と記述 / と記載 / と書かれ / とは / という / と呼 / 以前 / 以降 / のように: the clause explains X
# (thv's bare 「〔〕で囲われた記述」, its targets, is every thv card's text: tried as a wording, it did no good)
_EXPLAINS = re.compile(r"[「『]([^」』]{1,40})[」』]\s*(?:で|と|が|は|の)?\s*(?:表記|指示|記述|記載|書か|とは|という|と呼|以前|以降|のように)")
# the rulebooks' marks for "any number" (and its examples' digits: 「ATKは300になる」) and "anything"
_ANY_NUMBER = re.compile(r"[○●◯]+|(?<![a-z])[nx](?![a-z])|\(指定枚数\)|\d+")
_ANYTHING = re.compile(r"[~〜～]+|…+|\.\.\.")
NUMBER_RX = r"(?:\d+|[一二三四五六七八九十]+|[○●◯]+|[nx])"
# the card text of a query: quoted spans, and an ability pasted from its 【timing】 up to the sentence's end (a
# quoted span ends a sentence too, and a question mark: 「…【登場時】「…」は加えられる？」 pastes nothing after 「…」)
_QUOTED = re.compile(r"[「『]([^」』]+)[」』]")
# (thv prints its abilities' kinds in brackets instead: (自動α) (自動β) (自動γ) (常時) (自分ターン) (相手ターン))
_PASTED = re.compile(r"\((?:自動[αβγ]|常時|自分ターン|相手ターン)\)[^。「」？?]*"
                     # a pasted ability from its 【timing】 keywords: up to a stop, or a space before what the judge
                     # says of it (「【ドン!!×1】【アタック時】…+2000 ドン付けずに…」)
                     r"|(?:【[^】]{1,12}】\s*)+[^。「」？?\s]*"
                     # thv's sentence with a bracketed target or cost (「目標の〔…〕…」, 「〔あなたの手札1枚〕を破棄する」),
                     # typed without 「」: up to a stop, a comma, or a space before what the judge says of it
                     r"|(?:目標の)?〔[^〕]{1,30}〕[^。「」？?、\s]*")
# 「ランダムに1枚捨てる」 is the rulebook's 「ランダムに捨てる」: the card text is read again without its counts
_COUNT = re.compile(r"\d+(?:枚|体|つ|人|回)")


def spans(query: str) -> list[str]:
    """The card text a query quotes (NFKC): its 「」『』 spans, then an ability pasted from its 【timing】."""
    q = nfkc(query)
    return _QUOTED.findall(q) + _PASTED.findall(_QUOTED.sub("。", q))


def card_text(query: str) -> str:
    """The card wording a query quotes, folded, spaces out; '' when it quotes none."""
    text = fold("\n".join(spans(query))).replace(" ", "").replace("\u3000", "")
    bare = _COUNT.sub("", text)
    return text if bare == text else text + "\n" + bare


# a card named without its text quoted: its thv target 〔…〕, a keyword or trait in brackets (los ［上空］, 《…》),
# 「貫通持ちの」, 「…って書いてある」, 「…というカード」, 「…効果のキャラ」
_PARAPHRASED = re.compile(r"〔[^〕]+〕|\[[^\]]{1,12}\]|《[^》]{1,12}》|持ち(?:の|で)|(?:って|と)(?:書いて|書かれ|かいて)"
                          r"|という(?:カード|キャラ|効果|イベント|スペル)|効果(?:の|を持つ)(?:カード|キャラ)|テキスト")


def quotes_card(query: str) -> bool:
    """Whether a query quotes a card (card_text) or names one by its text without quoting it (_PARAPHRASED):
    the card-text questions (questions.py `card`, index field `cbi`) are read for it."""
    return bool(spans(query)) or _PARAPHRASED.search(nfkc(query)) is not None


def outside(query: str) -> str:
    """The query (NFKC) without the card wording it quotes: what the judge says about the card."""
    q = _QUOTED.sub("。", nfkc(query))
    return _PASTED.sub("、", q)


def _pattern(wording: str) -> re.Pattern | None:
    """A quoted wording as a pattern over folded card text, or None for a bare term or a mark alone."""
    w = fold(wording).replace(" ", "").replace("〔〕", "〔~〕")     # an empty 〔〕: whatever it holds
    marks = _ANY_NUMBER.search(w) or _ANYTHING.search(w)
    literal = _ANYTHING.sub("", _ANY_NUMBER.sub("", w)).strip("、,。")
    if len(literal) < 2 and ":" not in literal:
        return None
    if (not marks and _is_term(wording)) or _is_action(wording):
        return None
    parts = []
    for piece in _MARKS.split(w):
        if not piece:
            continue
        if _ANYTHING.fullmatch(piece):
            parts.append(r".{0,20}?")
        elif _ANY_NUMBER.fullmatch(piece):
            parts.append(r".{1,12}?" if piece[0] in "○●◯" else NUMBER_RX)
        else:
            parts.append(re.escape(piece))
    return re.compile("".join(parts))


_MARKS = re.compile(r"((?:[○●◯]+|(?<![a-z])[nx](?![a-z])|\(指定枚数\)|\d+)|(?:[~〜～]+|…+|\.\.\.))")
_TERM_POS = ("名詞", "接尾辞", "接頭辞", "代名詞", "助詞", "記号", "補助記号")


def _is_action(wording: str) -> bool:
    """A wording that ends with an object and its verb (「カードを引く」, 「N 枚を引く」, 「ダメージを与える」,
    「攻撃を行う」): an action the card performs, which the words of the query find by themselves."""
    if analysis.analyser_name() != "sudachi":
        return False
    ms = analysis.sudachi_morphemes(_ANYTHING.sub("", wording.replace(" ", "")))
    return len(ms) >= 2 and ms[-1][2] == "動詞" and ms[-2][3] == "を"


def _is_term(wording: str) -> bool:
    """One word (「捨てる」, 「できる」, 「破棄する」), or nouns and their particles only (「キャラ」,
    「相手プレイヤー」, 「元々の」, 「永続効果」): a term the defined-term features read, not a construction."""
    if re.search(r"[、,:]", wording):
        return False
    bare = re.sub(r"する$", "", wording.replace(" ", ""))      # 「破棄する」「KOする」: the term's action
    if analysis.analyser_name() != "sudachi":
        return len(analysis.content_words(bare)) <= 1
    ms = analysis.sudachi_morphemes(bare)
    return len(ms) <= 1 or all(m[2] in _TERM_POS for m in ms)


class WordingTable:
    """Per document: [(pattern, clause ids)] of the wordings its clauses explain."""

    def __init__(self, corpus):
        by_doc: dict[str, dict[str, tuple[re.Pattern, list[str]]]] = {}
        for key, d in corpus.docs.items():
            rows = by_doc.setdefault(key, {})
            for c in d.clauses.values():
                for wording in _EXPLAINS.findall(nfkc(c.text or "")):
                    wording = wording.strip()
                    rx = _pattern(wording)
                    if rx is not None:
                        rows.setdefault(rx.pattern, (rx, []))[1].append(c.id)
        self.rows = {k: list(v.values()) for k, v in by_doc.items()}

    def explained(self, doc: str, text: str) -> frozenset[str]:
        """The clauses of `doc` explaining a wording `text` (a query's card_text) holds."""
        if not text:
            return frozenset()
        found = [(m.span(), rx.pattern == re.escape(m.group()), ids)
                 for rx, ids in self.rows.get(doc, ()) for m in rx.finditer(text)]
        # a plain wording inside a longer one is not read there: 「たなら、」 (a cost) is not also 「なら、」 (a
        # condition); a wording with marks (「~までを」) is the rulebook's own, wherever it is read
        return frozenset(cid for (a, b), plain, ids in found
                         if not (plain and any(c <= a and b <= d and (d - c) > (b - a) for (c, d), _p, _i in found))
                         for cid in ids)

