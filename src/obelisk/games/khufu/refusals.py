"""Why an action is illegal in Khufu, in words naming the rule: the game's refusals
(``Game.refusals``, read by ``State.explain_illegal``)."""

from __future__ import annotations

from obelisk.core import Action, IllegalAction, Refusals
from obelisk.core.i18n import Words

from . import components as K
from .actions import (
    Bet,
    Challenge,
    Enter,
    Give,
    Leave,
    Piece,
    Place,
    Roll,
    Select,
    Stay,
    Steal,
    Tick,
)
from .narration import chamber_noun, piece, symbols_words
from .render import decision_words
from .rules import (
    CHAMBER_D,
    COBRA_D,
    DOOR_D,
    PICK_D,
    PIECE_D,
    SELECT_D,
    STEAL_D,
    TOLL_D,
    WAGER_D,
    KhufuState,
)

W = Words(__package__)
_ = W.gettext


class KhufuRefusals(Refusals[KhufuState]):
    """Why a Khufu action is not legal now, naming the rule (khufu:4-12)."""

    def explain(self, state: KhufuState, action: Action) -> IllegalAction:
        d = state.dec
        if d is None:
            return IllegalAction(_("the game is over"), "core:terminal")
        k, p = d[0], d[1]
        if isinstance(action, Tick):
            return IllegalAction(_("a Tick is a system action of real-time play"), "khufu:12.3")
        if k == PIECE_D:
            free = ", ".join(piece(name) for name in state.free_pieces())
            return IllegalAction(
                _("first everybody chooses a playing piece; still free: {free}").format(free=free),
                "khufu:4.1",
            )
        if isinstance(action, Piece):
            return IllegalAction(_("the pieces are chosen at set-up, before play"), "khufu:4.1")
        if k == CHAMBER_D:
            ch = d[2]
            need = state.t.min_wager[ch]
            have = len(state.hands[p])
            if isinstance(action, Stay):
                if ch == state.sarc and state.qualified(p):
                    return IllegalAction(
                        _("you are qualified in the Sarcophagus chamber: challenge Khufu or leave"),
                        "khufu:5.4",
                    )
                return IllegalAction(
                    _(
                        "staying in {chamber} needs a wager of at least {need} Treasures and you "
                        "hold {have}: you must leave"
                    ).format(chamber=chamber_noun(K.CHAMBERS[ch]), need=need, have=have),
                    "khufu:8.1",
                )
            if isinstance(action, Challenge):
                if state.scarabs[p] != 0b1111 or have < state.options.qualify_treasures:
                    return IllegalAction(
                        _(
                            "only a player with all 4 Scarabs placed and at least {n} Treasures "
                            "may take the Ultimate Challenge"
                        ).format(n=state.options.qualify_treasures),
                        "khufu:9.2",
                    )
                return IllegalAction(
                    _("the Sarcophagus is in {chamber}, not here").format(
                        chamber=chamber_noun(K.CHAMBERS[state.sarc])
                    ),
                    "khufu:9.3",
                )
        if k == WAGER_D:
            ch = d[2]
            need = state.t.min_wager[ch]
            if isinstance(action, Place):
                return IllegalAction(
                    _(
                        "{chamber}'s minimum wager is {need} Treasures; you have chosen {chosen}"
                    ).format(
                        chamber=chamber_noun(K.CHAMBERS[ch]), need=need, chosen=len(state.wager)
                    ),
                    "khufu:8.1",
                )
            if isinstance(action, Bet):
                return IllegalAction(
                    _("that card is not one of your cards that is not wagered already"),
                    "khufu:8.2",
                )
        if k == SELECT_D and isinstance(action, Select):
            if len(action.cards) != 3 or len(set(action.cards)) != 3:
                return IllegalAction(
                    _("a challenge hand is exactly 3 of the dealt cards, not {n}").format(
                        n=len(action.cards)
                    ),
                    "khufu:10.2",
                )
            shown = symbols_words([K.SYMBOLS[state.t.card_symbol[c]] for c in state.ch_dealt])
            return IllegalAction(
                _("choose 3 of the dealt cards: {shown}").format(shown=shown), "khufu:10.2"
            )
        if k in (STEAL_D, PICK_D) and isinstance(action, Steal):
            return IllegalAction(
                _("you may steal only from another player who holds at least one Treasure"),
                "khufu:7.3",
            )
        if k in (COBRA_D, TOLL_D) and isinstance(action, Give):
            return IllegalAction(_("that card is not in your hand"), "khufu:7.3")
        if k == DOOR_D and isinstance(action, (Roll, Stay, Leave)):
            return IllegalAction(_("you are at a chamber door: enter or pass"), "khufu:6.2")
        if isinstance(action, Enter):
            return IllegalAction(
                _(
                    "you may enter a chamber only when your move reaches its door and you are "
                    "eligible (open, enough Treasure, not gripped, not leaving)"
                ),
                "khufu:6.3",
            )
        if isinstance(action, Leave) and k != CHAMBER_D:
            return IllegalAction(_("you are not inside a chamber"), "khufu:5.4")
        obs = state.observation(p)
        return IllegalAction(
            _(
                "'{action}' does not answer the pending decision: player {number} must {what}"
            ).format(
                action=action, number=p + 1, what=decision_words(obs["decision"], obs, state.t)
            ),
            "khufu:5.7",
        )
