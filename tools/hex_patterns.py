#!/usr/bin/env python3
"""Learns the Hex MCTS priors (src/hex/mcts/patterns.rs) from game records (Python 3 standard library only).

    python3 tools/hex_patterns.py --min-count 20 /work/peers/prior-games/games-9 /work/peers/prior-games/games-11 \\
        > src/hex/mcts/patterns.rs

Reads every `*.sgf` under the given directories (as written by tools/hex_match.py: `SZ[n]`, moves `;B[e5]`,
opening moves commented `C[opening]` are skipped as training positions but played); with `--players
wolve,mohex`, only the moves of the sides with those SGF names (`PB`/`PW`), e.g. a peer's moves in its games
against our engine. Each position after the opening is one "competition" (Coulom 2007): the move played is
the winner among all empty cells.

Features of an empty cell, seen by the side to move (the same definition as `pattern_code` in
src/hex/mcts/priors.rs, which its unit tests check):
- **pattern**: the 12 cells around it — the six neighbours in ring order E, NE, N, W, SW, S (offsets (dc, dr)
  (1,0) (1,−1) (0,−1) (−1,0) (−1,1) (0,1)) and the six bridge cells between consecutive ones (their sums) —
  each 0 empty, 1 the mover's, 2 the opponent's, in base 3 (neighbour k is digit k, bridge k digit 6 + k). The
  board is seen in the mover's frame: Black's as is; White's transposed ((c, r) ↔ (r, c)) with the colours
  swapped, so the mover always joins the top and bottom. Off the board: a row out of range is the mover's edge,
  else a column out of range the opponent's. Reduced by the 180° rotation (digit k ↔ k + 3 in each group): the
  smaller of the two codes.
- **last**: 1 if the cell touches the opponent's last stone, 2 if it is a bridge cell of it, 0 otherwise.

Fit: the generalized Bradley–Terry model by minorization–maximization (Hunter 2004, "MM algorithms for
generalized Bradley–Terry models"; Coulom 2007, "Computing Elo ratings of move patterns in the game of Go"),
one feature group at a time, with Coulom's prior (each gamma gets one virtual win and one virtual loss against
a virtual opponent of gamma 1). Patterns seen (as a candidate) fewer than `--min-count` times share one gamma
("rare"). Output: a Rust module with the sorted codes (as u16 gaps), their gammas (a byte each, see
`quantize`), the rare gamma and the last-move gammas (f32).
"""
import argparse, glob, math, os, re, sys

NEIGH = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)]
BRIDGE = [(NEIGH[k][0] + NEIGH[(k + 1) % 6][0], NEIGH[k][1] + NEIGH[(k + 1) % 6][1]) for k in range(6)]
OFFSETS = NEIGH + BRIDGE
ROT = [(k + 3) % 6 for k in range(6)] + [6 + (k + 3) % 6 for k in range(6)]
POW3 = [3 ** i for i in range(12)]


def rotate_code(code):
    out = 0
    for i in range(12):
        out += (code // POW3[i] % 3) * POW3[ROT[i]]
    return out


def pattern_code(board, w, h, col, row, black_to_move):
    """board[(c, r)] = 'b' | 'w'; the canonical code of the empty cell (col, row) for the side to move."""
    me, them = ('b', 'w') if black_to_move else ('w', 'b')
    code = 0
    for i, (dc, dr) in enumerate(OFFSETS):
        # View frame: (vc, vr) = (col, row) for Black, (row, col) for White; the view's size is (vw, vh).
        if black_to_move:
            vc, vr, vw, vh = col + dc, row + dr, w, h
        else:
            vc, vr, vw, vh = row + dc, col + dr, h, w
        if not 0 <= vr < vh:
            s = 1
        elif not 0 <= vc < vw:
            s = 2
        else:
            c, r = (vc, vr) if black_to_move else (vr, vc)
            v = board.get((c, r))
            s = 0 if v is None else (1 if v == me else 2)
        code += s * POW3[i]
    return min(code, rotate_code(code))


def last_class(col, row, last):
    if last is None:
        return 0
    d = (col - last[0], row - last[1])
    if d in NEIGH:
        return 1
    if d in BRIDGE:
        return 2
    return 0


def read_sgf(path):
    text = open(path, encoding='utf-8').read()
    size = int(re.search(r'SZ\[(\d+)\]', text).group(1))
    names = {}
    for c in 'BW':
        m = re.search(r'P' + c + r'\[([^\]]*)\]', text)
        names[c.lower()] = m.group(1) if m else ''
    moves = []
    for m in re.finditer(r';([BW])\[([a-z])(\d+)\](C\[([^\]]*)\])?', text):
        moves.append((m.group(1).lower(), ord(m.group(2)) - 97, int(m.group(3)) - 1, m.group(5) == 'opening'))
    return size, moves, names


def competitions(paths, players=None):
    """Yields [(pattern code, last class) of each empty cell], index of the played one; with `players` (a set
    of names), only the moves of a side whose SGF name (`PB`/`PW`) is in it."""
    for path in paths:
        size, moves, names = read_sgf(path)
        board = {}
        last = None
        for colour, c, r, opening in moves:
            if not opening and (players is None or names[colour] in players):
                cands, win = [], None
                for rr in range(size):
                    for cc in range(size):
                        if (cc, rr) in board:
                            continue
                        if (cc, rr) == (c, r):
                            win = len(cands)
                        cands.append((pattern_code(board, size, size, cc, rr, colour == 'b'), last_class(cc, rr, last)))
                if win is not None:
                    yield cands, win
            board[(c, r)] = colour
            last = (c, r)


def fit(comps, min_count, iterations):
    counts = {}
    for cands, _ in comps:
        for p, _ in cands:
            counts[p] = counts.get(p, 0) + 1
    kept = sorted(p for p, n in counts.items() if n >= min_count)
    index = {p: i + 1 for i, p in enumerate(kept)}  # 0: rare
    npat = len(kept) + 1
    data = [([(index.get(p, 0), l) for p, l in cands], win) for cands, win in comps]
    gp = [1.0] * npat
    gl = [1.0, 1.0, 1.0]
    wins_p = [0.0] * npat
    wins_l = [0.0] * 3
    for cands, win in data:
        p, l = cands[win]
        wins_p[p] += 1
        wins_l[l] += 1
    for it in range(iterations):
        for group in (0, 1):
            den = [0.0] * (npat if group == 0 else 3)
            for cands, _ in data:
                e = 0.0
                for p, l in cands:
                    e += gp[p] * gl[l]
                inv = 1.0 / e
                if group == 0:
                    for p, l in cands:
                        den[p] += gl[l] * inv
                else:
                    for p, l in cands:
                        den[l] += gp[p] * inv
            g = gp if group == 0 else gl
            wins = wins_p if group == 0 else wins_l
            for i in range(len(g)):
                # Coulom's prior: one virtual win and one virtual loss against gamma 1.
                g[i] = (wins[i] + 1.0) / (den[i] + 2.0 / (g[i] + 1.0))
            if group == 1:
                gl[:] = [x / gl[0] for x in gl]
        ll = 0.0
        for cands, win in data:
            p, l = cands[win]
            ll += math.log(gp[p] * gl[l] / sum(gp[a] * gl[b] for a, b in cands))
        print(f'iteration {it + 1}: mean log-likelihood {ll / len(data):.4f}', file=sys.stderr)
    return kept, gp, gl, counts


def evaluate(comps, kept, gp, gl):
    """(top-1 accuracy, ties shared; mean log-likelihood of the played moves)."""
    index = {p: i + 1 for i, p in enumerate(kept)}
    hit, ll = 0, 0.0
    for cands, win in comps:
        s = [gp[index.get(p, 0)] * gl[l] for p, l in cands]
        if s[win] == max(s):
            hit += 1 / s.count(s[win])  # ties share the hit
        ll += math.log(s[win] / sum(s))
    return hit / len(comps), ll / len(comps)


def quantize(g):
    """The byte of a gamma: `16 · log2 γ + 128`, rounded and clamped to 0..255 (γ from 2^-8 to about 246; the
    decoder in src/hex/mcts/priors.rs maps q back to 2^((q − 128) / 16))."""
    return max(0, min(255, round(16 * math.log2(g)) + 128))


def write_table(out, codes, gammas):
    """The table in the compact form src/hex/mcts/priors.rs decodes: the ascending codes as gaps (u16) and the
    gammas as bytes (`quantize`). About 3 bytes a pattern instead of 8."""
    gaps = [codes[0]] + [codes[i] - codes[i - 1] for i in range(1, len(codes))] if codes else []
    if any(not 0 <= g <= 65535 for g in gaps):
        sys.exit('hex_patterns.py: a gap between two kept codes exceeds 65535 (keep more patterns)')
    out.write('\n/// Canonical pattern codes, ascending, as gaps from the one before (the first from 0).\n')
    out.write(f'pub(super) static CODE_GAPS: [u16; {len(gaps)}] = [\n')
    for i in range(0, len(gaps), 16):
        out.write('    ' + ', '.join(str(g) for g in gaps[i:i + 16]) + ',\n')
    out.write('];\n\n/// Their Bradley–Terry gammas as bytes q: γ = 2^((q − 128) / 16).\n')
    out.write(f'pub(super) static LOG_GAMMAS: [u8; {len(gammas)}] = [\n')
    qs = [quantize(g) for g in gammas]
    for i in range(0, len(qs), 24):
        out.write('    ' + ', '.join(str(q) for q in qs[i:i + 24]) + ',\n')
    out.write('];\n\n')


def main():
    ap = argparse.ArgumentParser(description=__doc__.split('\n')[0])
    ap.add_argument('dirs', nargs='+')
    ap.add_argument('--min-count', type=int, default=20)
    ap.add_argument('--iterations', type=int, default=25)
    ap.add_argument('--holdout', type=int, default=0, help='also fit without every Kth game and test on those')
    ap.add_argument('--players', default='', help='comma-separated SGF player names: learn only their moves')
    ap.add_argument('--provenance', default='', help='a line for the generated file\'s header')
    a = ap.parse_args()
    players = set(a.players.split(',')) if a.players else None
    paths = sorted(p for d in a.dirs for p in glob.glob(os.path.join(d, '**', '*.sgf'), recursive=True))
    if a.holdout:
        test = list(competitions(paths[::a.holdout], players))
        train = list(competitions([p for i, p in enumerate(paths) if i % a.holdout], players))
        kept, gp, gl, _ = fit(train, a.min_count, a.iterations)
        hit, ll = evaluate(test, kept, gp, gl)
        print(f'holdout (every {a.holdout}th game, {len(test)} positions): top-1 {hit:.3f}, '
              f'mean log-likelihood {ll:.4f} (uniform {sum(-math.log(len(c)) for c, _ in test) / len(test):.4f})',
              file=sys.stderr)
    comps = list(competitions(paths, players))
    print(f'{len(paths)} games, {len(comps)} positions', file=sys.stderr)
    kept, gp, gl, counts = fit(comps, a.min_count, a.iterations)
    hit, _ = evaluate(comps, kept, gp, gl)
    print(f'{len(kept)} patterns kept (seen >= {a.min_count} times), top-1 {hit:.3f}', file=sys.stderr)
    out = sys.stdout
    out.write('// @generated by tools/hex_patterns.py: do not edit (see that file and docs/hex.md, "Pattern priors").\n')
    out.write(f'// {len(paths)} games, {len(comps)} positions, {len(kept)} patterns seen >= {a.min_count} times, '
              f'{a.iterations} MM iterations, top-1 {hit:.3f}.\n')
    if a.provenance:
        out.write(f'// {a.provenance}\n')
    write_table(out, kept, [gp[i + 1] for i in range(len(kept))])
    out.write(f'/// The gamma of a pattern not in the table.\npub(super) const RARE: f32 = {gp[0]:.4e};\n\n')
    out.write('/// Gammas of the cell\'s relation to the opponent\'s last stone: none, adjacent, bridge cell.\n')
    out.write(f'pub(super) const LAST: [f32; 3] = [{gl[0]:.4e}, {gl[1]:.4e}, {gl[2]:.4e}];\n')


if __name__ == '__main__':
    main()
