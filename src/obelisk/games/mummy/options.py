"""The options of Fluch der Mumie: every variant switch and DESIGN value, with its default."""

from __future__ import annotations

from dataclasses import dataclass

from .components import ANKHS_PER_EXPLORER, MUMMY_DIE_FACES, THRESHOLDS

#: The engine's hard cap on the length of a game (Capabilities.max_steps).
MAX_STEPS = 20000


@dataclass(frozen=True)
class MummyOptions:
    """Every variant switch and DESIGN value of Fluch der Mumie (docs/rules/mummy.md)."""

    #: mummy:4 [DESIGN] The maze: "" is the built-in map, else a path to a map file in
    #: the format of mummy:4.1.
    map_file: str = ""
    #: mummy:3 [DESIGN] The faces of the brown mummy die (real values unknown).
    mummy_die_faces: tuple[int, ...] = MUMMY_DIE_FACES
    #: mummy:7.4 [DESIGN] Ending on a symbol of a held card plays it (True) or the
    #: explorer may keep it (False, a "play yes/no" decision after every move).
    card_play_mandatory: bool = True
    #: mummy:9 [DESIGN] The mummy may end a move before using all its steps ("up to").
    mummy_may_stop_early: bool = False
    #: mummy:8.1 rule 7 [DESIGN] Number moves may pass through S and V.
    allow_cross_start_dungeon: bool = True
    #: mummy:8.1 rule 8 [DESIGN] A number move may end on the field it started from.
    allow_return_to_origin: bool = True
    #: mummy:7.0 [DESIGN] The forced resolution comes before the immobility check.
    forced_resolve_first: bool = True
    #: mummy:7.2 [DESIGN, for simulation; the engine's rule before issue 27] Offer only the
    #: rolled faces that have a complete walk, so no announcement ever fails. Off: every
    #: rolled face may be announced, and one with no complete walk is announced to all,
    #: fails and the free dice are rolled again (the seed: "otherwise roll again").
    only_usable_faces: bool = False
    #: mummy:6 [DESIGN] End the game unfinished (no winner) after this many rounds.
    max_rounds: int | None = None
    #: A safety limit, not a rule of the game: end it unfinished after this many actions.
    step_limit: int = MAX_STEPS
    #: mummy:5 Ankhs of each explorer colour.
    ankhs_per_explorer: int = ANKHS_PER_EXPLORER
    #: mummy:12 Ankhs the mummy needs, for 2, 3, 4, 5 players.
    thresholds: tuple[int, ...] = THRESHOLDS
    #: mummy:5 Task cards of each colour per explorer player (3-5 players).
    cards_per_colour: int = 1
    #: mummy:13 Task cards of each colour for the single explorer of the 2-player game.
    cards_per_colour_two_player: int = 2
