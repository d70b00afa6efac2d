"""Why an action is illegal in Abu Simbel, in words naming the rule: the game's refusals
(``Game.refusals``, read by ``State.explain_illegal``)."""

from __future__ import annotations

from obelisk.core import Action, IllegalAction, Refusals

from .actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    PassCover,
    PlaceCover,
    Verdict,
)
from .components import TOKEN_SET
from .rules import _MOVES_TYPED, PRE_TURN, TREASURE, WAY_IN, WAY_OUT, AbuSimbelState, R


class AbuSimbelRefusals(Refusals[AbuSimbelState]):
    """Why an action is not legal now, naming the rule (abu_simbel:5-10)."""

    def explain(self, state: AbuSimbelState, action: Action) -> IllegalAction:
        ph = state.phase
        if isinstance(action, EnterMove):
            if action.token not in TOKEN_SET:
                return IllegalAction(
                    f"'{action.token}' is not a move; the moves are: {_MOVES_TYPED}", R + "10.3"
                )
            if state.referee:
                return IllegalAction(
                    "in referee mode the player performs the moves for real and the referee "
                    "records a verdict for each chamber (ok N / fail N); nobody types moves",
                    R + "10.2",
                )
            return IllegalAction(
                "moves are entered only by the active player on the way in or out", R + "5.2"
            )
        if isinstance(action, Verdict):
            if not state.referee:
                return IllegalAction("in state-entry mode the engine judges the moves", R + "10.1")
            if ph not in (WAY_IN, WAY_OUT):
                return IllegalAction("there is no move to judge now", R + "10.2")
            if ph == WAY_OUT and state.hotseat and not state.turned_away:
                return IllegalAction(
                    "first confirm that the player has turned away from the table", R + "10.2"
                )
            p = state.progress + 1
            final = (
                "a fail is final, and a chamber passes once every checker had no objection"
                if state.checking == "each"
                else "a verdict given is final"
            )
            return IllegalAction(
                f"verdicts follow the way: the next one is ok {p} or fail {p}, for chamber "
                f"{state.slot_at(state.progress) + 1}; {final}",
                R + "10.2",
            )
        if isinstance(action, ConfirmTurnedAway):
            return IllegalAction(
                "turning away is confirmed once, by the referee, at the start of a way out "
                "in referee hotseat mode",
                R + "10.2",
            )
        if isinstance(action, ChooseTreasureDeck):
            if ph != TREASURE:
                return IllegalAction(
                    "a treasure deck is chosen after a complete way in, when two or more "
                    "decks still hold cards",
                    R + "5.2",
                )
            return IllegalAction(
                f"treasure deck {action.deck + 1} is empty or doesn't exist; choose one of "
                + ", ".join(str(k + 1) for k, c in enumerate(state.deck_counts) if c > 0),
                R + "7",
            )
        if isinstance(action, (PlaceCover, PassCover)):
            if not state.ultimate:
                return IllegalAction("mummy covers belong to The Ultimate Adventure", R + "9.2")
            if ph != PRE_TURN:
                return IllegalAction("covers are placed only before a turn starts", R + "9.2")
            assert isinstance(action, PlaceCover)
            return IllegalAction(
                f"chamber {action.slot + 1} can't be covered: it is a printed mummy, already "
                "covered, or not on the route",
                R + "9.2",
            )
        return super().explain(state, action)
