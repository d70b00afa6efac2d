"""Train a small linear policy on an Obelisk game with REINFORCE (NumPy only), against
random opponents, through the PettingZoo adapter, and show what it learned.

    python examples/train_reinforce.py sobek --players 2 --episodes 600 --save sobek.npz
    python examples/train_reinforce.py all --episodes 300   # every game it can learn

The policy is a masked softmax over the fixed action space with logits ``W @ x``,
where ``x`` is the seat's observation vector. The learner takes each seat in turn
(one running baseline per seat, since in some games the seat decides much: the mummy
under random play); the others play uniformly at random. The training budget is a
number of games (``--episodes``), so a seed gives the same policy on any machine.
Before and after training it plays ``--eval`` games in every seat and prints the win
share per seat and role with 95% intervals, and the gain over the untrained (uniform)
policy in that seat. ``--save`` writes the weights and those numbers (``.npz``).

Khufu is left out: its 34,360 actions times its observation vector make a flat linear
head of more than a gigabyte (a factored head over card choices would be needed).
"""

from __future__ import annotations

import argparse
import math

import numpy as np

from obelisk.adapters.pettingzoo import env as make_env


def masked_softmax(logits: np.ndarray, mask: np.ndarray) -> np.ndarray:
    z = np.where(mask > 0, logits, -np.inf)
    z = z - z[mask > 0].max()
    p = np.exp(z)
    return p / p.sum()


class OffSpace(Exception):
    """The game reached a position whose legal actions a sampled action space lacks (only
    a game without ``Game.action_space`` has one; every game shipped with Obelisk is exact)."""


def play(env, W, learner: str, rng, greedy: bool = False):
    """One game; returns the learner's reward and its (x, mask, action) trajectory."""
    traj = []
    reward = 0.0
    for agent in env.agent_iter():
        obs, r, term, trunc, _ = env.last()
        if term or trunc:
            if agent == learner:
                reward = r
            env.step(None)
            continue
        mask = obs["action_mask"]
        legal = np.flatnonzero(mask)
        if len(legal) == 0:
            raise OffSpace  # every legal action lies outside a sampled action space
        if agent == learner and W is not None:
            x = obs["observation"]
            p = masked_softmax(W @ x, mask)
            a = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
            traj.append((x, mask, a))
        else:
            a = int(rng.choice(legal))
        env.step(a)
    return reward, traj


#: Games left out, and why.
LEFT_OUT = {
    "khufu": "34,360 actions: a flat linear head over them needs more than a gigabyte",
}


def evaluate(env, W, games: int, seed: int) -> list[tuple[float, float, int]]:
    """Per seat: the learner's win share in that seat, its 95% half-width, games played.

    Every seat plays on the same deals (game ``g`` for each seat), so seats compare.
    """
    rng = np.random.default_rng(seed)
    out = []
    for learner in env.possible_agents:
        total = 0.0
        played = 0
        for g in range(games):
            env.reset(seed=10_000_000 + seed * 100_000 + g)
            try:
                r, _ = play(env, W, learner, rng)
            except OffSpace:
                continue
            total += r
            played += 1
        n = max(played, 1)
        share = total / n
        half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / n)
        out.append((share, half, played))
    return out


def train(game: str, players: int, episodes: int, evals: int, lr: float, seed: int, save):
    """Train on one game and print what the policy learned, per seat and role."""
    from obelisk.core import get_game

    env = make_env(game, players=players)
    env.reset(seed=seed)
    A = env.action_space(env.possible_agents[0]).n
    D = env.observation_space(env.possible_agents[0])["observation"].shape[0]
    g = get_game(game)
    roles = g.seat_roles(players, g.make_options(None))
    print(f"{g.title}, {players} players: {A:,} actions, observation vector of {D:,}")
    before = evaluate(env, np.zeros((A, D)), evals, 1)
    rng = np.random.default_rng(seed)
    W = np.zeros((A, D))
    baseline = [s for s, _, _ in before]  # one running baseline per seat
    for ep in range(episodes):
        env.reset(seed=seed * 1_000_003 + ep)
        k = ep % players
        try:
            r, traj = play(env, W, env.possible_agents[k], rng)
        except OffSpace:
            continue
        adv = r - baseline[k]
        baseline[k] += 0.02 * (r - baseline[k])
        for x, mask, a in traj:
            p = masked_softmax(W @ x, mask)
            grad = -np.outer(p, x)
            grad[a] += x
            W += lr * adv * grad / max(1, len(traj))
    after = evaluate(env, W, evals, 2)
    print(f"trained on {episodes} games; {evals} evaluation games per seat against random:")
    print(f"  {'seat':<6}{'role':<10}{'untrained':>18}{'trained':>18}{'gain':>9}")
    for j, ((b, bh, _), (t, th, _)) in enumerate(zip(before, after, strict=True)):
        print(
            f"  {j + 1:<6}{roles[j]:<10}{b:>9.3f} ± {bh:.3f}{t:>11.3f} ± {th:.3f}"
            f"{100 * (t - b):>+8.1f}%"
        )
    by_role: dict[str, list[int]] = {}
    for j, r in enumerate(roles):
        by_role.setdefault(r, []).append(j)
    if len(by_role) > 1:
        for r, seats in by_role.items():
            b = sum(before[j][0] for j in seats) / len(seats)
            t = sum(after[j][0] for j in seats) / len(seats)
            print(f"  role {r}: untrained {b:.3f}, trained {t:.3f} ({100 * (t - b):+.1f} pts)")
    if save:
        np.savez_compressed(
            save,
            W=W,
            game=game,
            players=players,
            episodes=episodes,
            roles=np.array(roles),
            before=np.array(before),
            after=np.array(after),
        )
        print(f"  saved the policy and its results to {save}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="a game, or 'all' for every game it can learn")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--episodes", type=int, default=600, help="training games")
    ap.add_argument("--eval", type=int, default=200, help="evaluation games per seat")
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", default=None, help="write the policy (.npz); 'all': a folder")
    args = ap.parse_args()
    from obelisk.core import all_games

    names = [g.name for g in all_games()] if args.game == "all" else [args.game]
    for name in names:
        if name in LEFT_OUT:
            print(f"{name}: left out ({LEFT_OUT[name]})")
            continue
        save = args.save
        if save and args.game == "all":
            import os

            os.makedirs(save, exist_ok=True)
            save = os.path.join(save, f"{name}.npz")
        train(name, args.players, args.episodes, args.eval, args.lr, args.seed, save)


if __name__ == "__main__":
    main()
