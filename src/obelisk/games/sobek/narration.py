"""Sobek's events as sentences for one reader (``obelisk.core.narration``).

The narrator reads only an event's JSON form as the reader got it: a face-down
move (a card given, buried, grabbed, thrown away or passed on) reaches the seats
that see it as a private event with the card, and everybody as a shadow without
it; the shadow names the seats that get the private event (``private_to``), so
each of them reads the move once, with the card.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from obelisk.core import Narrator, Voice
from obelisk.core.i18n import Words
from obelisk.core.narration import join_words

from . import words as W
from .components import CHARACTER_NAMES, DEFAULT_EVENTS, INVENTED_EVENTS, parse_event

JSON = Any
Event = Mapping[str, JSON]

T = Words(__package__)
_, ngettext, pgettext = T.gettext, T.ngettext, T.pgettext


def _seat(event: Event, key: str = "seat") -> int | None:
    value = event.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _say(v: Voice, seat: int | None, you: str, them: str, **fields: object) -> str:
    """``you`` when the reader is ``seat``, else ``them`` with the seat's ``{name}``."""
    return (you if v.you(seat) else them).format(name=v.name(seat), **fields)


def _say2(
    v: Voice,
    seat: int | None,
    other: int | None,
    you_them: str,
    them_you: str,
    them_them: str,
    **fields: object,
) -> str:
    """A sentence about two seats: ``seat`` (``{name}``) acting on ``other`` (``{other}``,
    ``{owner}`` its possessive), with the reader as the one, the other or neither."""
    if v.you(seat):
        text = you_them
    elif v.you(other):
        text = them_you
    else:
        text = them_them
    return text.format(name=v.name(seat), other=v.name(other), owner=v.possessive(other), **fields)


def _names(v: Voice, seats: Sequence[int]) -> str:
    """Several seats: ``You and Bot 2``, ``Ann, Bob and you`` (``du und Bot 2``)."""
    words = []
    for i, p in enumerate(seats):
        if v.you(p):
            words.append(pgettext("seat, first in a list", "You") if i == 0 else _("you"))
        else:
            words.append(v.name(p))
    return join_words(words)


def _per_seat(voice: Voice, values: Sequence[object]) -> str:
    """``Bot 1 24, you 9 and Bot 3 20``: one number per seat."""
    words = []
    for p, v in enumerate(values):
        if voice.you(p):
            name = pgettext("seat, first in a list", "You") if p == 0 else _("you")
        else:
            name = voice.name(p)
        # Translators: a seat's number in a list of scores: "Bot 1 24"
        words.append(pgettext("score of a seat", "{name} {value}").format(name=name, value=v))
    return join_words(words)


def _when(rnd: object) -> str:
    """``round 3``, or ``the next round`` when the event names none."""
    return _("round {round}").format(round=rnd) if isinstance(rnd, int) else _("the next round")


class SobekNarrator(Narrator):
    """One sentence per Sobek event (see the module docstring)."""

    #: "passed" repeats the "pass" action
    silent = frozenset({"passed"})

    # Sobek's kinds hold spaces ("round end"): their methods are on_round_end and so on
    def narrate(self, event: Event, voice: Voice) -> str | None:
        kind = str(event.get("kind", ""))
        if kind in self.silent:
            return None
        handler = getattr(self, f"on_{kind.replace(' ', '_')}", None)
        if handler is None:
            return self.fallback(event, voice)
        out = handler(event, voice)
        return None if out is None else str(out)

    def knows(self, kind: str) -> bool:
        return kind in self.silent or callable(getattr(self, f"on_{kind.replace(' ', '_')}", None))

    # -- the action events ----------------------------------------------------------
    def on_action(self, event: Event, voice: Voice) -> str | None:
        action = event.get("action")
        kind = action.get("kind") if isinstance(action, Mapping) else None
        seat = _seat(event)
        if seat is None or not isinstance(action, Mapping):
            return super().on_action(event, voice)
        handler = getattr(self, f"_act_{kind}", None)
        if handler is None:
            return super().on_action(event, voice)
        out = handler(event, action, seat, voice)
        return None if out is None else str(out)

    def _act_take(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        card = W.card(str(e.get("card", "character")))
        skipped = list(e.get("skipped") or [])
        if not skipped:
            return _say(
                v,
                seat,
                _("You take {card} from the front of the market."),
                _("{name} takes {card} from the front of the market."),
                card=card,
            )
        n = len(skipped)
        fields = {"card": card, "position": a.get("position"), "skipped": W.cards(skipped), "n": n}
        if e.get("free"):
            return _say(
                v,
                seat,
                ngettext(
                    "You take {card} from position {position}, skipping {skipped} ({n} card to "
                    "the discard pile: free passage, no corruption).",
                    "You take {card} from position {position}, skipping {skipped} ({n} cards to "
                    "the discard pile: free passage, no corruption).",
                    n,
                ),
                ngettext(
                    "{name} takes {card} from position {position}, skipping {skipped} ({n} card "
                    "to the discard pile: free passage, no corruption).",
                    "{name} takes {card} from position {position}, skipping {skipped} ({n} cards "
                    "to the discard pile: free passage, no corruption).",
                    n,
                ),
                **fields,
            )
        return _say(
            v,
            seat,
            ngettext(
                "You take {card} from position {position}, skipping {skipped} ({n} card to your "
                "corruption).",
                "You take {card} from position {position}, skipping {skipped} ({n} cards to your "
                "corruption).",
                n,
            ),
            ngettext(
                "{name} takes {card} from position {position}, skipping {skipped} ({n} card to "
                "their corruption).",
                "{name} takes {card} from position {position}, skipping {skipped} ({n} cards to "
                "their corruption).",
                n,
            ),
            **fields,
        )

    def _act_pick(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        return _say(
            v,
            seat,
            _("You pick {card} from position {position}, with no corruption."),
            _("{name} picks {card} from position {position}, with no corruption."),
            card=W.card(str(e.get("card", "character"))),
            position=a.get("position"),
        )

    def _act_play(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        key = str(a.get("character"))
        power = W.power_of(key, e.get("power"))
        return _say(
            v,
            seat,
            _("You play {character} to {purpose}."),
            _("{name} plays {character} to {purpose}."),
            character=W.character(key),
            purpose=W.purpose(power),
        )

    def _act_set(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> None:
        return None  # the finished set is announced ("done" or the "set" event)

    def _act_new(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> None:
        return None  # a new set of goods already laid: announced when finished

    def _act_onto(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> None:
        return None  # an addition to one of several sets: announced when finished

    def _act_add(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> None:
        return None

    def _act_done(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        if "set" in e:
            return self.on_set(e, v)
        stop = e.get("stop")
        if stop == "purge":
            return _say(
                v,
                seat,
                _("You stop throwing away corruption cards."),
                _("{name} stops throwing away corruption cards."),
            )
        if stop == "launder":
            return _say(
                v,
                seat,
                _("You stop moving corruption cards into the set."),
                _("{name} stops moving corruption cards into the set."),
            )
        if stop == "shift":
            return _say(
                v,
                seat,
                _("You stop passing on corruption cards."),
                _("{name} stops passing on corruption cards."),
            )
        return None

    def _act_pass(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        return _say(
            v, seat, _("You let the extra action go."), _("{name} lets the extra action go.")
        )

    def _act_token(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        effect = str(a.get("effect"))
        return _say(
            v,
            seat,
            _("You choose {token} ({purpose})."),
            _("{name} chooses {token} ({purpose})."),
            token=W.token(effect),
            purpose=W.purpose(effect, e.get("points")),
        )

    def _act_target(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        q = _seat(a, "seat")
        effect = e.get("effect")
        if effect in ("STEAL_RANDOM", "PICKPOCKET"):
            return _say2(
                v,
                seat,
                q,
                _("You pick {other} to steal from."),
                _("{name} picks you to steal from."),
                _("{name} picks {other} to steal from."),
            )
        if effect == "DENOUNCE":
            return _say2(
                v,
                seat,
                q,
                _("You denounce {other}."),
                _("{name} denounces you."),
                _("{name} denounces {other}."),
            )
        if effect == "PEEK_SWAP":
            return _say2(
                v,
                seat,
                q,
                _("You pick {other} for the swap."),
                _("{name} picks you for the swap."),
                _("{name} picks {other} for the swap."),
            )
        if effect == "SCAPEGOAT":
            return _say2(
                v,
                seat,
                q,
                _("You make {other} the scapegoat."),
                _("{name} makes you the scapegoat."),
                _("{name} makes {other} the scapegoat."),
            )
        return _say2(
            v, seat, q, _("You pick {other}."), _("{name} picks you."), _("{name} picks {other}.")
        )

    def _act_sink(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        sunk = list(e.get("cards") or [])
        if not sunk:
            return _say(v, seat, _("You sink no market cards."), _("{name} sinks no market cards."))
        n = len(sunk)
        return _say(
            v,
            seat,
            ngettext(
                "You sink the first market card: {cards}.",
                "You sink the first {n} market cards: {cards}.",
                n,
            ),
            ngettext(
                "{name} sinks the first market card: {cards}.",
                "{name} sinks the first {n} market cards: {cards}.",
                n,
            ),
            n=n,
            cards=W.cards(sunk, case="nom"),
        )

    def _act_starter(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        q = _seat(a, "seat")
        when = _when(e.get("round"))
        if q == seat:
            return _say(
                v,
                seat,
                _("You choose to start {when} yourself."),
                _("{name} chooses to start {when} themselves."),
                when=when,
            )
        return _say2(
            v,
            seat,
            q,
            _("You choose {other} to start {when}."),
            _("{name} chooses you to start {when}."),
            _("{name} chooses {other} to start {when}."),
            when=when,
        )

    # face-down moves: the shadow for those who do not see the card, the card for those who do
    def _hidden_move(self, e: Event, seat: int, v: Voice) -> bool:
        """Whether this is a shadow the reader also gets with the card (then it is silent)."""
        seen = e.get("private_to") or []
        return v.viewer is not None and v.viewer in seen

    def _act_give(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        swap = e.get("reason") == "swap"
        if "card" not in a:
            if self._hidden_move(e, seat, v):
                return None
            other = _seat(e, "other")
            if swap:
                return _say2(
                    v,
                    seat,
                    other,
                    _("You give {other} a card back."),
                    _("{name} gives you a card back."),
                    _("{name} gives {other} a card back."),
                )
            return _say2(
                v,
                seat,
                other,
                _("You give {other} a card as tribute."),
                _("{name} gives you a card as tribute."),
                _("{name} gives {other} a card as tribute."),
            )
        card = W.card(str(a["card"]))
        other = _seat(e, "party")
        if swap:
            return _say2(
                v,
                seat,
                other,
                _("You give {card} back to {other}."),
                _("{name} gives {card} back to you."),
                _("{name} gives {card} back to {other}."),
                card=card,
            )
        return _say2(
            v,
            seat,
            other,
            _("You give {card} to {other} as tribute."),
            _("{name} gives {card} to you as tribute."),
            _("{name} gives {card} to {other} as tribute."),
            card=card,
        )

    def _act_bury(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        if "card" not in a:
            if self._hidden_move(e, seat, v):
                return None
            return _say(
                v,
                seat,
                _("You bury a card from your hand in your corruption."),
                _("{name} buries a card from their hand in their corruption."),
            )
        return _say(
            v,
            seat,
            _("You bury {card} in your corruption."),
            _("{name} buries {card} in their corruption."),
            card=W.card(str(a["card"])),
        )

    def _act_grab(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        if "card" not in a:
            if self._hidden_move(e, seat, v):
                return None
            return _say2(
                v,
                seat,
                _seat(e, "other"),
                _("You take a card from {owner} hand."),
                _("{name} takes a card from your hand."),
                _("{name} takes a card from {owner} hand."),
            )
        name = str(a["card"])
        return _say2(
            v,
            seat,
            _seat(e, "party"),
            _("You take {card} from {owner} hand."),
            # Translators: {label} is the card's name alone ("Thief"), {card} with its article
            _("{name} takes your {label}."),
            _("{name} takes {card} from {owner} hand."),
            card=W.card(name),
            label=W.card_label(name),
        )

    def _act_purge(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        if "card" not in a:
            if self._hidden_move(e, seat, v):
                return None
            return _say(
                v,
                seat,
                _("You throw away a card of your corruption, face down."),
                _("{name} throws away a card of their corruption, face down."),
            )
        return _say(
            v,
            seat,
            _("You throw away {card} from your corruption."),
            _("{name} throws away {card} from their corruption."),
            card=W.card(str(a["card"])),
        )

    def _act_launder(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        card = W.card(str(a.get("card")))
        goods = e.get("set")
        if not goods:
            return _say(
                v,
                seat,
                _("You move {card} from your corruption into the set."),
                _("{name} moves {card} from their corruption into the set."),
                card=card,
            )
        return _say(
            v,
            seat,
            _("You move {card} from your corruption into your {set}."),
            _("{name} moves {card} from their corruption into their {set}."),
            card=card,
            set=W.set_name(goods, e.get("number")),
        )

    def _act_shift(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        if "card" not in a:
            if self._hidden_move(e, seat, v):
                return None
            return _say2(
                v,
                seat,
                _seat(e, "other"),
                _("You pass a corruption card to {owner} pile."),
                _("{name} passes a corruption card to your pile."),
                _("{name} passes a corruption card to {owner} pile."),
            )
        return _say2(
            v,
            seat,
            _seat(e, "party"),
            _("You pass {card} to {owner} corruption."),
            _("{name} passes {card} into your corruption."),
            _("{name} passes {card} to {owner} corruption."),
            card=W.card(str(a["card"])),
        )

    # -- the other events --------------------------------------------------------------
    def on_chance(self, event: Event, voice: Voice) -> str | None:
        label = event.get("label")
        value = event.get("value")
        if label == "shipment" and isinstance(value, list):
            return _("New goods arrive at the market: {cards}.").format(
                cards=W.cards(map(str, value), case="nom")
            )
        if label == "green cards" and isinstance(value, list) and voice.viewer is not None:
            # a private draw: only the seat dealt these cards gets it
            if not value:
                return None
            return _("You are dealt {cards}.").format(cards=W.cards(map(str, value), grouped=True))
        return None  # the start player, the chooser, draws and thefts: other events say them

    def on_round(self, event: Event, voice: Voice) -> str:
        rnd, rounds = event.get("round"), event.get("rounds")
        first = _seat(event, "start_player")
        if isinstance(rounds, int):
            return _say(
                voice,
                first,
                _("Round {round} of {rounds} begins; you start."),
                _("Round {round} of {rounds} begins; {name} starts."),
                round=rnd,
                rounds=rounds,
            )
        return _say(
            voice,
            first,
            _("Round {round} begins; you start."),
            _("Round {round} begins; {name} starts."),
            round=rnd,
        )

    def on_set(self, event: Event, voice: Voice) -> str:
        seat = _seat(event)
        goods = event.get("set")
        fields = {
            "laid": W.cards(map(str, event.get("cards") or []), grouped=True, case="nom"),
            "value": event.get("value"),
        }
        number = event.get("number")
        if event.get("new", True):
            if isinstance(number, int) and number > 1:  # beside the sets of these goods
                return _say(
                    voice,
                    seat,
                    _("You lay a {set}: {laid} (worth {value}), scored on its own."),
                    _("{name} lays a {set}: {laid} (worth {value}), scored on its own."),
                    set=W.set_name(goods, number),
                    **fields,
                )
            return _say(
                voice,
                seat,
                _("You lay {a_set}: {laid} (worth {value})."),
                _("{name} lays {a_set}: {laid} (worth {value})."),
                a_set=W.a_set(goods),
                **fields,
            )
        fields["laid"] = W.cards(map(str, event.get("cards") or []), grouped=True)
        return _say(
            voice,
            seat,
            _("You add {laid} to your {set} (now worth {value})."),
            _("{name} adds {laid} to their {set} (now worth {value})."),
            set=W.set_name(goods, number),
            **fields,
        )

    def on_tokens(self, event: Event, voice: Voice) -> str:
        tokens = join_words([W.token_name(str(t)) for t in event.get("tokens") or []])
        return _say(
            voice,
            _seat(event),
            _("You choose among the tokens left: {tokens}."),
            _("{name} chooses among the tokens left: {tokens}."),
            tokens=tokens,
        )

    def on_extra_action(self, event: Event, voice: Voice) -> str:
        return _say(
            voice, _seat(event), _("You have an extra action."), _("{name} has an extra action.")
        )

    def on_extra_action_forfeited(self, event: Event, voice: Voice) -> str:
        return _say(
            voice,
            _seat(event),
            _("You lose the extra action: nothing is possible."),
            _("{name} loses the extra action: nothing is possible."),
        )

    def on_got(self, event: Event, voice: Voice) -> str:
        key = str(event.get("card"))
        if voice.you(_seat(event)):
            return _("The character is {character}.").format(character=W.character(key, "nom"))
        return _("{name} gets {character}.").format(
            name=voice.name(_seat(event)), character=W.character(key)
        )

    def on_took(self, event: Event, voice: Voice) -> str:
        return _say(
            voice,
            _seat(event),
            _("You take {card} from the front of the market, with no corruption."),
            _("{name} takes {card} from the front of the market, with no corruption."),
            card=W.card(str(event.get("card", "character"))),
        )

    def on_draw(self, event: Event, voice: Voice) -> str | None:
        seat, count = _seat(event), event.get("count")
        if not count:
            return _say(
                voice,
                seat,
                _("You draw nothing: the deck is empty."),
                _("{name} draws nothing: the deck is empty."),
            )
        if voice.you(seat):
            return None  # "drew" says which cards
        left = event.get("deck")
        n = int(count)
        if isinstance(left, int):
            text = ngettext(
                "{name} draws {n} card from the deck ({left} left).",
                "{name} draws {n} cards from the deck ({left} left).",
                n,
            )
        else:
            text = ngettext(
                "{name} draws {n} card from the deck.", "{name} draws {n} cards from the deck.", n
            )
        return text.format(name=voice.name(seat), n=n, left=left)

    def on_drew(self, event: Event, voice: Voice) -> str:
        return _say(
            voice,
            _seat(event),
            _("You draw {cards}."),
            _("{name} draws {cards}."),
            cards=W.cards(map(str, event.get("cards") or []), grouped=True),
        )

    def on_stole(self, event: Event, voice: Voice) -> str | None:
        seat, victim = _seat(event), _seat(event, "from")
        if voice.viewer is not None and voice.viewer in (seat, victim):
            return None  # "stolen" says which card
        return _("{name} steals a random card from {owner} hand.").format(
            name=voice.name(seat), other=voice.name(victim), owner=voice.possessive(victim)
        )

    def on_stolen(self, event: Event, voice: Voice) -> str:
        card = str(event.get("card"))
        return _say2(
            voice,
            _seat(event),
            _seat(event, "from"),
            _("You steal {card} from {other}."),
            _("{name} steals your {label}."),
            _("{name} steals {card} from {other}."),
            card=W.card(card),
            label=W.card_label(card),
        )

    def on_looked(self, event: Event, voice: Voice) -> str:
        hand = list(event.get("cards") or [])
        what = W.cards(map(str, hand), grouped=True, case="nom") if hand else _("nothing")
        return _say2(
            voice,
            _seat(event),
            _seat(event, "at"),
            _("You look at {owner} hand: {what}."),
            _("{name} looks at your hand: {what}."),
            _("{name} looks at {owner} hand: {what}."),
            what=what,
        )

    def on_corruption(self, event: Event, voice: Voice) -> str:
        pile = list(event.get("cards") or [])
        what = W.cards(map(str, pile), grouped=True, case="nom") if pile else _("nothing")
        return _say(
            voice,
            _seat(event),
            _("You look at your corruption: {what}."),
            _("{name} looks at their corruption: {what}."),
            what=what,
        )

    def on_choose_start_player(self, event: Event, voice: Voice) -> str:
        seat = _seat(event)
        when = _when(event.get("round"))
        score = event.get("score")
        tied = [p for p in event.get("tied") or [] if isinstance(p, int)]
        if len(tied) > 1:
            return _say(
                voice,
                seat,
                _(
                    "{names} share the lowest score ({score}); by lot, you choose who starts "
                    "{when}."
                ),
                _(
                    "{names} share the lowest score ({score}); by lot, {name} chooses who "
                    "starts {when}."
                ),
                names=_names(voice, tied),
                score=score,
                when=when,
            )
        if isinstance(score, int):
            return _say(
                voice,
                seat,
                _("You have the lowest score ({score}) and choose who starts {when}."),
                _("{name} has the lowest score ({score}) and chooses who starts {when}."),
                score=score,
                when=when,
            )
        return _say(
            voice,
            seat,
            _("You choose who starts {when}."),
            _("{name} chooses who starts {when}."),
            when=when,
        )

    def on_round_end(self, event: Event, voice: Voice) -> str:
        rnd = event.get("round")
        counts = list(event.get("corruption") or [])
        worst = [p for p in event.get("most_corrupt") or [] if isinstance(p, int)]
        lost = list(event.get("penalty") or [])
        lost_sets = list(event.get("lost_sets") or [])
        mode = event.get("penalty_mode", "best_set")
        parts = [_("Round {round} ends.").format(round=rnd)]
        if not worst:
            parts.append(_("Nobody has any corruption."))
        else:
            top = counts[worst[0]] if worst[0] < len(counts) else "?"
            if isinstance(top, int):
                held = ngettext("{n} card", "{n} cards", top).format(n=top)
            else:
                held = _("{n} cards").format(n=top)
            fates = []
            alone = len(worst) == 1
            for p in worst:
                points = lost[p] if p < len(lost) else 0
                goods = lost_sets[p] if p < len(lost_sets) else []
                fates.append(self._penalty(voice, p, points, goods, str(mode), alone))
            if alone:
                head = _say(
                    voice,
                    worst[0],
                    _("You are the most corrupt with {held}"),
                    _("{name} is the most corrupt with {held}"),
                    held=held,
                )
                parts.append(_("{head}, and {fate}.").format(head=head, fate=fates[0]))
            else:
                head = _("{names} are the most corrupt with {held} each").format(
                    names=_names(voice, worst), held=held
                )
                parts.append(_("{head}: {fates}.").format(head=head, fates=join_words(fates)))
        parts.append(
            _("Round points: {points}.").format(
                points=_per_seat(voice, event.get("round_points") or [])
            )
        )
        totals = [str(x) for x in event.get("scores") or []]
        bonus = list(event.get("bonus") or [])
        for p, b in enumerate(bonus):
            if isinstance(b, int) and b > 0 and p < len(totals):
                totals[p] += _(" ({n} of them from tokens)").format(n=b)
        parts.append(_("Totals: {points}.").format(points=_per_seat(voice, totals)))
        return " ".join(parts)

    @staticmethod
    def _penalty(
        voice: Voice, p: int, points: int, goods: list[str], mode: str, alone: bool
    ) -> str:
        """What the penalty took from one most corrupt seat (``alone``: the only one, already
        the sentence's subject)."""
        you = voice.you(p)
        # the four forms of each fate: you alone, another alone, you among others, another
        if points <= 0 and mode == "matching_types":
            forms = (
                _("lose nothing"),
                _("loses nothing"),
                _("you lose nothing"),
                _("{name} loses nothing"),
            )
        elif points <= 0:
            forms = (
                _("have no set to lose"),
                _("has no set to lose"),
                _("you have no set to lose"),
                _("{name} has no set to lose"),
            )
        elif mode == "half_round":
            forms = (
                _("lose half of the round's points ({points})"),
                _("loses half of the round's points ({points})"),
                _("you lose half of the round's points ({points})"),
                _("{name} loses half of the round's points ({points})"),
            )
        else:
            n = len(goods)
            forms = (
                ngettext(
                    "lose your {goods} set ({points} points)",
                    "lose your {goods} sets ({points} points)",
                    n,
                ),
                ngettext(
                    "loses their {goods} set ({points} points)",
                    "loses their {goods} sets ({points} points)",
                    n,
                ),
                ngettext(
                    "you lose your {goods} set ({points} points)",
                    "you lose your {goods} sets ({points} points)",
                    n,
                ),
                ngettext(
                    "{name} loses their {goods} set ({points} points)",
                    "{name} loses their {goods} sets ({points} points)",
                    n,
                ),
            )
        text = forms[(0 if you else 1) + (0 if alone else 2)]
        # Translators: {goods} is the goods of the sets ("fish and second wheat"), {set}
        # the one set by its name ("fish set", "wheat set no. 2")
        return text.format(
            name=voice.name(p),
            points=points,
            goods=join_words([W.set_label(g) for g in goods]),
            set=W.labelled_set(goods[0]) if goods else "",
        )

    def on_game_end(self, event: Event, voice: Voice) -> str:
        scores = list(event.get("scores") or [])
        winners = [p for p in event.get("winners") or [] if isinstance(p, int)]
        rnd = event.get("round")
        if event.get("reason") == "early":
            over = event.get("over")
            high = [p for p, sc in enumerate(scores) if isinstance(over, int) and sc > over]
            if not high:
                text = _(
                    "The game ends early: after round {round}, a player has more than {over} "
                    "points."
                )
            elif len(high) > 1:
                text = _(
                    "The game ends early: after round {round}, {names} have more than {over} "
                    "points."
                )
            elif voice.you(high[0]):
                text = _(
                    "The game ends early: after round {round}, You have more than {over} points."
                )
            else:
                text = _(
                    "The game ends early: after round {round}, {names} has more than {over} points."
                )
            why = text.format(round=rnd, names=_names(voice, high), over=over)
        elif isinstance(rnd, int):
            why = _("The game ends after round {round}.").format(round=rnd)
        else:
            why = _("The game ends.")
        parts = [why]
        if scores and winners:
            best = scores[winners[0]]
            tied = [p for p, sc in enumerate(scores) if sc == best]
            if len(winners) > 1:
                parts.append(
                    _("{names} share the win with {best} points.").format(
                        names=_names(voice, winners), best=best
                    )
                )
            elif len(tied) > 1:
                parts.append(
                    _say(
                        voice,
                        winners[0],
                        _("{names} tie on {best} points; you win with fewer corruption cards."),
                        _("{names} tie on {best} points; {name} wins with fewer corruption cards."),
                        names=_names(voice, tied),
                        best=best,
                    )
                )
            else:
                parts.append(
                    _say(
                        voice,
                        winners[0],
                        _("You win with {best} points."),
                        _("{name} wins with {best} points."),
                        best=best,
                    )
                )
        parts.append(_("Final scores: {points}.").format(points=_per_seat(voice, scores)))
        return " ".join(parts)

    # -- terms the first time they appear ------------------------------------------------
    def explanations(self, event: Event) -> list[tuple[str, str]]:
        kind = event.get("kind")
        if kind == "chance" and event.get("label") == "shipment":
            shown = event.get("value") or []
            out = [W.term("Scarabs")]
            if "amulet" in shown:
                out.append(W.term("Amulet"))
            if "character" in shown:
                out.append(W.term("Face-down character"))
            return out
        if kind == "action":
            action = event.get("action")
            a = action if isinstance(action, Mapping) else {}
            akind = a.get("kind")
            if akind == "take" and event.get("skipped"):
                return [W.term("Corruption")]
            if akind == "play":
                return [W.explain_character(str(a.get("character")), event.get("power"))]
            if akind == "token":
                effect = str(a.get("effect"))
                return [(W.token_term(effect), W.explain_effect(effect, event.get("points")))]
            if akind == "done" and "set" in event:
                return self._set_terms(event)
            return []
        if kind == "set":
            return self._set_terms(event)
        if kind == "got":
            return [W.explain_character(str(event.get("card")), event.get("power"))]
        if kind == "tokens":
            return [
                (W.token_term(str(t)), W.explain_effect(str(t))) for t in event.get("tokens") or []
            ]
        if kind == "round end":
            mode = str(event.get("penalty_mode", "best_set"))
            text = W.PENALTY_EXPLAINED.get(mode, W.TERMS["Corruption penalty"])
            return [(_("Corruption penalty"), _(text))]
        return []

    @staticmethod
    def _set_terms(event: Event) -> list[tuple[str, str]]:
        """The terms a finished set brings: the event tokens, and a second set of its goods."""
        out = [W.term("Event tokens")]
        if isinstance(event.get("number"), int):
            out.append((_("Second set"), _(W.SECOND_SET)))
        return out

    def components(self) -> dict[str, JSON]:
        """The characters (name, family, what the power does) and the event tokens (name,
        what it does), keyed as the observation names them, for the web table."""
        return {
            "characters": {
                key: {
                    "name": W.character_name(key),
                    "family": W.DEFAULT_FAMILIES.get(key),
                    "purpose": W.purpose(W.power_of(key)),
                }
                for key in CHARACTER_NAMES
            },
            "tokens": {
                effect: {"name": W.token_name(effect), "purpose": W.purpose(effect)}
                for effect in W.TOKEN_WORDS
            },
        }

    def glossary(self) -> dict[str, str]:
        out = W.terms()
        for key in CHARACTER_NAMES:
            term, text = W.explain_character(key)
            out[term] = text
        for row in (*DEFAULT_EVENTS, *INVENTED_EVENTS):  # the tokens of the defaults first
            effect, _copies = parse_event(row)
            out[W.token_term(effect)] = W.explain_effect(effect)
        return out


NARRATOR = SobekNarrator()
