"""The self-check of `tools/hex_match.py` (`python3 tools/hex_match.py --self-test`; no engines needed, a few
seconds): the referee's winner detection on hand-made games and against a flood fill on random games, its
refusals, SGF writing read back, the statistics, and short matches between random GTP players (the runner's own
`--random-engine`) including crashing, hanging, slow, illegal and resigning ones.
Prints one line per check group and `self-test: ok`; returns 0, or 1 after the first failed check.
"""
import json, math, os, random, sys, tempfile

from hex_referee import HexBoard, IllegalMove, sgf_moves, sgf_property, sgf_record
from match_stats import elo, score_interval, sprt_bounds, sprt_llr, sprt_state

HERE = os.path.dirname(os.path.abspath(__file__))


class CheckFailed(Exception):
    pass


def check(cond, what):
    if not cond:
        raise CheckFailed(what)


def play_all(size, moves):
    board = HexBoard(size)
    for m in moves:
        board.play(board.to_move(), m)
    return board


def flood_winner(board):
    """An independent winner check: a flood fill from Black's row 1 / White's column a."""
    n = board.size
    for colour, starts, goal in (('b', [(c, 0) for c in range(n)], lambda c, r: r == n - 1),
                                 ('w', [(0, r) for r in range(n)], lambda c, r: c == n - 1)):
        todo = [s for s in starts if board.stones.get(s) == colour]
        seen = set(todo)
        while todo:
            c, r = todo.pop()
            if goal(c, r):
                return colour
            for dc, dr in ((1, 0), (-1, 0), (0, 1), (0, -1), (1, -1), (-1, 1)):
                nb = (c + dc, r + dr)
                if nb not in seen and board.stones.get(nb) == colour:
                    seen.add(nb)
                    todo.append(nb)
    return None


def check_referee():
    check(play_all(3, 'a1 b1 a2 b2'.split()).winner() is None, 'no winner yet')
    check(play_all(3, 'a1 b1 a2 b2 a3'.split()).winner() == 'b', 'Black column a1-a3 wins')
    check(play_all(3, 'c1 a1 b2 a2 a3'.split()).winner() == 'b', 'Black c1-b2-a3 (the (c-1,r+1) diagonal) wins')
    check(play_all(3, 'a1 c1 b2 a3 c3'.split()).winner() is None, 'a1-b2-c3 is not connected')
    check(play_all(3, 'a1 a2 b1 b2 a3 c2'.split()).winner() == 'w', 'White row a2-c2 wins')
    check(play_all(1, ['a1']).winner() == 'b', '1x1: the first stone wins')
    check(play_all(9, 'E5 c3'.split()).moves == [('b', 'e5'), ('w', 'c3')], 'cells are case-insensitive')
    for moves, bad, why in ((['a1'], 'a1', 'occupied'), ([], 'd1', 'off the'), ([], 'a0', 'off the'),
                            ([], 'swap', 'not a cell'), ([], 'pass', 'not a cell'), ([], '', 'not a cell')):
        board = play_all(3, moves)
        try:
            board.play(board.to_move(), bad)
            check(False, f'{bad!r} must be refused ({why})')
        except IllegalMove as e:
            check(why in str(e), f'{bad!r}: {e}')
    board = HexBoard(3)
    try:
        board.play('w', 'a1')
        check(False, 'White cannot move first')
    except IllegalMove:
        pass
    rng = random.Random(20)
    for k in range(300):
        n = rng.choice([2, 3, 5, 7, 9])
        board = HexBoard(n)
        cells = [board.name(c, r) for c in range(n) for r in range(n)]
        rng.shuffle(cells)
        for cell in cells:
            board.play(board.to_move(), cell)
            check(board.winner() == flood_winner(board), f'random game {k}: union-find and flood fill agree')
            if board.winner():
                break
        check(board.winner() is not None, f'random game {k}: a full board has a winner')
    print('referee: ok (hand-made games, refusals, 300 random games against a flood fill)')


def check_sgf():
    moves = [('b', 'e5', None), ('w', 'c3', 0.25), ('b', 'd4', 1.5)]
    text = sgf_record(9, 'duiyi]x', 'wolve', 'w', 'resign', moves, 'opening: e5 [x]', '2024-01-01')
    check(text.startswith('(;FF[4]GM[11]') and text.endswith(')\n'), 'SGF framing')
    check(sgf_property(text, 'SZ') == '9' and sgf_property(text, 'RE') == 'W+Resign', 'SZ and RE')
    check(sgf_property(text, 'PB') == 'duiyi\\]x', 'PB escaped')
    check(sgf_moves(text) == [('b', 'e5'), ('w', 'c3'), ('b', 'd4'), ('b', 'resign')], f'moves: {sgf_moves(text)}')
    check('C[0.250 s]' in text and 'C[opening]' in text, 'per-move comments')
    for ending, re_value in (('connection', 'B+'), ('time', 'B+Time'), ('timeout', 'B+Time'), ('illegal', 'B+Forfeit'),
                             ('crash', 'B+Forfeit')):
        check(sgf_property(sgf_record(5, 'x', 'y', 'b', ending, [], ''), 'RE') == re_value, f'RE for {ending}')
    print('sgf: ok')


def check_stats():
    check(abs(elo(0.5)) < 1e-9 and abs(elo(0.75) - 190.85) < 0.01, 'elo')
    mean, lo, hi = score_interval([1, 0, 1, 0])
    check(mean == 0.5 and abs(hi - 0.5 - 1.96 * 0.5 / 2) < 1e-9, 'interval')
    lo_b, hi_b = sprt_bounds(0.05, 0.05)
    check(abs(hi_b - math.log(19)) < 1e-9 and abs(lo_b + math.log(19)) < 1e-9, 'SPRT bounds')
    check(sprt_llr(0, 0, 0, 50) == 0 and sprt_llr(10, 0, 0, 50) > 0 and sprt_llr(0, 10, 0, 50) < 0, 'LLR signs')
    check(sprt_state(60, 20, 0, 50)['decision'] == 'H1' and sprt_state(20, 60, 0, 50)['decision'] == 'H0', 'SPRT')
    print('stats: ok')


def run(tmp, name, b_mode, extra=(), a_mode='random'):
    """A short match through the real runner: random player A against B (`random:MODE`); returns the summary."""
    import hex_match
    me = f'{sys.executable} {os.path.join(HERE, "hex_match.py")} --random-engine'
    out = os.path.join(tmp, name)
    argv = ['--engine-a', f'{me} {a_mode}', '--engine-b', f'{me} {b_mode}', '--out', out] + list(extra)
    devnull = open(os.devnull, 'w')
    saved, sys.stdout = sys.stdout, devnull
    try:
        summary = hex_match.run_match(hex_match.parse_args(argv))
    finally:
        sys.stdout = saved
        devnull.close()
    on_disk = json.load(open(os.path.join(out, 'summary.json')))
    check(on_disk['summary']['games'] == summary['games'], f'{name}: summary.json written')
    for g in on_disk['games']:
        text = open(os.path.join(out, g['sgf'])).read()
        board = HexBoard(on_disk['config']['size'])
        for colour, cell in sgf_moves(text):
            if cell != 'resign':
                board.play(colour, cell)
        check(sgf_property(text, 'RE')[0] == g['winner'].upper(), f"{name}: RE of {g['sgf']}")
        if g['ending'] == 'connection':
            check(board.winner() == g['winner'], f"{name}: {g['sgf']} replays to its winner")
    return summary


def check_matches():
    with tempfile.TemporaryDirectory() as tmp:
        ops = os.path.join(tmp, 'ops.txt')
        with open(ops, 'w') as f:
            f.write('# test openings\nc3\n\na1 b2   # a comment\n')
        s = run(tmp, 'random', 'random', ['--size', '5', '--openings', ops, '--concurrency', '2'])
        check(s['games'] == 4 and s['wins'] + s['losses'] == 4 and s['endings'] == {'connection': 4}, f'random: {s}')
        check(s['as_black']['games'] == 2 and len(s['per_opening']) == 2, 'random: colours and openings')
        check(set(s['time_per_move']) == {'random-A', 'random-B'}, 'random: equal names made distinct')
        s = run(tmp, 'games', 'random', ['--size', '4', '--openings', ops, '--games', '6', '--name-a', 'x'])
        check(s['games'] == 6 and s['engine_a'] == 'x', 'games cap cycles through the openings')
        s = run(tmp, 'crash', 'random:crash', ['--size', '5', '--games', '2'])
        check(s['wins'] == 2 and s['endings'] == {'crash': 2}, f'crash: {s}')
        s = run(tmp, 'illegal', 'random:illegal', ['--size', '5', '--games', '2'])
        check(s['wins'] == 2 and s['endings'] == {'illegal': 2}, f'illegal: {s}')
        s = run(tmp, 'resign', 'random:resign', ['--size', '5', '--games', '2'])
        check(s['wins'] == 2 and s['endings'] == {'resign': 2}, f'resign: {s}')
        s = run(tmp, 'hang', 'random:hang', ['--size', '5', '--games', '2', '--move-time', '0.01',
                                             '--timeout-factor', '1', '--timeout-extra', '0.3'])
        check(s['wins'] == 2 and s['endings'] == {'timeout': 2}, f'hang: {s}')
        s = run(tmp, 'clock', 'random:slow', ['--size', '5', '--games', '2', '--clock', '0.5'])
        check(s['wins'] == 2 and s['endings'] == {'time': 2}, f'clock: {s}')
        s = run(tmp, 'sprt', 'random:resign', ['--size', '3', '--games', '40', '--sprt', '0,200'])
        check(s['sprt']['decision'] == 'H1' and s['games'] < 40, f'sprt stops early: {s["games"]} games')
    print('matches: ok (random players; crash, illegal, resign, hang, clock, SPRT)')


def self_test():
    try:
        check_referee()
        check_sgf()
        check_stats()
        check_matches()
    except CheckFailed as e:
        print(f'self-test FAILED: {e}')
        return 1
    print('self-test: ok')
    return 0
