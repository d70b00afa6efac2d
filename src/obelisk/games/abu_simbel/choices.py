"""Abu Simbel's actions in words from the chooser's side, why a hint chose a move and why
it refuses to help (the way out is played from memory): the game's choices (``Game.choices``)."""

from __future__ import annotations

from obelisk.core import Action, Choices
from obelisk.core.i18n import Words

from .actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    PassCover,
    PlaceCover,
    Verdict,
)
from .narration import move_phrase
from .rules import CONFIRM, WAY_IN, WAY_OUT, AbuSimbelState
from .typed import typed_action

W = Words(__package__)
_, ngettext = W.gettext, W.ngettext


class AbuSimbelChoices(Choices[AbuSimbelState]):
    """An Abu Simbel action in words; no hint where only the person can know."""

    def choice_text(self, state: AbuSimbelState, action: Action) -> str:
        """What a choice does, from the chooser's side. A move is described, never tied
        to a chamber: on the way out the choices must not recall the route (abu_simbel:11)."""
        text = typed_action(action)
        if isinstance(action, EnterMove):
            return f"{text} — {move_phrase(action.token)}"
        if isinstance(action, Verdict):
            slot = state.slot_at(action.index) + 1 if state.phase in (WAY_IN, WAY_OUT) else 0
            nxt = (state.referee_seat + 1) % state.num_players + 1
            if action.passed and not state._last_checker():
                if slot:
                    words = _(
                        "no objection to the move in chamber {slot} (seat {next} checks next)"
                    )
                else:
                    words = _("no objection to the move in this chamber (seat {next} checks next)")
            elif action.passed:
                if slot:
                    words = _("the move in chamber {slot} was right")
                else:
                    words = _("the move in this chamber was right")
            elif state.phase == WAY_OUT:
                if slot:
                    words = _(
                        "the move in chamber {slot} was wrong (the treasure and a charm lost, "
                        "the round ends)"
                    )
                else:
                    words = _(
                        "the move in this chamber was wrong (the treasure and a charm lost, "
                        "the round ends)"
                    )
            elif slot:
                words = _("the move in chamber {slot} was wrong (a charm lost, the round ends)")
            else:
                words = _("the move in this chamber was wrong (a charm lost, the round ends)")
            return f"{text} — " + words.format(slot=slot, next=nxt)
        if isinstance(action, ChooseTreasureDeck):
            k = action.deck
            count = state.deck_counts[k] if 0 <= k < len(state.deck_counts) else 0
            words = ngettext(
                "take the top card of treasure deck {deck} ({n} card)",
                "take the top card of treasure deck {deck} ({n} cards)",
                count,
            )
            return f"{text} — " + words.format(deck=k + 1, n=count)
        if isinstance(action, PlaceCover):
            words = _("lay your mummy card on chamber {slot}: its move becomes a punch")
            return f"{text} — " + words.format(slot=action.slot + 1)
        if isinstance(action, PassCover):
            return f"{text} — " + _("keep your mummy card for another turn")
        if isinstance(action, ConfirmTurnedAway):
            return f"{text} — " + _("the player has turned away: show me the route to judge")
        return text

    def hint_refusal(self, state: AbuSimbelState, seat: int) -> str | None:
        """No hint where only the person can know (abu_simbel:11, 10.2): the way out is
        played from memory, and a referee judges a body the engine can't see."""
        if state.phase == WAY_OUT and seat == state.active and not state.referee:
            return _("on the way out you must remember the route yourself; no hint.")
        judging = state.referee and state.phase in (WAY_IN, WAY_OUT)
        if judging and seat == state.current_player and state.legal_actions() != [CONFIRM]:
            return _("only you can judge the move: watch the player and the card; no hint.")
        return None

    def hint_reason(self, state: AbuSimbelState, seat: int, action: Action) -> str | None:
        """A hint on the way in reads the chamber in front of the player (abu_simbel:7)."""
        if action.kind == "move" and state.phase == WAY_IN:
            return _("it is the move the chamber in front of you shows")
        return None
