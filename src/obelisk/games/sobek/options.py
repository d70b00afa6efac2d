"""Sobek's options: every variant switch and every DESIGN value of the spec (sobek:15)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from obelisk.core import InvalidOptions, option
from obelisk.core.i18n import N_

from . import components as C

#: sobek:6.3 the values of ``second_set``
SECOND_SET_CHOICES = ("choose", "add")


@dataclass(frozen=True)
class SobekOptions:
    """Options of Sobek, each with its help and rule IDs; see docs/rules/sobek.md."""

    scarabs: tuple[int, ...] = option(
        C.DEFAULT_SCARABS,
        help=N_(
            "Scarabs on a valued card, per family (ivory, ebony, marble, cattle, fish, wheat)."
        ),
        rules="sobek:2.2",
    )
    card_counts: tuple[int, ...] = option(
        C.DEFAULT_CARD_COUNTS, help=N_("Cards per family."), rules="sobek:2.2"
    )
    valued_split: tuple[int, ...] = option(
        C.DEFAULT_VALUED,
        help=N_("Valued cards per family (the rest carry 0 scarabs)."),
        rules="sobek:2.2",
    )
    amulets: int = option(C.DEFAULT_AMULETS, help=N_("Amulets (jokers)."), rules="sobek:2.2")
    green_cards: tuple[str, ...] = option(
        C.DEFAULT_GREEN,
        help=N_('The green-backed starting cards, "<goods>_valued" / "<goods>_zero".'),
        rules="sobek:2.2",
    )
    green_per_player: int = option(
        2, help=N_("Green cards dealt to each player every round."), rules="sobek:4.2"
    )
    characters: tuple[str, ...] = option(
        C.DEFAULT_CHARACTERS,
        help=N_('Characters as "key:family:POWER_ID".'),
        rules=("sobek:2.3", "sobek:8"),
    )
    events: tuple[str, ...] = option(
        C.DEFAULT_EVENTS,
        help=N_(
            'Event tokens as "EFFECT_ID:copies"; by default FREE_PASSAGE and LAUNDER_SET, '
            "which keep the seed's one action a turn and 3-card additions; the variant invented "
            "puts back EXTRA_ACTION (a second action) and LAUNDER (0-2 cards)."
        ),
        rules=("sobek:2.4", "sobek:9"),
    )
    tokens_per_round: int = option(
        5, help=N_("Tokens drawn into the pool each round."), rules="sobek:4.2"
    )
    bonus_points: int = option(
        3, help=N_("Points a bonus token scores at once (E1)."), rules="sobek:9"
    )
    market_size: int = option(9, help=N_("Cards per shipment."), rules="sobek:7")
    take_window: int = option(
        4,
        help=N_(
            'How many cards at the front of the market a player may take from (the "first four").'
        ),
        rules="sobek:6.1",
    )
    two_player_remove: int = option(
        9, help=N_("Cards removed unseen each round in a 2-player game."), rules="sobek:4.2"
    )
    rounds: int = option(3, help=N_("Rounds per game."), rules="sobek:1")
    # rule 5
    new_set_needs_goods_card: bool = option(
        True, help=N_("A new set needs a goods card of its own type."), rules="sobek:6.3"
    )
    second_set: Literal["choose", "add"] = option(
        "choose",
        help=N_(
            'Cards of a goods you already have a set of: "choose" (add them to that set, or '
            'lay them as a new set of their own, as the rulebook allows) or "add" (they always '
            "join the set you have)."
        ),
        rules="sobek:6.3",
    )
    extra_action_compulsory: bool = option(
        True,
        help=N_("An extra action may not be passed while an action is legal."),
        rules="sobek:5",
    )
    round_end_mode: Literal["until_stuck", "immediate"] = option(
        "until_stuck",
        help=N_('"until_stuck" (play on until someone cannot act) or "immediate".'),
        rules="sobek:10.1",
    )
    # step 1
    hand_to_corruption_at_round_end: bool = option(
        True, help=N_("Hand cards become corruption at round end."), rules="sobek:10.2"
    )
    penalty_mode: Literal["best_set", "half_round", "matching_types"] = option(
        "best_set",
        help=N_('"best_set", "half_round" or "matching_types".'),
        rules="sobek:11.2",
    )
    # None: never, the seed's three rounds; 100 is the forum summary's early end, an option
    # since issue 27.
    early_end_over: int | None = option(
        None,
        help=N_("The game ends after round 2 if a score is above this."),
        range=(0, 1_000),
        rules="sobek:13",
    )
    tiebreak: Literal["fewest_corruption_then_shared", "shared"] = option(
        "fewest_corruption_then_shared",
        help=N_('"fewest_corruption_then_shared" or "shared".'),
        rules="sobek:13",
    )
    corruption_counts_public: bool = option(
        False, help=N_("Show every player's corruption count on the table."), rules="sobek:14"
    )
    owner_sees_own_corruption: bool = option(
        True,
        help=N_("The owner may look at their own corruption pile at any time."),
        rules="sobek:14",
    )
    hand_backs_public: bool = option(
        False,
        help=N_("The back colours of hidden cards in hands and corruption piles are public."),
        rules="sobek:14",
    )


def check_options(o: SobekOptions, n: int) -> None:
    """Raise InvalidOptions for an impossible combination (sobek:15)."""

    def bad(msg: str) -> None:
        raise InvalidOptions(msg)

    six = len(C.GOODS)
    for name in ("scarabs", "card_counts", "valued_split"):
        if len(getattr(o, name)) != six:
            bad(f"{name} needs {six} numbers (ivory, ebony, marble, cattle, fish, wheat)")
    if any(s < 1 for s in o.scarabs):
        bad("scarabs: a valued card carries at least 1 scarab")
    if any(not 0 <= v <= c for v, c in zip(o.valued_split, o.card_counts, strict=True)):
        bad("valued_split: each family's valued cards must be between 0 and its card count")
    if o.amulets < 0:
        bad("amulets must be 0 or more")
    try:
        for row in o.green_cards:
            C.parse_green(row)
        keys = []
        for row in o.characters:
            key, family, power = C.parse_character(row)
            if family not in C.GOODS_INDEX:
                bad(f"character '{row}': unknown family '{family}'")
            if power not in C.EFFECTS:
                bad(f"character '{row}': unknown power '{power}'; known: {', '.join(C.EFFECTS)}")
            if not key or not key.isidentifier() or key == "amulet":
                bad(f"character '{row}': the key must be a plain word")
            keys.append(key)
        if len(set(keys)) != len(keys):
            bad("characters: two characters share a key")
        total = 0
        for row in o.events:
            effect, copies = C.parse_event(row)
            if effect not in C.EFFECTS:
                bad(f"event '{row}': unknown effect; known: {', '.join(C.EFFECTS)}")
            if copies < 1:
                bad(f"event '{row}': copies must be at least 1")
            total += copies
        table = C.build_table(o)
    except ValueError as e:
        raise InvalidOptions(str(e)) from None
    if not 0 <= o.tokens_per_round <= total:
        bad(f"tokens_per_round must be between 0 and the {total} tokens")
    if o.green_per_player < 0 or o.green_per_player * n > len(table.green):
        bad(f"{len(table.green)} green cards cannot deal {o.green_per_player} to {n} players")
    if o.market_size < 1 or o.take_window < 1:
        bad("market_size and take_window must be at least 1")
    if o.rounds < 1:
        bad("rounds must be at least 1")
    if o.second_set not in SECOND_SET_CHOICES:
        bad(
            f"second_set must be one of {', '.join(SECOND_SET_CHOICES)} (add to the set you "
            f"have, or choose between adding and a new set), not {o.second_set!r}"
        )
    if not 0 <= o.two_player_remove <= len(table.beige) - o.market_size:
        bad("two_player_remove must leave at least one shipment in the deck")


def describe(o: Any) -> str:
    """One line per non-default option (for docs and logs)."""
    default = SobekOptions()
    rows = [f"{k}={getattr(o, k)!r}" for k in vars(default) if getattr(o, k) != getattr(default, k)]
    return ", ".join(rows) or "defaults"
