"""A Khufu player that plans its hand for the Ultimate Challenge (research name ``planner``).

It plays the chambers like the heuristic (:mod:`obelisk.games.khufu.bot`) and differs where
the Challenge odds say the heuristic leaves something on the table. It reads only the
seat's observation and legal actions:

* **the hand it keeps**: the Challenge deals ``min(5, hand)`` random cards and the best 3
  are played (khufu:10.2), so three of a kind among five cards wins about 89%, a pair
  about 50%, and the same three among nine cards far less often (:mod:`.odds`). Whenever
  it must part with cards (a wager, a cobra's give-back, the tomb toll) it gives the cards
  whose loss leaves the best Challenge hand (:func:`.odds.hand_value`), keeping cobras on
  ties; in the King's the two table cards are of different symbols (2/6 instead of 1/6);
* **the cards it declines**: once it has its four Scarabs and at least five cards, it
  declines a Treasure that would on average make its Challenge hand worse (a sixth card
  pushes one of the five out of the deal);
* **the three cards it shows Khufu**: it maximises P(win) and, while there is time for
  another try, the value of the hand it keeps after a draw (all of it) or a loss (the
  unchosen cards): with nothing to win it gives away its worst three;
* **whom it robs**: a qualified player holding three cards first (one card less and that
  player cannot challenge), then the player with the most Scarabs, then the richest;
* otherwise as the heuristic: enter every chamber it still needs and stay until it wins
  there, wager the minimum, take Treasure, answer the Mummy call, challenge at once.

Measured against two heuristic players (docs/levels.md, "Khufu"): about the same strength.
The dice and the race to the four Scarabs decide Khufu; even a Challenge won every time
would give only about 42% of the games, so a better Challenge hand cannot lift a player far
above the fair third.
"""

from __future__ import annotations

import random
from typing import Any

from obelisk.core import Action, PlayerView

from .actions import (
    Answer,
    Bet,
    Challenge,
    Decline,
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
from .components import CHAMBERS, Tables, tables
from .odds import NUM_SYMBOLS, hand_pattern, hand_value, selection_odds

KING = CHAMBERS.index("KING")


class KhufuPlanner:
    """Plays the chambers like the heuristic but keeps the cards that win the Ultimate
    Challenge (three of a kind in a hand of five), robs the leader, and shows Khufu the
    three cards that are best now and for the next try.

    ``draw_weight``: what a drawn Challenge is worth against a win when the planner
    compares hands (a draw keeps the cards but costs a lap of the board);
    ``future``: the weight of the hand kept after a lost or drawn Challenge, while more
    than ``last_seconds`` remain; ``keep_size``: the smallest hand at which it declines
    Treasure (never below the Challenge deal).
    """

    def __init__(
        self,
        draw_weight: float = 0.35,
        future: float = 0.6,
        last_seconds: int = 300,
        keep_size: int = 4,
    ) -> None:
        self.draw_weight = draw_weight
        self.future = future
        self.last_seconds = last_seconds
        self.keep_size = keep_size

    # -- hand values ----------------------------------------------------------
    def _value(self, syms: list[int], t: Tables, deal: int) -> float:
        """The Challenge value of a hand with these symbols (:func:`.odds.hand_value`)."""
        return hand_value(hand_pattern(syms), self.draw_weight, deal, t.per_symbol)

    def discard_order(self, cards: list[int], hand: list[int], t: Tables, deal: int) -> list[int]:
        """``cards`` (part of ``hand``, card indices) in the order to part with them: each
        time the card whose loss leaves the best Challenge hand, then one of a symbol it
        holds fewer of, keeping cobras (they guard against steals), then the lowest id."""
        sym = t.card_symbol
        left = list(hand)
        pool = list(cards)
        order: list[int] = []
        while pool:
            best: tuple[tuple[float, int, int, int], int] | None = None
            for c in pool:
                rest = [sym[x] for x in left if x != c]
                key = (self._value(rest, t, deal), -rest.count(sym[c]), -t.card_cobra[c], -c)
                if best is None or key > best[0]:
                    best = (key, c)
            assert best is not None
            order.append(best[1])
            pool.remove(best[1])
            left.remove(best[1])
        return order

    def _value_with_one_more(self, hand: list[int], t: Tables, deal: int) -> float:
        """The hand's expected value after one more card from the deck, each symbol as
        likely as the cards of it the seat does not hold."""
        sym = t.card_symbol
        hs = [sym[c] for c in hand]
        left = [t.per_symbol - hs.count(s) for s in range(NUM_SYMBOLS)]
        total = sum(left)
        if total <= 0:
            return self._value(hs, t, deal)
        return sum(n / total * self._value([*hs, s], t, deal) for s, n in enumerate(left) if n)

    # -- the decision ---------------------------------------------------------
    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose an action from the seat's view only (deterministic: ``rng`` is unused)."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        t = tables(view.options)
        deal = view.options.challenge_deal
        d = obs["decision"]
        kind = d["kind"]
        players = obs["players"]
        mine = players[view.seat]
        hand = [t.card_index[c] for c in obs["hand"]]
        four = len(mine["scarabs"]) == len(CHAMBERS)
        if kind == "CHAMBER_TURN_OPTION":
            return self._chamber_turn(legal, d["chamber"] not in mine["scarabs"])
        if kind == "DOOR_ENTER_OR_PASS":
            ch = d["chamber"]
            wanted = ch not in mine["scarabs"] or (mine["qualified"] and ch == obs["sarcophagus"])
            return next(a for a in legal if isinstance(a, Enter if wanted else Pass))
        if kind == "TAKE_TREASURE":
            return self._take(legal, hand, t, deal, four)
        if kind in ("STEAL_TARGET_OR_DECLINE", "PICKPOCKET_TARGET"):
            return self._steal(legal, players)
        if kind in ("COBRA_GIVE_CARD", "CURSE_TOLL_CARD"):
            gives = {t.card_index[a.card]: a for a in legal if isinstance(a, Give)}
            return gives[self.discard_order(list(gives), hand, t, deal)[0]]
        if kind == "WAGER_CARDS":
            return self._wager(legal, obs, hand, t, deal)
        if kind == "CHALLENGE_SELECT_3":
            return self._select(legal, obs, hand, t, deal)
        if kind == "MUMMY_CALL_ANSWER":
            return next(a for a in legal if isinstance(a, Answer))
        return legal[0]

    @staticmethod
    def _chamber_turn(legal: list[Action], missing: bool) -> Action:
        """Challenge when allowed; stay while this chamber's Scarab is missing; else leave."""
        for a in legal:
            if isinstance(a, Challenge):
                return a
        if missing:
            for a in legal:
                if isinstance(a, Stay):
                    return a
        return next(a for a in legal if isinstance(a, Leave))

    def _take(
        self, legal: list[Action], hand: list[int], t: Tables, deal: int, four: bool
    ) -> Action:
        """Take Treasure, unless the four Scarabs are placed and one more card would on
        average spoil a Challenge hand of at least ``max(keep_size, deal)`` cards."""
        take = next(a for a in legal if isinstance(a, Take))
        if not four or len(hand) < max(self.keep_size, deal):
            return take
        now = self._value([t.card_symbol[c] for c in hand], t, deal)
        if self._value_with_one_more(hand, t, deal) < now:
            return next(a for a in legal if isinstance(a, Decline))
        return take

    @staticmethod
    def _steal(legal: list[Action], players: list[dict[str, Any]]) -> Action:
        """Rob a qualified player down to three cards first, then the one with the most
        Scarabs, then the richest (ties: the earlier seat)."""
        steals = [a for a in legal if isinstance(a, Steal)]
        if not steals:
            return legal[-1]

        def threat(a: Steal) -> tuple[bool, int, int, int]:
            p = players[a.target]
            return (p["qualified"] and p["hand"] <= 3, len(p["scarabs"]), p["hand"], -a.target)

        return max(steals, key=threat)

    def _wager(
        self, legal: list[Action], obs: dict[str, Any], hand: list[int], t: Tables, deal: int
    ) -> Action:
        """The minimum wager, of the cards it can best spare; in the King's the first two
        (the table cards) of different symbols."""
        d = obs["decision"]
        chosen = [t.card_index[c] for c in obs.get("wager", [])]
        if len(chosen) >= d["minimum"]:
            return next(a for a in legal if isinstance(a, Place))
        free = [c for c in hand if c not in chosen]
        order = self.discard_order(free, hand, t, deal)
        pick = order[0]
        if CHAMBERS.index(d["chamber"]) == KING and len(chosen) == 1:
            sym = t.card_symbol
            pick = next((c for c in order if sym[c] != sym[chosen[0]]), order[0])
        bets = {a.card: a for a in legal if isinstance(a, Bet)}
        return bets[t.card_ids[pick]]

    def _select(
        self, legal: list[Action], obs: dict[str, Any], hand: list[int], t: Tables, deal: int
    ) -> Action:
        """The three cards with the best P(win) + future × (P(draw) × value of the whole
        hand + P(lose) × value of the cards left), against Khufu's shown hand."""
        sym = t.card_symbol
        khufu = tuple(sorted(sym[t.card_index[c]] for c in obs["challenge"]["khufu"]))
        future = self.future if obs["clock"]["remaining"] > self.last_seconds else 0.0
        keep_all = self._value([sym[c] for c in hand], t, deal)
        best_a: Action | None = None
        best_v = -1.0
        for a in legal:
            if not isinstance(a, Select):
                continue
            cards = [t.card_index[c] for c in a.cards]
            win, draw = selection_odds(tuple(sorted(sym[c] for c in cards)), khufu)
            rest = [sym[c] for c in hand if c not in cards]
            lose_v = self._value(rest, t, deal)
            v = win + future * (draw * keep_all + (1 - win - draw) * lose_v)
            if v > best_v + 1e-12:
                best_v, best_a = v, a
        assert best_a is not None
        return best_a
