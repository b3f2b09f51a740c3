"""The score sheet as text (ginrules.text.sheet_text): the one table ``str(sheet)``,
``ginrules play`` and the terminal game print; and the text of a game for one seat."""

from __future__ import annotations

import pytest

import ginrules
from ginrules import rules
from ginrules.cli import main
from ginrules.players import BasicPlayer, make_player
from ginrules.scoring import HandScore
from ginrules.sheet import score_sheet
from ginrules.terminal import play_in_terminal
from ginrules.text import sheet_text


def won(player: int, points: int) -> HandScore:
    return HandScore("knocker", player, points, points, 0, False, False)


def played(preset: str, seed: int, players: str, **options: object) -> ginrules.GameState:
    """The game ``ginrules play`` plays (seat s: the named player, seed ``seed ^ (s + 1)``)."""
    names = players.split(",")
    seats = [make_player(names[s], seed=seed ^ (s + 1)) for s in (0, 1)]
    game = ginrules.new_game(rules(preset), seed=seed, **options)  # type: ignore[arg-type]
    return ginrules.game.play(game, seats)


def test_str_of_a_sheet_is_its_table() -> None:
    sheet = score_sheet([won(0, 60), won(1, 30), won(0, 50)], rules("classic"))
    assert str(sheet) == sheet_text(sheet)
    lines = str(sheet).splitlines()
    assert lines[1].split() == ["hand", "result", "points", "player", "0", "player", "1"]
    assert lines[2].split() == ["1", "won", "by", "player", "0", "60", "60", "0"]
    assert lines[-2].split() == ["final", "score", "260", "55"]
    assert lines[-1] == "won by player 0, 260 to 55"
    assert "ScoreSheet(" not in str(sheet)


@pytest.mark.parametrize(("players", "names"), [
    ("advanced,basic", ("advanced (0)", "basic (1)")),
    ("basic,basic", ("basic (0)", "basic (1)")),
])
def test_ginrules_play_prints_the_sheet_text(capsys: pytest.CaptureFixture[str], players: str,
                                             names: tuple[str, str]) -> None:
    assert main(["play", "--rules", "short", "--seed", "1", "--players", players]) == 0
    out = capsys.readouterr().out.splitlines()
    final = played("short", 1, players)
    assert out[0].endswith(f"; {names[0]} against {names[1]}")
    assert out[2:] == sheet_text(final, names=names).splitlines()
    # every seat is named by level in every table: no bare "player 0"
    assert not any("player 0" in line or "player 1" in line for line in out)


def test_the_terminal_prints_the_same_table() -> None:
    out: list[str] = []
    saved: list[ginrules.GameState] = []
    game = ginrules.new_game(rules("classic"), seed=1)
    play_in_terminal(game, (BasicPlayer(), BasicPlayer()), write=out.append, max_hands=3,
                     save=saved.append)
    table = sheet_text(saved[0]).splitlines()[:-1]  # not its "not over" line
    assert out[-1 - len(table):-1] == [f"  {line}" for line in table]


def test_the_terminal_ends_with_the_final_scores_of_the_sheet() -> None:
    out: list[str] = []
    saved: list[ginrules.GameState] = []
    game = ginrules.new_game(rules("classic", target=30), seed=2)
    play_in_terminal(game, (BasicPlayer(), BasicPlayer()), write=out.append,
                     save=saved.append)
    final = sheet_text(saved[0]).split("\n\n")[1].splitlines()[:-1]  # not "won by"
    assert out[-len(final):] == [f"  {line}".rstrip() for line in final]
    assert out[-1].startswith("  final score")


def test_a_run_of_dead_hands_is_one_line_and_the_deadwood_is_explained() -> None:
    final = played("short", 19, "random,random")
    dead = sum(r.kind.value == "dead" for r in final.results)
    text = sheet_text(final)
    assert dead > 1 and f"{dead} dead hands" in text
    assert "deadwood: the knocker's, then the defender's after laying off" in text
    knock = next(r for r in final.results if r.knocker is not None)
    assert f"{knock.knocker_deadwood} vs {knock.defender_deadwood}" in text


def test_an_undercut_names_both_seats() -> None:
    result, score = ginrules.showdown("AC 2C 3C 4D 5D 6D 7H 8H 9H 2S",
                                      "4C 5C 6C 7D 8D 9D TH JH QH AS")
    sheet = score_sheet([result], rules("classic"))
    text = sheet_text(sheet, names=("Ann", "Bob"), results=[result])
    assert "Bob undercuts Ann" in text and f" {score.points} " in text


def test_sheet_text_refuses_what_does_not_fit() -> None:
    sheet = score_sheet([won(0, 60)], rules("classic"))
    with pytest.raises(ginrules.GinRulesError, match="both seats are named 'basic'"):
        sheet_text(sheet, names=("basic", "basic"))
    with pytest.raises(ginrules.WrongTypeError):
        sheet_text(sheet, names="ab")
    result, _ = ginrules.showdown("AC 2C 3C 4D 5D 6D 7H 8H 9H 2S",
                                  "4C 5C 6C 7D 8D 9D TH JH QH AS")
    with pytest.raises(ginrules.GinRulesError, match="2 results for a sheet of 1 hand"):
        sheet_text(sheet, results=[result, result])
    game = ginrules.new_game(rules("classic"), seed=1)
    with pytest.raises(ginrules.GinRulesError, match="a game gives its own results"):
        sheet_text(game, results=[])


def test_a_games_text_for_one_seat_hides_the_other_hand() -> None:
    game = ginrules.new_game(rules("classic"), seed=3)
    for player in (0, 1):
        mine = ginrules.format_cards(ginrules.arrange(game.hand.cards(player)).deadwood_cards)
        theirs = [str(c) for c in game.hand.cards(1 - player)]
        text = game.text(player)
        assert text == ginrules.text.game_state_text(game, player)
        assert mine in text
        assert not any(f" {card}" in text for card in theirs if card != "TS")
        assert all(str(c) in str(game) for c in game.hand.cards(1 - player))
    with pytest.raises(ginrules.GinRulesError, match="there is no player 2"):
        game.text(2)
    with pytest.raises(ginrules.WrongTypeError):
        game.text("0")  # type: ignore[arg-type]
    over = played("short", 3, "basic,basic")
    assert over.text(0) == str(over)  # the end of a game is public
    for player in (2, -1):  # refused though no hand is in play to refuse it
        with pytest.raises(ginrules.GinRulesError,
                           match=f"^there is no player {player}: players are 0 and 1$"):
            over.text(player)


def test_the_sheet_of_a_tied_hollywood_match_says_a_tie() -> None:
    """A Hollywood match whose final totals are equal has no winner: its sheet's last
    line says a tie (the match of tests/test_states.py, 114 to 114)."""
    from strategies import tied_hollywood_match

    game = tied_hollywood_match()
    assert sheet_text(game).splitlines()[-1].endswith("a tie, 114 to 114")
    assert repr(game).endswith(", Hollywood, over after 61 hands: a tie 114-114>")


def test_a_hand_nobody_scores_says_so_without_its_result() -> None:
    # a knock tied under rules where a tie is no undercut: the sheet has a row with no
    # scorer, and without the hands' results its line says that nobody scores
    tie = HandScore(None, None, 0, 0, 0, False, False)
    sheet = score_sheet([won(0, 20), tie, won(1, 10)], rules("openspiel"))
    lines = sheet_text(sheet, names=["Ann", "Bob"]).splitlines()
    assert lines[3].split() == ["2", "nobody", "scores", "-", "20", "0"]
    assert lines[4].split() == ["3", "won", "by", "Bob", "10", "20", "10"]


def test_a_games_text_names_its_own_target() -> None:
    """The head line of a game's text gives the rules' target (150 here, while the game
    bonus stays 100), for either seat."""
    game = ginrules.new_game(rules("classic", target=150), seed=3)
    for player in (None, 0, 1):
        head = ginrules.text.game_state_text(game, player).splitlines()[0]
        assert head == ("classic (target=150) rules, target 150; hand 1, dealer 0; totals "
                        "0-0, hands won 0-0")
