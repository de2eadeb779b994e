"""Fairy-Stockfish self-play driver (one engine process plays both sides).
Appends one JSON line per game to --out; regenerates data.csv every --convert-every games."""
import argparse, json, os, re, sys, time
from fsf import FSF, board, split_move, from_iccs, score_cp
import convert

ap = argparse.ArgumentParser()
ap.add_argument('--openings', default=os.path.join(os.environ.get('TUNE_DIR', 'tune-data'), 'openings.txt'))
ap.add_argument('--start', type=int, default=0)
ap.add_argument('--count', type=int, default=100)
ap.add_argument('--nodes', type=int, default=4000)
ap.add_argument('--maxplies', type=int, default=300)
ap.add_argument('--nocapture', type=int, default=120)
ap.add_argument('--adj-score', type=int, default=2500)
ap.add_argument('--adj-plies', type=int, default=6)
ap.add_argument('--out', default=os.path.join(os.environ.get('TUNE_DIR', 'tune-data'), 'games.jsonl'))
ap.add_argument('--csv', default=os.path.join(os.environ.get('TUNE_DIR', 'tune-data'), 'data.csv'))
ap.add_argument('--convert-every', type=int, default=100)
args = ap.parse_args()

ops = []
for l in open(args.openings):
    l = l.split('#', 1)[0].strip()
    if l:
        ops.append([from_iccs(m) for m in l.split()])


def play(e, opening, gid):
    e.newgame()
    moves = list(opening)
    occ, checks, recs = {}, {}, []
    nocap, prev_cnt, adj_run, adj_sign = 0, None, 0, 0
    result = term = None
    while True:
        ply = len(moves)
        e.position(moves)
        fen, chk, legal = e.state()
        side = fen.split()[1]
        b = board(fen)
        checks[ply] = chk
        cnt = len(b)
        if prev_cnt is not None:
            nocap = 0 if cnt < prev_cnt else nocap + 1
        prev_cnt = cnt
        key = ' '.join(fen.split()[:2])
        occ.setdefault(key, []).append(ply)
        if not legal:
            result, term = (0 if side == 'w' else 1), ('checkmate' if chk else 'stalemate')
            break
        if not re.search(r'[rnhcpRNHCP]', fen.split()[0]):
            result, term = 0.5, 'no attackers'
            break
        if len(occ[key]) >= 3:
            first = occ[key][-3]
            # move i (from ply i) gave check iff position at ply i+1 is in check
            cur = [checks[i + 1] for i in range(first, ply) if (ply - i) % 2 == 0]
            oth = [checks[i + 1] for i in range(first, ply) if (ply - i) % 2 == 1]
            pc, po = all(cur), all(oth)
            if pc and not po:   # side to move perpetually checked -> it loses
                result, term = (0 if side == 'w' else 1), 'perpetual check'
            elif po and not pc:
                result, term = (1 if side == 'w' else 0), 'perpetual check'
            else:
                result, term = 0.5, '3-fold repetition'
            break
        if nocap >= args.nocapture:
            result, term = 0.5, 'no capture'
            break
        if ply >= args.maxplies:
            result, term = 0.5, 'max plies'
            break
        bm, sc = e.go(args.nodes)
        if bm not in legal:
            return None
        s = score_cp(sc)
        s_red = s if side == 'w' else -s
        cap = split_move(bm)[1] in b
        recs.append([ply, fen, int(chk), bm, int(cap), s_red])
        if abs(s_red) >= args.adj_score:
            sg = 1 if s_red > 0 else -1
            adj_run = adj_run + 1 if sg == adj_sign else 1
            adj_sign = sg
        else:
            adj_run, adj_sign = 0, 0
        moves.append(bm)
        if adj_run >= args.adj_plies:
            result, term = (1 if adj_sign > 0 else 0), 'adjudicated'
            break
    return dict(id=gid, nodes=args.nodes, opening=opening, nopen=len(opening), moves=moves[len(opening):],
                result=result, term=term, recs=recs)


e = FSF()
out = open(args.out, 'a')
t0 = time.time()
done = 0
for gi in range(args.start, min(args.start + args.count, len(ops))):
    tg = time.time()
    g = play(e, ops[gi], gi)
    if g is None:
        print(f'game {gi}: illegal move, skipped', flush=True)
        continue
    out.write(json.dumps(g) + '\n'); out.flush()
    done += 1
    print(f'game {gi}: {g["result"]} [{g["term"]}] {g["nopen"]}+{len(g["moves"])} plies {time.time()-tg:.1f}s',
          flush=True)
    if done % args.convert_every == 0:
        print('convert:', convert.convert(args.out, args.csv), f'elapsed {time.time()-t0:.0f}s', flush=True)
e.quit()
out.close()
print('convert:', convert.convert(args.out, args.csv), f'elapsed {time.time()-t0:.0f}s', flush=True)
