"""Why an action is illegal in Sobek, in words naming the rule: the game's refusals
(``Game.refusals``, read by ``State.explain_illegal``)."""

from __future__ import annotations

from obelisk.core import Action, IllegalAction, Refusals
from obelisk.core.i18n import Words

from . import components as C
from . import words as W
from .actions import Add, Done, NewSet, Onto, Pass, Play, Set, Take, Token
from .powers import P_LAUNDER, P_SET, P_SHIFT, P_STARTER, P_TOKEN
from .render import pending_words
from .rules import GOODS, SobekState

T = Words(__package__)
_, ngettext = T.gettext, T.ngettext


def _typed(kind: str, *args: object) -> str:
    """A typed form in the reader's language: ``set fish`` (``lege Fisch``)."""
    return " ".join([W.commands()[kind], *map(str, args)])


class SobekRefusals(Refusals[SobekState]):
    """Why an action is not legal now, naming the rule (sobek:5-13)."""

    def explain(self, state: SobekState, action: Action) -> IllegalAction:
        """Name the rule that forbids ``action`` now, in plain words."""
        if state.over:
            return IllegalAction(_("the game is over"), "sobek:13")
        p = state.current_player
        player = _("Player {n}").format(n=p + 1)
        if not state.pend:
            return self._explain_normal(state, action, p)
        top = state.pend[-1]
        code = top[0]
        t = state.t
        if code == P_SET:
            g = top[2]
            fields = {"goods": W.goods_name(GOODS[g]), "a_set": W.a_set(GOODS[g])}
            if isinstance(action, Add):
                k = t.kind_index.get(action.card)
                if k is None:
                    return IllegalAction(
                        _("there is no card called '{card}'").format(
                            card=W.card_typed(action.card)
                        ),
                        "sobek:2.2",
                    )
                if not state._fits(k, g):
                    return IllegalAction(
                        _(
                            "mixed goods: {a_set} takes only {goods} cards, amulets and "
                            "{goods} characters, not {card}"
                        ).format(card=W.card(action.card), **fields),
                        "sobek:6.3",
                    )
                return IllegalAction(
                    _("you hold no {card}").format(card=W.card_label(action.card)), "sobek:6.3"
                )
            if isinstance(action, Done):
                if len(top[3]) < 3:
                    return IllegalAction(
                        _("a set needs at least 3 cards; you have laid {n}").format(n=len(top[3])),
                        "sobek:6.3",
                    )
                return IllegalAction(
                    _(
                        "a new {set} needs at least one {goods} goods card (not only amulets "
                        "and characters)"
                    ).format(set=W.set_name(GOODS[g]), **fields),
                    "sobek:6.3",
                )
            return IllegalAction(
                _("{player} is laying {a_set}: add cards or say done").format(
                    player=player, **fields
                ),
                "sobek:6.3",
            )
        if code == P_TOKEN:
            if isinstance(action, Token):
                return IllegalAction(
                    _("{token} is not among the remaining tokens").format(
                        token=W.token(action.effect)
                    ),
                    "sobek:6.3",
                )
            return IllegalAction(
                _("{player} must choose one of the remaining tokens").format(player=player),
                "sobek:6.3",
            )
        if code == P_STARTER:
            return IllegalAction(
                _("{player} must name the start player of the next round").format(player=player),
                "sobek:12",
            )
        rule = "sobek:9" if code in (P_LAUNDER, P_SHIFT) else "sobek:8"
        if code == P_LAUNDER and isinstance(action, Done):
            return IllegalAction(
                _(
                    "laundering moves no card or at least {minimum}, like any addition to a "
                    'set ("a minimum of 3 new cards"); you have moved {moved}'
                ).format(minimum=top[4], moved=top[5]),
                "sobek:9",
            )
        if isinstance(action, Take):
            return IllegalAction(
                _("{player} must first finish resolving the effect").format(player=player), rule
            )
        view = state._pending_view(None) or {}
        if view:
            doing = pending_words(view, lambda q: _("player {n}").format(n=q + 1))
        else:
            doing = _("player {n}").format(n=p + 1)
        return IllegalAction(
            _("{doing} (an effect being resolved); '{action}' is not one of the choices").format(
                doing=doing, action=W.typed(action)
            ),
            rule,
        )

    def _explain_normal(self, state: SobekState, action: Action, p: int) -> IllegalAction:
        if isinstance(action, Take):
            n = len(state.market)
            w = state.options.take_window
            if not n:
                return IllegalAction(
                    _("the market and the deck are empty: no card to take"), "sobek:7"
                )
            if action.position < 1 or action.position > w:
                return IllegalAction(
                    _(
                        "you may take only one of the first {w} market cards, not position "
                        "{position}"
                    ).format(w=w, position=action.position),
                    "sobek:6.1",
                )
            return IllegalAction(
                ngettext(
                    "the market has only {n} card; position {position} is empty",
                    "the market has only {n} cards; position {position} is empty",
                    n,
                ).format(n=n, position=action.position),
                "sobek:6.1",
            )
        if isinstance(action, Play):
            return IllegalAction(
                _("you hold no {character} ('{key}')").format(
                    character=W.character_name(action.character), key=action.character
                ),
                "sobek:6.2",
            )
        if isinstance(action, (NewSet, Onto)):
            return self._explain_second_set(state, action, p)
        if isinstance(action, Set):
            g = C.GOODS_INDEX.get(action.goods)
            if g is None:
                return IllegalAction(
                    _("there are no goods called '{goods}'").format(goods=action.goods),
                    "sobek:6.3",
                )
            m = state.set_count(p, g)
            eligible, _goods, amulets = state._hand_counts(p)
            goods = W.goods_name(action.goods)
            if m > 1 and eligible[g] + amulets >= 3:
                which = ", ".join(f"'{_typed('onto', goods, k)}'" for k in range(1, m + 1))
                return IllegalAction(
                    _(
                        "you have {m} {goods} sets: say which one to add to ({which}), or "
                        "lay a new one ('{new}')"
                    ).format(m=m, goods=goods, which=which, new=_typed("new", goods)),
                    "sobek:6.3",
                )
            if state.options.new_set_needs_goods_card and not state.sets[p][g]:
                return IllegalAction(
                    _(
                        "you cannot lay {a_set}: a new set needs 3 or more cards of "
                        "that type (amulets and {goods} characters count) including one "
                        "{goods} goods card"
                    ).format(a_set=W.a_set(action.goods), goods=goods),
                    "sobek:6.3",
                )
            return IllegalAction(
                _("you need 3 or more {goods} cards, amulets or {goods} characters").format(
                    goods=goods
                ),
                "sobek:6.3",
            )
        if isinstance(action, Pass):
            if state.in_extra:
                return IllegalAction(
                    _("the extra action is compulsory while an action is possible"), "sobek:5"
                )
            return IllegalAction(
                _("there is no passing: take a card, play a character or lay a set"), "sobek:5"
            )
        return IllegalAction(
            _(
                "it is {player}'s turn to take a card, play a character or lay a set; "
                "'{action}' is not one of them"
            ).format(player=_("player {n}").format(n=p + 1), action=W.typed(action)),
            "sobek:5",
        )

    def _explain_second_set(
        self, state: SobekState, action: NewSet | Onto, p: int
    ) -> IllegalAction:
        """Why ``new GOODS`` or ``onto GOODS N`` is not legal now (sobek:6.3)."""
        g = C.GOODS_INDEX.get(action.goods)
        if g is None:
            return IllegalAction(
                _("there are no goods called '{goods}'").format(goods=action.goods), "sobek:6.3"
            )
        name = W.goods_name(action.goods)
        m = state.set_count(p, g)
        eligible, _goods, amulets = state._hand_counts(p)
        enough = eligible[g] + amulets >= 3
        fields = {"goods": name, "set": W.set_name(action.goods), "lay": _typed("set", name)}
        if isinstance(action, NewSet):
            if state.options.second_set != "choose":
                return IllegalAction(
                    _(
                        "at this table cards of a goods you have a set of always join that set: "
                        "a second {set} is not allowed; add to your {set} with '{lay}'"
                    ).format(**fields),
                    "sobek:6.3",
                )
            if not m:
                return IllegalAction(
                    _("you have no {set} yet: lay your first one with '{lay}'").format(**fields),
                    "sobek:6.3",
                )
            if not enough:
                return IllegalAction(
                    _(
                        "a new {set} needs 3 or more cards of that type (amulets and {goods} "
                        "characters count)"
                    ).format(**fields),
                    "sobek:6.3",
                )
            return IllegalAction(
                _(
                    "a new {set} needs at least one {goods} goods card (not only amulets and "
                    "characters)"
                ).format(**fields),
                "sobek:6.3",
            )
        if m < 2:
            if not m:
                text = _("you have no {set}: there is no {set} {number} to choose; use '{lay}'")
            else:
                text = _(
                    "you have only one {set}: there is no {set} {number} to choose; use '{lay}'"
                )
            return IllegalAction(text.format(number=action.number, **fields), "sobek:6.3")
        if not 1 <= action.number <= m:
            return IllegalAction(
                _(
                    "you have {m} {goods} sets, numbered 1 to {m}; there is no {set} {number}"
                ).format(m=m, number=action.number, **fields),
                "sobek:6.3",
            )
        return IllegalAction(
            _(
                "an addition needs 3 or more {goods} cards, amulets or {goods} characters "
                '("a minimum of 3 new cards")'
            ).format(**fields),
            "sobek:6.3",
        )
