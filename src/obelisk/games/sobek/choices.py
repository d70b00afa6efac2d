"""Sobek's actions in words from the chooser's side, and why a hint chose a take: the
game's choices (``Game.choices``, read by ``State.choice_text`` and ``State.hint_reason``)."""

from __future__ import annotations

from obelisk.core import Action, Choices

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


class SobekChoices(Choices[SobekState]):
    """A Sobek action from the chooser's side, and why a take is good."""

    def _seat_word(self, state: SobekState, q: int) -> str:
        """A seat for the chooser: ``you`` or ``player 2`` (counted from 1)."""
        return "you" if q == state.current_player else f"player {q + 1}"

    def choice_text(self, state: SobekState, action: Action) -> str:
        """What ``action`` does, from the chooser's side: ``take 3 — fish 1 (2 cards to your
        corruption)``."""
        return f"{action.text()} — {self._choice_words(state, action)}"

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
            cost = "no corruption"
        elif state.free[seat]:
            cost = f"free passage: the {i} card{'s' if i > 1 else ''} before it are thrown away"
        else:
            cost = f"only {i} card{'s' if i > 1 else ''} to your corruption"
        c = state.market[i]
        k = t.card_kind[c]
        if t.kind_char[k]:
            return f"{cost}, and a character gives you a power to use later"
        if t.kind_amulet[k]:
            return f"{cost}, and an amulet fits any set"
        g = t.kind_goods[k]
        name = C.GOODS[g]
        if state.sets[seat][g]:
            return f"{cost}, and it can go on your {name} set"
        same = sum(1 for h in state.hands[seat] if t.card_goods[h] == g and not t.card_char[h])
        if same + 1 >= 3:
            return f"{cost}, and it makes {same + 1} {name} cards in your hand: enough for a set"
        if same:
            return f"{cost}, and it goes with the {name} card{'s' if same > 1 else ''} in your hand"
        return cost

    def _choice_words(self, state: SobekState, action: Action) -> str:
        kind = action.kind
        top = state.pend[-1] if state.pend else None
        shown = state.t.card_shown
        if isinstance(action, Take):
            i = action.position - 1
            card = W.card(shown[state.market[i]]) if i < len(state.market) else "nothing"
            if not i:
                return f"{card} (no corruption)"
            if state.free[state.current_player]:
                return f"{card} ({i} card{'s' if i > 1 else ''} thrown away: free passage)"
            return f"{card} ({i} card{'s' if i > 1 else ''} to your corruption)"
        if isinstance(action, Pick):
            i = action.position - 1
            card = W.card(shown[state.market[i]]) if i < len(state.market) else "nothing"
            return f"{card} (no corruption)"
        if isinstance(action, Play):
            power = state.t.kind_power[state.t.kind_index[action.character]]
            return f"{W.character(action.character)}: {W.purpose(power)}"
        if isinstance(action, Set):
            g = C.GOODS_INDEX[action.goods]
            if state.sets[state.current_player][g]:
                return f"add 3 or more cards to your {action.goods} set"
            return f"lay a new {action.goods} set (3 or more cards)"
        if isinstance(action, NewSet):
            g = C.GOODS_INDEX[action.goods]
            label = W.ordinal(state.set_count(state.current_player, g) + 1)
            goods_card = (
                f", a {action.goods} goods card among them"
                if state.options.new_set_needs_goods_card
                else ""
            )
            return (
                f"lay as a new {action.goods} set, your {label} (3 or more cards{goods_card}; "
                "scored on its own)"
            )
        if isinstance(action, Onto):
            p, g = state.current_player, C.GOODS_INDEX[action.goods]
            target = state._set_cards(p, g, action.number)
            label = state.set_label(p, g, action.number)
            return (
                f"add 3 or more cards to your {label} set ({len(target)} cards, worth "
                f"{set_value(state.t, target)})"
            )
        if isinstance(action, Add):
            k = state.t.kind_index[action.card]
            if state.t.kind_amulet[k]:
                return "lay an amulet (wild, no scarab)"
            if state.t.kind_char[k]:
                return f"lay {W.character(action.card)} in the set (no scarab, no power)"
            n = state.t.kind_scarabs[k]
            return f"lay {W.card(action.card)} ({n} scarab{'' if n == 1 else 's'})"
        if isinstance(action, Done):
            if top is not None and top[0] == P_SET:
                _, p, g, added, _new, number = top
                cards = [*state._set_cards(p, g, number), *added]
                what = "finish the" if _new else "finish adding to your"
                label = state.set_label(p, g, number, max(number, state.set_count(p, g)))
                return f"{what} {label} set: {len(cards)} cards, worth {set_value(state.t, cards)}"

            code = top[0] if top is not None else None
            if code == P_PURGE:
                return "throw away no more corruption cards"
            if code == P_LAUNDER:
                if top is not None and top[4]:
                    return "move no cards into the set"
                return "move no more cards into the set"
            if code == P_SHIFT:
                return "pass on no more corruption cards"
            return "stop"
        if isinstance(action, Pass):
            return "let the extra action go"
        if isinstance(action, Token):
            points = state.options.bonus_points
            return f"{W.token(action.effect)}: {W.purpose(action.effect, points)}"
        if isinstance(action, Target):
            q = action.seat
            held = len(state.hands[q])
            effect = top[2] if top is not None and top[0] == P_TARGET else ""
            if effect == "SCAPEGOAT":
                return f"pass corruption cards to {self._seat_word(state, q)}"
            in_hand = f"{held} card{'' if held == 1 else 's'} in hand"
            who = self._seat_word(state, q)
            if effect in ("STEAL_RANDOM", "PICKPOCKET"):
                return f"steal a random card from {who} ({in_hand})"
            if effect == "DENOUNCE":
                return f"make {who} bury a card in their corruption ({in_hand})"
            if effect == "PEEK_SWAP":
                return f"look at {who}'s hand and swap a card ({in_hand})"
            return f"aim at {who} ({in_hand})"
        if isinstance(action, Give):
            to = top[2] if top is not None else state.current_player
            card = W.card(action.card)
            if top is not None and top[0] == P_GIVEBACK:
                return f"give {card} back to {self._seat_word(state, to)}"
            return f"give {card} to {self._seat_word(state, to)} as tribute"
        if isinstance(action, Bury):
            return f"put {W.card(action.card)} from your hand into your corruption"
        if isinstance(action, Grab):
            victim = top[2] if top is not None else state.current_player
            return f"take {W.card(action.card)} from {self._seat_word(state, victim)}'s hand"
        if isinstance(action, Purge):
            return f"throw away {W.card(action.card)} from your corruption"
        if isinstance(action, Launder):
            goods = GOODS[top[2]] if top is not None and top[0] == P_LAUNDER else "the"
            return f"move {W.card(action.card)} from your corruption into your {goods} set"
        if isinstance(action, Shift):
            to = top[2] if top is not None and top[0] == P_SHIFT else state.current_player
            return f"pass {W.card(action.card)} to {self._seat_word(state, to)}'s corruption"
        if isinstance(action, Sink):
            sunk = [shown[c] for c in state.market[: action.count]]
            return f"throw away {W.cards(sunk)} from the market" if sunk else "throw nothing away"
        if isinstance(action, Starter):
            nxt = state.round + 1
            q = action.seat
            return f"{'you start' if q == state.current_player else self._seat_word(state, q) + ' starts'} round {nxt}"
        return kind
