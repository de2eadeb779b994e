"""Positions of real master games as tuning data: replays each game with Fairy-Stockfish, labels every position
with its search score, and writes one JSON line per game in the format of `play.py` (so `convert.py` turns it
into `data.csv` rows: quiet positions from ply 8 on).

    FSF=/path/to/fairy-stockfish python3 tools/tune/real_positions.py GAMES.js --out $TUNE_DIR/real.jsonl \\
        [--nodes 10000] [--starts $TUNE_DIR/real-starts.txt]

Source: the master games of maksimKorzh/wukong-xiangqi (`apps/game_viewer/gui/game/games.js`, commit 9ef8db7,
MIT licence); see `real_openings.py`. The records carry no result, so the result is inferred: a game that ends in
mate or stalemate is won by the side that moved last; otherwise Fairy-Stockfish searches the final position for
`--final-nodes` nodes and the game counts as won by the side ahead by more than `--decided` centipawns (players
resign lost positions), else drawn.

`--resume` keeps the games already in `--out` (its last game's `id`) and labels the rest, appending: a long run
(about 11 hours of one core at `--nodes 100000`) can be stopped and taken up again. It refuses a file labelled at
another `--nodes` (exit with the reason). `--games A:B` labels only games A to B − 1 (0-based, in file order), so
several cores can each label a range into its own `--out` (concatenate them for `convert.py`). `--quiet-only`
searches only the positions `convert.py` keeps (from ply 8, side to move not in check, the move played not a
capture; about 4 in 5) and leaves the others out of `recs`.

`--starts FILE` also writes start lines for self-play from real play (`play.py --openings FILE`): each game's
first 12 and first 20 plies, mirror images and repeats removed, in a fixed shuffled order.
"""
import argparse, json, os, random, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf import FSF, board, from_iccs, score_cp, split_move  # noqa: E402
from real_openings import canonical  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('games')
    ap.add_argument('--out', required=True)
    ap.add_argument('--nodes', type=int, default=10000)
    ap.add_argument('--final-nodes', type=int, default=200000)
    ap.add_argument('--decided', type=int, default=200)
    ap.add_argument('--starts')
    ap.add_argument('--resume', action='store_true', help='append to --out after the last game it holds')
    ap.add_argument('--quiet-only', action='store_true',
                    help='label only what convert.py keeps: from ply 8, not in check, the move not a capture')
    ap.add_argument('--games', dest='range', default=':', help='A:B, label only games A..B-1 (0-based)')
    args = ap.parse_args()
    games = re.findall(r'"moves":\s*"([a-i0-9 ]+)"', open(args.games, encoding='utf-8').read())
    if args.starts:
        seen, starts = set(), []
        for g in games:
            mv = g.split()
            for n in (12, 20):
                if len(mv) > n + 10:
                    c = tuple(canonical(mv[:n]))
                    if c not in seen:
                        seen.add(c)
                        starts.append(' '.join(c))
        random.Random(2026).shuffle(starts)
        with open(args.starts, 'w') as f:
            f.write('\n'.join(starts) + '\n')
        print(f'{len(starts)} start lines', file=sys.stderr)
    m = re.fullmatch(r'(\d*):(\d*)', args.range)
    if not m:
        sys.exit(f'--games {args.range!r}: expected A:B, e.g. 600:1125')
    first, end = int(m[1] or 0), int(m[2] or len(games))
    done = first - 1
    if args.resume and os.path.exists(args.out):
        with open(args.out) as f:
            # A line cut off by an interrupted write is dropped (rewritten below without it).
            lines = [ln for ln in f if ln.endswith('\n')]
        held = [json.loads(ln) for ln in lines]
        other = sorted({g['nodes'] for g in held} - {args.nodes})
        if other:
            sys.exit(f'--resume: {args.out} holds labels at {other} nodes, not --nodes {args.nodes}; '
                     'labels of two depths would be mixed')
        done = max([g['id'] for g in held] + [done])
        with open(args.out, 'w') as f:
            f.writelines(lines)
        print(f'resuming after game {done} ({len(lines)} kept)', file=sys.stderr)
    e = FSF()
    kept = 0
    with open(args.out, 'a' if args.resume else 'w') as out:
        for gi, g in enumerate(games):
            if gi <= done:
                continue
            if gi >= end:
                break
            mv = [from_iccs(m) for m in g.split()]
            e.newgame()
            recs, ok = [], True
            for ply in range(len(mv) + 1):
                e.position(mv[:ply])
                fen, chk, legal = e.state()
                if ply == len(mv):
                    break
                if mv[ply] not in legal:
                    ok = False
                    break
                cap = split_move(mv[ply])[1] in board(fen)
                if args.quiet_only and (ply < 8 or chk or cap):
                    continue
                _, sc = e.go(args.nodes)
                s = score_cp(sc)
                s_red = s if fen.split()[1] == 'w' else -s
                recs.append([ply, fen, int(chk), mv[ply], int(cap), s_red])
            if not ok or len(recs) < 10:
                continue
            red_moved_last = len(mv) % 2 == 1
            if not legal:
                result, term = (1 if red_moved_last else 0), 'mate'
            else:
                e.position(mv)
                _, sc = e.go(args.final_nodes)
                s = score_cp(sc)
                s_red = s if fen.split()[1] == 'w' else -s
                result = 1 if s_red > args.decided else 0 if s_red < -args.decided else 0.5
                term = f'final score {s_red:+d}'
            out.write(json.dumps(dict(id=gi, nodes=args.nodes, opening=[], nopen=0, moves=mv, result=result,
                                      term=term, recs=recs)) + '\n')
            out.flush()
            kept += 1
            if gi % 50 == 0:
                print(f'game {gi}: {result} ({term}), {len(recs)} plies; {kept} kept', file=sys.stderr, flush=True)
    e.quit()


if __name__ == '__main__':
    main()
