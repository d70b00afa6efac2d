"""Sobek's options: every variant switch and every DESIGN value of the spec (sobek:15)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, Literal

from obelisk.core import InvalidOptions

from . import components as C

#: sobek:6.3 the values of ``second_set``
SECOND_SET_CHOICES = ("choose", "add")


@dataclass(frozen=True)
class SobekOptions:
    """Options of Sobek. Each field names the rule it sets; see docs/rules/sobek.md."""

    #: sobek:2.2 scarabs on a valued card, per family (ivory, ebony, marble, cattle, fish, wheat)
    scarabs: tuple[int, ...] = C.DEFAULT_SCARABS
    #: sobek:2.2 cards per family
    card_counts: tuple[int, ...] = C.DEFAULT_CARD_COUNTS
    #: sobek:2.2 valued cards per family (the rest carry 0 scarabs)
    valued_split: tuple[int, ...] = C.DEFAULT_VALUED
    #: sobek:2.2 amulets (jokers)
    amulets: int = C.DEFAULT_AMULETS
    #: sobek:2.2 the green-backed starting cards, "<goods>_valued" / "<goods>_zero"
    green_cards: tuple[str, ...] = C.DEFAULT_GREEN
    #: sobek:4.2 green cards dealt to each player every round
    green_per_player: int = 2
    #: sobek:2.3/sobek:8 characters as "key:family:POWER_ID"
    characters: tuple[str, ...] = C.DEFAULT_CHARACTERS
    #: sobek:2.4/sobek:9 event tokens as "EFFECT_ID:copies"; by default FREE_PASSAGE and
    #: LAUNDER_SET, which keep the seed's one action a turn and 3-card additions; the variant
    #: invented puts back EXTRA_ACTION (a second action) and LAUNDER (0-2 cards)
    events: tuple[str, ...] = C.DEFAULT_EVENTS
    #: sobek:4.2 tokens drawn into the pool each round
    tokens_per_round: int = 5
    #: sobek:9 E1 points
    bonus_points: int = 3
    #: sobek:7 cards per shipment
    market_size: int = 9
    #: sobek:6.1 the "first four" window
    take_window: int = 4
    #: sobek:4.2 cards removed unseen each round in a 2-player game
    two_player_remove: int = 9
    #: sobek:1 rounds per game
    rounds: int = 3
    #: sobek:6.3 rule 5: a new set needs a goods card of its own type
    new_set_needs_goods_card: bool = True
    #: sobek:6.3 cards of a goods you already have a set of: "choose" (add them to that set,
    #: or lay them as a new set of their own, as the rulebook allows) or "add" (they always
    #: join the set you have)
    second_set: Literal["choose", "add"] = "choose"
    #: sobek:5 an extra action may not be passed while an action is legal
    extra_action_compulsory: bool = True
    #: sobek:10.1 "until_stuck" (play on until someone cannot act) or "immediate"
    round_end_mode: Literal["until_stuck", "immediate"] = "until_stuck"
    #: sobek:10.2 step 1: hand cards become corruption at round end
    hand_to_corruption_at_round_end: bool = True
    #: sobek:11.2 "best_set", "half_round" or "matching_types"
    penalty_mode: Literal["best_set", "half_round", "matching_types"] = "best_set"
    #: sobek:13 the game ends after round 2 if a score is above this (None: never, the seed's
    #: three rounds; 100 is the forum summary's early end, an option since issue 27)
    early_end_over: int | None = None
    #: sobek:13 "fewest_corruption_then_shared" or "shared"
    tiebreak: Literal["fewest_corruption_then_shared", "shared"] = "fewest_corruption_then_shared"
    #: sobek:14 show every player's corruption count on the table
    corruption_counts_public: bool = False
    #: sobek:14 the owner may look at their own corruption pile at any time
    owner_sees_own_corruption: bool = True
    #: sobek:14 the back colours of hidden cards in hands and corruption piles are public
    hand_backs_public: bool = False


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
