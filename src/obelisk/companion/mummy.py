"""The computer as the mummy player of Fluch der Mumie, beside a physical board.

For a group with the box and nobody willing to be the mummy. The explorers play on the
real board and tell the computer what the seed lets the mummy player hear and see: each
announced face, a face that could not be walked completely, mummy dice set aside,
resolutions, five mummies, "cannot move", each task card laid (by its symbol or field).
The computer rolls the mummy die (or is told what the players rolled), and answers each
of her moves as a path a person can follow ("5 steps: north, north, west, west, south");
the players move her figure and say whether the magnet caught someone on the way.
It never asks where an explorer stands.

Design: the real engine, with the explorer side "announced, not located".
:mod:`obelisk.games.mummy.table` is the engine's state machine with its explorer turns
replaced by those public inputs, so that every input is an action and the mummy seat's
events and observation are the ones she gets in the real game; the computer mummy is the
game's own ``belief`` player (mummy:17) acting on that seat through a
:class:`~obelisk.core.PlayerView`. Fed what the explorers of an engine game said aloud,
it makes the same moves as the ``belief`` mummy of that game (the test checks it). The
state keeps the public belief of mummy:17 (where each figure may be); an input that
contradicts it (a face nobody could walk from there, a card whose field the figure
cannot have reached, a capture on a field it cannot be on) is refused with the reason and
changes nothing. Because the magnet is only reported after the move, each move is
planned first on a copy of the game and of the computer player; the table's answer
(nobody, or who at which step) is then recorded before her steps, which the engine plays
for real and ends at the step told. A session is its record: the inputs, with the seed
(the computer's die rolls and its choices follow from it), so undo replays all inputs but
the last, and a saved record resumes or replays exactly.
"""

from __future__ import annotations

import copy
import json
import random
import re
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

from obelisk.core import (
    Action,
    IllegalAction,
    PlayerView,
    Record,
    RecordError,
    Voice,
    join_words,
    replay,
)
from obelisk.core.i18n import N_, Words
from obelisk.games.mummy.actions import Choose, Lost, Resolve, Step
from obelisk.games.mummy.belief import Belief
from obelisk.games.mummy.bot import MummyBelief
from obelisk.games.mummy.components import (
    CHOOSABLE,
    FIGURE_COLOURS,
    SYMBOLS,
    label,
    parse_label,
)
from obelisk.games.mummy.narration import direction_word, figure_name, steps
from obelisk.games.mummy.rules import MUMMY_MOVE, OVER
from obelisk.games.mummy.table import (
    CATCH,
    DIE,
    MOVED,
    ROLLING,
    TABLE_GAME,
    TURN,
    Aside,
    Cannot,
    Card,
    Caught,
    Die,
    Fail,
    Free,
    LateResolve,
    NoCard,
    RollDie,
    TableState,
)

W = Words("obelisk.games.mummy")
_, ngettext, pgettext = W.gettext, W.ngettext, W.pgettext

#: The computer's name at the table (the narration says "the mummy (Obelisk)").
COMPUTER = "Obelisk"
#: Seconds are not kept: a session is its inputs. The longest game a record may hold.
MAX_INPUTS = 5000


class MummyCompanionError(ValueError):
    """A wrong input or record, with a message for the players."""


class Slipping:
    """The ``easy`` level: the deducing mummy, who now and then takes a step at random."""

    def __init__(self, slip: float = 1 / 3) -> None:
        self.bot = MummyBelief()
        self.slip = slip

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """The belief mummy's step, or (one time in three) any legal step."""
        action = self.bot.act(view, rng)
        legal = view.legal_actions()
        if len(legal) > 1 and rng.random() < self.slip:
            return legal[rng.randrange(len(legal))]
        return action


class RoughBelief(Belief):
    """A belief worked out roughly (issue 36's middle rung): a number announced is taken as
    "up to that many steps", the arrow as "anywhere the figure could slide or walk up to 4",
    a failed announcement or "cannot move" teaches nothing, and about half the cards laid go
    unnoticed (a fixed half: which ones depends on the field and the figure, so a game
    replays the same). Where it notices, it still holds the truth, but it is wider, so she
    hunts less sharply (calibrated in ``tests/companion/mummy_levels.py``)."""

    __slots__ = ()

    def exact(self, f: int, cell: int) -> None:
        """A card on ``cell``: noticed for about half of the (field, figure) pairs."""
        if ((cell * 2654435761 + f * 40503) >> 7) & 1:
            super().exact(f, cell)

    def number(self, f: int, k: int, mummy: int) -> None:
        """Up to ``k`` steps (the exact ``k`` is not worked out)."""
        start = self.cells[f]
        ends = 0
        for j in range(1, k + 1):
            self.cells[f] = start
            super().number(f, j, mummy)
            ends |= self.cells[f]
        self.cells[f] = ends

    def arrow(self, f: int, mummy: int) -> None:
        """A slide, or (not worked out) any walk of up to 4 steps."""
        start = self.cells[f]
        super().arrow(f, mummy)
        slid = self.cells[f]
        self.cells[f] = start
        self.number(f, 4, mummy)
        self.cells[f] |= slid

    def cannot_move(self, f: int, mummy: int) -> None:
        """Not worked out."""

    def cannot_use(self, f: int, face: str, mummy: int) -> None:
        """Not worked out."""


class RoughMummy(MummyBelief):
    """The ``fair`` level: the hunting of ``normal`` on a roughly worked-out belief."""

    belief_type = RoughBelief


#: The levels the players choose from, weakest first: what each one is, in words.
LEVELS: dict[str, str] = {
    "easy": N_("the deducing mummy, who takes a careless step about one time in three"),
    "fair": N_(
        "the mummy who works out roughly where the explorers can be: a number "
        "announced counts as 'up to that many steps', and she learns nothing from a failed "
        "announcement"
    ),
    "normal": N_(
        "the deducing mummy: she works out where each explorer can be from what "
        "you announce and hunts there"
    ),
}


def new_player(level: str) -> Any:
    """The computer mummy of ``level``."""
    if level == "normal":
        return MummyBelief()
    if level == "fair":
        return RoughMummy()
    if level == "easy":
        return Slipping()
    raise MummyCompanionError(
        _("no level '{level}': choose {levels}").format(level=level, levels=" or ".join(LEVELS))
    )


@dataclass
class Told:
    """One input as the session applied it: the seat (1-based in words) and the action."""

    seat: int
    action: Action


@dataclass
class MummySession:
    """One game with the computer as the mummy (see the module docstring)."""

    names: list[str]
    level: str = "normal"
    seed: int = 0
    options: dict[str, Any] = field(default_factory=dict)
    state: TableState = field(init=False)
    told: list[Told] = field(init=False, default_factory=list)

    def __post_init__(self) -> None:
        if not 1 <= len(self.names) <= 4:
            raise MummyCompanionError(_("name 1 to 4 explorer players (2 to 5 at the table)"))
        names = [str(n).strip() for n in self.names]
        if any(not n or len(n) > 40 for n in names):
            raise MummyCompanionError(_("each player needs a name of 1 to 40 characters"))
        self.names = names
        self.player = new_player(self.level)
        self.rng = random.Random(self.seed)
        try:
            state = TABLE_GAME.new_state(len(names) + 1, self.seed, self.options or None)
        except Exception as exc:  # InvalidOptions and the map's errors
            raise MummyCompanionError(str(exc)) from None
        assert isinstance(state, TableState)
        self.state = state
        self.voice = Voice((COMPUTER, *names), None)
        self.read = 0
        self._plan: list[Step] | None = None
        self._advance()

    # -- the computer's side ----------------------------------------------------------------
    def _advance(self) -> None:
        """Let the computer mummy play while it is her turn (her steps)."""
        s = self.state
        while not s.is_terminal() and s.current_player == 0:
            s.apply(self.player.act(PlayerView(s, 0), self.rng))
        self._plan = None

    def plan(self) -> list[Step]:
        """The steps the mummy will take in the coming move (the table answers after it):
        planned on a copy of the game and of the computer player, with nobody caught."""
        s = self.state
        if s.phase != CATCH:
            return []
        if self._plan is None:
            sim = s.clone()
            assert isinstance(sim, TableState)
            sim.apply(Free())
            board = getattr(self.player, "_board", None) or getattr(
                getattr(self.player, "bot", None), "_board", None
            )
            player = copy.deepcopy(self.player, {id(board): board} if board else None)
            rng = random.Random()
            rng.setstate(self.rng.getstate())
            out: list[Step] = []
            while not sim.is_terminal() and sim.current_player == 0 and sim.phase == MUMMY_MOVE:
                a = player.act(PlayerView(sim, 0), rng)
                if isinstance(a, Step):
                    out.append(a)
                sim.apply(a)
            self._plan = out
        return list(self._plan)

    def path_fields(self) -> list[int]:
        """The field after each planned step."""
        b = self.state.board
        cell = self.state.mummy
        out = []
        for a in self.plan():
            cell = b.nbr["NESW".index(a.direction)][cell]
            out.append(cell)
        return out

    # -- the mummy player's side of the board (issue 36) ------------------------------------
    #: The maze on the mummy's side of the box is the explorers' maze mirrored (east and
    #: west swap); directions and field names are given from her side unless the explorers'
    #: names are asked for.
    MIRRORED: ClassVar[dict[str, str]] = {"N": "N", "S": "S", "E": "W", "W": "E"}

    def side_word(self, direction: str, explorers: bool = False) -> str:
        """A direction in words as seen on the mummy's side (or the explorers')."""
        return compass_word(direction if explorers else self.MIRRORED[direction])

    def side_label(self, cell: int, explorers: bool = False) -> str:
        """A field's name on the mummy's side, columns counted from her left (or the
        explorers' name, ``explorers=True``)."""
        b = self.state.board
        r, c = b.rc(cell)
        return label(r, c if explorers else b.cols - 1 - c)

    def side_cell(self, text: str) -> int | None:
        """The cell of a field named from the mummy's side (``None``: not a field)."""
        rc = parse_label(text)
        b = self.state.board
        if rc is None or not (0 <= rc[0] < b.rows and 0 <= rc[1] < b.cols):
            return None
        return b.cell(rc[0], b.cols - 1 - rc[1])

    def path_words(self, explorers: bool = False) -> str:
        """The planned move as the mummy player follows it on her side of the board:
        ``3 steps: north, north, east (G9, G8, H8)``; ``explorers=True``: in the explorers'
        directions and names."""
        plan = self.plan()
        if not plan:
            return _("She does not move.")
        ways = ", ".join(self.side_word(a.direction, explorers) for a in plan)
        fields = ", ".join(self.side_label(c, explorers) for c in self.path_fields())
        return _("{steps}: {ways} ({fields})").format(
            steps=steps(len(plan)), ways=ways, fields=fields
        )

    # -- inputs -------------------------------------------------------------------------------
    def say(self, text: str) -> list[str]:
        """Apply one input in words; returns the new sentences. A wrong input raises
        :class:`MummyCompanionError` and changes nothing."""
        typed = text.strip().lower()
        exact = [a for a in self.state.legal_actions() if a.text() == typed]
        try:
            action = exact[0] if exact else self.parse(text)
            self.apply(action)
        except MummyCompanionError as exc:
            raise self._what_instead(exc) from None
        return self.news()

    def _what_instead(self, exc: MummyCompanionError) -> MummyCompanionError:
        """A refusal that names no input to type gets the inputs that fit now (issue 36:
        a refusal never strands the family)."""
        message = str(exc)
        if re.search(r"'[^']+'|„[^“]+“", message):  # names an input (English or German quotes)
            return exc
        return MummyCompanionError(f"{message} {self.hint()}".strip())

    def apply(self, action: Action) -> None:
        """Apply one input action (checked; nothing changes when it is refused)."""
        s = self.state
        if s.is_terminal():
            raise MummyCompanionError(_GAME_OVER())
        if len(self.told) >= MAX_INPUTS:
            raise MummyCompanionError(_("this game is too long to go on"))
        if isinstance(action, (Caught, Free)) and s.phase == CATCH:
            self._check_catch(action)
        seat = s.current_player
        try:
            s.apply(action)
        except IllegalAction as exc:
            rule = "" if exc.rule.startswith("core:") else _(" (rule {rule})").format(rule=exc.rule)
            raise MummyCompanionError(f"{capital(exc.reason)}{rule}. {self.hint()}") from None
        self.told.append(Told(seat, action))
        self._advance()

    def _check_catch(self, action: Caught | Free) -> None:
        """Refuse a magnet's answer that contradicts what was announced: a capture on a
        field where that figure cannot be, or a move past every field where another
        figure can be without catching it."""
        s = self.state
        fields = self.path_fields()
        b = s.board
        caught = -1
        walked = fields
        if isinstance(action, Caught):
            if not 1 <= action.step <= len(fields):
                raise MummyCompanionError(
                    _("She walks {steps} this time: name a step from 1 to {n}.").format(
                        steps=steps(len(fields)), n=len(fields)
                    )
                )
            if not 0 <= action.figure < len(s.pos) or s.pos[action.figure] < 0:
                raise MummyCompanionError(_("That explorer is not on the board."))
            caught = action.figure
            cell = fields[action.step - 1]
            walked = fields[: action.step]
            possible = s.belief.cells[caught]
            for c in fields[: action.step - 1]:
                possible &= ~(1 << c)
            if not (possible >> cell) & 1:
                colour = figure_name(FIGURE_COLOURS[caught])
                raise MummyCompanionError(
                    _(
                        "{colour} cannot be on {field} by what was announced: check the colour "
                        "and the step (if an earlier input was wrong, 'undo' takes inputs back "
                        "one by one)."
                    ).format(colour=colour, field=label(*b.rc(cell)))
                )
        for g, p in enumerate(s.pos):
            if p < 0 or g == caught:
                continue
            rest = s.belief.cells[g]
            for c in walked:
                rest &= ~(1 << c)
            if not rest:
                colour = figure_name(FIGURE_COLOURS[g])
                raise MummyCompanionError(
                    _(
                        "By what was announced, {colour} can only stand on a field of her path: "
                        "the magnet must have caught {colour}. Check the board (if an earlier "
                        "input was wrong, 'undo' takes inputs back one by one)."
                    ).format(colour=colour)
                )

    def news(self) -> list[str]:
        """The sentences of everything that happened since the last call."""
        events = self.state.events_for(1)
        out = [text for _, text in self._sentences(events[self.read :])]
        self.read = len(events)
        return out

    def log(self) -> list[str]:
        """Every sentence of the game so far (for a page reloaded)."""
        return [text for _, text in self._sentences(self.state.events_for(1))]

    def log_entries(self) -> list[dict[str, Any]]:
        """Every sentence with the seat (counted from 1, the mummy is 1) of its actor."""
        return [
            {"seat": seat, "text": text} for seat, text in self._sentences(self.state.events_for(1))
        ]

    def _sentences(self, events: Sequence[dict[str, Any]]) -> list[tuple[int, str]]:
        """The events in words, each with its actor's seat counted from 1 (0: nobody);
        the mummy's steps of one move make one sentence."""
        out: list[tuple[int, str]] = []
        walk: list[str] = []
        end: Any = None
        for e in events:
            kind = e["kind"]
            act = e["action"]["kind"] if kind == "action" else ""
            if act == "step":
                walk.append(compass_word(e["action"]["direction"]))
                end = e.get("cell")
                continue
            if walk:
                out.append((1, _walked(walk, end)))
                walk = []
            if act in ("free", "caught"):
                continue
            text = TABLE_GAME.narrate(e, self.voice)
            if text:
                if kind in ("mummy_move", "capture"):
                    seat = 1
                else:
                    seat = int(e["seat"]) + 1 if isinstance(e.get("seat"), int) else 0
                out.append((seat, text))
        if walk:
            out.append((1, _walked(walk, end)))
        return out

    def undo(self) -> None:
        """Take back the last input (the computer's answers to it go with it)."""
        if not self.told:
            raise MummyCompanionError(_("nothing to undo"))
        inputs = [t.action for t in self.told[:-1]]
        self._rebuild(inputs)

    def _rebuild(self, inputs: Sequence[Action]) -> None:
        fresh = MummySession(self.names, self.level, self.seed, self.options)
        for a in inputs:
            fresh.apply(a)
        self.state, self.told, self.player, self.rng = (
            fresh.state,
            fresh.told,
            fresh.player,
            fresh.rng,
        )
        self.read = len(self.state.events_for(1))
        self._plan = None

    # -- words in, actions out -----------------------------------------------------------
    def whose(self) -> str:
        """The current explorer: ``Red (Ann)``."""
        s = self.state
        return _("{colour} ({name})").format(
            colour=figure_name(s.fig_colour[s.fig]), name=self.names[s.fig_seat[s.fig] - 1]
        )

    def parse(self, text: str) -> Action:
        """An input in words for the current moment (see :meth:`help`)."""
        s = self.state
        said = re.sub(r"[,.!?„“]", " ", text.lower()).split()
        words = [x for x in (GERMAN_WORDS.get(w, w) for w in said) if x]
        if s.is_terminal():
            raise MummyCompanionError(_GAME_OVER())
        phase = s.phase
        if phase in (TURN, ROLLING):
            return self._parse_turn(words, text)
        if phase == MOVED:
            return self._parse_card(words, text)
        if phase == DIE:
            return self._parse_die(words, text)
        if phase == CATCH:
            return self._parse_catch(words, text)
        raise MummyCompanionError(_("Wait: the mummy is moving."))

    def _not_understood(self, text: str) -> MummyCompanionError:
        return MummyCompanionError(
            _("I did not understand '{text}'. {hint}").format(text=text.strip(), hint=self.hint())
        )

    def _parse_turn(self, words: list[str], text: str) -> Action:
        s = self.state
        colours = [c for c in FIGURE_COLOURS[: len(s.pos)]]
        if words and words[0] in colours:
            if words[0] != s.fig_colour[s.fig]:
                raise MummyCompanionError(_("It is {who}'s turn.").format(who=self.whose()))
            words = words[1:]
        w = " ".join(words)
        if w in ("resolve", "resolve yes", "resolves"):
            return Resolve(True)
        m = re.fullmatch(r"resolves? (\d+)", w)
        if m:  # dice aside from an earlier turn, maybe never told (issue 36)
            n = int(m.group(1))
            if not 1 <= n <= 4:
                raise MummyCompanionError(
                    _("From 1 to 4 dice can lie aside to be resolved: say 'resolve 2'.")
                    + " "
                    + self.hint()
                )
            return Resolve(True) if n == s.aside else LateResolve(n)
        if w in ("cannot", "cannot move", "can't move", "stuck", "blocked"):
            return Cannot()
        if w in ("lost", "five mummies", "5 mummies", "all mummies"):
            return Lost()
        m = re.fullmatch(r"(?:aside|mummies|set aside) (\d+)|(\d+) (?:aside|mummies|set aside)", w)
        if m:
            n = int(m.group(1) or m.group(2))
            if n == 5:
                return Lost()
            if not 1 <= n <= 5:
                raise MummyCompanionError(_("From 1 to 5 dice can lie aside showing the mummy."))
            return Aside(n)
        m = re.fullmatch(
            r"(?:fail|fails|failed|cannot walk|cannot) (\S+)|(\S+) (?:fail|fails|failed)", w
        )
        if m:
            return Fail(_face(m.group(1) or m.group(2)))
        m = re.fullmatch(r"(?:announce|announces|choose|chooses)?\s*(\S+)", w)
        if m and w:
            face = m.group(1)
            if face in CHOOSABLE or face in ("arrows", "pfeil", "→") or face.isdigit():
                return Choose(_face(face))
        raise self._not_understood(text)

    def _parse_card(self, words: list[str], text: str) -> Action:
        s = self.state
        w = " ".join(words)
        if w in ("no", "none", "no card", "nothing", "nocard", "no cards"):
            return NoCard()
        if words and words[0] in ("card", "plays", "laid", "lays"):
            w = " ".join(words[1:])
        w = w.removeprefix("the ")
        for x, (_colour, name) in SYMBOLS.items():
            if w in (name.lower(), _(name).lower()):
                return Card(x)
        rc = parse_label(w)
        if rc is not None:
            b = s.board
            r, c = rc
            if not (0 <= r < b.rows and 0 <= c < b.cols):
                raise MummyCompanionError(
                    _(
                        "{field} is not a field of the maze (columns A to {last}, rows 1 to {rows})."
                    ).format(field=w.upper(), last=label(0, b.cols - 1)[0], rows=b.rows)
                )
            sym = b.cell_symbol[b.cell(r, c)]
            if not sym:
                raise MummyCompanionError(
                    _("{field} holds no symbol: a card is laid only on its symbol's field.").format(
                        field=w.upper()
                    )
                )
            return Card(sym)
        raise self._not_understood(text)

    def _parse_die(self, words: list[str], text: str) -> Action:
        w = " ".join(words)
        if w in ("", "roll", "roll it", "r", "you roll"):
            return RollDie()
        m = re.fullmatch(r"(?:die )?(\d+)", w)
        if m:
            return Die(int(m.group(1)))
        raise self._not_understood(text)

    def _parse_catch(self, words: list[str], text: str) -> Action:
        s = self.state
        w = " ".join(x for x in words if x not in ("caught", "at", "step", "on", "the", "was"))
        if w in ("no", "nobody", "none", "free", "no one", "noone", "missed"):
            return Free()
        parts = w.split()
        colours = list(s.fig_colour)
        if len(parts) == 2 and parts[0] in colours:
            f = colours.index(parts[0])
            if parts[1].isdigit():
                return Caught(f, int(parts[1]))
            cell = self.side_cell(parts[1])
            if cell is not None:
                fields = self.path_fields()
                if cell in fields:
                    return Caught(f, fields.index(cell) + 1)
                raise MummyCompanionError(
                    _("The mummy's path does not pass {field}: {path}.").format(
                        field=parts[1].upper(), path=self.path_words()
                    )
                )
        if len(parts) == 1 and parts[0] in colours:
            raise MummyCompanionError(
                _(
                    "At which of her steps? Say '{colour} 3' (the step) or '{colour} D9' (the field)."
                ).format(colour=colour_typed(parts[0]))
            )
        raise self._not_understood(text)

    # -- what to ask --------------------------------------------------------------------------
    def prompt(self) -> str:
        """What the computer asks now, in words."""
        s = self.state
        phase = s.phase
        if phase == OVER:
            return _("The game is over.")
        if phase in (TURN, ROLLING):
            n = s.aside
            aside = ""
            if n:
                aside = " " + ngettext(
                    "{n} mummy die lies aside.", "{n} mummy dice lie aside.", n
                ).format(n=n)
            return _("{who}'s turn.{aside} What is announced?").format(
                who=self.whose(), aside=aside
            )
        if phase == MOVED:
            return _("{who} moved. Which card was laid (its symbol or field), or none?").format(
                who=self.whose()
            )
        if phase == DIE:
            return _("The round is over. Shall I roll the mummy die, or what did you roll?")
        if phase == CATCH:
            return _("Move the mummy {path}. Did the magnet catch anyone on the way?").format(
                path=self.path_words()
            )
        return _("The mummy is moving.")

    def hint(self) -> str:
        """The inputs that fit now, in words."""
        s = self.state
        legal = s.legal_actions()
        phase = s.phase
        if phase in (TURN, ROLLING):
            parts = [_("a face announced and walked ('3', 'arrow')")]
            if any(isinstance(a, Fail) for a in legal):
                parts.append(_("'fail 3' when an announced face could not be walked completely"))
            parts.append(_("'aside 2' when dice showing the mummy are set aside"))
            parts.append(_("'lost' for five mummies"))
            if Resolve(True) in legal:
                parts.append(_("'resolve' to hand back the dice aside"))
            if any(isinstance(a, LateResolve) for a in legal):
                parts.append(
                    _(
                        "'resolve 2' when dice set aside in an earlier turn were not told "
                        "(how many lie aside)"
                    )
                )
            if Cannot() in legal:
                parts.append(_("'cannot move'"))
            return _("Say {inputs}.").format(inputs=join_words(parts, _("or")))
        if phase == MOVED:
            return _("Say the card's symbol ('crown') or its field ('D9'), or 'no card'.")
        if phase == DIE:
            return _("Say 'roll' (or press Enter) and I roll, or the number the die shows.")
        if phase == CATCH:
            return _(
                "Say 'no' if nobody was caught, or the colour and the step ('red 3') or the "
                "field ('red D9') where the magnet caught."
            )
        return ""

    def help(self) -> str:
        """A short explanation of the companion and the inputs that fit now."""
        return _(
            "I am the mummy. I never look at your side of the board: tell me what the mummy "
            "player would hear. {hint} Her moves are given from her side of the "
            "board (the maze mirrored): 'explorers' says them in the explorers' names. Also: "
            "'undo' takes back the last input, 'save' writes the game, 'quit' ends."
        ).format(hint=self.hint())

    # -- records -----------------------------------------------------------------------------
    def record(self) -> Record:
        """The game record (the inputs and the computer's steps, with the seed)."""
        seats: list[dict[str, Any]] = [{"name": COMPUTER, "level": self.level}]
        seats += [{"name": n} for n in self.names]
        return Record.from_state(
            self.state, seats=seats, meta={"companion": "mummy", "level": self.level}
        )

    def save(self, path: str | Path) -> None:
        """Write the record to ``path``."""
        self.record().save(path)


def capital(text: str) -> str:
    """``text`` with its first letter capitalised."""
    return text[:1].upper() + text[1:]


def _where(rc: Any) -> str:
    return label(int(rc[0]), int(rc[1])) if rc else _("her field")


def _GAME_OVER() -> str:
    return _("The game is over: 'undo' takes back the last input, or start a new game.")


def compass_word(direction: str) -> str:
    """A compass direction as the companion names a step: ``north``."""
    return direction_word(direction)


def _walked(walk: list[str], end: Any) -> str:
    """``The mummy walks north, north, west, to D9.``"""
    return _("The mummy walks {ways}, to {field}.").format(ways=", ".join(walk), field=_where(end))


def colour_typed(colour: str) -> str:
    """A figure's colour as the players type it: ``red``, ``rot``."""
    return {
        "red": pgettext("typed colour", "red"),
        "green": pgettext("typed colour", "green"),
        "blue": pgettext("typed colour", "blue"),
        "yellow": pgettext("typed colour", "yellow"),
    }.get(colour, colour)


#: The German words the players may type, each as the English input word it stands for
#: (the inputs are read in English; both languages are always understood).
GERMAN_WORDS: dict[str, str] = {
    "rot": "red",
    "grün": "green",
    "gruen": "green",
    "blau": "blue",
    "gelb": "yellow",
    "auflösen": "resolve",
    "aufloesen": "resolve",
    "löst": "resolve",
    "beiseite": "aside",
    "mumien": "mummies",
    "verloren": "lost",
    "fünf": "five",
    "gescheitert": "failed",
    "scheitert": "fails",
    "scheitern": "fail",
    "wähle": "choose",
    "ansage": "announce",
    "pfeil": "arrow",
    "blockiert": "blocked",
    "festgesteckt": "stuck",
    "kann": "cannot",
    "nicht": "move",
    "ziehen": "",
    "bewegen": "",
    "nein": "no",
    "keine": "no",
    "keiner": "nobody",
    "niemand": "nobody",
    "nichts": "nothing",
    "frei": "free",
    "verfehlt": "missed",
    "karte": "card",
    "gelegt": "laid",
    "würfeln": "roll",
    "würfle": "roll",
    "wuerfeln": "roll",
    "würfel": "die",
    "gefangen": "caught",
    "bei": "at",
    "schritt": "step",
    "auf": "on",
}


def _face(word: str) -> str:
    if word in ("arrows", "pfeil", "→"):
        return "arrow"
    return word


def from_record(data: Any, allow_map: bool = True) -> MummySession:
    """A session resumed from a record (its JSON form): every input is played again, so
    the computer's steps and die rolls come out as they did. ``allow_map=False`` refuses a
    record played on a map file (a server never opens a path a client sent)."""
    try:
        record = Record.from_json(data)
    except RecordError as exc:
        raise MummyCompanionError(
            _("not a record of this companion: {error}").format(error=exc)
        ) from None
    if not allow_map and (record.options or {}).get("map_file"):
        raise MummyCompanionError(
            _(
                "this game was played on a maze of its own: resume it in the terminal "
                "(obelisk companion mummy --resume FILE)"
            )
        )
    if record.game != TABLE_GAME.name:
        raise MummyCompanionError(
            _("this is a record of '{game}', not of the mummy companion").format(game=record.game)
        )
    seats = record.seats or []
    names = [str(x.get("name", f"Player {i}")) for i, x in enumerate(seats[1:], 1)]
    level = str((record.meta or {}).get("level", "normal"))
    if level not in LEVELS:
        level = "normal"
    if len(names) != record.num_players - 1:
        names = [f"Player {i}" for i in range(1, record.num_players)]
    try:
        replay(record, lambda _name: TABLE_GAME, check_result=False)
    except RecordError as exc:
        raise MummyCompanionError(
            _("the record does not replay: {error}").format(error=exc)
        ) from None
    session = MummySession(names, level, record.seed, dict(record.options or {}))
    bot_steps: list[dict[str, Any]] = []
    for i, step in enumerate(record.steps):
        if step.get("seat") == 0:
            bot_steps.append(step["action"])
            continue
        try:
            action = TABLE_GAME.action_from_json(step["action"])
            session.apply(action)
        except (MummyCompanionError, Exception) as exc:
            raise MummyCompanionError(
                _("input {n} of the record does not fit: {error}").format(n=i + 1, error=exc)
            ) from None
    mine = [st.action.to_json() for st in session.state.history if st.seat == 0]
    if mine[: len(bot_steps)] != bot_steps:
        raise MummyCompanionError(
            _(
                "the record's mummy moved otherwise than this computer would: it was not made "
                "by this companion at this level"
            )
        )
    session.read = len(session.state.events_for(1))
    return session


def load(path: str | Path) -> MummySession:
    """A session resumed from a saved record file."""
    try:
        data = json.loads(Path(path).read_text("utf-8"))
    except (OSError, json.JSONDecodeError, UnicodeDecodeError) as exc:
        raise MummyCompanionError(
            _("cannot read {path}: {error}").format(path=path, error=exc)
        ) from None
    return from_record(data)
