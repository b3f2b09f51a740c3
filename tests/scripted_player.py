"""A ``cmd:`` player that replays fixed decisions: a server of the player protocol (see
docs/howto_protocol.rst) that answers ``decide`` with the next action of a script, and
``ok`` to everything else, logging every request it reads.

    python scripted_player.py MOVES LOG

MOVES is a JSON list of action texts (the seat's actions in the order played); every
request line is appended to LOG as it is read. It imports nothing of ginrules (it stands
for another program), and ends at the end of its input. tests/test_every_way_in.py
drives ``ginrules play`` with two of them and compares what each was told with what its
seat saw.
"""

from __future__ import annotations

import json
import sys


def main(moves_path: str, log_path: str) -> int:
    with open(moves_path, encoding="utf-8") as f:
        moves: list[str] = json.load(f)
    with open(log_path, "a", encoding="utf-8") as log:
        for line in sys.stdin:
            log.write(line if line.endswith("\n") else line + "\n")
            log.flush()
            request = json.loads(line)
            reply: dict[str, object] = {"id": request.get("id"), "ok": True}
            op = request.get("op")
            if op == "hello":
                reply["protocol"] = 1
            elif op == "decide":
                if not moves:
                    reply = {"id": request.get("id"), "ok": False,
                             "error": "the script has no move left", "kind": "ProtocolError"}
                else:
                    reply["action"] = moves.pop(0)
            sys.stdout.write(json.dumps(reply) + "\n")
            sys.stdout.flush()
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
