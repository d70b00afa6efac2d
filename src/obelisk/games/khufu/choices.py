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
from .narration import card_word, symbol
from .rules import KhufuState

_TITLE = K.CHAMBER_TITLES
_WIN_ON = (
    "wins on an odd roll (1, 3, 5)",
    "wins on an even roll (2, 4, 6)",
    "wins on tails of Khufu's coin",
)


def player(state: KhufuState, seat: int) -> str:
    """``Player 2 (Zombie)``: a seat counted from 1, with its piece (once it has one)."""
    piece = state.piece_of(seat)
    return f"Player {seat + 1} ({piece})" if piece else f"Player {seat + 1}"


def _card(state: KhufuState, cid: str) -> str:
    c = state.t.card_index[cid]
    return card_word(K.SYMBOLS[state.t.card_symbol[c]], state.t.card_cobra[c])


def choice_text(state: KhufuState, action: Action) -> str:
    """What ``action`` does for the seat to decide, in words."""
    d = state.dec
    kind = d[0] if d is not None else ""
    p = d[1] if d is not None else -1
    t = state.t
    if isinstance(action, Piece):
        return (
            f"piece {action.name} — play the {action.name}: its piece, character card and "
            "4 Scarabs (no other effect)"
        )
    if isinstance(action, Roll):
        return "roll — roll the die and move clockwise"
    if isinstance(action, Stay):
        ch = d[2] if d is not None else 0
        return f"stay — wager again at the {_TITLE[ch]} table (at least {t.min_wager[ch]})"
    if isinstance(action, Leave):
        ch = d[2] if d is not None else 0
        return f"leave — roll and walk on from the {_TITLE[ch]} door (no chamber on the way)"
    if isinstance(action, Challenge):
        return "challenge — take on Khufu's Ultimate Challenge now (the clock stops)"
    if isinstance(action, Enter):
        ch = d[2] if d is not None else 0
        if ch == state.sarc and state.qualified(p):
            return f"enter — go into the {_TITLE[ch]} Chamber and face Khufu's Ultimate Challenge"
        return (
            f"enter — go into the {_TITLE[ch]} Chamber and wager (at least {t.min_wager[ch]}); "
            "the move ends"
        )
    if isinstance(action, Pass):
        pips = d[3] if d is not None and len(d) > 3 else 0
        return f"pass — walk on past the door ({pips} step{'s' if pips != 1 else ''} to go)"
    if isinstance(action, Take):
        return "take — take the top Treasure card"
    if isinstance(action, Decline):
        if kind == "STEAL_TARGET_OR_DECLINE":
            return "decline — steal nothing"
        return "decline — leave the Treasure card"
    if isinstance(action, Steal):
        q = action.target
        n = len(state.hands[q])
        return f"steal from {player(state, q)} — a random one of {n} card{'s' if n != 1 else ''}"
    if isinstance(action, Give):
        to = d[2] if d is not None and kind in ("COBRA_GIVE_CARD", "CURSE_TOLL_CARD") else None
        why = " for the cobra" if kind == "COBRA_GIVE_CARD" else " (Tomb Toll)"
        dest = f" to {player(state, to)}{why}" if isinstance(to, int) else ""
        return f"give {_card(state, action.card)}{dest}"
    if isinstance(action, Bet):
        text = f"bet {_card(state, action.card)}"
        if d is not None and d[2] == K.KING and len(state.wager) < 2:
            text += " — a table card, face up"
        return text
    if isinstance(action, Place):
        ch = d[2] if d is not None else 0
        n = len(state.wager)
        head = f"place — play the {_TITLE[ch]} table with {n} card{'s' if n != 1 else ''}"
        if ch < K.KING:
            return f"{head}: {_WIN_ON[ch]}"
        syms = sorted({K.SYMBOLS[t.card_symbol[c]] for c in state.wager[:2]}, key=K.SYMBOLS.index)
        shown = " or ".join(symbol(s) for s in syms)
        return f"{head}: wins if the symbol die shows {shown}"
    if isinstance(action, Select):
        mine = [t.card_symbol[t.card_index[c]] for c in action.cards]
        words = ", ".join(symbol(K.SYMBOLS[s]) for s in sorted(mine))
        khufu = [t.card_symbol[c] for c in state.ch_khufu]
        win, draw, _lose = challenge_counts(khufu, mine)
        return f"select {words} — wins on {win}, draws on {draw} of the 36 dice rolls"
    if isinstance(action, Answer):
        return "answer — shout “You are the mummy!”"
    if isinstance(action, Silent):
        return "silent — say nothing (and return a random card)"
    return action.text()


def _symbol_of(word: str) -> int | None:
    w = word.lower().replace("_", " ").replace("-", " ")
    for i, s in enumerate(K.SYMBOLS):
        name = symbol(s).lower()
        if w == name or (len(w) >= 3 and name.startswith(w)):
            return i
    return None


def parse_alias(state: KhufuState, text: str, legal: list[Action]) -> Action:
    """A legal action typed in words: ``bet falcon``, ``select cat cat king``, ``steal zombie``."""
    words = text.lower().replace(",", " ").split()
    if not words:
        raise ActionFormatError("no action given")
    verb, rest = words[0], words[1:]
    t = state.t
    # a piece by its name alone (khufu:4.1): "witch"
    for a in legal:
        if isinstance(a, Piece) and " ".join(words) in (a.name.lower(), "the " + a.name.lower()):
            return a
    # a card by its symbol (and "cobra" to pick a cobra card): bet / give
    if verb in ("bet", "give") and rest:
        cobra = "cobra" in rest
        names = [w for w in rest if w not in ("a", "an", "the", "cobra", "with")]
        sym = _symbol_of(" ".join(names))
        if sym is None:
            raise ActionFormatError(f"'{' '.join(names)}' is not a symbol")
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
        raise ActionFormatError(f"you have no {symbol(K.SYMBOLS[sym])} to {verb}")
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
                raise ActionFormatError(f"'{rest[i]}' is not a symbol")
        want = sorted(syms)
        for a in legal:
            if isinstance(a, Select):
                got = sorted(t.card_symbol[t.card_index[c]] for c in a.cards)
                if got == want:
                    return a
        if not any(isinstance(a, Select) for a in legal):
            raise ActionFormatError(f"'{text}' is not a legal action here")
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
        for a in legal:
            if isinstance(a, Steal):
                piece = (state.piece_of(a.target) or "").lower()
                if word == str(a.target + 1) or (piece and word == piece):
                    return a
    raise ActionFormatError(f"'{text}' is not a legal action here")


def hint_reason(state: KhufuState, seat: int, action: Action) -> str | None:
    """Why the heuristic's choice is good, from what is public and the seat's own hand."""
    d = state.dec
    ch = d[2] if d is not None and len(d) > 2 and isinstance(d[2], int) else None
    mine = state.scarabs[seat]
    missing = 4 - bin(mine).count("1")
    if isinstance(action, Enter) and ch is not None:
        if ch == state.sarc and state.qualified(seat):
            return "you hold all four Scarabs and enough Treasure to face Khufu"
        if not mine >> ch & 1:
            return f"your Scarab is still missing in the {_TITLE[ch]} Chamber"
        return None
    if isinstance(action, Pass) and ch is not None and mine >> ch & 1:
        return f"your Scarab is already in the {_TITLE[ch]} Chamber: walk on to one you need"
    if isinstance(action, Leave) and ch is not None and mine >> ch & 1:
        left = f"{missing} more to place" if missing else "then the Sarcophagus"
        return f"your Scarab is placed here ({left}); time spent here is lost"
    if isinstance(action, Stay) and ch is not None and not mine >> ch & 1:
        return f"your Scarab is still missing in the {_TITLE[ch]} Chamber: try again"
    if isinstance(action, Challenge):
        return "you qualify: four Scarabs placed and enough Treasure in hand"
    if isinstance(action, Take):
        return "Treasure cards are what you wager and what the Challenge is played with"
    if isinstance(action, Steal):
        sizes = [len(state.hands[q]) for q in range(state.num_players) if q != seat]
        if sizes and len(state.hands[action.target]) == max(sizes):
            return "that player holds the most cards, so the steal costs the leader"
        return None
    if isinstance(action, Bet):
        t = state.t
        c = t.card_index[action.card]
        same = sum(t.card_symbol[x] == t.card_symbol[c] for x in state.hands[seat])
        why = [] if t.card_cobra[c] else ["no cobra"]
        if same < 2:
            why.append("no pair broken")
        return "it is among the least useful cards of your hand" + (
            f" ({', '.join(why)})" if why else ""
        )
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
