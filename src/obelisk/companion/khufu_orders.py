"""Khufu's orders as the DVD would say them to a table playing on the real board.

The engine's Director decides *when* Khufu appears and *which* order he gives
(khufu:14.7, 14.10); this module only says each order to people, who carry it out
on the physical board. The companion knows only what the table told it (names,
pieces, lucky symbols) and what Khufu himself decided (Lucky, where the
Sarcophagus is), so every order is an instruction the players can follow there.
The words are the project's own.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from obelisk.core.i18n import N_, Words
from obelisk.core.narration import join_words
from obelisk.games.khufu import components as K

from .khufu_terms import a_symbol, of_the_symbol, order_title, the_chamber, the_suit, the_symbol

W = Words("obelisk.companion")
_, ngettext = W.gettext, W.ngettext

#: Khufu's banter for the taunt order (khufu:14.7 E02): no effect, only words.
TAUNTS: tuple[str, ...] = (
    N_("Ha! Crawl on, little thieves. My sands are running, and so is your luck."),
    N_("Do you hear that? It is the sound of my treasure laughing at you."),
    N_("Tick, tock. Forty-five minutes was too generous. I regret nothing."),
    N_("I have seen scarabs move faster than you. And they were asleep."),
    N_("Keep rolling. Every roll brings you closer to my tomb. And to me."),
    N_("Such brave faces. I wonder how brave they will look when the sand runs out."),
)


@dataclass(frozen=True)
class Order:
    """One appearance of Khufu in words: a title for the screen and what he says."""

    event: str
    number: str
    title: str
    speech: str
    detail: dict[str, Any] = field(default_factory=dict)


@dataclass
class Table:
    """What the companion knows of the table: the players and Khufu's own choices."""

    names: list[str]
    lucky_symbols: list[str | None]
    lucky: int
    sarcophagus: int = K.KING

    @property
    def lucky_name(self) -> str:
        """The name of the current Lucky."""
        return self.names[self.lucky]

    def owners(self, symbols: Sequence[str]) -> list[int] | None:
        """The seats whose lucky symbol is one of ``symbols``; None if the table did not say."""
        if any(s is None for s in self.lucky_symbols):
            return None
        return [i for i, s in enumerate(self.lucky_symbols) if s in symbols]

    def who(self, seats: list[int] | None) -> str:
        """The seats in words for an order about lucky symbols (a sentence, or nothing)."""
        if seats is None:
            return ""
        if not seats:
            return _("Nobody at this table has it.")
        return _("That is {names}.").format(names=join_words([self.names[s] for s in seats]))


def _then(sentence: str, more: str) -> str:
    """``sentence`` and, if there is one, the sentence ``more`` after it."""
    return f"{sentence} {more}" if more else sentence


def order_words(eid: str, table: Table, rng: random.Random) -> Order:
    """Khufu's order ``eid`` (an event id of khufu:14.7) for ``table``, in the reader's
    language.

    The random parts of an order that the DVD shows on screen (which chamber, suit
    or symbol, the new Lucky, where the Sarcophagus goes, the taunt) are drawn from
    ``rng``; choices the engine would make from the board (whose cards, which piece)
    are left to the players, who see the board.
    """
    row = K.EVENT_TYPES[K.EVENT_INDEX[eid]]
    detail: dict[str, Any] = {}
    lucky = table.lucky_name
    if eid == "MUMMY_CALL":
        speech = _(
            "Who is the mummy? Everybody, shout it now: You are the mummy! "
            "Whoever stays silent returns a random Treasure card to the bottom of the deck."
        )
    elif eid == "TAUNT":
        speech = _(rng.choice(TAUNTS))
    elif eid == "ROTATE_CHAMBER":
        ch = rng.randrange(len(K.CHAMBERS))
        detail["chamber"] = K.CHAMBERS[ch]
        speech = _(
            "Lucky, {name}: turn {chamber}. If it is open, block it for two rounds, "
            "unless two chambers are blocked already. If it is blocked, open it."
        ).format(name=lucky, chamber=the_chamber(K.CHAMBERS[ch]))
    elif eid == "RESTORE_CHAMBERS":
        speech = _("Lucky, {name}: turn every chamber back. All chambers are open.").format(
            name=lucky
        )
    elif eid == "MOVE_SARCOPHAGUS":
        others = [c for c in range(len(K.CHAMBERS)) if c != table.sarcophagus]
        table.sarcophagus = rng.choice(others)
        detail["chamber"] = K.CHAMBERS[table.sarcophagus]
        speech = _(
            "Lucky, {name}: move my Sarcophagus to {chamber}. "
            "The Ultimate Challenge is played there now."
        ).format(name=lucky, chamber=the_chamber(K.CHAMBERS[table.sarcophagus]))
    elif eid == "NEW_LUCKY":
        others = [p for p in range(len(table.names)) if p != table.lucky]
        table.lucky = rng.choice(others)
        detail["lucky"] = table.lucky
        speech = _(
            "I am tired of my servant. {name}, you are Lucky now. The turn order stays as it is."
        ).format(name=table.lucky_name)
    elif eid == "FAVOURED_SUIT":
        suit = rng.randrange(len(K.SUITS))
        syms = [s for i, s in enumerate(K.SYMBOLS) if K.SUIT_OF[i] == suit]
        detail["suit"] = K.SUITS[suit]
        said = _(
            "Today I favour {suit}. Whoever has one of them as lucky symbol draws a Treasure card."
        ).format(suit=the_suit(K.SUITS[suit]))
        speech = _then(said, table.who(table.owners(syms)))
    elif eid == "LUCKY_SYMBOL_ROLL":
        sym = rng.choice(K.SYMBOLS)
        detail["symbol"] = sym
        said = _(
            "My symbol die shows {symbol}. Whoever has {symbol} as lucky symbol draws two "
            "Treasure cards."
        ).format(symbol=the_symbol(sym))
        speech = _then(said, table.who(table.owners([sym])))
    elif eid == "PHARAOHS_TAX":
        speech = ngettext(
            "Pharaoh's tax! Everybody holding {n} or more Treasure cards returns "
            "one at random to the bottom of the deck.",
            "Pharaoh's tax! Everybody holding {n} or more Treasure cards returns "
            "one at random to the bottom of the deck.",
            row.amount,
        ).format(n=row.amount)
    elif eid == "SYMBOL_TITHE":
        sym = rng.choice(K.SYMBOLS)
        detail["symbol"] = sym
        speech = _(
            "I demand a tithe of {symbol}. Everybody holding {card} shows one and returns "
            "it to the bottom of the deck."
        ).format(symbol=of_the_symbol(sym), card=a_symbol(sym))
    elif eid == "LUCKY_PICKPOCKET":
        speech = _(
            "Lucky, {name}: steal one Treasure card from a player of your choice, as on a "
            "Steal space. Beware of the cobra."
        ).format(name=lucky)
    elif eid == "PASS_TO_THE_LEFT":
        speech = _(
            "Everybody holding Treasure cards: pick one at random and pass it to the player "
            "on your left, all at the same time."
        )
    elif eid == "SANDSTORM":
        speech = _(
            "A sandstorm! Every piece on the track moves 3 spaces back. A piece that lands on "
            "a Curse space draws a Curse card."
        )
    elif eid == "TAILWIND":
        speech = _(
            "A tailwind! Every piece on the track moves 2 spaces on. A piece that lands on a "
            "Curse space draws a Curse card."
        )
    elif eid == "CURSE_THE_RICHEST":
        speech = _(
            "I curse the richest! Whoever holds the most Treasure cards goes to the next Curse "
            "space ahead and draws a Curse card there. If you are tied, all of you go."
        )
    elif eid == "UNDERDOG":
        speech = _("I pity the weak. Whoever has placed the fewest Scarabs draws a Treasure card.")
    elif eid == "MISS_NEXT_TURN":
        speech = _("The next player to play misses that turn.")
    elif eid == "LUCKY_EXTRA_TURN":
        speech = _("Lucky, {name}: you take an extra turn right after this one.").format(name=lucky)
    elif eid == "SANDS_RUN_FAST":
        speech = _("The sands run fast! A minute of your time is gone.")
    elif eid == "KHUFUS_COIN":
        speech = _(
            "Everybody holding Treasure cards tosses my coin in turn. Tails: draw a Treasure "
            "card. Heads: return a random one to the bottom of the deck."
        )
    else:  # pragma: no cover - the table has exactly these twenty orders
        raise ValueError(f"unknown order {eid}")
    return Order(eid, row.number, order_title(eid), speech, detail)


#: Said with every order (seed: an interrupted turn is over).
STOP = N_("Stop! If you are in the middle of a turn, your turn is over.")
#: Other ways of saying it (issue 36: a repeated order is not the same audio).
STOPS: tuple[str, ...] = (
    STOP,
    N_("Halt! Whoever is in the middle of a turn: that turn is over."),
    N_("Freeze, mortals! A turn under way ends here."),
    N_("Silence! Khufu speaks. If it is your turn, it is over."),
    N_("Stop where you stand! The turn being played is finished."),
    N_("Enough! Put down the dice: the turn in progress is over."),
)


def stop_words(rng: random.Random, last: str | None = None) -> str:
    """One way of saying :data:`STOP` (its English key: say it with ``W.gettext``), never
    the one said just before."""
    return rng.choice([s for s in STOPS if s != last])
