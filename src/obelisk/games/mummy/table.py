"""Fluch der Mumie as the mummy player hears it at a real table ("announced, not located").

The companion of :mod:`obelisk.companion.mummy` lets the computer be the mummy beside a
physical board. The explorers' figures, dice and cards stay on the table: the computer
learns only what the seed lets the mummy player learn (mummy:14). This module is the
real engine (:class:`~.rules.MummyState`) with its explorer side replaced by those public
facts, told by the people:

* an explorer turn is a sequence of *announcements* instead of rolls and moves: dice set
  aside showing the mummy (``aside 2``, seen by the explorers only until the next
  announcement), a resolution (``resolve yes``), a face announced and walked
  (``choose 3``), a face announced that could not be walked completely (``fail 3``,
  mummy:7.2), five mummies (``lost``), "cannot move" (``cannot``), and after the move the
  card laid (``card o``, the symbol's letter) or none (``no card``);
* the round's end asks the table for the mummy die (``roll``: the computer rolls it
  through the game's chance; or ``die 4``: the value the players rolled);
* before each mummy move the table says whether the magnet caught someone, and at which
  of her steps (``free``, or ``caught 0 3``: figure 0 at her third step). The face shows
  the planned path first (the computer plans on a copy); the mummy's steps then follow as
  the engine's ``step`` actions, and the capture happens at the step told.

Every position of an explorer is unknown: the state keeps only the public belief of
mummy:17 (:class:`~.belief.Belief`), which always holds the truth when the people tell
the truth, and uses it to refuse what cannot be (a face nobody could walk from where the
figure may be, a card whose symbol it cannot stand on, "cannot move" where it always
can). The mummy seat sees exactly the events and observation it sees in the real engine,
so a computer mummy plays here as she would there. Inputs are actions, so a game is a
:class:`~obelisk.core.Record` like any other (replay it with ``game_lookup`` returning
:data:`TABLE_GAME`).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from obelisk.core import (
    TERMINAL,
    Action,
    Choices,
    Event,
    IllegalAction,
    Refusals,
    Renderer,
    State,
    Voice,
)
from obelisk.core.i18n import Words

from .actions import ACTION_TYPES, Choose, Lost, Resolve, Step
from .board import DIRECTIONS
from .components import (
    ARROW,
    CARD_COLOURS,
    CHOOSABLE,
    FIGURE_COLOURS,
    NUMBER_FACES,
    SYMBOLS,
)
from .game import MummyGame
from .narration import (
    MummyNarrator,
    card_name,
    colour_word,
    explorer,
    face_word,
    figure_name,
    steps,
)
from .render import render
from .rules import (
    MUMMY_MOVE,
    MUMMY_SEAT,
    OVER,
    MummyState,
    _forms,
)

# The phases of the table (the mummy's move and the end are the engine's).
TURN, ROLLING, MOVED, DIE, CATCH = "table_turn", "table_rolling", "table_moved", "die", "catch"
PUBLIC = {
    TURN: "explorer_turn",
    ROLLING: "explorer_turn",
    MOVED: "explorer_moving",
    DIE: "mummy_move",
    CATCH: "mummy_move",
    MUMMY_MOVE: "mummy_move",
    OVER: "over",
}
#: The seat that answers for the whole table (the mummy die, the magnet).
TABLE_SEAT = 1


@dataclass(frozen=True, slots=True)
class Aside(Action):
    """The explorers say that ``count`` dice now lie aside showing the mummy (1-4)."""

    kind: ClassVar[str] = "aside"
    count: int


@dataclass(frozen=True, slots=True)
class LateResolve(Action):
    """Before the first roll: ``count`` dice lie aside from an earlier turn, an "aside" that
    was not told then (told now, issue 36), and they are resolved now (mummy:7.1)."""

    kind: ClassVar[str] = "late_resolve"
    count: int

    def text(self) -> str:
        return f"resolve {self.count}"


@dataclass(frozen=True, slots=True)
class Fail(Action):
    """The explorer announced ``face`` and could not walk it completely (mummy:7.2)."""

    kind: ClassVar[str] = "fail"
    face: str


@dataclass(frozen=True, slots=True)
class Cannot(Action):
    """The explorer announces that his figure cannot move at all (mummy:7.0b)."""

    kind: ClassVar[str] = "cannot"


@dataclass(frozen=True, slots=True)
class Card(Action):
    """After the move the explorer laid the task card of ``symbol`` (mummy:7.4)."""

    kind: ClassVar[str] = "card"
    symbol: str


@dataclass(frozen=True, slots=True)
class NoCard(Action):
    """After the move no card was laid."""

    kind: ClassVar[str] = "nocard"

    def text(self) -> str:
        return "no card"


@dataclass(frozen=True, slots=True)
class RollDie(Action):
    """The computer rolls the mummy die (mummy:9.1)."""

    kind: ClassVar[str] = "roll"


@dataclass(frozen=True, slots=True)
class Die(Action):
    """The players rolled the mummy die for her: it shows ``value``."""

    kind: ClassVar[str] = "die"
    value: int


@dataclass(frozen=True, slots=True)
class Free(Action):
    """Nobody was caught during the mummy's coming move."""

    kind: ClassVar[str] = "free"


@dataclass(frozen=True, slots=True)
class Caught(Action):
    """The magnet caught ``figure`` (0-based) at the mummy's ``step``-th step (mummy:9.3)."""

    kind: ClassVar[str] = "caught"
    figure: int
    step: int

    def text(self) -> str:
        colour = FIGURE_COLOURS[self.figure] if 0 <= self.figure < len(FIGURE_COLOURS) else "?"
        return f"caught {colour} {self.step}"


TABLE_ACTIONS: tuple[type[Action], ...] = (
    *ACTION_TYPES,
    Aside,
    LateResolve,
    Fail,
    Cannot,
    Card,
    NoCard,
    RollDie,
    Die,
    Free,
    Caught,
)
_RESOLVE, _LOST, _CANNOT, _NOCARD = Resolve(True), Lost(), Cannot(), NoCard()
_ROLL, _FREE = RollDie(), Free()


class TableState(MummyState):
    """A game of Fluch der Mumie whose explorer side is told by people (module docstring).

    It is the engine's :class:`~.rules.MummyState` with the explorers' hidden steps
    replaced; everything the two share (the set-up, a failed announcement, "cannot
    move", a resolution, the move's end and its card, the mummy's moves, steps and
    captures, the mummy's observation) is the engine's own code, so the two cannot drift.
    """

    PUBLIC_PHASES = PUBLIC
    ANNOUNCING = frozenset({MOVED})

    # -- set-up (mummy:5): no deal, the cards are on the table ---------------------------
    def _setup(self) -> None:
        self._lay_out()  # the engine's set-up, all but the deal
        n = self.num_players
        cpc = self._cards_per_colour()
        #: The card backs each seat still holds, by colour (the faces are never told).
        self.backs: list[dict[str, int]] = [{}] + [
            {c: cpc for c in CARD_COLOURS} for _ in range(1, n)
        ]
        self.hands = [()] * n
        self.phase = TURN
        self.move_steps = 0
        self.catch: tuple[int, int] | None = None
        self.after: int = 0  # the belief of the figure after the announced move
        self._announce_setup()
        self._begin_turn(first=True)

    def _colours(self, seat: int) -> dict[str, int]:
        return {c: k for c, k in self.backs[seat].items() if k > 0}

    # -- what the belief allows -----------------------------------------------------------
    def moved_belief(self, face: str) -> int:
        """Where the current figure may stand after walking ``face`` (0: nowhere)."""
        probe = self.belief.copy()
        if face == ARROW:
            probe.arrow(self.fig, self.mummy)
        else:
            probe.number(self.fig, NUMBER_FACES[face], self.mummy)
        return probe.cells[self.fig]

    def failed_belief(self, face: str) -> int:
        """Where the current figure may stand if ``face`` failed (0: nowhere)."""
        probe = self.belief.copy()
        probe.cannot_use(self.fig, face, self.mummy)
        return probe.cells[self.fig]

    def stuck_belief(self) -> int:
        """Where the current figure may stand if it cannot move at all (0: nowhere)."""
        probe = self.belief.copy()
        probe.cannot_move(self.fig, self.mummy)
        return probe.cells[self.fig]

    # -- an explorer's turn, told ----------------------------------------------------------
    def _turn_checks(self) -> None:
        """mummy:7.5: a forced resolution happens at once; everything else is told."""
        if not self._turn_over_at_once(forced_first=True):
            self._table_turn(TURN)

    def _table_turn(self, phase: str) -> None:
        legal: list[Action] = []
        if phase == TURN:
            if self.stuck_belief():
                legal.append(_CANNOT)
            if 1 <= self.aside <= 4:
                legal.append(_RESOLVE)
            legal += [LateResolve(n) for n in range(self.aside + 1, 5)]
        legal += [Aside(n) for n in range(self.aside + 1, 5)]
        legal.append(_LOST)
        legal += [Choose(x) for x in CHOOSABLE if self.moved_belief(x)]
        if not self.options.only_usable_faces:
            legal += [Fail(x) for x in CHOOSABLE if self.failed_belief(x)]
        self._set(phase, self.fig_seat[self.fig], tuple(legal))

    def _told_move(self, face: str) -> None:
        self.face = face
        self.aside_public = self.aside
        self.after = self.moved_belief(face)
        b = self.board
        seat = self.fig_seat[self.fig]
        legal: list[Action] = [_NOCARD]
        for x in sorted(self.board.symbol_cell):
            cell = b.symbol_cell[x]
            held = self.backs[seat].get(SYMBOLS[x][0], 0) > 0
            if (self.after >> cell) & 1 and held and all(x not in h for h in self.played):
                legal.append(Card(x))
        self._set(MOVED, seat, tuple(legal))

    def _told_card(self, symbol: str) -> None:
        """The move's end, told by the engine's own ``_moved``: the figure stands where
        the announced walk may have led, or on the card's symbol."""
        f = self.fig
        seat = self.fig_seat[f]
        self.belief.cells[f] = self.after
        if symbol:
            self.backs[seat][SYMBOLS[symbol][0]] -= 1
            self.pos[f] = self.board.symbol_cell[symbol]
        self._moved(symbol, sum(self.backs[seat].values()))

    # -- the mummy (mummy:9), with the table's answers ------------------------------------
    def _mummy_normal(self) -> None:
        faces = sorted(set(self.options.mummy_die_faces))
        self._set(DIE, TABLE_SEAT, (_ROLL, *(Die(v) for v in faces)))

    def _mummy_move(self, n: int, kind: str, cont: str, die: int | None = None) -> None:
        """The engine's mummy move, but the table says first who the magnet catches."""
        self._begin_mummy_move(n, kind, cont, die)
        self.move_steps = n
        self.catch = None
        if n > 0 and self.board.mummy_dirs[self.mummy]:
            legal: list[Action] = [_FREE]
            for f, p in enumerate(self.pos):
                if p >= 0 and self.belief.cells[f] & ~self.board.sv_mask:
                    legal += [Caught(f, k) for k in range(1, n + 1)]
            self._set(CATCH, TABLE_SEAT, tuple(legal))
            return
        self._finish_mummy_move()

    def _step(self, d: int) -> None:
        """The engine's step; the capture is where the table said (mummy:9.3)."""
        self._mummy_step(d)
        if self.catch is not None and self.catch[1] == self.move_steps - self.move_left:
            f = self.catch[0]
            self.catch = None
            self._catch(f)
        if self.phase != OVER:
            self._mummy_next()

    def _capture(self, f: int) -> None:
        super()._capture(f)
        seat = self.fig_seat[f]
        if self.ankhs[seat] <= 0:
            self.backs[seat] = {}

    # -- the protocol ---------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        self.nsteps += 1
        t = type(action)
        if t is Step:
            self._step(DIRECTIONS.index(action.direction))  # type: ignore[attr-defined]
        elif t is Aside:
            self.aside = action.count  # type: ignore[attr-defined]
            self._table_turn(ROLLING)
        elif t is Choose:
            self._told_move(action.face)  # type: ignore[attr-defined]
        elif t is Fail:
            self._announce_failed(action.face)  # type: ignore[attr-defined]
            self._table_turn(ROLLING)
        elif t is Lost:
            self.aside = 5  # mummy:11.1 told, not rolled
            self._lost()
        elif t is Resolve:
            self._resolve()
        elif t is LateResolve:
            self.aside = action.count  # type: ignore[attr-defined]
            self._resolve()
        elif t is Cannot:
            self._cannot_move()
        elif t is Card:
            self._told_card(action.symbol)  # type: ignore[attr-defined]
        elif t is NoCard:
            self._told_card("")
        elif t is RollDie:
            self._normal_move(self._roll_mummy_die())
        elif t is Die:
            self._normal_move(action.value)  # type: ignore[attr-defined]
        elif t is Free:
            self._mummy_next()
        elif t is Caught:
            self.catch = (action.figure, action.step)  # type: ignore[attr-defined]
            self._mummy_next()
        else:
            super()._apply(action)
            return
        if self.phase != OVER and self.nsteps >= self.options.step_limit:
            self._game_over([], "step_limit")

    def action_event(self, seat: int, action: Action) -> list[Event]:
        """The events of a told action: what the mummy hears is public (an announcement
        with the dice set aside, five mummies, a resolution); dice set aside between two
        announcements and the table's answers reach only the explorers; the rest is told
        by the state's own events (a failure, a card, the die, a capture)."""
        t = type(action)
        if t is Step:
            return super().action_event(seat, action)
        json_form, text = _forms(action)
        data: dict[str, Any] = {"seat": seat, "action": json_form, "text": text}
        if t in (Choose, Lost, Resolve, LateResolve):
            f = self.fig
            data["figure"] = f
            data["explorer"] = self.fig_colour[f]
            data["aside"] = 5 if t is Lost else self.aside
            return [Event("action", data)]
        if t in (Aside, Free, Caught):
            if t is Aside:
                data["figure"] = self.fig
                data["explorer"] = self.fig_colour[self.fig]
            return [Event("action", data, self.explorers)]
        return []

    def observation(self, seat: int | None) -> dict[str, Any]:
        """The mummy's observation of the engine (mummy:14) for every seat: the computer
        knows no more than she does; an explorer seat also reads the true dice aside."""
        obs = self._public_observation(seat)
        if seat is not None and seat != MUMMY_SEAT:
            obs["aside"] = self.aside
            obs["table_phase"] = self.phase
        return obs

    def _clone_into(self, new: Any) -> None:
        super()._clone_into(new)
        new.backs = [dict(x) for x in self.backs]

    def check_invariants(self) -> None:
        assert 0 <= self.aside <= 5 and 0 <= self.aside_public <= 5
        for f, p in enumerate(self.pos):
            if p >= 0:
                assert self.belief.cells[f], f"the belief lost figure {f}"
        if self.phase != OVER:
            assert self.legal_actions() and self._to_move != TERMINAL


W = Words(__package__)
_, ngettext = W.gettext, W.ngettext


def _already_aside(n: int) -> str:
    """``2 mummy dice already lie aside``."""
    return ngettext(
        "{n} mummy die already lies aside", "{n} mummy dice already lie aside", n
    ).format(n=n)


class TableRefusals(Refusals[TableState]):
    """Why a told input cannot be, naming the rule."""

    def explain(self, state: TableState, action: Action) -> IllegalAction:
        """Why a told input cannot be, in words naming the rule."""
        who = figure_name(state.fig_colour[state.fig])
        t = type(action)
        phase = state.phase
        if phase == OVER:
            return IllegalAction(_("the game is over"), "core:terminal")
        if phase == MUMMY_MOVE:
            return IllegalAction(_("the mummy is moving: wait for her path"), "mummy:9")
        if phase == DIE and t not in (RollDie, Die):
            return IllegalAction(
                _("the round is over: roll the mummy die (or say what it shows)"), "mummy:9.1"
            )
        if t is Die:
            if phase != DIE:
                return IllegalAction(
                    _("the mummy die is rolled at the end of a round"), "mummy:9.1"
                )
            faces = ", ".join(str(v) for v in sorted(set(state.options.mummy_die_faces)))
            return IllegalAction(
                _("the mummy die shows {faces} only").format(faces=faces), "mummy:3"
            )
        if phase == CATCH and t not in (Free, Caught):
            return IllegalAction(
                _("first say whether the magnet caught someone on the mummy's path"), "mummy:9.3"
            )
        if t is Caught:
            if phase != CATCH:
                return IllegalAction(_("only the mummy catches, during her move"), "mummy:9.3")
            a: Any = action
            if not 0 <= a.figure < len(state.pos) or state.pos[a.figure] < 0:
                return IllegalAction(_("that explorer is not on the board"), "mummy:10")
            if not 1 <= a.step <= state.move_steps:
                return IllegalAction(
                    _("the mummy walks {steps} this time").format(steps=steps(state.move_steps)),
                    "mummy:9.3",
                )
            colour = figure_name(state.fig_colour[a.figure])
            return IllegalAction(
                _(
                    "{colour} stands on the stairs or in the dungeon, where the mummy never goes"
                ).format(colour=colour),
                "mummy:9",
            )
        if phase == MOVED and t not in (Card, NoCard):
            return IllegalAction(
                _("{who} announced {face}: say which card was laid, or none").format(
                    who=who, face=face_word(state.face)
                ),
                "mummy:7.4",
            )
        if t is Card:
            if phase != MOVED:
                return IllegalAction(_("a card is laid only at the end of a move"), "mummy:7.4")
            sym = action.symbol  # type: ignore[attr-defined]
            if sym not in SYMBOLS or sym not in state.board.symbol_cell:
                return IllegalAction(
                    _("'{symbol}' is no symbol of the maze").format(symbol=sym), "mummy:4.3"
                )
            if any(sym in h for h in state.played):
                return IllegalAction(
                    _("{card} was already played").format(card=card_name(sym)), "mummy:7.4"
                )
            colour = SYMBOLS[sym][0]
            if not state.backs[state.fig_seat[state.fig]].get(colour):
                return IllegalAction(
                    _("{who}'s player holds no {colour} card").format(
                        who=who, colour=colour_word(colour)
                    ),
                    "mummy:14",
                )
            return IllegalAction(
                _("{who} cannot have ended on {card} with {face} by what was announced").format(
                    who=who, card=card_name(sym), face=face_word(state.face)
                ),
                "mummy:8",
            )
        if t in (NoCard, RollDie, Free):
            return IllegalAction(
                _("'{action}' does not fit now").format(action=action.text()), "core:legal"
            )
        # the explorer's turn
        if t is Resolve:
            if not action.yes:  # type: ignore[attr-defined]
                return IllegalAction(_("just go on: a resolution declined is not said"), "mummy:14")
            if phase == ROLLING:
                return IllegalAction(
                    _(
                        "resolving is only possible before the first roll, and this turn has "
                        "rolled; if the dice aside were set aside in an earlier turn, take back "
                        "this turn's inputs with 'undo' and say 'resolve 2' (how many lie aside)"
                    ),
                    "mummy:7.1",
                )
            return IllegalAction(
                _(
                    "no mummy dice lie aside by what was told; if dice were set aside in an "
                    "earlier turn and not told, say 'resolve 2' (how many lie aside)"
                ),
                "mummy:7.1",
            )
        if t is LateResolve:
            if phase == ROLLING:
                return IllegalAction(
                    _(
                        "resolving is only possible before the first roll, and this turn has "
                        "rolled: take back this turn's inputs with 'undo' first"
                    ),
                    "mummy:7.1",
                )
            return IllegalAction(
                _("{aside}: say 'resolve', or a larger number from 1 to 4").format(
                    aside=_already_aside(state.aside)
                ),
                "mummy:7.1",
            )
        if t is Cannot:
            if phase == ROLLING:
                return IllegalAction(_("the figure could move: it was rolled for"), "mummy:7.0b")
            return IllegalAction(
                _("by what was announced, {who} can always move from where it may be").format(
                    who=who
                ),
                "mummy:7.0b",
            )
        if t is Aside:
            n = action.count  # type: ignore[attr-defined]
            if n >= 5:
                return IllegalAction(_("five dice showing the mummy: say 'lost'"), "mummy:11.1")
            return IllegalAction(
                _("{aside}; they stay until resolved, so the count only grows").format(
                    aside=_already_aside(state.aside)
                ),
                "mummy:7.2",
            )
        if t in (Choose, Fail):
            face = action.face  # type: ignore[attr-defined]
            if face not in CHOOSABLE:
                return IllegalAction(
                    _("'{face}' is not on the explorer dice (1, 2, 3, 4, arrow)").format(face=face),
                    "mummy:3",
                )
            if t is Choose:
                return IllegalAction(
                    _(
                        "by what was announced, {who} cannot walk {face} from any field it may "
                        "stand on"
                    ).format(who=who, face=face_word(face)),
                    "mummy:8",
                )
            return IllegalAction(
                _("by what was announced, {who} can always walk {face} completely").format(
                    who=who, face=face_word(face)
                ),
                "mummy:7.2",
            )
        return IllegalAction(
            _("'{action}' is not something the table tells").format(action=action.text()),
            "core:legal",
        )


class TableChoices(Choices[TableState]):
    """The table's inputs are typed as they are told: an action's own text."""


class TableRenderer(Renderer[TableState]):
    """The mummy's view of the maze, whoever asks: the computer knows no more than she does."""

    def to_text(
        self, state: TableState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The mummy seat's observation drawn as the maze."""
        return render(state.board, state.observation(MUMMY_SEAT), MUMMY_SEAT, {})


class TableNarrator(MummyNarrator):
    """The engine's sentences, with the table's own inputs."""

    def on_action(self, event: Any, voice: Voice) -> str | None:
        action = event.get("action") or {}
        kind = action.get("kind")
        if kind == "aside":
            n = int(action.get("count", 0))
            return ngettext(
                "{who} now has {n} mummy die set aside.",
                "{who} now has {n} mummy dice set aside.",
                n,
            ).format(who=explorer(event, voice), n=n)
        if kind == "late_resolve":
            n = int(action.get("count", 0))
            return ngettext(
                "{who} resolves {n} mummy die set aside in an earlier turn (told late).",
                "{who} resolves {n} mummy dice set aside in an earlier turn (told late).",
                n,
            ).format(who=explorer(event, voice), n=n)
        if kind == "free":
            return None  # the steps say it
        if kind == "caught":
            return None  # the capture says it
        return super().on_action(event, voice)


class TableGame(MummyGame):
    """Fluch der Mumie with the explorer side told by the people at a real table."""

    name = "mummy_table"
    title = "Fluch der Mumie at the table (the computer as the mummy)"
    action_types = TABLE_ACTIONS  # type: ignore[assignment]
    narrator = TableNarrator()
    choices = TableChoices()  # type: ignore[assignment]
    refusals = TableRefusals()  # type: ignore[assignment]
    renderer = TableRenderer()  # type: ignore[assignment]

    def redraw_hidden(self, state: State, seat: int, rng: random.Random) -> None:
        """Nothing to re-draw from: the table's explorers are on the real board."""
        raise NotImplementedError("the table's explorers are on the real board")

    def _make_state(self, num_players: int, seed: int, options: Any) -> TableState:
        return TableState(self, num_players, seed, options)


#: The table game (not in the registry: only the companion plays it).
TABLE_GAME = TableGame()

__all__ = [
    "CATCH",
    "DIE",
    "MOVED",
    "ROLLING",
    "TABLE_GAME",
    "TURN",
    "Aside",
    "Cannot",
    "Card",
    "Caught",
    "Die",
    "Fail",
    "Free",
    "LateResolve",
    "NoCard",
    "RollDie",
    "TableGame",
    "TableState",
]
