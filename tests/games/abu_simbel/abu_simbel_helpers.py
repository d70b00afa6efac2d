"""Shared set-up for the Abu Simbel tests: scripted positions and small drivers."""

from __future__ import annotations

from typing import Any

from obelisk.core import get_game
from obelisk.games.abu_simbel.actions import ChooseTreasureDeck, EnterMove, Verdict
from obelisk.games.abu_simbel.components import chamber_cards
from obelisk.games.abu_simbel.rules import AbuSimbelState, route_code

GAME = get_game("abu_simbel")


def scripted(
    n: int = 2,
    route: list[str] | None = None,
    seed: int = 0,
    **options: Any,
) -> AbuSimbelState:
    """A new game whose first route is ``route`` (route[0] is drawn first, next to the vault)."""
    opts = GAME.make_options(options)
    GAME.check_options(opts, n)
    state = GAME._make_state(n, seed, opts)
    if route is not None:
        state.chance.force(
            route_code(list(chamber_cards(tuple(opts.chamber_deck))), route), label="route"
        )
    state._setup()
    assert isinstance(state, AbuSimbelState)
    return state


def expected(state: AbuSimbelState) -> str:
    """The token the engine expects now."""
    return state.expected_token(state.slot_at(state.progress))


def enter(state: AbuSimbelState, token: str) -> None:
    state.apply(EnterMove(token))


def walk_in(state: AbuSimbelState) -> None:
    """Enter every way-in move correctly (self-entry)."""
    while state.phase == "way_in":
        enter(state, expected(state))


def walk_out(state: AbuSimbelState) -> None:
    """Enter every way-out move correctly (self-entry)."""
    while state.phase == "way_out":
        enter(state, expected(state))


def full_turn(
    state: AbuSimbelState,
    deck: int = 0,
    treasure: str | None = None,
    chamber: str | None = None,
) -> None:
    """A successful self-entry turn: way in, deck ``deck`` (drawing ``treasure``), way out
    (then ``chamber`` is the card added at the far end)."""
    if treasure is not None:
        state.chance.force(treasure, label="treasure")
    walk_in(state)
    if state.phase == "treasure":
        state.apply(ChooseTreasureDeck(deck))
    if chamber is not None:
        state.chance.force(chamber, label="chamber")
    walk_out(state)


def referee_pass_all(state: AbuSimbelState) -> None:
    """Referee mode: PASS every chamber of the current way."""
    way = state.phase
    while state.phase == way:
        state.apply(Verdict(state.progress, True))


def wrong(token: str) -> str:
    """Some token other than ``token``."""
    return "DUCK" if token != "DUCK" else "JUMP"


def force_route(state: AbuSimbelState, cards: list[str]) -> None:
    """Script the next round's route (drawn from the current main deck)."""
    state.chance.force(route_code(state.main_deck, cards), label="route")


#: Words that would name a chamber card or its move (abu_simbel:2.2), for memory checks.
CHAMBER_WORDS: dict[str, tuple[str, ...]] = {
    "MUMMY": ("wrapped mummy", "punch"),
    "BLADES": ("blades", "duck"),
    "LAVA": ("lava", "jump"),
    "CRACK": ("crack", "crab"),
    "EMPTY": ("empty chamber", "two steps"),
    "PIT": ("pit", "rope"),
    "SCORPIONS": ("scorpion", "stomp"),
    "DIVE": ("water", "swim"),
    "GAS": ("gas", "nose"),
    "CRAWL": ("tunnel", "crawl"),
    "HISSING": ("snake", "heel"),
}
