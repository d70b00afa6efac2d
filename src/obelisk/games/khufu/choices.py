"""Khufu's choices in words and the words a person may type for them: the game's choices
(``Game.choices``, read by ``State.choice_text``, ``hint_reason`` and ``parse_action``).

A choice names what it does from the chooser's side: the chamber, the card by its
symbol (never its id), the player counted from 1 by piece, the odds where the rules
make them plain. Besides the short forms (``bet T41``, ``select T13,T14,T23``,
``steal 2``) a person may type a card by its symbol (``bet falcon``, ``give cat``,
``select falcon falcon jackal``) or a player by number or piece (``steal zombie``).
"""

from __future__ import annotations

from obelisk.core import Action, ActionFormatError, Choices
from obelisk.core.i18n import N_, Words

from . import components as K
from .actions import (
    Answer,
    Bet,
    Challenge,
    Decline,
    Enter,
    Give,
    Leave,
    Pass,
    Piece,
    Place,
    Roll,
    Select,
    Silent,
    Stay,
    Steal,
    Take,
)
from .casino import challenge_counts
from .narration import SYMBOL_WORDS, card_word, chamber_noun, door, piece, symbol, table
from .rules import KhufuState

W = Words(__package__)
_, ngettext = W.gettext, W.ngettext

_WIN_ON = (
    N_("wins on an odd roll (1, 3, 5)"),
    N_("wins on an even roll (2, 4, 6)"),
    N_("wins on tails of Khufu's coin"),
)


def player(state: KhufuState, seat: int) -> str:
    """``Player 2 (Zombie)``: a seat counted from 1, with its piece (once it has one)."""
    name = state.piece_of(seat)
    if name:
        return _("Player {number} ({piece})").format(number=seat + 1, piece=piece(name))
    return _("Player {number}").format(number=seat + 1)


def _card(state: KhufuState, cid: str) -> str:
    c = state.t.card_index[cid]
    return card_word(K.SYMBOLS[state.t.card_symbol[c]], state.t.card_cobra[c])


def choice_text(state: KhufuState, action: Action) -> str:
    """What ``action`` does for the seat to decide, in words."""
    d = state.dec
    kind = d[0] if d is not None else ""
    p = d[1] if d is not None else -1
    t = state.t
    ch = d[2] if d is not None and len(d) > 2 and d[2] in range(len(K.CHAMBERS)) else 0
    where = {
        "chamber": chamber_noun(K.CHAMBERS[ch]),
        "table": table(K.CHAMBERS[ch]),
        "door": door(K.CHAMBERS[ch]),
        "minimum": t.min_wager[ch],
    }
    if isinstance(action, Piece):
        return _(
            "piece {name} — play the {piece}: its piece, character card and "
            "4 Scarabs (no other effect)"
        ).format(name=piece(action.name), piece=piece(action.name))
    if isinstance(action, Roll):
        return _("roll — roll the die and move clockwise")
    if isinstance(action, Stay):
        return _("stay — wager again at {table} (at least {minimum})").format(**where)
    if isinstance(action, Leave):
        return _("leave — roll and walk on from {door} (no chamber on the way)").format(**where)
    if isinstance(action, Challenge):
        return _("challenge — take on Khufu's Ultimate Challenge now (the clock stops)")
    if isinstance(action, Enter):
        if ch == state.sarc and state.qualified(p):
            return _("enter — go into {chamber} and face Khufu's Ultimate Challenge").format(
                **where
            )
        return _("enter — go into {chamber} and wager (at least {minimum}); the move ends").format(
            **where
        )
    if isinstance(action, Pass):
        pips = d[3] if d is not None and len(d) > 3 else 0
        return ngettext(
            "pass — walk on past the door ({n} step to go)",
            "pass — walk on past the door ({n} steps to go)",
            pips,
        ).format(n=pips)
    if isinstance(action, Take):
        return _("take — take the top Treasure card")
    if isinstance(action, Decline):
        if kind == "STEAL_TARGET_OR_DECLINE":
            return _("decline — steal nothing")
        return _("decline — leave the Treasure card")
    if isinstance(action, Steal):
        q = action.target
        n = len(state.hands[q])
        return ngettext(
            "steal from {player} — a random one of {n} card",
            "steal from {player} — a random one of {n} cards",
            n,
        ).format(player=player(state, q), n=n)
    if isinstance(action, Give):
        to = d[2] if d is not None and kind in ("COBRA_GIVE_CARD", "CURSE_TOLL_CARD") else None
        card = _card(state, action.card)
        if not isinstance(to, int):
            return _("give {card}").format(card=card)
        if kind == "COBRA_GIVE_CARD":
            text = _("give {card} to {player} for the cobra")
        else:
            text = _("give {card} to {player} (Tomb Toll)")
        return text.format(card=card, player=player(state, to))
    if isinstance(action, Bet):
        card = _card(state, action.card)
        if d is not None and d[2] == K.KING and len(state.wager) < 2:
            return _("bet {card} — a table card, face up").format(card=card)
        return _("bet {card}").format(card=card)
    if isinstance(action, Place):
        n = len(state.wager)
        if ch < K.KING:
            return ngettext(
                "place — play {table} with {n} card: {wins}",
                "place — play {table} with {n} cards: {wins}",
                n,
            ).format(n=n, wins=_(_WIN_ON[ch]), **where)
        syms = sorted({K.SYMBOLS[t.card_symbol[c]] for c in state.wager[:2]}, key=K.SYMBOLS.index)
        shown = _(" or ").join(symbol(s) for s in syms)
        return ngettext(
            "place — play {table} with {n} card: wins if the symbol die shows {shown}",
            "place — play {table} with {n} cards: wins if the symbol die shows {shown}",
            n,
        ).format(n=n, shown=shown, **where)
    if isinstance(action, Select):
        mine = [t.card_symbol[t.card_index[c]] for c in action.cards]
        words = ", ".join(symbol(K.SYMBOLS[s]) for s in sorted(mine))
        khufu = [t.card_symbol[c] for c in state.ch_khufu]
        win, draw, _lose = challenge_counts(khufu, mine)
        return _("select {cards} — wins on {win}, draws on {draw} of the 36 dice rolls").format(
            cards=words, win=win, draw=draw
        )
    if isinstance(action, Answer):
        return _("answer — shout “You are the mummy!”")
    if isinstance(action, Silent):
        return _("silent — say nothing (and return a random card)")
    return action.text()


#: The command words a person may type, in the reader's language, by the English action
#: kind they stand for (``Game.typed_words``).
TYPED: dict[str, str] = {
    "roll": N_("roll"),
    "stay": N_("stay"),
    "leave": N_("leave"),
    "challenge": N_("challenge"),
    "enter": N_("enter"),
    "pass": N_("pass"),
    "take": N_("take"),
    "decline": N_("decline"),
    "steal": N_("steal"),
    "give": N_("give"),
    "bet": N_("bet"),
    "place": N_("place"),
    "select": N_("select"),
    "answer": N_("answer"),
    "silent": N_("silent"),
    "piece": N_("piece"),
}


def typed_words() -> dict[str, str]:
    """Each typed command word in the reader's language, and the English action kind it
    stands for (``{"nimm": "take"}`` in German; nothing in English, which types the
    action's own words)."""
    out: dict[str, str] = {}
    for kind, word in TYPED.items():
        typed = W.gettext(word).lower()
        if typed != kind:
            out[typed] = kind
    return out


def _symbol_of(word: str) -> int | None:
    """The symbol a typed word names, in English or the reader's language."""
    w = word.lower().replace("_", " ").replace("-", " ")
    for names in (
        [symbol(s).lower() for s in K.SYMBOLS],
        [SYMBOL_WORDS[s].lower() for s in K.SYMBOLS],
    ):
        for i, name in enumerate(names):
            inflected = " " not in w and w.startswith(name) and len(w) <= len(name) + 2
            if w == name or (len(w) >= 3 and name.startswith(w)) or inflected:
                return i
    return None


#: Words a person may type around a card's symbol (``bet a falcon with a cobra``; German
#: ``setze einen Falken mit Kobra``).
_FILLERS = frozenset(
    ["a", "an", "the", "with", "ein", "eine", "einen", "einem", "mit", "den", "die", "das", "der"]
)


def parse_alias(state: KhufuState, text: str, legal: list[Action]) -> Action:
    """A legal action typed in words: ``bet falcon``, ``select cat cat king``, ``steal zombie``."""
    words = text.lower().replace(",", " ").split()
    if not words:
        raise ActionFormatError("no action given")
    verb, rest = typed_words().get(words[0], words[0]), words[1:]  # "setze" is "bet"
    t = state.t
    # a piece by its name alone (khufu:4.1): "witch", or after "piece"
    said = " ".join(rest if verb == "piece" else words)
    for a in legal:
        if isinstance(a, Piece):
            known = {a.name.lower(), piece(a.name).lower()}
            if said in known | {"the " + n for n in known}:
                return a
    # a card by its symbol (and "cobra" to pick a cobra card): bet / give
    if verb in ("bet", "give") and rest:
        cobra_words = {"cobra", _("cobra").lower()}
        cobra = bool(cobra_words & set(rest))
        names = [w for w in rest if w not in _FILLERS | cobra_words]
        sym = _symbol_of(" ".join(names))
        if sym is None:
            raise ActionFormatError(_("'{word}' is not a symbol").format(word=" ".join(names)))
        cands: list[Bet | Give] = [
            a
            for a in legal
            if isinstance(a, (Bet, Give))
            and a.kind == verb
            and t.card_symbol[t.card_index[a.card]] == sym
        ]
        if cands:
            # a plain card before a cobra unless "cobra" was typed
            cands.sort(key=lambda a: t.card_cobra[t.card_index[a.card]] != cobra)
            return cands[0]
        if verb == "bet":
            raise ActionFormatError(
                _("you have no {symbol} to bet").format(symbol=symbol(K.SYMBOLS[sym]))
            )
        raise ActionFormatError(
            _("you have no {symbol} to give").format(symbol=symbol(K.SYMBOLS[sym]))
        )
    if verb == "select" and rest:
        syms: list[int] = []
        i = 0
        while i < len(rest):  # "eye of horus" is three words
            for span in (3, 1):
                s = _symbol_of(" ".join(rest[i : i + span]))
                if s is not None and (span == 1 or len(rest) >= i + span):
                    syms.append(s)
                    i += span
                    break
            else:
                raise ActionFormatError(_("'{word}' is not a symbol").format(word=rest[i]))
        want = sorted(syms)
        for a in legal:
            if isinstance(a, Select):
                got = sorted(t.card_symbol[t.card_index[c]] for c in a.cards)
                if got == want:
                    return a
        if not any(isinstance(a, Select) for a in legal):
            raise ActionFormatError(_("'{text}' is not a legal action here").format(text=text))
        # Not a choice of the dealt cards: the cards of those symbols (the player's own
        # first), so that the refusal can say why (khufu:10.2).
        d = state.dec
        mine = list(state.hands[d[1]]) if d is not None else []
        used: list[int] = []
        for sym in syms:
            pool = [c for c in mine if c not in used] + list(range(t.num_cards))
            used.append(next(c for c in pool if t.card_symbol[c] == sym and c not in used))
        return Select(tuple(t.card_ids[c] for c in sorted(used)))
    if verb == "steal" and rest:
        word = " ".join(rest).removeprefix("player ").strip()
        word = word.removeprefix(_("player").lower() + " ").strip()
        for a in legal:
            if isinstance(a, Steal):
                name = state.piece_of(a.target) or ""
                pieces = {name.lower(), piece(name).lower()} if name else set()
                if word == str(a.target + 1) or word in pieces:
                    return a
    raise ActionFormatError(_("'{text}' is not a legal action here").format(text=text))


def hint_reason(state: KhufuState, seat: int, action: Action) -> str | None:
    """Why the heuristic's choice is good, from what is public and the seat's own hand."""
    d = state.dec
    ch = d[2] if d is not None and len(d) > 2 and isinstance(d[2], int) else None
    mine = state.scarabs[seat]
    missing = 4 - bin(mine).count("1")
    if isinstance(action, Enter) and ch is not None:
        if ch == state.sarc and state.qualified(seat):
            return _("you hold all four Scarabs and enough Treasure to face Khufu")
        if not mine >> ch & 1:
            return _("your Scarab is still missing in {chamber}").format(
                chamber=chamber_noun(K.CHAMBERS[ch])
            )
        return None
    if isinstance(action, Pass) and ch is not None and mine >> ch & 1:
        return _("your Scarab is already in {chamber}: walk on to one you need").format(
            chamber=chamber_noun(K.CHAMBERS[ch])
        )
    if isinstance(action, Leave) and ch is not None and mine >> ch & 1:
        if missing:
            return _(
                "your Scarab is placed here ({n} more to place); time spent here is lost"
            ).format(n=missing)
        return _("your Scarab is placed here (then the Sarcophagus); time spent here is lost")
    if isinstance(action, Stay) and ch is not None and not mine >> ch & 1:
        return _("your Scarab is still missing in {chamber}: try again").format(
            chamber=chamber_noun(K.CHAMBERS[ch])
        )
    if isinstance(action, Challenge):
        return _("you qualify: four Scarabs placed and enough Treasure in hand")
    if isinstance(action, Take):
        return _("Treasure cards are what you wager and what the Challenge is played with")
    if isinstance(action, Steal):
        sizes = [len(state.hands[q]) for q in range(state.num_players) if q != seat]
        if sizes and len(state.hands[action.target]) == max(sizes):
            return _("that player holds the most cards, so the steal costs the leader")
        return None
    if isinstance(action, Bet):
        t = state.t
        c = t.card_index[action.card]
        same = sum(t.card_symbol[x] == t.card_symbol[c] for x in state.hands[seat])
        why = [] if t.card_cobra[c] else [_("no cobra")]
        if same < 2:
            why.append(_("no pair broken"))
        if why:
            return _("it is among the least useful cards of your hand ({why})").format(
                why=", ".join(why)
            )
        return _("it is among the least useful cards of your hand")
    return None


class KhufuChoices(Choices[KhufuState]):
    """A Khufu action in words, why a hint chose it, and the words a person may type."""

    def choice_text(self, state: KhufuState, action: Action) -> str:
        """What ``action`` does, from the chooser's side (:func:`choice_text`)."""
        return choice_text(state, action)

    def hint_reason(self, state: KhufuState, seat: int, action: Action) -> str | None:
        """Why a hint chose ``action`` (:func:`hint_reason`)."""
        return hint_reason(state, seat, action)

    def parse_words(self, state: KhufuState, text: str, legal: list[Action]) -> Action | None:
        """A card by its symbol, a player by number or piece (:func:`parse_alias`)."""
        return parse_alias(state, text, legal)
