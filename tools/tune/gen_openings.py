"""Generate varied, roughly balanced xiangqi openings (ICCS move lists, one per line)."""
import os, random, sys, time
from fsf import FSF, board, split_move, to_iccs, score_cp

N = int(sys.argv[1]) if len(sys.argv) > 1 else 2600
OUT = sys.argv[2] if len(sys.argv) > 2 else os.path.join(os.environ.get('TUNE_DIR', 'tune-data'), 'openings.txt')
BIASED_FRAC = 0.4
W = {'n': 5, 'c': 3, 'r': 3, 'p': 2, 'b': 1.5, 'a': 1, 'k': 0.1}
rng = random.Random(12345)
e = FSF()
seen, out = set(), []
tried = rej = 0
t0 = time.time()
f = open(OUT, 'w')
while len(out) < N:
    biased = rng.random() < BIASED_FRAC
    n = rng.randint(4, 10)
    moves, ok = [], True
    for _ in range(n):
        e.position(moves)
        fen, chk, legal = e.state()
        if not legal:
            ok = False; break
        if biased:
            b = board(fen)
            cand, w = [], []
            for m in legal:
                fr, to = split_move(m)
                if to in b:
                    continue  # no captures
                cand.append(m); w.append(W[b[fr].lower()])
            if not cand:
                ok = False; break
            moves.append(rng.choices(cand, w)[0])
        else:
            moves.append(rng.choice(legal))
    if not ok:
        continue
    e.position(moves)
    fen, chk, legal = e.state()
    key = ' '.join(fen.split()[:2])
    if not legal or key in seen:
        continue
    tried += 1
    e.newgame()
    e.position(moves)
    bm, sc = e.go(20000)
    if sc is None or sc[0] == 'mate' or abs(score_cp(sc)) > 200:
        rej += 1
        continue
    seen.add(key)
    out.append(moves)
    f.write(' '.join(to_iccs(m) for m in moves) + f'  # {"biased" if biased else "random"} {score_cp(sc):+d}\n')
    f.flush()
    if len(out) % 200 == 0:
        print(f'{len(out)} openings, tried {tried}, rejected {rej}, {time.time()-t0:.0f}s', flush=True)
e.quit()
print(f'done: {len(out)} openings, tried {tried}, rejected {rej}, {time.time()-t0:.0f}s')
