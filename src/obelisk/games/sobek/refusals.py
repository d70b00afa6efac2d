"""Why an action is illegal in Sobek, in words naming the rule: the game's refusals
(``Game.refusals``, read by ``State.explain_illegal``)."""

from __future__ import annotations

from obelisk.core import Action, IllegalAction, Refusals

from . import components as C
from . import words as W
from .actions import Add, Done, NewSet, Onto, Pass, Play, Set, Take, Token
from .powers import P_LAUNDER, P_SET, P_SHIFT, P_STARTER, P_TOKEN
from .render import pending_words
from .rules import GOODS, SobekState


class SobekRefusals(Refusals[SobekState]):
    """Why an action is not legal now, naming the rule (sobek:5-13)."""

    def explain(self, state: SobekState, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action`` now, in plain words."""
        if state.over:
            return IllegalAction("the game is over", "sobek:13")
        p = state.current_player
        who = f"player {p + 1}"
        if not state.pend:
            return self._explain_normal(state, action, p)
        top = state.pend[-1]
        code = top[0]
        t = state.t
        if code == P_SET:
            g = top[2]
            gname = GOODS[g]
            if isinstance(action, Add):
                k = t.kind_index.get(action.card)
                if k is None:
                    return IllegalAction(
                        f"there is no card called '{W.card_typed(action.card)}'", "sobek:2.2"
                    )
                if not state._fits(k, g):
                    return IllegalAction(
                        f"mixed goods: {W.a(gname)} set takes only {gname} cards, amulets and "
                        f"{gname} characters, not {W.card(action.card)}",
                        "sobek:6.3",
                    )
                return IllegalAction(f"you hold no {W.card_label(action.card)}", "sobek:6.3")
            if isinstance(action, Done):
                if len(top[3]) < 3:
                    return IllegalAction(
                        f"a set needs at least 3 cards; you have laid {len(top[3])}", "sobek:6.3"
                    )
                return IllegalAction(
                    f"a new {gname} set needs at least one {gname} goods card (not only amulets "
                    "and characters)",
                    "sobek:6.3",
                )
            return IllegalAction(
                f"{who.capitalize()} is laying {W.a(gname)} set: add cards or say done", "sobek:6.3"
            )
        if code == P_TOKEN:
            if isinstance(action, Token):
                return IllegalAction(
                    f"{W.token(action.effect)} is not among the remaining tokens", "sobek:6.3"
                )
            return IllegalAction(
                f"{who.capitalize()} must choose one of the remaining tokens", "sobek:6.3"
            )
        if code == P_STARTER:
            return IllegalAction(
                f"{who.capitalize()} must name the start player of the next round", "sobek:12"
            )
        rule = "sobek:9" if code in (P_LAUNDER, P_SHIFT) else "sobek:8"
        if code == P_LAUNDER and isinstance(action, Done):
            return IllegalAction(
                f"laundering moves no card or at least {top[4]}, like any addition to a set "
                f'("a minimum of 3 new cards"); you have moved {top[5]}',
                "sobek:9",
            )
        if isinstance(action, Take):
            return IllegalAction(f"{who.capitalize()} must first finish resolving the effect", rule)
        view = state._pending_view(None) or {}
        doing = pending_words(view, lambda q: f"player {q + 1}") if view else who
        return IllegalAction(
            f"{doing} (an effect being resolved); '{action}' is not one of the choices",
            rule,
        )

    def _explain_normal(self, state: SobekState, action: Action, p: int) -> IllegalAction:
        who = f"player {p + 1}"
        if isinstance(action, Take):
            n = len(state.market)
            w = state.options.take_window
            if not n:
                return IllegalAction(
                    "the market and the deck are empty: no card to take", "sobek:7"
                )
            if action.position < 1 or action.position > w:
                return IllegalAction(
                    f"you may take only one of the first {w} market cards, not position "
                    f"{action.position}",
                    "sobek:6.1",
                )
            return IllegalAction(
                f"the market has only {n} card{'s' if n > 1 else ''}; position {action.position} "
                "is empty",
                "sobek:6.1",
            )
        if isinstance(action, Play):
            return IllegalAction(
                f"you hold no {W.character_name(action.character)} ('{action.character}')",
                "sobek:6.2",
            )
        if isinstance(action, (NewSet, Onto)):
            return self._explain_second_set(state, action, p)
        if isinstance(action, Set):
            g = C.GOODS_INDEX.get(action.goods)
            if g is None:
                return IllegalAction(f"there are no goods called '{action.goods}'", "sobek:6.3")
            m = state.set_count(p, g)
            eligible, _goods, amulets = state._hand_counts(p)
            if m > 1 and eligible[g] + amulets >= 3:
                which = ", ".join(f"'onto {action.goods} {k}'" for k in range(1, m + 1))
                return IllegalAction(
                    f"you have {m} {action.goods} sets: say which one to add to ({which}), or "
                    f"lay a new one ('new {action.goods}')",
                    "sobek:6.3",
                )
            if state.options.new_set_needs_goods_card and not state.sets[p][g]:
                return IllegalAction(
                    f"you cannot lay {W.a(action.goods)} set: a new set needs 3 or more cards of "
                    f"that type (amulets and {action.goods} characters count) including one "
                    f"{action.goods} goods card",
                    "sobek:6.3",
                )
            return IllegalAction(
                f"you need 3 or more {action.goods} cards, amulets or {action.goods} characters",
                "sobek:6.3",
            )
        if isinstance(action, Pass):
            if state.in_extra:
                return IllegalAction(
                    "the extra action is compulsory while an action is possible", "sobek:5"
                )
            return IllegalAction(
                "there is no passing: take a card, play a character or lay a set", "sobek:5"
            )
        return IllegalAction(
            f"it is {who}'s turn to take a card, play a character or lay a set; "
            f"'{action}' is not one of them",
            "sobek:5",
        )

    def _explain_second_set(
        self, state: SobekState, action: NewSet | Onto, p: int
    ) -> IllegalAction:
        """Why ``new GOODS`` or ``onto GOODS N`` is not legal now (sobek:6.3)."""
        name = action.goods
        g = C.GOODS_INDEX.get(name)
        if g is None:
            return IllegalAction(f"there are no goods called '{name}'", "sobek:6.3")
        m = state.set_count(p, g)
        eligible, _goods, amulets = state._hand_counts(p)
        enough = eligible[g] + amulets >= 3
        if isinstance(action, NewSet):
            if state.options.second_set != "choose":
                return IllegalAction(
                    f"at this table cards of a goods you have a set of always join that set: "
                    f"a second {name} set is not allowed; add to your {name} set with "
                    f"'set {name}'",
                    "sobek:6.3",
                )
            if not m:
                return IllegalAction(
                    f"you have no {name} set yet: lay your first one with 'set {name}'",
                    "sobek:6.3",
                )
            if not enough:
                return IllegalAction(
                    f"a new {name} set needs 3 or more cards of that type (amulets and {name} "
                    "characters count)",
                    "sobek:6.3",
                )
            return IllegalAction(
                f"a new {name} set needs at least one {name} goods card (not only amulets and "
                "characters)",
                "sobek:6.3",
            )
        if m < 2:
            have = f"no {name} set" if not m else f"only one {name} set"
            return IllegalAction(
                f"you have {have}: there is no {name} set {action.number} to choose; "
                f"use 'set {name}'",
                "sobek:6.3",
            )
        if not 1 <= action.number <= m:
            return IllegalAction(
                f"you have {m} {name} sets, numbered 1 to {m}; there is no {name} set "
                f"{action.number}",
                "sobek:6.3",
            )
        return IllegalAction(
            f"an addition needs 3 or more {name} cards, amulets or {name} characters "
            '("a minimum of 3 new cards")',
            "sobek:6.3",
        )
