"""Abu Simbel's actions in words from the chooser's side, why a hint chose a move and why
it refuses to help (the way out is played from memory): the game's choices (``Game.choices``)."""

from __future__ import annotations

from obelisk.core import Action, Choices

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


class AbuSimbelChoices(Choices[AbuSimbelState]):
    """An Abu Simbel action in words; no hint where only the person can know."""

    def choice_text(self, state: AbuSimbelState, action: Action) -> str:
        """What a choice does, from the chooser's side. A move is described, never tied
        to a chamber: on the way out the choices must not recall the route (abu_simbel:11)."""
        text = action.text()
        if isinstance(action, EnterMove):
            return f"{text} — {move_phrase(action.token)}"
        if isinstance(action, Verdict):
            slot = state.slot_at(action.index) + 1 if state.phase in (WAY_IN, WAY_OUT) else 0
            where = f"chamber {slot}" if slot else "this chamber"
            if action.passed and not state._last_checker():
                nxt = (state.referee_seat + 1) % state.num_players + 1
                return f"{text} — no objection to the move in {where} (seat {nxt} checks next)"
            if action.passed:
                return f"{text} — the move in {where} was right"
            lost = "the treasure and a charm" if state.phase == WAY_OUT else "a charm"
            return f"{text} — the move in {where} was wrong ({lost} lost, the round ends)"
        if isinstance(action, ChooseTreasureDeck):
            k = action.deck
            count = state.deck_counts[k] if 0 <= k < len(state.deck_counts) else 0
            return f"{text} — take the top card of treasure deck {k + 1} ({count} cards)"
        if isinstance(action, PlaceCover):
            return (
                f"{text} — lay your mummy card on chamber {action.slot + 1}: its move becomes "
                "a punch"
            )
        if isinstance(action, PassCover):
            return f"{text} — keep your mummy card for another turn"
        if isinstance(action, ConfirmTurnedAway):
            return f"{text} — the player has turned away: show me the route to judge"
        return text

    def hint_refusal(self, state: AbuSimbelState, seat: int) -> str | None:
        """No hint where only the person can know (abu_simbel:11, 10.2): the way out is
        played from memory, and a referee judges a body the engine can't see."""
        if state.phase == WAY_OUT and seat == state.active and not state.referee:
            return "on the way out you must remember the route yourself; no hint."
        judging = state.referee and state.phase in (WAY_IN, WAY_OUT)
        if judging and seat == state.current_player and state.legal_actions() != [CONFIRM]:
            return "only you can judge the move: watch the player and the card; no hint."
        return None

    def hint_reason(self, state: AbuSimbelState, seat: int, action: Action) -> str | None:
        """A hint on the way in reads the chamber in front of the player (abu_simbel:7)."""
        if action.kind == "move" and state.phase == WAY_IN:
            return "it is the move the chamber in front of you shows"
        return None
