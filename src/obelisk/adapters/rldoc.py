"""The numbers of ``docs/rl.md``, computed from the code: ``python -m obelisk.adapters.rldoc``.

The doc's generated parts sit between ``<!-- generated: NAME -->`` and
``<!-- /generated -->`` lines; this module rewrites them (``--check`` only compares and
exits 1 when the doc is stale; ``tests/adapters/test_rl_doc.py`` runs the check).
"""

from __future__ import annotations

import re
import sys
from collections.abc import Callable
from pathlib import Path

from obelisk.core import get_game

from . import encoding
from .encoding import action_parts, spaces

#: The games in the doc's order.
GAMES = ("sobek", "ramses", "mummy", "abu_simbel", "khufu")
COMMAND = "python -m obelisk.adapters.rldoc docs/rl.md"


def sizes() -> str:
    """The table of action-space sizes ``N`` and observation lengths ``D`` per player count."""
    lines = [
        f"Sizes with the default options (actions `N`, observation vector `D`), as `{COMMAND}`",
        "computes them (`D` comes from the encoder's sample, so it moves a little when the",
        "rules or the heuristics change; the test `tests/adapters/test_rl_doc.py` fails then):",
        "",
        "| game | players: N / D |",
        "|---|---|",
    ]
    for name in GAMES:
        g = get_game(name)
        parts = []
        for n in g.player_counts():
            actions, _, enc = spaces(g, n, g.make_options(None))
            parts.append(f"{n}: {len(actions):,} / {enc.size:,}")
        lines.append(f"| {g.title} | {' · '.join(parts)} |")
    return "\n".join(lines)


def khufu_selections() -> str:
    """How many of Khufu's actions are 3-card selections (a challenge's choice), and how
    many parts describe them all (``action_parts``, the factored head's rows)."""
    g = get_game("khufu")
    actions, _, enc = spaces(g, 3, g.make_options(None))
    picks = sum(1 for a in actions if type(a).__name__ == "Select")
    parts = action_parts(actions)
    flat = len(actions) * enc.size * 8 / 1e9
    return (
        f"Every game's action set is enumerable. Khufu's is large because a challenge picks "
        f"3 of its cards and each selection is one action ({picks:,} of the {len(actions):,} "
        f"with 3 players): a flat linear head over them, one row of {enc.size:,} weights per "
        f"action, would take {flat:.1f} GB. Described by parts (`env.action_parts()`: the "
        f"kind, each field's value, each card of a selection) they are {len(parts.names)} "
        f"parts, at most {parts.table.shape[1]} to an action, so a head that scores parts "
        f"has {len(parts.names)} rows."
    )


def encoder_facts() -> str:
    """The encoder's sampling constants."""
    shares = ", ".join(f"{int(100 * s)}%" for s in encoding.SAMPLE_BOT_SHARES)
    return (
        f"`obelisk.adapters.encoding.ObservationEncoder` learns the shape of a game's "
        f"observation from a fixed sample of {encoding.SAMPLE_GAMES} seeded games (one "
        f"position in {encoding.SAMPLE_EVERY}, one seat in turn; the game's heuristic makes "
        f"{shares} of the moves in a third of them each), then writes any observation into "
        "a fixed-length float32 vector whose every value lies in [-1, 1]. A text field with "
        f"more than {encoding.MAX_CATEGORIES} values in the sample is encoded per character; "
        f"a game without `Game.action_space` gets the actions seen legal in "
        f"{encoding.ACTION_SAMPLE_GAMES} sampled games."
    )


PARTS: dict[str, Callable[[], str]] = {
    "sizes": sizes,
    "khufu-selections": khufu_selections,
    "encoder": encoder_facts,
}

_BLOCK = re.compile(r"(<!-- generated: ([\w-]+) -->\n)(.*?)(\n<!-- /generated -->)", re.S)


def render(text: str) -> str:
    """``text`` with every generated part recomputed."""

    def part(m: re.Match[str]) -> str:
        name = m.group(2)
        if name not in PARTS:
            raise KeyError(f"docs/rl.md names an unknown generated part '{name}'")
        return m.group(1) + PARTS[name]() + m.group(4)

    return _BLOCK.sub(part, text)


def main(argv: list[str]) -> int:
    """Rewrite (or with ``--check`` compare) the doc named on the command line."""
    check = "--check" in argv
    paths = [a for a in argv if a != "--check"] or ["docs/rl.md"]
    stale = 0
    for p in map(Path, paths):
        old = p.read_text(encoding="utf-8")
        new = render(old)
        if new != old:
            stale += 1
            if check:
                print(f"{p} is stale: run {COMMAND}")
            else:
                p.write_text(new, encoding="utf-8")
                print(f"{p} rewritten")
    return 1 if check and stale else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
