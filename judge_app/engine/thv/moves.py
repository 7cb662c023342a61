"""Moving cards between zones as card text says it (issue 28): 手札に加える (1.11.1), ノードに加える (1.8.4),
デッキの上から/手札から破棄する (9.3), 移す・戻す (11.3.1-11.3.3, 11.3.14), 場に出す (11.3.8, 11.3.9), セットする
(11.3.10), each a judge adjustment that logs its entries. docs/zone-moves/thv.md lists every zone pair and its op."""
from __future__ import annotations

from judge_app.engine import effect_parts

from judge_app.engine.trace import AdjustmentError, Refused
from judge_app.engine.thv.cards import (PLAYERS, ZONE_JA, bare, card_path, get_card, is_character, label, locate,
                                        on_field_character, put, take, update_card)
from judge_app.engine.thv import keywords as kw

# Zones a card may be taken from by `move` / `put_onto_field` (not the play area: a played card leaves it by its
# resolution or by 12.2.3), and the ones `move` may send it to (the field is 場に出す, 11.3.8).
FROM = ("deck", "hand", "field", "nodes", "graveyard", "removed", "sideboard")
MOVE_TO = ("deck", "hand", "nodes", "graveyard", "removed", "sideboard")


def each_player(rs, g, target) -> list[str]:
    """`both`: every player, turn player first (1.3.3, 1.11.5); the effect is on them at once (7.1.13)."""
    return rs.players_in_order(g) if target == "both" else [target]


def zone_cards(g, p, zone) -> list[dict]:
    return g.data["players"][p][zone]


def character_or_error(g, target, field="target"):
    card = get_card(g, target) if isinstance(target, str) else None
    if card is None or not on_field_character(g, target):
        raise AdjustmentError(f"{field}: 「{target}」は場のキャラクターではありません", field)
    return card


def _bump(g):
    g.set("adjust_seq", g.data["adjust_seq"] + 1)


class MovesMixin:
    def _short(self, g, rule, what, p, wanted, have):
        """The part could not be applied as instructed: nothing moved (1.11.6 / 7.1.12)."""
        _bump(g)
        return g.log(rule, "adjust", f"{p} の{what}が{have}枚しかなく、指示された{wanted}枚に足りないため適用できない", p,
                     cites=self.part_failed(g))

    def _each_n(self, g, target, value, as_possible, what, short_rule, pool, apply):
        """A part that moves `value` cards of each player (`both`: turn player first, at once 7.1.13) from `pool(p)`:
        short of them it is not applied (`short_rule`, 7.1.12) unless 「可能な限り」 (12.6.1); as a cost it is refused
        (1.8.9.e). `apply(p, cards)` moves them and logs the entry; returns the first entry."""
        first = None
        for p in each_player(self, g, target):
            cards = pool(p)
            n = self.how_many(g, value, len(cards), what, "value", as_possible)
            if n < value and not (as_possible or g.resolving == "cost"):
                entry = self._short(g, short_rule, what, p, value, len(cards))
            else:
                entry = apply(p, cards[:n])
            first = first or entry
        return first

    def _to(self, g, cards, zone, state=None):
        for c in cards:
            take(g, c["id"])
            put(g, {**bare(c), **({"state": state} if state else {})}, c["owner"], zone)
        _bump(g)

    def adjust_add_to_hand(self, g, spec, target, value, cards=None, as_possible=False, **where):
        """1.11.1 手札に加える from a zone (deck: from the top, 3.1.8; others: the cards named, else the top), the
        number at once (1.11.4); 1.11.6: short of the number, none is added."""
        zone = where.get("from", "graveyard")
        both = ("thv:7.1.13",) if target == "both" else ()

        def apply(p, moved):
            self._to(g, moved, "hand")
            return g.log("thv:1.11.1", "adjust", f"{p} が{ZONE_JA[zone]}のカード{len(moved)}枚を手札に加えた" +
                         (f"（{'、'.join(label(c) for c in moved)}）" if zone != "deck" else ""), p,
                         cites=("thv:1.11.4", *(("thv:11.3.5",) if zone == "removed" else ()), *both))
        return self._each_n(g, target, value, as_possible, f"{ZONE_JA[zone]}のカード", "thv:1.11.6",
                            lambda p: self._pool(g, p, zone, cards), apply)

    def _pool(self, g, p, zone, cards):
        """The cards a part takes from p's zone: the ones named (each must be there), else the top (the deck's
        first, the 冥界's last: 3.3.2)."""
        here = zone_cards(g, p, zone)
        if cards:
            ids = {c["id"] for c in here}
            missing = [c for c in cards if c not in ids]
            if missing:
                raise AdjustmentError(f"cards: {missing[0]} は {p} の{ZONE_JA[zone]}にありません", "cards")
            return [c for c in here if c["id"] in cards]
        return list(here) if zone == "deck" else list(reversed(here))

    def adjust_add_node(self, g, spec, target, value, state="sleep", as_possible=False):
        """1.8.4.a 「ノードに加える」 = set in the node area from the top of the deck, face down (1.8.5)."""
        both = ("thv:7.1.13",) if target == "both" else ()

        def apply(p, taken):
            self._to(g, taken, "nodes", state)
            return g.log("thv:1.8.4.a", "adjust", f"判定員の調整: {p} のデッキの上から{len(taken)}枚を"
                         f"{'スリープ' if state == 'sleep' else 'アクティブ'}状態でノードに加えた", p, cites=("thv:1.8.5", *both))
        return self._each_n(g, target, value, as_possible, "デッキのカード", "thv:1.8.4.a",
                            lambda p: zone_cards(g, p, "deck"), apply)

    def adjust_destroy_top(self, g, spec, target, value, as_possible=False):
        """「デッキの上からX枚を破棄する」: 破棄 (9.3.3) of the top X (3.1.8), to the 冥界 (9.3.4.g)."""
        both = ("thv:7.1.13",) if target == "both" else ()

        def apply(p, gone):
            self._to(g, gone, "graveyard")
            return g.log("thv:9.3.4.g", "adjust", f"判定員の調整: {p} のデッキの上から{len(gone)}枚を破棄し、冥界に置いた", p,
                         cites=("thv:9.3.3", "thv:3.1.8", *both))
        return self._each_n(g, target, value, as_possible, "デッキのカード", "thv:9.3.3",
                            lambda p: zone_cards(g, p, "deck"), apply)

    def adjust_discard(self, g, spec, target, value, cards=None, as_possible=False):
        """「手札をX枚破棄する」 (as a cost, or an effect): the player's chosen cards (`cards`, else the last X of the
        hand) are destroyed (9.3.3) to the 冥界 (9.3.4.g)."""
        both = ("thv:7.1.13",) if target == "both" else ()

        def apply(p, gone):
            self._to(g, gone, "graveyard")
            return g.log("thv:9.3.4.g", "adjust", f"判定員の調整: {p} が手札{len(gone)}枚（{'、'.join(label(c) for c in gone)}）を破棄した", p,
                         cites=("thv:9.3.3", *(("thv:1.8.6",) if g.resolving == "cost" else ()), *both))
        return self._each_n(g, target, value, as_possible, "手札", "thv:9.3.3",
                            lambda p: self._chosen_from_hand(g, p, value, cards), apply)

    def _chosen_from_hand(self, g, p, value, cards):
        """The cards named, else — when the hand holds more than X — the ones its player chooses (a decision)."""
        hand = zone_cards(g, p, "hand")
        if cards or len(hand) <= value:
            return self._pool(g, p, "hand", cards)
        ids = effect_parts.pick_cards(g, p, [(c["id"], label(c)) for c in hand], value, "thv:9.3.3", f"{p} が破棄する手札")
        return [next(c for c in hand if c["id"] == i) for i in ids]

    def adjust_move(self, g, spec, target, to, position="top", state="sleep", by_card=False):
        """移す / 戻す (11.3.1, 11.3.14) a card to a zone of its original player (3.1.6): from the field its set cards
        go to the 冥界 (11.3.3.h); elsewhere it just moves (11.3.2). To the deck on top or at the bottom (3.1.8); to
        the node area face down, in the state the effect says (1.8.4, 1.8.5)."""
        card = self._card_from(g, target)
        src = locate(g, target)
        named = self.taken_from_deck_top(g, src, target, by_card)
        if src[1] == to and src[3] is None:
            raise AdjustmentError(f"to: {label(card)} は既に{ZONE_JA[to]}にあります", "to")
        whole_field = src[1] == "field" and src[3] is None
        left = self._leaving(g, [target]) if whole_field else []
        whole = take(g, target)
        sets = list(whole.get("sets") or ()) if whole_field else []
        for s in sets:
            put(g, bare(s), s["owner"], "graveyard")
        put(g, {**bare(whole), **({"state": state} if to == "nodes" else {})}, whole["owner"], to,
            top=(to == "deck" and position == "top"))
        self._after_adjust_leave(g, left)
        _bump(g)
        cites = ["thv:3.1.6", "thv:3.1.7", *named]
        cites += {"hand": ["thv:1.11.1"], "nodes": ["thv:1.8.4", "thv:1.8.5"]}.get(to, [])
        if src[1] == "removed":
            cites.append("thv:11.3.5")
        where = ZONE_JA[to] + ({"top": "の一番上", "bottom": "の一番下"}[position] if to == "deck" else "")
        return g.log("thv:11.3.3.h" if whole_field else "thv:11.3.2", "adjust",
                     f"判定員の調整: {label(card)} を{ZONE_JA[src[1]]}から{where}に移した" +
                     ("（セットカードは冥界へ）" if sets else "") + _role_note(left), None,
                     cites=[*cites, *_role_cites(left)])

    def _card_from(self, g, target):
        card = get_card(g, target) if isinstance(target, str) else None
        if card is None:
            raise AdjustmentError(f"target: カード「{target}」は盤面にありません", "target")
        if locate(g, target)[1] == "play_area":
            raise AdjustmentError("target: プレイエリアのカードは解決か無効（12.2.3, op: negate）でのみ移ります", "target")
        return card

    def adjust_put_onto_field(self, g, spec, target, state="sleep", player=None, face_down=False):
        """場に出す (11.3.8): from outside the field onto the field of the player who processes the effect (11.3.8.a),
        face up; a character card is a character from then (11.3.9.a, 6.1.8.a); the card is placed (11.3.9.c)."""
        card = self._card_from(g, target)
        src = locate(g, target)
        if src[1] == "field":
            raise AdjustmentError("target: 場のカードは改めて場に出るものとして扱わない（11.3.8.b）", "target")
        p = player or g.data.get("turn_player")
        if p not in PLAYERS:
            raise AdjustmentError(f"player: プレイヤー「{p}」はいません（p1, p2）", "player")
        take(g, target)
        put(g, {**bare(card), "state": state, "sets": [], "mods": [], "damage": 0,
                **({"face_down": True} if face_down else {})}, p, "field")
        _bump(g)
        if face_down:   # 5.7.1: it has no information the effect does not give it: no character (3.4.3.a: hidden)
            return g.log("thv:5.7.1", "adjust", f"判定員の調整: {label(card)} を{ZONE_JA[src[1]]}から {p} の場に裏向きで"
                         f"{'スリープ' if state == 'sleep' else 'アクティブ'}状態で出した（何の情報も持たず、表側は非公開）", p,
                         cites=("thv:11.3.8", "thv:11.3.8.a", "thv:3.4.3.a", "thv:5.7.4",
                                *(("thv:11.3.5",) if src[1] == "removed" else ())))
        char = card.get("type") == "character" or kw.has(card.get("keywords") or [], "幻想生物")
        return g.log("thv:11.3.9.c", "adjust", f"判定員の調整: {label(card)} を{ZONE_JA[src[1]]}から {p} の場に"
                     f"{'スリープ' if state == 'sleep' else 'アクティブ'}状態で出した", p,
                     cites=("thv:11.3.8", "thv:11.3.8.a", *(("thv:11.3.9.a",) if char else ()),
                            *(("thv:11.3.5",) if src[1] == "removed" else ())))

    def adjust_turn_over(self, g, spec, target, face, before=None):
        """表向きにする / 裏向きにする (5.7.2): a field card's face is changed; a character vanishes first (5.7.2.a),
        its 縦横の状態 stays (5.7.2.b) and it enters the field anew (5.7.2.c), so what applied to it before is gone
        (its modifications, damage and the lasting effects aimed at it); its set cards stay set."""
        card = get_card(g, target) if isinstance(target, str) else None
        loc = locate(g, target) if card else None
        if card is None or loc[1] != "field" or loc[3] is not None:
            raise AdjustmentError(f"target: 「{target}」は場のカードではありません（表裏を変えるのは場の、他のカードに"
                                  "セットされていないカードです）", "target")
        down = bool(card.get("face_down"))
        if before is not None and (before == "down") != down:   # 「表向きのカードを裏向きにする」 (5.7.3.a)
            raise Refused(f"before: {label(card)}は{'裏' if down else '表'}向きです。変更前の状態が"
                          f"{'裏' if before == 'down' else '表'}向きと指定された効果は適用できません（5.7.3.a）",
                          "thv:5.7.3.a", "before")
        words_of = {"down": "裏向き", "up": "表向き"}
        if (face == "down") == down:   # an absolute direction: already so is properly processed (5.7.3)
            _bump(g)
            return g.log("thv:5.7.3", "adjust", f"判定員の調整: {label(card)} は既に{words_of[face]}です"
                         "（適切に処理されたものとして扱う）", loc[0])
        battle = g.data.get("battle") or {}
        if target in (battle.get("attacker"), battle.get("defender")):
            raise AdjustmentError("target: 戦闘中のキャラクターの表裏を変える処理は扱えません（攻撃の取り消しや戦闘の"
                                  "終了は判定員が cancel_attack などで調整してください）", "target")
        was_character = is_character(card)
        turned = {k: v for k, v in card.items() if k != "face_down"}
        g.set(card_path(loc), {**turned, **({"face_down": True} if face == "down" else {}), "mods": [], "damage": 0,
                               "battle_damage": 0})
        aimed = [e for e in g.data.get("effects") or () if e.get("target") == target]
        if aimed:
            g.set("effects", [e for e in g.data["effects"] if e.get("target") != target])
        _bump(g)
        parts = (["キャラクターとして消失し（5.7.2.a）"] if was_character else []) + [
            f"{words_of[face]}にして（縦横の状態はそのまま）", "改めて場に出たものとして扱う"]
        return g.log("thv:5.7.2", "adjust", f"判定員の調整: {label(card)} を" + "、".join(parts)
                     + (f"。このカードへの効果 {len(aimed)} つは新しいカードには及ばない" if aimed else ""), loc[0],
                     cites=("thv:5.7.2.a", "thv:5.7.2.b", "thv:5.7.2.c", *(("thv:5.7.4",) if face == "down" else ()))
                     if was_character else ("thv:5.7.2.b", "thv:5.7.2.c", *(("thv:5.7.4",) if face == "down" else ())))

    def adjust_set_from_deck(self, g, spec, target, value, as_possible=False):
        """「デッキの上のカードX枚を〔このキャラクター〕にセットする」 (11.3.10): the cards become set cards of the
        character and share its 縦横の状態 (11.3.11.c)."""
        host = character_or_error(g, target)
        p = locate(g, target)[0]
        deck = zone_cards(g, p, "deck")
        n = self.how_many(g, value, len(deck), "デッキのカード", "value", as_possible)
        if n < value and not (as_possible or g.resolving == "cost"):
            return self._short(g, "thv:11.3.10.b", "デッキ", p, value, len(deck))
        taken = deck[:n]
        g.set(f"players.{p}.deck", deck[n:])
        update_card(g, target, sets=list(host.get("sets") or ()) + [{**bare(c), "state": host["state"]} for c in taken])
        _bump(g)
        return g.log("thv:11.3.10.b", "adjust", f"判定員の調整: {p} のデッキの上から{n}枚を {label(host)} にセットした", p,
                     cites=("thv:11.3.10", "thv:11.3.11.c"))

    def adjust_set_on(self, g, spec, target, host):
        """セット (11.3.10) of a card onto a character; a second 装備 card fails and goes to the 冥界 (10.13.4)."""
        card = self._card_from(g, target)
        hc = character_or_error(g, host, "host")
        if target == host or locate(g, target)[1] == "field" and locate(g, target)[3] is None and card.get("sets"):
            raise AdjustmentError("target: セットするカードにはセットカードがあってはなりません", "target")
        src = locate(g, target)
        equip = kw.has(card.get("keywords") or [], "装備")
        _bump(g)
        if equip and any(kw.has(s.get("keywords") or [], "装備") for s in hc.get("sets") or ()):
            take(g, target)
            put(g, bare(card), card["owner"], "graveyard")
            return g.log("thv:10.13.4", "adjust", f"判定員の調整: {label(hc)} には既に装備カードがセットされているため、"
                         f"{label(card)} のセットに失敗し冥界に置いた", None, cites=("thv:11.3.10",))
        take(g, target)
        hc = get_card(g, host)
        update_card(g, host, sets=list(hc.get("sets") or ()) + [{**bare(card), "state": hc["state"]}])
        gains = equip or kw.has(card.get("keywords") or [], "呪符")
        return g.log("thv:11.3.10.b", "adjust", f"判定員の調整: {label(card)} を{ZONE_JA[src[1]]}から {label(hc)} にセットした" +
                     ("（テキストと戦闘修正はキャラクターが得る）" if gains else "（テキストは無効）"), None,
                     cites=("thv:11.3.10", "thv:11.3.11.c", "thv:6.1.13" if gains else "thv:11.3.11.b"))


def _role_note(roles):
    if "attacker" in roles:
        return "。攻撃キャラクターが場を離れたため攻撃は取り消された"
    if "defender" in roles:
        return "。防御キャラクターが場を離れた"
    return ""


def _role_cites(roles):
    return ("thv:6.3.6.b",) if "attacker" in roles else ("thv:6.4.7",) if "defender" in roles else ()
