"""Tiny Tricks: a small card game with hidden hands, used to prove the core and its suite.

Each seat holds a hidden hand drawn from a deck of cards 1..N. On a turn the
seat plays one card face up: it scores the card's value if it beats the top of
the pile, else nothing; then it draws a replacement while the deck lasts. Once
per game a seat may knock before playing: that turn's card scores double (a
two-step turn, so there is something to take back). The game ends when every
hand is empty. ``LeakyObservation`` and ``LeakyEvents``
are the same game with a deliberate leak each, for the suite to catch.
"""

from __future__ import annotations

import random
from dataclasses import dataclass
from typing import Any, ClassVar

from obelisk.core import (
    TERMINAL,
    Action,
    Capabilities,
    Event,
    Game,
    IllegalAction,
    InvalidOptions,
    State,
    option,
    seats,
)


@dataclass(frozen=True, slots=True)
class Play(Action):
    """Play one card from the hand."""

    kind: ClassVar[str] = "play"
    card: int


@dataclass(frozen=True, slots=True)
class Knock(Action):
    """Knock before playing (once per game): this turn's card scores double."""

    kind: ClassVar[str] = "knock"


@dataclass(frozen=True)
class TinyOptions:
    """Options of Tiny Tricks."""

    hand_size: int = option(3, help="Cards in each hand.", range=(1, 10))
    deck_size: int = option(12, help="Cards in the deck, numbered from 1.", range=(2, 40))
    knocks: bool = option(True, help="Each seat may knock once to score a card double.")


class TinyState(State):
    """A Tiny Tricks position."""

    def _setup(self) -> None:
        o = self.options
        self.deck = list(range(1, o.deck_size + 1))  # the unseen cards, as a pool
        self.hands: list[list[int]] = []
        for p in range(self.num_players):
            hand = self.chance.sample(self.deck, o.hand_size, "deal", to=seats(p))
            for c in hand:
                self.deck.remove(c)
            self.hands.append(sorted(hand))
        self.pile: list[int] = []
        self.points = [0] * self.num_players
        self.knocked = [False] * self.num_players
        self.knocking = False
        self.turn = 0

    @property
    def current_player(self) -> int:
        return TERMINAL if self.is_terminal() else self.turn

    def legal_actions(self) -> list[Action]:
        if self.is_terminal():
            return []
        acts: list[Action] = [Play(c) for c in self.hands[self.turn]]
        if self.options.knocks and not self.knocked[self.turn] and not self.knocking:
            acts.append(Knock())
        return acts

    def explain_illegal(self, action: Action) -> IllegalAction:
        if isinstance(action, Play):
            return IllegalAction(f"card {action.card} is not in your hand", "tiny:2")
        if isinstance(action, Knock):
            return IllegalAction("you have knocked already", "tiny:3")
        return super().explain_illegal(action)

    def _apply(self, action: Action) -> None:
        p = self.turn
        if isinstance(action, Knock):
            self.knocked[p] = True
            self.knocking = True
            return
        assert isinstance(action, Play)
        top = self.pile[-1] if self.pile else 0
        self.hands[p].remove(action.card)
        if action.card > top:
            self.points[p] += action.card * (2 if self.knocking else 1)
        self.knocking = False
        self.pile.append(action.card)
        if self.deck:
            card = self.chance.choice(self.deck, "draw", to=seats(p))
            self.deck.remove(card)
            self.hands[p].append(card)
            self.hands[p].sort()
            self._after_draw(p, card)
        self._advance()

    def _after_draw(self, seat: int, card: int) -> None:
        """Hook for the leaky variant."""

    def _advance(self) -> None:
        for k in range(1, self.num_players + 1):
            q = (self.turn + k) % self.num_players
            if self.hands[q]:
                self.turn = q
                return

    def is_terminal(self) -> bool:
        return not any(self.hands)

    def scores(self) -> list[float]:
        return [float(x) for x in self.points]

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs: dict[str, Any] = {
            "pile": list(self.pile),
            "points": list(self.points),
            "hand_sizes": [len(h) for h in self.hands],
            "deck": len(self.deck),
            "to_move": self.current_player,
            "knocked": list(self.knocked),
            "knocking": self.knocking,
        }
        if seat is not None:
            obs["hand"] = list(self.hands[seat])
        return obs

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        unseen = sorted(self.deck + [c for q, h in enumerate(self.hands) if q != seat for c in h])
        rng.shuffle(unseen)
        for q in range(self.num_players):
            if q != seat:
                k = len(self.hands[q])
                self.hands[q] = sorted(unseen[:k])
                unseen = unseen[k:]
        self.deck = sorted(unseen)


class TinyTricks(Game):
    """The test game."""

    name = "tiny"
    title = "Tiny Tricks"
    min_players = 2
    max_players = 4
    Options = TinyOptions
    capabilities = Capabilities(max_steps=200)
    action_types = (Play, Knock)
    variants: ClassVar[dict[str, dict[str, Any]]] = {
        "short": {"deck_size": 8, "hand_size": 2},
        "no_knocks": {"knocks": False},
    }
    summary = "Play a card that beats the pile to score it."

    def check_options(self, options: Any, num_players: int) -> None:
        if options.deck_size < options.hand_size * num_players:
            raise InvalidOptions(
                f"deck_size {options.deck_size} is too small to deal "
                f"{options.hand_size} cards to {num_players} players"
            )

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return TinyState(self, num_players, seed, options)

    def action_space(self, num_players: int, options: Any) -> list[Action]:
        return [*(Play(c) for c in range(1, options.deck_size + 1)), Knock()]

    def lessons(self) -> list[dict[str, Any]]:
        return TINY_LESSONS

    def lesson_practice(self, name: str) -> Any:
        if name != "guess":
            return None

        def practice(teacher: Any, rng: random.Random) -> None:
            card = rng.randint(1, 12)
            teacher.say("I drew a card from 1 to 12. Is it above 6?")
            i = teacher.choose("> ", ["above 6", "6 or below"])
            teacher.say(f"It was {card}: {'right' if (i == 0) == (card > 6) else 'wrong'}.")

        return practice


TINY_LESSONS: list[dict[str, Any]] = [
    {
        "name": "beat_the_pile",
        "title": "Beat the pile",
        "summary": "A card scores only when it beats the top of the pile.",
        "steps": [
            {"say": "Your hand is 2, 5 and 9; your opponent opens with a 7."},
            {
                "setup": {
                    "players": 2,
                    "seed": 1,
                    "forced": [[7, 8, 10], [2, 5, 9]],
                    "actions": [{"action": "play 7", "forced": [11]}],
                    "seat": 1,
                }
            },
            {
                "ask": {
                    "text": "Play the card that beats the 7.",
                    "expect": ["play 9"],
                    "wrong": "that card does not beat the 7, so it scores nothing.",
                    "forced": [4],
                    "then": "9 beats 7: you score 9.",
                }
            },
            {
                "quiz": {
                    "question": "What does a 3 score on top of a 9?",
                    "choices": ["3", "nothing"],
                    "answer": 1,
                    "explain": "a card scores only when it beats the pile.",
                }
            },
            {"practice": "guess"},
        ],
    }
]


class LeakyObservationState(TinyState):
    """Shows every hand to every seat."""

    def observation(self, seat: int | None) -> dict[str, Any]:
        obs = super().observation(seat)
        obs["all_hands"] = [list(h) for h in self.hands]
        return obs


class LeakyObservation(TinyTricks):
    name = "tiny_leaky_obs"

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return LeakyObservationState(self, num_players, seed, options)


class LeakyEventsState(TinyState):
    """Announces every drawn card to everybody in a log line."""

    def _after_draw(self, seat: int, card: int) -> None:
        self.events.append(Event("log", {"text": f"seat {seat} drew a {card}"}))


class LeakyEvents(TinyTricks):
    name = "tiny_leaky_events"

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return LeakyEventsState(self, num_players, seed, options)


TINY = TinyTricks()
GAME = TINY  # so OBELISK_PLUGINS=tinycards registers it


class LeakySamplerState(TinyState):
    """Its determinize keeps the real hands: a search would see every card."""

    def _redraw_hidden(self, seat: int, rng: random.Random) -> None:
        pass


class LeakySampler(TinyTricks):
    name = "tiny_leaky_sampler"

    def _make_state(self, num_players: int, seed: int, options: Any) -> State:
        return LeakySamplerState(self, num_players, seed, options)


LEAKY_GAMES = (LeakyObservation(), LeakyEvents(), LeakySampler())
