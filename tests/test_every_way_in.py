"""One game, every way in (issue 45): the same games (every preset, every ending, Hollywood
scoring too; tests/every_way.py) played through the core (``HandState.apply``,
``GameState.apply``, ``game.play``), the command line (``ginrules play --record``, its
players ``cmd:`` programs that replay the game), ``ginrules serve`` driven as a client
would, and the web page's engine (``Engine.call``), requiring the same actions, results,
sheets and records everywhere. PettingZoo, Gymnasium and OpenSpiel are in
tests/extras/test_every_way_in_extras.py.

Where a surface cannot express something, a test says so by name (a skipped parameter
with its reason): stated melds, which only the core and ``serve`` can carry.
"""

from __future__ import annotations

import contextlib
import functools
import importlib.util
import io
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any, TypeVar

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

import ginrules
from every_way import (
    Scenario,
    ScriptedPlayer,
    as_json,
    drawn_card,
    hand_before,
    scenarios,
    scripted_policies,
    table,
    totals_before,
)
from ginrules import ActionKind, EndKind, records
from ginrules.cli import main
from ginrules.game import hand_seed
from ginrules.players import make_player, view
from ginrules.scoring import score_hand
from strategies import ending_of, endings_for, finished_hands

ROOT = Path(__file__).resolve().parents[1]
SCRIPTED = Path(__file__).resolve().parent / "scripted_player.py"
SCENARIOS = scenarios()
T = TypeVar("T")


def test_the_games_reach_every_ending_of_every_preset() -> None:
    reached = {(s.preset, e) for s in SCENARIOS if not s.hollywood for e in s.endings}
    assert reached == set(table())
    for s in SCENARIOS:
        assert s.game.is_over and s.game.first_dealer == 1, s
    hollywood = [s for s in SCENARIOS if s.hollywood]
    assert hollywood and all(len(s.game.sheet.games) == 3 for s in hollywood)
    # a hand that one player ends before the other moves at all
    assert any(len({who for who, _ in h.actions}) == 1 for s in SCENARIOS
               for h in s.game.finished)
    # Oklahoma's spade upcard doubles a hand somewhere
    assert any(h.rules.doubles(h.upcard) and ending_of(h) != "dead"
               for s in SCENARIOS if s.preset == "oklahoma" for h in s.game.finished)


# -- the core ---------------------------------------------------------------------------


@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_the_core_hand_by_hand(scenario: Scenario) -> None:
    """Each hand dealt from its seed and played by ``HandState.apply`` (and the verbs of
    the top level) is the game's hand, and ``record_hand`` builds the same game."""
    game = scenario.game
    moves = iter(scenario.moves)
    rebuilt = ginrules.new_game(game.rules, dealer=game.first_dealer, hollywood=game.hollywood)
    verbs = {ActionKind.TAKE: lambda s, a: ginrules.take_upcard(s),
             ActionKind.PASS: lambda s, a: ginrules.pass_upcard(s),
             ActionKind.DRAW_STOCK: lambda s, a: ginrules.draw(s),
             ActionKind.DRAW_DISCARD: lambda s, a: ginrules.draw(s, "discard"),
             ActionKind.DISCARD: lambda s, a: ginrules.discard(s, a.card),
             ActionKind.KNOCK: lambda s, a: ginrules.knock(s, a.card),
             ActionKind.BIG_GIN: lambda s, a: ginrules.big_gin(s)}
    for number, finished in enumerate(game.finished):
        state = ginrules.deal(game.rules, seed=hand_seed(scenario.seed, number),
                              dealer=rebuilt.dealer)
        by_verb = state
        while not state.is_over:
            seat, action = next(moves)
            assert seat == state.turn and action in state.legal_actions()
            state = state.apply(str(action), player=seat)
            by_verb = verbs[action.kind](by_verb, action)
        assert state == finished and by_verb == finished
        rebuilt = ginrules.game.record_hand(rebuilt, state)
    assert next(moves, None) is None
    assert rebuilt.sheet == game.sheet and rebuilt.winner == game.winner


@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_the_core_game_play(scenario: Scenario) -> None:
    """``game.play`` with players that see only their views, and with policies of the
    whole state, plays the same game; each player was shown its seat's view with the
    game's totals."""
    players = [ScriptedPlayer(scenario.seat_moves(0)), ScriptedPlayer(scenario.seat_moves(1))]
    assert ginrules.game.play(scenario.start(), players) == scenario.game
    assert ginrules.game.play(scenario.start(), scripted_policies(scenario)) == scenario.game
    game = scenario.start()
    shown = [iter(p.views) for p in players]
    for seat, action in scenario.moves:
        assert game.hand is not None
        assert next(shown[seat]) == game.view(seat)
        game = game.apply(action, player=seat)


# -- the command line and its cmd: players -------------------------------------------


@functools.cache
def _cli_run(scenario: Scenario, folder: Path) -> dict[str, Any]:
    """``ginrules play --record --json`` of the game, in this process, its seats two
    ``cmd:`` programs that replay the game's actions: the JSON printed, the record, and
    the requests each program read."""
    seats = []
    for seat in (0, 1):
        moves = folder / f"{scenario.name}-{seat}.json"
        moves.write_text(json.dumps([str(a) for a in scenario.seat_moves(seat)]))
        log = folder / f"{scenario.name}-{seat}.log"
        log.write_text("")
        seats.append((moves, log))
    players = ",".join(f"cmd:{sys.executable} -I -S {SCRIPTED} {moves} {log}"
                       for moves, log in seats)
    record = folder / f"{scenario.name}.json"
    argv = ["play", "--rules", scenario.preset, "--seed", str(scenario.seed), "--players",
            players, "--record", str(record), "--json"]
    if scenario.hollywood:
        argv.append("--hollywood")
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = main(argv)
    assert code == 0
    return {"json": json.loads(out.getvalue()), "record": record.read_text(),
            "players": [f"cmd:{sys.executable} -I -S {SCRIPTED} {moves} {log}"
                        for moves, log in seats],
            "requests": [[json.loads(line) for line in log.read_text().splitlines()]
                         for _, log in seats]}


@pytest.fixture(scope="module")
def cli_folder(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return tmp_path_factory.mktemp("every-way-cli")


@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_the_command_line_plays_and_records_the_same_game(scenario: Scenario,
                                                          cli_folder: Path) -> None:
    run = _cli_run(scenario, cli_folder)
    game = scenario.game
    expected = {"rules": scenario.preset, "seed": scenario.seed, "first_dealer": 1,
                "players": run["players"],
                "finished": True, **game.sheet.to_dict()}
    assert run["json"] == as_json(expected)
    # the record is the core's, to the byte; it validates, and reads back as the game
    assert run["record"] == records.dump(game, preset=scenario.preset)
    report = records.validate(run["record"])
    assert report.valid, report.problems
    assert (report.hands, report.actions) == (len(game.finished), len(scenario.moves))
    loaded = records.load(run["record"]).game
    assert loaded is not None and loaded.sheet == game.sheet
    assert loaded.results == game.results


def expected_requests(scenario: Scenario, seat: int) -> list[dict[str, Any]]:
    """What a ``cmd:`` program playing ``seat`` must be told (docs/howto_protocol.rst):
    hello, open, then (to a program that does not take events with ``decide``, as
    ``scripted_player.py`` does not) in each hand where it moves the deal (with the game's totals but in
    Hollywood) and, before each of its moves, the actions since the last one (its own
    stock draws with their cards), then decide."""
    game = scenario.game
    out: list[dict[str, Any]] = [
        {"op": "hello", "features": ["events"]},  # (the scripted program has none)
        {"op": "open", "game": "seat", "player": seat, "rules": scenario.rules.to_dict(),
         "seed": scenario.seed ^ (seat + 1)}]
    for number, hand in enumerate(game.finished):
        reported: int | None = None
        state = ginrules.deal(game.rules, deck=hand.deck, dealer=hand.dealer)
        events: list[dict[str, Any]] = []  # every action, as the seat is told it
        for who, action in hand.actions:
            if who == seat:
                if reported is None:
                    deal: dict[str, Any] = {
                        "op": "deal", "game": "seat", "dealer": hand.dealer,
                        "cards": [str(c) for c in sorted(state.cards(seat),
                                                         key=lambda c: c.index)],
                        "upcard": None if hand.upcard is None else str(hand.upcard)}
                    scores = totals_before(game, number)
                    if scores is not None:
                        deal["scores"] = list(scores)
                    out.append(deal)
                    reported = 0
                out += events[reported:]
                reported = len(events)
                out.append({"op": "decide", "game": "seat"})
            state = state.apply(action)
            event: dict[str, Any] = {"op": "event", "game": "seat", "player": who,
                                     "action": str(action)}
            if who == seat and action.kind is ActionKind.DRAW_STOCK:
                event["card"] = str(drawn_card(state))
            events.append(event)
    return out


@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_a_cmd_player_is_told_what_its_seat_sees(scenario: Scenario, cli_folder: Path
                                                 ) -> None:
    run = _cli_run(scenario, cli_folder)
    for seat in (0, 1):
        assert run["requests"][seat] == as_json(expected_requests(scenario, seat)), seat


# -- ginrules serve, driven as a client would ---------------------------------------


class ServeClient:
    """``ginrules serve`` in its own process, spoken to in JSON lines: each request gets
    an id, and its reply must carry it and be ``ok``."""

    def __init__(self) -> None:
        env = {**os.environ, "PYTHONPATH": os.pathsep.join(
            [str(Path(ginrules.__file__).parent.parent), os.environ.get("PYTHONPATH", "")])}
        self.process = subprocess.Popen([sys.executable, "-m", "ginrules", "serve"],
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        env=env)
        self.count = 0

    def __call__(self, op: str, **fields: Any) -> dict[str, Any]:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.count += 1
        self.process.stdin.write(json.dumps({"id": self.count, "op": op, **fields}).encode()
                                 + b"\n")
        self.process.stdin.flush()
        reply: dict[str, Any] = json.loads(self.process.stdout.readline())
        assert reply.get("id") == self.count and reply.get("ok") is True, (op, fields, reply)
        return reply

    def close(self) -> None:
        assert self.process.stdin is not None
        self.process.stdin.close()
        assert self.process.wait(timeout=120) == 0


@pytest.fixture(scope="module")
def serve_client() -> Any:
    client = ServeClient()
    yield client
    client.close()


def serve_hand(client: ServeClient, finished: ginrules.HandState, name: str, seed: int,
               rules: str | dict[str, Any], scores: tuple[int, int] | None,
               stated: bool = False, unseen_passes: int | None = None,
               batched: bool = False) -> None:
    """A finished hand through two seats of the server (one per player), every action
    reported to both; each seat's view checked against the core's whenever it is to move,
    its decision against its level's in ginrules, and the end (the defender's melds and
    layoffs, the result once the cards are revealed) against the core's. The knocker's
    melds go with its knock to the defender, and to the knocker too if it ``stated`` them.
    The seat ``unseen_passes`` is not told its opponent's passes of the upcard that the
    protocol derives from a later action: the server must derive them. ``batched``: a
    seat is told the actions since its last move with its next ``decide`` (its
    ``events``), and those after its last move one ``event`` each at the end."""
    names = [f"{name}/{seat}" for seat in (0, 1)]
    state = ginrules.deal(finished.rules, deck=finished.deck, dealer=finished.dealer)
    deciders = [make_player("basic", seed), make_player("basic", seed)]
    untold: list[list[str]] = [[], []]  # the passes a seat was not told, by seat
    for seat in (0, 1):
        client("open", game=names[seat], player=seat, level="basic", seed=seed, rules=rules)
        deal: dict[str, Any] = {"game": names[seat], "dealer": state.dealer,
                                "cards": [str(c) for c in state.cards(seat)],
                                "upcard": None if state.upcard is None else str(state.upcard)}
        if scores is not None:
            deal["scores"] = list(scores)
        client("deal", **deal)
    # with batched: each seat's events not yet sent, each with the passes it derives
    queued: list[list[tuple[dict[str, Any], list[str]]]] = [[], []]
    for index, (who, action) in enumerate(finished.actions):
        if not untold[who]:  # (a seat not yet told of a pass cannot know its turn came)
            expected = view(state, who, scores=scores)
            if batched:
                reply = client("decide", game=names[who],
                               events=[event for event, _ in queued[who]])
                assert reply["derived"] == [p for _, d in queued[who] for p in d]
                queued[who] = []
            else:
                reply = client("decide", game=names[who])
            assert client("view", game=names[who])["view"] == as_json(expected.to_dict())
            assert reply["action"] == str(deciders[who].choose(expected))
        top = state.top_discard
        # (the last action: the finished hand's, whose knock may have stated its melds)
        last = len(state.actions) + 1 == len(finished.actions)
        state = finished if last else state.apply(action, player=who)
        for seat in (0, 1):
            if seat == unseen_passes and who != seat and _derivable(finished, index):
                untold[seat].append(f"player {who} pass")
                continue
            event: dict[str, Any] = {"game": names[seat], "player": who,
                                     "action": str(action)}
            if who == seat and action.kind is ActionKind.DRAW_STOCK:
                event["card"] = str(drawn_card(state))
            if who == seat and action.kind in (ActionKind.TAKE, ActionKind.DRAW_DISCARD):
                event["card"] = str(top)  # (optional: checked against the pile)
            result = state.result
            if result is not None and result.knocker is not None and (who != seat or stated):
                event["melds"] = [m.to_list() for m in result.knocker_melds]
            if batched:
                del event["game"]
                queued[seat].append((event, untold[seat]))
            else:
                assert client("event", **event)["derived"] == untold[seat], (seat, event)
            untold[seat] = []
    for seat in (0, 1):  # (batched: what came after the seat's last move)
        for event, derived in queued[seat]:
            assert client("event", game=names[seat], **event)["derived"] == derived
    result = state.result
    assert result is not None
    if result.kind is not EndKind.DEAD:
        assert result.knocker is not None and result.defender_arrangement is not None
        # the defender's melds of the cards it kept, and its layoffs (none against gin)
        defence = result.defender_arrangement
        assert client("melds", game=names[1 - result.knocker]) == {
            "id": client.count, "ok": True, "melds": [m.to_list() for m in defence.melds],
            "layoffs": [str(x.card) for x in result.layoffs], "deadwood": defence.deadwood,
            "deadwood_cards": [str(c) for c in defence.deadwood_cards]}
        for seat in (0, 1):
            revealed = client("reveal", game=names[seat],
                              cards=[str(c) for c in state.cards(1 - seat)])
            assert revealed["result"] == as_json(result.to_dict()), seat
    for seat in (0, 1):
        assert client("view", game=names[seat])["view"] == as_json(
            view(state, seat, scores=scores).to_dict())
        client("close", game=names[seat])


def _derivable(hand: ginrules.HandState, index: int) -> bool:
    """Whether action ``index`` of ``hand`` is a pass of the upcard that ``serve`` derives
    from the next action other than a pass, if the passer's opponent is not told of it
    (docs/howto_protocol.rst: the dealer taking the upcard means the non-dealer passed;
    the non-dealer drawing from the stock in the offer means both passed)."""
    who, action = hand.actions[index]
    if action.kind is not ActionKind.PASS:
        return False
    for by, then in hand.actions[index + 1:]:
        if then.kind is ActionKind.PASS:
            if by != who:
                return False  # (the opponent's own pass comes first: not derived)
            continue
        dealer = hand.dealer
        return (then.kind is ActionKind.TAKE and by == dealer) or (
            then.kind is ActionKind.DRAW_STOCK and by != dealer)
    return False


@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_serve_answers_as_the_core(scenario: Scenario, serve_client: ServeClient) -> None:
    game = scenario.game
    for number, hand in enumerate(game.finished):
        # (the rules by name and as a dict, in turn)
        rules = scenario.preset if number % 2 else game.rules.to_dict()
        # (one event a request, or the events with each decide, in turn)
        serve_hand(serve_client, hand, f"{scenario.name}/{number}", scenario.seed + number,
                   rules, totals_before(game, number), unseen_passes=(None, 0, 1)[number % 3],
                   batched=number % 2 == 1)


# -- the web page's engine, through its JSON wire -----------------------------------


def _bridge() -> Any:
    """web/src/ginrules_bridge.py, the file the browser runs, imported here (once)."""
    if "ginrules_bridge" not in sys.modules:
        spec = importlib.util.spec_from_file_location(
            "ginrules_bridge", ROOT / "web" / "src" / "ginrules_bridge.py")
        assert spec is not None and spec.loader is not None
        module = importlib.util.module_from_spec(spec)
        sys.modules["ginrules_bridge"] = module
        spec.loader.exec_module(module)
    return sys.modules["ginrules_bridge"]


def wire(engine: Any, method: str, **arguments: Any) -> Any:
    """A call as ginrules.js makes it: JSON text in, JSON text out; it must be ``ok``."""
    answer = json.loads(engine.call(method, json.dumps(arguments)))
    assert "ok" in answer, (method, arguments, answer)
    return answer["ok"]


def expected_last_result(game: ginrules.GameState, number: int, names: list[str]
                         ) -> dict[str, Any]:
    """What the page must show of finished hand ``number`` (1-based), from the core."""
    result = game.results[number - 1]
    out: dict[str, Any] = {"hand": number, "kind": result.kind.value,
                           "knocker": result.knocker}
    if result.kind is EndKind.DEAD:
        return {**out, "winner": None, "points": 0}
    score = score_hand(result, game.rules)
    assert result.knocker_arrangement is not None and result.defender_arrangement is not None
    return {**out, "winner": score.player, "points": score.points,
            "knocker_melds": [m.to_list() for m in result.knocker_melds],
            "knocker_deadwood": result.knocker_deadwood,
            "defender_deadwood": result.defender_deadwood,
            "layoffs": [str(x) for x in result.layoffs]}


def expected_sheet(game: ginrules.GameState) -> dict[str, Any]:
    """The page's score sheet, from the core: each hand with game 1's totals after it,
    and each game's (three in Hollywood)."""
    data = game.sheet.to_dict()
    rows = []
    hands: list[dict[str, Any]] = data["hands"]  # type: ignore[assignment]
    for number, row in enumerate(hands, 1):
        after = hand_before(game, number)
        result = game.results[number - 1]
        undercut = result.knocker is not None and score_hand(result, game.rules).undercut
        rows.append({**row, "totals": list(after.sheet.games[0].totals), "undercut": undercut,
                     "game_totals": [list(column.totals) for column in after.sheet.games]})
    return {"hands": rows, "totals": list(game.totals), "hands_won": list(game.hands_won),
            "games": [list(column.totals) for column in game.sheet.games],
            "final_scores": data["final_scores"], "winner": data["winner"],
            "text": str(game.sheet)}


@pytest.mark.parametrize("scenario", SCENARIOS, ids=str)
def test_the_web_engine_plays_the_same_game(scenario: Scenario) -> None:
    engine = _bridge().Engine()
    names = ["north", "south"]
    dealt = wire(engine, "deal", rules=scenario.preset, seed=scenario.seed,
                 hollywood=scenario.hollywood, players=names)
    assert dealt["seed"] == scenario.seed
    handle = dealt["game"]
    game = scenario.start()
    for seat, action in scenario.moves:
        assert wire(engine, "legal_actions", game=handle) == [
            str(a) for a in game.legal_actions()]
        assert wire(engine, "view", game=handle, player=seat) == as_json(
            game.view(seat).to_dict())
        before = len(game.finished)
        handle = wire(engine, "apply", game=handle, action=str(action), player=seat)["game"]
        game = game.apply(action)
        if len(game.finished) > before:  # a hand ended: the table shows it to both seats
            for seen in (0, 1):
                shown = wire(engine, "table", game=handle, player=seen)
                last = shown["last_result"]
                wanted = expected_last_result(game, len(game.finished), names)
                assert {k: last[k] for k in wanted} == as_json(wanted)
                if last["winner"] is not None:
                    under = f", undercut by {names[last['winner']]}" if last["undercut"] else ""
                    assert last["words"] == (f"{last['kind']} by {names[last['knocker']]}{under}; "
                                             f"{names[last['winner']]} scores {last['points']}")
                assert shown["sheet"] == as_json(expected_sheet(game))
                assert (shown["is_over"], shown["winner"]) == (game.is_over, game.winner)
    assert game == scenario.game
    # the record the page saves is the core's; it validates with the same sheet, and a
    # page that loads it shows the same table
    text = wire(engine, "dump", game=handle)
    assert text == records.dump(scenario.game, preset=scenario.preset, players=names)
    report = wire(engine, "validate", record=text)
    assert report["valid"] and report["sheet"] == as_json(expected_sheet(scenario.game))
    assert (report["hands"], report["actions"]) == (len(game.finished), len(scenario.moves))
    loaded = wire(engine, "load", record=text)
    assert loaded == {"game": loaded["game"], "players": names, "rules": scenario.preset,
                      "seed": scenario.seed}
    assert wire(engine, "table", game=loaded["game"], player=1)["sheet"] == as_json(
        expected_sheet(scenario.game))


# -- what only some surfaces can express -------------------------------------------

_NO_MELDS = ("its players answer with an action, whose text carries no melds: a knock "
             "there is laid out by the rules or by knocker_layout")


@pytest.mark.parametrize("surface", [
    "core", "serve",
    pytest.param("command line", marks=pytest.mark.skip(reason=f"ginrules play: {_NO_MELDS}")),
    pytest.param("cmd: player", marks=pytest.mark.skip(
        reason="a cmd: player: only the action of a decide reply is read, and the melds "
        "a program sends with its knock are dropped (the knock is laid out as the rules say)")),
    pytest.param("web engine", marks=pytest.mark.skip(
        reason="Engine.apply takes an action's text, which carries no melds")),
])
@pytest.mark.parametrize("preset", [p for p in ginrules.PRESETS
                                    if not ginrules.rules(p).auto_layout])
def test_a_knock_that_states_its_melds(surface: str, preset: str,
                                       serve_client: ServeClient) -> None:
    """Under the rules where the knocker lays out its own hand, melds it states (other
    than its own layout) are its melds: in the core (``hand.knock`` with melds), and in
    ``serve`` when the knock's event carries them."""
    for ending in ("knock", "undercut", "tie"):
        if ending not in endings_for(preset):
            continue
        hand = _example(finished_hands(ending, preset, stated=True, dealer=0))
        result = hand.result
        assert result is not None and ending_of(hand) == ending
        own = ginrules.knocking.knocker_layout(hand.masks[result.knocker],  # type: ignore[index]
                                               discard_pile=hand.discard_pile)
        if surface == "core":
            replayed = ginrules.deal(hand.rules, deck=hand.deck, dealer=hand.dealer)
            for _, action in hand.actions[:-1]:
                replayed = replayed.apply(action)
            knock = hand.actions[-1][1]
            stated = ginrules.hand.knock(replayed, knock.card,  # type: ignore[arg-type]
                                         [m.to_list() for m in result.knocker_melds])
            assert stated == hand
            assert set(own.melds) != set(result.knocker_melds)  # not its own layout
        else:
            serve_hand(serve_client, hand, f"stated/{preset}/{ending}", 1, preset, None,
                       stated=True)


def _example(strategy: st.SearchStrategy[T]) -> T:
    """The first example hypothesis gives of ``strategy``, the same on every run."""
    found: list[T] = []

    @settings(max_examples=1, derandomize=True, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def first(example: T) -> None:
        found.append(example)

    first()
    return found[0]
