"""The examples of the interop modules that need a peer are marked ``+SKIP`` (the core
suite has no numpy); with the peers installed, they are run here, all of them."""

from __future__ import annotations

import doctest
import importlib

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")
pytest.importorskip("pettingzoo")

MODULES = ["ginrules.interop.observation", "ginrules.interop.pettingzoo_env",
           "ginrules.interop.gymnasium_env", "ginrules.interop.openspiel_game"]


@pytest.mark.parametrize("name", MODULES)
def test_the_skipped_examples_pass_with_the_peers(name: str) -> None:
    if name.endswith("openspiel_game"):
        pytest.importorskip("pyspiel")
    module = importlib.import_module(name)
    runner = doctest.DocTestRunner(optionflags=doctest.NORMALIZE_WHITESPACE | doctest.ELLIPSIS)
    skipped = 0
    for test in doctest.DocTestFinder().find(module):
        for example in test.examples:
            skipped += bool(example.options.pop(doctest.SKIP, False))
        runner.run(test)
    result = runner.summarize(verbose=False)
    assert result.failed == 0
    assert skipped > 0
