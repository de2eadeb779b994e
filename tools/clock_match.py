#!/usr/bin/env python3
"""Xiangqi match runner: two UCI or UCCI engines at a real clock, each told its own and its opponent's time
(`go wtime btime winc binc`, UCCI `go time T increment I opptime T oppincrement I` with `usemillisec`), or at a
fixed time per move (`--movetime MS`: UCI `go movetime MS`, UCCI `go time MS movestogo 1`, which ElephantEye
takes as its time for this move and uses about 0.6 of) or a fixed node count (`--nodes N`, both protocols
`go nodes N`; the machine's load cannot bias such a match). `duiyi judge` (this project's rules, Asian repetition
rules included) is the referee.

Each opening (a line of ICCS moves; `#` starts a comment) is played twice, once with each engine as Red.
An engine that answers `nobestmove` while the referee lets the game go on claims a draw and gets it
(ElephantEye does so at any repetition and at its own move-count limit, which differ from the Asian rules'
verdicts; scoring it as a loss would credit its opponent with a win it did not make). A side whose clock runs
out loses (a draw is not given for insufficient material: the engines here always
have mating material when they flag in practice; the flag is counted and reported). A game ends by the
referee's verdict, by adjudication after `--maxplies` plies (a draw), or when a side flags.

The result: wins/draws/losses of the first engine, its score with a 95% interval (normal approximation over
game outcomes), the Elo difference with its interval, the per-move think times of each engine
(median, 90th percentile, max; as measured by this runner from `go`, or `ponderhit` after a ponder hit, to
`bestmove`), and the score per opening family: an opening line's comment up to its first `|` names its family
(`benches/real-openings.txt`).
With `--resume` the match recorded in `--json` is taken up (an interrupted long match, or more openings): its games
count and only the ones it lacks are played; a record of another match (engines, time control or limit) is refused.
With `--sprt ELO0,ELO1` the match stops when the sequential probability ratio test (α = β = 0.05, on wins and
losses) accepts either hypothesis.

    python3 tools/clock_match.py --engine name=new cmd=target/release/duiyi proto=uci \\
        --engine name=old cmd=/tmp/old/duiyi proto=uci --tc 10+0.1 --openings benches/openings.txt \\
        --referee target/release/duiyi --concurrency 1 --json out.json --pgn games.pgn

Pondering (`ponder=on` in an engine's spec; clock games only): after such an engine answers `bestmove X ponder
Y`, the runner sends it `position … X Y` and `go ponder` with the clocks as they will stand when Y is played (its
own clock after X and the increment, the opponent's as it is now), then asks the opponent for its move. If the
opponent plays Y (a ponder hit) the runner sends `ponderhit` and the engine's clock runs from that moment to its
`bestmove`; otherwise (a miss) it sends `stop`, discards the ponder search's `bestmove` and sends the usual
`position` and `go`. A game that ends while an engine ponders gets `stop` before `quit`. The engine is told
`setoption Ponder true` (UCCI `setoption ponder true`) when it lists that option. Per game and in the summary
(`ponder_NAME`): hits, misses, `unpredicted` (turns after a `bestmove` without a ponder move), the hit rate
and the think times after a hit. Hits + misses + unpredicted = the engine's turns in the game less one.
The opponent thinks while the engine ponders, so a pondering match needs two free cores, one per engine:
`cpu=N` runs an engine under `taskset -c N` (e.g. `cpu=0` and `cpu=1`, with `--concurrency 1`).

    python3 tools/clock_match.py --engine name=ponder cmd=target/release/duiyi ponder=on cpu=0 \\
        --engine name=plain cmd=target/release/duiyi cpu=1 --tc 10+0.1 --openings benches/real-openings.txt \\
        --referee target/release/duiyi --concurrency 1 --json out.json

Engine options: `opt:Name=Value` (sent with setoption, e.g. `opt:Hash=64`), `cwd=DIR`, and `coords=fsf` for an
engine that numbers ranks 1–10 (Fairy-Stockfish; the runner converts its moves to and from ICCS ranks 0–9):

    --engine name=fsf cmd=/path/to/fairy-stockfish proto=uci coords=fsf opt:UCI_Variant=xiangqi \\
        "opt:Use NNUE=false" opt:Threads=1
"""
import argparse, json, os, queue, re, shlex, shutil, statistics, subprocess, threading, time

from match_stats import score_summary, sprt_state   # tools/match_stats.py (this script's directory is on sys.path)


def shift_ranks(move, d):
    """An ICCS move (`h2e2`) with both ranks moved by `d` (+1: to Fairy-Stockfish's ranks 1–10; −1: back)."""
    m = re.match(r'^([a-i])(\d+)([a-i])(\d+)$', move)
    if not m:
        return move
    return f'{m[1]}{int(m[2]) + d}{m[3]}{int(m[4]) + d}'


BESTMOVE = re.compile(r'^(bestmove|nobestmove)\b')


class Engine:
    """One engine process speaking UCI or UCCI (under `taskset -c N` with `cpu=N`). With `ponder=on` it is told
    to ponder after each `bestmove … ponder P` (see `start_ponder`, `resolve_ponder`, `stop_ponder`)."""

    def __init__(self, spec):
        self.name, self.cmd, self.proto = spec['name'], spec['cmd'], spec.get('proto', 'uci')
        self.fsf = spec.get('coords') == 'fsf'
        self.ponders = spec.get('ponder') == 'on'
        self.pondering = None           # the predicted reply (ICCS) while a `go ponder` runs
        argv = shlex.split(self.cmd)
        if spec.get('cpu') is not None:
            argv = ['taskset', '-c', spec['cpu']] + argv
        self.p = subprocess.Popen(argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1, cwd=spec.get('cwd'))
        self.lines = queue.Queue()
        threading.Thread(target=self._read, daemon=True).start()
        options = []
        if self.proto == 'uci':
            self.send('uci')
            self.wait(lambda l: options.append(l) or l == 'uciok', 30)
            if self.ponders and any(re.match(r'option name ponder type', l, re.I) for l in options):
                self.send('setoption name Ponder value true')
            for k, v in spec['opts'].items():
                self.send(f'setoption name {k} value {v}')
        else:
            self.send('ucci')
            self.wait(lambda l: options.append(l) or l == 'ucciok', 30)
            self.send('setoption usemillisec true')
            if self.ponders and any(re.match(r'option ponder ', l, re.I) for l in options):
                self.send('setoption ponder true')
            for k, v in spec['opts'].items():
                self.send(f'setoption {k} {v}')
        self.send('isready')
        self.wait(lambda l: l == 'readyok', 30)

    def _read(self):
        for line in self.p.stdout:
            self.lines.put(line.strip())
        self.lines.put(None)

    def send(self, s):
        self.p.stdin.write(s + '\n')
        self.p.stdin.flush()

    def wait(self, pred, timeout):
        end = time.time() + timeout
        while True:
            try:
                line = self.lines.get(timeout=max(0.01, end - time.time()))
            except queue.Empty:
                raise TimeoutError(f'{self.name}: no answer in {timeout} s')
            if line is None:
                raise EOFError(f'{self.name}: the engine exited')
            if pred(line):
                return line

    def new_game(self):
        self.send('ucinewgame' if self.proto == 'uci' else 'setoption newgame')
        self.send('isready')
        self.wait(lambda l: l == 'readyok', 30)

    def _position(self, moves):
        if self.fsf:
            moves = [shift_ranks(m, 1) for m in moves]
        self.send('position startpos' + (f' moves {" ".join(moves)}' if moves else ''))

    def _clock(self, red_to_move, my_ms, opp_ms, inc_ms):
        """The clock part of a `go` command (UCI wtime/btime/winc/binc, UCCI time/increment/opptime/...)."""
        if self.proto == 'uci':
            w, b = (my_ms, opp_ms) if red_to_move else (opp_ms, my_ms)
            return f'wtime {int(w)} btime {int(b)} winc {int(inc_ms)} binc {int(inc_ms)}'
        return f'time {int(my_ms)} increment {int(inc_ms)} opptime {int(opp_ms)} oppincrement {int(inc_ms)}'

    def _answer(self, t0, my_ms):
        """Reads until `bestmove` / `nobestmove` (sending `stop` when `my_ms` + 5 s pass without one); returns
        (move or None, ponder move or None, seconds since `t0`), moves in ICCS."""
        try:
            line = self.wait(lambda l: BESTMOVE.match(l), my_ms / 1000 + 5)
        except TimeoutError:
            self.send('stop')
            line = self.wait(lambda l: BESTMOVE.match(l), 10)
        dt = time.time() - t0
        parts = line.split()
        mv = parts[1] if parts[0] == 'bestmove' and len(parts) > 1 else None
        pm = parts[3] if mv and len(parts) > 3 and parts[2] == 'ponder' else None
        if self.fsf:
            mv, pm = (shift_ranks(mv, -1) if mv else None), (shift_ranks(pm, -1) if pm else None)
        return mv, pm, dt

    def go(self, moves, red_to_move, my_ms, opp_ms, inc_ms, limit=None):
        """Returns (bestmove, ponder move, seconds taken); bestmove None for `nobestmove` or when it ran out of
        `my_ms` + 5 s (then it is sent `stop`). `limit`: ('movetime', ms) or ('nodes', n) instead of the clock."""
        self._position(moves)
        if limit and limit[0] == 'nodes':
            cmd = f'go nodes {limit[1]}'
            my_ms = 600000
        elif limit:
            cmd = f'go movetime {limit[1]}' if self.proto == 'uci' else f'go time {limit[1]} movestogo 1'
            my_ms = 3 * limit[1] + 5000
        else:
            cmd = 'go ' + self._clock(red_to_move, my_ms, opp_ms, inc_ms)
        t0 = time.time()
        self.send(cmd)
        return self._answer(t0, my_ms)

    def start_ponder(self, moves, predicted, red_to_move, my_ms, opp_ms, inc_ms):
        """`position … moves <moves> <predicted>` and `go ponder` with the clocks as they will stand when the
        predicted reply is played (`my_ms`: the engine's own, `red_to_move`: its colour)."""
        self._position(moves + [predicted])
        self.send('go ponder ' + self._clock(red_to_move, my_ms, opp_ms, inc_ms))
        self.pondering = predicted

    def resolve_ponder(self, reply, my_ms):
        """The opponent answered `reply` during the ponder search. A hit: `ponderhit`, and (move, ponder move,
        seconds from the `ponderhit`) as `go` returns. A miss: `stop`, the ponder search's answer discarded,
        and None (the caller sends the usual `go`)."""
        predicted, self.pondering = self.pondering, None
        if reply == predicted:
            t0 = time.time()
            self.send('ponderhit')
            return self._answer(t0, my_ms)
        self.send('stop')
        self.wait(lambda l: BESTMOVE.match(l), 10)
        return None

    def stop_ponder(self):
        """Ends a running ponder search (the game is over): `stop`, its `bestmove` read and discarded."""
        if self.pondering is not None:
            self.pondering = None
            self.send('stop')
            self.wait(lambda l: BESTMOVE.match(l), 10)

    def quit(self):
        try:
            self.stop_ponder()
        except Exception:
            pass
        try:
            self.send('quit')
            self.p.wait(timeout=3)
        except Exception:
            self.p.kill()


def judge(referee, moves):
    """The referee's verdict after `moves`: (result 'red'|'black'|'draw'|None, reason)."""
    out = subprocess.run([referee, 'judge', '--moves', ' '.join(moves)], capture_output=True, text=True)
    if out.returncode != 0:
        return 'illegal', out.stderr.strip()
    v = json.loads(out.stdout)
    return v.get('result'), v.get('reason')


def play(specs, red_first, opening, tc, referee, maxplies, limit=None):
    """Plays one game; returns a dict with the result from engine 0's view, the think times (seconds, from `go`
    or `ponderhit` to `bestmove`) and, for each engine with `ponder=on`, its ponder hits and misses."""
    base_ms, inc_ms = tc
    order = [0, 1] if red_first else [1, 0]        # order[0] plays Red
    engines = [Engine(specs[i]) for i in order]
    clocks = [base_ms, base_ms]
    moves = list(opening)
    times = {specs[0]['name']: [], specs[1]['name']: []}
    ponder = {e.name: dict(hits=0, misses=0, unpredicted=0, hit_times=[]) for e in engines if e.ponders}
    result, reason, flags = None, '', None
    try:
        for e in engines:
            e.new_game()
        result, reason = judge(referee, moves)
        while result is None:
            if len(moves) >= maxplies:
                result, reason = 'draw', f'adjudicated after {maxplies} plies'
                break
            side = len(moves) % 2           # 0 Red, 1 Black (the openings start from the start position)
            e = engines[side]
            answer = None
            if e.pondering is not None:
                hit = moves[-1] == e.pondering
                answer = e.resolve_ponder(moves[-1], clocks[side])
                ponder[e.name]['hits' if hit else 'misses'] += 1
                if hit:
                    ponder[e.name]['hit_times'].append(answer[2])
            elif e.ponders and times[e.name]:
                ponder[e.name]['unpredicted'] += 1
            if answer is None:
                answer = e.go(moves, side == 0, clocks[side], clocks[1 - side], inc_ms, limit)
            mv, pm, dt = answer
            times[e.name].append(dt)
            if not limit:                   # the clock: a fixed time or node count per move has none
                clocks[side] -= dt * 1000
                if clocks[side] < 0:
                    result, reason, flags = ('black' if side == 0 else 'red'), f'{e.name} lost on time', e.name
                    break
                clocks[side] += inc_ms
            if mv is None:
                result, reason = 'draw', f'{e.name} claimed a draw (nobestmove)'
                break
            moves.append(mv)
            result, reason = judge(referee, moves)
            if result == 'illegal':
                result, reason = ('black' if side == 0 else 'red'), f'{e.name} played an illegal move {mv}'
            elif result is None and e.ponders and pm and len(moves) < maxplies:
                e.start_ponder(moves, pm, side == 0, clocks[side], clocks[1 - side], inc_ms)
    finally:
        for e in engines:
            e.quit()
    red_name = specs[order[0]]['name']
    score0 = 0.5 if result == 'draw' else (1.0 if (result == 'red') == (red_name == specs[0]['name']) else 0.0)
    g = dict(opening=' '.join(opening), red=red_name, result=result, reason=reason, score=score0,
             plies=len(moves), moves=' '.join(moves), times=times, flag=flags)
    if ponder:
        g['ponder'] = ponder
    return g


def think_stats(t):
    """Median, 90th percentile, max and mean of think times `t` (seconds), with their count."""
    t = sorted(t)
    return dict(moves=len(t), median=statistics.median(t), p90=t[int(0.9 * (len(t) - 1))], max=t[-1],
                mean=sum(t) / len(t))


def summary(games, names, sprt=None):
    s = [g['score'] for g in games]
    out = dict(games=len(games), wins=s.count(1.0), draws=s.count(0.5), losses=s.count(0.0), **score_summary(s),
               flags={nm: sum(1 for g in games if g['flag'] == nm) for nm in names})
    if sprt:
        out['sprt'] = sprt_state(out['wins'], out['losses'], *sprt)
    fams = {}
    for g in games:
        fams.setdefault(g.get('family') or '-', []).append(g['score'])
    if len(fams) > 1:
        out['families'] = {f: dict(games=len(v), wins=v.count(1.0), draws=v.count(0.5), losses=v.count(0.0),
                                   score=sum(v) / len(v)) for f, v in sorted(fams.items())}
    for nm in names:
        t = [x for g in games for x in g['times'][nm]]
        if t:
            out[f'think_{nm}'] = think_stats(t)
        pg = [g['ponder'][nm] for g in games if nm in g.get('ponder', {})]
        if pg:
            hits, misses = sum(p['hits'] for p in pg), sum(p['misses'] for p in pg)
            ht = [x for p in pg for x in p['hit_times']]
            out[f'ponder_{nm}'] = dict(hits=hits, misses=misses, unpredicted=sum(p['unpredicted'] for p in pg),
                                       hit_rate=hits / (hits + misses) if hits + misses else None,
                                       think_after_hit=think_stats(ht) if ht else None)
    return out


def parse_engine(tokens):
    spec = {'opts': {}}
    for tok in tokens:
        k, _, v = tok.partition('=')
        if k.startswith('opt:'):
            spec['opts'][k[4:]] = v
        else:
            spec[k] = v
    for need in ('name', 'cmd'):
        if need not in spec:
            raise SystemExit(f'--engine needs {need}=…')
    if spec.get('ponder', 'off') not in ('on', 'off'):
        raise SystemExit(f"--engine {spec['name']}: ponder=on or ponder=off, not ponder={spec['ponder']}")
    if 'cpu' in spec:
        if not re.fullmatch(r'\d+([,-]\d+)*', spec['cpu']):
            raise SystemExit(f"--engine {spec['name']}: cpu= takes a core number or list for taskset -c "
                             f"(e.g. cpu=1), not {spec['cpu']!r}")
        if not shutil.which('taskset'):
            raise SystemExit('cpu= needs taskset (util-linux), which is not on PATH')
    exe = shlex.split(spec['cmd'])[0] if spec['cmd'].strip() else ''
    if '/' in exe and spec.get('cwd'):
        exe = os.path.join(spec['cwd'], exe)        # Popen looks a relative path up from cwd=
    if not exe or not shutil.which(exe):
        raise SystemExit(f"--engine {spec['name']}: cannot run {spec['cmd']!r} (not found or not executable)")
    return spec


def resume(path, specs, tc, limit, jobs):
    """The games of the match recorded in `path` and the jobs (`(opening, red_first)`) still to play. The record
    must be the same match: the same engines (name and command), time control and limit; anything else is an
    error with the reason, so that two different matches are never summed."""
    with open(path, encoding='utf-8') as f:
        old = json.load(f)
    same = [(e['name'], e['cmd']) for e in old.get('engines', [])] == [(e['name'], e['cmd']) for e in specs]
    if not same or old.get('tc') != tc or (old.get('limit') and tuple(old['limit'])) != limit:
        raise SystemExit(f'--resume: {path} is another match (engines, --tc, --movetime or --nodes differ)')
    played = {}
    for g in old['games']:
        key = (g['opening'], g['red'] == specs[0]['name'])
        played[key] = played.get(key, 0) + 1
    left = []
    for op, red_first in jobs:
        key = (' '.join(op[0]), red_first)
        if played.get(key, 0) > 0:
            played[key] -= 1
        else:
            left.append((op, red_first))
    return old['games'], left


def main():
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument('--engine', nargs='+', action='append', required=True, metavar='KEY=VALUE')
    ap.add_argument('--tc', default='60+1', help='base+increment in seconds (default 60+1)')
    ap.add_argument('--movetime', type=int, help='a fixed time per move in ms instead of the clock')
    ap.add_argument('--nodes', type=int, help='a fixed node count per move instead of the clock')
    ap.add_argument('--sprt', help='ELO0,ELO1: stop when the SPRT (alpha = beta = 0.05) decides')
    ap.add_argument('--first', type=int, default=0, help='use only the first N lines of the opening file')
    ap.add_argument('--openings', required=True)
    ap.add_argument('--rounds', type=int, default=1, help='times through the opening file (each: both colours)')
    ap.add_argument('--referee', required=True, help='a duiyi binary (its `judge` command)')
    ap.add_argument('--concurrency', type=int, default=1)
    ap.add_argument('--maxplies', type=int, default=300)
    ap.add_argument('--json', help='write the games and the summary here')
    ap.add_argument('--resume', action='store_true',
                    help='take up the match in --json: its games count, only the games it lacks are played')
    args = ap.parse_args()
    if args.resume and not args.json:
        raise SystemExit('--resume needs --json (the match to take up)')
    specs = [parse_engine(t) for t in args.engine]
    if len(specs) != 2:
        raise SystemExit('two --engine please')
    if (args.movetime or args.nodes) and any(sp.get('ponder') == 'on' for sp in specs):
        raise SystemExit('ponder=on needs a clock (--tc), not --movetime or --nodes')
    base, _, inc = args.tc.partition('+')
    tc = (float(base) * 1000, float(inc or 0) * 1000)
    limit = ('movetime', args.movetime) if args.movetime else ('nodes', args.nodes) if args.nodes else None
    sprt = tuple(float(x) for x in args.sprt.split(',')) if args.sprt else None
    openings = []
    for line in open(args.openings, encoding='utf-8'):
        line, _, comment = line.partition('#')
        if line.strip():
            openings.append((line.split(), comment.split('|', 1)[0].strip()))
    if args.first:
        openings = openings[:args.first]
    jobs = [(op, red_first) for _ in range(args.rounds) for op in openings for red_first in (True, False)]
    games, lock = [], threading.Lock()
    if args.resume and os.path.exists(args.json):
        games, jobs = resume(args.json, specs, args.tc, limit, jobs)
        print(f'resuming {args.json}: {len(games)} games played, {len(jobs)} to play', flush=True)
    work = queue.Queue()
    for j in jobs:
        work.put(j)

    def worker():
        while True:
            try:
                (op, fam), red_first = work.get_nowait()
            except queue.Empty:
                return
            if stop.is_set():
                return
            g = play(specs, red_first, op, tc, args.referee, args.maxplies, limit)
            g['family'] = fam
            with lock:
                games.append(g)
                s = summary(games, [sp['name'] for sp in specs], sprt)
                if sprt and s['sprt']['decision']:
                    stop.set()
                print(f"[{len(games)}/{len(jobs)}] {g['red']} as Red, {g['opening']}: {g['result']} ({g['reason']}, "
                      f"{g['plies']} plies) | {specs[0]['name']} {s['score']:.3f} "
                      f"[{s['interval'][0]:.3f}, {s['interval'][1]:.3f}]"
                      + (f" LLR {s['sprt']['llr']:.2f}" if sprt else '')
                      + ''.join(f" | {nm} ponder {p['hits']}/{p['hits'] + p['misses']}"
                                for nm, p in ((k[7:], v) for k, v in s.items() if k.startswith('ponder_'))),
                      flush=True)
                if args.json:
                    with open(args.json, 'w') as f:
                        json.dump(dict(tc=args.tc, limit=limit, engines=specs, summary=s, games=games), f, indent=1,
                                  ensure_ascii=False)

    stop = threading.Event()
    threads = [threading.Thread(target=worker) for _ in range(args.concurrency)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    print(json.dumps(summary(games, [sp['name'] for sp in specs], sprt), indent=1, ensure_ascii=False))


if __name__ == '__main__':
    main()
