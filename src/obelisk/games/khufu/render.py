"""A compact text view of one seat's Khufu observation (never more than the observation).

Players are counted from 1 and named by their piece ("Player 2 (Zombie)"); cards by
their symbol; the track is drawn in four rows of nine spaces, one row per chamber
door, with a legend.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from obelisk.core import Renderer

from .components import CHAMBER_TITLES, CHAMBERS, SYMBOLS, Tables
from .narration import ORDER_WORDS, symbol, symbols_words

if TYPE_CHECKING:
    from .rules import KhufuState

#: Chamber initials on the track and the Scarab lists.
_INITIAL = {c: t[0] for c, t in zip(CHAMBERS, ("S", "H", "Q", "K"), strict=True)}
_KIND = {"T": "T", "C": "C", "S": "S"}


def _clock(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def _seat_name(obs: dict[str, Any], seat: int) -> str:
    """The seat's display name (``render``'s ``names``), else ``Player N`` counted from 1."""
    names = obs.get("_names")
    return str(names[seat]) if names and 0 <= seat < len(names) else f"Player {seat + 1}"


def _player(obs: dict[str, Any], seat: Any) -> str:
    """``Player 2 (Zombie)`` (or the seat's name), counted from 1."""
    if not isinstance(seat, int):
        return "nobody"
    for p in obs["players"]:
        if p["seat"] == seat:
            return _who(obs, p)
    return _seat_name(obs, seat)


def _who(obs: dict[str, Any], p: dict[str, Any]) -> str:
    """``Player 2 (Zombie)``, or ``Player 2`` before the pieces are chosen (khufu:4.1)."""
    piece = p.get("character")
    name = _seat_name(obs, p["seat"])
    return f"{name} ({piece})" if piece else name


def _title(ch: str) -> str:
    return f"{CHAMBER_TITLES[CHAMBERS.index(ch)]} Chamber" if ch in CHAMBERS else str(ch)


def _card(t: Tables, cid: str) -> str:
    i = t.card_index[cid]
    return symbol(SYMBOLS[t.card_symbol[i]]) + ("*" if t.card_cobra[i] else "")


def _cards(t: Tables, cids: list[str]) -> str:
    return ", ".join(_card(t, c) for c in cids) or "none"


def _track(obs: dict[str, Any], t: Tables) -> list[str]:
    here: dict[int, list[str]] = {}
    for p in obs["players"]:
        if isinstance(p["location"], int):
            here.setdefault(p["location"], []).append(str(p["seat"] + 1))
    cells = []
    for i, kind in enumerate(t.board):
        letter = ("D" + "SHQK"[int(kind)]) if kind.isdigit() else _KIND.get(kind, kind)
        pieces = f"[{','.join(here[i])}]" if i in here else ""
        cells.append(f"{i:>2}{letter}{pieces}")
    width = 8  # fixed, so that the columns stay put as pieces move
    rows = []
    for start in range(0, len(cells), 9):
        rows.append(" " + "".join(c.ljust(width) for c in cells[start : start + 9]).rstrip())
    return rows


def decision_words(
    d: dict[str, Any], obs: dict[str, Any] | None = None, t: Tables | None = None
) -> str:
    """A pending decision in words: ``roll the die``, ``enter the King's Chamber or walk on``."""
    return _decision(obs or {"players": []}, d, t)


def _decision(obs: dict[str, Any], d: dict[str, Any], t: Tables | None = None) -> str:
    kind = str(d["kind"])
    ch = _title(d.get("chamber", ""))
    if kind == "ROLL":
        return "roll the die"
    if kind == "CHAMBER_TURN_OPTION":
        me = next((p for p in obs["players"] if p["seat"] == d["seat"]), None)
        if me is not None and me["qualified"] and obs.get("sarcophagus") == d.get("chamber"):
            return f"take on Khufu's Ultimate Challenge in the {ch}, or leave"
        chamber = d.get("chamber")
        if (
            me is not None
            and t is not None
            and chamber in CHAMBERS
            and me["hand"] < t.min_wager[CHAMBERS.index(chamber)]
        ):
            return f"leave the {ch} (too few cards to wager here)"
        return f"stay in the {ch} and wager, or leave"
    if kind == "DOOR_ENTER_OR_PASS":
        return f"enter the {ch} or walk on ({d.get('pips_left', 0)} steps to go)"
    if kind == "TAKE_TREASURE":
        return "take the Treasure card or leave it"
    if kind == "STEAL_TARGET_OR_DECLINE":
        return (
            "steal from " + " or ".join(_player(obs, q) for q in d.get("targets", [])) + ", or not"
        )
    if kind == "PICKPOCKET_TARGET":
        return "steal (Khufu's order) from " + " or ".join(
            _player(obs, q) for q in d.get("targets", [])
        )
    if kind == "COBRA_GIVE_CARD":
        return f"give {_player(obs, d.get('receiver'))} a card for the cobra"
    if kind == "CURSE_TOLL_CARD":
        return f"give {_player(obs, d.get('receiver'))} a card (Tomb Toll)"
    if kind == "WAGER_CARDS":
        return (
            f"wager at the {ch}'s table: at least {d.get('minimum')}, "
            f"{d.get('chosen', 0)} chosen so far"
        ).replace("Chamber's table", "table")
    if kind == "CHALLENGE_SELECT_3":
        return "choose 3 of the dealt cards"
    if kind == "MUMMY_CALL_ANSWER":
        return "answer Khufu's call"
    if kind == "CHOOSE_PIECE":
        return "choose a playing piece: " + ", ".join(d.get("pieces", []))
    return str(kind).replace("_", " ").lower()


def render(obs: dict[str, Any], t: Tables, names: Sequence[str] | None = None) -> str:
    """The observation as a few lines of text; seats by ``names`` if given."""
    if names:
        obs = {**obs, "_names": list(names)}
    clock = obs["clock"]
    lines = []
    left = f"{_clock(clock['remaining'])} left"
    mode = "real time" if clock["mode"] == "realtime" else "simulated clock"
    if clock["paused"]:
        mode = "stopped for the Ultimate Challenge"
    elif clock["numeric_timer"] and clock["remaining"]:
        left += ", final minutes!"
    lines.append(f"Khufu — {left} ({mode}) · Lucky: {_player(obs, obs['lucky'])}")
    blocked = ", ".join(
        f"{_title(c)} for {n} more turn{'s' if n != 1 else ''}" for c, n in obs["blocked"].items()
    )
    lines.append(f"Sarcophagus in the {_title(obs['sarcophagus'])} · blocked: {blocked or 'none'}")
    last = obs["last_event"]
    lines.append(
        f"Decks: {obs['deck']} Treasure, {obs['curse_deck']} Curse"
        + (f" · Khufu's last order: {ORDER_WORDS.get(last, (last,))[0]}" if last else "")
    )
    lines.append("Track, clockwise: T Treasure, C Curse, S Steal, [n] player n's piece,")
    lines.append("  D door of the S Servant's, H High-Priest's, Q Queen's, K King's Chamber")
    lines += _track(obs, t)
    # the name column is as wide as the longest name, so a long one never runs on
    width = max([23, *(len(_who(obs, p)) + 2 for p in obs["players"])])
    lines.append(f"  {'Player':<{width}}{'Lucky':<13}{'Where':<14}Cards Scarabs")
    for p in obs["players"]:
        loc = p["location"]
        where = CHAMBER_TITLES[CHAMBERS.index(loc)] if isinstance(loc, str) else f"space {loc}"
        flags = []
        if obs.get("seat") == p["seat"]:
            flags.append("you")
        if p["qualified"]:
            flags.append("qualified")
        if p["miss_turns"]:
            flags.append(f"misses {p['miss_turns']} turn" + ("s" if p["miss_turns"] > 1 else ""))
        if p["no_entry_this_turn"]:
            flags.append("no chamber this turn")
        elif p["grip_pending"]:
            flags.append("no chamber next turn")
        scar = " ".join(_INITIAL[c] for c in p["scarabs"]) or "-"
        who = _who(obs, p)
        row = f"  {who:<{width}}{symbol(p['lucky_symbol']):<13}{where:<14}{p['hand']:>5} {scar:<8}"
        lines.append((row + (f" {', '.join(flags)}" if flags else "")).rstrip())
    if "hand" in obs:
        lines.append(f"Your hand ({len(obs['hand'])}; * cobra): {_cards(t, obs['hand'])}")
        if obs.get("wager"):
            lines.append("Your wager so far: " + _cards(t, obs["wager"]))
    ch = obs["challenge"]
    if ch:
        if ch["in_progress"]:
            status = "in progress"
        else:
            status = {"WIN": "won", "LOSE": "lost to Khufu", "DRAW": "a draw"}.get(
                ch["result"], "over"
            )
        lines.append(f"Ultimate Challenge of {_player(obs, ch['seat'])} ({status}):")
        lines.append(f"  Khufu shows {_cards(t, ch['khufu'])}")
        lines.append(f"  dealt {_cards(t, ch['dealt'])}")
        if ch["selected"]:
            lines.append(
                f"  chosen {_cards(t, ch['selected'])}"
                + (f"; the dice show {symbols_words(ch['dice'])}" if ch["dice"] else "")
            )
    d = obs["decision"]
    if obs["result"] is not None:
        r = obs["result"]
        lines.append(
            "Game over: "
            + ("time ran out, Khufu wins." if r == "KHUFU" else f"{_player(obs, r)} wins!")
        )
    elif d:
        lines.append(f"To decide: {_player(obs, d['seat'])} — {_decision(obs, d, t)}")
    return "\n".join(lines)


class KhufuRenderer(Renderer["KhufuState"]):
    """The game's text view (``Game.renderer``, read by ``State.to_text``)."""

    def to_text(
        self, state: KhufuState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The seat's observation as text, seats by ``names`` (counted from 1 without them)."""
        return render(state.observation(seat), state.t, names)
