"""Every variant switch and every [DESIGN] value of Ramses II, with its rule ID."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from obelisk.core import option
from obelisk.core.i18n import N_

from .components import TREASURE_NAMES

#: The engine's hard bound on a game's length in steps (ramses:9, Capabilities.max_steps).
STEP_LIMIT = 200_000


@dataclass(frozen=True)
class RamsesOptions:
    """Options of Ramses II, each with its help and rule IDs; the defaults give the base game
    (ramses:10.4)."""

    setup_mode: Literal["random", "players_place"] = option(
        "random",
        help=N_('"random" deal, or "players_place" (seats hide the treasures in turn).'),
        rules=("ramses:4.1", "ramses:4.2"),
    )
    first_player: int | None = option(
        None,
        help=N_("The seat that starts (counted from 0), or none: a random pick everyone sees."),
        rules=("ramses:1", "ramses:4.1"),
    )
    # [DESIGN D-3] A plain name is looked for in the game's data, then as a file: over the
    # network only the game's own decks.
    deck: str = option(
        "standard",
        help=N_(
            "Which deck of search and event cards: one of the decks that come with the game "
            "(a deck file of your own from the command line only)."
        ),
        network="own",
        rules="ramses:2.5",
    )
    # [DESIGN D-10]
    treasure_names: tuple[str, ...] = option(
        TREASURE_NAMES,
        help=N_("Display names of T01..T12 (display data only)."),
        rules="ramses:2.4",
    )
    # [DESIGN D-11]
    colour_split: tuple[int, ...] = option(
        (16, 16, 15),
        help=N_("How many pyramids of each colour (gold, red, blue, …); sums to 47."),
        rules="ramses:2.3",
    )
    small_children: bool = option(
        False,
        help=N_("Small children play stack 1 only (no events, rotations, eliminations)."),
        rules="ramses:10.1",
    )
    end_card: bool = option(
        True,
        help=N_("Play with the end card in stack 3 (off: the game ends when the cards do)."),
        rules="ramses:10.2",
    )
    professional: bool = option(
        False,
        help=N_("Professional treasure hunters (symmetric frame, no compass; bots err more)."),
        rules="ramses:10.3",
    )
    # [DESIGN D-5]
    rotate_after_find_stacks: tuple[int, ...] = option(
        (2, 3), help=N_("Stacks whose finds turn the box a quarter turn."), rules="ramses:6.5"
    )
    # [DESIGN D-4]
    rotation_direction: Literal["cw", "ccw"] = option(
        "cw", help=N_('"cw" or "ccw" for the quarter turn after a find.'), rules="ramses:3.2"
    )
    elimination_stacks: tuple[int, ...] = option(
        (3,),
        help=N_("Stacks whose misses eliminate the searcher."),
        rules=("ramses:6.5", "ramses:8"),
    )
    # [DESIGN D-2]
    allow_diagonal_slides: bool = option(
        False,
        help=N_("Also allow diagonal slides (R9's reading)."),
        rules=("ramses:3.1", "ramses:6.4"),
    )
    # [ours, for simulation] None (default): no limit, as in the seed ("slides another
    # pyramid"); a person can slide back and forth for ever, so any number here could change
    # a person's game.
    max_slides_per_search: int | None = option(
        None,
        help=N_("A search ends as a miss after this many slides."),
        range=(1, 10_000),
        rules="ramses:6.4",
    )
    # [ours, for simulation] None (default): no limit, as in the seed ("the next player tries
    # to find the treasure not found by his predecessor"); 12 restores the old default.
    max_misses_per_card: int | None = option(
        None,
        help=N_(
            "After this many misses in a row on one search card it is buried (face up on the "
            "discard, scores for nobody) and the next seat draws."
        ),
        range=(1, 1_000),
        rules="ramses:6.5",
    )
    # [engine guard] so that every game ends (Capabilities.max_steps).
    step_limit: int = option(
        STEP_LIMIT,
        help=N_(
            "The game ends after this many steps (decisions) with the points as they stand, "
            "so that every game ends. No person reaches it: 200 000 steps are 55 hours of "
            "sliding at one slide a second."
        ),
        range=(100, 200_000),
        rules="ramses:9",
    )
    # [DESIGN D-9]
    tiebreak: Literal["shared", "most_cards"] = option(
        "shared", help=N_('"shared" ties, or "most_cards" first.'), rules="ramses:9"
    )
    seat_views: bool = option(
        False,
        help=N_("Each seat sees the board from its own side of the table."),
        rules="ramses:3.4",
    )
    seat_sides: tuple[int, ...] = option(
        (),
        help=N_("The table side (0 south, 1 west, 2 north, 3 east) of each seat; empty = default."),
        rules="ramses:3.4",
    )
    pro_rotation_factor: float = option(
        1.5,
        help=N_("Bots' rotation-error multiplier in the professional variant."),
        rules=("ramses:10.3", "ramses:12.4"),
    )
