"""A compact text view of one seat's Abu Simbel observation (``to_text``), in words.

It shows only what the observation holds: on the active player's way out the route is
drawn face down (abu_simbel:11). Seats are counted from 1; chambers are numbered from
the vault (chamber 1 lies next to it).
"""

from __future__ import annotations

import textwrap
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from obelisk.core import Action, Renderer
from obelisk.core.i18n import N_, Words

from .narration import chamber_name, move_phrase
from .typed import move_typed

if TYPE_CHECKING:
    from .rules import AbuSimbelState

W = Words(__package__)
_, ngettext = W.gettext, W.ngettext

_PHASE = {
    "pre_turn": N_("before the turn"),
    "way_in": N_("way in, cards face up"),
    "treasure": N_("at the vault: a treasure deck to choose"),
    "way_out": N_("way out, from memory"),
    "game_over": N_("game over"),
}

_END = {
    "charms": N_("a player lost the last charm card"),
    "treasures": N_("the treasure decks are empty"),
    "team_target": N_("the team got enough treasures out: the team wins"),
    "team_charms": N_("the team lost its last charm card"),
}

#: Kept treasures of one type with their jewels (``urns 1, 3``), by how many there are.
_KEPT: dict[str, Callable[[int], str]] = {
    "URN": lambda n: ngettext("urn {jewels}", "urns {jewels}", n),
    "ARK": lambda n: ngettext("ark {jewels}", "arks {jewels}", n),
    "CHEST": lambda n: ngettext("chest {jewels}", "chests {jewels}", n),
}

#: One treasure with its jewels (``urn (3 jewels)``).
_ONE: dict[str, Callable[[int], str]] = {
    "URN": lambda n: ngettext("urn ({n} jewel)", "urn ({n} jewels)", n),
    "ARK": lambda n: ngettext("ark ({n} jewel)", "ark ({n} jewels)", n),
    "CHEST": lambda n: ngettext("chest ({n} jewel)", "chest ({n} jewels)", n),
}

WIDTH = 74


def _face(obs: dict[str, Any], slot: dict[str, Any], short: bool = False) -> str:
    """A face-up chamber in words: ``the lava (jump forward)``, short ``the lava: jump``."""
    k = slot.get("scorpions") or 0
    name = chamber_name(f"SCORPIONS_{k}" if k else str(slot["type"]))
    if slot.get("covered_by") is not None:
        name = _("{chamber} under {owner} mummy card").format(
            chamber=name, owner=_owner(obs, slot["covered_by"]), name=_name(obs, slot["covered_by"])
        )
    if short:
        return f"{name}: {move_typed(slot['token'])}"
    return f"{name} ({move_phrase(slot['token'])})"


def _name(obs: dict[str, Any], s: int) -> str:
    """The seat's display name (``render``'s ``names``), else ``seat N`` counted from 1."""
    names = obs.get("_names")
    if names and 0 <= s < len(names):
        return str(names[s])
    return _("seat {n}").format(n=s + 1)


def _owner(obs: dict[str, Any], s: int) -> str:
    """``Ann's`` / ``seat 2's`` (English; a translation writes its own possessive)."""
    return f"{_name(obs, s)}'s"


def _seat(obs: dict[str, Any], s: int, viewer: Any) -> str:
    name = _name(obs, s)
    if s != viewer:
        return name
    if name == "You":
        return _("You")
    return _("{name} (you)").format(name=name)


def _treasures(cards: Sequence[str]) -> str:
    """``urns 1, 3; chests 2 (jewels each)`` — the kept cards by type."""
    if not cards:
        return _("none")
    by: dict[str, list[str]] = {}
    for c in sorted(cards):
        kind, _sep, value = c.partition(":")
        by.setdefault(kind, []).append(value)
    parts = []
    for kind, values in by.items():
        listed = ", ".join(values)
        if kind in _KEPT:
            parts.append(_KEPT[kind](len(values)).format(jewels=listed))
        else:
            parts.append(f"{kind.lower()}{'s' if len(values) != 1 else ''} {listed}")
    return "; ".join(parts)


def _one(card: str) -> str:
    kind, _sep, jewels = card.partition(":")
    n = int(jewels) if jewels.isdigit() else 0
    if kind in _ONE:
        return _ONE[kind](n).format(n=jewels)
    return f"{kind.lower()} ({jewels} jewel{'s' if jewels != '1' else ''})"


def _wrap(text: str, indent: str = "  ") -> list[str]:
    return textwrap.wrap(text, WIDTH, initial_indent=indent, subsequent_indent=indent + "  ")


def _head(obs: dict[str, Any]) -> str:
    """``Round 2 · way in, cards face up · Ann's turn · you are seat 1``."""
    seat = obs.get("seat")
    phase = obs["phase"]
    active = obs["active"]
    head = _("Round {round}").format(round=obs["round"]) + " · " + _(_PHASE[phase])
    if phase != "game_over":
        if seat == active:
            head += " · " + _("your turn")
        else:
            head += " · " + _("{name}'s turn").format(name=_name(obs, active))
        to_move = obs.get("to_move")
        if phase == "pre_turn" and isinstance(to_move, int) and to_move not in (active, -1):
            if to_move == seat:
                head += ", " + _("you may cover")
            else:
                head += ", " + _("{name} may cover").format(name=_name(obs, to_move))
    if seat is not None:
        head += " · " + _("you are seat {n}").format(n=seat + 1)
    else:
        head += " · " + _("spectator")
    return head


def _judging(obs: dict[str, Any]) -> list[str]:
    """Who judges the moves, in referee mode on a way."""
    seat = obs.get("seat")
    ref = obs["referee"]
    checking = obs.get("checking") or "left_neighbour"
    if checking == "left_neighbour":
        if ref == seat:
            return [_("You are the referee: judge each chamber as it comes (ok N / fail N).")]
        return [
            _("Referee: {name} judges each chamber (ok N / fail N).").format(name=_name(obs, ref))
        ]
    if checking == "together":
        return [_("The checking players judge each chamber together (ok N / fail N).")]
    if ref == seat:
        asked = _("Every other player checks; asked now: you (ok N: no objection).")
    else:
        asked = _("Every other player checks; asked now: {name} (ok N: no objection).")
    return [asked.format(name=_name(obs, ref)), _("One fail N is enough to fail the move.")]


def _route(obs: dict[str, Any]) -> list[str]:
    """The route: in the order of the way being walked, or from the vault outwards."""
    seat = obs.get("seat")
    phase = obs["phase"]
    route = obs["route"]
    n = obs["route_len"]
    order = obs["way_order"]
    lines: list[str] = []
    if phase in ("way_in", "way_out") and order:
        if phase == "way_in":
            title = ngettext(
                "Route of {n} chamber (1 is next to the vault); the way in, from the far end:",
                "Route of {n} chambers (1 is next to the vault); the way in, from the far end:",
                n,
            )
        else:
            title = ngettext(
                "Route of {n} chamber (1 is next to the vault); the way out, from the vault:",
                "Route of {n} chambers (1 is next to the vault); the way out, from the vault:",
                n,
            )
        lines.append(title.format(n=n))
        if obs.get("route_hidden"):
            marks = []
            for pos, slot_no in enumerate(order):
                mark = "ok " if pos < obs["progress"] else ("-> " if pos == obs["progress"] else "")
                marks.append(f"{mark}{slot_no + 1} [?]")
            lines.extend(_wrap("  ".join(marks)))
            if seat == obs["active"]:
                lines.append("  " + _("The cards are hidden from you: recall the moves!"))
            else:
                lines.append(
                    "  " + _("The cards stay hidden on a shared screen during the way out.")
                )
        else:
            for pos, slot_no in enumerate(order):
                p = obs["progress"]
                mark = "ok" if pos < p else ("->" if pos == p else "  ")
                lines.append(f"  {mark} {slot_no + 1:2d} {_face(obs, route[slot_no])}")
    elif n:
        faces = [
            f"{i + 1} {_face(obs, s, short=True)}" if not s.get("face_down") else f"{i + 1} [?]"
            for i, s in enumerate(route)
        ]
        title = ngettext(
            "Route of {n} chamber, from the vault outwards:",
            "Route of {n} chambers, from the vault outwards:",
            n,
        )
        lines.append(title.format(n=n))
        lines.extend(_wrap(" · ".join(faces)))
    return lines


def _player_line(obs: dict[str, Any], s: int, p: dict[str, Any]) -> list[str]:
    """One seat's charms, treasures and marks."""
    flags = [
        f
        for f, on in (
            (_("a mummy card"), p["mummy"] and not p["cover_in_use"]),
            (_("a mummy card on the route"), p["cover_in_use"]),
            (_("goes out in the same order"), p["forward_exit"]),
            (_("free judging"), p["free_judging"]),
            (_("with a helper"), p["helper"]),
        )
        if on
    ]
    charms = ""
    if "team_charms" not in obs:
        k, j = p["charms"], p["charm_jewels"]
        charms = (
            ngettext("{n} charm", "{n} charms", k).format(n=k)
            + " "
            + ngettext("({n} jewel)", "({n} jewels)", j).format(n=j)
            + ", "
        )
    t = p["treasures"]
    treasures = ngettext("{n} treasure", "{n} treasures", t).format(n=t)
    line = f"{_seat(obs, s, obs.get('seat'))}: {charms}{treasures}"
    return _wrap(line + (f", {', '.join(flags)}" if flags else ""))


def _final(obs: dict[str, Any]) -> list[str]:
    """The end: why, every seat's points and treasures, the winners."""
    seat = obs.get("seat")
    lines: list[str] = []
    if obs["end_reason"] == "charms":
        reason = _("{name} lost the last charm card").format(name=_seat(obs, obs["active"], seat))
    elif obs["end_reason"] in _END:
        reason = _(_END[obs["end_reason"]])
    else:
        reason = str(obs["end_reason"])
    lines.append(_("Game over: {reason}.").format(reason=reason))
    scores = obs.get("scores")
    for s, cards in enumerate(obs["treasures"]):
        line = f"  {_seat(obs, s, seat)}"
        if scores:
            sc = scores[s]
            points = ngettext("{n} point", "{n} points", sc["total"]).format(n=sc["total"])
            parts = _("treasures {treasures}, charms {charms}, sets {sets}, mummy {mummy}")
            line += (
                f": {points} ("
                + parts.format(
                    treasures=sc["treasure_jewels"],
                    charms=sc["charm_jewels"],
                    sets=sc["sets"],
                    mummy=sc["mummy"],
                )
                + ")"
            )
        lines.extend(_wrap(line, ""))
        lines.extend(_wrap(_("kept (jewels): {list}").format(list=_treasures(cards)), "    "))
    if not scores:
        lines.append(_("The team wins!") if obs.get("team_won") else _("The team loses."))
    win = obs["winners"]
    if scores:
        if len(win) == 1:
            lines.append(_("Winner: {name}.").format(name=_seat(obs, win[0], seat)))
        else:
            who = [_seat(obs, w, seat) for w in win]
            lines.append(
                _("Sharing the win: {names} and {last}.").format(
                    names=", ".join(who[:-1]), last=who[-1]
                )
            )
    return lines


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
    lines.extend(_wrap(_head(obs), ""))
    if obs.get("referee") is not None and phase in ("way_in", "way_out"):
        lines.extend(_judging(obs))
    lines.extend(_route(obs))
    decks = ", ".join(str(c) for c in obs["treasure_decks"])
    table = _("Chamber deck {deck}, discard {discard}").format(
        deck=obs["main_deck"], discard=obs["discard"]
    )
    if obs["discard_top"] and not obs.get("route_hidden"):  # nothing to mix up on the way out
        table += _(" (top: {name})").format(name=chamber_name(obs["discard_top"]))
    table += _(" · treasure decks {decks} · mummy supply {mummies}").format(
        decks=decks, mummies=obs["mummy_supply"]
    )
    lines.extend(_wrap(table, ""))
    if obs["treasure_graveyard"]:
        lost = ", ".join(map(_one, obs["treasure_graveyard"]))
        lines.extend(_wrap(_("Lost treasures: {list}").format(list=lost), ""))
    if "team_charms" in obs:
        k = obs["team_charms"]
        team = ngettext(
            "Team: {n} charm card, {treasures} of {target} treasures",
            "Team: {n} charm cards, {treasures} of {target} treasures",
            k,
        )
        lines.append(team.format(n=k, treasures=obs["team_treasures"], target=obs["team_target"]))
    for s, p in enumerate(obs["players"]):
        lines.extend(_player_line(obs, s, p))
    if seat is not None and phase != "game_over":
        lines.append(
            _("Your treasures (jewels): {list}").format(list=_treasures(obs["my_treasures"]))
        )
        if obs.get("drawn_treasure"):
            lines.append(_("You carry: {card}").format(card=_one(obs["drawn_treasure"])))
    if phase == "game_over":
        lines.extend(_final(obs))
    return "\n".join(lines)


class AbuSimbelRenderer(Renderer["AbuSimbelState"]):
    """The game's text view (``Game.renderer``, read by ``State.to_text``)."""

    def to_text(
        self, state: AbuSimbelState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The seat's observation as text, seats by ``names`` (counted from 1 without them)."""
        legal = state.legal_actions() if seat is not None and seat == state.current_player else []
        return render(state.observation(seat), legal, names)
