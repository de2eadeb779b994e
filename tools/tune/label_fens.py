"""Labels positions with Fairy-Stockfish's search score: `fen;[score];result` lines in, `fen;score;result;0` out.

    FSF=/path/to/fairy-stockfish python3 tools/tune/label_fens.py IN.csv OUT.csv [--nodes N] [--part I/K]

`score` is Fairy-Stockfish's score after `go nodes N` (default 30,000) in centipawns from Red's view; a
position it scores as a mate or beyond +-2,500 cp is dropped (decided, as convert.py drops them). `result` is
the input line's third field when it has one (the source game's result for Red), else 0.5; an input score is
ignored. `--part I/K` labels only the lines with index = I (mod K), so K processes can share the input. Used
for the positions the search reaches (`examples/search_positions.rs`, tools/tune/README.md); Fairy-Stockfish is built outside the repository.
"""
import argparse
import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from fsf import FSF  # noqa: E402


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument('inp')
    ap.add_argument('out')
    ap.add_argument('--nodes', type=int, default=30000)
    ap.add_argument('--part', default='0/1', help='I/K: the lines whose index is I modulo K')
    a = ap.parse_args()
    i, k = (int(x) for x in a.part.split('/'))
    eng = FSF()
    kept = dropped = 0
    with open(a.inp) as f, open(a.out, 'w') as out:
        for n, line in enumerate(f):
            if n % k != i or not line.strip():
                continue
            fields = line.rstrip('\n').split(';')
            fen = fields[0]
            result = fields[2] if len(fields) > 2 and fields[2] in ('0', '0.5', '1') else '0.5'
            eng.position([], fen)
            _, sc = eng.go(a.nodes)
            if sc is None or sc[0] == 'mate' or abs(sc[1]) >= 2500:
                dropped += 1
                continue
            red = sc[1] if fen.split()[1] == 'w' else -sc[1]
            out.write(f'{fen};{red};{result};0\n')
            kept += 1
            if kept % 500 == 0:
                out.flush()
                print(f'{kept} labelled, {dropped} dropped', file=sys.stderr, flush=True)
    eng.quit()
    print(f'{kept} labelled, {dropped} dropped', file=sys.stderr)


if __name__ == '__main__':
    main()
