"""The base every game's ruleset subclasses (as python-chess variants subclass one board).

A ruleset is written from its rulebook, procedure by procedure: `play()` is a generator that walks the
game in the rulebook's order, yields each TraceEntry it logs (one step) and yields a Decision wherever
the rules give a player a choice, receiving the answer as the value of the `yield`.
"""
from __future__ import annotations

import hashlib
import json
import random
import threading
from abc import ABC, abstractmethod
from collections import OrderedDict
from dataclasses import dataclass, field
from typing import Any, ClassVar, Generator

from judge_app.engine._notation.board import token_error
from judge_app.engine._schema_ja import deepest, message as schema_message
from judge_app.engine import effect_parts, simultaneous
from judge_app.engine.bounds import ShapeError, check_shape
from judge_app.engine.json_schemas import Validator, quick_valid
from judge_app.engine.state import GameState
from judge_app.engine.verdict_words import Words
from judge_app.engine.trace import (AdjustmentError, BoardError, Decision, EngineError, NotationError, Refused,
                                    TraceEntry)

Play = Generator["TraceEntry | Decision", Any, None]


class _ValidBoards:
    """The boards that passed validation, remembered by a 16-byte digest of their canonical JSON (never the
    board itself), least recently used first, within a budget in bytes: each entry is charged its key and
    the dict slot holding it, so the cache's size does not depend on the size of the boards."""

    ENTRY_BYTES = 192   # a (game, 16-byte digest) key, its OrderedDict node and slot: 180 bytes by tracemalloc

    def __init__(self, budget: int):
        self.budget = budget
        self.used = 0
        self._keys: OrderedDict[tuple[str, bytes], None] = OrderedDict()
        self._lock = threading.Lock()

    def __contains__(self, key: tuple[str, bytes]) -> bool:
        with self._lock:
            if key not in self._keys:
                return False
            self._keys.move_to_end(key)
            return True

    def add(self, key: tuple[str, bytes]) -> None:
        with self._lock:
            if key in self._keys:
                return
            self._keys[key] = None
            self.used += self.ENTRY_BYTES
            while self.used > self.budget and self._keys:
                self._keys.popitem(last=False)
                self.used -= self.ENTRY_BYTES

    def clear(self) -> None:
        with self._lock:
            self._keys.clear()
            self.used = 0

    def __len__(self) -> int:
        return len(self._keys)


VALID_BOARDS_BYTES = 1 << 20   # 1 MiB per process: 5,461 boards, whatever their size
VALID_BOARDS = _ValidBoards(VALID_BOARDS_BYTES)


def board_digest(board: dict) -> bytes:
    """16 bytes standing for the board's canonical JSON (call after check_shape: the board is then plain JSON)."""
    text = json.dumps(board, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.blake2b(text.encode("utf-8"), digest_size=16).digest()


@dataclass(frozen=True)
class RuleOption:
    """A point where the rulebooks are silent or disagree and judges could differ: a visible session option."""

    name: str
    label: str
    default: Any
    choices: tuple[tuple[Any, str], ...]
    clauses: tuple[str, ...]  # the clauses weighed; docs/rulings-decisions.md explains the default

    def to_json(self) -> dict:
        return {"name": self.name, "label": self.label, "default": self.default,
                "choices": [{"value": v, "label": l} for v, l in self.choices], "clauses": list(self.clauses)}


@dataclass(frozen=True)
class Adjustment:
    """A judge adjustment: card text the engine does not interpret, applied in the rules' vocabulary."""

    op: str
    label: str
    rule: str  # the clause that gives the adjustment its meaning (e.g. its duration's expiry)
    params: dict = field(default_factory=dict)  # JSON Schema properties of {target, value, duration}
    required: tuple[str, ...] = ()
    # The op's own handler reads `target: both` (the rules make it simultaneous); otherwise the core does the op
    # once per player, in the order `players_in_order` gives.
    handles_both: bool = False

    def to_json(self) -> dict:
        return {"op": self.op, "label": self.label, "rule": self.rule, "params": self.params,
                "required": list(self.required)}

    def params_schema(self) -> dict:
        """The JSON Schema its params are checked against (`_checked`)."""
        return {"type": "object", "properties": self.params, "required": list(self.required),
                "additionalProperties": False}

    def body_schema(self) -> dict:
        """The whole adjustment as sent, `{op, …params}` (the OpenAPI document publishes it)."""
        schema = self.params_schema()
        return dict(schema, properties={"op": {"const": self.op}, **schema["properties"]},
                    required=["op", *schema["required"]], title=self.label)


class Ruleset(ABC):
    game: ClassVar[str]            # "opcg"
    doc: ClassVar[str]             # corpus doc key the citations resolve in
    title: ClassVar[str]
    board_schema: ClassVar[dict]   # JSON Schema of the board (published at /api/games/<game>/schema)
    rule_options: ClassVar[tuple[RuleOption, ...]] = ()
    # The game's words for a ruling's verdict (engine/verdict.py): its zones, counts, fields and card states.
    verdict_words: ClassVar[Words] = Words()
    adjustments: ClassVar[tuple[Adjustment, ...]] = ()
    # The numbers of players a board may seat, where the judge chooses (kaiun-multi: 3 to 5): then new_game_board
    # and midgame_board take `players=` (the builder's control); () where the game seats a fixed number.
    player_counts: ClassVar[tuple[int, ...]] = ()
    concede_rule: ClassVar[str]    # the clause that lets a player concede at any time
    phases: ClassVar[tuple[str, ...]] = ()        # every phase id the state can hold, in the rulebook's order
    phase_labels: ClassVar[dict[str, str]] = {}  # phase id -> the rulebook's name for it
    # The edition whose clause ids this ruleset cites, per rulebook; a rulebook not named here: the first edition
    # kept in rules_corpus/manifest.yaml (the one every ruleset was written from). Set it when a ruleset is
    # rewritten for a newer edition, so saved rulings and sessions keep reading their ids right.
    cites_editions: ClassVar[dict[str, str]] = {}
    # The game's board notation (judge_app/engine/<game>/notation.py, docs/notation.md): dump, load and parse.
    notation: ClassVar[Any] = None

    def phase_label(self, phase: str | None) -> str:
        return self.phase_labels.get(phase, phase) if phase else ""

    # ---- board -----------------------------------------------------------
    def validate_board(self, board: Any) -> dict:
        """Bounds first (depth, number of values, finite numbers: engine/bounds.py), then the schema (errors name
        the field), then the ruleset's own invariants.

        Boards already validated are remembered by digest: undo replays the same board every time, and JSON
        Schema on a 60-card board costs more than a whole game's steps."""
        if not isinstance(board, dict):
            raise BoardError("盤面(board)はオブジェクトである必要があります", "board")
        try:
            check_shape(board, "board")
        except ShapeError as e:
            raise BoardError(e.message, e.field) from None
        key = (self.game, board_digest(board))
        if key in VALID_BOARDS:
            return board
        self._validate_board(board)
        VALID_BOARDS.add(key)
        return board

    def _validate_board(self, board: dict) -> None:
        if not quick_valid(self.board_schema, board):   # jsonschema-rs first; Validator words what is wrong
            self._check_schema(board)
        self.check_board(board)

    def _check_schema(self, board: dict) -> None:
        validator = Validator(self.board_schema)
        errors = sorted(validator.iter_errors(board), key=lambda e: list(e.absolute_path))
        if errors:
            e = deepest(errors[0])
            where = list(e.absolute_path)
            if e.validator == "additionalProperties" and isinstance(e.instance, dict):   # name the unknown key
                where += [k for k in e.instance if k not in (e.schema.get("properties") or {})][:1]
            path = "board" + "".join(f"[{p}]" if isinstance(p, int) else f".{p}" for p in where)
            raise BoardError(f"{path}: {schema_message(e)}", path)

    def check_board(self, board: dict) -> None:
        """Invariants the schema cannot say (raise BoardError naming the field)."""

    def options_of(self, board: dict) -> dict:
        given = board.get("options") or {}
        known = {o.name: o for o in self.rule_options}
        for name, value in given.items():
            if name not in known:
                raise BoardError(f"board.options.{name}: 不明なルール選択肢です（{', '.join(known) or 'なし'}）", f"board.options.{name}")
            if value not in [v for v, _ in known[name].choices]:
                raise BoardError(f"board.options.{name}: {value!r} は選べません", f"board.options.{name}")
        return {name: given.get(name, o.default) for name, o in known.items()}

    @abstractmethod
    def setup(self, board: dict, seed: int) -> GameState:
        """Build the initial state from a validated board."""

    @abstractmethod
    def new_game_board(self, rng: random.Random) -> dict:
        """A fresh game set-up with legal random decks (fuzzing, and 「新しいゲーム」 in the builder)."""

    def midgame_board(self, rng: random.Random) -> dict:
        """A legal board in the middle of a game (turn 3, both sides set up): where a judge starts from."""
        raise NotImplementedError(f"{self.title}（{self.game}）には対局途中の既定の盤面がありません")

    def dump_notation(self, board: dict) -> str:
        """The board in the game's one-line notation (docs/notation.md)."""
        return self._board_notation().dump(board)

    def load_notation(self, text: str) -> dict:
        """The board a notation text writes, validated: any error is a NotationError naming the token."""
        board, reading = self._board_notation().parse(text)
        try:
            return self.validate_board(board)
        except NotationError:
            raise
        except BoardError as e:
            raise token_error(e, reading) from e

    def _board_notation(self):
        if self.notation is None:
            raise BoardError(f"{self.title}（{self.game}）の盤面には記法がありません（JSON で入力してください）", "notation")
        return self.notation

    # ---- play --------------------------------------------------------------
    # Whether rule processing also runs between a Decision and its answer (a judge's adjustment can land there).
    # False: the answer goes to the procedure that asked before anything else runs.
    rule_processing_before_answers: ClassVar[bool] = False

    def play(self, g: GameState) -> Play:
        """The game in the rulebook's order: yields each logged entry, and each Decision for its answer."""
        return self.with_rule_processing(g, self.game_flow(g))

    @abstractmethod
    def game_flow(self, g: GameState) -> Play:
        """The procedures in the rulebook's order, from wherever the state stands (a board may start mid-game)."""

    def rule_processing(self, g: GameState) -> Play:
        """ルール処理: what the rules do at once, between steps, when a condition holds (defeat conditions and the
        like). Rulesets whose book has it override this; the core runs it between the steps of `game_flow`."""
        return
        yield

    def with_rule_processing(self, g: GameState, flow: Play) -> Play:
        """Runs `flow` and `rule_processing` before each of its steps, until the game is over."""
        send, asked = None, False
        while True:
            if not asked or self.rule_processing_before_answers:
                yield from self.rule_processing(g)
            if g.finished:
                return
            try:
                item = flow.send(send)
            except StopIteration:
                return
            asked = isinstance(item, Decision)
            send = yield item

    def invariants(self, g: GameState) -> list[str]:
        """Broken invariants of the current state, as messages (empty when all hold)."""
        return []

    # ---- judge adjustments ----------------------------------------------------
    # The clauses the core cites when it holds a judge's adjustments to the rules; each ruleset names its own.
    effect_rule: ClassVar[str | None] = None       # an effect is done in the order its text gives
    cost_rule: ClassVar[str | None] = None         # a cost is paid in full, or the effect does not resolve
    as_much_as_possible_rule: ClassVar[str | None] = None  # what cannot be done in full is done as far as it can
    each_player_rule: ClassVar[str | None] = None  # the order in which an effect acts on each player
    game_over_rule: ClassVar[str | None] = None    # once the game has ended, nothing more is done
    # Whether rule processing runs right after each adjustment (and between an effect's parts): wherever the
    # rulebook makes its checks immediate.
    rule_processing_after_adjustments: ClassVar[bool] = True

    # 「〜してもよい」, 「〜まで」 and 「〜なら／〜場合」 (engine/effect_parts.py): the clauses each ruleset names
    optional_rule: ClassVar[str | None] = None
    up_to_rule: ClassVar[str | None] = None
    up_to_cites: ClassVar[tuple[str, ...]] = ()
    condition_rule: ClassVar[str | None] = None
    condition_cites: ClassVar[tuple[str, ...]] = ()
    # a condition's number filter reads a card's value now; the clause that says so per field, and the clause of
    # 「元々の」 (the printed number, `where.printed`)
    current_value_rules: ClassVar[dict[str, str]] = {}
    printed_value_rule: ClassVar[str | None] = None
    effect_kinds: ClassVar[tuple[str, ...]] = ()   # the rulebook's kinds of effect, where it names them (`kind`)
    # Effects that happen at the same time (`at_once`, engine/simultaneous.py): the clause that orders them, the
    # clauses its entries also rely on, and whether the clause makes them one process (kaiun 10-1-1-3).
    simultaneous_rule: ClassVar[str | None] = None
    simultaneous_cites: ClassVar[tuple[str, ...]] = ()
    simultaneous_together: ClassVar[bool] = False

    def offered_adjustments(self) -> tuple[Adjustment, ...]:
        """The game's ops, and `effect` (parts made of them, always last) once the ruleset names the clause it rests
        on; `at_once` once it names the clause that orders simultaneous effects."""
        if not self.effect_rule:
            return self.adjustments
        params = dict(EFFECT_PARAMS, optional=effect_parts.OPTIONAL_PARAM) if self.optional_rule else EFFECT_PARAMS
        if self.effect_kinds:   # the book's kinds of effect (thv 7.2–7.4): where its card must be is checked by kind
            params = dict(params, kind={"enum": list(self.effect_kinds), "description": "効果の種類"})
        at_once = (Adjustment(AT_ONCE.op, AT_ONCE.label, self.simultaneous_rule, AT_ONCE.params, AT_ONCE.required),) \
            if self.simultaneous_rule else ()
        return (*self.adjustments, *self.core_adjustments(), *at_once,
                Adjustment(EFFECT.op, EFFECT.label, self.effect_rule, params, EFFECT.required))

    def simultaneous_clause(self, effects: list[dict]) -> str:
        """The clause that orders these simultaneous effects (a ruleset whose book has one per kind overrides it)."""
        return self.simultaneous_rule or ""

    def next_simultaneous(self, g: GameState, waiting: list[dict]) -> simultaneous.Pick:
        """Who picks the next of the held simultaneous effects, and which (engine/simultaneous.py); by default the
        rules take them in the order entered."""
        return simultaneous.Pick(None, self.simultaneous_rule or "", (waiting[0]["n"],))

    def core_adjustments(self) -> tuple[Adjustment, ...]:
        """`condition` and `up_to` (engine/effect_parts.py), where the ruleset names their clauses."""
        out = []
        if self.condition_rule:
            out.append(Adjustment("condition", "条件（〜なら／〜場合）", self.condition_rule,
                                  effect_parts.CONDITION_PARAMS, ("check", "parts")))
        if self.up_to_rule:
            out.append(Adjustment("up_to", "〜まで（0を選べる）", self.up_to_rule, effect_parts.UP_TO_PARAMS, ("max", "part")))
        return tuple(out)

    def adjust_condition(self, g: GameState, spec: Adjustment, check: dict, parts: list) -> TraceEntry:
        return effect_parts.do_condition(self, g, spec, check, parts)

    def adjust_up_to(self, g: GameState, spec: Adjustment, max: int, part: dict, choose: Any = None) -> TraceEntry:
        return effect_parts.do_up_to(self, g, spec, max, part, choose)

    def zone_words(self, zone: str) -> str:
        """A zone in the game's words (the verdict's words), for a condition's entry."""
        return (getattr(self.verdict_words, "zones", None) or {}).get(zone, zone)

    def check_source(self, g: GameState, source: str | None, keyword: str | None, kind: str | None) -> None:
        """Where the effect's card must stand for it to be used or to resolve (opcg 8-1-3-2-3, kaiun 2-6-2, thv
        7.3.1.a …): raise Refused with the clause when it is not there. Rulesets whose book says so override this."""

    def adjustment(self, op: str) -> Adjustment:
        for a in self.adjustments:
            if a.op == op:
                return a
        for a in self.core_adjustments() if op in effect_parts.CORE_OPS else ():
            if a.op == op:
                return a
        known = ", ".join(a.op for a in self.offered_adjustments())
        raise AdjustmentError(f"op: 「{op}」はこのゲームの調整にありません（使えるもの: {known}）", "op")

    def adjust(self, g: GameState, body: dict) -> TraceEntry:
        """Validate and apply a judge adjustment, then the rule processing it sets off. Returns the adjustment's
        own entry; an `effect` logs one group of entries (docs/scenarios.md)."""
        if not isinstance(body, dict) or not isinstance(body.get("op"), str):
            raise AdjustmentError("op: 調整の種類(op)を文字列で指定してください", "op")
        if g.data.get(simultaneous.KEY) and body["op"] != "concede":   # none resolves alone before the ordering
            raise Refused("op: 同時に発動した効果の順番がまだ決まっていません。待機中の効果を先に解決してください",
                          g.data[simultaneous.KEY]["rule"], "op")
        if body["op"] == EFFECT.op and self.effect_rule:
            params = self.effect_params(g, _checked(self.offered_adjustments()[-1], body, ""), "")
            self._refuse_if_over(g)
            return self.resolve_effect(g, **params)
        if body["op"] == AT_ONCE.op and self.simultaneous_rule:
            effects = _checked(AT_ONCE, body, "")["effects"]
            self._refuse_if_over(g)
            spec = self.offered_adjustments()[-1]
            return simultaneous.hold(self, g, effects, lambda e, where: self.effect_params(g, _checked(spec, e, where), where))
        self.adjustment(body["op"])
        self._refuse_if_over(g)
        entry = self.apply_part(g, body, "")
        self.after_adjustment(g)
        return entry

    def effect_params(self, g: GameState, params: dict, where: str) -> dict:
        """An effect's params as resolve_effect takes them: 「このキャラクター」 (`target: self` in a part or its cost)
        is the effect's source; the clauses its `kind` rests on (`check_effect_kind`) are cited by its entry."""
        source = params.get("source")
        for key in ("parts", "cost"):
            if any(isinstance(p, dict) and p.get("target") in SELF_TARGETS for p in params.get(key) or ()):
                if not source:
                    raise AdjustmentError(f"{where}source: 「このキャラクター」(target: self) には効果の発生源(source)が必要です",
                                          f"{where}source")
                params[key] = [{**p, "target": source} if isinstance(p, dict) and p.get("target") in SELF_TARGETS else p
                               for p in params[key]]
        cites = self.check_effect_kind(g, params.get("kind"), params) if params.get("kind") else []
        if cites:
            g.cite_next(*cites)
        return params

    def check_effect_kind(self, g: GameState, kind: str, params: dict) -> list[str]:
        """The clauses an effect of this kind (thv 起動効果: a use, 7.3.4) rests on."""
        return []

    def _refuse_if_over(self, g: GameState) -> None:
        if g.finished:
            raise Refused("op: ゲームは終了しています。終わったゲームには何も行えません", self.game_over_clause(g), "op")

    def game_over_clause(self, g: GameState) -> str:
        """The clause an adjustment to a finished game is refused by: `game_over_rule` by default; a ruleset may
        name the clause that ended this game instead."""
        return self.game_over_rule or self.concede_rule

    def apply_part(self, g: GameState, body: dict, where: str) -> TraceEntry:
        """One op with its params checked; a player target `both` (or `all`) is done once per player, in the
        order the rulebook gives, with rule processing between."""
        if not isinstance(body, dict) or not isinstance(body.get("op"), str):
            raise AdjustmentError(f"{where}op: 調整の種類(op)を文字列で指定してください", f"{where}op")
        if body["op"] in (EFFECT.op, "concede") and where:
            raise AdjustmentError(f"{where}op: 効果の一部に「{body['op']}」は使えません", f"{where}op")
        try:
            spec = self.adjustment(body["op"])
        except AdjustmentError as e:
            raise AdjustmentError(where + e.message, where + "op") from None
        if "optional" in body and where and self.optional_rule:   # one part 「〜してもよい」: its player decides
            body = {k: v for k, v in body.items() if k != "optional"}
            declined = effect_parts.optional_part(self, g, spec, body, where)
            if declined is not None:
                return declined
        params = _checked(spec, body, where)
        handler = getattr(self, "adjust_" + spec.op.replace("-", "_"))
        barred: tuple = ()
        if g.data.get("effects"):   # a lasting prohibition (engine/lasting.py) may refuse the op or leave players out
            screened = self.screen_part(g, spec, params)
            if isinstance(screened, TraceEntry):
                return screened
            params = dict(screened)
            barred = params.pop("_except", ())
        if params.get("target") not in ("both", "all") or spec.handles_both:
            g.lasting_except = barred
            try:
                return handler(g, spec, **params)
            except (AdjustmentError, Refused) as e:
                raise part_named(e, where) from None
            finally:
                g.lasting_except = ()
        first = None
        for i, player in enumerate(p for p in self.players_in_order(g) if p not in barred):
            if i:
                self.after_adjustment(g)
            if g.finished:
                break
            if self.each_player_rule:
                g.cite_next(self.each_player_rule)
            try:
                entry = handler(g, spec, **{**params, "target": player})
            except (AdjustmentError, Refused) as e:
                raise part_named(e, where, "target") from None
            first = first or entry
        return first

    # the zones whose cards carry modifications (`mods`): thv's field, los's rows
    modified_zones: tuple[str, ...] = ()

    def lasting_effects(self, g: GameState) -> int:
        """How many lasting effects are in force: the game's list of them (`effects`, opcg) and the modifications
        each card of `modified_zones` carries (`mods`, thv and los; a set card's too). Game.adjust holds it to
        JUDGE_APP_MAX_LASTING_EFFECTS."""
        count = len(g.data.get("effects") or ())
        for player in (g.data.get("players") or {}).values() if self.modified_zones else ():
            for zone in (player.get(z) for z in self.modified_zones) if isinstance(player, dict) else ():
                for card in zone if isinstance(zone, list) else ():
                    if isinstance(card, dict):
                        count += len(card.get("mods") or ()) + sum(
                            len(s.get("mods") or ()) for s in card.get("sets") or () if isinstance(s, dict))
        return count

    def after_adjustment(self, g: GameState) -> None:
        """Rule processing right after an adjustment, where the rulebook makes it immediate."""
        if not self.rule_processing_after_adjustments:
            return
        for item in self.rule_processing(g):
            if isinstance(item, Decision):
                raise RuntimeError(f"{self.game}: rule processing asked a decision after an adjustment")

    def resolve_effect(self, g: GameState, parts: list, cost: list = (), source: str | None = None,
                       player: str | None = None, label: str | None = None, keyword: str | None = None,
                       optional: bool = False, kind: str | None = None) -> TraceEntry:
        """An effect of several parts: its cost first, paid in full or not at all, then its parts in order with
        rule processing between them; a keyword's use limit is checked first and its use recorded. Where its card
        must stand is checked first (`check_source`); an optional effect is its player's decision first."""
        player = player or self.effect_player(g, source)
        if player is not None and player not in self.players(g):
            raise AdjustmentError(f"player: プレイヤー「{player}」はいません（{', '.join(self.players(g))}）", "player")
        self.check_source(g, source, keyword, kind)
        if source and g.data.get("effects"):
            self.screen_source(g, source, kind)
        what = "「" + (label or "カードの効果") + "」" + (f"（{self.card_label(g, source)}）" if source else "")
        g.acting = player
        if optional and not effect_parts.uses_optional(self, g, player, what, list(cost)):
            g.acting = None
            return g.log(self.optional_rule, "effect", f"{player} は効果{what}を使わないことを選びました。効果は解決されません",
                         player)
        cites = [*([self.optional_rule] if optional else [])]
        if keyword:
            if g.data.get("effects"):
                self.screen_keyword(g, keyword, source, player)
            cites.extend(self.use_keyword(g, keyword, source, player))
        g.group = len(g.trace) + 1
        try:
            header = g.log(self.effect_rule, "effect", f"効果{what}を解決する" + (
                "。まずコストを支払う" if cost else ""), player, cites=[*cites, *([self.cost_rule] if cost and self.cost_rule else [])])
            g.resolving = "cost"
            for i, part in enumerate(cost):
                self.apply_part(g, part, f"cost[{i}].")
            self.end_of_effect(g, "cost")
            g.resolving = "effect"
            for i, part in enumerate(parts):
                self.after_adjustment(g)
                if g.finished:   # the clause that ended it decides; the ruleset's game-over clause says play stops
                    ended = self.game_over_clause(g)
                    g.log(ended, "effect", f"ゲームが終了したため、効果{what}の残り（{len(parts) - i}つ）は行われない", player,
                          cites=[c for c in (self.game_over_rule,) if c and c != ended])
                    break
                self.apply_part(g, part, f"parts[{i}].")
            if not g.finished:
                self.end_of_effect(g, "effect")
        finally:
            g.group, g.resolving, g.acting = None, None, None
        self.after_adjustment(g)
        return header

    def current_number(self, g: GameState, player: str, card: dict, field: str) -> Any:
        """A card's number `field` now, after lasting changes (the clause: `current_value_rules`); the printed value
        where the game changes no such number (the default). `player` is whose zone holds the card."""
        return card.get(field)

    def end_of_effect(self, g: GameState, stage: str) -> None:
        """What the rules do when an effect's cost (`stage` "cost") or the whole effect ("effect") has resolved:
        a ruleset with hidden zones turns revealed cards back (engine/hidden.py); none by default."""

    def as_far_as_possible(self, g: GameState, wanted: int, available: int, what: str, field: str = "value") -> int:
        """A part asks for `wanted` and only `available` exist. Paying a cost, that is a cost that cannot be paid
        (Refused: the effect does not resolve); as an effect, as many as can be done are done, citing the rule."""
        if available >= wanted:
            return wanted
        if g.resolving == "cost":
            raise Refused(f"{field}: コストを支払えません。{what}が{wanted}必要ですが{max(available, 0)}しかありません",
                          self.unpayable_cost_rule(g, available), field)
        if self.as_much_as_possible_rule:
            g.cite_next(self.as_much_as_possible_rule)
        return max(available, 0)

    def unpayable_cost_rule(self, g: GameState, available: int) -> str:
        """The clause that refuses a cost part short of what it needs; rulesets that split the case override it."""
        return self.cost_rule or self.effect_rule

    # Lasting prohibitions and invalidations (engine/lasting.py's LastingEffects overrides these).
    def screen_part(self, g: GameState, spec: Adjustment, params: dict) -> "dict | TraceEntry":
        """An op's params as a prohibition in force leaves them (Refused when it forbids the op outright)."""
        return params

    def screen_keyword(self, g: GameState, keyword: str, source: str | None, player: str | None) -> None:
        """Refuse an effect entered as a keyword that an effect in force invalidates or prohibits."""

    def screen_source(self, g: GameState, source: str, kind: str | None) -> None:
        """Refuse an effect whose card's text or effects an effect in force invalidates."""

    def screen_decision(self, g: GameState, decision: Decision) -> Decision:
        """The decision with the options a prohibition in force forbids moved to its withheld actions."""
        return decision

    def use_keyword(self, g: GameState, keyword: str, source: str | None, player: str | None) -> list[str]:
        """Check a keyword ability's use limit (raise Refused with the clause when it is used up) and record the
        use in the state; return the clauses relied on. Rulesets with limited keywords override this."""
        return []

    def effect_player(self, g: GameState, source: str | None) -> str | None:
        """Whose effect it is when the judge does not say: the source card's owner, else the turn player."""
        return g.data.get("turn_player")

    def card_label(self, g: GameState, card_id: str) -> str:
        return card_id

    def players_in_order(self, g: GameState) -> list[str]:
        """Every player an effect for each player acts on, in order: the turn player first, then the others in
        seat order (rulesets whose book orders it otherwise override this)."""
        players = self.players(g)
        tp = g.data.get("turn_player")
        if tp in players:
            i = players.index(tp)
            players = players[i:] + players[:i]
        return players

    def players(self, g: GameState) -> list[str]:
        return list(g.data["players"])

    def adjust_concede(self, g: GameState, spec: Adjustment, target: str) -> TraceEntry:
        """投了: the conceding player loses at once (two-player default; multiplayer rulesets override)."""
        players = self.players(g)
        if target not in players:
            raise AdjustmentError(f"target: プレイヤー「{target}」はいません（{', '.join(players)}）", "target")
        others = [p for p in players if p != target]
        g.end_game(others[0] if len(others) == 1 else None)
        return g.log(self.concede_rule, "concede", f"{target} が投了し、敗北しました", target)


def concede_adjustment(rule: str) -> Adjustment:
    return Adjustment("concede", "投了", rule, {"target": {"type": "string"}}, ("target",))



_PART = {"type": "object", "required": ["op"], "properties": {"op": {"type": "string", "maxLength": 40}}}
EFFECT_PARAMS = {
    "source": {"type": "string", "maxLength": 80, "description": "効果を持つカード（ID）"},
    "player": {"type": "string", "maxLength": 40, "description": "効果の持ち主（既定: カードの持ち主、またはターンプレイヤー）"},
    "label": {"type": "string", "maxLength": 200, "description": "カードの文言"},
    "keyword": {"type": "string", "maxLength": 40, "description": "この効果であるキーワード能力（使用回数の制限を確かめる）"},
    "cost": {"type": "array", "maxItems": 20, "items": _PART, "description": "コスト（先に、すべて支払う）"},
    "parts": {"type": "array", "minItems": 1, "maxItems": 20, "items": _PART, "description": "効果（順に処理する）"},
}
EFFECT = Adjustment("effect", "効果（コストと処理の組）", "", EFFECT_PARAMS, ("parts",))
SELF_TARGETS = ("self", "このキャラクター")   # 「このキャラクター」: the effect's own source card
AT_ONCE = Adjustment("at_once", "同時に発動する効果（順番は規定のプレイヤーが決める）", "", {
    "effects": {"type": "array", "minItems": 2, "maxItems": simultaneous.MAX_EFFECTS,
                "items": {"type": "object", "required": ["parts"]},
                "description": "同時に発動した効果（それぞれ effect と同じ形。どれも順番が決まるまで解決しない）"},
}, ("effects",))


def part_named(e: EngineError, where: str, field: str | None = None) -> EngineError:
    """An error raised inside an op's handler, named by the part it came from (`parts[1].value: …`), as the params'
    own checks name it; an error a nested part already named (a condition's parts) is kept as it is."""
    if not where or (e.field or "").startswith(where):
        return e
    named = f"{where}{e.field or field}" if e.field or field else where.rstrip(".")
    e.message = f"{where}{e.message}" if e.field or field else f"{named}: {e.message}"
    e.field, e.args = named, (e.message,)   # the same error, renamed on its way out (nothing else holds it)
    return e


def _checked(spec: Adjustment, body: dict, where: str) -> dict:
    """The op's params, checked against its schema; an error names the field under `where`."""
    params = {k: v for k, v in body.items() if k != "op"}
    errors = list(Validator(spec.params_schema()).iter_errors(params))
    if errors:
        e = errors[0]
        name = ".".join(str(p) for p in e.absolute_path) or (e.validator == "required" and e.message.split("'")[1]) or "body"
        raise AdjustmentError(f"{where}{name}: {schema_message(e)}", f"{where}{name}")
    return params
