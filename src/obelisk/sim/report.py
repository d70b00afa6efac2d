"""Balance reports from a results file: terminal tables, Markdown, and a self-contained HTML page.

:func:`analyze` turns the game lines into numbers (per setting of the sweep):
win share by seat and by level with 95 % intervals, the first player's
advantage, ties, game length, scores, winning margins, lead changes, and the
comparison of every setting with the first one. :func:`tables` lays those
numbers out once as plain tables, which the terminal (Rich), Markdown and HTML
renderers all print; :func:`plots` draws the PNG figures for the HTML page.
The report reads only the per-game summaries of the results file.
"""

from __future__ import annotations

import base64
import dataclasses
import html
import io
import math
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from .results import Results, read_results
from .stats import (
    Share,
    Summary,
    chi2_equal,
    holm,
    one_prop_test,
    one_sample_t,
    paired_t,
    sign_test,
    summarize,
    two_prop_test,
    welch_test,
)

#: End reasons that mean a safety cap stopped the game, not its rules.
CAP_REASONS = frozenset({"max_rounds", "step_limit", "max_steps", "max_turns"})

#: The flow measures (``obelisk.sim.flow``) in reading order, with what each says.
FLOW_MEASURES: dict[str, str] = {
    "turns": "runs of decisions by one seat",
    "branching factor": "legal choices per decision",
    "decision moves": "share of decisions with more than one legal choice",
    "lead changes": "sole leader on the game's progress became another seat",
    "stability": "mean change of a seat's progress per step (smaller: steadier)",
    "uncertainty": "closeness of the top two seats, 1 = level all game",
    "drama": "the winner's largest deficit, share of the progress scale",
    "decided at": "share of the game after which the winner led alone",
}
#: Flow measures that need progress on one scale and a sole winner.
_RACE_MEASURES = frozenset({"lead changes", "stability", "uncertainty", "drama", "decided at"})


@dataclasses.dataclass
class ArmReport:
    """The numbers of one setting of the sweep (the whole run when nothing is swept)."""

    label: str
    options: dict[str, Any]
    games: list[dict[str, Any]]
    errors: int
    players: int
    #: True when every game gave all seats the same outcome (a cooperative game).
    team: bool
    seat_shares: list[Share]
    seat_chi2: tuple[float, float]
    level_shares: dict[str, Share]
    first: Share | None
    first_test: tuple[float, float]
    ties: Share
    #: Games nobody won (the game itself won, e.g. Khufu's clock ran out).
    no_winner: Share
    length: Summary
    lead_changes: Summary
    no_lead_change: Share
    margin: Summary
    winning_score: Summary
    seat_scores: list[Summary]
    duration: Summary | None
    #: The game's own numeric metrics (``sim_metrics()``), by name.
    metrics: dict[str, Summary] = dataclasses.field(default_factory=dict)
    #: Each seat's role (the game's ``seat_roles``), and the seats of each role.
    roles: list[str] = dataclasses.field(default_factory=list)
    #: What the scores mean: ``win_lose``, ``points`` or ``composite`` (``ScoreMeaning``).
    score_kind: str = "points"
    score_words: str = "points"
    #: Per role: the share of games won by a seat of that role, and its test against the
    #: role's fair share (seats of the role / players).
    role_shares: dict[str, Share] = dataclasses.field(default_factory=dict)
    role_tests: dict[str, tuple[float, float]] = dataclasses.field(default_factory=dict)
    #: Per role with several seats: chi-square that its seats win equally.
    role_seat_chi2: dict[str, tuple[float, float]] = dataclasses.field(default_factory=dict)
    #: Per level: mean return per seat minus the fair share, t and p of the one-sample
    #: t-test on each deal's mean over its seat orders (paired by deal).
    level_tests: dict[str, tuple[float, float, float]] = dataclasses.field(default_factory=dict)
    #: Games a safety cap ended (an option such as the Mummy's ``max_rounds``).
    capped: Share = dataclasses.field(default_factory=lambda: Share.of(0, 0))
    #: How games ended (the reason their last event gave), counted.
    end_reasons: dict[str, int] = dataclasses.field(default_factory=dict)
    #: The flow measures (``obelisk.sim.flow``), by name.
    flow: dict[str, Summary] = dataclasses.field(default_factory=dict)

    @property
    def n(self) -> int:
        """Games that finished without error."""
        return len(self.games)

    @property
    def fair(self) -> float:
        """The share every seat would win in a perfectly balanced game: the games some
        seat won, shared equally (Khufu's own wins, games a cap stopped are nobody's)."""
        if not self.n:
            return 1.0 / self.players
        return (1.0 - self.no_winner.value) / self.players

    @property
    def one_role(self) -> bool:
        """Whether every seat plays the same role (seats are then comparable)."""
        return len(set(self.roles)) <= 1

    def role_seats(self) -> dict[str, list[int]]:
        """The seats (0-based) of each role, roles in seat order."""
        out: dict[str, list[int]] = {}
        for j, r in enumerate(self.roles):
            out.setdefault(r, []).append(j)
        return out

    @property
    def completion(self) -> Share:
        """Games that ended by the rules (not by a safety cap, not in an error)."""
        total = self.n + self.errors
        return Share.of(self.n - self.capped.successes, total)


@dataclasses.dataclass(frozen=True)
class Comparison:
    """One metric of a setting against the first setting, with a two-sided test.

    ``test`` names the test; ``p_holm`` is Holm's adjusted p over the whole table.
    """

    arm: str
    metric: str
    base: float
    value: float
    diff: float
    p: float
    test: str = ""
    p_holm: float = 1.0


@dataclasses.dataclass
class Report:
    """Everything :func:`analyze` found in one or more results files."""

    path: str
    header: dict[str, Any]
    arms: list[ArmReport]
    comparisons: list[Comparison]
    #: The other files' headers when several were read (one per file after the first).
    more_headers: list[dict[str, Any]] = dataclasses.field(default_factory=list)
    #: One row per base seed when the files differ only in their seed.
    seeds: list[ArmReport] = dataclasses.field(default_factory=list)
    seed_values: list[int] = dataclasses.field(default_factory=list)

    @property
    def games(self) -> int:
        """Finished games without error, all settings."""
        return sum(a.n for a in self.arms)

    @property
    def errors(self) -> int:
        """Games whose line records an error."""
        return sum(a.errors for a in self.arms)

    @property
    def complete(self) -> bool:
        """Whether every planned game is in the file(s)."""
        total = sum(int(h.get("total", 0)) for h in [self.header, *self.more_headers])
        return self.games + self.errors >= total


def _deal_means(ok: list[dict[str, Any]], level: str) -> list[float]:
    """Per deal: the level's mean return per seat over that deal's games."""
    by: dict[int, list[float]] = {}
    for g in ok:
        for j, lvl in enumerate(g["seats"]):
            if lvl == level:
                by.setdefault(int(g.get("deal", g["i"])), []).append(float(g["returns"][j]))
    return [sum(v) / len(v) for _, v in sorted(by.items())]


def _arm(
    label: str,
    options: dict[str, Any],
    lines: list[dict[str, Any]],
    k: int,
    roles: Sequence[str] | None = None,
    score: dict[str, Any] | None = None,
) -> ArmReport:
    ok = [g for g in lines if "error" not in g]
    errors = len(lines) - len(ok)
    n = len(ok)
    roles = list(roles or ["player"] * k)
    score = score or {"kind": "points", "words": "points"}
    team = n > 0 and all(len(set(g["returns"])) == 1 for g in ok)
    seat_wins = [sum(g["returns"][j] for g in ok) for j in range(k)]
    seat_shares = [Share.of(w, n) for w in seat_wins]
    level_wins: dict[str, float] = {}
    level_n: dict[str, int] = {}
    for g in ok:
        for j, lvl in enumerate(g["seats"]):
            level_wins[lvl] = level_wins.get(lvl, 0.0) + g["returns"][j]
            level_n[lvl] = level_n.get(lvl, 0) + 1
    level_shares = {lvl: Share.of(level_wins[lvl], level_n[lvl]) for lvl in sorted(level_n)}
    level_tests = {}
    if len(level_shares) > 1:
        won_share = sum(1 for g in ok if g["winners"]) / n if n else 1.0
        level_tests = {
            lvl: one_sample_t(_deal_means(ok, lvl), won_share / k) for lvl in level_shares
        }
    firsts = [g for g in ok if g.get("first") is not None]
    first = Share.of(sum(g["returns"][g["first"]] for g in firsts), len(firsts)) if firsts else None
    won = sum(1 for g in ok if g["winners"]) / n if n else 1.0
    fair = won / k  # the games some seat won, shared equally
    first_test = one_prop_test(first.successes, first.n, fair) if first else (0.0, 1.0)
    ties = Share.of(sum(1 for g in ok if len(g["winners"]) > 1), n)
    no_winner = Share.of(sum(1 for g in ok if not g["winners"]), n)
    leads = [g["lead_changes"] for g in ok]
    durations = [g["duration"] for g in lines if "duration" in g]
    own: dict[str, list[float]] = {}
    for g in ok:
        for key, v in (g.get("metrics") or {}).items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                own.setdefault(key, []).append(float(v))
    flows: dict[str, list[float]] = {}
    for g in ok:
        for key, v in (g.get("flow") or {}).items():
            flows.setdefault(key, []).append(float(v))
    ends: dict[str, int] = {}
    for g in ok:
        reason = str(g.get("end") or "by the rules")
        ends[reason] = ends.get(reason, 0) + 1
    capped = sum(c for r, c in ends.items() if r in CAP_REASONS)
    arm = ArmReport(
        label=label,
        options=options,
        games=ok,
        errors=errors,
        players=k,
        team=team,
        seat_shares=seat_shares,
        seat_chi2=chi2_equal(seat_wins) if not team else (0.0, 1.0),
        level_shares=level_shares,
        first=first,
        first_test=first_test,
        ties=ties,
        no_winner=no_winner,
        length=summarize([g["length"] for g in ok]),
        lead_changes=summarize(leads),
        no_lead_change=Share.of(sum(1 for x in leads if x == 0), n),
        margin=summarize([g["margin"] for g in ok]),
        winning_score=summarize([max(g["scores"]) for g in ok]),
        seat_scores=[summarize([g["scores"][j] for g in ok]) for j in range(k)],
        duration=summarize(durations) if durations else None,
        metrics={k: summarize(v) for k, v in sorted(own.items())},
        roles=roles,
        score_kind=str(score.get("kind", "points")),
        score_words=str(score.get("words", "points")),
        level_tests=level_tests,
        capped=Share.of(capped, n),
        end_reasons=dict(sorted(ends.items(), key=lambda kv: -kv[1])),
        flow={m: summarize(flows[m]) for m in FLOW_MEASURES if m in flows},
    )
    for role, seats in arm.role_seats().items():
        wins = seat_wins[seats[0]] if team else sum(seat_wins[j] for j in seats)
        arm.role_shares[role] = Share.of(wins, n)
        arm.role_tests[role] = one_prop_test(wins, n, arm.fair * len(seats))
        if len(seats) > 1 and not team:
            arm.role_seat_chi2[role] = chi2_equal([seat_wins[j] for j in seats])
    return arm


def _pairs(
    base: ArmReport, arm: ArmReport, paired: bool
) -> list[tuple[dict[str, Any], dict[str, Any]]]:
    """Games of two settings played on the same deal in the same seat order."""
    if not paired:
        return []
    there = {(g.get("deal"), g.get("rot")): g for g in arm.games}
    return [(g, there[key]) for g in base.games if (key := (g.get("deal"), g.get("rot"))) in there]


def _compare(base: ArmReport, arm: ArmReport, paired: bool = True) -> list[Comparison]:
    """Each headline of ``arm`` against ``base``: paired tests on the games the two
    played on the same deals (sign test for shares, paired t for means), else unpaired
    (two-proportion z, Welch's t)."""
    out: list[Comparison] = []
    pairs = _pairs(base, arm, paired)
    same_seats = base.players == arm.players and base.roles == arm.roles

    def share(metric: str, a: Share | None, b: Share | None, value: Any) -> None:
        if a is None or b is None or not a.n or not b.n:
            return
        if pairs:
            diffs = [value(y) - value(x) for x, y in pairs if value(x) is not None]
            _, _, p = sign_test(diffs)
            test = "sign"
        else:
            _, _, p = two_prop_test(a.successes, a.n, b.successes, b.n)
            test = "z"
        out.append(Comparison(arm.label, metric, a.value, b.value, b.value - a.value, p, test))

    def mean(metric: str, get: Any) -> None:
        a = [v for g in base.games if (v := get(g)) is not None]
        b = [v for g in arm.games if (v := get(g)) is not None]
        if not a or not b:
            return
        ma, mb = sum(a) / len(a), sum(b) / len(b)
        if pairs:
            diffs = [get(y) - get(x) for x, y in pairs if get(x) is not None and get(y) is not None]
            _, _, p = paired_t(diffs)
            test = "paired t"
        else:
            _, _, p = welch_test(a, b)
            test = "Welch"
        out.append(Comparison(arm.label, metric, ma, mb, mb - ma, p, test))

    if arm.team and base.team:
        share("team win share", base.seat_shares[0], arm.seat_shares[0], lambda g: g["returns"][0])
    elif same_seats and not arm.team:
        if arm.one_role:
            share(
                "first player's win share",
                base.first,
                arm.first,
                lambda g: None if g.get("first") is None else g["returns"][g["first"]],
            )
        for role, seats in arm.role_seats().items():
            if not arm.one_role:
                share(
                    f"{role} side's win share",
                    base.role_shares.get(role),
                    arm.role_shares[role],
                    lambda g, s=seats: sum(g["returns"][j] for j in s),
                )
            if len(seats) > 1:
                for j in seats:
                    name = f"seat {j + 1} win share" + ("" if arm.one_role else f" ({role})")
                    share(
                        name,
                        base.seat_shares[j],
                        arm.seat_shares[j],
                        lambda g, j=j: g["returns"][j],
                    )
    if not arm.team:
        share("tied games", base.ties, arm.ties, lambda g: float(len(g["winners"]) > 1))
        share("games nobody won", base.no_winner, arm.no_winner, lambda g: float(not g["winners"]))
    mean("game length (steps)", lambda g: float(g["length"]))
    if arm.score_kind == "points":
        mean("winning margin", lambda g: float(g["margin"]))
    for m in ("turns", "lead changes", "drama", "uncertainty", "decided at"):
        mean(m, lambda g, m=m: (g.get("flow") or {}).get(m))
    for m in arm.metrics:
        mean(m, lambda g, m=m: (g.get("metrics") or {}).get(m))
    return out


def _with_holm(comparisons: list[Comparison]) -> list[Comparison]:
    adjusted = holm([c.p for c in comparisons])
    return [dataclasses.replace(c, p_holm=q) for c, q in zip(comparisons, adjusted, strict=True)]


def _arms_of(results: Results, prefix: str = "") -> list[ArmReport]:
    h = results.header
    k = int(h["players"])
    labels: list[str] = list(h.get("arm_labels") or ["default"])
    arms_opts: list[dict[str, Any]] = list(h.get("arms") or [{}])
    roles: list[list[str]] = list(h.get("arm_roles") or [])
    scores: list[dict[str, Any]] = list(h.get("arm_scores") or [])
    by_arm: dict[int, list[dict[str, Any]]] = {a: [] for a in range(len(labels))}
    seen: set[int] = set()
    for g in results.games:
        if g["i"] in seen:
            continue
        seen.add(g["i"])
        by_arm.setdefault(int(g.get("arm", 0)), []).append(g)

    def name(a: int) -> str:
        label = labels[a] if a < len(labels) else f"setting {a}"
        if prefix and label == "default" and len(by_arm) == 1:
            return prefix.rstrip(": ")
        return prefix + label

    return [
        _arm(
            name(a),
            arms_opts[a] if a < len(arms_opts) else {},
            by_arm[a],
            k,
            roles[a] if a < len(roles) else None,
            scores[a] if a < len(scores) else None,
        )
        for a in sorted(by_arm)
    ]


#: Header fields that may differ between runs of one question over several seeds.
_SEED_FREE = frozenset(
    {"seed", "games", "total", "timing", "commit", "dirty", "engine_version", "players_spec"}
)


def analyze(results: Results | str | Path | Sequence[Results | str | Path]) -> Report:
    """The report of one results file, or of several compared with the first.

    Several files of the same plan that differ only in their base seed make a
    seed-robustness check (:attr:`Report.seeds`): the same question over several seeds.
    Several files of different plans are compared setting by setting with the first
    file's first setting, paired where they share the seed and seat orders.
    """
    many: list[Results | str | Path] = (
        list(results) if isinstance(results, (list, tuple)) else [results]  # type: ignore[list-item]
    )
    read: list[tuple[str, Results]] = []
    for r in many:
        if isinstance(r, Results):
            read.append(("", r))
        else:
            read.append((str(r), read_results(r)))
    path, first = read[0]
    if len(read) == 1:
        arms = _arms_of(first)
        comparisons = [c for arm in arms[1:] for c in _compare(arms[0], arm)] if arms else []
        return Report(path, first.header, arms, _with_holm(comparisons))
    same = all(
        {k: v for k, v in res.header.items() if k not in _SEED_FREE}
        == {k: v for k, v in first.header.items() if k not in _SEED_FREE}
        for _, res in read[1:]
    )
    more = [res.header for _, res in read[1:]]
    if same and len({int(res.header["seed"]) for _, res in read}) == len(read):
        seed_arms = [
            _arms_of(res, f"seed {res.header['seed']}: ")[0] for _, res in read
        ]  # the first setting of each seed
        arms = _arms_of(first)
        comparisons = [c for arm in arms[1:] for c in _compare(arms[0], arm)] if arms else []
        rep = Report(path, first.header, arms, _with_holm(comparisons))
        rep.seeds = seed_arms
        rep.seed_values = [int(res.header["seed"]) for _, res in read]
        return rep
    arms = []
    for n, (p, res) in enumerate(read):
        arms.extend(_arms_of(res, f"{Path(p).stem or f'file {n + 1}'}: "))
    base_seed = first.header.get("seed")
    comparisons = []
    for arm, (_, res) in _arm_files(arms, read):
        # the same base seed and player count deal the same cards: games on the same deal and
        # seat order pair up even when the levels in the seats differ (a seat-mix sweep)
        paired = (
            res.header.get("seed") == base_seed
            and res.header.get("players") == first.header.get("players")
            and len(res.header.get("rotations") or ()) == len(first.header.get("rotations") or ())
        )
        comparisons.extend(_compare(arms[0], arm, paired))
    return Report(path, first.header, arms, _with_holm(comparisons), more)


def _arm_files(
    arms: list[ArmReport], read: list[tuple[str, Results]]
) -> list[tuple[ArmReport, tuple[str, Results]]]:
    """Every arm after the first, with the file it came from."""
    out = []
    i = 0
    for entry in read:
        count = len(_labels(entry[1]))
        for _ in range(count):
            if i > 0 and i < len(arms):
                out.append((arms[i], entry))
            i += 1
    return out


def _labels(res: Results) -> list[str]:
    h = res.header
    labels = list(h.get("arm_labels") or ["default"])
    extra = {int(g.get("arm", 0)) for g in res.games} - set(range(len(labels)))
    return labels + [f"setting {a}" for a in sorted(extra)]


# -- tables ------------------------------------------------------------------------
@dataclasses.dataclass
class Table:
    """A plain table that every renderer prints the same way."""

    title: str
    columns: list[str]
    rows: list[list[str]]
    note: str = ""
    #: How many leading columns hold text (left-aligned); the rest are numbers.
    text_columns: int = 1


def pct(x: float) -> str:
    """A share as a percentage with one decimal."""
    return "-" if math.isnan(x) else f"{100 * x:.1f}%"


def ci(s: Share) -> str:
    """A share's 95 % interval."""
    return f"{100 * s.lo:.1f}–{100 * s.hi:.1f}%"


def num(x: float, digits: int = 1) -> str:
    """A number for a table (never ``-0.0``)."""
    if math.isnan(x):
        return "-"
    if round(x, digits) == 0:
        x = 0.0
    return f"{x:.{digits}f}"


def mean_ci(sm: Summary, digits: int = 1) -> str:
    """A mean's 95 % interval, clipped to the values seen (a count is never below 0)."""
    if not sm.n:
        return "-"
    return f"{num(max(sm.lo, sm.min), digits)}–{num(min(sm.hi, sm.max), digits)}"


def pval(p: float) -> str:
    """A p-value with stars: * < 0.05, ** < 0.01, *** < 0.001."""
    stars = "***" if p < 0.001 else "**" if p < 0.01 else "*" if p < 0.05 else ""
    text = "<0.001" if p < 0.001 else f"{p:.3f}"
    return f"{text} {stars}".strip()


def _overview(rep: Report) -> Table:
    h = rep.header
    a0 = rep.arms[0] if rep.arms else None
    commit = h.get("commit")
    rows = [
        ["game", str(h["game"])],
        ["players", str(h["players"])],
        ["seats", ", ".join(h["seats"])],
    ]
    if a0 is not None and not a0.one_role:
        rows.append(["roles", ", ".join(f"seat {j + 1}: {r}" for j, r in enumerate(a0.roles))])
    if a0 is not None:
        rows.append(["scores", f"{a0.score_words} ({a0.score_kind.replace('_', '/')})"])
    for lvl, desc in (h.get("players_spec") or {}).items():
        rows.append([f"player '{lvl}'", str(desc)])
    rows += [
        ["search budget", "with wall-clock caps" if h.get("time_caps") else "iterations only"],
        ["seat orders per deal", str(len(h.get("rotations") or [1]))],
        [
            "fixed options",
            ", ".join(f"{k}={v}" for k, v in (h.get("options") or {}).items()) or "defaults",
        ],
        ["settings", "; ".join(h.get("arm_labels") or ["default"])],
        [
            "games",
            f"{rep.games} of {sum(int(x.get('total', 0)) for x in [h, *rep.more_headers])} "
            "planned" + ("" if rep.complete else " (incomplete)"),
        ],
        ["errors", str(rep.errors)],
        [
            "base seed",
            ", ".join(str(x.get("seed")) for x in [h, *rep.more_headers])
            + (
                f" (the tables; seeds {', '.join(map(str, rep.seed_values))} in the seed check)"
                if rep.seeds
                else ""
            ),
        ],
        ["engine version", str(h.get("engine_version"))],
        [
            "commit",
            "not recorded"
            if commit is None
            else f"{str(commit)[:12]}" + (" (with uncommitted changes)" if h.get("dirty") else ""),
        ],
    ]
    durs = [a.duration for a in rep.arms if a.duration is not None and a.duration.n]
    if durs:
        total_n = sum(d.n for d in durs)
        mean = sum(d.mean * d.n for d in durs) / total_n
        rows.append(["time per game (one worker)", f"{1000 * mean:.1f} ms"])
    return Table("Run", ["", ""], rows, text_columns=2)


def _dist_row(name: str, sm: Summary, digits: int = 1) -> list[str]:
    return [
        name,
        num(sm.mean, digits),
        mean_ci(sm, digits),
        num(sm.sd, digits),
        num(sm.min, digits if sm.min != int(sm.min) else 0),
        num(sm.median, digits),
        num(sm.p95, digits),
        num(sm.max, digits if sm.max != int(sm.max) else 0),
    ]


_DIST_COLUMNS = ["", "mean", "95% CI", "sd", "min", "median", "p95", "max"]


def _arm_tables(a: ArmReport, suffix: str) -> list[Table]:
    out: list[Table] = []
    if a.team:
        s = a.seat_shares[0]
        out.append(
            Table(
                f"Team result{suffix}",
                ["games", "team wins", "95% CI"],
                [[str(a.n), pct(s.value), ci(s)]],
                "A cooperative game: every seat shares one outcome.",
            )
        )
    elif not a.one_role:
        rows = []
        for role, seats in a.role_seats().items():
            s = a.role_shares[role]
            _z, p = a.role_tests[role]
            fair = a.fair * len(seats)
            rows.append(
                [
                    role,
                    ", ".join(str(j + 1) for j in seats),
                    pct(s.value),
                    ci(s),
                    pct(fair),
                    f"{100 * (s.value - fair):+.1f} pts",
                    pval(p),
                ]
            )
        out.append(
            Table(
                f"Win share by role{suffix}",
                ["role", "seats", "games won", "95% CI", "fair", "difference", "p"],
                rows,
                "Games won by a seat of the role. Fair: the role's seats over all seats "
                "(a guide only: the roles are different by design). p: one-proportion z-test "
                "against it.",
                text_columns=2,
            )
        )
        for role, seats in a.role_seats().items():
            if len(seats) < 2:
                continue
            x2, p = a.role_seat_chi2[role]
            out.append(
                Table(
                    f"Seats within the role {role}{suffix}",
                    ["seat", "win share", "95% CI", "wins"],
                    [
                        [
                            str(j + 1),
                            pct(a.seat_shares[j].value),
                            ci(a.seat_shares[j]),
                            num(a.seat_shares[j].successes),
                        ]
                        for j in seats
                    ],
                    f"Equal shares among the {role} seats: chi² = {x2:.2f}, p = {pval(p)}.",
                )
            )
    else:
        x2, p = a.seat_chi2
        out.append(
            Table(
                f"Win share by seat{suffix}",
                ["seat", "win share", "95% CI", "wins", "mean score"],
                [
                    [
                        str(j + 1),
                        pct(s.value),
                        ci(s),
                        num(s.successes),
                        num(a.seat_scores[j].mean) if a.score_kind != "win_lose" else "-",
                    ]
                    for j, s in enumerate(a.seat_shares)
                ],
                f"Fair share {pct(a.fair)}"
                + (
                    f" (the {pct(1 - a.no_winner.value)} of games some seat won, shared)"
                    if a.no_winner.successes
                    else ""
                )
                + f". Equal shares: chi² = {x2:.2f}, p = {pval(p)}. "
                "A shared win counts fractionally.",
            )
        )
    if len(a.level_shares) > 1 and not a.team:
        out.append(
            Table(
                f"Win share by level{suffix}",
                ["level", "win share per seat", "95% CI", "seats played", "p"],
                [
                    [lvl, pct(s.value), ci(s), str(int(s.n)), pval(a.level_tests[lvl][2])]
                    for lvl, s in a.level_shares.items()
                ],
                f"Fair share {pct(a.fair)} per seat. p: one-sample t-test of each deal's mean "
                "over its seat orders against the fair share (paired by deal).",
            )
        )
    if a.first is not None and not a.team and a.one_role:
        _z, p = a.first_test
        out.append(
            Table(
                f"First player{suffix}",
                ["first player's win share", "95% CI", "fair", "advantage", "p"],
                [
                    [
                        pct(a.first.value),
                        ci(a.first),
                        pct(a.fair),
                        f"{100 * (a.first.value - a.fair):+.1f} pts",
                        pval(p),
                    ]
                ],
                "The first player is the seat that made the first decision of the game.",
            )
        )
    rows = [_dist_row("game length (steps)", a.length)]
    notes = []
    if a.score_kind == "points":
        rows.append(_dist_row("winning score", a.winning_score))
        rows.append(_dist_row("winning margin", a.margin))
    elif a.score_kind == "win_lose":
        notes.append("Scores are win/lose (1 or 0): no winning score or margin.")
    else:
        for role, seats in a.role_seats().items():
            vals = [g["scores"][j] for g in a.games for j in seats]
            rows.append(_dist_row(f"{role}'s score", summarize(vals)))
        notes.append(
            f"Scores are composite ({a.score_words}): no winning score or margin across roles."
        )
    rows += [_dist_row(name, sm, 2) for name, sm in a.metrics.items()]
    out.append(
        Table(
            f"Distributions{suffix}",
            _DIST_COLUMNS,
            rows,
            " ".join(
                [
                    f"Ties: {pct(a.ties.value)} of games. Nobody won: {pct(a.no_winner.value)}.",
                    *notes,
                    "The rows after the scores are the game's own numbers (sim_metrics).",
                ]
            ),
        )
    )
    out.append(_flow_table(a, suffix))
    out.append(
        Table(
            f"How games ended{suffix}",
            ["ending (as the game names it)", "games", "share"],
            [[r, str(c), pct(c / a.n if a.n else math.nan)] for r, c in a.end_reasons.items()]
            + [["(error)", str(a.errors), pct(a.errors / max(1, a.n + a.errors))]],
            f"Completion: {pct(a.completion.value)} ended by the rules. "
            + (
                f"{int(a.capped.successes)} games were stopped by a safety cap "
                f"({', '.join(sorted(CAP_REASONS & set(a.end_reasons)))}), not by the rules: "
                "their results are not the game's."
                if a.capped.successes
                else "No game hit a safety cap."
            ),
        )
    )
    return out


def _flow_table(a: ArmReport, suffix: str) -> Table:
    rows = []
    skipped = []
    for name, words in FLOW_MEASURES.items():
        sm = a.flow.get(name)
        if sm is None or not sm.n:
            continue
        if name in _RACE_MEASURES and a.team:
            skipped.append(name)
            continue
        rows.append([name, words, *_dist_row(name, sm, 2)[1:4]])
    note = (
        "Ludii's measures of a game's flow, from each game's trajectory (obelisk.sim.flow). "
        "Lead changes, stability, uncertainty, drama and 'decided at' read the game's own "
        "progress measure (State.sim_progress) after every step; drama and 'decided at' only "
        "count games with one winner. Drawishness: the ties above; duration: game length "
        "and turns; completion: the endings below."
    )
    if skipped:
        note += f" Left out for a team game: {', '.join(skipped)}."
    return Table(
        f"Flow of the game{suffix}",
        ["measure", "what it is", "mean", "95% CI", "sd"],
        rows,
        note,
        text_columns=2,
    )


def summary(rep: Report) -> Table:
    """One row per setting: the headline numbers side by side."""
    rows = []
    for a in rep.arms:
        if not a.n:
            continue
        if a.team:
            seats = f"team {pct(a.seat_shares[0].value)}"
            equal = "-"
        elif not a.one_role:
            seats = " / ".join(f"{r} {100 * s.value:.1f}" for r, s in a.role_shares.items())
            equal = "-"
        else:
            seats = " / ".join(f"{100 * s.value:.1f}" for s in a.seat_shares)
            equal = pval(a.seat_chi2[1])
        first = "-"
        if a.first is not None and not a.team and a.one_role:
            first = pct(a.first.value)
        lc = a.flow.get("lead changes")
        rows.append(
            [
                a.label,
                str(a.n),
                seats,
                equal,
                first,
                num(a.length.mean),
                num(a.margin.mean) if a.score_kind == "points" else "-",
                num(lc.mean, 2) if lc is not None else "-",
                pct(a.ties.value),
                pct(a.completion.value),
            ]
        )
    return Table(
        "Summary",
        [
            "setting",
            "games",
            "win % (seat or role)",
            "p equal",
            "first player",
            "length",
            "margin",
            "leads",
            "ties",
            "completed",
        ],
        rows,
        "Win % in seat order, or by role where seats play different roles; p equal: "
        "chi-square test that seats win equally; first player: win share of the seat that "
        "moved first (one role only); means per game of length (steps), winning margin "
        "(points games only) and lead changes; shares of tied games and of games ended by "
        "the rules.",
    )


def seed_table(rep: Report) -> Table | None:
    """The same question over several base seeds (files that differ only in their seed)."""
    if not rep.seeds:
        return None
    rows = []
    for seed, a in zip(rep.seed_values, rep.seeds, strict=True):
        if a.team:
            parts = [("team", a.seat_shares[0], (0.0, 1.0))]
        elif not a.one_role:
            parts = [(r, a.role_shares[r], a.role_tests[r]) for r in a.role_shares]
        else:
            parts = [
                (f"seat {j + 1}", s, one_prop_test(s.successes, s.n, a.fair))
                for j, s in enumerate(a.seat_shares)
            ]
        for name, s, test in parts:
            rows.append([str(seed), name, str(a.n), pct(s.value), ci(s), pval(test[1])])
    return Table(
        "The same question over several base seeds",
        ["seed", "seat or role", "games", "win share", "95% CI", "p vs fair"],
        rows,
        "A difference that is real shows in every seed; one that shows in one seed only "
        "is likely chance.",
        text_columns=2,
    )


def tables(rep: Report) -> list[Table]:
    """The report as plain tables, in reading order."""
    out = [_overview(rep), summary(rep)]
    many = len(rep.arms) > 1
    for a in rep.arms:
        out.extend(_arm_tables(a, f" — {a.label}" if many else ""))
    st = seed_table(rep)
    if st is not None:
        out.append(st)
    if rep.comparisons:
        base = rep.arms[0].label
        for label in dict.fromkeys(c.arm for c in rep.comparisons):
            out.append(
                Table(
                    f"{label} against {base}",
                    ["metric", "first", "this", "difference", "p", "p Holm", "test"],
                    [
                        [
                            c.metric,
                            _fmt_metric(c.metric, c.base),
                            _fmt_metric(c.metric, c.value),
                            _fmt_diff(c.metric, c.diff),
                            pval(c.p),
                            pval(c.p_holm),
                            c.test,
                        ]
                        for c in rep.comparisons
                        if c.arm == label
                    ],
                    f"first: {base}; this: {label}. Games of two settings on the same deal "
                    "and seat order are paired: shares by the exact sign test ('sign'; "
                    "McNemar's test for win/lose), means by the paired t-test ('paired t'); "
                    "runs on other deals by the two-proportion z-test ('z') and Welch's t "
                    "('Welch'). p Holm: corrected for every comparison of the report with "
                    "Holm's step-down method; read that column.",
                )
            )
    return out


def _is_share(metric: str) -> bool:
    return "share" in metric or metric in ("tied games", "games nobody won", "decision moves")


def _fmt_metric(metric: str, x: float) -> str:
    return pct(x) if _is_share(metric) else num(x, 2)


def _fmt_diff(metric: str, x: float) -> str:
    return f"{100 * x:+.1f} pts" if _is_share(metric) else f"{x:+.2f}"


# -- renderers ---------------------------------------------------------------------
def print_report(rep: Report, console: Any) -> None:
    """Print the report's tables to a Rich console."""
    from rich.table import Table as RichTable

    for t in tables(rep):
        if t.title == "Summary" and len(rep.arms) < 2:
            continue  # one setting: the detailed tables below say the same
        rt = RichTable(title=t.title, show_header=t.columns != ["", ""], title_justify="left")
        for i, c in enumerate(t.columns):
            # fold, never cut: a label must be readable at 80 columns
            rt.add_column(c, justify="left" if i < t.text_columns else "right", overflow="fold")
        for r in t.rows:
            rt.add_row(*r)
        console.print(rt)
        if t.note:
            console.print(f"[dim]{t.note}[/]")
        console.print()


def markdown(rep: Report) -> str:
    """The report's tables as Markdown (for ``docs/balance``)."""
    parts = []
    for t in tables(rep):
        parts.append(f"#### {t.title}\n")
        cols = t.columns if t.columns != ["", ""] else ["", ""]
        parts.append("| " + " | ".join(cols) + " |")
        parts.append(
            "|" + "|".join("---" if i < t.text_columns else "---:" for i in range(len(cols))) + "|"
        )
        for r in t.rows:
            parts.append("| " + " | ".join(c.replace("|", "\\|") for c in r) + " |")
        if t.note:
            parts.append(f"\n{t.note}")
        parts.append("")
    return "\n".join(parts)


def plots(rep: Report) -> list[tuple[str, bytes]]:
    """PNG figures: win shares, game length, scores, margins, lead changes, settings."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    figs: list[tuple[str, bytes]] = []
    arms = [a for a in rep.arms if a.n]
    if not arms:
        return figs

    def save(title: str, fig: Any) -> None:
        buf = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buf, format="png", dpi=100)
        plt.close(fig)
        figs.append((title, buf.getvalue()))

    k = arms[0].players
    width = 0.8 / len(arms)

    def bars(title: str, names: list[str], shares: list[list[Share]], fair: list[float]) -> None:
        fig, ax = plt.subplots(figsize=(7, 3.6))
        for i, (a, ss) in enumerate(zip(arms, shares, strict=True)):
            xs = [j + (i - (len(arms) - 1) / 2) * width for j in range(len(names))]
            err = [[max(0.0, s.value - s.lo) for s in ss], [max(0.0, s.hi - s.value) for s in ss]]
            ax.bar(xs, [s.value for s in ss], width, yerr=err, capsize=3, label=a.label)
        for j, f in enumerate(fair):
            ax.hlines(f, j - 0.45, j + 0.45, color="black", linestyle="--", linewidth=1)
        ax.set_xticks(range(len(names)), names)
        ax.set_ylabel("share of games won (95% CI)")
        ax.set_title(title + " (dashed: fair share)")
        ax.legend(fontsize=8)
        save(title, fig)

    a0 = arms[0]
    if not a0.team and not a0.one_role:
        names = list(a0.role_shares)
        seats_of = a0.role_seats()
        bars(
            "Win share by role",
            names,
            [[a.role_shares.get(r, Share.of(0, 0)) for r in names] for a in arms],
            [a0.fair * len(seats_of[r]) for r in names],
        )
    elif not a0.team:
        bars(
            "Win share by seat",
            [f"seat {j + 1}" for j in range(k)],
            [a.seat_shares for a in arms],
            [a0.fair] * k,
        )
    lvls = sorted({lvl for a in arms for lvl in a.level_shares})
    if len(lvls) > 1 and not a0.team:
        bars(
            "Win share by level",
            lvls,
            [[a.level_shares.get(lvl, Share.of(0, 0)) for lvl in lvls] for a in arms],
            [a0.fair] * len(lvls),
        )

    def hist(title: str, get: Any, xlabel: str, integer: bool) -> None:
        values = [[v for g in a.games if (v := get(g)) is not None] for a in arms]
        if not any(values):
            return
        fig, ax = plt.subplots(figsize=(7, 3.4))
        lo = min(min(v) for v in values if v)
        hi = max(max(v) for v in values if v)
        if integer and hi - lo < 60:
            bins: Any = [x - 0.5 for x in range(int(lo), int(hi) + 2)]
            per = "share of games"
        else:
            bins = 30
            per = f"share of games per bin (bin = {(hi - lo) / 30:.3g})"
        for a, v in zip(arms, values, strict=True):
            if v:
                w = [1.0 / len(v)] * len(v)
                ax.hist(v, bins=bins, weights=w, histtype="step", linewidth=1.5, label=a.label)
        ax.set_xlabel(xlabel)
        ax.set_ylabel(per)
        ax.set_title(title)
        if len(arms) > 1:
            ax.legend(fontsize=8)
        save(title, fig)

    hist("Game length", lambda g: float(g["length"]), "steps (decisions) per game", True)
    if a0.score_kind == "points":
        hist("Winning score", lambda g: max(g["scores"]), "points of the winner", False)
        hist(
            "Winning margin",
            lambda g: float(g["margin"]),
            "winner's points minus the runner-up's",
            False,
        )
    hist(
        "Lead changes",
        lambda g: (g.get("flow") or {}).get("lead changes"),
        "lead changes per game (on the game's progress measure)",
        True,
    )
    hist(
        "Drama",
        lambda g: (g.get("flow") or {}).get("drama"),
        "the winner's largest deficit (share of the progress scale)",
        False,
    )

    sig = [c for c in rep.comparisons if c.p_holm < 0.05]
    if sig:
        fig, ax = plt.subplots(figsize=(8, 1.8 + 0.35 * len(sig)))
        rel = [
            100 * c.diff if _is_share(c.metric) else 100 * c.diff / c.base if c.base else 0.0
            for c in sig
        ]
        ax.barh(range(len(sig)), rel)
        ax.axvline(0, color="black", linewidth=1)
        ax.set_yticks(range(len(sig)), [f"{c.arm}: {c.metric}"[:60] for c in sig], fontsize=8)
        ax.invert_yaxis()
        ax.set_xlabel("change against the first setting (shares: points; means: %)")
        ax.set_title("Measures that changed significantly (Holm p < 0.05)")
        save("Significant changes", fig)
    return figs


_CSS = """
body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em}
th{background:#f3efe6}td{text-align:right}td.t{text-align:left}
p.note{color:#555;font-size:.9em;margin:.2em 0 1em}img{max-width:100%;display:block;margin:.6em 0}
"""


def html_page(rep: Report) -> str:
    """A self-contained HTML page: the tables and the plots as embedded PNGs."""
    h = rep.header
    e = html.escape
    parts = [
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>",
        f"<title>Balance report: {e(str(h['game']))}</title><style>{_CSS}</style></head><body>",
        f"<h1>Balance report: {e(str(h['game']))}</h1>",
        f"<p class='note'>From {e(rep.path or 'results')}: {rep.games} games.</p>",
    ]
    for t in tables(rep):
        parts.append(f"<h2>{e(t.title)}</h2><table>")
        if t.columns != ["", ""]:
            parts.append("<tr>" + "".join(f"<th>{e(c)}</th>" for c in t.columns) + "</tr>")
        for r in t.rows:
            cells = (
                f"<td class='t'>{e(c)}</td>" if i < t.text_columns else f"<td>{e(c)}</td>"
                for i, c in enumerate(r)
            )
            parts.append("<tr>" + "".join(cells) + "</tr>")
        parts.append("</table>")
        if t.note:
            parts.append(f"<p class='note'>{e(t.note)}</p>")
    figs = plots(rep)
    if figs:
        parts.append("<h2>Plots</h2>")
    for title, png in figs:
        data = base64.b64encode(png).decode("ascii")
        parts.append(f"<img alt='{e(title)}' src='data:image/png;base64,{data}'>")
    parts.append("</body></html>")
    return "\n".join(parts)


def save_plots(rep: Report, folder: str | Path, prefix: str = "") -> list[Path]:
    """Write the plots as PNG files into ``folder``; returns their paths."""
    d = Path(folder)
    d.mkdir(parents=True, exist_ok=True)
    out = []
    for title, png in plots(rep):
        p = d / f"{prefix}{title.lower().replace(' ', '-').replace(chr(39), '')}.png"
        p.write_bytes(png)
        out.append(p)
    return out


__all__: Sequence[str] = [
    "ArmReport",
    "Comparison",
    "Report",
    "Table",
    "analyze",
    "html_page",
    "markdown",
    "plots",
    "print_report",
    "save_plots",
    "summary",
    "tables",
]
