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
    assert "player 0 has no move to take back: the last move was player 1's" in text
    assert "cannot draw stock: player 0 must take or pass the upcard now" in text
    assert "there is no move 9: choose 1 to 2" in text
    assert "not a move: '7X'" in text
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
    assert said == ["  not a move: 'zz'. " + ginrules.terminal.HELP]


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
