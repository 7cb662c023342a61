"""Rules several procedures share: drawing (8.5), paying energy (2.5.1), life and the win check (4)."""
from __future__ import annotations

from judge_app.engine.los.board_terms import other
from judge_app.engine.los.cards import put, take
from judge_app.engine.state import GameState


def player(g: GameState, pid: str) -> dict:
    return g.data["players"][pid]


def option(g: GameState, name: str):
    return g.data["options"][name]


def draw(g: GameState, pid: str, n: int) -> bool:
    """Draw n from the top (8.5). False when the deck ran out first: that player loses (4), decided by caller."""
    for _ in range(n):
        deck = player(g, pid)["deck"]
        if not deck:
            return False
        _, card = take(g, deck[0]["id"])
        put(g, pid, "hand", card)
    return True


def deck_out(g: GameState, pid: str, cites: tuple[str, ...] = ("los:8.5",)):
    """4: 自分のデッキが0枚になり、カードを引くことができなかった場合、自分は敗北します。 `cites`: the draw that
    could not be made (5.2's, or an effect's 8.5)."""
    g.end_game(other(pid))
    return g.log("los:4", "lose", f"{pid} はデッキが0枚でカードを引けないため敗北しました。{other(pid)} の勝利", pid,
                 cites=cites)


def regained(g: GameState, pid: str) -> list[dict]:
    return [c for c in player(g, pid)["energy"] if not c.get("gained")]


def can_pay(g: GameState, pid: str, cost: int) -> bool:
    return len(regained(g, pid)) >= cost


def pay(g: GameState, pid: str, cost: int) -> None:
    """2.5.1: turn as many energies as the cost from リゲイン表示 to ゲイン表示 (energies carry no text, 3.4,
    so which ones does not matter: the first ones in the zone)."""
    energy = [dict(c) for c in player(g, pid)["energy"]]
    left = cost
    for c in energy:
        if left and not c.get("gained"):
            c["gained"] = True
            left -= 1
    g.set(f"players.{pid}.energy", energy)


def lose_life(g: GameState, pid: str, amount: int) -> int:
    """Life goes down by the damage; whether it shows below 0 is the rule option `life_below_zero`."""
    life = player(g, pid)["life"] - amount
    if option(g, "life_below_zero") == "stop_at_zero":
        life = max(0, life)
    g.set(f"players.{pid}.life", life)
    return life


def life_result(g: GameState) -> str | None:
    """4: the player whose life is 0 loses; both at 0 together is a draw. Returns winner, "draw" or None."""
    zero = [pid for pid in ("p1", "p2") if player(g, pid)["life"] <= 0]
    if len(zero) == 2:
        return "draw"
    if zero:
        return other(zero[0])
    return None


def result_message(result: str) -> str:
    if result == "draw":
        return "お互いのライフが同時に0になったため引き分けです"
    return f"{other(result)} のライフが0になりました。{result} の勝利"
