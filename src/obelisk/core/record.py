"""Game records: one JSON format for saving, replaying, checking and sharing games.

A full record holds everything needed to replay the game exactly: the game,
engine version, options, seats, seed, every step (seat, action, and the raw
chance outcomes drawn during it) and the result. Replay forces the recorded
outcomes, so a record also replays games whose chance was scripted. A record
redacted for one seat holds only what that seat saw (its events), and cannot
be replayed. See ``docs/records.md``.
"""

from __future__ import annotations

import hashlib
import hmac
import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from .. import __version__
from .errors import ChanceError, IllegalAction, ObeliskError, RecordError
from .game import SYSTEM, Game, State, Step
from .turn import Outcome

JSON = Any
FORMAT = "obelisk-record"
FORMAT_VERSION = 1


def step_json(state: State, step: Step) -> dict[str, JSON]:
    """One step of ``state``'s history as a record keeps it: the seat (None for a system
    action), the action's JSON form and the raw chance outcomes drawn during it."""
    log = state.chance.log
    return {
        "seat": None if step.seat == SYSTEM else step.seat,
        "action": step.action.to_json(),
        "chance": [[label, raw] for label, raw in log[step.chance_start : step.chance_end]],
    }


@dataclass
class Record:
    """A full game record (see the module docstring)."""

    game: str
    num_players: int
    seed: int
    options: dict[str, JSON]
    steps: list[dict[str, JSON]] = field(default_factory=list)
    seats: list[dict[str, JSON]] = field(default_factory=list)
    result: dict[str, JSON] | None = None
    #: Raw chance outcomes drawn while setting up, before the first step.
    setup_chance: list[list[JSON]] = field(default_factory=list)
    engine_version: str = __version__
    meta: dict[str, JSON] = field(default_factory=dict)
    #: The chance generator's state after the last step, so that a game resumed from
    #: its record draws exactly what it would have drawn (None: not recorded).
    chance_state: int | None = None

    @classmethod
    def from_state(
        cls,
        state: State,
        seats: list[dict[str, JSON]] | None = None,
        meta: Mapping[str, JSON] | None = None,
    ) -> Record:
        """The record of everything played on ``state`` so far."""
        state._refuse_quiet("a record")
        if not state.replayable:
            raise RecordError("a determinized state has no record")
        log = state.chance.log
        steps = [step_json(state, st) for st in state.history]
        setup = (
            [[label, raw] for label, raw in log[: state.history[0].chance_start]]
            if state.history
            else [[label, raw] for label, raw in log]
        )
        result = Outcome.of(state).to_json() if state.is_terminal() else None
        return cls(
            game=state.game.name,
            num_players=state.num_players,
            seed=state.seed,
            options=state.game.options_to_json(state.options),
            steps=steps,
            seats=list(seats)
            if seats
            else [{"name": f"Seat {i + 1}"} for i in range(state.num_players)],
            result=result,
            setup_chance=setup,
            meta=dict(meta or {}),
            chance_state=state.chance.state,
        )

    def to_json(self) -> dict[str, JSON]:
        """The record as one JSON object."""
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "game": self.game,
            "engine_version": self.engine_version,
            "num_players": self.num_players,
            "seed": self.seed,
            "options": self.options,
            "seats": self.seats,
            "setup_chance": self.setup_chance,
            "steps": self.steps,
            "result": self.result,
            "meta": self.meta,
            **({} if self.chance_state is None else {"chance_state": self.chance_state}),
        }

    def dumps(self) -> str:
        """The record as JSON text."""
        return json.dumps(self.to_json(), indent=1)

    def save(self, path: str | Path) -> None:
        """Write the record to ``path`` atomically (a crash never leaves half a file)."""
        p = Path(path)
        tmp = p.with_name(p.name + ".tmp")
        tmp.write_text(self.dumps(), encoding="utf-8")
        tmp.replace(p)

    @classmethod
    def from_json(cls, data: JSON) -> Record:
        """Read and check a record's shape; raises :class:`RecordError` naming the fault."""
        if not isinstance(data, dict):
            raise RecordError("a record must be a JSON object")
        if data.get("format") == FORMAT + "-redacted":
            raise RecordError("this record is redacted for one seat and cannot be replayed")
        if data.get("format") != FORMAT:
            found = data.get("format")
            raise RecordError(
                "not an Obelisk game record: it has no format field"
                if found is None
                else f"not an Obelisk game record: its format is {found!r}, not {FORMAT!r}"
            )
        if data.get("format_version") != FORMAT_VERSION:
            raise RecordError(f"unsupported record format version {data.get('format_version')!r}")
        for key, typ in (
            ("game", str),
            ("num_players", int),
            ("seed", int),
            ("options", dict),
            ("steps", list),
            ("seats", list),
        ):
            if not isinstance(data.get(key), typ):
                raise RecordError(f"field '{key}' is missing or not a {typ.__name__}")
        for i, step in enumerate(data["steps"]):
            if not isinstance(step, dict) or "action" not in step:
                raise RecordError("a step must be an object with an 'action'", i)
            seat = step.get("seat")
            if seat is not None and (not isinstance(seat, int) or isinstance(seat, bool)):
                raise RecordError(f"seat {seat!r} is not a seat number", i)
            ch = step.get("chance", [])
            if not isinstance(ch, list) or not all(
                isinstance(c, list) and len(c) == 2 and isinstance(c[0], str) for c in ch
            ):
                raise RecordError("'chance' must be a list of [label, outcome] pairs", i)
        setup = data.get("setup_chance", [])
        if not isinstance(setup, list) or not all(
            isinstance(c, list) and len(c) == 2 and isinstance(c[0], str) for c in setup
        ):
            raise RecordError("'setup_chance' must be a list of [label, outcome] pairs")
        result = data.get("result")
        if result is not None and not isinstance(result, dict):
            raise RecordError("'result' must be an object or null")
        meta = data.get("meta") or {}
        if not isinstance(meta, dict):
            raise RecordError("'meta' must be an object")
        chance_state = data.get("chance_state")
        if chance_state is not None and (
            not isinstance(chance_state, int)
            or isinstance(chance_state, bool)
            or not 0 <= chance_state < 2**64
        ):
            raise RecordError("'chance_state' must be an integer in 0..2**64-1")
        return cls(
            game=data["game"],
            num_players=data["num_players"],
            seed=data["seed"],
            options=data["options"],
            steps=data["steps"],
            seats=data["seats"],
            result=result,
            setup_chance=setup,
            engine_version=str(data.get("engine_version", "?")),
            meta=meta,
            chance_state=chance_state,
        )

    @classmethod
    def load(cls, path: str | Path) -> Record:
        """Read a record file; raises :class:`RecordError` if it is not valid JSON or not a record."""
        return cls.from_json(read_json(path))


def read_json(path: str | Path) -> JSON:
    """The JSON a record file holds; raises :class:`RecordError` naming why it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except OSError as e:
        raise RecordError(f"cannot read {path}: {e.strerror}") from None
    try:
        data: JSON = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON (line {e.lineno}, column {e.colno}: {e.msg})") from None
    return data


#: The prefix of a seed commitment's hashed text (a new scheme gets a new prefix).
COMMITMENT_SCHEME = "obelisk-seed-v1"


def seed_commitment(seed: int, salt: str) -> str:
    """The commitment a server publishes to a game's seed before the first move: the SHA-256
    (hex) of ``obelisk-seed-v1:<seed>:<salt>``. The salt (secret until the game ends) keeps
    anyone from finding the seed by trying them all."""
    text = f"{COMMITMENT_SCHEME}:{int(seed)}:{salt}"
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


def check_commitment(record: Record) -> bool | None:
    """Check a record's seed commitment (``meta["seed_commitment"]``, revealed with
    ``meta["seed_salt"]``): None when the record carries none, True when the seed matches it
    and the game's every chance outcome was drawn from that seed (replayed without forcing).

    Raises :class:`RecordError` naming what does not match.
    """
    if not commitment_matches(record):
        return None
    replay(record, from_seed=True)
    return True


def commitment_matches(record: Record) -> bool:
    """Whether the record carries a seed commitment, which its revealed seed and salt match
    (the hash only: :func:`check_commitment` also replays from the seed). False when it
    carries none; raises :class:`RecordError` when it does not match."""
    meta = record.meta or {}
    want = meta.get("seed_commitment")
    if want is None:
        return False
    salt = meta.get("seed_salt")
    if not isinstance(want, str) or not isinstance(salt, str):
        raise RecordError(
            "the record's seed commitment has no revealed salt (the game is not over?)"
        )
    if not hmac.compare_digest(seed_commitment(record.seed, salt), want):
        raise RecordError(
            f"seed {record.seed} does not match the commitment {want[:16]}… published at the start"
        )
    return True


def _same_chance(got: list[tuple[str, Any]], want: JSON) -> bool:
    """Whether drawn chance outcomes equal recorded ones (compared as JSON)."""
    return json.dumps([[label, raw] for label, raw in got]) == json.dumps(list(want or []))


def _force_all(state: State, outcomes: JSON) -> None:
    for label, raw in outcomes:
        state.chance.force_raw(label, raw)


def replay(
    record: Record,
    game_lookup: Callable[[str], Game] | None = None,
    *,
    upto: int | None = None,
    check_result: bool = True,
    from_seed: bool = False,
) -> State:
    """Replay a record and return the resulting state.

    Raises :class:`RecordError` with the index of the first bad step: an
    illegal action, an action that cannot be read, a chance outcome the draw
    cannot produce or that the game did not draw, or a final result that
    differs from the recorded one.

    With ``from_seed``, chance is drawn from the record's seed instead of forced, and every
    outcome must equal the recorded one: the record is proven to be the seed's game, and
    the state's generator is where the game left it.
    """
    if game_lookup is None:
        from .registry import get_game

        game_lookup = get_game
    try:
        game = game_lookup(record.game)
    except ObeliskError as e:
        raise RecordError(str(e)) from None
    state = _new_state(game, record, [] if from_seed else record.setup_chance)
    if from_seed and not _same_chance(list(state.chance.log), record.setup_chance):
        raise RecordError(f"the set-up drawn from seed {record.seed} is not the recorded one")
    steps = record.steps if upto is None else record.steps[:upto]
    for i, step in enumerate(steps):
        if from_seed:
            start = len(state.chance.log)
            _replay_step(state, game, {**step, "chance": []}, i)
            if not _same_chance(list(state.chance.log)[start:], step.get("chance", [])):
                raise RecordError(
                    f"step {i + 1}: the chance drawn from seed {record.seed} is not the recorded one",
                    i,
                )
        else:
            _replay_step(state, game, step, i)
    if upto is None and record.chance_state is not None and not from_seed:
        # forced outcomes do not move the generator: put it where the game left it
        state.chance.state = record.chance_state
    if check_result and upto is None and record.result is not None:
        if not state.is_terminal():
            raise RecordError("the record claims a result but the game is not over", len(steps))
        got = state.scores()
        want = record.result.get("scores")
        if want is not None and [float(x) for x in got] != [float(x) for x in want]:
            raise RecordError(
                f"the replay ends with scores {got}, the record says {want}", len(steps)
            )
    return state


def _new_state(game: Game, record: Record, setup: JSON) -> State:
    try:
        opts = game.make_options(record.options)
        # Set-up chance is forced through a state built by hand: new_state runs _setup at once.
        n = record.num_players
        game.check_players(n, opts)
        game.check_options(opts, n)
        state = game._make_state(n, record.seed, opts)
        _force_all(state, setup)
        state._setup()
    except ChanceError as e:
        raise RecordError(f"set-up chance: {e}") from None
    except ObeliskError as e:
        raise RecordError(str(e)) from None
    if state.chance.pending:
        raise RecordError(
            f"{state.chance.pending} recorded set-up chance outcome(s) were not drawn"
        )
    return state


def _replay_step(state: State, game: Game, step: JSON, i: int) -> None:
    try:
        action = game.action_from_json(step["action"])
    except ObeliskError as e:
        raise RecordError(str(e), i) from None
    seat = step.get("seat")
    if seat is not None and seat != state.current_player:
        raise RecordError(
            f"the record gives this action to seat {seat}, but seat "
            f"{state.current_player} is to move",
            i,
        )
    _force_all(state, step.get("chance", []))
    try:
        if seat is None:
            state.apply_system(action)
        else:
            state.apply(action)
    except IllegalAction as e:
        state.chance.clear_forced()
        raise RecordError(f"illegal action '{action}': {e}", i) from None
    except ChanceError as e:
        raise RecordError(f"chance outcome rejected: {e}", i) from None
    if state.chance.pending:
        raise RecordError(f"{state.chance.pending} recorded chance outcome(s) were not drawn", i)


def replay_file(path: str | Path) -> tuple[Record, State]:
    """Load and replay a record file."""
    record = Record.load(path)
    return record, replay(record)


def redacted(
    state: State, seat: int | None, seats: list[dict[str, JSON]] | None = None
) -> dict[str, JSON]:
    """The record of ``state`` as ``seat`` saw it (None: a spectator): its events, no secrets."""
    result = Outcome.of(state).to_json() if state.is_terminal() else None
    return {
        "format": FORMAT + "-redacted",
        "format_version": FORMAT_VERSION,
        "game": state.game.name,
        "engine_version": __version__,
        "num_players": state.num_players,
        "for_seat": seat,
        "options": state.game.options_to_json(state.options),
        "seats": list(seats)
        if seats
        else [{"name": f"Seat {i + 1}"} for i in range(state.num_players)],
        "events": state.events_for(seat),
        "observation": state.observation(seat),
        "result": result,
    }


def undo(state: State, seat: int, count: int = 1) -> State:
    """The state with ``seat``'s last ``count`` decisions taken back (the undo policy).

    Replays the record without those steps (time that passed on a running clock
    in between is kept, see :meth:`State.undoable`); raises :class:`UndoError`
    if the policy does not allow it.
    """
    from .errors import UndoError

    allowed = state.undoable(seat)
    if count < 1 or count > allowed:
        raise UndoError(f"seat {seat + 1} may take back {allowed} step(s) now, not {count}")
    record = Record.from_state(state)
    drop: set[int] = set()
    for i in range(len(state.history) - 1, -1, -1):
        if len(drop) == count:
            break
        if state.history[i].seat == seat:
            drop.add(i)
    record.steps = [st for i, st in enumerate(record.steps) if i not in drop]
    try:
        return replay(record, lambda _name: state.game, check_result=False)
    except RecordError as e:
        raise UndoError(
            f"the clock has moved the game on too far to take that back ({e})"
        ) from None
