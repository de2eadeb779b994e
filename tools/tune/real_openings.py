"""Builds the real opening set `benches/real-openings.txt` from master game records.

Source: the 1,125 master games (Chinese national championships, team championships, leagues and cups,
1952–2014) of maksimKorzh/wukong-xiangqi, `apps/game_viewer/gui/game/games.js` (commit 9ef8db7, MIT licence,
© 2021 Maksym Korzh). Only their first moves are used: the move sequences of games are facts; the records are
not shipped in this repository.

    FSF=/path/to/fairy-stockfish python3 tools/tune/real_openings.py GAMES.js [OUT] [--count 240]

Method:
1. Every game's first 10 plies (extended to 12 when the 10th move captures or gives check, so that no opening
   stops in the middle of an exchange; dropped when still not quiet) is an opening line. Lines that are left-right
   mirror images, and move orders that reach the same position, are the same opening (its commonest order is kept).
2. Each line is classified into a family by its first moves (`family()` below): the top-level groups of the ECCO
   classification (A non-central-cannon openings, B central cannon against defences other than the screen
   horses, C central cannon against the screen horses, D same- and opposite-direction cannons, E the pawn
   opening 仙人指路), each split by the defence.
3. Balance check by an independent engine: Fairy-Stockfish (classical evaluation, 1 thread) searches each line's
   position for `--nodes` nodes; lines with |score| > `--max-cp` are dropped.
4. `--count` lines are chosen, each family getting a share proportional to how often it was played (at least
   2 lines), the lines played most often first. The file is ordered so that any first k lines are a
   proportional sample of the families: a match over the first 100 lines covers the families as well as the
   whole set does.

Each output line: ICCS moves from the start position, then `# FAMILY | N games | FSF ±cp`. The match runner
(`tools/clock_match.py`) reports results per family from that comment.
"""
import argparse, collections, json, os, re, sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf import FSF, from_iccs, score_cp  # noqa: E402


def mirror(m):
    """Left-right mirror image of an ICCS move."""
    f = lambda c: chr(ord('a') + ord('i') - ord(c))
    return f'{f(m[0])}{m[1]}{f(m[2])}{m[3]}'


def canonical(moves):
    """The line or its mirror image, whichever puts Red's first move on Red's right-hand side (files e–i)."""
    return [mirror(m) for m in moves] if moves[0][0] in 'abcd' else list(moves)


def position_key(fen):
    """A position and its mirror image have one key: the smaller placement of the two, and the side to move."""
    placement, side = fen.split()[:2]
    mirrored = '/'.join(row[::-1] for row in re.sub(r'\d', lambda d: '1' * int(d[0]), placement).split('/'))
    mirrored = re.sub('1+', lambda r: str(len(r[0])), mirrored)
    return min(placement, mirrored), side


def family(moves):
    """Opening family of a canonical line (ECCO top-level letter and a name).

    Red's first move: 炮二平五 h2e2 (central cannon), 兵三进一 g3g4 (仙人指路), 相三进五 g0e2 (飞相),
    马二进三 h0g2 (起马), 炮二平六 h2d2 (过宫炮), 炮二平四 h2f2 (士角炮)."""
    r1 = moves[0]
    black = moves[1::2][:5]
    red = moves[0::2][:5]
    if r1 == 'h2e2':
        early = black[:2]
        if 'h7e7' in early:
            return 'D 顺炮'
        if 'b7e7' in early:
            return 'D 列炮'
        if any(m in black for m in ('b9a7', 'h9i7')):
            return 'B 中炮对单提马'
        knights = {'b9c7', 'h9g7'} <= set(black)
        corner = any(m in black[:4] for m in ('b7d7', 'h7f7'))
        if knights and corner:
            return 'B 中炮对反宫马'
        if knights or ('h9g7' in black[:2] and 'b9c7' not in black) or ('b9c7' in black[:2] and 'h9g7' not in black):
            if any(re.match(r'[a-i]0[a-i]0', m) for m in red[1:]) and any(m[1] == '0' and m[3] == '6' for m in red):
                return 'C 中炮过河车对屏风马'
            return 'C 中炮对屏风马'
        return 'B 中炮对其他'
    if r1 == 'g3g4':
        b1 = moves[1]
        if b1 == 'h7g7':
            return 'E 仙人指路对卒底炮'
        if b1 in ('g6g5', 'c6c5'):
            return 'E 仙人指路对兵'
        if b1 in ('b7e7', 'h7e7'):
            return 'E 仙人指路对中炮'
        return 'E 仙人指路对其他'
    if r1 == 'g0e2':
        return 'A 飞相局'
    if r1 in ('h0g2', 'h0i2'):
        return 'A 起马局'
    if r1 == 'h2d2':
        return 'A 过宫炮'
    if r1 == 'h2f2':
        return 'A 士角炮'
    return 'A 其他'


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('games', help="wukong-xiangqi's games.js")
    ap.add_argument('out', nargs='?', default='benches/real-openings.txt')
    ap.add_argument('--count', type=int, default=240)
    ap.add_argument('--nodes', type=int, default=200000)
    ap.add_argument('--max-cp', type=int, default=150)
    ap.add_argument('--plies', type=int, default=10)
    args = ap.parse_args()

    text = open(args.games, encoding='utf-8').read()
    games = re.findall(r'"moves":\s*"([a-i0-9 ]+)"', text)
    print(f'{len(games)} games', file=sys.stderr)
    e = FSF()
    lines = collections.Counter()
    orders = collections.defaultdict(collections.Counter)
    for g in games:
        mv = g.split()
        if len(mv) < args.plies + 2:
            continue
        n = args.plies
        while n <= 12:
            e.position([from_iccs(m) for m in mv[:n]])
            fen, chk, legal = e.state()
            e.position([from_iccs(m) for m in mv[:n - 1]])
            before = e.state()[0]
            captured = len(re.findall('[A-Za-z]', fen.split()[0])) < len(re.findall('[A-Za-z]', before.split()[0]))
            if not chk and not captured and legal:
                break
            n += 1
        if n > 12:
            continue
        c = tuple(canonical(mv[:n]))
        key = position_key(fen)
        lines[key] += 1
        orders[key][c] += 1
    # one line per position (transpositions and mirror images are one opening): its commonest move order
    lines = collections.Counter({orders[key].most_common(1)[0][0]: k for key, k in lines.items()})
    print(f'{len(lines)} distinct positions', file=sys.stderr)
    fams = collections.defaultdict(list)
    for c, k in lines.items():
        fams[family(list(c))].append((c, k))
    played = {f: sum(k for _, k in v) for f, v in fams.items()}
    total = sum(played.values())
    # balance check, most-played lines first, until each family has its quota
    quota = {f: max(2, round(args.count * played[f] / total)) for f in fams}
    chosen = {}
    for f, v in sorted(fams.items()):
        v.sort(key=lambda x: (-x[1], x[0]))
        chosen[f] = []
        for c, k in v:
            if len(chosen[f]) >= quota[f]:
                break
            e.newgame()
            e.position([from_iccs(m) for m in c])
            _, sc = e.go(args.nodes)
            cp = score_cp(sc)            # Red to move after an even number of plies, else Black
            if len(c) % 2:
                cp = -cp
            if sc is None or sc[0] == 'mate' or abs(cp) > args.max_cp:
                continue
            chosen[f].append((c, k, cp))
        print(f'{f}: {played[f]} games, {len(v)} lines, {len(chosen[f])} kept', file=sys.stderr)
    e.quit()
    # order: each line gets the position (i + 0.5) / n_f within its family; sort by it
    order = []
    for f, v in chosen.items():
        for i, (c, k, cp) in enumerate(v):
            order.append(((i + 0.5) / len(v), f, c, k, cp))
    order.sort(key=lambda x: (x[0], x[1]))
    with open(args.out, 'w', encoding='utf-8') as out:
        out.write('# Real Xiangqi openings: the first 10–12 plies of master games, one line each (ICCS from the start\n'
                  '# position), balanced by Fairy-Stockfish. Made by tools/tune/real_openings.py; source: the master\n'
                  '# games of maksimKorzh/wukong-xiangqi (commit 9ef8db7, MIT licence, (c) 2021 Maksym Korzh),\n'
                  f'# {len(games)} games. Balance: |Fairy-Stockfish score| <= {args.max_cp} cp at {args.nodes} nodes,\n'
                  '# Red\'s view. Comment: ECCO group and family | games that opened with this line | score.\n')
        for _, f, c, k, cp in order:
            out.write(f"{' '.join(c)}  # {f} | {k} games | FSF {cp:+d}\n")
    print(json.dumps({f: len(v) for f, v in chosen.items()}, ensure_ascii=False), file=sys.stderr)


if __name__ == '__main__':
    main()
