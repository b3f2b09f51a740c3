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
                shown = value if value.result is None else value.result
                assert desc is not None and desc.text == str(shown)
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

    dead = ginrules.knock.dead_result(dealer=0, upcard=None, knock_limit=10)
    assert "a dead hand: nobody scores" in svg.result(dead)
    result, _ = ginrules.showdown("4H 5H 6H 9C 9D 9S AC 2C 3C 2S",
                                  "7H 8H KS QS JS 5C 5D 7S 7D 9H")
    picture = svg.result(result)
    assert "laid off: 9H onto 9C 9D 9S" in picture and "set + laid off" in picture
    assert isinstance(picture, svg.SVG) and picture._repr_svg_() == picture


def test_the_size_of_a_dead_hand_and_the_marks_of_a_hand_in_play() -> None:
    import ginrules
    from ginrules import svg

    # one line of 26 characters at 8 pixels each, a margin of 16 all round, a 14 pixel line
    dead = svg.result(ginrules.knock.dead_result(dealer=0, upcard=None, knock_limit=10))
    assert '<svg xmlns="http://www.w3.org/2000/svg" width="240" height="46" ' in dead
    # dealer 0: player 1 is to take or pass the upcard TS, from a stock of 31
    picture = svg.hand(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0))
    assert ">player 1 (to play)</text>" in picture and ">player 0</text>" in picture
    assert ('fill="#4a4a4a" text-anchor="start">top discard TS, stock 31</text>'
            in picture)
