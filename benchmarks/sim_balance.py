"""The balance docs (docs/balance/<game>.md), generated from simulations under the default
rules, and their check against a fresh small run.

    python benchmarks/sim_balance.py run OUTDIR [GAME...]     # simulate (resumable)
    python benchmarks/sim_balance.py write OUTDIR [GAME...]   # write docs/balance/GAME.md
    python benchmarks/sim_balance.py check [GAME...]          # a doc's check lines, re-run

Every setting is played with the `heuristic` player in every seat, iteration budgets only
(no wall clock), over three base seeds, so the doc shows the same question over several
seeds. Each table says the command that reproduces it exactly. Each run also records a
*check line*: the outcome of its first games, which a fresh small run of the same command
(`-n` that many) must reproduce exactly (a game's line depends only on its seed, seats and
options); `check` re-runs those and fails on any difference.
"""

from __future__ import annotations

import json
import shlex
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DOCS = ROOT / "docs" / "balance"
SEEDS = (1, 2, 3)
#: Games in a check line (a fresh run of this many must give the same outcomes).
CHECK_GAMES = 12


@dataclass(frozen=True)
class Setting:
    """One question: a game at a player count (and fixed options), ``games`` per seed."""

    game: str
    name: str
    args: tuple[str, ...]
    games: int

    def command(self, seed: int, games: int | None = None, out: str = "OUT.jsonl") -> list[str]:
        """The ``obelisk simulate`` command of one seed."""
        return [
            "obelisk",
            "simulate",
            self.game,
            *self.args,
            "--seats",
            "heuristic",
            "--seed",
            str(seed),
            "-n",
            str(games or self.games),
            "--no-timing",
            "--out",
            out,
        ]


SETTINGS: dict[str, list[Setting]] = {
    "sobek": [
        Setting("sobek", "2 players", ("--players", "2"), 600),
        Setting("sobek", "3 players", ("--players", "3"), 400),
        Setting("sobek", "4 players", ("--players", "4"), 300),
        Setting(
            "sobek",
            "2 players, the corruption penalty compared",
            ("--players", "2", "--sweep", "penalty_mode=best_set,half_round,matching_types"),
            400,
        ),
    ],
    "abu_simbel": [
        Setting("abu_simbel", "2 players", ("--players", "2"), 300),
        Setting("abu_simbel", "3 players", ("--players", "3"), 300),
    ],
    "mummy": [
        Setting("mummy", "2 players", ("--players", "2"), 300),
        Setting("mummy", "3 players", ("--players", "3"), 200),
        Setting(
            "mummy",
            "2 players, the mummy may stop early",
            ("--players", "2", "--sweep", "mummy_may_stop_early=false,true"),
            200,
        ),
    ],
    "khufu": [
        Setting("khufu", "3 players", ("--players", "3"), 300),
        Setting("khufu", "4 players", ("--players", "4"), 200),
    ],
    "ramses": [
        Setting("ramses", "2 players", ("--players", "2"), 100),
        Setting("ramses", "3 players", ("--players", "3"), 60),
    ],
}

#: Tuning runs written by `obelisk tune`, shown in a game's doc when present.
TUNING = {"mummy": "tune-mummy.md", "abu_simbel": "tune-abu_simbel.md"}


def _file(out: Path, s: Setting, seed: int) -> Path:
    slug = "".join(c for c in s.name if c.isalnum())
    return out / f"{s.game}-{slug}-s{seed}.jsonl"


def run(out: Path, games: list[str], workers: int = 2) -> None:
    """Simulate every setting of ``games`` at every seed (resuming what exists)."""
    out.mkdir(parents=True, exist_ok=True)
    for g in games:
        for s in SETTINGS[g]:
            for seed in SEEDS:
                cmd = s.command(seed, out=str(_file(out, s, seed)))
                cmd += ["-w", str(workers), "-q", "--resume"]
                print(" ".join(cmd), flush=True)
                subprocess.run(["nice", "-n", "10", *cmd], check=True)


def _check_line(path: Path) -> dict[str, object]:
    """The outcome of the first games of a results file: winners and lengths."""
    from obelisk.sim.results import read_results

    res = read_results(path)
    first = sorted(res.games, key=lambda g: g["i"])[:CHECK_GAMES]
    return {
        "games": len(first),
        "winners": [g.get("winners") for g in first],
        "lengths": [g.get("length") for g in first],
    }


def _reading(rep: object) -> list[str]:
    """Plain findings read off the report's numbers (no judgement beyond the tests)."""
    from obelisk.sim.report import Report, pct, pval
    from obelisk.sim.stats import one_prop_test

    assert isinstance(rep, Report)
    a = rep.arms[0]
    out = []

    def pv(p: float) -> str:
        text = pval(p)
        return f"p < {text[1:]}" if text.startswith("<") else f"p = {text}"

    if not a.one_role:
        for role, seats in a.role_seats().items():
            s = a.role_shares[role]
            fair = len(seats) / a.players
            _, p = a.role_tests[role]
            out.append(
                f"The {role} side wins {pct(s.value)} ({100 * s.lo:.1f}–{100 * s.hi:.1f}%) of "
                f"games against {pct(fair)} for its share of the seats ({pv(p)})."
            )
    elif a.team:
        out.append(f"The team wins {pct(a.seat_shares[0].value)} of games.")
    else:
        gaps = [abs(s.value - a.fair) for s in a.seat_shares]
        j = gaps.index(max(gaps))
        out.append(
            f"Seats win {' / '.join(pct(s.value) for s in a.seat_shares)}; the largest gap "
            f"from fair is {100 * gaps[j]:.1f} points (seat {j + 1}); equal shares: "
            f"{pv(a.seat_chi2[1])}."
        )
        if a.first is not None:
            out.append(
                f"The first player wins {pct(a.first.value)} against a fair {pct(a.fair)} "
                f"({pv(a.first_test[1])})."
            )
    if rep.seeds:
        sig = []
        for b in rep.seeds:
            if not b.one_role:
                tests = list(b.role_tests.values())
            else:
                tests = [one_prop_test(s.successes, s.n, b.fair) for s in b.seat_shares]
            sig.append(any(p < 0.05 for _, p in tests))
        k = sum(sig)
        verdict = (
            "no seed shows a share that differs from fair"
            if k == 0
            else "every seed shows a share that differs from fair: a difference that holds"
            if k == len(sig)
            else "only one seed shows a share that differs from fair: not one to rely on"
            if k == 1
            else f"{k} of {len(sig)} seeds show a share that differs from fair"
        )
        out.append(f"Over {len(sig)} base seeds (p < 0.05 against fair): {verdict}.")
    if a.no_winner.successes and not a.team:
        out.append(
            f"No seat won {pct(a.no_winner.value)} of games (the game itself, or a cap); the "
            "fair share counts only the games some seat won."
        )
    for c in rep.comparisons:
        if c.p_holm < 0.05:
            out.append(
                f"{c.arm} against {rep.arms[0].label}: {c.metric} {c.base:.3g} → "
                f"{c.value:.3g} (Holm-corrected {pv(c.p_holm)})."
            )
    if rep.comparisons and not any(c.p_holm < 0.05 for c in rep.comparisons):
        out.append("No measure differs between the settings after Holm's correction.")
    out.append(
        f"Games end by the rules in {pct(a.completion.value)} of cases"
        + (f"; {int(a.capped.successes)} hit a safety cap." if a.capped.successes else ".")
    )
    return out


def write(out: Path, games: list[str]) -> None:
    """Write docs/balance/GAME.md from the runs in ``out``."""
    from obelisk.core import get_game
    from obelisk.sim.report import analyze, markdown

    for g in games:
        game = get_game(g)
        parts = [
            f"# {game.title}: balance report",
            "",
            "Generated by `python benchmarks/sim_balance.py write OUTDIR "
            f"{g}` from the runs of `python benchmarks/sim_balance.py run OUTDIR {g}`: the "
            "default rules, the `heuristic` player in every seat (iteration budgets only, so a "
            f"seed gives the same games on any machine), base seeds {', '.join(map(str, SEEDS))}."
            " Each section gives the exact command of its first seed; the other seeds differ "
            "only in `--seed`. The *check line* of a section is the outcome of its first "
            f"{CHECK_GAMES} games, which `python benchmarks/sim_balance.py check {g}` "
            "reproduces with a fresh run of that size.",
            "",
        ]
        for s in SETTINGS[g]:
            files = [_file(out, s, seed) for seed in SEEDS]
            rep = analyze(files)
            head = rep.header
            cmd = " ".join(shlex.quote(w) for w in s.command(SEEDS[0]))
            parts += [
                f"## {s.name}",
                "",
                f"Reproduce: `{cmd}` (then `obelisk report OUT.jsonl`; with the other seeds' "
                "files after it for the seed check). Commit "
                f"`{str(head.get('commit'))[:12]}`"
                + (" with uncommitted changes" if head.get("dirty") else "")
                + ".",
                "",
                "Reading (from the numbers below):",
                "",
                *[f"* {line}" for line in _reading(rep)],
                "",
                f"<!-- check: {json.dumps({'command': s.command(SEEDS[0]), **_check_line(files[0])})} -->",
                "",
                markdown(rep).replace("#### ", "#### "),
            ]
        shots = sorted(DOCS.glob(f"report-{g}-*.png"), key=lambda p: "plots" in p.name)
        if shots:
            parts += [
                "## The HTML report",
                "",
                "Screenshots of `obelisk report FILES --html PAGE` for the first section's "
                "three seeds (`python benchmarks/sim_report_screenshots.py PAGE PREFIX`):",
                "",
                *[f"![{p.stem}]({p.name})" for p in shots],
                "",
            ]
        tune = TUNING.get(g)
        if tune and (DOCS / tune).exists():
            parts += [
                "## Tuned settings",
                "",
                f"`obelisk tune` searched this game's design options: see [{tune}]({tune}).",
                "",
            ]
        (DOCS / f"{g}.md").write_text("\n".join(parts) + "\n", encoding="utf-8")
        print(f"wrote {DOCS / f'{g}.md'}")


def check(games: list[str], tmp: Path) -> int:
    """Re-run every check line of the docs of ``games``; the number of mismatches."""
    bad = 0
    tmp.mkdir(parents=True, exist_ok=True)
    for g in games:
        text = (DOCS / f"{g}.md").read_text(encoding="utf-8")
        lines = [ln for ln in text.splitlines() if ln.startswith("<!-- check: ")]
        if not lines:
            print(f"{g}: no check lines (regenerate the doc)")
            bad += 1
        for n, ln in enumerate(lines):
            want = json.loads(ln[len("<!-- check: ") : -len(" -->")])
            cmd = list(want.pop("command"))
            path = tmp / f"{g}-{n}.jsonl"
            cmd[cmd.index("-n") + 1] = str(want["games"])
            cmd[cmd.index("--out") + 1] = str(path)
            subprocess.run([*cmd, "-w", "1", "-q", "--overwrite"], check=True)
            got = _check_line(path)
            if got != want:
                print(f"{g}: check {n + 1} differs from a fresh run: {' '.join(cmd)}")
                bad += 1
            else:
                print(f"{g}: check {n + 1} reproduced ({want['games']} games)")
    return bad


def main(argv: list[str]) -> int:
    """The command line (see the module docstring)."""
    if not argv or argv[0] not in ("run", "write", "check"):
        print(__doc__)
        return 2
    if argv[0] == "check":
        import tempfile

        games = argv[1:] or list(SETTINGS)
        with tempfile.TemporaryDirectory() as d:
            return 1 if check(games, Path(d)) else 0
    out = Path(argv[1])
    games = argv[2:] or list(SETTINGS)
    (run if argv[0] == "run" else write)(out, games)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
