"""OpenSpiel games for every Obelisk game (imperfect information, chance inside actions).

>>> from obelisk.adapters.openspiel import load_game
>>> game = load_game("sobek", players=3)            # doctest: +SKIP
>>> state = game.new_initial_state()                # doctest: +SKIP

Each Obelisk game is registered with pyspiel as ``obelisk_<name>`` (parameters:
``players``, ``rng_seed``, ``variant`` and ``resample_chance``). Chance happens inside
actions, drawn by the state's own seeded generator, so OpenSpiel sees a game without
chance nodes whose every state holds its own future draws (``docs/rl.md``). Actions are
the fixed integer space of ``obelisk.adapters.encoding``; observation tensors encode only
the player's own observation, observation strings are that observation as canonical
JSON, and information-state strings add everything the player saw (perfect recall).
States serialise (``serialize``, ``pickle``, ``pyspiel.serialize_game_and_state``) as
their Obelisk record, and ``resample_from_infostate`` is the state's ``determinize``, so
OpenSpiel's Python ``ISMCTSBot`` plays every game.
"""

from __future__ import annotations

import hashlib
import heapq
import json
import pickle
import random
import weakref
from collections.abc import Callable
from typing import Any

import numpy as np
import pyspiel

from obelisk.agents.ismcts import evaluate
from obelisk.core import Game, PlayerView, State, all_games, get_game
from obelisk.core.game import state_fields
from obelisk.core.record import Record, replay

from .encoding import ActionIndex, spaces

_REGISTERED: dict[str, Game] = {}


def _default_players(game: Game) -> int:
    """The fewest players of the default options (Abu Simbel's solo needs All for One)."""
    return min(game.player_counts())


#: The adapter's own parameters (every other parameter is one of the game's options).
_OWN_PARAMS = ("players", "rng_seed", "variant", "resample_chance")


def option_params(game: Game) -> dict[str, Any]:
    """Every rule option of ``game`` as an OpenSpiel parameter with its default.

    A yes/no, whole-number, decimal or text option is a parameter of that type holding
    the game's default; any other (a list, an option that may be empty) is a text
    parameter in the form ``--option`` takes (``"1,2,3"``), where ``""`` keeps the
    default (or the variant's value).
    """
    defaults = game.options_to_json(game.make_options(None))
    out: dict[str, Any] = {}
    for name, value in defaults.items():
        if name in _OWN_PARAMS:
            raise ValueError(f"{game.title}'s option '{name}' clashes with an adapter parameter")
        out[name] = value if isinstance(value, (bool, int, float, str)) else ""
    return out


def _utility(game: Game, options: Any, players: int) -> tuple[Any, float | None]:
    """OpenSpiel's utility type and sum: identical for a team, constant-sum (1) when every
    game has a winner sharing 1, else general-sum (the game itself may win)."""
    cooperative = game.new_state(players, 0, options).cooperative
    if cooperative:
        return pyspiel.GameType.Utility.IDENTICAL, None
    if game.score_meaning(options).winner_always:
        return pyspiel.GameType.Utility.CONSTANT_SUM, 1.0
    return pyspiel.GameType.Utility.GENERAL_SUM, None


def _game_type(game: Game, utility: Any = None) -> Any:
    # Chance mode DETERMINISTIC, in OpenSpiel's sense: "no chance nodes". Every draw is
    # made inside an action by the state's own seeded generator, so apply_action is a
    # function of the state and a state is its record. (SAMPLED_STOCHASTIC makes OpenSpiel
    # serialise the game object's RNG state, which a Python game cannot provide.) Each new
    # initial state is a new deal: docs/rl.md says what that means for tree algorithms.
    if utility is None:
        utility = _utility(game, game.make_options(None), _default_players(game))[0]
    return pyspiel.GameType(
        short_name=f"obelisk_{game.name}",
        long_name=f"Obelisk {game.title}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=utility,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=game.max_players,
        min_num_players=game.min_players,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={
            "players": _default_players(game),
            "rng_seed": 0,
            "variant": "",
            "resample_chance": False,
            **option_params(game),
        },
    )


class ObeliskSpielGame(pyspiel.Game):  # type: ignore[misc]
    """An Obelisk game seen by OpenSpiel, with the rule options of ``variant`` (default:
    none, the game's defaults).

    One subclass per game is registered (``obelisk_game`` set on the class).
    """

    obelisk_game: Game

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        game = self.obelisk_game
        self.obelisk = game
        self.players = int(params.get("players", _default_players(game)))
        self.variant = str(params.get("variant", "") or "")
        defaults = option_params(game)
        #: The options given as parameters (those that differ from the game's defaults).
        self.option_values = {
            k: params[k] for k, d in defaults.items() if k in params and params[k] != d
        }
        self.options = game.variant_options(self.variant or None, self.option_values)
        game.check_players(self.players, self.options)
        game.check_options(self.options, self.players)
        #: Reseed the chance generator of every clone, so a search cannot foresee draws.
        self.resample_chance = bool(params.get("resample_chance", False))
        rng_seed = int(params.get("rng_seed", 0))
        self._reseeds = random.Random(rng_seed ^ 0x5EEDC10E)
        self.actions, self.exact, self.encoder = spaces(game, self.players, self.options)
        self.index = {a: i for i, a in enumerate(self.actions)}
        self.action_index = ActionIndex(self.actions)
        self._next_seed = rng_seed
        self._free: list[int] = []  # seeds handed back by unplayed states (a heap)
        self._holders: dict[int, int] = {}  # seed -> live unplayed states dealt from it
        self._spent: set[int] = set()  # seeds with holders that some copy has played
        self._initial: dict[tuple[int, int], np.ndarray] = {}
        utility, total = _utility(game, self.options, self.players)
        self._recall_kinds: list[str] | None = None
        info = pyspiel.GameInfo(
            num_distinct_actions=len(self.actions),
            max_chance_outcomes=0,
            num_players=self.players,
            min_utility=0.0,
            max_utility=1.0,
            utility_sum=total,
            max_game_length=game.capabilities.max_steps,
        )
        super().__init__(
            _game_type(game, utility),
            info,
            {
                "players": self.players,
                "rng_seed": rng_seed,
                "variant": self.variant,
                "resample_chance": self.resample_chance,
                **self.option_values,
            },
        )

    def __reduce__(self) -> tuple[Callable[[str], Any], tuple[str]]:
        # pickled as the game string, through a function that registers the games first
        return (_game_from_string, (self.serialize(),))

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

    def recall_kinds(self) -> tuple[list[str], np.ndarray]:
        """The event kinds of the information-state tensor, and each count's scale (the
        most of that kind one seat saw in a sample of 4 seeded random games; cached)."""
        if self._recall_kinds is None:
            most: dict[str, int] = {}
            rest = 1
            for seed in range(4):
                state = self._deal(seed)
                rng = random.Random(seed)
                steps = 0
                while not state.is_terminal() and steps < 400:
                    state.apply(rng.choice(state.legal_actions()))
                    steps += 1
                for p in range(self.players):
                    counts: dict[str, int] = {}
                    for e in state.events_for(p):
                        k = str(e.get("kind"))
                        counts[k] = counts.get(k, 0) + 1
                    for k, c in counts.items():
                        most[k] = max(most.get(k, 0), c)
            self._recall_kinds = sorted(most)
            self._recall_scale = np.array(
                [max(1, most[k]) for k in self._recall_kinds] + [rest], np.float32
            )
        return self._recall_kinds, self._recall_scale

    def make_py_observer(
        self, iig_obs_type: Any = None, params: Any = None
    ) -> ObeliskObserver | InfoStateObserver:
        """The observation (default), or the information state for ``perfect_recall``."""
        if iig_obs_type is not None and getattr(iig_obs_type, "perfect_recall", False):
            return InfoStateObserver(self)
        return ObeliskObserver(self)


class _UnboundShared:
    """What a state pickled by an older Obelisk held beside its ``_Inner`` (the game, which
    is never pickled): ignored on arrival, the state keeps its own game."""


#: OpenSpiel's player id of a terminal state.
TERMINAL = int(pyspiel.PlayerId.TERMINAL)


class _UnboundInner:
    """An ``_Inner`` out of a pickle: its seed and record, bound to a game on arrival."""

    def __init__(self, seed: int, played: bool, body: Any) -> None:
        self.seed = seed
        self.played = played
        self.body = body

    def bind(self, game: ObeliskSpielGame) -> _Inner:
        """The ``_Inner`` of ``game``: the record replayed, the generator where it was."""
        state: State | None = None
        if self.body is not None:
            kind = self.body[0]
            if kind == "record":
                _, data, chance_state = self.body
                state = replay(Record.from_json(data), lambda _name: game.obelisk)
                state.chance.state = chance_state
            else:  # a determinized copy: its fields as they were
                _, cls, blob = self.body
                state = cls.__new__(cls)
                for name, value in pickle.loads(blob).items():
                    setattr(state, name, value)
                state.game = game.obelisk
        return _Inner(game, self.seed, state, self.played)


class _Inner:
    """Holds the game and the Obelisk state; a deep copy is the state's own fast
    ``clone()`` (the game is shared, not copied).

    The state is dealt on first use: OpenSpiel clones a Python state by making a new
    initial state and deep-copying the attributes over it, so the new initial state
    of a clone is never looked at, and dealing it would be wasted work.

    What OpenSpiel asks many times of one position is kept until the position changes:
    the current player, the legal action ids and the text. They belong to the position
    where the state's history had ``at`` steps (an Obelisk state only grows, so that
    count names its position), so a change made to the Obelisk state directly
    (``ObeliskSpielState.inner``) is noticed too.
    """

    __slots__ = (
        "_state",
        "at",
        "det_recall",
        "game",
        "legal",
        "played",
        "player",
        "recall",
        "seed",
        "text",
    )

    def __init__(
        self, game: ObeliskSpielGame, seed: int, state: State | None = None, played: bool = False
    ) -> None:
        self.game = game
        self.seed = seed
        self._state = state
        self.played = played
        self.at = -1  # the position the caches below belong to (none yet)
        self.player: int | None = None
        self.legal: list[int] | None = None
        self.text: str | None = None
        #: seat -> (events seen, the SHA-256 chain over their canonical JSON): the recall
        #: part of the information-state string, extended as the seat sees more
        self.recall: dict[int, tuple[int, str]] = {}
        #: (events, resampling player) -> the recall digests of a determinized copy
        self.det_recall: dict[tuple[int, int], dict[int, tuple[int, str]]] = {}
        if not played:
            game._hold(seed)

    @property
    def state(self) -> State:
        """The Obelisk state (dealt on first use)."""
        if self._state is None:
            self._state = self.game._deal(self.seed)
        return self._state

    def fresh(self) -> State:
        """The Obelisk state, the caches of its position valid (emptied if it moved on)."""
        state = self._state
        if state is None:
            state = self.state
        at = state.history._n  # the number of steps, read as the engine's _do reads it
        if at != self.at:
            self.at = at
            self.player = None
            self.legal = None
            self.text = None
        return state

    def current(self) -> int:
        """OpenSpiel's current player: the seat to move, or TERMINAL (cached)."""
        state = self._state
        if state is None or state.history._n != self.at:
            state = self.fresh()
        player = self.player
        if player is None:
            player = self.player = TERMINAL if state.is_terminal() else int(state.current_player)
        return player

    def legal_ids(self) -> list[int]:
        """The ids of the current player's legal actions, sorted (cached: don't change it)."""
        state = self._state
        if state is None or state.history._n != self.at:
            state = self.fresh()
        legal = self.legal
        if legal is None:
            actions = state.legal_actions()
            index = self.game.action_index
            legal = index.lists.get(tuple(map(id, actions)))  # ids(), a call less
            if legal is None:
                legal = index.ids(actions)
            self.legal = legal
        return legal

    def play(self) -> State:
        """The state, about to change: its seed is spent."""
        if not self.played:
            self.played = True
            self.game._drop(self.seed, played=True)
        return self.state

    def info_state(self, player: int) -> str:
        """``player``'s information state as canonical JSON: its observation now, how many
        events it has seen, and a digest of all of them in order (see InfoStateObserver)."""
        state = self.state
        count, digest = self.recall_of(player)
        obs = json.dumps(state.observation(player), sort_keys=True, separators=(",", ":"))
        return f'{{"observation":{obs},"recall":"{digest}","seen":{count}}}'

    def recall_of(self, player: int) -> tuple[int, str]:
        """How many events ``player`` has seen, and the SHA-256 chain over them."""
        forms = self.state.seen_events_for(player)
        done, digest = self.recall.get(player, (0, ""))
        if done != len(forms):
            for e in forms[done:]:
                text = json.dumps(e, sort_keys=True, separators=(",", ":"))
                digest = hashlib.sha256((digest + text).encode()).hexdigest()
            self.recall[player] = done, digest = (len(forms), digest)
        return done, digest

    def resampled(self, player: int, rng: random.Random) -> _Inner:
        """A determinized copy for ``player``, with every seat's recall digest known.

        Every determinization of one position for one player shows each seat the same
        events, so their digests are computed once per position and player, not once per
        sample (ISMCTS draws a world for every simulation)."""
        det = self.state.determinize(player, rng)
        new = _Inner(self.game, self.seed, det, played=True)
        key = (len(self.state.events), player)
        cached = self.det_recall.get(key)
        if cached is None:
            for q in range(det.num_players):
                new.recall_of(q)
            self.det_recall = {key: dict(new.recall)}
        else:
            new.recall = dict(cached)
        return new

    def __deepcopy__(self, memo: dict[int, Any]) -> _Inner:
        # _Inner.__init__ by hand: a clone is on the hot path of every search
        game = self.game
        state = self._state
        if state is not None:
            state = state.clone()
            if game.resample_chance:
                state.chance.reseed(game._reseeds.getrandbits(64))
        new = _Inner.__new__(_Inner)
        new.game = game
        new.seed = self.seed
        new._state = state
        new.played = played = self.played
        new.at = self.at
        new.player = self.player
        new.legal = self.legal
        new.text = self.text
        new.recall = self.recall.copy()
        new.det_recall = {}
        if not played:
            game._hold(self.seed)
        return new

    def __reduce__(self) -> tuple[type[_UnboundInner], tuple[int, bool, Any]]:
        """Pickled as the Obelisk record, with the generator's state so that the future
        draws stay what they were (a determinized copy has no record: its fields)."""
        state = self._state
        body: Any = None
        if state is not None:
            if state.replayable:
                body = ("record", Record.from_state(state).to_json(), state.chance.state)
            else:
                data = {k: v for k, v in state_fields(state).items() if k != "game"}
                body = ("fields", type(state), pickle.dumps(data, pickle.HIGHEST_PROTOCOL))
        return (_UnboundInner, (self.seed, self.played, body))

    def __del__(self) -> None:
        if not getattr(self, "played", True):
            # at interpreter shutdown there may be nothing left to hand the seed back to
            # (try, not contextlib.suppress: every clone drops an unplayed state)
            try:  # noqa: SIM105
                self.game._drop(self.seed)
            except Exception:
                pass


class ObeliskSpielState(pyspiel.State):  # type: ignore[misc]
    """A position, wrapping an Obelisk ``State`` (dealt from ``seed`` on first use).

    Its one Python attribute is ``_inner`` (what OpenSpiel copies to clone a state and
    pickles to serialise one). ``legal_actions()`` is answered in Python from the
    position's cached ids (OpenSpiel's C++ path asks the current player three times and
    converts the list twice); C++ callers get the same ids through ``_legal_actions``.
    """

    def __init__(self, game: ObeliskSpielGame, seed: int) -> None:
        super().__init__(game)
        self._inner = _Inner(game, seed)

    def __setattr__(self, name: str, value: Any) -> None:
        # OpenSpiel deserialises a state by making a new initial state of the game and
        # setting the unpickled attributes on it: the placeholder binds to that game.
        cls = type(value)
        if cls is _UnboundInner:
            value = value.bind(self._inner.game)
        elif cls is _UnboundShared:
            return
        _set_attribute(self, name, value)

    def __reduce__(self) -> tuple[Callable[[str], Any], tuple[str]]:
        # pickle through OpenSpiel's own serialisation, by a function that registers the
        # games first (so a fresh process can load it)
        return (_state_from_string, (pyspiel.serialize_game_and_state(self.get_game(), self),))

    @property
    def g(self) -> ObeliskSpielGame:
        """The OpenSpiel game."""
        return self._inner.game

    @property
    def inner(self) -> State:
        """The Obelisk state (handed out for changing: the state counts as played)."""
        return self._inner.play()

    # The hot methods read the caches of ``_Inner`` in place (a Python call less each):
    # what they return is cached for the position of ``at`` steps, as ``_Inner.fresh``.

    def current_player(self) -> int:
        inner = self._inner
        state = inner._state
        player = inner.player
        if player is None or state is None or state.history._n != inner.at:
            return inner.current()
        return player

    def legal_actions(self, player: int | None = None) -> list[int]:
        """The legal action ids of the current player (or of ``player``: none unless it
        is the current player), sorted; a new list each call."""
        inner = self._inner
        if player is None or player == inner.current():
            return inner.legal_ids().copy()  # (an Obelisk state has none when it is over)
        if player >= 0:
            return []
        return list(pyspiel.State.legal_actions(self, player))  # OpenSpiel's refusal

    def _legal_actions(self, player: int) -> list[int]:
        inner = self._inner
        if player != inner.current():
            return []
        return inner.legal_ids()  # pybind11 copies it into a vector

    def _apply_action(self, action: int) -> None:
        inner = self._inner
        state = inner._state
        legal = inner.legal
        if legal is None or state is None or state.history._n != inner.at:
            legal = inner.legal_ids()
            state = inner.state
        if not inner.played:
            inner.play()
        actions = inner.game.actions
        if action in legal:
            state.apply_unchecked(actions[action])
            return
        if not 0 <= action < len(actions):
            raise ValueError(f"action {action} is outside 0..{len(actions) - 1}")
        state.apply(actions[action])  # raises IllegalAction, naming the rule

    def _action_to_string(self, player: int, action: int) -> str:
        return self.g.actions[action].text()

    def is_terminal(self) -> bool:
        return self.current_player() == TERMINAL

    def returns(self) -> list[float]:
        return [float(x) for x in self._inner.state.returns()]

    def resample_from_infostate(
        self, player_id: int, probability_sampler: Callable[[], float] | None = None
    ) -> ObeliskSpielState:
        """A state ``player_id`` cannot tell from this one: the Obelisk ``determinize``.

        Everything the player cannot know is re-drawn (hidden cards, the chance
        generator), from a generator seeded by ``probability_sampler()`` (OpenSpiel passes
        a uniform sampler; none: Python's ``random``). The player's observation, its
        events and so its information-state string are those of this state, which is what
        OpenSpiel's ``ISMCTSBot`` checks. ``history()`` stays this state's (OpenSpiel's
        full history, which no player sees).
        """
        u = probability_sampler() if probability_sampler is not None else random.random()
        rng = random.Random(int(float(u) * 2**53))
        new: ObeliskSpielState = self.clone()
        new._inner = self._inner.resampled(int(player_id), rng)
        return new

    def __str__(self) -> str:
        inner = self._inner
        inner.fresh()
        if inner.text is None:
            inner.text = inner.state.to_text(None)
        return inner.text


#: Sets an attribute of a state past its ``__setattr__`` (pybind11's own setter).
_set_attribute = pyspiel.State.__setattr__


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


class InfoStateObserver:
    """The information state (perfect recall): a string, and a tensor that summarises it.

    The string is canonical JSON ``{"observation": {...}, "recall": "<hex>", "seen": k}``:
    the player's observation now, the number of events it has seen, and a SHA-256 chain
    over those events in order (``h = sha256(h + event JSON)``, each event as
    ``events_for(player)`` gives it). Two positions give the same string exactly when the
    player saw the same things in the same order (up to a hash collision), and the string
    stays the same size however long the game; ``state.inner.events_for(player)`` is the
    readable form.

    The tensor is the observation tensor followed by a summary of the recall: for every
    kind of event the sample of the observation encoder showed (and one slot for any
    other kind), how many of them the player has seen, divided by the most seen in the
    sample and clipped to 1. It has a fixed length, but it is a summary: two information
    states that differ only in the order or the details of their events share a tensor
    (the string tells them apart).
    """

    def __init__(self, game: ObeliskSpielGame) -> None:
        self.game = game
        kinds, scale = game.recall_kinds()
        self.kinds = {k: i for i, k in enumerate(kinds)}
        self.scale = scale
        size = game.encoder.size
        self.tensor = np.zeros(size + len(kinds) + 1, np.float32)
        self.dict: dict[str, Any] = {"info_state": self.tensor}
        #: Per Obelisk state and player: events read so far and the counts (a state only
        #: grows, so each call reads only the new events).
        self._counts: weakref.WeakKeyDictionary[State, dict[int, tuple[int, Any]]] = (
            weakref.WeakKeyDictionary()
        )

    def set_from(self, state: ObeliskSpielState, player: int) -> None:
        inner = state._inner
        size = self.game.encoder.size
        obs = self.tensor[:size]
        if inner.played:
            self.game.encoder.encode_into(inner.state.observation(player), obs)
        else:
            obs[:] = self.game._initial_observation(inner, player)
        st = inner.state
        per_state = self._counts.setdefault(st, {})
        done, counts = per_state.get(player, (0, None))
        counts = np.zeros(len(self.kinds) + 1, np.float32) if counts is None else counts.copy()
        other = len(self.kinds)
        for e in st.events_for(player, done):  # only the events since the last call
            counts[self.kinds.get(str(e.get("kind")), other)] += 1
        per_state[player] = (len(st.events), counts)
        self.tensor[size:] = np.minimum(counts / self.scale, 1.0)

    def string_from(self, state: ObeliskSpielState, player: int) -> str:
        return state._inner.info_state(player)


class RolloutEvaluator:
    """An evaluator for OpenSpiel's ``MCTSBot`` and ``ISMCTSBot`` on Obelisk games.

    From the position it is given it plays at most ``depth`` moves (default: the game's
    ``rollout_depth``) on a copy of the Obelisk state, then scores the position as
    Obelisk's own search does (``obelisk.agents.ismcts.evaluate``: the returns at the
    end, otherwise each seat's standing against the others, in [0, 1]). The moves come
    from ``policy``: "playout" (default), the game's playout player in every seat
    (``Game.playout_agent``, fresh for each rollout), or "random". Random rollouts are
    blind where random play is (a random Abu Simbel gesture fails the way in at once, so
    a correct move and a wrong one look the same), and a random Mummy game runs 1,000-3,000
    moves, hence the bounded depth. Priors are uniform. It reads the whole state it is
    given, as every evaluator does: ISMCTS gives it resampled worlds, plain MCTS the real one.
    """

    def __init__(self, depth: int | None = None, seed: int = 0, policy: str = "playout") -> None:
        if policy not in ("playout", "random"):
            raise ValueError(f"policy must be 'playout' or 'random', not {policy!r}")
        self.depth = depth
        self.policy = policy
        self.rng = random.Random(seed)

    def evaluate(self, state: ObeliskSpielState) -> np.ndarray:
        st = state._inner.state.clone()
        game = st.game
        depth = game.rollout_depth if self.depth is None else self.depth
        agents: dict[int, Any] = {}
        rng = self.rng
        for _ in range(depth):
            if st.is_terminal():
                break
            seat = st.current_player
            agent = None
            if self.policy == "playout":
                if seat not in agents:
                    agents[seat] = game.playout_agent()
                agent = agents[seat]
            if agent is None:
                st.apply_unchecked(rng.choice(st.legal_actions()))
            else:
                st.apply(agent.act(PlayerView(st, seat), rng))
        return np.array(evaluate(st), dtype=float)

    def prior(self, state: ObeliskSpielState) -> list[tuple[int, float]]:
        legal = state.legal_actions(state.current_player())
        return [(a, 1.0 / len(legal)) for a in legal]


def ismcts_bot(
    game: Any,
    max_simulations: int = 64,
    seed: int = 0,
    evaluator: Any = None,
    uct_c: float = 2.0,
    **kwargs: Any,
) -> Any:
    """OpenSpiel's Python ``ISMCTSBot`` for an Obelisk game, ready for ``evaluate_bots``.

    It searches worlds drawn by ``resample_from_infostate`` (the Obelisk
    ``determinize``) from a generator seeded by ``seed``, so a game between seeded bots
    replays exactly, and scores leaves with :class:`RolloutEvaluator` unless given
    another ``evaluator``. OpenSpiel's ISMCTSBot has no ``restart_at``, which
    ``evaluate_bots`` calls: this one forgets its tree there. Other keywords go to
    ``ISMCTSBot`` (``use_observation_string=True`` keys the tree by observations).
    """
    from open_spiel.python.algorithms import ismcts

    class Bot(ismcts.ISMCTSBot):  # type: ignore[misc]
        def restart_at(self, state: Any) -> None:
            self.reset()

    rng = random.Random(seed)
    bot = Bot(
        game,
        evaluator if evaluator is not None else RolloutEvaluator(seed=seed),
        uct_c,
        max_simulations,
        random_state=np.random.RandomState(seed % 2**32),
        **kwargs,
    )
    bot.set_resampler(lambda state, player: state.resample_from_infostate(player, rng.random))
    return bot


def mcts_bot(
    game: Any,
    max_simulations: int = 64,
    seed: int = 0,
    evaluator: Any = None,
    uct_c: float = 2.0,
    **kwargs: Any,
) -> Any:
    """OpenSpiel's Python ``MCTSBot`` for an Obelisk game, scoring leaves with
    :class:`RolloutEvaluator` unless given another ``evaluator``.

    Plain MCTS searches clones of the real state, hidden parts and chance generator
    included, so it plays with knowledge no seat has: load the game with
    ``resample_chance=True`` to at least hide the future draws (docs/rl.md).
    """
    from open_spiel.python.algorithms import mcts

    return mcts.MCTSBot(
        game,
        uct_c,
        max_simulations,
        evaluator if evaluator is not None else RolloutEvaluator(seed=seed),
        random_state=np.random.RandomState(seed % 2**32),
        **{"solve": False, **kwargs},
    )


class ObeliskBot(pyspiel.Bot):  # type: ignore[misc]
    """One of Obelisk's own players (any level: ``heuristic``, ``search-normal``, a
    game's ``belief`` or memory player, ``ismcts:…``) as an OpenSpiel bot.

    It decides from the seat's own view (``PlayerView``: its observation and its events),
    so it sees what the seat may see, nothing more. ``seed`` seeds its random choices,
    so a game between seeded bots replays; search levels play by iterations alone.
    """

    def __init__(self, game: Any, player: int, level: str, seed: int = 0) -> None:
        pyspiel.Bot.__init__(self)
        from obelisk.sim.tournament import make_player

        self.game = game
        self.player = player
        self.level = level
        self.seed = seed
        self.agent = make_player(game.obelisk, level)
        self.rng = random.Random(seed)

    def restart_at(self, state: Any) -> None:
        """A new game: a fresh agent (no memory of the last game)."""
        from obelisk.sim.tournament import make_player

        self.agent = make_player(self.game.obelisk, self.level)

    def step(self, state: Any) -> int:
        """The bot's action (an OpenSpiel action id) in ``state``."""
        inner = state._inner.state
        action = self.agent.act(PlayerView(inner, self.player), self.rng)
        return int(self.game.index[action])


def obelisk_bot(game: Any, player: int, level: str = "heuristic", seed: int = 0) -> ObeliskBot:
    """Obelisk's player ``level`` for seat ``player`` as an OpenSpiel bot (for
    ``evaluate_bots`` beside OpenSpiel's own bots)."""
    return ObeliskBot(game, player, level, seed)


def _state_from_string(text: str) -> Any:
    """A state from ``pyspiel.serialize_game_and_state`` (its games registered first)."""
    register_all()
    return pyspiel.deserialize_game_and_state(text)[1]


def _game_from_string(text: str) -> Any:
    """A game from ``game.serialize()`` (its games registered first)."""
    register_all()
    return pyspiel.deserialize_game(text)


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


def load_game(
    name: str,
    players: int | None = None,
    rng_seed: int = 0,
    variant: str = "",
    resample_chance: bool = False,
    **options: Any,
) -> Any:
    """``pyspiel.load_game`` for an Obelisk game, registering it first.

    ``variant`` names one of the game's presets (``obelisk games``), e.g.
    ``load_game("abu_simbel", players=1, variant="all_for_one")``; ``resample_chance``
    reseeds the chance generator of every clone (see ``docs/rl.md``). Any rule option is
    a keyword (``load_game("sobek", penalty_mode="half_round")``); a list option is text
    in the form ``--option`` takes (``thresholds="3,4,6,7"``).
    """
    game = get_game(name)
    short = register(game)
    known = option_params(game)
    unknown = sorted(set(options) - set(known))
    if unknown:
        raise ValueError(f"{game.title} has no option(s) {', '.join(unknown)}")
    params: dict[str, Any] = {
        "players": players or _default_players(game),
        "rng_seed": rng_seed,
        "variant": variant,
        "resample_chance": resample_chance,
    }
    for k, v in options.items():
        if isinstance(known[k], str) and not isinstance(v, str):
            v = ",".join(map(str, v)) if isinstance(v, (list, tuple)) else str(v)
        params[k] = v
    return pyspiel.load_game(short, params)
