"""Computer players of Fluch der Mumie.

* :class:`MummyHeuristic` (level ``heuristic``): an explorer that heads for the symbols
  of its cards, keeps away from the mummy and slides with the arrow when that is best;
  a mummy that patrols the unplayed symbols the explorers still need and the fields
  where explorers were last seen (card plays), without any deduction.
* :class:`MummyBelief` (level ``belief``): the same explorer; a mummy that keeps the set
  belief of mummy:17 over every explorer's possible fields, fed by every public event,
  and plans each move to step onto the most likely fields.

Both use only the seat's :class:`~obelisk.core.PlayerView`.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import Any

from obelisk.core import Action, PlayerView

from .actions import Arrow, Choose, Move, Play, Reroll, Resolve, Step
from .belief import Belief
from .board import DIRECTIONS, Board
from .components import ARROW, NUMBER_FACES, SYMBOLS
from .maze import board_source
from .maze import load as load_maze
from .rules import move_action

_BIG = 10**6
_REROLL = Reroll()


def _cell(board: Board, rc: list[int]) -> int:
    return board.cell(rc[0], rc[1])


def new_events(view: PlayerView, seen: int) -> list[dict[str, Any]]:
    """The seat's events after the first ``seen`` of them (``view.events(start)`` counts
    ``start`` among the events this seat saw)."""
    return view.events(seen)


#: The prebuilt actions the explorer returns (actions are immutable values).
_ARROW_ACTIONS = tuple(Arrow(d) for d in DIRECTIONS)
_DIR_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}


class _Moves:
    """Where the current figure can go this turn, worked out once per decision from the
    explorer's observation (mummy:8): the end fields of each number and of each slide."""

    __slots__ = ("arrows", "board", "numbers")

    def __init__(self, board: Board, obs: dict[str, Any], options: Any) -> None:
        self.board = board
        f = obs["turn"]["figure"]
        cols = board.cols
        pos = [None if p is None else p[0] * cols + p[1] for p in obs["positions"]]
        p0 = pos[f]
        assert p0 is not None
        mummy = _cell(board, obs["mummy"])
        others = 0
        for g, p in enumerate(pos):
            if g != f and p is not None:
                others |= 1 << p
        passable = board.full & ~(1 << mummy)
        if not options.allow_cross_start_dungeon:
            passable &= ~board.sv_mask
        forbid = board.sv_mask | others | (0 if options.allow_return_to_origin else 1 << p0)
        #: ``numbers[k - 1]``: the bit set of end fields of a walk of exactly ``k`` steps.
        self.numbers = [r & ~forbid for r in board.walks(p0, passable)]
        #: ``(direction, end field)`` of every slide that moves the figure.
        self.arrows = board.slides(p0, (1 << mummy) | board.sv_mask | others)

    def ends(self, face: str) -> list[int]:
        """The end fields of every legal move of ``face``, in the engine's order."""
        if face == ARROW:
            return [end for _, end in self.arrows]
        return self.board.cells_of(self.numbers[NUMBER_FACES[face] - 1])

    def options(self, face: str) -> list[tuple[Action, int]]:
        """(action, end field) of every legal move of ``face``, in the engine's order."""
        if face == ARROW:
            return [(_ARROW_ACTIONS[d], end) for d, end in self.arrows]
        return [(move_action(self.board, c), c) for c in self.ends(face)]


class MummyHeuristic:
    """Plays either side by rules of thumb: an explorer heads for the symbols of its cards
    and keeps away from the mummy; the mummy patrols the symbols the explorers still need
    and the fields where cards were last played.

    See the module docstring for the details."""

    def __init__(self) -> None:
        self._board: Board | None = None
        self._recent: dict[int, float] = {}
        self._hseen = 0
        self._step = -1

    def reset(self) -> None:
        """Forget the previous game."""
        self.__init__()  # type: ignore[misc]

    def _track(self, view: PlayerView, obs: dict[str, Any]) -> None:
        """Recent card plays (exact explorer fields), fading each time the mummy acts.

        The plays are read from the events that are new since the last call. When the view
        jumps back (a new game, or a search restarting from an earlier position), the mummy
        starts over from the table instead of reading the whole history again: every card
        already played counts as just seen, in seat order."""
        step = view.step
        if step < self._step:
            self.reset()
            board = self.board(view)
            seen = [board.symbol_cell[x] for cards in obs["played"][1:] for x in cards]
        else:
            board = self.board(view)
            events = new_events(view, self._hseen) if step > self._hseen else []
            seen = [
                _cell(board, e["cell"]) for e in events if e["kind"] == "moved" and e.get("card")
            ]
        self._step = self._hseen = step
        for c in list(self._recent):
            self._recent[c] *= 0.8
        for c in seen:
            self._recent[c] = self._recent.get(c, 0.0) + 3.0

    def board(self, view: PlayerView) -> Board:
        """The maze of the game this player is in."""
        if self._board is None:
            self._board = load_maze(board_source(view.options))
        return self._board

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose an action for ``view.seat`` (the mummy or an explorer)."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        obs = view.observation()
        if view.seat == 0:
            return self.mummy_act(view, obs, legal, rng)
        return self.explorer_act(view, obs, legal, rng)

    # -- explorer ------------------------------------------------------------------------
    def _value(
        self, board: Board, obs: dict[str, Any], cell: int, targets: list[int], bold: bool = False
    ) -> float:
        """How good it is for the figure to stand on ``cell`` after its move. A ``bold``
        explorer ignores the mummy (now and then, so that a guarded symbol is reached)."""
        return self._valuer(board, obs, targets, bold)(cell)

    def _valuer(
        self, board: Board, obs: dict[str, Any], targets: list[int], bold: bool
    ) -> Callable[[int], float]:
        """:meth:`_value` for one decision, as a function of the field."""
        dist = board.dist
        md_row = board.mummy_dist[_cell(board, obs["mummy"])]
        reach = 3.5 + obs["aside"]
        far = reach + 3

        def value(cell: int) -> float:
            v = -float(min(map(dist[cell].__getitem__, targets)) if targets else 0)
            if cell in targets:
                v += 25.0
            if bold:
                return v
            md = md_row[cell]
            if md <= reach:
                v -= 12.0 - md
            elif md <= far:
                v -= 3.0
            return v

        return value

    def _options(
        self, board: Board, obs: dict[str, Any], view: PlayerView, face: str
    ) -> list[tuple[Action, int]]:
        """(action, end field) of every legal move of ``face`` for the current figure."""
        return _Moves(board, obs, view.options).options(face)

    def explorer_act(
        self, view: PlayerView, obs: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action:
        """Resolve when the mummy is far, else roll for the move that brings the figure
        closest to a symbol of its cards away from the mummy (mummy:7, mummy:8)."""
        board = self.board(view)
        f = obs["turn"]["figure"]
        targets = [board.symbol_cell[x] for x in obs["hand"] if x in board.symbol_cell]
        first = legal[0]
        if isinstance(first, Resolve):
            mummy = _cell(board, obs["mummy"])
            mine = [
                _cell(board, p)
                for g, p in enumerate(obs["positions"])
                if p is not None and obs["figures"][g]["seat"] == view.seat
            ]
            near = min(board.mummy_dist[mummy][c] for c in mine)
            return Resolve(near > obs["aside"] + 1)
        if isinstance(first, Play):
            return Play(True) if Play(True) in legal else first
        bold = rng.random() < 0.2
        value = self._valuer(board, obs, targets, bold)
        if isinstance(first, (Move, Arrow)):
            options: list[tuple[Action, int]]
            if isinstance(first, Move):  # a number move names its end field
                options = [(a, board.cell(a.row, a.col)) for a in legal if isinstance(a, Move)]
            else:
                options = _Moves(board, obs, view.options).options(obs["announced"])
            best: Action | None = None
            best_v = 0.0
            for a, end in options:
                v = value(end) + rng.random() * 0.01
                if best is None or v > best_v:
                    best, best_v = a, v
            return best if best is not None and best in legal else rng.choice(legal)
        if isinstance(first, (Choose, Reroll)):
            stay = value(_cell(board, obs["positions"][f]))
            moves = _Moves(board, obs, view.options)
            best_v, best_a = -float(_BIG), None
            for a in legal:
                if not isinstance(a, Choose):
                    continue
                for end in moves.ends(a.face):
                    v = value(end)
                    if v > best_v:
                        best_v, best_a = v, a
            if best_a is None:
                return _REROLL
            if best_v < stay - 1 and obs["rolls"] < 3 and obs["aside"] <= 2 and _REROLL in legal:
                return _REROLL
            return best_a
        return rng.choice(legal)

    # -- mummy ---------------------------------------------------------------------------
    def weights(self, view: PlayerView, obs: dict[str, Any]) -> dict[int, float]:
        """Where explorers are likely to be, without deduction: the unplayed symbols of the
        colours they still hold, and the fields of recent card plays."""
        symbol_cell = self.board(view).symbol_cell
        w: dict[int, float] = {}
        played = {x for h in obs["played"] for x in h}
        holders: dict[str, int] = {}
        for cols in obs["hand_colours"][1:]:  # the explorer seats
            for c in cols:
                holders[c] = holders.get(c, 0) + 1
        for x, (col, _) in SYMBOLS.items():
            k = holders.get(col)
            if not k or x in played or x not in symbol_cell:
                continue
            w[symbol_cell[x]] = w.get(symbol_cell[x], 0.0) + k
        for c, heat in self._recent.items():
            w[c] = w.get(c, 0.0) + heat
        return w

    def mummy_act(
        self, view: PlayerView, obs: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action:
        """Step towards the field of most weight per distance (see :meth:`weights`)."""
        board = self.board(view)
        self._track(view, obs)
        here = _cell(board, obs["mummy"])
        w = self.weights(view, obs)
        md = board.mummy_dist
        row = md[here]
        best, best_score = None, -1.0
        for c, x in w.items():
            d = row[c]
            if d == 0 or d >= _BIG:
                continue
            score = x / (1.0 + d)
            if score > best_score:
                best, best_score = c, score
        steps = [a for a in legal if isinstance(a, Step)]
        if best is None or not steps:
            return rng.choice(legal)
        chosen, low = steps[0], 0.0
        for i, a in enumerate(steps):
            nxt = board.nbr[_DIR_INDEX[a.direction]][here]
            v = md[nxt][best] + rng.random() * 0.1
            if i == 0 or v < low:
                chosen, low = a, v
        return chosen


class MummyBelief(MummyHeuristic):
    """A mummy that works out where each explorer can be from what it announces, and
    walks onto the likeliest fields; its explorers play like the heuristic level.

    The belief is the one of mummy:17, fed by every public event (explorers play as
    :class:`MummyHeuristic`)."""

    #: The belief she keeps (a looser one makes a weaker mummy, see the companion's levels).
    belief_type: type[Belief] = Belief

    def __init__(self) -> None:
        super().__init__()
        self.belief: Belief | None = None
        self._bstep = -1
        self._seen = 0
        self._mummy = -1
        self._figure = 0
        self._face = ""
        self._holds: list[set[str]] = []

    def update(self, view: PlayerView) -> Belief:
        """Feed the new events into the belief (mummy:17), in game order."""
        board = self.board(view)
        if view.step < self._bstep:
            self.belief, self._seen = None, 0
        self._bstep = view.step
        events = new_events(view, self._seen)
        self._seen += len(events)
        for e in events:
            k = e["kind"]
            if k == "setup":
                o = view.options
                self.belief = self.belief_type(
                    board, len(e["figures"]), o.allow_cross_start_dungeon, o.allow_return_to_origin
                )
                self._mummy = _cell(board, e["mummy"])
                continue
            b = self.belief
            if b is None:
                continue
            if k == "turn":
                self._figure = e["figure"]
            elif k == "action":
                kind = e["action"]["kind"]
                if kind == "step":
                    self._mummy = _cell(board, e["cell"])
                    b.step(self._mummy)
                elif kind == "choose":
                    self._face = e["action"]["face"]
            elif k == "moved":
                f = e["figure"]
                if e["face"] == ARROW:
                    b.arrow(f, self._mummy)
                else:
                    b.number(f, NUMBER_FACES[e["face"]], self._mummy)
                if e.get("card"):
                    b.exact(f, _cell(board, e["cell"]))
            elif k == "cannot_move":
                b.cannot_move(e["figure"], self._mummy)
            elif k == "announce_failed":  # no complete walk of that face (mummy:7.2)
                b.cannot_use(e["figure"], e["face"], self._mummy)
            elif k == "capture":
                if e["eliminated"]:
                    for g in range(len(b.cells)):
                        if view.observation()["figures"][g]["seat"] == e["seat"]:
                            b.eliminate(g)
                else:
                    b.capture(e["figure"])
        assert self.belief is not None
        return self.belief

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        if view.seat == 0:
            self.update(view)
        return super().act(view, rng)

    def mummy_act(
        self, view: PlayerView, obs: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action:
        board = self.board(view)
        b = self.update(view)
        here = _cell(board, obs["mummy"])
        steps = [a for a in legal if isinstance(a, Step)]
        if not steps:
            return rng.choice(legal)
        left = obs.get("mummy_move", {}).get("steps_left", 1)
        # probability mass of explorers per field
        w = [0.0] * board.size
        played = {x for h in obs["played"] for x in h}
        mandatory = view.options.card_play_mandatory
        for g, cells in enumerate(b.cells):
            seat = obs["figures"][g]["seat"]
            cl = [c for c in board.cells_of(cells) if c not in (board.start, board.dungeon)]
            if not cl:
                continue
            colours = obs["hand_colours"][seat]
            ws = []
            for c in cl:
                share = 1.0
                sym = board.cell_symbol[c]
                if mandatory and sym and sym not in played and colours.get(SYMBOLS[sym][0]):
                    share = 0.4  # "no card" there: less likely (mummy:17)
                ws.append(share)
            tot = sum(ws)
            for c, share in zip(cl, ws, strict=True):
                w[c] += share / tot
        # value iteration over the remaining steps (first visits only approximately)
        support = [c for c in range(board.size) if w[c] > 0]
        md = board.mummy_dist
        value = [0.0] * board.size
        if support:
            for x in range(board.size):
                if md[here][x] <= left + 1:
                    value[x] = 0.05 * sum(
                        w[c] / (1.0 + md[x][c]) for c in support if md[x][c] < _BIG
                    )
        ball = [x for x in range(board.size) if md[here][x] <= left]
        for _ in range(left - 1):
            new = list(value)
            for x in ball:
                best = 0.0
                for d in board.mummy_dirs[x]:
                    y = board.nbr[d][x]
                    v = w[y] + 0.9 * value[y]
                    if v > best:
                        best = v
                new[x] = best
            value = new
        scored = []
        for a in steps:
            y = board.nbr[DIRECTIONS.index(a.direction)][here]
            scored.append((w[y] + 0.9 * value[y] + rng.random() * 1e-6, a))
        return max(scored, key=lambda t: t[0])[1]
