"""Games for the simulator's tests: a scripted score race and a slow Tiny Tricks.

``OBELISK_PLUGINS=simgames`` (with this folder on ``PYTHONPATH``) registers
``tiny_slow`` in a subprocess, whose ``sleepy`` level waits
``SIM_TEST_SLEEP`` seconds (default 0.002) per decision, so a run lasts long
enough to be killed in the middle.
"""

from __future__ import annotations

import os
import random
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from obelisk.core import TERMINAL, Action, Agent, Capabilities, Game, PlayerView, State
from tinycards import TinyTricks


@dataclass(frozen=True, slots=True)
class Go(Action):
    """The only move of the score race."""

    kind: ClassVar[str] = "go"


@dataclass(frozen=True)
class RaceOptions:
    """The points scored at each step, alternating seats from seat 0."""

    script: tuple[int, ...] = (0, 1, 2, 0, 0, 2, 3, 0)


class RaceState(State):
    """Seats take turns; step k adds ``script[k]`` points to the seat that moves."""

    def _setup(self) -> None:
        self.k = 0
        self.points = [0] * self.num_players

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.k % self.num_players

    def legal_actions(self) -> list[Action]:
        return [] if self.is_terminal() else [Go()]

    def _apply(self, action: Action) -> None:
        self.points[self.k % self.num_players] += self.options.script[self.k]
        self.k += 1

    def is_terminal(self) -> bool:
        return self.k >= len(self.options.script)

    def scores(self) -> list[float]:
        return [float(p) for p in self.points]

    def observation(self, seat: int | None) -> dict[str, Any]:
        return {"points": list(self.points), "k": self.k}

    def sim_metrics(self) -> dict[str, Any]:
        """A game's own numbers for the simulator."""
        return {"zero_steps": self.options.script.count(0), "label": "race"}


class Race(Game):
    """A game with no choices and no chance: its score sequence is its options."""

    name = "sim_race"
    title = "Score race"
    min_players = 2
    max_players = 3
    Options = RaceOptions
    capabilities = Capabilities(hidden_information=False, chance=False, max_steps=100)
    action_types = (Go,)

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return RaceState(self, num_players, seed, options)


class Sleepy:
    """A random player that takes its time."""

    def __init__(self) -> None:
        self.delay = float(os.environ.get("SIM_TEST_SLEEP", "0.002"))

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        if self.delay:
            time.sleep(self.delay)
        return rng.choice(view.legal_actions())


class SlowTiny(TinyTricks):
    """Tiny Tricks with the ``sleepy`` level."""

    name = "tiny_slow"

    def agent_levels(self) -> dict[str, Any]:
        def sleepy() -> Agent:
            return Sleepy()

        return {"sleepy": sleepy}


RACE = Race()
GAME = SlowTiny()


def plugin_env() -> dict[str, str]:
    """The environment of an ``obelisk`` subprocess that knows the test games."""
    here = Path(__file__).resolve().parent
    env = dict(os.environ)
    path = [str(here), str(here.parent), env.get("PYTHONPATH", "")]
    env["PYTHONPATH"] = os.pathsep.join(p for p in path if p)
    env["OBELISK_PLUGINS"] = "simgames,tinycards"
    return env
