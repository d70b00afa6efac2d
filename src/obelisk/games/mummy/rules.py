"""The state machine of Fluch der Mumie (Curse of the Mummy).

Seat 0 is the mummy; seats 1.. are the explorers in turn order (mummy:5.6). Explorer
*figures* are numbered 0..F-1 in turn order; in the 2-player game seat 1 owns two figures
(mummy:13). A field is a cell index of :class:`~.board.Board`. Rule IDs refer to
``../shared/rules/mummy.md``; see ``docs/rules/mummy.md`` for the rules as implemented.
"""

from __future__ import annotations

from typing import Any, ClassVar

from obelisk.core import TERMINAL, Action, ActionFormatError, Event, seats
from obelisk.core.compiled import mypyc_attr

# State from its own module: mypyc's compiled subclass needs that module imported by name
from obelisk.core.game import State

from .actions import Arrow, Choose, Lost, Move, Play, Reroll, Resolve, Step, Stop
from .belief import Belief
from .board import DIRECTIONS, Board
from .components import (
    ARROW,
    CARD_COLOURS,
    CHOOSABLE,
    FIGURE_COLOURS,
    MUMMY,
    NUM_DICE,
    NUMBER_FACES,
    SYMBOLS,
    SYMBOLS_BY_COLOUR,
    parse_label,
    roll_faces,
)
from .maze import board_source
from .maze import load as load_maze
from .metrics import sim_metrics as _sim_metrics
from .options import MummyOptions

# Phases (mummy:7.5, mummy:15). The automatic ones (forced resolution, immobility check,
# the compulsory first roll, card play) happen inside the step that leads to them.
RESOLVE, CHOOSE, LOST, MOVE, CARD, MUMMY_MOVE, OVER = (
    "resolve",
    "choose",
    "lost",
    "move",
    "card",
    "mummy",
    "over",
)
#: What the mummy and spectators are told of each phase (mummy:14).
PUBLIC_PHASE = {
    RESOLVE: "explorer_turn",
    CHOOSE: "explorer_turn",
    LOST: "explorer_turn",
    MOVE: "explorer_moving",
    CARD: "explorer_moving",
    MUMMY_MOVE: "mummy_move",
    OVER: "over",
}
# What follows a mummy move.
AFTER_TURN, AFTER_NORMAL, AFTER_SECOND = "turn", "normal", "second"

MUMMY_SEAT = 0

_RESOLVE_YES, _RESOLVE_NO = Resolve(True), Resolve(False)
_REROLL, _LOST, _STOP = Reroll(), Lost(), Stop()
_PLAY_YES, _PLAY_NO = Play(True), Play(False)
_CHOOSE = {f: Choose(f) for f in CHOOSABLE}
_STEPS = tuple(Step(d) for d in DIRECTIONS)
_ARROWS = tuple(Arrow(d) for d in DIRECTIONS)
_DIR_INDEX = {d: i for i, d in enumerate(DIRECTIONS)}
#: What a person may type for a direction.
_DIRECTION_NAMES = {
    **{d.lower(): d for d in DIRECTIONS},
    "north": "N",
    "east": "E",
    "south": "S",
    "west": "W",
}
#: The JSON and text forms of each action, computed once (events are written every step).
_FORMS: dict[Action, tuple[dict[str, Any], str]] = {}
#: The mummy's legal steps per (board, may stop early) and field.
_MUMMY_LEGAL: dict[tuple[Board, bool], tuple[tuple[Action, ...], ...]] = {}
#: The public event of the mummy's step in each direction from each field, per board
#: (events are never changed once written, so one object serves every game).
_STEP_EVENTS: dict[Board, tuple[list[Event | None], ...]] = {}
#: The colour counts of each hand seen so far (a hand is a sorted tuple of symbols).
_HAND_COLOURS: dict[tuple[str, ...], dict[str, int]] = {}


@mypyc_attr(allow_interpreted_subclasses=True)
class MummyState(State):
    """A position of Fluch der Mumie."""

    options: MummyOptions
    #: Search only (:meth:`standing`): the most a card not yet played is worth when a
    #: figure stands on its symbol, as a share of a played card.
    NEAR_CARD: ClassVar[float] = 0.5
    #: Search only (:meth:`standing`): steps from a symbol at which its card starts to count.
    NEAR_STEPS: ClassVar[int] = 12

    #: What the mummy and spectators are told of each phase (mummy:14); the table of
    #: the companion (:mod:`.table`) has phases of its own.
    PUBLIC_PHASES: ClassVar[dict[str, str]] = PUBLIC_PHASE
    #: The phases in which the announced face is public (the figure is moving with it).
    ANNOUNCING: ClassVar[frozenset[str]] = frozenset({MOVE, CARD})

    # -- set-up (mummy:5) -------------------------------------------------------------
    def _setup(self) -> None:
        self._lay_out()
        n = self.num_players
        cpc = self._cards_per_colour()
        hands: list[list[str]] = [[] for _ in range(n)]
        for col in CARD_COLOURS:
            pool = list(SYMBOLS_BY_COLOUR[col])
            for s in range(1, n):
                got = self.chance.sample(pool, cpc, f"deal {col}", to=seats(s))
                for x in got:
                    pool.remove(x)
                hands[s].extend(got)
        self.hands: list[tuple[str, ...]] = [tuple(sorted(h)) for h in hands]
        self._announce_setup()
        for s in range(1, n):  # each explorer player learns his own cards (mummy:5)
            self.events.append(Event("hand", self._hand_event(s), seats(s)))
        self._begin_turn(first=True)

    def _cards_per_colour(self) -> int:
        """mummy:5 / mummy:13 task cards of each colour per explorer player."""
        o = self.options
        return o.cards_per_colour_two_player if self.num_players == 2 else o.cards_per_colour

    def _lay_out(self) -> None:
        """mummy:5 everything of the set-up but the task cards: the maze, the figures on
        the start, the ankhs, the mummy on her field, the public belief, the counters.
        The engine and the companion's table (:mod:`.table`) both set up with it."""
        o = self.options
        n = self.num_players
        self.board: Board = load_maze(board_source(o))
        b = self.board
        if n == 2:
            self.fig_seat: tuple[int, ...] = (1, 1)
        else:
            self.fig_seat = tuple(range(1, n))
        self.fig_colour = FIGURE_COLOURS[: len(self.fig_seat)]
        self.explorers = frozenset(range(1, n))
        self.threshold = o.thresholds[n - 2]
        self.pos = [b.start] * len(self.fig_seat)
        per_seat = 2 * o.ankhs_per_explorer if n == 2 else o.ankhs_per_explorer
        self.ankhs = [0] + [per_seat] * (n - 1)
        self.played: list[tuple[str, ...]] = [()] * n
        self.mummy = b.mummy_start
        self.aside = 0
        self.aside_public = 0
        self.dice: tuple[str, ...] = ()
        self.face = ""
        self.rolls = 0
        self.phase = CHOOSE
        self.fig = 0
        self.round = 1
        self.move_left = 0
        self.move_kind = ""
        self.move_cont = ""
        self.dest: tuple[int, ...] = (0, 0, 0, 0)
        self.arrows: tuple[tuple[int, int], ...] = ()
        self.belief = Belief(
            b, len(self.fig_seat), o.allow_cross_start_dungeon, o.allow_return_to_origin
        )
        self.winners_: list[int] = []
        self.reason = ""
        self.nsteps = 0
        self._mummy_steps = _mummy_steps(b, o.mummy_may_stop_early)
        self._legal: tuple[Action, ...] = ()
        self._to_move = 1

    def _announce_setup(self) -> None:
        """The public set-up event (after the cards are dealt: it counts their backs)."""
        b = self.board
        self.events.append(
            Event(
                "setup",
                {
                    "figures": [
                        {"colour": c, "seat": s}
                        for c, s in zip(self.fig_colour, self.fig_seat, strict=True)
                    ],
                    "mummy": list(b.rc(self.mummy)),
                    "start": list(b.rc(b.start)),
                    "threshold": self.threshold,
                    "ankhs": list(self.ankhs),
                    "hand_colours": [self._colours(s) for s in range(self.num_players)],
                },
            )
        )

    # -- small helpers -----------------------------------------------------------------
    def _colours(self, seat: int) -> dict[str, int]:
        """How many cards of each colour the seat holds (card backs are public)."""
        hand = self.hands[seat]
        counts = _HAND_COLOURS.get(hand)
        if counts is None:
            counts = {}
            for x in hand:
                c = SYMBOLS[x][0]
                counts[c] = counts.get(c, 0) + 1
            if len(_HAND_COLOURS) < 20_000:  # bounded: re-deals make many hands
                _HAND_COLOURS[hand] = counts
        return dict(counts)

    def _hand_event(self, seat: int) -> dict[str, Any]:
        """A seat's task cards as an event: each card's symbol, name, colour and field."""
        cells = self.board.symbol_cell
        return {
            "seat": seat,
            "cards": [
                {
                    "symbol": x,
                    "name": SYMBOLS[x][1],
                    "colour": SYMBOLS[x][0],
                    "cell": self._rc(cells[x]) if x in cells else None,
                }
                for x in self.hands[seat]
            ],
        }

    def _who(self, f: int) -> dict[str, Any]:
        """The fields naming figure ``f`` in an event: its index, seat and colour."""
        return {"figure": f, "seat": self.fig_seat[f], "explorer": self.fig_colour[f]}

    def _set(self, phase: str, to_move: int, legal: tuple[Action, ...]) -> None:
        self.phase = phase
        self._to_move = to_move
        self._legal = legal

    def _rc(self, cell: int) -> list[int]:
        return list(divmod(cell, self.board.cols))

    # -- explorer turn (mummy:7) -------------------------------------------------------
    def _begin_turn(self, first: bool = False) -> None:
        f = self.fig
        self.rolls = 0
        self.dice = ()
        self.face = ""
        if self.loud:  # a quiet state builds no events (State.quiet)
            data = self._who(f)
            data["round"] = self.round
            data["first"] = first  # the round's first turn
            self.events.append(Event("turn", data))
        self._turn_checks()

    def _turn_checks(self) -> None:
        """mummy:7.5 steps 1-4: forced resolution, immobility, resolve decision, first roll."""
        f = self.fig
        if self._turn_over_at_once(self.options.forced_resolve_first):
            return
        self._compute_moves()
        if not (self.dest[0] or self.dest[1] or self.dest[2] or self.dest[3] or self.arrows):
            self._cannot_move()
            return
        if self.aside == 5:  # forced_resolve_first=False: immobility was checked first
            self._forced()
            return
        if 1 <= self.aside <= 4:
            self._set(RESOLVE, self.fig_seat[f], (_RESOLVE_YES, _RESOLVE_NO))
            return
        self._roll()

    def _turn_over_at_once(self, forced_first: bool) -> bool:
        """mummy:7.5 step 1: the figure was eliminated by an intermediate move (mummy:7.1),
        so its turn ends, or (when ``forced_first``) five dice aside force the mummy's
        move (mummy:7.0). True when one of them happened."""
        if self.pos[self.fig] < 0:
            self._end_turn()
            return True
        if self.aside == 5 and forced_first:
            self._forced()
            return True
        return False

    def _cannot_move(self) -> None:
        """mummy:7.0b the figure cannot move: the turn ends at once; the announcement is
        public, and the belief learns that no walk and no slide was open."""
        f = self.fig
        self.events.append(Event("cannot_move", self._who(f)))
        self.belief.cannot_move(f, self.mummy)
        self._end_turn()

    def _resolve(self) -> None:
        """mummy:7.1 the dice aside are resolved before the first roll: the mummy moves."""
        if self.loud:
            data = self._who(self.fig)
            data["aside"] = self.aside
            self.events.append(Event("resolve", data))
        self._mummy_move(self.aside, "intermediate", AFTER_TURN)

    def _lost(self) -> None:
        """mummy:11.1 five mummies: the turn is lost, the dice aside are public."""
        self.aside_public = self.aside
        self._end_turn()

    def _forced(self) -> None:
        """mummy:7.0 / 11.1 all five dice were mummies: a 5-step intermediate move."""
        data = self._who(self.fig)
        data["aside"] = self.aside
        self.events.append(Event("forced", data))
        self._mummy_move(self.aside, "forced", AFTER_TURN)

    def _compute_moves(self) -> None:
        """The legal number destinations and arrow slides of the current figure (mummy:8)."""
        b = self.board
        o = self.options
        f = self.fig
        pos = self.pos
        p0 = pos[f]
        others = 0
        for g, p in enumerate(pos):
            if g != f and p >= 0:
                others |= 1 << p
        mb = 1 << self.mummy
        sv = b.sv_mask
        passable = b.full & ~mb
        if not o.allow_cross_start_dungeon:
            passable &= ~sv
        forbid = sv | others
        if not o.allow_return_to_origin:
            forbid |= 1 << p0
        # b.walks written out: the end fields of walks of 1 to 4 steps (mummy:8.1)
        o0, o1, o2, o3 = b.open_mask
        c = b.cols
        r1 = b.adj_mask[p0] & passable
        r2 = ((r1 & o0) >> c | (r1 & o2) << c | (r1 & o1) << 1 | (r1 & o3) >> 1) & passable
        r3 = ((r2 & o0) >> c | (r2 & o2) << c | (r2 & o1) << 1 | (r2 & o3) >> 1) & passable
        r4 = ((r3 & o0) >> c | (r3 & o2) << c | (r3 & o1) << 1 | (r3 & o3) >> 1) & passable
        keep = ~forbid
        self.dest = (r1 & keep, r2 & keep, r3 & keep, r4 & keep)
        self.arrows = b.slides(p0, mb | sv | others)

    def _usable(self, face: str) -> bool:
        if face == ARROW:
            return bool(self.arrows)
        return bool(self.dest[NUMBER_FACES[face] - 1])

    def _roll(self) -> None:
        """mummy:7.2 roll every die not set aside; mummies are set aside at once."""
        m = NUM_DICE - self.aside
        value = self.chance.randint(0, 6**m - 1, "roll", to=self.explorers)
        dice, mummies, shown, faces = _roll_outcome(value, m)
        self.rolls += 1
        before = self.aside
        self.aside += mummies
        self.dice = dice
        seat = self.fig_seat[self.fig]
        # what the explorers saw on the table (the mummy is behind the screen, mummy:14)
        if self.loud:
            f = self.fig
            data = {
                "figure": f,
                "seat": seat,
                "explorer": self.fig_colour[f],
                "faces": faces,
                "before": before,
                "aside": self.aside,
                "reroll": self.rolls > 1,
            }
            self.events.append(Event("rolled", data, self.explorers))
        if self.aside == 5:
            self._set(LOST, seat, (_LOST,))
            return
        if self.options.only_usable_faces:
            # _usable written out for each shown face
            dest = self.dest
            legal: list[Action] = []
            for x in shown:
                if self.arrows if x == ARROW else dest[NUMBER_FACES[x] - 1]:
                    legal.append(_CHOOSE[x])
        else:  # mummy:7.2 the seed: every rolled face may be announced
            legal = [_CHOOSE[x] for x in shown]
        legal.append(_REROLL)
        self._set(CHOOSE, seat, tuple(legal))

    def _choose(self, face: str) -> None:
        """mummy:7.3 the announced face; the figure must now move with it."""
        if not self._usable(face):
            self._fail(face)
            return
        self._announce_move(face)

    def _announce_move(self, face: str) -> None:
        """The announced ``face`` has a complete walk: offer its moves (mummy:8)."""
        b = self.board
        self.face = face
        self.aside_public = self.aside
        self.dice = ()
        seat = self.fig_seat[self.fig]
        if face == ARROW:
            legal: tuple[Action, ...] = tuple(_ARROWS[d] for d, _ in self.arrows)
        else:
            moves = _move_actions(b)
            legal = tuple(moves[c] for c in b.cells_of(self.dest[NUMBER_FACES[face] - 1]))
        self._set(MOVE, seat, legal)

    def _fail(self, face: str) -> None:
        """mummy:7.2 the seed: an announced number must be walked completely, otherwise
        the explorer rolls again. The failed announcement is public (the mummy hears it,
        and learns that the figure has no complete walk of that face); the free dice are
        rolled again at once."""
        self._announce_failed(face)
        self._roll()

    def _announce_failed(self, face: str) -> None:
        """mummy:7.2 the public failed announcement, and what the belief learns of it."""
        f = self.fig
        self.aside_public = self.aside
        data = self._who(f)
        data["face"] = face
        data["aside"] = self.aside
        self.events.append(Event("announce_failed", data))
        self.belief.cannot_use(f, face, self.mummy)

    def _arrived(self, cell: int) -> None:
        """After a move: update the public belief, then the task card (mummy:7.4)."""
        f = self.fig
        self.pos[f] = cell
        if self.face == ARROW:
            self.belief.arrow(f, self.mummy)
        else:
            self.belief.number(f, NUMBER_FACES[self.face], self.mummy)
        seat = self.fig_seat[f]
        sym = self.board.cell_symbol[cell]  # self._matching(cell), written out
        card = sym if sym and sym in self.hands[seat] else ""
        if not self.options.card_play_mandatory:
            self._set(CARD, seat, (_PLAY_YES, _PLAY_NO) if card else (_PLAY_NO,))
            return
        self._finish_explorer_move(card)

    def _matching(self, cell: int) -> str:
        sym = self.board.cell_symbol[cell]
        return sym if sym and sym in self.hands[self.fig_seat[self.fig]] else ""

    def _finish_explorer_move(self, card: str) -> None:
        seat = self.fig_seat[self.fig]
        if card:
            self.hands[seat] = tuple(x for x in self.hands[seat] if x != card)
        self._moved(card, len(self.hands[seat]))

    def _moved(self, card: str, cards_left: int) -> None:
        """mummy:7.4 the end of a move, the figure on its field: ``card`` ("" for none)
        is played there, ``cards_left`` are left in the player's hand. The public "moved"
        event, then the explorers' win (mummy:12) or the next turn."""
        f = self.fig
        seat = self.fig_seat[f]
        if card:
            self.played[seat] = (*self.played[seat], card)
            self.belief.exact(f, self.pos[f])
        if self.loud:
            data: dict[str, Any] = {"figure": f, "face": self.face, "card": None}
            data["seat"] = seat
            data["explorer"] = self.fig_colour[f]
            if card:
                data["card"] = card
                data["colour"] = SYMBOLS[card][0]
                data["cell"] = self._rc(self.pos[f])
                data["name"] = SYMBOLS[card][1]
            data["cards_left"] = cards_left
            self.events.append(Event("moved", data))
        if card and not cards_left:
            self._game_over([seat], "explorer")  # mummy:12
            return
        self._end_turn()

    def _end_turn(self) -> None:
        for g in range(self.fig + 1, len(self.pos)):
            if self.pos[g] >= 0:
                self.fig = g
                self._begin_turn()
                return
        self._mummy_normal()

    # -- the mummy (mummy:9) --------------------------------------------------------------
    def _mummy_normal(self) -> None:
        """mummy:9.1 die + set-aside dice; mummy:11.2 when all five are set aside."""
        self._normal_move(self._roll_mummy_die())

    def _roll_mummy_die(self) -> int:
        """mummy:9.1 the mummy die, rolled through the game's chance."""
        return int(self.chance.choice(self.options.mummy_die_faces, "mummy die"))

    def _normal_move(self, die: int) -> None:
        """mummy:9.1 the round's mummy move: the die's value plus the dice aside."""
        self._mummy_move(die + self.aside, "normal", AFTER_NORMAL, die)

    def _mummy_move(self, n: int, kind: str, cont: str, die: int | None = None) -> None:
        self._begin_mummy_move(n, kind, cont, die)
        self._mummy_next()

    def _begin_mummy_move(self, n: int, kind: str, cont: str, die: int | None) -> None:
        """A mummy move of ``n`` steps begins (its public event); ``cont`` says what
        follows it (mummy:9.2, 11.2)."""
        self.aside_public = self.aside
        if self.loud:
            self.events.append(
                Event("mummy_move", {"move": kind, "steps": n, "die": die, "aside": self.aside})
            )
        self.move_left = n
        self.move_kind = kind
        self.move_cont = cont

    def _mummy_next(self) -> None:
        if self.move_left > 0 and self.board.mummy_dirs[self.mummy]:
            self.phase = MUMMY_MOVE
            self._to_move = MUMMY_SEAT
            self._legal = self._mummy_steps[self.mummy]
            return
        self._finish_mummy_move()

    def _finish_mummy_move(self) -> None:
        self.move_left = 0
        cont = self.move_cont
        if cont == AFTER_TURN:  # mummy:9.2 after the intermediate move aside = 0
            self.aside = self.aside_public = 0
            self._turn_checks()
        elif cont == AFTER_NORMAL:
            if self.aside == 5:  # mummy:11.2 then a 5-step intermediate move
                self._mummy_move(5, "second", AFTER_SECOND)
            else:
                self._end_round()
        else:
            self.aside = self.aside_public = 0
            self._end_round()

    def _step(self, d: int) -> None:
        # the mummy's step (mummy:9), the hot path of a mummy move: _mummy_step and
        # _mummy_next written out (the table of the companion keeps the two calls)
        cell = self.board.nbr[d][self.mummy]
        self.mummy = cell
        self.move_left -= 1
        self.belief.step(cell)
        pos = self.pos
        if cell in pos:
            self._catch(pos.index(cell))
            if self.phase == OVER:
                return
        if self.move_left > 0 and self.board.mummy_dirs[cell]:
            self.phase = MUMMY_MOVE
            self._to_move = MUMMY_SEAT
            self._legal = self._mummy_steps[cell]
            return
        self._finish_mummy_move()

    def _mummy_step(self, d: int) -> int:
        """The mummy steps in direction ``d`` (mummy:9); her new field."""
        cell = self.board.nbr[d][self.mummy]
        self.mummy = cell
        self.move_left -= 1
        self.belief.step(cell)
        return cell

    def _catch(self, f: int) -> None:
        """mummy:9.3 the mummy catches figure ``f``: the capture, and her move ends on the
        capture field (unless the capture ended the game)."""
        self._capture(f)
        if self.phase != OVER:
            self.move_left = 0

    def _capture(self, f: int) -> None:
        """mummy:10 to the dungeon, one ankh to the mummy, elimination at 0 ankhs."""
        b = self.board
        seat = self.fig_seat[f]
        self.pos[f] = b.dungeon
        self.belief.capture(f)
        self.ankhs[seat] -= 1
        self.ankhs[MUMMY_SEAT] += 1
        out = self.ankhs[seat] <= 0
        if out:
            for g, s in enumerate(self.fig_seat):
                if s == seat:
                    self.pos[g] = -1
                    self.belief.eliminate(g)
            self.hands[seat] = ()
        self.events.append(
            Event(
                "capture",
                {
                    "figure": f,
                    "seat": seat,
                    "explorer": self.fig_colour[f],
                    "cell": self._rc(self.mummy),
                    "ankhs_left": self.ankhs[seat],
                    "eliminated": out,
                    "mummy_ankhs": self.ankhs[MUMMY_SEAT],
                    "threshold": self.threshold,
                },
            )
        )
        if self.ankhs[MUMMY_SEAT] >= self.threshold:
            self._game_over([MUMMY_SEAT], "mummy")

    def _end_round(self) -> None:
        o = self.options
        if o.max_rounds is not None and self.round >= o.max_rounds:
            self._game_over([], "max_rounds")  # mummy:6
            return
        self.round += 1
        for g, p in enumerate(self.pos):
            if p >= 0:
                self.fig = g
                self._begin_turn(first=True)
                return
        self._game_over([], "no explorers")  # unreachable with valid thresholds (mummy:12)

    def _game_over(self, winners: list[int], reason: str) -> None:
        self.winners_ = winners
        self.reason = reason
        self._set(OVER, TERMINAL, ())
        self.events.append(
            Event(
                "game_over",
                {
                    "winners": winners,
                    "reason": reason,
                    "round": self.round,
                    "mummy_ankhs": self.ankhs[MUMMY_SEAT],
                    "threshold": self.threshold,
                    "played": [len(h) for h in self.played],
                },
            )
        )

    # -- the protocol ---------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return self._to_move

    def legal_actions(self) -> list[Action]:
        return list(self._legal)

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def _apply(self, action: Action) -> None:
        self.nsteps += 1
        t = type(action)
        if t is Step:
            self._step(_DIR_INDEX[action.direction])  # type: ignore[attr-defined]
        elif t is Choose:
            self._choose(action.face)  # type: ignore[attr-defined]
        elif t is Reroll:
            self._roll()
        elif t is Move:
            self._arrived(action.row * self.board.cols + action.col)  # type: ignore[attr-defined]
        elif t is Arrow:
            d = _DIR_INDEX[action.direction]  # type: ignore[attr-defined]
            self._arrived(next(end for dd, end in self.arrows if dd == d))
        elif t is Resolve:
            if action.yes:  # type: ignore[attr-defined]
                self._resolve()
            else:
                self._roll()
        elif t is Lost:
            self._lost()
        elif t is Play:
            self._finish_explorer_move(self._matching(self.pos[self.fig]) if action.yes else "")  # type: ignore[attr-defined]
        elif t is Stop:
            self._finish_mummy_move()
        if self.phase != OVER and self.nsteps >= self.options.step_limit:
            self._game_over([], "step_limit")

    def action_event(self, seat: int, action: Action) -> list[Event]:
        """Explorer decisions behind the screen reach only the explorers (mummy:14)."""
        if type(action) is Step and seat == MUMMY_SEAT:
            return [self._step_event(action)]
        json_form, text = _forms(action)
        data: dict[str, Any] = {"seat": seat, "action": json_form, "text": text}
        t = type(action)
        if t is Step:
            d = _DIR_INDEX[action.direction]  # type: ignore[attr-defined]
            data["cell"] = self._rc(self.board.nbr[d][self.mummy])
            return [Event("action", data)]
        if t is Stop:
            return [Event("action", data)]
        f = self.fig
        data["figure"] = f
        data["explorer"] = self.fig_colour[f]
        if t in (Choose, Lost):
            data["aside"] = self.aside
            if t is Choose and not self._usable(action.face):  # type: ignore[attr-defined]
                data["failed"] = True  # announced to all; "announce_failed" follows
            return [Event("action", data)]
        if t is Resolve and action.yes:  # type: ignore[attr-defined]
            return [Event("action", data)]
        # behind the screen: what the explorers see of the move (mummy:14)
        if t is Move or t is Arrow:
            data["from"] = self._rc(self.pos[f])
            data["face"] = self.face
            if t is Arrow:
                d = _DIR_INDEX[action.direction]  # type: ignore[attr-defined]
                data["cell"] = self._rc(next(end for dd, end in self.arrows if dd == d))
            else:
                data["cell"] = [action.row, action.col]  # type: ignore[attr-defined]
        elif t is Resolve:
            data["aside"] = self.aside
        elif t is Play:
            data["card"] = self._matching(self.pos[f]) or None
        return [Event("action", data, self.explorers)]

    def _step_event(self, action: Step) -> Event:
        """The public event of the mummy's step (made once per board, field and direction)."""
        table = _STEP_EVENTS.get(self.board)
        if table is None:
            table = _STEP_EVENTS[self.board] = tuple([None] * self.board.size for _ in DIRECTIONS)
        d = _DIR_INDEX[action.direction]
        event = table[d][self.mummy]
        if event is None:
            json_form, text = _forms(action)
            cell = self.board.nbr[d][self.mummy]
            data = {"seat": MUMMY_SEAT, "action": json_form, "text": text, "cell": self._rc(cell)}
            event = table[d][self.mummy] = Event("action", data)
        return event

    def scores(self) -> list[float]:
        """The mummy's ankhs; each explorer's played cards."""
        return [float(self.ankhs[0])] + [
            float(len(self.played[s])) for s in range(1, self.num_players)
        ]

    def standing(self) -> list[float]:
        """Progress toward each side's goal on one scale (0 to 10), for search.

        The mummy: her ankhs over her threshold (mummy:12); an explorer: the
        share of his task cards played (mummy:12, mummy:13), where the card
        next in reach counts for up to :attr:`NEAR_CARD` of a card as one of
        his figures comes within :attr:`NEAR_STEPS` steps of its symbol. Raw
        scores would weigh ankhs against cards; without the part of the next
        card, a search sees no progress between two cards and, once the mummy is
        near her threshold, stops going anywhere.
        """
        out = [10.0 * self.ankhs[MUMMY_SEAT] / self.threshold]
        dist = self.board.dist
        symbol_cell = self.board.symbol_cell
        for s in range(1, self.num_players):
            hand = self.hands[s]
            played = len(self.played[s])
            total = played + len(hand)
            if not total:
                out.append(10.0)
                continue
            targets = [symbol_cell[x] for x in hand if x in symbol_cell]
            near = self.NEAR_STEPS
            for g, p in enumerate(self.pos):
                if p >= 0 and self.fig_seat[g] == s:
                    row = dist[p]
                    for t in targets:
                        near = min(near, row[t])
            part = self.NEAR_CARD * (1.0 - near / self.NEAR_STEPS)
            out.append(10.0 * (played + part) / total)
        return out

    def sim_metrics(self) -> dict[str, float]:
        """This game's own numbers for simulation reports (``metrics.py``)."""
        return _sim_metrics(self)

    def winners(self) -> list[int]:
        return list(self.winners_)

    # -- what each seat sees (mummy:14) ----------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        """What ``seat`` sees (mummy:14): the mummy and spectators see no explorer field,
        die or hand face; every explorer sees the whole table and his own hand."""
        obs = self._public_observation(seat)
        if seat is not None and seat != MUMMY_SEAT:
            cols = self.board.cols
            obs["positions"] = [None if p < 0 else list(divmod(p, cols)) for p in self.pos]
            obs["aside"] = self.aside
            obs["explorer_phase"] = self.phase
            obs["dice"] = list(self.dice)
            obs["rolls"] = self.rolls
            obs["hand"] = list(self.hands[seat])
        return obs

    def _public_observation(self, seat: int | None) -> dict[str, Any]:
        """What the mummy sees (mummy:14), for every seat; ``role`` names ``seat``'s. The
        engine and the companion's table (:mod:`.table`) both build on it."""
        cols = self.board.cols
        ankhs = self.ankhs
        obs: dict[str, Any] = {
            "role": "spectator" if seat is None else ("mummy" if seat == 0 else "explorer"),
            "round": self.round,
            "to_move": self._to_move,
            "phase": self.PUBLIC_PHASES.get(self.phase, "explorer_turn"),
            "turn": {"figure": self.fig, "seat": self.fig_seat[self.fig]},
            "mummy": list(divmod(self.mummy, cols)),
            "mummy_ankhs": ankhs[0],
            "threshold": self.threshold,
            "aside": self.aside_public,
            "figures": [
                {"colour": colour, "seat": s, "ankhs": ankhs[s], "out": p < 0}
                for colour, s, p in zip(self.fig_colour, self.fig_seat, self.pos, strict=True)
            ],
            "hand_colours": [self._colours(s) for s in range(self.num_players)],
            "played": [list(h) for h in self.played],
        }
        if self.phase == MUMMY_MOVE:
            obs["mummy_move"] = {"kind": self.move_kind, "steps_left": self.move_left}
        if self.phase in self.ANNOUNCING:
            obs["announced"] = self.face
        if self.phase == OVER:
            obs["winners"] = list(self.winners_)
            obs["reason"] = self.reason
        return obs

    def _move_ends(self) -> dict[Action, int]:
        """The end field of each legal move or slide of the current figure."""
        b = self.board
        out: dict[Action, int] = {}
        for a in self._legal:
            if type(a) is Move:
                out[a] = b.cell(a.row, a.col)
            elif type(a) is Arrow:
                d = _DIR_INDEX[a.direction]
                out[a] = next(end for dd, end in self.arrows if dd == d)
        return out

    def parse_action(self, text: str) -> Action:
        """A legal action a person typed: its number, its text (``move E10``, ``step N``),
        a field label alone (``E10``), a direction alone (``N``, ``north``) or a move by
        row and column counted from 0 (``move 9 4``)."""
        try:
            return super().parse_action(text)
        except ActionFormatError as error:
            alt = self._read_alternative(text)
            if alt is not None and alt in self._legal:
                return alt
            raise error

    def _read_alternative(self, text: str) -> Action | None:
        words = text.lower().split()
        if len(words) == 3 and words[0] == "move" and all(w.isdigit() for w in words[1:]):
            return Move(int(words[1]), int(words[2]))
        if len(words) == 2 and words[0] == "move":
            words = words[1:]
        if len(words) != 1:
            return None
        w = words[0]
        rc = parse_label(w)
        if rc is not None:
            return Move(*rc)
        d = _DIRECTION_NAMES.get(w)
        if d is not None:
            for a in self._legal:
                if type(a) in (Step, Arrow) and a.direction == d:  # type: ignore[attr-defined]
                    return a
        return None

    # -- copies and determinization -------------------------------------------------------

    def _copy_fields(self, new: State) -> None:
        """Every field of the game, written out: a compiled clone's copy (see
        ``State._copy_fields``; ``tests/games/test_compiled.py`` checks the list)."""
        assert isinstance(new, MummyState)
        new.options = self.options  # typed by the game: a compiled slot
        new.hands = self.hands
        new.board = self.board
        new.fig_seat = self.fig_seat
        new.fig_colour = self.fig_colour
        new.explorers = self.explorers
        new.threshold = self.threshold
        new.pos = self.pos
        new.ankhs = self.ankhs
        new.played = self.played
        new.mummy = self.mummy
        new.aside = self.aside
        new.aside_public = self.aside_public
        new.dice = self.dice
        new.face = self.face
        new.rolls = self.rolls
        new.phase = self.phase
        new.fig = self.fig
        new.round = self.round
        new.move_left = self.move_left
        new.move_kind = self.move_kind
        new.move_cont = self.move_cont
        new.dest = self.dest
        new.arrows = self.arrows
        new.belief = self.belief
        new.winners_ = self.winners_
        new.reason = self.reason
        new.nsteps = self.nsteps
        new._mummy_steps = self._mummy_steps
        new._legal = self._legal
        new._to_move = self._to_move

    def _clone_into(self, new: State) -> None:
        assert isinstance(new, MummyState)
        new.pos = list(self.pos)
        new.ankhs = list(self.ankhs)
        new.hands = list(self.hands)
        new.played = list(self.played)
        new.belief = self.belief.copy()  # (winners_ is replaced, never changed: shared)

    def check_invariants(self) -> None:
        b = self.board
        o = self.options
        assert 0 <= self.aside <= 5 and 0 <= self.aside_public <= 5
        seen = set()
        for f, p in enumerate(self.pos):
            if p < 0:
                assert self.ankhs[self.fig_seat[f]] <= 0
                continue
            assert p != self.mummy, "an explorer stands on the mummy"
            if p not in (b.start, b.dungeon):
                assert p not in seen, "two figures share a field"
                seen.add(p)
            assert self.belief.contains(f, p), f"the public belief lost figure {f}"
            sym = b.cell_symbol[p]
            if o.card_play_mandatory and sym and not (self.phase == OVER and f == self.fig):
                assert sym not in self.hands[self.fig_seat[f]], "a figure stands on a held symbol"
        assert self.mummy not in (b.start, b.dungeon)
        played = [x for h in self.played for x in h]
        held = [x for h in self.hands for x in h]
        assert len(set(played)) == len(played)
        assert not set(played) & set(held)
        total = o.ankhs_per_explorer * len(self.fig_seat)
        assert self.ankhs[0] + sum(max(a, 0) for a in self.ankhs[1:]) == total
        if self.phase != OVER:
            assert self.legal_actions(), "no legal action in a running game"


_MOVES: dict[Board, tuple[Move, ...]] = {}


def _move_actions(board: Board) -> tuple[Move, ...]:
    """The (shared, prebuilt) ``Move`` action to each field of ``board``."""
    moves = _MOVES.get(board)
    if moves is None:
        moves = _MOVES[board] = tuple(Move(*board.rc(c)) for c in range(board.size))
    return moves


def move_action(board: Board, cell: int) -> Move:
    """The (shared, prebuilt) ``Move`` action to ``cell``."""
    return _move_actions(board)[cell]


def _forms(action: Action) -> tuple[dict[str, Any], str]:
    """The JSON and text forms of ``action`` (computed once per action value)."""
    forms = _FORMS.get(action)
    if forms is None:
        forms = _FORMS[action] = (action.to_json(), action.text())
    return forms


def _mummy_steps(board: Board, may_stop: bool) -> tuple[tuple[Action, ...], ...]:
    """The mummy's legal actions on each field while she has steps left (mummy:9)."""
    table = _MUMMY_LEGAL.get((board, may_stop))
    if table is None:
        table = _MUMMY_LEGAL[(board, may_stop)] = tuple(
            tuple(_STEPS[d] for d in dirs) + ((_STOP,) if may_stop else ())
            for dirs in board.mummy_dirs
        )
    return table


_Roll = tuple[tuple[str, ...], int, tuple[str, ...], list[str]]
#: Per number of dice m, the outcome of each roll value (0 .. 6**m - 1), made when first
#: rolled (a list index: cheaper than a cache keyed by both numbers).
_ROLLS: tuple[list[_Roll | None], ...] = tuple([None] * 6**m for m in range(NUM_DICE + 1))


def _roll_outcome(value: int, m: int) -> _Roll:
    """A roll of ``m`` dice drawn as ``value``: the dice that are not mummies, how many
    mummies, the choosable faces shown (in the engine's order), and every face die by die
    (one shared list, for the events: never modify it)."""
    out = _ROLLS[m][value]
    if out is None:
        faces = roll_faces(value, m)
        dice = tuple(x for x in faces if x != MUMMY)
        out = _ROLLS[m][value] = (
            dice,
            m - len(dice),
            tuple(x for x in CHOOSABLE if x in dice),
            faces,
        )
    return out
