"""Questions each clause answers: document expansion written by hand, in table talk.

One reviewed YAML file per rulebook in judge_app/search/questions/<doc>.yaml:

    doc: opcg
    questions:
      "opcg:7-1-4-1":                      # the clause that answers them
        - パワー同じだったら攻撃側の勝ち？  # what a player or judge would ask
    skip:
      "opcg:6-5-6-2": only points to chapter 7   # a rule-stating clause left without questions, and why
    argued:
      "opcg:7-1-4-1":                      # a player's claim this clause settles, often a wrong reading
        - 同じパワーなら守ってる側が勝つでしょ？

The questions are indexed as fields of their own (index.py: `qbi` bigrams, `qw` words), so a question
worded like the player's finds the clause even when it shares no word with the rulebook. The `argued`
questions (one per clause, in a player's arguing voice, added 2026-11-28) have a field of their own (`abi`),
read only by a query that puts a player's claim to the judge: searched by every query, they lowered the other
styles (README, issue 29). `check()`
says what is wrong with a file: unknown or placeholder ids, and rule-stating clauses (kind `clause`,
with text, not 「省略」) that have fewer than two questions and no reason to skip.

Two more voices (issue 42, fifth round) come in files of their own, judge_app/search/questions/extra/<writer>.yaml,
one `doc:` per file (several files may hold the same doc: they merge), written from the rulebooks alone:

    doc: opcg
    card:                                  # a judge quoting an invented card, asking about this clause's rule
      "opcg:8-3-1-3":
        - 「このキャラをレストにする：カード1枚を引く。」、もうレストしてても使える？
    told:                                  # a first-time player telling a friend, vaguely, in no rulebook term
      "opcg:7-1-1-1":
        - 相手が出したばっかりのキャラでそのまま殴ってきた。ズルじゃない？

`card` questions have a field of their own (`cbi`), read only by a query that quotes or paraphrases a card
(card_wording.quotes_card), as `argued` is read only by a claim; `told` questions join the table-talk
questions' fields (`qbi`, `qw`) as a second part (index.TOLD_WEIGHT; fields of their own did worse).
`load(part)` reads every file, the extra ones too; `files_digest()` hashes them all (a changed file gives a new
index); `check_extra()` says what is wrong with one extra file.
"""
from __future__ import annotations

import functools
import hashlib
from pathlib import Path

import yaml

DIR = Path(__file__).with_name("questions")
EXTRA = "extra"           # DIR/extra/<writer>.yaml: the card-text and beginner voices, one doc per file
PARTS = ("questions", "argued", "card", "told")
MIN_QUESTIONS = 2
_LOADER = getattr(yaml, "CSafeLoader", yaml.SafeLoader)   # libyaml when there: 10× faster on ~4,000 questions


def path_of(doc: str) -> Path:
    return DIR / f"{doc}.yaml"


@functools.lru_cache(maxsize=None)
def _read(path: str, mtime: float) -> dict:
    data = yaml.load(Path(path).read_text(encoding="utf-8"), Loader=_LOADER) or {}
    skip = {str(k): str(v or "").strip() for k, v in (data.get("skip") or {}).items()}
    return {"doc": data.get("doc") or Path(path).stem, "skip": skip, **{part: _lists(data, part) for part in PARTS}}


def _lists(data: dict, part: str) -> dict[str, list[str]]:
    """{clause id: [question]} of one part of a file, blank questions left out."""
    return {str(k): [str(q).strip() for q in ([v] if isinstance(v, str) else v or []) if str(q).strip()]
            for k, v in (data.get(part) or {}).items()}


def extra_paths() -> list[Path]:
    """The extra question files (DIR/extra/*.yaml), in name order."""
    return sorted((DIR / EXTRA).glob("*.yaml"))


def read_file(path: Path) -> dict:
    """{doc, skip, questions, argued, card, told} of one file (each part {clause id: [question]})."""
    return _read(str(path), path.stat().st_mtime)


def load_doc(doc: str) -> dict:
    """{doc, questions: {clause id: [question]}, skip: {clause id: reason}, argued: {clause id: [claim]}, card,
    told} of the doc's own file; empty when the file is missing."""
    p = path_of(doc)
    if not p.exists():
        return {"doc": doc, "skip": {}, **{part: {} for part in PARTS}}
    return read_file(p)


def load(part: str = "questions") -> dict[str, list[str]]:
    """clause id -> its questions of one part (PARTS: "questions", "argued", "card", "told"), over every file,
    the doc files' and the extra ones'."""
    out: dict[str, list[str]] = {}
    for p in [*sorted(DIR.glob("*.yaml")), *extra_paths()]:
        for cid, qs in read_file(p)[part].items():
            out.setdefault(cid, []).extend(qs)
    return out


def files_digest() -> str:
    """Part of the index cache key: a changed question file (an extra one too) gives a new index."""
    h = hashlib.sha256()
    for p in [*sorted(DIR.glob("*.yaml")), *extra_paths()]:
        h.update(p.relative_to(DIR).as_posix().encode() + b"\0")
        h.update(p.read_bytes())
    return h.hexdigest()


def rule_stating(clause) -> bool:
    return clause.kind == "clause" and bool((clause.text or "").strip()) and not clause.placeholder


def check(corpus, doc: str) -> list[str]:
    """What is wrong with one document's question file (empty when it is right)."""
    data = load_doc(doc)
    problems = []
    if not path_of(doc).exists():
        return [f"{path_of(doc).name}: missing"]
    if data["doc"] != doc:
        problems.append(f"{path_of(doc).name}: doc is {data['doc']!r}, not {doc!r}")
    problems += _id_problems(corpus, doc, data)
    for cid, reason in data["skip"].items():
        if corpus.clause(cid) is None:
            problems.append(f"skip {cid}: no such clause")
        if not reason:
            problems.append(f"skip {cid}: no reason given")
    for c in corpus.docs[doc].clauses.values():
        if rule_stating(c) and c.id not in data["skip"] and len(data["questions"].get(c.id, [])) < MIN_QUESTIONS:
            problems.append(f"{c.id}: {len(data['questions'].get(c.id, []))} question(s), needs {MIN_QUESTIONS}")
    return problems


def _id_problems(corpus, doc: str, data: dict, prefix: str = "") -> list[str]:
    """Every part's ids: unknown, of another doc, a 「省略」 placeholder; a question repeated."""
    problems = []
    for part in PARTS:
        for cid, qs in data[part].items():
            c = corpus.clause(cid)
            if c is None:
                problems.append(f"{prefix}{cid}: no such clause")
            elif c.doc != doc:
                problems.append(f"{prefix}{cid}: belongs to {c.doc}, not {doc}")
            elif c.placeholder:
                problems.append(f"{prefix}{cid}: a 「省略」 placeholder has no questions")
            if len(set(qs)) != len(qs):
                problems.append(f"{prefix}{cid}: a question is repeated")
    return problems


def check_extra(corpus, path: Path) -> list[str]:
    """What is wrong with one extra question file (empty when it is right): a doc that is not a rulebook's,
    an unknown id or one of another doc, a question repeated. No clause needs any (the voices cover what a
    card or a beginner can reach)."""
    data = read_file(path)
    name = f"{EXTRA}/{path.name}: "
    if data["doc"] not in corpus.docs:
        return [f"{name}doc is {data['doc']!r}, not one of {sorted(corpus.docs)}"]
    return _id_problems(corpus, data["doc"], data, name)
