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
from obelisk.core.narration import join_words, plural

from . import words as W
from .components import CHARACTER_NAMES, DEFAULT_EVENTS, INVENTED_EVENTS, parse_event

JSON = Any
Event = Mapping[str, JSON]


def _their(voice: Voice, seat: object) -> str:
    """``your`` for the reader, else ``their`` (the subject's own pile, hand, set)."""
    return "your" if voice.you(seat if isinstance(seat, int) else None) else "their"


def _seat(event: Event, key: str = "seat") -> int | None:
    value = event.get(key)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _per_seat(voice: Voice, values: Sequence[object]) -> str:
    """``Bot 1 24, you 9 and Bot 3 20``: one number per seat."""
    return join_words(
        [f"{voice.name(p) if p == 0 else voice.object(p)} {v}" for p, v in enumerate(values)]
    )


def _set_label(goods: object, number: object) -> str:
    """``fish``, or ``second fish`` when the event numbers one of several fish sets."""
    if isinstance(number, int) and not isinstance(number, bool) and number >= 1:
        return f"{W.ordinal(number)} {goods}"
    return str(goods)


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
        who = v.subject(seat, "take", "takes")
        if not skipped:
            return f"{who} {card} from the front of the market."
        n = len(skipped)
        if e.get("free"):
            return (
                f"{who} {card} from position {a.get('position')}, skipping {W.cards(skipped)} "
                f"({plural(n, 'card')} to the discard pile: free passage, no corruption)."
            )
        return (
            f"{who} {card} from position {a.get('position')}, skipping {W.cards(skipped)} "
            f"({plural(n, 'card')} to {_their(v, seat)} corruption)."
        )

    def _act_pick(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        card = W.card(str(e.get("card", "character")))
        return (
            f"{v.subject(seat, 'pick', 'picks')} {card} from position {a.get('position')}, "
            "with no corruption."
        )

    def _act_play(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        key = str(a.get("character"))
        power = W.power_of(key, e.get("power"))
        return f"{v.subject(seat, 'play', 'plays')} {W.character(key)} to {W.purpose(power)}."

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
            return f"{v.subject(seat, 'stop', 'stops')} throwing away corruption cards."
        if stop == "launder":
            return f"{v.subject(seat, 'stop', 'stops')} moving corruption cards into the set."
        if stop == "shift":
            return f"{v.subject(seat, 'stop', 'stops')} passing on corruption cards."
        return None

    def _act_pass(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        return f"{v.subject(seat, 'let', 'lets')} the extra action go."

    def _act_token(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        effect = str(a.get("effect"))
        return (
            f"{v.subject(seat, 'choose', 'chooses')} {W.token(effect)} "
            f"({W.purpose(effect, e.get('points'))})."
        )

    def _act_target(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        q = _seat(a, "seat")
        effect = e.get("effect")
        them = v.object(q)
        if effect in ("STEAL_RANDOM", "PICKPOCKET"):
            return f"{v.subject(seat, 'pick', 'picks')} {them} to steal from."
        if effect == "DENOUNCE":
            return f"{v.subject(seat, 'denounce', 'denounces')} {them}."
        if effect == "PEEK_SWAP":
            return f"{v.subject(seat, 'pick', 'picks')} {them} for the swap."
        if effect == "SCAPEGOAT":
            return f"{v.subject(seat, 'make', 'makes')} {them} the scapegoat."
        return f"{v.subject(seat, 'pick', 'picks')} {them}."

    def _act_sink(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        sunk = list(e.get("cards") or [])
        if not sunk:
            return f"{v.subject(seat, 'sink', 'sinks')} no market cards."
        what = "card" if len(sunk) == 1 else f"{len(sunk)} market cards"
        first = "the first market " + what if len(sunk) == 1 else "the first " + what
        return f"{v.subject(seat, 'sink', 'sinks')} {first}: {W.cards(sunk)}."

    def _act_starter(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        q = _seat(a, "seat")
        rnd = e.get("round")
        when = f"round {rnd}" if isinstance(rnd, int) else "the next round"
        if q == seat:
            self_word = "yourself" if v.you(seat) else "themselves"
            return f"{v.subject(seat, 'choose', 'chooses')} to start {when} {self_word}."
        return f"{v.subject(seat, 'choose', 'chooses')} {v.object(q)} to start {when}."

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
            why = " back" if swap else " as tribute"
            return f"{v.subject(seat, 'give', 'gives')} {v.object(other)} a card{why}."
        card = W.card(str(a["card"]))
        other = _seat(e, "party")
        if swap:
            return f"{v.subject(seat, 'give', 'gives')} {card} back to {v.object(other)}."
        return f"{v.subject(seat, 'give', 'gives')} {card} to {v.object(other)} as tribute."

    def _act_bury(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        if "card" not in a:
            if self._hidden_move(e, seat, v):
                return None
            return (
                f"{v.subject(seat, 'bury', 'buries')} a card from {_their(v, seat)} hand in "
                f"{_their(v, seat)} corruption."
            )
        card = W.card(str(a["card"]))
        return f"{v.subject(seat, 'bury', 'buries')} {card} in {_their(v, seat)} corruption."

    def _act_grab(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        if "card" not in a:
            if self._hidden_move(e, seat, v):
                return None
            other = _seat(e, "other")
            return f"{v.subject(seat, 'take', 'takes')} a card from {v.possessive(other)} hand."
        card = W.card(str(a["card"]))
        other = _seat(e, "party")
        if v.you(other):
            return f"{v.subject(seat, 'take', 'takes')} your {W.card_label(str(a['card']))}."
        return f"{v.subject(seat, 'take', 'takes')} {card} from {v.possessive(other)} hand."

    def _act_purge(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        if "card" not in a:
            if self._hidden_move(e, seat, v):
                return None
            return (
                f"{v.subject(seat, 'throw', 'throws')} away a card of {_their(v, seat)} "
                "corruption, face down."
            )
        card = W.card(str(a["card"]))
        return (
            f"{v.subject(seat, 'throw', 'throws')} away {card} from {_their(v, seat)} corruption."
        )

    def _act_launder(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str:
        card = W.card(str(a.get("card")))
        goods = e.get("set")
        label = _set_label(goods, e.get("number"))
        into = f"{_their(v, seat)} {label} set" if goods else "the set"
        return (
            f"{v.subject(seat, 'move', 'moves')} {card} from {_their(v, seat)} corruption into "
            f"{into}."
        )

    def _act_shift(self, e: Event, a: Mapping[str, JSON], seat: int, v: Voice) -> str | None:
        if "card" not in a:
            if self._hidden_move(e, seat, v):
                return None
            other = _seat(e, "other")
            return (
                f"{v.subject(seat, 'pass', 'passes')} a corruption card to "
                f"{v.possessive(other)} pile."
            )
        card = W.card(str(a["card"]))
        other = _seat(e, "party")
        if v.you(other):
            return f"{v.subject(seat, 'pass', 'passes')} {card} into your corruption."
        return f"{v.subject(seat, 'pass', 'passes')} {card} to {v.possessive(other)} corruption."

    # -- the other events --------------------------------------------------------------
    def on_chance(self, event: Event, voice: Voice) -> str | None:
        label = event.get("label")
        value = event.get("value")
        if label == "shipment" and isinstance(value, list):
            return f"New goods arrive at the market: {W.cards(map(str, value))}."
        if label == "green cards" and isinstance(value, list) and voice.viewer is not None:
            # a private draw: only the seat dealt these cards gets it
            return f"You are dealt {W.cards(map(str, value), grouped=True)}." if value else None
        return None  # the start player, the chooser, draws and thefts: other events say them

    def on_round(self, event: Event, voice: Voice) -> str:
        rnd, rounds = event.get("round"), event.get("rounds")
        of = f" of {rounds}" if isinstance(rounds, int) else ""
        first = _seat(event, "start_player")
        starter = f"{voice.object(first)} {'start' if voice.you(first) else 'starts'}"
        return f"Round {rnd}{of} begins; {starter}."

    def on_set(self, event: Event, voice: Voice) -> str:
        seat = _seat(event)
        goods = event.get("set")
        laid = W.cards(map(str, event.get("cards") or []), grouped=True)
        value = event.get("value")
        number = event.get("number")
        label = _set_label(goods, number)
        if event.get("new", True):
            if isinstance(number, int) and number > 1:  # beside the sets of these goods
                return (
                    f"{voice.subject(seat, 'lay', 'lays')} a {label} set: {laid} (worth "
                    f"{value}), scored on its own."
                )
            a = "an" if str(goods)[:1] in "aeiou" else "a"
            return f"{voice.subject(seat, 'lay', 'lays')} {a} {goods} set: {laid} (worth {value})."
        return (
            f"{voice.subject(seat, 'add', 'adds')} {laid} to {_their(voice, seat)} {label} set "
            f"(now worth {value})."
        )

    def on_tokens(self, event: Event, voice: Voice) -> str:
        tokens = [W.token_word(str(t)) for t in event.get("tokens") or []]
        who = "You choose" if voice.you(_seat(event)) else f"{voice.name(_seat(event))} chooses"
        return f"{who} among the tokens left: {join_words(tokens)}."

    def on_extra_action(self, event: Event, voice: Voice) -> str:
        return f"{voice.subject(_seat(event), 'have', 'has')} an extra action."

    def on_extra_action_forfeited(self, event: Event, voice: Voice) -> str:
        return (
            f"{voice.subject(_seat(event), 'lose', 'loses')} the extra action: nothing is possible."
        )

    def on_got(self, event: Event, voice: Voice) -> str:
        name = W.character(str(event.get("card")))
        if voice.you(_seat(event)):
            return f"The character is {name}."
        return f"{voice.name(_seat(event))} gets {name}."

    def on_took(self, event: Event, voice: Voice) -> str:
        card = W.card(str(event.get("card", "character")))
        return (
            f"{voice.subject(_seat(event), 'take', 'takes')} {card} from the front of the "
            "market, with no corruption."
        )

    def on_draw(self, event: Event, voice: Voice) -> str | None:
        seat, count = _seat(event), event.get("count")
        if not count:
            return f"{voice.subject(seat, 'draw', 'draws')} nothing: the deck is empty."
        if voice.you(seat):
            return None  # "drew" says which cards
        left = event.get("deck")
        rest = f" ({left} left)" if isinstance(left, int) else ""
        cards = plural(int(count), "card")
        return f"{voice.subject(seat, 'draw', 'draws')} {cards} from the deck{rest}."

    def on_drew(self, event: Event, voice: Voice) -> str:
        cards = W.cards(map(str, event.get("cards") or []), grouped=True)
        return f"{voice.subject(_seat(event), 'draw', 'draws')} {cards}."

    def on_stole(self, event: Event, voice: Voice) -> str | None:
        seat, victim = _seat(event), _seat(event, "from")
        if voice.viewer is not None and voice.viewer in (seat, victim):
            return None  # "stolen" says which card
        return f"{voice.subject(seat, 'steal', 'steals')} a random card from {voice.possessive(victim)} hand."

    def on_stolen(self, event: Event, voice: Voice) -> str:
        seat, victim = _seat(event), _seat(event, "from")
        card = str(event.get("card"))
        if voice.you(victim):
            return f"{voice.subject(seat, 'steal', 'steals')} your {W.card_label(card)}."
        return (
            f"{voice.subject(seat, 'steal', 'steals')} {W.card(card)} from {voice.object(victim)}."
        )

    def on_looked(self, event: Event, voice: Voice) -> str:
        seat, other = _seat(event), _seat(event, "at")
        hand = list(event.get("cards") or [])
        what = W.cards(map(str, hand), grouped=True) if hand else "nothing"
        return f"{voice.subject(seat, 'look', 'looks')} at {voice.possessive(other)} hand: {what}."

    def on_corruption(self, event: Event, voice: Voice) -> str:
        seat = _seat(event)
        pile = list(event.get("cards") or [])
        what = W.cards(map(str, pile), grouped=True) if pile else "nothing"
        return (
            f"{voice.subject(seat, 'look', 'looks')} at {_their(voice, seat)} corruption: {what}."
        )

    def on_choose_start_player(self, event: Event, voice: Voice) -> str:
        seat = _seat(event)
        rnd = event.get("round")
        when = f"round {rnd}" if isinstance(rnd, int) else "the next round"
        score = event.get("score")
        tied = [p for p in event.get("tied") or [] if isinstance(p, int)]
        if len(tied) > 1:
            choose = "choose" if voice.you(seat) else "chooses"
            return (
                f"{voice.names_of(tied)} share the lowest score ({score}); by lot, "
                f"{voice.object(seat)} {choose} who starts {when}."
            )
        if isinstance(score, int):
            have = "have" if voice.you(seat) else "has"
            return (
                f"{voice.name(seat)} {have} the lowest score ({score}) and "
                f"{'choose' if voice.you(seat) else 'chooses'} who starts {when}."
            )
        return f"{voice.subject(seat, 'choose', 'chooses')} who starts {when}."

    def on_round_end(self, event: Event, voice: Voice) -> str:
        rnd = event.get("round")
        counts = list(event.get("corruption") or [])
        worst = [p for p in event.get("most_corrupt") or [] if isinstance(p, int)]
        lost = list(event.get("penalty") or [])
        lost_sets = list(event.get("lost_sets") or [])
        mode = event.get("penalty_mode", "best_set")
        parts = [f"Round {rnd} ends."]
        if not worst:
            parts.append("Nobody has any corruption.")
        else:
            top = counts[worst[0]] if worst[0] < len(counts) else "?"
            held = plural(top, "card") if isinstance(top, int) else f"{top} cards"
            if len(worst) == 1:
                head = f"{voice.subject(worst[0], 'are', 'is')} the most corrupt with {held}"
            else:
                head = f"{voice.names_of(worst)} are the most corrupt with {held} each"
            fates = []
            for p in worst:
                points = lost[p] if p < len(lost) else 0
                goods = lost_sets[p] if p < len(lost_sets) else []
                fates.append(self._penalty(voice, p, points, goods, str(mode), len(worst) == 1))
            parts.append(f"{head}{', and ' if len(worst) == 1 else ': '}{join_words(fates)}.")
        parts.append(f"Round points: {_per_seat(voice, event.get('round_points') or [])}.")
        totals = [str(x) for x in event.get("scores") or []]
        bonus = list(event.get("bonus") or [])
        for p, b in enumerate(bonus):
            if isinstance(b, int) and b > 0 and p < len(totals):
                totals[p] += f" ({b} of them from tokens)"
        parts.append(f"Totals: {_per_seat(voice, totals)}.")
        return " ".join(parts)

    @staticmethod
    def _penalty(
        voice: Voice, p: int, points: int, goods: list[str], mode: str, alone: bool
    ) -> str:
        """What the penalty took from one most corrupt seat (``alone``: the only one, already
        the sentence's subject)."""
        you = voice.you(p)
        name = "" if alone else f"{voice.object(p)} "
        lose = "lose" if you else "loses"
        if points <= 0:
            if mode == "matching_types":
                return f"{name}{lose} nothing"
            return f"{name}{'have' if you else 'has'} no set to lose"
        if mode == "half_round":
            return f"{name}{lose} half of the round's points ({points})"
        noun = "set" if len(goods) == 1 else "sets"
        whose = "your" if you else "their"
        return f"{name}{lose} {whose} {join_words(goods)} {noun} ({points} points)"

    def on_game_end(self, event: Event, voice: Voice) -> str:
        scores = list(event.get("scores") or [])
        winners = [p for p in event.get("winners") or [] if isinstance(p, int)]
        if event.get("reason") == "early":
            over = event.get("over")
            high = [p for p, sc in enumerate(scores) if isinstance(over, int) and sc > over]
            who = voice.names_of(high) or "a player"
            have = "have" if len(high) > 1 or (len(high) == 1 and voice.you(high[0])) else "has"
            why = (
                f"The game ends early: after round {event.get('round')}, {who} {have} more "
                f"than {over} points."
            )
        elif isinstance(event.get("round"), int):
            why = f"The game ends after round {event.get('round')}."
        else:
            why = "The game ends."
        parts = [why]
        if scores and winners:
            best = scores[winners[0]]
            tied = [p for p, sc in enumerate(scores) if sc == best]
            if len(winners) > 1:
                parts.append(f"{voice.names_of(winners)} share the win with {best} points.")
            elif len(tied) > 1:
                parts.append(
                    f"{voice.names_of(tied)} tie on {best} points; "
                    f"{voice.object(winners[0])} {'win' if voice.you(winners[0]) else 'wins'} with "
                    "fewer corruption cards."
                )
            else:
                parts.append(f"{voice.subject(winners[0], 'win', 'wins')} with {best} points.")
        parts.append(f"Final scores: {_per_seat(voice, scores)}.")
        return " ".join(parts)

    # -- terms the first time they appear ------------------------------------------------
    def explanations(self, event: Event) -> list[tuple[str, str]]:
        kind = event.get("kind")
        if kind == "chance" and event.get("label") == "shipment":
            shown = event.get("value") or []
            out = [("Scarabs", W.TERMS["Scarabs"])]
            if "amulet" in shown:
                out.append(("Amulet", W.TERMS["Amulet"]))
            if "character" in shown:
                out.append(("Face-down character", W.TERMS["Face-down character"]))
            return out
        if kind == "action":
            action = event.get("action")
            a = action if isinstance(action, Mapping) else {}
            akind = a.get("kind")
            if akind == "take" and event.get("skipped"):
                return [("Corruption", W.TERMS["Corruption"])]
            if akind == "play":
                return [W.explain_character(str(a.get("character")), event.get("power"))]
            if akind == "token":
                effect = str(a.get("effect"))
                return [(W.token_term(effect), W.explain_effect(effect, event.get("points")))]
            if akind == "done" and "set" in event:
                out = [("Event tokens", W.TERMS["Event tokens"])]
                if isinstance(event.get("number"), int):
                    out.append(("Second set", W.SECOND_SET))
                return out
            return []
        if kind == "set":
            out = [("Event tokens", W.TERMS["Event tokens"])]
            if isinstance(event.get("number"), int):
                out.append(("Second set", W.SECOND_SET))
            return out
        if kind == "got":
            return [W.explain_character(str(event.get("card")), event.get("power"))]
        if kind == "tokens":
            return [
                (W.token_term(str(t)), W.explain_effect(str(t))) for t in event.get("tokens") or []
            ]
        if kind == "round end":
            mode = str(event.get("penalty_mode", "best_set"))
            return [
                ("Corruption penalty", W.PENALTY_EXPLAINED.get(mode, W.TERMS["Corruption penalty"]))
            ]
        return []

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
                effect: {"name": W.token_word(effect), "purpose": W.purpose(effect)}
                for effect in W.TOKEN_WORDS
            },
        }

    def glossary(self) -> dict[str, str]:
        out = dict(W.TERMS)
        for key in CHARACTER_NAMES:
            term, text = W.explain_character(key)
            out[term] = text
        for row in (*DEFAULT_EVENTS, *INVENTED_EVENTS):  # the tokens of the defaults first
            effect, _copies = parse_event(row)
            out[W.token_term(effect)] = W.explain_effect(effect)
        return out


NARRATOR = SobekNarrator()
