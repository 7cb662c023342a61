"""開運コロシアム 総合ルール (two players), procedure by procedure: rules_corpus/kaiun.txt.

The flow follows the rulebook: 5-2 ゲーム前の手順, then each turn 6-2 ドロー, 6-3 セット, 6-4 オープン,
6-5/7 バトル, 6-6 コスト. Rule processing (9) runs after every step (9-1-2), except inside an action the
rules make simultaneous (both players' draws 6-2-1, both players' cost payment 6-6-1), whose defeat
conditions are checked together when it ends (6-6-1-1-1). Card text is not interpreted: the judge
applies it as adjustments (運値±N, 「このバトルに勝つ」, draw, discard, …) that expire where the rules say.
"""
from __future__ import annotations

import functools
import random
from typing import Any

from judge_app.engine import lasting
from judge_app.engine.lasting import LastingEffects
from judge_app.engine.verdict_words import Words
from judge_app.engine.kaiun import board as kb
from judge_app.engine.kaiun import invariants as kaiun_invariants
from judge_app.engine.kaiun import notation
from judge_app.engine.kaiun.effects import KaiunEffects
from judge_app.engine.kaiun.hidden import KaiunHidden
from judge_app.engine.kaiun.options import RULE_OPTIONS
from judge_app.engine.kaiun.phases import PHASE_LABELS, PHASES
from judge_app.engine.ruleset import Adjustment, Ruleset
from judge_app.engine.state import GameState
from judge_app.engine.trace import Decision, TraceEntry, Withheld

BEATS = {"グー": "チョキ", "チョキ": "パー", "パー": "グー"}  # 2-2-3: 《グー》>《チョキ》>《パー》>《グー》
RESULT_JA = {"win": "勝利した", "lose": "敗北した", "draw": "引き分けになった"}

class Clauses(dict):
    """The clause a step is printed under in this ruleset's book, looked up by the kaiun id the shared code applies:
    kaiun answers each id itself; kaiun-multi maps the procedures its own book restates (7-1-1 → 7-3-2)."""

    def __missing__(self, key: str) -> str:
        return key


class KaiunRuleset(LastingEffects, KaiunHidden, KaiunEffects, Ruleset):
    game = "kaiun"
    verdict_words = Words(
        zones={"deck": "デッキ", "hand": "手札", "barrier": "バリア", "trash": "トラッシュ",
               "battle_area": "バトルエリア", "cost_area": "コストエリア"},
        counted=("barrier",),
        shared={"effects": "続いている効果"},
        fields={"battle_result": "バトル結果", "defeat": "満たした敗北条件", "lost": "敗北", "face_up": "バトルエリアのカード",
                "win_battle": "「このバトルに勝つ」"},
        values={("battle_result", "win"): "勝利", ("battle_result", "lose"): "敗北", ("battle_result", "draw"): "引き分け",
                ("battle_result", None): "—", ("defeat", "battle"): "バトル", ("defeat", "refresh"): "リフレッシュ",
                ("defeat", None): "なし", ("face_up", True): "表向き", ("face_up", False): "裏向き",
                ("win_battle", True): "有効", ("win_battle", False): "なし"})
    doc = "kaiun"
    title = "開運コロシアム"
    concede_rule = "kaiun:1-2-4"
    notation = notation
    C = Clauses()
    board_schema = kb.BOARD_SCHEMA
    # one battle a turn: 「このバトル中」 and 「このターン中」 both end by the cost phase's reset (6-6-4)
    unchi_durations = (("turn", "このターンのコストフェイズ（6-6-4）まで"), ("battle", "このバトル中（6-6-4 でリセット）"))
    phases = PHASES
    phase_labels = PHASE_LABELS
    rule_options = RULE_OPTIONS

    # ---- lasting prohibitions and invalidations (engine/lasting.py) ------------------------------------------
    # 1-3-3 「…同時にその行動を禁止する効果が発生している場合、常に禁止する効果が優先されます」
    prohibition_rule = "kaiun:1-3-3"
    # 8-2-1-1 「効果の一部または全部が特定の条件下で無効であると表記されている場合、その効果を発生することはありません」
    invalidation_rule = "kaiun:8-2-1-1"
    lasting_durations = ("turn", "battle", "while_on_field", "permanent")
    # 「このバトル中」: the battle ends (7-1-5-5); 「このターン中」: the turn ends (6-6-6)
    duration_rules = {"turn": ("kaiun:6-6-6",), "battle": ("kaiun:7-1-5-5",)}
    prohibit_actions = ("draw", "barrier_to_hand", "move", "keyword", "win_battle")
    prohibited_ops = {"draw": "draw", "barrier_to_hand": "barrier_to_hand", "move": "move", "win_battle": "win_battle"}
    relative_target_rule = "kaiun:4-2-1-4"
    # 1-3-1 「カードに書かれている効果の内容が総合ルールの内容に矛盾する場合、効果の内容を優先します」: a prohibition
    # also stops what the rules do (the loser's barrier to the hand, 7-1-5-4; the draw phase's draw, 6-2-1)
    rule_overridden_rule = "kaiun:1-3-1"

    def __init__(self):
        made = self.make_adjustments()
        self.adjustments = (*made[:-1], *lasting.adjustments(self.prohibition_rule, self.invalidation_rule,
                                                             self.lasting_durations, self.prohibit_actions), made[-1],
                            *self.hidden_ops())

    def relative_players(self, g: GameState, who: str) -> list[str]:
        return self.opponents(g, who)

    def lasting_card_owner(self, g: GameState, card_id: str) -> str | None:
        return self.effect_player(g, card_id)

    def lasting_on_field(self, g: GameState, card_id: str) -> bool:
        return any(c["id"] == card_id for pl in g.data["players"].values() for c in pl["battle_area"])

    def in_battle(self, g: GameState) -> bool:
        # 「このバトル中」 may be said where 【開運時】 comes: in two-player games the open phase (6-4-2), just
        # before the turn's one battle (10-2-2-2), and the effect ends with that battle (7-1-5-5)
        return g.phase in (self.kaiun_phase, "battle")

    def stopped_note(self, g: GameState, p: str, keyword: str) -> tuple[str, str] | None:
        """(clause, words) when an effect in force stops p's keyword from activating now (8-2-1-1 / 1-3-3)."""
        card = self.card_in_battle(g, p)
        e = self.keyword_stopped(g, keyword, p, card["id"] if card else None) if g.data.get("effects") else None
        if e is None:
            return None
        rule = self.prohibition_rule if e["kind"] == "prohibit" else self.invalidation_rule
        return rule, f"{p} の【{keyword}】は発動しません（{lasting.describe(e)}）"

    def rule_barred(self, g: GameState, action: str, p: str) -> dict | None:
        return self.prohibition(g, action, player=p) if g.data.get("effects") else None

    def end_lasting(self, g: GameState, duration: str) -> str:
        """The effects lasting `duration` end now; their words for the step's message ("" when none)."""
        gone = [*lasting.expire(g, (duration,)), *self.left_field(g)] if g.data.get("effects") else []
        return f"（終了: {'、'.join(lasting.describe(e) for e in gone)}）" if gone else ""

    def unchi_expiry_rule(self) -> str:
        return self.C["kaiun:6-6-4"]

    # ---- board ------------------------------------------------------------------------------
    def check_board(self, board: dict) -> None:
        kb.check_board(board, self.C["kaiun:5-2-1-1"])

    def setup(self, board: dict, seed: int) -> GameState:
        phase = board.get("phase") or "setup"
        data: dict[str, Any] = {
            "players": {p: kb.expand_player(p, pl) for p, pl in board["players"].items()},
            "turn": board.get("turn", 0) if phase == "setup" else max(1, board.get("turn", 1)),
            "phase": phase, "winner": board.get("winner"), "finished": board.get("finished", False),
            "options": self.options_of(board),
        }
        self.setup_extra(board, data)
        g = GameState(data, seed)
        g.kaiun_hold = 0  # >0 while a simultaneous action runs: its defeat conditions are checked together after
        g.kaiun_cards = {p: sum(len(pl[z]) for z in kb.ZONES) for p, pl in data["players"].items()}
        return g

    def setup_extra(self, board: dict, data: dict) -> None:
        pass

    def new_game_board(self, rng: random.Random) -> dict:
        return kb.new_game_board(rng)

    def midgame_board(self, rng: random.Random) -> dict:
        return kb.midgame_board(rng)

    def invariants(self, g: GameState) -> list[str]:
        return kaiun_invariants.invariants(g)

    # ---- helpers ------------------------------------------------------------------------------
    def opt(self, g: GameState, name: str) -> Any:
        return g.data["options"][name]

    def in_game(self, g: GameState) -> list[str]:
        """Players still playing, in seat order."""
        return [p for p, pl in g.data["players"].items() if not pl["left"]]

    def players(self, g: GameState) -> list[str]:
        return self.in_game(g)

    def pl(self, g: GameState, p: str) -> dict:
        return g.data["players"][p]

    def card_in_battle(self, g: GameState, p: str) -> dict | None:
        area = g.data["players"][p]["battle_area"]
        return area[0] if area else None

    def opponents(self, g: GameState, p: str) -> list[str]:
        return [q for q in self.in_game(g) if q != p]

    # ---- play: 5-2 then turns (the core runs rule_processing, 9-1-2, between the steps) -------------
    def game_flow(self, g: GameState):
        if g.phase == "setup":
            yield from self.preparation(g)
        phases = {"draw": self.draw_phase, "set": self.set_phase, "open": self.open_phase,
                  "battle": self.battle_phase, "cost": self.cost_phase}
        order = list(phases)
        start = order.index(g.phase) if g.phase in phases else 0
        while not g.finished:
            for name in order[start:]:
                yield from phases[name](g)
                if g.finished:
                    return
            start = 0

    # 5-2 ゲーム前の手順
    def preparation(self, g: GameState):
        C = self.C
        for p in self.in_game(g):
            yield g.log(C["kaiun:5-2-1-1"], "setup",
                        f"{p} がデッキ（{len(self.pl(g, p)['deck'])}枚）を提示します。デッキ構築条件（5-1-2）を満たしています", p,
                        cites=("kaiun:5-1-2", "kaiun:5-1-2-1"))  # 5-1 is inherited by kaiun-multi
        for p in self.in_game(g):
            g.shuffle(f"players.{p}.deck")
            yield g.log(C["kaiun:5-2-1-2"], "shuffle", f"{p} がデッキをシャッフルし、デッキの領域に置きます", p,
                        cites=("kaiun:3-2-4",))
        for p in self.in_game(g):
            deck = self.pl(g, p)["deck"]
            # the deck's top card becomes the barrier's bottom (left): barrier index 0 = bottom
            g.set(f"players.{p}.barrier", self.pl(g, p)["barrier"] + deck[:kb.BARRIER_SIZE])
            g.set(f"players.{p}.deck", deck[kb.BARRIER_SIZE:])
            yield g.log(C["kaiun:5-2-1-3"], "barrier", f"{p} がデッキの上から5枚をバリアに裏向きで置きます", p)
        yield from self.before_start(g)
        g.set("turn", 1)
        yield g.log(C["kaiun:5-2-1-4"], "start", f"ゲームを開始します（{len(self.in_game(g))}人）", cites=(C["kaiun:1-1-1"],))

    def before_start(self, g: GameState):
        return
        yield  # a generator with nothing to do in the two-player game

    # 6-2 ドローフェイズ
    def draw_phase(self, g: GameState):
        g.set("phase", "draw")
        g.kaiun_hold += 1  # 6-2-1: both players draw at once
        for p in self.in_game(g):
            barred = self.rule_barred(g, "draw", p)
            if barred:
                yield g.log(self.prohibition_rule, "prohibited", f"{p} はカードを引けないため、ドローフェイズにカードを引きません"
                            f"（{lasting.describe(barred)}）", p, cites=(self.C["kaiun:6-2-1"], self.rule_overridden_rule))
                continue
            yield from self.take_top(g, p, "hand", self.C["kaiun:6-2-1"], "カード1枚を引きます")
        g.kaiun_hold -= 1
        yield from self.rule_processing(g)

    # 6-3 セットフェイズ
    def set_phase(self, g: GameState):
        g.set("phase", "set")
        for group in self.set_groups(g):
            yield from self.set_group(g, group)

    def set_groups(self, g: GameState) -> list[list[str]]:
        return [self.in_game(g)]  # 6-3-1 ※: both at once

    def set_cites(self, g: GameState, p: str) -> tuple[str, ...]:
        return ()

    def set_clauses(self, g: GameState, p: str) -> tuple[str, str]:
        return self.C["kaiun:6-3-1"], self.C["kaiun:6-3-2"]

    @functools.lru_cache(maxsize=8)
    def keep_withheld(self, place_rule: str) -> tuple[Withheld, ...]:
        """6-3-1 (kaiun-multi 6-3-1-1, 6-3-1-3): with no face-up card, 「何もしない」 is not the player's to choose."""
        return (Withheld("keep", "何もしない", place_rule, "バトルエリアに表向きのカードが無いため、手札からカード1枚を裏向きで置きます"),)

    def set_group(self, g: GameState, group: list[str]):
        """Everyone in the group chooses (1-3-4: at once, so none sees another's choice), then all place."""
        choices: dict[str, Any] = {}
        for p in group:
            pl = self.pl(g, p)
            if pl["left"]:
                continue  # left the game (投了) after the group was formed
            place_rule, choose_rule = self.set_clauses(g, p)
            has_face_up = bool(pl["battle_area"]) and pl["face_up"]
            if pl["battle_area"] and not pl["face_up"]:
                yield g.log(self.C["kaiun:3-5-3"], "set", f"{p} のバトルエリアには既に裏向きのカードがあります", p)
                continue
            if not has_face_up:
                if not pl["hand"]:
                    yield g.log(self.C["kaiun:1-3-2"], "set",
                                f"{p} は手札が無いため、バトルエリアにカードを置けません（{place_rule} は行われません）", p,
                                cites=(place_rule,))
                    continue
                choices[p] = yield g.ask(p, "バトルエリアに裏向きで置くカードを選んでください",
                                         list(zip([c["id"] for c in pl["hand"]], kb.choice_labels(pl["hand"], "手札"))),
                                         place_rule,
                                         withheld=self.keep_withheld(place_rule))
            else:
                if not pl["hand"]:
                    yield g.log(choose_rule, "set", f"{p} は手札が無いため、何もしません", p)
                    continue
                current = pl["battle_area"][0]
                choices[p] = yield g.ask(
                    p, f"表向きの{kb.card_label(current)}をそのままにするか、入れ替えるかを選んでください",
                    [("keep", "何もしない")] + [(c["id"], f"入れ替えて{lab}を裏向きで置く")
                                                for c, lab in zip(pl["hand"], kb.choice_labels(pl["hand"], "手札"))],
                    choose_rule)
        # 1-3-4: players asked to choose at the same time choose at the same time
        together = ("kaiun:1-3-4",) if len(choices) > 1 else ()
        for p, choice in choices.items():
            place_rule, choose_rule = self.set_clauses(g, p)
            if self.pl(g, p)["left"]:
                continue
            if choice == "keep":
                yield g.log(choose_rule, "set", f"{p} は何もしません（表向きのカードを残します）", p,
                            cites=(*self.set_cites(g, p), *together))
                continue
            pl = self.pl(g, p)
            card = next((c for c in pl["hand"] if c["id"] == choice), None)
            if card is None:  # the judge moved it out of the hand after it was chosen
                yield g.log(self.C["kaiun:1-3-2"], "set", f"{p} が選んだカードは手札にもう無いため、置けません", p)
                continue
            rule = place_rule
            if pl["battle_area"]:
                old = pl["battle_area"][0]
                g.set(f"players.{p}.trash", pl["trash"] + [old])
                g.set(f"players.{p}.battle_area", [])
                rule = choose_rule
            g.move(card, f"players.{p}.hand", f"players.{p}.battle_area")
            g.set(f"players.{p}.face_up", False)
            g.set(f"players.{p}.battle_result", None)
            verb = "表向きのカードをトラッシュに置き、" if rule == choose_rule else ""
            yield g.log(rule, "set", f"{p} は{verb}手札のカード1枚をバトルエリアに裏向きで置きます", p,
                        cites=(*self.set_cites(g, p), *together))

    # 6-4 オープンフェイズ
    def open_phase(self, g: GameState):
        g.set("phase", "open")
        yield from self.flip_cards(g)
        in_area = [p for p in self.in_game(g) if self.pl(g, p)["battle_area"]]
        if in_area:
            for p in in_area:
                stopped = self.stopped_note(g, p, "開運時")
                if stopped:
                    yield g.log(stopped[0], "timing", stopped[1], p, cites=("kaiun:10-1-1-1",))
            in_area = [p for p in in_area if not self.stopped_note(g, p, "開運時")]
        if in_area:
            names = "、".join(f"{p}{kb.card_label(self.card_in_battle(g, p))}" for p in in_area)
            # 10-1-1-1: 【開運時】 is the open phase's keyword effect; 10-1-1-3: both players' at once, together
            together = ("kaiun:10-1-1-3",) if len(in_area) > 1 else ()
            yield g.log(self.C["kaiun:6-4-2"], "timing",
                        f"【開運時】の効果があれば発動します（{names}）。効果の内容は判定員が調整で適用します",
                        cites=("kaiun:10-1-1-1", *together))

    def flip_cards(self, g: GameState):
        for p in self.in_game(g):
            pl = self.pl(g, p)
            if pl["battle_area"] and not pl["face_up"]:
                g.set(f"players.{p}.face_up", True)
                yield g.log(self.C["kaiun:6-4-1"], "open",
                            f"{p} のバトルエリアのカードを表向きにします: {kb.card_label(pl['battle_area'][0])}", p)

    # 6-5 バトルフェイズ → 7 カードのバトル
    def battle_phase(self, g: GameState):
        g.set("phase", "battle")
        a, b = self.in_game(g)
        yield from self.battle(g, a, b)

    def unchi(self, g: GameState, p: str, card: dict, won_janken: bool) -> tuple[int, str, tuple[str, ...]]:
        """The 運値 the card refers to, as shown, and the clauses it comes from: which 運値 (2-3-1 / 2-4-1), changed by
        effects (2-3-2 / 2-4-2), a negative result counted as 0 (1-3-6)."""
        key, other = ("kachi", "aiko_make") if won_janken else ("aiko_make", "kachi")
        base = card["unchi_kachi"] if won_janken else card["unchi_aiko_make"]
        mods = self.pl(g, p)["unchi_mod"]
        mod = mods[key]
        value = max(0, base + mod)  # 1-3-6: a negative value counts as 0
        shown = f"{base}{mod:+d}={value}" if mod else f"{base}"
        cites = ["kaiun:2-3-1" if won_janken else "kaiun:2-4-1"]
        if mod:
            cites.append("kaiun:2-3-2" if won_janken else "kaiun:2-4-2")
        if base + mod < 0:
            shown += "（マイナスは0として扱う）"
            cites.append("kaiun:1-3-6")
        if mods[other]:
            name = "運値(アイコ・マケ)" if won_janken else "運値(カチ)"
            shown += f"（{name}の変動 {mods[other]:+d} は参照しません）"
        return value, shown, tuple(cites)

    def battle(self, g: GameState, a: str, b: str):
        """7-1 (kaiun-multi 7-3-2 to 7-3-6): one battle between a and b."""
        C = self.C
        ca, cb = self.card_in_battle(g, a), self.card_in_battle(g, b)
        result: dict[str, str] | None = None
        if ca is None or cb is None:
            missing = [p for p, c in ((a, ca), (b, cb)) if c is None]
            if len(missing) == 1 and self.opt(g, "empty_hand_set") == "lose_battle":
                loser = missing[0]
                winner = b if loser == a else a
                result = {winner: "win", loser: "lose"}
                self.record_results(g, result)
                yield g.log(C["kaiun:1-3-2"], "battle",
                            f"{loser} のバトルエリアにカードが無いため、{loser} はこのバトルに敗北します"
                            f"（ルール選択: empty_hand_set=lose_battle）", loser)
            else:
                who = "、".join(missing)
                yield g.log(C["kaiun:1-3-2"], "battle",
                            f"{who} のバトルエリアにカードが無いため、ジャンケンを比べられず、バトルは行われません")
                return
        else:
            result = yield from self.compare(g, a, b, ca, cb)
            if result is None:
                return
        winner = next((p for p, r in result.items() if r == "win"), None)
        loser = next((p for p, r in result.items() if r == "lose"), None)
        yield from self.battle_keyword_timing(g, winner, loser)
        yield from self.result_processing(g, winner, loser)

    def battle_keyword_timing(self, g: GameState, winner: str | None, loser: str | None):
        """7-1-3 / 7-1-4: the winner's 【バトル勝利時】, the loser's 【バトル敗北時】 (none on a draw).
        Card text is not known to the engine, so the step says 「…があれば」."""
        C = self.C
        for p, word in ((winner, "バトル勝利時"), (loser, "バトル敗北時")):
            stopped = self.stopped_note(g, p, word) if p else None
            if stopped:
                g.kaiun_stopped_keywords = {*getattr(g, "kaiun_stopped_keywords", ()), p}
                yield g.log(stopped[0], "timing", stopped[1], p,
                            cites=(C["kaiun:7-1-3"] if word == "バトル勝利時" else C["kaiun:7-1-4"],))
        winner = None if winner in getattr(g, "kaiun_stopped_keywords", ()) else winner
        loser = None if loser in getattr(g, "kaiun_stopped_keywords", ()) else loser
        if winner:
            yield g.log(C["kaiun:7-1-3"], "timing",
                        f"{winner} のカードに【バトル勝利時】の効果があれば発動します", winner, cites=("kaiun:10-1-2-1",))
        if loser:
            yield g.log(C["kaiun:7-1-4"], "timing",
                        f"{loser} のカードに【バトル敗北時】の効果があれば発動します", loser, cites=("kaiun:10-1-3-1",))

    def keyword_skipped(self, g: GameState, p: str) -> bool:
        """kaiun-multi with battle_keyword_timing=once_per_turn: p's keyword did not activate in this battle."""
        return False

    def compare(self, g: GameState, a: str, b: str, ca: dict, cb: dict):
        C = self.C
        ja, jb = ca["janken"], cb["janken"]
        if ja == jb:
            won = None
            decided_by = "kaiun:2-2-4"  # お互いが同じジャンケン → あいこ
            text = f"{a}《{ja}》と {b}《{jb}》はあいこです"
        else:
            won = a if BEATS[ja] == jb else b
            decided_by = "kaiun:2-2-3"  # 《グー》>《チョキ》>《パー》>《グー》
            text = f"{a}《{ja}》対 {b}《{jb}》: {won} がジャンケンに勝利します"
        # the battle step (kaiun:7-1-1 / kaiun-multi:7-3-2) compares; section 2 (inherited by kaiun-multi) decides
        yield g.log(decided_by, "janken", text, cites=(C["kaiun:7-1-1"], C["kaiun:7-1"]))
        values = {}
        for p, card in ((a, ca), (b, cb)):
            if (yield from self.cards_gone(g, ((a, ca), (b, cb)))):
                return None
            v, shown, from_ = self.unchi(g, p, card, won == p)
            values[p] = v
            if won == p:
                yield g.log(C["kaiun:7-1-1-1"], "unchi", f"{p} はジャンケンに勝利したため運値(カチ) {shown} を参照します", p,
                            cites=from_)
            else:
                why = "あいこの" if won is None else "ジャンケンに敗北した"
                yield g.log(C["kaiun:7-1-1-2"], "unchi", f"{p} は{why}ため運値(アイコ・マケ) {shown} を参照します", p,
                            cites=from_)
        if (yield from self.cards_gone(g, ((a, ca), (b, cb)))):
            return None
        wa, wb = self.pl(g, a)["win_battle"], self.pl(g, b)["win_battle"]
        compare = C["kaiun:7-1-2"]  # お互いの運値を比べます: the step 「このバトルに勝つ」 replaces (10-2-3-2)
        if wa and wb:
            result, rule = {a: "draw", b: "draw"}, C["kaiun:10-2-3-3"]
            text = "お互いに「このバトルに勝つ」効果を発動しているため、運値を比べず、このバトルは引き分けになります"
            cites: tuple[str, ...] = (C["kaiun:10-2-3-2"], compare)
        elif wa or wb:
            w = a if wa else b
            result = {w: "win", (b if w == a else a): "lose"}
            rule = C["kaiun:10-2-3-2"]
            text = f"{w} の「このバトルに勝つ」効果により、運値に関わらず {w} がこのバトルに勝利します（運値を比べる手順は行いません）"
            cites = (compare,)
        elif values[a] == values[b]:
            result, rule = {a: "draw", b: "draw"}, C["kaiun:7-1-2-3"]
            text = f"運値 {values[a]} と {values[b]} が同じため、このバトルは引き分けになります"
            cites = (compare,)
        else:
            w = a if values[a] > values[b] else b
            l = b if w == a else a
            result, rule = {w: "win", l: "lose"}, C["kaiun:7-1-2-1"]
            text = f"運値 {values[w]} 対 {values[l]}: {w} がこのバトルに勝利し、{l} は敗北します（{C['kaiun:7-1-2-2']}）"
            # the higher value wins by 7-1-2-1 (kaiun-multi 7-3-3-1); the same step's loser by 7-1-2-2 (7-3-3-2)
            cites = (compare, C["kaiun:7-1-2-2"])
        self.record_results(g, result)
        yield g.log(rule, "battle", text, cites=cites)
        return result

    def cards_gone(self, g: GameState, battling: tuple):
        """A judge's adjustment took a battling card out of its battle area mid-battle: the battle cannot go on (1-3-2)."""
        gone = [p for p, c in battling if (self.card_in_battle(g, p) or {}).get("id") != c["id"]]
        if gone:
            yield g.log(self.C["kaiun:1-3-2"], "battle",
                        f"{'、'.join(gone)} のバトルエリアのカードが移動したため、このバトルは続けられません")
        return bool(gone)

    def record_results(self, g: GameState, result: dict[str, str]) -> None:
        for p, r in result.items():
            g.set(f"players.{p}.battle_result", r)

    def result_processing(self, g: GameState, winner: str | None, loser: str | None):
        """7-1-5 勝敗結果の処理, in its sub-order."""
        C = self.C
        deferred = self.opt(g, "defeat_timing") == "after_result"
        if deferred:
            g.kaiun_hold += 1
        if loser and self.pl(g, loser)["left"]:
            loser = None   # kaiun-multi: left the game during the battle (1-2-6); its result is not processed
        if winner and self.pl(g, winner)["left"]:
            winner = None
        if loser:
            yield g.log(C["kaiun:7-1-5-1"], "result",
                        f"{loser} の【バトル敗北時】効果に「このバトルの結果で」の効果があれば適用します"
                        + self.skipped_note(g, loser), loser, cites=(C["kaiun:7-1-5"], "kaiun:10-2-2-2"))
            if not self.pl(g, loser)["barrier"] and not self.pl(g, loser)["lost"]:
                g.set(f"players.{loser}.defeat", "battle")
                yield g.log(C["kaiun:7-1-5-2"], "defeat",
                            f"{loser} はバリアが0枚の状況でこのバトルに敗北したため、このゲームに敗北します", loser,
                            cites=(C["kaiun:1-2-1-1-1"], C["kaiun:1-2-2-1"]))
        if winner:
            yield g.log(C["kaiun:7-1-5-3"], "result",
                        f"{winner} の【バトル勝利時】効果に「このバトルの結果で」の効果があれば適用します"
                        + self.skipped_note(g, winner), winner, cites=(C["kaiun:7-1-5"], "kaiun:10-2-2-2"))
        barred = self.rule_barred(g, "barrier_to_hand", loser) if loser else None
        if barred and self.pl(g, loser)["barrier"] and not self.pl(g, loser)["left"]:
            yield g.log(self.prohibition_rule, "prohibited", f"{loser} はバリアを手札に加えることができないため、"
                        f"バリアを手札に加えません（{lasting.describe(barred)}）", loser,
                        cites=(C["kaiun:7-1-5-4"], self.rule_overridden_rule))
        elif loser and self.pl(g, loser)["barrier"] and not self.pl(g, loser)["left"]:
            self.barrier_top_to(g, loser, "hand")
            yield g.log(C["kaiun:7-1-5-4"], "barrier",
                        f"{loser} はバリアの上（右）から1枚を手札に加えます（残り{len(self.pl(g, loser)['barrier'])}枚）", loser)
        if deferred:
            g.kaiun_hold -= 1
            yield from self.rule_processing(g)
            if g.finished:
                return
        yield from self.battle_end(g, [p for p in (winner, loser) if p] or self.in_game(g))

    def skipped_note(self, g: GameState, p: str) -> str:
        stopped = self.keyword_skipped(g, p) or p in getattr(g, "kaiun_stopped_keywords", ())
        return "（このバトルでは発動していないため、適用するものはありません）" if stopped else ""

    def battle_end(self, g: GameState, battlers: list[str]):
        g.kaiun_stopped_keywords = ()
        for p in self.in_game(g):
            g.set(f"players.{p}.win_battle", False)  # 「このバトルに勝つ」 applies to this battle only
        ended = self.end_lasting(g, "battle")
        yield g.log(self.C["kaiun:7-1-5-5"], "battle", "バトルが終了し、コストフェイズに進みます" + ended, cites=("kaiun:6-5-2",))

    def barrier_top_to(self, g: GameState, p: str, zone: str) -> dict:
        barrier = self.pl(g, p)["barrier"]
        card = barrier[-1]
        g.set(f"players.{p}.barrier", barrier[:-1])
        g.set(f"players.{p}.{zone}", self.pl(g, p)[zone] + [card])
        return card

    # 6-6 コストフェイズ
    def cost_phase(self, g: GameState):
        C = self.C
        g.set("phase", "cost")
        payers = self.in_game(g)
        g.kaiun_hold += 1  # 6-6-1: all pay at once
        refreshed_at_zero: list[str] = []
        for p in payers:
            before = self.pl(g, p)["defeat"]
            yield from self.pay_cost(g, p)
            if self.pl(g, p)["defeat"] == "refresh" and before != "refresh":
                refreshed_at_zero.append(p)
        if len(refreshed_at_zero) >= 2:
            yield g.log(C["kaiun:6-6-1-1-1"], "defeat",
                        f"{'、'.join(refreshed_at_zero)} がバリア0枚の状況でコストフェイズ中にリフレッシュを挟んだため、"
                        "同時に敗北条件を満たします")
        g.kaiun_hold -= 1
        yield from self.rule_processing(g)
        if g.finished:
            return
        for p in self.in_game(g):
            area = self.pl(g, p)["cost_area"]
            if area:
                g.set(f"players.{p}.trash", self.pl(g, p)["trash"] + area)
                g.set(f"players.{p}.cost_area", [])
        yield g.log(C["kaiun:6-6-2"], "cost", "支払ったコストを確認した後、コストエリアのカードすべてをトラッシュに置きます",
                    cites=("kaiun:3-6-3",))
        yield from self.trash_battle_cards(g)
        yield from self.reset_unchi(g)
        yield g.log(C["kaiun:6-6-5"], "timing", "「このターンの終了時」の効果があれば発動します（1度だけ）",
                    cites=(C["kaiun:6-6-5-1"],))
        yield from self.turn_end(g)

    def pay_cost(self, g: GameState, p: str):
        C = self.C
        card = self.card_in_battle(g, p)
        need = card["cost"] if card else 0
        if need == 0:
            return
        rule = C["kaiun:6-6-1"]
        while need > 0:
            pl = self.pl(g, p)
            if not pl["deck"]:
                if pl["trash"]:
                    yield from self.refresh(g, p)
                if not self.pl(g, p)["deck"]:
                    yield g.log(C["kaiun:1-3-2"], "cost",
                                f"{p} はデッキもトラッシュも0枚のため、残りのコスト{need}枚を支払えません", p)
                    return
                rule = C["kaiun:6-6-1-1"]
                continue
            deck = pl["deck"]
            n = min(need, len(deck))
            g.set(f"players.{p}.deck", deck[n:])
            g.set(f"players.{p}.cost_area", pl["cost_area"] + deck[:n])
            need -= n
            rest = "リフレッシュ後に残りの" if rule == C["kaiun:6-6-1-1"] else ""
            # the number paid is the battle-area card's コスト (1-3-7-1: カードに表記されている数字の分; 2-5-1)
            yield g.log(rule, "cost", f"{p} は{rest}コスト{n}枚をデッキの上からコストエリアに置きます", p,
                        cites=("kaiun:1-3-7-1", "kaiun:2-5-1"))
            if not self.pl(g, p)["deck"]:
                yield from self.refresh(g, p)
                rule = C["kaiun:6-6-1-1"]

    def trash_battle_cards(self, g: GameState):
        for p in self.in_game(g):
            pl = self.pl(g, p)
            if pl["battle_area"] and pl["battle_result"] in ("lose", "draw"):
                g.set(f"players.{p}.trash", pl["trash"] + pl["battle_area"])
                g.set(f"players.{p}.battle_area", [])
                yield g.log(self.C["kaiun:6-6-3"], "cost",
                            f"{p} のバトルに{RESULT_JA[pl['battle_result']]}カードをトラッシュに置きます", p)

    def reset_unchi(self, g: GameState):
        for p in self.in_game(g):
            g.set(f"players.{p}.unchi_mod", {"kachi": 0, "aiko_make": 0})
        yield g.log(self.C["kaiun:6-6-4"], "reset", "効果による運値の変動をリセットします")

    def turn_end(self, g: GameState):
        for p in self.in_game(g):
            g.set(f"players.{p}.battle_result", None)
            if self.pl(g, p)["keywords_used"]:
                g.set(f"players.{p}.keywords_used", [])  # 10-1-1-2 …: once per turn, counted afresh
        ended = self.end_lasting(g, "turn")
        g.set("turn", g.turn + 1)
        g.set("phase", "draw")
        yield g.log(self.C["kaiun:6-6-6"], "turn", f"ターンが終了し、ターン{g.turn}のドローフェイズに進みます" + ended)

    # ---- deck, refresh (9-3) ------------------------------------------------------------------
    def take_top(self, g: GameState, p: str, zone: str, rule: str, what: str):
        """Move the deck's top card to `zone`; a deck at 0 is refreshed at once (9-3-2)."""
        if not self.pl(g, p)["deck"]:
            if self.pl(g, p)["trash"]:
                yield from self.refresh(g, p)
            if not self.pl(g, p)["deck"]:
                yield g.log(self.C["kaiun:1-3-2"], "draw", f"{p} はデッキが0枚のため、{what}（行えません）", p)
                return
        deck = self.pl(g, p)["deck"]
        g.set(f"players.{p}.deck", deck[1:])
        g.set(f"players.{p}.{zone}", self.pl(g, p)[zone] + [deck[0]])
        yield g.log(rule, "draw", f"{p} は{what}", p, cites=("kaiun:4-3-2",) if zone == "hand" else ())
        if not self.pl(g, p)["deck"]:
            yield from self.refresh(g, p)

    def refresh(self, g: GameState, p: str):
        C = self.C
        trash = self.pl(g, p)["trash"]
        if not trash and self.opt(g, "empty_trash_refresh") == "skip":
            yield g.log(C["kaiun:1-3-2"], "refresh",
                        f"{p} のデッキは0枚ですが、トラッシュも0枚のためリフレッシュは行われません（ルール選択: skip）", p)
            return
        self.refresh_changes(g, p)
        # 9-3-2 decides that it happens now; 9-3-1 says what a refresh is
        yield g.log("kaiun:9-3-2", "refresh",
                    f"{p} のデッキが0枚になったため即座にリフレッシュします: トラッシュ{len(trash)}枚をデッキに戻しシャッフル", p,
                    cites=("kaiun:9-3-1", "kaiun:10-2-1-1"))
        rule, text, cites = self.after_refresh_changes(g, p)
        yield g.log(rule, "refresh" if rule == "kaiun:9-3-4" else "defeat", text, p, cites=cites)

    def refresh_changes(self, g: GameState, p: str) -> None:
        trash = self.pl(g, p)["trash"]
        g.set(f"players.{p}.deck", self.pl(g, p)["deck"] + trash)
        g.set(f"players.{p}.trash", [])
        g.shuffle(f"players.{p}.deck")

    def after_refresh_changes(self, g: GameState, p: str) -> tuple[str, str, tuple[str, ...]]:
        """(rule, message, cites): at 0 barrier the defeat condition (1-2-2-2, relying on 9-3-3), else 9-3-4."""
        if not self.pl(g, p)["barrier"]:
            if not self.pl(g, p)["lost"]:
                g.set(f"players.{p}.defeat", "refresh")
            return (self.refresh_defeat_condition(), f"{p} はバリアが0枚の状況でリフレッシュを行ったため、敗北条件を満たします",
                    ("kaiun:9-3-3",))
        self.barrier_top_to(g, p, "trash")
        return ("kaiun:9-3-4",
                f"{p} はバリアの上（右）から1枚をトラッシュに置きます（残り{len(self.pl(g, p)['barrier'])}枚）", ())

    def refresh_defeat_condition(self) -> str:
        return "kaiun:1-2-2-2"  # kaiun-multi prints its own

    # ---- 9 ルール処理 / 1-2 勝敗 ----------------------------------------------------------------
    def rule_processing(self, g: GameState):
        if g.kaiun_hold or g.finished or not any(pl["defeat"] for pl in g.data["players"].values()):
            return  # before every step: nothing to do unless a defeat condition is met (the common case, kept cheap)
        flagged = self.defeat_flagged(g)
        if flagged:
            yield from self.defeat_check(g, flagged)

    def defeat_flagged(self, g: GameState) -> list[str]:
        """The players meeting a defeat condition not yet processed (1-2-2)."""
        return [p for p in self.in_game(g) if self.pl(g, p)["defeat"] and not self.pl(g, p)["lost"]]

    def contenders(self, g: GameState) -> list[str]:
        """The players 1-2-3 compares with: everyone still in the game (kaiun-multi: everyone not defeated)."""
        return self.in_game(g)

    def janken_due(self, g: GameState) -> bool:
        """Every player meets a defeat condition at once: 1-2-3 decides by ジャンケン (a decision)."""
        flagged = self.defeat_flagged(g)
        return bool(flagged) and set(flagged) == set(self.contenders(g))

    def defeat_cites(self, g: GameState, p: str) -> tuple[str, tuple[str, ...]]:
        """(the 9-2-1 item that decides p's defeat, the clauses it turns on): rule processing is immediate (9-1-2), the
        defeat check (9-2-1), 1-2-2 (lose at the next rule processing) and the exact defeat condition met."""
        C = self.C
        if self.pl(g, p)["defeat"] == "battle":
            return "kaiun:9-2-1-1", ("kaiun:9-1-2", "kaiun:9-2-1", C["kaiun:1-2-2"], C["kaiun:1-2-1-1-1"], C["kaiun:1-2-2-1"])
        return "kaiun:9-2-1-2", ("kaiun:9-1-2", "kaiun:9-2-1", C["kaiun:1-2-2"], C["kaiun:1-2-1-1-2"],
                                 self.refresh_defeat_condition())

    def defeat_check(self, g: GameState, flagged: list[str]):
        """9-2-1: everyone meeting a defeat condition loses; all at once → ジャンケン (1-2-3)."""
        if self.janken_due(g):
            yield from self.simultaneous_defeat(g, flagged)
            return
        loser = flagged[0]
        winner = next(p for p in self.in_game(g) if p != loser)
        rule, cites = self.defeat_cites(g, loser)
        g.set(f"players.{loser}.lost", True)
        yield g.log(rule, "lose", f"ルール処理（敗北判定）: {loser} はゲームに敗北します", loser, cites=cites)
        g.end_game(winner)
        yield g.log("kaiun:1-2-1", "win",
                    f"対戦相手 {loser} が敗北し、自身が敗北していない {winner} がゲームに勝利します", winner)

    def simultaneous_defeat(self, g: GameState, flagged: list[str]):
        rule = self.C["kaiun:1-2-3"]
        # the conditions each player meets, as the defeat check (9-2-1) found them at once
        met = [c for p in flagged for c in self.defeat_cites(g, p)[1]]
        winner = yield g.ask(None, f"{'、'.join(flagged)} が同時に敗北条件を満たしています。ジャンケンに勝利したのは？",
                             [(p, f"{p} が勝利") for p in flagged], rule, kind="janken")
        for p in flagged:
            if p != winner:
                g.set(f"players.{p}.lost", True)
        g.end_game(winner)
        yield g.log(rule, "win", f"ジャンケンに勝利した {winner} がゲームに勝利します", winner, cites=met)

    # ---- adjustments held to the rules (issue 28) ------------------------------------------------------
    def game_over_clause(self, g: GameState) -> str:
        """Once the game is over nothing more is done: a refused adjustment, and the rest of an effect, cite the clause
        of the step that ended it (1-2-1 a defeat, 1-2-3 a ジャンケン, 1-2-4 投了, 1-2-6 a card)."""
        for e in reversed(g.trace):
            if any(c.path == "finished" for c in e.changes):
                return e.rule
        return self.game_over_rule

    def after_adjustment(self, g: GameState) -> None:
        """Rule processing right after an adjustment (9-1-2), except while a simultaneous action runs (its conditions
        are checked together when it ends) and except a ジャンケン (1-2-3): that is the players' choice, which the flow
        asks before its next step; meanwhile the rest of an effect is not done (apply_part)."""
        if g.kaiun_hold or g.finished or self.janken_due(g):
            return
        for item in self.rule_processing(g):
            if isinstance(item, Decision):
                raise RuntimeError(f"{self.game}: rule processing asked a decision after an adjustment")

    def apply_part(self, g: GameState, body: dict, where: str) -> TraceEntry:
        if where.startswith("parts[") and self.janken_due(g):
            stopped = getattr(g, "kaiun_stopped", None)
            if stopped is None or stopped[0] != g.group or g.trace[stopped[1].seq - 1:stopped[1].seq] != [stopped[1]]:
                who = "、".join(self.defeat_flagged(g))
                entry = g.log(self.C["kaiun:1-2-3"], "effect",
                              f"{who} が同時に敗北条件を満たし、ジャンケンでゲームの勝敗が決まるため、効果の残りは行われません",
                              cites=("kaiun:9-1-2",))
                g.kaiun_stopped = (g.group, entry)
            return g.kaiun_stopped[1]
        return super().apply_part(g, body, where)

    # ---- judge adjustments (the ops: kaiun/effects.py) ----------------------------------------------------
    def refresh_inline(self, g: GameState, p: str, cites: list[str]) -> str:
        """A refresh inside an adjustment (one trace entry): 9-3-2 to 9-3-4 described in its message, cited."""
        if not self.pl(g, p)["trash"] and self.opt(g, "empty_trash_refresh") == "skip":
            return "トラッシュも0枚のためリフレッシュは行われません"
        n = len(self.pl(g, p)["trash"])
        self.refresh_changes(g, p)
        rule, text, more = self.after_refresh_changes(g, p)
        cites += ["kaiun:9-3-2", "kaiun:9-3-1", rule, *more]
        return f"{p} のデッキが0枚になったため即座にリフレッシュ（9-3-2、{n}枚）。{text}（{rule}）"

    def adjust_concede(self, g: GameState, spec: Adjustment, target: str) -> TraceEntry:
        p = self.single(g, target)
        g.set(f"players.{p}.lost", True)
        winner = self.opponents(g, p)[0]
        g.end_game(winner)
        # 1-2-5: 投了は、いかなるカードの影響も受けません
        return g.log(self.concede_rule, "concede",
                     f"{p} が投了を宣言し、次の処理を待たずに敗北します。{winner} の勝利でゲームは終了します", p,
                     cites=("kaiun:1-2-5",))

