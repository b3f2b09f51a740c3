"""The names of 0.1.0 that moved in 0.2.0 still work, warn, and do what the new ones do
(but ``ginrules.records.from_openspiel``, which says where it went); the old path
``ginrules.knock`` of a module that was never released is gone."""

from __future__ import annotations

import importlib
import re
import subprocess
import sys
import types

import pytest

import ginrules
from ginrules import Card, game, hand, players, records
from ginrules.interop import openspiel, rlcard


def test_game_aliases_warn_and_match_the_new_names() -> None:
    with pytest.warns(DeprecationWarning, match="use ginrules.game.apply"):
        apply_action = game.apply_action
    assert apply_action is game.apply
    with pytest.warns(DeprecationWarning, match="random_policies"):
        assert game.random_players is game.random_policies
    with pytest.warns(DeprecationWarning, match="Policy"):
        assert game.Player is game.Policy
    for name in ("score_sheet", "ScoreSheet", "FinalScore", "GameColumn", "SheetRow"):
        if name == "ScoreSheet":
            continue  # a type the game module uses itself
        with pytest.warns(DeprecationWarning, match=f"ginrules.sheet.{name}"):
            assert getattr(game, name) is getattr(ginrules.sheet, name)
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        game.nothing  # noqa: B018


def test_hand_aliases() -> None:
    state = hand.deal(ginrules.rules("classic"), seed=7, dealer=0)
    with pytest.warns(DeprecationWarning, match="is_legal"):
        assert hand.can_apply(state, "take") is True
    with pytest.warns(DeprecationWarning, match="cards"):
        assert state.hand(1) == state.cards(1)


def test_players_play_warns_and_plays() -> None:
    start = game.new_game(ginrules.rules("short"), seed=3)
    both = [players.BasicPlayer(), players.BasicPlayer()]
    with pytest.warns(DeprecationWarning, match="ginrules.game.play") as caught:
        old = players.play(start, both)
    assert old == game.play(start, both)
    # the warning names the caller's line (under mutmut, its trampoline is one frame more)
    if not any(name.startswith("mutmut") for name in sys.modules):
        assert caught[0].filename == __file__


def test_records_from_openspiel_moved_and_says_where() -> None:
    # not kept as a deprecated alias: it would be the records importing ginrules.interop,
    # the layer above them (issue 33); the error names the new place
    assert openspiel.from_openspiel  # imported: the name is not found all the same
    with pytest.raises(AttributeError, match=r"it is ginrules\.interop\.openspiel\.from_openspiel$"):
        records.from_openspiel  # noqa: B018
    with pytest.raises(ImportError, match="from_openspiel"):
        from ginrules.records import from_openspiel  # noqa: F401
    with pytest.raises(AttributeError):
        records.nothing  # noqa: B018


def test_card_ids_moved_to_interop() -> None:
    card = Card.parse("2C")
    with pytest.warns(DeprecationWarning):
        assert card.openspiel_id == openspiel.openspiel_id(card) == 14
    with pytest.warns(DeprecationWarning) as caught:
        assert Card.from_openspiel_id(14) is card
    assert str(caught[0].message) == ("Card.from_openspiel_id is deprecated since 0.2.0: "
                                      "use ginrules.interop.openspiel.card_from_openspiel_id")
    with pytest.warns(DeprecationWarning):
        assert card.rlcard_id == rlcard.rlcard_id(card) == 40
    with pytest.warns(DeprecationWarning) as caught:
        assert Card.from_rlcard_id(40) is card
    assert str(caught[0].message) == ("Card.from_rlcard_id is deprecated since 0.2.0: "
                                      "use ginrules.interop.rlcard.card_from_rlcard_id")
    if not any(name.startswith("mutmut") for name in sys.modules):  # as above
        assert caught[0].filename == __file__


def test_the_deprecated_card_ids_agree_with_interop_on_every_card_and_id() -> None:
    # cards.py computes them itself (it never imports ginrules.interop): the same numbers
    with pytest.warns(DeprecationWarning) as caught:
        for card in ginrules.CARDS:
            assert card.openspiel_id == openspiel.openspiel_id(card)
            assert card.rlcard_id == rlcard.rlcard_id(card)
        for card_id in range(52):
            assert Card.from_openspiel_id(card_id) is openspiel.card_from_openspiel_id(card_id)
            assert Card.from_rlcard_id(card_id) is rlcard.card_from_rlcard_id(card_id)
    assert len(caught) == 4 * 52
    if not any(name.startswith("mutmut") for name in sys.modules):  # as above
        assert {w.filename for w in caught} == {__file__}
    for wrong in (-1, 52, None, 1.5, True):
        for old, new in ((Card.from_openspiel_id, openspiel.card_from_openspiel_id),
                         (Card.from_rlcard_id, rlcard.card_from_rlcard_id)):
            with pytest.raises(ginrules.CardNotationError) as expected:
                new(wrong)  # type: ignore[arg-type]
            with pytest.warns(DeprecationWarning), pytest.raises(
                    ginrules.CardNotationError, match=f"^{re.escape(str(expected.value))}$"):
                old(wrong)  # type: ignore[arg-type]


def test_the_deprecated_card_ids_work_without_importing_interop() -> None:
    script = ("import sys, warnings\n"
              "warnings.simplefilter('ignore', DeprecationWarning)\n"
              "from ginrules import Card\n"
              "card = Card.parse('2C')\n"
              "print(card.openspiel_id, card.rlcard_id, Card.from_openspiel_id(14),\n"
              "      Card.from_rlcard_id(40))\n"
              "print(sorted(m for m in sys.modules if 'interop' in m))\n")
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out == ["14 40 2C 2C", "[]"]


def test_rules_is_one_thing() -> None:
    # the function, never the module: the presets live in ginrules.rulesets
    assert callable(ginrules.rules)
    assert ginrules.rulesets.PRESETS is ginrules.PRESETS
    assert ginrules.rules("classic") is ginrules.rulesets.rules("classic")


# -- ginrules.knock: the verb, and nothing else ------------------------------------------
# The module ginrules.knock (the old path of ginrules.knocking, never in a release) is
# gone, and with it the package's own module type that kept the verb in place: the
# package is a plain module, and no submodule is named after a public name
# (test_public_api.test_no_module_is_named_after_a_name_of_the_package).

# Each script runs in a fresh interpreter (a module is imported once per process).
_GONE = {
    "import": "import ginrules.knock\n",
    "from-import": "from ginrules.knock import lay_off\n",
    "import as": "import ginrules.knock as verb\n",
}


@pytest.mark.parametrize("statement", _GONE.values(), ids=list(_GONE))
def test_the_old_knock_module_is_gone(statement: str) -> None:
    script = ("import sys, types\n"
              "try:\n"
              f"    {statement}"
              "except ModuleNotFoundError as error:\n"
              "    print(type(error).__name__, error.name)\n"
              "import ginrules, ginrules.hand, ginrules.knocking\n"
              "from ginrules import knock\n"
              "print(knock is ginrules.knock is ginrules.hand.knock,\n"
              "      type(sys.modules['ginrules']) is types.ModuleType,\n"
              "      'ginrules.knock' in sys.modules)\n")
    out = subprocess.run([sys.executable, "-W", "error", "-c", script], capture_output=True,
                         text=True, check=True).stdout.splitlines()
    assert out == ["ModuleNotFoundError ginrules.knock", "True True False"]


def test_the_package_is_a_plain_module_and_knock_is_the_verb() -> None:
    assert type(sys.modules["ginrules"]) is types.ModuleType
    assert ginrules.knock is hand.knock
    assert ginrules.knocking.lay_off is ginrules.lay_off
    with pytest.raises(ModuleNotFoundError) as caught:
        importlib.import_module("ginrules.knock")
    assert caught.value.name == "ginrules.knock"
    assert ginrules.knock is hand.knock  # the failed import changed nothing
