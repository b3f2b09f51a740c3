"""The README and the docs say what is so: their Python examples run as doctests, their
console examples run in a shell with the output they show, their set-up commands are
the ones CI runs, and every link of the README resolves in a clone."""

from __future__ import annotations

import doctest
import os
import re
import stat
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"

# A fenced block of the README: ```kind ... ```
_FENCE = re.compile(r"^```(\w*)\n(.*?)^```", re.MULTILINE | re.DOTALL)


def _blocks(kind: str) -> list[str]:
    return [body for k, body in _FENCE.findall(README.read_text("utf-8")) if k == kind]


def _rst_console_blocks(path: Path) -> list[str]:
    """The ``.. code-block:: console`` blocks of a docs page, unindented."""
    blocks: list[str] = []
    lines = path.read_text("utf-8").splitlines()
    i = 0
    while i < len(lines):
        if lines[i].strip() == ".. code-block:: console":
            i += 1
            body: list[str] = []
            while i < len(lines) and (not lines[i].strip() or lines[i].startswith("   ")):
                body.append(lines[i][3:])
                i += 1
            blocks.append("\n".join(body).strip("\n") + "\n")
        else:
            i += 1
    return blocks


def _sessions(block: str) -> list[tuple[str, str]]:
    """The ``$ command`` lines of a console block, each with the output shown after it."""
    sessions: list[tuple[str, str]] = []
    for line in block.splitlines():
        if line.startswith("$ "):
            sessions.append((line[2:], ""))
        elif sessions:
            command, output = sessions[-1]
            if command.endswith("\\"):  # a command continued on the next line
                sessions[-1] = (command[:-1] + line.strip(), output)
            else:
                sessions[-1] = (command, output + line + "\n")
    return sessions


@pytest.fixture(scope="module")
def shell_path(tmp_path_factory: pytest.TempPathFactory) -> str:
    """A PATH whose ``ginrules`` is this checkout's, run by this interpreter."""
    folder = tmp_path_factory.mktemp("bin")
    shim = folder / "ginrules"
    shim.write_text(f'#!/bin/sh\nexec "{sys.executable}" -m ginrules "$@"\n', "utf-8")
    shim.chmod(shim.stat().st_mode | stat.S_IXUSR)
    return f"{folder}{os.pathsep}{os.environ.get('PATH', '')}"


def _run(command: str, path: str) -> str:
    env = dict(os.environ, PATH=path, COLUMNS="100", NO_COLOR="1")
    env.pop("PYTHONWARNINGS", None)
    done = subprocess.run(["sh", "-c", command], stdout=subprocess.PIPE,
                          stderr=subprocess.STDOUT, text=True, cwd=ROOT, env=env,
                          stdin=subprocess.DEVNULL, timeout=120)
    return done.stdout


def _check(command: str, shown: str, path: str) -> None:
    checker = doctest.OutputChecker()
    got = _run(command, path)
    flags = doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE
    assert checker.check_output(shown, got, flags), (
        f"$ {command}\nshown:\n{shown}\ngot:\n{got}")


def test_the_python_examples_run_as_shown() -> None:
    blocks = _blocks("python")
    assert blocks, "the README has a Python example"
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS)
    for number, block in enumerate(blocks):
        test = parser.get_doctest(block, {}, f"README.md python block {number}",
                                  str(README), 0)
        assert test.examples, f"README python block {number} has no >>> example"
        runner.run(test)
    assert runner.failures == 0, "a Python example of the README does not show its output"


def test_the_console_examples_print_what_they_show(shell_path: str) -> None:
    sessions = [s for block in _blocks("console") for s in _sessions(block)]
    assert len(sessions) >= 5
    for command, shown in sessions:
        _check(command, shown, shell_path)


# The docs' console examples that need nothing outside the repository (no records folder
# of the reader's, no cluster, no jq): each is run and its output compared.
_SELF_CONTAINED = re.compile(r"^ginrules (deadwood|showdown|play)\b(?!.*\|\s*jq)")


@pytest.mark.parametrize("page", sorted(p.name for p in (ROOT / "docs").glob("*.rst")))
def test_the_docs_console_examples_print_what_they_show(page: str, shell_path: str) -> None:
    for block in _rst_console_blocks(ROOT / "docs" / page):
        for command, shown in _sessions(block):
            if _SELF_CONTAINED.match(command) and shown.strip():
                _check(command, shown, shell_path)


def test_the_set_up_commands_are_the_ones_ci_runs() -> None:
    setup = _blocks("sh")
    commands = [line for block in setup for line in block.splitlines()
                if line.startswith("python3 -m venv .venv &&")
                and ("ginrules play" in line or "pytest" in line)]
    assert len(commands) == 2, "the README shows the two set-up commands"
    ci = (ROOT / ".ci" / "run").read_text("utf-8")
    test_command = commands[1]
    assert test_command in ci, "CI runs the README's test command, word for word"
    main_job = commands[0].split(" && ")[-1]
    assert main_job.replace(".venv/bin/", "") in ci.replace(".venv/bin/", "")


def test_every_link_resolves_in_a_clone() -> None:
    text = README.read_text("utf-8")
    links = re.findall(r"\]\(([^)]+)\)", text) + re.findall(r"<(https?://[^>]+)>", text)
    assert links
    for link in links:
        assert not link.startswith(("http://", "https://")), (
            f"{link}: the README links only to files of the repository")
        assert (ROOT / link).exists(), f"{link}: no such file in the repository"


def test_the_wheels_named_are_of_this_version() -> None:
    import ginrules

    named = re.compile(r"ginrules-([^-\s]+)-py3-none-any\.whl")
    for place in [*ROOT.glob("docs/*.rst"), README]:
        for version in named.findall(place.read_text("utf-8")):
            assert version in (ginrules.__version__, "<version>", "*"), (
                f"{place.name} names the wheel of version {version}, not "
                f"{ginrules.__version__}")


def test_no_install_hint_names_an_index_that_lacks_ginrules() -> None:
    """ginrules is on no package index yet: a hint says how to install from a clone or a
    wheel, never a bare ``pip install ginrules`` or ``ginrules[extra]`` as if published."""
    bare = re.compile(r"pip install ['\"]?ginrules(\[[a-z,]+\])?(==[^'\"\s]*)?['\"]?(?!\S)")
    places = [*ROOT.glob("src/ginrules/**/*.py"), *ROOT.glob("docs/*.rst"),
              *ROOT.glob("examples/*.py"), *ROOT.glob("benchmarks/*.py"), README]
    for place in places:
        for number, line in enumerate(place.read_text("utf-8").splitlines(), 1):
            if bare.search(line) and "once" not in line and "published" not in line:
                pytest.fail(f"{place.relative_to(ROOT)}:{number}: {line.strip()}")

