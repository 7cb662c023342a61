"""Parse results -> Documents with ids, the clause tree, references, inheritance and change history."""
from __future__ import annotations

import re
from collections import defaultdict

from judge_app.corpus import numbers, refs as refs_mod
from judge_app.corpus.model import Clause, Corpus, Document, Ref
from judge_app.corpus.parse import INHERIT_TEXT, ParseResult, parse

PLACEHOLDER = re.compile(r"^省略。?$")


def build_document(meta: dict, text: str) -> tuple[Document, ParseResult]:
    key, scheme = meta["key"], meta["numbering"]
    res = parse(key, scheme, text)
    doc = Document(key=key, title=meta["title"], version=meta.get("version"), date=meta.get("date"),
                   numbering=scheme, base=meta.get("base"), file=meta["file"], toc=res.toc)
    doc.date_source = "manifest" if doc.date else None
    seen: dict[str, int] = defaultdict(int)
    duplicates = []
    made: list[tuple[Clause, object]] = []
    for d in res.drafts:
        seen[d.number] += 1
        number = d.number if seen[d.number] == 1 else f"{d.number}.dup{seen[d.number]}"
        if seen[d.number] > 1:
            duplicates.append({"number": d.number, "id": f"{key}:{number}", "line": d.first})
        body = "\n".join(d.paras)
        c = Clause(id=f"{key}:{number}", doc=key, number=number, kind=d.kind, title=d.title, text=body,
                   placeholder=bool(PLACEHOLDER.match(body.strip())), source_lines=(d.first, d.last))
        c.printed = d.number
        made.append((c, d))
    by_id = {c.id: c for c, _ in made}
    missing_parents = []
    for c, d in made:
        pnum = d.parent_hint if d.kind == "step" else numbers.parent_number(scheme, d.number)
        while pnum and f"{key}:{pnum}" not in by_id:
            missing_parents.append(pnum)
            pnum = numbers.parent_number(scheme, pnum)
        c.parent = f"{key}:{pnum}" if pnum else None
    children: dict[str | None, list[Clause]] = defaultdict(list)
    for c, _ in made:
        children[c.parent].append(c)
    for kids in children.values():
        kids.sort(key=lambda k: numbers.sort_key(k.number))
    ordered: list[Clause] = []

    def walk(pid: str | None) -> None:
        for k in children.get(pid, []):
            ordered.append(k)
            walk(k.id)
    walk(None)
    for c in ordered:
        c.children = [k.id for k in children.get(c.id, [])]
    doc.roots = [k.id for k in children.get(None, [])]
    doc.clauses = {c.id: c for c in ordered}
    doc.lint = {"duplicates": duplicates, "missing_parents": sorted(set(missing_parents), key=numbers.sort_key),
                "split_lines": res.split_lines}
    return doc, res


def attach_history(doc: Document, res: ParseResult) -> None:
    unmatched = []
    attached = 0
    for e in res.history:
        doc.history_entries.append({"line": e.line, "date": e.date, "text": e.text, "former": e.former,
                                    "number": (numbers.canonical(doc.numbering, e.number) or e.number)
                                    if e.number else None})
        if e.number is None:
            doc.history_notes.append({"date": e.date, "text": e.text, "line": e.line})
            continue
        number = numbers.canonical(doc.numbering, e.number) or e.number
        c = doc.clause_by_number(number)
        if c is None:
            unmatched.append({"line": e.line, "date": e.date, "number": number, "text": e.text})
            continue
        c.history.append({"date": e.date, "text": e.text})
        attached += 1
    for c in doc.clauses.values():
        c.history.sort(key=lambda h: h["date"] or "")
    if not doc.date and res.history:
        dates = [e.date for e in res.history if e.date]
        if dates:
            doc.date, doc.date_source = max(dates), "更新履歴"
    doc.lint["history"] = {"entries": len(res.history), "attached": attached, "notes": len(doc.history_notes),
                           "unmatched": unmatched}


def _resolve(corpus: Corpus, doc: Document, number: str) -> tuple[str | None, str | None]:
    c = doc.clause_by_number(number)
    if c is not None:
        return c.id, None
    if doc.base and doc.base in corpus.docs:
        b = corpus.docs[doc.base].clause_by_number(number)
        if b is not None:
            return b.id, None
    return None, "本文にない番号"


def link_references(corpus: Corpus) -> None:
    for doc in corpus.docs.values():
        steps_of = {c.parent.split(":", 1)[1] for c in doc.clauses.values()
                    if c.kind == "step" and c.parent and re.search(r"\.(?:VI|IV|V|III|II|I)$", c.number)}
        unresolved = []
        for c in doc.clauses.values():
            found = refs_mod.find(doc.numbering, c.text, c.number, steps_of)
            spans: list[Ref] = []
            for f in found:
                target, reason = _resolve(corpus, doc, f.number)
                spans.append(Ref(f.start, f.end, f.raw, f.number, [target] if target else [], reason))
                if reason:
                    unresolved.append({"clause": c.id, "text": f.raw, "number": f.number, "reason": reason})
            for i, f in enumerate(found):
                if f.range_with_next and spans[i].targets and spans[i + 1].targets:
                    spans[i].targets = _range(corpus, spans[i].targets[0], spans[i + 1].targets[0])
            c.refs = spans
            out: list[str] = []
            for r in spans:
                for t in r.targets:
                    if t != c.id and t not in out:
                        out.append(t)
            c.refs_out = out
        doc.lint["unresolved"] = unresolved
        doc.lint["title_mismatches"] = _title_mismatches(corpus, doc)
    for doc in corpus.docs.values():
        for c in doc.clauses.values():
            for t in c.refs_out:
                target = corpus.clause(t)
                if target is not None and c.id not in target.refs_in:
                    target.refs_in.append(c.id)


_QUOTED_TITLE = re.compile(r"^\s*([^\s」)）「(（][^」)）「(（]{0,29}?)\s*(?:参照|」)")


def _title_mismatches(corpus: Corpus, doc: Document) -> list[dict]:
    """A quoted reference that prints a title (「(7.カードの攻撃とバトル参照)」) naming a clause titled otherwise."""
    from judge_app.corpus.toc import title_ratio
    out = []
    for c in doc.clauses.values():
        for r in c.refs:
            before = c.text[:r.start].rstrip()
            if not r.targets or not before.endswith(("「", "(", "（")):
                continue
            m = _QUOTED_TITLE.match(c.text[r.end:])
            target = corpus.clause(r.targets[0])
            if not m or target is None or not target.title:
                continue
            if title_ratio(m.group(1), target.title) < 0.9:
                out.append({"clause": c.id, "ref": r.raw, "printed_title": m.group(1), "target": target.id,
                            "target_title": target.title})
    return out


def _range(corpus: Corpus, first: str, last: str) -> list[str]:
    """Every clause from `first` to `last` when they are siblings (「6.2.4.bから6.2.4.fまで」)."""
    a, b = corpus.clause(first), corpus.clause(last)
    if a is None or b is None or a.parent != b.parent or a.doc != b.doc:
        return [first, last]
    doc = corpus.docs[a.doc]
    siblings = doc.clauses[a.parent].children if a.parent else doc.roots
    i, j = siblings.index(first), siblings.index(last)
    return siblings[i:j + 1] if i <= j else [first, last]


def link_inheritance(corpus: Corpus) -> None:
    for doc in corpus.docs.values():
        missing = []
        inherited = 0
        if not doc.base or doc.base not in corpus.docs:
            doc.lint["inheritance"] = {"sections": 0, "missing": []}
            continue
        base = corpus.docs[doc.base]
        for c in doc.clauses.values():
            if not INHERIT_TEXT.match(c.text.strip()):
                continue
            b = base.clause_by_number(c.number)
            if b is None:
                missing.append(c.id)
                continue
            c.inherits_from = b.id
            b.inherited_by.append(c.id)
            inherited += 1
        doc.lint["inheritance"] = {"sections": inherited, "missing": missing}
