"""Ramses II's actions in words from the chooser's side, and why a hint refuses to help
(a memory game): the game's choices (``Game.choices``)."""

from __future__ import annotations

from obelisk.core import Action, Choices

from .actions import Draw, GiftDeclare, GiveCard, PlaceTreasure, PokerDeclare, RiskDeclare, Slide
from .components import COLOUR_NAMES, SCREEN
from .rules import GIFT_DECLARE, POKER_DECLARE, RISK_DECLARE, SEARCH, RamsesState

#: Where the pyramid a slide moves lies, as seen from the empty place.
_BESIDE = {
    "up": "below",
    "down": "above",
    "left": "right of",
    "right": "left of",
    "up-left": "below and right of",
    "up-right": "below and left of",
    "down-left": "above and right of",
    "down-right": "above and left of",
}


class RamsesChoices(Choices[RamsesState]):
    """A Ramses II action in words; no hint where a person must remember."""

    def choice_text(self, state: RamsesState, action: Action) -> str:
        """What ``action`` does, in words; the part before `` — `` may be typed too.

        Names only what the table shows now or what is public for good (the cards,
        the declared treasures, the pyramids' colours): never a covered token.
        """
        nm = state.tname
        if isinstance(action, Draw):
            stack = next((s for s in state.inplay if state.pools[s - 1]), 0)
            if not stack:
                return "draw — no card is left: the game ends"
            return f"draw — turn over the top card of stack {stack}"
        if isinstance(action, Slide):
            pid = state.pyr[action.place]
            colour = COLOUR_NAMES.get(state.colours[pid], "") if pid >= 0 else ""
            where = _BESIDE.get(action.dir, "next to")
            return (
                f"slide {action.dir} — the {colour} pyramid {where} the empty place "
                f"moves {action.dir}"
            ).replace("  ", " ")
        if isinstance(action, GiftDeclare):
            return f"gift {nm(action.treasure)}"  # the Gift's explanation says the rest
        if isinstance(action, RiskDeclare):
            return f"risk {nm(action.first)}, {nm(action.second)}"  # in this order
        if isinstance(action, PokerDeclare):
            q = action.opponent + 1
            return f"poker {nm(action.treasure)}, seat {q}"  # seat q must find it
        if isinstance(action, GiveCard):
            card = state.deck[action.card]
            pts = f"{card.value} point" + ("" if card.value == 1 else "s")
            head = f"give {nm(card.treasure)}, stack {card.stack}"
            if action.to is not None:
                return f"{head}, to seat {action.to + 1} — your card ({pts}) goes to seat {action.to + 1}"
            return f"{head} — your card ({pts}) goes to seat {state.give_to + 1}"
        if isinstance(action, PlaceTreasure):
            r, c = SCREEN[state.turns_for(state.to_move)][action.place]
            return f"place {nm(action.treasure)}, row {r + 1}, column {c + 1} — hide it there"
        return action.text()

    def hint_refusal(self, state: RamsesState, seat: int) -> str | None:
        """A hint would have to remember for the person where treasures lie (ramses:11.3)."""
        if state.phase in (SEARCH, GIFT_DECLARE, RISK_DECLARE, POKER_DECLARE):
            return (
                "Ramses II is a memory game: the hint cannot tell you where treasures lie "
                "(that is yours to remember)."
            )
        return None
