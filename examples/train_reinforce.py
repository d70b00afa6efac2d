"""Train a small linear policy on an Obelisk game with REINFORCE (NumPy only), against
random opponents, through the PettingZoo adapter, and show that it beats random.

    python examples/train_reinforce.py sobek --players 2 --minutes 3

The policy is a masked softmax over the fixed action space with logits ``W @ x``,
where ``x`` is the seat's observation vector. The learner takes a random seat each
episode; the others play uniformly at random. Before and after training it plays
``--eval`` games and prints its win share with a 95% confidence interval.
"""

from __future__ import annotations

import argparse
import math
import time

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


def evaluate(env, W, games: int, seed: int) -> tuple[float, float]:
    rng = np.random.default_rng(seed)
    total = 0.0
    played = 0
    for g in range(games):
        env.reset(seed=10_000_000 + seed * 100_000 + g)
        learner = env.possible_agents[g % len(env.possible_agents)]
        try:
            r, _ = play(env, W, learner, rng)
        except OffSpace:
            continue
        total += r
        played += 1
    games = max(played, 1)
    share = total / games
    half = 1.96 * math.sqrt(max(share * (1 - share), 1e-9) / games)
    return share, half


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--minutes", type=float, default=2.0)
    ap.add_argument("--eval", type=int, default=400, help="evaluation games before and after")
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=0)
    args = ap.parse_args()

    env = make_env(args.game, players=args.players)
    env.reset(seed=args.seed)
    A = env.action_space(env.possible_agents[0]).n
    D = env.observation_space(env.possible_agents[0])["observation"].shape[0]
    print(f"{args.game}, {args.players} players: {A} actions, observation vector of {D}")
    fair = 1 / args.players
    share, half = evaluate(env, np.zeros((A, D)), args.eval, 1)
    print(f"untrained (uniform) policy: win share {share:.3f} ± {half:.3f} (fair share {fair:.3f})")

    rng = np.random.default_rng(args.seed)
    W = np.zeros((A, D))
    baseline = fair
    episodes = 0
    end = time.time() + 60 * args.minutes
    while time.time() < end:
        env.reset(seed=args.seed * 1_000_003 + episodes)
        learner = env.possible_agents[episodes % args.players]
        try:
            r, traj = play(env, W, learner, rng)
        except OffSpace:
            episodes += 1
            continue
        adv = r - baseline
        baseline += 0.01 * (r - baseline)
        for x, mask, a in traj:
            p = masked_softmax(W @ x, mask)
            grad = -np.outer(p, x)
            grad[a] += x
            W += args.lr * adv * grad / max(1, len(traj))
        episodes += 1
    print(f"trained on {episodes} games in {args.minutes:g} min")
    share, half = evaluate(env, W, args.eval, 2)
    print(f"trained policy vs random:   win share {share:.3f} ± {half:.3f} (fair share {fair:.3f})")


if __name__ == "__main__":
    main()
