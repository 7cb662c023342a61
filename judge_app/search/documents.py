"""What goes into the index for each clause: one entry per clause, plus, for a document with a base
(`kaiun-multi`), one entry per inherited base clause under the inheriting document's scope."""
from __future__ import annotations

from dataclasses import dataclass, field

from judge_app.search import questions
from judge_app.search.analysis import bracketed
from judge_app.search.glossary import template_key, term_key


@dataclass
class IndexEntry:
    key: str                 # unique: the clause id, or "<scope>><clause id>" for an inherited copy
    scope: str               # the document filter this entry answers to
    title: str
    crumbs: str              # titles of the ancestors, nearest last
    body: str
    context: str = ""        # an untitled parent's text: the lead-in of a list item
    keys: list[str] = field(default_factory=list)    # keyword units: bracketed keywords and the title
    terms: list[str] = field(default_factory=list)   # glossary terms this clause defines
    info: dict = field(default_factory=dict)         # stored: id, doc, number, inherited, via
    questions: list[str] = field(default_factory=list)  # table-talk questions the clause answers
    argued: list[str] = field(default_factory=list)     # players' claims the clause settles (questions.py)
    card: list[str] = field(default_factory=list)       # card-text questions it answers (questions.py `card`)
    told: list[str] = field(default_factory=list)       # beginners' questions it answers (questions.py `told`)


def ancestors(corpus, clause) -> list:
    out = []
    seen = set()
    pid = getattr(clause, "parent", None)
    while pid and pid not in seen:
        seen.add(pid)
        p = corpus.clause(pid)
        if p is None:
            break
        out.append(p)
        pid = getattr(p, "parent", None)
    return list(reversed(out))


def breadcrumb(corpus, clause) -> list[dict]:
    """[{id, number, title}] from the top-level section down to the clause itself."""
    return [{"id": c.id, "number": c.number, "title": c.title or ""} for c in ancestors(corpus, clause) + [clause]]


def _entry(corpus, clause, defined: dict[str, list[str]], scope: str, via: str | None,
           asked: dict[str, list[str]] | None = None) -> IndexEntry:
    title = clause.title or ""
    text = clause.text or ""
    ups = ancestors(corpus, clause)
    crumbs = " ".join(a.title for a in ups if a.title)
    # An item of a list (thv 1.2.5.a 「過不足無く10枚…」) is read with its lead-in sentence
    # (1.2.5 「サイドボードは以下の要件に従って構築する。」): an untitled parent's text is context.
    context = ups[-1].text if ups and not ups[-1].title and ups[-1].text else ""
    keys = [term_key(k) for k in ([title] if title else []) + bracketed(title) + bracketed(text)]
    keys += [t for t in map(template_key, keys) if t]       # 【ドン!!×○】 is found by a card's 【ドン!!×2】
    keys = [k for k in dict.fromkeys(keys) if k]
    return IndexEntry(
        key=clause.id if via is None else f"{scope}>{clause.id}",
        scope=scope,
        title=title,
        crumbs=crumbs,
        body=text,
        context=context or "",
        keys=keys,
        terms=defined.get(clause.id, []),
        questions=list((asked or {}).get(clause.id, [])),
        info={"id": clause.id, "doc": clause.doc, "number": clause.number,
              "inherited": via is not None, "via": via, "heading": not text.strip()},
    )


def subtree(corpus, clause_id: str) -> list:
    """The clause and all its descendants, in document order."""
    root = corpus.clause(clause_id)
    if root is None:
        return []
    out, stack = [], [root]
    while stack:
        c = stack.pop()
        out.append(c)
        kids = [corpus.clause(k) for k in (getattr(c, "children", None) or [])]
        stack.extend(reversed([k for k in kids if k is not None]))
    return out


def inherited_clauses(corpus, doc) -> list[tuple[object, str]]:
    """(base clause, inheriting clause id) for every base clause a document takes over by reference."""
    out, seen = [], set()
    for clause in doc.clauses.values():
        src = getattr(clause, "inherits_from", None)
        if not src:
            continue
        for c in subtree(corpus, src):
            if c.id not in seen and c.doc != doc.key:
                seen.add(c.id)
                out.append((c, clause.id))
    return out


def entries(corpus, glossary: dict, with_questions: bool = True) -> list[IndexEntry]:
    """Every entry of the index. Without questions for the cache key (the question files' digest stands
    in for them, index.content_hash): a start-up with a cached index never parses them."""
    defined: dict[str, list[str]] = {}
    for terms in glossary.values():
        for t in terms:
            if not t.inherited:
                defined.setdefault(t.id, [])
                if t.key not in defined[t.id]:
                    defined[t.id].append(t.key)
    asked = questions.load() if with_questions else {}
    out = []
    for key, doc in corpus.docs.items():
        for clause in doc.clauses.values():
            if getattr(clause, "placeholder", False):
                continue                  # 「省略」: never an answer (a number lookup still finds it)
            out.append(_entry(corpus, clause, defined, key, None, asked))
        for base_clause, via in inherited_clauses(corpus, doc):
            if getattr(base_clause, "placeholder", False):
                continue
            out.append(_entry(corpus, base_clause, defined, key, via, asked))
    return out
