"""Why an action is illegal in Ramses II, in words naming the rule: the game's refusals
(``Game.refusals``, read by ``State.explain_illegal``)."""

from __future__ import annotations

from obelisk.core import Action, IllegalAction, Refusals
from obelisk.core.i18n import Words

from .actions import Draw, GiftDeclare, GiveCard, PlaceTreasure, PokerDeclare, RiskDeclare, Slide
from .components import NEIGHBOURS, NEIGHBOURS_DIAG, PLACES, tid
from .render import phase_words
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
from .treasures import the_treasure, treasure_name
from .typed import typed_word

W = Words(__package__)
_ = W.gettext


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
                    _("a search card is already face up: search for it instead of drawing"),
                    "ramses:6.2",
                )
            # Translators: {phase} is the phase's code (English), {doing} the phase in words
            return IllegalAction(
                _("you cannot draw now (the game waits for: {phase})").format(
                    phase=ph, doing=phase_words(ph)
                ),
                "ramses:6.2",
            )
        if isinstance(action, Slide):
            if ph != SEARCH:
                return IllegalAction(
                    _("nobody is searching now, so no pyramid may slide"), "ramses:6.4"
                )
            neigh = (NEIGHBOURS_DIAG if state.options.allow_diagonal_slides else NEIGHBOURS)[
                state.empty
            ]
            if not 0 <= action.place < PLACES:
                return IllegalAction(
                    _("there is no place {place} on the board").format(place=action.place),
                    "ramses:3.1",
                )
            if action.place == state.empty:
                return IllegalAction(_("that is the empty place itself"), "ramses:6.4")
            if action.place not in neigh:
                return IllegalAction(
                    _("that pyramid is not next to the empty place")
                    if state.options.allow_diagonal_slides
                    else _("that pyramid is not next to the empty place (slides are orthogonal)"),
                    "ramses:6.4",
                )
            return IllegalAction(
                _("that direction does not match the pyramid on your screen"), "ramses:3.3"
            )
        if expected is not None and action.kind != expected:
            return IllegalAction(
                _("'{kind}' is not the decision now (waiting for '{expected}')").format(
                    kind=typed_word(action.kind), expected=typed_word(expected)
                ),
                "ramses:7.6",
            )
        if isinstance(action, RiskDeclare):
            if action.first == action.second:
                return IllegalAction(_("Risk needs two different treasures"), "ramses:7.3")
            if state.showing() in (action.first, action.second):
                return IllegalAction(
                    _("the {name} is uncovered now; Risk names hidden treasures").format(
                        name=treasure_name(state.tname(state.showing())),
                        treasure=the_treasure(state.tname(state.showing()))[0],
                    ),
                    "ramses:7.3",
                )
            return IllegalAction(_("name two of the twelve treasures (T01-T12)"), "ramses:2.4")
        if isinstance(action, GiftDeclare):
            return IllegalAction(_("name one of the twelve treasures (T01-T12)"), "ramses:7.2")
        if isinstance(action, PokerDeclare):
            if action.opponent == state.active:
                return IllegalAction(_("Poker names another player, not yourself"), "ramses:7.5")
            if 0 <= action.opponent < state.num_players and state.elim[action.opponent]:
                return IllegalAction(_("an eliminated player cannot be chosen"), "ramses:8")
            return IllegalAction(
                _("name one of the twelve treasures (T01-T12) and a player in play"), "ramses:7.5"
            )
        if isinstance(action, GiveCard):
            if ph == RISK_PENALTY:
                if action.to is None or action.to == state.active:
                    return IllegalAction(
                        _("choose another player to receive the card"), "ramses:7.3"
                    )
                if not 0 <= action.to < state.num_players or state.elim[action.to]:
                    return IllegalAction(_("that player is not in play"), "ramses:8")
                return IllegalAction(_("that card is not in your hand"), "ramses:7.3")
            rule = "ramses:7.2" if state.search and state.search[2] == GIFT else "ramses:7.4"
            if action.to is not None:
                return IllegalAction(_("the recipient is fixed by the rules here"), rule)
            if rule == "ramses:7.2":
                return IllegalAction(
                    _("give one of your {name} cards").format(
                        name=treasure_name(state.tname(state.decl[0]))
                    ),
                    "ramses:7.2",
                )
            return IllegalAction(_("that card is not in your hand"), "ramses:7.4")
        if isinstance(action, PlaceTreasure):
            if any(t == action.treasure for t in state.tokens):
                return IllegalAction(
                    _("{treasure} is placed already").format(treasure=tid(action.treasure)),
                    "ramses:4.2",
                )
            if not 0 <= action.place < PLACES:
                return IllegalAction(
                    _("there is no place {place}").format(place=action.place), "ramses:3.1"
                )
            return IllegalAction(_("that square already hides a treasure"), "ramses:4.2")
        return super().explain(state, action)
