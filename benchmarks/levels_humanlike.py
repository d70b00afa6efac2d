"""How human the ladder's players are: the numbers behind "forgets like a person".

    python benchmarks/levels_humanlike.py [--games N] [--out benchmarks/agents_results/humanlike.json]

- Ramses II: every miss of the rung (a slide that uncovers a treasure other than the one
  sought), by how many rounds ago it last saw that treasure uncovered at that place
  (everyone sees every reveal), per game, each rung against ``normal`` in either seat.
- Abu Simbel: every move the rung entered on the way out, right or wrong, by how many
  rounds ago its chamber was laid (the route grows by one chamber a round), against ``normal``.
- Fluch der Mumie: how many fields the deducing mummy (``normal``) keeps possible for each
  explorer, sampled at each of her decisions, by round.

Seeds from 50000; the measured rung alternates between the seats.
"""

from __future__ import annotations

import argparse
import json
import statistics
from collections import defaultdict
from pathlib import Path
from typing import Any

from obelisk.agents import ladder_of, make_agent
from obelisk.agents.match import seat_rng
from obelisk.core import PlayerView, get_game

HERE = Path(__file__).parent
AGES = ("never seen", "0-1 rounds", "2-3 rounds", "4-7 rounds", "8+ rounds")


def _bucket(age: float | None) -> str:
    if age is None:
        return AGES[0]
    for bound, name in ((2, AGES[1]), (4, AGES[2]), (8, AGES[3])):
        if age < bound:
            return name
    return AGES[4]


def ramses(games: int) -> dict[str, Any]:
    """Misses per game by the age of the searcher's last sight of that token there."""
    game = get_game("ramses")
    out: dict[str, Any] = {}
    for rung, level in ladder_of(game).items():
        counts: dict[str, int] = defaultdict(int)
        for g in range(games):
            seed = 50000 + g
            state = game.new_state(2, seed, None)
            me = g % 2  # the rung sits in either seat against the default player
            agents = [make_agent(game, level.plays_as if i == me else "normal") for i in range(2)]
            rngs = [seat_rng(seed, i) for i in range(2)]
            turns = 0
            seen: dict[int, tuple[int, int]] = {}  # place -> (token, turn count)
            while not state.is_terminal():
                p = state.current_player
                action = agents[p].act(PlayerView(state, p), rngs[p])
                state.apply(action)
                for e in _new(state):
                    if e["kind"] == "search_started":
                        seen[e["empty"]] = (e["showing"], turns)
                    elif e["kind"] == "turn_ended":
                        turns += 1
                    elif e["kind"] == "action" and "token" in e:
                        place, token = e["action"]["place"], e["token"]
                        if e.get("result") == "wrong" and e["seat"] == me:  # its miss
                            last = seen.get(place)
                            age = (turns - last[1]) / 2 if last and last[0] == token else None
                            counts[_bucket(age)] += 1
                        seen[place] = (token, turns)
        out[rung] = {a: round(counts[a] / games, 2) for a in AGES}
        out[rung]["games"] = games
    return out


_SEEN: dict[int, int] = {}


def _new(state: Any) -> list[dict[str, Any]]:
    """The public events since the last call for this state."""
    start = _SEEN.get(id(state), 0)
    evs = state.seen_events_for(0, start)
    _SEEN[id(state)] = start + len(evs)
    return evs


def abu_simbel(games: int) -> dict[str, Any]:
    """Way-out moves by the age of their chamber, with the share entered wrong."""
    game = get_game("abu_simbel")
    out: dict[str, Any] = {}
    for rung, level in ladder_of(game).items():
        right: dict[int, int] = defaultdict(int)
        wrong: dict[int, int] = defaultdict(int)
        for g in range(games):
            seed = 50000 + g
            state = game.new_state(2, seed, None)
            me = g % 2
            agents = [make_agent(game, level.plays_as if i == me else "normal") for i in range(2)]
            rngs = [seat_rng(seed, i) for i in range(2)]
            while not state.is_terminal():
                p = state.current_player
                action = agents[p].act(PlayerView(state, p), rngs[p])
                way_out = state.phase == "way_out" and p not in state.free
                if action.kind == "move" and way_out and p == me:
                    slot = state.slot_at(state.progress)
                    age = min(len(state.route) - 1 - slot, 8)
                    ok = action.token == state.expected_token(slot)
                    (right if ok else wrong)[age] += 1
                state.apply(action)
        out[rung] = {
            f"{a}{'+' if a == 8 else ''} rounds": {
                "moves": right[a] + wrong[a],
                "wrong": round(wrong[a] / (right[a] + wrong[a]), 3)
                if right[a] + wrong[a]
                else None,
            }
            for a in sorted(set(right) | set(wrong))
        }
    return out


def mummy(games: int) -> dict[str, Any]:
    """Fields the belief mummy keeps possible per explorer, by round (median, max)."""
    game = get_game("mummy")
    rung = ladder_of(game)["normal"].plays_as
    sizes: dict[int, list[int]] = defaultdict(list)
    for g in range(games):
        seed = 50000 + g
        state = game.new_state(2, seed, None)
        rngs = [seat_rng(seed, i) for i in range(2)]
        agents = [make_agent(game, rung) for _ in range(2)]
        while not state.is_terminal():
            p = state.current_player
            agent = agents[p]
            action = agent.act(PlayerView(state, p), rngs[p])
            belief = getattr(agent, "belief", None)
            obs = state.observation(p)
            if belief is not None and obs.get("role") == "mummy":
                rnd = obs.get("round", 0)
                for cells in belief.cells:
                    if cells:
                        sizes[rnd].append(cells.bit_count())
            state.apply(action)
    return {
        str(r): {"median": statistics.median(v), "max": max(v), "samples": len(v)}
        for r, v in sorted(sizes.items())
    }


def main() -> None:
    """Command line."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--out", type=Path, default=HERE / "agents_results" / "humanlike.json")
    args = ap.parse_args()
    result = {
        "games": args.games,
        "ramses": ramses(args.games),
        "abu_simbel": abu_simbel(args.games),
        "mummy": mummy(max(1, args.games // 2)),
    }
    args.out.write_text(json.dumps(result, indent=1) + "\n")
    print(json.dumps(result, indent=1))


if __name__ == "__main__":
    main()
