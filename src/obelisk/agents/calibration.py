"""The measured strength of each game's ladder, as ``obelisk levels`` shows it.

``calibration.json`` beside this module is written by ``benchmarks/agents_levels_doc.py``
from the ladder files under ``benchmarks/agents_results/calibration/``: for each game and
rung, the win share alone against the rung below (paired seeds, seat rotation), its 95%
interval, the number of games, the fair share, and the median seconds per decision.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources
from typing import Any

from obelisk.core import Game
from obelisk.core.i18n import Words, number

_ = Words(__package__).gettext


@cache
def table() -> dict[str, Any]:
    """The whole calibration table (empty when it was never measured)."""
    try:
        text = resources.files(__package__).joinpath("calibration.json").read_text("utf-8")
    except (FileNotFoundError, OSError):
        return {}
    data = json.loads(text)
    return data if isinstance(data, dict) else {}


def measured(game: Game, level: str) -> dict[str, Any] | None:
    """The calibration entry of one rung, or None."""
    entry = table().get(game.name, {}).get(level)
    return entry if isinstance(entry, dict) else None


def measured_words(game: Game, level: str) -> str:
    """One cell for ``obelisk levels``: how the rung did against the one below it."""
    m = measured(game, level)
    if m is None:
        return _("the weakest rung") if level == "easy" else _("not measured yet")
    lo, hi = m["ci95"]
    text = _(
        "wins {share} [{low}–{high}] alone against {below} ({games} games, fair {fair})"
    ).format(
        share=f"{m['share']:.0%}",
        low=f"{lo:.0%}",
        high=f"{hi:.0%}",
        below=m["below"],
        games=m["games"],
        fair=f"{m['fair']:.0%}",
    )
    secs = m.get("decision_median")
    if secs is not None:
        if secs < 0.1:
            text += "; " + _("{ms} ms a move").format(ms=number(secs * 1000, 1))
        else:
            text += "; " + _("{s} s a move").format(s=number(secs, 2))
    if not m.get("calibrated"):
        text += " " + _("(too few games to be sure yet)")
    return text
