"""The ranking of text results: two stages, with weights fitted to the project's own query sets (issue 29).

Stage 1, candidates. The query's tokens come in groups (GROUPS: its bigrams and words against the clause's
text, the same against the questions the clause answers and, for a query that puts a player's claim, against
its arguing questions (abi), the synonym expansion, the whole query as a keyword
unit or a defined term, bracketed keywords, terms named inside the query, synonyms' keyword units). Each
clause's stage-1 score `s` is its BM25F sum, each token's contribution times its boost times its group's
fitted weight. The first K clauses by `s` (over every scope searched) are the candidates, with their parents.

Stage 2, the answer. Each candidate scores

    log(s / s_best + DELTA) + Σ_f  v_f · F_f

where s_best is the best `s` of the query and F_f (FEATURES) are: what the question asks and what the clause
does (a number, a permission or prohibition, the reading of card wording, an order, a place, a time, the rule
that settles a player's claim: rerank.py), whether it is a bare
heading, its depth, whether it is a leaf, its length, whether it sits in a keyword or terminology section,
whether it defines a term the question names, what share of the query's tokens it holds in its text and in its
questions, and how its parent and children scored (a query matching several children of one clause lifts that
clause). Every feature is scale-free (ratios to s_best, shares, flags), so one set of weights fits short and
long queries alike; the score shown is (s + DELTA·s_best)·exp(Σ v·F), in the units of stage 1.

The weights are data, `weights.json` beside this module, written by `make rank` (bench/rank_fit.py: coordinate
ascent on the mean reciprocal rank of the training queries; see docs/architecture.md). They are part of the
index's start-up key (index.source_key hashes this package's files), and of nothing cached by the index itself:
the score tables hold unweighted contributions.
"""
from __future__ import annotations

import functools
import hashlib
import json
import math
import operator
from dataclasses import dataclass, field
from pathlib import Path

from judge_app.search import rerank
from judge_app.search.glossary import GLOSSARY_SECTIONS

WEIGHTS_FILE = Path(__file__).with_name("weights.json")

GROUPS = ("bi", "w", "qbi", "qw", "abi", "syn", "tail", "key_whole", "term_whole", "key_bracket", "key_named",
          "key_syn", "cbi")
NEW_GROUPS = ("tail", "abi", "cbi")   # groups the hand-set reference did not have: 0 there
FEATURES = (
    "heading_q",       # a title-only heading, and the query is a question
    "quantity",        # the question asks how many, the clause states a number
    "modality",        # the question asks may-I, the clause states a permission, prohibition or requirement
    "modal_cover",     # … and the share of the query's text tokens in the sentences that state it
    "wording",         # a question quoting nothing, a clause explaining card wording
    "order",           # the question asks in what order, the clause states one
    "place",           # the question asks where, the clause puts a card somewhere
    "time",            # the question asks when, the clause states a time
    "claim",           # the query puts a player's claim to the judge, the clause permits, forbids or denies
    "defines_named",   # the clause defines a term the (longer) query names: a definition, not a rule about it
    "glossary_sec",    # the clause is in a keyword or terminology section
    "depth",           # how deep the clause sits (0 top level … 1 five levels or more)
    "leaf",            # it has no children
    "length",          # log of its text length, 0 … ~1
    "coverage",        # share of the query's kept text tokens its title and text hold
    "qcoverage",       # share of the query's kept tokens its questions hold
    "parent",          # its parent's s / s_best
    "child_max",       # its best child's s / s_best
    "child_hits",      # log(1 + children with s ≥ CHILD_HIT · s_best)
    "engine",          # the engine cites it for the action the query asks about in the state it names (1)
                       # (engine_signal.py, the table bench/engine_table.py reads from the engines)
    "card_wording",    # it explains a card wording the query quotes (「たなら、」, 「N 枚までを」: card_wording.py)
    "near",            # its one question most like the query, as a cosine of IDF-weighted bigrams (neighbours.py)
    "near_card",       # … of its card-text questions, for a query quoting a card
    "situation",       # it states the situation the judge asks a quoted card about (card_intent.py)
)
KIN = ("parent", "child_max", "child_hits")   # what the clauses around a candidate scored
DELTA = 0.05           # a clause with no stage-1 score of its own (a parent) can still be lifted
CHILD_HIT = 0.3        # a child scoring this share of the best clause counts as one the query matched
DEPTH_CAP = 5


@dataclass(frozen=True)
class Weights:
    groups: dict = field(default_factory=lambda: {g: 1.0 for g in GROUPS})
    features: dict = field(default_factory=dict)
    candidates: int = 30            # stage-1 candidates (at least; limit × 3 when more are asked)
    fitted: dict = field(default_factory=dict)    # what they were fitted on, and the figures (documentation)

    @classmethod
    def load(cls, path: Path | str = WEIGHTS_FILE) -> "Weights":
        try:
            data = json.loads(Path(path).read_text(encoding="utf-8"))
        except FileNotFoundError:
            return cls.reference()
        ref = cls.reference()
        groups = {g: float(data.get("groups", {}).get(g, ref.groups[g])) for g in GROUPS}
        feats = {f: float(data.get("features", {}).get(f, 0.0)) for f in FEATURES}
        return cls(groups, feats, int(data.get("candidates", 30)), data.get("fitted", {}))

    @classmethod
    def reference(cls) -> "Weights":
        """The hand-set ranking before issue 29, as weights: every group 1 (the query's last sentence, new, 0),
        the re-ranking's factors as logs, the new features 0."""
        feats = {f: 0.0 for f in FEATURES}
        feats.update(heading_q=math.log(0.6), quantity=math.log(1 + rerank.QUANTITY_BONUS),
                     modality=math.log(1 + rerank.MODALITY_BONUS), wording=math.log(rerank.WORDING_FACTOR))
        return cls({g: 0.0 if g in NEW_GROUPS else 1.0 for g in GROUPS}, feats)

    @property
    def reads_kin(self) -> bool:
        """Whether a candidate's parent and children scores move its final score (features KIN weighted)."""
        return any(self.features.get(f, 0.0) for f in KIN)

    def vector(self) -> tuple[float, ...]:
        return tuple(self.features.get(f, 0.0) for f in FEATURES)

    def to_json(self) -> dict:
        return {"groups": {g: round(self.groups[g], 6) for g in GROUPS},
                "features": {f: round(self.features.get(f, 0.0), 6) for f in FEATURES},
                "candidates": self.candidates, "fitted": self.fitted}

    def digest(self) -> str:
        return hashlib.sha256(json.dumps(self.to_json(), sort_keys=True).encode()).hexdigest()[:16]


@dataclass(frozen=True)
class ClauseFacts:
    """What stage 2 knows of a clause whatever the query."""
    parent: int                    # the parent's docnum in the same scope, or -1
    children: tuple[int, ...]      # docnums of its children in the same scope
    heading: bool
    depth: float
    leaf: bool
    length: float
    glossary_sec: bool
    defines: frozenset             # term keys it defines
    form: rerank.ClauseForm

    @functools.cached_property
    def static(self) -> tuple[float, float, float, float]:
        """The features that are the clause's alone, in FEATURES order: glossary_sec, depth, leaf, length."""
        return (1.0 if self.glossary_sec else 0.0, self.depth, 1.0 if self.leaf else 0.0, self.length)


def in_glossary_section(doc: str, number: str) -> bool:
    for sec in GLOSSARY_SECTIONS.get(doc, {}):
        if number != sec and (number.startswith(sec + "-") or number.startswith(sec + ".")):
            return True
    return False


class ScopeShape:
    """The clause tree of one scope by docnum, and each clause's facts, worked out when first asked."""

    def __init__(self, corpus, stored: list[dict], defined: dict[str, list[str]]):
        self.corpus = corpus
        self.ids = [s["info"]["id"] for s in stored]
        self.docnum = {cid: d for d, cid in enumerate(self.ids)}
        self.defined = defined
        self.inherited = frozenset(d for d, s in enumerate(stored) if s["info"]["inherited"])
        self._facts: dict[int, ClauseFacts] = {}
        # each clause's parent docnum (-1 for none), as facts(d).parent: stage 1 lifts every candidate's parent
        self.parents = [self.docnum.get(c.parent, -1) if c is not None and c.parent else -1
                        for c in map(corpus.clause, self.ids)]

    def facts(self, d: int) -> ClauseFacts:
        got = self._facts.get(d)
        if got is None:
            c = self.corpus.clause(self.ids[d])
            text = c.text or ""
            depth = 0
            pid = c.parent
            while pid:
                depth += 1
                p = self.corpus.clause(pid)
                pid = p.parent if p is not None else None
            kids = tuple(self.docnum[k] for k in (c.children or []) if k in self.docnum)
            got = self._facts[d] = ClauseFacts(
                parent=self.docnum.get(c.parent, -1) if c.parent else -1, children=kids,
                heading=not text.strip(), depth=min(depth, DEPTH_CAP) / DEPTH_CAP, leaf=not c.children,
                length=math.log1p(len(text)) / math.log(1000), glossary_sec=in_glossary_section(c.doc, c.number),
                defines=frozenset(self.defined.get(c.id, ())), form=rerank.ClauseForm(text))
        return got


@dataclass
class QueryFacts:
    """What stage 2 knows of the query."""
    question: bool
    form: rerank.QueryForm
    named: tuple                   # defined terms named inside the query (not the whole query), longest first, ≤ 8
    actions: frozenset = frozenset()   # the actions it asks about (engine_signal.read)
    states: frozenset = frozenset()    # the states it names
    card_text: str = ""                # the card wording it quotes, folded (card_wording.card_text)
    card: bool = False                 # it quotes or paraphrases a card (card_wording.quotes_card)


def features(facts: ClauseFacts, get, s_best: float, q: QueryFacts, cover: float, qcover: float,
             modal_cover: float = 0.0, engine: float = 0.0, kin: bool = True, wording: float = 0.0,
             near: float = 0.0, near_card: float = 0.0, situation: float = 0.0) -> list[float]:
    """F for one candidate, in FEATURES order; `get(docnum, 0.0)` is the stage-1 score of a clause of its
    scope (dict.get of the clauses the query hit); `modal_cover` the share of the query's text bigrams
    found in the clause's sentences of permission, prohibition or requirement (modal_share); `kin` False:
    the KIN features left at 0 (weighted 0, they are not read: Weights.reads_kin); `wording` 1 for a clause
    explaining a card wording the query quotes."""
    cf, qf, question = facts.form, q.form, q.question
    if kin and (facts.children or facts.parent >= 0):
        inv = 1.0 / s_best
        parent = get(facts.parent, 0.0) * inv if facts.parent >= 0 else 0.0
    else:
        parent = 0.0
    if kin and facts.children:
        kids = [get(k, 0.0) for k in facts.children]
        child_max = max(kids) * inv
        hit = CHILD_HIT * s_best
        child_hits = math.log1p(sum(1 for k in kids if k >= hit))
    else:
        child_max = child_hits = 0.0
    modal = qf.modality and cf.modality
    return [
        1.0 if (question and facts.heading) else 0.0,
        1.0 if (qf.quantity and cf.quantity) else 0.0,
        1.0 if modal else 0.0,
        modal_cover if modal else 0.0,
        1.0 if (question and qf.quotes_nothing and cf.wording) else 0.0,
        1.0 if (qf.order and cf.order) else 0.0,
        1.0 if (qf.place and cf.place) else 0.0,
        1.0 if (qf.time and cf.time) else 0.0,
        1.0 if (qf.claim and cf.rule) else 0.0,
        1.0 if (q.named and facts.defines and not facts.defines.isdisjoint(q.named)) else 0.0,
        *facts.static,          # glossary_sec, depth, leaf, length
        cover,
        qcover,
        parent,
        child_max,
        child_hits,
        engine,
        wording,
        near,
        near_card,
        situation,
    ]


def modal_share(tokens: tuple[str, ...], form: rerank.ClauseForm) -> float:
    """The share of the query's text bigrams (`tokens`) found in the clause's sentences that permit, forbid
    or require: a permission about what the question asks, not one elsewhere in the clause."""
    if not tokens or not form.modal_text:
        return 0.0
    text = form.modal_text
    return sum(1 for t in tokens if t in text) / len(tokens)


def combine(s: float, s_best: float, f: list[float], v: tuple[float, ...]) -> float:
    """The final score, log-scaled: log(s/s_best + DELTA) + v·F."""
    return math.log(s / s_best + DELTA) + sum(map(operator.mul, v, f))


def order(cands, s_best: float, v: tuple[float, ...]) -> list[tuple[float, int, int]]:
    """[(final, scope index, docnum)] of the candidates [(s, scope index, docnum, F)], best first; ties by
    stage-1 score, then scope and index order. Features weighted 0 are left out of v·F (adding 0.0 changes
    no sum): the same scores as combine's."""
    getter, vs = _used(v)
    log, mul = math.log, operator.mul
    # sorted as (−final, −s, scope, docnum) tuples: no key function called per candidate
    scored = sorted((-(log(x / s_best + DELTA) + sum(map(mul, vs, getter(f)))), -x, i, d) for x, i, d, f in cands)
    return [(-neg, i, d) for neg, _x, i, d in scored]


@functools.lru_cache(maxsize=8)
def _used(v: tuple[float, ...]):
    """(itemgetter of the weighted features as a tuple, their weights): worked out once per weight vector."""
    used = [k for k, x in enumerate(v) if x]
    if len(used) == 1:
        k = used[0]
        return (lambda f: (f[k],)), (v[k],)
    if not used:
        return (lambda f: ()), ()
    return operator.itemgetter(*used), tuple(v[k] for k in used)


def shown_score(final: float, s_best: float) -> float:
    """The final score in stage 1's units: (s + DELTA·s_best)·exp(v·F)."""
    return math.exp(final) * s_best
