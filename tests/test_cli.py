"""The ``ginrules deadwood`` command."""

from __future__ import annotations

import argparse
import io
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

import ginrules
from ginrules.cli import main

ROOT = Path(__file__).resolve().parent.parent

GIN_11 = "As 2s 8s Ac 2c 8c Ad 2d 3d 2h 8h"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(["deadwood", *argv])
    out, err = capsys.readouterr()
    return code, out, err


def test_human_output(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "7H", "8H", "9H", "KS", "QS")
    assert code == 0
    assert err == ""
    assert out.splitlines() == [
        "Hand      7H 8H 9H QS KS  (5 cards)",
        "Meld      7H 8H 9H  (run)",
        "Deadwood  QS KS  = 20",
    ]


def test_human_output_sets_and_no_melds(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "7C 7D 7H 7S 5H 6H")
    assert code == 0
    assert out.splitlines() == [
        "Hand      7C 7D 5H 6H 7H 7S  (6 cards)",
        "Meld      5H 6H 7H  (run)",
        "Meld      7C 7D 7S  (set)",
        "Deadwood  none  = 0",
    ]
    code, out, _ = run(capsys, "KS", "2C")
    assert code == 0
    assert out.splitlines() == [
        "Hand      2C KS  (2 cards)",
        "Meld      none",
        "Deadwood  2C KS  = 12",
    ]


def test_human_output_11_cards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, GIN_11)
    assert code == 0
    assert out.splitlines() == [
        "Hand      AC 2C 8C AD 2D 3D 2H 8H AS 2S 8S  (11 cards)",
        "Meld      AD 2D 3D  (run)",
        "Meld      2C 2H 2S  (set)",
        "Meld      8C 8H 8S  (set)",
        "Deadwood  AC AS  = 2",
        "Discard   3D  (leaves deadwood 0)",
    ]


def test_human_output_several_discards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS")
    assert code == 0
    assert out.splitlines()[-1] == (
        "Discard   AS or 4S or 5S or 6S or 7S or 8S or JS  (leaves deadwood 0)"
    )


def test_one_quoted_string_equals_separate_words(capsys: pytest.CaptureFixture[str]) -> None:
    _, words, _ = run(capsys, "7H", "8H", "9H", "KS", "QS")
    _, quoted, _ = run(capsys, "7H 8H 9H KS QS")
    _, commas, _ = run(capsys, "7h,8h,9h,ks,qs")
    _, mixed, _ = run(capsys, "7h,8h", "9♥", "ks QS")
    assert words == quoted == commas == mixed
    _, jw, _ = run(capsys, "7H", "8H", "9H", "KS", "QS", "--json")
    _, jq, _ = run(capsys, "--json", "7H 8H 9H KS QS")
    assert json.loads(jw) == json.loads(jq)


def test_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "7H", "8H", "9H", "KS", "QS", "--json")
    assert code == 0 and err == ""
    assert len(out.splitlines()) == 1
    data = json.loads(out)
    assert data == {"deadwood": 20, "melds": [["7H", "8H", "9H"]], "deadwood_cards": ["QS", "KS"]}
    assert list(data) == ["deadwood", "melds", "deadwood_cards"]
    assert isinstance(data["deadwood"], int)


def test_json_11_cards_adds_best_discards(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, GIN_11, "--json")
    assert code == 0
    data = json.loads(out)
    assert data == {
        "deadwood": 2,
        "melds": [["AD", "2D", "3D"], ["2C", "2H", "2S"], ["8C", "8H", "8S"]],
        "deadwood_cards": ["AC", "AS"],
        "best_discards": ["3D"],
        "deadwood_after_discard": 0,
    }
    code, out, _ = run(capsys, "2s 4s 5s 5c Ad 4d 5d 3h 4h 5h 6h", "--json")
    data = json.loads(out)
    assert data["deadwood"] == 11
    assert data["best_discards"] == ["6H"]
    assert data["deadwood_after_discard"] == 6


@pytest.mark.parametrize("n", [9, 10])
def test_json_no_discards_unless_11(capsys: pytest.CaptureFixture[str], n: int) -> None:
    cards = "AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"[: 3 * n - 1]
    code, out, _ = run(capsys, cards, "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) == {"deadwood", "melds", "deadwood_cards"}
    assert data["deadwood"] == 0 and len(data["melds"][0]) == n


def test_unicode(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "TH JH QH 2C", "--unicode")
    assert code == 0
    assert out.splitlines() == [
        "Hand      2♣ 10♥ J♥ Q♥  (4 cards)",
        "Meld      10♥ J♥ Q♥  (run)",
        "Deadwood  2♣  = 2",
    ]
    code, out, _ = run(capsys, GIN_11, "--unicode")
    assert out.splitlines()[-1] == "Discard   3♦  (leaves deadwood 0)"
    # JSON stays ASCII
    code, out, _ = run(capsys, "TH JH QH 2C", "--unicode", "--json")
    assert json.loads(out)["melds"] == [["TH", "JH", "QH"]]


@pytest.mark.parametrize(
    ("argv", "needle"),
    [
        (["7H", "8H", "1H"], "'1H'"),
        (["7H 7X"], "'7X'"),
        (["7H,,8H"], "empty"),
        (["7H", "8H", "7h"], "duplicate card 7H"),
        (["77"], "'77'"),
    ],
)
def test_bad_input(capsys: pytest.CaptureFixture[str], argv: list[str], needle: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2
    assert out == ""
    assert err.endswith("\n")
    assert len(err.splitlines()) == 1
    assert err.startswith("ginrules deadwood: error: ")
    assert needle in err


def test_bad_input_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, err = run(capsys, "7H 1H", "--json")
    assert code == 2 and out == ""
    assert len(err.splitlines()) == 1


@pytest.mark.parametrize("argv", [["--help"], ["deadwood", "--help"], ["-h"]])
def test_help(capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(argv)
    assert exc.value.code == 0
    out, _ = capsys.readouterr()
    assert "usage: ginrules" in out
    assert "deadwood" in out


def test_missing_arguments_exit_2_with_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    for argv in ([], ["nonsense"], ["deadwood", "--nope"], ["play", "--seed", "x"]):
        with pytest.raises(SystemExit) as exc:
            main(argv)
        assert exc.value.code == 2
        _, err = capsys.readouterr()
        assert err.startswith("ginrules") and ": error: " in err
        assert err.endswith("(see 'ginrules --help')\n") or "--help')" in err
        assert err.count("\n") == 1, err
    assert main(["deadwood"]) == 2
    assert "no cards given" in capsys.readouterr().err


def test_version(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["--version"])
    assert exc.value.code == 0
    assert capsys.readouterr().out == f"ginrules {ginrules.__version__}\n"


def test_python_dash_m() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "ginrules", "deadwood", "7H", "8H", "9H", "KS", "QS", "--json"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert json.loads(proc.stdout) == {
        "deadwood": 20,
        "melds": [["7H", "8H", "9H"]],
        "deadwood_cards": ["QS", "KS"],
    }


def test_python_dash_m_bad_input() -> None:
    proc = subprocess.run(
        [sys.executable, "-m", "ginrules", "deadwood", "7H", "1H"],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert proc.returncode == 2
    assert proc.stdout == ""
    assert len(proc.stderr.splitlines()) == 1


def test_deadwood_of_no_cards_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["deadwood", ""]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.count("\n") == 1 and "no cards given" in err


# -- the shell: batch deadwood, closed pipes ------------------------------------------


def _shell(command: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
    return subprocess.run(["bash", "-c", f"set -o pipefail; {command}"], input=stdin,
                          capture_output=True, text=True, timeout=300,
                          env={**os.environ, "PYTHONPATH": str(ROOT / "src")})


def test_deadwood_batch_from_stdin_and_a_file(tmp_path: Path) -> None:
    lines = "7H 8H 9H KS QS\n\nJoker\n2s 4s 5s 5c Ad 4d 5d 3h 4h 5h 6h\n"
    done = _shell(f"{sys.executable} -m ginrules deadwood -", stdin=lines)
    assert done.returncode == 1, done.stderr
    out = [json.loads(line) for line in done.stdout.splitlines()]
    assert [o["line"] for o in out] == [1, 2, 3, 4]
    assert out[0]["deadwood"] == 20 and out[3]["best_discards"] == ["6H"]
    assert out[1]["error"] == "no cards: the line is empty" and out[1]["input"] == ""
    assert "there are no jokers" in out[2]["error"]
    path = tmp_path / "hands.txt"
    path.write_text("7H 8H 9H\nAC 2C 3C 4C\n", encoding="utf-8")
    done = _shell(f"{sys.executable} -m ginrules deadwood --file {path}")
    assert done.returncode == 0
    assert [json.loads(x)["deadwood"] for x in done.stdout.splitlines()] == [0, 0]
    missing = _shell(f"{sys.executable} -m ginrules deadwood --file {tmp_path / 'nope'}")
    assert missing.returncode == 2 and missing.stderr.count("\n") == 1
    assert "cannot read" in missing.stderr


def test_a_closed_pipe_ends_quietly() -> None:
    done = _shell(f"{sys.executable} -m ginrules play --json --players basic,basic "
                  "| head -c 100")
    assert "Traceback" not in done.stderr and "BrokenPipe" not in done.stderr
    assert len(done.stdout) == 100
    lines = "\n".join(["7H 8H 9H"] * 20000)
    done = _shell(f"{sys.executable} -m ginrules deadwood - | head -1", stdin=lines)
    assert "Traceback" not in done.stderr and done.stdout.startswith('{"line": 1')


@pytest.mark.parametrize(
    ("rules", "upcard", "expected"),
    [
        ("dutch-oklahoma", "7S", "the defender scores 22 (2 x 1 + 20 bonus: a spade upcard "
                                 "doubles the deadwood points)"),
        ("oklahoma", "7S", "the defender scores 27 (2 x 1 + 25 bonus: a spade upcard "
                           "doubles the deadwood points)"),
        ("dutch-oklahoma", "7H", "the defender scores 21 (1 + 20 bonus)"),
    ],
)
def test_showdown_says_what_a_spade_doubles(capsys: pytest.CaptureFixture[str], rules: str,
                                            upcard: str, expected: str) -> None:
    """The Dutch game manual: "worden de restpunten dubbel geteld" (the deadwood points),
    so an undercut of 1 with bonus 20 is 2 x 1 + 20 = 22, and reads so (not "1 + 20,
    doubled", which reads as 42)."""
    code = main(["showdown", "--knocker", "AS 2S 3S 4H 5H 6H 7C 8C 9C 3D", "--defender",
                 "KS QS JS 5C 5D 5S TD TC TH 2D", "--rules", rules, "--upcard", upcard])
    out, _ = capsys.readouterr()
    assert code == 0
    assert out.splitlines()[-1] == f"Result    undercut: {expected}"
    whole = subprocess.run(
        [sys.executable, "-m", "ginrules", "showdown", "--knocker",
         "AS 2S 3S 4H 5H 6H 7C 8C 9C 3D", "--defender", "KS QS JS 5C 5D 5S TD TC TH 2D",
         "--rules", "oklahoma", "--upcard", "7S", "--json"], capture_output=True, text=True,
        env={**os.environ, "PYTHONPATH": str(ROOT / "src")}, check=True)
    assert json.loads(whole.stdout)["points"] == 27


# the undercut by 1 of the two tests below: the knocker keeps 3D, the defender 2D
KNOCKER_3D, DEFENDER_2D = "AS 2S 3S 4H 5H 6H 7C 8C 9C 3D", "KS QS JS 5C 5D 5S TD TC TH 2D"
UNDERCUT_BY_ONE = ["showdown", "--knocker", KNOCKER_3D, "--defender", DEFENDER_2D,
                   "--upcard", "7S", "--json"]
SCORE_FIELDS = ("winner", "player", "points", "base", "bonus", "undercut", "doubled")


def test_showdown_json_carries_the_parts_of_a_deadwood_only_doubling(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The Dutch game manual: "Bij de variatie Oklahoma Gin worden de restpunten dubbel
    geteld in het geval dat de eerste kaart schoppen was" (the deadwood points, not the
    bonus). Under ``oklahoma`` a spade upcard makes the undercut by 1 2 x 1 + 25 = 27; the
    JSON carries base 1, bonus 25, doubled and the mode, so a reader can add it up."""
    assert main([*UNDERCUT_BY_ONE, "--rules", "oklahoma"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert {key: out[key] for key in (*SCORE_FIELDS, "spade_doubling")} == {
        "winner": "defender", "player": 1, "points": 27, "base": 1, "bonus": 25,
        "undercut": True, "doubled": True, "spade_doubling": "deadwood-only"}
    assert out["points"] == 2 * out["base"] + out["bonus"]
    # every field of HandScore.to_dict(), and the facts as before
    _, score = ginrules.showdown(KNOCKER_3D, DEFENDER_2D, rules="oklahoma", upcard="7S")
    assert set(score.to_dict()) == set(SCORE_FIELDS) <= set(out)
    assert (out["kind"], out["knock_limit"], out["knocker_deadwood_cards"]) == \
        ("knock", 7, ["3D"])


def test_showdown_json_carries_the_parts_of_a_whole_score_doubling(
        capsys: pytest.CaptureFixture[str]) -> None:
    """``whole-score`` doubling is a common table rule that none of the four sources has
    (so no preset, and no ``--rules`` name, uses it): the command's function is given the
    rule set itself. The same undercut by 1 is 2 x (1 + 25) = 52, with the same base and
    bonus as under ``deadwood-only``: only ``spade_doubling`` tells the two apart."""
    from ginrules.cli.showdown import _cmd_showdown

    whole = ginrules.rules("oklahoma", spade_doubling="whole-score")
    args = argparse.Namespace(knocker=KNOCKER_3D, defender=DEFENDER_2D, upcard="7S",
                              rules=whole, json=True, unicode=False)
    assert _cmd_showdown(args) == 0
    out = json.loads(capsys.readouterr().out)
    assert {key: out[key] for key in (*SCORE_FIELDS, "spade_doubling")} == {
        "winner": "defender", "player": 1, "points": 52, "base": 1, "bonus": 25,
        "undercut": True, "doubled": True, "spade_doubling": "whole-score"}
    assert out["points"] == 2 * (out["base"] + out["bonus"])


def test_showdown_printed_whole_in_this_process(capsys: pytest.CaptureFixture[str]) -> None:
    # worked by hand: the defender lays off 6H, then 5H onto the knocker's 7H 8H 9H (a
    # chain), and keeps 2H KH = 12 against 2: 10 points. Under OpenSpiel's rules a tie
    # (5 against 5) scores nothing.
    knocker, defender = "7H 8H 9H 2C 3C 4C 5D 6D 7D 2S", "2D 3D 4D 5H 6H KH 9C TC JC 2H"
    assert main(["showdown", "--knocker", knocker, "--defender", defender]) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Rules     classic (knock limit 10)",
        "Knocker   2C 3C 4C | 5D 6D 7D | 7H 8H 9H  deadwood 2S = 2",
        "Layoff    6H onto 7H 8H 9H",
        "Layoff    5H onto 7H 8H 9H",
        "Defender  2D 3D 4D | 9C TC JC  deadwood 2H KH = 12",
        "Result    knock: the knocker scores 10 (10)"]
    assert main(["showdown", "--knocker", knocker, "--defender", defender, "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "winner": "knocker", "player": 0, "points": 10, "base": 10, "bonus": 0,
        "kind": "knock", "undercut": False, "doubled": False, "spade_doubling": "off",
        "knock_limit": 10, "knocker_deadwood": 2, "defender_deadwood": 12,
        "knocker_melds": [["2C", "3C", "4C"], ["5D", "6D", "7D"], ["7H", "8H", "9H"]],
        "defender_melds": [["2D", "3D", "4D"], ["9C", "TC", "JC"]],
        "knocker_deadwood_cards": ["2S"], "defender_deadwood_cards": ["2H", "KH"],
        "layoffs": [{"card": "6H", "meld": ["7H", "8H", "9H"]},
                    {"card": "5H", "meld": ["7H", "8H", "9H"]}]}
    tie = ["showdown", "--rules", "openspiel", "--knocker", "7H 8H 9H 2C 3C 4C 5D 6D 7D 5S",
           "--defender", "AS 2S 3S 6S 7S 8S KH KD KC 5H"]
    assert main(tie) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "Result    a tie: nobody scores"
    # gin: the defender keeps TH 2D 3D 9D = 24 (no layoffs onto gin), plus the bonus 25
    assert main([*tie[:-4], "--knocker", "AS 2S 3S 4H 5H 6H 7C 8C 9C TC", "--defender",
                 "KS QS JS 5C 5D 5S TH 2D 3D 9D"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == (
        "Result    gin: the knocker scores 49 (24 + 25 bonus)")


def test_showdown_gin_shows_none_and_unicode_suits(capsys: pytest.CaptureFixture[str]) -> None:
    # worked by hand: the knocker's gin has no deadwood ("none"); the defender melds 5C 5D
    # 5S and JS QS KS and keeps 2D 3D 9D TH = 24; gin scores 24 + the bonus 25
    argv = ["showdown", "--rules", "openspiel", "--knocker", "AS 2S 3S 4H 5H 6H 7C 8C 9C TC",
            "--defender", "KS QS JS 5C 5D 5S TH 2D 3D 9D"]
    assert main(argv) == 0
    assert capsys.readouterr().out.splitlines() == [
        "Rules     openspiel (knock limit 10)",
        "Knocker   AS 2S 3S | 4H 5H 6H | 7C 8C 9C TC  deadwood none = 0",
        "Defender  5C 5D 5S | JS QS KS  deadwood 2D 3D 9D TH = 24",
        "Result    gin: the knocker scores 49 (24 + 25 bonus)"]
    assert main([*argv, "--unicode"]) == 0
    assert capsys.readouterr().out.splitlines()[1:3] == [
        "Knocker   A\u2660 2\u2660 3\u2660 | 4\u2665 5\u2665 6\u2665 | 7\u2663 8\u2663 9\u2663 10\u2663"
        "  deadwood none = 0",
        "Defender  5\u2663 5\u2666 5\u2660 | J\u2660 Q\u2660 K\u2660  deadwood 2\u2666 3\u2666 9\u2666 10\u2665 = 24"]


def test_deadwood_batch_in_this_process(capsys: pytest.CaptureFixture[str],
                                        monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    # the same as the shell test above, but where mutation testing sees it: '-' reads
    # stdin, --file a file; an empty line and a line of spaces are errors of their own
    monkeypatch.setattr(sys, "stdin", io.StringIO("7H 8H 9H KS QS\n\n   \n"))
    assert main(["deadwood", "-"]) == 1
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == [
        {"line": 1, "deadwood": 20, "melds": [["7H", "8H", "9H"]],
         "deadwood_cards": ["QS", "KS"]},
        {"line": 2, "input": "", "error": "no cards: the line is empty"},
        {"line": 3, "input": "   ", "error": "no cards: the line holds only spaces"}]
    path = tmp_path / "hands.txt"
    path.write_text("AC 2C 3C 4C\n", encoding="utf-8")
    assert main(["deadwood", "--file", str(path)]) == 0
    assert json.loads(capsys.readouterr().out) == {
        "line": 1, "deadwood": 0, "melds": [["AC", "2C", "3C", "4C"]], "deadwood_cards": []}
    assert main(["deadwood", "7H", "--file", str(path)]) == 2
    assert capsys.readouterr().err == (
        "ginrules deadwood: error: give the cards or --file, not both\n")
    path.write_bytes(b"7H 8H \xff\nKS\n")  # a line that is not UTF-8 is a bad line
    assert main(["deadwood", "--file", str(path)]) == 1
    assert [json.loads(line) for line in capsys.readouterr().out.splitlines()] == [
        {"line": 1, "error": "the line is not UTF-8 text (byte 7)"},
        {"line": 2, "deadwood": 10, "melds": [], "deadwood_cards": ["KS"]}]
    assert main(["deadwood"]) == 2
    assert capsys.readouterr().err == (
        "ginrules deadwood: error: no cards given: name the cards, like 7H 8H 9H KS QS\n")


class _Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_play_shows_progress_on_a_terminal_after_each_hand(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # one progress line per finished hand, on stderr only, wiped at the end; the totals
    # are those of the table: player 1 knocks 8 against 12 (4), then 3 against 14 (11)
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["play", "--players", "basic,basic", "--seed", "1", "--max-hands", "2"]) == 0
    assert err.getvalue() == ("\r\x1b[Kplaying: hand 1, totals 0-4"
                              "\r\x1b[Kplaying: hand 2, totals 0-15\r\x1b[K")
    out = capsys.readouterr().out
    assert "\x1b" not in out
    assert out.splitlines()[4:6] == [
        "   1  basic (1)  knock by basic (1)   8 vs 12       4          0          4",
        "   2  basic (0)  knock by basic (1)   3 vs 14      11          0         15"]


def test_play_record_on_stdout(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "basic,basic", "--seed", "1", "--max-hands", "1",
                 "--record", "-"]) == 0
    record = json.loads(capsys.readouterr().out)
    # player 1 knocks with 8 against 12: 4 points
    assert record["hands"][0]["outcome"] == {"kind": "knock", "knocker": 1, "winner": 1,
                                             "points": 4, "deadwood": [12, 8]}
    assert record["complete"] is False and record["meta"] == {"seed": 1}
    for flag in (["--json"], ["--record", "-"]):
        assert main(["play", "--players", "human,basic", *flag]) == 2
        out, err = capsys.readouterr()
        assert out == "" and err == (
            "ginrules play: error: a game with a human player is played in the terminal: "
            "--json and --record - are for games between computers\n")


@pytest.mark.parametrize(("command", "phrases"), [
    ([], ["Cards are written rank then suit: 7H, TH or 10H, QS, AC (case-insensitive,",
          "deadwood arrange a hand into melds and show its least deadwood",
          "showdown adjudicate a knock: melds, layoffs, deadwood and points"]),
    (["deadwood"], ['example: ginrules deadwood 7H 8H 9H KS QS or ginrules deadwood "7h,8h,9h"',
                    "--file F read one hand per line from F",
                    "--unicode show suits as \u2663 \u2666 \u2665 \u2660"]),
    (["showdown"], ["--knocker KNOCKER the knocker's ten cards (one string)",
                    "--rules NAME a preset",
                    "--upcard CARD the first upcard (sets the knock limit and doubling in "
                    "Oklahoma)"]),
    (["play"], ["--players A,B",
                "--max-hands N stop after N hands even if nobody has reached the target",
                "--hollywood Hollywood scoring (three games)"]),
    (["simulate"], ["gin, big gin, undercut and dead hands.",
                    "alternating seats, and print each player's win rate with a 95%",
                    "example: ginrules simulate --rules classic --games 200 --players "
                    "advanced,basic --seed 1 --workers 2",
                    "--players A,B two of ", " (default: advanced,basic)",
                    "--seed SEED the seed (default: 0)",
                    "--workers K local processes to spread the games over",
                    "play the games on the Dask cluster whose scheduler listens at ADDRESS"]),
])
def test_help_says_what_each_option_does(capsys: pytest.CaptureFixture[str],
                                         command: list[str], phrases: list[str]) -> None:
    with pytest.raises(SystemExit):
        main([*command, "--help"])
    text = " ".join(capsys.readouterr().out.split())  # as read, whatever the width
    for phrase in phrases:
        assert phrase in text


def test_simulate_defaults_are_those_its_help_names() -> None:
    from ginrules.cli.command import build_parser

    args = build_parser().parse_args(["simulate"])
    assert (args.games, args.max_hands, args.workers, args.seed) == (100, 500, 1, 0)


def test_simulate_shows_its_progress_on_a_terminal(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    err = _Terminal()
    monkeypatch.setattr(sys, "stderr", err)
    assert main(["simulate", "--players", "basic,basic", "--games", "2"]) == 0
    # the bar after each game (half of 30 places, then all), and the line ended
    assert err.getvalue() == ("\r\x1b[K[" + "#" * 15 + "." * 15 + "] 1/2 games"
                              "\r\x1b[K[" + "#" * 30 + "] 2/2 games\n")
    assert "\x1b" not in capsys.readouterr().out


def test_play_in_the_terminal_stops_after_max_hands(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    # a person (always the first choice) against the basic player, in this process
    monkeypatch.setattr(sys, "stdin", io.StringIO("1\n" * 3000))
    assert main(["play", "--players", "human,basic", "--seed", "4", "--max-hands", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[-1] == "stopped after 1 hand (--max-hands)"


def test_play_between_computers_stopped_after_one_hand(
        capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "basic,basic", "--seed", "1", "--max-hands", "1"]) == 0
    # player 1 knocks with 8 against 12: 4 points (as in the progress test above)
    assert capsys.readouterr().out.splitlines()[-2:] == [
        "not over: 0 to 4 so far", "Not finished: stopped after 1 hand (--max-hands)"]


@pytest.mark.parametrize(("preset", "target"), [("short", 50), ("oklahoma", 150)])
def test_play_names_the_presets_own_target(preset: str, target: int,
                                           capsys: pytest.CaptureFixture[str]) -> None:
    """The first line of a played game names the preset's target (short: 50, oklahoma:
    150; not classic's 100, which other numbers of the rules share)."""
    assert main(["play", "--players", "basic,basic", "--rules", preset, "--seed", "1",
                 "--max-hands", "1"]) == 0
    assert capsys.readouterr().out.splitlines()[0] == (
        f"Game: {preset} rules, target {target}, seed 1; basic (0) against basic (1)")


def test_play_names_each_seat_by_its_own_level(capsys: pytest.CaptureFixture[str]) -> None:
    # the simple player (seat 0) knocks twice against the basic player (seat 1)
    assert main(["play", "--players", "simple,basic", "--seed", "1", "--max-hands", "2"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "Game: classic rules, target 100, seed 1; simple (0) against basic (1)"
    assert out[3].split() == ["hand", "dealer", "result", "deadwood", "points", "simple",
                              "(0)", "basic", "(1)"]
    assert out[4].split()[:6] == ["1", "basic", "(1)", "knock", "by", "simple"]


@pytest.mark.parametrize("hands", ["0", "-1"])
def test_play_refuses_fewer_than_one_hand(hands: str,
                                          capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", "basic,basic", "--max-hands", hands]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err == (
        f"ginrules play: error: --max-hands must be at least 1, not {hands}\n")


@pytest.mark.parametrize("players", ["basic", "basic,basic,basic", "human,basic,advanced"])
def test_play_refuses_players_that_are_not_two(
        players: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--players", players, "--seed", "1", "--max-hands", "1"]) == 2
    err = capsys.readouterr().err
    assert "--players names two players, like advanced,basic or human,advanced" in err
    assert "Traceback" not in err


@pytest.mark.parametrize("preset", ["classic", "short", "oklahoma"])
def test_play_with_a_person_names_the_game_and_its_target_first(
        preset: str, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("quit\n"))
    main(["play", "--rules", preset, "--players", "human,basic", "--seed", "4"])
    first = capsys.readouterr().out.splitlines()[0]
    target = ginrules.rules(preset).target
    assert first.startswith(f"Gin Rummy, {preset} rules, to {target}: you against "), first


def test_main_runs_in_a_thread_of_a_program_and_leaves_its_signals_alone(
        capsys: pytest.CaptureFixture[str]) -> None:
    """A program may call ``main`` from any thread: only the main thread may set a
    signal handler, so elsewhere SIGTERM is left as it was and the command runs."""
    import signal
    import threading

    before = signal.getsignal(signal.SIGTERM)
    outcome: list[object] = []

    def run() -> None:
        try:
            outcome.append(main(["deadwood", "7H 8H 9H KS QS"]))
        except BaseException as error:  # (reported below, in the test's thread)
            outcome.append(error)

    worker = threading.Thread(target=run)
    worker.start()
    worker.join(60)
    assert outcome == [0] and "Deadwood  QS KS  = 20" in capsys.readouterr().out
    assert signal.getsignal(signal.SIGTERM) is before
