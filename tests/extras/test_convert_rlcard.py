"""``ginrules convert --from rlcard`` against RLCard itself: fresh games of RLCard's
gin-rummy (``rlcard.make("gin-rummy")``), played by RLCard's random agents and by agents
that go out whenever they may, over many seeds, convert to records that validate under
the rlcard preset or whose difference the validator names, and validate with
``rlcard_endings`` whatever RLCard played; RLCard's gin, its move cap and its other
settings are played by RLCard on deals chosen by tests/data/rlcard/make_games.py. Skipped
where RLCard is not installed (the ``rlcard`` extra)."""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest

rlcard = pytest.importorskip("rlcard")
np = pytest.importorskip("numpy")

import ginrules  # noqa: E402
from ginrules.interop.convert import from_rlcard  # noqa: E402
from ginrules.records import load, validate  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
_SPEC = importlib.util.spec_from_file_location(
    "make_games", ROOT / "tests" / "data" / "rlcard" / "make_games.py")
assert _SPEC is not None and _SPEC.loader is not None
make_games: Any = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(make_games)

#: the words of the validator for each way RLCard's play leaves the rlcard preset
WORDS = {
    "after-dead-hand": ("play-after-end", "RLCard's judge lets the next player pick up the "
                        "discard when the stock is down to its dead count"),
    "out-with-taken-card": ("illegal-action", "RLCard's judge lets a player go out (knock "
                            "or gin) with the card it has just picked up"),
    "declared-dead": ("hand-incomplete", "RLCard declared the hand dead here, where these "
                      "rules play on"),
}


def play(agents: str, seed: int, **settings: Any) -> Any:
    """A game of RLCard's gin-rummy between ``agents`` (``random``: RLCard's RandomAgent;
    ``knocker``: going out whenever it may; ``hoarder``: taking every discard); RLCard's
    settings changed as given. Returns the environment, its game over."""
    env = rlcard.make("gin-rummy", config={"seed": seed})
    if agents == "random":
        env.set_agents([rlcard.agents.RandomAgent(num_actions=env.num_actions)
                        for _ in (0, 1)])
    else:
        prefer = {"knocker": lambda a: a == make_games.GIN or a in make_games.KNOCKS,
                  "hoarder": lambda a: a == make_games.PICK_UP}[agents]
        env.set_agents([make_games.Chooser(seed * 2 + p, prefer) for p in (0, 1)])
    for name, value in settings.items():
        setattr(env.game.settings, name, value)
    env.seed(seed)
    np.random.seed(seed)  # (RLCard's RandomAgent draws from numpy's own generator)
    env.run(is_training=False)
    return env


def check(env: Any) -> str:
    """Convert the game every way it can be given, validate, and return how RLCard's play
    ended (the converter's ``end``)."""
    sheet = env.game.round.move_sheet
    record = from_rlcard(sheet)
    text = "\n".join(str(move) for move in sheet)
    for given in (env, env.game, text, [str(move) for move in sheet]):
        assert from_rlcard(given) == record
    end = record["source"]["end"]
    report = validate(record)
    if end in ("gin", "knock", "dead"):  # played by the preset's rules
        assert report.valid, report.summary()
    else:
        code, words = WORDS[end]
        assert not report.valid and report.problems[0].code == code, report.summary()
        assert words in report.summary()
    ended = from_rlcard(sheet, rlcard_endings=True)
    assert validate(ended).valid, validate(ended).summary()
    # RLCard's own outcome: how the hand ended, and its deadwood counts (best melds,
    # before layoffs) for the cards each player holds at its end
    if end in ("gin", "knock", "dead") and len(sheet) > 2:
        state = load(record).hands[0]
        assert state.result is not None
        assert state.result.kind.value == end
        went_out = env.game.round.going_out_player_id
        assert state.result.knocker == (None if end == "dead" else went_out)
        said = record["hands"][0]["source"]["rlcard_deadwood"]
        assert said == [ginrules.deadwood(state.cards(p)) for p in (0, 1)]
        assert said == [sheet[-2].deadwood_count, sheet[-1].deadwood_count]
    return str(end)


def test_random_agents_games_convert_and_validate() -> None:
    ends = Counter(check(play("random", seed)) for seed in range(150))
    # RLCard's random play: most hands reach the stock's end, about half of them played
    # on by a pick-up that the preset (and RLCard's docs) forbid
    assert {"dead", "after-dead-hand", "knock"} <= set(ends), ends


def test_knocking_agents_games_convert_and_validate() -> None:
    ends = Counter(check(play("knocker", seed)) for seed in range(120))
    assert ends["knock"] >= 5, ends


def test_rlcards_move_cap_ends_the_hand_where_the_presets_turn_cap_does() -> None:
    env = play("hoarder", 1)
    assert len(env.game.round.move_sheet) == 203  # RLCard's max_move_count: 200 moves
    assert check(env) == "dead"
    state = load(from_rlcard(env)).hands[0]
    assert state.turns == 100 and state.stock_size > 2


def test_rlcard_with_other_settings_is_named() -> None:
    """RLCard declares the hand dead at ten stock cards when told to: the preset plays
    on, and the validator says why; with rlcard_endings the hand is left unfinished."""
    env = play("random", 3, stockpile_dead_card_count=10)
    assert check(env) == "declared-dead"
    ended = from_rlcard(env, rlcard_endings=True)
    assert ended["complete"] is False
    assert load(ended).hands[0].stock_size == 10


@pytest.mark.parametrize(("dealer", "non_dealer", "dealer_cards", "top", "seed", "card"), [
    (0, "AS 2S 3S 4S 5H 6H 7H 8D 9D TD KC", "2C 4C 6C 8C TC QC 2D 4D 6D QD", "", 0, "KC"),
    (1, "AS 2S 3S 4S 5S 5H 6H 7H 8D 9D TD", "2C 4C 6C 8C TC QC 2D 4D 6D QD", "", 0, "AS"),
    (0, "KC QD JH 9C 7D 5C 3D KH 2C 8H 4D", "AS 2S 3S 5H 6H 7H 8D 9D TD QC", "4S", 0, "QC"),
])
def test_rlcards_gin_converts_with_the_card_it_discards(
        dealer: int, non_dealer: str, dealer_cards: str, top: str, seed: int, card: str
        ) -> None:
    env = rlcard.make("gin-rummy", config={"seed": seed})
    prefer = lambda a: a == make_games.GIN or a in make_games.KNOCKS  # noqa: E731
    env.set_agents([make_games.Chooser(seed * 2 + p, prefer) for p in (0, 1)])
    env.game.np_random = make_games.RiggedDeal(dealer, non_dealer, dealer_cards, top)
    env.run(is_training=False)
    assert any(type(m).__name__ == "GinMove" for m in env.game.round.move_sheet)
    assert check(env) == "gin"
    assert from_rlcard(env)["hands"][0]["actions"][-1].endswith(f" knock {card}")


def test_the_command_converts_a_games_text(tmp_path: Path) -> None:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src"))
    for seed in (0, 3):
        game = play("random", seed)
        moves = tmp_path / f"game{seed}.txt"
        moves.write_text("".join(f"{move}\n" for move in game.game.round.move_sheet))
        done = subprocess.run([sys.executable, "-m", "ginrules", "convert", "--from",
                               "rlcard", str(moves), "-o", str(tmp_path / "out.json")],
                              env=env, capture_output=True, text=True, timeout=120)
        end = from_rlcard(game)["source"]["end"]
        assert done.returncode == (0 if end in ("gin", "knock", "dead") else 1), done.stderr
        assert done.stderr.startswith(f"{moves}: ") and "Traceback" not in done.stderr
        ended = subprocess.run([sys.executable, "-m", "ginrules", "convert", "--from",
                                "rlcard", "--rlcard-endings", str(moves)],
                               env=env, capture_output=True, text=True, timeout=120)
        assert ended.returncode == 0 and ": valid (1 hand" in ended.stderr, ended.stderr
