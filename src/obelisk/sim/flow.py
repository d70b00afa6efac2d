"""The flow of one game, measured by the referee: Ludii's game metrics from a trajectory.

:class:`FlowRecorder` wraps each seat's agent, so it sees every decision (how many legal
choices there were, which one was taken) and, after every step, each seat's
``State.sim_progress()`` (the game's own measure of how well a seat stands; by default its
``standing()``). From that trajectory :func:`flow_metrics` computes, per game:

``lead changes``
    how often the sole leader on progress became another seat (a tie keeps the last
    sole leader);
``stability``
    the mean absolute change of a seat's progress per step, in units of the game's
    progress scale (0 = nothing ever moves; smaller is steadier);
``drama``
    the largest gap by which the eventual sole winner trailed the leader, as a share of
    the largest progress value seen in the game (0 when the winner never trailed);
``decided at``
    the share of the game's steps after which the eventual sole winner led alone to the
    end (0: led from the start; near 1: decided at the last moment);
``uncertainty``
    the mean, over steps, of how close the top two seats were: ``1 - gap / scale`` (1: level
    all game long, 0: one seat far ahead);
``branching factor``
    the mean number of legal choices at a decision;
``decision moves``
    the share of decisions with more than one legal choice;
``turns``
    runs of consecutive decisions by one seat.

Lead changes, drama, decisiveness and uncertainty need a winner and progress on one
scale; a report leaves out what the game's :class:`~obelisk.core.ScoreMeaning` makes
meaningless. The trail of choices (:func:`encode_trail`) is stored with each game's
results line, so any game can be played again exactly (:func:`record_of`).
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Sequence
from typing import Any

from obelisk.core import Action, Agent, Game, PlayerView, Record, State

#: Digits of a trail: a choice's index among the legal actions, in base 36.
_DIGITS = "0123456789abcdefghijklmnopqrstuvwxyz"


def _b36(n: int) -> str:
    if n == 0:
        return "0"
    out = []
    while n:
        n, r = divmod(n, 36)
        out.append(_DIGITS[r])
    return "".join(reversed(out))


def encode_trail(choices: Sequence[int]) -> str:
    """The indices of the chosen legal actions, base 36, dot-separated (compact)."""
    return ".".join(_b36(c) for c in choices)


def decode_trail(text: str) -> list[int]:
    """The inverse of :func:`encode_trail`."""
    return [int(t, 36) for t in text.split(".")] if text else []


class _Seat:
    """An agent that reports each decision to the recorder."""

    def __init__(self, agent: Agent, recorder: FlowRecorder) -> None:
        self.agent = agent
        self.recorder = recorder

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions()
        action = self.agent.act(view, rng)
        self.recorder.decision(view.seat, legal, action)
        return action

    def __getattr__(self, name: str) -> Any:
        return getattr(self.agent, name)


class FlowRecorder:
    """Collects one game's trajectory; wrap the agents with :meth:`wrap`, call
    :meth:`on_step` after every step."""

    def __init__(self) -> None:
        self.choices: list[int] = []
        self.options: list[int] = []
        self.seats: list[int] = []
        self.progress: list[list[float]] = []

    def wrap(self, agents: Sequence[Agent]) -> list[Agent]:
        """The agents, each reporting its decisions here."""
        return [_Seat(a, self) for a in agents]

    def decision(self, seat: int, legal: Sequence[Action], action: Action) -> None:
        """Note one decision: the number of legal actions and the index of the one taken."""
        self.options.append(len(legal))
        self.seats.append(seat)
        try:
            self.choices.append(list(legal).index(action))
        except ValueError:  # an agent answered with an equal but not identical value
            self.choices.append(next(i for i, a in enumerate(legal) if a == action))

    def on_step(self, state: State, seat: int, action: Any) -> None:
        """Read each seat's progress after a step (``play_match``'s ``on_step``)."""
        self.progress.append([float(x) for x in state.sim_progress()])

    def trail(self) -> str:
        """The game's choices, compact (:func:`encode_trail`)."""
        return encode_trail(self.choices)


def _sole_leader(values: Sequence[float]) -> int | None:
    best = max(values)
    top = [i for i, v in enumerate(values) if v == best]
    return top[0] if len(top) == 1 else None


def flow_metrics(rec: FlowRecorder, winners: Sequence[int]) -> dict[str, float]:
    """The flow measures of one finished game (see the module docstring)."""
    out: dict[str, float] = {}
    n = len(rec.options)
    if n:
        out["branching factor"] = sum(rec.options) / n
        out["decision moves"] = sum(1 for k in rec.options if k > 1) / n
        out["turns"] = float(1 + sum(1 for a, b in itertools.pairwise(rec.seats) if a != b))
    traj = rec.progress
    if not traj:
        return out
    k = len(traj[0])
    lead: int | None = None
    changes = 0
    for row in traj:
        now = _sole_leader(row)
        if now is not None and now != lead:
            if lead is not None:
                changes += 1
            lead = now
    out["lead changes"] = float(changes)
    steps = len(traj)
    if steps > 1 and k:
        moves = sum(abs(b[j] - a[j]) for a, b in itertools.pairwise(traj) for j in range(k))
        out["stability"] = moves / ((steps - 1) * k)
    scale = max((max(row) for row in traj), default=0.0)
    if k > 1 and scale > 0:
        gaps = [sorted(row, reverse=True) for row in traj]
        out["uncertainty"] = sum(1 - min(1.0, (g[0] - g[1]) / scale) for g in gaps) / steps
    if len(winners) == 1 and k > 1:
        w = winners[0]
        deficit = max(max(row) - row[w] for row in traj)
        out["drama"] = deficit / scale if scale > 0 else 0.0
        last_not = -1
        for t, row in enumerate(traj):
            if _sole_leader(row) != w:
                last_not = t
        out["decided at"] = (last_not + 1) / steps
    return out


def record_of(game: Game, line: dict[str, Any], header: dict[str, Any]) -> Record:
    """The game record of one results line, rebuilt by replaying its trail of choices.

    Raises ``ValueError`` if the line has no trail, or the trail does not fit the game
    (another engine version played it).
    """
    trail = line.get("trail")
    if trail is None:
        raise ValueError(f"game {line.get('i')} has no trail (run without --trails?)")
    options = game.make_options(dict(line.get("options") or {}))
    state = game.new_state(len(line["seats"]), int(line["seed"]), options)
    for n, c in enumerate(decode_trail(trail)):
        if state.is_terminal():
            raise ValueError(f"game {line['i']}: the game ended before choice {n + 1}")
        legal = state.legal_actions()
        if c >= len(legal):
            raise ValueError(
                f"game {line['i']}: choice {n + 1} is number {c + 1} of only {len(legal)}; "
                "the engine changed since the run"
            )
        state.apply(legal[c])
    meta = {
        "source": "obelisk simulate",
        "results_game": int(line["i"]),
        "commit": header.get("commit"),
    }
    seats = [{"name": f"Bot {j + 1}", "level": lvl} for j, lvl in enumerate(line["seats"])]
    return Record.from_state(state, seats=seats, meta=meta)
