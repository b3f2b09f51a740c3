"""Undo that follows the table's rules (ginrules.history), and a whole game for people in
the terminal (ginrules.terminal, ``ginrules play --players human,...``)."""

from __future__ import annotations

import subprocess
import sys

import pytest

import ginrules
from ginrules import GinRulesError, rules
from ginrules.history import History
from ginrules.players import AdvancedPlayer, BasicPlayer
from ginrules.terminal import play_in_terminal


def start(seed: int = 3) -> History:
    return History(ginrules.new_game(rules("classic"), seed=seed))


def test_a_take_can_be_taken_back_but_not_by_the_other_player() -> None:
    h = start()
    me = h.state.hand.turn
    taken = h.apply("take")
    assert taken.can_undo(me) and not taken.can_undo(1 - me)
    back = taken.undo(me)
    assert back.state == h.state and len(back) == 0
    with pytest.raises(GinRulesError, match="the last move was player"):
        taken.undo(1 - me)


def test_a_stock_draw_and_an_opponent_move_are_limits() -> None:
    h = start().apply("pass").apply("pass")
    me = h.state.hand.turn
    # the opponent's pass was the last move: nothing of mine to take back
    with pytest.raises(GinRulesError, match="the last move was player"):
        h.undo(me)
    drawn = h.apply("draw stock")
    with pytest.raises(GinRulesError, match="drawn from the stock cannot be put back"):
        drawn.undo(me)
    assert not drawn.can_undo(me)


def test_undo_goes_back_one_own_move_at_a_time() -> None:
    h = start().apply("pass").apply("pass").apply("draw stock")
    me = h.state.hand.turn
    card = h.state.hand.legal_actions()[0]
    discarded = h.apply(card)
    assert discarded.can_undo(me)
    assert discarded.undo(me).state == h.state
    assert next(a for _, a in discarded.moves()) == card


def test_the_end_of_a_hand_cannot_be_taken_back() -> None:
    g = ginrules.new_game(rules("classic", max_turns=1), seed=2)
    h = History(g)
    h = h.apply("pass").apply("pass").apply("draw stock")
    me = h.state.hand.turn
    ended = h.apply(h.state.hand.legal_actions()[0])  # the turn cap: a dead hand
    assert len(ended.state.finished) == 1
    with pytest.raises(GinRulesError, match="the hand is over"):
        ended.undo(me)


def test_history_start_and_length_are_linear_structures() -> None:
    h = start()
    for _ in range(2):
        h = h.apply(h.state.legal_actions()[-1])
    assert len(h) == 2 and h.start == start().state
    assert len(list(h.moves())) == 2


def test_no_moves_without_a_hand() -> None:
    with pytest.raises(GinRulesError, match="deal one first"):
        History(ginrules.new_game(rules("classic"), dealer=0)).apply("pass")


# -- the terminal ---------------------------------------------------------------------


def scripted(lines: list[str]):  # type: ignore[no-untyped-def]
    it = iter(lines)

    def read(prompt: str) -> str:
        try:
            return next(it)
        except StopIteration:
            raise EOFError from None

    return read


def test_a_person_plays_a_whole_game_with_numbers() -> None:
    out: list[str] = []
    g = ginrules.new_game(rules("classic", target=30), seed=2)
    code = play_in_terminal(g, (None, BasicPlayer()), read=scripted(["1"] * 5000),
                            write=out.append)
    assert code == 0
    assert any("=== Game over:" in line for line in out)
    assert out[-1].startswith("  final score")


def test_commands_hint_sheet_help_undo_and_bad_moves() -> None:
    out: list[str] = []
    g = ginrules.new_game(rules("classic"), seed=4)
    code = play_in_terminal(
        g, (None, AdvancedPlayer(seed=1)),
        read=scripted(["", "help", "hint", "sheet", "take", "undo", "undo", "draw stock",
                       "9", "7X", "knock 4C", "pass"]),
        write=out.append)
    text = "\n".join(out)
    assert code == 0
    assert "commands:" in text and "hint: " in text and "taken back" in text
    assert "(the expert level's move)" in text
    assert "you have no move to take back: the last move was the computer's" in text
    assert "cannot draw stock: you must take or pass the upcard now" in text
    assert "there is no move 9: choose 1 to 2" in text
    assert "bad card '7X': suit 'X' is not one of C D H S" in text
    assert "player 0" not in text and "player 1" not in text
    assert "no more input: the game stops here" in out[-1]


def test_ctrl_c_stops_cleanly_with_130() -> None:
    def interrupt(prompt: str) -> str:
        raise KeyboardInterrupt

    out: list[str] = []
    code = play_in_terminal(ginrules.new_game(rules("classic"), seed=4),
                            (None, BasicPlayer()), read=interrupt, write=out.append)
    assert code == 130 and out[-1].startswith("\ninterrupted: the game stops here")


def test_two_computers_and_max_hands() -> None:
    out: list[str] = []
    code = play_in_terminal(ginrules.new_game(rules("straight"), seed=1),
                            (BasicPlayer(), BasicPlayer()), write=out.append, max_hands=2)
    assert code == 0 and out[-1] == "stopped after 2 hands (--max-hands)"
    with pytest.raises(GinRulesError, match="two seats"):
        play_in_terminal(ginrules.new_game(rules("classic"), seed=1), (None,))


def test_cli_human_game_from_a_pipe() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ginrules", "play", "--players", "human,advanced", "--seed",
         "4", "--target", "25"],
        input="1\n" * 3000, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert "=== Game over:" in done.stdout


def test_a_card_typed_alone_is_a_discard() -> None:
    from ginrules.actions import Action, ActionKind
    from ginrules.players import view
    from ginrules.terminal import _read_move

    h = start().apply("pass").apply("pass").apply("draw stock")
    me = h.state.hand.turn
    v = view(h.state.hand, me)
    card = h.state.hand.cards(me)[0]
    typed = iter(["zz", str(card).lower()])
    said: list[str] = []
    got = _read_move(h, v, ("you", "the computer"), lambda _: next(typed), said.append)
    assert got == Action(ActionKind.DISCARD, card)
    assert said == ["  bad action 'zz': expected take, pass, draw stock, draw discard, "
                    "discard CARD, knock CARD or big gin; or a card to discard it ('7H'), "
                    "the number of a legal move, 'hint', 'undo', 'sheet', 'help' or 'quit'"]


def test_a_screen_of_each_phase_and_quitting_with_exit() -> None:
    # seed 4: the computer passes the upcard 8D, so do we; it draws and throws KS; we draw
    # 5C from the stock (stock 31 - 2 = 29) and hold 4C 5C 7C TC 2D 6D 9D 3H 4H 6H 7H, no
    # meld among them (58 + 5 = 63 deadwood), so every card is a move: 11 discards
    out: list[str] = []
    code = play_in_terminal(ginrules.new_game(rules("classic"), seed=4), (None, BasicPlayer()),
                            read=scripted(["pass", "draw stock", "exit"]), write=out.append)
    assert code == 0
    assert "\n".join(out).splitlines()[-9:] == [
        "--- hand 1, you to discard --- you 0, the computer 0; target 100",
        "  your hand    deadwood 4C 5C 7C TC 2D 6D 9D 3H 4H 6H 7H = 63",
        "  you drew     5C",
        "  top discard  KS   (pile 2, stock 29)",
        "  the computer holds 10 cards; known: nothing   knock limit 10",
        "  moves        1 discard 4C   2 discard 5C   3 discard 7C   4 discard TC   5 discard 2D",
        "               6 discard 6D   7 discard 9D   8 discard 3H   9 discard 4H   10 discard 6H",
        "               11 discard 7H",
        "you quit: the game stops here, in hand 1 (0 to 0).",
    ]


def test_a_game_without_a_hand_is_refused() -> None:
    with pytest.raises(GinRulesError) as error:
        play_in_terminal(ginrules.new_game(rules("classic"), dealer=0), (None, BasicPlayer()))
    assert str(error.value) == "the game deals no hand: start it with a seed"


def test_the_sheet_of_a_hollywood_game_counts_the_first_game() -> None:
    # to 25: player 1 scores 4, 11, 8, 4 = 27 and wins the first game in hand 4; the 3
    # of hand 5 and player 0's 20 of hand 6 go to the later games only
    out: list[str] = []
    g = ginrules.new_game(rules("classic", target=25), seed=1, hollywood=True)
    assert play_in_terminal(g, (BasicPlayer(), BasicPlayer()), write=out.append,
                            max_hands=6) == 0
    # the table of ginrules.text.sheet_text: the games each hand was entered in, and
    # each game's running totals
    assert out[-11:] == [
        " " * 75 + "running totals",
        "  hand  dealer    result             deadwood  points  entered in  game 1  game 2"
        "  game 3",
        "     1  player 1  knock by player 1   8 vs 12       4           1     0-4     0-0"
        "     0-0",
        "     2  player 0  knock by player 1   3 vs 14      11        1, 2    0-15    0-11"
        "     0-0",
        "     3  player 1  knock by player 1  10 vs 18       8     1, 2, 3    0-23    0-19"
        "     0-8",
        "     4  player 0  knock by player 1   7 vs 11       4     1, 2, 3    0-27    0-23"
        "    0-12",
        "     5  player 1  knock by player 1   9 vs 12       3        2, 3    0-27    0-26"
        "    0-15",
        "     6  player 0  knock by player 0   2 vs 22      20           3    0-27    0-26"
        "   20-15",
        "  game 1, 2, 3: each game's running totals, player 0 first, player 1 second",
        "  deadwood: the knocker's, then the defender's after laying off",
        "stopped after 6 hands (--max-hands)"]


# -- what the terminal says -------------------------------------------------------------


def recorded(lines: list[str]):  # type: ignore[no-untyped-def]
    """A scripted read that also records its prompts."""
    prompts: list[str] = []
    read = scripted(lines)

    def record(prompt: str) -> str:
        prompts.append(prompt)
        return read(prompt)

    return record, prompts


def test_errors_name_you_and_the_computer_wherever_you_sit() -> None:
    # seed 4, from either seat: we hold no AH, and every refusal (a move of the wrong phase,
    # an undo, a card not held, both players passed the upcard) names us "you"
    for seats in ((None, BasicPlayer()), (BasicPlayer(), None)):
        out: list[str] = []
        g = ginrules.new_game(rules("classic"), seed=4)
        play_in_terminal(g, seats, write=out.append,
                         read=scripted(["discard AH", "undo", "pass", "draw discard",
                                        "discard AH", "knock 4C"]))
        text = "\n".join(out)
        assert "player 0" not in text and "player 1" not in text
        assert "player" not in text.replace("players", "")
        assert ("you have no move to take back: the last move was the computer's" in text
                or "you have no move to take back: no move has been made" in text)
        assert "cannot discard AH: you must take or pass the upcard now" in text
    out = []
    play_in_terminal(ginrules.new_game(rules("classic"), seed=4), (None, BasicPlayer()),
                     read=scripted(["pass", "draw stock", "discard AH", "draw stock"]),
                     write=out.append)
    assert "  cannot discard AH: AH is not in your hand" in out
    assert "  cannot draw stock: you must discard now" in out


def test_the_seat_names_in_library_messages() -> None:
    from ginrules.terminal import _personal

    people = ("you", "the computer")
    assert _personal("it is player 1's turn to draw", people) == \
        "it is the computer's turn to draw"
    assert _personal("both players passed the upcard, so player 0 draws from the stock",
                     people) == "both players passed the upcard, so you draw from the stock"
    assert _personal("player 1 has no move to take back: the last move was player 0's",
                     ("the computer", "you")) == \
        "you have no move to take back: the last move was the computer's"
    assert _personal("player 0 must draw now", ("player 0", "player 1")) == \
        "player 0 must draw now"


def test_a_bad_card_is_named_as_the_library_names_it() -> None:
    out: list[str] = []
    play_in_terminal(ginrules.new_game(rules("classic"), seed=4), (None, BasicPlayer()),
                     read=scripted(["pass", "draw stock", "discard ZZ", "knock 4X", "1H",
                                    "knock", "fold"]), write=out.append)
    assert "  bad card 'zz': suit 'Z' is not one of C D H S (or ♣ ♦ ♥ ♠)" in out
    assert "  bad card '4x': suit 'X' is not one of C D H S (or ♣ ♦ ♥ ♠)" in out
    assert "  bad card '1H': rank '1' is not one of A 2 3 4 5 6 7 8 9 10 T J Q K" in out
    assert "  bad action 'knock': say which card, like 'knock 7H'" in out
    assert any(line.startswith("  bad action 'fold': expected take, pass") and
               line.endswith("'hint', 'undo', 'sheet', 'help' or 'quit'") for line in out)
    assert not any("not a move" in line for line in out)


def test_a_hint_says_its_move_once_with_a_reason_that_weighs_its_risk() -> None:
    out: list[str] = []
    g = ginrules.new_game(rules("classic"), seed=3)
    play_in_terminal(g, (None, AdvancedPlayer(seed=1)), write=out.append,
                     read=scripted(["hint", "pass", "hint", "1", "hint"]))
    hints = [line for line in out if line.startswith("  hint: ")]
    assert len(hints) == 3
    discard = " ".join(hints[2].split())  # wrapped to the screen's width
    assert all(len(line) <= 88 for line in hints[2].splitlines())
    assert discard.startswith("hint: discard QC: it keeps better chances")
    assert discard.endswith("(the expert level's move)")
    assert discard.count("discard QC") == 1
    # the danger is stated against the card, so it is weighed, and in the table's words
    assert "the computer may use it (23% against 11%), but weighing deadwood, chances and " \
           "danger it costs 61.1 against 61.6 for KH" in discard
    assert "opponent" not in discard


def test_the_hand_is_shown_before_the_computer_moves_and_gin_is_called_gin() -> None:
    # seed 10: the computer knocks in hand 1, moves first in hand 2 (it passes the upcard
    # AC) and goes gin, which wins the game
    out: list[str] = []
    read, prompts = recorded(["1"] * 400)
    play_in_terminal(ginrules.new_game(rules("classic"), seed=10), (None, BasicPlayer()),
                     read=read, write=out.append)
    deal = out.index("\n=== hand 2: you deal; you 0, the computer 44; target 100")
    assert out[deal + 1] == "  your hand    deadwood 2C 8C 4D 9D KD 8H TH QH 6S QS = 77"
    assert out[deal + 2] == "  upcard       AC"
    assert out[deal + 3] == "  the computer passes"  # its first move, after our cards
    gin = out.index("\n=== hand 2: gin by the computer")
    assert out[gin - 1] == "  the computer goes gin, discarding 2D"
    assert "  the computer knocks, discarding QC" in out  # hand 1: a knock, not gin
    # one pause, after hand 1's result (the sheet closes it) and before hand 2's header;
    # none after the last hand
    assert prompts.count("press Enter for the next hand ") == 1
    assert out[deal - 2] == ("     1  the computer  knock by the computer   1 vs 45      44    0"
                             "            44")
    assert out[0].startswith("\n=== hand 1: the computer deals; you 0, the computer 0")


def test_the_pause_after_a_hand_stops_cleanly_at_the_end_of_the_input() -> None:
    for last, said in (([], "no more input"), (["quit"], "you quit")):
        out: list[str] = []
        read, prompts = recorded(["1"] * 400)
        play_in_terminal(ginrules.new_game(rules("classic"), seed=10),
                         (None, BasicPlayer()), read=read, write=out.append)
        moves = prompts.index("press Enter for the next hand ")
        out = []
        code = play_in_terminal(ginrules.new_game(rules("classic"), seed=10),
                                (None, BasicPlayer()), write=out.append,
                                read=scripted(["1"] * moves + last))
        assert code == 0
        assert out[-1].startswith(f"{said}: the game stops here, in hand 2 (")
        assert out[-3].startswith("     1  ")  # the sheet, then its note


def test_the_pause_with_stdin_at_its_end() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ginrules", "play", "--players", "human,basic", "--seed",
         "10", "--max-hands", "2"],
        input="1\n" * 4, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    assert done.stdout.rstrip().endswith(
        "press Enter for the next hand no more input: the game stops here, in hand 2 (0 to "
        "44).")


def hints_of_games(seeds: range) -> list[tuple[ginrules.Action, str]]:
    from ginrules.game import apply
    from ginrules.players import ExpertPlayer
    from ginrules.players.advanced import hint

    said = []
    for seed in seeds:
        players = (AdvancedPlayer(seed=seed), ExpertPlayer(seed=seed))
        g = ginrules.new_game(rules("classic"), seed=seed)
        while not g.is_over:
            v = g.view(g.hand.turn)
            decided = players[g.hand.turn].decide(v)
            said.append((decided.action, decided.reason))
            quick = hint(v, budget=0.0)
            said.append((quick.action, quick.reason))
            g = apply(g, decided.action)
    return said


def test_the_reasons_of_the_computer_levels_argue_for_their_move() -> None:
    import re

    said = hints_of_games(range(4))
    assert len(said) > 1000
    kinds = set()
    for action, reason in said:
        # the hint prints the move before its reason: the reason does not say it again
        assert not re.search(rf"\b{action}\b", reason), (action, reason)
        if "may use it" in reason:  # a reason against the move is weighed at once
            weighed = re.search(r"may use it \([^)]*\)[^;]*, but weighing deadwood, chances "
                                r"and danger it costs ([\d.]+) against (at least )?([\d.]+)",
                                reason)
            assert weighed is not None, reason
            assert float(weighed.group(1)) <= float(weighed.group(3)), reason
            kinds.add("weighed")
        if "can use it with chance" in reason:  # only ever said of the safer card
            assert re.search(r"is safer: the opponent can use it with chance", reason), reason
        if action.kind is ginrules.ActionKind.DISCARD and not reason.startswith("the basic"):
            kinds.add("discard")
            card = str(action.card)
            assert reason.startswith(("it ", "do not knock", "play on rather")), reason
            assert reason.startswith("it ") or f"among the discards, {card} " in reason
        if reason.startswith("the basic level"):
            kinds.add("basic")
            if "gin" not in reason and "cannot be drawn" not in reason:  # names its card
                assert re.search(r"\d|[AKQJT2-9][CDHS]", reason), reason
    assert kinds == {"weighed", "discard", "basic"}


# -- from a mutation sample (issue 32): survivors of the terminal's words ---------------


def test_every_word_for_quitting_quits_at_a_move() -> None:
    for word in ("quit", "QUIT", "q", "exit"):
        out: list[str] = []
        code = play_in_terminal(ginrules.new_game(rules("classic"), seed=4),
                                (None, BasicPlayer()), read=scripted([word, "take"]),
                                write=out.append)
        assert code == 0
        assert out[-1].startswith("you quit: the game stops here, in hand 1"), (word, out[-1])


def test_the_game_over_line_names_the_winner() -> None:
    out: list[str] = []
    g = ginrules.new_game(rules("classic", target=30), seed=2)
    play_in_terminal(g, (None, BasicPlayer()), read=scripted(["1"] * 5000), write=out.append)
    over = [line for line in out if line.startswith("\n=== Game over:")]
    assert over in (["\n=== Game over: you win."], ["\n=== Game over: the computer wins."]), over


def test_a_tied_hollywood_match_is_won_by_nobody() -> None:
    """The match of tests/test_states.py, 114 to 114: shown over, nobody wins it."""
    from strategies import tied_hollywood_match

    game = tied_hollywood_match()
    out: list[str] = []
    assert play_in_terminal(game, (None, BasicPlayer()), read=scripted([]),
                            write=out.append) == 0
    assert [line for line in out if "Game over" in line] == [
        "\n=== Game over: nobody wins."]


def test_the_first_line_says_who_plays_whom() -> None:
    done = subprocess.run(
        [sys.executable, "-m", "ginrules", "play", "--players", "human,advanced", "--seed",
         "3"], input="quit\n", capture_output=True, text=True, timeout=60)
    assert done.stdout.splitlines()[0] == (
        "Gin Rummy, classic rules, to 100: you against the computer (advanced). Type 'help' "
        "for the commands.")


def test_the_scorer_is_named_with_its_verb() -> None:
    """"you score 12", "the computer scores 12": each hand's scorer line agrees with the
    sheet, in the person's grammar."""
    out: list[str] = []
    g = ginrules.new_game(rules("classic", target=30), seed=2)
    assert play_in_terminal(g, (None, BasicPlayer()), read=scripted(["1"] * 5000),
                            write=out.append) == 0
    scorers = [line.strip() for line in out
               if line.startswith("  you score") or line.startswith("  the computer scor")]
    assert scorers, out
    for line in scorers:
        who, _, points = line.rpartition(" ")
        assert who in ("you score", "the computer scores") and int(points) > 0, line


@pytest.mark.parametrize(("seat", "model"), [
    (ginrules.players.ExpertPlayer(), "expert"), (BasicPlayer(), "basic"),
    (ginrules.players.SimplePlayer(), "simple"), (ginrules.players.RandomPlayer(), None)])
def test_a_hint_weighs_a_knock_against_the_computers_level(
        seat: ginrules.players.Player, model: str | None,
        monkeypatch: pytest.MonkeyPatch) -> None:
    import ginrules.terminal as terminal

    asked: list[str | None] = []

    def hint(view: ginrules.View, **kwargs: object) -> ginrules.Hint:
        asked.append(kwargs.get("opponent"))  # type: ignore[arg-type]
        return ginrules.hint(view, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(terminal, "hint", hint)
    for seats in ((None, seat), (seat, None)):
        out: list[str] = []
        play_in_terminal(ginrules.new_game(rules("classic"), seed=4), seats,
                         read=scripted(["hint", "quit"]), write=out.append)
    assert asked == [model, model]


def test_a_number_outside_the_listed_moves_is_refused_and_asked_again() -> None:
    # issue 45: 0, a negative number, one past the last move, a huge number and a digit
    # that int() refuses are each refused on one line, and the prompt comes again; no
    # move is made until a listed number is typed ("2": pass)
    typed = ["0", "-1", "+0", "3", "00", "9" * 5000, "²"]
    prompts: list[str] = []
    lines = iter([*typed, "2"])

    def read(prompt: str) -> str:
        prompts.append(prompt)
        try:
            return next(lines)
        except StopIteration:
            raise EOFError from None

    out: list[str] = []
    saved: list[ginrules.GameState] = []
    g = ginrules.new_game(rules("classic"), seed=4)
    play_in_terminal(g, (None, BasicPlayer()), read=read, write=out.append,
                     max_hands=1, save=saved.append)
    moves = next(i for i, line in enumerate(out) if line.startswith("  moves"))
    assert "1 take   2 pass" in out[moves]
    replies = out[moves + 1:moves + 1 + len(typed)]
    assert replies == ["  there is no move 0: choose 1 to 2",
                       "  there is no move -1: choose 1 to 2",
                       "  there is no move 0: choose 1 to 2",
                       "  there is no move 3: choose 1 to 2",
                       "  there is no move 0: choose 1 to 2",
                       "  there is no move 999999999999...: choose 1 to 2",
                       replies[-1]]
    assert replies[-1].startswith("  bad action '²'") and "\n" not in replies[-1]
    assert prompts[:len(typed) + 1] == ["> "] * (len(typed) + 1)
    hand = saved[-1].hand
    assert hand is not None
    assert [str(a) for p, a in hand.actions if p == 0] == ["pass"]  # the "2" alone


@pytest.mark.parametrize("preset", ["short", "oklahoma"])
def test_each_hands_header_names_the_games_own_target(preset: str) -> None:
    """The header of each hand, and of each turn of the person's, says the target of the
    game being played (short: 50, oklahoma: 150), not another number of its rules."""
    target = rules(preset).target
    out: list[str] = []
    g = ginrules.new_game(rules(preset), seed=3)
    code = play_in_terminal(g, (None, BasicPlayer()), read=scripted(["1"] * 30 + ["quit"]),
                            write=out.append)
    assert code == 0
    deals = [line for line in out if line.startswith("\n=== hand") and "; target " in line]
    turns = [line for line in out if line.startswith("\n--- hand")]
    assert len(deals) >= 2 and turns
    assert all(line.endswith(f"; target {target}") for line in deals + turns)


def test_a_layoff_is_said_to_be_the_defenders() -> None:
    """Each layoff line names the defender, who lays off, never the knocker."""
    seen = 0
    for seed in range(40):
        out: list[str] = []
        play_in_terminal(ginrules.new_game(rules("classic"), seed=seed),
                         (BasicPlayer(), AdvancedPlayer()), write=out.append, max_hands=1)
        lines = [line.strip() for line in out]
        for i, line in enumerate(lines):
            if line.startswith("=== hand 1: knock by "):
                knocker = line.rsplit(" by ", 1)[1]
                defender = {"player 0": "player 1", "player 1": "player 0"}[knocker]
                for layoff in lines[i + 2:]:
                    if not layoff.startswith("laid off by"):
                        break
                    seen += 1
                    assert layoff.startswith(f"laid off by {defender}: "), layoff
        if seen >= 3:
            break
    assert seen >= 3


def test_max_hands_stops_without_a_pause_after_its_last_hand() -> None:
    """With --max-hands N a person is not asked to press Enter after hand N: the game
    stops there."""
    read, prompts = recorded(["1"] * 400)
    out: list[str] = []
    play_in_terminal(ginrules.new_game(rules("classic"), seed=10), (None, BasicPlayer()),
                     read=read, write=out.append, max_hands=1)
    assert "press Enter for the next hand " not in prompts
    assert out[-1].startswith("stopped after 1 hand")


def test_read_line_refuses_a_prompt_that_is_no_string() -> None:
    from ginrules.errors import WrongTypeError
    from ginrules.terminal import read_line

    with pytest.raises(WrongTypeError, match="read_line takes the prompt as a string"):
        read_line(3)  # type: ignore[arg-type]


def test_the_sheet_command_shows_the_hands_so_far() -> None:
    """``sheet`` writes the score sheet, whether or not a hand is finished yet: the
    first hand's row (its points) once it is over."""
    read, prompts = recorded(["1"] * 400)
    play_in_terminal(ginrules.new_game(rules("classic"), seed=10), (None, BasicPlayer()),
                     read=read, write=[].append)
    moves = prompts.index("press Enter for the next hand ")
    out: list[str] = []
    play_in_terminal(ginrules.new_game(rules("classic"), seed=10), (None, BasicPlayer()),
                     read=scripted(["sheet"] + ["1"] * moves + ["", "sheet"]),
                     write=out.append)
    assert out.count("  no hand is finished yet") == 1
    rows = [line for line in out if line.startswith("     1  ")]
    assert len(rows) >= 2  # after the hand's result, and again for the command
    assert not any("sheet" in line and "not" in line for line in out)


def test_a_move_number_is_named_whole_up_to_nine_digits_then_cut() -> None:
    """A number that is no move is named as typed up to nine digits (leading zeros
    dropped), and cut after twelve characters beyond that."""
    out: list[str] = []
    play_in_terminal(ginrules.new_game(rules("classic"), seed=4),
                     (None, AdvancedPlayer(seed=1)),
                     read=scripted(["999999999", "0001000000000", "-5"]), write=out.append)
    assert "  there is no move 999999999: choose 1 to 2" in out
    assert "  there is no move 000100000000...: choose 1 to 2" in out
    assert "  there is no move -5: choose 1 to 2" in out


def test_each_hand_of_the_result_is_shown_under_its_owners_name() -> None:
    """After a knock or gin, the knocker's melds and deadwood are shown on the line named
    for the knocker and the defender's on the line named for the defender, whichever
    seat knocked (the game's own result is the oracle)."""
    knockers: set[int] = set()
    for seed in range(40):
        out: list[str] = []
        saved: list[ginrules.GameState] = []
        play_in_terminal(ginrules.new_game(rules("classic"), seed=seed),
                         (BasicPlayer(), AdvancedPlayer()), write=out.append, max_hands=1,
                         save=saved.append)
        result = saved[-1].results[-1]
        if result.knocker is None:
            continue
        names = ("player 0", "player 1")
        knocker, defender = names[result.knocker], names[1 - result.knocker]
        header = out.index(f"\n=== hand 1: {result.kind.value} by {knocker}")
        assert out[header + 1] == f"  {knocker:12s}  {result.knocker_arrangement}"
        after = header + 2 + len(result.layoffs)
        assert out[after] == f"  {defender:12s}  {result.defender_arrangement}"
        knockers.add(result.knocker)
        if knockers == {0, 1}:
            break
    assert knockers == {0, 1}


def test_a_tie_that_is_no_undercut_names_nobody_as_scoring() -> None:
    """Under OpenSpiel's rules a knock that ties the defender scores nothing: the result
    shows both hands and no scorer, and the sheet says it was a tie."""
    out: list[str] = []
    code = play_in_terminal(ginrules.new_game(rules("openspiel"), seed=65),
                            (BasicPlayer(), BasicPlayer()), write=out.append, max_hands=1)
    assert code == 0
    shown = out[out.index("\n=== hand 1: knock by player 0"):]
    assert shown[1].startswith("  player 0      ") and shown[1].endswith(" = 8")
    assert not any(" score " in line or " scores " in line for line in shown)
    assert any("knock by player 0, a tie    8 vs 8" in line for line in shown)


def test_read_line_with_no_standard_input_is_the_end_of_the_input(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """With standard input closed (``sys.stdin`` is None) reading a line is the end of
    the input, and a person's game stops as at the end of a pipe."""
    from ginrules.terminal import read_line

    monkeypatch.setattr(sys, "stdin", None)
    with pytest.raises(EOFError):
        read_line("> ")
    out: list[str] = []
    code = play_in_terminal(ginrules.new_game(rules("classic"), seed=2),
                            (None, BasicPlayer()), write=out.append)
    assert code == 0 and out[-1].startswith("no more input: the game stops here")


def test_read_line_leaves_a_terminals_lines_to_the_terminal() -> None:
    """On a terminal a line is read as :func:`input` reads it, not bounded by
    ``MAX_LINE`` (the terminal bounds its own lines): a line of 1,500 characters typed
    at a pseudo-terminal is read whole, where from a pipe it is refused (the doctest)."""
    import os
    import pty

    leader, follower = pty.openpty()
    try:
        child = subprocess.Popen(
            [sys.executable, "-c", "from ginrules.terminal import read_line\n"
             "line = read_line('> ')\nprint(len(line), set(line))"],
            stdin=follower, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        os.write(leader, b"x" * 1500 + b"\n")
        out, err = child.communicate(timeout=60)
    finally:
        os.close(leader)
        os.close(follower)
    assert child.returncode == 0, err
    assert out == "> 1500 {'x'}\n"
