"""What a search player remembers of the route on its own way out (abu_simbel:11, 12).

On the way out the faces are hidden from the active player, who must recall them. A search
player (ISMCTS) sees the hidden part of the game only through ``determinize``, so this is
where its memory lives [DESIGN]:

* **What it knows.** The route as it was last shown to the seat: the faces and covers of
  ROUND_STARTED, CHAMBER_ADDED and COVER_PLACED, read from the seat's own events by
  :func:`~.memory.route_as_shown` (the code the memory bots use for their exposure counts).
  The positions already walked are known exactly: each was answered with ``move_ok``.
* **How it recalls.** The remembered exit sequence goes through the recall channel of
  abu_simbel:12.3 (:func:`~.memory.recall_token`), with the preset of the ``search_memory``
  option (default ``expert``, the heuristic's own memory; ``perfect`` recalls everything).
  A recalled token is turned into a card of the unseen chamber cards (the main deck, whose
  contents the seat knows: every chamber card it does not see there was shown face up),
  swapped with the card on that slot, so the determinized state keeps every component
  (abu_simbel:14 A-27). A wrong recollection of a covered slot forgets the cover (the
  cover's owner keeps ``cover_in_use``). When no unseen card shows the recalled token (the
  default deck has no ``SCORPIONS_4``, or the only copies lie on the route), the error stays
  an error: one of the unseen cards of another token is picked, as in abu_simbel:12.2.
* **One recollection per way out.** The noise comes from a ``random.Random`` seeded by a
  SHA-256 hash of what the seat knows at the start of this way out: its seat, the index
  among its events of the TREASURE_DRAWN that started it, the treasure card drawn, and the
  route as shown. So every determinization of every decision of one way out gets the same
  recalled route. Drawing the noise from the search's own rng instead would give each of
  the 400 iterations of a decision its own recollection, and the vote of the tree would
  average the noise away into perfect recall, which abu_simbel:12 forbids for bots;
  re-drawing it at each decision (seeding from the number of events seen) would leave the
  subtree the search keeps between decisions built on another recollection than the one of
  the next search. With one recollection per way out, the chance of a clean way out and
  the position of the first error are those of the memory bots (12.3: one draw per
  position, in order; the positions already walked are then set to what was confirmed).
* **Predictable?** The recollection is a function of the seat's view only (so two states
  the seat cannot tell apart give the same one, as determinize requires), not of the
  search's rng or budget: in a given position every search level misremembers the same
  way (thinking longer buys search, not memory), and it cannot re-roll its memory. Each way
  out has its own anchor index, so its errors are independent of the earlier ones. The
  other players cannot foresee it: the hash includes the treasure card the seat has just
  drawn, which only that seat has seen. The game seed is not used: no seat knows it.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from obelisk.core import Event

from .components import TOKENS, card_token, token_type
from .memory import MemoryLevel, RouteAsShown, recall_token


@dataclass
class Recollection:
    """A recalled route, ready to replace the real one in a determinized state."""

    route: list[str]
    covers: list[int]
    #: The unseen chamber cards once the route is laid (sorted).
    main_deck: list[str]


_TOKEN_RANK = {t: i for i, t in enumerate(TOKENS)}
#: Recollections already drawn (every iteration of one search asks for the same one).
_RECALLED: dict[tuple[Any, ...], Recollection] = {}
_RECALLED_MAX = 256


def recall_route(
    level: MemoryLevel,
    seat: int,
    events: Sequence[Event],
    shown: RouteAsShown,
    unseen: Sequence[str],
    forward: bool,
    progress: int,
) -> Recollection:
    """``seat``'s recollection of ``shown`` on this way out (fresh lists, the caller's to
    change): :func:`recollect` with the rng of :func:`recollection_seed`, remembered."""
    seed = recollection_seed(seat, events, shown)
    key = (
        level.name,
        seed,
        tuple(shown.cards),
        tuple(shown.covers),
        tuple(shown.exposure),
        tuple(unseen),
        forward,
        progress,
    )
    got = _RECALLED.get(key)
    if got is None:
        if len(_RECALLED) >= _RECALLED_MAX:
            _RECALLED.clear()
        got = _RECALLED[key] = recollect(
            level, shown, unseen, forward, progress, random.Random(seed)
        )
    return Recollection(list(got.route), list(got.covers), list(got.main_deck))


def card_showing(token: str) -> str:
    """The chamber card whose move is ``token`` (``PUNCH`` is a printed MUMMY)."""
    if token.startswith("STOMP_x"):
        return f"SCORPIONS_{token[7:]}"
    return token_type(token)


def exit_order(n: int, forward: bool) -> list[int]:
    """The route slots in way-out order (abu_simbel:5.2; forward exit: way-in order)."""
    return list(range(n - 1, -1, -1)) if forward else list(range(n))


def recollection_seed(seat: int, events: Sequence[Event], shown: RouteAsShown) -> int:
    """The seed of ``seat``'s recollection on this way out (see the module docstring).

    ``events`` are the events the seat has seen; the way out started at its last
    TREASURE_DRAWN.
    """
    anchor, card = -1, ""
    for k in range(len(events) - 1, shown.start - 1, -1):
        ev = events[k]
        if ev.kind == "treasure_drawn" and ev.data.get("seat") == seat:
            anchor, card = k, str(ev.data["card"])
            break
    text = f"abu_simbel:recall:{seat}:{anchor}:{card}:{','.join(shown.cards)}:{shown.covers}"
    return int.from_bytes(hashlib.sha256(text.encode()).digest()[:8], "big")


def recollect(
    level: MemoryLevel,
    shown: RouteAsShown,
    unseen: Sequence[str],
    forward: bool,
    progress: int,
    rng: random.Random,
) -> Recollection:
    """The route as recalled through ``level`` (abu_simbel:12.3) on a way out at ``progress``.

    ``shown`` is the route as last shown, ``unseen`` the chamber cards of the main deck.
    Every exit position draws from ``rng`` in order, whatever ``progress`` is; positions
    before ``progress`` were confirmed by the engine and keep their cards. (Had the player
    answered one of those right against its recollection, which a search that follows its
    memory does not do, a later error could pick its card from a pool one card different.)
    """
    n = len(shown.cards)
    order = exit_order(n, forward)
    expected = ["PUNCH" if shown.covers[s] >= 0 else card_token(shown.cards[s]) for s in order]
    recalled = [
        recall_token(level, expected, i, shown.exposure[order[i]], rng, forward) for i in range(n)
    ]
    route = list(shown.cards)
    covers = list(shown.covers)
    pool = list(unseen)
    for i in range(progress, n):
        want = recalled[i]
        if want == expected[i]:
            continue
        slot = order[i]
        old = route[slot]
        covers[slot] = -1  # a covered slot recalled as anything but PUNCH: the cover forgotten
        if card_token(old) == want:
            continue  # the card under the cover, recalled instead of the cover
        card = card_showing(want)
        if card not in pool:
            others = sorted({c for c in pool if card_token(c) != expected[i]}, key=_rank)
            if not others:
                covers[slot] = shown.covers[slot]
                continue  # no unseen card could be misremembered here
            card = others[rng.randrange(len(others))]
        pool.remove(card)
        pool.append(old)
        route[slot] = card
    return Recollection(route, covers, sorted(pool))


def _rank(card: str) -> int:
    return _TOKEN_RANK[card_token(card)]


def unseen_cards(main_deck: Sequence[str], route: Sequence[str], shown: Sequence[str]) -> list[str]:
    """The chamber cards of the main deck: ``main_deck`` and ``route`` hold the same cards as
    the real deck and route (a determinization only swaps cards between them), less the
    route as shown."""
    pool = sorted([*main_deck, *route])
    for card in shown:
        pool.remove(card)
    return pool
