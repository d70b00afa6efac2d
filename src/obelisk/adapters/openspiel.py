"""OpenSpiel games for every Obelisk game (sampled stochastic, imperfect information).

>>> from obelisk.adapters.openspiel import load_game
>>> game = load_game("sobek", players=3)            # doctest: +SKIP
>>> state = game.new_initial_state()                # doctest: +SKIP

Each Obelisk game is registered with pyspiel as ``obelisk_<name>`` (parameters:
``players`` and ``rng_seed``); chance happens inside actions, so OpenSpiel sees a
*sampled stochastic* game with no chance nodes. Actions are the fixed integer space
of ``obelisk.adapters.encoding``; observation tensors encode only the player's own
observation, and observation strings are that observation as canonical JSON.
"""

from __future__ import annotations

import contextlib
import heapq
import json
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
        self._free: list[int] = []  # seeds handed back by unplayed states (a heap)
        self._holders: dict[int, int] = {}  # seed -> live unplayed states dealt from it
        self._spent: set[int] = set()  # seeds with holders that some copy has played
        self._initial: dict[tuple[int, int], np.ndarray] = {}
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
        """A new game, dealt from the next seed (``rng_seed``, ``rng_seed + 1``, …).

        A state dropped before any action was applied to it hands its seed back to
        the next new state: OpenSpiel makes throw-away initial states to measure the
        observation tensor and to clone a state, and those should neither cost a deal
        nor shift the seeds of the games that are played.
        """
        if self._free:
            seed = heapq.heappop(self._free)
        else:
            seed = self._next_seed
            self._next_seed += 1
        return ObeliskSpielState(self, seed)

    def _deal(self, seed: int) -> State:
        return self.obelisk.new_state(self.players, seed, self.options)

    def _hold(self, seed: int) -> None:
        self._holders[seed] = self._holders.get(seed, 0) + 1

    def _drop(self, seed: int, played: bool = False) -> None:
        """One unplayed state of ``seed`` is gone (dropped, or ``played`` on)."""
        if played:
            self._spent.add(seed)
        left = self._holders.get(seed, 0) - 1
        if left > 0:
            self._holders[seed] = left
            return
        self._holders.pop(seed, None)
        if seed in self._spent:
            self._spent.discard(seed)
        else:
            heapq.heappush(self._free, seed)

    def _initial_observation(self, inner: _Inner, player: int) -> np.ndarray:
        """The vector of ``player`` in the initial state of ``inner.seed`` (cached)."""
        key = (inner.seed, player)
        vec = self._initial.get(key)
        if vec is None:
            if len(self._initial) >= 256:
                self._initial.clear()
            vec = self._initial[key] = self.encoder.encode(inner.state.observation(player))
        return vec

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
    """Holds the Obelisk state; a deep copy is the state's own fast ``clone()``.

    The state is dealt on first use: OpenSpiel clones a Python state by making a new
    initial state and deep-copying the attributes over it, so the new initial state
    of a clone is never looked at, and dealing it would be wasted work. ``text`` caches
    the state's text until the next action.
    """

    def __init__(
        self, game: ObeliskSpielGame, seed: int, state: State | None = None, played: bool = False
    ) -> None:
        self.game = game
        self.seed = seed
        self._state = state
        self.played = played
        self.text: str | None = None
        if not played:
            game._hold(seed)

    @property
    def state(self) -> State:
        if self._state is None:
            self._state = self.game._deal(self.seed)
        return self._state

    def play(self) -> State:
        """The state, about to change: its seed is spent, its cached text stale."""
        if not self.played:
            self.played = True
            self.game._drop(self.seed, played=True)
        self.text = None
        return self.state

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        state = None if self._state is None else self._state.clone()
        new = _Inner(self.game, self.seed, state, self.played)
        new.text = self.text
        return new

    def __del__(self) -> None:
        if not getattr(self, "played", True):
            # at interpreter shutdown there may be nothing left to hand the seed back to
            with contextlib.suppress(Exception):
                self.game._drop(self.seed)


class ObeliskSpielState(pyspiel.State):  # type: ignore[misc]
    """A position, wrapping an Obelisk ``State`` (dealt from ``seed`` on first use)."""

    def __init__(self, game: ObeliskSpielGame, seed: int) -> None:
        super().__init__(game)
        self._shared = _Shared(game)
        self._inner = _Inner(game, seed)

    @property
    def g(self) -> ObeliskSpielGame:
        """The OpenSpiel game."""
        return self._shared.game

    @property
    def inner(self) -> State:
        """The Obelisk state (handed out for changing: the state counts as played)."""
        return self._inner.play()

    def current_player(self) -> int:
        state = self._inner.state
        if state.is_terminal():
            return int(pyspiel.PlayerId.TERMINAL)
        return int(state.current_player)

    def _legal_actions(self, player: int) -> list[int]:
        state = self._inner.state
        if player != state.current_player:
            return []
        index = self.g.index
        return sorted(index[a] for a in state.legal_actions() if a in index)

    def _apply_action(self, action: int) -> None:
        self._inner.play().apply(self.g.actions[action])

    def _action_to_string(self, player: int, action: int) -> str:
        return self.g.actions[action].text()

    def is_terminal(self) -> bool:
        return bool(self._inner.state.is_terminal())

    def returns(self) -> list[float]:
        return [float(x) for x in self._inner.state.returns()]

    def __str__(self) -> str:
        inner = self._inner
        if inner.text is None:
            inner.text = inner.state.to_text(None)
        return inner.text


class ObeliskObserver:
    """OpenSpiel's PyObserver: the player's own observation as a tensor and as JSON."""

    def __init__(self, game: ObeliskSpielGame) -> None:
        self.tensor = np.zeros(game.encoder.size, np.float32)
        self.dict = {"observation": self.tensor}
        self.game = game

    def set_from(self, state: ObeliskSpielState, player: int) -> None:
        inner = state._inner
        if inner.played:
            self.game.encoder.encode_into(inner.state.observation(player), self.tensor)
        else:  # an initial state (OpenSpiel makes one to measure the tensor)
            self.tensor[:] = self.game._initial_observation(inner, player)

    def string_from(self, state: ObeliskSpielState, player: int) -> str:
        # The observation as canonical JSON: exact and cheap, a key for tabular methods
        # (the player's text view is ``state.inner.to_text(player)``).
        obs = state._inner.state.observation(player)
        return json.dumps(obs, sort_keys=True, separators=(",", ":"))


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
