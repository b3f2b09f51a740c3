"""The wrong-type test of ``tests/test_wrong_types.py`` over the interop modules, with
their extras installed (numpy, PettingZoo, Gymnasium, OpenSpiel): a callable whose extra
is missing is skipped there, and checked here, in the CI job that installs them."""

from __future__ import annotations

import pytest

pytest.importorskip("numpy")

from test_wrong_types import (  # tests/ is on the path, as for conftest.py
    _in_a_temporary_folder,  # noqa: F401 (the fixture: files go to a folder of their own)
    check_the_committed_words,
    wrong_type_test,
)

test_an_interop_wrong_argument_is_a_ginrules_error = wrong_type_test("ginrules.interop")


def test_every_interop_refusal_says_the_committed_words() -> None:
    check_the_committed_words("wrong_type_messages_interop.txt", interop=True)
