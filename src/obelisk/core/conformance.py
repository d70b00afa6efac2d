"""The conformance harness every game passes (like OpenSpiel's generic game tests).

Each check takes a game, a player count, options, a seed and a playout policy
(:data:`POLICIES`: uniform random moves, or the game's own playout player), plays
games, and raises :class:`ConformanceError` naming what broke. The test suite
(``tests/conformance``) runs them over every registered game, player count
and variant; a plug-in author can run them on a new game the same way.
"""

from __future__ import annotations

import json
import pickle
import random
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any, NamedTuple, Protocol

from .actions import Action
from .errors import IllegalAction, ObeliskError
from .game import _BASE_FIELDS, TERMINAL, Agent, Game, PlayerView, State, state_fields
from .record import Record, replay


class ConformanceError(AssertionError):
    """A game broke a rule of the protocol."""


def fingerprint(state: State) -> bytes:
    """A byte image of a state's data, to check that a failed action changed nothing."""
    data = {k: v for k, v in state_fields(state).items() if k != "game"}
    data["_chance"] = (state.chance.state, state.chance.log, state.chance.shown_to)
    data.pop("chance", None)
    return pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)


def views(state: State) -> str:
    """Every seat's and a spectator's observation and events, as canonical JSON."""
    seats: list[int | None] = [*range(state.num_players), None]
    return json.dumps(
        {str(s): [state.observation(s), state.events_for(s)] for s in seats},
        sort_keys=True,
        default=str,
    )


#: The playout policies every check runs under: uniform random moves, and the game's
#: playout player (:meth:`Game.playout_agent`, default its heuristic), which reaches the
#: seats and phases that random play misses (Abu Simbel's random games end after 3 moves
#: by seat 0; Khufu's never reach a challenge).
POLICIES = ("random", "playout")


class Check(Protocol):
    """A conformance check: raises :class:`ConformanceError` naming what broke."""

    def __call__(
        self, game: Game, n: int, options: Any, seed: int, policy: str = "random"
    ) -> None: ...


def mover(game: Game, n: int, seed: int, policy: str = "random") -> Callable[[State], Action]:
    """The move chooser of one playout: ``policy`` is "random" (uniform over the legal
    actions) or "playout" (the game's playout player in every seat, each with its own
    seeded generator; uniform when the game has none). Same arguments, same moves."""
    if policy not in POLICIES:
        raise ValueError(f"unknown playout policy {policy!r}; known: {', '.join(POLICIES)}")
    rng = random.Random(seed)
    agents = [game.playout_agent() for _ in range(n)] if policy == "playout" else []
    if not agents or any(a is None for a in agents):

        def uniform(state: State) -> Action:
            return rng.choice(state.legal_actions())

        return uniform
    players: list[Agent] = [a for a in agents if a is not None]
    rngs = [
        random.Random((seed * 1_000_003 + seat * 7919 + 0xA6E) & 0xFFFFFFFFFFFF)
        for seat in range(n)
    ]

    def play(state: State) -> Action:
        seat = state.current_player
        return players[seat].act(PlayerView(state, seat), rngs[seat])

    return play


def _walk(game: Game, n: int, options: Any, seed: int, policy: str = "random") -> Iterator[State]:
    """The states of one playout (the same object, mutated), first to last."""
    choose = mover(game, n, seed, policy)
    state = game.new_state(n, seed, options)
    limit = game.capabilities.max_steps
    yield state
    steps = 0
    while not state.is_terminal():
        legal = state.legal_actions()
        if not legal:
            raise ConformanceError(f"no legal action at step {steps} but the game is not over")
        if state.current_player == TERMINAL or not 0 <= state.current_player < n:
            raise ConformanceError(
                f"current_player {state.current_player} is not a seat at step {steps}"
            )
        action = choose(state)
        try:
            state.apply(action)
        except IllegalAction as e:
            raise ConformanceError(
                f"the {policy} player chose an illegal action {action} at step {steps}: {e}"
            ) from None
        steps += 1
        if steps > limit:
            raise ConformanceError(f"game did not end within its declared {limit} steps")
        yield state


def play_out(game: Game, n: int, options: Any, seed: int, policy: str = "random") -> State:
    """Play one game to the end with ``policy`` (see :func:`mover`); its final state."""
    last = None
    for last in _walk(game, n, options, seed, policy):  # noqa: B007 - the walk mutates one state
        pass
    assert last is not None
    return last


def play_random(game: Game, n: int, options: Any, seed: int) -> State:
    """Play one random game to the end and return its final state."""
    return play_out(game, n, options, seed, "random")


class PlayoutStats(NamedTuple):
    """What one playout reached: its length, the seats that decided, how it ended."""

    steps: int
    #: how many decisions each seat took
    decisions: tuple[int, ...]
    #: the kind of the game's last event, and its ``reason`` field if it has one
    end: str

    @property
    def seats(self) -> frozenset[int]:
        """The seats that took at least one decision."""
        return frozenset(s for s, k in enumerate(self.decisions) if k)


def playout_stats(
    game: Game, n: int, options: Any, seed: int, policy: str = "random"
) -> PlayoutStats:
    """Play one game with ``policy`` and say which seats acted and how it ended."""
    final = play_out(game, n, options, seed, policy)
    decisions = [0] * n
    for step in final.history:
        if 0 <= step.seat < n:
            decisions[step.seat] += 1
    end = ""
    if len(final.events):
        last = final.events[len(final.events) - 1]
        reason = last.data.get("reason") if isinstance(last.data, dict) else None
        end = last.kind if reason is None else f"{last.kind}: {reason}"
    return PlayoutStats(len(final.history), tuple(decisions), end)


def sample_steps(
    game: Game, n: int, options: Any, seed: int, k: int, salt: int, policy: str = "random"
) -> set[int]:
    """``k`` step indices of the playout of ``seed`` (always the first two and the
    last), so that a check costs the same on a 150-step game as on a 1000-step one."""
    length = len(play_out(game, n, options, seed, policy).history)
    rng = random.Random(seed ^ salt)
    picks = set(rng.sample(range(length + 1), min(k, length + 1)))
    return picks | {0, min(1, length), length}


def _game_fields(state: State) -> bytes:
    """The game's own fields (not the log, history or chance), for "did anything change"."""
    data = {k: v for k, v in state_fields(state).items() if k not in _BASE_FIELDS}
    return pickle.dumps(data, protocol=pickle.HIGHEST_PROTOCOL)


def check_random_games_end(
    game: Game, n: int, options: Any, seed: int, policy: str = "random"
) -> None:
    """Playouts end within the bound; legal actions exist until the end; returns are sane."""
    state = play_out(game, n, options, seed, policy)
    if state.legal_actions():
        raise ConformanceError("a terminal state still has legal actions")
    if state.current_player != TERMINAL:
        raise ConformanceError("current_player is not TERMINAL at the end")
    r = state.returns()
    if len(r) != n or not all(0.0 <= x <= 1.0 for x in r):
        raise ConformanceError(f"returns {r} are not {n} values in [0, 1]")
    if state.cooperative:
        if len(set(r)) != 1:
            raise ConformanceError(f"cooperative returns differ between seats: {r}")
    elif not (abs(sum(r) - 1.0) < 1e-9 or sum(r) == 0.0):
        raise ConformanceError(f"returns {r} should sum to 1 (or 0 when nobody wins)")
    if len(state.scores()) != n:
        raise ConformanceError("scores() must give one value per seat")
    state.check_invariants()


def check_illegal_actions(
    game: Game, n: int, options: Any, seed: int, policy: str = "random", tries: int = 3
) -> None:
    """Every illegal action raises IllegalAction and leaves the state byte-identical."""
    rng = random.Random(seed ^ 0x5EED)
    seen: dict[str, Action] = {}
    final: State | None = None
    chosen = sample_steps(game, n, options, seed, 30, 0x5EED, policy)
    for state in _walk(game, n, options, seed, policy):
        final = state
        legal = state.legal_actions()
        for a in legal:
            seen.setdefault(json.dumps(a.to_json(), sort_keys=True), a)
        if len(state.history) not in chosen:
            continue
        candidates = [a for a in seen.values() if a not in legal]
        for a in rng.sample(candidates, min(tries, len(candidates))):
            _expect_unchanged(state, partial(state.apply, a), f"illegal action {a}")
        if rng.random() < 0.3:
            for a in rng.sample(list(seen.values()), min(2, len(seen))):
                if a.kind not in game.capabilities.system_actions:
                    _expect_unchanged(state, partial(state.apply_system, a), f"system action {a}")
    if final is not None and seen:
        a = next(iter(seen.values()))
        _expect_unchanged(final, partial(final.apply, a), "an action after the end")


def _expect_unchanged(state: State, attempt: Callable[[], None], what: str) -> None:
    before = fingerprint(state)
    try:
        attempt()
    except IllegalAction as e:
        if not str(e).strip():
            raise ConformanceError(f"{what}: IllegalAction without a message") from None
    else:
        raise ConformanceError(f"{what} was accepted")
    if fingerprint(state) != before:
        raise ConformanceError(f"{what} raised but changed the state")


def check_clones(game: Game, n: int, options: Any, seed: int, policy: str = "random") -> None:
    """A clone is equal to its original and independent of it."""
    rng = random.Random(seed ^ 0xC10E)
    chosen = sample_steps(game, n, options, seed, 12, 0xC10E, policy)
    for state in _walk(game, n, options, seed, policy):
        if len(state.history) not in chosen:
            continue
        before = fingerprint(state)
        c = state.clone()
        if views(c) != views(state):
            raise ConformanceError("a clone does not look like its original")
        steps = 0
        while not c.is_terminal() and steps < 5:
            c.apply(rng.choice(c.legal_actions()))
            steps += 1
        if fingerprint(state) != before:
            raise ConformanceError("playing on a clone changed the original")


def check_record_round_trip(
    game: Game, n: int, options: Any, seed: int, policy: str = "random"
) -> None:
    """A record written mid-game and at the end replays to identical views and result."""
    chosen = sample_steps(game, n, options, seed, 4, 0x4EC0, policy)
    for state in _walk(game, n, options, seed, policy):
        if len(state.history) not in chosen:
            continue
        rec = Record.from_state(state)
        again = replay(Record.from_json(json.loads(rec.dumps())), lambda _n: game)
        if views(again) != views(state):
            raise ConformanceError(
                f"replaying a record of {len(state.history)} steps gives other views"
            )
        if state.is_terminal() and again.scores() != state.scores():
            raise ConformanceError("replaying a record gives another result")


def check_determinize(
    game: Game, n: int, options: Any, seed: int, policy: str = "random", samples: int = 3
) -> None:
    """determinize(seat) keeps the seat's view (non-interference) and depends only on it.

    At a few sampled states, and right after a few chance outcomes hidden from
    some seat, for each seat s and several determinizations D of the state for s:
    ``observation(s)``, ``events_for(s)``, the text view and (when s is to move)
    the legal actions are those of the real state. A determinization of a
    determinization, with the same rng, is the same as one of the real state:
    the sampler reads nothing s cannot know. When the game drew any secret, at
    least one determinization must re-draw something.
    """
    varied = not game.capabilities.hidden_information
    secrets = False  # whether any chance outcome was hidden from some seat
    seen_outcomes = 0
    fresh_checks = 4  # states checked because a secret was just drawn
    chosen = sample_steps(game, n, options, seed, 5, 0xDE7, policy)
    for state in _walk(game, n, options, seed, policy):
        shown = state.chance.shown_to
        fresh = any(to is not None for to in shown[seen_outcomes:])
        seen_outcomes = len(shown)
        secrets = secrets or fresh
        if len(state.history) not in chosen:
            if not fresh or fresh_checks <= 0:
                continue
            fresh_checks -= 1
        full = _game_fields(state)
        for s in range(n):
            real = _seat_view(state, s)
            first = None
            for k in range(samples):
                d = state.determinize(s, random.Random(k))
                first = first or d
                varied = varied or _game_fields(d) != full
                if _seat_view(d, s) != real:
                    raise ConformanceError(
                        f"seat {s}'s view differs in a determinization at step {len(state.history)}: "
                        "the view shows something it cannot know, or determinize breaks what it knows"
                    )
            assert first is not None
            dd = first.determinize(s, random.Random(1000))
            direct = state.determinize(s, random.Random(1000))
            if _game_fields(dd) != _game_fields(direct) or views(dd) != views(direct):
                raise ConformanceError(
                    f"determinize for seat {s} reads something seat {s} cannot know "
                    f"(step {len(state.history)})"
                )
    if not varied and secrets:
        raise ConformanceError(
            "no determinization re-drew anything hidden in a whole game: "
            "the sampler copies the real hidden state"
        )


def _seat_view(state: State, s: int) -> str:
    """Everything seat s is shown: observation, events, legal actions and the text view."""
    legal = [a.to_json() for a in state.legal_actions()] if state.current_player == s else []
    return json.dumps(
        [state.observation(s), state.events_for(s), legal, state.to_text(s)],
        sort_keys=True,
        default=str,
    )


def check_hidden_outcomes(
    game: Game, n: int, options: Any, seed: int, policy: str = "random", limit: int = 12
) -> None:
    """Changing a chance outcome that seat s does not see changes nothing s sees.

    Replays a playout with one hidden outcome altered and compares s's
    observation and events right after the step that drew it. Catches an
    event, observation or message that shows a secret to the wrong seat.
    """
    final = play_out(game, n, options, seed, policy)
    rec = Record.from_state(final)
    log, shown = final.chance.log, final.chance.shown_to
    step_of: dict[int, int] = {}
    for i, st in enumerate(final.history):
        for j in range(st.chance_start, st.chance_end):
            step_of[j] = i
    pairs = [
        (j, s) for j, to in enumerate(shown) if to is not None for s in range(n) if s not in to
    ]
    random.Random(seed).shuffle(pairs)
    tried = 0
    for j, s in pairs:
        if tried >= limit:
            return
        label, raw = log[j]
        step = step_of.get(j)
        for alt in _alternatives(raw):
            changed = _replay_with(game, rec, j, alt, step)
            if changed is None:
                continue
            same = _replay_with(game, rec, j, raw, step)
            if same is None:
                raise ConformanceError(f"a record prefix of {step} steps does not replay")
            if _seat_view(changed, s) != _seat_view(same, s):
                raise ConformanceError(
                    f"seat {s} can tell chance outcome {j} ('{label}') apart, though it was "
                    "hidden from it: something shows a secret to the wrong seat"
                )
            tried += 1
            break


def _alternatives(raw: Any) -> list[Any]:
    if isinstance(raw, int):
        return [v for v in (raw + 1, raw - 1, 0, 1) if v != raw and v >= 0]
    if isinstance(raw, list) and len(raw) >= 2:
        a = list(raw)
        a[0], a[1] = a[1], a[0]
        b = list(raw)
        b[0] = max(raw) + 1
        return [a, b]
    return []


def _replay_with(game: Game, rec: Record, j: int, raw: Any, step: int | None) -> State | None:
    """Replay ``rec`` up to and including ``step`` with chance outcome ``j`` replaced."""
    flat: list[list[Any]] = [list(c) for c in rec.setup_chance]
    for st in rec.steps:
        flat.extend(list(c) for c in st["chance"])
    flat[j][1] = raw
    k = len(rec.setup_chance)
    setup, steps = flat[:k], []
    for st in rec.steps[: (step + 1) if step is not None else 0]:
        m = len(st["chance"])
        steps.append({**st, "chance": flat[k : k + m]})
        k += m
    alt = Record(
        game=rec.game,
        num_players=rec.num_players,
        seed=rec.seed,
        options=rec.options,
        steps=steps,
        seats=rec.seats,
        setup_chance=setup,
    )
    try:
        return replay(alt, lambda _n: game, check_result=False)
    except ObeliskError:
        return None


def check_every_seat_acts(
    game: Game, n: int, options: Any, seed: int, policy: str = "random"
) -> None:
    """The playout player reaches every seat before the normal end.

    A playout that leaves a seat without a decision tests nothing of that seat's turn,
    so under the "playout" policy every seat must act at least once. Random play is
    allowed to miss seats (that is why each game has a playout player) and is not checked.
    """
    if policy == "random":
        return
    stats = playout_stats(game, n, options, seed, policy)
    missing = sorted(set(range(n)) - stats.seats)
    if missing:
        raise ConformanceError(
            f"the {policy} playout of seed {seed} ended after {stats.steps} steps ({stats.end}) "
            f"without a decision by seat(s) {missing}"
        )


ALL_CHECKS: dict[str, Check] = {
    "random_games_end": check_random_games_end,
    "every_seat_acts": check_every_seat_acts,
    "illegal_actions": check_illegal_actions,
    "clones": check_clones,
    "record_round_trip": check_record_round_trip,
    "determinize": check_determinize,
    "hidden_outcomes": check_hidden_outcomes,
}
