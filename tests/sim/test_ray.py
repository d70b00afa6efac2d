"""The Ray backend plays a real tournament on a local Ray and matches the local backend."""

from __future__ import annotations

from pathlib import Path

import pytest

from obelisk.core import get_game
from obelisk.sim.backends import RayBackend, make_backend
from obelisk.sim.results import read_results
from obelisk.sim.run import simulate
from obelisk.sim.tournament import RunPlan

ray = pytest.importorskip("ray")


def test_ray_backend_gives_the_same_results_as_the_local_backend(tmp_path: Path) -> None:
    # Tiny Tricks (hidden hands, chance) with a sweep; the game is registered only by the
    # test set-up, so the local Ray the backend starts must import it like the driver does.
    plan = RunPlan.build(
        get_game("tiny"),
        120,
        seats=["random", "random", "random"],
        sweep={"knocks": ["true", "false"]},
        seed=8,
        timing=False,
    )
    backend = make_backend("ray", 2)
    assert isinstance(backend, RayBackend)
    summary = simulate(plan, tmp_path / "ray.jsonl", backend)
    assert not ray.is_initialized(), "the backend shuts down the Ray it started"
    simulate(plan, tmp_path / "local.jsonl", make_backend("local", 2))
    assert summary.played == 240
    assert (tmp_path / "ray.jsonl").read_bytes() == (tmp_path / "local.jsonl").read_bytes()
    assert len(read_results(tmp_path / "ray.jsonl").games) == 240


def test_a_local_ray_runs_its_workers_at_normal_priority() -> None:
    """Ray's default worker niceness (15) starves a run on a machine doing anything else."""
    import os

    backend = make_backend("ray", 1)
    backend.start(get_game("tiny"), False)
    try:
        niceness = ray.get(ray.remote(lambda: os.nice(0)).remote())
    finally:
        backend.stop()
    assert niceness == os.nice(0)
