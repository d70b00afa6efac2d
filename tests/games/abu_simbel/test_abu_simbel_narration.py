"""Abu Simbel's narration (issue 22): every event in words, memory-honest on the way out.

Lasting sentences (``narrate``) never name a chamber card or a move: a person reads them
in the log on their own way out, when the route must be recalled (abu_simbel:11). What
the table shows for the moment (the new route, the added chamber, the move just made,
what a mistake should have been) is a flash (``flash``), dropped at the next redraw.
"""

from __future__ import annotations

import random
import re
from collections.abc import Iterable
from typing import Any

import pytest
from abu_simbel_helpers import (
    CHAMBER_WORDS,
    GAME,
    enter,
    expected,
    force_route,
    full_turn,
    referee_pass_all,
    scripted,
    walk_in,
    walk_out,
    wrong,
)

import narration_check
from obelisk.core import PlayerView, Voice, raw_fragment
from obelisk.games.abu_simbel.actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    MoveTimedOut,
    PassCover,
    PlaceCover,
    Verdict,
)
from obelisk.games.abu_simbel.components import TOKENS, TYPES
from obelisk.games.abu_simbel.narration import CHAMBER_NAME
from rulebook import refuses

NAMES = ("Ann", "Bob", "Cat")
#: Every kind a game can emit, and where the narration check meets it.
ALL_KINDS = {
    "action",
    "chance",
    "round_started",
    "turn_started",
    "move_ok",
    "mistake",
    "treasure_taken",
    "treasure_drawn",
    "treasure_kept",
    "treasure_discarded",
    "charm_lost",
    "mummy_gained",
    "chamber_added",
    "reshuffle",
    "round_ended",
    "game_over",
    "turned_away",
    "cover_placed",
    "timeout_ignored",
}

_ANY_CHAMBER = re.compile(
    r"\b(" + "|".join(w for ws in CHAMBER_WORDS.values() for w in ws) + r")", re.IGNORECASE
)
#: Spellings of the engine a person must not read (tokens, type ids, treasure codes).
ENGINE_WORDS = re.compile(
    r"\b(" + "|".join([*TOKENS, *TYPES, "SCORPIONS_\\d", "URN:", "ARK:", "CHEST:"]) + r")"
)


def words_of(card: str) -> tuple[str, ...]:
    kind = "SCORPIONS" if card.startswith("SCORPIONS_") else card
    return CHAMBER_WORDS[kind]


def names(text: str, cards: Iterable[str]) -> list[str]:
    """The words of ``cards`` that ``text`` holds."""
    found = []
    for card in cards:
        for w in words_of(card):
            if re.search(rf"\b{re.escape(w)}", text, re.IGNORECASE):
                found.append(w)
    return found


def lasting(state: Any, seat: int | None, start: int = 0) -> list[tuple[str, str]]:
    voice = Voice(NAMES[: state.num_players], seat)
    out = []
    for e in state.events_for(seat, start):
        line = GAME.narrate(e, voice)
        if line:
            out.append((str(e["kind"]), line))
    return out


def sentences(state: Any, seat: int | None = 0, start: int = 0) -> list[str]:
    return [line for _, line in lasting(state, seat, start)]


def flashes(state: Any, seat: int | None = 0, start: int = 0) -> list[str]:
    voice = Voice(NAMES[: state.num_players], seat)
    return [f for e in state.events_for(seat, start) if (f := GAME.flash(e, voice))]


# -- every kind, in every variant ---------------------------------------------------------
VARIANT_RUNS: list[tuple[str, dict[str, Any] | None, set[str]]] = [
    ("base", None, {"mummy_gained", "treasure_discarded", "mistake", "chamber_added"}),
    ("ultimate", {"ultimate": True}, {"cover_placed"}),
    ("all_for_one", {"cooperative": True}, {"charm_lost", "treasure_kept"}),
    ("referee_hotseat", {"judging_mode": "referee", "table_mode": "hotseat"}, {"turned_away"}),
    ("little", dict(GAME.variants["little"]), {"move_ok"}),
    ("small_deck", {"chamber_deck": ("LAVA*2", "BLADES*2", "GAS", "PIT")}, {"reshuffle"}),
]


@pytest.mark.parametrize("label,options,kinds", VARIANT_RUNS, ids=[r[0] for r in VARIANT_RUNS])
def test_every_event_kind_has_a_sentence_or_a_silence(label, options, kinds):
    states = list(narration_check.games(GAME, seeds=range(3), options=options))
    seen = narration_check.check_narration(GAME, states)
    base = {"action", "chance", "round_started", "turn_started", "move_ok", "game_over"}
    assert base | kinds <= seen.kinds, sorted(base | kinds - seen.kinds)
    assert seen.kinds <= ALL_KINDS, sorted(seen.kinds - ALL_KINDS)
    # flashes too are single readable lines, with seats counted from 1
    for state in states:
        for seat in [None, *range(state.num_players)]:
            for f in flashes(state, seat):
                assert "\n" not in f and raw_fragment(f) is None, f
                assert not narration_check.ZERO_SEAT.search(f), f
                assert not ENGINE_WORDS.search(f), f
            for line in sentences(state, seat):
                assert not ENGINE_WORDS.search(line), line


def test_every_kind_is_known_to_the_narrator():
    assert all(GAME.narrator.knows(k) for k in ALL_KINDS)


# -- the sentences of a scripted turn -------------------------------------------------------
@pytest.mark.rules("abu_simbel:5.1", "abu_simbel:5.2", "abu_simbel:5.3")
def test_a_successful_turn_in_words():
    s = scripted(3, route=["LAVA", "BLADES", "SCORPIONS_2"])
    s.chance.force("URN:3", label="treasure")
    walk_in(s)
    s.apply(ChooseTreasureDeck(1))
    s.chance.force("PIT", label="chamber")
    walk_out(s)
    assert sentences(s, 0) == [
        "Round 1 begins: you lay a new route of 3 chambers out from the vault and go first.",
        "Your turn: in through 3 chambers, then back out from memory.",
        "You get past chamber 3 (1 of 3 on the way in).",
        "You get past chamber 2 (2 of 3 on the way in).",
        "You get past chamber 1 (3 of 3 on the way in): the vault is reached.",
        "You take the top card of treasure deck 2 (6 cards left there) and turn back for the "
        "way out.",
        "You look at it secretly: an urn worth 3 jewels.",
        "You get past chamber 1 (1 of 3 on the way out).",
        "You get past chamber 2 (2 of 3 on the way out).",
        "You get past chamber 3 (3 of 3 on the way out): out of the temple.",
        "You get out with the treasure: 1 treasure card kept face down.",
        "A new chamber is laid at the far end: the route now has 4 chambers.",
        "Bob's turn: in through 4 chambers, then back out from memory.",
    ]
    assert flashes(s, 1) == [
        "The new route, from the vault outwards: 1: the lava, 2: the swinging blades, "
        "3: two scorpions.",
        "Ann stomps twice.",
        "Ann ducks low.",
        "Ann jumps forward.",
        "Ann jumps forward.",
        "Ann ducks low.",
        "Ann stomps twice.",
        "The new chamber 4 is the pit: two pulls along a rope overhead.",
    ]
    # the other seats read the same turn without the treasure's face
    bob = sentences(s, 1)
    assert (
        "Ann takes the top card of treasure deck 2 (6 cards left there) and turns back for "
        "the way out." in bob
    )
    assert not any("an urn" in line for line in bob)
    assert not any("an urn" in line for line in sentences(s, None))


@pytest.mark.rules("abu_simbel:5.4", "abu_simbel:8")
def test_a_mistake_on_the_way_out_in_words():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    s.chance.force("CHEST:2", label="treasure")
    walk_in(s)
    s.apply(ChooseTreasureDeck(0))
    start = len(s.events)
    enter(s, expected(s))
    force_route(s, ["PIT", "EMPTY", "DIVE"])
    enter(s, "STOMP_x2")  # chamber 2 is the blades
    assert sentences(s, 1, start) == [
        "Ann gets past chamber 1 (1 of 3 on the way out).",
        "Ann makes the wrong move in chamber 2 (2 of 3 on the way out).",
        "Ann loses the treasure carried: a chest worth 2 jewels, now face up and out of the game.",
        "Ann loses a charm card: 2 left.",
        "Round 1 is over: its route goes to the discard pile.",
        "Round 2 begins: you lay a new route of 3 chambers out from the vault and go first.",
        "Your turn: in through 3 chambers, then back out from memory.",
    ]
    assert flashes(s, 1, start) == [
        "Ann jumps forward.",
        "Ann stomps twice.",
        "Chamber 2 was the swinging blades: duck low (the move made: stomp twice).",
        "The new route, from the vault outwards: 1: the pit, 2: the empty chamber, "
        "3: the deep water.",
    ]


@pytest.mark.rules("abu_simbel:8", "abu_simbel:5.4")
def test_game_over_names_the_cause_the_scores_and_the_winner():
    # one player fails three rounds in a row: the old round start (option, issue 36)
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], new_round_starter="failing_player")
    full_turn(s, treasure="CHEST:2")
    for _ in range(3):
        enter(s, wrong(expected(s)))
    assert s.is_terminal()
    assert sentences(s, 1)[-1] == (
        "Game over: you have lost the last charm card. Scores: Ann 6, You 0. Ann wins."
    )
    assert sentences(s, 0)[-2] == "Bob loses a charm card: that was the last one."


@pytest.mark.rules("abu_simbel:8")
def test_a_shared_win_and_the_treasure_end():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], treasure_cards=("URN:1*2",), treasure_decks=2)
    full_turn(s, deck=0)
    full_turn(s, deck=1)
    walk_in(s)
    assert s.is_terminal() and s.winners() == [0, 1]
    assert sentences(s, None)[-1] == (
        "Game over: the treasure decks are empty. Scores: Ann 5, Bob 5. Ann and Bob share the win."
    )


@pytest.mark.rules("abu_simbel:6", "abu_simbel:9.2")
def test_mummy_cards_and_covers_in_words():
    s = scripted(2, route=["MUMMY", "BLADES", "GAS"])
    full_turn(s, treasure="URN:1")
    assert "You earn a mummy card (worth 1 point at the end)." in sentences(s, 0)
    assert ("Mummy card", GAME.narrator.glossary()["Mummy card"]) in [
        t for e in s.events_for(0) for t in GAME.narrator.explanations(e)
    ]
    u = scripted(2, route=["MUMMY", "BLADES", "GAS"], ultimate=True)
    full_turn(u, treasure="URN:1")  # Ann earns a mummy card, then Bob's window: Ann may cover
    assert "Ann earns a mummy card (to lay on a chamber before a later turn)." in sentences(u, 1)
    start = len(u.events)
    u.apply(PlaceCover(2))
    assert sentences(u, 1, start)[0] == "Ann lays a mummy card over one of the chambers."
    assert flashes(u, 1, start) == [
        "Ann's mummy card lies on chamber 3: until the round ends, its move is a punch."
    ]
    assert "Mummy cover" in dict(GAME.narrator.explanations(u.events_for(1, start)[1]))
    v = scripted(2, route=["MUMMY", "BLADES", "GAS"], ultimate=True)
    full_turn(v, treasure="URN:1")
    start = len(v.events)
    v.apply(PassCover())
    assert sentences(v, 0, start)[0] == "You keep the mummy card back this time."


@pytest.mark.rules("abu_simbel:9.3")
def test_the_team_game_in_words():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], cooperative=True, team_target=1)
    full_turn(s, treasure="ARK:2")
    lines = sentences(s, 1)
    assert (
        "Ann gets out with the treasure: 1 treasure card kept face down; the team has 1 of "
        "the 1 it needs." in lines
    )
    assert lines[-1] == "The team wins: 1 treasure card is out of the temple."
    t = scripted(2, route=["LAVA", "BLADES", "GAS"], cooperative=True, team_charms=1)
    enter(t, wrong(expected(t)))
    assert sentences(t, 0)[-2:] == [
        "The team loses a charm card: none left.",
        "The team has lost its last charm card: the temple keeps its treasures.",
    ]


@pytest.mark.rules("abu_simbel:10.2")
def test_referee_mode_in_words():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], judging_mode="referee", table_mode="hotseat")
    start = len(s.events)
    s.apply(Verdict(0, True))
    assert sentences(s, 1, start) == ["You pass Ann's move in chamber 3 (1 of 3 on the way in)."]
    assert sentences(s, 0, start) == ["Bob passes your move in chamber 3 (1 of 3 on the way in)."]
    referee_pass_all(s)
    s.apply(ChooseTreasureDeck(0))
    start = len(s.events)
    s.apply(ConfirmTurnedAway())
    assert sentences(s, 0, start) == [
        "You turn away from the table for the way out; Bob sees the route to judge it."
    ]
    assert sentences(s, 1, start) == [
        "Ann turns away from the table for the way out; you see the route to judge it."
    ]
    s.apply(Verdict(0, True))
    start = len(s.events)
    s.apply(Verdict(1, False))
    assert sentences(s, 1, start)[0] == "You fail Ann's move in chamber 2 (2 of 3 on the way out)."
    assert flashes(s, 1, start)[0] == "Chamber 2 was the swinging blades: duck low."


@pytest.mark.rules("abu_simbel:10.1", "abu_simbel:9.1")
def test_timeouts_in_words():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], move_time_limit_s=10.0)
    s.apply_system(MoveTimedOut())
    assert sentences(s, 1)[2] == (
        "Ann runs out of time in chamber 3 (1 of 3 on the way in): a mistake."
    )
    assert flashes(s, 1)[1] == "Chamber 3 was the poison gas: cover your nose."
    f = scripted(
        2, route=["LAVA", "BLADES", "GAS"], move_time_limit_s=10.0, free_judging_seats=(0,)
    )
    f.apply_system(MoveTimedOut())
    assert sentences(f, 0)[-1] == (
        "Your time for the move ran out, but with free judging nothing is lost."
    )
    assert sentences(f, 1)[1] == (
        "Ann's turn: in through 3 chambers, then back out from memory; every move passes "
        "(free judging)."
    )


@pytest.mark.rules("abu_simbel:9.1")
def test_a_forward_exit_is_announced():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], forward_exit_seats=(1,))
    full_turn(s)
    assert sentences(s, 0)[-1] == (
        "Bob's turn: in through 4 chambers, then out again in the same order from memory."
    )


@pytest.mark.rules("abu_simbel:7")
def test_reshuffle_and_the_automatic_deck_in_words():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], chamber_deck=("LAVA", "BLADES", "GAS"))
    enter(s, wrong(expected(s)))  # the route goes to the discard, the deck is empty
    assert "The chamber deck is empty: the 3 discarded chambers are shuffled into a new deck." in (
        sentences(s, 0)
    )
    t = scripted(2, route=["LAVA", "BLADES", "GAS"], treasure_decks=1)
    walk_in(t)
    assert sentences(t, 1)[-1] == (
        "Only treasure deck 1 still has cards, so Ann takes its top card (20 cards left there) "
        "and turns back for the way out."
    )


# -- explanations and glossary ----------------------------------------------------------------
def test_chamber_cards_are_explained_when_they_first_appear_and_in_the_glossary():
    s = scripted(2, route=["LAVA", "SCORPIONS_2", "LAVA"])
    terms = dict(GAME.narrator.explanations(s.events_for(0)[1]))
    assert list(terms) == ["Lava", "Scorpions"]
    assert "jump" in terms["Lava"] and "stomp once for each scorpion" in terms["Scorpions"]
    glossary = GAME.narrator.glossary()
    for t in TYPES:
        term = CHAMBER_NAME[t].removeprefix("the ").capitalize()
        assert glossary.get(term)
    for term in ("Mummy card", "Mummy cover", "Charm cards", "Treasure set"):
        assert glossary[term]
    # each move in words, in the glossary of its chamber
    for t, (_, move) in CHAMBER_WORDS.items():
        term = CHAMBER_NAME[t].removeprefix("the ").capitalize()
        assert move.split()[0] in glossary[term] or t in ("EMPTY",), (t, glossary[term])


# -- hidden information ---------------------------------------------------------------------------
@pytest.mark.rules("abu_simbel:11")
def test_no_sentence_holds_another_seats_treasure():
    for seed in range(12):
        for level in ("random", "heuristic"):
            state = narration_check.play(GAME, 3, seed, level)
            drawn: dict[int, list[str]] = {}
            for e in state.events:
                if e.kind == "treasure_drawn":
                    drawn.setdefault(e.data["seat"], []).append(e.data["card"])
            public = {e.data["card"] for e in state.events if e.kind == "treasure_discarded"}
            for seat in range(3):
                text = " ".join(sentences(state, seat) + flashes(state, seat))
                for other, cards in drawn.items():
                    if other == seat:
                        continue
                    for card in set(cards) - public - set(drawn.get(seat, [])):
                        kind, _, j = card.partition(":")
                        words = f"{kind.lower()} worth {j} jewel"
                        assert words not in text, (seed, seat, card)


# -- memory honesty (abu_simbel:11: no memory aids) ----------------------------------------------
def _ways_out(state: Any) -> list[tuple[int, int, int, list[str]]]:
    """(seat, first event index of the round, end index of the way out, the route cards)."""
    out = []
    route: list[str] = []
    round_start = 0
    current: tuple[int, int] | None = None
    for k, e in enumerate(state.events):
        if e.kind == "round_started":
            route, round_start = list(e.data["route"]), k
        elif e.kind == "chamber_added":
            route.append(e.data["card"])
        elif e.kind == "treasure_taken":
            current = (e.data["seat"], k)
        elif current and e.kind in ("treasure_kept", "mistake", "game_over"):
            out.append((current[0], round_start, k, list(route)))
            current = None
    return out


@pytest.mark.rules("abu_simbel:11")
def test_no_lasting_sentence_names_a_route_card_of_the_way_out():
    """For each seat's way out: no lasting sentence it can read from the round's start
    (what its log holds during the way out) to the end of the round names a card of that
    route, or a move; the choices of the way out name no chamber either."""
    checked = 0
    for seed in range(4):
        for level in ("random", "heuristic"):
            for options in (None, {"ultimate": True}, dict(GAME.variants["little"])):
                state = narration_check.play(GAME, 3, seed, level, options)
                told = {seat: lasting(state, seat) for seat in [None, *range(state.num_players)]}
                for seat, _start, _end, route in _ways_out(state):
                    # every lasting line of the game: more than the log holds on that way out
                    log = "\n".join(line for _, line in told[seat])
                    assert not names(log, route), (seed, route)
                    checked += 1
                for lines in told.values():
                    for kind, line in lines:
                        assert not _ANY_CHAMBER.search(line), (kind, line)
    assert checked > 20


@pytest.mark.rules("abu_simbel:11")
def test_the_way_out_choices_and_view_name_no_chamber():
    s = scripted(2, route=["LAVA", "BLADES", "SCORPIONS_2"])
    walk_in(s)
    s.apply(ChooseTreasureDeck(0))
    choices = [s.choice_text(a) for a in s.legal_actions()]
    assert choices[:3] == ["punch — punch the air", "duck — duck low", "jump — jump forward"]
    other = scripted(2, route=["PIT", "GAS", "CRAWL"])
    walk_in(other)
    other.apply(ChooseTreasureDeck(0))
    # the same list whatever the route: the choices recall nothing
    assert [other.choice_text(a) for a in other.legal_actions()] == choices
    for c in choices:
        assert not re.search(r"lava|blades|scorpion|chamber", c, re.IGNORECASE), c
    view = s.to_text(0)
    assert not names(view, s.route) and "[?]" in view
    assert "recall the moves" in view


# -- hints --------------------------------------------------------------------------------------
@pytest.mark.rules("abu_simbel:11")
def test_no_hint_on_the_way_out():
    """Issue 22: on the way out the old hint guessed (right 2 times in 18); now it says why
    it can't help, and the table-only hint never answers from a hidden face."""
    s = scripted(2, route=["LAVA", "BLADES", "SCORPIONS_2"])
    assert s.hint_refusal(0) is None
    walk_in(s)
    s.apply(ChooseTreasureDeck(0))
    assert s.hint_refusal(0) == "on the way out you must remember the route yourself; no hint."
    agent = GAME.hint_agent()
    assert agent is not None
    with pytest.raises(ValueError, match="hidden"):
        agent.act(PlayerView(s, 0), random.Random(0))


@pytest.mark.rules("abu_simbel:10.2")
def test_no_hint_for_a_referee():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], judging_mode="referee", table_mode="hotseat")
    assert s.hint_refusal(1) == (
        "only you can judge the move: watch the player and the card; no hint."
    )
    referee_pass_all(s)
    s.apply(ChooseTreasureDeck(0))
    assert s.hint_refusal(1) is None  # only "turned away" to confirm
    agent = GAME.hint_agent()
    assert agent is not None and agent.act(PlayerView(s, 1), random.Random(0)) == (
        ConfirmTurnedAway()
    )


def test_the_hint_reads_the_table_on_the_way_in():
    agent = GAME.hint_agent()
    assert agent is not None
    for seed in range(20):
        s = scripted(3, seed=seed)
        while s.phase == "way_in":
            hint = agent.act(PlayerView(s, s.current_player), random.Random(seed))
            assert hint == EnterMove(expected(s))
            s.apply(hint)
        hint = agent.act(PlayerView(s, s.current_player), random.Random(seed))
        assert isinstance(hint, ChooseTreasureDeck)


# -- choices and the view ----------------------------------------------------------------------
def test_choices_say_what_they_do():
    s = scripted(2, route=["LAVA", "BLADES", "GAS"])
    walk_in(s)
    assert [s.choice_text(a) for a in s.legal_actions()] == [
        "deck 1 — take the top card of treasure deck 1 (7 cards)",
        "deck 2 — take the top card of treasure deck 2 (7 cards)",
        "deck 3 — take the top card of treasure deck 3 (7 cards)",
    ]
    r = scripted(2, route=["LAVA", "BLADES", "GAS"], judging_mode="referee")
    assert [r.choice_text(a) for a in r.legal_actions()] == [
        "ok 1 — the move in chamber 3 was right",
        "fail 1 — the move in chamber 3 was wrong (a charm lost, the round ends)",
    ]
    u = scripted(2, route=["MUMMY", "BLADES", "GAS"], ultimate=True)
    full_turn(u)
    assert [u.choice_text(a) for a in u.legal_actions()] == [
        "no cover — keep your mummy card for another turn",
        "cover 2 — lay your mummy card on chamber 2: its move becomes a punch",
        "cover 3 — lay your mummy card on chamber 3: its move becomes a punch",
        "cover 4 — lay your mummy card on chamber 4: its move becomes a punch",
    ]


def test_the_view_is_in_words_counted_from_one_and_compact():
    for seed in range(6):
        for options in (
            None,
            {"ultimate": True},
            {"cooperative": True},
            {"judging_mode": "referee", "table_mode": "hotseat"},
            dict(GAME.variants["little"]),
        ):
            state = GAME.new_state(3, seed, options)
            rng = random.Random(seed)
            while True:
                for seat in (None, 0, 1, 2):
                    text = state.to_text(seat)
                    assert not narration_check.ZERO_SEAT.search(text), text
                    assert not ENGINE_WORDS.search(text), text
                    assert raw_fragment(text) is None, text
                    assert max(map(len, text.splitlines())) <= 76, text  # an 80-column panel
                if state.is_terminal():
                    break
                legal = state.legal_actions()
                state.apply(legal[rng.randrange(len(legal))])


# -- messages a person reads count seats from 1 -----------------------------------------------
@pytest.mark.rules("abu_simbel:1", "abu_simbel:10.2")
def test_messages_count_seats_and_chambers_from_one():
    from obelisk.core import InvalidOptions

    with pytest.raises(InvalidOptions) as err:
        GAME.new_state(3, 0, {"first_player": 3})
    assert "0 is seat 1, 2 is seat 3" in str(err.value)
    assert not narration_check.ZERO_SEAT.search(str(err.value))
    with pytest.raises(InvalidOptions) as err:
        GAME.new_state(2, 0, {"free_judging_seats": (2,)})
    assert "0 is seat 1, 1 is seat 2" in str(err.value)
    s = scripted(2, route=["LAVA", "BLADES", "GAS"], judging_mode="referee")
    msg = refuses(s, Verdict(1, True), "abu_simbel:10.2")
    assert "the next one is ok 1 or fail 1, for chamber 3" in msg


@pytest.mark.rules("abu_simbel:11", "abu_simbel:10.1")
def test_the_view_of_the_way_in_and_of_the_way_out():
    s = scripted(2, route=["LAVA", "BLADES", "SCORPIONS_1"])
    enter(s, expected(s))
    assert s.to_text(0).splitlines() == [
        "Round 1 · way in, cards face up · your turn · you are seat 1",
        "Route of 3 chambers (1 is next to the vault); the way in, from the far end:",
        "  ok  3 one scorpion (stomp once)",
        "  ->  2 the swinging blades (duck low)",
        "      1 the lava (jump forward)",
        "Chamber deck 27, discard 0 · treasure decks 7, 7, 7 · mummy supply 6",
        "  seat 1 (you): 3 charms (4 jewels), 0 treasures",
        "  seat 2: 3 charms (4 jewels), 0 treasures",
        "Your treasures (jewels): none",
    ]
    walk_in(s)
    s.chance.force("ARK:2", label="treasure")
    s.apply(ChooseTreasureDeck(2))
    enter(s, expected(s))
    assert s.to_text(0).splitlines()[:4] == [
        "Round 1 · way out, from memory · your turn · you are seat 1",
        "Route of 3 chambers (1 is next to the vault); the way out, from the vault:",
        "  ok 1 [?]  -> 2 [?]  3 [?]",
        "  The cards are hidden from you: recall the moves!",
    ]
    assert s.to_text(0).splitlines()[-1] == "You carry: ark (2 jewels)"
    assert "  ->  2 the swinging blades (duck low)" in s.to_text(1)  # the table Bob watches
