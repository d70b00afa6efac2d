"""The core protocol: :class:`Game` describes a game, :class:`State` is one position,
an :class:`Agent` plays one seat from its :class:`PlayerView`.

A game subclasses both. The state implements a few hooks (``_setup``,
``current_player``, ``legal_actions``, ``_apply``, ``is_terminal``,
``scores``, ``observation``); the game holds its sampler (``redraw_hidden``,
where something is hidden) and its words (``narrator``, ``choices``,
``refusals``, ``renderer``: ``obelisk.core.words``). The base class supplies
checked ``apply``, history, events, ``clone``, ``determinize``, ``returns``
and the undo bookkeeping, so every game behaves the same to the programs
above it.
"""

from __future__ import annotations

import copy
import dataclasses
import importlib
import importlib.resources
import json
import random
import sys
from abc import ABC, abstractmethod
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar, NamedTuple, Protocol, cast, runtime_checkable

from .actions import Action, action_from_json, parse_action_text
from .chance import Chance
from .errors import ActionFormatError, IllegalAction, InvalidOptions, QuietStateError
from .events import Event, json_form, redact, visible_to
from .i18n import Words, translate_lesson, translate_markdown
from .log import AppendLog, NullLog
from .narration import Narrator, Voice
from .options import make_options, options_to_json
from .turn import ClockTick, GameClock
from .words import Choices, Refusals, Renderer

#: The core's own words (yes and no, the undo policy's sentences) in the reader's language.
_core_words = Words(__package__)
_ = _core_words.gettext

JSON = Any

#: ``current_player`` once the game is over.
TERMINAL = -1
#: The seat recorded for a system action (a clock tick), which no player takes.
SYSTEM = -2


@dataclasses.dataclass(frozen=True)
class Capabilities:
    """What kind of game this is, as data the CLI, server and simulator read."""

    hidden_information: bool = True
    chance: bool = True
    realtime_clock: bool = False
    elimination: bool = False
    cooperative: bool = False
    #: Action kinds that the system (not a seat) may apply at any time, e.g. ``tick``.
    system_actions: tuple[str, ...] = ()
    #: The system action that feeds a real-time clock wall time, and its seconds field
    #: (``ClockTick(Tick, "seconds")``); the server and the terminal tick with it.
    tick: ClockTick | None = None
    #: An upper bound on the number of steps of any game (the conformance suite checks it).
    max_steps: int = 5000
    #: Where a seat may undo its own decisions (see :meth:`State.undoable`).
    undo: bool = True
    #: A memory game (Ramses II, Abu Simbel): what the table shows only for a moment
    #: (``observation``) may be shown by a face only for that moment; faces redraw the
    #: table in place and keep no picture of past reveals (see ``obelisk.core.narration``).
    memory: bool = False

    def labels(self) -> list[str]:
        """Short names of the capabilities that are on, for tables."""
        names = [
            "hidden_information",
            "chance",
            "realtime_clock",
            "elimination",
            "cooperative",
            "memory",
        ]
        return [n.replace("_", " ") for n in names if getattr(self, n)]


#: The names of the levels people choose from, weakest first (the same names in every game).
LADDER = ("easy", "normal", "hard", "expert")


@dataclasses.dataclass(frozen=True)
class PlayerLevel:
    """One rung of the ladder people choose from, as a game defines it.

    ``plays_as`` names the research player behind the rung, in the level language of
    ``obelisk.agents`` (a game's own player such as ``medium`` or ``belief``, ``heuristic``,
    ``careless:p=0.3``, ``search-normal`` or ``ismcts:…``), so a game defines its ladder
    without knowing how agents are built. ``words`` is what a player reads.
    """

    plays_as: str
    words: str


class Step(NamedTuple):
    """One applied action in a state's history."""

    seat: int
    action: Action
    chance_start: int
    chance_end: int
    #: True when the step may not be taken back (chance, a reveal, a clock event).
    barrier: bool


# -- roles and score meaning, for simulation reports (issue 35) ---------------------------
#: The score kinds a game may declare (see :class:`ScoreMeaning`).
SCORE_KINDS = ("win_lose", "points", "composite")


@dataclasses.dataclass(frozen=True)
class ScoreMeaning:
    """What a game's final ``scores()`` mean, so a report leaves out what makes no sense.

    ``kind`` is ``"win_lose"`` (1 for the winner, 0 otherwise: no margin, no running
    lead), ``"points"`` (one scale shared by every seat) or ``"composite"`` (seats or
    roles count different things; ``words`` says what). ``words`` is read by people.
    """

    kind: str = "points"
    words: str = "points"
    #: Whether every finished game has a winner, so the returns always sum to 1 (a
    #: constant-sum game); False where the game itself may win (Khufu) or a game may end
    #: unfinished by a round cap.
    winner_always: bool = True

    def __post_init__(self) -> None:
        if self.kind not in SCORE_KINDS:
            raise ValueError(f"a score kind is one of {', '.join(SCORE_KINDS)}, not {self.kind!r}")

    @property
    def margin_meaningful(self) -> bool:
        """Whether the winner's points minus the runner-up's say something."""
        return self.kind == "points"


class Game(ABC):
    """A game's description and factory. One instance per game, in the registry."""

    name: ClassVar[str]
    title: ClassVar[str]
    min_players: ClassVar[int]
    max_players: ClassVar[int]
    Options: ClassVar[type[Any]]
    capabilities: ClassVar[Capabilities] = Capabilities()
    action_types: ClassVar[tuple[type[Action], ...]] = ()
    #: Named option presets (``--variant NAME``); the conformance suite runs each.
    variants: ClassVar[Mapping[str, Mapping[str, Any]]] = {}
    #: A few lines in our own words for ``obelisk rules``.
    summary: ClassVar[str] = ""
    #: Moves a search rollout plays before it scores the standing (``obelisk.agents``).
    #: Games whose rounds are long raise it, so that a rollout sees a round through.
    rollout_depth: ClassVar[int] = 10
    #: The game's narration: its events as sentences for a reader (``obelisk.core.narration``).
    narrator: ClassVar[Narrator] = Narrator()
    #: What an action does and why a hint chose it, in words (``obelisk.core.words``).
    choices: ClassVar[Choices[Any]] = Choices()
    #: Why an action is refused, naming the rule.
    refusals: ClassVar[Refusals[Any]] = Refusals()
    #: The position as text for the terminal.
    renderer: ClassVar[Renderer[Any]] = Renderer()

    @abstractmethod
    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        """Construct the state subclass (the base calls ``_setup`` on it)."""

    def new_state(
        self,
        num_players: int | None = None,
        seed: int = 0,
        options: Any = None,
        *,
        forced: Sequence[Any] = (),
    ) -> State:
        """A new game at its start. ``options`` is an ``Options`` instance or a mapping.

        ``forced`` scripts the chance outcomes of the set-up (see :meth:`Chance.force`),
        so a test deals exact hands: ``new_state(2, forced=[[1, 2, 3], [7, 8, 9]])``.
        """
        n = self.min_players if num_players is None else num_players
        opts = self.make_options(options)
        self.check_players(n, opts)
        self.check_options(opts, n)
        state = self._make_state(n, int(seed), opts)
        state.chance.force(*forced)
        state._setup()
        return state

    def make_options(self, values: Any = None) -> Any:
        """Options from an ``Options`` instance, a mapping, or None (the defaults)."""
        if isinstance(values, self.Options):
            return values
        if values is not None and not isinstance(values, Mapping):
            raise InvalidOptions(f"options must be a mapping, got {type(values).__name__}")
        return make_options(self.Options, values)

    def variant_options(self, variant: str | None, values: Mapping[str, Any] | None = None) -> Any:
        """The options of a named variant with ``values`` on top."""
        merged: dict[str, Any] = {}
        if variant:
            if variant not in self.variants:
                known = ", ".join(sorted(self.variants)) or "none"
                raise InvalidOptions(f"{self.title} has no variant '{variant}'; variants: {known}")
            merged.update(self.variants[variant])
        merged.update(values or {})
        return self.make_options(merged)

    def check_players(self, num_players: int, options: Any) -> None:
        """Raise :class:`InvalidOptions` if ``num_players`` cannot play with ``options``.

        Default: ``min_players``..``max_players``. A game whose options open another
        count (Khufu's two-player option) overrides it.
        """
        n = num_players
        if (
            not isinstance(n, int)
            or isinstance(n, bool)
            or not self.min_players <= n <= self.max_players
        ):
            raise InvalidOptions(
                f"{self.title} is for {self.min_players}-{self.max_players} players, not {n}"
            )

    def check_options(self, options: Any, num_players: int) -> None:
        """Raise :class:`InvalidOptions` for an impossible combination (hook)."""

    def options_to_json(self, options: Any) -> dict[str, JSON]:
        """The options as JSON."""
        return options_to_json(options)

    def action_from_json(self, data: JSON) -> Action:
        """Read one of this game's actions from JSON."""
        return action_from_json(data, self.action_types)

    def narrate(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """One sentence for ``event`` (a JSON form from ``events_for``) as ``voice`` reads it,
        or None when a person need not read it. Pure: it sees nothing but the event."""
        return self.narrator.narrate(event, voice)

    def flash(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """A sentence for ``event`` to show only for this moment (memory games), or None."""
        return self.narrator.flash(event, voice)

    def lasting(self, event: Mapping[str, JSON]) -> dict[str, JSON]:
        """The event without what the table showed only for a moment (see
        :meth:`Narrator.lasting`): what a catch-up or a later reader of a live game gets."""
        return self.narrator.lasting(event)

    def clock(self, state: State) -> GameClock | None:
        """The game's clock in ``state`` as everybody may read it, or None (hook).

        Public information only (it goes to every reader with each state message). A game
        with a countdown names it and says why it stands still (``GameClock``).
        """
        return None

    def redraw_hidden(self, state: State, seat: int, rng: random.Random) -> None:
        """Re-draw, in place, everything ``seat`` cannot know in ``state`` (hook for hidden games,
        in the game's ``determinize.py``).

        Must depend only on what ``seat`` knows (its observation and redacted
        events) and on ``rng``, drawing in a canonical order, so that two states
        ``seat`` cannot tell apart give the same result for the same ``rng``.
        """
        if self.capabilities.hidden_information:
            raise NotImplementedError(f"{self.name} must implement redraw_hidden")

    def hint_agent(self) -> Agent | None:
        """The player that gives a person's ``hint`` (hook), or None for the default level.

        A memory game returns one that reads only the table as it is now, so a hint
        never recalls for the person what the person must remember.
        """
        return None

    def heuristic_agent(self) -> Agent | None:
        """The game's own heuristic player, if it has one (hook)."""
        return None

    def playout_agent(self) -> Agent | None:
        """The game's sensible playout player, for the conformance suite and ``obelisk bench``
        (hook), or None to play uniformly at random.

        Pure random play misses seats or phases in some games (a random gesture fails
        Abu Simbel's way in, so seat 0 loses its charms within 3 moves and no other seat
        ever moves). This player must reach every seat and the game's normal end. It is
        asked for once per seat and game, so it may keep memory. Default: the heuristic
        (:meth:`heuristic_agent`).
        """
        return self.heuristic_agent()

    def agent_levels(self) -> dict[str, Callable[[], Agent]]:
        """The game's own named computer-player levels (hook): ``{"heuristic": factory, …}``.

        Games add human-like levels here (a memory model, a belief tracker); the
        generic levels (random, ISMCTS) live in ``obelisk.agents``.
        """
        bot = self.heuristic_agent()
        return {} if bot is None else {"heuristic": self.heuristic_agent}  # type: ignore[dict-item]

    def player_ladder(self) -> dict[str, PlayerLevel]:
        """The levels offered to people, by name from :data:`LADDER`, weakest first (hook).

        Each rung is the best player of that strength the project has for this game. A
        game that cannot give four distinguishable levels offers fewer. An empty ladder
        means the generic search ladder of ``obelisk.agents``. Default: ``PLAYER_LADDER``
        of the module ``levels`` beside the game's module, if there is one.
        """
        return dict(getattr(self._levels_module(), "PLAYER_LADDER", {}))

    def oracle_levels(self) -> frozenset[str]:
        """Own levels that know more than a person could (perfect memory, peeking) (hook).

        They are for analysis only: ``play``, the server and the web page never offer them.
        Default: ``ORACLES`` of the game's ``levels`` module, if there is one.
        """
        return frozenset(getattr(self._levels_module(), "ORACLES", ()))

    def _levels_module(self) -> Any:
        """The ``levels`` module beside the game's module, or None."""
        package = self._package()
        if not package:
            return None
        try:
            return importlib.import_module(f"{package}.levels")
        except ModuleNotFoundError as e:
            if e.name != f"{package}.levels":
                raise
            return None

    def action_space(self, num_players: int, options: Any) -> Sequence[Action]:
        """Every action any seat may ever take with these settings, in a fixed order.

        A hook for the research adapters (a fixed integer action space). Games
        that do not implement it get an action space sampled from random games.
        """
        raise NotImplementedError(f"{self.title} does not enumerate its action space")

    def _package(self) -> str:
        """The package holding the game's class (its folder), or "" for a lone module."""
        name = type(self).__module__
        module = sys.modules.get(name)
        if module is not None and getattr(module, "__path__", None) is not None:
            return name  # the class is defined in the package's __init__
        return name.rpartition(".")[0]

    def typed_words(self) -> dict[str, str]:
        """The command words a person may type in the reader's language, each with the
        English action kind it stands for (hook; default none): ``{"nimm": "take"}``,
        written ``{W.pgettext("typed command", "take"): "take"}`` so the catalog holds them."""
        return {}

    def in_english(self, typed: str) -> str:
        """A typed line with its command word (:meth:`typed_words`) and its yes/no words
        in English, the form the actions are read in (``nimm 2`` → ``take 2``)."""
        words = typed.split()
        if not words:
            return typed
        table = {k.lower(): v for k, v in self.typed_words().items()}
        first = table.get(words[0].lower())
        if first is not None:
            words[0] = first
        yes, no = _core_words.gettext("yes").lower(), _core_words.gettext("no").lower()
        words = ["yes" if w.lower() == yes else "no" if w.lower() == no else w for w in words]
        return " ".join(words)

    def typed_form(self, action: Action) -> str:
        """How ``action`` is typed in the reader's language (its text form with the
        command word of :meth:`typed_words`): ``nimm 2`` for ``take 2``."""
        text = action.text()
        kind, _, rest = text.partition(" ")
        for word, english in self.typed_words().items():
            if english == kind:
                return f"{word} {rest}".strip()
        return text

    def lessons(self) -> list[dict[str, Any]]:
        """The game's lessons for ``obelisk learn``, as data (hook).

        Default: the list in ``lessons.json`` beside the game's module, if there is
        one. The format is documented in ``docs/lessons.md``.
        """
        package = self._package()
        if not package:
            return []
        try:
            text = importlib.resources.files(package).joinpath("lessons.json").read_text("utf-8")
        except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
            return []
        data = json.loads(text)
        if not isinstance(data, list):
            return []
        words = self.words
        return [cast(dict[str, Any], translate_lesson(lesson, words)) for lesson in data]

    def show_title(self) -> str:
        """The game's title as the reader's language says it (``Fluch der Mumie`` in German,
        without the English subtitle); :attr:`title` stays the one name in JSON. A title
        its catalog does not list is the same in every language."""
        return self.words.find(self.title) or self.title

    @property
    def words(self) -> Words:
        """The game's words in the reader's language (its package's catalogs, see
        :mod:`obelisk.core.i18n`): ``game.words.gettext(game.summary)``."""
        return Words(self._package() or "obelisk.core")

    def rules_text(self) -> str:
        """The game's rules as implemented, in Markdown (``rules.md`` beside the game's
        module, shipped as package data), or the summary where there is none."""
        return self._package_text("rules.md") or self.summary

    def player_rules(self) -> str:
        """The rules written for players, in Markdown (``player_rules.md`` beside the game's
        module, package data), or the summary where there is none."""
        text = self._package_text("player_rules.md")
        if text is None:
            return f"# {self.title}\n\n{self.words.gettext(self.summary)}"
        return translate_markdown(text, self.words)

    def _package_text(self, name: str) -> str | None:
        """The text file ``name`` shipped beside the game's module, or None."""
        package = self._package()
        if package:
            try:
                return importlib.resources.files(package).joinpath(name).read_text("utf-8")
            except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
                pass
        return None

    def lesson_practice(self, name: str) -> Callable[[Any, Any], None] | None:
        """A named interactive practice routine a lesson can call (hook).

        It is called with a teacher (say/show/ask/choose, see ``obelisk.learn``)
        and a ``random.Random``; e.g. Khufu's challenge-odds practice loop.
        Default: the ``PRACTICE`` dict of the module ``practice`` in the game's package.
        """
        package = self._package()
        if not package:
            return None
        try:
            module = importlib.import_module(f"{package}.practice")
        except ModuleNotFoundError:
            return None
        routine = getattr(module, "PRACTICE", {}).get(name)
        return routine if callable(routine) else None

    def player_counts(self) -> range:
        """Every supported number of players."""
        return range(self.min_players, self.max_players + 1)

    # -- roles and score meaning, for simulation reports (issue 35) --------------------
    def seat_roles(self, num_players: int, options: Any) -> tuple[str, ...]:
        """Each seat's role in a game of ``num_players`` (hook), e.g. ``("mummy",
        "explorer")``: a report compares roles with each other and seats only within
        a role. Default: every seat is a ``"player"``."""
        return ("player",) * num_players

    def score_meaning(self, options: Any) -> ScoreMeaning:
        """What the final ``scores()`` mean (hook). Default: points on one scale."""
        return ScoreMeaning()

    def __repr__(self) -> str:
        return f"<Game {self.name}>"


_BASE_FIELDS = frozenset(
    {
        "game",
        "num_players",
        "options",
        "seed",
        "events",
        "chance",
        "history",
        "replayable",
        "loud",
        "_barrier",
        "_seen",
        "_det_seen",
    }
)


#: A field's value when it was never set.
_UNSET = object()

#: Per state class, the fields a compiled game keeps outside the instance's ``__dict__``.
_NATIVE: dict[type, tuple[str, ...]] = {}


def native_fields(cls: type) -> tuple[str, ...]:
    """The fields of a state class compiled with mypyc (``setup.py``, issue 37) that live in
    the compiled class's slots, not in the instance's ``__dict__``: none in the pure package."""
    got = _NATIVE.get(cls)
    if got is None:
        names: list[str] = []
        for c in cls.__mro__:
            for name in c.__dict__.get("__mypyc_attrs__", ()):
                if name != "__dict__" and name not in names:
                    names.append(name)
        got = _NATIVE[cls] = tuple(names)
    return got


def state_fields(state: State) -> dict[str, Any]:
    """Every field of ``state`` by name: its ``__dict__``, and a compiled game's fields."""
    data = dict(getattr(state, "__dict__", {}))  # a compiled state just made has none yet
    for name in native_fields(type(state)):
        value = getattr(state, name, _UNSET)
        if value is not _UNSET:  # else not set in this game
            data[name] = value
    return data


#: Builds a :class:`Step` from one tuple (faster than ``Step(...)`` on the hot path).
_new_step: Callable[[type[Step], tuple[Any, ...]], Step] = tuple.__new__

#: What a state keeps of one seat's view of the past: how many of its events were read,
#: the ones the seat saw, and their JSON forms (the same dicts for every reader).
_Seen = tuple[int, AppendLog[Event], AppendLog[dict[str, JSON]]]


class State(ABC):
    """One position of a game. Mutable; :meth:`clone` for an independent copy."""

    def __init__(self, game: Game, num_players: int, seed: int, options: Any) -> None:
        self.game = game
        self.num_players = num_players
        self.options = options
        self.seed = seed
        self.events: AppendLog[Event] = AppendLog()
        self.chance = Chance(seed, self.events)
        self.history: AppendLog[Step] = AppendLog()
        #: False for a determinized copy, whose hidden parts were invented.
        self.replayable = True
        #: False for a quiet state (:meth:`quiet`): it keeps no events, so a game's rules
        #: skip building them (``if self.loud:``) on their hot paths.
        self.loud = True
        self._barrier = False
        #: Per seat: (how many events were read, the ones the seat saw, their JSON forms),
        #: kept up to date lazily.
        self._seen: dict[int | None, _Seen] = {}
        #: Per determinizing seat: how many events it had seen, and what each seat sees of
        #: them (every determinized copy of one position starts from the same events).
        self._det_seen: dict[int, tuple[int, dict[int | None, _Seen]]] = {}

    # -- hooks a game implements ---------------------------------------------
    @abstractmethod
    def _setup(self) -> None:
        """Set up the start of the game (deal, place, shuffle through ``self.chance``)."""

    @property
    @abstractmethod
    def current_player(self) -> int:
        """The seat to decide, or :data:`TERMINAL`."""

    @abstractmethod
    def legal_actions(self) -> list[Action]:
        """The current player's legal actions, in a stable order (empty when terminal)."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Play a legal action (no checks needed)."""

    @abstractmethod
    def is_terminal(self) -> bool:
        """Whether the game is over."""

    @abstractmethod
    def scores(self) -> list[float]:
        """Points per seat (meaningful at the end; games may show running scores)."""

    def standing(self) -> list[float]:
        """How well each seat stands before the end, on one scale (hook). Default: ``scores()``.

        The computer players' search scores an unfinished playout by the
        differences between these values (see ``obelisk.agents.ismcts.evaluate``),
        so a game whose ``scores()`` say nothing until the end (a race, a
        win-or-lose game) or mix units between seats overrides this with a
        measure of progress. It is only called on a searcher's determinized
        copies, so it may read the whole state.
        """
        return self.scores()

    @abstractmethod
    def observation(self, seat: int | None) -> dict[str, JSON]:
        """Everything ``seat`` may know now, JSON-ready; None is a spectator."""

    def recall(self, seat: int) -> dict[str, JSON]:
        """Figures ``seat`` could count from the events it saw, kept by the game as state
        so that a quiet copy, which keeps no events, has them too (hook, issue 37).

        A player that would otherwise read its past (``PlayerView.events``) for them reads
        these instead and may then play quiet copies (``reads_events = False``). Only what
        the seat's own events show, never more: not what it sees on the table now (that is
        the observation) and nothing it could not have seen. Default: nothing.
        """
        return {}

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        """Re-draw, in place, everything ``seat`` cannot know: the game's sampler
        (:meth:`Game.redraw_hidden`, a game's ``determinize.py``)."""
        self.game.redraw_hidden(self, seat, rng)

    def action_event(self, seat: int, action: Action) -> list[Event]:
        """The events that announce an action (hook). Default: public.

        A game whose moves are secret returns a private event for ``seat`` and
        a public shadow (``{"seat": s, "text": "moved"}``) for everybody else.
        """
        return [Event("action", {"seat": seat, "action": action.to_json(), "text": action.text()})]

    def winners(self) -> list[int]:
        """The winning seats (hook). Default: the highest score; ties share."""
        sc = self.scores()
        best = max(sc)
        return [i for i, s in enumerate(sc) if s == best]

    def _check_system(self, action: Action) -> None:
        """Raise :class:`IllegalAction` if the system may not apply ``action`` now (hook)."""
        if action.kind not in self.game.capabilities.system_actions:
            raise IllegalAction(
                f"'{action.kind}' is not a system action of {self.game.title}", "core:system"
            )

    def _apply_system(self, action: Action) -> None:
        """Apply a system action (hook; games with a clock implement it)."""
        raise IllegalAction(f"{self.game.title} has no system actions", "core:system")

    # -- the words, held by the game (``obelisk.core.words``) ---------------------
    def choice_text(self, action: Action) -> str:
        """What ``action`` does, in words, from the current player's side (the game's choices)."""
        return self.game.choices.choice_text(self, action)

    def hint_refusal(self, seat: int) -> str | None:
        """Why a hint cannot help ``seat`` now, or None (the game's choices)."""
        return self.game.choices.hint_refusal(self, seat)

    def hint_reason(self, seat: int, action: Action) -> str | None:
        """Why ``action`` is a good choice for ``seat`` now, or None (the game's choices)."""
        return self.game.choices.hint_reason(self, seat, action)

    def explain_illegal(self, action: Action) -> IllegalAction:
        """Why ``action`` is illegal now, naming the rule (the game's refusals)."""
        return self.game.refusals.explain(self, action)

    def to_text(self, seat: int | None, names: Sequence[str] | None = None) -> str:
        """A short rendering of ``observation(seat)``, seats by ``names`` (the game's renderer)."""
        return self.game.renderer.to_text(self, seat, names)

    # -- the protocol ------------------------------------------------------------
    def apply(self, action: Action) -> None:
        """Play ``action`` for the current player.

        Raises :class:`IllegalAction` (with the rule that forbids it) and leaves
        the state unchanged when the action is not legal now.
        """
        if self.is_terminal():
            raise IllegalAction("the game is over", "core:terminal")
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action", "core:format")
        if action not in self.legal_actions():
            raise self.explain_illegal(action)
        self._do(self.current_player, action)

    def apply_unchecked(self, action: Action) -> None:
        """Play an action known to be legal (taken from :meth:`legal_actions` of this very
        state), skipping the legality check: the fast path for search and simulation."""
        self._do(self.current_player, action)

    def apply_system(self, action: Action) -> None:
        """Apply a system action (a clock tick); it is recorded and never undone."""
        if not isinstance(action, Action):
            raise IllegalAction(f"{action!r} is not an action", "core:format")
        self._check_system(action)
        self._do(SYSTEM, action)

    def _do(self, seat: int, action: Action) -> None:
        # The hot path of every search and simulation: lengths are read from the logs'
        # slots and the Step is built without NamedTuple's Python-level __new__.
        log = self.chance.log
        start = log._n
        if not self.loud:
            # a quiet state: no announcement, and no barrier (it is never undone)
            if seat != SYSTEM:
                self._apply(action)
            else:
                self._apply_system(action)
            step = _new_step(Step, (seat, action, start, log._n, False))
            history = self.history
            steps = history._items
            if len(steps) == history._n:  # AppendLog.append, written out for the hot path
                steps.append(step)
                history._n += 1
            else:
                history.append(step)
            return
        events = self.events
        ev_start = events._n
        if seat != SYSTEM:
            self._barrier = False
            events.extend(self.action_event(seat, action))
            self._apply(action)
        else:
            # a clock tick that only moved time on (no chance, no event) does not bar undo
            self._barrier = False
            self._apply_system(action)
            if events._n != ev_start:
                self._barrier = True
        end = self.chance.log._n
        # a step is a barrier to undo if it drew chance or showed somebody something
        barrier = self._barrier or end != start
        if not barrier:
            items = events._items
            for i in range(ev_start, events._n):
                e = items[i]
                if e.to is not None and e.kind != "action":
                    barrier = True
                    break
        self.history.append(_new_step(Step, (seat, action, start, end, barrier)))

    def mark_barrier(self) -> None:
        """Called from ``_apply``: the current step may not be taken back (a reveal, a turn end)."""
        self._barrier = True

    def parse_action(self, text: str) -> Action:
        """The legal action a person typed: by number (from 1) or text form, or else in the
        words of the game's choices (:meth:`Choices.parse_words`, e.g. ``bet falcon``)."""
        legal = self.legal_actions()
        try:
            return parse_action_text(text, legal)
        except ActionFormatError as first:
            english = self.game.in_english(text)
            if english != text:
                try:
                    return parse_action_text(english, legal)
                except ActionFormatError:
                    pass
            try:
                found = self.game.choices.parse_words(self, text, legal)
            except ActionFormatError:
                found = None
            if found is None:
                raise first from None
            return found

    @property
    def cooperative(self) -> bool:
        """Whether the seats play as one team in this game (hook: a cooperative variant
        of a competitive game overrides it). Default: the game's capability."""
        return self.game.capabilities.cooperative

    def returns(self) -> list[float]:
        """At the end: 1 for a win, 0 for a loss, a win shared equally on ties.

        In a cooperative game every seat gets the same outcome (1 if the team won).
        Before the end: zeros.
        """
        n = self.num_players
        if not self.is_terminal():
            return [0.0] * n
        win = self.winners()
        if self.cooperative:
            return [1.0 if win else 0.0] * n
        if not win:
            return [0.0] * n
        share = 1.0 / len(win)
        return [share if i in win else 0.0 for i in range(n)]

    def events_for(self, seat: int | None, start: int = 0) -> list[dict[str, JSON]]:
        """The events ``seat`` may see (from index ``start`` of :attr:`events`), as JSON."""
        self._refuse_quiet("events_for")
        return redact(self.events[start:], seat)

    def seen_events_for(self, seat: int | None, start: int = 0) -> list[dict[str, JSON]]:
        """The events ``seat`` saw, as JSON, from the ``start``-th of those it saw.

        The dicts are shared with later calls and with the state's copies (an agent
        re-reading its past gets the same objects, which makes comparing them cheap):
        read them, do not modify them.
        """
        return self._seen_view(seat)[2][start:]

    def clone(self) -> State:
        """An exact, independent copy (chance generator included)."""
        cls = type(self)
        new = cls.__new__(cls)
        new.__dict__ = d = self.__dict__.copy()
        if self.loud:
            d["events"] = events = self.events.fork()
            d["chance"] = self.chance.copy(events)
        else:  # a quiet state's NullLog keeps nothing: the copy shares it
            d["chance"] = self.chance.copy(None)
        d["history"] = self.history.fork()
        d["_seen"] = {}
        d["_det_seen"] = {}
        native = _NATIVE.get(cls)
        if native is None:
            native = native_fields(cls)
        if native:  # a game compiled with mypyc: its fields are not in the __dict__
            self._copy_fields(new)
        self._clone_into(new)
        return new

    def _copy_fields(self, new: State) -> None:
        """Copy the fields of a game compiled with mypyc (``setup.py``) into ``new``; called
        by :meth:`clone` only for a compiled game (the pure one's are in its ``__dict__``).

        Hook: the default copies them by name; a game writes them out, ``new.x = self.x``
        for each, which compiled is a few times faster.
        """
        for name in native_fields(type(self)):
            value = getattr(self, name, _UNSET)
            if value is not _UNSET:  # else not set in this game
                setattr(new, name, value)

    def _clone_into(self, new: State) -> None:
        """Copy the game's own mutable fields into ``new`` (hook; default deep copy)."""
        for k, v in vars(self).items():
            if k not in _BASE_FIELDS:
                setattr(new, k, copy.deepcopy(v))

    def quiet(self) -> State:
        """Make this state *quiet*, in place, and return it: a copy for a search or a
        playout that nobody reads the events of (issue 37).

        From now on it keeps no events (its log drops what is appended, chance builds no
        event), a step skips the action's announcement and the undo bookkeeping, and the
        game's rules skip building their events (``if self.loud:``). What the game does is
        unchanged: the same actions give the same positions, history, scores and end.
        What needs events is refused with :class:`QuietStateError`: a seat's events
        (``events_for``, ``seen_events_for``, a :class:`PlayerView`'s ``events`` and
        ``step``), ``determinize``, a record and undo. So hand a quiet state only to players
        that read no events (see ``obelisk.agents.reads_events``).
        """
        if self.loud:
            self.loud = False
            self.events = NullLog()
            self.chance.sink = None
            self.replayable = False
            self._seen = {}
            self._det_seen = {}
        return self

    def _refuse_quiet(self, what: str) -> None:
        """Raise :class:`QuietStateError` if this state is quiet: ``what`` needs its events."""
        if not self.loud:
            raise QuietStateError(
                f"{what} needs the events of the game, and this {self.game.title} state is "
                "quiet (a simulation copy that keeps none, see State.quiet)"
            )

    def determinize(self, seat: int, rng: random.Random) -> State:
        """A copy in which everything ``seat`` cannot know is re-drawn from ``rng``.

        The copy keeps only ``seat``'s view of the past: its events are the
        ones ``seat`` saw, its history and chance log are dropped, and its
        chance generator is reseeded from ``rng``, so a search that reads the
        copy learns nothing the seat could not know.
        """
        self._refuse_quiet("determinize")
        new = self.clone()
        view = self._seen_view(seat)
        new.events = view[1].fork()
        new.chance.sink = new.events
        new._seen = dict(self._views_of_seen(seat, view))
        new.history = AppendLog()
        new.chance.forget()
        new.chance.clear_forced()
        new.chance.reseed(rng.getrandbits(64))
        new.replayable = False
        new._redraw_hidden(seat, rng)
        return new

    def _seen_view(self, seat: int | None) -> _Seen:
        """The events ``seat`` may see, in order, and their JSON forms, brought up to date
        (cached: events only grow; do not modify)."""
        self._refuse_quiet("a seat's view of the past")
        events = self.events
        n = len(events)
        cached = self._seen.get(seat)
        if cached is None:
            seen: AppendLog[Event] = AppendLog(e for e in events if visible_to(e, seat))
            forms: AppendLog[dict[str, JSON]] = AppendLog(map(json_form, seen))
        else:
            done, seen, forms = cached
            if done == n:
                return cached
            new = [e for e in events[done:] if visible_to(e, seat)]
            seen = seen.fork()
            seen.extend(new)
            forms = forms.fork()
            forms.extend(map(json_form, new))
        view = self._seen[seat] = (n, seen, forms)
        return view

    def _views_of_seen(self, seat: int, view: _Seen) -> dict[int | None, _Seen]:
        """What every seat sees of the events ``seat`` saw: the ``_seen`` of a determinized copy.

        Cached until ``seat`` sees more, so a search that draws thousands of copies of
        one position filters those events once, not once per copy and seat. The JSON
        forms are ``seat``'s own (an event's form does not depend on who reads it).
        """
        _, seen, forms = view
        n = len(seen)
        cached = self._det_seen.get(seat)
        if cached is not None and cached[0] == n:
            return cached[1]
        views: dict[int | None, _Seen] = {seat: (n, seen, forms)}
        for other in range(self.num_players):
            if other != seat:
                pairs = [(e, f) for e, f in zip(seen, forms, strict=True) if visible_to(e, other)]
                views[other] = (
                    n,
                    AppendLog(e for e, _ in pairs),
                    AppendLog(f for _, f in pairs),
                )
        self._det_seen[seat] = (n, views)
        return views

    def seen_count(self, seat: int | None) -> int:
        """How many events ``seat`` has seen so far."""
        return len(self._seen_view(seat)[1])

    def undoable(self, seat: int) -> int:
        """How many of ``seat``'s last decisions it may take back now (the undo policy).

        A seat takes back its own last decisions while nothing hidden was revealed since
        and no other seat has acted since: a decision that passed the turn stays undoable
        until the next seat acts. Never across a chance outcome, a reveal or a clock
        event (each a barrier step, see :meth:`mark_barrier`). Time merely passing on a
        running clock (a tick that drew nothing and showed nothing) is no clock event:
        undo keeps it and takes back the decisions around it.
        """
        if not self.game.capabilities.undo or not self.replayable:
            return 0
        n = 0
        for step in reversed(self.history):
            if step.seat == SYSTEM and not step.barrier:
                continue  # time passing on a running clock (kept, see ``record.undo``)
            if step.seat != seat or step.barrier:
                break
            n += 1
        return n

    def sim_progress(self) -> list[float]:
        """Each seat's progress toward winning on one scale, read by the simulator after
        every step for lead changes, drama and decisiveness (hook, issue 35). Default:
        :meth:`standing`. It may read the whole state (only the referee calls it)."""
        return self.standing()

    def undo_refusal(self, seat: int, names: Sequence[str] | None = None) -> str | None:
        """Why ``seat`` can take nothing back now, as a plain sentence to show the person
        (None when :meth:`undoable` allows at least one step). ``names`` are the seats'
        names as the person reads them (default ``Player N``)."""
        if self.undoable(seat) > 0:
            return None
        if not self.game.capabilities.undo:
            return _("Undo is switched off in {game}: its rules keep every move.").format(
                game=self.game.show_title()
            )
        if not self.replayable:
            return _("This copy of the game cannot be replayed, so nothing can be taken back.")

        def name(p: int) -> str:
            if names is not None and 0 <= p < len(names):
                return names[p]
            return _("Player {n}").format(n=p + 1)

        for step in reversed(self.history):
            if step.seat == SYSTEM:
                if not step.barrier:
                    continue
                return _("The clock has moved the game on since your last decision.")
            if step.seat != seat:
                return _("{name} has played since.").format(name=name(step.seat))
            if step.chance_end != step.chance_start:
                return _(
                    "Your last decision drew a card or rolled a die, and chance is never "
                    "taken back."
                )
            if step.barrier:
                return _(
                    "Your last decision showed something that was hidden (a card turned "
                    "face up, a move judged), and what the table has shown stays shown."
                )
            # the core policy allowed it and the game's own rule refused (a time limit)
            return _("The clock has run too far to give your last decision back.")
        return _("You have made no decision yet to take back.")

    def sim_metrics(self) -> dict[str, float]:
        """The game's own numbers about a finished game for simulation reports (hook),
        e.g. ``{"rounds": 3}``. Default: none."""
        return {}

    def check_invariants(self) -> None:
        """Raise AssertionError if the state is inconsistent (hook, for tests)."""

    def __repr__(self) -> str:
        return (
            f"<{self.game.name} state: {self.num_players} players, "
            f"{len(self.history)} steps, to move: {self.current_player}>"
        )


# -- the agent protocol ---------------------------------------------------------------
# It lives beside Game and State because the three name one another (a game's hooks hand
# out agents; an agent reads a view of a state): apart, they would import one another.


class PlayerView:
    """What one seat may use to decide. Wraps a state; exposes only the seat's view."""

    __slots__ = ("__state", "seat")

    def __init__(self, state: State, seat: int) -> None:
        self.__state = state
        self.seat = seat

    @property
    def game(self) -> Game:
        """The game being played."""
        return self.__state.game

    @property
    def num_players(self) -> int:
        """How many seats the game has."""
        return self.__state.num_players

    @property
    def options(self) -> Any:
        """The game's options (public)."""
        return self.__state.options

    @property
    def step(self) -> int:
        """How many events this seat has seen so far: grows as the game goes on, drops
        after a take-back. (Not the number of actions, which would count secret moves.)"""
        return self.__state.seen_count(self.seat)

    def observation(self) -> dict[str, Any]:
        """The seat's observation."""
        return self.__state.observation(self.seat)

    def events(self, start: int = 0) -> list[dict[str, Any]]:
        """The events the seat saw, as JSON, from its ``start``-th one (counted among the
        events this seat sees, so an agent can page through its own history).

        The dicts are shared with later reads: an agent may keep and compare them, but
        must not modify them."""
        return self.__state.seen_events_for(self.seat, start)

    def recall(self) -> dict[str, Any]:
        """Figures the seat could count from the events it saw (``State.recall``): what a
        player remembers without reading its events, so also on a quiet state."""
        return self.__state.recall(self.seat)

    def legal_actions(self) -> list[Action]:
        """The seat's legal actions (empty if it is not the seat's turn)."""
        if self.__state.current_player != self.seat:
            return []
        return self.__state.legal_actions()

    def determinize(self, rng: random.Random) -> State:
        """A full state consistent with what the seat knows, hidden parts re-drawn."""
        return self.__state.determinize(self.seat, rng)


@runtime_checkable
class Agent(Protocol):
    """A player: ``act`` returns one of ``view.legal_actions()``."""

    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Choose an action for ``view.seat``."""
        ...


def reads_events(agent: Agent | None) -> bool:
    """Whether ``agent`` may read its seat's past (``PlayerView.events`` or ``step``), so
    must never be handed a quiet state (:meth:`State.quiet`).

    True unless the agent says otherwise with a class attribute ``reads_events = False``
    (a player that reads only the observation, its recall (``PlayerView.recall``) and the
    legal actions); None, uniformly random play, reads nothing.
    """
    return agent is not None and bool(getattr(agent, "reads_events", True))
