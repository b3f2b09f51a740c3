"""Embedding ginrules in a game: the server holds the state, each client gets its view.

No network here: the "server" and the "clients" are objects in one process, and every
message between them goes through JSON, as it would over a socket. Seat 0 is a client
(a scripted person who presses the hint button and follows it); seat 1 is filled by the
computer (the advanced player), which sees exactly what a client in that seat would.

Three things a real server needs, and this one shows:

* Every request gets a JSON reply, ``{"ok": true, ...}`` or ``{"ok": false, "error":
  "..."}``, whatever the client sends (any text or bytes, a wrong seat, out of turn,
  after the game is over); nothing raises, and a refused request changes nothing.
* Messages are bounded: a message longer than ``MAX_MESSAGE`` characters (bytes, if it
  is bytes) is refused before it is read.
* One lock guards the game: checking an action and applying it happen together, so two
  threads (two connections) can never both pass the check for the same turn.

Run: python examples/embed_server.py
"""

from __future__ import annotations

import json
import threading
from typing import Any

import ginrules
from ginrules import game
from ginrules.players import AdvancedPlayer, Player, View, view

MAX_MESSAGE = 1000
"""The longest message the server reads, in characters (in bytes for bytes); an action
such as ``{"action": "discard 7H"}`` needs 25."""


class Refused(Exception):
    """Why the server will not do what a client asked (sent back as the error reply)."""


def reply(**fields: Any) -> str:
    """A reply as JSON text, such as ``{"ok": false, "error": "it is seat 1's turn"}``."""
    return json.dumps(fields)


def read_action(message: object) -> ginrules.Action:
    """The action in a client's message, ``{"action": "discard 7H"}``; raise
    :class:`Refused` with the reason for anything else."""
    if not isinstance(message, (str, bytes)):
        raise Refused(f"a message is JSON text, not a {type(message).__name__}")
    if len(message) > MAX_MESSAGE:
        unit = "bytes" if isinstance(message, bytes) else "characters"
        raise Refused(f"a message is at most {MAX_MESSAGE} {unit}, not {len(message)}")
    try:
        request = json.loads(message)
    except (ValueError, RecursionError):  # bad JSON or UTF-8, a number of too many digits
        raise Refused('not JSON: send {"action": "..."}') from None
    if not isinstance(request, dict) or not isinstance(request.get("action"), str):
        raise Refused('send an object like {"action": "discard 7H"}')
    try:
        return ginrules.Action.parse(request["action"])
    except ginrules.GinRulesError as error:  # bad notation: the reason, to send back
        raise Refused(str(error)) from None


def check_seat(seat: object) -> int:
    """``seat`` if it is 0 or 1; raise :class:`Refused` if not."""
    if type(seat) is not int or seat not in (0, 1):
        shown = repr(seat) if type(seat) is int else f"a {type(seat).__name__}"
        raise Refused(f"a seat is 0 or 1, not {shown}")
    return seat


def hand_to_move(current: ginrules.GameState, seat: object) -> ginrules.HandState:
    """The hand in play if ``seat`` is to move in it; raise :class:`Refused` with the
    reason if not (no such seat, the game is over, the other seat's turn)."""
    check_seat(seat)
    if current.hand is None:
        raise Refused("the game is over")
    if current.hand.turn != seat:
        raise Refused(f"it is seat {current.hand.turn}'s turn")
    return current.hand


class Server:
    """Holds the one true state; hands out views and hints; checks and applies actions.

    Safe to share between threads: ``self.lock`` is held while the state is read and
    while an action is checked and applied. The states are immutable values, so what
    is read under the lock stays consistent after it is released (a hint is computed
    from it outside the lock, and other seats are not kept waiting).
    """

    def __init__(self, rules: ginrules.RuleSet, seed: int) -> None:
        self.game = game.new_game(rules, seed=seed)
        self.computer: dict[int, Player] = {}
        self.lock = threading.Lock()

    def snapshot(self) -> ginrules.GameState:
        """The game as it is now."""
        with self.lock:
            return self.game

    def view_message(self, seat: object) -> str:
        """What the client in ``seat`` may see, ``{"ok": true, "view": {...}}`` (never
        the other hand or the stock); after the game, the view of its last hand."""
        try:
            seat = check_seat(seat)
        except Refused as why:
            return reply(ok=False, error=str(why))
        current = self.snapshot()
        hand = current.hand if current.hand is not None else current.finished[-1]
        return reply(ok=True, view=view(hand, seat).to_dict())

    def hint_message(self, seat: object) -> str:
        """The hint button: ``{"ok": true, "action": ..., "reason": ...}`` on the seat's
        turn, else the reason there is none."""
        try:
            hand = hand_to_move(self.snapshot(), seat)
        except Refused as why:
            return reply(ok=False, error=str(why))
        hint = ginrules.hint(view(hand, hand.turn))
        return reply(ok=True, action=str(hint.action), reason=hint.reason)

    def receive(self, seat: object, message: object) -> str:
        """An action from the client in ``seat``: applied if it is that seat's turn and
        the action is legal, ``{"ok": true}``; otherwise ``{"ok": false, "error": ...}``
        and nothing changes. Any message gets a reply (one of over ``MAX_MESSAGE``
        characters is refused unread)."""
        try:
            action = read_action(message)
            with self.lock:  # check and apply as one step: no other thread moves between
                player = self.check(seat, action)
                self.apply(player, action)
        except Refused as why:
            return reply(ok=False, error=str(why))
        return reply(ok=True)

    def check(self, seat: object, action: ginrules.Action) -> int:
        """The seat, 0 or 1, if it may play ``action`` now; raise :class:`Refused` if not
        (the caller holds the lock)."""
        hand = hand_to_move(self.game, seat)
        try:
            hand.check(action)
        except ginrules.IllegalActionError as error:  # the reason it is illegal
            raise Refused(str(error)) from None
        return hand.turn

    def apply(self, seat: int, action: ginrules.Action) -> None:
        """Apply a checked action (the caller holds the lock); say how a hand that ends
        ended."""
        before = len(self.game.finished)
        self.game = game.apply(self.game, action, player=seat)
        if len(self.game.finished) > before:
            last = self.game.finished[-1].result
            assert last is not None
            print(f"  hand {before + 1}: {last.kind.value}"
                  + ("" if last.knocker is None else f" by seat {last.knocker}")
                  + f"; totals {self.game.totals}")

    def run_computer(self) -> None:
        """Let the computer move while it holds the turn (each move under the lock)."""
        while True:
            with self.lock:
                hand = self.game.hand
                if hand is None or hand.turn not in self.computer:
                    return
                seat = hand.turn
                self.apply(seat, self.computer[seat].choose(view(hand, seat)))


class Client:
    """A person at a seat: reads views, asks for hints, sends actions."""

    def __init__(self, server: Server, seat: int) -> None:
        self.server, self.seat = server, seat

    def turn(self) -> None:
        state = View.from_dict(json.loads(self.server.view_message(self.seat))["view"])
        assert state.legal_actions, "the server only asks the player to move"
        hint = json.loads(self.server.hint_message(self.seat))
        answer = json.loads(self.server.receive(self.seat, json.dumps(
            {"action": hint["action"]})))
        assert answer["ok"], answer


def main() -> None:
    server = Server(ginrules.rules("classic"), seed=2026)
    server.computer[1] = AdvancedPlayer(seed=1)
    person = Client(server, seat=0)

    first = json.loads(server.view_message(0))["view"]
    print("seat 0 sees:", {k: first[k] for k in ("phase", "turn", "cards", "discard_pile",
                                                 "stock_size", "legal_actions")})
    assert "stock" not in first and len(first["cards"]) == 10
    # a move out of turn, or an illegal one, is refused with the reason
    if first["turn"] != 0:
        print("out of turn:", server.receive(0, json.dumps({"action": "take"})))
    else:
        print("illegal:", server.receive(0, json.dumps({"action": "draw discard"})))
    print("hint for seat 1:", server.hint_message(1))

    # a bad message of any shape gets an error reply, and the game goes on
    before = server.snapshot()
    for bad in ("not json", "{}", "[]", '{"action": 7}', '{"action": "fold"}',
                '{"action": ' + "9" * 5000 + "}", "[" * 100_000, b"\xff"):
        answer = json.loads(server.receive(0, bad))
        assert answer["ok"] is False, answer
    assert server.snapshot() is before
    print("bad message:", server.receive(0, "not json"))
    print("long message:", server.receive(0, " " * 5000))

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
