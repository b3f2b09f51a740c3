"""The pictures of the documentation are up to date: drawing them again gives the
committed files (run ``python docs/make_pictures.py`` after a change that moves them)."""

from __future__ import annotations

import importlib.util
import xml.etree.ElementTree as ET
from pathlib import Path
from types import ModuleType

import pytest

DOCS = Path(__file__).resolve().parent.parent / "docs"


def load_generator() -> ModuleType:
    spec = importlib.util.spec_from_file_location("make_pictures", DOCS / "make_pictures.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


make_pictures = load_generator()
NAMES = sorted(make_pictures.PICTURES)


def test_every_picture_is_committed_and_used() -> None:
    committed = sorted(path.name for path in (DOCS / "_static").glob("*.svg"))
    assert committed == NAMES
    pages = "".join(page.read_text("utf-8") for page in DOCS.glob("*.rst"))
    for name in NAMES:
        assert f"_static/{name}" in pages, f"{name} is shown on no page"


@pytest.mark.parametrize("name", NAMES)
def test_pictures_are_up_to_date(tmp_path: Path, name: str) -> None:
    written = {path.name: path for path in make_pictures.write_pictures(tmp_path)}
    fresh = written[name].read_text("utf-8")
    committed = (DOCS / "_static" / name).read_text("utf-8")
    assert fresh == committed, (
        f"docs/_static/{name} is stale: run 'python docs/make_pictures.py' and commit it"
    )


@pytest.mark.parametrize("name", NAMES)
def test_pictures_are_well_formed_svg(name: str) -> None:
    root = ET.parse(DOCS / "_static" / name).getroot()
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    texts = [t.text for t in root.iter("{http://www.w3.org/2000/svg}text")]
    assert "deadwood" in " ".join(filter(None, texts))


def test_hand_picture_marks_melds_and_deadwood() -> None:
    svg = (DOCS / "_static" / "hand-melds.svg").read_text("utf-8")
    assert ">set</text>" in svg and ">run</text>" in svg
    assert ">deadwood 23</text>" in svg
    assert svg.count("<title>") == 1 + 10  # the picture's and one per card


# -- the package's drawings (ginrules.svg) --------------------------------------------


def _well_formed(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == "{http://www.w3.org/2000/svg}svg"
    assert root.find("{http://www.w3.org/2000/svg}title") is not None
    assert root.find("{http://www.w3.org/2000/svg}desc") is not None
    return root


def test_values_show_themselves_as_svg_in_a_notebook() -> None:
    import random

    import ginrules

    rnd = random.Random(5)
    for seed in range(12):
        state = ginrules.deal(ginrules.rules("classic"), seed=seed, dealer=seed % 2)
        while True:
            for value in (state, state.view(0), state.view(1)):
                root = _well_formed(value._repr_svg_())
                desc = root.find("{http://www.w3.org/2000/svg}desc")
                assert desc is not None and desc.text is not None
                if value.result is None:
                    assert desc.text == str(value)
                else:  # the result, and who scores (the state knows its rules)
                    assert desc.text.startswith(str(value.result))
            if state.is_over:
                break
            legal = state.legal_actions()
            ends = [a for a in legal if a.kind.value == "knock"]
            state = state.apply(ends[0] if ends else rnd.choice(legal))
        assert state.result is not None
        _well_formed(state.result._repr_svg_())
    _well_formed(ginrules.arrange("7H 8H 9H KS")._repr_svg_())


def test_a_dead_hand_and_a_knock_with_layoffs() -> None:
    import ginrules
    from ginrules import svg

    dead = ginrules.knocking.dead_result(dealer=0, upcard=None, knock_limit=10)
    assert "a dead hand: nobody scores" in svg.result(dead)
    result, _ = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
                                  "7H 8H KS QS JS 5C 5D 7S 7D 9H")
    picture = svg.result(result)
    assert "laid off: 9H onto 9C 9D 9S" in picture and "set + laid off" in picture
    assert isinstance(picture, svg.SVG) and picture._repr_svg_() == picture


def test_a_result_without_a_knocker_is_a_dead_hand_and_drawn_as_one() -> None:
    """HandResult is a plain value a caller may build: one that names no knocker is a dead
    hand, drawn (and titled) as one; any other kind without a knocker is refused where it
    is made, so that no picture, title or text meets it."""
    import attrs
    import pytest

    import ginrules
    from ginrules import EndKind, svg

    dead = ginrules.knocking.dead_result(dealer=0, upcard=None, knock_limit=10)
    picture = svg.result(dead)
    assert "<title>a dead hand: nobody scores</title>" in picture
    assert '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="46" ' in picture
    for kind in set(EndKind) - {EndKind.DEAD}:
        with pytest.raises(ginrules.GinRulesError, match="has a knocker, 0 or 1, not None"):
            attrs.evolve(dead, kind=kind)


def test_the_size_of_a_dead_hand_and_the_marks_of_a_hand_in_play() -> None:
    import ginrules
    from ginrules import svg

    # one line of 26 characters at 8 pixels each, a margin of 16 all round, a 14 pixel line
    dead = svg.result(ginrules.knocking.dead_result(dealer=0, upcard=None, knock_limit=10))
    assert '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="46" ' in dead
    # dealer 0: player 1 is to take or pass the upcard TS, from a stock of 31
    picture = svg.hand(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0))
    assert ">player 1 (to play)</text>" in picture and ">player 0</text>" in picture
    assert ('fill="#4a4a4a" text-anchor="start">top discard TS, stock 31</text>'
            in picture)


SVG_NS = "{http://www.w3.org/2000/svg}"


def _titles(text: str) -> list[str]:
    return [t.text or "" for t in _well_formed(text).iter(f"{SVG_NS}title")]


def _cards_drawn(text: str) -> set[str]:
    """The cards a picture draws face up: its card titles (``7H`` or ``7H (deadwood)``)."""
    import ginrules

    names = {str(c) for c in ginrules.CARDS}
    return {t.split(" ")[0] for t in _titles(text)} & names


def _played_game(hands: int):  # type: ignore[no-untyped-def]
    import ginrules
    from ginrules.players import AdvancedPlayer, BasicPlayer

    g = ginrules.new_game(ginrules.rules("classic"), seed=3)
    seats = [BasicPlayer(), AdvancedPlayer(seed=1)]
    while len(g.finished) < hands and not g.is_over:
        g = g.apply(seats[g.hand.turn].choose(g.view(g.hand.turn)))
    return g, seats


def test_a_card_a_meld_and_a_game_draw_themselves() -> None:
    import ginrules

    card = ginrules.Card.parse("TH")
    titles = _titles(card._repr_svg_())
    assert titles == ["TH", "TH"]  # the picture's and the card's
    meld = ginrules.Meld.of("9H 7H 8H")
    root = _well_formed(meld._repr_svg_())
    assert root.find(f"{SVG_NS}desc").text == "run 7H 8H 9H (24 points)"
    assert _titles(meld._repr_svg_())[1:] == ["7H", "8H", "9H"]
    g, _ = _played_game(2)
    root = _well_formed(g._repr_svg_())
    texts = [t.text or "" for t in root.iter(f"{SVG_NS}text")]
    # the sheet (both hands played, the running totals) and the hand in play
    assert any(t.startswith("hand  dealer") for t in texts)
    assert sum(t.lstrip().startswith(("1  ", "2  ")) for t in texts) == 2
    assert any(t.startswith("player ") and "(to play)" in t for t in texts)
    hand_cards = {str(c) for p in (0, 1) for c in g.hand.cards(p)}
    assert hand_cards <= _cards_drawn(g._repr_svg_())


def test_a_players_picture_of_a_game_hides_the_other_hand() -> None:
    from ginrules import svg

    g, _ = _played_game(1)
    for player in (0, 1):
        titles = _cards_drawn(svg.game(g, player=player))
        mine = {str(c) for c in g.hand.cards(player)}
        theirs = {str(c) for c in g.hand.cards(1 - player)}
        known = {str(c) for c in g.view(player).opponent_known}
        assert mine <= titles
        assert titles & theirs <= known


def test_the_upcard_and_the_top_discard_are_drawn_as_cards() -> None:
    import ginrules
    from ginrules import svg

    state = ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0)
    for picture in (svg.hand(state), svg.view(state.view(1))):
        assert ">upcard</text>" in picture and "<title>TS</title>" in picture
        assert "<title>the stock: 31 cards face down</title>" in picture
    later = state.apply("pass").apply("pass").apply("draw stock")
    later = later.apply(later.legal_actions()[0])  # a discard: the pile has two cards
    top = str(later.top_discard)
    picture = svg.hand(later)
    assert ">top discard (pile 2)</text>" in picture and f"<title>{top}</title>" in picture
    assert ">upcard</text>" not in picture


def test_a_dead_hand_draws_the_hands_it_left() -> None:
    import ginrules
    from ginrules import svg

    s = ginrules.deal(ginrules.rules("classic", max_turns=1), seed=1, dealer=0)
    s = s.apply("pass").apply("pass").apply("draw stock")
    s = s.apply(s.legal_actions()[0])
    assert s.result is not None and s.result.kind.value == "dead"
    drawn = _cards_drawn(svg.hand(s))
    for player in (0, 1):
        assert {str(c) for c in s.cards(player)} <= drawn
    assert "a dead hand: nobody scores" in svg.hand(s)
    mine = _cards_drawn(svg.view(s.view(0)))
    assert {str(c) for c in s.cards(0)} <= mine
    assert not {str(c) for c in s.cards(1)} & mine


def test_deadwood_keeps_its_suit_colours() -> None:
    import ginrules
    from ginrules import svg

    picture = svg.arrangement(ginrules.arrange("7H 8H 9H KS QD"))
    cards = {g.find(f"{SVG_NS}title").text: g for g in _well_formed(picture).iter(f"{SVG_NS}g")}
    for title, colour in (("QD (deadwood)", svg.RED), ("KS (deadwood)", svg.BLACK)):
        rect = cards[title].find(f"{SVG_NS}rect")
        assert rect.get("fill") == svg.DEADWOOD_FILL  # a style of its own
        assert {t.get("fill") for t in cards[title].iter(f"{SVG_NS}text")} == {colour}


def test_a_finished_hand_says_who_scores() -> None:
    import ginrules
    from ginrules import svg

    result, score = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
                                      "7H 8H KS QS JS 5C 5D 7S 7D 9H")
    picture = svg.result(result, rules=ginrules.rules("classic"))
    assert f">player 0 scores {score.points}</text>" in picture
    assert "scores" not in svg.result(result)  # no rules, no price
    g, _ = _played_game(1)
    last = g.finished[-1]
    price = ginrules.score_hand(last.result, last.rules)
    assert f"player {price.player} scores {price.points}" in svg.hand(last)
    assert f"player {price.player} scores {price.points}" in svg.view(last.view(0))


def test_wrong_players_for_a_games_picture() -> None:
    import ginrules
    from ginrules import svg

    g = ginrules.new_game(ginrules.rules("classic"), seed=3)
    with pytest.raises(ginrules.GinRulesError, match="there is no player 2"):
        svg.game(g, player=2)
    with pytest.raises(ginrules.WrongTypeError):
        svg.game(g, player=True)


# -- from a mutation sample (issue 32): geometry a mutant can break unseen -------------

_NUMERIC = ("x", "y", "width", "height", "rx", "font-size", "stroke-width")


def _check_geometry(text: str, what: str) -> None:
    """Every size and place in the picture is a number, and every card and text lies
    inside the picture's view box (a mutant's ``width=None``, ``size=None`` or a row
    drawn upwards breaks one of them)."""
    root = _well_formed(text)
    box = [float(v) for v in root.attrib["viewBox"].split()]
    assert box[:2] == [0, 0] and box[2] == float(root.attrib["width"]), what
    assert box[3] == float(root.attrib["height"]), what
    for element in root.iter():
        for name in _NUMERIC:
            if name in element.attrib:
                value = float(element.attrib[name])  # raises on "None"
                assert value >= 0, (what, element.tag, name, value)
        tag = element.tag.rsplit("}", 1)[-1]
        if tag in ("rect", "text"):
            x, y = float(element.attrib.get("x", 0)), float(element.attrib.get("y", 0))
            right = x + float(element.attrib.get("width", 0))
            bottom = y + float(element.attrib.get("height", 0))
            assert x >= 0 and right <= box[2] and y >= 0 and bottom <= box[3], (
                what, tag, element.attrib, box)


def test_every_picture_fits_its_view_box_with_numbers_only() -> None:
    import ginrules
    from ginrules import svg
    from ginrules.players import view

    g, _ = _played_game(3)
    pictures = {"game": svg.game(g), "game seen by 0": svg.game(g, player=0),
                "card": svg.card(ginrules.parse_card("7H")),
                "meld": svg.meld(ginrules.Meld.of("7H 8H 9H")),
                "arrangement": svg.arrangement(ginrules.arrange("7H 8H 9H KS QS"))}
    for number, result in enumerate(g.finished):
        pictures[f"result {number}"] = svg.result(result.result, rules=g.rules)
    for seed in range(6):
        state = ginrules.deal(ginrules.rules("classic"), seed=seed)
        pictures[f"hand {seed}"] = svg.hand(state)
        pictures[f"view {seed}"] = svg.view(view(state, 1))
    dead = ginrules.deal(ginrules.rules("classic"), seed=1)
    while not dead.is_over:  # random-free: always the first legal action, to a dead hand
        dead = dead.apply(dead.legal_actions()[0])
    pictures["finished hand"] = svg.hand(dead)
    pictures["finished view"] = svg.view(view(dead, 0))
    for what, text in pictures.items():
        _check_geometry(text, what)


def test_a_tie_that_is_no_undercut_says_nobody_scores() -> None:
    """Under rules where equal deadwood is no undercut, the picture of a knock the
    defender ties (9 against 9) says that nobody scores; under classic, the defender's
    undercut."""
    import ginrules
    from ginrules import svg

    knocker, defender = "2C 3C 4C 5D 6D 7D 8D 2H 3S 4S", "AC 9D 5C AS 2S 3D 3H KH KS KD"
    result, score = ginrules.showdown(knocker, defender, rules="openspiel")
    assert score.player is None
    assert "nobody scores: a tie" in str(svg.result(result, rules=ginrules.rules("openspiel")))
    result, _ = ginrules.showdown(knocker, defender, rules="classic")
    tied = str(svg.result(result, rules=ginrules.rules("classic")))
    assert "(an undercut)" in tied and "nobody scores" not in tied


@pytest.mark.parametrize("player", [-1, 2])
def test_the_picture_of_a_game_refuses_a_seat_that_is_not_0_or_1(player: int) -> None:
    """``svg.game(game, player=p)`` draws a seat's hand: -1 (which would index seat 1) and
    2 are no seats, refused by name."""
    import ginrules
    from ginrules import svg

    game = ginrules.new_game(ginrules.rules("classic"), seed=3)
    assert "player 0" in svg.game(game, player=0)
    with pytest.raises(ginrules.GinRulesError,
                       match=f"there is no player {player}: players are 0 and 1"):
        svg.game(game, player=player)


@pytest.mark.parametrize("player", [0, 1])
def test_a_seats_picture_between_hands_draws_its_own_cards_of_a_dead_hand(
        player: int) -> None:
    """Between hands, a seat's picture of the game draws the dead hand just ended as that
    seat saw it: its own cards, not the other seat's."""
    import ginrules
    from ginrules import svg
    from ginrules.game import deal_hand

    g = deal_hand(ginrules.new_game(ginrules.rules("classic", max_turns=1), dealer=0),
                  deck=ginrules.Deck.shuffled(1))  # no seed: no next hand is dealt
    for action in ("pass", "pass", "draw stock"):
        g = g.apply(action)
    g = g.apply(g.legal_actions()[0])
    last = g.finished[-1]
    assert g.hand is None and last.result is not None and last.result.kind.value == "dead"
    picture = svg.game(g, player=player)
    assert f"player {player} (you)" in picture and f"player {1 - player} (you)" not in picture
    drawn = _cards_drawn(picture)
    assert {str(c) for c in last.cards(player)} <= drawn
    assert not {str(c) for c in last.cards(1 - player)} & drawn
