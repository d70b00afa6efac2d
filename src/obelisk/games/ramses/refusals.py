"""Why an action is illegal in Ramses II, in words naming the rule: the game's refusals
(``Game.refusals``, read by ``State.explain_illegal``)."""

from __future__ import annotations

from obelisk.core import Action, IllegalAction, Refusals

from .actions import Draw, GiftDeclare, GiveCard, PlaceTreasure, PokerDeclare, RiskDeclare, Slide
from .components import NEIGHBOURS, NEIGHBOURS_DIAG, PLACES, tid
from .rules import (
    DRAW,
    GIFT,
    GIFT_DECLARE,
    GIVE,
    PLACE,
    POKER_DECLARE,
    RISK_DECLARE,
    RISK_PENALTY,
    SEARCH,
    RamsesState,
)


class RamsesRefusals(Refusals[RamsesState]):
    """Why an action is not legal now, naming the rule (ramses:2-8)."""

    def explain(self, state: RamsesState, action: Action) -> IllegalAction:
        ph = state.phase
        expected = {
            PLACE: "place",
            DRAW: "draw",
            SEARCH: "slide",
            GIFT_DECLARE: "gift",
            RISK_DECLARE: "risk",
            POKER_DECLARE: "poker",
            GIVE: "give",
            RISK_PENALTY: "give",
        }.get(ph)
        if isinstance(action, Draw):
            if state.current >= 0 and ph == SEARCH:
                return IllegalAction(
                    "a search card is already face up: search for it instead of drawing",
                    "ramses:6.2",
                )
            return IllegalAction(f"you cannot draw now (the game waits for: {ph})", "ramses:6.2")
        if isinstance(action, Slide):
            if ph != SEARCH:
                return IllegalAction(
                    "nobody is searching now, so no pyramid may slide", "ramses:6.4"
                )
            neigh = (NEIGHBOURS_DIAG if state.options.allow_diagonal_slides else NEIGHBOURS)[
                state.empty
            ]
            if not 0 <= action.place < PLACES:
                return IllegalAction(f"there is no place {action.place} on the board", "ramses:3.1")
            if action.place == state.empty:
                return IllegalAction("that is the empty place itself", "ramses:6.4")
            if action.place not in neigh:
                return IllegalAction(
                    "that pyramid is not next to the empty place"
                    + ("" if state.options.allow_diagonal_slides else " (slides are orthogonal)"),
                    "ramses:6.4",
                )
            return IllegalAction(
                "that direction does not match the pyramid on your screen", "ramses:3.3"
            )
        if expected is not None and action.kind != expected:
            return IllegalAction(
                f"'{action.kind}' is not the decision now (waiting for '{expected}')", "ramses:7.6"
            )
        if isinstance(action, RiskDeclare):
            if action.first == action.second:
                return IllegalAction("Risk needs two different treasures", "ramses:7.3")
            if state.showing() in (action.first, action.second):
                return IllegalAction(
                    f"the {state.tname(state.showing())} is uncovered now; Risk names hidden treasures",
                    "ramses:7.3",
                )
            return IllegalAction("name two of the twelve treasures (T01-T12)", "ramses:2.4")
        if isinstance(action, GiftDeclare):
            return IllegalAction("name one of the twelve treasures (T01-T12)", "ramses:7.2")
        if isinstance(action, PokerDeclare):
            if action.opponent == state.active:
                return IllegalAction("Poker names another player, not yourself", "ramses:7.5")
            if 0 <= action.opponent < state.num_players and state.elim[action.opponent]:
                return IllegalAction("an eliminated player cannot be chosen", "ramses:8")
            return IllegalAction(
                "name one of the twelve treasures (T01-T12) and a player in play", "ramses:7.5"
            )
        if isinstance(action, GiveCard):
            if ph == RISK_PENALTY:
                if action.to is None or action.to == state.active:
                    return IllegalAction("choose another player to receive the card", "ramses:7.3")
                if not 0 <= action.to < state.num_players or state.elim[action.to]:
                    return IllegalAction("that player is not in play", "ramses:8")
                return IllegalAction("that card is not in your hand", "ramses:7.3")
            rule = "ramses:7.2" if state.search and state.search[2] == GIFT else "ramses:7.4"
            if action.to is not None:
                return IllegalAction("the recipient is fixed by the rules here", rule)
            if rule == "ramses:7.2":
                return IllegalAction(
                    f"give one of your {state.tname(state.decl[0])} cards", "ramses:7.2"
                )
            return IllegalAction("that card is not in your hand", "ramses:7.4")
        if isinstance(action, PlaceTreasure):
            if any(t == action.treasure for t in state.tokens):
                return IllegalAction(f"{tid(action.treasure)} is placed already", "ramses:4.2")
            if not 0 <= action.place < PLACES:
                return IllegalAction(f"there is no place {action.place}", "ramses:3.1")
            return IllegalAction("that square already hides a treasure", "ramses:4.2")
        return super().explain(state, action)
