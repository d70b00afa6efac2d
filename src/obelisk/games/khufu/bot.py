"""A heuristic Khufu player: race for the four Scarabs, then straight to the Sarcophagus.

It reads only the seat's observation and legal actions:

* chambers: enter (and stay) only where its Scarab is missing, wager the minimum,
  bet its least useful cards (no cobras, no cards of a symbol it holds several of),
  and in the King's lay two table cards of different symbols (2/6 instead of 1/6);
* leaves a chamber once its Scarab is there (doubling is a fair bet, time is not free);
* always takes Treasure, steals from the richest opponent, answers the Mummy call;
* goes into the Sarcophagus chamber as soon as it is qualified (when ``min_challenge_hand``
  is met, or when the clock runs short) and picks the 3 challenge cards that maximise
  P(win) + ½·P(draw) against Khufu's visible hand over the 36 dice outcomes.
"""

from __future__ import annotations

import random
from collections import Counter
from typing import Any

from obelisk.core import Action, PlayerView

from .actions import (
    Answer,
    Bet,
    Challenge,
    Enter,
    Give,
    Leave,
    Pass,
    Place,
    Select,
    Stay,
    Steal,
    Take,
)
from .components import CHAMBERS, SYMBOLS, category, tables


class KhufuHeuristic:
    """The heuristic player (see the module docstring)."""

    #: It reads the observation only, never the events: a search may roll out with it on
    #: a quiet state (``State.quiet``).
    reads_events = False

    def __init__(self, min_challenge_hand: int = 3, hurry_seconds: int = 600) -> None:
        self.min_challenge_hand = min_challenge_hand
        self.hurry_seconds = hurry_seconds

    # -- helpers -----------------------------------------------------------
    @staticmethod
    def _values(hand: list[int], sym: tuple[int, ...], cobra: tuple[bool, ...]) -> dict[int, float]:
        """How much the bot wants to keep each card: cobras and sets are worth keeping."""
        counts = Counter(sym[c] for c in hand)
        return {c: 3.0 * cobra[c] + counts[sym[c]] + c / 1000.0 for c in hand}

    def _wager_plan(self, hand: list[int], ch: int, need: int, t: Any) -> list[int]:
        values = self._values(hand, t.card_symbol, t.card_cobra)
        order = sorted(hand, key=lambda c: values[c])
        if ch != CHAMBERS.index("KING"):
            return order[:need]
        # King's: two table cards of different symbols, cheapest first.
        first = order[0]
        second = next((c for c in order[1:] if t.card_symbol[c] != t.card_symbol[first]), order[1])
        rest = [c for c in order if c not in (first, second)]
        return [first, second, *rest[: need - 2]]

    @staticmethod
    def _select_value(sel: tuple[int, ...], khufu: list[int], sym: tuple[int, ...]) -> float:
        mine = [sym[c] for c in sel]
        his = [sym[c] for c in khufu]
        score = 0.0
        for d1 in range(len(SYMBOLS)):
            for d2 in range(len(SYMBOLS)):
                a = category([*mine, d1, d2])
                b = category([*his, d1, d2])
                score += 1.0 if a > b else 0.5 if a == b else 0.0
        return score

    # -- the decision --------------------------------------------------------
    def act(self, view: PlayerView, rng: random.Random) -> Action:
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        t = tables(view.options)
        me = view.seat
        d = obs["decision"]
        kind = d["kind"]
        players = obs["players"]
        mine = players[me]
        hand = [t.card_index[c] for c in obs["hand"]]
        remaining = obs["clock"]["remaining"]
        hurry = remaining <= self.hurry_seconds
        if kind == "CHAMBER_TURN_OPTION":
            if any(isinstance(a, Challenge) for a in legal):
                return next(a for a in legal if isinstance(a, Challenge))
            if d["chamber"] not in mine["scarabs"] and any(isinstance(a, Stay) for a in legal):
                return next(a for a in legal if isinstance(a, Stay))
            return next(a for a in legal if isinstance(a, Leave))
        if kind == "DOOR_ENTER_OR_PASS":
            ch = d["chamber"]
            enter = next(a for a in legal if isinstance(a, Enter))
            skip = next(a for a in legal if isinstance(a, Pass))
            if mine["qualified"] and ch == obs["sarcophagus"]:
                ready = len(hand) >= self.min_challenge_hand or hurry
                return enter if ready else skip
            return enter if ch not in mine["scarabs"] else skip
        if kind == "TAKE_TREASURE":
            return next(a for a in legal if isinstance(a, Take))
        if kind in ("STEAL_TARGET_OR_DECLINE", "PICKPOCKET_TARGET"):
            steals = [a for a in legal if isinstance(a, Steal)]
            if not steals:
                return legal[-1]

            def richness(a: Steal) -> tuple[int, int, int]:
                p = players[a.target]
                return (p["hand"], len(p["scarabs"]), -a.target)

            return max(steals, key=richness)
        if kind in ("COBRA_GIVE_CARD", "CURSE_TOLL_CARD"):
            values = self._values(hand, t.card_symbol, t.card_cobra)
            gives = [a for a in legal if isinstance(a, Give)]
            return min(gives, key=lambda a: values[t.card_index[a.card]])
        if kind == "WAGER_CARDS":
            ch = CHAMBERS.index(d["chamber"])
            chosen = [t.card_index[c] for c in obs.get("wager", [])]
            if len(chosen) >= d["minimum"]:
                return next(a for a in legal if isinstance(a, Place))
            free = [c for c in hand if c not in chosen]
            if ch == CHAMBERS.index("KING") and len(chosen) == 1:
                plan = [c for c in self._wager_plan(free, ch, d["minimum"], t)]
                other = [c for c in free if t.card_symbol[c] != t.card_symbol[chosen[0]]]
                if other:
                    values = self._values(hand, t.card_symbol, t.card_cobra)
                    pick = min(other, key=lambda c: values[c])
                    return Bet(t.card_ids[pick])
            else:
                plan = self._wager_plan(free, ch, d["minimum"] - len(chosen), t)
            bets = {a.card: a for a in legal if isinstance(a, Bet)}
            return bets[t.card_ids[plan[0]]]
        if kind == "CHALLENGE_SELECT_3":
            khufu = [t.card_index[c] for c in obs["challenge"]["khufu"]]
            sels = [a for a in legal if isinstance(a, Select)]
            return max(
                sels,
                key=lambda a: self._select_value(
                    tuple(t.card_index[c] for c in a.cards), khufu, t.card_symbol
                ),
            )
        if kind == "MUMMY_CALL_ANSWER":
            return next(a for a in legal if isinstance(a, Answer))
        return legal[0]
