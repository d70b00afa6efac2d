"""Why an action is illegal in Abu Simbel, in words naming the rule: the game's refusals
(``Game.refusals``, read by ``State.explain_illegal``)."""

from __future__ import annotations

from obelisk.core import Action, IllegalAction, Refusals
from obelisk.core.i18n import Words

from .actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    PassCover,
    PlaceCover,
    Verdict,
)
from .components import TOKEN_SET, TOKENS
from .rules import PRE_TURN, TREASURE, WAY_IN, WAY_OUT, AbuSimbelState, R
from .typed import move_typed

W = Words(__package__)
_ = W.gettext


class AbuSimbelRefusals(Refusals[AbuSimbelState]):
    """Why an action is not legal now, naming the rule (abu_simbel:5-10)."""

    def explain(self, state: AbuSimbelState, action: Action) -> IllegalAction:
        ph = state.phase
        if isinstance(action, EnterMove):
            if action.token not in TOKEN_SET:
                moves = ", ".join(move_typed(t) for t in TOKENS)
                return IllegalAction(
                    _("'{text}' is not a move; the moves are: {moves}").format(
                        text=action.token, moves=moves
                    ),
                    R + "10.3",
                )
            if state.referee:
                return IllegalAction(
                    _(
                        "in referee mode the player performs the moves for real and the "
                        "referee records a verdict for each chamber (ok N / fail N); nobody "
                        "types moves"
                    ),
                    R + "10.2",
                )
            return IllegalAction(
                _("moves are entered only by the active player on the way in or out"), R + "5.2"
            )
        if isinstance(action, Verdict):
            if not state.referee:
                return IllegalAction(
                    _("in state-entry mode the engine judges the moves"), R + "10.1"
                )
            if ph not in (WAY_IN, WAY_OUT):
                return IllegalAction(_("there is no move to judge now"), R + "10.2")
            if ph == WAY_OUT and state.hotseat and not state.turned_away:
                return IllegalAction(
                    _("first confirm that the player has turned away from the table"), R + "10.2"
                )
            p = state.progress + 1
            slot = state.slot_at(state.progress) + 1
            if state.checking == "each":
                text = _(
                    "verdicts follow the way: the next one is ok {p} or fail {p}, for chamber "
                    "{slot}; a fail is final, and a chamber passes once every checker had no "
                    "objection"
                )
            else:
                text = _(
                    "verdicts follow the way: the next one is ok {p} or fail {p}, for chamber "
                    "{slot}; a verdict given is final"
                )
            return IllegalAction(text.format(p=p, slot=slot), R + "10.2")
        if isinstance(action, ConfirmTurnedAway):
            return IllegalAction(
                _(
                    "turning away is confirmed once, by the referee, at the start of a way out "
                    "in referee hotseat mode"
                ),
                R + "10.2",
            )
        if isinstance(action, ChooseTreasureDeck):
            if ph != TREASURE:
                return IllegalAction(
                    _(
                        "a treasure deck is chosen after a complete way in, when two or more "
                        "decks still hold cards"
                    ),
                    R + "5.2",
                )
            decks = ", ".join(str(k + 1) for k, c in enumerate(state.deck_counts) if c > 0)
            return IllegalAction(
                _("treasure deck {deck} is empty or doesn't exist; choose one of {decks}").format(
                    deck=action.deck + 1, decks=decks
                ),
                R + "7",
            )
        if isinstance(action, (PlaceCover, PassCover)):
            if not state.ultimate:
                return IllegalAction(_("mummy covers belong to The Ultimate Adventure"), R + "9.2")
            if ph != PRE_TURN:
                return IllegalAction(_("covers are placed only before a turn starts"), R + "9.2")
            assert isinstance(action, PlaceCover)
            return IllegalAction(
                _(
                    "chamber {slot} can't be covered: it is a printed mummy, already covered, "
                    "or not on the route"
                ).format(slot=action.slot + 1),
                R + "9.2",
            )
        return super().explain(state, action)
