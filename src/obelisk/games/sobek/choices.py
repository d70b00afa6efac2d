"""Sobek's actions in words from the chooser's side, and why a hint chose a take: the
game's choices (``Game.choices``, read by ``State.choice_text`` and ``State.hint_reason``)."""

from __future__ import annotations

from obelisk.core import Action, Choices
from obelisk.core.i18n import Words

from . import components as C
from . import words as W
from .actions import (
    Add,
    Bury,
    Done,
    Give,
    Grab,
    Launder,
    NewSet,
    Onto,
    Pass,
    Pick,
    Play,
    Purge,
    Set,
    Shift,
    Sink,
    Starter,
    Take,
    Target,
    Token,
)
from .powers import P_GIVEBACK, P_LAUNDER, P_PURGE, P_SET, P_SHIFT, P_TARGET
from .rules import GOODS, SobekState
from .scoring import set_value

T = Words(__package__)
_, ngettext = T.gettext, T.ngettext


class SobekChoices(Choices[SobekState]):
    """A Sobek action from the chooser's side, and why a take is good."""

    def _seat_word(self, state: SobekState, q: int) -> str:
        """A seat for the chooser: ``you`` or ``player 2`` (counted from 1)."""
        return _("you") if q == state.current_player else _("player {n}").format(n=q + 1)

    def choice_text(self, state: SobekState, action: Action) -> str:
        """What ``action`` does, from the chooser's side: ``take 3 — fish 1 (2 cards to your
        corruption)``."""
        return f"{W.typed(action)} — {self._choice_words(state, action)}"

    def hint_reason(self, state: SobekState, seat: int, action: Action) -> str | None:
        """Why a take is good, from what ``seat`` sees: its corruption and how the card fits
        the seat's hand and sets (a face-down character is not named)."""
        if not isinstance(action, (Take, Pick)):
            return None
        i = action.position - 1
        if i >= len(state.market):
            return None
        t = state.t
        if isinstance(action, Pick) or not i:
            cost = _("no corruption")
        elif state.free[seat]:
            cost = ngettext(
                "free passage: the {n} card before it are thrown away",
                "free passage: the {n} cards before it are thrown away",
                i,
            ).format(n=i)
        else:
            cost = ngettext(
                "only {n} card to your corruption", "only {n} cards to your corruption", i
            ).format(n=i)
        c = state.market[i]
        k = t.card_kind[c]
        if t.kind_char[k]:
            return _("{cost}, and a character gives you a power to use later").format(cost=cost)
        if t.kind_amulet[k]:
            return _("{cost}, and an amulet fits any set").format(cost=cost)
        g = t.kind_goods[k]
        name = C.GOODS[g]
        fields = {"cost": cost, "goods": W.goods_name(name), "set": W.set_name(name)}
        if state.sets[seat][g]:
            return _("{cost}, and it can go on your {set}").format(**fields)
        same = sum(1 for h in state.hands[seat] if t.card_goods[h] == g and not t.card_char[h])
        if same + 1 >= 3:
            return _(
                "{cost}, and it makes {n} {goods} cards in your hand: enough for a set"
            ).format(n=same + 1, **fields)
        if same:
            return ngettext(
                "{cost}, and it goes with the {goods} card in your hand",
                "{cost}, and it goes with the {goods} cards in your hand",
                same,
            ).format(**fields)
        return cost

    def _choice_words(self, state: SobekState, action: Action) -> str:
        kind = action.kind
        top = state.pend[-1] if state.pend else None
        shown = state.t.card_shown
        me = state.current_player
        if isinstance(action, (Take, Pick)):
            i = action.position - 1
            card = W.card(shown[state.market[i]]) if i < len(state.market) else _("nothing")
            if not i or isinstance(action, Pick):
                return _("{card} (no corruption)").format(card=card)
            if state.free[me]:
                return ngettext(
                    "{card} ({n} card thrown away: free passage)",
                    "{card} ({n} cards thrown away: free passage)",
                    i,
                ).format(card=card, n=i)
            return ngettext(
                "{card} ({n} card to your corruption)", "{card} ({n} cards to your corruption)", i
            ).format(card=card, n=i)
        if isinstance(action, Play):
            power = state.t.kind_power[state.t.kind_index[action.character]]
            return _("{character}: {purpose}").format(
                character=W.character(action.character, "nom"), purpose=W.purpose(power)
            )
        if isinstance(action, Set):
            g = C.GOODS_INDEX[action.goods]
            if state.sets[me][g]:
                return _("add 3 or more cards to your {set}").format(set=W.set_name(action.goods))
            return _("lay a new {set} (3 or more cards)").format(set=W.set_name(action.goods))
        if isinstance(action, NewSet):
            g = C.GOODS_INDEX[action.goods]
            number = state.set_count(me, g) + 1
            fields = {
                "goods": W.goods_name(action.goods),
                "set": W.set_name(action.goods),
                "ordinal": W.ordinal(number),
                "number": number,
            }
            if state.options.new_set_needs_goods_card:
                return _(
                    "lay as a new {set}, your {ordinal} (3 or more cards, a {goods} goods card "
                    "among them; scored on its own)"
                ).format(**fields)
            return _(
                "lay as a new {set}, your {ordinal} (3 or more cards; scored on its own)"
            ).format(**fields)
        if isinstance(action, Onto):
            g = C.GOODS_INDEX[action.goods]
            target = state._set_cards(me, g, action.number)
            label = state.set_label(me, g, action.number)
            return ngettext(
                "add 3 or more cards to your {set} ({n} card, worth {value})",
                "add 3 or more cards to your {set} ({n} cards, worth {value})",
                len(target),
            ).format(
                set=W.set_name(action.goods, action.number if label != action.goods else None),
                n=len(target),
                value=set_value(state.t, target),
            )
        if isinstance(action, Add):
            k = state.t.kind_index[action.card]
            if state.t.kind_amulet[k]:
                return _("lay an amulet (wild, no scarab)")
            if state.t.kind_char[k]:
                return _("lay {character} in the set (no scarab, no power)").format(
                    character=W.character(action.card)
                )
            n = state.t.kind_scarabs[k]
            return ngettext("lay {card} ({n} scarab)", "lay {card} ({n} scarabs)", n).format(
                card=W.card(action.card), n=n
            )
        if isinstance(action, Done):
            return self._done_words(state, top)
        if isinstance(action, Pass):
            return _("let the extra action go")
        if isinstance(action, Token):
            points = state.options.bonus_points
            return _("{token}: {purpose}").format(
                token=W.token(action.effect), purpose=W.purpose(action.effect, points)
            )
        if isinstance(action, Target):
            return self._target_words(state, action, top)
        if isinstance(action, Give):
            to = top[2] if top is not None else me
            fields = {"card": W.card(action.card), "player": self._seat_word(state, to)}
            if top is not None and top[0] == P_GIVEBACK:
                return _("give {card} back to {player}").format(**fields)
            return _("give {card} to {player} as tribute").format(**fields)
        if isinstance(action, Bury):
            return _("put {card} from your hand into your corruption").format(
                card=W.card(action.card)
            )
        if isinstance(action, Grab):
            victim = top[2] if top is not None else me
            return _("take {card} from {player}'s hand").format(
                card=W.card(action.card), player=self._seat_word(state, victim)
            )
        if isinstance(action, Purge):
            return _("throw away {card} from your corruption").format(card=W.card(action.card))
        if isinstance(action, Launder):
            card = W.card(action.card)
            if top is not None and top[0] == P_LAUNDER:
                return _("move {card} from your corruption into your {set}").format(
                    card=card, set=W.set_name(GOODS[top[2]])
                )
            return _("move {card} from your corruption into your the set").format(card=card)
        if isinstance(action, Shift):
            to = top[2] if top is not None and top[0] == P_SHIFT else me
            return _("pass {card} to {player}'s corruption").format(
                card=W.card(action.card), player=self._seat_word(state, to)
            )
        if isinstance(action, Sink):
            sunk = [shown[c] for c in state.market[: action.count]]
            if not sunk:
                return _("throw nothing away")
            return _("throw away {cards} from the market").format(cards=W.cards(sunk))
        if isinstance(action, Starter):
            nxt = state.round + 1
            if action.seat == me:
                return _("you start round {round}").format(round=nxt)
            return _("{player} starts round {round}").format(
                player=self._seat_word(state, action.seat), round=nxt
            )
        return kind

    def _done_words(self, state: SobekState, top: tuple[object, ...] | None) -> str:
        """What ``done`` finishes: the set being laid, or a choice of cards."""
        if top is not None and top[0] == P_SET:
            _code, p, g, added, new, number = top
            assert isinstance(p, int) and isinstance(g, int) and isinstance(number, int)
            cards = [*state._set_cards(p, g, number), *added]  # type: ignore[misc]
            label = state.set_label(p, g, number, max(number, state.set_count(p, g)))
            fields = {
                "set": W.set_name(GOODS[g], number if label != GOODS[g] else None),
                "n": len(cards),
                "value": set_value(state.t, cards),
            }
            if new:
                return ngettext(
                    "finish the {set}: {n} card, worth {value}",
                    "finish the {set}: {n} cards, worth {value}",
                    len(cards),
                ).format(**fields)
            return ngettext(
                "finish adding to your {set}: {n} card, worth {value}",
                "finish adding to your {set}: {n} cards, worth {value}",
                len(cards),
            ).format(**fields)
        code = top[0] if top is not None else None
        if code == P_PURGE:
            return _("throw away no more corruption cards")
        if code == P_LAUNDER:
            if top is not None and top[4]:
                return _("move no cards into the set")
            return _("move no more cards into the set")
        if code == P_SHIFT:
            return _("pass on no more corruption cards")
        return _("stop")

    def _target_words(
        self, state: SobekState, action: Target, top: tuple[object, ...] | None
    ) -> str:
        """Whom an effect aims at, and how many cards they hold."""
        q = action.seat
        held = len(state.hands[q])
        effect = top[2] if top is not None and top[0] == P_TARGET else ""
        who = self._seat_word(state, q)
        if effect == "SCAPEGOAT":
            return _("pass corruption cards to {player}").format(player=who)
        fields = {"player": who, "n": held}
        if effect in ("STEAL_RANDOM", "PICKPOCKET"):
            text = ngettext(
                "steal a random card from {player} ({n} card in hand)",
                "steal a random card from {player} ({n} cards in hand)",
                held,
            )
        elif effect == "DENOUNCE":
            text = ngettext(
                "make {player} bury a card in their corruption ({n} card in hand)",
                "make {player} bury a card in their corruption ({n} cards in hand)",
                held,
            )
        elif effect == "PEEK_SWAP":
            text = ngettext(
                "look at {player}'s hand and swap a card ({n} card in hand)",
                "look at {player}'s hand and swap a card ({n} cards in hand)",
                held,
            )
        else:
            text = ngettext(
                "aim at {player} ({n} card in hand)", "aim at {player} ({n} cards in hand)", held
            )
        return text.format(**fields)
