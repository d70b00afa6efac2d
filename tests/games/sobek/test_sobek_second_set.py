"""A second set of the same goods (sobek:6.3, issue 27): the seed lets a player add cards to
a set already played, and never forbids laying a new set of goods already laid. By default
(``second_set = "choose"``) she chooses; ``second_set = "add"`` is the spec's merge."""

from __future__ import annotations

import json
import random

import pytest
from sobek_fixtures import GAME, arrange, hand, kinds, new, play, refuses

from obelisk.core import InvalidOptions, Voice
from obelisk.core.record import Record, replay
from obelisk.games.sobek.actions import NewSet, Onto, Set
from obelisk.games.sobek.options import SobekOptions, check_options

SEED = (
    '"It is possible to add cards to a set that has already been played (in order to earn '
    'more points during scoring)"'
)
FISH = ["fish1", "fish1", "fish1"]


def illegal(state, action, rule="sobek:6.3"):
    """The action is refused under ``rule`` (the second-set rule unless said): the rulebook's
    ``refuses``."""
    return refuses(state, action, rule)


def fish_table(s, hand_cards=("fish1", "fish0", "fish0"), **kw):
    """Player 1 holds 3 more fish beside a laid fish set (3 x fish 1, worth 9)."""
    kw.setdefault("sets", {0: {"fish": FISH}})
    return arrange(s, hands={0: list(hand_cards)}, market=["wheat1"] * 4, turn=0, pool=[], **kw)


def sentences(state, seat, start=0):
    voice = Voice(("Ann", "Bob", "Cleo")[: state.num_players], seat)
    out = [GAME.narrate(e, voice) for e in state.events_for(seat)[start:]]
    return [x for x in out if x]


@pytest.mark.rules("sobek:6.3")
def test_default_offers_the_choice_add_or_new_set():
    (
        """The seed: """
        + SEED
        + """; adding is possible, not required, and its reason (more
    points) is the difference from laying the cards as a set of their own: by default the
    player chooses, and each choice says what it does."""
    )
    s = fish_table(new(3))
    assert GAME.make_options(None).second_set == "choose"
    assert kinds(s)[-2:] == ["set fish", "new fish"]
    words = {a.text(): s.choice_text(a) for a in s.legal_actions()}
    assert words["set fish"] == "set fish — add 3 or more cards to your fish set"
    assert words["new fish"] == (
        "new fish — lay as a new fish set, your second (3 or more cards, a fish goods card "
        "among them; scored on its own)"
    )


@pytest.mark.rules("sobek:6.3")
def test_option_add_always_merges():
    """second_set = "add" (the spec's one set per goods): only "set fish", which joins the
    set laid; scoring sees one set of 6 cards with 3 scarabs."""
    s = fish_table(new(3, second_set="add"))
    assert kinds(s)[-1] == "set fish" and "new fish" not in kinds(s)
    play(s, "set fish", "add fish 1", "add fish 0", "add fish 0")
    assert len(s.sets[0][4]) == 6 and s.more[0] == ()
    assert "more_sets" not in s.observation(1)
    s._end_round()
    assert s.last_result["set_values"][0] == {"fish": 6 * 4}


@pytest.mark.rules("sobek:6.3")
def test_a_second_separate_set_is_laid():
    """ "new fish": the three cards make a fish set of their own beside the first; everybody
    sees both, and reads that it is a second set."""
    s = fish_table(new(3))
    start = len(s.events_for(1))
    play(s, "new fish", "add fish 1", "add fish 0", "add fish 0")
    assert hand(s, 0) == [] and s.current_player == 1
    assert [s.t.name(c) for c in s.sets[0][4]] == FISH
    obs = s.observation(1)
    assert obs["sets"][0] == {"fish": FISH}
    assert obs["more_sets"] == [
        [{"goods": "fish", "number": 2, "cards": ["fish1", "fish0", "fish0"]}],
        [],
        [],
    ]
    assert s.set_count(0, 4) == 2
    assert sentences(s, 1, start) == [
        "Ann lays a second fish set: fish 1, fish 0 and fish 0 (worth 3), scored on its own."
    ]
    laid = [e for e in s.events_for(1)[start:] if e["kind"] in ("set", "action")][-1]
    terms = dict(GAME.narrator.explanations(laid))
    assert terms["Second set"].startswith("Cards of a goods you already have a set of")
    assert "second fish 1 0 0 (3)" in s.to_text(1)
    assert "first fish 1 1 1 (9)" in s.to_text(1)


@pytest.mark.rules("sobek:6.3", "sobek:11.1")
def test_two_sets_of_one_goods_score_separately():
    """Each set scores its own cards x scarabs: 3 x 3 = 9 and 3 x 1 = 3, 12 in all (merged
    they would make 6 x 4 = 24)."""
    s = fish_table(new(3))
    play(s, "new fish", "add fish 1", "add fish 0", "add fish 0")
    s._end_round()
    r = s.last_result
    assert r["set_values"][0] == {"fish": 9}
    assert r["more_set_values"] == [[{"goods": "fish", "number": 2, "value": 3}], [], []]
    assert r["set_points"][0] == 12 and s.totals[0] == 12


@pytest.mark.rules("sobek:6.3", "sobek:11.2")
def test_the_penalty_takes_only_the_most_valuable_set():
    """best_set: the most corrupt player loses her single most valuable set, here the second
    fish set (4 cards x 2 scarabs = 8), and keeps the first (3 cards x 1 scarab = 3); the
    round's sentence names the set lost."""
    s = new(3)
    arrange(
        s,
        sets={0: {"fish": ["fish1", "fish0", "fish0"]}},
        more_sets={0: [("fish", ["fish1", "fish1", "amulet", "fish0"])]},
        corruption={0: ["wheat0"]},
        market=[],
        deck=[],
        turn=0,
        pool=[],
    )
    start = len(s.events_for(1))
    s._end_round()
    r = s.last_result
    assert r["most_corrupt"] == [0]
    assert r["penalty"] == [4 * 2, 0, 0]  # the second set: 4 cards x 2 scarabs
    assert r["set_points"][0] == 3 + 8 and r["round_points"][0] == 3
    assert (
        "Ann is the most corrupt with 1 card, and loses their second fish set (8 points)."
        in (sentences(s, 1, start)[0])
    )


@pytest.mark.rules("sobek:6.3")
def test_with_several_sets_the_player_says_which_to_add_to():
    """With two fish sets "set fish" would be ambiguous: "onto fish 1" and "onto fish 2"
    are offered (and "new fish" for a third); the addition goes into the set named."""
    s = fish_table(
        new(3),
        more_sets={0: [("fish", ["fish0", "fish0", "fish0"])]},
        hand_cards=("fish1", "fish1", "amulet"),
    )
    assert kinds(s)[-3:] == ["onto fish 1", "onto fish 2", "new fish"]
    assert s.choice_text(Onto("fish", 2)) == (
        "onto fish 2 — add 3 or more cards to your second fish set (3 cards, worth 0)"
    )
    msg = illegal(s, Set("fish"))
    assert msg.startswith("you have 2 fish sets: say which one to add to")
    start = len(s.events_for(2))
    play(s, "onto fish 2", "add fish 1", "add fish 1", "add amulet")
    assert sentences(s, 2, start) == [
        "Ann adds fish 1, fish 1 and an amulet to their second fish set (now worth 12)."
    ]
    assert [s.t.name(c) for c in s.sets[0][4]] == FISH
    assert s.observation(0)["more_sets"][0] == [
        {
            "goods": "fish",
            "number": 2,
            "cards": ["fish0", "fish0", "fish0", "fish1", "fish1", "amulet"],
        }
    ]


@pytest.mark.rules("sobek:6.3")
def test_bad_second_set_choices_are_refused_with_the_rule():
    """Each refusal names the rule and changes nothing: a new set with the merge option, a
    "new" with no set laid yet, a set number that does not exist, a new set of wild cards."""
    s = fish_table(new(3, second_set="add"))
    assert "always join that set" in illegal(s, NewSet("fish"))
    s = arrange(new(3), hands={0: ["fish1", "fish0", "fish0"]}, market=["wheat1"] * 4, turn=0)
    assert "no fish set yet" in illegal(s, NewSet("fish"))
    s = fish_table(new(3))
    assert "only one fish set" in illegal(s, Onto("fish", 2))
    s = fish_table(
        new(3),
        more_sets={0: [("fish", ["fish0", "fish0", "fish0"])]},
        hand_cards=("fish1", "fish1", "amulet"),
    )
    assert "no fish set 3" in illegal(s, Onto("fish", 3))
    s = fish_table(new(3), hand_cards=("amulet", "amulet", "thief"))
    assert "set fish" in kinds(s) and "new fish" not in kinds(s)
    assert "goods card" in illegal(s, NewSet("fish"))
    assert "no goods called 'gold'" in illegal(s, NewSet("gold"))


@pytest.mark.rules("sobek:6.3", "sobek:15")
def test_option_values_are_checked():
    """second_set takes "choose" or "add"; anything else is a clear error."""
    with pytest.raises(InvalidOptions, match=r"second_set.*'split'.*choose, add"):
        GAME.new_state(2, 1, {"second_set": "split"})
    with pytest.raises(InvalidOptions, match="second_set must be one of choose, add"):
        check_options(SobekOptions(second_set="split"), 2)  # type: ignore[arg-type]


@pytest.mark.rules("sobek:6.3", "sobek:15")
def test_the_lobby_explains_the_option():
    """The server's option list carries the option's help in a player's words and its two
    choices."""
    from obelisk.server.pages import option_notes

    note = option_notes(SobekOptions)["second_set"]
    assert note["choices"] == ["choose", "add"]
    assert note["help"].startswith("Cards of a goods you already have a set of")
    assert "sobek:" not in note["help"]


@pytest.mark.rules("sobek:6.3", "sobek:9")
def test_laundering_goes_into_the_set_just_played():
    """LAUNDER_SET after a second fish set: the corruption cards join that second set."""
    s = fish_table(new(3), corruption={0: ["fish1", "fish1", "amulet"]})
    s.pool = ["LAUNDER_SET"]
    play(s, "new fish", "add fish 1", "add fish 0", "add fish 0", "token laundering")
    assert s.observation(0)["pending"]["number"] == 2
    play(s, "launder fish 1", "launder fish 1", "launder amulet")
    assert [s.t.name(c) for c in s.sets[0][4]] == FISH
    assert len(s.more[0][0][1]) == 6 and s.corr[0] == []


@pytest.mark.rules("sobek:6.3")
def test_a_game_with_second_sets_replays_from_its_record():
    """A whole game that lays second sets (a random player who takes "new" and "onto"
    whenever it can) is written to a record and replays to the same result."""
    for seed in range(40):
        s = GAME.new_state(2, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            two = [a for a in legal if a.kind in ("new", "onto")]
            sets = [a for a in legal if a.kind in ("set", "add")]
            s.apply(rng.choice(two or (sets if sets and rng.random() < 0.7 else legal)))
        data = json.loads(json.dumps(Record.from_state(s).to_json()))
        if any(st["action"]["kind"] == "new" for st in data["steps"]):
            break
    else:
        raise AssertionError("no seed laid a second set")
    again = replay(Record.from_json(data))
    assert again.scores() == s.scores() and again.winners() == s.winners()


@pytest.mark.rules("sobek:6.3")
def test_the_action_space_holds_every_second_set_action():
    """The research adapters' fixed action space: every action legal in games that lay
    second sets and add onto them is in it; with "add" it is the space without them, and
    the new actions come last, so the other actions keep their places."""
    space = set(GAME.action_space(3, None))
    seen = set()
    for seed in range(30):
        s = GAME.new_state(3, seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            legal = s.legal_actions()
            assert set(legal) <= space, [a.text() for a in legal if a not in space]
            seen.update(a.kind for a in legal)
            two = [a for a in legal if a.kind in ("new", "onto")]
            sets = [a for a in legal if a.kind in ("set", "add")]
            s.apply(rng.choice(two or (sets if sets and rng.random() < 0.8 else legal)))
    assert "new" in seen
    # onto: rare in random play, so from a laid-out position (three wheat sets laid)
    wheat = ["wheat1"] * 3
    s = arrange(
        new(3),
        hands={0: ["wheat1", "wheat1", "amulet"]},
        sets={0: {"wheat": wheat}},
        more_sets={0: [("wheat", ["wheat1", "wheat1", "amulet"]), ("wheat", ["wheat0"] * 3)]},
        market=["fish1"] * 4,
        turn=0,
    )
    assert [a.text() for a in s.legal_actions() if a.kind == "onto"] == [
        "onto wheat 1",
        "onto wheat 2",
        "onto wheat 3",
    ]
    assert set(s.legal_actions()) <= space
    merged = GAME.action_space(3, {"second_set": "add"})
    assert GAME.action_space(3, None)[: len(merged)] == merged
    assert not any(a.kind in ("new", "onto") for a in merged)
