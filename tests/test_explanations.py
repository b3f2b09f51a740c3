"""The validator's explanations of records from other engines come through a registration
(``ginrules.records.register_explanations``): the records never import
``ginrules.interop``, which registers OpenSpiel's when it is imported (issue 33). What is
registered changes the words after a problem, never the verdict."""

from __future__ import annotations

import json
import subprocess
import sys
from concurrent.futures import ProcessPoolExecutor
from multiprocessing import get_context
from pathlib import Path
from typing import Any

import pytest

import ginrules
from ginrules import WrongTypeError, records
from ginrules.interop.openspiel import OpenSpielExplanations, from_openspiel
from ginrules.records import Explanations, register_explanations

DATA = Path(__file__).parent / "data" / "openspiel"
EXPLAINED = "; OpenSpiel allows discarding the card just taken"


def rediscard() -> dict[str, Any]:
    """A record of an OpenSpiel game that discards the card just taken, under classic
    rules (where that is illegal): one problem, explained in OpenSpiel's terms."""
    game = json.loads((DATA / "rediscard.json").read_text())
    return from_openspiel(game["history"], rules="classic")


def _verdict(report: records.Report) -> Any:
    return report.valid, [(p.hand, p.action, p.code) for p in report.problems]


def test_importing_the_openspiel_adapter_registers_its_explanations() -> None:
    from ginrules.records.validator import _REGISTERED

    assert _REGISTERED["openspiel"] is OpenSpielExplanations
    report = records.validate(rediscard())
    assert _verdict(report) == (False, [(1, 48, "illegal-action")])
    assert str(report).endswith(EXPLAINED + " (set may_discard_taken_card, as the "
                                "'openspiel' preset does)")


def test_without_the_adapter_the_verdict_is_the_same_and_the_words_plainer(
        tmp_path: Path) -> None:
    path = tmp_path / "rediscard.json"
    path.write_text(json.dumps(rediscard()))
    script = (
        "import sys, json, ginrules\n"
        f"path = {str(path)!r}\n"
        "def show(report):\n"
        "    print(json.dumps([report.valid, [[p.hand, p.action, p.code, p.message]\n"
        "                                     for p in report.problems]]))\n"
        "show(ginrules.validate(path))\n"
        "print(sorted(m for m in sys.modules if 'interop' in m))\n"
        "import ginrules.interop.openspiel\n"
        "show(ginrules.validate(path))\n"
    )
    out = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True,
                         check=True).stdout.splitlines()
    plain, imported, explained = json.loads(out[0]), out[1], json.loads(out[2])
    assert imported == "[]"  # validating imported nothing of ginrules.interop
    assert plain[0] is explained[0] is False
    assert [p[:3] for p in plain[1]] == [p[:3] for p in explained[1]] == [
        [1, 48, "illegal-action"]]
    assert EXPLAINED not in plain[1][0][3]
    assert explained[1][0][3].startswith(plain[1][0][3] + EXPLAINED)


def test_the_validate_command_explains_records_from_openspiel(tmp_path: Path) -> None:
    path = tmp_path / "rediscard.json"
    path.write_text(json.dumps(rediscard()))
    done = subprocess.run([sys.executable, "-m", "ginrules", "validate", str(path)],
                          capture_output=True, text=True)
    assert done.returncode == 1
    assert EXPLAINED in done.stdout


def test_validate_many_sends_what_is_registered_to_fresh_processes() -> None:
    # a spawned process imports only what it needs to run the batch: the registration
    # travels with it, so that its reports are this process's, word for word
    data = [rediscard(), rediscard()]
    here = [str(r) for r in records.validate_many(data)]
    with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
        there = [str(r) for r in records.validate_many(data, executor=pool)]
    assert there == here and EXPLAINED in here[0]


def test_a_class_a_worker_cannot_import_is_left_out_there_and_fails_nothing() -> None:
    class Local(Explanations):  # made in a function: no process can import it by name
        def illegal(self, state: Any, action: Any) -> str:
            return "; a local rule"

    data = rediscard()
    local = {**data, "source": {"from": "test-local"}}
    register_explanations("test-local", Local)
    try:
        here = [str(r) for r in records.validate_many([data, local])]
        with ProcessPoolExecutor(1, mp_context=get_context("spawn")) as pool:
            there = [str(r) for r in records.validate_many([data, local], executor=pool)]
    finally:
        register_explanations("test-local", Explanations)
    assert here[1].endswith("; a local rule") and not there[1].endswith("; a local rule")
    assert there[0] == here[0] and EXPLAINED in there[0]  # the others as here
    assert here[1].startswith(there[1])  # the same problem, in plainer words


class Patient(Explanations):
    """Explanations of a made-up engine, registered by a test."""

    def stopped(self, state: ginrules.HandState | None) -> str:
        return f"; {self.source['from']} stops when the players agree"


def test_any_engine_can_register_and_a_second_registration_replaces_the_first() -> None:
    data = records.to_record(ginrules.deal(ginrules.rules("classic"), seed=7, dealer=0))
    data["complete"] = True
    data["source"] = {"from": "test-patient"}
    assert str(records.validate(data)).endswith("is to take or pass the upcard")
    register_explanations("test-patient", Patient)
    assert str(records.validate(data)).endswith(
        "is to take or pass the upcard; test-patient stops when the players agree")
    register_explanations("test-patient", Explanations)
    assert str(records.validate(data)).endswith("is to take or pass the upcard")


@pytest.mark.parametrize("source", [{"from": ["openspiel"]}, {"from": None}, {"from": 3},
                                    {"from": "nobody"}, "openspiel", ["openspiel"]])
def test_an_odd_source_gets_the_plain_explanations(source: object) -> None:
    data = rediscard()
    data["source"] = source
    report = records.validate(data, lenient=True)
    # a source that is no object is a bad field too, as the schema says (issue 43)
    odd = [] if isinstance(source, dict) else [(None, None, "bad-field")]
    assert _verdict(report) == (False, [*odd, (1, 48, "illegal-action")])
    assert EXPLAINED not in str(report) + "".join(p.message for p in report.problems)


def test_a_registration_is_an_engine_and_an_explanations_class() -> None:
    with pytest.raises(WrongTypeError, match=r"^register_explanations takes an engine's "
                       r"name \(a string: a record's source says it as \"from\"\), not None$"):
        register_explanations(None, Patient)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^register_explanations takes a subclass of "
                       r"Explanations \(a class, made with a record's source\), not "
                       r"OpenSpielExplanations$"):
        register_explanations("x", OpenSpielExplanations({}))  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match="not type"):
        register_explanations("x", int)  # type: ignore[arg-type]
    with pytest.raises(WrongTypeError, match=r"^Explanations takes a record's source \(a "
                       r"dict\) or None, not list$"):
        Explanations([])  # type: ignore[arg-type]
    assert Explanations().source == {}
