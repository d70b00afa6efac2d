"""Long companion games for the tests of saves and body limits: the longest Abu Simbel
referee game we know how to make, and a whole mummy and Khufu game."""

from __future__ import annotations

import contextlib
import random
from typing import Any

from obelisk.companion.abu_simbel import (
    TREASURE_KINDS,
    RefereeError,
    RefereeSession,
    drew_text,
    from_record,
)
from obelisk.companion.khufu import KhufuSession, player_from_json
from obelisk.companion.mummy import MummyCompanionError, MummySession

#: Six players with the longest names the referee keeps.
SIX = [c * 24 for c in "ABCDEF"]
#: Chambers told in turn (the deck of the companion holds eight of each kind).
CHAMBERS = (
    "lay scorpions 4",
    "lay pit",
    "lay lava",
    "lay dive",
    "lay gas",
    "lay crawl",
    "lay hissing",
    "lay empty",
    "lay crack",
    "lay blades",
    "lay mummy",
    "lay scorpions 1",
    "lay scorpions 2",
    "lay scorpions 3",
)


def longest_referee_game() -> tuple[RefereeSession, dict[str, Any]]:
    """Six players: each fails twice on the way in at the far end of a three-chamber route
    (12 mistakes that cost no treasure), then every walk succeeds, so the route grows by one
    chamber with each of the 21 treasures, until the decks are empty. Returns the finished
    session and the record as it was just before its last input (the largest mid-game save)."""
    s = RefereeSession(list(SIX), seed=1)
    fails = [0] * len(SIX)
    told = 0
    while s.stage() != "over":
        stage = s.stage()
        st = s.state
        if stage in ("lay_route", "add_chamber"):
            for _ in range(len(CHAMBERS)):  # a kind the deck has run out of is refused
                told += 1
                try:
                    s.say(CHAMBERS[told % len(CHAMBERS)])
                    break
                except RefereeError:
                    continue
            continue
        assert st is not None
        if stage == "verdict_in" and st.progress == len(st.route) - 1 and fails[st.active] < 2:
            fails[st.active] += 1
            s.say(f"fail {st.progress + 1}")
        elif stage in ("verdict_in", "verdict_out"):
            s.say(f"ok {st.progress + 1}")
        elif stage == "deck":
            s.say(f"deck {next(k for k, n in enumerate(st.deck_counts) if n) + 1}")
        elif stage == "treasure":
            s.say(drew_text(next(t for t in TREASURE_KINDS if t in st.pool)))
        else:
            s.say("turned away")
    end = s.record().to_json()
    s.undo()  # the last input taken back: the game just before its end
    before_last = s.record().to_json()
    return from_record(end), before_last


def long_mummy_game(seed: int = 5) -> MummySession:
    """Four explorers telling random inputs (refused ones change nothing) to the end."""
    rng = random.Random(seed)
    s = MummySession(["Ann", "Bob", "Cleo", "Dan"], "easy", seed)
    for _ in range(20_000):
        if s.state.is_terminal():
            break
        with contextlib.suppress(MummyCompanionError):
            s.apply(rng.choice(s.state.legal_actions()))
    return s


def long_khufu_game(seed: int = 3) -> KhufuSession:
    """Six players, 45 minutes in one-second ticks, a lost Challenge every minute."""
    s = KhufuSession([player_from_json({"name": c * 12}) for c in "ABCDEF"], seed)
    s.start()
    for t in range(1, 3000):
        if s.over:
            break
        s.tick(1)
        if t % 60 == 0 and not s.over:
            s.summon(0)
            s.result("LOSE", 0)
    return s
