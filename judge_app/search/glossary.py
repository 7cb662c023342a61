"""Glossary: every term and keyword a rulebook defines, linked to its defining clause.

Three sources, strongest first:
1. a clause that defines a term in its own words: 「リフレッシュ」とは…, 優先権とは…, これを「付与」と呼びます,
   これを先制のタイミングという, アクティブ: カードを…;
2. the titles inside a document's keyword and terminology sections (GLOSSARY_SECTIONS below:
   kaiun 4 and 10, opcg 4 and 10, los 2, 3, 6 and 8, thv 10), where the section is the definition;
3. in `kaiun-multi`, the terms of the `kaiun` sections it inherits (labelled inherited).
A term defined twice keeps its first definition in document order within the strongest source.
"""
from __future__ import annotations

import re
import threading
from dataclasses import asdict, dataclass

from judge_app.search.normalize import fold, nfkc

# Sections whose clause titles are defined terms, per document (numbers as printed).
GLOSSARY_SECTIONS = {
    "kaiun": {"2": "term", "3": "term", "4": "term", "10": "keyword"},
    "kaiun-multi": {"2": "term", "3": "term", "4": "term", "10": "keyword"},
    "opcg": {"2": "term", "3": "term", "4": "term", "7-1": "term", "10": "keyword"},
    "los": {"2": "term", "3": "term", "5": "term", "6": "term", "7": "term", "8": "term", "8.13": "keyword"},
    "thv": {"10": "keyword"},
}

_TOWA_QUOTED = re.compile(r"「([^」]{1,24})」\s*とは")
_TOWA_BARE = re.compile(r"(?:^|(?<=[。\n]))\s*([^\s、。「」()（）:：,はをがにで]{1,16}?)\s*(?<!こ)とは[、,]?")
_YOBU = re.compile(r"(?:を|は)\s*「?([^、。「」\sをはて]{1,14}?)」?\s*と(?:呼び|呼ぶ|呼ばれ|呼んで)")
_YOBU_PAIR = re.compile(r"を\s*([^、。「」\sをはてと]{1,12})、[^。]{0,40}?と呼")
_IU = re.compile(r"(?:これを|を)\s*「?([^、。「」\sをはて]{1,14}?)」?\s*という(?:[。\s]|$)")
_HYOKI = re.compile(r"「([^」]{1,12})」と表記(?:されている|する)場合")
_COLON = re.compile(r"^\s*([^\s、。「」:：()（）]{1,10})\s*[:：]\s*\S")

_NOT_TERMS = {fold(w) for w in ("これ", "それ", "その", "ある", "あるカード", "こと", "以下", "同義", "ある状況",
                                 "する", "できる", "など", "行う条件")}


@dataclass(frozen=True)
class Term:
    term: str            # as the rulebook prints it (NFKC), brackets kept: 【ブロッカー】
    doc: str             # the glossary it belongs to
    id: str              # defining clause id
    kind: str            # "keyword" | "term" | "defined" (defined in passing)
    inherited: bool = False

    @property
    def key(self) -> str:
        return term_key(self.term)

    def to_json(self) -> dict:
        return asdict(self)


def term_key(text: str) -> str:
    """The form two spellings of one term share: brackets, quotes, spaces and trailing punctuation off, folded
    (the rulebooks' text puts a space between Latin letters and kana: 【KO 時】 is the judge's 【KO時】)."""
    t = nfkc(text).strip()
    t = re.sub(r"^[【《「『\[〔(]+|[】》」』\]〕)]+$", "", t)
    t = re.sub(r"[【】《》「」『』\[\]〔〕\s]", "", t)
    return fold(t).strip(" 、。,.:：")


# A keyword's number as the rulebooks write it in its definition (【ドン!!×○】, 「N 枚までを」, 「Xドローする」,
# 「●●した時」) and as a card prints it (【ドン!!×2】): both read as one mark, so the card's keyword finds the
# clause that defines it. N and X count only standing next to a non-Latin character (not inside a word).
_PLACEHOLDER = re.compile(r"[○●◯]+|(?<![a-z])[nx](?![a-z])")
_NUMBER = re.compile(r"\d+")
TEMPLATE_MARK = "○"


def template_key(key: str, card: bool = False) -> str | None:
    """A term key with its number marks (the rulebook's, or with `card` the printed digits) as one mark, or
    None when it has none."""
    out = (_NUMBER if card else _PLACEHOLDER).sub(TEMPLATE_MARK, key)
    return out if TEMPLATE_MARK in out else None


def term_aliases(term: str) -> list[str]:
    """The keys a term is found by: itself, and without a parenthesised part (運値(カチ) → 運値)."""
    keys = [term_key(term)]
    bare = re.sub(r"\s*[(（][^)）]*[)）]\s*", "", nfkc(term))
    if bare and bare != nfkc(term):
        keys.append(term_key(bare))
    return [k for k in dict.fromkeys(keys) if k]


def _clean_title(title: str) -> str:
    return nfkc(title).strip().rstrip("。").strip()


def _acceptable(term: str) -> bool:
    k = term_key(term)
    return (1 <= len(k) <= 24 and not k.isdigit() and k not in _NOT_TERMS and "。" not in term
            and not k.startswith("~") and not k.endswith(("場合", "発動")))


def defined_in_text(text: str, in_glossary_section: bool = False) -> list[str]:
    """Terms a clause text defines in passing, in order. 「アクティブ: …」 counts only inside a
    glossary section (elsewhere 「リーダーカードの場合: …」 is a case, not a definition)."""
    text = nfkc(text)
    out = []
    patterns = [_TOWA_QUOTED, _TOWA_BARE, _YOBU, _YOBU_PAIR, _IU, _HYOKI] + ([_COLON] if in_glossary_section else [])
    for rx in patterns:
        for m in rx.finditer(text):
            t = re.sub(r"^(?:その効果の|その|この(?=[^カ]))", "", m.group(1).strip())
            if rx is _TOWA_QUOTED:
                t = f"「{t}」" if not t.startswith("【") else t
            if _acceptable(t):
                out.append(t)
    return out


def _in_sections(number: str, sections: dict[str, str]) -> str | None:
    best = None
    for sec, kind in sections.items():
        if number == sec or number.startswith(sec + "-") or number.startswith(sec + "."):
            if best is None or len(sec) > len(best[0]):
                best = (sec, kind)
    return best[1] if best and number != best[0] else None


def build(corpus) -> dict[str, list[Term]]:
    """{doc: [Term, ...]} in document order, one entry per distinct term key."""
    out: dict[str, list[Term]] = {}
    for key, doc in corpus.docs.items():
        defined: dict[str, Term] = {}
        titled: dict[str, Term] = {}
        sections = GLOSSARY_SECTIONS.get(key, {})
        for clause in doc.clauses.values():
            kind = _in_sections(clause.number, sections)
            for t in defined_in_text(clause.text or "", in_glossary_section=bool(kind)):
                shown = t[1:-1] if t.startswith("「") and t.endswith("」") else t
                defined.setdefault(term_key(t), Term(shown, key, clause.id, "defined"))
            if kind and clause.title and _acceptable(clause.title):
                title = _clean_title(clause.title)
                titled.setdefault(term_key(title), Term(title, key, clause.id, kind))
        terms = dict(titled)
        terms.update(defined)          # a clause saying 「X」とは beats the section heading
        base = getattr(doc, "base", None)
        if base and base in out:
            inherited_sections = {c.inherits_from for c in doc.clauses.values() if getattr(c, "inherits_from", None)}
            for t in out[base]:
                if t.key not in terms and _under_any(t.id, inherited_sections):
                    terms[t.key] = Term(t.term, key, t.id, t.kind, inherited=True)
        order = {cid: i for i, cid in enumerate(doc.clauses)}
        base_order = {cid: i for i, cid in enumerate(corpus.docs[base].clauses)} if base and base in corpus.docs else {}
        out[key] = sorted(terms.values(), key=lambda t: (order.get(t.id, len(order) + base_order.get(t.id, 0)), t.term))
    return out


_latest: list = [None, None]      # [corpus, its glossary]: the corpus being served, built or loaded once
_latest_lock = threading.Lock()


def of(corpus) -> dict[str, list[Term]]:
    """build(corpus), once per corpus object: search and the clause pages' term links share it."""
    with _latest_lock:
        if _latest[0] is not corpus:
            _latest[:] = [corpus, build(corpus)]
        return _latest[1]


def remember(corpus, glossary: dict[str, list[Term]]) -> None:
    """The glossary of `corpus` as read back from the search index's start-up file (index.py)."""
    with _latest_lock:
        _latest[:] = [corpus, glossary]


def _under_any(clause_id: str, sections: set[str]) -> bool:
    for s in sections:
        if clause_id == s or clause_id.startswith(s + "-") or clause_id.startswith(s + "."):
            return True
    return False
