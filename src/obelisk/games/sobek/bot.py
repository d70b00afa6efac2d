"""A heuristic Sobek player: builds sets of its strongest goods, weighs skipped cards
(corruption) against what a card adds to a set, and grabs the first event tokens.

It reads only its :class:`~obelisk.core.PlayerView`: the observation, its recall (the
cards it saw go into and out of the other players' corruption piles this round) and the
legal actions; never its events, so a search may roll out with it on quiet copies.
"""

from __future__ import annotations

import random
from typing import Any

from obelisk.core import Action, PlayerView
from obelisk.core.compiled import mypyc_attr

from .components import GOODS, GOODS_INDEX, parse_character

#: rough worth of an effect to the player who resolves it (points)
POWER_WORTH = {
    "ROYAL_PICK": 0.0,  # valued from the market
    "PRIORITY_BERTH": 0.0,
    "TRIBUTE": 1.6,  # per opponent holding cards
    "PURIFY": 2.2,  # per corruption card (up to 2)
    "ABSOLUTION": 2.2,
    "DRAW2": 2.6,  # per card the deck can give (up to 2)
    "GOSSIP": 2.6,
    "STEAL_RANDOM": 2.8,
    "PICKPOCKET": 2.8,
    "TAKE_FRONT2": 0.0,  # valued from the market
    "DENOUNCE": 1.2,
    "PEEK_SWAP": 3.2,
    "SINK_FRONT": 0.6,
    "BONUS_3": 0.0,  # exact: the bonus points
    "EXTRA_ACTION": 3.5,
    "LAUNDER": 0.0,  # valued from the fitting cards
    "LAUNDER_SET": 0.0,  # valued from the fitting cards (3 or more)
    "FREE_PASSAGE": 2.5,  # while cards remain to be taken
    "SCAPEGOAT": 1.8,  # per corruption card (up to 2)
    "CUSTOMS": 1.0,  # per opponent holding cards
}


class _Cards:
    """What the bot knows about card kinds, from the public options."""

    def __init__(self, options: Any) -> None:
        self.options = options
        self.goods: dict[str, int] = {}
        self.scarabs: dict[str, int] = {}
        self.power: dict[str, str] = {}
        for g, name in enumerate(GOODS):
            for v in (options.scarabs[g], 0):
                self.goods[f"{name}{v}"] = g
                self.scarabs[f"{name}{v}"] = v
        self.goods["amulet"] = -1
        self.scarabs["amulet"] = 0
        for row in options.characters:
            key, family, power = parse_character(row)
            self.goods[key] = GOODS_INDEX[family]
            self.scarabs[key] = 0
            self.power[key] = power


class _Position:
    """One decision's numbers, worked out once from the observation: per goods, the cards
    and scarabs I hold (hand + my set), my amulets, and what one more card of a kind adds."""

    __slots__ = ("_values", "amulets", "k", "late", "n", "obs", "s")

    def __init__(self, k: _Cards, obs: dict[str, Any]) -> None:
        self.k = k
        self.obs = obs
        self.late = obs["deck"] == 0
        goods, scarabs = k.goods, k.scarabs
        n = [0] * len(GOODS)
        s = [0] * len(GOODS)
        amulets = 0
        for c in obs["hand"]:
            g = goods[c]
            if g < 0:
                amulets += 1
            else:
                n[g] += 1
                s[g] += scarabs[c]
        for gname, cards in obs["sets"][obs["seat"]].items():
            g = GOODS_INDEX[gname]
            n[g] += len(cards)
            s[g] += sum([scarabs[c] for c in cards])
        more = obs.get("more_sets")
        for m in more[obs["seat"]] if more else ():  # sobek:6.3 second sets of a goods
            g = GOODS_INDEX[m["goods"]]
            n[g] += len(m["cards"])
            s[g] += sum([scarabs[c] for c in m["cards"]])
        self.n, self.s, self.amulets = n, s, amulets
        self._values: dict[str, float] = {}

    def card_value(self, card: str) -> float:
        """What one more card of this kind adds to my eventual sets (points)."""
        value = self._values.get(card)
        if value is None:
            value = self._values[card] = self._card_value(card)
        return value

    def _card_value(self, card: str) -> float:
        if card == "character":
            return 2.2
        k, n, s, amulets = self.k, self.n, self.s, self.amulets
        g = k.goods[card]
        if g < 0:  # amulet: one more card in my best group
            best = max([si + 1 + 0.5 * ni for si, ni in zip(s, n, strict=True)])
            return 1.0 + 0.8 * best
        v = k.scarabs[card]
        gain = s[g] + (n[g] + 1) * v
        have = n[g] + amulets
        if have + 1 >= 3:
            chance = 1.0
        elif self.late:
            chance = 0.15
        else:
            chance = 0.35 + 0.2 * have
        bonus = 0.8 if card in k.power else 0.0  # a character may also be played
        return chance * (gain + 0.6 * (n[g] + 1)) + bonus

    def best_projection(self) -> int:
        """The value my best group would have as a set (what a penalty could cost me)."""
        amulets = self.amulets
        return max([(ni + amulets) * si for ni, si in zip(self.n, self.s, strict=True)])


def _best(scored: list[tuple[float, Action]]) -> list[int]:
    """The indices of the best-scored actions (within a rounding error of the best)."""
    best = max([v for v, _ in scored]) - 1e-9
    return [i for i, (v, _) in enumerate(scored) if v >= best]


@mypyc_attr(allow_interpreted_subclasses=True)  # compiled (setup.py), tests subclass it
class SobekHeuristic:
    """``heuristic`` level: sensible sets, corruption weighed against value."""

    #: how likely I am to be the most corrupt at the round's end, for a second set of one
    #: goods: (behind the others' largest pile, level with it, ahead of it)
    SPLIT_RISK = (0.0, 0.5, 0.95)
    #: how much better (points expected) a second set must be than adding, to be laid
    SPLIT_MARGIN = 1.0
    #: it reads the observation and its recall, not its events (``obelisk.core.reads_events``)
    reads_events = False

    def __init__(self, skip_cost: float = 1.6, risk_share: float = 0.12) -> None:
        self.skip_cost = skip_cost
        self.risk_share = risk_share
        self._cards: _Cards | None = None
        self._options: Any = None

    # -- helpers -------------------------------------------------------------------
    def _kinds(self, view: PlayerView) -> _Cards:
        if self._cards is None or self._options is not view.options:
            self._cards = _Cards(view.options)
            self._options = view.options
        return self._cards

    def _others_corruption(self, view: PlayerView, obs: dict[str, Any]) -> int:
        """The largest corruption of another player this round, as counted from what the
        seat saw (``PlayerView.recall``): skipped and buried cards, less the purged ones,
        and the shifted ones moved from one pile to the other.

        A card shifted onto this seat counts twice against the shifter: the count was
        first made from the events, where the seat that is shown the card reads both the
        table's news of the shift and its own (kept as it was: the same decisions)."""
        me = obs["seat"]
        if "corruption_counts" in obs:
            counts = obs["corruption_counts"]
        else:
            r = view.recall()
            counts = [
                sk + bu - pu - away + onto - seen
                for sk, bu, pu, away, onto, seen in zip(
                    r["skipped"],
                    r["buried"],
                    r["purged"],
                    r["shifted_away"],
                    r["shifted_onto"],
                    r["shifts_seen"],
                    strict=True,
                )
            ]
        return max((c for p, c in enumerate(counts) if p != me), default=0)

    # -- decisions -----------------------------------------------------------------------
    def act(self, view: PlayerView, rng: random.Random) -> Action:
        """Score every legal action and play the best (ties broken at random)."""
        legal = view.legal_actions()
        if len(legal) == 1:
            return legal[0]
        k = self._kinds(view)
        top = self._by_the_cards(k, legal)
        if top is None:
            obs = view.observation()
            pos = _Position(k, obs)
            pend = obs["pending"]
            if pend is None:
                scored = self._score_turn(view, pos, legal)
            else:
                scored = self._score_choice(pos, legal, pend)
            top = [scored[i][1] for i in _best(scored)]
        return top[0] if len(top) == 1 else rng.choice(top)

    @staticmethod
    def _by_the_cards(k: _Cards, legal: list[Action]) -> list[Action] | None:
        """The best actions of :meth:`_score_choice`, found without the observation, for
        the decisions whose scores depend on the cards alone (each offers actions of its
        own kind): purging (any card), laundering and shifting (the most scarabs), and
        laying into a set when a goods card that is not a character is among the cards
        (the most scarabs: 10 + scarabs is above anything else it scores there). None for
        any other decision."""
        kind = legal[0].kind
        if kind == "purge":
            return [a for a in legal if a.kind != "done"]
        lay = kind == "add"
        if not lay and kind not in ("launder", "shift"):
            return None
        best: list[Action] = []
        most = -1
        power, scarabs = k.power, k.scarabs
        for a in legal:
            if a.kind == "done":
                continue
            card = a.card  # type: ignore[attr-defined]
            if lay and (card == "amulet" or card in power):
                continue
            v = scarabs.get(card, 0)
            if v > most:
                best, most = [a], v
            elif v == most:
                best.append(a)
        return best or None

    def _score_turn(
        self, view: PlayerView, pos: _Position, legal: list[Action]
    ) -> list[tuple[float, Action]]:
        obs = pos.obs
        out: list[tuple[float, Action]] = []
        market = obs["market"]
        risk = pos.best_projection()
        # (index in out, cards skipped, value if the take makes me the most corrupt)
        charges: list[tuple[int, int, float]] = []
        splits: list[tuple[int, Action]] = []  # the "new" set plays (sobek:6.3)
        n, s, amulets = pos.n, pos.s, pos.amulets
        for a in legal:
            kind = a.kind
            if kind == "take":
                p = a.position  # type: ignore[attr-defined]
                value = pos.card_value(market[p - 1])
                skipped = p - 1
                free = obs.get("free_passages")
                if skipped and free and free[obs["seat"]]:
                    value -= 0.3 * skipped  # no corruption; the passage is used up
                elif skipped:
                    cost = skipped * (self.skip_cost + self.risk_share * risk)
                    if risk:  # being the most corrupt costs only where there is a set to lose
                        charges.append((len(out), skipped, value - (cost + 0.25 * risk)))
                    value -= cost
                out.append((value, a))
            elif kind in ("set", "onto"):
                g = GOODS_INDEX[a.goods]  # type: ignore[attr-defined]
                size = n[g] + (amulets if n[g] < 3 else 0)
                worth = size * s[g]
                urgent = obs["deck"] == 0 or obs["tokens_left"] > 0 or size >= 5
                v = (8.0 + 0.5 * worth) if urgent else 0.3 * worth
                if kind == "onto":  # into the set worth most (ties: the first laid)
                    v += 0.01 * self._set_worth(pos, a.goods, a.number)  # type: ignore[attr-defined]
                out.append((v, a))
            elif kind == "new":
                splits.append((len(out), a))
                out.append((-5.0, a))  # scored below, once the set plays are
            elif kind == "play":
                out.append((self._power_value(pos, a.character), a))  # type: ignore[attr-defined]
            else:  # pass
                out.append((-5.0, a))
        if splits:
            out = self._score_splits(view, pos, out, splits)
        if charges:
            out = self._charge_most_corrupt(view, obs, out, charges)
        return out

    @staticmethod
    def _set_worth(pos: _Position, goods: str, number: int) -> int:
        """The value of my set ``number`` of ``goods`` now."""
        obs = pos.obs
        me = obs["seat"]
        if number == 1:
            cards = obs["sets"][me].get(goods, [])
        else:
            more = obs.get("more_sets") or [[] for _ in obs["scores"]]
            rows = [m for m in more[me] if m["goods"] == goods and m["number"] == number]
            cards = rows[0]["cards"] if rows else []
        scarabs = pos.k.scarabs
        return len(cards) * sum([scarabs[c] for c in cards])

    def _score_splits(
        self,
        view: PlayerView,
        pos: _Position,
        scored: list[tuple[float, Action]],
        splits: list[tuple[int, Action]],
    ) -> list[tuple[float, Action]]:
        """A new set beside my set of the same goods scores less than adding to it, and is
        worth it only against the ``best_set`` penalty: if I am likely the most corrupt, two
        smaller sets lose less than one big one. Lay it apart only when that expectation is
        clearly better; then it ranks just above adding. Only once the deck is empty: before,
        the corruption piles still change too much to tell (laid earlier, splitting lost
        points in self-play)."""
        obs = pos.obs
        options = view.options
        if obs["deck"] > 0 or getattr(options, "penalty_mode", "best_set") != "best_set":
            return scored
        me = obs["seat"]
        mine = obs["corruption_count"]
        others = self._others_corruption(view, obs)
        q = self.SPLIT_RISK[(mine > others) + (mine >= others and mine > 0)]
        k = pos.k
        more = obs.get("more_sets")
        more_mine = more[me] if more else []
        out = list(scored)
        adds = {a.goods: v for v, a in scored if a.kind in ("set", "onto")}  # type: ignore[attr-defined]
        for i, a in splits:
            goods = a.goods  # type: ignore[attr-defined]
            g = GOODS_INDEX[goods]
            held = [c for c in obs["hand"] if k.goods[c] == g]
            wild = sum(1 for c in obs["hand"] if k.goods[c] < 0)
            nh = len(held) + (wild if len(held) < 3 else 0)
            sh = sum(k.scarabs[c] for c in held)
            first = obs["sets"][me].get(goods, [])
            na, sa = len(first), sum(k.scarabs[c] for c in first)
            # my other sets: of the other goods, and the second sets of any goods
            others_v = [self._set_worth(pos, gn, 1) for gn in obs["sets"][me] if gn != goods]
            others_v += [self._set_worth(pos, m["goods"], m["number"]) for m in more_mine]
            merged = (na + nh) * (sa + sh)
            va, vh = na * sa, nh * sh
            keep_merged = merged - q * max([*others_v, merged])
            keep_split = va + vh - q * max([*others_v, va, vh])
            if keep_split > keep_merged + self.SPLIT_MARGIN and goods in adds:
                out[i] = (adds[goods] + 0.5, a)
        return out

    def _charge_most_corrupt(
        self,
        view: PlayerView,
        obs: dict[str, Any],
        scored: list[tuple[float, Action]],
        charges: list[tuple[int, int, float]],
    ) -> list[tuple[float, Action]]:
        """Charge the takes that would leave me with more corruption than every other player
        (``charges`` from :meth:`_score_turn`). Counting the others' corruption reads the
        round's events, so it is skipped when no take that could be charged is among the
        best actions: charging lowers only such takes, so the best actions stay the same."""
        best = _best(scored)
        if not any(i in best for i, _, _ in charges):
            return scored
        return self._charges_applied(view, obs, scored, charges)

    def _charges_applied(
        self,
        view: PlayerView,
        obs: dict[str, Any],
        scored: list[tuple[float, Action]],
        charges: list[tuple[int, int, float]],
    ) -> list[tuple[float, Action]]:
        """``scored`` with every take charged that would leave me the most corrupt."""
        over = self._others_corruption(view, obs) - obs["corruption_count"]
        out = list(scored)
        for i, skipped, value in charges:
            if skipped > over:  # mine + skipped > the others' largest corruption
                out[i] = (value, out[i][1])
        return out

    def _power_value(self, pos: _Position, key: str) -> float:
        obs = pos.obs
        power = pos.k.power[key]
        me = obs["seat"]
        market = obs["market"]
        holders = sum(1 for p, h in enumerate(obs["hand_sizes"]) if p != me and h)
        keep = 0.4 * pos.card_value(key)  # worth as a set card
        if power in ("ROYAL_PICK", "PRIORITY_BERTH"):
            v = max((pos.card_value(c) for c in market), default=0.0)
        elif power == "TAKE_FRONT2":
            v = sum(pos.card_value(c) for c in market[:2])
        elif power in ("DRAW2", "GOSSIP"):
            v = POWER_WORTH[power] * min(2, obs["deck"])
        elif power in ("PURIFY", "ABSOLUTION", "SCAPEGOAT"):
            v = POWER_WORTH[power] * min(2, obs["corruption_count"])
        elif power in ("TRIBUTE", "CUSTOMS"):
            v = POWER_WORTH[power] * holders
        elif power in ("STEAL_RANDOM", "PICKPOCKET", "DENOUNCE", "PEEK_SWAP"):
            v = POWER_WORTH[power] if holders else 0.0
        else:
            v = POWER_WORTH.get(power, 0.5)
        if obs["deck"] == 0 and not market:
            v += 1.0  # cards left in hand become corruption
        return v - keep

    def _token_value(self, pos: _Position, effect: str, goods: str) -> float:
        obs, k = pos.obs, pos.k
        me = obs["seat"]
        holders = sum(1 for p, h in enumerate(obs["hand_sizes"]) if p != me and h)
        if effect == "BONUS_3":
            return float(obs.get("bonus_points", 3))
        if effect == "EXTRA_ACTION":
            return 3.5 if obs["market"] or obs["hand"] else 0.0
        if effect == "FREE_PASSAGE":
            return POWER_WORTH[effect] if obs["deck"] or len(obs["market"]) > 1 else 0.0
        if effect in ("LAUNDER", "LAUNDER_SET"):
            g = GOODS_INDEX[goods]
            fit = [c for c in obs["corruption"] if k.goods[c] in (g, -1)]
            if effect == "LAUNDER_SET" and len(fit) < 3:
                return 0.0
            if effect == "LAUNDER":
                fit = fit[:2]
            cards = obs["sets"][me].get(goods, [])
            s = sum(k.scarabs[c] for c in cards)
            gain = sum(s + (len(cards) + 1) * k.scarabs[c] for c in fit)
            return gain + 1.5 * len(fit)
        if effect in ("PRIORITY_BERTH", "ROYAL_PICK"):
            return max((pos.card_value(c) for c in obs["market"]), default=0.0)
        if effect in ("ABSOLUTION", "PURIFY", "SCAPEGOAT"):
            return POWER_WORTH[effect] * min(2, int(obs["corruption_count"]))
        if effect in ("GOSSIP", "DRAW2"):
            return POWER_WORTH[effect] * min(2, int(obs["deck"]))
        if effect in ("CUSTOMS", "TRIBUTE"):
            return POWER_WORTH[effect] * holders
        if effect == "TAKE_FRONT2":
            return sum(pos.card_value(c) for c in obs["market"][:2])
        return POWER_WORTH.get(effect, 0.5) if holders else 0.0

    def _score_choice(
        self, pos: _Position, legal: list[Action], pend: dict[str, Any]
    ) -> list[tuple[float, Action]]:
        obs, k = pos.obs, pos.k
        decision = pend["decision"]
        me = obs["seat"]
        out: list[tuple[float, Action]] = []
        if decision == "set":
            g = GOODS_INDEX[pend["goods"]]
            laid = len(pend["cards"])
            n, s, amulets = pos.n, pos.s, pos.amulets
            # the best other group that could still use the amulets
            rival = max(
                (s[i] for i in range(len(GOODS)) if i != g and n[i] + amulets >= 3), default=0
            )
            for a in legal:
                if a.kind == "done":
                    out.append((0.0, a))
                    continue
                card = a.card  # type: ignore[attr-defined]
                if card == "amulet":
                    need = laid < 3 and n[g] < 3
                    v = 5.0 if need or obs["deck"] == 0 or s[g] >= rival else -1.0
                elif card in k.power:
                    v = 1.0 if s[g] >= 4 or obs["deck"] == 0 or laid < 3 else -0.5
                else:
                    v = 10.0 + k.scarabs[card]
                out.append((v, a))
            return out
        if decision == "token":
            return [
                (self._token_value(pos, a.effect, pend["goods"]), a)  # type: ignore[attr-defined]
                for a in legal
            ]
        if decision == "pick":
            return [
                (pos.card_value(obs["market"][a.position - 1]), a)  # type: ignore[attr-defined]
                for a in legal
            ]
        if decision == "target":
            effect = pend["effect"]
            for a in legal:
                q = a.seat  # type: ignore[attr-defined]
                if effect == "SCAPEGOAT":
                    v = obs["scores"][q] + 0.1 * obs["hand_sizes"][q]
                else:
                    v = obs["hand_sizes"][q] + 0.01 * obs["scores"][q]
                out.append((float(v), a))
            return out
        if decision in ("give", "bury", "giveback"):
            return [(-pos.card_value(a.card), a) for a in legal]  # type: ignore[attr-defined]
        if decision == "grab":
            return [(pos.card_value(a.card), a) for a in legal]  # type: ignore[attr-defined]
        if decision == "purge":
            return [(0.0 if a.kind == "done" else 1.0, a) for a in legal]
        if decision in ("launder", "shift"):
            return [
                (0.0 if a.kind == "done" else 1.0 + k.scarabs.get(getattr(a, "card", ""), 0), a)
                for a in legal
            ]
        if decision == "sink":
            market = obs["market"]
            for a in legal:
                j = a.count  # type: ignore[attr-defined]
                v = pos.card_value(market[j]) if j < len(market) else 0.0
                out.append((v - 0.1 * j, a))
            return out
        if decision == "starter":
            return [(1.0 if a.seat == me else 0.0, a) for a in legal]  # type: ignore[attr-defined]
        return [(0.0, a) for a in legal]
