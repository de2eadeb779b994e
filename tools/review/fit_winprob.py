#!/usr/bin/env python3
"""Fits the game review's win-probability curve to our own match games (docs/review.md).

Model: P(the side to move wins) = 1 / (1 + exp(-cp / s)), cp = the engine's score of the position in
centipawns from the side to move's point of view, a draw counted as 0.5. The one constant s is fitted by
maximum likelihood: the log-likelihood sum(y*log p + (1-y)*log(1-p)) over the sampled positions (y = 1, 0.5
or 0 from the mover's side) is maximised by Newton's method on s; its standard error comes from the observed
information (the second derivative at the optimum).

Data: the match records in tools/review/data/*.json (copies of our own matches, see that folder's files:
`games[]` with `moves` = ICCS, space-separated, the opening included, and `result` = red | black | draw).
Positions: from each game, every STRIDE-th ply from ply SKIP on (the opening lines are the set's and not
the players'), with a per-game offset drawn from a fixed seed, up to the game's last ply; positions where the
engine reports a mate score are left out of the fit (the review maps mates to 0 / 1 anyway).

Scoring: the native engine (`target/release/duiyi`) over UCI at the review budget (`go nodes N`, N =
--nodes, the page's default budget, src/review.rs REVIEW_NODES), `ucinewgame` before each game.

    python3 tools/review/fit_winprob.py --engine target/release/duiyi --nodes 200000 \\
        --out tools/review/data/scored.json          # scores the positions (minutes), then fits
    python3 tools/review/fit_winprob.py --scored tools/review/data/scored.json   # fits saved scores only

Prints the fitted s, its standard error (from the observed information, and with --bootstrap N from N
resamples of whole games, which allows for positions of one game being alike), the log-loss against the
constant 0.5 model, and a calibration table (predicted against observed score by bins of cp).
"""
import argparse, glob, json, math, os, random, subprocess, sys, time

HERE = os.path.dirname(os.path.abspath(__file__))


def load_games(paths):
    """The games of the match files: a list of (source, index, moves list, result 'red'|'black'|'draw')."""
    games = []
    for path in paths:
        try:
            with open(path, encoding='utf-8') as f:
                data = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit(f'fit_winprob: cannot read {path}: {e}')
        for i, g in enumerate(data.get('games', [])):
            if g.get('result') not in ('red', 'black', 'draw'):
                continue
            games.append((os.path.basename(path), i, g['moves'].split(), g['result']))
    return games


def sample_plies(n_moves, rng, skip, stride):
    """Plies (0 = the start position) sampled from a game of n_moves moves."""
    if n_moves <= skip:
        return []
    return list(range(skip + rng.randrange(stride), n_moves, stride))


class Uci:
    """A UCI engine process: `score(moves, nodes)` returns ('cp', n) or ('mate', n) for the side to move."""

    def __init__(self, cmd):
        try:
            self.p = subprocess.Popen([cmd], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        except OSError as e:
            sys.exit(f'fit_winprob: cannot start the engine {cmd}: {e}')
        self.send('uci')
        self.wait('uciok')

    def send(self, line):
        self.p.stdin.write(line + '\n')

    def wait(self, word):
        lines = []
        while True:
            line = self.p.stdout.readline()
            if not line:
                sys.exit('fit_winprob: the engine exited')
            lines.append(line.strip())
            if line.split()[:1] == [word]:
                return lines

    def newgame(self):
        self.send('ucinewgame')
        self.send('isready')
        self.wait('readyok')

    def score(self, moves, nodes):
        self.send('position startpos' + (' moves ' + ' '.join(moves) if moves else ''))
        self.send(f'go nodes {nodes}')
        last = None
        for line in self.wait('bestmove'):
            t = line.split()
            if t[:1] == ['info'] and 'score' in t:
                k = t.index('score')
                last = (t[k + 1], int(t[k + 2]))
        return last

    def close(self):
        self.send('quit')
        self.p.wait(timeout=10)


def score_games(games, engine, nodes, skip, stride, seed):
    """Scores the sampled positions; returns a list of {src, game, ply, cp|mate, y} (y from the mover's side)."""
    rng = random.Random(seed)
    eng = Uci(engine)
    rows, t0 = [], time.time()
    plan = [(g, sample_plies(len(g[2]), rng, skip, stride)) for g in games]
    total = sum(len(p) for _, p in plan)
    for (src, idx, moves, result), plies in plan:
        if not plies:
            continue
        eng.newgame()
        for ply in plies:
            kind, value = eng.score(moves[:ply], nodes) or ('none', 0)
            red_to_move = ply % 2 == 0
            y = 0.5 if result == 'draw' else float((result == 'red') == red_to_move)
            rows.append({'src': src, 'game': idx, 'ply': ply, kind: value, 'y': y})
            if len(rows) % 200 == 0:
                print(f'  {len(rows)}/{total} positions, {time.time() - t0:.0f} s', file=sys.stderr)
    eng.close()
    return rows


def fit(rows):
    """Maximum-likelihood s of p = 1/(1+exp(-cp/s)); returns (s, standard error, mean log-loss)."""
    data = [(r['cp'], r['y']) for r in rows if 'cp' in r]
    if len(data) < 10:
        sys.exit(f'fit_winprob: only {len(data)} scored positions with a cp score: too few to fit')
    # Newton on b = 1/s (the log-likelihood is concave in b).
    b = 1 / 400
    for _ in range(100):
        g = h = 0.0
        for cp, y in data:
            p = 1 / (1 + math.exp(-b * cp))
            g += (y - p) * cp
            h -= p * (1 - p) * cp * cp
        step = g / h
        b -= step
        if abs(step) < 1e-12:
            break
    s = 1 / b
    se_b = math.sqrt(-1 / h)
    se_s = se_b / (b * b)
    loss = -sum(y * math.log(p) + (1 - y) * math.log(1 - p)
                for cp, y in data for p in [min(max(1 / (1 + math.exp(-cp / s)), 1e-12), 1 - 1e-12)]) / len(data)
    return s, se_s, loss, len(data)


def calibration(rows, s):
    """Lines of a table: cp bin, positions, mean predicted, mean observed (mover's score)."""
    bins = [-10**9, -800, -400, -200, -100, -50, 0, 50, 100, 200, 400, 800, 10**9]
    out = []
    for lo, hi in zip(bins, bins[1:]):
        sel = [r for r in rows if 'cp' in r and lo <= r['cp'] < hi]
        if not sel:
            continue
        pred = sum(1 / (1 + math.exp(-r['cp'] / s)) for r in sel) / len(sel)
        obs = sum(r['y'] for r in sel) / len(sel)
        name = f'[{lo if lo > -10**9 else "-inf"}, {hi if hi < 10**9 else "inf"})'
        out.append(f'  {name:>14} {len(sel):6d}  predicted {pred:.3f}  observed {obs:.3f}')
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('--data', nargs='*', default=sorted(glob.glob(os.path.join(HERE, 'data', 'xq-*.json'))))
    ap.add_argument('--engine', default='target/release/duiyi')
    ap.add_argument('--nodes', type=int, default=200000, help='the review budget in nodes per position')
    ap.add_argument('--skip', type=int, default=10, help='first ply sampled (the opening set has 10-12 plies)')
    ap.add_argument('--stride', type=int, default=20, help='one position every STRIDE plies of each game')
    ap.add_argument('--seed', type=int, default=22)
    ap.add_argument('--out', help='write the scored positions here (JSON)')
    ap.add_argument('--scored', help='fit these saved scored positions instead of scoring')
    ap.add_argument('--bootstrap', type=int, default=0, help='resamples of whole games for a second standard error')
    a = ap.parse_args()
    if a.scored:
        try:
            with open(a.scored, encoding='utf-8') as f:
                saved = json.load(f)
        except (OSError, ValueError) as e:
            sys.exit(f'fit_winprob: cannot read {a.scored}: {e}')
        rows = saved['positions']
    else:
        games = load_games(a.data)
        if not games:
            sys.exit('fit_winprob: no games in ' + ', '.join(a.data))
        print(f'{len(games)} games from {len(a.data)} files; scoring at {a.nodes} nodes', file=sys.stderr)
        rows = score_games(games, a.engine, a.nodes, a.skip, a.stride, a.seed)
        if a.out:
            meta = {'nodes': a.nodes, 'skip': a.skip, 'stride': a.stride, 'seed': a.seed, 'engine': a.engine,
                    'data': [os.path.basename(p) for p in a.data], 'date': time.strftime('%Y-%m-%d')}
            with open(a.out, 'w', encoding='utf-8') as f:
                json.dump({'meta': meta, 'positions': rows}, f, separators=(',', ':'))
    s, se, loss, n = fit(rows)
    mates = sum(1 for r in rows if 'mate' in r)
    print(f'positions {len(rows)} (cp {n}, mate {mates} left out)')
    print(f's = {s:.1f} cp (standard error {se:.1f}); win probability 1/(1+exp(-cp/{s:.0f}))')
    if a.bootstrap:
        games = {}
        for r in rows:
            games.setdefault((r['src'], r['game']), []).append(r)
        keys = sorted(games)
        rng = random.Random(a.seed)
        fits = sorted(fit([r for _ in keys for r in games[rng.choice(keys)]])[0] for _ in range(a.bootstrap))
        mean = sum(fits) / len(fits)
        sd = math.sqrt(sum((f - mean) ** 2 for f in fits) / (len(fits) - 1))
        lo, hi = fits[int(0.025 * len(fits))], fits[int(0.975 * len(fits)) - 1]
        print(f'bootstrap over {len(keys)} games ({a.bootstrap} resamples): standard error {sd:.1f}, 95% [{lo:.1f}, {hi:.1f}]')
    print(f'mean log-loss {loss:.4f} (constant 0.5: {math.log(2):.4f})')
    print('calibration (cp from the side to move):')
    print('\n'.join(calibration(rows, s)))


if __name__ == '__main__':
    main()
