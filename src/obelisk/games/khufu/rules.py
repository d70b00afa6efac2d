"""Khufu's state machine: the track, chambers, Ultimate Challenge, clock and Director.

Flow: a turn is a short list of *tasks* on :attr:`KhufuState.stack` (start, end,
checkpoint, curse cards, event parts), run by :meth:`KhufuState._run` until a
seat has a decision (:attr:`KhufuState.dec`, a tuple whose first item is its
kind) or the game ends. An action answers the decision, then the tasks run on.
Every rules branch names its rule ID (``# khufu:7.3``).

Randomness all goes through ``self.chance``. The Director's draws (event ids
and gaps) come from a separate, state-independent splitmix64 stream
(``dir_state``) and are fed into ``self.chance`` as scripted outcomes, so they
are logged, recorded and replayed like every other draw while the sequence of
events depends on the seed only (khufu:14.10). The stream's draws are those of
:mod:`obelisk.games.khufu.director`, whose ``Director.schedule`` lists a seed's
orders for programs that run no game (the Khufu companion).
"""

from __future__ import annotations

import struct
from collections.abc import Sequence
from functools import lru_cache
from typing import Any

from obelisk.core import (
    HIDDEN,
    TERMINAL,
    Action,
    Event,
    IllegalAction,
    seats,
)

# State from its own module: mypyc's compiled subclass needs that module imported by name
from obelisk.core.game import State

from . import components as K
from . import director as D
from .actions import (
    ANSWER,
    CHALLENGE,
    DECLINE,
    ENTER,
    LEAVE,
    PASS,
    PLACE,
    ROLL,
    SILENT,
    STAY,
    TAKE,
    Answer,
    Bet,
    Challenge,
    Decline,
    Enter,
    Give,
    Leave,
    Pass,
    Piece,
    Place,
    Roll,
    Select,
    Silent,
    Stay,
    Steal,
    Take,
    Tick,
)
from .metrics import sim_metrics as _sim_metrics

# Decision kinds (khufu:5.7).
ROLL_D = "ROLL"
CHAMBER_D = "CHAMBER_TURN_OPTION"
DOOR_D = "DOOR_ENTER_OR_PASS"
TAKE_D = "TAKE_TREASURE"
STEAL_D = "STEAL_TARGET_OR_DECLINE"
COBRA_D = "COBRA_GIVE_CARD"
WAGER_D = "WAGER_CARDS"
SELECT_D = "CHALLENGE_SELECT_3"
TOLL_D = "CURSE_TOLL_CARD"
PICK_D = "PICKPOCKET_TARGET"
MUMMY_D = "MUMMY_CALL_ANSWER"
PIECE_D = "CHOOSE_PIECE"  # khufu:4.1 at set-up, before the countdown starts
#: Decisions of a turn, at which a real-time Tick is a Director checkpoint (khufu:14.3).
TURN_DECISIONS = frozenset({ROLL_D, CHAMBER_D, DOOR_D, TAKE_D, STEAL_D, COBRA_D, WAGER_D, TOLL_D})
OBLIGATIONS = frozenset({COBRA_D, TOLL_D})

MASK64 = (1 << 64) - 1
#: Draw keys are 0..DRAW_KEYS (see KhufuState._pick_from_pool).
DRAW_KEYS = (1 << 32) - 1
_GOLDEN = 0x9E3779B97F4A7C15


#: The JSON and text forms of the action classes without fields.
_FORMS: dict[type, tuple[dict[str, Any], str]] = {}
#: Space kinds in the events' words.
_SPACE_WORDS = {K.TREASURE: "treasure", K.CURSE: "curse", K.STEAL: "steal", K.DOOR: "door"}
_FIELDLESS = (Roll, Stay, Leave, Challenge, Enter, Pass, Take, Decline, Place, Answer, Silent)
_PIECES = {c: Piece(c) for c in K.CHARACTERS}


@lru_cache(maxsize=8)
def _card_actions(n: int) -> tuple[tuple[Bet, ...], tuple[Give, ...]]:
    ids = [f"T{i + 1:02d}" for i in range(n)]
    return tuple(Bet(c) for c in ids), tuple(Give(c) for c in ids)


@lru_cache(maxsize=8)
def _steal_actions(n: int) -> tuple[Steal, ...]:
    return tuple(Steal(i) for i in range(n))


#: Per number of cards: the packed lanes of :func:`_least` (a 1 in each lane, the low 64
#: bits of each lane, and the layout that reads the lanes' low halves back).
_LANES: dict[int, tuple[int, int, struct.Struct]] = {}


def _lanes(n: int) -> tuple[int, int, struct.Struct]:
    got = _LANES.get(n)
    if got is None:
        ones = sum(1 << (128 * i) for i in range(n))
        got = _LANES[n] = (ones, ones * MASK64, struct.Struct("<" + "Q8x" * n))
    return got


def _least(key: int, *groups: Sequence[int]) -> int:
    """The card of least hash(key, card) among ``groups`` (see _pick_from_pool), the first
    of them on a tie; -1 for none.

    The hash is ``(key << 8 | card) * golden`` put through splitmix64's first mixing step
    and final shift. It is computed for every card at once: the cards lie in 128-bit lanes
    of one integer (a lane holds a 64-bit value times a 64-bit constant without spilling
    into the next), so each step of the hash is one operation on a long integer, not a
    Python loop over the cards (the pool holds up to 60 cards, and a treasure is drawn
    every ninth step of a game)."""
    cards: list[int] = []
    for group in groups:
        cards += group
    n = len(cards)
    if not n:
        return -1
    ones, low, layout = _lanes(n)
    packed = bytearray(16 * n)
    packed[0::16] = bytes(cards)  # card ids < 256 (the key is shifted by 8 bits)
    z = (((key << 8) * ones + int.from_bytes(packed, "little")) * _GOLDEN) & low
    z = (((z ^ (z >> 30)) & low) * 0xBF58476D1CE4E5B9) & low
    z = (z ^ (z >> 31)) & low
    hashes = layout.unpack(z.to_bytes(16 * n, "little"))
    return cards[hashes.index(min(hashes))]


def _popcount(x: int) -> int:
    return bin(x).count("1")


class KhufuState(State):
    """One position of Khufu. See the module docstring for the flow."""

    # ------------------------------------------------------------------ setup
    def _setup(self) -> None:
        o = self.options
        t = K.tables(o)
        self.t = t
        n = self.num_players
        self.all_mask = (1 << n) - 1
        self.realtime = o.clock == "realtime"
        self.elapsed = 0  # khufu:4.9 the countdown starts with Lucky's first turn
        self.f2 = False
        self.over = False
        self.winner: int | None = None
        # Treasure deck (khufu:2.2, khufu:16.5): never-drawn pool + queue of returned cards.
        self.pool: list[int] = list(range(t.num_cards))
        self.returned: list[int] = []
        #: Per card, a bitmask of the seats that know where it is (for determinize).
        self.known: list[int] = [0] * t.num_cards
        self.hands: list[list[int]] = [[] for _ in range(n)]
        # Curse deck (khufu:15): never-drawn pool + returned queue (all drawn cards are public).
        self.cpool: list[int] = list(range(len(t.curse_cards)))
        self.creturned: list[int] = []
        # khufu:4.5 lucky symbols, dealt face up in seat order.
        syms = self.chance.sample(K.SYMBOLS, n, "lucky_symbols")
        self.lucky_sym: tuple[int, ...] = tuple(K.SYMBOLS.index(s) for s in syms)
        # khufu:4.6 every piece starts inside the Servant's Chamber.
        self.pos: list[int] = [t.door_of[K.SERVANT]] * n
        self.room: list[int] = [K.SERVANT] * n
        self.scarabs: list[int] = [0] * n  # bitmask of chambers (khufu:9.1)
        self.miss: list[int] = [0] * n
        self.grip: list[bool] = [False] * n
        self.no_entry: list[bool] = [False] * n
        self.sarc = K.KING  # khufu:4.3
        self.block: list[int] = [0, 0, 0, 0]  # khufu:4.2 all open
        # khufu:4.7 the Director picks Lucky.
        self.lucky = self.chance.randint(0, n - 1, "lucky")
        # khufu:4.1 the playing pieces: chosen at set-up (None: not chosen yet), or given.
        self.piece: list[str | None] = K.initial_pieces(o.pieces, n)
        self.turn_seat = self.lucky  # khufu:4.8
        self.active = self.lucky
        self.turns_done = 0
        self.extra_pending = False
        self.in_challenge = False
        self.in_event = False
        self.dec: tuple[Any, ...] | None = None
        self.dec_ticks = 0
        #: Real time only: (history index, decision kind, seconds it had waited) per action.
        self.waits: list[tuple[int, str, int]] = []
        self.wager: list[int] = []
        self.stack: list[tuple[Any, ...]] = []
        self.mummy_silent: list[bool] = [False] * n
        self.ch_seat = -1
        self.ch_khufu: tuple[int, ...] = ()
        self.ch_dealt: tuple[int, ...] = ()
        self.ch_sel: tuple[int, ...] = ()
        self.ch_dice: tuple[int, ...] = ()
        self.ch_result = ""
        self.last_event = ""
        self.step_drawn: list[int] = []  # cards drawn from the pool during the current step
        # The Director (khufu:14.10): its own stream, seeded from the game seed only.
        self.dir_state = D.stream_for_seed(self.seed)
        self.next_due = 0
        self.dir_base = 0
        self.dir_checked = -1
        if o.director:
            first = o.first_gap_turns if o.schedule == "turns" else o.first_gap_seconds
            self.next_due = self._draw_gap(first)
        self.stack.append(("turn_start",))
        # F1: Khufu greets the players (after they chose their pieces) and names Lucky.
        self.stack.append(("intro", list(syms)))
        for p in reversed(range(n)):
            if self.piece[p] is None:
                self.stack.append(("piece_ask", p))
        #: khufu:14.3 simulated clock: a checkpoint at every decision of a turn too.
        self.sim_mid_turn = o.director and not self.realtime and o.sim_interrupts
        self._run()

    # ----------------------------------------------------------- basic queries
    @property
    def current_player(self) -> int:
        if self.over or self.dec is None:
            return TERMINAL
        return int(self.dec[1])

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        # No standing() of its own: the search then sees nothing before the end and plays
        # the heuristic's moves (its prior). Two measures of progress were tried (3 or 10
        # per Scarab, 1 per Treasure up to 5, a bonus for being qualified); with either,
        # hard won less alone against two heuristics than the fair share (26% [21-32] of
        # 231 games, 23% [14-34] of 62; benchmarks/agents_results/superseded/).
        return [1.0 if p == self.winner else 0.0 for p in range(self.num_players)]

    def sim_metrics(self) -> dict[str, float]:
        """This game's own numbers for simulation reports (``metrics.py``)."""
        return _sim_metrics(self)

    def sim_progress(self) -> list[float]:
        """Progress toward qualifying (khufu:9.2), 0 to 10 per seat, for the simulator's
        lead changes and drama: placed Scarabs and Treasures up to the number needed."""
        need = self.options.qualify_treasures
        return [
            10.0 * (bin(self.scarabs[p]).count("1") + min(len(self.hands[p]), need)) / (4 + need)
            for p in range(self.num_players)
        ]

    def winners(self) -> list[int]:
        # khufu:11.1 one winner; khufu:11.2 Khufu's win is a loss for every seat.
        return [] if self.winner is None else [self.winner]

    def qualified(self, p: int) -> bool:
        """khufu:9.2: all 4 Scarabs placed and at least 3 Treasures in hand."""
        return self.scarabs[p] == 0b1111 and len(self.hands[p]) >= self.options.qualify_treasures

    def eligible(self, p: int, ch: int, leaving: bool = False) -> bool:
        """khufu:6.3: may ``p`` enter chamber ``ch`` now?"""
        if leaving or self.block[ch] or self.no_entry[p]:
            return False
        return len(self.hands[p]) >= self.t.min_wager[ch] or (ch == self.sarc and self.qualified(p))

    def loop_order(self) -> list[int]:
        """Seats in turn order from Lucky (khufu:14.5)."""
        n = self.num_players
        return [(self.lucky + i) % n for i in range(n)]

    def card_id(self, c: int) -> str:
        return self.t.card_ids[c]

    # ------------------------------------------------------------ legal actions
    def legal_actions(self) -> list[Action]:
        d = self.dec
        if self.over or d is None:
            return []
        k = d[0]
        p = d[1]
        if k == ROLL_D:
            return [ROLL]
        if k == CHAMBER_D:
            return self._chamber_options(p, d[2])
        if k == DOOR_D:
            return [ENTER, PASS]
        if k == TAKE_D:
            return [TAKE, DECLINE]
        if k == STEAL_D:
            st = _steal_actions(self.num_players)
            return [st[q] for q in d[2]] + [DECLINE]
        if k == PICK_D:
            st = _steal_actions(self.num_players)
            return [st[q] for q in d[2]]
        if k in (COBRA_D, TOLL_D):
            gives = _card_actions(self.t.num_cards)[1]
            return [gives[c] for c in self.hands[p]]
        if k == WAGER_D:
            bets = _card_actions(self.t.num_cards)[0]
            w = self.wager
            acts: list[Action] = [bets[c] for c in self.hands[p] if c not in w]
            if len(w) >= self.t.min_wager[d[2]]:
                acts.append(PLACE)
            return acts
        if k == SELECT_D:
            ids = self.t.card_ids
            # Canonical order: the three card ids ascending, whatever the deal order.
            return [Select(tuple(ids[c] for c in s)) for s in K.selections(sorted(self.ch_dealt))]
        if k == MUMMY_D:
            return [ANSWER, SILENT]
        if k == PIECE_D:
            return [_PIECES[c] for c in self.free_pieces()]
        raise AssertionError(f"unknown decision {k}")

    def free_pieces(self) -> list[str]:
        """khufu:4.1 the pieces nobody has taken yet, in the characters' table order."""
        return [c for c in K.CHARACTERS if c not in self.piece]

    def piece_of(self, p: int) -> str | None:
        """The playing piece of seat ``p`` (None while it is still to be chosen)."""
        return self.piece[p]

    def _chamber_options(self, p: int, ch: int) -> list[Action]:
        # khufu:5.4 (khufu:5.5: blocking never matters to a player already inside)
        if ch == self.sarc and self.qualified(p):
            return [CHALLENGE, LEAVE]
        if len(self.hands[p]) >= self.t.min_wager[ch]:
            return [STAY, LEAVE]
        return [LEAVE]

    # ----------------------------------------------------------------- events
    def action_event(self, seat: int, action: Action) -> list[Event]:
        cls = type(action)
        form = _FORMS.get(cls)  # the actions without fields share one form per class
        if form is None:
            if cls in _FIELDLESS:
                form = _FORMS[cls] = (action.to_json(), action.text())
            elif cls is Bet:
                assert isinstance(action, Bet)
                form = ({"kind": "bet", "card": action.card}, "bet " + action.card)
            else:
                form = (action.to_json(), action.text())
        data: dict[str, Any] = {"seat": seat, "action": form[0], "text": form[1]}
        d = self.dec
        # Context for the narration (what the action answers): public unless said.
        if d is not None and d[0] in (CHAMBER_D, DOOR_D, WAGER_D):
            data["chamber"] = K.CHAMBERS[d[2]]
        if isinstance(action, Decline) and d is not None:
            data["decision"] = d[0]
        if isinstance(action, Bet):  # khufu:8.2 face down; the count is in the observation
            data.update(self._cards_json([self.t.card_index[action.card]]))
            return [Event("action", data, seats(seat))]
        if isinstance(action, Give):  # khufu:17.2 seen by giver and receiver only
            to = seats(seat, d[2]) if d is not None and d[0] in (COBRA_D, TOLL_D) else seats(seat)
            data.update(self._cards_json([self.t.card_index[action.card]]))
            return [
                Event("action", data, to),
                Event("action", {"seat": seat, "text": "gave a card"}),
            ]
        if isinstance(action, Select):  # the dealt cards are public (khufu:10.2)
            data.update(self._cards_json([self.t.card_index[c] for c in action.cards]))
        return [Event("action", data)]

    def _cards_json(self, cards: Any) -> dict[str, Any]:
        """Cards as event fields: their ids, symbols and cobras (for the narration)."""
        t = self.t
        return {
            "cards": [t.card_ids[c] for c in cards],
            "symbols": [K.SYMBOLS[t.card_symbol[c]] for c in cards],
            "cobras": [t.card_cobra[c] for c in cards],
        }

    def _space_json(self, pos: int) -> dict[str, Any]:
        """A track space as event fields: its index, kind and (a door's) chamber."""
        kind = self.t.kind[pos]
        out: dict[str, Any] = {"to": pos, "space": _SPACE_WORDS[kind]}
        ch = self.t.door_chamber[pos]
        if ch >= 0:
            out["door"] = K.CHAMBERS[ch]
        return out

    def _ev(self, kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> None:
        self.events.append(Event(kind, data, to))

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        if self.step_drawn:  # (a clone has a list of its own)
            self.step_drawn = []
        if self.realtime and self.dec is not None:
            # how long this decision had waited (for undo: see undoable)
            self.waits.append((len(self.history), self.dec[0], self.dec_ticks))
        self.dec_ticks = 0
        self._answer(action)
        self._run()

    def _answer(self, action: Action) -> None:
        """Resolve the pending decision with ``action`` (legal)."""
        d = self.dec
        assert d is not None
        k, p = d[0], d[1]
        self.dec = None
        if k == ROLL_D:
            die = self.chance.randint(1, 6, "die")  # khufu:5.3
            self._move(p, die, False, die=die)
        elif k == CHAMBER_D:
            ch = d[2]
            if isinstance(action, Stay):
                self.dec = (WAGER_D, p, ch)  # khufu:5.4
                self.wager = []
            elif isinstance(action, Challenge):
                self._start_challenge(p)
            else:  # khufu:5.4 LEAVE: roll and move on from the door, entering nothing
                self.room[p] = -1
                self.pos[p] = self.t.door_of[ch]
                die = self.chance.randint(1, 6, "die")
                self._move(p, die, True, die=die, left=ch)
        elif k == DOOR_D:
            ch, pips = d[2], d[3]
            if isinstance(action, Enter):
                self._enter(p, ch)  # khufu:6.2 unused pips are lost
            else:
                self._move(p, pips, False)
        elif k == TAKE_D:
            if isinstance(action, Take):
                self._draw(p, 1)  # khufu:7.1
        elif k == STEAL_D:
            if isinstance(action, Steal) and self._charge(self.options.cost_steal):  # khufu:12.4
                self._steal(p, action.target)
        elif k == PICK_D:
            assert isinstance(action, Steal)
            self._steal(p, action.target)
        elif k in (COBRA_D, TOLL_D):
            assert isinstance(action, Give)
            self._give(p, d[2], self.t.card_index[action.card], k)
        elif k == WAGER_D:
            if isinstance(action, Bet):
                self.wager.append(self.t.card_index[action.card])
                self.dec = d
            else:
                self._play_table(p, d[2])
        elif k == SELECT_D:
            assert isinstance(action, Select)
            self._resolve_challenge(p, tuple(self.t.card_index[c] for c in action.cards))
        elif k == MUMMY_D:
            self.mummy_silent[p] = isinstance(action, Silent)
        elif k == PIECE_D:
            assert isinstance(action, Piece)
            self.piece[p] = action.name  # khufu:4.1
        else:  # pragma: no cover
            raise AssertionError(k)

    def _run(self) -> None:
        """Run queued tasks until a decision is pending or the game is over.

        With the simulated clock (and ``sim_interrupts``) a decision of a turn is a
        Director checkpoint, as a real-time Tick during it is (khufu:14.3): an event
        that is due then ends the turn (khufu:14.4) and the tasks run on.
        """
        while True:
            self._run_tasks()
            d = self.dec
            if self.over or d is None or not self.sim_mid_turn or d[0] not in TURN_DECISIONS:
                return
            if not self.due():
                if not self.in_challenge and not self.in_event:
                    self.dir_checked = self._clock_value()  # a checkpoint that did not fire
                return
            self._fire(True)

    def _run_tasks(self) -> None:
        stack = self.stack
        while self.dec is None and not self.over:
            task = stack.pop()
            name = task[0]
            if name == "turn_start":
                self._turn_start()
            elif name == "turn_end":
                self._turn_end()
            elif name == "checkpoint":
                self._checkpoint()
            elif name == "next_turn":
                self._next_turn()
            elif name == "curse":
                self._curse(task[1])
            elif name == "event_done":
                self._event_done(task[1])
            elif name == "mummy_ask":
                self.dec = (MUMMY_D, task[1])
            elif name == "mummy_penalty":
                for q in self.loop_order():
                    if self.mummy_silent[q]:
                        self._random_return(q, "mummy_penalty")
            elif name == "send_curse":
                self._send_to_curse(task[1])
            elif name == "piece_ask":
                self.dec = (PIECE_D, task[1])  # khufu:4.1
            elif name == "intro":  # khufu:14.9 F1
                self._ev("khufu", {"event": "INTRO", "lucky": self.lucky, "symbols": task[1]})
            else:  # pragma: no cover
                raise AssertionError(name)

    # ------------------------------------------------------------------ clock
    def _charge(self, seconds: int) -> bool:
        """khufu:12.4: charge simulated seconds before a step; False if time ran out."""
        if self.realtime or not seconds:
            return True
        self.elapsed += seconds
        return self._clock_moved()

    def _clock_moved(self) -> bool:
        o = self.options
        if not self.f2 and o.countdown - self.elapsed <= o.final_minutes_at:
            self.f2 = True  # khufu:14.9 F2, no rules effect
            self._ev("khufu", {"event": "FIVE_MINUTES_LEFT", "elapsed": self.elapsed})
        if self.elapsed >= o.countdown:
            self._time_up()
            return False
        return True

    def _time_up(self) -> None:
        """khufu:11.2 / 14.9 F3: the countdown reached 0, Khufu wins."""
        self.over = True
        self.winner = None
        self.dec = None
        self.stack.clear()
        self.in_challenge = False
        self.wager = []
        self._ev("khufu", {"event": "TIME_UP", "elapsed": self.elapsed})

    # ------------------------------------------------------------------ turns
    def _turn_start(self) -> None:
        p = self.active
        self.no_entry[p] = self.grip[p]  # khufu:5.1a
        self.grip[p] = False
        self.stack.append(("turn_end",))
        if self.miss[p] > 0:  # khufu:5.2
            if not self._charge(self.options.cost_missed_turn):
                return
            self.miss[p] -= 1
            self._ev("missed_turn", {"seat": p})
            return
        if not self._charge(self.options.cost_turn):
            return
        if self.room[p] < 0:
            self.dec = (ROLL_D, p)  # khufu:5.3
        else:
            self.dec = (CHAMBER_D, p, self.room[p])  # khufu:5.4

    def _turn_end(self) -> None:
        p = self.active
        self.no_entry[p] = False  # khufu:5.6
        self.turns_done += 1
        self.wager = []
        for ch in range(4):  # khufu:14.8 block expiry, before the checkpoint
            if self.block[ch]:
                self.block[ch] -= 1
        self.stack.append(("next_turn",))
        self.stack.append(("checkpoint",))

    def _next_turn(self) -> None:
        if self.extra_pending:  # khufu:14.7 E18
            self.extra_pending = False
            self.active = self.lucky
        else:
            self.turn_seat = (self.turn_seat + 1) % self.num_players  # khufu:4.8
            self.active = self.turn_seat
        self.stack.append(("turn_start",))

    # --------------------------------------------------------------- movement
    def _move(self, p: int, pips: int, leaving: bool, die: int = 0, left: int = -1) -> None:
        """khufu:6.1-6.7: walk clockwise; offer every eligible door; resolve the landing.

        ``die`` is the roll that starts the move (0: a move going on past a door) and
        ``left`` the chamber it leaves (-1: none); both are for the ``move`` event.
        """
        t = self.t
        pos = start = self.pos[p]
        length = t.length
        stop = False
        while pips > 0:
            pos = (pos + 1) % length
            pips -= 1
            ch = t.door_chamber[pos]
            if ch >= 0 and self.eligible(p, ch, leaving):
                stop = True
                break
        self.pos[p] = pos
        if self.loud:  # a quiet state builds no events (State.quiet)
            data: dict[str, Any] = {
                "seat": p,
                "die": die,
                "from": K.CHAMBERS[left] if left >= 0 else None,
                "start": start,
            }
            data.update(self._space_json(pos))
            if stop:
                data["pips_left"] = pips
            self._ev("move", data)
        if stop:
            self.dec = (DOOR_D, p, t.door_chamber[pos], pips)  # khufu:6.2
            return
        self._land(p)

    def _land(self, p: int) -> None:
        """khufu:7: the effect of the space where a die-roll move ends."""
        kind = self.t.kind[self.pos[p]]
        if kind == K.TREASURE:
            if not self._charge(self.options.cost_treasure_space):
                return
            if self.pool or self.returned:
                self.dec = (TAKE_D, p)  # khufu:7.1
        elif kind == K.CURSE:
            self.stack.append(("curse", p))  # khufu:7.2
        elif kind == K.STEAL and self.hands[p]:  # khufu:7.3
            targets = tuple(q for q in range(self.num_players) if q != p and self.hands[q])
            if targets:
                self.dec = (STEAL_D, p, targets)
        # khufu:7.5 a door without entering: nothing

    def _enter(self, p: int, ch: int) -> None:
        self.room[p] = ch
        self.pos[p] = self.t.door_of[ch]
        if ch == self.sarc and self.qualified(p):
            self._start_challenge(p)  # khufu:6.4 / 9.3
        else:
            self.dec = (WAGER_D, p, ch)  # khufu:6.4
            self.wager = []

    def _relocate(self, p: int, steps: int, why: str) -> None:
        """khufu:6.8: a shift by a card or event; no door, Treasure or Steal effect."""
        self.pos[p] = (self.pos[p] + steps) % self.t.length
        if self.loud:
            self._ev("relocate", {"seat": p, **self._space_json(self.pos[p]), "why": why})

    # ----------------------------------------------------------------- cards
    def _draw(self, p: int, count: int) -> int:
        """Draw up to ``count`` Treasures from the top of the deck (nothing if empty)."""
        got: list[int] = []
        for _ in range(count):
            if self.pool:
                c = self._pick_from_pool(p)
                self.pool.remove(c)
                self.known[c] = 1 << p
            elif self.returned:
                c = self.returned.pop(0)
                self.known[c] |= 1 << p
            else:
                break
            self.hands[p].append(c)
            got.append(c)
        if got and self.loud:
            self._ev("draw", {"seat": p, **self._cards_json(got)}, seats(p))
            self._ev("draw", {"seat": p, "count": len(got)})  # khufu:17.1 how many is public
        return len(got)

    def _pick_from_pool(self, p: int) -> int:
        """A uniform never-drawn card for ``p`` (khufu:16.5), drawn by a key.

        The key names the card of least hash(key, card) among the cards that were in
        the pool when the current step began; only if another seat drew that card in
        this same step is a second key drawn. So a hidden draw of one seat does not
        shift what another seat draws later in the same step.
        """
        key = self.chance.randint(0, DRAW_KEYS, "treasure", to=seats(p))
        c = _least(key, self.pool, self.step_drawn)
        if c in self.step_drawn:
            key = self.chance.randint(0, DRAW_KEYS, "treasure_again", to=seats(p))
            c = _least(key, self.pool)
        self.step_drawn.append(c)
        return c

    def _blur(self, p: int, seers: int) -> None:
        """After an unseen change to p's hand, others no longer know what is left in it."""
        keep = seers | (1 << p)
        known = self.known
        for c in self.hands[p]:
            known[c] &= keep

    def _to_bottom(self, p: int, c: int, reveal: bool) -> None:
        self.hands[p].remove(c)
        self.returned.append(c)
        self.known[c] = self.all_mask if reveal else (1 << p)

    def _random_return(self, p: int, label: str) -> None:
        """Return one random card of p's hand to the bottom of the deck (hidden which)."""
        hand = self.hands[p]
        if not hand:
            return
        c = self.chance.choice(hand, label, to=seats(p))
        self._to_bottom(p, c, False)
        self._blur(p, 0)
        if self.loud:
            self._ev("returned", {"seat": p, **self._cards_json([c]), "why": label}, seats(p))
            self._ev("returned", {"seat": p, "count": 1, "why": label})

    def _pass_card(self, giver: int, receiver: int, c: int, why: str) -> None:
        """Move a card between two hands, seen by the two of them (khufu:17.2)."""
        self.hands[giver].remove(c)
        self.hands[receiver].append(c)
        both = (1 << giver) | (1 << receiver)
        self.known[c] = both
        self._blur(giver, both)
        if not self.loud:
            return
        t = self.t
        self._ev(
            "card_moved",
            {
                "from": giver,
                "to": receiver,
                "card": t.card_ids[c],
                "symbol": K.SYMBOLS[t.card_symbol[c]],
                "cobra": t.card_cobra[c],
                "why": why,
            },
            seats(giver, receiver),
        )
        self._ev("card_moved", {"from": giver, "to": receiver, "count": 1, "why": why})

    def _steal(self, p: int, v: int) -> None:
        """khufu:7.3: a random card of v's hand; a cobra goes back and costs p a card."""
        hand = self.hands[v]
        cobra = self.t.card_cobra
        cobras = [c for c in hand if cobra[c]]
        plain = [c for c in hand if not cobra[c]]
        # Public: whether a cobra was hit; private to the two: which card (khufu:17.1-17.2).
        kinds = ("cobra",) * len(cobras) + ("plain",) * len(plain)
        hit = self.chance.choice(kinds, "steal_kind")
        group = cobras if hit == "cobra" else plain
        # A cobra is revealed to all, so which one was hit is public too.
        c = self.chance.choice(group, "steal_card", to=None if hit == "cobra" else seats(p, v))
        loud = self.loud  # a quiet state builds no events (State.quiet)
        card = self._face_json(c) if loud else {}
        if loud:
            self._ev("steal", {"seat": p, "victim": v, **card}, seats(p, v))
        if hit == "cobra":
            self.known[c] = self.all_mask  # revealed to all, stays with the victim
            must_give = bool(self.hands[p])
            if loud:
                self._ev("cobra", {"seat": p, "victim": v, **card, "must_give": must_give})
            if must_give:
                self.dec = (COBRA_D, p, v)
        else:
            if loud:
                self._ev("steal", {"seat": p, "victim": v, "cobra": False})
            self._pass_card(v, p, c, "steal")

    def _give(self, p: int, receiver: int, c: int, kind: str) -> None:
        """COBRA_GIVE_CARD / TOMB_TOLL: p gives c to receiver (khufu:7.3, khufu:15)."""
        self._pass_card(p, receiver, c, "cobra" if kind == COBRA_D else "toll")

    def _default_give(self, p: int, receiver: int, kind: str) -> None:
        """khufu:5.8 the default of an obligation: a uniformly random card of the giver."""
        hand = self.hands[p]
        if hand:
            c = self.chance.choice(hand, "default_give", to=seats(p, receiver))
            self._give(p, receiver, c, kind)

    # ---------------------------------------------------------------- tables
    def _play_table(self, p: int, ch: int) -> None:
        """khufu:8.1-8.6: play the chamber's game with the chosen wager."""
        sel = self.wager
        self.wager = []
        loud = self.loud  # a quiet state builds no events (State.quiet)
        data: dict[str, Any] = {}
        if loud:
            data = {"seat": p, "chamber": K.CHAMBERS[ch], "count": len(sel)}
        if ch == K.KING:  # khufu:8.2 the first two are the table cards, revealed
            for c in sel[:2]:
                self.known[c] = self.all_mask
            if loud:
                ids = self.t.card_ids
                data["table"] = [ids[c] for c in sel[:2]]
                data["table_symbols"] = [K.SYMBOLS[self.t.card_symbol[c]] for c in sel[:2]]
        if not self._charge(self.options.cost_table):  # khufu:12.4
            self._ev("wager", data)
            return
        roll: int | str
        if ch == K.SERVANT:
            roll = die = self.chance.randint(1, 6, "die")
            win = die % 2 == 1
        elif ch == K.HIGH_PRIEST:
            roll = die = self.chance.randint(1, 6, "die")
            win = die % 2 == 0
        elif ch == K.QUEEN:
            roll = face = self.chance.choice(K.COIN, "coin")
            win = face == "TAILS"
        else:
            roll = face = self.chance.choice(K.SYMBOLS, "symbol_die")
            sym = K.SYMBOLS.index(face)
            win = sym in (self.t.card_symbol[sel[0]], self.t.card_symbol[sel[1]])
        bit = 1 << ch
        if win:
            if not self.scarabs[p] & bit:  # khufu:8.3 first win: a Scarab, stake kept
                self.scarabs[p] |= bit
                if loud:
                    self._ev("wager", {**data, "roll": roll, "result": "SCARAB"})
            else:  # khufu:8.4 the wager is doubled
                if loud:
                    self._ev("wager", {**data, "roll": roll, "result": "DOUBLE"})
                self._draw(p, len(sel))
        else:  # khufu:8.5 every wagered card to the bottom, in the listed order
            if loud:
                self._ev("wager", {**data, "roll": roll, "result": "LOSS"})
            for i, c in enumerate(sel):
                self._to_bottom(p, c, ch == K.KING and i < 2)
            self._blur(p, 0)
        # khufu:8.6 the turn ends; the player stays inside

    # ------------------------------------------------------------- challenge
    def _start_challenge(self, p: int) -> None:
        """khufu:10.1-10.2: pause, reveal Khufu's hand, deal up to 5 face up."""
        self.in_challenge = True
        t = self.t
        khufu = self.chance.sample(range(t.num_cards), 3, "khufu_hand")  # khufu:10.3
        hand = self.hands[p]
        k = min(self.options.challenge_deal, len(hand))
        dealt = self.chance.sample(hand, k, "deal")
        for c in dealt:
            self.known[c] = self.all_mask
        self.ch_seat = p
        self.ch_khufu = tuple(khufu)
        self.ch_dealt = tuple(dealt)
        self.ch_sel = ()
        self.ch_dice = ()
        self.ch_result = ""
        ids = t.card_ids
        sym = t.card_symbol
        self._ev(
            "challenge",
            {
                "seat": p,
                "khufu": [ids[c] for c in khufu],
                "dealt": [ids[c] for c in dealt],
                "khufu_symbols": [K.SYMBOLS[sym[c]] for c in khufu],
                "dealt_symbols": [K.SYMBOLS[sym[c]] for c in dealt],
                "forced": k <= 3,
            },
        )
        if k <= 3:
            self._resolve_challenge(p, tuple(dealt))  # khufu:10.2 the selection is forced
        else:
            self.dec = (SELECT_D, p)

    def _resolve_challenge(self, p: int, sel: tuple[int, ...]) -> None:
        """khufu:10.2 steps 4-6, khufu:10.5-10.7."""
        t = self.t
        d1 = K.SYMBOLS.index(self.chance.choice(K.SYMBOLS, "symbol_die"))
        d2 = K.SYMBOLS.index(self.chance.choice(K.SYMBOLS, "symbol_die"))
        sym = t.card_symbol
        mine = K.category([sym[c] for c in sel] + [d1, d2])
        his = K.category([sym[c] for c in self.ch_khufu] + [d1, d2])
        result = K.compare(mine, his)
        self.ch_sel = sel
        self.ch_dice = (d1, d2)
        self.ch_result = result
        ids = t.card_ids
        self._ev(
            "challenge_result",
            {
                "seat": p,
                "selected": [ids[c] for c in sel],
                "dice": [K.SYMBOLS[d1], K.SYMBOLS[d2]],
                "player_hand": K.CATEGORIES[mine],
                "khufu_hand": K.CATEGORIES[his],
                "result": result,
                "selected_symbols": [K.SYMBOLS[sym[c]] for c in sel],
                "khufu_symbols": [K.SYMBOLS[sym[c]] for c in self.ch_khufu],
            },
        )
        self.in_challenge = False
        if result == "WIN":  # khufu:10.7 / 11.1
            self.over = True
            self.winner = p
            self.dec = None
            self.stack.clear()
            return
        if result == "LOSE":
            for c in sel:
                self._to_bottom(p, c, True)
        # khufu:10.7 the countdown resumes; to the furthest Curse space, draw there
        self.room[p] = -1
        self.pos[p] = t.furthest_curse[self.sarc]
        self._ev("relocate", {"seat": p, **self._space_json(self.pos[p]), "why": "challenge"})
        self.stack.append(("curse", p))

    # ---------------------------------------------------------------- curses
    def _curse(self, p: int) -> None:
        """khufu:7.2 / 15: draw the top Curse card, resolve it, put it at the bottom."""
        if not self._charge(self.options.cost_curse):
            return
        if self.cpool:
            card = self.chance.choice(self.cpool, "curse")
            self.cpool.remove(card)
        else:
            card = self.creturned.pop(0)
        self.creturned.append(card)  # khufu:15 back to the bottom (the deck cycles)
        cid = K.CURSE_IDS[self.t.curse_cards[card]]
        n = self.num_players
        if self.loud:  # a quiet state builds no events (State.quiet)
            data: dict[str, Any] = {"seat": p, "card": cid}
            if cid == "TOMB_TOLL":
                data["to"] = (p + 1) % n
            elif cid == "LUCKYS_ERRAND":
                data["lucky"] = self.lucky
            data["empty_hand"] = not self.hands[p]
            self._ev("curse", data)
        if cid == "SNAKE_BITE":
            self._random_return(p, "snake_bite")
        elif cid == "SAND_TRAP":
            self.miss[p] += 1
        elif cid == "QUICKSAND":
            self._relocate(p, -K.QUICKSAND_STEPS, "quicksand")
            if self.t.kind[self.pos[p]] == K.CURSE:  # khufu:6.8 sent to a Curse space
                self.stack.append(("curse", p))
        elif cid == "TOMB_TOLL":
            if self.hands[p]:
                self.dec = (TOLL_D, p, (p + 1) % n)
        elif cid == "KHUFUS_CUT":
            self._random_return(p, "khufus_cut")
            self._random_return(p, "khufus_cut")
        elif cid == "LUCKYS_ERRAND":
            hand = self.hands[p]
            if hand:
                c = self.chance.choice(hand, "errand", to=seats(p, self.lucky))
                if p == self.lucky:
                    self._to_bottom(p, c, False)
                    self._blur(p, 0)
                    self._ev(
                        "returned", {"seat": p, **self._cards_json([c]), "why": "errand"}, seats(p)
                    )
                    self._ev("returned", {"seat": p, "count": 1, "why": "errand"})
                else:
                    self._pass_card(p, self.lucky, c, "errand")
        elif cid == "MUMMYS_GRIP":
            self.grip[p] = True
        elif cid == "LUCKY_ESCAPE":
            self._draw(p, 1)
        elif cid == "PLAGUE":
            for i in range(n):
                self._random_return((p + i) % n, "plague")
        elif cid == "SYMBOL_GAMBLE":
            sym = K.SYMBOLS.index(self.chance.choice(K.SYMBOLS, "symbol_die"))
            hit = sym == self.lucky_sym[p]
            self._ev(
                "symbol",
                {
                    "symbol": K.SYMBOLS[sym],
                    "why": "SYMBOL_GAMBLE",
                    "seat": p,
                    "seats": [p] if hit else [],
                },
            )
            if hit:
                self._draw(p, 2)
            else:
                self._random_return(p, "symbol_gamble")

    def _send_to_curse(self, q: int) -> None:
        """E15: to the first Curse space clockwise of the piece (or its chamber's door)."""
        if self.room[q] >= 0:
            self.pos[q] = self.t.door_of[self.room[q]]
            self.room[q] = -1
        self.pos[q] = K.first_curse_after(self.t.kind, self.pos[q])
        self._ev("relocate", {"seat": q, **self._space_json(self.pos[q]), "why": "richest"})
        self.stack.append(("curse", q))

    # --------------------------------------------------------------- director
    def _draw_gap(self, bounds: tuple[int, ...]) -> int:
        # the stream moves on even when the outcome is replayed, so a replayed game
        # goes on drawing what the original would have drawn
        value, self.dir_state = D.draw_gap(self.dir_state, bounds)
        if not self.chance.pending:
            self.chance.force(value)
        return self.chance.randint(bounds[0], bounds[1], "khufu_gap", to=HIDDEN)

    def _draw_event(self) -> int:
        value, self.dir_state = D.draw_event(self.dir_state, self.t)
        if not self.chance.pending:
            self.chance.force(value)
        r = self.chance.randint(1, self.t.event_total, "khufu_event")
        return D.event_of_roll(self.t, r)

    def _clock_value(self) -> int:
        return self.turns_done if self.options.schedule == "turns" else self.elapsed

    def due(self) -> bool:
        """khufu:14.10: is a Director event due now?"""
        o = self.options  # (checked at every checkpoint: _clock_value written out)
        if not o.director or self.in_challenge or self.in_event:
            return False
        return (self.turns_done if o.schedule == "turns" else self.elapsed) >= self.next_due

    def _checkpoint(self) -> None:
        """khufu:14.3: the turn-boundary checkpoint."""
        if self.due():
            self._fire(False)
        else:
            self.dir_checked = self._clock_value()

    def _fire(self, interrupt: bool) -> None:
        """khufu:14.10 the firing algorithm (one event per checkpoint)."""
        o = self.options
        e = self._draw_event()
        gap = self._draw_gap(o.gap_turns if o.schedule == "turns" else o.gap_seconds)
        if not self._charge(o.cost_event):
            return
        if interrupt:  # khufu:14.4 the turn is over
            d = self.dec
            self.dec = None
            self.wager = []
            if d is not None and d[0] in OBLIGATIONS:
                self._default_give(d[1], d[2], d[0])
            while self.stack and self.stack[-1][0] != "turn_end":
                self.stack.pop()
            self._ev("interrupt", {"seat": self.active, "decision": d[0] if d else None})
        self.in_event = True
        eid = K.EVENT_IDS[e]
        self.last_event = eid
        if self.loud:
            number = K.EVENT_TYPES[e].number
            self._ev("khufu", {"event": eid, "number": number, **self._order_json(e)})
        self.stack.append(("event_done", gap))
        self._effect(e)

    def _order_json(self, e: int) -> dict[str, Any]:
        """Who Khufu's order ``e`` hits, known before its effect (for the narration)."""
        row = K.EVENT_TYPES[e]
        eid = row.id
        order = self.loop_order()
        hands = self.hands
        out: dict[str, Any] = {"lucky": self.lucky}
        if eid == "PHARAOHS_TAX":
            out["seats"] = [q for q in order if len(hands[q]) >= row.amount]
            out["amount"] = row.amount
        elif eid == "UNDERDOG":
            least = min(_popcount(s) for s in self.scarabs)
            out["seats"] = [q for q in order if _popcount(self.scarabs[q]) == least]
            out["scarabs"] = least
        elif eid == "CURSE_THE_RICHEST":
            most = max(len(h) for h in hands)
            out["seats"] = [q for q in order if most and len(hands[q]) == most]
        elif eid == "MISS_NEXT_TURN":
            out["seats"] = [(self.turn_seat + 1) % self.num_players]
        elif eid == "LUCKY_EXTRA_TURN":
            out["seats"] = [self.lucky]
        elif eid == "LUCKY_PICKPOCKET":
            lk = self.lucky
            out["can"] = bool(hands[lk]) and any(hands[q] for q in order if q != lk)
        elif eid == "SANDS_RUN_FAST":
            out["seconds"] = self.options.sands_seconds
        elif eid in ("SANDSTORM", "TAILWIND"):
            out["steps"] = abs(row.amount)
        return out

    def _event_done(self, gap: int) -> None:
        self.in_event = False
        base = self._clock_value()
        self.next_due = base + gap  # khufu:14.10 after the effect (E19 included)
        self.dir_base = base
        self.dir_checked = base

    def _effect(self, e: int) -> None:
        """khufu:14.7: the exact effect of event ``e``."""
        row = K.EVENT_TYPES[e]
        eid = row.id
        n = self.num_players
        order = self.loop_order()
        stack = self.stack
        if eid == "MUMMY_CALL":
            self.mummy_silent = [False] * n
            stack.append(("mummy_penalty",))
            for q in reversed(order):
                stack.append(("mummy_ask", q))
        elif eid == "TAUNT":
            pass
        elif eid == "ROTATE_CHAMBER":
            ch = K.CHAMBERS.index(self.chance.choice(K.CHAMBERS, "chamber"))
            if self.block[ch]:
                self.block[ch] = 0
                change = "opened"
            elif sum(1 for b in self.block if b) < self.options.max_blocked:
                self.block[ch] = self.options.block_rounds * n  # khufu:14.6
                change = "blocked"
            else:
                change = "none"
            self._ev(
                "blocked",
                {"chambers": self._blocked_json(), "chamber": K.CHAMBERS[ch], "change": change},
            )
        elif eid == "RESTORE_CHAMBERS":
            self.block = [0, 0, 0, 0]
        elif eid == "MOVE_SARCOPHAGUS":
            others = [c for c in K.CHAMBERS if c != K.CHAMBERS[self.sarc]]
            self.sarc = K.CHAMBERS.index(self.chance.choice(others, "chamber"))
            self._ev("sarcophagus", {"chamber": K.CHAMBERS[self.sarc]})
        elif eid == "NEW_LUCKY":
            self.lucky = self.chance.choice([q for q in range(n) if q != self.lucky], "player")
            self._ev("lucky", {"seat": self.lucky})
        elif eid == "FAVOURED_SUIT":
            suit = K.SUITS.index(self.chance.choice(K.SUITS, "suit"))
            who = [q for q in order if K.SUIT_OF[self.lucky_sym[q]] == suit]
            self._ev("suit", {"suit": K.SUITS[suit], "seats": who, "amount": row.amount})
            for q in who:
                self._draw(q, row.amount)
        elif eid == "LUCKY_SYMBOL_ROLL":
            sym = K.SYMBOLS.index(self.chance.choice(K.SYMBOLS, "symbol_die"))
            who = [q for q in order if self.lucky_sym[q] == sym]
            self._ev("symbol", {"symbol": K.SYMBOLS[sym], "why": eid, "seats": who})
            for q in who:
                self._draw(q, row.amount)
        elif eid == "PHARAOHS_TAX":
            for q in order:
                if len(self.hands[q]) >= row.amount:
                    self._random_return(q, "tax")
        elif eid == "SYMBOL_TITHE":
            sym = K.SYMBOLS.index(self.chance.choice(K.SYMBOLS, "symbol_die"))
            cs = self.t.card_symbol
            who = [q for q in order if any(cs[c] == sym for c in self.hands[q])]
            self._ev("symbol", {"symbol": K.SYMBOLS[sym], "why": eid, "seats": who})
            for q in order:
                match = [c for c in self.hands[q] if cs[c] == sym]
                if match:
                    c = self.chance.choice(match, "tithe")  # revealed to all
                    self._to_bottom(q, c, True)
                    self._ev(
                        "returned",
                        {"seat": q, **self._cards_json([c]), "why": "tithe", "revealed": True},
                    )
        elif eid == "LUCKY_PICKPOCKET":
            lk = self.lucky
            targets = tuple(q for q in range(n) if q != lk and self.hands[q])
            if self.hands[lk] and targets:
                self.dec = (PICK_D, lk, targets)
        elif eid == "PASS_TO_THE_LEFT":
            picks: list[tuple[int, int]] = []
            for q in order:  # every selection first: simultaneous (edge 43)
                if self.hands[q]:
                    c = self.chance.choice(self.hands[q], "pass", to=seats(q, (q + 1) % n))
                    picks.append((q, c))
            for q, c in picks:
                self._pass_card(q, (q + 1) % n, c, "pass")
        elif eid in ("SANDSTORM", "TAILWIND"):
            for q in range(n):
                if self.room[q] < 0:
                    self._relocate(q, row.amount, eid.lower())
            for q in reversed(order):  # khufu:6.8 all move first, then draws in loop order
                if self.room[q] < 0 and self.t.kind[self.pos[q]] == K.CURSE:
                    stack.append(("curse", q))
        elif eid == "CURSE_THE_RICHEST":
            most = max(len(h) for h in self.hands)
            if most:
                rich = [q for q in order if len(self.hands[q]) == most]
                for q in reversed(rich):
                    stack.append(("send_curse", q))
        elif eid == "UNDERDOG":
            least = min(_popcount(s) for s in self.scarabs)
            for q in order:
                if _popcount(self.scarabs[q]) == least:
                    self._draw(q, row.amount)
        elif eid == "MISS_NEXT_TURN":
            up = (self.turn_seat + 1) % n
            self.miss[up] += row.amount
        elif eid == "LUCKY_EXTRA_TURN":
            self.extra_pending = True
        elif eid == "SANDS_RUN_FAST":
            self.elapsed += self.options.sands_seconds
            self._clock_moved()
        elif eid == "KHUFUS_COIN":
            for q in order:
                if self.hands[q]:
                    face = self.chance.choice(K.COIN, "coin")
                    self._ev("coin", {"seat": q, "face": face})
                    if face == "TAILS":
                        self._draw(q, 1)
                    else:
                        self._random_return(q, "coin")
        else:  # pragma: no cover
            raise AssertionError(eid)

    # ------------------------------------------------------- real-time clock
    def _check_system(self, action: Action) -> None:
        if not isinstance(action, Tick):
            raise IllegalAction(f"'{action.kind}' is not a system action of Khufu", "core:system")
        if self.over:
            raise IllegalAction("the game is over", "core:terminal")
        if not self.realtime:
            raise IllegalAction(
                "Ticks are accepted only in real-time play (clock=realtime); in simulated "
                "play each step costs its own seconds",
                "khufu:12.3",
            )
        if action.seconds < 1:
            raise IllegalAction("a Tick must advance the clock by at least 1 second", "khufu:12.3")

    def _apply_system(self, action: Action) -> None:
        """khufu:12.3: a Tick of wall time; then time-up, checkpoint, timeouts, in that order."""
        assert isinstance(action, Tick)
        self.step_drawn = []
        # No mark_barrier here: a Tick that only moves time on (no event, no timeout, no
        # draw) may be kept by an undo (core: State.undoable); whatever else it does (the
        # five-minute warning, time up, a fired event, a timeout) emits an event or draws
        # chance, and that makes the step a barrier.
        s = action.seconds
        if self.dec is not None and self.dec[0] == PIECE_D:
            return  # khufu:4.9 the countdown starts with Lucky's first turn, after set-up
        if not self.in_challenge:  # khufu:10.1 the countdown is paused in a Challenge
            self.elapsed += s
            if not self._clock_moved():
                return
        self.dec_ticks += s
        d = self.dec
        if d is None:
            return
        if d[0] in TURN_DECISIONS and self.due():
            self.dec_ticks = 0
            self._fire(True)
        else:
            if d[0] in TURN_DECISIONS and not self.in_challenge and not self.in_event:
                self.dir_checked = self._clock_value()  # a checkpoint that did not fire
            limit = self.options.mummy_timeout if d[0] == MUMMY_D else self.options.decision_timeout
            if self.dec_ticks >= limit:
                self.dec_ticks = 0
                self._ev("timeout", {"seat": d[1], "decision": d[0]})
                self._answer(self.default_action())
        self._run()

    def default_action(self) -> Action:
        """khufu:5.8: the default answer of the pending decision (used on a timeout)."""
        d = self.dec
        assert d is not None
        k, p = d[0], d[1]
        if k == ROLL_D:
            return ROLL
        if k == CHAMBER_D:
            return LEAVE
        if k == DOOR_D:
            return PASS
        if k == TAKE_D:
            return TAKE
        if k == STEAL_D:
            return DECLINE
        if k in (COBRA_D, TOLL_D):
            hand = self.hands[p]
            c = self.chance.choice(hand, "default_give", to=seats(p, d[2]))
            return Give(self.card_id(c))
        if k == WAGER_D:
            need = self.t.min_wager[d[2]]
            self.wager = list(self.hands[p][:need])
            return PLACE
        if k == SELECT_D:
            return Select(tuple(self.card_id(c) for c in sorted(self.ch_dealt[:3])))
        if k == PIECE_D:
            return _PIECES[self.free_pieces()[0]]
        if k == PICK_D:
            best = max(len(self.hands[q]) for q in d[2])
            order = [q for q in self.loop_order() if q in d[2]]
            return Steal(next(q for q in order if len(self.hands[q]) == best))
        return SILENT

    # ------------------------------------------------------------ observation
    def _blocked_json(self) -> dict[str, int]:
        return {K.CHAMBERS[c]: b for c, b in enumerate(self.block) if b}

    def location(self, p: int) -> int | str:
        return K.CHAMBERS[self.room[p]] if self.room[p] >= 0 else self.pos[p]

    def observation(self, seat: int | None) -> dict[str, Any]:
        if seat is not None and not 0 <= seat < self.num_players:
            seat = None  # e.g. TERMINAL: never index a hand with a negative seat
        o = self.options
        ids = self.t.card_ids
        players = []
        for p in range(self.num_players):
            players.append(
                {
                    "seat": p,
                    "character": self.piece[p],
                    "lucky_symbol": K.SYMBOLS[self.lucky_sym[p]],
                    "location": self.location(p),
                    "hand": len(self.hands[p]),
                    "scarabs": [K.CHAMBERS[c] for c in range(4) if self.scarabs[p] >> c & 1],
                    "qualified": self.qualified(p),
                    "miss_turns": self.miss[p],
                    "grip_pending": self.grip[p],
                    "no_entry_this_turn": self.no_entry[p],
                }
            )
        d = self.dec
        dec: dict[str, Any] | None = None
        if d is not None and not self.over:
            dec = {"kind": d[0], "seat": d[1]}
            if d[0] in (CHAMBER_D, WAGER_D, DOOR_D):
                dec["chamber"] = K.CHAMBERS[d[2]]
            if d[0] == WAGER_D:
                dec["minimum"] = self.t.min_wager[d[2]]
                dec["chosen"] = len(self.wager)
            if d[0] == DOOR_D:
                dec["pips_left"] = d[3]
            if d[0] in (STEAL_D, PICK_D):
                dec["targets"] = list(d[2])
            if d[0] in (COBRA_D, TOLL_D):
                dec["receiver"] = d[2]
            if d[0] == PIECE_D:
                dec["pieces"] = self.free_pieces()
        obs: dict[str, Any] = {
            "clock": {
                "mode": o.clock,
                "elapsed": self.elapsed,
                "remaining": max(0, o.countdown - self.elapsed),
                "countdown": o.countdown,
                "numeric_timer": self.f2,
                "paused": self.in_challenge,
            },
            "lucky": self.lucky,
            "active": self.active,
            "turns_done": self.turns_done,
            "sarcophagus": K.CHAMBERS[self.sarc],
            "blocked": self._blocked_json(),
            "deck": len(self.pool) + len(self.returned),
            "curse_deck": len(self.cpool) + len(self.creturned),
            "last_event": self.last_event,
            "players": players,
            "decision": dec,
            "challenge": None,
            "result": None,
        }
        if self.ch_seat >= 0:
            obs["challenge"] = {
                "seat": self.ch_seat,
                "khufu": [ids[c] for c in self.ch_khufu],
                "dealt": [ids[c] for c in self.ch_dealt],
                "selected": [ids[c] for c in self.ch_sel],
                "dice": [K.SYMBOLS[x] for x in self.ch_dice],
                "result": self.ch_result,
                "in_progress": self.in_challenge,
            }
        if self.over:
            obs["result"] = "KHUFU" if self.winner is None else self.winner
        if seat is not None:
            obs["seat"] = seat
            obs["hand"] = [ids[c] for c in self.hands[seat]]
            # the faces the seat sees on its own cards (khufu:2.2), beside their ids
            obs["hand_faces"] = [self._face_json(c) for c in self.hands[seat]]
            if d is not None and d[0] == WAGER_D and d[1] == seat:
                obs["wager"] = [ids[c] for c in self.wager]
        return obs

    def _face_json(self, c: int) -> dict[str, Any]:
        """What the face of Treasure card ``c`` shows (khufu:2.2): its symbol and cobra."""
        t = self.t
        return {
            "card": t.card_ids[c],
            "symbol": K.SYMBOLS[t.card_symbol[c]],
            "cobra": t.card_cobra[c],
        }

    def undoable(self, seat: int) -> int:
        """The core policy, and in real time never an undo that lands past the restored
        decision's timeout (khufu:5.7): the time kept by an undo counts toward it, so
        the replay would time it out and play its default instead of giving it back."""
        n = super().undoable(seat)
        if not n or not self.realtime:
            return n
        waited = {i: (k, w) for i, k, w in self.waits}
        kept = 0
        taken = 0
        for i in range(len(self.history) - 1, -1, -1):
            step = self.history[i]
            if step.seat != seat:
                if isinstance(step.action, Tick):
                    kept += step.action.seconds
                continue
            kind, wait = waited.get(i, ("", 0))
            limit = self.options.mummy_timeout if kind == MUMMY_D else self.options.decision_timeout
            if wait + kept >= limit:
                return taken
            taken += 1
            if taken == n:
                break
        return taken

    # ------------------------------------------------------------ determinize

    # ------------------------------------------------------------------ clone

    def _copy_fields(self, new: State) -> None:
        """Every field of the game, written out: a compiled clone's copy (see
        ``State._copy_fields``; ``tests/games/test_compiled.py`` checks the list)."""
        assert isinstance(new, KhufuState)
        new.t = self.t
        new.all_mask = self.all_mask
        new.realtime = self.realtime
        new.elapsed = self.elapsed
        new.f2 = self.f2
        new.over = self.over
        new.winner = self.winner
        new.pool = self.pool
        new.returned = self.returned
        new.known = self.known
        new.hands = self.hands
        new.cpool = self.cpool
        new.creturned = self.creturned
        new.lucky_sym = self.lucky_sym
        new.pos = self.pos
        new.room = self.room
        new.scarabs = self.scarabs
        new.miss = self.miss
        new.grip = self.grip
        new.no_entry = self.no_entry
        new.sarc = self.sarc
        new.block = self.block
        new.lucky = self.lucky
        new.piece = self.piece
        new.turn_seat = self.turn_seat
        new.active = self.active
        new.turns_done = self.turns_done
        new.extra_pending = self.extra_pending
        new.in_challenge = self.in_challenge
        new.in_event = self.in_event
        new.dec = self.dec
        new.dec_ticks = self.dec_ticks
        new.waits = self.waits
        new.wager = self.wager
        new.stack = self.stack
        new.mummy_silent = self.mummy_silent
        new.ch_seat = self.ch_seat
        new.ch_khufu = self.ch_khufu
        new.ch_dealt = self.ch_dealt
        new.ch_sel = self.ch_sel
        new.ch_dice = self.ch_dice
        new.ch_result = self.ch_result
        new.last_event = self.last_event
        new.step_drawn = self.step_drawn
        new.dir_state = self.dir_state
        new.next_due = self.next_due
        new.dir_base = self.dir_base
        new.dir_checked = self.dir_checked
        new.sim_mid_turn = self.sim_mid_turn

    def _clone_into(self, new: State) -> None:
        assert isinstance(new, KhufuState)
        new.hands = [h[:] for h in self.hands]
        new.pool = self.pool[:]
        new.returned = self.returned[:]
        new.known = self.known[:]
        new.cpool = self.cpool[:]
        new.creturned = self.creturned[:]
        new.pos = self.pos[:]
        new.room = self.room[:]
        new.scarabs = self.scarabs[:]
        new.miss = self.miss[:]
        new.grip = self.grip[:]
        new.no_entry = self.no_entry[:]
        new.block = self.block[:]
        new.wager = self.wager[:]
        new.stack = self.stack[:]
        new.mummy_silent = self.mummy_silent[:]
        new.step_drawn = []
        new.waits = self.waits[:]
        new.piece = self.piece[:]

    # ------------------------------------------------------------- invariants
    def check_invariants(self) -> None:
        """khufu:18.2 (as far as one state can show it)."""
        t = self.t
        cards = self.pool + self.returned + [c for h in self.hands for c in h]
        assert sorted(cards) == list(range(t.num_cards)), "treasure conservation"
        curses = self.cpool + self.creturned
        assert sorted(curses) == list(range(len(t.curse_cards))), "curse conservation"
        assert len(set(self.lucky_sym)) == self.num_players, "lucky symbols distinct"
        assert 0 <= self.lucky < self.num_players
        assert 0 <= self.sarc < 4
        assert sum(1 for b in self.block if b) <= self.options.max_blocked
        assert all(b >= 0 for b in self.block)
        assert all(0 <= s <= 0b1111 for s in self.scarabs)
        assert self.elapsed >= 0
        for p in range(self.num_players):
            assert (self.room[p] >= 0) or (0 <= self.pos[p] < t.length)
        if not self.over:
            assert self.dec is not None, "a live game always waits for a decision"
