"""Abu Simbel's referee on a phone: the real engine keeps the game while the family plays
with the cards on the floor (issue 28).

Design. A session holds a real :class:`AbuSimbelState` in referee mode on one shared screen
(``judging_mode=referee``, ``table_mode=hotseat``, ``checkers=together``: the checking
players stand around one phone and one answer speaks for them all). Everything the engine
would draw by chance happens on the floor instead, so the people tell the phone what they
drew and the session *forces* the engine's chance with it:

* the route laid at the start of a round (three chamber cards, from the vault outwards)
  is the engine's ``route`` draw;
* the chamber laid at the far end after a successful way out is its ``chamber`` draw;
* the treasure the active player drew is its ``treasure`` draw (told to the phone by that
  player alone, and never shown again until the game ends).

Every other input is an engine action: the checkers' verdicts (``ok N`` / ``fail N``), the
deck chosen (``deck N``) and the hand-over (``turned away``). Before an action is applied,
a throw-away clone plays it to learn which draws it makes; the session then asks for
those real-world inputs first and applies the action with them forced. So the game record
is an ordinary engine record (actions, with the floor's cards as their chance outcomes):
it can be saved, resumed (``from_record``) and replayed by ``obelisk replay`` like any
other. ``record().meta["inputs"]`` lists the inputs in the order people gave them.

The engine's chamber deck is a generous one (eight of each chamber, scorpions 1-4) so that
any card of a real box can be told, whatever its counts; the treasures are the seed's 21
(9 worth 1, 6 worth 2, 6 worth 3) in the engine's split of types (abu_simbel:2.3), so a
treasure that split has run out of is refused with the reason.

The seed's variants come with it: *I'm little, but very brave!* (``little_seats``: a young
player walks out in the way-in order), *All for One and One for All* (``cooperative``) and
*The Ultimate Adventure* (``ultimate``: the engine's cover window before each turn asks
every holder of a mummy card, and the answer is an engine action like the others).

Who holds the phone is part of every view (``holder``): the checkers while the active
player walks (they see the route), the active player at the vault (deck, treasure, then
the hand-over), anyone while cards are laid. While the active player holds it from the vault
on, the view carries no chamber of the route at all.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from obelisk.core import IllegalAction, ObeliskError, Record, Voice, get_game, replay
from obelisk.core.i18n import Words
from obelisk.games.abu_simbel.actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    PassCover,
    PlaceCover,
    Verdict,
)
from obelisk.games.abu_simbel.components import card_token, card_type, scorpions
from obelisk.games.abu_simbel.narration import (
    chamber_name,
    move_phrase,
    treasure_label,
    treasure_words,
)
from obelisk.games.abu_simbel.rules import AbuSimbelState, route_code

GAME = get_game("abu_simbel")

#: The referee's words are Abu Simbel's (one catalog: the game's).
W = Words("obelisk.games.abu_simbel")
_ = W.gettext

#: The kinds of chamber a person can tell, in the order of the buttons.
CHAMBER_KINDS: tuple[str, ...] = (
    "MUMMY",
    "BLADES",
    "LAVA",
    "CRACK",
    "EMPTY",
    "PIT",
    "SCORPIONS_1",
    "SCORPIONS_2",
    "SCORPIONS_3",
    "SCORPIONS_4",
    "DIVE",
    "GAS",
    "CRAWL",
    "HISSING",
)
COMPANION_DECK: tuple[str, ...] = tuple(
    f"{k}*{2 if k == 'SCORPIONS_4' else 4 if k.startswith('SCORPIONS') else 8}"
    for k in CHAMBER_KINDS
)
TREASURE_KINDS: tuple[str, ...] = tuple(
    f"{t}:{j}" for t in ("URN", "ARK", "CHEST") for j in (1, 2, 3)
)
MIN_PLAYERS, MAX_PLAYERS = 2, 6
MAX_NAME = 24


class RefereeError(ObeliskError):
    """A wrong input: the message says what is wrong; the game is unchanged. ``hinted``:
    the message already says what to tap instead."""

    def __init__(self, message: str, hinted: bool = False) -> None:
        super().__init__(message)
        self.hinted = hinted


def options(
    first: int,
    little: tuple[int, ...] = (),
    together: bool = False,
    ultimate: bool = False,
    failer_starts: bool = False,
) -> dict[str, Any]:
    """The engine options of a companion game; ``failer_starts``: the old round start (the
    player who failed starts the next round, abu_simbel:5.1), off by default."""
    return {
        "judging_mode": "referee",
        "table_mode": "hotseat",
        "checkers": "together",
        "chamber_deck": COMPANION_DECK,
        "first_player": first,
        "little_seats": little,
        "cooperative": together,  # All for One and One for All (abu_simbel:9.3)
        "ultimate": ultimate,  # The Ultimate Adventure (abu_simbel:9.2)
        "new_round_starter": "failing_player" if failer_starts else "next_player",
    }


def chamber_words(card: str) -> str:
    """``the lava (jump forward)``."""
    return f"{chamber_name(card)} ({move_phrase(card_token(card))})"


def lay_text(card: str) -> str:
    """The typed form of telling a chamber: ``lay lava``, ``lay scorpions 2``."""
    k = scorpions(card)
    return f"lay scorpions {k}" if k else f"lay {card.lower()}"


def drew_text(card: str) -> str:
    """The typed form of telling a treasure: ``drew urn 3``."""
    kind, _, jewels = card.partition(":")
    return f"drew {kind.lower()} {jewels}"


_LAY = {lay_text(c): c for c in CHAMBER_KINDS}
_DREW = {drew_text(t): t for t in TREASURE_KINDS}
#: A real card the phone believes used up (issue 36): ``drew urn 3 anyway``.
ANYWAY = " anyway"
_DREW_ANYWAY = {drew_text(t) + ANYWAY: t for t in TREASURE_KINDS}


@dataclass
class Pending:
    """An action waiting for the floor's cards: the draws it makes, the cards told so far."""

    action: Any
    labels: list[str]
    told: list[str] = field(default_factory=list)
    route: list[str] = field(default_factory=list)


class RefereeSession:
    """One game at the table (see the module docstring)."""

    def __init__(
        self,
        names: list[str],
        first: int = 0,
        seed: int = 0,
        little: tuple[int, ...] = (),
        together: bool = False,
        ultimate: bool = False,
        failer_starts: bool = False,
    ) -> None:
        clean = [" ".join(str(n).split())[:MAX_NAME] for n in names]
        if not MIN_PLAYERS <= len(clean) <= MAX_PLAYERS or not all(clean):
            raise RefereeError(
                _("name {low} to {high} players, each with a name").format(
                    low=MIN_PLAYERS, high=MAX_PLAYERS
                )
            )
        if len(set(n.lower() for n in clean)) != len(clean):
            raise RefereeError(_("two players have the same name: tell them apart"))
        if not isinstance(first, int) or not 0 <= first < len(clean):
            raise RefereeError(_("the first player must be one of the players"))
        for s in little:
            if not isinstance(s, int) or not 0 <= s < len(clean):
                raise RefereeError(_("a young player must be one of the players"))
        self.names = clean
        self.first = first
        self.seed = seed
        self.little = tuple(sorted(set(little)))
        self.together = bool(together)  # All for One: one team
        self.ultimate = bool(ultimate)  # The Ultimate Adventure: mummy covers
        self.failer_starts = bool(failer_starts)  # the old round start (abu_simbel:5.1)
        if self.together and self.ultimate:
            raise RefereeError(_("All for One and The Ultimate Adventure can't be played at once"))
        self.state: AbuSimbelState | None = None
        self.pending: Pending | None = None
        self.setup_route: list[str] = []
        self.inputs: list[str] = []
        #: a sentence for the one who gave the last input alone (shown once)
        self.notice = ""
        #: where the sentences caused by the last input begin in the log
        self.news_from = 0

    # -- what is asked now ---------------------------------------------------------------
    def stage(self) -> str:
        """``lay_route``, ``add_chamber``, ``treasure``, ``verdict_in``, ``deck``,
        ``handover``, ``verdict_out`` or ``over``."""
        s = self.state
        if s is None:
            return "lay_route"
        if self.pending is not None:
            label = self.pending.labels[len(self.pending.told)]
            return {"route": "lay_route", "chamber": "add_chamber"}.get(label, "treasure")
        if s.is_terminal():
            return "over"
        if s.phase == "way_in":
            return "verdict_in"
        if s.phase == "treasure":
            return "deck"
        if s.phase == "way_out":
            return "verdict_out" if s.turned_away else "handover"
        return "cover"  # the Ultimate Adventure's window before a turn (abu_simbel:9.2)

    def holder(self) -> str:
        """Who holds the phone: ``checkers``, ``active`` or ``anyone``."""
        st = self.stage()
        if st in ("verdict_in", "verdict_out"):
            return "checkers"
        if st in ("deck", "treasure", "handover"):
            return "active"
        return "anyone"

    def active(self) -> int:
        """The active player's seat (the first player before the game starts)."""
        return self.first if self.state is None else self.state.active

    def starter(self) -> int:
        """Who lays the route being told."""
        s = self.state
        if s is None or self.pending is None:
            return self.first
        a = s.active
        return a if s.options.new_round_starter == "failing_player" else (a + 1) % len(self.names)

    def route_told(self) -> list[str]:
        """The cards of a route being laid, told so far."""
        return (
            self.setup_route if self.state is None else (self.pending.route if self.pending else [])
        )

    # -- inputs ----------------------------------------------------------------------------
    def say(self, text: str) -> None:
        """One input in its text form (a button's ``data-action``); a wrong one raises
        :class:`RefereeError`, saying what to tap or type instead, and changes nothing."""
        try:
            self._say(text)
        except RefereeError as exc:
            if exc.hinted:  # it says what to tap already
                raise
            raise RefereeError(f"{exc}. {self.hint()}", hinted=True) from None

    def hint(self) -> str:
        """What may be tapped (or typed) now, in words."""
        st = self.stage()
        s = self.state
        if st in ("lay_route", "add_chamber"):
            return _("Tap the chamber laid (or type it: 'lay lava', 'lay scorpions 2').")
        if st == "treasure":
            return _("Tap the treasure drawn (or type it: 'drew urn 3'), or 'back'.")
        if st in ("verdict_in", "verdict_out") and s is not None:
            return _("Tap Pass or Fail (or type 'ok {p}' or 'fail {p}').").format(p=s.progress + 1)
        if st == "deck":
            return _("Tap the treasure deck drawn from (or type 'deck 1').")
        if st == "handover":
            return _("A checking player taps 'I am checking' (or types 'turned away').")
        if st == "cover":
            return _("Tap a chamber to cover, or 'No cover this time' (or type 'no cover').")
        return _("Start a new game, or type 'undo' to take back the last tap.")

    def _say(self, text: str) -> None:
        t = " ".join(str(text).lower().split())
        st = self.stage()
        mark = len(self.log())
        if t == "back":
            self._back()
        elif t == "undo":
            self.undo()
            return
        elif st == "lay_route":
            self._lay_route(t)
        elif st == "add_chamber":
            self._tell(t, _LAY, "chamber")
        elif st == "treasure" and t in _DREW_ANYWAY:
            self._tell_anyway(_DREW_ANYWAY[t])
        elif st == "treasure":
            self._tell(t, _DREW, "treasure")
        elif st == "over":
            raise RefereeError(_("the game is over: start a new one"))
        else:
            self._act(t)
        self.inputs.append(t)
        self.news_from = mark

    def can_undo(self) -> bool:
        """Whether a given answer can be taken back (not the first route: start again)."""
        return self.state is not None and (bool(self.state.history) or self.pending is not None)

    def undo(self) -> None:
        """Take back the last answer (a tap on the wrong button): a card being told, or
        the last engine step with the cards it drew; the game is replayed without it."""
        s = self.state
        if s is None or not self.can_undo():
            raise RefereeError(_("nothing to take back yet"))
        mark = len(self.log())
        if self.pending is not None:
            self.pending = None
        else:
            record = self.record()
            state = replay(record, upto=len(record.steps) - 1, check_result=False)
            assert isinstance(state, AbuSimbelState)
            self.state = state
        self.inputs.append("undo")
        self.news_from = min(mark, len(self.log()))

    def _back(self) -> None:
        if self.state is None and self.setup_route:
            self.setup_route.pop()
        elif self.pending is not None and self.pending.route:
            self.pending.route.pop()
        elif self.pending is not None:
            self.pending = None  # the verdict or deck choice is taken back with its cards
        else:
            raise RefereeError(_("nothing to take back: verdicts given are final"))

    def _card_for(self, t: str, table: dict[str, str], what: str) -> str:
        card = table.get(t)
        if card is None:
            if what == "chamber":
                raise RefereeError(_("'{text}' is not a chamber of this game").format(text=t))
            raise RefereeError(_("'{text}' is not a treasure of this game").format(text=t))
        return card

    def _lay_route(self, t: str) -> None:
        card = self._card_for(t, _LAY, "chamber")
        s = self.state
        if s is None:
            want = Counter([*self.setup_route, card])
            if want[card] > Counter(_deck())[card]:
                raise RefereeError(
                    _("this game's deck holds no more of {chamber}").format(
                        chamber=chamber_name(card)
                    )
                )
            self.setup_route.append(card)
            if len(self.setup_route) == 3:
                self._start()
            return
        assert self.pending is not None
        route = [*self.pending.route, card]
        self._check_in_deck(route)
        self.pending.route = route
        if len(route) == s.options.route_start_cards:
            self.pending.told.append(str(route_code(list(s.main_deck), route)))
            self._maybe_apply()

    def _check_in_deck(self, cards: list[str]) -> None:
        assert self.state is not None
        have = Counter(self.state.main_deck)
        want = Counter(cards)
        for c, k in want.items():
            if have[c] < k:
                raise RefereeError(
                    _("this game's deck holds no more of {chamber}: check the card").format(
                        chamber=chamber_name(c)
                    )
                )

    def _start(self) -> None:
        code = route_code(_deck(), self.setup_route)
        opts = options(self.first, self.little, self.together, self.ultimate, self.failer_starts)
        state = GAME.new_state(len(self.names), self.seed, opts, forced=[code])
        assert isinstance(state, AbuSimbelState)
        self.state = state

    def _tell(self, t: str, table: dict[str, str], label: str) -> None:
        s = self.state
        assert s is not None and self.pending is not None
        card = self._card_for(t, table, label)
        if label == "chamber":
            self._check_in_deck([card])
        elif card not in s.pool:
            raise RefereeError(
                _(
                    "by this game's count no {card} is left: check the card; if it really is "
                    "one, tap its button marked 'none left' (or type '{typed}')"
                ).format(card=treasure_label(card), typed=drew_text(card) + ANYWAY),
                hinted=True,
            )
        self.pending.told.append(card)
        self._maybe_apply()

    def _tell_anyway(self, card: str) -> None:
        """A real treasure card the phone believes used up (its guess of the box's split of
        urns, arks and chests was wrong): kept as an undrawn card worth the same jewels, and
        the drawer is told so (issue 36)."""
        s = self.state
        assert s is not None and self.pending is not None
        if card in s.pool:
            self._tell(drew_text(card), _DREW, "treasure")
            return
        jewels = card.partition(":")[2]
        same = sorted(x for x in s.pool if x.partition(":")[2] == jewels)
        if not same:
            raise RefereeError(
                _(
                    "by this game's count no treasure worth {jewels} is left at all: check the card"
                ).format(jewels=jewels)
            )
        self.notice = _(
            "This phone counted no {card} left, so it keeps your card as {kept}: the same "
            "jewels (at the end, count your urn, ark and chest sets from the real cards)."
        ).format(card=treasure_label(card), kept=treasure_words(same[0]))
        self.pending.told.append(same[0])
        self._maybe_apply()

    def _act(self, t: str) -> None:
        s = self.state
        assert s is not None
        action = _engine_action(t)
        if action not in s.legal_actions():
            raise RefereeError(str(s.explain_illegal(action)))
        probe = s.clone()
        start = len(probe.chance.log)
        probe.apply(action)
        labels = [str(label) for label, _ in list(probe.chance.log)[start:]]
        labels = [x for x in labels if x in ("route", "chamber", "treasure")]
        self.pending = Pending(action, labels)
        self._maybe_apply()

    def _maybe_apply(self) -> None:
        p = self.pending
        s = self.state
        assert p is not None and s is not None
        if len(p.told) < len(p.labels):
            return
        for label, value in zip(p.labels, p.told, strict=True):
            s.chance.force(int(value) if label == "route" else value, label=label)
        try:
            s.apply(p.action)
        except IllegalAction as exc:  # pragma: no cover - checked before
            s.chance.clear_forced()
            raise RefereeError(str(exc)) from None
        self.pending = None

    # -- records -------------------------------------------------------------------------
    def record(self) -> Record:
        """The game record so far (an engine record; the inputs in ``meta``)."""
        if self.state is None:
            raise RefereeError(_("the game starts when the first route is laid"))
        seats = [{"name": n, "kind": "human"} for n in self.names]
        meta = {"companion": "abu_simbel", "inputs": list(self.inputs)}
        return Record.from_state(self.state, seats=seats, meta=meta)

    # -- words -----------------------------------------------------------------------------
    def log(self) -> list[dict[str, Any]]:
        """The lasting sentences of the game (never a chamber's face: abu_simbel:11)."""
        s = self.state
        if s is None:
            return []
        voice = Voice(tuple(self.names), None)
        out = []
        for e in s.events_for(None):
            line = GAME.narrate(e, voice)
            if line:
                seat = e.get("seat")
                who = seat if isinstance(seat, int) else None
                out.append({"text": line, "seat": who, "kind": str(e.get("kind"))})
        return out


def _engine_action(t: str) -> Any:
    """``ok N``, ``fail N``, ``deck N`` or ``turned away`` as the engine's action."""
    m = re.fullmatch(r"(ok|fail|deck|cover) (\d{1,3})", t)
    if m and int(m.group(2)) >= 1:
        n = int(m.group(2)) - 1
        if m.group(1) == "cover":
            return PlaceCover(n)
        return ChooseTreasureDeck(n) if m.group(1) == "deck" else Verdict(n, m.group(1) == "ok")
    if t == "turned away":
        return ConfirmTurnedAway()
    if t == "no cover":
        return PassCover()
    raise RefereeError(
        _(
            "'{text}' is not an answer here: ok N, fail N, deck N, turned away, cover N or no cover"
        ).format(text=t)
    )


def news(session: RefereeSession) -> list[str]:
    """What the last input caused, in words (a charm lost, a mummy card to take...)."""
    quiet = ("move_ok", "action", "turn_started", "turned_away", "treasure_taken")
    return [e["text"] for e in session.log()[session.news_from :] if e["kind"] not in quiet]


def _deck() -> list[str]:
    from obelisk.games.abu_simbel.components import chamber_cards

    return list(chamber_cards(COMPANION_DECK))


def from_record(data: Any) -> RefereeSession:
    """Resume a saved game (a record's JSON); a record of anything else is refused."""
    if not isinstance(data, dict):
        raise RefereeError(_("a saved game is a JSON object"))
    try:
        record = Record.from_json(data)
    except ObeliskError as exc:
        raise RefereeError(_("this is not a saved game: {error}").format(error=exc)) from None
    meta = record.meta or {}
    if record.game != "abu_simbel" or meta.get("companion") != "abu_simbel":
        raise RefereeError(_("this record is not a game of the Abu Simbel referee"))
    names = [str(x.get("name", "")) for x in record.seats if isinstance(x, dict)]
    o = record.options
    first = o.get("first_player", 0)
    little = o.get("little_seats", [])
    try:
        session = RefereeSession(
            names,
            first if isinstance(first, int) else 0,
            record.seed,
            tuple(x for x in little if isinstance(x, int)) if isinstance(little, list) else (),
            o.get("cooperative") is True,
            o.get("ultimate") is True,
            o.get("new_round_starter") == "failing_player",
        )
        if o.get("judging_mode") != "referee" or o.get("checkers") != "together":
            raise RefereeError(_("this record was not kept by the referee"))
        state = replay(record)
    except ObeliskError as exc:
        raise RefereeError(_("the saved game does not replay: {error}").format(error=exc)) from None
    assert isinstance(state, AbuSimbelState)
    session.state = state
    inputs = meta.get("inputs")
    session.inputs = [str(x) for x in inputs] if isinstance(inputs, list) else []
    session.news_from = len(session.log())  # a resumed game has no news yet
    return session


def to_saved(session: RefereeSession) -> dict[str, Any]:
    """A session as JSON at any moment (the server's database keeps it, issue 36): its
    set-up and every input given, from which :func:`from_saved` plays it again (a card
    being told and not yet applied is an input too, unlike in the record)."""
    return {
        "setup": {
            "names": session.names,
            "first": session.first,
            "seed": session.seed,
            "little": list(session.little),
            "together": session.together,
            "ultimate": session.ultimate,
            "failer_starts": session.failer_starts,
        },
        "inputs": list(session.inputs),
        "news_from": session.news_from,
    }


def from_saved(data: Any) -> RefereeSession:
    """A session back from :func:`to_saved`: every input said again."""
    try:
        setup = data["setup"]
        session = RefereeSession(
            list(setup["names"]),
            int(setup["first"]),
            int(setup["seed"]),
            tuple(int(x) for x in setup["little"]),
            bool(setup["together"]),
            bool(setup["ultimate"]),
            bool(setup["failer_starts"]),
        )
        for text in data["inputs"]:
            session.say(str(text))
        session.news_from = int(data["news_from"])
    except (KeyError, TypeError, ValueError) as exc:
        raise RefereeError(
            _("this saved session does not play again: {error}").format(error=exc)
        ) from None
    return session


def chamber_kind_words(card: str) -> str:
    """A button's words for a chamber kind: ``The lava (jump forward)``."""
    text = chamber_words(card)
    return text[:1].upper() + text[1:]


__all__ = [
    "ANYWAY",
    "CHAMBER_KINDS",
    "TREASURE_KINDS",
    "RefereeError",
    "RefereeSession",
    "card_type",
    "chamber_kind_words",
    "chamber_words",
    "drew_text",
    "from_record",
    "from_saved",
    "lay_text",
    "news",
    "to_saved",
]
