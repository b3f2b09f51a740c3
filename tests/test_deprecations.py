"""The names of 0.1.0 that moved in 0.2.0 still work, warn, and do what the new ones do
(but ``ginrules.records.from_openspiel``, which says where it went)."""

from __future__ import annotations

import re
import subprocess
import sys

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


# -- ginrules.knock: the verb, and the old path of the module ginrules.knocking ----------


def test_the_old_knock_module_warns_and_gives_the_same_names(
        monkeypatch: pytest.MonkeyPatch) -> None:
    from ginrules import knocking

    monkeypatch.delitem(sys.modules, "ginrules.knock", raising=False)  # imported anew
    with pytest.warns(DeprecationWarning, match="import from ginrules.knocking") as caught:
        from ginrules.knock import HandResult, lay_off, resolve_knock
    assert (lay_off, resolve_knock, HandResult) == (
        knocking.lay_off, knocking.resolve_knock, knocking.HandResult)
    assert sys.modules["ginrules.knock"].__all__ == knocking.__all__
    if not any(name.startswith("mutmut") for name in sys.modules):  # as above
        assert caught[0].filename == __file__
    assert ginrules.knock is hand.knock  # the import set nothing on the package


# Each script runs in a fresh interpreter (a module is imported once per process), imports
# the old module and uses the verb in one order or the other, then prints what it found.
_ORDERS = {
    "import, then the verb": "import ginrules.knock\nverb = ginrules.knock\n",
    "the verb, then import": "import ginrules\nverb = ginrules.knock\nimport ginrules.knock\n",
    "from-import, then the verb": ("from ginrules.knock import lay_off\nimport ginrules\n"
                                   "verb = ginrules.knock\n"),
    "the verb, then from-import": ("import ginrules\nverb = ginrules.knock\n"
                                   "from ginrules.knock import lay_off\n"),
    "import as": "import ginrules.knock as verb\nimport ginrules\n",
}
_REPORT = (
    "import ginrules.hand, ginrules.knocking\n"
    "state = ginrules.deal(ginrules.rules('classic'), seed=7, dealer=0).apply('take')\n"
    "print(verb is ginrules.knock is ginrules.hand.knock, ginrules.knocking.__name__)\n"
    "try:\n"
    "    ginrules.knock(state, '7C')\n"
    "except ginrules.IllegalActionError as error:\n"
    "    print(error)\n"
    "print('ginrules.knock' in sys.modules, 'knock' in ginrules.__all__)\n"
    "print([(str(w.message), w.filename) for w in caught])\n"
)


@pytest.mark.parametrize("order", _ORDERS.values(), ids=list(_ORDERS))
def test_importing_the_old_knock_module_never_hides_the_verb(order: str) -> None:
    script = ("import sys, warnings\n"
              "with warnings.catch_warnings(record=True) as caught:\n"
              "    warnings.simplefilter('always')\n"
              + "".join(f"    {line}\n" for line in order.splitlines())
              + _REPORT)
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    assert out[:3] == [
        "True ginrules.knocking",
        "cannot knock 7C: deadwood 66 is over the knock limit 10",
        "True True",
    ]
    assert out[3] == repr([("the module ginrules.knock is deprecated since 0.2.0: import "
                            "from ginrules.knocking (ginrules.knock is the verb, the "
                            "hand's knock)", "<string>")])
