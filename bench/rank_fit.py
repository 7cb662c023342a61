"""Fit the ranking's weights (judge_app/search/rank.py) and write judge_app/search/weights.json.

    python bench/rank_fit.py                 # fit, report, write weights.json  (`make rank`)
    python bench/rank_fit.py --cv 3          # cross-validation on the training queries only; writes nothing
    python bench/rank_fit.py --dry-run       # fit and report, write nothing
    python bench/rank_fit.py --start served  # climb from weights.json as served, not from the reference

Training queries, and only these:
- bench/search_cases.yaml, its `dev` split (the hashed quarter `held-out` is never used);
- bench/search_tabletalk.yaml and bench/search_kana.yaml, their `part: tune` cases (never `untouched`);
- with `--with-dispute` only, bench/search_dispute.yaml (100 training queries in the arguing style, written
  2026-11-28; the served weights were climbed from those before with it, every weight free:
  `--start served --with-dispute --hold 10`, README, issue 29's experiment D);
- with `--with-read` only, bench/search_terse.yaml, search_newcomer.yaml, search_newcomer2.yaml,
  search_cardtext{,2,3,4,5}.yaml, search_othergame.yaml and search_compare.yaml (issue 42's blind sets read once,
  fitting sets since);
- with `--with-card`, the writers' card-text questions (questions/extra/*.yaml `card`, two a clause) held out
  the same way, one a clause, at most PER_DOC per rulebook apart from the table talk's, among the question-file
  queries (their share of the objective is QUESTION_SHARE with the others);
- the project's own question files (judge_app/search/questions/<doc>.yaml), held out by question: for every
  clause with two questions or more, one of them (chosen by a hash of the text) is taken out of the files, the
  index is built from the rest, and that question is a training query whose answer is its clause. The clause
  keeps its other questions, as a clause does when a judge asks in new words; the question asked is never in
  the index it is searched in. At most PER_DOC per rulebook (by the same hash): thv alone has 1,100 clauses.
The held-out sets of issue 29 (describe, qa, argue, argue2, argue3) and issue 42 (timing, leading, and any set still
in search_quality.NEVER_FITTED) are never read here.

Method: coordinate ascent (Metzler and Croft, 2007) on the weighted mean reciprocal rank of the training
queries (bench queries weight 1 each; the question-file queries share QUESTION_SHARE of the total), less
HOLD for each point a bench set (cases, tabletalk, kana, dispute, each apart) falls below what the hand-set reference
weights (rank.Weights.reference) give it (its MRR, and its hit@5), with a small pull (PULL, `--pull`) toward
the reference weights so that a weight the data says nothing about stays where it was. Each round tries, for
every weight in turn, a few steps either way and keeps the best; it stops when a round gains less than 1e-4.
Stage 1's group weights are scale-free (multiplying them all changes no ranking), so `bi` stays 1. Every
evaluation runs the service's own stage 2 (SearchService._rank) on a fixed candidate pool per query (the first
POOL clauses under the reference weights, their parents and children): the fitted ranking is the served one.
"""
from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import sys
import tempfile
import time
from pathlib import Path

import yaml

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from judge_app.corpus import get_corpus  # noqa: E402
from judge_app.search import SearchService, questions, rank, synonyms  # noqa: E402
from judge_app.search.query import Query  # noqa: E402
from judge_app.search.service import MAX_QUERY  # noqa: E402

import search_quality as sq  # noqa: E402

POOL = 100                # candidates per scope kept for the fit, by the reference stage-1 score
LIMIT = 10                # results scored (MRR over the first 10, as the bench)
QUESTION_SHARE = 0.25     # the question-file queries' share of the objective (chosen by --cv 3: 0.5 and 0.25 tried)
PULL = 0.002              # pull toward the reference weights, per unit of squared distance (--cv 3: 0.002, 0.02, 0.1)
HOLD = 2.0                # cost of a bench set's MRR falling below the reference's, per point
# What the ranking served before the arguing questions (main at 455ebd1, 2026-11-27) gave each older training
# set, (MRR, hit@5): a floor as the reference's is, so that new data or a new signal never buys gains elsewhere
# with them (before: 2b57a55's, the ranking before the modality signals: cases 0.978/0.993, tabletalk
# 0.873/0.944, kana 0.882/0.933)
FLOORS = {"cases": (0.979, 0.993), "tabletalk": (0.875, 0.944), "kana": (0.891, 0.947)}
PRIORS = ("depth", "leaf", "length", "glossary_sec")   # features of the clause alone, whatever the query
PRIORS_FROM_BENCH = False
PER_DOC = 160             # question-file queries per rulebook at most (thv alone has 1,100 clauses)
GROUP_STEPS = (0.0, 0.5, 0.7, 0.85, 1.2, 1.4, 2.0)          # multiplicative (0: switch the group off)
FEATURE_STEPS = (-0.8, -0.4, -0.2, -0.1, -0.05, 0.05, 0.1, 0.2, 0.4, 0.8)   # additive
ANCHOR = "bi"
WITH_CARD = False         # --with-card: the writers' card-text questions held out as training queries too
READ_ONCE = ("terse", "newcomer", "cardtext", "cardtext2", "cardtext3", "newcomer2", "othergame", "compare", "cardtext4", "cardtext5",
             "cardtext6", "cardtext7", "cardtext8", "cardtext9", "newcomer4", "newcomer6",
             "cardtext12")   # blind sets read once (issue 42), fitted on with --with-read only


def _hash(text: str) -> int:
    return int(hashlib.sha1(text.encode("utf-8")).hexdigest(), 16)


# -- training queries --------------------------------------------------------------------------------

def bench_queries(with_dispute: bool = False, with_read: bool = False) -> list[dict]:
    out = [{**c, "source": "cases"} for c in sq.load_cases() if c["split"] == "dev"]
    for name in ("tabletalk", "kana"):
        out += [{**c, "source": name} for c in sq.load_set(name, "tune")]
    if with_dispute:
        out += [{**c, "source": "dispute"} for c in sq.load_set("dispute", "all")]
    if with_read:             # issue 42's first blind sets, read once and fitting sets since
        for name in READ_ONCE:
            out += [{**c, "source": name} for c in sq.load_set(name, "all")]
    return out


def _hold_out(data: dict, part: str, doc: str, voice: str | None = None) -> list[dict]:
    """Take one question (chosen by a hash) out of each clause of `data[part]` that has two or more; return them
    as training queries."""
    held = []
    qs = data.get(part) or {}
    for cid, asked in qs.items():
        asked = [str(q).strip() for q in (asked or []) if str(q).strip()]
        if len(asked) < 2:
            continue
        pick = min(asked, key=lambda q: _hash(cid + "\0" + q))
        qs[cid] = [q for q in asked if q != pick]
        held.append({"q": pick, "doc": doc, "ids": [cid], "source": "questions", "voice": voice, "group": doc,
                     "split": "q"})
    return held


def split_questions(folder: Path) -> list[dict]:
    """Copy the question files into `folder` without one question per clause that has two or more; return
    those questions as training queries. The extra files are copied too: with WITH_CARD, their card-text voice
    likewise (two questions a clause, one held out, asked of an index without it); the beginners' (one a
    clause) stay whole."""
    held = []
    for path in sorted(questions.DIR.glob("*.yaml")):
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        held += _hold_out(data, "questions", data.get("doc") or path.stem)
        (folder / path.name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False), encoding="utf-8")
    if (questions.DIR / questions.EXTRA).is_dir():
        (folder / questions.EXTRA).mkdir()
    for path in questions.extra_paths():
        data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
        if WITH_CARD:
            held += _hold_out(data, "card", data.get("doc") or path.stem, "card")
        (folder / questions.EXTRA / path.name).write_text(yaml.safe_dump(data, allow_unicode=True, sort_keys=False),
                                                          encoding="utf-8")
    return held


# -- one query, prepared once ------------------------------------------------------------------------

class Prepared:
    """What a query's ranking needs that the weights do not change: the hits before the text results, the
    scopes' terms, each pool clause's stage-1 score per group, and the clauses that answer it."""

    def __init__(self, svc: SearchService, case: dict, corpus):
        self.case = case
        self.good = sq.answers(corpus, case)
        raw = case["q"].strip()[:MAX_QUERY]
        doc = case.get("doc")
        self.doc = doc
        query = self.query = Query.read(raw, svc.kana)
        syns = synonyms.matches(query.folded, doc)
        hits, whole = svc._number_hits(raw, doc)
        self.text = not (whole and hits)
        self.before = [h.id for h in hits]
        if self.text:
            self.before += [h.id for h in svc._term_hits(query, doc)]
        self.lead = [syn.clause for syn, talk in syns if talk == query.asked_key]
        self.plan = svc._plan(query, doc, syns) if self.text else []
        self.vectors = []          # per scope: {docnum: [score per group]}
        gi = {g: i for i, g in enumerate(rank.GROUPS)}
        ref = rank.Weights.reference()
        for scope, s, terms in self.plan:
            post = svc._postings[scope]
            vec: dict[int, list[float]] = {}
            for f, t, b, g in terms:
                ids, scores = post.contributions(s, f, t)
                j = gi[g]
                for d, x in zip(ids, scores):
                    v = vec.get(d)
                    if v is None:
                        v = vec[d] = [0.0] * len(rank.GROUPS)
                    v[j] += x * b
            refs = sorted(((sum(v[j] * ref.groups[g] for j, g in enumerate(rank.GROUPS)), d) for d, v in vec.items()),
                          key=lambda t: (-t[0], t[1]))[:POOL]
            shape = svc._shape(scope)
            keep = {d for _x, d in refs}
            for d in list(keep):
                p = shape.facts(d).parent
                if p >= 0:
                    keep.add(p)
            for d in list(keep):
                keep.update(shape.facts(d).children)
            # sparse, by group: [(group index, [(docnum, score)])], the pool's clauses only
            self.vectors.append([(j, [(d, vec[d][j]) for d in sorted(keep) if d in vec and vec[d][j]])
                                 for j in range(len(rank.GROUPS))])
        self.svc = svc
        self._state = None
        self._rr = (None, 0.0)
        self.covers: dict = {}       # what no weight changes, kept between evaluations
        self.names = [svc._shape(scope).ids for scope, _s, _terms in self.plan]   # clause id by docnum

    def state(self, groups: list[float]) -> tuple:
        """(s_best, candidates with their features) under these group weights: the service's own stage 2,
        remembered for the last group weights (a step of a feature weight changes neither)."""
        key = tuple(groups)
        if self._state is not None and self._state[0] == key:
            return self._state[1]
        got = (0.0, [])
        if self.text:
            accs = []
            for by_group in self.vectors:
                acc: dict[int, float] = {}
                get = acc.get
                for j, items in by_group:
                    w = groups[j]
                    if w and items:
                        for d, x in items:
                            acc[d] = get(d, 0.0) + x * w
                accs.append({d: x for d, x in acc.items() if x > 0})
            got = self.svc._candidates(self.query, self.doc, LIMIT, self.plan, [a.get for a in accs], accs,
                                       self.covers, full=True)
        self._state = (key, got)
        return got

    def ranked(self, groups: list[float], v: tuple) -> list[str]:
        ids = list(self.before)
        if self.text:
            s_best, cands = self.state(groups)
            ids += self.lead
            ids += [self.names[i][d] for _final, i, d in rank.order(cands, s_best, v)]
        return list(dict.fromkeys(ids))[:LIMIT]

    def rr(self, groups, v) -> float:
        key = (tuple(groups), tuple(v))
        if self._rr[0] != key:
            got = 0.0
            for i, cid in enumerate(self.ranked(groups, v)):
                if cid in self.good:
                    got = 1.0 / (i + 1)
                    break
            self._rr = (key, got)
        return self._rr[1]


# -- the fit ---------------------------------------------------------------------------------------

class Objective:
    """The weighted mean reciprocal rank of the training queries, less HOLD for every point a bench set (cases,
    tabletalk, kana, dispute: each apart) falls below its mean reciprocal rank, or its hit@5, under the reference weights,
    or (`full`, the whole sets) below FLOORS: the fit may trade nothing the hand-set ranking, or the ranking
    served before, already answered for gains on the question files."""

    def __init__(self, data: list[tuple[Prepared, float]], full: bool = True):
        self.data = data
        self.total = sum(w for _p, w in data)
        self.sets: dict[str, list[Prepared]] = {}
        for p, _w in data:
            if p.case["source"] != "questions":
                self.sets.setdefault(p.case["source"], []).append(p)
        ref_groups, ref_v = unpack(params_of(rank.Weights.reference()))
        self.floor = {name: max(self._mrr(ps, ref_groups, ref_v), FLOORS.get(name, (0, 0))[0] if full else 0)
                      for name, ps in self.sets.items()}
        self.floor5 = {name: max(self._hit5(ps, ref_groups, ref_v), FLOORS.get(name, (0, 0))[1] if full else 0)
                       for name, ps in self.sets.items()}

    @staticmethod
    def _mrr(ps, groups, v) -> float:
        return sum(p.rr(groups, v) for p in ps) / len(ps)

    @staticmethod
    def _hit5(ps, groups, v) -> float:
        return sum(1 for p in ps if p.rr(groups, v) >= 0.2) / len(ps)

    def __call__(self, groups, v) -> float:
        got = sum(w * p.rr(groups, v) for p, w in self.data) / self.total   # each query's rank is remembered below
        for name, ps in self.sets.items():
            got -= HOLD * max(0.0, self.floor[name] - self._mrr(ps, groups, v))
            got -= HOLD * max(0.0, self.floor5[name] - self._hit5(ps, groups, v))
        return got


def params_of(weights: rank.Weights) -> dict:
    return {**{("g", g): weights.groups[g] for g in rank.GROUPS}, **{("f", f): weights.features[f] for f in rank.FEATURES}}


def unpack(params: dict) -> tuple[list[float], tuple]:
    return [params[("g", g)] for g in rank.GROUPS], tuple(params[("f", f)] for f in rank.FEATURES)


def penalty(params: dict, ref: dict) -> float:
    return PULL * sum((params[k] - ref[k]) ** 2 for k in params)


def fit(data, log=print, rounds: int = 8, full: bool = True, start: rank.Weights | None = None,
        only: frozenset | None = None) -> tuple[dict, float]:
    """Coordinate ascent from the reference weights (or from `start`: the served weights, a shorter climb to
    the same kind of optimum; the pull is toward the reference either way); `full`: the data are the whole
    training sets, and FLOORS hold (a cross-validation fold is not); `only`: the names of the groups and
    features that may move (a new signal fitted with the rest as served)."""
    ref = params_of(rank.Weights.reference())
    params = dict(params_of(start) if start is not None else ref)
    objective = Objective(data, full)
    # the priors over clauses are fitted on the bench queries alone: the question files ask every clause alike
    prior_objective = Objective([(p, w) for p, w in data if p.case["source"] != "questions"], full) if PRIORS_FROM_BENCH else objective

    def score(k):
        return (prior_objective if k[0] == "f" and k[1] in PRIORS else objective)(*unpack(params)) - penalty(params, ref)

    best = objective(*unpack(params)) - penalty(params, ref)
    log(f"  start: objective {best:.4f}")
    for r in range(rounds):
        start = best
        for k in params:
            if k == ("g", ANCHOR) or (only is not None and k[1] not in only):
                continue
            now = params[k]
            tries = ([now * m for m in GROUP_STEPS] if k[0] == "g" else [now + d for d in FEATURE_STEPS])
            if k[0] == "g" and now == 0.0:
                tries = [0.25, 0.5, 1.0]
            params[k] = now
            here = score(k)
            for x in tries:
                if x == now:
                    continue
                params[k] = x
                got = score(k)
                if got > here + 1e-9:
                    here, now = got, x
                params[k] = now
            best = objective(*unpack(params)) - penalty(params, ref)
        log(f"  round {r + 1}: objective {best:.4f}")
        if best - start < 1e-4:
            break
    return params, best


def weigh(bench: list[Prepared], asked: list[Prepared]) -> list[tuple[Prepared, float]]:
    """Each bench query weight 1; the question-file queries together QUESTION_SHARE of the total."""
    data = [(p, 1.0) for p in bench]
    if asked and QUESTION_SHARE > 0:
        each = QUESTION_SHARE / (1 - QUESTION_SHARE) * len(bench) / len(asked)
        data += [(p, each) for p in asked]
    return data


def report(name: str, prepared: list[Prepared], groups, v) -> dict:
    rrs = [p.rr(groups, v) for p in prepared]
    n = len(rrs) or 1
    return {"set": name, "n": len(rrs), "mrr": round(sum(rrs) / n, 4),
            "hit@1": round(sum(1 for x in rrs if x == 1.0) / n, 4),
            "hit@5": round(sum(1 for x in rrs if x >= 0.2) / n, 4)}


def main(argv=None):
    ap = argparse.ArgumentParser()
    ap.add_argument("--cv", type=int, default=0, help="k-fold cross-validation over the bench training queries")
    ap.add_argument("--dry-run", action="store_true")
    ap.add_argument("--with-dispute", action="store_true", help="fit on bench/search_dispute.yaml too")
    ap.add_argument("--with-read", action="store_true", help="fit on terse, newcomer 1-2, cardtext 1-5, othergame and compare too (read once blind)")
    ap.add_argument("--only", help="comma-separated groups and features that may move (with --start served)")
    ap.add_argument("--start", choices=("reference", "served"), default="reference",
                    help="climb from the hand-set reference weights (default) or from weights.json as served")
    ap.add_argument("--no-questions", action="store_true", help="fit on the bench training queries alone")
    ap.add_argument("--with-card", action="store_true",
                    help="also hold out one card-text question per clause (questions/extra) as a training query")
    ap.add_argument("--per-doc", type=int, default=PER_DOC, help="question-file queries per rulebook at most")
    ap.add_argument("--share", type=float, default=None, help="the question-file queries' share of the objective")
    ap.add_argument("--priors-from-bench", action="store_true", help="fit the clause priors on the bench queries alone")
    ap.add_argument("--pull", type=float, default=None, help="pull toward the reference weights (default PULL)")
    ap.add_argument("--hold", type=float, default=None, help="cost per point of a set below its floor (default HOLD)")
    args = ap.parse_args(argv)
    global QUESTION_SHARE, PRIORS_FROM_BENCH, PULL, HOLD, WITH_CARD
    WITH_CARD = WITH_CARD or args.with_card
    if args.hold is not None:
        HOLD = args.hold
    if args.share is not None:
        QUESTION_SHARE = args.share
    if args.pull is not None:
        PULL = args.pull
    PRIORS_FROM_BENCH = PRIORS_FROM_BENCH or args.priors_from_bench
    t0 = time.perf_counter()
    corpus = get_corpus()
    tmp = Path(tempfile.mkdtemp(prefix="rank-fit-"))
    try:
        svc = SearchService(corpus, str(tmp / "index"))
        bench = [Prepared(svc, c, corpus) for c in bench_queries(args.with_dispute, args.with_read)]
        asked: list[Prepared] = []
        if not args.no_questions:
            qdir = tmp / "questions"
            qdir.mkdir()
            held = sorted(split_questions(qdir), key=lambda c: _hash(c["ids"][0] + c["q"]))
            kept, per_doc = [], {}
            for c in held:                       # at most --per-doc of each rulebook, chosen by the hash
                key = (c["doc"], c.get("voice"))      # table talk and card text: PER_DOC each
                if per_doc.get(key, 0) < args.per_doc:
                    per_doc[key] = per_doc.get(key, 0) + 1
                    kept.append(c)
            held = kept
            saved = questions.DIR
            questions.DIR = qdir
            try:
                svc_q = SearchService(corpus, str(tmp / "index-q"))
                asked = [Prepared(svc_q, c, corpus) for c in held]
            finally:
                questions.DIR = saved
        print(f"pull {PULL}, question share {QUESTION_SHARE}, priors from bench {PRIORS_FROM_BENCH}; training: {len(bench)} bench queries, {len(asked)} question-file queries "
              f"({time.perf_counter() - t0:.1f} s to prepare)")
        if args.cv:
            return cross_validate(bench, asked, args.cv)
        params, _best = fit(weigh(bench, asked), start=rank.Weights.load() if args.start == "served" else None,
                            only=frozenset(args.only.split(",")) if args.only else None)
        groups, v = unpack(params)
        ref_groups, ref_v = unpack(params_of(rank.Weights.reference()))
        figures = []
        card_asked = [p for p in asked if p.case.get("voice") == "card"]
        for name, part in (("bench training", bench), ("question files (held out by question)", asked),
                           ("of which card-text questions", card_asked)):
            if part:
                before, after = report(name, part, ref_groups, ref_v), report(name, part, groups, v)
                figures.append({"set": name, "n": after["n"], "before": before, "after": after})
                print(f"{name}: n {after['n']}  MRR {before['mrr']:.3f} → {after['mrr']:.3f}  "
                      f"hit@1 {before['hit@1']:.3f} → {after['hit@1']:.3f}  hit@5 {before['hit@5']:.3f} → {after['hit@5']:.3f}")
        weights = rank.Weights(dict(zip(rank.GROUPS, groups)), dict(zip(rank.FEATURES, v)), fitted={
            "command": "make rank (python bench/rank_fit.py)" if args.start == "reference" and not args.only
                       else "python bench/rank_fit.py " + " ".join(sys.argv[1:] if argv is None else argv),
            "method": "coordinate ascent on weighted MRR, pulled toward the reference weights"
                      + (", climbed from the weights served before" if args.start == "served" else ""),
            "training": {"search_cases.yaml": "dev split", "search_tabletalk.yaml": "part tune",
                         "search_kana.yaml": "part tune",
                         **({"search_dispute.yaml": "all"} if any(p.case["source"] == "dispute" for p in bench) else {}),
                         **{f"search_{n}.yaml": "all" for n in READ_ONCE if any(p.case["source"] == n for p in bench)},
                         "questions/<doc>.yaml": "one question per clause with two or more, held out of the index"
                         if asked else "not used",
                         **({"questions/extra/*.yaml": "card: one question per clause with two, held out of the index"}
                            if any(p.case.get("voice") == "card" for p in asked) else {})},
            "queries": {"bench": len(bench), "questions": len(asked)},
            "question_share": QUESTION_SHARE if asked else 0, "pull": PULL, "hold": HOLD, "per_doc": args.per_doc,
            "pool": POOL,
            "figures": figures})
        print(json.dumps(weights.to_json()["groups"]), json.dumps(weights.to_json()["features"]))
        if not args.dry_run:
            rank.WEIGHTS_FILE.write_text(json.dumps(weights.to_json(), ensure_ascii=False, indent=1) + "\n",
                                         encoding="utf-8")
            print(f"wrote {rank.WEIGHTS_FILE.relative_to(ROOT)}")
        print(f"{time.perf_counter() - t0:.0f} s")
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def cross_validate(bench, asked, k):
    """Fit on k−1 folds of the training queries (bench and question-file queries alike, folds by a hash of
    the query), score the k-th; the bench and the question-file queries are reported apart."""
    ref_groups, ref_v = unpack(params_of(rank.Weights.reference()))
    totals = {"bench": [], "cases": [], "tabletalk": [], "kana": [], "dispute": [], "questions": []}
    for fold in range(k):
        def part(ps, held):
            return [p for p in ps if (_hash(p.case["q"]) % k == fold) == held]
        params, _ = fit(weigh(part(bench, False), part(asked, False)), log=lambda *_: None, full=False)
        groups, v = unpack(params)
        test = part(bench, True)
        for name, ps in (("bench", test), *((s, [p for p in test if p.case["source"] == s]) for s in ("cases", "tabletalk", "kana", "dispute")),
                         ("questions", part(asked, True))):
            if not ps:
                continue
            before, after = report(name, ps, ref_groups, ref_v), report(name, ps, groups, v)
            totals[name].append((before, after))
            print(f"fold {fold + 1}/{k} {name}: n {after['n']}  MRR {before['mrr']:.3f} → {after['mrr']:.3f}  "
                  f"hit@1 {before['hit@1']:.3f} → {after['hit@1']:.3f}  hit@5 {before['hit@5']:.3f} → {after['hit@5']:.3f}",
                  flush=True)
    for name, rows in totals.items():
        if not rows:
            continue
        n = sum(a["n"] for _b, a in rows)
        line = []
        for key in ("mrr", "hit@1", "hit@5"):
            b = sum(x["n"] * x[key] for x, _ in rows) / n
            a = sum(y["n"] * y[key] for _, y in rows) / n
            line.append(f"{key} {b:.4f} → {a:.4f}")
        print(f"cv {name} (n {n}): " + ", ".join(line))


if __name__ == "__main__":
    main()
