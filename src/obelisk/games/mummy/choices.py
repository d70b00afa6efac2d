"""The mummy's choices in words, from the side of the seat choosing (the maze's labels):
the game's choices (``Game.choices``, read by ``State.choice_text``)."""

from __future__ import annotations

from typing import Any

from obelisk.core import Action, Choices, join_words
from obelisk.core.i18n import Words

from .actions import Arrow, Choose, Lost, Move, Play, Reroll, Resolve, Step, Stop
from .components import NUM_DICE, NUMBER_FACES, SYMBOLS, label
from .narration import card_name, direction_word, symbol_name
from .rules import MummyState
from .typed import parse_typed, typed

W = Words(__package__)
_, ngettext = W.gettext, W.ngettext


def _field_note(state: MummyState, cell: int) -> str:
    """What a person wants to know of an end field: a symbol, and how near the mummy is."""
    b = state.board
    notes = []
    sym = b.cell_symbol[cell]
    seat = state.fig_seat[state.fig]
    if sym:
        name = symbol_name(SYMBOLS[sym][1])
        if sym in state.hands[seat]:
            if state.options.card_play_mandatory:
                notes.append(_("the {name}: you play this card").format(name=name))
            else:
                notes.append(_("the {name}: you may play this card").format(name=name))
        else:
            notes.append(_("the {name}").format(name=name))
    d = b.mummy_dist[state.mummy][cell]
    if 0 < d < 10**6:
        notes.append(ngettext("mummy {n} step away", "mummy {n} steps away", d).format(n=d))
    return f" ({'; '.join(notes)})" if notes else ""


def k_of(action: Any) -> int:
    """The number of a number face's action (0 for the arrow)."""
    return NUMBER_FACES.get(str(action.face), 0)


def _way(direction: str, cell: tuple[int, int]) -> str:
    """``north to E10``."""
    return _("{direction} to {field}").format(
        direction=direction_word(direction), field=label(*cell)
    )


def choice_text(state: MummyState, action: Action) -> str:
    """What ``action`` does, from the side of the seat choosing it."""
    b = state.board
    text = typed(action)
    n = state.aside
    if isinstance(action, Resolve):
        if action.yes:
            return ngettext(
                "{text} — hand back the {n} mummy die: the mummy walks {n} step now, "
                "then you roll all five",
                "{text} — hand back the {n} mummy dice: the mummy walks {n} steps now, "
                "then you roll all five",
                n,
            ).format(text=text, n=n)
        # Translators: the English says "dice" for 1 too
        return ngettext(
            "{text} — keep them aside (they lengthen her move) and roll {m} dice",
            "{text} — keep them aside (they lengthen her move) and roll {m} dice",
            NUM_DICE - n,
        ).format(text=text, m=NUM_DICE - n)
    if isinstance(action, Reroll):
        free = NUM_DICE - n
        return ngettext(
            "{text} — roll the {n} free die again", "{text} — roll the {n} free dice again", free
        ).format(text=text, n=free)
    if isinstance(action, Lost):
        return _("{text} — all five dice show the mummy: your turn is lost").format(text=text)
    if isinstance(action, Choose):
        if not state._usable(action.face):
            if action.face == "arrow":
                return _(
                    "{text} — announce the arrow: no slide fits, so everybody hears it fail "
                    "and you roll the free dice again"
                ).format(text=text)
            k = k_of(action)
            return ngettext(
                "{text} — announce {k}: no walk of exactly {k} step fits, so everybody hears "
                "it fail and you roll the free dice again",
                "{text} — announce {k}: no walk of exactly {k} steps fits, so everybody hears "
                "it fail and you roll the free dice again",
                k,
            ).format(text=text, k=k)
        if action.face == "arrow":
            ways = [_way(("N", "E", "S", "W")[d], b.rc(end)) for d, end in state.arrows]
            return _("{text} — announce the arrow and slide {ways}").format(
                text=text, ways=join_words(ways, _("or"))
            )
        k = NUMBER_FACES[action.face]
        ends = [label(*b.rc(c)) for c in b.cells_of(state.dest[k - 1])]
        if len(ends) <= 3:
            return ngettext(
                "{text} — announce {k} and walk exactly {k} step, to {ends}",
                "{text} — announce {k} and walk exactly {k} steps, to {ends}",
                k,
            ).format(text=text, k=k, ends=join_words(ends, _("or")))
        return ngettext(
            "{text} — announce {k} and walk exactly {k} step ({m} fields to end on)",
            "{text} — announce {k} and walk exactly {k} steps ({m} fields to end on)",
            k,
        ).format(text=text, k=k, m=len(ends))
    if isinstance(action, Move):
        cell = b.cell(action.row, action.col)
        return _("{text} — end on {field}{note}").format(
            text=text, field=label(action.row, action.col), note=_field_note(state, cell)
        )
    if isinstance(action, Arrow):
        d = ("N", "E", "S", "W").index(action.direction)
        end = next((e for dd, e in state.arrows if dd == d), -1)
        if end < 0:
            return text
        r, c = b.rc(end)
        return _("{text} — slide {direction} to {field}{note}").format(
            text=text,
            direction=direction_word(action.direction),
            field=label(r, c),
            note=_field_note(state, end),
        )
    if isinstance(action, Play):
        sym = state._matching(state.pos[state.fig])
        if action.yes:
            if not sym:
                return text
            return _("{text} — play your card of {card}").format(text=text, card=card_name(sym))
        if sym:
            return _("{text} — keep your card for later").format(text=text)
        return _("{text} — no card to play here").format(text=text)
    if isinstance(action, Step):
        d = ("N", "E", "S", "W").index(action.direction)
        cell = b.nbr[d][state.mummy]
        if cell < 0:
            return text
        way = _way(action.direction, b.rc(cell))
        more = state.move_left - 1
        if not more:
            return _("{text} — {way}, your last step").format(text=text, way=way)
        return ngettext(
            "{text} — {way}, {n} step left after it",
            "{text} — {way}, {n} steps left after it",
            more,
        ).format(text=text, way=way, n=more)
    if isinstance(action, Stop):
        left = state.move_left
        return ngettext(
            "{text} — end your move here, {n} step unused",
            "{text} — end your move here, {n} steps unused",
            left,
        ).format(text=text, n=left)
    return text


class MummyChoices(Choices[MummyState]):
    """A mummy action in words, with the end field's symbol and the mummy's distance."""

    def choice_text(self, state: MummyState, action: Action) -> str:
        """What ``action`` does, from the side of the seat choosing it."""
        return choice_text(state, action)

    def parse_words(self, state: MummyState, text: str, legal: list[Action]) -> Action | None:
        """A legal action typed in the reader's words (``pfeil O``, ``auflösen ja``)."""
        return parse_typed(text, legal)
