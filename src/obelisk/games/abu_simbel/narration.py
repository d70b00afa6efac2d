"""Abu Simbel's narration: its events as sentences (``obelisk.core.narration``).

Abu Simbel is a memory game (abu_simbel:11: no memory aids). At the table the route's
chamber cards lie face up, except for the player on the way out, who must not look; the
moves themselves are seen only while they are made. So the lasting sentences (``on_<kind>``,
kept in a log a person can read on their own way out) never name a chamber card, a move
or a covered slot: they count chambers ("chamber 3, 1 of 4 on the way in"). What the
table shows for the moment (the new route, the added chamber, the move just made, what
a mistake should have been) is said by the flash sentences (``flash_<kind>``), which a
face shows beside the table and drops at the next redraw. The table itself (``to_text``)
shows the faces whenever the viewer may see them.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from obelisk.core import Narrator, Voice
from obelisk.core.narration import capitalize, plural

from .components import (
    MAX_SCORPIONS,
    MOVE_TYPED,
    TYPE_TOKEN,
    TYPES,
    card_token,
    card_type,
    scorpions,
    token_type,
)

JSON = Any

#: Each chamber type's name in our words (a scorpion card's name is its count).
CHAMBER_NAME: dict[str, str] = {
    "MUMMY": "the wrapped mummy",
    "BLADES": "the swinging blades",
    "LAVA": "the lava",
    "CRACK": "the narrow crack",
    "EMPTY": "the empty chamber",
    "PIT": "the pit",
    "SCORPIONS": "the scorpions",
    "DIVE": "the deep water",
    "GAS": "the poison gas",
    "CRAWL": "the low tunnel",
    "HISSING": "the hissing snakes",
}

#: What each chamber asks for, in our own words (glossary and explanations).
CHAMBER_EXPLANATION: dict[str, str] = {
    "MUMMY": "a mummy bars the way: punch the air. Get out with a mummy on your route and "
    "you earn a mummy card (once a game)",
    "BLADES": "blades swing through the room: duck under them",
    "LAVA": "glowing lava on the floor: jump forward over it",
    "CRACK": "a gap too tight to walk through: two steps sideways, like a crab",
    "EMPTY": "nothing happens here: walk two steps forward",
    "PIT": "a pit with no bridge: two steps hand over hand along a rope overhead",
    "SCORPIONS": "scorpions on the floor: stomp once for each scorpion on the card",
    "DIVE": "the way is flooded: one swimming stroke with your arms",
    "GAS": "poisonous fumes: cover your nose with one hand",
    "CRAWL": "the ceiling is low: crawl a few steps forward",
    "HISSING": "something hisses on the floor: a few heel-to-toe steps with arms out for balance",
}

#: Other terms the game explains (glossary; some also the first time they appear).
TERMS: dict[str, str] = {
    "Mummy card": "earned once a game by getting out after passing a mummy; worth 1 point "
    "at the end (in the Ultimate Adventure it scores nothing and is laid on a chamber "
    "instead)",
    "Mummy cover": "in the Ultimate Adventure, before a turn, a player with an unused mummy "
    "card may lay it on a chamber: until the round ends that chamber asks for a punch",
    "Charm cards": "each player starts with three; every mistake costs the top one, and "
    "losing the third ends the game; charms left score 2, 1 and 1 jewels",
    "Treasure cards": "urns, arks and chests worth 1 to 3 jewels, drawn secretly from three "
    "face-down decks; a mistake on the way out loses the one carried",
    "Treasure set": "an urn, an ark and a chest together score 1 point more at the end",
    "Way out": "from the vault back to the entrance, the moves in reverse order, without "
    "looking at the cards",
}

#: Chamber cards whose move the narration can name (every type; scorpions with a count).
_KNOWN = frozenset([*TYPE_TOKEN, *(f"SCORPIONS_{k}" for k in range(1, MAX_SCORPIONS + 1))])

_NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six"}
_TIMES = {1: "once", 2: "twice"}

#: Each move as the reader's verb and another seat's verb (``You duck``, ``Ann ducks``).
_MOVE_VERBS: dict[str, tuple[str, str]] = {
    "PUNCH": ("punch the air", "punches the air"),
    "DUCK": ("duck low", "ducks low"),
    "JUMP": ("jump forward", "jumps forward"),
    "CRAB_2": ("take two crab steps sideways", "takes two crab steps sideways"),
    "STEP_2": ("take two steps forward", "takes two steps forward"),
    "ROPE_2": ("pull along a rope overhead, two hands", "pulls along a rope overhead, two hands"),
    "SWIM": ("swim one stroke", "swims one stroke"),
    "COVER_NOSE": ("cover your nose", "covers their nose"),
    "CRAWL": ("crawl forward", "crawls forward"),
    "BALANCE": ("walk heel to toe, arms out", "walks heel to toe, arms out"),
}

#: Each move as a short instruction (choices, the table and flashes): ``jump forward``.
_MOVE_PHRASE: dict[str, str] = {
    "PUNCH": "punch the air",
    "DUCK": "duck low",
    "JUMP": "jump forward",
    "CRAB_2": "two crab steps sideways",
    "STEP_2": "two steps forward",
    "ROPE_2": "two pulls along a rope overhead",
    "SWIM": "one swimming stroke",
    "COVER_NOSE": "cover your nose",
    "CRAWL": "crawl forward",
    "BALANCE": "heel-to-toe steps, arms out",
}


def times(k: int) -> str:
    """``once``, ``twice``, ``three times``."""
    return _TIMES.get(k, f"{_NUMBER.get(k, str(k))} times")


def _stomps(token: str) -> int:
    return int(token[7:]) if token.startswith("STOMP_x") else 0


def move_typed(token: str) -> str:
    """What a person types for ``token``: ``crab 2``, ``stomp 3``."""
    return MOVE_TYPED.get(token, token.lower().replace("_", " "))


def move_phrase(token: str | None) -> str:
    """The move as a short instruction: ``two crab steps sideways``, ``stomp twice``."""
    if not token:
        return "no move in time"
    k = _stomps(token)
    if k:
        return f"stomp {times(k)}"
    return _MOVE_PHRASE.get(token, token.lower().replace("_", " "))


def move_sentence(voice: Voice, seat: Any, token: str) -> str:
    """``You jump forward.`` / ``Ann stomps twice.``"""
    k = _stomps(token)
    if k:
        return f"{voice.subject(seat, 'stomp', 'stomps')} {times(k)}."
    you, other = _MOVE_VERBS.get(token, (move_phrase(token), move_phrase(token)))
    return f"{voice.name(seat)} {you if voice.you(seat) else other}."


def chamber_name(card: str) -> str:
    """A chamber card in words: ``the lava``, ``two scorpions``."""
    k = scorpions(card)
    if k:
        return f"{_NUMBER.get(k, str(k))} scorpion{'s' if k != 1 else ''}"
    return CHAMBER_NAME.get(card_type(card), card.lower())


def chamber_term(kind: str) -> str:
    """A chamber type as a glossary term: ``Lava``, ``Swinging blades``."""
    name = CHAMBER_NAME[kind]
    return capitalize(name.removeprefix("the "))


def treasure_words(card: str) -> str:
    """``URN:3`` as ``an urn worth 3 jewels``."""
    kind, _, jewels = str(card).partition(":")
    noun = kind.lower()
    art = "an" if noun[:1] in "aeiou" else "a"
    try:
        j = int(jewels)
    except ValueError:
        return f"{art} {noun}"
    return f"{art} {noun} worth {plural(j, 'jewel')}"


def _subject2(
    voice: Voice, seat: Any, verb1: tuple[str, str], verb2: tuple[str, str]
) -> tuple[str, str]:
    """(``You lay``, ``go``) / (``Ann lays``, ``goes``): two verbs agreeing with one subject."""
    k = 0 if voice.you(seat) else 1
    return f"{voice.name(seat)} {verb1[k]}", verb2[k]


def _mid(voice: Voice, seat: Any, you_verb: str, verb: str) -> str:
    """A subject and its verb inside a sentence: ``you take`` / ``Ann takes``."""
    return f"{voice.object(seat)} {you_verb if voice.you(seat) else verb}"


def _where(event: Mapping[str, JSON]) -> str:
    """``1 of 4 on the way in``: how far along the current way a judged chamber is."""
    i = int(event.get("i", 0))
    n = int(event.get("n", 0) or 0)
    way = "way out" if event.get("phase") == "out" else "way in"
    return f"{i + 1} of {n} on the {way}" if n else f"on the {way}"


def _chamber_no(event: Mapping[str, JSON]) -> str:
    slot = event.get("slot")
    return f"chamber {int(slot) + 1}" if isinstance(slot, int) else "the next chamber"


def _seat(event: Mapping[str, JSON]) -> int | None:
    seat = event.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0 else None


class AbuSimbelNarrator(Narrator):
    """Abu Simbel's events in words, honest for a memory game (see the module doc)."""

    silent = frozenset({"chance"})
    #: Seen only for a moment: the route as it is laid, the new chamber, where a mummy card
    #: lies, what a failed chamber asked for (and the move made).
    momentary = {
        "round_started": ("route",),
        "chamber_added": ("card",),
        "cover_placed": ("slot",),
        "mistake": ("expected", "entered", "card", "covered"),
        "action/move": ("action.token", "text"),
    }

    # -- decisions ---------------------------------------------------------------------
    def on_action(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """A decision. Moves, verdicts, deck choices, covers and the turned-away
        confirmation are told by the events they cause (and moves only for the moment)."""
        action = event.get("action")
        kind = action.get("kind") if isinstance(action, Mapping) else None
        seat = _seat(event)
        if kind in ("move", "verdict", "deck", "turned_away", "cover", "timeout"):
            return None
        if kind == "no_cover":
            return f"{voice.subject(seat, 'keep', 'keeps')} the mummy card back this time."
        return super().on_action(event, voice)

    def flash_action(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """The move just made, seen while it is made: ``Ann jumps forward.``"""
        action = event.get("action")
        if isinstance(action, Mapping) and action.get("kind") == "move":
            return move_sentence(voice, _seat(event), str(action.get("token", "")))
        return None

    def on_chance(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """Raw draws are never told: the route, the added chamber and the treasure are
        told by the events that show them."""
        return None

    # -- rounds and turns --------------------------------------------------------------
    def on_round_started(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        starter = _seat({"seat": event.get("starter")})
        route = event.get("route") or []
        head = _mid(voice, starter, "lay", "lays")
        tail = "go" if voice.you(starter) else "goes"
        return (
            f"Round {event.get('round')} begins: {head} a new route of "
            f"{plural(len(route), 'chamber')} out from the vault and {tail} first."
        )

    def flash_round_started(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        route = [str(c) for c in event.get("route") or []]
        if not route:
            return None
        cards = ", ".join(f"{i}: {chamber_name(c)}" for i, c in enumerate(route, 1))
        return f"The new route, from the vault outwards: {cards}."

    def on_turn_started(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        n = int(event.get("n", 0))
        out = "then out again in the same order" if event.get("forward") else "then back out"
        extra = "; every move passes (free judging)" if event.get("free") else ""
        whose = capitalize(voice.possessive(seat))
        return f"{whose} turn: in through {plural(n, 'chamber')}, {out} from memory{extra}."

    def on_move_ok(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        where = f"{_chamber_no(event)} ({_where(event)})"
        referee = event.get("referee")
        if isinstance(referee, int):
            ok = f"{voice.subject(referee, 'pass', 'passes')} {voice.possessive(seat)} move in"
            line = f"{ok} {where}"
        elif event.get("checkers"):
            line = f"The checking players pass {voice.possessive(seat)} move in {where}"
        else:
            line = f"{voice.subject(seat, 'get', 'gets')} past {where}"
        i, n = int(event.get("i", 0)), int(event.get("n", 0) or 0)
        if n and i == n - 1:
            last = "the vault is reached" if event.get("phase") == "in" else "out of the temple"
            line += f": {last}"
        return line + "."

    def on_mistake(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        where = f"{_chamber_no(event)} ({_where(event)})"
        referee = event.get("referee")
        if isinstance(referee, int):
            fail = voice.subject(referee, "fail", "fails")
            return f"{fail} {voice.possessive(seat)} move in {where}."
        if event.get("checkers"):
            return f"The checking players fail {voice.possessive(seat)} move in {where}."
        if event.get("timeout"):
            return f"{voice.subject(seat, 'run', 'runs')} out of time in {where}: a mistake."
        return f"{voice.subject(seat, 'make', 'makes')} the wrong move in {where}."

    def flash_mistake(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """What the chamber asked for, shown as the round's route is gathered up."""
        expected = str(event.get("expected") or "")
        card = event.get("card")
        if event.get("covered"):
            what = "under a mummy card"
        elif isinstance(card, str):
            what = chamber_name(card)
        else:
            try:
                what = CHAMBER_NAME[token_type(expected)]
            except KeyError:
                what = "that chamber"
        line = f"{capitalize(_chamber_no(event))} was {what}: {move_phrase(expected)}"
        entered = event.get("entered")
        if isinstance(entered, str) and entered:
            line += f" (the move made: {move_phrase(entered)})"
        return line + "."

    def on_round_ended(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        return f"Round {event.get('round')} is over: its route goes to the discard pile."

    # -- the treasure --------------------------------------------------------------------
    def on_treasure_taken(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        deck = int(event.get("deck", 0)) + 1
        left = event.get("left")
        rest = f" ({plural(int(left), 'card')} left there)" if isinstance(left, int) else ""
        take, turn = _subject2(voice, seat, ("take", "takes"), ("turn", "turns"))
        what = f"the top card of treasure deck {deck}"
        if event.get("auto"):
            take = f"Only treasure deck {deck} still has cards, so " + _mid(
                voice, seat, "take", "takes"
            )
            what = "its top card"
        return f"{take} {what}{rest} and {turn} back for the way out."

    def on_treasure_drawn(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        card = treasure_words(str(event.get("card", "")))
        if voice.you(seat):
            return f"You look at it secretly: {card}."
        return f"{voice.name(seat)} secretly draws {card}."

    def on_treasure_kept(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        count = int(event.get("count", 0))
        line = (
            f"{voice.subject(seat, 'get', 'gets')} out with the treasure: "
            f"{plural(count, 'treasure card')} kept face down"
        )
        if isinstance(event.get("team"), int):
            line += f"; the team has {event['team']} of the {event.get('target')} it needs"
        return line + "."

    def on_treasure_discarded(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        card = treasure_words(str(event.get("card", "")))
        return (
            f"{voice.subject(seat, 'lose', 'loses')} the treasure carried: {card}, "
            "now face up and out of the game."
        )

    # -- charms and mummies ----------------------------------------------------------------
    def on_charm_lost(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        left = int(event.get("remaining", 0))
        if event.get("team"):
            rest = f"{left} left" if left else "none left"
            return f"The team loses a charm card: {rest}."
        seat = _seat(event)
        rest = f"{left} left" if left else "that was the last one"
        return f"{voice.subject(seat, 'lose', 'loses')} a charm card: {rest}."

    def on_mummy_gained(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        if event.get("ultimate"):
            worth = "to lay on a chamber before a later turn"
        else:
            worth = f"worth {plural(int(event.get('points', 1)), 'point')} at the end"
        return f"{voice.subject(seat, 'earn', 'earns')} a mummy card ({worth})."

    def on_cover_placed(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        return f"{voice.subject(seat, 'lay', 'lays')} a mummy card over one of the chambers."

    def flash_cover_placed(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        slot = int(event.get("slot", 0)) + 1
        return (
            f"{capitalize(voice.possessive(seat))} mummy card lies on chamber {slot}: "
            "until the round ends, its move is a punch."
        )

    # -- chambers and decks ------------------------------------------------------------------
    def on_chamber_added(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        n = int(event.get("slot", 0)) + 1
        return f"A new chamber is laid at the far end: the route now has {plural(n, 'chamber')}."

    def flash_chamber_added(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        card = str(event.get("card", ""))
        slot = int(event.get("slot", 0)) + 1
        move = move_phrase(card_token(card)) if card in _KNOWN else ""
        return f"The new chamber {slot} is {chamber_name(card)}" + (f": {move}." if move else ".")

    def on_reshuffle(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        k = int(event.get("cards", 0))
        return (
            f"The chamber deck is empty: the {plural(k, 'discarded chamber')} "
            "are shuffled into a new deck."
        )

    # -- modes -------------------------------------------------------------------------------
    def on_turned_away(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        referee = event.get("referee")
        line = f"{voice.subject(seat, 'turn', 'turns')} away from the table for the way out"
        if isinstance(referee, int):
            line += f"; {_mid(voice, referee, 'see', 'sees')} the route to judge it"
        elif event.get("checkers"):
            line += "; the checking players see the route to judge it"
        return line + "."

    def on_timeout_ignored(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        return (
            f"{capitalize(voice.possessive(seat))} time for the move ran out, but with free "
            "judging nothing is lost."
        )

    # -- the end -----------------------------------------------------------------------------
    def on_game_over(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        reason = event.get("reason")
        seat = _seat(event)
        if reason == "team_target":
            k = int(event.get("team_treasures") or 0)
            verb = "is" if k == 1 else "are"
            return f"The team wins: {plural(k, 'treasure card')} {verb} out of the temple."
        if reason == "team_charms":
            return "The team has lost its last charm card: the temple keeps its treasures."
        if reason == "charms":
            why = f"{_mid(voice, seat, 'have', 'has')} lost the last charm card"
        elif reason == "treasures":
            why = "the treasure decks are empty"
        else:
            why = "the game has ended"
        parts = [f"Game over: {why}."]
        scores = event.get("scores")
        if isinstance(scores, list) and scores:
            totals = ", ".join(
                f"{voice.name(s)} {int(sc.get('total', 0))}" for s, sc in enumerate(scores)
            )
            parts.append(f"Scores: {totals}.")
        winners = [w for w in event.get("winners") or [] if isinstance(w, int)]
        if len(winners) == 1:
            parts.append(f"{voice.subject(winners[0], 'win', 'wins')}.")
        elif winners:
            parts.append(f"{voice.names_of(winners)} share the win.")
        return " ".join(parts)

    # -- terms -------------------------------------------------------------------------------
    def explanations(self, event: Mapping[str, JSON]) -> list[tuple[str, str]]:
        """The chamber types an event brings to the table, and the mummy and charm terms
        the first time they matter."""
        kind = event.get("kind")
        cards: Sequence[Any] = ()
        if kind == "round_started":
            cards = event.get("route") or []
        elif kind == "chamber_added":
            cards = [event.get("card")]
        elif kind == "mummy_gained":
            return [("Mummy card", TERMS["Mummy card"])]
        elif kind == "cover_placed":
            return [("Mummy cover", TERMS["Mummy cover"])]
        elif kind == "charm_lost" and not event.get("team"):
            return [("Charm cards", TERMS["Charm cards"])]
        elif kind == "treasure_taken":
            return [(t, TERMS[t]) for t in ("Treasure cards", "Way out")]
        elif kind == "treasure_kept" and not isinstance(event.get("team"), int):
            return [("Treasure set", TERMS["Treasure set"])]
        out: list[tuple[str, str]] = []
        for card in cards:
            if not isinstance(card, str):
                continue
            t = card_type(card)
            if t in CHAMBER_NAME and all(term != chamber_term(t) for term, _ in out):
                out.append((chamber_term(t), CHAMBER_EXPLANATION[t]))
        return out

    def glossary(self) -> dict[str, str]:
        """Every chamber type and the game's other terms."""
        out = {chamber_term(t): CHAMBER_EXPLANATION[t] for t in TYPES}
        out.update(TERMS)
        return out


NARRATOR = AbuSimbelNarrator()

__all__ = [
    "CHAMBER_NAME",
    "MOVE_TYPED",
    "NARRATOR",
    "AbuSimbelNarrator",
    "chamber_name",
    "move_phrase",
    "move_sentence",
    "move_typed",
    "treasure_words",
]
