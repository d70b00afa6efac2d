"""Computer players of Ramses II with human-like memory (ramses:12).

``MemoryBot(level)`` reads only its ``PlayerView`` (observation, its events,
legal actions). It encodes what it watches into a :class:`memory.Memory`,
recalls imperfectly at each search, and plans slides toward the remembered
place of the target with Dijkstra over the places (ramses:12.6), avoiding
places that may hide another treasure. ``RamsesHeuristic`` is the medium level.
"""

from __future__ import annotations

import heapq
import math
import random
from dataclasses import dataclass
from typing import Any

from obelisk.core import Action, PlayerView

from .actions import Draw, GiftDeclare, GiveCard, PlaceTreasure, PokerDeclare, RiskDeclare, Slide
from .components import BLANK, BLOCK, BLOCK_PLACES, NEIGHBOURS, NEIGHBOURS_DIAG, PLACES, TIDS
from .memory import LEVELS, Memory

_TNUM = {text: t for t, text in enumerate(TIDS)}


def _tnum(text: str) -> int:
    """The token of a treasure id text (``"T03"`` -> 3, ``"blank"`` -> 0)."""
    t = _TNUM.get(text)
    if t is None:
        return 0 if text == "blank" else int(text[1:])
    return t


#: How many read events apart a bot keeps checkpoints of what it watched (see ``observe``).
CHECKPOINT_EVERY = 32


#: How many finished turns a player keeps exactly (enough for a round of six players).
RECENT_TURNS = 6


@dataclass(slots=True)
class Watched:
    """What a bot has taken in from the events it read: a checkpoint to return to."""

    memory: Memory
    working: dict[int, int]
    last_reveal: dict[int, int]
    search_key: int
    last_n: int
    searcher: int
    turn_reveals: dict[int, int]
    turns: list[tuple[int, dict[int, int]]]


class MemoryBot:
    """A memory-limited player of one level (``easy`` … ``expert``, or ``perfect``)."""

    def __init__(self, level: str = "medium") -> None:
        if level not in LEVELS:
            raise ValueError(f"unknown Ramses bot level {level!r}; levels: {', '.join(LEVELS)}")
        self.level_name = level
        self.level = LEVELS[level]
        self.reset()

    def reset(self) -> None:
        """Forget everything (a new game)."""
        self._restart()
        self._read: list[dict[str, Any]] = []  # every event read since the last restart
        self._marks: list[Watched] = []  # _marks[m]: after the first (m + 1) * 32 of them
        self._rewound = False

    def _restart(self) -> None:
        """Forget what was watched; the events read so far stay, to resume from (``observe``)."""
        self.memory = Memory(self.level)
        self._lo = 0  # a lower bound on the raw index of the next unseen event
        self._last_n = 0
        self._last_step = -1
        self.working: dict[int, int] = {}  # exact reveals of the current search
        self.searcher = -1  # who makes the current search
        self.turn_reveals: dict[int, int] = {}  # the earlier searches of the current turn
        #: the finished turns of the last rounds, oldest first: (searcher, exact reveals by box
        #: place). A player remembers what the table showed since its own last turn began,
        #: even across a turn of the box; older reveals fade as its memory level says.
        self.turns: list[tuple[int, dict[int, int]]] = []
        self.recalled: dict[int, int] | None = None
        self.last_reveal: dict[int, int] = {}  # treasure -> event number of its last reveal
        self.search_key = 0
        self._rewound = True

    # -- watching (ramses:12.3) ---------------------------------------------------------
    def observe(self, view: PlayerView) -> None:
        """Update memory from the events not yet seen.

        When the seat's event count drops (a take-back, another game, or the next
        rollout of a search), the bot forgets everything and watches the seat's
        events again from the start. What it takes in is a function of the events
        it read since it forgot, so it keeps checkpoints of that every
        ``CHECKPOINT_EVERY`` events and, when the events read again begin with the
        same ones, resumes from the last checkpoint they share instead of
        re-watching them: the result is the same, only faster.
        """
        step = view.step
        if step < self._last_step:
            self._restart()
        self._last_step = step
        evs = view.events(self._lo)
        self._lo += len(evs)
        done = self._resume(evs) if self._rewound else 0
        self._rewound = False
        self._watch(evs, done)

    def _resume(self, evs: list[dict[str, Any]]) -> int:
        """After a restart: return to the last checkpoint whose events ``evs`` repeat,
        drop the later ones, and say how many of ``evs`` it covers."""
        c = CHECKPOINT_EVERY
        read, marks = self._read, self._marks
        m = 0
        top = min(len(marks), len(evs) // c)
        while m < top and evs[m * c : (m + 1) * c] == read[m * c : (m + 1) * c]:
            m += 1
        del marks[m:]
        del read[m * c :]
        if m:
            mark = marks[m - 1]
            self.memory = mark.memory.copy()
            self.working = dict(mark.working)
            self.last_reveal = dict(mark.last_reveal)
            self.search_key = mark.search_key
            self._last_n = mark.last_n
            self.searcher = mark.searcher
            self.turn_reveals = dict(mark.turn_reveals)
            self.turns = [(q, dict(r)) for q, r in mark.turns]
        return m * c

    def _watch(self, evs: list[dict[str, Any]], start: int) -> None:
        """Take in ``evs[start:]``, keeping a checkpoint every ``CHECKPOINT_EVERY`` events."""
        read = self._read
        while start < len(evs):
            part = evs[start : start + CHECKPOINT_EVERY - len(read) % CHECKPOINT_EVERY]
            self._take_in(part)
            read.extend(part)
            start += len(part)
            if len(read) % CHECKPOINT_EVERY == 0:
                self._marks.append(
                    Watched(
                        self.memory.copy(),
                        dict(self.working),
                        dict(self.last_reveal),
                        self.search_key,
                        self._last_n,
                        self.searcher,
                        dict(self.turn_reveals),
                        [(q, dict(r)) for q, r in self.turns],
                    )
                )

    def _take_in(self, evs: list[dict[str, Any]]) -> None:
        """Encode the public events not taken in yet (ramses:12.3)."""
        mem = self.memory
        for e in evs:
            n = e.get("n")
            if n is None or n <= self._last_n:
                continue
            self._last_n = n
            k = e["kind"]
            if k == "action" and "token" in e:  # a slide and its reveal (ramses:6.4)
                place, tok = e["action"]["place"], _tnum(e["token"])
                mem.encode(place, tok)
                self.working[place] = tok
                if tok:
                    self.last_reveal[tok] = n
            elif k == "search_started":
                place, tok = e["empty"], _tnum(e["showing"])
                if e["searcher"] == self.searcher:  # the same turn goes on
                    self.turn_reveals.update(self.working)
                else:
                    if self.searcher >= 0:
                        self.turns.append((self.searcher, {**self.turn_reveals, **self.working}))
                        del self.turns[:-RECENT_TURNS]
                    self.turn_reveals = {}
                self.searcher = e["searcher"]
                self.working = {place: tok}
                mem.encode(place, tok)
                if tok:
                    self.last_reveal[tok] = n
                self.recalled = None
                self.search_key = n
            elif k == "rotated":
                mem.rotated(e["quarter"])
                self.recalled = None
            elif k == "turn_ended":
                mem.turn_ended()
            elif k == "find":
                mem.owner_seen(e["seat"], _tnum(e["treasure"]), e["stack"])
            elif k == "card_transferred" and "treasure" in e:
                t = _tnum(e["treasure"])
                mem.owner_lost(e["from"], t, e.get("stack", 0))
                mem.owner_seen(e["to"], t, e.get("stack", 0))

    def _known(self, view: PlayerView, rng: random.Random, obs: dict[str, Any]) -> dict[int, int]:
        """Recall (once per search context / rotation) plus working memory.

        The block rules of ramses:12.5 (``memory.infer``) are not added here: the only
        places they fill are a located block's other places (blank) and a block's last
        unknown place (its treasure), and :meth:`_plan_map` already treats exactly
        those places so, so the choices are the same without them.
        """
        if self.recalled is None:
            o = view.options
            self.recalled = self.memory.recall(
                rng, bool(o.professional), float(o.pro_rotation_factor)
            )
        known = dict(self.recalled)
        # what the table showed since its own last turn began, exactly (a person remembers
        # the last round), then this search's reveals; a treasure placed by them is dropped
        # from where recall put it
        exact: dict[int, int] = {}
        mine = [i for i, (q, _) in enumerate(self.turns) if q == view.seat]
        for _, reveals in self.turns[mine[-1] if mine else len(self.turns) :]:
            exact.update(reveals)
        exact.update(self.turn_reveals)
        exact.update(self.working)
        for p, t in exact.items():
            if t != BLANK:
                for q in [q for q, x in known.items() if x == t and q != p]:
                    del known[q]
        known.update(exact)
        known[obs["empty"]["place"]] = _tnum(obs["showing"])
        return known

    # -- deciding -----------------------------------------------------------------------
    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose an action for ``view.seat``."""
        self.observe(view)
        legal = view.legal_actions()
        first = legal[0]
        if len(legal) == 1:
            return first
        obs = view.observation()
        if isinstance(first, Slide):
            return self._slide(view, rng, obs, legal)
        if isinstance(first, GiftDeclare):
            return self._gift(view, rng, obs)
        if isinstance(first, RiskDeclare):
            return self._risk(view, rng, obs, legal)
        if isinstance(first, PokerDeclare):
            return self._poker(view, obs, legal)
        if isinstance(first, GiveCard):
            return self._give(view, obs, legal)
        if isinstance(first, (PlaceTreasure, Draw)):
            return legal[rng.randrange(len(legal))]
        return first

    def _neigh(self, view: PlayerView) -> tuple[tuple[int, ...], ...]:
        return NEIGHBOURS_DIAG if view.options.allow_diagonal_slides else NEIGHBOURS

    def _plan_map(self, known: dict[int, int]) -> tuple[list[float], list[int]]:
        """risk(Y) of ramses:12.6 for every place, and the places that may hide a treasure
        not remembered: the unknown places of the blocks whose treasure is not located.

        A known treasure costs 1; a known blank 0; an unknown place 0.25 without the
        block rule, else its share of its block's treasure: 0 once the block's treasure
        is located, 1/(unknown places) before (so the last unknown place of a block
        costs 1, like the spot ``infer`` marks).
        """
        risk = [0.0] * PLACES
        located = [False] * 12
        count = [0] * 12  # known places per block
        for p, t in known.items():
            b = BLOCK[p]
            count[b] += 1
            if t != BLANK:
                risk[p] = 1.0
                located[b] = True
        block_rule = self.level.use_block_rule
        hidden: list[int] = []
        for b, n in enumerate(count):
            if n == 4:
                continue
            unknown = [p for p in BLOCK_PLACES[b] if p not in known]
            if not located[b]:
                hidden += unknown
            share = 0.0 if located[b] else 1.0 / len(unknown)
            if not block_rule:
                share = 0.25
            for p in unknown:
                risk[p] = share
        return risk, hidden

    def _dijkstra(
        self, start: int, risk: list[float], w: float, neigh: tuple[tuple[int, ...], ...]
    ) -> tuple[list[float], list[int]]:
        """Cheapest routes from ``start``: entering place v costs ``1 + w * risk[v]``."""
        weight = [w * r for r in risk]
        dist = [math.inf] * PLACES
        pred = [-1] * PLACES
        dist[start] = 0.0
        heap = [(0.0, start)]
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, u = pop(heap)
            if d > dist[u]:
                continue
            d1 = d + 1.0
            for v in neigh[u]:
                nd = d1 + weight[v]
                if nd < dist[v]:
                    dist[v] = nd
                    pred[v] = u
                    push(heap, (nd, v))
        return dist, pred

    def _cheapest(
        self,
        start: int,
        risk: list[float],
        w: float,
        neigh: tuple[tuple[int, ...], ...],
        targets: list[int],
    ) -> tuple[int, list[int]]:
        """The target cheapest to reach from ``start`` by (cost, place), the cost not
        counting the target's own risk, and the routes (``pred``) found on the way.

        The same Dijkstra as :meth:`_dijkstra`, stopped early. Entering a place costs
        the same from every side, so a place's distance is final when it is first
        reached; a target not reached yet will cost at least the distance being
        settled plus 1, so once that exceeds the best target reached (with 1e-6 to
        spare for rounding; distances stay below 1e6 here) the answer is known.
        """
        weight = [w * r for r in risk]
        wanted = [False] * PLACES
        for p in targets:
            wanted[p] = True
        dist = [math.inf] * PLACES
        pred = [-1] * PLACES
        dist[start] = 0.0
        heap = [(0.0, start)]
        best = (math.inf, -1)
        pop, push = heapq.heappop, heapq.heappush
        while heap:
            d, u = pop(heap)
            if d > dist[u]:
                continue
            d1 = d + 1.0
            if d1 > best[0] + 1e-6:
                break
            for v in neigh[u]:
                nd = d1 + weight[v]
                if nd < dist[v]:
                    dist[v] = nd
                    pred[v] = u
                    push(heap, (nd, v))
                    if wanted[v] and (nd - weight[v], v) < best:
                        best = (nd - weight[v], v)
        return best[1], pred

    def _path_costs(
        self, start: int, risk: list[float], w: float, neigh: tuple[tuple[int, ...], ...]
    ) -> list[float]:
        """Costs of reaching each place as the target (entering it costs 1)."""
        dist, _ = self._dijkstra(start, risk, w, neigh)
        to = [d - w * r for d, r in zip(dist, risk, strict=True)]
        to[start] = 0.0
        return to

    def _slide(
        self, view: PlayerView, rng: random.Random, obs: dict[str, Any], legal: list[Action]
    ) -> Action:
        """ramses:12.6: plan a route for the empty place to the target and take one step."""
        known = self._known(view, rng, obs)
        s = obs["search"]
        target = _tnum(s["target"])
        w = self.level.w_base * (20 if s.get("stack") in view.options.elimination_stacks else 1)
        empty = obs["empty"]["place"]
        risk, hidden = self._plan_map(known)
        x = next((p for p, t in known.items() if t == target and p != empty), None)
        if x is not None:
            targets = [x]
        else:
            # look where it may hide; else where nothing is known; else (memory must be
            # wrong somewhere) any place not uncovered in this search, blanks first by
            # risk. Never a place this search already uncovered: that loops for ever.
            targets = (
                hidden
                or [p for p in range(PLACES) if p != empty and p not in known]
                or [p for p in range(PLACES) if p != empty and p not in self.working]
            )
        if not targets:
            return legal[rng.randrange(len(legal))]
        step, pred = self._cheapest(empty, risk, w, self._neigh(view), targets)
        while pred[step] != empty and pred[step] != -1:
            step = pred[step]
        for a in legal:
            if isinstance(a, Slide) and a.place == step:
                return a
        return legal[rng.randrange(len(legal))]

    def _gift(self, view: PlayerView, rng: random.Random, obs: dict[str, Any]) -> Action:
        """ramses:12.7 Gift: the treasure other seats most likely hold and we can find."""
        known = self._known(view, rng, obs)
        where = {t for t in known.values() if t > 0}
        me = view.seat
        best, best_score = 1, -1.0
        for t in range(1, 13):
            conf = 1.0 if t in where else 0.3
            score = sum(self.memory.holds(q, t) * conf for q in range(view.num_players) if q != me)
            if score > best_score:
                best, best_score = t, score
        return GiftDeclare(best)

    def _risk(
        self, view: PlayerView, rng: random.Random, obs: dict[str, Any], legal: list[Action]
    ) -> Action:
        """ramses:12.7 Risk: the two nearest recalled hidden treasures, best order first."""
        known = self._known(view, rng, obs)
        show = _tnum(obs["showing"])
        empty = obs["empty"]["place"]
        neigh = self._neigh(view)
        w = self.level.w_base
        risk, _ = self._plan_map(known)
        cost = self._path_costs(empty, risk, w, neigh)
        spots = {t: p for p, t in known.items() if t > 0 and t != show}
        near = sorted(spots, key=lambda t: (cost[spots[t]], t))[:2]
        if len(near) == 2:
            a, b = near
            ca = self._path_costs(spots[a], risk, w, neigh)
            cb = self._path_costs(spots[b], risk, w, neigh)
            if cost[spots[b]] + cb[spots[a]] < cost[spots[a]] + ca[spots[b]]:
                a, b = b, a
            return RiskDeclare(a, b)
        rest = [t for t in range(1, 13) if t != show and t not in near]
        rng.shuffle(rest)
        pick = (near + rest)[:2]
        return RiskDeclare(pick[0], pick[1])

    def _poker(self, view: PlayerView, obs: dict[str, Any], legal: list[Action]) -> Action:
        """ramses:12.7 Poker: the treasure revealed longest ago, against the richest opponent."""
        show = _tnum(obs["showing"])
        t = min(
            (x for x in range(1, 13) if x != show), key=lambda x: (self.last_reveal.get(x, 0), x)
        )
        me = view.seat
        n = view.num_players
        order = [(me + k) % n for k in range(1, n)]
        opps = [q for q in order if not obs["eliminated"][q]]
        counts = obs["hand_counts"]
        q = max(opps, key=lambda s: (counts[s], -order.index(s)))
        return PokerDeclare(t, q)

    def _give(self, view: PlayerView, obs: dict[str, Any], legal: list[Action]) -> Action:
        """ramses:12.7 Giving: the cheapest card; the Risk penalty to the poorest opponent."""
        hand = {c["card"]: c for c in obs["hand"]}

        def cheap(a: GiveCard) -> tuple[int, int, int]:
            c = hand[a.card]
            return (c["value"], _tnum(c["treasure"]), a.card)

        gives = [a for a in legal if isinstance(a, GiveCard)]
        if gives[0].to is None:
            return min(gives, key=cheap)
        me, n = view.seat, view.num_players
        order = [(me + k) % n for k in range(1, n)]
        counts = obs["hand_counts"]
        tos = {a.to for a in gives if a.to is not None}
        r = min(tos, key=lambda s: (counts[s], order.index(s)))
        return min((a for a in gives if a.to == r), key=cheap)


class RamsesHeuristic(MemoryBot):
    """The game's heuristic player: the medium memory level."""

    def __init__(self) -> None:
        super().__init__("medium")


class TableBot(MemoryBot):
    """The hint's player: it remembers nothing and reads only the table as it is now
    (the token at the empty place, the pyramids, the cards in view), never the events
    of the past, so a hint never recalls for a person where a treasure lies."""

    def __init__(self) -> None:
        super().__init__("medium")

    def observe(self, view: PlayerView) -> None:
        """Forget everything: what was watched is the person's to remember."""
        self._restart()
        self._rewound = False


__all__ = ["LEVELS", "MemoryBot", "RamsesHeuristic", "TableBot"]
