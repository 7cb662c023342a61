"""Corpus, Document and Clause: the tree every other layer reads."""
from __future__ import annotations

import difflib
from dataclasses import dataclass, field

from judge_app.corpus import numbers


@dataclass
class Ref:
    """One cross-reference found in a clause's text: the span [start, end) of `text` and where it points."""
    start: int
    end: int
    raw: str
    number: str | None          # canonical number as read, None when unreadable
    targets: list[str]          # resolved clause ids (several for a range)
    reason: str | None = None   # why it did not resolve (None when resolved)

    def to_json(self) -> dict:
        return {"start": self.start, "end": self.end, "text": self.raw, "number": self.number,
                "targets": list(self.targets), "unresolved": self.reason}


@dataclass
class Clause:
    id: str
    doc: str
    number: str
    kind: str                              # "heading" | "clause" | "step"
    title: str | None = None
    text: str = ""
    parent: str | None = None
    children: list[str] = field(default_factory=list)
    refs_out: list[str] = field(default_factory=list)
    refs_in: list[str] = field(default_factory=list)
    history: list[dict] = field(default_factory=list)
    inherits_from: str | None = None
    inherited_by: list[str] = field(default_factory=list)
    placeholder: bool = False
    source_lines: tuple[int, int] = (0, 0)
    refs: list[Ref] = field(default_factory=list)   # spans in `text`, for rendering links
    printed: str = ""                                # the number as printed (differs from `number` for duplicates)

    def __post_init__(self) -> None:
        self.printed = self.printed or self.number

    @property
    def label(self) -> str:
        """Number and title the way a heading prints it."""
        return f"{self.printed} {self.title}" if self.title else self.printed

    @property
    def marker(self) -> str:
        """What the book prints in front of the item: `V.`, `A.`, `1.` for steps, the number otherwise."""
        if self.kind != "step":
            return self.printed
        last = self.number.rsplit(".", 1)[-1]
        return (last[1:] if last.startswith("s") else last) + "."

    def to_json(self) -> dict:
        return {
            "id": self.id, "doc": self.doc, "number": self.number, "printed": self.printed, "kind": self.kind,
            "title": self.title,
            "text": self.text, "parent": self.parent, "children": list(self.children),
            "refs_out": list(self.refs_out), "refs_in": list(self.refs_in),
            "history": [dict(h) for h in self.history], "inherits_from": self.inherits_from,
            "inherited_by": list(self.inherited_by), "placeholder": self.placeholder,
            "source_lines": list(self.source_lines), "refs": [r.to_json() for r in self.refs],
        }


@dataclass
class TocEntry:
    line: int
    number: str | None
    title: str


@dataclass
class Document:
    key: str
    title: str
    version: str | None
    date: str | None
    numbering: str
    base: str | None
    file: str
    clauses: dict[str, Clause] = field(default_factory=dict)   # document order
    roots: list[str] = field(default_factory=list)
    toc: list[TocEntry] = field(default_factory=list)
    history_notes: list[dict] = field(default_factory=list)    # history lines naming no clause
    date_source: str | None = None                             # "manifest" | "更新履歴"
    lint: dict = field(default_factory=dict)
    edition: str | None = None                                 # the edition this text is (manifest `current`)
    editions: list[dict] = field(default_factory=list)         # every edition kept: {version, date, current}
    history_entries: list[dict] = field(default_factory=list)  # every printed history entry, in printed order

    def clause_by_number(self, number: str) -> Clause | None:
        return self.clauses.get(f"{self.key}:{number}")

    def canonical(self, typed: str) -> str | None:
        return numbers.canonical(self.numbering, typed)

    def find(self, typed: str) -> Clause | None:
        number = self.canonical(typed)
        return self.clause_by_number(number) if number else None

    @property
    def numbered_count(self) -> int:
        return sum(1 for c in self.clauses.values() if c.kind != "step")

    @property
    def step_count(self) -> int:
        return sum(1 for c in self.clauses.values() if c.kind == "step")

    def closest(self, typed: str, limit: int = 5) -> list[str]:
        """Existing numbers closest to what was typed: the nearest printed ancestor first, then look-alikes."""
        number = self.canonical(typed) or numbers.fold(typed).strip()
        out: list[str] = []
        for m in self.lint.get("toc_mismatches", []):
            # the TOC prints this number for a section the body numbers differently (los 8.12.1 -> 8.13.1)
            if m["toc_number"] == number and m["body_number"]:
                out.append(m["body_number"])
        probe = number
        sep = "-" if self.numbering == numbers.HYPHEN else "."
        while probe:
            c = self.clause_by_number(probe)
            if c is not None and c.number != number:
                if c.number not in out:
                    out.append(c.number)
                break
            probe = probe.rsplit(sep, 1)[0] if sep in probe else ""
        pool = [c.number for c in self.clauses.values()]
        for n in difflib.get_close_matches(number, pool, n=limit * 2, cutoff=0.5):
            if n not in out:
                out.append(n)
        return out[:limit]

    def summary_json(self) -> dict:
        return {"key": self.key, "title": self.title, "version": self.version, "date": self.date,
                "base": self.base, "clauses": self.numbered_count, "steps": self.step_count,
                "editions": [dict(e) for e in self.editions]}


@dataclass
class Corpus:
    docs: dict[str, Document]
    # cache.digest() of the files and parser it came from (set by cache.load_or_parse; None when built in memory)
    digest: str | None = None

    def clause(self, clause_id: str) -> Clause | None:
        doc, _, number = clause_id.partition(":")
        d = self.docs.get(doc)
        return d.clauses.get(clause_id) if d else None

    def find(self, doc: str, typed: str) -> Clause | None:
        """The clause of `doc` with number `typed` (any typed form), or None. Strict: no base-document fallback."""
        d = self.docs.get(doc)
        return d.find(typed) if d else None

    def resolve(self, doc: str, typed: str) -> Clause | None:
        """Like find, but a kaiun-multi number only the base document prints resolves to the base clause."""
        hit = self.find(doc, typed)
        if hit is None and doc in self.docs and self.docs[doc].base:
            hit = self.find(self.docs[doc].base, typed)
        return hit

    def ancestors(self, clause: Clause) -> list[Clause]:
        out = []
        pid = clause.parent
        while pid:
            p = self.clause(pid)
            if p is None:
                break
            out.append(p)
            pid = p.parent
        return list(reversed(out))
