"""Fixed-size views of a game for learning: an integer action space and observation vectors.

Both are derived from the game through the core protocol only:

* **Actions.** A game that implements ``Game.action_space`` gives the exact list.
  Otherwise the space is the sorted set of every action that was legal in a
  sample of random games (documented as an approximation: an action never seen
  there cannot be chosen by a learner).
* **Observations.** :class:`ObservationEncoder` learns the *shape* of a seat's
  observation (the JSON dict ``observation(seat)``) from a sample of random games
  and then writes any observation into a fixed-length float vector: each field
  gets a presence bit; numbers are scaled by the largest magnitude seen; booleans
  are 0/1; strings are one-hot over the values seen plus an "other" slot; lists
  hold their length and up to the longest length seen, item by item; dicts hold
  their keys in sorted order. :meth:`ObservationEncoder.describe` lists the layout.

Only ``observation(seat)`` is ever encoded, so nothing hidden can reach a learner.
"""

from __future__ import annotations

import json
import random
from functools import cache
from typing import Any

from obelisk.core import Action, Game

SAMPLE_GAMES = 12  # random games whose observations shape the encoding
ACTION_SAMPLE_GAMES = 48  # random games whose legal actions make a sampled action space
SAMPLE_SEED = 2026


class _Node:
    """The learned shape of one place in an observation."""

    __slots__ = ("bool_", "items", "keys", "maxlen", "num", "scale", "strings")

    def __init__(self) -> None:
        self.num = False
        self.bool_ = False
        self.scale = 1.0
        self.strings: set[str] | list[str] = set()
        self.keys: dict[str, _Node] = {}
        self.items: _Node | None = None
        self.maxlen = -1  # -1: never a list

    def add(self, v: Any) -> None:
        if v is None:
            return
        if isinstance(v, bool):
            self.bool_ = True
        elif isinstance(v, (int, float)):
            self.num = True
            self.scale = max(self.scale, abs(float(v)))
        elif isinstance(v, str):
            assert isinstance(self.strings, set)
            self.strings.add(v)
        elif isinstance(v, dict):
            for k, x in v.items():
                self.keys.setdefault(str(k), _Node()).add(x)
        elif isinstance(v, (list, tuple)):
            self.maxlen = max(self.maxlen, len(v))
            if self.items is None:
                self.items = _Node()
            for x in v:
                self.items.add(x)
        else:
            assert isinstance(self.strings, set)
            self.strings.add(str(v))

    def freeze(self) -> None:
        self.strings = sorted(self.strings)
        self.keys = dict(sorted(self.keys.items()))
        for n in self.keys.values():
            n.freeze()
        if self.items is not None:
            self.items.freeze()

    def size(self) -> int:
        s = 1 + int(self.num) + int(self.bool_)
        if self.strings:
            s += len(self.strings) + 1
        s += sum(n.size() for n in self.keys.values())
        if self.maxlen >= 0 and self.items is not None:
            s += 1 + self.maxlen * self.items.size()
        elif self.maxlen >= 0:
            s += 1
        return s

    def encode(self, v: Any, out: list[float]) -> None:
        start = len(out)
        out.append(0.0 if v is None else 1.0)
        if self.num:
            ok = isinstance(v, (int, float)) and not isinstance(v, bool)
            out.append(float(v) / self.scale if ok else 0.0)
        if self.bool_:
            out.append(1.0 if v is True else 0.0)
        if self.strings:
            strings = self.strings
            hot = [0.0] * (len(strings) + 1)
            if isinstance(v, str):
                try:
                    hot[strings.index(v)] = 1.0  # type: ignore[union-attr]
                except ValueError:
                    hot[-1] = 1.0
            out.extend(hot)
        for k, n in self.keys.items():
            n.encode(v.get(k) if isinstance(v, dict) else None, out)
        if self.maxlen >= 0:
            seq = v if isinstance(v, (list, tuple)) else []
            out.append(len(seq) / max(1, self.maxlen))
            if self.items is not None:
                for i in range(self.maxlen):
                    self.items.encode(seq[i] if i < len(seq) else None, out)
        assert len(out) - start == self.size()

    def describe(self, path: str, offset: int, rows: list[tuple[int, int, str, str]]) -> None:
        kinds = []
        if self.num:
            kinds.append(f"number/{self.scale:g}")
        if self.bool_:
            kinds.append("bool")
        if self.strings:
            kinds.append(f"one of {len(self.strings)}+other")
        if self.maxlen >= 0:
            kinds.append(f"list ≤{self.maxlen}")
        rows.append((offset, self.size(), path or "(root)", ", ".join(kinds) or "object"))
        off = (
            offset
            + 1
            + int(self.num)
            + int(self.bool_)
            + (len(self.strings) + 1 if self.strings else 0)
        )
        for k, n in self.keys.items():
            n.describe(f"{path}.{k}" if path else k, off, rows)
            off += n.size()


def _sample_states(game: Game, n: int, options: Any, games: int = SAMPLE_GAMES) -> Any:
    rng = random.Random(SAMPLE_SEED)
    for g in range(games):
        state = game.new_state(n, SAMPLE_SEED + g, options)
        yield state
        while not state.is_terminal():
            state.apply_unchecked(rng.choice(state.legal_actions()))
            yield state


class ObservationEncoder:
    """Writes one seat's observation as a fixed-length vector (see the module docstring)."""

    def __init__(self, game: Game, num_players: int, options: Any) -> None:
        self.root = _Node()
        count = 0
        for state in _sample_states(game, num_players, options):
            count += 1
            if count % 3:
                continue
            for seat in range(num_players):
                self.root.add(state.observation(seat))
        self.root.freeze()
        self.size = self.root.size()

    def encode(self, observation: dict[str, Any]) -> list[float]:
        """The vector of one observation."""
        out: list[float] = []
        self.root.encode(observation, out)
        return out

    def describe(self) -> list[tuple[int, int, str, str]]:
        """(offset, size, field path, kind) of every field, for the docs."""
        rows: list[tuple[int, int, str, str]] = []
        self.root.describe("", 0, rows)
        return rows


def action_space(game: Game, num_players: int, options: Any) -> tuple[list[Action], bool]:
    """The fixed action list and whether it is exact (declared by the game) or sampled."""
    try:
        return list(game.action_space(num_players, options)), True
    except NotImplementedError:
        pass
    seen: dict[str, Action] = {}
    for state in _sample_states(game, num_players, options, ACTION_SAMPLE_GAMES):
        for a in state.legal_actions():
            seen.setdefault(json.dumps(a.to_json(), sort_keys=True), a)
    return [seen[k] for k in sorted(seen)], False


@cache
def _spaces_cached(
    game: Game, num_players: int, options: Any
) -> tuple[list[Action], bool, ObservationEncoder]:
    actions, exact = action_space(game, num_players, options)
    return actions, exact, ObservationEncoder(game, num_players, options)


def spaces(
    game: Game, num_players: int, options: Any
) -> tuple[list[Action], bool, ObservationEncoder]:
    """Action list, exactness and observation encoder, computed once per game and settings."""
    return _spaces_cached(game, num_players, options)
