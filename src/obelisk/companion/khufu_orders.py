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


#: Each order's own words, several ways (issue 36: a repeated order is not the same
#: audio). Every phrasing of an order takes the same fields in the same part of the
#: sentence (a German name is declined for its place) and gives exactly the same
#: instruction; the first is the order's plain wording. The taunt's phrasings are
#: :data:`TAUNTS`, Pharaoh's tax's :func:`_tax_lines` (a plural).
ORDER_LINES: dict[str, tuple[str, ...]] = {
    "MUMMY_CALL": (
        N_(
            "Who is the mummy? Everybody, shout it now: You are the mummy! "
            "Whoever stays silent returns a random Treasure card to the bottom of the deck."
        ),
        N_(
            "Who is the mummy? Shout it now, all of you: You are the mummy! "
            "Whoever stays silent returns a random Treasure card to the bottom of the deck."
        ),
        N_(
            "Who is the mummy? Now, everybody: You are the mummy! Whoever stays silent "
            "loses a random Treasure card: it goes back to the bottom of the deck."
        ),
    ),
    "ROTATE_CHAMBER": (
        N_(
            "Lucky, {name}: turn {chamber}. If it is open, block it for two rounds, "
            "unless two chambers are blocked already. If it is blocked, open it."
        ),
        N_(
            "Lucky, {name}, turn {chamber} for me. Is it open? Then block it for two rounds, "
            "unless two chambers are blocked already. Is it blocked? Then open it."
        ),
        N_(
            "{name}, my Lucky: turn {chamber}. If it is blocked, open it. If it is open, "
            "block it for two rounds, unless two chambers are blocked already."
        ),
    ),
    "RESTORE_CHAMBERS": (
        N_("Lucky, {name}: turn every chamber back. All chambers are open."),
        N_("Lucky, {name}: open every chamber again. Turn them all back."),
        N_("{name}, my Lucky: turn all the chambers back, so that every chamber is open."),
    ),
    "MOVE_SARCOPHAGUS": (
        N_(
            "Lucky, {name}: move my Sarcophagus to {chamber}. "
            "The Ultimate Challenge is played there now."
        ),
        N_(
            "Lucky, {name}: carry my Sarcophagus to {chamber}. "
            "From now on the Ultimate Challenge is played there."
        ),
        N_(
            "My Sarcophagus wanders! {name}, my Lucky: put it in {chamber}. "
            "That is where the Ultimate Challenge is played now."
        ),
    ),
    "NEW_LUCKY": (
        N_("I am tired of my servant. {name}, you are Lucky now. The turn order stays as it is."),
        N_(
            "My servant bores me. {name}, from now on you are Lucky. The turn order does not change."
        ),
        N_("I choose a new servant: {name}, you are Lucky now. The turn order stays the same."),
    ),
    "FAVOURED_SUIT": (
        N_("Today I favour {suit}. Whoever has one of them as lucky symbol draws a Treasure card."),
        N_("Today I bless {suit}. Whoever has one of them as lucky symbol draws a Treasure card."),
        N_(
            "Today I reward {suit}. Every player whose lucky symbol is one of them draws a "
            "Treasure card."
        ),
    ),
    "LUCKY_SYMBOL_ROLL": (
        N_(
            "My symbol die shows {symbol}. Whoever has {symbol} as lucky symbol draws two "
            "Treasure cards."
        ),
        N_(
            "I have rolled {symbol} on my symbol die. Whoever has {symbol} as lucky symbol "
            "draws two Treasure cards."
        ),
        N_(
            "The die has spoken: it shows {symbol}. Whoever has {symbol} as lucky symbol: "
            "draw two Treasure cards."
        ),
    ),
    "SYMBOL_TITHE": (
        N_(
            "I demand a tithe of {symbol}. Everybody holding {card} shows one and returns "
            "it to the bottom of the deck."
        ),
        N_(
            "A tithe of {symbol} for me! Everybody holding {card} shows one and returns it "
            "to the bottom of the deck."
        ),
        N_(
            "I take a tithe of {symbol}: whoever holds {card} shows one and returns it to "
            "the bottom of the deck."
        ),
    ),
    "LUCKY_PICKPOCKET": (
        N_(
            "Lucky, {name}: steal one Treasure card from a player of your choice, as on a "
            "Steal space. Beware of the cobra."
        ),
        N_(
            "Lucky, {name}: pick a player and steal one Treasure card from them, as on a "
            "Steal space. Mind the cobra."
        ),
        N_(
            "{name}, my Lucky, be my thief: take one Treasure card from any player you "
            "choose, as on a Steal space. The cobra may bite."
        ),
    ),
    "PASS_TO_THE_LEFT": (
        N_(
            "Everybody holding Treasure cards: pick one at random and pass it to the player "
            "on your left, all at the same time."
        ),
        N_(
            "All of you with Treasure cards: draw one at random and hand it to the player "
            "on your left, everybody at once."
        ),
        N_(
            "Pass to the left! Everybody holding Treasure cards gives a random one to the "
            "player on their left, all at the same time."
        ),
    ),
    "SANDSTORM": (
        N_(
            "A sandstorm! Every piece on the track moves 3 spaces back. A piece that lands on "
            "a Curse space draws a Curse card."
        ),
        N_(
            "My sandstorm blows! All pieces on the track move 3 spaces back. Any piece "
            "landing on a Curse space draws a Curse card."
        ),
        N_(
            "Sand in your eyes! Every piece on the track goes back 3 spaces; a piece landing "
            "on a Curse space draws a Curse card."
        ),
    ),
    "TAILWIND": (
        N_(
            "A tailwind! Every piece on the track moves 2 spaces on. A piece that lands on a "
            "Curse space draws a Curse card."
        ),
        N_(
            "I send you a tailwind! All pieces on the track move 2 spaces forward. Any piece "
            "landing on a Curse space draws a Curse card."
        ),
        N_(
            "The wind pushes you on! Every piece on the track goes 2 spaces forward; a piece "
            "landing on a Curse space draws a Curse card."
        ),
    ),
    "CURSE_THE_RICHEST": (
        N_(
            "I curse the richest! Whoever holds the most Treasure cards goes to the next Curse "
            "space ahead and draws a Curse card there. If you are tied, all of you go."
        ),
        N_(
            "Greed is punished! Whoever holds the most Treasure cards moves to the next Curse "
            "space ahead and draws a Curse card there. If you are tied, all of you go."
        ),
        N_(
            "My curse falls on the richest: whoever holds the most Treasure cards goes ahead "
            "to the next Curse space and draws a Curse card there. Tied players all go."
        ),
    ),
    "UNDERDOG": (
        N_("I pity the weak. Whoever has placed the fewest Scarabs draws a Treasure card."),
        N_("Even I have mercy. Whoever has placed the fewest Scarabs draws a Treasure card."),
        N_("A gift for the weakest: whoever has placed the fewest Scarabs draws a Treasure card."),
    ),
    "MISS_NEXT_TURN": (
        N_("The next player to play misses that turn."),
        N_("Whoever plays next misses that turn."),
        N_("The next turn is lost: the player whose turn comes next misses it."),
    ),
    "LUCKY_EXTRA_TURN": (
        N_("Lucky, {name}: you take an extra turn right after this one."),
        N_("Lucky, {name}: right after this turn, you take another, extra turn."),
        N_("{name}, my Lucky, I reward you: an extra turn for you, right after this one."),
    ),
    "SANDS_RUN_FAST": (
        N_("The sands run fast! A minute of your time is gone."),
        N_("My hourglass hurries! One minute of your time is gone."),
        N_("Faster, sands! A minute of your time has run away."),
    ),
    "KHUFUS_COIN": (
        N_(
            "Everybody holding Treasure cards tosses my coin in turn. Tails: draw a Treasure "
            "card. Heads: return a random one to the bottom of the deck."
        ),
        N_(
            "My coin decides! In turn, everybody holding Treasure cards tosses it. Tails: draw "
            "a Treasure card. Heads: return a random one to the bottom of the deck."
        ),
        N_(
            "Toss my coin one after another, all of you holding Treasure cards. Tails: draw a "
            "Treasure card. Heads: return a random one to the bottom of the deck."
        ),
    ),
}


def _tax_lines(n: int) -> tuple[str, ...]:
    """Pharaoh's tax (khufu:14.7 E09) for ``n`` cards, every phrasing, in the reader's
    language."""
    return (
        ngettext(
            "Pharaoh's tax! Everybody holding {n} or more Treasure cards returns "
            "one at random to the bottom of the deck.",
            "Pharaoh's tax! Everybody holding {n} or more Treasure cards returns "
            "one at random to the bottom of the deck.",
            n,
        ),
        ngettext(
            "Pay Pharaoh's tax! Whoever holds {n} or more Treasure cards returns one of them "
            "at random to the bottom of the deck.",
            "Pay Pharaoh's tax! Whoever holds {n} or more Treasure cards returns one of them "
            "at random to the bottom of the deck.",
            n,
        ),
        ngettext(
            "Pharaoh collects his tax: everybody with {n} or more Treasure cards returns a "
            "random one to the bottom of the deck.",
            "Pharaoh collects his tax: everybody with {n} or more Treasure cards returns a "
            "random one to the bottom of the deck.",
            n,
        ),
    )


def phrasings(eid: str) -> int:
    """How many ways Khufu has of saying order ``eid`` (at least three)."""
    if eid == "TAUNT":
        return len(TAUNTS)
    if eid == "PHARAOHS_TAX":
        return len(_tax_lines(1))
    return len(ORDER_LINES[eid])


def pick_phrasing(eid: str, rng: random.Random, last: dict[str, int]) -> int:
    """A phrasing of order ``eid`` drawn from ``rng``, never the one it had the last time
    (kept in ``last``, order id to phrasing, which this updates)."""
    choice = rng.choice([i for i in range(phrasings(eid)) if i != last.get(eid)])
    last[eid] = choice
    return choice


def order_words(eid: str, table: Table, rng: random.Random, phrasing: int | None = None) -> Order:
    """Khufu's order ``eid`` (an event id of khufu:14.7) for ``table``, in the reader's
    language, in its phrasing number ``phrasing`` (see :func:`phrasings`; None: the
    plain wording, and a taunt drawn from ``rng``).

    The random parts of an order that the DVD shows on screen (which chamber, suit
    or symbol, the new Lucky, where the Sarcophagus goes, the taunt) are drawn from
    ``rng``, the same draws whatever the phrasing; choices the engine would make from
    the board (whose cards, which piece) are left to the players, who see the board.
    """
    row = K.EVENT_TYPES[K.EVENT_INDEX[eid]]
    detail: dict[str, Any] = {}
    fields: dict[str, Any] = {"name": table.lucky_name}
    after = ""
    if eid == "TAUNT":
        taunt = rng.choice(TAUNTS)  # drawn always: the orders after it stay as they were
        speech = _(taunt if phrasing is None else TAUNTS[phrasing])
    elif eid == "PHARAOHS_TAX":
        speech = _tax_lines(row.amount)[phrasing or 0].format(n=row.amount)
    else:
        if eid == "ROTATE_CHAMBER":
            ch = rng.randrange(len(K.CHAMBERS))
            detail["chamber"] = K.CHAMBERS[ch]
            fields["chamber"] = the_chamber(K.CHAMBERS[ch])
        elif eid == "MOVE_SARCOPHAGUS":
            others = [c for c in range(len(K.CHAMBERS)) if c != table.sarcophagus]
            table.sarcophagus = rng.choice(others)
            detail["chamber"] = K.CHAMBERS[table.sarcophagus]
            fields["chamber"] = the_chamber(K.CHAMBERS[table.sarcophagus])
        elif eid == "NEW_LUCKY":
            others = [p for p in range(len(table.names)) if p != table.lucky]
            table.lucky = rng.choice(others)
            detail["lucky"] = table.lucky
            fields["name"] = table.lucky_name
        elif eid == "FAVOURED_SUIT":
            suit = rng.randrange(len(K.SUITS))
            syms = [s for i, s in enumerate(K.SYMBOLS) if K.SUIT_OF[i] == suit]
            detail["suit"] = K.SUITS[suit]
            fields["suit"] = the_suit(K.SUITS[suit])
            after = table.who(table.owners(syms))
        elif eid == "LUCKY_SYMBOL_ROLL":
            sym = rng.choice(K.SYMBOLS)
            detail["symbol"] = sym
            fields["symbol"] = the_symbol(sym)
            after = table.who(table.owners([sym]))
        elif eid == "SYMBOL_TITHE":
            sym = rng.choice(K.SYMBOLS)
            detail["symbol"] = sym
            fields["symbol"] = of_the_symbol(sym)
            fields["card"] = a_symbol(sym)
        lines = ORDER_LINES.get(eid)
        if lines is None:  # pragma: no cover - the table has exactly these twenty orders
            raise ValueError(f"unknown order {eid}")
        speech = _then(_(lines[phrasing or 0]).format(**fields), after)
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
