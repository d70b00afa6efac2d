"""Previews of a choice built in several steps (a set laid card by card, cards chosen then Done).

A face lets a person build such a choice click by click and cancel it before anything is
played. Between the clicks it asks the server what the table would look like after the
steps chosen so far (a ``preview`` message) and plays them all at once at the end (an
``action`` with ``then``). A preview answers only what the seat would see anyway by
playing those steps: it is computed on a copy of the position, and it stops (says the
choice is complete) at the first step that draws chance, shows the seat something
privately, passes the turn, ends the game, or whose result depends on anything the seat
cannot know (checked on copies where everything hidden from the seat is re-drawn).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from obelisk.core import Action, IllegalAction, State

from . import protocol
from .config import ServerError

JSON = Any

#: The most steps one built choice may have (a set of cards, cards chosen one by one).
MAX_STEPS = 64
#: How many re-drawn copies a preview is checked against.
REDRAWS = 2


def check_steps(state: State, seat: int, actions: Sequence[Action]) -> None:
    """Raise :class:`ServerError` unless every step of ``actions`` is legal in turn for
    ``seat`` from ``state`` (checked on a copy: ``state`` is not changed)."""
    copy = state.clone()
    for i, action in enumerate(actions):
        where = f"step {i + 1} of your choice: " if len(actions) > 1 else ""
        if copy.is_terminal() or copy.current_player != seat:
            raise ServerError(f"{where}it is not your turn any more", "not_your_turn", 409)
        try:
            copy.apply(action)
        except IllegalAction as e:
            raise ServerError(where + e.reason, "illegal_action", 409, rule=e.rule) from None


def _private(state: State, start: int) -> bool:
    """Whether an event since ``start`` is shown to some seats only (not a bare action)."""
    return any(e.to is not None and e.kind != "action" for e in state.events[start:])


def preview(
    state: State, seat: int, actions: Sequence[Action], rng: random.Random
) -> dict[str, JSON]:
    """What ``seat`` would see after playing ``actions`` in turn: ``{"continues": true,
    "observation", "legal"}`` while the choice goes on with nothing new to learn, else
    ``{"continues": false}`` (the last step completes the choice: play it).

    Raises :class:`ServerError` if a step is not legal (nothing is played either way).
    """
    if not actions:
        raise ServerError("a preview needs at least one step", "malformed")
    check_steps(state, seat, actions)
    done: dict[str, JSON] = {"continues": False}
    real = state.clone()
    try:
        copies = [
            state.determinize(seat, random.Random(rng.getrandbits(64))) for _ in range(REDRAWS)
        ]
    except Exception:
        return done  # a game that cannot re-draw its hidden parts: no previews
    for action in actions:
        for s in (real, *copies):
            if s.is_terminal() or s.current_player != seat or action not in s.legal_actions():
                return done
        marks = [(len(s.chance.log), len(s.events)) for s in (real, *copies)]
        seen = [s.seen_count(seat) for s in (real, *copies)]
        for s in (real, *copies):
            s.apply(action)
        for s, (drawn, ev) in zip((real, *copies), marks, strict=True):
            if len(s.chance.log) != drawn or _private(s, ev):
                return done
        mine = real.seen_events_for(seat, seen[0])
        for s, n in zip(copies, seen[1:], strict=True):
            if s.seen_events_for(seat, n) != mine:
                return done
    if real.is_terminal() or real.current_player != seat:
        return done
    obs = real.observation(seat)
    legal = protocol.legal_for(real, seat)
    for s in copies:
        if s.observation(seat) != obs or protocol.legal_for(s, seat) != legal:
            return done
    return {"continues": True, "observation": obs, "legal": legal}
