"""Minimal Fairy-Stockfish (xiangqi) wrapper + board helpers. Moves are in FSF coords (ranks 1-10)."""
import subprocess, re

import os
# Fairy-Stockfish is built outside the repository (tools/tune/README.md); its path comes from $FSF only.
FSF_BIN = os.environ.get('FSF', '')
START_FEN = 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'
MV = re.compile(r'^([a-i])(\d{1,2})([a-i])(\d{1,2})$')


class FSF:
    def __init__(self, hash_mb=16):
        if not FSF_BIN or not os.access(FSF_BIN, os.X_OK):
            raise SystemExit(f"Fairy-Stockfish not found: set FSF=/path/to/stockfish (got {FSF_BIN!r}); "
                             "build it outside the repository, see benches/peers.sh --help")
        self.p = subprocess.Popen([FSF_BIN], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                  stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send('uci'); self.until(lambda l: l == 'uciok')
        for k, v in (('UCI_Variant', 'xiangqi'), ('Threads', '1'), ('Hash', str(hash_mb))):
            self.send(f'setoption name {k} value {v}')
        self.ready()

    def send(self, s):
        self.p.stdin.write(s + '\n'); self.p.stdin.flush()

    def until(self, pred):
        out = []
        while True:
            l = self.p.stdout.readline()
            if not l:
                raise RuntimeError('engine died')
            l = l.rstrip('\r\n')
            out.append(l)
            if pred(l):
                return out

    def ready(self):
        self.send('isready'); self.until(lambda l: l == 'readyok')

    def newgame(self):
        self.send('ucinewgame'); self.ready()

    def position(self, moves, fen=None):
        s = 'position startpos' if fen is None else f'position fen {fen}'
        self.send(s + (' moves ' + ' '.join(moves) if moves else ''))

    def state(self):
        """After position(): -> (fen, in_check, legal_moves)."""
        self.send('d'); self.send('go perft 1')
        lines = self.until(lambda l: l.startswith('Nodes searched'))
        fen, chk, legal = None, False, []
        for l in lines:
            if l.startswith('Fen: '):
                fen = l[5:].strip()
            elif l.startswith('Checkers:'):
                chk = bool(l[9:].strip())
            else:
                m = re.match(r'^([a-i]\d+[a-i]\d+): ', l)
                if m:
                    legal.append(m.group(1))
        return fen, chk, legal

    def go(self, nodes):
        """-> (bestmove, ('cp'|'mate', v) mover's view or None)."""
        self.send(f'go nodes {nodes}')
        sc = None
        for l in self.until(lambda l: l.startswith('bestmove')):
            if l.startswith('info') and ' score ' in l:
                m = re.search(r' score (cp|mate) (-?\d+)', l)
                if m:
                    sc = (m.group(1), int(m.group(2)))
            if l.startswith('bestmove'):
                return l.split()[1], sc

    def quit(self):
        try:
            self.send('quit'); self.p.wait(timeout=3)
        except Exception:
            self.p.kill()


def score_cp(sc):
    """mover-view ('cp'|'mate', v) -> centipawns, mates mapped to +-3000."""
    if sc is None:
        return 0
    if sc[0] == 'mate':
        return 3000 if sc[1] > 0 else -3000
    return max(-3000, min(3000, sc[1]))


def board(fen):
    """-> dict {(file 0-8, rank 1-10): piece char}."""
    b = {}
    rows = fen.split()[0].split('/')
    for i, row in enumerate(rows):
        rank = 10 - i
        f = 0
        for c in row:
            if c.isdigit():
                f += int(c)
            else:
                b[(f, rank)] = c
                f += 1
    return b


def sq(s):
    return (ord(s[0]) - 97, int(s[1:]))


def split_move(m):
    g = MV.match(m)
    return (ord(g[1]) - 97, int(g[2])), (ord(g[3]) - 97, int(g[4]))


def to_iccs(m):
    g = MV.match(m)
    return f'{g[1]}{int(g[2]) - 1}{g[3]}{int(g[4]) - 1}'


def from_iccs(m):
    g = MV.match(m)
    return f'{g[1]}{int(g[2]) + 1}{g[3]}{int(g[4]) + 1}'
