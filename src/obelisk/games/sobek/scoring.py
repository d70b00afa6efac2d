"""Round scoring: sets (sobek:11.1), the corruption penalty (sobek:11.2), the winner (sobek:13)."""

from __future__ import annotations

from collections.abc import Sequence

from .components import Table


def set_value(table: Table, cards: Sequence[int]) -> int:
    """sobek:11.1 number of cards x scarabs on them."""
    if not cards:
        return 0
    scarabs = table.kind_scarabs
    ck = table.card_kind
    return len(cards) * sum(scarabs[ck[c]] for c in cards)


def penalties(
    table: Table,
    mode: str,
    set_values: list[list[int]],
    corruption: list[list[int]],
    set_goods: list[list[int]] | None = None,
) -> tuple[list[int], list[int]]:
    """sobek:11.2 (most corrupt seats, points lost per seat).

    ``set_values[p]`` are the values of p's sets, each set on its own (several sets of one
    goods count separately: ``best_set`` takes only the most valuable one);
    ``set_goods[p][i]`` is the goods of set i (by default ``i`` itself: one entry per goods,
    0 for no set); ``corruption[p]`` the cards of p's pile after the hands were added.
    """
    n = len(corruption)
    counts = [len(c) for c in corruption]
    top = max(counts)
    if top < 1:
        return [], [0] * n
    worst = [p for p in range(n) if counts[p] == top]
    lost = [0] * n
    for p in worst:
        values = set_values[p]
        if mode == "best_set":
            lost[p] = max(values, default=0)
        elif mode == "half_round":
            lost[p] = sum(values) // 2
        else:  # matching_types: sets whose type is among the corruption cards score 0
            kinds = table.card_kind
            types = {table.kind_goods[kinds[c]] for c in corruption[p]}
            types.discard(-1)  # an amulet matches no type
            goods = set_goods[p] if set_goods is not None else range(len(values))
            lost[p] = sum(v for g, v in zip(goods, values, strict=True) if g in types)
    return worst, lost


def winners(scores: Sequence[int], corruption: Sequence[int], tiebreak: str) -> list[int]:
    """sobek:13 highest score; ties broken by fewer corruption cards in the last round."""
    best = max(scores)
    tied = [p for p, s in enumerate(scores) if s == best]
    if len(tied) > 1 and tiebreak == "fewest_corruption_then_shared":
        low = min(corruption[p] for p in tied)
        tied = [p for p in tied if corruption[p] == low]
    return tied
