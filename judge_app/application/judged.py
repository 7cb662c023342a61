"""A judge's game: the engine's Game, remembering what each item of its answers list was in the judge's words
(「次の決定まで」, 回答「表」, 調整「得点±N」) and where in the trace it began, so that the session page can say
what one 元に戻す takes back, and the application layer can take back exactly that.

**What one 元に戻す takes back: the last thing the judge did.** A tap on a step control is one item
(`{"step": …}`), an adjustment one (`{"adjust": …}`), and an answer is its item together with the
「次の決定まで」 that carried on from it (`{"decision", "value"}` then `{"step": "turn"}`, `{"step": "decision"}` in
sessions stored before carrying on stopped at the turn's end): undone, the
session is back at the decision, open, as the judge left it. The pairing is read from the list itself, so the stored
four parts stay as they are (an answer followed by a tap on 次の決定まで reads the same, and is taken back the
same way). A game that was not built as a JudgedGame (a scenario's) still undoes by the same reading; only its
words fall back to the answer's value.
"""
from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from judge_app.engine import Game, TraceEntry
from judge_app.engine.game import adjustment_words

UNTIL_WORDS = {"step": "1 ステップ", "decision": "次の決定まで", "phase": "フェイズの終わりまで",
               "turn": "ターンの終わりまで", "end": "ゲームの終わりまで"}


class JudgedGame(Game):
    """Game, with `marks[i] = (trace length before answers[i], words for it)` kept beside `answers`."""

    def __init__(self, ruleset, board: dict, seed: int = 0):
        super().__init__(ruleset, board, seed)
        self.marks: list[tuple[int, str]] = []

    def step(self, until: str = "step") -> list[TraceEntry]:
        start = len(self.trace)
        out = super().step(until)
        self.marks.append((start, UNTIL_WORDS.get(until, until)))
        return out

    def answer(self, decision_id: str | None, value: Any) -> None:
        start, pending = len(self.trace), self.pending
        super().answer(decision_id, value)
        option = pending.option(value) if pending is not None else None
        self.marks.append((start, f"回答「{option.label if option else value}」"))

    def adjust(self, body: dict) -> TraceEntry:
        self.take_in_answer()   # its own mark first (a step), so that the adjustment's mark starts after it
        start = len(self.trace)
        entry = super().adjust(body)
        self.marks.append((start, adjustment_words(self.ruleset, body)))
        return entry

    def attempt(self, item: dict) -> TraceEntry | None:
        start = len(self.trace)
        entry = super().attempt(item)
        if entry is not None:   # refused: an item of its own (allowed, it was marked as the answer it became)
            self.marks.append((start, f"試す{entry.action}"))
        return entry


def _is_answer(item: Any) -> bool:
    return isinstance(item, dict) and "value" in item and "step" not in item and "adjust" not in item


@dataclass(frozen=True)
class UndoStep:
    """What one 元に戻す takes back: the last `items` of the answers list, `entries` trace entries, in words."""
    items: int
    entries: int
    words: str

    @property
    def label(self) -> str:
        return f"元に戻す: {self.words}"

    def to_json(self) -> dict:
        return {"items": self.items, "entries": self.entries, "words": self.words, "label": self.label}


def undo_step(g: Game) -> UndoStep | None:
    """The last thing the judge did (module docstring), or None when there is nothing to take back."""
    answers = g.answers
    if not answers:
        return None
    carried = answers[-1] in ({"step": "decision"}, {"step": "turn"})   # an answer's carrying on (then)
    items = 2 if (len(answers) >= 2 and carried and _is_answer(answers[-2])) else 1
    marks = getattr(g, "marks", None)
    if marks is None or len(marks) != len(answers):   # a plain Game (a scenario's script): no words kept
        return UndoStep(items, 0, _plain_words(g, answers[-items]))
    start, words = marks[-items]
    entries = len(g.trace) - start
    if items == 2 and entries:
        words += f"と {entries} 手順"
    elif "step" in answers[-1]:   # a step that stopped at once at a decision advanced nothing: say so, not 「0 手順」
        words += f"（{entries} 手順）" if entries else "（進んだ手順なし）"
    return UndoStep(items, entries, words)


def _plain_words(g: Game, item: dict) -> str:
    if "step" in item:
        return UNTIL_WORDS.get(item["step"], str(item["step"]))
    if "try" in item:
        tried = item["try"]
        if isinstance(tried, dict) and isinstance(tried.get("adjust"), dict):
            return f"試す{adjustment_words(g.ruleset, tried['adjust'])}"
        return f"試す「{tried}」"
    if "adjust" in item:
        return adjustment_words(g.ruleset, item["adjust"] if isinstance(item["adjust"], dict) else {})
    return f"回答「{item.get('value')}」"
