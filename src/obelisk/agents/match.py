"""Play one game between agents: the loop the simulator, the ladder and tests share."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any

from obelisk.core import Agent, Game, PlayerView, State

from . import make_agent


def seat_rng(seed: int, seat: int) -> random.Random:
    """The private random source of one seat's agent in one game (deterministic per seed)."""
    return random.Random((seed * 1_000_003 + seat * 7919 + 17) & 0xFFFFFFFFFFFF)


def play_match(
    game: Game,
    seats: Sequence[str | Agent],
    seed: int,
    options: Any = None,
    on_step: Callable[[State, int, Any], None] | None = None,
) -> State:
    """Play a whole game; ``seats`` are level names or agents, one per player.

    Same game, seats, seed and options give the same game. ``on_step(state,
    seat, action)`` is called after each action (for progress or display).
    """
    agents = [make_agent(game, s) if isinstance(s, str) else s for s in seats]
    state = game.new_state(len(agents), seed, options)
    rngs = [seat_rng(seed, i) for i in range(len(agents))]
    limit = game.capabilities.max_steps
    while not state.is_terminal():
        p = state.current_player
        action = agents[p].act(PlayerView(state, p), rngs[p])
        state.apply(action)
        if on_step is not None:
            on_step(state, p, action)
        if len(state.history) > limit:
            raise RuntimeError(f"{game.name} did not end within {limit} steps (seed {seed})")
    return state
