"""A compact text view of one seat's Khufu observation (never more than the observation)."""

from __future__ import annotations

from typing import Any

from .components import CHAMBER_TITLES, CHAMBERS, Tables


def _clock(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def render(obs: dict[str, Any], t: Tables) -> str:
    """The observation as a few lines of text."""
    clock = obs["clock"]
    lines = []
    timer = _clock(clock["remaining"]) if clock["numeric_timer"] else "hourglass"
    paused = " (paused: Ultimate Challenge)" if clock["paused"] else ""
    lines.append(
        f"Khufu — {_clock(clock['remaining'])} left [{timer}]{paused}, "
        f"{clock['mode']} clock; Lucky: P{obs['lucky']}; "
        f"Sarcophagus: {obs['sarcophagus']}"
    )
    blocked = ", ".join(f"{c} ({n} turn ends)" for c, n in obs["blocked"].items())
    lines.append(
        f"Deck {obs['deck']} Treasures, {obs['curse_deck']} Curses; blocked: {blocked or 'none'}"
        + (f"; last Khufu order: {obs['last_event']}" if obs["last_event"] else "")
    )
    track = []
    for i, kind in enumerate(t.board):
        here = [str(p["seat"]) for p in obs["players"] if p["location"] == i]
        cell = ("D" + CHAMBERS[int(kind)][0]) if kind.isdigit() else kind
        track.append(f"{i}{cell}" + (f"[{','.join(here)}]" if here else ""))
    lines.append("Track: " + " ".join(track))
    for p in obs["players"]:
        loc = p["location"]
        where = (
            f"in the {CHAMBER_TITLES[CHAMBERS.index(loc)]}" if isinstance(loc, str) else f"on {loc}"
        )
        flags = []
        if p["qualified"]:
            flags.append("QUALIFIED")
        if p["miss_turns"]:
            flags.append(f"misses {p['miss_turns']}")
        if p["grip_pending"] or p["no_entry_this_turn"]:
            flags.append("gripped")
        scar = "".join(c[0] for c in p["scarabs"]) or "-"
        me = " (you)" if obs.get("seat") == p["seat"] else ""
        lines.append(
            f"  P{p['seat']}{me} {p['character']:<11} lucky {p['lucky_symbol']:<12} {where:<22} "
            f"cards {p['hand']:>2}  scarabs {scar}" + (f"  [{', '.join(flags)}]" if flags else "")
        )
    if "hand" in obs:
        sym = t.card_symbol
        cob = t.card_cobra
        idx = t.card_index
        from .components import SYMBOLS

        cards = [f"{c}={SYMBOLS[sym[idx[c]]]}{'*' if cob[idx[c]] else ''}" for c in obs["hand"]]
        lines.append("Your hand (* cobra): " + (" ".join(cards) or "empty"))
        if obs.get("wager"):
            lines.append("Your wager so far: " + " ".join(obs["wager"]))
    ch = obs["challenge"]
    if ch:
        state = "in progress" if ch["in_progress"] else f"last result {ch['result']}"
        lines.append(
            f"Ultimate Challenge of P{ch['seat']} ({state}): Khufu {' '.join(ch['khufu'])}; "
            f"dealt {' '.join(ch['dealt'])}"
            + (f"; selected {' '.join(ch['selected'])}" if ch["selected"] else "")
            + (f"; dice {' '.join(ch['dice'])}" if ch["dice"] else "")
        )
    d = obs["decision"]
    if obs["result"] is not None:
        r = obs["result"]
        lines.append(
            "Game over: " + ("Khufu wins, time ran out." if r == "KHUFU" else f"P{r} wins!")
        )
    elif d:
        extra = {k: v for k, v in d.items() if k not in ("kind", "seat")}
        more = ", ".join(f"{k} {v}" for k, v in extra.items())
        lines.append(f"To decide: P{d['seat']} — {d['kind']}" + (f" ({more})" if more else ""))
    return "\n".join(lines)
