"""Shared set-up helpers for the Khufu rulebook tests (scripted positions)."""

from __future__ import annotations

import random
from typing import Any

import rulebook
from obelisk.games.khufu import GAME
from obelisk.games.khufu import components as K
from obelisk.games.khufu import rules as R
from obelisk.games.khufu.actions import Tick
from obelisk.games.khufu.components import CHAMBERS


def new(n: int = 4, seed: int = 0, **opts: Any) -> R.KhufuState:
    """A fresh game; the Director is off unless asked for, so nothing interrupts a scenario,
    and the pieces go by seat (Witch, Zombie, …), so play starts at Lucky's first turn."""
    opts.setdefault("director", False)
    opts.setdefault("pieces", "seat_order")
    state = rulebook.new(GAME, n, seed, **opts)
    assert isinstance(state, R.KhufuState)
    return state


def card(cid: str) -> int:
    return int(cid[1:]) - 1


def give(state: R.KhufuState, p: int, *cids: str) -> None:
    """Put these cards (taken from wherever they are) into p's hand, in order."""
    for cid in cids:
        c = card(cid)
        for h in state.hands:
            if c in h:
                h.remove(c)
        if c in state.pool:
            state.pool.remove(c)
        if c in state.returned:
            state.returned.remove(c)
        state.hands[p].append(c)
        state.known[c] = 1 << p


def hand(state: R.KhufuState, p: int) -> list[str]:
    return [state.card_id(c) for c in state.hands[p]]


def turn(state: R.KhufuState, p: int, pos: int | None = None, room: str | None = None) -> None:
    """Make it the start of p's turn (after khufu:5.1a and the turn's clock charge)."""
    state.active = p
    state.turn_seat = p
    if room is not None:
        ch = CHAMBERS.index(room)
        state.room[p] = ch
        state.pos[p] = state.t.door_of[ch]
        state.dec = (R.CHAMBER_D, p, ch)
    else:
        state.room[p] = -1
        if pos is not None:
            state.pos[p] = pos
        state.dec = (R.ROLL_D, p)
    state.stack = [("turn_end",)]


def force_draw(state: R.KhufuState, *cids: str) -> None:
    """Script the next Treasure draws of one step, from the never-drawn pool, to give these."""
    pool = list(state.pool)
    for cid in cids:
        want = card(cid)
        assert want in pool, f"{cid} is not in the pool"
        key = 0
        while R._least(key, pool) != want:
            key += 1
        state.chance.force(key, label="treasure")


def all_scarabs(state: R.KhufuState, p: int) -> None:
    state.scarabs[p] = 0b1111


def curse_next(state: R.KhufuState, name: str) -> None:
    """Make the next Curse card drawn be ``name`` (from the never-drawn pool)."""
    from obelisk.games.khufu.components import CURSE_IDS

    idx = next(i for i in state.cpool if CURSE_IDS[state.t.curse_cards[i]] == name)
    state.chance.force(idx, label="curse")


def realtime_orders(seed: int, n: int) -> list[tuple[int, str]]:
    """A real-time engine game of random moves; Khufu's orders as (game clock, id).

    Wall time is fed as Ticks while a turn's decision waits (khufu:14.3), each one
    reaching at most the Director's due time, so an order fires exactly when due; the
    orders that need answers (the mummy call, the pickpocket) are answered at once.
    """
    st: Any = GAME.new_state(n, seed, {"clock": "realtime", "pieces": "seat_order"})
    rng = random.Random(seed)
    fired: list[tuple[int, str]] = []
    while not st.is_terminal():
        d = st.dec
        if d and d[0] in R.TURN_DECISIONS and not st.in_event and not st.in_challenge:
            step = min(10, max(1, st.next_due - st.elapsed))
            before, at = len(st.events), st.elapsed + step
            st.apply_system(Tick(step))
            fired += [
                (at, ev.data["event"])
                for ev in list(st.events)[before:]
                if ev.kind == "khufu" and ev.data.get("event") in K.EVENT_IDS
            ]
            if st.is_terminal() or st.dec is None:
                continue
        st.apply(rng.choice(st.legal_actions()))
    return fired
