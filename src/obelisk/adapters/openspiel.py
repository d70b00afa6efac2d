"""OpenSpiel games for every Obelisk game (sampled stochastic, imperfect information).

>>> from obelisk.adapters.openspiel import load_game
>>> game = load_game("sobek", players=3)            # doctest: +SKIP
>>> state = game.new_initial_state()                # doctest: +SKIP

Each Obelisk game is registered with pyspiel as ``obelisk_<name>`` (parameters:
``players`` and ``rng_seed``); chance happens inside actions, so OpenSpiel sees a
*sampled stochastic* game with no chance nodes. Actions are the fixed integer space
of ``obelisk.adapters.encoding``; observation tensors encode only the player's own
observation, and observation strings are the player's text view.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pyspiel

from obelisk.core import Game, State, all_games, get_game

from .encoding import spaces

_REGISTERED: dict[str, Game] = {}


def _game_type(game: Game) -> Any:
    cooperative = game.capabilities.cooperative
    return pyspiel.GameType(
        short_name=f"obelisk_{game.name}",
        long_name=f"Obelisk {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=(
            pyspiel.GameType.Utility.IDENTICAL
            if cooperative
            else pyspiel.GameType.Utility.GENERAL_SUM
        ),
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": game.min_players, "rng_seed": 0},
    )


class ObeliskSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An Obelisk game seen by OpenSpiel (default rule options).

    One subclass per game is registered (``obelisk_game`` set on the class).
    """

    obelisk_game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self.obelisk_game
        self.obelisk = game
        self.players = int(params.get("players", game.min_players))
        self.options = game.make_options(None)
        self.actions, self.exact, self.encoder = spaces(game, self.players, self.options)
        self.index = {a: i for i, a in enumerate(self.actions)}
        self._next_seed = int(params.get("rng_seed", 0))
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.actions),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=None,
            max_game_length=game.capabilities.max_steps,
        )
        super().__init__(
            _game_type(game),
            info,
            {"players": self.players, "rng_seed": int(params.get("rng_seed", 0))},
        )

    def new_initial_state(self) -> ObeliskSpielState:
        seed = self._next_seed
        self._next_seed += 1
        return ObeliskSpielState(self, self.obelisk.new_state(self.players, seed, self.options))

    def make_py_observer(self, iig_obs_type: Any = None, params: Any = None) -> ObeliskObserver:
        return ObeliskObserver(self)


class _Shared:
    """Holds the game: OpenSpiel deep-copies a Python state's attributes to clone it,
    and the game must be shared, not copied."""

    def __init__(self, game: ObeliskSpielGame) -> None:
        self.game = game

    def __deepcopy__(self, memo: dict[int, Any]) -> _Shared:
        return self


class _Inner:
    """Holds the Obelisk state; a deep copy is the state's own fast ``clone()``."""

    def __init__(self, state: State) -> None:
        self.state = state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        return _Inner(self.state.clone())


class ObeliskSpielState(pyspiel.State):  # type: ignore[misc]
    """A position, wrapping an Obelisk ``State``."""

    def __init__(self, game: ObeliskSpielGame, inner: State) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._inner = _Inner(inner)

    @property
    def g(self) -> ObeliskSpielGame:
        """The OpenSpiel game."""
        return self._shared.game

    @property
    def inner(self) -> State:
        """The Obelisk state."""
        return self._inner.state

    def current_player(self) -> int:
        if self.inner.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(self.inner.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        if player != self.inner.current_player:
            return []
        return sorted(self.g.index[a] for a in self.inner.legal_actions() if a in self.g.index)

    def _apply_action(self, action: int) -> None:
        self.inner.apply(self.g.actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return self.g.actions[action].text()

    def is_terminal(self) -> bool:
        return bool(self.inner.is_terminal())

    def returns(self) -> list[float]:
        return [float(x) for x in self.inner.returns()]

    def __str__(self) -> str:
        return self.inner.to_text(None)


class ObeliskObserver:
    """OpenSpiel's PyObserver: the player's own observation as a tensor and a string."""

    def __init__(self, game: ObeliskSpielGame) -> None:
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}
        self.game = game

    def set_from(self, state: ObeliskSpielState, player: int) -> None:
        self.tensor[:] = self.game.encoder.encode(state.inner.observation(player))

    def string_from(self, state: ObeliskSpielState, player: int) -> str:
        return str(state.inner.to_text(player))


def register(game: Game) -> str:
    """Register ``game`` with pyspiel (once); returns its OpenSpiel short name."""
    name = f"obelisk_{game.name}"
    if name not in _REGISTERED:
        cls = type(f"Spiel_{game.name}", (ObeliskSpielGame,), {"obelisk_game": game})
        pyspiel.register_game(_game_type(game), cls)
        _REGISTERED[name] = game
    return name


def register_all() -> list[str]:
    """Register every Obelisk game with pyspiel."""
    return [register(g) for g in all_games()]


def load_game(name: str, players: int | None = None, rng_seed: int = 0) -> Any:
    """``pyspiel.load_game`` for an Obelisk game, registering it first."""
    game = get_game(name)
    short = register(game)
    return pyspiel.load_game(short, {"players": players or game.min_players, "rng_seed": rng_seed})
