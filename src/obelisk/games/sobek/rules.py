"""Sobek's state machine (sobek:4-13). Cards are ints (see ``components.Table``).

Who knows what (sobek:14) is kept as data, never read back from the events:
``known[c]`` is the bit mask of the seats that know which card ``c`` is where
it lies now, and ``pub[c]`` what everybody knows about a hidden card (a green
starting card, a character, a card from the deck, or nothing). Secret moves
out of a hand or a pile clear the knowledge of the seats that did not see them
(see :meth:`SobekState._secret_move`); ``determinize.py`` re-deals, for one
seat, every card it does not know among the slots of the same public class.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Sequence
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

from . import components as C
from . import words as W
from .actions import (
    DONE,
    PASS,
    Add,
    Bury,
    Done,
    Give,
    Grab,
    Launder,
    NewSet,
    Onto,
    Pass,
    Pick,
    Play,
    Purge,
    Set,
    Shift,
    Sink,
    Starter,
    Take,
    Target,
    Token,
    cached,
    legacy_texts,
)
from .metrics import sim_metrics as _sim_metrics
from .options import SobekOptions
from .powers import (
    EFFECT_FUNCTIONS,
    P_BURY,
    P_GIVE,
    P_GIVEBACK,
    P_GRAB,
    P_LAUNDER,
    P_PICK,
    P_PURGE,
    P_SET,
    P_SHIFT,
    P_SINK,
    P_STARTER,
    P_TARGET,
    P_TOKEN,
)
from .scoring import penalties, set_value, winners

GOODS = C.GOODS
NG = len(GOODS)

_PENDING_NAMES = {
    P_SET: "set",
    P_TOKEN: "token",
    P_PICK: "pick",
    P_GIVE: "give",
    P_BURY: "bury",
    P_PURGE: "purge",
    P_LAUNDER: "launder",
    P_TARGET: "target",
    P_SHIFT: "shift",
    P_GRAB: "grab",
    P_GIVEBACK: "giveback",
    P_SINK: "sink",
    P_STARTER: "starter",
}


class _Actions:
    """The actions that name a card kind, a goods type or a market position, made once per
    card table and take window, so that ``legal_actions`` only picks them out of lists."""

    def __init__(self, t: C.Table, take_window: int) -> None:
        names = t.kind_names

        def per_kind(cls: type[Action]) -> tuple[Action, ...]:
            return tuple(cached(cls, name) for name in names)

        self.takes = tuple(cached(Take, k) for k in range(1, take_window + 1))
        self.sets = tuple(cached(Set, g) for g in GOODS)
        self.new_sets = tuple(cached(NewSet, g) for g in GOODS)
        self._onto: dict[tuple[int, int], Action] = {}
        self.play = per_kind(Play)  # used for the character kinds only
        self.add = per_kind(Add)
        self.give = per_kind(Give)
        self.bury = per_kind(Bury)
        self.grab = per_kind(Grab)
        self.purge = per_kind(Purge)
        self.launder = per_kind(Launder)
        self.shift = per_kind(Shift)

    def onto(self, g: int, number: int) -> Action:
        """The shared ``onto GOODS NUMBER`` action."""
        a = self._onto.get((g, number))
        if a is None:
            a = self._onto[g, number] = Onto(GOODS[g], number)
        return a


_ACTIONS: dict[tuple[tuple[str, ...], int], _Actions] = {}


def _actions_for(t: C.Table, take_window: int) -> _Actions:
    """The :class:`_Actions` of a card table and take window."""
    key = (t.kind_names, take_window)
    actions = _ACTIONS.get(key)
    if actions is None:
        actions = _ACTIONS[key] = _Actions(t, take_window)
    return actions


class _SetsViews:
    """The JSON form of the sets seen lately, for one card table: a seat's sets change only
    when one is laid, so their card names are kept by value (a bounded cache)."""

    def __init__(self, names: tuple[str, ...]) -> None:
        self.names = names
        self._views: dict[tuple[tuple[int, ...], ...], tuple[tuple[str, tuple[str, ...]], ...]]
        self._views = {}

    def view(self, sets: tuple[tuple[int, ...], ...]) -> dict[str, list[str]]:
        """One seat's sets as {goods: card names} (new lists), the goods without a set left
        out."""
        view = self._views.get(sets)
        if view is None:
            if len(self._views) >= 4096:
                self._views.clear()
            names = self.names
            view = self._views[sets] = tuple(
                (GOODS[g], tuple([names[c] for c in s])) for g, s in enumerate(sets) if s
            )
        return {goods: list(cards) for goods, cards in view}


# per card table (its card names, checked by identity): kept out of the states, whose fields
# are the game's data only
_SETS_VIEWS: dict[int, _SetsViews] = {}


def _sets_views_for(names: tuple[str, ...]) -> _SetsViews:
    """The :class:`_SetsViews` of a table's card names."""
    views = _SETS_VIEWS.get(id(names))
    if views is None or views.names is not names:
        views = _SETS_VIEWS[id(names)] = _SetsViews(names)
    return views


# the list fields changed in place (market, known, pub, pend, hands, corr; sets and more are
# lists of tuples) are copied by _clone_into; the other lists (totals, bonus, last_corruption,
# deck_goods, deck_chars, aside, discard_up, discard_down, pool, used, corr_moves,
# shifts_seen) are shared by clones and replaced, never changed in place ("copy on write")


class SobekState(State):
    """A Sobek position. See the module docstring for the knowledge fields."""

    options: SobekOptions

    # -- set-up (sobek:4) ------------------------------------------------------
    def _setup(self) -> None:
        n = self.num_players
        self.t = C.build_table(self.options)
        self.actions = _actions_for(self.t, self.options.take_window)
        self.all_mask = (1 << n) - 1
        self.round = 0
        self.totals = [0] * n
        self.bonus = [0] * n  # E1 points of the current round (shown, not re-scored)
        self.last_corruption = [0] * n
        self.last_result: dict[str, Any] | None = None
        self.over = False
        self.pend: list[tuple[Any, ...]] = []
        # sobek:4.1 the first start player is drawn at random (DESIGN)
        first = self.chance.randint(0, n - 1, "start player")
        self._new_round(first)

    def _new_round(self, start: int) -> None:
        """sobek:4.2 round set-up."""
        o, t, n = self.options, self.t, self.num_players
        self.round += 1
        ncards = len(t.card_kind)
        self.known = [0] * ncards
        self.pub = [C.PUB_ANY] * ncards
        self.hands: list[list[int]] = [[] for _ in range(n)]
        self.corr: list[list[int]] = [[] for _ in range(n)]
        # per seat, per goods: the cards of the set (tuples, replaced on change: cheap clones)
        self.sets: list[tuple[tuple[int, ...], ...]] = [((),) * NG for _ in range(n)]
        # sobek:6.3 per seat, the second and later sets of a goods (second_set "choose"), in
        # the order laid: (goods, cards); a goods' sets are numbered from 1, sets[p][g] first
        self.more: list[tuple[tuple[int, tuple[int, ...]], ...]] = [() for _ in range(n)]
        # the number of the set played last (of its goods): the set a laundering goes into
        self.last_set = 1
        self.market: list[int] = []
        self.discard_up: list[int] = []
        self.discard_down: list[int] = []
        self.bonus = [0] * n
        self.extra = 0
        self.in_extra = False
        # FREE_PASSAGE tokens held, per seat (replaced on change, never changed in place)
        self.free = [0] * n
        # what the table saw go into and out of the piles this round (``recall``), per
        # kind of move (CORR_MOVES) and seat: index kind * n + seat
        self.corr_moves = [0] * (len(CORR_MOVES) * n)
        # the cards a seat saw shifted onto it (SCAPEGOAT): index target * n + shifter
        self.shifts_seen = [0] * (n * n)
        self.sets_played = 0
        self.start_player = start
        self.turn = start
        self.events.append(
            Event("round", {"round": self.round, "rounds": o.rounds, "start_player": start})
        )
        # sobek:4.2 step 2: two green cards each, the rest set aside
        greens = list(t.green)
        for p in range(n):
            # drawn by name: the private chance event is what p is shown
            dealt = self.chance.sample(
                self._names(greens), o.green_per_player, "green cards", to=seats(p)
            )
            hand = self._take_by_name(greens, dealt)
            for c in hand:
                self.known[c] = 1 << p
                self.pub[c] = C.PUB_GREEN
            self.hands[p] = sorted(hand)
        self.aside = greens
        for c in greens:
            self.pub[c] = C.PUB_GREEN
        # sobek:4.2 steps 3-4: the beige deck; with 2 players 9 cards stay unseen (DESIGN)
        self.deck_goods = [c for c in t.beige if not t.card_char[c]]
        self.deck_chars = [c for c in t.beige if t.card_char[c]]
        for c in t.beige:
            self.pub[c] = C.PUB_DECK
        self.dealable = len(t.beige) - (o.two_player_remove if n == 2 else 0)
        # sobek:4.2 step 5: five tokens face down
        k = min(o.tokens_per_round, len(t.tokens))
        self.pool = sorted(self.chance.sample(list(t.tokens), k, "event tokens", to=HIDDEN))
        self.used: list[str] = []
        self.pool_seen = 0
        # sobek:4.2 step 6: the first shipment
        self._ship()

    # -- small helpers -----------------------------------------------------------
    def _names(self, cards: Sequence[int]) -> list[str]:
        names = self.t.card_names
        return [names[c] for c in cards]

    def _shown(self, c: int) -> str:
        """How a market card looks: its kind, or "character" face down."""
        return self.t.card_shown[c]

    def _take_by_name(self, cards: list[int], names: list[str]) -> list[int]:
        """Remove from ``cards`` (sorted) one card of each named kind (the lowest id: same-kind
        cards are interchangeable) and return them."""
        index = self.t.kind_index
        return self._take_by_kind(cards, [index[name] for name in names])

    def _take_by_kind(self, cards: list[int], kinds: list[int]) -> list[int]:
        """Remove from ``cards`` (sorted) one card of each of ``kinds`` (the lowest id) and
        return them."""
        t = self.t
        ck, first = t.card_kind, t.kind_first
        out = []
        for kind in kinds:
            i = bisect_left(cards, first[kind])  # a kind's cards have consecutive ids
            if i < len(cards) and ck[cards[i]] == kind:
                out.append(cards.pop(i))
        return out

    def opponents_from_left(self, p: int) -> list[int]:
        """The other seats in seating order starting from p's left (sobek:5)."""
        n = self.num_players
        return [(p + i) % n for i in range(1, n)]

    def _hidden_pub(self, c: int, default: int) -> int:
        return self.t.back(c) if self.options.hand_backs_public else default

    def _find(self, cards: list[int], kind: int) -> int:
        ck = self.t.card_kind
        for c in cards:
            if ck[c] == kind:
                return c
        raise AssertionError(f"no {self.t.kind_names[kind]} among {cards}")

    def _kinds(self, cards: list[int], less: int = -1) -> list[int]:
        """The distinct kinds of ``cards`` in order (cards are sorted by id, ids by kind),
        leaving out one card of kind ``less``."""
        ck = self.t.card_kind
        out: list[int] = []
        last = -1
        for c in cards:
            k = ck[c]
            if k == less:
                less = -1
            elif k != last:
                out.append(k)
                last = k
        return out

    # -- the market and the deck (sobek:7) ---------------------------------------
    def _ship(self) -> None:
        """sobek:7 a new shipment as soon as the market is empty and the deck is not.

        The cards are drawn in public, except that for a character only "a character" is
        public (it lies face down) and which characters they are is drawn hidden."""
        if self.market or self.dealable <= 0:
            return
        k = min(self.options.market_size, self.dealable)
        # copy on write: clones share these lists (see _clone_into)
        self.deck_goods = goods = list(self.deck_goods)
        self.deck_chars = chars = list(self.deck_chars)
        ng = len(goods)
        if self.loud or self.chance.pending:
            # the public chance event shows the shipment as the table sees it (and a
            # scripted shipment is given by its names)
            names = self._names(goods) + ["character"] * len(chars)
            index = self.t.kind_index
            drawn = [
                -1 if name == "character" else index[name]
                for name in self.chance.sample(names, k, "shipment")
            ]
        else:
            # a quiet state draws the same positions (the same draws) without naming them
            ck = self.t.card_kind
            drawn = [
                ck[goods[i]] if i < ng else -1
                for i in self.chance.sample(range(ng + len(chars)), k, "shipment")
            ]
        m = drawn.count(-1)  # the characters (face down)
        faces = self.chance.sample(chars, m, "face-down characters", to=HIDDEN) if m else []
        known, pub, all_mask = self.known, self.pub, self.all_mask
        market = self._take_by_kind(goods, [kind for kind in drawn if kind >= 0])
        for c in market:
            known[c] = all_mask
        if m:
            # the characters lie where they were drawn among the goods
            goods_at = iter(market)
            faces_at = iter(faces)
            market = [next(faces_at if kind < 0 else goods_at) for kind in drawn]
            for c in faces:
                chars.remove(c)
                pub[c] = C.PUB_CHAR
                known[c] = 0
        self.market = market
        self.dealable -= k

    def draw_cards(self, p: int, k: int) -> None:
        """DRAW2/GOSSIP: up to k cards from the deck into p's hand, seen by p only."""
        drawn = []
        for _ in range(k):
            if self.dealable <= 0:
                break
            pool = sorted(self.deck_goods + self.deck_chars)
            self.deck_goods = list(self.deck_goods)
            self.deck_chars = list(self.deck_chars)
            c = self._random_card(pool, "draw", seats(p))
            (self.deck_chars if self.t.card_char[c] else self.deck_goods).remove(c)
            self.dealable -= 1
            self.known[c] = 1 << p
            self.pub[c] = self._hidden_pub(c, C.PUB_DECK)
            insort(self.hands[p], c)
            drawn.append(c)
        self.events.append(Event("draw", {"seat": p, "count": len(drawn), "deck": self.dealable}))
        if drawn:
            self.events.append(Event("drew", {"seat": p, "cards": self._names(drawn)}, seats(p)))

    def _random_card(self, cards: list[int], label: str, to: frozenset[int]) -> int:
        """A uniformly random card of ``cards`` (sorted), seen by ``to``. With public backs
        the back colour is drawn first in public, then the card among that colour."""
        if not self.options.hand_backs_public:
            return int(self.chance.choice(cards, label, to=to))
        back = self.t.back
        colour = self.chance.choice([back(c) for c in cards], label + " (back)")
        return int(self.chance.choice([c for c in cards if back(c) == colour], label, to=to))

    def market_to_hand(self, p: int, index: int, announce: bool = True) -> None:
        """A market card into p's hand; a face-down character is seen by p only.
        (A Take or Pick is announced by its action event, see :meth:`action_event`.)"""
        c = self.market.pop(index)
        insort(self.hands[p], c)
        if self.t.card_char[c]:
            self.known[c] = 1 << p
            self.pub[c] = C.PUB_CHAR
        if announce and self.loud:
            self.events.append(
                Event("took", {"seat": p, "position": index + 1, "card": self._shown(c)})
            )
            if self.t.card_char[c]:
                self.events.append(Event("got", self._got(p, c, index + 1), seats(p)))

    def _got(self, p: int, c: int, position: int) -> dict[str, Any]:
        """The private news of a face-down character p took: which one it is."""
        name = self.t.name(c)
        return {
            "seat": p,
            "card": name,
            "text": f"got {W.english(W.character, name)}",
            "position": position,
            "power": self.t.kind_power[self.t.card_kind[c]],
        }

    # -- knowledge ---------------------------------------------------------------
    def _enter_corruption(self, p: int, c: int) -> None:
        """A card goes under p's tile; p sees it if owner_sees_own_corruption (sobek:14)."""
        insort(self.corr[p], c)
        if self.options.owner_sees_own_corruption:
            self.known[c] |= 1 << p

    def _count_move(self, kind: int, p: int, cards: int = 1) -> None:
        """Count ``cards`` moved into or out of p's pile this round, as the table saw it."""
        self.corr_moves = moves = list(self.corr_moves)
        moves[kind * self.num_players + p] += cards

    def recall(self, seat: int) -> dict[str, Any]:
        """What ``seat`` saw happen to the corruption piles this round (sobek:14: the
        counts stay derivable from the public events), per seat: the cards skipped into a
        pile (not with a free passage), buried in it (DENOUNCE, CUSTOMS), purged from it
        (PURIFY, ABSOLUTION), shifted away from it and onto it (SCAPEGOAT), each a public
        move; and ``shifts_seen``, the cards each seat shifted onto ``seat`` that ``seat``
        was shown (its own pile, ``owner_sees_own_corruption``). Laundered cards and the
        hand cards that become corruption at the round's end are not counted."""
        n = self.num_players
        moves = self.corr_moves
        out: dict[str, Any] = {
            name: moves[k * n : (k + 1) * n] for k, name in enumerate(CORR_MOVES)
        }
        out["shifts_seen"] = self.shifts_seen[seat * n : (seat + 1) * n]
        return out

    def forget_unseen_shifts(self, seat: int) -> None:
        """For a copy determinized for ``seat``: what the other seats were shown of a shift
        is kept only where ``seat`` was shown it too (it shifted the card), since the copy
        knows only the events ``seat`` saw."""
        n = self.num_players
        self.shifts_seen = [
            v if i // n == seat or i % n == seat else 0 for i, v in enumerate(self.shifts_seen)
        ]

    def look_at_own_corruption(self, p: int) -> None:
        """p looks at its pile while choosing from it (sobek:14)."""
        if not self.options.owner_sees_own_corruption and self.corr[p]:
            bit = 1 << p
            for c in self.corr[p]:
                self.known[c] |= bit
            self.events.append(
                Event("corruption", {"seat": p, "cards": self._names(self.corr[p])}, seats(p))
            )

    def _secret_move(self, c: int, src: list[int], dst: list[int], viewers: int) -> None:
        """Move c face down from ``src`` to ``dst``, seen only by ``viewers`` (a mask).

        Seats outside ``viewers`` no longer know which card moved, so they lose what
        they knew of the card and of the cards left in ``src`` (sobek:14).
        """
        src.remove(c)
        insort(dst, c)
        known = self.known
        widen = not self.options.hand_backs_public
        pub, back = self.pub, self.t.back
        for x in src:
            known[x] &= viewers
            pub[x] = C.PUB_ANY if widen else back(x)
        known[c] = (known[c] & viewers) | viewers
        self.pub[c] = C.PUB_ANY if widen else self.t.back(c)

    # -- turn order (sobek:5, sobek:10.1) ------------------------------------------
    @property
    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        if self.pend:
            return self.pend[-1][1]  # type: ignore[no-any-return]
        return self.turn

    def is_terminal(self) -> bool:
        return self.over

    def scores(self) -> list[float]:
        return [float(s) for s in self.totals]

    def sim_metrics(self) -> dict[str, float]:
        """This game's own numbers for simulation reports (``metrics.py``)."""
        return _sim_metrics(self)

    def winners(self) -> list[int]:
        """sobek:13 highest total; ties by fewer corruption cards in the last round."""
        return winners(self.totals, self.last_corruption, self.options.tiebreak)

    def legal_sets(self, p: int) -> list[int]:
        """sobek:6.3 the goods types p can lay (or add to) now."""
        return self._settable(p, *self._hand_counts(p))

    def _hand_counts(self, p: int) -> tuple[list[int], list[int], int]:
        """Per goods: p's cards that can go into a set of it (goods cards and characters)
        and p's goods cards alone; and p's amulets."""
        cg, char = self.t.card_goods, self.t.card_char
        eligible = [0] * NG
        goods = [0] * NG
        amulets = 0
        for c in self.hands[p]:
            g = cg[c]
            if g < 0:
                amulets += 1
            else:
                eligible[g] += 1
                if not char[c]:
                    goods[g] += 1
        return eligible, goods, amulets

    def _settable(self, p: int, eligible: list[int], goods: list[int], amulets: int) -> list[int]:
        """sobek:6.3 the goods types with 3+ cards (amulets count), of which one is a goods
        card for a new set (rule 5); ``eligible``, ``goods`` as from :meth:`_hand_counts`."""
        need = self.options.new_set_needs_goods_card
        sets = self.sets[p]
        return [
            g for g in range(NG) if eligible[g] + amulets >= 3 and (goods[g] or sets[g] or not need)
        ]

    def _set_actions(
        self, p: int, eligible: list[int], goods: list[int], amulets: int
    ) -> list[Action]:
        """sobek:6.3 the set plays p can start, goods by goods: ``set`` (a new set, or an
        addition to the one set of that goods), with ``second_set = "choose"`` also ``new``
        (a new set beside the one laid) and, with several sets of a goods, ``onto`` each."""
        need = self.options.new_set_needs_goods_card
        sets = self.sets[p]
        acts = self.actions
        if self.options.second_set != "choose":
            return [
                acts.sets[g]
                for g in range(NG)
                if eligible[g] + amulets >= 3 and (goods[g] or sets[g] or not need)
            ]
        out: list[Action] = []
        for g in range(NG):
            if eligible[g] + amulets < 3:
                continue
            may_open = bool(goods[g] or not need)
            if not sets[g]:
                if may_open:
                    out.append(acts.sets[g])
                continue
            m = self.set_count(p, g)
            if m == 1:
                out.append(acts.sets[g])
            else:
                out += [acts.onto(g, k) for k in range(1, m + 1)]
            if may_open:
                out.append(acts.new_sets[g])
        return out

    def set_count(self, p: int, g: int) -> int:
        """How many sets of goods ``g`` seat ``p`` has laid this round."""
        if not self.sets[p][g]:
            return 0
        more = self.more[p]
        return 1 + sum(1 for h, _ in more if h == g) if more else 1

    def sets_of(self, p: int, g: int) -> list[tuple[int, ...]]:
        """p's sets of goods ``g`` in the order laid (set 1 first)."""
        first = self.sets[p][g]
        if not first:
            return []
        return [first, *(cards for h, cards in self.more[p] if h == g)]

    def _set_cards(self, p: int, g: int, number: int) -> tuple[int, ...]:
        """The cards of p's set ``number`` of goods ``g`` (none for a set not laid yet)."""
        sets = self.sets_of(p, g)
        return sets[number - 1] if number <= len(sets) else ()

    def set_label(self, p: int, g: int, number: int, count: int | None = None) -> str:
        """``fish`` for p's only fish set, ``second fish`` among several (``count``: the
        number of p's fish sets, when it is not the present one)."""
        if count is None:
            count = self.set_count(p, g)
        if count <= 1 and number <= 1:
            return GOODS[g]
        return f"{W.english(W.ordinal, number)} {GOODS[g]}"

    def can_act(self, p: int) -> bool:
        """sobek:5 whether p has any of the three actions."""
        if self.market:
            return True
        hand = self.hands[p]
        if hand and hand[-1] >= self.t.first_character:  # a character (the highest ids)
            return True
        return bool(self.legal_sets(p))

    def _normal_actions(self, p: int) -> list[Action]:
        """sobek:5 take one of the first cards, play a character, lay a set (or pass an
        extra action where that is allowed), in that order."""
        acts = self.actions
        out: list[Action] = list(acts.takes[: len(self.market)])
        hand = self.hands[p]
        first = self.t.first_character
        if hand and hand[-1] >= first:  # characters are the highest ids, last in the hand
            out += [acts.play[k] for k in self._kinds(hand[bisect_left(hand, first) :])]
        out += self._set_actions(p, *self._hand_counts(p))
        if self.in_extra and not self.options.extra_action_compulsory:
            out.append(PASS)
        return out

    def _fits(self, k: int, g: int) -> bool:
        t = self.t
        return bool(t.kind_amulet[k] or t.kind_goods[k] == g)

    def _fitting(self, cards: list[int], g: int) -> list[int]:
        """The kinds of ``cards`` that fit a set of goods g: g's cards and amulets."""
        kg = self.t.kind_goods
        return [k for k in self._kinds(cards) if kg[k] == g or kg[k] < 0]

    def fits_card(self, c: int, g: int) -> bool:
        """Whether card ``c`` fits a set of goods g (its goods, an amulet, its family)."""
        return self.t.kind_goods[self.t.card_kind[c]] in (g, -1)

    def grant_free_passage(self, p: int) -> None:
        """FREE_PASSAGE: p's next take this round that skips cards costs no corruption."""
        self.free = list(self.free)
        self.free[p] += 1

    def fitting_corruption(self, p: int, g: int) -> list[int]:
        """LAUNDER: the kinds of p's corruption that fit a set of goods g."""
        return self._fitting(self.corr[p], g)

    def _set_complete(self, top: tuple[Any, ...]) -> bool:
        _, _p, g, added, new, _number = top
        if len(added) < 3:
            return False
        if new and self.options.new_set_needs_goods_card:
            ck, kc, kg = self.t.card_kind, self.t.kind_char, self.t.kind_goods
            return any(kg[ck[c]] == g and not kc[ck[c]] for c in added)
        return True

    def _targets(self, p: int, effect: str) -> list[int]:
        opps = self.opponents_from_left(p)
        if effect == "SCAPEGOAT":
            return sorted(opps)
        return sorted(q for q in opps if self.hands[q])

    def legal_actions(self) -> list[Action]:
        if self.over:
            return []
        if not self.pend:
            return self._normal_actions(self.turn)
        top = self.pend[-1]
        code = top[0]
        acts = self.actions
        if code == P_SET:
            add = acts.add
            out = [add[k] for k in self._fitting(self.hands[top[1]], top[2])]
            if self._set_complete(top):
                out.append(DONE)
            return out
        if code == P_TOKEN:
            return [cached(Token, e) for e in sorted(set(self.pool))]
        if code == P_PICK:
            return [cached(Pick, i) for i in range(1, len(self.market) + 1)]
        if code == P_GIVE:
            return self._per_kind(acts.give, self.hands[top[1]])
        if code == P_BURY:
            return self._per_kind(acts.bury, self.hands[top[1]])
        if code == P_PURGE:
            return [*self._per_kind(acts.purge, self.corr[top[1]]), DONE]
        if code == P_LAUNDER:
            launder = acts.launder
            out = [launder[k] for k in self.fitting_corruption(top[1], top[2])]
            if not top[5] or top[5] >= top[4]:  # none, or at least the minimum (LAUNDER_SET)
                out.append(DONE)
            return out
        if code == P_TARGET:
            return [cached(Target, q) for q in self._targets(top[1], top[2])]
        if code == P_SHIFT:
            return [*self._per_kind(acts.shift, self.corr[top[1]]), DONE]
        if code == P_GRAB:
            return self._per_kind(acts.grab, self.hands[top[2]])
        if code == P_GIVEBACK:
            give = acts.give
            return [give[k] for k in self._kinds(self.hands[top[1]], top[3])]
        if code == P_SINK:
            return [cached(Sink, j) for j in range(min(3, len(self.market)) + 1)]
        if code == P_STARTER:
            return [cached(Starter, q) for q in range(self.num_players)]
        raise AssertionError(f"unknown pending decision {top}")

    def _per_kind(self, actions: tuple[Action, ...], cards: list[int]) -> list[Action]:
        """One action of ``actions`` (indexed by kind) per distinct kind of ``cards``."""
        return [actions[k] for k in self._kinds(cards)]

    # -- applying actions ----------------------------------------------------------
    def _apply(self, action: Action) -> None:
        handler = _HANDLERS[type(action)]
        if handler(self, action):
            self._settle()

    def _settle(self) -> None:
        """Drop pending decisions that have become empty; when none is left, the action is
        over: refill (sobek:7), extra actions (sobek:5), then the next turn (sobek:10.1)."""
        pend = self.pend
        while pend:
            top = pend[-1]
            code = top[0]
            if code in (P_GIVE, P_BURY):
                skip = not self.hands[top[1]]
            elif code in (P_PURGE, P_SHIFT):
                skip = top[-1] <= 0 or not self.corr[top[1]]
            elif code == P_LAUNDER:
                skip = top[3] <= 0 or not self.fitting_corruption(top[1], top[2])
            elif code in (P_PICK, P_SINK):
                skip = not self.market
            elif code == P_GIVEBACK:
                skip = not self._kinds(self.hands[top[1]], top[3])
            else:
                skip = False
            if not skip:
                if code not in _FORCED:
                    return
                legal = self.legal_actions()
                if len(legal) != 1:
                    return
                # a choice with one option inside an effect is made for the player
                seat, action = top[1], legal[0]
                if self.loud:  # a quiet state builds no events (State.quiet)
                    self.events.extend(self.action_event(seat, action))
                _HANDLERS[type(action)](self, action)
                continue
            pend.pop()
        self._action_done()

    def _action_done(self) -> None:
        self._ship()
        while self.extra > 0:
            self.extra -= 1
            if self.can_act(self.turn):
                self.in_extra = True
                if self.loud:
                    self.events.append(Event("extra action", {"seat": self.turn}))
                return
            # sobek:5 an extra action without any legal option is forfeited
            if self.loud:
                self.events.append(Event("extra action forfeited", {"seat": self.turn}))
        self.in_extra = False
        self._end_turn()

    def _end_turn(self) -> None:
        if self.options.round_end_mode == "immediate" and not self.market and self.dealable <= 0:
            self._end_round()  # sobek:10.1 alternative
            return
        nxt = (self.turn + 1) % self.num_players
        if not self.can_act(nxt):
            self._end_round()  # sobek:10.1 the player to move cannot act
            return
        self.turn = nxt

    # handlers return True when the action is over unless decisions are pending
    def _do_take(self, a: Take) -> bool:
        """sobek:6.1"""
        p = self.turn
        k = a.position
        skipped = self.market[: k - 1]
        del self.market[: k - 1]
        char = self.t.card_char
        if skipped and self.free[p]:
            # FREE_PASSAGE: the skipped cards go to the discard pile, as the Overseer's do
            self.free = list(self.free)
            self.free[p] -= 1
            self.discard_up = list(self.discard_up)
            self.discard_down = list(self.discard_down)
            for c in skipped:
                (self.discard_down if char[c] else self.discard_up).append(c)
            skipped = []
        elif skipped:
            self._count_move(_SKIPPED, p, len(skipped))
        for c in skipped:
            self._enter_corruption(p, c)
            if char[c]:
                self.pub[c] = C.PUB_CHAR
        self.market_to_hand(p, 0, announce=False)
        return True

    def _do_play(self, a: Play) -> bool:
        """sobek:6.2 reveal the character, discard it, resolve its power."""
        p = self.turn
        t = self.t
        kind = t.kind_index[a.character]
        c = self._find(self.hands[p], kind)
        self.hands[p].remove(c)
        self.discard_up = [*self.discard_up, c]
        self.mark_barrier()  # revealed
        self.known[c] = self.all_mask
        EFFECT_FUNCTIONS[t.kind_power[kind]](self, p, -1)
        return True

    def _do_set(self, a: Set) -> bool:
        """sobek:6.3 open a set (or an addition) of one goods type."""
        p = self.turn
        g = C.GOODS_INDEX[a.goods]
        self.pend.append((P_SET, p, g, (), not self.sets[p][g], 1))
        return False

    def _do_new(self, a: NewSet) -> bool:
        """sobek:6.3 open a new set beside the sets of that goods already laid."""
        p = self.turn
        g = C.GOODS_INDEX[a.goods]
        self.pend.append((P_SET, p, g, (), True, self.set_count(p, g) + 1))
        return False

    def _do_onto(self, a: Onto) -> bool:
        """sobek:6.3 open an addition to one of several sets of that goods."""
        self.pend.append((P_SET, self.turn, C.GOODS_INDEX[a.goods], (), False, a.number))
        return False

    def _do_add(self, a: Add) -> bool:
        top = self.pend[-1]
        p = top[1]
        c = self._find(self.hands[p], self.t.kind_index[a.card])
        self.hands[p].remove(c)
        self.known[c] = self.all_mask
        self.mark_barrier()  # the card is now face up
        top = self.pend[-1] = (P_SET, p, top[2], (*top[3], c), top[4], top[5])
        if self._set_complete(top) and not any(
            self._fits(k, top[2]) for k in self._kinds(self.hands[p])
        ):
            # nothing more to lay: the set is finished without a separate "done"
            if self.loud:
                self.events.append(Event("set", self._set_summary(top)))
            return self._do_done(DONE)
        return False

    def _grow_set(self, p: int, g: int, cards: tuple[int, ...], number: int = 1) -> None:
        """Lay ``cards`` into p's set ``number`` of goods ``g`` (one more than p has: a new
        set)."""
        if number <= 1:
            ps = list(self.sets[p])
            ps[g] = (*ps[g], *cards)
            self.sets[p] = tuple(ps)
            return
        more = list(self.more[p])
        seen = 1
        for i, (h, old) in enumerate(more):
            if h == g:
                seen += 1
                if seen == number:
                    more[i] = (g, (*old, *cards))
                    break
        else:
            more.append((g, tuple(cards)))
        self.more[p] = tuple(more)

    def _set_summary(self, top: tuple[Any, ...]) -> dict[str, Any]:
        _, p, g, added, new, number = top
        cards = self._names(list(added))
        value = set_value(self.t, [*self._set_cards(p, g, number), *added])
        out = {
            "seat": p,
            "set": GOODS[g],
            "cards": cards,
            "new": new,
            "value": value,
            "text": f"lays {W.a(GOODS[g])} set: {W.english(W.cards, cards)}, worth {value}",
        }
        count = max(self.set_count(p, g), number)
        if count > 1:  # several sets of these goods: which one (sobek:6.3, "choose")
            out["number"] = number
            label = self.set_label(p, g, number, count)
            if new:
                out["text"] = f"lays a {label} set: {W.english(W.cards, cards)}, worth {value}"
            else:
                out["text"] = (
                    f"adds {W.english(W.cards, cards)} to the {label} set, now worth {value}"
                )
        return out

    def _do_done(self, a: Done) -> bool:
        top = self.pend.pop()
        code = top[0]
        if code != P_SET:
            return True  # stop choosing (purge, launder, shift)
        _, p, g, added, _new, number = top
        self._grow_set(p, g, added, number)
        self.last_set = number
        self.sets_played += 1
        if self.pool:  # sobek:6.3 an event for each of the first sets of a round
            self.pool_seen |= 1 << p
            if self.loud:
                self.events.append(
                    Event("tokens", {"seat": p, "tokens": list(self.pool)}, seats(p))
                )
            self.pend.append((P_TOKEN, p, g))
            return False
        return True

    def _do_pass(self, a: Pass) -> bool:
        self.events.append(Event("passed", {"seat": self.turn}))
        return True

    def _do_token(self, a: Token) -> bool:
        _, p, g = self.pend.pop()
        self.pool = list(self.pool)
        self.pool.remove(a.effect)
        self.used = [*self.used, a.effect]
        self.mark_barrier()  # revealed
        EFFECT_FUNCTIONS[a.effect](self, p, g)
        return True

    def _do_pick(self, a: Pick) -> bool:
        _, p = self.pend.pop()
        self.market_to_hand(p, a.position - 1, announce=False)
        return True

    def _do_target(self, a: Target) -> bool:
        _, p, effect = self.pend.pop()
        q = a.seat
        if effect == "STEAL_RANDOM":
            c = self._random_card(self.hands[q], "steal", seats(p, q))
            self._secret_move(c, self.hands[q], self.hands[p], (1 << p) | (1 << q))
            self.events.append(Event("stole", {"seat": p, "from": q}))
            self.events.append(
                Event("stolen", {"seat": p, "from": q, "card": self.t.name(c)}, seats(p, q))
            )
        elif effect == "DENOUNCE":
            self.pend.append((P_BURY, q))
        elif effect == "PEEK_SWAP":
            bit = 1 << p
            for c in self.hands[q]:
                self.known[c] |= bit
            self.events.append(
                Event("looked", {"seat": p, "at": q, "cards": self._names(self.hands[q])}, seats(p))
            )
            self.pend.append((P_GRAB, p, q))
        else:  # SCAPEGOAT
            self.look_at_own_corruption(p)
            self.pend.append((P_SHIFT, p, q, 2))
        return True

    def _do_give(self, a: Give) -> bool:
        top = self.pend.pop()
        # TRIBUTE (P_GIVE, giver, receiver) or PEEK_SWAP (P_GIVEBACK, giver, victim, kind)
        giver, receiver = top[1], top[2]
        c = self._find(self.hands[giver], self.t.kind_index[a.card])
        self._secret_move(
            c, self.hands[giver], self.hands[receiver], (1 << giver) | (1 << receiver)
        )
        return True

    def _do_bury(self, a: Bury) -> bool:
        _, q = self.pend.pop()
        c = self._find(self.hands[q], self.t.kind_index[a.card])
        self._secret_move(c, self.hands[q], self.corr[q], 1 << q)
        self._count_move(_BURIED, q)
        return True

    def _do_grab(self, a: Grab) -> bool:
        _, p, q = self.pend.pop()
        c = self._find(self.hands[q], self.t.kind_index[a.card])
        self._secret_move(c, self.hands[q], self.hands[p], (1 << p) | (1 << q))
        self.pend.append((P_GIVEBACK, p, q, self.t.card_kind[c]))
        return True

    def _do_purge(self, a: Purge) -> bool:
        _, p, left = self.pend.pop()
        c = self._find(self.corr[p], self.t.kind_index[a.card])
        self.discard_down = list(self.discard_down)
        self._secret_move(c, self.corr[p], self.discard_down, 1 << p)
        self._count_move(_PURGED, p)
        if left > 1:
            self.pend.append((P_PURGE, p, left - 1))
        return True

    def _do_launder(self, a: Launder) -> bool:
        _, p, g, left, minimum, laid, number = self.pend.pop()
        c = self._find(self.corr[p], self.t.kind_index[a.card])
        self.corr[p].remove(c)
        self._grow_set(p, g, (c,), number)
        self.known[c] = self.all_mask
        self.mark_barrier()  # the card is now face up
        if left > 1:
            self.pend.append((P_LAUNDER, p, g, left - 1, minimum, laid + 1, number))
        return True

    def _do_shift(self, a: Shift) -> bool:
        _, p, q, left = self.pend.pop()
        c = self._find(self.corr[p], self.t.kind_index[a.card])
        viewers = 1 << p
        if self.options.owner_sees_own_corruption:
            viewers |= 1 << q
            n = self.num_players
            self.shifts_seen = seen = list(self.shifts_seen)
            seen[q * n + p] += 1
        self._secret_move(c, self.corr[p], self.corr[q], viewers)
        self._count_move(_SHIFTED_AWAY, p)
        self._count_move(_SHIFTED_ONTO, q)
        if left > 1:
            self.pend.append((P_SHIFT, p, q, left - 1))
        return True

    def _do_sink(self, a: Sink) -> bool:
        _, _p = self.pend.pop()
        sunk = self.market[: a.count]
        del self.market[: a.count]
        char = self.t.card_char
        self.discard_up = list(self.discard_up)
        self.discard_down = list(self.discard_down)
        for c in sunk:
            if char[c]:
                self.discard_down.append(c)  # stays face down, nobody saw it
            else:
                self.discard_up.append(c)
        return True

    def _do_starter(self, a: Starter) -> bool:
        self.pend.pop()
        self._new_round(a.seat)
        return False

    def add_bonus(self, p: int, points: int) -> None:
        """E1: points straight onto the total score."""
        self.totals = list(self.totals)
        self.bonus = list(self.bonus)
        self.totals[p] += points
        self.bonus[p] += points

    # -- end of a round (sobek:10.2, 11, 12, 13) -------------------------------------
    def _end_round(self) -> None:
        o, t, n = self.options, self.t, self.num_players
        self.mark_barrier()
        self.pend.clear()
        if o.hand_to_corruption_at_round_end:  # sobek:10.2 step 1
            for p in range(n):
                for c in self.hands[p]:
                    insort(self.corr[p], c)
                self.hands[p] = []
        # every set on its own: one per goods (0: none), then the second and later sets
        values = [[set_value(t, s) for s in self.sets[p]] for p in range(n)]
        goods_of = [list(range(NG)) for _ in range(n)]
        for p in range(n):
            for g, cards in self.more[p]:
                values[p].append(set_value(t, cards))
                goods_of[p].append(g)
        points = [sum(v) for v in values]
        worst, lost = penalties(t, o.penalty_mode, values, self.corr, goods_of)
        lost_sets = [
            self._lost_sets(o.penalty_mode, values[p], goods_of[p], lost[p], p) for p in range(n)
        ]
        self.totals = scores = list(self.totals)
        before = list(scores)
        for p in range(n):
            scores[p] += points[p] - lost[p]
        counts = [len(c) for c in self.corr]
        self.last_corruption = counts
        self.last_result = {
            "round": self.round,
            "set_values": [
                {GOODS[g]: v for g, v in enumerate(values[p][:NG]) if v} for p in range(n)
            ],
            "set_points": points,
            "corruption": counts,
            "most_corrupt": worst,
            "penalty": lost,
            "round_points": [points[p] - lost[p] for p in range(n)],
            "bonus": list(self.bonus),
            "before": before,
            "scores": list(scores),
        }
        if o.second_set == "choose":  # sobek:6.3 the second and later sets of a goods
            self.last_result["more_set_values"] = [
                self._more_values(p, values[p]) for p in range(n)
            ]
        # for the narration: which sets the penalty took, under which rule
        summary = {**self.last_result, "lost_sets": lost_sets, "penalty_mode": o.penalty_mode}
        summary["rounds"] = o.rounds
        self.events.append(Event("round end", summary))
        early = o.early_end_over
        if (
            self.round >= o.rounds
            or (self.round == 2 and early is not None and max(scores) > early)  # sobek:13
        ):
            self.over = True
            end = {
                "scores": list(scores),
                "winners": self.winners(),
                "reason": "rounds" if self.round >= o.rounds else "early",
                "round": self.round,
                "over": early,
                "corruption": counts,
                "tiebreak": o.tiebreak,
            }
            self.events.append(Event("game end", end))
            return
        # sobek:12 the lowest total chooses the next start player (random among ties)
        low = min(scores)
        lowest = [p for p in range(n) if scores[p] == low]
        chooser = lowest[0] if len(lowest) == 1 else self.chance.choice(lowest, "chooser")
        self.pend.append((P_STARTER, chooser))
        self.events.append(
            Event(
                "choose start player",
                {"seat": chooser, "round": self.round + 1, "tied": lowest, "score": low},
            )
        )

    def _numbers(self, goods_of: list[int]) -> list[int]:
        """The set number of each entry of a seat's set list (see :meth:`_end_round`)."""
        seen = [0] * NG
        out = []
        for g in goods_of:
            seen[g] += 1
            out.append(seen[g])
        return out

    def _more_values(self, p: int, values: list[int]) -> list[dict[str, Any]]:
        """p's second and later sets of a goods with their values, for the round's result."""
        numbers = [0] * NG
        out = []
        for (g, _cards), v in zip(self.more[p], values[NG:], strict=True):
            numbers[g] += 1
            out.append({"goods": GOODS[g], "number": numbers[g] + 1, "value": v})
        return out

    def _lost_sets(
        self, mode: str, values: list[int], goods_of: list[int], lost: int, p: int
    ) -> list[str]:
        """The sets the penalty took from p (sobek:11.2), for the narration: ``fish``, or
        ``second fish`` when p has several fish sets."""
        if lost <= 0 or mode == "half_round":
            return []
        numbers = self._numbers(goods_of)
        if mode == "best_set":
            i = values.index(max(values))
            return [self.set_label(p, goods_of[i], numbers[i])]
        ck, kg = self.t.card_kind, self.t.kind_goods
        types = {kg[ck[c]] for c in self.corr[p]}
        return [
            self.set_label(p, g, k)
            for g, k, v in zip(goods_of, numbers, values, strict=True)
            if v and g in types
        ]

    # -- why an action is illegal ----------------------------------------------------

    # -- what a person types and reads ---------------------------------------------------
    def parse_action(self, text: str) -> Action:
        """The legal action typed: its number, its text (``add fish 1``) or an older text form
        (``add fish1``, ``token EXTRA_ACTION``, ``target P2``)."""
        try:
            return super().parse_action(text)
        except ActionFormatError:
            typed = " ".join(text.lower().split())
            for a in self.legal_actions():
                if typed in legacy_texts(a):
                    return a
            raise

    # -- what a seat sees (sobek:14) -----------------------------------------------
    def action_event(self, seat: int, action: Action) -> list[Event]:
        """The announcement of an action, with what the table sees it do (called before the
        action is applied; on every move of a search, so its ``text`` stays the short form:
        the narration writes the sentence). Giving, burying, grabbing, purging and shifting are face down:
        the card is shown only to the seats that see it, everybody else gets a shadow."""
        kind = action.kind
        if kind == "add":
            return []  # the laid cards show in the view; the finished set is announced
        form = _FORMS.get(action)
        if form is None:
            form = _FORMS[action] = (action.to_json(), str(action))
        data: dict[str, Any] = {"seat": seat, "action": form[0], "text": form[1]}
        if kind == "take" or kind == "pick":
            i = action.position - 1  # type: ignore[attr-defined]
            market, shown = self.market, self.t.card_shown
            c = market[i]
            data["card"] = card = shown[c]
            if kind == "take" and i:
                data["skipped"] = skipped = [shown[x] for x in market[:i]]
                data["text"] = f"{form[1]}: {card}, skipping {' '.join(skipped)}"
                if self.free[seat]:
                    data["free"] = True  # FREE_PASSAGE: the skipped cards are discarded
                    data["text"] += " (free passage)"
            else:
                data["text"] = f"{form[1]}: {card}"
            if self.t.card_char[c]:
                return [Event("action", data), Event("got", self._got(seat, c, i + 1), seats(seat))]
        elif kind == "sink":
            data["cards"] = sunk = [self._shown(x) for x in self.market[: action.count]]  # type: ignore[attr-defined]
            if sunk:
                data["text"] = f"{form[1]}: {W.english(W.cards, sunk)}"
        elif kind == "done" and self.pend and self.pend[-1][0] == P_SET:
            data.update(self._set_summary(self.pend[-1]))
        elif kind == "done" and self.pend:
            data["stop"] = _PENDING_NAMES[self.pend[-1][0]]  # purge, launder or shift
        elif kind == "play":
            data["power"] = self.t.kind_power[self.t.kind_index[action.character]]  # type: ignore[attr-defined]
        elif kind == "target" and self.pend:
            data["effect"] = self.pend[-1][2]
        elif kind == "token":
            if action.effect == "BONUS_3":  # type: ignore[attr-defined]
                data["points"] = self.options.bonus_points
        elif kind == "launder" and self.pend:
            top = self.pend[-1]
            data["set"] = GOODS[top[2]]
            if top[6] > 1 or self.set_count(top[1], top[2]) > 1:
                data["number"] = top[6]
        elif kind == "starter":
            data["round"] = self.round + 1
        elif kind in _SECRET:
            top = self.pend[-1]
            who = {seat}
            if kind in ("give", "grab") or (
                kind == "shift" and self.options.owner_sees_own_corruption
            ):
                who.add(top[2])
            # who also gets the private event below (a face says the move once)
            shadow = {
                "seat": seat,
                "action": {"kind": kind},
                "text": f"{kind} a card",
                "private_to": sorted(who),
            }
            if kind in ("give", "grab", "shift"):
                shadow["other"] = top[2]
                data["party"] = top[2]  # (not "other": the bots count that field)
            if kind == "give":
                shadow["reason"] = data["reason"] = "swap" if top[0] == P_GIVEBACK else "tribute"
            return [Event("action", shadow), Event("action", data, frozenset(who))]
        return [Event("action", data)]

    def _pending_view(self, seat: int | None) -> dict[str, Any] | None:
        if not self.pend:
            return None
        top = self.pend[-1]
        code = top[0]
        view: dict[str, Any] = {"decision": _PENDING_NAMES[code], "seat": top[1]}
        if code == P_SET:
            view.update(goods=GOODS[top[2]], cards=self._names(list(top[3])), new=top[4])
            if top[5] > 1 or self.set_count(top[1], top[2]) > 1:
                view["number"] = top[5]  # which of several sets of these goods (sobek:6.3)
        elif code == P_TOKEN:
            view["goods"] = GOODS[top[2]]
            if seat == top[1]:
                view["tokens"] = list(self.pool)
        elif code == P_GIVE:
            view["to"] = top[2]
        elif code in (P_PURGE, P_SHIFT):
            view["left"] = top[-1]
            if code == P_SHIFT:
                view["to"] = top[2]
        elif code == P_LAUNDER:
            view.update(left=top[3], goods=GOODS[top[2]], minimum=top[4], laid=top[5])
            if top[6] > 1 or self.set_count(top[1], top[2]) > 1:
                view["number"] = top[6]
        elif code == P_TARGET:
            view["effect"] = top[2]
        elif code in (P_GRAB, P_GIVEBACK):
            view["opponent"] = top[2]
            if code == P_GRAB and seat == top[1]:
                view["their_hand"] = self._names(self.hands[top[2]])
            if code == P_GIVEBACK and seat == top[1]:
                view["taken"] = self.t.kind_names[top[3]]
        return view

    def observation(self, seat: int | None) -> dict[str, Any]:
        o = self.options
        names = self.t.card_names
        obs: dict[str, Any] = {
            "round": self.round,
            "rounds": o.rounds,
            "scores": list(self.totals),
            "start_player": self.start_player,
            "turn": self.turn,
            "to_move": self.current_player,
            "market": [self.t.card_shown[c] for c in self.market],
            "deck": self.dealable,
            "hand_sizes": list(map(len, self.hands)),
            "sets": list(map(_sets_views_for(names).view, self.sets)),
            "discard": [names[c] for c in self.discard_up],
            "discard_face_down": len(self.discard_down),
            "tokens_left": len(self.pool),
            "tokens_used": list(self.used),
            "sets_played": self.sets_played,
            "extra_actions": self.extra,
            "in_extra_action": self.in_extra,
            "free_passages": list(self.free),
            "pending": self._pending_view(seat) if self.pend else None,
            "last_round": self.last_result,
            "game_over": self.over,
        }
        if o.second_set == "choose":  # sobek:6.3 the second and later sets of a goods
            obs["more_sets"] = [self._more_view(m) if m else [] for m in self.more]
        if o.corruption_counts_public:
            obs["corruption_counts"] = list(map(len, self.corr))
        if o.hand_backs_public:
            obs["hand_backs"] = [self._backs(h) for h in self.hands]
            obs["corruption_backs"] = [self._backs(c) for c in self.corr]
        if seat is not None:
            obs["seat"] = seat
            obs["hand"] = [names[c] for c in self.hands[seat]]
            pile = self.corr[seat]
            obs["corruption_count"] = len(pile)
            known, bit = self.known, 1 << seat
            # sobek:14 the owner sees the pile (or, with the option off, the cards it knows)
            obs["corruption"] = [names[c] for c in pile if known[c] & bit]
        return obs

    def _more_view(self, more: tuple[tuple[int, tuple[int, ...]], ...]) -> list[dict[str, Any]]:
        """A seat's second and later sets of a goods: goods, number (from 1, counting the
        first set of the goods) and cards, in the order laid."""
        names = self.t.card_names
        numbers = [1] * NG
        out = []
        for g, cards in more:
            numbers[g] += 1
            out.append(
                {"goods": GOODS[g], "number": numbers[g], "cards": [names[c] for c in cards]}
            )
        return out

    def _backs(self, cards: list[int]) -> dict[str, int]:
        out = {"green": 0, "beige": 0, "character": 0}
        for c in cards:
            b = self.t.back(c)
            out["green" if b == C.PUB_GREEN else "character" if b == C.PUB_CHAR else "beige"] += 1
        return out

    # -- determinize (sobek:14) ------------------------------------------------------

    def _copy_fields(self, new: State) -> None:
        """Every field of the game, written out: a compiled clone's copy (see
        ``State._copy_fields``; ``tests/games/test_compiled.py`` checks the list)."""
        assert isinstance(new, SobekState)
        new.options = self.options  # typed by the game: a compiled slot
        new.t = self.t
        new.actions = self.actions
        new.all_mask = self.all_mask
        new.round = self.round
        new.totals = self.totals
        new.bonus = self.bonus
        new.last_corruption = self.last_corruption
        new.last_result = self.last_result
        new.over = self.over
        new.pend = self.pend
        new.known = self.known
        new.pub = self.pub
        new.hands = self.hands
        new.corr = self.corr
        new.sets = self.sets
        new.more = self.more
        new.last_set = self.last_set
        new.market = self.market
        new.discard_up = self.discard_up
        new.discard_down = self.discard_down
        new.extra = self.extra
        new.in_extra = self.in_extra
        new.free = self.free
        new.corr_moves = self.corr_moves
        new.shifts_seen = self.shifts_seen
        new.sets_played = self.sets_played
        new.start_player = self.start_player
        new.turn = self.turn
        new.aside = self.aside
        new.deck_goods = self.deck_goods
        new.deck_chars = self.deck_chars
        new.dealable = self.dealable
        new.pool = self.pool
        new.used = self.used
        new.pool_seen = self.pool_seen

    def _clone_into(self, new: State) -> None:
        """Copy the lists changed in place (see the note above :class:`SobekState`)."""
        assert isinstance(new, SobekState)
        new.market = self.market.copy()
        new.known = self.known.copy()
        new.pub = self.pub.copy()
        new.pend = self.pend.copy()
        new.hands = list(map(list.copy, self.hands))
        new.corr = list(map(list.copy, self.corr))
        new.sets = self.sets.copy()
        new.more = self.more.copy()

    def check_invariants(self) -> None:
        t = self.t
        cards = (
            self.deck_goods
            + self.deck_chars
            + self.aside
            + self.market
            + self.discard_up
            + self.discard_down
            + [c for h in self.hands for c in h]
            + [c for h in self.corr for c in h]
            + [c for ps in self.sets for s in ps for c in s]
            + [c for ms in self.more for _g, s in ms for c in s]
        )
        for top in self.pend:
            if top[0] == P_SET:
                cards += list(top[3])
        assert sorted(cards) == list(range(len(t.card_kind))), "every card is in one place"
        assert all(not t.card_char[c] for c in self.deck_goods)
        assert all(t.card_char[c] for c in self.deck_chars)
        assert 0 <= self.dealable <= len(self.deck_goods) + len(self.deck_chars)
        if not self.over and not self.pend:
            assert self.market or self.dealable <= 0, "sobek:7 the market is refilled"
        for h in [*self.hands, *self.corr, self.deck_goods, self.deck_chars]:
            assert h == sorted(h)
        for p, ms in enumerate(self.more):
            assert self.options.second_set == "choose" or not ms, "sobek:6.3 one set per goods"
            assert all(self.sets[p][g] for g, _s in ms), "a second set only beside a first"


_SECRET = frozenset({"give", "bury", "grab", "purge", "shift"})
#: the moves into and out of the corruption piles that ``recall`` counts, by kind
CORR_MOVES = ("skipped", "buried", "purged", "shifted_away", "shifted_onto")
_SKIPPED, _BURIED, _PURGED, _SHIFTED_AWAY, _SHIFTED_ONTO = range(len(CORR_MOVES))
#: effect choices answered automatically when they have a single option
_FORCED = frozenset({P_TARGET, P_GIVE, P_BURY, P_GRAB, P_GIVEBACK, P_PICK})
_FORMS: dict[Action, tuple[dict[str, Any], str]] = {}

_HANDLERS: dict[type, Any] = {
    Take: SobekState._do_take,
    Play: SobekState._do_play,
    Set: SobekState._do_set,
    NewSet: SobekState._do_new,
    Onto: SobekState._do_onto,
    Add: SobekState._do_add,
    Done: SobekState._do_done,
    Pass: SobekState._do_pass,
    Token: SobekState._do_token,
    Pick: SobekState._do_pick,
    Target: SobekState._do_target,
    Give: SobekState._do_give,
    Bury: SobekState._do_bury,
    Grab: SobekState._do_grab,
    Purge: SobekState._do_purge,
    Launder: SobekState._do_launder,
    Shift: SobekState._do_shift,
    Sink: SobekState._do_sink,
    Starter: SobekState._do_starter,
}
