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
    one_prop_test,
    summarize,
    two_prop_test,
    welch_test,
)


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

    @property
    def n(self) -> int:
        """Games that finished without error."""
        return len(self.games)

    @property
    def fair(self) -> float:
        """The share every seat would win in a perfectly balanced game."""
        return 1.0 / self.players


@dataclasses.dataclass(frozen=True)
class Comparison:
    """One metric of a setting against the first setting, with a two-sided test."""

    arm: str
    metric: str
    base: float
    value: float
    diff: float
    p: float


@dataclasses.dataclass
class Report:
    """Everything :func:`analyze` found in a results file."""

    path: str
    header: dict[str, Any]
    arms: list[ArmReport]
    comparisons: list[Comparison]

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
        """Whether every planned game is in the file."""
        return self.games + self.errors >= int(self.header.get("total", 0))


def _arm(label: str, options: dict[str, Any], lines: list[dict[str, Any]], k: int) -> ArmReport:
    ok = [g for g in lines if "error" not in g]
    errors = len(lines) - len(ok)
    n = len(ok)
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
    firsts = [g for g in ok if g.get("first") is not None]
    first = Share.of(sum(g["returns"][g["first"]] for g in firsts), len(firsts)) if firsts else None
    first_test = one_prop_test(first.successes, first.n, 1.0 / k) if first else (0.0, 1.0)
    ties = Share.of(sum(1 for g in ok if len(g["winners"]) > 1), n)
    no_winner = Share.of(sum(1 for g in ok if not g["winners"]), n)
    leads = [g["lead_changes"] for g in ok]
    durations = [g["duration"] for g in lines if "duration" in g]
    own: dict[str, list[float]] = {}
    for g in ok:
        for key, v in (g.get("metrics") or {}).items():
            if isinstance(v, (int, float)) and not isinstance(v, bool):
                own.setdefault(key, []).append(float(v))
    return ArmReport(
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
    )


def _compare(base: ArmReport, arm: ArmReport) -> list[Comparison]:
    out: list[Comparison] = []

    def share(metric: str, a: Share | None, b: Share | None) -> None:
        if a is None or b is None or not a.n or not b.n:
            return
        diff, _, p = two_prop_test(a.successes, a.n, b.successes, b.n)
        out.append(Comparison(arm.label, metric, a.value, b.value, diff, p))

    def mean(metric: str, key: str) -> None:
        a = [float(g[key]) for g in base.games]
        b = [float(g[key]) for g in arm.games]
        if not a or not b:
            return
        diff, _, p = welch_test(a, b)
        out.append(Comparison(arm.label, metric, sum(a) / len(a), sum(b) / len(b), diff, p))

    if arm.team:
        share("team win share", base.seat_shares[0], arm.seat_shares[0])
    else:
        share("first player's win share", base.first, arm.first)
        for j in range(arm.players):
            share(f"seat {j + 1} win share", base.seat_shares[j], arm.seat_shares[j])
        if len(arm.level_shares) > 1:
            for lvl, s in arm.level_shares.items():
                share(f"{lvl} win share", base.level_shares.get(lvl), s)
        share("tied games", base.ties, arm.ties)
        share("games nobody won", base.no_winner, arm.no_winner)
    mean("game length (steps)", "length")
    mean("lead changes", "lead_changes")
    mean("winning margin", "margin")
    return out


def analyze(results: Results | str | Path) -> Report:
    """The report of a results file (or of results already read)."""
    path = ""
    if not isinstance(results, Results):
        path = str(results)
        results = read_results(results)
    h = results.header
    k = int(h["players"])
    labels: list[str] = list(h.get("arm_labels") or ["default"])
    arms_opts: list[dict[str, Any]] = list(h.get("arms") or [{}])
    by_arm: dict[int, list[dict[str, Any]]] = {a: [] for a in range(len(labels))}
    seen: set[int] = set()
    for g in results.games:
        if g["i"] in seen:
            continue
        seen.add(g["i"])
        by_arm.setdefault(int(g.get("arm", 0)), []).append(g)
    arms = [
        _arm(
            labels[a] if a < len(labels) else f"setting {a}",
            arms_opts[a] if a < len(arms_opts) else {},
            by_arm[a],
            k,
        )
        for a in sorted(by_arm)
    ]
    comparisons = [c for arm in arms[1:] for c in _compare(arms[0], arm)] if arms else []
    return Report(path, h, arms, comparisons)


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
    """A number for a table."""
    if math.isnan(x):
        return "-"
    return f"{x:.{digits}f}"


def pval(p: float) -> str:
    """A p-value with stars: * < 0.05, ** < 0.01, *** < 0.001."""
    stars = "***" if p < 0.001 else "**" if p < 0.01 else "*" if p < 0.05 else ""
    text = "<0.001" if p < 0.001 else f"{p:.3f}"
    return f"{text} {stars}".strip()


def _overview(rep: Report) -> Table:
    h = rep.header
    rows = [
        ["game", str(h["game"])],
        ["players", str(h["players"])],
        ["seats", ", ".join(h["seats"])],
        ["seat orders per deal", str(len(h.get("rotations") or [1]))],
        [
            "fixed options",
            ", ".join(f"{k}={v}" for k, v in (h.get("options") or {}).items()) or "defaults",
        ],
        ["settings", "; ".join(h.get("arm_labels") or ["default"])],
        [
            "games",
            f"{rep.games} of {h.get('total', '?')} planned"
            + ("" if rep.complete else " (incomplete)"),
        ],
        ["errors", str(rep.errors)],
        ["base seed", str(h.get("seed"))],
        ["engine version", str(h.get("engine_version"))],
    ]
    durs = [a.duration for a in rep.arms if a.duration is not None and a.duration.n]
    if durs:
        total_n = sum(d.n for d in durs)
        mean = sum(d.mean * d.n for d in durs) / total_n
        rows.append(["time per game (one worker)", f"{1000 * mean:.1f} ms"])
    return Table("Run", ["", ""], rows, text_columns=2)


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
    else:
        x2, p = a.seat_chi2
        out.append(
            Table(
                f"Win share by seat{suffix}",
                ["seat", "win share", "95% CI", "wins", "mean score"],
                [
                    [str(j + 1), pct(s.value), ci(s), num(s.successes), num(a.seat_scores[j].mean)]
                    for j, s in enumerate(a.seat_shares)
                ],
                f"Fair share {pct(a.fair)}. Equal shares: chi² = {x2:.2f}, p = {pval(p)}. "
                "A shared win counts fractionally.",
            )
        )
        if len(a.level_shares) > 1:
            out.append(
                Table(
                    f"Win share by level{suffix}",
                    ["level", "win share per seat", "95% CI", "seats played"],
                    [
                        [lvl, pct(s.value), ci(s), str(int(s.n))]
                        for lvl, s in a.level_shares.items()
                    ],
                    f"Fair share {pct(a.fair)} per seat.",
                )
            )
        if a.first is not None:
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
    rows = []
    for name, sm in (
        ("game length (steps)", a.length),
        ("winning score", a.winning_score),
        ("winning margin", a.margin),
        ("lead changes", a.lead_changes),
        *a.metrics.items(),
    ):
        rows.append(
            [
                name,
                num(sm.mean),
                f"{num(sm.lo)}–{num(sm.hi)}",
                num(sm.sd),
                num(sm.min, 0),
                num(sm.median),
                num(sm.p95),
                num(sm.max, 0),
            ]
        )
    out.append(
        Table(
            f"Distributions{suffix}",
            ["", "mean", "95% CI", "sd", "min", "median", "p95", "max"],
            rows,
            f"Ties: {pct(a.ties.value)} of games. Nobody won: {pct(a.no_winner.value)}. "
            f"Games without any lead change: "
            f"{pct(a.no_lead_change.value)}. Lead changes count how often the sole leader "
            "on the running score became another seat.",
        )
    )
    return out


def summary(rep: Report) -> Table:
    """One row per setting: the headline numbers side by side."""
    rows = []
    for a in rep.arms:
        if not a.n:
            continue
        if a.team:
            seats = f"team {pct(a.seat_shares[0].value)}"
            equal = "-"
        else:
            seats = " / ".join(f"{100 * s.value:.1f}" for s in a.seat_shares)
            equal = pval(a.seat_chi2[1])
        first = "-"
        if a.first is not None and not a.team:
            first = pct(a.first.value)
        rows.append(
            [
                a.label,
                str(a.n),
                seats,
                equal,
                first,
                num(a.length.mean),
                num(a.margin.mean),
                num(a.lead_changes.mean, 2),
                pct(a.ties.value),
                pct(a.no_winner.value),
            ]
        )
    return Table(
        "Summary",
        [
            "setting",
            "games",
            "seat win %",
            "p equal",
            "first player",
            "length",
            "margin",
            "leads",
            "ties",
            "no winner",
        ],
        rows,
        "Seat win % in seat order, p equal: chi-square test that seats win equally; first "
        "player: win share of the seat that moved first; means per "
        "game of length (steps), winning margin and lead changes; shares of tied games and of "
        "games nobody won.",
    )


def tables(rep: Report) -> list[Table]:
    """The report as plain tables, in reading order."""
    out = [_overview(rep), summary(rep)]
    many = len(rep.arms) > 1
    for a in rep.arms:
        out.extend(_arm_tables(a, f" — {a.label}" if many else ""))
    if rep.comparisons:
        base = rep.arms[0].label
        out.append(
            Table(
                f"Settings compared with {base}",
                ["setting", "metric", base, "this setting", "difference", "p"],
                [
                    [
                        c.arm,
                        c.metric,
                        _fmt_metric(c.metric, c.base),
                        _fmt_metric(c.metric, c.value),
                        _fmt_diff(c.metric, c.diff),
                        pval(c.p),
                    ]
                    for c in rep.comparisons
                ],
                "Shares: two-proportion z-test; means: Welch's t-test. With many rows, "
                "expect about one in twenty to show p < 0.05 by chance alone.",
                text_columns=2,
            )
        )
    return out


def _is_share(metric: str) -> bool:
    return "share" in metric or metric in ("tied games", "games nobody won")


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
            rt.add_column(c, justify="left" if i < t.text_columns else "right")
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
    if not arms[0].team:
        fig, ax = plt.subplots(figsize=(7, 3.6))
        for i, a in enumerate(arms):
            xs = [j + (i - (len(arms) - 1) / 2) * width for j in range(k)]
            vals = [s.value for s in a.seat_shares]
            err = [[s.value - s.lo for s in a.seat_shares], [s.hi - s.value for s in a.seat_shares]]
            ax.bar(xs, vals, width, yerr=err, capsize=3, label=a.label)
        ax.axhline(1.0 / k, color="black", linestyle="--", linewidth=1, label="fair share")
        ax.set_xticks(range(k), [f"seat {j + 1}" for j in range(k)])
        ax.set_ylabel("win share (95% CI)")
        ax.set_title("Win share by seat")
        ax.legend(fontsize=8)
        save("Win share by seat", fig)
        lvls = sorted({lvl for a in arms for lvl in a.level_shares})
        if len(lvls) > 1:
            fig, ax = plt.subplots(figsize=(7, 3.6))
            for i, a in enumerate(arms):
                xs = [j + (i - (len(arms) - 1) / 2) * width for j in range(len(lvls))]
                ss = [a.level_shares.get(lvl, Share.of(0, 0)) for lvl in lvls]
                err = [[s.value - s.lo for s in ss], [s.hi - s.value for s in ss]]
                ax.bar(xs, [s.value for s in ss], width, yerr=err, capsize=3, label=a.label)
            ax.axhline(1.0 / k, color="black", linestyle="--", linewidth=1, label="fair share")
            ax.set_xticks(range(len(lvls)), lvls)
            ax.set_ylabel("win share per seat (95% CI)")
            ax.set_title("Win share by level")
            ax.legend(fontsize=8)
            save("Win share by level", fig)

    def hist(title: str, key: str, xlabel: str, integer: bool) -> None:
        fig, ax = plt.subplots(figsize=(7, 3.4))
        values = [
            [float(g[key]) if key != "winning" else max(g["scores"]) for g in a.games] for a in arms
        ]
        lo = min(min(v) for v in values)
        hi = max(max(v) for v in values)
        if integer and hi - lo < 60:
            bins: Any = [x - 0.5 for x in range(int(lo), int(hi) + 2)]
        else:
            bins = 30
        for a, v in zip(arms, values, strict=True):
            ax.hist(v, bins=bins, histtype="step", density=True, linewidth=1.5, label=a.label)
        ax.set_xlabel(xlabel)
        ax.set_ylabel("share of games")
        ax.set_title(title)
        if len(arms) > 1:
            ax.legend(fontsize=8)
        save(title, fig)

    hist("Game length", "length", "steps (decisions) per game", True)
    hist("Winning score", "winning", "points of the winner", False)
    hist("Winning margin", "margin", "winner's points minus the runner-up's", False)
    hist("Lead changes", "lead_changes", "lead changes per game", True)

    if len(arms) > 1 and not arms[0].team:
        fig, axes = plt.subplots(1, 2, figsize=(9, 3.4))
        firsts = [a.first or Share.of(0, 0) for a in arms]
        ax = axes[0]
        ax.errorbar(
            range(len(arms)),
            [s.value for s in firsts],
            yerr=[[s.value - s.lo for s in firsts], [s.hi - s.value for s in firsts]],
            fmt="o",
            capsize=4,
        )
        ax.axhline(1.0 / k, color="black", linestyle="--", linewidth=1)
        ax.set_xticks(range(len(arms)), [a.label for a in arms], rotation=20, fontsize=8)
        ax.set_title("First player's win share")
        ax = axes[1]
        ax.errorbar(
            range(len(arms)),
            [a.length.mean for a in arms],
            yerr=[
                [a.length.mean - a.length.lo for a in arms],
                [a.length.hi - a.length.mean for a in arms],
            ],
            fmt="o",
            capsize=4,
        )
        ax.set_xticks(range(len(arms)), [a.label for a in arms], rotation=20, fontsize=8)
        ax.set_title("Mean game length (steps)")
        save("Settings compared", fig)
    return figs


_CSS = """
body{font-family:system-ui,sans-serif;max-width:1000px;margin:2em auto;padding:0 1em;color:#222}
h1{font-size:1.5em}h2{font-size:1.15em;margin-top:1.6em}
table{border-collapse:collapse;margin:.5em 0}td,th{border:1px solid #ccc;padding:.25em .6em}
th{background:#f3efe6}td{text-align:right}td:first-child{text-align:left}
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
            parts.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in r) + "</tr>")
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
