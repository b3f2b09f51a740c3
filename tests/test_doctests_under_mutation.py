"""The doctests of src/ and docs/, as tests mutmut can run.

CI runs the doctests through pytest's ``--doctest-modules`` and ``--doctest-glob``; a
mutation run cannot, because mutmut's copy of a module holds a copy of each docstring for
every mutant of its function, and would run each example dozens of times. Under mutmut
(which sets ``MUTANT_UNDER_TEST``) this file runs each docstring's examples once, from
the public functions and classes only, and the examples of every page in docs/; in an
ordinary run it skips, as pytest has run the same examples already.
"""

from __future__ import annotations

import doctest
import importlib
import os
import pkgutil
import warnings
from pathlib import Path

import pytest

import ginrules

UNDER_MUTATION = "MUTANT_UNDER_TEST" in os.environ
FLAGS = doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS
DOCS = Path(__file__).resolve().parent.parent / "docs"


def _is_mutmut_copy(name: str) -> bool:
    return "__mutmut_" in name or "\u01c1" in name


def _module_doctests() -> list[doctest.DocTest]:
    finder = doctest.DocTestFinder()
    found = []
    names = ["ginrules"] + [info.name for info in
                            pkgutil.walk_packages(ginrules.__path__, "ginrules.")]
    for name in names:
        if name.endswith("__main__"):  # runs the command line when imported
            continue
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("error", DeprecationWarning)
                module = importlib.import_module(name)
        except ImportError:  # an optional extra (numpy, pyspiel) that this run lacks
            continue
        except DeprecationWarning:  # an old path kept for a while (none at present)
            continue
        found += [test for test in finder.find(module)
                  if test.examples and not _is_mutmut_copy(test.name)]
    return found


def _page_doctests() -> list[doctest.DocTest]:
    parser = doctest.DocTestParser()
    found = []
    for page in sorted(DOCS.glob("*.rst")):
        test = parser.get_doctest(page.read_text("utf-8"), {}, page.name, str(page), 0)
        if test.examples:
            found.append(test)
    return found


DOCTESTS = (_module_doctests() + _page_doctests()) if UNDER_MUTATION else []


@pytest.mark.skipif(not UNDER_MUTATION, reason="pytest's own doctest run covers these")
@pytest.mark.parametrize("test", DOCTESTS or [None], ids=lambda test: getattr(test, "name", ""))
def test_the_examples_hold(test: doctest.DocTest | None, monkeypatch: pytest.MonkeyPatch) -> None:
    assert test is not None
    monkeypatch.chdir(DOCS.parent)  # pages name files from the repository's root
    runner = doctest.DocTestRunner(optionflags=FLAGS)
    report: list[str] = []
    runner.run(test, out=report.append)
    assert runner.summarize(verbose=False).failed == 0, "".join(report)
