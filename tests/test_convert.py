"""``ginrules convert`` and its library functions (ginrules.interop.convert): real Kaggle
episodes of OpenSpiel's gin rummy (tests/data/kaggle, made by the kaggle-environments
package), OpenSpiel histories as text, records back to OpenSpiel, and no input that
crashes them."""

from __future__ import annotations

import contextlib
import copy
import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import ginrules
from ginrules.cli import main
from ginrules.errors import GinRulesError, InvalidRecordError, WrongTypeError
from ginrules.interop.convert import (
    from_eaai_log,
    from_kaggle_episode,
    read_openspiel_history,
    read_openspiel_params,
    to_openspiel_history,
)
from ginrules.interop.openspiel import from_openspiel
from ginrules.players import SimplePlayer, view
from ginrules.records import validate

KAGGLE = Path(__file__).parent / "data" / "kaggle"
EPISODES = {
    "knock.json": ("valid", None),
    "repeated-move.json": ("invalid", "discarded again twice in a row"),
    "defender-choice.trimmed.json": ("invalid", "the defender chooses its own melds"),
    "oklahoma-wall-knock.trimmed.json": ("invalid", "OpenSpiel's wall phase"),
}


def episode(name: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((KAGGLE / name).read_text())
    return data


@pytest.mark.parametrize("name", sorted(EPISODES))
def test_kaggle_episodes_convert_and_the_validator_names_the_difference(name: str) -> None:
    verdict, words = EPISODES[name]
    record = from_kaggle_episode(KAGGLE / name)
    report = validate(record)
    assert report.valid == (verdict == "valid"), report.summary()
    if words is not None:
        assert words in report.summary()
    source = record["source"]
    data = episode(name)
    assert source["via"] == "kaggle" and source["episode"] == data["id"]
    assert source["kaggle_rewards"] == data["rewards"]
    # the history is the one Kaggle serialized: the hand's actions start after the deal
    assert len(record["hands"][0]["source"]["history"]) > 21


def test_the_declared_points_are_kaggles_rewards() -> None:
    data = episode("knock.json")
    record = from_kaggle_episode(data)
    outcome = record["hands"][0]["outcome"]
    rewards = [int(r) for r in data["rewards"]]
    assert outcome["points"] == max(rewards) and rewards[outcome["winner"]] == max(rewards)
    # a harness that scored the hand otherwise is caught (rewards changed by one point)
    wrong = copy.deepcopy(data)
    winner = outcome["winner"]
    wrong["rewards"][winner] += 1
    wrong["rewards"][1 - winner] -= 1
    report = validate(from_kaggle_episode(wrong))
    assert not report.valid and "points" in report.summary()
    # rewards of 0 and 0 declare that nobody scored (a forgery of this knock)
    nobody = copy.deepcopy(data)
    nobody["rewards"] = [0, 0]
    declared = from_kaggle_episode(nobody)["hands"][0]["outcome"]
    assert (declared["winner"], declared["points"]) == (None, 0)


def test_openspiel_endings_kept_as_far_as_these_rules_play() -> None:
    record = from_kaggle_episode(KAGGLE / "repeated-move.json", openspiel_endings=True)
    assert validate(record).valid
    assert record["complete"] is False
    wall = from_kaggle_episode(KAGGLE / "oklahoma-wall-knock.trimmed.json",
                               openspiel_endings=True)
    assert validate(wall).valid, validate(wall).summary()
    assert wall["hands"][0]["outcome"]["kind"] == "dead"
    # OpenSpiel's own outcome, with Kaggle's points, is kept in the source
    kept = wall["hands"][0]["source"]["openspiel_outcome"]
    assert kept["points"] == max(int(r) for r in episode(
        "oklahoma-wall-knock.trimmed.json")["rewards"])
    assert wall["rules"]["overrides"] == {"oklahoma": True, "spade_doubling": "off"}


def test_a_record_goes_to_openspiel_and_back() -> None:
    record = from_kaggle_episode(KAGGLE / "knock.json")
    out = to_openspiel_history(record)
    again = from_openspiel(out["history"], params=out["params"])
    assert again["hands"][0]["actions"] == record["hands"][0]["actions"]
    assert again["hands"][0]["outcome"] == record["hands"][0]["outcome"]
    assert validate(again).valid


@pytest.mark.parametrize("action", [52, 53, 55])
def test_an_action_of_another_phase_in_the_layoff_phase_is_refused_by_its_place(
        action: int) -> None:
    # 52 (draw the upcard), 53 (draw from the stock) and 55 (knock) are no layoffs: the
    # defender's phase takes cards (0 to 51), melds (56 and up) and its pass (54)
    out = to_openspiel_history(from_kaggle_episode(KAGGLE / "knock.json"))
    history = out["history"]
    start = history.index(54, history.index(55, 21)) + 1  # the knocker's pass: layoffs
    changed = [*history[:start], action, *history[start:]]
    with pytest.raises(InvalidRecordError, match=rf"^OpenSpiel action {start} \({action}\) "
                                                 "is not legal in the layoff phase$"):
        from_openspiel(changed, params=out["params"])


@pytest.mark.parametrize("preset", ["openspiel", "classic", "dutch", "oklahoma"])
def test_played_hands_go_to_openspiel_and_back(preset: str) -> None:
    """Hands played by ginrules' random players: the history read back gives the same
    actions (OpenSpiel's own outcome may differ under presets it cannot express)."""
    for seed in range(12):
        game = ginrules.game.play(ginrules.new_game(ginrules.rules(preset), seed=seed),
                                  ginrules.game.random_policies(seed))
        for hand in game.finished[:2]:
            record = ginrules.records.to_record(hand)
            if any(a.kind is ginrules.ActionKind.BIG_GIN for _, a in hand.actions):
                with pytest.raises(InvalidRecordError, match="no big gin"):
                    to_openspiel_history(record)
                continue
            try:
                out = to_openspiel_history(record)
            except InvalidRecordError as error:  # OpenSpiel's own endings come first
                assert "OpenSpiel would end this hand" in str(error)
                continue
            back = from_openspiel(out["history"], params=out["params"],
                                  openspiel_endings=True)
            # OpenSpiel's player 0 is the non-dealer: a hand player 0 dealt comes back
            # with the seats swapped
            swap = {"p0": "p1", "p1": "p0"} if hand.dealer == 0 else {"p0": "p0", "p1": "p1"}
            theirs = [swap[a[:2]] + a[2:] for a in back["hands"][0]["actions"]]
            assert theirs == record["hands"][0]["actions"][:len(theirs)], (preset, seed)


def test_a_record_s_bonuses_and_knock_card_go_to_openspiel_s_parameters() -> None:
    """Each setting OpenSpiel has a parameter for is written when it is not OpenSpiel's
    default, and read back as it was: the rules and the points come back."""
    rules = ginrules.rules("openspiel", knock_limit=8, gin_bonus=20, undercut_bonus=10)
    checked = 0
    for seed in range(12):
        hand = ginrules.deal(rules, seed=seed, dealer=seed % 2)
        while not hand.is_over:
            hand = hand.apply(SimplePlayer(seed=seed).choose(view(hand, hand.turn)))
        try:
            out = to_openspiel_history(ginrules.records.to_record(hand))
        except InvalidRecordError as error:  # OpenSpiel's own endings come first
            assert "OpenSpiel would end this hand" in str(error)
            continue
        assert out["params"] == {"knock_card": 8, "gin_bonus": 20, "undercut_bonus": 10}
        back = ginrules.records.load(from_openspiel(out["history"], params=out["params"]))
        assert back.rules == rules
        result = back.hands[0].result
        assert result is not None and hand.result is not None
        assert result.kind == hand.result.kind  # (the seats swapped when player 0 dealt)
        assert ginrules.score_hand(result, rules).points == \
            ginrules.score_hand(hand.result, rules).points
        checked += result.kind is not ginrules.EndKind.DEAD
    assert checked >= 4


def test_a_card_discarded_after_a_stock_draw_is_no_repeated_move() -> None:
    """OpenSpiel ends a hand when the card taken from the pile is discarded again twice in
    a row; a stock draw between them breaks the row. In this hand player 1 takes 7H, later
    draws from the stock and discards 7H, and player 0 takes it and discards it: once."""
    hand = ginrules.game.play(ginrules.new_game(ginrules.rules("openspiel"), seed=21),
                              ginrules.game.random_policies(21)).finished[0]
    actions = [f"p{p} {a}" for p, a in hand.actions]
    assert actions[48:56] == ["p1 draw discard", "p1 discard 3C", "p0 draw stock",
                              "p0 discard TC", "p1 draw stock", "p1 discard 7H",
                              "p0 draw discard", "p0 discard 7H"]
    record = ginrules.records.to_record(hand)
    out = to_openspiel_history(record)  # not refused
    back = from_openspiel(out["history"], params=out["params"], openspiel_endings=True)
    assert back["hands"][0]["actions"] == [  # player 0 dealt: the seats come back swapped
        {"p0": "p1", "p1": "p0"}[a[:2]] + a[2:] for a in record["hands"][0]["actions"]]


@pytest.mark.parametrize(("length", "pieces"), [
    (6, ["3S 4S 5S", "6S 7S 8S"]), (7, ["3S 4S 5S", "6S 7S 8S 9S"]),
    (8, ["3S 4S 5S", "6S 7S 8S 9S TS"]), (9, ["3S 4S 5S 6S 7S", "8S 9S TS JS"]),
    (10, ["3S 4S 5S 6S 7S", "8S 9S TS JS QS"])])
def test_a_run_longer_than_five_goes_to_openspiel_in_two_melds(length: int,
                                                               pieces: list[str]) -> None:
    # player 0 (not the dealer) holds a run of `length` spades from 3S and low cards,
    # draws KH from the stock and knocks with it (gin with ten spades)
    hand = ginrules.parse_cards(" ".join(f"{rank}S" for rank in "3456789TJQ"[:length]) +
                                " AH AD 2H 2D")[:10]
    rest = [c for c in ginrules.CARDS if c not in hand and str(c) not in ("KD", "KH")]
    deck = [c for pair in zip(hand, rest[:10], strict=True) for c in pair]
    deck += [*ginrules.parse_cards("KD KH"), *rest[10:]]
    state = ginrules.deal(ginrules.rules("openspiel"), deck=ginrules.Deck(tuple(deck)),
                          dealer=1)
    state = state.apply("pass").apply("pass").apply("draw stock").apply("knock KH")
    out = to_openspiel_history(ginrules.records.to_record(state))
    back = from_openspiel(out["history"], params=out["params"])
    assert [" ".join(m) for m in back["hands"][0]["knocker_melds"]] == pieces
    assert validate(back).valid


def test_to_openspiel_refuses_what_openspiel_cannot_play() -> None:
    game = ginrules.game.play(ginrules.new_game(ginrules.rules("classic"), seed=3),
                              ginrules.game.random_policies(3))
    with pytest.raises(InvalidRecordError, match="one hand at a time; this record has"):
        to_openspiel_history(ginrules.records.to_record(game))


def test_a_hand_of_a_game_of_several_converts_to_openspiel_by_its_number(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    players = [ginrules.players.make_player("simple", seed=s) for s in (1, 2)]
    game = ginrules.new_game(ginrules.rules("openspiel"), seed=3)
    while not game.is_over:
        hand = game.hand
        assert hand is not None
        game = game.apply(players[hand.turn].choose(game.view(hand.turn)))
    record = ginrules.records.to_record(game)
    count = len(record["hands"])
    assert count >= 3
    for number in (1, 2, count):
        # each hand as its own one-hand record gives the same history
        alone = ginrules.records.to_record(game.finished[number - 1])
        assert to_openspiel_history(record, hand=number) == to_openspiel_history(alone)
    assert to_openspiel_history(record, hand=2) != to_openspiel_history(record, hand=1)
    with pytest.raises(InvalidRecordError, match=f"has {count} hands, not a hand {count + 1}"):
        to_openspiel_history(record, hand=count + 1)
    with pytest.raises(GinRulesError, match="numbered from 1, not 0"):
        to_openspiel_history(record, hand=0)
    with pytest.raises(WrongTypeError):
        to_openspiel_history(record, hand="2")  # type: ignore[arg-type]
    # the command: --hand N, refused without --to openspiel
    path = tmp_path / "game.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    assert main(["convert", "--from", "record", "--to", "openspiel", "--hand", "2",
                 str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == to_openspiel_history(record, hand=2)
    assert main(["convert", "--from", "record", "--to", "openspiel", str(path)]) == 2
    assert "name one (hand=1 to" in capsys.readouterr().err


# -- text forms ------------------------------------------------------------------------


def test_histories_as_text() -> None:
    assert read_openspiel_history("[1, 2]\n") == [1, 2]
    assert read_openspiel_history("# a comment\n1\n\n 2 \n") == [1, 2]
    for text, where in (("1\n2\n300\n", "line 3"), ("[1, true]", "item 2"),
                        ("[1, -1]", "item 2"), ("", "empty"), ("[1, 2", "malformed"),
                        ("{\"a\": 1}", "line 1"), ("1\n٣\n", "line 2")):
        with pytest.raises(InvalidRecordError, match=where):
            read_openspiel_history(text)


def test_params_as_text() -> None:
    assert read_openspiel_params(None) == {}
    assert read_openspiel_params("gin_rummy") == {}
    assert read_openspiel_params("gin_rummy_proxy(gin_bonus=25,oklahoma=False)") == {
        "gin_bonus": 25, "oklahoma": False}
    for text, words in (('{"knock_card": "8"}', "a whole number"),
                        ('{"oklahoma": 1}', "true or false"),
                        ("gin_rummy(knock_card)", "name=value"),
                        ("chess()", "JSON object or a game string"),
                        ('{"knock_card": 99999}', "0..1000"), ("[1]", "JSON object")):
        with pytest.raises(InvalidRecordError, match=words):
            read_openspiel_params(text)


def test_episodes_that_are_not_gin_rummy() -> None:
    for data, words in (([], "a JSON object"),
                        ({"name": "chess", "steps": []}, "not of OpenSpiel's gin_rummy"),
                        ({"steps": 3}, "no list of steps"),
                        ({"steps": [[{"observation": {}}]]}, "serializedGameAndState")):
        with pytest.raises(InvalidRecordError, match=words):
            from_kaggle_episode(data)  # type: ignore[arg-type]
    broken = episode("knock.json")
    last = broken["steps"][-1][0]["observation"]
    last["serializedGameAndState"] = last["serializedGameAndState"].replace(
        "history=-1:", "history=-1:x", 1)
    with pytest.raises(InvalidRecordError, match=r"step \d+, agent 0 of the Kaggle episode: "
                       r"entry 1 of OpenSpiel's history, '-1:x28', is not player:action$"):
        from_kaggle_episode(broken)


# -- the command ------------------------------------------------------------------------


def test_the_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "hand.json"
    assert main(["convert", "--from", "kaggle", str(KAGGLE / "knock.json"),
                 "-o", str(out)]) == 0
    assert "valid (1 hand" in capsys.readouterr().err
    assert validate(out).valid
    assert main(["convert", "--from", "kaggle",
                 str(KAGGLE / "defender-choice.trimmed.json")]) == 1
    captured = capsys.readouterr()
    assert "chooses its own melds" in captured.err and json.loads(captured.out)["hands"]
    history = tmp_path / "history.txt"
    history.write_text("\n".join(str(a) for a in to_openspiel_history(out)["history"]))
    assert main(["convert", "--from", "openspiel", str(history)]) == 0
    capsys.readouterr()
    assert main(["convert", "--from", "record", str(out), "--to", "openspiel"]) == 0
    assert json.loads(capsys.readouterr().out)["history"][:21] == \
        to_openspiel_history(out)["history"][:21]
    history.write_text("52\nfifty\n")
    assert main(["convert", "--from", "openspiel", str(history)]) == 2
    assert capsys.readouterr().err.strip() == ("ginrules convert: error: line 2 of the "
                                               "OpenSpiel history: 'fifty' is not an action "
                                               "id (a whole number 0..240)")
    assert main(["convert", "--from", "kaggle", str(history), "--params", "{}"]) == 2
    assert "--params is for --from openspiel" in capsys.readouterr().err


# -- fuzz: whatever the input, a GinRulesError or a record -------------------------------


@settings(max_examples=200, deadline=None)
@given(st.text(max_size=200))
def test_any_text_as_a_history(text: str) -> None:
    try:
        ids = read_openspiel_history(text)
    except InvalidRecordError:
        return
    with contextlib.suppress(GinRulesError):
        validate(from_openspiel(ids))


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(0, 240), min_size=21, max_size=120))
def test_any_ids_as_a_history(ids: list[int]) -> None:
    try:
        record = from_openspiel(ids)
    except GinRulesError:
        return
    validate(record)


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_any_change_to_an_episode(data: st.DataObject) -> None:
    base = episode("knock.json")
    last = base["steps"][-1][0]["observation"]
    text = last["serializedGameAndState"]
    start = text.index("history=") + 8
    cut = data.draw(st.integers(start, len(text)))
    last["serializedGameAndState"] = text[:cut] + data.draw(st.text(max_size=20)) + text[
        cut + data.draw(st.integers(0, 10)):]
    if data.draw(st.booleans()):
        base["configuration"]["openSpielGameParameters"] = data.draw(st.dictionaries(
            st.sampled_from(["knock_card", "oklahoma", "gin_bonus", "x"]),
            st.one_of(st.integers(-5, 2000), st.booleans(), st.text(max_size=3))))
    with contextlib.suppress(GinRulesError):
        validate(from_kaggle_episode(base))


@settings(max_examples=100, deadline=None)
@given(st.recursive(st.none() | st.booleans() | st.integers() | st.text(max_size=5),
                    lambda inner: st.lists(inner, max_size=3)
                    | st.dictionaries(st.sampled_from(
                        ["name", "steps", "configuration", "observation", "rewards",
                         "serializedGameAndState", "openSpielGameParameters"]), inner,
                        max_size=4), max_leaves=20))
def test_any_json_as_an_episode(value: Any) -> None:
    with contextlib.suppress(GinRulesError):
        from_kaggle_episode(value if isinstance(value, dict) else {"steps": value})


# -- Neller's EAAI framework ------------------------------------------------------------

EAAI = Path(__file__).parent / "data" / "eaai"
EAAI_LOGS = {
    "seed1.log": (6, None),
    "seed2.log": (9, None),
    "seed4.log": (11, "hand 4: the declared deadwood of player 1 (the defender) is 32, but "
                      "it is 27; in the EAAI framework the defender states its melds"),
    "seed36.log": (13, "hand 3: the declared deadwood of player 1 (the defender) is 12"),
}


def eaai_log(name: str) -> list[str]:
    return (EAAI / name).read_text().splitlines()


@pytest.mark.parametrize("name", sorted(EAAI_LOGS))
def test_eaai_logs_convert_and_the_validator_names_the_difference(name: str) -> None:
    hands, problem = EAAI_LOGS[name]
    record = from_eaai_log((EAAI / name).read_text())
    assert record["kind"] == "game" and record["rules"] == {"preset": "eaai"}
    assert len(record["hands"]) == hands and "complete" not in record
    report = validate(record)
    if problem is None:
        assert report.valid, report.summary()
    else:
        assert not report.valid and report.summary().startswith("invalid: " + problem)


def test_an_eaai_hand_read_line_by_line() -> None:
    record = from_eaai_log((EAAI / "seed1.log").read_text())
    first = record["hands"][0]
    # "Player 1 starts.": player 0 deals; player 1 declines AD, player 0 takes it
    assert first["dealer"] == 0
    assert first["deal"] == {"hands": ["8S KS 2C QC AC 5H QD 5C AS 3C",
                                       "6H 9D 8D JD 9H TH TD JH QH 8H"], "upcard": "AD"}
    assert first["actions"] == ["p1 pass", "p0 take", "p0 discard KS",
                                "p1 draw stock 5D", "p1 knock 6H"]
    assert first["knocker_melds"] == ["8H 9H TH JH QH", "8D 9D TD JD"]
    assert first["source"] == {"from": "eaai", "knocker_deadwood": 5,
                               "defender_melds": ["AC 2C 3C"], "defender_layoffs": ["QD"],
                               "defender_deadwood": 30}
    assert first["outcome"] == {"kind": "knock", "knocker": 1, "winner": 1, "points": 25,
                                "deadwood": [30, 5]}
    kinds = [h["outcome"]["kind"] for h in record["hands"]]
    assert "gin" in kinds
    # the second hand: both decline, the starting player draws from the stock
    assert record["hands"][1]["actions"][:3] == ["p0 pass", "p1 pass", "p0 draw stock 4H"]
    # a face-up card taken after the offer is a draw from the discard pile
    assert any(a.endswith("draw discard") for h in record["hands"] for a in h["actions"])
    # a cancelled hand is dead, and the dealer stays
    cancelled = from_eaai_log((EAAI / "seed36.log").read_text())["hands"]
    assert cancelled[3]["outcome"] == {"kind": "dead", "winner": None, "points": 0}
    assert cancelled[3]["dealer"] == cancelled[4]["dealer"]


def changed(name: str, find: str, replace: str, nth: int = 0) -> tuple[str, int]:
    """The log with the nth line starting with ``find`` changed, and that line's number."""
    lines = eaai_log(name)
    at = [i for i, line in enumerate(lines) if line.startswith(find)][nth]
    lines[at] = replace if "{}" not in replace else replace.format(lines[at])
    return "\n".join(lines) + "\n", at + 1


@pytest.mark.parametrize(("find", "replace", "why"), [
    # an illegal discard: a card player 0 does not hold
    ("Player 0 discards KS.", "Player 0 discards KH.", "player 0 discards KH, which it does not hold"),
    # the face-up card just taken, discarded again
    ("Player 0 discards KS.", "Player 0 discards AD.", "the face-up card it just took"),
    # a wrong score
    ("Player 1 scores the deadwood difference of 25.",
     "Player 1 scores the deadwood difference of 24.", "player 1 scores 25 (deadwood 5 against 30)"),
    ("1\t25", "1\t26", "player 1's total is 25, not 26"),
    # a draw of a card already dealt
    ("Player 1 draws 5D.", "Player 1 draws 8H.", "8H cannot be drawn"),
    # the wrong player names the score
    ("Player 1 scores the deadwood difference of 25.",
     "Player 0 scores the deadwood difference of 25.", "not player 0 25"),
    # a forfeit
    ("Player 0 discards KS.", "Player 0 discards KS illegally and forfeits.", "forfeit"),
    # a line the framework never prints
    ("Player 0 discards KS.", "Player 0 throws KS.", "is not a line GinRummyGame prints"),
    # a declined card that is not the one on offer: the message names the card
    ("Player 1 declines AD.", "Player 1 declines 2D.", "2D is not the face-up card on offer"),
    ("Player 1 melds", "Player 1 melds [[8H, 9H, TH, JH, QH], [8D, 9D, TD, JD]] with 6 deadwood "
     "from [5D].", "player 1's deadwood is 5, not 6"),
    ("Player 0 wins.", "Player 1 wins.", "player 1 has not won (the scores are 114 to 27)"),
    # player 1 dealt twice
    ("Player 1 starts.", "Player 1 is dealt [2S, 3S, 4S, 6S, 7S, 2D, 3D, 4D, 6D, 7D].",
     "a deal is player 0's ten cards, then player 1's"),
    # a face-up card dealt already, turned before the starting player is named, or twice
    ("The initial face up card is AD.", "The initial face up card is 8S.",
     "8S is dealt already"),
    ("Player 1 starts.", "The initial face up card is AD.",
     "the face-up card is turned after the deal and the starting player"),
    ("Player 1 declines AD.", "The initial face up card is 7D.",
     "the face-up card is turned after the deal and the starting player"),
])
def test_a_changed_eaai_log_is_refused_naming_the_line(find: str, replace: str,
                                                       why: str) -> None:
    text, number = changed("seed1.log", find, replace)
    with pytest.raises(InvalidRecordError) as caught:
        from_eaai_log(text)
    message = str(caught.value)
    assert message.startswith(f"line {number} of the EAAI log: ") and why in message


def test_a_card_taken_turns_ago_may_be_discarded_in_an_eaai_log() -> None:
    """Only the face-up card taken this turn is refused as a discard: player 0 takes AD,
    discards KS, and on its next turn draws from the stock and discards AD, as the rules
    allow (the log stops there: an incomplete record the validator accepts)."""
    lines = eaai_log("seed1.log")
    cut = [*lines[:lines.index("Player 1 discards 6H.") + 1], "Player 0 draws KD.",
           "Player 0 discards AD."]
    record = from_eaai_log("\n".join(cut) + "\n")
    assert record["complete"] is False
    assert record["hands"][0]["actions"][-4:] == ["p1 draw stock 5D", "p1 discard 6H",
                                                  "p0 draw stock KD", "p0 discard AD"]
    assert validate(record).valid


def test_a_changed_eaai_log_the_validator_finds_invalid() -> None:
    # the drawing player changed: the log still reads, but the record breaks the rules
    text, _ = changed("seed1.log", "Player 1 draws 5D.", "Player 0 draws 5D.")
    with pytest.raises(InvalidRecordError, match=r"^line 12 of the EAAI log: player 1's "
                       r"deadwood is 0, not 5"):
        from_eaai_log(text)  # its knock's deadwood no longer counts the 5D
    # the player who declines changed: the converter keeps the log's players, the
    # validator finds the turn wrong
    text, _ = changed("seed1.log", "Player 1 declines 8S.", "Player 0 declines 8S.")
    report = validate(from_eaai_log(text))
    assert not report.valid and report.summary().startswith("invalid: hand 2, action 2")


def test_an_eaai_log_cut_short_is_incomplete() -> None:
    lines = eaai_log("seed1.log")
    record = from_eaai_log("\n".join(lines[:lines.index("Player\tScore") + 3]))
    assert record["complete"] is False and len(record["hands"]) == 1
    assert validate(record).valid
    with pytest.raises(InvalidRecordError, match="ends before the last hand's face-up"):
        from_eaai_log("\n".join(lines[:lines.index("Player\tScore") + 5]))
    with pytest.raises(InvalidRecordError, match="has no deal"):
        from_eaai_log("")
    with pytest.raises(InvalidRecordError, match="not bytes"):
        from_eaai_log(b"Player 0 starts.")  # type: ignore[arg-type]


def test_an_eaai_hand_that_never_ends_is_refused_at_the_next_deal() -> None:
    # the first hand's knock and scores cut out: the second deal comes in mid-hand
    lines = eaai_log("seed1.log")
    knock = lines.index("Player 1 melds [[8H, 9H, TH, JH, QH], [8D, 9D, TD, JD]] with 5 "
                        "deadwood from [5D].")
    deal = lines.index("Player 0 is dealt [7H, 2S, 3D, 9D, KC, 2C, JS, 9S, KH, 2D].")
    with pytest.raises(InvalidRecordError, match=f"^line {knock + 1} of the EAAI log: a new "
                       "deal before the last hand ended$"):
        from_eaai_log("\n".join(lines[:knock] + lines[deal:]))


def test_the_command_from_eaai(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "game.json"
    assert main(["convert", "--from", "eaai", str(EAAI / "seed1.log"), "-o", str(out)]) == 0
    assert "valid (6 hands" in capsys.readouterr().err
    assert json.loads(out.read_text())["rules"] == {"preset": "eaai"}
    assert main(["convert", "--from", "eaai", str(EAAI / "seed4.log"), "-o", str(out)]) == 1
    assert "in the EAAI framework the defender" in capsys.readouterr().err
    # the record written, validated again by ginrules validate: the same explanation
    assert main(["validate", str(out)]) == 1
    assert "in the EAAI framework the defender" in capsys.readouterr().out
    bad = tmp_path / "bad.log"
    bad.write_text("Player 0 is dealt [AC].\n")
    assert main(["convert", "--from", "eaai", str(bad)]) == 2
    err = capsys.readouterr().err
    assert "line 1 of the EAAI log" in err and "Traceback" not in err
    assert main(["convert", "--from", "eaai", "--openspiel-endings", str(bad)]) == 2
    assert "--openspiel-endings is for" in capsys.readouterr().err


@settings(max_examples=200, deadline=None)
@given(st.data())
def test_any_change_to_an_eaai_log(data: st.DataObject) -> None:
    lines = eaai_log("seed1.log")[:40]
    for _ in range(data.draw(st.integers(1, 3))):
        at = data.draw(st.integers(0, len(lines) - 1))
        how = data.draw(st.sampled_from(["drop", "swap", "text", "card"]))
        if how == "drop":
            del lines[at]
        elif how == "swap" and at + 1 < len(lines):
            lines[at], lines[at + 1] = lines[at + 1], lines[at]
        elif how == "text":
            lines[at] = data.draw(st.text(max_size=30))
        else:
            lines[at] = lines[at].replace(data.draw(st.sampled_from(
                ["0", "1", "A", "K", "C", "D", ", "])), data.draw(st.sampled_from(
                    ["1", "0", "2", "Q", "S", "H", ""])), 1)
        if not lines:
            break
    with contextlib.suppress(GinRulesError):
        record = from_eaai_log("\n".join(lines))
        validate(record)


@given(st.text(max_size=300))
def test_any_text_as_an_eaai_log(text: str) -> None:
    with contextlib.suppress(GinRulesError):
        from_eaai_log(text)


def test_the_howto_shows_what_convert_from_eaai_prints(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    page = (Path(__file__).parent.parent / "docs" / "howto_other_engines.rst").read_text()
    lines = [line.strip() for line in page.splitlines()]
    shown = [(lines[i][2:], lines[i + 1]) for i in range(len(lines) - 1)
             if lines[i].startswith("$ ginrules convert --from eaai")]
    assert len(shown) == 2
    monkeypatch.chdir(Path(__file__).parent.parent)
    for command, output in shown:
        args = command.split()[1:]
        args[args.index("-o") + 1] = str(tmp_path / "game.json")
        main(args)
        assert capsys.readouterr().err.strip() == output


# -- the edges of OpenSpiel's inputs and parameters (survivors of a plausible-bug pool) -


def test_openspiel_parameters_at_their_bounds() -> None:
    """A parameter is a whole number 0..1000: both ends are read, one past either is
    refused as out of range; a number of seven characters is no number at all."""
    for value in (0, 1000):
        assert read_openspiel_params(f"gin_rummy(gin_bonus={value})") == {"gin_bonus": value}
        assert read_openspiel_params({"undercut_bonus": value}) == {"undercut_bonus": value}
    for text in ("gin_rummy(gin_bonus=1001)", "gin_rummy(gin_bonus=-1)",
                 "gin_rummy(gin_bonus=100000)"):
        with pytest.raises(InvalidRecordError, match=r"^OpenSpiel parameter gin_bonus=-?1\d* "
                           r"is not in 0\.\.1000$"):
            read_openspiel_params(text)
    with pytest.raises(InvalidRecordError, match=r"^OpenSpiel parameter gin_bonus is a whole "
                       r"number, not '1000000'$"):
        read_openspiel_params("gin_rummy(gin_bonus=1000000)")


def test_openspiel_action_ids_at_their_bound_and_long_values_cut() -> None:
    """Action ids are 0..240 in a JSON list as one a line; a value shown in an error is
    its repr, cut to 37 characters and "..." past 40."""
    assert read_openspiel_history("[0, 240]") == [0, 240]
    assert read_openspiel_history("0\n240\n") == [0, 240]
    for text in ("[0, 241]", "[-1]"):
        with pytest.raises(InvalidRecordError, match=r"^item \d of the OpenSpiel history: "
                           r"-?\d+ is not an action id \(a whole number 0\.\.240\)$"):
            read_openspiel_history(text)
    with pytest.raises(InvalidRecordError, match=r"^line 2 of the OpenSpiel history: '241' "
                       r"is not an action id \(a whole number 0\.\.240\)$"):
        read_openspiel_history("0\n241\n")  # one a line: the same bound
    long = "x" * 50
    with pytest.raises(InvalidRecordError) as caught:
        read_openspiel_history(json.dumps([long]))
    assert str(caught.value) == (f"item 1 of the OpenSpiel history: {repr(long)[:37]}... is "
                                 "not an action id (a whole number 0..240)")
    with pytest.raises(InvalidRecordError) as caught:
        read_openspiel_history(json.dumps(["x" * 38]))  # a repr of exactly 40: shown whole
    assert f"{'x' * 38!r} is not an action id" in str(caught.value)


@pytest.mark.parametrize(("settings", "params"), [
    ({}, {}), ({"undercut_bonus": 10}, {"undercut_bonus": 10}),
    ({"gin_bonus": 20}, {"gin_bonus": 20}), ({"knock_limit": 8}, {"knock_card": 8}),
    ({"shutout_bonus": 25}, {}), ({"oklahoma": True}, {"oklahoma": True}),
])
def test_openspiel_parameters_name_only_what_differs_from_its_defaults(
        settings: dict[str, Any], params: dict[str, Any]) -> None:
    rules = ginrules.rules("openspiel", **settings)
    for seed in range(40):
        hand = ginrules.deal(rules, seed=seed, dealer=seed % 2)
        while not hand.is_over:
            hand = hand.apply(SimplePlayer(seed=seed).choose(view(hand, hand.turn)))
        with contextlib.suppress(InvalidRecordError):  # OpenSpiel's own endings come first
            assert to_openspiel_history(ginrules.records.to_record(hand))["params"] == params
            return
    pytest.fail("no hand of 40 converts")


def test_a_kaggle_episode_s_rules_are_a_presets_name() -> None:
    for rules in (5, None, ginrules.rules("openspiel")):
        with pytest.raises(WrongTypeError, match=r"^from_kaggle_episode takes the name of a "
                           r"preset as rules \(like 'openspiel'\), not "):
            from_kaggle_episode(episode("knock.json"), rules=rules)  # type: ignore[arg-type]


def test_a_history_or_move_sheet_of_exactly_the_longest_text_is_read() -> None:
    """OpenSpiel histories, RLCard move sheets and EAAI logs are read up to 8,000,000
    characters: one of exactly that length is read (and refused for what it holds), one
    more character is refused for its length."""
    from ginrules.interop.convert import MAX_HISTORY, from_rlcard

    most = 8 * MAX_HISTORY
    for read in (read_openspiel_history, from_rlcard, from_eaai_log):
        with pytest.raises(InvalidRecordError) as caught:
            read("7" * most)
        assert "longer than" not in str(caught.value)
        with pytest.raises(InvalidRecordError, match=f"longer than {most:,} characters"):
            read("7" * (most + 1))


def test_convert_reads_an_input_of_exactly_the_largest_size(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``ginrules convert`` reads up to MAX_RECORD_BYTES: an input of exactly that size is
    read (and refused for what it holds), one byte more is refused for its size."""
    from ginrules.records.format import MAX_RECORD_BYTES

    path = tmp_path / "history.txt"
    for size, words in ((MAX_RECORD_BYTES, "the OpenSpiel history is longer than"),
                        (MAX_RECORD_BYTES + 1, f"is larger than {MAX_RECORD_BYTES:,} bytes")):
        path.write_bytes(b"7" * size)
        assert main(["convert", "--from", "openspiel", str(path)]) == 2
        assert words in capsys.readouterr().err


def test_a_record_converts_to_openspiel_only(tmp_path: Path,
                                            capsys: pytest.CaptureFixture[str]) -> None:
    state = ginrules.deal(ginrules.rules("openspiel"), seed=1, dealer=0)
    path = tmp_path / "hand.json"
    path.write_text(ginrules.records.dump(state), encoding="utf-8")
    assert main(["convert", "--from", "record", "--to", "record", str(path)]) == 2
    assert capsys.readouterr().err == ("ginrules convert: error: --from record converts to "
                                       "--to openspiel only\n")


def test_an_openspiel_history_drawing_from_the_stock_after_one_pass_is_refused() -> None:
    """The upcard is offered to both players: a stock draw after one pass (the second
    player's offer skipped) is no legal OpenSpiel history, and reading it says so,
    rather than making a record of it. After both pass, the same draw is read."""
    state = ginrules.deal(ginrules.rules("openspiel"), seed=2, dealer=0)
    state = state.apply("pass").apply("pass").apply("draw stock")
    history = to_openspiel_history(ginrules.records.to_record(state))["history"]
    first = 21  # (the deal: 21 chance outcomes)
    assert history[first:first + 3] == [54, 54, 53]  # pass, pass, draw from the stock
    read = from_openspiel(history)  # (OpenSpiel's player 0 is the non-dealer)
    assert [a.split()[1] for a in read["hands"][0]["actions"]] == ["pass", "pass", "draw"]
    assert [p.code for p in validate(read).problems] == ["hand-incomplete"]  # (in play)
    skipped = history[:first + 1] + history[first + 2:]  # the second pass left out
    with pytest.raises(InvalidRecordError, match=r"^OpenSpiel action 22 \(53\) is not legal "
                       r"in the upcard offer"):
        from_openspiel(skipped)
