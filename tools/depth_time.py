#!/usr/bin/env python3
"""Time to a fixed depth for UCI Xiangqi engines, each one warm process: every position searched to `--depth`
after `ucinewgame`, the whole list `--passes` times; prints, per engine and pass, the sum of the times the
engine reported (`info depth D … time T`, ms) and the nodes. Engines that search the same tree (the native
build and the wasm build) give the same node counts, so the ratio of the times is a speed ratio. Run the
engines in turn (`--order` repeats the list) so that a changing load falls on each alike.

    python3 tools/depth_time.py --depth 9 --engine native=target/release/duiyi \\
        --engine "wasm=node tools/wasm-engine.mjs" --order 2

Positions: `--openings FILE` (ICCS move lines, `#` comments; default benches/real-openings.txt), the first
`--first N` (default 6) after the start position.
"""
import argparse
import re
import shlex
import subprocess


def run(cmd, lines, depth, passes):
    """[(total ms, total nodes)] per pass for engine command `cmd`."""
    p = subprocess.Popen(shlex.split(cmd), stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(s):
        p.stdin.write(s + '\n')
        p.stdin.flush()
    send('uci')
    while True:
        line = p.stdout.readline()
        if not line:
            raise SystemExit(f'{cmd}: the engine exited before uciok')
        if 'uciok' in line:
            break
    out = []
    for _ in range(passes):
        ms = nodes = 0
        for mv in lines:
            send('ucinewgame')
            send('position startpos moves ' + mv)
            send(f'go depth {depth}')
            t = n = 0
            while True:
                line = p.stdout.readline()
                if not line:
                    raise SystemExit(f'{cmd}: the engine exited')
                m = re.search(rf'^info depth {depth} .*nodes (\d+) .*time (\d+)', line)
                if m:
                    n, t = int(m.group(1)), int(m.group(2))
                if line.startswith('bestmove'):
                    break
            ms += t
            nodes += n
        out.append((ms, nodes))
    send('quit')
    p.wait()
    return out


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--engine', action='append', required=True, help='NAME=COMMAND')
    ap.add_argument('--depth', type=int, default=9)
    ap.add_argument('--openings', default='benches/real-openings.txt')
    ap.add_argument('--first', type=int, default=6)
    ap.add_argument('--passes', type=int, default=2)
    ap.add_argument('--order', type=int, default=1, help='how many times to run the list of engines in turn')
    args = ap.parse_args()
    lines = [l.partition('#')[0].strip() for l in open(args.openings, encoding='utf-8')]
    lines = [l for l in lines if l][:args.first]
    for _ in range(args.order):
        for spec in args.engine:
            name, _, cmd = spec.partition('=')
            res = run(cmd, lines, args.depth, args.passes)
            print(name, ' '.join(f'{ms} ms / {n} nodes' for ms, n in res), flush=True)


if __name__ == '__main__':
    main()
