"""Every documented bound, at the bound and one past it (issue 45): what is at the bound is
taken, what is one past it is refused (or is the other case), on each side that reads it.

The bounds tested elsewhere at both sides are not repeated here: ``serve``'s line and
depth (tests/test_serve.py), the deadwood command's line and a record's depth
(tests/test_files_and_streams.py), a record's size (tests/test_problem_codes.py), a
request's id (tests/test_serve.py), the rules' minimums and ``dead_hand_stock``
(tests/test_rules.py), a knock at the knock limit and the stock at ``dead_hand_stock``
(tests/test_hand.py), a target reached (tests/test_game.py), eleven cards
(tests/test_melds.py); the OpenSpiel parameters and Gymnasium's time limit are in
tests/extras/test_boundaries_extras.py.
"""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

import ginrules
from ginrules._protocol import MAX_DEPTH, MAX_LINE
from ginrules.errors import GinRulesError
from ginrules.players.external import ExternalPlayer

# -- the player protocol, on the cmd: side -----------------------------------------------

#: a program of the protocol whose answer to ``hello`` is a line of exactly SIZE bytes (0:
#: as short as it is), nested DEPTH levels deep, ended by END; it passes every upcard
PROGRAM = '''
import json, sys
size, depth, end = int(sys.argv[1]), int(sys.argv[2]), {"lf": "\\n", "crlf": "\\r\\n"}[sys.argv[3]]
for line in sys.stdin:
    request = json.loads(line)
    reply = {"ok": True}
    if request["op"] == "hello":
        reply["protocol"] = 1
        nested = 0
        for _ in range(depth - 1):
            nested = [nested]
        reply["nested"] = nested
        if size:
            reply["pad"] = ""
            reply["pad"] = "x" * (size - len(json.dumps(reply)))
    elif request["op"] == "decide":
        reply["action"] = "pass"
    sys.stdout.write(json.dumps(reply) + end)
    sys.stdout.flush()
'''


def _cmd_move(tmp_path: Path, size: int, depth: int = 1, end: str = "lf") -> str:
    """The move of a cmd: player whose hello answer is ``size`` bytes and ``depth`` deep,
    or the error it is."""
    program = tmp_path / "program.py"
    program.write_text(PROGRAM)
    player = ExternalPlayer(f"{sys.executable} -I -S {program} {size} {depth} {end}")
    offered = ginrules.deal(ginrules.rules("classic"), seed=1, dealer=0).view(1)
    try:
        return str(player.choose(offered))
    except GinRulesError as error:
        return str(error)
    finally:
        player.close()


@pytest.mark.parametrize("end", ["lf", "crlf"])
def test_a_cmd_answer_of_max_line_bytes_is_read_and_one_more_is_refused(
        tmp_path: Path, end: str) -> None:
    """The bound is MAX_LINE bytes before the line's end (``\\n`` or ``\\r\\n``), as
    ``serve`` reads its requests."""
    assert _cmd_move(tmp_path, MAX_LINE, end=end) == "pass"
    refused = _cmd_move(tmp_path, MAX_LINE + 1, end=end)
    assert "the answer to 'hello' is longer than 65,536 bytes" in refused


def test_a_cmd_answer_nested_max_depth_deep_is_read_and_one_more_is_refused(
        tmp_path: Path) -> None:
    # the answer's object is a level, then depth - 1 lists
    assert _cmd_move(tmp_path, 0, depth=MAX_DEPTH) == "pass"
    refused = _cmd_move(tmp_path, 0, depth=MAX_DEPTH + 1)
    assert "nests 65 levels deep, more than 64" in refused
