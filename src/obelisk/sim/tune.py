"""``obelisk tune``: search a game's design options for an objective the designer names.

The search is Optuna's (TPE, seeded; an exhaustive grid when the space is small enough
to try whole). Every trial plays the *same* deals (one base seed, every seat order), so
two settings differ by their rules, not by their luck (common random numbers, as TAG's
NTBEA tuning does with its paired evaluations). The best setting is then checked on a
held-out confirmation run: fresh deals (another base seed) played under the default
rules and under the found setting, compared with paired tests by the ordinary report.

Objectives (smaller is better, the search minimises):

``fair``
    the largest distance of a seat's (or, where seats play different roles, a role's)
    win share from its fair share (seats of the role over all seats);
``length=N``
    the distance of the mean game length in steps from ``N``;
``drama``
    minus the mean drama (:mod:`obelisk.sim.flow`): the most dramatic setting wins.

The space: ``name=lo..hi`` (an integer range), ``name=a,b,c`` (choices, typed by the
game's options), or a bare ``name`` for a yes/no or named-choice option (its values
from the option's type). With no ``--param`` the space is every yes/no and named-choice
option of the game that a network client may set and that does not switch the clock.
"""

from __future__ import annotations

import dataclasses
import json
import math
import statistics
import typing
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from obelisk.core import Game, InvalidOptions
from obelisk.core.options import spec_of

from .backends import Backend, drive
from .stats import Share, Summary, summarize
from .tournament import RunPlan

#: The base seed of the confirmation run is the search's seed plus this (fresh deals).
CONFIRM_OFFSET = 1_000_003


@dataclasses.dataclass(frozen=True)
class Objective:
    """What the tuner minimises over a setting's games."""

    name: str
    target: float | None = None

    @classmethod
    def parse(cls, text: str) -> Objective:
        """``fair``, ``drama`` or ``length=N``."""
        if text in ("fair", "drama"):
            return cls(text)
        if text.startswith("length="):
            try:
                n = float(text.split("=", 1)[1])
            except ValueError:
                raise InvalidOptions(f"--objective length=N needs a number, not {text!r}") from None
            return cls("length", n)
        raise InvalidOptions(f"unknown objective {text!r}; objectives: fair, length=N, drama")

    def describe(self) -> str:
        """The objective in words."""
        if self.name == "fair":
            return (
                "closest to fair: the largest distance of a seat's (or role's) win share from fair"
            )
        if self.name == "length":
            return f"mean game length closest to {self.target:g} steps"
        return "most drama (the winner's largest deficit, mean over games)"

    def value(self, lines: Sequence[dict[str, Any]], roles: Sequence[str]) -> float:
        """The objective of one setting's games (lines without error)."""
        ok = [g for g in lines if "error" not in g]
        if not ok:
            return math.inf
        if self.name == "fair":
            return max(abs(s.value - f) for _, s, f in side_shares(ok, roles))
        if self.name == "length":
            assert self.target is not None
            return abs(statistics.fmean(g["length"] for g in ok) - self.target)
        return -statistics.fmean((g.get("flow") or {}).get("drama", 0.0) for g in ok)


def side_shares(
    lines: Sequence[dict[str, Any]], roles: Sequence[str]
) -> list[tuple[str, Share, float]]:
    """Per seat (one role) or per role: its name, its win share and its fair share."""
    k = len(roles)
    n = len(lines)
    seats: dict[str, list[int]] = {}
    if len(set(roles)) <= 1:
        seats = {f"seat {j + 1}": [j] for j in range(k)}
    else:
        for j, r in enumerate(roles):
            seats.setdefault(r, []).append(j)
    return [
        (name, Share.of(sum(sum(g["returns"][j] for j in js) for g in lines), n), len(js) / k)
        for name, js in seats.items()
    ]


def _choices_of(hint: Any) -> list[Any] | None:
    if hint is bool:
        return [False, True]
    if typing.get_origin(hint) is typing.Literal:
        return list(typing.get_args(hint))
    return None


def default_space(game: Game) -> dict[str, list[Any]]:
    """Every yes/no and named-choice option a network client may set (no clock switch)."""
    hints = typing.get_type_hints(game.Options)
    out: dict[str, list[Any]] = {}
    for f in dataclasses.fields(game.Options):
        spec = spec_of(f)
        if spec.network is not True or spec.is_realtime_switch:
            continue
        choices = _choices_of(hints[f.name])
        if choices:
            out[f.name] = choices
    return out


def parse_space(game: Game, params: Sequence[str]) -> dict[str, list[Any]]:
    """The search space from ``--param`` texts (see the module docstring)."""
    if not params:
        space = default_space(game)
        if not space:
            raise InvalidOptions(f"{game.title} has no yes/no or choice option: name --param")
        return space
    hints = typing.get_type_hints(game.Options)
    out: dict[str, list[Any]] = {}
    for text in params:
        name, _, values = text.partition("=")
        name = name.strip()
        if name not in hints:
            raise InvalidOptions(f"{game.title} has no option '{name}'")
        if not values:
            choices = _choices_of(hints[name])
            if choices is None:
                raise InvalidOptions(f"--param {name} needs values: {name}=lo..hi or {name}=a,b")
            out[name] = choices
        elif ".." in values:
            lo, hi = (int(x) for x in values.split("..", 1))
            if hi < lo:
                raise InvalidOptions(f"--param {name}={values}: the range runs low..high")
            out[name] = list(range(lo, hi + 1))
        else:
            out[name] = [v.strip() for v in values.split(",") if v.strip()]
    return out


@dataclasses.dataclass
class Trial:
    """One setting tried: its options and its objective value."""

    number: int
    options: dict[str, Any]
    value: float


@dataclasses.dataclass
class TuneResult:
    """What a tuning run found."""

    objective: Objective
    space: dict[str, list[Any]]
    trials: list[Trial]
    best: Trial
    sampler: str


def play_setting(
    game: Game,
    backend: Backend,
    plan: RunPlan,
) -> list[dict[str, Any]]:
    """Every game of ``plan`` played on a started backend, in index order (in memory)."""
    lines: list[dict[str, Any]] = []
    drive(backend, plan.specs(), plan.total(), lines.extend)
    return sorted(lines, key=lambda g: g["i"])


def search(
    game: Game,
    backend: Backend,
    objective: Objective,
    space: Mapping[str, Sequence[Any]],
    make_plan: Callable[[dict[str, Any]], RunPlan],
    trials: int,
    seed: int,
    on_trial: Callable[[Trial], None] | None = None,
) -> TuneResult:
    """Run the search on a started backend; ``make_plan(options)`` gives a trial's plan."""
    import optuna

    optuna.logging.set_verbosity(optuna.logging.WARNING)
    keys = list(space)
    grid = math.prod(len(v) for v in space.values())
    # Optuna stores choices as they are; JSON-typed strings keep the study simple.
    enc = {k: [json.dumps(v) for v in space[k]] for k in keys}
    if grid <= trials:
        sampler: Any = optuna.samplers.GridSampler(enc, seed=seed)
        trials = grid
        kind = f"grid (all {grid} settings)"
    else:
        sampler = optuna.samplers.TPESampler(seed=seed)
        kind = f"Optuna TPE, seed {seed}"
    study = optuna.create_study(direction="minimize", sampler=sampler)
    done: list[Trial] = []
    seen: dict[str, float] = {}

    def run(t: Any) -> float:
        opts = {k: json.loads(t.suggest_categorical(k, enc[k])) for k in keys}
        key = json.dumps(opts, sort_keys=True)
        if key not in seen:
            plan = make_plan(opts)
            lines = play_setting(game, backend, plan)
            roles = game.seat_roles(plan.players, game.make_options(dict(plan.options)))
            seen[key] = objective.value(lines, roles)
        trial = Trial(len(done) + 1, opts, seen[key])
        done.append(trial)
        if on_trial is not None:
            on_trial(trial)
        return seen[key]

    study.optimize(run, n_trials=trials)
    best = min(done, key=lambda t: (t.value, t.number))
    return TuneResult(objective, {k: list(v) for k, v in space.items()}, done, best, kind)


def confirm_summary(
    objective: Objective, lines: Sequence[dict[str, Any]], roles: Sequence[str]
) -> tuple[str, str]:
    """The confirmed objective measure of one setting with its 95 % interval, in words."""
    ok = [g for g in lines if "error" not in g]
    if objective.name == "fair":
        parts = [
            f"{name} {100 * s.value:.1f}% [{100 * s.lo:.1f}–{100 * s.hi:.1f}] (fair {100 * f:.0f}%)"
            for name, s, f in side_shares(ok, roles)
        ]
        return "win shares", "; ".join(parts)
    key: Callable[[dict[str, Any]], float]
    if objective.name == "length":
        label = "mean length (steps)"

        def key(g: dict[str, Any]) -> float:
            return float(g["length"])
    else:
        label = "mean drama"

        def key(g: dict[str, Any]) -> float:
            return float((g.get("flow") or {}).get("drama", 0.0))

    sm: Summary = summarize([key(g) for g in ok])
    return label, f"{sm.mean:.3g} [{sm.lo:.3g}–{sm.hi:.3g}]"
