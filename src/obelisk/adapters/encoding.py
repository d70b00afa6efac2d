"""Fixed-size views of a game for learning: an integer action space and observation vectors.

Both are derived from the game through the core protocol only:

* **Actions.** A game that implements ``Game.action_space`` gives the exact list
  (every game shipped with Obelisk does). Otherwise the space is the sorted set of
  every action that was legal in a sample of games (an approximation: an action never
  seen there cannot be chosen by a learner).
* **Observations.** :class:`ObservationEncoder` learns the *shape* of a seat's
  observation (the JSON dict ``observation(seat)``) from a seeded sample of games and
  then writes any observation into a fixed-length float32 vector: each field gets a
  presence bit; numbers are scaled by the largest magnitude seen; booleans are 0/1;
  strings are one-hot over the values seen plus an "other" slot (a field with more
  than ``MAX_CATEGORIES`` values: one-hot character by character); lists hold their
  length and up to the longest length seen, item by item; dicts hold their keys in
  sorted order. :meth:`ObservationEncoder.describe` lists the layout.
* **Action parts.** :func:`action_parts` describes each action of a space by its parts
  (its kind, and the value of each field; a list field by each of its items), for a
  learner whose action space is too big for one output per action (Khufu's): it scores
  the parts and an action by the sum of its parts' scores.

Only ``observation(seat)`` is ever encoded, so nothing hidden can reach a learner.
"""

from __future__ import annotations

import dataclasses
import json
import random
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import Any

import numpy as np

from obelisk.core import Action, Game, PlayerView

SAMPLE_GAMES = 12  # seeded games whose observations shape the encoding
SAMPLE_EVERY = 3  # of their positions, every third one is read (for one seat in turn)
SAMPLE_BOT_SHARES = (0.0, 0.5, 0.95)  # share of the sample games' moves the heuristic makes
ACTION_SAMPLE_GAMES = 48  # games whose legal actions make a sampled action space
SAMPLE_SEED = 2026
#: A text field with more distinct values than this is written character by character
#: (e.g. Ramses' board rows), not one-hot over whole values.
MAX_CATEGORIES = 128

#: An observation vector being written (a float32 array, or a list in tests).
Vector = Any
#: Writes one value's slots into a zeroed vector at an offset.
Writer = Callable[[Any, Vector, int], None]


def _clip(x: float) -> float:
    """A scaled number kept within [-1, 1] (a value beyond the sample's largest is clipped,
    so the observation space is bounded: PettingZoo's ``Box(-1, 1)``)."""
    return -1.0 if x < -1.0 else 1.0 if x > 1.0 else x


class _Node:
    """The learned shape of one place in an observation."""

    __slots__ = (
        "bool_",
        "char_index",
        "chars",
        "index",
        "items",
        "keys",
        "maxlen",
        "num",
        "scale",
        "size",
        "strings",
        "strlen",
        "zeros",
    )

    def __init__(self) -> None:
        self.num = False
        self.bool_ = False
        self.scale = 1.0
        self.strings: set[str] = set()
        self.keys: dict[str, _Node] = {}
        self.items: _Node | None = None
        self.maxlen = -1  # -1: never a list
        # set by freeze()
        self.index: dict[str, int] = {}  # one-hot slot of each text value
        self.chars = ""  # character-wise text: the characters seen, in order
        self.char_index: dict[str, int] = {}
        self.strlen = 0  # character-wise text: the longest text seen
        self.size = 0
        self.zeros: list[float] = []

    def add(self, v: Any) -> None:
        if v is None:
            return
        if isinstance(v, bool):
            self.bool_ = True
        elif isinstance(v, (int, float)):
            self.num = True
            self.scale = max(self.scale, abs(float(v)))
        elif isinstance(v, str):
            self.strings.add(v)
        elif isinstance(v, dict):
            keys = self.keys
            for k, x in v.items():
                key = k if isinstance(k, str) else str(k)
                node = keys.get(key)
                if node is None:
                    node = keys[key] = _Node()
                node.add(x)
        elif isinstance(v, (list, tuple)):
            self.maxlen = max(self.maxlen, len(v))
            if self.items is None:
                self.items = _Node()
            add = self.items.add
            for x in v:
                add(x)
        else:
            self.strings.add(str(v))

    def freeze(self) -> None:
        """Fix the layout: sorted keys and values, cached sizes."""
        if len(self.strings) > MAX_CATEGORIES:
            self.chars = "".join(sorted(set("".join(self.strings))))
            self.char_index = {c: i for i, c in enumerate(self.chars)}
            self.strlen = max(len(x) for x in self.strings)
        else:
            self.index = {x: i for i, x in enumerate(sorted(self.strings))}
        self.keys = dict(sorted(self.keys.items()))
        for n in self.keys.values():
            n.freeze()
        if self.items is not None:
            self.items.freeze()
        s = 1 + int(self.num) + int(self.bool_)
        if self.index:
            s += len(self.index) + 1
        if self.chars:
            s += self.strlen * (len(self.chars) + 1)
        s += sum(n.size for n in self.keys.values())
        if self.maxlen >= 0:
            s += 1 + (self.maxlen * self.items.size if self.items is not None else 0)
        self.size = s
        self.zeros = [0.0] * s

    def encode(self, v: Any, out: list[float]) -> None:
        if v is None:
            out.extend(self.zeros)
            return
        out.append(1.0)
        if self.num:
            ok = isinstance(v, (int, float)) and not isinstance(v, bool)
            out.append(_clip(float(v) / self.scale) if ok else 0.0)
        if self.bool_:
            out.append(1.0 if v is True else 0.0)
        if self.index:
            hot = [0.0] * (len(self.index) + 1)
            if isinstance(v, str):
                hot[self.index.get(v, -1)] = 1.0  # -1: the "other" slot
            out.extend(hot)
        if self.chars:
            width = len(self.chars) + 1
            hot = [0.0] * (self.strlen * width)
            if isinstance(v, str):
                ci = self.char_index
                for i, c in enumerate(v[: self.strlen]):
                    hot[i * width + ci.get(c, width - 1)] = 1.0
            out.extend(hot)
        if self.keys:
            if isinstance(v, dict):
                get = v.get
                for k, n in self.keys.items():
                    n.encode(get(k), out)
            else:
                for n in self.keys.values():
                    out.extend(n.zeros)
        if self.maxlen >= 0:
            seq = v if isinstance(v, (list, tuple)) else ()
            out.append(min(1.0, len(seq) / max(1, self.maxlen)))
            items = self.items
            if items is not None:
                m = self.maxlen
                for x in seq[:m]:
                    items.encode(x, out)
                if len(seq) < m:
                    out.extend(items.zeros * (m - len(seq)))

    def writer(self) -> Writer:
        """A function that writes a (not None) value's slots into a zeroed vector at an
        offset: what :meth:`encode` does, but built once for this node's shape and
        touching only the slots that are not 0 (most of a vector is absent fields,
        empty list places and the cold slots of one-hots).

        The first part of a node also writes its presence bit (its ``lead_*`` flag), so a node of
        one part (most of them: a number, a one-hot, a dict, a list) is that part, with
        no function around it: a call less for every value written."""
        parts: list[Writer] = []
        rel = 1  # after the presence bit
        if self.num:
            scale, r_num, lead_num = self.scale, rel, not parts

            def number(v: Any, out: Vector, off: int) -> None:
                if lead_num:
                    out[off] = 1.0
                if isinstance(v, (int, float)) and not isinstance(v, bool):
                    x = v / scale  # clipped as _clip does (inline: a call less)
                    out[off + r_num] = -1.0 if x < -1.0 else 1.0 if x > 1.0 else x

            parts.append(number)
            rel += 1
        if self.bool_:
            r_bool, lead_bool = rel, not parts

            def boolean(v: Any, out: Vector, off: int) -> None:
                if lead_bool:
                    out[off] = 1.0
                if v is True:
                    out[off + r_bool] = 1.0

            parts.append(boolean)
            rel += 1
        if self.index:
            index, other, r_hot, lead_hot = self.index, len(self.index), rel, not parts

            def one_hot(v: Any, out: Vector, off: int) -> None:
                if lead_hot:
                    out[off] = 1.0
                if isinstance(v, str):
                    out[off + r_hot + index.get(v, other)] = 1.0

            parts.append(one_hot)
            rel += len(self.index) + 1
        if self.chars:
            ci, cw, strlen, r_text = self.char_index, len(self.chars) + 1, self.strlen, rel
            lead_text = not parts

            def text(v: Any, out: Vector, off: int) -> None:
                if lead_text:
                    out[off] = 1.0
                if isinstance(v, str):
                    base = off + r_text
                    for i, c in enumerate(v[:strlen]):
                        out[base + i * cw + ci.get(c, cw - 1)] = 1.0

            parts.append(text)
            rel += strlen * cw
        if self.keys:
            children = []
            for k, n in self.keys.items():
                children.append((k, n.writer(), rel))
                rel += n.size
            fields_, lead_fields = tuple(children), not parts

            def fields(v: Any, out: Vector, off: int) -> None:
                if lead_fields:
                    out[off] = 1.0
                if isinstance(v, dict):
                    get = v.get
                    for k, w, r in fields_:
                        x = get(k)
                        if x is not None:
                            w(x, out, off + r)

            parts.append(fields)
        if self.maxlen >= 0:
            m, denom, r_len = self.maxlen, float(max(1, self.maxlen)), rel
            item = self.items.writer() if self.items is not None else None
            step = self.items.size if self.items is not None else 0
            lead_items = not parts

            def items(v: Any, out: Vector, off: int) -> None:
                if lead_items:
                    out[off] = 1.0
                if isinstance(v, (list, tuple)) and v:
                    base = off + r_len
                    out[base] = min(1.0, len(v) / denom)
                    if item is not None:
                        base += 1
                        for x in v[:m]:
                            if x is not None:
                                item(x, out, base)
                            base += step

            parts.append(items)
        if len(parts) == 1:
            return parts[0]
        if not parts:

            def present(v: Any, out: Vector, off: int) -> None:
                out[off] = 1.0

            return present
        all_parts = tuple(parts)

        def several(v: Any, out: Vector, off: int) -> None:
            for part in all_parts:  # the first writes the presence bit
                part(v, out, off)

        return several

    def describe(self, path: str, offset: int, rows: list[tuple[int, int, str, str]]) -> None:
        kinds = []
        if self.num:
            kinds.append(f"number/{self.scale:g}")
        if self.bool_:
            kinds.append("bool")
        if self.index:
            kinds.append(f"one of {len(self.index)}+other")
        if self.chars:
            kinds.append(f"text ≤{self.strlen} chars, each one of {len(self.chars)}+other")
        if self.maxlen >= 0:
            kinds.append(f"list ≤{self.maxlen}")
        rows.append((offset, self.size, path or "(root)", ", ".join(kinds) or "object"))
        off = offset + 1 + int(self.num) + int(self.bool_)
        off += len(self.index) + 1 if self.index else 0
        off += self.strlen * (len(self.chars) + 1) if self.chars else 0
        for k, n in self.keys.items():
            n.describe(f"{path}.{k}" if path else k, off, rows)
            off += n.size


def _sample_states(game: Game, n: int, options: Any, games: int = SAMPLE_GAMES) -> Any:
    """The positions of ``games`` seeded games. A third of them are uniformly random;
    in the others the game's own heuristic (if it has one) makes half or nearly all of
    the moves, so that the sample also holds the deep positions random play never
    reaches (an Abu Simbel game of random moves ends after a few wrong ones)."""
    rng = random.Random(SAMPLE_SEED)
    bot = game.heuristic_agent()
    for g in range(games):
        share = SAMPLE_BOT_SHARES[g % len(SAMPLE_BOT_SHARES)] if bot is not None else 0.0
        state = game.new_state(n, SAMPLE_SEED + g, options)
        yield state
        while not state.is_terminal():
            if share and rng.random() < share:
                action = bot.act(PlayerView(state, state.current_player), rng)  # type: ignore[union-attr]
            else:
                action = rng.choice(state.legal_actions())
            state.apply_unchecked(action)
            yield state


class ObservationEncoder:
    """Writes one seat's observation as a fixed-length vector (see the module docstring)."""

    def __init__(self, game: Game, num_players: int, options: Any) -> None:
        self.root = _Node()
        for count, state in enumerate(_sample_states(game, num_players, options)):
            if count % SAMPLE_EVERY == 0:  # one seat in turn: every seat's view is sampled
                self.root.add(state.observation(count // SAMPLE_EVERY % num_players))
        self.root.freeze()
        self.size = self.root.size
        self._write = self.root.writer()

    def encode(self, observation: dict[str, Any]) -> np.ndarray:
        """The vector of one observation (float32)."""
        out = np.zeros(self.size, np.float32)
        self._write(observation, out, 0)
        return out

    def encode_into(self, observation: dict[str, Any], out: np.ndarray) -> None:
        """Write the vector of one observation into ``out`` (its length is ``size``)."""
        out.fill(0.0)
        self._write(observation, out, 0)

    def encode_slow(self, observation: dict[str, Any]) -> list[float]:
        """:meth:`encode` by walking the layout (the reference the fast path is tested on)."""
        out: list[float] = []
        self.root.encode(observation, out)
        return out

    def describe(self) -> list[tuple[int, int, str, str]]:
        """(offset, size, field path, kind) of every field, for the docs."""
        rows: list[tuple[int, int, str, str]] = []
        self.root.describe("", 0, rows)
        return rows


def _no_fields(action: Action) -> tuple[()]:
    return ()


class ActionIndex:
    """The ids of actions in a fixed action list, found fast.

    The adapters map every legal action to its id at every decision, so this is on
    their hot path. The engines hand out the same action objects again and again (each
    keeps its own table of them), and a game's legal lists repeat too (a few hundred
    different ones in thousands of decisions), so a legal list's sorted ids are
    remembered by the identities of its objects: ``tuple(map(id, actions))`` and one dict
    lookup, all in C. A list seen for the first time is looked up action by action: by
    object if the object was seen before, else by value, each action class having a dict
    keyed by its field values read with a C-level ``attrgetter`` (a dataclass's own
    ``__hash__`` and ``__eq__`` are Python code), which matches what ``==`` matches.

    The memo keeps every object it names alive, so an identity in it is never reused by
    another object; it is emptied when it grows past :attr:`MEMO_LIMIT` objects or
    lists (an engine that makes new objects each time).
    """

    #: Most action objects, and most legal lists, remembered at once.
    MEMO_LIMIT = 16384

    def __init__(self, actions: Iterable[Action]) -> None:
        self._by_class: dict[type, tuple[Callable[[Action], Any], dict[Any, int]]] = {}
        for i, a in enumerate(actions):
            cls = type(a)
            entry = self._by_class.get(cls)
            if entry is None:
                names = (
                    [f.name for f in dataclasses.fields(cls)] if dataclasses.is_dataclass(a) else []
                )
                get: Callable[[Action], Any] = attrgetter(*names) if names else _no_fields
                entry = self._by_class[cls] = (get, {})
            entry[1].setdefault(entry[0](a), i)
        #: The sorted ids of the legal lists seen, by the identities of their objects: a
        #: hot loop may read ``lists.get(tuple(map(id, actions)))`` itself and call
        #: :meth:`ids` when that is None.
        self.lists: dict[tuple[int, ...], list[int]] = {}
        self._objects: dict[int, int] = {}  # id(action object) -> its id in the list
        self._alive: list[Action] = []  # the objects named in the memo

    def ids(self, actions: Sequence[Action]) -> list[int]:
        """The sorted ids of ``actions`` (those outside the list are left out). The list
        may be shared with later calls: read it, do not change it."""
        key = tuple(map(id, actions))
        out = self.lists.get(key)
        if out is None:
            out = self._find(actions, key)
        return out

    def _find(self, actions: Sequence[Action], key: tuple[int, ...]) -> list[int]:
        """The sorted ids of ``actions`` looked up one by one, remembered from now on."""
        objects, alive, by_class = self._objects, self._alive, self._by_class
        if len(objects) + len(actions) > self.MEMO_LIMIT or len(self.lists) >= self.MEMO_LIMIT:
            self.lists.clear()
            objects.clear()
            alive.clear()
        out = []
        for a in actions:
            i = objects.get(id(a))
            if i is None:
                entry = by_class.get(type(a))
                if entry is None:
                    continue
                i = entry[1].get(entry[0](a))
                if i is None:
                    continue
                objects[id(a)] = i
                alive.append(a)
            out.append(i)
        out.sort()
        if len(out) == len(actions):  # every object is kept alive: the key stays true
            self.lists[key] = out
        return out


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


@dataclass(frozen=True, eq=False)  # an array compares element-wise: identity is equality
class ActionParts:
    """A factored description of an action space (see :func:`action_parts`).

    ``names[k]`` reads one part (``"select"``, ``"steal.target=2"``,
    ``"select.cards∋T5"``); row ``i`` of ``table`` holds the part indices of action
    ``i``, padded with -1 to the longest row (an action whose list field holds an item
    twice has that part twice).
    """

    names: tuple[str, ...]
    table: np.ndarray  # int32, shape (number of actions, most parts of one action)

    def of(self, index: int) -> list[int]:
        """The part indices of action ``index`` (without the padding)."""
        return [int(k) for k in self.table[index] if k >= 0]


def _part_value(v: Any) -> str:
    return v if isinstance(v, str) else json.dumps(v, sort_keys=True)


def action_parts(actions: Sequence[Action]) -> ActionParts:
    """Each action of ``actions`` as its parts: its kind, then ``kind.field=value`` for
    each field, and for a list field ``kind.field∋item`` for each of its items (so a
    list's order is not a part: Khufu's challenge selection of three cards is its kind
    and its three cards). Parts are numbered in order of first use, so the description
    is the same in every process for the same action list. Different actions may share
    all their parts (a list's order); a learner scoring parts scores them alike.
    """
    index: dict[str, int] = {}
    rows: list[list[int]] = []
    for a in actions:
        wire = a.to_json()
        kind = str(wire.pop("kind"))
        names = [kind]
        for field, v in wire.items():
            if isinstance(v, list):
                names += [f"{kind}.{field}∋{_part_value(x)}" for x in v]
            else:
                names.append(f"{kind}.{field}={_part_value(v)}")
        rows.append([index.setdefault(n, len(index)) for n in names])
    width = max((len(r) for r in rows), default=0)
    table = np.full((len(rows), width), -1, np.int32)
    for i, r in enumerate(rows):
        table[i, : len(r)] = r
    return ActionParts(tuple(index), table)


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
