#!/usr/bin/env python3
"""Records a real game of the native `duiyi` engine pondering, for the lab's ponder replay (issue 13 item 3).

Red: `duiyi` over UCI with pondering: after each of its moves it searches the reply it expects
(`go ponder` on the position after its move and that reply). Black: a second `duiyi` without pondering.
When Black's move is the expected one the pondering engine gets `ponderhit` (its search goes on); otherwise
`stop` (that search is dropped) and a new `go`. Both get the same clock parameters every move.

Writes JSON: {_about, engine, clock, moves (every ply, ICCS), result, ponder: [{ply, expected, played, hit,
ponder_ms, reply_ms, saved_ms}]}: ponder_ms = how long Red pondered before Black moved; reply_ms = from Black's
move to Red's bestmove; saved_ms = ponder_ms on a hit (the search had already run that long), 0 on a miss.

    python3 tools/ponder_replay.py --engine target/release/duiyi --plies 40 --out www/data/ponder-game.json
"""
import argparse, json, subprocess, time, datetime, os, platform

from uci_engine import Uci


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument('--engine', default='target/release/duiyi')
    ap.add_argument('--plies', type=int, default=40)
    ap.add_argument('--time-ms', type=int, default=20000)
    ap.add_argument('--inc-ms', type=int, default=300)
    ap.add_argument('--out', required=True)
    a = ap.parse_args()
    clock = f'wtime {a.time_ms} btime {a.time_ms} winc {a.inc_ms} binc {a.inc_ms}'
    red, black = Uci(a.engine), Uci(a.engine)
    moves, records = [], []
    pos = lambda ms: 'position startpos' + (' moves ' + ' '.join(ms) if ms else '')
    red.send(pos(moves))
    red.send(f'go {clock}')
    t_start = time.monotonic()
    result = 'unfinished (ply limit)'
    while len(moves) < a.plies:
        mv, expected = red.bestmove()
        reply_ms = (time.monotonic() - t_start) * 1000
        if records:
            records[-1]['reply_ms'] = round(reply_ms)
        if mv in ('(none)', '0000'):
            result = 'red has no move'
            break
        moves.append(mv)
        pondering = expected is not None
        if pondering:
            red.send(pos(moves + [expected]))
            red.send(f'go ponder {clock}')
            t_ponder = time.monotonic()
        black.send(pos(moves))
        black.send(f'go {clock}')
        bmv, _ = black.bestmove()
        if bmv in ('(none)', '0000'):
            if pondering:
                red.send('stop')
                red.bestmove()
            result = 'black has no move'
            break
        moves.append(bmv)
        t_start = time.monotonic()
        rec = {'ply': len(moves) - 1, 'expected': expected, 'played': bmv, 'hit': pondering and bmv == expected,
               'ponder_ms': round((t_start - t_ponder) * 1000) if pondering else 0}
        if rec['hit']:
            red.send('ponderhit')
        else:
            if pondering:
                red.send('stop')
                red.bestmove()
            red.send(pos(moves))
            red.send(f'go {clock}')
        rec['saved_ms'] = rec['ponder_ms'] if rec['hit'] else 0
        records.append(rec)
    if records and 'reply_ms' not in records[-1]:
        mv, _ = red.bestmove()
        records[-1]['reply_ms'] = round((time.monotonic() - t_start) * 1000)
    red.quit()
    black.quit()
    commit = subprocess.run(['git', 'rev-parse', '--short', 'HEAD'], capture_output=True, text=True).stdout.strip()
    out = {
        '_about': (f'A real game recorded by tools/ponder_replay.py on {datetime.date.today()} (UTC): Red = the native '
                   f'`duiyi` engine (commit {commit}, release build) over UCI with pondering, Black = a second `duiyi` '
                   f'without pondering; both `go {clock}` every move; {platform.machine()} Linux machine with 2 cores '
                   f'shared with other jobs (load average {os.getloadavg()[0]:.1f} at the end), so times are wall times '
                   f'and noisy. Command: python3 tools/ponder_replay.py --engine target/release/duiyi --plies {a.plies} '
                   f'--time-ms {a.time_ms} --inc-ms {a.inc_ms} --out <file>. ponder: one entry per Black move after '
                   f'Red pondered; ponder_ms = Red\'s pondering before Black moved, reply_ms = Black\'s move to Red\'s '
                   f'bestmove, saved_ms = ponder_ms on a hit (that much search was already done), 0 on a miss.'),
        'engine': f'duiyi {commit}',
        'clock': clock,
        'moves': moves,
        'result': result,
        'ponder': records,
    }
    with open(a.out, 'w') as f:
        json.dump(out, f, indent=1)
        f.write('\n')
    hits = sum(r['hit'] for r in records)
    print(f'{len(moves)} plies, {hits}/{len(records)} ponder hits, saved {sum(r["saved_ms"] for r in records)} ms')


if __name__ == '__main__':
    main()
