"""Japanese analysis for the index and for queries.

Two token streams over the same folded text:
- bigrams: every pair of adjacent kana/kanji (a lone character stands as itself), and each run of
  Latin letters or digits as one token (`ko`, `atk`, `2000`). Recall: finds 「敗北」 inside
  「敗北条件」 whatever the segmentation.
- words: a morphological analyser's content words in their normalised dictionary form
  (殴っ→殴る, 出来ない→出来る), particles and auxiliaries dropped. Precision: 「親」 or 「壁」
  as words, which bigrams cannot represent.

Both are Whoosh tokenizers written as plain generators that only ever loop with `for`: they never
call next() on an exhausted iterator, so a query of punctuation only yields no tokens instead of
raising StopIteration (RuntimeError under PEP 479), the known trap with Whoosh filter chains.
"""
from __future__ import annotations

import functools
import re
import threading

from whoosh.analysis import Token, Tokenizer

from judge_app import settings
from judge_app.search.normalize import fold, is_cjk, is_word_char, nfkc

# Which analyser makes the words: measured on bench/search_quality.py and bench/search_speed.py
# (docs/architecture.md, Search). JUDGE_APP_ANALYSER=janome switches for comparison.
DEFAULT_ANALYSER = "sudachi"

_KEEP_POS = ("名詞", "動詞", "形容詞", "形状詞", "副詞", "接頭辞", "接尾辞", "代名詞", "記号")
_STOP_WORDS = {fold(w) for w in (
    "する", "為る", "ある", "有る", "いる", "居る", "なる", "成る", "こと", "事", "もの", "物", "よう", "様",
    "これ", "それ", "あれ", "どれ", "此れ", "其れ", "その", "この", "ため", "為", "的", "さ", "られる", "れる",
    "ない", "無い", "何", "なん", "どう", "どんな", "いう", "言う", "とき", "ところ", "です", "ます",
)}


def analyser_name() -> str:
    """`JUDGE_APP_ANALYSER` if set, else SudachiPy, or Janome where SudachiPy is not installed."""
    chosen = (settings.get("ANALYSER") or "").lower()
    return chosen or _available_default()


_ANALYSER_PACKAGES = {"sudachi": ("sudachipy", "sudachidict-core"), "janome": ("janome",)}


def analyser_version(name: str | None = None) -> str:
    """The analyser's name with the versions of its packages (and dictionary): part of the index cache key,
    so an upgraded analyser or dictionary never reuses an index it did not build."""
    from importlib.metadata import PackageNotFoundError, version

    name = name or analyser_name()
    parts = [name]
    for package in _ANALYSER_PACKAGES.get(name, ()):
        try:
            parts.append(f"{package}=={version(package)}")
        except PackageNotFoundError:
            parts.append(f"{package}==?")
    return ";".join(parts)


@functools.lru_cache(maxsize=1)
def _available_default() -> str:
    try:
        import sudachipy  # noqa: F401
        import sudachidict_core  # noqa: F401
    except ImportError:
        return "janome"
    return DEFAULT_ANALYSER


@functools.lru_cache(maxsize=2)
def _sudachi_dictionary():
    from sudachipy import Dictionary

    return Dictionary(dict="core")


_threads = threading.local()


def sudachi_tokenizer():
    """This thread's SudachiPy tokenizer (split mode C): for readings.py, which lists the rulebooks' nouns."""
    return _sudachi()


def _sudachi():
    """One tokenizer per thread: a SudachiPy Tokenizer cannot be used concurrently (gunicorn's gthread
    workers search from several threads); the dictionary behind them is loaded once and shared."""
    tokenizer = getattr(_threads, "sudachi", None)
    if tokenizer is None:
        from sudachipy import SplitMode

        tokenizer = _threads.sudachi = _sudachi_dictionary().tokenizer(mode=SplitMode.C)
    return tokenizer


@functools.lru_cache(maxsize=2)
def _janome():
    from janome.tokenizer import Tokenizer as JanomeTokenizer

    return JanomeTokenizer()


def _morphemes(text: str, name: str) -> list[tuple[str, str, int]]:
    """(surface, normalised form, POS) of each morpheme of `text` (already NFKC)."""
    if not text.strip():
        return []
    if name == "janome":
        return [(m.surface, m.base_form if m.base_form != "*" else m.surface, m.part_of_speech.split(",")[0])
                for m in _janome().tokenize(text)]
    return [(m[3], m[5], m[2]) for m in sudachi_morphemes(text)]


@functools.lru_cache(maxsize=4096)
def sudachi_morphemes(text: str) -> tuple[tuple[int, int, str, str, str, str, str], ...]:
    """(begin, end, part of speech, surface, dictionary form, normalised form, conjugation type) of each
    morpheme of `text`, remembered: the query is tokenized once for its words, for the form of the question
    (rerank.ends_with_potential) and for naming the words behind a synonym."""
    out = []
    for m in _sudachi().tokenize(text):
        pos = m.part_of_speech()
        out.append((m.begin(), m.end(), pos[0], m.surface(), m.dictionary_form(), m.normalized_form(), pos[4]))
    return tuple(out)


@functools.lru_cache(maxsize=4096)
def content_words(text: str, name: str | None = None) -> tuple[str, ...]:
    """The folded content words of `text`, in order, stop words dropped."""
    name = name or analyser_name()
    out = []
    for surface, base, pos in _morphemes(nfkc(text), name):
        if pos not in _KEEP_POS:
            continue
        word = fold(base)
        if not word or not any(is_word_char(c) for c in word) or word in _STOP_WORDS:
            continue
        if pos == "記号" and not word.isalnum():
            continue
        out.append(word)
    return tuple(out)


_CJK = "\u3040-\u30ff\u3400-\u9fff\uf900-\ufaff々〆ヶ"   # normalize.is_cjk
# [^\W_] is exactly normalize.is_word_char (letters and numbers; tests/search/test_analysis.py holds it)
_RUNS = re.compile(rf"(?:(?![{_CJK}])[^\W_])+|(?:(?=[{_CJK}])[^\W_])+")


def runs(folded: str) -> list[str]:
    """Maximal runs of CJK characters and of other word characters (Latin, digits), in order."""
    return _RUNS.findall(folded)


# 「3枚以下」 and 「何枚まで」 meet on the token 「#枚」: a question about a quantity finds the clause
# that states one. Counters are the ones the rulebooks count with, matched in folded text (katakana is
# hiragana there: ターン → たん, マス → ます, which only counts after a digit or 何).
_COUNTERS = "枚|回|体|人|名|点|種類|度|つ|たん|ます"
_COUNT_IN_TEXT = re.compile(rf"(?:\d+|[nxy])\s*(?:~\s*\d+\s*)?({_COUNTERS})|(枚|回|体|人|点|種類|たん)数")
_COUNT_IN_QUESTION = re.compile(rf"(?:何|なん|いく)\s*({_COUNTERS})")
# 「1度だけ」 is 「1回だけ」: one token for both counters of occurrences.
_SAME_COUNTER = {"度": "回"}
# A limit stated without a digit: once per turn (thv 1.8.2.c 「このターン中にノードセットが解決されて
# いない」 is the condition that makes node setting once a turn), or an exact count (「過不足無く10枚」).
_ONCE_PER_TURN = re.compile(r"(?:この|その|各|同じ|1)たん(?:中|の間|内)?に?[^。]{0,24}?(?:されて|して|行って|使用して|行われて)いない")
_EXACT_COUNT = re.compile(r"過不足(?:無|な)く")


# A limit: 「上限」「4枚以下」「5枚まで」「1枚ちょうど」「1度だけ」 in a clause, 「何枚まで」「上限」 in a question.
_LIMIT_IN_TEXT = re.compile(rf"上限|(?:\d+|[nx])\s*(?:{_COUNTERS})\s*(?:以下|まで|ちょうど|だけ|のみ)")
_LIMIT_IN_QUESTION = re.compile(rf"上限|(?:何|なん|いく)\s*(?:{_COUNTERS})?\s*まで")


# Answer types of question words: 「いつ」 meets a clause that names a moment, 「どこ」 one that names a
# place (an area or zone), 「誰」 one that names who. Folded forms (katakana is hiragana here).
_ANSWER_TYPES = {
    "#いつ": (re.compile(r"いつ|どの(?:タイミング|たいみんぐ|時点)"),
              re.compile(r"(?:開始|終了)時|時点で|たいみんぐ|ふぇいず|した時|された時|場合に(?:は)?")),
    "#どこ": (re.compile(r"どこ"),
              re.compile(r"領域|えりあ|ぞん|冥界|とらっしゅ|手札|でっき|場に|の上に置|置かれ")),
    "#誰": (re.compile(r"誰|だれ|どちら|どっち"),
            re.compile(r"ぷれいや|親|子が|子の|持ち主|相手")),
}


def states_limit_without_digits(folded: str) -> bool:
    """Once a turn (「このターン中に…されていない」) or an exact count (「過不足無く」), in folded text."""
    return bool(_ONCE_PER_TURN.search(folded) or _EXACT_COUNT.search(folded))


def count_tokens(folded: str) -> list[str]:
    found = [a or b for a, b in _COUNT_IN_TEXT.findall(folded)] + _COUNT_IN_QUESTION.findall(folded)
    once = bool(_ONCE_PER_TURN.search(folded))
    if once:
        found.append("回")
    out = ["#" + _SAME_COUNTER.get(c, c) for c in found]
    out = list(dict.fromkeys(out))
    if once or _EXACT_COUNT.search(folded) or _LIMIT_IN_TEXT.search(folded) or _LIMIT_IN_QUESTION.search(folded):
        out.append("#上限")
    for token, (asked, stated) in _ANSWER_TYPES.items():
        if asked.search(folded) or stated.search(folded):
            out.append(token)
    return out


@functools.lru_cache(maxsize=8192)
def _bigrams_cached(text: str) -> tuple[str, ...]:
    return tuple(bigrams(text))


def bigrams(text: str) -> list[str]:
    """Bigram tokens of `text` (folded here), then its quantity tokens (「#枚」)."""
    return bigrams_of_folded(fold(text))


def bigrams_of_folded(folded: str) -> list[str]:
    """bigrams() of a text already folded."""
    out: list[str] = []
    for run in runs(folded):
        if not is_cjk(run[0]) or len(run) == 1:
            out.append(run)
        else:
            out.extend(run[i:i + 2] for i in range(len(run) - 1))
    return out + count_tokens(folded)


class _ListTokenizer(Tokenizer):
    """A Whoosh tokenizer emitting the strings a function returns, with positions."""

    def __init__(self, func):
        self.func = func

    def __eq__(self, other):
        return type(self) is type(other) and self.func is other.func

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        for i, text in enumerate(self.func(value) if tokenize else [value]):
            t.text = text
            t.boost = 1.0
            t.stopped = False
            if keeporiginal:
                t.original = text
            if positions:
                t.pos = start_pos + i
            if chars:
                t.startchar = t.endchar = start_char
            yield t


def _words(text: str) -> tuple[str, ...]:
    return content_words(text)


# Several parts of a clause go into one Whoosh field with a weight each (title, breadcrumb, body,
# lead-in): the posting's weight is the weighted term frequency, which BM25 then saturates once for
# the whole clause. That is BM25F proper, and it needs one posting list per query token instead of
# one per token and field. The parts travel as one string joined by PART_SEP.
PART_SEP = "\x1f"


class WeightedPartsTokenizer(Tokenizer):
    def __init__(self, func, weights: tuple[float, ...]):
        self.func = func
        self.weights = weights

    def __eq__(self, other):
        return type(self) is type(other) and self.func is other.func and self.weights == other.weights

    def __call__(self, value, positions=False, chars=False, keeporiginal=False, removestops=True,
                 start_pos=0, start_char=0, tokenize=True, mode="", **kwargs):
        t = Token(positions, chars, removestops=removestops, mode=mode, **kwargs)
        if not tokenize:
            parts, weights = [value], (1.0,)
        else:
            parts, weights = (value or "").split(PART_SEP), self.weights
        pos = start_pos
        for part, weight in zip(parts, weights):
            for text in (self.func(part) if tokenize else [part]):
                t.text = text
                t.boost = weight
                t.stopped = False
                if keeporiginal:
                    t.original = text
                if positions:
                    t.pos = pos
                if chars:
                    t.startchar = t.endchar = start_char
                pos += 1
                yield t


def weighted_bigram_analyzer(weights):
    return WeightedPartsTokenizer(_bigrams_cached, tuple(weights))


def weighted_word_analyzer(weights):
    return WeightedPartsTokenizer(_words, tuple(weights))


def _keys(text: str) -> list[str]:
    """Keyword units: the value is a newline-separated list; each line is one token, folded."""
    return [k for k in (fold(line).strip() for line in (text or "").split("\n")) if any(is_word_char(c) for c in k)]


def bigram_analyzer():
    return _ListTokenizer(_bigrams_cached)


def word_analyzer():
    return _ListTokenizer(_words)


def key_analyzer():
    return _ListTokenizer(_keys)


BRACKETS = re.compile(r"【([^】]{1,30})】|《([^》]{1,30})》|「([^」]{1,30})」|\[([^\]]{1,30})\]|〔([^〕]{1,30})〕")


def bracketed(text: str) -> list[str]:
    """Bracketed keywords in `text` (【ブロッカー】, 《グー》, 「リフレッシュ」), inner text NFKC."""
    out = []
    for m in BRACKETS.finditer(nfkc(text)):
        inner = next(g for g in m.groups() if g is not None).strip()
        if inner:
            out.append(inner)
    return out
