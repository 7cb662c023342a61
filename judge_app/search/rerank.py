"""The form of a question and of a clause: what kind of answer does the question want, what does the clause do?

BM25 counts shared tokens; it cannot tell a clause that answers 「何枚まで入れられる？」 (「4枚以下である
必要があります」) from one that only explains how a card's wording 「N枚までを」 is read. The question's
form says what an answer looks like, and a clause's form says what it does:
- a quantity question (何枚, 何回, 何体, いくつ, 上限) wants a clause that states a number;
- a yes/no question about doing something (「～できる？」「～してもいい？」「殴れる？」) wants a clause
  that states a permission, a prohibition or a requirement (できます, できません, 構いません, 必要があります);
- a question that quotes no card text wants a rule more than the explanation of card wording
  (「「キャラ」と表記されている場合…」, 「「N枚までを」と指示がある場合…」).
Each match is a feature of the fitted ranking's second stage (rank.py): a weight per match, fitted with the
others (weights.json), multiplies the score of a candidate the words found; it never brings up a clause the
words did not find. The factors below were the hand-set weights before the ranking was fitted, and are its
reference (rank.Weights.reference).
"""
from __future__ import annotations

import re

from judge_app.search import analysis
from judge_app.search.normalize import fold, nfkc

QUANTITY_BONUS = 0.15      # a quantity question and a clause stating a number
MODALITY_BONUS = 0.12      # a "can I / may I" question and a clause stating permission or prohibition
WORDING_FACTOR = 0.85      # a question quoting nothing and a clause explaining card wording

_COUNTERS = r"枚|回|体|人|名|点|種類|度|つ|ターン|マス|コスト"
_NUMERALS = r"\d+|[一二三四五六七八九十]"
_ASKS_QUANTITY = re.compile(rf"(?:何|なん|いく)\s*(?:{_COUNTERS})|いくつ|上限|何枚まで|どれだけ")
_STATES_QUANTITY = re.compile(
    rf"(?:{_NUMERALS})\s*(?:~\s*\d+\s*)?(?:{_COUNTERS})|上限|ちょうど|だけ|のみ|以下(?!の)|以上|まで(?:しか)?")
# A yes/no question about an action: a permissive form at the end of the question (「できる？」
# 「見てもいい？」 「見られる？」), or a potential verb (「殴れる？」「出せる？」, below).
_ASKS_MODALITY = re.compile(
    r"(?:できる|出来る|できます|出来ます|てもいい|でもいい|ていい|てもよい|てよい|ても大丈夫|てもok|可能"
    r"|られる)(?:の|か|んですか|ですか)?\s*[?？]?\s*$")
_QUESTION_END = re.compile(r"[?？!！。\s]+$")
# A clause that states what may, may not or must be done (at the end of one of its sentences).
_STATES_MODALITY = re.compile(
    r"(?:できます|出来ます|できません|出来ません|できない|出来ない|できる|出来る|構いません|かまいません"
    r"|なりません|ならない|必要があります|必要がある|いけません|置けます|出せます|使えます|られません"
    r"|不可能です|可能です)(?=[。\n)）]|$)"
    r"|以下の(?:条件|要件)")          # a lead-in whose items list when something may be done
# A clause about how card wording reads: 「X」と表記されている場合 / と指示がある場合 / と記述されている
_CARD_WORDING = re.compile(r"[」』]\s*(?:で|と)\s*(?:表記|指示|記述|記載)")
_QUOTES = re.compile(r"[「『【《\[〔]")


class QueryForm:
    def __init__(self, query: str):
        q = nfkc(query).strip()
        self.quantity = bool(_ASKS_QUANTITY.search(q))
        self.modality = bool(_ASKS_MODALITY.search(q)) or ends_with_potential(_QUESTION_END.sub("", q))
        self.quotes_nothing = not _QUOTES.search(q)

    @property
    def any(self) -> bool:
        return self.quantity or self.modality or self.quotes_nothing


def ends_with_potential(text: str) -> bool:
    """A godan verb's potential form at the end (殴れる, 出せる, 置ける): the analyser gives a
    dictionary form that differs from its normalised form (出せる → 出す). 「伏せる」「入れる」 are
    verbs of their own, not potentials. Without SudachiPy this answer is False.

    `text` is tokenized on its own, without the question's closing 「？」: the analyser reads
    「動かせる？」 as 動か+せる and 「動かせる」 as one potential verb."""
    if not text or analysis.analyser_name() != "sudachi":
        return False
    ms = analysis.sudachi_morphemes(text)
    if not ms:
        return False
    _begin, _end, pos, _surface, dictionary, normalized, conjugation = ms[-1]
    return pos == "動詞" and dictionary != normalized and conjugation.startswith("下一段")


class ClauseForm:
    def __init__(self, text: str):
        t = nfkc(text or "")
        # 「以下の条件」 introduces a list, it states no number; 「このターン中に…されていない」 is once a turn.
        self.quantity = bool(_STATES_QUANTITY.search(t)) or analysis.states_limit_without_digits(fold(t))
        self.modality = bool(_STATES_MODALITY.search(t))
        self.wording = bool(_CARD_WORDING.search(t))
