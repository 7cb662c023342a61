"""ダメージ (1.10), ライフポイント (1.9), ドロー (1.11) and the losses they cause (1.5)."""
from __future__ import annotations

from judge_app.engine.thv.cards import (PLAYERS, char_words, get_card, label, on_field_character, opponent, power_cites, races,
                                        update_card)
from judge_app.engine.thv import keywords as kw


def life_cites(g, life: int) -> tuple[str, ...]:
    """A life brought to 0 or less does not lose yet: 1.5.3.a decides only when a player gets priority, and
    nobody does while an interference resolves (1.12.11)."""
    if life > 0:
        return ()
    resolving = g.resolving is not None or g.data.get("interference") is not None and g.data.get("priority") is None
    return ("thv:1.5.3.a", "thv:1.12.11") if resolving else ("thv:1.5.3.a",)


class DamageMixin:
    def apply_damage(self, g, hits, battle: bool):
        """1.10.12.c for damage that happens at once (1.10.3). hits: [(source card, target id or player,
        amount)]. Returns the hits that were applied."""
        done = []
        for source, target, amount in hits:
            src = get_card(g, source) if source else None
            who = src["id"] if src else "効果"
            if amount <= 0:
                if battle:  # 0 (or less) battle damage: the 攻撃力 compared came out 0
                    yield g.log("thv:1.10.14", "damage", f"{who} の戦闘ダメージは{max(amount, 0)}点のため発生しない", None,
                                cites=power_cites(src))
                continue  # 1.10.14: 0 damage does not happen
            if target in PLAYERS:
                g.add(f"players.{target}.life", -amount)
                life = g.get(f"players.{target}.life")
                yield g.log("thv:1.10.11.a", "damage",
                            f"{target} に{'戦闘' if battle else '効果'}ダメージ{amount}（発生源 {who}）: ライフ {life}"
                            + ("（0点以下: 敗北は次にいずれかのプレイヤーが優先権を得る時点で判定する）" if life <= 0 else ""),
                            target, cites=("thv:1.10.12.c", "thv:1.9.3", *life_cites(g, life)))
                done.append((source, target, amount))
                continue
            if not on_field_character(g, target):
                yield g.log("thv:1.10.10.a", "damage", f"{target} はキャラクターではないため、ダメージは無効", None)
                continue
            card = get_card(g, target)
            resists = battle and src and any(r in races(src) for r in kw.values(self.words_of(card), "耐性"))
            if resists and g.data.get("effects") and self.invalidated_keyword(g, card, "耐性"):
                yield from self.keyword_stopped_here(g, card, "耐性", f"{label(src)} からの戦闘ダメージを受ける",
                                                     "thv:10.11.2.a")
                resists = False
            if resists:
                yield g.log("thv:10.11.2.a", "damage", f"{label(card)} は耐性により {label(src)} から戦闘ダメージを受けない"
                            "（ダメージは蓄積されず、ダメージの処理は発生しない）", cites=("thv:1.10.16",))
                continue
            field = "battle_damage" if battle else "damage"
            card = update_card(g, target, **{field: (card.get(field) or 0) + amount})
            yield g.log("thv:1.10.11.b", "damage",
                        f"{label(card)} に{'戦闘' if battle else '効果'}ダメージ{amount}が蓄積された（発生源 {who}）", None,
                        cites=("thv:1.10.12.c",))
            done.append((source, target, amount))
        return done

    def words_of(self, card):
        return char_words(card)

    def effect_damage(self, g, source, target, amount):
        """1.10.12 for one effect damage; 決死 (f) follows at once (9.1.3)."""
        yield from self.apply_damage(g, [(source, target, amount)], battle=False)
        yield from self.rule_checks(g)

    def draw(self, g, p, n, rule):
        """1.11.2: the top n cards of the deck to the hand; short of n, the player loses at once (1.11.7)."""
        deck = g.data["players"][p]["deck"]
        if len(deck) < n:
            g.end_game(opponent(p))
            yield g.log("thv:1.11.7", "lose", f"{p} はドローすべき{n}枚に対してデッキが{len(deck)}枚のため敗北した（1.5.3.b）", p,
                          cites=("thv:1.5.3.b", "thv:1.5.2.b"))
            return False
        if n <= 0:
            return True
        drawn, rest = deck[:n], deck[n:]
        g.set(f"players.{p}.deck", rest)
        g.set(f"players.{p}.hand", g.data["players"][p]["hand"] + drawn)
        yield g.log(rule, "draw", f"{p} が{n}枚ドローした（デッキ残り{len(rest)}枚）", p)
        return True

    def check_life(self, g):
        """1.5.3.a: a player whose life is 0 or less when any player would get priority loses; both at once
        is a draw (1.5.4.a). (1.9.2 prints the same rule.) Returns True when the game ended."""
        losers = [p for p in PLAYERS if g.data["players"][p]["life"] <= 0]
        if not losers:
            return False
        if len(losers) == len(PLAYERS):
            g.end_game("draw")
            yield g.log("thv:1.5.4.a", "draw_game", "全てのプレイヤーのライフポイントが0点以下で優先権が発生したため、同時に敗北し引き分け",
                        cites=("thv:1.5.3.a",))
            return True
        loser = losers[0]
        g.end_game(opponent(loser))
        yield g.log("thv:1.5.3.a", "lose",
                    f"{loser} のライフポイントが{g.data['players'][loser]['life']}点（0点以下）の状態で優先権が発生したため敗北した", loser,
                    cites=("thv:1.9.2", "thv:1.5.2.b"))
        return True
