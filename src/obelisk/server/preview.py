"""Previews of a choice built in several steps (a set laid card by card, cards chosen then Done).

A face lets a person build such a choice click by click and cancel it before anything is
played. Between the clicks it asks the server what the table would look like after the
steps chosen so far (a ``preview`` message) and plays them all at once at the end (an
``action`` with ``then``).

**A preview never reads the real position.** It is computed on copies of the position in
which everything the seat cannot know is re-drawn (``State.determinize``), from a random
generator seeded by what the seat knows (the room, the seat, its decision and how many
events it has seen): so its answer is a function of the seat's information alone, the same
whatever lies hidden. It says ``continues: true`` (with the seat's observation and choices
after the steps) only where every copy agrees and nothing new would be learned: no chance,
nothing shown privately, the turn not passed, the game not over. Anywhere else it says
``continues: false``: play the steps to see.

The same copies check a choice of several steps before it is played (:func:`check_steps`),
so a refusal, too, says only what the seat could know.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from typing import Any

from obelisk.core import Action, IllegalAction, State

from . import protocol
from .config import ServerError

JSON = Any

#: The most steps one built choice may have (a set of cards, cards chosen one by one).
MAX_STEPS = 64
#: How many re-drawn copies a preview and a choice's check are computed on.
REDRAWS = 6


def copy_key(room: str, seat: int, decision: int, seen: int) -> int:
    """The seed of the copies for one decision of a seat: a function of what the seat
    knows (its room, its seat, its decision counter and how many events it has seen)."""
    text = f"obelisk-preview:{room}:{seat}:{decision}:{seen}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def copies(state: State, seat: int, key: int, n: int = REDRAWS) -> list[State] | None:
    """``n`` copies of ``state`` with everything hidden from ``seat`` re-drawn, from a
    generator seeded by ``key``; None for a game that cannot re-draw its hidden parts."""
    rng = random.Random(key)
    try:
        return [state.determinize(seat, random.Random(rng.getrandbits(64))) for _ in range(n)]
    except Exception:
        return None


def check_steps(state: State, seat: int, actions: Sequence[Action], key: int | None = None) -> None:
    """Raise :class:`ServerError` unless every step of ``actions`` is legal in turn for
    ``seat``. With ``key``, checked on the seat's re-drawn copies (:func:`copies`) only, so
    the answer says nothing the seat could not know; without, on a copy of ``state`` (for a
    single action, whose legality the seat's own list of choices shows)."""
    drawn = [state.clone()] if key is None else copies(state, seat, key)
    if drawn is None:
        # a game that cannot re-draw what is hidden: no check ahead (the steps are then
        # played one by one, and stop at the first the position refuses)
        return
    _check_on(drawn, seat, actions)


def _check_on(boards: Sequence[State], seat: int, actions: Sequence[Action]) -> None:
    """:func:`check_steps` on the given boards (played on: pass copies)."""
    for i, action in enumerate(actions):
        where = f"step {i + 1} of your choice: " if len(actions) > 1 else ""
        for copy in boards:
            if copy.is_terminal() or copy.current_player != seat:
                raise ServerError(f"{where}it is not your turn any more", "not_your_turn", 409)
            try:
                copy.apply(action)
            except IllegalAction as e:
                raise ServerError(where + e.reason, "illegal_action", 409, rule=e.rule) from None


def _private(state: State, start: int) -> bool:
    """Whether an event since ``start`` is shown to some seats only (not a bare action)."""
    return any(e.to is not None and e.kind != "action" for e in state.events[start:])


def preview(state: State, seat: int, actions: Sequence[Action], key: int) -> dict[str, JSON]:
    """What ``seat`` would see after playing ``actions`` in turn, computed on its re-drawn
    copies only (:func:`copies` with ``key``): ``{"continues": true, "observation",
    "legal"}`` while every copy agrees and there is nothing new to learn, else
    ``{"continues": false}`` (the last step completes the choice: play it).

    Raises :class:`ServerError` if a step is not legal on the copies (nothing is played).
    """
    if not actions:
        raise ServerError("a preview needs at least one step", "malformed")
    done: dict[str, JSON] = {"continues": False}
    boards = copies(state, seat, key)
    if boards is None:
        return done  # a game that cannot re-draw its hidden parts: no previews
    # the check plays on copies of the same re-drawn boards (drawn once, not twice)
    _check_on([b.clone() for b in boards], seat, actions)
    for action in actions:
        for s in boards:
            if s.is_terminal() or s.current_player != seat or action not in s.legal_actions():
                return done
        marks = [(len(s.chance.log), len(s.events)) for s in boards]
        seen = [s.seen_count(seat) for s in boards]
        for s in boards:
            s.apply(action)
        for s, (drawn, ev) in zip(boards, marks, strict=True):
            if len(s.chance.log) != drawn or _private(s, ev):
                return done
        mine = boards[0].seen_events_for(seat, seen[0])
        for s, n in zip(boards[1:], seen[1:], strict=True):
            if s.seen_events_for(seat, n) != mine:
                return done
    first = boards[0]
    if first.is_terminal() or first.current_player != seat:
        return done
    obs = first.observation(seat)
    legal = protocol.legal_for(first, seat)
    for s in boards[1:]:
        if s.is_terminal() or s.current_player != seat:
            return done
        if s.observation(seat) != obs or protocol.legal_for(s, seat) != legal:
            return done
    return {"continues": True, "observation": obs, "legal": legal}
