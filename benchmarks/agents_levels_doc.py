"""Write the measured tables of ``docs/levels.md`` from ladder and speed results.

    python benchmarks/agents_levels_doc.py [--results DIR] [--doc docs/levels.md]

Reads every ``ladder-*.json`` (written by ``obelisk ladder --out``) and
``speed.json`` (``benchmarks/agents_speed.py``) in ``benchmarks/agents_results``
and replaces the part of the doc between the two ``<!-- measured -->``
markers. The text around the markers is written by hand.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path
from typing import Any

HERE = Path(__file__).parent
START = "<!-- measured: start (benchmarks/agents_levels_doc.py writes this part) -->"
END = "<!-- measured: end -->"


def pct(x: float | None) -> str:
    """A share as a percentage."""
    return "-" if x is None else f"{100 * x:.0f}%"


def share(cell: dict[str, Any]) -> str:
    """A share with its 95% interval."""
    if cell.get("share") is None:
        return "-"
    lo, hi = cell["ci95"]
    return f"{pct(cell['share'])} [{100 * lo:.0f}–{100 * hi:.0f}]"


def ladder_section(data: dict[str, Any]) -> list[str]:
    """One game's ladder as Markdown."""
    levels = data["levels"]
    ratings = data["ratings"]
    order = sorted(levels, key=lambda lv: -ratings.get(lv, 0.0))
    cells = {(c["level"], c["opponent"]): c for c in data["table"]}
    per_pair = cells[(levels[0], levels[1])]["games"]
    status = "" if data["complete"] else f" (incomplete: {data['played']} of {data['scheduled']})"
    lines = [
        f"### {data['game']}, {data['players']} players: {', '.join(levels)}",
        "",
        f"{per_pair} games per pair of levels, seeds from {data['seed']}, "
        f"{data['played']} games in {data['elapsed_seconds'] / 60:.0f} min{status}, "
        f"{'with' if data.get('time_caps') else 'without'} time caps. "
        f"A cell is the row level's win share alone against the column level "
        f"(95% interval); fair share {100 / data['players']:.0f}%.",
        "",
        "| level | Elo | " + " | ".join(f"vs {lv}" for lv in order) + " | s/decision |",
        "|---|---:|" + "---:|" * len(order) + "---:|",
    ]
    for lv in order:
        row = [f"`{lv}`", f"{ratings.get(lv, 0.0):.0f}"]
        for opp in order:
            row.append("" if opp == lv else share(cells[(lv, opp)]))
        mean = data["think_seconds"][lv]["mean"]
        row.append("-" if mean is None else f"{mean:.3f}")
        lines.append("| " + " | ".join(row) + " |")
    lines.append("")
    lines.append("| level | what it does |")
    lines.append("|---|---|")
    for lv in levels:
        lines.append(f"| `{lv}` | {data['descriptions'][lv]} |")
    lines.append("")
    return lines


def speed_section(speed: dict[str, Any]) -> list[str]:
    """The speed benchmark as Markdown."""
    lines = [
        "| game | players | level | iterations/s wall (per CPU s) | decision median | decision p90 "
        "| searches (forced) | hit time cap | heuristic move | load avg |",
        "|---|---:|---|---:|---:|---:|---:|---:|---:|---:|",
    ]
    for _key, r in sorted(speed.items()):
        med = r["decision_median_s"]
        p90 = r["decision_p90_s"]
        heur = r["heuristic_median_ms"]
        lines.append(
            f"| {r['game']} | {r['players']} | `{r['level']}` | "
            f"{r['iterations_per_s_median'] or 0:.0f} ({r.get('iterations_per_cpu_s_median') or 0:.0f}) | "
            f"{'-' if med is None else f'{med:.2f} s'} | {'-' if p90 is None else f'{p90:.2f} s'} | "
            f"{r['searches']} ({r['forced']}) | {r['capped']} | "
            f"{'-' if heur is None else f'{heur:.2f} ms'} | "
            f"{'–'.join(str(x) for x in r.get('load_average', [])) or '-'} |"
        )
    lines.append("")
    return lines


def pooled_section(ladders: list[dict[str, Any]]) -> list[str]:
    """Search levels against the heuristic, every ladder file of a game pooled."""
    from obelisk.agents import SEARCH_LEVELS
    from obelisk.agents.stats import wilson

    pooled: dict[tuple[str, int, str], list[float]] = {}
    for data in ladders:
        for r in data["results"]:
            seats = r["seats"]
            if "heuristic" not in seats or len(set(seats)) != 2:
                continue
            other = next(lv for lv in seats if lv != "heuristic")
            if seats.count(other) != 1 or not (
                other in SEARCH_LEVELS or other.startswith("ismcts")
            ):
                continue
            key = (data["game"], data["players"], other)
            pooled.setdefault(key, []).append(r["returns"][seats.index(other)])
    lines = [
        "| game | players | level | games | win share alone vs `heuristic` (95% CI) | fair |",
        "|---|---:|---|---:|---:|---:|",
    ]
    for (game, players, level), wins in sorted(pooled.items()):
        n = len(wins)
        lo, hi = wilson(sum(wins), n)
        lines.append(
            f"| {game} | {players} | `{level}` | {n} | {pct(sum(wins) / n)} "
            f"[{100 * lo:.0f}–{100 * hi:.0f}] | {pct(1 / players)} |"
        )
    lines.append("")
    return lines


def secs_text(secs: float | None) -> str:
    """Seconds per decision, in ms below a tenth of a second."""
    if secs is None:
        return ""
    return f"{secs * 1000:.2f} ms" if secs < 0.1 else f"{secs:.2f} s"


def calibration(results: Path) -> tuple[list[str], dict[str, Any]]:
    """The ladder's calibration: each rung alone against the rung below it, from the ladder
    files of ``results/calibration`` (played by the research names the rungs play as).
    Returns the Markdown and the table ``obelisk levels`` reads."""
    from obelisk.agents import ladder_of
    from obelisk.core import all_games

    cells: dict[tuple[str, str, str], dict[str, Any]] = {}
    think: dict[tuple[str, str], float] = {}
    for f in sorted((results / "calibration").glob("ladder-*.json")):
        data = json.loads(f.read_text())
        for c in data["table"]:
            cells[(data["game"], c["level"], c["opponent"])] = {**c, "players": data["players"]}
        for lv, t in data["think_seconds"].items():
            think[(data["game"], lv)] = t["median_of_games"]
    lines = [
        "### The ladder, calibrated",
        "",
        "Each rung alone against the rung below it (paired seeds, seat rotation: "
        "`benchmarks/calibrate_ladders.sh`, files in `benchmarks/agents_results/calibration/`). "
        "The bar: the 95% interval above the fair share. Seconds per decision are the "
        "median over games of each game's mean, on the loaded session machine (an upper bound).",
        "",
        "| game | rung | plays as | against | games | win share alone (95% CI) | fair | above fair | s/decision |",
        "|---|---|---|---|---:|---:|---:|---|---:|",
    ]
    table: dict[str, Any] = {}
    for game in all_games():
        ladder = ladder_of(game)
        names = list(ladder)
        for i, rung in enumerate(names):
            plays = ladder[rung].plays_as
            secs = think.get((game.name, plays))
            if i == 0:
                lines.append(
                    f"| {game.name} | `{rung}` | `{plays}` | (the weakest) | | | | | "
                    f"{secs_text(secs)} |"
                )
                continue
            below = names[i - 1]
            cell = cells.get((game.name, plays, ladder[below].plays_as))
            if cell is None:
                lines.append(
                    f"| {game.name} | `{rung}` | `{plays}` | `{below}` | 0 | not measured yet | | | |"
                )
                continue
            lo, hi = cell["ci95"]
            ok = lo > cell["fair"]
            lines.append(
                f"| {game.name} | `{rung}` | `{plays}` | `{below}` | {cell['games']} | "
                f"{share(cell)} | {pct(cell['fair'])} | {'yes' if ok else 'no'} | "
                f"{secs_text(secs)} |"
            )
            table.setdefault(game.name, {})[rung] = {
                "below": below,
                "games": cell["games"],
                "share": round(cell["share"], 4),
                "ci95": [round(lo, 4), round(hi, 4)],
                "fair": round(cell["fair"], 4),
                "calibrated": ok and cell["games"] >= 200,
                "decision_median": None if secs is None else round(secs, 6),
            }
    return [*lines, ""], table


def humanlike(results: Path) -> list[str]:
    """The human-likeness tables from ``humanlike.json`` (benchmarks/levels_humanlike.py)."""
    f = results / "humanlike.json"
    if not f.exists():
        return []
    d = json.loads(f.read_text())
    n = d["games"]
    ages = ["never seen", "0-1 rounds", "2-3 rounds", "4-7 rounds", "8+ rounds"]
    lines = [
        "### How the memory players forget",
        "",
        f"Ramses II: misses per game of each rung against `normal` ({n} games each, the rung "
        "in either seat), by how many rounds before the miss the rung had seen that "
        "treasure uncovered at that place (`benchmarks/levels_humanlike.py`).",
        "",
        "| rung | " + " | ".join(ages) + " |",
        "|---|" + "---:|" * len(ages),
    ]
    for rung, row in d["ramses"].items():
        lines.append(f"| `{rung}` | " + " | ".join(f"{row[a]:.1f}" for a in ages) + " |")
    lines += [
        "",
        "Abu Simbel: the share of way-out moves entered wrong, by how many rounds before "
        "the chamber was laid (moves in brackets), each rung against `normal`.",
        "",
    ]
    keys = sorted({k for row in d["abu_simbel"].values() for k in row}, key=lambda k: int(k[0]))
    lines += ["| rung | " + " | ".join(keys) + " |", "|---|" + "---:|" * len(keys)]
    for rung, row in d["abu_simbel"].items():
        cells = []
        for k in keys:
            c = row.get(k)
            cells.append(
                "" if c is None or c["wrong"] is None else f"{c['wrong']:.0%} ({c['moves']})"
            )
        lines.append(f"| `{rung}` | " + " | ".join(cells) + " |")
    rounds = d["mummy"]
    lines += [
        "",
        "Fluch der Mumie: the fields the deducing mummy (`normal`) keeps possible for each "
        "explorer still on the board, at her decisions, by round (median / most), "
        f"{max(1, n // 2)} games against heuristic explorers.",
        "",
        "| round | " + " | ".join(rounds) + " |",
        "|---|" + "---:|" * len(rounds),
        "| fields | " + " | ".join(f"{v['median']:g} / {v['max']}" for v in rounds.values()) + " |",
        "",
    ]
    return lines


def main() -> None:
    """Command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--results", type=Path, default=HERE / "agents_results")
    ap.add_argument("--doc", type=Path, default=HERE.parent / "docs" / "levels.md")
    args = ap.parse_args()
    parts: list[str] = [START, ""]
    cal_lines, cal_table = calibration(args.results)
    parts += cal_lines
    parts += humanlike(args.results)
    cal_file = HERE.parent / "src" / "obelisk" / "agents" / "calibration.json"
    cal_file.write_text(json.dumps(cal_table, indent=1, sort_keys=True) + "\n")
    speed_file = args.results / "speed.json"
    if speed_file.exists():
        parts += ["### Speed", ""]
        parts += speed_section(json.loads(speed_file.read_text()))
    ladders = [json.loads(f.read_text()) for f in sorted(args.results.glob("ladder-*.json"))]
    if ladders:
        parts += ["### Search against the heuristic (all ladder games pooled)", ""]
        parts += pooled_section(ladders)
    for data in ladders:
        if len(data["levels"]) > 2:  # two-level runs are in the pooled table
            parts += ladder_section(data)
    parts.append(END)
    text = args.doc.read_text() if args.doc.exists() else f"{START}\n{END}\n"
    head, _, rest = text.partition(START)
    _, _, tail = rest.partition(END)
    args.doc.write_text(head + "\n".join(parts) + tail)
    print(f"wrote {args.doc}")


if __name__ == "__main__":
    main()
