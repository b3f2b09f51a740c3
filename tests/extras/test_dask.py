"""Simulate and validate on a real Dask cluster: a ``distributed.LocalCluster`` with a
scheduler and two worker processes, started here. The totals and the reports are the
same as in one process. Skipped when Dask's ``distributed`` is not installed
(``pip install -e '.[dev,dask]'``)."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed")
cloudpickle = pytest.importorskip("cloudpickle")

import ginrules  # noqa: E402
from ginrules import game, records  # noqa: E402
from ginrules.actions import Action  # noqa: E402
from ginrules.cli import main  # noqa: E402
from ginrules.players import AdvancedPlayer, View  # noqa: E402
from ginrules.records import validate_many  # noqa: E402
from ginrules.simulate import simulate  # noqa: E402

DATA = Path(__file__).parent.parent / "data" / "records"


class FirstLegal:
    """A game project's own bot (defined here, sent to the workers by value)."""

    name = "first-legal"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed

    def choose(self, view: View) -> Action:
        return view.legal_actions[0]


@pytest.fixture(scope="module")
def cluster() -> Iterator[distributed.LocalCluster]:
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None, silence_logs=40) as local:
        yield local


@pytest.fixture(scope="module")
def client(cluster: distributed.LocalCluster) -> Iterator[distributed.Client]:
    with distributed.Client(cluster) as connected:
        yield connected


def test_the_cluster_has_two_worker_processes(client: distributed.Client) -> None:
    assert len(client.scheduler_info()["workers"]) == 2
    import os

    pids = set(client.run(os.getpid).values())
    assert len(pids) == 2 and os.getpid() not in pids


def test_simulate_on_the_cluster_gives_the_totals_of_one_process(
        client: distributed.Client) -> None:
    args = ("classic", (AdvancedPlayer, "basic"))
    one = simulate(*args, games=8, seed=4)  # type: ignore[arg-type]
    assert simulate(*args, games=8, seed=4,  # type: ignore[arg-type]
                    executor=client.get_executor(pure=False)) == one


def test_a_bot_of_ones_own_on_the_cluster(client: distributed.Client) -> None:
    import sys

    cloudpickle.register_pickle_by_value(sys.modules[__name__])
    try:
        one = simulate("classic", (FirstLegal, "basic"), games=6, seed=2, max_hands=20)
        there = simulate("classic", (FirstLegal, "basic"), games=6, seed=2, max_hands=20,
                         executor=client.get_executor())
    finally:
        cloudpickle.unregister_pickle_by_value(sys.modules[__name__])
    assert there == one and one.players[0].name == "first-legal"


def test_validate_many_on_the_cluster(client: distributed.Client) -> None:
    paths = sorted(str(p) for p in DATA.glob("*.json"))
    assert list(validate_many(paths, executor=client.get_executor(), lenient=True)) == \
        [records.validate(p, lenient=True) for p in paths]


def test_the_commands_with_a_scheduler(cluster: distributed.LocalCluster, tmp_path: Path,
                                       capsys: pytest.CaptureFixture[str]) -> None:
    address = cluster.scheduler_address
    argv = ["simulate", "--games", "6", "--players", "basic,random", "--seed", "5", "--json"]
    assert main(argv) == 0
    local = json.loads(capsys.readouterr().out)
    assert main([*argv, "--scheduler", address]) == 0
    assert json.loads(capsys.readouterr().out) == local

    played = game.play(game.new_game(ginrules.rules("short"), seed=3), game.random_policies(3))
    (tmp_path / "sub").mkdir()
    for n in range(5):
        records.dump(played, tmp_path / "sub" / f"g{n}.json")
    shutil.copy(DATA / "wrong_points.json", tmp_path / "wrong.json")
    argv = ["validate", "--json", str(tmp_path), str(tmp_path / "missing.json")]
    assert main(argv) == 1
    local_lines = capsys.readouterr().out
    assert main([*argv, "--scheduler", address]) == 1
    assert capsys.readouterr().out == local_lines
    assert len(local_lines.splitlines()) == 7


def test_a_cluster_without_workers_is_a_one_line_error_not_a_hang(
        capsys: pytest.CaptureFixture[str]) -> None:
    import time

    with distributed.LocalCluster(n_workers=0, processes=False, dashboard_address=None,
                                  silence_logs=40) as empty:
        address = empty.scheduler_address
        for argv in (["simulate", "--games", "2"], ["validate", str(DATA / "valid_hand.json")]):
            started = time.monotonic()
            assert main([*argv, "--scheduler", address, "--timeout", "1"]) == 2
            assert time.monotonic() - started < 20
            assert capsys.readouterr().err == (
                f"ginrules {argv[0]}: error: the Dask scheduler at {address} has no worker "
                f"(waited 1 s): start one (dask worker {address}), or give --timeout more "
                "seconds\n")


def test_a_cluster_that_loses_its_workers_is_an_error_after_the_timeout() -> None:
    import threading
    import time

    from ginrules.records._parallel import dask_executor, ordered_map

    with distributed.LocalCluster(n_workers=1, processes=False, dashboard_address=None,
                                  silence_logs=40) as cluster, \
            dask_executor(cluster.scheduler_address, timeout=1) as executor:
        results = ordered_map(time.sleep, [(0,), (20,), (0,)], executor=executor, window=1)
        assert next(results) is None  # one result, then every worker goes
        threading.Thread(target=cluster.scale, args=(0,)).start()
        started = time.monotonic()
        with pytest.raises(ginrules.GinRulesError, match="has had no worker for 1 s"):
            next(results)
        assert time.monotonic() - started < 30
