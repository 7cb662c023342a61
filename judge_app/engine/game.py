"""A game in progress: a ruleset's `play()` driven step by step, answered, adjusted, replayed.

A session is `game + board + seed + answers`. `answers` is the ordered list of everything the judge did:
  {"step": "step"|"decision"|"phase"|"turn"|"end"}   run the rules that far
  {"decision": "d3", "value": ...}                     answer the pending decision
  {"adjust": {"op": ..., ...}}                         a judge adjustment (logs one trace entry)
  {"try": value, "decision": "d3"} / {"try": {"adjust": {...}}}
                                                       a refused attempt (logs one `refused` entry, changes nothing)
Replaying the list from the board gives the same state and trace, byte for byte; undo drops the last item.
"""
from __future__ import annotations

from typing import Any, Callable

from judge_app import settings
from judge_app.engine import simultaneous
from judge_app.engine.effect_parts import Ask
from judge_app.engine.ruleset import Ruleset
from judge_app.engine.citations import numbers_in
from judge_app.engine.trace import AnswerError, Decision, EngineError, Halt, LoopLimit, Refused, SessionLimit, TraceEntry

PICK = "_pick"   # a pick among held simultaneous effects, replayed through _resolve like an effect's choice
UNTIL = ("step", "decision", "phase", "turn", "end")
MAX_STEPS_PER_GAME = 100_000   # far beyond any real game; a rules loop stops here with a message
MAX_DECISIONS_PER_GAME = 20_000

Policy = Callable[[Decision, "Game"], Any]


class Game:
    def __init__(self, ruleset: Ruleset, board: dict, seed: int = 0):
        if not isinstance(seed, int) or isinstance(seed, bool) or not (0 <= seed < 2**63):
            raise EngineError("seed: 0 以上 2^63 未満の整数を指定してください", "seed")
        self.ruleset = ruleset
        self.board = ruleset.validate_board(board)
        self.seed = seed
        self.state = ruleset.setup(self.board, seed)
        self.answers: list[dict] = []
        self.starts: list[int] = []   # starts[i]: how many trace entries stood before answers[i] was done
        self.pending: Decision | None = None
        self.halted: str | None = None
        self._gen = ruleset.play(self.state)
        self._send: Any = None
        self._answered = False   # an answer the rules have not yet taken in (see take_in_answer)
        self._decided = 0
        self._adjusted = 0
        # a session's bounds (0: none): each adjustment is a checkpoint of the whole state and entries in the trace
        self.max_adjustments = settings.get("MAX_ADJUSTMENTS")
        self.max_lasting_effects = settings.get("MAX_LASTING_EFFECTS")
        self.decision_clauses: set[str] = set()  # every clause a decision asked under or withheld by
        # an effect waiting on a player's choice (engine/effect_parts.py): its body, the answers given so far, and
        # the decision of the rules' own procedure that waited when the judge applied it
        self._held: tuple[dict, list, Decision | None] | None = None
        # while held simultaneous effects wait on a player's pick (engine/simultaneous.py): the procedure's own
        # decision, set aside until the pick is made (None when the rules were between steps)
        self.set_aside: Decision | None = None
        self.picking = False

    # ---- views -------------------------------------------------------------
    @property
    def trace(self) -> list[TraceEntry]:
        return self.state.trace

    @property
    def finished(self) -> bool:
        return self.state.finished or self.halted is not None

    # ---- running -------------------------------------------------------------
    def _advance(self) -> TraceEntry | None:
        """Run the rules to the next trace entry; None when waiting on a decision or finished."""
        if self.pending is not None or self.halted is not None or self.state.data["finished"]:   # finished, inlined
            return None
        if len(self.trace) >= MAX_STEPS_PER_GAME:
            self.halted = f"手順が上限（{MAX_STEPS_PER_GAME}）に達したため停止しました。ループの可能性があります"
            raise LoopLimit(self.halted, "until")
        before = len(self.trace)
        try:
            item = self._gen.send(self._send)
        except StopIteration:
            if not self.state.finished:
                self.halted = "ルールの手順が終わりました"
            return None
        finally:
            self._send, self._answered = None, False
        if isinstance(item, Decision):
            if self.state.data.get("effects"):   # a prohibition in force withholds what it forbids (engine/lasting.py)
                item = self.ruleset.screen_decision(self.state, item)
            self.pending = item
            clauses = self.decision_clauses   # item.clauses, without building the tuple at every decision
            clauses.add(item.rule)
            for w in item.withheld:
                clauses.add(w.rule)
            return None
        if not isinstance(item, TraceEntry) or len(self.trace) != before + 1:
            raise RuntimeError(f"{self.ruleset.game}: each step must log exactly one entry and yield it")
        return item

    def run(self, until: str = "step", policy: Policy | None = None) -> list[TraceEntry]:
        """Step until `until`; with a policy, decisions are answered on the way (fuzzing)."""
        if until not in UNTIL:
            raise EngineError(f"until: 「{until}」は指定できません（{', '.join(UNTIL)}）", "until")
        start_turn, start_phase, start = self.state.turn, self.state.phase, len(self.trace)
        while True:
            if self.pending is not None and policy is not None and not self.finished:
                self.answer(self.pending.id, policy(self.pending, self))
            entry = self._advance()
            if entry is None:
                if self.pending is not None and policy is not None and not self.finished:
                    continue
                break
            if until == "step":
                break
            if until == "phase" and (self.state.phase != start_phase or self.state.turn != start_turn):
                break
            if until == "turn" and self.state.turn != start_turn:
                break
        return self.trace[start:]

    def step(self, until: str = "step") -> list[TraceEntry]:
        """A judge's step: recorded in `answers` so that replay goes exactly as far."""
        if until not in UNTIL:
            raise EngineError(f"until: 「{until}」は指定できません（{', '.join(UNTIL)}）", "until")
        if self.finished:
            raise EngineError("ゲームは終了しています", "until")
        if self.pending is not None:
            raise AnswerError(f"決定「{self.pending.prompt}」に答えてから進めてください", "decision")
        self.answers.append({"step": until})
        self.starts.append(len(self.trace))
        return self.run(until)

    def answer(self, decision_id: str | None, value: Any) -> None:
        if self.pending is None:
            raise AnswerError("いま答える決定はありません", "decision")
        if decision_id is not None and decision_id != self.pending.id:
            raise AnswerError(f"decision: 待っている決定は {self.pending.id} です（{decision_id} ではありません）", "decision")
        option = self.pending.option(value)
        held = self.pending.withheld_of(value) if option is None else None
        if held is not None:
            raise Refused(f"value: 「{held.label}」はできません。{held.reason}（{held.rule}）", held.rule, "value")
        if option is None:
            allowed = ", ".join(repr(o.value) for o in self.pending.options[:12])
            raise AnswerError(f"value: {value!r} は選択肢にありません（{allowed}）", "value")
        self._decided += 1
        if self._decided > MAX_DECISIONS_PER_GAME:
            self.halted = "決定の数が上限に達したため停止しました"
            raise LoopLimit(self.halted, "decision")
        self.answers.append({"decision": self.pending.id, "value": option.value})
        self.starts.append(len(self.trace))
        if self._held is not None or self.picking:
            # a choice within an effect: the effect is done again with this answer too; a pick among held
            # simultaneous effects: that effect resolves (PICK marks it, never stored)
            body, values = (self._held[0], [*self._held[1], option.value]) if self._held is not None \
                else ({PICK: option.value}, [])
            asked, saved = self.pending, (self._held, self.set_aside, self.picking)
            try:
                self._resolve(body, values)
            except Exception:
                self.pending = asked
                self._held, self.set_aside, self.picking = saved
                self.answers.pop()
                self.starts.pop()
                raise
            return
        self._send, self._answered = option.value, True
        self.pending = None

    def take_in_answer(self) -> None:
        """The rules take in a decision's answer before an adjustment: a judge who answers, then adjusts, adjusts
        the state the answer made (the attack's target chosen, the blocker declared…). Recorded as the step it is,
        so that a replay takes it at the same point, whether the adjustment is then allowed or refused."""
        if self._answered and not self.finished:
            self.step("step")

    def adjust(self, body: dict) -> TraceEntry:
        """A judge adjustment, with the rule processing it sets off; refused or bad, it changes nothing (an answer
        the rules had not yet taken in is taken in first, as a step of its own). Returns the adjustment's own entry (an effect's: its opening entry); rule processing may follow it."""
        if self.halted is not None:
            raise EngineError(self.halted, "op")
        if self.max_adjustments and self._adjusted >= self.max_adjustments:
            raise SessionLimit(f"adjust: 調整は 1 セッションに {self.max_adjustments:,} 件までです"
                               "（JUDGE_APP_MAX_ADJUSTMENTS）", "adjust")
        if self._held is not None:
            raise AnswerError(f"決定「{self.pending.prompt}」（効果の選択）に答えてから調整してください", "decision")
        self.take_in_answer()
        start = len(self.trace)
        entry = self._resolve(body, [])
        self._adjusted += 1
        self.answers.append({"adjust": body})
        self.starts.append(start)
        return entry

    def _resolve(self, body: dict, values: list) -> TraceEntry | None:
        """The adjustment done from its start with the choices answered so far; refused or bad, nothing changes. A
        choice still unanswered (effect_parts.Ask) puts the state back and waits as a decision of its player."""
        lasting = self.ruleset.lasting_effects(self.state) if self.max_lasting_effects else 0
        point = self.state.checkpoint()
        self.state.choices, self.state.chosen = values, 0
        waiting = self._held[2] if self._held is not None else self.set_aside if self.picking else self.pending
        try:
            entry = self._do(body)
            now = self.ruleset.lasting_effects(self.state) if self.max_lasting_effects else 0
            if now > self.max_lasting_effects and now > lasting:   # a board over the bound may still lose some
                raise SessionLimit(f"adjust: 継続する効果は同時に {self.max_lasting_effects:,} 個までです"
                                   f"（JUDGE_APP_MAX_LASTING_EFFECTS。この調整で {now:,} 個）", "adjust")
        except Ask as ask:
            self.state.restore(point)
            if self._held is None:
                self._probe(body, values, ask)
            self._held = (body, values, waiting)
            self.set_aside, self.picking = None, False
            self.pending = self.state.ask(ask.player, ask.prompt, ask.options, ask.rule, "effect_choice", ask.withheld)
            self.decision_clauses.update(self.pending.clauses)
            return None
        except Exception:
            self.state.restore(point)
            raise
        finally:
            self.state.choices, self.state.chosen, self.state.acting = [], 0, None
        self._held, self.pending = None, waiting
        self.set_aside, self.picking = None, False
        if self.pending is not None and self.state.finished:
            self.pending = None   # the game ended while the decision waited: nothing is left to answer
        elif self.pending is not None:
            # the decision waiting for an answer offers what the rules allow now, not before the adjustment
            self.pending = self.ruleset.screen_decision(self.state, self.state.reask(self.pending))
        self._ask_pick()
        return entry

    def _do(self, body: dict) -> TraceEntry | None:
        """An adjustment, or a pick among held simultaneous effects (PICK marks it; it logs no entry of its own)."""
        if PICK in body:
            simultaneous.choose(self.ruleset, self.state, body[PICK])
            return None
        return self.ruleset.adjust(self.state, body)

    def _probe(self, body: dict, values: list, ask: Ask) -> None:
        """Before an adjustment waits on a choice, it is tried to its end with the first option at every choice, so
        a part that is bad input whatever is chosen (a wrong id, an op it cannot take) is refused now, with the
        adjustment, rather than when the player answers. Nothing of the try is kept (a checkpoint is put back only
        once: its copy is the state after that)."""
        tried = list(values)
        try:
            for _ in range(200):
                first = ask.options[0]
                tried.append(first.value if hasattr(first, "value") else first[0])
                point = self.state.checkpoint()
                self.state.choices, self.state.chosen = tried, 0
                try:
                    self._do(body)
                    return
                except Ask as again:
                    ask = again
                finally:
                    self.state.restore(point)
        finally:
            self.state.choices, self.state.chosen, self.state.acting = [], 0, None

    def _ask_pick(self) -> None:
        """Held simultaneous effects that wait on a player's pick: that pick becomes the decision the session waits
        on, and the procedure's own decision (if any) is set aside until the pick is made."""
        if self.state.finished or not self.state.data.get(simultaneous.KEY):
            return
        pick = simultaneous.decision(self.ruleset, self.state)
        if pick is None:
            return
        self.set_aside, self.pending, self.picking = self.pending, pick, True
        self.decision_clauses.update(pick.clauses)

    def attempt(self, item: dict) -> TraceEntry | None:
        """The judge tries an action: `{"try": value, "decision"?}` answers the open decision, `{"try": {"adjust":
        body}}` adjusts. Withheld by the rules, it changes nothing and is recorded as a `refused` trace entry (and
        the item in `answers`), which is returned; allowed, it is done as a plain answer or adjustment (None)."""
        tried = item.get("try") if isinstance(item, dict) else None
        if isinstance(tried, dict) and "adjust" in tried:
            body = tried["adjust"]
            action, player, cites = adjustment_words(self.ruleset, body if isinstance(body, dict) else {}), None, ()
            try:
                self.adjust(body)
                return None
            except Refused as e:
                refusal = e
            record: dict = {"try": {"adjust": body}}
            field = refusal.field
            reason = refusal.message[len(field) + 2:] if field and refusal.message.startswith(f"{field}: ") \
                else refusal.message
        else:
            pending = self.pending
            try:
                self.answer(item.get("decision"), tried)
                return None
            except Refused as e:
                refusal = e
            held = pending.withheld_of(tried)
            label = held.label if held.label.startswith("「") and held.label.endswith("」") else f"「{held.label}」"
            action, player, cites = label, pending.player, (pending.rule,)
            record = {"try": tried, "decision": pending.id}
            reason = f"{held.reason}（{held.rule}）"
        doc = refusal.rule.partition(":")[0]
        named = [f"{d or doc}:{n}" for d, n in numbers_in(reason)]   # a clause the reason names is cited too
        self.starts.append(len(self.trace))
        entry = self.state.log_refused(refusal.rule, action, f"{action}を試みましたが、できません。{reason}", player,
                                       (*cites, *named))
        self.answers.append(record)
        return entry

    # ---- replay ----------------------------------------------------------------
    def apply(self, item: Any) -> None:
        """Apply one recorded answer-list item (the inverse of recording it)."""
        if not isinstance(item, dict):
            raise EngineError("answers: 各要素はオブジェクトである必要があります", "answers")
        if "try" in item:
            if self.attempt(item) is None:
                raise EngineError("answers: 記録では認められなかった行動が、今は認められます（裁定が変わりました）", "answers")
        elif "step" in item:
            self.step(item["step"])
        elif "adjust" in item:
            self.adjust(item["adjust"])
        elif "value" in item:
            self.answer(item.get("decision"), item["value"])
        else:
            raise EngineError("answers: step / decision+value / adjust / try のいずれかが必要です", "answers")

    @classmethod
    def replay(cls, ruleset: Ruleset, board: dict, seed: int, answers: list) -> "Game":
        game = cls(ruleset, board, seed)
        if not isinstance(answers, list):
            raise EngineError("answers: 配列である必要があります", "answers")
        for i, item in enumerate(answers):
            try:
                game.apply(item)
            except EngineError as e:
                raise type(e)(f"answers[{i}]: {e.message}", f"answers[{i}]") from None
        return game

    def undo(self) -> "Game":
        if not self.answers:
            raise EngineError("取り消す操作がありません", "answers")
        return Game.replay(self.ruleset, self.board, self.seed, self.answers[:-1])

    def result(self) -> dict:
        return {"winner": self.state.winner, "finished": self.finished, "halted": self.halted}

    def to_json(self, trace_from: int = 0) -> dict:
        return {
            "game": self.ruleset.game, "seed": self.seed, "board": self.board, "answers": self.answers,
            "state": self.state.data, "trace": [e.to_json() for e in self.trace[trace_from:]],
            "pending": self.pending.to_json() if self.pending else None,
            "winner": self.state.winner, "finished": self.finished, "halted": self.halted,
            "options": self.ruleset.options_of(self.board),
        }


def adjustment_words(ruleset: Ruleset, body: dict) -> str:
    """An adjustment in the judge's words: 効果「…」 or 調整「<the op's label>」."""
    if body.get("op") == "effect":
        return f"効果「{body.get('label') or 'カードの効果'}」"
    spec = next((a for a in ruleset.offered_adjustments() if a.op == body.get("op")), None)
    return f"調整「{spec.label if spec else body.get('op')}」"


def check_adjustment_count(answers: Any, field: str) -> None:
    """A script or answers list with more adjustments than a session may hold (JUDGE_APP_MAX_ADJUSTMENTS) is refused
    before anything is validated or played: Game.adjust would refuse the one past the bound only after all before."""
    limit = settings.get("MAX_ADJUSTMENTS")
    if not limit or not isinstance(answers, list):
        return
    count = sum(1 for item in answers if isinstance(item, dict) and (
        "adjust" in item or (isinstance(item.get("try"), dict) and "adjust" in item["try"])))
    if count > limit:
        raise SessionLimit(f"{field}: 調整が {count:,} 件あります（1 セッションに {limit:,} 件まで、"
                           "JUDGE_APP_MAX_ADJUSTMENTS）", field)


def halt_of(game: Game) -> Halt:
    if game.halted:
        return Halt("limit", game.halted)
    if game.state.finished:
        return Halt("finished")
    if game.pending:
        return Halt("decision")
    return Halt("until")
