"""The validator and the JSON Schema of records agree (issue 43): every record the
validator calls valid satisfies ``records.schema()``, and a record that satisfies the
schema is never refused for its shape (an unknown field, a field of the wrong type).

The records are the writer's (hands of every ending and games, in both deal forms), views
of them, the shipped corpus, and each of these mutated: a key deleted or added, a value
replaced by any JSON value, a text's case changed, spaces added or moved. A mutant the
validator calls valid must satisfy the schema; a mutant that satisfies the schema may be
refused for what it says (an illegal action, a wrong score), never for how it is written.
"""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, event, given
from hypothesis import strategies as st

import ginrules
from ginrules import game, records
from strategies import every_pair, game_of, hand_of
from test_view_records import view_of

jsonschema = pytest.importorskip("jsonschema")

SCHEMA = jsonschema.Draft202012Validator(records.schema())
DATA = Path(__file__).parent / "data" / "records"
CORPUS = [json.loads(path.read_text("utf-8"))
          for path in sorted([*DATA.glob("valid*.json"), DATA / "view_player0.json"])]

#: the problems of how a record is written, which the schema states too: a record that
#: satisfies the schema never has one (the other codes are of what the record says)
SHAPE = frozenset({"unknown-field", "bad-field", "not-a-record", "unsupported-version"})


def schema_errors(data: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}"
            for e in SCHEMA.iter_errors(data)]


def check_agreement(data: Any) -> bool:
    """The property, on one record; whether the validator calls it valid."""
    strict = records.validate(data)
    lenient = records.validate(data, lenient=True)
    assert strict.valid == lenient.valid
    errors = schema_errors(data)
    if strict.valid:
        assert errors == [], f"valid for the validator, not for the schema: {errors}"
    elif not errors and not _has_fraction(data):
        shape = [str(p) for p in lenient.problems if p.code in SHAPE]
        assert shape == [], f"the schema allows what the validator refuses: {shape}"
    return strict.valid


def _has_fraction(node: Any) -> bool:
    """Whether a number is written with a fraction (1.0): JSON Schema cannot tell 1.0
    from 1, the validator refuses it where a whole number belongs (the docs say so)."""
    if isinstance(node, float):
        return True
    if isinstance(node, dict):
        return any(_has_fraction(v) for v in node.values())
    if isinstance(node, list):
        return any(_has_fraction(v) for v in node)
    return False


# -- the records ----------------------------------------------------------------------


forms = st.sampled_from(["deck", "hands"])


def written(pair: tuple[str, str]) -> st.SearchStrategy[dict[str, Any]]:
    """The records written of a pair (strategies.HAND_PAIRS): a hand of it, a game whose
    first hand is of it (a played or an open game for a played pair), a view of the hand,
    or a record of the corpus."""
    games = (game_of(pair) if pair[1] != "played" else
             st.one_of(game_of(pair), game_of((pair[0], "open"))))
    return st.one_of(
        st.builds(lambda s, f: records.to_record(s, deal_form=f), hand_of(pair), forms),
        st.builds(lambda g, f: records.to_record(g, deal_form=f), games, forms),
        st.builds(lambda s, v: view_of(records.to_record(s, deal_form="hands"), v),
                  hand_of(pair), st.sampled_from([0, 1])),
        st.sampled_from(CORPUS).map(copy.deepcopy),
    )

# -- the mutations --------------------------------------------------------------------

leaves = st.one_of(
    st.none(), st.booleans(), st.integers(-2, 3), st.sampled_from([0.0, 1.0, 2.5]),
    st.sampled_from(["", "hand", "game", "classic", "7H", "7h", " 7H", "7ſ", "??", "x",
                     "p0 pass", "P1 Draw Stock", "knock", "GIN", "7H 8H 9H", "7H\t8H"]),
    st.text(max_size=4),
)
values = st.recursive(leaves, lambda inner: st.one_of(
    st.lists(inner, max_size=3), st.dictionaries(st.sampled_from(["a", "preset", "hands"]),
                                                 inner, max_size=2)), max_leaves=6)
#: the fields of each object of a record (as the schema names them), to add where they
#: are missing, with two that no object has
TOP = sorted(records.schema()["properties"])
HAND_FIELDS = sorted(records.schema()["$defs"]["hand"]["properties"])
OUTCOME = sorted(records.schema()["$defs"]["hand"]["properties"]["outcome"]["properties"])
DEAL = sorted(records.schema()["$defs"]["hand"]["properties"]["deal"]["properties"])
RULES = ["preset", "overrides"]
KEYS = [*TOP, *HAND_FIELDS, *OUTCOME, *DEAL, *RULES, "extra", "Kind"]
#: values likely to be right for some field (so that a mutant is often still valid)
LIKELY = st.sampled_from([None, 0, 1, True, False, "hand", "game", "classic", [0, 0],
                          [59, 0], {}, {"from": "x"}, [], "knock", "7H"])
RECASE: list[Callable[[str], str]] = [str.upper, str.lower, str.swapcase, str.title]
RESPACE: list[Callable[[str], str]] = [
    lambda s: " " + s, lambda s: s + " ", lambda s: s + "\n", lambda s: s.replace(" ", "  "),
    lambda s: s.replace(" ", "\t", 1), lambda s: s.replace(" ", ", "), lambda s: s.strip(),
]


def places(node: Any, path: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    """The path of every value in ``node`` (the root's is ``()``)."""
    out = [path]
    if isinstance(node, dict):
        for key, value in node.items():
            out += places(value, (*path, key))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            out += places(value, (*path, index))
    return out


def at(node: Any, path: tuple[Any, ...]) -> Any:
    for step in path:
        node = node[step]
    return node


def fields_of(path: tuple[Any, ...]) -> list[str]:
    """The fields of the object at ``path`` in a record, and two it never has."""
    if path == ():
        known = TOP
    elif path[-1] == "rules":
        known = RULES
    elif path[-1] == "outcome":
        known = OUTCOME
    elif path[-1] == "deal":
        known = DEAL
    elif len(path) == 2 and path[0] == "hands":
        known = HAND_FIELDS
    else:
        known = KEYS
    return [*known, "extra", "Kind"]


@st.composite
def mutated(draw: st.DrawFn, base: dict[str, Any]) -> dict[str, Any]:
    """``base`` with one mutation (or two, one time in four) anywhere in it: most often in
    its fields rather than its actions, with values likely to be right for some field."""
    data = copy.deepcopy(base)
    for _ in range(draw(st.sampled_from([1, 1, 1, 2]))):
        paths = places(data)
        fields = [p for p in paths if not (len(p) == 4 and p[2] == "actions")]
        if draw(st.integers(0, 3)) > 0:
            paths = fields  # (an action one time in four)
        how = draw(st.sampled_from(["delete", "add", "add", "null", "replace", "case",
                                    "space"]))
        # (a copy: LIKELY's lists and objects are shared by every draw, and a mutant that
        # changed one would change every later example, even nest it in itself)
        value = st.one_of(LIKELY, values).map(copy.deepcopy)
        if how == "delete":
            keyed = [p for p in paths if p and isinstance(at(data, p[:-1]), dict)]
            if keyed:
                path = draw(st.sampled_from(keyed))
                del at(data, path[:-1])[path[-1]]
        elif how in ("add", "null"):  # a field set, often one the object lacks
            objects = [p for p in fields if isinstance(at(data, p), dict)]
            objects += [p for p in objects if len(p) <= 2] * 2  # the record's, a hand's
            path = draw(st.sampled_from(objects))
            at(data, path)[draw(st.sampled_from(fields_of(path)))] = (
                None if how == "null" else draw(value))
        elif how == "replace":
            path = draw(st.sampled_from([p for p in paths if p]))
            at(data, path[:-1])[path[-1]] = draw(value)
        else:
            texts = [p for p in paths if p and isinstance(at(data, p), str)]
            if texts:
                path = draw(st.sampled_from(texts))
                change = draw(st.sampled_from(RECASE if how == "case" else RESPACE))
                at(data, path[:-1])[path[-1]] = change(at(data, path))
    return data


def records_and_mutants(pair: tuple[str, str]) -> st.SearchStrategy[dict[str, Any]]:
    """A record written of the pair as it is (one time in five) or mutated."""
    return written(pair).flatmap(
        lambda base: st.sampled_from([True, False, False, False, False]).flatmap(
            lambda plain: st.just(base) if plain else mutated(base)))


@every_pair(examples=600, games=True,
            suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
@given(st.data())
def test_the_validator_and_the_schema_agree(pair: tuple[str, str], data: st.DataObject
                                            ) -> None:
    event("valid" if check_agreement(data.draw(records_and_mutants(pair))) else "invalid")


@every_pair(examples=60, games=True, suppress_health_check=[HealthCheck.too_slow])
@given(st.data())
def test_every_written_record_is_valid_and_satisfies_the_schema(pair: tuple[str, str],
                                                                data: st.DataObject) -> None:
    assert check_agreement(data.draw(written(pair)))


# -- the cases of the issue, by name --------------------------------------------------

PLAYED = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_policies(3))
HAND = records.to_record(PLAYED.finished[1])
HAND_DEALT = records.to_record(PLAYED.finished[1], deal_form="hands")


def _edited(base: dict[str, Any], change: Callable[[dict[str, Any]], object]
            ) -> dict[str, Any]:
    data = copy.deepcopy(base)
    change(data)
    return data


def _set_action(data: dict[str, Any], text: str) -> None:
    actions = data["hands"][0]["actions"]
    index = next(i for i, a in enumerate(actions) if a.startswith(text.split()[0].lower()
                                                                    + " draw stock"))
    actions[index] = text.replace("CARD", actions[index].split()[-1])


def _long_s(deck: str) -> str:
    """The deck with its first spade written with a long s, which ``str.upper`` makes S."""
    cards = deck.split()
    first = next(i for i, card in enumerate(cards) if card.endswith("S"))
    cards[first] = cards[first][:-1] + "ſ"
    return " ".join(cards)


#: each disagreement the issue names (and the others found with it): the record, and the
#: problem code that the validator now reports (None: valid for both)
NAMED: dict[str, tuple[dict[str, Any], str | None]] = {
    "missing rules.preset": (_edited(HAND, lambda d: d.update(rules={})), "bad-rules"),
    "rules with overrides and no preset": (
        _edited(HAND, lambda d: d.update(rules={"overrides": {"target": 50}})), "bad-rules"),
    "extra key in deal": (
        _edited(HAND_DEALT, lambda d: d["hands"][0]["deal"].update(extra=1)), "unknown-field"),
    "winner 'hand' in a hand record": (
        _edited(HAND, lambda d: d.update(winner="hand")), "bad-field"),
    "a game winner in a hand record": (
        _edited(HAND, lambda d: d.update(winner=0)), "bad-field"),
    "final scores in a hand record": (
        _edited(HAND, lambda d: d.update(final=[5, 0])), "bad-field"),
    "running totals in a hand record": (
        _edited(HAND, lambda d: d["hands"][0].update(totals=[59, 0])), "bad-field"),
    "a source that is no object": (_edited(HAND, lambda d: d.update(source="x")), "bad-field"),
    "a hand's source that is no object": (
        _edited(HAND, lambda d: d["hands"][0].update(source=[1])), "bad-field"),
    "a knocker of false": (
        _edited(HAND, lambda d: d["hands"][0]["outcome"].update(knocker=False)), "bad-field"),
    "a card with a space in a list": (
        _edited(HAND, lambda d: d["hands"][0].update(
            deck=[" " + c for c in d["hands"][0]["deck"].split()])), "bad-card"),
    "a card with a long s (its upper case is S)": (
        _edited(HAND, lambda d: d["hands"][0].update(deck=_long_s(d["hands"][0]["deck"]))),
        "bad-card"),
    "an action with a space before it": (
        _edited(HAND, lambda d: d["hands"][0]["actions"].__setitem__(
            0, " " + d["hands"][0]["actions"][0])), "bad-action"),
    "an outcome kind with a Kelvin sign": (
        _edited(HAND, lambda d: d["hands"][0]["outcome"].update(kind="\u212anock")),
        "bad-field"),
    "an outcome kind with a final newline (Python's $ matches before it)": (
        _edited(HAND, lambda d: d["hands"][0]["outcome"].update(kind="knock\n")),
        "bad-field"),
    "an action with a final newline": (
        _edited(HAND, lambda d: d["hands"][0]["actions"].__setitem__(
            0, d["hands"][0]["actions"][0] + "\n")), "bad-action"),
    "mixed-case action text": (_edited(HAND, lambda d: _set_action(d, "p1 dRaw stock CARD")),
                               None),
    "upper-case action text": (_edited(HAND, lambda d: _set_action(d, "P0 DRAW STOCK CARD")),
                               None),
    "mixed-case outcome kind": (
        _edited(HAND, lambda d: d["hands"][0]["outcome"].update(
            kind=d["hands"][0]["outcome"]["kind"].title())), None),
    "a hand without its actions (just dealt, still in play)": (
        _edited(HAND, lambda d: (d["hands"][0].pop("actions"), d["hands"][0].pop("outcome"),
                                 d.update(complete=False))), None),
    "null for an absent optional field": (
        _edited(HAND, lambda d: d.update(meta=None, players=None, view=None, source=None)),
        None),
}


@pytest.mark.parametrize("name", sorted(NAMED))
def test_the_named_disagreements(name: str) -> None:
    data, code = NAMED[name]
    valid = check_agreement(data)
    report = records.validate(data)
    if code is None:
        assert valid, str(report)
        assert schema_errors(data) == []
    else:
        assert not valid
        assert report.problems[0].code == code, str(report)
        assert schema_errors(data) != []


def test_the_named_cases_are_each_a_mutation_the_property_draws() -> None:
    """The mutations reach each named case: the property's mutations are these edits."""
    assert {"preset"} <= set(fields_of(("rules",)))
    assert {"extra"} <= set(fields_of(("hands", 0, "deal")))
    assert {"winner", "final", "source"} <= set(fields_of(()))
    assert {"totals", "source"} <= set(fields_of(("hands", 0)))
    assert {"knocker"} <= set(fields_of(("hands", 0, "outcome")))
    assert any(f("p1 draw stock TC") != "p1 draw stock TC" for f in RECASE)
    assert " p0 pass" in {f("p0 pass") for f in RESPACE}
