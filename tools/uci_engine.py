"""A UCI engine process for the measuring scripts (`tools/ponder_replay.py`, `tools/threads_bench.py`): start it,
send a line, read until a line with a given prefix (Python 3 standard library only). The match runner
`tools/clock_match.py` has its own, with timeouts and UCCI.
"""
import subprocess


class Uci:
    """One UCI engine: `uci` sent and `uciok` read on start; `options` ({name: value}) set with `setoption`
    and confirmed with `isready`."""

    def __init__(self, cmd, options=None):
        cmd = [cmd] if isinstance(cmd, str) else list(cmd)
        self.p = subprocess.Popen(cmd, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
        self.send('uci')
        self.wait('uciok')
        for name, value in (options or {}).items():
            self.send(f'setoption name {name} value {value}')
        self.ready()

    def send(self, line):
        self.p.stdin.write(line + '\n')
        self.p.stdin.flush()

    def readline(self):
        """The next line of output; RuntimeError when the engine has exited."""
        line = self.p.stdout.readline()
        if not line:
            raise RuntimeError('engine exited')
        return line

    def wait(self, prefix):
        """Reads up to the first line starting with `prefix`; returns it."""
        while True:
            line = self.readline()
            if line.startswith(prefix):
                return line

    def ready(self):
        self.send('isready')
        self.wait('readyok')

    def bestmove(self):
        """Reads up to `bestmove`; returns (move, ponder move or None)."""
        w = self.wait('bestmove').split()
        return w[1], (w[3] if len(w) > 3 and w[2] == 'ponder' else None)

    def quit(self):
        self.send('quit')
        self.p.wait(timeout=10)
