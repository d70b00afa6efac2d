"""Ramses II's actions in words from the chooser's side, and why a hint refuses to help
(a memory game): the game's choices (``Game.choices``)."""

from __future__ import annotations

from collections.abc import Callable

from obelisk.core import Action, Choices
from obelisk.core.i18n import Words

from .actions import Draw, GiftDeclare, GiveCard, PlaceTreasure, PokerDeclare, RiskDeclare, Slide
from .components import COLOUR_NAMES, SCREEN
from .rules import GIFT_DECLARE, POKER_DECLARE, RISK_DECLARE, SEARCH, RamsesState
from .treasures import colour_word, treasure_name

W = Words(__package__)
_, ngettext, pgettext = W.gettext, W.ngettext, W.pgettext

#: A slide's direction as typed (``slide up``): the words of the reader's language.
DIRECTIONS: dict[str, Callable[[], str]] = {
    "up": lambda: pgettext("typed direction", "up"),
    "down": lambda: pgettext("typed direction", "down"),
    "left": lambda: pgettext("typed direction", "left"),
    "right": lambda: pgettext("typed direction", "right"),
    "up-left": lambda: pgettext("typed direction", "up-left"),
    "up-right": lambda: pgettext("typed direction", "up-right"),
    "down-left": lambda: pgettext("typed direction", "down-left"),
    "down-right": lambda: pgettext("typed direction", "down-right"),
}

#: Where a slide moves the pyramid, as "the pyramid … moves {this}".
_MOVES: dict[str, Callable[[], str]] = {
    "up": lambda: pgettext("the pyramid moves …", "up"),
    "down": lambda: pgettext("the pyramid moves …", "down"),
    "left": lambda: pgettext("the pyramid moves …", "left"),
    "right": lambda: pgettext("the pyramid moves …", "right"),
    "up-left": lambda: pgettext("the pyramid moves …", "up-left"),
    "up-right": lambda: pgettext("the pyramid moves …", "up-right"),
    "down-left": lambda: pgettext("the pyramid moves …", "down-left"),
    "down-right": lambda: pgettext("the pyramid moves …", "down-right"),
}

#: Where the pyramid a slide moves lies, as seen from the empty place.
_BESIDE: dict[str, Callable[[], str]] = {
    "up": lambda: _("below the empty place"),
    "down": lambda: _("above the empty place"),
    "left": lambda: _("right of the empty place"),
    "right": lambda: _("left of the empty place"),
    "up-left": lambda: _("below and right of the empty place"),
    "up-right": lambda: _("below and left of the empty place"),
    "down-left": lambda: _("above and right of the empty place"),
    "down-right": lambda: _("above and left of the empty place"),
}


def direction_word(direction: str) -> str:
    """A slide's direction as typed in the reader's language (``up``, German ``hoch``)."""
    found = DIRECTIONS.get(direction)
    return found() if found else direction


def _points(n: int) -> str:
    return ngettext("{n} point", "{n} points", n).format(n=n)


class RamsesChoices(Choices[RamsesState]):
    """A Ramses II action in words; no hint where a person must remember."""

    def choice_text(self, state: RamsesState, action: Action) -> str:
        """What ``action`` does, in words; the part before `` — `` may be typed too.

        Names only what the table shows now or what is public for good (the cards,
        the declared treasures, the pyramids' colours): never a covered token.
        """

        def nm(t: int) -> str:
            return treasure_name(state.tname(t))

        if isinstance(action, Draw):
            stack = next((s for s in state.inplay if state.pools[s - 1]), 0)
            if not stack:
                return _("draw — no card is left: the game ends")
            return _("draw — turn over the top card of stack {stack}").format(stack=stack)
        if isinstance(action, Slide):
            pid = state.pyr[action.place]
            colour = COLOUR_NAMES.get(state.colours[pid], "") if pid >= 0 else ""
            where = _BESIDE[action.dir]() if action.dir in _BESIDE else _("next to the empty place")
            moves = _MOVES[action.dir]() if action.dir in _MOVES else action.dir
            fields = {"dir": direction_word(action.dir), "where": where, "moves": moves}
            if colour:
                return _("slide {dir} — the {colour} pyramid {where} moves {moves}").format(
                    colour=colour_word(colour), **fields
                )
            return _("slide {dir} — the pyramid {where} moves {moves}").format(**fields)
        if isinstance(action, GiftDeclare):
            # the Gift's explanation says the rest
            return _("gift {treasure}").format(treasure=nm(action.treasure))
        if isinstance(action, RiskDeclare):
            # in this order
            return _("risk {first}, {second}").format(
                first=nm(action.first), second=nm(action.second)
            )
        if isinstance(action, PokerDeclare):
            # seat q must find it
            return _("poker {treasure}, seat {seat}").format(
                treasure=nm(action.treasure), seat=action.opponent + 1
            )
        if isinstance(action, GiveCard):
            card = state.deck[action.card]
            given: dict[str, object] = {
                "treasure": nm(card.treasure),
                "stack": card.stack,
                "points": _points(card.value),
            }
            if action.to is not None:
                return _(
                    "give {treasure}, stack {stack}, to seat {seat} — your card ({points}) "
                    "goes to seat {seat}"
                ).format(seat=action.to + 1, **given)
            return _(
                "give {treasure}, stack {stack} — your card ({points}) goes to seat {seat}"
            ).format(seat=state.give_to + 1, **given)
        if isinstance(action, PlaceTreasure):
            r, c = SCREEN[state.turns_for(state.to_move)][action.place]
            return _("place {treasure}, row {row}, column {column} — hide it there").format(
                treasure=nm(action.treasure), row=r + 1, column=c + 1
            )
        return action.text()

    def hint_refusal(self, state: RamsesState, seat: int) -> str | None:
        """A hint would have to remember for the person where treasures lie (ramses:11.3)."""
        if state.phase in (SEARCH, GIFT_DECLARE, RISK_DECLARE, POKER_DECLARE):
            return _(
                "Ramses II is a memory game: the hint cannot tell you where treasures lie "
                "(that is yours to remember)."
            )
        return None
