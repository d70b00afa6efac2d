"""Khufu's DVD replacement without a face: the countdown, Khufu's orders, the Challenge.

A :class:`KhufuSession` plays the DVD's part for a family playing Khufu on the real
board. It is told who is at the table (names, pieces, lucky symbols) and a seed; then
it runs the 45-minute countdown (khufu:12.1), which nothing pauses but the Ultimate
Challenge (khufu:12.3, seed: "you must not press Stop or Pause"), and Khufu appears at
the times and with the orders of the engine's Director (khufu:14.10) for that seed: the
same schedule the engine's real-time game would follow, drawn by the engine's own code
(:class:`Director`, over the engine's public ``Director.schedule``). It also gives the
five-minute warning (khufu:14.9 F2), the Ultimate Challenge (khufu:10: summon, pause,
Khufu's hand on screen, the result the players report) and the end at time-up
(khufu:11.2).

Faces (the terminal, the page) feed it whole seconds of running clock with
:meth:`KhufuSession.tick` and show its :class:`Moment` list; every input is kept as a
step of a record (:meth:`KhufuSession.record`), so a session is saved, resumed and
replayed by replaying its steps (:func:`from_record`).
"""

from __future__ import annotations

import json
import random
import time
from collections.abc import Mapping, Sequence
from dataclasses import asdict, dataclass, field
from pathlib import Path
from typing import Any

from obelisk import __version__
from obelisk.core.i18n import Words, language
from obelisk.core.narration import join_words
from obelisk.games.khufu import components as K
from obelisk.games.khufu.options import KhufuOptions

from .khufu_director import Director
from .khufu_orders import Table, order_words, pick_phrasing, stop_words
from .khufu_players import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    CompanionError,
    Player,
    check_players,
    parse_player,
    piece_id,
    player_from_json,
    symbol_id,
)
from .khufu_terms import hand_words, in_the_chamber, symbol_name

__all__ = [
    "COUNTDOWN",
    "MAX_PLAYERS",
    "MAX_TICK",
    "MIN_PLAYERS",
    "WARNING_AT",
    "CompanionError",
    "Director",
    "KhufuSession",
    "Moment",
    "Player",
    "WallClock",
    "check_players",
    "clock_words",
    "from_record",
    "game_over_words",
    "load",
    "new_session",
    "parse_player",
    "piece_id",
    "player_from_json",
    "symbol_id",
]

#: khufu:12.1 the countdown, khufu:14.9 F2 the warning, in seconds (the engine's defaults).
COUNTDOWN = KhufuOptions().countdown
WARNING_AT = KhufuOptions().final_minutes_at
#: khufu:14.7 E19: seconds lost when the sands run fast.
SANDS_SECONDS = KhufuOptions().sands_seconds
W = Words("obelisk.companion")
_, pgettext = W.gettext, W.pgettext

RECORD_FORMAT = "obelisk-companion-record"
RECORD_VERSION = 1
RESULTS = ("WIN", "LOSE", "DRAW")
#: The largest single tick accepted (a face ticks often; a huge tick is a mistake).
MAX_TICK = COUNTDOWN


# -- moments ----------------------------------------------------------------------
@dataclass(frozen=True)
class Moment:
    """Something Khufu says, at a time of the countdown: a title and the words he speaks.

    ``kind`` is ``intro``, ``start``, ``order``, ``warning``, ``challenge``,
    ``challenge_result`` or ``end``; ``event`` is the order's id (khufu:14.7) for orders.
    The words are in the language of the reader the session spoke to when it happened
    (``lang``: the voice that says them is that language's).
    """

    index: int
    kind: str
    at: int
    title: str
    speech: str
    event: str | None = None
    number: str | None = None
    detail: dict[str, Any] = field(default_factory=dict)
    lang: str = "en"

    def to_json(self) -> dict[str, Any]:
        """The moment as JSON (no hidden information: every moment is public)."""
        return asdict(self)


def clock_words(seconds: int) -> str:
    """``12:05`` for a number of seconds."""
    seconds = max(0, int(seconds))
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


# -- the session -----------------------------------------------------------------
class KhufuSession:
    """The DVD's part of one game of Khufu on the real board (see the module docstring)."""

    def __init__(self, players: Sequence[Player], seed: int) -> None:
        check_players(players)
        if not isinstance(seed, int) or isinstance(seed, bool) or seed < 0:
            raise CompanionError(_("the seed must be a whole number, 0 or more"))
        self.players: list[Player] = list(players)
        self.seed = seed
        self.director = Director(seed, len(players))
        self.rng = random.Random(f"khufu-companion:{seed}")
        #: the phrasing of each order's "Stop!" (its own stream: the orders stay as before)
        self.words = random.Random(f"khufu-words:{seed}")
        self.last_stop: str | None = None
        #: the phrasing of each order's own words (a stream of its own, as the "Stop!"'s),
        #: and the one each order had the last time it was given (issue 36)
        self.phrasing = random.Random(f"khufu-phrasing:{seed}")
        self.last_phrasing: dict[str, int] = {}
        self.table = Table(
            [p.name for p in self.players],
            [p.lucky for p in self.players],
            self.director.lucky,
        )
        #: Seconds the countdown has run (ticks while running) and seconds lost (E19).
        self.run = 0
        self.lost = 0
        self.next_due = self.director.next_due
        self.started = False
        self.paused = False
        self.warned = False
        self.over = False
        self.winner: int | None = None
        self.challenger: int | None = None
        self.khufu_hand: tuple[str, ...] = ()
        self.challenges = 0
        self.moments: list[Moment] = []
        self.steps: list[dict[str, Any]] = []
        self._intro()

    # -- what a face reads --------------------------------------------------------
    @property
    def elapsed(self) -> int:
        """khufu:12.3 the game clock: seconds run plus seconds lost to the sands."""
        return self.run + self.lost

    @property
    def remaining(self) -> int:
        """Seconds left on the countdown."""
        return max(0, COUNTDOWN - self.elapsed)

    @property
    def running(self) -> bool:
        """Whether the countdown is running now (started, not paused, not over)."""
        return self.started and not self.paused and not self.over

    @property
    def lucky(self) -> int:
        """The seat of the current Lucky (0-based)."""
        return self.table.lucky

    @property
    def sarcophagus(self) -> str:
        """The chamber holding the Sarcophagus (khufu:3.5), as its id."""
        return K.CHAMBERS[self.table.sarcophagus]

    def view(self) -> dict[str, Any]:
        """The session for a face: everything public, never the Director's future (nor the
        seed, which would tell it: khufu:17.2a)."""
        return {
            "players": [asdict(p) for p in self.players],
            "started": self.started,
            "running": self.running,
            "paused": self.paused,
            "warned": self.warned,
            "over": self.over,
            "winner": self.winner,
            "elapsed": self.elapsed,
            "remaining": self.remaining,
            "countdown": COUNTDOWN,
            "lucky": self.lucky,
            "sarcophagus": self.sarcophagus,
            "sarcophagus_words": in_the_chamber(self.sarcophagus),
            "challenger": self.challenger,
            "khufu_hand": list(self.khufu_hand) if self.paused else [],
            "khufu_hand_words": [symbol_name(s) for s in self.khufu_hand] if self.paused else [],
            "moments": [m.to_json() for m in self.moments],
        }

    def orders(self) -> list[tuple[int, str]]:
        """Every order given so far as (seconds of the game clock, event id)."""
        return [(m.at, str(m.event)) for m in self.moments if m.kind == "order"]

    # -- inputs (each is a step of the record) ------------------------------------------
    def apply(self, step: Mapping[str, Any]) -> list[Moment]:
        """Apply one record step (``{"kind": "start" | "tick" | "summon" | "result", …}``)."""
        if not isinstance(step, Mapping):
            raise CompanionError(_("a step must be an object with a kind"))
        kind = step.get("kind")
        if kind == "start":
            return self.start()
        if kind == "tick":
            return self.tick(step.get("seconds"))  # type: ignore[arg-type]
        if kind == "summon":
            return self.summon(step.get("seat"))
        if kind == "result":
            return self.result(step.get("result"), step.get("seat"))  # type: ignore[arg-type]
        raise CompanionError(
            _("unknown step '{kind}': start, tick, summon or result").format(kind=kind)
        )

    def start(self) -> list[Moment]:
        """khufu:4.9: the countdown starts with Lucky's first turn."""
        if self.started:
            raise CompanionError(_("the countdown has started already"))
        self.started = True
        self.steps.append({"kind": "start"})
        lucky = self.players[self.lucky].name
        return [
            self._say(
                "start",
                _("The countdown has begun"),
                _(
                    "The countdown has begun: forty-five minutes. {name}, you are Lucky: "
                    "roll first. And nobody stops my clock!"
                ).format(name=lucky),
            )
        ]

    def tick(self, seconds: int) -> list[Moment]:
        """``seconds`` of running clock (khufu:12.3); Khufu appears when his order is due.

        A tick while the Ultimate Challenge pauses the clock changes nothing (khufu:10.1).
        Ticks are exact at any size: one tick of 20 s equals two of 10 s.
        """
        if not isinstance(seconds, int) or isinstance(seconds, bool) or seconds < 1:
            raise CompanionError(_("a tick is a whole number of seconds, 1 or more"))
        if seconds > MAX_TICK:
            raise CompanionError(
                _("a tick of {n} seconds is longer than the game").format(n=seconds)
            )
        if not self.started:
            raise CompanionError(_("the countdown has not started yet"))
        if self.over:
            raise CompanionError(_("the game is over"))
        if self.paused:
            return []
        said: list[Moment] = []
        start = self.run
        target = self.run + seconds
        while not self.over and self.run < target:
            points = [COUNTDOWN, self.next_due]
            if not self.warned:
                points.append(COUNTDOWN - WARNING_AT)
            ahead = [p - self.lost for p in points if p - self.lost > self.run]
            self.run = min([target, *ahead])
            said.extend(self._now())
        used = self.run - start  # the record keeps the seconds the clock really ran
        last = self.steps[-1] if self.steps else None
        if last is not None and last.get("kind") == "tick":
            last["seconds"] += used  # one step per stretch of running clock
        else:
            self.steps.append({"kind": "tick", "seconds": used})
        return said

    def summon(self, seat: Any = None) -> list[Moment]:
        """khufu:10.1: a player reached the Sarcophagus: pause, show Khufu's hand, say the deal."""
        if not self.started:
            raise CompanionError(_("start the countdown first"))
        if self.over:
            raise CompanionError(_("the game is over"))
        if self.paused:
            raise CompanionError(_("Khufu is already here: finish the Ultimate Challenge first"))
        who = self._seat(seat, allow_none=True)
        self.steps.append({"kind": "summon", "seat": who})
        self.paused = True
        self.challenger = who
        self.challenges += 1
        ids = K.tables(KhufuOptions()).card_symbol
        hand = self.rng.sample(range(len(ids)), 3)  # khufu:10.3 three cards of a full deck
        self.khufu_hand = tuple(K.SYMBOLS[ids[c]] for c in hand)
        cards = join_words([symbol_name(s) for s in self.khufu_hand])
        if who is not None:
            dare = _("So, {name}, you dare to face me?").format(name=self.players[who].name)
        else:
            dare = _("So, you dare to face me?")
        deal = _(
            "The countdown is paused. My hand: {cards}. {name}, you are Lucky: shuffle the "
            "challenger's Treasure cards and deal five of them face up; all of them if there "
            "are only four or three. Challenger, choose your best three, then roll the two "
            "symbol dice. Both hands use the same dice."
        ).format(cards=cards, name=self.players[self.lucky].name)
        return [
            self._say(
                "challenge",
                _("The Ultimate Challenge"),
                f"{dare} {deal}",
                detail={"hand": list(self.khufu_hand), "seat": who},
            )
        ]

    def result(self, result: str, seat: Any = None) -> list[Moment]:
        """khufu:10.7: the players report WIN, LOSE or DRAW; the clock runs again unless won."""
        if not self.paused:
            raise CompanionError(_("there is no Ultimate Challenge to report: summon Khufu first"))
        if result not in RESULTS:
            raise CompanionError(_("the result is WIN, LOSE or DRAW"))
        who = self._seat(seat, allow_none=True)
        if who is None:
            who = self.challenger
        if result == "WIN" and who is None:
            raise CompanionError(_("say who beat Khufu"))
        self.steps.append({"kind": "result", "result": result, "seat": who})
        self.paused = False
        self.challenger = None
        if who is not None:
            name = self.players[who].name
        else:
            name = pgettext("the player who takes on Khufu, addressed", "Challenger")
        if result == "WIN":
            self.over = True
            self.winner = who
            return [
                self._say(
                    "end",
                    _("{name} wins!").format(name=name),
                    _(
                        "No! {name}, you have beaten my Ultimate Challenge. You win the game, "
                        "and my treasure is yours. For now."
                    ).format(name=name),
                    detail={"winner": who},
                )
            ]
        if result == "LOSE":
            head = _("Khufu wins the challenge")
            said = _(
                "Ha! My hand is better. Return your three cards to the bottom of the deck. "
                "{name}, move your piece to the furthest Curse space and draw a Curse card "
                "there. The countdown runs again!"
            )
        else:
            head = _("A draw")
            said = _(
                "A draw. Not good enough. {name}, move your piece to the furthest Curse space "
                "and draw a Curse card there. The countdown runs again!"
            )
        return [
            self._say(
                "challenge_result",
                head,
                said.format(name=name),
                detail={"result": result, "seat": who},
            )
        ]

    def judge(self, selected: Any, dice: Any) -> dict[str, Any]:
        """khufu:10.4-10.6: who wins with these three cards and two dice (changes nothing).

        A help for the table: the players still report the result with :meth:`result`.
        """
        if not self.paused:
            raise CompanionError(_("there is no Ultimate Challenge to judge: summon Khufu first"))
        if not isinstance(selected, list) or len(selected) != 3:
            raise CompanionError(_("name the three cards the challenger chose"))
        if not isinstance(dice, list) or len(dice) != 2:
            raise CompanionError(_("name the two symbols the dice show"))
        for word in (*selected, *dice):
            if not isinstance(word, str):
                raise CompanionError(_("cards and dice are named by their symbols"))
        mine = [K.SYMBOLS.index(symbol_id(w, "symbol")) for w in (*selected, *dice)]
        his = [K.SYMBOLS.index(s) for s in self.khufu_hand] + mine[3:]
        me, him = K.category(mine), K.category(his)
        result = K.compare(me, him)
        words = {
            "WIN": _("The challenger has {mine}, Khufu has {his}: the challenger wins."),
            "LOSE": _("The challenger has {mine}, Khufu has {his}: Khufu wins."),
            "DRAW": _("The challenger has {mine}, Khufu has {his}: a draw."),
        }[result]
        return {
            "result": result,
            "player_hand": K.CATEGORIES[me],
            "khufu_hand": K.CATEGORIES[him],
            "words": words.format(
                mine=hand_words(K.CATEGORIES[me]), his=hand_words(K.CATEGORIES[him])
            ),
        }

    # -- the record --------------------------------------------------------------------
    def record(self) -> dict[str, Any]:
        """The game record: the table, the seed and every input as a step."""
        result: dict[str, Any] | None = None
        if self.over:
            result = {"winner": self.winner, "khufu_wins": self.winner is None}
        return {
            "format": RECORD_FORMAT,
            "format_version": RECORD_VERSION,
            "companion": "khufu",
            "engine_version": __version__,
            "seed": self.seed,
            "players": [asdict(p) for p in self.players],
            "steps": [dict(s) for s in self.steps],
            "result": result,
            "meta": {"saved": time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())},
        }

    def save(self, path: str | Path) -> None:
        """Write the record atomically (a temporary file, then a rename)."""
        target = Path(path)
        tmp = target.with_name(target.name + ".tmp")
        tmp.write_text(json.dumps(self.record(), indent=1) + "\n", encoding="utf-8")
        tmp.replace(target)

    # -- inside -------------------------------------------------------------------------
    def _seat(self, seat: Any, allow_none: bool) -> int | None:
        if seat is None and allow_none:
            return None
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise CompanionError(_("a player is named by a seat number"))
        if not 0 <= seat < len(self.players):
            raise CompanionError(_("there is no player {n} at this table").format(n=seat + 1))
        return seat

    def _say(
        self,
        kind: str,
        title: str,
        speech: str,
        event: str | None = None,
        number: str | None = None,
        detail: dict[str, Any] | None = None,
    ) -> Moment:
        m = Moment(
            len(self.moments),
            kind,
            self.elapsed,
            title,
            speech,
            event,
            number,
            detail or {},
            language(),
        )
        self.moments.append(m)
        return m

    def _intro(self) -> None:
        """khufu:14.9 F1: Khufu greets the table and names Lucky."""
        names = join_words([p.label() for p in self.players])
        lucky = self.players[self.lucky].name
        self._say(
            "intro",
            _("Lucky is {name}").format(name=lucky),
            _(
                "I am Khufu, and you are in my pyramid: {names}. I choose my servant. "
                "{name}, you are Lucky: you will do my tasks, and you roll first. "
                "When everyone is ready, start the countdown."
            ).format(names=names, name=lucky),
            detail={"lucky": self.lucky},
        )

    def _now(self) -> list[Moment]:
        """What happens at this moment of the clock, in the engine's order (khufu:12.3)."""
        said: list[Moment] = []
        said.extend(self._clock_checks())
        if not self.over and self.elapsed >= self.next_due:
            said.extend(self._order())
        return said

    def _clock_checks(self) -> list[Moment]:
        said: list[Moment] = []
        if not self.warned and self.remaining <= WARNING_AT:
            self.warned = True  # khufu:14.9 F2
            said.append(
                self._say(
                    "warning",
                    _("Five minutes left!"),
                    _(
                        "Five minutes left! My hourglass is nearly empty. Hurry to my "
                        "Sarcophagus, if you dare."
                    ),
                )
            )
        if self.elapsed >= COUNTDOWN:
            self.over = True  # khufu:11.2 / 14.9 F3
            self.winner = None
            said.append(
                self._say(
                    "end",
                    _("Time is up: Khufu wins"),
                    _(
                        "Time is up! Nobody beat my Ultimate Challenge. I win, and you all stay "
                        "in my pyramid for ever."
                    ),
                    detail={"winner": None},
                )
            )
        return said

    def _order(self) -> list[Moment]:
        """khufu:14.10: Khufu appears with the Director's next order."""
        eid = self.director.next_order().event
        said_as = pick_phrasing(eid, self.phrasing, self.last_phrasing)
        order = order_words(eid, self.table, self.rng, said_as)
        self.last_stop = stop_words(self.words, self.last_stop)
        said = [
            self._say(
                "order",
                order.title,
                f"{_(self.last_stop)} {order.speech}",
                eid,
                order.number,
                order.detail,
            )
        ]
        if eid == "SANDS_RUN_FAST":
            self.lost += SANDS_SECONDS  # khufu:14.7 E19
            said.extend(self._clock_checks())
        # khufu:14.10 the engine's schedule: the gap counts after the effect, E19 included
        self.next_due = self.director.next_due
        return said


def game_over_words(session: KhufuSession) -> str:
    """``The game is over: Ann wins.`` (or Khufu), in the reader's language."""
    who = session.winner
    if who is None:
        return _("The game is over: Khufu wins.")
    return _("The game is over: {name} wins.").format(name=session.players[who].name)


def new_session(players: Sequence[Player], seed: int | None = None) -> KhufuSession:
    """A session with ``seed``, or with a fresh random seed."""
    if seed is None:
        seed = random.SystemRandom().randrange(1 << 31)
    return KhufuSession(players, seed)


def from_record(data: Any) -> KhufuSession:
    """Rebuild a session by replaying a record's steps; a bad record names its fault."""
    if not isinstance(data, Mapping):
        raise CompanionError(_("a record is a JSON object"))
    if data.get("format") != RECORD_FORMAT or data.get("companion") != "khufu":
        raise CompanionError(_("this is not a record of the Khufu companion"))
    if data.get("format_version") != RECORD_VERSION:
        raise CompanionError(
            _("unsupported record version {version}").format(
                version=repr(data.get("format_version"))
            )
        )
    players = data.get("players")
    if not isinstance(players, list):
        raise CompanionError(_("the record has no players"))
    seed = data.get("seed")
    if not isinstance(seed, int) or isinstance(seed, bool):
        raise CompanionError(_("the record has no seed"))
    session = KhufuSession([player_from_json(p) for p in players], seed)
    steps = data.get("steps")
    if not isinstance(steps, list):
        raise CompanionError(_("the record has no steps"))
    for i, step in enumerate(steps):
        try:
            session.apply(step)
        except CompanionError as exc:
            raise CompanionError(_("step {n}: {problem}").format(n=i + 1, problem=exc)) from None
    return session


def load(path: str | Path) -> KhufuSession:
    """A session from a record file."""
    try:
        data = json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as exc:
        raise CompanionError(
            _("cannot read {path}: {reason}").format(path=path, reason=exc.strerror)
        ) from None
    except (json.JSONDecodeError, UnicodeDecodeError):
        raise CompanionError(_("{path} is not a JSON record").format(path=path)) from None
    return from_record(data)


class WallClock:
    """Wall time as whole seconds of countdown, ``scale`` times faster (rehearsal, tests)."""

    def __init__(self, scale: float = 1.0, now: Any = time.monotonic) -> None:
        if not 0 < scale <= 10000:
            raise CompanionError(_("the time scale must be above 0 and at most 10000"))
        self.scale = scale
        self._now = now
        self._last = now()
        self._carry = 0.0

    def due(self) -> int:
        """Whole seconds of countdown since the last call (the fraction is carried)."""
        t = self._now()
        total = (t - self._last) * self.scale + self._carry
        self._last = t
        whole = int(total)
        self._carry = total - whole
        return whole

    def reset(self) -> None:
        """Forget the time since the last call (after a pause, on start)."""
        self._last = self._now()
        self._carry = 0.0
