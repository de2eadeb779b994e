#!/usr/bin/env python3
"""Hex match runner: two GTP engines play each other, with this runner as the referee (Python 3 standard
library only; issue #20).

    python3 tools/hex_match.py --size 9 \\
        --engine-a "/work/main/target/release/duiyi gtp" --setup-a "param_game move_time 1" \\
        --engine-b "/path/to/wolve" --setup-b "param_wolve max_time 1" --setup-b "param_game allow_swap 0" \\
        --move-time 1 --openings benches/hex-openings-9.txt --out matches/duiyi-wolve-9 --sprt 0,50

The game: an N×N board, Black first and joining rows 1 and N, White joining columns a and N; cells are a column
letter and a row number (`e5`); no swap rule (the runner sends nothing about swap: put e.g.
`param_game allow_swap 0` in the setup lines of an engine that has it on). Every game, each engine gets
`boardsize N`, `clear_board`, then its `--setup-a`/`--setup-b` lines (repeatable, in order; a setup line an
engine refuses stops the match: it is a configuration error). The runner keeps its own board: it checks each
`genmove` answer, sends it to the other engine with `play`, and ends the game when a side joins its edges.

Openings (`--openings FILE`: one per line, space-separated moves from the empty board, Black first, `#` starts
a comment; without a file, one empty opening): each is played twice, engine A first as Black, then as White.
`--games N` caps the number of games (cycling through the openings if N is larger than two per opening);
otherwise `--rounds R` passes through the file (default 1).

Time: `--move-time S` is the engines' time per move as set in their setup lines (the runner does not send it;
it uses it for the hang timeout). `--clock S` gives each side S seconds for the game: before each `genmove`
the engine to move gets `time_left b|w SECONDS` (an engine that refuses it is warned about once), the runner
subtracts the measured wall time, and a side whose clock goes below zero loses on time. Every `genmove` is
timed (wall clock, from sending to the answer). A `genmove` that takes longer than
`--timeout-factor` × move time + `--timeout-extra` seconds (default 10 × S + 10 s; with only a clock: the time
left + the extra; with neither: 300 s) loses by timeout, and the engine is killed and restarted.

A game is lost by: the opponent's connection; `resign`; time or timeout; an illegal or unreadable move, or an
error answer to `genmove`; a crash (the engine is restarted; the match goes on); refusing a legal `play`.

Output in `--out DIR`: `game-0001.sgf`, … (FF[4] GM[11], moves `;B[e5]`, each with its think time in a comment,
RE `B+`/`W+` for a connection, `+Resign`, `+Time`, `+Forfeit` otherwise; the root comment names the opening,
the engines' colours and why the game ended), `summary.json` (the summary below and every game), written after
each game. Printed: a line per game, then the summary: engine A's wins and losses by colour and per opening,
its score with a 95% interval, the Elo difference with a 95% interval, the endings, each engine's time per
move (mean, max), and the SPRT state. `--sprt ELO0,ELO1` runs Wald's SPRT (alpha = beta = 0.05 unless
`--sprt-alpha/--sprt-beta`), H0: A is ELO0 stronger, H1: ELO1; the binomial LLR (no draws in Hex), see
tools/match_stats.py; no new game starts once a bound is crossed (games already running are finished).

`--concurrency K` plays K games at once, each with its own pair of engine processes (kept across that slot's
games). `--engine-log` keeps the engines' stderr in DIR/logs/.

Self-check (no engines needed, a few seconds; CI can run it): `python3 tools/hex_match.py --self-test`.
"""
import argparse, json, os, queue, random, sys, threading, time

from gtp_engine import EngineDead, EngineTimeout, GtpEngine
from hex_referee import COLOUR_NAME, HexBoard, IllegalMove, sgf_record
from match_stats import score_summary, sprt_state

SETUP_TIMEOUT = 60.0      # seconds for any command other than genmove (Benzene may load databases on start)
OTHER = {'b': 'w', 'w': 'b'}


class ConfigError(Exception):
    """A mistake in the match's configuration (bad file, refused setup line): the match stops with its text."""


def read_openings(path, size):
    """[[move, …]] from an opening file, each checked on a referee board (legal, and no side already won)."""
    if path is None:
        return [[]]
    try:
        lines = open(path, encoding='utf-8').read().splitlines()
    except OSError as e:
        raise ConfigError(f'cannot read the openings file: {e}')
    openings = []
    for k, line in enumerate(lines, 1):
        moves = line.split('#', 1)[0].split()
        if not moves:
            continue
        board = HexBoard(size)
        try:
            moves = [board.play(board.to_move(), m) for m in moves]
        except IllegalMove as e:
            raise ConfigError(f'{path}:{k}: {e}')
        if board.winner():
            raise ConfigError(f'{path}:{k}: the opening already ends the game')
        openings.append(moves)
    if not openings:
        raise ConfigError(f'{path}: no openings in the file')
    return openings


class Player:
    """One side of a slot: its engine process, command line, setup lines and name."""

    def __init__(self, key, cmd, setup, name, log_dir, slot):
        self.key, self.cmd, self.setup, self.name = key, cmd, setup, name
        log = os.path.join(log_dir, f'engine-{key}-{slot}.stderr') if log_dir else None
        self.engine = GtpEngine(cmd, f'engine {key.upper()}', log)
        self.broken = False                     # set after a crash or timeout: restart before the next game
        self.warned_time_left = False

    def prepare(self, size):
        """boardsize, clear_board and the setup lines; restarts a broken engine first (one retry on a crash)."""
        for attempt in (0, 1):
            try:
                if self.broken:
                    self.engine.restart()
                    self.broken = False
                for cmd in [f'boardsize {size}', 'clear_board'] + self.setup:
                    ok, text = self.engine.command(cmd, SETUP_TIMEOUT)
                    if not ok:
                        raise ConfigError(f'{self.name} ({self.key.upper()}) refused {cmd!r}: {text}')
                return
            except (EngineDead, EngineTimeout):
                self.broken = True
                if attempt == 1:
                    raise


def hang_limit(args, clock_left):
    """Seconds to wait for a genmove answer before a loss by timeout."""
    limits = []
    if args.move_time:
        limits.append(args.timeout_factor * args.move_time + args.timeout_extra)
    if clock_left is not None:
        limits.append(max(clock_left, 0) + args.timeout_extra)
    return min(limits) if limits else 300.0


def play_game(players, a_black, opening, args):
    """Plays one game. players: {'a': Player, 'b': Player}; returns a dict: black, white (names), winner
    ('b'/'w'), ending (connection, resign, time, timeout, illegal, error, crash, refused), reason (text),
    moves [[colour, cell, seconds or None]]."""
    side = {'b': players['a' if a_black else 'b'], 'w': players['b' if a_black else 'a']}
    board = HexBoard(args.size)
    moves = []
    clock = {'b': args.clock, 'w': args.clock}
    result = dict(black=side['b'].name, white=side['w'].name, moves=moves)

    def end(winner, ending, reason):
        result.update(winner=winner, ending=ending, reason=reason)
        return result

    for colour in 'bw':
        try:
            side[colour].prepare(args.size)
        except (EngineDead, EngineTimeout) as e:
            return end(OTHER[colour], 'crash', f'{side[colour].name} failed to start a game: {e}')
    for cell in opening:
        colour = board.to_move()
        board.play(colour, cell)
        moves.append([colour, cell, None])
        for c in 'bw':
            p = side[c]
            try:
                ok, text = p.engine.command(f'play {colour} {cell}', SETUP_TIMEOUT)
            except (EngineDead, EngineTimeout) as e:
                p.broken = True
                return end(OTHER[c], 'crash', f'{p.name}: {e}')
            if not ok:
                return end(OTHER[c], 'refused', f'{p.name} refused the opening move {colour} {cell}: {text}')
    while True:
        colour = board.to_move()
        p, other = side[colour], side[OTHER[colour]]
        who = f'{p.name} ({COLOUR_NAME[colour]})'
        try:
            if args.clock is not None:
                ok, text = p.engine.command(f'time_left {colour} {max(clock[colour], 0):.3f}', SETUP_TIMEOUT)
                if not ok and not p.warned_time_left:
                    p.warned_time_left = True
                    print(f'warning: {p.name} refused time_left: {text}', file=sys.stderr, flush=True)
            t0 = time.monotonic()
            ok, text = p.engine.command(f'genmove {colour}', hang_limit(args, clock[colour]))
            secs = time.monotonic() - t0
        except EngineTimeout as e:
            p.broken = True
            return end(OTHER[colour], 'timeout', f'{who} lost by timeout: {e}; the engine is restarted')
        except EngineDead as e:
            p.broken = True
            return end(OTHER[colour], 'crash', f'{who} crashed: {e}; the engine is restarted')
        if args.clock is not None:
            clock[colour] -= secs
        if not ok:
            return end(OTHER[colour], 'error', f'{who} answered genmove with an error: {text}')
        answer = text.split()[0].lower() if text.split() else ''
        if answer == 'resign':
            return end(OTHER[colour], 'resign', f'{who} resigned')
        if args.clock is not None and clock[colour] < 0:
            return end(OTHER[colour], 'time', f'{who} lost on time ({secs:.3f} s for its move {answer}, '
                                              f'{clock[colour] + secs:.3f} s left before it)')
        try:
            cell = board.play(colour, answer)
        except IllegalMove as e:
            return end(OTHER[colour], 'illegal', f'{who} played an illegal move {text!r}: {e}')
        moves.append([colour, cell, round(secs, 4)])
        if board.winner():
            return end(colour, 'connection', f'{who} joined its edges')
        try:
            ok, text = other.engine.command(f'play {colour} {cell}', SETUP_TIMEOUT)
        except (EngineDead, EngineTimeout) as e:
            other.broken = True
            return end(colour, 'crash', f'{other.name} ({COLOUR_NAME[OTHER[colour]]}) failed on play: {e}')
        if not ok:
            return end(colour, 'refused', f'{other.name} refused the legal move {colour} {cell}: {text}')


def summarize(games, names, args):
    """The match summary dict from engine A's view (see the module doc)."""
    a, b = names['a'], names['b']
    scores = [g['score'] for g in games]
    out = dict(games=len(games), engine_a=a, engine_b=b, wins=scores.count(1.0), losses=scores.count(0.0))
    if games:
        out.update(score_summary(scores))
    for colour, key in (('b', 'as_black'), ('w', 'as_white')):
        mine = [g for g in games if g['a_colour'] == colour]
        out[key] = dict(games=len(mine), wins=sum(g['score'] == 1.0 for g in mine))
    out['black_wins'] = sum(g['winner'] == 'b' for g in games)
    per = {}
    for g in games:
        d = per.setdefault(g['opening'] or '(empty board)', dict(games=0, wins=0, black_games=0, black_wins=0))
        d['games'] += 1
        d['wins'] += int(g['score'] == 1.0)
        if g['a_colour'] == 'b':
            d['black_games'] += 1
            d['black_wins'] += int(g['score'] == 1.0)
    out['per_opening'] = per
    endings = {}
    for g in games:
        endings[g['ending']] = endings.get(g['ending'], 0) + 1
    out['endings'] = endings
    out['time_per_move'] = {}
    for key, nm in (('a', a), ('b', b)):
        t = [m[2] for g in games for m in g['moves']
             if m[2] is not None and (m[0] == g['a_colour']) == (key == 'a')]
        out['time_per_move'][nm] = dict(moves=len(t), mean=sum(t) / len(t) if t else None, max=max(t, default=None))
    out['losses_by_reason'] = {nm: {} for nm in (a, b)}
    for g in games:
        if g['ending'] != 'connection':
            loser = g['white'] if g['winner'] == 'b' else g['black']
            d = out['losses_by_reason'][loser]
            d[g['ending']] = d.get(g['ending'], 0) + 1
    if args.sprt:
        out['sprt'] = sprt_state(out['wins'], out['losses'], args.sprt[0], args.sprt[1], args.sprt_alpha,
                                 args.sprt_beta)
    return out


def signed(x):
    """An Elo figure as text: sign and whole number, `0` rather than `-0`."""
    r = round(x)
    return f'{r:+d}' if r else '0'


def print_summary(s):
    """Prints the summary dict of `summarize` for people."""
    a, b = s['engine_a'], s['engine_b']
    print(f"\n{a} vs {b}: {s['games']} games, {a} {s['wins']} wins, {s['losses']} losses")
    if not s['games']:
        return
    print(f"  as Black {s['as_black']['wins']}/{s['as_black']['games']}, as White "
          f"{s['as_white']['wins']}/{s['as_white']['games']}; Black won {s['black_wins']}/{s['games']}")
    lo, hi = s['interval']
    elo_lo, elo_hi = s['elo_interval']
    print(f"  score {s['score']:.3f} [{lo:.3f}, {hi:.3f}] (95%), Elo {signed(s['elo'])} "
          f"[{signed(elo_lo)}, {signed(elo_hi)}]")
    print('  per opening, A\'s wins as Black / as White: ' + ', '.join(
        f"{op} {d['black_wins']}/{d['black_games']} {d['wins'] - d['black_wins']}/{d['games'] - d['black_games']}"
        for op, d in s['per_opening'].items()))
    print('  endings: ' + ', '.join(f'{k} {v}' for k, v in sorted(s['endings'].items())))
    for nm, t in s['time_per_move'].items():
        if t['moves']:
            print(f"  {nm}: {t['moves']} moves, {t['mean']:.3f} s mean, {t['max']:.3f} s max per move; "
                  f"losses not by connection: {s['losses_by_reason'][nm] or 'none'}")
    if 'sprt' in s:
        sp = s['sprt']
        print(f"  SPRT elo0={sp['elo0']} elo1={sp['elo1']}: LLR {sp['llr']:.3f} in "
              f"[{sp['bounds'][0]:.3f}, {sp['bounds'][1]:.3f}] -> {sp['decision'] or 'continue'}")


def run_match(args):
    """Plays the match described by args (the parsed command line); returns the summary dict."""
    openings = read_openings(args.openings, args.size)
    pairs = [(op, a_black) for op in openings for a_black in (True, False)]
    n_jobs = args.games if args.games is not None else args.rounds * len(pairs)
    jobs = queue.Queue()
    for k in range(n_jobs):
        jobs.put((k + 1,) + pairs[k % len(pairs)])
    os.makedirs(args.out, exist_ok=True)
    log_dir = os.path.join(args.out, 'logs') if args.engine_log else None
    if log_dir:
        os.makedirs(log_dir, exist_ok=True)

    # Slot 0's players are made here to learn the names; the others in their threads.
    def make_players(slot, names=None):
        ps = {}
        for key, cmd, setup in (('a', args.engine_a, args.setup_a), ('b', args.engine_b, args.setup_b)):
            ps[key] = Player(key, cmd, setup, names[key] if names else None, log_dir, slot)
        return ps

    all_players = []
    try:
        first = make_players(0)
    except EngineDead as e:
        raise ConfigError(str(e))
    all_players.append(first)
    names = {}
    for key, given in (('a', args.name_a), ('b', args.name_b)):
        name = given
        if not name:
            try:
                ok, text = first[key].engine.command('name', SETUP_TIMEOUT)
            except (EngineDead, EngineTimeout) as e:
                for p in first.values():
                    p.engine.kill()
                raise ConfigError(f'engine {key.upper()} does not answer `name`: {e}')
            name = text.split('\n')[0].strip() if ok and text.strip() else f'engine-{key}'
        names[key] = name
    if names['a'] == names['b']:
        names = {k: f'{v}-{k.upper()}' for k, v in names.items()}
    for key in 'ab':
        first[key].name = names[key]

    games, lock = [], threading.Lock()
    stop = threading.Event()
    failure = []
    summary_path = os.path.join(args.out, 'summary.json')
    config = dict(size=args.size, openings=args.openings, move_time=args.move_time, clock=args.clock,
                  engine_a=dict(name=names['a'], cmd=args.engine_a, setup=args.setup_a),
                  engine_b=dict(name=names['b'], cmd=args.engine_b, setup=args.setup_b))

    def write_summary(s):
        with open(summary_path + '.tmp', 'w', encoding='utf-8') as f:
            json.dump(dict(config=config, summary=s, games=games), f, indent=1)
        os.replace(summary_path + '.tmp', summary_path)

    def record(idx, opening, a_black, g):
        g.update(index=idx, opening=' '.join(opening), a_colour='b' if a_black else 'w',
                 score=1.0 if (g['winner'] == 'b') == a_black else 0.0, sgf=f'game-{idx:04d}.sgf')
        comment = (f"opening: {g['opening'] or '(none)'}; {names['a']} (A) plays "
                   f"{COLOUR_NAME[g['a_colour']]}; {g['reason']}")
        sgf = sgf_record(args.size, g['black'], g['white'], g['winner'], g['ending'], g['moves'], comment)
        with open(os.path.join(args.out, g['sgf']), 'w', encoding='utf-8') as f:
            f.write(sgf)
        with lock:
            games.append(g)
            games.sort(key=lambda x: x['index'])
            s = summarize(games, names, args)
            tail = f" LLR {s['sprt']['llr']:.2f}" if 'sprt' in s else ''
            print(f"[{len(games)}/{n_jobs}] #{idx} {g['black']} (B) - {g['white']} (W), "
                  f"opening {g['opening'] or '-'}: {g['winner'].upper()}+ {g['ending']} ({g['reason']}), "
                  f"{len(g['moves'])} moves | {names['a']} {s['score']:.3f} "
                  f"[{s['interval'][0]:.3f}, {s['interval'][1]:.3f}]{tail}", flush=True)
            write_summary(s)
            if 'sprt' in s and s['sprt']['decision'] and not stop.is_set():
                print(f"SPRT: {s['sprt']['decision']} accepted; no new games.", flush=True)
                stop.set()

    def worker(slot):
        players = first if slot == 0 else None
        try:
            if players is None:
                players = make_players(slot, names)
                with lock:
                    all_players.append(players)
            while not stop.is_set():
                try:
                    idx, opening, a_black = jobs.get_nowait()
                except queue.Empty:
                    break
                g = play_game(players, a_black, opening, args)
                if failure:                     # interrupted or stopped by a configuration error meanwhile
                    break
                record(idx, opening, a_black, g)
        except (ConfigError, EngineDead) as e:
            failure.append(str(e))
            stop.set()
        finally:
            for p in (players or {}).values():
                p.engine.quit()

    threads = [threading.Thread(target=worker, args=(k,), daemon=True) for k in range(max(1, args.concurrency))]
    for t in threads:
        t.start()
    try:
        for t in threads:
            while t.is_alive():
                t.join(0.2)
    except KeyboardInterrupt:
        failure.append('interrupted')
        stop.set()
        with lock:
            for ps in all_players:
                for p in ps.values():
                    p.engine.kill()
    if failure and failure[0] != 'interrupted':
        raise ConfigError(failure[0])
    if failure:
        print(f'interrupted: the match stops after {len(games)} finished games', file=sys.stderr, flush=True)
    with lock:
        s = summarize(games, names, args)
        write_summary(s)
    return s


def random_engine(spec):
    """A tiny GTP Hex player for the self-test: random legal moves. spec: 'random' or 'random:MODE' with MODE
    crash (exits on its first genmove), hang (sleeps 60 s on genmove), slow (sleeps 0.3 s before each move),
    illegal (answers an occupied cell, or z99 on an empty board), resign (resigns on its first genmove)."""
    mode = spec.partition(':')[2]
    rng = random.Random(os.getpid())
    board = HexBoard(11)
    for line in sys.stdin:
        words = line.split()
        if not words:
            continue
        cmd, args, answer = words[0], words[1:], ''
        if cmd == 'name':
            answer = 'random'
        elif cmd == 'boardsize':
            board = HexBoard(int(args[0]))
        elif cmd == 'clear_board':
            board = HexBoard(board.size)
        elif cmd == 'play':
            try:
                board.play(args[0][0], args[1])
            except IllegalMove as e:
                sys.stdout.write(f'? {e}\n\n')
                sys.stdout.flush()
                continue
        elif cmd == 'genmove':
            if mode == 'crash':
                sys.exit(3)
            if mode == 'hang':
                time.sleep(60)
            if mode == 'slow':
                time.sleep(0.3)
            if mode == 'resign':
                answer = 'resign'
            elif mode == 'illegal':
                answer = board.moves[0][1] if board.moves else 'z99'
            else:
                free = [board.name(c, r) for c in range(board.size) for r in range(board.size)
                        if (c, r) not in board.stones]
                answer = board.play(args[0][0], rng.choice(free))
        elif cmd == 'quit':
            sys.stdout.write('=\n\n')
            return
        sys.stdout.write(f'= {answer}\n\n')
        sys.stdout.flush()


def parse_args(argv):
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--engine-a', help='engine A command line (the engine under test)')
    ap.add_argument('--engine-b', help='engine B command line')
    ap.add_argument('--setup-a', action='append', default=[], metavar='GTP', help='a setup command for A (repeatable)')
    ap.add_argument('--setup-b', action='append', default=[], metavar='GTP', help='a setup command for B (repeatable)')
    ap.add_argument('--name-a', help='engine A name (default: its GTP `name`)')
    ap.add_argument('--name-b', help='engine B name (default: its GTP `name`)')
    ap.add_argument('--size', type=int, default=11, help='board side, 1..19 (default 11)')
    ap.add_argument('--openings', help='opening file (default: the empty board only)')
    ap.add_argument('--games', type=int,
                    help='number of games (default: every opening with both colours, --rounds times)')
    ap.add_argument('--rounds', type=int, default=1, help='passes through the opening file without --games (default 1)')
    ap.add_argument('--move-time', type=float, help='the engines\' seconds per move (set in their setup lines)')
    ap.add_argument('--clock', type=float, help='seconds per side for the whole game (sent with time_left)')
    ap.add_argument('--timeout-factor', type=float, default=10.0, help='hang timeout: this × move time + extra')
    ap.add_argument('--timeout-extra', type=float, default=10.0, help='seconds added to the hang timeout (default 10)')
    ap.add_argument('--sprt', help='ELO0,ELO1: run an SPRT, stop when decided')
    ap.add_argument('--sprt-alpha', type=float, default=0.05)
    ap.add_argument('--sprt-beta', type=float, default=0.05)
    ap.add_argument('--concurrency', type=int, default=1, help='games at once (default 1)')
    ap.add_argument('--out', help='directory for the SGFs and summary.json')
    ap.add_argument('--engine-log', action='store_true', help='keep the engines\' stderr in OUT/logs/')
    ap.add_argument('--self-test', action='store_true', help='check the referee, SGF writing and a random match')
    ap.add_argument('--random-engine', help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.self_test or args.random_engine:
        return args
    for need in ('engine_a', 'engine_b', 'out'):
        if not getattr(args, need):
            ap.error(f"--{need.replace('_', '-')} is required")
    if not 1 <= args.size <= 19:
        ap.error('--size must be 1..19')
    for k in ('games', 'rounds', 'concurrency'):
        v = getattr(args, k)
        if v is not None and v < 1:
            ap.error(f'--{k} must be at least 1')
    for k in ('move_time', 'clock'):
        v = getattr(args, k)
        if v is not None and not v > 0:
            ap.error(f"--{k.replace('_', '-')} must be more than 0 seconds")
    if args.sprt:
        try:
            e0, e1 = (float(x) for x in args.sprt.split(','))
        except ValueError:
            ap.error('--sprt expects ELO0,ELO1 such as 0,50')
        if e0 == e1:
            ap.error('--sprt: ELO0 and ELO1 must differ')
        args.sprt = (e0, e1)
        if not (0 < args.sprt_alpha < 1 and 0 < args.sprt_beta < 1):
            ap.error('--sprt-alpha and --sprt-beta must be between 0 and 1')
    return args


def main(argv=None):
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.random_engine:
        random_engine(args.random_engine)
        return 0
    if args.self_test:
        from hex_match_selftest import self_test
        return self_test()
    try:
        s = run_match(args)
    except ConfigError as e:
        print(f'hex_match: {e}', file=sys.stderr)
        return 2
    print_summary(s)
    print(f"\nSGFs and summary.json in {args.out}")
    return 0


if __name__ == '__main__':
    sys.exit(main())
