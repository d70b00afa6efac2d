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

from obelisk.core.narration import join_words
from obelisk.games.khufu import components as K
from obelisk.games.khufu.narration import ORDER_WORDS, SUIT_WORDS, card_word, chamber, symbol

#: Khufu's banter for the taunt order (khufu:14.7 E02): no effect, only words.
TAUNTS: tuple[str, ...] = (
    "Ha! Crawl on, little thieves. My sands are running, and so is your luck.",
    "Do you hear that? It is the sound of my treasure laughing at you.",
    "Tick, tock. Forty-five minutes was too generous. I regret nothing.",
    "I have seen scarabs move faster than you. And they were asleep.",
    "Keep rolling. Every roll brings you closer to my tomb. And to me.",
    "Such brave faces. I wonder how brave they will look when the sand runs out.",
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

    def lucky_words(self) -> str:
        """``Lucky, Ann`` as a form of address."""
        return f"Lucky, {self.names[self.lucky]}"

    def owners(self, symbols: Sequence[str]) -> list[int] | None:
        """The seats whose lucky symbol is one of ``symbols``; None if the table did not say."""
        if any(s is None for s in self.lucky_symbols):
            return None
        return [i for i, s in enumerate(self.lucky_symbols) if s in symbols]

    def who(self, seats: list[int] | None) -> str:
        """The seats in words for an order about lucky symbols."""
        if seats is None:
            return ""
        if not seats:
            return " Nobody at this table has it."
        return f" That is {join_words([self.names[s] for s in seats])}."


def order_words(eid: str, table: Table, rng: random.Random) -> Order:
    """Khufu's order ``eid`` (an event id of khufu:14.7) for ``table``.

    The random parts of an order that the DVD shows on screen (which chamber, suit
    or symbol, the new Lucky, where the Sarcophagus goes, the taunt) are drawn from
    ``rng``; choices the engine would make from the board (whose cards, which piece)
    are left to the players, who see the board.
    """
    row = K.EVENT_TYPES[K.EVENT_INDEX[eid]]
    title = ORDER_WORDS[eid][0]
    detail: dict[str, Any] = {}
    lw = table.lucky_words()
    if eid == "MUMMY_CALL":
        speech = (
            "Who is the mummy? Everybody, shout it now: You are the mummy! "
            "Whoever stays silent returns a random Treasure card to the bottom of the deck."
        )
    elif eid == "TAUNT":
        speech = rng.choice(TAUNTS)
    elif eid == "ROTATE_CHAMBER":
        ch = rng.randrange(len(K.CHAMBERS))
        detail["chamber"] = K.CHAMBERS[ch]
        speech = (
            f"{lw}: turn {chamber(K.CHAMBERS[ch])}. If it is open, block it for two rounds, "
            "unless two chambers are blocked already. If it is blocked, open it."
        )
    elif eid == "RESTORE_CHAMBERS":
        speech = f"{lw}: turn every chamber back. All chambers are open."
    elif eid == "MOVE_SARCOPHAGUS":
        others = [c for c in range(len(K.CHAMBERS)) if c != table.sarcophagus]
        table.sarcophagus = rng.choice(others)
        detail["chamber"] = K.CHAMBERS[table.sarcophagus]
        speech = (
            f"{lw}: move my Sarcophagus to {chamber(K.CHAMBERS[table.sarcophagus])}. "
            "The Ultimate Challenge is played there now."
        )
    elif eid == "NEW_LUCKY":
        others = [p for p in range(len(table.names)) if p != table.lucky]
        table.lucky = rng.choice(others)
        detail["lucky"] = table.lucky
        speech = (
            f"I am tired of my servant. {table.names[table.lucky]}, you are Lucky now. "
            "The turn order stays as it is."
        )
    elif eid == "FAVOURED_SUIT":
        suit = rng.randrange(len(K.SUITS))
        syms = [s for i, s in enumerate(K.SYMBOLS) if K.SUIT_OF[i] == suit]
        detail["suit"] = K.SUITS[suit]
        speech = (
            f"Today I favour the {SUIT_WORDS[K.SUITS[suit]]}. Whoever has one of them as "
            f"lucky symbol draws a Treasure card.{table.who(table.owners(syms))}"
        )
    elif eid == "LUCKY_SYMBOL_ROLL":
        sym = rng.choice(K.SYMBOLS)
        detail["symbol"] = sym
        speech = (
            f"My symbol die shows the {symbol(sym)}. Whoever has the {symbol(sym)} as lucky "
            f"symbol draws two Treasure cards.{table.who(table.owners([sym]))}"
        )
    elif eid == "PHARAOHS_TAX":
        speech = (
            f"Pharaoh's tax! Everybody holding {row.amount} or more Treasure cards returns "
            "one at random to the bottom of the deck."
        )
    elif eid == "SYMBOL_TITHE":
        sym = rng.choice(K.SYMBOLS)
        detail["symbol"] = sym
        speech = (
            f"I demand a tithe of the {symbol(sym)}. Everybody holding {card_word(sym)} shows "
            "one and returns it to the bottom of the deck."
        )
    elif eid == "LUCKY_PICKPOCKET":
        speech = (
            f"{lw}: steal one Treasure card from a player of your choice, as on a Steal space. "
            "Beware of the cobra."
        )
    elif eid == "PASS_TO_THE_LEFT":
        speech = (
            "Everybody holding Treasure cards: pick one at random and pass it to the player "
            "on your left, all at the same time."
        )
    elif eid == "SANDSTORM":
        speech = (
            "A sandstorm! Every piece on the track moves 3 spaces back. A piece that lands on "
            "a Curse space draws a Curse card."
        )
    elif eid == "TAILWIND":
        speech = (
            "A tailwind! Every piece on the track moves 2 spaces on. A piece that lands on a "
            "Curse space draws a Curse card."
        )
    elif eid == "CURSE_THE_RICHEST":
        speech = (
            "I curse the richest! Whoever holds the most Treasure cards goes to the next Curse "
            "space ahead and draws a Curse card there. If you are tied, all of you go."
        )
    elif eid == "UNDERDOG":
        speech = "I pity the weak. Whoever has placed the fewest Scarabs draws a Treasure card."
    elif eid == "MISS_NEXT_TURN":
        speech = "The next player to play misses that turn."
    elif eid == "LUCKY_EXTRA_TURN":
        speech = f"{lw}: you take an extra turn right after this one."
    elif eid == "SANDS_RUN_FAST":
        speech = "The sands run fast! A minute of your time is gone."
    elif eid == "KHUFUS_COIN":
        speech = (
            "Everybody holding Treasure cards tosses my coin in turn. Tails: draw a Treasure "
            "card. Heads: return a random one to the bottom of the deck."
        )
    else:  # pragma: no cover - the table has exactly these twenty orders
        raise ValueError(f"unknown order {eid}")
    return Order(eid, row.number, title, speech, detail)


#: Said with every order (seed: an interrupted turn is over).
STOP = "Stop! If you are in the middle of a turn, your turn is over."
#: Other ways of saying it (issue 36: a repeated order is not the same audio).
STOPS: tuple[str, ...] = (
    STOP,
    "Halt! Whoever is in the middle of a turn: that turn is over.",
    "Freeze, mortals! A turn under way ends here.",
    "Silence! Khufu speaks. If it is your turn, it is over.",
    "Stop where you stand! The turn being played is finished.",
    "Enough! Put down the dice: the turn in progress is over.",
)


def stop_words(rng: random.Random, last: str | None = None) -> str:
    """One way of saying :data:`STOP`, never the one said just before."""
    return rng.choice([s for s in STOPS if s != last])
