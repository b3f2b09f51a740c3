"""Embedding ginrules in a game: the server holds the state, each client gets its view.

No network here: the "server" and the "clients" are objects in one process, and every
message between them goes through JSON, as it would over a socket. Seat 0 is a client
(a scripted person who presses the hint button and follows it); seat 1 is filled by the
computer (the advanced player), which sees exactly what a client in that seat would.

Run: python examples/embed_server.py
"""

from __future__ import annotations

import json
from typing import Any

import ginrules
from ginrules import game
from ginrules.players import AdvancedPlayer, Player, view


class Server:
    """Holds the one true state; hands out views; checks and applies actions."""

    def __init__(self, rules: ginrules.RuleSet, seed: int) -> None:
        self.game = game.new_game(rules, seed=seed)
        self.computer: dict[int, Player] = {}

    def view_message(self, seat: int) -> str:
        """What the client in ``seat`` may see, as JSON (never the other hand or the stock)."""
        hand = self.game.hand if self.game.hand is not None else self.game.finished[-1]
        return json.dumps(view(hand, seat).to_dict())

    def hint_message(self, seat: int) -> str:
        if self.game.hand is None:
            return json.dumps({"ok": False, "error": "the game is over"})
        h = ginrules.hint(view(self.game.hand, seat))
        return json.dumps({"action": str(h.action), "reason": h.reason})

    def receive(self, seat: int, message: str) -> str:
        """An action from a client: applied if it is that seat's turn and legal. Any
        message, however malformed, gets a reply; the server state never changes on an
        error."""
        try:
            request = json.loads(message)
        except (json.JSONDecodeError, TypeError, RecursionError):
            return json.dumps({"ok": False, "error": "not JSON: send {\"action\": \"...\"}"})
        if not isinstance(request, dict) or not isinstance(request.get("action"), str):
            return json.dumps({"ok": False,
                               "error": 'send an object like {"action": "discard 7H"}'})
        hand = self.game.hand
        if hand is None:
            return json.dumps({"ok": False, "error": "the game is over"})
        if hand.turn != seat:
            return json.dumps({"ok": False, "error": f"it is seat {hand.turn}'s turn"})
        try:
            action = ginrules.Action.parse(request["action"])
            hand.check(action, player=seat)  # the reason, if it is illegal
        except ginrules.GinRulesError as error:
            return json.dumps({"ok": False, "error": str(error)})
        self.apply(action)
        return json.dumps({"ok": True})

    def apply(self, action: ginrules.Action) -> None:
        before = len(self.game.finished)
        self.game = game.apply(self.game, action)
        if len(self.game.finished) > before:
            last = self.game.finished[-1].result
            assert last is not None
            print(f"  hand {before + 1}: {last.kind.value}"
                  + ("" if last.knocker is None else f" by seat {last.knocker}")
                  + f"; totals {self.game.totals}")

    def run_computer(self) -> None:
        """Let the computer move while it holds the turn."""
        while self.game.hand is not None and self.game.hand.turn in self.computer:
            seat = self.game.hand.turn
            self.apply(self.computer[seat].choose(view(self.game.hand, seat)))


class Client:
    """A person at a seat: reads views, asks for hints, sends actions."""

    def __init__(self, server: Server, seat: int) -> None:
        self.server, self.seat = server, seat

    def turn(self) -> None:
        state: dict[str, Any] = json.loads(self.server.view_message(self.seat))
        assert state["legal_actions"], "the server only asks the player to move"
        hint = json.loads(self.server.hint_message(self.seat))
        reply = json.loads(self.server.receive(self.seat, json.dumps(
            {"action": hint["action"]})))
        assert reply["ok"], reply


def main() -> None:
    server = Server(ginrules.rules("classic"), seed=2026)
    server.computer[1] = AdvancedPlayer(seed=1)
    person = Client(server, seat=0)

    first = json.loads(server.view_message(0))
    print("seat 0 sees:", {k: first[k] for k in ("phase", "turn", "cards", "discard_pile",
                                                 "stock_size", "legal_actions")})
    assert "stock" not in first and len(first["cards"]) == 10
    # a move out of turn, or an illegal one, is refused with the reason
    if first["turn"] != 0:
        print("out of turn:", server.receive(0, json.dumps({"action": "take"})))
    else:
        print("illegal:", server.receive(0, json.dumps({"action": "draw discard"})))

    # a bad message of any shape gets an error reply, and the game goes on
    for bad in ("not json", "{}", "[]", '{"action": 7}', '{"action": "fold"}'):
        reply = json.loads(server.receive(0, bad))
        assert reply["ok"] is False, reply
    print("bad messages:", json.loads(server.receive(0, "not json"))["error"])

    while not server.game.is_over:
        server.run_computer()
        if server.game.is_over:
            break
        person.turn()
    a, b = server.game.sheet.final_totals()
    print(f"winner: seat {server.game.winner} ({a} to {b})")
    late = json.loads(server.receive(0, json.dumps({"action": "draw stock"})))
    assert late == {"ok": False, "error": "the game is over"}, late
    print("after the end:", late["error"])


if __name__ == "__main__":
    main()
