"""The nearest stored question: how close the query comes to one question a clause answers (issue 42).

The question fields (`qbi`, `cbi`, `abi`) hold every question of a clause as one text, so BM25 scores a clause
by all its questions at once: a clause whose many questions each share a word or two with the query can outscore
the clause with one question worded almost as the query is. This reads each question alone. A candidate's
feature `near` (rank.FEATURES) is its best question's likeness to the query: the IDF weight of the bigrams they
share over the square root of the product of both sides' weights (a cosine over sets of bigrams, each weighing
the square root of its IDF; IDF over every stored question).

Which questions a query is compared with follows the fields it reads (service._query_parts): the table talk and
the beginners' questions always, the card-text questions for a query quoting a card, the arguing ones for a
player's claim.

The bigram sets are written with the index (FILE in its directory, from the same questions as its fields, so the
fitting's index with questions held out has them held out here too) and read on the first query: made from the
question files they take ~1 s, read from it under 0.1 s.
"""
from __future__ import annotations

import json
import math
from pathlib import Path

import orjson

from judge_app.search import analysis

FILE = "neighbours.json"
VOICES = ("asked", "card", "argued")     # asked: the table talk and the beginners' questions


def bigram_set(text: str) -> list[str]:
    """A text's bigram and quantity tokens (analysis.bigrams, as a query's), each once."""
    return sorted(set(analysis.bigrams(text)))


def write(directory, asked: dict[str, dict[str, list[str]]]) -> None:
    """`asked` {voice: {clause id: [question]}} as bigram ids per question, with the vocabulary and its IDF."""
    vocab: dict[str, int] = {}
    df: list[int] = []
    voices: dict[str, dict[str, list[list[int]]]] = {}
    n = 0
    for voice in VOICES:
        out = voices[voice] = {}
        for cid, qs in sorted(asked.get(voice, {}).items()):
            for q in qs:
                ids = [vocab.setdefault(t, len(vocab)) for t in bigram_set(q)]
                if not ids:
                    continue
                df.extend([0] * (len(vocab) - len(df)))
                for k in ids:
                    df[k] += 1
                out.setdefault(cid, []).append(ids)
                n += 1
    idf = [_idf(n, k) for k in df]
    for table in voices.values():          # each question as [its norm, its bigram ids…]: nothing to work out on load
        for qs in table.values():
            qs[:] = [[round(math.sqrt(sum(idf[k] for k in q)), 6), *q] for q in qs]
    data = {"vocab": list(vocab), "df": df, "n": n, "voices": voices}
    (Path(directory) / FILE).write_text(json.dumps(data, ensure_ascii=False, separators=(",", ":")),
                                        encoding="utf-8")


def _idf(n: int, df: int) -> float:
    return math.log((n + 1) / (df + 0.5))


class NearestQuestions:
    """Each clause's questions as sets of bigram ids, by voice, and the bigrams' weights (√IDF each side of the
    cosine); empty for an index written without them."""

    def __init__(self, data: dict | None = None):
        data = data or {"vocab": [], "df": [], "n": 0, "voices": {}}
        n = data["n"]
        self.vocab = {t: k for k, t in enumerate(data["vocab"])}
        self.idf = [_idf(n, k) for k in data["df"]]
        self.unseen = _idf(n, 0)       # a bigram no question holds
        # each clause's questions, a list per voice (VOICES order), each as (norm, frozenset of bigram ids): the
        # query's share is a set intersection, in C
        self.by_clause: dict[str, tuple[list, ...]] = {}
        for v, voice in enumerate(VOICES):
            for cid, qs in data["voices"].get(voice, {}).items():
                got = self.by_clause.setdefault(cid, tuple([] for _ in VOICES))
                got[v].extend((q[0], frozenset(q[1:])) for q in qs)

    @classmethod
    def load(cls, directory) -> "NearestQuestions":
        try:
            return cls(orjson.loads((Path(directory) / FILE).read_bytes()))
        except FileNotFoundError:
            return cls()

    def reader(self, query_bigrams, claim: bool = False, with_card: bool = True):
        """The function giving a clause id's (`near`, `near_card`) for a query of these bigrams: the best cosine
        with one of its table-talk or beginners' questions (with `claim`, its arguing ones too), and with one of
        its card-text questions (0 without `with_card`)."""
        vocab, idf = self.vocab, self.idf
        weighed: dict[int, float] = {}
        unseen = 0.0
        for t in query_bigrams:
            k = vocab.get(t)
            if k is None:
                unseen += self.unseen
            else:
                weighed[k] = idf[k]
        norm = math.sqrt(sum(weighed.values()) + unseen) or 1.0
        keys, weight = frozenset(weighed), weighed.__getitem__
        by_clause, none = self.by_clause, tuple([] for _ in VOICES)
        asked, card, argued = (VOICES.index(v) for v in ("asked", "card", "argued"))

        def best(qs) -> float:
            top = 0.0
            for qnorm, q in qs:
                both = q & keys
                if both:
                    x = sum(map(weight, both)) / qnorm
                    if x > top:
                        top = x
            return top / norm

        def near(cid: str) -> tuple[float, float]:
            got = by_clause.get(cid, none)
            a = best(got[asked])
            if claim:
                a = max(a, best(got[argued]))
            return a, (best(got[card]) if with_card else 0.0)
        return near
