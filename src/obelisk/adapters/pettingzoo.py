"""A PettingZoo AEC environment for every Obelisk game.

>>> from obelisk.adapters.pettingzoo import env
>>> e = env("sobek", players=3)          # doctest: +SKIP
>>> e.reset(seed=1)                       # doctest: +SKIP

Observations are dicts ``{"observation": float32 vector, "action_mask": int8
vector}``; the vector encodes only the seat's own observation (see
``obelisk.adapters.encoding``). Rewards come at the end: each seat's
``returns()`` (1 win, 0 loss, shared on ties).
"""

from __future__ import annotations

import secrets
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces as gspaces
from pettingzoo import AECEnv

from obelisk.core import get_game

from .encoding import ActionIndex, ActionParts, action_parts, spaces


class ObeliskEnv(AECEnv):  # type: ignore[misc]
    """One Obelisk game as a turn-based PettingZoo environment."""

    metadata = {"render_modes": ["ansi", "human"], "name": "obelisk_v0", "is_parallelizable": False}

    def __init__(
        self, game: str, players: int | None = None, render_mode: str | None = None, **options: Any
    ) -> None:
        super().__init__()
        self.game = get_game(game)
        self.num_players = players if players is not None else self.game.min_players
        self.game_options = self.game.make_options(options)
        self.game.check_options(self.game_options, self.num_players)
        self.metadata = {**self.metadata, "name": f"obelisk_{self.game.name}_v0"}
        self.render_mode = render_mode
        self.actions, self.exact_actions, self.encoder = spaces(
            self.game, self.num_players, self.game_options
        )
        self.index = {a: i for i, a in enumerate(self.actions)}
        self.action_index = ActionIndex(self.actions)
        self.possible_agents = [f"player_{i}" for i in range(self.num_players)]
        self.agent_name_mapping = {a: i for i, a in enumerate(self.possible_agents)}
        obs = gspaces.Dict(
            {
                "observation": gspaces.Box(-1.0, 1.0, (self.encoder.size,), np.float32),
                "action_mask": gspaces.Box(0, 1, (len(self.actions),), np.int8),
            }
        )
        self.observation_spaces = {a: obs for a in self.possible_agents}
        self.action_spaces = {a: gspaces.Discrete(len(self.actions)) for a in self.possible_agents}
        self.state_: Any = None
        self._seed_counter: int | None = None
        #: The legal ids of one position: that of state ``_at_state`` after ``_at``
        #: history steps (an Obelisk state only grows, so the count names its position).
        self._at_state: Any = None
        self._at = -1
        self._legal: list[int] = []
        self._parts: ActionParts | None = None

    def observation_space(self, agent: str) -> gymnasium.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> gymnasium.Space[Any]:
        return self.action_spaces[agent]

    def action_parts(self) -> ActionParts:
        """The action space described by parts (kind, field values, each item of a list
        field; see :func:`obelisk.adapters.encoding.action_parts`): for a policy that
        scores parts where one output per action is too many (Khufu's 34,360)."""
        if self._parts is None:
            self._parts = action_parts(self.actions)
        return self._parts

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._seed_counter = seed
        elif self._seed_counter is None:
            self._seed_counter = secrets.randbelow(2**31)
        else:
            self._seed_counter += 1
        self.state_ = self.game.new_state(self.num_players, self._seed_counter, self.game_options)
        self.agents = list(self.possible_agents)
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state_.current_player]

    def _legal_ids(self) -> list[int]:
        """The current player's legal action ids (cached for the position: read only)."""
        state = self.state_
        at = state.history._n
        if self._at_state is not state or self._at != at:
            self._legal = self.action_index.ids(state.legal_actions())
            self._at_state = state
            self._at = at
        return self._legal

    def _mask(self, seat: int) -> np.ndarray:
        mask = np.zeros(len(self.actions), np.int8)
        if self.state_.current_player == seat:
            mask[self._legal_ids()] = 1
        return mask

    def action_mask(self, agent: str) -> np.ndarray:
        """The ``action_mask`` of :meth:`observe` without the observation vector (a player
        that only needs the legal actions, e.g. a random opponent, skips the encoding)."""
        return self._mask(self.agent_name_mapping[agent])

    def observe(self, agent: str) -> dict[str, np.ndarray]:
        seat = self.agent_name_mapping[agent]
        vec = self.encoder.encode(self.state_.observation(seat))
        return {"observation": vec, "action_mask": self._mask(seat)}

    def step(self, action: int | None) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None or not 0 <= int(action) < len(self.actions):
            raise ValueError(f"action {action!r} is outside 0..{len(self.actions) - 1}")
        action = int(action)
        if action in self._legal_ids():
            self.state_.apply_unchecked(self.actions[action])
        else:
            self.state_.apply(self.actions[action])  # raises IllegalAction, naming the rule
        self._cumulative_rewards[agent] = 0.0
        if self.state_.is_terminal():
            returns = self.state_.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self.agent_name_mapping[a]])
                self.terminations[a] = True
        else:
            self.agent_selection = self.possible_agents[self.state_.current_player]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        text = self.state_.to_text(None) if self.state_ is not None else ""
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str, players: int | None = None, **options: Any) -> ObeliskEnv:
    """The AEC environment of ``game`` with ``players`` seats and rule ``options``."""
    return ObeliskEnv(game, players, **options)
