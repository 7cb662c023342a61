"""The form of a question and of a clause: what kind of answer does the question want, what does the clause do?

BM25 counts shared tokens; it cannot tell a clause that answers 「何枚まで入れられる？」 (「4枚以下である
必要があります」) from one that only explains how a card's wording 「N枚までを」 is read. The question's
form says what an answer looks like, and a clause's form says what it does:
- a quantity question (何枚, 何回, 何体, いくつ, 上限) wants a clause that states a number;
- a yes/no question about doing something (「～できる？」「～してもいい？」「殴れる？」) wants a clause
  that states a permission, a prohibition or a requirement (できます, できません, 構いません, 必要があります);
- a question that quotes no card text wants a rule more than the explanation of card wording
  (「「キャラ」と表記されている場合…」, 「「N枚までを」と指示がある場合…」);
- a question of order (「どれから解決する？」), of place (「どこへ行く？」) or of time (「いつ戻る？」) wants a
  clause that states an order, puts a card somewhere, or states a time;
- a player's claim put to the judge (「…って言われたんだけど本当？」) wants the rule that settles it: a clause
  that permits, forbids, requires or denies.
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
# 「どこかで頭打ち？」「制限ある？」 ask for a limit as much as 「何枚まで？」 does
_ASKS_QUANTITY = re.compile(rf"(?:何|なん|いく)\s*(?:{_COUNTERS})|いくつ|上限|何枚まで|どれだけ|頭打ち|制限|限度|最大")
STATES_QUANTITY = re.compile(
    rf"(?:{_NUMERALS})\s*(?:~\s*\d+\s*)?(?:{_COUNTERS})|上限|ちょうど|だけ|のみ|以下(?!の)|以上|まで(?:しか)?|制限|限り")
# A yes/no question about an action, in any of the query's sentences (「撃っていい？殴られてる最中とか」): a
# permissive, prohibitive or obliging form at the end of the sentence, once its closing particles are gone
# (「できるの？」「できないでしょ？」): 「できる？」「見てもいい？」「見られる？」「しなきゃいけない？」
# 「必要ある？」「ダメ？」「反則？」, or a potential verb (「殴れる？」「いける？」, below).
_ASKS_MODALITY = re.compile(
    r"(?:できる|出来る|できない|出来ない|できます|出来ます|てもいい|でもいい|ていい|てもよい|てよい|ても大丈夫|てもok"
    r"|可能|られる|られない"
    r"|(?:なきゃ|なくちゃ|ないと|なければ|なくては)(?:いけない|ならない|だめ|ダメ|駄目)?|必要(?:が)?(?:ある|あり)?"
    r"|義務|強制|必須|ダメ|だめ|駄目|禁止|反則|違反|ng|アウト|セーフ|ok|オッケー|許される|許されない|認められる)$", re.I)
# what closes a question after its verb: 「の」「か」「んですか」「でしょ」「だっけ」「って」「よね」
_CLOSING = re.compile(r"(?:のか|の|かな|か|んですか|ですか|んだっけ|だっけ|っけ|でしょう|でしょ|だろ|って|よね|よな|なの|なん)$")
_SENTENCES = re.compile(r"[?？!！。\n]+")
_CLAUSE_SENTENCES = re.compile(r"(?<=[。\n])")
# A clause that states what may, may not or must be done (at the end of one of its sentences); 「…しないことも
# 選べます」 permits as 「できます」 does.
STATES_MODALITY = re.compile(
    r"(?:できます|出来ます|できません|出来ません|できない|出来ない|できる|出来る|構いません|かまいません"
    r"|なりません|ならない|必要があります|必要がある|いけません|置けます|出せます|使えます|られません"
    r"|不可能です|可能です|選べます|選べません)(?=[。\n)）]|$)"
    r"|以下の(?:条件|要件)")          # a lead-in whose items list when something may be done
# Permission, obligation and restriction inside a sentence: 「…してもよく」「…しなければならず」「…できず」
# 「Xのみ」「Xしか…ない」「…場合を除き」: the clause says who may do what, not only how it is done
STATES_LIMITS = re.compile(
    r"てもよ[いく]|ても良[いく]|ても構わ|てもかまわ|なければなら|なくてはなら|できず|出来ず|られず|行えず"
    r"|のみ(?:が|を|で|に|と|です|である|とな)|しか(?!し)[^。]{0,30}?(?:ない|ません|できず)|を除(?:き|いて|く)")
# A clause about how card wording reads: 「X」と表記されている場合 / と指示がある場合 / と記述されている
_CARD_WORDING = re.compile(r"[」』]\s*(?:で|と)\s*(?:表記|指示|記述|記載)")
_QUOTES = re.compile(r"[「『【《\[〔]")
# 「どれから解決する？」「親が先？」: an order asked; a clause that states one (「逆順に解決する」「親から行い」)
_ASKS_ORDER = re.compile(r"(?:どれ|どっち|どちら|誰|だれ)(?:から|が先|を先)|順番|順序|どの順|逆順|が先(?!攻)|先に|あとに|後に|じゅんばん|じゅんじょ")
_STATES_ORDER = re.compile(r"順番|順序|順に|逆順|の順|から順|から行い|最初に|最後に|先に|その後|次に")
# 「どこへ行く？」「どこに置く？」: a place asked; a clause that puts a card somewhere
_ASKS_PLACE = re.compile(r"どこ(?!か)|行き先|どの領域|どのゾーン|どのエリア")
_STATES_PLACE = re.compile(r"[にへ]置[かきくけ]|置く領域|置かれ|[にへ]送|[にへ]移動|に加え|に戻|置き場")
# 「いつ？」「どのタイミング？」: a time asked; a clause that states one
_ASKS_TIME = re.compile(r"いつ|タイミング|時点|どの時|どのフェイズ|どのステップ")
_STATES_TIME = re.compile(r"時点|タイミング|開始時|終了時|の開始|の終了|直後|直前|までに|際に|(?<!同)時[に、]|ターン中")
# A player's claim put to the judge: a reading reported (「…って言われた」「…って相手が言ってる」「…って主張」,
# a sentence left at 「…していいって(相手が)」 — not 「ブロッカーって？」, which asks what a word means),
# expected (「…できるはず」), pressed on the listener (「…でしょ？」「…よね？」「…じゃない？」「…じゃなかったっけ」,
# at the end or before a second sentence), or someone seen doing it (「…してる人いる」). The answer is the rule
# that settles it: a clause that permits, forbids, requires or denies
_CHECKS_CLAIM = re.compile(
    r"(?:って|と)(?:[^、。?？!！]{0,8}?(?:が|は))?(?:言われ|言って|言う|言い張|聞いた|主張)"
    r"|(?:[るたいだずよ]|セーフ|OK|アウト)って(?:相手|向こう|対戦相手)?(?:が|は)?[?？!！。\s]*$"
    r"|ほんと|本当|はず(?:[だでじなっの]|[?？!！。、\s]|$)"
    r"|(?:でしょ|よね|じゃないの|じゃないか|じゃね|じゃなかった(?:っけ)?|だっけ)[?？!！。\s]*$"
    r"|(?:でしょ|よね|じゃない|じゃなかった|だっけ)(?:っけ)?[?？]|[るた]人(?:が)?いる")
# 「リーダーが0ライフの時は？」「レストしてたら？」: the question names a condition; a sentence stating one answers
_ASKS_CONDITION = re.compile(r"場合|とき|時[はにの]|時$|たら|なら|中[はにの]|状態")
_STATES_DENIAL = re.compile(r"(?:ません|ない|されず|行わず|扱わず)(?=[。\n)）]|$)|扱いません|扱わない|無効")


class QueryForm:
    def __init__(self, query: str):
        q = nfkc(query).strip()
        self.quantity = bool(_ASKS_QUANTITY.search(q))
        self.modality = any(asks_modality(part) for part in question_sentences(q))
        self.quotes_nothing = not _QUOTES.search(q)
        self.order = bool(_ASKS_ORDER.search(q))
        self.place = bool(_ASKS_PLACE.search(q))
        self.time = bool(_ASKS_TIME.search(q))
        self.claim = bool(_CHECKS_CLAIM.search(q))
        self.condition = bool(_ASKS_CONDITION.search(q))

    @property
    def any(self) -> bool:
        return self.quantity or self.modality or self.quotes_nothing


def question_sentences(q: str) -> list[str]:
    """The sentences of a query that ask (those closed by 「？」 or 「！」, and the last), each without its
    closing particles: 「撃っていい？殴られてる最中とか」 → ["撃っていい", "殴られてる最中とか"]."""
    parts = _SENTENCES.split(q)
    ends = _SENTENCES.findall(q)
    last = max((i for i, p in enumerate(parts) if p.strip()), default=-1)
    out = []
    for i, part in enumerate(parts):
        part = part.strip()
        # a sentence closed by 「？」, the last one, or one closed by 「か。」 (「登場させられますか。」)
        if not part or (i != last and not re.search(r"[?？!！]", ends[i]) and not part.endswith("か")):
            continue
        for _ in range(2):                 # 「できないんですか」, 「できるのかな」
            part = _CLOSING.sub("", part).rstrip()
        out.append(_POLITE.sub(_plain, part))
    return out


# the polite ending read as the plain one: 「引けます」 → 「引ける」 (a potential is an ichidan verb: stem + る),
# 「登場させられます」 → 「登場させられる」, 「見てもいいです」 → 「見てもいい」
_POLITE = re.compile(r"(ます|です)$")


def _plain(m: re.Match) -> str:
    return "る" if m.group(1) == "ます" else ""


def asks_modality(sentence: str) -> bool:
    """Does this sentence (its closing particles gone) ask whether something may, may not or must be done?"""
    return bool(_ASKS_MODALITY.search(sentence)) or ends_with_potential(sentence)


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
        self.quantity = bool(STATES_QUANTITY.search(t)) or analysis.states_limit_without_digits(fold(t))
        # the sentences that say what may, may not or must be done, folded: what the permission is about
        self.modal_text = fold("\n".join(p for p in _CLAUSE_SENTENCES.split(t)
                                         if STATES_MODALITY.search(p) or STATES_LIMITS.search(p)))
        self.modality = bool(self.modal_text)
        self.wording = bool(_CARD_WORDING.search(t))
        self.order = bool(_STATES_ORDER.search(t))
        self.place = bool(_STATES_PLACE.search(t))
        self.time = bool(_STATES_TIME.search(t))
        self.rule = self.modality or bool(_STATES_DENIAL.search(t))   # settles a claim either way
