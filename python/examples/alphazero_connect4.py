"""AlphaZero-style self-play on Connect Four with rulebook.BatchMcts and a
small network, graded by the perfect solver as it trains.

Each iteration plays a batch of games against itself (one search per move
for the whole batch: the trees in Rust, one network call per round of
simulations for all their leaves), then trains the network on the visit
shares (policy) and the results (value, optionally mixed with the
search's root value). Every few iterations the network is graded on fixed
positions (the benchmark file's middle games, or positions of random
play): the share of its moves that are optimal (the solver's best score)
and that keep the position's value (win, draw or loss) — the network's
own (its policy's most likely legal move), the network's with a search
(BatchMcts, no noise), and a uniformly random player's.

The network is a small residual convolutional network in PyTorch (CPU,
one thread) when torch imports, else a one-hidden-layer numpy network
(`--network` chooses). The run in python/README.md:

    python python/examples/alphazero_connect4.py --minutes 40 --iterations 100000 \
        --grade-every 10 --games 64 --simulations 32 --graded random-play --positions 200 \
        --stones 8 20 --only-choices --seed 0 --value-mix 0.5 --mirror --buffer 8 \
        --passes 2 --lr 1e-3 --plot python/docs/alphazero_connect4.png

numpy (torch for the convolutional network, matplotlib for --plot).
"""

from __future__ import annotations

import argparse
import json
import os
import time

# The network is small: BLAS threads only fight over the cores (with
# them a 64-row forward pass took 20 times as long here).
for _variable in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_variable, "1")

import numpy as np  # noqa: E402  (after the thread settings)

import rulebook  # noqa: E402

ACTIONS = 7
INPUTS = 2 * 6 * 7
BENCHMARK = os.path.join(os.path.dirname(__file__), "..", "..", "tests", "data", "Test_L2_R1")


class Network:
    """A one-hidden-layer network: ReLU hidden layer, a policy head
    (logits over the 7 columns) and a value head (tanh), trained with
    Adam on cross-entropy to the visit shares plus squared error to the
    result."""

    def __init__(self, rng: np.random.Generator, hidden: int = 128):
        self.params = {
            "w1": rng.normal(0.0, np.sqrt(2.0 / INPUTS), (INPUTS, hidden)).astype(np.float32),
            "b1": np.zeros(hidden, np.float32),
            "wp": rng.normal(0.0, 0.01, (hidden, ACTIONS)).astype(np.float32),
            "bp": np.zeros(ACTIONS, np.float32),
            "wv": rng.normal(0.0, 0.01, (hidden, 1)).astype(np.float32),
            "bv": np.zeros(1, np.float32),
        }
        self.moments = {k: (np.zeros_like(v), np.zeros_like(v)) for k, v in self.params.items()}
        self.steps = 0

    def forward(self, observations: np.ndarray):
        p = self.params
        x = observations.reshape(len(observations), -1)
        pre = x @ p["w1"] + p["b1"]
        h = np.maximum(pre, 0.0)
        logits = h @ p["wp"] + p["bp"]
        value = np.tanh(h @ p["wv"] + p["bv"])[:, 0]
        return x, pre, h, logits, value

    def evaluate(self, observations: np.ndarray, masks: np.ndarray):
        """What BatchMcts asks for: priors (masked softmax) and values."""
        _, _, _, logits, value = self.forward(observations)
        return masked_softmax(logits, masks), value

    def train(self, observations, masks, policies, results, lr=1e-3, batch=256, rng=None):
        order = rng.permutation(len(observations)) if rng is not None else np.arange(len(observations))
        for start in range(0, len(order), batch):
            i = order[start : start + batch]
            self._step(observations[i], masks[i], policies[i], results[i], lr)

    def _step(self, observations, masks, policies, results, lr):
        p = self.params
        n = len(observations)
        x, pre, h, logits, value = self.forward(observations)
        probabilities = masked_softmax(logits, masks)
        d_logits = (probabilities - policies) / n
        d_value = (2.0 * (value - results) * (1.0 - value**2) / n)[:, None]
        d_h = d_logits @ p["wp"].T + d_value @ p["wv"].T
        d_pre = d_h * (pre > 0)
        grads = {
            "w1": x.T @ d_pre,
            "b1": d_pre.sum(0),
            "wp": h.T @ d_logits,
            "bp": d_logits.sum(0),
            "wv": h.T @ d_value,
            "bv": d_value.sum(0),
        }
        self.steps += 1
        for k, g in grads.items():
            m, v = self.moments[k]
            m *= 0.9
            m += 0.1 * g
            v *= 0.999
            v += 0.001 * g * g
            m_hat = m / (1 - 0.9**self.steps)
            v_hat = v / (1 - 0.999**self.steps)
            p[k] -= (lr * m_hat / (np.sqrt(v_hat) + 1e-8)).astype(np.float32)


def masked_softmax(logits: np.ndarray, masks: np.ndarray) -> np.ndarray:
    z = np.where(masks, logits, -1e9)
    z = z - z.max(axis=1, keepdims=True)
    e = np.exp(z) * masks
    return (e / np.maximum(e.sum(axis=1, keepdims=True), 1e-12)).astype(np.float32)


class TorchNetwork:
    """A small residual convolutional network in PyTorch (CPU, one thread):
    a 3x3 convolution to `channels` planes, `blocks` residual blocks of two
    3x3 convolutions, a policy head (1x1 convolution, then a linear layer
    to the 7 columns) and a value head (1x1 convolution, two linear
    layers, tanh); trained with Adam (weight decay) on the same losses as
    `Network`."""

    def __init__(self, seed: int, channels: int = 32, blocks: int = 2, lr: float = 1e-3):
        import torch
        from torch import nn

        torch.set_num_threads(1)
        torch.manual_seed(seed)
        self.torch = torch

        class Residual(nn.Module):
            def __init__(self):
                super().__init__()
                self.a = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
                self.na = nn.BatchNorm2d(channels)
                self.b = nn.Conv2d(channels, channels, 3, padding=1, bias=False)
                self.nb = nn.BatchNorm2d(channels)

            def forward(self, x):
                y = torch.relu(self.na(self.a(x)))
                return torch.relu(x + self.nb(self.b(y)))

        class Net(nn.Module):
            def __init__(self):
                super().__init__()
                self.stem = nn.Sequential(
                    nn.Conv2d(2, channels, 3, padding=1, bias=False), nn.BatchNorm2d(channels), nn.ReLU()
                )
                self.body = nn.Sequential(*[Residual() for _ in range(blocks)])
                self.policy = nn.Sequential(
                    nn.Conv2d(channels, 2, 1), nn.ReLU(), nn.Flatten(), nn.Linear(2 * 6 * 7, ACTIONS)
                )
                self.value = nn.Sequential(
                    nn.Conv2d(channels, 1, 1),
                    nn.ReLU(),
                    nn.Flatten(),
                    nn.Linear(6 * 7, 64),
                    nn.ReLU(),
                    nn.Linear(64, 1),
                    nn.Tanh(),
                )

            def forward(self, x):
                h = self.body(self.stem(x))
                return self.policy(h), self.value(h)[:, 0]

        self.model = Net()
        self.model.eval()
        self.optimizer = torch.optim.Adam(self.model.parameters(), lr=lr, weight_decay=1e-4)

    def evaluate(self, observations: np.ndarray, masks: np.ndarray):
        """What BatchMcts asks for: priors (masked softmax) and values."""
        torch = self.torch
        with torch.inference_mode():
            logits, value = self.model(torch.from_numpy(np.ascontiguousarray(observations)))
        return masked_softmax(logits.numpy(), masks), value.numpy()

    def train(self, observations, masks, policies, results, lr=None, batch=256, rng=None):
        torch = self.torch
        if lr is not None:
            for group in self.optimizer.param_groups:
                group["lr"] = lr
        order = rng.permutation(len(observations)) if rng is not None else np.arange(len(observations))
        self.model.train()
        for start in range(0, len(order), batch):
            i = order[start : start + batch]
            if len(i) < 2:  # batch normalisation needs two samples
                continue
            x = torch.from_numpy(np.ascontiguousarray(observations[i]))
            mask = torch.from_numpy(masks[i])
            target = torch.from_numpy(policies[i])
            z = torch.from_numpy(results[i])
            logits, value = self.model(x)
            logits = logits.masked_fill(~mask, -1e9)
            policy_loss = -(target * torch.log_softmax(logits, dim=1)).sum(1).mean()
            value_loss = ((value - z) ** 2).mean()
            self.optimizer.zero_grad()
            (policy_loss + value_loss).backward()
            self.optimizer.step()
        self.model.eval()


def self_play(net, mcts, games, rng, temperature_moves=8, value_mix=0.0):
    """Plays `games` games to the end in lockstep; returns (observations,
    masks, visit shares, value targets for the player to act): the game's
    result, mixed with the search's root value by `value_mix` (0: the
    result only)."""
    env = rulebook.VectorEnv("connect4", games, seed=int(rng.integers(2**63)))
    observations, masks, to_play = env.reset()
    samples = [[] for _ in range(games)]
    finished = []
    done = np.zeros(games, bool)
    move = 0
    while not done.all():
        live = np.flatnonzero(~done)
        roots = [env.get_game(int(i)) for i in live]
        temperature = 1.0 if move < temperature_moves else 0.0
        policy, root_values, chosen = mcts.search(roots, net.evaluate, temperature=temperature)
        actions = env.random_actions().copy()  # finished slots: any legal action
        actions[live] = chosen
        for k, i in enumerate(live):
            samples[i].append(
                (observations[i].copy(), masks[i].copy(), policy[k], int(to_play[i]), float(root_values[k]))
            )
        observations, masks, rewards, terminations, truncations, to_play = env.step(actions)
        for i in live:
            if terminations[i] or truncations[i]:
                for obs, mask, pi, player, root_value in samples[i]:
                    result = float(rewards[i, player])
                    finished.append((obs, mask, pi, (1.0 - value_mix) * result + value_mix * root_value))
                done[i] = True
        move += 1
    obs, mask, pi, z = zip(*finished)
    return np.stack(obs), np.stack(mask), np.stack(pi), np.array(z, np.float32)


def sharpened(data, power):
    """`data` with each policy target raised to `power` and renormalised:
    above 1, the search's most visited moves count more than its
    exploration."""
    observations, masks, policies, results = data
    sharp = policies.astype(np.float64) ** power
    sharp /= np.maximum(sharp.sum(axis=1, keepdims=True), 1e-12)
    return observations, masks, sharp.astype(np.float32), results


def mirrored(data):
    """`data` and its mirror images (columns reversed): Connect Four is
    symmetric, so each sample is two."""
    observations, masks, policies, results = data
    return (
        np.concatenate([observations, observations[..., ::-1]]),
        np.concatenate([masks, masks[:, ::-1]]),
        np.concatenate([policies, policies[:, ::-1]]),
        np.concatenate([results, results]),
    )


def random_play_positions(count, seed, stones=(10, 24), only_choices=False, cache=None):
    """`count` positions of uniformly random play, with a number of stones
    drawn uniformly from `stones`, each with its columns' exact scores
    (positions the solver cannot grade within 5 s are skipped, and with
    `only_choices` those where every legal move is optimal). With `cache`
    (a JSON file name) they are read from it if it was written with the
    same arguments, and written to it otherwise."""
    key = {"count": count, "seed": seed, "stones": list(stones), "only_choices": only_choices}
    if cache is not None and os.path.exists(cache):
        with open(cache) as file:
            stored = json.load(file)
        if stored["key"] == key:
            return [(replayed(moves), scores) for moves, scores in stored["positions"]]
    rng = np.random.default_rng(seed)
    solver = rulebook.Solver()
    positions = []
    played = []
    while len(positions) < count:
        game = rulebook.Connect4()
        moves_played = []
        for _ in range(int(rng.integers(stones[0], stones[1] + 1))):
            moves = game.legal_moves()
            move = moves[int(rng.integers(len(moves)))]
            game.apply(move)
            moves_played.append(str(move))
            if game.outcome() is not None:
                break
        if game.outcome() is not None:
            continue
        scores = solver.move_scores(game, max_seconds=5.0)
        if scores is None:
            continue
        legal = [s for s in scores if s is not None]
        if only_choices and all(s == max(legal) for s in legal):
            continue
        positions.append((game, scores))
        played.append((moves_played, scores))
    if cache is not None:
        with open(cache, "w") as file:
            json.dump({"key": key, "positions": played}, file)
    return positions


def replayed(moves):
    game = rulebook.Connect4()
    for move in moves:
        game.apply(move)
    return game


def graded_positions(count):
    """`count` benchmark positions with each column's exact score."""
    solver = rulebook.Solver()
    positions = []
    with open(BENCHMARK) as lines:
        for line, _ in zip(lines, range(count)):
            game = rulebook.Connect4()
            for column in line.split()[0]:
                game.apply(str(int(column) - 1))
            positions.append((game, solver.move_scores(game)))
    return positions


def observation(game):
    env = rulebook.VectorEnv("connect4", 1)
    observations, masks, _ = env.reset()
    env.set_game(0, game)
    return observations[0].copy(), masks[0].copy()


def grade(net, positions, inputs, searcher):
    """Shares of moves that are optimal and that keep the value: the
    network's (its policy's most likely legal move), the network's with
    `searcher` (BatchMcts at temperature 0, no noise), and a uniformly
    random player's (expected); and the share of positions whose value the
    value head gets right."""
    observations, masks = inputs
    priors, values = net.evaluate(observations, masks)
    _, _, searched = searcher.search([game for game, _ in positions], net.evaluate, temperature=0.0)
    totals = np.zeros(7)
    for (game, scores), prior, with_search in zip(positions, priors, searched):
        legal = [c for c, s in enumerate(scores) if s is not None]
        best = max(scores[c] for c in legal)
        sign = np.sign(best)
        for k, choice in enumerate([max(legal, key=lambda c: prior[c]), int(with_search)]):
            totals[2 * k] += scores[choice] == best
            totals[2 * k + 1] += np.sign(scores[choice]) == sign
        totals[4] += sum(scores[c] == best for c in legal) / len(legal)
        totals[5] += sum(np.sign(scores[c]) == sign for c in legal) / len(legal)
    # The value head: how often its sign (a draw within 1/3 of 0) is the
    # position's value.
    predicted = np.where(np.abs(values) < 1 / 3, 0, np.sign(values))
    truth = [np.sign(max(s for s in scores if s is not None)) for _, scores in positions]
    totals[6] = np.sum(predicted == np.array(truth))
    return tuple(totals / len(positions))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=150)
    parser.add_argument("--games", type=int, default=64, help="self-play games per iteration")
    parser.add_argument("--simulations", type=int, default=32)
    parser.add_argument("--positions", type=int, default=300, help="graded benchmark positions")
    parser.add_argument("--grade-every", type=int, default=10)
    parser.add_argument(
        "--graded",
        choices=("benchmark", "random-play"),
        default="benchmark",
        help="the graded positions: the benchmark file's middle games, or positions of random play (10 to 24 stones)",
    )
    parser.add_argument("--stones", type=int, nargs=2, default=(10, 24), help="random-play: fewest and most stones")
    parser.add_argument(
        "--only-choices", action="store_true", help="random-play: skip positions where every legal move is optimal"
    )
    parser.add_argument("--positions-cache", help="random-play: keep the graded positions in this JSON file")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--minutes", type=float, help="stop after this much training time (graded then)")
    parser.add_argument("--lr", type=float, default=1e-3, help="Adam's learning rate")
    parser.add_argument("--hidden", type=int, default=128, help="units of the hidden layer")
    parser.add_argument("--passes", type=int, default=2, help="passes over the buffer per iteration")
    parser.add_argument("--buffer", type=int, default=4, help="iterations the replay buffer keeps")
    parser.add_argument("--sharpen", type=float, default=1.0, help="raise the visit shares to this power (policy targets)")
    parser.add_argument("--mirror", action="store_true", help="train on mirror images too")
    parser.add_argument("--value-mix", type=float, default=0.0, help="value targets: this share of the root's search value, the rest the game's result")
    parser.add_argument(
        "--network",
        choices=("auto", "torch", "numpy"),
        default="auto",
        help="a residual convolutional network in PyTorch, or the one-hidden-layer numpy network (auto: torch when it imports)",
    )
    parser.add_argument("--channels", type=int, default=32, help="torch: convolution channels")
    parser.add_argument("--blocks", type=int, default=2, help="torch: residual blocks")
    parser.add_argument("--plot", help="write the graded shares over training to this PNG")
    args = parser.parse_args()

    rng = np.random.default_rng(args.seed)
    kind = args.network
    if kind == "auto":
        try:
            import torch  # noqa: F401

            kind = "torch"
        except ImportError:
            kind = "numpy"
    if kind == "torch":
        net = TorchNetwork(args.seed, channels=args.channels, blocks=args.blocks, lr=args.lr)
    else:
        net = Network(rng, hidden=args.hidden)
    print(f"network: {kind}", flush=True)
    mcts = rulebook.BatchMcts("connect4", simulations=args.simulations, c_puct=1.5, dirichlet_alpha=1.0, seed=args.seed)
    searcher = rulebook.BatchMcts("connect4", simulations=args.simulations, dirichlet_fraction=0.0)
    if args.graded == "benchmark":
        positions = graded_positions(args.positions)
    else:
        positions = random_play_positions(
            args.positions, seed=1_000_000 + args.seed, stones=tuple(args.stones), only_choices=args.only_choices,
            cache=args.positions_cache,
        )
    inputs = tuple(np.stack(a) for a in zip(*(observation(game) for game, _ in positions)))
    history = []
    start = time.monotonic()
    buffer = []
    for iteration in range(args.iterations + 1):
        out_of_time = args.minutes is not None and time.monotonic() - start >= 60 * args.minutes
        if iteration % args.grade_every == 0 or iteration == args.iterations or out_of_time:
            shares = grade(net, positions, inputs, searcher)
            elapsed = time.monotonic() - start
            history.append((iteration, elapsed) + shares)
            print(
                f"iteration {iteration:3d}  {elapsed:7.1f} s  optimal / keeps the value:"
                f"  network {shares[0]:.3f} / {shares[1]:.3f}"
                f"  with {args.simulations} simulations {shares[2]:.3f} / {shares[3]:.3f}"
                f"  random {shares[4]:.3f} / {shares[5]:.3f}  value right {shares[6]:.3f}",
                flush=True,
            )
        if iteration == args.iterations or out_of_time:
            break
        data = self_play(net, mcts, args.games, rng, value_mix=args.value_mix)
        if args.sharpen != 1.0:
            data = sharpened(data, args.sharpen)
        if args.mirror:
            data = mirrored(data)
        buffer.append(data)
        buffer = buffer[-args.buffer :]  # a replay buffer of the last iterations
        merged = [np.concatenate(parts) for parts in zip(*buffer)]
        for _ in range(args.passes):
            net.train(*merged, lr=args.lr, rng=rng)
    if args.plot:
        plot(history, args.plot, games=args.games, simulations=args.simulations, positions=len(positions))
        print("plot:", args.plot)


def plot(history, path, games, simulations, positions):
    """Draws the graded shares of `history` (rows: iteration, seconds,
    then the seven shares of `grade`) over training time into a PNG."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    h = np.array(history)
    minutes = h[:, 1] / 60
    fig, ax = plt.subplots(figsize=(7, 4.2))
    ax.plot(minutes, h[:, 2], "o-", color="C0", label="network: optimal")
    ax.plot(minutes, h[:, 3], "s--", color="C0", label="network: keeps the value")
    ax.plot(minutes, h[:, 4], "o-", color="C1", label=f"with {simulations} simulations: optimal")
    ax.plot(minutes, h[:, 5], "s--", color="C1", label=f"with {simulations} simulations: keeps the value")
    ax.plot(minutes, h[:, 8], "^:", color="C2", label="value head: sign right")
    ax.axhline(h[0, 6], color="grey", ls="-", label="random: optimal")
    ax.axhline(h[0, 7], color="grey", ls="--", label="random: keeps the value")
    for x, y, iteration in zip(minutes, h[:, 2], h[:, 0]):
        ax.annotate(f"it. {int(iteration)}", (x, y), textcoords="offset points", xytext=(0, -12), fontsize=7, ha="center")
    ax.set_xlabel(f"training minutes ({games} self-play games an iteration, {simulations} simulations a move)")
    ax.set_ylabel(f"share of {positions} positions")
    ax.set_ylim(0, 1)
    ax.set_title("AlphaZero-style Connect Four, graded by the solver")
    ax.legend(fontsize=7, loc="lower right", ncol=2)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


if __name__ == "__main__":
    main()
