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

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from obelisk.core import Narrator, Voice
from obelisk.core.i18n import N_, Words
from obelisk.core.narration import capitalize, join_words

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
from .typed import move_typed

JSON = Any

W = Words(__package__)
_, ngettext = W.gettext, W.ngettext

#: Each chamber type's name in our words (a scorpion card's name is its count); the
#: English text is the key of its translation (``chamber_name``).
CHAMBER_NAME: dict[str, str] = {
    "MUMMY": N_("the wrapped mummy"),
    "BLADES": N_("the swinging blades"),
    "LAVA": N_("the lava"),
    "CRACK": N_("the narrow crack"),
    "EMPTY": N_("the empty chamber"),
    "PIT": N_("the pit"),
    "SCORPIONS": N_("the scorpions"),
    "DIVE": N_("the deep water"),
    "GAS": N_("the poison gas"),
    "CRAWL": N_("the low tunnel"),
    "HISSING": N_("the hissing snakes"),
}

#: Each chamber type as a glossary term (its name without the article).
CHAMBER_TERM: dict[str, str] = {
    "MUMMY": N_("Wrapped mummy"),
    "BLADES": N_("Swinging blades"),
    "LAVA": N_("Lava"),
    "CRACK": N_("Narrow crack"),
    "EMPTY": N_("Empty chamber"),
    "PIT": N_("Pit"),
    "SCORPIONS": N_("Scorpions"),
    "DIVE": N_("Deep water"),
    "GAS": N_("Poison gas"),
    "CRAWL": N_("Low tunnel"),
    "HISSING": N_("Hissing snakes"),
}

#: What each chamber asks for, in our own words (glossary and explanations).
CHAMBER_EXPLANATION: dict[str, str] = {
    "MUMMY": N_(
        "a mummy bars the way: punch the air. Get out with a mummy on your route and "
        "you earn a mummy card (once a game)"
    ),
    "BLADES": N_("blades swing through the room: duck under them"),
    "LAVA": N_("glowing lava on the floor: jump forward over it"),
    "CRACK": N_("a gap too tight to walk through: two steps sideways, like a crab"),
    "EMPTY": N_("nothing happens here: walk two steps forward"),
    "PIT": N_("a pit with no bridge: two steps hand over hand along a rope overhead"),
    "SCORPIONS": N_("scorpions on the floor: stomp once for each scorpion on the card"),
    "DIVE": N_("the way is flooded: one swimming stroke with your arms"),
    "GAS": N_("poisonous fumes: cover your nose with one hand"),
    "CRAWL": N_("the ceiling is low: crawl a few steps forward"),
    "HISSING": N_(
        "something hisses on the floor: a few heel-to-toe steps with arms out for balance"
    ),
}

#: Other terms the game explains (glossary; some also the first time they appear).
TERMS: dict[str, str] = {
    N_("Mummy card"): N_(
        "earned once a game by getting out after passing a mummy; worth 1 point "
        "at the end (in the Ultimate Adventure it scores nothing and is laid on a chamber "
        "instead)"
    ),
    N_("Mummy cover"): N_(
        "in the Ultimate Adventure, before a turn, a player with an unused mummy "
        "card may lay it on a chamber: until the round ends that chamber asks for a punch"
    ),
    N_("Charm cards"): N_(
        "each player starts with three; every mistake costs the top one, and "
        "losing the third ends the game; charms left score 2, 1 and 1 jewels"
    ),
    N_("Treasure cards"): N_(
        "urns, arks and chests worth 1 to 3 jewels, drawn secretly from three "
        "face-down decks; a mistake on the way out loses the one carried"
    ),
    N_("Treasure set"): N_("an urn, an ark and a chest together score 1 point more at the end"),
    N_("Way out"): N_(
        "from the vault back to the entrance, the moves in reverse order, without "
        "looking at the cards"
    ),
}

#: Chamber cards whose move the narration can name (every type; scorpions with a count).
_KNOWN = frozenset([*TYPE_TOKEN, *(f"SCORPIONS_{k}" for k in range(1, MAX_SCORPIONS + 1))])

#: How often, in words: ``once``, ``twice``, ``three times`` …
_TIMES: dict[int, str] = {
    1: N_("once"),
    2: N_("twice"),
    3: N_("three times"),
    4: N_("four times"),
    5: N_("five times"),
    6: N_("six times"),
}

#: A scorpion card's name by its count.
_SCORPIONS: dict[int, str] = {
    1: N_("one scorpion"),
    2: N_("two scorpions"),
    3: N_("three scorpions"),
    4: N_("four scorpions"),
    5: N_("five scorpions"),
    6: N_("six scorpions"),
}

#: Each move as a sentence, the reader's and another seat's (``You duck``, ``Ann ducks``).
_MOVE_VERBS: dict[str, tuple[str, str]] = {
    "PUNCH": (N_("You punch the air."), N_("{name} punches the air.")),
    "DUCK": (N_("You duck low."), N_("{name} ducks low.")),
    "JUMP": (N_("You jump forward."), N_("{name} jumps forward.")),
    "CRAB_2": (
        N_("You take two crab steps sideways."),
        N_("{name} takes two crab steps sideways."),
    ),
    "STEP_2": (N_("You take two steps forward."), N_("{name} takes two steps forward.")),
    "ROPE_2": (
        N_("You pull along a rope overhead, two hands."),
        N_("{name} pulls along a rope overhead, two hands."),
    ),
    "SWIM": (N_("You swim one stroke."), N_("{name} swims one stroke.")),
    "COVER_NOSE": (N_("You cover your nose."), N_("{name} covers their nose.")),
    "CRAWL": (N_("You crawl forward."), N_("{name} crawls forward.")),
    "BALANCE": (
        N_("You walk heel to toe, arms out."),
        N_("{name} walks heel to toe, arms out."),
    ),
}

#: Each move as a short instruction (choices, the table and flashes): ``jump forward``.
_MOVE_PHRASE: dict[str, str] = {
    "PUNCH": N_("punch the air"),
    "DUCK": N_("duck low"),
    "JUMP": N_("jump forward"),
    "CRAB_2": N_("two crab steps sideways"),
    "STEP_2": N_("two steps forward"),
    "ROPE_2": N_("two pulls along a rope overhead"),
    "SWIM": N_("one swimming stroke"),
    "COVER_NOSE": N_("cover your nose"),
    "CRAWL": N_("crawl forward"),
    "BALANCE": N_("heel-to-toe steps, arms out"),
}

#: A treasure card in words, with its jewels (``an urn worth 3 jewels``).
_TREASURE: dict[str, Callable[[int], str]] = {
    "URN": lambda n: ngettext("an urn worth {n} jewel", "an urn worth {n} jewels", n),
    "ARK": lambda n: ngettext("an ark worth {n} jewel", "an ark worth {n} jewels", n),
    "CHEST": lambda n: ngettext("a chest worth {n} jewel", "a chest worth {n} jewels", n),
}

#: A treasure card without its jewels (``an urn``).
_TREASURE_BARE: dict[str, str] = {"URN": N_("an urn"), "ARK": N_("an ark"), "CHEST": N_("a chest")}


def times(k: int) -> str:
    """``once``, ``twice``, ``three times`` (``einmal``, ``zweimal`` …)."""
    if k in _TIMES:
        return _(_TIMES[k])
    return ngettext("{n} time", "{n} times", k).format(n=k)


def _stomps(token: str) -> int:
    return int(token[7:]) if token.startswith("STOMP_x") else 0


def move_phrase(token: str | None) -> str:
    """The move as a short instruction: ``two crab steps sideways``, ``stomp twice``."""
    if not token:
        return _("no move in time")
    k = _stomps(token)
    if k:
        return _("stomp {times}").format(times=times(k))
    if token in _MOVE_PHRASE:
        return _(_MOVE_PHRASE[token])
    return token.lower().replace("_", " ")


def _name(voice: Voice, seat: Any) -> str:
    """Another seat's name (the reader's own seat is written into whole sentences)."""
    return voice.name(seat)


def _fields(voice: Voice, seat: Any, prefix: str = "") -> dict[str, str]:
    """A seat's name and its English possessive (``Ann's``), as sentence fields."""
    return {f"{prefix}name": _name(voice, seat), f"{prefix}owner": voice.possessive(seat)}


def move_sentence(voice: Voice, seat: Any, token: str) -> str:
    """``You jump forward.`` / ``Ann stomps twice.``"""
    name = _name(voice, seat)
    k = _stomps(token)
    if k:
        if voice.you(seat):
            return _("You stomp {times}.").format(times=times(k))
        return _("{name} stomps {times}.").format(name=name, times=times(k))
    if token in _MOVE_VERBS:
        you, other = _MOVE_VERBS[token]
        return _(you) if voice.you(seat) else _(other).format(name=name)
    return f"{name} {move_phrase(token)}."


def chamber_name(card: str) -> str:
    """A chamber card in words: ``the lava``, ``two scorpions``."""
    k = scorpions(card)
    if k:
        if k in _SCORPIONS:
            return _(_SCORPIONS[k])
        return ngettext("{n} scorpion", "{n} scorpions", k).format(n=k)
    kind = card_type(card)
    return _(CHAMBER_NAME[kind]) if kind in CHAMBER_NAME else card.lower()


def chamber_term(kind: str) -> str:
    """A chamber type as a glossary term: ``Lava``, ``Swinging blades``."""
    return _(CHAMBER_TERM[kind])


def treasure_words(card: str) -> str:
    """``URN:3`` as ``an urn worth 3 jewels``."""
    kind, _sep, jewels = str(card).partition(":")
    try:
        j = int(jewels)
    except ValueError:
        j = None
    if kind in _TREASURE:
        return _(_TREASURE_BARE[kind]) if j is None else _TREASURE[kind](j).format(n=j)
    noun = kind.lower()
    art = "an" if noun[:1] in "aeiou" else "a"
    if j is None:
        return f"{art} {noun}"
    return f"{art} {noun} worth {j} jewel{'s' if j != 1 else ''}"


#: A treasure card named without an article (``urn worth 3 jewels``).
_TREASURE_LABEL: dict[str, Callable[[int], str]] = {
    "URN": lambda n: ngettext("urn worth {n} jewel", "urn worth {n} jewels", n),
    "ARK": lambda n: ngettext("ark worth {n} jewel", "ark worth {n} jewels", n),
    "CHEST": lambda n: ngettext("chest worth {n} jewel", "chest worth {n} jewels", n),
}


def treasure_label(card: str) -> str:
    """``URN:3`` as ``urn worth 3 jewels`` (no article: ``no urn worth 3 jewels is left``)."""
    kind, _sep, jewels = str(card).partition(":")
    if kind in _TREASURE_LABEL and jewels.isdigit():
        return _TREASURE_LABEL[kind](int(jewels)).format(n=int(jewels))
    return treasure_words(card).removeprefix("a ").removeprefix("an ")


def _where(event: Mapping[str, JSON]) -> str:
    """``chamber 3 (1 of 4 on the way in)``: the chamber judged, and how far along the
    current way it is."""
    slot = event.get("slot")
    i = int(event.get("i", 0))
    n = int(event.get("n", 0) or 0)
    out = event.get("phase") == "out"
    if isinstance(slot, int):
        if n:
            if out:
                text = _("chamber {slot} ({i} of {n} on the way out)")
            else:
                text = _("chamber {slot} ({i} of {n} on the way in)")
        else:
            text = (
                _("chamber {slot} (on the way out)") if out else _("chamber {slot} (on the way in)")
            )
        return text.format(slot=int(slot) + 1, i=i + 1, n=n)
    if n:
        if out:
            text = _("the next chamber ({i} of {n} on the way out)")
        else:
            text = _("the next chamber ({i} of {n} on the way in)")
    else:
        text = (
            _("the next chamber (on the way out)") if out else _("the next chamber (on the way in)")
        )
    return text.format(i=i + 1, n=n)


def _chamber_no(event: Mapping[str, JSON]) -> str:
    """``Chamber 3`` at the start of a sentence."""
    slot = event.get("slot")
    if isinstance(slot, int):
        return _("Chamber {slot}").format(slot=int(slot) + 1)
    return _("The next chamber")


def _seat(event: Mapping[str, JSON]) -> int | None:
    seat = event.get("seat")
    return seat if isinstance(seat, int) and not isinstance(seat, bool) and seat >= 0 else None


def _judged(
    event: Mapping[str, JSON], voice: Voice, seat: int | None, forms: tuple[str, ...]
) -> str | None:
    """A move judged by people, in the form for who judged whose move: ``forms`` are (you
    judge your own, you judge another's, another judges yours, another judges another's,
    the checking players judge yours, they judge another's); None when the engine judged."""
    referee = event.get("referee")
    fields = {"where": _where(event), **_fields(voice, seat)}
    if isinstance(referee, int):
        fields.update(_fields(voice, referee, "referee_"))
        k = (0 if voice.you(seat) else 1) if voice.you(referee) else (2 if voice.you(seat) else 3)
    elif event.get("checkers"):
        k = 4 if voice.you(seat) else 5
    else:
        return None
    return forms[k].format(**fields)


def _names_of(voice: Voice, seats: Sequence[int]) -> str:
    """Several seats in words: ``You and Bot 2``, ``Ann, Bob and you``."""
    words = []
    for i, s in enumerate(seats):
        if voice.you(s):
            words.append(_("You") if i == 0 else _("you"))
        else:
            words.append(_name(voice, s))
    return join_words(words)


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
            if voice.you(seat):
                return _("You keep the mummy card back this time.")
            return _("{name} keeps the mummy card back this time.").format(name=_name(voice, seat))
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
        n = len(event.get("route") or [])
        fields = {"round": event.get("round"), "n": n, "name": voice.object(starter)}
        if voice.you(starter):
            text = ngettext(
                "Round {round} begins: you lay a new route of {n} chamber out from the vault "
                "and go first.",
                "Round {round} begins: you lay a new route of {n} chambers out from the vault "
                "and go first.",
                n,
            )
        else:
            text = ngettext(
                "Round {round} begins: {name} lays a new route of {n} chamber out from the "
                "vault and goes first.",
                "Round {round} begins: {name} lays a new route of {n} chambers out from the "
                "vault and goes first.",
                n,
            )
        return text.format(**fields)

    def flash_round_started(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        route = [str(c) for c in event.get("route") or []]
        if not route:
            return None
        cards = ", ".join(f"{i}: {chamber_name(c)}" for i, c in enumerate(route, 1))
        return _("The new route, from the vault outwards: {cards}.").format(cards=cards)

    def on_turn_started(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        n = int(event.get("n", 0))
        if event.get("forward"):
            out = _("then out again in the same order from memory")
        else:
            out = _("then back out from memory")
        extra = _("; every move passes (free judging)") if event.get("free") else ""
        if voice.you(seat):
            text = ngettext(
                "Your turn: in through {n} chamber, {out}{extra}.",
                "Your turn: in through {n} chambers, {out}{extra}.",
                n,
            )
        else:
            text = ngettext(
                "{owner} turn: in through {n} chamber, {out}{extra}.",
                "{owner} turn: in through {n} chambers, {out}{extra}.",
                n,
            )
        return text.format(
            n=n,
            out=out,
            extra=extra,
            name=_name(voice, seat),
            owner=capitalize(voice.possessive(seat)),
        )

    def on_move_ok(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        judged = (
            _("You pass your move in {where}"),
            _("You pass {owner} move in {where}"),
            _("{referee_name} passes your move in {where}"),
            _("{referee_name} passes {owner} move in {where}"),
            _("The checking players pass your move in {where}"),
            _("The checking players pass {owner} move in {where}"),
        )
        line = _judged(event, voice, seat, judged)
        if line is None:
            line = _("You get past {where}") if voice.you(seat) else _("{name} gets past {where}")
            line = line.format(where=_where(event), name=_name(voice, seat))
        i, n = int(event.get("i", 0)), int(event.get("n", 0) or 0)
        if n and i == n - 1:
            if event.get("phase") == "in":
                line += _(": the vault is reached")
            else:
                line += _(": out of the temple")
        return line + "."

    def on_mistake(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        judged = (
            _("You fail your move in {where}."),
            _("You fail {owner} move in {where}."),
            _("{referee_name} fails your move in {where}."),
            _("{referee_name} fails {owner} move in {where}."),
            _("The checking players fail your move in {where}."),
            _("The checking players fail {owner} move in {where}."),
        )
        line = _judged(event, voice, seat, judged)
        if line is not None:
            return line
        you = voice.you(seat)
        if event.get("timeout"):
            if you:
                line = _("You run out of time in {where}: a mistake.")
            else:
                line = _("{name} runs out of time in {where}: a mistake.")
        elif you:
            line = _("You make the wrong move in {where}.")
        else:
            line = _("{name} makes the wrong move in {where}.")
        return line.format(where=_where(event), name=_name(voice, seat))

    def flash_mistake(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        """What the chamber asked for, shown as the round's route is gathered up."""
        expected = str(event.get("expected") or "")
        card = event.get("card")
        if event.get("covered"):
            what = _("under a mummy card")
        elif isinstance(card, str):
            what = chamber_name(card)
        else:
            try:
                what = _(CHAMBER_NAME[token_type(expected)])
            except KeyError:
                what = _("that chamber")
        fields = {"chamber": _chamber_no(event), "what": what, "move": move_phrase(expected)}
        line = _("{chamber} was {what}: {move}").format(**fields)
        entered = event.get("entered")
        if isinstance(entered, str) and entered:
            line += _(" (the move made: {move})").format(move=move_phrase(entered))
        return line + "."

    def on_round_ended(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        return _("Round {round} is over: its route goes to the discard pile.").format(
            round=event.get("round")
        )

    # -- the treasure --------------------------------------------------------------------
    def on_treasure_taken(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        deck = int(event.get("deck", 0)) + 1
        left = event.get("left")
        rest = ""
        if isinstance(left, int):
            rest = ngettext(" ({n} card left there)", " ({n} cards left there)", left).format(
                n=left
            )
        you = voice.you(seat)
        if event.get("auto"):
            if you:
                text = _(
                    "Only treasure deck {deck} still has cards, so you take its top card{rest} "
                    "and turn back for the way out."
                )
            else:
                text = _(
                    "Only treasure deck {deck} still has cards, so {name} takes its top "
                    "card{rest} and turns back for the way out."
                )
        elif you:
            text = _(
                "You take the top card of treasure deck {deck}{rest} and turn back for the way out."
            )
        else:
            text = _(
                "{name} takes the top card of treasure deck {deck}{rest} and turns back for "
                "the way out."
            )
        return text.format(deck=deck, rest=rest, name=_name(voice, seat))

    def on_treasure_drawn(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        card = treasure_words(str(event.get("card", "")))
        if voice.you(seat):
            return _("You look at it secretly: {card}.").format(card=card)
        return _("{name} secretly draws {card}.").format(name=_name(voice, seat), card=card)

    def on_treasure_kept(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        count = int(event.get("count", 0))
        if voice.you(seat):
            line = ngettext(
                "You get out with the treasure: {n} treasure card kept face down",
                "You get out with the treasure: {n} treasure cards kept face down",
                count,
            )
        else:
            line = ngettext(
                "{name} gets out with the treasure: {n} treasure card kept face down",
                "{name} gets out with the treasure: {n} treasure cards kept face down",
                count,
            )
        line = line.format(n=count, name=_name(voice, seat))
        if isinstance(event.get("team"), int):
            line += _("; the team has {team} of the {target} it needs").format(
                team=event["team"], target=event.get("target")
            )
        return line + "."

    def on_treasure_discarded(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        card = treasure_words(str(event.get("card", "")))
        if voice.you(seat):
            text = _("You lose the treasure carried: {card}, now face up and out of the game.")
        else:
            text = _("{name} loses the treasure carried: {card}, now face up and out of the game.")
        return text.format(card=card, name=_name(voice, seat))

    # -- charms and mummies ----------------------------------------------------------------
    def on_charm_lost(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        left = int(event.get("remaining", 0))
        if event.get("team"):
            if left:
                return _("The team loses a charm card: {left} left.").format(left=left)
            return _("The team loses a charm card: none left.")
        seat = _seat(event)
        fields = {"left": left, "name": _name(voice, seat)}
        if voice.you(seat):
            text = (
                _("You lose a charm card: {left} left.")
                if left
                else _("You lose a charm card: that was the last one.")
            )
        else:
            text = (
                _("{name} loses a charm card: {left} left.")
                if left
                else _("{name} loses a charm card: that was the last one.")
            )
        return text.format(**fields)

    def on_mummy_gained(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        if event.get("ultimate"):
            worth = _("to lay on a chamber before a later turn")
        else:
            points = int(event.get("points", 1))
            worth = ngettext(
                "worth {n} point at the end", "worth {n} points at the end", points
            ).format(n=points)
        if voice.you(seat):
            return _("You earn a mummy card ({worth}).").format(worth=worth)
        return _("{name} earns a mummy card ({worth}).").format(
            worth=worth, name=_name(voice, seat)
        )

    def on_cover_placed(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        if voice.you(seat):
            return _("You lay a mummy card over one of the chambers.")
        return _("{name} lays a mummy card over one of the chambers.").format(
            name=_name(voice, seat)
        )

    def flash_cover_placed(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        slot = int(event.get("slot", 0)) + 1
        if voice.you(seat):
            text = _(
                "Your mummy card lies on chamber {slot}: until the round ends, its move is a punch."
            )
        else:
            text = _(
                "{owner} mummy card lies on chamber {slot}: until the round ends, its move is "
                "a punch."
            )
        return text.format(
            slot=slot, name=_name(voice, seat), owner=capitalize(voice.possessive(seat))
        )

    # -- chambers and decks ------------------------------------------------------------------
    def on_chamber_added(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        n = int(event.get("slot", 0)) + 1
        return ngettext(
            "A new chamber is laid at the far end: the route now has {n} chamber.",
            "A new chamber is laid at the far end: the route now has {n} chambers.",
            n,
        ).format(n=n)

    def flash_chamber_added(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        card = str(event.get("card", ""))
        fields = {"slot": int(event.get("slot", 0)) + 1, "name": chamber_name(card)}
        if card in _KNOWN:
            move = move_phrase(card_token(card))
            return _("The new chamber {slot} is {name}: {move}.").format(move=move, **fields)
        return _("The new chamber {slot} is {name}.").format(**fields)

    def on_reshuffle(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        k = int(event.get("cards", 0))
        return ngettext(
            "The chamber deck is empty: the {n} discarded chamber are shuffled into a new deck.",
            "The chamber deck is empty: the {n} discarded chambers are shuffled into a new deck.",
            k,
        ).format(n=k)

    # -- modes -------------------------------------------------------------------------------
    def on_turned_away(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        referee = event.get("referee")
        if voice.you(seat):
            line = _("You turn away from the table for the way out")
        else:
            line = _("{name} turns away from the table for the way out").format(
                name=_name(voice, seat)
            )
        if isinstance(referee, int):
            if voice.you(referee):
                line += _("; you see the route to judge it")
            else:
                line += _("; {name} sees the route to judge it").format(name=_name(voice, referee))
        elif event.get("checkers"):
            line += _("; the checking players see the route to judge it")
        return line + "."

    def on_timeout_ignored(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        seat = _seat(event)
        if voice.you(seat):
            return _("Your time for the move ran out, but with free judging nothing is lost.")
        return _(
            "{owner} time for the move ran out, but with free judging nothing is lost."
        ).format(name=_name(voice, seat), owner=capitalize(voice.possessive(seat)))

    # -- the end -----------------------------------------------------------------------------
    def on_game_over(self, event: Mapping[str, JSON], voice: Voice) -> str | None:
        reason = event.get("reason")
        seat = _seat(event)
        if reason == "team_target":
            k = int(event.get("team_treasures") or 0)
            return ngettext(
                "The team wins: {n} treasure card is out of the temple.",
                "The team wins: {n} treasure cards are out of the temple.",
                k,
            ).format(n=k)
        if reason == "team_charms":
            return _("The team has lost its last charm card: the temple keeps its treasures.")
        if reason == "charms":
            if voice.you(seat):
                first = _("Game over: you have lost the last charm card.")
            else:
                first = _("Game over: {name} has lost the last charm card.").format(
                    name=_name(voice, seat)
                )
        elif reason == "treasures":
            first = _("Game over: the treasure decks are empty.")
        else:
            first = _("Game over: the game has ended.")
        parts = [first]
        scores = event.get("scores")
        if isinstance(scores, list) and scores:
            totals = ", ".join(
                f"{_('You') if voice.you(s) else _name(voice, s)} {int(sc.get('total', 0))}"
                for s, sc in enumerate(scores)
            )
            parts.append(_("Scores: {totals}.").format(totals=totals))
        winners = [w for w in event.get("winners") or [] if isinstance(w, int)]
        if len(winners) == 1:
            if voice.you(winners[0]):
                parts.append(_("You win."))
            else:
                parts.append(_("{name} wins.").format(name=_name(voice, winners[0])))
        elif winners:
            parts.append(_("{names} share the win.").format(names=_names_of(voice, winners)))
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
            return [_term("Mummy card")]
        elif kind == "cover_placed":
            return [_term("Mummy cover")]
        elif kind == "charm_lost" and not event.get("team"):
            return [_term("Charm cards")]
        elif kind == "treasure_taken":
            return [_term(t) for t in ("Treasure cards", "Way out")]
        elif kind == "treasure_kept" and not isinstance(event.get("team"), int):
            return [_term("Treasure set")]
        out: list[tuple[str, str]] = []
        for card in cards:
            if not isinstance(card, str):
                continue
            t = card_type(card)
            if t in CHAMBER_NAME and all(term != chamber_term(t) for term, _x in out):
                out.append((chamber_term(t), _(CHAMBER_EXPLANATION[t])))
        return out

    def glossary(self) -> dict[str, str]:
        """Every chamber type and the game's other terms."""
        out = {chamber_term(t): _(CHAMBER_EXPLANATION[t]) for t in TYPES}
        out.update(_term(t) for t in TERMS)
        return out


def _term(term: str) -> tuple[str, str]:
    """One of :data:`TERMS` and its explanation, in the reader's language."""
    return _(term), _(TERMS[term])


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
    "treasure_label",
    "treasure_words",
]
