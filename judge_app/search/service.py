"""Search: a query in, ranked clauses out.

Order of the answer:
1. clause numbers typed in the query (numbers.py), the selected document's first;
2. the defining clause of a glossary term when the query is that term (「ブロッカー」, 「リフレッシュとは」);
3. Whoosh BM25F over titles, breadcrumbs, body (bigrams and words), keyword units and defined terms,
   with the query expanded by table-talk synonyms; a synonym's clause gets a bonus.
Queries are never parsed with Whoosh's query language: AND, OR, NOT, quotes, * and ~ are just text.
"""
from __future__ import annotations

import functools
import math
import re
import threading
from collections import Counter, OrderedDict
from dataclasses import dataclass, field

from judge_app.search import analysis, bm25, glossary as glossary_mod, numbers, rank, readings as readings_mod, rerank
from judge_app.search import card_intent, card_wording, engine_signal, neighbours, synonyms
from judge_app.search.documents import breadcrumb, inherited_clauses
from judge_app.search.glossary import term_key
from judge_app.search.index import BOOSTS, open_or_build
from judge_app.search.normalize import fold, fold_with_map, nfkc, original_span
from judge_app.search.postings import ScopePostings, best_of, sums
from judge_app.search.query import Query, expansion
from judge_app.search.grouping import group_hits
from judge_app.search import snippet as snippet_mod

MAX_QUERY = 200        # characters; longer queries are cut and the answer says so
MAX_LIMIT = 50
ANSWER_CACHE = 1024    # remembered answers per process
NUMBER_SCORE = 1000.0
TERM_SCORE = 500.0
SYNONYM_BOOST = 0.7
CONTAINED_TERM = 0.5    # weight of a defined term found inside a longer query, against the whole-query key
MAX_DF = 0.25           # query tokens in more than this share of the clauses are dropped
SYNONYM_TOKENS = 4      # tokens of each synonym's rulebook term added to the query
MAX_CONCEPTS = 12       # at most this many tokens, the most selective first
INTENT = 1              # card_intent: the situation a judge asks about a quoted card (issue 42, fourth round)
QUESTION_TOKENS = 24    # at most this many tokens matched against the questions each clause answers
QUESTION_TOKEN_SHARE = 0.7   # … or this share of a long query's bigrams (a narrative spreads its words: issue 42, fifth
QUESTION_TOKENS_MAX = 40   # round), at most this many (a budget of 32 for every query lost table talk and dispute)
ARGUED_TOKENS = 32      # at most this many bigrams of a claim matched against the arguing questions
CARD_TOKENS = 32        # at most this many bigrams of a query quoting a card matched against the card-text questions
TAIL_TOKENS = 8         # at most this many tokens of the query's last sentence weighed again
SPARE = 16              # text results made beyond the limit, for the merge with number and term hits
ANSWER_DEPTH = 3        # a result shows the best matching sub-clause at most this many levels under it,
ANSWER_SHARE = 0.67     # when that sub-clause scores at least this share of the result's own score


# `near` is read only for a candidate whose stage-1 score is at least this share of the best: below it, a near
# question does not bring the clause to the first screen (the same figures on every set at 0, 0.3 and 0.4; 0.5
# loses two), and reading every candidate's questions cost 0.5 ms a query
NEAR_SHARE = 0.4
NO_NEAR = (0.0, 0.0)


def question_tokens(bigrams: int) -> int:
    """How many of a query's tokens are matched against the questions each clause answers: QUESTION_TOKENS, and
    for a long query QUESTION_TOKEN_SHARE of its bigrams, up to QUESTION_TOKENS_MAX."""
    return max(QUESTION_TOKENS, min(QUESTION_TOKENS_MAX, int(QUESTION_TOKEN_SHARE * bigrams + 0.5)))


class UnknownDoc(ValueError):
    def __init__(self, doc: str, valid: list[str]):
        super().__init__(doc)
        self.doc = doc
        self.valid = valid


@dataclass
class Hit:
    id: str
    doc: str
    score: float
    kind: str                 # "number" | "term" | "text"
    inherited: bool = False
    via: str | None = None    # the inheriting clause, for an inherited base clause
    answer: str | None = None  # the sub-clause under it that answers best (shown inside it)


@dataclass(frozen=True)
class _Shown:
    clause: object
    crumbs: str     # 「7 カードの… › 7-1 …」
    reading: snippet_mod.Reading   # the text a snippet is cut from, as the snippet reads it (once per clause)
    hay: str        # title and text folded: does the clause name a synonym's term (`why`)
    parent: dict | None   # {id, number, title} of the clause it sits in: a sub-clause is shown inside it


@dataclass(frozen=True)
class _Ask:
    """What a snippet reads of the query: the words to mark, the question's form, the numbers it names."""
    needles: tuple        # snippet.ordered_needles
    form: object          # rerank.QueryForm
    numbers: frozenset
    # clause id -> (snippet, marks) for this query: a clause shown twice (a result and a group's child) is read once
    snippets: dict = field(default_factory=dict, compare=False, hash=False)


_DIGITS = re.compile(r"\d+")


class SearchService:
    def __init__(self, corpus, index_dir):
        self.corpus = corpus
        self.index, self.stats, self.glossary = open_or_build(index_dir, corpus)
        self.kana = readings_mod.load(self.stats["dir"])   # hiragana readings of the rulebooks' words
        self._engine = engine_signal.table()               # (game, action, state) → clauses the engine cites
        self._wording: card_wording.WordingTable | None = None   # made by the first query quoting card text
        self._intent: card_intent.IntentTable | None = None       # likewise
        self._neighbours: neighbours.NearestQuestions | None = None   # made by the first query read with `near`
        self._local = threading.local()
        self._answers: OrderedDict[tuple, dict] = OrderedDict()
        self._answers_lock = threading.Lock()
        self.doc_keys = list(corpus.docs)
        self.numbering = {k: getattr(d, "numbering", None) or _guess_numbering(d) for k, d in corpus.docs.items()}
        # base clause id -> inheriting clause id, per inheriting document
        self.inherited = {k: {c.id: via for c, via in inherited_clauses(corpus, d)} for k, d in corpus.docs.items()}
        self.terms: dict[str, list[glossary_mod.Term]] = {}
        for terms in self.glossary.values():
            for t in terms:
                for k in glossary_mod.term_aliases(t.term):
                    self.terms.setdefault(k, []).append(t)
        self._term_keys = sorted((k for k in self.terms if len(k) >= 2), key=len, reverse=True)
        self.weights = rank.Weights.load()      # the fitted ranking (rank.py, weights.json)
        self._defined: dict[str, list[str]] = {}
        for terms in self.glossary.values():
            for t in terms:
                if not t.inherited and t.key not in self._defined.setdefault(t.id, []):
                    self._defined[t.id].append(t.key)
        self._shapes: dict[str, rank.ScopeShape] = {}
        self._shapes_lock = threading.Lock()
        self._shown_cache: dict[str, _Shown] = {}
        # clause id -> its parent's id: the grouping asks for every text hit of every query
        self._parents = {c.id: c.parent for d in corpus.docs.values() for c in d.clauses.values()}
        # per scope: the score table written with the index (postings.py), read once here
        self._postings = {scope: ScopePostings(ix.storage.folder) for scope, ix in self.index.items()}

    # -- plumbing ---------------------------------------------------------------------------
    def _searcher(self, scope: str):
        """This thread's searcher of one scope's index (Whoosh searchers are not shared across threads)."""
        cache = getattr(self._local, "searchers", None)
        if cache is None:
            cache = self._local.searchers = {}
        s = cache.get(scope)
        if s is None:
            s = cache[scope] = self.index[scope].searcher(weighting=bm25.weighting())
        return s

    def check_doc(self, doc: str | None) -> str | None:
        if doc in (None, ""):
            return None
        if doc not in self.corpus.docs:
            raise UnknownDoc(doc, self.doc_keys)
        return doc

    def _order(self, selected: str | None) -> list[str]:
        return ([selected] if selected else []) + [k for k in self.doc_keys if k != selected]

    # -- the three sources ------------------------------------------------------------------
    def _number_hits(self, query: str, doc: str | None) -> tuple[list[Hit], bool]:
        parsed = numbers.parse(query)
        hits: list[Hit] = []
        whole = bool(parsed) and parsed[0].whole
        for nq in parsed:
            docs = [nq.doc] if nq.doc else self._order(doc)
            for d in docs:
                found = None
                for n in numbers.render(nq.components, self.numbering[d]):
                    c = self.corpus.clause(f"{d}:{n}")
                    if c is not None:
                        found = Hit(c.id, d, NUMBER_SCORE, "number")
                        break
                if found is None and self.inherited.get(d):
                    base = getattr(self.corpus.docs[d], "base", None)
                    for n in numbers.render(nq.components, self.numbering.get(base, "")):
                        via = self.inherited[d].get(f"{base}:{n}")
                        if via:
                            found = Hit(f"{base}:{n}", base, NUMBER_SCORE, "number", True, via)
                            break
                if found is not None:
                    hits.append(found)
        return hits, whole

    def _term_hits(self, query: Query, doc: str | None) -> list[Hit]:
        terms = self.terms.get(query.asked_key, [])
        hits = []
        for d in self._order(doc):
            if doc and d != doc:
                continue
            for t in terms:
                if t.doc == d:
                    hits.append(Hit(t.id, t.id.split(":")[0], TERM_SCORE, "term", t.inherited,
                                    self.inherited.get(d, {}).get(t.id) if t.inherited else None))
        return hits

    def _shape(self, scope: str) -> rank.ScopeShape:
        """One scope's clause tree by docnum (parents, children, each clause's facts), made when first asked."""
        got = self._shapes.get(scope)
        if got is None:
            with self._shapes_lock:
                got = self._shapes.get(scope)
                if got is None:
                    s, post = self._searcher(scope), self._postings[scope]
                    stored = [post.stored(s, d) for d in range(post.count(s))]
                    got = self._shapes[scope] = rank.ScopeShape(self.corpus, stored, self._defined)
        return got

    def _query_parts(self, query: Query, syns) -> tuple[list, list]:
        """The query's candidate (field, token) lists with their group, boost and limit, then the keyword
        units as (field, unit, boost, group); worked out once per query, not once for each of the five scopes."""
        words = dict.fromkeys(query.words)
        groups = [("text", [("bi", t) for t in query.bigrams] + [("w", t) for t in words], 1.0, MAX_CONCEPTS),
                  # the same tokens against the questions each clause answers
                  ("asked", [("qbi", t) for t in query.bigrams] + [("qw", t) for t in words], 1.0,
                   question_tokens(len(query.bigrams)))]
        facts = self._query_facts(query)
        if facts.form.claim:         # a player's claim: against the arguing questions too
            groups.append(("argued", [("abi", t) for t in query.bigrams], 1.0, ARGUED_TOKENS))
        if facts.card:               # a card quoted or named by its text: against the card-text questions too
            groups.append(("card", [("cbi", t) for t in query.bigrams], 1.0, CARD_TOKENS))
        if query.tail_bigrams or query.tail_words:     # the last sentence again: what is asked
            groups.append(("tail", [("bi", t) for t in query.tail_bigrams] + [("w", t) for t in dict.fromkeys(query.tail_words)],
                           1.0, TAIL_TOKENS))
        expanded = [expansion(syn.term) for syn, _talk in syns]
        for term_bi, term_words, _key in expanded:     # each expansion: its few most selective tokens
            groups.append(("syn", [("bi", t) for t in term_bi] + [("w", t) for t in term_words], SYNONYM_BOOST,
                           SYNONYM_TOKENS))
        keys = []
        whole = query.key
        if whole:
            keys += [("keys", whole, BOOSTS["keys"], "key_whole"), ("terms", whole, BOOSTS["terms"], "term_whole")]
        bracket_keys = [term_key(b) for b in query.brackets]
        bracket_keys += [t for t in (glossary_mod.template_key(k, card=True) for k in bracket_keys) if t]
        for k in dict.fromkeys(bracket_keys):
            if k and k != whole:
                keys.append(("keys", k, BOOSTS["keys"], "key_bracket"))
        for k in self._query_facts(query).named:     # defined terms named inside the query, longest first
            keys.append(("keys", k, BOOSTS["keys"] * CONTAINED_TERM, "key_named"))
        for _bi, _words, key in expanded:
            keys.append(("keys", key, BOOSTS["keys"] * SYNONYM_BOOST, "key_syn"))
        return groups, keys

    def _text_terms(self, parts, scope: str, searcher) -> list[tuple[str, str, float, str]]:
        """The query's terms in one scope as (field, token, boost, group), in the order Whoosh's Or of Terms
        used to sum them; the group names rank.GROUPS (a token's field, or the keyword unit's kind).

        Query tokens found in more than MAX_DF of the clauses (「ます」「カード」) are dropped: they
        add almost nothing to BM25 and make every clause a candidate; at most MAX_CONCEPTS
        tokens are kept, the most selective first."""
        groups, keys = parts
        post = self._postings[scope]
        cap = MAX_DF * max(1, searcher.doc_count())
        terms = []
        for kind, cands, boost, limit in groups:
            found = sorted(((post.doc_frequency(searcher, f, t), f, t) for f, t in cands), key=lambda x: x[0])
            kept = [x for x in found if 0 < x[0] <= cap] or [x for x in found if x[0]][:3]
            for _n, f, t in kept[:limit]:
                terms.append((f, t, BOOSTS[f] * boost, kind if kind in ("syn", "tail") else f))
        return terms + keys

    def _plan(self, query: Query, doc: str | None, syns) -> list[tuple[str, object, list]]:
        """[(scope, searcher, terms)] of every scope the query reads, with its terms in that scope."""
        parts = self._query_parts(query, syns)
        out = []
        for scope in ([doc] if doc else self.doc_keys):
            s = self._searcher(scope)
            terms = self._text_terms(parts, scope, s)
            if terms:
                out.append((scope, s, terms))
        return out

    def _text_hits(self, query: Query, doc: str | None, limit: int, syns) -> list[Hit]:
        w = self.weights
        plan = self._plan(query, doc, syns)
        # a group weighted 0 adds nothing: its postings are not read
        accs = [sums(self._postings[scope], s, [(f, t, b * w.groups[g]) for f, t, b, g in terms if w.groups[g]])
                for scope, s, terms in plan]
        s_best, cands = self._candidates(query, doc, limit, plan, [acc.get for acc in accs], accs)
        # only the first few are shown: the merge with number and term hits drops at most a few
        ranked = rank.order(cands, s_best, w.vector())[: limit + SPARE]
        answers = self._answers_inside(plan, ranked, {(i, d): x for x, i, d, _f in cands}, s_best)
        hits = []
        for final, i, d in ranked:
            scope = plan[i][0]
            info = self._postings[scope].stored(self._searcher(scope), d)["info"]
            hits.append(Hit(info["id"], info["doc"], rank.shown_score(final, s_best), "text", info["inherited"],
                            info["via"], answers.get((i, d))))
        # A query that is nothing but a talk word (「墓地」) is a term query: the synonym's clause
        # leads. Inside a longer question the synonym only expands the query.
        lead = [syn.clause for syn, talk in syns if talk == query.asked_key]
        if lead:
            top = hits[0].score if hits else 1.0
            for cid in lead:
                d = cid.split(":")[0]
                inh = bool(doc and d != doc)
                hits.insert(0, Hit(cid, d, top + 1.0, "synonym", inh,
                                   self.inherited.get(doc, {}).get(cid) if inh else None))
        return hits

    def _answers_inside(self, plan, ranked, s_of: dict, s_best: float) -> dict:
        """{(scope index, docnum): clause id} of the sub-clause shown inside a candidate's result: the best
        ranked of its descendants (up to ANSWER_DEPTH levels down) that the query itself matched (stage-1
        score at least rank.CHILD_HIT of the best) and that scores at least ANSWER_SHARE of the candidate."""
        final_of = {(i, d): final for final, i, d in ranked}
        out = {}
        for final, i, d in ranked:
            if s_of[(i, d)] < rank.CHILD_HIT * s_best:
                continue
            shape = self._shape(plan[i][0])
            p, hops = shape.facts(d).parent, 0
            while p >= 0 and hops < ANSWER_DEPTH:
                up = final_of.get((i, p))
                if up is not None and (i, p) not in out and final >= up + math.log(ANSWER_SHARE):
                    out[(i, p)] = shape.ids[d]
                p, hops = shape.facts(p).parent, hops + 1
        return out

    def _rank(self, query: Query, doc: str | None, limit: int, plan, sgets, accs, v) -> list[tuple]:
        """[(final, s_best, scope, docnum)] best first: stage 2 (rank.py) over the candidates."""
        s_best, cands = self._candidates(query, doc, limit, plan, sgets, accs)
        return [(final, s_best, plan[i][0], d) for final, i, d in rank.order(cands, s_best, v)]

    def _candidates(self, query: Query, doc: str | None, limit: int, plan, sgets, accs,
                    covers: dict | None = None, full: bool = False) -> tuple[float, list]:
        """(s_best, [(s, scope index, docnum, F)]): the best k clauses by stage-1 score over every scope, and
        their parents, each with its features. `sgets[i](docnum, default)` is the stage-1 score of a clause of
        plan[i]'s scope, `accs[i]` the clauses hit; the fitting (bench/rank_fit.py) calls this with its own
        scores, and keeps `covers` ({(scope index, docnum): (coverage, question coverage)}, which no weight
        changes) from one call to the next; `full`: every feature worked out, those weighted 0 too (the fitting
        moves them; served, they add nothing and are left at 0)."""
        k = max(limit * 3, self.weights.candidates)
        kin = full or self.weights.reads_kin
        shapes = [self._shape(scope) for scope, _s, _terms in plan]
        pool = []                                  # (s, scope index, docnum), every scope's best k
        for i, (scope, s, _terms) in enumerate(plan):
            acc = accs[i]
            if doc is None and self.inherited.get(scope):
                inherited = shapes[i].inherited
                acc = {d: x for d, x in acc.items() if d not in inherited}
            pool += [(x, i, d) for x, d in best_of(acc, k)]
        if len(plan) > 1:                          # one scope's best_of is in this order already
            pool.sort(key=lambda t: (-t[0], t[1], t[2]))
            pool = pool[:k]
        if not pool or pool[0][0] <= 0:
            return 0.0, []
        s_best = pool[0][0]
        # the candidates a longer page adds (limit × 3 over `candidates`), and their parents, are ranked without
        # `near`: a page of 20 then lists its first 8 as the suggestions (limit 8) do
        extra = {(i, d) for _x, i, d in pool[self.weights.candidates:]}
        by_scope: dict[int, list[tuple[float, int]]] = {}
        for x, i, d in pool:
            by_scope.setdefault(i, []).append((x, d))
        for i, items in by_scope.items():          # parents: a query matching several children lifts them
            shape, get = shapes[i], sgets[i]
            skip = shape.inherited if doc is None else ()
            have = {d for _x, d in items}
            parents = shape.parents
            for _x, d in list(items):
                p = parents[d]
                if p >= 0 and p not in have and p not in skip:
                    have.add(p)
                    items.append((get(p, 0.0), p))
                    if (i, d) in extra:
                        extra.add((i, p))
        facts_q = self._query_facts(query)
        cited_of = {}
        if facts_q.actions:
            # the clauses the engine cites for the question's action in the state it names are candidates
            # even when the words ranked them lower: what the engine knows, the words may not say
            for i, items in list(by_scope.items()) + [(i, []) for i in range(len(plan)) if i not in by_scope]:
                cited = cited_of[i] = self._engine_cited(plan[i][0], facts_q.actions, facts_q.states)
                shape, get = shapes[i], sgets[i]
                have = {d for _x, d in items}
                for cid in cited:
                    d = shape.docnum.get(cid)
                    if d is not None and d not in have and not (doc is None and d in shape.inherited):
                        have.add(d)
                        items.append((get(d, 0.0), d))
                if items:
                    by_scope[i] = items
        explained_of, intended_of = {}, {}
        if facts_q.card_text:
            # the clauses explaining a card wording the query quotes are candidates too (card_wording.py)
            for i in range(len(plan)):
                worded = self._explained(plan[i][0], facts_q.card_text)
                intended = self._intended(plan[i][0], query.raw)
                explained = explained_of[i] = worded | intended
                intended_of[i] = intended
                if not explained:
                    continue
                items = by_scope.setdefault(i, [])
                shape, get = shapes[i], sgets[i]
                # the card's wording names the clause as a bracketed keyword names its definition, the situation
                # asked names the clause stating it: its stage-1 score is at least FLOOR of the best
                for found, share in ((worded, card_wording.FLOOR), (intended, card_intent.FLOOR)):
                    floor = share * s_best
                    ds = {shape.docnum.get(cid) for cid in found} - {None}
                    if doc is None:
                        ds -= shape.inherited
                    items[:] = [(max(x, floor) if d in ds else x, d) for x, d in items]
                    have = {d for _x, d in items}
                    items += [(max(get(d, 0.0), floor), d) for d in sorted(ds - have)]
        covers = {} if covers is None else covers
        wf = self.weights.features
        near, low = None, NEAR_SHARE * s_best
        out = []
        for i, items in by_scope.items():
            scope, s, terms = plan[i]
            shape, post, get = shapes[i], self._postings[scope], sgets[i]
            ds = {d for _x, d in items if (i, d) not in covers}
            if ds:
                # how many of the query's kept text tokens, and of its tokens matched against the questions,
                # each candidate holds
                text_n = asked_n = 0
                held: Counter[int] = Counter()       # counted in C (Counter.update of an iterable)
                asked: Counter[int] = Counter()
                for f, t, _b, g in terms:
                    if g == "bi" or g == "w":
                        text_n += 1
                        held.update(ds.intersection(post.holders(s, f, t)))
                    elif g == "qbi" or g == "qw":
                        asked_n += 1
                        asked.update(ds.intersection(post.holders(s, f, t)))
                # the query's text bigrams (its own, its last sentence's, its synonyms'), for a permission
                # question: how many of them the clause's sentences of permission or prohibition hold
                modal = tuple(dict.fromkeys(t for f, t, _b, _g in terms if f == "bi" and not t.startswith("#"))) \
                    if facts_q.form.modality else ()
                if near is None and (full or wf.get("near") or wf.get("near_card")):
                    near = self._near_of(query, facts_q)      # once a query, whatever the scopes
                stage1 = {d: x for x, d in items}
                for d in ds:
                    covers[(i, d)] = (held.get(d, 0) / text_n if text_n else 0.0,
                                      asked.get(d, 0) / asked_n if asked_n else 0.0,
                                      rank.modal_share(modal, shape.facts(d).form),
                                      near(shape.ids[d]) if near and stage1[d] >= low and (i, d) not in extra
                                      else NO_NEAR)
            facts = shape.facts
            cited = cited_of.get(i, {})
            explained = explained_of.get(i, ())
            intended = intended_of.get(i, ())
            ids = shape.ids
            for x, d in items:
                cover, qcover, modal_cover, (near_q, near_c) = covers[(i, d)]
                out.append((x, i, d, rank.features(facts(d), get, s_best, facts_q, cover, qcover, modal_cover,
                                                   cited.get(ids[d], 0.0), kin, 1.0 if ids[d] in explained else 0.0,
                                                   near_q, near_c, 1.0 if ids[d] in intended else 0.0)))
        return s_best, out

    @functools.lru_cache(maxsize=ANSWER_CACHE)
    def _query_facts(self, query: Query) -> rank.QueryFacts:
        """What stage 2 reads of the query, once per query (the fitting asks again and again)."""
        named = tuple(k for k in self._term_keys if k in query.folded and k != query.key)
        card_text = card_wording.card_text(query.raw)
        if card_text:
            # a term inside a quoted card sentence is the card's word, not what is asked (a term quoted alone,
            # 「毒呪」, is asked as a bracketed keyword): only the terms the judge names outside the card's text
            said = fold(card_wording.outside(query.raw))
            named = tuple(k for k in named if k in said)
        named = named[:8]
        actions, states = engine_signal.read(query.raw)
        return rank.QueryFacts(query.question, rerank.QueryForm(query.raw), named, actions, states, card_text,
                               card_wording.quotes_card(query.raw))

    def _near_of(self, query: Query, facts_q: rank.QueryFacts):
        """The function giving a clause id's (`near`, `near_card`) for this query (neighbours.py); `near_card` is
        read only for a query quoting or naming a card, as the card-text questions' field is."""
        if self._neighbours is None:
            with self._shapes_lock:
                if self._neighbours is None:
                    self._neighbours = neighbours.NearestQuestions.load(self.stats["dir"])
        return self._neighbours.reader(query.bigrams, facts_q.form.claim, facts_q.card)

    @functools.lru_cache(maxsize=ANSWER_CACHE)
    def _explained(self, scope: str, text: str) -> frozenset:
        """The clauses of a scope explaining a card wording `text` holds (kaiun-multi also reads kaiun's)."""
        if self._wording is None:
            with self._shapes_lock:       # ~40 ms once (each wording read by the analyser): not at start-up
                if self._wording is None:
                    self._wording = card_wording.WordingTable(self.corpus)
        return frozenset().union(*(self._wording.explained(game, text)
                                   for game in (("kaiun", scope) if scope == "kaiun-multi" else (scope,))))

    @functools.lru_cache(maxsize=ANSWER_CACHE)
    def _intended(self, scope: str, raw: str) -> frozenset:
        """The clauses of a scope stating the situation a judge asks about a quoted card in (card_intent.py):
        read only for a query quoting card text, from the judge's words outside it."""
        if not INTENT:
            return frozenset()
        if self._intent is None:
            with self._shapes_lock:
                if self._intent is None:
                    self._intent = card_intent.IntentTable(self.corpus)
        if max(map(len, card_wording.spans(raw)), default=0) < card_intent.MIN_CARD:
            return frozenset()      # a wording quoted alone (「その後」) asks what it means, not a situation
        asked, card = card_wording.outside(raw), card_wording.card_text(raw)
        return frozenset().union(*(self._intent.answering(game, asked, card)
                                   for game in (("kaiun", scope) if scope == "kaiun-multi" else (scope,))))

    @functools.lru_cache(maxsize=ANSWER_CACHE)
    def _engine_cited(self, scope: str, actions: frozenset, states: frozenset) -> dict:
        """{clause id: level} the engine cites for the query's actions and states in a scope (kaiun-multi
        also reads kaiun's, whose clauses it inherits)."""
        out = {}
        for game in (("kaiun", scope) if scope == "kaiun-multi" else (scope,)):
            out.update(self._engine.cited(game, actions, states))
        return out

    # -- the answer -------------------------------------------------------------------------
    def search(self, query: str | None, doc: str | None = None, limit: int = 10, group: bool = True) -> dict:
        """Answers are remembered per process (the index never changes under a running process): judges
        ask the same few terms, and BM25 over bigram postings costs milliseconds of CPU per query.
        `group`: sub-clauses of one clause that score close are one result (grouping.py); False gives one
        result per clause (bench/search_quality.py's per-clause counting)."""
        doc = self.check_doc(doc)
        limit = max(1, min(int(limit), MAX_LIMIT))
        key = ((query or "").strip()[: MAX_QUERY + 1], doc, limit, bool(group))
        with self._answers_lock:
            cached = self._answers.get(key)
            if cached is not None:
                self._answers.move_to_end(key)
        if cached is None:
            cached = self._search(query, doc, limit, group)
            with self._answers_lock:
                self._answers[key] = cached
                while len(self._answers) > ANSWER_CACHE:
                    self._answers.popitem(last=False)
        # callers add keys to the answer and its results (urls): fresh dicts keep the cached one clean
        return {**cached, "results": [dict(r) for r in cached["results"]]}

    def _search(self, query: str | None, doc: str | None, limit: int, group: bool = True) -> dict:
        raw = (query or "").strip()
        answer = {"query": raw, "doc": doc, "results": []}
        if not raw:
            answer["message"] = "検索語を入力してください。"
            return answer
        if len(raw) > MAX_QUERY:
            raw = raw[:MAX_QUERY]
            answer["truncated"] = True
            answer["message"] = f"検索語が長すぎるため、先頭の{MAX_QUERY}文字で検索しました。"
        query = Query.read(raw, self.kana)
        if query.conversions:          # shown above the results: 「ゆうせんけん → 優先権」と読みました
            answer["read_as"] = [{"said": said, "read_as": word} for said, word in query.conversions]
        syns = synonyms.matches(query.folded, doc)   # once per query: the text search and the highlights
        hits, whole = self._number_hits(raw, doc)
        if not (whole and hits):
            hits += self._term_hits(query, doc)
            hits += self._text_hits(query, doc, limit, syns)
        merged: dict[str, Hit] = {}
        for h in hits:
            if h.id not in merged:
                merged[h.id] = h
        needles = _needles(query) + [expansion(syn.term)[2] for syn, _ in syns]
        ask = _Ask(snippet_mod.ordered_needles(needles), self._query_facts(query).form, frozenset(_DIGITS.findall(nfkc(raw))))
        # what `why` shows: kana read as the rulebook's words first, then table-talk synonyms
        readings = [(said, word, term_key(word), None) for said, word in query.conversions] + _readings(raw, syns)
        shown: set[str] = set()
        ordered = list(merged.values())
        cards = group_hits(ordered, self._parents.get, limit) if group else [(h, [h], None) for h in ordered[:limit]]
        for h, kids, parent in cards:
            r = self._result(h, ask, readings)
            if parent:
                r["group"] = {"parent": self._group_parent(parent, ask),
                              "children": [self._inside(k.id, ask) for k in kids]}
            if h.answer and h.answer not in shown:      # not when it is already a result above this one
                r["answer"] = self._inside(h.answer, ask)
            shown.update(k.id for k in kids)
            answer["results"].append(r)
        if not answer["results"] and "message" not in answer:
            answer["message"] = "該当する条文が見つかりませんでした。"
        return answer

    def _shown(self, clause_id: str) -> _Shown:
        """What a result shows of a clause that does not depend on the query, worked out once per clause."""
        got = self._shown_cache.get(clause_id)
        if got is None:
            c = self.corpus.clause(clause_id)
            text = c.text or self._first_child_text(c) or c.title or ""
            crumbs = " › ".join(f"{b['number']} {b['title']}".strip() for b in breadcrumb(self.corpus, c))
            p = self.corpus.clause(c.parent) if c.parent else None
            parent = {"id": p.id, "number": p.number, "title": p.title or ""} if p is not None else None
            got = self._shown_cache[clause_id] = _Shown(c, crumbs, snippet_mod.read(text),
                                                        fold(f"{c.title or ''} {text}"), parent)
        return got

    def _group_parent(self, clause_id: str, ask: "_Ask") -> dict:
        """The line a group's card starts with: {id, number, title, snippet, marks} of the parent clause."""
        return self._inside(clause_id, ask)

    def _snippet(self, shown: _Shown, ask: "_Ask") -> tuple[str, list]:
        key = shown.clause.id
        got = ask.snippets.get(key)
        if got is None:
            got = ask.snippets[key] = snippet_mod.answer_in(shown.reading, ask.needles, ask.form, ask.numbers)
        snippet, marks = got
        return snippet, [list(m) for m in marks]   # each result owns its marks

    def _result(self, h: Hit, ask: "_Ask", readings=()) -> dict:
        shown = self._shown(h.id)
        c = shown.clause
        snippet, marks = self._snippet(shown, ask)
        # Why it matched: each table-talk word of the query read as a rulebook term that this clause
        # names (or the synonym's own clause), shown 「殴る → アタック」 so a misreading can be seen.
        why = [{"said": said, "read_as": term} for said, term, key, cid in readings
               if cid == c.id or (key and key in shown.hay)]
        return {
            "id": c.id, "doc": c.doc, "number": c.number, "title": c.title or "",
            "breadcrumb": shown.crumbs,
            "snippet": snippet, "marks": marks, "score": round(h.score, 4),
            "inherited": h.inherited, "via": h.via, "match": h.kind, "why": why,
            "parent": shown.parent, "answer": None,
        }

    def _inside(self, clause_id: str, ask: "_Ask") -> dict:
        """A sub-clause shown inside its ancestor's result: {id, number, title, snippet, marks}."""
        shown = self._shown(clause_id)
        snippet, marks = self._snippet(shown, ask)
        c = shown.clause
        return {"id": c.id, "number": c.number, "title": c.title or "", "snippet": snippet, "marks": marks}

    def _first_child_text(self, clause) -> str:
        """A heading's snippet: the text of its first child with text (the heading has none)."""
        for cid in getattr(clause, "children", None) or []:
            k = self.corpus.clause(cid)
            if k is not None and k.text:
                return k.text
        return ""

    def glossary_for(self, doc: str) -> list[dict]:
        doc = self.check_doc(doc)
        out = []
        for t in self.glossary.get(doc, []):
            c = self.corpus.clause(t.id)
            out.append({**t.to_json(), "number": c.number if c else "", "title": (c.title if c else "") or ""})
        return out


def _readings(raw: str, syns) -> list[tuple[str, str, str, str]]:
    """(the word the judge typed, rulebook term, the term folded, its clause) for each synonym the query
    used, one per (word, term): the same reading from two games' tables is said once."""
    out, seen = [], set()
    for syn, talk in syns:
        said = _said(raw, talk) or next((t for t in syn.talk if fold(t) == talk), talk)
        if (said, syn.term) in seen or fold(said) == fold(syn.term):
            continue
        seen.add((said, syn.term))
        out.append((said, syn.term, term_key(syn.term), syn.clause))
    return out


def _said(raw: str, talk: str) -> str:
    """The word of the query behind a folded talk word, as the judge typed it: the whole morphemes it
    touches, particles after it dropped and a verb in its dictionary form (「殴っていい」 → 殴る,
    「山が」 → 山). A talk word in pieces (「ノード…置」) has no one span: ''."""
    if synonyms.GAP in talk:
        return ""
    text = nfkc(raw)          # as the query's words were read (analysis.content_words): tokenized once
    folded, where = fold_with_map(text)
    i = folded.find(talk)
    if i < 0:
        return ""
    a, b = original_span(text, where, i, len(talk))
    if analysis.analyser_name() != "sudachi":
        return text[a:b]
    # (begin, end, part of speech, surface, dictionary form, …) of the morphemes the talk word touches
    ms = [m for m in analysis.sudachi_morphemes(text) if m[1] > a and m[0] < b]
    while len(ms) > 1 and ms[-1][2] in ("助詞", "助動詞"):
        ms.pop()
    if not ms:
        return text[a:b]
    last = ms[-1]
    tail = last[4] if last[2] in ("動詞", "形容詞") else last[3]
    return "".join(m[3] for m in ms[:-1]) + tail


def _needles(query: Query) -> list[str]:
    """Folded strings to highlight: the query's content words and bracketed keywords."""
    out = [term_key(k) for k in query.brackets]
    for w in query.words:
        if len(w) >= 2 or not w.isascii():
            out.append(w)
    for run in analysis.runs(query.folded):
        if len(run) >= 2:
            out.append(run)
    return [n for n in dict.fromkeys(out) if n]


def _guess_numbering(doc) -> str:
    for c in doc.clauses.values():
        if "-" in c.number:
            return "hyphen"
        if "." in c.number:
            return "dotted"
    return "hyphen"
