"""The offline copy's search data: a compact index the browser searches with no server (static/offline-search.js).

Built from the same index entries as the server's index (documents.entries: titles, breadcrumbs, bodies,
keyword units, defined terms, the question files: table talk and the beginners' `told` in one field, arguing
claims and card-text questions in fields of their own), tokenized by the server's own analyser for bigrams
(analysis.bigrams_of_folded: folded bigrams and quantity tokens), so the browser only has to fold and cut the
query the same way. Per field: token -> flat postings [entry, tf, entry, tf, ...] and each entry's length; the
browser weighs them with BM25 per field at query time, within the document selected. Also shipped: the clause
numbers (the browser parses 「７－１－４」 as numbers.py does), the glossary's term keys, the table-talk synonyms
and the kana readings, so a plain-Japanese question, a table-talk word or a kana-typed word meet the rulebook.

Written by `judge-app offline build` (cli/offline.py) into static/offline/search.json.
"""
from __future__ import annotations

import hashlib
import json
from collections import Counter

from judge_app.search import glossary as glossary_mod, questions, synonyms
from judge_app.search.analysis import bigrams_of_folded
from judge_app.search.documents import breadcrumb, entries
from judge_app.search.normalize import fold

# field name -> the entry's text it holds
FIELDS = {
    "t": lambda e: " ".join([e.title, *e.keys, *e.terms]),
    "c": lambda e: e.crumbs,
    "b": lambda e: e.body + " " + e.context,
    "q": lambda e: " ".join(e.questions),
    "a": lambda e: " ".join(e.argued),
    "k": lambda e: " ".join(e.card),      # read only for a query quoting a card (offline-search.js quotesCard)
}
SNIPPET = 80          # characters of a clause's text shown under an offline result


def _tokens(text: str) -> Counter:
    return Counter(bigrams_of_folded(fold(text)))


def build(service) -> dict:
    """The offline search data of a SearchService's corpus (JSON-ready), with its glossary and kana readings."""
    corpus, gloss, kana = service.corpus, service.glossary, service.kana
    items = entries(corpus, gloss, with_questions=True)
    argued, card, told = questions.load("argued"), questions.load("card"), questions.load("told")
    for e in items:
        cid = e.info["id"]
        e.questions = e.questions + told.get(cid, [])        # the beginners' questions join the table talk's
        e.argued = argued.get(cid, []) if not e.info["inherited"] else []
        e.card = card.get(cid, []) if not e.info["inherited"] else []
    postings: dict[str, dict[str, list[int]]] = {f: {} for f in FIELDS}
    lengths: dict[str, list[int]] = {f: [] for f in FIELDS}
    rows = []
    for i, e in enumerate(items):
        c = corpus.clause(e.info["id"])
        crumbs = " › ".join(b["title"] or b["number"] for b in breadcrumb(corpus, c)) if c else ""
        rows.append([e.info["id"], e.scope, e.info["via"] or "", c.title or "" if c else "", crumbs,
                     (c.text or "")[:SNIPPET] if c else ""])
        for f, text_of in FIELDS.items():
            tf = _tokens(text_of(e))
            lengths[f].append(sum(tf.values()))
            for tok, n in tf.items():
                postings[f].setdefault(tok, []).extend((i, n))
    terms: dict[str, dict[str, list[str]]] = {}
    for doc, ts in gloss.items():
        for t in ts:
            for key in glossary_mod.term_aliases(t.term):
                terms.setdefault(doc, {}).setdefault(key, [])
                if t.id not in terms[doc][key]:
                    terms[doc][key].append(t.id)
    data = {
        "docs": [{"key": d.key, "name": d.title, "edition": d.edition, "numbering": service.numbering[d.key],
                  "base": getattr(d, "base", None) or ""} for d in corpus.docs.values()],
        "numbers": {d.key: sorted(d.clauses) for d in corpus.docs.values()},
        "entries": rows,
        "lengths": lengths,
        "postings": postings,
        "terms": terms,
        "synonyms": [[s.doc, [fold(t) for t in s.talk], s.term, s.clause] for s in synonyms.load()],
        "kana": kana.to_json() if kana else {"words": {}, "suru": []},
    }
    data["version"] = hashlib.sha256(json.dumps(data, ensure_ascii=False, sort_keys=True).encode()).hexdigest()[:16]
    return data
