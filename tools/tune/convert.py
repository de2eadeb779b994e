"""games.jsonl -> data.csv (fen;score;result;ply), quiet positions only. Pure Python, no engine."""
import json, os

GAMES = os.path.join(os.environ.get('TUNE_DIR', 'tune-data'), 'games.jsonl')
OUT = os.path.join(os.environ.get('TUNE_DIR', 'tune-data'), 'data.csv')
MARK = os.path.join(os.environ.get('TUNE_DIR', 'tune-data'), 'READY_30K')


def convert(games=GAMES, out=OUT, min_ply=8, decided=2500):
    rows = ngames = 0
    tmp = out + '.tmp'
    with open(tmp, 'w') as f:
        for l in open(games):
            try:
                g = json.loads(l)
            except ValueError:
                continue  # partially written last line
            ngames += 1
            res = {1: '1', 0: '0', 0.5: '0.5'}[g['result']]
            for ply, fen, chk, bm, cap, s in g['recs']:
                if abs(s) >= decided:
                    break           # game decided: drop this and all later positions
                if ply < min_ply or chk or cap:
                    continue
                f.write(f'{fen};{s};{res};{ply}\n')
                rows += 1
    os.replace(tmp, out)
    mark = os.path.join(os.path.dirname(out) or '.', os.path.basename(MARK))
    if rows >= 30000 and not os.path.exists(mark):
        open(mark, 'w').close()
    return dict(games=ngames, rows=rows)


if __name__ == '__main__':
    import sys
    # convert.py [GAMES.jsonl [OUT.csv]]
    print(convert(*sys.argv[1:3]))
