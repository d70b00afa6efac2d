"""A compact text view of one seat's Abu Simbel observation (``to_text``).

It shows only what the observation holds: on the active player's way out the route is
drawn face down (abu_simbel:11).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from obelisk.core import Action

from .components import MOVE_HINT

_PHASE = {
    "pre_turn": "mummy cover window",
    "way_in": "way in (cards visible)",
    "treasure": "at the vault: choose a treasure deck",
    "way_out": "way out (from memory)",
    "game_over": "game over",
}


def _chamber(slot: dict[str, Any]) -> str:
    if slot.get("face_down"):
        return "[ ?? ]"
    name = slot["type"]
    if name == "SCORPIONS":
        name = f"SCORPIONS x{slot['scorpions']}"
    if slot.get("covered_by") is not None:
        name = f"{name} under MUMMY (seat {slot['covered_by'] + 1})"
    tok = slot["token"]
    hint = MOVE_HINT.get(tok, f"stomp {tok[7:]} times" if tok.startswith("STOMP") else "")
    return f"[{name}: {tok}{' = ' + hint if hint else ''}]"


def render(obs: dict[str, Any], legal: Sequence[Action] = ()) -> str:
    """The observation as a few readable lines."""
    lines = []
    seat = obs.get("seat")
    who = "spectator" if seat is None else f"seat {seat + 1}"
    lines.append(
        f"Abu Simbel, round {obs['round']} ({who}) - {_PHASE[obs['phase']]}; "
        f"active: seat {obs['active'] + 1}"
    )
    if obs.get("referee") is not None and obs["phase"] in ("way_in", "way_out"):
        lines.append(f"referee: seat {obs['referee'] + 1}")
    route = obs["route"]
    lines.append(f"route ({obs['route_len']} chambers, 1 = next to the vault):")
    if obs["way_order"] and obs["phase"] in ("way_in", "way_out"):
        for pos, slot_no in enumerate(obs["way_order"]):
            mark = "->" if pos == obs["progress"] else ("ok" if pos < obs["progress"] else "  ")
            lines.append(f"  {mark} {slot_no + 1:2d} {_chamber(route[slot_no])}")
    else:
        lines.append("  VAULT " + " ".join(_chamber(s) for s in route))
    if obs.get("route_hidden"):
        if seat == obs["active"]:
            lines.append("  (the faces are hidden: recall them!)")
        else:
            lines.append("  (the faces stay hidden during the way out on a shared screen)")
    lines.append(
        f"chamber deck {obs['main_deck']}, discard {obs['discard']}"
        + (f" (top {obs['discard_top']})" if obs["discard_top"] else "")
        + f"; treasure decks {obs['treasure_decks']}; mummy supply {obs['mummy_supply']}"
    )
    if obs["treasure_graveyard"]:
        lines.append("lost treasures: " + ", ".join(obs["treasure_graveyard"]))
    if "team_charms" in obs:
        lines.append(
            f"team: {obs['team_charms']} charms, {obs['team_treasures']}/{obs['team_target']} "
            "treasures"
        )
    for s, p in enumerate(obs["players"]):
        flags = [
            f
            for f, on in (
                ("mummy", p["mummy"]),
                ("cover in use", p["cover_in_use"]),
                ("forward exit", p["forward_exit"]),
                ("free judging", p["free_judging"]),
                ("with helper", p["helper"]),
            )
            if on
        ]
        charms = "" if "team_charms" in obs else f"{p['charms']} charms ({p['charm_jewels']}j), "
        lines.append(
            f"  seat {s + 1}: {charms}{p['treasures']} treasures"
            + (f" [{', '.join(flags)}]" if flags else "")
        )
    if seat is not None:
        mine = ", ".join(obs["my_treasures"]) or "none"
        lines.append(f"your treasures: {mine}")
        if obs.get("drawn_treasure"):
            lines.append(f"you carry: {obs['drawn_treasure']}")
    if obs["phase"] == "game_over":
        lines.append(f"end: {obs['end_reason']}")
        for s, cards in enumerate(obs["treasures"]):
            lines.append(f"  seat {s + 1} kept: {', '.join(cards) or 'nothing'}")
        if "scores" in obs:
            for s, sc in enumerate(obs["scores"]):
                lines.append(
                    f"  seat {s + 1}: {sc['total']} = {sc['treasure_jewels']} treasure + "
                    f"{sc['charm_jewels']} charm + {sc['sets']} sets + {sc['mummy']} mummy"
                )
        else:
            lines.append("the team " + ("wins!" if obs.get("team_won") else "loses"))
        lines.append("winners: " + (", ".join(f"seat {w + 1}" for w in obs["winners"]) or "none"))
    if legal:
        lines.append("you may: " + " | ".join(a.text() for a in legal))
    return "\n".join(lines)
