"""Rulebook text -> drafts of clauses, table of contents, change history, and what became of every line.

One pass over the lines. Each line is cleaned (cleanup.clean), split where the converter merged two clauses
onto one line, then either starts a clause (its printed number), starts a los step (I., A., 1.), or continues
the clause or step before it. Which numbers start a clause depends on the numbering scheme.
"""
from __future__ import annotations

import re
from dataclasses import dataclass, field

from judge_app.corpus import numbers, toc as toc_mod
from judge_app.corpus.cleanup import SENTENCE_END, Line, clean, join_text
from judge_app.corpus.model import TocEntry

# A number at the start of a line followed by one of these is a reference wrapped onto a new line, not a clause.
_PARTICLES = ("に", "で", "を", "の", "まで", "から", "参照", "または", "及び", "より", ")", "）", "」", "、")
_HYPHEN_START = re.compile(r"^(\d+(?:-\d+)*)\.\s*(.*)$")
_DOTTED_START = re.compile(r"^(\d+(?:\.\d+)*)\.\s+(.*\S)$")
_LETTER_START = re.compile(r"^(\d+(?:\.\d+)*(?:\.[a-z])?)\s+(\S.*)$")
_ROMAN_START = re.compile(r"^(X|IX|VIII|VII|VI|IV|V|III|II|I)\.\s*(.+)$")
_ABC_START = re.compile(r"^([A-H])\.\s*(.+)$")
_ITEM_START = re.compile(r"^(\d+)\.\s*(.+)$")
# A second clause merged after the end of a sentence: 「…敗北する。 1-2-1-1-2. 自分の…」
_MERGED = re.compile(r"(?<=。)\s*(\d+(?:-\d+)*)\.(?=\s*\S)")
_HYPHEN_NUM_IN_TEXT = re.compile(r"\d+-\d+")
_HIRAGANA = re.compile(r"^[\u3041-\u309f]")
DATE_LINE = re.compile(r"^(\d{4})/(\d{1,2})/(\d{1,2})$")
HISTORY_HEADER = "更新履歴"
INHERIT_TEXT = re.compile(r"^開運コロシ[アウ]ム\s*総合ルールを参照$")


@dataclass
class Draft:
    number: str
    kind: str
    title: str | None
    paras: list[str]
    first: int
    last: int
    parent_hint: str | None = None   # for steps: the number of the section or Roman step they sit in
    md_heading: bool = False
    guessed_heading: bool = False    # heading only because its text looks like a title (hyphen books)


@dataclass
class HistoryEntry:
    line: int
    date: str | None
    text: str
    number: str | None        # canonical number named (with a los step suffix), None for a general note
    former: bool = False      # 「前 1-2-3」: names the clause's earlier numbering


@dataclass
class ParseResult:
    drafts: list[Draft]
    toc: list[TocEntry]
    history: list[HistoryEntry]
    roles: dict[int, str]                 # line number -> title | toc | body | history | blank | noise
    unplaced: list[tuple[int, str]] = field(default_factory=list)
    split_lines: list[int] = field(default_factory=list)   # lines that held two or more clauses


def is_title(rest: str) -> bool:
    """A heading's title, not a sentence: no 。, no 、 outside quotes, short, no clause number in it."""
    if not rest or "。" in rest or len(rest) > 30 or _HYPHEN_NUM_IN_TEXT.search(rest):
        return False
    depth = 0
    for ch in rest:
        if ch in "「『（(【":
            depth += 1
        elif ch in "」』）)】":
            depth = max(0, depth - 1)
        elif ch == "、" and depth == 0:
            return False
    return True


class Parser:
    def __init__(self, key: str, scheme: str, text: str):
        self.key = key
        self.scheme = scheme
        self.raw_lines = text.split("\n")
        if self.raw_lines and self.raw_lines[-1] == "":
            self.raw_lines.pop()
        self.roles: dict[int, str] = {}
        self.drafts: list[Draft] = []
        self.toc: list[TocEntry] = []
        self.toc_titles: dict[str, str] = {}
        self.history: list[HistoryEntry] = []
        self.unplaced: list[tuple[int, str]] = []
        self.split_lines: list[int] = []
        # body state
        self.current: Draft | None = None
        self.step: Draft | None = None
        self.roman: Draft | None = None
        self.items = 0
        self.last_top = -1

    # ---- regions -------------------------------------------------------------------------------------
    def run(self) -> ParseResult:
        lines = [clean(i + 1, raw) for i, raw in enumerate(self.raw_lines)]
        toc_start, toc_end = self._find_toc(lines)
        hist_start = self._find_history(lines, toc_end)
        body_start = self._find_body(lines, toc_end, hist_start)
        for ln in lines:
            i = ln.no - 1
            if not ln.raw.strip():
                self.roles[ln.no] = "blank"
            elif not ln.text:
                self.roles[ln.no] = "noise"   # a lone bullet `-` and the like
            elif toc_start is not None and toc_start <= i < toc_end:
                self.roles[ln.no] = "toc"
            elif i < body_start:
                self.roles[ln.no] = "title"
            elif i >= hist_start:
                self.roles[ln.no] = "history"
        if toc_start is not None:
            for ln in lines[toc_start + 1:toc_end]:
                if ln.raw.strip():
                    e = toc_mod.read_entry(ln.no, ln.raw, self.scheme)
                    if e is not None:
                        self.toc.append(e)
                        if e.number:
                            self.toc_titles[e.number] = e.title
        prev_blank = False
        for ln in lines[body_start:hist_start]:
            if not ln.text:
                prev_blank = True
                continue
            self._body_line(ln, prev_blank)
            prev_blank = False
        self._read_history(lines[hist_start:])
        return ParseResult(self.drafts, self.toc, self.history, self.roles, self.unplaced, self.split_lines)

    def _find_toc(self, lines: list[Line]) -> tuple[int | None, int]:
        for i, ln in enumerate(lines):
            if toc_mod.TOC_HEADER.match(ln.text):
                j = i + 1
                while j < len(lines) and (not lines[j].raw.strip() or toc_mod.is_toc_line(lines[j].raw)):
                    j += 1
                return i, j
            if self._clause_match(ln.text):
                break
        return None, 0

    def _find_history(self, lines: list[Line], after: int) -> int:
        seen_body = False
        for i in range(after, len(lines)):
            t = lines[i].text
            if t == HISTORY_HEADER:
                return i
            if seen_body and DATE_LINE.match(t):
                return i
            if self._clause_match(t):
                seen_body = True
        return len(lines)

    def _find_body(self, lines: list[Line], after: int, end: int) -> int:
        for i in range(after, end):
            if self._clause_match(lines[i].text):
                return i
        return end

    # ---- clause starts -------------------------------------------------------------------------------
    def _clause_match(self, text: str) -> tuple[str, str] | None:
        """(number, rest) when `text` starts with a printed clause number of this scheme."""
        pattern = {numbers.HYPHEN: _HYPHEN_START, numbers.DOTTED: _DOTTED_START,
                   numbers.DOTTED_LETTER: _LETTER_START}[self.scheme]
        m = pattern.match(text)
        if not m:
            return None
        number, rest = m.group(1), m.group(2).strip()
        if not rest or rest.startswith(_PARTICLES):
            return None
        return number, rest

    def _plausible_top(self, number: str, rest: str) -> bool:
        """A one-part number starts a top-level heading only in sequence, and matches the TOC where there is one."""
        if self.last_top < 0:
            return True
        if int(number) != self.last_top + 1:
            return number in self.toc_titles and toc_mod.title_ratio(self.toc_titles[number], rest) >= 0.8
        if self.toc_titles and number in self.toc_titles:
            return toc_mod.title_ratio(self.toc_titles[number], rest) >= 0.6
        return True

    def _split_merged(self, text: str) -> list[str]:
        if self.scheme != numbers.HYPHEN:
            return [text]
        cuts = []
        for m in _MERGED.finditer(text):
            number = m.group(1)
            after = text[m.end():].lstrip()
            if after.startswith(_PARTICLES):
                continue
            if "-" not in number:
                title = self.toc_titles.get(number)
                if not title or toc_mod.title_ratio(title, after) < 0.8:
                    continue
            cuts.append(m.start())
        if not cuts:
            return [text]
        pieces, prev = [], 0
        for c in cuts:
            pieces.append(text[prev:c].strip())
            prev = c
        pieces.append(text[prev:].strip())
        return [p for p in pieces if p]

    # ---- body ----------------------------------------------------------------------------------------
    def _body_line(self, ln: Line, after_blank: bool) -> None:
        self.roles[ln.no] = "body"
        segments = self._split_merged(ln.text)
        if len(segments) > 1:
            self.split_lines.append(ln.no)
        for k, seg in enumerate(segments):
            self._segment(ln, seg, after_blank if k == 0 else False, ln.bullet if k == 0 else False)

    def _segment(self, ln: Line, seg: str, after_blank: bool, bullet: bool) -> None:
        m = self._clause_match(seg)
        if m:
            number, rest = m
            if self.scheme == numbers.HYPHEN:
                number_ok = "-" in number or self._plausible_top(number, rest)
            elif "." in number:
                number_ok = True
            else:
                number_ok = self._plausible_top(number, rest)
            if number_ok:
                self._start_clause(ln, number, rest)
                return
        if self.scheme == numbers.DOTTED and self.current is not None and self._los_step(ln, seg):
            return
        target = self.step if (self.step is not None and not after_blank) else self.current
        if self.step is not None and after_blank:
            self.step = None
        if target is None:
            self.unplaced.append((ln.no, ln.raw))
            self.roles[ln.no] = "unplaced"
            return
        if target.guessed_heading and not target.paras and _HIRAGANA.match(seg):
            # the "title" was the first half of a sentence broken by the page: 「…シャッフルしま」+「す。…」
            target.kind, target.paras, target.title = "clause", [target.title], None
        target.guessed_heading = False
        # los prints one paragraph per line: only a blank line (a page break) can split a sentence there
        joinable = self.scheme != numbers.DOTTED or after_blank
        self._add_text(target, seg, bullet and self.scheme == numbers.DOTTED, joinable)
        target.last = ln.no

    def _start_clause(self, ln: Line, number: str, rest: str) -> None:
        self.step = self.roman = None
        self.items = 0
        top = number.split("-" if self.scheme == numbers.HYPHEN else ".")[0]
        if top.isdigit() and number == top:
            self.last_top = max(self.last_top, int(top))
        if self.scheme == numbers.HYPHEN:
            heading = ln.md_heading or is_title(rest)
        elif self.scheme == numbers.DOTTED:
            heading = True
        else:
            heading = "." not in number or (number.count(".") == 1 and not re.search(r"\.[a-z]$", number))
        d = Draft(number=number, kind="heading" if heading else "clause", title=rest if heading else None,
                  paras=[] if heading else [rest], first=ln.no, last=ln.no, md_heading=ln.md_heading,
                  guessed_heading=heading and self.scheme == numbers.HYPHEN and not ln.md_heading)
        self.drafts.append(d)
        self.current = d

    def _los_step(self, ln: Line, seg: str) -> bool:
        sec = self.current
        m = _ROMAN_START.match(seg)
        if m:
            d = Draft(number=f"{sec.number}.{m.group(1)}", kind="step", title=None, paras=[m.group(2).strip()],
                      first=ln.no, last=ln.no, parent_hint=sec.number)
            self.drafts.append(d)
            self.step = self.roman = d
            return True
        m = _ABC_START.match(seg)
        if m and self.roman is not None:
            d = Draft(number=f"{self.roman.number}.{m.group(1)}", kind="step", title=None,
                      paras=[m.group(2).strip()], first=ln.no, last=ln.no, parent_hint=self.roman.number)
            self.drafts.append(d)
            self.step = d
            return True
        m = _ITEM_START.match(seg)
        if m and int(m.group(1)) == self.items + 1:
            self.items += 1
            d = Draft(number=f"{sec.number}.s{self.items}", kind="step", title=None, paras=[m.group(2).strip()],
                      first=ln.no, last=ln.no, parent_hint=sec.number)
            self.drafts.append(d)
            self.step = d
            return True
        return False

    @staticmethod
    def _add_text(d: Draft, text: str, list_item: bool, joinable: bool = True) -> None:
        if list_item and not text.startswith("・"):
            text = "・" + text
        if not d.paras:
            d.paras.append(text)
            return
        prev = d.paras[-1]
        starts_new = list_item or text.startswith(("※", "・", "例"))
        if not joinable or prev.endswith(SENTENCE_END) or prev.startswith("・") or starts_new:
            d.paras.append(text)
        else:
            d.paras[-1] = join_text(prev, text)

    # ---- change history ------------------------------------------------------------------------------
    def _read_history(self, lines: list[Line]) -> None:
        date = None
        last: HistoryEntry | None = None
        for ln in lines:
            if not ln.text:
                continue
            self.roles[ln.no] = "history"
            t = ln.text
            if t == HISTORY_HEADER:
                continue
            dm = DATE_LINE.match(t)
            if dm:
                date = f"{int(dm.group(1)):04d}-{int(dm.group(2)):02d}-{int(dm.group(3)):02d}"
                last = None
                continue
            t = t.lstrip("・ ").strip()
            number, former = self._history_number(t)
            if number is None and last is not None and last.number is not None and ln.indent > 0:
                last.text = last.text + "\n" + t   # a sub-bullet that continues the entry above it
                continue
            last = HistoryEntry(line=ln.no, date=date, text=t, number=number, former=former)
            self.history.append(last)

    def _history_number(self, t: str) -> tuple[str | None, bool]:
        if self.scheme == numbers.HYPHEN:
            m = re.match(r"^(前\s*)?(\d+(?:-\d+)+)(?![\d-])", t)
            return (m.group(2), bool(m.group(1))) if m else (None, False)
        m = re.match(r"^(\d+(?:\.\d+)+)((?:\.(?:VI|IV|V|III|II|I|[A-C])(?![A-Za-z]))*)", t)
        if not m:
            return None, False
        return m.group(1) + m.group(2), False


def parse(key: str, scheme: str, text: str) -> ParseResult:
    return Parser(key, scheme, text).run()
