"""Sobek's fixed action space for the research adapters (``Game.action_space``).

Every action a seat may take with one set of options, derived from the card table
(kind names, characters, event tokens) and the market numbers, never from a sample
of games. The list is a superset: an action that is legal in some position is in it,
even where a seat may not take it now (``target P1`` for seat 0, say).
"""

from __future__ import annotations

from obelisk.core import Action

from . import components as C
from .actions import (
    DONE,
    PASS,
    Add,
    Bury,
    Give,
    Grab,
    Launder,
    NewSet,
    Onto,
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
from .options import SobekOptions


def action_space(num_players: int, options: SobekOptions) -> list[Action]:
    """Every action of a ``num_players`` game with ``options``, in a fixed order."""
    t = C.build_table(options)
    kinds = t.kind_names  # goods kinds, the amulet, then the characters (sobek:2)
    chars = [name for name, is_char in zip(kinds, t.kind_char, strict=True) if is_char]
    market = options.market_size  # sobek:7 a shipment never holds more
    effects = sorted(set(t.tokens))
    seats = range(num_players)
    acts: list[Action] = [Take(k) for k in range(1, min(options.take_window, market) + 1)]
    acts += [Play(c) for c in chars]
    acts += [Set(g) for g in C.GOODS]
    acts += [Add(k) for k in kinds]  # any kind fits some set: its goods, or wild
    acts.append(DONE)
    if not options.extra_action_compulsory:  # sobek:5 an extra action may be passed
        acts.append(PASS)
    acts += [Token(e) for e in effects]
    acts += [Pick(i) for i in range(1, market + 1)]
    acts += [Target(q) for q in seats]
    for cls in (Give, Bury, Grab, Purge, Launder, Shift):
        acts += [cls(k) for k in kinds]
    acts += [Sink(j) for j in range(min(3, market) + 1)]
    acts += [Starter(q) for q in seats]
    if options.second_set == "choose":  # sobek:6.3 a new set beside one, or onto one of several
        # (last, so that the actions without them keep their places)
        acts += [NewSet(g) for g in C.GOODS]
        for g, goods in enumerate(C.GOODS):
            # the cards that fit a set of these goods: its own, its characters, the amulets
            fit = sum(1 for cg in t.card_goods if cg in (g, -1))
            # adding onto set k of m >= 2 needs 3 cards for each set and 3 more in hand
            acts += [Onto(goods, k) for k in range(1, fit // 3)]
    return list(dict.fromkeys(acts))
