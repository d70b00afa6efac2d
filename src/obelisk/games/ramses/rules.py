"""The Ramses II state machine: deal, draw, slide-search, events, finale, scoring.

Board coordinates never change (ramses:3.1); a rotation only changes the
orientation ``orient`` through which seats see the board (ramses:3.2). Tokens
are hidden except at the empty place (ramses:11.1); ``seen`` records which
places every seat has watched being uncovered, which is public knowledge that
only ``determinize`` uses. Hands are kept in acquisition order with a parallel
list of knowledge masks (who knows which card lies in that slot), so a
determinization re-draws exactly the cards a seat cannot know.
"""

from __future__ import annotations

from typing import Any

from obelisk.core import (
    HIDDEN,
    TERMINAL,
    Action,
    ActionFormatError,
    Event,
    seats,
)

# State from its own module: mypyc's compiled subclass needs that module imported by name
from obelisk.core.game import State

from .actions import Draw, GiftDeclare, GiveCard, PlaceTreasure, PokerDeclare, RiskDeclare, Slide
from .components import (
    BLANK,
    BLOCK,
    BLOCK_PLACES,
    COLOUR_LETTERS,
    NEIGHBOURS,
    NEIGHBOURS_DIAG,
    NUM_TREASURES,
    PLACES,
    SCREEN,
    SCREEN_ORDER,
    TIDS,
    Card,
    deck_json,
    default_sides,
    load_deck,
    screen_shape,
    slide_direction,
    tid,
)
from .metrics import sim_metrics as _sim_metrics

# Search contexts (ramses:6.4).
CARD, GIFT, RISK_1, RISK_2, MIRAGE, POKER = "card", "gift", "risk_1", "risk_2", "mirage", "poker"
EVENT_CONTEXTS = (GIFT, RISK_1, RISK_2, MIRAGE, POKER)

# Phases: whose decision and of what kind (ramses:7.6).
PLACE, DRAW, SEARCH, GIFT_DECLARE, RISK_DECLARE, POKER_DECLARE, GIVE, RISK_PENALTY, OVER = (
    "place",
    "draw",
    "search",
    "gift_declare",
    "risk_declare",
    "poker_declare",
    "give",
    "risk_penalty",
    "over",
)

#: Knowledge-mask bit: the slot's treasure is public although the card is not (a Gift give).
TPUB = 1 << 8

_DRAW = Draw()
_SLIDES: dict[tuple[int, int, bool], tuple[Slide, ...]] = {}


def _slides(turns: int, empty: int, diagonal: bool) -> tuple[Slide, ...]:
    """The legal slides into ``empty``, in screen-direction order for a view of ``turns``."""
    key = (turns, empty, diagonal)
    got = _SLIDES.get(key)
    if got is None:
        neigh = (NEIGHBOURS_DIAG if diagonal else NEIGHBOURS)[empty]
        acts = [Slide(p, slide_direction(p, empty, turns)) for p in neigh]
        order = ("up", "right", "down", "left", "up-right", "down-right", "down-left", "up-left")
        acts.sort(key=lambda a: order.index(a.dir))
        got = _SLIDES[key] = tuple(acts)
    return got


class RamsesState(State):
    """One Ramses II position (see the module docstring)."""

    # -- setup (ramses:4) ----------------------------------------------------------
    def _setup(self) -> None:
        o = self.options
        n = self.num_players
        self.deck: tuple[Card, ...] = load_deck(o.deck)
        self.card_json = deck_json(o.deck)  # read-only rows: copy one before handing it out
        #: Each token's name in texts, by its id text: "blank", or id and display name.
        self.token_names: dict[str, str] = {
            TIDS[t]: f"{TIDS[t]} {o.treasure_names[t - 1]}" if t else TIDS[t]
            for t in range(NUM_TREASURES + 1)
        }
        self.inplay: tuple[int, ...] = (1,) if o.small_children else (1, 2, 3)
        self.pools: list[list[int]] = [
            [
                c.cid
                for c in self.deck
                if c.stack == s and s in self.inplay and (o.end_card or c.kind != "end")
            ]
            for s in (1, 2, 3)
        ]
        self.all_known = (1 << n) - 1
        self.sides: tuple[int, ...] = o.seat_sides or default_sides(n)
        self.colours = "".join(
            COLOUR_LETTERS[i] * k for i, k in enumerate(o.colour_split)
        )  # pyramid id -> colour letter (ramses:2.3)
        self.started = 0  # bit s-1: stack s has been started
        self.current = -1  # the face-up search card being sought
        self.misses = 0  # misses in a row on the current card
        self.discard: list[int] = []
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.masks: list[list[int]] = [[] for _ in range(n)]
        self.elim = [False] * n
        self.search: tuple[int, int, str] | None = None  # (searcher, target, context)
        self.slides = 0
        self.ev_card = -1
        self.decl: tuple[int, ...] = ()
        self.give_rest: tuple[int, ...] = ()
        self.give_to = -1
        self.end_reason = ""
        self.seq = 0
        self.orient = 0
        self.tokens: tuple[int, ...] = (BLANK,) * PLACES
        self.pyr: list[int] = [-1] * PLACES
        self.empty = 0
        self.seen = 0
        if o.first_player is None:
            self.first = self.chance.randint(0, n - 1, "first_player")
        else:
            self.first = o.first_player
        self.active = self.first
        self.to_move = self.first
        if o.setup_mode == "players_place":
            self.phase = PLACE
            self.placed = 0
            self.seen = (1 << PLACES) - 1  # placement is public (ramses:4.2)
            return
        self.placed = NUM_TREASURES
        # ramses:4.1 in a leak-free order: the (public) empty place first, uniform over all
        # 48 places, then each block's treasure uniform over its places other than the
        # empty one. This is the same distribution as "treasures first, then a random
        # blank", but the visible empty place no longer depends on the hidden draws.
        empty = self.chance.randint(0, PLACES - 1, "empty_place")
        order = list(range(1, NUM_TREASURES + 1))
        self.chance.shuffle(order, "treasure_blocks", to=HIDDEN)
        tokens = [BLANK] * PLACES
        for b in range(12):
            spots = [p for p in BLOCK_PLACES[b] if p != empty]
            tokens[spots[self.chance.randint(0, len(spots) - 1, "treasure_place", to=HIDDEN)]] = (
                order[b]
            )
        self.tokens = tuple(tokens)
        self._cover(empty)
        self._begin_play()

    def _cover(self, empty: int) -> None:
        """Put the 47 pyramids, shuffled, on every place but ``empty`` (ramses:4.1 step 3)."""
        ids = list(range(len(self.colours)))
        self.chance.shuffle(ids, "pyramids")
        covered = [p for p in range(PLACES) if p != empty]
        self.pyr = [-1] * PLACES
        for p, pid in zip(covered, ids, strict=True):
            self.pyr[p] = pid
        self.empty = empty
        self.seen |= 1 << empty

    def _begin_play(self) -> None:
        self.phase = DRAW
        self.active = self.to_move = self.first
        self._emit(
            "setup",
            {
                "first": self.first,
                "empty": self.empty,
                "showing": tid(self.tokens[self.empty]),
                "orientation": self.orient,
                "spun": self.options.setup_mode == "players_place",
            },
        )

    # -- small helpers -----------------------------------------------------------------
    def _emit(self, kind: str, data: dict[str, Any], to: frozenset[int] | None = None) -> None:
        """Append an event; public ones are numbered (``n``) so a bot can tell new from old.
        Every event carries a ``text`` without coordinates (ramses:11.3). A quiet state
        (``State.quiet``) keeps none, and counts none: ``seq`` numbers events only."""
        if not self.loud:
            return
        self._name_treasures(data)
        data["text"] = self._event_text(kind, data)
        if to is None:
            self.seq += 1
            data["n"] = self.seq
        self.events.append(Event(kind, data, to))

    def _name_treasures(self, data: dict[str, Any]) -> None:
        """Add the display names of the treasures an event names by id (``treasure`` ->
        ``name``, ``target`` -> ``target_name``, ``found`` -> ``found_name``, ``treasures``
        -> ``names``): the narration sees only the event, and names are an option."""
        names = self.options.treasure_names
        for key, out in (("treasure", "name"), ("target", "target_name"), ("found", "found_name")):
            t = data.get(key)
            if isinstance(t, str) and t != "blank":
                data[out] = names[int(t[1:]) - 1]
        ts = data.get("treasures")
        if isinstance(ts, list):
            data["names"] = [names[int(t[1:]) - 1] for t in ts]

    def _nm(self, t: str) -> str:
        """A treasure id (``T03``, or ``blank``) with its display name, for texts."""
        return self.token_names[t]

    def _card_text(self, x: dict[str, Any]) -> str:
        """A face-up card (its JSON) in texts."""
        if x.get("type") == "search":
            return f"{self._nm(x['treasure'])} (stack {x['stack']}, {x['value']} points)"
        return f"the {x.get('type')} card"

    def _event_text(self, kind: str, d: dict[str, Any]) -> str:
        nm, card = self._nm, self._card_text
        if kind == "setup":
            return f"the box is ready; seat {d['first'] + 1} begins"
        if kind == "stack_started":
            return f"stack {d['stack']} begins"
        if kind == "card_drawn":
            return f"turns over {card(d)}"
        if kind == "declared":
            ts = " then ".join(nm(t) for t in d["treasures"])
            if d["event"] == "poker":
                return f"Poker: seat {d['opponent'] + 1} must find {ts}"
            return f"{d['event'].title()}: names {ts}"
        if kind == "search_started":
            return f"seat {d['searcher'] + 1} searches for {nm(d['target'])} ({d['context']})"
        if kind == "lucky":
            return f"is lucky: {nm(d['treasure'])} is uncovered already"
        if kind == "find":
            return f"finds {card(d)}"
        if kind == "miss":
            if d["stalled"]:
                return f"gives up the search for {nm(d['target'])}"
            return f"finds {nm(d['found'])} instead of {nm(d['target'])}"
        if kind == "eliminated":
            return "is out of the game"
        if kind == "rotated":
            q = d["quarter"]
            return (
                "the box turns half a turn"
                if abs(q) == 2
                else ("the box turns a quarter " + ("clockwise" if q > 0 else "counter-clockwise"))
            )
        if kind == "card_buried":
            return "nobody finds the card: it is buried"
        if kind == "card_transferred":
            what = (
                card(d)
                if "type" in d
                else (f"a {nm(d['treasure'])} card" if "treasure" in d else "a card")
            )
            return f"seat {d['from'] + 1} gives {what} to seat {d['to'] + 1}"
        if kind == "event_resolved":
            return (
                f"{d['event']}: "
                + ("success" if d["success"] else "no success")
                + (f" ({d['note']})" if "note" in d else "")
            )
        if kind == "turn_ended":
            return "turn ends"
        if kind == "placed":
            return f"hides {nm(d['treasure'])}"
        if kind == "game_over":
            sc = ", ".join(f"seat {i + 1}: {v:g}" for i, v in enumerate(d["scores"]))
            return f"game over ({d['reason']}); {sc}"
        return kind

    def turns_for(self, seat: int | None) -> int:
        """How many clockwise quarter turns ``seat`` sees the board turned (ramses:3.3/3.4)."""
        if seat is None or not self.options.seat_views:
            return self.orient
        return (self.orient - self.sides[seat]) % 4

    def _others(self, seat: int) -> list[int]:
        """Seats in play other than ``seat``, clockwise from its left neighbour."""
        n = self.num_players
        return [q for q in ((seat + k) % n for k in range(1, n)) if not self.elim[q]]

    def _next_seat(self, seat: int) -> int | None:
        """The next seat clockwise in play after ``seat`` (``seat`` itself if it is alone)."""
        n = self.num_players
        for k in range(1, n + 1):
            q = (seat + k) % n
            if not self.elim[q]:
                return q
        return None

    def left_of(self, seat: int) -> int | None:
        """The left neighbour among seats in play (ramses:1, ramses:7)."""
        o = self._others(seat)
        return o[0] if o else None

    def right_of(self, seat: int) -> int | None:
        """The right neighbour among seats in play."""
        o = self._others(seat)
        return o[-1] if o else None

    def card(self, cid: int) -> Card:
        """The card with row index ``cid`` of the deck table."""
        return self.deck[cid]

    def showing(self) -> int:
        """The token at the empty place (BLANK or a treasure)."""
        return self.tokens[self.empty]

    # -- the protocol ------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        return TERMINAL if self.phase == OVER else self.to_move

    def is_terminal(self) -> bool:
        return self.phase == OVER

    def legal_actions(self) -> list[Action]:
        ph = self.phase
        if ph == SEARCH:
            return list(
                _slides(
                    self.turns_for(self.to_move), self.empty, self.options.allow_diagonal_slides
                )
            )
        if ph == DRAW:
            return [_DRAW]
        if ph == OVER:
            return []
        if ph == GIFT_DECLARE:
            return [GiftDeclare(t) for t in range(1, NUM_TREASURES + 1)]
        if ph == RISK_DECLARE:
            show = self.showing()
            ok = [t for t in range(1, NUM_TREASURES + 1) if t != show]
            return [RiskDeclare(a, b) for a in ok for b in ok if a != b]
        if ph == POKER_DECLARE:
            opp = sorted(self._others(self.active))
            return [PokerDeclare(t, q) for t in range(1, NUM_TREASURES + 1) for q in opp]
        if ph == GIVE:
            return [GiveCard(c) for c in self._giveable()]
        if ph == RISK_PENALTY:
            rec = sorted(self._others(self.active))
            return [GiveCard(c, r) for c in sorted(self.hands[self.active]) for r in rec]
        if ph == PLACE:
            return self._placements()
        return []

    def _giveable(self) -> list[int]:
        hand = self.hands[self.to_move]
        if self.search is not None and self.search[2] == GIFT:
            t = self.decl[0]
            return sorted(c for c in hand if self.deck[c].treasure == t)
        return sorted(hand)

    def _placements(self) -> list[Action]:
        used = {t for t in self.tokens if t}
        full = {BLOCK[p] for p in range(PLACES) if self.tokens[p]}
        free = [p for p in range(PLACES) if BLOCK[p] not in full]
        return [
            PlaceTreasure(t, p) for t in range(1, NUM_TREASURES + 1) if t not in used for p in free
        ]

    def action_event(self, seat: int, action: Action) -> list[Event]:
        if isinstance(action, Slide):
            # the slide's announcement is also its reveal (ramses:6.4 step 3): one event
            # per slide keeps long games light; the text names no coordinates (ramses:11.3)
            tok = self.tokens[action.place]
            self.seq += 1
            data: dict[str, Any] = {
                "seat": seat,
                "action": {"kind": "slide", "place": action.place, "dir": action.dir},
                "token": TIDS[tok],
                "name": self.options.treasure_names[tok - 1] if tok else "blank",
                "text": f"slide {action.dir}: {self.token_names[TIDS[tok]]}",
                "n": self.seq,
            }
            if tok and self.search is not None:
                # the outcome, for the narration: the sought treasure (public) or another
                _s, target, ctx = self.search
                data["result"] = "found" if tok == target else "wrong"
                data["context"] = ctx
                data["target_name"] = self.options.treasure_names[target - 1]
            return [Event("action", data)]
        if isinstance(action, GiveCard):
            to = self._recipient(action)
            full = {"seat": seat, "action": action.to_json(), "text": action.text()}
            shadow = {"seat": seat, "text": f"gives a card to seat {to + 1}"}
            return [Event("action", full, seats(seat, to)), Event("action", shadow)]
        return super().action_event(seat, action)

    def _recipient(self, action: GiveCard) -> int:
        return action.to if action.to is not None else self.give_to

    # -- words for people (issue 22) ---------------------------------------------------
    def tname(self, t: int) -> str:
        """A treasure's display name (``Parrot``), from the options."""
        return str(self.options.treasure_names[t - 1])

    def parse_action(self, text: str) -> Action:
        """The legal action a person typed: its number, its short text (``gift T03``) or
        the words of its choice (``gift golden sphinx``, a unique beginning is enough)."""
        try:
            return super().parse_action(text)
        except ActionFormatError as err:
            first = err
        t = " ".join(text.lower().replace(",", " ").split())
        legal = self.legal_actions()
        forms = [
            " ".join(self.choice_text(a).split(" — ")[0].lower().replace(",", " ").split())
            for a in legal
        ]
        exact = [a for a, f in zip(legal, forms, strict=True) if f == t]
        if exact:
            return exact[0]
        prefix = [a for a, f in zip(legal, forms, strict=True) if f.startswith(t)]
        if len(prefix) == 1:
            return prefix[0]
        raise first

    # -- applying ----------------------------------------------------------------------
    def _apply(self, action: Action) -> None:
        if isinstance(action, Slide):
            self._slide(action.place)
        elif isinstance(action, Draw):
            self._draw()
        elif isinstance(action, GiftDeclare):
            self.decl = (action.treasure,)
            self._emit(
                "declared",
                {"seat": self.active, "event": "gift", "treasures": [tid(action.treasure)]},
            )
            self._start_search(self.active, action.treasure, GIFT)
        elif isinstance(action, RiskDeclare):
            self.decl = (action.first, action.second)
            self._emit(
                "declared",
                {
                    "seat": self.active,
                    "event": "risk",
                    "treasures": [tid(action.first), tid(action.second)],
                },
            )
            self._start_search(self.active, action.first, RISK_1)
        elif isinstance(action, PokerDeclare):
            self.decl = (action.treasure, action.opponent)
            self._emit(
                "declared",
                {
                    "seat": self.active,
                    "event": "poker",
                    "treasures": [tid(action.treasure)],
                    "opponent": action.opponent,
                },
            )
            self._start_search(action.opponent, action.treasure, POKER)
        elif isinstance(action, GiveCard):
            self._give(action)
        elif isinstance(action, PlaceTreasure):
            self._place(action)
        if len(self.history) + 1 >= self.options.step_limit and self.phase != OVER:
            self._finish("step_limit")  # ramses:9 [engine guard]: every game ends

    def _place(self, action: PlaceTreasure) -> None:
        """ramses:4.2: one public placement; after the twelfth, cover and spin the box."""
        tokens = list(self.tokens)
        tokens[action.place] = action.treasure
        self.tokens = tuple(tokens)
        self.placed += 1
        self._emit(
            "placed",
            {"seat": self.to_move, "treasure": tid(action.treasure), "place": action.place},
        )
        if self.placed < NUM_TREASURES:
            self.to_move = (self.to_move + 1) % self.num_players
            return
        blanks = [p for p in range(PLACES) if not self.tokens[p]]
        empty = self.chance.choice(blanks, "empty_place")
        self._cover(empty)
        self.orient = self.chance.randint(0, 3, "spin")
        self._begin_play()

    def _draw(self) -> None:
        """ramses:6.2: the lowest non-empty stack in play; the card is public."""
        stack = next((s for s in self.inplay if self.pools[s - 1]), 0)
        if not stack:
            self._finish("stacks_exhausted")  # ramses:9 trigger 3
            return
        pool = self.pools[stack - 1]
        cid = self.chance.choice(pool, f"stack_{stack}")
        pool.remove(cid)
        if not self.started >> (stack - 1) & 1:
            self.started |= 1 << (stack - 1)
            o = self.options
            self._emit(
                "stack_started",
                {
                    "stack": stack,
                    "rotates": stack in o.rotate_after_find_stacks and not o.small_children,
                    "eliminates": stack in o.elimination_stacks and not o.small_children,
                },
            )
        card = self.deck[cid]
        self._emit("card_drawn", {"seat": self.active, **self.card_json[cid]})
        if card.kind == "search":
            self.current = cid
            self.misses = 0
            self._start_search(self.active, card.treasure, CARD)
            return
        self.discard.append(cid)  # events and the end card lie face up (ramses:7, ramses:9)
        if card.kind == "end":
            self._finish("end_card")
            return
        self.ev_card = cid
        self._event(card.kind)

    def _event(self, kind: str) -> None:
        a = self.active
        if kind == "sandstorm":  # ramses:7.1
            self._rotate(2)
            self._resolved(True)
            self.phase = DRAW
            self.to_move = a
        elif kind == "gift":  # ramses:7.2
            self.phase, self.to_move = GIFT_DECLARE, a
        elif kind == "risk":  # ramses:7.3
            self.phase, self.to_move = RISK_DECLARE, a
        elif kind == "poker":  # ramses:7.5
            if not self._others(a):
                self._resolved(False, note="nobody to play against", why="alone")
                self._end_turn(a)
            else:
                self.phase, self.to_move = POKER_DECLARE, a
        elif kind == "mirage":  # ramses:7.4
            r = self.right_of(a)
            if r is None or not self.hands[r]:
                if r is None:
                    self._resolved(False, note="nobody to play against", why="alone")
                else:
                    self._resolved(False, note="the right neighbour has no cards", why="no_cards")
                self._end_turn(a)
                return
            hand = sorted(self.hands[r])
            cid = hand[self.chance.randint(0, len(hand) - 1, "mirage_card")]
            self._move(r, a, cid, public=True, how="mirage")
            self.decl = (r, cid)
            self._start_search(a, self.deck[cid].treasure, MIRAGE)

    def _start_search(self, searcher: int, target: int, ctx: str) -> None:
        """ramses:6.4 step 1 and ramses:6.3: announce, then the lucky rule or the slide loop."""
        self.search = (searcher, target, ctx)
        self.slides = 0
        if self.loud:
            card_stack = self.deck[self.current].stack if ctx == CARD else 0
            self._emit(
                "search_started",
                {
                    "searcher": searcher,
                    "target": tid(target),
                    "context": ctx,
                    "stack": card_stack,
                    "misses": self.misses if ctx == CARD else 0,
                    "empty": self.empty,
                    "showing": tid(self.showing()),
                },
            )
        if self.showing() == target:
            self._emit("lucky", {"seat": searcher, "treasure": tid(target)})
            self._success()
            return
        self.phase = SEARCH
        self.to_move = searcher

    def _slide(self, place: int) -> None:
        """ramses:6.4 steps 3-6."""
        self.mark_barrier()  # a reveal can never be taken back
        self.pyr[self.empty] = self.pyr[place]
        self.pyr[place] = -1
        self.empty = place
        self.seen |= 1 << place
        self.slides += 1
        tok = self.tokens[place]
        assert self.search is not None
        if tok == self.search[1]:
            self._success()
        elif tok != BLANK:
            self._wrong(tok)
        else:
            cap = self.options.max_slides_per_search
            if cap is not None and self.slides >= cap:
                self._wrong(BLANK, stalled=True)

    def _success(self) -> None:
        assert self.search is not None
        searcher, _target, ctx = self.search
        a = self.active
        if ctx == CARD:  # ramses:6.5 SUCCESS
            cid = self.current
            self.current = -1
            self.misses = 0
            self.hands[searcher].append(cid)
            self.masks[searcher].append(self.all_known)
            card = self.deck[cid]
            self._emit("find", {"seat": searcher, **self.card_json[cid]})
            if (
                card.stack in self.options.rotate_after_find_stacks
                and not self.options.small_children
            ):
                self._rotate(1 if self.options.rotation_direction == "cw" else -1)
            self._end_turn(searcher)
        elif ctx == GIFT:
            self.give_rest = tuple(self._others(a))
            self._gift_continue()
        elif ctx == RISK_1:
            self._start_search(a, self.decl[1], RISK_2)
        elif ctx == RISK_2:
            left = self.left_of(a)
            if left is not None and self.hands[left]:
                self._blind_take(left, a, "risk_card")
            self._resolved(True)
            self._end_turn(a)
        elif ctx == MIRAGE:
            self._resolved(True)
            self._end_turn(a)
        elif ctx == POKER:
            if self.hands[a]:
                self._blind_take(a, searcher, "poker_card")
            self._resolved(True)
            self._end_turn(a)

    def _wrong(self, found: int, stalled: bool = False) -> None:
        assert self.search is not None
        searcher, target, ctx = self.search
        a = self.active
        if ctx == CARD:  # ramses:6.5 WRONG
            stack = self.deck[self.current].stack
            if self.loud:
                self._emit(
                    "miss",
                    {
                        "seat": searcher,
                        "target": tid(target),
                        "found": tid(found),
                        "stalled": stalled,
                    },
                )
            if stack in self.options.elimination_stacks and not self.options.small_children:
                self.elim[searcher] = True  # ramses:8
                self._emit("eliminated", {"seat": searcher})
            nxt = self._next_seat(searcher)
            if nxt is None:
                self._finish("all_eliminated")
                return
            self.misses += 1
            cap = self.options.max_misses_per_card
            self._emit("turn_ended", {"seat": searcher})
            self.active = nxt
            if cap is not None and self.misses >= cap:
                self.discard.append(self.current)
                self._emit("card_buried", {**self.card_json[self.current], "misses": self.misses})
                self.current = -1
                self.misses = 0
                self.search = None
                self.phase, self.to_move = DRAW, nxt
                return
            self._start_search(nxt, target, CARD)
        elif ctx == GIFT:
            self._resolved(False)
            self._end_turn(a)
        elif ctx in (RISK_1, RISK_2):
            if self.hands[a] and self._others(a):
                self.phase, self.to_move = RISK_PENALTY, a
            else:
                self._resolved(False)
                self._end_turn(a)
        elif ctx == MIRAGE:
            r, cid = self.decl
            if len(self.hands[a]) == 1:  # only C: it goes back automatically
                self._move(a, r, cid, public=True, how="mirage_back")
                self._resolved(False)
                self._end_turn(a)
            else:
                self.phase, self.to_move, self.give_to = GIVE, a, r
        elif ctx == POKER:
            q = searcher
            if self.hands[q]:
                self._blind_take(q, a, "poker_card")
            self._resolved(False)
            self._end_turn(a)

    def _gift_continue(self) -> None:
        """ramses:7.2 step 3: each holder of the named treasure gives one, clockwise."""
        a = self.active
        t = self.decl[0]
        while self.give_rest:
            q = self.give_rest[0]
            self.give_rest = self.give_rest[1:]
            mine = [c for c in self.hands[q] if self.deck[c].treasure == t]
            if not mine:
                continue
            if len(mine) == 1:
                self._move(q, a, mine[0], public=False, how="gift", tpub=True)
                continue
            self.phase, self.to_move, self.give_to = GIVE, q, a
            return
        self._resolved(True)
        self._end_turn(a)

    def _give(self, action: GiveCard) -> None:
        assert self.search is not None
        giver = self.to_move
        if self.phase == RISK_PENALTY:
            assert action.to is not None
            self._move(giver, action.to, action.card, public=False, how="risk_penalty")
            self._resolved(False)
            self._end_turn(self.active)
        elif self.search[2] == GIFT:
            self._move(giver, self.give_to, action.card, public=False, how="gift", tpub=True)
            self._gift_continue()
        else:  # Mirage failure (ramses:7.4 step 5)
            self._move(giver, self.give_to, action.card, public=False, how="mirage_penalty")
            self._resolved(False)
            self._end_turn(self.active)

    # -- card movements (ramses:7 "draw without looking", ramses:11.2) ------------------
    def _move(
        self, frm: int, to: int, cid: int, *, public: bool, how: str, tpub: bool = False
    ) -> None:
        i = self.hands[frm].index(cid)
        del self.hands[frm][i]
        del self.masks[frm][i]
        card = self.deck[cid]
        if public:
            self.hands[to].append(cid)
            self.masks[to].append(self.all_known)
            self._emit(
                "card_transferred", {"from": frm, "to": to, "how": how, **self.card_json[cid]}
            )
            return
        pair = (1 << frm) | (1 << to)
        # the others no longer know which of frm's cards left: forget frm's slots
        self.masks[frm] = [(m & pair) | (1 << frm) for m in self.masks[frm]]
        self.hands[to].append(cid)
        self.masks[to].append(pair | (TPUB if tpub else 0))
        full: dict[str, Any] = {"from": frm, "to": to, "how": how, **self.card_json[cid]}
        self._name_treasures(full)
        full["text"] = self._event_text("card_transferred", full)
        self.events.append(Event("card_transferred", full, seats(frm, to)))
        shadow: dict[str, Any] = {"from": frm, "to": to, "how": how, "count": 1}
        if tpub:
            shadow["treasure"] = tid(card.treasure)
        self._emit("card_transferred", shadow)

    def _blind_take(self, frm: int, to: int, label: str) -> None:
        """``to`` draws one of ``frm``'s cards without looking (ramses:4.4, ramses:7)."""
        hand = sorted(self.hands[frm])
        idx = self.chance.randint(0, len(hand) - 1, label, to=seats(frm, to))
        self._move(frm, to, hand[idx], public=False, how="blind")

    def _rotate(self, quarters: int) -> None:
        """ramses:3.2: turn the box; coordinates, tokens and pyramids stay."""
        self.orient = (self.orient + quarters) % 4
        self._emit("rotated", {"quarter": quarters, "orientation": self.orient})

    def _resolved(self, success: bool, note: str = "", why: str = "") -> None:
        kind = self.deck[self.ev_card].kind if self.ev_card >= 0 else ""
        data: dict[str, Any] = {"seat": self.active, "event": kind, "success": success}
        if note:
            data["note"] = note
            data["why"] = why
        if kind == "poker" and len(self.decl) == 2:
            data["opponent"] = self.decl[1]  # who searched (ramses:7.5)
        if kind == "mirage":
            data["neighbour"] = self.right_of(self.active)
        self._emit("event_resolved", data)

    def _end_turn(self, seat: int) -> None:
        """ramses:6.5 step 4 / ramses:7: the next seat in play draws."""
        self._emit("turn_ended", {"seat": seat})
        nxt = self._next_seat(seat)
        assert nxt is not None
        self.active = self.to_move = nxt
        self.phase = DRAW
        self.search = None
        self.ev_card = -1
        self.decl = ()
        self.give_rest = ()
        self.give_to = -1

    def _finish(self, reason: str) -> None:
        """ramses:9: the game ends; hands are shown (final reveal)."""
        self.phase = OVER
        self.to_move = TERMINAL
        self.end_reason = reason
        self.masks = [[self.all_known] * len(h) for h in self.hands]
        self._emit(
            "game_over",
            {
                "reason": reason,
                "scores": self.scores(),
                "winners": self.winners(),
                "hands": self._hands_json(),
            },
        )

    # -- results (ramses:9) ---------------------------------------------------------
    def scores(self) -> list[float]:
        return [float(sum(self.deck[c].value for c in h)) for h in self.hands]

    def sim_metrics(self) -> dict[str, float]:
        """This game's own numbers for simulation reports (``metrics.py``)."""
        return _sim_metrics(self)

    def winners(self) -> list[int]:
        sc = self.scores()
        best = max(sc)
        tied = [i for i, s in enumerate(sc) if s == best]
        if self.options.tiebreak == "most_cards" and len(tied) > 1:
            most = max(len(self.hands[i]) for i in tied)
            tied = [i for i in tied if len(self.hands[i]) == most]
        return tied

    # -- what seats see (ramses:11) ---------------------------------------------------
    def observation(self, seat: int | None) -> dict[str, Any]:
        t = self.turns_for(seat)
        rows, cols = screen_shape(t)
        order = SCREEN_ORDER[t]
        pyr = self.pyr
        marks = self.colours + "."  # pyramid id -> colour letter; -1 (no pyramid) -> "."
        cells = "".join([marks[pyr[p]] for p in order])
        er, ec = SCREEN[t][self.empty]
        cj = self.card_json
        obs: dict[str, Any] = {
            "phase": self.phase,
            "to_move": self.current_player,
            "active": self.active,
            "orientation": self.orient,
            "view_turns": t,
            "grid": [cells[i * cols : (i + 1) * cols] for i in range(rows)],
            "empty": {"place": self.empty, "row": er, "col": ec},
            "showing": TIDS[self.tokens[self.empty]] if self.phase != PLACE else None,
            "current_card": dict(cj[self.current]) if self.current >= 0 else None,
            "misses": self.misses,
            "stacks": {str(s): len(self.pools[s - 1]) for s in self.inplay},
            "discard": [dict(cj[c]) for c in self.discard],
            "hand_counts": [len(h) for h in self.hands],
            "eliminated": list(self.elim),
            "search": None,
            "declared": None,
        }
        if self.search is not None and self.phase != OVER:
            s, target, ctx = self.search
            obs["search"] = {
                "searcher": s,
                "target": tid(target),
                "context": ctx,
                "slides": self.slides,
                "stack": self.deck[self.current].stack if ctx == CARD else 0,
            }
        if self.decl and self.phase != OVER:
            obs["declared"] = self._declared_json()
        if self.phase in (GIVE, RISK_PENALTY):
            obs["give_to"] = None if self.phase == RISK_PENALTY else self.give_to
        if self.phase == PLACE:
            obs["placed"] = {tid(t): p for p, t in enumerate(self.tokens) if t}
        if seat is not None:
            obs["seat"] = seat
            obs["hand"] = [dict(cj[c]) for c in sorted(self.hands[seat])]
        if self.phase == OVER:
            obs["hands"] = self._hands_json()
            obs["scores"] = self.scores()
            obs["winners"] = self.winners()
            obs["end_reason"] = self.end_reason
        return obs

    def _hands_json(self) -> list[list[dict[str, Any]]]:
        """Every hand face up, each sorted (the final reveal, ramses:9)."""
        cj = self.card_json
        return [[dict(cj[c]) for c in sorted(h)] for h in self.hands]

    def _declared_json(self) -> dict[str, Any]:
        kind = self.deck[self.ev_card].kind if self.ev_card >= 0 else ""
        if kind == "mirage":
            r, cid = self.decl
            return {"event": kind, "right": r, "card": dict(self.card_json[cid])}
        if kind == "poker":
            return {"event": kind, "treasures": [tid(self.decl[0])], "opponent": self.decl[1]}
        return {"event": kind, "treasures": [tid(t) for t in self.decl]}

    # -- search support ------------------------------------------------------------------

    def _copy_fields(self, new: State) -> None:
        """Every field of the game, written out: a compiled clone's copy (see
        ``State._copy_fields``; ``tests/games/test_compiled.py`` checks the list)."""
        assert isinstance(new, RamsesState)
        new.deck = self.deck
        new.card_json = self.card_json
        new.token_names = self.token_names
        new.inplay = self.inplay
        new.pools = self.pools
        new.all_known = self.all_known
        new.sides = self.sides
        new.colours = self.colours
        new.started = self.started
        new.current = self.current
        new.misses = self.misses
        new.discard = self.discard
        new.hands = self.hands
        new.masks = self.masks
        new.elim = self.elim
        new.search = self.search
        new.slides = self.slides
        new.ev_card = self.ev_card
        new.decl = self.decl
        new.give_rest = self.give_rest
        new.give_to = self.give_to
        new.end_reason = self.end_reason
        new.seq = self.seq
        new.orient = self.orient
        new.tokens = self.tokens
        new.pyr = self.pyr
        new.empty = self.empty
        new.seen = self.seen
        new.first = self.first
        new.active = self.active
        new.to_move = self.to_move
        new.phase = self.phase
        new.placed = self.placed

    def _clone_into(self, new: State) -> None:
        assert isinstance(new, RamsesState)
        new.pyr = self.pyr[:]
        new.pools = [p[:] for p in self.pools]
        new.discard = self.discard[:]
        new.hands = [h[:] for h in self.hands]
        new.masks = [m[:] for m in self.masks]
        new.elim = self.elim[:]

    def check_invariants(self) -> None:
        """ramses:4.3 and F-7 card conservation."""
        assert len(self.pyr) == PLACES
        if self.phase != PLACE:
            assert self.pyr.count(-1) == 1 and self.pyr[self.empty] == -1
            assert sorted(p for p in self.pyr if p >= 0) == list(range(len(self.colours)))
            for b in range(12):
                assert sum(1 for p in BLOCK_PLACES[b] if self.tokens[p]) == 1
            assert sorted(t for t in self.tokens if t) == list(range(1, NUM_TREASURES + 1))
            assert self.tokens[self.empty] == BLANK or self.seen >> self.empty & 1
        total = sum(len(p) for p in self.pools) + len(self.discard)
        total += sum(len(h) for h in self.hands) + (1 if self.current >= 0 else 0)
        expected = sum(
            1
            for c in self.deck
            if c.stack in self.inplay and (self.options.end_card or c.kind != "end")
        )
        assert total == expected, f"cards: {total} != {expected}"
        for h, m in zip(self.hands, self.masks, strict=True):
            assert len(h) == len(m)
            assert all(self.deck[c].kind == "search" for c in h)
