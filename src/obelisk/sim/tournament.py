"""Tournaments: which games a simulation plays, and how one game is played and summarised.

A run is described by a :class:`RunPlan` (game, players, seat levels, fixed
options, option sweep, games per setting, base seed). The plan expands into
:class:`GameSpec` items, each a pure description of one game: the same spec
always gives the same game, wherever and in whatever order it is played.
That is what makes the output independent of the number of workers and of
the backend, and what lets ``--resume`` skip the games already finished.

Pairing: every deal (one seed) is played once per distinct rotation of the
seats, so each level sits in each position on the same cards, and every
setting of a sweep plays the same deals (common random numbers), which makes
comparisons between settings paired and sharper.

Game indices are laid out deal-major, ``i = (deal * arms + arm) * rotations +
rotation``, so a run that grows (``--games`` raised on ``--resume``) keeps
the indices it had, and an interrupted run is balanced across settings.
"""

from __future__ import annotations

import dataclasses
import hashlib
import itertools
import math
import time
from collections.abc import Iterator, Mapping, Sequence
from typing import Any

from obelisk import __version__
from obelisk.agents import levels, make_agent
from obelisk.agents.match import play_match
from obelisk.core import Agent, Game, InvalidOptions, Outcome, get_game

from .flow import FlowRecorder, flow_metrics
from .provenance import code_version

#: Identifies the header line of a results file.
FORMAT = "obelisk-sim"
FORMAT_VERSION = 2
#: Versions a report still reads (version 1 has no roles, commit or trails).
READABLE_VERSIONS = (1, 2)


def deal_seed(base: int, deal: int) -> int:
    """The game seed of deal number ``deal`` of a run with base seed ``base`` (48 bits).

    A hash, so neighbouring deals and neighbouring base seeds share nothing.
    """
    digest = hashlib.blake2b(f"obelisk-sim:{base}:{deal}".encode(), digest_size=6).digest()
    return int.from_bytes(digest, "big")


def split_seats(text: str) -> list[str]:
    """Split ``--seats`` text into levels at commas, keeping a search spec whole.

    >>> split_seats("heuristic,ismcts:iterations=200,rollout=random,random")
    ['heuristic', 'ismcts:iterations=200,rollout=random', 'random']
    """
    out: list[str] = []
    for part in (p.strip() for p in text.split(",")):
        if "=" in part and ":" not in part and out and ":" in out[-1]:
            out[-1] += "," + part
        elif part:
            out.append(part)
    return out


def distinct_rotations(seats: Sequence[str]) -> list[tuple[str, ...]]:
    """The distinct cyclic rotations of a seat list, the unrotated list first.

    ``[a, b]`` gives two, ``[a, a, a]`` gives one (rotating identical seats
    would replay the same game), ``[a, b, a, b]`` gives two.
    """
    out: list[tuple[str, ...]] = []
    k = len(seats)
    for r in range(k):
        rot = tuple(seats[(j - r) % k] for j in range(k))
        if rot not in out:
            out.append(rot)
    return out


@dataclasses.dataclass(frozen=True)
class GameSpec:
    """One game of a run: everything needed to play it again exactly."""

    index: int
    arm: int
    deal: int
    rotation: int
    seed: int
    seats: tuple[str, ...]
    #: The option values of this game's setting that differ from the game's defaults
    #: or were set on the command line, typed as JSON.
    options: Mapping[str, Any]


@dataclasses.dataclass
class RunPlan:
    """What a simulation plays. ``games`` is per setting of the sweep."""

    game: str
    players: int
    seats: tuple[str, ...]
    games: int
    seed: int = 0
    options: dict[str, Any] = dataclasses.field(default_factory=dict)
    sweep: dict[str, list[Any]] = dataclasses.field(default_factory=dict)
    timing: bool = True
    #: The options of each named variant in the sweep (``--sweep variant=default,harsh``).
    variants: dict[str, dict[str, Any]] = dataclasses.field(default_factory=dict)
    #: Whether search levels keep their wall-clock caps (off: iteration budgets only, so a
    #: seed gives the same games on any machine at any load).
    time_caps: bool = False

    @classmethod
    def build(
        cls,
        game: Game,
        games: int,
        players: int | None = None,
        seats: Sequence[str] | None = None,
        options: Mapping[str, Any] | None = None,
        sweep: Mapping[str, Sequence[Any]] | None = None,
        seed: int = 0,
        timing: bool = True,
        variant: str | None = None,
        time_caps: bool = False,
    ) -> RunPlan:
        """A checked plan: player count, levels and every setting's options are validated.

        ``seats`` may be one level (used for every seat) or one per seat; by
        default every seat plays ``heuristic`` if the game has it, else ``random``.
        ``players`` defaults to the number of seats given, else the smallest
        count the options allow.
        Option values may be typed or strings (as typed after ``--option``).
        ``variant`` starts every setting from a named variant of the game; the
        sweep key ``variant`` compares variants (``default`` is the plain rules).
        """
        if games < 1:
            raise InvalidOptions(f"--games must be at least 1, not {games}")
        known = levels(game)
        if not seats:
            seats = ["heuristic" if "heuristic" in known else "random"]
        seats = [s.strip() for s in seats]
        fixed = dict(options or {})
        if variant:
            game.variant_options(variant)  # unknown names fail with the list of variants
            fixed = {**game.variants[variant], **fixed}
        if players is None:
            players = len(seats) if len(seats) > 1 else _smallest_count(game, fixed)
        if not game.min_players <= players <= game.max_players:
            raise InvalidOptions(
                f"{game.title} is for {game.min_players}-{game.max_players} players, not {players}"
            )
        if len(seats) == 1:
            seats = seats * players
        if len(seats) != players:
            raise InvalidOptions(
                f"--seats names {len(seats)} levels for {players} players; "
                "give one level, or one per seat"
            )
        for s in set(seats):
            make_agent(game, s)  # an unknown level fails here, with the list of levels
        sw = {k: list(v) for k, v in (sweep or {}).items()}
        for k, values in sw.items():
            if not values:
                raise InvalidOptions(f"--sweep {k} has no values")
            if k in fixed:
                raise InvalidOptions(f"option '{k}' is both fixed (--option) and swept (--sweep)")
        plan = cls(game.name, players, tuple(seats), games, seed, fixed, sw, timing)
        plan.time_caps = time_caps
        # Type every value through the game's own options, so the file holds JSON values
        # (a sweep of "true,false" becomes booleans) and bad values fail before any game.
        plan.options = _typed(game, fixed, players)
        for k, values in sw.items():
            if k == "variant":
                for name in values:
                    if name not in ("default", "none"):
                        game.variant_options(name)
                    plan.variants[name] = _typed(game, dict(game.variants.get(name, {})), players)
            else:
                plan.sweep[k] = [_typed(game, {**fixed, k: v}, players)[k] for v in values]
        for arm in plan.arms():
            _typed(game, arm, players)
        return plan

    # -- the layout of a run -------------------------------------------------
    def _combos(self) -> list[dict[str, Any]]:
        keys = list(self.sweep)
        return [
            dict(zip(keys, combo, strict=True))
            for combo in itertools.product(*(self.sweep[k] for k in keys))
        ]

    def arms(self) -> list[dict[str, Any]]:
        """The option overrides of each setting (the cartesian product of the sweep).

        A swept variant's options come first, then the fixed options, then the
        other swept values.
        """
        out = []
        for combo in self._combos():
            base = dict(self.variants.get(combo.get("variant", ""), {}))
            rest = {k: v for k, v in combo.items() if k != "variant"}
            out.append({**base, **self.options, **rest})
        return out

    def arm_labels(self) -> list[str]:
        """A short name per setting, e.g. ``penalty=halve, board=large`` (``default`` if none)."""
        out = []
        for combo in self._combos():
            parts = [f"{k}={_show(v)}" for k, v in combo.items()]
            out.append(", ".join(parts) or "default")
        return out

    def rotations(self) -> list[tuple[str, ...]]:
        """The seat lists played on every deal."""
        return distinct_rotations(self.seats)

    def deals(self) -> int:
        """How many deals each setting plays (``games`` rounded up to whole rotations)."""
        return math.ceil(self.games / len(self.rotations()))

    def games_per_arm(self) -> int:
        """Games per setting after rounding up to whole rotations."""
        return self.deals() * len(self.rotations())

    def total(self) -> int:
        """Games in the whole run."""
        return self.games_per_arm() * len(self.arms())

    def index(self, deal: int, arm: int, rotation: int) -> int:
        """The game index of one (deal, setting, rotation)."""
        return (deal * len(self.arms()) + arm) * len(self.rotations()) + rotation

    def specs(self) -> Iterator[GameSpec]:
        """Every game of the run, in index order."""
        arms = self.arms()
        rots = self.rotations()
        for deal in range(self.deals()):
            seed = deal_seed(self.seed, deal)
            for a, arm in enumerate(arms):
                for r, seats in enumerate(rots):
                    yield GameSpec(self.index(deal, a, r), a, deal, r, seed, seats, arm)

    # -- the header line of a results file -----------------------------------
    def header(self) -> dict[str, Any]:
        """The first line of a results file: the plan, so a report or a resume can read it.

        Besides the plan it records what a reader needs to trust and reproduce the numbers:
        the git commit and a dirty flag, every option of every setting (defaults
        included), each seat's role and the meaning of the scores (per setting), and each
        level's player with its search budget.
        """
        game = get_game(self.game)
        arms = self.arms()
        full = [game.options_to_json(game.make_options(dict(a))) for a in arms]
        made = [game.make_options(dict(a)) for a in arms]
        meanings = [game.score_meaning(o) for o in made]
        return {
            "format": FORMAT,
            "format_version": FORMAT_VERSION,
            "engine_version": __version__,
            **code_version(),
            "game": self.game,
            "players": self.players,
            "seats": list(self.seats),
            "players_spec": {s: describe_player(game, s, self.time_caps) for s in self.seats},
            "time_caps": self.time_caps,
            "games": self.games,
            "seed": self.seed,
            "options": self.options,
            "sweep": self.sweep,
            "variants": self.variants,
            "timing": self.timing,
            "rotations": [list(r) for r in self.rotations()],
            "arms": arms,
            "arm_options": full,
            "arm_roles": [list(game.seat_roles(self.players, o)) for o in made],
            "arm_scores": [{"kind": m.kind, "words": m.words} for m in meanings],
            "arm_labels": self.arm_labels(),
            "total": self.total(),
        }

    @classmethod
    def from_header(cls, header: Mapping[str, Any]) -> RunPlan:
        """The plan recorded in a results file's header."""
        return cls(
            game=header["game"],
            players=int(header["players"]),
            seats=tuple(header["seats"]),
            games=int(header["games"]),
            seed=int(header["seed"]),
            options=dict(header.get("options") or {}),
            sweep={k: list(v) for k, v in (header.get("sweep") or {}).items()},
            timing=bool(header.get("timing", True)),
            variants={k: dict(v) for k, v in (header.get("variants") or {}).items()},
            time_caps=bool(header.get("time_caps", False)),
        )

    def differences(self, other: RunPlan) -> list[str]:
        """The fields (other than ``games`` and ``timing``) in which two plans differ."""
        names = ("game", "players", "seats", "seed", "options", "sweep", "variants", "time_caps")
        return [n for n in names if getattr(self, n) != getattr(other, n)]


def _smallest_count(game: Game, options: Mapping[str, Any]) -> int:
    """The smallest player count the options allow (Abu Simbel's solo mode needs its own)."""
    for n in game.player_counts():
        try:
            game.check_options(game.make_options(dict(options)), n)
        except InvalidOptions:
            continue
        return n
    return game.min_players


def _typed(game: Game, values: Mapping[str, Any], players: int) -> dict[str, Any]:
    """``values`` checked by the game and returned as JSON-typed values (same keys)."""
    opts = game.make_options(dict(values))
    game.check_options(opts, players)
    as_json = game.options_to_json(opts)
    return {k: as_json[k] for k in values}


def _show(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, list):
        return ",".join(map(str, v))
    return str(v)


# -- playing one game ------------------------------------------------------------
def _searches(agent: Any, seen: set[int] | None = None) -> list[Any]:
    """The ISMCTS searchers inside an agent (a wrapper's ``base``/``agent``/``inner``)."""
    from obelisk.agents import ISMCTSAgent

    seen = set() if seen is None else seen
    if id(agent) in seen:
        return []
    seen.add(id(agent))
    if isinstance(agent, ISMCTSAgent):
        return [agent]
    out: list[Any] = []
    for name in ("base", "agent", "inner", "search", "searcher"):
        part = getattr(agent, name, None)
        if part is not None and not isinstance(part, (int, float, str, bool)):
            out.extend(_searches(part, seen))
    return out


def make_player(game: Game, level: str, time_caps: bool = False) -> Agent:
    """The agent of a level for simulation: search plays by its iteration budget alone
    unless ``time_caps`` (a wall-clock cap makes a seed's games depend on the machine)."""
    agent = make_agent(game, level)
    if not time_caps:
        for s in _searches(agent):
            if s.iterations is not None:
                s.seconds = None
    return agent


def describe_player(game: Game, level: str, time_caps: bool = False) -> str:
    """The player behind a level with its search budget, e.g. ``<ISMCTS …: 100 iterations …>``."""
    agent = make_player(game, level, time_caps)
    found = _searches(agent)
    kind = type(agent).__name__
    return f"{kind}: " + "; ".join(repr(s) for s in found) if found else kind


def _end_reason(state: Any) -> str | None:
    """The ``reason`` of the last event that gives one (a game's end: rules or a cap)."""
    for e in reversed(state.events):
        reason = e.data.get("reason")
        if isinstance(reason, str):
            return reason
    return None


def play_game(
    game: Game, spec: GameSpec, timing: bool = True, time_caps: bool = False
) -> dict[str, Any]:
    """Play one game of a run and return its line of the results file.

    The line holds the index, deal, seed, seats, options, final scores,
    returns and winners, the length in steps, decisions per seat, the first
    seat to move, lead changes, the winning margin, how the game ended (``end``: the
    reason its last event gives, e.g. ``max_rounds`` for a safety cap), the flow
    measures of :mod:`obelisk.sim.flow` (``flow``), the trail of choices that plays it
    again (``trail``) and (with ``timing``) the wall-clock duration. The state's
    ``sim_metrics()`` (a game's own numbers) go under ``metrics``. An exception from
    the engine or an agent is caught and recorded as ``error`` on the line, so one bad
    game does not sink a run.

    Lead changes are counted on the game's ``sim_progress()`` after every step: each time
    the sole leader becomes a different seat (a tie keeps the last sole leader). They
    are computed by the referee after the game and never shown to a seat.
    """
    t0 = time.perf_counter()
    line: dict[str, Any] = {
        "i": spec.index,
        "arm": spec.arm,
        "deal": spec.deal,
        "rot": spec.rotation,
        "seed": spec.seed,
        "seats": list(spec.seats),
        "options": dict(spec.options),
    }
    rec = FlowRecorder()
    try:
        agents = rec.wrap([make_player(game, level, time_caps) for level in spec.seats])
        state = play_match(game, agents, spec.seed, dict(spec.options), on_step=rec.on_step)
        outcome = Outcome.of(state)
        scores = [float(s) for s in outcome.scores]
        ordered = sorted(scores, reverse=True)
        decisions = [0] * state.num_players
        first = None
        for st in state.history:
            if st.seat >= 0:
                decisions[st.seat] += 1
                if first is None:
                    first = st.seat
        flow = flow_metrics(rec, list(outcome.winners))
        line.update(
            scores=scores,
            returns=[round(r, 6) for r in outcome.returns],
            winners=list(outcome.winners),
            length=len(state.history),
            decisions=decisions,
            first=first,
            lead_changes=int(flow.get("lead changes", 0)),
            margin=ordered[0] - ordered[1] if len(ordered) > 1 else 0.0,
            end=_end_reason(state),
            flow={k: round(v, 6) for k, v in flow.items()},
        )
        extra = state.sim_metrics()
        if extra:
            line["metrics"] = {str(k): v for k, v in extra.items()}
    except Exception as e:  # one broken game must not lose the run; the line says why
        line["error"] = f"{type(e).__name__}: {e}"
    line["trail"] = rec.trail()
    if timing:
        line["duration"] = round(time.perf_counter() - t0, 6)
    return line


def play_chunk(
    game: Game, specs: Sequence[GameSpec], timing: bool, time_caps: bool = False
) -> tuple[list[dict[str, Any]], float]:
    """Play several games; returns their lines and the seconds it took (for chunk sizing)."""
    t0 = time.perf_counter()
    lines = [play_game(game, s, timing, time_caps) for s in specs]
    return lines, time.perf_counter() - t0


def resolve_game(name: str) -> Game:
    """The registered game of a plan (a thin wrapper, so workers and driver agree)."""
    return get_game(name)
