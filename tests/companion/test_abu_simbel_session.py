"""The Abu Simbel referee's session (issue 28), without a browser: the floor's cards forced
into the real engine, refusals that change nothing, the record saved, resumed, replayed."""

from __future__ import annotations

import json

import pytest

from obelisk.companion.abu_simbel import RefereeError, RefereeSession, from_record
from obelisk.companion.web_abu_simbel import view
from obelisk.core import Record, replay

KINDS = ("MUMMY", "BLADES", "LAVA", "CRACK", "EMPTY", "PIT", "SCORPIONS", "DIVE", "GAS")


def _say(s: RefereeSession, *texts: str) -> None:
    for t in texts:
        s.say(t)


def _game_to_the_end() -> RefereeSession:
    # the old round start (option, issue 36): the player who failed starts the next round
    s = RefereeSession(["Ann", "Bob", "Cat"], seed=7, failer_starts=True)
    _say(s, "lay lava", "lay blades", "lay gas", "ok 1", "ok 2", "ok 3", "deck 2")
    _say(s, "drew urn 3", "turned away", "ok 1", "ok 2", "ok 3", "lay pit")
    # Bob: in, out, and a mistake on the way out (the treasure is lost, a new route)
    _say(s, "ok 1", "ok 2", "ok 3", "ok 4", "deck 1", "drew ark 2", "turned away", "ok 1")
    _say(s, "fail 2", "lay dive", "lay crack", "lay scorpions 2")
    _say(s, "fail 1", "lay crawl", "lay hissing", "lay empty")  # Bob again, from the far end
    _say(s, "ok 1", "fail 2")  # his third charm: the game ends at once
    return s


@pytest.mark.rules("abu_simbel:5.1", "abu_simbel:5.3", "abu_simbel:5.4", "abu_simbel:8")
def test_a_whole_game_told_by_the_table():
    s = _game_to_the_end()
    st = s.state
    assert st is not None and st.is_terminal() and st.end_reason == "charms"
    assert st.charms == [3, 0, 3]
    assert st.tableaux[0] == ["URN:3"] and st.graveyard == ["ARK:2"]
    assert st.route == ["CRAWL", "HISSING", "EMPTY"]
    v = view(s)
    assert v["over"] and v["stage"] == "over"
    assert "Bob lost a third charm" in v["line"]
    assert [x["parts"]["total"] for x in v["scores"]] == [7, 0, 4]


@pytest.mark.rules("abu_simbel:5.1", "abu_simbel:5.4")
def test_after_a_failure_the_next_player_lays_the_route_by_default():
    s = RefereeSession(["Ann", "Bob", "Cat"], seed=7)
    _say(s, "lay lava", "lay blades", "lay gas", "ok 1", "fail 2")  # Ann fails in chamber 2
    v = view(s)
    assert v["stage"] == "lay_route" and "Bob lays a new route" in v["headline"]
    _say(s, "lay dive", "lay crack", "lay pit", "fail 1")  # Bob fails too
    assert "Cat lays a new route" in view(s)["headline"]
    _say(s, "lay lava", "lay gas", "lay empty")
    st = s.state
    assert st is not None and st.charms == [2, 2, 3] and st.active == 2
    resumed = from_record(s.record().to_json())
    assert resumed.state is not None and resumed.state.options.new_round_starter == "next_player"
    assert "Cat walks in" in view(resumed)["headline"]


@pytest.mark.rules("abu_simbel:11")
def test_the_view_holds_no_chamber_while_the_active_player_holds_the_phone():
    s = RefereeSession(["Ann", "Bob"], seed=1)
    _say(s, "lay lava", "lay blades", "lay gas", "ok 1", "ok 2", "ok 3")
    for step in ("deck 1", "drew chest 1", None):
        v = view(s)
        assert v["holder"] == "active" and v["route"] is None
        text = json.dumps(v).upper()
        for word in ("LAVA", "BLADES", "GAS", "JUMP", "DUCK", "NOSE"):
            assert word not in text, (v["stage"], word)
        if step:
            s.say(step)
    assert view(s)["stage"] == "handover"
    s.say("turned away")
    v = view(s)
    assert v["holder"] == "checkers" and v["route"][0]["name"] == "The lava"


def test_wrong_inputs_are_refused_and_change_nothing():
    s = RefereeSession(["Ann", "Bob"], seed=1)
    with pytest.raises(RefereeError, match="not a chamber"):
        s.say("lay dragon")
    _say(s, "lay lava", "lay blades", "lay gas")
    before = json.dumps(view(s))
    for bad, why in (("ok 2", "verdicts follow the way"), ("deck 1", "treasure deck")):
        with pytest.raises(RefereeError, match=why):
            s.say(bad)
        assert json.dumps(view(s)) == before
    _say(s, "ok 1", "ok 2", "ok 3", "deck 1")
    with pytest.raises(RefereeError, match="not a treasure"):
        s.say("drew urn 9")
    s.say("back")  # the deck choice is taken back with the treasure
    assert view(s)["stage"] == "deck"
    with pytest.raises(RefereeError):
        RefereeSession(["Ann"])
    with pytest.raises(RefereeError, match="same name"):
        RefereeSession(["Ann", "ann"])


def test_the_record_replays_and_resumes():
    s = _game_to_the_end()
    data = s.record().to_json()
    assert data["meta"]["inputs"][:3] == ["lay lava", "lay blades", "lay gas"]
    state = replay(Record.from_json(json.loads(json.dumps(data))))
    assert state.is_terminal() and state.scores() == s.state.scores()
    # resumed half-way: the game goes on where it stopped
    half = RefereeSession(["Ann", "Bob", "Cat"], seed=3)
    _say(half, "lay lava", "lay blades", "lay gas", "ok 1")
    again = from_record(half.record().to_json())
    assert again.stage() == "verdict_in" and again.state.progress == 1
    again.say("ok 2")
    with pytest.raises(RefereeError, match="not a game of the Abu Simbel referee"):
        from_record({**data, "meta": {}})


@pytest.mark.rules("abu_simbel:9.1")
def test_a_young_player_walks_out_in_the_way_in_order():
    s = RefereeSession(["Ann", "Kid"], seed=2, little=(1,))
    _say(s, "lay lava", "lay blades", "lay gas", "ok 1", "ok 2", "ok 3", "deck 1")
    _say(s, "drew urn 1", "turned away", "ok 1", "ok 2", "ok 3", "lay pit")
    _say(s, "ok 1", "ok 2", "ok 3", "ok 4", "deck 1", "drew ark 1", "turned away")
    v = view(s)
    assert "same order as in" in v["route_title"]
    assert [c["slot"] for c in v["route"]] == [4, 3, 2, 1]  # the far end first, as in
    assert next(p for p in v["players"] if p["name"] == "Kid")["little"]


def test_a_wrong_tap_is_taken_back():
    s = RefereeSession(["Ann", "Bob"], seed=2)
    _say(s, "lay lava", "lay blades", "lay gas", "ok 1")
    assert not RefereeSession(["Ann", "Bob"]).can_undo()
    s.say("fail 2")  # meant Pass: the new route is being asked for
    assert s.stage() == "lay_route"
    s.say("undo")
    assert s.stage() == "verdict_in" and s.state.progress == 1 and s.state.charms == [3, 3]
    s.say("undo")  # and the Pass before it
    assert s.state.progress == 0
    _say(s, "ok 1", "ok 2", "ok 3", "deck 1", "drew urn 1")
    s.say("undo")  # the treasure goes back with the deck choice
    assert s.stage() == "deck" and s.state.pending is None and len(s.state.pool) == 21


@pytest.mark.rules("abu_simbel:9.3")
def test_all_for_one_on_the_phone():
    """The seed: "If the 6 charm cards run out, everybody loses"; the team's charms count."""
    s = RefereeSession(["Ann", "Bob"], seed=4, together=True)
    _say(s, "lay lava", "lay blades", "lay gas")
    assert view(s)["team"] == {"charms": 6, "treasures": 0, "target": 10}
    for _ in range(5):
        s.say("fail 1")
        assert "one of the team's charm cards" in view(s)["line"]
        _say(s, "lay pit", "lay dive", "lay crack")
    s.say("fail 1")  # the sixth charm: the temple wins
    v = view(s)
    assert v["over"] and v["team"]["charms"] == 0 and v["scores"] == []
    assert "the temple wins" in v["line"]


@pytest.mark.rules("abu_simbel:9.2")
def test_the_ultimate_adventure_on_the_phone():
    """The seed: "any player can use their mummy card placing it on top of one of the
    chamber cards": the phone asks the holder, and the covered chamber asks for a punch."""
    s = RefereeSession(["Ann", "Bob"], seed=5, ultimate=True)
    _say(s, "lay mummy", "lay lava", "lay gas", "ok 1", "ok 2", "ok 3", "deck 1")
    _say(s, "drew urn 1", "turned away", "ok 1", "ok 2", "ok 3", "lay pit")
    assert s.state.has_mummy == [True, False]
    v = view(s)  # before Bob's turn, Ann may cover a chamber
    assert v["stage"] == "cover" and v["headline"].startswith("Ann: cover a chamber")
    assert [c["action"] for c in v["choices"]] == ["cover 2", "cover 3", "cover 4", "no cover"]
    s.say("cover 2")
    v = view(s)
    assert v["stage"] == "verdict_in"
    lava = next(c for c in v["route"] if c["slot"] == 2)
    assert lava["kind"] == "mummy" and lava["move"] == "punch the air"
    assert lava["name"] == "Ann's mummy card, over the lava"
    with pytest.raises(RefereeError):
        RefereeSession(["Ann", "Bob"], together=True, ultimate=True)


@pytest.mark.rules("abu_simbel:2.3", "abu_simbel:5.2")
def test_a_real_treasure_the_phone_believes_used_up_has_a_button():
    """Issue 36 item 8: the phone's split of urns, arks and chests is a guess; a real card it
    believes used up is told with its 'none left' button and kept as a card of the same
    jewels, and the drawer alone is told so."""
    s = RefereeSession(["Ann", "Bob"], seed=1)
    _say(s, "lay lava", "lay blades", "lay gas")
    # Ann and Bob each draw one of the two urns worth 3 of the phone's count, and get out
    _say(s, "ok 1", "ok 2", "ok 3", "deck 1", "drew urn 3", "turned away", "ok 1", "ok 2")
    _say(s, "ok 3", "lay pit")
    _say(s, "ok 1", "ok 2", "ok 3", "ok 4", "deck 1", "drew urn 3", "turned away", "ok 1")
    _say(s, "ok 2", "ok 3", "ok 4", "lay dive")
    st = s.state
    assert st is not None and "URN:3" not in st.pool
    # Ann draws a third urn worth 3 from the real deck (the box splits its treasures otherwise)
    _say(s, "ok 1", "ok 2", "ok 3", "ok 4", "ok 5", "deck 1")
    v = view(s)
    anyway = [c for c in v["choices"] if c["action"] == "drew urn 3 anyway"]
    assert anyway and "none left" in anyway[0]["label"]
    with pytest.raises(RefereeError, match="drew urn 3 anyway"):
        s.say("drew urn 3")
    s.say("drew urn 3 anyway")
    st = s.state
    assert st is not None and st.pending is not None
    assert st.pending.endswith(":3") and st.pending != "URN:3"
    note = view(s)["error"]
    assert "counted no urn worth 3 jewels left" in note and "the same jewels" in note
    assert view(s)["error"] == ""  # said once, to the drawer


def test_every_refusal_says_what_to_tap_or_type_instead():
    """Issue 36 item 3: a refused input never strands the table."""
    s = RefereeSession(["Ann", "Bob"], seed=1)
    for bad, then in (("lay dragon", "'lay lava'"), ("ok 2", "'lay lava'")):
        with pytest.raises(RefereeError) as err:
            s.say(bad)
        assert then in str(err.value)
    _say(s, "lay lava", "lay blades", "lay gas")
    for bad in ("ok 2", "deck 1", "lay lava", "drew urn 3"):
        with pytest.raises(RefereeError) as err:
            s.say(bad)
        assert "'ok 1' or 'fail 1'" in str(err.value), str(err.value)
