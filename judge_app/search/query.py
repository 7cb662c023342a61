"""A query, read once: folded, tokenized and keyed a single time for every part of the search.

Numbers, defined terms, BM25, the re-ranking, the highlights and `why` all read the query; each used to
normalise, fold and tokenize it again for itself (five folds a search). They now read these fields.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from judge_app.search import analysis, readings
from judge_app.search.glossary import term_key
from judge_app.search.normalize import fold, nfkc

# 「リフレッシュとは」「ブロッカーって何？」「運値の意味」: the tail that turns a term into a question about it
QUESTION_TAIL = re.compile(r"(?:とは(?:何|なに)?(?:ですか)?|って(?:何|なに)?(?:ですか)?|の意味(?:は)?|は(?:何|なに)(?:ですか)?)?[\s?？!！。.]*$")


@dataclass(frozen=True)
class Query:
    raw: str                      # as typed, stripped (and cut to the service's MAX_QUERY)
    folded: str                   # normalize.fold of the query (as read, when kana was read as kanji)
    words: tuple[str, ...]        # content words in dictionary form, in order, repeats kept (analysis.content_words)
    bigrams: tuple[str, ...]      # bigram and quantity tokens, each once, in order
    brackets: tuple[str, ...]     # bracketed keywords: 【ブロッカー】 → ブロッカー
    key: str                      # the whole query as a term key
    asked_key: str                # the term asked about: 「リフレッシュとは？」 → りふれっしゅ
    question: bool                # two content words or more, or ends with 「？」: wants a rule, not a heading
    # words typed in hiragana read as the rulebook's (readings.py): [(「ゆうせんけん」, 優先権)]; the fields
    # above then describe the query as converted
    conversions: tuple[tuple[str, str], ...] = ()
    # the last sentence of a query of several (what is asked, after the description): its words and bigrams
    tail_words: tuple[str, ...] = ()
    tail_bigrams: tuple[str, ...] = ()

    @classmethod
    def read(cls, raw: str, kana: readings.KanaTable | None = None) -> "Query":
        converted, conversions = readings.convert(nfkc(raw), kana)
        text = converted if conversions else raw
        folded = fold(text)
        words = analysis.content_words(text)
        tail = last_sentence(nfkc(text))
        return cls(raw=raw, folded=folded, words=words,
                   bigrams=tuple(dict.fromkeys(analysis.bigrams_of_folded(folded))),
                   brackets=tuple(analysis.bracketed(text)), key=term_key(text),
                   asked_key=term_key(QUESTION_TAIL.sub("", text)),
                   question=len(words) >= 2 or raw.rstrip().endswith(("?", "？")),
                   conversions=tuple(conversions),
                   tail_words=analysis.content_words(tail) if tail else (),
                   tail_bigrams=tuple(dict.fromkeys(analysis.bigrams_of_folded(fold(tail)))) if tail else ())


_SENTENCE_END = re.compile(r"[。！？!?\n]+")
_COMMA = re.compile(r"[、,，]+")
LONG_QUERY = 25        # characters: a query this long without a full stop is split at its last comma


def last_sentence(text: str) -> str:
    """The last sentence of a query of several (「…に置いた。このとき…はどうなる？」 → 「このとき…はどうなる」), the
    part after the last comma of a long query of one sentence, or '' when the query is one sentence."""
    parts = [p for p in _SENTENCE_END.split(text) if p.strip()]
    if len(parts) < 2 and len(text) >= LONG_QUERY:
        parts = [p for p in _COMMA.split(parts[0] if parts else text) if p.strip()]
    return parts[-1].strip() if len(parts) >= 2 else ""


@functools.lru_cache(maxsize=1024)
def expansion(term: str) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """(bigrams, words, term key) of a synonym's rulebook term: the same few terms expand many queries."""
    return (tuple(dict.fromkeys(analysis.bigrams(term))), tuple(dict.fromkeys(analysis.content_words(term))),
            term_key(term))
