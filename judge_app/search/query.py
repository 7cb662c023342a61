"""A query, read once: folded, tokenized and keyed a single time for every part of the search.

Numbers, defined terms, BM25, the re-ranking, the highlights and `why` all read the query; each used to
normalise, fold and tokenize it again for itself (five folds a search). They now read these fields.
"""
from __future__ import annotations

import functools
import re
from dataclasses import dataclass

from judge_app.search import analysis
from judge_app.search.glossary import term_key
from judge_app.search.normalize import fold

# 「リフレッシュとは」「ブロッカーって何？」「運値の意味」: the tail that turns a term into a question about it
QUESTION_TAIL = re.compile(r"(?:とは(?:何|なに)?(?:ですか)?|って(?:何|なに)?(?:ですか)?|の意味(?:は)?|は(?:何|なに)(?:ですか)?)?[\s?？!！。.]*$")


@dataclass(frozen=True)
class Query:
    raw: str                      # as typed, stripped (and cut to the service's MAX_QUERY)
    folded: str                   # normalize.fold(raw)
    words: tuple[str, ...]        # content words in dictionary form, in order, repeats kept (analysis.content_words)
    bigrams: tuple[str, ...]      # bigram and quantity tokens, each once, in order
    brackets: tuple[str, ...]     # bracketed keywords: 【ブロッカー】 → ブロッカー
    key: str                      # the whole query as a term key
    asked_key: str                # the term asked about: 「リフレッシュとは？」 → りふれっしゅ
    question: bool                # two content words or more, or ends with 「？」: wants a rule, not a heading

    @classmethod
    def read(cls, raw: str) -> "Query":
        folded = fold(raw)
        words = analysis.content_words(raw)
        return cls(raw=raw, folded=folded, words=words,
                   bigrams=tuple(dict.fromkeys(analysis.bigrams_of_folded(folded))),
                   brackets=tuple(analysis.bracketed(raw)), key=term_key(raw),
                   asked_key=term_key(QUESTION_TAIL.sub("", raw)),
                   question=len(words) >= 2 or raw.rstrip().endswith(("?", "？")))


@functools.lru_cache(maxsize=1024)
def expansion(term: str) -> tuple[tuple[str, ...], tuple[str, ...], str]:
    """(bigrams, words, term key) of a synonym's rulebook term: the same few terms expand many queries."""
    return (tuple(dict.fromkeys(analysis.bigrams(term))), tuple(dict.fromkeys(analysis.content_words(term))),
            term_key(term))
