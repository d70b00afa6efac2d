"""The options of Fluch der Mumie: every variant switch and DESIGN value, with its default."""

from __future__ import annotations

from dataclasses import dataclass

from obelisk.core import option
from obelisk.core.i18n import N_

from .components import ANKHS_PER_EXPLORER, MUMMY_DIE_FACES, THRESHOLDS

#: The engine's hard cap on the length of a game (Capabilities.max_steps).
MAX_STEPS = 20000


@dataclass(frozen=True)
class MummyOptions:
    """Every variant switch and DESIGN value of Fluch der Mumie, each with its help and rule
    IDs (docs/rules/mummy.md)."""

    # [DESIGN] A path on the server's disk: never from a network client.
    map_file: str = option(
        "",
        help=N_(
            "The maze: empty for the built-in map, else a map file in the format of the "
            "rules (command line only)."
        ),
        network=False,
        rules=("mummy:4", "mummy:4.1"),
    )
    # Issue 36: the box's own maze, typed once in the companion's maze editor.
    maze: str = option(
        "",
        help=N_(
            "The maze as a share code (M1-…) made by the maze editor (/companion/maze or "
            "'obelisk companion maze'); empty: the map file, or the built-in maze."
        ),
        rules=("mummy:4", "mummy:4.1"),
    )
    # [DESIGN] The real values are unknown.
    mummy_die_faces: tuple[int, ...] = option(
        MUMMY_DIE_FACES,
        help=N_("The faces of the brown mummy die (real values unknown)."),
        rules="mummy:3",
    )
    # [DESIGN]
    card_play_mandatory: bool = option(
        True,
        help=N_(
            "Ending on a symbol of a held card plays it; off: the explorer may keep it (a "
            '"play yes/no" decision after every move).'
        ),
        rules="mummy:7.4",
    )
    # [DESIGN]
    mummy_may_stop_early: bool = option(
        False,
        help=N_('The mummy may end a move before using all its steps ("up to").'),
        rules="mummy:9",
    )
    # [DESIGN] rule 7
    allow_cross_start_dungeon: bool = option(
        True, help=N_("Number moves may pass through S and V."), rules="mummy:8.1"
    )
    # [DESIGN] rule 8
    allow_return_to_origin: bool = option(
        True, help=N_("A number move may end on the field it started from."), rules="mummy:8.1"
    )
    # [DESIGN]
    forced_resolve_first: bool = option(
        True,
        help=N_("The forced resolution comes before the immobility check."),
        rules="mummy:7.0",
    )
    # [DESIGN, for simulation; the engine's rule before issue 27]
    only_usable_faces: bool = option(
        False,
        help=N_(
            "Offer only the rolled faces that have a complete walk, so no announcement ever "
            "fails. Off: every rolled face may be announced, and one with no complete walk is "
            'announced to all, fails and the free dice are rolled again (the seed: "otherwise '
            'roll again").'
        ),
        rules="mummy:7.2",
    )
    # [DESIGN]
    max_rounds: int | None = option(
        None,
        help=N_("End the game unfinished (no winner) after this many rounds."),
        range=(1, 1_000),
        rules="mummy:6",
    )
    # A safety limit of the engine (Capabilities.max_steps).
    step_limit: int = option(
        MAX_STEPS,
        help=N_(
            "A safety limit, not a rule of the game: end it unfinished after this many actions."
        ),
        range=(100, 100_000),
    )
    ankhs_per_explorer: int = option(
        ANKHS_PER_EXPLORER, help=N_("Ankhs of each explorer colour."), rules="mummy:5"
    )
    thresholds: tuple[int, ...] = option(
        THRESHOLDS, help=N_("Ankhs the mummy needs, for 2, 3, 4, 5 players."), rules="mummy:12"
    )
    cards_per_colour: int = option(
        1,
        help=N_("Task cards of each colour per explorer player (3-5 players)."),
        rules="mummy:5",
    )
    cards_per_colour_two_player: int = option(
        2,
        help=N_("Task cards of each colour for the single explorer of the 2-player game."),
        rules="mummy:13",
    )
