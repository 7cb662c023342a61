"""Scenario files: one ruling each (YAML), loaded, validated and run with their `expect` checked."""
from __future__ import annotations

from pathlib import Path
from typing import Any

from judge_app import safe_yaml
from judge_app.engine import EngineError, Game, get_ruleset
from judge_app.engine.game import check_adjustment_count
from judge_app.engine._schema_ja import message as schema_message
from judge_app.engine.bounds import SEED_MAX
from judge_app.engine.verdict import verdict
from judge_app.engine.json_schemas import Validator

SCENARIO_SCHEMA: dict = {
    "$schema": "https://json-schema.org/draft/2020-12/schema",
    "title": "judge_app scenario",
    "type": "object",
    "required": ["game", "title", "board"],
    "additionalProperties": False,
    "properties": {
        "game": {"type": "string"},
        "title": {"type": "string", "minLength": 1, "maxLength": 200},
        "description": {"type": "string", "maxLength": 4000},
        "question": {"type": "string", "maxLength": 2000},
        "board": {"type": "object"},
        "seed": {"type": "integer", "minimum": 0},
        "answers": {"type": "array", "maxItems": 5000},
        "expect": {
            "type": "object",
            "additionalProperties": False,
            "properties": {
                "winner": {"type": ["string", "null"]},
                "finished": {"type": "boolean"},
                "state": {"type": "object"},
                "rules": {"type": "array", "items": {"type": "string"}},
                "absent_rules": {"type": "array", "items": {"type": "string"}},
                "messages": {"type": "array", "items": {"type": "string"}},
                "pending": {"type": ["object", "null"]},
                "verdict": {    # what the ruling decided (issue 36): its answer and the clauses that decided it
                    "type": "object", "additionalProperties": False,
                    "properties": {"answer": {"enum": ["はい", "いいえ", "結果"]},
                                   "rules": {"type": "array", "items": {"type": "string"}},
                                   # where the ruling's window ends (a trace entry's seq; default: engine/verdict.py)
                                   "window": {"type": "integer", "minimum": 0}},
                },
                "withheld": {   # the final open decision withholds these, each by this clause
                    "type": "array",
                    "items": {"type": "object", "required": ["value", "rule"], "additionalProperties": False,
                              "properties": {"value": {}, "rule": {"type": "string"}}},
                },
            },
        },
    },
}


class ScenarioError(EngineError):
    pass


def load_scenario(source: str | Path | dict, max_bytes: int = safe_yaml.MAX_BYTES) -> dict:
    """Parse and validate a scenario: a Path to a file, YAML text, or an already-parsed dict.

    Text is read without anchors or aliases, and text and dicts alike must be plain JSON within the bounds of
    safe_yaml (depth, number of values, finite numbers) and at most `max_bytes` as JSON, before the schema."""
    try:
        if isinstance(source, dict):
            data = source
            safe_yaml.check(data, "scenario", max_bytes)
        else:
            text = source.read_text(encoding="utf-8") if isinstance(source, Path) else source
            data = safe_yaml.load(text, "scenario", max_bytes)
    except safe_yaml.YamlRefused as e:
        raise ScenarioError(e.message, e.field) from None
    if not isinstance(data, dict):
        raise ScenarioError("シナリオはオブジェクトである必要があります", "scenario")
    check_adjustment_count(data.get("answers"), "scenario.answers")   # before the schema reads every item
    errors = sorted(Validator(SCENARIO_SCHEMA).iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        e = errors[0]
        path = ".".join(str(p) for p in e.absolute_path) or "scenario"
        raise ScenarioError(f"{path}: {schema_message(e)}", path)
    if data.get("seed", 0) > SEED_MAX:
        raise ScenarioError(f"seed: 0 以上 {SEED_MAX} 以下の整数にしてください", "seed")
    get_ruleset(data["game"])
    return data


def _is_answer(item: Any) -> bool:
    return not isinstance(item, dict) or ("value" in item and "step" not in item and "adjust" not in item)


def _reach_decision(game: Game) -> None:
    """A bare answer runs the rules up to the next decision first."""
    if game.pending is None:
        if game.finished:
            raise EngineError("ゲームが終わった後に答えが残っています", "answers")
        game.step("decision")
    if game.pending is None:
        raise EngineError("答える決定がありません（ゲームが終了しました）", "answers")


def _attempt(game: Game, item: dict, i: int) -> str | None:
    """{try: V, refused: RULE}: V must be refused (citing RULE, when given), changing nothing but the trace, where
    it is a `refused` entry (Game.attempt). Returns a failure or None."""
    tried, want = item["try"], item.get("refused")
    if not (isinstance(tried, dict) and "adjust" in tried):
        _reach_decision(game)
    try:
        entry = game.attempt({"try": tried, **({"decision": item["decision"]} if "decision" in item else {})})
    except EngineError as e:
        return f"answers[{i}]: {tried!r} was not refused by a rule ({e.message})"
    if entry is None:
        return f"answers[{i}]: {tried!r} was accepted; expected it refused by {want or 'a rule'}"
    if want is not None and entry.rule != want:
        return f"answers[{i}]: {tried!r} was refused by {entry.rule}, not {want}"
    return None


def play_script(data: dict, carry_on: str = "end") -> tuple[Game, list[str]]:
    """Replay a scenario's script (docs/scenarios.md): a bare value (or {value}) answers the next decision,
    running the rules up to it; {step: until} and {adjust: {...}} are applied as they stand; {try: V, refused:
    RULE} tries V, which must be refused by RULE (recorded as a `refused` trace entry), and goes on. Then the rules run on to the end or to a decision the
    script leaves open (`carry_on`: "end"; a ruling made from the file runs on only to the end of the turn, "turn").
    Returns the game and the attempts that were not refused as expected."""
    ruleset = get_ruleset(data["game"])
    game = Game(ruleset, data["board"], data.get("seed", 0))
    failures: list[str] = []
    for i, item in enumerate(data.get("answers") or []):
        try:
            if isinstance(item, dict) and "try" in item:
                failure = _attempt(game, item, i)
                if failure:
                    failures.append(failure)
            elif _is_answer(item):
                _reach_decision(game)
                value = item["value"] if isinstance(item, dict) else item
                game.answer(item.get("decision") if isinstance(item, dict) else None, value)
            else:
                game.apply(item)
        except EngineError as e:
            raise ScenarioError(f"answers[{i}]: {e.message}", f"answers[{i}]") from None
    if not game.finished and game.pending is None:
        game.step(carry_on)
    return game, failures


def play_scenario(data: dict, carry_on: str = "end") -> Game:
    return play_script(data, carry_on)[0]


def named_clauses(game: Game) -> set[str]:
    """Every clause the ruling names: each trace entry's rule and cites, the open decision's rule and the
    clauses of what it withholds."""
    named = {c for e in game.trace for c in e.clauses}
    if game.pending is not None:
        named.update(game.pending.clauses)
    return named


def check_expect(game: Game, expect: dict) -> list[str]:
    failures: list[str] = []
    rules = [e.rule for e in game.trace]
    cited = named_clauses(game)
    if "winner" in expect and game.state.winner != expect["winner"]:
        failures.append(f"winner: expected {expect['winner']!r}, got {game.state.winner!r}")
    if "finished" in expect and game.state.finished != expect["finished"]:
        failures.append(f"finished: expected {expect['finished']!r}, got {game.state.finished!r}")
    for path, want in (expect.get("state") or {}).items():
        got = game.state.get(path, "<missing>")
        if got != want:
            failures.append(f"state.{path}: expected {want!r}, got {got!r}")
    for rule in expect.get("rules") or []:
        if rule not in cited:
            failures.append(f"rules: {rule} is named by no trace entry, open decision or withheld action")
    for rule in expect.get("absent_rules") or []:
        if rule in rules:
            failures.append(f"absent_rules: {rule} appears in the trace")
    messages = [e.message for e in game.trace]
    for text in expect.get("messages") or []:
        if not any(text in m for m in messages):
            failures.append(f"messages: no trace message contains {text!r}")
    if "pending" in expect:
        failures.extend(_pending_failures(game, expect["pending"]))
    for want in expect.get("withheld") or []:
        held = game.pending.withheld_of(want["value"]) if game.pending else None
        if held is None:
            failures.append(f"withheld: {want['value']!r} is not withheld by the open decision")
        elif held.rule != want["rule"]:
            failures.append(f"withheld: {want['value']!r} is withheld by {held.rule}, not {want['rule']}")
    return failures


def verdict_failures(got: dict, want: dict) -> list[str]:
    """expect.verdict: the verdict's answer is `answer`, and every clause of `rules` is one of its deciding
    clauses or refusals (engine/verdict.py)."""
    failures = []
    if "answer" in want and got["answer"] != want["answer"]:
        failures.append(f"verdict.answer: expected {want['answer']}, got {got['answer']} ({got['headline']})")
    for rule in want.get("rules") or []:
        if rule not in got["clauses"]:
            failures.append(f"verdict.rules: {rule} is not among the verdict's deciding clauses or refusals")
    return failures


def _pending_failures(game: Game, want: dict | None) -> list[str]:
    got = game.pending.to_json() if game.pending else None
    if want is None:
        return [f"pending: expected none, got {got['prompt']!r} ({got['rule']})"] if got is not None else []
    if got is None:
        return ["pending: expected a decision, none pending"]
    return [f"pending.{k}: expected {v!r}, got {got.get(k)!r}" for k, v in want.items() if got.get(k) != v]


def run_scenario(source: str | Path | dict) -> dict:
    data = load_scenario(source)
    game, failures = play_script(data)
    failures += check_expect(game, data.get("expect") or {})
    if "verdict" in (data.get("expect") or {}):
        want = data["expect"]["verdict"]
        failures += verdict_failures(verdict(game, want.get("window")), want)
    return {
        "game": data["game"], "title": data["title"], "trace": [e.to_json() for e in game.trace],
        "state": game.state.data, "winner": game.state.winner,
        "pending": game.pending.to_json() if game.pending else None,
        "expect_ok": not failures, "expect_failures": failures,
        "answers": game.answers, "halted": game.halted, "verdict": verdict(game),
    }


def scenario_files(root: Path, game: str | None = None) -> list[Path]:
    base = root / game if game else root
    return sorted(base.rglob("*.yaml"))
