"""A compact text view of one seat's observation (``to_text``); reads nothing else."""

from __future__ import annotations

from typing import Any

from .components import GOODS


def _group(cards: list[str]) -> str:
    """Cards grouped by goods: "fish: fish1 fish0 | amulet | thief"."""
    groups: dict[str, list[str]] = {}
    for c in cards:
        key = next((g for g in GOODS if c.startswith(g)), "other")
        groups.setdefault(key, []).append(c)
    parts = [f"{g}: {' '.join(groups[g])}" for g in (*GOODS, "other") if g in groups]
    return " | ".join(parts) if parts else "-"


def render(obs: dict[str, Any], options: Any) -> str:
    """The table as one seat sees it (None: a spectator)."""
    n = len(obs["scores"])
    me = obs.get("seat")
    lines = []
    head = f"Sobek - round {obs['round']}/{obs['rounds']}"
    if obs["game_over"]:
        head += " - game over"
    else:
        head += f" - P{obs['to_move'] + 1} to decide (turn of P{obs['turn'] + 1})"
        if obs["in_extra_action"]:
            head += ", extra action"
    lines.append(head)
    market = obs["market"]
    window = options.take_window
    cells = [f"{i + 1}:{'[?]' if c == 'character' else c}" for i, c in enumerate(market)]
    if len(cells) > window:
        cells.insert(window, "|")
    lines.append(f"Market: {' '.join(cells) or '(empty)'}   deck {obs['deck']}")
    used = ", ".join(obs["tokens_used"]) or "none"
    lines.append(f"Tokens: {obs['tokens_left']} face down; used: {used}")
    for p in range(n):
        tag = " (you)" if p == me else ""
        sets = obs["sets"][p]
        set_text = " ".join(f"{g}[{' '.join(cards)}]" for g, cards in sets.items()) or "no sets"
        line = f"P{p + 1}{tag}: {obs['scores'][p]} pts, hand {obs['hand_sizes'][p]}, {set_text}"
        if "corruption_counts" in obs:
            line += f", corruption {obs['corruption_counts'][p]}"
        elif p != me:
            line += ", corruption tile"
        if "hand_backs" in obs:
            b = obs["hand_backs"][p]
            line += f", backs G{b['green']} B{b['beige']} C{b['character']}"
        lines.append(line)
    if me is not None:
        lines.append(f"Your hand: {_group(obs['hand'])}")
        pile = obs["corruption"]
        hidden = obs["corruption_count"] - len(pile)
        shown = " ".join(pile) + (f" +{hidden} unseen" if hidden else "")
        lines.append(f"Your corruption: {obs['corruption_count']} ({shown.strip() or '-'})")
    if obs["discard"] or obs["discard_face_down"]:
        lines.append(
            f"Discard: {' '.join(obs['discard']) or '-'}"
            + (f" +{obs['discard_face_down']} face down" if obs["discard_face_down"] else "")
        )
    pend = obs["pending"]
    if pend:
        extra = {k: v for k, v in pend.items() if k not in ("decision", "seat")}
        detail = ", ".join(f"{k}={v}" for k, v in extra.items())
        lines.append(f"Deciding: P{pend['seat'] + 1} {pend['decision']} {detail}".rstrip())
    last = obs["last_round"]
    if last:
        pts = " ".join(
            f"P{p + 1}:{last['round_points'][p]}(-{last['penalty'][p]})" for p in range(n)
        )
        lines.append(f"Round {last['round']} scored: {pts}; corruption {last['corruption']}")
    return "\n".join(lines)
