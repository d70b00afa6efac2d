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
from typing import Any

from obelisk.core import Action, PlayerView

from .actions import Arrow, Choose, Move, Play, Reroll, Resolve, Step
from .belief import Belief
from .board import DIRECTIONS, Board, load_board
from .components import ARROW, NUMBER_FACES, SYMBOLS

_BIG = 10**6


def _cell(board: Board, rc: list[int]) -> int:
    return board.cell(rc[0], rc[1])


def new_events(view: PlayerView, seen: int) -> list[dict[str, Any]]:
    """The seat's events after the first ``seen`` of them. (``view.events(start)`` counts
    ``start`` in the unredacted list, which a seat cannot know, so fetch all and slice.)"""
    return view.events()[seen:]


class MummyHeuristic:
    """Heuristic player for either side (see the module docstring)."""

    def __init__(self) -> None:
        self._board: Board | None = None
        self._recent: dict[int, float] = {}
        self._hseen = 0
        self._step = -1

    def reset(self) -> None:
        """Forget the previous game."""
        self.__init__()  # type: ignore[misc]

    def _track(self, view: PlayerView) -> None:
        """Recent card plays (exact explorer fields), fading each time the mummy acts."""
        if view.step < self._step:
            self.reset()
        self._step = view.step
        board = self.board(view)
        events = new_events(view, self._hseen)
        self._hseen += len(events)
        for c in list(self._recent):
            self._recent[c] *= 0.8
        for e in events:
            if e["kind"] == "moved" and e.get("card"):
                c = _cell(board, e["cell"])
                self._recent[c] = self._recent.get(c, 0.0) + 3.0

    def board(self, view: PlayerView) -> Board:
        if self._board is None:
            self._board = load_board(view.options.map_file)
        return self._board

    def act(self, view: PlayerView, rng: random.Random) -> Action:
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
        mummy = _cell(board, obs["mummy"])
        d_target = min((board.dist[cell][t] for t in targets), default=0)
        v = -float(d_target)
        if cell in targets:
            v += 25.0
        if bold:
            return v
        md = board.mummy_dist[mummy][cell]
        reach = 3.5 + obs["aside"]
        if md <= reach:
            v -= 12.0 - md
        elif md <= reach + 3:
            v -= 3.0
        return v

    def _options(
        self, board: Board, obs: dict[str, Any], view: PlayerView, face: str
    ) -> list[tuple[Action, int]]:
        """(action, end field) of every legal move of ``face`` for the current figure."""
        o = view.options
        f = obs["turn"]["figure"]
        pos = [None if p is None else _cell(board, p) for p in obs["positions"]]
        p0 = pos[f]
        assert p0 is not None
        mummy = _cell(board, obs["mummy"])
        others = 0
        for g, p in enumerate(pos):
            if g != f and p is not None:
                others |= 1 << p
        if face == ARROW:
            blocked = (1 << mummy) | board.sv_mask | others
            out: list[tuple[Action, int]] = []
            for d in range(4):
                end = board.slide(p0, d, blocked)
                if end != p0:
                    out.append((Arrow(DIRECTIONS[d]), end))
            return out
        passable = board.full & ~(1 << mummy)
        if not o.allow_cross_start_dungeon:
            passable &= ~board.sv_mask
        forbid = board.sv_mask | others | (0 if o.allow_return_to_origin else 1 << p0)
        ends = board.walk_ends(1 << p0, NUMBER_FACES[face], passable) & ~forbid
        return [(Move(*board.rc(c)), c) for c in board.cells_of(ends)]

    def explorer_act(
        self, view: PlayerView, obs: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action:
        board = self.board(view)
        f = obs["turn"]["figure"]
        targets = [board.symbol_cell[x] for x in obs["hand"] if x in board.symbol_cell]
        mummy = _cell(board, obs["mummy"])
        first = legal[0]
        if isinstance(first, Resolve):
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
        if isinstance(first, (Move, Arrow)):
            face = obs["announced"]
            scored = [
                (self._value(board, obs, end, targets, bold) + rng.random() * 0.01, a)
                for a, end in self._options(board, obs, view, face)
            ]
            best = max(scored, key=lambda t: t[0])[1]
            return best if best in legal else rng.choice(legal)
        if isinstance(first, (Choose, Reroll)):
            here = _cell(board, obs["positions"][f])
            stay = self._value(board, obs, here, targets, bold)
            best_v, best_a = -float(_BIG), None
            for a in legal:
                if not isinstance(a, Choose):
                    continue
                for _, end in self._options(board, obs, view, a.face):
                    v = self._value(board, obs, end, targets, bold)
                    if v > best_v:
                        best_v, best_a = v, a
            if best_a is None:
                return Reroll()
            if best_v < stay - 1 and obs["rolls"] < 3 and obs["aside"] <= 2 and Reroll() in legal:
                return Reroll()
            return best_a
        return rng.choice(legal)

    # -- mummy ---------------------------------------------------------------------------
    def weights(self, view: PlayerView, obs: dict[str, Any]) -> dict[int, float]:
        """Where explorers are likely to be, without deduction: the unplayed symbols of the
        colours they still hold, and the fields of recent card plays."""
        board = self.board(view)
        w: dict[int, float] = {}
        played = {x for h in obs["played"] for x in h}
        holders: dict[str, int] = {}
        for s, cols in enumerate(obs["hand_colours"]):
            if s == 0:
                continue
            for c in cols:
                holders[c] = holders.get(c, 0) + 1
        for x, (col, _) in SYMBOLS.items():
            if x in played or x not in board.symbol_cell or not holders.get(col):
                continue
            w[board.symbol_cell[x]] = w.get(board.symbol_cell[x], 0.0) + holders[col]
        for c, heat in self._recent.items():
            w[c] = w.get(c, 0.0) + heat
        return w

    def mummy_act(
        self, view: PlayerView, obs: dict[str, Any], legal: list[Action], rng: random.Random
    ) -> Action:
        board = self.board(view)
        self._track(view)
        here = _cell(board, obs["mummy"])
        w = self.weights(view, obs)
        md = board.mummy_dist
        best, best_score = None, -1.0
        for c, x in w.items():
            d = md[here][c]
            if d == 0 or d >= _BIG:
                continue
            score = x / (1.0 + d)
            if score > best_score:
                best, best_score = c, score
        steps = [a for a in legal if isinstance(a, Step)]
        if best is None or not steps:
            return rng.choice(legal)
        scored = []
        for a in steps:
            nxt = board.nbr[DIRECTIONS.index(a.direction)][here]
            scored.append((md[nxt][best] + rng.random() * 0.1, a))
        return min(scored, key=lambda t: t[0])[1]


class MummyBelief(MummyHeuristic):
    """The deducing mummy of mummy:17 (explorers play as :class:`MummyHeuristic`)."""

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
                self.belief = Belief(
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
                x = 1.0
                sym = board.cell_symbol[c]
                if mandatory and sym and sym not in played and colours.get(SYMBOLS[sym][0]):
                    x = 0.4  # "no card" there: less likely (mummy:17)
                ws.append(x)
            tot = sum(ws)
            for c, x in zip(cl, ws, strict=True):
                w[c] += x / tot
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
