"""A compact text view of one seat's Khufu observation (never more than the observation).

Players are counted from 1 and named by their piece ("Player 2 (Zombie)"); cards by
their symbol; the track is drawn in four rows of nine spaces, one row per chamber
door, with a legend.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from obelisk.core import Renderer
from obelisk.core.i18n import N_, Words

from .components import CHAMBERS, SYMBOLS, Tables
from .narration import chamber_noun, order_name, piece, symbol, symbols_words, table

if TYPE_CHECKING:
    from .rules import KhufuState

#: Chamber initials on the track and the Scarab lists.
_INITIAL = {c: t[0] for c, t in zip(CHAMBERS, ("S", "H", "Q", "K"), strict=True)}
_KIND = {"T": "T", "C": "C", "S": "S"}

W = Words(__package__)
_, ngettext = W.gettext, W.ngettext


def _clock(seconds: int) -> str:
    return f"{seconds // 60:02d}:{seconds % 60:02d}"


def _seat_name(obs: dict[str, Any], seat: int) -> str:
    """The seat's display name (``render``'s ``names``), else ``Player N`` counted from 1."""
    names = obs.get("_names")
    if names and 0 <= seat < len(names):
        return str(names[seat])
    return _("Player {number}").format(number=seat + 1)


def _player(obs: dict[str, Any], seat: Any) -> str:
    """``Player 2 (Zombie)`` (or the seat's name), counted from 1."""
    if not isinstance(seat, int):
        return _("nobody")
    for p in obs["players"]:
        if p["seat"] == seat:
            return _who(obs, p)
    return _seat_name(obs, seat)


def _who(obs: dict[str, Any], p: dict[str, Any]) -> str:
    """``Player 2 (Zombie)``, or ``Player 2`` before the pieces are chosen (khufu:4.1)."""
    character = p.get("character")
    name = _seat_name(obs, p["seat"])
    return f"{name} ({piece(character)})" if character else name


def _short_title(ch: str) -> str:
    """A chamber's short name for the player table (``High-Priest's``)."""
    return _looked_up(_SHORT, ch)


def _looked_up(words: dict[str, str], ch: str) -> str:
    """The words ``words`` hold for chamber ``ch`` in the reader's language (else its id)."""
    found = words.get(ch)
    return _(found) if found else str(ch)


#: The chambers' short names, for the player table's narrow column.
_SHORT = {
    "SERVANT": N_("Servant's"),
    "HIGH_PRIEST": N_("High-Priest's"),
    "QUEEN": N_("Queen's"),
    "KING": N_("King's"),
}


def _card(t: Tables, cid: str) -> str:
    i = t.card_index[cid]
    return symbol(SYMBOLS[t.card_symbol[i]]) + ("*" if t.card_cobra[i] else "")


def _cards(t: Tables, cids: list[str]) -> str:
    return ", ".join(_card(t, c) for c in cids) or _("none")


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
    ch = chamber_noun(d.get("chamber")) if d.get("chamber") in CHAMBERS else str(d.get("chamber"))
    if kind == "ROLL":
        return _("roll the die")
    if kind == "CHAMBER_TURN_OPTION":
        me = next((p for p in obs["players"] if p["seat"] == d["seat"]), None)
        if me is not None and me["qualified"] and obs.get("sarcophagus") == d.get("chamber"):
            return _("take on Khufu's Ultimate Challenge in {chamber}, or leave").format(chamber=ch)
        chamber = d.get("chamber")
        if (
            me is not None
            and t is not None
            and chamber in CHAMBERS
            and me["hand"] < t.min_wager[CHAMBERS.index(chamber)]
        ):
            return _("leave {chamber} (too few cards to wager here)").format(chamber=ch)
        return _("stay in {chamber} and wager, or leave").format(chamber=ch)
    if kind == "DOOR_ENTER_OR_PASS":
        return _("enter {chamber} or walk on ({n} steps to go)").format(
            chamber=ch, n=d.get("pips_left", 0)
        )
    if kind == "TAKE_TREASURE":
        return _("take the Treasure card or leave it")
    targets = [_player(obs, q) for q in d.get("targets", [])]
    if kind == "STEAL_TARGET_OR_DECLINE":
        return _("steal from {players}, or not").format(players=_(" or ").join(targets))
    if kind == "PICKPOCKET_TARGET":
        return _("steal (Khufu's order) from {players}").format(players=_(" or ").join(targets))
    if kind == "COBRA_GIVE_CARD":
        return _("give {player} a card for the cobra").format(
            player=_player(obs, d.get("receiver"))
        )
    if kind == "CURSE_TOLL_CARD":
        return _("give {player} a card (Tomb Toll)").format(player=_player(obs, d.get("receiver")))
    if kind == "WAGER_CARDS":
        return _("wager at {table}: at least {minimum}, {chosen} chosen so far").format(
            table=table(d.get("chamber")), minimum=d.get("minimum"), chosen=d.get("chosen", 0)
        )
    if kind == "CHALLENGE_SELECT_3":
        return _("choose 3 of the dealt cards")
    if kind == "MUMMY_CALL_ANSWER":
        return _("answer Khufu's call")
    if kind == "CHOOSE_PIECE":
        return _("choose a playing piece: {pieces}").format(
            pieces=", ".join(piece(p) for p in d.get("pieces", []))
        )
    return str(kind).replace("_", " ").lower()


def render(obs: dict[str, Any], t: Tables, names: Sequence[str] | None = None) -> str:
    """The observation as a few lines of text; seats by ``names`` if given."""
    if names:
        obs = {**obs, "_names": list(names)}
    clock = obs["clock"]
    lines = []
    time = _clock(clock["remaining"])
    if clock["paused"]:
        mode = _("stopped for the Ultimate Challenge")
    elif clock["mode"] == "realtime":
        mode = _("real time")
    else:
        mode = _("simulated clock")
    if not clock["paused"] and clock["numeric_timer"] and clock["remaining"]:
        left = _("{time} left, final minutes!").format(time=time)
    else:
        left = _("{time} left").format(time=time)
    lines.append(
        _("Khufu — {left} ({mode}) · Lucky: {lucky}").format(
            left=left, mode=mode, lucky=_player(obs, obs["lucky"])
        )
    )
    blocked = ", ".join(
        ngettext("{chamber} for {n} more turn", "{chamber} for {n} more turns", n).format(
            chamber=_title(c), n=n
        )
        for c, n in obs["blocked"].items()
    )
    lines.append(
        _("Sarcophagus in the {chamber} · blocked: {blocked}").format(
            chamber=_title(obs["sarcophagus"]), blocked=blocked or _("none")
        )
    )
    last = obs["last_event"]
    decks = _("Decks: {treasure} Treasure, {curse} Curse").format(
        treasure=obs["deck"], curse=obs["curse_deck"]
    )
    if last:
        decks = _("{decks} · Khufu's last order: {order}").format(
            decks=decks, order=order_name(last)
        )
    lines.append(decks)
    lines.append(_("Track, clockwise: T Treasure, C Curse, S Steal, [n] player n's piece,"))
    lines.append(_("  D door of the S Servant's, H High-Priest's, Q Queen's, K King's Chamber"))
    lines += _track(obs, t)
    # the name column is as wide as the longest name, so a long one never runs on
    width = max([23, *(len(_who(obs, p)) + 2 for p in obs["players"])])
    # Translators: the column of each player's lucky symbol
    head = (_("Player"), W.pgettext("lucky symbol", "Lucky"), _("Where"), _("Cards"), _("Scarabs"))
    cards = max(5, len(head[3]))
    lines.append(f"  {head[0]:<{width}}{head[1]:<13}{head[2]:<14}{head[3]:>{cards}} {head[4]}")
    for p in obs["players"]:
        loc = p["location"]
        where = (
            _short_title(loc) if isinstance(loc, str) else _("space {number}").format(number=loc)
        )
        flags = []
        if obs.get("seat") == p["seat"]:
            flags.append(_("you"))
        if p["qualified"]:
            flags.append(_("qualified"))
        if p["miss_turns"]:
            flags.append(
                ngettext("misses {n} turn", "misses {n} turns", p["miss_turns"]).format(
                    n=p["miss_turns"]
                )
            )
        if p["no_entry_this_turn"]:
            flags.append(_("no chamber this turn"))
        elif p["grip_pending"]:
            flags.append(_("no chamber next turn"))
        scar = " ".join(_INITIAL[c] for c in p["scarabs"]) or "-"
        who = _who(obs, p)
        lucky = symbol(p["lucky_symbol"])
        row = f"  {who:<{width}}{lucky:<13}{where:<14}{p['hand']:>{cards}} {scar:<8}"
        lines.append((row + (f" {', '.join(flags)}" if flags else "")).rstrip())
    if "hand" in obs:
        lines.append(
            _("Your hand ({n}; * cobra): {cards}").format(
                n=len(obs["hand"]), cards=_cards(t, obs["hand"])
            )
        )
        if obs.get("wager"):
            lines.append(_("Your wager so far: {cards}").format(cards=_cards(t, obs["wager"])))
    ch = obs["challenge"]
    if ch:
        if ch["in_progress"]:
            status = _("in progress")
        else:
            found = _RESULT.get(ch["result"])
            status = _(found) if found else _("over")
        lines.append(
            _("Ultimate Challenge of {player} ({status}):").format(
                player=_player(obs, ch["seat"]), status=status
            )
        )
        lines.append(_("  Khufu shows {cards}").format(cards=_cards(t, ch["khufu"])))
        lines.append(_("  dealt {cards}").format(cards=_cards(t, ch["dealt"])))
        if ch["selected"]:
            chosen = _cards(t, ch["selected"])
            if ch["dice"]:
                lines.append(
                    _("  chosen {cards}; the dice show {dice}").format(
                        cards=chosen, dice=symbols_words(ch["dice"])
                    )
                )
            else:
                lines.append(_("  chosen {cards}").format(cards=chosen))
    d = obs["decision"]
    if obs["result"] is not None:
        r = obs["result"]
        if r == "KHUFU":
            lines.append(_("Game over: time ran out, Khufu wins."))
        else:
            lines.append(_("Game over: {player} wins!").format(player=_player(obs, r)))
    elif d:
        lines.append(
            _("To decide: {player} — {what}").format(
                player=_player(obs, d["seat"]), what=_decision(obs, d, t)
            )
        )
    return "\n".join(lines)


#: A finished Ultimate Challenge in words.
_RESULT = {"WIN": N_("won"), "LOSE": N_("lost to Khufu"), "DRAW": N_("a draw")}


def _title(ch: str) -> str:
    """``King's Chamber`` (German: ``Königskammer``), for the text view's lines."""
    return _looked_up(_TITLES, ch)


_TITLES = {
    "SERVANT": N_("Servant's Chamber"),
    "HIGH_PRIEST": N_("High-Priest's Chamber"),
    "QUEEN": N_("Queen's Chamber"),
    "KING": N_("King's Chamber"),
}


class KhufuRenderer(Renderer["KhufuState"]):
    """The game's text view (``Game.renderer``, read by ``State.to_text``)."""

    def to_text(
        self, state: KhufuState, seat: int | None, names: Sequence[str] | None = None
    ) -> str:
        """The seat's observation as text, seats by ``names`` (counted from 1 without them)."""
        return render(state.observation(seat), state.t, names)
