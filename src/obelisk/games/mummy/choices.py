"""The mummy's choices in words, from the side of the seat choosing (the maze's labels):
the game's choices (``Game.choices``, read by ``State.choice_text``)."""

from __future__ import annotations

from typing import Any

from obelisk.core import Action, Choices, join_words, plural

from .actions import Arrow, Choose, Lost, Move, Play, Reroll, Resolve, Step, Stop
from .components import DIRECTION_WORDS, NUM_DICE, NUMBER_FACES, SYMBOLS, label
from .narration import card_name, dice_aside, face_word, steps
from .rules import MummyState


def _field_note(state: MummyState, cell: int) -> str:
    """What a person wants to know of an end field: a symbol, and how near the mummy is."""
    b = state.board
    notes = []
    sym = b.cell_symbol[cell]
    seat = state.fig_seat[state.fig]
    if sym:
        name = SYMBOLS[sym][1]
        if sym in state.hands[seat]:
            verb = "you play" if state.options.card_play_mandatory else "you may play"
            notes.append(f"the {name}: {verb} this card")
        else:
            notes.append(f"the {name}")
    d = b.mummy_dist[state.mummy][cell]
    if 0 < d < 10**6:
        notes.append(f"mummy {steps(d)} away")
    return f" ({'; '.join(notes)})" if notes else ""


def k_of(action: Any) -> int:
    """The number of a number face's action (0 for the arrow)."""
    return NUMBER_FACES.get(str(action.face), 0)


def choice_text(state: MummyState, action: Action) -> str:
    """What ``action`` does, from the side of the seat choosing it."""
    b = state.board
    text = action.text()
    n = state.aside
    if isinstance(action, Resolve):
        if action.yes:
            return (
                f"{text} — hand back the {dice_aside(n)}: the mummy walks {steps(n)} now, "
                "then you roll all five"
            )
        return f"{text} — keep them aside (they lengthen her move) and roll {NUM_DICE - n} dice"
    if isinstance(action, Reroll):
        free = NUM_DICE - n
        return f"{text} — roll the {plural(free, 'free die', 'free dice')} again"
    if isinstance(action, Lost):
        return f"{text} — all five dice show the mummy: your turn is lost"
    if isinstance(action, Choose):
        if not state._usable(action.face):
            what = "slide" if action.face == "arrow" else f"walk of exactly {steps(k_of(action))}"
            return (
                f"{text} — announce {face_word(action.face)}: no {what} fits, so everybody "
                "hears it fail and you roll the free dice again"
            )
        if action.face == "arrow":
            ways = [
                f"{DIRECTION_WORDS[('N', 'E', 'S', 'W')[d]]} to {label(*b.rc(end))}"
                for d, end in state.arrows
            ]
            return f"{text} — announce the arrow and slide {join_words(ways, 'or')}"
        k = NUMBER_FACES[action.face]
        ends = [label(*b.rc(c)) for c in b.cells_of(state.dest[k - 1])]
        walk = f"{text} — announce {k} and walk exactly {steps(k)}"
        if len(ends) <= 3:
            return f"{walk}, to {join_words(ends, 'or')}"
        return f"{walk} ({len(ends)} fields to end on)"
    if isinstance(action, Move):
        cell = b.cell(action.row, action.col)
        return f"{text} — end on {label(action.row, action.col)}{_field_note(state, cell)}"
    if isinstance(action, Arrow):
        d = ("N", "E", "S", "W").index(action.direction)
        end = next((e for dd, e in state.arrows if dd == d), -1)
        if end < 0:
            return text
        r, c = b.rc(end)
        return (
            f"{text} — slide {DIRECTION_WORDS[action.direction]} to {label(r, c)}"
            f"{_field_note(state, end)}"
        )
    if isinstance(action, Play):
        sym = state._matching(state.pos[state.fig])
        if action.yes:
            return f"{text} — play your card of {card_name(sym)}" if sym else text
        return f"{text} — keep your card for later" if sym else f"{text} — no card to play here"
    if isinstance(action, Step):
        d = ("N", "E", "S", "W").index(action.direction)
        cell = b.nbr[d][state.mummy]
        if cell < 0:
            return text
        r, c = b.rc(cell)
        more = state.move_left - 1
        after = f", {plural(more, 'step')} left after it" if more else ", your last step"
        return f"{text} — {DIRECTION_WORDS[action.direction]} to {label(r, c)}{after}"
    if isinstance(action, Stop):
        return f"{text} — end your move here, {steps(state.move_left)} unused"
    return text


class MummyChoices(Choices[MummyState]):
    """A mummy action in words, with the end field's symbol and the mummy's distance."""

    def choice_text(self, state: MummyState, action: Action) -> str:
        """What ``action`` does, from the side of the seat choosing it."""
        return choice_text(state, action)
