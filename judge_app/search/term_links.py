"""Defined terms inside clause text, as link spans for judge_app.web.clause_text.render_clause_text.

Each term a document's glossary defines is linked, at its first occurrence in a clause, to the
clause that defines it (not in the defining clause itself). Longer terms win over the shorter ones
they contain (「非公開領域」 over 「領域」); one-character terms are not linked (too many false hits).
"""
from __future__ import annotations

import threading

from judge_app.search import glossary as glossary_mod
from judge_app.search.normalize import fold_with_map, original_span


_built: dict = {"corpus": None, "terms": None}
_built_lock = threading.Lock()


def _by_doc(corpus):
    """Terms by document, built once per corpus (held here, so an id is never reused for another one)."""
    with _built_lock:
        if _built["corpus"] is not corpus:
            out = {}
            for doc, terms in glossary_mod.of(corpus).items():
                keyed = [(k, t) for t in terms for k in glossary_mod.term_aliases(t.term) if len(k) >= 2]
                out[doc] = sorted(keyed, key=lambda kt: -len(kt[0]))
            _built.update(corpus=corpus, terms=out)
        return _built["terms"]


def term_spans(clause, url_for_clause) -> list[tuple[int, int, str, str, str]]:
    """(start, end, href, title, "term") over clause.text for the defined terms it uses."""
    from judge_app.corpus import get_corpus

    text = clause.text or ""
    if not text:
        return []
    folded, where = fold_with_map(text)
    taken: list[tuple[int, int]] = []
    spans = []
    seen_ids = set()
    for key, term in _by_doc(get_corpus()).get(clause.doc, []):
        if term.id == clause.id or term.id in seen_ids:
            continue
        i = folded.find(key)
        while i >= 0:
            a, b = original_span(text, where, i, len(key))
            if all(b <= x or a >= y for x, y in taken):
                taken.append((a, b))
                seen_ids.add(term.id)
                spans.append((a, b, url_for_clause(term.id), f"用語「{term.term}」の定義: {term.id}", "term"))
                break
            i = folded.find(key, i + 1)
    return sorted(spans)
