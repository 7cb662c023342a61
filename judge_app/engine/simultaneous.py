"""Effects that happen at the same time (`at_once`): held together, then ordered by the player the rulebook names.

The judge enters every effect of the moment in one `at_once {effects: [...]}` adjustment, each shaped as an `effect`
(its cost, choices and parts written out before any of them resolves). The session keeps them in the state under
`at_once` — `{rule, effects: [{n, player, label, keyword?, body}], last}` — and no effect resolves alone before the
ordering: each ruleset's `next_simultaneous` says who picks the next one, which they may pick and which the clause
withholds. A pick with one lawful choice is made by the rules (logged with the clause); otherwise the session waits
on a decision of kind `simultaneous` (Game.adjust raises it; Game.answer brings the pick back here).
A game whose clause makes the effects one process (kaiun 10-1-1-3 / 8-5-1) resolves them in one go instead
(`resolve_together`): every cost first, then every part, rule processing after all of them.
"""
from __future__ import annotations

from typing import Any, NamedTuple

from judge_app.engine import effect_parts
from judge_app.engine.state import GameState
from judge_app.engine.trace import AdjustmentError, Decision, TraceEntry

KEY = "at_once"
DECISION_KIND = "simultaneous"
MAX_EFFECTS = 6


class Pick(NamedTuple):
    """Whose pick the next effect is, under which clause: `allowed` are the effect numbers they may pick now and
    `withheld` (n, rule, reason) those the clause keeps back for later."""

    player: str | None
    rule: str
    allowed: tuple[int, ...]
    withheld: tuple[tuple[int, str, str], ...] = ()


def held(g: GameState) -> dict | None:
    return g.data.get(KEY)


def waiting(g: GameState) -> list[dict]:
    return list((held(g) or {}).get("effects") or ())


def words(item: dict) -> str:
    return f"{item['n']}.「{item.get('label') or 'カードの効果'}」（{item['player']}）"


def hold(ruleset: Any, g: GameState, effects: list[dict], checked: Any) -> TraceEntry:
    """Check every effect as an `effect` adjustment's params would be, then hold them all (or, where the game's clause
    makes them one process, resolve them together)."""
    items = []
    for i, body in enumerate(effects):
        params = checked(body, f"effects[{i}].")
        player = params.get("player") or ruleset.effect_player(g, params.get("source"))
        if player is not None and player not in ruleset.players(g):
            raise AdjustmentError(f"effects[{i}].player: プレイヤー「{player}」はいません", f"effects[{i}].player")
        keyword = (params.get("keyword") or "").strip().strip("【】") or None
        items.append({"n": i + 1, "player": player, "label": params.get("label"), "keyword": keyword,
                      "body": {**params, "player": player}})
    rule = ruleset.simultaneous_clause(items)
    if ruleset.simultaneous_together:
        return resolve_together(ruleset, g, items, rule)
    g.set(KEY, {"rule": rule, "effects": items, "last": None})
    entry = g.log(rule, "simultaneous", "同時に発動した効果を待機させます（順番が決まるまでどれも解決しません）: "
                  + "、".join(words(e) for e in items), None, cites=ruleset.simultaneous_cites)
    advance(ruleset, g)
    return entry


def advance(ruleset: Any, g: GameState) -> None:
    """Resolve what the rules order by themselves, until a player's pick is needed or none is left."""
    while True:
        left = waiting(g)
        if not left:
            finish(ruleset, g)
            return
        if g.finished:
            g.set(KEY, None)
            g.log(ruleset.game_over_clause(g), "simultaneous",
                  f"ゲームが終了したため、待機していた効果（{len(left)}つ）は解決されない", None)
            return
        pick = ruleset.next_simultaneous(g, left)
        if pick.player is not None and len(pick.allowed) > 1:
            return   # the player's pick: Game.adjust / Game.answer ask it (`decision`)
        resolve_one(ruleset, g, pick.allowed[0], pick, chosen=False)


def decision(ruleset: Any, g: GameState) -> Decision | None:
    """The pick the session waits on, when the rules leave it to a player."""
    left = waiting(g)
    if not left or g.finished:
        return None
    pick = ruleset.next_simultaneous(g, left)
    by_n = {e["n"]: e for e in left}
    options = [(f"effect:{n}", f"{words(by_n[n])}を先に解決する") for n in pick.allowed]
    withheld = [(f"effect:{n}", f"{words(by_n[n])}を先に解決する", rule, reason) for n, rule, reason in pick.withheld]
    return g.ask(pick.player, "同時に発動した効果: 次に解決する効果を選んでください", options, pick.rule,
                 kind=DECISION_KIND, withheld=withheld)


def choose(ruleset: Any, g: GameState, value: str) -> None:
    """The player's pick (an answer to `decision`): that effect resolves, then the rules go on ordering."""
    n = int(str(value).partition(":")[2])
    pick = ruleset.next_simultaneous(g, waiting(g))
    resolve_one(ruleset, g, n, pick, chosen=True)
    advance(ruleset, g)


def resolve_one(ruleset: Any, g: GameState, n: int, pick: Pick, chosen: bool) -> None:
    left = waiting(g)
    item = next(e for e in left if e["n"] == n)
    g.set(KEY, {**held(g), "effects": [e for e in left if e["n"] != n], "last": item["player"]})
    how = f"{pick.player} が選び" if chosen else "ルールにより"
    g.log(pick.rule, "simultaneous", f"{how}、{words(item)}を解決します"
          + (f"（残り {len(left) - 1}つ）" if len(left) > 1 else ""), pick.player or item["player"])
    ruleset.resolve_effect(g, **item["body"])


def finish(ruleset: Any, g: GameState) -> None:
    if held(g) is None:
        return
    rule = held(g)["rule"]
    g.set(KEY, None)
    g.log(rule, "simultaneous", "同時に発動した効果をすべて解決しました", None)
    ruleset.after_adjustment(g)


def resolve_together(ruleset: Any, g: GameState, items: list[dict], rule: str) -> TraceEntry:
    """One process (kaiun 10-1-1-3 / 8-5-1): every keyword limit and cost is settled, in full, before any effect's
    parts are done, and none sees another's result before its own choices; rule processing runs once, after all."""
    entry = g.log(rule, "simultaneous", "同時に発動した効果は同時に処理します（選択とコストはどの効果の結果も見ずに決まっています）: "
                  + "、".join(words(e) for e in items), None, cites=ruleset.simultaneous_cites)
    kept = []
    for item in items:   # every 「〜してもよい」 is decided before any effect does anything
        body = item["body"]
        if body.get("source"):
            ruleset.check_source(g, body["source"], body.get("keyword"), body.get("kind"))
        what = f"「{item.get('label') or 'カードの効果'}」"
        if body.get("optional") and not effect_parts.uses_optional(ruleset, g, item["player"], what,
                                                                   list(body.get("cost") or ())):
            g.log(ruleset.optional_rule, "simultaneous", f"{item['player']} は{words(item)}を使わないことを選びました",
                  item["player"])
            continue
        kept.append(item)
    items = kept
    for item in items:
        body = item["body"]
        if body.get("keyword"):
            g.cite_next(*ruleset.use_keyword(g, body["keyword"], body.get("source"), item["player"]))
    g.resolving = "cost"
    try:
        for item in items:
            for i, part in enumerate(item["body"].get("cost") or ()):
                ruleset.apply_part(g, part, f"effects[{item['n'] - 1}].cost[{i}].")
        ruleset.end_of_effect(g, "cost")
        g.resolving = "effect"
        for item in items:
            for i, part in enumerate(item["body"]["parts"]):
                if g.finished:
                    break
                ruleset.apply_part(g, part, f"effects[{item['n'] - 1}].parts[{i}].")
        if not g.finished:
            ruleset.end_of_effect(g, "effect")
    finally:
        g.resolving = None
    g.log(rule, "simultaneous", "同時に発動した効果の処理を終えました", None)
    ruleset.after_adjustment(g)
    return entry


# ---- the orders the rulebooks give (each ruleset's next_simultaneous picks one) -----------------------------------
def players_in_turn(waiting_effects: list[dict], first: str, rule: str, reason: str) -> Pick:
    """`first`'s effects before anyone else's, `first` choosing among them; then the next player's (opcg 8-6-1:
    the turn player's first)."""
    mine = tuple(e["n"] for e in waiting_effects if e["player"] == first)
    if not mine:
        chooser = waiting_effects[0]["player"]
        return Pick(chooser, rule, tuple(e["n"] for e in waiting_effects if e["player"] == chooser),
                    tuple((e["n"], rule, reason) for e in waiting_effects if e["player"] != chooser))
    return Pick(first, rule, mine, tuple((e["n"], rule, reason) for e in waiting_effects if e["player"] != first))


def taking_turns(waiting_effects: list[dict], first: str, last: str | None, rule: str, reason: str) -> Pick:
    """One effect each in turn, starting with `first` (los 9.3: the turn player's opponent); a player with none left
    is passed over. The player whose turn it is chooses which of theirs."""
    players = list(dict.fromkeys([first, *(e["player"] for e in waiting_effects)]))
    due = first if last is None else next((p for p in players if p != last), first)
    if not any(e["player"] == due for e in waiting_effects):
        due = next(e["player"] for e in waiting_effects)
    return Pick(due, rule, tuple(e["n"] for e in waiting_effects if e["player"] == due),
                tuple((e["n"], rule, reason) for e in waiting_effects if e["player"] != due))
