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
