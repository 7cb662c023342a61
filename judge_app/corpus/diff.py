"""What changed between two editions of one rulebook, clause by clause.

Pairing, in this order (each clause pairs at most once):
1. same number and same text (title and text, spaces ignored): unchanged;
2. same text under another number: the clause moved (a renumbered section moves whole, its title included);
3. the rest by text similarity (difflib ratio over characters), best pair first: a clause that keeps its number
   needs a ratio of 0.35, one whose parent moved to the other's parent 0.5, any other 0.6, and a short text
   (a title alone) 0.6 everywhere, since short titles look alike by chance;
4. what is left is removed (old side) or added (new side).

Kinds: `unchanged`, `reworded` (same number, other text), `renumbered` (other number; `text_changed` says
whether the text changed too: such a clause is renumbered first, because its id is what citations break on,
and its word diff is shown all the same), `added`, `removed`. A reworded clause whose only change is a reference
number that follows a renumbering (「(10-1-5.参照)」→「(10-1-6.参照)」) is marked `refs_only`.

For a book that prints its change history (opcg), each entry new in the later edition is matched to the change
it describes (修正 → reworded, 追記 → added or reworded, 削除 → removed, 「前 N」 names the old number); changes
no entry announces are listed as `unannounced`.
"""
from __future__ import annotations

import difflib
import functools
import re
import time
from dataclasses import dataclass, field
from pathlib import Path

from judge_app.corpus import current, load_edition, manifest, words
from judge_app.corpus.model import Clause, Corpus, Document

KINDS = ("reworded", "renumbered", "added", "removed")
SAME_NUMBER, SAME_PARENT, ELSEWHERE, SHORT = 0.35, 0.5, 0.6, 0.6
SHORT_TEXT = 12
# what a history entry says it did, and the kinds of change that agree with it
VERBS = {"削除": ("removed", "reworded"), "追記": ("added", "reworded", "renumbered"),
         "追加": ("added", "reworded", "renumbered"), "修正": ("reworded", "renumbered"),
         "変更": ("reworded", "renumbered")}


class UnknownEdition(LookupError):
    def __init__(self, doc: str, version: str, valid: list[str], field: str = "edition"):
        self.doc, self.version, self.valid, self.field = doc, version, valid, field
        known = "、".join(valid) if valid else "なし"
        super().__init__(f"{field}: {doc} に版「{version}」はありません（保存されている版: {known}）")


def _content(c: Clause) -> str:
    return re.sub(r"\s+", "", f"{c.title or ''}\n{c.text}")


def _bigrams(s: str) -> set[str]:
    return {s[i:i + 2] for i in range(len(s) - 1)} or {s}


@dataclass
class Change:
    kind: str
    old: Clause | None
    new: Clause | None
    similarity: float = 1.0
    text_changed: bool = False
    refs_only: bool = False
    words: list[dict] = field(default_factory=list)
    title_words: list[dict] = field(default_factory=list)
    section: dict = field(default_factory=dict)
    history: list[dict] = field(default_factory=list)
    order: float = 0.0

    @property
    def old_number(self) -> str | None:
        return self.old.number if self.old else None

    @property
    def new_number(self) -> str | None:
        return self.new.number if self.new else None

    def to_json(self) -> dict:
        o, n = self.old, self.new
        return {"kind": self.kind, "old": self.old_number, "new": self.new_number,
                "old_id": o.id if o else None, "new_id": n.id if n else None,
                "text_changed": self.text_changed, "refs_only": self.refs_only,
                "similarity": round(self.similarity, 3), "section": dict(self.section),
                "old_title": o.title if o else None, "new_title": n.title if n else None,
                "old_text": o.text if o else None, "new_text": n.text if n else None,
                "words": [dict(w) for w in self.words], "title_words": [dict(w) for w in self.title_words],
                "history": [dict(h) for h in self.history]}


@dataclass
class EditionDiff:
    doc: str
    old_version: str
    new_version: str
    old_date: str | None
    new_date: str | None
    changes: list[Change]
    old_to_new: dict[str, str]          # number -> number for every pair, unchanged ones included
    new_to_old: dict[str, str]
    history: list[dict]                 # printed history entries new in the later edition, each matched
    unchanged: int
    seconds: float = 0.0
    _by_old: dict = field(default_factory=dict, repr=False)
    _by_new: dict = field(default_factory=dict, repr=False)

    def __post_init__(self) -> None:
        self._by_old = {c.old_number: c for c in self.changes if c.old is not None}
        self._by_new = {c.new_number: c for c in self.changes if c.new is not None}

    def counts(self) -> dict[str, int]:
        out = {k: 0 for k in KINDS}
        for c in self.changes:
            out[c.kind] += 1
        out["unchanged"] = self.unchanged
        return out

    def change_for_old(self, number: str) -> Change | None:
        return self._by_old.get(number)

    def change_for_new(self, number: str) -> Change | None:
        return self._by_new.get(number)

    def unannounced(self) -> list[Change]:
        return [c for c in self.changes if not c.history]

    def to_json(self) -> dict:
        return {"doc": self.doc, "from": self.old_version, "to": self.new_version,
                "from_date": self.old_date, "to_date": self.new_date, "counts": self.counts(),
                "changes": [c.to_json() for c in self.changes], "history": [dict(h) for h in self.history],
                "unannounced": [{"kind": c.kind, "old": c.old_number, "new": c.new_number}
                                for c in self.unannounced()] if self.history else [],
                "seconds": round(self.seconds, 4)}


# ---- pairing ------------------------------------------------------------------------------------------
def _pairs(old: Document, new: Document) -> tuple[dict[str, str], dict[str, float]]:
    """old id -> new id, and the similarity of each pair made by likeness."""
    olds, news = list(old.clauses.values()), list(new.clauses.values())
    content = {c.id: _content(c) for c in olds}
    content_new = {c.id: _content(c) for c in news}
    new_by_number = {c.number: c for c in news}
    pairs: dict[str, str] = {}
    taken: set[str] = set()
    sims: dict[str, float] = {}
    for o in olds:                                          # 1. same number, same text
        n = new_by_number.get(o.number)
        if n is not None and content[o.id] == content_new[n.id]:
            pairs[o.id] = n.id
            taken.add(n.id)
    waiting: dict[str, list[str]] = {}
    for n in news:
        if n.id not in taken:
            waiting.setdefault(content_new[n.id], []).append(n.id)
    for o in olds:                                          # 2. same text, another number
        if o.id not in pairs and waiting.get(content[o.id]):
            n_id = waiting[content[o.id]].pop(0)
            pairs[o.id] = n_id
            taken.add(n_id)
    rest_old = [o for o in olds if o.id not in pairs]      # 3. likeness
    rest_new = [n for n in news if n.id not in taken]
    grams = {c.id: _bigrams(content[c.id]) for c in rest_old}
    grams.update({c.id: _bigrams(content_new[c.id]) for c in rest_new})
    candidates = []
    for o in rest_old:
        for n in rest_new:
            same_number = o.number == n.number
            same_parent = o.parent is not None and n.parent is not None and \
                _number(pairs.get(o.parent)) == _number(n.parent)
            a, b = grams[o.id], grams[n.id]
            if not same_number and len(a & b) / len(a | b) < 0.2:
                continue
            ratio = difflib.SequenceMatcher(None, content[o.id], content_new[n.id], autojunk=False).ratio()
            short = min(len(content[o.id]), len(content_new[n.id])) < SHORT_TEXT
            need = SHORT if short else SAME_NUMBER if same_number else SAME_PARENT if same_parent else ELSEWHERE
            if ratio >= need:
                candidates.append((ratio + 0.1 * same_number + 0.1 * same_parent, ratio, o.id, n.id))
    for _, ratio, o_id, n_id in sorted(candidates, key=lambda t: (-t[0], t[2], t[3])):
        if o_id not in pairs and n_id not in taken:
            pairs[o_id] = n_id
            taken.add(n_id)
            sims[o_id] = ratio
    return pairs, sims


def _number(clause_id: str | None) -> str | None:
    return clause_id.split(":", 1)[1] if clause_id else None


def _refs_only(o: Clause, n: Clause, old_to_new: dict[str, str]) -> bool:
    """True when mapping each reference in the old text through the renumbering gives the new text."""
    if (o.title or "") != (n.title or "") or not o.refs:
        return False
    text, shift = o.text, 0
    for r in o.refs:
        if not r.targets or not r.number or r.number not in r.raw:
            continue
        moved = old_to_new.get(_number(r.targets[0]))
        if moved is None or moved == r.number:
            continue
        raw = r.raw.replace(r.number, moved, 1)
        text = text[:r.start + shift] + raw + text[r.end + shift:]
        shift += len(raw) - len(r.raw)
    return re.sub(r"\s+", "", text) == re.sub(r"\s+", "", n.text) and text != o.text


def _section(corpus: Corpus, c: Clause) -> dict:
    chain = corpus.ancestors(c) + [c]
    s = chain[1] if len(chain) > 1 else chain[0]
    return {"number": s.number, "title": s.title, "id": s.id, "chapter": chain[0].number,
            "chapter_title": chain[0].title}


def diff_documents(old_corpus: Corpus, new_corpus: Corpus, doc: str) -> tuple[list[Change], dict, dict, int]:
    old, new = old_corpus.docs[doc], new_corpus.docs[doc]
    pairs, sims = _pairs(old, new)
    old_to_new = {_number(o): _number(n) for o, n in pairs.items()}
    new_to_old = {v: k for k, v in old_to_new.items()}
    position = {cid: i for i, cid in enumerate(new.clauses)}
    changes: list[Change] = []
    unchanged = 0
    last_new_pos = -1.0
    for o in old.clauses.values():
        n_id = pairs.get(o.id)
        if n_id is None:
            changes.append(Change("removed", o, None, 0.0, order=last_new_pos + 0.5,
                                  section=_section(old_corpus, o)))
            continue
        n = new.clauses[n_id]
        last_new_pos = position[n_id]
        same_text = _content(o) == _content(n)
        if o.number == n.number and same_text:
            unchanged += 1
            continue
        kind = "reworded" if o.number == n.number else "renumbered"
        ch = Change(kind, o, n, sims.get(o.id, 1.0), text_changed=not same_text, order=position[n_id],
                    section=_section(new_corpus, n))
        if not same_text:
            ch.refs_only = _refs_only(o, n, old_to_new)
            ch.words = words.diff(o.text, n.text)
            if (o.title or "") != (n.title or ""):
                ch.title_words = words.diff(o.title or "", n.title or "")
        changes.append(ch)
    for n_id, n in new.clauses.items():
        if n.number not in new_to_old:
            changes.append(Change("added", None, n, 0.0, order=position[n_id], section=_section(new_corpus, n)))
    changes.sort(key=lambda c: c.order)
    return changes, old_to_new, new_to_old, unchanged


def match_history(old: Document, new: Document, changes: list[Change]) -> list[dict]:
    """Each history entry printed in `new` but not in `old`, with the change it describes (or none found)."""
    seen = {(e["date"], e["text"]) for e in old.history_entries}
    by_old = {c.old_number: c for c in changes if c.old is not None}
    by_new = {c.new_number: c for c in changes if c.new is not None}
    out = []
    for e in new.history_entries:
        if (e["date"], e["text"]) in seen or not e["number"]:
            continue
        verb = next((v for v in VERBS if v in e["text"]), None)
        agree = VERBS.get(verb, KINDS)
        order = (by_old, by_new) if verb == "削除" or e["former"] else (by_new, by_old)
        found = [m[e["number"]] for m in order if e["number"] in m]
        change = next((c for c in found if c.kind in agree), found[0] if found else None)
        entry = {"date": e["date"], "text": e["text"], "number": e["number"], "verb": verb,
                 "change": {"kind": change.kind, "old": change.old_number, "new": change.new_number}
                 if change else None,
                 "agrees": bool(change and change.kind in agree)}
        if change is not None:
            change.history.append({k: entry[k] for k in ("date", "text", "verb", "agrees")})
        out.append(entry)
    return out


# ---- editions of the corpus directory -----------------------------------------------------------------
def editions(doc: str, directory: Path | str | None = None) -> list[dict]:
    """Every edition of `doc` kept, in import order: `[{version, date, file, source, current}]`."""
    where = current() if directory is None else (str(directory), manifest.stamp(directory))
    return [dict(e) for e in _editions(*where, doc)]


@functools.lru_cache(maxsize=64)
def _editions(directory: str, stamp: tuple[int, int], doc: str) -> tuple[dict, ...]:
    meta = next((m for m in manifest.read(directory)["documents"] if m["key"] == doc), None)
    if meta is None:
        return ()
    return tuple(dict(e, current=e["version"] == meta["current"]) for e in meta["editions"])


def renumber(doc: str, from_version: str | None, to_version: str | None,
             directory: Path | str | None = None) -> dict[str, str] | None:
    """{number in `from_version`: number in `to_version`} for every clause found in both; None when the two are
    the same edition (nothing to renumber) or one is not kept."""
    if not from_version or not to_version or from_version == to_version:
        return None
    try:
        return edition_diff(doc, from_version, to_version, directory).old_to_new
    except UnknownEdition:
        return None


def edition_diff(doc: str, old_version: str, new_version: str,
                 directory: Path | str | None = None) -> EditionDiff:
    where = current() if directory is None else (str(directory), manifest.stamp(directory))
    return _cached(*where, doc, old_version, new_version)


@functools.lru_cache(maxsize=32)
def _cached(directory: str, stamp: tuple[int, int], doc: str, old_version: str, new_version: str) -> EditionDiff:
    kept = editions(doc, directory)
    valid = [e["version"] for e in kept]
    for name, v in (("from", old_version), ("to", new_version)):
        if v not in valid:
            raise UnknownEdition(doc, v, valid, name)
    t0 = time.perf_counter()
    old_corpus, new_corpus = load_edition(doc, old_version, directory), load_edition(doc, new_version, directory)
    changes, o2n, n2o, unchanged = diff_documents(old_corpus, new_corpus, doc)
    history = match_history(old_corpus.docs[doc], new_corpus.docs[doc], changes)
    dates = {e["version"]: e.get("date") for e in kept}
    return EditionDiff(doc, old_version, new_version, dates[old_version] or old_corpus.docs[doc].date,
                       dates[new_version] or new_corpus.docs[doc].date, changes, o2n, n2o, history, unchanged,
                       time.perf_counter() - t0)


def lineage(doc: str, number: str, version: str | None = None,
            directory: Path | str | None = None) -> list[dict]:
    """The clause `number` of edition `version` (default: current) through every edition kept, oldest first:
    `[{version, date, current, number, kind}]`, where `number` is its number in that edition (None where it does
    not exist) and `kind` how it changed from the edition before (None when unchanged or for the first)."""
    kept = editions(doc, directory)
    names = [e["version"] for e in kept]
    if not names:
        return []
    here = names.index(version) if version in names else next(i for i, e in enumerate(kept) if e["current"])
    numbers: dict[int, str | None] = {here: number}
    kinds: dict[int, str | None] = {}
    for i in range(here, 0, -1):                 # backwards: where was it in the edition before?
        n = numbers[i]
        if n is None:
            numbers[i - 1] = None
            continue
        d = edition_diff(doc, names[i - 1], names[i], directory)
        ch = d.change_for_new(n)
        numbers[i - 1] = d.new_to_old.get(n)
        kinds[i] = ch.kind if ch else None
    for i in range(here, len(names) - 1):        # forwards: where did it go?
        n = numbers[i]
        d = edition_diff(doc, names[i], names[i + 1], directory)
        if n is None:
            numbers[i + 1] = None
            continue
        ch = d.change_for_old(n)
        numbers[i + 1] = d.old_to_new.get(n)
        kinds[i + 1] = ch.kind if ch else None
    return [{"version": e["version"], "date": e.get("date"), "current": e["current"], "number": numbers.get(i),
             "kind": kinds.get(i)} for i, e in enumerate(kept)]
