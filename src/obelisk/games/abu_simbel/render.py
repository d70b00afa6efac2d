"""A compact text view of one seat's Abu Simbel observation (``to_text``), in words.

It shows only what the observation holds: on the active player's way out the route is
drawn face down (abu_simbel:11). Seats are counted from 1; chambers are numbered from
the vault (chamber 1 lies next to it).
"""

from __future__ import annotations

import textwrap
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from obelisk.core import Action, Renderer

from .narration import CHAMBER_NAME, chamber_name, move_phrase, move_typed

if TYPE_CHECKING:
    from .rules import AbuSimbelState


_PHASE = {
    "pre_turn": "before the turn",
    "way_in": "way in, cards face up",
    "treasure": "at the vault: a treasure deck to choose",
    "way_out": "way out, from memory",
    "game_over": "game over",
}

_END = {
    "charms": "a player lost the last charm card",
    "treasures": "the treasure decks are empty",
    "team_target": "the team got enough treasures out: the team wins",
    "team_charms": "the team lost its last charm card",
}

_NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
WIDTH = 74


def _face(slot: dict[str, Any], short: bool = False) -> str:
    """A face-up chamber in words: ``the lava (jump forward)``, short ``the lava: jump``."""
    k = slot.get("scorpions") or 0
    if k:
        name = f"{_NUMBER.get(k, str(k))} scorpion{'s' if k != 1 else ''}"
    else:
        name = CHAMBER_NAME.get(slot["type"], str(slot["type"]).lower())
    if slot.get("covered_by") is not None:
        name = f"{name} under seat {slot['covered_by'] + 1}'s mummy card"
    if short:
        return f"{name}: {move_typed(slot['token'])}"
    return f"{name} ({move_phrase(slot['token'])})"


def _count(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def _name(obs: dict[str, Any], s: int) -> str:
    """The seat's display name (``render``'s ``names``), else ``seat N`` counted from 1."""
    names = obs.get("_names")
    return str(names[s]) if names and 0 <= s < len(names) else f"seat {s + 1}"


def _seat(obs: dict[str, Any], s: int, viewer: Any) -> str:
    name = _name(obs, s)
    if s != viewer:
        return name
    return name if name == "You" else name + " (you)"


def _treasures(cards: Sequence[str]) -> str:
    """``urns 1, 3; chests 2 (jewels each)`` — the kept cards by type."""
    if not cards:
        return "none"
    by: dict[str, list[str]] = {}
    for c in sorted(cards):
        kind, _, jewels = c.partition(":")
        by.setdefault(kind.lower(), []).append(jewels)
    return "; ".join(f"{k}{'s' if len(v) != 1 else ''} {', '.join(v)}" for k, v in by.items())


def _one(card: str) -> str:
    kind, _, jewels = card.partition(":")
    return f"{kind.lower()} ({jewels} jewel{'s' if jewels != '1' else ''})"


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent + "  ")


def render(
    obs: dict[str, Any], legal: Sequence[Action] = (), names: Sequence[str] | None = None
) -> str:
    """The observation as a few readable lines, seats by ``names`` if given (``legal`` is
    accepted and unused: a face lists the choices itself)."""
    if names:
        obs = {**obs, "_names": list(names)}
    lines: list[str] = []
    seat = obs.get("seat")
    phase = obs["phase"]
    active = obs["active"]
    head = f"Round {obs['round']} · {_PHASE[phase]}"
    if phase != "game_over":
        head += " · your turn" if seat == active else f" · {_name(obs, active)}'s turn"
        to_move = obs.get("to_move")
        if phase == "pre_turn" and isinstance(to_move, int) and to_move not in (active, -1):
            head += f", {'you' if to_move == seat else _name(obs, to_move)} may cover"
    head += f" · you are seat {seat + 1}" if seat is not None else " · spectator"
    lines.extend(_wrap(head, ""))
    if obs.get("referee") is not None and phase in ("way_in", "way_out"):
        ref = obs["referee"]
        checking = obs.get("checking") or "left_neighbour"
        if checking == "left_neighbour":
            if ref == seat:
                lines.append("You are the referee: judge each chamber as it comes (ok N / fail N).")
            else:
                lines.append(f"Referee: {_name(obs, ref)} judges each chamber (ok N / fail N).")
        elif checking == "together":
            lines.append("The checking players judge each chamber together (ok N / fail N).")
        else:
            asked = "you" if ref == seat else _name(obs, ref)
            lines.append(f"Every other player checks; asked now: {asked} (ok N: no objection).")
            lines.append("One fail N is enough to fail the move.")
    route = obs["route"]
    n = obs["route_len"]
    order = obs["way_order"]
    if phase in ("way_in", "way_out") and order:
        way = "in, from the far end" if phase == "way_in" else "out, from the vault"
        lines.append(f"Route of {n} chambers (1 is next to the vault); the way {way}:")
        if obs.get("route_hidden"):
            marks = []
            for pos, slot_no in enumerate(order):
                mark = "ok " if pos < obs["progress"] else ("-> " if pos == obs["progress"] else "")
                marks.append(f"{mark}{slot_no + 1} [?]")
            lines.extend(_wrap("  ".join(marks)))
            if seat == active:
                lines.append("  The cards are hidden from you: recall the moves!")
            else:
                lines.append("  The cards stay hidden on a shared screen during the way out.")
        else:
            for pos, slot_no in enumerate(order):
                p = obs["progress"]
                mark = "ok" if pos < p else ("->" if pos == p else "  ")
                lines.append(f"  {mark} {slot_no + 1:2d} {_face(route[slot_no])}")
    elif n:
        faces = [
            f"{i + 1} {_face(s, short=True)}" if not s.get("face_down") else f"{i + 1} [?]"
            for i, s in enumerate(route)
        ]
        lines.append(f"Route of {n} chambers, from the vault outwards:")
        lines.extend(_wrap(" · ".join(faces)))
    decks = ", ".join(str(c) for c in obs["treasure_decks"])
    table = f"Chamber deck {obs['main_deck']}, discard {obs['discard']}"
    if obs["discard_top"] and not obs.get("route_hidden"):  # nothing to mix up on the way out
        table += f" (top: {chamber_name(obs['discard_top'])})"
    table += f" · treasure decks {decks} · mummy supply {obs['mummy_supply']}"
    lines.extend(_wrap(table, ""))
    if obs["treasure_graveyard"]:
        lines.extend(
            _wrap("Lost treasures: " + ", ".join(map(_one, obs["treasure_graveyard"])), "")
        )
    if "team_charms" in obs:
        lines.append(
            f"Team: {obs['team_charms']} charm cards, {obs['team_treasures']} of "
            f"{obs['team_target']} treasures"
        )
    for s, p in enumerate(obs["players"]):
        flags = [
            f
            for f, on in (
                ("a mummy card", p["mummy"] and not p["cover_in_use"]),
                ("a mummy card on the route", p["cover_in_use"]),
                ("goes out in the same order", p["forward_exit"]),
                ("free judging", p["free_judging"]),
                ("with a helper", p["helper"]),
            )
            if on
        ]
        charms = ""
        if "team_charms" not in obs:
            charms = f"{_count(p['charms'], 'charm')} ({p['charm_jewels']} jewels), "
        line = f"{_seat(obs, s, seat)}: {charms}{_count(p['treasures'], 'treasure')}"
        lines.extend(_wrap(line + (f", {', '.join(flags)}" if flags else "")))
    if seat is not None and phase != "game_over":
        lines.append(f"Your treasures (jewels): {_treasures(obs['my_treasures'])}")
        if obs.get("drawn_treasure"):
            lines.append(f"You carry: {_one(obs['drawn_treasure'])}")
    if phase == "game_over":
        reason = _END.get(obs["end_reason"], obs["end_reason"])
        if obs["end_reason"] == "charms":
            reason = f"{_seat(obs, active, seat)} lost the last charm card"
        lines.append(f"Game over: {reason}.")
        scores = obs.get("scores")
        for s, cards in enumerate(obs["treasures"]):
            line = f"  {_seat(obs, s, seat)}"
            if scores:
                sc = scores[s]
                line += (
                    f": {_count(sc['total'], 'point')} (treasures {sc['treasure_jewels']}, "
                    f"charms {sc['charm_jewels']}, sets {sc['sets']}, mummy {sc['mummy']})"
                )
            lines.extend(_wrap(line, ""))
            lines.extend(_wrap(f"kept (jewels): {_treasures(cards)}", "    "))
        if not scores:
            lines.append("The team " + ("wins!" if obs.get("team_won") else "loses."))
        win = obs["winners"]
        if scores:
            if len(win) == 1:
                lines.append(f"Winner: {_seat(obs, win[0], seat)}.")
            else:
                who = [_seat(obs, w, seat) for w in win]
                lines.append(f"Sharing the win: {', '.join(who[:-1])} and {who[-1]}.")
    return "\n".join(lines)


class AbuSimbelRenderer(Renderer["AbuSimbelState"]):
    """The game's text view (``Game.renderer``, read by ``State.to_text``)."""

    def to_text(
        self, state: AbuSimbelState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The seat's observation as text, seats by ``names`` (counted from 1 without them)."""
        legal = state.legal_actions() if seat is not None and seat == state.current_player else []
        return render(state.observation(seat), legal, names)
