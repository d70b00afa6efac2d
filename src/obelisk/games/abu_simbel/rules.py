"""Abu Simbel: the state machine (rules in ../shared/rules/abu_simbel.md, as implemented in
docs/rules/abu_simbel.md).

The route is a list of chamber cards, index 0 next to the vault. A turn is PRE_TURN (the
Ultimate Adventure's cover window) -> WAY_IN (farthest chamber first, cards visible) ->
TREASURE (choose a deck) -> WAY_OUT (from the vault outwards, from memory) -> success, or
failure at the first wrong move. The main chamber deck and the undrawn treasures are pools:
a card is decided when it is drawn (no hidden future is stored).
"""

from __future__ import annotations

from typing import Any

from obelisk.core import (
    TERMINAL,
    Action,
    ActionFormatError,
    Event,
    IllegalAction,
    seats,
)

# State from its own module: mypyc's compiled subclass needs that module imported by name
from obelisk.core.game import State
from obelisk.core.i18n import SOURCE, Words, language

from .actions import (
    ChooseTreasureDeck,
    ConfirmTurnedAway,
    EnterMove,
    MoveTimedOut,
    PassCover,
    PlaceCover,
    Verdict,
)
from .components import (
    TOKENS,
    TYPED_TOKEN,
    card_token,
    card_type,
    chamber_cards,
    scorpions,
    treasure_cards,
)
from .metrics import sim_metrics as _sim_metrics
from .options import is_cooperative
from .scoring import charm_jewels_left, score_parts, winners_of
from .typed import move_typed, typed_action, typed_token

W = Words(__package__)

PRE_TURN = "pre_turn"
WAY_IN = "way_in"
TREASURE = "treasure"
WAY_OUT = "way_out"
GAME_OVER = "game_over"

R = "abu_simbel:"
ALL_MOVES: tuple[EnterMove, ...] = tuple(EnterMove(t) for t in TOKENS)
CONFIRM = ConfirmTurnedAway()
PASS_COVER = PassCover()
DECKS: tuple[ChooseTreasureDeck, ...] = tuple(ChooseTreasureDeck(k) for k in range(64))
_TOKEN_OF: dict[str, str] = {}
_ACTION_JSON: dict[Action, tuple[dict[str, Any], str]] = {}


def _ordered_draws(m: int, k: int) -> int:
    """How many ordered draws of k cards a deck of m cards allows."""
    out = 1
    for i in range(k):
        out *= m - i
    return out


def route_code(deck: list[str], cards: list[str]) -> int:
    """The 'route' chance outcome that lays ``cards`` (route[0] first) from ``deck`` (the
    sorted main deck): for tests and hand-built records (abu_simbel:5.1)."""
    pool = list(deck)
    code, scale = 0, 1
    for card in cards:
        idx = pool.index(card)
        code += idx * scale
        scale *= len(pool)
        pool.pop(idx)
    return code


def token_of(card: str) -> str:
    """The token of a chamber card (cached)."""
    t = _TOKEN_OF.get(card)
    if t is None:
        t = _TOKEN_OF[card] = card_token(card)
    return t


class AbuSimbelState(State):
    """One position of Abu Simbel."""

    # -- set-up ----------------------------------------------------------------
    def _setup(self) -> None:
        o = self.options
        n = self.num_players
        # Fixed for the whole game (shared between clones).
        self.referee = o.judging_mode == "referee"
        self.hotseat = o.table_mode == "hotseat"
        self.coop = is_cooperative(o, n)  # a solo game is always All for One
        self.ultimate = o.ultimate
        little = frozenset(o.little_seats)  # abu_simbel:9.1 — a helper and a forward exit
        self.forward = frozenset(o.forward_exit_seats) | little
        self.helpers = frozenset(o.helper_seats) | little
        self.checking = o.checkers  # abu_simbel:10.2 — each, together or left_neighbour
        self.free = frozenset(o.free_judging_seats)
        self.charm_jewels = tuple(o.charm_jewels)
        chambers = chamber_cards(tuple(o.chamber_deck))
        treasures = list(treasure_cards(tuple(o.treasure_cards)))
        self.chamber_total = len(chambers)
        self.treasure_total = len(treasures)
        # abu_simbel:4 — components.
        self.main_deck: list[str] = list(chambers)
        self.discard: list[str] = []
        self.route: list[str] = []
        self.covers: list[int] = []  # owner seat of the mummy cover on each slot, or -1
        self.pool: list[str] = treasures  # undrawn treasure cards (abu_simbel:4 step 3)
        k, t = o.treasure_decks, len(treasures)
        self.deck_counts: list[int] = [t // k + (1 if i < t % k else 0) for i in range(k)]
        self.tableaux: list[list[str]] = [[] for _ in range(n)]
        self.graveyard: list[str] = []
        self.pending: str | None = None
        self.pending_deck = -1
        c = 0 if self.coop else len(self.charm_jewels)
        self.charms: list[int] = [c] * n
        self.charm_graveyard: list[tuple[int, int]] = []  # (seat or -1 for the team, jewels)
        self.team_charms = o.team_charms if self.coop else 0
        self.has_mummy: list[bool] = [False] * n
        self.mummy_gained: list[bool] = [False] * n
        self.cover_in_use: list[bool] = [False] * n
        self.mummy_supply = o.mummy_cards
        self.round_no = 0
        self.active = 0
        self.phase = PRE_TURN
        self.progress = 0
        self.cover_k = 0
        self.check_k = 0  # abu_simbel:10.2 — checkers who had no objection to this chamber
        self.turned_away = False
        self.end_reason = ""
        self.team_won = False
        # abu_simbel:1 — the first player.
        if o.first_player == "random":
            first = self.chance.randint(0, n - 1, "first_player")
        else:
            first = int(o.first_player)
        self._start_round(first)

    # -- the turn machine --------------------------------------------------------
    def _emit(self, kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> None:
        self.events.append(Event(kind, data, to))  # (hot paths append directly)

    def _draw_chamber(self) -> str | None:
        """Draw a chamber card, reshuffling the chamber discard if needed (abu_simbel:7)."""
        if not self.main_deck:
            if not self.discard:
                return None  # every chamber card lies in the route (abu_simbel:7, A-4)
            self.main_deck = sorted(self.discard)
            self.discard = []
            self._emit("reshuffle", {"cards": len(self.main_deck)})
        card = self.chance.choice(self.main_deck, "chamber")
        self.main_deck.remove(card)
        return card

    def _start_round(self, starter: int) -> None:
        """abu_simbel:5.1 — lay the route from the vault outwards, then the starter's turn."""
        self.round_no += 1
        self.route = []
        self.covers = []
        k = self.options.route_start_cards
        deck = self.main_deck
        m = len(deck)
        if m >= k:
            # the k cards in draw order as one chance outcome: a uniform number over the
            # ordered draws, decoded by route_code's rule (speed: one draw, one event)
            code = self.chance.randint(0, _ordered_draws(m, k) - 1, "route")
            for i in range(k):
                code, idx = divmod(code, m - i)
                self.route.append(deck.pop(idx))
            self.covers = [-1] * k
        else:  # the deck runs out part-way: draw one at a time, reshuffling (abu_simbel:7)
            for _ in range(k):
                drawn = self._draw_chamber()
                if drawn is None:
                    break
                self.route.append(drawn)
                self.covers.append(-1)
        if self.loud:  # a quiet state builds no events (State.quiet)
            self.events.append(
                Event(
                    "round_started",
                    {"round": self.round_no, "starter": starter, "route": list(self.route)},
                    None,
                )
            )
        self._start_turn(starter)

    def _start_turn(self, seat: int) -> None:
        """abu_simbel:5.2 — TURN_STARTED, then the cover window (Ultimate) or the way in."""
        self.active = seat
        self.progress = 0
        self.pending = None
        self.pending_deck = -1
        self.turned_away = False
        self.check_k = 0
        if self.loud:
            data = {"seat": seat, "n": len(self.route), "round": self.round_no}
            if seat in self.forward:
                data["forward"] = True  # abu_simbel:9.1 — out in the way-in order
            if seat in self.free:
                data["free"] = True  # abu_simbel:9.1 — every move passes
            self.events.append(Event("turn_started", data, None))
        if self.ultimate:
            self.phase = PRE_TURN
            self.cover_k = 0
            self._next_cover_prompt()
        else:
            self._begin_way_in()

    def coverable(self, slot: int) -> bool:
        """abu_simbel:9.2 — a slot takes one cover, and never a printed MUMMY."""
        return self.covers[slot] < 0 and self.route[slot] != "MUMMY"

    def _cover_eligible(self, seat: int) -> bool:
        if not self.has_mummy[seat] or self.cover_in_use[seat]:
            return False
        return any(self.coverable(i) for i in range(len(self.route)))

    def _next_cover_prompt(self) -> None:
        """abu_simbel:9.2 — ask the eligible holders clockwise from the active player's left,
        ending with the active player; skip the others; then the way in starts."""
        n = self.num_players
        while self.cover_k < n:
            self.cover_k += 1
            if self._cover_eligible((self.active + self.cover_k) % n):
                return
        self._begin_way_in()

    def _begin_way_in(self) -> None:
        self.phase = WAY_IN
        self.progress = 0
        if self.referee and self.active in self.free:
            self._auto_pass()  # abu_simbel:10.2 — judging = free gets auto-PASS

    def _auto_pass(self) -> None:
        while self.phase in (WAY_IN, WAY_OUT) and self.referee and self.active in self.free:
            self._judge(True, None)

    def slot_at(self, position: int) -> int:
        """The route slot of ``position`` in the current way's expected order (abu_simbel:5.2)."""
        n = len(self.route)
        if self.phase == WAY_OUT and self.active not in self.forward:
            return position
        return n - 1 - position

    def expected_token(self, slot: int) -> str:
        """``PUNCH`` on a covered slot, else the card's token (abu_simbel:5.2)."""
        return "PUNCH" if self.covers[slot] >= 0 else token_of(self.route[slot])

    def expected_sequence(self, way: str | None = None) -> list[str]:
        """``expected_in`` or ``expected_out`` of the active player (abu_simbel:5.2)."""
        way = way or ("out" if self.phase == WAY_OUT else "in")
        n = len(self.route)
        order = range(n - 1, -1, -1)
        if way == "out" and self.active not in self.forward:
            order = range(n)
        return [self.expected_token(i) for i in order]

    def checker_seats(self) -> list[int]:
        """abu_simbel:10.2 — the seats that check the active player, in turn order from
        the active player's left (just the left neighbour under ``left_neighbour``)."""
        n, a = self.num_players, self.active
        if self.checking == "left_neighbour":
            return [(a + 1) % n]
        return [(a + k) % n for k in range(1, n)]

    def _judged_by(self, data: dict[str, Any], ok: bool = True) -> dict[str, Any]:
        """Who judged a move, for the narration: free judging, the referee's seat (the
        left neighbour, or the checker who saw a mistake) or the checkers together."""
        if self.active in self.free:
            data["free"] = True
        elif self.referee:
            checkers = self.checker_seats()
            if len(checkers) == 1 or (self.checking == "each" and not ok):
                data["referee"] = self.referee_seat  # the only checker, or who saw a mistake
            if self.checking != "left_neighbour":
                data["checkers"] = checkers
        return data

    def _judge(self, ok: bool, entered: str | None, timeout: bool = False) -> None:
        """One chamber judged: advance, or the turn ends in FAILURE (abu_simbel:5.4)."""
        way = "out" if self.phase == WAY_OUT else "in"
        i = self.progress
        n = len(self.route)
        if ok:
            # the slot and the route's length are public: the narration counts chambers
            # in words (abu_simbel:11: MOVE_OK never names a token)
            if self.loud:
                data = {"seat": self.active, "phase": way, "i": i, "slot": self.slot_at(i), "n": n}
                self.events.append(Event("move_ok", self._judged_by(data), None))
            self.progress = i + 1
            self.check_k = 0
            if self.progress >= len(self.route):
                if self.phase == WAY_IN:
                    self._finish_way_in()
                else:
                    self._success()
            return
        if self.loud:
            slot = self.slot_at(i)
            data = {
                "seat": self.active,
                "phase": way,
                "i": i,
                "slot": slot,
                "expected": self.expected_token(slot),
                "entered": entered,
                "n": n,
                "card": self.route[slot],
                "covered": self.covers[slot] >= 0,
                "timeout": timeout,
            }
            self.events.append(Event("mistake", self._judged_by(data, False), None))
        self._failure()

    def _finish_way_in(self) -> None:
        """abu_simbel:5.2, 7, 8 — the treasure step."""
        open_decks = [k for k, c in enumerate(self.deck_counts) if c > 0]
        if not open_decks:
            self._game_over("treasures")  # abu_simbel:8 trigger 2: no charm is lost
        elif len(open_decks) == 1:
            self._draw_treasure(open_decks[0])  # abu_simbel:7 — the only choice is automatic
        else:
            self.phase = TREASURE

    def _draw_treasure(self, deck: int) -> None:
        """abu_simbel:5.2 — the top card of the chosen deck, seen only by the drawer."""
        a = self.active
        card = self.chance.choice(self.pool, "treasure", to=seats(a))
        self.pool.remove(card)
        self.deck_counts[deck] -= 1
        self.pending = card
        self.pending_deck = deck
        auto = self.phase != TREASURE  # the only deck with cards (abu_simbel:7)
        if self.loud:
            left = self.deck_counts[deck]
            self._emit("treasure_taken", {"seat": a, "deck": deck, "left": left, "auto": auto})
            self._emit("treasure_drawn", {"seat": a, "deck": deck, "card": card}, seats(a))
        self.phase = WAY_OUT
        self.progress = 0
        self.check_k = 0
        self.turned_away = False
        if self.referee and a in self.free:
            self._auto_pass()

    def _success(self) -> None:
        """abu_simbel:5.3 — keep the treasure, maybe a mummy card, one more chamber."""
        a = self.active
        assert self.pending is not None
        self.tableaux[a].append(self.pending)
        self.tableaux[a].sort()
        self.pending = None
        if self.loud:
            kept: dict[str, Any] = {"seat": a, "count": len(self.tableaux[a])}
            if self.coop:
                kept["team"] = sum(len(t) for t in self.tableaux)
                kept["target"] = self.options.team_target
            self._emit("treasure_kept", kept)
        mummy_route = "MUMMY" in self.route or any(v >= 0 for v in self.covers)
        if mummy_route and not self.coop and not self.mummy_gained[a] and self.mummy_supply > 0:
            self.mummy_supply -= 1
            self.has_mummy[a] = True
            self.mummy_gained[a] = True
            points = 0 if self.ultimate else self.options.mummy_points
            self._emit("mummy_gained", {"seat": a, "points": points, "ultimate": self.ultimate})
        card = self._draw_chamber()
        if card is not None:
            self.route.append(card)
            self.covers.append(-1)
            self._emit("chamber_added", {"card": card, "slot": len(self.route) - 1})
        if self.coop and sum(len(t) for t in self.tableaux) >= self.options.team_target:
            self.team_won = True
            self._game_over("team_target")
            return
        self._start_turn((a + 1) % self.num_players)

    def _failure(self) -> None:
        """abu_simbel:5.4 — lose the treasure and the top charm; the round ends."""
        a = self.active
        if self.pending is not None:
            self.graveyard.append(self.pending)
            self._emit("treasure_discarded", {"seat": a, "card": self.pending})
            self.pending = None
        if self.coop:
            self.team_charms -= 1
            self.charm_graveyard.append((-1, 0))
            if self.loud:
                self._emit("charm_lost", {"team": True, "seat": a, "remaining": self.team_charms})
            if self.team_charms <= 0:
                self._game_over("team_charms")
                return
        else:
            top = len(self.charm_jewels) - self.charms[a]
            self.charms[a] -= 1
            self.charm_graveyard.append((a, self.charm_jewels[top]))
            if self.loud:
                self.events.append(
                    Event(
                        "charm_lost",
                        {"seat": a, "remaining": self.charms[a], "jewels": self.charm_jewels[top]},
                        None,
                    )
                )
            if self.charms[a] <= 0:
                self._game_over("charms")  # abu_simbel:8 trigger 1
                return
        self.discard.extend(self.route)  # route[0] first, so the farthest card ends on top
        if self.ultimate:
            self._return_covers()
        self.route = []
        self.covers = []
        n = self.num_players
        starter = a if self.options.new_round_starter == "failing_player" else (a + 1) % n
        if self.loud:
            self.events.append(
                Event("round_ended", {"round": self.round_no, "starter_next": starter}, None)
            )
        self._start_round(starter)

    def _return_covers(self) -> None:
        """abu_simbel:9.2 — covers go back to their owners (or to the supply) at round end."""
        for owner in self.covers:
            if owner >= 0:
                self.cover_in_use[owner] = False
                if self.options.cover_returns_to == "supply":
                    self.has_mummy[owner] = False
                    self.mummy_supply += 1

    def _game_over(self, reason: str) -> None:
        """abu_simbel:8 — reveal every kept treasure and score."""
        self.phase = GAME_OVER
        self.end_reason = reason
        self.mark_barrier()
        if not self.loud:
            return
        data: dict[str, Any] = {
            "reason": reason,
            "seat": self.active,
            "treasures": [list(t) for t in self.tableaux],
        }
        if self.coop:
            data["team_won"] = self.team_won
            data["team_treasures"] = sum(len(t) for t in self.tableaux)
        else:
            table = self.score_table()
            data["scores"] = table
            data["winners"] = winners_of([p["total"] for p in table], self.charms)
        self._emit("game_over", data)

    # -- protocol hooks ------------------------------------------------------------
    @property
    def current_player(self) -> int:
        ph = self.phase
        if ph == GAME_OVER:
            return TERMINAL
        if ph == PRE_TURN:
            return (self.active + self.cover_k) % self.num_players
        if self.referee and (ph in (WAY_IN, WAY_OUT)):
            return self.referee_seat
        return self.active

    @property
    def referee_seat(self) -> int:
        """abu_simbel:10.2 — the checker asked now: the active player's left neighbour
        first; under ``each``, the next checker after every "no objection"."""
        return (self.active + 1 + self.check_k) % self.num_players

    def _last_checker(self) -> bool:
        """Whether the checker asked now is the last one to answer for this chamber."""
        return self.checking != "each" or self.check_k >= self.num_players - 2

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph in (WAY_IN, WAY_OUT):
            if not self.referee:
                return list(ALL_MOVES)
            if ph == WAY_OUT and self.hotseat and not self.turned_away:
                return [CONFIRM]
            return [Verdict(self.progress, True), Verdict(self.progress, False)]
        if ph == TREASURE:
            return [DECKS[k] for k, c in enumerate(self.deck_counts) if c > 0]
        if ph == PRE_TURN:
            acts: list[Action] = [PASS_COVER]
            acts.extend(PlaceCover(i) for i in range(len(self.route)) if self.coverable(i))
            return acts
        return []

    def _apply(self, action: Action) -> None:
        self._barrier = True  # mark_barrier(): abu_simbel:10.1, a move can't be taken back
        kind = action.kind
        if kind == "move":
            assert isinstance(action, EnterMove)
            tok = action.token
            ok = self.active in self.free or tok == self.expected_token(self.slot_at(self.progress))
            self._judge(ok, tok)
        elif kind == "verdict":
            assert isinstance(action, Verdict)
            if action.passed and not self._last_checker():
                self.check_k += 1  # abu_simbel:10.2 — no objection: the next checker is asked
            else:
                self._judge(action.passed, None)
        elif kind == "deck":
            assert isinstance(action, ChooseTreasureDeck)
            self._draw_treasure(action.deck)
        elif kind == "turned_away":
            self.turned_away = True
            data = self._judged_by({"seat": self.active})
            self._emit("turned_away", data)
        elif kind == "cover":
            assert isinstance(action, PlaceCover)
            seat = self.current_player
            self.covers[action.slot] = seat
            self.cover_in_use[seat] = True
            self._emit("cover_placed", {"seat": seat, "slot": action.slot})
            self._next_cover_prompt()
        elif kind == "no_cover":
            self._next_cover_prompt()
        else:  # pragma: no cover - legal_actions never offers anything else
            raise AssertionError(kind)

    def action_event(self, seat: int, action: Action) -> list[Event]:
        cached = _ACTION_JSON.get(action)
        if cached is None:
            cached = _ACTION_JSON[action] = (action.to_json(), action.text())
        return [Event("action", {"seat": seat, "action": cached[0], "text": cached[1]})]

    # -- the host's move clock (abu_simbel:10.1) -----------------------------------
    def _check_system(self, action: Action) -> None:
        if not isinstance(action, MoveTimedOut):
            super()._check_system(action)
            return
        if self.options.move_time_limit_s is None:
            raise IllegalAction(W.gettext("this game has no move time limit"), R + "10.1")
        if self.referee or self.phase not in (WAY_IN, WAY_OUT):
            raise IllegalAction(
                W.gettext("a move can only time out while the active player enters moves"),
                R + "10.1",
            )

    def _apply_system(self, action: Action) -> None:
        self.mark_barrier()
        if self.active in self.free:
            self._emit("timeout_ignored", {"seat": self.active})  # abu_simbel:9.1 judging free
            return
        self._judge(False, None, timeout=True)

    def parse_action(self, text: str) -> Action:
        """A typed action: a move in words (``crab 2``) or as its token (``CRAB_2``), or
        an action's typed form in the reader's language (``krebs 2``, ``fehler 3``); an
        unknown move name lists the moves (abu_simbel:10.3)."""
        moving = self.phase in (WAY_IN, WAY_OUT) and not self.referee
        if moving:
            token = TYPED_TOKEN.get(" ".join(text.lower().replace("_", " ").split()))
            if token is None:
                token = typed_token(text)
            if token is not None:
                return EnterMove(token)
        t = " ".join(text.lower().split())
        for action in self.legal_actions() if language() != SOURCE else ():
            if " ".join(typed_action(action).lower().split()) == t:
                return action
        try:
            return super().parse_action(text)
        except ActionFormatError:
            if moving:
                moves = ", ".join(move_typed(t) for t in TOKENS)
                raise ActionFormatError(
                    W.gettext("'{text}' is not a move; the moves are: {moves}").format(
                        text=text.strip(), moves=moves
                    )
                ) from None
            raise

    # -- words for a person (obelisk.core.narration) ------------------------------------

    def is_terminal(self) -> bool:
        return self.phase == GAME_OVER

    def score_table(self) -> list[dict[str, int]]:
        """The score parts of every seat (abu_simbel:8)."""
        mp = 0 if self.ultimate else self.options.mummy_points
        return [
            score_parts(self.tableaux[s], self.charms[s], self.charm_jewels, self.has_mummy[s], mp)
            for s in range(self.num_players)
        ]

    def scores(self) -> list[float]:
        if self.coop:
            return [float(sum(len(t) for t in self.tableaux))] * self.num_players
        return [float(p["total"]) for p in self.score_table()]

    @property
    def cooperative(self) -> bool:
        """All for One (and every solo game) is played as one team (abu_simbel:9)."""
        return bool(self.coop)

    def sim_metrics(self) -> dict[str, float]:
        """This game's own numbers for simulation reports (``metrics.py``)."""
        return _sim_metrics(self)

    def winners(self) -> list[int]:
        if self.coop:
            return list(range(self.num_players)) if self.team_won else []
        totals = [p["total"] for p in self.score_table()]
        return winners_of(totals, self.charms)

    # -- hidden information (abu_simbel:11) ----------------------------------------------
    def route_hidden_from(self, seat: int | None) -> bool:
        """Whether ``seat`` (None: a spectator) sees the route faces now (abu_simbel:11)."""
        if self.phase != WAY_OUT:
            return False
        if seat == self.active:
            return True
        if self.hotseat:
            return not (self.referee and self.turned_away)
        return False

    def observation(self, seat: int | None) -> dict[str, Any]:
        n = len(self.route)
        hidden = self.route_hidden_from(seat)
        if hidden:
            route: list[dict[str, Any]] = [{"slot": i, "face_down": True} for i in range(n)]
        else:
            route = [
                {
                    "slot": i,
                    "type": card_type(c),
                    "scorpions": scorpions(c),
                    "token": self.expected_token(i),
                    "covered_by": self.covers[i] if self.covers[i] >= 0 else None,
                }
                for i, c in enumerate(self.route)
            ]
        ph = self.phase
        way_order: list[int] = []
        if ph in (WAY_IN, TREASURE, PRE_TURN):
            way_order = list(range(n - 1, -1, -1))
        elif ph == WAY_OUT:
            way_order = [self.slot_at(p) for p in range(n)]
        over = ph == GAME_OVER
        players = []
        for s in range(self.num_players):
            players.append(
                {
                    "charms": self.charms[s],
                    "charm_jewels": charm_jewels_left(self.charms[s], self.charm_jewels),
                    "treasures": len(self.tableaux[s]),
                    "mummy": self.has_mummy[s],
                    "mummy_gained": self.mummy_gained[s],
                    "cover_in_use": self.cover_in_use[s],
                    "forward_exit": s in self.forward,
                    "free_judging": s in self.free,
                    "helper": s in self.helpers,
                }
            )
        obs: dict[str, Any] = {
            "phase": ph,
            "round": self.round_no,
            "active": self.active,
            "to_move": self.current_player,
            "judging_mode": self.options.judging_mode,
            "table_mode": self.options.table_mode,
            "route_len": n,
            "route_hidden": hidden,
            "route": route,
            "way_order": way_order,
            "progress": self.progress,
            "referee": self.referee_seat if self.referee else None,
            "checkers": self.checker_seats() if self.referee else [],
            "checking": self.checking if self.referee else None,
            "no_objection": [(self.active + 1 + k) % self.num_players for k in range(self.check_k)],
            "turned_away": self.turned_away,
            "main_deck": len(self.main_deck),
            "discard": len(self.discard),
            "discard_top": self.discard[-1] if self.discard else None,
            "treasure_decks": list(self.deck_counts),
            "treasure_graveyard": list(self.graveyard),
            "treasure_in_hand": self.pending is not None,
            "mummy_supply": self.mummy_supply,
            "players": players,
        }
        if self.coop:
            obs["team_charms"] = self.team_charms
            obs["team_treasures"] = sum(len(t) for t in self.tableaux)
            obs["team_target"] = self.options.team_target
        if seat is not None:
            obs["seat"] = seat
            obs["my_treasures"] = list(self.tableaux[seat])
            obs["drawn_treasure"] = self.pending if seat == self.active else None
        if over:
            obs["end_reason"] = self.end_reason
            obs["treasures"] = [list(t) for t in self.tableaux]
            obs["winners"] = self.winners()
            if self.coop:
                obs["team_won"] = self.team_won
            else:
                obs["scores"] = self.score_table()
        return obs

    def _copy_fields(self, new: State) -> None:
        """Every field of the game, written out: a compiled clone's copy (see
        ``State._copy_fields``; ``tests/games/test_compiled.py`` checks the list)."""
        assert isinstance(new, AbuSimbelState)
        new.referee = self.referee
        new.hotseat = self.hotseat
        new.coop = self.coop
        new.ultimate = self.ultimate
        new.forward = self.forward
        new.helpers = self.helpers
        new.checking = self.checking
        new.free = self.free
        new.charm_jewels = self.charm_jewels
        new.chamber_total = self.chamber_total
        new.treasure_total = self.treasure_total
        new.main_deck = self.main_deck
        new.discard = self.discard
        new.route = self.route
        new.covers = self.covers
        new.pool = self.pool
        new.deck_counts = self.deck_counts
        new.tableaux = self.tableaux
        new.graveyard = self.graveyard
        new.pending = self.pending
        new.pending_deck = self.pending_deck
        new.charms = self.charms
        new.charm_graveyard = self.charm_graveyard
        new.team_charms = self.team_charms
        new.has_mummy = self.has_mummy
        new.mummy_gained = self.mummy_gained
        new.cover_in_use = self.cover_in_use
        new.mummy_supply = self.mummy_supply
        new.round_no = self.round_no
        new.active = self.active
        new.phase = self.phase
        new.progress = self.progress
        new.cover_k = self.cover_k
        new.check_k = self.check_k
        new.turned_away = self.turned_away
        new.end_reason = self.end_reason
        new.team_won = self.team_won

    def _clone_into(self, new: State) -> None:
        """The lists a step changes in place (everything else is immutable or shared)."""
        assert isinstance(new, AbuSimbelState)
        new.main_deck = list(self.main_deck)
        new.discard = list(self.discard)
        new.route = list(self.route)
        new.covers = list(self.covers)
        new.pool = list(self.pool)
        new.deck_counts = list(self.deck_counts)
        new.graveyard = list(self.graveyard)
        new.charms = list(self.charms)
        new.charm_graveyard = list(self.charm_graveyard)
        new.has_mummy = list(self.has_mummy)
        new.mummy_gained = list(self.mummy_gained)
        new.cover_in_use = list(self.cover_in_use)
        new.tableaux = [list(t) for t in self.tableaux]

    def check_invariants(self) -> None:
        """Conservation of every component (abu_simbel:14 A-27)."""
        chambers = len(self.main_deck) + len(self.discard) + len(self.route)
        assert chambers == self.chamber_total, f"{chambers} chamber cards, not {self.chamber_total}"
        assert len(self.covers) == len(self.route)
        treasures = (
            len(self.pool)
            + sum(len(t) for t in self.tableaux)
            + len(self.graveyard)
            + (1 if self.pending is not None else 0)
        )
        assert treasures == self.treasure_total, f"{treasures} treasures, not {self.treasure_total}"
        assert sum(self.deck_counts) == len(self.pool)
        if self.coop:
            assert self.team_charms + len(self.charm_graveyard) == self.options.team_charms
        else:
            total = len(self.charm_jewels) * self.num_players
            assert sum(self.charms) + len(self.charm_graveyard) == total
        gained = sum(self.mummy_gained)
        held = sum(self.has_mummy)
        assert held <= gained and self.mummy_supply + held == self.options.mummy_cards
        assert 0 <= self.progress <= len(self.route)
