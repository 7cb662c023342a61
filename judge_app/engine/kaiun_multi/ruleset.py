"""開運コロシウム 多人数制 総合ルール (3–5 players, 親 and 子): rules_corpus/kaiun-multi.txt.

One game with the two-player ruleset: this subclass overrides only what the multiplayer book restates —
1-2 (勝敗), 5-2 (the first 親 by ジャンケン), 6 (its own section 6: 親 first in the set phase, no 【開運時】
in the open phase, 親 stays on the field, 親 passes to the left) and 7 (the 親 battles every 子 clockwise,
【開運時】 in each battle, 運値 reset after each battle). What it leaves to 「開運コロシウム 総合ルールを参照」
(1-3, 2, 3, 4, 5-1, 8, 9, 10, 11-1 to 11-3) is the two-player rule, cited by its `kaiun:` id.
Seats: players sit clockwise in the order p1, p2, …; the left neighbour of p1 is p2 (and of the last, p1).
"""
from __future__ import annotations

import dataclasses

import random

from judge_app.engine.kaiun import board as kb
from judge_app.engine.kaiun.hidden import MULTI_HIDDEN
from judge_app.engine.kaiun.ruleset import RESULT_JA, Clauses, KaiunRuleset
from judge_app.engine.kaiun_multi import board as multi_board
from judge_app.engine.kaiun_multi import invariants as multi_invariants
from judge_app.engine.kaiun_multi import notation
from judge_app.engine.kaiun_multi.options import RULE_OPTIONS
from judge_app.engine.kaiun_multi.phases import PHASE_LABELS, PHASES
from judge_app.engine.ruleset import Adjustment
from judge_app.engine.state import GameState
from judge_app.engine.trace import Refused, TraceEntry

# The kaiun procedures this book restates under its own numbers (the shared code cites the kaiun id).
MULTI_CLAUSES = Clauses({
    "kaiun:5-2-1-1": "kaiun-multi:5-2-1-1",
    "kaiun:5-2-1-2": "kaiun-multi:5-2-1-2",
    "kaiun:5-2-1-3": "kaiun-multi:5-2-1-3",
    "kaiun:5-2-1-4": "kaiun-multi:5-2-1-5",
    "kaiun:6-2-1": "kaiun-multi:6-2-1",
    "kaiun:6-4-1": "kaiun-multi:6-4-1",
    "kaiun:6-4-2": "kaiun-multi:7-3-1",
    "kaiun:7-1": "kaiun-multi:7-3",
    "kaiun:7-1-1": "kaiun-multi:7-3-2",
    "kaiun:7-1-1-1": "kaiun-multi:7-3-2-1",
    "kaiun:7-1-1-2": "kaiun-multi:7-3-2-2",
    "kaiun:7-1-2": "kaiun-multi:7-3-3",
    "kaiun:7-1-2-1": "kaiun-multi:7-3-3-1",
    "kaiun:7-1-2-2": "kaiun-multi:7-3-3-2",
    "kaiun:7-1-2-3": "kaiun-multi:7-3-3-3",
    "kaiun:7-1-3": "kaiun-multi:7-3-4",
    "kaiun:7-1-4": "kaiun-multi:7-3-5",
    "kaiun:7-1-5": "kaiun-multi:7-3-6",
    "kaiun:7-1-5-1": "kaiun-multi:7-3-6-1",
    "kaiun:7-1-5-2": "kaiun-multi:7-3-6-2",
    "kaiun:7-1-5-3": "kaiun-multi:7-3-6-3",
    "kaiun:7-1-5-4": "kaiun-multi:7-3-6-4",
    "kaiun:7-1-5-4-1": "kaiun-multi:7-3-6-4-1",
    "kaiun:7-1-5-5": "kaiun-multi:7-4",
    "kaiun:6-6-1": "kaiun-multi:6-6-1",
    "kaiun:6-6-1-1": "kaiun-multi:6-6-1-1",
    "kaiun:6-6-1-1-1": "kaiun-multi:6-6-1-1-1",
    "kaiun:6-6-2": "kaiun-multi:6-6-2",
    "kaiun:6-6-3": "kaiun-multi:6-6-3",
    "kaiun:6-6-4": "kaiun-multi:7-3-6-6",
    "kaiun:6-6-5": "kaiun-multi:6-6-5",
    "kaiun:6-6-5-1": "kaiun-multi:6-6-5-1",
    "kaiun:1-1-1": "kaiun-multi:1-1-1",
    "kaiun:1-2-1": "kaiun-multi:1-2-1",
    "kaiun:1-2-1-1-1": "kaiun-multi:1-2-1-1-1",
    "kaiun:1-2-1-1-2": "kaiun-multi:1-2-1-1-2",
    "kaiun:1-2-2": "kaiun-multi:1-2-2",
    "kaiun:1-2-3": "kaiun-multi:1-2-3",
    "kaiun:1-2-4": "kaiun-multi:1-2-4",
    "kaiun:1-2-6": "kaiun-multi:1-2-6",
    "kaiun:1-2-2-1": "kaiun-multi:1-2-2-1",
    "kaiun:4-2-1-4": "kaiun-multi:11-4-2",
})


class KaiunMultiRuleset(KaiunRuleset):
    # 「このバトル中」 ends at 7-3-6-5, 「このターン中」 at 6-6-6 (this book's own words); a 子's 「相手」 is the 親 (11-4-2)
    duration_rules = {"turn": ("kaiun-multi:6-6-6",), "battle": ("kaiun-multi:7-3-6-5",)}
    relative_target_rule = "kaiun-multi:11-4-2"
    game = "kaiun-multi"
    player_counts = (3, 4, 5)
    verdict_words = dataclasses.replace(KaiunRuleset.verdict_words, shared={"parent": "親", "effects": "続いている効果"},
                                        fields={**KaiunRuleset.verdict_words.fields, "left": "ゲームから抜けた"})
    doc = "kaiun-multi"
    hidden_rules = MULTI_HIDDEN
    title = "開運コロシウム 多人数制"
    concede_rule = "kaiun-multi:1-2-4"
    game_over_rule = "kaiun-multi:1-2-1"   # 1人以外のすべてのプレイヤーが敗北した場合、ゲームが終了します
    kaiun_phase = "battle"                  # 7-3-1: 【開運時】 at the start of each battle, not in the open phase
    kaiun_timing_rule = "kaiun-multi:7-3-1"
    notation = notation
    C = MULTI_CLAUSES
    board_schema = multi_board.BOARD_SCHEMA
    # every change by an effect is reset after each battle (7-3-6-6), whatever duration the card names
    unchi_durations = (("battle", "このバトルの終了（7-3-6-6）まで"), ("turn", "このバトルの終了（7-3-6-6）でリセット"))
    phases = PHASES
    phase_labels = PHASE_LABELS
    rule_options = RULE_OPTIONS

    # ---- board ------------------------------------------------------------------------------
    def check_board(self, board: dict) -> None:
        super().check_board(board)
        multi_board.check_seats(board)

    def setup_extra(self, board: dict, data: dict) -> None:
        data["parent"] = board.get("parent")

    def new_game_board(self, rng: random.Random, players: int | None = None) -> dict:
        return multi_board.new_game_board(rng, players)

    def midgame_board(self, rng: random.Random, players: int | None = None) -> dict:
        return multi_board.midgame_board(rng, players)

    def invariants(self, g: GameState) -> list[str]:
        return multi_invariants.invariants(g)

    # ---- seats ------------------------------------------------------------------------------------
    def alive(self, g: GameState) -> list[str]:
        """Players not defeated (a defeated 親 still finishing its battles is in the game but not alive)."""
        return [p for p in self.in_game(g) if not self.pl(g, p)["lost"]]

    def clockwise_from(self, g: GameState, p: str) -> list[str]:
        seats = list(g.data["players"])
        i = seats.index(p)
        return seats[i + 1:] + seats[:i]

    def children(self, g: GameState) -> list[str]:
        """7-1: the 子, from the 親's left neighbour clockwise."""
        return [p for p in self.clockwise_from(g, g.data["parent"]) if not self.pl(g, p)["left"]]

    def opponents(self, g: GameState, p: str) -> list[str]:
        """11-4-2: for the 親, 「相手」 is every 子; for a 子, it is the 親."""
        parent = g.data["parent"]
        if p == parent:
            return self.children(g)
        return [parent] if parent in self.in_game(g) else []

    # ---- 5-2-1-4 the first 親 -----------------------------------------------------------------
    def before_start(self, g: GameState):
        rule = "kaiun-multi:5-2-1-4"
        winner = yield g.ask(None, "すべてのプレイヤーでジャンケンを行います。勝利したのは？",
                             [(p, f"{p} が勝利") for p in self.in_game(g)], rule, kind="janken")
        g.set("parent", winner)
        yield g.log(rule, "parent", f"ジャンケンに勝利した {winner} が最初の親になります", winner,
                    cites=("kaiun-multi:1-1-1-1",))

    # ---- 6-3 セットフェイズ: 親から ------------------------------------------------------------
    def set_groups(self, g: GameState) -> list[list[str]]:
        parent = g.data["parent"]
        first = [parent] if parent in self.in_game(g) else []
        return [first, self.children(g)]

    def set_cites(self, g: GameState, p: str) -> tuple[str, ...]:
        return ("kaiun-multi:6-3-1",)  # 親から行い、親の行動が終了した後に子が行う

    def set_clauses(self, g: GameState, p: str) -> tuple[str, str]:
        if p == g.data["parent"]:
            return "kaiun-multi:6-3-1-1", "kaiun-multi:6-3-1-2"
        return "kaiun-multi:6-3-1-3", "kaiun-multi:6-3-1-4"

    # ---- 6-4 オープンフェイズ: 【開運時】 is in each battle (7-3-1) -----------------------------
    def open_phase(self, g: GameState):
        g.set("phase", "open")
        yield from self.flip_cards(g)

    # ---- 7 カードのバトル ------------------------------------------------------------------------
    def battle_phase(self, g: GameState):
        g.set("phase", "battle")
        parent = g.data["parent"]
        order = self.children(g)
        yield g.log("kaiun-multi:7-1", "battle",
                    f"親 {parent} は左隣から時計回りに、子 {'、'.join(order)} の順で1回ずつバトルを行います", parent,
                    cites=("kaiun-multi:7-2", "kaiun-multi:7-3"))
        for child in order:
            if self.pl(g, parent)["left"]:
                yield g.log("kaiun-multi:7-2", "battle", f"親 {parent} はゲームから離脱したため、残りのバトルは行われません")
                break
            if self.pl(g, child)["left"]:
                continue
            yield from self.kaiun_timing(g, parent, child)
            yield from self.battle(g, parent, child)
            if g.finished:
                return
        yield g.log("kaiun-multi:7-4", "battle", "すべての子とのバトルが終了し、コストフェイズに進みます",
                    cites=("kaiun-multi:6-5-2",))
        if not self.pl(g, parent)["left"] and self.pl(g, parent)["lost"]:
            g.set(f"players.{parent}.left", True)
            yield g.log("kaiun-multi:7-3-6-2-1", "leave",
                        f"敗北した親 {parent} は、すべての子とバトルを終えたため、ゲームから離脱します", parent)

    def used(self, g: GameState, p: str, k: str) -> bool:
        """Whether p's keyword effect k has activated: the one record the limit check (use_keyword) writes and reads,
        and the timing steps only read (issue 38: a step the judge applied nothing at marks nothing used). A board's
        own flag (kaiun_used, win_used, lose_used) says the same of what happened before it."""
        flag = {"開運時": "kaiun_used", "バトル勝利時": "win_used", "バトル敗北時": "lose_used"}[k]
        return k in self.pl(g, p)["keywords_used"] or bool(self.pl(g, p).get(flag))

    def kaiun_timing(self, g: GameState, parent: str, child: str):
        once = self.opt(g, "kaiun_timing") == "once_per_turn"
        who = [p for p in (parent, child) if self.pl(g, p)["battle_area"]]
        skipped = once and self.used(g, parent, "開運時")
        if skipped:
            who = [p for p in who if p != parent]
        for p in list(who):
            stopped = self.stopped_note(g, p, "開運時")
            if stopped:
                who.remove(p)
                yield g.log(stopped[0], "timing", stopped[1], p, cites=("kaiun-multi:7-3-1",))
        names = "、".join(f"{p}{kb.card_label(self.card_in_battle(g, p))}" for p in who) or "なし"
        note = f"（親 {parent} の【開運時】はこのターン既に発動しています）" if skipped else ""
        # skipped: the inherited limit decides, relying on the step it limits; else 7-3-1 under the option in force
        cites = ("kaiun-multi:7-3-1",) if skipped else ("kaiun:10-1-1-2",) if once else ("kaiun-multi:7-2",)
        yield g.log("kaiun:10-1-1-2" if skipped else "kaiun-multi:7-3-1", "timing",
                    f"親 {parent} と子 {child} のバトル: 【開運時】の効果があれば発動します（{names}）{note}。"
                    "効果の内容は判定員が調整で適用します", cites=cites)

    def battle_keyword_timing(self, g: GameState, winner: str | None, loser: str | None):
        """7-3-4 / 7-3-5 in every battle (7-2 repeats 7-3), or once per turn under option battle_keyword_timing
        (the inherited 10-1-2-2 / 10-1-3-2). Decision and reasons: docs/rulings-decisions.md."""
        once = self.opt(g, "battle_keyword_timing") == "once_per_turn"
        g.kaiun_skipped = set()
        for p, word, field, rule, limit in (
                (winner, "【バトル勝利時】", "win_used", "kaiun-multi:7-3-4", "kaiun:10-1-2-2"),
                (loser, "【バトル敗北時】", "lose_used", "kaiun-multi:7-3-5", "kaiun:10-1-3-2")):
            if not p or self.pl(g, p)["left"]:
                continue  # a player who left during the battle (a card's 敗北, 1-2-6) takes no further step in it
            stopped = self.stopped_note(g, p, word[1:-1])
            if stopped:   # invalidated or prohibited (8-2-1-1 / 1-3-3): it does not activate, in every battle it holds
                g.kaiun_skipped.add(p)
                yield g.log(stopped[0], "timing", stopped[1], p, cites=(rule,))
                continue
            if once and self.used(g, p, word[1:-1]):
                g.kaiun_skipped.add(p)
                yield g.log(limit, "timing",
                            f"{p} の{word}効果はこのターン既に発動しているため、このバトルでは発動しません"
                            "（ルール選択: battle_keyword_timing=once_per_turn）", p, cites=(rule,))
                continue
            if once:
                yield g.log(rule, "timing", f"{p} のカードに{word}の効果があれば発動します"
                            "（ルール選択: battle_keyword_timing=once_per_turn、このターンまだ発動していません）", p, cites=(limit,))
            else:
                yield g.log(rule, "timing", f"{p} のカードに{word}の効果があれば発動します"
                            "（ルール選択: battle_keyword_timing=every_battle、子とのバトルごと）", p,
                            cites=("kaiun-multi:7-2",))

    def keyword_skipped(self, g: GameState, p: str) -> bool:
        return p in getattr(g, "kaiun_skipped", ())

    def per_battle_keywords(self, g: GameState) -> set[str]:
        """The keyword effects a player may use again in its next battle this turn: those whose option reads 7-2 (each
        battle repeats 7-3) over the inherited once-per-turn clause (docs/rulings-decisions.md)."""
        out = set()
        if self.opt(g, "kaiun_timing") == "every_battle":
            out.add("開運時")
        if self.opt(g, "battle_keyword_timing") == "every_battle":
            out.update(("バトル勝利時", "バトル敗北時"))
        return out

    def keyword_scope(self, g: GameState, k: str) -> str:
        return "このバトルで" if k in self.per_battle_keywords(g) else "このターン"

    def keyword_clauses(self, g: GameState, k: str, p: str) -> tuple[str, str]:
        """【開運時】 is the first step of a battle (7-3-1, before 7-3-2 compares): a 子 has one battle, so once its result
        is in, its 【開運時】 has passed; the 親's activates in its first battle only unless kaiun_timing=every_battle."""
        when, limit = super().keyword_clauses(g, k, p)
        if k in ("開運時", "バトル勝利時", "バトル敗北時") and k not in self.per_battle_keywords(g) and self.used(g, p, k):
            raise Refused(f"keyword: {p} の【{k}】効果はこのターン既に発動しています（{limit}）", limit, "keyword")
        if k == "開運時" and self.pl(g, p)["battle_result"] is not None and (
                p != g.data["parent"] or self.compared_in_this_battle(g)):
            raise Refused(f"keyword: {p} のバトルはジャンケンを比べ終えています。【開運時】はバトルの最初（7-3-1）に発動します",
                          "kaiun-multi:7-3-1", "keyword")
        return when, limit

    def compared_in_this_battle(self, g: GameState) -> bool:
        """Whether the battle under way has compared (7-3-2) since its 【開運時】 step (7-3-1): the 親 keeps a result from
        an earlier battle, so its own result cannot tell. Between battles (after 7-3-6-6) nothing is under way."""
        for e in reversed(g.trace):
            if e.rule == "kaiun-multi:7-3-6-6" or (e.kind == "timing" and "【開運時】" in e.message):
                return False
            if any(c.path.endswith(".battle_result") for c in e.changes):
                return True
        return False

    def battle_end(self, g: GameState, battlers: list[str]):
        g.kaiun_skipped = set()
        again = self.per_battle_keywords(g)
        for p in self.in_game(g):
            g.set(f"players.{p}.win_battle", False)
            used = self.pl(g, p)["keywords_used"]
            if again and any(k in again for k in used):
                g.set(f"players.{p}.keywords_used", [k for k in used if k not in again])
        ended = self.end_lasting(g, "battle")
        yield g.log("kaiun-multi:7-3-6-5", "battle", "「このバトル中」と表記される効果の適用が終了します" + ended)
        for p in self.in_game(g):
            g.set(f"players.{p}.unchi_mod", {"kachi": 0, "aiko_make": 0})
        yield g.log("kaiun-multi:7-3-6-6", "reset", "効果による運値の変動をリセットします")

    # ---- 6-6 コストフェイズ ------------------------------------------------------------------------
    def trash_battle_cards(self, g: GameState):
        parent = g.data["parent"]
        for p in self.in_game(g):
            pl = self.pl(g, p)
            if p != parent and pl["battle_area"] and pl["battle_result"] in ("lose", "draw"):
                g.set(f"players.{p}.trash", pl["trash"] + pl["battle_area"])
                g.set(f"players.{p}.battle_area", [])
                yield g.log("kaiun-multi:6-6-3", "cost",
                            f"子 {p} のバトルに{RESULT_JA[pl['battle_result']]}カードをトラッシュに置きます", p)

    def reset_unchi(self, g: GameState):
        parent = g.data["parent"]
        if parent in self.in_game(g) and self.pl(g, parent)["battle_area"]:
            yield g.log("kaiun-multi:6-6-4", "cost", f"親 {parent} のカードはバトルの勝敗に関わらず、バトルエリアに表側で残ります", parent)

    def turn_end(self, g: GameState):
        for p in self.in_game(g):
            if self.pl(g, p)["keywords_used"]:
                g.set(f"players.{p}.keywords_used", [])
            g.set(f"players.{p}.kaiun_used", False)
            g.set(f"players.{p}.win_used", False)
            g.set(f"players.{p}.lose_used", False)
        ended = self.end_lasting(g, "turn")
        yield g.log("kaiun-multi:6-6-6", "timing", "「このターン中」と表記される効果の適用が終了します" + ended)
        old = g.data["parent"]
        neighbour = self.clockwise_from(g, old)[0]
        following = [p for p in self.clockwise_from(g, old) if not self.pl(g, p)["left"]]
        rule = "kaiun-multi:6-6-7"
        if (self.pl(g, neighbour)["left"] or self.pl(g, old)["left"]) and self.opt(g, "next_parent") == "janken":
            rule = "kaiun-multi:5-2-1-4"
            new = yield g.ask(None, "次の親をジャンケンで決めます（ルール選択: next_parent=janken）。勝利したのは？",
                              [(p, f"{p} が勝利") for p in self.in_game(g)], rule, kind="janken")
        else:
            new = following[0]
        for p in self.in_game(g):
            g.set(f"players.{p}.battle_result", None)
        g.set("parent", new)
        g.set("turn", g.turn + 1)
        g.set("phase", "draw")
        how = "ジャンケンで" if rule == "kaiun-multi:5-2-1-4" else f"{old} の左隣（ゲームに残っているプレイヤー）の"
        yield g.log(rule, "parent", f"ターンが終了し、{how} {new} が次のターンの親になります（ターン{g.turn}）", new)

    # ---- 9 ルール処理 with players leaving (1-2-1) -----------------------------------------------------
    def defeat_flagged(self, g: GameState) -> list[str]:
        return [p for p in self.alive(g) if self.pl(g, p)["defeat"]]

    def contenders(self, g: GameState) -> list[str]:
        """1-2-3 「ゲーム中のすべてのプレイヤー」: everyone not yet defeated."""
        return self.alive(g)

    def defeat_check(self, g: GameState, flagged: list[str]):
        if self.janken_due(g):
            yield from self.simultaneous_defeat(g, flagged)
            return
        parent = g.data["parent"]
        stays = g.phase == "battle" and parent in flagged
        rule, first = self.defeat_cites(g, flagged[0])
        notes = []
        cites = [*first, *(c for p in flagged[1:] for c in self.defeat_cites(g, p)[1])]
        for p in flagged:
            g.set(f"players.{p}.lost", True)
            g.set(f"players.{p}.defeat", None)
            if p == parent and stays:
                notes.append(f"親 {p} はすべての子とバトルを終えた後に離脱します（kaiun-multi:7-3-6-2-1）")
                cites.append("kaiun-multi:7-3-6-2-1")
            else:
                g.set(f"players.{p}.left", True)
                notes.append(f"{p} はゲームから離脱します")
        if len(self.alive(g)) >= 2:
            notes.append("ゲームは続きます（敗北していないプレイヤーが2人以上残っています）")
            cites.append("kaiun-multi:1-2-1")  # the game ends only when all but one have lost
        yield g.log(rule, "lose", f"ルール処理（敗北判定）: {'、'.join(flagged)} はゲームに敗北します。" + "。".join(notes),
                    flagged[0], cites=cites)
        yield from self.check_last_player(g)

    def check_last_player(self, g: GameState):
        alive = self.alive(g)
        if len(alive) == 1:
            g.end_game(alive[0])
            yield g.log("kaiun-multi:1-2-1", "win",
                        f"1人以外のすべてのプレイヤーが敗北したため、{alive[0]} がゲームに勝利します", alive[0])

    def simultaneous_defeat(self, g: GameState, flagged: list[str]):
        rule = "kaiun-multi:1-2-3"
        met = [c for p in flagged for c in self.defeat_cites(g, p)[1]]
        winner = yield g.ask(None, f"ゲーム中のすべてのプレイヤー（{'、'.join(flagged)}）が同時に敗北条件を満たしています。"
                                   "ジャンケンに勝利したのは？", [(p, f"{p} が勝利") for p in flagged], rule, kind="janken")
        for p in flagged:
            g.set(f"players.{p}.defeat", None)
            if p != winner:
                g.set(f"players.{p}.lost", True)
                g.set(f"players.{p}.left", True)
        g.end_game(winner)
        yield g.log(rule, "win", f"ジャンケンに勝利した {winner} がゲームに勝利します", winner, cites=met)

    # ---- adjustments that remove a player ---------------------------------------------------------
    def refresh_defeat_condition(self) -> str:
        return "kaiun-multi:1-2-2-2"  # the multiplayer book prints its own 1-2-2-2

    def leave_now(self, g: GameState, p: str) -> str:
        """A player leaving at once (投了 1-2-4, a card's 敗北 1-2-6); the message tail says what follows.
        Either way the tail rests on kaiun-multi:1-2-1, which the caller cites."""
        g.set(f"players.{p}.lost", True)
        g.set(f"players.{p}.left", True)
        alive = self.alive(g)
        if len(alive) == 1:
            g.end_game(alive[0])
            return f"1人以外のすべてのプレイヤーが敗北したため、{alive[0]} がゲームに勝利します（kaiun-multi:1-2-1）"
        tail = "ゲームは続きます（敗北していないプレイヤーが2人以上残っています）"
        if p == g.data["parent"] and g.phase == "battle":
            tail += "（親が離脱したため、このターンの残りのバトルは行われません）"
        return tail

    def adjust_concede(self, g: GameState, spec: Adjustment, target: str) -> TraceEntry:
        p = self.single(g, target)
        if self.opt(g, "concede") == "end_game":
            g.set(f"players.{p}.lost", True)
            g.end_game(None)
            return g.log(self.concede_rule, "concede",
                         f"{p} が投了を宣言し、次の処理を待たずに敗北します。ゲームは終了します（勝者なし、ルール選択: end_game）", p)
        tail = self.leave_now(g, p)
        return g.log(self.concede_rule, "concede", f"{p} が投了を宣言し、次の処理を待たずに敗北して離脱します。{tail}", p,
                     cites=("kaiun-multi:1-2-1", "kaiun-multi:1-2-5"))

    def adjust_lose_game(self, g: GameState, spec: Adjustment, target: str) -> TraceEntry:
        p = self.single(g, target)
        tail = self.leave_now(g, p)
        return g.log(spec.rule, "lose", f"判定員の調整: カードの効果により {p} がゲームに敗北し、離脱します。{tail}", p,
                     cites=(*self.target_cites(target), "kaiun-multi:1-2-1"))

