"""Checks every game's narration passes: shared by ``tests/games/<game>/test_narration.py``.

``narrated_games(game, ...)`` plays random and heuristic games and narrates every
event for every seat and for a spectator, from ``events_for(seat)`` only (the
narrator never sees the state, so a sentence cannot hold what the seat may not
know). ``check_narration`` asserts: every event kind has a sentence or a
deliberate silence; no sentence looks like debug output (``key=value``, ``{'``,
``(label: 12)``) or counts seats from 0 (``seat 0``, ``P0``); and every sentence
is a single line.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field

from obelisk.agents import make_agent
from obelisk.core import Game, PlayerView, State, Voice, raw_fragment

#: A seat counted from 0 where a person reads (``seat 0``, ``P0``, ``player 0``).
ZERO_SEAT = re.compile(r"\b(?:seat|player|P)\s?0\b", re.IGNORECASE)


@dataclass
class Narrated:
    """What a check saw: every (kind, seat, sentence) and the kinds seen."""

    lines: list[tuple[str, int | None, str | None]] = field(default_factory=list)
    kinds: set[str] = field(default_factory=set)


def positions(
    game: Game, n: int, seed: int, level: str = "random", options=None
) -> Iterator[State]:
    """Every position of a seeded game between computer players of ``level`` (``random``
    or ``heuristic``): the same state object, moved on after each yield."""
    state = game.new_state(n, seed, options)
    agents = [make_agent(game, level) for _ in range(n)]
    rng = random.Random(seed)
    steps = 0
    yield state
    while not state.is_terminal() and steps < game.capabilities.max_steps:
        p = state.current_player
        if p < 0:
            break
        state.apply(agents[p].act(PlayerView(state, p), rng))
        steps += 1
        yield state


def play(game: Game, n: int, seed: int, level: str = "random", options=None) -> State:
    """A finished game between computer players of ``level`` (``random`` or ``heuristic``)."""
    *_, state = positions(game, n, seed, level, options)
    return state


def narrate_all(game: Game, state: State, names: Sequence[str] | None = None) -> Narrated:
    """Narrate every event of ``state`` for every seat and a spectator."""
    out = Narrated()
    default = [f"Bot {i + 1} (normal)" for i in range(state.num_players)]
    names = tuple(names or default)
    for seat in [None, *range(state.num_players)]:
        voice = Voice(names, seat)
        for event in state.events_for(seat):
            kind = str(event["kind"])
            out.kinds.add(kind)
            out.lines.append((kind, seat, game.narrate(event, voice)))
    return out


def games(
    game: Game, seeds: Sequence[int], levels: Sequence[str] = ("random", "heuristic"), options=None
) -> Iterator[State]:
    """Finished games for every player count, seed and level."""
    for n in game.player_counts():
        for level in levels:
            for seed in seeds:
                yield play(game, n, seed, level, options)


def check_narration(game: Game, states: Sequence[State]) -> Narrated:
    """Assert the narration of ``states`` is complete and readable; return what it saw."""
    seen = Narrated()
    for state in states:
        got = narrate_all(game, state)
        seen.lines += got.lines
        seen.kinds |= got.kinds
    unknown = sorted(k for k in seen.kinds if not game.narrator.knows(k))
    assert not unknown, f"{game.name}: event kinds with no sentence nor silence: {unknown}"
    for kind, seat, text in seen.lines:
        if text is None:
            continue
        assert text.strip(), f"{kind}: an empty sentence"
        assert "\n" not in text.strip(), f"{kind}: a sentence of several lines: {text!r}"
        bad = raw_fragment(text)
        assert bad is None, f"{kind} for seat {seat}: debug text {bad!r} in {text!r}"
        assert not ZERO_SEAT.search(text), f"{kind}: a seat counted from 0 in {text!r}"
    return seen
