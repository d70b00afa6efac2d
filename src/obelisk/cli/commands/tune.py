"""``obelisk tune``: find design options that meet an objective, then confirm them."""

from __future__ import annotations

import json
import shlex
from pathlib import Path
from typing import Annotated, Any

import typer

from obelisk.core import InvalidOptions, ObeliskError, get_game, parse_assignments

from .simulate import _fail, err, terminate_as_interrupt


def tune(
    game: Annotated[str, typer.Argument(help="The game, e.g. mummy (see `obelisk games`).")],
    objective: Annotated[
        str,
        typer.Option(
            help="fair (seats or roles closest to their fair share), length=N (mean length "
            "closest to N steps) or drama (most drama)."
        ),
    ] = "fair",
    param: Annotated[
        list[str] | None,
        typer.Option(
            help="A design option to search: name=lo..hi, name=a,b,c or a bare yes/no or "
            "choice option name (repeat). Default: every yes/no and choice option."
        ),
    ] = None,
    option: Annotated[
        list[str] | None,
        typer.Option("--option", "-o", help="A fixed option for every game, name=value."),
    ] = None,
    players: Annotated[int | None, typer.Option(help="Number of players.")] = None,
    seats: Annotated[
        str | None, typer.Option(help="Levels, one for all seats or one per seat.")
    ] = None,
    trials: Annotated[
        int, typer.Option(help="Settings to try (fewer if the grid is smaller).")
    ] = 20,
    games: Annotated[
        int, typer.Option("--games", "-n", help="Games per trial (same deals).")
    ] = 100,
    confirm: Annotated[
        int, typer.Option(help="Games per setting in the held-out confirmation run.")
    ] = 400,
    seed: Annotated[int, typer.Option(help="Base seed of the search's deals.")] = 0,
    workers: Annotated[
        int | None, typer.Option("--workers", "-w", help="Worker processes.")
    ] = None,
    backend: Annotated[str, typer.Option(help="local or ray.")] = "local",
    address: Annotated[str | None, typer.Option(help="Ray cluster address.")] = None,
    out_dir: Annotated[
        Path, typer.Option("--out", help="Folder for the trials, the confirmation and a summary.")
    ] = Path("tune"),
) -> None:
    """Search a game's design options for an objective (Optuna), on the same deals for every trial, then confirm the best setting against the default rules on fresh deals with paired tests."""
    from obelisk.sim.backends import make_backend
    from obelisk.sim.report import analyze, markdown
    from obelisk.sim.run import simulate
    from obelisk.sim.tournament import RunPlan, split_seats
    from obelisk.sim.tune import (
        CONFIRM_OFFSET,
        Objective,
        Trial,
        confirm_summary,
        parse_space,
        search,
    )

    try:
        import optuna  # noqa: F401
    except ImportError:
        _fail("obelisk tune needs Optuna: pip install 'obelisk[tune]'")
    try:
        g = get_game(game)
        obj = Objective.parse(objective)
        space = parse_space(g, param or [])
        fixed = parse_assignments(option or [])
        both = sorted(set(space) & set(fixed))
        if both:
            raise InvalidOptions(f"option(s) {', '.join(both)} both fixed (-o) and searched")
        seat_list = split_seats(seats) if seats else None

        def make_plan(opts: dict[str, Any], n: int = games, s: int = seed) -> RunPlan:
            return RunPlan.build(
                g,
                n,
                players=players,
                seats=seat_list,
                options={**fixed, **opts},
                seed=s,
                timing=False,
            )

        base = make_plan({})
        for name, values in space.items():  # every value must be one the game takes
            space[name] = [make_plan({name: v}).options[name] for v in values]
        if workers is not None and workers < 1:
            raise InvalidOptions(f"--workers must be at least 1, not {workers}")
        be = make_backend(backend, workers, address)
    except ObeliskError as e:
        _fail(str(e))
    out_dir.mkdir(parents=True, exist_ok=True)
    err.print(
        f"{g.title}, {base.players} players ({', '.join(base.seats)}): {obj.describe()}; "
        f"{len(space)} option(s), up to {trials} trials of {base.total()} games on "
        f"{be.describe()}",
        highlight=False,
        soft_wrap=True,
    )

    def on_trial(t: Trial) -> None:
        shown = ", ".join(f"{k}={v}" for k, v in t.options.items())
        err.print(
            f"  trial {t.number:>3}: {t.value:8.4f}  {shown}", highlight=False, soft_wrap=True
        )

    try:
        with terminate_as_interrupt():
            be.start(g, False)
            try:
                result = search(g, be, obj, space, make_plan, trials, seed, on_trial)
            finally:
                be.stop()
    except KeyboardInterrupt:
        err.print("interrupted: no setting chosen")
        raise typer.Exit(130) from None
    except ObeliskError as e:
        _fail(str(e))
    best = result.best
    err.print(f"best: {best.value:.4f} with {best.options}", highlight=False, soft_wrap=True)
    # the held-out confirmation: fresh deals, default rules against the best setting
    cseed = seed + CONFIRM_OFFSET
    paths = {}
    lines = {}
    for name, opts in (("default", {}), ("best", best.options)):
        plan = make_plan(opts, confirm, cseed)
        path = out_dir / f"tune-{g.name}-{name}.jsonl"
        try:
            with terminate_as_interrupt():
                simulate(plan, path, make_backend(backend, workers, address), overwrite=True)
        except KeyboardInterrupt:
            raise typer.Exit(130) from None
        paths[name] = path
        from obelisk.sim.results import read_results

        lines[name] = read_results(path).games
    roles = list(g.seat_roles(base.players, g.make_options(dict(base.options))))
    rep = analyze([paths["default"], paths["best"]])
    words = ["obelisk", "tune", g.name, "--objective", objective]
    words += ["--players", str(base.players), "--seats", ",".join(base.seats)]
    for p in param or []:
        words += ["--param", p]
    for o in option or []:
        words += ["-o", o]
    words += ["--trials", str(trials), "-n", str(games), "--confirm", str(confirm)]
    words += ["--seed", str(seed)]
    command = " ".join(shlex.quote(w) for w in words)
    trials_json = {
        "command": command,
        "objective": obj.describe(),
        "sampler": result.sampler,
        "space": result.space,
        "trials": [{"n": t.number, "options": t.options, "value": t.value} for t in result.trials],
        "best": best.options,
        "confirm_seed": cseed,
    }
    (out_dir / f"tune-{g.name}.json").write_text(json.dumps(trials_json, indent=1) + "\n")
    md = [
        f"# Tuning {g.title}: {obj.describe()}",
        "",
        f"Reproduce: `{command}`",
        "",
        f"- players: {base.players} ({', '.join(base.seats)}); fixed options: "
        + (", ".join(f"{k}={v}" for k, v in fixed.items()) or "none"),
        f"- searched: {', '.join(f'{k} in {v}' for k, v in result.space.items())}",
        f"- search: {result.sampler}; {len(result.trials)} trials of {base.total()} games, "
        f"every trial on the same deals (base seed {seed})",
        f"- found: {', '.join(f'{k}={v}' for k, v in best.options.items())} "
        f"(objective {best.value:.4f} on the search deals)",
        f"- confirmation: {confirm} games per setting on fresh deals (base seed {cseed}), "
        "default rules against the found setting, paired by deal and seat order",
        "",
        "| setting | measure | value [95% CI] |",
        "|---|---|---|",
    ]
    for name in ("default", "best"):
        label, text = confirm_summary(obj, lines[name], roles)
        md.append(f"| {name} | {label} | {text} |")
    md += [
        "",
        "Objective on the confirmation deals (smaller is better): default "
        f"{obj.value(lines['default'], roles):.4f}, found setting "
        f"{obj.value(lines['best'], roles):.4f}. The paired tests of every measure are in "
        "the tables below (p Holm).",
    ]
    md += ["", "## Trials", "", "| trial | objective | options |", "|---:|---:|---|"]
    for t in sorted(result.trials, key=lambda t: t.value):
        md.append(
            f"| {t.number} | {t.value:.4f} | {', '.join(f'{k}={v}' for k, v in t.options.items())} |"
        )
    md += ["", "## Confirmation run, compared (the report's tables)", "", markdown(rep)]
    summary = out_dir / f"tune-{g.name}.md"
    summary.write_text("\n".join(md) + "\n", encoding="utf-8")
    for name in ("default", "best"):
        label, text = confirm_summary(obj, lines[name], roles)
        err.print(f"confirmed, {name}: {label} {text}", highlight=False, soft_wrap=True)
    err.print(f"summary: {summary}", highlight=False)


def register(app: typer.Typer) -> None:
    """Add ``tune`` to the ``obelisk`` command."""
    app.command("tune")(tune)
