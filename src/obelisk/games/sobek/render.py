"""A compact text view of one seat's observation (``to_text``); reads nothing else.

Seats are counted from 1 (``Player 2``) and the reader's own is ``you``; cards read as
printed (``fish 1``: a fish with 1 scarab), a face-down character as ``[?]``.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from obelisk.core import Renderer

from . import words as W
from .components import GOODS

if TYPE_CHECKING:
    from .rules import SobekState

_SCARABS = re.compile(r"[a-z]+(\d+)")


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
    parts = [f"{g} {' '.join(sorted(groups[g], reverse=True))}" for g in GOODS if g in groups]
    amulets = cards.count("amulet")
    if amulets:
        parts.append("amulet" if amulets == 1 else f"{amulets} amulets")
    parts += others
    return " | ".join(parts) if parts else "-"


def _value(cards: list[str]) -> int:
    """sobek:11.1 cards x scarabs, read from the kind names (``fish1``: 1 scarab)."""
    scarabs = 0
    for c in cards:
        m = _SCARABS.fullmatch(c)
        scarabs += int(m[1]) if m else 0
    return len(cards) * scarabs


def _set_text(goods: str, cards: list[str], place: str = "") -> str:
    """``fish 1 1 0 amulet Thief (12)``: a set by its goods, its goods cards' scarabs (most
    first), its amulets and characters, and its value (``place``: ``second`` before the
    goods, for one of several sets of them)."""
    values = sorted(
        (m[1] for c in cards if (m := _SCARABS.fullmatch(c)) and c.startswith(goods)),
        reverse=True,
    )
    others = [W.card_label(c) for c in cards if not (_SCARABS.fullmatch(c) and c.startswith(goods))]
    others.sort(key=lambda c: c != "amulet")
    name = f"{place} {goods}" if place else goods
    return f"{name} {' '.join([*values, *others])} ({_value(cards)})"


def _seat_sets(obs: dict[str, Any], p: int) -> list[str]:
    """Seat p's sets as text, goods by goods; among several sets of one goods each is
    named by its place (``fish 1 1 0 (6); second fish 1 1 1 (9)``)."""
    more = (obs.get("more_sets") or [])[p] if obs.get("more_sets") else []
    several = {m["goods"] for m in more}
    out = []
    for g, cards in obs["sets"][p].items():
        out.append(_set_text(g, cards, "first" if g in several else ""))
        for m in more:
            if m["goods"] == g:
                out.append(_set_text(g, m["cards"], W.ordinal(m["number"])))
    return out


def _plural(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _first_up(text: str) -> str:
    """``text`` with its first letter upper case (a name keeps its own capitals)."""
    return text[:1].upper() + text[1:]


def render(obs: dict[str, Any], options: Any, names: Sequence[str] | None = None) -> str:
    """The table as one seat sees it (None: a spectator); seats by ``names`` if given."""
    n = len(obs["scores"])
    me = obs.get("seat")

    def who(p: int) -> str:
        if p == me:
            return "you"
        return names[p] if names and p < len(names) else f"player {p + 1}"

    def label(p: int) -> str:
        """A seat's line on the table: its name (and "you"), or its number."""
        if names and p < len(names):
            return (
                "You" if p == me and names[p] == "You" else names[p] + (" (you)" if p == me else "")
            )
        return f"Player {p + 1}" + (" (you)" if p == me else "")

    lines = []
    head = f"Sobek - round {obs['round']} of {obs['rounds']}"
    if obs["game_over"]:
        head += " - game over"
    else:
        to_move, turn = obs["to_move"], obs["turn"]
        if to_move == me:
            head += " - your decision"
        else:
            head += f" - {_first_up(who(to_move))} to decide"
        pend = obs["pending"]
        if turn != to_move and not (pend and pend["decision"] == "starter"):
            head += f" ({who(turn)} {'have' if turn == me else 'has'} the turn)"
        if obs["in_extra_action"]:
            head += ", extra action"
    lines.append(head)
    market = obs["market"]
    window = options.take_window
    cells = [
        f"{i + 1}:{'[?]' if c == 'character' else W.card_label(c)}" for i, c in enumerate(market)
    ]
    if cells:
        last = min(window, len(cells))
        span = "1" if last == 1 else f"1-{last}"
        lines.append(f"Market (take {span}): {'  '.join(cells[:window])}")
        if len(cells) > window:
            lines.append(f"  further along: {'  '.join(cells[window:])}")
    else:
        lines.append("Market: empty")
    used = ", ".join(W.token_word(t) for t in obs["tokens_used"]) or "none"
    free = obs.get("free_passages") or []
    if any(free):
        held = ", ".join(f"{who(p)} {k}" for p, k in enumerate(free) if k)
        lines.append(f"Free passages (next take that skips cards costs no corruption): {held}")
    deck = _plural(obs["deck"], "card")
    lines.append(f"Deck: {deck}. Tokens: {obs['tokens_left']} face down; used: {used}")
    for p in range(n):
        set_text = "; ".join(_seat_sets(obs, p))
        line = f"{label(p)}: {obs['scores'][p]} points, {obs['hand_sizes'][p]} in hand"
        if "corruption_counts" in obs:
            line += f", corruption {obs['corruption_counts'][p]}"
        elif p != me:
            line += ", corruption tile"
        line += f"; sets: {set_text}" if set_text else "; no sets"
        if "hand_backs" in obs:
            b = obs["hand_backs"][p]
            line += (
                f", backs in hand: {b['green']} green, {b['beige']} beige, "
                f"{b['character']} character"
            )
        lines.append(line)
    if me is not None:
        lines.append(f"Your hand: {_group(obs['hand'])}")
        pile = obs["corruption"]
        hidden = obs["corruption_count"] - len(pile)
        shown = _group(pile) if pile else ""
        if hidden:
            shown = f"{shown}{' + ' if shown else ''}{hidden} not looked at"
        lines.append(
            f"Your corruption: {_plural(obs['corruption_count'], 'card')}"
            + (f" ({shown})" if shown else "")
        )
    if obs["discard"] or obs["discard_face_down"]:
        up = ", ".join(W.card_label(c) for c in obs["discard"]) or "-"
        down = obs["discard_face_down"]
        lines.append(f"Discard: {up}" + (f" + {down} face down" if down else ""))
    pend = obs["pending"]
    if pend:
        lines.append(f"Deciding: {pending_words(pend, who)}")
    last = obs["last_round"]
    if last:
        pts = ", ".join(
            f"{who(p)} {last['round_points'][p]}"
            + (f" (lost {last['penalty'][p]})" if last["penalty"][p] else "")
            for p in range(n)
        )
        corr = ", ".join(str(c) for c in last["corruption"])
        lines.append(f"Round {last['round']} scored: {pts}; corruption cards {corr}")
    return "\n".join(lines)


def pending_words(pend: dict[str, Any], who: Any) -> str:
    """The decision being made, in words."""
    seat = pend["seat"]
    name = _first_up(who(seat))
    name += " are" if name == "You" else " is"
    d = pend["decision"]
    if d == "set":
        laid = ", ".join(W.card_label(c) for c in pend.get("cards", [])) or "no card yet"
        number = pend.get("number")
        goods = f"{W.ordinal(number)} {pend.get('goods')}" if number else pend.get("goods")
        if number and not pend.get("new"):
            return f"{name} adding to the {goods} set: {laid}"
        return f"{name} laying {W.a(str(goods))} set: {laid}"
    if d == "token":
        tokens = pend.get("tokens")
        among = f": {', '.join(W.token_word(t) for t in tokens)}" if tokens else ""
        return f"{name} choosing a token for the {pend.get('goods')} set{among}"
    if d == "pick":
        return f"{name} taking any market card, with no corruption"
    if d == "give":
        return f"{name} giving a card to {who(pend['to'])}"
    if d == "bury":
        return f"{name} putting a card from hand into their corruption"
    if d == "purge":
        return f"{name} throwing away up to {_plural(pend['left'], 'corruption card')}"
    if d == "launder":
        if pend.get("number"):
            pend = {**pend, "goods": f"{W.ordinal(pend['number'])} {pend.get('goods')}"}
        if pend.get("minimum"):
            laid = pend.get("laid", 0)
            return (
                f"{name} moving corruption cards into the {pend.get('goods')} set: none or at "
                f"least {pend['minimum']} ({laid} so far)"
            )
        return (
            f"{name} moving up to {_plural(pend['left'], 'corruption card')} into the "
            f"{pend.get('goods')} set"
        )
    if d == "shift":
        return (
            f"{name} passing up to {_plural(pend['left'], 'corruption card')} to {who(pend['to'])}"
        )
    if d == "target":
        purpose = W.purpose(str(pend.get("effect")))
        for said, short in (("an opponent's", "their"), ("from an opponent", "from them")):
            purpose = purpose.replace(said, short)
        purpose = purpose.replace("make an opponent", "make them")
        return f"{name} choosing an opponent to {purpose}"
    if d == "grab":
        text = f"{name} taking a card from {who(pend['opponent'])}'s hand"
        if "their_hand" in pend:
            text += f": {_group(pend['their_hand'])}"
        return text
    if d == "giveback":
        text = f"{name} giving a card back to {who(pend['opponent'])}"
        if "taken" in pend:
            text += f" (took {W.card_label(pend['taken'])})"
        return text
    if d == "sink":
        return f"{name} throwing away 0 to 3 cards from the front of the market"
    if d == "starter":
        return f"{name} choosing who starts the next round"
    return f"{name} deciding ({d})"


class SobekRenderer(Renderer["SobekState"]):
    """Sobek's text view (``Game.renderer``): :func:`render` of the seat's observation."""

    def to_text(
        self, state: SobekState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The seat's observation as text, seats by ``names``."""
        return render(state.observation(seat), state.options, names)
