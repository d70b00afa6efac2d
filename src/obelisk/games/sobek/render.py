"""A compact text view of one seat's observation (``to_text``); reads nothing else.

Seats are counted from 1 (``Player 2``) and the reader's own is ``you``; cards read as
printed (``fish 1``: a fish with 1 scarab), a face-down character as ``[?]``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from obelisk.core import Renderer
from obelisk.core.i18n import Words

from . import words as W
from .components import GOODS

if TYPE_CHECKING:
    from .rules import SobekState

_SCARABS = re.compile(r"[a-z]+(\d+)")

T = Words(__package__)
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext


def _group(cards: list[str]) -> str:
    """A hand grouped by goods, each goods card by its scarabs: ``fish 1 1 0 | 2 amulets |
    Thief``."""
    groups: dict[str, list[str]] = {}
    others: list[str] = []
    for c in cards:
        m = _SCARABS.fullmatch(c)
        goods = next((g for g in GOODS if c.startswith(g)), None)
        if m and goods:
            groups.setdefault(goods, []).append(m[1])
        elif c != "amulet":
            others.append(W.card_label(c))
    parts = [
        f"{W.goods_name(g)} {' '.join(sorted(groups[g], reverse=True))}"
        for g in GOODS
        if g in groups
    ]
    amulets = cards.count("amulet")
    if amulets:
        parts.append(
            W.card_label("amulet")
            if amulets == 1
            else ngettext("{n} amulet", "{n} amulets", amulets).format(n=amulets)
        )
    parts += others
    return " | ".join(parts) if parts else "-"


def _value(cards: list[str]) -> int:
    """sobek:11.1 cards x scarabs, read from the kind names (``fish1``: 1 scarab)."""
    scarabs = 0
    for c in cards:
        m = _SCARABS.fullmatch(c)
        scarabs += int(m[1]) if m else 0
    return len(cards) * scarabs


def _set_text(goods: str, cards: list[str], number: int | None = None) -> str:
    """``fish 1 1 0 amulet Thief (12)``: a set by its goods, its goods cards' scarabs (most
    first), its amulets and characters, and its value (``number``: its place, ``second``
    before the goods, for one of several sets of them)."""
    values = sorted(
        (m[1] for c in cards if (m := _SCARABS.fullmatch(c)) and c.startswith(goods)),
        reverse=True,
    )
    rest = [c for c in cards if not (_SCARABS.fullmatch(c) and c.startswith(goods))]
    rest.sort(key=lambda c: c != "amulet")
    others = [W.card_label(c) for c in rest]
    name = W.goods_label(goods, number)
    return f"{name} {' '.join([*values, *others])} ({_value(cards)})"


def _seat_sets(obs: dict[str, Any], p: int) -> list[str]:
    """Seat p's sets as text, goods by goods; among several sets of one goods each is
    named by its place (``fish 1 1 0 (6); second fish 1 1 1 (9)``)."""
    more = (obs.get("more_sets") or [])[p] if obs.get("more_sets") else []
    several = {m["goods"] for m in more}
    out = []
    for g, cards in obs["sets"][p].items():
        out.append(_set_text(g, cards, 1 if g in several else None))
        for m in more:
            if m["goods"] == g:
                out.append(_set_text(g, m["cards"], m["number"]))
    return out


def _cards(n: int) -> str:
    return ngettext("{n} card", "{n} cards", n).format(n=n)


def _corruption_cards(n: int) -> str:
    return ngettext("{n} corruption card", "{n} corruption cards", n).format(n=n)


def _first_up(text: str) -> str:
    """``text`` with its first letter upper case (a name keeps its own capitals)."""
    return text[:1].upper() + text[1:]


def render(obs: dict[str, Any], options: Any, names: Sequence[str] | None = None) -> str:
    """The table as one seat sees it (None: a spectator); seats by ``names`` if given."""
    n = len(obs["scores"])
    me = obs.get("seat")

    def who(p: int) -> str:
        if p == me:
            return _("you")
        return names[p] if names and p < len(names) else _("player {n}").format(n=p + 1)

    def label(p: int) -> str:
        """A seat's line on the table: its name (and "you"), or its number."""
        if names and p < len(names):
            if p == me and names[p] == "You":
                return pgettext("seat", "You")
            return names[p] + (_(" (you)") if p == me else "")
        return _("Player {n}").format(n=p + 1) + (_(" (you)") if p == me else "")

    lines = []
    head = _("Sobek - round {round} of {rounds}").format(round=obs["round"], rounds=obs["rounds"])
    if obs["game_over"]:
        head += _(" - game over")
    else:
        to_move, turn = obs["to_move"], obs["turn"]
        if to_move == me:
            head += _(" - your decision")
        else:
            head += _(" - {name} to decide").format(name=_first_up(who(to_move)))
        pend = obs["pending"]
        if turn != to_move and not (pend and pend["decision"] == "starter"):
            if turn == me:
                head += _(" (you have the turn)")
            else:
                head += _(" ({name} has the turn)").format(name=who(turn))
        if obs["in_extra_action"]:
            head += _(", extra action")
    lines.append(head)
    market = obs["market"]
    window = options.take_window
    cells = [
        f"{i + 1}:{'[?]' if c == 'character' else W.card_label(c)}" for i, c in enumerate(market)
    ]
    if cells:
        last = min(window, len(cells))
        span = "1" if last == 1 else f"1-{last}"
        lines.append(
            _("Market (take {span}): {cards}").format(span=span, cards="  ".join(cells[:window]))
        )
        if len(cells) > window:
            lines.append(_("  further along: {cards}").format(cards="  ".join(cells[window:])))
    else:
        lines.append(_("Market: empty"))
    used = ", ".join(W.token_name(t) for t in obs["tokens_used"]) or _("none")
    free = obs.get("free_passages") or []
    if any(free):
        held = ", ".join(f"{who(p)} {k}" for p, k in enumerate(free) if k)
        lines.append(
            _("Free passages (next take that skips cards costs no corruption): {held}").format(
                held=held
            )
        )
    lines.append(
        _("Deck: {deck}. Tokens: {left} face down; used: {used}").format(
            deck=_cards(obs["deck"]), left=obs["tokens_left"], used=used
        )
    )
    for p in range(n):
        set_text = "; ".join(_seat_sets(obs, p))
        line = _("{seat}: {points} points, {hand} in hand").format(
            seat=label(p), points=obs["scores"][p], hand=obs["hand_sizes"][p]
        )
        if "corruption_counts" in obs:
            line += _(", corruption {n}").format(n=obs["corruption_counts"][p])
        elif p != me:
            line += _(", corruption tile")
        line += _("; sets: {sets}").format(sets=set_text) if set_text else _("; no sets")
        if "hand_backs" in obs:
            b = obs["hand_backs"][p]
            line += _(
                ", backs in hand: {green} green, {beige} beige, {character} character"
            ).format(**b)
        lines.append(line)
    if me is not None:
        lines.append(_("Your hand: {cards}").format(cards=_group(obs["hand"])))
        pile = obs["corruption"]
        hidden = obs["corruption_count"] - len(pile)
        shown = _group(pile) if pile else ""
        if hidden:
            unseen = _("{n} not looked at").format(n=hidden)
            shown = f"{shown} + {unseen}" if shown else unseen
        lines.append(
            _("Your corruption: {cards}").format(cards=_cards(obs["corruption_count"]))
            + (f" ({shown})" if shown else "")
        )
    if obs["discard"] or obs["discard_face_down"]:
        up = ", ".join(W.card_label(c) for c in obs["discard"]) or "-"
        down = obs["discard_face_down"]
        lines.append(
            _("Discard: {cards}").format(cards=up)
            + (_(" + {n} face down").format(n=down) if down else "")
        )
    pend = obs["pending"]
    if pend:
        lines.append(_("Deciding: {what}").format(what=pending_words(pend, who)))
    last = obs["last_round"]
    if last:
        pts = ", ".join(
            f"{who(p)} {last['round_points'][p]}"
            + (_(" (lost {n})").format(n=last["penalty"][p]) if last["penalty"][p] else "")
            for p in range(n)
        )
        corr = ", ".join(str(c) for c in last["corruption"])
        lines.append(
            _("Round {round} scored: {points}; corruption cards {corruption}").format(
                round=last["round"], points=pts, corruption=corr
            )
        )
    return "\n".join(lines)


def pending_words(pend: dict[str, Any], who: Any) -> str:
    """The decision being made, in words (``who(seat)``: a seat's name, ``you`` for the
    reader)."""
    seat = pend["seat"]
    name = _first_up(who(seat))
    you = name == _first_up(_("you"))
    d = pend["decision"]

    def say(you_text: str, them_text: str, **fields: Any) -> str:
        return (you_text if you else them_text).format(name=name, **fields)

    if d == "set":
        laid = ", ".join(W.card_label(c) for c in pend.get("cards", [])) or _("no card yet")
        number = pend.get("number")
        goods = pend.get("goods")
        if number and not pend.get("new"):
            return say(
                _("You are adding to the {set}: {laid}"),
                _("{name} is adding to the {set}: {laid}"),
                set=W.set_name(goods, number),
                laid=laid,
            )
        if number:
            return say(
                _("You are laying a {set}: {laid}"),
                _("{name} is laying a {set}: {laid}"),
                set=W.set_name(goods, number),
                laid=laid,
            )
        return say(
            _("You are laying {a_set}: {laid}"),
            _("{name} is laying {a_set}: {laid}"),
            a_set=W.a_set(goods),
            laid=laid,
        )
    if d == "token":
        tokens = pend.get("tokens")
        among = ", ".join(W.token_name(t) for t in tokens) if tokens else ""
        if among:
            return say(
                _("You are choosing a token for the {set}: {tokens}"),
                _("{name} is choosing a token for the {set}: {tokens}"),
                set=W.set_name(pend.get("goods")),
                tokens=among,
            )
        return say(
            _("You are choosing a token for the {set}"),
            _("{name} is choosing a token for the {set}"),
            set=W.set_name(pend.get("goods")),
        )
    if d == "pick":
        return say(
            _("You are taking any market card, with no corruption"),
            _("{name} is taking any market card, with no corruption"),
        )
    if d == "give":
        return say(
            _("You are giving a card to {other}"),
            _("{name} is giving a card to {other}"),
            other=who(pend["to"]),
        )
    if d == "bury":
        return say(
            _("You are putting a card from hand into their corruption"),
            _("{name} is putting a card from hand into their corruption"),
        )
    if d == "purge":
        return say(
            _("You are throwing away up to {cards}"),
            _("{name} is throwing away up to {cards}"),
            cards=_corruption_cards(pend["left"]),
        )
    if d == "launder":
        goods = pend.get("goods")
        the_set = W.set_name(goods, pend.get("number"))
        if pend.get("minimum"):
            return say(
                _(
                    "You are moving corruption cards into the {set}: none or at least "
                    "{minimum} ({laid} so far)"
                ),
                _(
                    "{name} is moving corruption cards into the {set}: none or at least "
                    "{minimum} ({laid} so far)"
                ),
                set=the_set,
                minimum=pend["minimum"],
                laid=pend.get("laid", 0),
            )
        return say(
            _("You are moving up to {cards} into the {set}"),
            _("{name} is moving up to {cards} into the {set}"),
            cards=_corruption_cards(pend["left"]),
            set=the_set,
        )
    if d == "shift":
        return say(
            _("You are passing up to {cards} to {other}"),
            _("{name} is passing up to {cards} to {other}"),
            cards=_corruption_cards(pend["left"]),
            other=who(pend["to"]),
        )
    if d == "target":
        return say(
            _("You are choosing an opponent to {purpose}"),
            _("{name} is choosing an opponent to {purpose}"),
            purpose=W.target_purpose(str(pend.get("effect"))),
        )
    if d == "grab":
        text = say(
            _("You are taking a card from {other}'s hand"),
            _("{name} is taking a card from {other}'s hand"),
            other=who(pend["opponent"]),
        )
        if "their_hand" in pend:
            text += f": {_group(pend['their_hand'])}"
        return text
    if d == "giveback":
        text = say(
            _("You are giving a card back to {other}"),
            _("{name} is giving a card back to {other}"),
            other=who(pend["opponent"]),
        )
        if "taken" in pend:
            text += _(" (took {card})").format(card=W.card_label(pend["taken"]))
        return text
    if d == "sink":
        return say(
            _("You are throwing away 0 to 3 cards from the front of the market"),
            _("{name} is throwing away 0 to 3 cards from the front of the market"),
        )
    if d == "starter":
        return say(
            _("You are choosing who starts the next round"),
            _("{name} is choosing who starts the next round"),
        )
    return say(_("You are deciding ({d})"), _("{name} is deciding ({d})"), d=d)


class SobekRenderer(Renderer["SobekState"]):
    """Sobek's text view (``Game.renderer``): :func:`render` of the seat's observation."""

    def to_text(
        self, state: SobekState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The seat's observation as text, seats by ``names``."""
        return render(state.observation(seat), state.options, names)
