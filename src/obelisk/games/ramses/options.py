"""Every variant switch and every [DESIGN] value of Ramses II, with its rule ID."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from .components import TREASURE_NAMES

#: The engine's hard bound on a game's length in steps (ramses:9, Capabilities.max_steps).
STEP_LIMIT = 200_000


@dataclass(frozen=True)
class RamsesOptions:
    """Options of Ramses II; the defaults give the base game (ramses:10.4)."""

    #: ramses:4.1 / 4.2: "random" deal, or "players_place" (seats hide the treasures in turn).
    setup_mode: Literal["random", "players_place"] = "random"
    #: ramses:1 / 4.1 step 6: the seat that starts (counted from 0), or none: a random pick
    #: everyone sees.
    first_player: int | None = None
    #: ramses:2.5 [DESIGN D-3]: which deck of search and event cards: one of the decks that
    #: come with the game (a deck file of your own from the command line only).
    deck: str = "standard"
    #: ramses:2.4 [DESIGN D-10]: display names of T01..T12 (display data only).
    treasure_names: tuple[str, ...] = TREASURE_NAMES
    #: ramses:2.3 [DESIGN D-11]: how many pyramids of each colour (gold, red, blue, …); sums to 47.
    colour_split: tuple[int, ...] = (16, 16, 15)
    #: ramses:10.1: small children play stack 1 only (no events, rotations, eliminations).
    small_children: bool = False
    #: ramses:10.2: play with the end card in stack 3 (off: the game ends when the cards do).
    end_card: bool = True
    #: ramses:10.3: professional treasure hunters (symmetric frame, no compass; bots err more).
    professional: bool = False
    #: ramses:6.5 [DESIGN D-5]: stacks whose finds turn the box a quarter turn.
    rotate_after_find_stacks: tuple[int, ...] = (2, 3)
    #: ramses:3.2 [DESIGN D-4]: "cw" or "ccw" for the quarter turn after a find.
    rotation_direction: Literal["cw", "ccw"] = "cw"
    #: ramses:6.5 / 8: stacks whose misses eliminate the searcher.
    elimination_stacks: tuple[int, ...] = (3,)
    #: ramses:3.1 / 6.4 [DESIGN D-2]: also allow diagonal slides (R9's reading).
    allow_diagonal_slides: bool = False
    #: ramses:6.4 step 6 [ours, for simulation]: a search ends as a miss after this many
    #: slides. None (default): no limit, as in the seed ("slides another pyramid"); a person
    #: can slide back and forth for ever, so any number here could change a person's game.
    max_slides_per_search: int | None = None
    #: ramses:6.5 [ours, for simulation]: after this many misses in a row on one search card
    #: it is buried (face up on the discard, scores for nobody) and the next seat draws.
    #: None (default): no limit, as in the seed ("the next player tries to find the treasure
    #: not found by his predecessor"); 12 restores the old default.
    max_misses_per_card: int | None = None
    #: ramses:9 [engine guard]: the game ends after this many steps (decisions) with the
    #: points as they stand, so that every game ends (Capabilities.max_steps). No person
    #: reaches it: 200 000 steps are 55 hours of sliding at one slide a second.
    step_limit: int = STEP_LIMIT
    #: ramses:9 [DESIGN D-9]: "shared" ties, or "most_cards" first.
    tiebreak: Literal["shared", "most_cards"] = "shared"
    #: ramses:3.4: each seat sees the board from its own side of the table.
    seat_views: bool = False
    #: ramses:3.4: the table side (0 south, 1 west, 2 north, 3 east) of each seat; empty = default.
    seat_sides: tuple[int, ...] = ()
    #: ramses:10.3 / 12.4: bots' rotation-error multiplier in the professional variant.
    pro_rotation_factor: float = 1.5
