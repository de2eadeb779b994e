#!/usr/bin/env python3
"""Hex tactics runner: asks a GTP engine for one move in each position of a tactics file and counts the
positions where the move is one of the proved winning cells (Python 3 standard library only).

    python3 tools/hex_tactics.py --engine "/work/peers/duiyi-base gtp" --setup "param_game move_time 1"
    python3 tools/hex_tactics.py --engine /path/to/mohex --setup "param_game allow_swap 0" \\
        --setup "param_mohex max_time 1" --setup "param_mohex num_threads 1" --size 7 --json out.json
    python3 tools/hex_tactics.py --self-test       # no engine needed: checks the file and the runner

The file (default `benches/data/hex-tactics.txt`): `#` starts a comment; one position a line,
`SIZE<TAB>MOVES<TAB>TO_MOVE<TAB>WINNING_CELLS<TAB>SOURCE`, e.g.
`7<TAB>b:d4 w:d6 b:c5 w:b7 b:e3<TAB>w<TAB>c2,f2,c3<TAB>regression`. MOVES are `colour:cell` from the empty
board, Black first, the colours alternating (the coordinates of tools/hex_referee.py: a column letter from `a`,
a row number from 1; Black joins rows 1 and N, White columns a and N; no swap); TO_MOVE is the side to move
(`b`/`w`); WINNING_CELLS lists every winning move, all the other empty cells lose.

For each position (in file order, `--size` keeps only some sizes) the engine gets `boardsize N`, `clear_board`,
the `--setup` lines (repeatable, in order, as in tools/hex_match.py; a refused one stops the run), a
`play COLOUR CELL` per move, then `genmove COLOUR`, timed on the wall clock from sending to the answer. The
answer scores when it is one of the winning cells; `resign`, an illegal or unreadable answer, an error, a crash
or a timeout (`--timeout`, default 60 s; the engine is then restarted) score nothing. Printed: a line per
position, then `solved K of N (7x7: a/b, 8x8: c/d), mean time per move T s`. `--json OUT` writes the
configuration, every position's result and the summary.
"""
import argparse, json, os, sys, tempfile, time

from gtp_engine import EngineDead, EngineTimeout, GtpEngine
from hex_referee import HexBoard, IllegalMove

HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_FILE = os.path.join(HERE, '..', 'benches', 'data', 'hex-tactics.txt')
SETUP_TIMEOUT = 60.0
COLOURS = {'b': 'b', 'w': 'w', 'black': 'b', 'white': 'w'}


class FileError(ValueError):
    """A malformed line of the tactics file; the message names the file and line."""


class ConfigError(Exception):
    """A setup line the engine refuses, or an engine that cannot start."""


def parse_line(line, where):
    """A dict (size, moves [(colour, cell)], to_move, winning [cells], source) from one data line, checked on a
    referee board: legal alternating moves, no winner yet, TO_MOVE the side to move, the winning cells empty,
    distinct and on the board."""
    parts = line.split('\t')
    if len(parts) != 5:
        raise FileError(f'{where}: expected 5 tab-separated fields, got {len(parts)}')
    size_s, moves_s, to_move_s, win_s, source = (p.strip() for p in parts)
    try:
        size = int(size_s)
    except ValueError:
        raise FileError(f'{where}: size {size_s!r} is not a number')
    if not 1 <= size <= 19:
        raise FileError(f'{where}: size {size} is not in 1..19')
    board = HexBoard(size)
    moves = []
    for word in moves_s.split():
        colour, sep, cell = word.partition(':')
        colour = COLOURS.get(colour.lower())
        if not sep or colour is None:
            raise FileError(f'{where}: move {word!r} is not colour:cell such as b:d4')
        try:
            moves.append((colour, board.play(colour, cell)))
        except IllegalMove as e:
            raise FileError(f'{where}: move {word!r}: {e}')
    if board.winner():
        raise FileError(f'{where}: the game is already over')
    to_move = COLOURS.get(to_move_s.lower())
    if to_move is None:
        raise FileError(f'{where}: TO_MOVE {to_move_s!r} is not b or w')
    if to_move != board.to_move():
        raise FileError(f'{where}: TO_MOVE is {to_move} but the moves leave {board.to_move()} to move')
    winning = []
    for cell in (c.strip() for c in win_s.split(',')):
        try:
            c, r = board.parse(cell)
        except IllegalMove as e:
            raise FileError(f'{where}: winning cell: {e}')
        name = board.name(c, r)
        if (c, r) in board.stones:
            raise FileError(f'{where}: winning cell {name} is occupied')
        if name in winning:
            raise FileError(f'{where}: winning cell {name} is listed twice')
        winning.append(name)
    empty = size * size - len(moves)
    if len(winning) >= empty:
        raise FileError(f'{where}: every empty cell is listed as winning')
    return dict(size=size, moves=moves, to_move=to_move, winning=winning, source=source, empty=empty)


def read_positions(path):
    """The positions of a tactics file, each with its line number; FileError on the first bad line."""
    try:
        lines = open(path, encoding='utf-8').read().splitlines()
    except OSError as e:
        raise FileError(f'cannot read {path}: {e}')
    out = []
    for k, line in enumerate(lines, 1):
        if not line.strip() or line.lstrip().startswith('#'):
            continue
        p = parse_line(line, f'{path}:{k}')
        p['line'] = k
        out.append(p)
    if not out:
        raise FileError(f'{path}: no positions')
    return out


def ask(engine, setup, p, timeout):
    """(answer, seconds, note) for one position; answer '' when the engine gave no usable move."""
    for cmd in [f"boardsize {p['size']}", 'clear_board'] + setup:
        ok, text = engine.command(cmd, SETUP_TIMEOUT)
        if not ok:
            raise ConfigError(f'the engine refused {cmd!r}: {text}')
    for colour, cell in p['moves']:
        ok, text = engine.command(f'play {colour} {cell}', SETUP_TIMEOUT)
        if not ok:
            return '', 0.0, f'refused play {colour} {cell}: {text}'
    t0 = time.monotonic()
    ok, text = engine.command(f"genmove {p['to_move']}", timeout)
    secs = time.monotonic() - t0
    if not ok:
        return '', secs, f'genmove error: {text}'
    answer = text.split()[0].lower() if text.split() else ''
    if answer == 'resign':
        return answer, secs, 'resigned'
    board = HexBoard(p['size'])
    try:
        board.parse(answer)
    except IllegalMove as e:
        return answer, secs, f'unreadable answer: {e}'
    return answer, secs, ''


def run(args, positions, out=sys.stdout):
    """Runs the engine over the positions; returns the result dict (config, positions, summary)."""
    try:
        engine = GtpEngine(args.engine, 'engine', args.engine_log)
    except EngineDead as e:
        raise ConfigError(str(e))
    results = []
    try:
        for i, p in enumerate(positions, 1):
            try:
                answer, secs, note = ask(engine, args.setup, p, args.timeout)
            except EngineTimeout as e:
                answer, secs, note = '', args.timeout, f'timeout: {e}'
                engine.restart()
            except EngineDead as e:
                answer, secs, note = '', 0.0, f'crash: {e}'
                engine.restart()
            ok = answer in p['winning']
            results.append(dict(line=p['line'], size=p['size'], to_move=p['to_move'],
                                moves=' '.join(f'{c}:{m}' for c, m in p['moves']), winning=p['winning'],
                                source=p['source'], answer=answer, ok=ok, seconds=round(secs, 4), note=note))
            print(f"[{i}/{len(positions)}] {p['size']}x{p['size']} line {p['line']} {p['to_move']} to move: "
                  f"{answer or '-'} {'ok' if ok else 'MISS'} {secs:.3f} s (wins: {','.join(p['winning'])})"
                  f"{' ' + note if note else ''} | {p['source']}", file=out, flush=True)
    finally:
        engine.quit()
    return dict(config=dict(engine=args.engine, setup=args.setup, file=args.file, sizes=args.size,
                            timeout=args.timeout),
                positions=results, summary=summarize(results))


def summarize(results):
    sizes = {}
    for r in results:
        d = sizes.setdefault(f"{r['size']}x{r['size']}", dict(solved=0, total=0))
        d['total'] += 1
        d['solved'] += int(r['ok'])
    times = [r['seconds'] for r in results]
    return dict(solved=sum(r['ok'] for r in results), total=len(results),
                per_size=dict(sorted(sizes.items(), key=lambda kv: int(kv[0].split('x')[0]))),
                mean_seconds=sum(times) / len(times) if times else None, max_seconds=max(times, default=None))


def summary_line(s):
    per = ', '.join(f"{k}: {v['solved']}/{v['total']}" for k, v in s['per_size'].items())
    mean = f"{s['mean_seconds']:.3f} s" if s['mean_seconds'] is not None else '-'
    return f"solved {s['solved']} of {s['total']} ({per}), mean time per move {mean}"


# ---------------------------------------------------------------------------------------------------------
# Self-test (no engine): the data file's lines, the parser's refusals, and a run with a tiny GTP player.

def fake_engine(mode):
    """A tiny GTP Hex player for the self-test. mode 'first': answers the first empty cell in a1, b1, … order;
    'resign': resigns; 'crash': exits on genmove."""
    board = HexBoard(11)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, rest, answer = words[0], words[1:], ''
        if cmd == 'boardsize':
            board = HexBoard(int(rest[0]))
        elif cmd == 'clear_board':
            board = HexBoard(board.size)
        elif cmd == 'play':
            try:
                board.play(rest[0][0], rest[1])
            except IllegalMove as e:
                sys.stdout.write(f'? {e}\n\n')
                sys.stdout.flush()
                continue
        elif cmd == 'genmove':
            if mode == 'crash':
                sys.exit(3)
            if mode == 'resign':
                answer = 'resign'
            else:
                answer = next(board.name(c, r) for r in range(board.size) for c in range(board.size)
                              if (c, r) not in board.stones)
        elif cmd == 'param_game' and rest and rest[0] == 'bad':
            sys.stdout.write('? unknown parameter\n\n')
            sys.stdout.flush()
            continue
        elif cmd == 'quit':
            sys.stdout.write('=\n\n')
            sys.stdout.flush()
            return
        sys.stdout.write(f'= {answer}\n\n')
        sys.stdout.flush()


def self_test(path):
    def check(cond, what):
        if not cond:
            raise AssertionError(what)

    positions = read_positions(path)
    sizes = {}
    for p in positions:
        sizes[p['size']] = sizes.get(p['size'], 0) + 1
        # The 7x7/8x8 sets keep positions with 1 to 3 winning cells; the 9x9 set has longer lists. Either way a
        # position must have a winning move and a losing one.
        empty = p['size'] * p['size'] - len(p['moves'])
        check(1 <= len(p['winning']) < empty, f"line {p['line']}: {len(p['winning'])} winning cells of {empty} empty")
    seen = set()
    for p in positions:
        key = (p['size'], frozenset(p['moves']))
        check(key not in seen, f"line {p['line']}: the same position twice")
        seen.add(key)
    print(f"data: {len(positions)} positions in {path} "
          f"({', '.join(f'{n}x{n}: {k}' for n, k in sorted(sizes.items()))}), "
          f"{min(len(p['winning']) for p in positions)}..{max(len(p['winning']) for p in positions)} winning cells each")

    good = '7\tb:d4 w:d6 b:c5 w:b7 b:e3\tw\tc2,f2,c3\tregression'
    check(parse_line(good, 'x')['winning'] == ['c2', 'f2', 'c3'], 'a good line')
    bad = ['7\tb:d4\tw\tc2', '7\tb:d4 w:d6\tw\tc2\tx', '7\tb:d4 b:d6\tw\tc2\tx', '7\tb:d4\tw\td4\tx',
           '7\tb:d4\tw\th1\tx', '7\tb:d4\tw\tc2,c2\tx', '7\td4\tw\tc2\tx', '21\t\tb\ta1\tx', '7\tb:d4\tx\tc2\tx',
           '2\tb:a1 w:b1 b:a2\tw\tb2\tx', '2\tb:a1\tw\tb1,a2,b2\tx']
    for line in bad:
        try:
            parse_line(line, 'x')
        except FileError:
            continue
        raise AssertionError(f'accepted a bad line {line!r}')
    print(f'parser: a good line read, {len(bad)} bad lines refused')

    me = f'{sys.executable} {os.path.abspath(__file__)} --fake-engine'
    tests = [good + '\n',
             '7\tb:a1 w:b2\tb\ta2\tfirst empty cell is b1: a miss\n',
             '8\t\tb\ta1,b1\tempty 8x8 board, a1 wins here\n']
    with tempfile.TemporaryDirectory() as tmp:
        f = os.path.join(tmp, 't.txt')
        open(f, 'w').write('# test\n' + ''.join(tests))
        ps = read_positions(f)
        sink = open(os.devnull, 'w')
        ns = argparse.Namespace(engine=me + ' first', setup=['param_game move_time 1'], file=f, size=None,
                                timeout=10.0, engine_log=None)
        s = run(ns, ps, sink)['summary']
        check((s['solved'], s['total']) == (1, 3), f'first-cell player: {summary_line(s)}')
        check(s['per_size'] == {'7x7': dict(solved=0, total=2), '8x8': dict(solved=1, total=1)},
              f'per size: {s}')
        ns.engine = me + ' resign'
        s = run(ns, ps, sink)['summary']
        check(s['solved'] == 0, 'a resigning player solves nothing')
        ns.engine = me + ' crash'
        r = run(ns, ps, sink)
        check(r['summary']['solved'] == 0 and all(x['note'].startswith('crash') for x in r['positions']),
              'a crashing player: every position a crash, the engine restarted')
        ns.engine, ns.setup = me + ' first', ['param_game bad 1']
        try:
            run(ns, ps, sink)
            raise AssertionError('a refused setup line was accepted')
        except ConfigError:
            pass
    print('runner: a first-empty-cell player 1/3, resigning and crashing players 0/3, a refused setup stops')
    print('self-test: ok')
    return 0


def main(argv=None):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--engine', help='the engine\'s command line (GTP on stdin/stdout)')
    ap.add_argument('--setup', action='append', default=[], metavar='GTP',
                    help='a command sent after boardsize/clear_board for every position (repeatable)')
    ap.add_argument('--file', default=DEFAULT_FILE, help='the tactics file (default benches/data/hex-tactics.txt)')
    ap.add_argument('--size', type=int, action='append', help='only positions of this board size (repeatable)')
    ap.add_argument('--json', metavar='OUT', help='write the configuration, results and summary as JSON')
    ap.add_argument('--timeout', type=float, default=60.0, help='seconds for a genmove answer (default 60)')
    ap.add_argument('--engine-log', metavar='FILE', help='append the engine\'s stderr to FILE')
    ap.add_argument('--self-test', action='store_true', help='check the file and the runner, no engine needed')
    ap.add_argument('--fake-engine', help=argparse.SUPPRESS)
    args = ap.parse_args(sys.argv[1:] if argv is None else argv)
    if args.fake_engine:
        fake_engine(args.fake_engine)
        return 0
    try:
        if args.self_test:
            return self_test(args.file)
        if not args.engine:
            ap.error('--engine is required')
        positions = read_positions(args.file)
    except (FileError, AssertionError) as e:
        print(f'hex_tactics: {e}', file=sys.stderr)
        return 1
    if args.size:
        positions = [p for p in positions if p['size'] in args.size]
        if not positions:
            print(f'hex_tactics: no positions of size {args.size}', file=sys.stderr)
            return 1
    try:
        result = run(args, positions)
    except ConfigError as e:
        print(f'hex_tactics: {e}', file=sys.stderr)
        return 2
    print(summary_line(result['summary']))
    if args.json:
        with open(args.json, 'w', encoding='utf-8') as f:
            json.dump(result, f, indent=1)
    return 0


if __name__ == '__main__':
    sys.exit(main())
