"""A program that misbehaves as a ``cmd:`` player, for tests/test_external.py:
``python hostile_player.py MODE PIDFILE [REPLIES]``.

It writes its process id to PIDFILE (and those of the processes it starts, one a line,
as they start), then misbehaves as MODE says (see :data:`MODES`). ``scripted`` answers
the n-th request with the n-th reply of the JSON file REPLIES (a list of byte strings
written as latin-1 text), and exits when they are used up or one does not end a line.
"""

from __future__ import annotations

import json
import os
import sys
import time

HELLO = b'{"ok": true, "protocol": 1}\n'


def note(pidfile: str, pid: int) -> None:
    with open(pidfile, "a") as file:
        file.write(f"{pid}\n")


def sleep_child(pidfile: str, grandchild: bool = False) -> None:
    """Start a process that sleeps (holding the pipes), its id noted before this returns;
    with ``grandchild``, the process started starts the sleeper and exits, so that the
    sleeper is nobody's child."""
    pid = os.fork()
    if pid == 0:
        if grandchild:
            sleeper = os.fork()
            if sleeper != 0:
                note(pidfile, sleeper)
                os._exit(0)
        time.sleep(300)
        os._exit(0)
    if grandchild:
        os.waitpid(pid, 0)
    else:
        note(pidfile, pid)


def answer(reply: bytes) -> None:
    os.write(1, reply)


def requests() -> object:
    while sys.stdin.buffer.readline():
        yield


def main(mode: str, pidfile: str, replies: str = "") -> None:
    note(pidfile, os.getpid())
    if mode == "close-stdout":
        os.close(1)
        time.sleep(300)
    elif mode == "close-stdin":
        os.close(0)
        time.sleep(300)
    elif mode == "exit-child-holds":  # exits at once, a child keeps the output open
        sleep_child(pidfile)
        os._exit(0)
    elif mode == "exit-child-answers":  # exits at once; a child answers in its place
        parent = os.getpid()
        pid = os.fork()
        if pid == 0:
            while os.getppid() == parent:  # (until it has exited, whatever the load)
                time.sleep(0.001)
            for _ in requests():
                answer(b'{"ok": true, "protocol": 1, "action": "pass"}\n')
            os._exit(0)
        note(pidfile, pid)
        os._exit(0)
    elif mode == "grandchildren":  # starts sleepers nobody waits for, then errs
        sys.stdin.buffer.readline()
        for _ in range(3):
            sleep_child(pidfile, grandchild=True)
        answer(b"not json\n")
        time.sleep(300)
    elif mode == "good-with-grandchild":  # a player that plays, with a sleeper beside it
        sleep_child(pidfile, grandchild=True)
        for _ in requests():
            answer(b'{"ok": true, "protocol": 1, "action": "pass"}\n')
    elif mode == "silent-with-grandchild":  # never answers
        sleep_child(pidfile, grandchild=True)
        time.sleep(300)
    elif mode == "deep":  # nested 100,000 deep (longer than a line may be)
        answer(b"[" * 100_000 + b"]" * 100_000 + b"\n")
        time.sleep(300)
    elif mode == "deep-short":  # nested 30,000 deep, within the line's bound
        answer(b"[" * 30_000 + b"]" * 30_000 + b"\n")
        time.sleep(300)
    elif mode == "huge-line":  # 10 MB and a newline
        answer(b'{"ok": true, "x": "' + b"x" * 10_000_000 + b'"}\n')
        time.sleep(300)
    elif mode == "huge-no-newline":  # 10 MB and no newline
        answer(b"y" * 10_000_000)
        time.sleep(300)
    elif mode == "unclosed-strings":  # a line of unclosed strings (slow to measure once)
        answer(b'"' + b'\\"' * 32_000 + b"\n")
        time.sleep(300)
    elif mode == "stderr-flood":  # 200 MB of error output, then its last words
        block = b"e" * 1_000_000 + b"\n"
        for _ in range(200):
            os.write(2, block)
        os.write(2, b"\0" * 1_000_000 + b"the last words of the flood\n")
        answer(b"not json\n")
        time.sleep(300)
    elif mode == "not-utf8":
        answer(b'\xff\xfe{"ok": true, "protocol": 1}\n')
        time.sleep(300)
    elif mode == "nan":
        answer(b'{"ok": true, "protocol": NaN}\n')
        time.sleep(300)
    elif mode == "scripted":
        with open(replies, encoding="utf-8") as file:
            script = [text.encode("latin-1") for text in json.load(file)]
        for reply, _ in zip(script, requests(), strict=False):
            answer(reply)
            if not reply.endswith(b"\n"):
                break  # (waiting for a request would be waiting out the timeout)
    else:
        raise SystemExit(f"unknown mode {mode!r}")


if __name__ == "__main__":
    main(*sys.argv[1:])
