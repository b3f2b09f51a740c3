"""The EAAI framework adapter (integrations/eaai/GinrulesPlayer.java, GPL, a separate
program) played through our stand-in of the framework (integrations/eaai/ci/: the
framework's callbacks in its order, every move checked), with ``ginrules serve`` behind it.

The real framework cannot be fetched in CI; matches against it are a benchmark
(integrations/eaai/match.py). Skips without a JDK or without ``ginrules serve``."""

from __future__ import annotations

import pathlib
import shutil
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parent.parent
EAAI = ROOT / "integrations" / "eaai"
SERVER = f"{sys.executable} -m ginrules serve"


def _serve_works() -> bool:
    done = subprocess.run([sys.executable, "-m", "ginrules", "serve", "--help"],
                          capture_output=True, text=True, check=False)
    return done.returncode == 0


@pytest.fixture(scope="module")
def build(tmp_path_factory: pytest.TempPathFactory) -> pathlib.Path:
    if not (EAAI / "ci" / "StandInGame.java").is_file():
        pytest.skip("integrations/eaai is not in this tree (an sdist)")
    if shutil.which("javac") is None or shutil.which("java") is None:
        pytest.skip("no JDK on PATH (javac, java): the EAAI adapter is not compiled")
    if not _serve_works():
        pytest.skip("`python -m ginrules serve` is not available in this ginrules")
    out = tmp_path_factory.mktemp("eaai")
    sources = [*sorted((EAAI / "ci" / "ginrummy").glob("*.java")), EAAI / "ci" / "StandInGame.java",
               EAAI / "GinrulesPlayer.java"]
    done = subprocess.run(["javac", "-Xlint:all", "-Werror", "-d", str(out), *map(str, sources)],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    return out


def _play(build: pathlib.Path, games: int, seed: int, *levels: str,
          server: str = SERVER) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["java", f"-Dginrules.command={server}", "-cp", str(build),
                           "StandInGame", str(games), str(seed), *levels],
                          capture_output=True, text=True, timeout=600, check=False)


def test_the_adapter_plays_whole_games_with_legal_moves_only(build: pathlib.Path) -> None:
    done = _play(build, 2, 1, "expert", "simple")
    assert done.returncode == 0, done.stderr
    summary = done.stdout.splitlines()[-1]
    assert summary.startswith("StandInGame: 2 games, ") and "every move legal" in summary
    hands = [line for line in done.stdout.splitlines() if line.startswith("hand ")]
    assert hands and "knock by" in done.stdout
    # the last hand of each game brings a score to 100: both games were played out
    finals = [line for line in hands if max(map(int, line.split("scores ")[1].split())) >= 100]
    assert len(finals) == 2


def test_the_stand_in_covers_passes_takes_knocks_and_layoffs(build: pathlib.Path) -> None:
    done = _play(build, 4, 2, "simple", "simple")
    assert done.returncode == 0, done.stderr
    paths = done.stdout.splitlines()[-2]
    assert paths.startswith("paths: "), done.stdout
    counts = {k: int(v) for k, v in (part.split("=") for part in paths.split()[1:])}
    for path in ("takes", "double_passes", "knocks", "layoffs"):
        assert counts[path] > 0, (path, paths)


def test_a_refused_request_fails_loudly_with_the_protocol_lines(build: pathlib.Path) -> None:
    done = _play(build, 1, 1, "no-such-level", "simple")
    assert done.returncode != 0
    assert "GinrulesPlayer: the server refused a request" in done.stderr
    assert '"op":"open"' in done.stderr and "no-such-level" in done.stderr
    assert "GinrulesPlayer$ProtocolException" in done.stderr


def test_a_server_that_cannot_start_is_named(build: pathlib.Path) -> None:
    done = _play(build, 1, 1, "simple", "simple", server="/nonexistent/ginrules-serve")
    assert done.returncode != 0
    assert "cannot start the ginrules server [/nonexistent/ginrules-serve]" in done.stderr


def _match_module() -> object:
    import importlib.util

    spec = importlib.util.spec_from_file_location("eaai_match", EAAI / "match.py")
    if spec is None or spec.loader is None or not (EAAI / "match.py").is_file():
        pytest.skip("integrations/eaai is not in this tree (an sdist)")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_paired_interval_counts_a_pair_that_goes_one_way_as_about_one_game() -> None:
    """Pairs whose two games (dealt alike, seats swapped) always go the same way carry the
    information of one game each: the design effect is 2 (times m / (m - 1), the ratio
    estimator's correction), and the interval is Wilson's over half the games."""
    from ginrules.simulate import wilson_interval

    paired = _match_module().paired_interval  # type: ignore[attr-defined]
    pairs = [(2, 2), (0, 2)] * 50
    low, high, effect = paired(pairs)
    assert effect == pytest.approx(2 * 100 / 99)
    plain = wilson_interval(100, 200)
    assert low < plain[0] and high > plain[1]
    half = wilson_interval(50, 100)  # the same share over half the games, about
    assert low == pytest.approx(half[0], abs=0.005) and high == pytest.approx(half[1], abs=0.005)
    # games that go their own way within a pair: the plain interval, about
    mixed = [(2, 2), (1, 2), (1, 2), (0, 2)] * 25
    low, high, effect = paired(mixed)
    assert effect == pytest.approx(100 / 99)
    assert (low, high) == pytest.approx(plain, abs=0.002)
    # no spread to measure: the plain interval exactly
    assert paired([(1, 2)] * 100)[:2] == pytest.approx(plain)
    assert paired([]) == (0.0, 1.0, 1.0)
