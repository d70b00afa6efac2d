"""Abu Simbel options: every variant switch and every [DESIGN] value of the spec.

Each field carries its help, its rule IDs and what a network client may give it. Change any of them with ``--option name=value``
(tuples as comma-separated lists), or pick a named preset with ``--variant``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from obelisk.core import InvalidOptions, option
from obelisk.core.i18n import N_, Words

from .components import (
    DEFAULT_CHAMBER_DECK,
    DEFAULT_TREASURES,
    chamber_cards,
    treasure_cards,
)

#: The engine's declared bound on the steps of any game (checked against each table).
MAX_STEPS = 9000

#: The options every record written before issue 27 names (a record stores all of them).
#: A mapping naming every one of these but not ``checkers`` is such a record: it keeps the
#: rule of its time, the left neighbour as the only referee (abu_simbel:10.2).
FIELDS_BEFORE_ISSUE_27 = frozenset(
    {
        "judging_mode",
        "table_mode",
        "first_player",
        "new_round_starter",
        "ultimate",
        "cover_returns_to",
        "cooperative",
        "team_charms",
        "team_target",
        "forward_exit_seats",
        "free_judging_seats",
        "helper_seats",
        "move_time_limit_s",
        "bot_seats",
        "chamber_deck",
        "treasure_cards",
        "treasure_decks",
        "charm_jewels",
        "mummy_cards",
        "mummy_points",
        "route_start_cards",
        "min_players_competitive",
        "min_players_cooperative",
    }
)


W = Words(__package__)
_ = W.gettext


@dataclass(frozen=True)
class AbuSimbelOptions:
    """Options of Abu Simbel, each with its help and rule IDs (docs/rules/abu_simbel.md)."""

    judging_mode: Literal["self_entry", "referee"] = option(
        "self_entry",
        help=N_(
            '"self_entry": each player enters her moves and Obelisk checks them; "referee": '
            "people make the moves for real and the others say whether each was right."
        ),
        rules="abu_simbel:10",
    )
    table_mode: Literal["networked", "hotseat"] = option(
        "networked",
        help=N_(
            'Everyone at one shared screen ("hotseat"), or each player on her own screen '
            '("networked").'
        ),
        rules=("abu_simbel:10", "abu_simbel:11"),
    )
    # "left_neighbour" is the rule before issue 27, kept by every older record.
    checkers: Literal["each", "together", "left_neighbour"] = option(
        "each",
        help=N_(
            'Who checks in referee mode (the seed: "the other players check"). "each": every '
            "other player is asked in turn, starting on the mover's left, and the first who says "
            'the move was wrong decides; "together": the others watch one shared screen and give '
            'one answer; "left_neighbour": only the player on the left judges.'
        ),
        rules="abu_simbel:10.2",
    )
    first_player: int | Literal["random"] = option(
        0,
        help=N_('The seat that starts (counted from 0), or "random": drawn by lot.'),
        rules="abu_simbel:1",
    )
    # [DESIGN D-5]
    # "failing_player" is the rule before issue 36, kept by every older record (a record
    # names every option, so an older one replays as it was played).
    new_round_starter: Literal["next_player", "failing_player"] = option(
        "next_player",
        help=N_(
            "Who starts the next round after a failed way: the player to the left of the "
            'one who failed (turns go on clockwise), or "failing_player": the one who failed '
            "(the old way: one player may end the game alone)."
        ),
        rules="abu_simbel:5.1",
    )
    ultimate: bool = option(
        False,
        help=N_(
            "The Ultimate Adventure: mummies cover chambers, and mummy cards are worth nothing."
        ),
        rules="abu_simbel:9.2",
    )
    # [DESIGN D-8]
    cover_returns_to: Literal["owner", "supply"] = option(
        "owner",
        help=N_(
            "Where a mummy cover goes when the round ends: back to its owner, or to the supply."
        ),
        rules="abu_simbel:9.2",
    )
    cooperative: bool = option(
        False,
        help=N_("All for One and One for All: everyone plays together as one team."),
        rules="abu_simbel:9.3",
    )
    team_charms: int = option(
        6,
        help=N_("How many charm cards the team shares (six are two colours' worth)."),
        rules="abu_simbel:9.3",
    )
    team_target: int = option(
        10,
        help=N_("How many treasure cards the team must bring out to win."),
        rules="abu_simbel:9.3",
    )
    little_seats: tuple[int, ...] = option(
        (),
        help=N_(
            '"I\'m little": the seats of young players (counted from 0), each with a helper '
            "beside her and a way out in the same order as the way in."
        ),
        rules="abu_simbel:9.1",
    )
    forward_exit_seats: tuple[int, ...] = option(
        (),
        help=N_('"I\'m little": seats whose way out repeats the way-in order.'),
        rules="abu_simbel:9.1",
    )
    free_judging_seats: tuple[int, ...] = option(
        (),
        help=N_('"I\'m little": seats whose moves always count as right.'),
        rules="abu_simbel:9.1",
    )
    helper_seats: tuple[int, ...] = option(
        (),
        help=N_(
            '"I\'m little": seats playing with a grown-up helper beside them (shown at the '
            "table; the rules stay the same)."
        ),
        rules="abu_simbel:9.1",
    )
    # The engine reads no clock: the host applies the timeout.
    move_time_limit_s: float | None = option(
        None,
        help=N_(
            "Seconds a player has for each move when she enters her own moves (empty: no limit)."
        ),
        rules="abu_simbel:10.1",
    )
    bot_seats: tuple[int, ...] = option(
        (),
        help=N_(
            "Seats played by the computer (not with a referee: the computer cannot make moves "
            "on its feet)."
        ),
        rules="abu_simbel:10",
    )
    # [DESIGN]
    search_memory: Literal["child", "casual", "hard", "expert", "perfect"] = option(
        "expert",
        help=N_(
            "How well the searching computer players (the research players search-easy … "
            "search-expert) remember the way on their way out: like a child, a casual player, a "
            'good or an expert player, or "perfect" (for analysis).'
        ),
        rules=("abu_simbel:11", "abu_simbel:12"),
    )
    # [DESIGN D-1, D-2]
    chamber_deck: tuple[str, ...] = option(
        DEFAULT_CHAMBER_DECK,
        help=N_(
            "Which chamber cards are in the deck and how many of each (written TYPE*count; "
            "scorpion cards as SCORPIONS_N)."
        ),
        rules="abu_simbel:2.2",
    )
    # [DESIGN D-3]
    treasure_cards: tuple[str, ...] = option(
        DEFAULT_TREASURES,
        help=N_(
            "Which treasure cards are in play, with the jewels each is worth and how many "
            "there are (written TYPE:jewels*count)."
        ),
        rules="abu_simbel:2.3",
    )
    treasure_decks: int = option(
        3,
        help=N_("Into how many face-down piles the treasure cards are dealt."),
        rules="abu_simbel:4",
    )
    # [DESIGN D-4]
    charm_jewels: tuple[int, ...] = option(
        (2, 1, 1),
        help=N_(
            "The jewels on each player's charm cards, from the top one (lost first) to the "
            "bottom one."
        ),
        rules="abu_simbel:2.4",
    )
    mummy_cards: int = option(6, help=N_("How many mummy cards there are."), rules="abu_simbel:2.5")
    mummy_points: int = option(
        1,
        help=N_("Points a mummy card is worth at the end (none in the Ultimate Adventure)."),
        rules="abu_simbel:8",
    )
    route_start_cards: int = option(
        3, help=N_("How many chambers are laid at the start of each round."), rules="abu_simbel:5.1"
    )
    # [DESIGN D-6]
    min_players_competitive: int = option(
        2,
        help=N_("The fewest players of the game played against each other."),
        rules="abu_simbel:1",
    )
    # [DESIGN D-6]
    min_players_cooperative: int = option(
        1, help=N_("The fewest players of the game played as one team."), rules="abu_simbel:1"
    )


#: Named presets (``--variant NAME``); the conformance suite runs each.
VARIANTS: dict[str, dict[str, Any]] = {
    # abu_simbel:9.1 — seat 2 (0-based 1) is little: a helper and a forward way out; choose
    # others with --option little_seats=... (before issue 27 the preset gave seat 1, the
    # person in 'obelisk play', free judging and a helper and seat 2 a forward exit:
    # free_judging_seats=0, helper_seats=0, forward_exit_seats=1 restore it)
    "little": {"little_seats": (1,)},
    "ultimate": {"ultimate": True},  # abu_simbel:9.2
    "all_for_one": {"cooperative": True},  # abu_simbel:9.3
    "referee": {"judging_mode": "referee"},  # abu_simbel:10.2, networked
    # abu_simbel:10.2 — one shared screen: the checkers answer together
    "referee_hotseat": {"judging_mode": "referee", "table_mode": "hotseat", "checkers": "together"},
    "hotseat": {"table_mode": "hotseat"},  # abu_simbel:10.1 on one shared screen
}


def is_cooperative(options: AbuSimbelOptions, num_players: int) -> bool:
    """All for One is on, or the game is solo: one player can only play it (abu_simbel:1)."""
    return options.cooperative or num_players == 1


def step_bound(options: AbuSimbelOptions, num_players: int) -> int:
    """A true upper bound on the steps of a game with these options (abu_simbel:7).

    Every turn ends in a success (which keeps a treasure, so at most one per treasure card,
    or the team target), a failure (at most 2 per player plus the last one; the team's
    charms in co-op) or the final treasure check. A turn takes at most one cover answer per
    seat, a move (or a verdict from each checker) per chamber each way, a deck choice and a
    turned-away confirmation; a route never holds more than the chamber deck.
    """
    chambers = len(chamber_cards(tuple(options.chamber_deck)))
    treasures = len(treasure_cards(tuple(options.treasure_cards)))
    charms = len(options.charm_jewels)
    coop = is_cooperative(options, num_players)
    failures = options.team_charms if coop else (charms - 1) * num_players + 1
    successes = min(treasures, options.team_target) if coop else treasures
    route = min(chambers, options.route_start_cards + successes)
    turns = successes + failures + 1
    each = options.judging_mode == "referee" and options.checkers == "each"
    answers = max(1, num_players - 1) if each else 1
    return turns * (num_players + 2 * route * answers + 2)


def check(options: AbuSimbelOptions, num_players: int) -> None:
    """Raise InvalidOptions for an impossible combination (abu_simbel:1, 2, 9, 10)."""
    o = options
    chambers = chamber_cards(tuple(o.chamber_deck))
    treasures = treasure_cards(tuple(o.treasure_cards))
    coop = is_cooperative(o, num_players)
    low = o.min_players_cooperative if coop else o.min_players_competitive
    if num_players < max(1, low):
        if coop:
            text = _("the cooperative game is for {low}-6 players, not {n}")
        else:
            text = _("the competitive game is for {low}-6 players, not {n}")
        raise InvalidOptions(text.format(low=low, n=num_players))
    if coop and o.ultimate:
        raise InvalidOptions(
            _("The Ultimate Adventure can't be combined with All for One (abu_simbel:9.2)")
        )
    if o.judging_mode == "referee":
        if num_players < 2:
            raise InvalidOptions(
                _("referee mode needs at least 2 seats: someone else must watch (abu_simbel:10)")
            )
        if o.bot_seats:
            raise InvalidOptions(
                _(
                    "referee mode is for people playing on their feet; computer players have "
                    "no body to watch (abu_simbel:10)"
                )
            )
    seats = {"n": num_players, "last": num_players - 1}
    if isinstance(o.first_player, int) and not 0 <= o.first_player < num_players:
        raise InvalidOptions(
            _(
                "first_player {value} is not a seat of {n}: the option counts from 0 (0 is "
                "seat 1, {last} is seat {n}), or 'random'"
            ).format(value=o.first_player, **seats)
        )
    seat_options = ("little_seats", "forward_exit_seats", "free_judging_seats", "helper_seats")
    for name in (*seat_options, "bot_seats"):
        for s in getattr(o, name):
            if not 0 <= s < num_players:
                raise InvalidOptions(
                    _(
                        "{name}: {value} is not a seat of {n}: the option counts from 0 (0 is "
                        "seat 1, {last} is seat {n})"
                    ).format(name=name, value=s, **seats)
                )
    if o.treasure_decks < 1:
        raise InvalidOptions(_("treasure_decks must be at least 1"))
    if len(treasures) < o.treasure_decks:
        raise InvalidOptions(_("there are fewer treasure cards than treasure decks"))
    if not o.charm_jewels or any(j < 0 for j in o.charm_jewels):
        raise InvalidOptions(_("charm_jewels needs at least one card and no negative jewels"))
    if o.team_charms < 1 or o.team_target < 1:
        raise InvalidOptions(_("team_charms and team_target must be at least 1"))
    if o.mummy_cards < 0:
        raise InvalidOptions(_("mummy_cards can't be negative"))
    if o.route_start_cards < 1:
        raise InvalidOptions(_("route_start_cards must be at least 1"))
    if len(chambers) < o.route_start_cards:
        raise InvalidOptions(_("the chamber deck is smaller than one starting route"))
    if o.move_time_limit_s is not None and o.move_time_limit_s <= 0:
        raise InvalidOptions(_("move_time_limit_s must be positive (or None for no limit)"))
    if step_bound(o, num_players) > MAX_STEPS:
        raise InvalidOptions(
            _("these tables allow games longer than the engine's bound of {n} steps").format(
                n=MAX_STEPS
            )
        )
