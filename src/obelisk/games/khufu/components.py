"""Khufu's components as data: symbols, chambers, the board, the decks, the Director's table.

Every [DESIGN] value of the spec that is a table lives here (event table, curse
cards, board letters) or in :class:`~obelisk.games.khufu.options.KhufuOptions`.
:func:`tables` turns one set of options into the fast lookup tables a state uses
(cached, shared by every state with those options, never copied).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from itertools import combinations
from typing import Any

# -- symbols and suits (khufu:2.1) -------------------------------------------
SYMBOLS: tuple[str, ...] = ("CAT", "FALCON", "JACKAL", "ANKH", "EYE_OF_HORUS", "KING")
SUITS: tuple[str, ...] = ("ANIMALS", "ROYALS")
#: The suit of each symbol, by symbol index (khufu:2.1).
SUIT_OF: tuple[int, ...] = (0, 0, 0, 1, 1, 1)

# -- characters (khufu:4.1, cosmetic) ----------------------------------------
CHARACTERS: tuple[str, ...] = ("Witch", "Zombie", "Vampire", "Werewolf", "Poltergeist", "Gorgon")


def initial_pieces(spec: str, n: int) -> list[str | None]:
    """khufu:4.1 the ``pieces`` option as each seat's piece (None: chosen at set-up).

    ``choose``: none yet; ``seat_order``: the characters' table order; otherwise one
    character per seat, comma-separated, any case. Raises ValueError naming the fault.
    """
    word = spec.strip().lower()
    if word == "choose":
        return [None] * n
    if word == "seat_order":
        return [CHARACTERS[p % len(CHARACTERS)] for p in range(n)]
    names = {c.lower(): c for c in CHARACTERS}
    given = [w.strip().lower() for w in spec.split(",")]
    unknown = [w for w in given if w not in names]
    if unknown:
        raise ValueError(f"unknown piece(s) {', '.join(unknown)}")
    if len(given) != n or len(set(given)) != n:
        raise ValueError(f"name {n} different pieces, one per seat")
    return [names[w] for w in given]


# -- chambers (khufu:3.3, khufu:8.1) -----------------------------------------
CHAMBERS: tuple[str, ...] = ("SERVANT", "HIGH_PRIEST", "QUEEN", "KING")
CHAMBER_TITLES: tuple[str, ...] = ("Servant's", "High-Priest's", "Queen's", "King's")
SERVANT, HIGH_PRIEST, QUEEN, KING = range(4)
COIN: tuple[str, ...] = ("HEADS", "TAILS")

# -- the board (khufu:3.1, khufu:3.2) ----------------------------------------
#: One letter per space, clockwise from index 0: T treasure, C curse, S steal,
#: and the digits 0-3 are the doors of SERVANT, HIGH_PRIEST, QUEEN, KING.
DEFAULT_BOARD = "0TTCTTSTT" + "1TCTSTTCT" + "2TTSTTCTT" + "3TCTTSTST"
TREASURE, CURSE, STEAL, DOOR = "T", "C", "S", "D"

# -- hand categories of the Ultimate Challenge (khufu:10.5) ------------------
CATEGORIES: tuple[str, ...] = (
    "NO_PAIR",
    "ONE_PAIR",
    "TWO_PAIR",
    "THREE_OF_A_KIND",
    "FULL_HOUSE",
    "FOUR_OF_A_KIND",
    "FIVE_OF_A_KIND",
)
_PATTERN_RANK = {
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
    (5,): 6,
}


def category(symbols: tuple[int, ...] | list[int]) -> int:
    """The rank (0 = NO_PAIR … 6 = FIVE_OF_A_KIND) of five symbols (khufu:10.5)."""
    counts = [0] * len(SYMBOLS)
    for s in symbols:
        counts[s] += 1
    pattern = tuple(sorted((c for c in counts if c), reverse=True))
    return _PATTERN_RANK[pattern]


def compare(player: int, khufu: int) -> str:
    """WIN / LOSE / DRAW by category only; equal categories draw (khufu:10.6)."""
    if player > khufu:
        return "WIN"
    if player < khufu:
        return "LOSE"
    return "DRAW"


# -- the curse deck (khufu:15) ------------------------------------------------
@dataclass(frozen=True)
class CurseType:
    """One row of the curse table: its id, default copies and exact effect in words."""

    id: str
    copies: int
    text: str


CURSE_TYPES: tuple[CurseType, ...] = (
    CurseType("SNAKE_BITE", 4, "Return 1 random Treasure to the bottom of the deck."),
    CurseType("SAND_TRAP", 2, "Miss your next turn."),
    CurseType("QUICKSAND", 3, "Move back 3 spaces (no space effect, except a Curse space)."),
    CurseType("TOMB_TOLL", 2, "Give 1 Treasure of your choice to the next player."),
    CurseType("KHUFUS_CUT", 1, "Return 2 random Treasures to the bottom of the deck."),
    CurseType("LUCKYS_ERRAND", 2, "Give 1 random Treasure to Lucky (Lucky returns it)."),
    CurseType("MUMMYS_GRIP", 2, "During your next turn you may not enter a chamber."),
    CurseType("LUCKY_ESCAPE", 2, "Draw 1 Treasure."),
    CurseType("PLAGUE", 1, "Everybody, from you in seat order, returns 1 random Treasure."),
    CurseType("SYMBOL_GAMBLE", 1, "Roll a symbol die: your lucky symbol draws 2, else return 1."),
)
CURSE_IDS: tuple[str, ...] = tuple(c.id for c in CURSE_TYPES)
DEFAULT_CURSE_COPIES: tuple[int, ...] = tuple(c.copies for c in CURSE_TYPES)
#: How far QUICKSAND moves back (khufu:15).
QUICKSAND_STEPS = 3


# -- the Director's random event table (khufu:14.7) ---------------------------
@dataclass(frozen=True)
class EventType:
    """One row of the Director's table: number, id, default weight, amount, order in words."""

    number: str
    id: str
    weight: int
    amount: int
    text: str


EVENT_TYPES: tuple[EventType, ...] = (
    EventType("E01", "MUMMY_CALL", 12, 1, "Who is the mummy? Silent players return 1 random card."),
    EventType("E02", "TAUNT", 10, 0, "Khufu mocks the players (no effect)."),
    EventType("E03", "ROTATE_CHAMBER", 9, 2, "Lucky rotates a random chamber (block/unblock)."),
    EventType("E04", "RESTORE_CHAMBERS", 4, 0, "All chambers open."),
    EventType("E05", "MOVE_SARCOPHAGUS", 4, 0, "The Sarcophagus moves to another chamber."),
    EventType("E06", "NEW_LUCKY", 4, 0, "Khufu appoints a new Lucky."),
    EventType(
        "E07", "FAVOURED_SUIT", 7, 1, "Players whose lucky symbol is in a random suit draw 1."
    ),
    EventType("E08", "LUCKY_SYMBOL_ROLL", 6, 2, "The owner of a rolled lucky symbol draws 2."),
    EventType("E09", "PHARAOHS_TAX", 6, 5, "Players holding 5 or more return 1 random card."),
    EventType("E10", "SYMBOL_TITHE", 4, 1, "Players return 1 card of a rolled symbol, revealed."),
    EventType("E11", "LUCKY_PICKPOCKET", 4, 0, "Lucky must steal from a player of Lucky's choice."),
    EventType("E12", "PASS_TO_THE_LEFT", 3, 1, "Everybody passes 1 random card to the next seat."),
    EventType("E13", "SANDSTORM", 5, -3, "Every piece on the track moves 3 spaces back."),
    EventType("E14", "TAILWIND", 3, 2, "Every piece on the track moves 2 spaces on."),
    EventType("E15", "CURSE_THE_RICHEST", 4, 0, "The richest go to the next Curse space and draw."),
    EventType("E16", "UNDERDOG", 4, 1, "Players with the fewest Scarabs draw 1."),
    EventType("E17", "MISS_NEXT_TURN", 3, 1, "The upcoming player misses a turn."),
    EventType("E18", "LUCKY_EXTRA_TURN", 2, 1, "Lucky takes an extra turn."),
    EventType("E19", "SANDS_RUN_FAST", 3, 60, "The sands run fast: 60 seconds are lost."),
    EventType(
        "E20", "KHUFUS_COIN", 3, 1, "Each player with cards tosses: TAILS draw 1, HEADS return 1."
    ),
)
EVENT_IDS: tuple[str, ...] = tuple(e.id for e in EVENT_TYPES)
DEFAULT_EVENT_WEIGHTS: tuple[int, ...] = tuple(e.weight for e in EVENT_TYPES)
EVENT_INDEX = {e.id: i for i, e in enumerate(EVENT_TYPES)}


# -- the lookup tables of one set of options ---------------------------------
@dataclass(frozen=True)
class Tables:
    """Fast, shared lookups derived from the options (never copied by clone)."""

    board: str
    length: int
    kind: tuple[str, ...]  # T / C / S / D per space
    door_chamber: tuple[int, ...]  # chamber index per space, -1 if not a door
    door_of: tuple[int, ...]  # door space of each chamber
    furthest_curse: tuple[int, ...]  # khufu:3.6, per chamber holding the Sarcophagus
    curse_spaces: tuple[int, ...]
    num_cards: int
    per_symbol: int
    card_ids: tuple[str, ...]
    card_symbol: tuple[int, ...]
    card_cobra: tuple[bool, ...]
    card_index: dict[str, int]
    curse_cards: tuple[int, ...]  # curse type index of each curse card, canonical order
    event_cum: tuple[int, ...]  # cumulative weights, table order
    event_total: int
    min_wager: tuple[int, ...]


def parse_board(board: str) -> tuple[tuple[str, ...], tuple[int, ...], tuple[int, ...]]:
    """(kind per space, chamber per space, door of each chamber) of a board string."""
    kinds: list[str] = []
    door_chamber: list[int] = []
    door_of = [-1] * len(CHAMBERS)
    for i, ch in enumerate(board):
        if ch in "0123":
            kinds.append(DOOR)
            door_chamber.append(int(ch))
            door_of[int(ch)] = i
        else:
            kinds.append(ch)
            door_chamber.append(-1)
    return tuple(kinds), tuple(door_chamber), tuple(door_of)


def first_curse_after(kinds: tuple[str, ...], start: int) -> int:
    """The first Curse space strictly clockwise of ``start`` (khufu:3.6, E15)."""
    n = len(kinds)
    for step in range(1, n + 1):
        i = (start + step) % n
        if kinds[i] == CURSE:
            return i
    raise ValueError("the board has no Curse space")


@lru_cache(maxsize=64)
def tables(options: Any) -> Tables:
    """The lookup tables for ``options`` (a KhufuOptions)."""
    kinds, door_chamber, door_of = parse_board(options.board)
    per = options.cards_per_symbol
    n = per * len(SYMBOLS)
    ids = tuple(f"T{i + 1:02d}" for i in range(n))
    curse_cards: list[int] = []
    for t, copies in enumerate(options.curse_copies):
        curse_cards.extend([t] * copies)
    cum: list[int] = []
    total = 0
    for w in options.event_weights:
        total += w
        cum.append(total)
    return Tables(
        board=options.board,
        length=len(kinds),
        kind=kinds,
        door_chamber=door_chamber,
        door_of=door_of,
        furthest_curse=tuple(first_curse_after(kinds, d) for d in door_of),
        curse_spaces=tuple(i for i, k in enumerate(kinds) if k == CURSE),
        num_cards=n,
        per_symbol=per,
        card_ids=ids,
        card_symbol=tuple(i // per for i in range(n)),
        card_cobra=tuple(i % per < options.cobras_per_symbol for i in range(n)),
        card_index={c: i for i, c in enumerate(ids)},
        curse_cards=tuple(curse_cards),
        event_cum=tuple(cum),
        event_total=total,
        min_wager=tuple(options.min_wagers),
    )


def selections(cards: Iterable[int], k: int = 3) -> list[tuple[int, ...]]:
    """Every choice of ``k`` of ``cards``, in a stable order (khufu:10.2 step 3)."""
    return list(combinations(cards, k))
