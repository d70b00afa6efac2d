"""Re-drawing what a seat cannot know (``State.determinize``), consistent with what it saw.

For the mummy (mummy:14, mummy:17): every explorer figure is placed on a field of the
public belief (which contains the truth), the current explorer's hidden progress in his
turn (resolve decision, dice, rerolls) is re-drawn from the public ``aside``, and every
hand is re-dealt from the unplayed cards keeping its colours (card backs are public).
For an explorer: only the other explorers' hand faces are hidden; they are re-dealt.
Everything read here is known to the seat; draws go in a canonical order.
"""

from __future__ import annotations

import random
from collections.abc import Iterator

from obelisk.core import Action

from .components import (
    ARROW,
    CARD_COLOURS,
    CHOOSABLE,
    DIE_FACES,
    MUMMY,
    NUM_DICE,
    NUMBER_FACES,
    SYMBOLS_BY_COLOUR,
)
from .rules import (
    _CHOOSE,
    _LOST,
    _PLAY_NO,
    _PLAY_YES,
    _REROLL,
    _RESOLVE_NO,
    _RESOLVE_YES,
    CARD,
    CHOOSE,
    LOST,
    MOVE,
    RESOLVE,
    MummyState,
)


def redraw(state: MummyState, seat: int, rng: random.Random) -> None:
    """Re-draw in place everything ``seat`` cannot know."""
    if seat == 0:
        _redraw_for_mummy(state, rng)
    else:
        _redeal(state, rng, keep=seat)


def _redeal(state: MummyState, rng: random.Random, keep: int) -> None:
    """Re-deal the hands of every explorer seat but ``keep`` (0: all), colours kept."""
    others = [s for s in range(1, state.num_players) if s != keep and state.hands[s]]
    if not others:
        return
    gone = {x for h in state.played for x in h}
    if keep:
        gone.update(state.hands[keep])
    colours = {s: state._colours(s) for s in others}
    forbidden = {s: _forbidden(state, s) for s in others}
    new: dict[int, list[str]] = {s: [] for s in others}
    for col in CARD_COLOURS:
        pool = [x for x in SYMBOLS_BY_COLOUR[col] if x not in gone]
        for s in others:
            need = colours[s].get(col, 0)
            if not need:
                continue
            cand = [x for x in pool if x not in forbidden[s]] if forbidden[s] else pool
            if len(cand) < need:
                cand = pool
            got = _draw(rng, cand, need)
            for x in got:
                pool.remove(x)
            new[s].extend(got)
    for s in others:
        state.hands[s] = tuple(sorted(new[s]))


def _draw(rng: random.Random, items: list[str], k: int) -> list[str]:
    """``k`` distinct items drawn uniformly (one by a plain index draw: most draws here are
    of one card, where ``rng.sample`` costs more than the draw)."""
    if k == 1:
        return [items[rng.randrange(len(items))]]
    return rng.sample(items, k)


def _forbidden(state: MummyState, seat: int) -> set[str]:
    """The symbols ``seat`` cannot hold: those under its figures, had the card been played
    there at once (mandatory card play, mummy:7.4), except the figure about to decide."""

    out: set[str] = set()
    if state.options.card_play_mandatory:
        symbol = state.board.cell_symbol
        for f, p in enumerate(state.pos):
            if (
                state.fig_seat[f] == seat
                and p >= 0
                and symbol[p]
                and not (state.phase == CARD and f == state.fig)
            ):
                out.add(symbol[p])
    return out


def _mobile(state: MummyState, f: int, face: str) -> bool:
    """Whether figure ``f`` (the current one) can move now (with ``face``, or at all)."""
    state._compute_moves()
    if not face:
        return bool(any(state.dest) or state.arrows)
    if face == ARROW:
        return bool(state.arrows)
    return bool(state.dest[NUMBER_FACES[face] - 1])


def _random_order(cells: list[int], rng: random.Random) -> Iterator[int]:
    """The items of ``cells`` in a uniformly random order, drawn one at a time (a lazy
    Fisher-Yates shuffle in place), so that a caller who stops early pays only for what
    it took."""
    n = len(cells)
    for i in range(n):
        j = rng.randrange(i, n)
        cells[i], cells[j] = cells[j], cells[i]
        yield cells[i]


def _redraw_for_mummy(state: MummyState, rng: random.Random) -> None:

    b = state.board
    sv = b.sv_mask
    mummy_bit = 1 << state.mummy
    phase = state.phase
    in_turn = phase in (RESOLVE, CHOOSE, LOST, MOVE, CARD)
    cur = state.fig
    figures = [f for f in range(len(state.pos)) if state.pos[f] >= 0]
    order = [f for f in figures if not (in_turn and f == cur)]
    if in_turn and cur in figures:
        order.append(cur)
    occupied = 0
    for f in figures:
        state.pos[f] = b.start  # forget the real fields before placing anybody
    for f in order:
        cand = state.belief.cells[f] & ~mummy_bit & ~(occupied & ~sv)
        cells = b.cells_of(cand) or b.cells_of(state.belief.cells[f] & ~mummy_bit) or [b.start]
        if in_turn and f == cur and phase != CARD:
            # the current figure did not announce "cannot move", and can use its face: the
            # first field in a random order where it can (the first field if none can)
            face = state.face if phase == MOVE else ""
            choice = -1
            for c in _random_order(cells, rng):
                if choice < 0:
                    choice = c
                state.pos[f] = c
                if _mobile(state, f, face):
                    choice = c
                    break
        else:
            choice = cells[rng.randrange(len(cells))]
        state.pos[f] = choice
        if choice not in (b.start, b.dungeon):
            occupied |= 1 << choice
    _redeal(state, rng, keep=0)
    if not in_turn:
        return
    if phase in (RESOLVE, CHOOSE, LOST):
        state.aside = state.aside_public
        state.face = ""
        state._compute_moves()
        if 1 <= state.aside <= 4:
            state.rolls = 0
            state.dice = ()
            state._set(RESOLVE, state.fig_seat[cur], (_RESOLVE_YES, _RESOLVE_NO))
        else:
            state.rolls = 0
            faces = [DIE_FACES[rng.randrange(6)] for _ in range(NUM_DICE - state.aside)]
            _apply_roll(state, faces)
    elif phase == MOVE:
        state.rolls = 1
        state.aside = state.aside_public
        state._compute_moves()
        state._announce_move(state.face)
    else:  # CARD: the figure stands on its end field
        state.rolls = 1
        state.aside = state.aside_public
        legal = (_PLAY_YES, _PLAY_NO) if state._matching(state.pos[cur]) else (_PLAY_NO,)
        state._set(CARD, state.fig_seat[cur], legal)


def _apply_roll(state: MummyState, faces: list[str]) -> None:
    """Set the current roll to ``faces`` as :meth:`MummyState._roll` would."""

    state.rolls += 1
    state.aside += faces.count(MUMMY)
    state.dice = tuple(x for x in faces if x != MUMMY)
    seat = state.fig_seat[state.fig]
    if state.aside == 5:
        state._set(LOST, seat, (_LOST,))
        return
    legal: list[Action] = [_CHOOSE[x] for x in CHOOSABLE if x in state.dice and state._usable(x)]
    legal.append(_REROLL)
    state._set(CHOOSE, seat, tuple(legal))
