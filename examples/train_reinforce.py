"""Train a small linear policy on an Obelisk game with REINFORCE (NumPy only), against
random opponents, through the PettingZoo adapter, and show what it learned.

    python examples/train_reinforce.py sobek --players 2 --episodes 600 --save sobek.npz
    python examples/train_reinforce.py khufu --players 3 --episodes 600 --progress 1
    python examples/train_reinforce.py all --episodes 300   # every game

The policy is a softmax over the seat's legal actions with linear logits in ``x``, the
seat's observation vector. The *flat* head has one row of weights per action (logit
``W[a] @ x``). Where that is too big (``--head auto`` picks it when the flat weights would
pass ``FLAT_LIMIT`` bytes: Khufu's 34,360 actions times its observation vector), the
*factored* head scores the parts of an action as the adapter describes them
(``env.action_parts()``: its kind, each field value, each card of a selection): one row
per part, and the logit of an action is the sum of its parts' logits, so a challenge's
choice of three cards is scored card by card. Either way the softmax runs over the
legal actions only.

The learner is trained on its return (1 win, 0 loss), plus ``--progress`` times its
progress at the end by the game's own measure (``State.sim_progress()``, as a share of
the leader's): a random Khufu seat wins about one game in 150, too rarely to learn from
the wins alone in minutes, but it can learn to take Treasures and win Scarabs. The
learner takes each seat in turn (one running baseline per seat, since in some games
the seat decides much: the mummy under random play); the others play uniformly at
random. The training budget is a number of games (``--episodes``), so a seed gives the
same policy on any machine. Before and after training it plays ``--eval`` games in
every seat and prints the win share per seat and role with 95% (Wilson) intervals, its
progress, and the gain over the untrained (uniform) policy in that seat. ``--save`` writes the weights and those numbers (``.npz``).
"""

from __future__ import annotations

import argparse
import math
import os

os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")  # small products: threads only cost

import numpy as np

from obelisk.adapters.pettingzoo import env as make_env


def softmax(z: np.ndarray) -> np.ndarray:
    """The softmax of logits ``z``."""
    p = np.exp(z - z.max())
    return p / p.sum()


#: ``--head auto`` uses the factored head when flat weights would pass this many bytes.
FLAT_LIMIT = 256 * 2**20


class FlatHead:
    """One row of weights per action: the logit of action ``a`` is ``W[a] @ x``."""

    name = "flat"

    def __init__(self, actions: int, dim: int) -> None:
        self.W = np.zeros((actions, dim))

    def probs(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The policy over ``legal`` (action indices), in that order."""
        return softmax(self.W[legal] @ x)

    def step(self, x, legal, p, i: int, size: float) -> None:
        """Move the weights by ``size`` times the gradient of log p(``legal[i]``)."""
        self.W[legal] -= size * np.outer(p, x)
        self.W[legal[i]] += size * x


class FactoredHead:
    """One row of weights per action part (``env.action_parts()``): the logit of an
    action is the sum of its parts' logits ``W[k] @ x``."""

    name = "factored"

    def __init__(self, parts, dim: int) -> None:
        self.parts = parts
        self.W = np.zeros((len(parts.names), dim))

    def probs(self, x: np.ndarray, legal: np.ndarray) -> np.ndarray:
        """The policy over ``legal`` (action indices), in that order."""
        z = np.append(self.W @ x, 0.0)  # index -1 (a row's padding) reads the 0
        return softmax(z[self.parts.table[legal]].sum(axis=1))

    def step(self, x, legal, p, i: int, size: float) -> None:
        """Move the weights by ``size`` times the gradient of log p(``legal[i]``): per
        part, its count in the chosen action minus its expected count under ``p``."""
        n = len(self.parts.names)
        rows = self.parts.table[legal] % (n + 1)  # the padding (-1) counts in slot n
        g = np.bincount(rows.ravel(), weights=np.repeat(-p, rows.shape[1]), minlength=n + 1)
        np.add.at(g, rows[i], 1.0)
        touched = np.flatnonzero(g[:n])
        self.W[touched] += size * np.outer(g[touched], x)


def make_head(env, kind: str = "auto"):
    """The policy head ``kind`` (flat, factored, or auto: flat unless too big)."""
    agent = env.possible_agents[0]
    A = env.action_space(agent).n
    D = env.observation_space(agent)["observation"].shape[0]
    if kind == "auto":
        kind = "factored" if A * D * 8 > FLAT_LIMIT else "flat"
    return FactoredHead(env.action_parts(), D) if kind == "factored" else FlatHead(A, D)


class OffSpace(Exception):
    """The game reached a position whose legal actions a sampled action space lacks (only
    a game without ``Game.action_space`` has one; every game shipped with Obelisk is exact)."""


def progress(env, seat: int) -> float:
    """The seat's progress at the end of a game, on the game's own measure
    (``State.sim_progress()``: Khufu's placed Scarabs and Treasures toward qualifying),
    as a share of the most any seat reached (0 when nobody progressed)."""
    values = [float(v) for v in env.state_.sim_progress()]
    top = max(abs(v) for v in values)
    return values[seat] / top if top > 0 else 0.0


def play(env, head, learner: str, rng, greedy: bool = False):
    """One game; returns the learner's reward, its (x, legal, choice) trajectory and its
    progress at the end (:func:`progress`).

    ``head`` None: the learner plays uniformly at random too."""
    traj = []
    reward = 0.0
    for agent in env.agent_iter():
        _, r, term, trunc, _ = env.last(observe=False)
        if term or trunc:
            if agent == learner:
                reward = r
            env.step(None)
            continue
        learns = agent == learner and head is not None
        obs = env.observe(agent) if learns else {"action_mask": env.action_mask(agent)}
        legal = np.flatnonzero(obs["action_mask"])
        if len(legal) == 0:
            raise OffSpace  # every legal action lies outside a sampled action space
        if learns:
            x = obs["observation"]
            p = head.probs(x, legal)
            i = int(np.argmax(p)) if greedy else int(rng.choice(len(p), p=p))
            traj.append((x, legal, i))
            a = int(legal[i])
        else:
            a = int(rng.choice(legal))
        env.step(a)
    return reward, traj, progress(env, env.agent_name_mapping[learner])


def wilson(share: float, n: int) -> tuple[float, float]:
    """The 95% Wilson interval of a share of ``n`` games (sound near 0 and 1, where a
    random Khufu seat's win share lies)."""
    if n == 0:
        return 0.0, 1.0
    z2 = 1.96**2 / n
    mid = (share + z2 / 2) / (1 + z2)
    half = 1.96 * math.sqrt(share * (1 - share) / n + z2 / (4 * n)) / (1 + z2)
    return max(0.0, mid - half), min(1.0, mid + half)


def evaluate(env, head, games: int, seed: int) -> list[tuple[float, float, float, int, float]]:
    """Per seat: the learner's win share in that seat, its 95% interval (low, high),
    games played, and its mean progress at the end (:func:`progress`).

    Every seat plays on the same deals (game ``g`` for each seat), so seats compare.
    """
    rng = np.random.default_rng(seed)
    out = []
    for learner in env.possible_agents:
        total = 0.0
        ahead = 0.0
        played = 0
        for g in range(games):
            env.reset(seed=10_000_000 + seed * 100_000 + g)
            try:
                r, _, pr = play(env, head, learner, rng)
            except OffSpace:
                continue
            total += r
            ahead += pr
            played += 1
        n = max(played, 1)
        share = total / n
        out.append((share, *wilson(share, played), played, ahead / n))
    return out


def train(
    game: str,
    players: int,
    episodes: int,
    evals: int,
    lr: float,
    seed: int,
    save,
    head_kind: str = "auto",
    bonus: float = 0.0,
):
    """Train on one game and print what the policy learned, per seat and role.

    The learner is trained on its return plus ``bonus`` times its progress at the end
    (:func:`progress`; 0: the return alone)."""
    from obelisk.core import get_game

    env = make_env(game, players=players)
    env.reset(seed=seed)
    A = env.action_space(env.possible_agents[0]).n
    D = env.observation_space(env.possible_agents[0])["observation"].shape[0]
    g = get_game(game)
    roles = g.seat_roles(players, g.make_options(None))
    head = make_head(env, head_kind)
    print(
        f"{g.title}, {players} players: {A:,} actions, observation vector of {D:,}; "
        f"{head.name} head of {head.W.shape[0]:,} rows ({head.W.nbytes / 2**20:,.1f} MiB)"
    )
    before = evaluate(env, make_head(env, head_kind), evals, 1)  # untrained: uniform
    rng = np.random.default_rng(seed)
    baseline = [s + bonus * a for s, _, _, _, a in before]  # one running baseline per seat
    for ep in range(episodes):
        env.reset(seed=seed * 1_000_003 + ep)
        k = ep % players
        try:
            r, traj, pr = play(env, head, env.possible_agents[k], rng)
        except OffSpace:
            continue
        r += bonus * pr
        adv = r - baseline[k]
        baseline[k] += 0.02 * (r - baseline[k])
        for x, legal, i in traj:
            head.step(x, legal, head.probs(x, legal), i, lr * adv / max(1, len(traj)))
    after = evaluate(env, head, evals, 2)
    shaped = f" (reward: return + {bonus:g} × progress)" if bonus else ""
    print(f"trained on {episodes} games{shaped}; {evals} evaluation games per seat against random:")
    print(
        f"  {'seat':<6}{'role':<10}{'untrained win share':<24}{'trained win share':<24}"
        f"{'gain':<11}progress"
    )
    for j, ((b, bl, bh, _, ba), (t, tl, th, _, ta)) in enumerate(zip(before, after, strict=True)):
        print(
            f"  {j + 1:<6}{roles[j]:<10}{b:.3f} [{bl:.3f}, {bh:.3f}]    {t:.3f} [{tl:.3f}, {th:.3f}]"
            f"    {100 * (t - b):+5.1f} pts  {ba:.2f} → {ta:.2f}"
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
            W=head.W,
            head=head.name,
            parts=np.array(head.parts.names if head.name == "factored" else []),
            game=game,
            players=players,
            episodes=episodes,
            progress_bonus=bonus,
            roles=np.array(roles),
            before=np.array(before),
            after=np.array(after),
        )
        print(f"  saved the policy and its results to {save}")


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("game", help="a game, or 'all' for every game")
    ap.add_argument("--players", type=int, default=2)
    ap.add_argument("--episodes", type=int, default=600, help="training games")
    ap.add_argument("--eval", type=int, default=200, help="evaluation games per seat")
    ap.add_argument("--lr", type=float, default=0.05)
    ap.add_argument("--seed", type=int, default=0)
    ap.add_argument("--save", default=None, help="write the policy (.npz); 'all': a folder")
    ap.add_argument(
        "--head",
        choices=("auto", "flat", "factored"),
        default="auto",
        help="one row of weights per action (flat), per action part (factored), or "
        "flat unless too big (auto: Khufu's is factored)",
    )
    ap.add_argument(
        "--progress",
        type=float,
        default=0.0,
        help="train on the return plus this times the seat's progress at the end "
        "(its sim_progress() as a share of the leader's; for sparse wins such as Khufu's)",
    )
    args = ap.parse_args()
    from obelisk.core import all_games, get_game

    games = list(all_games()) if args.game == "all" else [get_game(args.game)]
    for g in games:
        name, counts = g.name, g.player_counts()
        players = args.players
        if args.game == "all" and players not in counts:  # e.g. Khufu is for 3-6
            players = min(max(players, counts.start), counts.stop - 1)
            print(f"{g.title} is for {counts.start}-{counts.stop - 1} players: {players} play")
        save = args.save
        if save and args.game == "all":
            os.makedirs(save, exist_ok=True)
            save = os.path.join(save, f"{name}.npz")
        train(
            name,
            players,
            args.episodes,
            args.eval,
            args.lr,
            args.seed,
            save,
            args.head,
            args.progress,
        )


if __name__ == "__main__":
    main()
