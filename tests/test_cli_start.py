"""What the ``ginrules`` command imports to start: only what the sub-command it runs
needs (issue 47). ``ginrules deadwood`` and ``ginrules validate`` once imported every
sub-command, every computer player, and ``xml``, ``urllib``, ``http`` and ``email``
(through the JUnit writer); this pins the modules they import, in a fresh interpreter,
so that such an import cannot come back unnoticed. How fast they start is measured by
``benchmarks/bench_import.py``, never asserted here."""

from __future__ import annotations

import gc
import subprocess
import sys
from pathlib import Path

import pytest

from ginrules.cli import main
from ginrules.cli.command import _COMMANDS, build_parser

ROOT = Path(__file__).resolve().parent.parent
RECORDS = ROOT / "tests" / "data" / "records"

# run the command's main in a fresh interpreter, then list what it imported
PROBE = """\
import contextlib, io, sys
from ginrules.cli import main
with contextlib.redirect_stdout(io.StringIO()):
    try:
        code = main(sys.argv[1:])
    except SystemExit as stop:
        code = stop.code
print(code)
print("\\n".join(sorted(sys.modules)))
"""

# never needed to start: the computer players, the standard library's network and mail
# modules (what xml.sax.saxutils brings), what importlib.resources and shutil bring
HEAVY = ("xml", "urllib", "http", "email", "ginrules.players", "importlib.resources",
         "pathlib", "tempfile", "shutil", "zipfile", "bz2", "lzma", "concurrent",
         "multiprocessing")


def imported(*words: str) -> set[str]:
    """The modules a fresh interpreter has after ``ginrules WORDS`` (which must exit 0)."""
    proc = subprocess.run([sys.executable, "-c", PROBE, *words], capture_output=True,
                          text=True, timeout=120, check=True, cwd=ROOT)
    code, *modules = proc.stdout.splitlines()
    assert code in ("0", "None"), proc.stdout + proc.stderr
    return set(modules)


def among(modules: set[str], prefixes: tuple[str, ...]) -> list[str]:
    """The modules that are one of ``prefixes`` or inside one of them."""
    return sorted(m for m in modules if any(m == p or m.startswith(p + ".") for p in prefixes))


def other_commands(but: str) -> tuple[str, ...]:
    return tuple(module for name, (module, _) in _COMMANDS.items() if name != but)


def test_deadwood_imports_the_cards_and_the_solver_alone() -> None:
    modules = imported("deadwood", "7H 8H 9H KS QS")
    assert "ginrules.cli.deadwood" in modules
    assert among(modules, HEAVY + other_commands("deadwood")) == []
    # nor the game, the rules or the records
    assert among(modules, ("ginrules.hand", "ginrules.game", "ginrules.rulesets",
                           "ginrules.records", "ginrules.interop")) == []


def test_validate_imports_the_validator_alone() -> None:
    modules = imported("validate", str(RECORDS / "valid_hand.json"))
    assert {"ginrules.records.validator", "ginrules.interop.openspiel",
            "ginrules.interop.convert"} <= modules
    assert among(modules, HEAVY + other_commands("validate")) == []
    # the reader and the writer are not the validator's; a game's sheet is a game's alone
    assert among(modules, ("ginrules.records.reader", "ginrules.records.writer",
                           "ginrules.game", "ginrules.sheet")) == []


def test_validate_of_a_game_imports_the_game_and_junit_its_xml() -> None:
    """The pins above can fail: what a job needs is imported when it needs it."""
    game = imported("validate", str(RECORDS / "valid_game.json"))
    assert {"ginrules.game", "ginrules.sheet"} <= game
    assert among(game, ("xml",)) == []
    junit = imported("validate", "--junit", "/dev/null", str(RECORDS / "valid_hand.json"))
    assert "xml.sax.saxutils" in junit


def test_convert_imports_the_converter_and_the_validator_alone() -> None:
    modules = imported("convert", "--from", "kaggle",
                       str(ROOT / "tests" / "data" / "kaggle" / "knock.json"))
    assert {"ginrules.interop.convert", "ginrules.records.validator"} <= modules
    assert among(modules, HEAVY + other_commands("convert")) == []
    assert among(modules, ("ginrules.game", "ginrules.sheet", "ginrules.interop.episode",
                           "ginrules.interop.observation")) == []


def test_the_help_imports_no_sub_command() -> None:
    modules = imported("--help")
    assert among(modules, HEAVY + tuple(module for module, _ in _COMMANDS.values())) == []


@pytest.mark.parametrize("name", list(_COMMANDS))
def test_each_sub_command_is_set_up_when_used(capsys: pytest.CaptureFixture[str],
                                              name: str) -> None:
    """Its line in ``ginrules --help`` is the table's; its own help comes from its
    module, with the prog, description and options it always had."""
    with pytest.raises(SystemExit) as stop:
        main(["--help"])
    assert stop.value.code == 0
    line = " ".join(_COMMANDS[name][1].split())
    assert f"{name} {line}" in " ".join(capsys.readouterr().out.split())
    with pytest.raises(SystemExit) as stop:
        main([name, "--help"])
    assert stop.value.code == 0
    out = capsys.readouterr().out
    assert out.startswith(f"usage: ginrules {name} [-h]")
    assert "options:" in out and "-h, --help" in out


def test_a_sub_command_parser_is_whole_before_it_parses() -> None:
    """What argparse (or a caller) asks of a sub-command's parser before it parses sets
    it up first: its help and usage are whole."""
    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    validate = sub.choices["validate"]  # type: ignore[index]
    assert validate.prog == "ginrules validate"
    assert "--junit FILE" in validate.format_help()
    assert validate.format_usage().startswith("usage: ginrules validate [-h]")


def test_a_sub_command_module_may_set_up_only_its_own_parser() -> None:
    """A sub-command's module adds its arguments to the parser its command names, with
    the settings a parser made beforehand can take: a module wired to another command's
    name, or a setting such as ``prog``, is refused at once, not a parser set up wrong."""
    from ginrules.cli.command import _Into

    parser = build_parser()
    sub = next(a for a in parser._actions if a.dest == "command")
    validate = sub.choices["validate"]  # type: ignore[index]
    into = _Into(validate)
    assert into.add_parser("validate", description="d") is validate
    assert validate.description == "d"
    with pytest.raises(TypeError, match="add_parser\\('play', \\) for the parser of "
                                        "'ginrules validate'"):
        into.add_parser("play")
    with pytest.raises(TypeError, match="add_parser\\('validate', prog\\)"):
        into.add_parser("validate", prog="other")


def test_an_unknown_sub_command_is_the_same_one_line_error(
        capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        main(["bogus"])
    assert stop.value.code == 2
    assert capsys.readouterr().err == (
        "ginrules: error: argument COMMAND: invalid choice: 'bogus' (choose from "
        "'deadwood', 'showdown', 'play', 'simulate', 'serve', 'validate', 'convert') "
        "(see 'ginrules --help')\n")


def test_main_in_a_program_leaves_its_collector_alone(
        capsys: pytest.CaptureFixture[str]) -> None:
    """Only the command itself freezes its objects at its end (:func:`gc.freeze`):
    a program that calls main keeps collecting its own garbage."""
    frozen = gc.get_freeze_count()
    assert main(["deadwood", "7H 8H"]) == 0
    capsys.readouterr()
    assert gc.get_freeze_count() == frozen


def test_the_command_ends_as_before_when_frozen(tmp_path: Path) -> None:
    """The command (``python -m ginrules``) with its objects frozen at the end still
    flushes and closes what it wrote: a record written to a file is whole."""
    record = tmp_path / "game.json"
    proc = subprocess.run([sys.executable, "-m", "ginrules", "play", "--seed", "3",
                           "--players", "random,simple", "--record", str(record)],
                          capture_output=True, text=True, timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    check = subprocess.run([sys.executable, "-m", "ginrules", "validate", str(record)],
                           capture_output=True, text=True, timeout=120, check=False)
    assert check.returncode == 0, check.stdout + check.stderr
    assert check.stdout.startswith(f"{record}: valid (")


@pytest.mark.parametrize("how", ["script", "-m"])
def test_the_command_freezes_its_objects_at_its_end(tmp_path: Path, how: str) -> None:
    """The ``ginrules`` script and ``python -m ginrules`` are the command: at its end
    its objects are frozen, so that the collections at exit skip them."""
    script = tmp_path / "ginrules"
    script.write_text("import sys\nfrom ginrules.cli import main\nsys.exit(main())\n")
    report = ("import atexit, gc, sys; atexit.register(lambda: print("
              "'frozen' if gc.get_freeze_count() else 'not frozen', file=sys.stderr)); ")
    if how == "script":
        code = report + f"sys.argv = [{str(script)!r}, 'deadwood', '7H']; " \
            f"import runpy; runpy.run_path({str(script)!r}, run_name='__main__')"
    else:
        code = report + "sys.argv = ['-m', 'deadwood', '7H']; " \
            "import runpy; runpy.run_module('ginrules', run_name='__main__', alter_sys=True)"
    proc = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                          timeout=120, check=False)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == "frozen\n"


@pytest.mark.parametrize(("orig_argv", "command"), [
    (["python3", "-m", "ginrules", "serve"], True),
    (["python3", "-mginrules", "serve"], True),  # the module's name attached to -m
    (["python3", "-Bm", "ginrules"], True),  # -m last of a group of flags
    (["python3", "-Bmginrules", "deadwood"], True),
    (["python3", "-X", "dev", "-m", "ginrules"], True),
    (["python3", "-mginrules2"], False),
    (["python3", "-m", "ginrules.cli"], False),
    (["python3", "-m", "pytest", "-m", "ginrules"], False),  # pytest's own -m, later
])
def test_python_m_ginrules_is_the_command_however_it_is_spelled(orig_argv: list[str],
                                                                command: bool) -> None:
    """``python -mginrules`` is the command as ``python -m ginrules`` is (it takes Ctrl-C
    and SIGTERM while it starts); another module run with ``-m`` is not."""
    from ginrules._startup import _is_the_command

    assert _is_the_command(["-m"], orig_argv) is command
    assert _is_the_command([orig_argv[0]], orig_argv) is False  # a script of its own


def test_a_sub_command_parser_answers_what_it_lacks_as_any_object_does() -> None:
    """A sub-command's parser set up on first use: a dunder probe (copy's, pickle's)
    does not set it up, and once set up a missing attribute is an AttributeError, as
    for any object (``getattr(parser, name, default)`` works)."""
    parser = build_parser()
    (choices,) = [a.choices for a in parser._actions if getattr(a, "choices", None)]
    sub = choices["deadwood"]
    assert sub.__dict__["_loaded"] is False
    assert not hasattr(sub, "__no_such_protocol__")
    assert sub.__dict__["_loaded"] is False  # the probe set up nothing
    assert sub.prog.endswith("deadwood")  # a real attribute sets it up
    assert sub.__dict__["_loaded"] is True
    assert getattr(sub, "no_such_attribute", None) is None
