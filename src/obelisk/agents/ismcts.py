"""Information-set Monte Carlo tree search: one generic searcher for every game.

This is single-observer ISMCTS (Cowling, Powley and Whitehouse, 2012). The
agent deciding for seat *s* builds one tree over *s*'s information sets.
Each iteration

1. samples a determinization, ``view.determinize(rng)``: a full state in
   which everything *s* cannot know is re-drawn (a game that has a better
   than uniform sampler, a belief or a memory model, offers it through its
   own ``determinize``, and the search uses whatever that gives);
2. walks down the tree from the root. An edge is a legal action (actions
   are hashable values, so the action itself is the key); at each node only
   the actions legal in *this* determinization are candidates, and each
   candidate's *availability* count goes up, so the bandit is the
   subset-armed UCB of the paper:
   ``mean + c * sqrt(ln(availability) / visits)`` with ``c = 0.7``
   (about 1/sqrt(2), the constant for rewards in [0, 1]);
3. adds one new child for an untried legal action;
4. plays out the rest of the game with the rollout policy (the game's
   heuristic player, or uniform random), up to a depth cap (on a quiet copy,
   ``State.quiet``, when the policy reads no events); a game that is
   not over at the cap is scored by :func:`evaluate` (the standing, by
   ``State.standing()``);
5. backs up ``returns()`` (1 win, 0 loss, ties shared): each edge is credited
   with the reward of the seat that chose it.

The budget is a number of iterations, a number of seconds, or both
(whichever runs out first). With an iteration budget only, the choice is a
function of the view and the rng alone. The tree is kept between the moves
of one game: at the next decision the agent follows the actions announced
in its own events since then and keeps that subtree; a move it was not shown
(a secret move announced only as a shadow event) makes it start afresh.

The agent never touches the real state: everything goes through the
:class:`~obelisk.core.PlayerView` of its seat.
"""

from __future__ import annotations

import json
import math
import random
import time
from typing import Any

from obelisk.core import Action, Agent, Game, InvalidOptions, PlayerView, State, reads_events

#: The UCB exploration constant for rewards in [0, 1].
DEFAULT_C = 0.7
#: The named levels' trust in the heuristic (see ``ISMCTSAgent(prior=…)``).
DEFAULT_PRIOR = 0.3
#: Rollout policies by name.
ROLLOUTS = ("heuristic", "random")


class Node:
    """One information set of the observer's tree: children by action, statistics per edge."""

    __slots__ = ("avail", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Action, Node] = {}
        #: Sum of the rewards credited to the seat that chose the edge into this node.
        self.total = 0.0
        self.visits = 0
        #: How often this edge was legal when its parent was visited.
        self.avail = 0

    def size(self) -> int:
        """The number of nodes in this subtree (for tests and statistics)."""
        return 1 + sum(c.size() for c in self.children.values())


def evaluate(state: State) -> list[float]:
    """A reward per seat in [0, 1]: ``returns()`` at the end, else the standing by score.

    Before the end, from ``standing()`` (``scores()`` unless the game measures
    progress its own way): a seat's reward is its mean, over the
    opponents, of ``1 / (1 + exp(-(mine - theirs) / scale))`` with
    ``scale = max(1, (|mine| + |theirs|) / 4)``: an even score gives 0.5, a
    lead of a quarter of the points on the table about 0.73. Cooperative
    games share the mean.
    """
    if state.is_terminal():
        return state.returns()
    sc = state.standing()
    n = len(sc)
    if n < 2:
        return [0.5] * n
    out = []
    for i, s in enumerate(sc):
        total = 0.0
        for j, t in enumerate(sc):
            if j != i:
                scale = max(1.0, (abs(s) + abs(t)) / 4.0)
                total += 1.0 / (1.0 + math.exp(-(s - t) / scale))
        out.append(total / (n - 1))
    if state.game.capabilities.cooperative:
        mean = sum(out) / n
        return [mean] * n
    return out


class ISMCTSAgent:
    """Single-observer information-set MCTS (see the module docstring).

    ``iterations`` and ``seconds`` bound the search (at least one must be
    given; with both, whichever runs out first). ``rollout`` is
    ``"heuristic"`` (the game's heuristic player, falling back to random when
    the game has none) or ``"random"``; ``epsilon`` is the chance of a random
    move inside a heuristic rollout. ``max_rollout`` caps the moves of one
    rollout (default: the game's ``rollout_depth``), after which
    :func:`evaluate` scores the position. ``reuse``
    keeps the tree between the moves of one game. ``prior`` trusts the game's
    heuristic: its own choice for the position gets ``prior × iterations``
    extra visits when the final move is picked, so the search overrules the
    heuristic only when it has clearly found better (0: no bonus).
    """

    def __init__(
        self,
        game: Game,
        iterations: int | None = 1000,
        seconds: float | None = None,
        c: float = DEFAULT_C,
        rollout: str = "heuristic",
        epsilon: float = 0.0,
        max_rollout: int | None = None,
        reuse: bool = True,
        prior: float = 0.0,
        name: str = "ismcts",
    ) -> None:
        if iterations is None and seconds is None:
            raise InvalidOptions("an ISMCTS budget needs iterations, seconds or both")
        if iterations is not None and iterations < 1:
            raise InvalidOptions(f"ISMCTS iterations must be at least 1, not {iterations}")
        if seconds is not None and seconds <= 0:
            raise InvalidOptions(f"ISMCTS seconds must be positive, not {seconds}")
        if rollout not in ROLLOUTS:
            raise InvalidOptions(f"unknown rollout '{rollout}'; choose {', '.join(ROLLOUTS)}")
        if not 0.0 <= epsilon <= 1.0:
            raise InvalidOptions(f"epsilon must be in [0, 1], not {epsilon}")
        if prior < 0:
            raise InvalidOptions(f"prior must be 0 or more, not {prior}")
        if max_rollout is None:
            max_rollout = game.rollout_depth
        if max_rollout < 0:
            raise InvalidOptions(f"max_rollout must be 0 or more, not {max_rollout}")
        self.game = game
        self.iterations = iterations
        self.seconds = seconds
        self.c = c
        self.rollout = rollout
        self.epsilon = epsilon
        self.max_rollout = max_rollout
        self.reuse = reuse
        self.prior = prior
        self.name = name
        self._policy: Agent | None = game.heuristic_agent() if rollout == "heuristic" else None
        #: Whether each iteration's determinized copy is made quiet (``State.quiet``: no
        #: events built, a faster step): only when the rollout policy reads no events.
        self.quiet_copies = not reads_events(self._policy)
        # the heuristic that advises on the real position (its own instance: a heuristic
        # that remembers what it watched must not see the rollouts)
        self._advisor: Agent | None = game.heuristic_agent() if prior else None
        #: Statistics of the last decision (iterations, seconds, tree size), for benchmarks.
        self.last: dict[str, Any] = {}
        self.reset()

    # -- the agent protocol ------------------------------------------------------
    def reset(self) -> None:
        """Forget the kept tree (a new game)."""
        self._root: Node | None = None
        self._seen = 0  # how many of the seat's events the kept root has accounted for
        self._mark: str | None = None  # the last of those events, to spot a new game
        advisor = getattr(self, "_advisor", None)
        if advisor is not None and hasattr(advisor, "reset"):
            advisor.reset()

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Search within the budget and return the most visited legal action."""
        legal = view.legal_actions()
        if not legal:
            raise InvalidOptions(f"seat {view.seat} has no decision to make now")
        start = time.perf_counter()
        events = view.events()
        root = self._reused_root(view, events)
        if len(legal) == 1:
            self.last = {"iterations": 0, "seconds": 0.0, "reused": root.visits, "capped": False}
            return legal[0]
        reused = root.visits
        deadline = None if self.seconds is None else start + self.seconds
        done = 0
        limit = self.iterations
        while limit is None or done < limit:
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(root, view, rng, deadline)
            done += 1
        favourite = None
        if self._advisor is not None:
            favourite = self._advisor.act(view, rng)
        choice = self._best(root, legal, favourite, self.prior * done)
        self._root = root
        self._seen = len(events)
        self._mark = json.dumps(events[-1], sort_keys=True) if events else None
        self.last = {
            "iterations": done,
            "seconds": time.perf_counter() - start,
            "reused": reused,
            # the time cap stopped the search before the iteration budget
            "capped": limit is not None and done < limit,
            # what the search thought of each choice: (action, visits, mean reward), best first
            "ranking": sorted(
                (
                    (a, n.visits, n.total / n.visits)
                    for a, n in root.children.items()
                    if a in legal and n.visits
                ),
                key=lambda r: -r[1],
            ),
        }
        return choice

    # -- one iteration -------------------------------------------------------------
    def _iterate(
        self, root: Node, view: PlayerView, rng: random.Random, deadline: float | None
    ) -> None:
        state = view.determinize(rng)
        if self.quiet_copies:
            state.quiet()
        node = root
        path: list[tuple[Node, int]] = []  # (edge node, seat that chose it)
        c = self.c
        # selection: descend while every legal action here already has a child
        untried: list[Action] = []
        while not state.is_terminal():
            legal = state.legal_actions()
            children = node.children
            untried = [a for a in legal if a not in children]
            if untried:
                break
            seat = state.current_player
            best = legal[0]
            best_value = -math.inf
            for a in legal:  # every candidate legal here was available
                child = children[a]
                child.avail += 1
                value = child.total / child.visits + c * math.sqrt(
                    math.log(child.avail) / child.visits
                )
                if value > best_value:
                    best_value = value
                    best = a
            node = children[best]
            path.append((node, seat))
            state.apply_unchecked(best)
        # expansion
        if untried:
            seat = state.current_player
            for a in legal:
                if a in node.children:
                    node.children[a].avail += 1
            action = untried[rng.randrange(len(untried))]
            child = Node()
            child.avail = 1
            node.children[action] = child
            node = child
            path.append((node, seat))
            state.apply_unchecked(action)
        # rollout
        self._rollout(state, rng, deadline)
        reward = evaluate(state)
        root.visits += 1
        for n, seat in path:
            n.visits += 1
            n.total += reward[seat]

    def _rollout(self, state: State, rng: random.Random, deadline: float | None) -> None:
        policy = self._policy
        eps = self.epsilon
        for _ in range(self.max_rollout):
            if state.is_terminal():
                return
            if deadline is not None and time.perf_counter() >= deadline:
                return
            legal = state.legal_actions()
            if len(legal) == 1:
                action = legal[0]
            elif policy is None or (eps and rng.random() < eps):
                action = legal[rng.randrange(len(legal))]
            else:
                action = policy.act(PlayerView(state, state.current_player), rng)
            state.apply_unchecked(action)

    # -- choosing and keeping the tree --------------------------------------------
    def _best(
        self, root: Node, legal: list[Action], favourite: Action | None, bonus: float
    ) -> Action:
        best = legal[0]
        key = (-1.0, -math.inf)
        for a in legal:
            child = root.children.get(a)
            if child is None:
                continue
            visits = child.visits + (bonus if a == favourite else 0.0)
            k = (visits, child.total / child.visits if child.visits else 0.0)
            if k > key:
                key = k
                best = a
        return best

    def _reused_root(self, view: PlayerView, events: list[dict[str, Any]]) -> Node:
        """The kept subtree for the position now, or a fresh root."""
        root = self._root
        if not self.reuse or root is None or self._seen > len(events) or self._seen == 0:
            return Node()
        last = json.dumps(events[self._seen - 1], sort_keys=True)
        if last != self._mark:
            return Node()  # another game
        game = view.game
        for e in events[self._seen :]:
            if e.get("kind") != "action":
                continue
            data = e.get("action")
            if data is None:
                return Node()  # a move this seat was not shown
            try:
                action = game.action_from_json(data)
            except Exception:
                return Node()
            child = root.children.get(action)
            if child is None:
                return Node()
            root = child
        # the kept node's own statistics become the new root's
        fresh = Node()
        fresh.children = root.children
        fresh.visits = root.visits
        return fresh

    def __repr__(self) -> str:
        budget = []
        if self.iterations is not None:
            budget.append(f"{self.iterations} iterations")
        if self.seconds is not None:
            budget.append(f"{self.seconds:g} s")
        return f"<ISMCTS {self.name}: {' or '.join(budget)}, rollout {self.rollout}, c={self.c}>"
